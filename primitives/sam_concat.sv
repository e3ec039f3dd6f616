// sam_concat: fiber concatenator (docs/primitives.md; golden model
// golden/src/models/concat.rs, `concat`).
//
// Turns Ways aligned (crd, val) stream pairs into one (crd, val) pair one level
// deeper: for each fiber f, closed by S_n on every way, the output holds way 0's
// data tokens of fiber f, then S0, way 1's, then S0, ..., way Ways-1's, then
// S_(n+1); after the last fiber one D. Example, Ways = 2: crd 1 3 S0 S1 D and
// 2 S0 4 S1 D give 1 3 S0 2 S1 S0 4 S2 D (val alike). Empty fibers stay empty
// (a bare S0); ways of only D give D.
//
// Why: a workspace that sums several operands (a + b + c precomputed,
// w += a; w += b; ...) feeds the order-1 sparse accumulator (sam_spaccumulator1)
// with every operand's fiber one after another, as the fibers of one more
// (reduction) level; the accumulator sums every fiber between two stops of
// level >= 1, so it adds the operands fiber by fiber.
//
// Contract: on every way crd and val have the same control structure (a
// coordinate pairs with a value or N, a stop with the same stop, D with D), and
// every way has the same skeleton (as many fibers, fiber f closed by the same stop
// on every way). N on crd passes like a coordinate. The last way's stops must be
// below the deepest stop of their channel's width, as they come out one level
// deeper. Simulation checks all of this (not SAM_ASSERTS_OFF).
//
// Microarchitecture: every input is first registered in an input stage, the crd
// stage with its kind decoded (the last way's crd stops already raised, S_n to
// S_(n+1): that carry chain sits on the input path). A one-hot way selection
// (with a binary twin for the output mux) picks the pair that moves: each way
// decides from its own registers (selected, both stages full, not D) and the
// buffers' room, so no mux over the ways sits in front of a ready_o. The pair goes
// out with its stop rewritten, S0 on ways 0..Ways-2; a val stop is rebuilt from
// the crd stop it pairs with, so the val stages are never decoded. A stop passes
// the selection to the next way, the last way's back to way 0. A way whose two
// stages hold D raises a sticky flag a cycle later; once every way's is up, one D
// goes out and every way's D is taken. A stage refills in the cycle it empties,
// so the output moves one token per cycle however the fibers are spread over the
// ways. Each output sits behind a two-entry buffer (`sam_fifo`, Depth 2).
// Latency: 2 cycles at the least (stage, buffer).
// Combinational paths: ready_o of an input is "its stage is empty or its token
// leaves this cycle", a function of registers only (stages, selection, D flags,
// the buffers' ready_o): no path from any input port or ready_i to any ready_o.
// Outputs come from the buffers' registers. crd_ready_o[k] and val_ready_o[k]
// differ only while one of the two stages is empty.
//
// Parameters: Ways      number of ways, 2..8
//             CrdWidth  coordinate payload width, 2..63 (a stop needs 2 bits)
//             ValWidth  value payload width, 2..63
// Ports (a multi-way port is an array, element k for way k, k = 0..Ways-1):
//             clk_i, rst_ni                          clock, synchronous active-low reset
//             crd_valid_i, crd_ready_o, crd_tok_i    each way's coordinates (crd)
//             val_valid_i, val_ready_o, val_tok_i    each way's values (val, N allowed)
//             crd_valid_o, crd_ready_i, crd_tok_o    the ways' fibers in turn (crd)
//             val_valid_o, val_ready_i, val_tok_o    their values (val)
module sam_concat #(
  parameter int unsigned Ways     = 2,
  parameter int unsigned CrdWidth = sam_pkg::CrdWidth,
  parameter int unsigned ValWidth = sam_pkg::ValWidth
) (
  input  logic                        clk_i,
  input  logic                        rst_ni,
  input  logic [Ways-1:0]             crd_valid_i,
  output logic [Ways-1:0]             crd_ready_o,
  input  logic [Ways-1:0][CrdWidth:0] crd_tok_i,
  input  logic [Ways-1:0]             val_valid_i,
  output logic [Ways-1:0]             val_ready_o,
  input  logic [Ways-1:0][ValWidth:0] val_tok_i,
  output logic                        crd_valid_o,
  input  logic                        crd_ready_i,
  output logic [CrdWidth:0]           crd_tok_o,
  output logic                        val_valid_o,
  input  logic                        val_ready_i,
  output logic [ValWidth:0]           val_tok_o
);

  localparam int unsigned MaxWays  = 8;
  localparam int unsigned PtrWidth = 3;
  localparam logic [PtrWidth-1:0] LastWay = PtrWidth'(Ways - 1);
  localparam logic [MaxWays-1:0]  UsedWays = MaxWays'((1 << Ways) - 1);

  if (Ways < 2 || Ways > MaxWays) begin : gen_bad_ways
    $error("sam_concat: Ways must be in 2..8");
  end
  if (CrdWidth < 2 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_crd_width
    $error("sam_concat: CrdWidth must be in 2..63");
  end
  if (ValWidth < 2 || ValWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_val_width
    $error("sam_concat: ValWidth must be in 2..63");
  end

  // The way arrays at MaxWays: the selection rotates over a fixed eight-way
  // one-hot, the ways beyond Ways idle (never valid).
  logic [MaxWays-1:0] crd_valid, crd_ready, val_valid, val_ready;
  logic [CrdWidth:0]  crd_tok[MaxWays];
  logic [ValWidth:0]  val_tok[MaxWays];

  for (genvar k = 0; k < MaxWays; k++) begin : gen_port
    if (k < Ways) begin : gen_way_port
      assign crd_valid[k]   = crd_valid_i[k];
      assign crd_tok[k]     = crd_tok_i[k];
      assign val_valid[k]   = val_valid_i[k];
      assign val_tok[k]     = val_tok_i[k];
      assign crd_ready_o[k] = crd_ready[k];
      assign val_ready_o[k] = val_ready[k];
    end else begin : gen_no_port
      assign crd_valid[k] = 1'b0;
      assign crd_tok[k]   = '0;
      assign val_valid[k] = 1'b0;
      assign val_tok[k]   = '0;
      logic unused_ready;
      assign unused_ready = crd_ready[k] ^ val_ready[k];
    end
  end

  // The input stages as seen by the selection and the output: per way, whether
  // the crd stage holds a stop, and the tokens.
  logic [MaxWays-1:0] c_stop;
  logic [CrdWidth:0]  c_t[MaxWays];
  logic [ValWidth:0]  v_t[MaxWays];
  // at_done[k]: way k has shown D on both stages (a cycle ago; unused ways always).
  // go[k]: way k is the selected way and its pair is ready to move (not D).
  // pop[k]: the decision takes way k's stage pair this cycle.
  logic [MaxWays-1:0] at_done, go, pop;

  // The way whose fiber is passing, one-hot (the decision) and as a number (the
  // output mux, which maps to the families' wide-mux cells).
  logic [MaxWays-1:0]  sel_d, sel_q;
  logic [PtrWidth-1:0] ptr_d, ptr_q;
  logic                adv, room, all_done, push, crd_room, val_room, flat, raise;
  logic [CrdWidth:0]   c_out;
  logic [ValWidth:0]   v_out;

  assign room     = crd_room && val_room;
  assign all_done = &at_done;

`ifndef SAM_ASSERTS_OFF
  // Simulation only: whether each crd stage holds a token and whether it is D,
  // each crd stage's stop level as it came in, and way 0's closing stop level of
  // the current fiber (every other way must close it alike).
  logic [MaxWays-1:0] c_v, c_done;
  logic [63:0]        c_lvl[MaxWays];
  logic [63:0]        fiber_lvl_q;
`endif

  for (genvar k = 0; k < MaxWays; k++) begin : gen_way
    if (k < Ways) begin : gen_used
      sam_stream_assert #(.Width(CrdWidth), .Name("sam_concat crd")) crd_check (
        .clk_i, .rst_ni, .valid_i(crd_valid[k]), .ready_i(crd_ready[k]), .tok_i(crd_tok[k])
      );

      sam_stream_assert #(.Width(ValWidth), .Name("sam_concat val")) val_check (
        .clk_i, .rst_ni, .valid_i(val_valid[k]), .ready_i(val_ready[k]), .tok_i(val_tok[k])
      );

      sam_pkg::tok_kind_e c_kind_in;
      logic               cv_q, vv_q, stop_q, done_q, at_done_q;
      logic [CrdWidth:0]  ct_q;
      logic [ValWidth:0]  vt_q;

      assign c_kind_in = sam_pkg::tok_kind(crd_tok[k][CrdWidth],
                                           64'(crd_tok[k][CrdWidth-1:0]), CrdWidth);

      // The last way's crd stops are raised on the way in (S_n to S_(n+1)): the
      // carry chain sits on the input path, not between the stages and the buffers.
      logic [CrdWidth:0] c_in;
      if (k == Ways - 1) begin : gen_raise
        assign c_in = (c_kind_in == sam_pkg::TokStop)
                    ? {1'b1, crd_tok[k][CrdWidth-1:0] + CrdWidth'(1)} : crd_tok[k];
      end else begin : gen_keep
        assign c_in = crd_tok[k];
      end

      // The way's own decision: no mux over the ways, the selection is one-hot.
      assign go[k]  = sel_q[k] && cv_q && vv_q && !done_q;
      assign pop[k] = room && (go[k] || all_done);

      // A stage takes a token whenever it is empty or its token goes this cycle.
      assign crd_ready[k] = !cv_q || pop[k];
      assign val_ready[k] = !vv_q || pop[k];

      always_ff @(posedge clk_i) begin
        if (!rst_ni) begin
          cv_q      <= 1'b0;
          vv_q      <= 1'b0;
          stop_q    <= 1'b0;
          done_q    <= 1'b0;
          at_done_q <= 1'b0;
          ct_q      <= '0;
          vt_q      <= '0;
        end else begin
          if (crd_ready[k]) begin
            cv_q   <= crd_valid[k];
            ct_q   <= c_in;
            stop_q <= c_kind_in == sam_pkg::TokStop;
            done_q <= c_kind_in == sam_pkg::TokDone;
          end
          if (val_ready[k]) begin
            vv_q <= val_valid[k];
            vt_q <= val_tok[k];
          end
          // A way at D stays there until the D that every way shows goes out,
          // so the flag may lag a cycle and be taken from registers.
          at_done_q <= !(room && all_done) && (at_done_q || (cv_q && vv_q && done_q));
        end
      end

      assign c_stop[k]  = stop_q;
      assign at_done[k] = at_done_q;
      assign c_t[k]     = ct_q;
      assign v_t[k]     = vt_q;

`ifndef SAM_ASSERTS_OFF
      localparam bit Last = (k == Ways - 1);
      sam_pkg::tok_kind_e v_kind_in, v_kind_q;
      logic [63:0]        c_lvl_q, v_lvl_q;  // payloads as they came in
      assign v_kind_in = sam_pkg::tok_kind(val_tok[k][ValWidth],
                                           64'(val_tok[k][ValWidth-1:0]), ValWidth);
      always_ff @(posedge clk_i) begin
        if (!rst_ni) begin
          v_kind_q <= sam_pkg::TokData;
          c_lvl_q  <= '0;
          v_lvl_q  <= '0;
        end else begin
          if (crd_ready[k]) c_lvl_q <= 64'(crd_tok[k][CrdWidth-1:0]);
          if (val_ready[k]) begin
            v_kind_q <= v_kind_in;
            v_lvl_q  <= 64'(val_tok[k][ValWidth-1:0]);
          end
        end
      end
      assign c_v[k]    = cv_q;
      assign c_done[k] = done_q;
      assign c_lvl[k]  = c_lvl_q;

      always_ff @(posedge clk_i) begin
        if (rst_ni) begin
          if (pop[k] && stop_q) begin
            StopPairs_A: assert (v_kind_q == sam_pkg::TokStop && v_lvl_q == c_lvl_q)
            else $error("sam_concat: way %0d: crd S%0d does not line up with val %h",
                        k, c_lvl_q, vt_q);
          end
          if (pop[k] && !stop_q && !done_q) begin
            DataPairs_A: assert (v_kind_q == sam_pkg::TokData || v_kind_q == sam_pkg::TokEmpty)
            else $error("sam_concat: way %0d: crd %h does not line up with val %h",
                        k, ct_q, vt_q);
          end
          if (pop[k] && done_q) begin
            DonePairs_A: assert (v_kind_q == sam_pkg::TokDone)
            else $error("sam_concat: way %0d: crd D does not line up with val %h", k, vt_q);
          end
          if (k != 0 && pop[k] && stop_q) begin
            WaysCloseAlike_A: assert (c_lvl_q == fiber_lvl_q)
            else $error("sam_concat: way %0d closes a fiber with S%0d, way 0 with S%0d",
                        k, c_lvl_q, fiber_lvl_q);
          end
          if (Last && cv_q && stop_q) begin
            // Raised, a stop stays below the repeats' payloads.
            CrdStopRaisable_A: assert (c_lvl_q + 64'd1 < sam_pkg::repeat_base(CrdWidth))
            else $error("sam_concat: last way's crd S%0d is too deep to raise", c_lvl_q);
          end
          if (Last && vv_q && v_kind_q == sam_pkg::TokStop) begin
            ValStopRaisable_A: assert (v_lvl_q + 64'd1 < sam_pkg::repeat_base(ValWidth))
            else $error("sam_concat: last way's val S%0d is too deep to raise", v_lvl_q);
          end
        end
      end
`endif
    end else begin : gen_unused
      logic unused_way;
      assign unused_way   = ^{crd_valid[k], crd_tok[k], val_valid[k], val_tok[k], pop[k]};
      assign crd_ready[k] = 1'b0;
      assign val_ready[k] = 1'b0;
      assign go[k]        = 1'b0;
      assign pop[k]       = 1'b0;
      assign c_stop[k]    = 1'b0;
      assign at_done[k]   = 1'b1;
      assign c_t[k]       = '0;
      assign v_t[k]       = '0;
`ifndef SAM_ASSERTS_OFF
      assign c_v[k]    = 1'b0;
      assign c_done[k] = 1'b0;
      assign c_lvl[k]  = '0;
`endif
    end
  end

  // What goes out is the selected way's pair (at D, way 0's: the selection is
  // back there), with the stop rewrite: the selected way's crd stop becomes S0
  // (the last way's is S_(n+1) already), and a val stop is the crd stop that goes
  // with it (the contract makes them equal; the val stages' stops are not
  // decoded). A stop of the selected way passes the selection on.
  assign flat  = |(sel_q & c_stop & (UsedWays >> 1));
  assign raise = sel_q[Ways-1] && c_stop[Ways-1];

  always_comb begin
    c_out = c_t[ptr_q];
    v_out = v_t[ptr_q];
    if (flat) begin
      c_out = {1'b1, CrdWidth'(0)};
      v_out = {1'b1, ValWidth'(0)};
    end else if (raise) begin
      v_out = {1'b1, ValWidth'(c_t[Ways-1][CrdWidth-1:0])};
    end
  end

  assign push  = room && ((|go) || all_done);
  assign adv   = room && |(go & c_stop);
  assign sel_d = adv ? UsedWays & {sel_q[MaxWays-2:0], sel_q[Ways-1]} : sel_q;
  assign ptr_d = !adv ? ptr_q : (ptr_q == LastWay) ? '0 : ptr_q + 1'b1;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      sel_q <= MaxWays'(1);
      ptr_q <= '0;
    end else begin
      sel_q <= sel_d;
      ptr_q <= ptr_d;
    end
  end

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      fiber_lvl_q <= '0;
    end else if (pop[0] && c_stop[0]) begin
      fiber_lvl_q <= c_lvl[0];
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (sel_q == MaxWays'(1) << ptr_q)
      else $error("sam_concat: way selection %b is not way %0d", sel_q, ptr_q);
      if (|(sel_q & c_v & c_done)) begin
        WaysEndTogether_A: assert (sel_q[0])
        else $error("sam_concat: way %b ends (D) with fewer fibers than way 0", sel_q);
        NoExtraFibers_A: assert ((c_v & ~c_done) == '0)
        else $error("sam_concat: the ways %b have more fibers than way 0", c_v & ~c_done);
      end
    end
  end
`endif

  sam_fifo #(
    .Width(CrdWidth),
    .Depth(2)
  ) crd_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(push),
    .ready_o(crd_room),
    .tok_i  (c_out),
    .valid_o(crd_valid_o),
    .ready_i(crd_ready_i),
    .tok_o  (crd_tok_o)
  );

  sam_fifo #(
    .Width(ValWidth),
    .Depth(2)
  ) val_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(push),
    .ready_o(val_room),
    .tok_i  (v_out),
    .valid_o(val_valid_o),
    .ready_i(val_ready_i),
    .tok_o  (val_tok_o)
  );

endmodule
