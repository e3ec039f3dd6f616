  // formal/spacc_live_inv.sv: invariants of spaccumulator_live, asserted (proven,
  // never assumed), that make the k-induction of the order-2 accumulator's liveness
  // bound close, beside spacc_nest_inv.sv's nesting invariants (Banks 2, OutDepth
  // 5, crd_outer's buffer 3): the c and v queues, the banks and their bitmaps, the
  // fetch, the drain stages in slot order, the output credits and buffers, where D
  // is, and a rank of the work left that falls in every fair cycle; as
  // spacc1_live_inv.sv for order 1, with the outer stream's queue and buffer, and a
  // new row's closing S0 at the drain queue's head (docs/formal-induction.md).
  localparam int unsigned LwW = DimOuter * DimInner / WordWidth;  // bitmap words
  localparam int unsigned LwDqW = 4 + $clog2(DimOuter) + $clog2(DimInner);  // dq_t
  function automatic logic [LwW-1:0] lw_low(logic [LwW-1:0] w);
    return w & (~w + 1'b1);
  endfunction

  // The c, v and o queues from the head, the head views: spacc_nest_inv.sv's
  // (sn_cf, sn_vf, sn_cq, sn_of, sn_oq, sn_ch, sn_oh) and its queue invariants.

  // ---- banks, bitmaps, fetch
  logic [LwW-1:0] lw_ssum[2], lw_asum, lw_dsum, lw_dlow;
  logic [1:0]     lw_sbm[2][LwW], lw_abm[LwW], lw_dbm[LwW];
  for (genvar w = 0; w < LwW; w++) begin : gen_lw_w
    assign lw_sbm[0][w] = dut.sbm_q[0][w];
    assign lw_sbm[1][w] = dut.sbm_q[1][w];
    assign lw_abm[w]    = dut.abm_q[w];
    assign lw_dbm[w]    = dut.dbm_q[w];
  end
  assign lw_ssum[0] = dut.ssum_q[0];
  assign lw_ssum[1] = dut.ssum_q[1];
  assign lw_asum    = dut.asum_q;
  assign lw_dsum    = dut.dsum_q;
  assign lw_dlow    = dut.dlow_q;
  logic lw_sum_ok;
  logic [5:0] lw_bits_s[2], lw_bits_a, lw_bits_f;  // bits set: a bank's, the open one's, the fetch's words left
  always_comb begin
    lw_sum_ok = 1'b1;
    lw_bits_s[0] = '0;
    lw_bits_s[1] = '0;
    lw_bits_a = '0;
    lw_bits_f = '0;
    for (int w = 0; w < LwW; w++) begin
      lw_sum_ok &= lw_ssum[0][w] == (lw_sbm[0][w] != '0) && lw_ssum[1][w] == (lw_sbm[1][w] != '0)
                   && lw_asum[w] == (lw_abm[w] != '0);
      lw_bits_s[0] += 6'(sq_pop2(lw_sbm[0][w]));
      lw_bits_s[1] += 6'(sq_pop2(lw_sbm[1][w]));
      lw_bits_a += 6'(sq_pop2(lw_abm[w]));
      if (lw_dsum[w]) lw_bits_f += 6'(sq_pop2(lw_dbm[w]));
    end
  end
  logic lw_open_ok, lw_dbm_ok;
  always_comb begin
    lw_open_ok = 1'b1;
    lw_dbm_ok = 1'b1;
    for (int w = 0; w < LwW; w++) begin
      lw_open_ok &= lw_abm[w] == lw_sbm[dut.cl_flip_q ? dut.cl_bank_q : dut.bank_q][w];
      lw_dbm_ok &= lw_dbm[w] == lw_sbm[dut.fslot_q][w];
    end
  end

  // ---- the items past fetch, oldest first: dq's head and skid, the scanner,
  // nx, nw, nws. dq_t {final_, first, newrow, slot, addr[3:0]}.
  logic [LwDqW-1:0] lw_dqh, lw_dqs;
  assign lw_dqh = dut.dq_tok;
  assign lw_dqs = dut.dq_skid_q;
  logic [5:0] lw_pv, lw_pf;
  logic       lw_ps[6];
  assign lw_pv = {dut.nws_valid_q, dut.nw_valid_q, dut.nx_valid_q,
                  dut.sc_valid_q, dut.dq_skid_valid_q, dut.dq_valid};
  assign lw_pf = {dut.nws_final_q, dut.nw_final_q, dut.nx_final_q,
                  dut.sc_final_q, lw_dqs[LwDqW-1], lw_dqh[LwDqW-1]};
  assign lw_ps[0] = lw_dqh[LwDqW-4];
  assign lw_ps[1] = lw_dqs[LwDqW-4];
  assign lw_ps[2] = dut.sc_slot_q;
  assign lw_ps[3] = dut.nx_slot_q;
  assign lw_ps[4] = dut.nw_slot_q;
  assign lw_ps[5] = dut.nws_slot_q;
  logic lw_slots_ok;
  logic [2:0] lw_finals;
  always_comb begin
    logic at;
    at = dut.bank_q - dut.pend_q;
    lw_slots_ok = 1'b1;
    lw_finals = '0;
    for (int k = 0; k < 6; k++) begin
      if (lw_pv[k]) begin
        lw_slots_ok &= lw_ps[k] == at;
        if (lw_pf[k]) begin
          at = at + 1'b1;
          lw_finals += 3'd1;
        end
      end
    end
    lw_slots_ok &= at == dut.fslot_q;
    for (int k = 0; k < 6; k++) begin
      logic newer;
      newer = 1'b0;
      for (int m = k + 1; m < 6; m++) newer |= lw_pv[m];
      if (lw_pv[k] && !newer && !lw_pf[k]) lw_slots_ok &= dut.fact_q;
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      IvLwSum: assert (lw_sum_ok);
      IvLwA1: assert (lw_low(dut.a1_woh_q) == dut.a1_woh_q && sq_low2(dut.a1_boh_q) == dut.a1_boh_q
                      && (!dut.a1_valid_q || (dut.a1_woh_q != '0 && dut.a1_boh_q != '0)));
      IvLwOpen: assert (lw_open_ok && (!dut.cl_flip_q || (dut.cl_bank_q + 1'b1 == dut.bank_q && !dut.a1_valid_q)));
      IvLwBanks: assert (dut.bank_q == dut.fslot_q + dut.fq_q + dut.fact_q
                         && 4'(dut.pend_q) == 4'(dut.fq_q) + 4'(dut.fact_q) + 4'(lw_finals)
                         && dut.pend_ok_q == (dut.pend_q != 1'b1));
      IvLwSlots: assert (lw_slots_ok);
      if (dut.fact_q) begin
        IvLwDbm: assert (lw_dbm_ok && (lw_dsum & ~lw_ssum[dut.fslot_q]) == '0);
        if (!dut.fresh_q)
          IvLwDlow: assert (lw_dlow == lw_low(lw_dsum) && dut.dlz_q == (lw_dsum == '0));
        else
          IvLwFresh: assert (lw_dlow == '0 && dut.dlz_q && lw_dsum == lw_ssum[dut.fslot_q]);
      end else begin
        IvLwIdle: assert (!dut.fresh_q);
      end
      IvLwEn: assert (dut.en_sc_valid_q == dut.sc_valid_q && dut.en_sc_more_q == dut.sc_more_q
                      && dut.en_nx_valid_q == dut.nx_valid_q && dut.en_dq_skid_q == dut.dq_skid_valid_q);
      IvLwNw: assert ((!dut.nws_valid_q || dut.nw_valid_q)
                      && (!dut.nw_valid_q || dut.nw_final_q || dut.nw_q != '0)
                      && (!dut.nws_valid_q || dut.nws_final_q || dut.nws_q != '0));
      if (dut.sc_valid_q && !dut.sc_final_q)
        IvLwSc: assert (dut.sc_oh_q != '0 && sq_low2(dut.sc_oh_q) == dut.sc_oh_q
                        && (dut.sc_rest_q & (dut.sc_oh_q | (dut.sc_oh_q - 2'd1))) == '0);
      IvLwScMore: assert (dut.sc_more_q == (dut.sc_rest_q != '0) && dut.sc_restn_q == ~dut.sc_rest_q);
      if (dut.nx_valid_q && !dut.nx_final_q)
        IvLwNx: assert (dut.nx_oh_q != '0 && sq_low2(dut.nx_oh_q) == dut.nx_oh_q
                        && (dut.nx_rest_q & (dut.nx_oh_q | (dut.nx_oh_q - 2'd1))) == '0);
      IvLwFinal0: assert ((!dut.nw_valid_q || !dut.nw_final_q || dut.nw_q == '0)
                          && (!dut.nws_valid_q || !dut.nws_final_q || dut.nws_q == '0)
                          && (!dut.nx_valid_q || !dut.nx_final_q
                              || (dut.nx_oh_q == '0 && dut.nx_rest_q == '0))
                          && (!dut.sc_valid_q || !dut.sc_final_q
                              || (dut.sc_oh_q == '0 && dut.sc_rest_q == '0)));
      IvLwDq: assert (!dut.dq_skid_valid_q || dut.dq_valid);
    end
  end

  // ---- D and liveness
  logic lw_dtaken_q, lw_dissued_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      lw_dtaken_q  <= 1'b0;
      lw_dissued_q <= 1'b0;
    end else begin
      if (dut.flip && dut.done_in) lw_dtaken_q <= 1'b1;
      if (dut.fin_pop && dut.sdone_q[lw_dqh[LwDqW-4]]) lw_dissued_q <= 1'b1;
    end
  end
  logic [2:0] lw_nc, lw_nv, lw_no, lw_fc, lw_fv;
  logic [1:0] lw_fo;
  assign lw_nc = 3'(sn_cf[0]) + 3'(sn_cf[1]) + 3'(sn_cf[2]);
  assign lw_nv = 3'(sn_vf[0]) + 3'(sn_vf[1]) + 3'(sn_vf[2]);
  assign lw_no = 3'(sn_of[0]) + 3'(sn_of[1]) + 3'(sn_of[2]);
  assign lw_fc = dut.crd_inner_buffer.gen_buffer.count_q;
  assign lw_fv = dut.val_buffer.gen_buffer.count_q;
  assign lw_fo = dut.gen_outer.crd_outer_buffer.gen_buffer.count_q;
  logic lw_dinc, lw_dino;  // a D in the c queue, in the o queue
  assign lw_dinc = (sn_cf[0] && sq_c_done(sn_cq[0])) || (sn_cf[1] && sq_c_done(sn_cq[1]))
                   || (sn_cf[2] && sq_c_done(sn_cq[2]));
  assign lw_dino = (sn_of[0] && sn_o_done(sn_oq[0])) || (sn_of[1] && sn_o_done(sn_oq[1]))
                   || (sn_of[2] && sn_o_done(sn_oq[2]));
  localparam logic [SqCW:0] LwCrdD = {1'b1, SqCW'(sam_pkg::done_payload(SqCW))};
  localparam logic [ValWidth:0] LwValD = {1'b1, ValWidth'(sam_pkg::done_payload(ValWidth))};
  logic lw_nod;
  always_comb begin
    lw_nod = !(dut.i1_valid_q && (dut.i1_crd_q == LwCrdD || (!dut.i1_data_q && dut.i1_val_q == LwValD)))
             && !(dut.i2_valid_q && (dut.i2_crd_q == LwCrdD || (!dut.i2_data_q && dut.i2_val_q == LwValD)))
             && !(dut.gen_outer.o1_valid_q && dut.gen_outer.o1_tok_q == LwCrdD);
    for (int k = 0; k < 5; k++) begin
      if (3'(k) < lw_fc)
        lw_nod &= dut.crd_inner_buffer.gen_buffer.mem_q[(32'(dut.crd_inner_buffer.gen_buffer.rd_ptr_q) + k) % 5] != LwCrdD;
      if (3'(k) < lw_fv)
        lw_nod &= dut.val_buffer.gen_buffer.mem_q[(32'(dut.val_buffer.gen_buffer.rd_ptr_q) + k) % 5] != LwValD;
    end
    for (int k = 0; k < 3; k++) begin
      if (2'(k) < lw_fo)
        lw_nod &= dut.gen_outer.crd_outer_buffer.gen_buffer.mem_q[(32'(dut.gen_outer.crd_outer_buffer.gen_buffer.rd_ptr_q) + k) % 3] != LwCrdD;
    end
  end

  // The rank (as spacc1_live_inv.sv): an item at dq's head that must first put
  // out its row's S0 weighs one issue more, so every item before it does too.
  function automatic logic [10:0] lw_items(logic valid, logic final_, logic [1:0] w);
    return !valid ? 11'd0 : final_ ? 11'd1 : 11'(sq_pop2(w));
  endfunction
  logic [10:0] lw_fbo, lw_fbc, lw_fbv, lw_fmax, lw_rank, lw_r_in, lw_r_fetch, lw_r_groups;
  assign lw_fbo = 11'd2 * 11'(lw_fo) - 11'(live_wait_q[0] && lw_fo != '0);
  assign lw_fbc = 11'd2 * 11'(lw_fc) - 11'(live_wait_q[1] && lw_fc != '0);
  assign lw_fbv = 11'd2 * 11'(lw_fv) - 11'(live_wait_q[2] && lw_fv != '0);
  assign lw_fmax = lw_fbo > lw_fbc ? (lw_fbo > lw_fbv ? lw_fbo : lw_fbv) : (lw_fbc > lw_fbv ? lw_fbc : lw_fbv);
  always_comb begin
    lw_r_in = '0;
    for (int k = 0; k < 3; k++) begin
      if (sn_cf[k]) begin
        if (sq_c_data(sn_cq[k])) lw_r_in += 11'd28;
        else if (sq_c_stop(sn_cq[k]) && sq_c_pay(sn_cq[k]) < SqCW'(2)) lw_r_in += 11'd2;
        else lw_r_in += 11'd28;
      end
      if (sn_of[k]) lw_r_in += 11'd2;
    end
    if (sn_cf[0] && sn_vf[0] && !sn_ch[6]) lw_r_in += 11'd1;
    if (sn_of[0] && !sn_oh[3]) lw_r_in += 11'd1;
    lw_r_fetch = '0;
    if (dut.fact_q) lw_r_fetch = 11'd22 * (11'd1 + 11'(lw_bits_f)) + 11'(dut.fresh_q);
    lw_r_groups = '0;
    if (dut.fq_q) lw_r_groups = 11'd24 * (11'd1 + 11'(lw_bits_s[dut.fslot_q + dut.fact_q])) + 11'd2;
  end
  logic lw_head_s0;  // dq's head must put out its row's S0 first
  assign lw_head_s0 = dut.dq_valid && !lw_dqh[LwDqW-1] && lw_dqh[LwDqW-3] && !lw_dqh[LwDqW-2] && !dut.s0_done_q;
  assign lw_rank = lw_fmax + 11'd3 * 11'(dut.gen_outer.o1_valid_q)
                 + 11'd3 * 11'(dut.i2_valid_q) + 11'd4 * 11'(dut.i1_valid_q)
                 + 11'd8 * 11'(dut.dq_valid) + 11'd8 * 11'(lw_head_s0) + 11'd17 * 11'(dut.dq_skid_valid_q)
                 + 11'd18 * lw_items(dut.sc_valid_q, dut.sc_final_q, dut.sc_oh_q | dut.sc_rest_q)
                 + 11'd19 * lw_items(dut.nx_valid_q, dut.nx_final_q, dut.nx_oh_q | dut.nx_rest_q)
                 + 11'd20 * lw_items(dut.nw_valid_q, dut.nw_final_q, dut.nw_q)
                 + 11'd21 * lw_items(dut.nws_valid_q, dut.nws_final_q, dut.nws_q)
                 + lw_r_fetch + lw_r_groups
                 + (dut.cl_flip_q ? 11'd0 : 11'd25 * 11'(lw_bits_a))
                 + 11'd26 * 11'(dut.a1_valid_q)
                 + lw_r_in;

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      IvLwCredit: assert (4'(dut.crd_count_q) == 4'(dut.i2_valid_q) + 4'(lw_fc)
                          && 4'(dut.val_count_q) == 4'(dut.i2_valid_q) + 4'(lw_fv)
                          && dut.room_q == (dut.crd_count_q < 3'd4 && dut.val_count_q < 3'd4)
                          && 4'(dut.crd_count_q) + 4'(dut.i1_valid_q) <= 4'd5
                          && 4'(dut.val_count_q) + 4'(dut.i1_valid_q) <= 4'd5
                          && 3'(dut.gen_outer.o_count_q) == 3'(dut.gen_outer.o1_valid_q) + 3'(lw_fo)
                          && dut.gen_outer.o_room_q == (dut.gen_outer.o_count_q != 2'd3));
      IvLwFifo: assert (dut.crd_inner_buffer.gen_buffer.rd_ptr_q < 3'd5
                        && dut.crd_inner_buffer.gen_buffer.wr_ptr_q < 3'd5 && lw_fc <= 3'd5
                        && (32'(dut.crd_inner_buffer.gen_buffer.rd_ptr_q) + 32'(lw_fc)) % 5
                           == 32'(dut.crd_inner_buffer.gen_buffer.wr_ptr_q)
                        && dut.val_buffer.gen_buffer.rd_ptr_q < 3'd5
                        && dut.val_buffer.gen_buffer.wr_ptr_q < 3'd5 && lw_fv <= 3'd5
                        && (32'(dut.val_buffer.gen_buffer.rd_ptr_q) + 32'(lw_fv)) % 5
                           == 32'(dut.val_buffer.gen_buffer.wr_ptr_q)
                        && dut.gen_outer.crd_outer_buffer.gen_buffer.rd_ptr_q < 2'd3
                        && dut.gen_outer.crd_outer_buffer.gen_buffer.wr_ptr_q < 2'd3 && lw_fo <= 2'd3
                        && (32'(dut.gen_outer.crd_outer_buffer.gen_buffer.rd_ptr_q) + 32'(lw_fo)) % 3
                           == 32'(dut.gen_outer.crd_outer_buffer.gen_buffer.wr_ptr_q));
      // crd_inner and val queued alike up to the alignment monitor's lead.
      IvLwAlign: assert (aligned_crd_inner_val.b_lead_q ? 4'(lw_nv) == 4'(lw_nc) + 4'(aligned_crd_inner_val.cnt_q)
                                                        : 4'(lw_nc) == 4'(lw_nv) + 4'(aligned_crd_inner_val.cnt_q));
      IvLwAlignQ: assert (aligned_crd_inner_val.cnt_q <= 3'd4
                          && (aligned_crd_inner_val.cnt_q == '0
                              || (aligned_crd_inner_val.q_q[aligned_crd_inner_val.cnt_q - 1'b1] == '1)
                                 == (aligned_crd_inner_val.b_lead_q ? in_val_check.gen_grammar.done_q
                                                                    : in_crd_inner_check.gen_grammar.done_q))
                          && (aligned_crd_inner_val.cnt_q < 3'd2 || aligned_crd_inner_val.q_q[0] != '1)
                          && (aligned_crd_inner_val.cnt_q < 3'd3 || aligned_crd_inner_val.q_q[1] != '1)
                          && (aligned_crd_inner_val.cnt_q < 3'd4 || aligned_crd_inner_val.q_q[2] != '1));
      IvLwAlignD: assert ((!in_crd_inner_check.gen_grammar.done_q
                           || (in_val_check.gen_grammar.done_q ? aligned_crd_inner_val.cnt_q == '0
                               : !aligned_crd_inner_val.b_lead_q && aligned_crd_inner_val.cnt_q != '0))
                          && (!in_val_check.gen_grammar.done_q
                              || (in_crd_inner_check.gen_grammar.done_q ? aligned_crd_inner_val.cnt_q == '0
                                  : aligned_crd_inner_val.b_lead_q && aligned_crd_inner_val.cnt_q != '0)));
      // Where D is.
      IvLwDIn: assert (in_crd_outer_check.gen_grammar.done_q == (lw_dtaken_q || lw_dino)
                       && in_crd_inner_check.gen_grammar.done_q == (lw_dtaken_q || lw_dinc));
      if (dut.cl_flip_q)
        IvLwClDone: assert (dut.cl_done_q == lw_dtaken_q && dut.fq_q
                            && (dut.cl_done_q || (dut.cl_lvl_q == SqCW'(1) && dut.cl_lvlm1_q == '0)));
      IvLwSdone: assert (!dut.pend_q || dut.cl_flip_q
                         || (dut.sdone_q[dut.bank_q - 1'b1] == lw_dtaken_q
                             && (lw_dtaken_q || (dut.slvl_q[dut.bank_q - 1'b1] == SqCW'(1)
                                                 && dut.slvlm1_q[dut.bank_q - 1'b1] == '0))));
      if (lw_dtaken_q) IvLwDTaken: assert (!lw_dinc && !lw_dino && lw_nc == '0 && lw_no == '0
                                           && (lw_dissued_q || dut.pend_q));
      if (lw_dtaken_q && !dut.cl_flip_q) IvLwAfterD: assert (lw_bits_a == '0 && !dut.a1_valid_q);
      if (lw_dissued_q) IvLwDIssued: assert (!dut.pend_q && lw_dtaken_q && !dut.dq_valid && !dut.item);
      if (!lw_dissued_q) IvLwNoD: assert (lw_nod);
      IvLwDOut: assert ((!out_crd_outer_check.gen_grammar.done_q || lw_dissued_q)
                        && (!out_crd_inner_check.gen_grammar.done_q || lw_dissued_q)
                        && (!out_val_check.gen_grammar.done_q || lw_dissued_q));
      if (lw_dissued_q && !out_crd_inner_check.gen_grammar.done_q)
        IvLwDOutC: assert (dut.i1_valid_q ? dut.i1_crd_q == LwCrdD
                           : dut.i2_valid_q ? dut.i2_crd_q == LwCrdD
                           : lw_fc != '0 && dut.crd_inner_buffer.gen_buffer.mem_q[
                               (32'(dut.crd_inner_buffer.gen_buffer.wr_ptr_q) + 4) % 5] == LwCrdD);
      if (lw_dissued_q && !out_val_check.gen_grammar.done_q)
        IvLwDOutV: assert (dut.i1_valid_q ? !dut.i1_data_q && dut.i1_val_q == LwValD
                           : dut.i2_valid_q ? !dut.i2_data_q && dut.i2_val_q == LwValD
                           : lw_fv != '0 && dut.val_buffer.gen_buffer.mem_q[
                               (32'(dut.val_buffer.gen_buffer.wr_ptr_q) + 4) % 5] == LwValD);
      if (lw_dissued_q && !out_crd_outer_check.gen_grammar.done_q)
        IvLwDOutO: assert (dut.gen_outer.o1_valid_q ? dut.gen_outer.o1_tok_q == LwCrdD
                           : lw_fo != '0 && dut.gen_outer.crd_outer_buffer.gen_buffer.mem_q[
                               (32'(dut.gen_outer.crd_outer_buffer.gen_buffer.wr_ptr_q) + 2) % 3] == LwCrdD);
      if (&live_in_done && live_fair_q && !(&live_out_done))
        IvLive: assert (32'(live_cycles_q) + 32'(lw_rank) <= 32'(LiveBound));
    end
  end
