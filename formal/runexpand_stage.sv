  // The crd/ref monitor (`aligned`) against sam_runexpand's stage registers, for
  // induction: each register holds the last token its stream moved (ref decoded
  // to RefWidth bits), and the two leave together, so the monitor's queue holds
  // the one token ahead, if any. The monitor's D is all ones at its own width.
  function automatic logic [2:0] f_shape(logic [3:0] t);
    sam_pkg::tok_kind_e kind;
    kind = sam_pkg::tok_kind(t[3], 64'(t[2:0]), 3);
    if (kind == sam_pkg::TokData || kind == sam_pkg::TokEmpty) return '0;
    if (kind == sam_pkg::TokDone) return '1;
    return 3'(t[2:0]) + 3'd1;
  endfunction
  logic f_head_done;
  logic [2:0] f_head;
  assign f_head_done = &aligned_crd_ref.q_q[0];
  assign f_head = 3'(aligned_crd_ref.q_q[0]);
  function automatic logic f_match(logic head_done, logic [2:0] head, logic [3:0] t);
    return head_done ? f_shape(t) == 3'b111 : f_shape(t) != 3'b111 && head == f_shape(t);
  endfunction
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (dut.c_full && dut.r_full) begin
        assert (aligned_crd_ref.cnt_q == '0 && f_shape(dut.c_q) == f_shape(dut.r_q));
      end else if (dut.c_full) begin
        assert (aligned_crd_ref.cnt_q == 1 && !aligned_crd_ref.b_lead_q
                && f_match(f_head_done, f_head, dut.c_q));
      end else if (dut.r_full) begin
        assert (aligned_crd_ref.cnt_q == 1 && aligned_crd_ref.b_lead_q
                && f_match(f_head_done, f_head, dut.r_q));
      end else begin
        assert (aligned_crd_ref.cnt_q == '0);
      end
      if (dut.c_full) assert (dut.c_q[3] == 1'b0 || dut.c_q[2:0] != 3'(sam_pkg::empty_payload(3)));
    end
  end
