// ecp5_cells.sv: port and parameter declarations of the ECP5 hard blocks that
// samgen primitives instantiate under `SAM_ECP5` (sam_mem's DP16KD, sam_alu's
// and the dense sam_fiberlookup's MULT18X18D), for the ECP5 synthesis flow only
// (staged and compiled first by fpga/src/flow.rs). yosys-slang needs a
// declaration to elaborate an instance; the blackbox attribute keeps it a cell
// that synth_ecp5 and nextpnr know. (yosys's own cells_sim.v declaration does not
// serve: slang sees no string parameters on a module loaded by read_verilog.)
// Declared from the Lattice ECP5 primitive interface (parameters with their
// defaults).
(* blackbox *)
module DP16KD #(
  parameter DATA_WIDTH_A = 18,
  parameter DATA_WIDTH_B = 18,
  parameter REGMODE_A = "NOREG",
  parameter REGMODE_B = "NOREG",
  parameter RESETMODE = "SYNC",
  parameter ASYNC_RESET_RELEASE = "SYNC",
  parameter CSDECODE_A = "0b000",
  parameter CSDECODE_B = "0b000",
  parameter WRITEMODE_A = "NORMAL",
  parameter WRITEMODE_B = "NORMAL",
  parameter GSR = "ENABLED"
) (
  input  wire DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9,
  input  wire DIA8, DIA7, DIA6, DIA5, DIA4, DIA3, DIA2, DIA1, DIA0,
  input  wire ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7,
  input  wire ADA6, ADA5, ADA4, ADA3, ADA2, ADA1, ADA0,
  input  wire CEA, OCEA, CLKA, WEA, RSTA, CSA2, CSA1, CSA0,
  output wire DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9,
  output wire DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0,
  input  wire DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9,
  input  wire DIB8, DIB7, DIB6, DIB5, DIB4, DIB3, DIB2, DIB1, DIB0,
  input  wire ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7,
  input  wire ADB6, ADB5, ADB4, ADB3, ADB2, ADB1, ADB0,
  input  wire CEB, OCEB, CLKB, WEB, RSTB, CSB2, CSB1, CSB0,
  output wire DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9,
  output wire DOB8, DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0
);
endmodule

// The 18 x 18 multiplier (sam_alu mul), for its input and output registers.
(* blackbox *)
module MULT18X18D #(
  parameter REG_INPUTA_CLK = "NONE",
  parameter REG_INPUTA_CE = "CE0",
  parameter REG_INPUTA_RST = "RST0",
  parameter REG_INPUTB_CLK = "NONE",
  parameter REG_INPUTB_CE = "CE0",
  parameter REG_INPUTB_RST = "RST0",
  parameter REG_INPUTC_CLK = "NONE",
  parameter REG_INPUTC_CE = "CE0",
  parameter REG_INPUTC_RST = "RST0",
  parameter REG_PIPELINE_CLK = "NONE",
  parameter REG_PIPELINE_CE = "CE0",
  parameter REG_PIPELINE_RST = "RST0",
  parameter REG_OUTPUT_CLK = "NONE",
  parameter REG_OUTPUT_CE = "CE0",
  parameter REG_OUTPUT_RST = "RST0",
  parameter CLK0_DIV = "ENABLED",
  parameter CLK1_DIV = "ENABLED",
  parameter CLK2_DIV = "ENABLED",
  parameter CLK3_DIV = "ENABLED",
  parameter HIGHSPEED_CLK = "NONE",
  parameter GSR = "ENABLED",
  parameter CAS_MATCH_REG = "FALSE",
  parameter SOURCEB_MODE = "B_SHIFT",
  parameter MULT_BYPASS = "DISABLED",
  parameter RESETMODE = "SYNC"
) (
  input  wire A17, A16, A15, A14, A13, A12, A11, A10, A9,
  input  wire A8, A7, A6, A5, A4, A3, A2, A1, A0,
  input  wire B17, B16, B15, B14, B13, B12, B11, B10, B9,
  input  wire B8, B7, B6, B5, B4, B3, B2, B1, B0,
  input  wire C17, C16, C15, C14, C13, C12, C11, C10, C9,
  input  wire C8, C7, C6, C5, C4, C3, C2, C1, C0,
  input  wire SIGNEDA, SIGNEDB, SOURCEA, SOURCEB,
  input  wire CLK3, CLK2, CLK1, CLK0, CE3, CE2, CE1, CE0, RST3, RST2, RST1, RST0,
  input  wire SRIA17, SRIA16, SRIA15, SRIA14, SRIA13, SRIA12, SRIA11, SRIA10, SRIA9,
  input  wire SRIA8, SRIA7, SRIA6, SRIA5, SRIA4, SRIA3, SRIA2, SRIA1, SRIA0,
  input  wire SRIB17, SRIB16, SRIB15, SRIB14, SRIB13, SRIB12, SRIB11, SRIB10, SRIB9,
  input  wire SRIB8, SRIB7, SRIB6, SRIB5, SRIB4, SRIB3, SRIB2, SRIB1, SRIB0,
  output wire SROA17, SROA16, SROA15, SROA14, SROA13, SROA12, SROA11, SROA10, SROA9,
  output wire SROA8, SROA7, SROA6, SROA5, SROA4, SROA3, SROA2, SROA1, SROA0,
  output wire SROB17, SROB16, SROB15, SROB14, SROB13, SROB12, SROB11, SROB10, SROB9,
  output wire SROB8, SROB7, SROB6, SROB5, SROB4, SROB3, SROB2, SROB1, SROB0,
  output wire ROA17, ROA16, ROA15, ROA14, ROA13, ROA12, ROA11, ROA10, ROA9,
  output wire ROA8, ROA7, ROA6, ROA5, ROA4, ROA3, ROA2, ROA1, ROA0,
  output wire ROB17, ROB16, ROB15, ROB14, ROB13, ROB12, ROB11, ROB10, ROB9,
  output wire ROB8, ROB7, ROB6, ROB5, ROB4, ROB3, ROB2, ROB1, ROB0,
  output wire ROC17, ROC16, ROC15, ROC14, ROC13, ROC12, ROC11, ROC10, ROC9,
  output wire ROC8, ROC7, ROC6, ROC5, ROC4, ROC3, ROC2, ROC1, ROC0,
  output wire P35, P34, P33, P32, P31, P30, P29, P28, P27,
  output wire P26, P25, P24, P23, P22, P21, P20, P19, P18,
  output wire P17, P16, P15, P14, P13, P12, P11, P10, P9,
  output wire P8, P7, P6, P5, P4, P3, P2, P1, P0,
  output wire SIGNEDP
);
endmodule

