// sam_lzmerge: two LZ77 operands merged entry by entry (seed 000 section IV-C;
// golden model compiler/src/golden/lz77.rs `lzmerge`; contract in
// docs/fill-regions.md, "The token contract").
//
// Way k is a coordinate stream crd<k> of LZ77 entry starts with the aligned
// stream desc<k> of their descriptor words `lit << RepBits | rep` (rep 0: a
// literal; else a repeat of distance d = rep). An entry covers its start up to
// the way's next start in the fiber, or dim_i. Each way's fiber starts an entry
// at 0 (both ways' fibers have entries, or the fiber gives nothing).
//
// The merge walks the coordinates c of a fiber. Over each *stretch* (the
// coordinates where both ways stay in the same pair of entries) where both ways
// repeat, with distances d0, d1 and m = lcm(d0, d1): if m <= MaxLcm and the
// stretch is longer than m, its first m coordinates come out as literal
// entries and the rest as one entry R_m; every other coordinate is a literal
// entry. At a literal entry c, ref<k> is way k's slot there: lit, or
// lit + ((c - x) mod d) inside a repeat started at x; at an R_m entry both refs
// are R_m (payload repeat_base(RefWidth) + m). The fiber's stop (alike on both
// ways) then passes on every output; D likewise.
//
// Per way: the next entry's start and descriptor in a register (its start is
// the current entry's end), and the entry in hand with a phase counter (the
// slot, and the coordinates left before the slot wraps back to lit): no
// divider. The lcm is stepped, m0 += d0 or m1 += d1 on the smaller one until
// they meet or pass MaxLcm, while the stretch's literals go out: lcm >=
// max(m0, m1) holds throughout, and reaching m takes m/d0 + m/d1 - 2 <= m - 1
// steps, so the lcm is known by the time coordinate m of the stretch is due,
// with no stall.
// The jump from the R_m entry to the stretch's end leaves the way whose entry
// goes on at phase (end - x) mod d. A remainder unit finds it while the
// literals go out: in one cycle when no way goes on or its d is a power of two,
// else by radix-4 long division over the radix-4 digits of dim_i (the
// difference has no more), one digit a cycle. Only a kept stretch whose ways
// end apart, the one going on with d not a power of two (so d >= 3), and with
// m < 2 + the digits of dim_i (7 below 1024) waits for it, that many cycles
// less m, once per R_m: a divider would cost a wide array for a case that
// needs two small periods (3 with 3, 5 with 5, 2 with 3 below 1024).
//
// One output entry per cycle whenever both next-entry registers are full and
// the outputs have room: a literal coordinate, an R_m (the jump to the
// stretch's end included), or a stop. An entry start costs no cycle of its own.
//
// Input contract (asserted, `_M`): crd<k> and desc<k> have one shape (a
// descriptor beside each start, the same stops and D), no N in crd, the
// ways' stops alike, starts strictly increasing below dim_i, a fiber's first
// entry at 0 where both ways have entries, slots below 2^RefWidth.
//
// Pipeline: each way's next-entry register (the input stage); the decision,
// into the output registers; three-entry buffers (`sam_fifo`) on credits
// (`sam_credit`). Latency three cycles. A way's ready_o is a function of
// registers and its two input valids: no combinational path from any ready_i.
// crd<k>_ready_o == desc<k>_ready_o.
//
// Parameters: CrdWidth   coordinate payload width, 1..63 (also dim_i's)
//             DescWidth  descriptor (value) payload width, RepBits+1..63
//             RefWidth   slot and R_m payload width, up to 63, with
//                        repeat_base(RefWidth) + MaxLcm below N (>= 12 by default)
//             RepBits    bits of a descriptor's rep field (golden DESC_REP_BITS)
//             MaxLcm     largest period kept (golden MAX_DISTANCE), 1..2^RepBits
// Ports:      clk_i, rst_ni                                 clock, asynchronous active-low reset
//             dim_i                                         the index's extent (host setting,
//                                                           held during a run)
//             crd<k>_valid_i, crd<k>_ready_o, crd<k>_tok_i     way k's entry starts
//             desc<k>_valid_i, desc<k>_ready_o, desc<k>_tok_i  way k's descriptors
//             crd_valid_o, crd_ready_i, crd_tok_o           the merged entries' starts
//             ref<k>_valid_o, ref<k>_ready_i, ref<k>_tok_o     way k's slot there, or R_m
//             (k = 0..1)
module sam_lzmerge #(
  parameter int unsigned CrdWidth  = sam_pkg::CrdWidth,
  parameter int unsigned DescWidth = sam_pkg::ValWidth,
  parameter int unsigned RefWidth  = sam_pkg::CrdWidth,
  parameter int unsigned RepBits   = 11,
  parameter int unsigned MaxLcm    = 1024
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic [CrdWidth-1:0]  dim_i,
  input  logic                 crd0_valid_i,
  output logic                 crd0_ready_o,
  input  logic [CrdWidth:0]    crd0_tok_i,
  input  logic                 desc0_valid_i,
  output logic                 desc0_ready_o,
  input  logic [DescWidth:0]   desc0_tok_i,
  input  logic                 crd1_valid_i,
  output logic                 crd1_ready_o,
  input  logic [CrdWidth:0]    crd1_tok_i,
  input  logic                 desc1_valid_i,
  output logic                 desc1_ready_o,
  input  logic [DescWidth:0]   desc1_tok_i,
  output logic                 crd_valid_o,
  input  logic                 crd_ready_i,
  output logic [CrdWidth:0]    crd_tok_o,
  output logic                 ref0_valid_o,
  input  logic                 ref0_ready_i,
  output logic [RefWidth:0]    ref0_tok_o,
  output logic                 ref1_valid_o,
  input  logic                 ref1_ready_i,
  output logic [RefWidth:0]    ref1_tok_o
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
  // The remainder unit: radix-4 digits of a coordinate, and the partial
  // remainder with its next digit (below four distances).
  localparam int unsigned Iters   = (CrdWidth + 1) / 2;
  localparam int unsigned NumW    = 2 * Iters;
  localparam int unsigned RemW    = RepBits + 2;
  localparam int unsigned CntW    = $clog2(Iters + 1);

  typedef logic [RepBits-1:0] rep_t;
  typedef logic [MulW-1:0]    mul_t;
  typedef logic [RefWidth-1:0] slot_t;
  typedef logic [CrdWidth-1:0] crd_t;

  // The named ports as arrays, indexed by way.
  logic [1:0]         crd_valid, desc_valid, pair, in_ready;
  logic [CrdWidth:0]  crd_tok[2];
  logic [DescWidth:0] desc_tok[2];

  assign crd_valid     = {crd1_valid_i, crd0_valid_i};
  assign desc_valid    = {desc1_valid_i, desc0_valid_i};
  assign crd_tok[0]    = crd0_tok_i;
  assign crd_tok[1]    = crd1_tok_i;
  assign desc_tok[0]   = desc0_tok_i;
  assign desc_tok[1]   = desc1_tok_i;
  assign pair          = crd_valid & desc_valid;
  assign crd0_ready_o  = in_ready[0];
  assign desc0_ready_o = in_ready[0];
  assign crd1_ready_o  = in_ready[1];
  assign desc1_ready_o = in_ready[1];

  // ---- Input stages: per way the next token pair, the descriptor decoded (its
  // slot, distance, distance - 1 with 0 for a literal, and whether the distance
  // is a power of two or below 2).
  logic [1:0]          nf_q, nd_q, load, take;
  logic [1:0][CrdWidth:0] nc_q;
  slot_t               nlit_q[2];
  rep_t                nrep_q[2], nrm1_q[2];
  logic [1:0]          npow2_q;

  assign load     = ~nf_q | take;
  assign in_ready = load & pair;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      nf_q <= '0;
      nd_q <= '0;
    end else begin
      for (int k = 0; k < 2; k++) begin
        if (load[k]) begin
          nf_q[k] <= pair[k];
          nd_q[k] <= pair[k] && !crd_tok[k][CrdWidth];
        end
      end
    end
  end

  for (genvar k = 0; k < 2; k++) begin : gen_next
    rep_t in_rep;
    logic [SlotBits-1:0] in_lit;
    assign in_rep = desc_tok[k][RepBits-1:0];
    assign in_lit = desc_tok[k][RepBits+:SlotBits];
    always_ff @(posedge clk_i) begin
      if (load[k]) begin
        nc_q[k]    <= crd_tok[k];
        nlit_q[k]  <= slot_t'(in_lit);
        nrep_q[k]  <= in_rep;
        nrm1_q[k]  <= in_rep == '0 ? '0 : in_rep - rep_t'(1);
        npow2_q[k] <= (in_rep & (in_rep - rep_t'(1))) == '0;
      end
    end
  end

  // ---- The walk: the coordinate c and, per way, the entry in hand (h_q: the
  // way's fiber has started), its start x, slot lit, distance, and the slot at c
  // with the coordinates left before it wraps.
  crd_t        c_q, c_d;
  logic [1:0]  h_q, h_d;
  slot_t       hlit_q[2], hlit_d[2], slot_q[2], slot_d[2];
  rep_t        hrep_q[2], hrep_d[2], hrm1_q[2], hrm1_d[2], left_q[2], left_d[2];
  logic [1:0]  hpow2_q, hpow2_d;
  crd_t        x_q[2], x_d[2];

  // The stretch: both ways repeat in it (brep_q), its coordinates out so far
  // (j_q), the lcm stepper's multiples (m_q[k] of way k's distance).
  logic        brep_q, brep_d;
  mul_t        j_q, j_d;
  mul_t        m_q[2], m_d[2];

  logic        go, c_dim, fiber_over, both_ctrl, sstart, keep, rpt, rem_ok, room, emit;
  logic        stop_out, walk_out;
  logic [1:0]  starts, cov;
  crd_t        e[2], end_min;
  logic        e_lt, e_gt;

  // The remainder unit's result: the phase at the stretch's end of the way
  // that goes on past it.
  logic        ru_done;
  rep_t        ru_r_q;

  assign go        = nf_q == 2'b11;
  assign c_dim     = c_q == dim_i;
  assign both_ctrl = nd_q == 2'b00;
  for (genvar k = 0; k < 2; k++) begin : gen_at
    assign starts[k] = nd_q[k] && nc_q[k][CrdWidth-1:0] == c_q;
    assign cov[k]    = h_q[k] || starts[k];
    // The current entry's end.
    assign e[k]      = nd_q[k] ? nc_q[k][CrdWidth-1:0] : dim_i;
  end
  // A way without an entry at c (its fiber is empty, or c is dim_i): the fiber
  // gives no more coordinates, and its remaining entries are dropped.
  assign fiber_over = !(cov[0] && cov[1]) || c_dim;
  assign sstart     = starts != 2'b00;
  assign e_lt       = e[0] < e[1];
  assign e_gt       = e[1] < e[0];
  assign end_min    = e_lt ? e[0] : e[1];

  // Coordinate j_q of a stretch both ways repeat in is its R_m entry when the
  // stepper has met at m = j_q <= MaxLcm and the stretch goes on (no entry
  // starts at c).
  assign keep   = m_q[0] == m_q[1] && m_q[0] <= mul_t'(MaxLcm);
  assign rpt    = brep_q && !sstart && keep && j_q == m_q[0];
  // The jump needs the phase of a way that goes on, unless both distances are 1.
  assign rem_ok = ru_done || (hrm1_q[0] == '0 && hrm1_q[1] == '0);

  assign stop_out = go && fiber_over && both_ctrl && room;
  assign walk_out = go && !fiber_over && room && !(rpt && !rem_ok);
  assign emit     = stop_out || walk_out;
  for (genvar k = 0; k < 2; k++) begin : gen_take
    // Past the fiber's coordinates each data token is dropped, room or not.
    assign take[k] = go && (fiber_over ? nd_q[k] || stop_out : walk_out && starts[k]);
  end

  // The entry covering c per way (the next one where it starts at c), and its
  // slot and wrap count one coordinate on.
  slot_t cur_lit[2], cur_slot[2], step_slot[2];
  rep_t  cur_rep[2], cur_rm1[2], cur_left[2], step_left[2];
  for (genvar k = 0; k < 2; k++) begin : gen_cur
    assign cur_lit[k]   = starts[k] ? nlit_q[k] : hlit_q[k];
    assign cur_rep[k]   = starts[k] ? nrep_q[k] : hrep_q[k];
    assign cur_rm1[k]   = starts[k] ? nrm1_q[k] : hrm1_q[k];
    assign cur_slot[k]  = starts[k] ? nlit_q[k] : slot_q[k];
    assign cur_left[k]  = starts[k] ? nrm1_q[k] : left_q[k];
    assign step_slot[k] = cur_left[k] == '0 ? cur_lit[k] : cur_slot[k] + slot_t'(1);
    assign step_left[k] = cur_left[k] == '0 ? cur_rm1[k] : cur_left[k] - rep_t'(1);
  end

  always_comb begin
    c_d     = c_q;
    h_d     = h_q;
    hlit_d  = hlit_q;
    hrep_d  = hrep_q;
    hrm1_d  = hrm1_q;
    hpow2_d = hpow2_q;
    x_d     = x_q;
    slot_d  = slot_q;
    left_d  = left_q;
    brep_d  = brep_q;
    j_d     = j_q;
    // The stepper: the smaller multiple takes its distance until they meet or
    // one passes MaxLcm (then the stretch keeps no repeat).
    m_d     = m_q;
    if (m_q[0] != m_q[1] && m_q[0] <= mul_t'(MaxLcm) && m_q[1] <= mul_t'(MaxLcm)) begin
      if (m_q[0] < m_q[1]) m_d[0] = m_q[0] + mul_t'(hrep_q[0]);
      else m_d[1] = m_q[1] + mul_t'(hrep_q[1]);
    end
    if (stop_out) begin
      c_d    = '0;
      h_d    = '0;
      brep_d = 1'b0;
    end else if (walk_out && rpt) begin
      // R_m: on to the stretch's end. A way that goes on takes its phase there
      // (one of distance 1 is always at phase 0); a way whose entry ends there
      // starts its next one at the end (or the fiber ends), so the phase it
      // takes here is never read.
      c_d = end_min;
      for (int k = 0; k < 2; k++) begin
        if (hrm1_q[k] == '0) begin
          slot_d[k] = hlit_q[k];
          left_d[k] = '0;
        end else begin
          slot_d[k] = hlit_q[k] + slot_t'(ru_r_q);
          left_d[k] = hrm1_q[k] - ru_r_q;
        end
      end
    end else if (walk_out) begin
      c_d = c_q + crd_t'(1);
      for (int k = 0; k < 2; k++) begin
        if (starts[k]) begin
          h_d[k]     = 1'b1;
          hlit_d[k]  = nlit_q[k];
          hrep_d[k]  = nrep_q[k];
          hrm1_d[k]  = nrm1_q[k];
          hpow2_d[k] = npow2_q[k];
          x_d[k]     = c_q;
        end
        slot_d[k] = step_slot[k];
        left_d[k] = step_left[k];
      end
      if (sstart) begin
        brep_d = cur_rep[0] != '0 && cur_rep[1] != '0;
        j_d    = mul_t'(1);
        m_d[0] = mul_t'(cur_rep[0]);
        m_d[1] = mul_t'(cur_rep[1]);
      end else begin
        j_d = j_q + mul_t'(1);
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      c_q    <= '0;
      h_q    <= '0;
      brep_q <= 1'b0;
      j_q    <= '0;
      m_q    <= '{default: '0};
    end else begin
      c_q    <= c_d;
      h_q    <= h_d;
      brep_q <= brep_d;
      j_q    <= j_d;
      m_q    <= m_d;
    end
  end

  always_ff @(posedge clk_i) begin
    hlit_q  <= hlit_d;
    hrep_q  <= hrep_d;
    hrm1_q  <= hrm1_d;
    hpow2_q <= hpow2_d;
    x_q     <= x_d;
    slot_q  <= slot_d;
    left_q  <= left_d;
  end

  // ---- The remainder unit: (end - x) mod d of the way whose entry goes on past
  // the stretch's end, restarted as each stretch starts. It reads the next-entry
  // registers (the ends) once both are full: the ends are fixed until the
  // stretch ends. A power of two (1 included) masks; any other distance takes
  // a radix-4 step of long division per digit of dim_i, from the top.
  typedef enum logic [1:0] {
    RuIdle,
    RuWait,
    RuBusy,
    RuDone
  } ru_state_e;

  ru_state_e           ru_q;
  logic [NumW-1:0]     ru_num_q;
  logic [RemW-1:0]     ru_div_q, ru_div2_q, ru_div3_q;
  logic [CntW-1:0]     ru_cnt_q;
  crd_t                ru_diff;
  rep_t                ru_d, ru_rm1;
  logic                ru_pow2, ru_any;
  logic [RemW-1:0]     ru_r4;
  logic [RemW:0]       ru_s1, ru_s2, ru_s3;
  logic [1:0]          ru_digit;
  logic [CntW-1:0]     dim_digits_q;

  // The radix-4 digits of dim_i (held during a run), registered.
  always_ff @(posedge clk_i) begin
    dim_digits_q <= '0;
    for (int i = 0; i < Iters; i++) begin
      if ((NumW'(dim_i) >> (2 * i)) != '0) dim_digits_q <= CntW'(i + 1);
    end
  end

  // Digit ru_cnt_q of the difference (counted from 1 at the bottom).
  always_comb begin
    ru_digit = '0;
    for (int i = 0; i < Iters; i++) begin
      if (ru_cnt_q == CntW'(i + 1)) ru_digit = ru_num_q[2*i+:2];
    end
  end

  // Way 1 goes on when way 0's entry ends first, and the other way round.
  assign ru_any  = e_lt || e_gt;
  assign ru_diff = e_lt ? e[0] - x_q[1] : e[1] - x_q[0];
  assign ru_d    = e_lt ? hrep_q[1] : hrep_q[0];
  assign ru_rm1  = e_lt ? hrm1_q[1] : hrm1_q[0];
  assign ru_pow2 = e_lt ? hpow2_q[1] : hpow2_q[0];
  assign ru_done = ru_q == RuDone;

  assign ru_r4 = {ru_r_q, ru_digit};
  assign ru_s1 = {1'b0, ru_r4} - {1'b0, ru_div_q};
  assign ru_s2 = {1'b0, ru_r4} - {1'b0, ru_div2_q};
  assign ru_s3 = {1'b0, ru_r4} - {1'b0, ru_div3_q};

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ru_q <= RuIdle;
    end else if (walk_out && sstart) begin
      ru_q <= RuWait;
    end else begin
      unique case (ru_q)
        RuWait:  if (go) ru_q <= !ru_any || ru_pow2 || dim_digits_q == '0 ? RuDone : RuBusy;
        RuBusy:  if (ru_cnt_q == CntW'(1)) ru_q <= RuDone;
        default: ;
      endcase
    end
  end

  always_ff @(posedge clk_i) begin
    unique case (ru_q)
      RuWait: begin
        ru_r_q    <= ru_pow2 ? rep_t'(ru_diff) & ru_rm1 : '0;
        ru_num_q  <= NumW'(ru_diff);
        ru_div_q  <= RemW'(ru_d);
        ru_div2_q <= RemW'(ru_d) << 1;
        ru_div3_q <= RemW'(ru_d) + (RemW'(ru_d) << 1);
        ru_cnt_q  <= dim_digits_q;
      end
      RuBusy: begin
        // The partial remainder stays below d: four of it plus two bits stay
        // below 4d, so one of 0..3 distances comes off.
        if (!ru_s3[RemW]) ru_r_q <= rep_t'(ru_s3);
        else if (!ru_s2[RemW]) ru_r_q <= rep_t'(ru_s2);
        else if (!ru_s1[RemW]) ru_r_q <= rep_t'(ru_s1);
        else ru_r_q <= rep_t'(ru_r4);
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

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) push_q <= 1'b0;
    else push_q <= emit;
  end
  always_ff @(posedge clk_i) begin
    push_crd_q <= push_crd;
    push_ref_q <= push_ref;
  end

  logic crd_pop, ref0_pop, ref1_pop;
  assign crd_pop  = crd_valid_o && crd_ready_i;
  assign ref0_pop = ref0_valid_o && ref0_ready_i;
  assign ref1_pop = ref1_valid_o && ref1_ready_i;

  sam_credit #(
    .Depth  (Depth),
    .Outputs(3)
  ) credit (
    .clk_i (clk_i),
    .rst_ni(rst_ni),
    .take_i(emit),
    .give_i({ref1_pop, ref0_pop, crd_pop}),
    .room_o(room)
  );

  logic crd_room, ref0_room, ref1_room;
  sam_fifo #(
    .Width(CrdWidth),
    .Depth(Depth)
  ) crd_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(push_q),
    .ready_o(crd_room),
    .tok_i  (push_crd_q),
    .valid_o(crd_valid_o),
    .ready_i(crd_ready_i),
    .tok_o  (crd_tok_o)
  );

  sam_fifo #(
    .Width(RefWidth),
    .Depth(Depth)
  ) ref0_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(push_q),
    .ready_o(ref0_room),
    .tok_i  (push_ref_q[0]),
    .valid_o(ref0_valid_o),
    .ready_i(ref0_ready_i),
    .tok_o  (ref0_tok_o)
  );

  sam_fifo #(
    .Width(RefWidth),
    .Depth(Depth)
  ) ref1_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(push_q),
    .ready_o(ref1_room),
    .tok_i  (push_ref_q[1]),
    .valid_o(ref1_valid_o),
    .ready_i(ref1_ready_i),
    .tok_o  (ref1_tok_o)
  );

  // ---- Checks.
  for (genvar k = 0; k < 2; k++) begin : gen_check
    sam_stream_assert #(
      .Width(CrdWidth),
      .Name ("sam_lzmerge crd")
    ) crd_check (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(crd_valid[k]),
      .ready_i(in_ready[k]),
      .tok_i  (crd_tok[k])
    );

    sam_stream_assert #(
      .Width(DescWidth),
      .Name ("sam_lzmerge desc")
    ) desc_check (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(desc_valid[k]),
      .ready_i(in_ready[k]),
      .tok_i  (desc_tok[k])
    );

