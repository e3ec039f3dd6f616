  // A writer (a sink: no output channel) is always ready and raises done_o in the
  // cycle after D moves, not before; the board and co-simulation wait on done_o.
  localparam int unsigned SinkWidth = $bits(sink_tok) - 1;
  logic d_moved_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) d_moved_q <= 1'b0;
    else if (sink_valid && sink_ready && sink_tok == {1'b1, {SinkWidth{1'b1}}}) d_moved_q <= 1'b1;
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (sink_ready);
      assert (done_o == d_moved_q);
      // The writer finishes: the cover run must see done_o.
      Done_C: cover (done_o);
    end
  end
