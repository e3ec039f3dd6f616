  // formal/spacc1_live_inv.sv: invariants of spaccumulator1_live, asserted (proven,
  // never assumed), that make the k-induction of sam_spaccumulator1's liveness
  // bound close (Order 1, Dim 4, WordWidth 2, Banks 4, OutDepth 5): the input
  // queues and head views, the banks and their bitmaps, the fetch, the drain
  // stages in slot order, the output credits and buffers, where D is, and a rank
  // of the work left that falls in every fair cycle (docs/formal-induction.md).

  logic [6:0] lv_ch;
  assign lv_ch = dut.core.ch_q;

  // ---- input queues (as spacc_nest_inv.sv)
  logic [2:0] lv_cf, lv_vf;
  logic [SqCIW-1:0] lv_cq[3];
  always_comb begin
    logic [1:0] r;
    r = dut.core.iv_rp_q;
    for (int k = 0; k < 3; k++) begin
      lv_cf[k] = dut.core.c_f_q[r];
      lv_vf[k] = dut.core.v_f_q[r];
      lv_cq[k] = dut.core.c_e_q[r];
      r = sq_next(r);
    end
  end

  // ---- drain
  // The final markers past fetch: in nw, nws, nx, the scanner, dq's head and skid.
  // dq_t {final_, first, newrow, slot[1:0], addr[1:0]}: final_ is bit 6.
  logic [6:0] lv_dqh, lv_dqs;
  assign lv_dqh = dut.core.dq_tok;
  assign lv_dqs = dut.core.dq_skid_q;
  // The items past fetch, oldest first: dq's head and skid, the scanner, nx, nw,
  // nws; each one's slot is the one before's, the next after a final marker,
  // from the oldest closed group not yet out to the fetch's.
  logic [5:0] lv_pv, lv_pf;
  logic [1:0] lv_ps[6];
  assign lv_pv = {dut.core.nws_valid_q, dut.core.nw_valid_q, dut.core.nx_valid_q,
                  dut.core.sc_valid_q, dut.core.dq_skid_valid_q, dut.core.dq_valid};
  assign lv_pf = {dut.core.nws_final_q, dut.core.nw_final_q, dut.core.nx_final_q,
                  dut.core.sc_final_q, lv_dqs[6], lv_dqh[6]};
  assign lv_ps[0] = lv_dqh[3:2];
  assign lv_ps[1] = lv_dqs[3:2];
  assign lv_ps[2] = dut.core.sc_slot_q;
  assign lv_ps[3] = dut.core.nx_slot_q;
  assign lv_ps[4] = dut.core.nw_slot_q;
  assign lv_ps[5] = dut.core.nws_slot_q;
  logic lv_slots_ok;
  always_comb begin
    logic [1:0] at;
    at = dut.core.bank_q - dut.core.pend_q;
    lv_slots_ok = 1'b1;
    for (int k = 0; k < 6; k++) begin
      if (lv_pv[k]) begin
        lv_slots_ok &= lv_ps[k] == at;
        if (lv_pf[k]) at = at + 2'd1;
      end
    end
    lv_slots_ok &= at == dut.core.fslot_q;
    // The newest item past fetch, not a final marker: its group is the fetch's.
    for (int k = 0; k < 6; k++) begin
      logic newer;
      newer = 1'b0;
      for (int m = k + 1; m < 6; m++) newer |= lv_pv[m];
      if (lv_pv[k] && !newer && !lv_pf[k]) lv_slots_ok &= dut.core.fact_q;
    end
  end
  logic [2:0] lv_finals;
  assign lv_finals = 3'(dut.core.nw_valid_q && dut.core.nw_final_q)
                   + 3'(dut.core.nws_valid_q && dut.core.nws_final_q)
                   + 3'(dut.core.nx_valid_q && dut.core.nx_final_q)
                   + 3'(dut.core.sc_valid_q && dut.core.sc_final_q)
                   + 3'(dut.core.dq_valid && lv_dqh[6])
                   + 3'(dut.core.dq_skid_valid_q && lv_dqs[6]);
  logic [1:0] lv_dsum, lv_dlow, lv_ssum[4], lv_sbm[4][2], lv_dbm[2];
  for (genvar b = 0; b < 4; b++) begin : gen_lv_bank
    assign lv_ssum[b] = dut.core.ssum_q[b];
    assign lv_sbm[b][0] = dut.core.sbm_q[b][0];
    assign lv_sbm[b][1] = dut.core.sbm_q[b][1];
  end
  assign lv_dsum = dut.core.dsum_q;
  assign lv_dlow = dut.core.dlow_q;
  assign lv_dbm[0] = dut.core.dbm_q[0];
  assign lv_dbm[1] = dut.core.dbm_q[1];

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      IvLvPtrs: assert (dut.core.iv_rp_q != 2'd3 && dut.core.c_wp_q != 2'd3 && dut.core.v_wp_q != 2'd3
                        && dut.core.iv_rp1_q == sq_next(dut.core.iv_rp_q));
      IvLvCQueue: assert ((lv_cf[1] -> lv_cf[0]) && (lv_cf[2] -> lv_cf[1])
                          && dut.core.c_wp_q == (lv_cf[2] ? dut.core.iv_rp_q : lv_cf[1] ? sq_next(sq_next(dut.core.iv_rp_q))
                                                 : lv_cf[0] ? sq_next(dut.core.iv_rp_q) : dut.core.iv_rp_q));
      IvLvVQueue: assert ((lv_vf[1] -> lv_vf[0]) && (lv_vf[2] -> lv_vf[1])
                          && dut.core.v_wp_q == (lv_vf[2] ? dut.core.iv_rp_q : lv_vf[1] ? sq_next(sq_next(dut.core.iv_rp_q))
                                                 : lv_vf[0] ? sq_next(dut.core.iv_rp_q) : dut.core.iv_rp_q));
      IvLvCWf: assert ((!lv_cf[0] || sq_c_wf(lv_cq[0], 1, 4)) && (!lv_cf[1] || sq_c_wf(lv_cq[1], 1, 4))
                       && (!lv_cf[2] || sq_c_wf(lv_cq[2], 1, 4)));
      if (lv_ch[6]) IvLvCView: assert (lv_cf[0] && lv_vf[0] && lv_ch == sq_c_view(lv_cq[0]));
      else IvLvCNoView: assert (lv_ch == '0);
      // Each bank's summary is its bitmap's non-empty words.
      IvLvSum: assert (lv_ssum[0] == {lv_sbm[0][1] != '0, lv_sbm[0][0] != '0}
                       && lv_ssum[1] == {lv_sbm[1][1] != '0, lv_sbm[1][0] != '0}
                       && lv_ssum[2] == {lv_sbm[2][1] != '0, lv_sbm[2][0] != '0}
                       && lv_ssum[3] == {lv_sbm[3][1] != '0, lv_sbm[3][0] != '0});
      // The open bank's bitmap is the accumulate side's (a cycle after a close,
      // the closed bank's); a1's word and bit one-hot.
      IvLvA1: assert (sq_low2(dut.core.a1_woh_q) == dut.core.a1_woh_q
                      && sq_low2(dut.core.a1_boh_q) == dut.core.a1_boh_q
                      && (!dut.core.a1_valid_q || (dut.core.a1_woh_q != '0 && dut.core.a1_boh_q != '0)));
      IvLvAsum: assert (dut.core.asum_q == {dut.core.abm_q[1] != '0, dut.core.abm_q[0] != '0});
      if (!dut.core.cl_flip_q)
        IvLvOpen: assert (dut.core.abm_q[0] == lv_sbm[dut.core.bank_q][0]
                          && dut.core.abm_q[1] == lv_sbm[dut.core.bank_q][1]);
      else
        IvLvClosed: assert (dut.core.cl_bank_q + 2'd1 == dut.core.bank_q
                            && dut.core.abm_q[0] == lv_sbm[dut.core.cl_bank_q][0]
                            && dut.core.abm_q[1] == lv_sbm[dut.core.cl_bank_q][1]);
      // The banks: the open one follows the closed groups fetch has not started
      // and the one it works on; the closed groups not yet out are those and
      // the final markers past fetch.
      IvLvBanks: assert (dut.core.bank_q == dut.core.fslot_q + dut.core.fq_q + 2'(dut.core.fact_q)
                         && 4'(dut.core.pend_q) == 4'(dut.core.fq_q) + 4'(dut.core.fact_q) + 4'(lv_finals)
                         && dut.core.pend_ok_q == (dut.core.pend_q != 2'd3));
      IvLvSlots: assert (lv_slots_ok);
      // The fetch: its bitmap copy is its bank's; its words left within the bank's;
      // dlow their lowest (once found), dlz none left.
      if (dut.core.fact_q) begin
        IvLvDbm: assert (lv_dbm[0] == lv_sbm[dut.core.fslot_q][0] && lv_dbm[1] == lv_sbm[dut.core.fslot_q][1]);
        IvLvDsum: assert ((lv_dsum & ~lv_ssum[dut.core.fslot_q]) == '0);
        if (!dut.core.fresh_q)
          IvLvDlow: assert (lv_dlow == sq_low2(lv_dsum) && dut.core.dlz_q == (lv_dsum == '0));
        else
          IvLvFresh: assert (lv_dlow == '0 && dut.core.dlz_q && lv_dsum == lv_ssum[dut.core.fslot_q]);
      end else begin
        IvLvIdle: assert (!dut.core.fresh_q);
      end
      // The stages' enable copies.
      IvLvEn: assert (dut.core.en_sc_valid_q == dut.core.sc_valid_q && dut.core.en_sc_more_q == dut.core.sc_more_q
                      && dut.core.en_nx_valid_q == dut.core.nx_valid_q
                      && dut.core.en_dq_skid_q == dut.core.dq_skid_valid_q);
      // nw: a skid entry only behind a head.
      IvLvNw: assert (!dut.core.nws_valid_q || dut.core.nw_valid_q);
      IvLvNwWord: assert ((!dut.core.nw_valid_q || dut.core.nw_final_q || dut.core.nw_q != '0)
                          && (!dut.core.nws_valid_q || dut.core.nws_final_q || dut.core.nws_q != '0));
      // The scanner: its bit one-hot below the rest's, more = two or more left in
      // the rest, restn the rest inverted; nx the same from its word.
      if (dut.core.sc_valid_q && !dut.core.sc_final_q)
        IvLvSc: assert (dut.core.sc_oh_q != '0 && sq_low2(dut.core.sc_oh_q) == dut.core.sc_oh_q
                        && (dut.core.sc_rest_q & (dut.core.sc_oh_q | (dut.core.sc_oh_q - 2'd1))) == '0);
      IvLvScMore: assert (dut.core.sc_more_q == (dut.core.sc_rest_q != '0)
                          && dut.core.sc_restn_q == ~dut.core.sc_rest_q);
      if (dut.core.nx_valid_q && !dut.core.nx_final_q)
        IvLvNx: assert (dut.core.nx_oh_q != '0 && sq_low2(dut.core.nx_oh_q) == dut.core.nx_oh_q
                        && (dut.core.nx_rest_q & (dut.core.nx_oh_q | (dut.core.nx_oh_q - 2'd1))) == '0);
      // A final marker carries no bits.
      IvLvFinal0: assert ((!dut.core.nw_valid_q || !dut.core.nw_final_q || dut.core.nw_q == '0)
                          && (!dut.core.nws_valid_q || !dut.core.nws_final_q || dut.core.nws_q == '0)
                          && (!dut.core.nx_valid_q || !dut.core.nx_final_q
                              || (dut.core.nx_oh_q == '0 && dut.core.nx_rest_q == '0))
                          && (!dut.core.sc_valid_q || !dut.core.sc_final_q
                              || (dut.core.sc_oh_q == '0 && dut.core.sc_rest_q == '0)));
      // dq: a skid entry only behind a head.
      IvLvDq: assert (!dut.core.dq_skid_valid_q || dut.core.dq_valid);
    end
  end

  // ---- D and liveness
  // Ghosts: D taken from the input (a close with D), D issued (its final popped).
  logic lv_dtaken_q, lv_dissued_q;
  logic [1:0] lv_eslot;
  assign lv_eslot = lv_dqh[3:2];
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      lv_dtaken_q  <= 1'b0;
      lv_dissued_q <= 1'b0;
    end else begin
      if (dut.core.flip && dut.core.done_in) lv_dtaken_q <= 1'b1;
      if (dut.core.fin_pop && dut.core.sdone_q[lv_eslot]) lv_dissued_q <= 1'b1;
    end
  end
  logic [2:0] lv_nc, lv_nv, lv_fc, lv_fv;
  assign lv_nc = 3'(lv_cf[0]) + 3'(lv_cf[1]) + 3'(lv_cf[2]);
  assign lv_nv = 3'(lv_vf[0]) + 3'(lv_vf[1]) + 3'(lv_vf[2]);
  assign lv_fc = dut.core.crd_inner_buffer.gen_buffer.count_q;
  assign lv_fv = dut.core.val_buffer.gen_buffer.count_q;
  logic lv_din;  // a D in the c queue
  assign lv_din = (lv_cf[0] && sq_c_done(lv_cq[0])) || (lv_cf[1] && sq_c_done(lv_cq[1]))
                  || (lv_cf[2] && sq_c_done(lv_cq[2]));

  // No D in the output pipeline before D is issued.
  localparam logic [SqCW:0] LvCrdD = {1'b1, SqCW'(sam_pkg::done_payload(SqCW))};
  localparam logic [ValWidth:0] LvValD = {1'b1, ValWidth'(sam_pkg::done_payload(ValWidth))};
  logic lv_nod;
  always_comb begin
    lv_nod = !(dut.core.i1_valid_q && (dut.core.i1_crd_q == LvCrdD
                                       || (!dut.core.i1_data_q && dut.core.i1_val_q == LvValD)))
             && !(dut.core.i2_valid_q && (dut.core.i2_crd_q == LvCrdD
                                          || (!dut.core.i2_data_q && dut.core.i2_val_q == LvValD)));
    for (int k = 0; k < 5; k++) begin
      if (3'(k) < lv_fc)
        lv_nod &= dut.core.crd_inner_buffer.gen_buffer.mem_q[(32'(dut.core.crd_inner_buffer.gen_buffer.rd_ptr_q) + k) % 5] != LvCrdD;
      if (3'(k) < lv_fv)
        lv_nod &= dut.core.val_buffer.gen_buffer.mem_q[(32'(dut.core.val_buffer.gen_buffer.rd_ptr_q) + k) % 5] != LvValD;
    end
  end

  // The rank: cycles of work left once every D is in, falling by one at least in
  // every cycle while the consumers are fair. Items to issue weigh more the
  // further they are from the issue; each output buffer two a token, one less
  // when its consumer waited in the last cycle, the fuller counting.
  function automatic logic [9:0] lv_items(logic valid, logic final_, logic [1:0] w);
    return !valid ? 10'd0 : final_ ? 10'd1 : 10'(sq_pop2(w));
  endfunction
  logic [9:0] lv_fbc, lv_fbv, lv_rank, lv_r_in, lv_r_fetch, lv_r_groups;
  assign lv_fbc = 10'd2 * 10'(lv_fc) - 10'(live_wait_q[0] && lv_fc != '0);
  assign lv_fbv = 10'd2 * 10'(lv_fv) - 10'(live_wait_q[1] && lv_fv != '0);
  always_comb begin
    lv_r_in = '0;
    for (int k = 0; k < 3; k++) begin
      if (lv_cf[k]) begin
        // data 17 (a new bit of the open group, 14, and its take); S0 2; a close 17
        if (sq_c_data(lv_cq[k])) lv_r_in += 10'd17;
        else if (sq_c_stop(lv_cq[k]) && sq_c_pay(lv_cq[k]) == '0) lv_r_in += 10'd2;
        else lv_r_in += 10'd17;
      end
    end
    if (lv_cf[0] && !lv_ch[6]) lv_r_in += 10'd1;  // the head view a cycle behind
    lv_r_fetch = '0;
    if (dut.core.fact_q) begin
      lv_r_fetch = 10'd11 * (10'd1 + (lv_dsum[0] ? 10'(sq_pop2(lv_dbm[0])) : 10'd0)
                                   + (lv_dsum[1] ? 10'(sq_pop2(lv_dbm[1])) : 10'd0))
                   + 10'(dut.core.fresh_q);
    end
    lv_r_groups = '0;
    for (int k = 0; k < 3; k++) begin
      logic [1:0] b;
      b = dut.core.fslot_q + 2'(dut.core.fact_q) + 2'(k);
      if (2'(k) < dut.core.fq_q)
        lv_r_groups += 10'd13 * (10'd1 + 10'(sq_pop2(lv_sbm[b][0])) + 10'(sq_pop2(lv_sbm[b][1]))) + 10'd2;
    end
  end
  assign lv_rank = (lv_fbc > lv_fbv ? lv_fbc : lv_fbv)
                 + 10'd3 * 10'(dut.core.i2_valid_q) + 10'd4 * 10'(dut.core.i1_valid_q)
                 + 10'd5 * 10'(dut.core.dq_valid) + 10'd6 * 10'(dut.core.dq_skid_valid_q)
                 + 10'd7 * lv_items(dut.core.sc_valid_q, dut.core.sc_final_q, dut.core.sc_oh_q | dut.core.sc_rest_q)
                 + 10'd8 * lv_items(dut.core.nx_valid_q, dut.core.nx_final_q, dut.core.nx_oh_q | dut.core.nx_rest_q)
                 + 10'd9 * lv_items(dut.core.nw_valid_q, dut.core.nw_final_q, dut.core.nw_q)
                 + 10'd10 * lv_items(dut.core.nws_valid_q, dut.core.nws_final_q, dut.core.nws_q)
                 + lv_r_fetch + lv_r_groups
                 + (dut.core.cl_flip_q ? 10'd0
                    : 10'd14 * (10'(sq_pop2(dut.core.abm_q[0])) + 10'(sq_pop2(dut.core.abm_q[1]))))
                 + 10'd15 * 10'(dut.core.a1_valid_q)
                 + lv_r_in;

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      // The output credits: i2 and the buffer.
      IvLvCredit: assert (4'(dut.core.crd_count_q) == 4'(dut.core.i2_valid_q) + 4'(lv_fc)
                          && 4'(dut.core.val_count_q) == 4'(dut.core.i2_valid_q) + 4'(lv_fv)
                          && dut.core.room_q == (dut.core.crd_count_q < 3'd4 && dut.core.val_count_q < 3'd4)
                          && 4'(dut.core.crd_count_q) + 4'(dut.core.i1_valid_q) <= 4'd5
                          && 4'(dut.core.val_count_q) + 4'(dut.core.i1_valid_q) <= 4'd5);
      // crd_inner and val queued alike: the difference is the alignment monitor's.
      IvLvAlign: assert (aligned_crd_val.b_lead_q ? 4'(lv_nv) == 4'(lv_nc) + 4'(aligned_crd_val.cnt_q)
                                                  : 4'(lv_nc) == 4'(lv_nv) + 4'(aligned_crd_val.cnt_q));
      // Both inputs' D moved: the alignment monitor empty; one's D moved with it
      // ahead: the D last in the monitor's queue.
      // The leader's queued shapes end with its last token: D exactly when it is done.
      IvLvAlignQ: assert (aligned_crd_val.cnt_q <= 3'd4
                          && (aligned_crd_val.cnt_q == '0
                              || (aligned_crd_val.q_q[aligned_crd_val.cnt_q - 1'b1] == '1)
                                 == (aligned_crd_val.b_lead_q ? in_val_check.gen_grammar.done_q
                                                              : in_crd_check.gen_grammar.done_q))
                          && (aligned_crd_val.cnt_q < 3'd2 || aligned_crd_val.q_q[0] != '1)
                          && (aligned_crd_val.cnt_q < 3'd3 || aligned_crd_val.q_q[1] != '1)
                          && (aligned_crd_val.cnt_q < 3'd4 || aligned_crd_val.q_q[2] != '1));
      IvLvAlignD: assert ((!in_crd_check.gen_grammar.done_q
                           || (in_val_check.gen_grammar.done_q ? aligned_crd_val.cnt_q == '0
                               : !aligned_crd_val.b_lead_q && aligned_crd_val.cnt_q != '0
                                 && aligned_crd_val.q_q[aligned_crd_val.cnt_q - 1'b1] == '1))
                          && (!in_val_check.gen_grammar.done_q
                              || (in_crd_check.gen_grammar.done_q ? aligned_crd_val.cnt_q == '0
                                  : aligned_crd_val.b_lead_q && aligned_crd_val.cnt_q != '0
                                    && aligned_crd_val.q_q[aligned_crd_val.cnt_q - 1'b1] == '1)));
      // Where D is: queued last, taken into the open group's close, issued.
      IvLvDIn: assert (in_crd_check.gen_grammar.done_q == (lv_dtaken_q || lv_din)
                       && !(lv_cf[0] && sq_c_done(lv_cq[0]) && lv_cf[1])
                       && !(lv_cf[1] && sq_c_done(lv_cq[1]) && lv_cf[2]));
      // Only the newest closed group may be D's (its flag written a cycle after
      // the close).
      if (dut.core.cl_flip_q)
        IvLvClDone: assert (dut.core.cl_done_q == lv_dtaken_q && (dut.core.cl_done_q || dut.core.cl_lvl_q == '0)
                            && dut.core.fq_q != '0);
      // A closed group not D's closes with S1: its stop out S0.
      IvLvSlvl: assert ((dut.core.pend_q < 2'd1 || dut.core.cl_flip_q || dut.core.sdone_q[dut.core.bank_q - 2'd1]
                         || dut.core.slvl_q[dut.core.bank_q - 2'd1] == '0)
                        && (dut.core.pend_q < 2'd2 || dut.core.slvl_q[dut.core.bank_q - 2'd2] == '0)
                        && (dut.core.pend_q < 2'd3 || dut.core.slvl_q[dut.core.bank_q - 2'd3] == '0));
      IvLvSdone: assert ((dut.core.pend_q < 2'd1 || dut.core.cl_flip_q
                          || dut.core.sdone_q[dut.core.bank_q - 2'd1] == lv_dtaken_q)
                         && (dut.core.pend_q < 2'd2 || !dut.core.sdone_q[dut.core.bank_q - 2'd2])
                         && (dut.core.pend_q < 2'd3 || !dut.core.sdone_q[dut.core.bank_q - 2'd3]));
      if (lv_dtaken_q) IvLvDTaken: assert (!lv_din && lv_nc == '0 && (lv_dissued_q || dut.core.pend_q != '0));
      if (lv_dissued_q) IvLvDIssued: assert (dut.core.pend_q == '0 && lv_dtaken_q);
      IvLvFifo: assert (dut.core.crd_inner_buffer.gen_buffer.rd_ptr_q < 3'd5
                        && dut.core.crd_inner_buffer.gen_buffer.wr_ptr_q < 3'd5 && lv_fc <= 3'd5
                        && (32'(dut.core.crd_inner_buffer.gen_buffer.rd_ptr_q) + 32'(lv_fc)) % 5
                           == 32'(dut.core.crd_inner_buffer.gen_buffer.wr_ptr_q)
                        && dut.core.val_buffer.gen_buffer.rd_ptr_q < 3'd5
                        && dut.core.val_buffer.gen_buffer.wr_ptr_q < 3'd5 && lv_fv <= 3'd5
                        && (32'(dut.core.val_buffer.gen_buffer.rd_ptr_q) + 32'(lv_fv)) % 5
                           == 32'(dut.core.val_buffer.gen_buffer.wr_ptr_q));
      if (!lv_dissued_q) IvLvNoD: assert (lv_nod);
      IvLvDOut: assert ((!out_crd_check.gen_grammar.done_q || lv_dissued_q)
                        && (!out_val_check.gen_grammar.done_q || lv_dissued_q));
      if (lv_dissued_q && !out_crd_check.gen_grammar.done_q)
        IvLvDOutC: assert (dut.core.i1_valid_q ? dut.core.i1_crd_q == LvCrdD
                           : dut.core.i2_valid_q ? dut.core.i2_crd_q == LvCrdD
                           : lv_fc != '0 && dut.core.crd_inner_buffer.gen_buffer.mem_q[
                               (32'(dut.core.crd_inner_buffer.gen_buffer.wr_ptr_q) + 4) % 5] == LvCrdD);
      if (lv_dissued_q && !out_val_check.gen_grammar.done_q)
        IvLvDOutV: assert (dut.core.i1_valid_q ? !dut.core.i1_data_q && dut.core.i1_val_q == LvValD
                           : dut.core.i2_valid_q ? !dut.core.i2_data_q && dut.core.i2_val_q == LvValD
                           : lv_fv != '0 && dut.core.val_buffer.gen_buffer.mem_q[
                               (32'(dut.core.val_buffer.gen_buffer.wr_ptr_q) + 4) % 5] == LvValD);
      // After D is issued, nothing is.
      if (lv_dissued_q) IvLvDLast: assert (!dut.core.dq_valid && !dut.core.item);
      if (&live_in_done && live_fair_q && !(&live_out_done))
        IvLive: assert (32'(live_cycles_q) + 32'(lv_rank) <= 32'(LiveBound));
    end
  end
