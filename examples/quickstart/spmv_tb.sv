// spmv_tb: a minimal testbench for the quickstart's SpMV kernel top (docs/quickstart.md).
//
// It drives the kernel only through its host port (docs/host-protocol.md): loads
// the CSR arrays of B and the dense vector c, writes the extents, starts a run,
// waits for done, reads the cycle counter, the status word and x, and checks x.
//
// The region numbers below come from sam_kernel_map.yaml (region = base >> 24) of
//   samgen compile 'x(i) = B(i,j) * c(j)' -f B:ds -f c:d -f x:d --mem-words 64 -o spmv
// Another kernel or other formats give another map: adapt the localparams and
// the data, nothing else.
//
// B is 4 x 5: row 0 holds (1: 2) and (3: 3), row 1 is empty, row 2 holds (0: 1) and
// (4: 4), row 3 holds (2: 5); c = 1 2 3 4 5; so x = 16 0 21 15.

module spmv_tb;
  // Regions of sam_kernel_map.yaml.
  localparam logic [7:0] Control = 8'd0;   // control: word 0 start/done, 1 cycles, 2 status
  localparam logic [7:0] RangeIDim = 8'd1;  // full_range_i.dim (setting, extent of i)
  localparam logic [7:0] B0Dim = 8'd2;      // B0_scan.dim (setting, extent of i)
  localparam logic [7:0] BPos = 8'd4;       // B1_scan.pos (input, B1_pos)
  localparam logic [7:0] BCrd = 8'd5;       // B1_scan.crd (input, B1_crd)
  localparam logic [7:0] C0Dim = 8'd6;      // c0_locate.dim (setting, extent of j)
  localparam logic [7:0] CVals = 8'd7;      // c_vals.vals (input, c_vals)
  localparam logic [7:0] BVals = 8'd8;      // B_vals.vals (input, B_vals)
  localparam logic [7:0] XVals = 8'd9;      // x_vals_write.vals (output, x_vals)
  localparam logic [7:0] XCount = 8'd10;    // x_vals_write.count (words written)

  localparam int Rows = 4;
  localparam int Cols = 5;
  localparam int Nnz = 5;
  // The level arrays of B in CSR (`samgen tensor show B.mtx -f ds` prints them).
  localparam logic [15:0] BPosData[Rows+1] = '{0, 2, 2, 4, 5};
  localparam logic [15:0] BCrdData[Nnz] = '{1, 3, 0, 4, 2};
  localparam logic [31:0] BValsData[Nnz] = '{2, 3, 1, 4, 5};
  localparam logic [31:0] CData[Cols] = '{1, 2, 3, 4, 5};
  localparam logic [31:0] XExpected[Rows] = '{16, 0, 21, 15};

  logic        clk = 1'b0;
  logic        rst_n = 1'b0;
  logic        host_re = 1'b0;
  logic        host_we = 1'b0;
  logic [31:0] host_addr = '0;
  logic [63:0] host_wdata = '0;
  logic [63:0] host_rdata;
  logic        host_rvalid;
  logic        done;

  always #5 clk <= ~clk;

  sam_kernel dut (
    .clk_i        (clk),
    .rst_ni       (rst_n),
    .host_re_i    (host_re),
    .host_we_i    (host_we),
    .host_addr_i  (host_addr),
    .host_wdata_i (host_wdata),
    .host_rdata_o (host_rdata),
    .host_rvalid_o(host_rvalid),
    .done_o       (done),
    // Per-edge (valid, ready) pairs for waveforms and profiling: not used here.
    /* verilator lint_off PINCONNECTEMPTY */
    .probe_o      ()
    /* verilator lint_on PINCONNECTEMPTY */
  );

  function automatic logic [31:0] addr(input logic [7:0] region, input logic [23:0] word);
    return {region, word};
  endfunction

  // One write: the port takes it on the next rising edge.
  task automatic host_write(input logic [7:0] region, input logic [23:0] word,
                           input logic [63:0] data);
    @(negedge clk);
    host_we    = 1'b1;
    host_addr  = addr(region, word);
    host_wdata = data;
    @(negedge clk);
    host_we = 1'b0;
  endtask

  // One read: raise host_re for a cycle, then wait for host_rvalid (3 cycles later).
  task automatic host_read(input logic [7:0] region, input logic [23:0] word,
                          output logic [63:0] data);
    int waited;
    @(negedge clk);
    host_re   = 1'b1;
    host_addr = addr(region, word);
    @(negedge clk);
    host_re = 1'b0;
    waited  = 0;
    while (!host_rvalid) begin
      waited++;
      if (waited > 64) $fatal(1, "no host_rvalid for the read of region %0d word %0d", region, word);
      @(negedge clk);
    end
    data = host_rdata;
  endtask

  logic [63:0] word;
  int          polls;
  int          errors;

  initial begin
    repeat (4) @(negedge clk);
    rst_n = 1'b1;

    // Extents of the dense levels and the index ranges.
    host_write(RangeIDim, 0, 64'(Rows));
    host_write(B0Dim, 0, 64'(Rows));
    host_write(C0Dim, 0, 64'(Cols));
    // The input arrays.
    for (int k = 0; k <= Rows; k++) begin : load_pos
      host_write(BPos, 24'(k), 64'(BPosData[k]));
    end
    for (int k = 0; k < Nnz; k++) begin : load_crd_vals
      host_write(BCrd, 24'(k), 64'(BCrdData[k]));
      host_write(BVals, 24'(k), 64'(BValsData[k]));
    end
    for (int k = 0; k < Cols; k++) begin : load_c
      host_write(CVals, 24'(k), 64'(CData[k]));
    end

    // Clear the status word, start, and wait for done (word 0, bit 0).
    host_write(Control, 2, '0);
    host_write(Control, 0, 64'd1);
    polls = 0;
    do begin
      host_read(Control, 0, word);
      polls++;
      if (polls > 10000) $fatal(1, "no done after %0d polls", polls);
    end while (!word[0]);
    if (!done) $fatal(1, "done_o is low while control word 0 says done");

    host_read(Control, 1, word);
    $display("cycles %0d", word);
    host_read(Control, 2, word);
    if (word != 0) $fatal(1, "status word 0x%0h (docs/host-protocol.md, \"Status word\")", word);

    host_read(XCount, 0, word);
    $display("x: %0d words written", word);
    errors = 0;
    for (int k = 0; k < Rows; k++) begin : read_x
      host_read(XVals, 24'(k), word);
      $display("x(%0d) = %0d", k, $signed(word[31:0]));
      if (word[31:0] != XExpected[k]) begin
        $display("  expected %0d", $signed(XExpected[k]));
        errors++;
      end
    end
    if (errors != 0) $fatal(1, "%0d wrong values", errors);
    $display("PASS");
    $finish;
  end
endmodule
