// sam_host_bridge: the board host link (docs/host-protocol.md): a small framed byte
// protocol, carried by a UART, that drives a kernel top's host port. The full
// protocol, the control and status words and the restart sequence are in
// docs/host-protocol.md.
//
// Frames from the host (multi-byte fields little-endian):
//   'W' (0x57) addr[4] data[8]   write `data` to host address `addr`; reply 'K'
//   'R' (0x52) addr[4]           read host address `addr`; reply 'D' (0x44) data[8],
//                                or 'T' (0x54) alone when host_rvalid_i did not
//                                come within ReadTimeout cycles
//   'V' (0x56)                   identify; reply "SAM2"
// Any other first byte is answered with '?' (0x3F) and dropped. Starting the
// kernel, polling done and reading the status word are host-port accesses too
// (the kernel's control region, hdl-gen/src/host.rs). A frame that stalls for
// TimeoutClks cycles between bytes is abandoned, so a host that lost a byte can
// resynchronize by waiting and sending 'V'.
//
// The link's own status bit: rx_overflow_i (the receive buffer dropped a byte)
// sets a sticky bit that every read of the status word (host address 2) returns
// as bit 8, ORed into the kernel's bits; a write to address 2 clears it with the
// kernel's.
//
// Parameters: TimeoutClks  idle cycles that abandon a partial frame, >= 16
//             ReadTimeout  cycles a read waits for host_rvalid_i, >= 4
// Ports:      clk_i, rst_ni                      clock, synchronous active-low reset
//             rx_valid_i, rx_ready_o, rx_data_i   bytes from the host (sam_uart_rx)
//             rx_overflow_i                       the receiver dropped a byte
//             tx_valid_o, tx_ready_i, tx_data_o   bytes to the host (sam_uart_tx)
//             host_re_o, host_we_o, host_addr_o,  the kernel's host port
//             host_wdata_o, host_rdata_i,
//             host_rvalid_i
// All outputs are registers or decoded from the state register alone.
module sam_host_bridge #(
  parameter int unsigned TimeoutClks = 1 << 20,
  parameter int unsigned ReadTimeout = 256
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        rx_valid_i,
  output logic        rx_ready_o,
  input  logic [7:0]  rx_data_i,
  input  logic        rx_overflow_i,
  output logic        tx_valid_o,
  input  logic        tx_ready_i,
  output logic [7:0]  tx_data_o,
  output logic        host_re_o,
  output logic        host_we_o,
  output logic [31:0] host_addr_o,
  output logic [63:0] host_wdata_o,
  input  logic [63:0] host_rdata_i,
  input  logic        host_rvalid_i
);

  if (TimeoutClks < 16) begin : gen_bad_timeout
    $error("sam_host_bridge: TimeoutClks must be >= 16");
  end
  if (ReadTimeout < 4) begin : gen_bad_wait
    $error("sam_host_bridge: ReadTimeout must be >= 4");
  end

  localparam logic [7:0]  CmdWrite   = 8'h57;
  localparam logic [7:0]  CmdRead    = 8'h52;
  localparam logic [7:0]  CmdIdent   = 8'h56;
  localparam logic [31:0] StatusAddr = 32'd2;
  localparam int unsigned TimeW      = unsigned'($clog2(TimeoutClks + 1));
  localparam int unsigned WaitW      = unsigned'($clog2(ReadTimeout + 1));

  typedef enum logic [2:0] {
    Idle,
    Fields,
    Access,
    Wait,
    Reply
  } state_e;

  state_e           state_q;
  logic [7:0]       cmd_q;
  logic [3:0]       need_q;      // field bytes still to come
  logic [3:0]       got_q;       // field bytes received
  logic [TimeW-1:0] idle_q;      // cycles since the last byte of a partial frame
  logic [WaitW-1:0] wait_q;      // cycles the read has waited
  logic [71:0]      reply_q;     // bytes to send, LSB first
  logic [3:0]       left_q;      // reply bytes still to send
  logic [2:0]       data_at;     // which data byte a field byte is (got_q - 4)
  logic             overflow_q;  // the receive buffer dropped a byte (sticky)
  logic [63:0]      rdata;       // the read data, the link's bit added at address 2

  assign data_at    = 3'(got_q - 4'd4);
  assign tx_data_o  = reply_q[7:0];
  assign rx_ready_o = state_q == Idle || state_q == Fields;
  assign rdata      = host_rdata_i | (host_addr_o == StatusAddr ? 64'(overflow_q) << 8 : '0);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q      <= Idle;
      cmd_q        <= '0;
      need_q       <= '0;
      got_q        <= '0;
      idle_q       <= '0;
      wait_q       <= '0;
      reply_q      <= '0;
      left_q       <= '0;
      overflow_q   <= 1'b0;
      tx_valid_o   <= 1'b0;
      host_re_o    <= 1'b0;
      host_we_o    <= 1'b0;
      host_addr_o  <= '0;
      host_wdata_o <= '0;
    end else begin
      host_re_o <= 1'b0;
      host_we_o <= 1'b0;
      if (rx_overflow_i) overflow_q <= 1'b1;
      unique case (state_q)
        Idle: begin
          if (rx_valid_i) begin
            cmd_q  <= rx_data_i;
            got_q  <= '0;
            idle_q <= '0;
            unique case (rx_data_i)
              CmdWrite: begin
                need_q  <= 4'd12;
                state_q <= Fields;
              end
              CmdRead: begin
                need_q  <= 4'd4;
                state_q <= Fields;
              end
              CmdIdent: begin
                reply_q <= 72'h32_4D_4153;  // "SAM2", first byte first
                left_q  <= 4'd4;
                state_q <= Reply;
              end
              default: begin
                reply_q <= 72'h3F;  // '?'
                left_q  <= 4'd1;
                state_q <= Reply;
              end
            endcase
          end
        end
        Fields: begin
          if (rx_valid_i) begin
            if (got_q < 4'd4) host_addr_o[{got_q[1:0], 3'b000} +: 8] <= rx_data_i;
            else host_wdata_o[{data_at, 3'b000} +: 8] <= rx_data_i;
            got_q  <= got_q + 1'b1;
            idle_q <= '0;
            if (need_q == 4'd1) state_q <= Access;
            need_q <= need_q - 1'b1;
          end else if (idle_q == TimeW'(TimeoutClks)) begin
            state_q <= Idle;
          end else begin
            idle_q <= idle_q + 1'b1;
          end
        end
        Access: begin
          if (cmd_q == CmdWrite) begin
            host_we_o <= 1'b1;
            if (host_addr_o == StatusAddr) overflow_q <= rx_overflow_i;
            reply_q   <= 72'h4B;  // 'K'
            left_q    <= 4'd1;
            state_q   <= Reply;
          end else begin
            host_re_o <= 1'b1;
            wait_q    <= '0;
            state_q   <= Wait;
          end
        end
        Wait: begin
          if (host_rvalid_i) begin
            reply_q <= {rdata, 8'h44};  // 'D', then the data
            left_q  <= 4'd9;
            state_q <= Reply;
          end else if (wait_q == WaitW'(ReadTimeout)) begin
            reply_q <= 72'h54;  // 'T': the kernel never answered
            left_q  <= 4'd1;
            state_q <= Reply;
          end
          wait_q <= wait_q + 1'b1;
        end
        Reply: begin
          if (tx_valid_o && tx_ready_i) begin
            tx_valid_o <= 1'b0;
            reply_q    <= {8'h00, reply_q[71:8]};
            left_q     <= left_q - 1'b1;
            if (left_q == 4'd1) state_q <= Idle;
          end else begin
            tx_valid_o <= 1'b1;
          end
        end
        default: state_q <= Idle;
      endcase
    end
  end

endmodule
