  // formal/intersect_ref_inv.sv (after formal/join_ref_inv.sv and tokens_inv.sv):
  // invariants of `intersect`, asserted (proven, never assumed), that make the
  // harness k-inductive. They tie the join scoreboard (formal/join_ref.sv bound by
  // join_ref_ways2.sv) to sam_intersect's per-way queue (the window's valid
  // slots, then nxt, then the stage, with the references in the ring) and to
  // sam_joiner_ways' three output buffers (Depth 3); the stream monitors
  // (grammar, the ways' stop alignment, liveness) to the tokens in flight; and
  // the classes (in, ab) of the window's and nxt's tokens, with the compares
  // registered but not yet applied, to the other way's queue: sound (in: the
  // other way holds the coordinate in the same fiber; ab: it does not, and has
  // passed it) and complete (every pair of tokens past the stages is
  // classified); and a liveness rank. k-inductive at depth 2, split in groups
  // (formal/proofs.toml). 2 ways, CrdWidth = RefWidth = 3. The reference's
  // fiber counters stop at 15, so fibers are counted from the output's closed
  // ones (5 bits) and meet the ways' through iv_sat.

  logic [4:0] iv_f;
  logic [2:0] iv_c;
  assign iv_f = 5'(join_ref.fiber_q);
  assign iv_c = join_ref.crd_q;

  function automatic logic [1:0] iv_m3(logic [2:0] v);
    return v >= 3'd3 ? 2'(v - 3'd3) : 2'(v);
  endfunction

  // ---- The output buffers (crd, ref[k]), oldest first (Depth 3).
  logic [1:0] iv_cc, iv_rc[2];
  logic [3:0] iv_cs[3], iv_rs[2][3];
  assign iv_cc = dut.ways.crd_buffer.gen_buffer.count_q;
  for (genvar i = 0; i < 3; i++) begin : gen_iv_cslot
    assign iv_cs[i] = dut.ways.crd_buffer.gen_buffer.mem_q[
        iv_m3(3'(dut.ways.crd_buffer.gen_buffer.rd_ptr_q) + 3'(i))];
  end
  for (genvar k = 0; k < 2; k++) begin : gen_iv_rbuf
    assign iv_rc[k] = dut.ways.gen_way[k].ref_buffer.gen_buffer.count_q;
    for (genvar i = 0; i < 3; i++) begin : gen_iv_rslot
      assign iv_rs[k][i] = dut.ways.gen_way[k].ref_buffer.gen_buffer.mem_q[
          iv_m3(3'(dut.ways.gen_way[k].ref_buffer.gen_buffer.rd_ptr_q) + 3'(i))];
    end
  end

  // The crd output's grammar along its buffer, from the output monitor's state,
  // and the hits of c in fiber f (formal/crd_walk.sv); after it, what the heads
  // have emitted, and whether c in fiber f is emitted.
  logic       iv_Gd, iv_Gad, iv_Gat, iv_Gfd, iv_ohas;
  logic [2:0] iv_Glast;
  logic [4:0] iv_E;
  logic [2:0] iv_hit;
  formal_crd_walk #(.Slots(3)) iv_crd_walk (
    .clk_i(clk_i), .rst_ni(rst_ni), .done_i(out_crd_check.gen_grammar.done_q),
    .after_data_i(out_crd_check.gen_grammar.after_data_q),
    .after_top_i(out_crd_check.gen_grammar.after_top_q),
    .fiber_data_i(out_crd_check.gen_grammar.fiber_data_q),
    .last_i(out_crd_check.gen_grammar.last_q), .fib_i(5'(join_ref.ofib_q)),
    .valid_i({2'(2) < iv_cc, 2'(1) < iv_cc, 2'(0) < iv_cc}),
    .tok_i({iv_cs[2], iv_cs[1], iv_cs[0]}), .c_i(iv_c), .f_i(iv_f),
    .closed_i(join_ref.closed_q[0]), .stop_i(join_ref.stop0_q), .done_o(iv_Gd),
    .after_data_o(iv_Gad), .after_top_o(iv_Gat), .fiber_data_o(iv_Gfd), .last_o(iv_Glast),
    .fib_o(iv_E), .hit_o(iv_hit));
  assign iv_ohas = join_ref.ohas_q || |iv_hit;

  // ---- Each way's queue, oldest first: window slots 0..4 (the valid ones
  // first), nxt (5), the stage (6); each token with its reference, tag, the
  // control tokens and the stops before it, and its fiber (the output's plus
  // the stops before it).
  logic       iv_qv[2][7];
  logic [3:0] iv_qt[2][7], iv_qr[2][7];
  logic [2:0] iv_qg[2][7];
  logic [2:0] iv_nctl[2][8], iv_nstp[2][8];
  logic [4:0] iv_qF[2][7], iv_W[2];
  logic       iv_lv[2][8];     // a valid token before position p
  logic [3:0] iv_lt[2][8];     // the last one
  logic       iv_md[2], iv_mad[2], iv_mat[2], iv_mfd[2];
  logic [2:0] iv_mlast[2];
  logic [2:0] iv_base[2];
  for (genvar k = 0; k < 2; k++) begin : gen_iv_q
    assign iv_md[k]    = gen_in_crd[k].in_crd_check.gen_grammar.done_q;
    assign iv_mad[k]   = gen_in_crd[k].in_crd_check.gen_grammar.after_data_q;
    assign iv_mat[k]   = gen_in_crd[k].in_crd_check.gen_grammar.after_top_q;
    assign iv_mfd[k]   = gen_in_crd[k].in_crd_check.gen_grammar.fiber_data_q;
    assign iv_mlast[k] = gen_in_crd[k].in_crd_check.gen_grammar.last_q;
    for (genvar p = 0; p < 5; p++) begin : gen_iv_w
      assign iv_qv[k][p] = dut.w_valid_q[k][p];
      assign iv_qt[k][p] = dut.w_crd_q[k][p];
      assign iv_qg[k][p] = dut.w_tag_q[k][p];
      assign iv_qr[k][p] = dut.gen_way_state[k].ring_q[dut.gen_way_state[k].ring_rd_q + 3'(p)];
    end
    assign iv_qv[k][5] = dut.nxt_valid_q[k];
    assign iv_qt[k][5] = dut.nxt_crd_q[k];
    assign iv_qg[k][5] = dut.nxt_tag_q[k];
    assign iv_qr[k][5] = dut.nxt_ref_q[k];
    assign iv_qv[k][6] = dut.stg_valid_q[k];
    assign iv_qt[k][6] = dut.stg_crd_q[k];
    assign iv_qg[k][6] = dut.stg_tag_q[k];
    assign iv_qr[k][6] = dut.stg_ref_q[k];
    assign iv_nctl[k][0] = '0;
    assign iv_nstp[k][0] = '0;
    assign iv_lv[k][0]   = 1'b0;
    assign iv_lt[k][0]   = '0;
    for (genvar p = 0; p < 7; p++) begin : gen_iv_cnt
      assign iv_nctl[k][p + 1] = iv_nctl[k][p] + 3'(iv_qv[k][p] && iv_qt[k][p][3]);
      assign iv_nstp[k][p + 1] = iv_nstp[k][p] + 3'(iv_qv[k][p] && iv_isstop(iv_qt[k][p]));
      assign iv_lv[k][p + 1]   = iv_lv[k][p] || iv_qv[k][p];
      assign iv_lt[k][p + 1]   = iv_qv[k][p] ? iv_qt[k][p] : iv_lt[k][p];
      assign iv_qF[k][p]       = iv_E + 5'(iv_nstp[k][p]);
    end
    assign iv_W[k]    = iv_E + 5'(iv_nstp[k][7]);
    assign iv_base[k] = dut.gen_way_state[k].tag_q - iv_nctl[k][7];
  end

  // Way j's queue holds data x in fiber F; j has taken or passed x in F (shown
  // it, a larger coordinate, or closed F or the stream).
  function automatic logic iv_inq(int j, logic [4:0] F, logic [2:0] x);
    logic r;
    r = 1'b0;
    for (int q = 0; q < 7; q++)
      if (iv_qv[j][q] && iv_qt[j][q] == {1'b0, x} && iv_qF[j][q] == F) r = 1'b1;
    return r;
  endfunction
  function automatic logic iv_reached(int j, logic [4:0] F, logic [2:0] x);
    return iv_W[j] > F || (iv_W[j] == F && (iv_md[j] || (iv_mfd[j] && iv_mlast[j] >= x)));
  endfunction

  // The same within the queues, by the count of control tokens before the
  // token (n: its fiber is the n-th from the head's), for the classes.
  function automatic logic iv_inqn(int j, logic [2:0] n, logic [2:0] x);
    logic r;
    r = 1'b0;
    for (int q = 0; q < 7; q++)
      if (iv_qv[j][q] && iv_qt[j][q] == {1'b0, x} && iv_nctl[j][q] == n) r = 1'b1;
    return r;
  endfunction
  function automatic logic iv_passedn(int j, logic [2:0] n, logic [2:0] x);
    return iv_nctl[j][7] > n || (iv_nctl[j][7] == n && iv_mfd[j] && iv_mlast[j] > x);
  endfunction

  logic iv_inqc[2];
  assign iv_inqc[0] = iv_inq(0, iv_f, iv_c);
  assign iv_inqc[1] = iv_inq(1, iv_f, iv_c);

  for (genvar k = 0; k < 2; k++) begin : gen_iv_way
    localparam int unsigned J = 1 - k;  // the other way
    logic [4:0] v;
    logic       nin, ngt;  // nxt's own class from way J
    assign v   = dut.w_valid_q[k];
    assign nin = dut.gen_cmp_way[k].gen_cmp_other[J].gen_pair.self_in;
    assign ngt = dut.gen_cmp_way[k].gen_cmp_other[J].gen_pair.self_gt;
    // The window's structure: valid slots first, the stop flags and inall
    // beside the tokens, no class of the way itself, of an empty slot or of a
    // stop, nxt's slot precomputed for each shift, the ring's fill.
    for (genvar i = 0; i < 5; i++) begin : gen_iv_slot
      always_ff @(posedge clk_i) begin
        if (rst_ni) begin
          if (i < 4 && v[i < 4 ? i + 1 : 0]) IvSPre: assert (v[i]);
          IvSCtl: assert (dut.ctl_q[k][i] == (v[i] && iv_qt[k][i][3]));
          IvSInAll: assert (dut.inall_q[k][i] == dut.in_q[k][i][J]);
          IvSSelf: assert (!dut.in_q[k][i][k] && !dut.ab_q[k][i][k]);
          if (!v[i] || iv_qt[k][i][3])
            IvSIdle: assert (!dut.in_q[k][i][J] && !dut.ab_q[k][i][J]
                             && !dut.gen_way_state[k].in_a[i][J] && !dut.gen_way_state[k].ab_a[i][J]);
        end
      end
      for (genvar b = 0; b < 3; b++) begin : gen_iv_ld
        logic pv, cv;
        if (i + b == 0) begin : gen_first
          assign pv = 1'b1;
        end else if (i + b - 1 < 5) begin : gen_prev
          assign pv = v[i + b - 1];
        end else begin : gen_none
          assign pv = 1'b0;
        end
        if (i + b < 5) begin : gen_cur
          assign cv = v[i + b];
        end else begin : gen_past
          assign cv = 1'b0;
        end
        always_ff @(posedge clk_i) begin
          if (rst_ni)
            IvSLd: assert (dut.gen_way_state[k].ld_q[b][i] == (dut.nxt_valid_q[k] && pv && !cv));
        end
      end
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        if (dut.nxt_valid_q[k]) IvSNxtRoom: assert (!v[4]);
        IvSRing: assert (dut.gen_way_state[k].ring_wr_q - dut.gen_way_state[k].ring_rd_q
                         == 3'(v[0]) + 3'(v[1]) + 3'(v[2]) + 3'(v[3]) + 3'(v[4]));
        if (dut.nxt_valid_q[k] && iv_qt[k][5][3]) IvSNxtCls: assert (!nin && !ngt);
      end
    end
    // The queue: tokens of the grammar, each reference of its crd's shape, the
    // tags counting the control tokens, each token after its predecessor in the
    // grammar, the first after the output's last.
    for (genvar p = 0; p < 7; p++) begin : gen_iv_tok
      logic [3:0] t, a;
      assign t = iv_qt[k][p];
      assign a = iv_lt[k][p];
      always_ff @(posedge clk_i) begin
        if (rst_ni && iv_qv[k][p]) begin
          IvQTok: assert (iv_kind(t) != sam_pkg::TokEmpty && (!iv_isstop(t) || t[2:0] < 3'd2)
                          && iv_shape(t) == iv_shape(iv_qr[k][p]));
          IvQTag: assert (iv_qg[k][p] == iv_base[k] + iv_nctl[k][p]);
          if (iv_lv[k][p])
            IvQGram: assert (!iv_isdone(a) && (!iv_isdone(t) || a == 4'b1001)
                             && (!iv_isdata(t) || !iv_isdata(a) || t[2:0] > a[2:0]));
          else begin
            if (iv_isdone(t)) IvQFirstD: assert (iv_Gat && !iv_Gad && !iv_Gd);
            if (iv_isdata(t) && iv_Gfd) IvQFirst: assert (t[2:0] > iv_Glast);
            IvQFirstNd: assert (!iv_Gd);
          end
          // c in fiber f: taken, with its reference.
          if (iv_isdata(t) && t[2:0] == iv_c && iv_qF[k][p] == iv_f)
            IvHC: assert (join_ref.has_q[k] && iv_qr[k][p] == join_ref.ref_want_q[k]);
          if (k == 0 && iv_isstop(t) && iv_qF[k][p] == iv_f)
            IvHStop: assert (join_ref.closed_q[0] && t == join_ref.stop0_q);
        end
      end
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        IvQBase: assert (iv_base[k] == iv_base[J]);
        // The last token in is the queue's last: the input monitor's state.
        if (iv_lv[k][7])
          IvMonLast: assert (iv_md[k] == iv_isdone(iv_lt[k][7]) && iv_mad[k] == iv_isdata(iv_lt[k][7])
                             && iv_mat[k] == (iv_lt[k][7] == 4'b1001)
                             && (iv_isdata(iv_lt[k][7]) ? iv_mfd[k] && iv_mlast[k] == iv_lt[k][7][2:0]
                                                        : !iv_mfd[k]));
        else if (!iv_mad[k])
          IvMonEmpty: assert (iv_Gd == iv_md[k] && iv_Gat == iv_mat[k] && !iv_Gad && !iv_Gfd);
        IvMonIn: assert (iv_mfd[k] == iv_mad[k] && !(iv_mat[k] && iv_mad[k])
                         && (!iv_md[k] || (!iv_mat[k] && !iv_mad[k])));
        IvMonRefIn: assert (gen_in_ref[k].in_ref_check.gen_grammar.done_q == iv_md[k]
                            && gen_in_ref[k].in_ref_check.gen_grammar.after_top_q == iv_mat[k]);
        if (iv_Gfd && iv_nstp[k][7] == '0)
          IvSortedM: assert (iv_mfd[k] && iv_mlast[k] >= iv_Glast);
        // Fibers: the way's are the output's plus the stops in its queue.
        IvFib: assert (5'(join_ref.fib_q[k]) == iv_sat(iv_W[k]));
        // c in fiber f: taken once the way has taken or passed it; one way's c
        // waits in its queue only while the other's does, or the other has not
        // taken it; with c gone from the queue, the other way has reached it.
        if (join_ref.has_q[k]) IvHas: assert (iv_reached(k, iv_f, iv_c));
        if (iv_W[k] == iv_f && iv_mfd[k] && iv_mlast[k] == iv_c) IvHasAt: assert (join_ref.has_q[k]);
        if (iv_inqc[k] && join_ref.has_q[J]) IvHC2: assert (iv_inqc[J]);
        if (join_ref.has_q[k] && !iv_inqc[k]) IvLeft: assert (iv_reached(J, iv_f, iv_c));
      end
    end
    // The classes of the window's tokens (with last cycle's compares applied,
    // in_a and ab_a) and of nxt's (its compares as the stage): sound and, against
    // every token of the other way past its stage, complete.
    for (genvar p = 0; p < 6; p++) begin : gen_iv_cls
      logic       din, dab, dv;
      logic [2:0] x;
      logic [2:0] n;
      assign dv  = iv_qv[k][p] && iv_isdata(iv_qt[k][p]);
      assign x   = iv_qt[k][p][2:0];
      assign n   = iv_nctl[k][p];
      if (p < 5) begin : gen_w
        assign din = dut.gen_way_state[k].in_a[p][J];
        assign dab = dut.gen_way_state[k].ab_a[p][J];
      end else begin : gen_n
        assign din = nin;
        assign dab = ngt && !nin;
      end
      always_ff @(posedge clk_i) begin
        if (rst_ni && dv) begin
          if (din) IvCIn: assert (iv_inqn(J, n, x));
          if (dab) IvCAb: assert (!iv_inqn(J, n, x) && iv_passedn(J, n, x));
        end
      end
      for (genvar q = 0; q < 6; q++) begin : gen_iv_pair
        always_ff @(posedge clk_i) begin
          if (rst_ni && dv && iv_qv[J][q] && iv_nctl[J][q] == n) begin
            if (iv_qt[J][q] == {1'b0, x}) IvCEq: assert (din);
            if (iv_qt[J][q][3] || iv_qt[J][q][2:0] > x) IvCGt: assert (din || dab);
          end
        end
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      // The decision's registers: every head a stop.
      // An emit finds every buffer holding one token at most: two at most.
      IvSBuf: assert (iv_cc <= 2'd2 && iv_rc[0] <= 2'd2 && iv_rc[1] <= 2'd2);
      IvSStops: assert (dut.stops_q == (iv_qv[0][0] && iv_qt[0][0][3] && iv_qv[1][0] && iv_qt[1][0][3]));
      // c out in fiber f (or in the buffer) exactly when both ways took it and
      // it has left both queues.
      if (iv_ohas) IvOHas: assert (join_ref.has_q[0] && join_ref.has_q[1] && !iv_inqc[0] && !iv_inqc[1]);
      if (join_ref.has_q[0] && join_ref.has_q[1] && !iv_inqc[0] && !iv_inqc[1]) IvOHas2: assert (iv_ohas);
      // D out: nothing in the queues, both ways done.
      if (iv_Gd) IvGd: assert (!iv_lv[0][7] && !iv_lv[1][7] && iv_md[0] && iv_md[1]);
      // The ways' alignment (formal/aligned.sv): the control tokens of the two
      // queues pair up in order, the leading queue's extra ones are the
      // monitor's; each way's crd and ref move together.
      IvAlign: assert (32'(aligned_crd0_crd1.cnt_q)
                       == 32'(iv_nctl[0][7] > iv_nctl[1][7] ? iv_nctl[0][7] - iv_nctl[1][7]
                                                            : iv_nctl[1][7] - iv_nctl[0][7])
                       && aligned_crd0_ref0.cnt_q == '0 && aligned_crd1_ref1.cnt_q == '0
                       && aligned_crd0_crd1.gen_stops_data.mid_a_q == iv_mad[0]
                       && aligned_crd0_crd1.gen_stops_data.mid_b_q == iv_mad[1]);
      if (iv_nctl[0][7] != iv_nctl[1][7])
        IvAlignLead: assert (aligned_crd0_crd1.b_lead_q == (iv_nctl[1][7] > iv_nctl[0][7]));
    end
  end
  for (genvar p = 0; p < 7; p++) begin : gen_iv_al
    for (genvar q = 0; q < 7; q++) begin : gen_iv_alq
      always_ff @(posedge clk_i) begin
        if (rst_ni && iv_qv[0][p] && iv_qt[0][p][3] && iv_qv[1][q] && iv_qt[1][q][3]
            && iv_nctl[0][p] == iv_nctl[1][q])
          IvAlignPair: assert (iv_qt[0][p] == iv_qt[1][q]);
        // D follows S1 at once on both ways: no data before a D of the other way's
        // at the same count of control tokens.
        if (iv_qv[0][p] && iv_isdata(iv_qt[0][p]) && iv_qv[1][q] && iv_isdone(iv_qt[1][q]))
          IvAlignD0: assert (iv_nctl[0][p] != iv_nctl[1][q]);
        if (iv_qv[1][q] && iv_isdata(iv_qt[1][q]) && iv_qv[0][p] && iv_isdone(iv_qt[0][p]))
          IvAlignD1: assert (iv_nctl[1][q] != iv_nctl[0][p]);
      end
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        if (iv_mad[0] && iv_qv[1][p] && iv_isdone(iv_qt[1][p])) IvAlignM0: assert (iv_nctl[1][p] != iv_nctl[0][7]);
        if (iv_mad[1] && iv_qv[0][p] && iv_isdone(iv_qt[0][p])) IvAlignM1: assert (iv_nctl[0][p] != iv_nctl[1][7]);
      end
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        if (iv_qv[0][p] && iv_qt[0][p][3] && iv_nctl[0][p] >= iv_nctl[1][7])
          IvAlignQ0: assert (aligned_crd0_crd1.q_q[iv_nctl[0][p] - iv_nctl[1][7]] == iv_shape(iv_qt[0][p]));
        if (iv_qv[1][p] && iv_qt[1][p][3] && iv_nctl[1][p] >= iv_nctl[0][7])
          IvAlignQ1: assert (aligned_crd0_crd1.q_q[iv_nctl[1][p] - iv_nctl[0][7]] == iv_shape(iv_qt[1][p]));
      end
    end
  end

  // Per way: its ref buffer beside crd's, its grammar, and the picked pair
  // (formal/ref_beside.sv).
  for (genvar k = 0; k < 2; k++) begin : gen_iv_ref
    formal_ref_beside #(.Slots(3), .PickBoth(1'b0)) beside (
      .clk_i(clk_i), .rst_ni(rst_ni),
      .done_i(gen_out_ref[k].out_ref_check.gen_grammar.done_q),
      .after_data_i(gen_out_ref[k].out_ref_check.gen_grammar.after_data_q),
      .after_top_i(gen_out_ref[k].out_ref_check.gen_grammar.after_top_q),
      .crd_done_i(iv_Gd), .crd_after_top_i(iv_Gat),
      .cvalid_i({2'(2) < iv_cc, 2'(1) < iv_cc, 2'(0) < iv_cc}),
      .ctok_i({iv_cs[2], iv_cs[1], iv_cs[0]}), .hit_i(iv_hit),
      .rvalid_i({2'(2) < iv_rc[k], 2'(1) < iv_rc[k], 2'(0) < iv_rc[k]}),
      .rtok_i({iv_rs[k][2], iv_rs[k][1], iv_rs[k][0]}),
      .lead_i($signed(4'(iv_rc[k])) - $signed(4'(iv_cc))),
      .want_i(join_ref.ref_want_q[k]), .wok_i(1'b1),
      .ref_lead_i(join_ref.g_way[k].lead_q), .ahead_i(join_ref.g_way[k].ahead_q),
      .crd_known_i(join_ref.g_way[k].crd_known_q),
      .ref_known_i(join_ref.g_way[k].ref_known_q), .ref_hit_i(join_ref.g_way[k].hit_q),
      .crd_tok_i(join_ref.g_way[k].crd_tok_q), .ref_tok_i(join_ref.g_way[k].ref_tok_q));
  end

  // The sampled handshake invariants: formal/joiner_stall_inv.sv.

  // Liveness (formal.py's monitor). Once every D is in, work left, in cycles: a
  // rank that falls by at least one in every cycle while the consumers are fair.
  // Five for each token in the ways' queues (a head leaves when the decision's
  // registers have its class; an emit puts at most four in the rank of the
  // buffers); each buffer two cycles a token, one less when its consumer waited
  // in the last cycle (it is ready in this one), the fullest counting; and the
  // wait for the next decision: none once its registers hold it, one with both
  // windows holding a head (every pair past the stages is classified), two or
  // three while a window waits for nxt or the stage.
  logic [7:0] iv_fb[3], iv_fmax, iv_rank, iv_n;
  logic [1:0] iv_wk[2], iv_wait;
  logic       iv_dec;
  assign iv_fb[0] = 8'd2 * 8'(iv_cc) - 8'(live_wait_q[0] && iv_cc != '0);
  assign iv_fb[1] = 8'd2 * 8'(iv_rc[0]) - 8'(live_wait_q[1] && iv_rc[0] != '0);
  assign iv_fb[2] = 8'd2 * 8'(iv_rc[1]) - 8'(live_wait_q[2] && iv_rc[1] != '0);
  assign iv_fmax = iv_fb[0] > iv_fb[1] ? (iv_fb[0] > iv_fb[2] ? iv_fb[0] : iv_fb[2])
                                       : (iv_fb[1] > iv_fb[2] ? iv_fb[1] : iv_fb[2]);
  always_comb begin
    iv_n = '0;
    for (int k = 0; k < 2; k++)
      for (int p = 0; p < 7; p++) iv_n = iv_n + 8'(iv_qv[k][p]);
  end
  assign iv_dec = dut.stops_q || (dut.inall_q[0][0] && dut.inall_q[1][0])
                  || dut.ab_q[0][0][1] || dut.ab_q[1][0][0];
  for (genvar k = 0; k < 2; k++) begin : gen_iv_wait
    assign iv_wk[k] = dut.w_valid_q[k][0] ? 2'd0 : dut.nxt_valid_q[k] ? 2'd2
                      : dut.stg_valid_q[k] ? 2'd3 : 2'd0;
  end
  assign iv_wait = iv_dec ? 2'd0 : (dut.w_valid_q[0][0] && dut.w_valid_q[1][0]) ? 2'd1
                   : iv_wk[0] > iv_wk[1] ? iv_wk[0] : iv_wk[1];
  assign iv_rank = 8'd5 * iv_n + iv_fmax + 8'(iv_wait);
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (&live_in_done && live_fair_q && !(&live_out_done))
        IvLive: assert (32'(live_cycles_q) + 32'(iv_rank) <= 32'(LiveBound));
    end
  end

  // Skip = 1: a stalled skip target is still offered (the target holds until
  // taken).
  if (Skip != 0) begin : gen_iv_skip
    for (genvar k = 0; k < 2; k++) begin : gen_iv_sk
      always_ff @(posedge clk_i) begin
        if (rst_ni && gen_out_skip[k].out_skip_check.stalled_q)
          IvStallSkip: assert (skip_valid_o[k] && gen_out_skip[k].out_skip_check.stalled_tok_q == skip_tok_o[k]);
      end
    end
  end
