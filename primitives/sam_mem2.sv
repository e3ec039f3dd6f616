// sam_mem2: one on-chip array (a pos, crd or vals array of a tensor level) with
// the host port (docs/host-protocol.md) and one or two kernel read ports (golden
// counterpart: the plain arrays of ir/src/tensor, loaded and read back by
// the host). `sam_mem` is it with one read port, the array of every reader but a
// skipping scanner.
//
// One synchronous read port and one write port, the shape both FPGA families
// build from block RAM (ECP5 DP16KD, iCE40 SB_RAM40_4K). The host uses the memory
// only while the kernel is idle (before start, after done). On ECP5 (below) the
// host has the DP16KD's port A to itself and the kernel port B, so no host mux
// sits in the kernel's address or data paths; elsewhere (the behavioral model:
// simulation, iCE40, whose SB_RAM40_4K has one read and one write port) the
// host's accesses are multiplexed in front of the kernel's. Either way the host
// reads its data on host_rdata_o and the kernel on rd_data_o, and a host and a
// kernel access in one cycle are a protocol error (asserted).
//
// Read latency is TWO cycles: the data of a read issued (rd_en_i or host_re_i) in
// cycle t is on rd_data_o from cycle t+2 until cycle t'+1 of the next read t'
// (reads may issue every cycle; their data follows one per cycle); a host read's
// data is on host_rdata_o from t+2 until the next host read. A kernel read's
// data comes with rd_valid_o high for that one cycle t+2: the response of the
// memory port protocol (docs/memory.md), of which this array is the on-chip
// adapter. It takes a request every cycle, so a reader's rd_ready_i is tied high. The first stage is the block RAM's read register (loads on a read), the
// second a register that loads every cycle: on ECP5 (define SAM_ECP5, set by the
// ECP5 synthesis flow) DP16KD blocks are instantiated with their output register
// on (REGMODE_B = "OUTREG"), since the block RAM's clock-to-output without it
// leaves no room for logic behind it and yosys does not pack a fabric register
// into it (docs/primitives.md, sam_mem); elsewhere (simulation, iCE40, whose
// SB_RAM40_4K has no output register) the behavioral model below, the second stage
// a fabric register. Writes take effect at the end of the cycle of wr_en_i /
// host_we_i. A read and a write of one address in the same cycle are undefined
// (never needed: a kernel either reads or writes an array, and the host does one
// access at a time); `no_rw_check` tells yosys so, which spares the read-first
// emulation.
//
// A second read port (ReadPorts = 2) serves a reader that searches the array
// while another streams it (the compressed scanner's coordinate skipping): the
// same two-cycle latency, its own data register. On ECP5 it is the DP16KD's port
// A alone, so the search's address reaches the block RAM through no mux, and port
// B is the host's and the kernel's stream, multiplexed as in the behavioral model;
// a searched array is written by the host only, while the kernel is idle (a kernel
// read and write in one cycle would lose the read there: asserted).
//
// Parameters: Width      word width, 1..64
//             AddrWidth  address width, 1..20; the array holds 2**AddrWidth words
//                        (ECP5 instance for AddrWidth <= 14; wider arrays use the
//                        behavioral model there too)
//             ReadPorts  1, or 2 for the second read port (rd2_*)
//             HostPort   1: the host port is used; 0: it is tied off (a
//                        primitive's own workspace), and on ECP5 port A takes the
//                        kernel's writes and port B its reads, both in one cycle
// Ports:      clk_i, rst_ni                             clock, synchronous active-low
//                                                       reset (assertions only: the
//                                                       array has no reset)
//             host_re_i, host_we_i, host_addr_i,        host port
//             host_wdata_i
//             rd_en_i, rd_addr_i                        kernel read
//             host_rdata_o                              host read data, two cycles
//                                                       after the read
//             rd_data_o                                 kernel read data, registered,
//                                                       two cycles after the read
//             rd_valid_o                                a kernel read's data is on
//                                                       rd_data_o (the response)
//             wr_en_i, wr_addr_i, wr_data_i             kernel write
//             rd2_en_i, rd2_addr_i, rd2_data_o,         second kernel read (ReadPorts
//             rd2_valid_o                               = 2; else tie en low)
// No combinational path from any input to an output.
module sam_mem2 #(
  parameter int unsigned Width     = sam_pkg::CrdWidth,
  parameter int unsigned AddrWidth = 8,
  parameter int unsigned ReadPorts = 1,
  parameter bit          HostPort  = 1'b1
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic                 host_re_i,
  input  logic                 host_we_i,
  input  logic [AddrWidth-1:0] host_addr_i,
  input  logic [Width-1:0]     host_wdata_i,
  output logic [Width-1:0]     host_rdata_o,
  input  logic                 rd_en_i,
  input  logic [AddrWidth-1:0] rd_addr_i,
  output logic [Width-1:0]     rd_data_o,
  output logic                 rd_valid_o,
  input  logic                 wr_en_i,
  input  logic [AddrWidth-1:0] wr_addr_i,
  input  logic [Width-1:0]     wr_data_i,
  input  logic                 rd2_en_i,
  input  logic [AddrWidth-1:0] rd2_addr_i,
  output logic [Width-1:0]     rd2_data_o,
  output logic                 rd2_valid_o
);

  if (Width < 1 || Width > 64) begin : gen_bad_width
    $error("sam_mem2: Width must be in 1..64");
  end
  if (AddrWidth < 1 || AddrWidth > 20) begin : gen_bad_addr
    $error("sam_mem2: AddrWidth must be in 1..20");
  end
  if (ReadPorts < 1 || ReadPorts > 2) begin : gen_bad_ports
    $error("sam_mem2: ReadPorts must be 1 or 2");
  end
  localparam bit Second = ReadPorts == 2;

  localparam int unsigned Depth = 2 ** AddrWidth;

  // The responses: each kernel read's valid through the two stages of its data.
  logic [1:0] rd_valid_q, rd2_valid_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rd_valid_q  <= '0;
      rd2_valid_q <= '0;
    end else begin
      rd_valid_q  <= {rd_valid_q[0], rd_en_i};
      rd2_valid_q <= {rd2_valid_q[0], Second && rd2_en_i};
    end
  end
  assign rd_valid_o  = rd_valid_q[1];
  assign rd2_valid_o = rd2_valid_q[1];

  logic                 re, we;
  logic [AddrWidth-1:0] raddr, waddr;
  logic [Width-1:0]     wdata;

  assign re    = host_re_i || rd_en_i;
  assign raddr = host_re_i ? host_addr_i : rd_addr_i;
  assign we    = host_we_i || wr_en_i;
  assign waddr = host_we_i ? host_addr_i : wr_addr_i;
  assign wdata = host_we_i ? host_wdata_i : wr_data_i;