// The PLL (a board top's kernel clock from the board oscillator).
(* blackbox *)
module EHXPLLL #(
  parameter CLKI_DIV = 1,
  parameter CLKFB_DIV = 1,
  parameter CLKOP_DIV = 8,
  parameter CLKOS_DIV = 8,
  parameter CLKOS2_DIV = 8,
  parameter CLKOS3_DIV = 8,
  parameter CLKOP_ENABLE = "ENABLED",
  parameter CLKOS_ENABLE = "DISABLED",
  parameter CLKOS2_ENABLE = "DISABLED",
  parameter CLKOS3_ENABLE = "DISABLED",
  parameter CLKOP_CPHASE = 0,
  parameter CLKOS_CPHASE = 0,
  parameter CLKOS2_CPHASE = 0,
  parameter CLKOS3_CPHASE = 0,
  parameter CLKOP_FPHASE = 0,
  parameter CLKOS_FPHASE = 0,
  parameter CLKOS2_FPHASE = 0,
  parameter CLKOS3_FPHASE = 0,
  parameter FEEDBK_PATH = "CLKOP",
  parameter CLKOP_TRIM_POL = "RISING",
  parameter CLKOP_TRIM_DELAY = 0,
  parameter CLKOS_TRIM_POL = "RISING",
  parameter CLKOS_TRIM_DELAY = 0,
  parameter OUTDIVIDER_MUXA = "DIVA",
  parameter OUTDIVIDER_MUXB = "DIVB",
  parameter OUTDIVIDER_MUXC = "DIVC",
  parameter OUTDIVIDER_MUXD = "DIVD",
  parameter PLL_LOCK_MODE = 0,
  parameter PLL_LOCK_DELAY = 200,
  parameter STDBY_ENABLE = "DISABLED",
  parameter REFIN_RESET = "DISABLED",
  parameter SYNC_ENABLE = "DISABLED",
  parameter INT_LOCK_STICKY = "ENABLED",
  parameter DPHASE_SOURCE = "DISABLED",
  parameter PLLRST_ENA = "DISABLED",
  parameter INTFB_WAKE = "DISABLED"
) (
  input  wire CLKI, CLKFB, PHASESEL1, PHASESEL0, PHASEDIR, PHASESTEP, PHASELOADREG,
  input  wire STDBY, PLLWAKESYNC, RST, ENCLKOP, ENCLKOS, ENCLKOS2, ENCLKOS3,
  output wire CLKOP, CLKOS, CLKOS2, CLKOS3, LOCK, INTLOCK, REFCLK, CLKINTFB
);
endmodule

// The I/O cells the LiteX SoC of fpga/soc/ulx3s_soc.py instantiates (its
// reset synchronizer, the SDRAM PHY's registered pins and clock, the
// bidirectional data pins).
(* blackbox *)
module FD1S3BX #(
  parameter GSR = "ENABLED"
) (
  input  wire D, CK, PD,
  output wire Q
);
endmodule

(* blackbox *)
module OFS1P3BX #(
  parameter GSR = "ENABLED"
) (
  input  wire D, SP, SCLK, PD,
  output wire Q
);
endmodule

(* blackbox *)
module IFS1P3BX #(
  parameter GSR = "ENABLED"
) (
  input  wire D, SP, SCLK, PD,
  output wire Q
);
endmodule

(* blackbox *)
module ODDRX1F (
  input  wire D0, D1, SCLK, RST,
  output wire Q
);
endmodule

(* blackbox *)
module TRELLIS_IO #(
  parameter DIR = "INPUT"
) (
  inout  wire B,
  input  wire I, T,
  output wire O
);
endmodule
