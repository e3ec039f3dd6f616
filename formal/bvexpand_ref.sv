  // formal/bvexpand_ref.sv: sam_bvexpand against a reference model (the golden
  // `bvexpand`, golden/src/models/bitvector.rs), on crd and on every way's ref
  // output.
  // Each input transfer (bv with each way's ref and mask, taken together) calls
  // for a run of output tokens, the same number on every output: a word with n
  // set bits n tokens, one per set bit j, lowest first (a zero word none); a stop
  // or D one token, itself. Bit j of word w (the word's ordinal since the last
  // stop) gives coordinate {w, j} on crd and, on ref[k], way k's prefix plus the
  // set bits of mask[k] below j, or N where mask[k] lacks bit j or the prefix is
  // N. The harness picks one transfer freely (pick_i high at it, the first time
  // only), and one bit of a word (bit_i at the pick: a set bit, or any for a stop
  // or D), and keeps the token each output must give for it and the number of
  // tokens ahead of it there: those called for by earlier transfers and not yet
  // out, plus the set bits below j. It counts them down as tokens leave; the token
  // that leaves when none is ahead must be the kept one. As the picks are free,
  // that is every token, in place: one too many, too few or out of order fails.
  // Every output token needs its transfer first (TokenCalledFor_Ref), and the
  // tokens in flight stay within the primitive's buffering (InFlightBounded_Ref),
  // so no counter wraps and the check covers every token of an unbounded run.
  // The proofs that use it close by k-induction with the invariants of
  // formal/bvexpand_ref_inv.sv (docs/formal.md).
  //
  // Input contract, assumed at each transfer (the golden model's shape checks;
  // the masks' is BvAligned_M's too): beside a word, every way's mask is a
  // word, and where the prefix is data, the prefix plus the mask's set bits fits
  // RefWidth (the positions it gives are references); a fiber has at most
  // 2**(CrdWidth - log2(WordWidth)) words (its coordinates fit CrdWidth).
  localparam int unsigned BeBits  = (WordWidth > 1) ? $clog2(WordWidth) : 1;
  localparam int unsigned BeIdx   = CrdWidth - BeBits;
  localparam int unsigned BeOuts  = 1 + Ways;
  localparam int unsigned BeTok   = ((CrdWidth > RefWidth) ? CrdWidth : RefWidth) + 1;
  // Tokens in flight, counted: at most two words' worth (the input and word
  // stages) and five (s1, s2 and the buffers, by the credit).
  localparam int unsigned BeCnt   = $clog2(3 * WordWidth + 8);

  function automatic logic [BeBits:0] be_pop(logic [WordWidth-1:0] x);
    logic [BeBits:0] n;
    n = '0;
    for (int unsigned i = 0; i < WordWidth; i++) n = n + (BeBits + 1)'(x[i]);
    return n;
  endfunction

  logic                 be_fire, be_word;
  logic [WordWidth-1:0] be_bits, be_below;
  logic [BeBits:0]      be_calls, be_skip;
  logic [BeIdx:0]       be_w_q;  // words since the last stop (at most 2**BeIdx)
  logic                 be_done;
  logic [CrdWidth:0]    be_crd_ctl;  // the stop or D as crd and ref carry it
  logic [RefWidth:0]    be_ref_ctl;
  assign be_fire   = bv_valid_i && bv_ready_o;
  assign be_word   = !bv_tok_i[WordWidth];
  assign be_bits   = bv_tok_i[WordWidth-1:0];
  assign be_below  = (WordWidth'(1) << bit_i) - WordWidth'(1);
  assign be_calls  = be_word ? be_pop(be_bits) : (BeBits + 1)'(1);
  assign be_skip   = be_word ? be_pop(be_bits & be_below) : '0;
  assign be_done    = sam_pkg::tok_kind(bv_tok_i[WordWidth], 64'(be_bits), WordWidth)
                      == sam_pkg::TokDone;
  assign be_crd_ctl = be_done ? {1'b1, CrdWidth'(sam_pkg::done_payload(CrdWidth))}
                              : {1'b1, CrdWidth'(be_bits)};
  assign be_ref_ctl = be_done ? {1'b1, RefWidth'(sam_pkg::done_payload(RefWidth))}
                              : {1'b1, RefWidth'(be_bits)};

  always_ff @(posedge clk_i) begin
    if (!rst_ni) be_w_q <= '0;
    else if (be_fire) be_w_q <= be_word ? be_w_q + (BeIdx + 1)'(1) : '0;
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && be_fire && be_word) begin
      assume (32'(be_w_q) < (32'd1 << BeIdx));
      for (int unsigned k = 0; k < Ways; k++) begin
        assume (!mask_tok_i[k][WordWidth]);
        if (!ref_tok_i[k][RefWidth])
          assume (33'(ref_tok_i[k][RefWidth-1:0]) + 33'(be_pop(mask_tok_i[k][WordWidth-1:0]))
                  <= (33'd1 << RefWidth));
      end
    end
  end

  // What each output (0 crd, 1 + k ref[k]) must give for the picked bit.
  logic [BeTok-1:0] be_exp[BeOuts];
  always_comb begin
    be_exp[0] = be_word ? BeTok'({1'b0, CrdWidth'({be_w_q[BeIdx-1:0], bit_i})})
                        : BeTok'(be_crd_ctl);
    for (int unsigned k = 0; k < Ways; k++) begin
      if (!be_word) be_exp[1 + k] = BeTok'(be_ref_ctl);
      else if (ref_tok_i[k][RefWidth] || !mask_tok_i[k][bit_i])
        be_exp[1 + k] = BeTok'({1'b1, RefWidth'(sam_pkg::empty_payload(RefWidth))});
      else be_exp[1 + k] = BeTok'({1'b0, ref_tok_i[k][RefWidth-1:0]
                                   + RefWidth'(be_pop(mask_tok_i[k][WordWidth-1:0] & be_below))});
    end
  end

  logic be_pick, be_picked_q;
  assign be_pick = be_fire && pick_i && !be_picked_q && (!be_word || be_bits[bit_i]);
  always_ff @(posedge clk_i) begin
    if (!rst_ni) be_picked_q <= 1'b0;
    else if (be_pick) be_picked_q <= 1'b1;
  end

  logic [BeOuts-1:0] be_out_valid, be_out_ready;
  logic [BeTok-1:0]  be_out_tok[BeOuts];
  assign be_out_valid  = {ref_valid_o, crd_valid_o};
  assign be_out_ready  = {ref_ready_i, crd_ready_i};
  assign be_out_tok[0] = BeTok'(crd_tok_o);
  for (genvar k = 0; k < Ways; k++) begin : gen_be_ref
    assign be_out_tok[1 + k] = BeTok'(ref_tok_o[k]);
  end

  for (genvar o = 0; o < BeOuts; o++) begin : gen_be_out
    logic             fire, gone_q, behind_q;
    logic [BeCnt-1:0] flight_q, ahead_q;
    logic [BeTok-1:0] want_q;
    assign fire = be_out_valid[o] && be_out_ready[o];
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        flight_q <= '0;
        ahead_q  <= '0;
        gone_q   <= 1'b0;
        behind_q <= 1'b0;
        want_q   <= '0;
      end else begin
        flight_q <= flight_q + (be_fire ? BeCnt'(be_calls) : '0) - BeCnt'(fire);
        if (be_pick) begin
          // A token leaving this cycle is one of those ahead.
          want_q   <= be_exp[o];
          ahead_q  <= flight_q - BeCnt'(fire) + BeCnt'(be_skip);
          behind_q <= be_skip != '0 && flight_q != BeCnt'(fire);
        end else if (be_picked_q && !gone_q && fire) begin
          if (ahead_q == '0) gone_q <= 1'b1;
          else ahead_q <= ahead_q - BeCnt'(1);
        end
      end
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        InFlightBounded_Ref: assert (32'(flight_q) + WordWidth < (32'd1 << BeCnt));
        if (be_out_valid[o]) TokenCalledFor_Ref: assert (flight_q != '0);
        if (be_out_valid[o] && be_picked_q && !gone_q && ahead_q == '0)
          TokenMatches_Ref: assert (be_out_tok[o] == want_q);
        // The check reaches a word's second bit, behind an earlier transfer's token.
        if (o == 0)
          BitBehindToken_C: cover (be_out_valid[o] && be_picked_q && !gone_q
                                   && ahead_q == '0 && behind_q);
      end
    end
  end
