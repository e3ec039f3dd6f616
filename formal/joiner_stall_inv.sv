  // formal/joiner_stall_inv.sv: the sampled handshake invariants of the two-way
  // joiners (sam_intersect, sam_intersect_lean, sam_union, sam_runmerge: a ways
  // block with a crd buffer and a ref buffer per way), for their k-induction
  // proofs, listed in `extra_file` beside the proof's own invariants.
  // The sampled handshake checks: a stalled token is still offered, and the
  // buffers are written only with room.
  for (genvar k = 0; k < 2; k++) begin : gen_iv_stall
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        IvStallIn: assert (dut.ways.gen_way[k].crd_check.stalled_q == gen_in_crd[k].in_crd_check.stalled_q
                           && dut.ways.gen_way[k].crd_check.stalled_tok_q == gen_in_crd[k].in_crd_check.stalled_tok_q
                           && dut.ways.gen_way[k].ref_check.stalled_q == gen_in_ref[k].in_ref_check.stalled_q
                           && dut.ways.gen_way[k].ref_check.stalled_tok_q == gen_in_ref[k].in_ref_check.stalled_tok_q);
        IvStallBufR: assert (!dut.ways.gen_way[k].ref_buffer.in_check.stalled_q);
        if (gen_out_ref[k].out_ref_check.stalled_q)
          IvStallR: assert (ref_valid_o[k] && gen_out_ref[k].out_ref_check.stalled_tok_q == ref_tok_o[k]);
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      IvStallBufC: assert (!dut.ways.crd_buffer.in_check.stalled_q);
      if (out_crd_check.stalled_q) IvStallC: assert (crd_valid_o && out_crd_check.stalled_tok_q == crd_tok_o);
    end
  end
