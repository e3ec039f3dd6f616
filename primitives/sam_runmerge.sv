// sam_runmerge: the fill-region joiner of Donenfeld et al.'s compression paper (Figure
// 9), m = Ways in 2..3 ways (golden model golden/src/models/runs.rs, `runmerge`;
// contract in docs/fill-regions.md, "Runs").
//
// Way k is a coordinate stream crd<k> with its reference stream ref<k>, of the same
// control structure; the pair moves together. Way k is *points* when bit k of
// PointWays is set (each coordinate one point, the fill elsewhere), else *runs*
// (each coordinate starts a run lasting to the way's next coordinate or the fiber
// end).
//
// Mode RunMergeUnion: the output coordinates of a fiber are the sorted union of
// every way's coordinates and, after each point x of a point way, x + 1 when
// x + 1 < dim_i (where its fill resumes). At each output coordinate x a run way
// gives the reference of its last start <= x (held; N before its first start in
// the fiber), a point way its reference where it has x, else N.
// Mode RunMergeIntersect (PointWays != 0): the output coordinates are the points
// every point way holds; run ways give their held reference there.
// Once every way holds a stop (the same on every way) and no resume is pending, it
// passes once to every output, and the held references and resumes clear; D
// likewise.
//
// Per way: a head pair (loads when empty or taken), and by its kind either the
// held reference (run way) or the pending resume x + 1 (point way). A pending
// resume lies at or below the way's head (its head is past x), so a point way's
// next output coordinate is its resume when one is pending, else its head.
//
// Union: each cycle with every head present and room in the outputs, the smallest
// next coordinate of the ways comes out; the ways whose head is there advance (a
// point way's head beside its pending resume too). One token on every output per
// cycle while the heads are present and the outputs have room. Once a point x has
// gone out every way's next coordinate is above x, so a pending resume is the
// smallest and all pending resumes are equal: the decision is "the resume" or
// "the smallest head", and the head order and the heads' equality with the
// resumes are compared a cycle ahead (no comparator on the loop).
// Intersect: each cycle with every head present, either the point heads agree and
// no run start below them remains (a token comes out, the point ways advance, and
// a run way whose start is the point itself takes it and gives its reference), or
// every point way below the largest point head and every run way with a start at
// or below it advances (no token; a cycle per run start passed below a point and
// per round of dropped points), or some point way has ended its fiber and every
// way with data drops it.
//
// Pipeline: 1. the head pairs; 2. the decision, into the output register; 3. each
// output's buffer (`sam_fifo`, Depth 3). Latency three cycles. The merge keeps
// its own count of each output's tokens (in the output register or the buffer),
// so room is one register. ready_o of a way is a function of registers and that
// way's two input valids: no combinational path from any ready_i.
// crd<k>_ready_o == ref<k>_ready_o.
//
// Parameters: Ways       number of ways, 2..3; with Ways == 2 the way-2 ports are
//                        unused: inputs ignored (ready_o low), output tied off
//                        (valid low), its ready ignored
//             PointWays  bit k set: way k is points (at most one bit per way;
//                        Intersect needs one set)
//             Mode       sam_pkg::runmerge_mode_e, RunMergeUnion or RunMergeIntersect
//             CrdWidth   coordinate payload width, 1..63
//             RefWidth   reference payload width, 2..63 (the outputs carry N)
// Ports:      clk_i, rst_ni                               clock, asynchronous active-low reset
//             dim_i                                       the index's extent (host setting,
//                                                         held during a run)
//             crd<k>_valid_i, crd<k>_ready_o, crd<k>_tok_i  way k coordinates (crd; no N)
//             ref<k>_valid_i, ref<k>_ready_o, ref<k>_tok_i  way k references (ref, N allowed)
//             crd_valid_o, crd_ready_i, crd_tok_o         the merged coordinates (crd)
//             ref<k>_valid_o, ref<k>_ready_i, ref<k>_tok_o  way k's reference there, or N
//             (k = 0..2)
module sam_runmerge #(
  parameter int unsigned             Ways      = 2,
  parameter int unsigned             PointWays = 0,
  parameter sam_pkg::runmerge_mode_e Mode      = sam_pkg::RunMergeUnion,
  parameter int unsigned             CrdWidth  = sam_pkg::CrdWidth,
  parameter int unsigned             RefWidth  = sam_pkg::CrdWidth
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic [CrdWidth-1:0] dim_i,
  input  logic                crd0_valid_i,
  output logic                crd0_ready_o,
  input  logic [CrdWidth:0]   crd0_tok_i,
  input  logic                ref0_valid_i,
  output logic                ref0_ready_o,
  input  logic [RefWidth:0]   ref0_tok_i,
  input  logic                crd1_valid_i,
  output logic                crd1_ready_o,
  input  logic [CrdWidth:0]   crd1_tok_i,
  input  logic                ref1_valid_i,
  output logic                ref1_ready_o,
  input  logic [RefWidth:0]   ref1_tok_i,
  input  logic                crd2_valid_i,
  output logic                crd2_ready_o,
  input  logic [CrdWidth:0]   crd2_tok_i,
  input  logic                ref2_valid_i,
  output logic                ref2_ready_o,
  input  logic [RefWidth:0]   ref2_tok_i,
  output logic                crd_valid_o,
  input  logic                crd_ready_i,
  output logic [CrdWidth:0]   crd_tok_o,
  output logic                ref0_valid_o,
  input  logic                ref0_ready_i,
  output logic [RefWidth:0]   ref0_tok_o,
  output logic                ref1_valid_o,
  input  logic                ref1_ready_i,
  output logic [RefWidth:0]   ref1_tok_o,
  output logic                ref2_valid_o,
  input  logic                ref2_ready_i,
  output logic [RefWidth:0]   ref2_tok_o
);

  localparam int unsigned MaxWays = 3;
  // Output buffer depth: a token spends a cycle in the output register, then at
  // least one in the buffer; three entries keep one token per cycle.
  localparam int unsigned BufDepth = 3;
  localparam logic [MaxWays-1:0] IsPoint = MaxWays'(PointWays);
  localparam bit Union = Mode == sam_pkg::RunMergeUnion;

  if (Ways < 2 || Ways > MaxWays) begin : gen_bad_ways
    $error("sam_runmerge: Ways must be 2 or 3");
  end
  if (PointWays >= (1 << Ways)) begin : gen_bad_points
    $error("sam_runmerge: PointWays names a way beyond Ways");
  end
  if (!Union && PointWays == 0) begin : gen_bad_intersect
    $error("sam_runmerge: an intersecting merge needs a point way");
  end
  if (CrdWidth < 1 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_crd_width
    $error("sam_runmerge: CrdWidth must be in 1..63");
  end
  // N needs a payload of its own: with one bit, N and S0 coincide.
  if (RefWidth < 2 || RefWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_ref_width
    $error("sam_runmerge: RefWidth must be in 2..63");
  end

  localparam logic [RefWidth:0] Empty = {1'b1, RefWidth'(sam_pkg::empty_payload(RefWidth))};

  // The named ports as arrays, indexed by way.
  logic [MaxWays-1:0] crd_valid, ref_valid, in_ready;
  logic [CrdWidth:0]  crd_tok[MaxWays];
  logic [RefWidth:0]  ref_tok[MaxWays];
  logic [MaxWays-1:0] out_valid, out_ready;
  logic [RefWidth:0]  out_tok[MaxWays];

  assign crd_valid    = {crd2_valid_i, crd1_valid_i, crd0_valid_i};
  assign ref_valid    = {ref2_valid_i, ref1_valid_i, ref0_valid_i};
  assign crd_tok[0]   = crd0_tok_i;
  assign crd_tok[1]   = crd1_tok_i;
  assign crd_tok[2]   = crd2_tok_i;
  assign ref_tok[0]   = ref0_tok_i;
  assign ref_tok[1]   = ref1_tok_i;
  assign ref_tok[2]   = ref2_tok_i;
  assign crd0_ready_o = in_ready[0];
  assign ref0_ready_o = in_ready[0];
  assign crd1_ready_o = in_ready[1];
  assign ref1_ready_o = in_ready[1];
  assign crd2_ready_o = in_ready[2];
  assign ref2_ready_o = in_ready[2];
  assign ref0_valid_o = out_valid[0];
  assign ref1_valid_o = out_valid[1];
  assign ref2_valid_o = out_valid[2];
  assign ref0_tok_o   = out_tok[0];
  assign ref1_tok_o   = out_tok[1];
  assign ref2_tok_o   = out_tok[2];
  assign out_ready    = {ref2_ready_i, ref1_ready_i, ref0_ready_i};

  logic [MaxWays-1:0] used, point, pair, full_q, data_q, load, take;
  logic [MaxWays-1:0][CrdWidth:0] crd_q;  // packed: flip-flops, not a memory
  logic [MaxWays-1:0][RefWidth:0] ref_q;
  logic [MaxWays-1:0][CrdWidth-1:0] head;
  logic all_full, any_data, room_q, emit;

  for (genvar k = 0; k < MaxWays; k++) begin : gen_used
    assign used[k]  = k < Ways;
    assign point[k] = used[k] && IsPoint[k];
    assign pair[k]  = used[k] && crd_valid[k] && ref_valid[k];
    assign head[k]  = crd_q[k][CrdWidth-1:0];
    assign load[k]  = used[k] && (!full_q[k] || take[k]);
  end

  assign all_full = (full_q | ~used) == '1;
  assign any_data = data_q != '0;
  assign in_ready = load & pair;

  // ---- Stage 1: the head pairs. A stage loads when it is empty or its pair is
  // taken; the token registers take the input then, valid or not (full_q says
  // whether the stage holds a pair; data_q whether that is data).
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      full_q <= '0;
      data_q <= '0;
    end else begin
      for (int k = 0; k < MaxWays; k++) begin
        if (load[k]) begin
          full_q[k] <= pair[k];
          data_q[k] <= pair[k] && !crd_tok[k][CrdWidth];
        end
      end
    end
  end

  for (genvar k = 0; k < MaxWays; k++) begin : gen_hold
    always_ff @(posedge clk_i) begin
      if (load[k]) begin
        crd_q[k] <= crd_tok[k];
        ref_q[k] <= ref_tok[k];
      end
    end
  end

  // ---- Stage 2: the decision. Each mode gives emit (a token into the output
  // register), take (the heads that advance), the token and each way's reference;
  // ended (the fiber's control token goes out: held references and resumes clear).
  logic [CrdWidth:0]              crd_out;
  logic [MaxWays-1:0][RefWidth:0] ref_out;
  logic [MaxWays-1:0][RefWidth:0] held_q;
  logic [MaxWays-1:0]             pend_q, pend_d, hold;
  logic [MaxWays-1:0][CrdWidth-1:0] resume_q, resume_d;
  logic ended;

  if (Union) begin : gen_union
    // Once a point x goes out, every way's next coordinate is above x: a pending
    // resume x + 1 is the smallest, and every pending resume is that one. So a
    // cycle with a resume pending emits it, with the ways whose head equals it;
    // any other cycle emits the smallest head. Neither decision compares on the
    // loop: the order of the heads (lt) and each head's equality with each
    // resume (eq) are compared a cycle ahead, from the arriving and the held
    // values, and picked by what loaded (as in sam_union).
    logic [MaxWays-1:0] loaded_q, set_d, set_q, lowest, at_res, at_min, head_at, res_out;
    logic [MaxWays-1:0][MaxWays-1:0] lt, lt_q, eq, eq_q;
    logic [MaxWays-1:0][CrdWidth:0] inc;
    logic [MaxWays-1:0] inc_fits;
    logic any_pend, any_cand;

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        loaded_q <= '0;
        set_q    <= '0;
        lt_q     <= '0;
        eq_q     <= '0;
      end else begin
        loaded_q <= load;
        set_q    <= set_d;
        lt_q     <= lt;
        eq_q     <= eq;
      end
    end

    function automatic logic pick(logic loaded_j, logic loaded_k, logic in_in, logic in_held,
                                  logic held_in, logic held);
      unique case ({loaded_j, loaded_k})
        2'b11:   return in_in;
        2'b10:   return in_held;
        2'b01:   return held_in;
        default: return held;
      endcase
    endfunction

    // The resume after each head, were the head a point going out in this cycle
    // (registered as the head loads, so that no adder precedes the compares),
    // and whether it lies below dim_i.
    for (genvar k = 0; k < MaxWays; k++) begin : gen_inc
      always_ff @(posedge clk_i) begin
        if (load[k]) inc[k] <= {1'b0, crd_tok[k][CrdWidth-1:0]} + 1'b1;
      end
      assign inc_fits[k] = inc[k] < {1'b0, dim_i};
    end

    for (genvar j = 0; j < MaxWays; j++) begin : gen_cmp_row
      for (genvar k = 0; k < MaxWays; k++) begin : gen_cmp
        if (j != k && j < Ways && k < Ways) begin : gen_lt_pair
          logic [CrdWidth-1:0] in_j, in_k;
          logic in_in_q, in_held_q, held_in_q;
          assign in_j = crd_tok[j][CrdWidth-1:0];
          assign in_k = crd_tok[k][CrdWidth-1:0];
          // The appended bits keep each direction a carry chain of its own
          // ({a, 1} < {b, 0} is a < b), as in sam_union.
          if (j < k) begin : gen_plain
            always_ff @(posedge clk_i) begin
              in_in_q   <= in_j < in_k;
              in_held_q <= in_j < head[k];
              held_in_q <= head[j] < in_k;
            end
          end else begin : gen_apart
            always_ff @(posedge clk_i) begin
              in_in_q   <= {in_j, 1'b1} < {in_k, 1'b0};
              in_held_q <= {in_j, 1'b1} < {head[k], 1'b0};
              held_in_q <= {head[j], 1'b1} < {in_k, 1'b0};
            end
          end
          assign lt[j][k] = pick(loaded_q[j], loaded_q[k], in_in_q, in_held_q, held_in_q,
                                 lt_q[j][k]);
        end else begin : gen_no_lt
          assign lt[j][k] = 1'b0;
        end
        if (j < Ways && k < Ways && IsPoint[k]) begin : gen_eq_pair
          // Way j's head against point way k's resume: a resume set last cycle
          // is k's head then + 1; else it is resume_q, unchanged.
          logic [CrdWidth-1:0] in_j;
          logic in_inc_q, head_inc_q, in_res_q;
          assign in_j = crd_tok[j][CrdWidth-1:0];
          always_ff @(posedge clk_i) begin
            in_inc_q   <= {1'b0, in_j} == inc[k];
            head_inc_q <= {1'b0, head[j]} == inc[k];
            in_res_q   <= in_j == resume_q[k];
          end
          assign eq[j][k] = set_q[k] ? (loaded_q[j] ? in_inc_q : head_inc_q)
                                     : (loaded_q[j] ? in_res_q : eq_q[j][k]);
        end else begin : gen_no_eq
          assign eq[j][k] = 1'b0;
        end
      end
    end

    // Unused ways' and run ways' slots of the state (without a point way, all
    // of set_q and eq_q).
    logic unused_order;
    assign unused_order = ^{loaded_q, set_q, lt_q, eq_q};

    assign any_pend = pend_q != '0;
    for (genvar k = 0; k < MaxWays; k++) begin : gen_min
      always_comb begin
        lowest[k] = 1'b1;
        for (int j = 0; j < MaxWays; j++) begin
          if (j != k && data_q[j] && lt[j][k]) lowest[k] = 1'b0;
        end
      end
      assign at_res[k]  = data_q[k] && (eq[k] & pend_q) != '0;
      assign head_at[k] = any_pend ? at_res[k] : data_q[k] && lowest[k];
      assign at_min[k]  = head_at[k] || pend_q[k];
      assign set_d[k]   = point[k] && emit && head_at[k] && inc_fits[k];
    end

    assign any_cand = any_pend || any_data;
    assign emit     = all_full && room_q;
    assign ended    = emit && !any_cand;
    assign take     = {MaxWays{emit}} & (any_cand ? head_at : used);
    assign hold     = take & data_q & ~point;
    assign res_out  = pend_q;

    // crd: the pending resume, else the smallest head (an AND-OR of the ways at
    // it: they hold the same value), else way 0's stop or D.
    always_comb begin
      crd_out = '0;
      for (int k = 0; k < MaxWays; k++) begin
        if (k < Ways && any_pend) crd_out[CrdWidth-1:0] |= resume_q[k] & {CrdWidth{res_out[k]}};
        if (k < Ways && !any_pend) begin
          crd_out[CrdWidth-1:0] |= head[k] & {CrdWidth{data_q[k] && lowest[k]}};
        end
      end
      if (!any_cand) crd_out = crd_q[0];
    end

    for (genvar k = 0; k < MaxWays; k++) begin : gen_ref
      assign ref_out[k] = !any_cand || head_at[k] ? ref_q[k] : point[k] ? Empty : held_q[k];
      // A point way at the output coordinate: its head's point sets the resume
      // after it; a resume alone clears.
      always_comb begin
        pend_d[k]   = pend_q[k];
        resume_d[k] = resume_q[k];
        if (point[k] && emit && at_min[k]) begin
          pend_d[k]   = set_d[k];
          resume_d[k] = inc[k][CrdWidth-1:0];
        end
      end
    end
  end else begin : gen_intersect
    // lt[j][k]: way j's head below way k's.
    logic [MaxWays-1:0][MaxWays-1:0] lt;
    logic [MaxWays-1:0] behind, absorb, below, at_point;
    logic all_points, hit, need_room, go;

    for (genvar j = 0; j < MaxWays; j++) begin : gen_lt_row
      for (genvar k = 0; k < MaxWays; k++) begin : gen_lt
        assign lt[j][k] = head[j] < head[k];
      end
    end

    // With data on every point way: a point way below another is behind (no
    // common point there); a run way whose start is at or below some point
    // head holds before the next common point, so it absorbs that start first,
    // unless the start is the common point itself: then the point goes out
    // with that start's reference in the same cycle (at_point), so a start on
    // a point costs no cycle of its own.
    for (genvar k = 0; k < MaxWays; k++) begin : gen_way_state
      always_comb begin
        behind[k] = 1'b0;
        absorb[k] = 1'b0;
        below[k]  = 1'b0;
        for (int j = 0; j < MaxWays; j++) begin
          if (point[j] && j != k && lt[k][j]) behind[k] = 1'b1;
          if (point[j] && !lt[j][k]) absorb[k] = 1'b1;
          if (point[j] && lt[k][j]) below[k] = 1'b1;
        end
        behind[k] = behind[k] && point[k];
        absorb[k] = absorb[k] && used[k] && !point[k] && data_q[k];
      end
    end
    // With the point heads agreeing at x: a run way's head at x.
    assign at_point = absorb & ~below;

    assign all_points = (data_q | ~point) == '1;
    assign hit        = all_points && behind == '0 && (absorb & below) == '0;
    assign need_room  = hit || !any_data;
    assign go         = all_full && (room_q || !need_room);
    assign emit       = go && need_room;
    assign ended      = go && !any_data;

    always_comb begin
      if (!go) take = '0;
      else if (hit) take = point | at_point;
      else if (all_points) take = behind | absorb;
      else if (any_data) take = data_q;
      else take = used;
    end
    assign hold = take & data_q & ~point;

    always_comb begin
      crd_out = crd_q[0];
      if (any_data) begin
        crd_out = '0;
        for (int k = 0; k < MaxWays; k++) begin
          if (point[k]) crd_out |= crd_q[k];
        end
      end
    end

    for (genvar k = 0; k < MaxWays; k++) begin : gen_ref
      assign ref_out[k] = !any_data || point[k] || at_point[k] ? ref_q[k] : held_q[k];
    end
    // No resumes here: the output is points, and dim_i bounds only resumes.
    logic unused_resume;
    assign unused_resume = ^{dim_i, pend_q};
    assign pend_d     = '0;
    assign resume_d   = resume_q;
  end

  // Held references (run ways) and pending resumes (point ways), per fiber.
  for (genvar k = 0; k < MaxWays; k++) begin : gen_state
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        held_q[k] <= Empty;
        pend_q[k] <= 1'b0;
      end else if (ended) begin
        held_q[k] <= Empty;
        pend_q[k] <= 1'b0;
      end else begin
        if (hold[k]) held_q[k] <= ref_q[k];
        pend_q[k] <= pend_d[k] && point[k];
      end
    end
    always_ff @(posedge clk_i) begin
      resume_q[k] <= resume_d[k];
    end
  end

  logic                           emit_q;
  logic [CrdWidth:0]              crd_out_q;
  logic [MaxWays-1:0][RefWidth:0] ref_out_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) emit_q <= 1'b0;
    else emit_q <= emit;
  end
  always_ff @(posedge clk_i) begin
    crd_out_q <= crd_out;
    ref_out_q <= ref_out;
  end

  // Room: the merge's own count of each output's tokens (in the output register or
  // the buffer: one in on emit, one out on the output's handshake); the outputs
  // have room next cycle when no count reaches BufDepth. Output 0 is crd, output
  // k + 1 is ref<k>.
  logic [MaxWays:0][1:0] fill_q, fill_d;
  logic [MaxWays:0] out_used, out_given, out_room;

  assign out_used  = {used, 1'b1};
  assign out_given = {out_valid & out_ready, crd_valid_o && crd_ready_i};
  for (genvar o = 0; o <= MaxWays; o++) begin : gen_fill
    always_comb begin
      fill_d[o] = fill_q[o];
      if (out_given[o]) fill_d[o] = fill_d[o] - 2'd1;
      if (emit) fill_d[o] = fill_d[o] + 2'd1;
    end
    assign out_room[o] = !out_used[o] || fill_d[o] != 2'(BufDepth);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fill_q <= '0;
      room_q <= 1'b1;
    end else begin
      fill_q <= fill_d;
      room_q <= out_room == '1;
    end
  end

  // ---- Stage 3: the buffers.
  logic               crd_room;
  logic [MaxWays-1:0] ref_room;

  sam_fifo #(
    .Width(CrdWidth),
    .Depth(BufDepth)
  ) crd_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(emit_q),
    .ready_o(crd_room),
    .tok_i  (crd_out_q),
    .valid_o(crd_valid_o),
    .ready_i(crd_ready_i),
    .tok_o  (crd_tok_o)
  );

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni && emit_q) begin
      assert (crd_room && (ref_room | ~used) == '1)
      else $error("sam_runmerge: write into a full output buffer (counts %h)", fill_q);
    end
  end
`ifdef FORMAL
  // Invariants (formal/): each count equals the tokens in the output register and
  // its buffer, room_q says no used count is full, and only point ways have a
  // resume pending.
  logic f_room;
  always_comb begin
    f_room = 1'b1;
    for (int o = 0; o <= MaxWays; o++) begin
      if (out_used[o] && fill_q[o] == 2'(BufDepth)) f_room = 1'b0;
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (32'(fill_q[0]) == 32'(emit_q) + crd_buffer.f_count);
      assert (room_q == f_room);
      assert ((pend_q & ~point) == '0);
    end
  end
  for (genvar k = 0; k < Ways; k++) begin : gen_f_count
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        assert (32'(fill_q[k + 1]) == 32'(emit_q) + gen_way[k].gen_way_used.way.ref_buffer.f_count);
      end
    end
  end
`endif
`else
  logic unused_room;  // the buffers' ready feeds the assertion only (room is counted)
  assign unused_room = crd_room ^ (^ref_room);
`endif

  for (genvar k = 0; k < MaxWays; k++) begin : gen_way
    if (k < Ways) begin : gen_way_used
      sam_joiner_way #(
        .CrdWidth(CrdWidth),
        .RefWidth(RefWidth),
        .Depth   (BufDepth),
        .Name    ("sam_runmerge"),
        .Way     (k)
      ) way (
        .clk_i      (clk_i),
        .rst_ni     (rst_ni),
        .crd_valid_i(crd_valid[k]),
        .ref_valid_i(ref_valid[k]),
        .ready_i    (in_ready[k]),
        .crd_tok_i  (crd_tok[k]),
        .ref_tok_i  (ref_tok[k]),
        .end_i      (all_full && !any_data),
        .end_tok_i  (crd_q[k]),
        .end_ref_i  (crd_q[0]),
        .emit_i     (emit_q),
        .room_o     (ref_room[k]),
        .out_tok_i  (ref_out_q[k]),
        .out_valid_o(out_valid[k]),
        .out_ready_i(out_ready[k]),
        .out_tok_o  (out_tok[k])
      );
    end else begin : gen_unused
      logic unused_way;
      assign unused_way   = ^{crd_valid[k], ref_valid[k], crd_tok[k], ref_tok[k], out_ready[k],
                              ref_out_q[k]};
      assign ref_room[k]  = 1'b1;
      assign out_valid[k] = 1'b0;
      assign out_tok[k]   = '0;
    end
  end

endmodule
