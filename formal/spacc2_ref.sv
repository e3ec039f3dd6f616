  // formal/spacc2_ref.sv: sam_spaccumulator of order 2 against a reference model
  // (golden spaccumulator2), as an extra_file of its proof; it reads the port
  // streams only. A group is the input up to a closing stop: S_m (m >= 1) on
  // crd_outer, S_(m+1) on crd_inner / val (D closes an empty one). For a free group
  // g (group_pick_i, sampled in the reset cycle, below 15) the harness knows group
  // g's whole output: crd_outer gives the sorted i that took a j, then S_(m-1);
  // crd_inner / val per such i its sorted j (val: the sums, N as 0, wrapping at
  // ValWidth), each fiber ended by S0 but the last, ended by S_m; an empty group a
  // bare S_(m-1) / S_m; D gives D on all three. Each output's tokens of group g
  // (its groups counted by their closing tokens) are checked one by one, and come
  // only once group g has closed on both input sides (S2*ClosedFirst_Ref).
  //   Units (as in formal/nest_outer_inner.sv): each outer coordinate owns one
  // inner fiber. Inner unit u of a group (from 0) is its data before the group's
  // (u+1)-th inner stop (crd_inner / val paired by formal/stream_pair.sv); the
  // outer coordinate that opens unit u comes after u outer units (a coordinate
  // after a coordinate, a stop). Either stream may be ahead, so per unit u < 8 of
  // group g the reference keeps the j held (from the inner pairs) and the unit's
  // row i (from crd_outer); held[i][j] is the OR over the units whose row is i.
  // Sums are kept for one free column only (crd_pick_i, sampled in the reset
  // cycle, below DimInner): per unit, the sum of its values at that j; sum[i][j]
  // adds the units whose row is i. A val token of another column is checked to be
  // data. Inner data of group g in a unit past 7 turns the check of group g off
  // (s2_lost_q; never an assumption). Counters stop at 15.
  localparam int unsigned S2Units = 8, S2Ni = DimOuter, S2Nj = DimInner;
  localparam int unsigned S2IBits = $clog2(S2Ni);  // a row; S2IBits + 1 bits: a row or S2Ni
  logic [3:0]          s2_g_q;
  logic [CrdWidth-1:0] s2_j_q;
  always_ff @(posedge clk_i) if (!rst_ni) s2_g_q <= group_pick_i;
  always_ff @(posedge clk_i) if (!rst_ni) s2_j_q <= crd_pick_i;

  // ---- inner side: the pair completed in this cycle, if any.
  logic              s2_pair;
  logic [CrdWidth:0] s2_pc;
  logic [ValWidth:0] s2_pv;
  formal_stream_pair #(.WidthA(CrdWidth), .WidthB(ValWidth)) s2_pairs (.clk_i(clk_i),
    .rst_ni(rst_ni), .a_fire_i(crd_inner_valid_i && crd_inner_ready_o),
    .a_tok_i(crd_inner_tok_i), .b_fire_i(val_valid_i && val_ready_o), .b_tok_i(val_tok_i),
    .pair_o(s2_pair), .a_o(s2_pc), .b_o(s2_pv));

  sam_pkg::tok_kind_e  s2_ik;
  logic [63:0]         s2_ipay;
  logic [ValWidth-1:0] s2_v;
  logic                s2_iclose;  // S_n with n >= 2, or D: closes the group
  assign s2_ipay   = 64'(s2_pc[CrdWidth-1:0]);
  assign s2_ik     = sam_pkg::tok_kind(s2_pc[CrdWidth], s2_ipay, CrdWidth);
  assign s2_v      = sam_pkg::tok_kind(s2_pv[ValWidth], 64'(s2_pv[ValWidth-1:0]),
                                       ValWidth) == sam_pkg::TokData
                     ? s2_pv[ValWidth-1:0] : '0;
  assign s2_iclose = s2_ik == sam_pkg::TokDone || (s2_ik == sam_pkg::TokStop && s2_ipay >= 64'd2);

  logic [3:0]                                   s2_ig_q, s2_iu_q;  // group, unit in it
  logic                                         s2_iclosed_q, s2_lost_q;
  logic [CrdWidth:0]                            s2_iclose_crd_q;  // crd_inner's S_m (or D)
  logic [ValWidth:0]                            s2_iclose_val_q;
  logic [S2Units-1:0][S2Nj-1:0]                 s2_uheld_q;
  logic [S2Units-1:0][ValWidth-1:0]             s2_usum_q;  // j = s2_j_q
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      s2_ig_q         <= '0;
      s2_iu_q         <= '0;
      s2_iclosed_q    <= 1'b0;
      s2_lost_q       <= 1'b0;
      s2_iclose_crd_q <= '0;
      s2_iclose_val_q <= '0;
      s2_uheld_q      <= '0;
      s2_usum_q       <= '0;
    end else if (s2_pair) begin
      if (s2_ik == sam_pkg::TokData && s2_ig_q == s2_g_q) begin
        if (s2_iu_q >= 4'(S2Units)) s2_lost_q <= 1'b1;
        for (int u = 0; u < S2Units; u++) begin
          for (int j = 0; j < S2Nj; j++) begin
            if (s2_iu_q == 4'(u) && s2_ipay == 64'(j)) s2_uheld_q[u][j] <= 1'b1;
          end
          if (s2_iu_q == 4'(u) && s2_ipay == 64'(s2_j_q)) begin
            s2_usum_q[u] <= s2_usum_q[u] + s2_v;
          end
        end
      end
      if (s2_iclose) begin
        if (s2_ig_q != '1) s2_ig_q <= s2_ig_q + 4'd1;
        s2_iu_q <= '0;
        if (s2_ig_q == s2_g_q) begin
          s2_iclosed_q    <= 1'b1;
          s2_iclose_crd_q <= s2_ik == sam_pkg::TokDone ? '1
                             : {1'b1, CrdWidth'(s2_ipay - 64'd1)};
          s2_iclose_val_q <= s2_ik == sam_pkg::TokDone ? '1
                             : {1'b1, ValWidth'(s2_ipay - 64'd1)};
        end
      end else if (s2_ik == sam_pkg::TokStop && s2_iu_q != '1) begin
        s2_iu_q <= s2_iu_q + 4'd1;
      end
    end
  end

  // ---- outer side: the row of each unit of group g.
  sam_pkg::tok_kind_e s2_ok;
  logic [63:0]        s2_opay;
  logic               s2_omove, s2_oc;
  logic [4:0]         s2_cidx;  // the unit the outer coordinate opens
  assign s2_opay  = 64'(crd_outer_tok_i[CrdWidth-1:0]);
  assign s2_ok    = sam_pkg::tok_kind(crd_outer_tok_i[CrdWidth], s2_opay, CrdWidth);
  assign s2_omove = crd_outer_valid_i && crd_outer_ready_o;
  assign s2_oc    = s2_ok == sam_pkg::TokData || s2_ok == sam_pkg::TokEmpty;
  logic [3:0]                         s2_og_q, s2_ou_q;  // group, units done in it
  logic                               s2_pend_q;         // the last move was a coordinate
  logic                               s2_oclosed_q;
  logic [CrdWidth:0]                  s2_oclose_q;       // crd_outer's S_(m-1) (or D)
  logic [S2Units-1:0]                 s2_rowv_q;
  logic [S2Units-1:0][CrdWidth-1:0]   s2_row_q;
  assign s2_cidx = 5'(s2_ou_q) + 5'(s2_pend_q);
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      s2_og_q      <= '0;
      s2_ou_q      <= '0;
      s2_pend_q    <= 1'b0;
      s2_oclosed_q <= 1'b0;
      s2_oclose_q  <= '0;
      s2_rowv_q    <= '0;
      s2_row_q     <= '0;
    end else if (s2_omove) begin
      s2_pend_q <= s2_oc;
      if (s2_oc) begin
        if (s2_pend_q && s2_ou_q != '1) s2_ou_q <= s2_ou_q + 4'd1;
        if (s2_og_q == s2_g_q) begin
          for (int u = 0; u < S2Units; u++) begin
            if (s2_cidx == 5'(u)) begin
              s2_rowv_q[u] <= 1'b1;
              s2_row_q[u]  <= crd_outer_tok_i[CrdWidth-1:0];
            end
          end
        end
      end else if (s2_ok == sam_pkg::TokDone || s2_opay >= 64'd1) begin
        if (s2_og_q != '1) s2_og_q <= s2_og_q + 4'd1;
        s2_ou_q <= '0;
        if (s2_og_q == s2_g_q) begin
          s2_oclosed_q <= 1'b1;
          s2_oclose_q  <= s2_ok == sam_pkg::TokDone ? '1
                          : {1'b1, CrdWidth'(s2_opay - 64'd1)};
        end
      end else if (s2_ou_q != '1) begin
        s2_ou_q <= s2_ou_q + 4'd1;
      end
    end
  end

  // ---- group g's matrix: held[i][j], and the rows that hold a j.
  logic [S2Ni-1:0][S2Nj-1:0] s2_held;
  logic [S2Ni-1:0]           s2_rne;
  always_comb begin
    for (int i = 0; i < S2Ni; i++) begin
      for (int j = 0; j < S2Nj; j++) begin
        s2_held[i][j] = 1'b0;
        for (int u = 0; u < S2Units; u++) begin
          if (s2_rowv_q[u] && 64'(s2_row_q[u]) == 64'(i) && s2_uheld_q[u][j])
            s2_held[i][j] = 1'b1;
        end
      end
      s2_rne[i] = |s2_held[i];
    end
  end

  // The k-th set bit of a row of bits (k from 0), and how many are set (the bits
  // zero-extended: a row of held j, or the rows that hold a j).
  function automatic logic [CrdWidth-1:0] s2_kth(logic [15:0] bits, logic [3:0] k);
    logic [3:0] n;
    n = '0;
    s2_kth = '0;
    for (int x = 0; x < 16; x++) begin
      if (bits[x]) begin
        if (n == k) s2_kth = CrdWidth'(x);
        n++;
      end
    end
  endfunction
  function automatic logic [3:0] s2_count(logic [15:0] bits);
    s2_count = '0;
    for (int x = 0; x < 16; x++) s2_count += 4'(bits[x]);
  endfunction

  logic s2_closed;
  assign s2_closed = s2_iclosed_q && s2_oclosed_q;

  // ---- crd_outer out: the k-th token of group g is the k-th row held, then the close.
  logic [3:0] s2_oo_g_q, s2_oo_k_q;
  logic       s2_oo_match;
  assign s2_oo_match = s2_oo_k_q < s2_count(16'(s2_rne))
                       ? crd_outer_tok_o == {1'b0, s2_kth(16'(s2_rne), s2_oo_k_q)}
                       : crd_outer_tok_o == s2_oclose_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      s2_oo_g_q <= '0;
      s2_oo_k_q <= '0;
    end else if (crd_outer_valid_o && crd_outer_ready_i) begin
      if (crd_outer_tok_o[CrdWidth]) begin
        if (s2_oo_g_q != '1) s2_oo_g_q <= s2_oo_g_q + 4'd1;
        s2_oo_k_q <= '0;
      end else if (s2_oo_k_q != '1) begin
        s2_oo_k_q <= s2_oo_k_q + 4'd1;
      end
    end
  end

  // ---- crd_inner (0) and val (1) out: a row at a time. lo: the rows below it are
  // out; the current row is the first row held from lo; k: the place in it.
  logic [1:0] s2_out_valid, s2_out_fire, s2_out_stop, s2_out_close, s2_match;
  logic [3:0] s2_out_g_q[2], s2_k_q[2];
  logic [S2IBits:0] s2_lo_q[2], s2_cur[2];
  logic [1:0] s2_has, s2_more;
  assign s2_out_valid = {val_valid_o, crd_inner_valid_o};
  assign s2_out_fire  = {val_valid_o && val_ready_i, crd_inner_valid_o && crd_inner_ready_i};
  assign s2_out_stop  = {val_tok_o[ValWidth], crd_inner_tok_o[CrdWidth]};
  assign s2_out_close = {val_tok_o[ValWidth] && val_tok_o[ValWidth-1:0] != '0,
                         crd_inner_tok_o[CrdWidth] && crd_inner_tok_o[CrdWidth-1:0] != '0};
  always_comb begin
    for (int o = 0; o < 2; o++) begin
      s2_has[o]  = 1'b0;
      s2_more[o] = 1'b0;
      s2_cur[o]  = '0;
      for (int i = S2Ni - 1; i >= 0; i--) begin
        if (s2_rne[i] && 32'(s2_lo_q[o]) <= i) begin
          if (s2_has[o]) s2_more[o] = 1'b1;
          s2_has[o] = 1'b1;
          s2_cur[o] = (S2IBits + 1)'(i);
        end
      end
    end
  end
  always_comb begin
    logic [S2Nj-1:0]     row0, row1;
    logic [CrdWidth-1:0] j0, j1;
    logic [ValWidth-1:0] sv;
    row0 = s2_held[s2_cur[0][S2IBits-1:0]];
    row1 = s2_held[s2_cur[1][S2IBits-1:0]];
    j0   = s2_kth(16'(row0), s2_k_q[0]);
    j1   = s2_kth(16'(row1), s2_k_q[1]);
    sv   = '0;
    for (int u = 0; u < S2Units; u++) begin
      if (s2_rowv_q[u] && s2_row_q[u] == CrdWidth'(s2_cur[1])) sv = sv + s2_usum_q[u];
    end
    s2_match[0] = s2_has[0] && s2_k_q[0] < s2_count(16'(row0)) ? crd_inner_tok_o == {1'b0, j0}
                : s2_has[0] && s2_more[0]                ? crd_inner_tok_o == {1'b1, CrdWidth'(0)}
                :                                          crd_inner_tok_o == s2_iclose_crd_q;
    s2_match[1] = s2_has[1] && s2_k_q[1] < s2_count(16'(row1)) ? val_tok_o == {1'b0, j1 == s2_j_q ? sv
                                                                                : val_tok_o[ValWidth-1:0]}
                : s2_has[1] && s2_more[1]                ? val_tok_o == {1'b1, ValWidth'(0)}
                :                                          val_tok_o == s2_iclose_val_q;
  end
  for (genvar o = 0; o < 2; o++) begin : gen_s2_out
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        s2_out_g_q[o] <= '0;
        s2_k_q[o]     <= '0;
        s2_lo_q[o]    <= '0;
      end else if (s2_out_fire[o]) begin
        if (s2_out_close[o]) begin
          if (s2_out_g_q[o] != '1) s2_out_g_q[o] <= s2_out_g_q[o] + 4'd1;
          s2_k_q[o]  <= '0;
          s2_lo_q[o] <= '0;
        end else if (s2_out_stop[o]) begin
          s2_k_q[o]  <= '0;
          s2_lo_q[o] <= s2_cur[o] + 1'b1;
        end else if (s2_k_q[o] != '1) begin
          s2_k_q[o] <= s2_k_q[o] + 4'd1;
        end
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assume (s2_g_q != '1);
      assume (64'(s2_j_q) < 64'(S2Nj));
      if (crd_outer_valid_o && s2_oo_g_q == s2_g_q) begin
        S2OuterClosedFirst_Ref: assert (s2_closed);
        if (!s2_lost_q) S2OuterMatches_Ref: assert (s2_oo_match);
      end
      if (crd_inner_valid_o && s2_out_g_q[0] == s2_g_q) begin
        S2InnerClosedFirst_Ref: assert (s2_closed);
        if (!s2_lost_q) S2InnerMatches_Ref: assert (s2_match[0]);
      end
      if (val_valid_o && s2_out_g_q[1] == s2_g_q) begin
        S2ValClosedFirst_Ref: assert (s2_closed);
        if (!s2_lost_q) S2ValMatches_Ref: assert (s2_match[1]);
      end
    end
  end
  // The scoreboard compares a sum: not vacuous.
  always_ff @(posedge clk_i)
    if (rst_ni) S2SumChecked_C: cover (val_valid_o && !val_tok_o[ValWidth]
                                       && s2_out_g_q[1] == s2_g_q && !s2_lost_q);
