  // formal/joiner3_union_ref_inv.sv (after formal/join_ref_inv.sv): invariants
  // of joiner3_union_ref, asserted (proven, never assumed), that make the harness
  // k-inductive (depth 4). sam_joiner3 union: half 1 (ways 0, 1) -> pack -> b01
  // (two sam_fifos of 2, moving together) -> half 2 way 0; top way 2 -> half 2
  // way 1; half 2 -> unpack. CrdWidth = RefWidth = 2; PackedWidth 6 (packed
  // tokens 7 bits).
  //
  // The mid stream (c01 with its packed pair) has no monitor; the ghost
  // registers g_* below are its monitor where it enters half 2 (in2[0] fire).
  // Its state where it leaves half 1 (pack fire) is g_* pushed through b01's
  // slots. Half 1's invariants are union_ref_inv.sv's with that as its output
  // monitor; half 2's are union_ref_inv.sv's with g_* as way 0's input monitor;
  // a liveness rank over the whole pipe closes the file.
  localparam int unsigned PW = 2 * RefWidth + 2;
  function automatic sam_pkg::tok_kind_e jv3_kind(logic [2:0] t);
    return sam_pkg::tok_kind(t[2], 64'(t[1:0]), 2);
  endfunction
  function automatic logic [2:0] jv3_shape(logic [2:0] t);  // 0 data/N, l+1 S_l, 7 D
    if (jv3_kind(t) == sam_pkg::TokData || jv3_kind(t) == sam_pkg::TokEmpty) return '0;
    if (jv3_kind(t) == sam_pkg::TokDone) return '1;
    return 3'(t[1:0]) + 3'd1;
  endfunction
  function automatic logic [PW:0] jv3_pack(logic [2:0] a, logic [2:0] b);
    if (a[2] && b[2]) return {1'b1, {4{a[1]}}, a[1:0]};
    return {1'b0, a, b};
  endfunction
  function automatic logic [2:0] jv3_ua(logic [PW:0] t);
    return t[PW] ? {1'b1, t[1:0]} : t[PW-1:3];
  endfunction
  function automatic logic [2:0] jv3_ub(logic [PW:0] t);
    return t[PW] ? {1'b1, t[1:0]} : t[2:0];
  endfunction
  // A packed data token: each half a reference or N (both N packs to control N).
  function automatic logic jv3_dn(logic [2:0] t);
    return jv3_kind(t) == sam_pkg::TokData || jv3_kind(t) == sam_pkg::TokEmpty;
  endfunction
  function automatic logic jv3_pok(logic [PW:0] t);
    return t[PW] || (jv3_dn(jv3_ua(t)) && jv3_dn(jv3_ub(t)));
  endfunction
  // A packed token's shape: a control one must be packed as sam_joiner3_pack
  // packs it (else 5, no token's shape).
  function automatic logic [2:0] jv3_pshape(logic [PW:0] t);
    if (!t[PW]) return '0;
    if (t != jv3_pack(jv3_ua(t), jv3_ua(t))) return 3'd5;
    return jv3_shape(jv3_ua(t));
  endfunction
  function automatic logic [4:0] jv3_sat(logic [4:0] v);
    return v > 5'd15 ? 5'd15 : v;
  endfunction
  localparam logic [2:0] Jv3N = 3'b110;

  // ---- The mid stream where it enters half 2 (ghost monitor).
  logic              g_fire;
  logic [2:0]        g_tok;
  logic [PW:0]       g_ref;
  assign g_fire = dut.gen_halves.in2_valid[0] && dut.gen_halves.in2_ready[0];
  assign g_tok  = dut.gen_halves.in2_crd[0];
  assign g_ref  = dut.gen_halves.in2_ref[0];
  logic       g_md, g_mad, g_mat, g_mfd, g_has;
  logic [1:0] g_mlast;
  logic [3:0] g_fib;
  logic [PW:0] g_want;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      g_md <= 1'b0; g_mad <= 1'b0; g_mat <= 1'b0; g_mfd <= 1'b0; g_mlast <= '0;
      g_fib <= '0; g_has <= 1'b0; g_want <= '0;
    end else if (g_fire) begin
      g_md  <= g_md || jv3_kind(g_tok) == sam_pkg::TokDone;
      g_mad <= jv3_kind(g_tok) == sam_pkg::TokData;
      g_mat <= jv3_kind(g_tok) == sam_pkg::TokStop && g_tok[1:0] == 2'd1;
      if (jv3_kind(g_tok) == sam_pkg::TokData) begin
        g_mfd <= 1'b1; g_mlast <= g_tok[1:0];
      end else if (jv3_kind(g_tok) == sam_pkg::TokStop) g_mfd <= 1'b0;
      if (jv3_kind(g_tok) == sam_pkg::TokStop && g_fib != 4'd15) g_fib <= g_fib + 4'd1;
      if (jv3_kind(g_tok) == sam_pkg::TokData && g_fib == join_ref.fiber_q
          && g_tok[1:0] == join_ref.crd_q) begin
        g_has <= 1'b1; g_want <= g_ref;
      end
    end
  end
  // The pair wanted beside c in fiber f on the mid stream, and way 2's, packed.
  logic [2:0]  jv3_w[3];
  for (genvar k = 0; k < 3; k++) begin : gen_jv3_w
    assign jv3_w[k] = join_ref.has_q[k] ? join_ref.ref_want_q[k] : Jv3N;
    // A reference taken with a coordinate is one, or N.
    always_ff @(posedge clk_i) begin
      if (rst_ni && join_ref.has_q[k])
        JvW_DN: assert (jv3_kind(join_ref.ref_want_q[k]) == sam_pkg::TokData
                        || jv3_kind(join_ref.ref_want_q[k]) == sam_pkg::TokEmpty);
    end
  end
  logic [PW:0] jv3_want01, jv3_want2;
  assign jv3_want01 = jv3_pack(jv3_w[0], jv3_w[1]);
  assign jv3_want2  = jv3_pack(jv3_w[2], jv3_w[2]);

  // ---- b01: two entries, crd and packed pair together.
  logic [1:0]  b_cnt;
  logic        b_rd;
  logic [2:0]  b_cs[2];
  logic [PW:0] b_rs[2];
  assign b_cnt = dut.gen_halves.crd01_buffer.gen_buffer.count_q;
  assign b_rd  = dut.gen_halves.crd01_buffer.gen_buffer.rd_ptr_q;
  for (genvar i = 0; i < 2; i++) begin : gen_b_slot
    assign b_cs[i] = dut.gen_halves.crd01_buffer.gen_buffer.mem_q[b_rd ^ 1'(i)];
    assign b_rs[i] = dut.gen_halves.ref01_buffer.gen_buffer.mem_q[b_rd ^ 1'(i)];
  end
  // The mid stream's monitor where it leaves half 1: g_* pushed through b01.
  logic       m_d[3], m_ad[3], m_at[3], m_fd[3], m_has[3];
  logic [1:0] m_last[3];
  logic [4:0] m_fib[3];
  assign m_d[0] = g_md; assign m_ad[0] = g_mad; assign m_at[0] = g_mat; assign m_fd[0] = g_mfd;
  assign m_last[0] = g_mlast; assign m_fib[0] = 5'(g_fib); assign m_has[0] = g_has;
  for (genvar q = 0; q < 2; q++) begin : gen_m
    logic v;
    logic [2:0] t;
    assign v = 2'(q) < b_cnt;
    assign t = b_cs[q];
    assign m_d[q + 1]    = v ? m_d[q] || jv3_kind(t) == sam_pkg::TokDone : m_d[q];
    assign m_ad[q + 1]   = v ? jv3_kind(t) == sam_pkg::TokData : m_ad[q];
    assign m_at[q + 1]   = v ? jv3_kind(t) == sam_pkg::TokStop && t[1:0] == 2'd1 : m_at[q];
    assign m_fd[q + 1]   = v ? (jv3_kind(t) == sam_pkg::TokData ? 1'b1
                               : jv3_kind(t) == sam_pkg::TokStop ? 1'b0 : m_fd[q]) : m_fd[q];
    assign m_last[q + 1] = v && jv3_kind(t) == sam_pkg::TokData ? t[1:0] : m_last[q];
    assign m_fib[q + 1]  = m_fib[q] + 5'(v && jv3_kind(t) == sam_pkg::TokStop);
    assign m_has[q + 1]  = m_has[q] || (v && jv3_kind(t) == sam_pkg::TokData
                                        && t[1:0] == join_ref.crd_q && m_fib[q] == 5'(join_ref.fiber_q));
    always_ff @(posedge clk_i) begin
      if (rst_ni && v) begin
        JvB_Gram: assert (!m_d[q] && jv3_kind(t) != sam_pkg::TokEmpty
                          && (jv3_kind(t) != sam_pkg::TokStop || t[1:0] < 2'd2)
                          && (jv3_kind(t) != sam_pkg::TokDone || (m_at[q] && !m_ad[q]))
                          && (jv3_kind(t) != sam_pkg::TokData || !m_fd[q] || t[1:0] > m_last[q]));
        if (jv3_kind(t) == sam_pkg::TokStop && m_fib[q] == 5'(join_ref.fiber_q))
          JvB_FStop: assert (join_ref.closed_q[0] && t == join_ref.stop0_q);
        JvB_Shape: assert (jv3_shape(t) == jv3_pshape(b_rs[q]));
        if (jv3_kind(t) == sam_pkg::TokData) JvB_Data: assert (jv3_pok(b_rs[q]));
        if (jv3_kind(t) == sam_pkg::TokData && t[1:0] == join_ref.crd_q && m_fib[q] == 5'(join_ref.fiber_q))
          JvB_Ref: assert (b_rs[q] == jv3_want01);
        if (jv3_kind(t) != sam_pkg::TokData)
          JvB_Ctl: assert (b_rs[q] == jv3_pack({1'b1, t[1:0]}, {1'b1, t[1:0]}));
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      JvB_Cnt: assert (dut.gen_halves.ref01_buffer.gen_buffer.count_q == b_cnt
                       && dut.gen_halves.ref01_buffer.gen_buffer.rd_ptr_q == b_rd
                       && dut.gen_halves.ref01_buffer.gen_buffer.wr_ptr_q
                          == dut.gen_halves.crd01_buffer.gen_buffer.wr_ptr_q);
      JvG_Mon: assert (g_mfd == g_mad && !(g_mat && g_mad) && (!g_md || (!g_mat && !g_mad)));
      if (g_has) JvG_Want: assert (g_want == jv3_want01);
      JvG_Fib: assert (g_fib <= join_ref.fib_q[0]);
      if (dut.gen_halves.crd01_buffer.in_check.stalled_q)
        JvB_StallC: assert (dut.gen_halves.j01_valid
                            && dut.gen_halves.crd01_buffer.in_check.stalled_tok_q == dut.gen_halves.j01_crd);
      if (dut.gen_halves.ref01_buffer.in_check.stalled_q)
        JvB_StallR: assert (dut.gen_halves.j01_valid
                            && dut.gen_halves.ref01_buffer.in_check.stalled_tok_q == dut.gen_halves.j01_tok);
    end
  end

  // ---- Half 1: its output queue (buffer then output register), the three
  // outputs pushed together by the pack (same counts).
  logic       h1_reg;
  logic [1:0] h1_cc;
  logic [2:0] h1_cn;
  assign h1_reg = dut.gen_halves.gen_union.first.emit_q;
  assign h1_cc  = dut.gen_halves.gen_union.first.ways.crd_buffer.gen_buffer.count_q;
  assign h1_cn  = 3'(h1_cc) + 3'(h1_reg);
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      JvH1_Cnt: assert (dut.gen_halves.gen_union.first.ways.gen_way[0].ref_buffer.gen_buffer.count_q == h1_cc
                        && dut.gen_halves.gen_union.first.ways.gen_way[1].ref_buffer.gen_buffer.count_q == h1_cc);
      // The mid stream's fibers where it leaves half 1, against ways 0 and 1.
      JvH1_FibLe: assert (jv3_sat(m_fib[2]) <= 5'(join_ref.fib_q[0]));
    end
  end

  // ---- Unpack: a sent bit only while the pair waits.
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      JvU_Sent: assert (dut.gen_halves.unpack.sent_q != 2'b11
                        && (dut.gen_halves.unpack.sent_q == '0 || dut.gen_halves.out2_valid[0]));
    end
  end

  // ==== Half 1 (union_ref_inv.sv's invariants, ways 0 and 1; its output
  // monitor is the mid stream where it leaves half 1: m_*[2]).
  function automatic logic jv3_isdata(logic [2:0] t);
    return jv3_kind(t) == sam_pkg::TokData;
  endfunction
  function automatic logic jv3_isstop(logic [2:0] t);
    return jv3_kind(t) == sam_pkg::TokStop;
  endfunction
  function automatic logic jv3_isdone(logic [2:0] t);
    return jv3_kind(t) == sam_pkg::TokDone;
  endfunction
  function automatic logic [1:0] jv3_slot(logic [1:0] rd, logic [1:0] q);
    logic [2:0] s;
    s = 3'(rd) + 3'(q);
    return s >= 3'd3 ? 2'(s - 3'd3) : 2'(s);
  endfunction
  logic [2:0] h1_cs[4], h1_rs[2][4];
  for (genvar i = 0; i < 4; i++) begin : gen_h1_slot
    if (i < 3) begin : gen_b
      assign h1_cs[i] = 2'(i) < h1_cc
          ? dut.gen_halves.gen_union.first.ways.crd_buffer.gen_buffer.mem_q[
              jv3_slot(dut.gen_halves.gen_union.first.ways.crd_buffer.gen_buffer.rd_ptr_q, 2'(i))]
          : dut.gen_halves.gen_union.first.crd_out_q;
      for (genvar k = 0; k < 2; k++) begin : gen_r
        assign h1_rs[k][i] = 2'(i) < h1_cc
            ? dut.gen_halves.gen_union.first.ways.gen_way[k].ref_buffer.gen_buffer.mem_q[
                jv3_slot(dut.gen_halves.gen_union.first.ways.gen_way[k].ref_buffer.gen_buffer.rd_ptr_q, 2'(i))]
            : dut.gen_halves.gen_union.first.ref_out[k];
      end
    end else begin : gen_o
      assign h1_cs[i] = dut.gen_halves.gen_union.first.crd_out_q;
      for (genvar k = 0; k < 2; k++) begin : gen_r
        assign h1_rs[k][i] = dut.gen_halves.gen_union.first.ref_out[k];
      end
    end
  end
  logic       h1_gd[5], h1_gad[5], h1_gat[5], h1_gfd[5], h1_hit[4];
  logic [1:0] h1_glast[5];
  logic [4:0] h1_gfib[5];
  assign h1_gd[0] = m_d[2]; assign h1_gad[0] = m_ad[2]; assign h1_gat[0] = m_at[2];
  assign h1_gfd[0] = m_fd[2]; assign h1_glast[0] = m_last[2]; assign h1_gfib[0] = m_fib[2];
  logic [1:0] h1_full, h1_hdata, h1_hstop, h1_hend, h1_hc, h1_past;
  for (genvar q = 0; q < 4; q++) begin : gen_h1_g
    logic       v, ok;
    logic [2:0] t;
    assign v = 3'(q) < h1_cn;
    assign t = h1_cs[q];
    assign h1_gd[q + 1]    = v ? h1_gd[q] || jv3_isdone(t) : h1_gd[q];
    assign h1_gad[q + 1]   = v ? jv3_isdata(t) : h1_gad[q];
    assign h1_gat[q + 1]   = v ? jv3_isstop(t) && t[1:0] == 2'd1 : h1_gat[q];
    assign h1_gfd[q + 1]   = v ? (jv3_isdata(t) ? 1'b1 : jv3_isstop(t) ? 1'b0 : h1_gfd[q]) : h1_gfd[q];
    assign h1_glast[q + 1] = v && jv3_isdata(t) ? t[1:0] : h1_glast[q];
    assign h1_gfib[q + 1]  = h1_gfib[q] + 5'(v && jv3_isstop(t));
    assign h1_hit[q]       = v && jv3_isdata(t) && t[1:0] == join_ref.crd_q
                             && h1_gfib[q] == 5'(join_ref.fiber_q);
    assign ok = !h1_gd[q] && jv3_kind(t) != sam_pkg::TokEmpty
                && (!jv3_isstop(t) || t[1:0] < 2'd2)
                && (!jv3_isdone(t) || (h1_gat[q] && !h1_gad[q]))
                && (!jv3_isdata(t) || !h1_gfd[q] || t[1:0] > h1_glast[q]);
    always_ff @(posedge clk_i) begin
      if (rst_ni && v) begin
        JvH1_GramC: assert (ok);
        if (h1_hit[q]) JvH1_HitWok: assert ((join_ref.has_q[0] || h1_past[0]) && (join_ref.has_q[1] || h1_past[1]));
        if (jv3_isstop(t) && h1_gfib[q] == 5'(join_ref.fiber_q))
          JvH1_FStop: assert (join_ref.closed_q[0] && t == join_ref.stop0_q);
        JvH1_Shape0: assert (jv3_shape(t) == jv3_shape(h1_rs[0][q]));
        JvH1_Shape1: assert (jv3_shape(t) == jv3_shape(h1_rs[1][q]));
        if (!jv3_isdata(t)) JvH1_Ctl: assert (h1_rs[0][q] == t && h1_rs[1][q] == t);
      end
    end
  end
  logic       h1_Gd, h1_Gad, h1_Gat, h1_Gfd, h1_ohas;
  logic [1:0] h1_Glast;
  logic [4:0] h1_E;
  assign h1_Gd = h1_gd[4]; assign h1_Gad = h1_gad[4]; assign h1_Gat = h1_gat[4];
  assign h1_Gfd = h1_gfd[4]; assign h1_Glast = h1_glast[4]; assign h1_E = h1_gfib[4];
  assign h1_ohas = m_has[2] || h1_hit[0] || h1_hit[1] || h1_hit[2] || h1_hit[3];

  logic [4:0] h1_W[2];
  logic       h1_md[2], h1_mad[2], h1_mat[2], h1_mfd[2];
  logic [1:0] h1_mlast[2];
  assign h1_md[0]    = gen_in_crd[0].in_crd_check.gen_grammar.done_q;
  assign h1_mad[0]   = gen_in_crd[0].in_crd_check.gen_grammar.after_data_q;
  assign h1_mat[0]   = gen_in_crd[0].in_crd_check.gen_grammar.after_top_q;
  assign h1_mfd[0]   = gen_in_crd[0].in_crd_check.gen_grammar.fiber_data_q;
  assign h1_mlast[0] = gen_in_crd[0].in_crd_check.gen_grammar.last_q;
  assign h1_md[1]    = gen_in_crd[1].in_crd_check.gen_grammar.done_q;
  assign h1_mad[1]   = gen_in_crd[1].in_crd_check.gen_grammar.after_data_q;
  assign h1_mat[1]   = gen_in_crd[1].in_crd_check.gen_grammar.after_top_q;
  assign h1_mfd[1]   = gen_in_crd[1].in_crd_check.gen_grammar.fiber_data_q;
  assign h1_mlast[1] = gen_in_crd[1].in_crd_check.gen_grammar.last_q;
  for (genvar k = 0; k < 2; k++) begin : gen_h1_head
    assign h1_full[k]  = dut.gen_halves.gen_union.first.full_q[k];
    assign h1_hdata[k] = h1_full[k] && jv3_isdata(dut.gen_halves.gen_union.first.crd_q[k]);
    assign h1_hstop[k] = h1_full[k] && jv3_isstop(dut.gen_halves.gen_union.first.crd_q[k]);
    assign h1_hend[k]  = h1_full[k] && !jv3_isdata(dut.gen_halves.gen_union.first.crd_q[k]);
    assign h1_W[k]     = h1_E + 5'(h1_hstop[k]);
    assign h1_hc[k]    = h1_hdata[k] && dut.gen_halves.gen_union.first.crd_q[k][1:0] == join_ref.crd_q
                         && h1_W[k] == 5'(join_ref.fiber_q);
    assign h1_past[k]  = h1_W[k] > 5'(join_ref.fiber_q)
                         || (h1_W[k] == 5'(join_ref.fiber_q) && h1_mfd[k] && h1_mlast[k] >= join_ref.crd_q);
  end
  for (genvar k = 0; k < 2; k++) begin : gen_h1_way
    localparam int unsigned J = 1 - k;
    logic [2:0] h, r;
    assign h = dut.gen_halves.gen_union.first.crd_q[k];
    assign r = dut.gen_halves.gen_union.first.ref_q[k];
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        if (h1_full[k])
          JvH1_Head: assert (jv3_kind(h) != sam_pkg::TokEmpty && (!jv3_isstop(h) || h[1:0] < 2'd2)
                             && h1_md[k] == jv3_isdone(h) && h1_mad[k] == jv3_isdata(h)
                             && h1_mat[k] == (h == 3'b101)
                             && (jv3_isdata(h) ? h1_mfd[k] && h1_mlast[k] == h[1:0] : !h1_mfd[k])
                             && jv3_shape(h) == jv3_shape(r));
        JvH1_Data: assert (dut.gen_halves.gen_union.first.data_q[k] == h1_hdata[k]);
        JvH1_MonIn: assert (h1_mfd[k] == h1_mad[k] && !(h1_mat[k] && h1_mad[k])
                            && (!h1_md[k] || (!h1_mat[k] && !h1_mad[k])));
        JvH1_MonRefIn: assert (gen_in_ref[k].in_ref_check.gen_grammar.done_q == h1_md[k]
                               && gen_in_ref[k].in_ref_check.gen_grammar.after_top_q == h1_mat[k]);
        if (!h1_full[k] && !h1_mad[k])
          JvH1_Empty: assert (h1_Gd == h1_md[k] && h1_Gat == h1_mat[k] && !h1_Gad && !h1_Gfd);
        if (!h1_full[k] && h1_mad[k])
          JvH1_EmptyD: assert (h1_Gad && h1_Glast == h1_mlast[k]);
        if (h1_Gfd && h1_W[k] == h1_E)
          JvH1_Sorted: assert (h1_mfd[k] && (!h1_hdata[k] || h[1:0] > h1_Glast)
                               && (h1_full[k] || h1_mlast[k] == h1_Glast));
        if (h1_full[k] && jv3_isdone(h))
          JvH1_DoneHead: assert (h1_Gat && !h1_Gad && !h1_Gd
                                 && (!h1_full[J] || jv3_isdone(dut.gen_halves.gen_union.first.crd_q[J])));
        JvH1_Fib: assert (5'(join_ref.fib_q[k]) == jv3_sat(h1_W[k]));
        if (join_ref.has_q[k]) JvH1_Has: assert (h1_past[k]);
        if (h1_W[k] == 5'(join_ref.fiber_q) && h1_mfd[k] && h1_mlast[k] == join_ref.crd_q)
          JvH1_HasAt: assert (join_ref.has_q[k]);
        if (h1_hc[k]) JvH1_HC: assert (join_ref.has_q[k] && r == join_ref.ref_want_q[k]);
        if (h1_hc[k] && join_ref.has_q[J]) JvH1_HC2: assert (h1_hc[J]);
        if (join_ref.has_q[k] && !h1_hc[k]) JvH1_Left: assert (h1_past[J]);
      end
    end
    // The ref queue beside crd's: c in fiber f carries the way's reference, or
    // N once the way has passed c without it.
    for (genvar i = 0; i < 4; i++) begin : gen_h1_pair
      always_ff @(posedge clk_i) begin
        if (rst_ni && h1_hit[i])
          JvH1_PairRef: assert (h1_rs[k][i] == jv3_w[k] && (join_ref.has_q[k] || h1_past[k]));
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && dut.gen_halves.gen_union.first.data_q[0] && dut.gen_halves.gen_union.first.data_q[1]) begin
      JvH1_Lt01: assert (dut.gen_halves.gen_union.first.lt[0][1]
                         == (dut.gen_halves.gen_union.first.crd_q[0][1:0] < dut.gen_halves.gen_union.first.crd_q[1][1:0]));
      JvH1_Lt10: assert (dut.gen_halves.gen_union.first.lt[1][0]
                         == (dut.gen_halves.gen_union.first.crd_q[1][1:0] < dut.gen_halves.gen_union.first.crd_q[0][1:0]));
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (h1_ohas) JvH1_OHas: assert ((join_ref.has_q[0] || join_ref.has_q[1]) && !h1_hc[0] && !h1_hc[1]);
      if ((join_ref.has_q[0] && !h1_hc[0]) || (join_ref.has_q[1] && !h1_hc[1]))
        JvH1_OHas2: assert (h1_ohas);
      if (h1_hstop[0] && h1_E == 5'(join_ref.fiber_q))
        JvH1_HStop: assert (join_ref.closed_q[0] && dut.gen_halves.gen_union.first.crd_q[0] == join_ref.stop0_q);
      if (h1_Gd) JvH1_Gd: assert (!h1_full[0] && !h1_full[1] && h1_md[0] && h1_md[1]);
      if (h1_hend[0] && h1_hend[1])
        JvH1_Ends: assert (dut.gen_halves.gen_union.first.crd_q[0] == dut.gen_halves.gen_union.first.crd_q[1]);
      JvH1_Align: assert (32'(aligned_crd0_crd1.cnt_q) == 32'(h1_hend[0] != h1_hend[1])
                          && aligned_crd0_ref0.cnt_q == '0 && aligned_crd1_ref1.cnt_q == '0
                          && aligned_crd0_crd1.gen_stops_data.mid_a_q == h1_mad[0]
                          && aligned_crd0_crd1.gen_stops_data.mid_b_q == h1_mad[1]);
      if (h1_hend[0] && !h1_hend[1])
        JvH1_Align0: assert (!aligned_crd0_crd1.b_lead_q
                             && aligned_crd0_crd1.q_q[0] == jv3_shape(dut.gen_halves.gen_union.first.crd_q[0]));
      if (h1_hend[1] && !h1_hend[0])
        JvH1_Align1: assert (aligned_crd0_crd1.b_lead_q
                             && aligned_crd0_crd1.q_q[0] == jv3_shape(dut.gen_halves.gen_union.first.crd_q[1]));
    end
  end
  for (genvar k = 0; k < 2; k++) begin : gen_h1_stall
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        JvH1_StallIn: assert (dut.gen_halves.gen_union.first.ways.gen_way[k].crd_check.stalled_q == gen_in_crd[k].in_crd_check.stalled_q
                              && dut.gen_halves.gen_union.first.ways.gen_way[k].crd_check.stalled_tok_q == gen_in_crd[k].in_crd_check.stalled_tok_q
                              && dut.gen_halves.gen_union.first.ways.gen_way[k].ref_check.stalled_q == gen_in_ref[k].in_ref_check.stalled_q
                              && dut.gen_halves.gen_union.first.ways.gen_way[k].ref_check.stalled_tok_q == gen_in_ref[k].in_ref_check.stalled_tok_q);
        JvH1_StallBufR: assert (!dut.gen_halves.gen_union.first.ways.gen_way[k].ref_buffer.in_check.stalled_q);
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) JvH1_StallBufC: assert (!dut.gen_halves.gen_union.first.ways.crd_buffer.in_check.stalled_q);
  end

  // ==== Half 2 (union_ref_inv.sv's invariants; way 0 the mid stream with the
  // ghost monitor g_*, way 1 top way 2; output monitor the harness's).
  localparam logic [PW:0] Jv3PN = {1'b1, 4'b1111, 2'b10};  // N packed
  logic       h2_reg;
  logic [1:0] h2_cc, h2_rc[2];
  logic [2:0] h2_cn;
  logic [2:0] h2_cs[4];
  logic [PW:0] h2_rs[2][4];
  assign h2_reg = dut.gen_halves.gen_union.second.emit_q;
  assign h2_cc  = dut.gen_halves.gen_union.second.ways.crd_buffer.gen_buffer.count_q;
  assign h2_cn  = 3'(h2_cc) + 3'(h2_reg);
  for (genvar j = 0; j < 2; j++) begin : gen_h2_rc
    assign h2_rc[j] = dut.gen_halves.gen_union.second.ways.gen_way[j].ref_buffer.gen_buffer.count_q;
  end
  for (genvar i = 0; i < 4; i++) begin : gen_h2_slot
    if (i < 3) begin : gen_b
      assign h2_cs[i] = 2'(i) < h2_cc
          ? dut.gen_halves.gen_union.second.ways.crd_buffer.gen_buffer.mem_q[
              jv3_slot(dut.gen_halves.gen_union.second.ways.crd_buffer.gen_buffer.rd_ptr_q, 2'(i))]
          : dut.gen_halves.gen_union.second.crd_out_q;
      for (genvar j = 0; j < 2; j++) begin : gen_r
        assign h2_rs[j][i] = 2'(i) < h2_rc[j]
            ? dut.gen_halves.gen_union.second.ways.gen_way[j].ref_buffer.gen_buffer.mem_q[
                jv3_slot(dut.gen_halves.gen_union.second.ways.gen_way[j].ref_buffer.gen_buffer.rd_ptr_q, 2'(i))]
            : dut.gen_halves.gen_union.second.ref_out[j];
      end
    end else begin : gen_o
      assign h2_cs[i] = dut.gen_halves.gen_union.second.crd_out_q;
      for (genvar j = 0; j < 2; j++) begin : gen_r
        assign h2_rs[j][i] = dut.gen_halves.gen_union.second.ref_out[j];
      end
    end
  end
  logic       h2_gd[5], h2_gad[5], h2_gat[5], h2_gfd[5], h2_hit[4];
  logic [1:0] h2_glast[5];
  logic [4:0] h2_gfib[5];
  assign h2_gd[0]    = out_crd_check.gen_grammar.done_q;
  assign h2_gad[0]   = out_crd_check.gen_grammar.after_data_q;
  assign h2_gat[0]   = out_crd_check.gen_grammar.after_top_q;
  assign h2_gfd[0]   = out_crd_check.gen_grammar.fiber_data_q;
  assign h2_glast[0] = out_crd_check.gen_grammar.last_q;
  assign h2_gfib[0]  = 5'(join_ref.ofib_q);
  logic [1:0] h2_full, h2_hdata, h2_hstop, h2_hend, h2_hc, h2_past, h2_has;
  for (genvar q = 0; q < 4; q++) begin : gen_h2_g
    logic       v, ok;
    logic [2:0] t;
    assign v = 3'(q) < h2_cn;
    assign t = h2_cs[q];
    assign h2_gd[q + 1]    = v ? h2_gd[q] || jv3_isdone(t) : h2_gd[q];
    assign h2_gad[q + 1]   = v ? jv3_isdata(t) : h2_gad[q];
    assign h2_gat[q + 1]   = v ? jv3_isstop(t) && t[1:0] == 2'd1 : h2_gat[q];
    assign h2_gfd[q + 1]   = v ? (jv3_isdata(t) ? 1'b1 : jv3_isstop(t) ? 1'b0 : h2_gfd[q]) : h2_gfd[q];
    assign h2_glast[q + 1] = v && jv3_isdata(t) ? t[1:0] : h2_glast[q];
    assign h2_gfib[q + 1]  = h2_gfib[q] + 5'(v && jv3_isstop(t));
    assign h2_hit[q]       = v && jv3_isdata(t) && t[1:0] == join_ref.crd_q
                             && h2_gfib[q] == 5'(join_ref.fiber_q);
    assign ok = !h2_gd[q] && jv3_kind(t) != sam_pkg::TokEmpty
                && (!jv3_isstop(t) || t[1:0] < 2'd2)
                && (!jv3_isdone(t) || (h2_gat[q] && !h2_gad[q]))
                && (!jv3_isdata(t) || !h2_gfd[q] || t[1:0] > h2_glast[q]);
    always_ff @(posedge clk_i) begin
      if (rst_ni && v) begin
        JvH2_GramC: assert (ok);
        if (h2_hit[q]) JvH2_HitWok: assert ((g_has || h2_past[0]) && (h2_has[1] || h2_past[1]));
        if (jv3_isstop(t) && h2_gfib[q] == 5'(join_ref.fiber_q))
          JvH2_FStop: assert (join_ref.closed_q[0] && t == join_ref.stop0_q);
      end
    end
  end
  logic       h2_Gd, h2_Gad, h2_Gat, h2_Gfd, h2_ohas;
  logic [1:0] h2_Glast;
  logic [4:0] h2_E;
  assign h2_Gd = h2_gd[4]; assign h2_Gad = h2_gad[4]; assign h2_Gat = h2_gat[4];
  assign h2_Gfd = h2_gfd[4]; assign h2_Glast = h2_glast[4]; assign h2_E = h2_gfib[4];
  assign h2_ohas = join_ref.ohas_q || h2_hit[0] || h2_hit[1] || h2_hit[2] || h2_hit[3];

  // Way inputs of half 2: way 0 the ghost, way 1 top way 2.
  logic [4:0] h2_W[2];
  logic [3:0] h2_fib[2];
  logic       h2_md[2], h2_mad[2], h2_mat[2], h2_mfd[2];
  logic [1:0] h2_mlast[2];
  logic [PW:0] h2_want[2];
  assign h2_md[0] = g_md; assign h2_mad[0] = g_mad; assign h2_mat[0] = g_mat;
  assign h2_mfd[0] = g_mfd; assign h2_mlast[0] = g_mlast; assign h2_fib[0] = g_fib;
  assign h2_has[0] = g_has; assign h2_want[0] = jv3_want01;
  assign h2_md[1]    = gen_in_crd[2].in_crd_check.gen_grammar.done_q;
  assign h2_mad[1]   = gen_in_crd[2].in_crd_check.gen_grammar.after_data_q;
  assign h2_mat[1]   = gen_in_crd[2].in_crd_check.gen_grammar.after_top_q;
  assign h2_mfd[1]   = gen_in_crd[2].in_crd_check.gen_grammar.fiber_data_q;
  assign h2_mlast[1] = gen_in_crd[2].in_crd_check.gen_grammar.last_q;
  assign h2_fib[1]   = join_ref.fib_q[2];
  assign h2_has[1]   = join_ref.has_q[2];
  assign h2_want[1]  = jv3_want2;
  for (genvar k = 0; k < 2; k++) begin : gen_h2_head
    assign h2_full[k]  = dut.gen_halves.gen_union.second.full_q[k];
    assign h2_hdata[k] = h2_full[k] && jv3_isdata(dut.gen_halves.gen_union.second.crd_q[k]);
    assign h2_hstop[k] = h2_full[k] && jv3_isstop(dut.gen_halves.gen_union.second.crd_q[k]);
    assign h2_hend[k]  = h2_full[k] && !jv3_isdata(dut.gen_halves.gen_union.second.crd_q[k]);
    assign h2_W[k]     = h2_E + 5'(h2_hstop[k]);
    assign h2_hc[k]    = h2_hdata[k] && dut.gen_halves.gen_union.second.crd_q[k][1:0] == join_ref.crd_q
                         && h2_W[k] == 5'(join_ref.fiber_q);
    assign h2_past[k]  = h2_W[k] > 5'(join_ref.fiber_q)
                         || (h2_W[k] == 5'(join_ref.fiber_q) && h2_mfd[k] && h2_mlast[k] >= join_ref.crd_q);
  end
  for (genvar k = 0; k < 2; k++) begin : gen_h2_way
    localparam int unsigned J = 1 - k;
    logic [2:0] h;
    logic [PW:0] r;
    assign h = dut.gen_halves.gen_union.second.crd_q[k];
    assign r = dut.gen_halves.gen_union.second.ref_q[k];
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        if (h2_full[k])
          JvH2_Head: assert (jv3_kind(h) != sam_pkg::TokEmpty && (!jv3_isstop(h) || h[1:0] < 2'd2)
                             && h2_md[k] == jv3_isdone(h) && h2_mad[k] == jv3_isdata(h)
                             && h2_mat[k] == (h == 3'b101)
                             && (jv3_isdata(h) ? h2_mfd[k] && h2_mlast[k] == h[1:0] : !h2_mfd[k])
                             && jv3_shape(h) == jv3_pshape(r)
                             && (jv3_isdata(h) || r == jv3_pack(h, h))
                             && (!jv3_isdata(h) || jv3_pok(r))
                             && (k == 0 || jv3_ua(r) == jv3_ub(r)));
        JvH2_Data: assert (dut.gen_halves.gen_union.second.data_q[k] == h2_hdata[k]);
        JvH2_MonIn: assert (h2_mfd[k] == h2_mad[k] && !(h2_mat[k] && h2_mad[k])
                            && (!h2_md[k] || (!h2_mat[k] && !h2_mad[k])));
        if (!h2_full[k] && !h2_mad[k])
          JvH2_Empty: assert (h2_Gd == h2_md[k] && h2_Gat == h2_mat[k] && !h2_Gad && !h2_Gfd);
        if (!h2_full[k] && h2_mad[k])
          JvH2_EmptyD: assert (h2_Gad && h2_Glast == h2_mlast[k]);
        if (h2_Gfd && h2_W[k] == h2_E)
          JvH2_Sorted: assert (h2_mfd[k] && (!h2_hdata[k] || h[1:0] > h2_Glast)
                               && (h2_full[k] || h2_mlast[k] == h2_Glast));
        if (h2_full[k] && jv3_isdone(h))
          JvH2_DoneHead: assert (h2_Gat && !h2_Gad && !h2_Gd
                                 && (!h2_full[J] || jv3_isdone(dut.gen_halves.gen_union.second.crd_q[J])));
        JvH2_Fib: assert (5'(h2_fib[k]) == jv3_sat(h2_W[k]));
        if (h2_has[k]) JvH2_Has: assert (h2_past[k]);
        if (h2_W[k] == 5'(join_ref.fiber_q) && h2_mfd[k] && h2_mlast[k] == join_ref.crd_q)
          JvH2_HasAt: assert (h2_has[k]);
        if (h2_hc[k]) JvH2_HC: assert (h2_has[k] && r == h2_want[k]);
        if (h2_hc[k] && h2_has[J]) JvH2_HC2: assert (h2_hc[J]);
        if (h2_has[k] && !h2_hc[k]) JvH2_Left: assert (h2_past[J]);
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      JvH2_MonRefIn: assert (gen_in_ref[2].in_ref_check.gen_grammar.done_q == h2_md[1]
                             && gen_in_ref[2].in_ref_check.gen_grammar.after_top_q == h2_mat[1]);
      // The mid stream passed c in fiber f without it: so did ways 0 and 1.
      if (h2_past[0] && !g_has)
        JvH2_MidPast: assert (!join_ref.has_q[0] && !join_ref.has_q[1] && h1_past[0] && h1_past[1]);
      if (g_has) JvH2_MidHas: assert (join_ref.has_q[0] || join_ref.has_q[1]);
      if (h2_ohas) JvH2_OHas: assert ((h2_has[0] || h2_has[1]) && !h2_hc[0] && !h2_hc[1]);
      if ((h2_has[0] && !h2_hc[0]) || (h2_has[1] && !h2_hc[1]))
        JvH2_OHas2: assert (h2_ohas);
      JvH2_MonOut: assert (h2_gfd[0] == h2_gad[0] && !(h2_gat[0] && h2_gad[0])
                           && (!h2_gd[0] || (!h2_gat[0] && !h2_gad[0])));
      if (h2_hstop[0] && h2_E == 5'(join_ref.fiber_q))
        JvH2_HStop: assert (join_ref.closed_q[0] && dut.gen_halves.gen_union.second.crd_q[0] == join_ref.stop0_q);
      if (h2_Gd) JvH2_Gd: assert (!h2_full[0] && !h2_full[1] && h2_md[0] && h2_md[1]);
      if (h2_hend[0] && h2_hend[1])
        JvH2_Ends: assert (dut.gen_halves.gen_union.second.crd_q[0] == dut.gen_halves.gen_union.second.crd_q[1]);
      if (dut.gen_halves.gen_union.second.data_q[0] && dut.gen_halves.gen_union.second.data_q[1]) begin
        JvH2_Lt01: assert (dut.gen_halves.gen_union.second.lt[0][1]
                           == (dut.gen_halves.gen_union.second.crd_q[0][1:0] < dut.gen_halves.gen_union.second.crd_q[1][1:0]));
        JvH2_Lt10: assert (dut.gen_halves.gen_union.second.lt[1][0]
                           == (dut.gen_halves.gen_union.second.crd_q[1][1:0] < dut.gen_halves.gen_union.second.crd_q[0][1:0]));
      end
      JvH2_StallBufC: assert (!dut.gen_halves.gen_union.second.ways.crd_buffer.in_check.stalled_q);
      if (out_crd_check.stalled_q) JvH2_StallC: assert (crd_valid_o && out_crd_check.stalled_tok_q == crd_tok_o);
      JvH2_StallIn1: assert (dut.gen_halves.gen_union.second.ways.gen_way[1].crd_check.stalled_q == gen_in_crd[2].in_crd_check.stalled_q
                             && dut.gen_halves.gen_union.second.ways.gen_way[1].crd_check.stalled_tok_q == gen_in_crd[2].in_crd_check.stalled_tok_q
                             && dut.gen_halves.gen_union.second.ways.gen_way[1].ref_check.stalled_q == gen_in_ref[2].in_ref_check.stalled_q
                             && dut.gen_halves.gen_union.second.ways.gen_way[1].ref_check.stalled_tok_q
                                == jv3_pack(gen_in_ref[2].in_ref_check.stalled_tok_q, gen_in_ref[2].in_ref_check.stalled_tok_q));
      if (dut.gen_halves.gen_union.second.ways.gen_way[0].crd_check.stalled_q)
        JvH2_StallIn0C: assert (dut.gen_halves.b01_valid
                                && dut.gen_halves.gen_union.second.ways.gen_way[0].crd_check.stalled_tok_q == dut.gen_halves.in2_crd[0]);
      if (dut.gen_halves.gen_union.second.ways.gen_way[0].ref_check.stalled_q)
        JvH2_StallIn0R: assert (dut.gen_halves.b01_valid
                                && dut.gen_halves.gen_union.second.ways.gen_way[0].ref_check.stalled_tok_q == dut.gen_halves.in2_ref[0]);
    end
  end
  for (genvar j = 0; j < 2; j++) begin : gen_h2_stall
    always_ff @(posedge clk_i) begin
      if (rst_ni) JvH2_StallBufR: assert (!dut.gen_halves.gen_union.second.ways.gen_way[j].ref_buffer.in_check.stalled_q);
    end
  end

  // ==== The top ref outputs: top way k's queue is half 2's ref buffer (way 0's
  // for k = 0, 1, less a slot already sent by the unpack; way 1's for k = 2),
  // unpacked. Per way: its grammar, the pairing with crd's queue (lead), the
  // reference beside c in fiber f, and the picked pair.
  logic [1:0] up_sent;
  assign up_sent = {1'b0, 1'b0} | dut.gen_halves.unpack.sent_q;
  for (genvar k = 0; k < 3; k++) begin : gen_top
    localparam int unsigned Src = k < 2 ? 0 : 1;
    logic s;
    assign s = k < 2 ? up_sent[k] : 1'b0;
    logic [2:0] rn;
    logic [2:0] rs[4];
    assign rn = 3'(h2_rc[Src]) + 3'(h2_reg) - 3'(s);
    for (genvar i = 0; i < 4; i++) begin : gen_rs
      logic [PW:0] pt;
      assign pt = s ? (i < 3 ? h2_rs[Src][i + 1] : h2_rs[Src][3]) : h2_rs[Src][i];
      assign rs[i] = k == 1 ? jv3_ub(pt) : jv3_ua(pt);
    end
    logic signed [3:0] lead;
    assign lead = $signed(4'(h2_rc[Src])) - $signed(4'(s)) - $signed(4'(h2_cc));
    logic [2:0] want;
    logic       wok;
    assign want = jv3_w[k];
    assign wok  = join_ref.has_q[k] || (k < 2 ? h1_past[k] : h2_past[1]);
    logic hd[5], had[5], hat[5];
    assign hd[0]  = gen_out_ref[k].out_ref_check.gen_grammar.done_q;
    assign had[0] = gen_out_ref[k].out_ref_check.gen_grammar.after_data_q;
    assign hat[0] = gen_out_ref[k].out_ref_check.gen_grammar.after_top_q;
    for (genvar q = 0; q < 4; q++) begin : gen_h
      logic       v;
      logic [2:0] t;
      assign v = 3'(q) < rn;
      assign t = rs[q];
      assign hd[q + 1]  = v ? hd[q] || jv3_isdone(t) : hd[q];
      assign had[q + 1] = v ? jv3_isdata(t) : had[q];
      assign hat[q + 1] = v ? jv3_isstop(t) && t[1:0] == 2'd1 : hat[q];
      always_ff @(posedge clk_i) begin
        if (rst_ni && v)
          JvT_GramR: assert (!hd[q] && (!jv3_isstop(t) || t[1:0] < 2'd2)
                             && (!jv3_isdone(t) || (hat[q] && !had[q])));
      end
    end
    for (genvar i = 0; i < 4; i++) begin : gen_pair
      logic signed [3:0] j;
      logic [2:0]        rt;
      assign j  = $signed(4'(i)) + lead;
      assign rt = j == 4'sd0 ? rs[0] : j == 4'sd1 ? rs[1] : j == 4'sd2 ? rs[2] : rs[3];
      always_ff @(posedge clk_i) begin
        if (rst_ni && 3'(i) < h2_cn && j >= 0) begin
          JvT_PairShape: assert (jv3_shape(h2_cs[i]) == jv3_shape(rt));
          if (!jv3_isdata(h2_cs[i])) JvT_PairCtl: assert (rt == h2_cs[i]);
          else JvT_PairData: assert (jv3_dn(rt));
          if (h2_hit[i]) JvT_PairRef: assert (rt == want && wok);
        end
      end
    end
    logic [3:0] ah;
    assign ah = join_ref.g_way[k].ahead_q;
    logic ck, rk;
    assign ck = join_ref.g_way[k].crd_known_q;
    assign rk = join_ref.g_way[k].ref_known_q;
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        JvT_Lead: assert (join_ref.g_way[k].lead_q == lead);
        JvT_MonRef: assert (!(hat[0] && had[0]) && (!hd[0] || !hat[0]));
        JvT_GramEnd: assert (hd[4] == h2_Gd && hat[4] == h2_Gat);
        if (ck) JvT_PickCKind: assert (jv3_kind(join_ref.g_way[k].crd_tok_q) != sam_pkg::TokEmpty);
        if (ck && !rk)
          JvT_PickC: assert (ah < 4'd4 && jv3_shape(join_ref.g_way[k].crd_tok_q) == jv3_shape(rs[ah[1:0]])
                             && (jv3_isdata(join_ref.g_way[k].crd_tok_q) || rs[ah[1:0]] == join_ref.g_way[k].crd_tok_q)
                             && (!join_ref.g_way[k].hit_q || (rs[ah[1:0]] == want && wok)));
        if (rk && !ck)
          JvT_PickR: assert (ah < 4'd4 && jv3_shape(h2_cs[ah[1:0]]) == jv3_shape(join_ref.g_way[k].ref_tok_q)
                             && (jv3_isdata(h2_cs[ah[1:0]]) || h2_cs[ah[1:0]] == join_ref.g_way[k].ref_tok_q)
                             && (!h2_hit[ah[1:0]] || (join_ref.g_way[k].ref_tok_q == want && wok)));
        if (ck && rk && join_ref.g_way[k].hit_q)
          JvT_PickBoth: assert (join_ref.g_way[k].ref_tok_q == want && wok);
        if (gen_out_ref[k].out_ref_check.stalled_q)
          JvT_StallR: assert (ref_valid_o[k] && gen_out_ref[k].out_ref_check.stalled_tok_q == ref_tok_o[k]);
      end
    end
  end

  // ==== The alignment of top ways 0 and 2 (aligned_crd0_crd2): way 0's ends
  // (stops, D) not yet out of half 2, oldest first: half 2's head 0, b01, half
  // 1's queue, half 1's head 0; way 2's: half 2's head 1 (matched with the
  // oldest of way 0's). The monitor's queue holds the unmatched ones.
  logic [2:0] al_sh[8];
  logic       al_en[8];
  assign al_en[0] = h2_hend[0];
  assign al_sh[0] = jv3_shape(dut.gen_halves.gen_union.second.crd_q[0]);
  for (genvar i = 0; i < 2; i++) begin : gen_al_b
    assign al_en[1 + i] = 2'(i) < b_cnt && !jv3_isdata(b_cs[i]);
    assign al_sh[1 + i] = jv3_shape(b_cs[i]);
  end
  for (genvar i = 0; i < 4; i++) begin : gen_al_h1
    assign al_en[3 + i] = 3'(i) < h1_cn && !jv3_isdata(h1_cs[i]);
    assign al_sh[3 + i] = jv3_shape(h1_cs[i]);
  end
  assign al_en[7] = h1_hend[0];
  assign al_sh[7] = jv3_shape(dut.gen_halves.gen_union.first.crd_q[0]);
  logic [3:0] al_na;
  logic [2:0] al_seq[8];  // way 0's ends, compacted
  always_comb begin
    al_na = '0;
    for (int m = 0; m < 8; m++) al_seq[m] = '0;
    for (int i = 0; i < 8; i++) begin
      if (al_en[i]) begin
        al_seq[al_na[2:0]] = al_sh[i];
        al_na = al_na + 4'd1;
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      JvAl_Cnt: assert (aligned_crd0_crd2.cnt_q <= 3'd4 && aligned_crd0_crd1.cnt_q <= 3'd4);
      JvAl_Mid: assert (aligned_crd0_crd2.gen_stops_data.mid_a_q == h1_mad[0]
                        && aligned_crd0_crd2.gen_stops_data.mid_b_q == h2_mad[1]
                        && aligned_crd0_ref0.cnt_q == '0 && aligned_crd2_ref2.cnt_q == '0);
      if (!h2_hend[1])
        JvAl_A: assert (32'(aligned_crd0_crd2.cnt_q) == 32'(al_na)
                        && (al_na == '0 || !aligned_crd0_crd2.b_lead_q)
                        && (al_na < 4'd1 || aligned_crd0_crd2.q_q[0] == al_seq[0])
                        && (al_na < 4'd2 || aligned_crd0_crd2.q_q[1] == al_seq[1])
                        && (al_na < 4'd3 || aligned_crd0_crd2.q_q[2] == al_seq[2])
                        && (al_na < 4'd4 || aligned_crd0_crd2.q_q[3] == al_seq[3]));
      // Way 2 ahead with D: way 0 has taken nothing since its last end, and no
      // data of the mid stream is in flight.
      if (h2_hend[1] && al_na == '0 && jv3_isdone(dut.gen_halves.gen_union.second.crd_q[1]))
        JvAl_D: assert (!h1_full[0] && !h1_mad[0] && !h1_Gad && !h2_hdata[0] && !g_mad);
      // Way 0 ahead by its D alone: way 2 has taken no data since its last end.
      if (al_na == 4'(1 + h2_hend[1]) && al_seq[3'(al_na - 4'd1)] == 3'd7)
        JvAl_D0: assert (!h2_mad[1] && !h2_hdata[1]);
      if (h2_hend[1] && al_na == '0)
        JvAl_B: assert (aligned_crd0_crd2.cnt_q == 3'd1 && aligned_crd0_crd2.b_lead_q
                        && aligned_crd0_crd2.q_q[0] == jv3_shape(dut.gen_halves.gen_union.second.crd_q[1]));
      if (h2_hend[1] && al_na != '0)
        JvAl_AB: assert (al_seq[0] == jv3_shape(dut.gen_halves.gen_union.second.crd_q[1])
                         && 32'(aligned_crd0_crd2.cnt_q) == 32'(al_na) - 1
                         && (al_na == 4'd1 || !aligned_crd0_crd2.b_lead_q)
                         && (al_na < 4'd2 || aligned_crd0_crd2.q_q[0] == al_seq[1])
                         && (al_na < 4'd3 || aligned_crd0_crd2.q_q[1] == al_seq[2])
                         && (al_na < 4'd4 || aligned_crd0_crd2.q_q[2] == al_seq[3])
                         && (al_na < 4'd5 || aligned_crd0_crd2.q_q[3] == al_seq[4]));
    end
  end

  // ==== Liveness (formal.py's monitor). Once every D is in, the only token of
  // the mid stream still upstream of half 2's output register is its D (way 2's
  // D in half 2's head 1 waits for it), so the work left, in cycles, is half 2's
  // output stage as union_ref_inv.sv's IvLive (per output: two a token in its
  // buffer, one less when its consumer waited in the last cycle, three for the
  // output register) plus a weight for D where it still is: 4 in half 2's heads
  // (room in every output, then the register), one more per stage upstream
  // (b01, half 1's buffers, half 1's register, half 1's heads). ref[0] and
  // ref[1] share half 2's way-0 buffer: its head leaves when both are sent (the
  // unpack's sent bits), so the one less needs each sent or its consumer waited.
  logic [7:0] lv_fb[3], lv_fmax, lv_up, lv_rank;
  logic       lv_adj01;
  assign lv_adj01 = (dut.gen_halves.unpack.sent_q[0] || live_wait_q[1])
                 && (dut.gen_halves.unpack.sent_q[1] || live_wait_q[2]);
  assign lv_fb[0] = 8'd2 * 8'(h2_cc) + 8'd3 * 8'(h2_reg) - 8'(live_wait_q[0] && h2_cc != '0);
  assign lv_fb[1] = 8'd2 * 8'(h2_rc[0]) + 8'd3 * 8'(h2_reg) - 8'(lv_adj01 && h2_rc[0] != '0);
  assign lv_fb[2] = 8'd2 * 8'(h2_rc[1]) + 8'd3 * 8'(h2_reg) - 8'(live_wait_q[3] && h2_rc[1] != '0);
  assign lv_fmax = lv_fb[0] > lv_fb[1] ? (lv_fb[0] > lv_fb[2] ? lv_fb[0] : lv_fb[2])
                                       : (lv_fb[1] > lv_fb[2] ? lv_fb[1] : lv_fb[2]);
  assign lv_up = 8'd4 * 8'(|h2_full) + 8'd5 * 8'(b_cnt) + 8'd6 * 8'(h1_cc)
               + 8'd7 * 8'(h1_reg) + 8'd8 * 8'(|h1_full);
  assign lv_rank = lv_fmax + lv_up;
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (&live_in_done && live_fair_q && !(&live_out_done))
        JvLive: assert (32'(live_cycles_q) + 32'(lv_rank) <= 32'(LiveBound));
    end
  end
