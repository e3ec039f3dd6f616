// sam_stream_assert: checker of one SAM channel's handshake and, optionally, its
// token grammar.
//
// Instantiated by primitives on their input channels. Checks the AXI-Stream rules
// of docs/tokens-and-channels.md that the producer must keep: once valid is high it stays
// high until the transfer (valid && ready on a rising edge), and the token holds still
// meanwhile. Purely observational: no outputs, no logic left after synthesis.
// Compiled out when SAM_ASSERTS_OFF is defined (the synthesis flow defines it).
//
// With Grammar set it also checks the stream's tokens (docs/tokens-and-channels.md):
//   - stops nest: a stop's level is below Levels (the stream's order, S0..S(Levels-1));
//   - D closes the stream: with Levels > 0 the token before D is S(Levels-1)
//     (a fiber ends with a stop, the outermost one last);
//   - exactly one trailing D: after D has moved, valid stays low;
//   - with Sorted set, data tokens strictly increase within a fiber (coordinates;
//     a stop starts a new fiber, N is skipped);
//   - with Repeats set the stream may carry LZ77 repeats R_d (an LZ77 value
//     stream): each stands where a value would; without it, R_d is a stop
//     deeper than the stream's levels;
//   - with NoEmpty set the stream carries no N (a coordinate stream).
// Primitives' own instances leave Grammar off; the formal harnesses set it.
//
// Under FORMAL (formal/, SymbiYosys) the checks are immediate assertions, or
// assumptions when Assume is set: a harness assumes them on a primitive's inputs
// (the producer is the environment) and asserts them on its outputs.
//
// Parameters: Width    payload width of the channel (token is Width+1 bits), 1..63
//             Name     channel name used in the error message
//             Assume   under FORMAL: 1 assumes the checks, 0 asserts them
//             Grammar  also check the token grammar (1) or the handshake only (0)
//             Levels   stop levels of the stream (its order), 0..Width
//             Sorted   data strictly increase within a fiber (coordinate streams)
//             Repeats  R_d tokens may stand where values do (LZ77 value streams)
//             NoEmpty  no N token (coordinate streams)
//             Covers   under FORMAL, with Assume 0: cover a data token and D moving
//                      (the harness sets it on the outputs it observes)
//             CoverDone  with Covers: D moving is covered too
// Ports:      clk_i, rst_ni, valid_i, ready_i, tok_i: the channel, observed
module sam_stream_assert #(
  parameter int unsigned Width   = sam_pkg::CrdWidth,
  // Waiver: only the checks read these, and SAM_ASSERTS_OFF compiles them out;
  // only the simulation messages read Name (FORMAL drops them), only FORMAL reads
  // Assume (Verilator's UNUSEDPARAM, slang's unused-parameter).
  /* verilator lint_off UNUSEDPARAM */
  `pragma diagnostic push
  `pragma diagnostic ignore="-Wunused-parameter"
  parameter string       Name    = "stream",
  parameter bit          Assume  = 1'b0,
  parameter bit          Grammar = 1'b0,
  parameter int unsigned Levels  = 1,
  parameter bit          Sorted  = 1'b0,
  parameter bit          Repeats = 1'b0,
  parameter bit          NoEmpty = 1'b0,
  parameter bit          Covers  = 1'b0,
  parameter bit          CoverDone = 1'b1
  `pragma diagnostic pop
  /* verilator lint_on UNUSEDPARAM */
) (
  input logic             clk_i,
  input logic             rst_ni,
  input logic             valid_i,
  input logic             ready_i,
  input logic [Width:0]   tok_i
);

  if (Width < 1 || Width > sam_pkg::MaxPayloadWidth) begin : gen_bad_width
    $error("sam_stream_assert: Width must be in 1..63");
  end
  if (Levels > Width) begin : gen_bad_levels
    $error("sam_stream_assert: Levels must be in 0..Width");
  end

`ifndef SAM_ASSERTS_OFF
  logic           stalled_q;
  logic [Width:0] stalled_tok_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      stalled_q     <= 1'b0;
      stalled_tok_q <= '0;
    end else begin
      stalled_q     <= valid_i && !ready_i;
      stalled_tok_q <= tok_i;
    end
  end

  // The handshake rules: valid and the token hold while stalled.
  logic ok_valid, ok_tok;
  assign ok_valid = !stalled_q || valid_i;
  assign ok_tok   = !stalled_q || tok_i == stalled_tok_q;

  // The grammar (all true with Grammar off).
  logic ok_level, ok_close, ok_after_done, ok_sorted, ok_empty;

  if (Grammar) begin : gen_grammar
    sam_pkg::tok_kind_e kind;
    logic               moved, is_rep;
    logic               done_q, after_data_q, after_top_q, fiber_data_q;
    logic [Width-1:0]   last_q;

    assign kind  = sam_pkg::tok_kind(tok_i[Width], 64'(tok_i[Width-1:0]), Width);
    assign moved = valid_i && ready_i;
    assign is_rep = Repeats && sam_pkg::is_repeat(tok_i[Width], 64'(tok_i[Width-1:0]), Width);

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        done_q       <= 1'b0;
        after_data_q <= 1'b0;
        after_top_q  <= 1'b0;
        fiber_data_q <= 1'b0;
        last_q       <= '0;
      end else if (moved) begin
        done_q       <= done_q || kind == sam_pkg::TokDone;
        after_data_q <= kind == sam_pkg::TokData || is_rep;
        after_top_q  <= kind == sam_pkg::TokStop && !is_rep
                        && 64'(tok_i[Width-1:0]) == 64'(Levels) - 64'd1;
        if (kind == sam_pkg::TokData) begin
          fiber_data_q <= 1'b1;
          last_q       <= tok_i[Width-1:0];
        end else if (kind == sam_pkg::TokStop && !is_rep) begin
          fiber_data_q <= 1'b0;
        end
      end
    end

    assign ok_level      = !valid_i || kind != sam_pkg::TokStop || is_rep
                           || 64'(tok_i[Width-1:0]) < 64'(Levels);
    assign ok_close      = !valid_i || kind != sam_pkg::TokDone
                           || (Levels == 0 ? 1'b1 : after_top_q && !after_data_q);
    assign ok_after_done = !done_q || !valid_i;
    assign ok_sorted     = !Sorted || !valid_i || kind != sam_pkg::TokData || !fiber_data_q
                           || tok_i[Width-1:0] > last_q;
    assign ok_empty      = !NoEmpty || !valid_i || kind != sam_pkg::TokEmpty;
  end else begin : gen_no_grammar
    assign ok_level      = 1'b1;
    assign ok_close      = 1'b1;
    assign ok_after_done = 1'b1;
    assign ok_sorted     = 1'b1;
    assign ok_empty      = 1'b1;
  end

`ifdef FORMAL
  if (Assume) begin : gen_assume
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        assume (ok_valid);
        assume (ok_tok);
        assume (ok_level);
        assume (ok_close);
        assume (ok_after_done);
        assume (ok_sorted);
        assume (ok_empty);
      end
    end
  end else begin : gen_assert
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        assert (ok_valid);
        assert (ok_tok);
        assert (ok_level);
        assert (ok_close);
        assert (ok_after_done);
        assert (ok_sorted);
        assert (ok_empty);
      end
    end
    // Covers of an observed output: formal.py's cover run must reach both, so a
    // primitive that never emits, or never finishes, fails its proof.
    if (Covers) begin : gen_covers
      sam_pkg::tok_kind_e out_kind;
      assign out_kind = sam_pkg::tok_kind(tok_i[Width], 64'(tok_i[Width-1:0]), Width);
      always_ff @(posedge clk_i) begin
        if (rst_ni) begin
          DataMoves_C: cover (valid_i && ready_i && out_kind == sam_pkg::TokData);
          if (CoverDone) DoneMoves_C: cover (valid_i && ready_i && out_kind == sam_pkg::TokDone);
        end
      end
    end
  end
`else
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (ok_valid)
      else $error("%s: valid dropped before the transfer", Name);
      assert (ok_tok)
      else $error("%s: token changed while stalled (%h -> %h)", Name, stalled_tok_q, tok_i);
      assert (ok_level)
      else $error("%s: stop %h is deeper than the stream's %0d levels", Name, tok_i, Levels);
      assert (ok_close)
      else $error("%s: D does not follow the outermost stop S%0d", Name, Levels - 1);
      assert (ok_after_done)
      else $error("%s: a token after D", Name);
      assert (ok_sorted)
      else $error("%s: coordinate %h does not increase within its fiber", Name, tok_i);
      assert (ok_empty)
      else $error("%s: N in a stream without N", Name);
    end
  end
`endif
`else
  logic unused_ok;
  assign unused_ok = ^{clk_i, rst_ni, valid_i, ready_i, tok_i};
`endif

endmodule
