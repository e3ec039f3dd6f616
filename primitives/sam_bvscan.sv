// sam_bvscan: the bitvector level scanner (section 4.3 of Hsu et al.'s SAM paper; golden
// model golden/src/models/bitvector.rs, `bvscan`; the level's arrays are in
// ir/src/tensor/level/bitvector.rs).
//
// A bitvector level stores W = ceil(dim_i / WordWidth) words per fiber: fiber r is
// bv[r*W] .. bv[r*W + W-1], and pre[a] is the number of set bits in bv[0 .. a-1]
// (the position of word a's first set bit). For every reference r on `ref` in,
// emits the fiber's W words on `bv` out, empty ones included (the stream is
// aligned: a word's index is its ordinal in the fiber), each with pre[a] on
// `ref` out, then one stop. `N` in is an empty fiber that keeps its words: W zero
// words, each with N on `ref` out, so a way the level above lacks stays aligned
// with the others. Stops follow sam_fiberlookup's rule: a fiber's stop is S0, or
// S(n+1) when the next input token is Sn (consumed); a bare input Sn gives S(n+1);
// D gives D on both outputs.
//
// Root mode (Root = 1) scans the root fiber, as if `ref` in carried `0 D`, once
// start_i is high (the arrays are loaded); the ref input is unused.
//
// Structure: input (a token taken while a descriptor credit is left) -> r * W on a
// two-cycle registered multiplier, the token beside it -> a six-entry descriptor
// queue (`sam_fifo`) -> the head descriptor, in registers -> scan (one token per
// cycle while an output credit is left: a word read of bv and pre at the same
// address, or a stop) -> two pipeline stages meeting the read data (two-cycle
// reads; `sam_read_align`) -> two output buffers (`sam_fifo`, Depth 4).
// Latency: 8 cycles from a reference taken to its fiber's first word (multiplier
// 2, queue 1, head 1, scan and reads 3, buffer 1).
// Throughput: one word per cycle within a fiber; the first word of a fiber leaves
// in the cycle its descriptor is taken, so a fiber of W words costs W cycles plus
// its stop: one token per cycle on the outputs.
// Combinational paths: ref_ready_o = the descriptor credit (a register); the read
// ports are driven from the scan registers: no path from any input port or ready_i
// to ref_ready_o.
//
// Parameters: WordWidth  word payload width, a power of two in 2..32 (the tensor
//                        model's words: 32)
//             CrdWidth   width of dim_i (the level's dimension), log2(WordWidth)+1..32
//             RefWidth   payload width of references in and out and of the pre
//                        array, 2..63
//             Root       0 references from `ref`, 1 root mode
//             AddrWidth  bv and pre array address width, 1..20
// Ports:      clk_i, rst_ni                      clock, synchronous active-low reset
//             ref_valid_i, ref_ready_o, ref_tok_i  references (ref); unused in root mode
//             bv_valid_o, bv_ready_i, bv_tok_o     words (bv)
//             ref_valid_o, ref_ready_i, ref_tok_o  popcount prefixes (ref)
//             start_i                            root mode: begin (level; hold high)
//             dim_i                              the level's dimension (host register,
//                                                held during a run)
//             bv_rd_en_o, bv_rd_addr_o, bv_rd_data_i     bv array read port
//             pre_rd_en_o, pre_rd_addr_o, pre_rd_data_i  pre array read port
//                                                (data two cycles after the read)
module sam_bvscan #(
  parameter int unsigned WordWidth = 32,
  parameter int unsigned CrdWidth  = sam_pkg::CrdWidth,
  parameter int unsigned RefWidth  = sam_pkg::CrdWidth,
  parameter int unsigned Root      = 0,
  parameter int unsigned AddrWidth = 8
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic                 ref_valid_i,
  output logic                 ref_ready_o,
  input  logic [RefWidth:0]    ref_tok_i,
  output logic                 bv_valid_o,
  input  logic                 bv_ready_i,
  output logic [WordWidth:0]   bv_tok_o,
  output logic                 ref_valid_o,
  input  logic                 ref_ready_i,
  output logic [RefWidth:0]    ref_tok_o,
  input  logic                 start_i,
  input  logic [CrdWidth-1:0]  dim_i,
  output logic                 bv_rd_en_o,
  output logic [AddrWidth-1:0] bv_rd_addr_o,
  input  logic                 bv_rd_ready_i,
  input  logic                 bv_rd_valid_i,
  input  logic [WordWidth-1:0] bv_rd_data_i,
  output logic                 pre_rd_en_o,
  output logic [AddrWidth-1:0] pre_rd_addr_o,
  input  logic                 pre_rd_ready_i,
  input  logic                 pre_rd_valid_i,
  input  logic [RefWidth-1:0]  pre_rd_data_i
);

  localparam int unsigned BitWidth = (WordWidth > 1) ? $clog2(WordWidth) : 1;
  // Words per fiber: up to 2^CrdWidth / WordWidth.
  localparam int unsigned CntWidth = (CrdWidth > BitWidth) ? CrdWidth - BitWidth + 1 : 1;
  // A stop's level + 1 as the narrower output carries it.
  localparam int unsigned LvlWidth = (WordWidth < RefWidth) ? WordWidth : RefWidth;
  localparam int unsigned Depth = 4;
  // Descriptors in flight: multiplier (2), queue, head register, room's register.
  localparam int unsigned DescDepth = 6;

  if (WordWidth < 2 || WordWidth > 32 || (WordWidth & (WordWidth - 1)) != 0)
  begin : gen_bad_word_width
    $error("sam_bvscan: WordWidth must be a power of two in 2..32");
  end
  if (CrdWidth <= BitWidth || CrdWidth > 32) begin : gen_bad_crd_width
    $error("sam_bvscan: CrdWidth must be in log2(WordWidth)+1..32");
  end
  if (RefWidth < 2 || RefWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_ref_width
    $error("sam_bvscan: RefWidth must be in 2..63");
  end
  if (Root > 1) begin : gen_bad_root
    $error("sam_bvscan: Root must be 0 or 1");
  end
  if (AddrWidth < 1 || AddrWidth > 20) begin : gen_bad_addr_width
    $error("sam_bvscan: AddrWidth must be in 1..20");
  end

  sam_stream_assert #(.Width(RefWidth), .Name("sam_bvscan ref")) ref_check (
    .clk_i, .rst_ni, .valid_i(ref_valid_i), .ready_i(ref_ready_o), .tok_i(ref_tok_i)
  );

  // Words per fiber, from the host's dimension. No reset: it loads during the
  // reset too (the host holds dim_i), so a reference in the first cycle after it
  // finds W already there.
  logic [CntWidth-1:0] wpf_q;
  always_ff @(posedge clk_i) wpf_q <= CntWidth'((33'(dim_i) + 33'(WordWidth - 1)) >> BitWidth);

  // ---- input: `ref` in, or `0 D` in root mode --------------------------------------
  logic              src_valid, src_take, dq_room;
  logic [RefWidth:0] src_tok;

  assign src_take = src_valid && dq_room;

  if (Root == 1) begin : gen_root
    sam_root #(.Width(RefWidth)) root (
      .clk_i(clk_i), .rst_ni(rst_ni), .start_i(start_i),
      .valid_o(src_valid), .ready_i(dq_room), .tok_o(src_tok)
    );
    assign ref_ready_o = 1'b0;
    logic unused_ref;  // root mode takes no references
    assign unused_ref = ref_valid_i ^ (^ref_tok_i);
  end else begin : gen_ref_in
    assign src_valid   = ref_valid_i;
    assign src_tok     = ref_tok_i;
    assign ref_ready_o = dq_room;
    logic unused_start;  // root mode only
    assign unused_start = start_i;
  end

  // ---- r * W beside the token ---------------------------------------------------
  // The address wraps at 2^AddrWidth, so the operands' low AddrWidth bits suffice.
  // Input and output registers: on ECP5 those of a MULT18X18D, whose
  // combinational delay would not fit 150 MHz between fabric registers.
  logic [AddrWidth-1:0] mul_p;
  sam_mulreg #(
    .Width      (AddrWidth),
    .MinDspWidth(8)
  ) mul (
    .clk_i(clk_i),
    .a_i  (AddrWidth'(src_tok[RefWidth-1:0])),
    .b_i  (AddrWidth'(wpf_q)),
    .p_o  (mul_p)
  );

  logic              d1_valid_q, d2_valid_q;
  logic [RefWidth:0] d1_tok_q, d2_tok_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      d1_valid_q <= 1'b0;
      d2_valid_q <= 1'b0;
      d1_tok_q   <= '0;
      d2_tok_q   <= '0;
    end else begin
      d1_valid_q <= src_take;
      d2_valid_q <= d1_valid_q;
      d1_tok_q   <= src_tok;
      d2_tok_q   <= d1_tok_q;
    end
  end

  // Descriptor: {kind, stop level + 1 or the fiber's first word address}.
  localparam int unsigned ValWidth  = (AddrWidth > LvlWidth) ? AddrWidth : LvlWidth;
  localparam int unsigned DescWidth = 2 + ValWidth;
  sam_pkg::tok_kind_e   d2_kind;
  logic [DescWidth-1:0] desc_in;
  logic [DescWidth:0]   desc_out;
  logic                 desc_valid, desc_pop, head_load, unused_desc_ready;

  logic [LvlWidth-1:0] d2_lvl, d2_up;  // a stop's level, and + 1
  assign d2_lvl  = LvlWidth'(d2_tok_q[RefWidth-1:0]);
  assign d2_up   = d2_lvl + LvlWidth'(1);
  assign d2_kind = sam_pkg::tok_kind(d2_tok_q[RefWidth], 64'(d2_tok_q[RefWidth-1:0]), RefWidth);
  always_comb begin
    unique case (d2_kind)
      sam_pkg::TokStop: desc_in = {d2_kind, ValWidth'(d2_up)};
      sam_pkg::TokData: desc_in = {d2_kind, ValWidth'(mul_p)};
      default:          desc_in = {d2_kind, ValWidth'(0)};
    endcase
  end

  sam_credit #(.Depth(DescDepth), .Outputs(1)) desc_credit (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .take_i(src_take), .drop_i(1'b0), .give_i(desc_pop), .room_o(dq_room)
  );
  sam_fifo #(.Width(DescWidth), .Depth(DescDepth)) desc_queue (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(d2_valid_q), .ready_o(unused_desc_ready), .tok_i({1'b0, desc_in}),
    .valid_o(desc_valid), .ready_i(head_load), .tok_o(desc_out)
  );

  // The head descriptor, in flip-flops: the scan's read address comes from
  // registers, not from the queue's memory through the decode.
  logic                head_valid_q;
  sam_pkg::tok_kind_e  h_kind;
  logic [ValWidth-1:0] h_val;
  assign head_load = desc_valid && (!head_valid_q || desc_pop);
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      head_valid_q <= 1'b0;
      h_kind       <= sam_pkg::TokData;
      h_val        <= '0;
    end else begin
      if (desc_pop) head_valid_q <= 1'b0;
      if (head_load) begin
        head_valid_q <= 1'b1;
        h_kind       <= sam_pkg::tok_kind_e'(desc_out[DescWidth-1 -: 2]);
        h_val        <= desc_out[ValWidth-1:0];
      end
    end
  end
  logic unused_desc_flag;  // the queue's control flag: descriptors are raw bits
  assign unused_desc_flag = desc_out[DescWidth];

  // ---- scan ---------------------------------------------------------------------
  logic                 out_room;
  logic                 open_d, open_q;        // a fiber's words are out, its stop not
  logic                 fib_d, fib_q;          // inside a fiber's words
  logic                 nfib_d, nfib_q;        // that fiber is N's
  logic [AddrWidth-1:0] addr_d, addr_q;        // its next word
  logic [CntWidth-1:0]  cnt_d, cnt_q;          // its words left
  // What goes into the pipeline this cycle.
  logic                 emit, emit_word, emit_n, emit_done;
  logic [LvlWidth-1:0]  emit_lvl;
  logic [AddrWidth-1:0] emit_addr;

  always_comb begin
    open_d    = open_q;
    fib_d     = fib_q;
    nfib_d    = nfib_q;
    addr_d    = addr_q;
    cnt_d     = cnt_q;
    desc_pop  = 1'b0;
    emit      = 1'b0;
    emit_word = 1'b0;
    emit_n    = nfib_q;
    emit_done = 1'b0;
    emit_lvl  = '0;
    if (out_room) begin
      if (fib_q) begin
        emit      = 1'b1;
        emit_word = 1'b1;
        addr_d    = addr_q + AddrWidth'(1);
        cnt_d     = cnt_q - CntWidth'(1);
        if (cnt_q == CntWidth'(1)) begin
          fib_d  = 1'b0;
          open_d = 1'b1;
        end
      end else if (head_valid_q) begin
        unique case (h_kind)
          sam_pkg::TokData, sam_pkg::TokEmpty: begin
            if (open_q) begin
              emit   = 1'b1;  // S0 closes the fiber before
              open_d = 1'b0;
            end else begin
              desc_pop  = 1'b1;
              nfib_d    = h_kind == sam_pkg::TokEmpty;
              emit_n    = nfib_d;
              if (wpf_q == '0) begin
                open_d = 1'b1;
              end else begin
                emit      = 1'b1;
                emit_word = 1'b1;
                addr_d    = AddrWidth'(h_val) + AddrWidth'(1);
                cnt_d     = wpf_q - CntWidth'(1);
                fib_d     = wpf_q != CntWidth'(1);
                open_d    = wpf_q == CntWidth'(1);
              end
            end
          end
          sam_pkg::TokStop: begin
            desc_pop = 1'b1;
            emit     = 1'b1;
            emit_lvl = LvlWidth'(h_val);
            open_d   = 1'b0;
          end
          default: begin  // D
            emit   = 1'b1;
            open_d = 1'b0;
            if (!open_q) begin
              desc_pop  = 1'b1;
              emit_done = 1'b1;
            end
          end
        endcase
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      open_q <= 1'b0;
      fib_q  <= 1'b0;
      nfib_q <= 1'b0;
      addr_q <= '0;
      cnt_q  <= '0;
    end else begin
      open_q <= open_d;
      fib_q  <= fib_d;
      nfib_q <= nfib_d;
      addr_q <= addr_d;
      cnt_q  <= cnt_d;
    end
  end

  // The address of the word issued this cycle, if one is: inside a fiber the
  // next word, else the head's first word. Reads go out whenever a word may
  // issue (inside a fiber or with a head): a read whose word does not issue is
  // never looked at (a word's data is taken exactly two cycles after its issue),
  // so the enable and the address are one gate of registers each.
  assign emit_addr     = fib_q ? addr_q : AddrWidth'(h_val);
  assign bv_rd_en_o    = fib_q || head_valid_q;
  assign bv_rd_addr_o  = emit_addr;
  assign pre_rd_en_o   = fib_q || head_valid_q;
  assign pre_rd_addr_o = emit_addr;

  // ---- two stages meeting the read data (p1, p2: `sam_read_align`), then the buffers
  typedef struct packed {
    logic                word;  // a word (else a stop or D)
    logic                n;     // of an N fiber: a zero word, N on ref
    logic                done;  // D
    logic [LvlWidth-1:0] lvl;   // else the stop's level
  } rd_tok_t;

  rd_tok_t    emit_tok, p2;
  logic       p2_valid;
  logic [7:0] inflight;  // tokens in p1 and p2

  assign emit_tok.word = emit_word;
  assign emit_tok.n    = emit_n;
  assign emit_tok.done = emit_done;
  assign emit_tok.lvl  = emit_lvl;

  // The on-chip array's timing (Credits = 0): the read data is taken beside s2
  // straight from the port.
  logic unused_align_rsp;
  sam_read_align #(.Width($bits(rd_tok_t)), .Latency(2)) align (
    .clk_i, .rst_ni, .valid_i(emit), .read_i(1'b0), .data_i(emit_tok), .rsp_valid_i(1'b0),
    .rsp_data_i(1'b0), .valid_o(p2_valid), .data_o(p2), .rsp_data_o(unused_align_rsp),
    .inflight_o(inflight)
  );

  logic [WordWidth:0] bv_out;
  logic [RefWidth:0]  ref_out;
  always_comb begin
    if (p2.word) begin
      bv_out  = p2.n ? '0 : {1'b0, bv_rd_data_i};
      ref_out = p2.n ? {1'b1, RefWidth'(sam_pkg::empty_payload(RefWidth))}
                     : {1'b0, pre_rd_data_i};
    end else if (p2.done) begin
      bv_out  = {1'b1, WordWidth'(sam_pkg::done_payload(WordWidth))};
      ref_out = {1'b1, RefWidth'(sam_pkg::done_payload(RefWidth))};
    end else begin
      bv_out  = {1'b1, WordWidth'(p2.lvl)};
      ref_out = {1'b1, RefWidth'(p2.lvl)};
    end
  end

  // The output credits and buffers (bv 0, ref 1); p1 and p2 in flight.
  localparam int unsigned OutWidth = (WordWidth > RefWidth) ? WordWidth : RefWidth;
  logic [1:0][OutWidth:0] out_tok;
  sam_scan_out #(
    .Outputs(2), .Width(OutWidth), .Widths({7'(RefWidth), 7'(WordWidth)}), .Depth(Depth)
  ) out (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .take_i(emit), .drop_i(1'b0), .room_o(out_room),
    .valid_i(p2_valid), .tok_i({(OutWidth + 1)'(ref_out), (OutWidth + 1)'(bv_out)}),
    .valid_o({ref_valid_o, bv_valid_o}), .ready_i({ref_ready_i, bv_ready_i}),
    .tok_o(out_tok), .inflight_i(inflight)
  );
  assign bv_tok_o  = out_tok[0][WordWidth:0];
  assign ref_tok_o = out_tok[1][RefWidth:0];
  logic unused_out;  // the output tokens' bits above each output's width
  assign unused_out = ^out_tok;

`ifdef FORMAL
  // The descriptor credit equals the tokens in flight to where it counts: the
  // descriptor pipeline, the queue and the head register.
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (32'(desc_credit.used_q[0])
              == 32'(d1_valid_q) + 32'(d2_valid_q) + desc_queue.f_count
                 + 32'(head_valid_q));
    end
  end
`endif

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni && d2_valid_q) begin
      QueueRoom_A: assert (unused_desc_ready)
      else $error("sam_bvscan: the descriptor queue overflowed (credit accounting)");
    end
  end
`endif

  // The on-chip array's timing, which this reader's fixed-latency pipeline
  // relies on (docs/memory.md, "Readers and their timing").
  sam_mem_fixed_assert #(.Ports(1), .Name("sam_bvscan bv_rd")) bv_rd_timing (
    .clk_i, .rst_ni, .en_i(bv_rd_en_o), .ready_i(bv_rd_ready_i), .valid_i(bv_rd_valid_i)
  );
  sam_mem_fixed_assert #(.Ports(1), .Name("sam_bvscan pre_rd")) pre_rd_timing (
    .clk_i, .rst_ni, .en_i(pre_rd_en_o), .ready_i(pre_rd_ready_i), .valid_i(pre_rd_valid_i)
  );

endmodule
