  // The LZ77 load (sam_arrayvals, Descriptors): for a free index n (idx_i in the
  // first cycle), the n-th token out is the load of the n-th descriptor in:
  // R_rep for a repeat, the word at its slot for a literal, 0 for N, a stop or D
  // re-encoded at the value width. The value array is a model: the data two
  // cycles after a read of address a is f_word(a) (assumed), a different word
  // per address, so a read of the wrong slot shows. The counters stop at 15 and
  // n is below 15, so no count wraps and the property holds in every reachable
  // state.
  function automatic logic [ValWidth-1:0] f_word(logic [AddrWidth-1:0] a);
    return ValWidth'(a) ^ ValWidth'(64'h1555);
  endfunction

  logic                 f_rd1_q = 1'b0, f_rd2_q = 1'b0;
  logic [AddrWidth-1:0] f_a1_q, f_a2_q;
  always_ff @(posedge clk_i) begin
    f_rd1_q <= rst_ni && vals_rd_en_o;
    f_a1_q  <= vals_rd_addr_o;
    f_rd2_q <= f_rd1_q;
    f_a2_q  <= f_a1_q;
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && f_rd2_q) assume (vals_rd_data_i == f_word(f_a2_q));
  end

  // The load the golden model (lzload) gives for the token at the input.
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

  logic [3:0]        n_q, in_cnt_q, out_cnt_q;
  logic              seen_q;
  logic [ValWidth:0] want_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      n_q       <= idx_i;
      in_cnt_q  <= '0;
      out_cnt_q <= '0;
      seen_q    <= 1'b0;
      want_q    <= '0;
    end else begin
      if (ref_valid_i && ref_ready_o && in_cnt_q != '1) begin
        in_cnt_q <= in_cnt_q + 4'd1;
        if (in_cnt_q == n_q && !seen_q) begin
          seen_q <= 1'b1;
          want_q <= f_load;
        end
      end
      if (val_valid_o && val_ready_i && out_cnt_q != '1) out_cnt_q <= out_cnt_q + 4'd1;
    end
  end
  always_ff @(posedge clk_i) if (rst_ni) assume (n_q != '1);
  always_ff @(posedge clk_i) begin
    if (rst_ni && val_valid_o && out_cnt_q == n_q) assert (seen_q && val_tok_o == want_q);
  end
