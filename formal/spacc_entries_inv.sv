  // formal/spacc_entries_inv.sv: sam_spaccumulator's input queue entries as the
  // invariant files read them (spacc_nest_inv.sv, spacc1_live_inv.sv,
  // spacc_live_inv.sv), listed in `extra_file` before them, and the bitmap words'
  // helpers. A crd_inner entry is the stage's cin_t, packed {is_data, is_stop,
  // is_done, lvl0, lvl1, dz, s0, s1, sc, cl, pay, pm1, pm2}; the queues have
  // three entries.
  localparam int unsigned SqCW  = CrdWidth;
  localparam int unsigned SqCIW = 3 * SqCW + 10;
  // A two-bit bitmap word (WordWidth 2): its lowest set bit, one-hot; its bits set.
  function automatic logic [1:0] sq_low2(logic [1:0] w);
    return w[0] ? 2'b01 : w[1] ? 2'b10 : 2'b00;
  endfunction
  function automatic logic [2:0] sq_pop2(logic [1:0] w);
    return 3'(w[0]) + 3'(w[1]);
  endfunction
  function automatic logic [1:0] sq_next(logic [1:0] p);
    return p == 2'd2 ? 2'd0 : p + 2'd1;
  endfunction
  function automatic logic sq_c_data(logic [SqCIW-1:0] e);
    return e[3*SqCW+9];
  endfunction
  function automatic logic sq_c_stop(logic [SqCIW-1:0] e);
    return e[3*SqCW+8];
  endfunction
  function automatic logic sq_c_done(logic [SqCIW-1:0] e);
    return e[3*SqCW+7];
  endfunction
  function automatic logic [SqCW-1:0] sq_c_pay(logic [SqCIW-1:0] e);
    return e[3*SqCW-1:2*SqCW];
  endfunction
  // An entry as the stage decodes a token: one kind, every flag its payload's, a
  // stop at most S_top, a coordinate below dim.
  function automatic logic sq_c_wf(logic [SqCIW-1:0] e, int unsigned top, int unsigned dim);
    logic data, stop, done, lvl0, lvl1;
    logic [SqCW-1:0] pay;
    data = sq_c_data(e);
    stop = sq_c_stop(e);
    done = sq_c_done(e);
    pay  = sq_c_pay(e);
    lvl0 = pay == '0;
    lvl1 = pay == SqCW'(1);
    return 32'(data) + 32'(stop) + 32'(done) == 1 && e[3*SqCW+6] == lvl0
           && e[3*SqCW+5] == lvl1 && e[3*SqCW+4] == (data || (stop && lvl0))
           && e[3*SqCW+3] == (stop && lvl0) && e[3*SqCW+2] == (stop && lvl1)
           && e[3*SqCW+1] == (stop && !lvl0 && !lvl1)
           && e[3*SqCW] == ((stop && !lvl0) || done)
           && e[2*SqCW-1:SqCW] == pay - SqCW'(1) && e[SqCW-1:0] == pay - SqCW'(2)
           && (!done || pay == '1) && (!stop || 32'(pay) <= top) && (!data || 32'(pay) < dim);
  endfunction
  // The head view of an entry (chv_t {ok, dat, dz, s0, s1, sc, cl}).
  function automatic logic [6:0] sq_c_view(logic [SqCIW-1:0] e);
    return {1'b1, e[3*SqCW+9], e[3*SqCW+4], e[3*SqCW+3], e[3*SqCW+2], e[3*SqCW+1], e[3*SqCW]};
  endfunction
