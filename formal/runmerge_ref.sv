  // formal/join_ref.sv bound to a 2-way sam_runmerge's ports (the proofs'
  // PointWays = 2: way 0 runs, way 1 points): each output fiber is the union of
  // the ways' starts and points and of the point way's resumes below dim_i, or
  // the point way's points (intersection), each ref beside a coordinate the run
  // way's held reference and the point way's reference at its point, else N.
  // The proof's `extra` sets JoinUnion and holds dim_i; its `inputs` give the
  // picks fiber_pick_i, crd_pick_i and pair_pick_i.
  formal_join_ref #(.Ways(2), .CrdWidth(CrdWidth), .RefWidth(RefWidth), .Union(JoinUnion),
    .Runs(~2'(PointWays)), .Resumes(JoinUnion))
    join_ref (
    .clk_i(clk_i), .rst_ni(rst_ni), .fiber_i(fiber_pick_i), .crd_i(crd_pick_i),
    .dim_i(dim_i), .pick_i(pair_pick_i),
    .crd_fire_i(crd_valid_i & crd_ready_o),
    .crd_tok_i(crd_tok_i),
    .ref_fire_i(ref_valid_i & ref_ready_o),
    .ref_tok_i(ref_tok_i),
    .out_crd_fire_i(crd_valid_o && crd_ready_i), .out_crd_tok_i(crd_tok_o),
    .out_ref_fire_i(ref_valid_o & ref_ready_i),
    .out_ref_tok_i(ref_tok_o));
