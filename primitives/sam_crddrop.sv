// sam_crddrop: coordinate dropper (docs/primitives.md; golden model
// golden/src/models/crddrop.rs, `crddrop` and `crddrop_zeros`).
//
// Fiber-wise modes (DropFiberCrd and DropFiberVal). The inner stream is one level deeper than the
// outer coordinate stream: each outer coordinate owns one inner fiber, which ends
// in S0, or in S(m+1) when the outer stream closes with Sm right after the
// coordinate; a bare outer Sm (an empty outer fiber) matches a bare inner S(m+1).
// An outer coordinate whose inner fiber is empty is dropped; outer stops and D
// stay, so an outer fiber can become empty. The inner stream passes through
// unchanged. DropFiberCrd (inner crd): a fiber is empty when it has no data token (N is
// not data). DropFiberVal (inner val): a fiber is empty when all its values are 0 or N.
//   The inner stream flows straight through, one token per cycle. The outer
//   coordinate is held in one register until the end of its inner fiber is seen,
//   then emitted or dropped (an outer coordinate in the outer input stage is used
//   in place without being moved to the held register first). When a kept
//   coordinate is the last of its outer fiber, the coordinate and the closing stop
//   need the outer output on two cycles, so the inner stream waits one cycle there.
//
// Element-wise mode (DropElementwise). `outer` (crd) and `inner` (val) have the same shape;
// a pair whose value is 0 or N is dropped from both, stops and D pass on both.
//
// Each input is first registered with its kind decoded (the input stage), and
// each output sits behind a two-entry buffer (`sam_fifo`, Depth 2). ready_o of an
// input is "its stage is empty or its token leaves this cycle", a function of
// registers only: no combinational path from any input port or ready_i to any
// ready_o. Latency: 2 cycles at the least (stage, buffer).
//
// Parameters: Mode        sam_pkg::crddrop_mode_e: DropFiberCrd (fiber-wise,
//                         inner crd), DropFiberVal (fiber-wise, inner val),
//                         DropElementwise (inner val)
//             CrdWidth    payload width of the outer coordinates, 1..63
//             InnerWidth  payload width of the inner stream (crd or val), 1..63
// Ports:      clk_i, rst_ni                           clock, synchronous active-low reset
//             outer_valid_i, outer_ready_o, outer_tok_i   outer coordinates (crd)
//             inner_valid_i, inner_ready_o, inner_tok_i   inner stream (DropFiberCrd: crd,
//                                                         else val; InnerWidth)
//             outer_valid_o, outer_ready_i, outer_tok_o   outer coordinates, dropped (crd)
//             inner_valid_o, inner_ready_i, inner_tok_o   inner stream (fiber-wise:
//                                                         unchanged; element-wise: zeros
//                                                         dropped)
module sam_crddrop #(
  parameter sam_pkg::crddrop_mode_e Mode = sam_pkg::DropFiberCrd,
  parameter int unsigned CrdWidth   = sam_pkg::CrdWidth,
  parameter int unsigned InnerWidth = sam_pkg::CrdWidth
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                outer_valid_i,
  output logic                outer_ready_o,
  input  logic [CrdWidth:0]   outer_tok_i,
  input  logic                inner_valid_i,
  output logic                inner_ready_o,
  input  logic [InnerWidth:0] inner_tok_i,
  output logic                outer_valid_o,
  input  logic                outer_ready_i,
  output logic [CrdWidth:0]   outer_tok_o,
  output logic                inner_valid_o,
  input  logic                inner_ready_i,
  output logic [InnerWidth:0] inner_tok_o
);

  if (CrdWidth < 1 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_crd_width
    $error("sam_crddrop: CrdWidth must be in 1..63");
  end
  if (InnerWidth < 1 || InnerWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_inner_width
    $error("sam_crddrop: InnerWidth must be in 1..63");
  end
  if (Mode > sam_pkg::DropElementwise) begin : gen_bad_mode
    $error("sam_crddrop: Mode must be DropFiberCrd, DropFiberVal or DropElementwise");
  end

  sam_stream_assert #(.Width(CrdWidth), .Name("sam_crddrop outer")) outer_check (
    .clk_i, .rst_ni, .valid_i(outer_valid_i), .ready_i(outer_ready_o), .tok_i(outer_tok_i)
  );

  sam_stream_assert #(.Width(InnerWidth), .Name("sam_crddrop inner")) inner_check (
    .clk_i, .rst_ni, .valid_i(inner_valid_i), .ready_i(inner_ready_o), .tok_i(inner_tok_i)
  );

  // Input stages: each input token is registered with its kind already decoded
  // (and, inner, whether it is S0 and whether it counts towards keeping its
  // fiber), so the decision below reads flags from registers, not a payload
  // compare behind an input port. A stage takes a token whenever it is empty or
  // its token goes this cycle: one token per cycle, one cycle more of latency.
  logic                o_v, i_v;       // stage holds a token
  logic [CrdWidth:0]   o_t;
  logic [InnerWidth:0] i_t;
  sam_pkg::tok_kind_e  o_kind, i_kind;
  logic                i_s0;           // inner stage holds S0
  logic                i_nonzero;      // inner stage counts towards keeping its fiber
  logic                o_pop, i_pop;   // the decision takes the stage's token

  assign outer_ready_o = !o_v || o_pop;
  assign inner_ready_o = !i_v || i_pop;
