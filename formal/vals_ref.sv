  // Scoreboard (formal/token_map.sv): the n-th value out is the array's word at
  // the n-th reference (0 for N; stops and D re-encoded at the value width), over
  // the modelled array (formal/vals_array.sv or formal/vals_any.sv).
  logic [ValWidth:0] f_exp;
  always_comb begin
    unique case (sam_pkg::tok_kind(ref_tok_i[RefWidth], 64'(ref_tok_i[RefWidth-1:0]), RefWidth))
      sam_pkg::TokData:  f_exp = {1'b0, f_word(AddrWidth'(ref_tok_i[RefWidth-1:0]))};
      sam_pkg::TokEmpty: f_exp = '0;
      sam_pkg::TokDone:  f_exp = {1'b1, {ValWidth{1'b1}}};
      default:           f_exp = {1'b1, ValWidth'(ref_tok_i[RefWidth-1:0])};
    endcase
  end
  formal_token_map #(.Width(ValWidth)) load_ref (.clk_i(clk_i), .rst_ni(rst_ni), .n_i(idx_i),
    .in_fire_i(ref_valid_i && ref_ready_o), .exp_i(f_exp),
    .out_valid_i(val_valid_o), .out_ready_i(val_ready_i), .out_tok_i(val_tok_o));
