// sam_intersect_lean: the area-lean m-way coordinate intersector, m = Ways in 2..3
// (docs/primitives.md; the same semantics and golden model as sam_intersect,
// golden/src/models/intersect.rs, `intersect`). hdl-gen instantiates it in place
// of sam_intersect when a top is built for iCE40 (`TopOptions::lean`).
//
// Way k is a coordinate stream crd[k] with its reference stream ref[k], of the same
// control structure; a way's head is the pair (crd[k], ref[k]), taken together.
// Coordinates present on every way come out on crd, each with every way's reference
// on ref[k]. When a way reaches a stop the others skip the rest of their fiber;
// once every way holds the stop (the same one on every way) it passes once to every
// output, and D too. A fiber empty on any way therefore comes out as a bare stop.
//
// Head compare: each way's head pair sits in one register (loaded when empty or
// when the head advances). With every way's head present, each cycle decides from
// the heads alone:
//   - every head data, all equal: emit the coordinate and every reference, all
//     ways advance (needs room in every output buffer);
//   - every head data, not all equal: the ways at the smallest coordinate drop it;
//   - some heads data, some a stop: the data heads drop;
//   - every head a stop (or D): emit it, all ways advance (needs room).
// Throughput: one token a cycle on every output while every way's coordinates
// match; otherwise one decision a cycle, so fibers of a and b coordinates with c
// in common take about a + b - c cycles (sam_intersect: about max(a, b)).
//
// Output: each output sits behind a two-entry `sam_fifo`; room is the buffers'
// registered ready_o.
// Latency: input to output 2 cycles (head register, output buffer).
// Combinational paths: ready_o of way k = its two input valids, the head registers
// and the buffers' registered room: no path from any ready_i to any ready_o. The
// coordinate compare, decision and head load are one path from the head
// registers (a carry chain and a few LUT levels on iCE40). crd_ready_o ==
// ref_ready_o (the pair moves together).
//
// Parameters: Ways      number of ways, 2..3
//             CrdWidth  coordinate payload width, 1..63
//             RefWidth  reference payload width, 1..63 (2.. if references carry N)
//             SkipEn    reserved for coordinate skipping; must be 0
// Ports:      as sam_intersect, without the skip outputs.
module sam_intersect_lean #(
  parameter int unsigned Ways     = 2,
  parameter int unsigned CrdWidth = sam_pkg::CrdWidth,
  parameter int unsigned RefWidth = sam_pkg::CrdWidth,
  parameter int unsigned SkipEn   = 0
) (
  input  logic                        clk_i,
  input  logic                        rst_ni,
  input  logic [Ways-1:0]             crd_valid_i,
  output logic [Ways-1:0]             crd_ready_o,
  input  logic [Ways-1:0][CrdWidth:0] crd_tok_i,
  input  logic [Ways-1:0]             ref_valid_i,
  output logic [Ways-1:0]             ref_ready_o,
  input  logic [Ways-1:0][RefWidth:0] ref_tok_i,
  output logic                        crd_valid_o,
  input  logic                        crd_ready_i,
  output logic [CrdWidth:0]           crd_tok_o,
  output logic [Ways-1:0]             ref_valid_o,
  input  logic [Ways-1:0]             ref_ready_i,
  output logic [Ways-1:0][RefWidth:0] ref_tok_o
);

  localparam int unsigned MaxWays = 3;
  localparam int unsigned BufDepth = 2;

  if (Ways < 2 || Ways > MaxWays) begin : gen_bad_ways
    $error("sam_intersect_lean: Ways must be 2 or 3");
  end
  if (CrdWidth < 1 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_crd_width
    $error("sam_intersect_lean: CrdWidth must be in 1..63");
  end
  if (RefWidth < 1 || RefWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_ref_width
    $error("sam_intersect_lean: RefWidth must be in 1..63");
  end
  if (SkipEn != 0) begin : gen_bad_skip
    $error("sam_intersect_lean: SkipEn is reserved (coordinate skipping); only 0 is supported");
  end

  logic [Ways-1:0] in_ready;  // a way's crd and ref move together
  assign crd_ready_o = in_ready;
  assign ref_ready_o = in_ready;

  logic [Ways-1:0] pair, full_q, data, lowest, load;
  logic [Ways-1:0][CrdWidth:0] crd_q;  // packed: flip-flops, not a memory
  logic [Ways-1:0][RefWidth:0] ref_q;
  logic all_full, any_data, all_data, all_eq, emit, room;

  assign pair = crd_valid_i & ref_valid_i;
  for (genvar k = 0; k < Ways; k++) begin : gen_data
    assign data[k] = full_q[k] && !crd_q[k][CrdWidth];
  end

  // ---- The heads: a way's register loads when empty or when its head advances;
  // the token registers take the input then, valid or not (full_q says whether
  // the register holds a pair).
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      full_q <= '0;
    end else begin
      for (int k = 0; k < Ways; k++) begin
        if (load[k]) full_q[k] <= pair[k];
      end
    end
  end

  for (genvar k = 0; k < Ways; k++) begin : gen_hold
    always_ff @(posedge clk_i) begin
      if (load[k]) begin
        crd_q[k] <= crd_tok_i[k];
        ref_q[k] <= ref_tok_i[k];
      end
    end
  end

  // ---- The decision. lowest[k]: no other data head below way k's coordinate;
  // all_eq: every way's coordinate equals way 0's (read with all_data only).
  for (genvar k = 0; k < Ways; k++) begin : gen_min
    always_comb begin
      lowest[k] = 1'b1;
      for (int j = 0; j < Ways; j++) begin
        if (j != k && data[j]
            && crd_q[j][CrdWidth-1:0] < crd_q[k][CrdWidth-1:0]) lowest[k] = 1'b0;
      end
    end
  end

  always_comb begin
    all_eq = 1'b1;
    for (int k = 1; k < Ways; k++) begin
      if (crd_q[k][CrdWidth-1:0] != crd_q[0][CrdWidth-1:0]) all_eq = 1'b0;
    end
  end

  assign all_full = full_q == '1;
  assign any_data = data != '0;
  assign all_data = data == '1;
  // Emit a common coordinate, or the stop (D) every way holds.
  assign emit     = all_full && room && (all_data ? all_eq : !any_data);

  // A data head drops when another way holds a stop, or when it is at the
  // smallest coordinate and the heads differ.
  for (genvar k = 0; k < Ways; k++) begin : gen_load
    logic drop;
    assign drop    = all_full && data[k] && (!all_data || (!all_eq && lowest[k]));
    assign load[k] = !full_q[k] || emit || drop;
  end
  assign in_ready = load & pair;

  // ---- The output buffers. crd: the common coordinate, or way 0's stop (the
  // same on every way).
  sam_joiner_ways #(
    .Ways    (Ways),
    .CrdWidth(CrdWidth),
    .RefWidth(RefWidth),
    .Depth   (BufDepth),
    .Name    ("sam_intersect_lean")
  ) ways (
    .clk_i, .rst_ni, .crd_valid_i, .ref_valid_i, .crd_tok_i, .ref_tok_i,
    .in_ready_i(in_ready), .end_i(all_full && !any_data), .end_tok_i(crd_q),
    .take_i(emit), .emit_i(emit), .room_o(room), .crd_out_i(crd_q[0]),
    .ref_out_i(ref_q), .crd_valid_o, .crd_ready_i, .crd_tok_o, .ref_valid_o, .ref_ready_i,
    .ref_tok_o
  );

endmodule
