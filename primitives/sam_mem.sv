// sam_mem: one on-chip array (a pos, crd or vals array of a tensor level) with the
// host port of DESIGN section 7 (golden counterpart: the plain arrays of
// compiler/src/tensor, loaded and read back by the host).
//
// One synchronous read port and one write port, the shape both FPGA families
// build from block RAM (ECP5 DP16KD, iCE40 SB_RAM40_4K). The kernel (a scanner,
// `arrayvals`, a level writer) and the host share them: the host uses the memory
// only while the kernel is idle (before start, after done), so its accesses are
// multiplexed in front of the kernel's, and the host reads its data on the same
// rd_data_o register as the kernel. A host and a kernel access in one cycle are a
// protocol error (asserted).
//
// Read latency is one cycle: the data of a read issued (rd_en_i or host_re_i) in
// cycle t is on rd_data_o from cycle t+1 until the next read. A read and a write of
// one address in the same cycle are undefined (never needed: a kernel either reads
// or writes an array, and the host does one access at a time); `no_rw_check` tells
// yosys so, which spares the read-first emulation (bypass flip-flops and a mux
// behind the block RAM's slow clock-to-out) that ECP5 would otherwise need.
//
// Parameters: Width      word width, 1..64
//             AddrWidth  address width, 1..20; the array holds 2**AddrWidth words
// Ports:      clk_i, rst_ni                             clock, asynchronous active-low
//                                                       reset (assertions only: the
//                                                       array has no reset)
//             host_re_i, host_we_i, host_addr_i,        host port
//             host_wdata_i
//             rd_en_i, rd_addr_i                        kernel read
//             rd_data_o                                 read data (host and kernel),
//                                                       registered
//             wr_en_i, wr_addr_i, wr_data_i             kernel write
// No combinational path from any input to an output.
module sam_mem #(
  parameter int unsigned Width     = sam_pkg::CrdWidth,
  parameter int unsigned AddrWidth = 8
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic                 host_re_i,
  input  logic                 host_we_i,
  input  logic [AddrWidth-1:0] host_addr_i,
  input  logic [Width-1:0]     host_wdata_i,
  input  logic                 rd_en_i,
  input  logic [AddrWidth-1:0] rd_addr_i,
  output logic [Width-1:0]     rd_data_o,
  input  logic                 wr_en_i,
  input  logic [AddrWidth-1:0] wr_addr_i,
  input  logic [Width-1:0]     wr_data_i
);

  if (Width < 1 || Width > 64) begin : gen_bad_width
    $error("sam_mem: Width must be in 1..64");
  end
  if (AddrWidth < 1 || AddrWidth > 20) begin : gen_bad_addr
    $error("sam_mem: AddrWidth must be in 1..20");
  end

  localparam int unsigned Depth = 2 ** AddrWidth;

  (* no_rw_check *)
  logic [Width-1:0]     mem_q[Depth];
  logic [Width-1:0]     rd_data_q;
  logic                 re, we;
  logic [AddrWidth-1:0] raddr, waddr;
  logic [Width-1:0]     wdata;

  assign re    = host_re_i || rd_en_i;
  assign raddr = host_re_i ? host_addr_i : rd_addr_i;
  assign we    = host_we_i || wr_en_i;
  assign waddr = host_we_i ? host_addr_i : wr_addr_i;
  assign wdata = host_we_i ? host_wdata_i : wr_data_i;

  always_ff @(posedge clk_i) begin
    if (we) mem_q[waddr] <= wdata;
  end

  always_ff @(posedge clk_i) begin
    if (re) rd_data_q <= mem_q[raddr];
  end

  assign rd_data_o = rd_data_q;

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (!((host_re_i || host_we_i) && (rd_en_i || wr_en_i)))
      else $error("sam_mem: host and kernel access in the same cycle");
    end
  end
`else
  logic unused_rst;  // the reset feeds the assertions only
  assign unused_rst = rst_ni;
`endif

endmodule
