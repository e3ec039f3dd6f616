  // The compressed level's arrays as the scanner's environment (formal/pos_array.sv):
  // the pos array is a symbolic constant (pa_words_i in the reset cycle) whose
  // words never decrease and stay within the crd array (at most
  // 2**CrdAddrWidth); the data two cycles after a read of address a is word a
  // (assumed). References in stay below 2**PosAddrWidth - 1 (pos[r + 1] is in
  // the array). crd words stay free. So the scanner's own checks that its reads
  // lie in the arrays (PosInArray_A, CrdInArray_A) are proven from the ports.
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
      for (int i = 0; i < PaWords; i++) begin
        assume (64'(pa_q[i*RefWidth +: RefWidth]) <= (64'd1 << CrdAddrWidth));
        if (i + 1 < PaWords)
          assume (pa_q[i*RefWidth +: RefWidth] <= pa_q[(i+1)*RefWidth +: RefWidth]);
      end
    end
  end
  logic                    pa_rd1_q = 1'b0, pa_rd2_q = 1'b0;
  logic [PosAddrWidth-1:0] pa_a1_q, pa_a2_q;
  always_ff @(posedge clk_i) begin
    pa_rd1_q <= rst_ni && pos_rd_en_o;
    pa_a1_q  <= pos_rd_addr_o;
    pa_rd2_q <= pa_rd1_q;
    pa_a2_q  <= pa_a1_q;
  end
  always_ff @(posedge clk_i) if (rst_ni && pa_rd2_q) assume (pos_rd_data_i == pa_word(pa_a2_q));
  always_ff @(posedge clk_i) begin
    if (rst_ni && ref_valid_i && !ref_tok_i[RefWidth])
      assume (64'(ref_tok_i[RefWidth-1:0]) + 64'd1 < 64'(PaWords));
  end
