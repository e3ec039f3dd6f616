  // The LZ77 expander's input contract on its ports, for its proofs
  // (runexpand_lz77, runexpand_lz77_ref): a literal entry covers one coordinate;
  // with no N among the descriptors, none reaches the ref stage.
  // No N among the descriptors (`empty = false` on ref), so none in the ref stage.
  always_ff @(posedge clk_i) begin
    if (rst_ni && dut.r_full) assert (!(dut.r_q[3] && dut.r_q[2:0] == 3'(sam_pkg::empty_payload(3))));
  end
  // A literal entry covers one coordinate (an input contract, on the ports): the
  // next start in its fiber, or dim_i where the fiber closes, is at most one past
  // its start. The n-th descriptor pairs with the n-th start; the two streams
  // move apart (`aligned`, within 4), so each side keeps its last 8 tokens' facts
  // by index: okh, the start's next token keeps the bound (1 for a non-start),
  // lith, the descriptor is a literal.
  logic [3:0] f_nc_q, f_nr_q;  // tokens moved on crd and ref, mod 16
  logic [3:0] f_d;             // f_nc_q - f_nr_q: crd's lead
  logic [7:0] f_okh_q, f_lith_q;
  logic       f_cdata_q;       // crd's last move was a start, at f_x_q
  logic [2:0] f_x_q;
  logic       f_cdata, f_ok, f_lit;
  assign f_d     = f_nc_q - f_nr_q;
  assign f_cdata = crd_valid_i && !crd_tok_i[3];
  assign f_ok    = !f_cdata_q || (f_cdata ? {1'b0, crd_tok_i[2:0]} <= {1'b0, f_x_q} + 4'd1
                                          : crd_tok_i[3] && crd_tok_i[2:0] != 3'(sam_pkg::done_payload(3))
                                            ? {1'b0, dim_i} <= {1'b0, f_x_q} + 4'd1 : 1'b1);
  assign f_lit   = ref_valid_i && !ref_tok_i[13] && ref_tok_i[sam_pkg::DescRepBits-1:0] == '0;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      f_nc_q <= '0;
      f_nr_q <= '0;
      f_cdata_q <= 1'b0;
      f_okh_q <= '1;
      f_lith_q <= '0;
    end else begin
      if (crd_valid_i && crd_ready_o) begin
        f_nc_q <= f_nc_q + 4'd1;
        f_cdata_q <= f_cdata;
        f_x_q <= crd_tok_i[2:0];
        f_okh_q[3'(f_nc_q - 4'd1)] <= f_ok;
      end
      if (ref_valid_i && ref_ready_o) begin
        f_nr_q <= f_nr_q + 4'd1;
        f_lith_q[3'(f_nr_q)] <= f_lit;
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      // crd's head: the descriptor of the start before it has moved.
      if (crd_valid_i && f_cdata_q && ($signed(f_d) <= 0)) assume (!f_lith_q[3'(f_nc_q - 4'd1)] || f_ok);
      // ref's head, a literal: its start's next token has moved, or is at crd's head.
      if (f_lit && $signed(f_d) >= 2) assume (f_okh_q[3'(f_nr_q)]);
      if (f_lit && f_d == 4'd1 && crd_valid_i) assume (f_ok);
      // The cover run reaches a literal moving with either stream ahead (crd by
      // one at most: the block's stages hold a token each).
      LitCrdAhead_C: cover (f_lit && ref_ready_o && f_d == 4'd1 && crd_valid_i);
      LitRefAhead_C: cover (f_lit && ref_ready_o && $signed(f_d) <= 0 && f_nr_q != '0);
    end
  end
