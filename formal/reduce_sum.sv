  // formal/reduce_sum.sv: sam_reduce (ReduceZeroFill) against a reference model.
  // For a free index n (idx_i in the reset cycle), the n-th output token is the
  // n-th token of the reference: walking the input, every stop S_k gives the sum
  // of the values since the last stop (N as 0, wrapping at ValWidth bits), then
  // S_(k-1) for k >= 1; D gives D. The input token that fixes the n-th output
  // moves before the output can show it. The counters stop at 7 and n is below
  // 6, so no count wraps and the property holds in every reachable state.
  localparam int unsigned FrW = $bits(val_tok_i) - 1;
  logic [2:0]     fr_n_q, fr_in_q, fr_out_q;
  logic [FrW-1:0] fr_acc_q;
  logic           fr_seen_q;
  logic [FrW:0]   fr_want_q;
  sam_pkg::tok_kind_e fr_kind;
  logic [FrW-1:0] fr_pay;
  logic [3:0]     fr_in_next;  // the reference's count after this input token
  assign fr_kind = sam_pkg::tok_kind(val_tok_i[FrW], 64'(val_tok_i[FrW-1:0]), FrW);
  assign fr_pay  = val_tok_i[FrW-1:0];
  assign fr_in_next = 4'(fr_in_q)
                    + (fr_kind == sam_pkg::TokStop ? (fr_pay == '0 ? 4'd1 : 4'd2)
                       : fr_kind == sam_pkg::TokDone ? 4'd1 : 4'd0);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      fr_n_q    <= idx_i;
      fr_in_q   <= '0;
      fr_out_q  <= '0;
      fr_acc_q  <= '0;
      fr_seen_q <= 1'b0;
      fr_want_q <= '0;
    end else begin
      if (val_valid_i && val_ready_o) begin
        fr_in_q <= fr_in_next > 4'd7 ? 3'd7 : fr_in_next[2:0];
        unique case (fr_kind)
          sam_pkg::TokData: fr_acc_q <= fr_acc_q + fr_pay;
          sam_pkg::TokStop: fr_acc_q <= '0;
          default: ;
        endcase
        if (!fr_seen_q && fr_kind == sam_pkg::TokStop && fr_in_q == fr_n_q) begin
          fr_seen_q <= 1'b1;
          fr_want_q <= {1'b0, fr_acc_q};
        end
        if (!fr_seen_q && fr_kind == sam_pkg::TokStop && fr_pay != '0
            && 4'(fr_in_q) + 4'd1 == 4'(fr_n_q)) begin
          fr_seen_q <= 1'b1;
          fr_want_q <= {1'b1, fr_pay - FrW'(1)};
        end
        if (!fr_seen_q && fr_kind == sam_pkg::TokDone && fr_in_q == fr_n_q) begin
          fr_seen_q <= 1'b1;
          fr_want_q <= val_tok_i;
        end
      end
      if (val_valid_o && val_ready_i && fr_out_q != '1) fr_out_q <= fr_out_q + 3'd1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assume (fr_n_q < 3'd6);
      if (val_valid_o && fr_out_q == fr_n_q) assert (fr_seen_q && val_tok_o == fr_want_q);
    end
  end
