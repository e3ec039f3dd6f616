// tb_axi_image: a self-checking testbench of one's own for a kernel top whose
// arrays live in external memory, run from the memory images of
//   samgen compile EXPR -f ... --memory axi -o DIR -i NAME=FILE ... --image
// (docs/memory.md, "Memory images for your own testbench").
//
// It has a simple AXI4 slave memory behind every lane of the top: one array of
// 64-bit words that all lanes share, in order, one beat a cycle, answering in
// the cycle after the address. It loads DIR/image/memory.hex into it
// ($readmemh), performs the host writes of DIR/image/registers.svh through the
// top's host port, starts the run, waits for done, checks the status word and
// the count registers, and compares the whole memory with
// DIR/image/expected.hex. It prints PASS, or FAIL and stops with $fatal.
//
// Build it with Verilator 5 in DIR (the files of the top, its map's package,
// the images' include directory, this file), then run it there:
//   $ verilator --binary --timing --top-module tb_axi_image -F files.f
//       sam_kernel_regs_pkg.sv +incdir+image tb_axi_image.sv
//   $ obj_dir/Vtb_axi_image +image=image [+expected=OTHER.hex]
//
// Another top name than sam_kernel: rename the instance's module and the
// package (sam_kernel_regs_pkg); nothing else depends on the kernel.

