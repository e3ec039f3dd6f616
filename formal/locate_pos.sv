  // The pos array as the locator's environment (formal/locate_pos.sv): a
  // symbolic constant (pa_words_i in the reset cycle) whose fibers hold at most
  // 2**Probes - 1 coordinates (pos[i + 1] - pos[i] where it is positive); the
  // data two cycles after a read of address a on either port is word a
  // (assumed). Parents stay below 2**PosAddrWidth - 1 (pos[p + 1] is in the
  // array). So the locator's own check that every search ends by the last
  // stage (SearchEnded_A) is proven from the ports.
  localparam int unsigned PaWords = 2 ** PosAddrWidth;
  logic [PaWords*RefWidth-1:0] pa_q;
  // (A shift, not a variable part-select: that would leave x bits for ABC.)
  function automatic logic [RefWidth-1:0] pa_word(logic [PosAddrWidth-1:0] a);
    logic [PaWords*RefWidth-1:0] sh;
    sh = pa_q >> (32'(a) * RefWidth);
    return sh[RefWidth-1:0];
  endfunction
  always_ff @(posedge clk_i) if (!rst_ni) pa_q <= pa_words_i[PaWords*RefWidth-1:0];
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      for (int i = 0; i + 1 < PaWords; i++) begin
        if (pa_q[i*RefWidth +: RefWidth] < pa_q[(i+1)*RefWidth +: RefWidth])
          assume (64'(pa_q[(i+1)*RefWidth +: RefWidth]) - 64'(pa_q[i*RefWidth +: RefWidth])
                  < (64'd1 << Probes));
      end
    end
  end
  logic                    pa_rd1_q = 1'b0, pa_rd2_q = 1'b0, pb_rd1_q = 1'b0, pb_rd2_q = 1'b0;
  logic [PosAddrWidth-1:0] pa_a1_q, pa_a2_q, pb_a1_q, pb_a2_q;
  always_ff @(posedge clk_i) begin
    pa_rd1_q <= rst_ni && pos_rd_en_o;
    pa_a1_q  <= pos_rd_addr_o;
    pa_rd2_q <= pa_rd1_q;
    pa_a2_q  <= pa_a1_q;
    pb_rd1_q <= rst_ni && pos_rd2_en_o;
    pb_a1_q  <= pos_rd2_addr_o;
    pb_rd2_q <= pb_rd1_q;
    pb_a2_q  <= pb_a1_q;
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && pa_rd2_q) assume (pos_rd_data_i == pa_word(pa_a2_q));
    if (rst_ni && pb_rd2_q) assume (pos_rd2_data_i == pa_word(pb_a2_q));
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && parent_valid_i && !parent_tok_i[RefWidth])
      assume (64'(parent_tok_i[RefWidth-1:0]) + 64'd1 < 64'(PaWords));
  end
  // Lemmas for PDR (asserted, so proven with the rest): the model's reads in
  // flight are the search's stages 1 and 2, at a parent and the one after it.
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (pa_rd1_q == (dut.gen_compressed.valid_q[1] && dut.gen_compressed.srch_q[1].search));
      assert (pa_rd2_q == (dut.gen_compressed.valid_q[2] && dut.gen_compressed.srch_q[2].search));
      assert (pb_rd1_q == pa_rd1_q && pb_rd2_q == pa_rd2_q);
      if (dut.gen_compressed.valid_q[0] && dut.gen_compressed.srch_q[0].search)
        assert (64'(dut.gen_compressed.p_q) + 64'd1 < 64'(PaWords)
                && dut.gen_compressed.p1_q == dut.gen_compressed.p_q + 1'b1);
      if (pa_rd1_q) assert (64'(pa_a1_q) + 64'd1 < 64'(PaWords) && pb_a1_q == pa_a1_q + 1'b1);
      if (pa_rd2_q) assert (64'(pa_a2_q) + 64'd1 < 64'(PaWords) && pb_a2_q == pa_a2_q + 1'b1);
    end
  end
