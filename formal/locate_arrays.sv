  // The compressed level's arrays as the locator's environment (formal/formal.py
  // extra_file, with formal/rom.sv), and the reference search over them:
  // - pos: a symbolic constant (pa_words_i in the reset cycle) served on both
  //   read ports, its words non-decreasing and within the crd array; parents stay
  //   below 2**PosAddrWidth - 1, so pos[p + 1] is in the array;
  // - crd: a symbolic constant (ca_words_i) served on every probe's port, strictly
  //   increasing within each fiber (the search's input contract);
  // - each fiber holds at most 2**Probes - 1 coordinates (the contract
  //   SearchEnded_A checks at the last stage, here on the arrays).
  // f_found and f_locate: the position q in [pos[p], pos[p + 1]) with crd[q] == c.
  localparam int unsigned PaWords = 2 ** PosAddrWidth;
  localparam int unsigned CaWords = 2 ** CrdAddrWidth;
  logic [PaWords*RefWidth-1:0] f_pa;
  logic [CaWords*CrdWidth-1:0] f_ca, f_ca_copy[Probes];
  logic [PaWords*RefWidth-1:0] f_pa_copy;
  logic [RefWidth-1:0]         f_unused_pa[2];
  logic [CrdWidth-1:0]         f_unused_ca[Probes];
  formal_rom #(.AddrWidth(PosAddrWidth), .Width(RefWidth)) pos_array (.clk_i(clk_i),
    .rst_ni(rst_ni), .words_i(pa_words_i), .rd_en_i(pos_rd_en_o), .rd_addr_i(pos_rd_addr_o),
    .rd_data_i(pos_rd_data_i), .look_addr_i('0), .look_data_o(f_unused_pa[0]),
    .words_o(f_pa));
  formal_rom #(.AddrWidth(PosAddrWidth), .Width(RefWidth)) pos_array2 (.clk_i(clk_i),
    .rst_ni(rst_ni), .words_i(pa_words_i), .rd_en_i(pos_rd2_en_o),
    .rd_addr_i(pos_rd2_addr_o), .rd_data_i(pos_rd2_data_i), .look_addr_i('0),
    .look_data_o(f_unused_pa[1]), .words_o(f_pa_copy));
  for (genvar k = 0; k < Probes; k++) begin : gen_crd_array
    formal_rom #(.AddrWidth(CrdAddrWidth), .Width(CrdWidth)) crd_array (.clk_i(clk_i),
      .rst_ni(rst_ni), .words_i(ca_words_i), .rd_en_i(crd_rd_en_o[k]),
      .rd_addr_i(crd_rd_addr_o[k*CrdAddrWidth +: CrdAddrWidth]),
      .rd_data_i(crd_rd_data_i[k*CrdWidth +: CrdWidth]), .look_addr_i('0),
      .look_data_o(f_unused_ca[k]), .words_o(f_ca_copy[k]));
  end
  assign f_ca = f_ca_copy[0];

  // (Shifts, not variable part-selects: those would leave x bits for ABC past
  // the array's end.)
  function automatic logic [RefWidth-1:0] f_pos(int unsigned a);
    logic [PaWords*RefWidth-1:0] sh;
    sh = f_pa >> (a * RefWidth);
    return sh[RefWidth-1:0];
  endfunction
  function automatic logic [CrdWidth-1:0] f_crd(int unsigned q);
    logic [CaWords*CrdWidth-1:0] sh;
    sh = f_ca >> (q * CrdWidth);
    return sh[CrdWidth-1:0];
  endfunction

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      for (int a = 0; a < PaWords; a++) begin
        assume (64'(f_pos(a)) <= 64'(CaWords));
        if (a + 1 < PaWords) begin
          assume (f_pos(a) <= f_pos(a + 1));
          assume (64'(f_pos(a + 1)) - 64'(f_pos(a)) < (64'd1 << Probes));
        end
      end
      for (int q = 0; q + 1 < CaWords; q++) begin
        // q and q + 1 in one fiber: some a with pos[a] <= q and q + 1 < pos[a + 1].
        for (int a = 0; a + 1 < PaWords; a++) begin
          if (64'(f_pos(a)) <= 64'(q) && 64'(q + 1) < 64'(f_pos(a + 1)))
            assume (f_crd(q) < f_crd(q + 1));
        end
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && parent_valid_i && !parent_tok_i[RefWidth])
      assume (64'(parent_tok_i[RefWidth-1:0]) + 64'd1 < 64'(PaWords));
  end

  logic                f_found;
  logic [RefWidth-1:0] f_locate;
  always_comb begin
    logic [63:0] p;
    p        = 64'(parent_tok_i[RefWidth-1:0]);
    f_found  = 1'b0;
    f_locate = '0;
    for (int q = 0; q < CaWords; q++) begin
      if (64'(f_pos(int'(p))) <= 64'(q) && 64'(q) < 64'(f_pos(int'(p) + 1))
          && f_crd(q) == crd_tok_i[CrdWidth-1:0]) begin
        f_found  = 1'b1;
        f_locate = RefWidth'(q);
      end
    end
  end
