  // The LZ77 load (sam_arrayvals, Descriptors): for a free index n (idx_i in the
  // first cycle), the n-th token out is the load of the n-th descriptor in:
  // R_rep for a repeat, the word at its slot for a literal, 0 for N, a stop or D
  // re-encoded at the value width, over the modelled array (formal/vals_array.sv,
  // whose words differ per address, so a read of the wrong slot shows). The
  // scoreboard is formal/token_map.sv; f_load is the load the golden model
  // (lzload) gives for the token at the input.
  sam_pkg::tok_kind_e                f_kind;
  logic [63:0]                       f_payload;
  logic [sam_pkg::DescRepBits-1:0]   f_rep;
  logic [ValWidth:0]                 f_load;
  assign f_payload = 64'(ref_tok_i[RefWidth-1:0]);
  assign f_kind    = sam_pkg::tok_kind(ref_tok_i[RefWidth], f_payload, RefWidth);
  assign f_rep     = f_payload[sam_pkg::DescRepBits-1:0];
  always_comb begin
    unique case (f_kind)
      sam_pkg::TokData:
        f_load = f_rep != '0
                 ? {1'b1, ValWidth'(sam_pkg::repeat_base(ValWidth) + 64'(f_rep))}
                 : {1'b0, f_word(AddrWidth'(f_payload >> sam_pkg::DescRepBits))};
      sam_pkg::TokEmpty: f_load = '0;
      sam_pkg::TokDone:  f_load = {1'b1, ValWidth'(sam_pkg::done_payload(ValWidth))};
      default:           f_load = {1'b1, ValWidth'(f_payload)};
    endcase
  end

  formal_token_map #(.Width(ValWidth)) load_ref (.clk_i(clk_i), .rst_ni(rst_ni), .n_i(idx_i),
    .in_fire_i(ref_valid_i && ref_ready_o), .exp_i(f_load),
    .out_valid_i(val_valid_o), .out_ready_i(val_ready_i), .out_tok_i(val_tok_o));
