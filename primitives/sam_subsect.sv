// sam_subsect: the subsection scanner of index reduction (sections 3 and 5 of Liu et
// al.'s convolution paper; golden model `subsect` in golden/src/models/subsect.rs; the
// window channel in docs/tokens-and-channels.md).
//
// A mode subscripted c*i + j + b is scanned by two levels: this one iterates the
// reduced variable i, sam_windowscan the resolving j. For every reference r on
// `ref` in, emits the offsets i in 0 .. extent_i-1 whose window
// [c*i + b, c*i + b + Z) (Z = window_i) holds a stored coordinate of the fiber
// below r, in increasing order: i on `crd` out and the window's descriptor
// {base[62:40], lo[39:20], hi[19:0]} on `win` out (lo .. hi the positions of its
// stored elements; base c*i, dense c*i + r*dim_i), then one stop. Stops, N (an
// empty fiber) and D follow the scanner's walk (sam_fiberlookup): the stop is
// S0, or S(n+1) when the next input token is a stop Sn.
//
//   Format ScanDense      coordinates 0 .. dim_i-1 at positions r*dim_i + x: every
//                         window inside [0, dim) is non-empty; its bounds are
//                         arithmetic (r*dim_i from a two-cycle multiplier).
//   Format ScanCompressed the fiber crd[pos[r]] .. crd[pos[r+1]-1]. Two pointers
//                         walk it: lo, the first element at or past the window's
//                         start, and hi, the first at or past its end, each fed
//                         by its own prefetched stream of the fiber's (position,
//                         coordinate) pairs, read through its own crd read port
//                         (crd_rd_*, crd_rd2_*). The next non-empty window is
//                         computed, not searched: when lo's coordinate x lies
//                         past the window, i jumps to ceil((x - b - Z + 1) / c),
//                         the first window holding x. Cost: one cycle per
//                         element passed by each pointer (both run concurrently),
//                         per window emitted and per jump (4 cycles), never per
//                         coordinate of the dimension.
//
// Structure: input stage -> fetch (compressed: reads pos[r], then pos[r+1];
// dense: r*dim_i) -> hold (the fiber waiting for the next input token, which
// picks its stop) -> a two-entry descriptor queue (and, compressed, a two-entry
// queue of each stream's fibers) -> the walk (one window or one stop per cycle
// while a credit is left) -> e1 -> two output buffers (`sam_fifo`, Depth 4).
// With c = 1 and every coordinate stored, lo and hi each advance one element as
// a window is emitted, in the same cycle: one window per cycle. The walk decides
// from registered flags picked by registered selects: each stream's head and
// the entry behind it are compared, the cycle before, with the window's bounds
// and the next window's, and the walk's last pop and step pick among the four.
// A pop or a step reaches pointers and a few flag bits, not the buffered pairs
// nor the window's registers (those follow a cycle late, step_q), so no compare
// and no wide fan-out lies in a decision.
// Latency: 14 cycles from a reference taken to its first window (compressed:
// input stage, fetch 3, hold, the stream's fiber queue, its read 4 (issue, s1,
// s2, s3), its ring, the head's compare, e1 and the output buffer); dense 8
// (input stage, fetch 2, hold, queue, walk, e1 and the buffer). Throughput: one token per cycle
// while fetch keeps ahead (a fiber costs fetch 4 cycles, dense 3, N 1): a fiber
// of w windows takes w + 1 cycles when its pointers stay level with the
// windows, plus a cycle per element a pointer passes with no window and 4 per
// jump.
//
// Parameters: CrdWidth      payload width of coordinates and offsets (crd out,
//                           crd array, dim_i, window_i, extent_i), 1..20
//             RefWidth      payload width of references in and of positions (pos
//                           array), 2..20
//             Format        sam_pkg::ScanDense or sam_pkg::ScanCompressed
//             PosAddrWidth  compressed: pos array address width, 1..20
//                           (references below 2**PosAddrWidth - 1)
//             CrdAddrWidth  compressed: crd array address width, 1..20
//             StrideShift   the stride c = 2**StrideShift: powers of two only
//                           (the jump divides by c with a shift), 0..8
//             Intercept     the subscript's constant b (signed),
//                           |b| < 2**CrdWidth
// Ports:      clk_i, rst_ni                          clock, synchronous active-low reset
//             ref_valid_i, ref_ready_o, ref_tok_i    parent references (ref)
//             crd_valid_o, crd_ready_i, crd_tok_o    offsets i (crd)
//             win_valid_o, win_ready_i, win_tok_o    window descriptors (win, 63-bit
//                                                    payload), aligned with crd
//             dim_i                                  dense: the level's dimension
//             window_i                               Z, >= 1
//             extent_i                               offsets visited: 0 .. extent_i-1
//                                                    (host registers, held during a run)
//             pos_rd_en_o, pos_rd_addr_o,            compressed: pos array read port
//             pos_rd_data_i                          (data two cycles after the read)
//             crd_rd_en_o, crd_rd_addr_o,            compressed: crd array, lo's stream
//             crd_rd_data_i
//             crd_rd2_en_o, crd_rd2_addr_o,          compressed: crd array's second
//             crd_rd2_data_i                         read port, hi's stream
// ref_ready_o is a function of registers only; no combinational path from any
// input port, crd_ready_i or win_ready_i to it. The read ports are driven from
// registers only.
module sam_subsect #(
  parameter int unsigned CrdWidth     = sam_pkg::CrdWidth,
  parameter int unsigned RefWidth     = sam_pkg::CrdWidth,
  parameter sam_pkg::scan_format_e Format = sam_pkg::ScanCompressed,
  parameter int unsigned PosAddrWidth = 8,
  parameter int unsigned CrdAddrWidth = 8,
  parameter int unsigned StrideShift  = 0,
  parameter int          Intercept    = 0
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  input  logic                    ref_valid_i,
  output logic                    ref_ready_o,
  input  logic [RefWidth:0]       ref_tok_i,
  output logic                    crd_valid_o,
  input  logic                    crd_ready_i,
  output logic [CrdWidth:0]       crd_tok_o,
  output logic                    win_valid_o,
  input  logic                    win_ready_i,
  output logic [63:0]             win_tok_o,
  input  logic [CrdWidth-1:0]     dim_i,
  input  logic [CrdWidth-1:0]     window_i,
  input  logic [CrdWidth-1:0]     extent_i,
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

  if (CrdWidth < 1 || CrdWidth > 20) begin : gen_bad_crd
    $error("sam_subsect: CrdWidth must be in 1..20");
  end
  if (RefWidth < 2 || RefWidth > 20) begin : gen_bad_ref
    $error("sam_subsect: RefWidth must be in 2..20");
  end
  if (Format != sam_pkg::ScanDense && Format != sam_pkg::ScanCompressed) begin : gen_bad_format
    $error("sam_subsect: Format must be ScanDense or ScanCompressed");
  end
  if (PosAddrWidth < 1 || PosAddrWidth > 20 || CrdAddrWidth < 1 || CrdAddrWidth > 20)
  begin : gen_bad_addr
    $error("sam_subsect: PosAddrWidth and CrdAddrWidth must be in 1..20");
  end
  if (StrideShift > 8) begin : gen_bad_stride
    $error("sam_subsect: StrideShift must be in 0..8");
  end

  localparam bit Compressed = Format == sam_pkg::ScanCompressed;
  localparam bit Dense      = !Compressed;
  localparam int unsigned WinWidth = 63;
  localparam int unsigned PosBits  = 20;
  localparam int unsigned BaseBits = WinWidth - 2 * PosBits;
  // Window arithmetic, signed: offsets times the stride plus the intercept, and
  // coordinates, with room for either sign.
  localparam int unsigned SW = CrdWidth + StrideShift + 3;
  localparam int unsigned LvlWidth = CrdWidth < RefWidth ? CrdWidth : RefWidth;
  localparam logic signed [SW-1:0] C  = SW'(1) << StrideShift;
  localparam logic signed [SW-1:0] B  = SW'(Intercept);
  localparam logic signed [SW-1:0] BC = B + C;
  localparam logic signed [SW-1:0] B2C = BC + C;
  localparam logic signed [SW-1:0] B3C = B2C + C;

  sam_stream_assert #(.Width(RefWidth), .Name("sam_subsect ref")) ref_check (
    .clk_i, .rst_ni, .valid_i(ref_valid_i), .ready_i(ref_ready_o), .tok_i(ref_tok_i)
  );

  // ---------------------------------------------------------------------------
  // Constants of the run, from the host registers (held during a run): the
  // window's end b + Z, the jump's addend c - b - Z, and the dense walk's first
  // window max(0, ceil((1 - b - Z) / c)).
  logic signed [SW-1:0] zw, ext, dimw;
  logic signed [SW-1:0] first1_q, bz_q, bzc_q, bz2c_q, bz3c_q, ext1_q, k_q, first_q, dci_q, do_q, de_q, do1_q, de1_q;
  logic                 dend_q, dend1_q, cend_q, cend1_q, dzero_q, dfirst_fin_q;
  assign zw   = SW'(window_i);
  assign ext  = SW'(extent_i);
  assign dimw = SW'(dim_i);

  always_ff @(posedge clk_i) begin
    bz_q    <= B + zw;
    bzc_q   <= BC + zw;
    bz2c_q  <= B2C + zw;
    bz3c_q  <= B2C + C + zw;
    ext1_q  <= ext - SW'(1);
    k_q     <= C - B - zw;
    if (k_q < 0) first_q <= '0;
    else         first_q <= k_q >>> StrideShift;
    dci_q   <= first_q <<< StrideShift;
    do_q    <= (first_q <<< StrideShift) + B;
    do1_q   <= (first_q <<< StrideShift) + BC;
    de_q    <= (first_q <<< StrideShift) + bz_q;
    de1_q   <= (first_q <<< StrideShift) + bzc_q;
    dend_q  <= first_q >= ext;
    first1_q <= (k_q < 0 ? SW'(0) : SW'(k_q >>> StrideShift)) + SW'(1);
    dend1_q <= first1_q >= ext;
    cend_q  <= ext == '0;
    cend1_q <= ext <= SW'(1);
    dzero_q <= dim_i == '0;
    // The dense walk's first window is past the fiber's end.
    dfirst_fin_q <= dend_q || !(do_q < dimw) || dzero_q;
  end

  // ---------------------------------------------------------------------------
  // The input stage: the head token with its kind decoded, r + 1 and a stop's
  // level + 1.
  logic                in_valid, in_pop;
  sam_pkg::tok_kind_e  in_kind;
  logic [RefWidth-1:0] in_ref, in_next;
  logic [LvlWidth-1:0] in_up;

  assign ref_ready_o = !in_valid || in_pop;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      in_valid <= 1'b0;
      in_kind  <= sam_pkg::TokData;
      in_ref   <= '0;
      in_next  <= '0;
      in_up    <= '0;
    end else if (ref_ready_o) begin
      in_valid <= ref_valid_i;
      in_kind  <= sam_pkg::tok_kind(ref_tok_i[RefWidth], 64'(ref_tok_i[RefWidth-1:0]), RefWidth);
      in_ref   <= ref_tok_i[RefWidth-1:0];
      in_next  <= ref_tok_i[RefWidth-1:0] + RefWidth'(1);
      in_up    <= LvlWidth'(ref_tok_i[RefWidth-1:0]) + LvlWidth'(1);
    end
  end

  // ---------------------------------------------------------------------------
  // Fetch, hold and the descriptor queues.
  typedef enum logic [2:0] {
    FetchIdle,  // waiting for a reference (hold is empty or closes this cycle)
    FetchRd1,   // compressed: pos[r] read last cycle, read pos[r+1]; dense: r*dim
                // on its way
    FetchRd2,   // compressed: pos[r] on the read data; dense: r*dim is
    FetchRd3,   // compressed: pos[r+1] on the read data
    FetchDone   // D taken; idle until reset
  } fetch_e;

  // A fiber and its closing token. `b1`: compressed, the fiber's end pos[r+1];
  // dense, its row start r*dim.
  typedef struct packed {
    logic                more;   // the fiber may hold windows (not N, not empty)
    logic [RefWidth-1:0] b0;     // compressed: the fiber's start pos[r]
    logic [RefWidth-1:0] b1;
    logic                done;   // the closing token is D
    logic [LvlWidth-1:0] lvl;    // else it is S(lvl)
  } desc_t;

  fetch_e              fetch_q;
  logic [RefWidth-1:0] f0_q, next_ref_q;
  logic                hold_valid_q;
  desc_t               hold_q, push_desc;
  logic                head_fiber, close_now, ctrl_push, fetch_take, push, push_ok;
  logic [RefWidth-1:0] mul_p;

  // The descriptor queue (walk) and the streams' fiber queues (compressed).
  logic  cq_valid_q[2], cq_pop;
  desc_t cq_q[2];
  logic  sq_room[2];

  assign head_fiber = in_kind == sam_pkg::TokData || in_kind == sam_pkg::TokEmpty;
  assign push_ok    = !cq_valid_q[1] && (Dense || (sq_room[0] && sq_room[1]));
  assign close_now  = hold_valid_q && in_valid && push_ok;
  assign fetch_take = fetch_q == FetchIdle && in_valid && head_fiber &&
                      (!hold_valid_q || close_now);
  assign ctrl_push  = fetch_q == FetchIdle && !hold_valid_q && in_valid && !head_fiber &&
                      push_ok;
  assign push       = close_now || ctrl_push;
  assign in_pop     = fetch_take || ctrl_push || (close_now && in_kind == sam_pkg::TokStop);

  always_comb begin
    push_desc = hold_q;
    if (ctrl_push) begin
      push_desc      = '0;
      push_desc.done = in_kind == sam_pkg::TokDone;
    end
    push_desc.lvl = in_kind == sam_pkg::TokStop ? in_up : '0;
  end

  // Read pos[r] from the input head (a read that turns out unused is harmless),
  // pos[r+1] the cycle after.
  assign pos_rd_en_o   = Compressed && (fetch_q == FetchRd1 ||
                         (fetch_q == FetchIdle && in_valid && in_kind == sam_pkg::TokData));
  assign pos_rd_addr_o = PosAddrWidth'(fetch_q == FetchRd1 ? next_ref_q : in_ref);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      fetch_q      <= FetchIdle;
      f0_q         <= '0;
      next_ref_q   <= '0;
      hold_valid_q <= 1'b0;
      hold_q       <= '0;
    end else begin
      if (close_now) hold_valid_q <= 1'b0;
      unique case (fetch_q)
        FetchIdle: begin
          if (fetch_take) begin
            next_ref_q <= in_next;
            if (in_kind == sam_pkg::TokEmpty) begin
              // N: an empty fiber, known at once.
              hold_valid_q <= 1'b1;
              hold_q       <= '0;
            end else begin
              fetch_q <= FetchRd1;
            end
          end else if (ctrl_push && in_kind == sam_pkg::TokDone) begin
            fetch_q <= FetchDone;
          end
        end
        FetchRd1: fetch_q <= FetchRd2;
        FetchRd2: begin
          if (Compressed) begin
            f0_q    <= pos_rd_data_i;
            fetch_q <= FetchRd3;
          end else begin
            hold_valid_q <= 1'b1;
            hold_q       <= '0;
            hold_q.more  <= 1'b1;
            hold_q.b1    <= mul_p;
            fetch_q      <= FetchIdle;
          end
        end
        FetchRd3: begin
          hold_valid_q <= 1'b1;
          hold_q       <= '0;
          hold_q.more  <= f0_q < pos_rd_data_i;
          hold_q.b0    <= f0_q;
          hold_q.b1    <= pos_rd_data_i;
          fetch_q      <= FetchIdle;
        end
        default: ;
      endcase
    end
  end

  // Dense: r * dim_i, two cycles after r is at the input head (on ECP5 a
  // MULT18X18D with its own registers, as in sam_fiberlookup).
  if (!Dense) begin : gen_no_mul
    assign mul_p = '0;
  end else begin : gen_mul
    sam_mulreg #(
      .Width(RefWidth)
    ) mul (
      .clk_i(clk_i),
      .a_i  (in_ref),
      .b_i  (RefWidth'(dim_i)),
      .p_o  (mul_p)
    );
  end

  // The descriptor queue: push behind what stays, pop from the head.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cq_valid_q[0] <= 1'b0;
      cq_valid_q[1] <= 1'b0;
      cq_q[0]       <= '0;
      cq_q[1]       <= '0;
    end else begin
      if (cq_pop) begin
        cq_valid_q[0] <= cq_valid_q[1];
        cq_q[0]       <= cq_q[1];
        cq_valid_q[1] <= 1'b0;
        if (push) begin
          if (cq_valid_q[1]) begin
            cq_valid_q[1] <= 1'b1;
            cq_q[1]       <= push_desc;
          end else begin
            cq_valid_q[0] <= 1'b1;
            cq_q[0]       <= push_desc;
          end
        end
      end else if (push) begin
        if (cq_valid_q[0]) begin
          cq_valid_q[1] <= 1'b1;
          cq_q[1]       <= push_desc;
        end else begin
          cq_valid_q[0] <= 1'b1;
          cq_q[0]       <= push_desc;
        end
      end
    end
  end

  // ---------------------------------------------------------------------------
  // The walk's outputs: one window or stop per cycle while a credit is left, into
  // e1 and the output buffers.
  localparam int unsigned Depth = 4;

  logic                credit_q, emit_win, emit_stop;
  logic                e1_valid_q;
  logic [CrdWidth:0]   e1_crd_q;
  logic [WinWidth:0]   e1_win_q;
  logic [CrdWidth:0]   out_crd;
  logic [WinWidth:0]   out_win;

  // The fiber being walked and the walk's registers: offset i, c*i, the window
  // [o, e) and the next one's bounds o + c, e + c, whether i and i + 1 reach the
  // extent.
  logic                 cur_valid_q, load;
  desc_t                cur_q;
  logic signed [SW-1:0] i_q, ci_q, o_q, e_q, o1_q, e1_q, o2_q, e2_q;
  logic                 iend_q, i1end_q, stale_q, stale2_q, dfin_q;
  logic signed [SW-1:0] i_inc, i2_q;  // i + 2, a register for i2end's compare
  logic                 i2end;

  // Compressed: the window's registers follow the walk a cycle late. step_q
  // says a window went last cycle; the window the walk is at is the
  // registers' one, or the next when step_q is set. So the emit decision
  // reaches step_q, not the window's registers; the streams pick their
  // bounds by step_q.
  logic                 step_q, step;
  logic signed [SW-1:0] o3_q, e3_q, i1_q, ci1_q;
  logic                 eff_iend;
  assign step     = Dense ? emit_win : step_q;
  assign eff_iend = step_q ? i1end_q : iend_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) step_q <= 1'b0;
    else         step_q <= Compressed && emit_win;
  end

  assign load   = cq_valid_q[0] && (!cur_valid_q || emit_stop);
  assign cq_pop = load;
  assign i_inc  = i_q + SW'(1);
  assign i2end  = i2_q >= ext;

  // Compressed: the pointers' streams (heads, pops) and the jump.
  logic                 lo_h, hi_h, lo_last, hi_last, lo_pop, hi_pop;
  logic [RefWidth-1:0]  lo_pos, hi_pos;
  logic signed [SW-1:0] lo_x;
  logic                 lo_done_q, hi_done_q, jump_q, jump_go;
  logic signed [SW-1:0] jump_i_q, jump_ci;

  // The window emitted: its base, lo and hi.
  logic [BaseBits-1:0]  w_base;
  logic [PosBits-1:0]   w_lo, w_hi;

  // Compressed: the pointers' decisions come from flags of each stream's head
  // (lo_f, hi_f: its coordinate against the window's bounds), one of four
  // registered candidates picked by the registered pop and step, not from
  // compares of the head itself, so a decision and the pops it makes fit one
  // cycle.
  logic [2:0] lo_f, hi_f;
  if (Compressed) begin : gen_walk_compressed
    logic fin, lo_below, lo_past, lo_below1, hi_adv, hi_adv1, hi_ok;
    assign fin       = eff_iend || lo_done_q;
    assign lo_below  = lo_f[0];   // x < o
    assign lo_past   = !lo_f[1];  // x >= e
    assign lo_below1 = lo_f[2];   // x < o + c
    assign hi_adv    = !hi_done_q && hi_h && hi_f[0];  // x < e
    assign hi_adv1   = hi_f[1];                        // x < e + c
    assign hi_ok     = hi_done_q || (hi_h && !hi_f[0]);
    always_comb begin
      emit_win  = 1'b0;
      emit_stop = 1'b0;
      lo_pop    = 1'b0;
      hi_pop    = 1'b0;
      jump_go   = 1'b0;
      if (cur_valid_q && !jump_q && !stale_q && !stale2_q) begin
        if (fin) begin
          // The fiber's windows are out: pass the pointers' remaining elements,
          // then the stop.
          lo_pop    = !lo_done_q && lo_h;
          hi_pop    = !hi_done_q && hi_h;
          emit_stop = lo_done_q && hi_done_q && credit_q;
        end else begin
          if (lo_h) begin
            if (lo_below) begin
              lo_pop = 1'b1;
            end else if (lo_past) begin
              jump_go = 1'b1;
            end else if (hi_ok && credit_q) begin
              // The window holds lo .. hi; lo moves for the next one.
              emit_win = 1'b1;
              lo_pop   = lo_below1;
            end
          end
          // hi passes every element below the window's end, which only grows,
          // whatever lo does; as a window goes, those below the next one's.
          hi_pop = emit_win ? !hi_done_q && hi_adv1 : hi_adv;
        end
      end
    end
    assign w_base = step_q ? BaseBits'(ci1_q) : BaseBits'(ci_q);
    assign w_lo   = PosBits'(lo_pos);
    assign w_hi   = hi_done_q ? PosBits'(cur_q.b1) : PosBits'(hi_pos);
    assign jump_ci = jump_i_q <<< StrideShift;
  end else begin : gen_walk_dense
    // The window's fields are registers, made as the walk loads a fiber or
    // steps: base, and lo and hi from the next window's bounds clipped at 0 and
    // at the dimension (registers too), so no compare or add lies between the
    // walk's state and e1.
    logic signed [SW-1:0] lo1c_q, hi1c_q, dlo0_q, dhi0_q, dlo1_q, dhi1_q;
    logic [BaseBits-1:0]  base_q;
    logic [PosBits-1:0]   lo_q, hi_q;
    assign emit_stop = cur_valid_q && dfin_q && credit_q;
    assign emit_win  = cur_valid_q && !dfin_q && credit_q;
    assign lo_pop    = 1'b0;
    assign hi_pop    = 1'b0;
    assign jump_go   = 1'b0;
    assign jump_ci   = '0;
    assign w_base    = base_q;
    assign w_lo      = lo_q;
    assign w_hi      = hi_q;
    // The window's bounds and end test reach the outputs through the registers
    // above and dfin_q.
    logic unused_walk;
    assign unused_walk = ^{o_q, e_q, iend_q, eff_iend};
    always_ff @(posedge clk_i) begin
      dlo0_q <= do_q < 0 ? '0 : do_q;
      dhi0_q <= de_q < dimw ? de_q : dimw;
      dlo1_q <= do1_q < 0 ? '0 : do1_q;
      dhi1_q <= de1_q < dimw ? de1_q : dimw;
      if (load) begin
        base_q <= BaseBits'(dci_q) + BaseBits'(cq_q[0].b1);
        lo_q   <= PosBits'(cq_q[0].b1) + PosBits'(dlo0_q);
        hi_q   <= PosBits'(cq_q[0].b1) + PosBits'(dhi0_q);
        lo1c_q <= dlo1_q;
        hi1c_q <= dhi1_q;
      end else if (emit_win) begin
        base_q <= base_q + BaseBits'(C);
        lo_q   <= PosBits'(cur_q.b1) + PosBits'(lo1c_q);
        hi_q   <= PosBits'(cur_q.b1) + PosBits'(hi1c_q);
        lo1c_q <= o2_q < 0 ? '0 : o2_q;
        hi1c_q <= e2_q < dimw ? e2_q : dimw;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cur_valid_q <= 1'b0;
      cur_q       <= '0;
      i_q         <= '0;
      i1_q        <= '0;
      i2_q        <= '0;
      ci_q        <= '0;
      ci1_q       <= '0;
      o3_q        <= '0;
      e3_q        <= '0;
      o_q         <= '0;
      e_q         <= '0;
      o1_q        <= '0;
      e1_q        <= '0;
      o2_q        <= '0;
      e2_q        <= '0;
      stale_q     <= 1'b0;
      stale2_q    <= 1'b0;
      dfin_q      <= 1'b0;
      iend_q      <= 1'b0;
      i1end_q     <= 1'b0;
      lo_done_q   <= 1'b0;
      hi_done_q   <= 1'b0;
      jump_q      <= 1'b0;
      jump_i_q    <= '0;
    end else begin
      if (emit_stop) cur_valid_q <= 1'b0;
      if (step) begin
        i_q     <= i_inc;
        i1_q    <= i1_q + SW'(1);
        i2_q    <= i2_q + SW'(1);
        ci_q    <= ci_q + C;
        ci1_q   <= ci1_q + C;
        o3_q    <= o3_q + C;
        e3_q    <= e3_q + C;
        o_q     <= o1_q;
        e_q     <= e1_q;
        o1_q    <= o2_q;
        e1_q    <= e2_q;
        o2_q    <= o2_q + C;
        e2_q    <= e2_q + C;
        iend_q  <= i1end_q;
        i1end_q <= i2end;
        dfin_q  <= i1end_q || !(o1_q < dimw) || dzero_q;
      end
      if (lo_pop && lo_last) lo_done_q <= 1'b1;
      if (hi_pop && hi_last) hi_done_q <= 1'b1;
      // The jump: i to the first window holding lo's coordinate x,
      // ceil((x - b - Z + 1) / c), then the window's bounds from it.
      jump_q  <= jump_go;
      // The jump moves the window where no flag looked: a cycle to clamp its
      // bounds, one to make the flags.
      stale_q  <= jump_q;
      stale2_q <= stale_q;
      if (jump_go) jump_i_q <= (lo_x + k_q) >>> StrideShift;
      if (jump_q) begin
        i_q     <= jump_i_q;
        i1_q    <= jump_i_q + SW'(1);
        i2_q    <= jump_i_q + SW'(2);
        ci_q    <= jump_ci;
        ci1_q   <= jump_ci + C;
        o3_q    <= jump_ci + B3C;
        e3_q    <= jump_ci + bz3c_q;
        o_q     <= jump_ci + B;
        e_q     <= jump_ci + bz_q;
        o1_q    <= jump_ci + BC;
        e1_q    <= jump_ci + bzc_q;
        o2_q    <= jump_ci + B2C;
        e2_q    <= jump_ci + bz2c_q;
        iend_q  <= jump_i_q >= ext;
        i1end_q <= jump_i_q >= ext1_q;
      end
      if (load) begin
        cur_valid_q <= 1'b1;
        cur_q       <= cq_q[0];
        lo_done_q   <= !cq_q[0].more;
        hi_done_q   <= !cq_q[0].more;
        if (Compressed) begin
          i_q     <= '0;
          i1_q    <= SW'(1);
          i2_q    <= SW'(2);
          ci_q    <= '0;
          ci1_q   <= C;
          o3_q    <= B3C;
          e3_q    <= bz3c_q;
          o_q     <= B;
          e_q     <= bz_q;
          o1_q    <= BC;
          e1_q    <= bzc_q;
          o2_q    <= B2C;
          e2_q    <= bz2c_q;
          iend_q  <= cend_q || !cq_q[0].more;
          i1end_q <= cend1_q;
        end else begin
          i_q     <= first_q;
          i2_q    <= first_q + SW'(2);
          ci_q    <= dci_q;
          o_q     <= do_q;
          e_q     <= de_q;
          o1_q    <= do1_q;
          e1_q    <= de1_q;
          o2_q    <= do1_q + C;
          e2_q    <= de1_q + C;
          iend_q  <= dend_q || !cq_q[0].more;
          i1end_q <= dend1_q;
          dfin_q  <= dfirst_fin_q || !cq_q[0].more;
        end
      end
    end
  end

  // Compressed: the window's bounds clamped to 0 .. 2**CrdWidth, so a
  // coordinate's compare with one is a single unsigned carry chain, with no
  // sign or high bits to settle after it.
  typedef logic [CrdWidth:0] bnd_t;
  function automatic bnd_t sat(logic signed [SW-1:0] t);
    if (t[SW-1]) return '0;
    if (|t[SW-2:CrdWidth]) return bnd_t'(1) << CrdWidth;
    return bnd_t'(t[CrdWidth-1:0]);
  endfunction
  bnd_t so_q, se_q, so1_q, se1_q, so2_q, se2_q, so3_q, se3_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      {so_q, se_q, so1_q, se1_q, so2_q, se2_q, so3_q, se3_q} <= '0;
    end else if (load) begin
      so_q  <= sat(B);
      se_q  <= sat(bz_q);
      so1_q <= sat(BC);
      se1_q <= sat(bzc_q);
      so2_q <= sat(B2C);
      se2_q <= sat(bz2c_q);
      so3_q <= sat(B3C);
      se3_q <= sat(bz3c_q);
    end else if (stale_q) begin
      // The jump's window, in its registers since the cycle before.
      so_q  <= sat(o_q);
      se_q  <= sat(e_q);
      so1_q <= sat(o1_q);
      se1_q <= sat(e1_q);
      so2_q <= sat(o2_q);
      se2_q <= sat(e2_q);
      so3_q <= sat(o3_q);
      se3_q <= sat(e3_q);
    end else if (step) begin
      so_q  <= so1_q;
      se_q  <= se1_q;
      so1_q <= so2_q;
      se1_q <= se2_q;
      so2_q <= so3_q;
      se2_q <= se3_q;
      so3_q <= sat(o3_q + C);
      se3_q <= sat(e3_q + C);
    end
  end

  assign out_crd = emit_stop ? (cur_q.done ? {1'b1, {CrdWidth{1'b1}}}
                                           : {1'b1, CrdWidth'(cur_q.lvl)})
                             : {1'b0, CrdWidth'(Compressed && step_q ? i1_q : i_q)};
  assign out_win = emit_stop ? (cur_q.done ? {1'b1, {WinWidth{1'b1}}}
                                           : {1'b1, WinWidth'(cur_q.lvl)})
                             : {1'b0, w_base, w_lo, w_hi};

  always_ff @(posedge clk_i) begin
    if (!rst_ni) e1_valid_q <= 1'b0;
    else         e1_valid_q <= emit_win || emit_stop;
  end
  always_ff @(posedge clk_i) begin
    e1_crd_q <= out_crd;
    e1_win_q <= out_win;
  end

  // The credits and the output buffers (crd 0, win 1); e1 in flight.
  localparam int unsigned OutWidth = CrdWidth > WinWidth ? CrdWidth : WinWidth;
  logic [1:0][OutWidth:0] out_tok;
  sam_scan_out #(
    .Outputs(2), .Width(OutWidth), .Widths({7'(WinWidth), 7'(CrdWidth)}), .Depth(Depth)
  ) out (
    .clk_i(clk_i), .rst_ni(rst_ni), .take_i(emit_win || emit_stop), .drop_i(1'b0),
    .room_o(credit_q), .valid_i(e1_valid_q),
    .tok_i({(OutWidth + 1)'(e1_win_q), (OutWidth + 1)'(e1_crd_q)}),
    .valid_o({win_valid_o, crd_valid_o}), .ready_i({win_ready_i, crd_ready_i}), .tok_o(out_tok),
    .inflight_i(8'(e1_valid_q))
  );
  assign crd_tok_o = out_tok[0][CrdWidth:0];
  assign win_tok_o = out_tok[1][WinWidth:0];

  // ---------------------------------------------------------------------------
  // Compressed: the two streams of the fiber's (position, coordinate) pairs, lo's
  // through crd_rd_*, hi's through crd_rd2_*. Each reads its fibers in order from
  // its own fiber queue, one pair per cycle while a credit is left (the pair's
  // position rides `sam_read_align` to its read data, then s3), into a
  // seven-entry ring buffer whose first three entries the walk sees through
  // registers (h0 .. h2, below). A fiber's last pair carries `last`. Seven: the
  // walk sees a pair the cycle after it reaches the ring, and a pointer passing
  // a pair every cycle keeps its reads flowing only with that many credits
  // (five give 0.85 tokens per cycle on dense windows).
  localparam int unsigned SDepth = 7;

  typedef struct packed {
    logic [RefWidth-1:0] pos;
    logic [CrdWidth-1:0] crd;
    logic                last;
    logic [2:0]          sf;    // its flags against a fiber's first window
  } pair_t;

  // A coordinate's flags against three bounds: bit n is x < t_n.
  // x is a coordinate (non-negative, below 2**CrdWidth): the bound's high bits
  // settle the compare but for an unsigned CrdWidth-bit one, a single carry
  // chain.
  function automatic logic lt(logic [CrdWidth-1:0] x, logic signed [SW-1:0] t);
    if (t[SW-1]) return 1'b0;
    if (|t[SW-2:CrdWidth]) return 1'b1;
    return x < t[CrdWidth-1:0];
  endfunction
  function automatic logic [2:0] flags(logic [CrdWidth-1:0] x, logic signed [SW-1:0] t0,
                                       logic signed [SW-1:0] t1, logic signed [SW-1:0] t2);
    return {lt(x, t2), lt(x, t1), lt(x, t0)};
  endfunction
  // Against clamped bounds (sat above).
  function automatic logic [2:0] cflags(logic [CrdWidth-1:0] x, bnd_t t0, bnd_t t1, bnd_t t2);
    return {{1'b0, x} < t2, {1'b0, x} < t1, {1'b0, x} < t0};
  endfunction

  if (Compressed) begin : gen_streams
    logic [RefWidth-1:0] rd_addr[2];
    logic                rd_en[2];
    logic [CrdWidth-1:0] rd_data[2];
    pair_t               head[2];
    logic [2:0]          hf[2];
    logic                hv[2];
    logic                pops[2];

    assign rd_data[0] = crd_rd_data_i;
    assign rd_data[1] = crd_rd2_data_i;
    assign crd_rd_en_o    = rd_en[0];
    assign crd_rd_addr_o  = CrdAddrWidth'(rd_addr[0]);
    assign crd_rd2_en_o   = rd_en[1];
    assign crd_rd2_addr_o = CrdAddrWidth'(rd_addr[1]);
    assign pops[0] = lo_pop;
    assign pops[1] = hi_pop;
    assign lo_h    = hv[0];
    assign hi_h    = hv[1];
    assign lo_pos  = head[0].pos;
    assign hi_pos  = head[1].pos;
    assign lo_x    = SW'(head[0].crd);
    assign lo_f    = hf[0];
    assign hi_f    = hf[1];
    assign lo_last = head[0].last;
    assign hi_last = head[1].last;

    for (genvar k = 0; k < 2; k++) begin : gen_stream
      // The fiber queue.
      logic                fq_valid_q[2];
      logic [RefWidth-1:0] fq_b0_q[2], fq_b1_q[2];
      logic                fq_pop, fq_push;
      // The reader.
      logic                act_q, room, issue, issue_last;
      logic [RefWidth-1:0] a_q, left_q;
      // A pair's read in flight (`sam_read_align`, s1 and s2): its position and
      // whether it is its fiber's last.
      typedef struct packed {
        logic [RefWidth-1:0] pos;
        logic                last;
      } rd_pair_t;
      rd_pair_t            rd_pair, s2;
      logic                s2_valid;
      logic [7:0]          inflight;
      // s3: the read data registered, with its filter compare and its flags
      // against a fiber's first window.
      logic                s3_valid_q, s3_last_q, s3_below_q;
      logic [RefWidth-1:0] s3_pos_q;
      logic [CrdWidth-1:0] s3_crd_q;
      logic [2:0]          s3_sf_q;
      // The buffer, entry 0 the head.
      pair_t               buf_q[SDepth], buf0;
      logic [2:0]          cnt_q;
      // The head's flags (below).
      logic signed [SW-1:0] tf0, tf1, tf2;
      bnd_t                 ta0, ta1, ta2, tb0, tb1, tb2, tc0, tc1, tc2, ts0, ts1, ts2, tn0, tn1, tn2;
      logic [2:0]           arr_sf, fu_s_q, fu_n_q, fp_s_q, fp_n_q;
      logic                 popped_q;

      assign sq_room[k] = !fq_valid_q[1];
      assign fq_push    = close_now && hold_q.more;
      assign issue      = act_q && room;
      assign issue_last = issue && left_q == RefWidth'(1);
      assign fq_pop     = fq_valid_q[0] && (!act_q || issue_last);
      assign rd_en[k]   = issue;
      assign rd_addr[k] = a_q;
      assign head[k]    = buf0;

      always_ff @(posedge clk_i) begin
        if (!rst_ni) begin
          fq_valid_q[0] <= 1'b0;
          fq_valid_q[1] <= 1'b0;
          fq_b0_q[0]    <= '0;
          fq_b0_q[1]    <= '0;
          fq_b1_q[0]    <= '0;
          fq_b1_q[1]    <= '0;
        end else begin
          if (fq_pop) begin
            fq_valid_q[0] <= fq_valid_q[1];
            fq_b0_q[0]    <= fq_b0_q[1];
            fq_b1_q[0]    <= fq_b1_q[1];
            fq_valid_q[1] <= 1'b0;
            if (fq_push) begin
              if (fq_valid_q[1]) begin
                fq_valid_q[1] <= 1'b1;
                fq_b0_q[1]    <= hold_q.b0;
                fq_b1_q[1]    <= hold_q.b1;
              end else begin
                fq_valid_q[0] <= 1'b1;
                fq_b0_q[0]    <= hold_q.b0;
                fq_b1_q[0]    <= hold_q.b1;
              end
            end
          end else if (fq_push) begin
            if (fq_valid_q[0]) begin
              fq_valid_q[1] <= 1'b1;
              fq_b0_q[1]    <= hold_q.b0;
              fq_b1_q[1]    <= hold_q.b1;
            end else begin
              fq_valid_q[0] <= 1'b1;
              fq_b0_q[0]    <= hold_q.b0;
              fq_b1_q[0]    <= hold_q.b1;
            end
          end
        end
      end

      always_ff @(posedge clk_i) begin
        if (!rst_ni) begin
          act_q  <= 1'b0;
          a_q    <= '0;
          left_q <= '0;
        end else begin
          if (issue) begin
            a_q    <= a_q + RefWidth'(1);
            left_q <= left_q - RefWidth'(1);
          end
          if (issue_last) act_q <= 1'b0;
          if (fq_pop) begin
            act_q  <= 1'b1;
            a_q    <= fq_b0_q[0];
            left_q <= fq_b1_q[0] - fq_b0_q[0];
          end
        end
      end

      // Credits: pairs read and not yet passed (popped, or dropped as they
      // arrive), at most SDepth.
      logic [2:0] used_q, used_d;
      logic       drop;
      assign used_d = used_q + 3'(issue) - 3'(pops[k]) - 3'(drop);
      always_ff @(posedge clk_i) begin
        if (!rst_ni) begin
          used_q <= '0;
          room   <= 1'b1;
        end else begin
          used_q <= used_d;
          room   <= used_d < 3'(SDepth);
        end
      end

      assign rd_pair.pos  = a_q;
      assign rd_pair.last = left_q == RefWidth'(1);
      // The on-chip array's timing (Credits = 0): the read data is taken beside s2
      // straight from the port.
      logic unused_align_rsp;
      sam_read_align #(.Width($bits(rd_pair_t)), .Latency(2)) align (
        .clk_i, .rst_ni, .valid_i(issue), .read_i(1'b0), .data_i(rd_pair), .rsp_valid_i(1'b0),
        .rsp_data_i(1'b0), .valid_o(s2_valid), .data_o(s2), .rsp_data_o(unused_align_rsp),
        .inflight_o(inflight)
      );

      // hi's stream drops the pairs below the first window's end b + Z as they
      // arrive: hi passes them in every fiber, so its head starts at the first
      // window's hi and the first window goes out at once. A fiber's last pair
      // below it arrives as its end mark (coordinate 0: hi passes it, and is done).
      logic                push_pair, below_first;
      assign below_first = k == 1 && SW'(rd_data[k]) < bz_q;
      assign drop        = s3_valid_q && s3_below_q && !s3_last_q;
      assign push_pair   = s3_valid_q && !drop;
      always_ff @(posedge clk_i) begin
        if (!rst_ni) s3_valid_q <= 1'b0;
        else         s3_valid_q <= s2_valid;
      end
      always_ff @(posedge clk_i) begin
        s3_pos_q   <= s2.pos;
        s3_last_q  <= s2.last;
        s3_below_q <= below_first;
        s3_crd_q   <= below_first ? '0 : rd_data[k];
        s3_sf_q    <= below_first ? 3'b111 : flags(rd_data[k], tf0, tf1, tf2);
      end

      // The buffer: a ring, read at rd_q and written at wr_q. A pop moves the
      // read pointer only, so the walk's pop decision reaches a few pointer
      // and count bits, not every entry. The arriving pair is written at wr_q
      // even when dropped (the slot is free: the credits keep cnt below SDepth
      // while a pair is in flight), and wr_q moves only when it is kept.
      logic [2:0] rd_q, rd1, wr_q;
      assign rd1 = rd_q == 3'(SDepth - 1) ? '0 : rd_q + 3'd1;
      always_ff @(posedge clk_i) begin
        if (!rst_ni) begin
          cnt_q <= '0;
          rd_q  <= '0;
          wr_q  <= '0;
        end else begin
          cnt_q <= cnt_q - 3'(pops[k]) + 3'(push_pair);
          if (pops[k]) rd_q <= rd1;
          if (push_pair) wr_q <= wr_q == 3'(SDepth - 1) ? '0 : wr_q + 3'd1;
        end
      end
      always_ff @(posedge clk_i) begin
        if (s3_valid_q) begin
          buf_q[wr_q] <= '{pos: s3_pos_q, crd: s3_crd_q, last: s3_last_q, sf: arr_sf};
        end
      end
      assign buf0 = buf_q[rd_q];

      // h0, h1 and h2 hold the ring's entries at rd_q, rd_q + 1 and rd_q + 2
      // as the cycle ends (the arriving pair bypassed into them), read at the
      // read pointer, not at its next value: a pop reaches the pointer, not
      // them. The cycle after, the head is h0, or h1 if that cycle's walk
      // popped (popped_q), and the entry behind it h1 or h2.
      logic [2:0] rdn[3];
      assign rdn[0] = rd_q;
      assign rdn[1] = rd1;
      assign rdn[2] = rd1 == 3'(SDepth - 1) ? '0 : rd1 + 3'd1;
      logic [CrdWidth-1:0] h_crd_q[3];
      logic [2:0]          h_sf_q[3];
      always_ff @(posedge clk_i) begin
        for (int n = 0; n < 3; n++) begin
          if (s3_valid_q && wr_q == rdn[n]) begin
            h_crd_q[n] <= s3_crd_q;
            h_sf_q[n]  <= arr_sf;
          end else begin
            h_crd_q[n] <= buf_q[rdn[n]].crd;
            h_sf_q[n]  <= buf_q[rdn[n]].sf;
          end
        end
      end

      // The head's flags. The head of the next cycle is the head now (u) or
      // the entry behind it (p, after a pop): h0 and h1, or h1 and h2 when this
      // cycle's walk follows a pop (popped_q). Their coordinates are compared
      // with the window's bounds and the next window's (lo: o, e, o + c; hi:
      // e, e + c) and registered with whether they hold a pair (uv_q, pv_q);
      // the walk's pop and step, registered too, pick among the four the cycle
      // after. So neither a compare nor a decision lies on the other's path:
      // the flags the walk reads are one 4-way pick of registers by registers.
      // A pair reaching the ring is seen the cycle after. As a fiber loads
      // (never with a pop or a step), u's flags are those against the fiber's
      // first window, stored with each pair.
      if (k == 0) begin : gen_lo_bounds
        assign {ta0, ta1, ta2} = {so_q, se_q, so1_q};
        assign {tb0, tb1, tb2} = {so1_q, se1_q, so2_q};
        assign {tc0, tc1, tc2} = {so2_q, se2_q, so3_q};
        assign {tf0, tf1, tf2} = {B, bz_q, BC};
      end else begin : gen_hi_bounds
        assign {ta0, ta1, ta2} = {se_q, se1_q, se1_q};
        assign {tb0, tb1, tb2} = {se1_q, se2_q, se2_q};
        assign {tc0, tc1, tc2} = {se2_q, se3_q, se3_q};
        assign {tf0, tf1, tf2} = {bz_q, bzc_q, bzc_q};
      end
      // An end mark (coordinate 0) lies below every bound of hi's: b + Z is
      // the least. The walk's window is the registers' one (a) or, after a
      // step, the next (b), and its next b or c: step_q picks the bounds and
      // popped_q the pairs, both registers, in front of the compares.
      logic [CrdWidth-1:0] xu, xp;
      logic [2:0]          fu_s, fu_n, fp_s, fp_n;
      logic                uv_q, pv_q;
      assign xu   = popped_q ? h_crd_q[1] : h_crd_q[0];
      assign xp   = popped_q ? h_crd_q[2] : h_crd_q[1];
      assign {ts0, ts1, ts2} = step_q ? {tb0, tb1, tb2} : {ta0, ta1, ta2};
      assign {tn0, tn1, tn2} = step_q ? {tc0, tc1, tc2} : {tb0, tb1, tb2};
      assign fu_s = cflags(xu, ts0, ts1, ts2);
      assign fu_n = cflags(xu, tn0, tn1, tn2);
      assign fp_s = cflags(xp, ts0, ts1, ts2);
      assign fp_n = cflags(xp, tn0, tn1, tn2);
      assign arr_sf = s3_sf_q;
      always_ff @(posedge clk_i) begin
        fu_s_q <= load ? (popped_q ? h_sf_q[1] : h_sf_q[0]) : fu_s;
        fu_n_q <= fu_n;
        fp_s_q <= fp_s;
        fp_n_q <= fp_n;
      end
      always_ff @(posedge clk_i) begin
        if (!rst_ni) begin
          uv_q <= 1'b0;
          pv_q <= 1'b0;
        end else begin
          uv_q <= cnt_q >= 3'd1;
          pv_q <= cnt_q >= 3'd2;
        end
      end
      assign hv[k] = popped_q ? pv_q : uv_q;
      always_ff @(posedge clk_i) begin
        if (!rst_ni) begin
          popped_q  <= 1'b0;
        end else begin
          popped_q  <= pops[k];
        end
      end
      assign hf[k] = popped_q ? (step_q ? fp_n_q : fp_s_q)
                              : (step_q ? fu_n_q : fu_s_q);

`ifdef FORMAL
      always_ff @(posedge clk_i) begin
        if (rst_ni) begin
          // The credit counts the pairs in flight and buffered.
          assert (32'(used_q) == 32'(inflight) + 32'(s3_valid_q) + 32'(cnt_q));
          assert (used_q <= 3'(SDepth) && room == (used_q < 3'(SDepth)));
          assert (cnt_q <= 3'(SDepth));
          assert (rd_q < 3'(SDepth) && wr_q < 3'(SDepth));
          assert (32'(wr_q) == (32'(rd_q) + 32'(cnt_q)) % SDepth);
          if (act_q) assert (left_q != '0);
          // A fiber queued for a stream holds pairs (hold sends only those).
          if (fq_valid_q[0]) assert (fq_b0_q[0] < fq_b1_q[0]);
          if (fq_valid_q[1]) assert (fq_valid_q[0] && fq_b0_q[1] < fq_b1_q[1]);
          if (hold_valid_q && hold_q.more) assert (hold_q.b0 < hold_q.b1);
        end
      end
`else
      logic unused_inflight;  // the credit invariant's only operand
      assign unused_inflight = ^inflight;
`endif
`ifndef SAM_ASSERTS_OFF
      always_ff @(posedge clk_i) begin
        if (rst_ni) begin
          assert (!(pops[k] && cnt_q == '0))
          else $error("sam_subsect: a pointer passes a pair not yet read");
          // From the pos words' contract (PosWordInArray_M).
          if (issue) begin
            CrdInArray_A: assert (64'(a_q) < (64'd1 << CrdAddrWidth))
            else $error("sam_subsect: position %0d is beyond the crd array", a_q);
          end
        end
      end
`endif
    end
  end else begin : gen_no_streams
    assign crd_rd_en_o    = 1'b0;
    assign crd_rd_addr_o  = '0;
    assign crd_rd2_en_o   = 1'b0;
    assign crd_rd2_addr_o = '0;
    assign sq_room[0]     = 1'b1;
    assign sq_room[1]     = 1'b1;
    assign lo_h    = 1'b0;
    assign hi_h    = 1'b0;
    assign lo_pos  = '0;
    assign hi_pos  = '0;
    assign lo_x    = '0;
    assign lo_f    = '0;
    assign hi_f    = '0;
    assign lo_last = 1'b0;
    assign hi_last = 1'b0;
    logic unused_mem;
    assign unused_mem = ^{crd_rd_data_i, crd_rd2_data_i, pos_rd_data_i, f0_q, lo_pop, hi_pop,
                          jump_i_q, lo_done_q, hi_done_q, jump_q, lo_h, hi_h, lo_pos, hi_pos,
                          lo_f, hi_f, o2_q, e2_q, stale_q, stale2_q, bz2c_q, so_q, se_q, so1_q,
                          se1_q, so2_q, se2_q, so3_q, se3_q};
  end

`ifndef SAM_ASSERTS_OFF
  // The input contracts, on the tokens the ref port takes.
  sam_pkg::tok_kind_e ref_kind;
  logic               ref_take, ref_done_q;  // ref_done_q: D has been taken
  assign ref_kind = sam_pkg::tok_kind(ref_tok_i[RefWidth], 64'(ref_tok_i[RefWidth-1:0]), RefWidth);
  assign ref_take = ref_valid_i && ref_ready_o;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) ref_done_q <= 1'b0;
    else if (ref_take && ref_kind == sam_pkg::TokDone) ref_done_q <= 1'b1;
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && ref_take) begin
      if (ref_kind == sam_pkg::TokStop) begin
        StopRaisable_M: assert (64'(ref_tok_i[RefWidth-1:0]) + 64'd1 < (64'd1 << LvlWidth) - 64'd2)
        else $error("sam_subsect: stop %0d in has no room one level up", ref_tok_i[RefWidth-1:0]);
      end
      if (Compressed && ref_kind == sam_pkg::TokData) begin
        PosInArray_M: assert (64'(ref_tok_i[RefWidth-1:0]) + 64'd1 < (64'd1 << PosAddrWidth))
        else $error("sam_subsect: reference %0d reads beyond the pos array",
                    ref_tok_i[RefWidth-1:0]);
      end
      WindowNotEmpty_M: assert (window_i != '0)
      else $error("sam_subsect: window_i must be at least 1");
      NothingAfterDone_M: assert (!ref_done_q)
      else $error("sam_subsect: a token after D");
    end
  end
  // The pos words it reads (two cycles after each read) end within the crd array.
  if (Compressed) begin : gen_pos_contract
    logic [1:0] pos_rd_q;  // a pos read one and two cycles ago
    always_ff @(posedge clk_i) begin
      if (!rst_ni) pos_rd_q <= '0;
      else pos_rd_q <= {pos_rd_q[0], pos_rd_en_o};
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni && pos_rd_q[1]) begin
        PosWordInArray_M: assert (64'(pos_rd_data_i) <= (64'd1 << CrdAddrWidth))
        else $error("sam_subsect: pos word %0d is beyond the crd array", pos_rd_data_i);
      end
    end
  end
`endif

  logic unused_bits;
  // Each format uses its own constants of the run; b0 goes to the streams only.
  assign unused_bits = ^{out_tok, cur_q.b0, hi_f[2], dci_q, do_q, de_q,
                         do1_q, de1_q, dend_q, dend1_q, cend_q, cend1_q, dzero_q, dimw, dfin_q,
                         dfirst_fin_q,
                         cur_q.more};

  // The on-chip array's timing, which this reader's fixed-latency pipeline
  // relies on (docs/memory.md, "Readers and their timing").
  sam_mem_fixed_assert #(.Ports(1), .Name("sam_subsect pos_rd")) pos_rd_timing (
    .clk_i, .rst_ni, .en_i(pos_rd_en_o), .ready_i(pos_rd_ready_i), .valid_i(pos_rd_valid_i)
  );
  sam_mem_fixed_assert #(.Ports(1), .Name("sam_subsect crd_rd")) crd_rd_timing (
    .clk_i, .rst_ni, .en_i(crd_rd_en_o), .ready_i(crd_rd_ready_i), .valid_i(crd_rd_valid_i)
  );
  sam_mem_fixed_assert #(.Ports(1), .Name("sam_subsect crd_rd2")) crd_rd2_timing (
    .clk_i, .rst_ni, .en_i(crd_rd2_en_o), .ready_i(crd_rd2_ready_i), .valid_i(crd_rd2_valid_i)
  );

endmodule
