  // The value array of sam_arrayvals as a model (formal/formal.py extra_file):
  // the read data two cycles after a read of address a is f_word(a) (assumed),
  // a different word per address, so a read of the wrong address shows.
  function automatic logic [ValWidth-1:0] f_word(logic [AddrWidth-1:0] a);
    return ValWidth'(a) ^ ValWidth'(64'h1555);
  endfunction

  logic                 f_rd1_q = 1'b0, f_rd2_q = 1'b0;
  logic [AddrWidth-1:0] f_a1_q, f_a2_q;
  always_ff @(posedge clk_i) begin
    f_rd1_q <= rst_ni && vals_rd_en_o;
    f_a1_q  <= vals_rd_addr_o;
    f_rd2_q <= f_rd1_q;
    f_a2_q  <= f_a1_q;
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && f_rd2_q) assume (vals_rd_data_i == f_word(f_a2_q));
  end
