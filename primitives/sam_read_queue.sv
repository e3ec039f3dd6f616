// sam_read_queue: the tokens that ride beside array reads of any latency
// (docs/memory.md). A reader issues a token into the queue with its read (or
// with no read: a stop, an N, a repeat passing by); the memory's responses come
// in request order, each after any number of cycles; the queue gives the tokens
// back in issue order, each one that read together with its read's data. The
// latency-insensitive counterpart of `sam_read_align`, which assumes the
// on-chip array's two cycles: sam_arrayvals.
//
// Tokens wait in a Depth-entry FIFO. A response that comes while its token is
// not yet at the head (tokens ahead of it are still leaving) waits in a
// second Depth-entry FIFO; one that meets its token at the head goes straight
// out, so with the on-chip array (two cycles) a token that read leaves two
// cycles after it entered, as with `sam_read_align`, and one that did not,
// one cycle after (or behind the tokens ahead of it). At most one token leaves
// per cycle; it is never held back (valid_o has no ready): the user issues on
// credits that cover every token in the queue and the buffer behind it
// (`sam_scan_out`), so Depth is the user's credit count and the queue never
// overflows (asserted).
//
// Parameters: Width      token payload width, 1..256
//             DataWidth  read data width, 1..64
//             Depth      tokens held, 1..64 (the user's credits)
// Ports:      clk_i, rst_ni              clock, synchronous active-low reset
//             valid_i, read_i, data_i    a token issued this cycle, and whether
//                                        a read was issued with it
//             rsp_valid_i, rsp_data_i    a response of the memory
//             valid_o, data_o            the oldest token leaves
//             rsp_data_o                 its read's data (when it read)
//             inflight_o                 tokens in the queue (0..Depth), the
//                                        pipeline term of the user's credits
// valid_o, data_o and inflight_o are functions of registers and rsp_valid_i
// (rsp_data_o also of rsp_data_i): no combinational path from valid_i, read_i
// or data_i to an output.
module sam_read_queue #(
  parameter int unsigned Width     = 1,
  parameter int unsigned DataWidth = 1,
  parameter int unsigned Depth     = 4
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic                 valid_i,
  input  logic                 read_i,
  input  logic [Width-1:0]     data_i,
  input  logic                 rsp_valid_i,
  input  logic [DataWidth-1:0] rsp_data_i,
  output logic                 valid_o,
  output logic [Width-1:0]     data_o,
  output logic [DataWidth-1:0] rsp_data_o,
  output logic [7:0]           inflight_o
);

  if (Width < 1 || Width > 256) begin : gen_bad_width
    $error("sam_read_queue: Width must be in 1..256");
  end
  if (DataWidth < 1 || DataWidth > 64) begin : gen_bad_data_width
    $error("sam_read_queue: DataWidth must be in 1..64");
  end
  if (Depth < 1 || Depth > 64) begin : gen_bad_depth
    $error("sam_read_queue: Depth must be in 1..64");
  end

  localparam int unsigned PtrWidth = Depth > 1 ? $clog2(Depth) : 1;
  localparam int unsigned CntWidth = $clog2(Depth + 1);

  function automatic logic [PtrWidth-1:0] step(logic [PtrWidth-1:0] p);
    return p == PtrWidth'(Depth - 1) ? '0 : p + 1'b1;
  endfunction

  // The tokens.
  logic [Width-1:0]    tok_q[Depth];
  logic [Depth-1:0]    read_q;
  logic [PtrWidth-1:0] tok_head_q, tok_tail_q;
  logic [CntWidth-1:0] tok_count_q;
  // The responses that came before their tokens reached the head.
  logic [DataWidth-1:0] rsp_q[Depth];
  logic [PtrWidth-1:0]  rsp_head_q, rsp_tail_q;
  logic [CntWidth-1:0]  rsp_count_q;

  logic head_read, rsp_held, pop, rsp_pop, rsp_push;

  assign head_read  = read_q[tok_head_q];
  assign rsp_held   = rsp_count_q != '0;
  assign valid_o    = tok_count_q != '0 && (!head_read || rsp_held || rsp_valid_i);
  assign data_o     = tok_q[tok_head_q];
  assign rsp_data_o = rsp_held ? rsp_q[rsp_head_q] : rsp_data_i;
  assign pop        = valid_o;
  assign rsp_pop    = pop && head_read && rsp_held;
  // A response joins the held ones unless it leaves with its token now.
  assign rsp_push   = rsp_valid_i && !(pop && head_read && !rsp_held);
  assign inflight_o = 8'(tok_count_q);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      tok_head_q  <= '0;
      tok_tail_q  <= '0;
      tok_count_q <= '0;
      rsp_head_q  <= '0;
      rsp_tail_q  <= '0;
      rsp_count_q <= '0;
    end else begin
      if (valid_i) tok_tail_q <= step(tok_tail_q);
      if (pop) tok_head_q <= step(tok_head_q);
      tok_count_q <= tok_count_q + CntWidth'(valid_i) - CntWidth'(pop);
      if (rsp_push) rsp_tail_q <= step(rsp_tail_q);
      if (rsp_pop) rsp_head_q <= step(rsp_head_q);
      rsp_count_q <= rsp_count_q + CntWidth'(rsp_push) - CntWidth'(rsp_pop);
    end
  end

  // Entries have no reset: only the counts say which hold a token.
  always_ff @(posedge clk_i) begin
    if (valid_i) begin
      tok_q[tok_tail_q]  <= data_i;
      read_q[tok_tail_q] <= read_i;
    end
    if (rsp_push) rsp_q[rsp_tail_q] <= rsp_data_i;
  end

`ifndef SAM_ASSERTS_OFF
  // Reads whose tokens are in the queue and whose responses have not left.
  logic [CntWidth-1:0] reads_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) reads_q <= '0;
    else reads_q <= reads_q + CntWidth'(valid_i && read_i) - CntWidth'(pop && head_read);
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      Room_A: assert (!(valid_i && !pop && tok_count_q == CntWidth'(Depth)))
      else $error("sam_read_queue: a token issued into a full queue (the credits exceed Depth)");
      Asked_A: assert (!rsp_valid_i || rsp_count_q < reads_q)
      else $error("sam_read_queue: a response with no read outstanding");
    end
  end
`endif

endmodule