module tb_axi_image;
  // ImageWords, AxiLanes, RegWrites/RegWriteAddr/RegWriteData,
  // CountReads/CountAddr/CountValue, Outputs/OutputBase/OutputWords.
  `include "registers.svh"

  import sam_kernel_regs_pkg::CONTROL_BASE;
  import sam_kernel_regs_pkg::CYCLES_WORD;
  import sam_kernel_regs_pkg::STATUS_WORD;
  import sam_kernel_regs_pkg::CTRL_START;
  import sam_kernel_regs_pkg::CTRL_DONE;

  localparam int unsigned N = AxiLanes;
  localparam int unsigned IndexBits = $clog2(ImageWords);
  localparam int unsigned MaxPolls = 1_000_000;
  localparam int unsigned MaxReports = 8;

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

  // The lanes, packed as the top's ports: lane k is slice k of each.
  logic [N-1:0]    arvalid, arready, rvalid, rready, rlast;
  logic [32*N-1:0] araddr;
  logic [8*N-1:0]  arlen;
  logic [3*N-1:0]  arsize;
  logic [2*N-1:0]  arburst, rresp;
  logic [64*N-1:0] rdata;
  logic [N-1:0]    awvalid, awready, wvalid, wready, wlast, bvalid, bready;
  logic [32*N-1:0] awaddr;
  logic [8*N-1:0]  awlen, wstrb;
  logic [3*N-1:0]  awsize;
  logic [2*N-1:0]  awburst, bresp;
  logic [64*N-1:0] wdata;

  sam_kernel dut (
    .clk_i          (clk),
    .rst_ni         (rst_n),
    .host_re_i      (host_re),
    .host_we_i      (host_we),
    .host_addr_i    (host_addr),
    .host_wdata_i   (host_wdata),
    .host_rdata_o   (host_rdata),
    .host_rvalid_o  (host_rvalid),
    .done_o         (done),
    // Per-edge (valid, ready) pairs for waveforms and profiling: not used here.
    /* verilator lint_off PINCONNECTEMPTY */
    .probe_o        (),
    /* verilator lint_on PINCONNECTEMPTY */
    .m_axi_arvalid_o(arvalid),
    .m_axi_arready_i(arready),
    .m_axi_araddr_o (araddr),
    .m_axi_arlen_o  (arlen),
    .m_axi_arsize_o (arsize),
    .m_axi_arburst_o(arburst),
    .m_axi_rvalid_i (rvalid),
    .m_axi_rready_o (rready),
    .m_axi_rdata_i  (rdata),
    .m_axi_rresp_i  (rresp),
    .m_axi_rlast_i  (rlast),
    .m_axi_awvalid_o(awvalid),
    .m_axi_awready_i(awready),
    .m_axi_awaddr_o (awaddr),
    .m_axi_awlen_o  (awlen),
    .m_axi_awsize_o (awsize),
    .m_axi_awburst_o(awburst),
    .m_axi_wvalid_o (wvalid),
    .m_axi_wready_i (wready),
    .m_axi_wdata_o  (wdata),
    .m_axi_wstrb_o  (wstrb),
    .m_axi_wlast_o  (wlast),
    .m_axi_bvalid_i (bvalid),
    .m_axi_bready_o (bready),
    .m_axi_bresp_i  (bresp)
  );

  // ---------------------------------------------------------------------------
  // The memory: word k holds bytes 8k .. 8k+7, byte 8k in bits 7:0.
  logic [63:0] mem      [ImageWords];
  logic [63:0] expected [ImageWords];

  function automatic logic [IndexBits-1:0] index(input logic [28:0] word);
    if (word >= 29'(ImageWords)) $fatal(1, "an access at byte address 0x%0h, outside the image", {word, 3'b0});
    return word[IndexBits-1:0];
  endfunction

  // The bits of a word that byte strobes `strb` select.
  function automatic logic [63:0] strobed(input logic [7:0] strb);
    logic [63:0] bits;
    for (int b = 0; b < 8; b++) bits[8*b +: 8] = {8{strb[b]}};
    return bits;
  endfunction

  // One slave per lane. Its outputs come from its state, never from the
  // master's signals: a read burst in progress (its next word and beats
  // left), a write burst whose address was taken (likewise), a response due.
  for (genvar k = 0; k < N; k++) begin : g_lane
    logic        rd_busy, wr_busy, b_due;
    logic [28:0] rd_word, wr_word;
    logic [8:0]  rd_left, wr_left;

    assign arready[k]        = !rd_busy;
    assign rvalid[k]         = rd_busy;
    assign rdata[64*k +: 64] = rd_busy ? mem[rd_word[IndexBits-1:0]] : '0;
    assign rlast[k]          = rd_left == 9'd1;
    assign rresp[2*k +: 2]   = 2'b00;
    assign awready[k]        = !wr_busy && !b_due;
    assign wready[k]         = wr_busy;
    assign bvalid[k]         = b_due;
    assign bresp[2*k +: 2]   = 2'b00;

    always_ff @(posedge clk) begin
      if (!rst_n) begin
        rd_busy <= 1'b0;
        wr_busy <= 1'b0;
        b_due   <= 1'b0;
      end else begin
        if (arvalid[k] && arready[k]) begin
          if (arsize[3*k +: 3] != 3'd3 || arburst[2*k +: 2] != 2'b01 || araddr[32*k +: 3] != '0)
            $fatal(1, "lane %0d: a read burst not INCR of aligned 8-byte beats", k);
          void'(index(araddr[32*k+3 +: 29]));
          rd_busy <= 1'b1;
          rd_word <= araddr[32*k+3 +: 29];
          rd_left <= {1'b0, arlen[8*k +: 8]} + 9'd1;
        end
        if (rvalid[k] && rready[k]) begin
          void'(index(rd_word));
          rd_word <= rd_word + 29'd1;
          rd_left <= rd_left - 9'd1;
          if (rlast[k]) rd_busy <= 1'b0;
        end
        if (awvalid[k] && awready[k]) begin
          if (awsize[3*k +: 3] != 3'd3 || awburst[2*k +: 2] != 2'b01 || awaddr[32*k +: 3] != '0)
            $fatal(1, "lane %0d: a write burst not INCR of aligned 8-byte beats", k);
          wr_busy <= 1'b1;
          wr_word <= awaddr[32*k+3 +: 29];
          wr_left <= {1'b0, awlen[8*k +: 8]} + 9'd1;
        end
        if (wvalid[k] && wready[k]) begin
          if (wlast[k] != (wr_left == 9'd1))
            $fatal(1, "lane %0d: WLAST not on the burst's last beat", k);
          mem[index(wr_word)] <= (mem[index(wr_word)] & ~strobed(wstrb[8*k +: 8]))
                               | (wdata[64*k +: 64] & strobed(wstrb[8*k +: 8]));
          wr_word <= wr_word + 29'd1;
          wr_left <= wr_left - 9'd1;
          if (wlast[k]) begin
            wr_busy <= 1'b0;
            b_due   <= 1'b1;
          end
        end
        if (bvalid[k] && bready[k]) b_due <= 1'b0;
      end
    end
  end

  // ---------------------------------------------------------------------------
  // The host port (docs/host-protocol.md): a write is taken at the next edge; a
  // read answers with host_rvalid_o READ_LATENCY cycles later.
  task automatic host_write(input logic [31:0] addr, input logic [63:0] data);
    @(negedge clk);
    host_we    = 1'b1;
    host_addr  = addr;
    host_wdata = data;
    @(negedge clk);
    host_we = 1'b0;
  endtask

  task automatic host_read(input logic [31:0] addr, output logic [63:0] data);
    int waited;
    @(negedge clk);
    host_re   = 1'b1;
    host_addr = addr;
    @(negedge clk);
    host_re = 1'b0;
    waited  = 0;
    while (!host_rvalid) begin
      waited++;
      if (waited > 64) $fatal(1, "no host_rvalid for the read of 0x%08h", addr);
      @(negedge clk);
    end
    data = host_rdata;
  endtask

  function automatic logic [31:0] control(input logic [63:0] word);
    return 32'(CONTROL_BASE + word);
  endfunction

  // Which output array (its index in OutputBase) byte address `addr` lies in.
  function automatic string where(input longint unsigned addr);
    for (int k = 0; k < int'(Outputs); k++) begin
      if (addr >= 64'(OutputBase[k]) && addr < 64'(OutputBase[k]) + 8 * 64'(OutputWords[k]))
        return $sformatf("output %0d", k);
    end
    return "no output's words";
  endfunction

  // Whether `path` can be read.
  function automatic bit readable(input string path);
    int fd;
    fd = $fopen(path, "r");
    if (fd == 0) return 1'b0;
    $fclose(fd);
    return 1'b1;
  endfunction

  string       dir;
  string       expected_file;
  logic [63:0] word;
  int          polls;
  int          errors;

  initial begin
    if (!$value$plusargs("image=%s", dir)) dir = "image";
    expected_file = {dir, "/expected.hex"};
    void'($value$plusargs("expected=%s", expected_file));
    if (!readable({dir, "/memory.hex"})) $fatal(1, "cannot read %s/memory.hex (give +image=DIR)", dir);
    if (!readable(expected_file)) $fatal(1, "cannot read %s", expected_file);
    $readmemh({dir, "/memory.hex"}, mem);
    $readmemh(expected_file, expected);

    repeat (4) @(negedge clk);
    rst_n = 1'b1;

    // The registers (extents, each array's base and a read array's length),
    // then clear the status word and start.
    for (int k = 0; k < int'(RegWrites); k++) begin : set_registers
      host_write(RegWriteAddr[k], RegWriteData[k]);
    end
    host_write(control(STATUS_WORD), '0);
    host_write(control(0), CTRL_START);
    polls = 0;
    do begin
      host_read(control(0), word);
      polls++;
      if (polls > int'(MaxPolls)) $fatal(1, "FAIL: no done after %0d polls", polls);
    end while ((word & CTRL_DONE) == 0);
    if (!done) $fatal(1, "FAIL: done_o is low while control word 0 says done");
    host_read(control(CYCLES_WORD), word);
    $display("cycles %0d", word);
    host_read(control(STATUS_WORD), word);
    if (word != 0) $fatal(1, "FAIL: status word 0x%0h (docs/host-protocol.md, \"Status word\")", word);

    errors = 0;
    for (int k = 0; k < int'(CountReads); k++) begin : check_counts
      host_read(CountAddr[k], word);
      if (word != CountValue[k]) begin
        $display("count register 0x%08h: %0d, expected %0d", CountAddr[k], word, CountValue[k]);
        errors++;
      end
    end
    // The whole memory: the outputs where they lie, and nothing else written.
    for (int k = 0; k < int'(ImageWords); k++) begin : check_memory
      if (mem[k] !== expected[k]) begin
        if (errors < int'(MaxReports)) begin
          $display("memory word %0d (byte address 0x%0h, %s): 0x%016h, expected 0x%016h",
                   k, 8 * k, where(64'(8 * k)), mem[k], expected[k]);
        end
        errors++;
      end
    end
    if (errors != 0) $fatal(1, "FAIL: %0d words differ from %s", errors, expected_file);
    $display("PASS: %0d words of memory and %0d counts as expected", ImageWords, CountReads);
    $finish;
  end
endmodule
