// ice40_cells.sv: port and parameter declarations of the iCE40 hard blocks that
// samgen's generated board tops instantiate under `SAM_ICE40` (the PLL), for the
// iCE40 synthesis flow only (staged and compiled first by fpga/src/flow.rs).
// yosys-slang needs a declaration to elaborate an instance; the blackbox
// attribute keeps it a cell that synth_ice40 and nextpnr know. Declared from the
// Lattice iCE40 primitive interface (parameters with their defaults).
(* blackbox *)
module SB_PLL40_PAD #(
  parameter FEEDBACK_PATH = "SIMPLE",
  parameter DELAY_ADJUSTMENT_MODE_FEEDBACK = "FIXED",
  parameter DELAY_ADJUSTMENT_MODE_RELATIVE = "FIXED",
  parameter SHIFTREG_DIV_MODE = 1'b0,
  parameter FDA_FEEDBACK = 4'b0000,
  parameter FDA_RELATIVE = 4'b0000,
  parameter PLLOUT_SELECT = "GENCLK",
  parameter DIVR = 4'b0000,
  parameter DIVF = 7'b0000000,
  parameter DIVQ = 3'b000,
  parameter FILTER_RANGE = 3'b000,
  parameter ENABLE_ICEGATE = 1'b0,
  parameter TEST_MODE = 1'b0,
  parameter EXTERNAL_DIVIDE_FACTOR = 1
) (
  input  wire PACKAGEPIN,
  output wire PLLOUTCORE,
  output wire PLLOUTGLOBAL,
  input  wire EXTFEEDBACK,
  input  wire [7:0] DYNAMICDELAY,
  output wire LOCK,
  input  wire BYPASS,
  input  wire RESETB,
  input  wire LATCHINPUTVALUE,
  output wire SDO,
  input  wire SDI,
  input  wire SCLK
);
endmodule
