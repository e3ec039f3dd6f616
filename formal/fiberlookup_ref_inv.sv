  // formal/fiberlookup_ref_inv.sv (after formal/scan_runs_ref_inv.sv): invariants
  // of fiberlookup_compressed_ref, asserted (proven, never assumed), that make the
  // harness k-inductive (depth 4). They tie the run scoreboard (formal/
  // scan_runs_ref.sv: runs in flight per output, the picked run's place, first
  // position, length, closing token and index k) to sam_fiberlookup's input
  // stage, fetch (its pos reads in flight, the follower b), the descriptors
  // pend, next and slot, the read-align stages and both output buffers; the
  // grammar monitors to the runs in flight; and the stage registers to the
  // modelled pos array (fw_pos). CrdWidth = RefWidth = 3, two-bit array
  // addresses, output buffers of four.
  // The read-align stages s1, s2 (two: Latency 2; read as vectors, so a copy
  // with another latency still elaborates).
  logic [1:0]      iv_av;
  logic [1:0][8:0] iv_ad;
  assign iv_av = 2'(dut.align.valid_q);
  assign iv_ad = 18'(dut.align.data_q);
  logic iv_fetching, iv_in_run;
  assign iv_fetching = 3'(dut.fetch_q) >= 3'd1 && 3'(dut.fetch_q) <= 3'd4;  // Rd0, Rd1, Rd2, Close
  assign iv_in_run   = dut.in_valid && (dut.in_kind != sam_pkg::TokStop
                                        || !(iv_fetching || dut.b_valid));
  // Runs called for and not closed on output c: the input stage's (a stop after
  // a fiber closes that fiber: no run of its own), fetch's, b's, the descriptors',
  // the closing tokens in s1, s2 and in buffer c.
  logic [4:0] iv_runs;
  assign iv_runs = 5'(iv_in_run) + 5'(iv_fetching) + 5'(dut.b_valid) + 5'(dut.pend_valid_q)
                 + 5'(dut.next_valid_q) + 5'(dut.slot_valid_q)
                 + 5'(iv_av[0] && iv_ad[0][8]) + 5'(iv_av[1] && iv_ad[1][8]);
  for (genvar c = 0; c < 2; c++) begin : gen_iv_fl
    logic [2:0] cnt;
    logic [1:0] rd;
    logic [4:0] closes;  // closing tokens in buffer c
    assign cnt = dut.out.gen_out[c].buffer.gen_buffer.count_q;
    assign rd  = dut.out.gen_out[c].buffer.gen_buffer.rd_ptr_q;
    always_comb begin
      closes = '0;
      for (int i = 0; i < 4; i++)
        if (3'(i) < cnt && dut.out.gen_out[c].buffer.gen_buffer.mem_q[2'(rd + 2'(i))][3]) closes += 5'd1;
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni) IvFlRuns: assert (5'(fw_flight_q[c]) == iv_runs + closes);
    end
  end
  // The picked run's tokens on each output, oldest first: buffer c, then the
  // read-align stages s2, s1, then the descriptors slot, next, pend.
  function automatic logic [2:0] iv_caword(logic [1:0] a);
    logic [11:0] sh;
    sh = crd_array.words_o >> (32'(a) * 3);
    return sh[2:0];
  endfunction
  function automatic logic [3:0] iv_close(logic done, logic [2:0] lvl);
    return done ? 4'hf : {1'b1, lvl};
  endfunction
  for (genvar c = 0; c < 2; c++) begin : gen_iv_q
    logic [3:0] qt[6];
    logic       qv[6];
    logic [3:0] cb[7], ix[7];  // runs closed before entry q, its index in its run (7: slot)
    logic [2:0] cnt;
    logic [1:0] rd;
    assign cnt = dut.out.gen_out[c].buffer.gen_buffer.count_q;
    assign rd  = dut.out.gen_out[c].buffer.gen_buffer.rd_ptr_q;
    for (genvar i = 0; i < 4; i++) begin : gen_b
      assign qv[i] = 3'(i) < cnt;
      assign qt[i] = dut.out.gen_out[c].buffer.gen_buffer.mem_q[2'(rd + 2'(i))];
    end
    for (genvar s = 0; s < 2; s++) begin : gen_s
      logic [8:0] d;
      assign d = iv_ad[s];
      assign qv[5 - s] = iv_av[s];
      assign qt[5 - s] = c == 1 ? d[8:5] : d[0] ? {1'b0, iv_caword(d[6:5])} : d[4:1];
    end
    logic open;  // the queue ends inside a run: its rest is in the slot
    always_comb begin
      cb[0] = '0;
      ix[0] = 4'(fw_k_q[c]);
      open  = fw_k_q[c] != '0;
      for (int q = 0; q < 6; q++) begin
        cb[q + 1] = cb[q];
        ix[q + 1] = ix[q];
        if (qv[q]) open = !qt[q][3];
        if (qv[q]) begin
          if (qt[q][3]) begin
            cb[q + 1] = cb[q] + 4'd1;
            ix[q + 1] = '0;
          end else ix[q + 1] = ix[q] + 4'd1;
        end
      end
    end
    logic on;  // the picked run is in flight on output c
    assign on = fw_picked_q && !fw_gone_q[c];
    logic [3:0] len, lo, cls;
    assign len = 4'(fw_len_q);
    assign lo  = 4'(fw_lo_q);
    assign cls = c == 1 ? fw_close_ref_q : fw_close_crd_q;
    for (genvar q = 0; q < 6; q++) begin : gen_e
      logic [3:0] want;
      assign want = ix[q] < len ? (c == 1 ? {1'b0, 3'(lo + ix[q])} : {1'b0, iv_caword(2'(lo + ix[q]))})
                                : cls;
      always_ff @(posedge clk_i) begin
        if (rst_ni && on && qv[q] && cb[q] == 4'(fw_ahead_q[c]))
          IvFlTok: assert (ix[q] <= len && (ix[q] < len || fw_closed_q) && qt[q] == want);
      end
    end
    // The descriptors.
    logic [3:0] sl_cb, nx_cb, pd_cb;
    assign sl_cb = cb[6];
    assign nx_cb = cb[6] + 4'(dut.slot_valid_q);
    assign pd_cb = nx_cb + 4'(dut.next_valid_q);
    always_ff @(posedge clk_i) begin
      if (rst_ni && open) IvFlOpen: assert (dut.slot_valid_q && dut.slot_q.fiber);
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni && on) begin
        if (dut.slot_valid_q && sl_cb == 4'(fw_ahead_q[c])) begin
          if (dut.slot_q.fiber)
            IvFlSlot: assert (ix[6] <= len && dut.slot_q.more == (ix[6] < len)
                              && (!dut.slot_q.more || (4'(dut.slot_q.pos) == lo + ix[6]
                                                       && 4'(dut.slot_q.left) == len - ix[6])));
          else IvFlSlotC: assert (len == '0 && ix[6] == '0);
          IvFlSlotCl: assert (fw_closed_q && iv_close(dut.slot_q.done, dut.slot_q.lvl) == cls);
        end
        if (dut.next_valid_q && nx_cb == 4'(fw_ahead_q[c])) begin
          if (dut.next_q.fiber)
            IvFlNext: assert (dut.next_q.more == (len != '0)
                              && (!dut.next_q.more || (4'(dut.next_q.pos) == lo
                                                       && 4'(dut.next_q.left) == len)));
          else IvFlNextC: assert (len == '0);
          IvFlNextCl: assert (fw_closed_q && iv_close(dut.next_q.done, dut.next_q.lvl) == cls);
        end
        if (dut.pend_valid_q && pd_cb == 4'(fw_ahead_q[c])) begin
          if (dut.pend_q.fiber)
            IvFlPend: assert (dut.pend_q.more ? 4'(dut.pend_q.pos) == lo && 4'(dut.pend_q.left) == lo + len
                                              : len == '0);
          else IvFlPendC: assert (len == '0);
          IvFlPendCl: assert (fw_closed_q && iv_close(dut.pend_q.done, dut.pend_q.lvl) == cls);
        end
      end
    end
  end
  // Fetch: the fiber being fetched (its reference ref_q, or ref_q - 1 while a
  // follower waits in b), its pos reads in flight, and the follower's.
  logic [2:0] iv_rf, iv_rc;  // the follower's / the current fiber's reference
  // The follower's read was taken last cycle (formal/fiberlookup_timing_inv.sv).
  logic iv_bw1_q;
  assign iv_bw1_q = ft_bw1_q;

  assign iv_rf = 3'(dut.ref_q);
  assign iv_rc = dut.b_valid ? iv_rf - 3'd1 : iv_rf;
  logic iv_rd0, iv_rd1, iv_rd2, iv_cl;
  assign iv_rd0 = 3'(dut.fetch_q) == 3'd1;
  assign iv_rd1 = 3'(dut.fetch_q) == 3'd2;
  assign iv_rd2 = 3'(dut.fetch_q) == 3'd3;
  assign iv_cl  = 3'(dut.fetch_q) == 3'd4;
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (iv_fetching && !dut.empty_q) begin
        if (iv_cl) IvFeCl: assert (dut.first_q == fw_pos(iv_rc) && dut.end_q == fw_pos(iv_rc + 3'd1));
        if (iv_rd2) IvFeRd2: assert (dut.end_q == fw_pos(iv_rc + 3'd1) && pos_array.rd2_q
                                     && 3'(pos_array.a2_q) == iv_rc);
        if (iv_rd1) IvFeRd1: assert (pos_array.rd2_q && 3'(pos_array.a2_q) == iv_rc + 3'd1
            && (dut.follow_q ? dut.first_q == fw_pos(iv_rc)
                             : pos_array.rd1_q && 3'(pos_array.a1_q) == iv_rc));
        if (iv_rd0) IvFeRd0: assert (pos_array.rd1_q && 3'(pos_array.a1_q) == iv_rc + 3'd1
            && (!dut.follow_q || dut.first_q == fw_pos(iv_rc)));
      end
      if (dut.b_wait_q && iv_bw1_q) IvFeBw: assert (pos_array.rd1_q && 3'(pos_array.a1_q) == iv_rf + 3'd1);
      if (dut.b_wait_q && !iv_bw1_q) IvFeBd: assert (pos_array.rd2_q && 3'(pos_array.a2_q) == iv_rf + 3'd1);
      if (dut.b_held_q) IvFeBh: assert (dut.b_end_q == fw_pos(iv_rf + 3'd1));
    end
  end
  // The picked run in fetch, in b or in the input stage.
  for (genvar c = 0; c < 2; c++) begin : gen_iv_fe
    logic [3:0] cb;
    assign cb = gen_iv_q[c].pd_cb + 4'(dut.pend_valid_q);
    logic on;
    assign on = fw_picked_q && !fw_gone_q[c];
    always_ff @(posedge clk_i) begin
      if (rst_ni && on) begin
        if (iv_fetching && cb == 4'(fw_ahead_q[c]))
          IvFePick: assert (dut.empty_q ? fw_len_q == '0
              : fw_lo_q == fw_pos(iv_rc) && fw_len_q == fw_pos(iv_rc + 3'd1) - fw_pos(iv_rc));
        if (dut.b_valid && cb + 4'd1 == 4'(fw_ahead_q[c]))
          IvFeBPick: assert (fw_lo_q == fw_pos(iv_rf) && fw_len_q == fw_pos(iv_rf + 3'd1) - fw_pos(iv_rf));
        if (iv_in_run && cb + 4'(iv_fetching) + 4'(dut.b_valid) == 4'(fw_ahead_q[c]))
          IvInPick: assert (dut.in_kind == sam_pkg::TokData
              ? fw_lo_q == fw_pos(3'(dut.in_ref)) && fw_len_q == fw_pos(3'(dut.in_ref) + 3'd1) - fw_pos(3'(dut.in_ref))
              : fw_len_q == '0);
      end
    end
  end
  // The closing token of the picked run while it is in fetch or b: S0 when a
  // follower or a fiber comes next, S(n+1) when the next token is Sn.
  logic [3:0] iv_next_close;
  assign iv_next_close = dut.in_valid && dut.in_kind == sam_pkg::TokStop ? {1'b1, 3'(dut.in_up)} : 4'b1000;
  for (genvar c = 0; c < 2; c++) begin : gen_iv_fecl
    always_ff @(posedge clk_i) begin
      if (rst_ni && fw_picked_q && !fw_gone_q[c]) begin
        if (iv_fetching && gen_iv_fe[c].cb == 4'(fw_ahead_q[c]))
          IvFeClose: assert (dut.b_valid ? fw_closed_q && fw_close_ref_q == 4'b1000
                             : fw_closed_q ? dut.in_valid && fw_close_ref_q == iv_next_close
                                           : !dut.in_valid);
        if (dut.b_valid && gen_iv_fe[c].cb + 4'd1 == 4'(fw_ahead_q[c]))
          IvFeBClose: assert (fw_closed_q ? dut.in_valid && fw_close_ref_q == iv_next_close
                                          : !dut.in_valid);
        if (iv_in_run && gen_iv_fe[c].cb + 4'(iv_fetching) + 4'(dut.b_valid) == 4'(fw_ahead_q[c]))
          IvInClose: assert (dut.in_kind == sam_pkg::TokData || dut.in_kind == sam_pkg::TokEmpty
                             ? fw_wait_q
                             : fw_closed_q && fw_close_ref_q == (dut.in_kind == sam_pkg::TokDone
                                                                 ? 4'hf : {1'b1, 3'(dut.in_up)}));
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) IvFwOff: assert (fw_off_q == '0);  // compressed: j = crd[p]
  end
  // The input stage's precomputed compares, and the last fetched reference.
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (dut.in_valid)
        IvInCmp: assert (dut.in_next == dut.in_ref + 3'd1 && 3'(dut.in_up) == 3'(dut.in_ref) + 3'd1
                         && dut.in_repeat == (dut.in_ref == dut.ref_q)
                         && dut.in_follow == (dut.in_ref == dut.prev_next_q));
      if (dut.known_q) IvFeKnown: assert (dut.ref_q < 3'd3 && dut.prev_q && dut.prev_next_q == dut.ref_q + 3'd1);
      if ((iv_fetching && !dut.empty_q) || dut.b_valid) IvFeKnownF: assert (dut.known_q);
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (iv_fetching && dut.empty_q) IvFeEmpty: assert (iv_cl && !dut.b_valid);
      if (dut.known_q && 3'(dut.fetch_q) == 3'd0)
        IvFeIdle: assert (dut.first_q == fw_pos(iv_rf) && dut.end_q == fw_pos(iv_rf + 3'd1));
    end
  end
  // The last input token: in the input stage, else the fiber in fetch or b.
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (dut.in_valid)
        IvTailIn: assert (fw_tail_q == (dut.in_kind == sam_pkg::TokData || dut.in_kind == sam_pkg::TokEmpty)
            && in_ref_check.gen_grammar.after_data_q == (dut.in_kind == sam_pkg::TokData)
            && in_ref_check.gen_grammar.after_top_q == (dut.in_kind == sam_pkg::TokStop && dut.in_ref == 3'd1)
            && in_ref_check.gen_grammar.done_q == (dut.in_kind == sam_pkg::TokDone));
      else
        IvTailFe: assert (fw_tail_q == (iv_fetching || dut.b_valid)
            && (!in_ref_check.gen_grammar.after_data_q || dut.b_valid || (iv_fetching && !dut.empty_q))
            && (!(iv_fetching || dut.b_valid)
                || (!in_ref_check.gen_grammar.after_top_q && !in_ref_check.gen_grammar.done_q
                    && in_ref_check.gen_grammar.after_data_q == (dut.b_valid || !dut.empty_q))));
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && dut.prev_q && !dut.b_valid && (3'(dut.fetch_q) == 3'd0 || iv_rd2 || iv_cl))
      IvFePrev: assert (dut.prev_next_q <= 3'd3 && dut.end_q == fw_pos(dut.prev_next_q));
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && fw_picked_q)  // closing tokens: S0 .. S2 (two levels in) or D
      IvFwLvl: assert (fw_close_ref_q == 4'hf || fw_close_ref_q[2:0] <= 3'd2);
  end
  // The picked run's place agrees on both outputs: past the two buffers it is the
  // same run; an output that has passed it leaves its closing token in the other
  // buffer.
  always_ff @(posedge clk_i) begin
    if (rst_ni && fw_picked_q) begin
      if (fw_gone_q == 2'b00)
        IvFwBoth: assert (5'(fw_ahead_q[0]) + gen_iv_fl[1].closes == 5'(fw_ahead_q[1]) + gen_iv_fl[0].closes);
      if (fw_gone_q == 2'b01) IvFwGone0: assert (5'(fw_ahead_q[1]) < gen_iv_fl[1].closes);
      if (fw_gone_q == 2'b10) IvFwGone1: assert (5'(fw_ahead_q[0]) < gen_iv_fl[0].closes);
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && dut.empty_q) IvFeEmptyK: assert (!dut.known_q && !dut.b_valid);
  end
  // The output grammar along each output's tokens in flight: the queue (buffer,
  // s2, s1), then the runs in the descriptors, fetch, b and the input stage, each
  // its data (if any) and its closing token (unknown while the next input token
  // has not come: the last run), with iv_gstep and iv_gok (formal/tokens_inv.sv).
  logic       iv_rv[6], iv_rd_[6], iv_rk[6];  // run item: valid, has data, closing known
  logic [3:0] iv_rt[6];
  assign iv_rv[0] = dut.slot_valid_q;
  assign iv_rd_[0] = dut.slot_q.fiber && dut.slot_q.more;
  assign iv_rk[0] = 1'b1;
  assign iv_rt[0] = iv_close(dut.slot_q.done, dut.slot_q.lvl);
  assign iv_rv[1] = dut.next_valid_q;
  assign iv_rd_[1] = dut.next_q.fiber && dut.next_q.more;
  assign iv_rk[1] = 1'b1;
  assign iv_rt[1] = iv_close(dut.next_q.done, dut.next_q.lvl);
  assign iv_rv[2] = dut.pend_valid_q;
  assign iv_rd_[2] = dut.pend_q.fiber && dut.pend_q.more && dut.pend_q.pos < dut.pend_q.left;
  assign iv_rk[2] = 1'b1;
  assign iv_rt[2] = iv_close(dut.pend_q.done, dut.pend_q.lvl);
  assign iv_rv[3] = iv_fetching;
  assign iv_rd_[3] = !dut.empty_q;  // (may be empty: data or not, the closing follows)
  assign iv_rk[3] = dut.b_valid || dut.in_valid;
  assign iv_rt[3] = dut.b_valid ? 4'b1000 : iv_next_close;
  assign iv_rv[4] = dut.b_valid;
  assign iv_rd_[4] = 1'b1;
  assign iv_rk[4] = dut.in_valid;
  assign iv_rt[4] = iv_next_close;
  assign iv_rv[5] = iv_in_run;
  assign iv_rd_[5] = dut.in_kind == sam_pkg::TokData;
  assign iv_rk[5] = !(dut.in_kind == sam_pkg::TokData || dut.in_kind == sam_pkg::TokEmpty);
  assign iv_rt[5] = dut.in_kind == sam_pkg::TokDone ? 4'hf : {1'b1, 3'(dut.in_up)};
  for (genvar c = 0; c < 2; c++) begin : gen_iv_gram
    logic [2:0] g0;
    assign g0 = c == 0 ? {out_crd_check.gen_grammar.done_q, out_crd_check.gen_grammar.after_data_q,
                          out_crd_check.gen_grammar.after_top_q}
                       : {out_ref_check.gen_grammar.done_q, out_ref_check.gen_grammar.after_data_q,
                          out_ref_check.gen_grammar.after_top_q};
    logic [2:0] g;
    logic       ok, unk;
    always_comb begin
      g   = g0;
      ok  = !(g0[0] && g0[1]) && (!g0[2] || (!g0[0] && !g0[1]));
      unk = 1'b0;
      if (fw_k_q[c] != '0) g = {g[2], 1'b1, 1'b0};  // the head run's data is out
      for (int q = 0; q < 6; q++) begin
        if (gen_iv_q[c].qv[q]) begin
          ok = ok && iv_gok(g, gen_iv_q[c].qt[q]);
          g  = iv_gstep(g, gen_iv_q[c].qt[q]);
        end
      end
      for (int j = 0; j < 6; j++) begin
        if (iv_rv[j]) begin
          ok = ok && !unk && !g[2];
          if (iv_rd_[j]) g = {g[2], 1'b1, 1'b0};
          if (iv_rk[j]) begin
            ok = ok && iv_gok(g, iv_rt[j]);
            g  = iv_gstep(g, iv_rt[j]);
          end else unk = 1'b1;
        end
      end
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        IvGram: assert (ok);
        // The input monitor's last token: the last run's closing (S1 in, S2 out).
        if (!dut.in_valid && !iv_fetching && !dut.b_valid)
          IvGramIn: assert (in_ref_check.gen_grammar.done_q == g[2]
                            && in_ref_check.gen_grammar.after_top_q == g[0] && !in_ref_check.gen_grammar.after_data_q);
      end
    end
  end
  // Every descriptor's positions lie in the crd array (four words).
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (dut.slot_valid_q && dut.slot_q.fiber && dut.slot_q.more)
        IvDsSlot: assert (dut.slot_q.left != '0 && 4'(dut.slot_q.pos) + 4'(dut.slot_q.left) <= 4'd4);
      if (dut.next_valid_q && dut.next_q.fiber && dut.next_q.more)
        IvDsNext: assert (dut.next_q.left != '0 && 4'(dut.next_q.pos) + 4'(dut.next_q.left) <= 4'd4);
      if (dut.pend_valid_q && dut.pend_q.fiber && dut.pend_q.more)
        IvDsPend: assert (dut.pend_q.left <= 3'd4 && dut.pend_q.pos <= 3'd4);
      IvDsFetch: assert (dut.first_q <= 3'd4 && dut.end_q <= 3'd4 && dut.b_end_q <= 3'd4);
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && dut.in_valid)  // as assumed on the port: references below 3, stops S0, S1
      IvInRange: assert (dut.in_kind == sam_pkg::TokData ? dut.in_ref < 3'd3
                         : dut.in_kind != sam_pkg::TokStop || dut.in_ref < 3'd2);
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin  // D in: in the input stage, or taken (fetch done)
      IvInDone: assert (in_ref_check.gen_grammar.done_q
                        == ((dut.in_valid && dut.in_kind == sam_pkg::TokDone) || 3'(dut.fetch_q) == 3'd5));
      if (3'(dut.fetch_q) == 3'd5) IvFeDone: assert (!dut.in_valid && !dut.b_valid);
    end
  end
  // Liveness (formal.py's monitor). Work left once every D is in, in cycles: a
  // rank that falls by at least one in every cycle while the consumers are fair.
  // Each token still upstream of the buffers weighs 5 (its issue, s1, and s2's 3:
  // entering both buffers raises the fuller one's term by up to 2), less in s1 (4)
  // and s2 (3); each descriptor place adds its distance to the slot (next 1, pend
  // 2, fetch 3 to 6 by its state, the follower 6, D in the input stage 3). The
  // buffers count as the fuller one: two cycles a token, one less when its
  // consumer waited in the last cycle (it is ready in this one). A stall of the
  // whole scanner is a full buffer whose consumer is not ready (credit_q low, s1
  // and s2 empty), so that consumer takes a token within two cycles. A
  // descriptor's tokens: its coordinates, then its closing token (fetch's and the
  // follower's fibers from the modelled pos array). The rank reaches 97 as D
  // enters (the solver's maximum: sixteen tokens upstream of the buffers), hence
  // the proof's `live = 97`; it charges a token 5 cycles where the outputs take
  // one per 2, so the scanner's real drain is shorter. The step needs fetch in a
  // named state (IvFeState) and the credit register equal to the counts' room
  // (IvRoom).
  function automatic logic [7:0] iv_dtoks(logic fiber, logic more, logic [2:0] left);
    return fiber && more ? 8'(left) + 8'd1 : 8'd1;
  endfunction
  function automatic logic [7:0] iv_ftoks(logic [2:0] lo, logic [2:0] hi);
    return lo < hi ? 8'(hi - lo) + 8'd1 : 8'd1;
  endfunction
  logic [7:0] iv_up, iv_bonus, iv_fbuf[2], iv_rank;
  always_comb begin
    iv_up = '0;
    iv_bonus = '0;
    if (dut.slot_valid_q) iv_up += iv_dtoks(dut.slot_q.fiber, dut.slot_q.more, dut.slot_q.left);
    if (dut.next_valid_q) begin
      iv_up += iv_dtoks(dut.next_q.fiber, dut.next_q.more, dut.next_q.left);
      iv_bonus += 8'd1;
    end
    if (dut.pend_valid_q) begin
      iv_up += dut.pend_q.fiber && dut.pend_q.more ? iv_ftoks(dut.pend_q.pos, dut.pend_q.left) : 8'd1;
      iv_bonus += 8'd2;
    end
    if (iv_fetching) begin
      iv_up += dut.empty_q ? 8'd1 : iv_ftoks(fw_pos(iv_rc), fw_pos(iv_rc + 3'd1));
      iv_bonus += iv_cl ? 8'd3 : iv_rd2 ? 8'd4 : iv_rd1 ? 8'd5 : 8'd6;
    end
    if (dut.b_valid) begin
      iv_up += iv_ftoks(fw_pos(iv_rf), fw_pos(iv_rf + 3'd1));
      iv_bonus += 8'd6;
    end
    if (dut.in_valid) begin
      iv_up += 8'd1;
      iv_bonus += 8'd3;
    end
  end
  for (genvar c = 0; c < 2; c++) begin : gen_iv_live
    assign iv_fbuf[c] = 8'd2 * 8'(gen_iv_fl[c].cnt) - 8'(live_wait_q[c] && gen_iv_fl[c].cnt != '0);
  end
  assign iv_rank = 8'd5 * iv_up + iv_bonus + 8'd4 * 8'(iv_av[0]) + 8'd3 * 8'(iv_av[1])
                 + (iv_fbuf[0] > iv_fbuf[1] ? iv_fbuf[0] : iv_fbuf[1]);
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      IvFeState: assert (3'(dut.fetch_q) <= 3'd5);
      IvRoom: assert (dut.credit_q == (dut.out.credit.used_q[0] < 3'd4 && dut.out.credit.used_q[1] < 3'd4));
      if (&live_in_done && live_fair_q && !(&live_out_done))
        IvLive: assert (32'(live_cycles_q) + 32'(iv_rank) <= 32'(LiveBound));
    end
  end
