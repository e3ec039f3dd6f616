  // Every output sees the input stream: for a free index n (idx_i in the first
  // cycle), the n-th token out of each output is the n-th token in. The input
  // holds its token while valid, so the n-th token is seen at the input before any
  // output can pass it on (so it captures the n-th token while valid, not at the
  // transfer as formal/token_map.sv does: a broadcast output may pass a token on
  // before the input transfer completes). The counters stop at 15 and n is below 15, so no
  // count wraps and the property holds in every reachable state.
  logic [3:0]       n_q, in_cnt_q;
  logic [3:0]       out_cnt_q[Ways];
  logic             seen_q;
  logic [Width:0]   want_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      n_q      <= idx_i;
      in_cnt_q <= '0;
      seen_q   <= 1'b0;
      want_q   <= '0;
    end else begin
      if (in_valid_i && in_ready_o && in_cnt_q != '1) in_cnt_q <= in_cnt_q + 4'd1;
      if (in_valid_i && in_cnt_q == n_q && !seen_q) begin
        seen_q <= 1'b1;
        want_q <= in_tok_i;
      end
    end
  end

  always_ff @(posedge clk_i) if (rst_ni) assume (n_q != '1);

  for (genvar k = 0; k < Ways; k++) begin : gen_track
    always_ff @(posedge clk_i) begin
      if (!rst_ni) out_cnt_q[k] <= '0;
      else if (out_valid_o[k] && out_ready_i[k] && out_cnt_q[k] != '1)
        out_cnt_q[k] <= out_cnt_q[k] + 4'd1;
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni && out_valid_o[k] && out_cnt_q[k] == n_q) begin
        assert (seen_q && out_tok_o[k] == want_q);
      end
    end
  end
