// sam_lzmerge: two LZ77 operands merged entry by entry (section IV-C of Donenfeld et
// al.'s compression paper; golden model golden/src/models/lz77.rs `lzmerge`; contract
// in docs/fill-regions.md, "The token contract").
//
// Way k is a coordinate stream crd[k] of LZ77 entry starts with the aligned
// stream desc[k] of their descriptor words `lit << RepBits | rep` (rep 0: a
// literal; else a repeat of distance d = rep). An entry covers its start up to
// the way's next start in the fiber, or dim_i. Each way's fiber starts an entry
// at 0 (both ways' fibers have entries, or the fiber gives nothing).
//
// The merge walks the coordinates c of a fiber. Over each *stretch* (the
// coordinates where both ways stay in the same pair of entries) where both ways
// repeat, with distances d0, d1 and m = lcm(d0, d1): if m <= MaxLcm and the
// stretch is longer than m, its first m coordinates come out as literal
// entries and the rest as one entry R_m; every other coordinate is a literal
// entry. At a literal entry c, ref[k] is way k's slot there: lit, or
// lit + ((c - x) mod d) inside a repeat started at x; at an R_m entry both refs
// are R_m (payload repeat_base(RefWidth) + m). The fiber's stop (alike on both
// ways) then passes on every output; D likewise.
//
// Per way: the next entry's start and descriptor in a register (its start is
// the current entry's end), and the entry in hand with a phase counter (the
// slot, and the coordinates left before the slot wraps back to lit): no
// divider. The lcm is stepped, m0 += d0 or m1 += d1 on the smaller one until
// they meet or pass MaxLcm, while the stretch's literals go out, from (d0, d1),
// or (d, d) where the other distance is 1: lcm >= max(m0, m1) holds
// throughout, and two distances of at least 2 meet within
// m/d0 + m/d1 - 2 <= m - 2 steps, so the lcm is known a cycle before
// coordinate m of the stretch is due (the R_m decision is registered), with no
// stall.
// The jump from the R_m entry to the stretch's end leaves the way whose entry
// goes on at phase (end - x) mod d. A remainder unit finds it while the
// literals go out, from the cycle after the stretch starts: at once where no
// way goes on or its d is a power of two (a mask); for d = 3 two cycles on, for
// 5, 6 and 7 three (trees of remainders of the difference's digits); any other
// d takes a step of long division per bit of dim_i after those two cycles, so
// the R_m entry m coordinates after the stretch's start waits where
// m < 3 + the bits of dim_i (13 for an extent below 1024; m >= d >= 9 there),
// that many cycles less m: a divider would cost a wide array for what periods
// of 9 to a dozen or so need.
//
// The output decision reads registers: whether each way's next entry starts at
// c, whether c is dim_i, whether the fiber is over, the order of the ends, the
// R_m decision and its wait are all compared a cycle ahead, for each c the
// cycle may move to; the wide registers load on the output as a clock enable.
//
// One output entry per cycle whenever both next-entry registers are full and
// the outputs have room: a literal coordinate, an R_m (the jump to the
// stretch's end included), or a stop. An entry start costs no cycle of its own.
//
// Input contract (asserted, `_M`): crd[k] and desc[k] have one shape (a
// descriptor beside each start, the same stops and D), no N in crd, the
// ways' stops alike, starts strictly increasing below dim_i, a fiber's first
// entry at 0 where both ways have entries, slots below 2^RefWidth.
//
// Pipeline: each way's next-entry register (the input stage); the decision,
// into the output registers; three-entry buffers on credits
// (`sam_scan_out`). Latency three cycles. A way's ready_o is a function of
// registers and its two input valids: no combinational path from any ready_i.
// crd_ready_o[k] == desc_ready_o[k].
//
// Parameters: CrdWidth   coordinate payload width, 1..63 (also dim_i's)
//             DescWidth  descriptor (value) payload width, RepBits+1..63
//             RefWidth   slot and R_m payload width, up to 63, with
//                        repeat_base(RefWidth) + MaxLcm below N (>= 12 by default)
//             RepBits    bits of a descriptor's rep field (golden DESC_REP_BITS)
//             MaxLcm     largest period kept (golden MAX_DISTANCE), 1..2^RepBits
// Ports (a multi-way port is an array, element k for way k, k = 0..1):
//             clk_i, rst_ni                             clock, synchronous active-low reset
//             dim_i                                     the index's extent (host setting,
//                                                       held during a run)
//             crd_valid_i, crd_ready_o, crd_tok_i       each way's entry starts
//             desc_valid_i, desc_ready_o, desc_tok_i    each way's descriptors
//             crd_valid_o, crd_ready_i, crd_tok_o       the merged entries' starts
//             ref_valid_o, ref_ready_i, ref_tok_o       each way's slot there, or R_m
module sam_lzmerge #(
  parameter int unsigned CrdWidth  = sam_pkg::CrdWidth,
  parameter int unsigned DescWidth = sam_pkg::ValWidth,
  parameter int unsigned RefWidth  = sam_pkg::CrdWidth,
  parameter int unsigned RepBits   = 11,
  parameter int unsigned MaxLcm    = 1024
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  input  logic [CrdWidth-1:0]     dim_i,
  input  logic [1:0]              crd_valid_i,
  output logic [1:0]              crd_ready_o,
  input  logic [1:0][CrdWidth:0]  crd_tok_i,
  input  logic [1:0]              desc_valid_i,
  output logic [1:0]              desc_ready_o,
  input  logic [1:0][DescWidth:0] desc_tok_i,
  output logic                    crd_valid_o,
  input  logic                    crd_ready_i,
  output logic [CrdWidth:0]       crd_tok_o,
  output logic [1:0]              ref_valid_o,
  input  logic [1:0]              ref_ready_i,
  output logic [1:0][RefWidth:0]  ref_tok_o
);

  if (CrdWidth < 1 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_crd_width
    $error("sam_lzmerge: CrdWidth must be in 1..63");
  end
  if (RepBits < 1 || RepBits > 30) begin : gen_bad_rep_bits
    $error("sam_lzmerge: RepBits must be in 1..30");
  end
  if (DescWidth <= RepBits || DescWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_desc_width
    $error("sam_lzmerge: DescWidth must be in RepBits+1..63");
  end
  if (MaxLcm < 1 || MaxLcm > (1 << RepBits)) begin : gen_bad_max_lcm
    $error("sam_lzmerge: MaxLcm must be in 1..2^RepBits");
  end
  if (RefWidth < 2 || RefWidth > sam_pkg::MaxPayloadWidth ||
      sam_pkg::repeat_base(RefWidth) + 64'(MaxLcm) >= sam_pkg::empty_payload(RefWidth))
  begin : gen_bad_ref_width
    $error("sam_lzmerge: RefWidth must hold R_MaxLcm below N (and be at most 63)");
  end

  localparam int unsigned Depth   = 3;
  // Multiples of the stepped lcm and the stretch's coordinate count: the
  // largest is MaxLcm plus one distance.
  localparam int unsigned MulW    = RepBits + 1;
  localparam int unsigned LitBits = DescWidth - RepBits;
  // The descriptor's slot bits that reach a reference (the rest must be 0).
  localparam int unsigned SlotBits = LitBits < RefWidth ? LitBits : RefWidth;
  // The remainder unit's count of a coordinate's bits.
  localparam int unsigned CntW    = $clog2(CrdWidth + 1);

  typedef logic [RepBits-1:0] rep_t;
  typedef logic [MulW-1:0]    mul_t;
  typedef logic [RefWidth-1:0] slot_t;
  typedef logic [CrdWidth-1:0] crd_t;

  // Per way: both tokens of its pair offered, and both taken.
  logic [1:0] pair, in_ready;

  assign pair         = crd_valid_i & desc_valid_i;
  assign crd_ready_o  = in_ready;
  assign desc_ready_o = in_ready;

  // ---- Input stages: per way the next token pair, the descriptor decoded (its
  // slot, distance, distance - 1 with 0 for a literal, whether the distance is a
  // power of two, or is at most 1, and the slot and wrap count one coordinate
  // into the entry, so that an entry's start adds nothing on the decision's
  // path), and the current entry's end (the start, or dim_i at a stop), its
  // + 1, and whether it is dim_i.
  logic [1:0]          nf_q, nd_q, load, take, ne_dim_q;
  logic [1:0][CrdWidth:0] nc_q;
  crd_t                ne_q[2], ne1_q[2];
  slot_t               nlit_q[2], nstep_slot_q[2];
  rep_t                nrep_q[2], nrm1_q[2], nstep_left_q[2];
  logic [1:0]          npow2_q, nd1_q;

  assign load     = ~nf_q | take;
  assign in_ready = load & pair;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      nf_q <= '0;
      nd_q <= '0;
    end else begin
      for (int k = 0; k < 2; k++) begin
        if (load[k]) begin
          nf_q[k] <= pair[k];
          nd_q[k] <= pair[k] && !crd_tok_i[k][CrdWidth];
        end
      end
    end
  end

  crd_t in_end[2];
  for (genvar k = 0; k < 2; k++) begin : gen_next
    rep_t in_rep, in_rm1;
    logic in_d2;  // a distance of 2 or more
    slot_t in_lit;
    assign in_end[k] = crd_tok_i[k][CrdWidth] ? dim_i : crd_tok_i[k][CrdWidth-1:0];
    assign in_rep = desc_tok_i[k][RepBits-1:0];
    // Decrements by a flag, not choices of 0: a register loaded with 0 on a
    // condition becomes a synchronous reset, whose logic then follows the load
    // enable's.
    assign in_d2  = (in_rep >> 1) != '0;
    assign in_rm1 = in_rep - rep_t'(in_rep != '0);
    assign in_lit = slot_t'(desc_tok_i[k][RepBits+:SlotBits]);
    always_ff @(posedge clk_i) begin
      if (load[k]) begin
        nc_q[k]         <= crd_tok_i[k];
        ne_q[k]         <= in_end[k];
        ne1_q[k]        <= in_end[k] + crd_t'(1);
        ne_dim_q[k]     <= in_end[k] == dim_i;
        nlit_q[k]       <= in_lit;
        nrep_q[k]       <= in_rep;
        nrm1_q[k]       <= in_rm1;
        npow2_q[k]      <= (in_rep & (in_rep - rep_t'(1))) == '0;
        nd1_q[k]        <= !in_d2;
        nstep_slot_q[k] <= in_lit + slot_t'(in_d2);
        nstep_left_q[k] <= in_rep - rep_t'({in_d2, !in_d2 && in_rep[0]});
      end
    end
  end

  // ---- The walk: the coordinate c (and c + 1) and, per way, the entry in hand
  // (h_q: the way's fiber has started), its start x, slot lit, distance, and the
  // slot at c with the coordinates left before it wraps. starts_q (the next
  // entry starts at c) and cdim_q (c is dim_i) are compared a cycle ahead, for
  // each c the cycle may move to, so that the decision reads registers.
  crd_t        c_q, c_d, c1_q, c1_d;
  logic [1:0]  h_q, h_d, starts_q, starts_d;
  logic        cdim_q, cdim_d;
  slot_t       hlit_q[2], slot_q[2], slot_d[2];
  rep_t        hrep_q[2], hrm1_q[2], left_q[2], left_d[2];
  logic [1:0]  hpow2_q, hd1_q;
  crd_t        x_q[2];

  // The stretch: both ways repeat in it (brep_q), its coordinates out so far
  // (j_q), the lcm stepper's multiples (m_q[k] of way k's distance), and
  // whether coordinate j_q is its R_m entry unless an entry starts at c
  // (rpt_q, decided a cycle ahead).
  logic        brep_q, brep_d, rpt_q, rpt_d;
  mul_t        j_q, j_d, j1_q, j1_d;  // j1_q: j_q + 1
  mul_t        m_q[2], m_d[2], m_step[2];

  logic        go, fiber_over, both_ctrl, sstart, rpt, room, emit;
  // fiber_over registered: from the next cycle's flags.
  logic        fo_q, fo_d;
  logic        stop_out, walk_out;
  logic [1:0]  starts;
  crd_t        e[2], end_min, end_min1;
  logic        e_lt, e_gt;

  // The remainder unit's result: the phase at the stretch's end of the way
  // that goes on past it.
  rep_t        ru_r_q;

  assign go        = nf_q == 2'b11;
  assign both_ctrl = nd_q == 2'b00;
  assign starts    = starts_q;
  for (genvar k = 0; k < 2; k++) begin : gen_at
    // The current entry's end.
    assign e[k]      = ne_q[k];
  end
  // A way without an entry at c (its fiber is empty, or c is dim_i): the fiber
  // gives no more coordinates, and its remaining entries are dropped.
  assign fiber_over = fo_q;
  assign sstart     = starts != 2'b00;
  assign end_min    = e_lt ? e[0] : e[1];
  assign end_min1   = e_lt ? ne1_q[0] : ne1_q[1];

  // The order of the ends, compared a cycle ahead from the arriving and the
  // held ends and picked by what loaded (as in sam_union), so that the jump and
  // the remainder unit read it off registers.
  logic [1:0] loaded_q;
  logic       lt_q, gt_q, ii_lt_q, ih_lt_q, hi_lt_q, ii_gt_q, ih_gt_q, hi_gt_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      loaded_q <= '0;
      lt_q     <= 1'b0;
      gt_q     <= 1'b0;
    end else begin
      loaded_q <= load;
      lt_q     <= e_lt;
      gt_q     <= e_gt;
    end
  end
  always_ff @(posedge clk_i) begin
    ii_lt_q <= in_end[0] < in_end[1];
    ih_lt_q <= in_end[0] < ne_q[1];
    hi_lt_q <= ne_q[0] < in_end[1];
    ii_gt_q <= in_end[1] < in_end[0];
    ih_gt_q <= ne_q[1] < in_end[0];
    hi_gt_q <= in_end[1] < ne_q[0];
  end
  always_comb begin
    unique case (loaded_q)
      2'b11: begin
        e_lt = ii_lt_q;
        e_gt = ii_gt_q;
      end
      2'b01: begin
        e_lt = ih_lt_q;
        e_gt = ih_gt_q;
      end
      2'b10: begin
        e_lt = hi_lt_q;
        e_gt = hi_gt_q;
      end
      default: begin
        e_lt = lt_q;
        e_gt = gt_q;
      end
    endcase
  end

  // Coordinate j_q of a stretch both ways repeat in is its R_m entry when the
  // stepper has met at m = j_q <= MaxLcm and the stretch goes on (no entry
  // starts at c).
  assign rpt    = rpt_q && !sstart;
  // The R_m entry's jump needs the phase of a way that goes on, unless both
  // distances are 1: hold_q says it is not there yet.
  logic        hold_q, hold_d;

  assign stop_out = go && fiber_over && both_ctrl && room;
  assign walk_out = go && !fiber_over && room && !(hold_q && !sstart);
  assign emit     = stop_out || walk_out;
  for (genvar k = 0; k < 2; k++) begin : gen_take
    // Past the fiber's coordinates each data token is dropped, room or not. (An
    // entry starting at c is no R_m: a start needs only room.)
    assign take[k] = go && (fiber_over ? nd_q[k] || stop_out : room && starts[k]);
  end

  // The entry covering c per way (the next one where it starts at c), and its
  // slot and wrap count one coordinate on.
  slot_t cur_slot[2], step_slot[2];
  rep_t  cur_rep[2], step_left[2];
  logic [1:0] cur_d1;
  for (genvar k = 0; k < 2; k++) begin : gen_cur
    slot_t hstep_slot;
    rep_t  hstep_left;
    assign hstep_slot   = left_q[k] == '0 ? hlit_q[k] : slot_q[k] + slot_t'(1);
    assign hstep_left   = left_q[k] == '0 ? hrm1_q[k] : left_q[k] - rep_t'(1);
    assign cur_rep[k]   = starts[k] ? nrep_q[k] : hrep_q[k];
    assign cur_d1[k]    = starts[k] ? nd1_q[k] : hd1_q[k];
    assign cur_slot[k]  = starts[k] ? nlit_q[k] : slot_q[k];
    assign step_slot[k] = starts[k] ? nstep_slot_q[k] : hstep_slot;
    assign step_left[k] = starts[k] ? nstep_left_q[k] : hstep_left;
  end

  // The stepper: the smaller multiple takes its distance until they meet or
  // one passes MaxLcm (then the stretch keeps no repeat; they meet at most at
  // MaxLcm, but for two equal distances above it).
  always_comb begin
    m_step = m_q;
    if (m_q[0] != m_q[1] && m_q[0] <= mul_t'(MaxLcm) && m_q[1] <= mul_t'(MaxLcm)) begin
      if (m_q[0] < m_q[1]) m_step[0] = m_q[0] + mul_t'(hrep_q[0]);
      else m_step[1] = m_q[1] + mul_t'(hrep_q[1]);
    end
  end

  // Whether the next cycle's coordinate is the R_m entry, should the stretch go
  // on: compared here, from the multiples before this cycle's step, for the
  // coordinate count with and without this cycle's output, chosen by the output
  // at the end. A new stretch's is when both distances are 1 (m = 1). Reading
  // the multiples a step late is in time: a stretch starts the stepper at
  // lcm(1, d) = d where a distance is 1, and two distances of at least 2 meet
  // within m/2 + m/2 - 2 steps.
  logic keep_now, at_m_now, at_m_next;
  assign keep_now  = m_q[0] == m_q[1] && m_q[0] <= mul_t'(MaxLcm);
  assign at_m_now  = j_q == m_q[0];
  assign at_m_next = j1_q == m_q[0];
  always_comb begin
    if (stop_out) rpt_d = 1'b0;
    else if (sstart) rpt_d = cur_rep[0] == rep_t'(1) && cur_rep[1] == rep_t'(1);
    else if (walk_out && rpt) rpt_d = 1'b0;
    else rpt_d = brep_q && keep_now && (walk_out ? at_m_next : at_m_now);
  end

  // The stretch's state restarts wherever an entry starts at c, output or not
  // (a stalled start restarts it again), so that only the coordinate count
  // waits for the output.
  always_comb begin
    if (stop_out) brep_d = 1'b0;
    else if (sstart) brep_d = cur_rep[0] != '0 && cur_rep[1] != '0;
    else if (walk_out && rpt) brep_d = 1'b0;
    else brep_d = brep_q;
    m_d = m_step;
    if (sstart) begin
      m_d[0] = cur_d1[0] ? mul_t'(cur_rep[1]) : mul_t'(cur_rep[0]);
      m_d[1] = cur_d1[1] ? mul_t'(cur_rep[0]) : mul_t'(cur_rep[1]);
    end
  end

  // The phase counts only where the distance is above 1 (else hrm1_q is 0).
  rep_t ru_r_way[2];
  for (genvar k = 0; k < 2; k++) begin : gen_ru_r_way
    assign ru_r_way[k] = ru_r_q & {RepBits{!hd1_q[k]}};
  end

  // The wide registers load on the output (emit, a clock enable), the value
  // picked by shallow flags: the fiber's end, R_m (the jump to the stretch's
  // end), else one coordinate on. A way that goes on past the jump takes its
  // phase there (one of distance 1 is always at phase 0); a way whose entry
  // ends there starts its next one at the end (or the fiber ends), so the
  // phase it takes here is never read. The entry in hand loads as its start is
  // taken.
  always_comb begin
    if (fiber_over) begin
      c_d  = '0;
      c1_d = crd_t'(1);
    end else if (rpt) begin
      c_d  = end_min;
      c1_d = end_min1;
    end else begin
      c_d  = c1_q;
      c1_d = c1_q + crd_t'(1);
    end
    for (int k = 0; k < 2; k++) begin
      slot_d[k] = rpt ? hlit_q[k] + slot_t'(ru_r_way[k]) : step_slot[k];
      left_d[k] = rpt ? hrm1_q[k] - ru_r_way[k] : step_left[k];
    end
  end

  always_comb begin
    if (sstart) begin
      j_d  = mul_t'(1);
      j1_d = mul_t'(2);
    end else begin
      j_d  = j1_q;
      j1_d = j1_q + mul_t'(1);
    end
  end

  // The flags for the next c: a token loading now against it, a held one
  // against c + 1, or the stretch's end (a way whose entry ends there starts its
  // next one), or unchanged.
  logic [1:0] at_c1, in_at_c, in_at_c1, in_at_0, ld_sel, starts_ce;
  for (genvar k = 0; k < 2; k++) begin : gen_ahead
    assign in_at_c[k]  = crd_tok_i[k][CrdWidth-1:0] == c_q;
    assign in_at_c1[k] = crd_tok_i[k][CrdWidth-1:0] == c1_q;
    assign in_at_0[k]  = crd_tok_i[k][CrdWidth-1:0] == '0;
    assign at_c1[k]    = nc_q[k][CrdWidth-1:0] == c1_q;
    // A token loads into an empty stage while c stands, or as its start is
    // taken: at a start c moves on by one, at the fiber's stop to 0, and past
    // the fiber's coordinates (dropping) it stands. So the next c is known
    // from shallow flags, without the output decision. A held token moves
    // with c on the output (emit is its clock enable): one on, or the jump.
    assign ld_sel[k] = !nf_q[k] ? in_at_c[k]
                     : fiber_over ? (both_ctrl ? in_at_0[k] : in_at_c[k]) : in_at_c1[k];
    assign starts_d[k] = load[k] ? pair[k] && !crd_tok_i[k][CrdWidth] && ld_sel[k]
                       : nd_q[k] && (rpt ? (k == 0 ? !e_gt : !e_lt) : at_c1[k]);
    assign starts_ce[k] = load[k] || emit;
  end

  // cdim_q moves with c on the output, and is compared again while no tokens
  // wait (go low), so that it follows a dim_i the host sets between runs.
  logic cdim_ce;
  assign cdim_ce = emit || !go;
  always_comb begin
    if (!go) cdim_d = c_q == dim_i;
    else if (fiber_over) cdim_d = dim_i == '0;
    else if (rpt) cdim_d = e_lt ? ne_dim_q[0] : ne_dim_q[1];
    else cdim_d = c1_q == dim_i;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      c_q  <= '0;
      c1_q <= crd_t'(1);
    end else if (emit) begin
      c_q  <= c_d;
      c1_q <= c1_d;
    end
  end

  // Per way: its next entry starts at c (starts_q, on its clock enable), it has
  // an entry in hand (h_q), and whether a token loading now starts an entry at
  // 0, or one starts at c, for the fiber's end below.
  logic [1:0] starts_n, ld_start0, ld_start_c;
  for (genvar k = 0; k < 2; k++) begin : gen_walk_way
    assign starts_n[k]   = starts_ce[k] ? starts_d[k] : starts_q[k];
    assign h_d[k]        = !stop_out && ((go && !fiber_over && room && starts[k]) || h_q[k]);
    assign ld_start0[k]  = pair[k] && !crd_tok_i[k][CrdWidth] && in_at_0[k];
    assign ld_start_c[k] = nf_q[k] ? starts_q[k] : pair[k] && !crd_tok_i[k][CrdWidth] && in_at_c[k];
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        starts_q[k] <= 1'b0;
        h_q[k]      <= 1'b0;
      end else begin
        starts_q[k] <= starts_n[k];
        h_q[k]      <= h_d[k];
      end
    end
  end

  logic cdim_n;
  assign cdim_n = cdim_ce ? cdim_d : cdim_q;
  // The fiber is over next cycle: after its stop, where a loading way has no
  // entry at 0 or dim_i is 0; after a coordinate, where c reaches dim_i (both
  // ways have entries in hand then); with no output, unchanged, but for the
  // ways whose tokens arrive while some way waits for one (go low). Dropping
  // past the fiber's coordinates leaves it over (for inputs in contract).
  always_comb begin
    if (!go) fo_d = !((h_q[0] || ld_start_c[0]) && (h_q[1] || ld_start_c[1])) || c_q == dim_i;
    else if (!emit) fo_d = fo_q;
    else if (fiber_over) fo_d = !(ld_start0[0] && ld_start0[1]) || dim_i == '0;
    else fo_d = cdim_d;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) fo_q <= 1'b1;
    else fo_q <= fo_d;
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni) cdim_q <= 1'b0;
    else cdim_q <= cdim_n;
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      brep_q <= 1'b0;
      rpt_q  <= 1'b0;
    end else begin
      brep_q <= brep_d;
      rpt_q  <= rpt_d;
    end
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      j_q  <= '0;
      j1_q <= mul_t'(1);
      m_q  <= '{default: '0};
    end else begin
      if (sstart || walk_out) begin
        j_q  <= j_d;
        j1_q <= j1_d;
      end
      m_q <= m_d;
    end
  end

  // An entry goes in hand as its start goes out (not as it is dropped past the
  // fiber's coordinates).
  logic [1:0] start_out;
  for (genvar k = 0; k < 2; k++) begin : gen_hand
    assign start_out[k] = go && !fiber_over && room && starts[k];
    always_ff @(posedge clk_i) begin
      if (start_out[k]) begin
        hlit_q[k]  <= nlit_q[k];
        hrep_q[k]  <= nrep_q[k];
        hrm1_q[k]  <= nrm1_q[k];
        hpow2_q[k] <= npow2_q[k];
        hd1_q[k]   <= nd1_q[k];
        x_q[k]     <= c_q;
      end
      if (emit) begin
        slot_q[k] <= slot_d[k];
        left_q[k] <= left_d[k];
      end
    end
  end

  // ---- The remainder unit: (end - x) mod d of the way whose entry goes on past
  // the stretch's end, restarted as each stretch starts. It reads the next-entry
  // registers (the ends) once both are full: the ends are fixed until the
  // stretch ends (Wait). A power of two (1 included) masks there. The other
  // distances below 8 (3, 5, 6, 7) reduce the difference's digits in bases 4,
  // 16 and 8 (each base is 1 modulo 3, 5 and 7, so the digits' sum keeps the
  // remainder) by trees of remainders, no carry chains: 3 within Align, 5, 7
  // and 6 (from 3 and the parity) in the cycle after (Small). Any other
  // distance takes a step of restoring long division per bit of dim_i, from
  // the top (Busy): one subtractor and a 2:1 choice a cycle (two bits a cycle,
  // restoring or not, misses 150 MHz).
  typedef enum logic [2:0] {
    RuIdle,
    RuWait,
    RuAlign,
    RuSmall,
    RuBusy,
    RuDone
  } ru_state_e;

  // The digits of a coordinate in bases 4, 16 and 8, and the digits of bases
  // 16 and 8 per quarter (reduced in Align, the quarters combined in Small).
  localparam int unsigned Dig3 = (CrdWidth + 1) / 2;
  localparam int unsigned Dig5 = (CrdWidth + 3) / 4;
  localparam int unsigned Dig7 = (CrdWidth + 2) / 3;
  localparam int unsigned Grp5 = (Dig5 + 3) / 4;
  localparam int unsigned Grp7 = (Dig7 + 3) / 4;

  ru_state_e        ru_q, ru_next;
  crd_t             ru_num_q, ru_diff;
  rep_t             ru_div_q, ru_d, ru_mask, ru_step;
  logic [CntW-1:0]  ru_cnt_q, dim_bits_q, dim_skip_q;
  logic             ru_pow2, ru_any, ru_small;
  logic [RepBits:0] ru_r2;
  logic [RepBits+1:0] ru_s;
  logic [2:0]       ru_r3_q, ru_q5_q[4], ru_q7_q[4];
  logic             ru_odd_q;

  // The bits of dim_i (held during a run), and the bits above them, registered.
  always_ff @(posedge clk_i) begin
    dim_bits_q <= '0;
    dim_skip_q <= CntW'(CrdWidth);
    for (int i = 0; i < CrdWidth; i++) begin
      if (dim_i[i]) begin
        dim_bits_q <= CntW'(i + 1);
        dim_skip_q <= CntW'(CrdWidth - i - 1);
      end
    end
  end

  // Way 1 goes on when way 0's entry ends first, and the other way round: both
  // ways' differences and masked phases are formed beside the ends' compare,
  // which picks one.
  crd_t ru_diff_w[2];
  rep_t ru_mask_w[2];
  for (genvar k = 0; k < 2; k++) begin : gen_ru_way
    assign ru_diff_w[k] = e[1-k] - x_q[k];
    assign ru_mask_w[k] = hpow2_q[k] ? rep_t'(ru_diff_w[k]) & hrm1_q[k] : '0;
  end
  assign ru_any  = e_lt || e_gt;
  assign ru_diff = e_lt ? ru_diff_w[1] : ru_diff_w[0];
  assign ru_d    = e_lt ? hrep_q[1] : hrep_q[0];
  assign ru_mask = e_lt ? ru_mask_w[1] : ru_mask_w[0];
  assign ru_pow2 = e_lt ? hpow2_q[1] : hpow2_q[0];
  assign ru_small = 32'(ru_div_q) < 32'd8;

  // A long-division step: the partial remainder stays below d, two of it plus
  // a bit stay below 2d.
  assign ru_r2   = {ru_r_q, ru_num_q[CrdWidth-1]};
  assign ru_s    = {1'b0, ru_r2} - {2'b0, ru_div_q};
  assign ru_step = ru_s[RepBits+1] ? rep_t'(ru_r2) : rep_t'(ru_s);

  // (a + b) mod m of two remainders mod m (m <= 7): a function of six bits.
  function automatic logic [2:0] mod_add(logic [2:0] a, logic [2:0] b, logic [3:0] m);
    logic [3:0] t;
    t = {1'b0, a} + {1'b0, b};
    return t >= m ? 3'(t - m) : t[2:0];
  endfunction

  // The digits lo .. lo + cnt - 1 (each `bits` wide) of n, summed mod m by a
  // balanced tree (each digit first taken mod m: a function of its bits).
  function automatic logic [2:0] mod_digits(logic [63:0] n, int unsigned bits, logic [3:0] m,
                                            int unsigned lo, int unsigned cnt);
    logic [2:0] v[32];
    for (int i = 0; i < 32; i++) begin
      logic [3:0] dg;
      dg = 4'((n >> (bits * (lo + i))) & ((64'd1 << bits) - 64'd1));
      for (int j = 0; j < 3; j++) if (dg >= m) dg = dg - m;
      v[i] = i < cnt ? dg[2:0] : 3'd0;
    end
    for (int w = 16; w >= 1; w /= 2) begin
      for (int i = 0; i < w; i++) v[i] = mod_add(v[2*i], v[2*i+1], m);
    end
    return v[0];
  endfunction

  logic [2:0] r3, r5, r6, r7, q5[4], q7[4];
  assign r3 = mod_digits(64'(ru_num_q), 2, 3, 0, Dig3);
  for (genvar g = 0; g < 4; g++) begin : gen_quarter
    assign q5[g] = mod_digits(64'(ru_num_q), 4, 5, g * Grp5, Grp5);
    assign q7[g] = mod_digits(64'(ru_num_q), 3, 7, g * Grp7, Grp7);
  end
  assign r5 = mod_add(mod_add(ru_q5_q[0], ru_q5_q[1], 5), mod_add(ru_q5_q[2], ru_q5_q[3], 5), 5);
  assign r7 = mod_add(mod_add(ru_q7_q[0], ru_q7_q[1], 7), mod_add(ru_q7_q[2], ru_q7_q[3], 7), 7);
  // 6 from the remainder mod 3 and the parity.
  assign r6 = ru_r3_q + (ru_r3_q[0] != ru_odd_q ? 3'd3 : 3'd0);
  // With fewer than 3 rep bits the remainders' top bits are cut off (unused).
  logic unused_small;
  assign unused_small = ^{r5, r6, r7, ru_r3_q};

  rep_t small_r;
  always_comb begin
    unique case (3'(ru_div_q))
      3'd3:    small_r = rep_t'(ru_r3_q);
      3'd5:    small_r = rep_t'(r5);
      3'd6:    small_r = rep_t'(r6);
      default: small_r = rep_t'(r7);
    endcase
  end

  always_comb begin
    ru_next = ru_q;
    if (sstart) begin
      ru_next = RuWait;
    end else begin
      unique case (ru_q)
        RuWait:  if (go) ru_next = !ru_any || ru_pow2 || dim_bits_q == '0 ? RuDone : RuAlign;
        RuAlign: ru_next = ru_div_q == rep_t'(3) ? RuDone : ru_small ? RuSmall : RuBusy;
        RuSmall: ru_next = RuDone;
        RuBusy:  if (ru_cnt_q == CntW'(1)) ru_next = RuDone;
        default: ;
      endcase
    end
  end

  // hold_q: the next cycle's R_m waits for the phase (rpt_q && !rem_ok there),
  // from the next state of each part, so that the output's decision reads one
  // register for it.
  logic [1:0] hd1_next;
  for (genvar k = 0; k < 2; k++) begin : gen_hd1_next
    assign hd1_next[k] = start_out[k] ? nd1_q[k] : hd1_q[k];
  end
  assign hold_d = rpt_d && !(ru_next == RuDone || hd1_next == 2'b11);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      ru_q   <= RuIdle;
      hold_q <= 1'b0;
    end else begin
      ru_q   <= ru_next;
      hold_q <= hold_d;
    end
  end

  always_ff @(posedge clk_i) begin
    unique case (ru_q)
      RuWait: begin
        ru_r_q   <= ru_mask;
        ru_num_q <= ru_diff;
        ru_div_q <= ru_d;
        ru_cnt_q <= dim_bits_q;
      end
      // The difference's top bit to the top of the register (a cycle of its
      // own: a bit picked by a counter would put a wide multiplexer before the
      // subtractor); the digit sums beside it.
      RuAlign: begin
        ru_r_q   <= ru_div_q == rep_t'(3) ? rep_t'(r3) : '0;
        ru_num_q <= ru_num_q << dim_skip_q;
        ru_r3_q  <= r3;
        ru_q5_q  <= q5;
        ru_q7_q  <= q7;
        ru_odd_q <= ru_num_q[0];
      end
      RuSmall: ru_r_q <= small_r;
      RuBusy: begin
        ru_r_q   <= ru_step;
        ru_num_q <= ru_num_q << 1;
        ru_cnt_q <= ru_cnt_q - CntW'(1);
      end
      default: ;
    endcase
  end

  // ---- Output tokens: a literal's slots, R_m on both refs, or the stop (D) in
  // each output's width.
  localparam logic [RefWidth-1:0] RefDone = RefWidth'(sam_pkg::done_payload(RefWidth));
  localparam logic [RefWidth-1:0] RefRep  = RefWidth'(sam_pkg::repeat_base(RefWidth));
  logic              push_q;
  logic [CrdWidth:0] push_crd, push_crd_q;
  logic [RefWidth:0] push_ref[2], push_ref_q[2];
  logic              ctrl_done;

  assign ctrl_done = nc_q[0][CrdWidth-1:0] == CrdWidth'(sam_pkg::done_payload(CrdWidth));
  always_comb begin
    push_crd = {1'b0, c_q};
    for (int k = 0; k < 2; k++) push_ref[k] = {1'b0, cur_slot[k]};
    if (fiber_over) begin
      push_crd = nc_q[0];
      for (int k = 0; k < 2; k++) begin
        push_ref[k] = {1'b1, ctrl_done ? RefDone : RefWidth'(nc_q[0][CrdWidth-1:0])};
      end
    end else if (rpt) begin
      for (int k = 0; k < 2; k++) push_ref[k] = {1'b1, RefRep + RefWidth'(m_q[0])};
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) push_q <= 1'b0;
    else push_q <= emit;
  end
  always_ff @(posedge clk_i) begin
    push_crd_q <= push_crd;
    push_ref_q <= push_ref;
  end

  // The credits and the output buffers (crd 0, ref[k] 1 + k); the output
  // registers in flight.
  localparam int unsigned OutWidth = CrdWidth > RefWidth ? CrdWidth : RefWidth;
  logic [2:0][OutWidth:0] out_tok;
  sam_scan_out #(
    .Outputs(3), .Width(OutWidth), .Widths({7'(RefWidth), 7'(RefWidth), 7'(CrdWidth)}),
    .Depth(Depth)
  ) out (
    .clk_i(clk_i), .rst_ni(rst_ni), .take_i(emit), .drop_i(1'b0), .room_o(room),
    .valid_i(push_q), .tok_i({(OutWidth + 1)'(push_ref_q[1]), (OutWidth + 1)'(push_ref_q[0]),
                              (OutWidth + 1)'(push_crd_q)}),
    .valid_o({ref_valid_o, crd_valid_o}), .ready_i({ref_ready_i, crd_ready_i}), .tok_o(out_tok),
    .inflight_i(8'(push_q))
  );
  assign crd_tok_o = out_tok[0][CrdWidth:0];
  for (genvar k = 0; k < 2; k++) begin : gen_ref_out
    assign ref_tok_o[k] = out_tok[1 + k][RefWidth:0];
  end
  logic unused_out;  // the output tokens' bits above each output's width
  assign unused_out = ^out_tok;

  // ---- Checks.
  for (genvar k = 0; k < 2; k++) begin : gen_check
    sam_stream_assert #(.Width(CrdWidth), .Name($sformatf("sam_lzmerge crd%0d", k))) crd_check (
      .clk_i, .rst_ni, .valid_i(crd_valid_i[k]), .ready_i(in_ready[k]), .tok_i(crd_tok_i[k])
    );
    sam_stream_assert #(.Width(DescWidth), .Name($sformatf("sam_lzmerge desc%0d", k))) desc_check (
      .clk_i, .rst_ni, .valid_i(desc_valid_i[k]), .ready_i(in_ready[k]), .tok_i(desc_tok_i[k])
    );

`ifndef SAM_ASSERTS_OFF
    sam_pkg::tok_kind_e c_kind, d_kind;
    logic [LitBits-1:0] in_lit;
    assign c_kind = sam_pkg::tok_kind(crd_tok_i[k][CrdWidth], 64'(crd_tok_i[k][CrdWidth-1:0]),
                                      CrdWidth);
    assign d_kind = sam_pkg::tok_kind(desc_tok_i[k][DescWidth], 64'(desc_tok_i[k][DescWidth-1:0]),
                                      DescWidth);
    assign in_lit = desc_tok_i[k][DescWidth-1:RepBits];
    always_ff @(posedge clk_i) begin
      if (rst_ni && in_ready[k]) begin
        CrdNoEmpty_M: assert (c_kind != sam_pkg::TokEmpty)
        else $error("sam_lzmerge: N on crd%0d", k);
        if (c_kind == sam_pkg::TokData) begin
          DescBesideStart_M: assert (d_kind == sam_pkg::TokData)
          else $error("sam_lzmerge: way %0d has no descriptor beside a start", k);
          SlotFits_M: assert (64'(in_lit) < (64'd1 << RefWidth) || LitBits <= RefWidth)
          else $error("sam_lzmerge: way %0d's slot %0d does not fit the references", k,
                      in_lit);
        end else if (c_kind == sam_pkg::TokDone) begin
          SameDone_M: assert (d_kind == sam_pkg::TokDone)
          else $error("sam_lzmerge: way %0d's D beside another desc token", k);
        end else if (c_kind == sam_pkg::TokStop) begin
          SameStop_M: assert (d_kind == sam_pkg::TokStop &&
                              64'(desc_tok_i[k][DescWidth-1:0]) == 64'(crd_tok_i[k][CrdWidth-1:0]))
          else $error("sam_lzmerge: way %0d's crd and desc close with different stops", k);
        end
      end
      if (rst_ni && go && h_q[k] && nd_q[k]) begin
        StartsAhead_A: assert (nc_q[k][CrdWidth-1:0] >= c_q && nc_q[k][CrdWidth-1:0] < dim_i)
        else $error("sam_lzmerge: way %0d's entry at %0d is behind %0d or past dim %0d", k,
                    nc_q[k][CrdWidth-1:0], c_q, dim_i);
      end
    end
`endif
  end

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni && stop_out) begin
      WaysCloseAlike_A: assert (nc_q[0] == nc_q[1])
      else $error("sam_lzmerge: the ways close with %h and %h", nc_q[0], nc_q[1]);
    end
    if (rst_ni && go && h_q == 2'b00 && nd_q == 2'b11 && !cdim_q) begin
      FirstAtZero_A: assert (nc_q[0][CrdWidth-1:0] == '0 && nc_q[1][CrdWidth-1:0] == '0)
      else $error("sam_lzmerge: a fiber's first entries at %0d and %0d, not 0",
                  nc_q[0][CrdWidth-1:0], nc_q[1][CrdWidth-1:0]);
    end
  end
`ifndef FORMAL
  // The flags compared ahead agree with what they stand for. Simulation checks,
  // run by the testbench's random streams: an induction over them would need
  // invariants of the whole walk, so the proofs leave them out.
  logic keep, rem_ok;
  logic [1:0] cov;
  assign cov    = h_q | starts;
  assign keep   = m_q[0] == m_q[1] && m_q[0] <= mul_t'(MaxLcm);
  assign rem_ok = ru_q == RuDone || hd1_q == 2'b11;
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      CAhead: assert (c1_q == c_q + crd_t'(1) && j1_q == j_q + mul_t'(1))
      else $error("sam_lzmerge: c + 1 or j + 1 kept ahead disagrees");
      FiberOverAhead: assert (fo_q == (!(cov[0] && cov[1]) || cdim_q))
      else $error("sam_lzmerge: the fiber's end decided ahead disagrees");
      StartsAhead: assert (starts_q == {nd_q[1] && nc_q[1][CrdWidth-1:0] == c_q,
                                        nd_q[0] && nc_q[0][CrdWidth-1:0] == c_q})
      else $error("sam_lzmerge: the entry starts compared ahead disagree");
      if (go) begin
        EndsAhead: assert (e_lt == (e[0] < e[1]) && e_gt == (e[1] < e[0]))
        else $error("sam_lzmerge: the ends' order compared ahead disagrees");
        DimAhead: assert (cdim_q == (c_q == dim_i))
        else $error("sam_lzmerge: c == dim_i compared ahead disagrees");
      end
      HoldAhead: assert (hold_q == (rpt_q && !rem_ok))
      else $error("sam_lzmerge: the R_m hold decided ahead disagrees");
      RptAhead: assert (rpt_q == (brep_q && keep && j_q == m_q[0]))
      else $error("sam_lzmerge: the R_m decision made ahead disagrees");
      // The stepper meets by coordinate m of the stretch (see the top).
      LcmInTime: assert (!(brep_q && !keep && m_q[0] <= mul_t'(MaxLcm) &&
                           m_q[1] <= mul_t'(MaxLcm) && (j_q >= m_q[0] && j_q >= m_q[1])))
      else $error("sam_lzmerge: the lcm stepper is behind the stretch");
    end
  end
`endif
`ifdef FORMAL
  // Each register decoded from another holds what it is decoded from says:
  // the next entry's end (its start, or dim_i at a stop), its + 1 and its
  // equality with dim_i; the distances' derived fields, next and in hand.
  for (genvar k = 0; k < 2; k++) begin : gen_f_decoded
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        if (nf_q[k]) begin
          assert (ne_q[k] == (nd_q[k] ? nc_q[k][CrdWidth-1:0] : dim_i));
          assert (nd_q[k] == !nc_q[k][CrdWidth]);
          assert (ne1_q[k] == ne_q[k] + crd_t'(1));
          assert (ne_dim_q[k] == (ne_q[k] == dim_i));
          assert (nrm1_q[k] == nrep_q[k] - rep_t'(nrep_q[k] != '0));
          assert (nd1_q[k] == (nrm1_q[k] == '0));
          assert (npow2_q[k] == ((nrep_q[k] & (nrep_q[k] - rep_t'(1))) == '0));
          assert (nstep_slot_q[k] == nlit_q[k] + slot_t'(!nd1_q[k]));
          assert (nstep_left_q[k] == nrm1_q[k] - rep_t'(!nd1_q[k]));
        end else begin
          assert (!nd_q[k] && !starts_q[k]);
        end
        if (h_q[k]) begin
          assert (hrm1_q[k] == hrep_q[k] - rep_t'(hrep_q[k] != '0));
          assert (hd1_q[k] == (hrm1_q[k] == '0));
          assert (hpow2_q[k] == ((hrep_q[k] & (hrep_q[k] - rep_t'(1))) == '0));
        end
      end
    end
  end
`endif
`else
  // The descriptors' slot bits beyond the references feed the checks only.
  logic unused_checked;
  assign unused_checked = ^desc_tok_i;
`endif

endmodule
