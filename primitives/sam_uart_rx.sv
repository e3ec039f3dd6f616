// sam_uart_rx: 8N1 UART receiver with a receive buffer, for the board host link
// (the protocol is in docs/host-protocol.md).
//
// The line idles high; a frame is a low start bit, 8 data bits LSB first, a high
// stop bit, each ClksPerBit clock cycles long. The input passes a two-flop
// synchronizer (it comes from another clock domain: the USB bridge). A start bit
// is confirmed at its middle, then each bit is sampled at its middle. A frame
// whose stop bit is low (a break, noise, a baud mismatch) is dropped.
//
// Received bytes wait in a FIFO of Depth bytes until the reader takes them
// (valid_o/ready_i handshake), so bytes that arrive while the reader is busy (the
// host bridge sending a reply) are kept. A byte that arrives while the FIFO is
// full and nothing is popped in that cycle is dropped, and overflow_o is high for
// one cycle: the bridge turns it into a sticky status bit.
//
// Parameters: ClksPerBit  clock cycles per bit, >= 4 (clock / baud rate)
//             Depth       bytes the FIFO holds, a power of two >= 2
// Ports:      clk_i, rst_ni       clock, synchronous active-low reset
//             rx_i                the serial line (asynchronous)
//             valid_o, ready_i,   the oldest received byte (valid/ready handshake;
//             data_o              data_o holds while valid_o && !ready_i)
//             overflow_o          a byte was dropped (FIFO full), one cycle
// No combinational path from an input to an output: valid_o, data_o and
// overflow_o are registers. The FIFO reads synchronously (block RAM on iCE40);
// a byte is offered two cycles after it is written or after the previous pop,
// far inside the ClksPerBit * 10 cycles between two bytes.
module sam_uart_rx #(
  parameter int unsigned ClksPerBit = 16,
  parameter int unsigned Depth      = 16
) (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       rx_i,
  output logic       valid_o,
  input  logic       ready_i,
  output logic [7:0] data_o,
  output logic       overflow_o
);

  if (ClksPerBit < 4) begin : gen_bad_rate
    $error("sam_uart_rx: ClksPerBit must be >= 4");
  end
  if (Depth < 2 || (Depth & (Depth - 1)) != 0) begin : gen_bad_depth
    $error("sam_uart_rx: Depth must be a power of two >= 2");
  end

  localparam int unsigned CntW = unsigned'($clog2(ClksPerBit + 1));
  localparam int unsigned PtrW = unsigned'($clog2(Depth));
  localparam logic [CntW-1:0] Full = CntW'(ClksPerBit - 1);
  localparam logic [CntW-1:0] Half = CntW'(ClksPerBit / 2 - 1);

  typedef enum logic [1:0] {
    Idle,
    Start,
    Data,
    Stop
  } state_e;

  logic [1:0]      sync_q;
  logic            rx;
  state_e          state_q, state_d;
  logic [CntW-1:0] cnt_q, cnt_d;
  logic [2:0]      bit_q, bit_d;
  logic [7:0]      shift_q, shift_d;
  logic            got;  // a byte completed this cycle

  // The FIFO: entries without reset, pointers and the fill count with.
  logic [7:0]      fifo_q[Depth];
  logic [PtrW-1:0] wr_q, rd_q;
  logic [PtrW:0]   fill_q, fill_d;
  logic            push, pop;

  assign rx = sync_q[1];

  always_comb begin
    state_d = state_q;
    cnt_d   = cnt_q == '0 ? '0 : cnt_q - 1'b1;
    bit_d   = bit_q;
    shift_d = shift_q;
    got     = 1'b0;
    unique case (state_q)
      Idle: begin
        if (!rx) begin
          state_d = Start;
          cnt_d   = Half;
        end
      end
      Start: begin
        if (cnt_q == '0) begin
          // The middle of the start bit: still low, or it was a glitch.
          state_d = rx ? Idle : Data;
          cnt_d   = Full;
          bit_d   = '0;
        end
      end
      Data: begin
        if (cnt_q == '0) begin
          shift_d = {rx, shift_q[7:1]};
          cnt_d   = Full;
          bit_d   = bit_q + 1'b1;
          if (bit_q == 3'd7) state_d = Stop;
        end
      end
      Stop: begin
        if (cnt_q == '0) begin
          got     = rx;
          state_d = Idle;
        end
      end
      default: state_d = Idle;
    endcase
  end

  assign pop    = valid_o && ready_i;
  // A full FIFO takes the byte when a pop frees a slot in the same cycle: the
  // popped entry is already in data_o, so writing its slot loses nothing.
  assign push   = got && (fill_q != (PtrW + 1)'(Depth) || pop);
  assign fill_d = fill_q + (PtrW + 1)'(push) - (PtrW + 1)'(pop);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      sync_q     <= 2'b11;
      state_q    <= Idle;
      cnt_q      <= '0;
      bit_q      <= '0;
      shift_q    <= '0;
      wr_q       <= '0;
      rd_q       <= '0;
      fill_q     <= '0;
      valid_o    <= 1'b0;
      overflow_o <= 1'b0;
    end else begin
      sync_q     <= {sync_q[0], rx_i};
      state_q    <= state_d;
      cnt_q      <= cnt_d;
      bit_q      <= bit_d;
      shift_q    <= shift_d;
      wr_q       <= wr_q + PtrW'(push);
      rd_q       <= rd_q + PtrW'(pop);
      fill_q     <= fill_d;
      // A byte is offered once the read register holds it: two cycles after a
      // push into an empty FIFO, or after a pop moved the read pointer.
      valid_o    <= !pop && fill_q != '0;
      overflow_o <= got && !push;
    end
  end

  // Written and read synchronously, so the FIFO maps to block RAM. The entry at
  // rd_q is written while it is offered only in the cycle it is popped (a full
  // FIFO), so data_o holds while valid_o && !ready_i.
  always_ff @(posedge clk_i) begin
    if (push) fifo_q[wr_q] <= shift_d;
  end

  always_ff @(posedge clk_i) begin
    data_o <= fifo_q[rd_q];
  end

endmodule
