// sam_axi_wr: one array write port (the memory port protocol of docs/memory.md)
// served by an AXI4 write master that combines writes at consecutive addresses
// into bursts (docs/memory.md, "External memory").
//
// The array's word a lives at byte base_i + a * 8 (one 64-bit beat per word, the
// word zero-extended); base_i is a host register, set before the run. Writes
// wait in a Depth-entry queue. The newest writes form the open burst: a write
// taken joins it when its address is one past the open burst's last and its
// beat does not start a 4 KB page; any other write closes the open burst and
// opens the next. AWLEN must be known when AW is presented, so a burst leaves
// (closes) only when
//   - a write fills it to Burst beats (it closes with that write),
//   - a write that does not continue it is taken (the run broke),
//   - flush_i is high (the writer is done: nothing will join it),
//   - Linger cycles pass with no write taken (the writer went quiet), or
//   - the queue is full (no write can join it).
// So every write leaves, a lone one included. Closed bursts are addressed on
// AW in order, each held until taken; a burst's beats follow on W once its
// address is taken (each held until taken, WLAST on its last), so writes leave
// at one per cycle while the memory takes them (Depth >= 2 * Burst lets the
// next burst fill while one drains). idle_o says that no write is queued and
// every burst addressed has its write response: the top's done waits for it,
// so the host reads the arrays only once they are in memory. One ID (0);
// BREADY is high.
//
// Parameters: AddrWidth  the port's word address width, 1..28
//             Width      word width, 1..64
//             Depth      writes queued, 2..32
//             Burst      most beats per burst, 1..16
//             Linger     cycles with no write after which a partial burst
//                        leaves, 1..255
// Ports:      clk_i, rst_ni                      clock, synchronous active-low reset
//             base_i                             the array's byte address
//             flush_i                            the writer is done: the open
//                                                burst leaves at once
//             wr_en_i, wr_addr_i, wr_data_i,     the array port (a write held until
//             wr_ready_o                         taken; wr_ready_o a register)
//             idle_o                             no write queued or unanswered
//             m_axi_aw*, m_axi_w*, m_axi_b*      AXI4 write channels
// Latency: a burst is presented on AW the cycle after it closes, its first beat
// on W the cycle after its address is taken. A write that fills or breaks a
// run leaves at once; the writes of a run that stops short of Burst wait for
// flush_i or Linger quiet cycles (each write that joins restarts the wait, so a
// burst's first write may wait up to Burst * (Linger + 1) cycles), then drain
// on W a beat a cycle. In a top, flush_i rises once the writers are all done,
// so against one-beat writes a run's done comes later by the beats of its last
// partial burst (at most Burst - 1), or by at most Linger + 1 cycles when its
// last write came alone, well before the writers were done.
// Every output is a function of registers.
module sam_axi_wr #(
  parameter int unsigned AddrWidth = 8,
  parameter int unsigned Width     = 32,
  parameter int unsigned Depth     = 32,
  parameter int unsigned Burst     = 16,
  parameter int unsigned Linger    = 16
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic [31:0]          base_i,
  input  logic                 flush_i,
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
  if (Depth < 2 || Depth > 32) begin : gen_bad_depth
    $error("sam_axi_wr: Depth must be in 2..32");
  end
  if (Burst < 1 || Burst > 16) begin : gen_bad_burst
    $error("sam_axi_wr: Burst must be in 1..16");
  end
  if (Linger < 1 || Linger > 255) begin : gen_bad_linger
    $error("sam_axi_wr: Linger must be in 1..255");
  end

  localparam int unsigned QPtr = $clog2(Depth);      // a queue index (Depth >= 2)
  localparam int unsigned CW   = $clog2(Depth + 1);  // a count of entries, 0..Depth
  localparam int unsigned TW   = $clog2(Linger + 1); // the quiet count, 0..Linger

  function automatic logic [QPtr-1:0] step(logic [QPtr-1:0] p);
    return p == QPtr'(Depth - 1) ? '0 : p + 1'b1;
  endfunction

  // ---- the queue: entry data and address as taken; at a closed burst's first
  // entry its beats less one, at its last entry a mark.
  logic [AddrWidth-1:0] addr_q[Depth];
  logic [Width-1:0]     data_q[Depth];
  logic [3:0]           len_q[Depth];
  logic                 last_q[Depth];
  logic [QPtr-1:0]      head_q, tail_q;
  logic [QPtr-1:0]      prev_q;                // the newest write's entry
  logic [CW-1:0]        count_q;               // writes queued
  logic [CW-1:0]        sent_q;                // of those, addressed (at the head)
  logic [CW-1:0]        open_q;                // of those, the open burst (the newest)
  logic [QPtr-1:0]      first_q;               // the open burst's first entry
  logic [AddrWidth:0]   next_q;                // the word that continues it
  logic [TW-1:0]        quiet_q;               // cycles since a write was taken
  logic [15:0]          unanswered_q;          // bursts with no write response yet

  logic take, page_start, cont, joins, shut, aw_go, w_go;

  assign take = wr_en_i && wr_ready_o;
  // The write's beat is the first of a 4 KB page (512 beats): its word is the
  // one that base_i's page offset brings to 0 mod 512, registered from base_i
  // (set before the run), so the test is a compare, not a carry chain.
  logic [8:0] page_word_q;
  always_ff @(posedge clk_i) page_word_q <= 9'(9'd0 - base_i[11:3]);
  assign page_start = 9'(wr_addr_i) == page_word_q;
  assign cont       = open_q != '0 && (AddrWidth + 1)'(wr_addr_i) == next_q && !page_start;
  assign joins      = take && cont;
  assign shut       = open_q != '0 &&
                      (flush_i || quiet_q == TW'(Linger) || count_q == CW'(Depth));

  // ---- the burst closing this cycle (at most one): its first entry, beats
  // less one and last entry; and the open burst after this cycle.
  logic            closing;
  logic [QPtr-1:0] close_first, close_last, first_d;
  logic [3:0]      close_len;
  logic [CW-1:0]   open_d;
  always_comb begin
    closing     = 1'b0;
    close_first = first_q;
    close_last  = prev_q;
    close_len   = 4'(32'(open_q) - 1);
    open_d      = open_q;
    first_d     = first_q;
    if (joins) begin
      // The write joins; the burst closes with it when full or shut.
      closing    = shut || 32'(open_q) == Burst - 1;
      close_last = tail_q;
      close_len  = 4'(open_q);
      open_d     = closing ? '0 : open_q + 1'b1;
    end else if (take) begin
      // The write opens the next burst, closing the open one.
      closing     = open_q != '0 || Burst == 1;
      if (open_q == '0) begin
        close_first = tail_q;
        close_last  = tail_q;
        close_len   = '0;
      end
      open_d      = Burst == 1 ? '0 : CW'(1);
      first_d     = tail_q;
    end else if (shut) begin
      closing = 1'b1;
      open_d  = '0;
    end
  end

  // ---- AW: the oldest closed burst not addressed, the entry after the
  // addressed ones (the head plus sent_q, wrapped once).
  logic [QPtr:0]   aw_sum;
  logic [QPtr-1:0] aw_at;
  logic [CW-1:0]   closed;                     // entries in bursts closed, not addressed
  assign aw_sum  = (QPtr + 1)'(head_q) + (QPtr + 1)'(sent_q);
  assign aw_at   = QPtr'(aw_sum >= (QPtr + 1)'(Depth) ? aw_sum - (QPtr + 1)'(Depth) : aw_sum);
  assign closed  = count_q - sent_q - open_q;

  assign m_axi_awvalid_o = closed != '0;
  assign m_axi_awaddr_o  = base_i + (32'(addr_q[aw_at]) << 3);
  assign m_axi_awlen_o   = 8'(len_q[aw_at]);
  assign m_axi_awsize_o  = 3'd3;
  assign m_axi_awburst_o = 2'b01;
  assign aw_go           = m_axi_awvalid_o && m_axi_awready_i;

  // ---- W: the head's beat, once its burst is addressed.
  assign m_axi_wvalid_o  = sent_q != '0;
  assign m_axi_wdata_o   = 64'(data_q[head_q]);
  assign m_axi_wstrb_o   = 8'hff;
  assign m_axi_wlast_o   = last_q[head_q];
  assign w_go            = m_axi_wvalid_o && m_axi_wready_i;
  assign m_axi_bready_o  = 1'b1;

  logic [CW-1:0] count_d;
  logic [15:0]   unanswered_d;
  assign count_d      = count_q + CW'(take) - CW'(w_go);
  assign unanswered_d = unanswered_q + 16'(aw_go) - 16'(m_axi_bvalid_i);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      head_q       <= '0;
      tail_q       <= '0;
      prev_q       <= '0;
      count_q      <= '0;
      sent_q       <= '0;
      open_q       <= '0;
      first_q      <= '0;
      next_q       <= '0;
      quiet_q      <= '0;
      unanswered_q <= '0;
      wr_ready_o   <= 1'b1;
      idle_o       <= 1'b1;
    end else begin
      if (take) begin
        tail_q <= step(tail_q);
        prev_q <= tail_q;
        next_q <= (AddrWidth + 1)'(wr_addr_i) + 1'b1;
      end
      if (w_go) head_q <= step(head_q);
      count_q      <= count_d;
      sent_q       <= sent_q + (aw_go ? CW'(len_q[aw_at]) + 1'b1 : '0) - CW'(w_go);
      open_q       <= open_d;
      first_q      <= first_d;
      quiet_q      <= take ? '0 : quiet_q == TW'(Linger) ? quiet_q : quiet_q + 1'b1;
      unanswered_q <= unanswered_d;
      wr_ready_o   <= count_d < CW'(Depth);
      idle_o       <= count_d == '0 && unanswered_d == '0;
    end
  end
  always_ff @(posedge clk_i) begin
    if (take) begin
      addr_q[tail_q] <= wr_addr_i;
      data_q[tail_q] <= wr_data_i;
    end
  end
  always_ff @(posedge clk_i) begin
    if (take) last_q[tail_q] <= 1'b0;
    if (closing) begin
      len_q[close_first] <= close_len;
      last_q[close_last] <= 1'b1;
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
      Burst_A: assert (!m_axi_awvalid_o || (32'(m_axi_awlen_o) < Burst &&
                       32'(m_axi_awaddr_o[11:3]) + 32'(m_axi_awlen_o) < 512))
      else $error("sam_axi_wr: a burst of %0d beats at 0x%0h", m_axi_awlen_o + 1, m_axi_awaddr_o);
      Within_A: assert (32'(sent_q) + 32'(open_q) <= 32'(count_q))
      else $error("sam_axi_wr: %0d addressed and %0d open of %0d queued", sent_q, open_q,
                  count_q);
    end
  end
`endif

endmodule
