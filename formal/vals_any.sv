  // The value array of sam_arrayvals as a model (formal/formal.py extra_file, with
  // formal/mem_any.sv): word a is f_word(a), a different word per address, so a
  // read of the wrong address shows, behind a memory of any timing (requests
  // refused, responses one to three cycles after the request reaches the head).
  function automatic logic [ValWidth-1:0] f_word(logic [AddrWidth-1:0] a);
    return ValWidth'(a) ^ ValWidth'(64'h1555);
  endfunction

  logic [AddrWidth-1:0] f_look_addr;
  formal_mem_any #(.AddrWidth(AddrWidth), .Width(ValWidth), .Depth(Credits)) vals_memory (
    .clk_i(clk_i), .rst_ni(rst_ni), .en_i(vals_rd_en_o), .addr_i(vals_rd_addr_o),
    .ready_i(vals_rd_ready_i), .valid_i(vals_rd_valid_i), .data_i(vals_rd_data_i),
    .look_addr_o(f_look_addr), .look_data_i(f_word(f_look_addr)));
