  // formal/locate_compressed_inv.sv: invariants of locate_compressed, asserted
  // (proven, never assumed), that make the harness k-inductive (depth 2, split in
  // groups: `[proof.groups]` in formal/proofs.toml): they tie
  // the search stages of sam_locate's compressed pipeline to the reference search
  // over the modelled arrays (formal/locate_arrays.sv), the scoreboard's counts
  // (formal/token_map.sv, one per output) to the stages and the three output
  // buffers, and the grammar and liveness monitors to the tokens in flight.
  // CrdWidth = RefWidth = 3, PosAddrWidth = CrdAddrWidth = 2, Probes = 2: stages
  // 0 to 9, pos read from stage 0, bounds at 3, probe 0 from 3 compared into 6,
  // probe 1 from 6 compared into 9 (the last); buffers of 12.
  // The reference search for a parent and coordinate token: found, and the
  // position (f_found and f_locate of locate_arrays.sv, for a stage's tokens).
  function automatic logic [3:0] iv_search(logic [3:0] par, logic [3:0] crd);
    logic [3:0] r;
    r = '0;
    for (int q = 0; q < 4; q++) begin
      if (64'(f_pos(int'(par[2:0]))) <= 64'(q) && 64'(q) < 64'(f_pos(int'(par[2:0]) + 1))
          && f_crd(q) == crd[2:0])
        r = {1'b1, 3'(q)};
    end
    return r;
  endfunction

  // The stages: valid, tokens, search state (search_t, unpacked by hand:
  // search, act, hit, lo, hi, mid, mid1, up_mid, dn_mid, up_act, dn_act).
  logic [9:0] iv_v;
  assign iv_v = dut.gen_compressed.valid_q;
  logic [3:0] iv_ct[10], iv_rt[10], iv_pt[10], iv_lt[10];
  logic       iv_keep[10], iv_fd[10], iv_data[10];
  logic [2:0] iv_fl[10];
  logic       iv_se[10], iv_act[10], iv_hit[10], iv_upa[10], iv_dna[10];
  logic [2:0] iv_lo[10], iv_hi[10], iv_mid[10], iv_mid1[10], iv_upm[10], iv_dnm[10];
  logic [2:0] iv_p0[10], iv_p1[10];  // the fiber [pos[p], pos[p + 1])
  for (genvar s = 0; s < 10; s++) begin : gen_iv_stage
    logic [22:0] st;
    logic [3:0]  fr;
    assign st         = dut.gen_compressed.srch_q[s];
    assign iv_ct[s]   = dut.gen_compressed.crd_q[s];
    assign iv_rt[s]   = dut.gen_compressed.ref_q[s];
    assign iv_pt[s]   = dut.gen_compressed.parent_q[s];
    assign fr         = iv_search(iv_pt[s], iv_ct[s]);
    assign iv_fd[s]   = fr[3];
    assign iv_fl[s]   = fr[2:0];
    assign iv_data[s] = iv_kind(iv_ct[s]) == sam_pkg::TokData
                        && iv_kind(iv_pt[s]) == sam_pkg::TokData;
    // Kept (LocateDrop): not a coordinate, or one its parent's fiber holds.
    assign iv_keep[s] = iv_kind(iv_ct[s]) != sam_pkg::TokData || (iv_data[s] && iv_fd[s]);
    assign iv_lt[s]   = !iv_data[s] ? iv_pt[s] : {1'b0, iv_fl[s]};
    assign iv_se[s]   = st[22];
    assign iv_act[s]  = st[21];
    assign iv_hit[s]  = st[20];
    assign iv_lo[s]   = st[19:17];
    assign iv_hi[s]   = st[16:14];
    assign iv_mid[s]  = st[13:11];
    assign iv_mid1[s] = st[10:8];
    assign iv_upm[s]  = st[7:5];
    assign iv_dnm[s]  = st[4:2];
    assign iv_upa[s]  = st[1];
    assign iv_dna[s]  = st[0];
    assign iv_p0[s]   = f_pos(int'(iv_pt[s][2:0]));
    assign iv_p1[s]   = f_pos(int'(iv_pt[s][2:0]) + 1);
  end

  // Each output's tokens in flight as one queue, oldest first: places 0 to 11 its
  // buffer from the read pointer, place 12 + (9 - s) stage s where its token is
  // kept (crd, ref, loc as the reference gives it).
  logic [3:0] iv_cnt[3], iv_rd[3];
  logic [3:0] iv_slot[3][12];
  for (genvar o = 0; o < 3; o++) begin : gen_iv_buf
    assign iv_cnt[o] = dut.out.gen_out[o].buffer.gen_buffer.count_q;
    assign iv_rd[o]  = dut.out.gen_out[o].buffer.gen_buffer.rd_ptr_q;
    for (genvar i = 0; i < 12; i++) begin : gen_slot
      logic [4:0] at;
      assign at = 5'(iv_rd[o]) + 5'(i);
      assign iv_slot[o][i] = dut.out.gen_out[o].buffer.gen_buffer.mem_q[
          at >= 5'd12 ? 4'(at - 5'd12) : 4'(at)];
    end
  end
  logic [3:0] iv_q[3][22];
  logic       iv_qv[3][22];
  logic [4:0] iv_at[3][23];  // queue entries before place j
  always_comb begin
    for (int o = 0; o < 3; o++) begin
      for (int i = 0; i < 12; i++) begin
        iv_q[o][i]  = iv_slot[o][i];
        iv_qv[o][i] = 4'(i) < iv_cnt[o];
      end
      for (int s = 0; s < 10; s++) begin
        iv_q[o][21 - s]  = o == 0 ? iv_ct[s] : o == 1 ? iv_rt[s] : iv_lt[s];
        iv_qv[o][21 - s] = iv_v[s] && iv_keep[s];
      end
      iv_at[o][0] = '0;
      for (int j = 0; j < 22; j++) iv_at[o][j + 1] = iv_at[o][j] + 5'(iv_qv[o][j]);
    end
  end

  // The output grammar along each queue, from the output monitor's state:
  // {done, after data, after the top stop S1}.
  function automatic logic [2:0] iv_step(logic [2:0] g, logic [3:0] t);
    return {g[2] || iv_kind(t) == sam_pkg::TokDone, iv_kind(t) == sam_pkg::TokData,
            iv_kind(t) == sam_pkg::TokStop && t[2:0] == 3'd1};
  endfunction
  function automatic logic iv_ok(logic [2:0] g, logic [3:0] t);
    return !g[2] && (iv_kind(t) != sam_pkg::TokStop || t[2:0] < 3'd2)
           && (iv_kind(t) != sam_pkg::TokDone || (g[0] && !g[1]));
  endfunction
  logic [2:0] iv_g[3][23], iv_gin[3];
  assign iv_g[0][0] = {out_crd_check.gen_grammar.done_q, out_crd_check.gen_grammar.after_data_q,
                       out_crd_check.gen_grammar.after_top_q};
  assign iv_g[1][0] = {out_ref_check.gen_grammar.done_q, out_ref_check.gen_grammar.after_data_q,
                       out_ref_check.gen_grammar.after_top_q};
  assign iv_g[2][0] = {out_loc_check.gen_grammar.done_q, out_loc_check.gen_grammar.after_data_q,
                       out_loc_check.gen_grammar.after_top_q};
  assign iv_gin[0] = {in_crd_check.gen_grammar.done_q, in_crd_check.gen_grammar.after_data_q,
                      in_crd_check.gen_grammar.after_top_q};
  assign iv_gin[1] = {in_ref_check.gen_grammar.done_q, in_ref_check.gen_grammar.after_data_q,
                      in_ref_check.gen_grammar.after_top_q};
  assign iv_gin[2] = {in_parent_check.gen_grammar.done_q,
                      in_parent_check.gen_grammar.after_data_q,
                      in_parent_check.gen_grammar.after_top_q};
  always_comb begin
    for (int o = 0; o < 3; o++)
      for (int j = 0; j < 22; j++)
        iv_g[o][j + 1] = iv_qv[o][j] ? iv_step(iv_g[o][j], iv_q[o][j]) : iv_g[o][j];
  end

  // The scoreboards' counts (they stop at 15), one per output.
  logic [4:0] iv_in[3], iv_out[3], iv_n[3];
  logic       iv_seen[3];
  logic [3:0] iv_want[3];
  assign iv_in[0]   = 5'(crd_ref.in_cnt_q);
  assign iv_out[0]  = 5'(crd_ref.out_cnt_q);
  assign iv_n[0]    = 5'(crd_ref.n_q);
  assign iv_seen[0] = crd_ref.seen_q;
  assign iv_want[0] = crd_ref.want_q;
  assign iv_in[1]   = 5'(ref_ref.in_cnt_q);
  assign iv_out[1]  = 5'(ref_ref.out_cnt_q);
  assign iv_n[1]    = 5'(ref_ref.n_q);
  assign iv_seen[1] = ref_ref.seen_q;
  assign iv_want[1] = ref_ref.want_q;
  assign iv_in[2]   = 5'(loc_ref.in_cnt_q);
  assign iv_out[2]  = 5'(loc_ref.out_cnt_q);
  assign iv_n[2]    = 5'(loc_ref.n_q);
  assign iv_seen[2] = loc_ref.seen_q;
  assign iv_want[2] = loc_ref.want_q;

  // Work left once every D is in, in cycles (for liveness), per output: two for
  // each token in flight to it, the youngest kept stage's distance to the
  // buffers, one less when its consumer waited in the last cycle (it is ready in
  // this one) and its buffer holds a token. The fullest output counts.
  logic [3:0] iv_dist;
  always_comb begin
    iv_dist = '0;
    for (int s = 9; s >= 0; s--) if (iv_v[s] && iv_keep[s]) iv_dist = 4'(10 - s);
  end
  logic [7:0] iv_rank[3], iv_rmax;
  for (genvar o = 0; o < 3; o++) begin : gen_iv_rank
    assign iv_rank[o] = iv_at[o][22] == '0 ? 8'd0
                        : 8'd2 * 8'(iv_at[o][22]) + 8'(iv_dist)
                          - 8'(live_wait_q[o] && iv_cnt[o] != '0);
  end
  assign iv_rmax = iv_rank[0] > iv_rank[1] ? (iv_rank[0] > iv_rank[2] ? iv_rank[0] : iv_rank[2])
                                           : (iv_rank[1] > iv_rank[2] ? iv_rank[1] : iv_rank[2]);

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      // The arrays: every read port's copy holds the same words.
      IvPaCopy: assert (f_pa_copy == f_pa);
      IvCaCopy: assert (f_ca_copy[1] == f_ca_copy[0]);
      // Stage 0's pos addresses are its parent's.
      IvPAddr: assert (dut.gen_compressed.p_q == iv_pt[0][1:0]
                       && dut.gen_compressed.p1_q == iv_pt[0][1:0] + 2'd1);
      // The reads in flight (a read the stage no longer needs, after a reset, is
      // free): stage 1's and 2's of pos[p] and pos[p + 1]; probe k's, from stages
      // 4 + 3k and 5 + 3k, of crd[mid].
      if (iv_v[1] && iv_se[1])
        IvPosRd1: assert (pos_array.rd1_q && pos_array.a1_q == iv_pt[1][1:0]
                          && pos_array2.rd1_q && pos_array2.a1_q == iv_pt[1][1:0] + 2'd1);
      if (iv_v[2] && iv_se[2])
        IvPosRd2: assert (pos_array.rd2_q && pos_array.a2_q == iv_pt[2][1:0]
                          && pos_array2.rd2_q && pos_array2.a2_q == iv_pt[2][1:0] + 2'd1);
      if (iv_v[4] && iv_act[4])
        IvCrdRd01: assert (gen_crd_array[0].crd_array.rd1_q
                           && gen_crd_array[0].crd_array.a1_q == iv_mid[4][1:0]);
      if (iv_v[5] && iv_act[5])
        IvCrdRd02: assert (gen_crd_array[0].crd_array.rd2_q
                           && gen_crd_array[0].crd_array.a2_q == iv_mid[5][1:0]);
      if (iv_v[7] && iv_act[7])
        IvCrdRd11: assert (gen_crd_array[1].crd_array.rd1_q
                           && gen_crd_array[1].crd_array.a1_q == iv_mid[7][1:0]);
      if (iv_v[8] && iv_act[8])
        IvCrdRd12: assert (gen_crd_array[1].crd_array.rd2_q
                           && gen_crd_array[1].crd_array.a2_q == iv_mid[8][1:0]);
      // Liveness: the rank of the work left (formal.py asserts the monitor's own
      // invariants, LiveSeen_Inv and LiveIdle_Inv, in a k-induction proof).
      if (&live_in_done && live_fair_q && !(&live_out_done))
        IvLive: assert (32'(live_cycles_q) + 32'(iv_rmax) <= 32'(LiveBound));
    end
  end

  // Per output: the monitors' states (after data and after the top stop exclude
  // each other, and D leaves neither), the grammar's end and the counts.
  for (genvar o = 0; o < 3; o++) begin : gen_iv_out
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        IvMonOut: assert (!(iv_g[o][0][0] && iv_g[o][0][1])
                          && (!iv_g[o][0][2] || (!iv_g[o][0][0] && !iv_g[o][0][1])));
        IvMonIn: assert (!(iv_gin[o][0] && iv_gin[o][1])
                         && (!iv_gin[o][2] || (!iv_gin[o][0] && !iv_gin[o][1])));
        // The grammar along the queue ends at the input monitor's state: D in
        // exactly when D is in the queue or out; after S1 in, after S1 there (a
        // dropped coordinate may follow a kept token).
        IvGramEnd: assert (iv_g[o][22][2] == iv_gin[o][2]
                           && (!iv_gin[o][0] || iv_g[o][22][0]));
        // Counts: every kept token in is out or in flight (until the input
        // count stops), and the n-th was seen exactly when counted past n.
        if (iv_in[o] != 5'd15) IvCount: assert (iv_in[o] == iv_out[o] + iv_at[o][22]);
        else IvCountSat: assert (iv_out[o] == 5'd15 || iv_out[o] + iv_at[o][22] >= 5'd15);
        IvSeen: assert (iv_seen[o] == (iv_in[o] > iv_n[o]));
      end
    end
  end

  // Each place of each queue: the n-th token's place holds its expected token,
  // and the grammar holds along the queue.
  for (genvar o = 0; o < 3; o++) begin : gen_iv_q
    for (genvar j = 0; j < 22; j++) begin : gen_place
      always_ff @(posedge clk_i) begin
        if (rst_ni && iv_qv[o][j]) begin
          if (iv_seen[o] && iv_out[o] <= iv_n[o] && iv_at[o][j] == iv_n[o] - iv_out[o])
            IvWant: assert (iv_q[o][j] == iv_want[o]);
          IvGram: assert (iv_ok(iv_g[o][j], iv_q[o][j]));
        end
      end
    end
  end

  // Each stage: its search flag; a data parent lies below the last pos word;
  // from stage 3 on, the search window [lo, hi) within the fiber, below it only
  // coordinates less than c, from hi on none less, a hit exactly when crd[hi] is
  // c, the search going on exactly while the window is not empty, mid its
  // midpoint, the precomputed next midpoints beside each probe's read, and the
  // window short enough for the probes left.
  for (genvar s = 0; s < 10; s++) begin : gen_iv_s
    always_ff @(posedge clk_i) begin
      if (rst_ni && iv_v[s]) begin
        IvSearch: assert (iv_se[s] == iv_data[s]);
        if (!iv_pt[s][3]) IvParent: assert (iv_pt[s][2:0] < 3'd3);
        if (s < 3) IvNoHit: assert (!iv_hit[s]);
        else if (!iv_se[s]) IvIdle: assert (!iv_act[s]);
        else begin
          IvWin: assert (iv_p0[s] <= iv_lo[s] && iv_lo[s] <= iv_hi[s] && iv_hi[s] <= iv_p1[s]);
          IvBelow: assert (iv_lo[s] == iv_p0[s] || f_crd(int'(iv_lo[s]) - 1) < iv_ct[s][2:0]);
          IvAbove: assert (iv_hi[s] == iv_p1[s] || f_crd(int'(iv_hi[s])) >= iv_ct[s][2:0]);
          IvHit: assert (iv_hit[s] == (iv_hi[s] < iv_p1[s] && f_crd(int'(iv_hi[s])) == iv_ct[s][2:0]));
          IvAct: assert (iv_act[s] == (iv_lo[s] < iv_hi[s]));
          if (s >= 6) IvShort: assert (4'(iv_hi[s]) <= 4'(iv_lo[s]) + (s == 9 ? 4'd0 : 4'd1));
          // An ended search's answer is the reference's.
          if (s == 9)
            IvFound: assert (iv_fd[s] == iv_hit[s] && (!iv_hit[s] || iv_fl[s] == iv_lo[s]));
          if (iv_act[s]) begin
            IvMid: assert (iv_mid[s] == 3'((4'(iv_lo[s]) + 4'(iv_hi[s])) >> 1));
            if (s == 4 || s == 5 || s == 7 || s == 8)
              IvNext: assert (iv_mid1[s] == iv_mid[s] + 3'd1
                              && iv_upm[s] == 3'((4'(iv_mid[s]) + 4'd1 + 4'(iv_hi[s])) >> 1)
                              && iv_upa[s] == (iv_mid[s] + 3'd1 < iv_hi[s])
                              && iv_dnm[s] == 3'((4'(iv_lo[s]) + 4'(iv_mid[s])) >> 1)
                              && iv_dna[s] == (iv_lo[s] < iv_mid[s]));
          end
        end
      end
    end
  end
