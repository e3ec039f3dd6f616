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
// Window: each way keeps its next three pairs in registers (slot 0 the head), and
// the order (<, >) of every two coordinates of different ways in registers too,
// updated as pairs shift and load (a loaded coordinate is compared with the other
// ways' registered slots and inputs). Inside a fiber a way drops its head (with its
// reference) once it cannot be common: some other way j holds a stop, or a larger
// head, or j's head is smaller and j's second slot is a stop or larger (the head
// lies strictly between two neighbours of j's sorted fiber). Its second slot goes
// in the same cycle when that is a coordinate that cannot be common either. So in
// fibers whose coordinates interleave, every way drops a pair or two each cycle.
//
// Throughput: a match or a stop moves one pair on every way and one token on every
// output; a way drops up to two pairs a cycle and takes one, so the window refills
// and a merge of fibers of a and b coordinates takes about max(a, b) cycles on
// random fibers (a + b - matches without the window). A dropped pair needs no output
// space. Each output sits behind a two-entry buffer (`sam_fifo`, Depth 2).
// Combinational paths: ready_o of way k = its two input valids and a free window
// slot after this cycle's drops, which depend on registered state only (window,
// order bits, the output buffers' registered ready): no path from any ready_i or
// any input token to any ready_o. Outputs come from the buffers' registers.
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
  logic [CrdWidth-1:0] c[MaxWays];

  // Each way's window: its next Slots pairs in stream order, registered, slot 0
  // the head. A way takes a pair (crd and ref both valid) whenever its window has
  // a free slot after this cycle's pops: ready_o depends on the way's two input
  // valids and on registered state only.
  localparam int unsigned Slots = 3;
  localparam int unsigned Entries = MaxWays * Slots;  // entry p = way * Slots + slot

  logic [CrdWidth:0]   w_crd[MaxWays][Slots];
  logic [RefWidth:0]   w_ref[MaxWays][Slots];
  logic [Slots-1:0]    w_valid_q[MaxWays];
  logic [1:0]          w_src[MaxWays][Slots];
  logic [1:0]          pops[MaxWays];  // pairs leaving way k this cycle, 0..2
  logic [MaxWays-1:0]  push;
  logic [CrdWidth:0]   hd_crd[MaxWays];
  logic [RefWidth:0]   hd_ref[MaxWays];

  // Every entry flattened: valid, stop (or D), coordinate.
  logic [Entries-1:0]  e_valid, e_ctrl;
  logic [CrdWidth-1:0] e_c[Entries];

  for (genvar k = 0; k < MaxWays; k++) begin : gen_window
    logic [CrdWidth:0] crd_d[Slots];
    logic [RefWidth:0] ref_d[Slots];
    logic [Slots-1:0]  valid_d, kept;

    assign used[k]     = k < Ways;
    assign head[k]     = used[k] && crd_valid[k] && ref_valid[k];
    assign c[k]        = crd_tok[k][CrdWidth-1:0];
    assign in_ready[k] = head[k] && (!w_valid_q[k][Slots-1] || pops[k] != '0);
    assign push[k]     = in_ready[k];
    assign hd_crd[k]   = w_crd[k][0];
    assign hd_ref[k]   = w_ref[k][0];

    // Shift out the popped pairs; a slot left empty loads the input pair, which
    // counts (valid) only in the first empty slot and only when pushed. w_src: what
    // each slot takes, slot i + 0..2 or (3) the input.
    always_comb begin
      for (int i = 0; i < Slots; i++) begin
        kept[i]     = 1'b0;
        w_src[k][i] = 2'd3;
        for (int s = 0; s < 3; s++) begin
          if (int'(pops[k]) == s && i + s < Slots && w_valid_q[k][i+s]) begin
            kept[i]     = 1'b1;
            w_src[k][i] = 2'(s);
          end
        end
        crd_d[i] = crd_tok[k];
        ref_d[i] = ref_tok[k];
        for (int s = 0; s < 3; s++) begin
          if (w_src[k][i] == 2'(s) && i + s < Slots) begin
            crd_d[i] = w_crd[k][i+s];
            ref_d[i] = w_ref[k][i+s];
          end
        end
      end
      valid_d = kept;
      for (int i = 0; i < Slots; i++) begin
        if (push[k] && !kept[i] && (i == 0 || kept[i-1])) valid_d[i] = 1'b1;
      end
    end

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        w_valid_q[k] <= '0;
        for (int i = 0; i < Slots; i++) begin
          w_crd[k][i] <= '0;
          w_ref[k][i] <= '0;
        end
      end else begin
        w_valid_q[k] <= valid_d;
        for (int i = 0; i < Slots; i++) begin
          w_crd[k][i] <= crd_d[i];
          w_ref[k][i] <= ref_d[i];
        end
      end
    end

    for (genvar i = 0; i < Slots; i++) begin : gen_entry
      assign e_valid[k*Slots+i] = used[k] && w_valid_q[k][i];
      assign e_ctrl[k*Slots+i]  = w_crd[k][i][CrdWidth];
      assign e_c[k*Slots+i]     = w_crd[k][i][CrdWidth-1:0];
    end
  end

  // The order of every two entries of different ways, registered: gt_q[p][q] is
  // e_c[p] > e_c[q] and lt_q[p][q] is e_c[p] < e_c[q] (p < q; meaningful for two
  // valid coordinates). The rules below read only these registers. For the next
  // cycle each slot keeps a shifted pair or loads its way's input, so each pair of
  // slots takes a shifted registered bit, a comparison of a registered entry with
  // another way's input, or one of two inputs: no comparator on the loop through
  // the pops.
  logic in_gt[Entries][MaxWays];  // e_c[p] > the coordinate on input j
  logic in_lt[Entries][MaxWays];  // e_c[p] < the coordinate on input j
  logic ii_gt[MaxWays][MaxWays];  // input k > input j (k < j)
  logic ii_lt[MaxWays][MaxWays];  // input k < input j (k < j)
  logic gt_q[Entries][Entries];
  logic lt_q[Entries][Entries];

  for (genvar p = 0; p < Entries; p++) begin : gen_in_cmp
    for (genvar j = 0; j < MaxWays; j++) begin : gen_way_cmp
      if (p / Slots != j && j < Ways && p / Slots < Ways) begin : gen_pair
        assign in_gt[p][j] = e_c[p] > c[j];
        assign in_lt[p][j] = e_c[p] < c[j];
      end else begin : gen_none
        assign in_gt[p][j] = 1'b0;
        assign in_lt[p][j] = 1'b0;
      end
    end
  end
  for (genvar k = 0; k < MaxWays; k++) begin : gen_ii_row
    for (genvar j = 0; j < MaxWays; j++) begin : gen_ii
      if (k < j && j < Ways) begin : gen_pair
        assign ii_gt[k][j] = c[k] > c[j];
        assign ii_lt[k][j] = c[k] < c[j];
      end else begin : gen_none
        assign ii_gt[k][j] = 1'b0;
        assign ii_lt[k][j] = 1'b0;
      end
    end
  end

  for (genvar p = 0; p < Entries; p++) begin : gen_order_row
    for (genvar q = 0; q < Entries; q++) begin : gen_order
      localparam int unsigned K = p / Slots, I = p % Slots, J = q / Slots, M = q % Slots;
      if (p < q && K != J && J < Ways) begin : gen_pair
        // cand_*[a][b]: the order when slot p takes source a and slot q source b.
        logic cand_gt[4][4], cand_lt[4][4];
        logic gt_d, lt_d;
        for (genvar a = 0; a < 4; a++) begin : gen_a
          for (genvar b = 0; b < 4; b++) begin : gen_b
            localparam bit OldP = a < 3 && I + a < Slots, OldQ = b < 3 && M + b < Slots;
            localparam int unsigned Fp = OldP ? p + a : p, Fq = OldQ ? q + b : q;
            if (OldP && OldQ) begin : gen_old_old
              assign cand_gt[a][b] = gt_q[Fp][Fq];
              assign cand_lt[a][b] = lt_q[Fp][Fq];
            end else if (OldP) begin : gen_old_in
              assign cand_gt[a][b] = in_gt[Fp][J];
              assign cand_lt[a][b] = in_lt[Fp][J];
            end else if (OldQ) begin : gen_in_old
              assign cand_gt[a][b] = in_lt[Fq][K];
              assign cand_lt[a][b] = in_gt[Fq][K];
            end else begin : gen_in_in
              assign cand_gt[a][b] = ii_gt[K][J];
              assign cand_lt[a][b] = ii_lt[K][J];
            end
          end
        end
        assign gt_d = cand_gt[w_src[K][I]][w_src[J][M]];
        assign lt_d = cand_lt[w_src[K][I]][w_src[J][M]];
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

  // absent[k][i]: slot i of way k holds a coordinate x that is not in some other
  // way j's fiber, because j's window shows it: j's fiber is sorted, so x is absent
  // when the first of j's slots (in order) holding a stop or a coordinate >= x holds
  // a stop or a coordinate > x. The rule reads j's first Look slots: j's head, or
  // j's second slot with the head a coordinate < x. (Slots of j after a stop belong
  // to the next fiber; they are never reached, since the stop decides first. Only
  // slot 1 of k after a data head is used, so x is in the current fiber.)
  localparam int unsigned Look = 2;  // a third slot gains little in simulation
  logic absent[MaxWays][2];
  for (genvar k = 0; k < MaxWays; k++) begin : gen_absent
    for (genvar i = 0; i < 2; i++) begin : gen_slot
      localparam int unsigned P = k * Slots + i;
      always_comb begin
        absent[k][i] = 1'b0;
        for (int j = 0; j < MaxWays; j++) begin
          if (j != k) begin
            for (int m = 0; m < Look; m++) begin
              // q: j's slot m; r: the slot before it (q itself for the head, unused).
              int unsigned q, r;
              q = j * Slots + m;
              r = m > 0 ? q - 1 : q;
              if (e_valid[q] && (e_ctrl[q] || greater(q, P, gt_q, lt_q))
                  && (m == 0 || (!e_ctrl[r] && greater(P, r, gt_q, lt_q))))
                absent[k][i] = 1'b1;
            end
          end
        end
      end
    end
  end

  logic all_head, any_ctrl, all_ctrl, match;
  // Kept whole so that synthesis maps it as its own LUT level (better ECP5 Fmax,
  // measured over placement seeds).
  (* keep *) logic emit;
  logic q_ready;  // every output buffer has room
  logic crd_q_ready;
  logic [MaxWays-1:0] ref_q_ready, is_data, is_ctrl, nx_data;

  for (genvar k = 0; k < MaxWays; k++) begin : gen_head
    assign is_data[k] = e_valid[k*Slots] && !e_ctrl[k*Slots];
    assign is_ctrl[k] = e_valid[k*Slots] && e_ctrl[k*Slots];
    assign nx_data[k] = e_valid[k*Slots+1] && !e_ctrl[k*Slots+1];
  end

  assign all_head = (is_data | is_ctrl | ~used) == '1;
  assign any_ctrl = is_ctrl != '0;
  assign all_ctrl = all_head && (is_ctrl | ~used) == '1;
  // Every way holds data and the coordinates are equal.
  logic all_eq;
  always_comb begin
    all_eq = 1'b1;
    for (int k = 1; k < MaxWays; k++) begin
      if (used[k] && (gt_q[0][k*Slots] || lt_q[0][k*Slots])) all_eq = 1'b0;
    end
  end
  assign match    = all_head && !any_ctrl && all_eq;
  assign q_ready  = crd_q_ready && (ref_q_ready | ~used) == '1;
  assign emit     = q_ready && (match || all_ctrl);

  for (genvar k = 0; k < MaxWays; k++) begin : gen_pop
    // An emit takes the head of every way. Otherwise a way drops its data head when
    // it is absent from another way, and its second slot too when that is data and
    // absent as well (at most two pairs a cycle; a stop leaves only by an emit).
    // (An emit and a drop never coincide: a drop needs a data head absent from
    // another way, an emit equal data heads or stops on every way.)
    logic drop1, drop2;
    assign drop1   = used[k] && is_data[k] && absent[k][0];
    assign drop2   = drop1 && nx_data[k] && absent[k][1];
    assign pops[k] = {drop2, (used[k] && emit) || (drop1 && !drop2)};
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
