// sam_pkg: the SAM token encoding shared by every primitive (DESIGN section 5).
//
// A token on a channel is Width+1 bits, where Width is the payload width of that
// channel (coordinates and references default to CrdWidth, values to ValWidth):
//   tok[Width] == 0   data; tok[Width-1:0] is the coordinate, reference or value
//   tok[Width] == 1   control; tok[Width-1:0] is
//                       n               for the stop token S_n
//                       all ones        for done, D
//                       all ones - 1    for empty, N
// Packages cannot take parameters, so the helpers below take the payload width as
// an argument and the payload zero-extended to 64 bits; with a constant width they
// fold to plain comparisons in synthesis. compiler/src/token.rs is the Rust twin.
// Waiver: a design uses only the constants it needs; the rest are library API.
/* verilator lint_off UNUSEDPARAM */
package sam_pkg;

  // Default payload widths (DESIGN section 5).
  localparam int unsigned CrdWidth = 16;
  localparam int unsigned ValWidth = 32;
  // Repeat signals (R, S, D) need two payload bits: with one, N and S0 coincide.
  localparam int unsigned RepsigWidth = 2;
  // The encoded token (payload + control flag) must fit the 64-bit helpers.
  localparam int unsigned MaxPayloadWidth = 63;

  typedef enum logic [1:0] {
    TokData,
    TokStop,
    TokEmpty,
    TokDone
  } tok_kind_e;

  // Payload of D for a Width-bit channel: all ones.
  function automatic logic [63:0] done_payload(int unsigned width);
    return (64'd1 << width) - 64'd1;
  endfunction

  // Payload of N for a Width-bit channel: all ones minus one.
  function automatic logic [63:0] empty_payload(int unsigned width);
    return done_payload(width) - 64'd1;
  endfunction

  // Kind of a token given its control flag and zero-extended payload.
  function automatic tok_kind_e tok_kind(logic ctrl, logic [63:0] payload,
                                         int unsigned width);
    if (!ctrl) return TokData;
    if (payload == done_payload(width)) return TokDone;
    if (payload == empty_payload(width)) return TokEmpty;
    return TokStop;
  endfunction

endpackage
/* verilator lint_on UNUSEDPARAM */
