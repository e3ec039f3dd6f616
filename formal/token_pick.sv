// A scoreboard for a primitive that gives one output token per input token,
// without absolute counts: the harness picks one input transfer freely (pick_i
// high at it, the first time only), keeps the token the reference gave for it
// (exp_i) and how many tokens were in flight ahead of it, and counts those down
// as tokens leave; the token that leaves when none is left ahead must be the kept
// one. As pick_i is free, that holds for every input transfer of an unbounded
// run. Every output token needs an input transfer before it (TokenCalledFor_Ref),
// and no more than 2**CntWidth - 2 tokens are in flight (InFlightBounded_Ref,
// the primitive's buffering), so the counters stay exact in every reachable state
// (PDR proves it unbounded). Unlike formal/token_map.sv, which counts from reset
// and so checks the first 15 tokens, the counts here stay within the
// primitive's buffering, however long the run. A checker whose expected token
// is only known later (formal/repeat_ref.sv) sets Compare to 0 and checks its
// own at due_o, with the kept input-side token on want_o.
module formal_token_pick #(
  parameter int unsigned Width    = 2,  // output payload width
  parameter int unsigned CntWidth = 3,  // tokens in flight, counted
  parameter bit          Compare  = 1'b1
) (
  input logic           clk_i,
  input logic           rst_ni,
  input logic           pick_i,      // keep this cycle's input transfer (free)
  input logic           in_fire_i,   // an input transfer: the reference's turn
  input logic [Width:0] exp_i,       // the output token it calls for
  input logic           out_valid_i,
  input logic           out_ready_i,
  input logic [Width:0] out_tok_i,
  output logic          due_o,       // the output token shown is the picked one's
  output logic [Width:0] want_o      // exp_i at the pick
);
  logic [CntWidth-1:0] flight_q, ahead_q;
  logic                picked_q, gone_q, out_fire;
  logic [Width:0]      want_q;

  assign out_fire = out_valid_i && out_ready_i;
  assign due_o    = out_valid_i && picked_q && !gone_q && ahead_q == '0;
  assign want_o   = want_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      flight_q <= '0;
      ahead_q  <= '0;
      picked_q <= 1'b0;
      gone_q   <= 1'b0;
      want_q   <= '0;
    end else begin
      flight_q <= flight_q + CntWidth'(in_fire_i) - CntWidth'(out_fire);
      if (in_fire_i && pick_i && !picked_q) begin
        // The token leaving this cycle, if any, is one of those ahead.
        picked_q <= 1'b1;
        want_q   <= exp_i;
        ahead_q  <= flight_q - CntWidth'(out_fire);
      end else if (picked_q && !gone_q && out_fire) begin
        if (ahead_q == '0) gone_q <= 1'b1;
        else ahead_q <= ahead_q - 1'b1;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      InFlightBounded_Ref: assert (flight_q != '1);
      if (out_valid_i) TokenCalledFor_Ref: assert (flight_q != '0);
      if (Compare && due_o) TokenMatches_Ref: assert (out_tok_i == want_q);
    end
  end
endmodule
