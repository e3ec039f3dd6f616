// A scoreboard for a primitive that gives one output token per input token: for
// a free index n (n_i in the reset cycle), the n-th token out is the token the
// reference gave for the n-th input transfer (exp_i, computed by the harness from
// the input tokens of that cycle). The counters stop at 15 and n is below 15, so
// no count wraps and the property holds in every reachable state (PDR proves it
// unbounded).
module formal_token_map #(
  parameter int unsigned Width = 2  // output payload width
) (
  input logic           clk_i,
  input logic           rst_ni,
  input logic [3:0]     n_i,
  input logic           in_fire_i,   // an input transfer: the reference's turn
  input logic [Width:0] exp_i,       // the output token it calls for
  input logic           out_valid_i,
  input logic           out_ready_i,
  input logic [Width:0] out_tok_i
);
  logic [3:0]     n_q, in_cnt_q, out_cnt_q;
  logic           seen_q;
  logic [Width:0] want_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      n_q       <= n_i;
      in_cnt_q  <= '0;
      out_cnt_q <= '0;
      seen_q    <= 1'b0;
      want_q    <= '0;
    end else begin
      if (in_fire_i && in_cnt_q != '1) begin
        in_cnt_q <= in_cnt_q + 4'd1;
        if (in_cnt_q == n_q) begin
          seen_q <= 1'b1;
          want_q <= exp_i;
        end
      end
      if (out_valid_i && out_ready_i && out_cnt_q != '1) out_cnt_q <= out_cnt_q + 4'd1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assume (n_q != '1);
      if (out_valid_i && out_cnt_q == n_q) TokenMatches_Ref: assert (seen_q && out_tok_i == want_q);
    end
  end
endmodule
