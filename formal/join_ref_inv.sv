  // formal/join_ref_inv.sv (after formal/join_ref.sv, bound as `join_ref`):
  // invariants of the join scoreboard's own state, asserted, for a k-induction
  // of a proof that uses it; they read nothing of the joiner. A way's fiber f is
  // closed exactly once it has counted past f, and so is the output's; nothing of
  // fiber f is seen before it is reached (a run way's start at c is one of its
  // references at c, a resume lies in fiber f); a closed fiber's stop is a stop.
  // The picked pair: nothing known before the pick, one side at least after it;
  // while one side waits, its token is the one `ahead_q` more transfers on, within
  // the outputs' count difference (lead_q); a picked crd token that is c in fiber
  // f is c, and the output has seen c in fiber f. It reads the harness's Ways and
  // CrdWidth (the joiner's parameters, as join_ref_ways2.sv does).
  function automatic logic jv_isstop(logic [CrdWidth:0] t);
    return sam_pkg::tok_kind(t[CrdWidth], 64'(t[CrdWidth-1:0]), CrdWidth)
           == sam_pkg::TokStop;
  endfunction
  for (genvar k = 0; k < Ways; k++) begin : gen_jv_way
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        JvClosed: assert (join_ref.closed_q[k] == (join_ref.fib_q[k] > join_ref.fiber_q));
        if (join_ref.fib_q[k] < join_ref.fiber_q)
          JvBefore: assert (!join_ref.has_q[k] && !join_ref.start_q[k] && !join_ref.prev_q[k]);
        if (join_ref.start_q[k]) JvStart: assert (join_ref.has_q[k]);
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      JvOClosed: assert (join_ref.oclosed_q == (join_ref.ofib_q > join_ref.fiber_q));
      if (join_ref.ofib_q < join_ref.fiber_q) JvOBefore: assert (!join_ref.ohas_q);
      if (join_ref.closed_q[0]) JvStop0: assert (jv_isstop(join_ref.stop0_q));
      if (join_ref.oclosed_q) JvOStop: assert (jv_isstop(join_ref.ostop_q));
    end
  end
  for (genvar k = 0; k < Ways; k++) begin : gen_jv_pick
    logic signed [4:0] lead, ahead;
    assign lead  = {join_ref.g_way[k].lead_q[3], join_ref.g_way[k].lead_q};
    assign ahead = $signed({1'b0, join_ref.g_way[k].ahead_q});
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        if (!join_ref.g_way[k].picked_q)
          JvPickIdle: assert (!join_ref.g_way[k].crd_known_q && !join_ref.g_way[k].ref_known_q
                              && join_ref.g_way[k].ahead_q == '0);
        else JvPickOne: assert (join_ref.g_way[k].crd_known_q || join_ref.g_way[k].ref_known_q);
        if (join_ref.g_way[k].crd_known_q && !join_ref.g_way[k].ref_known_q)
          JvPickC: assert (ahead < lead);
        if (join_ref.g_way[k].ref_known_q && !join_ref.g_way[k].crd_known_q)
          JvPickR: assert (ahead < -lead);
        if (join_ref.g_way[k].hit_q)
          JvPickHit: assert (join_ref.g_way[k].crd_known_q && join_ref.ohas_q
                             && join_ref.g_way[k].crd_tok_q == {1'b0, join_ref.crd_q});
      end
    end
  end