`ifndef SAM_ASSERTS_OFF
  logic [63:0] o_lvl, i_lvl;  // stage payloads, zero-extended (for the checks)
  assign o_lvl = 64'(o_t[CrdWidth-1:0]);
  assign i_lvl = 64'(i_t[InnerWidth-1:0]);
`endif

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      o_v       <= 1'b0;
      i_v       <= 1'b0;
      o_t       <= '0;
      i_t       <= '0;
      o_kind    <= sam_pkg::TokData;
      i_kind    <= sam_pkg::TokData;
      i_s0      <= 1'b0;
      i_nonzero <= 1'b0;
    end else begin
      if (outer_ready_o) begin
        o_v    <= outer_valid_i;
        o_t    <= outer_tok_i;
        o_kind <= sam_pkg::tok_kind(outer_tok_i[CrdWidth], 64'(outer_tok_i[CrdWidth-1:0]),
                                    CrdWidth);
      end
      if (inner_ready_o) begin
        i_v       <= inner_valid_i;
        i_t       <= inner_tok_i;
        i_kind    <= sam_pkg::tok_kind(inner_tok_i[InnerWidth],
                                       64'(inner_tok_i[InnerWidth-1:0]), InnerWidth);
        i_s0      <= inner_tok_i[InnerWidth] && inner_tok_i[InnerWidth-1:0] == '0;
        i_nonzero <= !inner_tok_i[InnerWidth]
                     && (Mode == sam_pkg::DropFiberCrd || inner_tok_i[InnerWidth-1:0] != '0);
      end
    end
  end

  // Output buffers, and what the core takes from the inputs this cycle.
  logic                oq_push, oq_ready, iq_push, iq_ready;
  logic [CrdWidth:0]   oq_tok;

  if (Mode == sam_pkg::DropElementwise) begin : gen_elemwise
    logic both, drop;
    // Waiver: element-wise dropping has no fibers, so no use for S0.
    logic unused_s0;
    assign unused_s0 = i_s0;
    assign both = o_v && i_v;
    assign drop = (o_kind == sam_pkg::TokData)
               && (i_kind == sam_pkg::TokEmpty || !i_nonzero);

    always_comb begin
      o_pop   = 1'b0;
      i_pop   = 1'b0;
      oq_push = 1'b0;
      iq_push = 1'b0;
      if (both && (drop || (oq_ready && iq_ready))) begin
        o_pop   = 1'b1;
        i_pop   = 1'b1;
        oq_push = !drop;
        iq_push = !drop;
      end
    end
    assign oq_tok = o_t;

`ifndef SAM_ASSERTS_OFF
    always_ff @(posedge clk_i) begin
      if (rst_ni && both) begin
        OuterPairsVal_M: assert ((o_kind == sam_pkg::TokData
                 && (i_kind == sam_pkg::TokData || i_kind == sam_pkg::TokEmpty))
                || (o_kind == sam_pkg::TokStop && i_kind == sam_pkg::TokStop && o_lvl == i_lvl)
                || (o_kind == sam_pkg::TokDone && i_kind == sam_pkg::TokDone))
        else $error("sam_crddrop: outer %h does not line up with value %h",
                    o_t, i_t);
      end
    end
`endif
  end else begin : gen_fiberwise
    // The held outer coordinate and whether its inner fiber, so far, keeps it.
    logic                held_d, held_q, keep_d, keep_q;
    logic [CrdWidth-1:0] crd_d, crd_q;
    logic                o_is_data, cur_valid;
    logic [CrdWidth-1:0] cur_crd;

    assign o_is_data = o_v && o_kind == sam_pkg::TokData;
    // The coordinate whose inner fiber is at the inner head: the held one, or
    // else the one at the outer head, used in place.
    assign cur_valid = held_q || o_is_data;
    assign cur_crd   = held_q ? crd_q : o_t[CrdWidth-1:0];

    always_comb begin
      o_pop   = 1'b0;
      i_pop   = 1'b0;
      oq_push = 1'b0;
      oq_tok  = o_t;
      held_d  = held_q;
      keep_d  = keep_q;
      crd_d   = crd_q;
      if (i_v && (i_kind == sam_pkg::TokData || i_kind == sam_pkg::TokEmpty)) begin
        // Inside a fiber: pass the token, note whether it keeps the coordinate,
        // and take the coordinate in if it has arrived.
        if (iq_ready) begin
          i_pop  = 1'b1;
          keep_d = keep_q || i_nonzero;
        end
        if (!held_q && o_is_data) begin
          o_pop  = 1'b1;
          held_d = 1'b1;
          crd_d  = o_t[CrdWidth-1:0];
        end
      end else if (i_v && i_kind == sam_pkg::TokStop && cur_valid) begin
        // The inner fiber of cur_crd ends here.
        if (i_s0) begin
          // Not the last of its outer fiber: decide, and take the next coordinate.
          if (iq_ready && (oq_ready || !keep_q)) begin
            i_pop   = 1'b1;
            oq_push = keep_q;
            oq_tok  = {1'b0, cur_crd};
            keep_d  = 1'b0;
            o_pop   = !held_q || o_is_data;
            held_d  = held_q && o_is_data;
            crd_d   = o_t[CrdWidth-1:0];
          end
        end else if (keep_q) begin
          // Last of its outer fiber and kept: emit it now; the closing stops
          // (inner S(m+1), outer Sm) go next cycle, as for a bare stop.
          if (oq_ready) begin
            oq_push = 1'b1;
            oq_tok  = {1'b0, cur_crd};
            keep_d  = 1'b0;
            o_pop   = !held_q;
            held_d  = 1'b0;
          end
        end else if (held_q) begin
          // Last of its outer fiber and dropped: the outer head is the closing Sm.
          if (o_v && iq_ready && oq_ready) begin
            o_pop   = 1'b1;
            i_pop   = 1'b1;
            oq_push = 1'b1;
            held_d  = 1'b0;
            keep_d  = 1'b0;
          end
        end else begin
          // Same, the coordinate still at the outer head: take it in first.
          o_pop  = 1'b1;
          held_d = 1'b1;
          crd_d  = o_t[CrdWidth-1:0];
        end
      end else if (i_v && o_v && !held_q) begin
        // A bare inner S(m+1) with a bare outer Sm, or D with D: pass both.
        if (iq_ready && oq_ready) begin
          o_pop   = 1'b1;
          i_pop   = 1'b1;
          oq_push = 1'b1;
          keep_d  = 1'b0;
        end
      end
    end

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        held_q <= 1'b0;
        keep_q <= 1'b0;
        crd_q  <= '0;
      end else begin
        held_q <= held_d;
        keep_q <= keep_d;
        crd_q  <= crd_d;
      end
    end

    assign iq_push = i_pop;

`ifndef SAM_ASSERTS_OFF
    logic bare;
    assign bare = i_v && o_v && !cur_valid;
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        if (o_v) begin
          OuterNoEmpty_A: assert (o_kind != sam_pkg::TokEmpty)
          else $error("sam_crddrop: N in the outer coordinate stream");
        end
        if (bare) begin
          InnerMatchesOuter_A: assert ((o_kind == sam_pkg::TokStop && i_kind == sam_pkg::TokStop
                   && i_lvl == o_lvl + 64'd1)
                  || (o_kind == sam_pkg::TokDone && i_kind == sam_pkg::TokDone))
          else $error("sam_crddrop: inner %h where the outer stream has %h",
                      i_t, o_t);
        end
        if (held_q && i_v) begin
          InnerDoneLast_A: assert (i_kind != sam_pkg::TokDone)
          else $error("sam_crddrop: inner D inside the fiber of an outer coordinate");
        end
        if (held_q && !keep_q && i_v && i_kind == sam_pkg::TokStop
            && i_lvl != '0 && o_v) begin
          InnerClosesOuter_A: assert (o_kind == sam_pkg::TokStop && i_lvl == o_lvl + 64'd1)
          else $error("sam_crddrop: inner %h closes an outer fiber but the outer stream has %h",
                      i_t, o_t);
        end
      end
    end
`endif
  end


  sam_fifo #(
    .Width(CrdWidth),
    .Depth(2)
  ) outer_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(oq_push),
    .ready_o(oq_ready),
    .tok_i  (oq_tok),
    .valid_o(outer_valid_o),
    .ready_i(outer_ready_i),
    .tok_o  (outer_tok_o)
  );

  sam_fifo #(
    .Width(InnerWidth),
    .Depth(2)
  ) inner_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(iq_push),
    .ready_o(iq_ready),
    .tok_i  (i_t),
    .valid_o(inner_valid_o),
    .ready_i(inner_ready_i),
    .tok_o  (inner_tok_o)
  );

endmodule
