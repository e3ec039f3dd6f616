// sam_fiberlookup: the level scanner (DESIGN section 6; golden model
// compiler/src/golden/fiberlookup.rs).
//
// For every reference r on `ref` in, emits the fiber below r: its coordinates on
// `crd` out and their positions on `ref` out, then one stop. The stop is S0, or
// S(n+1) when the next input token is a stop Sn (consumed; the two make one stop).
// `N` in is an empty fiber (its stop only, by the same rule); a bare input Sn
// gives S(n+1); D gives D on both outputs.
//
//   Format 0, dense       the fiber of r is coordinates 0 .. dim_i-1 at positions
//                         r*dim_i + c. No arrays.
//   Format 1, compressed  the fiber of r is crd[pos[r]] .. crd[pos[r+1]-1] at
//                         positions pos[r] .. pos[r+1]-1, read from two arrays
//                         (`sam_mem`) through the pos_rd_* and crd_rd_* ports.
//
// Root mode (Root = 1) scans the one fiber of the root, as if `ref` in carried
// `0 D`: the references come from inside, once start_i is high (the arrays are
// loaded), once per reset; the ref input is unused (tie ref_valid_i low).
//
// Structure: a fetch stage reads the input and pos (two reads per reference, one
// when the reference follows the previous one, r = r_prev + 1, as it does below a
// compressed parent; the read of a reference starts in the cycle the previous
// fiber closes) and leaves a fiber descriptor (first and last position, the
// closing stop) in a two-entry queue; a scan stage walks the descriptor, one token
// per cycle: a crd read per coordinate, then the stop. The read data meets its
// position in one pipeline register in front of the two output buffers
// (`sam_fifo`, Depth 2). While that register is stalled no read is issued, so
// `sam_mem` holds the data. Fetch runs ahead of scan: the outputs carry one token
// per cycle while fetch keeps ahead: a compressed fiber costs fetch 3 cycles (2
// when its reference follows the previous one), a dense or empty one 1 cycle;
// scan spends c + 1 cycles on a fiber of c coordinates. Array read data only
// ever goes into registers (through a mux).
//
// Coordinate skipping (seed 003, section 4.2) will enter through `skip`; this
// version reserves the port: skip_ready_o is low and skip_valid_i must stay low.
//
// Parameters: CrdWidth      payload width of coordinates (crd out, crd array),
//                           1..63
//             RefWidth      payload width of references in and out and of the pos
//                           array, 2..63
//             Format        0 dense, 1 compressed
//             Root          0 references from `ref`, 1 root mode
//             PosAddrWidth  compressed: pos array address width, 1..20
//                           (references must be below 2**PosAddrWidth - 1)
//             CrdAddrWidth  compressed: crd array address width, 1..20
// Ports:      clk_i, rst_ni                          clock, asynchronous active-low reset
//             ref_valid_i, ref_ready_o, ref_tok_i    references (ref); unused in root
//                                                    mode
//             skip_valid_i, skip_ready_o, skip_tok_i reserved (crd); tie valid low
//             crd_valid_o, crd_ready_i, crd_tok_o    coordinates (crd)
//             ref_valid_o, ref_ready_i, ref_tok_o    positions (ref)
//             start_i                                root mode: begin (level; hold high)
//             dim_i                                  dense: the level's dimension
//                                                    (host register, held during a run)
//             pos_rd_en_o, pos_rd_addr_o,            compressed: pos array read port
//             pos_rd_data_i                          (data one cycle after the read)
//             crd_rd_en_o, crd_rd_addr_o,            compressed: crd array read port
//             crd_rd_data_i
// No combinational path from crd_ready_i or ref_ready_i to ref_ready_o; the array
// read ports are driven from registers and the input head only.
module sam_fiberlookup #(
  parameter int unsigned CrdWidth     = sam_pkg::CrdWidth,
  parameter int unsigned RefWidth     = sam_pkg::CrdWidth,
  parameter int unsigned Format       = 1,
  parameter int unsigned Root         = 0,
  parameter int unsigned PosAddrWidth = 8,
  parameter int unsigned CrdAddrWidth = 8
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  input  logic                    ref_valid_i,
  output logic                    ref_ready_o,
  input  logic [RefWidth:0]       ref_tok_i,
  input  logic                    skip_valid_i,
  output logic                    skip_ready_o,
  input  logic [CrdWidth:0]       skip_tok_i,
  output logic                    crd_valid_o,
  input  logic                    crd_ready_i,
  output logic [CrdWidth:0]       crd_tok_o,
  output logic                    ref_valid_o,
  input  logic                    ref_ready_i,
  output logic [RefWidth:0]       ref_tok_o,
  input  logic                    start_i,
  input  logic [CrdWidth-1:0]     dim_i,
  output logic                    pos_rd_en_o,
  output logic [PosAddrWidth-1:0] pos_rd_addr_o,
  input  logic [RefWidth-1:0]     pos_rd_data_i,
  output logic                    crd_rd_en_o,
  output logic [CrdAddrWidth-1:0] crd_rd_addr_o,
  input  logic [CrdWidth-1:0]     crd_rd_data_i
);

  if (CrdWidth < 1 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_crd
    $error("sam_fiberlookup: CrdWidth must be in 1..63");
  end
  if (RefWidth < 2 || RefWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_ref
    $error("sam_fiberlookup: RefWidth must be in 2..63");
  end
  if (Format > 1) begin : gen_bad_format
    $error("sam_fiberlookup: Format must be 0 (dense) or 1 (compressed)");
  end
  if (Root > 1) begin : gen_bad_root
    $error("sam_fiberlookup: Root must be 0 or 1");
  end
  if (PosAddrWidth < 1 || PosAddrWidth > 20 || CrdAddrWidth < 1 || CrdAddrWidth > 20)
  begin : gen_bad_addr
    $error("sam_fiberlookup: PosAddrWidth and CrdAddrWidth must be in 1..20");
  end

  localparam bit Compressed = Format == 1;
  // Stop levels are carried once for both outputs: as wide as the narrower one.
  localparam int unsigned LvlWidth = CrdWidth < RefWidth ? CrdWidth : RefWidth;

  sam_stream_assert #(
    .Width(RefWidth),
    .Name ("sam_fiberlookup ref")
  ) ref_check (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(ref_valid_i),
    .ready_i(ref_ready_o),
    .tok_i  (ref_tok_i)
  );

  // ---------------------------------------------------------------------------
  // The input: `ref` in, or in root mode the stream `0 D` made here.
  logic                in_valid, in_pop;
  logic [RefWidth:0]   in_tok;
  sam_pkg::tok_kind_e  in_kind;
  logic [63:0]         in_lvl;

  if (Root == 1) begin : gen_root
    logic [1:0] root_q;   // tokens of `0 D` already taken
    assign in_valid = start_i && root_q != 2'd2;
    assign in_tok   = root_q == 2'd0 ? '0 : {1'b1, {RefWidth{1'b1}}};
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) root_q <= '0;
      else if (in_pop) root_q <= root_q + 2'd1;
    end
    assign ref_ready_o = 1'b0;
  end else begin : gen_ref_in
    assign in_valid    = ref_valid_i;
    assign in_tok      = ref_tok_i;
    logic unused_start;  // root mode only
    assign unused_start = start_i;
    assign ref_ready_o = in_pop;
  end

  assign in_lvl  = 64'(in_tok[RefWidth-1:0]);
  assign in_kind = sam_pkg::tok_kind(in_tok[RefWidth], in_lvl, RefWidth);

  // Reserved: coordinate skipping.
  assign skip_ready_o = 1'b0;

  // ---------------------------------------------------------------------------
  // Fetch: input tokens to fiber descriptors.
  typedef enum logic [2:0] {
    FetchIdle,   // waiting for a reference
    FetchPos0,   // pos[r] on the read data; pos[r+1] being read
    FetchPos1,   // pos[r+1] on the read data
    FetchClose,  // the fiber is known; waiting for the next input to pick its stop
    FetchDone    // D taken; idle until reset
  } fetch_e;

  fetch_e              fetch_d, fetch_q;
  logic [RefWidth-1:0] ref_d, ref_q;       // the reference being fetched
  logic [RefWidth-1:0] first_d, first_q;   // its first position
  logic [RefWidth-1:0] last_d, last_q;     // compressed: one past its last position
  logic                empty_d, empty_q;   // the fiber is empty (an N in)
  logic                prev_d, prev_q;     // prev_ref_q / prev_end_q are valid
  // The last compressed fiber fetched: its reference plus one (the reference
  // whose fiber starts where it ends) and its end.
  logic [RefWidth-1:0] prev_ref_d, prev_ref_q, prev_end_d, prev_end_q;
  logic [RefWidth-1:0] r_in, fiber_end;

  // Fiber descriptors: `slot`, which the scan stage walks in place, and `next`,
  // which fetch fills while the slot is busy (so a short fiber's fetch hides
  // behind a long one's scan). `next` is only valid while `slot` is.
  typedef struct packed {
    logic                fiber;  // a fiber (else a bare control token)
    logic [RefWidth-1:0] pos;    // next position to emit
    logic [RefWidth-1:0] stop;   // one past the last position
    logic [CrdWidth-1:0] crd;    // dense: next coordinate
    logic                done;   // the closing token is D
    logic [LvlWidth-1:0] lvl;    // else it is S(lvl)
  } desc_t;

  logic   slot_valid_d, slot_valid_q, next_valid_d, next_valid_q;
  desc_t  slot_d, slot_q, next_d, next_q, push_desc;
  logic   push;
  logic   slot_take;   // scan frees the slot this cycle
  logic   slot_free;   // fetch may push a descriptor this cycle

  logic                s1_valid_q, s1_mem_q, s1_advance, out_push;
  logic [CrdWidth:0]   s1_crd_q, crd_out;
  logic [RefWidth:0]   s1_ref_q;
  logic                crdq_ready, refq_ready;
  logic                scan_data;   // the slot emits a coordinate this cycle
  logic [CrdWidth:0]   stop_crd;
  logic [RefWidth:0]   stop_ref;

  assign slot_free = !next_valid_q || slot_take;
  assign r_in      = in_tok[RefWidth-1:0];
  // The end of the fiber being closed. Read data goes into registers only (an
  // array's clock-to-output is most of a cycle on ECP5), so FetchPos1 just latches it.
  assign fiber_end = last_q;

  logic pos_issue;
  logic [RefWidth-1:0] pos_addr;
  logic push_fiber, push_ctrl;
  logic close_now;
  logic [LvlWidth-1:0] ctrl_lvl;
  logic ctrl_done;

  // Closing a fiber: needs the next input token (a stop there merges) and the slot.
  assign close_now = fetch_q == FetchClose && in_valid && slot_free;

  // A reference or N at the input head starts a fiber: from FetchIdle, or while
  // the previous fiber closes (the head is the lookahead token that picks its
  // stop, and it is not a stop).
  logic take_head, head_fiber;
  assign head_fiber = in_kind == sam_pkg::TokData || in_kind == sam_pkg::TokEmpty;
  assign take_head  = in_valid && head_fiber && (fetch_q == FetchIdle || close_now);

  always_comb begin
    fetch_d    = fetch_q;
    empty_d    = empty_q;
    ref_d      = ref_q;
    first_d    = first_q;
    last_d     = last_q;
    prev_d     = prev_q;
    prev_ref_d = prev_ref_q;
    prev_end_d = prev_end_q;
    in_pop     = 1'b0;
    pos_issue  = 1'b0;
    pos_addr   = r_in;
    push_fiber = 1'b0;
    push_ctrl  = 1'b0;
    ctrl_done  = 1'b0;
    ctrl_lvl   = LvlWidth'(in_lvl + 64'd1);
    unique case (fetch_q)
      FetchIdle: begin
        // A bare stop or D at the head is a descriptor of its own.
        if (in_valid && !head_fiber && slot_free) begin
          in_pop    = 1'b1;
          push_ctrl = 1'b1;
          if (in_kind == sam_pkg::TokDone) begin
            ctrl_done = 1'b1;
            fetch_d   = FetchDone;
          end
        end
      end
      FetchPos0: begin
        first_d   = pos_rd_data_i;
        pos_issue = 1'b1;
        pos_addr  = ref_q + RefWidth'(1);
        fetch_d   = FetchPos1;
      end
      FetchPos1: begin
        last_d     = pos_rd_data_i;
        prev_d     = 1'b1;
        prev_ref_d = ref_q + RefWidth'(1);
        prev_end_d = pos_rd_data_i;
        fetch_d    = FetchClose;
      end
      default: ;
    endcase
    if (close_now) begin
      // The head picks the stop: a stop merges (and is taken), anything else
      // gives S0 (and starts the next fiber, or waits in FetchIdle).
      push_fiber = 1'b1;
      fetch_d    = FetchIdle;
      if (in_kind == sam_pkg::TokStop) begin
        in_pop = 1'b1;
      end else begin
        ctrl_lvl = '0;
      end
    end
    if (take_head) begin
      in_pop  = 1'b1;
      ref_d   = r_in;
      empty_d = in_kind == sam_pkg::TokEmpty;
      if (in_kind == sam_pkg::TokEmpty) begin
        // N: an empty fiber; nothing to read.
        fetch_d = FetchClose;
      end else if (!Compressed) begin
        // Dense: positions r*dim .. r*dim + dim - 1; nothing to read.
        first_d = RefWidth'(r_in * RefWidth'(dim_i));
        fetch_d = FetchClose;
      end else if (prev_q && r_in == prev_ref_q) begin
        // Below a compressed parent: this fiber starts where the last one ended.
        first_d   = prev_end_q;
        pos_issue = 1'b1;
        pos_addr  = r_in + RefWidth'(1);
        fetch_d   = FetchPos1;
      end else begin
        pos_issue = 1'b1;
        fetch_d   = FetchPos0;
      end
    end
  end

  always_comb begin
    push_desc.fiber = push_fiber;
    push_desc.pos   = first_q;
    push_desc.stop  = empty_q ? first_q : Compressed ? fiber_end : first_q + RefWidth'(dim_i);
    push_desc.crd   = '0;
    push_desc.done  = ctrl_done;
    push_desc.lvl   = ctrl_lvl;
  end
  assign push = push_fiber || push_ctrl;

  always_comb begin
    slot_valid_d = slot_valid_q;
    slot_d       = slot_q;
    next_valid_d = next_valid_q;
    next_d       = next_q;
    if (scan_data) begin
      slot_d.pos = slot_q.pos + RefWidth'(1);
      slot_d.crd = slot_q.crd + CrdWidth'(1);
    end
    if (!slot_valid_q || slot_take) begin
      // The slot takes `next`, else the new descriptor, else empties.
      slot_valid_d = next_valid_q || push;
      slot_d       = next_valid_q ? next_q : push_desc;
      next_valid_d = next_valid_q && push;
      next_d       = push_desc;
    end else if (push) begin
      next_valid_d = 1'b1;
      next_d       = push_desc;
    end
  end

  // ---------------------------------------------------------------------------
  // Scan: one token per cycle from the slot into the pipeline register.

  assign out_push   = s1_valid_q && crdq_ready && refq_ready;
  assign s1_advance = !s1_valid_q || out_push;
  assign scan_data  = s1_advance && slot_valid_q && slot_q.fiber && slot_q.pos != slot_q.stop;
  assign slot_take  = s1_advance && slot_valid_q && !(slot_q.fiber && slot_q.pos != slot_q.stop);
  assign stop_crd   = slot_q.done ? {1'b1, {CrdWidth{1'b1}}} : {1'b1, CrdWidth'(slot_q.lvl)};
  assign stop_ref   = slot_q.done ? {1'b1, {RefWidth{1'b1}}} : {1'b1, RefWidth'(slot_q.lvl)};

  assign crd_rd_en_o   = Compressed && scan_data;
  assign crd_rd_addr_o = CrdAddrWidth'(slot_q.pos);
  assign pos_rd_en_o   = Compressed && pos_issue;
  assign pos_rd_addr_o = PosAddrWidth'(pos_addr);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      s1_valid_q <= 1'b0;
      s1_mem_q   <= 1'b0;
      s1_crd_q   <= '0;
      s1_ref_q   <= '0;
    end else if (s1_advance) begin
      s1_valid_q <= slot_valid_q;
      s1_mem_q   <= Compressed && scan_data;
      s1_crd_q   <= scan_data ? {1'b0, slot_q.crd} : stop_crd;
      s1_ref_q   <= scan_data ? {1'b0, slot_q.pos} : stop_ref;
    end
  end

  assign crd_out = s1_mem_q ? {1'b0, crd_rd_data_i} : s1_crd_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fetch_q      <= FetchIdle;
      empty_q      <= 1'b0;
      ref_q        <= '0;
      first_q      <= '0;
      last_q       <= '0;
      prev_q       <= 1'b0;
      prev_ref_q   <= '0;
      prev_end_q   <= '0;
      slot_valid_q <= 1'b0;
      slot_q       <= '0;
      next_valid_q <= 1'b0;
      next_q       <= '0;
    end else begin
      fetch_q      <= fetch_d;
      empty_q      <= empty_d;
      ref_q        <= ref_d;
      first_q      <= first_d;
      last_q       <= last_d;
      prev_q       <= prev_d;
      prev_ref_q   <= prev_ref_d;
      prev_end_q   <= prev_end_d;
      slot_valid_q <= slot_valid_d;
      slot_q       <= slot_d;
      next_valid_q <= next_valid_d;
      next_q       <= next_d;
    end
  end

  sam_fifo #(
    .Width(CrdWidth),
    .Depth(2)
  ) crd_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(out_push),
    .ready_o(crdq_ready),
    .tok_i  (crd_out),
    .valid_o(crd_valid_o),
    .ready_i(crd_ready_i),
    .tok_o  (crd_tok_o)
  );

  sam_fifo #(
    .Width(RefWidth),
    .Depth(2)
  ) ref_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(out_push),
    .ready_o(refq_ready),
    .tok_i  (s1_ref_q),
    .valid_o(ref_valid_o),
    .ready_i(ref_ready_i),
    .tok_o  (ref_tok_o)
  );

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (!skip_valid_i)
      else $error("sam_fiberlookup: the skip port is reserved; skip_valid_i must stay low");
      if (Root == 1) begin
        assert (!ref_valid_i)
        else $error("sam_fiberlookup: root mode takes no references");
      end
      if (in_valid && in_kind == sam_pkg::TokStop) begin
        assert (in_lvl + 64'd1 < (64'd1 << LvlWidth) - 64'd2)
        else $error("sam_fiberlookup: stop %0d in has no room one level up", in_lvl);
      end
      if (Compressed && pos_issue) begin
        assert (64'(pos_addr) < (64'd1 << PosAddrWidth))
        else $error("sam_fiberlookup: pos read at %0d, beyond the pos array", pos_addr);
      end
      if (Compressed && scan_data) begin
        assert (64'(slot_q.pos) < (64'd1 << CrdAddrWidth))
        else $error("sam_fiberlookup: position %0d is beyond the crd array", slot_q.pos);
      end
      if (fetch_q == FetchDone) begin
        assert (!in_valid)
        else $error("sam_fiberlookup: a token after D");
      end
    end
  end
`endif

  // The reserved skip port, and the address bits above the pos array (checked by
  // the assertions only).
  logic unused_bits;
  assign unused_bits = ^{skip_valid_i, skip_tok_i, pos_addr};

endmodule
