// sam_fifo: the FIFO on every edge of a generated SAM top (docs/tokens-and-channels.md).
//
// Carries any token kind unchanged and in order. Full throughput: with the producer
// valid and the consumer ready it moves one token per cycle at every depth.
// No path from valid_i or tok_i to the outputs (one cycle of latency): valid_o is
// a register; tok_o is a register at depth 1, and at depth 2 and more a read of
// the buffer at the read pointer (a register), asynchronous, so it comes a
// distributed-RAM read (ECP5) or a flip-flop mux (iCE40) after the clock.
//
//   Depth >= 2  a circular buffer; ready_o = !full is a register: no combinational
//               path from ready_i to ready_o.
//   Depth == 1  a single register stage; ready_o = !full || ready_i. This is the one
//               combinational path (ready_i -> ready_o), the price of full throughput
//               with one slot. hdl-gen counts it when it bounds ready chains.
//
// The buffer is read asynchronously, so it maps to distributed RAM on ECP5 and to
// flip-flops on iCE40: edge FIFOs are shallow, block RAM is kept for tensor arrays.
//
// Parameters: Width  payload width (token is Width+1 bits), 1..63
//             Depth  number of tokens held, >= 1
// Ports:      clk_i, rst_ni         clock, synchronous active-low reset
//             valid_i, ready_o, tok_i   input channel, any token kind
//             valid_o, ready_i, tok_o   output channel, same tokens in order
module sam_fifo #(
  parameter int unsigned Width = sam_pkg::CrdWidth,
  parameter int unsigned Depth = 2
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
    $error("sam_fifo: Width must be in 1..63");
  end

  sam_stream_assert #(.Width(Width), .Name("sam_fifo input")) in_check (
    .clk_i, .rst_ni, .valid_i(valid_i), .ready_i(ready_o), .tok_i(tok_i)
  );

`ifdef FORMAL
  // Tokens held, for the credit invariants of the blocks that buffer into a FIFO.
  logic [31:0] f_count;
`endif

  logic push, pop;
  assign push = valid_i && ready_o;
  assign pop  = valid_o && ready_i;

  if (Depth < 1) begin : gen_bad_depth
    $error("sam_fifo: Depth must be >= 1");
  end else if (Depth == 1) begin : gen_register
    logic           full_d, full_q;
    logic [Width:0] tok_d, tok_q;

    assign ready_o = !full_q || ready_i;
    assign valid_o = full_q;
    assign tok_o   = tok_q;

    // The register takes the input whenever it may (ready_o), token or not:
    // without a transfer it is empty or being emptied, so the value is unused.
    always_comb begin
      full_d = full_q;
      tok_d  = ready_o ? tok_i : tok_q;
      if (pop) full_d = 1'b0;
      if (push) full_d = 1'b1;
    end

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        full_q <= 1'b0;
        tok_q  <= '0;
      end else begin
        full_q <= full_d;
        tok_q  <= tok_d;
      end
    end
`ifdef FORMAL
    assign f_count = 32'(full_q);
`endif
  end else begin : gen_buffer
    localparam int unsigned PtrWidth   = $clog2(Depth);
    localparam int unsigned CountWidth = $clog2(Depth + 1);
    localparam logic [PtrWidth-1:0]   LastSlot = PtrWidth'(Depth - 1);
    localparam logic [CountWidth-1:0] Full     = CountWidth'(Depth);

    // No reset on the storage so it can map to RAM.
    logic [Width:0]          mem_q[Depth];
    logic [PtrWidth-1:0]     wr_ptr_d, wr_ptr_q, rd_ptr_d, rd_ptr_q;
    logic [CountWidth-1:0]   count_d, count_q;

    assign ready_o = count_q != Full;
    assign valid_o = count_q != '0;
    assign tok_o   = mem_q[rd_ptr_q];

    always_comb begin
      wr_ptr_d = wr_ptr_q;
      rd_ptr_d = rd_ptr_q;
      count_d  = count_q;
      if (push) wr_ptr_d = (wr_ptr_q == LastSlot) ? '0 : wr_ptr_q + 1'b1;
      if (pop) rd_ptr_d = (rd_ptr_q == LastSlot) ? '0 : rd_ptr_q + 1'b1;
      unique case ({push, pop})
        2'b10:   count_d = count_q + 1'b1;
        2'b01:   count_d = count_q - 1'b1;
        default: count_d = count_q;
      endcase
    end

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        wr_ptr_q <= '0;
        rd_ptr_q <= '0;
        count_q  <= '0;
      end else begin
        wr_ptr_q <= wr_ptr_d;
        rd_ptr_q <= rd_ptr_d;
        count_q  <= count_d;
      end
    end

    // The slot at the write pointer is free whenever the FIFO is not full, so it
    // is written then whether or not a token arrives: only the pointer and the
    // count depend on the handshake, which keeps a producer's valid and token
    // decoding off the memory's write-enable path (it sets Fmax in the blocks
    // that buffer their outputs here).
    always_ff @(posedge clk_i) begin
      if (ready_o) mem_q[wr_ptr_q] <= tok_i;
    end

`ifdef FORMAL
    // Invariants (formal/): the count is the distance between the pointers, so
    // k-induction needs no more steps than the FIFO has slots.
    assign f_count = 32'(count_q);
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        assert (count_q <= Full);
        assert (wr_ptr_q <= LastSlot && rd_ptr_q <= LastSlot);
        assert ((32'(rd_ptr_q) + 32'(count_q)) % Depth == 32'(wr_ptr_q));
      end
    end
`endif
  end

endmodule
