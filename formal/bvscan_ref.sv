  // formal/bvscan_ref.sv: sam_bvscan (references from `ref`) against a reference
  // model (the golden `bvscan`, golden/src/models/bitvector.rs).
  // An input token calls for a run of output tokens, the same number on bv and
  // ref: a reference r the fiber's W = ceil(dim_i / WordWidth) words, word i being
  // bv[r*W + i] on bv with pre[r*W + i] on ref, then its closing token; N as many
  // zero words, each with N on ref, then its closing token. The closing token is
  // S0, or S_(n+1) when the next input token is a stop S_n, which then calls for
  // no run of its own; a bare S_n calls for S_(n+1), D for D. Every run ends with
  // its closing token, the only stop or D in it (an N prefix is no stop), so the
  // closing tokens on an output count the runs. The harness picks one
  // run-calling input token freely (pick_i high at its transfer, the first time
  // only) and keeps it, with the number of runs ahead of it on each output, which
  // it counts down as their closing tokens leave; the run that then comes out is
  // checked token by token against the kept token (the closing token once the
  // next input token has shown its level), so a token too many, too few or out
  // of place fails. As pick_i is free, the check covers every run. The arrays
  // are symbolic constants (formal/rom.sv, bv_words_i and pre_words_i in the reset
  // cycle), each read two cycles on, as sam_mem reads. (The proof that uses it
  // is unbounded by k-induction with formal/bvscan_ref_inv.sv; docs/formal.md.)
  //
  // Input contract, assumed: dim_i is a host register, held for the run (from
  // reset here); a reference's fiber lies in the arrays ((r + 1) * W at most
  // 2**AddrWidth).
  localparam int unsigned FbBits  = $clog2(WordWidth);
  localparam int unsigned FbWords = 2 ** AddrWidth;
  localparam logic [RefWidth:0] FbRefN = {1'b1, RefWidth'(sam_pkg::empty_payload(RefWidth))};

  logic [CrdWidth-1:0] fb_dim_q;
  logic [CrdWidth:0]   fb_w;               // W
  always_ff @(posedge clk_i) begin
    if (!rst_ni) fb_dim_q <= dim_i;
  end
  assign fb_w = CrdWidth'((33'(fb_dim_q) + 33'(WordWidth - 1)) >> FbBits);
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assume (dim_i == fb_dim_q);
    end
  end

  // The arrays; the reference reads bv at fb_bv_a (for bv) and pre at fb_pre_a
  // (for ref).
  logic [AddrWidth-1:0]            fb_bv_a, fb_pre_a;
  logic [WordWidth-1:0]            fb_bv_word;
  logic [RefWidth-1:0]             fb_pre_word;
  logic [FbWords*WordWidth-1:0]    fb_unused_bv;
  logic [FbWords*RefWidth-1:0]     fb_unused_pre;
  formal_rom #(.AddrWidth(AddrWidth), .Width(WordWidth)) bv_array (.clk_i(clk_i),
    .rst_ni(rst_ni), .words_i(bv_words_i), .rd_en_i(bv_rd_en_o),
    .rd_addr_i(bv_rd_addr_o), .rd_data_i(bv_rd_data_i), .look_addr_i(fb_bv_a),
    .look_data_o(fb_bv_word), .words_o(fb_unused_bv));
  formal_rom #(.AddrWidth(AddrWidth), .Width(RefWidth)) pre_array (.clk_i(clk_i),
    .rst_ni(rst_ni), .words_i(pre_words_i), .rd_en_i(pre_rd_en_o),
    .rd_addr_i(pre_rd_addr_o), .rd_data_i(pre_rd_data_i), .look_addr_i(fb_pre_a),
    .look_data_o(fb_pre_word), .words_o(fb_unused_pre));

  // The input token as the reference reads it. fb_tail_q: the last input token
  // was a reference or N, whose closing token a stop takes over.
  sam_pkg::tok_kind_e fb_kind;
  logic               fb_fire, fb_fiber, fb_stop, fb_run, fb_tail_q;
  assign fb_fire  = ref_valid_i && ref_ready_o;
  assign fb_kind  = sam_pkg::tok_kind(ref_tok_i[RefWidth], 64'(ref_tok_i[RefWidth-1:0]), RefWidth);
  assign fb_fiber = fb_kind == sam_pkg::TokData || fb_kind == sam_pkg::TokEmpty;
  assign fb_stop  = fb_kind == sam_pkg::TokStop;
  assign fb_run   = !(fb_stop && fb_tail_q);
  always_ff @(posedge clk_i) begin
    if (rst_ni && fb_fire && fb_kind == sam_pkg::TokData)
      assume (33'(ref_tok_i[RefWidth-1:0]) * 33'(fb_w) + 33'(fb_w) <= 33'(FbWords));
  end

  // Each output (0 bv, 1 ref): the runs called for and not yet closed there
  // (flight), those ahead of the picked run (ahead), whether the picked run has
  // closed there (gone), and the token's place k in the run it is in.
  logic [3:0]          fb_flight_q[2], fb_ahead_q[2];
  logic [CrdWidth:0]   fb_k_q[2];
  logic [1:0]          fb_gone_q;

  // The picked run: its fiber's first word, its words, whether it is N's, and
  // its closing token.
  logic                 fb_pick, fb_picked_q, fb_wait_q, fb_closed_q, fb_behind_q, fb_n_q;
  logic [AddrWidth-1:0] fb_base_q;
  logic [CrdWidth:0]    fb_len_q;
  logic [WordWidth:0]   fb_close_bv_q;
  logic [RefWidth:0]    fb_close_ref_q;
  assign fb_pick = fb_fire && fb_run && pick_i && !fb_picked_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      fb_tail_q      <= 1'b0;
      fb_picked_q    <= 1'b0;
      fb_behind_q    <= 1'b0;
      fb_wait_q      <= 1'b0;
      fb_closed_q    <= 1'b0;
      fb_n_q         <= 1'b0;
      fb_base_q      <= '0;
      fb_len_q       <= '0;
      fb_close_bv_q  <= '0;
      fb_close_ref_q <= '0;
    end else if (fb_fire) begin
      fb_tail_q <= fb_fiber;
      if (fb_pick) begin
        fb_picked_q    <= 1'b1;
        fb_behind_q    <= fb_flight_q[0] > 4'd1;
        fb_wait_q      <= fb_fiber;
        fb_closed_q    <= !fb_fiber;
        fb_n_q         <= fb_kind == sam_pkg::TokEmpty;
        fb_base_q      <= AddrWidth'(33'(ref_tok_i[RefWidth-1:0]) * 33'(fb_w));
        fb_len_q       <= fb_fiber ? fb_w : '0;
        fb_close_bv_q  <= {1'b1, WordWidth'(0)};
        fb_close_ref_q <= {1'b1, RefWidth'(0)};
        if (fb_kind == sam_pkg::TokDone) begin
          fb_close_bv_q  <= '1;
          fb_close_ref_q <= '1;
        end
        if (fb_stop) begin
          fb_close_bv_q  <= {1'b1, WordWidth'(ref_tok_i[RefWidth-1:0]) + WordWidth'(1)};
          fb_close_ref_q <= {1'b1, ref_tok_i[RefWidth-1:0] + RefWidth'(1)};
        end
      end
      // The token after the picked fiber picks its closing token.
      if (fb_wait_q) begin
        fb_wait_q   <= 1'b0;
        fb_closed_q <= 1'b1;
        if (fb_stop) begin
          fb_close_bv_q  <= {1'b1, WordWidth'(ref_tok_i[RefWidth-1:0]) + WordWidth'(1)};
          fb_close_ref_q <= {1'b1, ref_tok_i[RefWidth-1:0] + RefWidth'(1)};
        end
      end
    end
  end

  // The token the picked run calls for at each output's place k.
  logic [WordWidth:0] fb_bv_exp;
  logic [RefWidth:0]  fb_ref_exp;
  logic [1:0]         fb_out_valid, fb_out_ready, fb_out_close, fb_out_elem, fb_out_match;

  assign fb_bv_a    = fb_base_q + AddrWidth'(fb_k_q[0]);
  assign fb_pre_a   = fb_base_q + AddrWidth'(fb_k_q[1]);
  assign fb_out_elem = {fb_k_q[1] < fb_len_q, fb_k_q[0] < fb_len_q};
  assign fb_bv_exp  = !fb_out_elem[0] ? fb_close_bv_q
                    : fb_n_q ? '0 : {1'b0, fb_bv_word};
  assign fb_ref_exp = !fb_out_elem[1] ? fb_close_ref_q
                    : fb_n_q ? FbRefN : {1'b0, fb_pre_word};

  assign fb_out_valid = {ref_valid_o, bv_valid_o};
  assign fb_out_ready = {ref_ready_i, bv_ready_i};
  assign fb_out_close = {ref_tok_o[RefWidth] && ref_tok_o != FbRefN, bv_tok_o[WordWidth]};
  assign fb_out_match = {ref_tok_o == fb_ref_exp, bv_tok_o == fb_bv_exp};

  for (genvar c = 0; c < 2; c++) begin : gen_fb_out
    logic fire, closes;
    assign fire   = fb_out_valid[c] && fb_out_ready[c];
    assign closes = fire && fb_out_close[c];
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        fb_flight_q[c] <= '0;
        fb_ahead_q[c]  <= '0;
        fb_gone_q[c]   <= 1'b0;
        fb_k_q[c]      <= '0;
      end else begin
        fb_flight_q[c] <= fb_flight_q[c] + 4'(fb_fire && fb_run) - 4'(closes);
        if (fire) fb_k_q[c] <= fb_out_close[c] ? '0 : fb_k_q[c] + (CrdWidth + 1)'(1);
        // A run closing in the pick's cycle is one of those ahead.
        if (fb_pick) fb_ahead_q[c] <= fb_flight_q[c] - 4'(closes);
        else if (fb_picked_q && !fb_gone_q[c] && closes) begin
          if (fb_ahead_q[c] == '0) fb_gone_q[c] <= 1'b1;
          else fb_ahead_q[c] <= fb_ahead_q[c] - 4'd1;
        end
      end
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        RunsBounded_Ref: assert (fb_flight_q[c] != '1);
        if (fb_out_valid[c]) RunCalledFor_Ref: assert (fb_flight_q[c] != '0);
        if (fb_out_valid[c] && fb_picked_q && !fb_gone_q[c] && fb_ahead_q[c] == '0) begin
          RunMatches_Ref: assert (fb_out_match[c] && (fb_out_elem[c] || fb_closed_q));
        end
        // The check reaches a run that had runs ahead of it.
        if (c == 0)
          RunBehindRun_C: cover (fb_out_valid[c] && fb_picked_q && !fb_gone_q[c]
                                 && fb_ahead_q[c] == '0 && fb_behind_q);
      end
    end
  end
