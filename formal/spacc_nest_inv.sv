  // formal/spacc_nest_inv.sv: invariants of spaccumulator_nested, asserted (proven,
  // never assumed), that make its k-induction close: the nesting monitor on the
  // ports (formal/nested.sv, nested_crd_outer_crd_inner) is what the tokens the
  // accumulate side has taken, followed by the tokens in the input queues, give.
  //
  // A ghost monitor (sn_g_*) follows the taken tokens: the outer stream's last
  // taken token a coordinate (pend), inner data taken since the last inner stop,
  // and the units one side has taken beyond the other (at most one, an inner Z:
  // an S0 taken before the next coordinate). The queues' tokens, oldest first,
  // extend both unit lists; the port monitor's queue is then the longer list
  // past the pairs, and every pair pairs. CrdWidth = 3.
  localparam int unsigned SnOW = SqCW + 6;  // sam_spaccumulator's oin_t
  localparam logic [2:0] FnZ = 3'd0, FnX = 3'd1, FnB = 3'd2, FnXB = 3'd3, FnD = 3'd4;

  // Fields of a queue entry (the structs' packed order, first field highest).
  function automatic logic sn_o_stop(logic [SnOW-1:0] e);
    return e[SqCW+4];
  endfunction
  function automatic logic sn_o_done(logic [SnOW-1:0] e);
    return e[SqCW+3];
  endfunction

  // An entry as the stage decodes a token: one kind, and every flag its payload's.
  function automatic logic sn_o_wf(logic [SnOW-1:0] e);
    logic stop, done, lvl0;
    stop = e[SqCW+4];
    done = e[SqCW+3];
    lvl0 = e[SqCW-1:0] == '0;
    return 32'(e[SqCW+5]) + 32'(stop) + 32'(done) == 1 && e[SqCW+2] == lvl0
           && e[SqCW+1] == (stop && lvl0) && e[SqCW] == ((stop && !lvl0) || done)
           && (!done || e[SqCW-1:0] == '1) && (!stop || e[SqCW-1:0] < SqCW'(2));
  endfunction

  // The input grammar (sam_stream_assert's monitor state {done, after data, after
  // the top stop}) walked along a stream's tokens: the state after a token, and
  // whether the token may come in a state. The top stop: S1 outer, S2 inner.
  function automatic logic [2:0] sn_gstep(logic [2:0] g, logic data, logic stop, logic done,
                                          logic top);
    return {g[2] || done, data, stop && top};
  endfunction
  function automatic logic sn_gok(logic [2:0] g, logic done);
    return !g[2] && (!done || (g[0] && !g[1]));
  endfunction
  function automatic logic [2:0] sn_ogstep(logic [2:0] g, logic [SnOW-1:0] e);
    return sn_gstep(g, !sn_o_stop(e) && !sn_o_done(e), sn_o_stop(e), sn_o_done(e),
                    e[SqCW-1:0] == SqCW'(1));
  endfunction
  function automatic logic [2:0] sn_igstep(logic [2:0] g, logic [SqCIW-1:0] e);
    return sn_gstep(g, !sq_c_stop(e) && !sq_c_done(e), sq_c_stop(e), sq_c_done(e),
                    sq_c_pay(e) == SqCW'(2));
  endfunction

  // The unit an outer token forms after `pend` (bit 5: a unit), as formal/nested.sv.
  function automatic logic [5:0] sn_ounit(logic [SnOW-1:0] e, logic pend);
    if (sn_o_done(e)) return {1'b1, FnD, 2'd0};
    if (!sn_o_stop(e)) return {pend, FnZ, 2'd0};
    return {1'b1, pend ? FnX : FnB, 2'(e[SqCW-1:0])};
  endfunction
  function automatic logic [5:0] sn_iunit(logic [SqCIW-1:0] e, logic data);
    if (sq_c_done(e)) return {1'b1, FnD, 2'd0};
    if (!sq_c_stop(e)) return 6'd0;
    if (sq_c_pay(e) == '0) return {1'b1, FnZ, 2'd0};
    return {1'b1, data ? FnX : FnXB, 2'(sq_c_pay(e) - 1'b1)};
  endfunction
  function automatic logic sn_pair(logic [4:0] o, logic [4:0] i);
    if (o[4:2] == FnD || i[4:2] == FnD) return o[4:2] == i[4:2];
    if (o[4:2] == FnZ || i[4:2] == FnZ) return o[4:2] == i[4:2];
    if (o[1:0] != i[1:0]) return 1'b0;
    if (o[4:2] == FnX) return i[4:2] == FnX || i[4:2] == FnXB;
    return i[4:2] == FnXB;
  endfunction

  // ---- the ghost monitor of the taken tokens
  logic [SnOW-1:0]  sn_o_hd;
  logic [SqCIW-1:0] sn_c_hd;
  logic [3:0]       sn_oh;  // the head views: ohv_t {ok, dat, s0, sc}
  logic [6:0]       sn_ch;  // chv_t {ok, dat, dz, s0, s1, sc, cl}
  assign sn_o_hd = dut.o_hd;
  assign sn_c_hd = dut.c_hd;
  assign sn_oh   = dut.oh_q;
  assign sn_ch   = dut.ch_q;
  logic       sn_g_pend_q, sn_g_data_q, sn_g_zlead_q;
  logic [2:0] sn_g_og_q, sn_g_ig_q;  // the grammar after the taken tokens
  logic [5:0] sn_g_ou, sn_g_iu;
  assign sn_g_ou = dut.take_o ? sn_ounit(sn_o_hd, sn_g_pend_q) : 6'd0;
  assign sn_g_iu = dut.take_iv ? sn_iunit(sn_c_hd, sn_g_data_q) : 6'd0;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      sn_g_pend_q  <= 1'b0;
      sn_g_data_q  <= 1'b0;
      sn_g_zlead_q <= 1'b0;
      sn_g_og_q    <= '0;
      sn_g_ig_q    <= '0;
    end else begin
      if (dut.take_o) sn_g_og_q <= sn_ogstep(sn_g_og_q, sn_o_hd);
      if (dut.take_iv) sn_g_ig_q <= sn_igstep(sn_g_ig_q, sn_c_hd);
      if (dut.take_o) sn_g_pend_q <= !sn_o_stop(sn_o_hd) && !sn_o_done(sn_o_hd);
      if (dut.take_iv) sn_g_data_q <= !sq_c_stop(sn_c_hd) && !sq_c_done(sn_c_hd);
      // One inner unit ahead at most (asserted below): an outer unit pairs it.
      sn_g_zlead_q <= (sn_g_zlead_q && !sn_g_ou[5]) || (sn_g_iu[5] && (sn_g_zlead_q || !sn_g_ou[5]));
    end
  end

  // ---- the queues' tokens, oldest first, as units
  logic [SnOW-1:0]  sn_oq[3];
  logic [SqCIW-1:0] sn_cq[3];
  logic [2:0]       sn_of, sn_cf, sn_vf;  // entry k (from the head) full
  always_comb begin
    logic [1:0] p, r;
    p = dut.o_rp_q;
    r = dut.iv_rp_q;
    for (int k = 0; k < 3; k++) begin
      sn_oq[k] = dut.o_e_q[p];
      sn_of[k] = dut.o_f_q[p];
      sn_cq[k] = dut.c_e_q[r];
      sn_cf[k] = dut.c_f_q[r];
      sn_vf[k] = dut.v_f_q[r];
      p = sq_next(p);
      r = sq_next(r);
    end
  end

  // Outer units (Lo) and inner units (Li), the expected port monitor, and whether
  // every pair pairs; inner data in the queue against the outer unit it belongs to.
  logic [4:0] sn_ol[4], sn_il[4], sn_rem[4];
  logic [2:0] sn_on, sn_in, sn_cnt;
  logic       sn_pend, sn_data, sn_ilead, sn_pairs, sn_data_ok, sn_gram_ok;
  logic [2:0] sn_og, sn_ig;
  always_comb begin
    logic [5:0] u;
    sn_og = sn_g_og_q;
    sn_ig = sn_g_ig_q;
    sn_gram_ok = 1'b1;
    sn_on = '0;
    sn_in = '0;
    sn_pend = sn_g_pend_q;
    sn_data = sn_g_data_q;
    sn_data_ok = 1'b1;
    for (int k = 0; k < 4; k++) begin
      sn_ol[k] = '0;
      sn_il[k] = '0;
    end
    if (sn_g_zlead_q) begin
      sn_il[0] = {FnZ, 2'd0};
      sn_in = 3'd1;
    end
    for (int k = 0; k < 3; k++) begin
      if (sn_of[k]) begin
        u = sn_ounit(sn_oq[k], sn_pend);
        if (u[5]) begin
          sn_ol[sn_on[1:0]] = u[4:0];
          sn_on = sn_on + 3'd1;
        end
        sn_pend = !sn_o_stop(sn_oq[k]) && !sn_o_done(sn_oq[k]);
        sn_gram_ok &= sn_gok(sn_og, sn_o_done(sn_oq[k]));
        sn_og = sn_ogstep(sn_og, sn_oq[k]);
      end
    end
    if (sn_g_data_q && sn_in < sn_on)
      sn_data_ok &= sn_ol[sn_in[1:0]][4:2] == FnZ || sn_ol[sn_in[1:0]][4:2] == FnX;
    for (int k = 0; k < 3; k++) begin
      if (sn_cf[k]) begin
        u = sn_iunit(sn_cq[k], sn_data);
        if (u[5]) begin
          sn_il[sn_in[1:0]] = u[4:0];
          sn_in = sn_in + 3'd1;
        end else if (sn_in < sn_on) begin
          // Data of inner unit sn_in, whose outer unit is known.
          sn_data_ok &= sn_ol[sn_in[1:0]][4:2] == FnZ || sn_ol[sn_in[1:0]][4:2] == FnX;
        end
        sn_data = !sq_c_stop(sn_cq[k]) && !sq_c_done(sn_cq[k]);
        sn_gram_ok &= sn_gok(sn_ig, sq_c_done(sn_cq[k]));
        sn_ig = sn_igstep(sn_ig, sn_cq[k]);
      end
    end
    sn_pairs = 1'b1;
    for (int k = 0; k < 4; k++)
      if (3'(k) < sn_on && 3'(k) < sn_in) sn_pairs &= sn_pair(sn_ol[k], sn_il[k]);
    sn_ilead = sn_in > sn_on;
    sn_cnt = sn_ilead ? sn_in - sn_on : sn_on - sn_in;
    for (int k = 0; k < 4; k++) begin
      sn_rem[k] = '0;
      if (3'(k) < sn_cnt) sn_rem[k] = sn_ilead ? sn_il[2'(3'(k) + sn_on)] : sn_ol[2'(3'(k) + sn_in)];
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      // The queues: pointers within the three entries; full entries run from the
      // read pointer.
      IvSnPtrs: assert (dut.o_rp_q != 2'd3 && dut.o_wp_q != 2'd3 && dut.iv_rp_q != 2'd3
                        && dut.c_wp_q != 2'd3 && dut.v_wp_q != 2'd3);
      IvSnOQueue: assert (dut.o_rp1_q == sq_next(dut.o_rp_q) && (sn_of[1] -> sn_of[0])
                          && (sn_of[2] -> sn_of[1])
                          && dut.o_wp_q == (sn_of[2] ? dut.o_rp_q : sn_of[1] ? sq_next(sq_next(dut.o_rp_q))
                                            : sn_of[0] ? sq_next(dut.o_rp_q) : dut.o_rp_q));
      IvSnCQueue: assert (dut.iv_rp1_q == sq_next(dut.iv_rp_q) && (sn_cf[1] -> sn_cf[0])
                          && (sn_cf[2] -> sn_cf[1])
                          && dut.c_wp_q == (sn_cf[2] ? dut.iv_rp_q : sn_cf[1] ? sq_next(sq_next(dut.iv_rp_q))
                                            : sn_cf[0] ? sq_next(dut.iv_rp_q) : dut.iv_rp_q));
      IvSnVQueue: assert ((sn_vf[1] -> sn_vf[0]) && (sn_vf[2] -> sn_vf[1])
                          && dut.v_wp_q == (sn_vf[2] ? dut.iv_rp_q : sn_vf[1] ? sq_next(sq_next(dut.iv_rp_q))
                                            : sn_vf[0] ? sq_next(dut.iv_rp_q) : dut.iv_rp_q));
      // Full entries hold decoded tokens.
      IvSnOWf: assert ((!sn_of[0] || sn_o_wf(sn_oq[0])) && (!sn_of[1] || sn_o_wf(sn_oq[1]))
                       && (!sn_of[2] || sn_o_wf(sn_oq[2])));
      IvSnCWf: assert ((!sn_cf[0] || sq_c_wf(sn_cq[0], 2, 4)) && (!sn_cf[1] || sq_c_wf(sn_cq[1], 2, 4))
                       && (!sn_cf[2] || sq_c_wf(sn_cq[2], 2, 4)));
      // The head views: a full view is its head entry.
      if (sn_oh[3]) IvSnOView: assert (sn_of[0] && sn_oh[2] == (!sn_o_stop(sn_oq[0]) && !sn_o_done(sn_oq[0]))
                                       && sn_oh[1] == (sn_o_stop(sn_oq[0]) && sn_oq[0][SqCW-1:0] == '0)
                                       && sn_oh[0] == (sn_o_done(sn_oq[0])
                                                       || (sn_o_stop(sn_oq[0]) && sn_oq[0][SqCW-1:0] != '0)));
      else IvSnONoView: assert (sn_oh == '0);
      if (sn_ch[6]) IvSnCView: assert (sn_cf[0] && sn_vf[0]
                                       && sn_ch[5] == (!sq_c_stop(sn_cq[0]) && !sq_c_done(sn_cq[0]))
                                       && sn_ch[3] == (sq_c_stop(sn_cq[0]) && sq_c_pay(sn_cq[0]) == '0)
                                       && sn_ch[2] == (sq_c_stop(sn_cq[0]) && sq_c_pay(sn_cq[0]) == SqCW'(1))
                                       && sn_ch[1] == (sq_c_stop(sn_cq[0]) && sq_c_pay(sn_cq[0]) > SqCW'(1)));
      else IvSnCNoView: assert (sn_ch == '0);
      // The ghost takes an outer unit only against an inner one, and keeps one
      // inner unit ahead at most.
      IvSnTakes: assert ((!sn_g_ou[5] || sn_g_iu[5] || sn_g_zlead_q)
                         && (!sn_g_iu[5] || sn_g_ou[5] || !sn_g_zlead_q));
      // The ghost: an open fiber is a taken coordinate with no unit ahead; a taken
      // coordinate whose fiber is closed has its S0 ahead.
      IvSnOpen: assert (dut.open_q ? (sn_g_pend_q && !sn_g_zlead_q) : (sn_g_pend_q == sn_g_zlead_q));
      if (!dut.open_q || sn_g_zlead_q) IvSnNoData: assert (!sn_g_data_q);
      IvSnGhostGrammar: assert (sn_g_og_q[1] == sn_g_pend_q && sn_g_ig_q[1] == sn_g_data_q
                                && !(sn_g_og_q[1] && sn_g_og_q[0]) && !(sn_g_ig_q[1] && sn_g_ig_q[0])
                                && (!sn_g_zlead_q || sn_g_ig_q == 3'b000));
      // The port monitor is what the taken tokens and the queues give.
      IvSnCnt: assert (nested_crd_outer_crd_inner.fn_cnt_q == sn_cnt
                       && (sn_cnt == '0 || nested_crd_outer_crd_inner.fn_ilead_q == sn_ilead));
      IvSnQ: assert (nested_crd_outer_crd_inner.fn_q_q[0] == sn_rem[0]
                     && nested_crd_outer_crd_inner.fn_q_q[1] == sn_rem[1]
                     && nested_crd_outer_crd_inner.fn_q_q[2] == sn_rem[2]
                     && nested_crd_outer_crd_inner.fn_q_q[3] == sn_rem[3]);
      IvSnPend: assert (nested_crd_outer_crd_inner.fn_pend_q == sn_pend);
      IvSnData: assert (nested_crd_outer_crd_inner.fn_data_q == sn_data);
      IvSnPairs: assert (sn_pairs);
      // The tokens taken and queued follow the input grammar, whose monitors are
      // at the last one.
      IvSnGrammar: assert (sn_gram_ok
        && sn_og == {in_crd_outer_check.gen_grammar.done_q, in_crd_outer_check.gen_grammar.after_data_q,
                     in_crd_outer_check.gen_grammar.after_top_q}
        && sn_ig == {in_crd_inner_check.gen_grammar.done_q, in_crd_inner_check.gen_grammar.after_data_q,
                     in_crd_inner_check.gen_grammar.after_top_q});
      IvSnDataUnit: assert (sn_data_ok);
      // A coordinate whose unit has not formed owns a fiber that is not D.
      if (sn_pend && sn_in > sn_on) IvSnPendNotD: assert (sn_il[sn_on[1:0]][4:2] != FnD);
    end
  end
