  // formal/runmerge_ref_inv.sv (after formal/join_ref_inv.sv): invariants of
  // runmerge_union_ref and runmerge_intersect_ref, asserted (proven, never
  // assumed), that make the harness k-inductive. They tie the join scoreboard's
  // progress (formal/join_ref.sv bound by runmerge_ref.sv: way 0 runs, way 1
  // points) to sam_runmerge's head registers, held reference, pending resume,
  // output register and sam_joiner_ways' three output buffers, and the stream
  // monitors (grammar, the ways' stop alignment, liveness) to the tokens in
  // flight. CrdWidth = RefWidth = 3, output buffers of three. The credits keep
  // at most three tokens per output in the output register and its buffer, so
  // each output's tokens in flight are three places: the buffer's, oldest
  // first, then the output register's. The reference's fiber counters stop at
  // 15, so fibers are counted from the output's closed ones (5 bits) and meet
  // the ways' through iv_sat.
  localparam logic [3:0] IvEmpty = {1'b1, 3'(sam_pkg::empty_payload(3))};

  logic [4:0] iv_f;
  logic [2:0] iv_c;
  assign iv_f = 5'(join_ref.fiber_q);
  assign iv_c = join_ref.crd_q;

  // The tokens in flight per output (crd, ref[k]): the buffer's, then the
  // output register's.
  logic [1:0] iv_cc, iv_rc[2];
  logic [3:0] iv_cs[3], iv_rs[2][3];
  logic       iv_cv[3];
  assign iv_cc = dut.ways.crd_buffer.gen_buffer.count_q;
  for (genvar i = 0; i < 3; i++) begin : gen_iv_cslot
    logic [2:0] a;
    assign a = 3'(dut.ways.crd_buffer.gen_buffer.rd_ptr_q) + 3'(i);
    assign iv_cs[i] = 2'(i) < iv_cc ? dut.ways.crd_buffer.gen_buffer.mem_q[a >= 3'd3 ? 2'(a - 3'd3) : 2'(a)]
                                    : dut.crd_out_q;
    assign iv_cv[i] = 2'(i) < iv_cc || (2'(i) == iv_cc && dut.emit_q);
  end
  for (genvar k = 0; k < 2; k++) begin : gen_iv_rbuf
    assign iv_rc[k] = dut.ways.gen_way[k].ref_buffer.gen_buffer.count_q;
    for (genvar i = 0; i < 3; i++) begin : gen_iv_rslot
      logic [2:0] a;
      assign a = 3'(dut.ways.gen_way[k].ref_buffer.gen_buffer.rd_ptr_q) + 3'(i);
      assign iv_rs[k][i] = 2'(i) < iv_rc[k]
          ? dut.ways.gen_way[k].ref_buffer.gen_buffer.mem_q[a >= 3'd3 ? 2'(a - 3'd3) : 2'(a)]
          : dut.ref_out_q[k];
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      IvPtrC: assert (32'(dut.ways.crd_buffer.gen_buffer.wr_ptr_q)
                      == (32'(dut.ways.crd_buffer.gen_buffer.rd_ptr_q) + 32'(iv_cc)) % 3);
      IvPtrR0: assert (32'(dut.ways.gen_way[0].ref_buffer.gen_buffer.wr_ptr_q)
                       == (32'(dut.ways.gen_way[0].ref_buffer.gen_buffer.rd_ptr_q) + 32'(iv_rc[0])) % 3);
      IvPtrR1: assert (32'(dut.ways.gen_way[1].ref_buffer.gen_buffer.wr_ptr_q)
                       == (32'(dut.ways.gen_way[1].ref_buffer.gen_buffer.rd_ptr_q) + 32'(iv_rc[1])) % 3);
      IvRoom: assert (32'(iv_cc) + 32'(dut.emit_q) <= 3 && 32'(iv_rc[0]) + 32'(dut.emit_q) <= 3
                      && 32'(iv_rc[1]) + 32'(dut.emit_q) <= 3);
    end
  end

  // The crd output's grammar along its tokens in flight, from the output monitor's state,
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
    .valid_i({iv_cv[2], iv_cv[1], iv_cv[0]}),
    .tok_i({iv_cs[2], iv_cs[1], iv_cs[0]}), .c_i(iv_c), .f_i(iv_f),
    .closed_i(join_ref.closed_q[0]), .stop_i(join_ref.stop0_q), .done_o(iv_Gd),
    .after_data_o(iv_Gad), .after_top_o(iv_Gat), .fiber_data_o(iv_Gfd), .last_o(iv_Glast),
    .fib_o(iv_E), .hit_o(iv_hit));
  assign iv_ohas = join_ref.ohas_q || |iv_hit;

  // The heads, each with its way's input monitor (the last token in, which the
  // head holds while full) and the way's fiber (the output's, plus a stop in
  // the head). hc: the head holds c in fiber f; hle: data at or below c in
  // fiber f; past: the way has taken c in fiber f or passed it.
  logic [1:0] iv_full, iv_hdata, iv_hstop, iv_hend, iv_hc, iv_hle, iv_past;
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
    assign iv_hle[k]   = iv_hdata[k] && dut.crd_q[k][2:0] <= iv_c && iv_W[k] == iv_f;
    assign iv_past[k]  = iv_W[k] > iv_f || (iv_W[k] == iv_f && iv_mfd[k] && iv_mlast[k] >= iv_c);
  end

  // The run way's reference at c, and each way's reference beside c out.
  logic [3:0] iv_want[2];
  assign iv_want[0] = join_ref.has_q[0] ? join_ref.ref_want_q[0] : IvEmpty;
  assign iv_want[1] = join_ref.has_q[1] ? join_ref.ref_want_q[1] : IvEmpty;

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
        // the last out.
        if (!iv_full[k] && !iv_mad[k])
          IvEmpty: assert (iv_Gd == iv_md[k] && iv_Gat == iv_mat[k] && !iv_Gad && !iv_Gfd);
        // D in a head: S1 was the last out, the other head holds D or nothing.
        if (iv_full[k] && iv_isdone(h))
          IvDoneHead: assert (iv_Gat && !iv_Gad && !iv_Gd && (!iv_full[J] || iv_isdone(dut.crd_q[J])));
        // Fibers: the way's are the output's plus a stop in the head.
        IvFib: assert (5'(join_ref.fib_q[k]) == iv_sat(iv_W[k]));
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      // The point way: c taken once it has taken or passed c; a head holding c
      // has its reference.
      if (join_ref.has_q[1]) IvHas: assert (iv_past[1]);
      if (iv_W[1] == iv_f && iv_mfd[1] && iv_mlast[1] == iv_c) IvHasAt: assert (join_ref.has_q[1]);
      if (iv_hc[1]) IvHC: assert (join_ref.has_q[1] && dut.ref_q[1] == join_ref.ref_want_q[1]);
      // The run way: a start at or below c seen once its last start in fiber f
      // is at or below c; one in its head is its reference at c.
      if (iv_W[0] == iv_f && iv_mfd[0] && iv_mlast[0] <= iv_c) IvHasAtR: assert (join_ref.has_q[0]);
      if (join_ref.has_q[0]) IvHasR: assert (iv_W[0] > iv_f || (iv_W[0] == iv_f && iv_mfd[0]));
      if (iv_hle[0]) IvHLe: assert (join_ref.has_q[0] && dut.ref_q[0] == join_ref.ref_want_q[0]);
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
      // Held references: the point way's always N, the run way's data or N.
      IvHeldPt: assert (dut.held_q[1] == IvEmpty);
      IvHeldKind: assert (iv_shape(dut.held_q[0]) == '0);
    end
  end

  if (!JoinUnion) begin : gen_iv_x
    // Intersection: the output is the point way's points, each leaving its head
    // only into the output, in order; c is out (or in flight) exactly when the
    // point way took it and it has left the head, and then both ways have
    // passed it. While the point way has not passed c (or holds it), the run
    // way has given up only starts at or below the point head, so its held
    // reference is its reference at c unless its head holds a start at or
    // below c.
    logic pnp;
    assign pnp = !iv_past[1] || iv_hc[1];
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        if (iv_Gfd && iv_W[1] == iv_E)
          IvSorted: assert (iv_mfd[1] && iv_mlast[1] >= iv_Glast && (!iv_hdata[1] || dut.crd_q[1][2:0] > iv_Glast));
        if (iv_ohas) IvOHas: assert (join_ref.has_q[1] && !iv_hc[1] && iv_past[0] && !iv_hle[0]
                                     && iv_past[1] && !iv_hle[1]);
        if (join_ref.has_q[1] && !iv_hc[1]) IvOHas2: assert (iv_ohas);
        if (iv_E == iv_f && pnp && !iv_hle[0])
          IvHeld: assert (dut.held_q[0] == iv_want[0]);
      end
    end
  end

  if (JoinUnion) begin : gen_iv_u
    // Union. The compares a cycle ahead: with both heads full, the order of
    // the heads; with a resume pending, each full head against it; the resume
    // after each full head. A pending resume follows the last coordinate out, a
    // point of the point way's, and lies below dim_i. Sorted: a data head in
    // the output's fiber lies past the last coordinate out, and each way there
    // has taken one at or above it. c is out (or in flight) exactly when a
    // start or point at c, or a point at c - 1 with c below dim_i, was taken
    // and none of them waits (c in a head, c - 1 in the point head, the resume
    // at c pending); then both ways have passed it. While nothing above c is
    // out, the run way's held reference is its reference at c unless its head
    // holds a start at or below c.
    logic [3:0] inc0, inc1;
    assign inc0 = {1'b0, dut.crd_q[0][2:0]} + 4'd1;
    assign inc1 = {1'b0, dut.crd_q[1][2:0]} + 4'd1;
    logic [2:0] res;
    logic pend, pendc, hcm1, want_out;
    assign res  = dut.resume_q[1];
    assign pend = dut.pend_q[1];
    assign pendc = pend && res == iv_c && iv_E == iv_f;
    assign hcm1 = iv_hdata[1] && inc1 == {1'b0, iv_c} && iv_W[1] == iv_f;
    assign want_out = join_ref.start_q[0] || join_ref.has_q[1] || (join_ref.prev_q[1] && iv_c < dim_i);
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        if (iv_full[0] && iv_full[1])
          IvLt: assert (dut.gen_union.lt[0][1] == (dut.crd_q[0][2:0] < dut.crd_q[1][2:0])
                        && dut.gen_union.lt[1][0] == (dut.crd_q[1][2:0] < dut.crd_q[0][2:0]));
        if (pend && iv_full[0]) IvEq0: assert (dut.gen_union.eq[0][1] == (dut.crd_q[0][2:0] == res));
        if (pend && iv_full[1]) IvEq1: assert (dut.gen_union.eq[1][1] == (dut.crd_q[1][2:0] == res));
        if (iv_full[0]) IvInc0: assert (dut.gen_union.inc[0] == inc0);
        if (iv_full[1]) IvInc1: assert (dut.gen_union.inc[1] == inc1);
        if (dut.gen_union.set_q[1]) IvSet: assert (pend);
        IvSetR: assert (!dut.gen_union.set_q[0]);
        if (pend) IvPend: assert (iv_Gfd && {1'b0, res} == {1'b0, iv_Glast} + 4'd1 && res < dim_i
                                  && !iv_Gd);
        if (iv_Gfd && iv_hdata[0] && iv_W[0] == iv_E) IvSortedU0: assert (dut.crd_q[0][2:0] > iv_Glast);
        if (iv_Gfd && iv_hdata[1] && iv_W[1] == iv_E) IvSortedU1: assert (dut.crd_q[1][2:0] > iv_Glast);
        if (iv_Gfd && iv_W[0] == iv_E) IvSortedM0: assert (iv_mfd[0] && iv_mlast[0] >= iv_Glast);
        if (iv_Gfd && iv_W[1] == iv_E) IvSortedM1: assert (iv_mfd[1] && iv_mlast[1] >= iv_Glast);
        if (join_ref.start_q[0]) IvStart: assert (iv_past[0]);
        if (iv_W[0] == iv_f && iv_mfd[0] && iv_mlast[0] == iv_c) IvStartAt: assert (join_ref.start_q[0]);
        if (join_ref.prev_q[1])
          IvPrev: assert (iv_W[1] > iv_f || (iv_W[1] == iv_f && iv_mfd[1] && {1'b0, iv_mlast[1]} + 4'd1 >= {1'b0, iv_c}));
        if (iv_W[1] == iv_f && iv_mfd[1] && {1'b0, iv_mlast[1]} + 4'd1 == {1'b0, iv_c})
          IvPrevAt: assert (join_ref.prev_q[1]);
        if (pendc) IvPendC: assert (join_ref.prev_q[1]);
        if (iv_ohas) IvOHas: assert (want_out && !iv_hc[0] && !iv_hc[1] && !hcm1 && !pendc
                                     && iv_past[0] && !iv_hle[0] && iv_past[1] && !iv_hle[1]);
        if (!iv_ohas)
          IvNotOut: assert ((!join_ref.start_q[0] || iv_hc[0]) && (!join_ref.has_q[1] || iv_hc[1])
                            && (!(join_ref.prev_q[1] && iv_c < dim_i) || hcm1 || pendc));
        if (want_out && !iv_hc[0] && !iv_hc[1] && !hcm1 && !pendc) IvOHas2: assert (iv_ohas);
        if (iv_E == iv_f && !iv_hle[0] && !(iv_Gfd && iv_Glast > iv_c))
          IvHeld: assert (dut.held_q[0] == iv_want[0]);
      end
    end
  end

  // Per way: its ref tokens in flight beside crd's, its grammar, and the picked pair
  // (formal/ref_beside.sv).
  for (genvar k = 0; k < 2; k++) begin : gen_iv_ref
    formal_ref_beside #(.Slots(3), .PickBoth(1'b1)) beside (
      .clk_i(clk_i), .rst_ni(rst_ni),
      .done_i(gen_out_ref[k].out_ref_check.gen_grammar.done_q),
      .after_data_i(gen_out_ref[k].out_ref_check.gen_grammar.after_data_q),
      .after_top_i(gen_out_ref[k].out_ref_check.gen_grammar.after_top_q),
      .crd_done_i(iv_Gd), .crd_after_top_i(iv_Gat),
      .cvalid_i({iv_cv[2], iv_cv[1], iv_cv[0]}),
      .ctok_i({iv_cs[2], iv_cs[1], iv_cs[0]}), .hit_i(iv_hit),
      .rvalid_i({2'(2) < iv_rc[k] || (2'(2) == iv_rc[k] && dut.emit_q), 2'(1) < iv_rc[k] || (2'(1) == iv_rc[k] && dut.emit_q), 2'(0) < iv_rc[k] || (2'(0) == iv_rc[k] && dut.emit_q)}),
      .rtok_i({iv_rs[k][2], iv_rs[k][1], iv_rs[k][0]}),
      .lead_i($signed(4'(iv_rc[k])) - $signed(4'(iv_cc))),
      .want_i(iv_want[k]), .wok_i(1'b1),
      .ref_lead_i(join_ref.g_way[k].lead_q), .ahead_i(join_ref.g_way[k].ahead_q),
      .crd_known_i(join_ref.g_way[k].crd_known_q),
      .ref_known_i(join_ref.g_way[k].ref_known_q), .ref_hit_i(join_ref.g_way[k].hit_q),
      .crd_tok_i(join_ref.g_way[k].crd_tok_q), .ref_tok_i(join_ref.g_way[k].ref_tok_q));
  end

  // The sampled handshake invariants: formal/joiner_stall_inv.sv.

  // Liveness (formal.py's monitor). Once every D is in, both heads hold D or D
  // is out of them; work left, in cycles: a rank that falls by at least one in
  // every cycle while the consumers are fair. Each output two cycles a token in
  // flight, one less when its consumer waited in the last cycle, the fullest
  // counting; D in the heads 4 (it waits for room, then enters the output
  // register and the buffers). At most 10.
  logic [7:0] iv_fb[3], iv_fmax, iv_rank;
  assign iv_fb[0] = 8'd2 * (8'(iv_cc) + 8'(dut.emit_q)) - 8'(live_wait_q[0] && iv_cc != '0);
  assign iv_fb[1] = 8'd2 * (8'(iv_rc[0]) + 8'(dut.emit_q)) - 8'(live_wait_q[1] && iv_rc[0] != '0);
  assign iv_fb[2] = 8'd2 * (8'(iv_rc[1]) + 8'(dut.emit_q)) - 8'(live_wait_q[2] && iv_rc[1] != '0);
  assign iv_fmax = iv_fb[0] > iv_fb[1] ? (iv_fb[0] > iv_fb[2] ? iv_fb[0] : iv_fb[2])
                                       : (iv_fb[1] > iv_fb[2] ? iv_fb[1] : iv_fb[2]);
  assign iv_rank = iv_fmax + 8'd4 * 8'(iv_full[0]);
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (&live_in_done) IvLiveIn: assert (!iv_hdata[0] && !iv_hdata[1] && iv_full[0] == iv_full[1]);
      if (&live_in_done && live_fair_q && !(&live_out_done))
        IvLive: assert (32'(live_cycles_q) + 32'(iv_rank) <= 32'(LiveBound));
    end
  end
