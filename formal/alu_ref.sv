  // Scoreboard (formal/token_map.sv): the n-th token out is the golden ALU's
  // result for the n-th pair in: a op b for values (N reads as 0), else a's stop or D.
  function automatic logic [ValWidth:0] f_alu(logic [ValWidth:0] a, logic [ValWidth:0] b);
    logic [ValWidth-1:0] va, vb;
    va = sam_pkg::tok_kind(a[ValWidth], 64'(a[ValWidth-1:0]), ValWidth) == sam_pkg::TokEmpty
         ? '0 : a[ValWidth-1:0];
    vb = sam_pkg::tok_kind(b[ValWidth], 64'(b[ValWidth-1:0]), ValWidth) == sam_pkg::TokEmpty
         ? '0 : b[ValWidth-1:0];
    if (!a[ValWidth] || sam_pkg::tok_kind(a[ValWidth], 64'(a[ValWidth-1:0]), ValWidth) == sam_pkg::TokEmpty)
      return {1'b0, Op == sam_pkg::AluMul ? ValWidth'(va * vb) : ValWidth'(va + vb)};
    return a;
  endfunction
  formal_token_map #(.Width(ValWidth)) alu_ref (.clk_i(clk_i), .rst_ni(rst_ni), .n_i(idx_i),
    .in_fire_i(a_valid_i && a_ready_o), .exp_i(f_alu(a_tok_i, b_tok_i)),
    .out_valid_i(out_valid_o), .out_ready_i(out_ready_i), .out_tok_i(out_tok_o));
