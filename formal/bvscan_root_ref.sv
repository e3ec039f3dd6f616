  // formal/bvscan_root_ref.sv: sam_bvscan in root mode against a reference model
  // (the golden `bvscan` on the root reference 0, golden/src/models/bitvector.rs).
  // Once start_i rises, the root fiber's W = ceil(dim_i / WordWidth) words come
  // out, word k being bv[k] on bv with pre[k] on ref, then S0, then D, and
  // nothing after: the harness counts the tokens taken on each output and checks
  // the one offered at each place, so a token too many, too few or out of place
  // fails. The arrays are symbolic constants (formal/rom.sv, bv_words_i and
  // pre_words_i in the reset cycle), each read two cycles on, as sam_mem reads.
  //
  // Input contract, assumed: dim_i is a host register, held for the run (from
  // reset here); the root fiber lies in the arrays (W at most 2**AddrWidth).
  localparam int unsigned RbBits  = $clog2(WordWidth);
  localparam int unsigned RbWords = 2 ** AddrWidth;

  logic [CrdWidth-1:0] rb_dim_q;
  logic [CrdWidth:0]   rb_w;  // W
  always_ff @(posedge clk_i) begin
    if (!rst_ni) rb_dim_q <= dim_i;
  end
  assign rb_w = (CrdWidth + 1)'((33'(rb_dim_q) + 33'(WordWidth - 1)) >> RbBits);
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assume (dim_i == rb_dim_q);
      assume (33'(rb_w) <= 33'(RbWords));
    end
  end

  // Each output (0 bv, 1 ref): the place k of the token it offers, counting the
  // tokens taken there (held at W + 2, past D).
  logic [CrdWidth+1:0] rb_k_q[2];
  logic [1:0]          rb_fire;
  assign rb_fire = {ref_valid_o && ref_ready_i, bv_valid_o && bv_ready_i};
  for (genvar o = 0; o < 2; o++) begin : gen_rb_place
    always_ff @(posedge clk_i) begin
      if (!rst_ni) rb_k_q[o] <= '0;
      else if (rb_fire[o] && 32'(rb_k_q[o]) < 32'(rb_w) + 2) rb_k_q[o] <= rb_k_q[o] + 1'b1;
    end
  end

  // The words at each output's place, read by the reference.
  logic [AddrWidth-1:0]         rb_bv_a, rb_pre_a;
  logic [WordWidth-1:0]         rb_bv_word;
  logic [RefWidth-1:0]          rb_pre_word;
  logic [RbWords*WordWidth-1:0] rb_unused_bv;
  logic [RbWords*RefWidth-1:0]  rb_unused_pre;
  assign rb_bv_a  = AddrWidth'(rb_k_q[0]);
  assign rb_pre_a = AddrWidth'(rb_k_q[1]);
  formal_rom #(.AddrWidth(AddrWidth), .Width(WordWidth)) bv_array (.clk_i(clk_i),
    .rst_ni(rst_ni), .words_i(bv_words_i), .rd_en_i(bv_rd_en_o),
    .rd_addr_i(bv_rd_addr_o), .rd_data_i(bv_rd_data_i), .look_addr_i(rb_bv_a),
    .look_data_o(rb_bv_word), .words_o(rb_unused_bv));
  formal_rom #(.AddrWidth(AddrWidth), .Width(RefWidth)) pre_array (.clk_i(clk_i),
    .rst_ni(rst_ni), .words_i(pre_words_i), .rd_en_i(pre_rd_en_o),
    .rd_addr_i(pre_rd_addr_o), .rd_data_i(pre_rd_data_i), .look_addr_i(rb_pre_a),
    .look_data_o(rb_pre_word), .words_o(rb_unused_pre));

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (bv_valid_o) begin
        if (32'(rb_k_q[0]) < 32'(rb_w)) RootWord_Ref: assert (bv_tok_o == {1'b0, rb_bv_word});
        if (32'(rb_k_q[0]) == 32'(rb_w)) RootWordsClose_Ref: assert (bv_tok_o == {1'b1, WordWidth'(0)});
        if (32'(rb_k_q[0]) == 32'(rb_w) + 1) RootWordsDone_Ref: assert (&bv_tok_o);
        RootWordsEnd_Ref: assert (32'(rb_k_q[0]) < 32'(rb_w) + 2);
      end
      if (ref_valid_o) begin
        if (32'(rb_k_q[1]) < 32'(rb_w)) RootPrefix_Ref: assert (ref_tok_o == {1'b0, rb_pre_word});
        if (32'(rb_k_q[1]) == 32'(rb_w)) RootPrefixesClose_Ref: assert (ref_tok_o == {1'b1, RefWidth'(0)});
        if (32'(rb_k_q[1]) == 32'(rb_w) + 1) RootPrefixesDone_Ref: assert (&ref_tok_o);
        RootPrefixesEnd_Ref: assert (32'(rb_k_q[1]) < 32'(rb_w) + 2);
      end
    end
  end
