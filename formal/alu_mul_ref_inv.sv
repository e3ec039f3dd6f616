  // formal/alu_mul_ref_inv.sv: invariants of alu_mul_ref, asserted (proven, never
  // assumed), that make the harness k-inductive (depth 4; 2 suffices): they tie
  // the scoreboard's counts (formal/token_map.sv: tokens in and out, the n-th
  // token's expected result) to sam_alu's multiplier stages and output buffer,
  // and the grammar and liveness monitors to the tokens in flight.
  // ValWidth = 3 (half width 2: one high bit).
  // The tokens in flight, oldest first: the output buffer (7 slots, from its read
  // pointer), then the stages s3, s2b, s2, s2a, s1, each as the token it becomes.
  logic [2:0] iv_cnt, iv_rd;
  assign iv_cnt = dut.out.gen_out[0].buffer.gen_buffer.count_q;
  assign iv_rd  = dut.out.gen_out[0].buffer.gen_buffer.rd_ptr_q;
  logic [3:0] iv_slot[7];  // buffer slot i from the head
  for (genvar i = 0; i < 7; i++) begin : gen_iv_slot
    logic [3:0] at;
    assign at = 4'(iv_rd) + 4'(i);
    assign iv_slot[i] = dut.out.gen_out[0].buffer.gen_buffer.mem_q[at >= 4'd7 ? 3'(at - 4'd7) : 3'(at)];
  end
  logic [4:0] iv_sv;       // stage valid: s3, s2b, s2, s2a, s1
  logic [3:0] iv_st[5];    // stage token
  assign iv_sv = {dut.gen_mul.s3_valid_q, dut.gen_mul.s2b_valid_q, dut.gen_mul.s2_valid_q,
                  dut.gen_mul.s2a_valid_q, dut.s1_valid_q};
  logic [2:0] iv_s2sum, iv_s2a_a, iv_s2a_b;
  assign iv_s2sum = {dut.gen_mul.gen_split.s2_ll_q[2] + dut.gen_mul.gen_split.s2_lh_q[0]
                       + dut.gen_mul.gen_split.s2_hl_q[0],
                     dut.gen_mul.gen_split.s2_ll_q[1:0]};
  assign iv_s2a_a = {dut.gen_mul.gen_split.gen_behavioral.s2a_ahi_q,
                     dut.gen_mul.gen_split.gen_behavioral.s2a_alo_q};
  assign iv_s2a_b = {dut.gen_mul.gen_split.gen_behavioral.s2a_bhi_q,
                     dut.gen_mul.gen_split.gen_behavioral.s2a_blo_q};
  assign iv_st[4] = dut.gen_mul.s3_tok_q;
  assign iv_st[3] = dut.gen_mul.s2b_ctl_q ? {1'b1, dut.gen_mul.s2b_a_q}
                                          : {1'b0, dut.gen_mul.gen_split.gen_behavioral.s2b_sum_q};
  assign iv_st[2] = dut.gen_mul.s2_ctl_q ? {1'b1, dut.gen_mul.s2_a_q} : {1'b0, iv_s2sum};
  assign iv_st[1] = dut.gen_mul.s2a_ctl_q ? {1'b1, dut.gen_mul.s2a_a_q} : {1'b0, 3'(iv_s2a_a * iv_s2a_b)};
  assign iv_st[0] = dut.s1_ctl_q ? {1'b1, dut.s1_a_q} : {1'b0, 3'(dut.s1_a_q * dut.s1_b_q)};
  // Stage k's place in the queue (buffer slots first).
  logic [4:0] iv_pos[5];
  assign iv_pos[4] = 5'(iv_cnt);
  for (genvar k = 3; k >= 0; k--) begin : gen_iv_pos
    assign iv_pos[k] = iv_pos[k + 1] + 5'(iv_sv[k + 1]);
  end
  logic [4:0] iv_fly;  // tokens in flight
  assign iv_fly = iv_pos[0] + 5'(iv_sv[0]);

  // The output grammar along the queue, from the output monitor's state:
  // {done, after data (the output carries no N), after the top stop S1}.
  function automatic logic [2:0] iv_step(logic [2:0] g, logic [3:0] t);
    return {g[2] || iv_kind(t) == sam_pkg::TokDone, !t[3],
            iv_kind(t) == sam_pkg::TokStop && t[2:0] == 3'd1};
  endfunction
  function automatic logic iv_ok(logic [2:0] g, logic [3:0] t);
    return !g[2] && iv_kind(t) != sam_pkg::TokEmpty && (iv_kind(t) != sam_pkg::TokStop || t[2:0] < 3'd2)
           && (iv_kind(t) != sam_pkg::TokDone || (g[0] && !g[1]));
  endfunction
  logic [2:0] iv_g[13];  // the state before queue entry q (12 entries at most)
  logic [3:0] iv_q[12];
  logic       iv_qv[12];
  always_comb begin
    for (int q = 0; q < 12; q++) begin
      iv_q[q]  = '0;
      iv_qv[q] = 1'b0;
    end
    for (int i = 0; i < 7; i++) begin
      iv_q[i]  = iv_slot[i];
      iv_qv[i] = 3'(i) < iv_cnt;
    end
    for (int k = 4; k >= 0; k--) begin
      if (iv_sv[k]) begin
        iv_q[iv_pos[k]]  = iv_st[k];
        iv_qv[iv_pos[k]] = 1'b1;
      end
    end
  end
  assign iv_g[0] = {out_out_check.gen_grammar.done_q, out_out_check.gen_grammar.after_data_q,
                    out_out_check.gen_grammar.after_top_q};
  for (genvar q = 0; q < 12; q++) begin : gen_iv_g
    assign iv_g[q + 1] = iv_qv[q] ? iv_step(iv_g[q], iv_q[q]) : iv_g[q];
  end

  // The scoreboard: its counts stop at 15.
  logic [4:0] iv_in, iv_out, iv_n;
  assign iv_in  = 5'(alu_ref.in_cnt_q);
  assign iv_out = 5'(alu_ref.out_cnt_q);
  assign iv_n   = 5'(alu_ref.n_q);

  // Work left once every D is in, in cycles (for liveness): two for each token
  // in flight, the youngest stage's distance to the buffer, one less when the
  // consumer waited in the last cycle (it is ready in this one) and the buffer
  // holds a token.
  logic [7:0] iv_rank;
  assign iv_rank = 8'd2 * 8'(iv_fly) + (iv_sv[0] ? 8'd5 : iv_sv[1] ? 8'd4 : iv_sv[2] ? 8'd3
                                        : iv_sv[3] ? 8'd2 : iv_sv[4] ? 8'd1 : 8'd0)
                   - 8'(live_wait_q[0] && iv_cnt != 3'd0);

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      // Counts: every token in is out or in flight (until the input count stops).
      if (iv_in != 5'd15) IvCount: assert (iv_in == iv_out + iv_fly);
      else IvCountSat: assert (iv_out == 5'd15 || iv_out + iv_fly >= 5'd15);
      IvSeen: assert (alu_ref.seen_q == (iv_in > iv_n));
      // The grammar along the queue ends at the input monitor's state.
      IvGramEnd: assert (iv_g[12][2] == in_a_check.gen_grammar.done_q
                         && iv_g[12][0] == in_a_check.gen_grammar.after_top_q
                         && (!in_a_check.gen_grammar.after_data_q || iv_g[12][1]));
      IvMonOut: assert (!(iv_g[0][0] && iv_g[0][1]) && (!iv_g[0][2] || (!iv_g[0][0] && !iv_g[0][1])));
      // Liveness: the rank of the work left (formal.py asserts the monitor's own
      // invariants, LiveSeen_Inv and LiveIdle_Inv, in a k-induction proof).
      if (&live_in_done && live_fair_q && !(&live_out_done))
        IvLive: assert (32'(live_cycles_q) + 32'(iv_rank) <= 32'(LiveBound));
    end
  end
  // Each entry of the queue: the n-th token's place holds its expected result,
  // and the grammar holds along the queue.
  for (genvar q = 0; q < 12; q++) begin : gen_iv_q
    always_ff @(posedge clk_i) begin
      if (rst_ni && iv_qv[q]) begin
        if (alu_ref.seen_q && iv_out <= iv_n && 5'(q) == iv_n - iv_out)
          IvWant: assert (iv_q[q] == alu_ref.want_q);
        IvGram: assert (iv_ok(iv_g[q], iv_q[q]));
      end
    end
  end
