// formal_stream_pair: the n-th tokens of two input streams that move on their
// own handshakes (`aligned` pairs of a proof, within Hist tokens of each other),
// brought together for a reference model. lead_q counts a's transfers minus b's;
// the leading stream's last tokens wait in a short history (newest first) until
// the other stream's token of the same position moves. That completes the pair
// (pair_o, with a_o and b_o), at most one a cycle, in input order, in the cycle
// the second of the two moves. The lead stays within Hist (LeadBounded_Ref).
module formal_stream_pair #(
  parameter int unsigned WidthA = 3,
  parameter int unsigned WidthB = 3,
  parameter int unsigned Hist   = 5
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              a_fire_i,
  input  logic [WidthA:0]   a_tok_i,
  input  logic              b_fire_i,
  input  logic [WidthB:0]   b_tok_i,
  output logic              pair_o,
  output logic [WidthA:0]   a_o,
  output logic [WidthB:0]   b_o
);
  localparam logic signed [4:0] HistS = 5'(Hist);
  logic signed [4:0]           lead_q;
  logic [Hist-1:0][WidthA:0]   a_hist_q;
  logic [Hist-1:0][WidthB:0]   b_hist_q;

  always_comb begin
    pair_o = 1'b0;
    a_o    = a_tok_i;
    b_o    = b_tok_i;
    if (lead_q == 0) begin
      pair_o = a_fire_i && b_fire_i;
    end else if (lead_q > 0) begin
      pair_o = b_fire_i;
      a_o    = a_hist_q[4'(lead_q - 5'sd1)];
    end else begin
      pair_o = a_fire_i;
      b_o    = b_hist_q[4'(-lead_q - 5'sd1)];
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      lead_q   <= '0;
      a_hist_q <= '0;
      b_hist_q <= '0;
    end else begin
      lead_q <= lead_q + 5'(a_fire_i) - 5'(b_fire_i);
      if (a_fire_i) a_hist_q <= {a_hist_q[Hist-2:0], a_tok_i};
      if (b_fire_i) b_hist_q <= {b_hist_q[Hist-2:0], b_tok_i};
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_ni) LeadBounded_Ref: assert (lead_q <= HistS && lead_q >= -HistS);
  end
endmodule
