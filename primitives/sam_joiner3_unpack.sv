// sam_joiner3_unpack: splits the second half's references of a 3-way joiner built
// from two 2-way ones (sam_joiner3) back into ref0, ref1 and ref2;
// the inverse of sam_joiner3_pack.
//
// A packed data token {a, b} gives a and b whole; a control one (S_n, D, or N from
// a union where ways 0 and 1 both lack the coordinate) gives the same token at
// RefWidth on both: its low RefWidth bits are n, all ones (D) or all ones minus
// one (N). ref2 is the widened way-2 reference, packed from (ref2, ref2): its a.
//
// r01 forks to ref0 and ref1: each output takes the token once (a sent bit per
// output), and r01 moves on when both have. So ref0 and ref1 need not be ready in
// the same cycle. r01_ready_o depends on ref0_ready_i and ref1_ready_i (a
// combinational path to the second half's output buffer, inside the joiner).
// ref2 passes its handshake through.
//
// Parameters: RefWidth  reference payload width, 1..30 (PackedWidth = 2 * RefWidth
//                       + 2 <= 63)
// Ports:      clk_i, rst_ni                        clock, asynchronous active-low reset
//             r01_valid_i, r01_ready_o, r01_tok_i  the packed pair (ref)
//             r2_valid_i, r2_ready_o, r2_tok_i     way 2's references, widened (ref)
//             ref<k>_valid_o, ref<k>_ready_i, ref<k>_tok_o  way k's references (ref)
module sam_joiner3_unpack #(
  parameter int unsigned RefWidth    = sam_pkg::CrdWidth,
  localparam int unsigned PackedWidth = 2 * RefWidth + 2
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic                 r01_valid_i,
  output logic                 r01_ready_o,
  input  logic [PackedWidth:0] r01_tok_i,
  input  logic                 r2_valid_i,
  output logic                 r2_ready_o,
  // Waiver: b of the widened way-2 token is a copy of a.
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic [PackedWidth:0] r2_tok_i,
  /* verilator lint_on UNUSEDSIGNAL */
  output logic                 ref0_valid_o,
  input  logic                 ref0_ready_i,
  output logic [RefWidth:0]    ref0_tok_o,
  output logic                 ref1_valid_o,
  input  logic                 ref1_ready_i,
  output logic [RefWidth:0]    ref1_tok_o,
  output logic                 ref2_valid_o,
  input  logic                 ref2_ready_i,
  output logic [RefWidth:0]    ref2_tok_o
);

  if (RefWidth < 1 || PackedWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_ref_width
    $error("sam_joiner3_unpack: RefWidth must be in 1..30");
  end

  // a of a packed token; b is the same but for data (its low RefWidth + 1 bits).
  function automatic logic [RefWidth:0] ref_a(logic [PackedWidth:0] t);
    return t[PackedWidth] ? {1'b1, t[RefWidth-1:0]} : t[PackedWidth-1:RefWidth+1];
  endfunction
  function automatic logic [RefWidth:0] ref_b(logic [PackedWidth:0] t);
    return t[PackedWidth] ? {1'b1, t[RefWidth-1:0]} : t[RefWidth:0];
  endfunction

  logic [1:0] sent_d, sent_q, done;

  assign ref0_valid_o = r01_valid_i && !sent_q[0];
  assign ref1_valid_o = r01_valid_i && !sent_q[1];
  assign ref0_tok_o   = ref_a(r01_tok_i);
  assign ref1_tok_o   = ref_b(r01_tok_i);
  assign done         = sent_q | {ref1_ready_i, ref0_ready_i};
  assign r01_ready_o  = &done;
  // Hold what went out while the other output waits; clear once r01 moves on.
  assign sent_d       = r01_valid_i && !r01_ready_o ? done : 2'b00;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sent_q <= '0;
    end else begin
      sent_q <= sent_d;
    end
  end

  assign ref2_valid_o = r2_valid_i;
  assign r2_ready_o   = ref2_ready_i;
  assign ref2_tok_o   = ref_a(r2_tok_i);

endmodule
