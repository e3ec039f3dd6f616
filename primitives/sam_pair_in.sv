// sam_pair_in: the input stage of a primitive that takes a coordinate stream and
// a second stream beside it (references, values or descriptors) a pair at a time:
// sam_runexpand, sam_runpack, sam_runreduce.
//
// Each channel is held in a one-token stage register that loads when it is empty
// or when the user takes the pair (take_i). With take_i a function of registers,
// each ready is one too, and the user's decision starts from registers: load_o
// says when each register loads, so the user decodes what it needs from the input
// token into flag registers of its own beside it.
//
// The second register holds hold_i, the second token as the user keeps it: its
// input token, or a re-encoding of the same kind (sam_runexpand's LZ77 slots).
//
// Input contract, checked on the registers (`_A`: the formal proofs assume the
// channels aligned and no N on crd at the ports, and prove these): no N on crd
// (CrdNoEmpty_A); beside a coordinate a data token, or N where SecondEmpty is set
// (SecondBesideCrd_A); D beside D (SameDone_A); a stop beside the same stop
// (SameStop_A). Each channel's handshake is checked at the port
// (`sam_stream_assert`).
//
// Parameters: CrdWidth     payload width of the coordinates, 1..63
//             InWidth      payload width of the second input, 1..63
//             HeldWidth    payload width of the second register, 1..63
//             SecondEmpty  N may stand beside a coordinate in the second stream
//             Name         the user's name, for the messages
// Ports:      clk_i, rst_ni                              clock, synchronous active-low reset
//             crd_valid_i, crd_ready_o, crd_tok_i        coordinates
//             second_valid_i, second_ready_o,            the second stream
//             second_tok_i
//             hold_i                                     the second token as held
//             take_i                                     the user takes the pair
//             load_o                                     each register loads (crd 0, second 1)
//             full_o                                     each register holds a token
//             crd_q_o, second_q_o                        the held tokens
module sam_pair_in #(
  parameter int unsigned CrdWidth    = sam_pkg::CrdWidth,
  parameter int unsigned InWidth     = sam_pkg::CrdWidth,
  parameter int unsigned HeldWidth   = InWidth,
  // Waiver: only the checks read SecondEmpty, and SAM_ASSERTS_OFF compiles them
  // out (Verilator's UNUSEDPARAM, slang's unused-parameter).
  /* verilator lint_off UNUSEDPARAM */
  `pragma diagnostic push
  `pragma diagnostic ignore="-Wunused-parameter"
  parameter bit          SecondEmpty = 1'b1,
  `pragma diagnostic pop
  /* verilator lint_on UNUSEDPARAM */
  parameter string       Name        = "sam_pair_in"
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic                 crd_valid_i,
  output logic                 crd_ready_o,
  input  logic [ CrdWidth:0]   crd_tok_i,
  input  logic                 second_valid_i,
  output logic                 second_ready_o,
  input  logic [  InWidth:0]   second_tok_i,
  input  logic [HeldWidth:0]   hold_i,
  input  logic                 take_i,
  output logic [1:0]           load_o,
  output logic [1:0]           full_o,
  output logic [ CrdWidth:0]   crd_q_o,
  output logic [HeldWidth:0]   second_q_o
);

  if (CrdWidth < 1 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_crd_width
    $error("sam_pair_in: CrdWidth must be in 1..63");
  end
  if (InWidth < 1 || InWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_in_width
    $error("sam_pair_in: InWidth must be in 1..63");
  end
  if (HeldWidth < 1 || HeldWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_held_width
    $error("sam_pair_in: HeldWidth must be in 1..63");
  end

  logic [1:0] full_q;

  assign load_o         = {take_i || !full_q[1], take_i || !full_q[0]};
  assign full_o         = full_q;
  assign crd_ready_o    = load_o[0];
  assign second_ready_o = load_o[1];

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      full_q <= '0;
    end else begin
      if (load_o[0]) full_q[0] <= crd_valid_i;
      if (load_o[1]) full_q[1] <= second_valid_i;
    end
  end

  always_ff @(posedge clk_i) begin
    if (load_o[0]) crd_q_o <= crd_tok_i;
    if (load_o[1]) second_q_o <= hold_i;
  end

  sam_stream_assert #(.Width(CrdWidth), .Name($sformatf("%s crd", Name))) crd_check (
    .clk_i, .rst_ni, .valid_i(crd_valid_i), .ready_i(crd_ready_o), .tok_i(crd_tok_i)
  );
  sam_stream_assert #(.Width(InWidth), .Name($sformatf("%s second", Name))) second_check (
    .clk_i, .rst_ni, .valid_i(second_valid_i), .ready_i(second_ready_o), .tok_i(second_tok_i)
  );

`ifndef SAM_ASSERTS_OFF
  sam_pkg::tok_kind_e c_kind, s_kind;
  assign c_kind = sam_pkg::tok_kind(crd_q_o[CrdWidth], 64'(crd_q_o[CrdWidth-1:0]), CrdWidth);
  assign s_kind = sam_pkg::tok_kind(second_q_o[HeldWidth], 64'(second_q_o[HeldWidth-1:0]),
                                    HeldWidth);
  always_ff @(posedge clk_i) begin
    if (rst_ni && full_q[0]) begin
      CrdNoEmpty_A: assert (c_kind != sam_pkg::TokEmpty)
      else $error("%s: N in the coordinate stream", Name);
    end
    if (rst_ni && full_q == 2'b11) begin
      if (c_kind == sam_pkg::TokData) begin
        SecondBesideCrd_A: assert (s_kind == sam_pkg::TokData
                                   || (SecondEmpty && s_kind == sam_pkg::TokEmpty))
        else $error("%s: a control token beside a coordinate", Name);
      end else if (c_kind == sam_pkg::TokDone) begin
        SameDone_A: assert (s_kind == sam_pkg::TokDone)
        else $error("%s: D in crd beside another token in the second stream", Name);
      end else begin
        SameStop_A: assert (s_kind == sam_pkg::TokStop &&
                            64'(second_q_o[HeldWidth-1:0]) == 64'(crd_q_o[CrdWidth-1:0]))
        else $error("%s: the two streams close with different stops", Name);
      end
    end
  end
`endif

endmodule
