  // formal/subsect_ref.sv: the dense sam_subsect against a reference model of
  // runs (the pattern of formal/scan_runs_ref.sv). A reference r calls for a run
  // of output tokens: one per offset i in 0 .. extent_i-1 whose window
  // [o, o + Z), o = c*i + b, Z = window_i, meets the coordinates [0, dim_i)
  // (dense: every one stored), in increasing order, i on crd and the window's
  // descriptor on win, then its closing token; N only the closing token. The
  // descriptor is {base, lo, hi} = {c*i + row, row + max(o, 0), row + min(o + Z,
  // dim_i)} with row = r*dim_i, a position (RefWidth bits). Those windows are
  // the offsets from i0 = max(0, ceil((1 - b - Z) / c)) (the first whose end
  // passes 0) on while lo < hi and i < extent_i: the k-th data token of a run is
  // offset i0 + k, and a run ends at the first k without a window. The closing
  // token is S0, or S_(n+1) when the next input token is a stop S_n, which then
  // calls for no run of its own; a bare S_n calls for S_(n+1), D for D.
  //
  // Every run ends with its closing token, the only control token in it, so the
  // closing tokens on an output count the runs. The harness picks one
  // run-calling input token freely (pick_i high at its transfer, the first time
  // only) and keeps it, with the number of runs ahead of it on each output,
  // which it counts down as their closing tokens leave; the run that then comes
  // out is checked token by token against the kept token (the closing token once
  // the next input token has shown its level), so a token too many, too few or
  // out of place fails. As pick_i is free, the check covers every run. dim_i,
  // window_i and extent_i are the host's registers, held during the run (the
  // proof's `extra` assumes it), so the check reads them as it goes.
  localparam int FsC = 1 << StrideShift;
  localparam int FsB = Intercept;

  sam_pkg::tok_kind_e  fs_kind;
  logic                fs_fire, fs_fiber, fs_stop, fs_run, fs_tail_q;
  assign fs_fire  = ref_valid_i && ref_ready_o;
  assign fs_kind  = sam_pkg::tok_kind(ref_tok_i[RefWidth], 64'(ref_tok_i[RefWidth-1:0]),
                                      RefWidth);
  assign fs_fiber = fs_kind == sam_pkg::TokData || fs_kind == sam_pkg::TokEmpty;
  assign fs_stop  = fs_kind == sam_pkg::TokStop;
  // fs_tail_q: the last input token was a reference or N, whose closing token a
  // stop takes over.
  assign fs_run   = !(fs_stop && fs_tail_q);

  // The first offset whose window ends past coordinate 0.
  function automatic int fs_first(logic [CrdWidth-1:0] z);
    int x, q;
    x = 1 - FsB - int'(z);
    q = (x + FsC - 1) >>> StrideShift;  // ceil(x / c), c = 2^StrideShift
    return q < 0 ? 0 : q;
  endfunction

  // Each output (0 crd, 1 win): the runs called for and not yet closed there
  // (flight), those ahead of the picked run (ahead), whether the picked run has
  // closed there (gone), and the token's place k in the run it is in.
  logic [3:0]          fs_flight_q[2], fs_ahead_q[2];
  logic [CrdWidth:0]   fs_k_q[2];
  logic [1:0]          fs_gone_q;

  // The picked run: whether it is a reference's (windows), its row start and
  // closing token.
  logic                fs_pick, fs_picked_q, fs_wait_q, fs_closed_q, fs_behind_q, fs_data_q;
  logic [RefWidth-1:0] fs_row_q;
  logic [CrdWidth:0]   fs_close_crd_q;
  logic [63:0]         fs_close_win_q;
  assign fs_pick = fs_fire && fs_run && pick_i && !fs_picked_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      fs_tail_q      <= 1'b0;
      fs_picked_q    <= 1'b0;
      fs_behind_q    <= 1'b0;
      fs_wait_q      <= 1'b0;
      fs_closed_q    <= 1'b0;
      fs_data_q      <= 1'b0;
      fs_row_q       <= '0;
      fs_close_crd_q <= '0;
      fs_close_win_q <= '0;
    end else if (fs_fire) begin
      fs_tail_q <= fs_fiber;
      if (fs_pick) begin
        fs_picked_q    <= 1'b1;
        fs_behind_q    <= fs_flight_q[0] > 4'd1;
        fs_wait_q      <= fs_fiber;
        fs_closed_q    <= !fs_fiber;
        fs_data_q      <= fs_kind == sam_pkg::TokData;
        fs_row_q       <= RefWidth'(ref_tok_i[RefWidth-1:0] * RefWidth'(dim_i));
        fs_close_crd_q <= {1'b1, CrdWidth'(0)};
        fs_close_win_q <= {1'b1, 63'(0)};
        if (fs_kind == sam_pkg::TokDone) begin
          fs_close_crd_q <= '1;
          fs_close_win_q <= '1;
        end
        if (fs_stop) begin
          fs_close_crd_q <= {1'b1, CrdWidth'(ref_tok_i[RefWidth-1:0]) + CrdWidth'(1)};
          fs_close_win_q <= {1'b1, 63'(ref_tok_i[RefWidth-1:0]) + 63'(1)};
        end
      end
      // The token after the picked fiber picks its closing token.
      if (fs_wait_q) begin
        fs_wait_q   <= 1'b0;
        fs_closed_q <= 1'b1;
        if (fs_stop) begin
          fs_close_crd_q <= {1'b1, CrdWidth'(ref_tok_i[RefWidth-1:0]) + CrdWidth'(1)};
          fs_close_win_q <= {1'b1, 63'(ref_tok_i[RefWidth-1:0]) + 63'(1)};
        end
      end
    end
  end

  // The picked run's token at each output's place k: offset i = i0 + k, its
  // window [o, o + Z) clipped to [0, dim_i) as lo .. hi (coordinates), and
  // whether it holds one (elem).
  int                  fs_i[2], fs_o[2], fs_lo[2], fs_hi[2];
  logic [1:0]          fs_elem;
  logic [CrdWidth:0]   fs_crd_exp;
  logic [63:0]         fs_win_exp;
  for (genvar c = 0; c < 2; c++) begin : gen_exp
    assign fs_i[c]    = fs_first(window_i) + int'(fs_k_q[c]);
    assign fs_o[c]    = FsC * fs_i[c] + FsB;
    assign fs_lo[c]   = fs_o[c] < 0 ? 0 : fs_o[c];
    assign fs_hi[c]   = fs_o[c] + int'(window_i) < int'(dim_i) ? fs_o[c] + int'(window_i)
                                                               : int'(dim_i);
    assign fs_elem[c] = fs_data_q && fs_i[c] < int'(extent_i) && fs_lo[c] < fs_hi[c];
  end
  assign fs_crd_exp = fs_elem[0] ? {1'b0, CrdWidth'(fs_i[0])} : fs_close_crd_q;
  assign fs_win_exp = fs_elem[1] ? {1'b0, 23'(FsC * fs_i[1] + int'(fs_row_q)),
                                    20'(int'(fs_row_q) + fs_lo[1]),
                                    20'(int'(fs_row_q) + fs_hi[1])}
                                 : fs_close_win_q;

  logic [1:0] fs_out_valid, fs_out_ready, fs_out_close, fs_out_match;
  assign fs_out_valid = {win_valid_o, crd_valid_o};
  assign fs_out_ready = {win_ready_i, crd_ready_i};
  assign fs_out_close = {win_tok_o[63], crd_tok_o[CrdWidth]};
  assign fs_out_match = {win_tok_o == fs_win_exp, crd_tok_o == fs_crd_exp};

  for (genvar c = 0; c < 2; c++) begin : gen_out
    logic fire, closes;
    assign fire   = fs_out_valid[c] && fs_out_ready[c];
    assign closes = fire && fs_out_close[c];
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        fs_flight_q[c] <= '0;
        fs_ahead_q[c]  <= '0;
        fs_gone_q[c]   <= 1'b0;
        fs_k_q[c]      <= '0;
      end else begin
        fs_flight_q[c] <= fs_flight_q[c] + 4'(fs_fire && fs_run) - 4'(closes);
        // (k stops at its top: a run's windows are fewer, the check fails first.)
        if (fire) fs_k_q[c] <= fs_out_close[c] ? '0
                             : fs_k_q[c] == '1 ? fs_k_q[c] : fs_k_q[c] + 1'b1;
        // A run closing in the pick's cycle is one of those ahead.
        if (fs_pick) fs_ahead_q[c] <= fs_flight_q[c] - 4'(closes);
        else if (fs_picked_q && !fs_gone_q[c] && closes) begin
          if (fs_ahead_q[c] == '0) fs_gone_q[c] <= 1'b1;
          else fs_ahead_q[c] <= fs_ahead_q[c] - 4'd1;
        end
      end
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        RunsBounded_Ref: assert (fs_flight_q[c] != '1);
        if (fs_out_valid[c]) RunCalledFor_Ref: assert (fs_flight_q[c] != '0);
        if (fs_out_valid[c] && fs_picked_q && !fs_gone_q[c] && fs_ahead_q[c] == '0) begin
          RunMatches_Ref: assert (fs_out_match[c] && (fs_elem[c] || fs_closed_q));
        end
        // The check reaches a window of a run that had runs ahead of it.
        if (c == 1)
          RunBehindRun_C: cover (fs_out_valid[c] && fs_picked_q && !fs_gone_q[c]
                                 && fs_ahead_q[c] == '0 && fs_behind_q && fs_elem[c]);
      end
    end
  end
