  // formal/runreduce_ref_inv.sv: invariants of runreduce_ref, asserted (proven,
  // never assumed), that make the harness k-inductive (depth 4; 2 suffices).
  // They tie the scoreboard's state (formal/runreduce_ref.sv: outputs counted in
  // and out, the n-th output, the open run and the fiber's sum so far;
  // formal/stream_pair.sv's lead and history; formal/aligned.sv's queue) to
  // sam_runreduce's input stages and their decoded flags, the run in hand, the
  // three operation registers with the multiplier's pipeline beside them (input
  // registers, product, output register), the accumulator, the output register
  // and the output buffer; and the stream monitors (grammar, liveness) to the
  // outputs in flight. The outputs in flight are walked oldest first, the
  // stages' pair's outputs not yet issued included: the reference counts those
  // when the pair completes. The sums follow the accumulator along the
  // operation registers. The reference's counts stop at 7 (n below 6), so the
  // count invariant holds exactly below 7. CrdWidth = ValWidth = 3, an output
  // buffer of five.
  // A run's share: value times length, both modulo 8.
  function automatic logic [2:0] iv_share(logic run, logic [2:0] v, logic [2:0] len);
    return run ? 3'(v * len) : 3'd0;
  endfunction

  // The input stages.
  logic [3:0] iv_cq, iv_vq;
  logic       iv_cf, iv_vf, iv_both, iv_run, iv_closed;
  assign iv_cq     = dut.c_q;
  assign iv_vq     = dut.v_q;
  assign iv_cf     = dut.c_full;
  assign iv_vf     = dut.v_full;
  assign iv_both   = iv_cf && iv_vf;
  assign iv_run    = dut.run_q;
  assign iv_closed = dut.closed_q;

  // The sum of the fiber's runs issued, along the operation registers (oldest
  // first) from the accumulator: each closing operation's sum, and what the
  // accumulator holds once all three are through. The multiplier's product of
  // each: the output register (op3), the DSP's product (op2), its input
  // registers (op1); the low bits of a product need only the low bits.
  logic [2:0] iv_prod[3], iv_s[4], iv_v[3];
  logic       iv_add[3], iv_close[3], iv_ctl[3];
  logic [3:0] iv_optok[3];
  logic [2:0] iv_ma, iv_mb;  // the multiplier's input registers, low bits
  assign iv_ma      = dut.gen_chunks.gen_part[0].mult.a_q[2:0];
  assign iv_mb      = dut.gen_chunks.gen_part[0].mult.b_q[2:0];
  assign iv_prod[0] = dut.product_q;
  assign iv_prod[1] = 3'(dut.gen_chunks.gen_part[0].mult.p_q);
  assign iv_prod[2] = 3'(iv_ma * iv_mb);
  assign iv_add[0] = dut.op3_q.add;
  assign iv_add[1] = dut.op2_q.add;
  assign iv_add[2] = dut.op1_q.add;
  assign iv_close[0] = dut.op3_q.close;
  assign iv_close[1] = dut.op2_q.close;
  assign iv_close[2] = dut.op1_q.close;
  assign iv_ctl[0] = dut.op3_q.ctl;
  assign iv_ctl[1] = dut.op2_q.ctl;
  assign iv_ctl[2] = dut.op1_q.ctl;
  assign iv_optok[0] = dut.op3_q.tok;
  assign iv_optok[1] = dut.op2_q.tok;
  assign iv_optok[2] = dut.op1_q.tok;
  assign iv_s[0] = dut.acc_q;
  for (genvar k = 0; k < 3; k++) begin : gen_iv_chain
    assign iv_v[k] = iv_s[k] + (iv_add[k] ? iv_prod[k] : 3'd0);
    assign iv_s[k + 1] = iv_close[k] ? 3'd0 : iv_ctl[k] ? iv_s[k] : iv_v[k];
  end
  // The stage's stop, not yet issued: its sum.
  logic [2:0] iv_pend;
  assign iv_pend = iv_s[3] + iv_share(iv_run, dut.rv_q, dim_i - dut.rx_q);

  // The outputs in flight, oldest first: the buffer (five slots from its read
  // pointer), the output register, the operation registers op3, op2, op1 that
  // give an output, then what the pair in the stages gives that is not issued
  // yet (the stop's sum, the lowered stop; D).
  logic [2:0] iv_cnt, iv_rd;
  assign iv_cnt = dut.out.gen_out[0].buffer.gen_buffer.count_q;
  assign iv_rd  = dut.out.gen_out[0].buffer.gen_buffer.rd_ptr_q;
  logic [3:0] iv_e[11];
  logic       iv_ev[11];
  for (genvar i = 0; i < 5; i++) begin : gen_iv_slot
    logic [3:0] at;
    assign at = 4'(iv_rd) + 4'(i);
    assign iv_e[i]  = 4'(dut.out.gen_out[0].buffer.gen_buffer.mem_q[at >= 4'd5 ? 3'(at - 4'd5) : 3'(at)]);
    assign iv_ev[i] = 3'(i) < iv_cnt;
  end
  assign iv_ev[5] = dut.push_q;
  assign iv_e[5]  = dut.push_tok_q;
  for (genvar k = 0; k < 3; k++) begin : gen_iv_op
    assign iv_ev[6 + k] = iv_close[k] || iv_ctl[k];
    assign iv_e[6 + k]  = iv_close[k] ? {1'b0, iv_v[k]} : iv_optok[k];
  end
  logic iv_sstop, iv_sdone;
  assign iv_sstop = iv_both && dut.c_stop_q;
  assign iv_sdone = iv_both && !dut.c_data_q && !dut.c_stop_q;
  assign iv_ev[9]  = iv_sstop || iv_sdone;
  assign iv_e[9]   = iv_sdone ? 4'b1111 : iv_closed ? {1'b1, dut.v_lvl_q} : {1'b0, iv_pend};
  assign iv_ev[10] = iv_sstop && !iv_closed && !dut.c_lvl0_q;
  assign iv_e[10]  = {1'b1, dut.v_lvl_q};
  logic [3:0] iv_pos[12];  // entry k's place among the outputs in flight
  assign iv_pos[0] = '0;
  for (genvar k = 0; k < 11; k++) begin : gen_iv_pos
    assign iv_pos[k + 1] = iv_pos[k] + 4'(iv_ev[k]);
  end
  logic [3:0] iv_fly, iv_issued;
  assign iv_fly    = iv_pos[11];
  assign iv_issued = iv_pos[9];

  // The output grammar along them, from the output monitor's state: {done,
  // after data (a sum), after the top stop S0}.
  function automatic logic [2:0] iv_step(logic [2:0] g, logic [3:0] t);
    return {g[2] || iv_isdone(t), iv_isdata(t), iv_isstop(t) && t[2:0] == 3'd0};
  endfunction
  function automatic logic iv_ok(logic [2:0] g, logic [3:0] t);
    return !g[2] && iv_kind(t) != sam_pkg::TokEmpty && (!iv_isstop(t) || t[2:0] == 3'd0)
           && (!iv_isdone(t) || (g[0] && !g[1]));
  endfunction
  logic [2:0] iv_g[12];
  assign iv_g[0] = {out_val_check.gen_grammar.done_q, out_val_check.gen_grammar.after_data_q,
                    out_val_check.gen_grammar.after_top_q};
  for (genvar k = 0; k < 11; k++) begin : gen_iv_g
    assign iv_g[k + 1] = iv_ev[k] ? iv_step(iv_g[k], iv_e[k]) : iv_g[k];
  end
  logic [2:0] iv_G;  // after every output in flight
  assign iv_G = iv_g[11];

  // The scoreboard's counts (they stop at 7).
  logic [3:0] iv_in, iv_out, iv_n;
  assign iv_in  = 4'(rr_in_q);
  assign iv_out = 4'(rr_out_q);
  assign iv_n   = 4'(rr_n_q);
  logic iv_seen;
  assign iv_seen = rr_seen_q;

  // Each output in flight: its grammar, and the n-th the reference's.
  for (genvar k = 0; k < 11; k++) begin : gen_iv_e
    always_ff @(posedge clk_i) begin
      if (rst_ni && iv_ev[k]) begin
        IvGram: assert (iv_ok(iv_g[k], iv_e[k]));
        if (iv_seen && iv_out <= iv_n && iv_pos[k] == iv_n - iv_out)
          IvWant: assert (iv_e[k] == rr_want_q);
      end
    end
  end

  // The monitors' states.
  logic iv_cd, iv_cad, iv_cat, iv_cfd;
  assign iv_cd  = in_crd_check.gen_grammar.done_q;
  assign iv_cad = in_crd_check.gen_grammar.after_data_q;
  assign iv_cat = in_crd_check.gen_grammar.after_top_q;
  assign iv_cfd = in_crd_check.gen_grammar.fiber_data_q;

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      // Counts: every output the reference has counted is out or in flight.
      if (iv_in != 4'd7) IvCount: assert (iv_in == iv_out + iv_fly);
      else IvCountSat: assert (iv_out == 4'd7 || iv_out + iv_fly >= 4'd7);
      IvSeen: assert (iv_seen == (iv_in > iv_n));
      // The pairing: crd's lead is the stage it holds alone.
      IvLead: assert (rr_pairs.lead_q == 5'(iv_cf) - 5'(iv_vf));
      if (iv_cf && !iv_vf) IvHistC: assert (rr_pairs.a_hist_q[0] == iv_cq);
      if (iv_vf && !iv_cf) IvHistV: assert (rr_pairs.b_hist_q[0] == iv_vq);
      IvAligned: assert (32'(aligned_crd_val.cnt_q) == 32'(iv_cf != iv_vf));
      if (iv_cf && !iv_vf) IvAlignedC: assert (!aligned_crd_val.b_lead_q
                                               && aligned_crd_val.q_q[0] == iv_shape(iv_cq));
      if (iv_vf && !iv_cf) IvAlignedV: assert (aligned_crd_val.b_lead_q
                                               && aligned_crd_val.q_q[0] == iv_shape(iv_vq));
      // The stages' decoded flags.
      if (iv_cf) IvCFlags: assert (dut.c_data_q == iv_isdata(iv_cq) && dut.c_stop_q == iv_isstop(iv_cq)
                                   && dut.c_lvl0_q == (iv_cq[2:0] == '0)
                                   && (iv_isdata(iv_cq) || iv_isdone(iv_cq)
                                       || (iv_isstop(iv_cq) && iv_cq[2:0] < 3'd2)));
      if (iv_vf) IvVFlags: assert (dut.v_num_q == (iv_isdata(iv_vq) ? iv_vq[2:0] : 3'd0)
                                   && dut.v_lvl_q == iv_vq[2:0] - 3'd1);
      if (iv_closed) IvClosed: assert (iv_sstop && !dut.c_lvl0_q && !iv_run);
      if (iv_cf && iv_isdone(iv_cq)) IvDoneStage: assert (!iv_run);
      // No run open: nothing summed in the fiber.
      if (!iv_run) IvNoRun: assert (iv_s[3] == '0);
      // The reference's run and sum: the run in hand and the sum issued, the
      // pair in the stages included.
      if (iv_both && dut.c_data_q)
        IvRefData: assert (rr_run_q && rr_x_q == iv_cq[2:0] && rr_v_q == dut.v_num_q
                           && rr_acc_q == iv_s[3] + iv_share(iv_run, dut.rv_q, iv_cq[2:0] - dut.rx_q));
      else if (iv_both)
        IvRefStop: assert (!rr_run_q && rr_acc_q == '0);
      else
        IvRefRun: assert (rr_run_q == iv_run && rr_acc_q == iv_s[3]
                          && (!iv_run || (rr_x_q == dut.rx_q && rr_v_q == dut.rv_q)));
      // The input monitors: the stage's token, else the last taken.
      if (iv_cf) IvInMonS: assert (iv_cd == iv_isdone(iv_cq) && iv_cad == iv_isdata(iv_cq)
                                   && iv_cat == (iv_cq == 4'b1001) && iv_cfd == iv_isdata(iv_cq));
      else IvInMonG: assert (iv_cd == iv_G[2] && iv_cfd == iv_run && iv_cad == iv_run
                             && (!iv_cat || (iv_G[0] && !iv_G[1])));
      if (iv_cf && !(iv_vf && iv_isdone(iv_cq))) IvNotDone: assert (!iv_G[2]);
      if (iv_cf && !iv_vf && iv_isdone(iv_cq)) IvDoneWait: assert (iv_G[0] && !iv_G[1]);
      IvInVal: assert (in_val_check.gen_grammar.done_q == (iv_vf ? iv_isdone(iv_vq) : iv_G[2]));
    end
  end

  // Liveness (formal.py's monitor). Work left once every D is in, in cycles: a
  // rank that falls by at least one in every cycle while the consumer is fair.
  // Two cycles for each output issued, one less when the consumer waited in the
  // last cycle (it is ready in this one) and the buffer holds one; the youngest
  // one's distance to the buffer; D in the stages 8 (it waits for a credit,
  // then the pipeline).
  logic [7:0] iv_rank;
  assign iv_rank = 8'd2 * 8'(iv_issued)
                   + (iv_ev[8] ? 8'd4 : iv_ev[7] ? 8'd3 : iv_ev[6] ? 8'd2 : iv_ev[5] ? 8'd1 : 8'd0)
                   + 8'd8 * 8'(iv_cf)
                   - 8'(live_wait_q[0] && iv_cnt != '0);
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (&live_in_done && live_fair_q && !(&live_out_done))
        IvLive: assert (32'(live_cycles_q) + 32'(iv_rank) <= 32'(LiveBound));
    end
  end
