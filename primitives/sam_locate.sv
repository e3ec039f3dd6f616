// sam_locate: the locator (section 4.2 of Hsu et al.'s SAM paper, Definition 4.1; golden
// model golden/src/models/locate.rs).
//
// Iterate-and-locate in place of co-iteration: one operand's coordinates are
// looked up in a random-access level of another tensor T instead of intersected
// with T's scanner. A point-wise join of three aligned streams: the iterated
// coordinates (`crd`), the iterated operand's references (`ref`) and T's parent
// references (`parent`, already repeated along the iterated index by a
// `sam_repsiggen` + `sam_repeat`, so one per coordinate). Per coordinate c with
// parent reference p, T's position of c comes out on `loc` while c and the
// reference come out again on `crd` and `ref`:
//
//   Format ScanDense       the position is p * dim_i + c (every coordinate below
//                          dim_i is present), from a registered multiplier.
//   Format ScanCompressed  the position of c in crd[pos[p] .. pos[p+1]), found by
//                          a pipelined binary search (below); c may be absent.
//
// A miss is a parent N (T has no fiber there) or, compressed, a coordinate the
// fiber lacks: with Miss = LocateDrop (T is a factor of a product) the
// coordinate is dropped from all three outputs; with LocateEmpty (an addend of a
// sum) `loc` carries N. Stops and D pass through on every output; the three
// inputs must agree on them token for token (asserted, an input contract).
//
// Structure: the three heads are accepted together while every output buffer
// has room for all tokens in flight (credits), so the pipeline behind never
// stalls, and three output buffers (`sam_fifo`) decouple the consumers. One
// token per cycle on every output in steady state; a dropped coordinate costs
// its input cycle and gives nothing.
//
//   Dense: p * dim_i is a registered multiplier, two cycles (on ECP5 a
//   MULT18X18D with its own input and output registers, as in sam_fiberlookup's
//   dense mode); the tokens ride two registers beside it and the adder
//   p * dim_i + c sits in front of the `loc` buffer. Latency 3 cycles from
//   accept to the outputs; buffers of 4.
//
//   Compressed: a search is a pipeline of stages, one token in each, so
//   Latency = 4 + 3 * Probes searches are in flight. Stage 0 reads pos[p] and
//   pos[p+1] (the pos array's two read ports); two cycles later the bounds
//   [lo, hi) and their midpoint are registered. Then Probes probes of three
//   stages each: issue a read of crd[mid] on the probe's own read port, wait, and
//   compare: crd[mid] < c moves lo to mid + 1, else hi to mid, and equality
//   marks a hit. Both possible next midpoints are computed while the read is in
//   flight, so the compare drives only a select (no carry chain after the block
//   RAM, and no block RAM address from logic). After the last probe lo is the
//   lower bound of c in the fiber, its position when the search hit. A fiber of
//   n coordinates needs floor(log2 n) + 1 probes: Probes must cover the longest
//   fiber (asserted at the last stage), and each probe has its own read port, so
//   the crd array is held in ceil(Probes / 2) copies of two read ports each
//   (hdl-gen's `MemReadBank`). Buffers of Latency + 2, the round trip of a
//   credit at one token per cycle.
//
// The ready outputs are the credit register and the three input valids (a join):
// no combinational path from any ready_i to a ready_o. dim_i is a host register,
// held during a run; the arrays are written by the host while the kernel is
// idle.
//
// Parameters: CrdWidth      payload width of coordinates (crd in and out, dim_i,
//                           the crd array), 1..63
//             RefWidth      payload width of references (ref, parent, loc, the
//                           pos array), 2..63
//             Miss          sam_pkg::locate_miss_e, as above
//             Format        sam_pkg::scan_format_e: ScanDense or ScanCompressed
//             PosAddrWidth  compressed: pos array address width, 1..20 (parents
//                           below 2**PosAddrWidth - 1)
//             CrdAddrWidth  compressed: crd array address width, 1..20
//             Probes        compressed: binary search probes, 1..21; fibers of at
//                           most 2**Probes - 1 coordinates
// Ports:      clk_i, rst_ni                            clock, synchronous active-low
//                                                      reset
//             crd_valid_i, crd_ready_o, crd_tok_i      iterated coordinates (crd)
//             ref_valid_i, ref_ready_o, ref_tok_i      iterated references (ref)
//             parent_valid_i, parent_ready_o,          T's parent references (ref),
//             parent_tok_i                             aligned with crd
//             crd_valid_o, crd_ready_i, crd_tok_o      coordinates (crd)
//             ref_valid_o, ref_ready_i, ref_tok_o      iterated references (ref)
//             loc_valid_o, loc_ready_i, loc_tok_o      T's positions (ref)
//             dim_i                                    dense: T's level dimension
//             pos_rd_en_o, pos_rd_addr_o,              compressed: pos array, two
//             pos_rd_data_i, pos_rd2_en_o,             read ports (data two cycles
//             pos_rd2_addr_o, pos_rd2_data_i           after the read)
//             crd_rd_en_o, crd_rd_addr_o,              compressed: crd array, one
//             crd_rd_data_i                            read port per probe, packed
//                                                      (probe k in slice k)
//             fault_o                                  compressed: high in a cycle
//                                                      whose search ran out of
//                                                      probes (a fiber longer than
//                                                      2**Probes - 1, bad input);
//                                                      the top keeps it as a
//                                                      status bit
module sam_locate #(
  parameter int unsigned           CrdWidth     = sam_pkg::CrdWidth,
  parameter int unsigned           RefWidth     = sam_pkg::CrdWidth,
  parameter sam_pkg::locate_miss_e Miss         = sam_pkg::LocateDrop,
  parameter sam_pkg::scan_format_e Format       = sam_pkg::ScanDense,
  parameter int unsigned           PosAddrWidth = 1,
  parameter int unsigned           CrdAddrWidth = 1,
  parameter int unsigned           Probes       = 1
) (
  input  logic                             clk_i,
  input  logic                             rst_ni,
  input  logic                             crd_valid_i,
  output logic                             crd_ready_o,
  input  logic [CrdWidth:0]                crd_tok_i,
  input  logic                             ref_valid_i,
  output logic                             ref_ready_o,
  input  logic [RefWidth:0]                ref_tok_i,
  input  logic                             parent_valid_i,
  output logic                             parent_ready_o,
  input  logic [RefWidth:0]                parent_tok_i,
  output logic                             crd_valid_o,
  input  logic                             crd_ready_i,
  output logic [CrdWidth:0]                crd_tok_o,
  output logic                             ref_valid_o,
  input  logic                             ref_ready_i,
  output logic [RefWidth:0]                ref_tok_o,
  output logic                             loc_valid_o,
  input  logic                             loc_ready_i,
  output logic [RefWidth:0]                loc_tok_o,
  input  logic [CrdWidth-1:0]              dim_i,
  output logic                             pos_rd_en_o,
  output logic [PosAddrWidth-1:0]          pos_rd_addr_o,
  input  logic                             pos_rd_ready_i,
  input  logic                             pos_rd_valid_i,
  input  logic [RefWidth-1:0]              pos_rd_data_i,
  output logic                             pos_rd2_en_o,
  output logic [PosAddrWidth-1:0]          pos_rd2_addr_o,
  input  logic                             pos_rd2_ready_i,
  input  logic                             pos_rd2_valid_i,
  input  logic [RefWidth-1:0]              pos_rd2_data_i,
  output logic [Probes-1:0]                crd_rd_en_o,
  output logic [Probes*CrdAddrWidth-1:0]   crd_rd_addr_o,
  input  logic [Probes-1:0]                crd_rd_ready_i,
  input  logic [Probes-1:0]                crd_rd_valid_i,
  input  logic [Probes*CrdWidth-1:0]       crd_rd_data_i,
  output logic                             fault_o
);

  if (CrdWidth < 1 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_crd
    $error("sam_locate: CrdWidth must be in 1..63");
  end
  if (RefWidth < 2 || RefWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_ref
    $error("sam_locate: RefWidth must be in 2..63");
  end
  if (Format != sam_pkg::ScanDense && Format != sam_pkg::ScanCompressed) begin : gen_bad_format
    $error("sam_locate: Format must be ScanDense or ScanCompressed");
  end
  if (PosAddrWidth < 1 || PosAddrWidth > 20 || CrdAddrWidth < 1 || CrdAddrWidth > 20)
  begin : gen_bad_addr
    $error("sam_locate: PosAddrWidth and CrdAddrWidth must be in 1..20");
  end
  if (Probes < 1 || Probes > CrdAddrWidth + 1) begin : gen_bad_probes
    $error("sam_locate: Probes must be in 1..CrdAddrWidth+1");
  end

  sam_stream_assert #(.Width(CrdWidth), .Name("sam_locate crd")) crd_check (
    .clk_i, .rst_ni, .valid_i(crd_valid_i), .ready_i(crd_ready_o), .tok_i(crd_tok_i)
  );
  sam_stream_assert #(.Width(RefWidth), .Name("sam_locate ref")) ref_check (
    .clk_i, .rst_ni, .valid_i(ref_valid_i), .ready_i(ref_ready_o), .tok_i(ref_tok_i)
  );
  sam_stream_assert #(.Width(RefWidth), .Name("sam_locate parent")) parent_check (
    .clk_i, .rst_ni, .valid_i(parent_valid_i), .ready_i(parent_ready_o), .tok_i(parent_tok_i)
  );

  localparam bit Compressed = Format == sam_pkg::ScanCompressed;
  // Accept to buffer: 2 cycles (the multiplier) or the search pipeline; each
  // buffer holds Latency + 2, the cycles a credit is out at full rate.
  localparam int unsigned Latency = Compressed ? 4 + 3 * Probes : 2;
  localparam int unsigned Depth   = Latency + 2;

  sam_pkg::tok_kind_e crd_kind, ref_kind, parent_kind;
  logic [63:0]        crd_payload, ref_payload, parent_payload;
  logic               all_valid, accept, room;
  // The credits: a token issued (take), one dropped before the buffers
  // (compressed), and the tokens in the pipeline.
  logic               take, drop_last;
  logic [7:0]         inflight;
  // What enters the buffers: valid and the three tokens.
  logic               push;
  logic [CrdWidth:0]  push_crd;
  logic [RefWidth:0]  push_ref, push_loc;

  assign crd_payload    = 64'(crd_tok_i[CrdWidth-1:0]);
  assign ref_payload    = 64'(ref_tok_i[RefWidth-1:0]);
  assign parent_payload = 64'(parent_tok_i[RefWidth-1:0]);
  assign crd_kind       = sam_pkg::tok_kind(crd_tok_i[CrdWidth], crd_payload, CrdWidth);
  assign ref_kind       = sam_pkg::tok_kind(ref_tok_i[RefWidth], ref_payload, RefWidth);
  assign parent_kind    = sam_pkg::tok_kind(parent_tok_i[RefWidth], parent_payload, RefWidth);

  // The join: the three heads go together.
  assign all_valid      = crd_valid_i && ref_valid_i && parent_valid_i;
  assign accept         = all_valid && room;
  assign crd_ready_o    = accept;
  assign ref_ready_o    = accept;
  assign parent_ready_o = accept;

  if (!Compressed) begin : gen_dense
    // A miss under a product leaves nothing behind: it takes no credit.
    logic drop;
    assign drop      = Miss == sam_pkg::LocateDrop && crd_kind == sam_pkg::TokData
                       && parent_kind == sam_pkg::TokEmpty;
    assign take      = accept && !drop;
    assign drop_last = 1'b0;

    // The pipeline beside the multiplier: valid, the three tokens, and whether
    // `loc` is p * dim + c (a located coordinate) or the parent token itself (a
    // stop, D, or N under LocateEmpty: N, stops and D are the same at RefWidth).
    logic                s1_valid_q, s2_valid_q, s1_calc_q, s2_calc_q;
    logic [CrdWidth:0]   s1_crd_q, s2_crd_q;
    logic [RefWidth:0]   s1_ref_q, s2_ref_q, s1_parent_q, s2_parent_q;
    logic [RefWidth-1:0] mul_p;  // parent * dim_i of two cycles ago

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        s1_valid_q <= 1'b0;
        s2_valid_q <= 1'b0;
      end else begin
        s1_valid_q <= take;
        s2_valid_q <= s1_valid_q;
      end
    end

    // Data registers load every cycle; only the valid bits say whether they hold
    // a token.
    always_ff @(posedge clk_i) begin
      s1_calc_q   <= parent_kind == sam_pkg::TokData;
      s1_crd_q    <= crd_tok_i;
      s1_ref_q    <= ref_tok_i;
      s1_parent_q <= parent_tok_i;
      s2_calc_q   <= s1_calc_q;
      s2_crd_q    <= s1_crd_q;
      s2_ref_q    <= s1_ref_q;
      s2_parent_q <= s1_parent_q;
    end

    assign push     = s2_valid_q;
    assign push_crd = s2_crd_q;
    assign push_ref = s2_ref_q;
    assign push_loc = s2_calc_q ? {1'b0, mul_p + RefWidth'(s2_crd_q[CrdWidth-1:0])}
                                : s2_parent_q;

    // p * dim_i, two cycles after p is at the input (input and output registers;
    // on ECP5 those of a MULT18X18D, whose combinational delay would not fit
    // 150 MHz between fabric registers).
    sam_mulreg #(
      .Width(RefWidth)
    ) mul (
      .clk_i(clk_i),
      .a_i  (parent_tok_i[RefWidth-1:0]),
      .b_i  (RefWidth'(dim_i)),
      .p_o  (mul_p)
    );

    assign pos_rd_en_o    = 1'b0;
    assign pos_rd_addr_o  = '0;
    assign pos_rd2_en_o   = 1'b0;
    assign pos_rd2_addr_o = '0;
    assign crd_rd_en_o    = '0;
    assign crd_rd_addr_o  = '0;
    assign fault_o        = 1'b0;  // arithmetic finds every position
    logic unused_arrays;  // compressed only
    assign unused_arrays = ^{pos_rd_data_i, pos_rd2_data_i, crd_rd_data_i};

    assign inflight = 8'(s1_valid_q) + 8'(s2_valid_q);
  end else begin : gen_compressed
    // Positions and search bounds: one bit over the crd address, since a fiber
    // may end at the array's end.
    localparam int unsigned PW = CrdAddrWidth + 1;
    // The stages: 0 reads pos, 3 holds the bounds, probe k issues at 3 + 3k and
    // compares into 6 + 3k, the last (Latency - 1) pushes.
    localparam int unsigned Last = Latency - 1;

    typedef struct packed {
      logic              search;  // a coordinate under a parent: located
      logic              act;     // lo < hi: the search goes on
      logic              hit;     // crd[mid] == c at some probe
      logic [PW-1:0]     lo, hi, mid;
      logic [PW-1:0]     mid1;    // mid + 1
      logic [PW-1:0]     up_mid;  // the next mid if crd[mid] < c
      logic [PW-1:0]     dn_mid;  // the next mid otherwise
      logic              up_act, dn_act;
    } search_t;

    logic [Latency-1:0] valid_q;
    logic [CrdWidth:0]  crd_q   [Latency];
    logic [RefWidth:0]  ref_q   [Latency];
    logic [RefWidth:0]  parent_q[Latency];
    search_t            srch_q  [Latency];
    search_t            srch_d  [Latency];

    // A token dropped at the last stage (a miss under a product) returns its
    // credit on every output (sam_scan_out's Drop).
    assign take = accept;

    always_ff @(posedge clk_i) begin
      if (!rst_ni) valid_q <= '0;
      else valid_q <= {valid_q[Latency-2:0], accept};
    end

    // Stage 0 from the input: the tokens, whether this is a search, and the
    // parent (read at pos[p] and pos[p+1] from stage 0). Data registers load
    // every cycle; only the valid bits say whether they hold a token.
    logic [PosAddrWidth-1:0] p_q, p1_q;
    always_comb begin
      srch_d[0]        = '0;
      srch_d[0].search = crd_kind == sam_pkg::TokData && parent_kind == sam_pkg::TokData;
    end
    always_ff @(posedge clk_i) begin
      p_q         <= parent_tok_i[PosAddrWidth-1:0];
      p1_q        <= parent_tok_i[PosAddrWidth-1:0] + 1'b1;
      crd_q[0]    <= crd_tok_i;
      ref_q[0]    <= ref_tok_i;
      parent_q[0] <= parent_tok_i;
      for (int s = 1; s < Latency; s++) begin
        crd_q[s]    <= crd_q[s-1];
        ref_q[s]    <= ref_q[s-1];
        parent_q[s] <= parent_q[s-1];
      end
      for (int s = 0; s < Latency; s++) srch_q[s] <= srch_d[s];
    end
    assign pos_rd_en_o    = valid_q[0] && srch_q[0].search;
    assign pos_rd_addr_o  = p_q;
    assign pos_rd2_en_o   = valid_q[0] && srch_q[0].search;
    assign pos_rd2_addr_o = p1_q;

    // Every later stage's search state from the one before.
    for (genvar s = 1; s < Latency; s++) begin : gen_stage
      if (s == 3) begin : gen_bounds
        // The pos words of stage 0's reads: the fiber [lo, hi) and its midpoint.
        logic [PW-1:0] lo, hi;
        assign lo = PW'(pos_rd_data_i);
        assign hi = PW'(pos_rd2_data_i);
        always_comb begin
          srch_d[s]     = srch_q[s-1];
          srch_d[s].lo  = lo;
          srch_d[s].hi  = hi;
          srch_d[s].mid = PW'((PW+1)'(lo) + (PW+1)'(hi) >> 1);
          srch_d[s].act = srch_q[s-1].search && lo < hi;
        end
      end else if (s > 3 && (s - 4) % 3 == 0) begin : gen_next
        // Beside probe (s - 4) / 3's read: both possible next midpoints.
        search_t a;
        assign a = srch_q[s-1];
        always_comb begin
          srch_d[s]        = a;
          srch_d[s].mid1   = a.mid + 1'b1;
          srch_d[s].up_mid = PW'((PW+1)'(a.mid) + 1'b1 + (PW+1)'(a.hi) >> 1);
          srch_d[s].up_act = a.mid + 1'b1 < a.hi;
          srch_d[s].dn_mid = PW'((PW+1)'(a.lo) + (PW+1)'(a.mid) >> 1);
          srch_d[s].dn_act = a.lo < a.mid;
        end
      end else if (s > 3 && (s - 4) % 3 == 2) begin : gen_compare
        // Probe (s - 6) / 3's data: narrow [lo, hi) to c's lower bound.
        localparam int unsigned K = (s - 6) / 3;
        search_t               a;
        logic [CrdWidth-1:0]   got, want;
        logic                  less;
        assign a    = srch_q[s-1];
        assign got  = crd_rd_data_i[K*CrdWidth +: CrdWidth];
        assign want = crd_q[s-1][CrdWidth-1:0];
        assign less = got < want;
        always_comb begin
          srch_d[s] = a;
          if (a.act) begin
            srch_d[s].hit = a.hit || got == want;
            srch_d[s].lo  = less ? a.mid1 : a.lo;
            srch_d[s].hi  = less ? a.hi : a.mid;
            srch_d[s].mid = less ? a.up_mid : a.dn_mid;
            srch_d[s].act = less ? a.up_act : a.dn_act;
          end
        end
      end else begin : gen_wait
        assign srch_d[s] = srch_q[s-1];
      end
    end

    // Probe k reads crd[mid] from stage 3 + 3k on its own port.
    for (genvar k = 0; k < Probes; k++) begin : gen_probe
      assign crd_rd_en_o[k] = valid_q[3+3*k] && srch_q[3+3*k].act;
      assign crd_rd_addr_o[k*CrdAddrWidth +: CrdAddrWidth] =
        srch_q[3+3*k].mid[CrdAddrWidth-1:0];
    end

    // The last stage: a located coordinate takes its lower bound where the
    // search hit; a miss is dropped or N; stops and D pass (the parent token).
    logic found, miss;
    assign found     = srch_q[Last].search && srch_q[Last].hit;
    assign miss      = crd_q[Last][CrdWidth] == 1'b0 && !found;
    assign drop_last = valid_q[Last] && miss && Miss == sam_pkg::LocateDrop;
    assign push      = valid_q[Last] && !drop_last;
    assign push_crd  = crd_q[Last];
    assign push_ref  = ref_q[Last];
    always_comb begin
      if (found) push_loc = {1'b0, RefWidth'(srch_q[Last].lo)};
      else if (miss) push_loc = {1'b1, RefWidth'(sam_pkg::empty_payload(RefWidth))};
      else push_loc = parent_q[Last];
    end

    // A board reports what simulation asserts below: a search still going at
    // the last stage, whose lower bound is no answer.
    assign fault_o = valid_q[Last] && srch_q[Last].act;

