  // The compressed level's arrays as the scanner's environment (formal/pos_array.sv):
  // the pos array is a symbolic constant (formal/rom.sv, pa_words_i in the reset
  // cycle, read two cycles after the address) whose words never decrease and stay
  // within the crd array (at most 2**CrdAddrWidth). References in stay below
  // 2**PosAddrWidth - 1 (pos[r + 1] is in the array). crd words stay free. So the
  // scanner's own checks that its reads lie in the arrays (PosInArray_A,
  // CrdInArray_A) are proven from the ports.
  localparam int unsigned PaWords = 2 ** PosAddrWidth;
  logic [PaWords*RefWidth-1:0] pa_words;  // the array's contents
  logic [RefWidth-1:0]         pa_unused_look;
  formal_rom #(.AddrWidth(PosAddrWidth), .Width(RefWidth)) pos_array (.clk_i(clk_i),
    .rst_ni(rst_ni), .words_i(pa_words_i[PaWords*RefWidth-1:0]), .rd_en_i(pos_rd_en_o),
    .rd_addr_i(pos_rd_addr_o), .rd_data_i(pos_rd_data_i), .look_addr_i('0),
    .look_data_o(pa_unused_look), .words_o(pa_words));
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      for (int i = 0; i < PaWords; i++) begin
        assume (64'(pa_words[i*RefWidth +: RefWidth]) <= (64'd1 << CrdAddrWidth));
        if (i + 1 < PaWords)
          assume (pa_words[i*RefWidth +: RefWidth] <= pa_words[(i+1)*RefWidth +: RefWidth]);
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && ref_valid_i && !ref_tok_i[RefWidth])
      assume (64'(ref_tok_i[RefWidth-1:0]) + 64'd1 < 64'(PaWords));
  end
