// sam_uart_tx: 8N1 UART transmitter for the board host link (docs/host-protocol.md).
//
// Sends one byte per handshake: a low start bit, 8 data bits LSB first, a high
// stop bit, each ClksPerBit clock cycles long. ready_o is high while idle (the
// stop bit of the last byte has had its full length).
//
// Parameters: ClksPerBit  clock cycles per bit, >= 2 (clock / baud rate)
// Ports:      clk_i, rst_ni              clock, synchronous active-low reset
//             valid_i, ready_o, data_i   the byte to send (valid/ready handshake)
//             tx_o                       the serial line (idles high), a register
module sam_uart_tx #(
  parameter int unsigned ClksPerBit = 16
) (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       valid_i,
  output logic       ready_o,
  input  logic [7:0] data_i,
  output logic       tx_o
);

  if (ClksPerBit < 2) begin : gen_bad_rate
    $error("sam_uart_tx: ClksPerBit must be >= 2");
  end

  localparam int unsigned CntW = unsigned'($clog2(ClksPerBit + 1));
  localparam logic [CntW-1:0] Full = CntW'(ClksPerBit - 1);

  // The frame, shifted out LSB first: stop, 8 data bits, start.
  logic [9:0]      frame_q;
  logic [3:0]      left_q;  // bits still to send
  logic [CntW-1:0] cnt_q;

  assign ready_o = left_q == '0 && cnt_q == '0;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      frame_q <= '1;
      left_q  <= '0;
      cnt_q   <= '0;
      tx_o    <= 1'b1;
    end else if (ready_o) begin
      if (valid_i) begin
        frame_q <= {1'b1, data_i, 1'b0};
        left_q  <= 4'd10;
        cnt_q   <= '0;
      end
    end else if (cnt_q == '0) begin
      tx_o    <= frame_q[0];
      frame_q <= {1'b1, frame_q[9:1]};
      left_q  <= left_q - 1'b1;
      cnt_q   <= Full;
    end else begin
      cnt_q <= cnt_q - 1'b1;
    end
  end

endmodule
