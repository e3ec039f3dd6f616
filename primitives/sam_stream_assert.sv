// sam_stream_assert: simulation-only checker of one SAM channel's handshake.
//
// Instantiated by primitives on their input channels. Checks the AXI-Stream rules
// of DESIGN section 5 that the producer must keep: once valid is high it stays high
// until the transfer (valid && ready on a rising edge), and the token holds still
// meanwhile. Purely observational: no outputs, no logic left after synthesis.
// Compiled out when SAM_ASSERTS_OFF is defined (the synthesis flow defines it).
//
// Parameters: Width  payload width of the channel (token is Width+1 bits), 1..63
//             Name   channel name used in the error message
// Ports:      clk_i, rst_ni, valid_i, ready_i, tok_i: the channel, observed
module sam_stream_assert #(
  parameter int unsigned Width = sam_pkg::CrdWidth,
  // Waiver: only the assertions read Name, and SAM_ASSERTS_OFF compiles them out.
  /* verilator lint_off UNUSEDPARAM */
  parameter string       Name  = "stream"
  /* verilator lint_on UNUSEDPARAM */
) (
  input logic             clk_i,
  input logic             rst_ni,
  input logic             valid_i,
  input logic             ready_i,
  input logic [Width:0]   tok_i
);

  if (Width < 1 || Width > sam_pkg::MaxPayloadWidth) begin : gen_bad_width
    $error("sam_stream_assert: Width must be in 1..63");
  end

`ifndef SAM_ASSERTS_OFF
  logic           stalled_q;
  logic [Width:0] stalled_tok_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      stalled_q     <= 1'b0;
      stalled_tok_q <= '0;
    end else begin
      stalled_q     <= valid_i && !ready_i;
      stalled_tok_q <= tok_i;
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_ni && stalled_q) begin
      assert (valid_i)
      else $error("%s: valid dropped before the transfer", Name);
      assert (tok_i == stalled_tok_q)
      else $error("%s: token changed while stalled (%h -> %h)", Name, stalled_tok_q, tok_i);
    end
  end
`else
  logic unused_ok;
  assign unused_ok = ^{clk_i, rst_ni, valid_i, ready_i, tok_i};
`endif

endmodule
