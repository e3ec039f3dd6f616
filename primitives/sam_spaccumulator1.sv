// sam_spaccumulator1: the order-1 (vector) sparse workspace reducer, golden model
// spaccumulator1 in golden/src/models/spaccumulator.rs. A shell around
// sam_spaccumulator (Order 1), which documents the behaviour and the
// microarchitecture; this shell only drops the outer channels order 1 has no use for.
//
// Every j fiber between two stops of level >= 1 is one group; `S_n` (n >= 1)
// closes it: the sorted j that occurred and their sums (wrapping, `N` as 0,
// cancelled sums kept as 0), then `S_(n-1)`. `S0` is dropped. `D` gives `D`.
//
// Parameters: CrdWidth   payload width of the coordinates, 1..63
//             ValWidth   payload width of the values, 1..63
//             Dim        workspace capacity: coordinates are 0..Dim-1 (a larger one
//                        is a protocol error, asserted); a power of two,
//                        4..2^min(CrdWidth, 20) (two bitmap words of 2 bits)
//             WordWidth  occupancy bitmap word: a power of two, 2..64, <= Dim/2;
//                        Dim/WordWidth (the summary bitmap) <= 64 for Fmax
// Ports:      clk_i, rst_ni                     clock, synchronous active-low reset
//             crd_valid_i, crd_ready_o, crd_tok_i  coordinates j in
//             val_valid_i, val_ready_o, val_tok_i  values in, same shape as crd
//             crd_valid_o, crd_ready_i, crd_tok_o  sorted coordinates out
//             val_valid_o, val_ready_i, val_tok_o  sums out
module sam_spaccumulator1 #(
  parameter int unsigned CrdWidth  = sam_pkg::CrdWidth,
  parameter int unsigned ValWidth  = sam_pkg::ValWidth,
  parameter int unsigned Dim       = 256,
  parameter int unsigned WordWidth = 16
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              crd_valid_i,
  output logic              crd_ready_o,
  input  logic [CrdWidth:0] crd_tok_i,
  input  logic              val_valid_i,
  output logic              val_ready_o,
  input  logic [ValWidth:0] val_tok_i,
  output logic              crd_valid_o,
  input  logic              crd_ready_i,
  output logic [CrdWidth:0] crd_tok_o,
  output logic              val_valid_o,
  input  logic              val_ready_i,
  output logic [ValWidth:0] val_tok_o
);

  logic              unused_outer_ready, unused_outer_valid;
  logic [CrdWidth:0] unused_outer_tok;

  sam_spaccumulator #(
    .Order    (1),
    .CrdWidth (CrdWidth),
    .ValWidth (ValWidth),
    .DimInner (Dim),
    .DimOuter (2),
    .WordWidth(WordWidth)
  ) core (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .crd_outer_valid_i(1'b0),
    .crd_outer_ready_o(unused_outer_ready),
    .crd_outer_tok_i  ('0),
    .crd_inner_valid_i(crd_valid_i),
    .crd_inner_ready_o(crd_ready_o),
    .crd_inner_tok_i  (crd_tok_i),
    .val_valid_i      (val_valid_i),
    .val_ready_o      (val_ready_o),
    .val_tok_i        (val_tok_i),
    .crd_outer_valid_o(unused_outer_valid),
    .crd_outer_ready_i(1'b1),
    .crd_outer_tok_o  (unused_outer_tok),
    .crd_inner_valid_o(crd_valid_o),
    .crd_inner_ready_i(crd_ready_i),
    .crd_inner_tok_o  (crd_tok_o),
    .val_valid_o      (val_valid_o),
    .val_ready_i      (val_ready_i),
    .val_tok_o        (val_tok_o)
  );

  logic unused;
  assign unused = ^{unused_outer_ready, unused_outer_valid, unused_outer_tok};

endmodule
