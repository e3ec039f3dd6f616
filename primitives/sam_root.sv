// sam_root: the root reference stream `0 D` (docs/primitives.md; the golden
// executor feeds the same two tokens to every root block).
//
// A root scanner makes this stream itself; a root `repeat` (a tensor with no
// level above the loop that repeats it, like `c` in `x(i) = B(i,j) * c(j)`) is fed
// by this block. Nothing comes out before `start_i`, so the kernel does not run
// until the host has loaded its arrays.
//
// Parameters: Width  payload width of the reference stream, 2..63
// Ports:      clk_i, rst_ni                 clock, synchronous active-low reset
//             start_i                       begin (a level: hold high)
//             valid_o, ready_i, tok_o       the references `0 D` (ref)
// valid_o and tok_o are registered state and start_i only; ready_i is not read
// combinationally by anything but the state update.
module sam_root #(
  parameter int unsigned Width = sam_pkg::CrdWidth
) (
  input  logic           clk_i,
  input  logic           rst_ni,
  input  logic           start_i,
  output logic           valid_o,
  input  logic           ready_i,
  output logic [Width:0] tok_o
);

  if (Width < 2 || Width > sam_pkg::MaxPayloadWidth) begin : gen_bad_width
    $error("sam_root: Width must be in 2..63");
  end

  logic [1:0] sent_q;  // tokens of `0 D` already taken

  assign valid_o = start_i && sent_q != 2'd2;
  assign tok_o   = sent_q == 2'd0 ? '0 : {1'b1, {Width{1'b1}}};

  always_ff @(posedge clk_i) begin
    if (!rst_ni) sent_q <= '0;
    else if (valid_o && ready_i) sent_q <= sent_q + 2'd1;
  end

  sam_stream_assert #(.Width(Width), .Name("sam_root")) out_check (
    .clk_i, .rst_ni, .valid_i(valid_o), .ready_i(ready_i), .tok_i(tok_o)
  );

endmodule
