// sam_joiner_way: one way of a coordinate joiner (sam_intersect, sam_union): the
// checks on the way's input pair and the buffer of its reference output.
//
// Checks (simulation only, compiled out with SAM_ASSERTS_OFF): the handshake of
// the way's crd and ref inputs (`sam_stream_assert`; both move with ready_i); no
// N on crd; whenever both are valid, the pair matches (data crd with data or N
// ref, a stop with the same stop, D with D); and with end_i (every way ends its
// fiber now) the way's head coordinate end_tok_i equals way 0's, end_ref_i.
//
// Buffer: a `sam_fifo` of Depth entries takes out_tok_i when emit_i and room_o;
// room_o is a register (the buffer is not full), so the joiner's write enable
// has no path from out_ready_i.
//
// Parameters: CrdWidth  coordinate payload width, 1..63
//             RefWidth  reference payload width, 1..63
//             Depth     entries of the reference buffer, >= 1 (the joiners use 3)
//             Name      the joiner's name, for the messages
//             Way       the way's index, for the messages
// Ports:      clk_i, rst_ni                        clock, asynchronous active-low reset
//             crd_valid_i, ref_valid_i, ready_i,   the way's input pair and the ready
//             crd_tok_i, ref_tok_i                 the joiner gives both (observed)
//             end_i, end_tok_i, end_ref_i          the fiber-end check (observed)
//             emit_i, room_o, out_tok_i            the joiner's write into the buffer
//             out_valid_o, out_ready_i, out_tok_o  the way's reference output (ref)
module sam_joiner_way #(
  parameter int unsigned CrdWidth = sam_pkg::CrdWidth,
  parameter int unsigned RefWidth = sam_pkg::CrdWidth,
  parameter int unsigned Depth    = 2,
  // Waiver: only the assertions read Name and Way, and SAM_ASSERTS_OFF compiles
  // them out.
  /* verilator lint_off UNUSEDPARAM */
  parameter string       Name     = "sam_joiner",
  parameter int unsigned Way      = 0
  /* verilator lint_on UNUSEDPARAM */
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  // Waiver: the observed ports feed the assertions only.
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic              crd_valid_i,
  input  logic              ref_valid_i,
  input  logic              ready_i,
  input  logic [CrdWidth:0] crd_tok_i,
  input  logic [RefWidth:0] ref_tok_i,
  input  logic              end_i,
  input  logic [CrdWidth:0] end_tok_i,
  input  logic [CrdWidth:0] end_ref_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic              emit_i,
  output logic              room_o,
  input  logic [RefWidth:0] out_tok_i,
  output logic              out_valid_o,
  input  logic              out_ready_i,
  output logic [RefWidth:0] out_tok_o
);

  sam_stream_assert #(
    .Width(CrdWidth),
    .Name ($sformatf("%s crd%0d", Name, Way))
  ) crd_check (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(crd_valid_i),
    .ready_i(ready_i),
    .tok_i  (crd_tok_i)
  );

  sam_stream_assert #(
    .Width(RefWidth),
    .Name ($sformatf("%s ref%0d", Name, Way))
  ) ref_check (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(ref_valid_i),
    .ready_i(ready_i),
    .tok_i  (ref_tok_i)
  );

  sam_fifo #(
    .Width(RefWidth),
    .Depth(Depth)
  ) ref_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(emit_i),
    .ready_o(room_o),
    .tok_i  (out_tok_i),
    .valid_o(out_valid_o),
    .ready_i(out_ready_i),
    .tok_o  (out_tok_o)
  );

`ifndef SAM_ASSERTS_OFF
  sam_pkg::tok_kind_e c_kind, r_kind;
  assign c_kind = sam_pkg::tok_kind(crd_tok_i[CrdWidth], 64'(crd_tok_i[CrdWidth-1:0]), CrdWidth);
  assign r_kind = sam_pkg::tok_kind(ref_tok_i[RefWidth], 64'(ref_tok_i[RefWidth-1:0]), RefWidth);
  always_ff @(posedge clk_i) begin
    if (rst_ni && crd_valid_i) begin
      CrdNoEmpty_M: assert (c_kind != sam_pkg::TokEmpty)
      else $error("%s: N in coordinate stream crd%0d", Name, Way);
    end
    if (rst_ni && crd_valid_i && ref_valid_i) begin
      CrdPairsRef_M: assert (c_kind == sam_pkg::TokData
              ? (r_kind == sam_pkg::TokData || r_kind == sam_pkg::TokEmpty)
              : (c_kind == r_kind && (c_kind != sam_pkg::TokStop
                                      || 64'(crd_tok_i[CrdWidth-1:0])
                                         == 64'(ref_tok_i[RefWidth-1:0]))))
      else $error("%s: way %0d: crd %h does not pair with ref %h",
                  Name, Way, crd_tok_i, ref_tok_i);
    end
    if (rst_ni && end_i) begin
      WaysCloseAlike_A: assert (end_tok_i == end_ref_i)
      else $error("%s: way %0d ends its fiber with %h where way 0 has %h",
                  Name, Way, end_tok_i, end_ref_i);
    end
  end
`endif

endmodule
