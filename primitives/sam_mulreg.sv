// sam_mulreg: a registered product for address arithmetic, `a_i * b_i` mod
// 2**Width, two cycles after the operands (input and output registers). The
// dense scanner, the locator, the bitvector scanner and the subsection scanner
// use it for a fiber's base position `r * dim`.
//
// On ECP5 (SAM_ECP5) an operand width of MinDspWidth..18 bits takes one
// MULT18X18D with its own input and output registers (`sam_mul18`): the block's
// combinational delay would not fit 150 MHz between fabric registers. Other
// widths, and other targets, use the same two-stage pipeline in fabric.
//
// Parameters: Width        operand and product width, 1..63
//             MinDspWidth  the narrowest width worth a DSP block on ECP5
// Ports:      clk_i        clock (no reset: the pipeline holds data only)
//             a_i, b_i     operands
//             p_o          (a_i * b_i) mod 2**Width, two cycles later
module sam_mulreg #(
  parameter int unsigned Width       = 16,
  parameter int unsigned MinDspWidth = 10
) (
  input  logic             clk_i,
  input  logic [Width-1:0] a_i,
  input  logic [Width-1:0] b_i,
  output logic [Width-1:0] p_o
);

  if (Width < 1 || Width > 63) begin : gen_bad_width
    $error("sam_mulreg: Width must be in 1..63");
  end

`ifdef SAM_ECP5
  localparam bit Ecp5 = 1'b1;
`else
  localparam bit Ecp5 = 1'b0;
`endif
  localparam bit UseDsp = Ecp5 && Width >= MinDspWidth && Width <= 18;

  if (!UseDsp) begin : gen_behavioral
    logic [Width-1:0] a_q, b_q, p_q;
    always_ff @(posedge clk_i) begin
      a_q <= a_i;
      b_q <= b_i;
      p_q <= Width'(a_q * b_q);
    end
    assign p_o = p_q;
`ifdef SAM_ECP5
  end else begin : gen_dsp
    logic [35:0] p;
    sam_mul18 mult (
      .clk_i(clk_i),
      .a_i  (18'(a_i)),
      .b_i  (18'(b_i)),
      .p_o  (p)
    );
    assign p_o = p[Width-1:0];
`endif
  end

endmodule
