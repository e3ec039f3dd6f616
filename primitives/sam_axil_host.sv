// sam_axil_host: an AXI4-Lite slave with 32-bit data onto a kernel top's host
// port (docs/host-protocol.md), and the top's done interrupt. A top built with
// `--host-bus axil` has one inside, in place of the host port's pins.
//
// Addresses are bytes. Host word w of region r (host address r << 24 | w) is at
// byte r << 24 | w << 3: its bits 31:0 at that byte, its bits 63:32 four bytes
// on. So a region's words 0 .. 2^21-1 are reachable (the host port's 2^24: no
// on-chip array comes near 2^21 words).
//
// - A write of a high half (byte address bit 2 set) is kept; the next write of
//   a low half writes the host word {kept half, data} and forgets the kept half.
//   A 64-bit word is written high half first; a register of 32 bits or fewer is
//   one write of its low half (the high half is then 0).
// - A read of a low half reads the host word, answers its bits 31:0 and keeps
//   bits 63:32; a read of the high half of that same word answers the kept bits
//   without another host read, so reading a 64-bit word low half first is one
//   snapshot (the cycle counter). A high half read otherwise reads the word.
// - Region 8'hFF is this adapter's: its word 0 is the interrupt register (the
//   high half reads 0, writes to it are ignored), bit 0 enable (read and
//   write), bit 1 pending (read; a write of 1 clears it). A
//   rising edge of done_i sets pending; irq_o is enable && pending, a register.
// - Responses: OKAY; SLVERR for a write whose strobes are not all set (it
//   writes nothing), an access to any other word of region 8'hFF, and a host read
//   that got no host_rvalid_i within ReadTimeout cycles (data 0). An access the
//   kernel's own decode refuses (outside every region, an array during a run)
//   is OKAY here and sets the kernel's status bits as on any host port.
// - One transaction at a time: AW and W are each taken as they come and held,
//   AR likewise; when a write (both halves of it) and a read both wait, they
//   take turns. AWPROT, ARPROT and address bits 1:0 are not used.
//
// Parameters: ReadTimeout  cycles a host read waits for host_rvalid_i, >= 8
// Ports:      clk_i, rst_ni              clock, synchronous active-low reset
//             s_axil_*                   the AXI4-Lite slave port
//             host_re_o, host_we_o,      the kernel's host port (its inputs)
//             host_addr_o, host_wdata_o
//             host_rdata_i, host_rvalid_i
//             done_i                     the kernel's done
//             irq_o                      the done interrupt (level, high)
// Every output is a register.
module sam_axil_host #(
  parameter int unsigned ReadTimeout = 64
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        s_axil_awvalid_i,
  output logic        s_axil_awready_o,
  input  logic [31:0] s_axil_awaddr_i,
  input  logic [2:0]  s_axil_awprot_i,
  input  logic        s_axil_wvalid_i,
  output logic        s_axil_wready_o,
  input  logic [31:0] s_axil_wdata_i,
  input  logic [3:0]  s_axil_wstrb_i,
  output logic        s_axil_bvalid_o,
  input  logic        s_axil_bready_i,
  output logic [1:0]  s_axil_bresp_o,
  input  logic        s_axil_arvalid_i,
  output logic        s_axil_arready_o,
  input  logic [31:0] s_axil_araddr_i,
  input  logic [2:0]  s_axil_arprot_i,
  output logic        s_axil_rvalid_o,
  input  logic        s_axil_rready_i,
  output logic [31:0] s_axil_rdata_o,
  output logic [1:0]  s_axil_rresp_o,
  output logic        host_re_o,
  output logic        host_we_o,
  output logic [31:0] host_addr_o,
  output logic [63:0] host_wdata_o,
  input  logic [63:0] host_rdata_i,
  input  logic        host_rvalid_i,
  input  logic        done_i,
  output logic        irq_o
);

  if (ReadTimeout < 8) begin : gen_bad_timeout
    $error("sam_axil_host: ReadTimeout must be at least 8");
  end

  localparam logic [1:0] Okay   = 2'b00;
  localparam logic [1:0] SlvErr = 2'b10;
  localparam logic [7:0] OwnRegion = 8'hFF;
  localparam int unsigned TimerBits = $clog2(ReadTimeout + 1);

  typedef enum logic [1:0] {
    Idle,      // taking requests; starts one when it has it whole
    HostRead,  // a host read issued, waiting for host_rvalid_i
    Respond    // a response out (B or R) until taken
  } state_e;

  state_e state_q;

  // The requests, each held from its handshake until the transaction starts.
  logic        aw_full_q, w_full_q, ar_full_q;
  logic [31:2] aw_addr_q, ar_addr_q;            // byte addresses (bits 1:0 unused)
  logic [31:0] w_data_q;
  logic        w_whole_q;                       // every strobe set
  logic        read_turn_q;                     // the read goes first on a tie
  logic [31:0] kept_hi_q;                       // a write's high half
  logic [31:0] read_hi_q;                       // the last low read's high half
  logic [31:0] read_word_q;                     // ... and its host address
  logic        read_hi_valid_q;
  logic        read_half_q;                     // the host read answers a high half
  logic [TimerBits-1:0] timer_q;
  logic        irq_en_q, irq_pending_q, done_q;

  // Byte address bits 31:3 (the word) as a host address.
  function automatic logic [31:0] host_word(logic [28:0] word);
    return {word[28:21], 3'b000, word[20:0]};
  endfunction

  logic write_go, read_go, own_write, own_read, own_write0, own_read0;
  logic [31:0] ar_word;
  assign write_go  = state_q == Idle && aw_full_q && w_full_q && (!ar_full_q || !read_turn_q);
  assign read_go   = state_q == Idle && ar_full_q && !write_go;
  assign own_write = aw_addr_q[31:24] == OwnRegion;
  assign own_read  = ar_addr_q[31:24] == OwnRegion;
  assign own_write0 = own_write && aw_addr_q[23:3] == '0;
  assign own_read0  = own_read && ar_addr_q[23:3] == '0;
  assign ar_word   = host_word(ar_addr_q[31:3]);

  assign s_axil_awready_o = !aw_full_q;
  assign s_axil_wready_o  = !w_full_q;
  assign s_axil_arready_o = !ar_full_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q         <= Idle;
      aw_full_q       <= 1'b0;
      w_full_q        <= 1'b0;
      ar_full_q       <= 1'b0;
      aw_addr_q       <= '0;
      w_data_q        <= '0;
      w_whole_q       <= 1'b0;
      ar_addr_q       <= '0;
      read_turn_q     <= 1'b0;
      kept_hi_q       <= '0;
      read_hi_q       <= '0;
      read_word_q     <= '0;
      read_hi_valid_q <= 1'b0;
      read_half_q     <= 1'b0;
      timer_q         <= '0;
      host_re_o       <= 1'b0;
      host_we_o       <= 1'b0;
      host_addr_o     <= '0;
      host_wdata_o    <= '0;
      s_axil_bvalid_o <= 1'b0;
      s_axil_bresp_o  <= Okay;
      s_axil_rvalid_o <= 1'b0;
      s_axil_rdata_o  <= '0;
      s_axil_rresp_o  <= Okay;
      irq_en_q        <= 1'b0;
      irq_pending_q   <= 1'b0;
      done_q          <= 1'b0;
      irq_o           <= 1'b0;
    end else begin
      host_re_o <= 1'b0;
      host_we_o <= 1'b0;
      if (s_axil_awvalid_i && s_axil_awready_o) begin
        aw_full_q <= 1'b1;
        aw_addr_q <= s_axil_awaddr_i[31:2];
      end
      if (s_axil_wvalid_i && s_axil_wready_o) begin
        w_full_q  <= 1'b1;
        w_data_q  <= s_axil_wdata_i;
        w_whole_q <= &s_axil_wstrb_i;
      end
      if (s_axil_arvalid_i && s_axil_arready_o) begin
        ar_full_q <= 1'b1;
        ar_addr_q <= s_axil_araddr_i[31:2];
      end

      unique case (state_q)
        Idle: begin
          if (write_go) begin
            aw_full_q       <= 1'b0;
            w_full_q        <= 1'b0;
            read_turn_q     <= 1'b1;
            state_q         <= Respond;
            s_axil_bvalid_o <= 1'b1;
            s_axil_bresp_o  <= Okay;
            if (!w_whole_q || (own_write && !own_write0)) begin
              s_axil_bresp_o <= SlvErr;
            end else if (own_write) begin
              if (!aw_addr_q[2]) begin
                irq_en_q <= w_data_q[0];
                if (w_data_q[1]) irq_pending_q <= 1'b0;
              end
            end else if (aw_addr_q[2]) begin
              kept_hi_q <= w_data_q;
            end else begin
              host_we_o       <= 1'b1;
              host_addr_o     <= host_word(aw_addr_q[31:3]);
              host_wdata_o    <= {kept_hi_q, w_data_q};
              kept_hi_q       <= '0;
              read_hi_valid_q <= 1'b0;
            end
          end else if (read_go) begin
            ar_full_q   <= 1'b0;
            read_turn_q <= 1'b0;
            if (own_read) begin
              state_q         <= Respond;
              s_axil_rvalid_o <= 1'b1;
              s_axil_rdata_o  <= own_read0 && !ar_addr_q[2] ? {30'b0, irq_pending_q, irq_en_q} : '0;
              s_axil_rresp_o  <= own_read0 ? Okay : SlvErr;
            end else if (ar_addr_q[2] && read_hi_valid_q && read_word_q == ar_word) begin
              state_q         <= Respond;
              s_axil_rvalid_o <= 1'b1;
              s_axil_rdata_o  <= read_hi_q;
              s_axil_rresp_o  <= Okay;
            end else begin
              state_q     <= HostRead;
              host_re_o   <= 1'b1;
              host_addr_o <= ar_word;
              read_half_q <= ar_addr_q[2];
              read_word_q <= ar_word;
              timer_q     <= '0;
            end
          end
        end
        HostRead: begin
          timer_q <= timer_q + 1'b1;
          if (host_rvalid_i || timer_q == TimerBits'(ReadTimeout - 1)) begin
            state_q         <= Respond;
            s_axil_rvalid_o <= 1'b1;
            s_axil_rresp_o  <= host_rvalid_i ? Okay : SlvErr;
            s_axil_rdata_o  <= !host_rvalid_i ? '0
                             : read_half_q ? host_rdata_i[63:32] : host_rdata_i[31:0];
            read_hi_q       <= host_rdata_i[63:32];
            read_hi_valid_q <= host_rvalid_i && !read_half_q;
          end
        end
        Respond: begin
          if (s_axil_bvalid_o && s_axil_bready_i) begin
            s_axil_bvalid_o <= 1'b0;
            state_q         <= Idle;
          end
          if (s_axil_rvalid_o && s_axil_rready_i) begin
            s_axil_rvalid_o <= 1'b0;
            state_q         <= Idle;
          end
        end
        default: state_q <= Idle;
      endcase
      // After the case: a done that rises as the host clears pending is kept.
      done_q <= done_i;
      if (done_i && !done_q) irq_pending_q <= 1'b1;
      irq_o <= irq_en_q && irq_pending_q;
    end
  end

  logic unused;
  assign unused = ^{s_axil_awprot_i, s_axil_arprot_i, s_axil_awaddr_i[1:0], s_axil_araddr_i[1:0]};

`ifndef SAM_ASSERTS_OFF
  // The slave's half of AXI4-Lite's handshake rules (the master's half is the
  // shim's): a response, once valid, holds until taken; one transaction at a
  // time, so never both responses at once.
  logic [1:0]  bresp_q, rresp_q;
  logic [31:0] rdata_q;
  logic        bheld_q, rheld_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      bheld_q <= 1'b0;
      rheld_q <= 1'b0;
      bresp_q <= '0;
      rresp_q <= '0;
      rdata_q <= '0;
    end else begin
      bheld_q <= s_axil_bvalid_o && !s_axil_bready_i;
      rheld_q <= s_axil_rvalid_o && !s_axil_rready_i;
      bresp_q <= s_axil_bresp_o;
      rresp_q <= s_axil_rresp_o;
      rdata_q <= s_axil_rdata_o;
      BHeld_A: assert (!bheld_q || (s_axil_bvalid_o && s_axil_bresp_o == bresp_q))
      else $error("sam_axil_host: BVALID or BRESP changed before BREADY");
      RHeld_A: assert (!rheld_q || (s_axil_rvalid_o && s_axil_rresp_o == rresp_q
                                    && s_axil_rdata_o == rdata_q))
      else $error("sam_axil_host: RVALID, RRESP or RDATA changed before RREADY");
      OneResponse_A: assert (!(s_axil_bvalid_o && s_axil_rvalid_o))
      else $error("sam_axil_host: a write and a read response at once");
    end
  end
`endif

endmodule
