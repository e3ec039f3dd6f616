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
  // The on-chip arrays' timing (sam_mem): every pos and crd read taken, its
  // response two cycles later (formal/pos_crd_any.sv is the same arrays behind a
  // memory of any timing).
  logic [1:0] f_pos_q = '0, f_crd_q = '0, f_crd2_q = '0;
  always_ff @(posedge clk_i) begin
    f_pos_q  <= {f_pos_q[0], rst_ni && pos_rd_en_o};
    f_crd_q  <= {f_crd_q[0], rst_ni && crd_rd_en_o};
    f_crd2_q <= {f_crd2_q[0], rst_ni && crd_rd2_en_o};
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assume (pos_rd_ready_i && crd_rd_ready_i && crd_rd2_ready_i);
      assume (pos_rd_valid_i == f_pos_q[1] && crd_rd_valid_i == f_crd_q[1]
              && crd_rd2_valid_i == f_crd2_q[1]);
    end
  end
