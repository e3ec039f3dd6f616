// sam_joiner_ways: the ways and the outputs of a coordinate joiner (sam_intersect,
// sam_intersect_lean, sam_union, sam_runmerge): the checks on each way's input
// pair, and the output buffers, crd's and each way's reference's.
//
// Checks (simulation only, compiled out with SAM_ASSERTS_OFF): the handshake of
// each way's crd and ref inputs (`sam_stream_assert`; both move with
// in_ready_i[k]); no N on crd; whenever both are valid, the pair matches (data crd
// with data or N ref, a stop with the same stop, D with D); and with end_i (every
// way ends its fiber now) each way's head coordinate end_tok_i[k] equals way 0's.
//
// Outputs: one `sam_fifo` of Depth entries per output takes crd_out_i and
// ref_out_i[k] when emit_i. room_o says the joiner may emit:
//   Credits = 0  every buffer has room now (the buffers' own readies: the
//                joiner emits straight into them);
//   Credits = 1  every output has a credit (`sam_credit`, one counter per
//                output): the joiner issues a token (take_i) into its output
//                register, which reaches the buffers (emit_i) the next cycle,
//                so each counter holds the tokens in that register and in its
//                buffer. room_o is a register either way: the joiner's write
//                enable has no path from the output readies.
// Asserted: no emit into a full buffer; under FORMAL with Credits, each counter
// equals the token in the output register plus its buffer's.
//
// Parameters: Ways      number of ways, 1..8
//             CrdWidth  coordinate payload width, 1..63
//             RefWidth  reference payload width, 1..63
//             Depth     entries of each output buffer, >= 1 (the joiners use 2 or 3)
//             Credits   1: room from credits for an output register (above)
//             Name      the joiner's name, for the messages
// Ports (a multi-way port is an array, element k for way k):
//             clk_i, rst_ni                          clock, synchronous active-low reset
//             crd_valid_i, ref_valid_i, in_ready_i,  each way's input pair and the ready
//             crd_tok_i, ref_tok_i                   the joiner gives both (observed)
//             end_i, end_tok_i                       the fiber-end check (observed)
//             take_i                                 Credits: a token issued
//             emit_i, room_o                         a token for every output; room
//             crd_out_i, ref_out_i                   the tokens emitted
//             crd_valid_o, crd_ready_i, crd_tok_o    the coordinate output (crd)
//             ref_valid_o, ref_ready_i, ref_tok_o    each way's reference output (ref)
module sam_joiner_ways #(
  parameter int unsigned Ways     = 2,
  parameter int unsigned CrdWidth = sam_pkg::CrdWidth,
  parameter int unsigned RefWidth = sam_pkg::CrdWidth,
  parameter int unsigned Depth    = 2,
  parameter bit          Credits  = 1'b0,
  // Waiver: only the assertions read Name, and SAM_ASSERTS_OFF compiles them out.
  /* verilator lint_off UNUSEDPARAM */
  parameter string       Name     = "sam_joiner"
  /* verilator lint_on UNUSEDPARAM */
) (
  input  logic                          clk_i,
  input  logic                          rst_ni,
  // Waiver: the observed ports feed the assertions only.
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic [Ways-1:0]               crd_valid_i,
  input  logic [Ways-1:0]               ref_valid_i,
  input  logic [Ways-1:0]               in_ready_i,
  input  logic [Ways-1:0][CrdWidth:0]   crd_tok_i,
  input  logic [Ways-1:0][RefWidth:0]   ref_tok_i,
  input  logic                          end_i,
  input  logic [Ways-1:0][CrdWidth:0]   end_tok_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic                          take_i,
  input  logic                          emit_i,
  output logic                          room_o,
  input  logic [CrdWidth:0]             crd_out_i,
  input  logic [Ways-1:0][RefWidth:0]   ref_out_i,
  output logic                          crd_valid_o,
  input  logic                          crd_ready_i,
  output logic [CrdWidth:0]             crd_tok_o,
  output logic [Ways-1:0]               ref_valid_o,
  input  logic [Ways-1:0]               ref_ready_i,
  output logic [Ways-1:0][RefWidth:0]   ref_tok_o
);

  logic              crd_room;
  logic [Ways-1:0]   ref_room;

  sam_fifo #(
    .Width(CrdWidth),
    .Depth(Depth)
  ) crd_buffer (
    .clk_i, .rst_ni, .valid_i(emit_i), .ready_o(crd_room), .tok_i(crd_out_i),
    .valid_o(crd_valid_o), .ready_i(crd_ready_i), .tok_o(crd_tok_o)
  );

  for (genvar k = 0; k < Ways; k++) begin : gen_way
    sam_stream_assert #(.Width(CrdWidth), .Name($sformatf("%s crd%0d", Name, k))) crd_check (
      .clk_i, .rst_ni, .valid_i(crd_valid_i[k]), .ready_i(in_ready_i[k]), .tok_i(crd_tok_i[k])
    );
    sam_stream_assert #(.Width(RefWidth), .Name($sformatf("%s ref%0d", Name, k))) ref_check (
      .clk_i, .rst_ni, .valid_i(ref_valid_i[k]), .ready_i(in_ready_i[k]), .tok_i(ref_tok_i[k])
    );

    sam_fifo #(
      .Width(RefWidth),
      .Depth(Depth)
    ) ref_buffer (
      .clk_i, .rst_ni, .valid_i(emit_i), .ready_o(ref_room[k]), .tok_i(ref_out_i[k]),
      .valid_o(ref_valid_o[k]), .ready_i(ref_ready_i[k]), .tok_o(ref_tok_o[k])
    );

