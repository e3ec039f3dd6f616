// sam_bvexpand: expands aligned bitvector words into coordinates and per-way
// references (section 4.3 of Hsu et al.'s SAM paper; golden model
// golden/src/models/bitvector.rs, `bvexpand`).
//
// Inputs, all of one control structure and taken together: the words to expand
// (bv), and per way k its popcount prefixes (ref<k>, or N) and its own words
// (mask<k>), as sam_bvjoin gives them (for one way read straight from a scanner,
// mask0 is a copy of bv). Word w of a fiber (its ordinal since the last stop)
// gives, for each set bit j, lowest first, one token per cycle:
//   crd     the coordinate w * WordWidth + j ({w, j}: WordWidth is a power of two)
//   ref<k>  prefix<k> + popcount(mask<k> below bit j), or N when mask<k> lacks
//           bit j (a union) or prefix<k> is N
// An all-zero word is taken in one cycle and gives nothing. Stops and D pass to
// every output and restart the word count.
//
// Structure: input stage (the tokens, registered) -> word stage (cur: the bits
// left with and without the lowest, whether each is zero or one bit, the ways'
// masks and prefixes, the word index) -> peel (the lowest bit left; registered
// in s1 with each way's mask below it) -> s2 (each way's popcount of that, in
// two halves) -> prefix + count into the output buffers (`sam_scan_out`, Depth 5).
// The peel moves only while it holds a credit, so s1 and s2 never
// stall. Latency 5 (input stage, word stage, s1, s2, buffer).
// Throughput: one coordinate per cycle; a word with n set bits takes max(n, 1)
// cycles, a stop one.
// Combinational paths: the inputs' ready_o = the input valids, the input and word
// stages' registers and the credit register: no path from any ready_i to any
// ready_o.
//
// Parameters: Ways       number of ways, 1..2; with Ways == 1 the way-1 ports are
//                        unused: inputs ignored (ready_o low), output tied off
//                        (valid low), its ready ignored
//             WordWidth  word payload width, a power of two in 2..32
//             CrdWidth   coordinate payload width, log2(WordWidth)+1..63
//             RefWidth   reference payload width, 2..63 (references carry N)
// Ports:      clk_i, rst_ni                               clock, asynchronous active-low reset
//             bv_valid_i, bv_ready_o, bv_tok_i               words to expand (bv)
//             ref<k>_valid_i, ref<k>_ready_o, ref<k>_tok_i   way k prefixes (ref, N allowed)
//             mask<k>_valid_i, mask<k>_ready_o, mask<k>_tok_i  way k words (bv)
//             crd_valid_o, crd_ready_i, crd_tok_o            coordinates (crd)
//             ref<k>_valid_o, ref<k>_ready_i, ref<k>_tok_o   way k references (ref)
//             (k = 0..1)
module sam_bvexpand #(
  parameter int unsigned Ways      = 2,
  parameter int unsigned WordWidth = 32,
  parameter int unsigned CrdWidth  = sam_pkg::CrdWidth,
  parameter int unsigned RefWidth  = sam_pkg::CrdWidth
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic               bv_valid_i,
  output logic               bv_ready_o,
  input  logic [WordWidth:0] bv_tok_i,
  input  logic               ref0_valid_i,
  output logic               ref0_ready_o,
  input  logic [RefWidth:0]  ref0_tok_i,
  input  logic               mask0_valid_i,
  output logic               mask0_ready_o,
  input  logic [WordWidth:0] mask0_tok_i,
  input  logic               ref1_valid_i,
  output logic               ref1_ready_o,
  input  logic [RefWidth:0]  ref1_tok_i,
  input  logic               mask1_valid_i,
  output logic               mask1_ready_o,
  input  logic [WordWidth:0] mask1_tok_i,
  output logic               crd_valid_o,
  input  logic               crd_ready_i,
  output logic [CrdWidth:0]  crd_tok_o,
  output logic               ref0_valid_o,
  input  logic               ref0_ready_i,
  output logic [RefWidth:0]  ref0_tok_o,
  output logic               ref1_valid_o,
  input  logic               ref1_ready_i,
  output logic [RefWidth:0]  ref1_tok_o
);

  localparam int unsigned MaxWays  = 2;
  localparam int unsigned BitWidth = (WordWidth > 1) ? $clog2(WordWidth) : 1;
  localparam int unsigned IdxWidth = (CrdWidth > BitWidth) ? CrdWidth - BitWidth : 1;
  localparam int unsigned Depth    = 5;  // issue to buffer is 2 cycles, + room's register
  // A stop's level, as wide as the narrower output carries it.
  localparam int unsigned LvlWidth = (CrdWidth < RefWidth) ? CrdWidth : RefWidth;

  // The set bits of a half word (16 bits) as a balanced adder tree: written as
  // a running sum, synthesis builds a chain of adders as deep as the word.
  function automatic logic [4:0] popcount16(logic [15:0] x);
    logic [1:0] l1[8];
    logic [2:0] l2[4];
    logic [3:0] l3[2];
    for (int i = 0; i < 8; i++) l1[i] = {1'b0, x[2*i]} + {1'b0, x[2*i+1]};
    for (int i = 0; i < 4; i++) l2[i] = {1'b0, l1[2*i]} + {1'b0, l1[2*i+1]};
    for (int i = 0; i < 2; i++) l3[i] = {1'b0, l2[2*i]} + {1'b0, l2[2*i+1]};
    return {1'b0, l3[0]} + {1'b0, l3[1]};
  endfunction

  // Whether a word (zero-extended to 32 bits) has at most one set bit: a tree of
  // (any, more than one) pairs, no carry chain.
  function automatic logic at_most_one(logic [31:0] x);
    logic [31:0] any, many;
    any  = x;
    many = '0;
    for (int span = 1; span < 32; span *= 2) begin
      for (int i = 0; i + span < 32; i += 2 * span) begin
        many[i] = many[i] | many[i+span] | (any[i] & any[i+span]);
        any[i]  = any[i] | any[i+span];
      end
    end
    return !many[0];
  endfunction

  if (Ways < 1 || Ways > MaxWays) begin : gen_bad_ways
    $error("sam_bvexpand: Ways must be 1 or 2");
  end
  if (WordWidth < 2 || WordWidth > 32 || (WordWidth & (WordWidth - 1)) != 0)
  begin : gen_bad_word_width
    $error("sam_bvexpand: WordWidth must be a power of two in 2..32");
  end
  if (CrdWidth <= BitWidth || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_crd_width
    $error("sam_bvexpand: CrdWidth must be in log2(WordWidth)+1..63");
  end
  if (RefWidth < 2 || RefWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_ref_width
    $error("sam_bvexpand: RefWidth must be in 2..63");
  end

  // The named ports as arrays, indexed by way.
  logic [MaxWays-1:0] ref_valid, mask_valid, used;
  logic [RefWidth:0]  ref_tok[MaxWays];
  logic [WordWidth:0] mask_tok[MaxWays];
  assign used       = (Ways >= 2) ? 2'b11 : 2'b01;
  assign ref_valid  = {ref1_valid_i, ref0_valid_i};
  assign mask_valid = {mask1_valid_i, mask0_valid_i};
  assign ref_tok[0] = ref0_tok_i;
  assign ref_tok[1] = ref1_tok_i;
  assign mask_tok[0] = mask0_tok_i;
  assign mask_tok[1] = mask1_tok_i;

  sam_stream_assert #(.Width(WordWidth), .Name("sam_bvexpand bv")) bv_check (
    .clk_i(clk_i), .rst_ni(rst_ni), .valid_i(bv_valid_i), .ready_i(bv_ready_o),
    .tok_i(bv_tok_i)
  );

  // ---- word stage -------------------------------------------------------------
  logic                cur_valid_d, cur_valid_q;
  logic                cur_ctl_d, cur_ctl_q;         // a stop or D (in cur_stop_q)
  logic [WordWidth:0]  cur_stop_d, cur_stop_q;       // the control token as it came
  logic [WordWidth-1:0] rem_d, rem_q;                // bits not yet peeled
  logic [IdxWidth-1:0] idx_d, idx_q;                 // the word's ordinal in its fiber
  logic [WordWidth-1:0] cmask_d[MaxWays], cmask_q[MaxWays];
  logic [RefWidth:0]   cref_d[MaxWays], cref_q[MaxWays];

  logic                 room, in_all, take_in, issue, consume;
  logic [WordWidth-1:0] low, below;
  logic [BitWidth-1:0]  bit_idx;

  assign in_all = bv_valid_i && ((mask_valid & ref_valid & used) == used);

  // ---- input stage: every input's token, registered -------------------------------
  // The word stage's flags (a zero word, at most one bit) come from these
  // registers, not from the input ports through a tree of gates.
  logic                in_valid_q, in_take;
  logic [WordWidth:0]  in_bv_q;
  logic [WordWidth:0]  in_mask_q[MaxWays];
  logic [RefWidth:0]   in_ref_q[MaxWays];
  logic                in_zero_q, in_one_q;  // the word is zero, has at most one bit

  assign in_take = in_all && (!in_valid_q || take_in);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      in_valid_q <= 1'b0;
      in_bv_q    <= '0;
      in_zero_q  <= 1'b1;
      in_one_q   <= 1'b1;
      for (int k = 0; k < MaxWays; k++) begin
        in_mask_q[k] <= '0;
        in_ref_q[k]  <= '0;
      end
    end else begin
      if (take_in) in_valid_q <= 1'b0;
      if (in_take) begin
        in_valid_q <= 1'b1;
        in_bv_q    <= bv_tok_i;
        in_zero_q  <= bv_tok_i[WordWidth] || bv_tok_i[WordWidth-1:0] == '0;
        in_one_q   <= bv_tok_i[WordWidth] || at_most_one(32'(bv_tok_i[WordWidth-1:0]));
        for (int k = 0; k < MaxWays; k++) begin
          in_mask_q[k] <= mask_tok[k];
          in_ref_q[k]  <= ref_tok[k];
        end
      end
    end
  end

  // The lowest remaining bit, one-hot, and the bits below it. nxt_q holds rem_q
  // without its lowest bit, computed a step ahead, so the peel needs no carry
  // chain to know what is left, and the decision none to know it is the last.
  logic [WordWidth-1:0] nxt_d, nxt_q;
  assign low   = rem_q ^ nxt_q;
  assign below = low - WordWidth'(1);

  // The one-hot bit's index: bit b of the index is the OR of the bits whose
  // index has b set (no priority chain).
  always_comb begin
    bit_idx = '0;
    for (int unsigned b = 0; b < BitWidth; b++) begin
      for (int unsigned j = 0; j < WordWidth; j++) begin
        if (((j >> b) & 1) == 1) bit_idx[b] = bit_idx[b] | low[j];
      end
    end
  end

  // Peel (or pass the control token) when a credit guarantees the buffers room;
  // a zero word, or one whose last bit goes now, frees the word stage. Whether
  // rem_q and nxt_q are zero is kept in registers, so the decision and the input
  // ready are a few gates of registers.
  logic rem_zero_d, rem_zero_q, nxt_zero_d, nxt_zero_q;
  assign issue   = cur_valid_q && room && (cur_ctl_q || !rem_zero_q);
  assign consume = cur_valid_q && (cur_ctl_q ? room : (rem_zero_q || (room && nxt_zero_q)));
  assign take_in = in_valid_q && (!cur_valid_q || consume);

  assign bv_ready_o    = in_take;
  assign ref0_ready_o  = in_take;
  assign mask0_ready_o = in_take;
  assign ref1_ready_o  = in_take && used[1];
  assign mask1_ready_o = in_take && used[1];

  always_comb begin
    cur_valid_d = cur_valid_q;
    cur_ctl_d   = cur_ctl_q;
    cur_stop_d  = cur_stop_q;
    rem_d       = rem_q;
    idx_d       = idx_q;
    nxt_d       = nxt_q;
    rem_zero_d  = rem_zero_q;
    nxt_zero_d  = nxt_zero_q;
    for (int k = 0; k < MaxWays; k++) begin
      cmask_d[k] = cmask_q[k];
      cref_d[k]  = cref_q[k];
    end
    if (issue && !cur_ctl_q) begin
      rem_d      = nxt_q;
      nxt_d      = nxt_q & (nxt_q - WordWidth'(1));
      rem_zero_d = nxt_zero_q;
      nxt_zero_d = at_most_one(32'(nxt_q));
    end
    if (consume) begin
      cur_valid_d = 1'b0;
      idx_d       = cur_ctl_q ? '0 : idx_q + IdxWidth'(1);
    end
    if (take_in) begin
      cur_valid_d = 1'b1;
      cur_ctl_d   = in_bv_q[WordWidth];
      cur_stop_d  = in_bv_q;
      rem_d       = in_bv_q[WordWidth] ? '0 : in_bv_q[WordWidth-1:0];
      nxt_d       = in_bv_q[WordWidth] ? '0
                                       : in_bv_q[WordWidth-1:0]
                                         & (in_bv_q[WordWidth-1:0] - WordWidth'(1));
      rem_zero_d  = in_zero_q;
      nxt_zero_d  = in_one_q;
      for (int k = 0; k < MaxWays; k++) begin
        cmask_d[k] = in_mask_q[k][WordWidth-1:0];
        cref_d[k]  = in_ref_q[k];
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cur_valid_q <= 1'b0;
      cur_ctl_q   <= 1'b0;
      cur_stop_q  <= '0;
      rem_q       <= '0;
      idx_q       <= '0;
      nxt_q       <= '0;
      rem_zero_q  <= 1'b1;
      nxt_zero_q  <= 1'b1;
      for (int k = 0; k < MaxWays; k++) begin
        cmask_q[k] <= '0;
        cref_q[k]  <= '0;
      end
    end else begin
      cur_valid_q <= cur_valid_d;
      cur_ctl_q   <= cur_ctl_d;
      cur_stop_q  <= cur_stop_d;
      rem_q       <= rem_d;
      idx_q       <= idx_d;
      nxt_q       <= nxt_d;
      rem_zero_q  <= rem_zero_d;
      nxt_zero_q  <= nxt_zero_d;
      for (int k = 0; k < MaxWays; k++) begin
        cmask_q[k] <= cmask_d[k];
        cref_q[k]  <= cref_d[k];
      end
    end
  end

  // ---- s1: the peeled bit, each way's mask below it -----------------------------
  logic                s1_valid_q, s1_ctl_q, s1_done_q;
  logic [LvlWidth-1:0] s1_stop_q;                   // the stop's level
  logic [CrdWidth-1:0] s1_crd_q;
  logic [WordWidth-1:0] s1_below_q[MaxWays];
  logic [WordWidth-1:0] s1_at_q[MaxWays];           // way k's mask at the bit (one-hot or 0)
  logic [MaxWays-1:0]  s1_pre_n_q;                  // way k's prefix is N
  logic [RefWidth-1:0] s1_pre_q[MaxWays];
  logic                cur_done;

  assign cur_done = cur_stop_q[WordWidth-1:0] == WordWidth'(sam_pkg::done_payload(WordWidth));
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      s1_valid_q <= 1'b0;
      s1_ctl_q   <= 1'b0;
      s1_done_q  <= 1'b0;
      s1_stop_q  <= '0;
      s1_crd_q   <= '0;
      s1_pre_n_q <= '0;
      for (int k = 0; k < MaxWays; k++) begin
        s1_at_q[k]    <= '0;
        s1_below_q[k] <= '0;
        s1_pre_q[k]   <= '0;
      end
    end else begin
      s1_valid_q <= issue;
      if (issue) begin
        s1_ctl_q  <= cur_ctl_q;
        s1_done_q <= cur_done;
        s1_stop_q <= LvlWidth'(cur_stop_q[WordWidth-1:0]);
        s1_crd_q  <= CrdWidth'({idx_q, bit_idx});
        for (int k = 0; k < MaxWays; k++) begin
          s1_pre_n_q[k] <= cref_q[k][RefWidth];
          s1_at_q[k]    <= cmask_q[k] & low;
          s1_below_q[k] <= cmask_q[k] & below;
          s1_pre_q[k]   <= cref_q[k][RefWidth-1:0];
        end
      end
    end
  end

  // ---- s2: each way's popcount below the bit ------------------------------------
  logic                s2_valid_q, s2_ctl_q;
  logic [CrdWidth:0]   s2_crd_q;                    // the coordinate token
  logic [RefWidth:0]   s2_stop_q;                   // a stop or D as a reference token
  logic [MaxWays-1:0]  s2_has_q;
  logic [RefWidth-1:0] s2_pre_q[MaxWays];
  // Each way's count in two halves: the popcount of the low and of the high 16
  // bits, added to the prefix as the token enters its buffer (one popcount
  // and one add per stage).
  logic [4:0]          s2_lo_q[MaxWays], s2_hi_q[MaxWays];
  logic [4:0]          cnt_lo[MaxWays], cnt_hi[MaxWays];
  logic [31:0]         below32[MaxWays];
  logic [CrdWidth:0]   s1_crd_tok;
  logic [RefWidth:0]   s1_stop_tok;

  always_comb begin
    for (int k = 0; k < MaxWays; k++) begin
      below32[k] = 32'(s1_below_q[k]);
      cnt_lo[k]  = popcount16(below32[k][15:0]);
      cnt_hi[k]  = popcount16(below32[k][31:16]);
    end
    s1_stop_tok = s1_done_q ? {1'b1, RefWidth'(sam_pkg::done_payload(RefWidth))}
                            : {1'b1, RefWidth'(s1_stop_q)};
    if (!s1_ctl_q) s1_crd_tok = {1'b0, s1_crd_q};
    else if (s1_done_q) s1_crd_tok = {1'b1, CrdWidth'(sam_pkg::done_payload(CrdWidth))};
    else s1_crd_tok = {1'b1, CrdWidth'(s1_stop_q)};
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      s2_valid_q <= 1'b0;
      s2_ctl_q   <= 1'b0;
      s2_crd_q   <= '0;
      s2_stop_q  <= '0;
      s2_has_q   <= '0;
      for (int k = 0; k < MaxWays; k++) begin
        s2_pre_q[k] <= '0;
        s2_lo_q[k]  <= '0;
        s2_hi_q[k]  <= '0;
      end
    end else begin
      s2_valid_q <= s1_valid_q;
      if (s1_valid_q) begin
        s2_ctl_q  <= s1_ctl_q;
        s2_crd_q  <= s1_crd_tok;
        s2_stop_q <= s1_stop_tok;
        for (int k = 0; k < MaxWays; k++) begin
          s2_has_q[k] <= (s1_at_q[k] != '0) && !s1_pre_n_q[k];
        end
        for (int k = 0; k < MaxWays; k++) begin
          s2_pre_q[k] <= s1_pre_q[k];
          s2_lo_q[k]  <= cnt_lo[k];
          s2_hi_q[k]  <= cnt_hi[k];
        end
      end
    end
  end

  // ---- outputs: prefix + count, into the buffers --------------------------------
  logic [RefWidth:0] ref_out[MaxWays];
  always_comb begin
    for (int k = 0; k < MaxWays; k++) begin
      if (s2_ctl_q) ref_out[k] = s2_stop_q;
      else if (s2_has_q[k]) begin
        ref_out[k] = {1'b0, s2_pre_q[k] + RefWidth'(s2_lo_q[k]) + RefWidth'(s2_hi_q[k])};
      end
      else ref_out[k] = {1'b1, RefWidth'(sam_pkg::empty_payload(RefWidth))};
    end
  end

  // The credits and the output buffers: crd (0) and each used way's ref (1 + k);
  // s1 and s2 in flight.
  localparam int unsigned Outs     = 1 + Ways;
  localparam int unsigned OutWidth = CrdWidth > RefWidth ? CrdWidth : RefWidth;
  logic [Outs-1:0][OutWidth:0] out_in, out_tok;
  logic [Outs-1:0]             out_valid, out_ready;
  always_comb begin
    out_in[0] = (OutWidth + 1)'(s2_crd_q);
    for (int k = 1; k < Outs; k++) out_in[k] = (OutWidth + 1)'(ref_out[k-1]);
  end

  sam_scan_out #(
    .Outputs(Outs), .Width(OutWidth), .Widths({{Ways{7'(RefWidth)}}, 7'(CrdWidth)}), .Depth(Depth)
  ) out (
    .clk_i(clk_i), .rst_ni(rst_ni), .take_i(issue), .drop_i(1'b0), .room_o(room),
    .valid_i(s2_valid_q), .tok_i(out_in), .valid_o(out_valid), .ready_i(out_ready), .tok_o(out_tok),
    .inflight_i(8'(s1_valid_q) + 8'(s2_valid_q))
  );
  assign crd_valid_o  = out_valid[0];
  assign crd_tok_o    = out_tok[0][CrdWidth:0];
  assign ref0_valid_o = out_valid[1];
  assign ref0_tok_o   = out_tok[1][RefWidth:0];
  if (Ways > 1) begin : gen_ref1
    assign out_ready    = {ref1_ready_i, ref0_ready_i, crd_ready_i};
    assign ref1_valid_o = out_valid[2];
    assign ref1_tok_o   = out_tok[2][RefWidth:0];
  end else begin : gen_no_ref1
    assign out_ready    = {ref0_ready_i, crd_ready_i};
    assign ref1_valid_o = 1'b0;
    assign ref1_tok_o   = '0;
    logic unused_ref1;  // way 1's ref, computed beside way 0's
    assign unused_ref1 = ref1_ready_i ^ (^ref_out[1]);
  end
  logic unused_out;  // the output tokens' bits above each output's width
  assign unused_out = ^out_tok;

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni && in_take) begin
      BvAligned_M: assert ((bv_tok_i[WordWidth] == mask0_tok_i[WordWidth]
                            && bv_tok_i[WordWidth] == ref0_tok_i[RefWidth])
                           || (!bv_tok_i[WordWidth] && !mask0_tok_i[WordWidth]
                               && ref0_tok_i[RefWidth]))
      else $error("sam_bvexpand: words, masks and prefixes differ in structure");
      if (Ways > 1) begin
        BvAligned1_M: assert ((bv_tok_i[WordWidth] == mask1_tok_i[WordWidth]
                               && bv_tok_i[WordWidth] == ref1_tok_i[RefWidth])
                              || (!bv_tok_i[WordWidth] && !mask1_tok_i[WordWidth]
                                  && ref1_tok_i[RefWidth]))
        else $error("sam_bvexpand: words, way 1's masks and prefixes differ in structure");
      end
      BvNoEmpty_M: assert (!bv_tok_i[WordWidth] || bv_tok_i[WordWidth-1:0]
                           != WordWidth'(sam_pkg::empty_payload(WordWidth)))
      else $error("sam_bvexpand: N in a word stream");
    end
  end
`endif

endmodule
