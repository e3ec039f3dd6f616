  // formal/scan_runs_ref.sv: a scanner against a reference model of runs.
  // An input token calls for a run of output tokens, the same on crd and ref: a
  // window {lo, len, off} one data token per position p in lo .. lo+len-1 (j on
  // crd, p on ref), then its closing token; N only the closing token. The closing
  // token is S0, or S_(k+1) when the next input token is a stop S_k, which then
  // calls for no run of its own; a bare S_k calls for S_(k+1), D for D. j =
  // crd[p] - off over the modelled crd array (compressed) or p - off (dense).
  // Every run ends with its closing token, the only control token in it, so the
  // closing tokens on an output count the runs. The harness picks one
  // run-calling input token freely (pick_i high at its transfer, the first time
  // only) and keeps it, with the number of runs ahead of it on each output, which
  // it counts down as their closing tokens leave; the run that then comes out is
  // checked token by token against the kept token (the closing token once the
  // next input token has shown its level), so a token too many, too few or out
  // of place fails. As pick_i is free, the check covers every run. Every run on
  // an output needs its input token first, and at most 14 runs are in flight, so
  // the counters stay exact in every reachable state. (With it, PDR does not
  // finish in minutes: the proofs close by k-induction with formal/
  // scan_runs_ref_inv.sv and the scanner's own invariants, formal/
  // windowscan_ref_inv.sv, formal/fiberlookup_ref_inv.sv; docs/formal.md.)
  //
  // The primitive's own file before this one decodes its input token into the
  // window: fw_fire (a transfer), fw_kind, fw_lo, fw_len (0 unless a window with
  // elements), fw_off and fw_lvl (a stop's level), and sets FwCompressed. The
  // crd array's read port is crd_rd_*: a symbolic constant (formal/rom.sv,
  // ca_words_i in the reset cycle) the reference reads at fw_crd_p; without
  // FwCompressed, ca_words_i goes unused.
  localparam int unsigned CaWords = 2 ** CrdAddrWidth;
  logic [CrdWidth-1:0]          fw_ca_word;
  logic [RefWidth-1:0]          fw_crd_p;
  logic [CaWords*CrdWidth-1:0]  fw_unused_words;
  formal_rom #(.AddrWidth(CrdAddrWidth), .Width(CrdWidth)) crd_array (.clk_i(clk_i),
    .rst_ni(rst_ni), .words_i(ca_words_i[CaWords*CrdWidth-1:0]),
    .rd_en_i(FwCompressed && crd_rd_en_o), .rd_addr_i(crd_rd_addr_o),
    .rd_data_i(crd_rd_data_i), .look_addr_i(CrdAddrWidth'(fw_crd_p)),
    .look_data_o(fw_ca_word), .words_o(fw_unused_words));

  // fw_tail_q: the last input token was a window or N, whose closing token a
  // stop takes over.
  logic fw_fiber, fw_stop, fw_run, fw_tail_q;
  assign fw_fiber = fw_kind == sam_pkg::TokData || fw_kind == sam_pkg::TokEmpty;
  assign fw_stop  = fw_kind == sam_pkg::TokStop;
  assign fw_run   = !(fw_stop && fw_tail_q);

  // Each output (0 crd, 1 ref): the runs called for and not yet closed there
  // (flight), those ahead of the picked run (ahead), whether the picked run has
  // closed there (gone), and the token's place k in the run it is in.
  logic [3:0]          fw_flight_q[2], fw_ahead_q[2];
  logic [RefWidth-1:0] fw_k_q[2];
  logic [1:0]          fw_gone_q;

  // The picked run: its first position, elements, j's offset and closing token.
  logic                fw_pick, fw_picked_q, fw_wait_q, fw_closed_q, fw_behind_q;
  logic [RefWidth-1:0] fw_lo_q, fw_len_q;
  logic [CrdWidth-1:0] fw_off_q;
  logic [CrdWidth:0]   fw_close_crd_q;
  logic [RefWidth:0]   fw_close_ref_q;
  assign fw_pick = fw_fire && fw_run && pick_i && !fw_picked_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      fw_tail_q      <= 1'b0;
      fw_picked_q    <= 1'b0;
      fw_behind_q    <= 1'b0;
      fw_wait_q      <= 1'b0;
      fw_closed_q    <= 1'b0;
      fw_lo_q        <= '0;
      fw_len_q       <= '0;
      fw_off_q       <= '0;
      fw_close_crd_q <= '0;
      fw_close_ref_q <= '0;
    end else if (fw_fire) begin
      fw_tail_q <= fw_fiber;
      if (fw_pick) begin
        fw_picked_q    <= 1'b1;
        fw_behind_q    <= fw_flight_q[0] > 4'd1;
        fw_wait_q      <= fw_fiber;
        fw_closed_q    <= !fw_fiber;
        fw_lo_q        <= fw_lo;
        fw_len_q       <= fw_len;
        fw_off_q       <= fw_off;
        fw_close_crd_q <= {1'b1, CrdWidth'(0)};
        fw_close_ref_q <= {1'b1, RefWidth'(0)};
        if (fw_kind == sam_pkg::TokDone) begin
          fw_close_crd_q <= '1;
          fw_close_ref_q <= '1;
        end
        if (fw_stop) begin
          fw_close_crd_q <= {1'b1, CrdWidth'(fw_lvl) + CrdWidth'(1)};
          fw_close_ref_q <= {1'b1, RefWidth'(fw_lvl) + RefWidth'(1)};
        end
      end
      // The token after the picked window picks its closing token.
      if (fw_wait_q) begin
        fw_wait_q   <= 1'b0;
        fw_closed_q <= 1'b1;
        if (fw_stop) begin
          fw_close_crd_q <= {1'b1, CrdWidth'(fw_lvl) + CrdWidth'(1)};
          fw_close_ref_q <= {1'b1, RefWidth'(fw_lvl) + RefWidth'(1)};
        end
      end
    end
  end

  // The token the picked run calls for at each output's place k.
  logic [CrdWidth:0]   fw_crd_exp;
  logic [RefWidth:0]   fw_ref_exp;
  logic [RefWidth-1:0] fw_ref_p;
  logic [CrdWidth-1:0] fw_j;
  logic [1:0]          fw_out_valid, fw_out_ready, fw_out_close, fw_out_elem, fw_out_match;

  assign fw_crd_p   = fw_lo_q + fw_k_q[0];
  assign fw_ref_p   = fw_lo_q + fw_k_q[1];
  assign fw_j       = (FwCompressed ? fw_ca_word : CrdWidth'(fw_crd_p))
                    - fw_off_q;
  assign fw_crd_exp = fw_k_q[0] < fw_len_q ? {1'b0, fw_j} : fw_close_crd_q;
  assign fw_ref_exp = fw_k_q[1] < fw_len_q ? {1'b0, fw_ref_p} : fw_close_ref_q;

  assign fw_out_valid = {ref_valid_o, crd_valid_o};
  assign fw_out_ready = {ref_ready_i, crd_ready_i};
  assign fw_out_close = {ref_tok_o[RefWidth], crd_tok_o[CrdWidth]};
  assign fw_out_elem  = {fw_k_q[1] < fw_len_q, fw_k_q[0] < fw_len_q};
  assign fw_out_match = {ref_tok_o == fw_ref_exp, crd_tok_o == fw_crd_exp};

  for (genvar c = 0; c < 2; c++) begin : gen_out
    logic fire, closes;
    assign fire   = fw_out_valid[c] && fw_out_ready[c];
    assign closes = fire && fw_out_close[c];
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        fw_flight_q[c] <= '0;
        fw_ahead_q[c]  <= '0;
        fw_gone_q[c]   <= 1'b0;
        fw_k_q[c]      <= '0;
      end else begin
        fw_flight_q[c] <= fw_flight_q[c] + 4'(fw_fire && fw_run) - 4'(closes);
        if (fire) fw_k_q[c] <= fw_out_close[c] ? '0 : fw_k_q[c] + RefWidth'(1);
        // A run closing in the pick's cycle is one of those ahead.
        if (fw_pick) fw_ahead_q[c] <= fw_flight_q[c] - 4'(closes);
        else if (fw_picked_q && !fw_gone_q[c] && closes) begin
          if (fw_ahead_q[c] == '0) fw_gone_q[c] <= 1'b1;
          else fw_ahead_q[c] <= fw_ahead_q[c] - 4'd1;
        end
      end
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        RunsBounded_Ref: assert (fw_flight_q[c] != '1);
        if (fw_out_valid[c]) RunCalledFor_Ref: assert (fw_flight_q[c] != '0);
        if (fw_out_valid[c] && fw_picked_q && !fw_gone_q[c] && fw_ahead_q[c] == '0) begin
          RunMatches_Ref: assert (fw_out_match[c] && (fw_out_elem[c] || fw_closed_q));
        end
        // The check reaches a run that had runs ahead of it.
        if (c == 0)
          RunBehindRun_C: cover (fw_out_valid[c] && fw_picked_q && !fw_gone_q[c]
                                 && fw_ahead_q[c] == '0 && fw_behind_q);
      end
    end
  end
