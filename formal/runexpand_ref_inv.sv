  // formal/runexpand_ref_inv.sv: invariants of runexpand_ref and
  // runexpand_lz77_ref, asserted (proven, never assumed), that make the harness
  // k-inductive (depth 4; 2 suffices without Lz77, 3 with it). They tie the
  // scoreboard's state (formal/runexpand_ref.sv: fibers in and out, fiber f's
  // first start, closing stop and output coordinates, the last start at or below
  // c with its reference, the input and output pairings, the picked pair) to
  // sam_runexpand's input stages, the run in hand (run_q, x_q, rr_q), the output
  // register and the two output buffers, and the stream monitors (grammar,
  // liveness) to the tokens in flight; with Lz77 also the phase stage and the
  // literal contract's counters (gen_iv_lz). The reference's fiber counters stop
  // at 15, so the fiber index of each token in flight counts from the output's
  // closed fibers (5 bits) and meets the input's through iv_sat.
  // CrdWidth = RefWidth = 3, output buffers of three (Lz77: 13-bit descriptors).

  // The output buffers (crd 0, ref 1), oldest first.
  logic [1:0] iv_cc, iv_rc;
  logic [3:0] iv_cs[3], iv_rs[3];
  assign iv_cc = dut.out.gen_out[0].buffer.gen_buffer.count_q;
  assign iv_rc = dut.out.gen_out[1].buffer.gen_buffer.count_q;
  for (genvar i = 0; i < 3; i++) begin : gen_iv_slot
    logic [2:0] ac, ar;
    assign ac = 3'(dut.out.gen_out[0].buffer.gen_buffer.rd_ptr_q) + 3'(i);
    assign ar = 3'(dut.out.gen_out[1].buffer.gen_buffer.rd_ptr_q) + 3'(i);
    assign iv_cs[i] = 4'(dut.out.gen_out[0].buffer.gen_buffer.mem_q[ac >= 3'd3 ? 2'(ac - 3'd3) : 2'(ac)]);
    assign iv_rs[i] = 4'(dut.out.gen_out[1].buffer.gen_buffer.mem_q[ar >= 3'd3 ? 2'(ar - 3'd3) : 2'(ar)]);
  end
  function automatic logic [3:0] iv_rslot(logic [3:0] j);
    return j == 4'd0 ? iv_rs[0] : j == 4'd1 ? iv_rs[1] : iv_rs[2];
  endfunction
  function automatic logic [3:0] iv_cslot(logic [3:0] j);
    return j == 4'd0 ? iv_cs[0] : j == 4'd1 ? iv_cs[1] : iv_cs[2];
  endfunction
  // Ref tokens out ahead of crd's: the buffers are pushed together.
  logic signed [3:0] iv_lead;
  assign iv_lead = $signed(4'(iv_rc)) - $signed(4'(iv_cc));

  // The reference's state.
  logic [4:0] iv_f, iv_ofib, iv_ifib;
  logic [2:0] iv_c, iv_x0;
  assign iv_f    = 5'(runexpand_ref.fiber_q);
  assign iv_ofib = 5'(runexpand_ref.ofib_q);
  assign iv_ifib = 5'(runexpand_ref.ifib_q);
  assign iv_c    = runexpand_ref.crd_q;
  assign iv_x0   = runexpand_ref.x0_q;
  logic iv_bad, iv_inon;
  assign iv_bad  = runexpand_ref.bad_q;
  assign iv_inon = runexpand_ref.inon_q;

  // The crd output's grammar along the crd tokens in flight (the buffer, then
  // the output register), from the output monitor's state: done, after data,
  // after the top stop S1, data in the fiber, its last coordinate, and the
  // fiber index (the output's fibers closed, plus the stops before).
  logic       iv_qv[4];
  logic [3:0] iv_qt[4];
  for (genvar i = 0; i < 3; i++) begin : gen_iv_cq
    assign iv_qv[i] = 2'(i) < iv_cc;
    assign iv_qt[i] = iv_cs[i];
  end
  assign iv_qv[3] = dut.push_q;
  assign iv_qt[3] = dut.push_crd_q;
  logic       iv_gd[5], iv_gad[5], iv_gat[5], iv_gfd[5];
  logic [2:0] iv_glast[5];
  logic [4:0] iv_gfib[5];
  assign iv_gd[0]    = out_crd_check.gen_grammar.done_q;
  assign iv_gad[0]   = out_crd_check.gen_grammar.after_data_q;
  assign iv_gat[0]   = out_crd_check.gen_grammar.after_top_q;
  assign iv_gfd[0]   = out_crd_check.gen_grammar.fiber_data_q;
  assign iv_glast[0] = out_crd_check.gen_grammar.last_q;
  assign iv_gfib[0]  = iv_ofib;
  for (genvar q = 0; q < 4; q++) begin : gen_iv_g
    logic [3:0] t;
    assign t = iv_qt[q];
    assign iv_gd[q + 1]    = iv_qv[q] ? iv_gd[q] || iv_isdone(t) : iv_gd[q];
    assign iv_gad[q + 1]   = iv_qv[q] ? iv_isdata(t) : iv_gad[q];
    assign iv_gat[q + 1]   = iv_qv[q] ? iv_isstop(t) && t[2:0] == 3'd1 : iv_gat[q];
    assign iv_gfd[q + 1]   = iv_qv[q] ? (iv_isdata(t) ? 1'b1 : iv_isstop(t) ? 1'b0 : iv_gfd[q]) : iv_gfd[q];
    assign iv_glast[q + 1] = iv_qv[q] && iv_isdata(t) ? t[2:0] : iv_glast[q];
    assign iv_gfib[q + 1]  = iv_gfib[q] + 5'(iv_qv[q] && iv_isstop(t));
    // In the stream's grammar (sorted, two levels, no N), and in fiber f: the
    // coordinates x0 .. dim-1 one after another, closed by the input's stop.
    logic in_f, ok;
    assign in_f = iv_gfib[q] == iv_f;
    assign ok = !iv_gd[q] && iv_kind(t) != sam_pkg::TokEmpty
                && (!iv_isstop(t) || t[2:0] < 3'd2)
                && (!iv_isdone(t) || (iv_gat[q] && !iv_gad[q]))
                && (!iv_isdata(t) || !iv_gfd[q] || t[2:0] > iv_glast[q]);
    always_ff @(posedge clk_i) begin
      if (rst_ni && iv_qv[q]) begin
        IvGramC: assert (ok);
        if (in_f && iv_isdata(t)) IvFData: assert (iv_inon && (iv_bad
            || (t[2:0] < dim_i && t[2:0] == (iv_gfd[q] ? iv_glast[q] + 3'd1 : iv_x0))));
        if (in_f && iv_isstop(t)) IvFStop: assert (runexpand_ref.iclosed_q && t == runexpand_ref.istop_q
            && (iv_bad || (iv_gfd[q] == iv_inon
                           && (!iv_gfd[q] || {1'b0, iv_glast[q]} + 4'd1 == {1'b0, dim_i}))));
      end
    end
  end
  // After the output register: the run in hand and the input stages.
  logic       iv_Gd, iv_Gad, iv_Gat, iv_Gfd;
  logic [2:0] iv_Glast;
  logic [4:0] iv_Gfib;
  assign iv_Gd    = iv_gd[4];
  assign iv_Gad   = iv_gad[4];
  assign iv_Gat   = iv_gat[4];
  assign iv_Gfd   = iv_gfd[4];
  assign iv_Glast = iv_glast[4];
  assign iv_Gfib  = iv_gfib[4];

  // The ref output's grammar along its tokens in flight: done, after data,
  // after S1.
  logic       iv_rv[4];
  logic [3:0] iv_rt[4];
  for (genvar i = 0; i < 3; i++) begin : gen_iv_rq
    assign iv_rv[i] = 2'(i) < iv_rc;
    assign iv_rt[i] = iv_rs[i];
  end
  assign iv_rv[3] = dut.push_q;
  assign iv_rt[3] = dut.ref_out;
  logic iv_hd[5], iv_had[5], iv_hat[5];
  assign iv_hd[0]  = out_ref_check.gen_grammar.done_q;
  assign iv_had[0] = out_ref_check.gen_grammar.after_data_q;
  assign iv_hat[0] = out_ref_check.gen_grammar.after_top_q;
  for (genvar q = 0; q < 4; q++) begin : gen_iv_h
    logic [3:0] t;
    assign t = iv_rt[q];
    assign iv_hd[q + 1]  = iv_rv[q] ? iv_hd[q] || iv_isdone(t) : iv_hd[q];
    assign iv_had[q + 1] = iv_rv[q] ? iv_isdata(t) : iv_had[q];
    assign iv_hat[q + 1] = iv_rv[q] ? iv_isstop(t) && t[2:0] == 3'd1 : iv_hat[q];
    always_ff @(posedge clk_i) begin
      if (rst_ni && iv_rv[q])
        IvGramR: assert (!iv_hd[q] && (!iv_isstop(t) || t[2:0] < 3'd2)
                         && (!iv_isdone(t) || (iv_hat[q] && !iv_had[q])));
    end
  end

  // The pairs in both buffers (crd slot k beside ref slot k + lead), and in
  // the output register: one shape; a hit (c in fiber f) beside c's reference.
  function automatic logic iv_hit(logic [3:0] t, logic [4:0] fib);
    return iv_isdata(t) && t[2:0] == iv_c && fib == iv_f;
  endfunction
  for (genvar k = 0; k < 3; k++) begin : gen_iv_pair
    logic signed [3:0] j;
    logic [3:0]        r;
    assign j = $signed(4'(k)) + iv_lead;
    assign r = iv_rslot(4'(j));
    always_ff @(posedge clk_i) begin
      if (rst_ni && 2'(k) < iv_cc && j >= 0) begin
        IvPairShape: assert (iv_shape(iv_cs[k]) == iv_shape(r));
        if (iv_hit(iv_cs[k], iv_gfib[k]) && !iv_bad)
          IvPairRef: assert (runexpand_ref.ihas_q && !runexpand_ref.wpend_q && r == runexpand_ref.ref_want);
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && dut.push_q) begin
      IvPushShape: assert (iv_shape(dut.push_crd_q) == iv_shape(dut.ref_out));
      if (iv_hit(dut.push_crd_q, iv_gfib[3]) && !iv_bad)
        IvPushRef: assert (runexpand_ref.ihas_q && !runexpand_ref.wpend_q
                           && dut.ref_out == runexpand_ref.ref_want);
    end
  end

  // The picked pair, one side out: the other in its buffer, ahead_q from the
  // head.
  logic iv_pk, iv_ck, iv_rk;
  assign iv_pk = runexpand_ref.picked_q;
  assign iv_ck = runexpand_ref.crd_known_q;
  assign iv_rk = runexpand_ref.ref_known_q;
  logic [3:0] iv_ah;
  assign iv_ah = runexpand_ref.ahead_q;
  logic [4:0] iv_ahfib;  // the fiber of crd slot ahead_q
  assign iv_ahfib = iv_ah == 4'd0 ? iv_gfib[0] : iv_ah == 4'd1 ? iv_gfib[1] : iv_gfib[2];
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      IvLead: assert (runexpand_ref.lead_q == iv_lead);
      if (!iv_pk) IvPickIdle: assert (!iv_ck && !iv_rk && iv_ah == '0);
      else IvPickOne: assert (iv_ck || iv_rk);
      if (iv_pk && iv_ck && !iv_rk) begin
        IvPickC: assert ($signed(iv_ah) >= 0 && $signed(iv_ah) < iv_lead
                         && iv_shape(runexpand_ref.crd_tok_q) == iv_shape(iv_rslot(iv_ah)));
        if (runexpand_ref.hit_q && !iv_bad)
          IvPickCRef: assert (runexpand_ref.ihas_q && !runexpand_ref.wpend_q
                              && iv_rslot(iv_ah) == runexpand_ref.ref_want);
      end
      if (iv_pk && iv_rk && !iv_ck) begin
        IvPickR: assert ($signed(iv_ah) >= 0 && $signed(iv_ah) < -iv_lead
                         && iv_shape(iv_cslot(iv_ah)) == iv_shape(runexpand_ref.ref_tok_q));
        if (iv_hit(iv_cslot(iv_ah), iv_ahfib) && !iv_bad)
          IvPickRRef: assert (runexpand_ref.ihas_q && !runexpand_ref.wpend_q
                              && runexpand_ref.ref_tok_q == runexpand_ref.ref_want);
      end
      if (iv_ck) IvPickCKind: assert (iv_kind(runexpand_ref.crd_tok_q) != sam_pkg::TokEmpty);
      if (iv_ck && runexpand_ref.hit_q)
        IvPickHit: assert (runexpand_ref.crd_tok_q == {1'b0, iv_c}
                           && (iv_ofib > iv_f || (iv_ofib == iv_f && runexpand_ref.ohas_q)));
    end
  end

  // The output's fiber f: the coordinates out so far, x0 .. the last.
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      IvOClosed: assert (runexpand_ref.oclosed_q == (iv_ofib > iv_f));
      if (runexpand_ref.oclosed_q) IvOStop: assert (runexpand_ref.ostop_q == runexpand_ref.istop_q);
      if (iv_ofib < iv_f) IvOBefore: assert (!runexpand_ref.ohas_q);
      if (iv_ofib == iv_f && !iv_bad)
        IvOIn: assert (runexpand_ref.ohas_q == (iv_gfd[0] && iv_x0 <= iv_c && iv_c <= iv_glast[0])
                       && (!iv_gfd[0] || (iv_inon && iv_x0 <= iv_glast[0])));
      if (iv_ofib > iv_f && !iv_bad)
        IvOAfter: assert (runexpand_ref.ohas_q == (iv_inon && iv_x0 <= iv_c && iv_c < dim_i));
      if (iv_inon && !iv_bad) IvX0: assert (iv_x0 < dim_i);
    end
  end

  // The input side: the stages, the run in hand and the input monitor.
  logic [3:0] iv_cq, iv_rq;
  logic       iv_cf, iv_rf, iv_cdata, iv_cstop, iv_cdone, iv_run;
  assign iv_cq    = dut.c_q;
  assign iv_rq    = dut.r_q;
  assign iv_cf    = dut.c_full;
  assign iv_rf    = dut.r_full;
  assign iv_cdata = iv_cf && iv_isdata(iv_cq);
  assign iv_cstop = iv_cf && iv_isstop(iv_cq);
  assign iv_cdone = iv_cf && iv_isdone(iv_cq);
  assign iv_run   = dut.run_q;
  logic       iv_id, iv_iad, iv_iat, iv_ifd;
  logic [2:0] iv_ilast;
  assign iv_id    = in_crd_check.gen_grammar.done_q;
  assign iv_iad   = in_crd_check.gen_grammar.after_data_q;
  assign iv_iat   = in_crd_check.gen_grammar.after_top_q;
  assign iv_ifd   = in_crd_check.gen_grammar.fiber_data_q;
  assign iv_ilast = in_crd_check.gen_grammar.last_q;
  // Lz77: the ref stage holds the kept descriptor's slot token and span.
  logic iv_lz_stage;
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      // The stages: crd's lead, the decoded flag, the tokens' kinds.
      IvInLead: assert (runexpand_ref.ilead_q == 3'(iv_cf) - 3'(iv_rf));
      if (iv_cf) IvCData: assert (dut.c_data_q == !iv_cq[3]);
      if (iv_rf && !Lz77) IvRLast: assert (runexpand_ref.rlast_q == iv_rq);
      if (iv_cf) IvCKind: assert (iv_isdata(iv_cq) || iv_isdone(iv_cq) || (iv_isstop(iv_cq) && iv_cq[2:0] < 3'd2));
      // The run in hand continues the crd output; the stage comes after it.
      if (iv_run) IvRun: assert (!iv_Gd && iv_Gad && iv_Gfd && {1'b0, iv_Glast} + 4'd1 == dut.x_q
                                 && (iv_kind(dut.rr_q) == sam_pkg::TokData
                                     || iv_kind(dut.rr_q) == sam_pkg::TokEmpty));
      else IvNoRun: assert (!iv_Gad && !iv_Gfd);
      if (iv_cf) IvStageNotDone: assert (!iv_Gd);
      if (iv_cdata && iv_run) IvStageAfter: assert (dut.x_q <= {1'b0, iv_cq[2:0]});
      if (iv_cdone) IvStageDone: assert (!iv_run && iv_Gat);
      // The input monitor's last token: the stage's, else the last pushed.
      if (iv_cf) IvInMonS: assert (iv_id == iv_cdone && iv_iad == iv_cdata && iv_iat == (iv_cq == 4'b1001)
                                   && iv_ifd == iv_cdata && (!iv_cdata || iv_ilast == iv_cq[2:0]));
      else IvInMonG: assert (iv_id == iv_Gd && iv_iad == iv_Gad && iv_iat == iv_Gat && iv_ifd == iv_Gfd
                             && (!iv_Gfd || iv_ilast == iv_Glast));
      // The monitors: data in the fiber is data last (no N); D after S1.
      IvMonOut: assert (iv_gfd[0] == iv_gad[0] && !(iv_gat[0] && iv_gad[0]) && (!iv_gd[0] || !iv_gat[0]));
      IvMonIn: assert (iv_ifd == iv_iad && !(iv_iat && iv_iad) && (!iv_id || (!iv_iat && !iv_iad)));
      IvInRef: assert (in_ref_check.gen_grammar.done_q == (iv_rf ? iv_isdone(iv_rq) : iv_Gd));
      IvMonRef: assert (!(iv_hat[0] && iv_had[0]) && (!iv_hd[0] || !iv_hat[0]));
      IvGramEnd: assert (iv_hd[4] == iv_Gd && iv_hat[4] == iv_Gat);
      // Fibers: the input's are the output's plus the stops in flight.
      IvFibers: assert (iv_ifib == iv_sat(iv_Gfib + 5'(iv_cstop)));
      IvIClosed: assert (runexpand_ref.iclosed_q == (iv_ifib > iv_f));
      if (iv_cstop && iv_Gfib == iv_f) IvIStop: assert (runexpand_ref.istop_q == iv_cq);
      // Fiber f at the input: started, its first start, the starts below dim.
      if (iv_Gfib < iv_f) IvNotOn: assert (!iv_inon);
      if (iv_Gfib == iv_f) IvOn: assert (iv_inon == (iv_run || iv_cdata));
      if (iv_Gfib == iv_f && iv_cdata && !iv_bad)
        IvStageF: assert (iv_cq[2:0] < dim_i && (iv_run || iv_cq[2:0] == iv_x0));
      if (iv_Gfib == iv_f && iv_run && !iv_bad) IvRunF: assert (dut.x_q <= {1'b0, dim_i});
      // c's run: the last start at or below c, and its reference.
      IvHas: assert (runexpand_ref.ihas_q == (iv_inon && iv_x0 <= iv_c));
      if (runexpand_ref.ihas_q) IvXHit: assert (iv_x0 <= runexpand_ref.xhit_q && runexpand_ref.xhit_q <= iv_c);
      if (iv_Gfib == iv_f && iv_cdata && iv_cq[2:0] <= iv_c)
        IvHitStage: assert (runexpand_ref.ihas_q && runexpand_ref.xhit_q == iv_cq[2:0]
            && (iv_rf ? !runexpand_ref.wpend_q && (Lz77 ? iv_lz_stage : runexpand_ref.want_q == iv_rq)
                      : runexpand_ref.wpend_q && runexpand_ref.wahead_q == '0));
      else if (iv_Gfib == iv_f && iv_run && dut.x_q <= {1'b0, iv_c})
        IvHitHand: assert (runexpand_ref.ihas_q && !runexpand_ref.wpend_q
                           && runexpand_ref.xhit_q <= iv_Glast
                           && (Lz77 || runexpand_ref.want_q == dut.rr_q));
      if (runexpand_ref.wpend_q)
        IvWPend: assert (iv_cdata && !iv_rf && iv_Gfib == iv_f && iv_cq[2:0] <= iv_c);
    end
  end

  // The sampled handshake checks: a stalled token is still offered.
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      IvStallBuf: assert (!dut.out.gen_out[0].buffer.in_check.stalled_q
                          && !dut.out.gen_out[1].buffer.in_check.stalled_q);
      if (out_crd_check.stalled_q) IvStallC: assert (crd_valid_o && out_crd_check.stalled_tok_q == crd_tok_o);
      if (out_ref_check.stalled_q) IvStallR: assert (ref_valid_o && out_ref_check.stalled_tok_q == ref_tok_o);
      IvStallIn: assert (dut.stage.crd_check.stalled_q == in_crd_check.stalled_q
                         && dut.stage.crd_check.stalled_tok_q == in_crd_check.stalled_tok_q
                         && dut.stage.second_check.stalled_q == in_ref_check.stalled_q
                         && dut.stage.second_check.stalled_tok_q == in_ref_check.stalled_tok_q);
    end
  end

  // Liveness (formal.py's monitor). Work left once every D is in, in cycles: a
  // rank that falls by at least one in every cycle while the consumers are
  // fair. Each buffer two cycles a token, one less when its consumer waited in
  // the last cycle (it is ready in this one), the fuller counting; the output
  // register 3; a token in the stages 8 (it waits for room, then the register).
  logic [7:0] iv_fb[2], iv_rank;
  assign iv_fb[0] = 8'd2 * 8'(iv_cc) - 8'(live_wait_q[0] && iv_cc != '0);
  assign iv_fb[1] = 8'd2 * 8'(iv_rc) - 8'(live_wait_q[1] && iv_rc != '0);
  assign iv_rank = (iv_fb[0] > iv_fb[1] ? iv_fb[0] : iv_fb[1]) + 8'd3 * 8'(dut.push_q) + 8'd8 * 8'(iv_cf);
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (&live_in_done) IvLiveIn: assert (!iv_run && iv_cf == iv_rf && (!iv_cf || iv_cdone));
      IvLiveOut: assert (live_out_done[0] == iv_gd[0] && live_out_done[1] == iv_hd[0]);
      if (&live_in_done && live_fair_q && !(&live_out_done))
        IvLive: assert (32'(live_cycles_q) + 32'(iv_rank) <= 32'(LiveBound));
    end
  end

  // Lz77: the descriptor's slot token and span (rep - 1, 0 for a literal) as the
  // ref stage keeps them; the phase stage (gen_phase) holds the run of the last
  // token into the buffers, and the literal check its input contract
  // (formal/runexpand_lz77_contract.sv: crd's lead, the last start, the
  // descriptors' literal flags by index).
  if (Lz77) begin : gen_iv_lz
    function automatic logic [3:0] rin(logic [13:0] d);
      sam_pkg::tok_kind_e k;
      k = sam_pkg::tok_kind(d[13], 64'(d[12:0]), 13);
      if (k == sam_pkg::TokData) return {1'b0, 3'(d[12:0] >> sam_pkg::DescRepBits)};
      if (k == sam_pkg::TokEmpty) return 4'b1110;
      if (k == sam_pkg::TokDone) return 4'b1111;
      return {1'b1, d[2:0]};
    endfunction
    function automatic logic [10:0] span(logic [13:0] d);
      return d[10:0] - 11'(d[10:0] != '0);
    endfunction
    // The slot's phase k mod (span + 1), k below 8.
    function automatic logic [10:0] phase(logic [2:0] k, logic [10:0] sp);
      logic [11:0] per;
      per = 12'(sp) + 12'd1;
      return per > 12'(k) ? 11'(k) : 11'(k % per[2:0]);
    endfunction
    logic [13:0] want, rlast;
    assign want  = 14'(runexpand_ref.want_q);
    assign rlast = 14'(runexpand_ref.rlast_q);
    assign iv_lz_stage = iv_rq == rin(want) && dut.r_span_q == span(want);
    logic [2:0] xhit, l;
    assign xhit = runexpand_ref.xhit_q;
    assign l    = iv_glast[3];
    logic signed [2:0] ilead;
    assign ilead = runexpand_ref.ilead_q;
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        if (iv_rf) LzRLast: assert (iv_rq == rin(rlast) && dut.r_span_q == span(rlast)
                                    && dut.gen_literal_check.r_lit_q == (rlast[10:0] == '0));
        LzTakeQ: assert (!dut.gen_phase.take_q || dut.push_q);
        LzHand: assert (dut.gen_phase.hand_q == iv_gad[3]);
        if (dut.push_q && !dut.gen_phase.take_q)
          LzCont: assert (iv_isdata(dut.push_crd_q) && iv_gad[3] && dut.push_crd_q[2:0] == iv_glast[3] + 3'd1);
        if (dut.push_q && dut.gen_phase.take_q && iv_isdata(dut.push_crd_q) && iv_gfib[3] == iv_f
            && runexpand_ref.ihas_q && xhit == dut.push_crd_q[2:0])
          LzTake: assert (!runexpand_ref.wpend_q && dut.push_ref_q == rin(want)
                          && dut.gen_phase.take_span_q == span(want));
        if (iv_gfd[3] && iv_gfib[3] == iv_f && runexpand_ref.ihas_q && xhit <= l && l < iv_c)
          LzPhase: assert (!runexpand_ref.wpend_q && {1'b0, dut.gen_phase.lit_q} == rin(want)
                           && dut.gen_phase.span_q == span(want)
                           && dut.gen_phase.span_q - dut.gen_phase.cnt_q == phase(l - xhit, span(want)));
        // A literal entry in hand covers one coordinate.
        if (iv_run && dut.gen_literal_check.hand_lit_q && iv_cf) LzLit: assert (!dut.more);
        LzLead: assert (f_d == {ilead[2], ilead});
        if (iv_cf) LzLastC: assert (f_cdata_q == iv_cdata && (!iv_cdata || f_x_q == iv_cq[2:0]));
        else LzLastH: assert (f_cdata_q == iv_run && (!iv_run || {1'b0, f_x_q} + 4'd1 == dut.x_q));
        if (iv_run && !iv_cf) LzLitH: assert (f_lith_q[3'(f_nc_q - 4'd1)] == dut.gen_literal_check.hand_lit_q);
        if (iv_rf && iv_isdata(iv_rq)) LzLitR: assert (f_lith_q[3'(f_nr_q - 4'd1)] == dut.gen_literal_check.r_lit_q);
      end
    end
  end else begin : gen_iv_runs
    assign iv_lz_stage = 1'b0;
  end
