// A reference model for sam_crddrop in its fiber-wise modes: the inner stream
// passes through unchanged, and an outer coordinate stays exactly when its
// inner fiber is not empty.
//
// Units pair the two input streams (as in formal/nested.sv): each
// outer coordinate opens a unit, whose inner fiber is the inner stream's unit
// of the same index (inner units end at each inner stop or D). The harness picks
// a unit u (units counted from reset, stopping at 15; u below 14) and keeps its
// outer coordinate c_u and the outer fiber g_u it lies in (outer fibers counted
// by stops), and whether its inner fiber holds data (`Keep`: data for
// DropFiberCrd; data other than 0 for DropFiberVal). Once the output has closed
// outer fiber g_u, c_u is in it exactly when the inner fiber holds data
// (CoordinateKept_Ref); the keep decision cannot come before the inner fiber
// ends, so by then it is known. With the outer input sorted (each coordinate
// once per fiber) and the output's order kept by its grammar, that is the outer
// output. The inner stream's tokens are checked one to one by
// formal/token_pick.sv.
module formal_crddrop_ref #(
  parameter int unsigned CrdWidth   = 3,
  parameter int unsigned InnerWidth = 3,
  parameter bit          ZeroEmpty  = 1'b0  // DropFiberVal: a value 0 is no data
) (
  input logic                clk_i,
  input logic                rst_ni,
  input logic [3:0]          unit_i,       // u (free, sampled at reset)
  input logic                pick_i,       // the inner token to follow (free)
  input logic                outer_fire_i,
  input logic [CrdWidth:0]   outer_tok_i,
  input logic                inner_fire_i,
  input logic [InnerWidth:0] inner_tok_i,
  input logic                out_outer_fire_i,
  input logic [CrdWidth:0]   out_outer_tok_i,
  input logic                out_inner_valid_i,
  input logic                out_inner_ready_i,
  input logic [InnerWidth:0] out_inner_tok_i
);
  sam_pkg::tok_kind_e ok, ik, pk;
  assign ok = sam_pkg::tok_kind(outer_tok_i[CrdWidth], 64'(outer_tok_i[CrdWidth-1:0]), CrdWidth);
  assign ik = sam_pkg::tok_kind(inner_tok_i[InnerWidth], 64'(inner_tok_i[InnerWidth-1:0]),
                                InnerWidth);
  assign pk = sam_pkg::tok_kind(out_outer_tok_i[CrdWidth], 64'(out_outer_tok_i[CrdWidth-1:0]),
                                CrdWidth);
  logic ocrd, ostop, idata, iend, pdata, pstop;
  assign ocrd  = ok == sam_pkg::TokData || ok == sam_pkg::TokEmpty;
  assign ostop = ok == sam_pkg::TokStop;
  assign idata = ik == sam_pkg::TokData && !(ZeroEmpty && inner_tok_i[InnerWidth-1:0] == '0);
  assign iend  = ik == sam_pkg::TokStop || ik == sam_pkg::TokDone;
  assign pdata = pk == sam_pkg::TokData;
  assign pstop = pk == sam_pkg::TokStop;

  logic [3:0]          unit_q;
  // The outer stream: units closed (a coordinate after a coordinate, a stop, D),
  // the last move a coordinate, fibers closed; unit u's coordinate and fiber.
  logic [3:0]          ounits_q, ofib_q;
  logic                opend_q, cu_known_q;
  logic [CrdWidth-1:0] cu_q;
  logic [3:0]          gu_q;
  // The inner stream: units ended, data in the current one; unit u's.
  logic [3:0]          iunits_q;
  logic                idata_q, keep_known_q, keep_q;
  // The output: fibers closed, c_u seen in fiber g_u, fiber g_u closed.
  logic [3:0]          pfib_q;
  logic                phas_q, pclosed_q;
  logic [4:0]          opening;  // the unit an outer coordinate opens (5 bits: no wrap at 15)
  assign opening = 5'(ounits_q) + 5'(opend_q);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      unit_q       <= unit_i;
      ounits_q     <= '0;
      ofib_q       <= '0;
      opend_q      <= 1'b0;
      cu_known_q   <= 1'b0;
      cu_q         <= '0;
      gu_q         <= '0;
      iunits_q     <= '0;
      idata_q      <= 1'b0;
      keep_known_q <= 1'b0;
      keep_q       <= 1'b0;
      pfib_q       <= '0;
      phas_q       <= 1'b0;
      pclosed_q    <= 1'b0;
    end else begin
      if (outer_fire_i) begin
        opend_q <= ocrd;
        if ((!ocrd || opend_q) && ounits_q != 4'd15) ounits_q <= ounits_q + 4'd1;
        if (ostop && ofib_q != 4'd15) ofib_q <= ofib_q + 4'd1;
        if (ocrd && opening == 5'(unit_q)) begin
          cu_known_q <= 1'b1;
          cu_q       <= outer_tok_i[CrdWidth-1:0];
          gu_q       <= ofib_q;
        end
      end
      if (inner_fire_i) begin
        if (iend) begin
          if (iunits_q == unit_q) begin
            keep_known_q <= 1'b1;
            keep_q       <= idata_q;
          end
          if (iunits_q != 4'd15) iunits_q <= iunits_q + 4'd1;
          idata_q <= 1'b0;
        end else if (idata) idata_q <= 1'b1;
      end
      if (out_outer_fire_i) begin
        if (pstop && pfib_q != 4'd15) pfib_q <= pfib_q + 4'd1;
        if (cu_known_q && pfib_q == gu_q) begin
          if (pdata && out_outer_tok_i[CrdWidth-1:0] == cu_q) phas_q <= 1'b1;
          if (pstop) pclosed_q <= 1'b1;
        end
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assume (unit_q < 4'd14);
      if (pclosed_q) CoordinateKept_Ref: assert (keep_known_q && phas_q == keep_q);
    end
  end

  logic                inner_due;  // unused: the pick compares the inner tokens itself
  logic [InnerWidth:0] inner_want;
  formal_token_pick #(.Width(InnerWidth)) inner_ref (.clk_i(clk_i), .rst_ni(rst_ni),
    .pick_i(pick_i), .in_fire_i(inner_fire_i), .exp_i(inner_tok_i),
    .out_valid_i(out_inner_valid_i), .out_ready_i(out_inner_ready_i),
    .out_tok_i(out_inner_tok_i), .due_o(inner_due), .want_o(inner_want));
endmodule