`ifndef SAM_ASSERTS_OFF
    sam_pkg::tok_kind_e c_kind, r_kind;
    assign c_kind = sam_pkg::tok_kind(crd_tok_i[k][CrdWidth], 64'(crd_tok_i[k][CrdWidth-1:0]),
                                      CrdWidth);
    assign r_kind = sam_pkg::tok_kind(ref_tok_i[k][RefWidth], 64'(ref_tok_i[k][RefWidth-1:0]),
                                      RefWidth);
    always_ff @(posedge clk_i) begin
      if (rst_ni && crd_valid_i[k]) begin
        CrdNoEmpty_M: assert (c_kind != sam_pkg::TokEmpty)
        else $error("%s: N in coordinate stream crd%0d", Name, k);
      end
      if (rst_ni && crd_valid_i[k] && ref_valid_i[k]) begin
        CrdPairsRef_M: assert (c_kind == sam_pkg::TokData
                ? (r_kind == sam_pkg::TokData || r_kind == sam_pkg::TokEmpty)
                : (c_kind == r_kind && (c_kind != sam_pkg::TokStop
                                        || 64'(crd_tok_i[k][CrdWidth-1:0])
                                           == 64'(ref_tok_i[k][RefWidth-1:0]))))
        else $error("%s: way %0d: crd %h does not pair with ref %h",
                    Name, k, crd_tok_i[k], ref_tok_i[k]);
      end
      if (rst_ni && end_i) begin
        WaysCloseAlike_A: assert (end_tok_i[k] == end_tok_i[0])
        else $error("%s: way %0d ends its fiber with %h where way 0 has %h",
                    Name, k, end_tok_i[k], end_tok_i[0]);
      end
    end
`endif
  end

  if (Credits) begin : gen_credits
    // Output 0 is crd, output k + 1 is ref[k]: one in on take_i, one out on the
    // output's handshake.
    sam_credit #(
      .Depth  (Depth),
      .Outputs(Ways + 1)
    ) credit (
      .clk_i, .rst_ni, .take_i, .drop_i(1'b0),
      .give_i({ref_valid_o & ref_ready_i, crd_valid_o && crd_ready_i}), .room_o
    );
`ifdef FORMAL
    // Invariants (formal/): each count equals the token in the output register
    // (emit_i) and its buffer's (sam_credit proves room_o from the counts).
    always_ff @(posedge clk_i) begin
      if (rst_ni) assert (32'(credit.used_q[0]) == 32'(emit_i) + crd_buffer.f_count);
    end
    for (genvar k = 0; k < Ways; k++) begin : gen_f_count
      always_ff @(posedge clk_i) begin
        if (rst_ni) begin
          assert (32'(credit.used_q[k + 1]) == 32'(emit_i) + gen_way[k].ref_buffer.f_count);
        end
      end
    end
`endif
  end else begin : gen_buffer_room
    assign room_o = crd_room && ref_room == '1;
    logic unused_take;
    assign unused_take = take_i;
  end

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni && emit_i) begin
      BufferRoom_A: assert (crd_room && ref_room == '1)
      else $error("%s: write into a full output buffer", Name);
    end
  end
`else
  logic unused_room;  // with credits, the buffers' readies feed the assertion only
  assign unused_room = crd_room ^ (^ref_room);
`endif

endmodule
