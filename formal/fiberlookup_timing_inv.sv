  // formal/fiberlookup_timing_inv.sv (after formal/pos_array.sv): invariants of
  // the compressed scanner's memory reads at the on-chip timing that
  // pos_array.sv assumes, asserted (proven, never assumed) in every compressed
  // fiberlookup proof: the reads taken in the last two cycles are the ones
  // outstanding, each pos read tagged with whether its taker waits for it (fetch
  // in FetchRd1 or FetchRd2, or the follower, as its data comes; fetch in
  // FetchRd0 or FetchRd1, or the follower, a cycle before); no pos response is
  // ever held; the crd read-align's late-response FIFOs stay empty and its
  // stages' reads are the array's. They tie the latency-tolerant logic to the
  // fixed timing, so k-induction (fiberlookup_compressed_ref) and PDR
  // (fiberlookup_compressed, _skip) need not rediscover it.
  logic ft_bw1_q = 1'b0;  // the follower's read was taken last cycle
  always_ff @(posedge clk_i) ft_bw1_q <= rst_ni && dut.take_follow;
  logic ft_rd0, ft_rd1, ft_rd2, ft_tag_old, ft_tag_new;
  assign ft_rd0 = 3'(dut.fetch_q) == 3'd1;
  assign ft_rd1 = 3'(dut.fetch_q) == 3'd2;
  assign ft_rd2 = 3'(dut.fetch_q) == 3'd3;
  assign ft_tag_old = dut.gen_pos.tag_used_q[dut.gen_pos.tag_head_q];
  assign ft_tag_new = dut.gen_pos.tag_used_q[dut.gen_pos.tag_head_q + 2'(pos_array.rd2_q)];
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      FtPosOut: assert (3'(dut.gen_pos.tag_count_q) == 3'(pos_array.rd1_q) + 3'(pos_array.rd2_q)
                        && dut.gen_pos.held_count_q == '0 && dut.pos_room_q
                        && f_pos_q == {pos_array.rd2_q, pos_array.rd1_q});
      FtPosOld: assert ((pos_array.rd2_q && ft_tag_old)
                        == (ft_rd1 || ft_rd2 || (dut.b_wait_q && !ft_bw1_q)));
      FtPosNew: assert ((pos_array.rd1_q && ft_tag_new)
                        == (ft_rd0 || (ft_rd1 && !dut.follow_q) || (dut.b_wait_q && ft_bw1_q)));
      FtCrdAlign: assert (dut.align.gen_any.wait_count_q == '0 && dut.align.gen_any.rsp_count_q == '0
                          && f_crd_q[0] == (dut.align.valid_q[0] && dut.align.gen_any.read_q[0])
                          && f_crd_q[1] == (dut.align.valid_q[1] && dut.align.gen_any.read_q[1]));
    end
  end
