  // formal/windowscan_ref_inv.sv (after formal/scan_runs_ref_inv.sv): invariants
  // of windowscan_compressed_ref and windowscan_dense_ref, asserted (proven, never
  // assumed), that make the harness k-inductive (depth 4; 2 suffices). They tie
  // the run scoreboard (formal/scan_runs_ref.sv: runs in flight per output, the
  // picked run's place, first position, length, offset, closing token and index
  // k) to sam_windowscan's input stage, hold, the descriptors next and slot, the
  // read-align stages and both output buffers; the grammar monitors to the runs
  // in flight; the read-align stages to the modelled crd array's reads in
  // flight; and a liveness rank. CrdWidth = RefWidth = 3, two-bit crd array
  // addresses, output buffers of four; the format (FwCompressed) picks j's
  // source. Positions end at 4 (compressed: the crd array) or 7 (dense: below
  // 2**RefWidth).
  localparam logic [3:0] IvEnd = FwCompressed ? 4'd4 : 4'd7;
  // The read-align stages s1, s2 (read as vectors, so a copy with another
  // latency still elaborates): {mem, crd_tok[3:0], ref_tok[3:0], off[2:0]}.
  logic [1:0]       iv_av;
  logic [1:0][11:0] iv_ad;
  assign iv_av = 2'(dut.align.valid_q);
  assign iv_ad = 24'(dut.align.data_q);
  logic iv_in_run, iv_in_fiber;
  assign iv_in_fiber = dut.in_kind == sam_pkg::TokData || dut.in_kind == sam_pkg::TokEmpty;
  // A stop after a window closes that window (in hold): no run of its own.
  assign iv_in_run   = dut.in_valid && (dut.in_kind != sam_pkg::TokStop || !dut.hold_valid_q);
  // The closing token of a window in hold once the next token is in: S0, or
  // S(n+1) when that token is Sn.
  logic [3:0] iv_next_close;
  assign iv_next_close = dut.in_valid && dut.in_kind == sam_pkg::TokStop ? {1'b1, 3'(dut.in_up)} : 4'b1000;
  // Runs called for and not closed on output c: the input stage's, hold's, the
  // descriptors', the closing tokens in s1, s2 and in buffer c.
  logic [4:0] iv_runs;
  assign iv_runs = 5'(iv_in_run) + 5'(dut.hold_valid_q) + 5'(dut.next_valid_q)
                 + 5'(dut.slot_valid_q)
                 + 5'(iv_av[0] && iv_ad[0][6]) + 5'(iv_av[1] && iv_ad[1][6]);
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
      if (rst_ni) IvWsRuns: assert (5'(fw_flight_q[c]) == iv_runs + closes);
    end
  end
  // The picked run's tokens on each output, oldest first: buffer c, then the
  // read-align stages s2, s1, then the descriptors slot, next, hold and the
  // input stage.
  function automatic logic [2:0] iv_caword(logic [1:0] a);
    logic [11:0] sh;
    sh = crd_array.words_o >> (32'(a) * 3);
    return sh[2:0];
  endfunction
  function automatic logic [3:0] iv_close(logic done, logic [2:0] lvl);
    return done ? 4'hf : {1'b1, lvl};
  endfunction
  // j at position p (the reference's: crd[p] or p, less the offset).
  function automatic logic [2:0] iv_j(logic [2:0] p, logic [2:0] off);
    return (FwCompressed ? iv_caword(p[1:0]) : p) - off;
  endfunction
  for (genvar c = 0; c < 2; c++) begin : gen_iv_q
    logic [3:0] qt[6];
    logic       qv[6];
    logic [3:0] cb[7], ix[7];  // runs closed before entry q, its index in its run (6: slot)
    logic [2:0] cnt;
    logic [1:0] rd;
    assign cnt = dut.out.gen_out[c].buffer.gen_buffer.count_q;
    assign rd  = dut.out.gen_out[c].buffer.gen_buffer.rd_ptr_q;
    for (genvar i = 0; i < 4; i++) begin : gen_b
      assign qv[i] = 3'(i) < cnt;
      assign qt[i] = dut.out.gen_out[c].buffer.gen_buffer.mem_q[2'(rd + 2'(i))];
    end
    for (genvar s = 0; s < 2; s++) begin : gen_s
      logic [11:0] d;
      assign d = iv_ad[s];
      assign qv[5 - s] = iv_av[s];
      assign qt[5 - s] = c == 1 ? d[6:3] : d[11] ? {1'b0, iv_caword(d[4:3]) - d[2:0]} : d[10:7];
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
      assign want = ix[q] < len ? (c == 1 ? {1'b0, 3'(lo + ix[q])} : {1'b0, iv_j(3'(lo + ix[q]), fw_off_q)})
                                : cls;
      always_ff @(posedge clk_i) begin
        if (rst_ni && on && qv[q] && cb[q] == 4'(fw_ahead_q[c]))
          IvWsTok: assert (ix[q] <= len && (ix[q] < len || fw_closed_q) && qt[q] == want);
      end
    end
    // The descriptors, hold and the input stage.
    logic [3:0] sl_cb, nx_cb, hd_cb, in_cb;
    assign sl_cb = cb[6];
    assign nx_cb = cb[6] + 4'(dut.slot_valid_q);
    assign hd_cb = nx_cb + 4'(dut.next_valid_q);
    assign in_cb = hd_cb + 4'(dut.hold_valid_q);
    always_ff @(posedge clk_i) begin
      if (rst_ni && open) IvWsOpen: assert (dut.slot_valid_q);
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni && on) begin
        if (dut.slot_valid_q && sl_cb == 4'(fw_ahead_q[c])) begin
          IvWsSlot: assert (ix[6] <= len && dut.slot_q.more == (ix[6] < len)
                            && (!dut.slot_q.more || (4'(dut.slot_q.pos) == lo + ix[6]
                                                     && 4'(dut.slot_q.left) == len - ix[6]
                                                     && dut.slot_q.off == fw_off_q)));
          IvWsSlotCl: assert (fw_closed_q && iv_close(dut.slot_q.done, dut.slot_q.lvl) == cls);
        end
        if (dut.next_valid_q && nx_cb == 4'(fw_ahead_q[c])) begin
          IvWsNext: assert (dut.next_q.more == (len != '0)
                            && (!dut.next_q.more || (4'(dut.next_q.pos) == lo
                                                     && 4'(dut.next_q.left) == len
                                                     && dut.next_q.off == fw_off_q)));
          IvWsNextCl: assert (fw_closed_q && iv_close(dut.next_q.done, dut.next_q.lvl) == cls);
        end
        if (dut.hold_valid_q && hd_cb == 4'(fw_ahead_q[c])) begin
          IvWsHold: assert (dut.hold_q.more == (len != '0)
                            && (!dut.hold_q.more || (4'(dut.hold_q.pos) == lo
                                                     && 4'(dut.hold_q.left) == len
                                                     && dut.hold_q.off == fw_off_q)));
          IvWsHoldCl: assert (dut.in_valid ? fw_closed_q && cls == iv_next_close : fw_wait_q);
        end
        if (iv_in_run && in_cb == 4'(fw_ahead_q[c])) begin
          IvWsIn: assert (len == (dut.in_kind == sam_pkg::TokData ? 4'(dut.in_desc.left) : 4'd0)
                          && (len == '0 || (4'(dut.in_desc.pos) == lo && dut.in_desc.off == fw_off_q)));
          IvWsInCl: assert (iv_in_fiber ? fw_wait_q
                            : fw_closed_q && cls == (dut.in_kind == sam_pkg::TokDone
                                                     ? 4'hf : {1'b1, 3'(dut.in_up)}));
        end
      end
    end
  end
  // Every window lies in the positions (compressed: the crd array), and its first
  // j is its first position less its offset.
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (dut.slot_valid_q && dut.slot_q.more)
        IvDsSlot: assert (dut.slot_q.left != '0 && 4'(dut.slot_q.pos) + 4'(dut.slot_q.left) <= IvEnd
                          && dut.slot_q.crd == 3'(dut.slot_q.pos) - dut.slot_q.off);
      if (dut.next_valid_q && dut.next_q.more)
        IvDsNext: assert (dut.next_q.left != '0 && 4'(dut.next_q.pos) + 4'(dut.next_q.left) <= IvEnd
                          && dut.next_q.crd == 3'(dut.next_q.pos) - dut.next_q.off);
      if (dut.hold_valid_q && dut.hold_q.more)
        IvDsHold: assert (dut.hold_q.left != '0 && 4'(dut.hold_q.pos) + 4'(dut.hold_q.left) <= IvEnd
                          && dut.hold_q.crd == 3'(dut.hold_q.pos) - dut.hold_q.off);
      if (dut.in_valid && dut.in_kind == sam_pkg::TokData)
        IvDsIn: assert (4'(dut.in_desc.pos) + 4'(dut.in_desc.left) <= IvEnd
                        && dut.in_desc.crd == 3'(dut.in_desc.pos) - dut.in_desc.off);
      IvDsDone: assert (!dut.in_desc.done && !dut.hold_q.done);
      if (fw_picked_q && fw_len_q != '0)
        IvFwRange: assert (4'(fw_lo_q) + 4'(fw_len_q) <= IvEnd);
    end
  end
  // The read-align stages against the crd array's reads in flight (compressed),
  // and their tokens: data on both outputs, or one closing token on both.
  for (genvar s = 0; s < 2; s++) begin : gen_iv_rd
    logic [11:0] d;
    assign d = iv_ad[s];
    always_ff @(posedge clk_i) begin
      if (rst_ni && iv_av[s]) begin
        IvRdTok: assert (d[10] == d[6] && (d[6] ? d[10:7] == d[6:3] && !d[11] : d[11] == FwCompressed));
        if (s == 0 && FwCompressed) IvRd1: assert (crd_array.rd1_q && (!d[11] || crd_array.a1_q == d[4:3]));
        if (s == 1 && FwCompressed) IvRd2: assert (crd_array.rd2_q && (!d[11] || crd_array.a2_q == d[4:3]));
      end
    end
  end
  // The input stage: a stop's level raised, the last input token, D.
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (dut.in_valid && dut.in_kind == sam_pkg::TokStop)
        IvInUp: assert (dut.in_up_ok && (dut.in_up == 3'd1 || dut.in_up == 3'd2));
      if (dut.in_valid)
        IvTailIn: assert (fw_tail_q == iv_in_fiber
            && in_win_check.gen_grammar.after_data_q == (dut.in_kind == sam_pkg::TokData)
            && in_win_check.gen_grammar.after_top_q == (dut.in_kind == sam_pkg::TokStop && dut.in_up == 3'd2)
            && in_win_check.gen_grammar.done_q == (dut.in_kind == sam_pkg::TokDone));
      else
        IvTailHd: assert (fw_tail_q == dut.hold_valid_q
            && (!in_win_check.gen_grammar.after_data_q || dut.hold_valid_q)
            && (!dut.hold_valid_q
                || (!in_win_check.gen_grammar.after_top_q && !in_win_check.gen_grammar.done_q)));
      IvInDone: assert (in_win_check.gen_grammar.done_q
                        == ((dut.in_valid && dut.in_kind == sam_pkg::TokDone) || dut.done_q));
      if (dut.done_q) IvDone: assert (!dut.in_valid && !dut.hold_valid_q);
      if (in_win_check.gen_grammar.done_q) IvDoneHd: assert (!dut.hold_valid_q);
    end
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
  // The output grammar along each output's tokens in flight: the queue (buffer,
  // s2, s1), then the runs in slot, next, hold and the input stage, each its data
  // (if any) and its closing token (unknown while the next input token has not
  // come: the last run), with iv_gstep and iv_gok (formal/tokens_inv.sv).
  logic       iv_rv[4], iv_rd_[4], iv_rk[4];  // run item: valid, has data, closing known
  logic [3:0] iv_rt[4];
  assign iv_rv[0] = dut.slot_valid_q;
  assign iv_rd_[0] = dut.slot_q.more;
  assign iv_rk[0] = 1'b1;
  assign iv_rt[0] = iv_close(dut.slot_q.done, dut.slot_q.lvl);
  assign iv_rv[1] = dut.next_valid_q;
  assign iv_rd_[1] = dut.next_q.more;
  assign iv_rk[1] = 1'b1;
  assign iv_rt[1] = iv_close(dut.next_q.done, dut.next_q.lvl);
  assign iv_rv[2] = dut.hold_valid_q;
  assign iv_rd_[2] = dut.hold_q.more;
  assign iv_rk[2] = dut.in_valid;
  assign iv_rt[2] = iv_next_close;
  assign iv_rv[3] = iv_in_run;
  assign iv_rd_[3] = dut.in_kind == sam_pkg::TokData && dut.in_desc.more;
  assign iv_rk[3] = !iv_in_fiber;
  assign iv_rt[3] = dut.in_kind == sam_pkg::TokDone ? 4'hf : {1'b1, 3'(dut.in_up)};
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
      for (int j = 0; j < 4; j++) begin
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
        if (!dut.in_valid && !dut.hold_valid_q)
          IvGramIn: assert (in_win_check.gen_grammar.done_q == g[2]
                            && in_win_check.gen_grammar.after_top_q == g[0]
                            && !in_win_check.gen_grammar.after_data_q);
      end
    end
  end
  // Liveness (formal.py's monitor). Work left once every D is in, in cycles: a
  // rank that falls by at least one in every cycle while the consumers are fair.
  // Each token still upstream of the buffers weighs 5 (its issue, s1, and s2's 3:
  // entering both buffers raises the fuller one's term by up to 2), less in s1 (4)
  // and s2 (3); each descriptor place adds its distance to the slot (next 1, hold
  // 2, the input stage 3; once D is in, hold is empty and D is the input stage's
  // only token). The buffers count as the fuller one: two cycles a token, one
  // less when its consumer waited in the last cycle (it is ready in this one). A
  // stall of the whole scanner is a full buffer whose consumer is not ready
  // (credit_q low, s1 and s2 empty), so that consumer takes a token within two
  // cycles. A descriptor's tokens: its positions, then its closing token. The
  // step needs the credit register equal to the counts' room (IvRoom). With D,
  // next and the slot full, the rank plus the cycles since D stays within 70
  // (compressed, windows of up to 4 positions) and 100 (dense, up to 7): the
  // proofs' `live`. It charges a token 5 cycles where the outputs take one per
  // 2, so the scanner's real drain is shorter.
  function automatic logic [7:0] iv_dtoks(logic more, logic [2:0] left);
    return more ? 8'(left) + 8'd1 : 8'd1;
  endfunction
  logic [7:0] iv_up, iv_bonus, iv_fbuf[2], iv_rank;
  always_comb begin
    iv_up = '0;
    iv_bonus = '0;
    if (dut.slot_valid_q) iv_up += iv_dtoks(dut.slot_q.more, dut.slot_q.left);
    if (dut.next_valid_q) begin
      iv_up += iv_dtoks(dut.next_q.more, dut.next_q.left);
      iv_bonus += 8'd1;
    end
    if (dut.hold_valid_q) begin
      iv_up += iv_dtoks(dut.hold_q.more, dut.hold_q.left);
      iv_bonus += 8'd2;
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
      IvRoom: assert (dut.credit_q == (dut.out.credit.used_q[0] < 3'd4 && dut.out.credit.used_q[1] < 3'd4));
      if (&live_in_done && live_fair_q && !(&live_out_done))
        IvLive: assert (32'(live_cycles_q) + 32'(iv_rank) <= 32'(LiveBound));
    end
  end
