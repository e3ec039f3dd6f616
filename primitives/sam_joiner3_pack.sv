// sam_joiner3_pack: the references between the two halves of a 3-way joiner
// built from two 2-way ones (sam_joiner3).
//
// The first half joins ways 0 and 1 and gives a reference of each (r0, r1) for
// every token of its crd; the second half joins that result with way 2 and has one
// reference width for both its ways. So the pair (r0, r1) is packed into one token
// of PackedWidth = 2 * RefWidth + 2 payload bits, and way 2's reference (ref2) is
// widened to the same width; sam_joiner3_unpack undoes both.
//
// Packed token, from references a and b of the same position (way 2: a = b =
// ref2):
//   a and b both control  control: S_n, D or N (both N: a position where neither
//                         way had a reference); the payload is a's, its top bit
//                         copied into the RefWidth + 2 bits above: S_n stays n, D
//                         is all ones, N all ones minus one, at PackedWidth
//   otherwise             data {a, b}: both tokens whole, so a data reference and
//                         N (a way without the coordinate, in a union) both pass
// Each packed bit is then one LUT of a's and b's flags and one bit each (decoding
// D and N instead would put two LUT levels more between the halves). Copying the
// top bit needs stop levels below 2^(RefWidth-1), where the top bit of a stop's
// payload is 0: an assertion checks it. Larger levels still unpack to the same stop (only the
// low RefWidth bits are read back), but the second half's pair check would see a
// different level.
// The second half never reads a reference's value: the packing only has to give
// back the same tokens and keep a stop a stop of the same level.
//
// Combinational, no state: the first half's three outputs (c, r[0], r[1]) are joined
// into one token, the coordinate beside the packed pair: valid_o is all three
// valid, and each input takes the consumer's ready with the other two's valids (a
// join). The first half fills its three output buffers together, so they are
// valid together. ref2 passes its handshake through.
//
// Parameters: CrdWidth  coordinate payload width, 1..63
//             RefWidth  reference payload width, 1..30 (PackedWidth <= 63); with
//                       1 there is no N (it would be S0)
// Ports:      clk_i, rst_ni                        observed by the assertion only
//             c_valid_i, c_ready_o, c_tok_i        the first half's crd (crd)
//             r_valid_i, r_ready_o, r_tok_i        the first half's references, element k
//                                                  its ref of way k (ref, N allowed)
//             r01_valid_o, r01_ready_i,            the joined token: the coordinate
//             c_tok_o, r01_tok_o                   (crd) and the pair, packed (ref)
//             ref2_valid_i, ref2_ready_o, ref2_tok_i  way 2's references (ref, N allowed)
//             r2_valid_o, r2_ready_i, r2_tok_o     way 2's references, widened (ref)
module sam_joiner3_pack #(
  parameter int unsigned CrdWidth    = sam_pkg::CrdWidth,
  parameter int unsigned RefWidth    = sam_pkg::CrdWidth,
  localparam int unsigned PackedWidth = 2 * RefWidth + 2
) (
  // Waiver: the clock and reset time the assertion only (SAM_ASSERTS_OFF drops it).
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic                 clk_i,
  input  logic                 rst_ni,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic                 c_valid_i,
  output logic                 c_ready_o,
  input  logic [CrdWidth:0]    c_tok_i,
  input  logic [1:0]               r_valid_i,
  output logic [1:0]               r_ready_o,
  input  logic [1:0][RefWidth:0]   r_tok_i,
  output logic                 r01_valid_o,
  input  logic                 r01_ready_i,
  output logic [CrdWidth:0]    c_tok_o,
  output logic [PackedWidth:0] r01_tok_o,
  input  logic                 ref2_valid_i,
  output logic                 ref2_ready_o,
  input  logic [RefWidth:0]    ref2_tok_i,
  output logic                 r2_valid_o,
  input  logic                 r2_ready_i,
  output logic [PackedWidth:0] r2_tok_o
);

  if (CrdWidth < 1 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_crd_width
    $error("sam_joiner3_pack: CrdWidth must be in 1..63");
  end
  if (RefWidth < 1 || PackedWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_ref_width
    $error("sam_joiner3_pack: RefWidth must be in 1..30");
  end

  function automatic logic [PackedWidth:0] pack_pair(logic [RefWidth:0] a, logic [RefWidth:0] b);
    if (a[RefWidth] && b[RefWidth]) begin
      return {1'b1, {(RefWidth + 2) {a[RefWidth-1]}}, a[RefWidth-1:0]};
    end
    return {1'b0, a, b};
  endfunction

  assign r01_valid_o  = c_valid_i && r_valid_i == 2'b11;
  assign c_ready_o    = r01_ready_i && r_valid_i == 2'b11;
  assign r_ready_o[0] = r01_ready_i && c_valid_i && r_valid_i[1];
  assign r_ready_o[1] = r01_ready_i && c_valid_i && r_valid_i[0];
  assign c_tok_o      = c_tok_i;
  assign r01_tok_o    = pack_pair(r_tok_i[0], r_tok_i[1]);

  assign r2_valid_o   = ref2_valid_i;
  assign ref2_ready_o = r2_ready_i;
  assign r2_tok_o     = pack_pair(ref2_tok_i, ref2_tok_i);

`ifndef SAM_ASSERTS_OFF
  // A stop's level must leave the payload's top bit 0 (see the packing above).
  function automatic logic low_level(logic [RefWidth:0] t);
    return !t[RefWidth] || !t[RefWidth-1] || RefWidth == 1
           || t[RefWidth-1:0] >= RefWidth'(sam_pkg::empty_payload(RefWidth));
  endfunction
  always_ff @(posedge clk_i) begin
    // The first half gives r0 and r1 of the same position: where both are control
    // (a stop, D, or N on both) they are the same token.
    if (rst_ni && r_valid_i == 2'b11) begin
      RefsAgree_M: assert (!(r_tok_i[0][RefWidth] && r_tok_i[1][RefWidth])
                           || r_tok_i[0] == r_tok_i[1])
      else $error("sam_joiner3_pack: ref0 %h and ref1 %h of the same position differ",
                  r_tok_i[0], r_tok_i[1]);
      RefStopPacks_M: assert (low_level(r_tok_i[0]))
      else $error("sam_joiner3_pack: stop %h needs a level below 2^(RefWidth-1) = %0d",
                  r_tok_i[0], 2 ** (RefWidth - 1));
    end
    if (rst_ni && ref2_valid_i) begin
      Ref2StopPacks_M: assert (low_level(ref2_tok_i))
      else $error("sam_joiner3_pack: stop %h on ref2 needs a level below 2^(RefWidth-1) = %0d",
                  ref2_tok_i, 2 ** (RefWidth - 1));
    end
  end
`endif

endmodule
