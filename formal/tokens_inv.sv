  // formal/tokens_inv.sv: the token helpers the invariant files share (3-bit
  // payloads, 4-bit tokens), listed in a proof's `extra_file` before them.
  function automatic sam_pkg::tok_kind_e iv_kind(logic [3:0] t);
    return sam_pkg::tok_kind(t[3], 64'(t[2:0]), 3);
  endfunction
  // A token's shape: 0 data (a value or N), l + 1 the stop S_l, 7 D.
  function automatic logic [2:0] iv_shape(logic [3:0] t);
    if (iv_kind(t) == sam_pkg::TokData || iv_kind(t) == sam_pkg::TokEmpty) return '0;
    if (iv_kind(t) == sam_pkg::TokDone) return '1;
    return t[2:0] + 3'd1;
  endfunction
  function automatic logic iv_isdata(logic [3:0] t);
    return iv_kind(t) == sam_pkg::TokData;
  endfunction
  function automatic logic iv_isstop(logic [3:0] t);
    return iv_kind(t) == sam_pkg::TokStop;
  endfunction
  function automatic logic iv_isdone(logic [3:0] t);
    return iv_kind(t) == sam_pkg::TokDone;
  endfunction
  // A fiber count that stops at 15, as the references' do: a 5-bit count from the
  // output's closed fibers meets theirs through it.
  function automatic logic [4:0] iv_sat(logic [4:0] v);
    return v > 5'd15 ? 5'd15 : v;
  endfunction
  // The two-level output grammar, walked along a queue of tokens in flight: the
  // monitor state g is {done, after data, after the top stop S2}; a token t is
  // {stop, level} (data with stop 0, D 4'hf). iv_gstep is the state after t,
  // iv_gok whether t may come in state g.
  function automatic logic [2:0] iv_gstep(logic [2:0] g, logic [3:0] t);
    return {g[2] || t == 4'hf, !t[3], t[3] && t[2:0] == 3'd2};
  endfunction
  function automatic logic iv_gok(logic [2:0] g, logic [3:0] t);
    return !g[2] && (!t[3] || t == 4'hf || t[2:0] <= 3'd2) && (t != 4'hf || (g[0] && !g[1]));
  endfunction
