// sam_broadcast: copies one stream to Ways consumers (docs/primitives.md; the
// executor's `broadcast`: every output carries the input stream unchanged).
//
// A stream fork (common_cells `stream_fork` semantics): every output handshakes
// every token exactly once, in order, each at its own pace; the input token is
// consumed once every output has taken it. Each output sits behind its own
// two-entry buffer (`sam_fifo`, Depth 2), so a slow consumer stalls the input only
// when its buffer is full, and with every consumer ready the block moves one token
// per cycle. in_ready_o depends only on registered state (the buffers' ready_o and
// which outputs already took the current token): no combinational path from any
// out_ready_i to in_ready_o.
//
// Any token kind passes (data, N, stops, D); nothing is checked beyond the
// handshake.
//
// Parameters: Width  payload width of the stream, 1..63
//             Ways   number of outputs, 1..8
// Ports:      clk_i, rst_ni                      clock, synchronous active-low reset
//             in_valid_i, in_ready_o, in_tok_i  the stream in, any token kind
//             out_valid_o[k], out_ready_i[k], out_tok_o[k] (k = 0..Ways-1)
//                                                copy k of the stream, one array
//                                                element per output
module sam_broadcast #(
  parameter int unsigned Width = sam_pkg::CrdWidth,
  parameter int unsigned Ways  = 2
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic                      in_valid_i,
  output logic                      in_ready_o,
  input  logic [Width:0]            in_tok_i,
  output logic [Ways-1:0]           out_valid_o,
  input  logic [Ways-1:0]           out_ready_i,
  output logic [Ways-1:0][Width:0]  out_tok_o
);

  // The most outputs (hdl-gen's BROADCAST_MAX_WAYS): in_ready_o is one AND over
  // them all.
  localparam int unsigned MaxWays = 8;

  if (Width < 1 || Width > sam_pkg::MaxPayloadWidth) begin : gen_bad_width
    $error("sam_broadcast: Width must be in 1..63");
  end
  if (Ways < 1 || Ways > MaxWays) begin : gen_bad_ways
    $error("sam_broadcast: Ways must be in 1..8");
  end

  sam_stream_assert #(.Width(Width), .Name("sam_broadcast in")) in_check (
    .clk_i, .rst_ni, .valid_i(in_valid_i), .ready_i(in_ready_o), .tok_i(in_tok_i)
  );

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
      .valid_o(out_valid_o[k]),
      .ready_i(out_ready_i[k]),
      .tok_o  (out_tok_o[k])
    );
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

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      taken_q <= '0;
    end else begin
      taken_q <= taken_d;
    end
  end

endmodule
