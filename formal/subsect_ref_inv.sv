  // formal/subsect_ref_inv.sv (after formal/subsect_ref.sv): invariants of
  // subsect_dense_ref, asserted (proven, never assumed), that make the harness
  // k-inductive (depth 4). They tie the run scoreboard (runs in flight per
  // output, the picked run's place, row, closing token and index k) to
  // sam_subsect's constants of the run, input stage, two-stage multiplier,
  // fetch, hold, descriptor queue, walk, e1 and both output buffers; the
  // grammar monitors to the runs in flight; and a liveness rank. The
  // scoreboard's own state has its invariants here too (subsect_ref.sv keeps
  // its own, in the pattern of scan_runs_ref.sv). CrdWidth = RefWidth = 3,
  // c = 1, b = 1, output buffers of four.
  localparam int unsigned IvSW = CrdWidth + StrideShift + 3;
  localparam logic signed [IvSW-1:0] IvC = IvSW'(FsC);
  localparam logic signed [IvSW-1:0] IvB = IvSW'(FsB);
  // Cycles since reset (stops at 7): the constants of the run settle in four.
  logic [2:0] iv_age_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) iv_age_q <= '0;
    else if (iv_age_q != 3'd7) iv_age_q <= iv_age_q + 3'd1;
  end
  logic signed [IvSW-1:0] iv_z, iv_ext, iv_dim, iv_k, iv_first, iv_ci0;
  assign iv_z     = IvSW'(window_i);
  assign iv_ext   = IvSW'(extent_i);
  assign iv_dim   = IvSW'(dim_i);
  assign iv_k     = IvC - IvB - iv_z;
  assign iv_first = iv_k < 0 ? IvSW'(0) : iv_k >>> StrideShift;
  assign iv_ci0   = iv_first <<< StrideShift;
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      IvConst1: assert (dut.bz_q == IvB + iv_z && dut.bzc_q == IvB + IvC + iv_z && dut.k_q == iv_k
                        && dut.dzero_q == (dim_i == '0));
      if (iv_age_q >= 3'd1)
        IvConst2: assert (dut.first_q == iv_first && dut.first1_q == iv_first + IvSW'(1));
      if (iv_age_q >= 3'd2)
        IvConst3: assert (dut.dci_q == iv_ci0 && dut.do_q == iv_ci0 + IvB
                          && dut.do1_q == iv_ci0 + IvB + IvC && dut.de_q == iv_ci0 + IvB + iv_z
                          && dut.de1_q == iv_ci0 + IvB + IvC + iv_z
                          && dut.dend_q == (iv_first >= iv_ext)
                          && dut.dend1_q == (iv_first + IvSW'(1) >= iv_ext));
      if (iv_age_q >= 3'd3)
        IvConst4: assert (dut.dfirst_fin_q == (iv_first >= iv_ext || !(iv_ci0 + IvB < iv_dim) || dim_i == '0)
            && dut.gen_walk_dense.dlo0_q == (iv_ci0 + IvB < 0 ? IvSW'(0) : iv_ci0 + IvB)
            && dut.gen_walk_dense.dhi0_q == (iv_ci0 + IvB + iv_z < iv_dim ? iv_ci0 + IvB + iv_z : iv_dim)
            && dut.gen_walk_dense.dlo1_q == (iv_ci0 + IvB + IvC < 0 ? IvSW'(0) : iv_ci0 + IvB + IvC)
            && dut.gen_walk_dense.dhi1_q == (iv_ci0 + IvB + IvC + iv_z < iv_dim ? iv_ci0 + IvB + IvC + iv_z : iv_dim));
      // Progress since reset: a token takes a cycle to the input stage, two
      // through fetch, one to hold and one to the queue.
      if (dut.in_valid) IvAgeIn: assert (iv_age_q >= 3'd1);
      if (dut.fetch_q == 3'd1) IvAgeRd1: assert (iv_age_q >= 3'd2);
      if (dut.fetch_q == 3'd2) IvAgeRd2: assert (iv_age_q >= 3'd3);
      if (dut.hold_valid_q && dut.hold_q.more) IvAgeHold: assert (iv_age_q >= 3'd4);
      if (dut.cq_valid_q[0] && dut.cq_q[0].more) IvAgeQ0: assert (iv_age_q >= 3'd5);
      if (dut.cq_valid_q[1] && dut.cq_q[1].more) IvAgeQ1: assert (iv_age_q >= 3'd5);
    end
  end
  // A token taken since reset: window_i is at least 1 from then on (the
  // input stage's contract, with the host's registers held); before it,
  // nothing is in flight.
  logic iv_seen_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) iv_seen_q <= 1'b0;
    else if (ref_valid_i && ref_ready_o) iv_seen_q <= 1'b1;
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (iv_seen_q) IvSeenWin: assert (window_i != '0);
      else IvSeenNone: assert (!dut.in_valid && dut.fetch_q == 3'd0 && !dut.hold_valid_q
                               && !dut.cq_valid_q[0] && !dut.cur_valid_q && !dut.e1_valid_q
                               && !crd_valid_o && !win_valid_o && !fs_picked_q
                               && fs_flight_q[0] == '0 && fs_flight_q[1] == '0);
    end
  end
  // The reference (row) in fetch: next_ref_q is r + 1; the multiplier's stages.
  logic [RefWidth-1:0] iv_fr, iv_frow, iv_inrow;
  assign iv_fr    = dut.next_ref_q - RefWidth'(1);
  assign iv_frow  = RefWidth'(iv_fr * RefWidth'(dim_i));
  assign iv_inrow = RefWidth'(dut.in_ref * RefWidth'(dim_i));
  logic iv_fetching;
  assign iv_fetching = dut.fetch_q == 3'd1 || dut.fetch_q == 3'd2;
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      IvFetchSt: assert (dut.fetch_q == 3'd0 || iv_fetching || dut.fetch_q == 3'd4);
      if (dut.fetch_q == 3'd1)
        IvMul1: assert (dut.gen_mul.mul.gen_behavioral.a_q == iv_fr
                        && dut.gen_mul.mul.gen_behavioral.b_q == RefWidth'(dim_i));
      if (dut.fetch_q == 3'd2)
        IvMul2: assert (dut.gen_mul.mul.gen_behavioral.p_q == iv_frow);
      if (iv_fetching) IvFetchHold: assert (!dut.hold_valid_q);
      if (dut.hold_valid_q)
        IvHold: assert (!dut.hold_q.done && dut.hold_q.b0 == '0 && (dut.hold_q.more || dut.hold_q.b1 == '0));
      if (dut.cq_valid_q[0])
        IvCq0: assert (dut.cq_q[0].b0 == '0 && (!dut.cq_q[0].more || !dut.cq_q[0].done)
                      && (dut.cq_q[0].more || dut.cq_q[0].b1 == '0)
                      && (dut.cq_q[0].done || dut.cq_q[0].lvl <= 3'd2)
                      && (!dut.cq_q[0].done || dut.cq_q[0].lvl == '0));
      if (dut.cq_valid_q[1])
        IvCq1: assert (dut.cq_q[1].b0 == '0 && (!dut.cq_q[1].more || !dut.cq_q[1].done)
                      && (dut.cq_q[1].more || dut.cq_q[1].b1 == '0)
                      && (dut.cq_q[1].done || dut.cq_q[1].lvl <= 3'd2)
                      && (!dut.cq_q[1].done || dut.cq_q[1].lvl == '0));
      if (dut.cq_valid_q[1]) IvCqOrd: assert (dut.cq_valid_q[0]);
      if (dut.cur_valid_q)
        IvCur: assert ((!dut.cur_q.more || !dut.cur_q.done)
                       && (dut.cur_q.done || dut.cur_q.lvl <= 3'd2)
                       && (!dut.cur_q.done || dut.cur_q.lvl == '0));
    end
  end
  // The walk: offset i, its window [o, o + Z) and the next ones' bounds, the
  // window's fields. elem(i): offset i has a window.
  function automatic logic iv_has(logic signed [IvSW-1:0] i);
    logic signed [IvSW-1:0] o;
    o = (i <<< StrideShift) + IvB;
    return i < iv_ext && o < iv_dim && dim_i != '0;
  endfunction
  logic signed [IvSW-1:0] iv_i, iv_o, iv_o1, iv_lo, iv_hi, iv_lo1, iv_hi1;
  assign iv_i   = dut.i_q;
  assign iv_o   = (iv_i <<< StrideShift) + IvB;
  assign iv_o1  = iv_o + IvC;
  assign iv_lo  = iv_o < 0 ? IvSW'(0) : iv_o;
  assign iv_hi  = iv_o + iv_z < iv_dim ? iv_o + iv_z : iv_dim;
  assign iv_lo1 = iv_o1 < 0 ? IvSW'(0) : iv_o1;
  assign iv_hi1 = iv_o1 + iv_z < iv_dim ? iv_o1 + iv_z : iv_dim;
  always_ff @(posedge clk_i) begin
    if (rst_ni && dut.cur_valid_q) begin
      if (!dut.cur_q.more) IvWalkCtl: assert (dut.dfin_q);
      else begin
        IvWalkI: assert (iv_i >= iv_first && (iv_i == iv_first || iv_i <= iv_ext));
        IvWalkFin: assert (dut.dfin_q == !iv_has(iv_i));
        IvWalkRegs: assert (dut.i2_q == iv_i + IvSW'(2) && dut.o1_q == iv_o1
                            && dut.o2_q == iv_o1 + IvC && dut.e2_q == iv_o1 + IvC + iv_z
                            && dut.i1end_q == (iv_i + IvSW'(1) >= iv_ext));
        IvWalkWin: assert (dut.gen_walk_dense.base_q == 23'(iv_i <<< StrideShift) + 23'(dut.cur_q.b1)
                           && dut.gen_walk_dense.lo_q == 20'(dut.cur_q.b1) + 20'(iv_lo)
                           && dut.gen_walk_dense.hi_q == 20'(dut.cur_q.b1) + 20'(iv_hi)
                           && dut.gen_walk_dense.lo1c_q == iv_lo1
                           && dut.gen_walk_dense.hi1c_q == iv_hi1);
      end
    end
  end
  // The input stage, the last input token, D.
  logic iv_in_fiber, iv_in_run, iv_up_run;
  assign iv_in_fiber = dut.in_kind == sam_pkg::TokData || dut.in_kind == sam_pkg::TokEmpty;
  assign iv_up_run   = dut.hold_valid_q || iv_fetching;  // the fiber waiting for its closing token
  assign iv_in_run   = dut.in_valid && (dut.in_kind != sam_pkg::TokStop || !iv_up_run);
  logic [3:0] iv_next_close;  // hold's closing token once the next token is in
  assign iv_next_close = dut.in_valid && dut.in_kind == sam_pkg::TokStop ? {1'b1, 3'(dut.in_up)} : 4'b1000;
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (dut.in_valid && dut.in_kind == sam_pkg::TokStop)
        IvInUp: assert ((dut.in_up == 3'd1 || dut.in_up == 3'd2)
                        && dut.in_up == 3'(dut.in_ref) + 3'd1);
      if (dut.in_valid)
        IvTailIn: assert (fs_tail_q == iv_in_fiber
            && in_ref_check.gen_grammar.after_data_q == (dut.in_kind == sam_pkg::TokData)
            && in_ref_check.gen_grammar.after_top_q == (dut.in_kind == sam_pkg::TokStop && dut.in_up == 3'd2)
            && in_ref_check.gen_grammar.done_q == (dut.in_kind == sam_pkg::TokDone));
      else
        IvTailHd: assert (fs_tail_q == iv_up_run
            && (!in_ref_check.gen_grammar.after_data_q || iv_up_run)
            && (!iv_up_run
                || (!in_ref_check.gen_grammar.after_top_q && !in_ref_check.gen_grammar.done_q)));
      if (iv_up_run) IvUpFiber: assert (fs_tail_q || dut.in_valid);
      if (dut.in_valid) IvInNext: assert (dut.in_next == dut.in_ref + RefWidth'(1));
      IvInDone: assert (in_ref_check.gen_grammar.done_q
                        == ((dut.in_valid && dut.in_kind == sam_pkg::TokDone)
                            || dut.fetch_q == 3'd4));
      if (dut.fetch_q == 3'd4) IvDone: assert (!dut.in_valid && !iv_up_run);
    end
  end
  // The buffers, e1 and the runs in flight per output.
  logic [4:0] iv_runs;
  logic       iv_e1close;
  assign iv_e1close = dut.e1_valid_q && dut.e1_crd_q[CrdWidth];
  assign iv_runs = 5'(iv_in_run) + 5'(iv_up_run) + 5'(dut.cq_valid_q[0]) + 5'(dut.cq_valid_q[1])
                 + 5'(dut.cur_valid_q) + 5'(iv_e1close);
  always_ff @(posedge clk_i) begin
    if (rst_ni && dut.e1_valid_q)
      IvE1: assert (dut.e1_crd_q[CrdWidth] == dut.e1_win_q[63]);
  end
  // Each output's queue, oldest first: buffer c (0 .. 3), e1 (4). Tokens as
  // 64 bits, the closing bit at c's top.
  function automatic logic [63:0] iv_close(logic c, logic done, logic [2:0] lvl);
    if (c) return done ? '1 : {1'b1, 63'(lvl)};
    return done ? 64'hf : {60'd0, 1'b1, lvl};
  endfunction
  for (genvar c = 0; c < 2; c++) begin : gen_iv_q
    logic [2:0]  cnt;
    logic [1:0]  rd;
    logic [63:0] qt[5];
    logic        qv[5], qc[5];
    logic [4:0]  cb[6];
    logic [4:0]  ix[6];
    logic        open;
    logic [4:0]  closes;
    assign cnt = dut.out.gen_out[c].buffer.gen_buffer.count_q;
    assign rd  = dut.out.gen_out[c].buffer.gen_buffer.rd_ptr_q;
    for (genvar i = 0; i < 4; i++) begin : gen_b
      assign qv[i] = 3'(i) < cnt;
      assign qt[i] = 64'(dut.out.gen_out[c].buffer.gen_buffer.mem_q[2'(rd + 2'(i))]);
    end
    assign qv[4] = dut.e1_valid_q;
    assign qt[4] = c == 1 ? 64'(dut.e1_win_q) : 64'(dut.e1_crd_q);
    for (genvar q = 0; q < 5; q++) begin : gen_c
      assign qc[q] = c == 1 ? qt[q][63] : qt[q][CrdWidth];
    end
    always_comb begin
      cb[0]  = '0;
      ix[0]  = 5'(fs_k_q[c]);
      open   = fs_k_q[c] != '0;
      closes = '0;
      for (int q = 0; q < 5; q++) begin
        cb[q + 1] = cb[q];
        ix[q + 1] = ix[q];
        if (qv[q]) begin
          open = !qc[q];
          if (qc[q]) begin
            cb[q + 1] = cb[q] + 5'd1;
            ix[q + 1] = '0;
            if (q < 4) closes = closes + 5'd1;
          end else ix[q + 1] = ix[q] + 5'd1;
        end
      end
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        IvRuns: assert (5'(fs_flight_q[c]) == iv_runs + closes);
        IvCnt: assert (cnt <= 3'd4);
        if (open) IvOpen: assert (dut.cur_valid_q && dut.cur_q.more);
        if (dut.cur_valid_q && dut.cur_q.more)
          IvCurI: assert (iv_i == iv_first + IvSW'(ix[5]));
      end
    end
    // The picked run's tokens.
    logic on;
    assign on = fs_picked_q && !fs_gone_q[c];
    logic [63:0] cls;
    assign cls = c == 1 ? fs_close_win_q : 64'(fs_close_crd_q);
    for (genvar q = 0; q < 5; q++) begin : gen_e
      logic signed [IvSW-1:0] i;
      logic                   el;
      logic [63:0]            want;
      logic signed [IvSW-1:0] o, lo, hi;
      assign i  = iv_first + IvSW'(ix[q]);
      assign o  = (i <<< StrideShift) + IvB;
      assign lo = o < 0 ? IvSW'(0) : o;
      assign hi = o + iv_z < iv_dim ? o + iv_z : iv_dim;
      assign el = fs_data_q && iv_has(i);
      assign want = c == 1 ? {1'b0, 23'(int'(i <<< StrideShift) + int'(fs_row_q)),
                              20'(int'(fs_row_q) + int'(lo)), 20'(int'(fs_row_q) + int'(hi))}
                           : {60'd0, 1'b0, CrdWidth'(i)};
      always_ff @(posedge clk_i) begin
        if (rst_ni && on && qv[q] && cb[q] == 5'(fs_ahead_q[c]))
          IvTok: assert (qc[q] ? (!el && fs_closed_q && qt[q] == cls) : (el && qt[q] == want));
      end
    end
    // Cur, the queue, fetch or hold, the input stage.
    logic [4:0] cu_cb, q0_cb, q1_cb, up_cb, in_cb;
    assign cu_cb = cb[5];
    assign q0_cb = cu_cb + 5'(dut.cur_valid_q);
    assign q1_cb = q0_cb + 5'(dut.cq_valid_q[0]);
    assign up_cb = q1_cb + 5'(dut.cq_valid_q[1]);
    assign in_cb = up_cb + 5'(iv_up_run);
    logic signed [IvSW-1:0] cu_i;
    assign cu_i = iv_first + IvSW'(ix[5]);
    always_ff @(posedge clk_i) begin
      if (rst_ni && on) begin
        if (fs_k_q[c] != '0 && 5'(fs_ahead_q[c]) == '0)
          IvKel: assert (fs_data_q && iv_has(iv_first + IvSW'(fs_k_q[c]) - IvSW'(1)));
        if (dut.cur_valid_q && cu_cb == 5'(fs_ahead_q[c]))
          IvCurP: assert (fs_closed_q && dut.cur_q.more == fs_data_q
                          && (!dut.cur_q.more || dut.cur_q.b1 == fs_row_q)
                          && (dut.cur_q.more || ix[5] == '0)
                          && iv_close(c, dut.cur_q.done, dut.cur_q.lvl) == cls
                          && (ix[5] == '0 || iv_has(cu_i - IvSW'(1))));
        if (dut.cq_valid_q[0] && q0_cb == 5'(fs_ahead_q[c]))
          IvQ0P: assert (fs_closed_q && dut.cq_q[0].more == fs_data_q
                         && (!dut.cq_q[0].more || dut.cq_q[0].b1 == fs_row_q)
                         && iv_close(c, dut.cq_q[0].done, dut.cq_q[0].lvl) == cls);
        if (dut.cq_valid_q[1] && q1_cb == 5'(fs_ahead_q[c]))
          IvQ1P: assert (fs_closed_q && dut.cq_q[1].more == fs_data_q
                         && (!dut.cq_q[1].more || dut.cq_q[1].b1 == fs_row_q)
                         && iv_close(c, dut.cq_q[1].done, dut.cq_q[1].lvl) == cls);
        if (iv_up_run && up_cb == 5'(fs_ahead_q[c]))
          IvUpP: assert ((dut.hold_valid_q ? dut.hold_q.more == fs_data_q
                                              && (!dut.hold_q.more || dut.hold_q.b1 == fs_row_q)
                                           : fs_data_q && iv_frow == fs_row_q)
                         && (dut.in_valid ? fs_closed_q && cls == (c == 1 ? iv_close(1'b1, 1'b0, iv_next_close[2:0])
                                                                          : 64'(iv_next_close))
                                          : fs_wait_q));
        if (iv_in_run && in_cb == 5'(fs_ahead_q[c]))
          IvInP: assert (fs_data_q == (dut.in_kind == sam_pkg::TokData)
                         && (!fs_data_q || iv_inrow == fs_row_q)
                         && (iv_in_fiber ? fs_wait_q
                             : fs_closed_q && cls == iv_close(c, dut.in_kind == sam_pkg::TokDone, 3'(dut.in_up))));
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && fs_picked_q) begin
      if (fs_gone_q == 2'b00)
        IvFwBoth: assert (5'(fs_ahead_q[0]) + gen_iv_q[1].closes == 5'(fs_ahead_q[1]) + gen_iv_q[0].closes);
      if (fs_gone_q == 2'b01) IvFwGone0: assert (5'(fs_ahead_q[1]) < gen_iv_q[1].closes);
      if (fs_gone_q == 2'b10) IvFwGone1: assert (5'(fs_ahead_q[0]) < gen_iv_q[0].closes);
    end
  end
  // The scoreboard's own state.
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (!fs_picked_q)
        IvFsIdle: assert (!fs_wait_q && !fs_closed_q && fs_gone_q == '0
                          && fs_ahead_q[0] == '0 && fs_ahead_q[1] == '0);
      else IvFsOne: assert (fs_wait_q != fs_closed_q);
      if (fs_wait_q)
        IvFsWait: assert (fs_tail_q && fs_close_crd_q == {1'b1, CrdWidth'(0)}
                          && fs_close_win_q == {1'b1, 63'(0)});
      if (fs_picked_q)
        IvFsClose: assert (fs_close_crd_q[CrdWidth] && fs_close_win_q[63]
                           && (&fs_close_crd_q) == (&fs_close_win_q)
                           && ((&fs_close_crd_q)
                               || (fs_close_crd_q[CrdWidth-1:0] <= 3'd2
                                   && 64'(fs_close_crd_q[CrdWidth-1:0]) == 64'(fs_close_win_q[62:0]))));
    end
  end
  for (genvar c = 0; c < 2; c++) begin : gen_iv_fs
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        if (fs_gone_q[c]) IvFsGone: assert (fs_ahead_q[c] == '0);
        if (fs_picked_q && !fs_gone_q[c]) IvFsIn: assert (fs_ahead_q[c] < fs_flight_q[c]);
        if (fs_wait_q) IvFsLast: assert (!fs_gone_q[c] && fs_ahead_q[c] + 4'd1 == fs_flight_q[c]);
      end
    end
  end
  // The output grammar along each output's tokens in flight: the queue (buffer,
  // e1), then the runs in the walk, the descriptor queue, fetch or hold and the
  // input stage, each its closing token (unknown while the next input token has
  // not come: the last run). A run's windows come between closing tokens, never
  // before D; with iv_gstep and iv_gok (formal/tokens_inv.sv).
  function automatic logic [3:0] iv_t4(logic c, logic [63:0] t);
    if (!c) return t[3:0];
    if (!t[63]) return 4'b0000;
    if (&t[62:0]) return 4'hf;
    return t[62:0] > 63'd2 ? 4'b1110 : {1'b1, t[2:0]};
  endfunction
  logic       iv_rv[5], iv_rk[5];  // run item: valid, closing known
  logic [3:0] iv_rt[5];
  assign iv_rv[0] = dut.cur_valid_q;
  assign iv_rk[0] = 1'b1;
  assign iv_rt[0] = iv_close(1'b0, dut.cur_q.done, dut.cur_q.lvl);
  assign iv_rv[1] = dut.cq_valid_q[0];
  assign iv_rk[1] = 1'b1;
  assign iv_rt[1] = iv_close(1'b0, dut.cq_q[0].done, dut.cq_q[0].lvl);
  assign iv_rv[2] = dut.cq_valid_q[1];
  assign iv_rk[2] = 1'b1;
  assign iv_rt[2] = iv_close(1'b0, dut.cq_q[1].done, dut.cq_q[1].lvl);
  assign iv_rv[3] = iv_up_run;
  assign iv_rk[3] = dut.in_valid;
  assign iv_rt[3] = iv_next_close;
  assign iv_rv[4] = iv_in_run;
  assign iv_rk[4] = !iv_in_fiber;
  assign iv_rt[4] = dut.in_kind == sam_pkg::TokDone ? 4'hf : {1'b1, 3'(dut.in_up)};
  for (genvar c = 0; c < 2; c++) begin : gen_iv_gram
    logic [2:0] g0;
    assign g0 = c == 0 ? {out_crd_check.gen_grammar.done_q, out_crd_check.gen_grammar.after_data_q,
                          out_crd_check.gen_grammar.after_top_q}
                       : {out_win_check.gen_grammar.done_q, out_win_check.gen_grammar.after_data_q,
                          out_win_check.gen_grammar.after_top_q};
    logic [2:0] g;
    logic       ok, unk;
    always_comb begin
      g   = g0;
      ok  = !(g0[0] && g0[1]) && (!g0[2] || (!g0[0] && !g0[1])) && g0[1] == (fs_k_q[c] != '0);
      unk = 1'b0;
      for (int q = 0; q < 5; q++) begin
        if (gen_iv_q[c].qv[q]) begin
          ok = ok && iv_gok(g, iv_t4(1'(c), gen_iv_q[c].qt[q]));
          g  = iv_gstep(g, iv_t4(1'(c), gen_iv_q[c].qt[q]));
        end
      end
      for (int j = 0; j < 5; j++) begin
        if (iv_rv[j]) begin
          ok = ok && !unk && !g[2];
          if (iv_rk[j]) begin
            ok = ok && iv_gok({g[2], 1'b0, g[0]}, iv_rt[j]);
            g  = iv_gstep(g, iv_rt[j]);
          end else unk = 1'b1;
        end
      end
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        IvGram: assert (ok);
        // The input monitor's last token: the last run's closing (S1 in, S2 out).
        if (!dut.in_valid && !iv_up_run)
          IvGramIn: assert (in_ref_check.gen_grammar.done_q == g[2]
                            && in_ref_check.gen_grammar.after_top_q == g[0]
                            && !in_ref_check.gen_grammar.after_data_q);
      end
    end
  end
  // Liveness (formal.py's monitor). Work left once D is in, in cycles: a rank
  // that falls by at least one in every cycle while the consumers are fair.
  // Each token still upstream of e1 weighs 4 (the walk's emit, then e1's 3:
  // entering both buffers raises the fuller one's term by up to 2); each
  // descriptor place adds its distance to the walk (the queue 1 and 2, hold 3,
  // fetch 4 and 5, the input stage 3; once D is in, it is the input stage's
  // only token). The buffers count as the fuller one: two cycles a token, one
  // less when its consumer waited in the last cycle (it is ready in this one).
  // A stall is a credit short (IvRoom): e1 full, or a full buffer, whose
  // consumer takes a token within two cycles. A fiber's tokens: its windows (i
  // from the first while i < extent_i and the window meets the dimension: at
  // most 6), then its closing token. D follows S1, which closes the last fiber,
  // so fetch and hold are empty as D enters: the rank is at most 102 then (D
  // behind full fibers in the walk and both queue places), the proof's `live`.
  function automatic logic [7:0] iv_wins(logic signed [IvSW-1:0] from);
    logic [7:0] n;
    n = '0;
    for (int j = 0; j < 8; j++)
      if (IvSW'(j) >= from && iv_has(IvSW'(j))) n = n + 8'd1;
    return n;
  endfunction
  logic [7:0] iv_fw, iv_up, iv_bonus, iv_fbuf[2], iv_rank;
  assign iv_fw = iv_wins(iv_first) + 8'd1;
  always_comb begin
    iv_up = '0;
    iv_bonus = '0;
    if (dut.cur_valid_q) iv_up += (dut.dfin_q ? 8'd0 : iv_wins(iv_i)) + 8'd1;
    if (dut.cq_valid_q[0]) begin
      iv_up += dut.cq_q[0].more ? iv_fw : 8'd1;
      iv_bonus += 8'd1;
    end
    if (dut.cq_valid_q[1]) begin
      iv_up += dut.cq_q[1].more ? iv_fw : 8'd1;
      iv_bonus += 8'd2;
    end
    if (dut.hold_valid_q) begin
      iv_up += dut.hold_q.more ? iv_fw : 8'd1;
      iv_bonus += 8'd3;
    end
    if (iv_fetching) begin
      iv_up += iv_fw;
      iv_bonus += dut.fetch_q == 3'd1 ? 8'd5 : 8'd4;
    end
    if (dut.in_valid) begin
      iv_up += 8'd1;
      iv_bonus += 8'd3;
    end
  end
  for (genvar c = 0; c < 2; c++) begin : gen_iv_live
    assign iv_fbuf[c] = 8'd2 * 8'(gen_iv_q[c].cnt) - 8'(live_wait_q[c] && gen_iv_q[c].cnt != '0);
  end
  assign iv_rank = 8'd4 * iv_up + iv_bonus + 8'd3 * 8'(dut.e1_valid_q)
                 + (iv_fbuf[0] > iv_fbuf[1] ? iv_fbuf[0] : iv_fbuf[1]);
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      IvRoom: assert (dut.credit_q == (dut.out.credit.used_q[0] < 3'd4 && dut.out.credit.used_q[1] < 3'd4));
      if (&live_in_done && live_fair_q && !(&live_out_done))
        IvLive: assert (32'(live_cycles_q) + 32'(iv_rank) <= 32'(LiveBound));
    end
  end
