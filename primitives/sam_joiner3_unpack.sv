// sam_joiner3_unpack: splits the second half's references of a 3-way joiner built
// from two 2-way ones (sam_joiner3) back into ref0, ref1 and ref2;
// the inverse of sam_joiner3_pack.
//
// A packed data token {a, b} gives a and b whole; a control one (S_n, D, or N from
// a union where ways 0 and 1 both lack the coordinate) gives the same token at
// RefWidth on both: its low RefWidth bits are n, all ones (D) or all ones minus
// one (N). ref2 is the widened way-2 reference, packed from (ref2, ref2): its a.
//
// The pair (r[0]) forks to ref[0] and ref[1]: each output takes the token once (a
// sent bit per output), and the pair moves on when both have. So ref[0] and ref[1]
// need not be ready in the same cycle. r_ready_o[0] depends on ref_ready_i[1:0] (a
// combinational path to the second half's output buffer, inside the joiner).
// ref2 passes its handshake through.
//
// Parameters: RefWidth  reference payload width, 1..30 (PackedWidth = 2 * RefWidth
//                       + 2 <= 63)
// Ports:      clk_i, rst_ni                        clock, synchronous active-low reset
//             r_valid_i, r_ready_o, r_tok_i        the second half's references: element
//                                                  0 the packed pair, 1 way 2's, widened (ref)
//             ref_valid_o, ref_ready_i, ref_tok_o  element k: way k's references (ref)
module sam_joiner3_unpack #(
  parameter int unsigned RefWidth    = sam_pkg::CrdWidth,
  localparam int unsigned PackedWidth = 2 * RefWidth + 2
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic [1:0]                r_valid_i,
  output logic [1:0]                r_ready_o,
  // Waiver: b of the widened way-2 token (element 1) is a copy of a.
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic [1:0][PackedWidth:0] r_tok_i,
  /* verilator lint_on UNUSEDSIGNAL */
  output logic [2:0]                ref_valid_o,
  input  logic [2:0]                ref_ready_i,
  output logic [2:0][RefWidth:0]    ref_tok_o
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

  assign ref_valid_o[1:0] = {2{r_valid_i[0]}} & ~sent_q;
  assign ref_tok_o[0]     = ref_a(r_tok_i[0]);
  assign ref_tok_o[1]     = ref_b(r_tok_i[0]);
  assign done             = sent_q | ref_ready_i[1:0];
  assign r_ready_o[0]     = &done;
  // Hold what went out while the other output waits; clear once the pair moves on.
  assign sent_d           = r_valid_i[0] && !r_ready_o[0] ? done : 2'b00;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      sent_q <= '0;
    end else begin
      sent_q <= sent_d;
    end
  end

  assign ref_valid_o[2] = r_valid_i[1];
  assign r_ready_o[1]   = ref_ready_i[2];
  assign ref_tok_o[2]   = ref_a(r_tok_i[1]);

endmodule
