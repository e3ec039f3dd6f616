  // formal/runpack_ref_inv.sv: invariants of runpack_points_ref and
  // runpack_runs_ref (Points 1 and 0), asserted (proven, never assumed), that
  // make the harness k-inductive (depth 4; 2 suffices). They tie the
  // scoreboard's state (formal/runpack_ref.sv: fibers in and out, fiber f's
  // closing stop, the value kept for c, the input and output pairings, the
  // picked run) to sam_runpack's input stages and their decoded flags, the
  // packer's state (first_q, zero_q, last_nz_q, pend_q, px_q), the output
  // register and the two output buffers, and the stream monitors (grammar,
  // liveness) to the tokens in flight. The crd output's grammar is walked along
  // the crd tokens in flight (the buffer from its read pointer, then the output
  // register) from the output monitor's state, counting fibers from the
  // output's closed ones; each crd token there is paired with its val token
  // where that is still known. Two observers of the packer's history, proven
  // with the rest: iv_t_q, the last crd token taken is data (a point or a
  // start), and iv_lastv_q, the value of the last run given. The reference's
  // fiber counters stop at 15, so the walk counts 5 bits and meets the input's
  // count through iv_sat. CrdWidth = ValWidth = 3, output buffers of three.
  // A value token's number, N as 0.
  function automatic logic [2:0] iv_num(logic [3:0] t);
    return iv_isdata(t) ? t[2:0] : 3'd0;
  endfunction

  // The packer's history: the last crd token taken is data (a point or a
  // start); the value of the last run given.
  logic       iv_t_q;
  logic [2:0] iv_lastv_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      iv_t_q     <= 1'b0;
      iv_lastv_q <= '0;
    end else begin
      if (dut.take) iv_t_q <= dut.c_data_q;
      if (dut.push && iv_isdata(dut.push_crd)) iv_lastv_q <= dut.push_val[2:0];
    end
  end

  // The output buffers (crd 0, val 1), oldest first.
  logic [1:0] iv_cc, iv_vc;
  logic [3:0] iv_cs[3], iv_vs[3];
  assign iv_cc = dut.out.gen_out[0].buffer.gen_buffer.count_q;
  assign iv_vc = dut.out.gen_out[1].buffer.gen_buffer.count_q;
  for (genvar i = 0; i < 3; i++) begin : gen_iv_slot
    logic [2:0] ac, av;
    assign ac = 3'(dut.out.gen_out[0].buffer.gen_buffer.rd_ptr_q) + 3'(i);
    assign av = 3'(dut.out.gen_out[1].buffer.gen_buffer.rd_ptr_q) + 3'(i);
    assign iv_cs[i] = 4'(dut.out.gen_out[0].buffer.gen_buffer.mem_q[ac >= 3'd3 ? 2'(ac - 3'd3) : 2'(ac)]);
    assign iv_vs[i] = 4'(dut.out.gen_out[1].buffer.gen_buffer.mem_q[av >= 3'd3 ? 2'(av - 3'd3) : 2'(av)]);
  end
  function automatic logic [3:0] iv_vslot(logic [3:0] j);
    return j == 4'd0 ? iv_vs[0] : j == 4'd1 ? iv_vs[1] : iv_vs[2];
  endfunction
  function automatic logic [3:0] iv_cslot(logic [3:0] j);
    return j == 4'd0 ? iv_cs[0] : j == 4'd1 ? iv_cs[1] : iv_cs[2];
  endfunction
  // Val tokens out ahead of crd's: the buffers are pushed together.
  logic signed [3:0] iv_lead;
  assign iv_lead = $signed(4'(iv_vc)) - $signed(4'(iv_cc));

  // The reference's state.
  logic [4:0] iv_f, iv_ofib, iv_ifib;
  logic [2:0] iv_c;
  assign iv_f    = 5'(runpack_ref.fiber_q);
  assign iv_ofib = 5'(runpack_ref.ofib_q);
  assign iv_ifib = 5'(runpack_ref.ifib_q);
  assign iv_c    = runpack_ref.crd_q;
  logic iv_bad;
  assign iv_bad  = runpack_ref.bad_q;
  logic [3:0] iv_w;  // the input's value at c so far (N and none as 0)
  assign iv_w = runpack_ref.in_value;

  // The picked pair, one side out: the other in its buffer, ahead_q from the
  // head.
  logic iv_pk, iv_ck, iv_vk, iv_nk;
  assign iv_pk = runpack_ref.picked_q;
  assign iv_ck = runpack_ref.crd_known_q;
  assign iv_vk = runpack_ref.val_known_q;
  assign iv_nk = runpack_ref.next_known_q;
  logic [3:0] iv_ah;
  assign iv_ah = runpack_ref.ahead_q;

  // The crd tokens in flight (the buffer, then the output register), each with
  // its val token where that is still known: in the val buffer (crd slot k
  // beside val slot k + lead), in the output register, or kept as the picked
  // pair's.
  logic       iv_qv[4], iv_qvk[4];
  logic [3:0] iv_qt[4], iv_qval[4];
  for (genvar i = 0; i < 3; i++) begin : gen_iv_cq
    logic signed [3:0] j;
    assign j = $signed(4'(i)) + iv_lead;
    assign iv_qv[i]   = 2'(i) < iv_cc;
    assign iv_qt[i]   = iv_cs[i];
    assign iv_qvk[i]  = j >= 0 || (iv_pk && iv_vk && !iv_ck && iv_ah == 4'(i));
    assign iv_qval[i] = j >= 0 ? iv_vslot(4'(j)) : runpack_ref.val_tok_q;
  end
  assign iv_qv[3]   = dut.push_q;
  assign iv_qt[3]   = dut.push_crd_q;
  assign iv_qvk[3]  = 1'b1;
  assign iv_qval[3] = dut.push_val_q;
  // The next crd token in flight after each place (none: iv_nv low).
  logic       iv_nv[4];
  logic [3:0] iv_nt[4];
  for (genvar i = 0; i < 3; i++) begin : gen_iv_next
    if (i < 2) begin : gen_mid
      assign iv_nv[i] = 2'(i + 1) < iv_cc ? 1'b1 : dut.push_q;
      assign iv_nt[i] = 2'(i + 1) < iv_cc ? iv_cs[i + 1] : dut.push_crd_q;
    end else begin : gen_last
      assign iv_nv[i] = dut.push_q;
      assign iv_nt[i] = dut.push_crd_q;
    end
  end
  assign iv_nv[3] = 1'b0;
  assign iv_nt[3] = '0;
  // The first crd token in flight.
  logic       iv_hv;
  logic [3:0] iv_ht;
  assign iv_hv = iv_cc != '0 || dut.push_q;
  assign iv_ht = iv_cc != '0 ? iv_cs[0] : dut.push_crd_q;

  // The crd output's grammar along the crd tokens in flight, from the output
  // monitor's state: done, after data, after the top stop S1, data in the
  // fiber, its last coordinate, and the fiber index (the output's fibers
  // closed, plus the stops before).
  logic       iv_gd[5], iv_gad[5], iv_gat[5], iv_gfd[5];
  logic [2:0] iv_glast[5];
  logic [4:0] iv_gfib[5];
  assign iv_gd[0]    = out_crd_check.gen_grammar.done_q;
  assign iv_gad[0]   = out_crd_check.gen_grammar.after_data_q;
  assign iv_gat[0]   = out_crd_check.gen_grammar.after_top_q;
  assign iv_gfd[0]   = out_crd_check.gen_grammar.fiber_data_q;
  assign iv_glast[0] = out_crd_check.gen_grammar.last_q;
  assign iv_gfib[0]  = iv_ofib;

  // c's value: a run at or below c followed by a start above c or a stop
  // carries the input's value at c; a run starting at c + 1 differs from it.
  // Either way the input has passed c.
  logic iv_past;
  assign iv_past = !runpack_ref.wpend_q
                   && (iv_ifib > iv_f || (iv_ifib == iv_f && in_crd_check.gen_grammar.fiber_data_q
                                          && in_crd_check.gen_grammar.last_q >= iv_c));
  function automatic logic iv_cov(logic [3:0] x, logic nv, logic [3:0] nt, logic [2:0] c);
    return iv_isdata(x) && x[2:0] <= c && nv && (iv_isstop(nt) || (iv_isdata(nt) && nt[2:0] > c));
  endfunction
  function automatic logic iv_after(logic [3:0] x, logic [2:0] c);
    return iv_isdata(x) && {1'b0, x[2:0]} == {1'b0, c} + 4'd1;
  endfunction

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
    // runs from 0 in order below dim_i, closed by the input's stop.
    logic in_f, ok;
    assign in_f = iv_gfib[q] == iv_f;
    assign ok = !iv_gd[q] && iv_kind(t) != sam_pkg::TokEmpty
                && (!iv_isstop(t) || t[2:0] < 3'd2)
                && (!iv_isdone(t) || (iv_gat[q] && !iv_gad[q]))
                && (!iv_isdata(t) || !iv_gfd[q] || t[2:0] > iv_glast[q]);
    always_ff @(posedge clk_i) begin
      if (rst_ni && iv_qv[q]) begin
        IvGramC: assert (ok);
        IvPairShape: assert (iv_shape(t) == iv_shape(iv_qval[q]) || !iv_qvk[q]);
        if (iv_qvk[q]) IvPairNoN: assert (iv_kind(iv_qval[q]) != sam_pkg::TokEmpty);
        if (in_f && iv_isdata(t) && !iv_bad) IvFData: assert (t[2:0] < dim_i
            && (iv_gad[q] || dim_i == '0 || t[2:0] == '0));
        if (in_f && iv_isstop(t)) IvFStop: assert (runpack_ref.iclosed_q && t == runpack_ref.istop_q
            && (iv_bad || iv_gad[q] || dim_i == '0));
        if (in_f && !iv_bad && iv_qvk[q] && {1'b0, iv_c} < {1'b0, dim_i}) begin
          if (iv_cov(t, iv_nv[q], iv_nt[q], iv_c)) IvCov: assert (iv_past && iv_qval[q] == iv_w);
          if (iv_after(t, iv_c)) IvAfter: assert (iv_past && iv_qval[q] != iv_w);
        end
      end
    end
  end
  // After the output register: the packer's state.
  logic       iv_Gd, iv_Gad, iv_Gat, iv_Gfd;
  logic [2:0] iv_Glast;
  logic [4:0] iv_Gfib;
  assign iv_Gd    = iv_gd[4];
  assign iv_Gad   = iv_gad[4];
  assign iv_Gat   = iv_gat[4];
  assign iv_Gfd   = iv_gfd[4];
  assign iv_Glast = iv_glast[4];
  assign iv_Gfib  = iv_gfib[4];

  // The last run given: its value, where its val token is still known.
  logic       iv_lv, iv_lvk;
  logic [3:0] iv_lt, iv_lval;
  assign iv_lv   = dut.push_q || iv_cc != '0 || (iv_ck && !iv_nk);
  assign iv_lt   = dut.push_q ? dut.push_crd_q : iv_cc != '0 ? iv_cslot(4'(iv_cc) - 4'd1)
                 : runpack_ref.crd_tok_q;
  assign iv_lvk  = dut.push_q || (iv_cc == 2'd1 ? iv_qvk[0] : iv_cc == 2'd2 ? iv_qvk[1]
                                   : iv_cc == 2'd3 ? iv_qvk[2] : 1'b1);
  assign iv_lval = dut.push_q ? dut.push_val_q : iv_cc == 2'd1 ? iv_qval[0] : iv_cc == 2'd2 ? iv_qval[1]
                 : iv_cc == 2'd3 ? iv_qval[2] : (iv_vk ? runpack_ref.val_tok_q : iv_vslot(iv_ah));

  // The val output's grammar along its tokens in flight: done, after data,
  // after S1.
  logic       iv_rv[4];
  logic [3:0] iv_rt[4];
  for (genvar i = 0; i < 3; i++) begin : gen_iv_rq
    assign iv_rv[i] = 2'(i) < iv_vc;
    assign iv_rt[i] = iv_vs[i];
  end
  assign iv_rv[3] = dut.push_q;
  assign iv_rt[3] = dut.push_val_q;
  logic iv_hd[5], iv_had[5], iv_hat[5];
  assign iv_hd[0]  = out_val_check.gen_grammar.done_q;
  assign iv_had[0] = out_val_check.gen_grammar.after_data_q;
  assign iv_hat[0] = out_val_check.gen_grammar.after_top_q;
  for (genvar q = 0; q < 4; q++) begin : gen_iv_h
    logic [3:0] t;
    assign t = iv_rt[q];
    assign iv_hd[q + 1]  = iv_rv[q] ? iv_hd[q] || iv_isdone(t) : iv_hd[q];
    assign iv_had[q + 1] = iv_rv[q] ? iv_isdata(t) : iv_had[q];
    assign iv_hat[q + 1] = iv_rv[q] ? iv_isstop(t) && t[2:0] == 3'd1 : iv_hat[q];
    always_ff @(posedge clk_i) begin
      if (rst_ni && iv_rv[q])
        IvGramV: assert (!iv_hd[q] && iv_kind(t) != sam_pkg::TokEmpty && (!iv_isstop(t) || t[2:0] < 3'd2)
                         && (!iv_isdone(t) || (iv_hat[q] && !iv_had[q])));
    end
  end

  // The picked pair.
  // The picked run while its crd token is out: its val token (kept or in the
  // buffer), the crd token after it (kept, in flight or not given yet).
  logic       iv_pnv;
  logic [3:0] iv_pnt, iv_pval;
  assign iv_pnv  = iv_nk || iv_hv;
  assign iv_pnt  = iv_nk ? runpack_ref.next_tok_q : iv_ht;
  assign iv_pval = iv_vk ? runpack_ref.val_tok_q : iv_vslot(iv_ah);
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      IvLead: assert (runpack_ref.lead_q == iv_lead);
      if (!iv_pk) IvPickIdle: assert (!iv_ck && !iv_vk && !iv_nk && iv_ah == '0);
      else IvPickOne: assert (iv_ck || iv_vk);
      if (iv_nk) IvPickNext: assert (iv_ck);
      if (iv_pk && iv_ck && !iv_vk) begin
        IvPickC: assert ($signed(iv_ah) >= 0 && $signed(iv_ah) < iv_lead
                         && iv_shape(runpack_ref.crd_tok_q) == iv_shape(iv_vslot(iv_ah))
                         && iv_kind(iv_vslot(iv_ah)) != sam_pkg::TokEmpty);
      end
      if (iv_pk && iv_vk && !iv_ck) begin
        IvPickV: assert ($signed(iv_ah) >= 0 && $signed(iv_ah) < -iv_lead
                         && iv_shape(iv_cslot(iv_ah)) == iv_shape(runpack_ref.val_tok_q));
      end
      if (iv_vk) IvPickVKind: assert (iv_kind(runpack_ref.val_tok_q) != sam_pkg::TokEmpty);
      if (iv_ck && iv_vk) IvPickShape: assert (iv_shape(runpack_ref.crd_tok_q) == iv_shape(runpack_ref.val_tok_q));
      if (iv_ck) IvPickCKind: assert (iv_kind(runpack_ref.crd_tok_q) != sam_pkg::TokEmpty);
      // The picked crd token is the last one out until the next leaves.
      if (iv_ck && !iv_nk)
        IvPickLast: assert (iv_isdata(runpack_ref.crd_tok_q) == iv_gad[0]
            && (!iv_isdata(runpack_ref.crd_tok_q) || (runpack_ref.crd_tok_q[2:0] == iv_glast[0]
                                                      && runpack_ref.f_q == (iv_ofib == iv_f)))
            && (!iv_isstop(runpack_ref.crd_tok_q) || (runpack_ref.crd_tok_q[2:0] == 3'd1) == iv_gat[0])
            && iv_isdone(runpack_ref.crd_tok_q) == iv_gd[0]);
      if (iv_nk) IvPickNextKind: assert (iv_kind(runpack_ref.next_tok_q) != sam_pkg::TokEmpty
          && (!iv_isdata(runpack_ref.crd_tok_q) || !iv_isdata(runpack_ref.next_tok_q)
              || runpack_ref.next_tok_q[2:0] > runpack_ref.crd_tok_q[2:0]));
      if (iv_nk && iv_isdata(runpack_ref.crd_tok_q)) IvPickNextIn: assert (!iv_isdone(runpack_ref.next_tok_q));
      if (iv_ck && runpack_ref.f_q && !iv_bad && (iv_vk || $signed(iv_ah) < iv_lead)
          && {1'b0, iv_c} < {1'b0, dim_i}) begin
        if (iv_cov(runpack_ref.crd_tok_q, iv_pnv, iv_pnt, iv_c))
          IvPickCov: assert (iv_past && iv_pval == iv_w);
        if (iv_after(runpack_ref.crd_tok_q, iv_c))
          IvPickAfter: assert (iv_past && iv_pval != iv_w);
      end
      if (iv_ck && iv_nk && runpack_ref.f_q && iv_isdata(runpack_ref.crd_tok_q) && !iv_bad)
        IvPickNextF: assert (!iv_isdata(runpack_ref.next_tok_q) || runpack_ref.next_tok_q[2:0] < dim_i);
    end
  end

  // The output side of the reference.
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      IvOClosed: assert (runpack_ref.oclosed_q == (iv_ofib > iv_f));
      if (runpack_ref.oclosed_q) IvOStop: assert (runpack_ref.ostop_q == runpack_ref.istop_q);
      IvOMon: assert (runpack_ref.ofirst_q == !iv_gad[0] && runpack_ref.olast_q == iv_glast[0]);
      // The last run given and its value.
      if (iv_lv && iv_lvk && iv_isdata(iv_lt)) IvLastV: assert (iv_lval == {1'b0, iv_lastv_q});
    end
  end

  // The input side: the stages and their flags, the packer and the input
  // monitor.
  logic [3:0] iv_cq, iv_vq;
  logic       iv_cf, iv_vf, iv_cdata, iv_cstop, iv_cdone;
  assign iv_cq    = dut.c_q;
  assign iv_vq    = dut.v_q;
  assign iv_cf    = dut.c_full;
  assign iv_vf    = dut.v_full;
  assign iv_cdata = iv_cf && iv_isdata(iv_cq);
  assign iv_cstop = iv_cf && iv_isstop(iv_cq);
  assign iv_cdone = iv_cf && iv_isdone(iv_cq);
  logic       iv_id, iv_iad, iv_iat, iv_ifd;
  logic [2:0] iv_ilast;
  assign iv_id    = in_crd_check.gen_grammar.done_q;
  assign iv_iad   = in_crd_check.gen_grammar.after_data_q;
  assign iv_iat   = in_crd_check.gen_grammar.after_top_q;
  assign iv_ifd   = in_crd_check.gen_grammar.fiber_data_q;
  assign iv_ilast = in_crd_check.gen_grammar.last_q;
  logic [3:0] iv_px;
  logic       iv_t, iv_stagehit;
  assign iv_px = dut.px_q;
  assign iv_t  = iv_t_q;
  assign iv_stagehit = iv_cdata && iv_Gfib == iv_f && (Points ? iv_cq[2:0] == iv_c : iv_cq[2:0] <= iv_c);
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      // The stages: crd's lead, the decoded flags, the tokens' kinds.
      IvInLead: assert (runpack_ref.ilead_q == 3'(iv_cf) - 3'(iv_vf));
      if (iv_vf) IvVLast: assert (runpack_ref.vlast_q == iv_vq);
      if (iv_cf) IvCFlags: assert (dut.c_data_q == iv_isdata(iv_cq) && dut.c_stop_q == iv_isstop(iv_cq)
                                   && dut.c_nz_q == (iv_cq[2:0] != '0) && dut.prev_data_q == dut.c_data_q
                                   && dut.prev_x1_q == {1'b0, iv_cq[2:0]} + 4'd1);
      else IvCPrev: assert (dut.prev_data_q == iv_t && (!iv_t || dut.prev_x1_q == iv_px));
      if (iv_vf) IvVFlags: assert (dut.v_num_q == iv_num(iv_vq) && dut.v_nz_q == (dut.v_num_q != '0)
                                   && dut.prev_v_q == dut.v_num_q);
      if (iv_cf) IvCKind: assert (iv_isdata(iv_cq) || iv_isdone(iv_cq) || (iv_isstop(iv_cq) && iv_cq[2:0] < 3'd2));
      IvDimNz: assert (dut.dim_nz_q == (dim_i != '0));
      // The packer against the crd output's end.
      IvFirst: assert (dut.first_q == !iv_Gad && iv_Gfd == iv_Gad);
      if (iv_Gad) IvLastNz: assert (dut.last_nz_q == (iv_lastv_q != '0));
      if (dut.zero_q) IvZero: assert (iv_Gad && iv_lastv_q == '0 && !dut.pend_q);
      IvPend: assert (dut.pend_q == (Points && iv_t && !dut.zero_q));
      if (iv_t) IvT: assert (iv_Gad && iv_px != '0 && {1'b0, iv_Glast} <= iv_px
                             && (({1'b0, iv_Glast} == iv_px) == dut.zero_q));
      if (iv_t && dut.zero_q) IvGapWait: assert (iv_cdata ? {1'b0, iv_cq[2:0]} > iv_px
                                                           : iv_cstop && {1'b0, dim_i} > iv_px);
      if (iv_cdata && iv_Gad) IvStageAbove: assert (iv_cq[2:0] > iv_Glast);
      if (!iv_t && !dut.first_q) IvOpen: assert (dut.zero_q && iv_Glast == '0 && iv_cf
          && (iv_cdata ? iv_cq[2:0] != '0 : iv_cstop && dim_i != '0));
      if (iv_cdata && iv_t) IvStageAfter: assert ({1'b0, iv_cq[2:0]} >= iv_px);
      if (iv_cf && dut.pend_q)
        IvGap: assert (dut.c_gap_q == (iv_cdata ? {1'b0, iv_cq[2:0]} > iv_px : {1'b0, dim_i} > iv_px));
      // The last coordinate taken's value is the last run's.
      if (iv_t && !dut.zero_q) IvLastTaken: assert (iv_vf ? dut.v_new_q == (dut.v_num_q != iv_lastv_q)
                                                           : dut.prev_v_q == iv_lastv_q);
      if (iv_cf) IvStageNotDone: assert (!iv_Gd);
      if (iv_cdone) IvStageDone: assert (!iv_t && iv_Gat && dut.first_q);
      // The input monitor's last token: the stage's, else the last taken.
      if (iv_cf) IvInMonS: assert (iv_id == iv_cdone && iv_iad == iv_cdata && iv_iat == (iv_cq == 4'b1001)
                                   && iv_ifd == iv_cdata && (!iv_cdata || iv_ilast == iv_cq[2:0]));
      else IvInMonG: assert (iv_id == iv_Gd && iv_iad == iv_t && iv_iat == iv_Gat && iv_ifd == iv_t
                             && (!iv_t || {1'b0, iv_ilast} + 4'd1 == iv_px));
      // The monitors: data in the fiber is data last (no N); D after S1.
      IvMonOut: assert (iv_gfd[0] == iv_gad[0] && !(iv_gat[0] && iv_gad[0]) && (!iv_gd[0] || !iv_gat[0]));
      IvMonIn: assert (iv_ifd == iv_iad && !(iv_iat && iv_iad) && (!iv_id || (!iv_iat && !iv_iad)));
      IvInVal: assert (in_val_check.gen_grammar.done_q == (iv_vf ? iv_isdone(iv_vq) : iv_Gd));
      IvMonVal: assert (!(iv_hat[0] && iv_had[0]) && (!iv_hd[0] || !iv_hat[0]));
      IvGramEnd: assert (iv_hd[4] == iv_Gd && iv_hat[4] == iv_Gat);
      // Fibers: the input's are the output's plus the stops in flight.
      IvFibers: assert (iv_ifib == iv_sat(iv_Gfib + 5'(iv_cstop)));
      IvIClosed: assert (runpack_ref.iclosed_q == (iv_ifib > iv_f));
      if (iv_cstop && iv_Gfib == iv_f) IvIStop: assert (runpack_ref.istop_q == iv_cq);
      // Fiber f at the input: its last coordinate, below dim_i.
      if (iv_ifib < iv_f) IvNotOn: assert (!runpack_ref.inon_q);
      if (iv_ifib == iv_f) IvOn: assert (runpack_ref.inon_q == iv_ifd
                                         && (!iv_ifd || runpack_ref.xlast_q == iv_ilast));
      if (iv_Gfib == iv_f && iv_cdata && !iv_bad) IvStageF: assert (iv_cq[2:0] < dim_i);
      if (iv_Gfib == iv_f && iv_t && !iv_bad) IvTakenF: assert (iv_px <= {1'b0, dim_i});
      // c's value: in the stage (its val token there or still to come), or the
      // last run's while that covers c.
      if (iv_stagehit)
        IvHitStage: assert (runpack_ref.ihas_q && (iv_vf ? !runpack_ref.wpend_q && runpack_ref.want_q == iv_vq
                                                         : runpack_ref.wpend_q && runpack_ref.wahead_q == '0));
      if (runpack_ref.wpend_q) IvWPend: assert (iv_stagehit && !iv_vf);
      if (iv_Gfib < iv_f) IvBefore: assert (!runpack_ref.ihas_q);
      if (iv_Gfib == iv_f && !iv_Gad && !iv_stagehit) IvNone: assert (!runpack_ref.ihas_q);
      if (iv_Gfib == iv_f && !iv_bad && !iv_stagehit) begin
        if (!Points && iv_Gad && iv_Glast <= iv_c) IvEndR: assert (iv_w == {1'b0, iv_lastv_q});
        if (Points && iv_t && {1'b0, iv_c} < iv_px && iv_Glast <= iv_c)
          IvEndP: assert (iv_w == {1'b0, iv_lastv_q});
        if (Points && !(iv_t && {1'b0, iv_c} < iv_px)) IvNoneP: assert (iv_w == '0);
      end
    end
  end

  // The sampled handshake checks: a stalled token is still offered.
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      IvStallBuf: assert (!dut.out.gen_out[0].buffer.in_check.stalled_q
                          && !dut.out.gen_out[1].buffer.in_check.stalled_q);
      if (out_crd_check.stalled_q) IvStallC: assert (crd_valid_o && out_crd_check.stalled_tok_q == crd_tok_o);
      if (out_val_check.stalled_q) IvStallV: assert (val_valid_o && out_val_check.stalled_tok_q == val_tok_o);
      IvStallIn: assert (dut.stage.crd_check.stalled_q == in_crd_check.stalled_q
                         && dut.stage.crd_check.stalled_tok_q == in_crd_check.stalled_tok_q
                         && dut.stage.second_check.stalled_q == in_val_check.stalled_q
                         && dut.stage.second_check.stalled_tok_q == in_val_check.stalled_tok_q);
    end
  end

  // Liveness (formal.py's monitor). Work left once every D is in, in cycles: a
  // rank that falls by at least one in every cycle while the consumers are
  // fair. Each buffer two cycles a token, one less when its consumer waited in
  // the last cycle (it is ready in this one), the fuller counting; the output
  // register 3; D in the stages 8 (it waits for room, then the register).
  logic [7:0] iv_fb[2], iv_rank;
  assign iv_fb[0] = 8'd2 * 8'(iv_cc) - 8'(live_wait_q[0] && iv_cc != '0);
  assign iv_fb[1] = 8'd2 * 8'(iv_vc) - 8'(live_wait_q[1] && iv_vc != '0);
  assign iv_rank = (iv_fb[0] > iv_fb[1] ? iv_fb[0] : iv_fb[1]) + 8'd3 * 8'(dut.push_q) + 8'd8 * 8'(iv_cf);
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (&live_in_done) IvLiveIn: assert (iv_cf == iv_vf && (!iv_cf || iv_cdone));
      IvLiveOut: assert (live_out_done[0] == iv_gd[0] && live_out_done[1] == iv_hd[0]);
      if (&live_in_done && live_fair_q && !(&live_out_done))
        IvLive: assert (32'(live_cycles_q) + 32'(iv_rank) <= 32'(LiveBound));
    end
  end
