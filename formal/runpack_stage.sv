  // The crd/val monitor (`aligned`) against sam_runpack's stage registers, for
  // induction: each register holds the last token its stream moved, and the two
  // leave together, so the monitor's queue holds the one token ahead, if any.
  function automatic logic [2:0] f_shape(logic [3:0] t);
    sam_pkg::tok_kind_e kind;
    kind = sam_pkg::tok_kind(t[3], 64'(t[2:0]), 3);
    if (kind == sam_pkg::TokData || kind == sam_pkg::TokEmpty) return '0;
    if (kind == sam_pkg::TokDone) return '1;
    return 3'(t[2:0]) + 3'd1;
  endfunction
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (dut.c_full && dut.v_full) begin
        assert (aligned_crd_val.cnt_q == '0 && f_shape(dut.c_q) == f_shape(dut.v_q));
      end else if (dut.c_full) begin
        assert (aligned_crd_val.cnt_q == 1 && !aligned_crd_val.b_lead_q
                && aligned_crd_val.q_q[0] == f_shape(dut.c_q));
      end else if (dut.v_full) begin
        assert (aligned_crd_val.cnt_q == 1 && aligned_crd_val.b_lead_q
                && aligned_crd_val.q_q[0] == f_shape(dut.v_q));
      end else begin
        assert (aligned_crd_val.cnt_q == '0);
      end
      if (dut.c_full) assert (dut.c_q[3] == 1'b0 || dut.c_q[2:0] != 3'(sam_pkg::empty_payload(3)));
    end
  end
