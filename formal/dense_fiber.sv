  // The dense scan's fibers against a reference (formal/dense_fiber.sv): on crd
  // out, every fiber is 0, 1, ..., dim_i - 1 or empty (N or a bare stop in): a
  // coordinate equals the count of coordinates since the last stop, below
  // dim_i, and a stop follows none or dim_i of them; on ref out, the positions
  // of a fiber are consecutive (r*dim_i + c). dim_i is held (the host's register).
  logic [CrdWidth-1:0] df_dim_q;
  always_ff @(posedge clk_i) df_dim_q <= dim_i;
  always_ff @(posedge clk_i) if (rst_ni) assume (dim_i == df_dim_q);
  logic [CrdWidth:0]   df_cnt_q;
  logic                df_in_q;   // ref out: inside a fiber (a position since the last stop)
  logic [RefWidth-1:0] df_next_q; // ref out: the position that follows the last one
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      df_cnt_q <= '0;
      df_in_q  <= 1'b0;
    end else begin
      if (crd_valid_o && crd_ready_i)
        df_cnt_q <= crd_tok_o[CrdWidth] ? '0 : df_cnt_q + 1'b1;
      if (ref_valid_o && ref_ready_i) begin
        df_in_q   <= !ref_tok_o[RefWidth];
        df_next_q <= ref_tok_o[RefWidth-1:0] + 1'b1;
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && crd_valid_o) begin
      if (!crd_tok_o[CrdWidth])
        assert (crd_tok_o[CrdWidth-1:0] == df_cnt_q[CrdWidth-1:0] && df_cnt_q < (CrdWidth+1)'(dim_i));
      else
        assert (df_cnt_q == '0 || df_cnt_q == (CrdWidth+1)'(dim_i));
    end
    if (rst_ni && ref_valid_o && !ref_tok_o[RefWidth] && df_in_q)
      assert (ref_tok_o[RefWidth-1:0] == df_next_q);
  end
