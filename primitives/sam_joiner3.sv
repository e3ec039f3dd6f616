// sam_joiner3: a 3-way coordinate joiner, intersect or union (docs/primitives.md;
// golden models golden/src/models/intersect.rs and union.rs), built as two 2-way
// joiners in a row: the first joins ways 0 and 1, the second joins its result
// with way 2. Both joins are associative, so this gives the 3-way result token for
// token; the 1000-stream co-simulation compares it with the 3-way golden model.
//
// Why two halves: sam_intersect and sam_union with Ways == 3 decide over three
// ways in one cycle, which takes more LUT levels than two ways do; the halves
// reach a higher Fmax on ECP5 (docs/primitives.md, sam_joiner3). On iCE40
// (SAM_ICE40) the 3-way intersector is the one-module window, the smaller one.
//
// The second half has one reference width for both its ways. The first half's two
// references of each token (r[0], r[1]) are packed into one token of 2 * RefWidth + 2
// bits, and way 2's reference is widened to that width (sam_joiner3_pack); behind
// the second half they are split again (sam_joiner3_unpack). In a union, a
// coordinate on way 2 only comes out of the second half with N for the packed
// pair, which unpacks to N on ref[0] and ref[1]. The packed width must fit 63 bits, so
// RefWidth is at most 30; hdl-gen takes the one-module 3-way joiner for wider
// references. Stop levels on the references must be below 2^(RefWidth-1) (the
// packing copies the payload's top bit; an assertion checks it): S0-S3 at 3 bits,
// S0-S32767 at 16.
//
// Between the halves the first half's three outputs (crd, r[0], r[1]) are joined
// into one token (sam_joiner3_pack: the coordinate beside the packed pair), which
// waits in a two-entry buffer (two `sam_fifo`s moving together) whose ready is a
// register: the second half's input ready (from its window's state) does not run
// into the first half's output logic, and the second half's input stage reads
// one valid. Latency: the halves' and that buffer's (intersect
// 5 + 1 + 5 = 11 cycles, union 3 + 1 + 3 = 7). Throughput: one token per cycle on
// every output, like each half. Combinational paths: none from any input token
// to an output, and none from any ready_i to a ready_o. Each half has none; the
// pack (a join, one LUT per packed bit) sits between the first half's output
// buffers and the buffer between the halves, the unpack's fork between the
// second half's output buffers and the outputs.
//
// Parameters: Union     0: intersect (sam_intersect halves); 1: union (sam_union)
//             CrdWidth  coordinate payload width, 1..63
//             RefWidth  reference payload width, 1..30 (a union's 2..30: it carries N)
// Ports (a multi-way port is an array, element k for way k, k = 0..2):
//             clk_i, rst_ni                          clock, synchronous active-low reset
//             crd_valid_i, crd_ready_o, crd_tok_i    each way's coordinates (crd; no N)
//             ref_valid_i, ref_ready_o, ref_tok_i    each way's references (ref, N allowed)
//             crd_valid_o, crd_ready_i, crd_tok_o    the joined coordinates (crd)
//             ref_valid_o, ref_ready_i, ref_tok_o    each way's reference of each (ref; a
//                                                    union's N where the way lacks it)
//             (the port list of sam_intersect and sam_union with Ways = 3)
module sam_joiner3 #(
  parameter int unsigned Union    = 0,
  parameter int unsigned CrdWidth = sam_pkg::CrdWidth,
  parameter int unsigned RefWidth = sam_pkg::CrdWidth
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  input  logic [2:0]              crd_valid_i,
  output logic [2:0]              crd_ready_o,
  input  logic [2:0][CrdWidth:0]  crd_tok_i,
  input  logic [2:0]              ref_valid_i,
  output logic [2:0]              ref_ready_o,
  input  logic [2:0][RefWidth:0]  ref_tok_i,
  output logic                    crd_valid_o,
  input  logic                    crd_ready_i,
  output logic [CrdWidth:0]       crd_tok_o,
  output logic [2:0]              ref_valid_o,
  input  logic [2:0]              ref_ready_i,
  output logic [2:0][RefWidth:0]  ref_tok_o
);

  localparam int unsigned PackedWidth = 2 * RefWidth + 2;

  if (Union > 1) begin : gen_bad_union
    $error("sam_joiner3: Union must be 0 (intersect) or 1 (union)");
  end
  if (RefWidth < 1 + Union || PackedWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_ref_width
    $error("sam_joiner3: RefWidth must be in 1..30 (a union's in 2..30)");
  end

  // On iCE40 the 3-way intersector is the one-module window: the UP5K has no LUT
  // RAM, so every buffer of two halves is flip-flops and they take 96% of its
  // logic cells, where the window takes 88% and routes far faster
  // (docs/primitives.md, sam_joiner3).
  // SAM_ICE40 is defined by the project's iCE40 flow only.
`ifdef SAM_ICE40
  localparam bit OneModule = Union == 0;
`else
  localparam bit OneModule = 1'b0;
`endif

  if (OneModule) begin : gen_window
    // The skip outputs (Skip = 0: always idle), unused.
    logic [1:0] skip_spare_valid;
    logic [1:0][sam_pkg::SkipTagWidth+CrdWidth:0] skip_spare_tok;
    logic unused_skip_spare;
    assign unused_skip_spare = ^{skip_spare_valid, skip_spare_tok};
    sam_intersect #(.Ways(3), .CrdWidth(CrdWidth), .RefWidth(RefWidth)) window (
      .clk_i, .rst_ni,
      .crd_valid_i, .crd_ready_o, .crd_tok_i, .ref_valid_i, .ref_ready_o, .ref_tok_i,
      .crd_valid_o, .crd_ready_i, .crd_tok_o, .ref_valid_o, .ref_ready_i, .ref_tok_o,
      .skip_valid_o(skip_spare_valid), .skip_ready_i(2'b11), .skip_tok_o(skip_spare_tok)
    );
  end else begin : gen_halves
    // The first half's outputs: the joined coordinates of ways 0 and 1 (c01) and
    // each way's reference of them (r[0], r[1]).
    logic                      c01_valid, c01_ready;
    logic [CrdWidth:0]         c01_tok;
    logic [1:0]                r_valid, r_ready;
    logic [1:0][RefWidth:0]    r_tok;
    // The second half's inputs and outputs, references packed: way 0 is the pair
    // (b01 with p01 in, q01 out), way 1 is way 2 (p2 in, q2 out).
    logic [1:0]                in2_valid, in2_ready, in2_ref_valid, in2_ref_ready;
    logic [1:0]                out2_valid, out2_ready;
    logic [1:0][CrdWidth:0]    in2_crd;
    logic [1:0][PackedWidth:0] in2_ref, out2_tok;
    // c01 and r joined (j01: the coordinate and the packed pair), and behind
    // their buffer (b01 and p01): the second half's way 0, whose crd and ref move
    // together.
    logic                      j01_valid, j01_ready;
    logic [CrdWidth:0]         j01_crd;
    logic [PackedWidth:0]      j01_tok;
    logic                      b01_valid;
    // The packed pair's buffer moves with the coordinate's: its ready and valid are
    // the same as that one's.
    logic                      ref01_ready, ref01_valid;
    logic                      unused_pair;
    assign unused_pair = ^{in2_ref_ready[0], ref01_ready, ref01_valid};

    assign in2_valid[0]     = b01_valid;
    assign in2_valid[1]     = crd_valid_i[2];
    assign in2_crd[1]       = crd_tok_i[2];
    assign crd_ready_o[2]   = in2_ready[1];
    assign in2_ref_valid[0] = b01_valid;

    if (Union == 1) begin : gen_union
      sam_union #(.Ways(2), .CrdWidth(CrdWidth), .RefWidth(RefWidth)) first (
        .clk_i, .rst_ni,
        .crd_valid_i(crd_valid_i[1:0]), .crd_ready_o(crd_ready_o[1:0]), .crd_tok_i(crd_tok_i[1:0]),
        .ref_valid_i(ref_valid_i[1:0]), .ref_ready_o(ref_ready_o[1:0]), .ref_tok_i(ref_tok_i[1:0]),
        .crd_valid_o(c01_valid), .crd_ready_i(c01_ready), .crd_tok_o(c01_tok),
        .ref_valid_o(r_valid), .ref_ready_i(r_ready), .ref_tok_o(r_tok)
      );
      sam_union #(.Ways(2), .CrdWidth(CrdWidth), .RefWidth(PackedWidth)) second (
        .clk_i, .rst_ni,
        .crd_valid_i(in2_valid), .crd_ready_o(in2_ready), .crd_tok_i(in2_crd),
        .ref_valid_i(in2_ref_valid), .ref_ready_o(in2_ref_ready), .ref_tok_i(in2_ref),
        .crd_valid_o, .crd_ready_i, .crd_tok_o,
        .ref_valid_o(out2_valid), .ref_ready_i(out2_ready), .ref_tok_o(out2_tok)
      );
    end else begin : gen_intersect
      // The skip outputs (Skip = 0: always idle), unused.
      logic [1:0][1:0] skip_spare_valid;
      logic [1:0][1:0][sam_pkg::SkipTagWidth+CrdWidth:0] skip_spare_tok;
      logic unused_skip_spare;
      assign unused_skip_spare = ^{skip_spare_valid, skip_spare_tok};
      sam_intersect #(.Ways(2), .CrdWidth(CrdWidth), .RefWidth(RefWidth)) first (
        .clk_i, .rst_ni,
        .crd_valid_i(crd_valid_i[1:0]), .crd_ready_o(crd_ready_o[1:0]), .crd_tok_i(crd_tok_i[1:0]),
        .ref_valid_i(ref_valid_i[1:0]), .ref_ready_o(ref_ready_o[1:0]), .ref_tok_i(ref_tok_i[1:0]),
        .crd_valid_o(c01_valid), .crd_ready_i(c01_ready), .crd_tok_o(c01_tok),
        .ref_valid_o(r_valid), .ref_ready_i(r_ready), .ref_tok_o(r_tok),
        .skip_valid_o(skip_spare_valid[0]), .skip_ready_i(2'b11), .skip_tok_o(skip_spare_tok[0])
      );
      sam_intersect #(.Ways(2), .CrdWidth(CrdWidth), .RefWidth(PackedWidth)) second (
        .clk_i, .rst_ni,
        .crd_valid_i(in2_valid), .crd_ready_o(in2_ready), .crd_tok_i(in2_crd),
        .ref_valid_i(in2_ref_valid), .ref_ready_o(in2_ref_ready), .ref_tok_i(in2_ref),
        .crd_valid_o, .crd_ready_i, .crd_tok_o,
        .ref_valid_o(out2_valid), .ref_ready_i(out2_ready), .ref_tok_o(out2_tok),
        .skip_valid_o(skip_spare_valid[1]), .skip_ready_i(2'b11), .skip_tok_o(skip_spare_tok[1])
      );
    end

    sam_joiner3_pack #(.CrdWidth(CrdWidth), .RefWidth(RefWidth)) pack (
      .clk_i, .rst_ni,
      .c_valid_i(c01_valid), .c_ready_o(c01_ready), .c_tok_i(c01_tok),
      .r_valid_i(r_valid), .r_ready_o(r_ready), .r_tok_i(r_tok),
      .r01_valid_o(j01_valid), .r01_ready_i(j01_ready), .c_tok_o(j01_crd), .r01_tok_o(j01_tok),
      .ref2_valid_i(ref_valid_i[2]), .ref2_ready_o(ref_ready_o[2]), .ref2_tok_i(ref_tok_i[2]),
      .r2_valid_o(in2_ref_valid[1]), .r2_ready_i(in2_ref_ready[1]), .r2_tok_o(in2_ref[1])
    );

    // One two-entry buffer between the halves, for the joined token (its
    // coordinate and packed pair in two sam_fifos moving together): its ready is a
    // register, so the second half's input ready (from its window's state) does not
    // run into the first half's output logic, and the second half's input stage
    // reads one valid. One cycle of latency.
    sam_fifo #(.Width(CrdWidth), .Depth(2)) crd01_buffer (
      .clk_i, .rst_ni,
      .valid_i(j01_valid), .ready_o(j01_ready), .tok_i(j01_crd),
      .valid_o(b01_valid), .ready_i(in2_ready[0]), .tok_o(in2_crd[0])
    );
    sam_fifo #(.Width(PackedWidth), .Depth(2)) ref01_buffer (
      .clk_i, .rst_ni,
      .valid_i(j01_valid), .ready_o(ref01_ready), .tok_i(j01_tok),
      .valid_o(ref01_valid), .ready_i(in2_ready[0]), .tok_o(in2_ref[0])
    );

    sam_joiner3_unpack #(.RefWidth(RefWidth)) unpack (
      .clk_i, .rst_ni,
      .r_valid_i(out2_valid), .r_ready_o(out2_ready), .r_tok_i(out2_tok),
      .ref_valid_o, .ref_ready_i, .ref_tok_o
    );
  end

endmodule
