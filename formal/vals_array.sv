  // The value array of sam_arrayvals as a model (formal/formal.py extra_file, with
  // formal/rom.sv): the read data two cycles after a read of address a is f_word(a)
  // (assumed), a different word per address, so a read of the wrong address shows.
  function automatic logic [ValWidth-1:0] f_word(logic [AddrWidth-1:0] a);
    return ValWidth'(a) ^ ValWidth'(64'h1555);
  endfunction

  logic [(2**AddrWidth)*ValWidth-1:0] f_words, f_unused_words;
  logic [ValWidth-1:0]                f_unused_look;
  for (genvar a = 0; a < 2 ** AddrWidth; a++) begin : gen_f_words
    assign f_words[a*ValWidth +: ValWidth] = f_word(AddrWidth'(a));
  end
  formal_rom #(.AddrWidth(AddrWidth), .Width(ValWidth), .Fixed(1'b1)) vals_array (
    .clk_i(clk_i), .rst_ni(rst_ni), .words_i(f_words), .rd_en_i(vals_rd_en_o),
    .rd_addr_i(vals_rd_addr_o), .rd_data_i(vals_rd_data_i), .look_addr_i('0),
    .look_data_o(f_unused_look), .words_o(f_unused_words));
  // The on-chip array's timing: every request taken, its response two cycles
  // later (formal/vals_any.sv is the same array behind a memory of any timing).
  logic [1:0] f_rd_q = '0;
  always_ff @(posedge clk_i) f_rd_q <= {f_rd_q[0], rst_ni && vals_rd_en_o};
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assume (vals_rd_ready_i);
      assume (vals_rd_valid_i == f_rd_q[1]);
    end
  end
