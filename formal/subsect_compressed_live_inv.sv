  // formal/subsect_compressed_live_inv.sv: invariants of subsect_compressed_live,
  // asserted (proven, never assumed), that make the k-induction of sam_subsect's
  // liveness bound close at depth 2 (ScanCompressed, CrdWidth = RefWidth = 3,
  // c = 2, b = -1, pos and crd arrays of four words, output buffers of four): the
  // constants of the run, the input stage, fetch, hold and the descriptor queue,
  // the walk's registers and lo's head flags, each pointer stream's credits, ring,
  // head views, pairs in order and fibers in flight, the output credits and
  // buffers, where D is, and a rank of the work left in three parts, each
  // falling by the progress it made, read a cycle late (docs/formal-induction.md).
  localparam logic signed [6:0] IvC = 7'sd2, IvB = -7'sd1;
  logic signed [6:0] iv_zw, iv_ext, iv_bz;
  assign iv_zw  = 7'(window_i);
  assign iv_ext = 7'(extent_i);
  assign iv_bz  = IvB + iv_zw;
  function automatic logic [3:0] iv_bsat(logic signed [6:0] t);
    if (t[6]) return '0;
    if (|t[5:3]) return 4'd8;
    return {1'b0, t[2:0]};
  endfunction

  // ---- the constants of the run, the input stage, fetch, hold, the queue
  logic iv_fetching, iv_in_done, iv_in_d;
  assign iv_fetching = dut.fetch_q == 3'd1 || dut.fetch_q == 3'd2 || dut.fetch_q == 3'd3;
  assign iv_in_done  = in_ref_check.gen_grammar.done_q;
  assign iv_in_d     = dut.in_valid && dut.in_kind == sam_pkg::TokDone;
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      IvK: assert (dut.bz_q == iv_bz && dut.bzc_q == iv_bz + IvC && dut.bz2c_q == iv_bz + 7'sd4
                   && dut.bz3c_q == iv_bz + 7'sd6 && dut.ext1_q == iv_ext - 7'sd1
                   && dut.k_q == IvC - IvB - iv_zw && dut.cend_q == (iv_ext == '0)
                   && dut.cend1_q == (iv_ext <= 7'sd1));
      IvFetchEnum: assert (dut.fetch_q <= 3'd4);
      if (iv_fetching) IvFetchHold: assert (!dut.hold_valid_q);
      if (dut.fetch_q == 3'd1) IvRd1: assert (dut.gen_pos_contract.pos_rd_q[0]);
      if (dut.fetch_q == 3'd2) IvRd2: assert (dut.gen_pos_contract.pos_rd_q == 2'b11);
      if (dut.fetch_q == 3'd3) IvRd3: assert (dut.gen_pos_contract.pos_rd_q[1] && dut.f0_q <= 3'd4);
      if (dut.fetch_q == 3'd4) IvFDone: assert (!dut.in_valid && !dut.hold_valid_q && iv_in_done);
      IvInDone: assert (iv_in_done == (iv_in_d || dut.fetch_q == 3'd4));
      if (iv_in_d) IvInD: assert (!dut.hold_valid_q && !iv_fetching);
      if (dut.in_valid && dut.in_kind == sam_pkg::TokStop)
        IvInUp: assert (dut.in_ref <= 3'd1 && dut.in_up == dut.in_ref + 3'd1);
      if (dut.in_valid)
        IvTailIn: assert (in_ref_check.gen_grammar.after_top_q
                          == (dut.in_kind == sam_pkg::TokStop && dut.in_ref == 3'd1)
                          && !in_ref_check.gen_grammar.after_data_q == (dut.in_kind != sam_pkg::TokData));
      else if (in_ref_check.gen_grammar.after_top_q)
        IvTailTop: assert (!dut.hold_valid_q && !iv_fetching);
      if (dut.hold_valid_q)
        IvHold: assert (!dut.hold_q.done && dut.hold_q.lvl == '0
                        && (!dut.hold_q.more || (dut.hold_q.b0 < dut.hold_q.b1 && dut.hold_q.b1 <= 3'd4)));
      if (dut.cq_valid_q[1]) IvCq1: assert (dut.cq_valid_q[0]);
      if (dut.cq_valid_q[0])
        IvCqA: assert (dut.cq_q[0].lvl <= 3'd2 && (!dut.cq_q[0].done || (!dut.cq_q[0].more && !dut.cq_valid_q[1]))
                       && (!dut.cq_q[0].more || (dut.cq_q[0].b0 < dut.cq_q[0].b1 && dut.cq_q[0].b1 <= 3'd4)));
      if (dut.cq_valid_q[1])
        IvCqB: assert (dut.cq_q[1].lvl <= 3'd2 && (!dut.cq_q[1].done || !dut.cq_q[1].more)
                       && (!dut.cq_q[1].more || (dut.cq_q[1].b0 < dut.cq_q[1].b1 && dut.cq_q[1].b1 <= 3'd4)));
      if (dut.cur_valid_q)
        IvCur: assert (dut.cur_q.lvl <= 3'd2 && (!dut.cur_q.done || !dut.cur_q.more)
                       && (dut.cur_q.more || (dut.lo_done_q && dut.hi_done_q)));
      if (dut.cur_valid_q && dut.cur_q.done) IvCurD: assert (!dut.cq_valid_q[0]);
    end
  end

  // ---- the walk: offsets i, i + 1, i + 2, c*i, the windows' bounds, the end
  // tests and the clamped bounds (one cycle behind a jump: stale_q); lo's head
  // flags against the walk's window (the registers' one, or after a step the next).
  logic signed [6:0] iv_o, iv_e, iv_ieff;
  assign iv_o = dut.step_q ? dut.o1_q : dut.o_q;
  assign iv_e = dut.step_q ? dut.e1_q : dut.e_q;
  assign iv_ieff = dut.jump_q ? dut.jump_i_q : dut.step_q ? dut.i1_q : dut.i_q;
  logic iv_walks;
  assign iv_walks = dut.cur_valid_q && !dut.jump_q && !dut.stale_q && !dut.stale2_q;
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (dut.cur_valid_q) begin
        IvWI: assert (dut.i1_q == dut.i_q + 7'sd1 && dut.i2_q == dut.i_q + 7'sd2
                      && dut.ci_q == dut.i_q <<< 1 && dut.ci1_q == dut.ci_q + IvC
                      && dut.i_q >= 0 && dut.i_q <= 7'sd7);
        IvWO: assert (dut.o_q == dut.ci_q + IvB && dut.e_q == dut.ci_q + iv_bz
                      && dut.o1_q == dut.o_q + IvC && dut.e1_q == dut.e_q + IvC
                      && dut.o2_q == dut.o_q + 7'sd4 && dut.e2_q == dut.e_q + 7'sd4
                      && dut.o3_q == dut.o_q + 7'sd6 && dut.e3_q == dut.e_q + 7'sd6);
        IvWEnd: assert (dut.iend_q == (dut.i_q >= iv_ext || !dut.cur_q.more)
                        && dut.i1end_q == (dut.i1_q >= iv_ext));
        if (!dut.stale_q)
          IvWSat: assert (dut.so_q == iv_bsat(dut.o_q) && dut.se_q == iv_bsat(dut.e_q)
                          && dut.so1_q == iv_bsat(dut.o1_q) && dut.se1_q == iv_bsat(dut.e1_q)
                          && dut.so2_q == iv_bsat(dut.o2_q) && dut.se2_q == iv_bsat(dut.e2_q)
                          && dut.so3_q == iv_bsat(dut.o3_q) && dut.se3_q == iv_bsat(dut.e3_q));
        if (dut.step_q) IvStep: assert (!dut.iend_q);
        if (dut.jump_q) IvJumpI: assert (dut.jump_i_q > dut.i_q && dut.jump_i_q <= 7'sd4);
        if (dut.stale_q || dut.stale2_q) IvJumped: assert (dut.i_q >= 7'sd1 && dut.i_q <= 7'sd4);
        if (iv_walks && dut.lo_h && !dut.lo_done_q)
          IvLoF: assert (dut.lo_f == {{1'b0, dut.lo_x[2:0]} < iv_bsat(iv_o + IvC),
                                      {1'b0, dut.lo_x[2:0]} < iv_bsat(iv_e),
                                      {1'b0, dut.lo_x[2:0]} < iv_bsat(iv_o)});
      end
      IvJump: assert ((dut.jump_q || dut.stale_q || dut.stale2_q) ? dut.cur_valid_q && !dut.step_q && !dut.lo_done_q : 1'b1);
      IvJumpOne: assert (32'(dut.jump_q) + 32'(dut.stale_q) + 32'(dut.stale2_q) <= 1);
      if (dut.step_q) IvStepCur: assert (dut.cur_valid_q);
      if (dut.cur_valid_q || dut.cq_valid_q[0] || dut.hold_valid_q || iv_fetching || dut.in_valid)
        IvZ: assert (window_i != '0);
    end
  end

  // ---- the streams (k = 0 lo, 1 hi): credits, ring, head views, fibers
  logic [2:0] iv_cnt[2], iv_rd[2], iv_wr[2], iv_used[2];
  logic       iv_pq[2], iv_hv[2], iv_s3v[2], iv_s3l[2], iv_act[2], iv_fqv[2][2], iv_room[2];
  logic [1:0] iv_av[2];
  logic [1:0][3:0] iv_ad[2];
  logic [2:0] iv_a[2], iv_left[2], iv_fb0[2][2], iv_fb1[2][2];
  logic [7:0] iv_infl[2];
  for (genvar k = 0; k < 2; k++) begin : gen_iv_s
    assign iv_cnt[k]  = dut.gen_streams.gen_stream[k].cnt_q;
    assign iv_rd[k]   = dut.gen_streams.gen_stream[k].rd_q;
    assign iv_wr[k]   = dut.gen_streams.gen_stream[k].wr_q;
    assign iv_used[k] = dut.gen_streams.gen_stream[k].used_q;
    assign iv_room[k] = dut.gen_streams.gen_stream[k].room;
    assign iv_pq[k]   = dut.gen_streams.gen_stream[k].popped_q;
    assign iv_hv[k]   = dut.gen_streams.hv[k];
    assign iv_s3v[k]  = dut.gen_streams.gen_stream[k].s3_valid_q;
    assign iv_s3l[k]  = dut.gen_streams.gen_stream[k].s3_last_q;
    assign iv_act[k]  = dut.gen_streams.gen_stream[k].act_q;
    assign iv_a[k]    = dut.gen_streams.gen_stream[k].a_q;
    assign iv_left[k] = dut.gen_streams.gen_stream[k].left_q;
    assign iv_av[k]   = 2'(dut.gen_streams.gen_stream[k].align.valid_q);
    assign iv_ad[k]   = 8'(dut.gen_streams.gen_stream[k].align.data_q);
    assign iv_infl[k] = dut.gen_streams.gen_stream[k].inflight;
    for (genvar j = 0; j < 2; j++) begin : gen_fq
      assign iv_fqv[k][j] = dut.gen_streams.gen_stream[k].fq_valid_q[j];
      assign iv_fb0[k][j] = dut.gen_streams.gen_stream[k].fq_b0_q[j];
      assign iv_fb1[k][j] = dut.gen_streams.gen_stream[k].fq_b1_q[j];
    end
  end
  function automatic logic [2:0] iv_ring7(logic [3:0] n);  // n mod 7, n < 14
    return n >= 4'd7 ? 3'(n - 4'd7) : 3'(n);
  endfunction
  // The ring's entries from the read pointer on: coordinate, last, stored flags;
  // h0 .. h2 (the walk's view, read a cycle late).
  logic [2:0] iv_bcrd[2][7], iv_bsf[2][7], iv_bpos[2][7], iv_hcrd[2][3], iv_hsf[2][3], iv_s3p[2];
  logic       iv_blast[2][7];
  for (genvar k = 0; k < 2; k++) begin : gen_iv_b
    for (genvar j = 0; j < 7; j++) begin : gen_e
      logic [2:0] at;
      assign at = iv_ring7(4'(iv_rd[k]) + 4'(j));
      assign iv_bcrd[k][j]  = dut.gen_streams.gen_stream[k].buf_q[at].crd;
      assign iv_bsf[k][j]   = dut.gen_streams.gen_stream[k].buf_q[at].sf;
      assign iv_blast[k][j] = dut.gen_streams.gen_stream[k].buf_q[at].last;
      assign iv_bpos[k][j]  = dut.gen_streams.gen_stream[k].buf_q[at].pos;
    end
    assign iv_s3p[k] = dut.gen_streams.gen_stream[k].s3_pos_q;
    for (genvar n = 0; n < 3; n++) begin : gen_h
      assign iv_hcrd[k][n] = dut.gen_streams.gen_stream[k].h_crd_q[n];
      assign iv_hsf[k][n]  = dut.gen_streams.gen_stream[k].h_sf_q[n];
    end
  end
  // Each stream's pairs in order (the ring from its head, s3, s2, s1, then the
  // reader's next position): positions within the crd array, rising within a
  // fiber (a fiber's last pair ends it), so a fiber holds four pairs at most
  // and those of the fiber being read lie below its read pointer.
  logic [1:0] iv_ok_chain;
  always_comb begin
    for (int k = 0; k < 2; k++) begin
      logic       pv, pl;
      logic [2:0] pp;
      logic       ev[10], el[10];
      logic [2:0] ep[10];
      for (int j = 0; j < 7; j++) begin
        ev[j] = 3'(j) < iv_cnt[k];
        el[j] = iv_blast[k][j];
        ep[j] = iv_bpos[k][j];
      end
      ev[7] = iv_s3v[k];
      el[7] = iv_s3l[k];
      ep[7] = iv_s3p[k];
      ev[8] = iv_av[k][1];
      el[8] = iv_ad[k][1][0];
      ep[8] = iv_ad[k][1][3:1];
      ev[9] = iv_av[k][0];
      el[9] = iv_ad[k][0][0];
      ep[9] = iv_ad[k][0][3:1];
      iv_ok_chain[k] = 1'b1;
      pv = 1'b0;
      pl = 1'b0;
      pp = '0;
      for (int j = 0; j < 10; j++) begin
        if (ev[j]) begin
          iv_ok_chain[k] &= ep[j] <= 3'd3 && (!pv || pl || ep[j] > pp);
          pv = 1'b1;
          pl = el[j];
          pp = ep[j];
        end
      end
      // The reader idles only past a fiber's last pair.
      if (pv && !pl) iv_ok_chain[k] &= iv_act[k] && iv_a[k] > pp;
    end
  end
  // lo's pairs carry their flags against a fiber's first window (x < b, x < b + Z,
  // x < b + c).
  function automatic logic [2:0] iv_lsf(logic [2:0] x);
    return {{1'b0, x} < iv_bsat(IvB + IvC), {1'b0, x} < iv_bsat(iv_bz), {1'b0, x} < iv_bsat(IvB)};
  endfunction
  // Each stream's fibers in flight (a fiber's last pair carries `last`): those of
  // the pairs in the ring, s3, s2, s1, the one being read and those queued, one
  // for the walk's fiber until that pointer is done and one for each queued
  // descriptor with pairs.
  logic [3:0] iv_lasts[2], iv_want[2];
  always_comb begin
    for (int k = 0; k < 2; k++) begin
      iv_lasts[k] = 4'(iv_av[k][0] && iv_ad[k][0][0]) + 4'(iv_av[k][1] && iv_ad[k][1][0])
                  + 4'(iv_s3v[k] && iv_s3l[k]) + 4'(iv_act[k]) + 4'(iv_fqv[k][0]) + 4'(iv_fqv[k][1]);
      for (int j = 0; j < 7; j++)
        if (3'(j) < iv_cnt[k] && iv_blast[k][j]) iv_lasts[k] += 4'd1;
      iv_want[k] = 4'(dut.cur_valid_q && dut.cur_q.more && !(k == 0 ? dut.lo_done_q : dut.hi_done_q))
                 + 4'(dut.cq_valid_q[0] && dut.cq_q[0].more) + 4'(dut.cq_valid_q[1] && dut.cq_q[1].more);
    end
  end
  logic [1:0] iv_ok_credit, iv_ok_ring, iv_ok_hv, iv_ok_act, iv_ok_fq, iv_ok_fib, iv_ok_h;
  logic       iv_ok_sf;
  always_comb begin
    for (int k = 0; k < 2; k++) begin
      iv_ok_credit[k] = 32'(iv_used[k]) == 32'(iv_infl[k]) + 32'(iv_s3v[k]) + 32'(iv_cnt[k])
                        && iv_used[k] <= 3'd7 && iv_room[k] == (iv_used[k] < 3'd7)
                        && iv_infl[k] == 8'(iv_av[k][0]) + 8'(iv_av[k][1]);
      iv_ok_ring[k] = iv_cnt[k] <= 3'd7 && iv_rd[k] < 3'd7 && iv_wr[k] < 3'd7
                      && iv_wr[k] == iv_ring7(4'(iv_rd[k]) + 4'(iv_cnt[k]));
      iv_ok_hv[k] = !iv_hv[k] || iv_cnt[k] != '0;
      iv_ok_act[k] = !iv_act[k] || (iv_left[k] != '0 && 4'(iv_a[k]) + 4'(iv_left[k]) <= 4'd4);
      iv_ok_fq[k] = (!iv_fqv[k][0] || (iv_fb0[k][0] < iv_fb1[k][0] && iv_fb1[k][0] <= 3'd4))
                    && (!iv_fqv[k][1] || (iv_fqv[k][0] && iv_fb0[k][1] < iv_fb1[k][1] && iv_fb1[k][1] <= 3'd4));
      iv_ok_fib[k] = iv_lasts[k] == iv_want[k];
      iv_ok_h[k] = 1'b1;
      for (int m = 0; m < 2; m++)
        if (3'(m) < iv_cnt[k])
          iv_ok_h[k] &= iv_hcrd[k][2'(iv_pq[k]) + 2'(m)] == iv_bcrd[k][m]
                        && iv_hsf[k][2'(iv_pq[k]) + 2'(m)] == iv_bsf[k][m];
    end
    iv_ok_sf = !iv_s3v[0] || dut.gen_streams.gen_stream[0].s3_sf_q == iv_lsf(dut.gen_streams.gen_stream[0].s3_crd_q);
    for (int j = 0; j < 7; j++)
      if (3'(j) < iv_cnt[0]) iv_ok_sf &= iv_bsf[0][j] == iv_lsf(iv_bcrd[0][j]);
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      IvCredit: assert (&iv_ok_credit);
      IvRing: assert (&iv_ok_ring);
      IvHv: assert (&iv_ok_hv);
      IvAct: assert (&iv_ok_act);
      IvFq: assert (&iv_ok_fq);
      IvFib: assert (&iv_ok_fib);
      IvH: assert (&iv_ok_h);
      IvSf: assert (iv_ok_sf);
      IvChain: assert (&iv_ok_chain);
      // IvFib's counts, short: a stream owing the walk a fiber holds a pair or
      // a fiber on its way.
      IvPipe: assert ((iv_want[0] == '0 || iv_cnt[0] != '0 || iv_s3v[0] || iv_av[0] != '0 || iv_act[0] || iv_fqv[0][0])
                      && (iv_want[1] == '0 || iv_cnt[1] != '0 || iv_s3v[1] || iv_av[1] != '0 || iv_act[1] || iv_fqv[1][0]));
    end
  end

  // ---- the output: e1, the credits, the buffers, where D is
  localparam logic [63:0] IvWinD = '1;
  logic [2:0] iv_ocnt[2];
  logic [1:0] iv_ord[2];
  logic [3:0] iv_cmem[4];
  logic [63:0] iv_wmem[4];
  assign iv_ocnt[0] = dut.out.gen_out[0].buffer.gen_buffer.count_q;
  assign iv_ocnt[1] = dut.out.gen_out[1].buffer.gen_buffer.count_q;
  assign iv_ord[0]  = dut.out.gen_out[0].buffer.gen_buffer.rd_ptr_q;
  assign iv_ord[1]  = dut.out.gen_out[1].buffer.gen_buffer.rd_ptr_q;
  for (genvar i = 0; i < 4; i++) begin : gen_iv_o
    assign iv_cmem[i] = 4'(dut.out.gen_out[0].buffer.gen_buffer.mem_q[2'(iv_ord[0] + 2'(i))]);
    assign iv_wmem[i] = 64'(dut.out.gen_out[1].buffer.gen_buffer.mem_q[2'(iv_ord[1] + 2'(i))]);
  end
  logic [2:0] iv_dc[2];  // the D tokens from the input stage to output c, and out
  always_comb begin
    logic [2:0] up;
    up = 3'(iv_in_d) + 3'(dut.cq_valid_q[0] && dut.cq_q[0].done) + 3'(dut.cq_valid_q[1] && dut.cq_q[1].done)
       + 3'(dut.cur_valid_q && dut.cur_q.done);
    iv_dc[0] = up + 3'(dut.e1_valid_q && dut.e1_crd_q == 4'hf) + 3'(out_crd_check.gen_grammar.done_q);
    iv_dc[1] = up + 3'(dut.e1_valid_q && dut.e1_win_q == IvWinD) + 3'(out_win_check.gen_grammar.done_q);
    for (int i = 0; i < 4; i++) begin
      if (3'(i) < iv_ocnt[0] && iv_cmem[i] == 4'hf) iv_dc[0] += 3'd1;
      if (3'(i) < iv_ocnt[1] && iv_wmem[i] == IvWinD) iv_dc[1] += 3'd1;
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      IvE1Tok: assert (dut.e1_crd_q[3] == dut.e1_win_q[63] && (dut.e1_crd_q == 4'hf) == (dut.e1_win_q == IvWinD));
      IvOBuf: assert (32'(dut.out.credit.used_q[0]) == 32'(dut.e1_valid_q) + 32'(iv_ocnt[0])
                      && 32'(dut.out.credit.used_q[1]) == 32'(dut.e1_valid_q) + 32'(iv_ocnt[1])
                      && dut.out.credit.used_q[0] <= 3'd4 && dut.out.credit.used_q[1] <= 3'd4);
      IvDc: assert (iv_dc[0] == 3'(iv_in_done) && iv_dc[1] == 3'(iv_in_done));
      IvOPtr: assert ((dut.out.gen_out[0].buffer.gen_buffer.rd_ptr_q + 2'(iv_ocnt[0])) == dut.out.gen_out[0].buffer.gen_buffer.wr_ptr_q
                      && (dut.out.gen_out[1].buffer.gen_buffer.rd_ptr_q + 2'(iv_ocnt[1])) == dut.out.gen_out[1].buffer.gen_buffer.wr_ptr_q);
      // IvDc's counts, short: D not out is on its way.
      if (iv_in_done && !(out_crd_check.gen_grammar.done_q && out_win_check.gen_grammar.done_q))
        IvDWhere: assert (iv_in_d || (dut.cq_valid_q[0] && dut.cq_q[0].done) || (dut.cq_valid_q[1] && dut.cq_q[1].done)
                          || (dut.cur_valid_q && dut.cur_q.done) || dut.e1_valid_q || iv_ocnt[0] != '0 || iv_ocnt[1] != '0);
      IvRoom: assert (dut.credit_q == (dut.out.credit.used_q[0] < 3'd4 && dut.out.credit.used_q[1] < 3'd4));
    end
  end

  // ---- liveness (formal.py's monitor): a rank of the work left, in cycles, that
  // falls by at least one in every cycle while D is in and the consumers are
  // fair. The walk: its fiber's stop 4, each window left 4 (a window goes to e1,
  // 3; a jump skips one at least and takes 3 cycles more), a jump on its way 3, 2,
  // 1; a queued descriptor 4 and its distance to the walk (1, 2), with its windows;
  // D in the input stage 7; e1 3; the buffers, the fuller one, 2 a token, 1 less
  // when its consumer waited in the last cycle (a push raises it by 2 at most). A
  // stream's pairs: 6 each not yet read (plus 1 for a fiber queued, not started),
  // 5, 4, 3 in s1, s2, s3, 1 in the ring, plus 1 while the head is out of the
  // walk's view. As D enters (in the input stage, 7), three fibers of seven windows
  // and four pairs may lie ahead of it, in the walk (32) and the queue (33, 34), and
  // a stop in e1 and three tokens in each buffer (9): 115, and each stream's 74
  // (four pairs unread in each fiber, two of them queued): 263, the proof's `live`.
  function automatic logic [9:0] iv_wins(logic signed [6:0] i);
    return i >= iv_ext ? 10'd0 : 10'(iv_ext - i);
  endfunction
  function automatic logic [9:0] iv_x6(logic [2:0] n);  // 6 n
    return (10'(n) << 2) + (10'(n) << 1);
  endfunction
  logic [9:0] iv_walk, iv_pairs[2], iv_fbuf[2];
  always_comb begin
    iv_walk = '0;
    if (dut.cur_valid_q) begin
      iv_walk += 10'd4;
      if (!dut.lo_done_q) iv_walk += iv_wins(iv_ieff) << 2;
      iv_walk += dut.jump_q ? 10'd3 : dut.stale_q ? 10'd2 : dut.stale2_q ? 10'd1 : 10'd0;
    end
    for (int j = 0; j < 2; j++)
      if (dut.cq_valid_q[j])
        iv_walk += 10'd5 + 10'(j) + (dut.cq_q[j].more ? 10'(extent_i) << 2 : 10'd0);
    if (dut.in_valid) iv_walk += 10'd7;
    if (dut.e1_valid_q) iv_walk += 10'd3;
    for (int k = 0; k < 2; k++) begin
      iv_pairs[k] = 10'(iv_cnt[k]) + 10'(iv_cnt[k] != '0 && !iv_hv[k])
                  + (iv_s3v[k] ? 10'd3 : 10'd0) + (iv_av[k][1] ? 10'd4 : 10'd0) + (iv_av[k][0] ? 10'd5 : 10'd0);
      if (iv_act[k]) iv_pairs[k] += iv_x6(iv_left[k]);
      for (int j = 0; j < 2; j++)
        if (iv_fqv[k][j]) iv_pairs[k] += 10'd1 + iv_x6(iv_fb1[k][j] - iv_fb0[k][j]);
    end
    for (int c = 0; c < 2; c++)
      iv_fbuf[c] = (10'(iv_ocnt[c]) << 1) - 10'(live_wait_q[c] && iv_ocnt[c] != '0);
  end
  // The rank's three parts: the walk, the descriptors, e1 and the buffers (u), and
  // each stream's pairs; and the progress each makes in this cycle (its fall in
  // the next one, at least, while D is in and the consumers are fair): u's, a
  // token or a stop emitted, a fiber loaded, D queued, a jump begun or on its way,
  // e1 or a buffer not empty; a stream's, a pair moved in its read pipeline, read,
  // a queued fiber started, a pair passed, a ring's head coming into view.
  // Checked a cycle late, each part's fall and the progress are facts of the
  // induction's earlier states, so the bound's step adds three numbers: one
  // assertion over the whole rank's fall took yices more than ten minutes.
  logic [9:0] iv_part[3];
  logic [3:0] iv_prog[3];
  assign iv_part[0] = iv_walk + (iv_fbuf[0] > iv_fbuf[1] ? iv_fbuf[0] : iv_fbuf[1]);
  assign iv_part[1] = iv_pairs[0];
  assign iv_part[2] = iv_pairs[1];
  assign iv_prog[0] = 4'(dut.emit_win || dut.emit_stop) + 4'(dut.load) + 4'(dut.ctrl_push) + 4'(dut.jump_go)
                    + 4'(dut.jump_q || dut.stale_q || dut.stale2_q)
                    + 4'(dut.e1_valid_q || iv_ocnt[0] != '0 || iv_ocnt[1] != '0);
  for (genvar k = 0; k < 2; k++) begin : gen_iv_prog
    assign iv_prog[1 + k] = 4'(iv_av[k][0]) + 4'(iv_av[k][1]) + 4'(iv_s3v[k])
                          + 4'(dut.gen_streams.gen_stream[k].issue) + 4'(dut.gen_streams.gen_stream[k].fq_pop)
                          + 4'(dut.gen_streams.pops[k]) + 4'(iv_cnt[k] != '0 && !iv_hv[k]);
  end
  // Lagged a cycle: the last cycle's parts, progress, premise, count.
  logic [9:0]  iv_part_q[3];
  logic [3:0]  iv_prog_q[3];
  logic        iv_lv, iv_lv_q, iv_ind_q;
  logic [10:0] iv_cyc_q;
  assign iv_lv = &live_in_done && live_fair_q && !(&live_out_done);
  always_ff @(posedge clk_i) begin
    iv_part_q <= iv_part;
    iv_prog_q <= iv_prog;
    iv_lv_q   <= rst_ni && iv_lv;
    iv_ind_q  <= rst_ni && &live_in_done;
    iv_cyc_q  <= 11'(live_cycles_q);
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      // Each part fell by its progress since the last cycle (D was in: no new work).
      if (iv_ind_q && live_fair_q)
        IvLiveFallU: assert (11'(iv_part[0]) + 11'(iv_prog_q[0]) <= 11'(iv_part_q[0]));
      if (iv_ind_q)
        IvLiveFallP: assert (11'(iv_part[1]) + 11'(iv_prog_q[1]) <= 11'(iv_part_q[1])
                             && 11'(iv_part[2]) + 11'(iv_prog_q[2]) <= 11'(iv_part_q[2]));
      // The lagged registers follow the monitor.
      IvLiveLag: assert ((!iv_lv_q || iv_ind_q) && (!iv_ind_q || !iv_lv || iv_lv_q)
                         && (iv_ind_q ? &live_in_done && (iv_cyc_q == 11'h1ff ? 11'(live_cycles_q) == 11'h1ff
                                                                              : 11'(live_cycles_q) == iv_cyc_q + 11'd1)
                                      : live_cycles_q == '0));
      // Some part made progress in the last cycle.
      if (iv_lv_q) IvLiveProg: assert (iv_prog_q[0] != '0 || iv_prog_q[1] != '0 || iv_prog_q[2] != '0);
      // The last cycle's count and rank within the bound.
      if (iv_lv_q)
        IvLive: assert (13'(iv_cyc_q) + 13'(iv_part_q[0]) + 13'(iv_part_q[1]) + 13'(iv_part_q[2]) <= 13'(LiveBound));
    end
  end
