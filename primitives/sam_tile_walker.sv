// sam_tile_walker: the host of a double-buffered kernel top, run from a program
// in external memory (docs/memory.md, "Tiles from external memory").
//
// A tiled run on a double-buffered top is a fixed sequence of host accesses:
// load tile t+1 into the shadow banks while tile t runs, wait for done, swap
// and start, read tile t's outputs back (docs/host-protocol.md, "Double
// buffering"). The walker performs that sequence itself, so the accelerator
// fetches its own tiles: it reads commands and tile data from memory through
// an AXI4 master, drives the kernel's host port, and writes the outputs, their
// counts and each tile's cycles and status back to memory. The host only
// writes the program and the tiles into memory, sets the program's base and
// starts the walker (its region, below), and waits for done_o.
//
// Command: two 64-bit words, 16-byte aligned.
//   word 0  [63:60] op, [59:58] pack, [57:32] n (words), [31:0] host address
//   word 1  operand: a byte address (LOAD, STORE, COUNT), the value (WRITE),
//           the mask (WAIT)
//   op 0 END    wait for every write's response, then done
//      1 LOAD   n words from memory at the operand to host addresses a .. a+n-1
//      2 STORE  n words from host addresses a .. a+n-1 (a block read) to memory
//      3 STORED as STORE, n taken from the count register
//      4 COUNT  host word a to memory at the operand; it sets the count register
//      5 WRITE  the operand to host address a
//      6 WAIT   read host word a until it has a bit of the mask set
// pack: words per 8-byte beat in memory, 1 << pack (0: one 64-bit word, 1: two
// 32-bit words, 2: four 16-bit words, the first in the low bits); a host word
// takes an element zero-extended, and gives its low bits. An unknown op or a
// pack of 3 stops the program (status bit 1).
//
// The walker's region (host address [31:24] == Region):
//   word 0  write bit 0: start the program at the base (ignored while busy);
//           read bit 0 done (since the last start), bit 1 busy
//   word 1  the program's byte address (16-byte aligned)
//   word 2  status, sticky, cleared by any write: bit 0 a memory response not
//           OKAY, bit 1 an unknown command, bit 2 a host access to the kernel
//           while the walker ran (not performed; a read gives 0)
//   word 3  cycles from the start to done
//   word 4  the byte address of the command running (or the last one)
// Any other address passes to the kernel's host port while the walker is idle,
// so a host can still load, run and read the kernel directly.
//
// Memory traffic: LOAD requests bursts of up to 16 beats (none crossing 4 KB)
// up to 256 beats ahead and takes a beat a cycle (one a cycle per word
// packed), writing one host word a cycle; STORE issues one host read a cycle
// (a block read) and writes bursts of up to 16 beats. The next command is
// read while one runs (once a LOAD has requested all its reads, which return
// first), so a command costs the memory's latency only where nothing else
// is in flight. One AXI ID (0).
//
// Ports: clk_i, rst_ni                      clock, synchronous active-low reset
//        s_*                                the outside host: the host port protocol
//        k_*                                the kernel's host port
//        done_o                             the program ended (until the next start)
//        busy_o                             a program runs
//        m_axi_*                            AXI4 master, 64-bit data, 32-bit addresses
module sam_tile_walker #(
  parameter logic [7:0] Region = 8'hFE
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        s_re_i,
  input  logic        s_we_i,
  input  logic [31:0] s_addr_i,
  input  logic [63:0] s_wdata_i,
  output logic [63:0] s_rdata_o,
  output logic        s_rvalid_o,
  output logic        k_re_o,
  output logic        k_we_o,
  output logic [31:0] k_addr_o,
  output logic [63:0] k_wdata_o,
  input  logic [63:0] k_rdata_i,
  input  logic        k_rvalid_i,
  output logic        done_o,
  output logic        busy_o,
  output logic        m_axi_arvalid_o,
  input  logic        m_axi_arready_i,
  output logic [31:0] m_axi_araddr_o,
  output logic [7:0]  m_axi_arlen_o,
  output logic [2:0]  m_axi_arsize_o,
  output logic [1:0]  m_axi_arburst_o,
  input  logic        m_axi_rvalid_i,
  output logic        m_axi_rready_o,
  input  logic [63:0] m_axi_rdata_i,
  input  logic [1:0]  m_axi_rresp_i,
  input  logic        m_axi_rlast_i,
  output logic        m_axi_awvalid_o,
  input  logic        m_axi_awready_i,
  output logic [31:0] m_axi_awaddr_o,
  output logic [7:0]  m_axi_awlen_o,
  output logic [2:0]  m_axi_awsize_o,
  output logic [1:0]  m_axi_awburst_o,
  output logic        m_axi_wvalid_o,
  input  logic        m_axi_wready_i,
  output logic [63:0] m_axi_wdata_o,
  output logic [7:0]  m_axi_wstrb_o,
  output logic        m_axi_wlast_o,
  input  logic        m_axi_bvalid_i,
  output logic        m_axi_bready_o,
  input  logic [1:0]  m_axi_bresp_i
);

  localparam logic [3:0] OpEnd    = 4'd0;
  localparam logic [3:0] OpLoad   = 4'd1;
  localparam logic [3:0] OpStore  = 4'd2;
  localparam logic [3:0] OpStored = 4'd3;
  localparam logic [3:0] OpCount  = 4'd4;
  localparam logic [3:0] OpWrite  = 4'd5;
  localparam logic [3:0] OpWait   = 4'd6;

  typedef enum logic [3:0] {
    Idle,     // no program
    WaitCmd,  // the next command's two beats on R
    Decode,   // the command in cmd_q, operand_q starts
    Load,
    Store,
    Write,
    Wait,
    Finish    // END: the last writes' responses
  } state_e;

  localparam int unsigned FifoDepth = 8;     // host words read back, not yet packed
  localparam int unsigned Ahead     = 256;   // LOAD beats requested, not yet taken

  state_e      state_q;
  logic [31:0] base_q, pc_q;
  // The command prefetch: the next command is read while one runs, once the
  // running one has requested all its reads (R returns in order).
  logic [31:0] fetch_at_q;     // the next command's byte address
  logic        fetch_pending_q; // its read requested, its beats not all in
  logic        next_valid_q;
  logic [63:0] next_cmd_q, next_operand_q;
  logic [31:0] next_at_q;
  logic [63:0] cmd_q, operand_q;
  logic [2:0]  status_q;
  logic [63:0] cycles_q;
  logic        done_q;
  logic [25:0] count_q;        // COUNT's word: STORED's length

  logic        busy;
  assign busy   = state_q != Idle;
  assign done_o = done_q;
  assign busy_o = busy;

  logic [3:0]  op;
  logic [1:0]  pack;
  logic [25:0] n_words;
  logic [31:0] host_at;
  assign op      = cmd_q[63:60];
  assign pack    = cmd_q[59:58];
  assign n_words = op == OpStored ? count_q : cmd_q[57:32];
  assign host_at = cmd_q[31:0];

  // ---------------------------------------------------------------- the outside host
  logic       s_mine, s_pass;
  logic       reg_rvalid_q;
  logic [63:0] reg_rdata_q;
  logic       start, status_clear, refused;
  assign s_mine       = s_addr_i[31:24] == Region;
  assign s_pass       = !s_mine && !busy;
  assign start        = s_we_i && s_mine && s_addr_i[23:0] == 24'd0 && s_wdata_i[0] && !busy;
  assign status_clear = s_we_i && s_mine && s_addr_i[23:0] == 24'd2;
  assign refused      = (s_re_i || s_we_i) && !s_mine && busy;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      reg_rvalid_q <= 1'b0;
      reg_rdata_q  <= '0;
    end else begin
      // A walker register, or a refused read, answers the next cycle.
      reg_rvalid_q <= s_re_i && !s_pass;
      if (s_re_i) begin
        unique case (s_addr_i[23:0])
          24'd0:   reg_rdata_q <= {62'd0, busy, done_q};
          24'd1:   reg_rdata_q <= {32'd0, base_q};
          24'd2:   reg_rdata_q <= {61'd0, status_q};
          24'd3:   reg_rdata_q <= cycles_q;
          24'd4:   reg_rdata_q <= {32'd0, pc_q};
          default: reg_rdata_q <= '0;
        endcase
        if (!s_mine) reg_rdata_q <= '0;
      end
    end
  end
  assign s_rvalid_o = reg_rvalid_q || (!busy && k_rvalid_i);
  assign s_rdata_o  = reg_rvalid_q ? reg_rdata_q : k_rdata_i;

  // ---------------------------------------------------------------- the kernel's port
  // LOAD's and WRITE's host writes, STORE's and WAIT's host reads.
  logic        wk_we, wk_re;
  logic [31:0] wk_addr;
  logic [63:0] wk_wdata;
  assign k_re_o    = busy ? wk_re : s_re_i && s_pass;
  assign k_we_o    = busy ? wk_we : s_we_i && s_pass;
  assign k_addr_o  = busy ? wk_addr : s_addr_i;
  assign k_wdata_o = busy ? wk_wdata : s_wdata_i;

  // ---------------------------------------------------------------- bursts
  // LOAD's reads and STORE's writes walk memory the same way: the next
  // burst's address and the beats not yet requested (LOAD on AR) or addressed
  // (STORE on AW), at most 16 to a burst and none crossing 4 KB.
  logic [31:0] maddr_q;
  logic [26:0] mbeats_q;
  logic [9:0]  to_boundary;
  logic [4:0]  burst;          // beats in the next burst
  assign to_boundary = 10'd512 - {1'b0, maddr_q[11:3]};
  always_comb begin
    burst = 5'd16;
    if (mbeats_q < 27'd16) burst = 5'(mbeats_q);
    if ({5'd0, burst} > to_boundary) burst = 5'(to_boundary);
  end

  // ---------------------------------------------------------------- LOAD
  logic [8:0]  ahead_q;        // beats requested, not yet taken
  logic [31:0] hptr_q;         // the next host address
  logic [26:0] words_q;        // host words not yet written (LOAD) or read (STORE)
  logic [63:0] beat_q;         // the beat being unpacked
  logic        beat_full_q;
  logic [1:0]  sub_q;          // its next element
  logic        ar_go, r_go, unpack, beat_done;
  logic [63:0] element;

  always_comb begin
    unique case (pack)
      2'd1:    element = {32'd0, beat_q[32*sub_q[0] +: 32]};
      2'd2:    element = {48'd0, beat_q[16*sub_q +: 16]};
      default: element = beat_q;
    endcase
  end
  assign unpack    = state_q == Load && beat_full_q;
  assign beat_done = unpack && (words_q == 27'd1 || sub_q == 2'((1 << pack) - 1));

  // ---------------------------------------------------------------- STORE
  logic [63:0] fifo_q[FifoDepth];
  logic [2:0]  fifo_head_q, fifo_tail_q;
  logic [3:0]  fifo_count_q;
  logic [3:0]  inflight_q;     // host reads not yet answered
  logic [26:0] pack_left_q;    // host words not yet packed
  logic [63:0] acc_q;          // the beat being packed
  logic [1:0]  fill_q;
  logic        acc_full_q;
  logic [4:0]  wburst_q;       // beats of the addressed burst not yet sent
  logic        wvalid_q, wlast_q;
  logic [63:0] wdata_q;
  logic [15:0] unanswered_q;   // bursts with no write response yet
  logic        capture_q;      // COUNT: the first word read sets the count register
  logic        st_re, pop, acc_move, aw_go, w_go, w_free;
  logic [63:0] head_word;

  assign head_word = fifo_q[fifo_head_q];
  // A word popped as the full beat leaves starts the next beat.
  logic [1:0]  fill_at;
  logic [63:0] acc_at, acc_next;
  assign fill_at = acc_move ? '0 : fill_q;
  assign acc_at  = acc_move ? '0 : acc_q;
  always_comb begin
    acc_next = acc_at;
    unique case (pack)
      2'd1:    acc_next[32*fill_at[0] +: 32] = head_word[31:0];
      2'd2:    acc_next[16*fill_at +: 16]    = head_word[15:0];
      default: acc_next                      = head_word;
    endcase
  end
  assign st_re     = state_q == Store && words_q != '0 &&
                     5'(fifo_count_q) + 5'(inflight_q) < 5'(FifoDepth);
  assign w_go      = m_axi_wvalid_o && m_axi_wready_i;
  assign w_free    = !wvalid_q || w_go;
  assign acc_move  = acc_full_q && w_free && wburst_q != '0;
  assign pop       = fifo_count_q != '0 && (!acc_full_q || acc_move);

  // ---------------------------------------------------------------- WAIT and WRITE
  logic        wait_pending_q;
  logic        wait_re;
  assign wait_re = state_q == Wait && !wait_pending_q;

  always_comb begin
    wk_we    = 1'b0;
    wk_re    = 1'b0;
    wk_addr  = hptr_q;
    wk_wdata = element;
    if (state_q == Write) begin
      wk_we    = 1'b1;
      wk_addr  = host_at;
      wk_wdata = operand_q;
    end else if (unpack) begin
      wk_we = 1'b1;
    end else if (st_re) begin
      wk_re = 1'b1;
    end else if (wait_re) begin
      wk_re   = 1'b1;
      wk_addr = host_at;
    end
  end

  // ---------------------------------------------------------------- AXI
  logic load_ar, fetch_ar, load_beat;
  assign load_ar   = state_q == Load && mbeats_q != '0 &&
                     {18'd0, ahead_q} + 27'(burst) <= 27'(Ahead);
  // Not while a LOAD still has reads to request (its beats come first), nor
  // past END.
  assign fetch_ar  = !next_valid_q && !fetch_pending_q &&
                     (state_q == WaitCmd || state_q == Store || state_q == Write ||
                      state_q == Wait || (state_q == Load && mbeats_q == '0));
  // A beat is a LOAD's while it has beats due; else the prefetched command's.
  assign load_beat = state_q == Load && ahead_q != '0;
  assign m_axi_arvalid_o = load_ar || fetch_ar;
  assign m_axi_araddr_o  = load_ar ? maddr_q : fetch_at_q;
  assign m_axi_arlen_o   = load_ar ? {3'd0, burst - 5'd1} : 8'd1;
  assign m_axi_arsize_o  = 3'd3;
  assign m_axi_arburst_o = 2'b01;
  assign m_axi_rready_o  = load_beat ? !beat_full_q || beat_done : fetch_pending_q;
  assign ar_go           = m_axi_arvalid_o && m_axi_arready_i;
  assign r_go            = m_axi_rvalid_i && m_axi_rready_o;

  assign m_axi_awvalid_o = state_q == Store && mbeats_q != '0 && wburst_q == '0;
  assign m_axi_awaddr_o  = maddr_q;
  assign m_axi_awlen_o   = {3'd0, burst - 5'd1};
  assign m_axi_awsize_o  = 3'd3;
  assign m_axi_awburst_o = 2'b01;
  assign aw_go           = m_axi_awvalid_o && m_axi_awready_i;
  assign m_axi_wvalid_o  = wvalid_q;
  assign m_axi_wdata_o   = wdata_q;
  assign m_axi_wstrb_o   = 8'hff;
  assign m_axi_wlast_o   = wlast_q;
  assign m_axi_bready_o  = 1'b1;

  // The command in cmd_q is done: on to the next.
  logic next_cmd;
  always_comb begin
    unique case (state_q)
      Load:    next_cmd = words_q == '0;
      Store:   next_cmd = words_q == '0 && inflight_q == '0 && fifo_count_q == '0 &&
                          !acc_full_q && !wvalid_q && mbeats_q == '0;
      Write:   next_cmd = 1'b1;
      Wait:    next_cmd = wait_pending_q && k_rvalid_i && (k_rdata_i & operand_q) != '0;
      default: next_cmd = 1'b0;
    endcase
  end

  logic [26:0] beats_of;       // n_words in beats of the command's packing
  assign beats_of = pack == 2'd0 ? 27'(n_words) :
                    pack == 2'd1 ? 27'((n_words + 26'd1) >> 1) : 27'((n_words + 26'd3) >> 2);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q        <= Idle;
      base_q         <= '0;
      pc_q           <= '0;
      fetch_at_q     <= '0;
      fetch_pending_q <= 1'b0;
      next_valid_q   <= 1'b0;
      next_cmd_q     <= '0;
      next_operand_q <= '0;
      next_at_q      <= '0;
      cmd_q          <= '0;
      operand_q      <= '0;
      status_q       <= '0;
      cycles_q       <= '0;
      done_q         <= 1'b0;
      count_q        <= '0;
      maddr_q        <= '0;
      mbeats_q       <= '0;
      ahead_q        <= '0;
      hptr_q         <= '0;
      words_q        <= '0;
      beat_q         <= '0;
      beat_full_q    <= 1'b0;
      sub_q          <= '0;
      fifo_head_q    <= '0;
      fifo_tail_q    <= '0;
      fifo_count_q   <= '0;
      inflight_q     <= '0;
      pack_left_q    <= '0;
      acc_q          <= '0;
      fill_q         <= '0;
      acc_full_q     <= 1'b0;
      wburst_q       <= '0;
      wvalid_q       <= 1'b0;
      wlast_q        <= 1'b0;
      wdata_q        <= '0;
      unanswered_q   <= '0;
      capture_q      <= 1'b0;
      wait_pending_q <= 1'b0;
    end else begin
      // The outside host's registers.
      if (s_we_i && s_mine && s_addr_i[23:0] == 24'd1 && !busy) base_q <= s_wdata_i[31:0];
      if (status_clear) status_q <= '0;
      if (refused) status_q[2] <= 1'b1;
      if (busy) cycles_q <= cycles_q + 64'd1;
      if (start) begin
        state_q      <= WaitCmd;
        fetch_at_q   <= {base_q[31:4], 4'd0};
        next_valid_q <= 1'b0;
        done_q   <= 1'b0;
        cycles_q <= '0;
      end

      // Responses, whatever the state.
      if (r_go && m_axi_rresp_i != 2'b00) status_q[0] <= 1'b1;
      if (m_axi_bvalid_i && m_axi_bresp_i != 2'b00) status_q[0] <= 1'b1;
      unanswered_q <= unanswered_q + 16'(aw_go) - 16'(m_axi_bvalid_i);

      // The prefetch: word 0 comes first, the operand last.
      if (fetch_ar && m_axi_arready_i) fetch_pending_q <= 1'b1;
      if (r_go && !load_beat) begin
        if (m_axi_rlast_i) begin
          next_operand_q  <= m_axi_rdata_i;
          next_valid_q    <= 1'b1;
          next_at_q       <= fetch_at_q;
          fetch_at_q      <= fetch_at_q + 32'd16;
          fetch_pending_q <= 1'b0;
        end else begin
          next_cmd_q <= m_axi_rdata_i;
        end
      end
      if (state_q == WaitCmd && next_valid_q) begin
        cmd_q        <= next_cmd_q;
        operand_q    <= next_operand_q;
        pc_q         <= next_at_q;
        next_valid_q <= 1'b0;
        state_q      <= Decode;
      end
      if (state_q == Decode) begin
        hptr_q      <= host_at;
        words_q     <= 27'(n_words);
        maddr_q     <= operand_q[31:0];
        mbeats_q    <= beats_of;
        pack_left_q <= 27'(n_words);
        unique case (op)
          OpLoad:            state_q <= Load;
          OpStore, OpStored: state_q <= Store;
          OpCount: begin
            state_q     <= Store;
            capture_q   <= 1'b1;
            words_q     <= 27'd1;
            mbeats_q    <= 27'd1;
            pack_left_q <= 27'd1;
          end
          OpWrite:           state_q <= Write;
          OpWait:            state_q <= Wait;
          default:           state_q <= Finish;
        endcase
        if (op > OpWait || (pack == 2'd3 && op != OpEnd)) begin
          status_q[1] <= 1'b1;
          state_q     <= Finish;
        end
      end
      if (state_q == Finish && unanswered_q == '0) begin
        state_q <= Idle;
        done_q  <= 1'b1;
      end

      // LOAD: requests ahead, beats unpacked one word a cycle.
      if (ar_go && load_ar) begin
        maddr_q  <= maddr_q + {24'd0, burst, 3'd0};
        mbeats_q <= mbeats_q - 27'(burst);
      end
      ahead_q <= ahead_q + ((ar_go && load_ar) ? 9'(burst) : 9'd0) - 9'(r_go && load_beat);
      if (state_q == Load) begin
        if (unpack) begin
          hptr_q  <= hptr_q + 32'd1;
          words_q <= words_q - 27'd1;
          sub_q   <= sub_q + 2'd1;
        end
        if (r_go && load_beat) begin
          beat_q      <= m_axi_rdata_i;
          beat_full_q <= 1'b1;
          sub_q       <= '0;
        end else if (beat_done) begin
          beat_full_q <= 1'b0;
        end
      end

      // STORE and COUNT: host reads one a cycle into the FIFO, packed into
      // beats, bursts addressed one at a time.
      if (st_re) begin
        hptr_q  <= hptr_q + 32'd1;
        words_q <= words_q - 27'd1;
      end
      inflight_q <= inflight_q + 4'(st_re) - 4'(state_q == Store && k_rvalid_i);
      if (state_q == Store && k_rvalid_i) begin
        fifo_q[fifo_tail_q] <= k_rdata_i;
        fifo_tail_q         <= fifo_tail_q + 3'd1;
        if (capture_q) begin
          count_q   <= k_rdata_i[25:0];
          capture_q <= 1'b0;
        end
      end
      fifo_count_q <= fifo_count_q + 4'(state_q == Store && k_rvalid_i) - 4'(pop);
      if (pop) begin
        fifo_head_q <= fifo_head_q + 3'd1;
        acc_q       <= acc_next;
        fill_q      <= fill_at + 2'd1;
        pack_left_q <= pack_left_q - 27'd1;
        acc_full_q  <= pack_left_q == 27'd1 || fill_at == 2'((1 << pack) - 1);
      end else if (acc_move) begin
        acc_q      <= '0;
        fill_q     <= '0;
        acc_full_q <= 1'b0;
      end
      if (acc_move) begin
        wvalid_q <= 1'b1;
        wdata_q  <= acc_q;
        wlast_q  <= wburst_q == 5'd1;
        wburst_q <= wburst_q - 5'd1;
      end else if (w_go) begin
        wvalid_q <= 1'b0;
      end
      if (aw_go) begin
        maddr_q  <= maddr_q + {24'd0, burst, 3'd0};
        mbeats_q <= mbeats_q - 27'(burst);
        wburst_q <= burst;
      end

      // WAIT: a read, its answer, another read until a masked bit is set.
      if (wait_re) wait_pending_q <= 1'b1;
      if (state_q == Wait && wait_pending_q && k_rvalid_i) wait_pending_q <= 1'b0;

      if (next_cmd) begin
        state_q <= WaitCmd;
      end
    end
  end

endmodule
