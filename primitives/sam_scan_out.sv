// sam_scan_out: the output stage of a block that issues tokens into a fixed-latency
// pipeline on credits (docs/primitives.md): the credit counters, one output buffer
// (`sam_fifo`) per output, and the checks that the credits keep a free slot in
// every buffer for every token in flight.
//
// The block issues a token (take_i) only while room_o is high; the token reaches
// the buffers some cycles later (valid_i, one token for every output at once). A
// counter per output holds the tokens issued and not yet taken by that output's
// consumer, so a buffer of Depth tokens never overflows however long the consumers
// stall. With Drop = 1 an issued token may also leave the pipeline before the
// buffers (drop_i: a miss the block discards), which returns its credit on every
// output (sam_credit's Drop).
//
// Outputs may have different payload widths: the ports carry every token at the
// common Width, output k's token zero-extended from its own width W_k (its flag bit
// at W_k, not at Width). The block writes tok_i[k] as `(Width+1)'(tok)` and reads
// its output as `tok_o[k][W_k:0]`; the buffers hold W_k + 1 bits.
//
// Parameters: Outputs  number of outputs, 1..8
//             Width    payload width of the token ports, 1..63
//             Widths   each output's payload width W_k, 1..Width, seven bits each,
//                      output 0 in the low bits: {7'(W1), 7'(W0)} (a plain
//                      vector, so a concatenation sets it without a conversion)
//             Depth    tokens each buffer holds (>= the pipeline latency plus one
//                      for full throughput), 1..255
//             Drop     1: drop_i returns an issued token's credits; 0: unused
// Ports:      clk_i, rst_ni               clock, synchronous active-low reset
//             take_i                      a token enters the pipeline (issued
//                                         only while room_o is high)
//             drop_i                      Drop = 1: an issued token leaves the
//                                         pipeline without reaching the buffers
//             room_o                      another token may be issued (registered)
//             valid_i, tok_i              the pipeline's token for every output
//             valid_o, ready_i, tok_o     the output channels, one per output
//             inflight_i                  tokens issued and neither at the buffers
//                                         nor dropped (read under FORMAL only)
// Latency: one cycle from valid_i to valid_o (the buffers'). room_o is a
// register: no combinational path from ready_i, valid_i or take_i to any output
// but the buffers' own (sam_fifo's, at Depth 1: ready_i to its ready).
module sam_scan_out #(
  parameter int unsigned Outputs = 2,
  parameter int unsigned Width   = sam_pkg::CrdWidth,
  parameter logic [7*Outputs-1:0] Widths = {Outputs{7'(Width)}},
  parameter int unsigned Depth   = 4,
  parameter int unsigned Drop    = 0
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic                      take_i,
  input  logic                      drop_i,
  output logic                      room_o,
  input  logic                      valid_i,
  input  logic [Outputs-1:0][Width:0] tok_i,
  output logic [Outputs-1:0]        valid_o,
  input  logic [Outputs-1:0]        ready_i,
  output logic [Outputs-1:0][Width:0] tok_o,
  input  logic [7:0]                inflight_i
);

  if (Outputs < 1 || Outputs > 8) begin : gen_bad_outputs
    $error("sam_scan_out: Outputs must be in 1..8");
  end
  if (Width < 1 || Width > sam_pkg::MaxPayloadWidth) begin : gen_bad_width
    $error("sam_scan_out: Width must be in 1..63");
  end
  if (Depth < 1 || Depth > 255) begin : gen_bad_depth
    $error("sam_scan_out: Depth must be in 1..255");
  end
  if (Drop > 1) begin : gen_bad_drop
    $error("sam_scan_out: Drop must be 0 or 1");
  end

  logic [Outputs-1:0] pop, buf_ready;
  assign pop = valid_o & ready_i;

  sam_credit #(
    .Depth  (Depth),
    .Outputs(Outputs),
    .Drop   (Drop)
  ) credit (
    .clk_i (clk_i),
    .rst_ni(rst_ni),
    .take_i(take_i),
    .drop_i(drop_i),
    .give_i(pop),
    .room_o(room_o)
  );

  for (genvar k = 0; k < Outputs; k++) begin : gen_out
    localparam int unsigned W = 32'(Widths[7*k+:7]);
    if (W < 1 || W > Width) begin : gen_bad_widths
      $error("sam_scan_out: each of Widths must be in 1..Width");
    end

    logic [W:0] buf_tok;
    sam_fifo #(
      .Width(W),
      .Depth(Depth)
    ) buffer (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(valid_i),
      .ready_o(buf_ready[k]),
      .tok_i  (tok_i[k][W:0]),
      .valid_o(valid_o[k]),
      .ready_i(ready_i[k]),
      .tok_o  (buf_tok)
    );
    assign tok_o[k] = (Width + 1)'(buf_tok);

    if (W < Width) begin : gen_narrow
      logic unused_high;  // above output k's token: zero by the port's convention
      assign unused_high = ^tok_i[k][Width:W+1];
    end

`ifdef FORMAL
    // The credit counter equals the tokens in flight to this output: in the
    // pipeline and in its buffer. This turns the overflow check below into a proof.
    always_ff @(posedge clk_i) begin
      if (rst_ni) assert (32'(credit.used_q[k]) == 32'(inflight_i) + buffer.f_count);
    end
`endif
  end

`ifndef FORMAL
  logic unused_inflight;  // the invariant's only operand
  assign unused_inflight = ^inflight_i;
`endif

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni && valid_i) begin
      // The credits keep a free slot in every buffer for every token in flight.
      BufferRoom_A: assert (&buf_ready)
      else $error("sam_scan_out: output buffer overflow (credit accounting)");
    end
  end
`else
  logic unused_buf_ready;  // read by the check only
  assign unused_buf_ready = ^buf_ready;
`endif

endmodule
