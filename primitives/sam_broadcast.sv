// sam_broadcast: copies one stream to Ways consumers (DESIGN section 6; the
// executor's `broadcast`: every output carries the input stream unchanged).
//
// A stream fork (common_cells `stream_fork` semantics): every output handshakes
// every token exactly once, in order, each at its own pace; the input token is
// consumed once every output has taken it. Each output sits behind its own
// two-entry buffer (`sam_fifo`, Depth 2), so a slow consumer stalls the input only
// when its buffer is full, and with every consumer ready the block moves one token
// per cycle. in_ready_o depends only on registered state (the buffers' ready_o and
// which outputs already took the current token): no combinational path from any
// out_k_ready_i to in_ready_o.
//
// Any token kind passes (data, N, stops, D); nothing is checked beyond the
// handshake.
//
// Parameters: Width  payload width of the stream, 1..63
//             Ways   number of outputs, 1..8; outputs out_0 .. out_(Ways-1) are
//                    used, the rest are tied off (valid 0) and their ready ignored
// Ports:      clk_i, rst_ni                      clock, asynchronous active-low reset
//             in_valid_i, in_ready_o, in_tok_i  the stream in, any token kind
//             out_k_valid_o, out_k_ready_i, out_k_tok_o (k = 0..7)
//                                                copy k of the stream
module sam_broadcast #(
  parameter int unsigned Width = sam_pkg::CrdWidth,
  parameter int unsigned Ways  = 2
) (
  input  logic           clk_i,
  input  logic           rst_ni,
  input  logic           in_valid_i,
  output logic           in_ready_o,
  input  logic [Width:0] in_tok_i,
  output logic           out_0_valid_o,
  input  logic           out_0_ready_i,
  output logic [Width:0] out_0_tok_o,
  output logic           out_1_valid_o,
  input  logic           out_1_ready_i,
  output logic [Width:0] out_1_tok_o,
  output logic           out_2_valid_o,
  input  logic           out_2_ready_i,
  output logic [Width:0] out_2_tok_o,
  output logic           out_3_valid_o,
  input  logic           out_3_ready_i,
  output logic [Width:0] out_3_tok_o,
  output logic           out_4_valid_o,
  input  logic           out_4_ready_i,
  output logic [Width:0] out_4_tok_o,
  output logic           out_5_valid_o,
  input  logic           out_5_ready_i,
  output logic [Width:0] out_5_tok_o,
  output logic           out_6_valid_o,
  input  logic           out_6_ready_i,
  output logic [Width:0] out_6_tok_o,
  output logic           out_7_valid_o,
  input  logic           out_7_ready_i,
  output logic [Width:0] out_7_tok_o
);

  localparam int unsigned MaxWays = 8;

  if (Width < 1 || Width > sam_pkg::MaxPayloadWidth) begin : gen_bad_width
    $error("sam_broadcast: Width must be in 1..63");
  end
  if (Ways < 1 || Ways > MaxWays) begin : gen_bad_ways
    $error("sam_broadcast: Ways must be in 1..8");
  end

  sam_stream_assert #(
    .Width(Width),
    .Name ("sam_broadcast in")
  ) in_check (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(in_valid_i),
    .ready_i(in_ready_o),
    .tok_i  (in_tok_i)
  );

  logic [MaxWays-1:0] valid_o, ready_i;
  logic [Width:0]     tok_o[MaxWays];

  // The named ports as arrays.
  assign out_0_valid_o = valid_o[0];
  assign out_1_valid_o = valid_o[1];
  assign out_2_valid_o = valid_o[2];
  assign out_3_valid_o = valid_o[3];
  assign out_4_valid_o = valid_o[4];
  assign out_5_valid_o = valid_o[5];
  assign out_6_valid_o = valid_o[6];
  assign out_7_valid_o = valid_o[7];
  assign out_0_tok_o   = tok_o[0];
  assign out_1_tok_o   = tok_o[1];
  assign out_2_tok_o   = tok_o[2];
  assign out_3_tok_o   = tok_o[3];
  assign out_4_tok_o   = tok_o[4];
  assign out_5_tok_o   = tok_o[5];
  assign out_6_tok_o   = tok_o[6];
  assign out_7_tok_o   = tok_o[7];
  assign ready_i[0]     = out_0_ready_i;
  assign ready_i[1]     = out_1_ready_i;
  assign ready_i[2]     = out_2_ready_i;
  assign ready_i[3]     = out_3_ready_i;
  assign ready_i[4]     = out_4_ready_i;
  assign ready_i[5]     = out_5_ready_i;
  assign ready_i[6]     = out_6_ready_i;
  assign ready_i[7]     = out_7_ready_i;

  // taken_q[k]: output k's buffer already holds the current input token.
  logic [Ways-1:0] taken_d, taken_q, buf_ready, push;

  for (genvar k = 0; k < Ways; k++) begin : gen_out
    assign push[k] = in_valid_i && !taken_q[k];

    sam_fifo #(
      .Width(Width),
      .Depth(2)
    ) out_buffer (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(push[k]),
      .ready_o(buf_ready[k]),
      .tok_i  (in_tok_i),
      .valid_o(valid_o[k]),
      .ready_i(ready_i[k]),
      .tok_o  (tok_o[k])
    );
  end

  for (genvar k = Ways; k < MaxWays; k++) begin : gen_unused
    logic unused_ready;
    assign unused_ready = ready_i[k];
    assign valid_o[k]   = 1'b0;
    assign tok_o[k]     = '0;
  end

  assign in_ready_o = &(taken_q | buf_ready);

  always_comb begin
    taken_d = taken_q;
    if (in_valid_i && in_ready_o) begin
      taken_d = '0;
    end else if (in_valid_i) begin
      taken_d = taken_q | buf_ready;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      taken_q <= '0;
    end else begin
      taken_q <= taken_d;
    end
  end

endmodule
