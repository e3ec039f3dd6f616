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
