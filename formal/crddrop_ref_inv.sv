  // formal/crddrop_ref_inv.sv: invariants of crddrop_ref, asserted (proven, never
  // assumed), that make the whole harness k-inductive (depth 4): they tie the
  // reference model's counts (formal/crddrop_ref.sv: units, fibers, unit u's
  // coordinate, keep flag and output state; the inner token pick) to
  // sam_crddrop's stages, held coordinate and buffers, and the stream monitors
  // (grammar, nesting queue of formal/nested.sv, liveness) to the
  // tokens in flight. Without them no depth closes: a stalled state repeats.
  // The reference's counters saturate at 15, so relations between them go
  // through iv_sat or the unsaturated unit difference iv_diff.
  // CrdWidth = InnerWidth = 3 (DropFiberCrd).
  localparam sam_pkg::tok_kind_e IvData = sam_pkg::TokData, IvStop = sam_pkg::TokStop,
                                 IvDone = sam_pkg::TokDone;
  // The nesting monitor (formal/nested.sv, the harness's nested_outer_inner): its
  // state and unit kinds.
  localparam logic [2:0] FnZ = 3'd0, FnX = 3'd1, FnB = 3'd2, FnXB = 3'd3, FnD = 3'd4;
  logic [2:0] fn_cnt_q;
  logic       fn_ilead_q, fn_pend_q, fn_data_q;
  logic [4:0] fn_q_q[2];
  assign fn_cnt_q   = nested_outer_inner.fn_cnt_q;
  assign fn_ilead_q = nested_outer_inner.fn_ilead_q;
  assign fn_pend_q  = nested_outer_inner.fn_pend_q;
  assign fn_data_q  = nested_outer_inner.fn_data_q;
  assign fn_q_q[0]  = nested_outer_inner.fn_q_q[0];
  assign fn_q_q[1]  = nested_outer_inner.fn_q_q[1];
  // The outer buffer, oldest first, and the inner one.
  logic [1:0] iv_ocnt, iv_icnt;
  logic [3:0] iv_ob0, iv_ob1, iv_ib0, iv_ib1;
  assign iv_ocnt = dut.outer_buffer.gen_buffer.count_q;
  assign iv_ob0  = dut.outer_buffer.gen_buffer.mem_q[dut.outer_buffer.gen_buffer.rd_ptr_q];
  assign iv_ob1  = dut.outer_buffer.gen_buffer.mem_q[!dut.outer_buffer.gen_buffer.rd_ptr_q];
  assign iv_icnt = dut.inner_buffer.gen_buffer.count_q;
  assign iv_ib0  = dut.inner_buffer.gen_buffer.mem_q[dut.inner_buffer.gen_buffer.rd_ptr_q];
  assign iv_ib1  = dut.inner_buffer.gen_buffer.mem_q[!dut.inner_buffer.gen_buffer.rd_ptr_q];
  logic iv_b0d, iv_b1d, iv_b0s, iv_b1s;  // data / stop in buffer slot k
  assign iv_b0d = iv_ocnt >= 2'd1 && iv_kind(iv_ob0) == IvData;
  assign iv_b1d = iv_ocnt == 2'd2 && iv_kind(iv_ob1) == IvData;
  assign iv_b0s = iv_ocnt >= 2'd1 && iv_kind(iv_ob0) == IvStop;
  assign iv_b1s = iv_ocnt == 2'd2 && iv_kind(iv_ob1) == IvStop;
  logic [4:0] iv_bstops;
  assign iv_bstops = 5'(iv_b0s) + 5'(iv_b1s);
  logic iv_ocrd, iv_ostop, iv_odone, iv_iend, iv_held, iv_cur;
  assign iv_ocrd  = dut.o_v && dut.o_kind == IvData;
  assign iv_ostop = dut.o_v && dut.o_kind == IvStop;
  assign iv_odone = dut.o_v && dut.o_kind == IvDone;
  assign iv_iend  = dut.i_v && (dut.i_kind == IvStop || dut.i_kind == IvDone);
  assign iv_held  = dut.gen_fiberwise.held_q;
  assign iv_cur   = dut.gen_fiberwise.cur_valid;
  // Reference counts, 5 bits wide.
  logic [4:0] iv_u, iv_ou, iv_open, iv_iu_in, iv_iu, iv_of, iv_pf, iv_gu;
  assign iv_u     = 5'(crddrop_ref.unit_q);
  assign iv_ou    = 5'(crddrop_ref.ounits_q);
  assign iv_open  = 5'(crddrop_ref.ounits_q) + 5'(crddrop_ref.opend_q);
  assign iv_iu_in = 5'(crddrop_ref.iunits_q);
  assign iv_iu    = iv_iu_in - 5'(iv_iend);  // the inner unit the DUT is in
  assign iv_of    = 5'(crddrop_ref.ofib_q);
  assign iv_pf    = 5'(crddrop_ref.pfib_q);
  assign iv_gu    = 5'(crddrop_ref.gu_q);
  logic [2:0] iv_cu;
  assign iv_cu = crddrop_ref.cu_q;
  // Unit u: its coordinate in, its decision pending, taken.
  logic iv_known, iv_atend, iv_pending, iv_decided, iv_rkeep;
  assign iv_known   = crddrop_ref.cu_known_q;
  assign iv_atend   = iv_iu_in == iv_u + 5'd1 && iv_iend;
  assign iv_pending = iv_known && (iv_iu_in <= iv_u || (iv_atend && iv_cur));
  assign iv_decided = iv_known && crddrop_ref.keep_known_q && !(iv_atend && iv_cur);
  assign iv_rkeep   = crddrop_ref.keep_q;
  // Fibers of the buffer slots and of the coordinate(s) after them.
  logic [4:0] iv_f0, iv_f1, iv_fc;
  assign iv_f0 = iv_pf;
  assign iv_f1 = iv_pf + 5'(iv_b0s);
  assign iv_fc = iv_pf + iv_bstops;
  logic iv_b0u, iv_b1u;  // a data slot in fiber g_u
  assign iv_b0u = iv_b0d && iv_f0 == iv_gu;
  assign iv_b1u = iv_b1d && iv_f1 == iv_gu;
  logic [2:0] iv_in_last;
  logic       iv_in_fd;
  assign iv_in_last = in_outer_check.gen_grammar.last_q;
  assign iv_in_fd   = in_outer_check.gen_grammar.fiber_data_q;


  // The coordinate(s) after the buffer, oldest first, and the buffer's last
  // data slot before them (no stop between).
  logic       iv_bl;  // the buffer ends in data
  logic [2:0] iv_blc;
  assign iv_bl  = iv_ocnt == 2'd2 ? iv_b1d : iv_b0d;
  assign iv_blc = iv_ocnt == 2'd2 ? iv_ob1[2:0] : iv_ob0[2:0];
  logic       iv_hc;  // a coordinate held or at the outer stage: the first after the buffer
  logic [2:0] iv_hcc;
  assign iv_hc  = iv_held || iv_ocrd;
  assign iv_hcc = iv_held ? dut.gen_fiberwise.crd_q : dut.o_t[2:0];
  logic [2:0] iv_out_last;
  logic       iv_out_fd;
  assign iv_out_last = out_outer_check.gen_grammar.last_q;
  assign iv_out_fd   = out_outer_check.gen_grammar.fiber_data_q;

  // The nesting unit of the inner stage's end (X and XB alike).
  function automatic logic iv_qi(logic [4:0] q);
    if (dut.i_kind == IvDone) return q == {FnD, 2'd0};
    if (dut.i_s0) return q == {FnZ, 2'd0};
    return (q[4:2] == FnX || q[4:2] == FnXB) && q[1:0] == 2'(dut.i_t[2:0] - 3'd1);
  endfunction

  logic iv_od_pushed, iv_id_pushed;  // D gone past the stages, outer and inner
  assign iv_od_pushed = out_outer_check.gen_grammar.done_q
                        || (iv_ocnt >= 2'd1 && iv_kind(iv_ob0) == IvDone)
                        || (iv_ocnt == 2'd2 && iv_kind(iv_ob1) == IvDone);
  assign iv_id_pushed = out_inner_check.gen_grammar.done_q
                        || (iv_icnt >= 2'd1 && iv_kind(iv_ib0) == IvDone)
                        || (iv_icnt == 2'd2 && iv_kind(iv_ib1) == IvDone);
  // Work left in flight, in cycles (for liveness).
  logic [7:0] iv_rank;
  assign iv_rank = 8'd4 * (8'(dut.o_v) + 8'(iv_held) + 8'(iv_ocnt) + 8'(dut.i_v) + 8'(iv_icnt));

  // Inner ends moved in minus outer units formed, as crddrop_ref counts them
  // but without saturating (it stays within -2..2).
  logic [3:0] iv_diff;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) iv_diff <= '0;
    else iv_diff <= iv_diff
        + 4'(inner_valid_i && inner_ready_o && crddrop_ref.iend)
        - 4'(outer_valid_i && outer_ready_o && (!crddrop_ref.ocrd || crddrop_ref.opend_q));
  end

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      // The outer grammar monitors (one level: every stop is the top one), and
      // where D stands.
      IvInMonD: assert (!in_outer_check.gen_grammar.done_q || (!in_outer_check.gen_grammar.after_top_q
                                                             && !in_outer_check.gen_grammar.after_data_q));
      IvOutMonD: assert (!out_outer_check.gen_grammar.done_q || (!out_outer_check.gen_grammar.after_top_q
                                                               && !out_outer_check.gen_grammar.after_data_q));
      IvInMon: assert ((!in_outer_check.gen_grammar.after_top_q || !iv_in_fd)
                       && (!in_outer_check.gen_grammar.after_data_q || iv_in_fd));
      IvOutMon: assert ((!out_outer_check.gen_grammar.after_top_q || !iv_out_fd)
                        && (!out_outer_check.gen_grammar.after_data_q || iv_out_fd));
      IvDoneWhere: assert (in_outer_check.gen_grammar.done_q == (iv_odone
          || (iv_ocnt >= 2'd1 && iv_kind(iv_ob0) == IvDone)
          || (iv_ocnt == 2'd2 && iv_kind(iv_ob1) == IvDone) || out_outer_check.gen_grammar.done_q));
      if (in_outer_check.gen_grammar.done_q)
        IvInDone: assert (!iv_held && (!dut.o_v || iv_odone) && !crddrop_ref.opend_q);
      if (out_outer_check.gen_grammar.done_q)
        IvOutDone: assert (iv_ocnt == 2'd0 && !iv_held && !dut.o_v);
      if (iv_ocnt >= 2'd1 && iv_kind(iv_ob0) == IvDone)
        IvB0Done: assert (iv_ocnt == 2'd1 && !iv_held && !dut.o_v
                          && out_outer_check.gen_grammar.after_top_q);
      if (iv_ocnt == 2'd2 && iv_kind(iv_ob1) == IvDone)
        IvB1Done: assert (!iv_held && !dut.o_v && iv_b0s);
      if (iv_odone) IvODone: assert (!iv_held && (iv_ocnt == 2'd0 ? out_outer_check.gen_grammar.after_top_q
                                                 : iv_ocnt == 2'd1 ? iv_b0s : iv_b1s));
      // One level: the only outer stop is S0.
      if (iv_b0s) IvLvl0: assert (iv_ob0 == 4'b1000);
      if (iv_b1s) IvLvl1: assert (iv_ob1 == 4'b1000);
      if (iv_ostop) IvLvlO: assert (dut.o_t == 4'b1000);
      if (dut.i_v && dut.i_kind == IvStop) IvLvlI: assert (dut.i_t[2:1] == 2'd0);
      // The inner side: the tokens in flight (the buffer, oldest first, then the
      // stage) in grammar between the two monitors (two levels: S1 is the top).
      if (iv_icnt >= 2'd1) IvILvl0: assert (iv_kind(iv_ib0) != IvStop || iv_ib0[2:1] == 2'd0);
      if (iv_icnt == 2'd2) IvILvl1: assert (iv_kind(iv_ib1) != IvStop || iv_ib1[2:1] == 2'd0);
      IvMonOne: assert (!(out_inner_check.gen_grammar.after_top_q && out_inner_check.gen_grammar.after_data_q)
                        && !(in_inner_check.gen_grammar.after_top_q && in_inner_check.gen_grammar.after_data_q)
                        && !(out_outer_check.gen_grammar.after_top_q && out_outer_check.gen_grammar.after_data_q)
                        && !(in_outer_check.gen_grammar.after_top_q && in_outer_check.gen_grammar.after_data_q));
      IvIOutMon: assert (!out_inner_check.gen_grammar.done_q
                         || (!out_inner_check.gen_grammar.after_top_q
                             && !out_inner_check.gen_grammar.after_data_q));
      IvIInMon: assert (!in_inner_check.gen_grammar.done_q
                        || (!in_inner_check.gen_grammar.after_top_q
                            && !in_inner_check.gen_grammar.after_data_q));
      if (out_inner_check.gen_grammar.done_q) IvIOutDone: assert (iv_icnt == 2'd0 && !dut.i_v);
      if (iv_icnt >= 2'd1 && iv_kind(iv_ib0) == IvDone)
        IvIB0Done: assert (iv_icnt == 2'd1 && !dut.i_v && out_inner_check.gen_grammar.after_top_q);
      if (iv_icnt == 2'd2 && iv_kind(iv_ib1) == IvDone)
        IvIB1Done: assert (!dut.i_v && iv_ib0 == 4'b1001);
      if (dut.i_v && dut.i_kind == IvDone)
        IvISDone: assert (iv_icnt == 2'd0 ? out_inner_check.gen_grammar.after_top_q
                          : iv_icnt == 2'd1 ? iv_ib0 == 4'b1001 : iv_ib1 == 4'b1001);
      if (!dut.i_v && iv_icnt != 2'd0) IvIInLast: assert (
          in_inner_check.gen_grammar.after_top_q == ((iv_icnt == 2'd2 ? iv_ib1 : iv_ib0) == 4'b1001)
          && in_inner_check.gen_grammar.after_data_q
             == (iv_kind(iv_icnt == 2'd2 ? iv_ib1 : iv_ib0) == IvData)
          && in_inner_check.gen_grammar.done_q
             == (iv_kind(iv_icnt == 2'd2 ? iv_ib1 : iv_ib0) == IvDone));
      if (!dut.i_v && iv_icnt == 2'd0) IvIInOut: assert (
          in_inner_check.gen_grammar.after_top_q == out_inner_check.gen_grammar.after_top_q
          && in_inner_check.gen_grammar.after_data_q == out_inner_check.gen_grammar.after_data_q
          && in_inner_check.gen_grammar.done_q == out_inner_check.gen_grammar.done_q);
      // The two D leave the stages together.
      IvDTogether: assert (iv_od_pushed == iv_id_pushed);
      if (iv_odone) IvDO: assert (!iv_id_pushed);
      if (dut.i_v && dut.i_kind == IvDone) IvDI: assert (!iv_od_pushed);
      // Liveness (formal.py's monitor): once every D is in, and the consumers
      // fair, the tokens in flight leave within the bound (four cycles each).
      if (&live_in_done && live_fair_q && !(&live_out_done))
        IvLive: assert (32'(live_cycles_q) + 32'(iv_rank) <= 32'(LiveBound));
      // No N on the outer side (the input has none).
      if (iv_ocnt >= 2'd1) IvNoN0: assert (iv_kind(iv_ob0) != sam_pkg::TokEmpty);
      if (iv_ocnt == 2'd2) IvNoN1: assert (iv_kind(iv_ob1) != sam_pkg::TokEmpty);
      // Sorted: the pipeline's coordinates increase within a fiber, after the
      // output's last and up to the input's last.
      if (iv_held && iv_ocrd) IvSortHO: assert (dut.gen_fiberwise.crd_q < dut.o_t[2:0]);
      if (iv_b0d && iv_b1d) IvSortB: assert (iv_ob0[2:0] < iv_ob1[2:0]);
      if (iv_bl && iv_hc) IvSortBH: assert (iv_blc < iv_hcc);
      if (iv_out_fd && iv_b0d) IvSortOut: assert (iv_out_last < iv_ob0[2:0]);
      if (iv_out_fd && iv_ocnt == 2'd0 && iv_hc) IvSortOutH: assert (iv_out_last < iv_hcc);
      if (iv_out_fd && iv_bstops == 5'd0 && !iv_ostop)
        IvInOut: assert (iv_in_fd && iv_out_last <= iv_in_last);
      if (iv_ocnt == 2'd0 && !iv_held && !dut.o_v && in_outer_check.gen_grammar.after_top_q)
        IvTopOut: assert (out_outer_check.gen_grammar.after_top_q);
      if (iv_ocrd) IvInLastO: assert (iv_in_fd && iv_in_last == dut.o_t[2:0]);
      if (iv_held && !dut.o_v) IvInLastH: assert (iv_in_fd && iv_in_last == dut.gen_fiberwise.crd_q);
      if (iv_held && iv_ocrd) IvInLastHO: assert (iv_in_fd && iv_in_last == dut.o_t[2:0]);
      if (iv_ostop) IvInLastS: assert (!iv_in_fd);
      if (iv_bl && !iv_ostop && !iv_hc) IvInLastB: assert (iv_in_fd && iv_blc <= iv_in_last);
      // An input stage holds the last token its grammar monitor saw move.
      if (dut.i_v) IvInGrammarI: assert (
          in_inner_check.gen_grammar.after_top_q == (dut.i_t == 4'b1001)
          && in_inner_check.gen_grammar.after_data_q == (dut.i_kind == IvData)
          && in_inner_check.gen_grammar.done_q == (dut.i_kind == IvDone));
      if (dut.o_v) IvInGrammarO: assert (
          in_outer_check.gen_grammar.after_top_q == (dut.o_kind == IvStop)
          && in_outer_check.gen_grammar.after_data_q == (dut.o_kind == IvData)
          && in_outer_check.gen_grammar.done_q == (dut.o_kind == IvDone));
      // The input stages' decoded flags agree with their tokens.
      if (dut.o_v) IvDecodeO: assert (dut.o_kind == iv_kind(dut.o_t));
      if (dut.i_v) IvDecodeI: assert (dut.i_kind == iv_kind(dut.i_t)
                                      && dut.i_s0 == (dut.i_t == 4'b1000)
                                      && dut.i_nonzero == !dut.i_t[3]);
      // Counts: fibers in = fibers out + stops in flight; units in step.
      IvFibers: assert (iv_of == iv_sat(iv_fc + 5'(iv_ostop)));
      IvFibUnits: assert (iv_of <= iv_ou);
      IvUnitsAhead: assert (iv_ou <= iv_iu_in + 5'd1 && iv_iu_in <= iv_open + 5'd1);
      // Units: inner ends in minus outer units formed (iv_diff, unsaturated).
      if (iv_iu_in < 5'd15) IvDiffO: assert (iv_ou == iv_sat(iv_iu_in - {iv_diff[3], iv_diff}));
      if (iv_ou < 5'd15) IvDiffI: assert (iv_iu_in == iv_sat(iv_ou + {iv_diff[3], iv_diff}));
      if (iv_ocrd) IvUnitOCrd: assert (crddrop_ref.opend_q && iv_diff == 4'(iv_iend) - 4'(iv_held));
      if (iv_ostop || iv_odone) IvUnitOStop: assert (!crddrop_ref.opend_q
                                                     && iv_diff == 4'(iv_iend) - 4'd1);
      if (!dut.o_v && iv_held) IvUnitHeld: assert (crddrop_ref.opend_q && iv_diff == 4'(iv_iend));
      if (!dut.o_v && !iv_held) IvUnitEmpty: assert (iv_diff == 4'(iv_iend) + 4'(crddrop_ref.opend_q)
          || (iv_diff == 4'(iv_iend) && iv_iend && crddrop_ref.opend_q && !dut.i_s0));
      // The nesting as the DUT holds it: a held coordinate closed by a
      // coordinate ends its inner fiber with S0, by a stop with S(m+1).
      if (iv_held && iv_ocrd && iv_iend) IvNestZ: assert (dut.i_s0);
      if (iv_held && iv_ostop && iv_iend) IvNestX: assert (!dut.i_s0 && dut.i_kind == IvStop);
      if (dut.i_v && dut.i_kind == IvDone)
        IvNestD: assert (!iv_held && !iv_ocrd && !crddrop_ref.opend_q);
      // The nesting monitor's queue (formal/nested.sv): the units one
      // stream has moved and the other not yet, as the DUT holds them.
      IvNestCnt: assert (4'(fn_cnt_q) == (iv_diff[3] ? -iv_diff : iv_diff)
                         && (fn_cnt_q == '0 || fn_ilead_q == !iv_diff[3]));
      if (fn_cnt_q != '0 && fn_ilead_q) begin
        // Inner units ahead: an end in the inner stage, or an S0 taken with
        // its coordinate in place (the outer Z unit forms at the next one).
        if (iv_iend && fn_cnt_q == 3'd1) IvNestQI: assert (iv_qi(fn_q_q[0]));
        if (iv_iend && fn_cnt_q == 3'd2) IvNestQI2: assert (iv_qi(fn_q_q[1]) && fn_q_q[0] == {FnZ, 2'd0});
        if (!iv_iend) IvNestQZ: assert (fn_cnt_q == 3'd1 && fn_q_q[0] == {FnZ, 2'd0}
                                        && crddrop_ref.opend_q
                                        && !in_inner_check.gen_grammar.after_top_q
                                        && !in_inner_check.gen_grammar.done_q);
      end
      if (fn_cnt_q != '0 && !fn_ilead_q) begin
        // Outer units ahead: one, formed by the token at the outer stage.
        IvNestQO1: assert (fn_cnt_q == 3'd1);
        if (iv_held && iv_ocrd) IvNestQOZ: assert (fn_q_q[0] == {FnZ, 2'd0});
        if (iv_held && iv_ostop) IvNestQOX: assert (fn_q_q[0] == {FnX, 2'd0});
        if (!iv_held && iv_ostop) IvNestQOB: assert (fn_q_q[0] == {FnB, 2'd0});
        if (iv_odone) IvNestQOD: assert (fn_q_q[0] == {FnD, 2'd0});
        IvNestQOWhere: assert ((iv_held && dut.o_v) || iv_ostop || iv_odone);
      end
      IvNestPend: assert (fn_pend_q == crddrop_ref.opend_q);
      if (dut.i_v) IvNestData: assert (fn_data_q == !iv_iend);
      // The keep flag: the reference's data seen in the current inner unit.
      if (!iv_iend) IvKeep: assert (crddrop_ref.idata_q == (dut.gen_fiberwise.keep_q
                                                        || (dut.i_v && dut.i_nonzero)));
      else IvKeepEnd: assert (!crddrop_ref.idata_q);
      IvKeepKnown: assert (crddrop_ref.keep_known_q == (iv_iu_in > iv_u));
      if (iv_atend && !(iv_known && !iv_cur)) IvKeepU: assert (iv_rkeep == dut.gen_fiberwise.keep_q);
      // Unit u's coordinate.
      if (!iv_known) IvUnknown: assert (!crddrop_ref.phas_q && !crddrop_ref.pclosed_q);
      if (iv_known) IvUnitOpen: assert (iv_ou > iv_u || (iv_ou == iv_u && crddrop_ref.opend_q));
      if (iv_known) IvGu: assert (iv_gu <= iv_u && iv_gu <= iv_of);
      if (iv_ocrd && iv_ou == iv_u && crddrop_ref.opend_q)
        IvAtOuter: assert (iv_known && dut.o_t[2:0] == iv_cu && iv_gu == iv_fc);
      if (iv_held && iv_iu == iv_u)
        IvHeld: assert (iv_known && dut.gen_fiberwise.crd_q == iv_cu && iv_gu == iv_fc);
      if (iv_pending) begin
        IvPendingWhere: assert ((iv_held && iv_iu == iv_u)
                                || (iv_ocrd && iv_ou == iv_u && crddrop_ref.opend_q));
        IvPendingNotOut: assert (!crddrop_ref.phas_q && !crddrop_ref.pclosed_q);
        IvPendingBefore: assert (!(iv_b0u && iv_ob0[2:0] >= iv_cu)
                                 && !(iv_b1u && iv_ob1[2:0] >= iv_cu));
      end
      if (iv_decided && iv_rkeep && !crddrop_ref.phas_q) begin
        IvKeptInBuffer: assert ((iv_b0d && iv_ob0[2:0] == iv_cu && iv_f0 == iv_gu)
                                || (iv_b1d && iv_ob1[2:0] == iv_cu && iv_f1 == iv_gu
                                    && !(iv_b0u && iv_ob0[2:0] >= iv_cu)));
        IvKeptOpen: assert (!crddrop_ref.pclosed_q);
      end
      if (crddrop_ref.phas_q) IvHasKept: assert (iv_decided && iv_rkeep && iv_pf >= iv_gu);
      if (iv_decided && !iv_rkeep) IvDroppedNot: assert (!crddrop_ref.phas_q);
      if (iv_decided && (!iv_rkeep || crddrop_ref.phas_q)) begin
        IvAfterB: assert (!(iv_b0u && iv_ob0[2:0] == iv_cu) && !(iv_b1u && iv_ob1[2:0] == iv_cu));
      end
      if (iv_decided && iv_rkeep && !crddrop_ref.phas_q && iv_b0u && iv_ob0[2:0] == iv_cu)
        IvAfterKept: assert (!(iv_b1u && iv_ob1[2:0] == iv_cu));
      if (iv_decided && iv_held && iv_fc == iv_gu)
        IvAfterHeld: assert (dut.gen_fiberwise.crd_q > iv_cu);
      if (iv_decided && iv_ocrd && iv_fc == iv_gu) IvAfterO: assert (dut.o_t[2:0] > iv_cu);
      if (iv_known && iv_of == iv_gu) IvInAfter: assert (iv_in_fd && iv_in_last >= iv_cu);
      if (iv_known) IvClosed: assert (crddrop_ref.pclosed_q == (iv_pf > iv_gu));
      // The inner scoreboard: tokens in flight, and the picked one among them.
      IvFlight: assert (crddrop_ref.inner_ref.flight_q == 3'(iv_icnt) + 3'(dut.i_v));
      if (crddrop_ref.inner_ref.picked_q && !crddrop_ref.inner_ref.gone_q) begin
        IvAhead: assert (crddrop_ref.inner_ref.ahead_q < crddrop_ref.inner_ref.flight_q);
        IvPicked: assert ((crddrop_ref.inner_ref.ahead_q == 3'(iv_icnt) ? dut.i_t
                           : crddrop_ref.inner_ref.ahead_q == 3'd0 ? iv_ib0 : iv_ib1)
                          == crddrop_ref.inner_ref.want_q);
      end
    end
  end
