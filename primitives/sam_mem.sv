// sam_mem: one on-chip array with the host port and one kernel read port and one
// kernel write port: `sam_mem2` with ReadPorts = 1, whose header holds the
// contract (latency, the host and kernel sharing, the ECP5 block RAM).
//
// Parameters: Width      word width, 1..64
//             AddrWidth  address width, 1..20; the array holds 2**AddrWidth words
//             HostPort   1: the host port is used; 0: tied off (as in sam_mem2)
// Ports:      clk_i, rst_ni                             clock, synchronous active-low
//                                                       reset (assertions only)
//             host_re_i, host_we_i, host_addr_i,        host port
//             host_wdata_i, host_rdata_o                (host read data two cycles
//                                                       after the read)
//             rd_en_i, rd_addr_i                        kernel read
//             rd_data_o                                 kernel read data, two cycles
//                                                       after the read
//             rd_valid_o                                a kernel read's response
//             wr_en_i, wr_addr_i, wr_data_i             kernel write
// No combinational path from any input to an output.
module sam_mem #(
  parameter int unsigned Width     = sam_pkg::CrdWidth,
  parameter int unsigned AddrWidth = 8,
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
  input  logic [Width-1:0]     wr_data_i
);

  logic [Width-1:0] rd2_data;  // the second read port's, which this array lacks
  logic             rd2_valid;

  sam_mem2 #(
    .Width    (Width),
    .AddrWidth(AddrWidth),
    .ReadPorts(1),
    .HostPort (HostPort)
  ) array (
    .clk_i,
    .rst_ni,
    .host_re_i,
    .host_we_i,
    .host_addr_i,
    .host_wdata_i,
    .host_rdata_o,
    .rd_en_i,
    .rd_addr_i,
    .rd_data_o,
    .rd_valid_o,
    .wr_en_i,
    .wr_addr_i,
    .wr_data_i,
    .rd2_en_i  (1'b0),
    .rd2_addr_i('0),
    .rd2_data_o(rd2_data),
    .rd2_valid_o(rd2_valid)
  );

  logic unused_rd2;
  assign unused_rd2 = ^{rd2_data, rd2_valid};

endmodule
