// sam_axi_rd: one array read port (the memory port protocol of docs/memory.md)
// served from external memory through an AXI4 read master, with a burst
// prefetcher (docs/memory.md, "External memory").
//
// The array's word a lives at byte base_i + a * 8 (one 64-bit beat per word, the
// word in its low Width bits); base_i and words_i (the array's length) are host
// registers, set before the run, so one bitstream serves any placement.
//
// The words received sit in a direct-mapped buffer of Window slots (word a in
// slot a mod Window, tagged with a / Window). A prefetcher requests bursts of
// up to Burst words at hi, in order, while hi - lo < Window (lo: one word below
// the last request answered at or above it), hi is below words_i, and
// enable_i; beats arrive in order at fill. The oldest request is answered once
// its slot holds its word; a request at or above fill and within lo + Window
// waits for the prefetcher to get there; any other restarts the prefetcher one
// word below it (a scanner reads pos[r+1], then pos[r]), dropping the beats
// still due for the old stream (the buffer keeps what it holds). A request at or
// past words_i (a reader's speculative read) is answered with 0 and reads
// nothing. So a stream of increasing addresses (crd, vals, a run of pos) costs
// the memory's latency once, an array of at most Window words is read from
// memory once however often it is scanned (a vector re-scanned for every row),
// and a jump to a word not held costs the latency again.
//
// Bursts start only while enable_i (the top: while the kernel runs and its
// writers are not done), so no burst is in flight when the top resets the
// kernel for a run, and idle_o (no burst presented, no beat due) tells the top
// when every read is over. Requests wait in a Depth-entry queue; rd_ready_o (a
// register) is high while it has room for one more. Responses leave in request
// order, one per cycle at most; AXI's RREADY is always high (every beat has its
// slot). One ID (0), INCR bursts of 8-byte beats, never across 4 KB.
//
// Parameters: AddrWidth  the port's word address width, 1..28
//             Width      word width, 1..64
//             Window     words held, a power of two in 4..1024
//             Burst      most beats per burst, 1..Window/2
//             Depth      requests queued, 2..16
// Ports:      clk_i, rst_ni                      clock, synchronous active-low reset
//             base_i, words_i                    the array's byte address and length
//             enable_i                           bursts may start (the kernel runs)
//             idle_o                             no burst presented or due
//             rd_en_i, rd_addr_i, rd_ready_o,    the array port (memory port protocol)
//             rd_valid_o, rd_data_o
//             m_axi_ar*, m_axi_r*                AXI4 read address and data channels
// Latency: a word in the window is answered the cycle after its request is
// taken; rd_valid_o and rd_data_o are functions of registers.
module sam_axi_rd #(
  parameter int unsigned AddrWidth = 8,
  parameter int unsigned Width     = 32,
  parameter int unsigned Window    = 256,
  parameter int unsigned Burst     = 16,
  parameter int unsigned Depth     = 4
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic [31:0]          base_i,
  input  logic [31:0]          words_i,
  input  logic                 enable_i,
  output logic                 idle_o,
  input  logic                 rd_en_i,
  input  logic [AddrWidth-1:0] rd_addr_i,
  output logic                 rd_ready_o,
  output logic                 rd_valid_o,
  output logic [Width-1:0]     rd_data_o,
  output logic                 m_axi_arvalid_o,
  input  logic                 m_axi_arready_i,
  output logic [31:0]          m_axi_araddr_o,
  output logic [7:0]           m_axi_arlen_o,
  output logic [2:0]           m_axi_arsize_o,
  output logic [1:0]           m_axi_arburst_o,
  input  logic                 m_axi_rvalid_i,
  output logic                 m_axi_rready_o,
  input  logic [63:0]          m_axi_rdata_i,
  input  logic [1:0]           m_axi_rresp_i,
  input  logic                 m_axi_rlast_i
);

  if (AddrWidth < 1 || AddrWidth > 28) begin : gen_bad_addr
    $error("sam_axi_rd: AddrWidth must be in 1..28");
  end
  if (Width < 1 || Width > 64) begin : gen_bad_width
    $error("sam_axi_rd: Width must be in 1..64");
  end
  if (Window < 4 || Window > 1024 || (Window & (Window - 1)) != 0) begin : gen_bad_window
    $error("sam_axi_rd: Window must be a power of two in 4..1024");
  end
  if (Burst < 1 || 2 * Burst > Window) begin : gen_bad_burst
    $error("sam_axi_rd: Burst must be in 1..Window/2");
  end
  if (Depth < 2 || Depth > 16) begin : gen_bad_depth
    $error("sam_axi_rd: Depth must be in 2..16");
  end

  localparam int unsigned Slot = $clog2(Window);
  // Word addresses inside the module: the port's, one bit wider so that an
  // array of 2^AddrWidth words has its end (the carry chains stay short).
  localparam int unsigned AW = AddrWidth + 1;
  localparam int unsigned QPtr = $clog2(Depth) > 0 ? $clog2(Depth) : 1;

  // ---- the request queue
  logic [AddrWidth-1:0] q_addr_q[Depth];
  logic [QPtr-1:0]      q_head_q, q_tail_q;
  logic [4:0]           q_count_q;
  logic                 take, answer;
  logic [AW-1:0]        head;  // the oldest request's word address

  assign take = rd_en_i && rd_ready_o;
  assign head = AW'(q_addr_q[q_head_q]);

  function automatic logic [QPtr-1:0] q_step(logic [QPtr-1:0] p);
    return p == QPtr'(Depth - 1) ? '0 : p + 1'b1;
  endfunction

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      q_head_q   <= '0;
      q_tail_q   <= '0;
      q_count_q  <= '0;
      rd_ready_o <= 1'b1;
    end else begin
      if (take) q_tail_q <= q_step(q_tail_q);
      if (answer) q_head_q <= q_step(q_head_q);
      q_count_q  <= q_count_q + 5'(take) - 5'(answer);
      // Room for a request next cycle.
      rd_ready_o <= q_count_q + 5'(take) - 5'(answer) < 5'(Depth);
    end
  end

  // ---- the array's length, clamped to the port's reach (a host register,
  // set before the run)
  logic [AW-1:0] words_q;
  always_ff @(posedge clk_i) begin
    words_q <= words_i > 32'(1 << AddrWidth) ? AW'(1 << AddrWidth) : AW'(words_i);
  end

  // ---- the buffer
  localparam int unsigned TagWidth = AW > Slot ? AW - Slot : 1;
  function automatic logic [TagWidth-1:0] tag_of(logic [AW-1:0] a);
    return TagWidth'(a >> Slot);
  endfunction
  // A word's slot: its low Slot bits (the rest is its tag).
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [Slot-1:0] slot_of(logic [AW-1:0] a);
    return Slot'(a);
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  logic [Width-1:0]    win_q[Window];
  logic [TagWidth-1:0] tag_q[Window];
  logic [Window-1:0]   held_q;               // the slot holds a word
  logic [AW-1:0]       lo_q, fill_q, hi_q;   // word addresses
  logic [15:0]         drop_q;               // beats due for an abandoned stream
  logic [15:0]         due_q;                // beats requested and not yet received
  logic                hit, ahead, outside, restart;
  logic [AW-1:0]       restart_at;
  logic                beat, keep;           // a beat arrives; it is kept (not dropped)

  // ---- each queued request's slot, looked up as it is taken
  // Whether a request's slot holds its word (held, tag) is read as the request
  // enters the queue and kept beside it, each copy rewritten by every beat
  // kept into that slot while it waits: the oldest request's hit then reads
  // registers, not the Window-deep tags (that lookup behind the queue's head
  // set the clock). The word itself is read when answered, a registered read
  // (block RAM): the hit and that read see the buffer as of the same edge.
  logic                q_held_q[Depth];
  logic [TagWidth-1:0] q_tag_q[Depth];
  logic [Slot-1:0]     take_slot, fill_slot;
  logic [TagWidth-1:0] fill_tag;
  logic                take_fill;        // the beat kept now lands in the taken slot

  assign take_slot = slot_of(AW'(rd_addr_i));
  assign fill_slot = slot_of(fill_q);
  assign fill_tag  = tag_of(fill_q);
  assign take_fill = keep && fill_slot == take_slot;

  always_ff @(posedge clk_i) begin
    for (int unsigned i = 0; i < Depth; i++) begin
      if (take && QPtr'(i) == q_tail_q) begin
        q_addr_q[i] <= rd_addr_i;
        q_held_q[i] <= take_fill || held_q[take_slot];
        q_tag_q[i]  <= take_fill ? fill_tag : tag_q[take_slot];
      end else if (keep && fill_slot == slot_of(AW'(q_addr_q[i]))) begin
        q_held_q[i] <= 1'b1;
        q_tag_q[i]  <= fill_tag;
      end
    end
  end

  // A request past the array's end (a reader's speculative read: a scanner
  // reads crd at a fiber's end with its stop) is answered at once, with 0.
  assign outside    = q_count_q != '0 && head >= words_q;
  assign hit        = q_count_q != '0 && q_held_q[q_head_q] && q_tag_q[q_head_q] == tag_of(head);
  // The prefetcher gets there: the word is due, or a few words ahead of hi.
  logic [AW-1:0]       head_gap;             // head - lo, when head >= lo
  assign head_gap   = head - lo_q;
  assign ahead      = head >= fill_q && head >= lo_q && 32'(head_gap) < 32'(Window);
  assign restart    = q_count_q != '0 && !outside && !hit && !ahead;
  assign restart_at = head == '0 ? '0 : head - 1'b1;
  assign answer     = outside || hit;

  // ---- bursts: the next one at hi, while the window has room
  logic [31:0] room, left, page;
  logic [AW-1:0] span, rest;               // hi - lo (hi >= lo); words - hi
  assign span = hi_q - lo_q;
  assign rest = words_q - hi_q;
  assign room = 32'(Window) - 32'(span);
  assign left = hi_q < words_q ? 32'(rest) : '0;
  // Words to the next 4 KB boundary (512 beats of 8 bytes).
  assign page = 32'd512 - 32'(9'(base_i[11:3] + 9'(hi_q)));
  // The next burst: at most Burst beats, none past the array's end, the 4 KB
  // boundary or the window's room. Each limit is clamped to Burst on its own,
  // so the three meet in narrow compares rather than a chain of wide ones.
  localparam int unsigned BW = $clog2(Burst + 1);
  logic [BW-1:0] cap_left, cap_page, cap_room;
  assign cap_left = left >= 32'(Burst) ? BW'(Burst) : BW'(left);
  assign cap_page = page >= 32'(Burst) ? BW'(Burst) : BW'(page);
  assign cap_room = room >= 32'(Burst) ? BW'(Burst) : BW'(room);

  // The burst length is computed over two register stages: the three clamped
  // limits (each a carry chain from hi: hi + base's page offset, words - hi,
  // Window - (hi - lo)), then their minimum in len_q; one stage from hi to the
  // AR registers and due sets the clock. len_q is the length at the state of
  // two cycles before, which holds while fresh_q[1], that is, when no burst
  // was presented and no restart came in either cycle between (lo only rises
  // meanwhile, which only adds room). So a burst is presented every third
  // cycle at most: Burst beats every three cycles is more than the memory's
  // beat a cycle. A burst presented as a restart comes is the old stream's:
  // its beats are counted among those to drop, so present does not wait for
  // the oldest request's hit (the clock's path).
  logic [BW-1:0] cap_left_q, cap_page_q, cap_room_q, cap_lp, cap;
  logic [15:0]   len_q;
  logic [1:0]    fresh_q;
  logic          present;
  assign present = enable_i && (!m_axi_arvalid_o || m_axi_arready_i) && fresh_q[1] &&
                   len_q != '0;
  assign cap_lp  = cap_left_q < cap_page_q ? cap_left_q : cap_page_q;
  assign cap     = cap_lp < cap_room_q ? cap_lp : cap_room_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cap_left_q <= '0;
      cap_page_q <= '0;
      cap_room_q <= '0;
      len_q      <= '0;
      fresh_q    <= '0;
    end else begin
      cap_left_q <= cap_left;
      cap_page_q <= cap_page;
      cap_room_q <= cap_room;
      len_q      <= 16'(cap);
      fresh_q    <= {fresh_q[0] && !present && !restart, !present && !restart};
    end
  end
  assign idle_o  = !m_axi_arvalid_o && due_q == '0;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      m_axi_arvalid_o <= 1'b0;
      m_axi_araddr_o  <= '0;
      m_axi_arlen_o   <= '0;
    end else if (!m_axi_arvalid_o || m_axi_arready_i) begin
      m_axi_arvalid_o <= present;
      m_axi_araddr_o  <= base_i + (32'(hi_q) << 3);
      m_axi_arlen_o   <= 8'(len_q - 16'd1);
    end
  end

  assign beat = m_axi_rvalid_i;  // RREADY is high
  assign keep = beat && drop_q == '0;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      lo_q   <= '0;
      fill_q <= '0;
      hi_q   <= '0;
      drop_q <= '0;
      due_q  <= '0;
      held_q <= '0;
    end else begin
      due_q <= due_q + (present ? len_q : 16'd0) - 16'(beat);
      // A beat kept is word fill of the array whatever else happens this
      // cycle (a restart included): its slot and tag are right, so the write
      // does not wait for the oldest request's hit (the clock's path).
      if (keep) held_q[fill_slot] <= 1'b1;
      if (restart) begin
        // Every beat still due belongs to the old stream.
        lo_q   <= restart_at;
        fill_q <= restart_at;
        hi_q   <= restart_at;
        drop_q <= due_q + (present ? len_q : 16'd0) - 16'(beat);
      end else begin
        if (present) hi_q <= hi_q + AW'(len_q);
        if (keep) fill_q <= fill_q + 1'b1;
        if (beat && drop_q != '0) drop_q <= drop_q - 16'd1;
        // Slide: keep one word below the request answered.
        if (hit && head != '0 && head - 1'b1 > lo_q) lo_q <= head - 1'b1;
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (keep) begin
      win_q[fill_slot] <= m_axi_rdata_i[Width-1:0];
      tag_q[fill_slot] <= fill_tag;
    end
  end

  // ---- the answer, registered
  always_ff @(posedge clk_i) begin
    if (!rst_ni) rd_valid_o <= 1'b0;
    else rd_valid_o <= answer;
  end
  always_ff @(posedge clk_i) rd_data_o <= outside ? '0 : win_q[slot_of(head)];

  assign m_axi_arsize_o  = 3'd3;
  assign m_axi_arburst_o = 2'b01;
  assign m_axi_rready_o  = 1'b1;

  logic unused;
  assign unused = ^{m_axi_rdata_i[63:Width > 63 ? 63 : Width], m_axi_rresp_i, m_axi_rlast_i};

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      Okay_A: assert (!m_axi_rvalid_i || m_axi_rresp_i == 2'b00)
      else $error("sam_axi_rd: a read answered with RRESP %0d (not OKAY)", m_axi_rresp_i);
    end
  end
`endif

endmodule
