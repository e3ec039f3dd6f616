  // formal/bvexpand_ref_inv.sv: invariants of bvexpand_ref and bvexpand1_ref,
  // asserted (proven, never assumed), that make the harness k-inductive (depth
  // 4; 2 suffices). They tie the scoreboard's state (formal/bvexpand_ref.sv:
  // the tokens called for and not yet out on each output, the words since the
  // last stop, the picked token's place and value) to sam_bvexpand's input
  // stage, word stage, s1, s2 and output buffers, read per output as one queue,
  // oldest first: the buffer from its read pointer, s2, s1, then the word
  // stage's bits left and the input stage's word, each word counting for its
  // set bits (lowest first; a zero word for none, a stop or D for one). Also:
  // the stages' own flags, the word index against the reference's count, the
  // output grammar monitors along the queue up to the input monitor's state,
  // the handshake monitors, and a liveness rank. Any Ways and WordWidth;
  // CrdWidth = RefWidth = 3, buffers of five.
  if (CrdWidth != 3 || RefWidth != 3) begin : gen_iv_bad_width
    $error("bvexpand_ref_inv.sv: written for CrdWidth = RefWidth = 3");
  end
  localparam int unsigned IvIdxW = CrdWidth - BeBits;

  function automatic logic iv_done_word(logic [WordWidth:0] t);
    return t[WordWidth] && t[WordWidth-1:0] == WordWidth'(sam_pkg::done_payload(WordWidth));
  endfunction
  // A stop or D of the bv stream as an output token.
  function automatic logic [BeTok-1:0] iv_ctl_tok(logic [WordWidth:0] t, int unsigned w);
    return iv_done_word(t) ? BeTok'({1'b1, 3'(sam_pkg::done_payload(w))})
                           : BeTok'({1'b1, 3'(t[WordWidth-1:0])});
  endfunction
  // Way k's reference for bit j of a word: its prefix plus its mask's set bits
  // below j, or N.
  function automatic logic [BeTok-1:0] iv_ref_tok(logic [RefWidth:0] pre, logic [WordWidth-1:0] mask,
                                                   int unsigned j);
    if (pre[RefWidth] || !mask[j]) return BeTok'({1'b1, RefWidth'(sam_pkg::empty_payload(RefWidth))});
    return BeTok'({1'b0, pre[RefWidth-1:0]
                   + RefWidth'(be_pop(mask & ((WordWidth'(1) << j) - WordWidth'(1))))});
  endfunction
  function automatic logic [BeBits:0] iv_calls(logic [WordWidth:0] t);
    return t[WordWidth] ? (BeBits + 1)'(1) : be_pop(t[WordWidth-1:0]);
  endfunction

  // The word index of the word in the word stage (idx_q), of the input stage's
  // word, and of the next word at the port.
  logic [IvIdxW-1:0] iv_idx_in, iv_idx_port;
  assign iv_idx_in   = dut.cur_valid_q ? (dut.cur_ctl_q ? '0 : dut.idx_q + IvIdxW'(1)) : dut.idx_q;
  assign iv_idx_port = dut.in_valid_q ? (dut.in_bv_q[WordWidth] ? '0 : iv_idx_in + IvIdxW'(1)) : iv_idx_in;

  // Tokens called for upstream of s1: the input stage's and the word stage's.
  logic [BeBits:0] iv_calls_in, iv_calls_cur;
  assign iv_calls_in  = dut.in_valid_q ? iv_calls(dut.in_bv_q) : '0;
  assign iv_calls_cur = !dut.cur_valid_q ? '0 : dut.cur_ctl_q ? (BeBits + 1)'(1) : be_pop(dut.rem_q);

  // Each output's queue: its buffer from the read pointer, s2, s1, the word
  // stage's bits left (lowest first) or its stop, the input stage's.
  for (genvar o = 0; o < BeOuts; o++) begin : gen_iv_o
    logic [2:0]        cnt, rd;
    logic [BeTok-1:0]  slot[5];
    logic [BeTok-1:0]  s2t, s1t, curt[WordWidth], inb[WordWidth], curc, inc;
    assign cnt = dut.out.gen_out[o].buffer.gen_buffer.count_q;
    assign rd  = dut.out.gen_out[o].buffer.gen_buffer.rd_ptr_q;
    for (genvar i = 0; i < 5; i++) begin : gen_slot
      logic [3:0] at;
      assign at = 4'(rd) + 4'(i);
      assign slot[i] = BeTok'(dut.out.gen_out[o].buffer.gen_buffer.mem_q[at >= 4'd5 ? 3'(at - 4'd5) : 3'(at)]);
    end
    if (o == 0) begin : gen_crd
      assign s2t  = BeTok'(dut.s2_crd_q);
      assign s1t  = BeTok'(dut.s1_crd_tok);
      assign curc = iv_ctl_tok(dut.cur_stop_q, CrdWidth);
      assign inc  = iv_ctl_tok(dut.in_bv_q, CrdWidth);
      for (genvar j = 0; j < WordWidth; j++) begin : gen_j
        assign curt[j] = BeTok'({1'b0, CrdWidth'({dut.idx_q, BeBits'(j)})});
        assign inb[j] = BeTok'({1'b0, CrdWidth'({iv_idx_in, BeBits'(j)})});
      end
    end else begin : gen_ref
      localparam int unsigned K = o - 1;
      assign s2t  = BeTok'(dut.gen_way[K].ref_out);
      assign s1t  = dut.s1_ctl_q ? BeTok'(dut.s1_stop_tok)
                  : (dut.gen_way[K].s1_at_q != '0 && !dut.gen_way[K].s1_pre_n_q)
                    ? BeTok'({1'b0, dut.gen_way[K].s1_pre_q + RefWidth'(be_pop(dut.gen_way[K].s1_below_q))})
                    : BeTok'({1'b1, RefWidth'(sam_pkg::empty_payload(RefWidth))});
      assign curc = iv_ctl_tok(dut.cur_stop_q, RefWidth);
      assign inc  = iv_ctl_tok(dut.in_bv_q, RefWidth);
      for (genvar j = 0; j < WordWidth; j++) begin : gen_j
        assign curt[j] = iv_ref_tok(dut.gen_way[K].cref_q, dut.gen_way[K].cmask_q, j);
        assign inb[j] = iv_ref_tok(dut.gen_way[K].in_ref_q, dut.gen_way[K].in_mask_q, j);
      end
    end
    // Where each stage's tokens start in the queue.
    logic [4:0] p_s2, p_s1, p_cur, p_in, n;
    assign p_s2  = 5'(cnt);
    assign p_s1  = p_s2 + 5'(dut.s2_valid_q);
    assign p_cur = p_s1 + 5'(dut.s1_valid_q);
    assign p_in  = p_cur + 5'(iv_calls_cur);
    assign n     = p_in + 5'(iv_calls_in);
    // The output grammar along the queue, from the output monitor's state:
    // {done, after the top stop S1}; two levels, D after S1 only. A word's
    // tokens are data (or N on ref), one step that clears the flags; a zero
    // word none.
    logic [BeTok-1:0] it[8];
    logic             iv_[8], ic[8];  // valid, a control token (else a word's)
    for (genvar i = 0; i < 5; i++) begin : gen_it
      assign it[i] = slot[i];
      assign iv_[i] = 3'(i) < cnt;
      assign ic[i] = slot[i][BeTok-1] && slot[i] != BeTok'({1'b1, 3'(sam_pkg::empty_payload(3))});
    end
    assign it[5] = s2t;
    assign iv_[5] = dut.s2_valid_q;
    assign ic[5] = s2t[BeTok-1] && s2t != BeTok'({1'b1, 3'(sam_pkg::empty_payload(3))});
    assign it[6] = s1t;
    assign iv_[6] = dut.s1_valid_q;
    assign ic[6] = s1t[BeTok-1] && s1t != BeTok'({1'b1, 3'(sam_pkg::empty_payload(3))});
    assign it[7] = curc;
    assign iv_[7] = dut.cur_valid_q && (dut.cur_ctl_q || !dut.rem_zero_q);
    assign ic[7] = dut.cur_ctl_q;
    logic gd[10], gt[10], gok[9];
    logic [BeTok-1:0] t8;
    assign t8 = inc;
    logic dq, tq, aq;
    if (o == 0) begin : gen_mc
      assign dq = out_crd_check.gen_grammar.done_q;
      assign tq = out_crd_check.gen_grammar.after_top_q;
      assign aq = out_crd_check.gen_grammar.after_data_q;
    end else begin : gen_mr
      assign dq = gen_out_ref[o - 1].out_ref_check.gen_grammar.done_q;
      assign tq = gen_out_ref[o - 1].out_ref_check.gen_grammar.after_top_q;
      assign aq = gen_out_ref[o - 1].out_ref_check.gen_grammar.after_data_q;
    end
    assign gd[0] = dq;
    assign gt[0] = tq;
    for (genvar i = 0; i < 9; i++) begin : gen_g
      logic [BeTok-1:0] t;
      logic v, c, isd;
      assign t = i == 8 ? t8 : it[i];
      assign v = i == 8 ? dut.in_valid_q && (dut.in_bv_q[WordWidth] || !dut.in_zero_q) : iv_[i];
      assign c = i == 8 ? dut.in_bv_q[WordWidth] : ic[i];
      assign isd = c && t[BeTok-2:0] == 3'(sam_pkg::done_payload(3));
      assign gok[i] = !gd[i] && (!c || isd || t[BeTok-2:0] < 3'd2) && (!isd || gt[i]);
      assign gd[i + 1] = v ? gd[i] || isd : gd[i];
      assign gt[i + 1] = v ? c && t[BeTok-2:0] == 3'd1 : gt[i];
      always_ff @(posedge clk_i) begin
        if (rst_ni && v) IvGram: assert (gok[i]);
      end
    end
    // The picked token's place: a buffer slot, s2, s1, bit j of the word in the
    // word stage (behind its bits below j) or in the input stage.
    logic [4:0]       ah;
    logic [BeTok-1:0] want;
    assign ah   = 5'(gen_be_out[o].ahead_q);
    assign want = gen_be_out[o].want_q;
    logic at_ok;
    always_comb begin
      at_ok = 1'b1;
      for (int i = 0; i < 5; i++) if (3'(i) < cnt && ah == 5'(i) && slot[i] != want) at_ok = 1'b0;
      if (dut.s2_valid_q && ah == p_s2 && s2t != want) at_ok = 1'b0;
      if (dut.s1_valid_q && ah == p_s1 && s1t != want) at_ok = 1'b0;
      if (dut.cur_valid_q && dut.cur_ctl_q && ah == p_cur && curc != want) at_ok = 1'b0;
      if (dut.in_valid_q && dut.in_bv_q[WordWidth] && ah == p_in && inc != want) at_ok = 1'b0;
      for (int j = 0; j < WordWidth; j++) begin
        if (dut.cur_valid_q && !dut.cur_ctl_q && dut.rem_q[j]
            && ah == p_cur + 5'(be_pop(dut.rem_q & ((WordWidth'(1) << j) - WordWidth'(1))))
            && curt[j] != want) at_ok = 1'b0;
        if (dut.in_valid_q && !dut.in_bv_q[WordWidth] && dut.in_bv_q[j]
            && ah == p_in + 5'(be_pop(dut.in_bv_q[WordWidth-1:0] & ((WordWidth'(1) << j) - WordWidth'(1))))
            && inb[j] != want) at_ok = 1'b0;
      end
    end
    logic on;
    assign on = be_picked_q && !gen_be_out[o].gone_q;
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        IvFlight: assert (gen_be_out[o].flight_q == BeCnt'(n));
        if (on) IvPicked: assert (ah < n && at_ok);
        if (!be_picked_q) IvIdle: assert (!gen_be_out[o].gone_q);
        IvMonOut: assert (!(tq && aq) && (!dq || (!tq && !aq)));
        // The walk ends at the input monitor's state.
        IvGramEnd: assert (gd[9] == in_bv_check.gen_grammar.done_q
                           && (!in_bv_check.gen_grammar.after_top_q || gt[9]));
      end
    end
  end

  // The stages' own state.
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      IvInFlags: assert (dut.in_zero_q == (dut.in_bv_q[WordWidth] || dut.in_bv_q[WordWidth-1:0] == '0)
                         && dut.in_one_q == (dut.in_bv_q[WordWidth]
                                             || (dut.in_bv_q[WordWidth-1:0]
                                                 & (dut.in_bv_q[WordWidth-1:0] - WordWidth'(1))) == '0));
      IvCurFlags: assert (dut.nxt_q == (dut.rem_q & (dut.rem_q - WordWidth'(1)))
                          && dut.rem_zero_q == (dut.rem_q == '0) && dut.nxt_zero_q == (dut.nxt_q == '0)
                          && dut.cur_ctl_q == dut.cur_stop_q[WordWidth]);
      if (dut.cur_ctl_q) IvCurCtl: assert (dut.rem_q == '0);
      // Stops and D of the bv stream: S0, S1 (two levels) or D.
      if (dut.cur_valid_q && dut.cur_ctl_q)
        IvCurStop: assert (iv_done_word(dut.cur_stop_q) || dut.cur_stop_q[WordWidth-1:0] < WordWidth'(2));
      if (dut.in_valid_q && dut.in_bv_q[WordWidth])
        IvInStop: assert (iv_done_word(dut.in_bv_q) || dut.in_bv_q[WordWidth-1:0] < WordWidth'(2));
      if (dut.s1_valid_q && dut.s1_ctl_q)
        IvS1Ctl: assert (dut.s1_done_q || dut.s1_stop_q < 3'd2);
      // The port's next word gets the index the reference counts.
      IvIdx: assert (IvIdxW'(be_w_q) == iv_idx_port);
      IvMonIn: assert (!(in_bv_check.gen_grammar.after_top_q && in_bv_check.gen_grammar.after_data_q)
                       && (!in_bv_check.gen_grammar.done_q
                           || (!in_bv_check.gen_grammar.after_top_q
                               && !in_bv_check.gen_grammar.after_data_q)));
    end
  end

  // The sampled handshake checks: a stalled token is still offered.
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      IvStallIn: assert (dut.bv_check.stalled_q == in_bv_check.stalled_q
                         && dut.bv_check.stalled_tok_q == in_bv_check.stalled_tok_q);
      if (out_crd_check.stalled_q) IvStallC: assert (crd_valid_o && out_crd_check.stalled_tok_q == crd_tok_o);
    end
  end
  for (genvar o = 0; o < BeOuts; o++) begin : gen_iv_stall
    always_ff @(posedge clk_i) begin
      if (rst_ni) IvStallBuf: assert (!dut.out.gen_out[o].buffer.in_check.stalled_q);
    end
  end
  for (genvar k = 0; k < Ways; k++) begin : gen_iv_stall_r
    always_ff @(posedge clk_i) begin
      if (rst_ni && gen_out_ref[k].out_ref_check.stalled_q)
        IvStallR: assert (ref_valid_o[k] && gen_out_ref[k].out_ref_check.stalled_tok_q == ref_tok_o[k]);
    end
  end

  // Liveness (formal.py's monitor). Work left once every D is in, in cycles: a
  // rank that falls by at least one in every cycle while the consumers are
  // fair. Each token upstream of s1 weighs 5 (its issue, s1, and s2's 3:
  // entering the buffers raises the fuller one's term by up to 2), in s1 4, in
  // s2 3; the input stage adds 1 (2 for a zero word, which then passes the word
  // stage in a cycle of its own), the word stage 1 for a zero word. The
  // buffers count as the fuller one: two cycles a token, one less when its
  // consumer waited in the last cycle (it is ready in this one). As D enters
  // the rank is at most 39 with 4-bit words (D in the input stage behind a word
  // with its four bits left, s1, s2 and buffers of three), 29 with 2-bit
  // words: within the proofs' `live` of 40.
  logic [7:0] iv_fb[BeOuts], iv_fmax[BeOuts + 1], iv_rank;
  assign iv_fmax[0] = '0;
  for (genvar o = 0; o < BeOuts; o++) begin : gen_iv_live
    assign iv_fb[o] = 8'd2 * 8'(gen_iv_o[o].cnt) - 8'(live_wait_q[o] && gen_iv_o[o].cnt != '0);
    assign iv_fmax[o + 1] = iv_fb[o] > iv_fmax[o] ? iv_fb[o] : iv_fmax[o];
  end
  assign iv_rank = 8'd5 * (8'(iv_calls_in) + 8'(iv_calls_cur))
                 + (dut.in_valid_q ? (dut.in_zero_q && !dut.in_bv_q[WordWidth] ? 8'd2 : 8'd1) : 8'd0)
                 + 8'(dut.cur_valid_q && !dut.cur_ctl_q && dut.rem_zero_q)
                 + 8'd4 * 8'(dut.s1_valid_q) + 8'd3 * 8'(dut.s2_valid_q) + iv_fmax[BeOuts];
  always_ff @(posedge clk_i) begin
    if (rst_ni && &live_in_done && live_fair_q && !(&live_out_done))
      IvLive: assert (32'(live_cycles_q) + 32'(iv_rank) <= 32'(LiveBound));
  end
