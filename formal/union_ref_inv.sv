  // formal/union_ref_inv.sv (after formal/join_ref_inv.sv): invariants of
  // union_ref, asserted (proven, never assumed), that make the harness
  // k-inductive (depth 4; 2 suffices). They tie the join scoreboard's progress
  // (formal/join_ref.sv bound by join_ref_ways2.sv) to sam_union's head stage,
  // its order registers, the output register and sam_joiner_ways' three output
  // buffers (whose credit counts sam_joiner_ways asserts), and the stream
  // monitors (grammar, the ways' stop alignment, liveness) to the tokens in
  // flight. 2 ways, CrdWidth = RefWidth = 3, output buffers of three. Each
  // output's tokens in flight form a queue: its buffer, oldest first, then the
  // output register (emit_q). The reference's fiber
  // counters stop at 15, so fibers are counted from the output's closed ones
  // (5 bits) and meet the ways' through iv_sat.
  // Slot q of a three-entry buffer from its read pointer.
  function automatic logic [1:0] iv_slot(logic [1:0] rd, logic [1:0] q);
    logic [2:0] s;
    s = 3'(rd) + 3'(q);
    return s >= 3'd3 ? 2'(s - 3'd3) : 2'(s);
  endfunction

  localparam logic [3:0] IvN = 4'b1110;  // N (RefWidth 3)

  logic [4:0] iv_f;
  logic [2:0] iv_c;
  assign iv_f = 5'(join_ref.fiber_q);
  assign iv_c = join_ref.crd_q;

  // The output queues (crd, ref[k]): the buffer's tokens, oldest first, then the
  // output register's. Length: the count plus emit_q.
  logic       iv_reg;
  logic [1:0] iv_cc, iv_rc[2];
  logic [2:0] iv_cn, iv_rn[2];
  logic [3:0] iv_cs[4], iv_rs[2][4];
  assign iv_reg = dut.emit_q;
  assign iv_cc  = dut.ways.crd_buffer.gen_buffer.count_q;
  assign iv_cn  = 3'(iv_cc) + 3'(iv_reg);
  for (genvar i = 0; i < 4; i++) begin : gen_iv_cslot
    if (i < 3) begin : gen_b
      assign iv_cs[i] = 2'(i) < iv_cc
          ? dut.ways.crd_buffer.gen_buffer.mem_q[iv_slot(dut.ways.crd_buffer.gen_buffer.rd_ptr_q, 2'(i))]
          : dut.crd_out_q;
    end else begin : gen_r
      assign iv_cs[i] = dut.crd_out_q;
    end
  end
  for (genvar k = 0; k < 2; k++) begin : gen_iv_rbuf
    assign iv_rc[k] = dut.ways.gen_way[k].ref_buffer.gen_buffer.count_q;
    assign iv_rn[k] = 3'(iv_rc[k]) + 3'(iv_reg);
    for (genvar i = 0; i < 4; i++) begin : gen_iv_rslot
      if (i < 3) begin : gen_b
        assign iv_rs[k][i] = 2'(i) < iv_rc[k]
            ? dut.ways.gen_way[k].ref_buffer.gen_buffer.mem_q[
                iv_slot(dut.ways.gen_way[k].ref_buffer.gen_buffer.rd_ptr_q, 2'(i))]
            : dut.ref_out[k];
      end else begin : gen_r
        assign iv_rs[k][i] = dut.ref_out[k];
      end
    end
  end

  // The crd output's grammar along its queue, from the output monitor's state,
  // and the hits of c in fiber f (formal/crd_walk.sv); after it, what the heads
  // have emitted, and whether c in fiber f is emitted.
  logic       iv_Gd, iv_Gad, iv_Gat, iv_Gfd, iv_ohas;
  logic [2:0] iv_Glast;
  logic [4:0] iv_E;
  logic [3:0] iv_hit;
  formal_crd_walk #(.Slots(4)) iv_crd_walk (
    .clk_i(clk_i), .rst_ni(rst_ni), .done_i(out_crd_check.gen_grammar.done_q),
    .after_data_i(out_crd_check.gen_grammar.after_data_q),
    .after_top_i(out_crd_check.gen_grammar.after_top_q),
    .fiber_data_i(out_crd_check.gen_grammar.fiber_data_q),
    .last_i(out_crd_check.gen_grammar.last_q), .fib_i(5'(join_ref.ofib_q)),
    .valid_i({3'(3) < iv_cn, 3'(2) < iv_cn, 3'(1) < iv_cn, 3'(0) < iv_cn}),
    .tok_i({iv_cs[3], iv_cs[2], iv_cs[1], iv_cs[0]}), .c_i(iv_c), .f_i(iv_f),
    .closed_i(join_ref.closed_q[0]), .stop_i(join_ref.stop0_q), .done_o(iv_Gd),
    .after_data_o(iv_Gad), .after_top_o(iv_Gat), .fiber_data_o(iv_Gfd), .last_o(iv_Glast),
    .fib_o(iv_E), .hit_o(iv_hit));
  assign iv_ohas = join_ref.ohas_q || |iv_hit;

  // The heads, each with its way's input monitor (the last token in, which the
  // head holds while full) and the way's fiber (the output's, plus a stop in
  // the head). hc: the head holds c in fiber f; past: the way has taken c in
  // fiber f or passed it.
  logic [1:0] iv_full, iv_hdata, iv_hstop, iv_hend, iv_hc, iv_past;
  logic [4:0] iv_W[2];
  logic       iv_md[2], iv_mad[2], iv_mat[2], iv_mfd[2];
  logic [2:0] iv_mlast[2];
  assign iv_md[0]    = gen_in_crd[0].in_crd_check.gen_grammar.done_q;
  assign iv_mad[0]   = gen_in_crd[0].in_crd_check.gen_grammar.after_data_q;
  assign iv_mat[0]   = gen_in_crd[0].in_crd_check.gen_grammar.after_top_q;
  assign iv_mfd[0]   = gen_in_crd[0].in_crd_check.gen_grammar.fiber_data_q;
  assign iv_mlast[0] = gen_in_crd[0].in_crd_check.gen_grammar.last_q;
  assign iv_md[1]    = gen_in_crd[1].in_crd_check.gen_grammar.done_q;
  assign iv_mad[1]   = gen_in_crd[1].in_crd_check.gen_grammar.after_data_q;
  assign iv_mat[1]   = gen_in_crd[1].in_crd_check.gen_grammar.after_top_q;
  assign iv_mfd[1]   = gen_in_crd[1].in_crd_check.gen_grammar.fiber_data_q;
  assign iv_mlast[1] = gen_in_crd[1].in_crd_check.gen_grammar.last_q;
  for (genvar k = 0; k < 2; k++) begin : gen_iv_head
    assign iv_full[k]  = dut.full_q[k];
    assign iv_hdata[k] = dut.full_q[k] && iv_isdata(dut.crd_q[k]);
    assign iv_hstop[k] = dut.full_q[k] && iv_isstop(dut.crd_q[k]);
    assign iv_hend[k]  = dut.full_q[k] && !iv_isdata(dut.crd_q[k]);
    assign iv_W[k]     = iv_E + 5'(iv_hstop[k]);
    assign iv_hc[k]    = iv_hdata[k] && dut.crd_q[k][2:0] == iv_c && iv_W[k] == iv_f;
    assign iv_past[k]  = iv_W[k] > iv_f || (iv_W[k] == iv_f && iv_mfd[k] && iv_mlast[k] >= iv_c);
  end

  for (genvar k = 0; k < 2; k++) begin : gen_iv_way
    localparam int unsigned J = 1 - k;  // the other way
    logic [3:0] h, r;
    assign h = dut.crd_q[k];
    assign r = dut.ref_q[k];
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        // The head is the last token in: the input monitor's state.
        if (iv_full[k])
          IvHead: assert (iv_kind(h) != sam_pkg::TokEmpty && (!iv_isstop(h) || h[2:0] < 3'd2)
                          && iv_md[k] == iv_isdone(h) && iv_mad[k] == iv_isdata(h)
                          && iv_mat[k] == (h == 4'b1001)
                          && (iv_isdata(h) ? iv_mfd[k] && iv_mlast[k] == h[2:0] : !iv_mfd[k])
                          && iv_shape(h) == iv_shape(r));
        IvData: assert (dut.data_q[k] == iv_hdata[k]);
        IvMonIn: assert (iv_mfd[k] == iv_mad[k] && !(iv_mat[k] && iv_mad[k])
                         && (!iv_md[k] || (!iv_mat[k] && !iv_mad[k])));
        IvMonRefIn: assert (gen_in_ref[k].in_ref_check.gen_grammar.done_q == iv_md[k]
                            && gen_in_ref[k].in_ref_check.gen_grammar.after_top_q == iv_mat[k]);
        // An empty head whose way's last token was a stop or D: that token is
        // the last out (nothing but data leaves without both heads); one whose
        // last token was data: that coordinate is the last out.
        if (!iv_full[k] && !iv_mad[k])
          IvEmpty: assert (iv_Gd == iv_md[k] && iv_Gat == iv_mat[k] && !iv_Gad && !iv_Gfd);
        if (!iv_full[k] && iv_mad[k])
          IvEmptyD: assert (iv_Gad && iv_Glast == iv_mlast[k]);
        // Sorted out: each way in the output's fiber has taken data in it, and
        // a data head lies past the last coordinate out.
        if (iv_Gfd && iv_W[k] == iv_E)
          IvSorted: assert (iv_mfd[k] && (!iv_hdata[k] || h[2:0] > iv_Glast)
                            && (iv_full[k] || iv_mlast[k] == iv_Glast));
        // D in a head: S1 was the last out, the other head holds D or nothing.
        if (iv_full[k] && iv_isdone(h))
          IvDoneHead: assert (iv_Gat && !iv_Gad && !iv_Gd && (!iv_full[J] || iv_isdone(dut.crd_q[J])));
        // Fibers: the way's are the output's plus a stop in the head.
        IvFib: assert (5'(join_ref.fib_q[k]) == iv_sat(iv_W[k]));
        // c in fiber f: taken by the way once it has taken or passed c; a head
        // holding c has its reference; c leaves every head holding it at once,
        // and once it has left, the other way has passed it.
        if (join_ref.has_q[k]) IvHas: assert (iv_past[k]);
        if (iv_W[k] == iv_f && iv_mfd[k] && iv_mlast[k] == iv_c) IvHasAt: assert (join_ref.has_q[k]);
        if (iv_hc[k]) IvHC: assert (join_ref.has_q[k] && r == join_ref.ref_want_q[k]);
        if (iv_hc[k] && join_ref.has_q[J]) IvHC2: assert (iv_hc[J]);
        if (join_ref.has_q[k] && !iv_hc[k]) IvLeft: assert (iv_past[J]);
      end
    end
  end
  // The order of the held coordinates (stage 1): between data heads, lt is
  // the comparison of their coordinates.
  always_ff @(posedge clk_i) begin
    if (rst_ni && dut.data_q[0] && dut.data_q[1]) begin
      IvLt01: assert (dut.lt[0][1] == (dut.crd_q[0][2:0] < dut.crd_q[1][2:0]));
      IvLt10: assert (dut.lt[1][0] == (dut.crd_q[1][2:0] < dut.crd_q[0][2:0]));
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      // c out in fiber f (or in a queue) exactly when a way took it and it has
      // left that way's head (then it has left both).
      if (iv_ohas) IvOHas: assert ((join_ref.has_q[0] || join_ref.has_q[1]) && !iv_hc[0] && !iv_hc[1]);
      if ((join_ref.has_q[0] && !iv_hc[0]) || (join_ref.has_q[1] && !iv_hc[1]))
        IvOHas2: assert (iv_ohas);
      // Way 0's head holding fiber f's stop: the one it closed fiber f with.
      if (iv_hstop[0] && iv_E == iv_f)
        IvHStop: assert (join_ref.closed_q[0] && dut.crd_q[0] == join_ref.stop0_q);
      // D out: nothing in the heads, both ways done.
      if (iv_Gd) IvGd: assert (!iv_full[0] && !iv_full[1] && iv_md[0] && iv_md[1]);
      // Both heads at a fiber's end: the same stop (or D).
      if (iv_hend[0] && iv_hend[1]) IvEnds: assert (dut.crd_q[0] == dut.crd_q[1]);
      // The ways' alignment (formal/aligned.sv): a stop or D in one head only is
      // the lead; each way's crd and ref move together.
      IvAlign: assert (32'(aligned_crd0_crd1.cnt_q) == 32'(iv_hend[0] != iv_hend[1])
                       && aligned_crd0_ref0.cnt_q == '0 && aligned_crd1_ref1.cnt_q == '0
                       && aligned_crd0_crd1.gen_stops_data.mid_a_q == iv_mad[0]
                       && aligned_crd0_crd1.gen_stops_data.mid_b_q == iv_mad[1]);
      if (iv_hend[0] && !iv_hend[1])
        IvAlign0: assert (!aligned_crd0_crd1.b_lead_q && aligned_crd0_crd1.q_q[0] == iv_shape(dut.crd_q[0]));
      if (iv_hend[1] && !iv_hend[0])
        IvAlign1: assert (aligned_crd0_crd1.b_lead_q && aligned_crd0_crd1.q_q[0] == iv_shape(dut.crd_q[1]));
    end
  end

  // Per way: its ref queue beside crd's, its grammar, and the picked pair
  // (formal/ref_beside.sv).
  for (genvar k = 0; k < 2; k++) begin : gen_iv_ref
    formal_ref_beside #(.Slots(4), .PickBoth(1'b1)) beside (
      .clk_i(clk_i), .rst_ni(rst_ni),
      .done_i(gen_out_ref[k].out_ref_check.gen_grammar.done_q),
      .after_data_i(gen_out_ref[k].out_ref_check.gen_grammar.after_data_q),
      .after_top_i(gen_out_ref[k].out_ref_check.gen_grammar.after_top_q),
      .crd_done_i(iv_Gd), .crd_after_top_i(iv_Gat),
      .cvalid_i({3'(3) < iv_cn, 3'(2) < iv_cn, 3'(1) < iv_cn, 3'(0) < iv_cn}),
      .ctok_i({iv_cs[3], iv_cs[2], iv_cs[1], iv_cs[0]}), .hit_i(iv_hit),
      .rvalid_i({3'(3) < iv_rn[k], 3'(2) < iv_rn[k], 3'(1) < iv_rn[k], 3'(0) < iv_rn[k]}),
      .rtok_i({iv_rs[k][3], iv_rs[k][2], iv_rs[k][1], iv_rs[k][0]}),
      .lead_i($signed(4'(iv_rc[k])) - $signed(4'(iv_cc))),
      .want_i(join_ref.has_q[k] ? join_ref.ref_want_q[k] : IvN), .wok_i(join_ref.has_q[k] || iv_past[k]),
      .ref_lead_i(join_ref.g_way[k].lead_q), .ahead_i(join_ref.g_way[k].ahead_q),
      .crd_known_i(join_ref.g_way[k].crd_known_q),
      .ref_known_i(join_ref.g_way[k].ref_known_q), .ref_hit_i(join_ref.g_way[k].hit_q),
      .crd_tok_i(join_ref.g_way[k].crd_tok_q), .ref_tok_i(join_ref.g_way[k].ref_tok_q));
  end

  // The sampled handshake invariants: formal/joiner_stall_inv.sv.

  // Liveness (formal.py's monitor). Once every D is in, both heads hold D or D
  // is out of them; work left, in cycles: a rank that falls by at least one in
  // every cycle while the consumers are fair. Per output: two cycles a token in
  // its buffer, one less when its consumer waited in the last cycle (it is
  // ready in this one), three for one in the output register; the fullest
  // counting; D in the heads 4 (it waits for room in every output, then
  // enters the register).
  logic [7:0] iv_fb[3], iv_fmax, iv_rank;
  assign iv_fb[0] = 8'd2 * 8'(iv_cc) + 8'd3 * 8'(iv_reg) - 8'(live_wait_q[0] && iv_cc != '0);
  assign iv_fb[1] = 8'd2 * 8'(iv_rc[0]) + 8'd3 * 8'(iv_reg) - 8'(live_wait_q[1] && iv_rc[0] != '0);
  assign iv_fb[2] = 8'd2 * 8'(iv_rc[1]) + 8'd3 * 8'(iv_reg) - 8'(live_wait_q[2] && iv_rc[1] != '0);
  assign iv_fmax = iv_fb[0] > iv_fb[1] ? (iv_fb[0] > iv_fb[2] ? iv_fb[0] : iv_fb[2])
                                       : (iv_fb[1] > iv_fb[2] ? iv_fb[1] : iv_fb[2]);
  assign iv_rank = iv_fmax + 8'd4 * 8'(iv_full[0]);
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (&live_in_done && live_fair_q && !(&live_out_done))
        IvLive: assert (32'(live_cycles_q) + 32'(iv_rank) <= 32'(LiveBound));
    end
  end
