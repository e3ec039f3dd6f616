// sam_union: m-way coordinate unioner, m = Ways in 2..3 (docs/primitives.md; golden
// model golden/src/models/union.rs, `union`).
//
// Way k is a coordinate stream crd<k> with its reference stream ref<k>, of the same
// control structure; a way's head is the pair (crd<k>, ref<k>), taken together.
// Each cycle with every way's head present, the smallest head coordinate comes out
// on crd; every way holding it passes its reference to ref<k> and advances, every
// other way (a larger coordinate, or already at its stop) gets N on ref<k> and
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
//      pops, the union's crd and the select of each ref<k>; registered.
//   3. N substituted, then each output's buffer (`sam_fifo`, Depth 3).
// Latency three cycles; one token on every output per cycle while every way's head
// is present and the outputs have room. The union keeps its own count of each
// buffer's tokens (in the output register or the buffer), so room is one register.
// ready_o of a way is a function of registers and that way's two input valids: no
// combinational path from any ready_i. crd<k>_ready_o == ref<k>_ready_o (the pair
// moves together).
//
// Three ways: hdl-gen builds a 3-way unioner as sam_joiner3 (two of these with
// Ways == 2 in a row, see its header) when its references fit 30 bits; Ways == 3
// here is for wider references.
//
// Parameters: Ways      number of ways, 2..3; with Ways == 2 the way-2 ports are
//                       unused: inputs ignored (ready_o low), output tied off
//                       (valid low), its ready ignored
//             CrdWidth  coordinate payload width, 1..63
//             RefWidth  reference payload width, 2..63 (the outputs carry N)
// Ports:      clk_i, rst_ni                             clock, asynchronous active-low reset
//             crd<k>_valid_i, crd<k>_ready_o, crd<k>_tok_i  way k coordinates (crd; no N)
//             ref<k>_valid_i, ref<k>_ready_o, ref<k>_tok_i  way k references (ref, N allowed)
//             crd_valid_o, crd_ready_i, crd_tok_o         the union of the coordinates (crd)
//             ref<k>_valid_o, ref<k>_ready_i, ref<k>_tok_o  way k's reference, or N where
//                                                         way k lacks the coordinate (ref)
//             (k = 0..2)
module sam_union #(
  parameter int unsigned Ways     = 2,
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
  output logic [RefWidth:0] ref2_tok_o
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

  // The named ports as arrays, indexed by way.
  logic [MaxWays-1:0] crd_valid, ref_valid, in_ready;
  logic [CrdWidth:0]  crd_tok[MaxWays];
  logic [RefWidth:0]  ref_tok[MaxWays];
  logic [MaxWays-1:0] out_valid, out_ready;
  logic [RefWidth:0]  out_tok[MaxWays];

  assign crd_valid    = {crd2_valid_i, crd1_valid_i, crd0_valid_i};
  assign ref_valid    = {ref2_valid_i, ref1_valid_i, ref0_valid_i};
  assign crd_tok[0]   = crd0_tok_i;
  assign crd_tok[1]   = crd1_tok_i;
  assign crd_tok[2]   = crd2_tok_i;
  assign ref_tok[0]   = ref0_tok_i;
  assign ref_tok[1]   = ref1_tok_i;
  assign ref_tok[2]   = ref2_tok_i;
  assign crd0_ready_o = in_ready[0];
  assign ref0_ready_o = in_ready[0];
  assign crd1_ready_o = in_ready[1];
  assign ref1_ready_o = in_ready[1];
  assign crd2_ready_o = in_ready[2];
  assign ref2_ready_o = in_ready[2];
  assign ref0_valid_o = out_valid[0];
  assign ref1_valid_o = out_valid[1];
  assign ref2_valid_o = out_valid[2];
  assign ref0_tok_o   = out_tok[0];
  assign ref1_tok_o   = out_tok[1];
  assign ref2_tok_o   = out_tok[2];
  assign out_ready    = {ref2_ready_i, ref1_ready_i, ref0_ready_i};

  // Signals that set Fmax are kept whole ((* keep *)) so that synthesis maps
  // them as the LUT levels planned here: lt, then lowest, then load.
  logic [MaxWays-1:0] used, pair, full_q, data_q, loaded_q, at_min, sel;
  (* keep *) logic [MaxWays-1:0] lowest, load;
  logic [MaxWays-1:0][CrdWidth:0] crd_q;  // packed: flip-flops, not a memory
  logic [MaxWays-1:0][RefWidth:0] ref_q;
  (* keep *) logic [MaxWays-1:0][MaxWays-1:0] lt;
  logic [MaxWays-1:0][MaxWays-1:0] lt_q;
  logic all_full, any_data, room_q;
  (* keep *) logic emit;

  for (genvar k = 0; k < MaxWays; k++) begin : gen_used
    assign used[k] = k < Ways;
    assign pair[k] = used[k] && crd_valid[k] && ref_valid[k];
  end

  // ---- Stage 1: the head pairs. A stage loads when it is empty or its pair is
  // taken; the token registers take the input then, valid or not (full_q says
  // whether the stage holds a pair; data_q whether that is data).
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      full_q   <= '0;
      data_q   <= '0;
      loaded_q <= '0;
    end else begin
      for (int k = 0; k < MaxWays; k++) begin
        if (load[k]) begin
          full_q[k] <= pair[k];
          data_q[k] <= pair[k] && !crd_tok[k][CrdWidth];
        end
      end
      loaded_q <= load;
    end
  end

  for (genvar k = 0; k < MaxWays; k++) begin : gen_hold
    always_ff @(posedge clk_i) begin
      if (load[k]) begin
        crd_q[k] <= crd_tok[k];
        ref_q[k] <= ref_tok[k];
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

  for (genvar j = 0; j < MaxWays; j++) begin : gen_lt_row
    for (genvar k = 0; k < MaxWays; k++) begin : gen_lt
      if (j != k && j < Ways && k < Ways) begin : gen_pair
        logic [CrdWidth-1:0] in_j, in_k, held_j, held_k;
        logic in_in_q, in_held_q, held_in_q;
        assign in_j   = crd_tok[j][CrdWidth-1:0];
        assign in_k   = crd_tok[k][CrdWidth-1:0];
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

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) lt_q <= '0;
    else lt_q <= lt;
  end

  // ---- Stage 2: the union. Way k is lowest when no other data head is below
  // its coordinate; at_min when it also holds data. With data anywhere, the ways
  // at the smallest coordinate advance (sel) and pass their references; with a
  // stop or D on every way, all do. The union emits when every stage is full and
  // every output has room.
  for (genvar k = 0; k < MaxWays; k++) begin : gen_min
    always_comb begin
      lowest[k] = 1'b1;
      for (int j = 0; j < MaxWays; j++) begin
        if (j != k && data_q[j] && lt[j][k]) lowest[k] = 1'b0;
      end
    end
    assign at_min[k] = data_q[k] && lowest[k];
    // take || !full with take = emit && sel: six signals, one LUT level.
    assign load[k] = used[k] && (!full_q[k] || (emit && (data_q[k] ? lowest[k] : !any_data)));
  end

  assign all_full = (full_q | ~used) == '1;
  assign any_data = data_q != '0;
  assign sel      = at_min | (any_data ? '0 : used);
  assign emit     = all_full && room_q;
  assign in_ready = load & pair;

  // crd: the smallest coordinate, an AND-OR of the ways at it (they hold the same
  // value); else way 0's stop or D (the same on every way).
  logic [CrdWidth:0] crd_out;
  always_comb begin
    crd_out = '0;
    for (int k = 0; k < MaxWays; k++) begin
      if (k < Ways) begin
        crd_out |= crd_q[k] & {(CrdWidth + 1) {at_min[k] || (k == 0 && !any_data)}};
      end
    end
  end

  logic                           emit_q;
  logic [CrdWidth:0]              crd_out_q;
  logic [MaxWays-1:0][RefWidth:0] ref_out_q;
  logic [MaxWays-1:0]             sel_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) emit_q <= 1'b0;
    else emit_q <= emit;
  end
  always_ff @(posedge clk_i) begin
    crd_out_q <= crd_out;
    ref_out_q <= ref_q;
    sel_q     <= sel;
  end

  // Room: the union's own count of each output's tokens (in the output register or
  // the buffer: one in on emit, one out on the output's handshake); the outputs
  // have room next cycle when no count reaches BufDepth. Output 0 is crd, output
  // k + 1 is ref<k>.
  logic [MaxWays:0][1:0] fill_q, fill_d;
  logic [MaxWays:0] out_used, out_given, out_room;

  assign out_used  = {used, 1'b1};
  assign out_given = {out_valid & out_ready, crd_valid_o && crd_ready_i};
  for (genvar o = 0; o <= MaxWays; o++) begin : gen_fill
    always_comb begin
      fill_d[o] = fill_q[o];
      if (out_given[o]) fill_d[o] = fill_d[o] - 2'd1;
      if (emit) fill_d[o] = fill_d[o] + 2'd1;
    end
    assign out_room[o] = !out_used[o] || fill_d[o] != 2'(BufDepth);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fill_q <= '0;
      room_q <= 1'b1;
    end else begin
      fill_q <= fill_d;
      room_q <= out_room == '1;
    end
  end

  // ---- Stage 3: N where a way does not advance, and the buffers.
  logic              crd_room;
  logic [MaxWays-1:0] ref_room;
  logic [RefWidth:0] ref_out[MaxWays];

  for (genvar k = 0; k < MaxWays; k++) begin : gen_ref
    assign ref_out[k] = sel_q[k] ? ref_out_q[k]
                                 : {1'b1, RefWidth'(sam_pkg::empty_payload(RefWidth))};
  end

  sam_fifo #(
    .Width(CrdWidth),
    .Depth(BufDepth)
  ) crd_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(emit_q),
    .ready_o(crd_room),
    .tok_i  (crd_out_q),
    .valid_o(crd_valid_o),
    .ready_i(crd_ready_i),
    .tok_o  (crd_tok_o)
  );

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni && emit_q) begin
      assert (crd_room && (ref_room | ~used) == '1)
      else $error("sam_union: write into a full output buffer (counts %h)", fill_q);
    end
  end
`ifdef FORMAL
  // Invariants (formal/): each count equals the tokens in the output register and
  // its buffer, and room_q says no used count is full.
  logic f_room;
  always_comb begin
    f_room = 1'b1;
    for (int o = 0; o <= MaxWays; o++) begin
      if (out_used[o] && fill_q[o] == 2'(BufDepth)) f_room = 1'b0;
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (32'(fill_q[0]) == 32'(emit_q) + crd_buffer.f_count);
      assert (room_q == f_room);
    end
  end
  for (genvar k = 0; k < Ways; k++) begin : gen_f_count
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        assert (32'(fill_q[k + 1]) == 32'(emit_q) + gen_way[k].gen_way_used.way.ref_buffer.f_count);
      end
    end
  end
`endif
`else
  logic unused_room;  // the buffers' ready feeds the assertion only (room is counted)
  assign unused_room = crd_room ^ (^ref_room);
`endif

  for (genvar k = 0; k < MaxWays; k++) begin : gen_way
    if (k < Ways) begin : gen_way_used
      sam_joiner_way #(
        .CrdWidth(CrdWidth),
        .RefWidth(RefWidth),
        .Depth   (BufDepth),
        .Name    ("sam_union"),
        .Way     (k)
      ) way (
        .clk_i      (clk_i),
        .rst_ni     (rst_ni),
        .crd_valid_i(crd_valid[k]),
        .ref_valid_i(ref_valid[k]),
        .ready_i    (in_ready[k]),
        .crd_tok_i  (crd_tok[k]),
        .ref_tok_i  (ref_tok[k]),
        .end_i      (all_full && !any_data),
        .end_tok_i  (crd_q[k]),
        .end_ref_i  (crd_q[0]),
        .emit_i     (emit_q),
        .room_o     (ref_room[k]),
        .out_tok_i  (ref_out[k]),
        .out_valid_o(out_valid[k]),
        .out_ready_i(out_ready[k]),
        .out_tok_o  (out_tok[k])
      );
    end else begin : gen_unused
      logic unused_way;
      assign unused_way   = ^{crd_valid[k], ref_valid[k], crd_tok[k], ref_tok[k],
                              out_ready[k], loaded_q[k], lt_q[k]};
      assign ref_room[k]  = 1'b1;
      assign out_valid[k] = 1'b0;
      assign out_tok[k]   = '0;
    end
  end

endmodule
