// sam_runmerge: the fill-region joiner of Donenfeld et al.'s compression paper (Figure
// 9), m = Ways in 2..3 ways (golden model golden/src/models/runs.rs, `runmerge`;
// contract in docs/fill-regions.md, "Runs").
//
// Way k is a coordinate stream crd[k] with its reference stream ref[k], of the same
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
// crd_ready_o == ref_ready_o.
//
// Parameters: Ways       number of ways, 2..3
//             PointWays  bit k set: way k is points (at most one bit per way;
//                        Intersect needs one set)
//             Mode       sam_pkg::runmerge_mode_e, RunMergeUnion or RunMergeIntersect
//             CrdWidth   coordinate payload width, 1..63
//             RefWidth   reference payload width, 2..63 (the outputs carry N)
// Ports (a multi-way port is an array, element k for way k, k = 0..Ways-1):
//             clk_i, rst_ni                          clock, synchronous active-low reset
//             dim_i                                  the index's extent (host setting,
//                                                    held during a run)
//             crd_valid_i, crd_ready_o, crd_tok_i    each way's coordinates (crd; no N)
//             ref_valid_i, ref_ready_o, ref_tok_i    each way's references (ref, N allowed)
//             crd_valid_o, crd_ready_i, crd_tok_o    the merged coordinates (crd)
//             ref_valid_o, ref_ready_i, ref_tok_o    each way's reference there, or N
module sam_runmerge #(
  parameter int unsigned             Ways      = 2,
  parameter int unsigned             PointWays = 0,
  parameter sam_pkg::runmerge_mode_e Mode      = sam_pkg::RunMergeUnion,
  parameter int unsigned             CrdWidth  = sam_pkg::CrdWidth,
  parameter int unsigned             RefWidth  = sam_pkg::CrdWidth
) (
  input  logic                        clk_i,
  input  logic                        rst_ni,
  input  logic [CrdWidth-1:0]         dim_i,
  input  logic [Ways-1:0]             crd_valid_i,
  output logic [Ways-1:0]             crd_ready_o,
  input  logic [Ways-1:0][CrdWidth:0] crd_tok_i,
  input  logic [Ways-1:0]             ref_valid_i,
  output logic [Ways-1:0]             ref_ready_o,
  input  logic [Ways-1:0][RefWidth:0] ref_tok_i,
  output logic                        crd_valid_o,
  input  logic                        crd_ready_i,
  output logic [CrdWidth:0]           crd_tok_o,
  output logic [Ways-1:0]             ref_valid_o,
  input  logic [Ways-1:0]             ref_ready_i,
  output logic [Ways-1:0][RefWidth:0] ref_tok_o
);

  localparam int unsigned MaxWays = 3;
  // Output buffer depth: a token spends a cycle in the output register, then at
  // least one in the buffer; three entries keep one token per cycle.
  localparam int unsigned BufDepth = 3;
  localparam logic [Ways-1:0] IsPoint = Ways'(PointWays);
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

  logic [Ways-1:0] in_ready;  // a way's crd and ref move together
  assign crd_ready_o = in_ready;
  assign ref_ready_o = in_ready;

  logic [Ways-1:0] pair, full_q, data_q, load, take;
  logic [Ways-1:0][CrdWidth:0] crd_q;  // packed: flip-flops, not a memory
  logic [Ways-1:0][RefWidth:0] ref_q;
  logic [Ways-1:0][CrdWidth-1:0] head;
  logic all_full, any_data, room_q, emit;

  for (genvar k = 0; k < Ways; k++) begin : gen_used
    assign pair[k]  = crd_valid_i[k] && ref_valid_i[k];
    assign head[k]  = crd_q[k][CrdWidth-1:0];
    assign load[k]  = !full_q[k] || take[k];
  end

  assign all_full = full_q == '1;
  assign any_data = data_q != '0;
  assign in_ready = load & pair;

  // ---- Stage 1: the head pairs. A stage loads when it is empty or its pair is
  // taken; the token registers take the input then, valid or not (full_q says
  // whether the stage holds a pair; data_q whether that is data).
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      full_q <= '0;
      data_q <= '0;
    end else begin
      for (int k = 0; k < Ways; k++) begin
        if (load[k]) begin
          full_q[k] <= pair[k];
          data_q[k] <= pair[k] && !crd_tok_i[k][CrdWidth];
        end
      end
    end
  end

  for (genvar k = 0; k < Ways; k++) begin : gen_hold
    always_ff @(posedge clk_i) begin
      if (load[k]) begin
        crd_q[k] <= crd_tok_i[k];
        ref_q[k] <= ref_tok_i[k];
      end
    end
  end

  // ---- Stage 2: the decision. Each mode gives emit (a token into the output
  // register), take (the heads that advance), the token and each way's reference;
  // ended (the fiber's control token goes out: held references and resumes clear).
  logic [CrdWidth:0]              crd_out;
  logic [Ways-1:0][RefWidth:0] ref_out;
  logic [Ways-1:0][RefWidth:0] held_q;
  logic [Ways-1:0]             pend_q, pend_d, hold;
  logic [Ways-1:0][CrdWidth-1:0] resume_q, resume_d;
  logic ended;

  if (Union) begin : gen_union
    // Once a point x goes out, every way's next coordinate is above x: a pending
    // resume x + 1 is the smallest, and every pending resume is that one. So a
    // cycle with a resume pending emits it, with the ways whose head equals it;
    // any other cycle emits the smallest head. Neither decision compares on the
    // loop: the order of the heads (lt) and each head's equality with each
    // resume (eq) are compared a cycle ahead, from the arriving and the held
    // values, and picked by what loaded (as in sam_union).
    logic [Ways-1:0] loaded_q, set_d, set_q, lowest, at_res, at_min, head_at, res_out;
    logic [Ways-1:0][Ways-1:0] lt, lt_q, eq, eq_q;
    logic [Ways-1:0][CrdWidth:0] inc;
    logic [Ways-1:0] inc_fits;
    logic any_pend, any_cand;

    always_ff @(posedge clk_i) begin
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
    for (genvar k = 0; k < Ways; k++) begin : gen_inc
      always_ff @(posedge clk_i) begin
        if (load[k]) inc[k] <= {1'b0, crd_tok_i[k][CrdWidth-1:0]} + 1'b1;
      end
      assign inc_fits[k] = inc[k] < {1'b0, dim_i};
    end

    for (genvar j = 0; j < Ways; j++) begin : gen_cmp_row
      for (genvar k = 0; k < Ways; k++) begin : gen_cmp
        if (j != k) begin : gen_lt_pair
          logic [CrdWidth-1:0] in_j, in_k;
          logic in_in_q, in_held_q, held_in_q;
          assign in_j = crd_tok_i[j][CrdWidth-1:0];
          assign in_k = crd_tok_i[k][CrdWidth-1:0];
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
          assign in_j = crd_tok_i[j][CrdWidth-1:0];
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

    // Run ways' slots of the state (without a point way, all
    // of set_q and eq_q).
    logic unused_order;
    assign unused_order = ^{loaded_q, set_q, lt_q, eq_q};

    assign any_pend = pend_q != '0;
    for (genvar k = 0; k < Ways; k++) begin : gen_min
      always_comb begin
        lowest[k] = 1'b1;
        for (int j = 0; j < Ways; j++) begin
          if (j != k && data_q[j] && lt[j][k]) lowest[k] = 1'b0;
        end
      end
      assign at_res[k]  = data_q[k] && (eq[k] & pend_q) != '0;
      assign head_at[k] = any_pend ? at_res[k] : data_q[k] && lowest[k];
      assign at_min[k]  = head_at[k] || pend_q[k];
      assign set_d[k]   = IsPoint[k] && emit && head_at[k] && inc_fits[k];
    end

    assign any_cand = any_pend || any_data;
    assign emit     = all_full && room_q;
    assign ended    = emit && !any_cand;
    assign take     = {Ways{emit}} & (any_cand ? head_at : '1);
    assign hold     = take & data_q & ~IsPoint;
    assign res_out  = pend_q;

    // crd: the pending resume, else the smallest head (an AND-OR of the ways at
    // it: they hold the same value), else way 0's stop or D.
    always_comb begin
      crd_out = '0;
      for (int k = 0; k < Ways; k++) begin
        if (k < Ways && any_pend) crd_out[CrdWidth-1:0] |= resume_q[k] & {CrdWidth{res_out[k]}};
        if (k < Ways && !any_pend) begin
          crd_out[CrdWidth-1:0] |= head[k] & {CrdWidth{data_q[k] && lowest[k]}};
        end
      end
      if (!any_cand) crd_out = crd_q[0];
    end

    for (genvar k = 0; k < Ways; k++) begin : gen_ref
      assign ref_out[k] = !any_cand || head_at[k] ? ref_q[k] : IsPoint[k] ? Empty : held_q[k];
      // A point way at the output coordinate: its head's point sets the resume
      // after it; a resume alone clears.
      always_comb begin
        pend_d[k]   = pend_q[k];
        resume_d[k] = resume_q[k];
        if (IsPoint[k] && emit && at_min[k]) begin
          pend_d[k]   = set_d[k];
          resume_d[k] = inc[k][CrdWidth-1:0];
        end
      end
    end
  end else begin : gen_intersect
    // lt[j][k]: way j's head below way k's.
    logic [Ways-1:0][Ways-1:0] lt;
    logic [Ways-1:0] behind, absorb, below, at_point;
    logic all_points, hit, need_room, go;

    for (genvar j = 0; j < Ways; j++) begin : gen_lt_row
      for (genvar k = 0; k < Ways; k++) begin : gen_lt
        assign lt[j][k] = head[j] < head[k];
      end
    end

    // With data on every point way: a point way below another is behind (no
    // common point there); a run way whose start is at or below some point
    // head holds before the next common point, so it absorbs that start first,
    // unless the start is the common point itself: then the point goes out
    // with that start's reference in the same cycle (at_point), so a start on
    // a point costs no cycle of its own.
    for (genvar k = 0; k < Ways; k++) begin : gen_way_state
      always_comb begin
        behind[k] = 1'b0;
        absorb[k] = 1'b0;
        below[k]  = 1'b0;
        for (int j = 0; j < Ways; j++) begin
          if (IsPoint[j] && j != k && lt[k][j]) behind[k] = 1'b1;
          if (IsPoint[j] && !lt[j][k]) absorb[k] = 1'b1;
          if (IsPoint[j] && lt[k][j]) below[k] = 1'b1;
        end
        behind[k] = behind[k] && IsPoint[k];
        absorb[k] = absorb[k] && !IsPoint[k] && data_q[k];
      end
    end
    // With the point heads agreeing at x: a run way's head at x.
    assign at_point = absorb & ~below;

    assign all_points = (data_q | ~IsPoint) == '1;
    assign hit        = all_points && behind == '0 && (absorb & below) == '0;
    assign need_room  = hit || !any_data;
    assign go         = all_full && (room_q || !need_room);
    assign emit       = go && need_room;
    assign ended      = go && !any_data;

    always_comb begin
      if (!go) take = '0;
      else if (hit) take = IsPoint | at_point;
      else if (all_points) take = behind | absorb;
      else if (any_data) take = data_q;
      else take = '1;
    end
    assign hold = take & data_q & ~IsPoint;

    always_comb begin
      crd_out = crd_q[0];
      if (any_data) begin
        crd_out = '0;
        for (int k = 0; k < Ways; k++) begin
          if (IsPoint[k]) crd_out |= crd_q[k];
        end
      end
    end

    for (genvar k = 0; k < Ways; k++) begin : gen_ref
      assign ref_out[k] = !any_data || IsPoint[k] || at_point[k] ? ref_q[k] : held_q[k];
    end
    // No resumes here: the output is points, and dim_i bounds only resumes.
    logic unused_resume;
    assign unused_resume = ^{dim_i, pend_q};
    assign pend_d     = '0;
    assign resume_d   = resume_q;
  end

  // Held references (run ways) and pending resumes (point ways), per fiber.
  for (genvar k = 0; k < Ways; k++) begin : gen_state
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        held_q[k] <= Empty;
        pend_q[k] <= 1'b0;
      end else if (ended) begin
        held_q[k] <= Empty;
        pend_q[k] <= 1'b0;
      end else begin
        if (hold[k]) held_q[k] <= ref_q[k];
        pend_q[k] <= pend_d[k] && IsPoint[k];
      end
    end
    always_ff @(posedge clk_i) begin
      resume_q[k] <= resume_d[k];
    end
  end

  logic                           emit_q;
  logic [CrdWidth:0]              crd_out_q;
  logic [Ways-1:0][RefWidth:0] ref_out_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) emit_q <= 1'b0;
    else emit_q <= emit;
  end
  always_ff @(posedge clk_i) begin
    crd_out_q <= crd_out;
    ref_out_q <= ref_out;
  end

  // ---- Stage 3: the buffers. Room: the merge's own count of each output's
  // tokens, in the output register or its buffer (`sam_joiner_ways` with
  // credits).
  sam_joiner_ways #(
    .Ways    (Ways),
    .CrdWidth(CrdWidth),
    .RefWidth(RefWidth),
    .Depth   (BufDepth),
    .Credits (1'b1),
    .Name    ("sam_runmerge")
  ) ways (
    .clk_i, .rst_ni, .crd_valid_i, .ref_valid_i, .crd_tok_i, .ref_tok_i,
    .in_ready_i(in_ready), .end_i(all_full && !any_data), .end_tok_i(crd_q),
    .take_i(emit), .emit_i(emit_q), .room_o(room_q), .crd_out_i(crd_out_q),
    .ref_out_i(ref_out_q), .crd_valid_o, .crd_ready_i, .crd_tok_o, .ref_valid_o, .ref_ready_i,
    .ref_tok_o
  );

`ifdef FORMAL
  // Only point ways have a resume pending.
  always_ff @(posedge clk_i) begin
    if (rst_ni) assert ((pend_q & ~IsPoint) == '0);
  end
`endif

endmodule
