  // The locator's scoreboard (formal/formal.py extra_file, with formal/token_map.sv;
  // golden model `locate`): the three inputs go together, and each accepted triple
  // that is not a miss under LocateDrop gives one triple out, so for a free index n
  // the n-th token on each output is what the reference gives for the n-th kept
  // triple: crd and ref unchanged, loc the position of the coordinate below its
  // parent (f_locate, the format's own) for a data parent, else the parent token
  // itself (N under LocateEmpty, a stop, D: alike at RefWidth). The harness that
  // includes this defines f_locate and f_found (for a data coordinate under a
  // data parent: the parent's fiber holds the coordinate).
  sam_pkg::tok_kind_e f_crd_kind, f_parent_kind;
  assign f_crd_kind    = sam_pkg::tok_kind(crd_tok_i[CrdWidth], 64'(crd_tok_i[CrdWidth-1:0]),
                                           CrdWidth);
  assign f_parent_kind = sam_pkg::tok_kind(parent_tok_i[RefWidth],
                                           64'(parent_tok_i[RefWidth-1:0]), RefWidth);

  logic              f_accept, f_data, f_keep;
  logic [RefWidth:0] f_loc;
  assign f_accept = crd_valid_i && crd_ready_o;  // the three readies are one
  assign f_data   = f_crd_kind == sam_pkg::TokData && f_parent_kind == sam_pkg::TokData;
  assign f_keep   = f_crd_kind != sam_pkg::TokData || (f_data && f_found)
                    || Miss == sam_pkg::LocateEmpty;
  assign f_loc    = !f_data  ? parent_tok_i
                  : f_found  ? {1'b0, f_locate}
                  : {1'b1, RefWidth'(sam_pkg::empty_payload(RefWidth))};

  formal_token_map #(.Width(CrdWidth)) crd_ref (.clk_i(clk_i), .rst_ni(rst_ni),
    .n_i(idx_i), .in_fire_i(f_accept && f_keep), .exp_i(crd_tok_i),
    .out_valid_i(crd_valid_o), .out_ready_i(crd_ready_i), .out_tok_i(crd_tok_o));
  formal_token_map #(.Width(RefWidth)) ref_ref (.clk_i(clk_i), .rst_ni(rst_ni),
    .n_i(idx_i), .in_fire_i(f_accept && f_keep), .exp_i(ref_tok_i),
    .out_valid_i(ref_valid_o), .out_ready_i(ref_ready_i), .out_tok_i(ref_tok_o));
  formal_token_map #(.Width(RefWidth)) loc_ref (.clk_i(clk_i), .rst_ni(rst_ni),
    .n_i(idx_i), .in_fire_i(f_accept && f_keep), .exp_i(f_loc),
    .out_valid_i(loc_valid_o), .out_ready_i(loc_ready_i), .out_tok_i(loc_tok_o));
