// sam_bvexpand: expands aligned bitvector words into coordinates and per-way
// references (section 4.3 of Hsu et al.'s SAM paper; golden model
// golden/src/models/bitvector.rs, `bvexpand`).
//
// Inputs, all of one control structure and taken together: the words to expand
// (bv), and per way k its popcount prefixes (ref[k], or N) and its own words
// (mask[k]), as sam_bvjoin gives them (for one way read straight from a scanner,
// mask[0] is a copy of bv). Word w of a fiber (its ordinal since the last stop)
// gives, for each set bit j, lowest first, one token per cycle:
//   crd     the coordinate w * WordWidth + j ({w, j}: WordWidth is a power of two)
//   ref[k]  way k's prefix + popcount(mask[k] below bit j), or N when mask[k]
//           lacks bit j (a union) or the prefix is N
// An all-zero word is taken in one cycle and gives nothing. Stops and D pass to
// every output and restart the word count.
//
// Structure: input stage (the tokens, registered) -> word stage (cur: the bits
// left with and without the lowest, whether each is zero or one bit, the ways'
// masks and prefixes, the word index) -> peel (the lowest bit left; registered
// in s1 with each way's mask below it) -> s2 (each way's popcount of that, in
// two halves) -> prefix + count into the output buffers (`sam_scan_out`, Depth 5).
// Each way's masks and prefixes go through these stages in a lane of their own
// (gen_way), on the stages' shared enables.
// The peel moves only while it holds a credit, so s1 and s2 never
// stall. Latency 5 (input stage, word stage, s1, s2, buffer).
// Throughput: one coordinate per cycle; a word with n set bits takes max(n, 1)
// cycles, a stop one.
// Combinational paths: the inputs' ready_o = the input valids, the input and word
// stages' registers and the credit register: no path from any ready_i to any
// ready_o.
//
// Parameters: Ways       number of ways, 1..2
//             WordWidth  word payload width, a power of two in 2..32
//             CrdWidth   coordinate payload width, log2(WordWidth)+1..63
//             RefWidth   reference payload width, 2..63 (references carry N)
// Ports (a multi-way port is an array, element k for way k, k = 0..Ways-1):
//             clk_i, rst_ni                             clock, synchronous active-low reset
//             bv_valid_i, bv_ready_o, bv_tok_i          words to expand (bv)
//             ref_valid_i, ref_ready_o, ref_tok_i       each way's prefixes (ref, N allowed)
//             mask_valid_i, mask_ready_o, mask_tok_i    each way's words (bv)
//             crd_valid_o, crd_ready_i, crd_tok_o       coordinates (crd)
//             ref_valid_o, ref_ready_i, ref_tok_o       each way's references (ref)
module sam_bvexpand #(
  parameter int unsigned Ways      = 2,
  parameter int unsigned WordWidth = 32,
  parameter int unsigned CrdWidth  = sam_pkg::CrdWidth,
  parameter int unsigned RefWidth  = sam_pkg::CrdWidth
) (
  input  logic                         clk_i,
  input  logic                         rst_ni,
  input  logic                         bv_valid_i,
  output logic                         bv_ready_o,
  input  logic [WordWidth:0]           bv_tok_i,
  input  logic [Ways-1:0]              ref_valid_i,
  output logic [Ways-1:0]              ref_ready_o,
  input  logic [Ways-1:0][RefWidth:0]  ref_tok_i,
  input  logic [Ways-1:0]              mask_valid_i,
  output logic [Ways-1:0]              mask_ready_o,
  input  logic [Ways-1:0][WordWidth:0] mask_tok_i,
  output logic                         crd_valid_o,
  input  logic                         crd_ready_i,
  output logic [CrdWidth:0]            crd_tok_o,
  output logic [Ways-1:0]              ref_valid_o,
  input  logic [Ways-1:0]              ref_ready_i,
  output logic [Ways-1:0][RefWidth:0]  ref_tok_o
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

  sam_stream_assert #(.Width(WordWidth), .Name("sam_bvexpand bv")) bv_check (
    .clk_i, .rst_ni, .valid_i(bv_valid_i), .ready_i(bv_ready_o),
    .tok_i(bv_tok_i)
  );

  // ---- word stage -------------------------------------------------------------
  logic                cur_valid_d, cur_valid_q;
  logic                cur_ctl_d, cur_ctl_q;         // a stop or D (in cur_stop_q)
  logic [WordWidth:0]  cur_stop_d, cur_stop_q;       // the control token as it came
  logic [WordWidth-1:0] rem_d, rem_q;                // bits not yet peeled
  logic [IdxWidth-1:0] idx_d, idx_q;                 // the word's ordinal in its fiber

  logic                 room, in_all, take_in, issue, consume;
  logic [WordWidth-1:0] low, below;
  logic [BitWidth-1:0]  bit_idx;

  assign in_all = bv_valid_i && (&ref_valid_i) && (&mask_valid_i);

  // ---- input stage: every input's token, registered -------------------------------
  // The word stage's flags (a zero word, at most one bit) come from these
  // registers, not from the input ports through a tree of gates.
  logic                in_valid_q, in_take;
  logic [WordWidth:0]  in_bv_q;
  logic                in_zero_q, in_one_q;  // the word is zero, has at most one bit

  assign in_take = in_all && (!in_valid_q || take_in);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      in_valid_q <= 1'b0;
      in_bv_q    <= '0;
      in_zero_q  <= 1'b1;
      in_one_q   <= 1'b1;
    end else begin
      if (take_in) in_valid_q <= 1'b0;
      if (in_take) begin
        in_valid_q <= 1'b1;
        in_bv_q    <= bv_tok_i;
        in_zero_q  <= bv_tok_i[WordWidth] || bv_tok_i[WordWidth-1:0] == '0;
        in_one_q   <= bv_tok_i[WordWidth] || at_most_one(32'(bv_tok_i[WordWidth-1:0]));
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

  assign bv_ready_o   = in_take;
  assign ref_ready_o  = {Ways{in_take}};
  assign mask_ready_o = {Ways{in_take}};

  always_comb begin
    cur_valid_d = cur_valid_q;
    cur_ctl_d   = cur_ctl_q;
    cur_stop_d  = cur_stop_q;
    rem_d       = rem_q;
    idx_d       = idx_q;
    nxt_d       = nxt_q;
    rem_zero_d  = rem_zero_q;
    nxt_zero_d  = nxt_zero_q;
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
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cur_valid_q <= 1'b0;
      cur_ctl_q   <= 1'b0;
      cur_stop_q  <= '0;
      rem_q       <= '0;
      idx_q       <= '0;
      nxt_q       <= '0;
      rem_zero_q  <= 1'b1;
      nxt_zero_q  <= 1'b1;
    end else begin
      cur_valid_q <= cur_valid_d;
      cur_ctl_q   <= cur_ctl_d;
      cur_stop_q  <= cur_stop_d;
      rem_q       <= rem_d;
      idx_q       <= idx_d;
      nxt_q       <= nxt_d;
      rem_zero_q  <= rem_zero_d;
      nxt_zero_q  <= nxt_zero_d;
    end
  end

  // ---- s1: the peeled bit (each way's mask below it: gen_way) -------------------
  logic                s1_valid_q, s1_ctl_q, s1_done_q;
  logic [LvlWidth-1:0] s1_stop_q;                   // the stop's level
  logic [CrdWidth-1:0] s1_crd_q;
  logic                cur_done;

  assign cur_done = cur_stop_q[WordWidth-1:0] == WordWidth'(sam_pkg::done_payload(WordWidth));
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      s1_valid_q <= 1'b0;
      s1_ctl_q   <= 1'b0;
      s1_done_q  <= 1'b0;
      s1_stop_q  <= '0;
      s1_crd_q   <= '0;
    end else begin
      s1_valid_q <= issue;
      if (issue) begin
        s1_ctl_q  <= cur_ctl_q;
        s1_done_q <= cur_done;
        s1_stop_q <= LvlWidth'(cur_stop_q[WordWidth-1:0]);
        s1_crd_q  <= CrdWidth'({idx_q, bit_idx});
      end
    end
  end

  // ---- s2: the coordinate (each way's popcount below the bit: gen_way) ----------
  logic                s2_valid_q, s2_ctl_q;
  logic [CrdWidth:0]   s2_crd_q;                    // the coordinate token
  logic [RefWidth:0]   s2_stop_q;                   // a stop or D as a reference token
  logic [CrdWidth:0]   s1_crd_tok;
  logic [RefWidth:0]   s1_stop_tok;

  always_comb begin
    s1_stop_tok = s1_done_q ? {1'b1, RefWidth'(sam_pkg::done_payload(RefWidth))}
                            : {1'b1, RefWidth'(s1_stop_q)};
    if (!s1_ctl_q) s1_crd_tok = {1'b0, s1_crd_q};
    else if (s1_done_q) s1_crd_tok = {1'b1, CrdWidth'(sam_pkg::done_payload(CrdWidth))};
    else s1_crd_tok = {1'b1, CrdWidth'(s1_stop_q)};
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      s2_valid_q <= 1'b0;
      s2_ctl_q   <= 1'b0;
      s2_crd_q   <= '0;
      s2_stop_q  <= '0;
    end else begin
      s2_valid_q <= s1_valid_q;
      if (s1_valid_q) begin
        s2_ctl_q  <= s1_ctl_q;
        s2_crd_q  <= s1_crd_tok;
        s2_stop_q <= s1_stop_tok;
      end
    end
  end

  // ---- outputs: into the buffers ------------------------------------------------
  // The credits and the output buffers: crd (0) and each way's ref (1 + k); s1
  // and s2 in flight.
  localparam int unsigned Outs     = 1 + Ways;
  localparam int unsigned OutWidth = CrdWidth > RefWidth ? CrdWidth : RefWidth;
  logic [Outs-1:0][OutWidth:0] out_in, out_tok;
  assign out_in[0] = (OutWidth + 1)'(s2_crd_q);

  sam_scan_out #(
    .Outputs(Outs), .Width(OutWidth), .Widths({{Ways{7'(RefWidth)}}, 7'(CrdWidth)}), .Depth(Depth)
  ) out (
    .clk_i(clk_i), .rst_ni(rst_ni), .take_i(issue), .drop_i(1'b0), .room_o(room),
    .valid_i(s2_valid_q), .tok_i(out_in), .valid_o({ref_valid_o, crd_valid_o}),
    .ready_i({ref_ready_i, crd_ready_i}), .tok_o(out_tok),
    .inflight_i(8'(s1_valid_q) + 8'(s2_valid_q))
  );
  assign crd_tok_o = out_tok[0][CrdWidth:0];
  logic unused_out;  // the output tokens' bits above each output's width
  assign unused_out = ^out_tok;

  // ---- each way's lane: its prefix and mask through the stages -------------------
  // Input stage: the tokens; word stage (cmask, cref): its mask and prefix; s1:
  // its mask at the peeled bit (one-hot or 0) and below it, its prefix and
  // whether that is N; s2: the prefix and the count below the bit in two halves,
  // the popcounts of the low and of the high 16 bits, added to the prefix as the
  // token enters its buffer (one popcount and one add per stage).
  for (genvar k = 0; k < Ways; k++) begin : gen_way
    logic [RefWidth:0]    in_ref_q, cref_q, ref_out;
    logic [WordWidth-1:0] in_mask_q, cmask_q, s1_at_q, s1_below_q;
    logic                 s1_pre_n_q, s2_has_q;
    logic [RefWidth-1:0]  s1_pre_q, s2_pre_q;
    logic [4:0]           s2_lo_q, s2_hi_q;
    logic [31:0]          below32;

    assign below32 = 32'(s1_below_q);
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        in_mask_q  <= '0;
        in_ref_q   <= '0;
        cmask_q    <= '0;
        cref_q     <= '0;
        s1_pre_n_q <= 1'b0;
        s1_at_q    <= '0;
        s1_below_q <= '0;
        s1_pre_q   <= '0;
        s2_has_q   <= 1'b0;
        s2_pre_q   <= '0;
        s2_lo_q    <= '0;
        s2_hi_q    <= '0;
      end else begin
        if (in_take) begin
          in_mask_q <= mask_tok_i[k][WordWidth-1:0];
          in_ref_q  <= ref_tok_i[k];
        end
        if (take_in) begin
          cmask_q <= in_mask_q;
          cref_q  <= in_ref_q;
        end
        if (issue) begin
          s1_pre_n_q <= cref_q[RefWidth];
          s1_at_q    <= cmask_q & low;
          s1_below_q <= cmask_q & below;
          s1_pre_q   <= cref_q[RefWidth-1:0];
        end
        if (s1_valid_q) begin
          s2_has_q <= (s1_at_q != '0) && !s1_pre_n_q;
          s2_pre_q <= s1_pre_q;
          s2_lo_q  <= popcount16(below32[15:0]);
          s2_hi_q  <= popcount16(below32[31:16]);
        end
      end
    end

    always_comb begin
      if (s2_ctl_q) ref_out = s2_stop_q;
      else if (s2_has_q) ref_out = {1'b0, s2_pre_q + RefWidth'(s2_lo_q) + RefWidth'(s2_hi_q)};
      else ref_out = {1'b1, RefWidth'(sam_pkg::empty_payload(RefWidth))};
    end
    assign out_in[1 + k] = (OutWidth + 1)'(ref_out);
    assign ref_tok_o[k]  = out_tok[1 + k][RefWidth:0];

`ifndef SAM_ASSERTS_OFF
    always_ff @(posedge clk_i) begin
      if (rst_ni && in_take) begin
        BvAligned_M: assert ((bv_tok_i[WordWidth] == mask_tok_i[k][WordWidth]
                              && bv_tok_i[WordWidth] == ref_tok_i[k][RefWidth])
                             || (!bv_tok_i[WordWidth] && !mask_tok_i[k][WordWidth]
                                 && ref_tok_i[k][RefWidth]))
        else $error("sam_bvexpand: words, way %0d's masks and prefixes differ in structure", k);
      end
    end
`endif
  end

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni && in_take) begin
      BvNoEmpty_M: assert (!bv_tok_i[WordWidth] || bv_tok_i[WordWidth-1:0]
                           != WordWidth'(sam_pkg::empty_payload(WordWidth)))
      else $error("sam_bvexpand: N in a word stream");
    end
  end
`endif

endmodule
