// sam_windowscan: the window scanner of index reduction (sections 3 and 5 of Liu et al.'s
// convolution paper; golden model `windowscan` in golden/src/models/subsect.rs; the
// window channel in docs/tokens-and-channels.md).
//
// A scanner whose references are window descriptors {base[62:40], lo[39:20],
// hi[19:0]} (from sam_subsect, possibly through a merge): for every descriptor,
// the stored elements at positions lo .. hi-1, each as j on `crd` out and its
// position p on `ref` out, then one stop. j = crd[p] - base - Intercept
// (compressed) or p - base - Intercept (dense; the base carries the row start).
// The stop is S0, or S(n+1) when the next input token is a stop Sn (consumed);
// `N` in is an empty window (its stop only); a bare input Sn gives S(n+1); D
// gives D on both outputs (the scanner's walk, golden/src/models/fiberlookup.rs).
//
// Structure: input stage (the token registered with its kind decoded, the length
// hi - lo, the origin base + Intercept and the dense first j) -> hold (a window
// waiting for the token after it, which picks its stop) -> next -> slot -> scan
// (one token per cycle while a credit is left: a crd read per element, then the
// stop) -> s1, s2 (meeting the crd read data: `sam_read_align`) -> two output
// buffers (`sam_fifo`, Depth 4). There is no fetch: a descriptor is the fiber's bounds.
// Latency: 7 cycles from a descriptor taken to its first token (input stage,
// hold, next, slot, s1, s2 and the buffer); the hold waits for the next input
// token, so a window's tokens start once its successor has arrived.
// Throughput: one token per cycle; a window of k elements takes k + 1 cycles (its
// k elements and the stop), an N or bare stop one.
//
// Parameters: CrdWidth      payload width of j (crd out, crd array), 1..63
//             RefWidth      payload width of positions (ref out), 2..63; positions
//                           below 2**RefWidth
//             Format        sam_pkg::ScanDense or sam_pkg::ScanCompressed
//             CrdAddrWidth  compressed: crd array address width, 1..20
//             Intercept     the subscript's constant b (signed)
// Ports:      clk_i, rst_ni                          clock, synchronous active-low reset
//             win_valid_i, win_ready_o, win_tok_i    window descriptors (63-bit payload)
//             crd_valid_o, crd_ready_i, crd_tok_o    j (crd)
//             ref_valid_o, ref_ready_i, ref_tok_o    positions (ref)
//             crd_rd_en_o, crd_rd_addr_o,            compressed: crd array read port
//             crd_rd_data_i                          (data two cycles after the read)
// win_ready_o is a function of registers only; no combinational path from any
// input port, crd_ready_i or ref_ready_i to it. The read port is driven from
// registers only.
module sam_windowscan #(
  parameter int unsigned CrdWidth     = sam_pkg::CrdWidth,
  parameter int unsigned RefWidth     = sam_pkg::CrdWidth,
  parameter sam_pkg::scan_format_e Format = sam_pkg::ScanCompressed,
  parameter int unsigned CrdAddrWidth = 8,
  parameter int          Intercept    = 0
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  input  logic                    win_valid_i,
  output logic                    win_ready_o,
  input  logic [63:0]             win_tok_i,
  output logic                    crd_valid_o,
  input  logic                    crd_ready_i,
  output logic [CrdWidth:0]       crd_tok_o,
  output logic                    ref_valid_o,
  input  logic                    ref_ready_i,
  output logic [RefWidth:0]       ref_tok_o,
  output logic                    crd_rd_en_o,
  output logic [CrdAddrWidth-1:0] crd_rd_addr_o,
  input  logic                    crd_rd_ready_i,
  input  logic                    crd_rd_valid_i,
  input  logic [CrdWidth-1:0]     crd_rd_data_i
);

  if (CrdWidth < 1 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_crd
    $error("sam_windowscan: CrdWidth must be in 1..63");
  end
  if (RefWidth < 2 || RefWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_ref
    $error("sam_windowscan: RefWidth must be in 2..63");
  end
  if (Format != sam_pkg::ScanDense && Format != sam_pkg::ScanCompressed) begin : gen_bad_format
    $error("sam_windowscan: Format must be ScanDense or ScanCompressed");
  end
  if (CrdAddrWidth < 1 || CrdAddrWidth > 20) begin : gen_bad_addr
    $error("sam_windowscan: CrdAddrWidth must be in 1..20");
  end

  localparam bit Compressed = Format == sam_pkg::ScanCompressed;
  localparam int unsigned WinWidth = 63;
  localparam int unsigned PosBits  = 20;
  // Stop levels are carried once for both outputs: as wide as the narrower one.
  localparam int unsigned LvlWidth = CrdWidth < RefWidth ? CrdWidth : RefWidth;
  localparam logic [CrdWidth-1:0] B = CrdWidth'(Intercept);

  sam_stream_assert #(.Width(WinWidth), .Name("sam_windowscan win")) win_check (
    .clk_i, .rst_ni, .valid_i(win_valid_i), .ready_i(win_ready_o), .tok_i(win_tok_i)
  );

  // A window: positions pos .. pos + left - 1, then its closing token.
  typedef struct packed {
    logic [RefWidth-1:0] pos;   // next position to emit
    logic [RefWidth-1:0] left;  // elements left
    logic                more;  // left != 0 (a register: the scan's end test)
    logic [CrdWidth-1:0] crd;   // dense: the next j
    logic [CrdWidth-1:0] off;   // compressed: base + Intercept, subtracted from crd
    logic                done;  // the closing token is D
    logic [LvlWidth-1:0] lvl;   // else it is S(lvl)
  } desc_t;

  // ---------------------------------------------------------------------------
  // The input stage: the head token with its kind and the window's arithmetic.
  logic                in_valid, in_pop;
  sam_pkg::tok_kind_e  in_kind;
  logic [LvlWidth-1:0] in_up;    // a stop's level + 1
  logic                in_up_ok; // that level fits a stop of the outputs
  desc_t               in_desc;  // a data token's window (closing fields unset)

  assign win_ready_o = !in_valid || in_pop;

  logic [PosBits-1:0] w_lo, w_hi;
  logic [WinWidth-2*PosBits-1:0] w_base;
  assign w_lo   = win_tok_i[2*PosBits-1:PosBits];
  assign w_hi   = win_tok_i[PosBits-1:0];
  assign w_base = win_tok_i[WinWidth-1:2*PosBits];
  sam_pkg::tok_kind_e win_kind;
  assign win_kind = sam_pkg::tok_kind(win_tok_i[WinWidth], 64'(win_tok_i[WinWidth-1:0]),
                                      WinWidth);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      in_valid <= 1'b0;
      in_kind  <= sam_pkg::TokData;
      in_up    <= '0;
      in_up_ok <= 1'b0;
      in_desc  <= '0;
    end else if (win_ready_o) begin
      in_valid      <= win_valid_i;
      in_kind       <= win_kind;
      in_up         <= LvlWidth'(win_tok_i[WinWidth-1:0]) + LvlWidth'(1);
      in_up_ok      <= 64'(win_tok_i[WinWidth-1:0]) + 64'd1 < (64'd1 << LvlWidth) - 64'd2;
      in_desc.pos   <= RefWidth'(w_lo);
      in_desc.left  <= RefWidth'(w_hi) - RefWidth'(w_lo);
      in_desc.more  <= w_lo < w_hi;
      in_desc.crd   <= CrdWidth'(w_lo) - CrdWidth'(w_base) - B;
      in_desc.off   <= CrdWidth'(w_base) + B;
      in_desc.done  <= 1'b0;
      in_desc.lvl   <= '0;
    end
  end

  // ---------------------------------------------------------------------------
  // Hold: a window (or N: an empty one) waiting for the token after it. A stop
  // there merges into its closing stop (and is taken); anything else gives S0 and
  // stays at the head, a window or N entering hold in the same cycle.
  logic  hold_valid_q;
  desc_t hold_q;
  logic  head_fiber, close_now, ctrl_push, hold_load, push;
  desc_t push_desc;

  logic  slot_valid_q, next_valid_q, slot_take, slot_open, next_open;
  desc_t slot_q, next_q;

  assign slot_open  = !slot_valid_q || slot_take;
  assign next_open  = !next_valid_q || slot_open;
  assign head_fiber = in_kind == sam_pkg::TokData || in_kind == sam_pkg::TokEmpty;
  assign close_now  = hold_valid_q && in_valid && next_open;
  assign ctrl_push  = !hold_valid_q && in_valid && !head_fiber && next_open;
  assign hold_load  = in_valid && head_fiber && (!hold_valid_q || close_now);
  assign push       = close_now || ctrl_push;
  assign in_pop     = hold_load || ctrl_push ||
                      (close_now && in_kind == sam_pkg::TokStop);

  always_comb begin
    push_desc = hold_q;
    if (ctrl_push) begin
      // A bare stop or D: no elements.
      push_desc      = '0;
      push_desc.done = in_kind == sam_pkg::TokDone;
    end
    push_desc.lvl = in_kind == sam_pkg::TokStop ? in_up : '0;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      hold_valid_q <= 1'b0;
      hold_q       <= '0;
    end else begin
      if (hold_load) begin
        hold_valid_q <= 1'b1;
        hold_q       <= in_desc;
        // N: an empty window.
        if (in_kind == sam_pkg::TokEmpty) begin
          hold_q.left <= '0;
          hold_q.more <= 1'b0;
        end
      end else if (close_now) begin
        hold_valid_q <= 1'b0;
      end
    end
  end

  // ---------------------------------------------------------------------------
  // Scan: one token per cycle from the slot into the pipeline, while a credit is
  // left. Issue to buffer is 2 cycles (the read latency).
  localparam int unsigned Depth = 4;

  // A scan token beside its crd read (`sam_read_align`, s1 and s2): whether crd is
  // the read data (mem), else the crd token itself, the ref token, and the offset
  // subtracted from the read data.
  typedef struct packed {
    logic                mem;
    logic [CrdWidth:0]   crd_tok;
    logic [RefWidth:0]   ref_tok;
    logic [CrdWidth-1:0] off;
  } rd_tok_t;

  logic              credit_q, issue, scan_data;
  rd_tok_t           scan_tok, s2;
  logic              s2_valid;
  logic [7:0]        inflight;  // scan tokens in s1 and s2
  logic [CrdWidth:0] crd_out, stop_crd;
  logic [RefWidth:0] stop_ref;

  assign issue     = credit_q && slot_valid_q;
  assign scan_data = issue && slot_q.more;
  assign slot_take = issue && !slot_q.more;
  assign stop_crd  = slot_q.done ? {1'b1, {CrdWidth{1'b1}}} : {1'b1, CrdWidth'(slot_q.lvl)};
  assign stop_ref  = slot_q.done ? {1'b1, {RefWidth{1'b1}}} : {1'b1, RefWidth'(slot_q.lvl)};

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      next_valid_q <= 1'b0;
      next_q       <= '0;
      slot_valid_q <= 1'b0;
      slot_q       <= '0;
    end else begin
      if (scan_data) begin
        slot_q.pos  <= slot_q.pos + RefWidth'(1);
        slot_q.crd  <= slot_q.crd + CrdWidth'(1);
        slot_q.left <= slot_q.left - RefWidth'(1);
        slot_q.more <= slot_q.left != RefWidth'(1);
      end
      if (slot_open) begin
        slot_valid_q <= next_valid_q;
        slot_q       <= next_q;
      end
      if (next_open) begin
        next_valid_q <= push;
        next_q       <= push_desc;
      end
    end
  end

  // Read enable from registers only: a read that turns out unused (the stop's
  // cycle) is harmless, as every read's data is taken exactly two cycles after it
  // issues.
  assign crd_rd_en_o   = Compressed && credit_q && slot_valid_q;
  assign crd_rd_addr_o = CrdAddrWidth'(slot_q.pos);

  // The scan token rides s1 and s2 and meets its crd read data at s2.
  assign scan_tok.mem     = Compressed && scan_data;
  assign scan_tok.crd_tok = scan_data ? {1'b0, slot_q.crd} : stop_crd;
  assign scan_tok.ref_tok = scan_data ? {1'b0, slot_q.pos} : stop_ref;
  assign scan_tok.off     = slot_q.off;

  // The on-chip array's timing (Credits = 0): the read data is taken beside s2
  // straight from the port.
  logic unused_align_rsp;
  sam_read_align #(.Width($bits(rd_tok_t)), .Latency(2)) align (
    .clk_i, .rst_ni, .valid_i(issue), .read_i(1'b0), .data_i(scan_tok), .rsp_valid_i(1'b0),
    .rsp_data_i(1'b0), .valid_o(s2_valid), .data_o(s2), .rsp_data_o(unused_align_rsp),
    .inflight_o(inflight)
  );

  assign crd_out = s2.mem ? {1'b0, crd_rd_data_i - s2.off} : s2.crd_tok;

  // The credits and the output buffers (crd 0, ref 1); s1 and s2 in flight.
  localparam int unsigned OutWidth = CrdWidth > RefWidth ? CrdWidth : RefWidth;
  logic [1:0][OutWidth:0] out_tok;
  sam_scan_out #(
    .Outputs(2), .Width(OutWidth), .Widths({7'(RefWidth), 7'(CrdWidth)}), .Depth(Depth)
  ) out (
    .clk_i(clk_i), .rst_ni(rst_ni), .take_i(issue), .drop_i(1'b0), .room_o(credit_q),
    .valid_i(s2_valid), .tok_i({(OutWidth + 1)'(s2.ref_tok), (OutWidth + 1)'(crd_out)}),
    .valid_o({ref_valid_o, crd_valid_o}), .ready_i({ref_ready_i, crd_ready_i}), .tok_o(out_tok),
    .inflight_i(inflight)
  );
  assign crd_tok_o = out_tok[0][CrdWidth:0];
  assign ref_tok_o = out_tok[1][RefWidth:0];

`ifdef FORMAL
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      // A window in the input stage or the queue has elements exactly when its length
      // is not 0.
      if (in_valid && in_kind == sam_pkg::TokData)
        assert (in_desc.more == (in_desc.left != '0));
      if (slot_valid_q) assert (slot_q.more == (slot_q.left != '0));
      if (next_valid_q) assert (next_q.more == (next_q.left != '0));
      if (hold_valid_q) assert (hold_q.more == (hold_q.left != '0));
    end
  end
`endif

  logic done_q;  // D has entered hold's queue: nothing follows
  always_ff @(posedge clk_i) begin
    if (!rst_ni) done_q <= 1'b0;
    else if (ctrl_push && in_kind == sam_pkg::TokDone) done_q <= 1'b1;
  end

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (in_valid && in_kind == sam_pkg::TokStop) begin
        StopRaisable_A: assert (in_up_ok)
        else $error("sam_windowscan: a stop in has no room one level up");
      end
      if (win_valid_i && win_ready_o && win_kind == sam_pkg::TokData) begin
        // A tight window lies in the positions (lo <= hi below 2**RefWidth), checked on
        // the descriptor's fields before the input stage cuts them to RefWidth bits.
        WindowOrdered_M: assert (w_lo <= w_hi && 64'(w_hi) < (64'd1 << RefWidth))
        else $error("sam_windowscan: window with hi below lo or beyond the positions");
      end
      if (Compressed && scan_data) begin
        CrdInArray_A: assert (64'(slot_q.pos) < (64'd1 << CrdAddrWidth))
        else $error("sam_windowscan: position %0d is beyond the crd array", slot_q.pos);
      end
      NothingAfterDone_A: assert (!(done_q && in_valid))
      else $error("sam_windowscan: a token after D");
    end
  end
`endif

  logic unused_bits;
  assign unused_bits = ^{out_tok, done_q, hold_q.done, w_base, in_up_ok,
                         Compressed ? 1'b0 : ^{crd_rd_data_i, s2.off}};

  // The on-chip array's timing, which this reader's fixed-latency pipeline
  // relies on (docs/memory.md, "Readers and their timing").
  sam_mem_fixed_assert #(.Ports(1), .Name("sam_windowscan crd_rd")) crd_rd_timing (
    .clk_i, .rst_ni, .en_i(crd_rd_en_o), .ready_i(crd_rd_ready_i), .valid_i(crd_rd_valid_i)
  );

endmodule
