// sam_bvjoin: joins two aligned bitvector ways word by word (section 4.3 of Hsu et al.'s
// SAM paper; golden model golden/src/models/bitvector.rs, `bvjoin`).
//
// Way k is a word stream bv<k> (WordWidth-bit words, one per word of the fiber,
// empty words included) with its reference stream ref<k> (each word's popcount
// prefix, or N), of the same control structure; the two ways have the same
// structure too (aligned: word w of a fiber on one way is word w on the other).
// One word of every way is taken per cycle, when all four inputs are valid and
// every output buffer has room, and gives:
//   bv      the joined word: bv0 & bv1 (Mode BvAnd, intersection) or bv0 | bv1
//           (Mode BvOr, union)
//   ref<k>  way k's prefix, unchanged
//   mask<k> way k's own word, which the expander needs to count way k's set bits
//           below a coordinate (its position is prefix + that count)
// Stops and D pass once to every output.
//
// Latency 1 (the output buffers); one word per cycle.
// Each output sits behind a two-entry buffer (`sam_fifo`, Depth 2), whose ready is
// a register.
// Combinational paths: each input's ready_o = the four input valids and the output
// buffers' registered readies: no path from any ready_i to any ready_o.
//
// Parameters: WordWidth  word payload width, 2..62 (the tensor model's words: 32)
//             RefWidth   reference payload width, 2..63 (references may carry N)
//             Mode       sam_pkg::bv_join_e, BvAnd or BvOr
// Ports:      clk_i, rst_ni                             clock, asynchronous active-low reset
//             bv<k>_valid_i, bv<k>_ready_o, bv<k>_tok_i     way k words (bv)
//             ref<k>_valid_i, ref<k>_ready_o, ref<k>_tok_i  way k prefixes (ref, N allowed)
//             bv_valid_o, bv_ready_i, bv_tok_o              joined words (bv)
//             ref<k>_valid_o, ref<k>_ready_i, ref<k>_tok_o  way k prefixes (ref)
//             mask<k>_valid_o, mask<k>_ready_i, mask<k>_tok_o  way k words (bv)
//             (k = 0..1)
module sam_bvjoin #(
  parameter int unsigned       WordWidth = 32,
  parameter int unsigned       RefWidth  = sam_pkg::CrdWidth,
  parameter sam_pkg::bv_join_e Mode      = sam_pkg::BvAnd
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic               bv0_valid_i,
  output logic               bv0_ready_o,
  input  logic [WordWidth:0] bv0_tok_i,
  input  logic               ref0_valid_i,
  output logic               ref0_ready_o,
  input  logic [RefWidth:0]  ref0_tok_i,
  input  logic               bv1_valid_i,
  output logic               bv1_ready_o,
  input  logic [WordWidth:0] bv1_tok_i,
  input  logic               ref1_valid_i,
  output logic               ref1_ready_o,
  input  logic [RefWidth:0]  ref1_tok_i,
  output logic               bv_valid_o,
  input  logic               bv_ready_i,
  output logic [WordWidth:0] bv_tok_o,
  output logic               ref0_valid_o,
  input  logic               ref0_ready_i,
  output logic [RefWidth:0]  ref0_tok_o,
  output logic               mask0_valid_o,
  input  logic               mask0_ready_i,
  output logic [WordWidth:0] mask0_tok_o,
  output logic               ref1_valid_o,
  input  logic               ref1_ready_i,
  output logic [RefWidth:0]  ref1_tok_o,
  output logic               mask1_valid_o,
  input  logic               mask1_ready_i,
  output logic [WordWidth:0] mask1_tok_o
);

  if (WordWidth < 2 || WordWidth > sam_pkg::MaxPayloadWidth - 1) begin : gen_bad_word_width
    $error("sam_bvjoin: WordWidth must be in 2..62");
  end
  if (RefWidth < 2 || RefWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_ref_width
    $error("sam_bvjoin: RefWidth must be in 2..63");
  end

  sam_stream_assert #(.Width(WordWidth), .Name("sam_bvjoin bv0")) bv0_check (
    .clk_i(clk_i), .rst_ni(rst_ni), .valid_i(bv0_valid_i), .ready_i(bv0_ready_o),
    .tok_i(bv0_tok_i)
  );
  sam_stream_assert #(.Width(RefWidth), .Name("sam_bvjoin ref0")) ref0_check (
    .clk_i(clk_i), .rst_ni(rst_ni), .valid_i(ref0_valid_i), .ready_i(ref0_ready_o),
    .tok_i(ref0_tok_i)
  );
  sam_stream_assert #(.Width(WordWidth), .Name("sam_bvjoin bv1")) bv1_check (
    .clk_i(clk_i), .rst_ni(rst_ni), .valid_i(bv1_valid_i), .ready_i(bv1_ready_o),
    .tok_i(bv1_tok_i)
  );
  sam_stream_assert #(.Width(RefWidth), .Name("sam_bvjoin ref1")) ref1_check (
    .clk_i(clk_i), .rst_ni(rst_ni), .valid_i(ref1_valid_i), .ready_i(ref1_ready_o),
    .tok_i(ref1_tok_i)
  );

  // Output buffers, in port order: bv, ref0, mask0, ref1, mask1.
  localparam int unsigned Outputs = 5;
  logic [Outputs-1:0] room;
  logic               fire;
  logic [WordWidth:0] joined;

  assign fire = bv0_valid_i && ref0_valid_i && bv1_valid_i && ref1_valid_i && (&room);

  assign bv0_ready_o  = fire;
  assign ref0_ready_o = fire;
  assign bv1_ready_o  = fire;
  assign ref1_ready_o = fire;

  // A control token is the same on both ways (asserted below): pass way 0's.
  always_comb begin
    joined = bv0_tok_i;
    if (!bv0_tok_i[WordWidth]) begin
      joined = (Mode == sam_pkg::BvAnd) ? (bv0_tok_i & bv1_tok_i) : (bv0_tok_i | bv1_tok_i);
    end
  end

  sam_fifo #(.Width(WordWidth), .Depth(2)) bv_buffer (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(fire), .ready_o(room[0]), .tok_i(joined),
    .valid_o(bv_valid_o), .ready_i(bv_ready_i), .tok_o(bv_tok_o)
  );
  sam_fifo #(.Width(RefWidth), .Depth(2)) ref0_buffer (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(fire), .ready_o(room[1]), .tok_i(ref0_tok_i),
    .valid_o(ref0_valid_o), .ready_i(ref0_ready_i), .tok_o(ref0_tok_o)
  );
  sam_fifo #(.Width(WordWidth), .Depth(2)) mask0_buffer (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(fire), .ready_o(room[2]), .tok_i(bv0_tok_i),
    .valid_o(mask0_valid_o), .ready_i(mask0_ready_i), .tok_o(mask0_tok_o)
  );
  sam_fifo #(.Width(RefWidth), .Depth(2)) ref1_buffer (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(fire), .ready_o(room[3]), .tok_i(ref1_tok_i),
    .valid_o(ref1_valid_o), .ready_i(ref1_ready_i), .tok_o(ref1_tok_o)
  );
  sam_fifo #(.Width(WordWidth), .Depth(2)) mask1_buffer (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(fire), .ready_o(room[4]), .tok_i(bv1_tok_i),
    .valid_o(mask1_valid_o), .ready_i(mask1_ready_i), .tok_o(mask1_tok_o)
  );

