// sam_fiberlookup: the level scanner (docs/primitives.md; golden model
// golden/src/models/fiberlookup.rs).
//
// For every reference r on `ref` in, emits the fiber below r: its coordinates on
// `crd` out and their positions on `ref` out, then one stop. The stop is S0, or
// S(n+1) when the next input token is a stop Sn (consumed; the two make one stop).
// `N` in is an empty fiber (its stop only, by the same rule); a bare input Sn
// gives S(n+1); D gives D on both outputs.
//
//   Format ScanDense      the fiber of r is coordinates 0 .. dim_i-1 at positions
//                         r*dim_i + c. No arrays; r*dim_i from a two-cycle
//                         registered multiplier.
//   Format ScanCompressed the fiber of r is crd[pos[r]] .. crd[pos[r+1]-1] at
//                         positions pos[r] .. pos[r+1]-1, read from two arrays
//                         (`sam_mem`) through the pos_rd_* and crd_rd_* ports.
//   Format ScanRange      the fiber of r is coordinates 0 .. dim_i-1, each with
//                         r itself on `ref` out (the reference broadcast along
//                         the index range). No arrays, no multiplier: the
//                         descriptor's pos is r and does not advance.
//
// Root mode (Root = 1) scans the one fiber of the root, as if `ref` in carried
// `0 D`: the references come from inside, once start_i is high (the arrays are
// loaded), once per reset; the ref input is unused (tie ref_valid_i low).
//
// Structure: input stage (the token registered with its kind decoded, r + 1 and
// the reference compares) -> fetch (reads pos[r+1], then pos[r], two-cycle reads;
// one read when r = r_prev + 1, none when r repeats the previous reference; a
// reference r_prev + 1 enters as the follower while the fiber ahead is still in
// fetch, so a run of them issues one read per cycle) -> a three-entry descriptor
// queue (pending, next, slot; each takes only from the one before) -> scan (one
// token per cycle: a crd read per coordinate, then the stop) -> s1, s2 (meeting
// the crd read data: `sam_read_align`) -> two output buffers (`sam_fifo`, Depth
// 4). Scan moves only while it holds a credit, so the scan pipeline never stalls.
// Latency: 10 cycles from a reference taken to its fiber's first token (input
// stage 1, fetch 4, pending and next 2, s1, s2 and the buffer 3); range 8.
// Throughput: one token per cycle while fetch keeps ahead of scan: a compressed
// fiber costs fetch 3 cycles (1 when its reference follows the previous one: a
// run of r, r+1, r+2, ... is fetched one per cycle), a dense one 3, a range,
// empty or repeated one 1; scan spends c + 1 cycles on a fiber of c coordinates
// (plus one when `next` is empty as the slot frees).
//
// Coordinate skipping (Skip = 1; section 4.2 of Hsu et al.'s SAM paper;
// docs/tokens-and-channels.md, the skip channel): `skip` carries targets from the
// intersector this scanner feeds, each "no coordinate below t is needed in fiber f" (or
// "none at all": the end flag). The scanner always takes them (skip_ready_o is high) and
// keeps the newest; one for a fiber it has left is dropped (f is compared with the count
// of stops it has issued, mod 2**SkipTagWidth). The fiber in the slot then jumps
// forward, never back, while the scan keeps streaming: dense and range by
// arithmetic (3 cycles from the target taken to the slot moved), compressed by a
// binary search of crd[pos .. end) through the crd array's second read port (two
// cycles per probe: ceil(log2(left + 1)) probes, plus 3 cycles). Targets are
// advisory: skipping only removes coordinates below the target from the fiber.
//
// Parameters: CrdWidth      payload width of coordinates (crd out, crd array),
//                           1..63
//             RefWidth      payload width of references in and out and of the pos
//                           array, 2..63
//             Format        sam_pkg::scan_format_e, as above
//             Root          0 references from `ref`, 1 root mode
//             PosAddrWidth  compressed: pos array address width, 1..20
//                           (references must be below 2**PosAddrWidth - 1)
//             CrdAddrWidth  compressed: crd array address width, 1..20
//             Skip          1: take skip targets (compressed: search the crd array
//                           through crd_rd2_*); 0: the skip port is unused
//             SkipTagWidth  fiber tag bits of a skip target, 2..16
//             Credits       scan credits (output buffers' depth), most pos reads
//                           and search probes outstanding, 4..255
//             AnyTiming     compressed: 1, the pos and crd reads take any memory
//                           timing (tagged pos reads with held responses,
//                           sam_read_align's late-response FIFOs); 0, the
//                           on-chip array's (no FIFOs; checked). The search's
//                           probes take any timing either way
// Ports:      clk_i, rst_ni                          clock, synchronous active-low reset
//             ref_valid_i, ref_ready_o, ref_tok_i    references (ref); unused in root
//                                                    mode
//             skip_valid_i, skip_ready_o, skip_tok_i skip targets: {end, fiber tag,
//                                                    coordinate}; Skip = 0: tie valid low
//             crd_valid_o, crd_ready_i, crd_tok_o    coordinates (crd)
//             ref_valid_o, ref_ready_i, ref_tok_o    positions (ref)
//             start_i                                root mode: begin (level; hold high)
//             dim_i                                  dense, range: the dimension
//                                                    (host register, held during a run)
//             pos_rd_en_o, pos_rd_addr_o,            compressed: pos array read port
//             pos_rd_data_i                          (data two cycles after the read)
//             crd_rd_en_o, crd_rd_addr_o,            compressed: crd array read port
//             crd_rd_data_i
//             crd_rd2_en_o, crd_rd2_addr_o,          compressed with Skip: the crd
//             crd_rd2_data_i                         array's second read port (search)
// ref_ready_o is a function of registers only (the input stage is empty or its
// token goes): no combinational path from any input port, crd_ready_i or
// ref_ready_i to it; the array read ports are driven from registers only.
module sam_fiberlookup #(
  parameter int unsigned CrdWidth     = sam_pkg::CrdWidth,
  parameter int unsigned RefWidth     = sam_pkg::CrdWidth,
  parameter sam_pkg::scan_format_e Format = sam_pkg::ScanCompressed,
  parameter int unsigned Root         = 0,
  parameter int unsigned PosAddrWidth = 8,
  parameter int unsigned CrdAddrWidth = 8,
  parameter int unsigned Skip         = 0,
  parameter int unsigned SkipTagWidth = sam_pkg::SkipTagWidth,
  parameter int unsigned Credits      = 4,
  parameter int unsigned AnyTiming    = 0
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  input  logic                    ref_valid_i,
  output logic                    ref_ready_o,
  input  logic [RefWidth:0]       ref_tok_i,
  input  logic                    skip_valid_i,
  output logic                    skip_ready_o,
  input  logic [SkipTagWidth+CrdWidth:0] skip_tok_i,
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
  input  logic                    pos_rd_ready_i,
  input  logic                    pos_rd_valid_i,
  input  logic [RefWidth-1:0]     pos_rd_data_i,
  output logic                    crd_rd_en_o,
  output logic [CrdAddrWidth-1:0] crd_rd_addr_o,
  input  logic                    crd_rd_ready_i,
  input  logic                    crd_rd_valid_i,
  input  logic [CrdWidth-1:0]     crd_rd_data_i,
  output logic                    crd_rd2_en_o,
  output logic [CrdAddrWidth-1:0] crd_rd2_addr_o,
  input  logic                    crd_rd2_ready_i,
  input  logic                    crd_rd2_valid_i,
  input  logic [CrdWidth-1:0]     crd_rd2_data_i
);

  if (CrdWidth < 1 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_crd
    $error("sam_fiberlookup: CrdWidth must be in 1..63");
  end
  if (RefWidth < 2 || RefWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_ref
    $error("sam_fiberlookup: RefWidth must be in 2..63");
  end
  if (Format > sam_pkg::ScanRange) begin : gen_bad_format
    $error("sam_fiberlookup: Format must be ScanDense, ScanCompressed or ScanRange");
  end
  if (Root > 1) begin : gen_bad_root
    $error("sam_fiberlookup: Root must be 0 or 1");
  end
  if (PosAddrWidth < 1 || PosAddrWidth > 20 || CrdAddrWidth < 1 || CrdAddrWidth > 20)
  begin : gen_bad_addr
    $error("sam_fiberlookup: PosAddrWidth and CrdAddrWidth must be in 1..20");
  end
  if (Skip > 1) begin : gen_bad_skip
    $error("sam_fiberlookup: Skip must be 0 or 1");
  end
  if (SkipTagWidth < 2 || SkipTagWidth > 16) begin : gen_bad_tag
    $error("sam_fiberlookup: SkipTagWidth must be in 2..16");
  end
  if (Credits < 4 || Credits > 255) begin : gen_bad_credits
    $error("sam_fiberlookup: Credits must be in 4..255");
  end
  if (AnyTiming > 1) begin : gen_bad_any
    $error("sam_fiberlookup: AnyTiming must be 0 or 1");
  end

  localparam bit Dense      = Format == sam_pkg::ScanDense;
  localparam bit Compressed = Format == sam_pkg::ScanCompressed;
  localparam bit Range      = Format == sam_pkg::ScanRange;
  // Stop levels are carried once for both outputs: as wide as the narrower one.
  localparam int unsigned LvlWidth = CrdWidth < RefWidth ? CrdWidth : RefWidth;

  sam_stream_assert #(.Width(RefWidth), .Name("sam_fiberlookup ref")) ref_check (
    .clk_i, .rst_ni, .valid_i(ref_valid_i), .ready_i(ref_ready_o), .tok_i(ref_tok_i)
  );

  // ---------------------------------------------------------------------------
  // The input: `ref` in, or in root mode the stream `0 D` made here, through the
  // input stage: a register holding the head token with its kind decoded, r + 1
  // (the pos read address), a stop's level + 1, and fetch's two reference
  // compares (a repeat of the last reference, a follower of the last one read),
  // so that fetch, the pos read address and ref_ready_o start from registers
  // (not from the input port through a payload decode, an adder or a compare).
  // The stage takes a token whenever it is empty or its token goes this cycle:
  // one token per cycle, one cycle of latency.
  logic                src_valid, src_take;
  logic [RefWidth:0]   src_tok;
  logic                in_valid, in_pop;
  logic [RefWidth-1:0] in_ref;     // the payload (a reference, a stop's level)
  sam_pkg::tok_kind_e  in_kind;
  logic [RefWidth-1:0] in_next;    // the reference + 1
  logic [LvlWidth-1:0] in_up;      // a stop's level + 1
  // The compares, made as the token enters against both values fetch may hold
  // when it takes the token: the registers now, or (in_after, in_after_read) the
  // token ahead in the stage, taken as a fiber head this cycle (and read).
  logic                in_same_ahead, in_same_last;  // r = the ref ahead / ref_q
  logic                in_next_ahead, in_next_last;  // r = the ref ahead + 1 / prev_next_q
  logic                in_after, in_after_read;
  logic                in_repeat, in_follow;          // at the take: r = ref_q, prev_next_q

  assign src_take = !in_valid || in_pop;

  if (Root == 1) begin : gen_root
    sam_root #(
      .Width(RefWidth)
    ) root (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .start_i(start_i),
      .valid_o(src_valid),
      .ready_i(src_take),
      .tok_o  (src_tok)
    );
    assign ref_ready_o = 1'b0;
  end else begin : gen_ref_in
    assign src_valid   = ref_valid_i;
    assign src_tok     = ref_tok_i;
    logic unused_start;  // root mode only
    assign unused_start = start_i;
    assign ref_ready_o = src_take;
  end

  // ---------------------------------------------------------------------------
  // Fetch: input tokens to fiber descriptors.
  typedef enum logic [2:0] {
    FetchIdle,   // waiting for a reference
    FetchRd0,    // pos[r+1] read last cycle; read pos[r] unless r follows the
                 // previous fiber (dense: r*dim on its way)
    FetchRd1,    // pos[r+1] on the read data (dense: r*dim): a following fiber is
                 // known (may close now)
    FetchRd2,    // pos[r] on the read data: the fiber is known (may close now)
    FetchClose,  // the fiber is known; waiting for the next input to pick its stop
    FetchDone    // D taken; idle until reset
  } fetch_e;

  fetch_e              fetch_d, fetch_q;
  logic [RefWidth-1:0] ref_d, ref_q;       // the reference being fetched
  logic [RefWidth-1:0] first_d, first_q;   // its first position
  logic [RefWidth-1:0] end_d, end_q;       // compressed: one past its last position
  logic                empty_d, empty_q;   // the fiber is empty (an N in)
  // Compressed: the last reference fetched plus one (prev_q: there is one), and
  // whether this fiber follows it (starts at its end: no pos[r] read).
  logic [RefWidth-1:0] prev_next_d, prev_next_q;
  logic                prev_d, prev_q, follow_d, follow_q;
  // ref_q is a reference (not N) whose fiber is first_q .. end_q once fetched: a
  // repeat of it (a `repeat` upstream sends each reference many times) reuses
  // that descriptor and reads nothing.
  logic                known_d, known_q;
  logic [RefWidth-1:0] r_in;
  // The follower: a reference taken while the fiber ahead of it is still in
  // fetch, because it follows that one (r = r_prev + 1: it starts at that fiber's
  // end, and makes that fiber's stop S0). Its pos[r+1] read is in flight
  // (b_wait_q) or its data is held in b_end_q (b_held_q). Once the fiber ahead is
  // pushed, the follower takes its place in fetch (the hand over): a run of
  // following references is read one per cycle.
  logic                b_wait_q, b_held_q, b_valid, b_take;
  logic [RefWidth-1:0] b_end_q;
  logic                take_follow, hand_over, follow_room;

  // The pos reads (the memory port protocol, docs/memory.md). The enable is
  // speculative (from registers: a read may be taken that fetch then does not
  // use); each taken read's tag says whether fetch used it (pos_issue), and the
  // responses of unused reads are dropped as they come. A used response waits in
  // `held` until its taker looks: fetch in FetchRd1 or FetchRd2 (its own reads,
  // always older than the follower's), else the follower. With the on-chip
  // array's two cycles every response meets its taker as it comes.
  logic                pos_go;     // a pos read is taken this cycle
  logic                pos_room_q; // fewer than Credits pos reads outstanding
  logic                pos_avail;  // the oldest used response is here
  logic [RefWidth-1:0] pos_data;   // its data
  logic                pos_pop;    // its taker takes it
  logic                fetch_owed; // fetch has a used read not yet taken

  // Fiber descriptors: `slot`, which the scan stage walks in place, and `next`,
  // which fetch fills while the slot is busy (so a short fiber's fetch hides
  // behind a long one's scan). The slot takes only `next`, `next` only the
  // pending descriptor: a chain of three registers, so the length's subtraction
  // (pend to next) and the scan's muxes (next to slot) are in different cycles.
  typedef struct packed {
    logic                fiber;  // a fiber (else a bare control token)
    logic [RefWidth-1:0] pos;    // next position to emit (range: r, held)
    logic [RefWidth-1:0] left;   // coordinates left to emit
    logic                more;   // left != 0 (a register: scan's end test)
    logic [CrdWidth-1:0] crd;    // dense, range: next coordinate
    logic                done;   // the closing token is D
    logic [LvlWidth-1:0] lvl;    // else it is S(lvl)
  } desc_t;

  // A skip's jump, applied to the slot (registers of the skip logic below).
  logic                jump_apply;
  logic [RefWidth-1:0] jump_pos_q, jump_left_q;
  logic [CrdWidth-1:0] jump_crd_q;
  logic                jump_more_q;

  logic   slot_valid_d, slot_valid_q, next_valid_d, next_valid_q;
  desc_t  slot_d, slot_q, next_d, next_q, push_desc;
  logic   push;
  logic   slot_take;   // scan frees the slot this cycle
  logic   slot_open;   // the slot takes `next` this cycle
  logic   next_open;   // `next` takes the pending descriptor this cycle
  // The pending descriptor: fetch's push, registered before it enters `next`.
  // Compressed: its `left` holds the fiber's end (the array read data goes
  // straight into it), turned into the length on the way into `next`.
  logic   pend_valid_q, pend_free, pend_move;
  desc_t  pend_q, pend_desc;

  // A scan token beside its crd read (`sam_read_align`, s1 and s2): the ref token,
  // the crd token, and whether crd is the read data instead (mem). Field order:
  // with mem as the top bit, YoWASP yosys 0.70's synth_ecp5 mapped the compressed
  // scanner to 65 more LUTs (709 -> 774), the same logic and flip-flops.
  typedef struct packed {
    logic [RefWidth:0] ref_tok;
    logic [CrdWidth:0] crd_tok;
    logic              mem;
  } rd_tok_t;

  rd_tok_t             scan_tok, s2;
  logic                s2_valid, s1_advance;
  logic [7:0]          inflight;    // scan tokens in s1 and s2
  logic [CrdWidth:0]   crd_out;
  logic                scan_data;   // the slot emits a coordinate this cycle
  logic [CrdWidth:0]   stop_crd;
  logic [RefWidth:0]   stop_ref;

  assign slot_open = !slot_valid_q || slot_take;
  assign next_open = !next_valid_q || slot_open;
  assign pend_move = pend_valid_q && next_open;
  assign pend_free = !pend_valid_q || next_open;
  assign r_in      = in_ref;

  logic pos_issue;
  logic [RefWidth-1:0] mul_p;  // dense: r_in * dim_i of two cycles ago
  logic [RefWidth-1:0] pos_addr;
  logic push_fiber, push_ctrl;
  logic close_now;
  logic [LvlWidth-1:0] ctrl_lvl;
  logic ctrl_done;

  // Closing a fiber: needs its bounds (FetchRd2, FetchRd1 with a follower: the
  // last one arriving), the next input token (a stop there merges) and room in the
  // pending register.
  logic close_state;
  assign close_state = fetch_q == FetchClose || (pos_avail && (fetch_q == FetchRd2 ||
                       (Compressed && fetch_q == FetchRd1 && follow_q)));
  // With a follower, the fiber's stop is S0 and the head is not looked at.
  assign close_now   = close_state && pend_free && (in_valid || b_valid);
  assign b_valid     = Compressed && (b_wait_q || b_held_q);
  assign hand_over   = close_now && b_valid;
  // The follower's response is the oldest once fetch has taken its own.
  assign b_take      = Compressed && b_wait_q && !fetch_owed && pos_avail;

  // A reference or N at the input head starts a fiber: from FetchIdle, or while
  // the previous fiber closes (the head is the lookahead token that picks its
  // stop, and it is not a stop).
  logic take_head, head_fiber, head_new, head_read;
  assign head_fiber = in_kind == sam_pkg::TokData || in_kind == sam_pkg::TokEmpty;
  // The head needs a pos read (it is not a repeat), taken as it starts.
  assign head_new   = Compressed && in_kind == sam_pkg::TokData && !(known_q && in_repeat);
  assign take_head  = in_valid && head_fiber && (fetch_q == FetchIdle ||
                                                 (close_now && !b_valid)) &&
                      (!head_new || pos_go);
  // The head starts a pos read (and becomes the last reference read).
  assign head_read  = take_head && head_new;
  // A following reference at the head becomes the follower when the read port is
  // free (fetch reads nothing else this cycle) and the follower register is free
  // or handed over this cycle. Without a follower, only while the fiber in fetch
  // does not close: a closing one takes the head as its lookahead (take_head).
  assign follow_room = b_valid ? close_now :
                       !close_now && ((fetch_q == FetchRd0 && follow_q) ||
                                      fetch_q == FetchRd1 || fetch_q == FetchRd2);
  assign take_follow = Compressed && in_valid && in_kind == sam_pkg::TokData &&
                       in_follow && follow_room && pos_go;

  // The input stage.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      in_valid <= 1'b0;
      in_ref   <= '0;
      in_kind  <= sam_pkg::TokData;
      in_next  <= '0;
      in_up    <= '0;
      in_same_ahead <= 1'b0;
      in_same_last  <= 1'b0;
      in_next_ahead <= 1'b0;
      in_next_last  <= 1'b0;
      in_after      <= 1'b0;
      in_after_read <= 1'b0;
    end else if (src_take) begin
      in_valid <= src_valid;
      in_ref   <= src_tok[RefWidth-1:0];
      in_kind  <= sam_pkg::tok_kind(src_tok[RefWidth], 64'(src_tok[RefWidth-1:0]), RefWidth);
      in_next  <= src_tok[RefWidth-1:0] + RefWidth'(1);
      in_up    <= LvlWidth'(src_tok[RefWidth-1:0]) + LvlWidth'(1);
      in_same_ahead <= src_tok[RefWidth-1:0] == in_ref;
      in_same_last  <= src_tok[RefWidth-1:0] == ref_q;
      in_next_ahead <= src_tok[RefWidth-1:0] == in_next;
      in_next_last  <= src_tok[RefWidth-1:0] == prev_next_q;
      in_after      <= take_head || take_follow;
      in_after_read <= head_read || take_follow;
    end
  end

  assign in_repeat = in_after ? in_same_ahead : in_same_last;
  assign in_follow = in_after_read ? in_next_ahead : in_next_last;

  always_comb begin
    fetch_d    = fetch_q;
    empty_d    = empty_q;
    ref_d      = ref_q;
    first_d    = first_q;
    end_d       = end_q;
    prev_d      = prev_q;
    prev_next_d = prev_next_q;
    follow_d    = follow_q;
    known_d     = known_q;
    in_pop      = 1'b0;
    pos_issue   = 1'b0;
    pos_addr    = in_next;
    push_fiber = 1'b0;
    push_ctrl  = 1'b0;
    ctrl_done  = 1'b0;
    ctrl_lvl   = in_up;
    unique case (fetch_q)
      FetchIdle: begin
        // A bare stop or D at the head is a descriptor of its own.
        if (in_valid && !head_fiber && pend_free) begin
          in_pop    = 1'b1;
          push_ctrl = 1'b1;
          if (in_kind == sam_pkg::TokDone) begin
            ctrl_done = 1'b1;
            fetch_d   = FetchDone;
          end
        end
      end
      FetchRd0: begin
        // Compressed: read pos[r] (unless r follows; once the read is taken);
        // dense: the product is on its way.
        pos_issue = Compressed && !follow_q && pos_go;
        if (!follow_q) pos_addr = ref_q;
        if (!Compressed || follow_q || pos_go) fetch_d = FetchRd1;
      end
      FetchRd1: begin
        if (!Compressed) begin
          first_d = mul_p;
          fetch_d = FetchClose;
        end else if (pos_avail) begin
          end_d   = pos_data;
          fetch_d = follow_q ? FetchClose : FetchRd2;
        end
      end
      FetchRd2: begin
        if (pos_avail) begin
          first_d = pos_data;
          fetch_d = FetchClose;
        end
      end
      default: ;
    endcase
    if (close_now) begin
      // The head picks the stop: a stop merges (and is taken), anything else
      // gives S0 (and starts the next fiber, or waits in FetchIdle).
      push_fiber = 1'b1;
      fetch_d    = FetchIdle;
      if (b_valid) begin
        // The follower is the next token (S0) and the next fiber in fetch: it
        // starts at this one's end, and ends at its read data (in flight, here
        // now, or held).
        ctrl_lvl = '0;
        fetch_d  = b_wait_q && !b_take ? FetchRd1 : FetchClose;
        follow_d = 1'b1;
        empty_d  = 1'b0;
        first_d  = fetch_q == FetchRd1 ? pos_data : end_q;
        end_d    = b_take ? pos_data : b_end_q;
      end else if (in_kind == sam_pkg::TokStop) begin
        in_pop = 1'b1;
      end else begin
        ctrl_lvl = '0;
      end
    end
    if (take_follow) begin
      // Its pos[r+1] read issues now (the address is r + 1 from the input stage);
      // it is the last reference read.
      in_pop      = 1'b1;
      pos_issue   = 1'b1;
      ref_d       = r_in;
      known_d     = 1'b1;
      prev_d      = 1'b1;
      prev_next_d = in_next;
    end
    if (take_head) begin
      in_pop  = 1'b1;
      ref_d   = r_in;
      empty_d = in_kind == sam_pkg::TokEmpty;
      known_d = in_kind == sam_pkg::TokData;
      if (in_kind == sam_pkg::TokEmpty) begin
        // N: an empty fiber; nothing to read.
        fetch_d = FetchClose;
      end else if (Range) begin
        // Range: every coordinate's reference is r itself; the fiber is known.
        first_d = r_in;
        fetch_d = FetchClose;
      end else if (known_q && in_repeat) begin
        // The reference repeats the last one: its fiber is the closing one's
        // (first_d and end_d above take its bounds, from the read data if they
        // arrive this cycle).
        fetch_d = FetchClose;
      end else if (Dense) begin
        // Dense: positions r*dim .. r*dim + dim - 1; the multiplier has r*dim
        // in two cycles (FetchRd1).
        fetch_d = FetchRd0;
      end else begin
        // Read pos[r+1] now, pos[r] next cycle unless r follows the last fiber
        // fetched (r = r_prev + 1, as below a compressed parent): then the fiber
        // starts at that one's end (on the read data if it closes in FetchRd1).
        pos_issue   = 1'b1;
        prev_d      = 1'b1;
        prev_next_d = in_next;
        follow_d    = prev_q && in_follow;
        if (prev_q && in_follow) begin
          first_d = fetch_q == FetchRd1 ? pos_data : end_q;
        end
        fetch_d = FetchRd0;
      end
    end
  end

  always_comb begin
    push_desc.fiber = push_fiber;
    push_desc.pos   = first_q;
    // Compressed: `left` is the end (pos[r+1]: the response in FetchRd1, else
    // latched) and `more` whether the fiber is not N, until pend_desc below.
    if (Compressed) begin
      push_desc.pos  = fetch_q == FetchRd2 ? pos_data : first_q;
      push_desc.left = fetch_q == FetchRd1 ? pos_data : end_q;
      push_desc.more = push_fiber && !empty_q;
    end else begin
      push_desc.left = empty_q ? '0 : RefWidth'(dim_i);
      push_desc.more = push_fiber && !empty_q && RefWidth'(dim_i) != '0;
    end
    push_desc.crd   = '0;
    push_desc.done  = ctrl_done;
    push_desc.lvl   = ctrl_lvl;
  end
  assign push = push_fiber || push_ctrl;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      b_wait_q <= 1'b0;
      b_held_q <= 1'b0;
      b_end_q  <= '0;
    end else begin
      b_wait_q <= Compressed && (take_follow || (b_wait_q && !b_take && !hand_over));
      b_held_q <= Compressed && (b_held_q || b_take) && !hand_over;
      if (b_take) b_end_q <= pos_data;
    end
  end

  // The pos reads outstanding, each with its tag (fetch used it), oldest at the
  // head; and the used responses not yet taken (at most three: fetch's two and
  // the follower's).
  assign fetch_owed = Compressed && (fetch_q == FetchRd0 || fetch_q == FetchRd1 ||
                                     fetch_q == FetchRd2);
  assign pos_pop    = (Compressed && pos_avail && (fetch_q == FetchRd1 || fetch_q == FetchRd2))
                      || b_take;
  if (!Compressed) begin : gen_no_pos
    assign pos_go     = 1'b0;
    assign pos_room_q = 1'b0;
    assign pos_avail  = 1'b0;
    assign pos_data   = '0;
    logic unused_pos;
    assign unused_pos = ^{pos_rd_ready_i, pos_rd_valid_i, pos_rd_data_i, pos_pop};
  end else if (AnyTiming == 0) begin : gen_pos_fixed
    // The on-chip array's timing (checked below): a response comes two cycles
    // after its read, and its taker is there then (fetch in FetchRd1 or
    // FetchRd2, or the follower), so the tags are a two-stage shift and no
    // response is held: what gen_pos below reduces to at that timing.
    logic [1:0] used_q;
    assign pos_go     = pos_rd_en_o;
    assign pos_room_q = 1'b1;
    assign pos_avail  = pos_rd_valid_i && used_q[1];
    assign pos_data   = pos_rd_data_i;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) used_q <= '0;
      else used_q <= {used_q[0], pos_go && pos_issue};
    end
    logic unused_pos;
    assign unused_pos = ^{pos_rd_ready_i, pos_pop};
    sam_mem_fixed_assert #(.Ports(1), .Name("sam_fiberlookup pos_rd")) pos_rd_timing (
      .clk_i, .rst_ni, .en_i(pos_rd_en_o), .ready_i(pos_rd_ready_i), .valid_i(pos_rd_valid_i)
    );
  end else begin : gen_pos
    localparam int unsigned TagPtr = $clog2(Credits);
    localparam int unsigned TagCnt = $clog2(Credits + 1);
    logic [Credits-1:0]  tag_used_q;
    logic [TagPtr-1:0]   tag_head_q, tag_tail_q;
    logic [TagCnt-1:0]   tag_count_q, tag_count_d;
    logic [RefWidth-1:0] held_q[3];
    logic [1:0]          held_count_q;
    logic                rsp_used, held_push;

    function automatic logic [TagPtr-1:0] tag_step(logic [TagPtr-1:0] p);
      return p == TagPtr'(Credits - 1) ? '0 : p + 1'b1;
    endfunction

    assign pos_go    = pos_rd_en_o && pos_rd_ready_i;
    assign rsp_used  = pos_rd_valid_i && tag_used_q[tag_head_q];
    assign pos_avail = held_count_q != '0 || rsp_used;
    assign pos_data  = held_count_q != '0 ? held_q[0] : pos_rd_data_i;
    assign held_push = rsp_used && !(pos_pop && held_count_q == '0);
    assign tag_count_d = tag_count_q + TagCnt'(pos_go) - TagCnt'(pos_rd_valid_i);

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        tag_head_q   <= '0;
        tag_tail_q   <= '0;
        tag_count_q  <= '0;
        pos_room_q   <= 1'b1;
        held_count_q <= '0;
      end else begin
        if (pos_go) tag_tail_q <= tag_step(tag_tail_q);
        if (pos_rd_valid_i) tag_head_q <= tag_step(tag_head_q);
        tag_count_q  <= tag_count_d;
        pos_room_q   <= 32'(tag_count_d) < Credits;
        held_count_q <= held_count_q + 2'(held_push) - 2'(pos_pop && held_count_q != '0);
      end
    end
    // Entries have no reset: only the counts say which hold a tag or a response.
    always_ff @(posedge clk_i) begin
      if (pos_go) tag_used_q[tag_tail_q] <= pos_issue;
      if (pos_pop && held_count_q != '0) begin
        held_q[0] <= held_q[1];
        held_q[1] <= held_q[2];
      end
      if (held_push) held_q[held_count_q - 2'(pos_pop && held_count_q != '0)] <= pos_rd_data_i;
    end

`ifndef SAM_ASSERTS_OFF
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        PosAsked_A: assert (!pos_rd_valid_i || tag_count_q != '0)
        else $error("sam_fiberlookup: a pos response with no read outstanding");
      end
    end
`endif
`ifdef FORMAL
    // Every used pos read has one taker, in request order: fetch's (pos[r+1] from
    // FetchRd0, pos[r] too in FetchRd1 unless r follows; pos[r] in FetchRd2),
    // then the follower's.
    // Entry i past the head, wrapped by one subtraction (no divider for the
    // solver).
    function automatic logic [TagPtr-1:0] f_at(logic [TagPtr-1:0] head, int unsigned i);
      logic [TagPtr:0] at;
      at = (TagPtr + 1)'(head) + (TagPtr + 1)'(i);
      return TagPtr'(at >= (TagPtr + 1)'(Credits) ? at - (TagPtr + 1)'(Credits) : at);
    endfunction
    logic [3:0] f_used;
    always_comb begin
      f_used = 4'(held_count_q);
      for (int i = 0; i < Credits; i++)
        if (32'(i) < 32'(tag_count_q)) f_used += 4'(tag_used_q[f_at(tag_head_q, i)]);
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        assert (f_used == 4'(fetch_q == FetchRd0) + 4'(fetch_q == FetchRd2) +
                          (fetch_q == FetchRd1 ? (follow_q ? 4'd1 : 4'd2) : 4'd0) + 4'(b_wait_q));
        assert (held_count_q <= 2'd3 && 32'(tag_count_q) <= Credits);
        assert (tag_count_q == TagCnt'(Credits) ? tag_tail_q == tag_head_q
                : tag_tail_q == f_at(tag_head_q, 32'(tag_count_q)));
        assert (pos_room_q == (32'(tag_count_q) < Credits));
      end
    end
`endif
  end

`ifdef FORMAL
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (!(b_wait_q && b_held_q));
      // A follower waits only behind a read fiber whose end is known or in flight.
      if (b_valid) assert (Compressed && (fetch_q == FetchClose || fetch_q == FetchRd1 ||
                                          fetch_q == FetchRd2) && known_q && !empty_q && prev_q);
    end
  end
`endif

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      pend_valid_q <= 1'b0;
      pend_q       <= '0;
    end else if (push) begin
      pend_valid_q <= 1'b1;
      pend_q       <= push_desc;
    end else if (pend_move) begin
      pend_valid_q <= 1'b0;
    end
  end

  // The pending descriptor with its length (compressed: end - first). The fiber
  // has coordinates when first < end (pos is nondecreasing): the borrow of the
  // same subtraction, a carry chain's end, rather than `end != first`, three LUT
  // levels of compare ahead of the queue's muxes.
  always_comb begin
    pend_desc = pend_q;
    if (Compressed) begin
      pend_desc.left = pend_q.left - pend_q.pos;
      pend_desc.more = pend_q.more && pend_q.pos < pend_q.left;
    end
  end

  always_comb begin
    slot_valid_d = slot_valid_q;
    slot_d       = slot_q;
    next_valid_d = next_valid_q;
    next_d       = next_q;
    if (scan_data) begin
      slot_d.pos  = Range ? slot_q.pos : slot_q.pos + RefWidth'(1);
      slot_d.crd  = slot_q.crd + CrdWidth'(1);
      slot_d.left = slot_q.left - RefWidth'(1);
      slot_d.more = slot_q.left != RefWidth'(1);
    end
    if (jump_apply) begin
      slot_d.pos  = Range ? slot_q.pos : jump_pos_q;
      slot_d.crd  = jump_crd_q;
      slot_d.left = jump_left_q;
      slot_d.more = jump_more_q;
    end
    if (slot_open) begin
      slot_valid_d = next_valid_q;
      slot_d       = next_q;
    end
    if (next_open) begin
      next_valid_d = pend_valid_q;
      next_d       = pend_desc;
    end
  end

  // ---------------------------------------------------------------------------
  // Dense: the base position r * dim_i, two cycles after r is at the input head
  // (input and output registers; on ECP5 those of a MULT18X18D, whose
  // combinational delay would not fit 150 MHz between fabric registers).
  if (!Dense) begin : gen_no_mul
    assign mul_p = '0;
  end else begin : gen_mul
    sam_mulreg #(
      .Width(RefWidth)
    ) mul (
      .clk_i(clk_i),
      .a_i  (r_in),
      .b_i  (RefWidth'(dim_i)),
      .p_o  (mul_p)
    );
  end

  // ---------------------------------------------------------------------------
  // Scan: one token per cycle from the slot into the pipeline, while a credit is
  // left. Issue to buffer is 2 cycles (the read latency); the buffers hold
  // Latency + 2, and each counts its tokens between scan and its consumer.
  localparam int unsigned OutWidth = CrdWidth > RefWidth ? CrdWidth : RefWidth;

  logic                   credit_q, issue, crd_go;
  logic [CrdWidth-1:0]    crd_data;  // the crd read's data beside s2
  logic [1:0][OutWidth:0] out_tok;

  // A coordinate issues once its crd read is taken; a closing token needs no
  // read (one may be taken with it: its data is not looked at).
  assign s1_advance = credit_q;
  assign crd_go     = !Compressed || crd_rd_ready_i;
  assign issue      = scan_data || slot_take;

  // The credits and the two output buffers (crd 0, ref 1); s1 and s2 in flight.
  sam_scan_out #(
    .Outputs(2), .Width(OutWidth), .Widths({7'(RefWidth), 7'(CrdWidth)}), .Depth(Credits)
  ) out (
    .clk_i(clk_i), .rst_ni(rst_ni), .take_i(issue), .drop_i(1'b0), .room_o(credit_q),
    .valid_i(s2_valid), .tok_i({(OutWidth + 1)'(s2.ref_tok), (OutWidth + 1)'(crd_out)}),
    .valid_o({ref_valid_o, crd_valid_o}), .ready_i({ref_ready_i, crd_ready_i}), .tok_o(out_tok),
    .inflight_i(inflight)
  );
  assign crd_tok_o = out_tok[0][CrdWidth:0];
  assign ref_tok_o = out_tok[1][RefWidth:0];
  assign scan_data  = s1_advance && crd_go && slot_valid_q && slot_q.fiber && slot_q.more;
  assign slot_take  = s1_advance && slot_valid_q && !(slot_q.fiber && slot_q.more);
  assign stop_crd   = slot_q.done ? {1'b1, {CrdWidth{1'b1}}} : {1'b1, CrdWidth'(slot_q.lvl)};
  assign stop_ref   = slot_q.done ? {1'b1, {RefWidth{1'b1}}} : {1'b1, RefWidth'(slot_q.lvl)};

  // Read enables from registers and the input head only (not from the scan's end
  // compare or the slot handshake): a crd read taken with a closing token rides
  // beside it and is not looked at; an unused pos read's response is dropped.
  assign crd_rd_en_o   = Compressed && credit_q && slot_valid_q && slot_q.fiber;
  assign crd_rd_addr_o = CrdAddrWidth'(slot_q.pos);
  assign pos_rd_en_o   = Compressed && pos_room_q && (fetch_q == FetchRd0 || (in_valid &&
                         in_kind == sam_pkg::TokData && (fetch_q == FetchIdle ||
                         fetch_q == FetchRd1 || fetch_q == FetchRd2 ||
                         fetch_q == FetchClose)));
  assign pos_rd_addr_o = Compressed ? PosAddrWidth'(pos_addr) : '0;

  // The scan token rides s1 and s2 and meets its crd read data at s2 (or later,
  // from a slower memory).
  assign scan_tok.mem     = Compressed && scan_data;
  assign scan_tok.crd_tok = scan_data ? {1'b0, slot_q.crd} : stop_crd;
  assign scan_tok.ref_tok = scan_data ? {1'b0, slot_q.pos} : stop_ref;

  sam_read_align #(
    .Width($bits(rd_tok_t)), .Latency(2), .DataWidth(CrdWidth),
    .Credits(Compressed && AnyTiming == 1 ? Credits : 0)
  ) align (
    .clk_i, .rst_ni, .valid_i(issue), .read_i(crd_rd_en_o && crd_rd_ready_i), .data_i(scan_tok),
    .rsp_valid_i(crd_rd_valid_i), .rsp_data_i(crd_rd_data_i), .valid_o(s2_valid), .data_o(s2),
    .rsp_data_o(crd_data), .inflight_o(inflight)
  );

  assign crd_out = s2.mem ? {1'b0, crd_data} : s2.crd_tok;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      fetch_q      <= FetchIdle;
      empty_q      <= 1'b0;
      ref_q        <= '0;
      first_q      <= '0;
      end_q        <= '0;
      prev_q       <= 1'b0;
      known_q      <= 1'b0;
      prev_next_q  <= '0;
      follow_q     <= 1'b0;
      slot_valid_q <= 1'b0;
      slot_q       <= '0;
      next_valid_q <= 1'b0;
      next_q       <= '0;
    end else begin
      fetch_q      <= fetch_d;
      empty_q      <= empty_d;
      ref_q        <= ref_d;
      first_q      <= first_d;
      end_q        <= end_d;
      prev_q       <= prev_d;
      known_q      <= known_d;
      prev_next_q  <= prev_next_d;
      follow_q     <= follow_d;
      slot_valid_q <= slot_valid_d;
      slot_q       <= slot_d;
      next_valid_q <= next_valid_d;
      next_q       <= next_d;
    end
  end

  // ---------------------------------------------------------------------------
  // Coordinate skipping: targets in, a jump of the slot out (jump_apply and the
  // jump_* registers, taken by the slot's next state above).
  localparam int unsigned SkipWidth = SkipTagWidth + CrdWidth;

  if (Skip == 0) begin : gen_no_skip
    assign skip_ready_o   = 1'b0;
    assign jump_apply     = 1'b0;
    assign jump_pos_q     = '0;
    assign jump_left_q    = '0;
    assign jump_crd_q     = '0;
    assign jump_more_q    = 1'b0;
    assign crd_rd2_en_o   = 1'b0;
    assign crd_rd2_addr_o = '0;
    logic unused_skip;
    assign unused_skip = ^{skip_valid_i, skip_tok_i, crd_rd2_ready_i, crd_rd2_valid_i, crd_rd2_data_i};
  end else begin : gen_skip
    // The fiber the slot holds, or loads next: the stops issued so far. A target
    // names the fiber of the intersector's heads, which is never ahead of it.
    logic [SkipTagWidth-1:0] fib_q;
    // The newest target for that fiber, until the engine takes it.
    logic                tgt_valid_q, tgt_end_q, tgt_take;
    logic [CrdWidth-1:0] tgt_crd_q;
    logic                engine_idle, fiber_live;

    assign skip_ready_o = 1'b1;
    // The slot holds a fiber with coordinates left, which a jump may shorten.
    assign fiber_live = slot_valid_q && slot_q.fiber && slot_q.more && !slot_take;
    assign tgt_take   = tgt_valid_q && fiber_live && engine_idle;

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        fib_q       <= '0;
        tgt_valid_q <= 1'b0;
        tgt_end_q   <= 1'b0;
        tgt_crd_q   <= '0;
      end else begin
        if (slot_take) fib_q <= fib_q + SkipTagWidth'(1);
        if (slot_take) begin
          // The fiber is over: whatever was meant for it is moot.
          tgt_valid_q <= 1'b0;
        end else if (skip_valid_i && skip_tok_i[SkipWidth-1:CrdWidth] == fib_q) begin
          tgt_valid_q <= 1'b1;
          tgt_end_q   <= skip_tok_i[SkipWidth];
          tgt_crd_q   <= skip_tok_i[CrdWidth-1:0];
        end else if (tgt_take) begin
          tgt_valid_q <= 1'b0;
        end
      end
    end

    if (!Compressed) begin : gen_arith
      // Dense and range: the coordinate is the target (at most dim), the position
      // its offset from the fiber's base r*dim (range: r, unchanged).
      logic                j1_valid_q, jump_valid_q;
      logic [CrdWidth-1:0] j1_crd_q;
      logic [RefWidth-1:0] j1_base_q;
      assign engine_idle = !j1_valid_q && !jump_valid_q;
      assign jump_apply  = jump_valid_q && slot_valid_q && !slot_take &&
                           jump_crd_q > slot_q.crd;
      always_ff @(posedge clk_i) begin
        if (!rst_ni) begin
          j1_valid_q   <= 1'b0;
          jump_valid_q <= 1'b0;
        end else begin
          j1_valid_q   <= tgt_take;
          jump_valid_q <= j1_valid_q && !slot_take;
        end
      end
      always_ff @(posedge clk_i) begin
        j1_crd_q    <= tgt_end_q || tgt_crd_q >= dim_i ? dim_i : tgt_crd_q;
        j1_base_q   <= slot_q.pos - RefWidth'(slot_q.crd);
        jump_crd_q  <= j1_crd_q;
        jump_pos_q  <= j1_base_q + RefWidth'(j1_crd_q);
        jump_left_q <= RefWidth'(dim_i - j1_crd_q);
        jump_more_q <= j1_crd_q != dim_i;
      end
      assign crd_rd2_en_o   = 1'b0;
      assign crd_rd2_addr_o = '0;
      logic unused_rd2;
      assign unused_rd2 = ^{crd_rd2_ready_i, crd_rd2_valid_i, crd_rd2_data_i};
`ifdef FORMAL
      // A fiber in the slot ends at dim, through scans and jumps alike (with dim
      // held, as the host holds it during a run).
      always_ff @(posedge clk_i) begin
        if (rst_ni && slot_valid_q && slot_q.fiber && slot_q.more) begin
          assert (slot_q.left != '0 && 32'(slot_q.crd) + 32'(slot_q.left) == 32'(dim_i));
        end
        if (rst_ni && next_valid_q && next_q.fiber && next_q.more) begin
          assert (next_q.left != '0 && 32'(next_q.crd) + 32'(next_q.left) == 32'(dim_i));
        end
        if (rst_ni && pend_valid_q && pend_q.fiber && pend_q.more) begin
          assert (pend_q.left != '0 && 32'(pend_q.crd) + 32'(pend_q.left) == 32'(dim_i));
        end
        if (rst_ni && j1_valid_q) assert (j1_crd_q <= dim_i);
        if (rst_ni && jump_valid_q) begin
          assert (jump_crd_q <= dim_i);
          assert (32'(jump_crd_q) + 32'(jump_left_q) == 32'(dim_i));
          assert (jump_more_q == (jump_crd_q != dim_i));
        end
      end
`endif
    end else begin : gen_search
      // Compressed: the first position in [pos, end) whose coordinate is at least
      // the target, by binary search over lo .. hi (every position below lo has
      // a smaller coordinate or is behind the scan; hi is the end or has a
      // coordinate at least the target). A probe issues from registers (Issue:
      // mid_q) or from the compare of the previous probe's data (Cmp, as its
      // response comes: two cycles after it issued from the on-chip array); Wait
      // computes both possible next ranges meanwhile. A probe the search stops
      // waiting for (the slot left, or issued as the search ends) is stale: its
      // response is dropped as it comes, in request order, before the search's own.
      typedef enum logic [2:0] {
        SearchIdle,
        SearchIssue,
        SearchWait,
        SearchCmp,
        SearchFound
      } search_e;
      search_e             state_q;
      logic [RefWidth-1:0] lo_q, hi_q, mid_q, fend_q, found_q;
      logic [RefWidth-1:0] lo_a_q, mid_a_q, hi_b_q, mid_b_q;  // a: below, b: not
      logic                done_a_q, done_b_q, below;
      logic [CrdWidth-1:0] key_q;
      logic                jump_valid_q;
      logic                rsp_own, probe_go, probe_kept, done_sel;
      logic [7:0]          stale_q;  // probes the search no longer waits for
      logic                own, room;

      // The search's probe's response is here (the stale ones came first).
      assign rsp_own    = crd_rd2_valid_i && stale_q == '0;
      assign done_sel   = below ? done_a_q : done_b_q;
      assign probe_go   = crd_rd2_en_o && crd_rd2_ready_i;
      assign probe_kept = probe_go && !slot_take &&
                          (state_q == SearchIssue || (state_q == SearchCmp && !done_sel));
      // The probes outstanding: the stale ones and the search's own.
      assign own        = state_q == SearchWait || state_q == SearchCmp;
      assign room       = 32'(stale_q) + 32'(own) < Credits;

      assign engine_idle = state_q == SearchIdle && !jump_valid_q;
      assign below       = crd_rd2_data_i < key_q;
      assign jump_apply  = jump_valid_q && slot_valid_q && !slot_take &&
                           jump_pos_q > slot_q.pos;
      // A probe's address is mid_q (Issue) or one pick of two registers by the
      // compare (Cmp), so the block RAM's address is a LUT past the compare. The
      // enable does not wait for the compare: a probe issued as the search ends
      // is stale.
      assign crd_rd2_en_o   = room && (state_q == SearchIssue || (state_q == SearchCmp && rsp_own));
      assign crd_rd2_addr_o = CrdAddrWidth'(state_q == SearchIssue ? mid_q
                                            : below ? mid_a_q : mid_b_q);
      assign jump_crd_q     = '0;

      always_ff @(posedge clk_i) begin
        if (!rst_ni) begin
          state_q      <= SearchIdle;
          jump_valid_q <= 1'b0;
          stale_q      <= '0;
        end else begin
          jump_valid_q <= state_q == SearchFound && !slot_take;
          // A probe taken and not waited for, and the search's own left behind.
          stale_q <= stale_q + 8'(probe_go && !probe_kept)
                     + 8'(slot_take && (state_q == SearchWait || (state_q == SearchCmp && !rsp_own)))
                     - 8'(crd_rd2_valid_i && stale_q != '0);
          if (slot_take) begin
            state_q <= SearchIdle;
          end else begin
            unique case (state_q)
              SearchIdle:  if (tgt_take) state_q <= tgt_end_q ? SearchFound : SearchIssue;
              SearchIssue: if (probe_go) state_q <= SearchWait;
              SearchWait:  state_q <= SearchCmp;
              SearchCmp: begin
                if (rsp_own) state_q <= done_sel ? SearchFound : probe_go ? SearchWait : SearchIssue;
              end
              SearchFound: state_q <= SearchIdle;
              default:     state_q <= SearchIdle;
            endcase
          end
        end
      end

      always_ff @(posedge clk_i) begin
        unique case (state_q)
          SearchIdle: begin
            lo_q    <= slot_q.pos;
            hi_q    <= slot_q.pos + slot_q.left;
            fend_q  <= slot_q.pos + slot_q.left;
            mid_q   <= slot_q.pos + (slot_q.left >> 1);
            found_q <= slot_q.pos + slot_q.left;  // the end flag: past every coordinate
            key_q   <= tgt_crd_q;
          end
          SearchCmp: if (rsp_own) begin
            if (below) begin
              lo_q    <= lo_a_q;
              mid_q   <= mid_a_q;
              found_q <= lo_a_q;
            end else begin
              hi_q    <= hi_b_q;
              mid_q   <= mid_b_q;
              found_q <= lo_q;
            end
          end
          default: ;
        endcase
        // Wait: the two ranges the probe in flight may leave. Idle: the first
        // probe, the middle of the slot's fiber, in both.
        lo_a_q      <= mid_q + RefWidth'(1);
        done_a_q    <= mid_q + RefWidth'(1) == hi_q;
        hi_b_q      <= mid_q;
        done_b_q    <= lo_q == mid_q;
        mid_a_q <= RefWidth'(({1'b0, mid_q} + {1'b0, hi_q} + (RefWidth + 1)'(1)) >> 1);
        mid_b_q <= RefWidth'(({1'b0, lo_q} + {1'b0, mid_q}) >> 1);
        // Found: the jump, the cycle after.
        jump_pos_q  <= found_q;
        jump_left_q <= fend_q - found_q;
        jump_more_q <= found_q != fend_q;
      end
      logic unused_hi;
      assign unused_hi = ^hi_b_q;
`ifdef FORMAL
      // A fiber in the slot keeps its end (pos + left) through scans and jumps,
      // and the search never looks outside it.
      logic [RefWidth-1:0] f_end_q;
      always_ff @(posedge clk_i) if (slot_open) f_end_q <= next_q.pos + next_q.left;
      always_ff @(posedge clk_i) begin
        if (rst_ni && slot_valid_q && slot_q.fiber) begin
          assert (slot_q.pos + slot_q.left == f_end_q);
        end
        // A fiber with coordinates left ends past its position, within the
        // references (pos + left is the fiber's end, pos[r+1]).
        if (rst_ni && slot_valid_q && slot_q.fiber && slot_q.more) begin
          assert (slot_q.left != '0 && 64'(slot_q.pos) + 64'(slot_q.left) < (64'd1 << RefWidth));
        end
        if (rst_ni && next_valid_q && next_q.fiber && next_q.more) begin
          assert (next_q.left != '0 && 64'(next_q.pos) + 64'(next_q.left) < (64'd1 << RefWidth));
        end
        if (rst_ni && state_q != SearchIdle) begin
          // The search is the slot's fiber's: it ends when the fiber does.
          assert (slot_valid_q && slot_q.fiber && fend_q == f_end_q);
          assert (lo_q <= hi_q && hi_q <= fend_q);
        end
        if (rst_ni && (state_q == SearchIssue || state_q == SearchWait ||
                       state_q == SearchCmp)) begin
          assert (lo_q <= mid_q && mid_q < hi_q);
        end
        if (rst_ni && state_q == SearchCmp) begin
          // Wait computed both ranges from the range now.
          assert (lo_a_q == mid_q + RefWidth'(1) && hi_b_q == mid_q);
          assert (mid_a_q == mid_q + RefWidth'(1) + ((hi_q - mid_q - RefWidth'(1)) >> 1));
          assert (mid_b_q == lo_q + ((mid_q - lo_q) >> 1));
          assert (mid_a_q < hi_q || done_a_q);
          assert (done_a_q == (mid_q + RefWidth'(1) == hi_q) && done_b_q == (lo_q == mid_q));
        end
        if (rst_ni && state_q == SearchFound) assert (found_q <= fend_q);
        // No response comes for a probe not taken.
        if (rst_ni && crd_rd2_valid_i) assert (stale_q != '0 || own);
        if (rst_ni && jump_valid_q) begin
          assert (slot_valid_q && slot_q.fiber && fend_q == f_end_q);
          assert (jump_pos_q + jump_left_q == fend_q);
          assert (jump_pos_q <= fend_q && jump_more_q == (jump_pos_q != fend_q));
        end
      end
`endif
`ifndef SAM_ASSERTS_OFF
      always_ff @(posedge clk_i) begin
        if (rst_ni && state_q == SearchCmp) begin
          // Every probe lies in the fiber, at or past the scan.
          ProbeInFiber_A: assert (mid_q < fend_q)
          else $error("sam_fiberlookup: a skip search probe beyond the fiber");
        end
      end
`endif
    end
  end

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (Skip == 0) begin
        SkipIdle_M: assert (!skip_valid_i)
        else $error("sam_fiberlookup: Skip = 0 takes no skip targets; skip_valid_i must stay low");
      end
      if (Root == 1) begin
        RootNoRefs_M: assert (!ref_valid_i)
        else $error("sam_fiberlookup: root mode takes no references");
      end
      if (in_valid && in_kind == sam_pkg::TokStop) begin
        // Raised, a stop stays below the repeats' payloads at both widths.
        StopRaisable_A: assert (64'(in_ref) + 64'd1 < sam_pkg::repeat_base(LvlWidth))
        else $error("sam_fiberlookup: stop %0d in has no room one level up",
                    in_ref);
      end
      if (Compressed && pos_issue) begin
        PosInArray_A: assert (64'(pos_addr) < (64'd1 << PosAddrWidth))
        else $error("sam_fiberlookup: pos read at %0d, beyond the pos array", pos_addr);
      end
      if (Compressed && scan_data) begin
        CrdInArray_A: assert (64'(slot_q.pos) < (64'd1 << CrdAddrWidth))
        else $error("sam_fiberlookup: position %0d is beyond the crd array", slot_q.pos);
      end
      if (fetch_q == FetchDone) begin
        NothingAfterDone_A: assert (!in_valid)
        else $error("sam_fiberlookup: a token after D");
      end
    end
  end
`endif

  // The address bits above the pos array and the issue flag (checked by the
  // assertions only), and the output tokens' bits above each output's width.
  logic unused_bits;
  assign unused_bits = ^{pos_addr, pos_issue, out_tok};

  // AnyTiming = 0: the crd reads ride the fixed pipeline, which needs the
  // on-chip array's timing (docs/memory.md, "Readers and their timing").
  if (Compressed && AnyTiming == 0) begin : gen_crd_fixed
    sam_mem_fixed_assert #(.Ports(1), .Name("sam_fiberlookup crd_rd")) crd_rd_timing (
      .clk_i, .rst_ni, .en_i(crd_rd_en_o), .ready_i(crd_rd_ready_i), .valid_i(crd_rd_valid_i)
    );
  end

endmodule
