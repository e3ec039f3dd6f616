// sam_fifo_bram: an edge FIFO whose storage is block RAM (SB_RAM40_4K on iCE40),
// for the deep edges of a generated top built for iCE40 (`TopOptions::lean`),
// where sam_fifo's storage is flip-flops. Same channel contract as sam_fifo.
//
// Carries any token kind unchanged and in order; holds at least Depth tokens
// (2**clog2(Depth) in the memory and two in the output buffer). Full throughput:
// with the producer valid and the consumer ready it moves one token per cycle.
// The memory is read synchronously (one read register, the block RAM's own):
// a read starts when the memory holds a token written at least a cycle
// before and the output buffer (a two-entry sam_fifo) has a credit for it, so a
// read never meets a write of the same address.
// Latency: input to output 3 cycles (memory, read register, output buffer).
// Combinational paths: ready_o = the memory is not full, a register compare; no
// path from ready_i or valid_i to ready_o. valid_o and tok_o come from the
// output buffer's registers. The read enable reads ready_i (internal only).
//
// Parameters: Width  payload width (token is Width+1 bits), 1..63
//             Depth  tokens held at least, >= 2
// Ports:      clk_i, rst_ni         clock, synchronous active-low reset
//             valid_i, ready_o, tok_i   input channel, any token kind
//             valid_o, ready_i, tok_o   output channel, same tokens in order
module sam_fifo_bram #(
  parameter int unsigned Width = sam_pkg::CrdWidth,
  parameter int unsigned Depth = 8
) (
  input  logic           clk_i,
  input  logic           rst_ni,
  input  logic           valid_i,
  output logic           ready_o,
  input  logic [Width:0] tok_i,
  output logic           valid_o,
  input  logic           ready_i,
  output logic [Width:0] tok_o
);

  if (Width < 1 || Width > sam_pkg::MaxPayloadWidth) begin : gen_bad_width
    $error("sam_fifo_bram: Width must be in 1..63");
  end
  if (Depth < 2) begin : gen_bad_depth
    $error("sam_fifo_bram: Depth must be >= 2");
  end

  localparam int unsigned PtrWidth   = Depth < 2 ? 1 : $clog2(Depth);
  localparam int unsigned MemDepth   = 2 ** PtrWidth;
  localparam int unsigned CountWidth = PtrWidth + 1;
  localparam logic [CountWidth-1:0] Full = CountWidth'(MemDepth);

  sam_stream_assert #(.Width(Width), .Name("sam_fifo_bram input")) in_check (
    .clk_i, .rst_ni, .valid_i(valid_i), .ready_i(ready_o), .tok_i(tok_i)
  );

  logic push, pop, rd_en;
  logic [PtrWidth-1:0]   wr_ptr_q, rd_ptr_q;
  logic [CountWidth-1:0] count_q;  // tokens in the memory
  logic [1:0]            occ_q;    // tokens read or being read, not yet popped
  logic                  rd_valid_q;
  logic [Width:0]        rd_tok_q;
  logic                  out_room;

  assign ready_o = count_q != Full;
  assign push    = valid_i && ready_o;
  assign pop     = valid_o && ready_i;
  assign rd_en   = count_q != '0 && (occ_q != 2'd2 || pop);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      wr_ptr_q   <= '0;
      rd_ptr_q   <= '0;
      count_q    <= '0;
      occ_q      <= '0;
      rd_valid_q <= 1'b0;
    end else begin
      if (push) wr_ptr_q <= wr_ptr_q + 1'b1;
      if (rd_en) rd_ptr_q <= rd_ptr_q + 1'b1;
      count_q    <= count_q + CountWidth'(push) - CountWidth'(rd_en);
      occ_q      <= occ_q + 2'(rd_en) - 2'(pop);
      rd_valid_q <= rd_en;
    end
  end

  // No reset on the storage so it maps to block RAM; a read and a write never
  // meet at one address (a token is read a cycle after its write at the
  // earliest, and the memory is not written when full).
  (* no_rw_check *)
  logic [Width:0] mem_q[MemDepth];

  always_ff @(posedge clk_i) begin
    if (push) mem_q[wr_ptr_q] <= tok_i;
  end

  always_ff @(posedge clk_i) begin
    if (rd_en) rd_tok_q <= mem_q[rd_ptr_q];
  end

  sam_fifo #(
    .Width(Width),
    .Depth(2)
  ) out_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(rd_valid_q),
    .ready_o(out_room),
    .tok_i  (rd_tok_q),
    .valid_o(valid_o),
    .ready_i(ready_i),
    .tok_o  (tok_o)
  );

`ifdef FORMAL
  // Invariants (formal/): the memory's count agrees with its pointers, and the
  // tokens read and not yet popped are the one in the read register plus the
  // output buffer's.
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (count_q <= Full);
      assert (PtrWidth'(count_q) == PtrWidth'(wr_ptr_q - rd_ptr_q));
      assert (32'(occ_q) == 32'(rd_valid_q) + out_buffer.f_count);
    end
  end
`endif

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni && rd_valid_q) begin
      assert (out_room)
      else $error("sam_fifo_bram: read into a full output buffer");
    end
  end
`else
  logic unused_room;  // the output buffer's ready feeds the assertion only
  assign unused_room = out_room;
`endif

endmodule
