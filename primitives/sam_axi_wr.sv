// sam_axi_wr: one array write port (the memory port protocol of docs/memory.md)
// served by an AXI4 write master (docs/memory.md, "External memory").
//
// The array's word a lives at byte base_i + a * 8 (one 64-bit beat per word, the
// word zero-extended); base_i is a host register, set before the run. Writes
// wait in a Depth-entry queue and each goes out as a one-beat burst: the
// addresses run ahead on AW, each write's data follows on W once its address
// is taken (each held until taken), so writes leave at one per cycle while the
// memory takes them. idle_o says that every
// write taken has its write response: the top's done waits for it, so the host
// reads the arrays only once they are in memory. One ID (0); BREADY is high.
//
// Parameters: AddrWidth  the port's word address width, 1..28
//             Width      word width, 1..64
//             Depth      writes queued, 2..16
// Ports:      clk_i, rst_ni                      clock, synchronous active-low reset
//             base_i                             the array's byte address
//             wr_en_i, wr_addr_i, wr_data_i,     the array port (a write held until
//             wr_ready_o                         taken; wr_ready_o a register)
//             idle_o                             no write queued or unanswered
//             m_axi_aw*, m_axi_w*, m_axi_b*      AXI4 write channels
// Latency: a write taken is presented on AW and W the next cycle. Every output
// is a function of registers.
module sam_axi_wr #(
  parameter int unsigned AddrWidth = 8,
  parameter int unsigned Width     = 32,
  parameter int unsigned Depth     = 4
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic [31:0]          base_i,
  input  logic                 wr_en_i,
  input  logic [AddrWidth-1:0] wr_addr_i,
  input  logic [Width-1:0]     wr_data_i,
  output logic                 wr_ready_o,
  output logic                 idle_o,
  output logic                 m_axi_awvalid_o,
  input  logic                 m_axi_awready_i,
  output logic [31:0]          m_axi_awaddr_o,
  output logic [7:0]           m_axi_awlen_o,
  output logic [2:0]           m_axi_awsize_o,
  output logic [1:0]           m_axi_awburst_o,
  output logic                 m_axi_wvalid_o,
  input  logic                 m_axi_wready_i,
  output logic [63:0]          m_axi_wdata_o,
  output logic [7:0]           m_axi_wstrb_o,
  output logic                 m_axi_wlast_o,
  input  logic                 m_axi_bvalid_i,
  output logic                 m_axi_bready_o,
  input  logic [1:0]           m_axi_bresp_i
);

  if (AddrWidth < 1 || AddrWidth > 28) begin : gen_bad_addr
    $error("sam_axi_wr: AddrWidth must be in 1..28");
  end
  if (Width < 1 || Width > 64) begin : gen_bad_width
    $error("sam_axi_wr: Width must be in 1..64");
  end
  if (Depth < 2 || Depth > 16) begin : gen_bad_depth
    $error("sam_axi_wr: Depth must be in 2..16");
  end

  localparam int unsigned QPtr = $clog2(Depth) > 0 ? $clog2(Depth) : 1;

  logic [AddrWidth-1:0] addr_q[Depth];
  logic [Width-1:0]     data_q[Depth];
  logic [QPtr-1:0]      head_q, tail_q;
  logic [4:0]           count_q;
  logic [4:0]           sent_q;                // queued writes whose address is taken
  logic [15:0]          unanswered_q;          // bursts with no write response yet
  logic                 take, aw_go, w_go, pop;

  function automatic logic [QPtr-1:0] step(logic [QPtr-1:0] p);
    return p == QPtr'(Depth - 1) ? '0 : p + 1'b1;
  endfunction

  logic [QPtr:0]        aw_sum;
  logic [QPtr-1:0]      aw_at;                 // the next write to address

  assign take            = wr_en_i && wr_ready_o;
  // The head plus the writes already addressed, wrapped once.
  assign aw_sum          = (QPtr + 1)'(head_q) + (QPtr + 1)'(sent_q);
  assign aw_at           = QPtr'(aw_sum >= (QPtr + 1)'(Depth) ? aw_sum - (QPtr + 1)'(Depth) : aw_sum);
  assign m_axi_awvalid_o = sent_q < count_q;
  assign m_axi_wvalid_o  = sent_q != '0;
  assign aw_go           = m_axi_awvalid_o && m_axi_awready_i;
  assign w_go            = m_axi_wvalid_o && m_axi_wready_i;
  // The head leaves with its data.
  assign pop             = w_go;

  assign m_axi_awaddr_o  = base_i + (32'(addr_q[aw_at]) << 3);
  assign m_axi_awlen_o   = 8'd0;
  assign m_axi_awsize_o  = 3'd3;
  assign m_axi_awburst_o = 2'b01;
  assign m_axi_wdata_o   = 64'(data_q[head_q]);
  assign m_axi_wstrb_o   = 8'hff;
  assign m_axi_wlast_o   = 1'b1;
  assign m_axi_bready_o  = 1'b1;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      head_q       <= '0;
      tail_q       <= '0;
      count_q      <= '0;
      sent_q       <= '0;
      unanswered_q <= '0;
      wr_ready_o   <= 1'b1;
      idle_o       <= 1'b1;
    end else begin
      if (take) tail_q <= step(tail_q);
      if (pop) head_q <= step(head_q);
      count_q      <= count_q + 5'(take) - 5'(pop);
      sent_q       <= sent_q + 5'(aw_go) - 5'(w_go);
      unanswered_q <= unanswered_q + 16'(aw_go) - 16'(m_axi_bvalid_i);
      wr_ready_o   <= 32'(count_q) + 32'(take) - 32'(pop) < Depth;
      idle_o       <= count_q + 5'(take) - 5'(pop) == '0 &&
                      unanswered_q + 16'(aw_go) - 16'(m_axi_bvalid_i) == '0;
    end
  end
  always_ff @(posedge clk_i) begin
    if (take) begin
      addr_q[tail_q] <= wr_addr_i;
      data_q[tail_q] <= wr_data_i;
    end
  end

  // Only the assertions read the response code.
  logic unused_bresp;
  assign unused_bresp = ^m_axi_bresp_i;

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      Okay_A: assert (!m_axi_bvalid_i || m_axi_bresp_i == 2'b00)
      else $error("sam_axi_wr: a write answered with BRESP %0d (not OKAY)", m_axi_bresp_i);
      Answered_A: assert (!m_axi_bvalid_i || unanswered_q != '0)
      else $error("sam_axi_wr: a write response with no write outstanding");
    end
  end
`endif

endmodule
