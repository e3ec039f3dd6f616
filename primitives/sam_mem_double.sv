// sam_mem_double: a double-buffered array (docs/host-protocol.md, "Double
// buffering"): two banks of `sam_mem2`, the kernel reaching the active bank
// (`bank_i`) while the host reaches the other, the shadow bank. While the
// kernel runs a tile, the host loads the next tile's input arrays into their
// shadow banks and reads the last tile's output arrays from theirs; the
// control region's swap exchanges the banks between runs (golden counterpart:
// the tile driver's next job, compiler/src/tile/driver.rs).
//
// Each bank is a whole `sam_mem2` (its own block RAM), so the host's and the
// kernel's accesses never share a memory port: the kernel's read address
// reaches its bank through no mux, and a search port (ReadPorts = 2) keeps its
// port A to itself on ECP5 as in `sam_mem2`. The cost is a second array's
// block RAM and a read-data mux after the banks' output registers.
//
// Read latency is `sam_mem2`'s: TWO cycles. Kernel accesses (rd_*, rd2_*,
// wr_*) go to bank `bank_i`, host accesses to bank `!bank_i`; `rd_data_o`
// carries the kernel's reads, `host_rdata_o` the host's (the bank of a host read
// is registered beside the banks' pipelines, so a swap right after a read does
// not change its data). The host
// never reads an array while the kernel reads it (during a run the control
// region performs writes to input arrays and reads of output arrays only:
// asserted). `bank_i` changes only while the kernel is idle (the swap).
//
// Parameters: Width      word width, 1..64
//             AddrWidth  address width, 1..20; each bank holds 2**AddrWidth words
//             ReadPorts  1, or 2 for the second read port (rd2_*)
// Ports:      clk_i, rst_ni                             clock, synchronous active-low
//                                                       reset (the read-bank
//                                                       registers and assertions)
//             bank_i                                    the bank the kernel reads
//             host_re_i, host_we_i, host_addr_i,        host port (bank !bank_i)
//             host_wdata_i, host_rdata_o                (read data two cycles later)
//             rd_en_i, rd_addr_i                        kernel read (bank bank_i)
//             rd_data_o                                 kernel read data, two cycles
//                                                       after the read
//             rd_valid_o                                a kernel read's response
//             wr_en_i, wr_addr_i, wr_data_i             kernel write (bank bank_i)
//             rd2_en_i, rd2_addr_i, rd2_data_o,         second kernel read (ReadPorts
//             rd2_valid_o                               = 2; else tie en low)
// No combinational path from any input to an output but bank_i to rd2_data_o
// (a register that changes only between runs).
module sam_mem_double #(
  parameter int unsigned Width     = sam_pkg::CrdWidth,
  parameter int unsigned AddrWidth = 8,
  parameter int unsigned ReadPorts = 1
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic                 bank_i,
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

  logic [Width-1:0] rd_data[2], host_rdata[2];
  logic [Width-1:0] rd2_data[2];
  logic [1:0]       rd_valid, rd2_valid;  // only the active bank's ever rise

  for (genvar b = 0; b < 2; b++) begin : gen_bank
    logic active;
    assign active = bank_i == 1'(b);
    sam_mem2 #(
      .Width    (Width),
      .AddrWidth(AddrWidth),
      .ReadPorts(ReadPorts)
    ) array (
      .clk_i,
      .rst_ni,
      .host_re_i   (host_re_i && !active),
      .host_we_i   (host_we_i && !active),
      .host_addr_i,
      .host_wdata_i,
      .host_rdata_o(host_rdata[b]),
      .rd_en_i     (rd_en_i && active),
      .rd_addr_i,
      .rd_data_o   (rd_data[b]),
      .rd_valid_o  (rd_valid[b]),
      .wr_en_i     (wr_en_i && active),
      .wr_addr_i,
      .wr_data_i,
      .rd2_en_i    (rd2_en_i && active),
      .rd2_addr_i,
      .rd2_data_o  (rd2_data[b]),
      .rd2_valid_o (rd2_valid[b])
    );
  end

  // The bank of the last host read, through the same two stages as its data:
  // the first loads on a read, the second every cycle.
  logic read_bank_q, data_bank_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      read_bank_q <= 1'b0;
      data_bank_q <= 1'b0;
    end else begin
      if (host_re_i) read_bank_q <= !bank_i;
      data_bank_q <= read_bank_q;
    end
  end

  // The kernel's bank changes only between runs, when no read is in flight.
  assign rd_data_o    = rd_data[bank_i];
  assign host_rdata_o = host_rdata[data_bank_q];
  assign rd2_data_o = rd2_data[bank_i];
  assign rd_valid_o  = |rd_valid;
  assign rd2_valid_o = |rd2_valid;

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      HostReadDuringKernel_M: assert (!(host_re_i && (rd_en_i || rd2_en_i)))
      else $error("sam_mem_double: a host read while the kernel reads");
    end
  end
`endif

endmodule