`ifndef SAM_ASSERTS_OFF
  sam_pkg::tok_kind_e kind_bv0, kind_bv1, kind_ref0, kind_ref1;
  assign kind_bv0  = sam_pkg::tok_kind(bv0_tok_i[WordWidth], 64'(bv0_tok_i[WordWidth-1:0]),
                                       WordWidth);
  assign kind_bv1  = sam_pkg::tok_kind(bv1_tok_i[WordWidth], 64'(bv1_tok_i[WordWidth-1:0]),
                                       WordWidth);
  assign kind_ref0 = sam_pkg::tok_kind(ref0_tok_i[RefWidth], 64'(ref0_tok_i[RefWidth-1:0]),
                                       RefWidth);
  assign kind_ref1 = sam_pkg::tok_kind(ref1_tok_i[RefWidth], 64'(ref1_tok_i[RefWidth-1:0]),
                                       RefWidth);
  always_ff @(posedge clk_i) begin
    if (rst_ni && fire) begin
      BvNoEmpty_M: assert (kind_bv0 != sam_pkg::TokEmpty && kind_bv1 != sam_pkg::TokEmpty)
      else $error("sam_bvjoin: N in a word stream");
      WaysAligned_M: assert (bv0_tok_i[WordWidth] == bv1_tok_i[WordWidth]
                             && (!bv0_tok_i[WordWidth] || bv0_tok_i == bv1_tok_i))
      else $error("sam_bvjoin: the ways are not aligned (a word against a stop)");
      RefsPaired_M: assert (
          ((kind_ref0 == sam_pkg::TokData || kind_ref0 == sam_pkg::TokEmpty)
           == (kind_bv0 == sam_pkg::TokData))
          && ((kind_ref1 == sam_pkg::TokData || kind_ref1 == sam_pkg::TokEmpty)
              == (kind_bv1 == sam_pkg::TokData))
          && (kind_bv0 == sam_pkg::TokData
              || (64'(ref0_tok_i[RefWidth-1:0]) == 64'(bv0_tok_i[WordWidth-1:0])
                  || (kind_ref0 == sam_pkg::TokDone && kind_bv0 == sam_pkg::TokDone))))
      else $error("sam_bvjoin: a way's words and references differ in structure");
    end
  end
`endif

endmodule