`ifndef SAM_ASSERTS_OFF
    sam_pkg::tok_kind_e c_kind, d_kind;
    logic [LitBits-1:0] in_lit;
    assign c_kind = sam_pkg::tok_kind(crd_tok[k][CrdWidth], 64'(crd_tok[k][CrdWidth-1:0]),
                                      CrdWidth);
    assign d_kind = sam_pkg::tok_kind(desc_tok[k][DescWidth], 64'(desc_tok[k][DescWidth-1:0]),
                                      DescWidth);
    assign in_lit = desc_tok[k][DescWidth-1:RepBits];
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
                              64'(desc_tok[k][DescWidth-1:0]) == 64'(crd_tok[k][CrdWidth-1:0]))
          else $error("sam_lzmerge: way %0d's crd and desc close with different stops", k);
        end
      end
      if (rst_ni && go && h_q[k] && nd_q[k]) begin
        StartsAhead_M: assert (nc_q[k][CrdWidth-1:0] >= c_q && nc_q[k][CrdWidth-1:0] < dim_i)
        else $error("sam_lzmerge: way %0d's entry at %0d is behind %0d or past dim %0d", k,
                    nc_q[k][CrdWidth-1:0], c_q, dim_i);
      end
    end
`endif
  end

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni && stop_out) begin
      WaysCloseAlike_M: assert (nc_q[0] == nc_q[1])
      else $error("sam_lzmerge: the ways close with %h and %h", nc_q[0], nc_q[1]);
    end
    if (rst_ni && go && h_q == 2'b00 && nd_q == 2'b11 && !c_dim) begin
      FirstAtZero_M: assert (nc_q[0][CrdWidth-1:0] == '0 && nc_q[1][CrdWidth-1:0] == '0)
      else $error("sam_lzmerge: a fiber's first entries at %0d and %0d, not 0",
                  nc_q[0][CrdWidth-1:0], nc_q[1][CrdWidth-1:0]);
    end
    if (rst_ni) begin
      BufferRoom: assert (!push_q || (crd_room && ref0_room && ref1_room))
      else $error("sam_lzmerge: output buffer overflow");
      // The stepper meets by coordinate m of the stretch (see the top).
      LcmInTime: assert (!(brep_q && !keep && m_q[0] <= mul_t'(MaxLcm) &&
                           m_q[1] <= mul_t'(MaxLcm) && (j_q >= m_q[0] && j_q >= m_q[1])))
      else $error("sam_lzmerge: the lcm stepper is behind the stretch");
    end
  end
`ifdef FORMAL
  // Each credit counter equals the tokens in the output register and its buffer.
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (32'(credit.used_q[0]) == 32'(push_q) + crd_buffer.f_count);
      assert (32'(credit.used_q[1]) == 32'(push_q) + ref0_buffer.f_count);
      assert (32'(credit.used_q[2]) == 32'(push_q) + ref1_buffer.f_count);
    end
  end
`endif
`else
  // The buffers' ready and the descriptors' slot bits beyond the references
  // feed the checks only.
  logic unused_checked;
  assign unused_checked = crd_room ^ ref0_room ^ ref1_room ^ (^desc0_tok_i) ^ (^desc1_tok_i);
`endif

endmodule
