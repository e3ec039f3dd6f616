  // formal/concat_ways.sv: sam_concat against its reference, one way at a time.
  // The output is the ways' fibers in turn, each way's stops rewritten: S0 on ways
  // 0 .. Ways-2, S_(n+1) for S_n on the last way, one D for every way's D. Read
  // backwards, the output's own stops say which way each token belongs to: the
  // ways take turns, a stop hands the turn to the next way (the last way's back
  // to way 0), and D belongs to every way. For a free way w (way_i in the reset
  // cycle), the tokens of each output that belong to way w are way w's input
  // tokens with the rewrite, in order (formal/token_pick.sv). That holds
  // for every way exactly when the output is the concatenation: a token in the
  // wrong order, of the wrong way or a stop too many or too few shifts the turns,
  // and some way's tokens stop matching.
  logic [2:0] fc_way_q;
  always_ff @(posedge clk_i) if (!rst_ni) fc_way_q <= 3'(way_i);
  always_ff @(posedge clk_i) if (rst_ni) assume (32'(fc_way_q) < Ways);

  logic [Ways-1:0] fc_crd_fire, fc_val_fire;
  assign fc_crd_fire = crd_valid_i & crd_ready_o;
  assign fc_val_fire = val_valid_i & val_ready_o;

  // Way w's tokens as the output carries them: a stop flattened to S0, or raised
  // on the last way; anything else as it came.
  logic              fc_last;
  logic [CrdWidth:0] fc_crd_tok, fc_crd_exp;
  logic [ValWidth:0] fc_val_tok, fc_val_exp;
  assign fc_last    = 32'(fc_way_q) == Ways - 1;
  assign fc_crd_tok = crd_tok_i[fc_way_q];
  assign fc_val_tok = val_tok_i[fc_way_q];
  always_comb begin
    fc_crd_exp = fc_crd_tok;
    if (sam_pkg::tok_kind(fc_crd_tok[CrdWidth], 64'(fc_crd_tok[CrdWidth-1:0]), CrdWidth)
        == sam_pkg::TokStop)
      fc_crd_exp = {1'b1, fc_last ? fc_crd_tok[CrdWidth-1:0] + CrdWidth'(1) : CrdWidth'(0)};
    fc_val_exp = fc_val_tok;
    if (sam_pkg::tok_kind(fc_val_tok[ValWidth], 64'(fc_val_tok[ValWidth-1:0]), ValWidth)
        == sam_pkg::TokStop)
      fc_val_exp = {1'b1, fc_last ? fc_val_tok[ValWidth-1:0] + ValWidth'(1) : ValWidth'(0)};
  end

  // Whose turn it is on each output, and whether the token there is way w's.
  logic [2:0]         fc_crd_turn_q, fc_val_turn_q;
  sam_pkg::tok_kind_e fc_crd_kind, fc_val_kind;
  logic               fc_crd_mine, fc_val_mine;
  assign fc_crd_kind = sam_pkg::tok_kind(crd_tok_o[CrdWidth], 64'(crd_tok_o[CrdWidth-1:0]),
                                         CrdWidth);
  assign fc_val_kind = sam_pkg::tok_kind(val_tok_o[ValWidth], 64'(val_tok_o[ValWidth-1:0]),
                                         ValWidth);
  assign fc_crd_mine = fc_crd_turn_q == fc_way_q || fc_crd_kind == sam_pkg::TokDone;
  assign fc_val_mine = fc_val_turn_q == fc_way_q || fc_val_kind == sam_pkg::TokDone;

  function automatic logic [2:0] fc_next_turn(logic [2:0] turn);
    return 32'(turn) == Ways - 1 ? 3'd0 : turn + 3'd1;
  endfunction

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      fc_crd_turn_q <= '0;
      fc_val_turn_q <= '0;
    end else begin
      if (crd_valid_o && crd_ready_i && fc_crd_kind == sam_pkg::TokStop)
        fc_crd_turn_q <= fc_next_turn(fc_crd_turn_q);
      if (val_valid_o && val_ready_i && fc_val_kind == sam_pkg::TokStop)
        fc_val_turn_q <= fc_next_turn(fc_val_turn_q);
    end
  end

  formal_token_pick #(.Width(CrdWidth)) crd_ref (.clk_i(clk_i), .rst_ni(rst_ni),
    .pick_i(pick_i[0]), .in_fire_i(fc_crd_fire[fc_way_q]), .exp_i(fc_crd_exp),
    .out_valid_i(crd_valid_o && fc_crd_mine), .out_ready_i(crd_ready_i),
    .out_tok_i(crd_tok_o));
  formal_token_pick #(.Width(ValWidth)) val_ref (.clk_i(clk_i), .rst_ni(rst_ni),
    .pick_i(pick_i[1]), .in_fire_i(fc_val_fire[fc_way_q]), .exp_i(fc_val_exp),
    .out_valid_i(val_valid_o && fc_val_mine), .out_ready_i(val_ready_i),
    .out_tok_i(val_tok_o));
