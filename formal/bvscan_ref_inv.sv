  // formal/bvscan_ref_inv.sv (after formal/bvscan_ref.sv): invariants of
  // bvscan_ref, asserted (proven, never assumed), that make the harness
  // k-inductive (depth 4). They tie the run scoreboard (runs in flight per output,
  // the picked run's place, first word address, length, N flag, closing token
  // and index k) to sam_bvscan's multiplier stages d1 and d2, the descriptor
  // queue, the head register, the scan (the current fiber's next address and
  // words left), the read-align stages with the array reads in flight, and both
  // output buffers; the grammar monitors to the tokens and runs in flight; and
  // give a liveness rank. WordWidth = 4, CrdWidth = RefWidth = 3, two-bit array
  // addresses, a six-entry descriptor queue, output buffers of four.
  //
  // The descriptors in flight, oldest first: the head register, the queue from its
  // read pointer, d2 (the multiplier's output stage), d1. Each as {valid, kind,
  // value}: a stop's level + 1, a reference's first word address.
  localparam int unsigned IvDs = 9;
  logic                     iv_dv[IvDs];
  sam_pkg::tok_kind_e       iv_dk[IvDs];
  logic [2:0]               iv_dval[IvDs];
  logic [2:0]               iv_qcnt, iv_qrd;
  assign iv_qcnt = 3'(dut.desc_queue.gen_buffer.count_q);
  assign iv_qrd  = 3'(dut.desc_queue.gen_buffer.rd_ptr_q);
  assign iv_dv[0]   = dut.head_valid_q;
  assign iv_dk[0]   = dut.h_kind;
  assign iv_dval[0] = 3'(dut.h_val);
  for (genvar i = 0; i < 6; i++) begin : gen_iv_dq
    logic [3:0] sum;
    logic [2:0] idx;
    logic [5:0] e;
    assign sum = 4'(iv_qrd) + 4'(i);
    assign idx = 3'(sum >= 4'd6 ? sum - 4'd6 : sum);
    assign e   = 6'(dut.desc_queue.gen_buffer.mem_q[idx]);
    assign iv_dv[1 + i]   = 3'(i) < iv_qcnt;
    assign iv_dk[1 + i]   = sam_pkg::tok_kind_e'(e[4:3]);
    assign iv_dval[1 + i] = e[2:0];
  end
  assign iv_dv[7]   = dut.d2_valid_q;
  assign iv_dk[7]   = dut.d2_kind;
  assign iv_dval[7] = 3'(dut.desc_in);
  sam_pkg::tok_kind_e iv_d1k;
  assign iv_d1k = sam_pkg::tok_kind(dut.d1_tok_q[3], 64'(dut.d1_tok_q[2:0]), 3);
  assign iv_dv[8]   = dut.d1_valid_q;
  assign iv_dk[8]   = iv_d1k;
  assign iv_dval[8] = iv_d1k == sam_pkg::TokStop ? dut.d1_tok_q[2:0] + 3'd1
                    : iv_d1k == sam_pkg::TokData ? 3'(2'(dut.mul.gen_behavioral.a_q * dut.mul.gen_behavioral.b_q))
                    : 3'd0;
  // The scan's fiber (its words out, or its stop not yet): the current run.
  logic iv_cur;
  assign iv_cur = dut.fib_q || dut.open_q;
  // Which descriptors call for a run (a stop after a fiber closes that fiber), and
  // each one's next descriptor (a fiber's closing token: S(n+1) when it is Sn, S0
  // otherwise, unknown while there is none).
  logic       iv_dr[IvDs];
  logic       iv_prevfib[IvDs + 1];
  logic       iv_nv[IvDs + 1], iv_ns[IvDs + 1];  // [j]: the first descriptor from j on
  logic [2:0] iv_nval[IvDs + 1];
  logic [4:0] iv_druns;
  always_comb begin
    iv_prevfib[0] = iv_cur;
    iv_druns = '0;
    for (int j = 0; j < IvDs; j++) begin
      iv_dr[j] = iv_dv[j] && !(iv_dk[j] == sam_pkg::TokStop && iv_prevfib[j]);
      iv_prevfib[j + 1] = iv_dv[j] ? (iv_dk[j] == sam_pkg::TokData || iv_dk[j] == sam_pkg::TokEmpty)
                                   : iv_prevfib[j];
      iv_druns += 5'(iv_dr[j]);
    end
    iv_nv[IvDs] = 1'b0;
    iv_ns[IvDs] = 1'b0;
    iv_nval[IvDs] = '0;
    for (int j = IvDs - 1; j >= 0; j--) begin
      iv_nv[j]   = iv_dv[j] || iv_nv[j + 1];
      iv_ns[j]   = iv_dv[j] ? iv_dk[j] == sam_pkg::TokStop : iv_ns[j + 1];
      iv_nval[j] = iv_dv[j] ? iv_dval[j] : iv_nval[j + 1];
    end
  end
  // The read-align stages s1, s2 (as vectors: a copy with another latency still
  // elaborates): {word, n, done, lvl[2:0]}.
  logic [1:0]      iv_av;
  logic [1:0][5:0] iv_ad;
  assign iv_av = 2'(dut.align.valid_q);
  assign iv_ad = 12'(dut.align.data_q);
  logic [4:0] iv_sclose;  // closing tokens in s1, s2
  assign iv_sclose = 5'(iv_av[0] && !iv_ad[0][5]) + 5'(iv_av[1] && !iv_ad[1][5]);
  function automatic logic [3:0] iv_bvword(logic [1:0] a);
    logic [15:0] sh;
    sh = bv_array.words_o >> (32'(a) * 4);
    return sh[3:0];
  endfunction
  function automatic logic [2:0] iv_preword(logic [1:0] a);
    logic [11:0] sh;
    sh = pre_array.words_o >> (32'(a) * 3);
    return sh[2:0];
  endfunction
  logic [1:0] iv_rd;     // s1, s2 have their reads in flight
  logic [1:0] iv_ra[2];  // at these addresses
  assign iv_rd = {bv_array.rd2_q, bv_array.rd1_q};
  assign iv_ra[0] = bv_array.a1_q;
  assign iv_ra[1] = bv_array.a2_q;
  logic [3:0] iv_w;
  assign iv_w = 4'(dut.wpf_q);

  // Each output's tokens in flight, oldest first: buffer c, s2, s1.
  for (genvar c = 0; c < 2; c++) begin : gen_iv_q
    logic       qv[6], qc[6];  // valid, a closing token
    logic [4:0] qt[6];         // buffer tokens (ref: four bits)
    logic [4:0] cb[7], ix[7];  // runs closed before place q, its index in its run
    logic [2:0] cnt;
    logic [1:0] rd;
    logic [4:0] closes;        // closing tokens in buffer c
    if (c == 0) begin : gen_bv
      assign cnt = dut.out.gen_out[0].buffer.gen_buffer.count_q;
      assign rd  = dut.out.gen_out[0].buffer.gen_buffer.rd_ptr_q;
      for (genvar i = 0; i < 4; i++) begin : gen_b
        assign qt[i] = 5'(dut.out.gen_out[0].buffer.gen_buffer.mem_q[2'(rd + 2'(i))]);
        assign qc[i] = qt[i][4];
      end
    end else begin : gen_ref
      assign cnt = dut.out.gen_out[1].buffer.gen_buffer.count_q;
      assign rd  = dut.out.gen_out[1].buffer.gen_buffer.rd_ptr_q;
      for (genvar i = 0; i < 4; i++) begin : gen_b
        assign qt[i] = 5'(dut.out.gen_out[1].buffer.gen_buffer.mem_q[2'(rd + 2'(i))]);
        assign qc[i] = qt[i][3] && qt[i][2:0] != 3'b110;
      end
    end
    for (genvar i = 0; i < 4; i++) begin : gen_bv_v
      assign qv[i] = 3'(i) < cnt;
    end
    for (genvar s = 0; s < 2; s++) begin : gen_s
      assign qv[5 - s] = iv_av[s];
      assign qc[5 - s] = !iv_ad[s][5];
      assign qt[5 - s] = '0;
    end
    logic open;  // the tokens in flight end inside a run: the scan's current run
    always_comb begin
      cb[0]  = '0;
      ix[0]  = 5'(fb_k_q[c]);
      open   = fb_k_q[c] != '0;
      closes = '0;
      for (int q = 0; q < 6; q++) begin
        cb[q + 1] = cb[q];
        ix[q + 1] = ix[q];
        if (qv[q]) begin
          open = !qc[q];
          if (qc[q]) begin
            cb[q + 1] = cb[q] + 5'd1;
            ix[q + 1] = '0;
            if (q < 4) closes += 5'd1;
          end else ix[q + 1] = ix[q] + 5'd1;
        end
      end
    end
    logic [4:0] ixf;  // the current run's tokens out of the scan
    assign ixf = open ? ix[6] : '0;
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        IvK: assert (4'(fb_k_q[c]) <= iv_w);
        IvRuns: assert (5'(fb_flight_q[c]) == closes + iv_sclose + 5'(iv_cur) + iv_druns);
        if (open) IvOpen: assert (iv_cur);
        if (iv_cur) IvCur: assert (dut.fib_q ? ixf + 5'(dut.cnt_q) == 5'(iv_w)
                                             : ixf == 5'(iv_w));
      end
    end
    // The picked run on output c.
    logic on;
    assign on = fb_picked_q && !fb_gone_q[c];
    logic [4:0] len;
    assign len = 5'(fb_len_q);
    logic [4:0] cls;  // its closing token (ref: four bits)
    assign cls = c == 0 ? 5'(fb_close_bv_q) : 5'(fb_close_ref_q);
    function automatic logic [4:0] want(logic [4:0] i);
      logic [1:0] a;
      a = fb_base_q + 2'(i);
      if (i >= len) return cls;
      if (c == 0) return fb_n_q ? 5'd0 : {1'b0, iv_bvword(a)};
      return fb_n_q ? 5'(FbRefN) : {2'b0, iv_preword(a)};
    endfunction
    // A stop or D as output c carries it.
    function automatic logic [4:0] close_of(logic done, logic [2:0] lvl);
      if (c == 0) return done ? 5'h1f : {2'b10, lvl};
      return done ? 5'h0f : {2'b01, lvl};
    endfunction
    for (genvar q = 0; q < 6; q++) begin : gen_e
      always_ff @(posedge clk_i) begin  // a word's index in its run
        if (rst_ni && qv[q] && !qc[q]) IvIx: assert (ix[q] < 5'(iv_w));
      end
      always_ff @(posedge clk_i) begin
        if (rst_ni && on && qv[q] && cb[q] == 5'(fb_ahead_q[c])) begin
          IvTokIx: assert (ix[q] <= len && (ix[q] < len || fb_closed_q));
          if (q < 4) IvTokBuf: assert (qt[q] == want(ix[q]));
          else begin
            if (iv_ad[5 - q][5])
              IvTokWord: assert (ix[q] < len && iv_ad[5 - q][4] == fb_n_q
                                 && (fb_n_q || (iv_rd[5 - q] && iv_ra[5 - q] == fb_base_q + 2'(ix[q]))));
            else IvTokClose: assert (ix[q] == len && close_of(iv_ad[5 - q][3], iv_ad[5 - q][2:0]) == cls);
          end
        end
      end
    end
    // The picked run in the scan or a descriptor.
    logic [4:0] cbd[IvDs + 1];
    always_comb begin
      cbd[0] = cb[6] + 5'(iv_cur);
      for (int j = 0; j < IvDs; j++) cbd[j + 1] = cbd[j] + 5'(iv_dr[j]);
    end
    function automatic logic [4:0] next_close(logic v, logic s, logic [2:0] val);
      return s ? close_of(1'b0, val) : close_of(1'b0, 3'd0);
    endfunction
    always_ff @(posedge clk_i) begin
      if (rst_ni && on) begin
        if (iv_cur && cb[6] == 5'(fb_ahead_q[c])) begin
          IvCurPick: assert (len == 5'(iv_w) && (!dut.fib_q || (dut.nfib_q == fb_n_q
                             && (fb_n_q || dut.addr_q == fb_base_q + 2'(ixf)))));
          IvCurClose: assert (iv_nv[0] ? fb_closed_q && cls == next_close(1'b1, iv_ns[0], iv_nval[0])
                                        : fb_wait_q);
        end
      end
    end
    for (genvar j = 0; j < IvDs; j++) begin : gen_d
      always_ff @(posedge clk_i) begin
        if (rst_ni && on && iv_dr[j] && cbd[j] == 5'(fb_ahead_q[c])) begin
          if (iv_dk[j] == sam_pkg::TokData || iv_dk[j] == sam_pkg::TokEmpty) begin
            IvDsPick: assert (len == 5'(iv_w) && fb_n_q == (iv_dk[j] == sam_pkg::TokEmpty)
                              && (iv_dk[j] == sam_pkg::TokEmpty || iv_dval[j] == {1'b0, fb_base_q}));
            IvDsClose: assert (iv_nv[j + 1] ? fb_closed_q && cls == next_close(1'b1, iv_ns[j + 1], iv_nval[j + 1])
                                            : fb_wait_q);
          end else
            IvDsPickC: assert (len == '0 && fb_closed_q
                               && cls == close_of(iv_dk[j] == sam_pkg::TokDone, iv_dval[j]));
        end
      end
    end
  end

  // The scanner's own state against the harness: words per fiber, the multiplier
  // beside d1 and d2, the reads in flight, the last input token.
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      IvWpf: assert (iv_w == fb_w && fb_w <= 4'd2);
      if (dut.d1_valid_q)
        IvMul1: assert (dut.mul.gen_behavioral.a_q == 2'(dut.d1_tok_q[2:0])
                        && dut.mul.gen_behavioral.b_q == 2'(dut.wpf_q));
      if (dut.d2_valid_q)
        IvMul2: assert (dut.mul.gen_behavioral.p_q == 2'(dut.d2_tok_q[2:0] * 3'(dut.wpf_q)));
      IvRom: assert (bv_array.rd1_q == pre_array.rd1_q && bv_array.rd2_q == pre_array.rd2_q
                     && (!bv_array.rd1_q || bv_array.a1_q == pre_array.a1_q)
                     && (!bv_array.rd2_q || bv_array.a2_q == pre_array.a2_q));
      if (iv_av[0] && iv_ad[0][5]) IvRd1: assert (bv_array.rd1_q);
      if (iv_av[1] && iv_ad[1][5]) IvRd2: assert (bv_array.rd2_q);
      IvTail: assert (fb_tail_q == iv_prevfib[IvDs]);
      if (dut.fib_q) IvFib: assert (dut.cnt_q != '0 && 4'(dut.cnt_q) < iv_w && !dut.open_q);
    end
  end
  // Every stop descriptor raises S0 or S1.
  for (genvar j = 0; j < IvDs; j++) begin : gen_iv_ds
    always_ff @(posedge clk_i) begin
      if (rst_ni && iv_dv[j] && iv_dk[j] == sam_pkg::TokStop)
        IvDsLvl: assert (iv_dval[j] == 3'd1 || iv_dval[j] == 3'd2);
    end
  end
  // The picked run's place agrees on both outputs.
  always_ff @(posedge clk_i) begin
    if (rst_ni && fb_picked_q) begin
      if (fb_gone_q == 2'b00)
        IvFbBoth: assert (5'(fb_ahead_q[0]) + gen_iv_q[1].closes == 5'(fb_ahead_q[1]) + gen_iv_q[0].closes);
      if (fb_gone_q == 2'b01) IvFbGone0: assert (5'(fb_ahead_q[1]) < gen_iv_q[1].closes);
      if (fb_gone_q == 2'b10) IvFbGone1: assert (5'(fb_ahead_q[0]) < gen_iv_q[0].closes);
    end
  end

  // The reference's own state.
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (!fb_picked_q)
        IvFbIdle: assert (!fb_wait_q && !fb_closed_q && fb_gone_q == '0
                          && fb_ahead_q[0] == '0 && fb_ahead_q[1] == '0);
      else IvFbOne: assert (fb_wait_q != fb_closed_q);
      if (fb_wait_q)
        IvFbWait: assert (fb_tail_q && fb_close_bv_q == 5'b10000 && fb_close_ref_q == 4'b1000
                          && fb_len_q == fb_w);
      if (fb_picked_q) begin
        IvFbClose: assert (fb_close_bv_q[4] && fb_close_ref_q[3]
                           && (&fb_close_bv_q) == (&fb_close_ref_q)
                           && ((&fb_close_bv_q)
                               || (fb_close_bv_q[3:0] == {1'b0, fb_close_ref_q[2:0]}
                                   && fb_close_ref_q[2:0] <= 3'd2)));
        IvFbLen: assert (fb_len_q == '0 || fb_len_q == fb_w);
      end
    end
  end
  for (genvar c = 0; c < 2; c++) begin : gen_iv_fb
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        if (fb_gone_q[c]) IvFbGone: assert (fb_ahead_q[c] == '0);
        if (fb_picked_q && !fb_gone_q[c]) IvFbIn: assert (fb_ahead_q[c] < fb_flight_q[c]);
        if (fb_wait_q) IvFbLast: assert (!fb_gone_q[c] && fb_ahead_q[c] + 4'd1 == fb_flight_q[c]);
        if (fb_picked_q && !fb_gone_q[c] && fb_ahead_q[c] == '0)
          IvFbK: assert (fb_k_q[c] <= fb_len_q);
      end
    end
  end
  // The output grammar along each output's tokens in flight: buffer c, s2, s1,
  // then the scan's current run and the descriptors' runs, each its words (if
  // any) and its closing token (unknown while the next input token has not come:
  // the last run). A token as a class {ctrl, payload}: data 0, a stop {1, level},
  // N 4'he, D 4'hf; the monitor state {done, after data, after the top stop S2}.
  function automatic logic [2:0] iv_gstep(logic [2:0] g, logic [3:0] t);
    return {g[2] || t == 4'hf, !t[3], t[3] && t[2:0] == 3'd2};
  endfunction
  function automatic logic iv_gok(logic [2:0] g, logic [3:0] t);
    return !g[2] && (!t[3] || t[2:0] >= 3'd6 || t[2:0] <= 3'd2) && (t != 4'hf || (g[0] && !g[1]));
  endfunction
  for (genvar c = 0; c < 2; c++) begin : gen_iv_gram
    logic [2:0] g0;
    logic [3:0] ct[6];  // the tokens in flight as classes
    if (c == 0) begin : gen_bv
      assign g0 = {out_bv_check.gen_grammar.done_q, out_bv_check.gen_grammar.after_data_q,
                   out_bv_check.gen_grammar.after_top_q};
      for (genvar q = 0; q < 4; q++) begin : gen_b
        logic [4:0] t;
        assign t = gen_iv_q[0].qt[q];
        assign ct[q] = !t[4] ? 4'h0 : t[3:0] == 4'hf ? 4'hf : t[3:0] <= 4'd5 ? {1'b1, t[2:0]} : 4'hd;
      end
    end else begin : gen_ref
      assign g0 = {out_ref_check.gen_grammar.done_q, out_ref_check.gen_grammar.after_data_q,
                   out_ref_check.gen_grammar.after_top_q};
      for (genvar q = 0; q < 4; q++) begin : gen_b
        assign ct[q] = gen_iv_q[1].qt[q][3] ? gen_iv_q[1].qt[q][3:0] : 4'h0;
      end
    end
    for (genvar s = 0; s < 2; s++) begin : gen_s
      logic [5:0] d;
      assign d = iv_ad[s];
      assign ct[5 - s] = d[5] ? (c == 1 && d[4] ? 4'he : 4'h0) : d[3] ? 4'hf : {1'b1, d[2:0]};
    end
    logic [2:0] g;
    logic       ok, unk;
    always_comb begin
      g   = g0;
      ok  = !(g0[0] && g0[1]) && (!g0[2] || (!g0[0] && !g0[1]));
      unk = 1'b0;
      for (int q = 0; q < 6; q++) begin
        if (gen_iv_q[c].qv[q]) begin
          ok = ok && iv_gok(g, ct[q]);
          g  = iv_gstep(g, ct[q]);
        end
      end
      // The scan's current run: its words left, its closing token.
      if (iv_cur) begin
        ok = ok && !g[2];
        if (dut.fib_q) g = {g[2], !(c == 1 && dut.nfib_q), 1'b0};
        if (iv_nv[0]) begin
          ok = ok && iv_gok(g, iv_ns[0] ? {1'b1, iv_nval[0]} : 4'h8);
          g  = iv_gstep(g, iv_ns[0] ? {1'b1, iv_nval[0]} : 4'h8);
        end else unk = 1'b1;
      end
      for (int j = 0; j < IvDs; j++) begin
        if (iv_dr[j]) begin
          ok = ok && !unk && !g[2];
          if (iv_dk[j] == sam_pkg::TokData || iv_dk[j] == sam_pkg::TokEmpty) begin
            if (iv_w != '0) g = {g[2], !(c == 1 && iv_dk[j] == sam_pkg::TokEmpty), 1'b0};
            if (iv_nv[j + 1]) begin
              ok = ok && iv_gok(g, iv_ns[j + 1] ? {1'b1, iv_nval[j + 1]} : 4'h8);
              g  = iv_gstep(g, iv_ns[j + 1] ? {1'b1, iv_nval[j + 1]} : 4'h8);
            end else unk = 1'b1;
          end else begin
            ok = ok && iv_gok(g, iv_dk[j] == sam_pkg::TokDone ? 4'hf : {1'b1, iv_dval[j]});
            g  = iv_gstep(g, iv_dk[j] == sam_pkg::TokDone ? 4'hf : {1'b1, iv_dval[j]});
          end
        end
      end
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        IvGram: assert (ok);
        // The input monitor's last token: the last run's closing (S1 in, S2 out),
        // or a fiber, whose closing waits.
        if (!fb_tail_q)
          IvGramIn: assert (in_ref_check.gen_grammar.done_q == g[2]
                            && in_ref_check.gen_grammar.after_top_q == g[0]
                            && !in_ref_check.gen_grammar.after_data_q);
      end
    end
  end
  // The last input token, when a fiber: the newest descriptor's kind, else the
  // scan's current run's.
  sam_pkg::tok_kind_e iv_lastk;
  always_comb begin
    iv_lastk = dut.nfib_q ? sam_pkg::TokEmpty : sam_pkg::TokData;
    for (int j = 0; j < IvDs; j++) if (iv_dv[j]) iv_lastk = iv_dk[j];
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && fb_tail_q)
      IvTailIn: assert (!in_ref_check.gen_grammar.done_q && !in_ref_check.gen_grammar.after_top_q
                        && in_ref_check.gen_grammar.after_data_q == (iv_lastk == sam_pkg::TokData));
  end
  // Liveness (formal.py's monitor). Work left once every D is in, in cycles: a
  // rank that falls by at least one in every cycle while the consumers are fair.
  // Each scan step left weighs 5 (its issue, s1, and s2's 3: entering both
  // buffers raises the fuller one's term by up to 2), a token in s1 4 and in s2
  // 3; each descriptor adds its distance to the head register (the queue 1, d2 2,
  // d1 3). Scan steps: a fiber's words left; each descriptor's: a fiber's W words
  // (a W = 0 fiber's pop: 1), a stop 1, D 1, and the S0 that closes the fiber
  // before a fiber or D, 1. The buffers count as the fuller one: two cycles a
  // token, one less when its consumer waited in the last cycle (it is ready in
  // this one). The scan stalls only without a credit (then s1 or s2 holds a
  // token, or a buffer is full and its consumer takes a token within two cycles)
  // or without a descriptor in the head register (then one moves closer).
  logic [7:0] iv_steps, iv_bonus, iv_fbuf[2], iv_rank;
  always_comb begin
    iv_steps = dut.fib_q ? 8'(dut.cnt_q) : 8'd0;
    iv_bonus = '0;
    for (int j = 0; j < IvDs; j++) begin
      if (iv_dv[j]) begin
        if (iv_dk[j] == sam_pkg::TokData || iv_dk[j] == sam_pkg::TokEmpty)
          iv_steps += (iv_w == '0 ? 8'd1 : 8'(iv_w)) + 8'(iv_prevfib[j]);
        else if (iv_dk[j] == sam_pkg::TokDone) iv_steps += 8'd1 + 8'(iv_prevfib[j]);
        else iv_steps += 8'd1;
        iv_bonus += j == 0 ? 8'd0 : j <= 6 ? 8'd1 : j == 7 ? 8'd2 : 8'd3;
      end
    end
  end
  for (genvar c = 0; c < 2; c++) begin : gen_iv_live
    assign iv_fbuf[c] = 8'd2 * 8'(gen_iv_q[c].cnt) - 8'(live_wait_q[c] && gen_iv_q[c].cnt != '0);
  end
  assign iv_rank = 8'd5 * iv_steps + iv_bonus + 8'd4 * 8'(iv_av[0]) + 8'd3 * 8'(iv_av[1])
                 + (iv_fbuf[0] > iv_fbuf[1] ? iv_fbuf[0] : iv_fbuf[1]);
  always_ff @(posedge clk_i) begin
    if (rst_ni && &live_in_done && live_fair_q && !(&live_out_done))
      IvLive: assert (32'(live_cycles_q) + 32'(iv_rank) <= 32'(LiveBound));
  end
