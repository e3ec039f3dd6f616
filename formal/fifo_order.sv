  // Order and data integrity of sam_fifo (the "track one symbolic element" proof):
  // the token that enters while track_i is first high must leave as the next token
  // after those ahead of it, unchanged. The invariants below tie the tracker to the
  // FIFO's storage (with sam_fifo's own pointer invariants), so k-induction closes.
  logic             push, pop;
  logic             inside_q, gone_q;
  logic [3:0]       ahead_q;
  logic [Width:0]   want_q;
  logic [3:0]       count;

  assign push = valid_i && ready_o;
  assign pop  = valid_o && ready_i;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      inside_q <= 1'b0;
      gone_q   <= 1'b0;
      ahead_q  <= '0;
      want_q   <= '0;
    end else begin
      if (inside_q && pop) begin
        if (ahead_q == '0) begin
          inside_q <= 1'b0;
          gone_q   <= 1'b1;
        end else begin
          ahead_q <= ahead_q - 4'd1;
        end
      end
      if (push && track_i && !inside_q && !gone_q) begin
        inside_q <= 1'b1;
        want_q   <= tok_i;
        ahead_q  <= count - 4'(pop);
      end
    end
  end

  if (Depth == 1) begin : gen_track_register
    assign count = 4'(dut.gen_register.full_q);
    always_ff @(posedge clk_i) begin
      if (rst_ni && inside_q) begin
        assert (dut.gen_register.full_q && ahead_q == '0);
        assert (dut.gen_register.tok_q == want_q);
      end
    end
  end else begin : gen_track_buffer
    assign count = 4'(dut.gen_buffer.count_q);
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        if (inside_q) begin
          assert (ahead_q < count);
          assert (dut.gen_buffer.mem_q[(32'(dut.gen_buffer.rd_ptr_q) + 32'(ahead_q)) % Depth]
                  == want_q);
        end
      end
    end
  end

  // The property: the tracked token leaves unchanged when its turn comes.
  always_ff @(posedge clk_i) begin
    if (rst_ni && inside_q && ahead_q == '0 && valid_o) assert (tok_o == want_q);
  end
