// sam_bvjoin: joins two aligned bitvector ways word by word (section 4.3 of Hsu et al.'s
// SAM paper; golden model golden/src/models/bitvector.rs, `bvjoin`).
//
// Way k is a word stream bv[k] (WordWidth-bit words, one per word of the fiber,
// empty words included) with its reference stream ref[k] (each word's popcount
// prefix, or N), of the same control structure; the two ways have the same
// structure too (aligned: word w of a fiber on one way is word w on the other).
// One word of every way is taken per cycle, when all four inputs are valid and
// every output buffer has room, and gives:
//   bv      the joined word: bv[0] & bv[1] (Mode BvAnd, intersection) or
//           bv[0] | bv[1] (Mode BvOr, union)
//   ref[k]  way k's prefix, unchanged
//   mask[k] way k's own word, which the expander needs to count way k's set bits
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
// Ports (a multi-way port is an array, element k for way k, k = 0..1):
//             clk_i, rst_ni                          clock, synchronous active-low reset
//             bv_valid_i, bv_ready_o, bv_tok_i       each way's words (bv)
//             ref_valid_i, ref_ready_o, ref_tok_i    each way's prefixes (ref, N allowed)
//             bv_valid_o, bv_ready_i, bv_tok_o       joined words (bv)
//             ref_valid_o, ref_ready_i, ref_tok_o    each way's prefixes (ref)
//             mask_valid_o, mask_ready_i, mask_tok_o each way's words (bv)
module sam_bvjoin #(
  parameter int unsigned       WordWidth = 32,
  parameter int unsigned       RefWidth  = sam_pkg::CrdWidth,
  parameter sam_pkg::bv_join_e Mode      = sam_pkg::BvAnd
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  input  logic [1:0]              bv_valid_i,
  output logic [1:0]              bv_ready_o,
  input  logic [1:0][WordWidth:0] bv_tok_i,
  input  logic [1:0]              ref_valid_i,
  output logic [1:0]              ref_ready_o,
  input  logic [1:0][RefWidth:0]  ref_tok_i,
  output logic                    bv_valid_o,
  input  logic                    bv_ready_i,
  output logic [WordWidth:0]      bv_tok_o,
  output logic [1:0]              ref_valid_o,
  input  logic [1:0]              ref_ready_i,
  output logic [1:0][RefWidth:0]  ref_tok_o,
  output logic [1:0]              mask_valid_o,
  input  logic [1:0]              mask_ready_i,
  output logic [1:0][WordWidth:0] mask_tok_o
);

  if (WordWidth < 2 || WordWidth > sam_pkg::MaxPayloadWidth - 1) begin : gen_bad_word_width
    $error("sam_bvjoin: WordWidth must be in 2..62");
  end
  if (RefWidth < 2 || RefWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_ref_width
    $error("sam_bvjoin: RefWidth must be in 2..63");
  end

  // Room in the output buffers: bv's, and per way its ref's and its mask's.
  logic               bv_room;
  logic [1:0]         ref_room, mask_room;
  logic               fire;
  logic [WordWidth:0] joined;

  assign fire = bv_valid_i == 2'b11 && ref_valid_i == 2'b11
                && bv_room && ref_room == 2'b11 && mask_room == 2'b11;

  assign bv_ready_o  = {2{fire}};
  assign ref_ready_o = {2{fire}};

  // A control token is the same on both ways (asserted below): pass way 0's.
  always_comb begin
    joined = bv_tok_i[0];
    if (!bv_tok_i[0][WordWidth]) begin
      joined = (Mode == sam_pkg::BvAnd) ? (bv_tok_i[0] & bv_tok_i[1])
                                         : (bv_tok_i[0] | bv_tok_i[1]);
    end
  end

  sam_fifo #(.Width(WordWidth), .Depth(2)) bv_buffer (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(fire), .ready_o(bv_room), .tok_i(joined),
    .valid_o(bv_valid_o), .ready_i(bv_ready_i), .tok_o(bv_tok_o)
  );

  for (genvar k = 0; k < 2; k++) begin : gen_way
    sam_stream_assert #(.Width(WordWidth), .Name($sformatf("sam_bvjoin bv%0d", k))) bv_check (
      .clk_i, .rst_ni, .valid_i(bv_valid_i[k]), .ready_i(bv_ready_o[k]),
      .tok_i(bv_tok_i[k])
    );
    sam_stream_assert #(.Width(RefWidth), .Name($sformatf("sam_bvjoin ref%0d", k))) ref_check (
      .clk_i, .rst_ni, .valid_i(ref_valid_i[k]), .ready_i(ref_ready_o[k]),
      .tok_i(ref_tok_i[k])
    );
    sam_fifo #(.Width(RefWidth), .Depth(2)) ref_buffer (
      .clk_i(clk_i), .rst_ni(rst_ni),
      .valid_i(fire), .ready_o(ref_room[k]), .tok_i(ref_tok_i[k]),
      .valid_o(ref_valid_o[k]), .ready_i(ref_ready_i[k]), .tok_o(ref_tok_o[k])
    );
    sam_fifo #(.Width(WordWidth), .Depth(2)) mask_buffer (
      .clk_i(clk_i), .rst_ni(rst_ni),
      .valid_i(fire), .ready_o(mask_room[k]), .tok_i(bv_tok_i[k]),
      .valid_o(mask_valid_o[k]), .ready_i(mask_ready_i[k]), .tok_o(mask_tok_o[k])
    );

`ifndef SAM_ASSERTS_OFF
    sam_pkg::tok_kind_e kind_bv, kind_ref;
    assign kind_bv  = sam_pkg::tok_kind(bv_tok_i[k][WordWidth], 64'(bv_tok_i[k][WordWidth-1:0]),
                                        WordWidth);
    assign kind_ref = sam_pkg::tok_kind(ref_tok_i[k][RefWidth], 64'(ref_tok_i[k][RefWidth-1:0]),
                                        RefWidth);
    always_ff @(posedge clk_i) begin
      if (rst_ni && fire) begin
        BvNoEmpty_M: assert (kind_bv != sam_pkg::TokEmpty)
        else $error("sam_bvjoin: N in word stream bv%0d", k);
        RefsPaired_M: assert (
            ((kind_ref == sam_pkg::TokData || kind_ref == sam_pkg::TokEmpty)
             == (kind_bv == sam_pkg::TokData))
            && (kind_bv == sam_pkg::TokData
                || (64'(ref_tok_i[k][RefWidth-1:0]) == 64'(bv_tok_i[k][WordWidth-1:0])
                    || (kind_ref == sam_pkg::TokDone && kind_bv == sam_pkg::TokDone))))
        else $error("sam_bvjoin: way %0d's words and references differ in structure", k);
      end
    end
`endif
  end

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni && fire) begin
      WaysAligned_M: assert (bv_tok_i[0][WordWidth] == bv_tok_i[1][WordWidth]
                             && (!bv_tok_i[0][WordWidth] || bv_tok_i[0] == bv_tok_i[1]))
      else $error("sam_bvjoin: the ways are not aligned (a word against a stop)");
    end
  end
`endif

endmodule
