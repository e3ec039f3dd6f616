// sam_intersect: m-way coordinate intersector, m = Ways in 2..3 (DESIGN section 6;
// golden model compiler/src/golden/intersect.rs, `intersect`).
//
// Way k is a coordinate stream crd<k> with its reference stream ref<k>, of the same
// control structure; a pair (crd<k>, ref<k>) is taken when both are valid.
// Coordinates present on every way come out on crd, each with every way's reference
// on ref<k>. When a way reaches a stop the others skip the rest of their fiber;
// once every way holds the stop (the same one on every way) it passes once to every
// output, and D too. A fiber empty on any way therefore comes out as a bare stop.
//
// Input stage: each way's pair is first registered (one pair per way); nothing
// compares an input port, so an upstream FIFO's read ends at that register.
//
// Window: each way keeps its next five pairs in registers (slot 0 the head, the
// valid ones first), and the order (<, >) of every two tokens of different ways in
// registers too (a stop or D ranks above every coordinate). Inside a fiber a way
// drops its head (with its reference) once it cannot be common: some other way j
// holds a stop, or a larger head, or j's head is smaller and j's second slot is a
// stop or larger (the head lies strictly between two neighbours of j's sorted
// fiber). Its second slot goes in the same cycle when that is a coordinate that
// cannot be common either. So in fibers whose coordinates interleave, every way
// drops a pair or two each cycle.
//
// Timing: the decision of a cycle (emit, and per way: drop one, drop two) is read
// from flags registered the cycle before: for each pair of ways and each of the
// 3 x 3 ways their windows can shift, the flags after that shift are computed from
// the registered order, and the actual shift picks the ones to register. The order
// bits shift the same way. A pair moved from the stage into the window is compared
// with the other ways' next slots straight into registers, and is "young" for a
// cycle (its order read from those registers, invisible to the flags). So every
// loop is: registered flags -> shift selects -> a mux of registered bits.
//
// Throughput: a match or a stop moves one pair on every way and one token on every
// output; a way drops up to two pairs a cycle and takes one, so the window refills
// and a merge of fibers of a and b coordinates takes about max(a, b) cycles on
// random fibers (a + b - matches without the window). A pair becomes visible to the
// decision two cycles after it enters the window. A dropped pair needs no output
// space. Each output sits behind a two-entry buffer (`sam_fifo`, Depth 2); whether
// all have room is a register (room_q) kept beside them.
// Latency: input to output 4 cycles at the least (stage, window, young, output
// buffer).
// Combinational paths: ready_o of way k = its two input valids, the stage's valid
// and whether the stage moves into the window this cycle, which depends on
// registered state only: no path from any ready_i or any input token to any
// ready_o. Outputs come from the buffers' registers.
// crd<k>_ready_o == ref<k>_ready_o (the pair moves together).
//
// Coordinate skipping (seed 003 section 4.2) would add per-way skip outputs to the
// scanners. This version has none: SkipEn is reserved and only 0 is legal (the
// co-simulation harness waits for D on every output, so an always-idle output
// channel cannot be part of a testable configuration).
//
// Parameters: Ways      number of ways, 2..3; with Ways == 2 the way-2 ports are
//                       unused: inputs ignored (ready_o low), output tied off
//                       (valid low), its ready ignored
//             CrdWidth  coordinate payload width, 1..63
//             RefWidth  reference payload width, 1..63 (2.. if references carry N)
//             SkipEn    reserved for coordinate skipping; must be 0
// Ports:      clk_i, rst_ni                             clock, asynchronous active-low reset
//             crd<k>_valid_i, crd<k>_ready_o, crd<k>_tok_i  way k coordinates (crd; no N)
//             ref<k>_valid_i, ref<k>_ready_o, ref<k>_tok_i  way k references (ref, N allowed)
//             crd_valid_o, crd_ready_i, crd_tok_o         the common coordinates (crd)
//             ref<k>_valid_o, ref<k>_ready_i, ref<k>_tok_o  way k's references of them (ref)
//             (k = 0..2)
module sam_intersect #(
  parameter int unsigned Ways     = 2,
  parameter int unsigned CrdWidth = sam_pkg::CrdWidth,
  parameter int unsigned RefWidth = sam_pkg::CrdWidth,
  parameter int unsigned SkipEn   = 0
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

  if (Ways < 2 || Ways > MaxWays) begin : gen_bad_ways
    $error("sam_intersect: Ways must be 2 or 3");
  end
  if (CrdWidth < 1 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_crd_width
    $error("sam_intersect: CrdWidth must be in 1..63");
  end
  if (RefWidth < 1 || RefWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_ref_width
    $error("sam_intersect: RefWidth must be in 1..63");
  end
  if (SkipEn != 0) begin : gen_bad_skip
    $error("sam_intersect: SkipEn is reserved (coordinate skipping); only 0 is supported");
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

  // Pairs offered on the inputs (the protocol checks below look at these).
  logic [MaxWays-1:0] used, head;
  logic [CrdWidth:0]   c[MaxWays];

  // Each way's queue: its next Slots pairs in stream order, registered, slot 0 the
  // head, the valid ones first. A way takes a pair (crd and ref both valid) into the
  // first slot left empty after this cycle's pops whenever there is one; an input
  // goes only into these registers (no comparison on an input).
  localparam int unsigned Slots = 5;
  localparam int unsigned Entries = MaxWays * Slots;  // entry p = way * Slots + slot

  logic [MaxWays-1:0]  stg_valid_q;
  logic [CrdWidth:0]   stg_crd_q[MaxWays];
  logic [RefWidth:0]   stg_ref_q[MaxWays];
  logic [CrdWidth:0]   w_crd[MaxWays][Slots];
  logic [RefWidth:0]   w_ref[MaxWays][Slots];
  logic [Slots-1:0]    w_valid_q[MaxWays];
  // What leaves way k this cycle: an emit (every way pops 1), else g0 (drop the
  // head) and g1 (with g0: the second slot too). Each is a register or an OR of registers,
  // so the muxes below take them directly and the emit (room_q && match) last.
  logic [MaxWays-1:0]  g0, g1, e_way;
  logic                emit;  // every way's head leaves to the outputs
  logic [1:0]          w_src[MaxWays][Slots];  // slot i takes slot i + 0..2, or (3) the input
  // The same one-hot, kept whole: the comparisons selected by it then come last.
  (* keep *) logic [3*Slots-1:0] src_hot[MaxWays];  // slot i: bits 3i..3i+2
  logic [Slots-1:0]    vis_q[MaxWays];  // valid and not young (its order is in gt_q)
  logic [Slots-1:0]    dv_q[MaxWays];  // visible and a coordinate
  logic [Slots-1:0]    young_q[MaxWays];  // slots that took the input the cycle before
  logic [MaxWays-1:0]  push;
  logic [CrdWidth:0]   hd_crd[MaxWays];
  logic [RefWidth:0]   hd_ref[MaxWays];

  // Every entry flattened: valid, stop (or D), coordinate.
  logic [Entries-1:0]  e_ctrl;
  logic [Entries-1:0]  e_vis, e_dv;  // vis_q, dv_q flattened
  logic [CrdWidth:0]   e_c[Entries];  // the token: a stop (or D) above every coordinate

  for (genvar k = 0; k < MaxWays; k++) begin : gen_window
    logic [CrdWidth:0] crd_d[Slots];
    logic [RefWidth:0] ref_d[Slots];
    logic [Slots-1:0]  valid_d, kept;

    assign used[k]     = k < Ways;
    assign head[k]     = used[k] && crd_valid[k] && ref_valid[k];
    assign c[k]        = stg_crd_q[k];
    assign push[k]     = stg_valid_q[k] && (!w_valid_q[k][Slots-1] || e_way[k] || g0[k]);
    assign in_ready[k] = head[k] && (!stg_valid_q[k] || push[k]);

    // The input stage: one pair, registered, before the queue.
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        stg_valid_q[k] <= 1'b0;
        stg_crd_q[k]   <= '0;
        stg_ref_q[k]   <= '0;
      end else begin
        if (in_ready[k]) begin
          stg_valid_q[k] <= 1'b1;
          stg_crd_q[k]   <= crd_tok[k];
          stg_ref_q[k]   <= ref_tok[k];
        end else if (push[k]) begin
          stg_valid_q[k] <= 1'b0;
        end
      end
    end
    assign hd_crd[k]   = w_crd[k][0];
    assign hd_ref[k]   = w_ref[k][0];

    // Slot i keeps slot i + pops (when that is valid) or loads the input: w_src[k][i] is
    // 0..2 or (3) the input, decided once per slot from the selects.
    always_comb begin
      for (int i = 0; i < Slots; i++) begin
        logic [Slots+1:0] v;
        v = {2'b00, w_valid_q[k]};
        kept[i] = e_way[k] ? v[i+1] : g0[k] ? (g1[k] ? v[i+2] : v[i+1]) : v[i];
        w_src[k][i]  = !kept[i] ? 2'd3 : e_way[k] ? 2'd1 : g0[k] ? (g1[k] ? 2'd2 : 2'd1) : 2'd0;
        crd_d[i] = stg_crd_q[k];
        ref_d[i] = stg_ref_q[k];
        for (int s = 0; s < 3; s++) begin
          if (w_src[k][i] == 2'(s) && i + s < Slots) begin
            crd_d[i] = w_crd[k][i+s];
            ref_d[i] = w_ref[k][i+s];
          end
        end
      end
      for (int i = 0; i < Slots; i++) src_hot[k][3*i+:3] = 3'(4'b0001 << w_src[k][i]);
      valid_d = kept;
      for (int i = 0; i < Slots; i++) begin
        if (push[k] && !kept[i] && (i == 0 || kept[i-1])) valid_d[i] = 1'b1;
      end
    end

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        w_valid_q[k] <= '0;
        young_q[k]   <= '0;
        vis_q[k]     <= '0;
        dv_q[k]      <= '0;
        for (int i = 0; i < Slots; i++) begin
          w_crd[k][i] <= '0;
          w_ref[k][i] <= '0;
        end
      end else begin
        w_valid_q[k] <= valid_d;
        young_q[k]   <= valid_d & ~kept;
        vis_q[k]     <= kept;
        for (int i = 0; i < Slots; i++) dv_q[k][i] <= kept[i] && !crd_d[i][CrdWidth];
        for (int i = 0; i < Slots; i++) begin
          w_crd[k][i] <= crd_d[i];
          w_ref[k][i] <= ref_d[i];
        end
      end
    end

    for (genvar i = 0; i < Slots; i++) begin : gen_entry
      assign e_vis[k*Slots+i]   = used[k] && vis_q[k][i];
      assign e_dv[k*Slots+i]    = used[k] && dv_q[k][i];
      assign e_ctrl[k*Slots+i]  = w_crd[k][i][CrdWidth];
      assign e_c[k*Slots+i]     = w_crd[k][i];
    end
  end

  // The order of every two entries of different ways, registered: gt_q[p][q] is
  // e_c[p] > e_c[q] and lt_q[p][q] is e_c[p] < e_c[q] (p < q; meaningful for two
  // valid coordinates). The pair a way takes from its input is compared at once
  // with what each other way's slots hold next (a shifted entry or that way's
  // input), straight into registers (nx_*_q); the cycle after, that pair is young
  // (young_q) and its order comes from nx_*_q (eff_*), otherwise from gt_q / lt_q.
  // Each cycle every slot keeps a shifted pair, so gt_q takes eff_* shifted by the
  // pops: the pops only select registered bits. (A slot that loads the input gets
  // a value of no meaning: it is young the cycle after.)
  logic nx_gt_q[Entries][MaxWays];  // what slot p holds now > what input j held
  logic nx_lt_q[Entries][MaxWays];  // what slot p holds now < what input j held
  logic gt_q[Entries][Entries];
  logic lt_q[Entries][Entries];
  logic eff_gt[Entries][Entries];
  logic eff_lt[Entries][Entries];

  for (genvar p = 0; p < Entries; p++) begin : gen_in_cmp
    for (genvar j = 0; j < MaxWays; j++) begin : gen_way_cmp
      localparam int unsigned K = p / Slots, I = p % Slots;
      if (K != j && j < Ways && K < Ways) begin : gen_pair
        // cand_*[s]: slot p takes source s (slot p + s, or 3: input K).
        logic cand_gt[3], cand_lt[3];
        for (genvar a = 0; a < 3; a++) begin : gen_a
          if (I + a < Slots) begin : gen_old
            // Two carry chains: yosys would take a > b beside a < b from the same
            // subtraction's equality (XORs and an AND tree, three LUT levels more);
            // the appended bits keep them apart ({b, 1} < {a, 0} is b < a).
            assign cand_gt[a] = {c[j], 1'b1} < {e_c[p+a], 1'b0};
            assign cand_lt[a] = e_c[p+a] < c[j];
          end else begin : gen_none
            assign cand_gt[a] = 1'b0;
            assign cand_lt[a] = 1'b0;
          end
        end
        always_ff @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni) begin
            nx_gt_q[p][j] <= 1'b0;
            nx_lt_q[p][j] <= 1'b0;
          end else begin
            nx_gt_q[p][j] <= |(src_hot[K][3*I+:3] & {cand_gt[2], cand_gt[1], cand_gt[0]});
            nx_lt_q[p][j] <= |(src_hot[K][3*I+:3] & {cand_lt[2], cand_lt[1], cand_lt[0]});
          end
        end
      end else begin : gen_none
        assign nx_gt_q[p][j] = 1'b0;
        assign nx_lt_q[p][j] = 1'b0;
      end
    end
  end

  // ii_*_q[k][j]: input k against input j (k < j), a cycle ago (both young now).
  logic ii_gt_q[MaxWays][MaxWays];
  logic ii_lt_q[MaxWays][MaxWays];
  for (genvar k = 0; k < MaxWays; k++) begin : gen_ii_row
    for (genvar j = 0; j < MaxWays; j++) begin : gen_ii
      if (k < j && j < Ways) begin : gen_pair
        always_ff @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni) begin
            ii_gt_q[k][j] <= 1'b0;
            ii_lt_q[k][j] <= 1'b0;
          end else begin
            ii_gt_q[k][j] <= {c[j], 1'b1} < {c[k], 1'b0};  // two chains, as above
            ii_lt_q[k][j] <= c[k] < c[j];
          end
        end
      end else begin : gen_none
        assign ii_gt_q[k][j] = 1'b0;
        assign ii_lt_q[k][j] = 1'b0;
      end
    end
  end

  for (genvar p = 0; p < Entries; p++) begin : gen_eff_row
    for (genvar q = 0; q < Entries; q++) begin : gen_eff
      localparam int unsigned K = p / Slots, I = p % Slots, J = q / Slots, M = q % Slots;
      if (p < q && K != J && J < Ways) begin : gen_pair
        assign eff_gt[p][q] = young_q[K][I] ? (young_q[J][M] ? ii_gt_q[K][J] : nx_lt_q[q][K])
                              : young_q[J][M] ? nx_gt_q[p][J] : gt_q[p][q];
        assign eff_lt[p][q] = young_q[K][I] ? (young_q[J][M] ? ii_lt_q[K][J] : nx_gt_q[q][K])
                              : young_q[J][M] ? nx_lt_q[p][J] : lt_q[p][q];
      end else begin : gen_none
        assign eff_gt[p][q] = 1'b0;
        assign eff_lt[p][q] = 1'b0;
      end
    end
  end

  for (genvar p = 0; p < Entries; p++) begin : gen_order_row
    for (genvar q = 0; q < Entries; q++) begin : gen_order
      localparam int unsigned K = p / Slots, I = p % Slots, J = q / Slots, M = q % Slots;
      if (p < q && K != J && J < Ways) begin : gen_pair
        // Slot p keeps entry p + pops[K], slot q entry q + pops[J].
        logic old_gt[3][3], old_lt[3][3];  // [a][b]: p takes p + a, q takes q + b
        logic row_gt[3], row_lt[3];
        logic gt_d, lt_d;
        for (genvar a = 0; a < 3; a++) begin : gen_a
          for (genvar b = 0; b < 3; b++) begin : gen_b
            if (I + a < Slots && M + b < Slots) begin : gen_old
              assign old_gt[a][b] = eff_gt[p+a][q+b];
              assign old_lt[a][b] = eff_lt[p+a][q+b];
            end else begin : gen_none
              assign old_gt[a][b] = 1'b0;
              assign old_lt[a][b] = 1'b0;
            end
          end
        end
        for (genvar b = 0; b < 3; b++) begin : gen_row
          assign row_gt[b] = g0[K] ? (g1[K] ? old_gt[2][b] : old_gt[1][b]) : old_gt[0][b];
          assign row_lt[b] = g0[K] ? (g1[K] ? old_lt[2][b] : old_lt[1][b]) : old_lt[0][b];
        end
        assign gt_d = emit ? old_gt[1][1] : g0[J] ? (g1[J] ? row_gt[2] : row_gt[1]) : row_gt[0];
        assign lt_d = emit ? old_lt[1][1] : g0[J] ? (g1[J] ? row_lt[2] : row_lt[1]) : row_lt[0];
        always_ff @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni) begin
            gt_q[p][q] <= 1'b0;
            lt_q[p][q] <= 1'b0;
          end else begin
            gt_q[p][q] <= gt_d;
            lt_q[p][q] <= lt_d;
          end
        end
      end else begin : gen_none
        assign gt_q[p][q] = 1'b0;
        assign lt_q[p][q] = 1'b0;
      end
    end
  end

  // e_c[p] > e_c[q] for two valid coordinates of different ways.
  function automatic logic greater(int unsigned p, int unsigned q,
                                   logic gt[Entries][Entries], logic lt[Entries][Entries]);
    return p < q ? gt[p][q] : lt[q][p];
  endfunction

  // gt[p][q]: e_c[p] > e_c[q], for two entries of different ways.
  logic gt[Entries][Entries];
  for (genvar p = 0; p < Entries; p++) begin : gen_cmp_row
    for (genvar q = 0; q < Entries; q++) begin : gen_cmp
      if (p / Slots != q / Slots && p / Slots < Ways && q / Slots < Ways) begin : gen_pair
        assign gt[p][q] = greater(p, q, gt_q, lt_q);
      end else begin : gen_none
        assign gt[p][q] = 1'b0;
      end
    end
  end

  // The decision of a cycle comes from flags registered the cycle before: for every
  // way k and other way j, and for each of the 3 x 3 ways the two queues can shift
  // this cycle (k pops a, j pops b), the flags of the queues after that shift are
  // computed from the registers now, and the actual pops pick the ones to
  // register. A pair taken this cycle is not in the registers yet, so the flags see
  // its slot empty: they may decide less than they could (never wrongly); the
  // cycle after, the flags are recomputed with it.
  //
  // gone[k][j][s]: k's slot s (0, 1) holds a coordinate x that is not in j's fiber,
  // because j's window shows it: j's fiber is sorted, so x is absent when the first
  // of j's slots (in order) holding a stop or a coordinate >= x holds a stop or a
  // coordinate > x. The rule reads j's first two slots: j's head, or j's second slot
  // with the head a coordinate < x. (Slots of j after a stop belong to the next
  // fiber; they are never reached, since the stop decides first. Only slot 1 of k
  // after a data head absent is used, so x is in the current fiber.)
  // same_q[j]: way 0's and way j's heads are equal coordinates; ends_q[j]: both are
  // stops (or D). For unused ways: gone 0, same and ends 1.
  logic gone_q[MaxWays][MaxWays][2];
  logic same_q[MaxWays], ends_q[MaxWays];

  for (genvar k = 0; k < MaxWays; k++) begin : gen_flag_row
    for (genvar j = 0; j < MaxWays; j++) begin : gen_flag
      if (k != j && k < Ways && j < Ways) begin : gen_pair
        logic gone_c[2][3][3];  // [s][a][b]
        logic gone_d[2];
        for (genvar a = 0; a < 3; a++) begin : gen_a
          for (genvar b = 0; b < 3; b++) begin : gen_b
            localparam int unsigned Q0 = j * Slots + b, Q1 = Q0 + 1;
            for (genvar s = 0; s < 2; s++) begin : gen_s
              localparam int unsigned X = k * Slots + a + s;
              assign gone_c[s][a][b] = e_dv[X]
                  && ((e_vis[Q0] && gt[Q0][X]) || (e_vis[Q1] && gt[Q1][X] && gt[X][Q0]));
            end
          end
        end
        for (genvar s = 0; s < 2; s++) begin : gen_pick
          logic row[3];
          for (genvar b = 0; b < 3; b++) begin : gen_row
            assign row[b] = g0[k] ? (g1[k] ? gone_c[s][2][b] : gone_c[s][1][b])
                                  : gone_c[s][0][b];
          end
          assign gone_d[s] = emit ? gone_c[s][1][1]
                           : g0[j] ? (g1[j] ? row[2] : row[1]) : row[0];
        end
        always_ff @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni) begin
            gone_q[k][j][0] <= 1'b0;
            gone_q[k][j][1] <= 1'b0;
          end else begin
            gone_q[k][j][0] <= gone_d[0];
            gone_q[k][j][1] <= gone_d[1];
          end
        end
      end else begin : gen_none
        assign gone_q[k][j][0] = 1'b0;
        assign gone_q[k][j][1] = 1'b0;
      end
    end
  end

  for (genvar j = 0; j < MaxWays; j++) begin : gen_head_flag
    if (j > 0 && j < Ways) begin : gen_pair
      logic same_c[3][3], ends_c[3][3];
      logic same_row[3], ends_row[3];
      logic same_d, ends_d;
      for (genvar a = 0; a < 3; a++) begin : gen_a
        for (genvar b = 0; b < 3; b++) begin : gen_b
          localparam int unsigned P = a, Q = j * Slots + b;
          assign ends_c[a][b] = e_vis[P] && e_ctrl[P] && e_vis[Q] && e_ctrl[Q];
          assign same_c[a][b] = ends_c[a][b]
                                || (e_dv[P] && e_dv[Q] && !gt[P][Q] && !gt[Q][P]);
        end
      end
      for (genvar b = 0; b < 3; b++) begin : gen_row
        assign same_row[b] = g0[0] ? (g1[0] ? same_c[2][b] : same_c[1][b]) : same_c[0][b];
        assign ends_row[b] = g0[0] ? (g1[0] ? ends_c[2][b] : ends_c[1][b]) : ends_c[0][b];
      end
      assign same_d = emit ? same_c[1][1]
                    : g0[j] ? (g1[j] ? same_row[2] : same_row[1]) : same_row[0];
      assign ends_d = emit ? ends_c[1][1]
                    : g0[j] ? (g1[j] ? ends_row[2] : ends_row[1]) : ends_row[0];
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          same_q[j] <= 1'b0;
          ends_q[j] <= 1'b0;
        end else begin
          same_q[j] <= same_d;
          ends_q[j] <= ends_d;
        end
      end
    end else begin : gen_none
      assign same_q[j] = 1'b1;
      assign ends_q[j] = 1'b1;
    end
  end

  // An emit needs room in every output buffer. room_q is that, registered: each
  // buffer's count is followed here too (the two agree: see the assertion below).
  logic all_ctrl;
  logic match;  // every head the same coordinate, or every head a stop
  logic room_q, room_d;
  logic crd_q_ready;
  logic [MaxWays-1:0] ref_q_ready;
  logic [1:0] cnt_q[MaxWays+1], cnt_d[MaxWays+1];  // entry MaxWays: crd
  logic [MaxWays:0] buf_pop;

  always_comb begin
    match    = 1'b1;
    all_ctrl = 1'b1;
    for (int j = 1; j < MaxWays; j++) begin
      match    = match && same_q[j];
      all_ctrl = all_ctrl && ends_q[j];
    end
  end
  assign emit    = room_q && match;
  assign buf_pop = {crd_valid_o && crd_ready_i, out_valid & out_ready & used};

  always_comb begin
    room_d = 1'b1;
    for (int b = 0; b <= MaxWays; b++) begin
      cnt_d[b] = cnt_q[b] + 2'(emit && (b == MaxWays || used[b])) - 2'(buf_pop[b]);
      if (cnt_d[b] == 2'd2) room_d = 1'b0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      room_q <= 1'b1;
      for (int b = 0; b <= MaxWays; b++) cnt_q[b] <= '0;
    end else begin
      room_q <= room_d;
      for (int b = 0; b <= MaxWays; b++) cnt_q[b] <= cnt_d[b];
    end
  end

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (room_q == (crd_q_ready && (ref_q_ready | ~used) == '1))
      else $error("sam_intersect: room register disagrees with the output buffers");
    end
  end
`else
  // Waiver: the buffers' own ready feeds the assertion only.
  logic unused_ready;
  assign unused_ready = crd_q_ready ^ (^ref_q_ready);
`endif

  for (genvar k = 0; k < MaxWays; k++) begin : gen_pop
    // An emit takes the head of every way. Otherwise a way drops its data head when
    // it is absent from another way, and its second slot too when that is data and
    // absent as well (at most two pairs a cycle; a stop leaves only by an emit).
    // (An emit and a drop never coincide: a drop needs a data head absent from
    // another way, an emit equal data heads or stops on every way.)
    always_comb begin
      g0[k] = 1'b0;
      g1[k] = 1'b0;
      for (int j = 0; j < MaxWays; j++) begin
        g0[k] = g0[k] || gone_q[k][j][0];
        g1[k] = g1[k] || gone_q[k][j][1];
      end
    end
    assign e_way[k] = used[k] && emit;
  end

  sam_fifo #(
    .Width(CrdWidth),
    .Depth(2)
  ) crd_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(emit),
    .ready_o(crd_q_ready),
    .tok_i  (hd_crd[0]),
    .valid_o(crd_valid_o),
    .ready_i(crd_ready_i),
    .tok_o  (crd_tok_o)
  );

  for (genvar k = 0; k < MaxWays; k++) begin : gen_way
    if (k < Ways) begin : gen_used
      sam_joiner_way #(
        .CrdWidth(CrdWidth),
        .RefWidth(RefWidth),
        .Name    ("sam_intersect"),
        .Way     (k)
      ) way (
        .clk_i      (clk_i),
        .rst_ni     (rst_ni),
        .crd_valid_i(crd_valid[k]),
        .ref_valid_i(ref_valid[k]),
        .ready_i    (in_ready[k]),
        .crd_tok_i  (crd_tok[k]),
        .ref_tok_i  (ref_tok[k]),
        .end_i      (all_ctrl),
        .end_tok_i  (hd_crd[k]),
        .end_ref_i  (hd_crd[0]),
        .emit_i     (emit),
        .room_o     (ref_q_ready[k]),
        .out_tok_i  (hd_ref[k]),
        .out_valid_o(out_valid[k]),
        .out_ready_i(out_ready[k]),
        .out_tok_o  (out_tok[k])
      );
    end else begin : gen_unused
      logic unused_way;
      assign unused_way     = ^{crd_valid[k], ref_valid[k], crd_tok[k], ref_tok[k],
                                out_ready[k]};
      assign ref_q_ready[k] = 1'b1;
      assign out_valid[k]   = 1'b0;
      assign out_tok[k]     = '0;
    end
  end

endmodule
