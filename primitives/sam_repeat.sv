// sam_repeat: repeats references over a coordinate level (docs/primitives.md;
// golden model golden/src/models/repeat.rs).
//
// Per input reference, as the repeat signal (from `sam_repsiggen`) says:
// - a data reference (or `N`) is emitted once per `R`, up to the next `S`;
// - that `S` becomes a stop: `S0`, or `S_(n+1)` if the next reference token is a
//   stop `S_n`, which is then consumed;
// - a bare reference stop `S_n` uses up one `S` and comes out as `S_(n+1)`;
// - `D` on both inputs gives `D`.
// So every repeat-signal token gives exactly one output token. A root repeat (the
// single root reference) is this block fed `0 D` on ref.
//
// The reference being repeated is taken off the ref channel into a holding
// register, so the block can see the token after it when the `S` arrives. With a
// reference held, an `R` emits it, and an `S` emits the stop and, when the next
// ref token is a reference, loads it in the same cycle: one token per cycle in
// steady state. (A reference whose first signal is `S`, right after a bare stop
// or at the start, costs one cycle to load.)
//
// The output sits behind a two-entry buffer (`sam_fifo`, Depth 2). ready_o of both
// inputs depends only on the input valids and tokens and on registered state: no
// combinational path from ref_ready_i to ref_ready_o or repsig_ready_o.
//
// Parameters: CrdWidth  payload width of the reference streams, 2..63 (references
//                       may be `N`; with one bit `N` and `S0` would coincide)
// Ports:      clk_i, rst_ni                       clock, synchronous active-low reset
//             ref_valid_i, ref_ready_o, ref_tok_i references in (data, N, stops, D)
//             repsig_valid_i, repsig_ready_o, repsig_tok_i
//                                                 repeat signal (R, S, D;
//                                                 RepsigWidth-bit payload)
//             ref_valid_o, ref_ready_i, ref_tok_o references out (data, N, stops, D)
module sam_repeat #(
  parameter int unsigned CrdWidth = sam_pkg::CrdWidth
) (
  input  logic                          clk_i,
  input  logic                          rst_ni,
  input  logic                          ref_valid_i,
  output logic                          ref_ready_o,
  input  logic [CrdWidth:0]             ref_tok_i,
  input  logic                          repsig_valid_i,
  output logic                          repsig_ready_o,
  input  logic [sam_pkg::RepsigWidth:0] repsig_tok_i,
  output logic                          ref_valid_o,
  input  logic                          ref_ready_i,
  output logic [CrdWidth:0]             ref_tok_o
);

  if (CrdWidth < 2 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_width
    $error("sam_repeat: CrdWidth must be in 2..63");
  end

  localparam int unsigned W = sam_pkg::RepsigWidth;

  sam_stream_assert #(.Width(CrdWidth), .Name("sam_repeat ref")) ref_check (
    .clk_i, .rst_ni, .valid_i(ref_valid_i), .ready_i(ref_ready_o), .tok_i(ref_tok_i)
  );

  sam_stream_assert #(.Width(W), .Name("sam_repeat repsig")) repsig_check (
    .clk_i, .rst_ni, .valid_i(repsig_valid_i), .ready_i(repsig_ready_o), .tok_i(repsig_tok_i)
  );

  localparam logic [CrdWidth:0] OutS0 = {1'b1, CrdWidth'(0)};
  localparam logic [CrdWidth:0] OutD  = {1'b1, CrdWidth'(sam_pkg::done_payload(CrdWidth))};

  sam_pkg::tok_kind_e ref_kind, sig_kind;
  logic               sig_r, sig_s, sig_d;
  logic [CrdWidth:0]  raised;      // the ref stop S_n as S_(n+1)

  assign ref_kind = sam_pkg::tok_kind(ref_tok_i[CrdWidth], 64'(ref_tok_i[CrdWidth-1:0]),
                                      CrdWidth);
  assign sig_kind = sam_pkg::tok_kind(repsig_tok_i[W], 64'(repsig_tok_i[W-1:0]), W);
  assign sig_r    = repsig_valid_i && sig_kind == sam_pkg::TokData;
  assign sig_s    = repsig_valid_i && sig_kind == sam_pkg::TokStop;
  assign sig_d    = repsig_valid_i && sig_kind == sam_pkg::TokDone;
  assign raised   = {1'b1, ref_tok_i[CrdWidth-1:0] + 1'b1};

  // State: the data/N reference being repeated.
  logic              held_valid_d, held_valid_q;
  logic [CrdWidth:0] held_d, held_q;

  // Core decisions. `emit` needs room in the output buffer and consumes `ref_take`
  // and `sig_take` with it. `ref_free` takes an idle reference into the holding
  // register, which needs no room.
  logic              emit, out_ready, fire;
  logic [CrdWidth:0] out_tok;
  logic              ref_take, sig_take, ref_free, load, release_held;

  always_comb begin
    emit         = 1'b0;
    out_tok      = held_q;
    ref_take     = 1'b0;
    sig_take     = 1'b0;
    ref_free     = 1'b0;
    load         = 1'b0;  // with the emit: the ref head becomes the held reference
    release_held = 1'b0;  // with the emit: nothing is held any more
    if (held_valid_q) begin
      if (sig_r) begin
        emit     = 1'b1;
        sig_take = 1'b1;
      end else if (sig_s && ref_valid_i) begin
        emit     = 1'b1;
        sig_take = 1'b1;
        unique case (ref_kind)
          sam_pkg::TokStop: begin
            out_tok      = raised;
            ref_take     = 1'b1;
            release_held = 1'b1;
          end
          sam_pkg::TokDone: begin
            out_tok      = OutS0;
            release_held = 1'b1;
          end
          default: begin  // data or N: the next reference, loaded now
            out_tok  = OutS0;
            ref_take = 1'b1;
            load     = 1'b1;
          end
        endcase
      end
    end else if (ref_valid_i) begin
      unique case (ref_kind)
        sam_pkg::TokStop: begin
          emit     = sig_s;
          out_tok  = raised;
          ref_take = 1'b1;
          sig_take = 1'b1;
        end
        sam_pkg::TokDone: begin
          emit     = sig_d;
          out_tok  = OutD;
          ref_take = 1'b1;
          sig_take = 1'b1;
        end
        default: begin  // data or N: hold it, and emit it at once on R
          ref_free = 1'b1;
          emit     = sig_r;
          out_tok  = ref_tok_i;
          sig_take = 1'b1;
        end
      endcase
    end
  end

  assign fire           = emit && out_ready;
  assign ref_ready_o    = ref_free || (ref_take && fire);
  assign repsig_ready_o = sig_take && fire;

  always_comb begin
    held_valid_d = held_valid_q;
    held_d       = held_q;
    if (ref_free || (load && fire)) begin
      held_valid_d = 1'b1;
      held_d       = ref_tok_i;
    end else if (release_held && fire) begin
      held_valid_d = 1'b0;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      held_valid_q <= 1'b0;
      held_q       <= '0;
    end else begin
      held_valid_q <= held_valid_d;
      held_q       <= held_d;
    end
  end

  sam_fifo #(
    .Width(CrdWidth),
    .Depth(2)
  ) out_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(emit),
    .ready_o(out_ready),
    .tok_i  (out_tok),
    .valid_o(ref_valid_o),
    .ready_i(ref_ready_i),
    .tok_o  (ref_tok_o)
  );

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni && repsig_valid_i) begin
      RepsigKind_M: assert (sig_d || (sig_kind != sam_pkg::TokEmpty && repsig_tok_i[W-1:0] == '0))
      else $error("sam_repeat: repsig token %h is not R, S or D", repsig_tok_i);
      RepsigNotEarly_A: assert (!(held_valid_q && sig_d))
      else $error("sam_repeat: repsig ends while a reference is still repeating");
      if (!held_valid_q && ref_valid_i) begin
        EmptyFiberS_A: assert (!(ref_kind == sam_pkg::TokStop && !sig_s))
        else $error("sam_repeat: repsig gives R or D for an empty fiber");
        RepsigEndsWithRefs_A: assert (!(ref_kind == sam_pkg::TokDone && !sig_d))
        else $error("sam_repeat: repsig has R or S after the last reference");
      end
    end
    if (rst_ni && ref_valid_i && ref_kind == sam_pkg::TokStop) begin
      StopRaisable_M: assert (sam_pkg::tok_kind(1'b1, 64'(raised[CrdWidth-1:0]), CrdWidth) == sam_pkg::TokStop)
      else $error("sam_repeat: ref stop is too deep to raise");
    end
  end
`endif

endmodule
