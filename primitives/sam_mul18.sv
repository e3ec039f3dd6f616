// sam_mul18: an 18 x 18 -> 36-bit unsigned multiplier with registered inputs and
// output (latency 2: p_o is a_i * b_i of two cycles before). On ECP5 (SAM_ECP5,
// set by the ECP5 flow) it is one MULT18X18D using its own input and output
// registers: the block's combinational delay does not fit 150 MHz between fabric
// registers. Elsewhere (simulation, iCE40) it is the same pipeline in fabric.
// Used by sam_alu (mul) and sam_mulreg (the scanners' r * dim).
//
// Parameters: none
// Ports:      clk_i         clock (no reset: the pipeline holds data only)
//             a_i, b_i      operands
//             p_o           product, two cycles later
module sam_mul18 (
  input  logic        clk_i,
  input  logic [17:0] a_i,
  input  logic [17:0] b_i,
  output logic [35:0] p_o
);

`ifdef SAM_ECP5
  logic [35:0] p;
  assign p_o = p;
  // The shift cascade (SRIA/SRIB) stays open: tied to constants, nextpnr
  // fails to route its ground net.
  MULT18X18D #(
    .REG_INPUTA_CLK("CLK0"),
    .REG_INPUTB_CLK("CLK0"),
    .REG_OUTPUT_CLK("CLK0"),
    .GSR           ("DISABLED")
  ) mult (
    .A0 (a_i[0]), .A1 (a_i[1]), .A2 (a_i[2]), .A3 (a_i[3]), .A4 (a_i[4]), .A5 (a_i[5]),
    .A6 (a_i[6]), .A7 (a_i[7]), .A8 (a_i[8]), .A9 (a_i[9]), .A10(a_i[10]), .A11(a_i[11]),
    .A12(a_i[12]), .A13(a_i[13]), .A14(a_i[14]), .A15(a_i[15]), .A16(a_i[16]),
    .A17(a_i[17]),
    .B0 (b_i[0]), .B1 (b_i[1]), .B2 (b_i[2]), .B3 (b_i[3]), .B4 (b_i[4]), .B5 (b_i[5]),
    .B6 (b_i[6]), .B7 (b_i[7]), .B8 (b_i[8]), .B9 (b_i[9]), .B10(b_i[10]), .B11(b_i[11]),
    .B12(b_i[12]), .B13(b_i[13]), .B14(b_i[14]), .B15(b_i[15]), .B16(b_i[16]),
    .B17(b_i[17]),
    .C0 (1'b0), .C1 (1'b0), .C2 (1'b0), .C3 (1'b0), .C4 (1'b0), .C5 (1'b0),
    .C6 (1'b0), .C7 (1'b0), .C8 (1'b0), .C9 (1'b0), .C10(1'b0), .C11(1'b0),
    .C12(1'b0), .C13(1'b0), .C14(1'b0), .C15(1'b0), .C16(1'b0), .C17(1'b0),
    .SIGNEDA(1'b0), .SIGNEDB(1'b0), .SOURCEA(1'b0), .SOURCEB(1'b0),
    .CLK0(clk_i), .CLK1(1'b0), .CLK2(1'b0), .CLK3(1'b0),
    .CE0 (1'b1), .CE1 (1'b1), .CE2 (1'b1), .CE3 (1'b1),
    .RST0(1'b0), .RST1(1'b0), .RST2(1'b0), .RST3(1'b0),
    .SRIA0 (), .SRIA1 (), .SRIA2 (), .SRIA3 (), .SRIA4 (),
    .SRIA5 (), .SRIA6 (), .SRIA7 (), .SRIA8 (), .SRIA9 (),
    .SRIA10(), .SRIA11(), .SRIA12(), .SRIA13(), .SRIA14(),
    .SRIA15(), .SRIA16(), .SRIA17(),
    .SRIB0 (), .SRIB1 (), .SRIB2 (), .SRIB3 (), .SRIB4 (),
    .SRIB5 (), .SRIB6 (), .SRIB7 (), .SRIB8 (), .SRIB9 (),
    .SRIB10(), .SRIB11(), .SRIB12(), .SRIB13(), .SRIB14(),
    .SRIB15(), .SRIB16(), .SRIB17(),
    .SROA0 (), .SROA1 (), .SROA2 (), .SROA3 (), .SROA4 (), .SROA5 (), .SROA6 (),
    .SROA7 (), .SROA8 (), .SROA9 (), .SROA10(), .SROA11(), .SROA12(), .SROA13(),
    .SROA14(), .SROA15(), .SROA16(), .SROA17(),
    .SROB0 (), .SROB1 (), .SROB2 (), .SROB3 (), .SROB4 (), .SROB5 (), .SROB6 (),
    .SROB7 (), .SROB8 (), .SROB9 (), .SROB10(), .SROB11(), .SROB12(), .SROB13(),
    .SROB14(), .SROB15(), .SROB16(), .SROB17(),
    .ROA0 (), .ROA1 (), .ROA2 (), .ROA3 (), .ROA4 (), .ROA5 (), .ROA6 (),
    .ROA7 (), .ROA8 (), .ROA9 (), .ROA10(), .ROA11(), .ROA12(), .ROA13(),
    .ROA14(), .ROA15(), .ROA16(), .ROA17(),
    .ROB0 (), .ROB1 (), .ROB2 (), .ROB3 (), .ROB4 (), .ROB5 (), .ROB6 (),
    .ROB7 (), .ROB8 (), .ROB9 (), .ROB10(), .ROB11(), .ROB12(), .ROB13(),
    .ROB14(), .ROB15(), .ROB16(), .ROB17(),
    .ROC0 (), .ROC1 (), .ROC2 (), .ROC3 (), .ROC4 (), .ROC5 (), .ROC6 (),
    .ROC7 (), .ROC8 (), .ROC9 (), .ROC10(), .ROC11(), .ROC12(), .ROC13(),
    .ROC14(), .ROC15(), .ROC16(), .ROC17(),
    .P0 (p[0]), .P1 (p[1]), .P2 (p[2]), .P3 (p[3]), .P4 (p[4]), .P5 (p[5]),
    .P6 (p[6]), .P7 (p[7]), .P8 (p[8]), .P9 (p[9]), .P10(p[10]), .P11(p[11]),
    .P12(p[12]), .P13(p[13]), .P14(p[14]), .P15(p[15]), .P16(p[16]),
    .P17(p[17]), .P18(p[18]), .P19(p[19]), .P20(p[20]), .P21(p[21]),
    .P22(p[22]), .P23(p[23]), .P24(p[24]), .P25(p[25]), .P26(p[26]),
    .P27(p[27]), .P28(p[28]), .P29(p[29]), .P30(p[30]), .P31(p[31]),
    .P32(p[32]), .P33(p[33]), .P34(p[34]), .P35(p[35]), .SIGNEDP()
  );
`else
  logic [17:0] a_q, b_q;
  logic [35:0] p_q;
  always_ff @(posedge clk_i) begin
    a_q <= a_i;
    b_q <= b_i;
    p_q <= a_q * b_q;
  end
  assign p_o = p_q;
`endif

endmodule
