  // The dense scan's fibers against a reference (formal/dense_fiber.sv), on the
  // tokens the scan pushes into its output buffers (dut.s2*: the buffers are
  // FIFOs, whose order the fifo proofs show): on crd, every fiber is 0, 1, ...,
  // dim_i - 1 or empty (N or a bare stop in): a coordinate equals the count of
  // coordinates since the last stop, below dim_i, and a stop follows none or
  // dim_i of them; on ref, the positions of a fiber are consecutive
  // (r*dim_i + c). dim_i is held (the host's register).
  logic [CrdWidth-1:0] df_dim_q;
  always_ff @(posedge clk_i) df_dim_q <= dim_i;
  always_ff @(posedge clk_i) if (rst_ni) assume (dim_i == df_dim_q);
  logic              df_push;
  logic [CrdWidth:0] df_crd;
  logic [RefWidth:0] df_ref;
  assign df_push = dut.s2_valid;
  assign df_crd  = dut.crd_out;
  assign df_ref  = dut.s2.ref_tok;
  logic [CrdWidth:0]   df_cnt_q;
  logic [RefWidth-1:0] df_next_q;  // the position after the last one pushed
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      df_cnt_q <= '0;
    end else if (df_push) begin
      df_cnt_q  <= df_crd[CrdWidth] ? '0 : df_cnt_q + 1'b1;
      df_next_q <= df_ref[RefWidth-1:0] + 1'b1;
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && df_push) begin
      if (!df_crd[CrdWidth]) begin
        assert (df_crd[CrdWidth-1:0] == df_cnt_q[CrdWidth-1:0] && df_cnt_q < (CrdWidth+1)'(dim_i));
        assert (df_ref[RefWidth] == 1'b0);
        if (df_cnt_q != '0) assert (df_ref[RefWidth-1:0] == df_next_q);
      end else begin
        assert (df_cnt_q == '0 || df_cnt_q == (CrdWidth+1)'(dim_i));
        assert (df_ref == df_crd);  // the same stop or D (CrdWidth == RefWidth here)
      end
    end
  end
