  // formal/spacc1_ref.sv: sam_spaccumulator1 against a reference model (golden
  // spaccumulator1), as an extra_file of its proof. A group is the input between
  // two closing stops (S_n, n >= 1; D closes an empty one); the accumulator gives
  // for group g its coordinates that took a value, in increasing order, each with
  // the sum of its values (N as 0, wrapping at ValWidth), then S_(n-1) (or D).
  // For a free group g (group_pick_i, sampled in the reset cycle, below 15) the
  // harness keeps which of the Dim coordinates group g holds and their sums, so it
  // knows group g's whole output: on each output, the k-th token of group g (its
  // groups counted by their closing tokens) must be the k-th coordinate held (its
  // sum on val), and the token after the last the group's closing token. The
  // input's crd and val move apart (`aligned`, within 4): formal/stream_pair.sv
  // pairs the n-th token of each, so each value goes to its coordinate.
  localparam int unsigned SaDim = Dim;
  logic [3:0] sa_g_q;
  always_ff @(posedge clk_i) if (!rst_ni) sa_g_q <= group_pick_i;

  // The pair completed in this cycle, if any (formal/stream_pair.sv).
  logic              sa_pair;
  logic [CrdWidth:0] sa_pc;
  logic [ValWidth:0] sa_pv;
  formal_stream_pair #(.WidthA(CrdWidth), .WidthB(ValWidth)) sa_pairs (.clk_i(clk_i),
    .rst_ni(rst_ni), .a_fire_i(crd_valid_i && crd_ready_o), .a_tok_i(crd_tok_i),
    .b_fire_i(val_valid_i && val_ready_o), .b_tok_i(val_tok_i), .pair_o(sa_pair),
    .a_o(sa_pc), .b_o(sa_pv));

  // Group g as the reference sees it: the coordinates held, their sums, its
  // closing token once paired.
  sam_pkg::tok_kind_e    sa_kind;
  logic [3:0]            sa_in_g_q;
  logic [SaDim-1:0]      sa_held_q;
  logic [ValWidth-1:0]   sa_sum_q[SaDim];
  logic                  sa_closed_q;
  logic [CrdWidth:0]     sa_close_crd_q;
  logic [ValWidth:0]     sa_close_val_q;
  logic [ValWidth-1:0]   sa_v;
  logic [63:0]           sa_pay;
  assign sa_pay  = 64'(sa_pc[CrdWidth-1:0]);
  assign sa_kind = sam_pkg::tok_kind(sa_pc[CrdWidth], sa_pay, CrdWidth);
  assign sa_v    = sam_pkg::tok_kind(sa_pv[ValWidth], 64'(sa_pv[ValWidth-1:0]),
                                     ValWidth) == sam_pkg::TokData
                   ? sa_pv[ValWidth-1:0] : '0;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      sa_in_g_q      <= '0;
      sa_held_q      <= '0;
      sa_closed_q    <= 1'b0;
      sa_close_crd_q <= '0;
      sa_close_val_q <= '0;
      for (int j = 0; j < SaDim; j++) sa_sum_q[j] <= '0;
    end else if (sa_pair) begin
      if (sa_kind == sam_pkg::TokData && sa_in_g_q == sa_g_q) begin
        for (int j = 0; j < SaDim; j++) begin
          if (sa_pay == 64'(j)) begin
            sa_held_q[j] <= 1'b1;
            sa_sum_q[j]  <= sa_sum_q[j] + sa_v;
          end
        end
      end
      if ((sa_kind == sam_pkg::TokStop && sa_pay != '0) || sa_kind == sam_pkg::TokDone) begin
        if (sa_in_g_q != '1) sa_in_g_q <= sa_in_g_q + 4'd1;
        if (sa_in_g_q == sa_g_q) begin
          sa_closed_q    <= 1'b1;
          sa_close_crd_q <= sa_kind == sam_pkg::TokDone ? '1
                            : {1'b1, CrdWidth'(sa_pay - 64'd1)};
          sa_close_val_q <= sa_kind == sam_pkg::TokDone ? '1
                            : {1'b1, ValWidth'(sa_pay - 64'd1)};
        end
      end
    end
  end

  // The k-th coordinate held (k from 0), and how many are held.
  function automatic logic [CrdWidth-1:0] sa_kth(logic [SaDim-1:0] held, int unsigned k);
    int unsigned n;
    n = 0;
    sa_kth = '0;
    for (int j = 0; j < SaDim; j++) begin
      if (held[j]) begin
        if (n == k) sa_kth = CrdWidth'(j);
        n++;
      end
    end
  endfunction
  logic [3:0] sa_count;
  always_comb begin
    sa_count = '0;
    for (int j = 0; j < SaDim; j++) sa_count += 4'(sa_held_q[j]);
  end

  // Each output (0 crd, 1 val): groups closed there and the place k in the open one.
  logic [1:0] sa_out_valid, sa_out_fire, sa_out_close, sa_match;
  logic [3:0] sa_out_g_q[2], sa_k_q[2];
  logic [CrdWidth-1:0] sa_crd_k;
  assign sa_out_valid = {val_valid_o, crd_valid_o};
  assign sa_out_fire  = {val_valid_o && val_ready_i, crd_valid_o && crd_ready_i};
  assign sa_out_close = {val_tok_o[ValWidth], crd_tok_o[CrdWidth]};
  assign sa_crd_k     = sa_kth(sa_held_q, 32'(sa_k_q[0]));
  always_comb begin
    logic [CrdWidth-1:0] jv;
    logic [ValWidth-1:0] sv;
    jv = sa_kth(sa_held_q, 32'(sa_k_q[1]));
    sv = '0;
    for (int j = 0; j < SaDim; j++) if (64'(jv) == 64'(j)) sv = sa_sum_q[j];
    sa_match[0] = sa_k_q[0] < sa_count ? crd_tok_o == {1'b0, sa_crd_k}
                                       : crd_tok_o == sa_close_crd_q;
    sa_match[1] = sa_k_q[1] < sa_count ? val_tok_o == {1'b0, sv}
                                       : val_tok_o == sa_close_val_q;
  end
  for (genvar o = 0; o < 2; o++) begin : gen_sa_out
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        sa_out_g_q[o] <= '0;
        sa_k_q[o]     <= '0;
      end else if (sa_out_fire[o]) begin
        if (sa_out_close[o]) begin
          if (sa_out_g_q[o] != '1) sa_out_g_q[o] <= sa_out_g_q[o] + 4'd1;
          sa_k_q[o] <= '0;
        end else if (sa_k_q[o] != '1) begin
          sa_k_q[o] <= sa_k_q[o] + 4'd1;
        end
      end
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        assume (sa_g_q != '1);
        if (sa_out_valid[o] && sa_out_g_q[o] == sa_g_q) begin
          GroupClosedFirst_Ref: assert (sa_closed_q);
          GroupMatches_Ref: assert (sa_match[o]);
        end
      end
    end
  end