`ifndef SAM_ASSERTS_OFF
    // Probes covers the fiber: the search ended by the last stage. A fiber's length
    // is the arrays' contract, so a proof states it on the arrays and proves this.
    always_ff @(posedge clk_i) begin
      if (rst_ni && valid_q[Last]) begin
        SearchEnded_A: assert (!srch_q[Last].act)
        else $error("sam_locate: a fiber longer than 2**Probes - 1 = %0d coordinates",
                    (1 << Probes) - 1);
      end
    end
`endif
    logic unused_dim;  // dense only
    assign unused_dim = ^dim_i;
    // pos words are RefWidth wide; positions fit PW bits (the crd array's size).
    logic unused_pos;
    assign unused_pos = ^{pos_rd_data_i, pos_rd2_data_i};

    always_comb begin
      inflight = '0;
      for (int s = 0; s < Latency; s++) inflight += 8'(valid_q[s]);
    end
  end

  // The credits and the output buffers (crd 0, ref 1, loc 2).
  localparam int unsigned OutWidth = CrdWidth > RefWidth ? CrdWidth : RefWidth;
  logic [2:0][OutWidth:0] out_tok;
  sam_scan_out #(
    .Outputs(3), .Width(OutWidth), .Widths({7'(RefWidth), 7'(RefWidth), 7'(CrdWidth)}),
    .Depth(Depth), .Drop(Compressed ? 1 : 0)
  ) out (
    .clk_i(clk_i), .rst_ni(rst_ni), .take_i(take), .drop_i(drop_last), .room_o(room),
    .valid_i(push),
    .tok_i({(OutWidth + 1)'(push_loc), (OutWidth + 1)'(push_ref), (OutWidth + 1)'(push_crd)}),
    .valid_o({loc_valid_o, ref_valid_o, crd_valid_o}),
    .ready_i({loc_ready_i, ref_ready_i, crd_ready_i}), .tok_o(out_tok), .inflight_i(inflight)
  );
  assign crd_tok_o = out_tok[0][CrdWidth:0];
  assign ref_tok_o = out_tok[1][RefWidth:0];
  assign loc_tok_o = out_tok[2][RefWidth:0];
  logic unused_out;  // the output tokens' bits above each output's width
  assign unused_out = ^out_tok;

`ifndef SAM_ASSERTS_OFF
  // The input contract: the three heads agree (a coordinate with a reference or
  // N and a parent or N; the same stop; D together), and a coordinate located by
  // arithmetic is inside the level.
  logic heads_aligned;
  always_comb begin
    unique case (crd_kind)
      sam_pkg::TokData:
        heads_aligned = (ref_kind == sam_pkg::TokData || ref_kind == sam_pkg::TokEmpty)
                        && (parent_kind == sam_pkg::TokData
                            || parent_kind == sam_pkg::TokEmpty);
      sam_pkg::TokStop:
        heads_aligned = ref_kind == sam_pkg::TokStop && parent_kind == sam_pkg::TokStop
                        && ref_payload == crd_payload && parent_payload == crd_payload;
      sam_pkg::TokDone:
        heads_aligned = ref_kind == sam_pkg::TokDone && parent_kind == sam_pkg::TokDone;
      default: heads_aligned = 1'b0;  // N is no coordinate
    endcase
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && all_valid) begin
      HeadsAligned_M: assert (heads_aligned)
      else $error("sam_locate: crd, ref and parent heads are not aligned");
      if (!Compressed && crd_kind == sam_pkg::TokData && parent_kind == sam_pkg::TokData)
      begin
        CrdInLevel_M: assert (crd_payload < 64'(dim_i))
        else $error("sam_locate: coordinate %0d outside the level's dimension %0d",
                    crd_payload, dim_i);
      end
    end
  end
`else
  // Read only by the checks above.
  sam_pkg::tok_kind_e unused_ref_kind;
  assign unused_ref_kind  = ref_kind;
`endif

  // The on-chip array's timing, which this reader's fixed-latency pipeline
  // relies on (docs/memory.md, "Readers and their timing").
  sam_mem_fixed_assert #(.Ports(1), .Name("sam_locate pos_rd")) pos_rd_timing (
    .clk_i, .rst_ni, .en_i(pos_rd_en_o), .ready_i(pos_rd_ready_i), .valid_i(pos_rd_valid_i)
  );
  sam_mem_fixed_assert #(.Ports(1), .Name("sam_locate pos_rd2")) pos_rd2_timing (
    .clk_i, .rst_ni, .en_i(pos_rd2_en_o), .ready_i(pos_rd2_ready_i), .valid_i(pos_rd2_valid_i)
  );
  sam_mem_fixed_assert #(.Ports(Probes), .Name("sam_locate crd_rd")) crd_rd_timing (
    .clk_i, .rst_ni, .en_i(crd_rd_en_o), .ready_i(crd_rd_ready_i), .valid_i(crd_rd_valid_i)
  );

endmodule
