  // formal/runreduce_ref.sv: sam_runreduce against a reference model (the golden
  // `runreduce`, golden/src/models/runs.rs). For a free index n (idx_i in the
  // reset cycle), the n-th output token is the n-th token of the reference:
  // walking the input pairs (crd token i with val token i), each fiber's run
  // starts x with their values v (N as 0) sum v * (e - x), e the fiber's next
  // start or dim_i, wrapping at ValWidth bits; a stop S_k gives the sum (0 for an
  // empty fiber), then S_(k-1) for k >= 1; D gives D. The starts increase and
  // lie below dim_i (the input contract, assumed here: the golden model's
  // lengths are then exact, as the reducer's are).
  //
  // crd and val move on their own handshakes, within the aligned monitor's
  // depth of each other, so formal/stream_pair.sv pairs them: crd token i with
  // val token i, at most one pair a cycle, in input order. The reference's
  // output count stops at 7 and n is below 6, so no count wraps.
  logic [2:0]                      rr_n_q, rr_in_q, rr_out_q;
  logic                            rr_run_q;   // a run is open in the fiber
  logic [CrdWidth-1:0]             rr_x_q;     // its start
  logic [ValWidth-1:0]             rr_v_q;     // its value
  logic [ValWidth-1:0]             rr_acc_q;   // the fiber's closed runs' sum
  logic                            rr_seen_q;
  logic [ValWidth:0]               rr_want_q;

  // The pair completed in this cycle, if any.
  logic              rr_pair;
  logic [CrdWidth:0] rr_pc;
  logic [ValWidth:0] rr_pv;
  formal_stream_pair #(.WidthA(CrdWidth), .WidthB(ValWidth)) rr_pairs (.clk_i(clk_i),
    .rst_ni(rst_ni), .a_fire_i(crd_valid_i && crd_ready_o), .a_tok_i(crd_tok_i),
    .b_fire_i(val_valid_i && val_ready_o), .b_tok_i(val_tok_i), .pair_o(rr_pair),
    .a_o(rr_pc), .b_o(rr_pv));

  sam_pkg::tok_kind_e  rr_ckind, rr_vkind;
  logic [CrdWidth-1:0] rr_cpay;
  logic [ValWidth-1:0] rr_val, rr_sum;
  logic [3:0]          rr_in_next;  // the reference's count after this pair
  assign rr_ckind = sam_pkg::tok_kind(rr_pc[CrdWidth], 64'(rr_pc[CrdWidth-1:0]), CrdWidth);
  assign rr_vkind = sam_pkg::tok_kind(rr_pv[ValWidth], 64'(rr_pv[ValWidth-1:0]), ValWidth);
  assign rr_cpay  = rr_pc[CrdWidth-1:0];
  assign rr_val   = rr_vkind == sam_pkg::TokData ? rr_pv[ValWidth-1:0] : '0;
  // The open run's share up to e (a start, or dim_i at a stop).
  function automatic logic [ValWidth-1:0] rr_share(logic run, logic [ValWidth-1:0] v,
                                                    logic [CrdWidth-1:0] x,
                                                    logic [CrdWidth-1:0] e);
    logic [CrdWidth-1:0] len;
    len = e - x;
    return run ? ValWidth'(v * ValWidth'(len)) : '0;
  endfunction
  assign rr_sum = rr_acc_q + rr_share(rr_run_q, rr_v_q, rr_x_q,
                                      rr_ckind == sam_pkg::TokData ? rr_cpay : dim_i);
  assign rr_in_next = 4'(rr_in_q)
                    + (rr_ckind == sam_pkg::TokStop ? (rr_cpay == '0 ? 4'd1 : 4'd2)
                       : rr_ckind == sam_pkg::TokDone ? 4'd1 : 4'd0);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rr_n_q        <= idx_i;
      rr_in_q       <= '0;
      rr_out_q      <= '0;
      rr_run_q      <= 1'b0;
      rr_x_q        <= '0;
      rr_v_q        <= '0;
      rr_acc_q      <= '0;
      rr_seen_q     <= 1'b0;
      rr_want_q     <= '0;
    end else begin
      if (rr_pair) begin
        rr_in_q <= rr_in_next > 4'd7 ? 3'd7 : rr_in_next[2:0];
        unique case (rr_ckind)
          sam_pkg::TokData: begin
            rr_acc_q <= rr_sum;
            rr_run_q <= 1'b1;
            rr_x_q   <= rr_cpay;
            rr_v_q   <= rr_val;
          end
          sam_pkg::TokStop: begin
            rr_acc_q <= '0;
            rr_run_q <= 1'b0;
          end
          default: ;
        endcase
        if (!rr_seen_q && rr_ckind == sam_pkg::TokStop && rr_in_q == rr_n_q) begin
          rr_seen_q <= 1'b1;
          rr_want_q <= {1'b0, rr_sum};
        end
        if (!rr_seen_q && rr_ckind == sam_pkg::TokStop && rr_cpay != '0
            && 4'(rr_in_q) + 4'd1 == 4'(rr_n_q)) begin
          rr_seen_q <= 1'b1;
          rr_want_q <= {1'b1, ValWidth'(rr_cpay - CrdWidth'(1))};
        end
        if (!rr_seen_q && rr_ckind == sam_pkg::TokDone && rr_in_q == rr_n_q) begin
          rr_seen_q <= 1'b1;
          rr_want_q <= rr_pv;
        end
      end
      if (val_valid_o && val_ready_i && rr_out_q != '1) rr_out_q <= rr_out_q + 3'd1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assume (rr_n_q < 3'd6);
      // The input contract: starts increase (the crd grammar's `sorted`) and lie
      // below dim_i.
      if (crd_valid_i && !crd_tok_i[CrdWidth]) assume (crd_tok_i[CrdWidth-1:0] < dim_i);
      if (val_valid_o && rr_out_q == rr_n_q) begin
        RunReduceOut_Ref: assert (rr_seen_q && val_tok_o == rr_want_q);
      end
    end
  end