`ifdef SAM_ECP5
  localparam bit UseEbr = AddrWidth <= 14;
`else
  localparam bit UseEbr = 1'b0;
`endif

  if (!UseEbr) begin : gen_behavioral
    (* no_rw_check *)
    logic [Width-1:0] mem_q[Depth];
    logic [Width-1:0] rd1_q, rd2_q;

    always_ff @(posedge clk_i) begin
      if (we) mem_q[waddr] <= wdata;
    end

    always_ff @(posedge clk_i) begin
      if (re) rd1_q <= mem_q[raddr];
      rd2_q <= rd1_q;
    end

    assign rd_data_o    = rd2_q;
    assign host_rdata_o = HostPort ? rd2_q : '0;

    if (Second) begin : gen_second
      logic [Width-1:0] rd2_1_q, rd2_2_q;
      always_ff @(posedge clk_i) begin
        if (rd2_en_i) rd2_1_q <= mem_q[rd2_addr_i];
        rd2_2_q <= rd2_1_q;
      end
      assign rd2_data_o = rd2_2_q;
    end else begin : gen_one
      assign rd2_data_o = '0;
      logic unused_rd2;
      assign unused_rd2 = ^{rd2_en_i, rd2_addr_i};
    end
`ifdef SAM_ECP5
  end else begin : gen_ebr
    // DP16KD tiles side by side, both ports through their output registers. One
    // read port: port A is the host's (reads and writes), port B the kernel's
    // (its reads or its writes: an array has a reader or a writer), so neither
    // sees the other's address. Two read ports: port A is the search alone, port B
    // the host's and the kernel's stream and writes. The tile's data width follows
    // the depth (1024 x 18 ... 16384 x 1); its address sits in the top bits of
    // AD[13:0] (x18: AD[13:4], AD[1:0] the byte enables of a write).
    localparam int unsigned TileW  = AddrWidth <= 10 ? 18 : AddrWidth == 11 ? 9 :
                                     AddrWidth == 12 ? 4 : AddrWidth == 13 ? 2 : 1;
    localparam int unsigned FieldW = AddrWidth <= 10 ? 10 : AddrWidth;
    localparam int unsigned Tiles  = (Width + TileW - 1) / TileW;

    localparam logic [13:0] ByteEn = TileW == 18 ? 14'd3 : 14'd0;
    logic [Tiles*TileW-1:0] dia_w, dib_w, dout, dout2;
    logic [13:0]            ada, adb;
    logic [AddrWidth-1:0]   aaddr, baddr;
    logic                   wea, web, cea, ceb;

    if (Second) begin : gen_search_ports
      assign aaddr = rd2_addr_i;
      assign baddr = we ? waddr : raddr;
      assign wea   = 1'b0;
      assign web   = we;
      assign cea   = rd2_en_i;
      assign ceb   = re || we;
      assign dia_w = '0;
      assign dib_w = (Tiles * TileW)'(wdata);
      assign rd_data_o    = dout[Width-1:0];
      assign host_rdata_o = dout[Width-1:0];
      assign rd2_data_o   = dout2[Width-1:0];
    end else if (!HostPort) begin : gen_kernel_ports
      // No host: port A takes the kernel's writes, port B its reads, so a
      // workspace read and written in the same cycle gets both.
      assign aaddr = wr_addr_i;
      assign baddr = rd_addr_i;
      assign wea   = wr_en_i;
      assign web   = 1'b0;
      assign cea   = wr_en_i;
      assign ceb   = rd_en_i;
      assign dia_w = (Tiles * TileW)'(wr_data_i);
      assign dib_w = '0;
      assign rd_data_o    = dout[Width-1:0];
      assign host_rdata_o = '0;
      assign rd2_data_o   = '0;
      logic unused_ports;
      assign unused_ports = ^{rd2_en_i, rd2_addr_i, re, raddr, we, waddr, wdata, dout2};
    end else begin : gen_host_port
      assign aaddr = host_addr_i;
      assign baddr = wr_en_i ? wr_addr_i : rd_addr_i;
      assign wea   = host_we_i;
      assign web   = wr_en_i;
      assign cea   = host_re_i || host_we_i;
      assign ceb   = rd_en_i || wr_en_i;
      assign dia_w = (Tiles * TileW)'(host_wdata_i);
      assign dib_w = (Tiles * TileW)'(wr_data_i);
      assign rd_data_o    = dout[Width-1:0];
      assign host_rdata_o = dout2[Width-1:0];
      assign rd2_data_o   = '0;
      logic unused_rd2;
      assign unused_rd2 = ^{rd2_en_i, rd2_addr_i, re, raddr, we, waddr, wdata};
    end
    // The byte enables are set on every access: a read ignores them.
    assign ada = (14'(FieldW'(aaddr)) << (14 - FieldW)) | ByteEn;
    assign adb = (14'(FieldW'(baddr)) << (14 - FieldW)) | ByteEn;

    for (genvar t = 0; t < Tiles; t++) begin : gen_tile
      logic [17:0] dia, dib, dob, doa;
      assign dia = 18'(dia_w[t*TileW+:TileW]);
      assign dib = 18'(dib_w[t*TileW+:TileW]);
      assign dout[t*TileW+:TileW]  = dob[TileW-1:0];
      assign dout2[t*TileW+:TileW] = doa[TileW-1:0];

      DP16KD #(
        .DATA_WIDTH_A       (TileW),
        .DATA_WIDTH_B       (TileW),
        .REGMODE_A          ("OUTREG"),
        .REGMODE_B          ("OUTREG"),
        .RESETMODE          ("SYNC"),
        .ASYNC_RESET_RELEASE("SYNC"),
        .CSDECODE_A         ("0b000"),
        .CSDECODE_B         ("0b000"),
        .WRITEMODE_A        ("NORMAL"),
        .WRITEMODE_B        ("NORMAL"),
        .GSR                ("DISABLED")
      ) ebr (
        .CLKA (clk_i), .CEA (cea), .OCEA (1'b1), .WEA (wea), .RSTA (1'b0),
        .CSA0 (1'b0), .CSA1 (1'b0), .CSA2 (1'b0),
        .ADA0 (ada[0]), .ADA1 (ada[1]), .ADA2 (ada[2]), .ADA3 (ada[3]),
        .ADA4 (ada[4]), .ADA5 (ada[5]), .ADA6 (ada[6]), .ADA7 (ada[7]),
        .ADA8 (ada[8]), .ADA9 (ada[9]), .ADA10(ada[10]), .ADA11(ada[11]),
        .ADA12(ada[12]), .ADA13(ada[13]),
        .DIA0 (dia[0]), .DIA1 (dia[1]), .DIA2 (dia[2]), .DIA3 (dia[3]),
        .DIA4 (dia[4]), .DIA5 (dia[5]), .DIA6 (dia[6]), .DIA7 (dia[7]),
        .DIA8 (dia[8]), .DIA9 (dia[9]), .DIA10(dia[10]), .DIA11(dia[11]),
        .DIA12(dia[12]), .DIA13(dia[13]), .DIA14(dia[14]), .DIA15(dia[15]),
        .DIA16(dia[16]), .DIA17(dia[17]),
        .DOA0 (doa[0]), .DOA1 (doa[1]), .DOA2 (doa[2]), .DOA3 (doa[3]),
        .DOA4 (doa[4]), .DOA5 (doa[5]), .DOA6 (doa[6]), .DOA7 (doa[7]),
        .DOA8 (doa[8]), .DOA9 (doa[9]), .DOA10(doa[10]), .DOA11(doa[11]),
        .DOA12(doa[12]), .DOA13(doa[13]), .DOA14(doa[14]), .DOA15(doa[15]),
        .DOA16(doa[16]), .DOA17(doa[17]),
        .CLKB (clk_i), .CEB (ceb), .OCEB (1'b1), .WEB (web), .RSTB (1'b0),
        .CSB0 (1'b0), .CSB1 (1'b0), .CSB2 (1'b0),
        .ADB0 (adb[0]), .ADB1 (adb[1]), .ADB2 (adb[2]), .ADB3 (adb[3]),
        .ADB4 (adb[4]), .ADB5 (adb[5]), .ADB6 (adb[6]), .ADB7 (adb[7]),
        .ADB8 (adb[8]), .ADB9 (adb[9]), .ADB10(adb[10]), .ADB11(adb[11]),
        .ADB12(adb[12]), .ADB13(adb[13]),
        .DIB0 (dib[0]), .DIB1 (dib[1]), .DIB2 (dib[2]), .DIB3 (dib[3]),
        .DIB4 (dib[4]), .DIB5 (dib[5]), .DIB6 (dib[6]), .DIB7 (dib[7]),
        .DIB8 (dib[8]), .DIB9 (dib[9]), .DIB10(dib[10]), .DIB11(dib[11]),
        .DIB12(dib[12]), .DIB13(dib[13]), .DIB14(dib[14]), .DIB15(dib[15]),
        .DIB16(dib[16]), .DIB17(dib[17]),
        .DOB0 (dob[0]), .DOB1 (dob[1]), .DOB2 (dob[2]), .DOB3 (dob[3]),
        .DOB4 (dob[4]), .DOB5 (dob[5]), .DOB6 (dob[6]), .DOB7 (dob[7]),
        .DOB8 (dob[8]), .DOB9 (dob[9]), .DOB10(dob[10]), .DOB11(dob[11]),
        .DOB12(dob[12]), .DOB13(dob[13]), .DOB14(dob[14]), .DOB15(dob[15]),
        .DOB16(dob[16]), .DOB17(dob[17])
      );
    end
`endif
  end

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      HostOrKernel_M: assert (!((host_re_i || host_we_i) && (rd_en_i || wr_en_i || rd2_en_i)))
      else $error("sam_mem2: host and kernel access in the same cycle");
      if (Second) begin
        WriteOrSearch_M: assert (!(wr_en_i && rd2_en_i))
        else $error("sam_mem2: a kernel write and a second-port read in the same cycle");
      end
      if (Second || HostPort) begin
        // On ECP5 port B both reads and writes for the kernel: the write would
        // take the address and the read would get no data.
        ReadOrWrite_M: assert (!(rd_en_i && wr_en_i))
        else $error("sam_mem2: a kernel read and write in the same cycle (only HostPort = 0 takes both)");
      end
      if (!HostPort) begin
        NoHost_M: assert (!(host_re_i || host_we_i))
        else $error("sam_mem2: a host access with HostPort = 0");
      end
    end
  end
`endif

endmodule
