  // formal/join_ref.sv bound to a 2-way joiner's ports (sam_intersect, sam_union):
  // each output fiber is the intersection (JoinUnion = 0) or the union of the
  // ways' fibers. The proof's `extra` sets JoinUnion; its `inputs` give the picks
  // fiber_pick_i, crd_pick_i and pair_pick_i.
  formal_join_ref #(.Ways(2), .CrdWidth(CrdWidth), .RefWidth(RefWidth), .Union(JoinUnion))
    join_ref (
    .clk_i(clk_i), .rst_ni(rst_ni), .fiber_i(fiber_pick_i), .crd_i(crd_pick_i),
    .dim_i('0),  // no run ways, no resumes
    .pick_i(pair_pick_i),
    .crd_fire_i(crd_valid_i & crd_ready_o),
    .crd_tok_i(crd_tok_i),
    .ref_fire_i(ref_valid_i & ref_ready_o),
    .ref_tok_i(ref_tok_i),
    .out_crd_fire_i(crd_valid_o && crd_ready_i), .out_crd_tok_i(crd_tok_o),
    .out_ref_fire_i(ref_valid_o & ref_ready_i),
    .out_ref_tok_i(ref_tok_o));
