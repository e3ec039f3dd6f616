  // start_i is a level: once high it stays high.
  logic started_q = 1'b0;
  always_ff @(posedge clk_i) started_q <= started_q || start_i;
  always_ff @(posedge clk_i) begin
    if (started_q) assume (start_i);
  end
