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
// references of each token (r0, r1) are packed into one token of 2 * RefWidth + 2
// bits, and way 2's reference is widened to that width (sam_joiner3_pack); behind
// the second half they are split again (sam_joiner3_unpack). In a union, a
// coordinate on way 2 only comes out of the second half with N for the packed
// pair, which unpacks to N on ref0 and ref1. The packed width must fit 63 bits, so
// RefWidth is at most 30; hdl-gen takes the one-module 3-way joiner for wider
// references. Stop levels on the references must be below 2^(RefWidth-1) (the
// packing copies the payload's top bit; an assertion checks it): S0-S3 at 3 bits,
// S0-S32767 at 16.
//
// Between the halves the first half's three outputs (crd, r0, r1) are joined
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
// Ports:      clk_i, rst_ni                             clock, asynchronous active-low reset
//             crd<k>_valid_i, crd<k>_ready_o, crd<k>_tok_i  way k coordinates (crd; no N)
//             ref<k>_valid_i, ref<k>_ready_o, ref<k>_tok_i  way k references (ref, N allowed)
//             crd_valid_o, crd_ready_i, crd_tok_o         the joined coordinates (crd)
//             ref<k>_valid_o, ref<k>_ready_i, ref<k>_tok_o  way k's reference of each (ref;
//                                                         a union's N where way k lacks it)
//             (k = 0..2: the port list of sam_intersect and sam_union)
module sam_joiner3 #(
  parameter int unsigned Union    = 0,
  parameter int unsigned CrdWidth = sam_pkg::CrdWidth,
  parameter int unsigned RefWidth = sam_pkg::CrdWidth
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              crd0_valid_i,
  output logic              crd0_ready_o,
  input  logic [CrdWidth:0] crd0_tok_i,
  input  logic              ref0_valid_i,
  output logic              ref0_ready_o,
  input  logic [RefWidth:0] ref0_tok_i,
  input  logic              crd1_valid_i,
  output logic              crd1_ready_o,
  input  logic [CrdWidth:0] crd1_tok_i,
  input  logic              ref1_valid_i,
  output logic              ref1_ready_o,
  input  logic [RefWidth:0] ref1_tok_i,
  input  logic              crd2_valid_i,
  output logic              crd2_ready_o,
  input  logic [CrdWidth:0] crd2_tok_i,
  input  logic              ref2_valid_i,
  output logic              ref2_ready_o,
  input  logic [RefWidth:0] ref2_tok_i,
  output logic              crd_valid_o,
  input  logic              crd_ready_i,
  output logic [CrdWidth:0] crd_tok_o,
  output logic              ref0_valid_o,
  input  logic              ref0_ready_i,
  output logic [RefWidth:0] ref0_tok_o,
  output logic              ref1_valid_o,
  input  logic              ref1_ready_i,
  output logic [RefWidth:0] ref1_tok_o,
  output logic              ref2_valid_o,
  input  logic              ref2_ready_i,
  output logic [RefWidth:0] ref2_tok_o);

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
    logic [sam_pkg::SkipTagWidth+CrdWidth:0] skip_spare_tok[2];
    logic unused_skip_spare;
    assign unused_skip_spare = ^{skip_spare_valid, skip_spare_tok[0], skip_spare_tok[1]};
    sam_intersect #(.Ways(3), .CrdWidth(CrdWidth), .RefWidth(RefWidth)) window (
      .clk_i, .rst_ni,
      .crd0_valid_i, .crd0_ready_o, .crd0_tok_i, .ref0_valid_i, .ref0_ready_o, .ref0_tok_i,
      .crd1_valid_i, .crd1_ready_o, .crd1_tok_i, .ref1_valid_i, .ref1_ready_o, .ref1_tok_i,
      .crd2_valid_i, .crd2_ready_o, .crd2_tok_i, .ref2_valid_i, .ref2_ready_o, .ref2_tok_i,
      .crd_valid_o, .crd_ready_i, .crd_tok_o,
      .ref0_valid_o, .ref0_ready_i, .ref0_tok_o,
      .ref1_valid_o, .ref1_ready_i, .ref1_tok_o,
      .ref2_valid_o, .ref2_ready_i, .ref2_tok_o,
      .skip0_valid_o(skip_spare_valid[0]), .skip0_ready_i(1'b1), .skip0_tok_o(skip_spare_tok[0]),
      .skip1_valid_o(skip_spare_valid[1]), .skip1_ready_i(1'b1), .skip1_tok_o(skip_spare_tok[1])
    );
  end else begin : gen_halves
    // The first half's outputs: the joined coordinates of ways 0 and 1 (c01) and
    // each way's reference of them (r0, r1).
    logic                 c01_valid, c01_ready, r0_valid, r0_ready, r1_valid, r1_ready;
    logic [CrdWidth:0]    c01_tok;
    logic [RefWidth:0]    r0_tok, r1_tok;
    // The second half's reference inputs (p) and outputs (q), packed: the pair
    // (p01, q01) and way 2 (p2, q2).
    logic                 p01_valid, p01_ready, p2_valid, p2_ready;
    logic                 q01_valid, q01_ready, q2_valid, q2_ready;
    logic [PackedWidth:0] p01_tok, p2_tok, q01_tok, q2_tok;
    // c01, r0 and r1 joined (j01: the coordinate and the packed pair), and behind
    // their buffer (b01 and p01): the second half's way 0, whose crd and ref move
    // together (p01_ready is b01_ready).
    logic                 j01_valid, j01_ready;
    logic [CrdWidth:0]    j01_crd;
    logic [PackedWidth:0] j01_tok;
    logic                 b01_valid, b01_ready;
    logic [CrdWidth:0]    b01_tok;
    // Each half's third way, unused: inputs idle, output always taken.
    logic [3:0]           spare_ready;
    logic [1:0]           spare_valid;
    logic [RefWidth:0]    first_spare_tok;
    logic [PackedWidth:0] second_spare_tok;
    // The packed pair's buffer moves with the coordinate's: its ready and valid are
    // the same as that one's.
    logic                 ref01_ready, ref01_valid;
    logic                 unused_spare;
    assign unused_spare = ^{spare_ready, spare_valid, first_spare_tok, second_spare_tok,
                            p01_ready, ref01_ready, ref01_valid};

    if (Union == 1) begin : gen_union
      sam_union #(.Ways(2), .CrdWidth(CrdWidth), .RefWidth(RefWidth)) first (
        .clk_i, .rst_ni,
        .crd0_valid_i(crd0_valid_i), .crd0_ready_o(crd0_ready_o), .crd0_tok_i(crd0_tok_i),
        .ref0_valid_i(ref0_valid_i), .ref0_ready_o(ref0_ready_o), .ref0_tok_i(ref0_tok_i),
        .crd1_valid_i(crd1_valid_i), .crd1_ready_o(crd1_ready_o), .crd1_tok_i(crd1_tok_i),
        .ref1_valid_i(ref1_valid_i), .ref1_ready_o(ref1_ready_o), .ref1_tok_i(ref1_tok_i),
        .crd2_valid_i(1'b0), .crd2_ready_o(spare_ready[0]), .crd2_tok_i('0),
        .ref2_valid_i(1'b0), .ref2_ready_o(spare_ready[1]), .ref2_tok_i('0),
        .crd_valid_o(c01_valid), .crd_ready_i(c01_ready), .crd_tok_o(c01_tok),
        .ref0_valid_o(r0_valid), .ref0_ready_i(r0_ready), .ref0_tok_o(r0_tok),
        .ref1_valid_o(r1_valid), .ref1_ready_i(r1_ready), .ref1_tok_o(r1_tok),
        .ref2_valid_o(spare_valid[0]), .ref2_ready_i(1'b1), .ref2_tok_o(first_spare_tok)
      );
      sam_union #(.Ways(2), .CrdWidth(CrdWidth), .RefWidth(PackedWidth)) second (
        .clk_i, .rst_ni,
        .crd0_valid_i(b01_valid), .crd0_ready_o(b01_ready), .crd0_tok_i(b01_tok),
        .ref0_valid_i(p01_valid), .ref0_ready_o(p01_ready), .ref0_tok_i(p01_tok),
        .crd1_valid_i(crd2_valid_i), .crd1_ready_o(crd2_ready_o), .crd1_tok_i(crd2_tok_i),
        .ref1_valid_i(p2_valid), .ref1_ready_o(p2_ready), .ref1_tok_i(p2_tok),
        .crd2_valid_i(1'b0), .crd2_ready_o(spare_ready[2]), .crd2_tok_i('0),
        .ref2_valid_i(1'b0), .ref2_ready_o(spare_ready[3]), .ref2_tok_i('0),
        .crd_valid_o(crd_valid_o), .crd_ready_i(crd_ready_i), .crd_tok_o(crd_tok_o),
        .ref0_valid_o(q01_valid), .ref0_ready_i(q01_ready), .ref0_tok_o(q01_tok),
        .ref1_valid_o(q2_valid), .ref1_ready_i(q2_ready), .ref1_tok_o(q2_tok),
        .ref2_valid_o(spare_valid[1]), .ref2_ready_i(1'b1), .ref2_tok_o(second_spare_tok)
      );
    end else begin : gen_intersect
      // The skip outputs (Skip = 0: always idle), unused.
      logic [3:0] skip_spare_valid;
      logic [sam_pkg::SkipTagWidth+CrdWidth:0] skip_spare_tok[4];
      logic unused_skip_spare;
      assign unused_skip_spare = ^{skip_spare_valid, skip_spare_tok[0], skip_spare_tok[1],
                                   skip_spare_tok[2], skip_spare_tok[3]};
      sam_intersect #(.Ways(2), .CrdWidth(CrdWidth), .RefWidth(RefWidth)) first (
        .clk_i, .rst_ni,
        .crd0_valid_i(crd0_valid_i), .crd0_ready_o(crd0_ready_o), .crd0_tok_i(crd0_tok_i),
        .ref0_valid_i(ref0_valid_i), .ref0_ready_o(ref0_ready_o), .ref0_tok_i(ref0_tok_i),
        .crd1_valid_i(crd1_valid_i), .crd1_ready_o(crd1_ready_o), .crd1_tok_i(crd1_tok_i),
        .ref1_valid_i(ref1_valid_i), .ref1_ready_o(ref1_ready_o), .ref1_tok_i(ref1_tok_i),
        .crd2_valid_i(1'b0), .crd2_ready_o(spare_ready[0]), .crd2_tok_i('0),
        .ref2_valid_i(1'b0), .ref2_ready_o(spare_ready[1]), .ref2_tok_i('0),
        .crd_valid_o(c01_valid), .crd_ready_i(c01_ready), .crd_tok_o(c01_tok),
        .ref0_valid_o(r0_valid), .ref0_ready_i(r0_ready), .ref0_tok_o(r0_tok),
        .ref1_valid_o(r1_valid), .ref1_ready_i(r1_ready), .ref1_tok_o(r1_tok),
        .ref2_valid_o(spare_valid[0]), .ref2_ready_i(1'b1), .ref2_tok_o(first_spare_tok),
        .skip0_valid_o(skip_spare_valid[0]), .skip0_ready_i(1'b1), .skip0_tok_o(skip_spare_tok[0]),
        .skip1_valid_o(skip_spare_valid[1]), .skip1_ready_i(1'b1), .skip1_tok_o(skip_spare_tok[1])
      );
      sam_intersect #(.Ways(2), .CrdWidth(CrdWidth), .RefWidth(PackedWidth)) second (
        .clk_i, .rst_ni,
        .crd0_valid_i(b01_valid), .crd0_ready_o(b01_ready), .crd0_tok_i(b01_tok),
        .ref0_valid_i(p01_valid), .ref0_ready_o(p01_ready), .ref0_tok_i(p01_tok),
        .crd1_valid_i(crd2_valid_i), .crd1_ready_o(crd2_ready_o), .crd1_tok_i(crd2_tok_i),
        .ref1_valid_i(p2_valid), .ref1_ready_o(p2_ready), .ref1_tok_i(p2_tok),
        .crd2_valid_i(1'b0), .crd2_ready_o(spare_ready[2]), .crd2_tok_i('0),
        .ref2_valid_i(1'b0), .ref2_ready_o(spare_ready[3]), .ref2_tok_i('0),
        .crd_valid_o(crd_valid_o), .crd_ready_i(crd_ready_i), .crd_tok_o(crd_tok_o),
        .ref0_valid_o(q01_valid), .ref0_ready_i(q01_ready), .ref0_tok_o(q01_tok),
        .ref1_valid_o(q2_valid), .ref1_ready_i(q2_ready), .ref1_tok_o(q2_tok),
        .ref2_valid_o(spare_valid[1]), .ref2_ready_i(1'b1), .ref2_tok_o(second_spare_tok),
        .skip0_valid_o(skip_spare_valid[2]), .skip0_ready_i(1'b1), .skip0_tok_o(skip_spare_tok[2]),
        .skip1_valid_o(skip_spare_valid[3]), .skip1_ready_i(1'b1), .skip1_tok_o(skip_spare_tok[3])
      );
    end

    sam_joiner3_pack #(.CrdWidth(CrdWidth), .RefWidth(RefWidth)) pack (
      .clk_i, .rst_ni,
      .c_valid_i(c01_valid), .c_ready_o(c01_ready), .c_tok_i(c01_tok),
      .r0_valid_i(r0_valid), .r0_ready_o(r0_ready), .r0_tok_i(r0_tok),
      .r1_valid_i(r1_valid), .r1_ready_o(r1_ready), .r1_tok_i(r1_tok),
      .r01_valid_o(j01_valid), .r01_ready_i(j01_ready), .c_tok_o(j01_crd), .r01_tok_o(j01_tok),
      .ref2_valid_i(ref2_valid_i), .ref2_ready_o(ref2_ready_o), .ref2_tok_i(ref2_tok_i),
      .r2_valid_o(p2_valid), .r2_ready_i(p2_ready), .r2_tok_o(p2_tok)
    );

    // One two-entry buffer between the halves, for the joined token (its
    // coordinate and packed pair in two sam_fifos moving together): its ready is a
    // register, so the second half's input ready (from its window's state) does not
    // run into the first half's output logic, and the second half's input stage
    // reads one valid. One cycle of latency.
    sam_fifo #(.Width(CrdWidth), .Depth(2)) crd01_buffer (
      .clk_i, .rst_ni,
      .valid_i(j01_valid), .ready_o(j01_ready), .tok_i(j01_crd),
      .valid_o(b01_valid), .ready_i(b01_ready), .tok_o(b01_tok)
    );
    sam_fifo #(.Width(PackedWidth), .Depth(2)) ref01_buffer (
      .clk_i, .rst_ni,
      .valid_i(j01_valid), .ready_o(ref01_ready), .tok_i(j01_tok),
      .valid_o(ref01_valid), .ready_i(b01_ready), .tok_o(p01_tok)
    );
    assign p01_valid = b01_valid;

    sam_joiner3_unpack #(.RefWidth(RefWidth)) unpack (
      .clk_i, .rst_ni,
      .r01_valid_i(q01_valid), .r01_ready_o(q01_ready), .r01_tok_i(q01_tok),
      .r2_valid_i(q2_valid), .r2_ready_o(q2_ready), .r2_tok_i(q2_tok),
      .ref0_valid_o(ref0_valid_o), .ref0_ready_i(ref0_ready_i), .ref0_tok_o(ref0_tok_o),
      .ref1_valid_o(ref1_valid_o), .ref1_ready_i(ref1_ready_i), .ref1_tok_o(ref1_tok_o),
      .ref2_valid_o(ref2_valid_o), .ref2_ready_i(ref2_ready_i), .ref2_tok_o(ref2_tok_o)
    );
  end

endmodule
