  // formal/scan_runs_ref_inv.sv (after formal/scan_runs_ref.sv): invariants of
  // the run scoreboard's own state, asserted, for a k-induction of a proof that
  // uses it. The picked run waits for the next input token (its closing token)
  // or is closed; it is in flight on each output it has not left, behind the
  // runs counted ahead of it; while it waits it is the last run called for.
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (!fw_picked_q)
        IvFwIdle: assert (!fw_wait_q && !fw_closed_q && fw_gone_q == '0
                          && fw_ahead_q[0] == '0 && fw_ahead_q[1] == '0);
      else IvFwOne: assert (fw_wait_q != fw_closed_q);
      if (fw_wait_q)
        IvFwWait: assert (fw_tail_q && fw_close_crd_q == {1'b1, CrdWidth'(0)}
                          && fw_close_ref_q == {1'b1, RefWidth'(0)});
      // The closing tokens: a stop of one level on both outputs, or D on both.
      if (fw_picked_q)
        IvFwClose: assert (fw_close_crd_q[CrdWidth] && fw_close_ref_q[RefWidth]
                           && (&fw_close_crd_q) == (&fw_close_ref_q)
                           && ((&fw_close_crd_q)
                               || 64'(fw_close_crd_q[CrdWidth-1:0]) == 64'(fw_close_ref_q[RefWidth-1:0])));
    end
  end
  for (genvar c = 0; c < 2; c++) begin : gen_iv_fw
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        if (fw_gone_q[c]) IvFwGone: assert (fw_ahead_q[c] == '0);
        if (fw_picked_q && !fw_gone_q[c]) IvFwIn: assert (fw_ahead_q[c] < fw_flight_q[c]);
        if (fw_wait_q) IvFwLast: assert (!fw_gone_q[c] && fw_ahead_q[c] + 4'd1 == fw_flight_q[c]);
        if (fw_picked_q && !fw_gone_q[c] && fw_ahead_q[c] == '0)
          IvFwK: assert (fw_k_q[c] <= fw_len_q);
      end
    end
  end
