// A reference model for sam_repeat, which gives one output token per
// repeat-signal token. Units pair the two input streams (as in
// formal/repeat_nest.sv): a data reference (or N) with a repsig fiber R* S, a
// bare reference stop (one not right after a data reference) with a lone S, D
// with D. The harness picks a unit u (units counted from reset, stopping at 15;
// u below 14) and, freely, one repsig transfer of that unit. The output token it
// gives must be:
//   - for R, the unit's reference;
//   - for S, the stop the unit closes with: S0 when the data reference is
//     followed by data or D, S_(n+1) when it is followed by a stop S_n, and
//     S_(n+1) for the bare stop S_n;
//   - for D, D.
// The picked token's output is found by formal/token_pick.sv, without counts
// from reset: the tokens in flight ahead of it, counted down as tokens leave.
// The unit's reference and stop are kept as the reference stream delivers them,
// and must be known by the time the output leaves (the block cannot emit them
// sooner).
module formal_repeat_ref #(
  parameter int unsigned Width    = 3,  // reference payload width
  parameter int unsigned CntWidth = 3   // tokens in flight, counted
) (
  input logic                          clk_i,
  input logic                          rst_ni,
  input logic [3:0]                    unit_i,  // u (free, sampled at reset)
  input logic                          pick_i,  // keep this cycle's repsig transfer (free)
  input logic                          ref_fire_i,
  input logic [Width:0]                ref_tok_i,
  input logic                          sig_fire_i,
  input logic [sam_pkg::RepsigWidth:0] sig_tok_i,
  input logic                          out_valid_i,
  input logic                          out_ready_i,
  input logic [Width:0]                out_tok_i
);
  localparam int unsigned SW = sam_pkg::RepsigWidth;
  localparam logic [Width:0] OutS0 = {1'b1, Width'(0)};
  localparam logic [Width:0] OutD  = {1'b1, Width'(sam_pkg::done_payload(Width))};

  sam_pkg::tok_kind_e rk, sk;
  assign rk = sam_pkg::tok_kind(ref_tok_i[Width], 64'(ref_tok_i[Width-1:0]), Width);
  assign sk = sam_pkg::tok_kind(sig_tok_i[SW], 64'(sig_tok_i[SW-1:0]), SW);
  logic rdata, rstop, rdone;
  assign rdata = rk == sam_pkg::TokData || rk == sam_pkg::TokEmpty;
  assign rstop = rk == sam_pkg::TokStop;
  assign rdone = rk == sam_pkg::TokDone;
  logic [Width:0] raised;  // S_(n+1) for the stop S_n on ref
  assign raised = {1'b1, ref_tok_i[Width-1:0] + Width'(1)};

  logic [3:0]     unit_q;
  // The references: units started, the last move a data reference, and unit u's
  // reference and closing stop once known.
  logic [3:0]     started_q;
  logic           pend_q, ref_known_q, close_known_q;
  logic [Width:0] ref_q, close_q;
  logic           cur, prev;  // this token starts unit u / closes unit u's data
  assign cur  = started_q == unit_q;
  assign prev = pend_q && started_q == unit_q + 4'd1;

  // The repeat signal: units ended. The picked token's output, and the picked
  // token itself (want), from formal/token_pick.sv.
  logic [3:0]    ended_q;
  logic          due;
  logic [SW:0]   want;
  sam_pkg::tok_kind_e want_kind;
  formal_token_pick #(.Width(SW), .CntWidth(CntWidth), .Compare(1'b0)) pick (
    .clk_i(clk_i), .rst_ni(rst_ni), .pick_i(pick_i && ended_q == unit_q),
    .in_fire_i(sig_fire_i), .exp_i(sig_tok_i), .out_valid_i(out_valid_i),
    .out_ready_i(out_ready_i), .out_tok_i(out_tok_i[SW:0]), .due_o(due), .want_o(want));
  assign want_kind = sam_pkg::tok_kind(want[SW], 64'(want[SW-1:0]), SW);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      unit_q        <= unit_i;
      started_q     <= '0;
      pend_q        <= 1'b0;
      ref_known_q   <= 1'b0;
      close_known_q <= 1'b0;
      ref_q         <= '0;
      close_q       <= '0;
      ended_q       <= '0;
    end else begin
      if (ref_fire_i) begin
        if (rdata || rdone) begin
          if (prev) begin
            close_known_q <= 1'b1;
            close_q       <= OutS0;
          end
          if (cur && rdata) begin
            ref_known_q <= 1'b1;
            ref_q       <= ref_tok_i;
          end
          if (started_q != 4'd15) started_q <= started_q + 4'd1;
          pend_q <= rdata;
        end else if (rstop) begin
          if (pend_q ? prev : cur) begin
            close_known_q <= 1'b1;
            close_q       <= raised;
          end
          if (!pend_q && started_q != 4'd15) started_q <= started_q + 4'd1;
          pend_q <= 1'b0;
        end
      end
      if (sig_fire_i && sk != sam_pkg::TokData && ended_q != 4'd15) ended_q <= ended_q + 4'd1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assume (unit_q < 4'd14);
      if (due) begin
        if (want_kind == sam_pkg::TokData) begin
          RepeatsReference_Ref: assert (ref_known_q && out_tok_i == ref_q);
        end else if (want_kind == sam_pkg::TokStop) begin
          ClosesWithStop_Ref: assert (close_known_q && out_tok_i == close_q);
        end else begin
          DoneGivesDone_Ref: assert (out_tok_i == OutD);
        end
      end
    end
  end
endmodule
