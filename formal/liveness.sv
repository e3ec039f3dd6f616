  // Bounded liveness under fair ready: the input is a stream of at most Len tokens
  // (S0 second to last, then D) whose producer is always valid until D, and every
  // consumer is ready at least once in every Fair cycles. Then D has left every
  // output by cycle Bound.
  localparam int unsigned Len   = 4;
  localparam int unsigned Fair  = 3;
  localparam int unsigned Bound = Len * Fair + 3;

  logic [3:0] sent_q;
  logic       in_done_q;
  logic [4:0] cycle_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      sent_q    <= '0;
      in_done_q <= 1'b0;
      cycle_q   <= '0;
    end else begin
      if (live_in_valid && live_in_ready) begin
        sent_q    <= sent_q + 4'd1;
        in_done_q <= in_done_q || live_in_tok[Width:0] == {1'b1, {Width{1'b1}}};
      end
      if (cycle_q != '1) cycle_q <= cycle_q + 5'd1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assume (live_in_valid || in_done_q);
      if (32'(sent_q) == Len - 2) assume (live_in_tok == {1'b1, Width'(0)});
      if (32'(sent_q) == Len - 1) assume (live_in_tok == {1'b1, {Width{1'b1}}});
    end
  end

  for (genvar k = 0; k < LiveOuts; k++) begin : gen_live
    logic [3:0] idle_q;
    logic       out_done_q;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        idle_q     <= '0;
        out_done_q <= 1'b0;
      end else begin
        idle_q <= live_out_ready[k] ? '0 : idle_q + 4'd1;
        if (live_out_valid[k] && live_out_ready[k] && live_out_tok[k] == {1'b1, {Width{1'b1}}})
          out_done_q <= 1'b1;
      end
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        assume (live_out_ready[k] || 32'(idle_q) < Fair - 1);
        if (32'(cycle_q) >= Bound) assert (out_done_q);
      end
    end
  end
