// sam_union: m-way coordinate unioner, m = Ways in 2..3 (docs/primitives.md; golden
// model golden/src/models/union.rs, `union`).
//
// Way k is a coordinate stream crd[k] with its reference stream ref[k], of the same
// control structure; a way's head is the pair (crd[k], ref[k]), taken together.
// Each cycle with every way's head present, the smallest head coordinate comes out
// on crd; every way holding it passes its reference to ref[k] and advances, every
// other way (a larger coordinate, or already at its stop) gets N on ref[k] and
// stays. Once every way holds a stop (the same one on every way) it passes once to
// every output and every way advances; D likewise.
//
// Pipeline (comparators, the smallest-way select, the N select and the buffer
// write each in a cycle of their own):
//   1. Each way's head pair is registered (a one-pair stage that loads when empty
//      or taken). The order of the registered coordinates (lt: way j's below way
//      k's) is kept up to date without a comparator on the loop: every cycle the
//      arriving coordinates are compared with each other and with the held ones
//      straight into registers, and the next cycle picks among those results by
//      the loads of the cycle before.
//   2. From the stage registers and lt: the ways at the smallest coordinate, the
//      pops, the union's crd and the select of each ref[k]; registered.
//   3. N substituted, then each output's buffer (`sam_fifo`, Depth 3).
// Latency three cycles; one token on every output per cycle while every way's head
// is present and the outputs have room. The union keeps its own count of each
// buffer's tokens (in the output register or the buffer), so room is one register.
// ready_o of a way is a function of registers and that way's two input valids: no
// combinational path from any ready_i. crd_ready_o == ref_ready_o (the pair
// moves together).
//
// Three ways: hdl-gen builds a 3-way unioner as sam_joiner3 (two of these with
// Ways == 2 in a row, see its header) when its references fit 30 bits; Ways == 3
// here is for wider references.
//
// Parameters: Ways      number of ways, 2..3
//             CrdWidth  coordinate payload width, 1..63
//             RefWidth  reference payload width, 2..63 (the outputs carry N)
// Ports (a multi-way port is an array, element k for way k, k = 0..Ways-1):
//             clk_i, rst_ni                          clock, synchronous active-low reset
//             crd_valid_i, crd_ready_o, crd_tok_i    each way's coordinates (crd; no N)
//             ref_valid_i, ref_ready_o, ref_tok_i    each way's references (ref, N allowed)
//             crd_valid_o, crd_ready_i, crd_tok_o    the union of the coordinates (crd)
//             ref_valid_o, ref_ready_i, ref_tok_o    each way's reference, or N where the
//                                                    way lacks the coordinate (ref)
module sam_union #(
  parameter int unsigned Ways     = 2,
  parameter int unsigned CrdWidth = sam_pkg::CrdWidth,
  parameter int unsigned RefWidth = sam_pkg::CrdWidth
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
  // Output buffer depth: a token spends a cycle in the output register, then at
  // least one in the buffer; three entries keep one token per cycle.
  localparam int unsigned BufDepth = 3;

  if (Ways < 2 || Ways > MaxWays) begin : gen_bad_ways
    $error("sam_union: Ways must be 2 or 3");
  end
  if (CrdWidth < 1 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_crd_width
    $error("sam_union: CrdWidth must be in 1..63");
  end
  // N needs a payload of its own: with one bit, N and S0 coincide.
  if (RefWidth < 2 || RefWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_ref_width
    $error("sam_union: RefWidth must be in 2..63");
  end

  logic [Ways-1:0] in_ready;  // a way's crd and ref move together
  assign crd_ready_o = in_ready;
  assign ref_ready_o = in_ready;

  // Signals that set Fmax are kept whole ((* keep *)) so that synthesis maps
  // them as the LUT levels planned here: lt, then lowest, then load.
  logic [Ways-1:0] pair, full_q, data_q, loaded_q, at_min, sel;
  (* keep *) logic [Ways-1:0] lowest, load;
  logic [Ways-1:0][CrdWidth:0] crd_q;  // packed: flip-flops, not a memory
  logic [Ways-1:0][RefWidth:0] ref_q;
  (* keep *) logic [Ways-1:0][Ways-1:0] lt;
  logic [Ways-1:0][Ways-1:0] lt_q;
  logic all_full, any_data, room_q;
  (* keep *) logic emit;

  assign pair = crd_valid_i & ref_valid_i;

  // ---- Stage 1: the head pairs. A stage loads when it is empty or its pair is
  // taken; the token registers take the input then, valid or not (full_q says
  // whether the stage holds a pair; data_q whether that is data).
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      full_q   <= '0;
      data_q   <= '0;
      loaded_q <= '0;
    end else begin
      for (int k = 0; k < Ways; k++) begin
        if (load[k]) begin
          full_q[k] <= pair[k];
          data_q[k] <= pair[k] && !crd_tok_i[k][CrdWidth];
        end
      end
      loaded_q <= load;
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

  // The order of the held coordinates. A way that loaded last cycle holds what
  // arrived then: lt[j][k] is the comparison registered then of the arriving
  // coordinate(s) with each other or with the one held then, else lt_q (the order
  // of the cycle before, unchanged). Data or not is data_q's to say.
  function automatic logic pick_lt(logic loaded_j, logic loaded_k, logic in_in,
                                   logic in_held, logic held_in, logic held);
    unique case ({loaded_j, loaded_k})
      2'b11:   return in_in;
      2'b10:   return in_held;
      2'b01:   return held_in;
      default: return held;
    endcase
  endfunction

  for (genvar j = 0; j < Ways; j++) begin : gen_lt_row
    for (genvar k = 0; k < Ways; k++) begin : gen_lt
      if (j != k) begin : gen_pair
        logic [CrdWidth-1:0] in_j, in_k, held_j, held_k;
        logic in_in_q, in_held_q, held_in_q;
        assign in_j   = crd_tok_i[j][CrdWidth-1:0];
        assign in_k   = crd_tok_i[k][CrdWidth-1:0];
        assign held_j = crd_q[j][CrdWidth-1:0];
        assign held_k = crd_q[k][CrdWidth-1:0];
        // Pair (k, j) compares the same operands the other way round; yosys would
        // take one of the two from the other's subtraction (its equality: XORs and
        // an AND tree, three LUT levels more). The appended bits keep every
        // comparison a carry chain of its own ({a, 1} < {b, 0} is a < b).
        if (j < k) begin : gen_plain
          always_ff @(posedge clk_i) begin
            in_in_q   <= in_j < in_k;
            in_held_q <= in_j < held_k;
            held_in_q <= held_j < in_k;
          end
        end else begin : gen_apart
          always_ff @(posedge clk_i) begin
            in_in_q   <= {in_j, 1'b1} < {in_k, 1'b0};
            in_held_q <= {in_j, 1'b1} < {held_k, 1'b0};
            held_in_q <= {held_j, 1'b1} < {in_k, 1'b0};
          end
        end
        assign lt[j][k] = pick_lt(loaded_q[j], loaded_q[k], in_in_q, in_held_q, held_in_q,
                                  lt_q[j][k]);
      end else begin : gen_none
        assign lt[j][k] = 1'b0;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) lt_q <= '0;
    else lt_q <= lt;
  end

  // ---- Stage 2: the union. Way k is lowest when no other data head is below
  // its coordinate; at_min when it also holds data. With data anywhere, the ways
  // at the smallest coordinate advance (sel) and pass their references; with a
  // stop or D on every way, all do. The union emits when every stage is full and
  // every output has room.
  for (genvar k = 0; k < Ways; k++) begin : gen_min
    always_comb begin
      lowest[k] = 1'b1;
      for (int j = 0; j < Ways; j++) begin
        if (j != k && data_q[j] && lt[j][k]) lowest[k] = 1'b0;
      end
    end
    assign at_min[k] = data_q[k] && lowest[k];
    // take || !full with take = emit && sel: six signals, one LUT level.
    assign load[k] = !full_q[k] || (emit && (data_q[k] ? lowest[k] : !any_data));
  end

  assign all_full = full_q == '1;
  assign any_data = data_q != '0;
  assign sel      = at_min | {Ways{!any_data}};
  assign emit     = all_full && room_q;
  assign in_ready = load & pair;

  // crd: the smallest coordinate, an AND-OR of the ways at it (they hold the same
  // value); else way 0's stop or D (the same on every way).
  logic [CrdWidth:0] crd_out;
  always_comb begin
    crd_out = '0;
    for (int k = 0; k < Ways; k++) begin
      crd_out |= crd_q[k] & {(CrdWidth + 1) {at_min[k] || (k == 0 && !any_data)}};
    end
  end

  logic                           emit_q;
  logic [CrdWidth:0]              crd_out_q;
  logic [Ways-1:0][RefWidth:0] ref_out_q;
  logic [Ways-1:0]             sel_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) emit_q <= 1'b0;
    else emit_q <= emit;
  end
  always_ff @(posedge clk_i) begin
    crd_out_q <= crd_out;
    ref_out_q <= ref_q;
    sel_q     <= sel;
  end

  // ---- Stage 3: N where a way does not advance, into the buffers. Room: the
  // union's own count of each output's tokens, in the output register or its
  // buffer (`sam_joiner_ways` with credits).
  logic [Ways-1:0][RefWidth:0] ref_out;

  for (genvar k = 0; k < Ways; k++) begin : gen_ref
    assign ref_out[k] = sel_q[k] ? ref_out_q[k]
                                 : {1'b1, RefWidth'(sam_pkg::empty_payload(RefWidth))};
  end

  sam_joiner_ways #(
    .Ways    (Ways),
    .CrdWidth(CrdWidth),
    .RefWidth(RefWidth),
    .Depth   (BufDepth),
    .Credits (1'b1),
    .Name    ("sam_union")
  ) ways (
    .clk_i, .rst_ni, .crd_valid_i, .ref_valid_i, .crd_tok_i, .ref_tok_i,
    .in_ready_i(in_ready), .end_i(all_full && !any_data), .end_tok_i(crd_q),
    .take_i(emit), .emit_i(emit_q), .room_o(room_q), .crd_out_i(crd_out_q),
    .ref_out_i(ref_out), .crd_valid_o, .crd_ready_i, .crd_tok_o, .ref_valid_o, .ref_ready_i,
    .ref_tok_o
  );

endmodule
