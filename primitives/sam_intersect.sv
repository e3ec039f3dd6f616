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
// Stages: each way's pair is first registered (stage); nothing compares an input
// port, so an upstream FIFO's read ends at that register. From the stage it moves
// to nxt, and from nxt into the way's window the cycle after, always: the stage
// moves on only when the window will have a free slot then whatever it drops.
//
// Window: each way keeps its next five pairs in registers (slot 0 the head, the
// valid ones first), and the order of every two tokens of different ways in
// registers too (a stop or D ranks above every coordinate), as two bits per pair:
// p above q with q a coordinate, and q above p with p a coordinate (both valid;
// 0 for an empty slot). Inside a fiber a way drops its head (with its reference)
// once it cannot be common: some other way j holds a stop, or a larger head, or
// j's head is smaller and j's second slot is a stop or larger (the head lies
// strictly between two neighbours of j's sorted fiber). Its second slot goes in
// the same cycle when that is a coordinate that cannot be common either. So in
// fibers whose coordinates interleave, every way drops a pair or two each cycle.
//
// Timing: the decision of a cycle (emit, and per way: shift by at least one, by
// two) is a set of registers, computed the cycle before: for each pair of ways
// and each of the 3 x 3 ways their windows can shift, the flags after that shift
// are computed from the registered order bits, and the actual shifts pick the ones
// to register. The order bits shift the same way. A pair is compared in the stage
// with every slot of the other ways and with their nxt, straight into registers;
// when it enters the window its order bits are those results, picked by where the
// compared tokens have moved. So every loop is: registers -> (one LUT) -> two
// 3-way picks by registered shifts -> registers, and every comparison (a carry
// chain) ends in a register. The decision registers come in copies, one per group
// of muxes they drive (see Copies).
//
// Throughput: a match or a stop moves one pair on every way and one token on every
// output; a way drops up to two pairs a cycle and takes one, so the window refills
// and a merge of fibers of a and b coordinates takes about max(a, b) cycles on
// random fibers (a + b - matches without the window). A pair becomes visible to the
// decision the cycle after it enters the window. A dropped pair needs no output
// space. Each output sits behind a three-entry buffer (`sam_fifo`, Depth 3); an
// emit is decided a cycle ahead when every buffer holds at most one token
// (room_q, a register kept beside them), so it always fits.
// Latency: input to output 4 cycles at the least (stage, nxt, window with the
// decision registered a cycle ahead, output buffer).
// Combinational paths: ready_o of way k = its two input valids, the stage's valid
// and whether the stage moves on this cycle, which depends on registered state
// only: no path from any ready_i or any input token to any ready_o. Outputs come
// from the buffers' registers.
// crd<k>_ready_o == ref<k>_ready_o (the pair moves together).
//
// Coordinate skipping (seed 003 section 4.2) would add per-way skip outputs to the
// scanners. This version has none: SkipEn is reserved and only 0 is legal (the
// co-simulation harness waits for D on every output, so an always-idle output
// channel cannot be part of a testable configuration).
//
// Three ways: hdl-gen builds a 3-way intersector as sam_joiner3 (two of these with
// Ways == 2 in a row: faster on ECP5, see its header) when its references fit 30
// bits; Ways == 3 here is for wider references.
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

  // Each way's window: its next Slots pairs in stream order, registered, slot 0 the
  // head, the valid ones first. nxt enters the first slot left empty after this
  // cycle's pops.
  localparam int unsigned Slots = 5;
  localparam int unsigned Entries = MaxWays * Slots;  // entry p = way * Slots + slot

  logic [MaxWays-1:0]  stg_valid_q, nxt_valid_q;
  logic [CrdWidth:0]   stg_crd_q[MaxWays], nxt_crd_q[MaxWays];
  logic [RefWidth:0]   stg_ref_q[MaxWays], nxt_ref_q[MaxWays];
  logic [CrdWidth:0]   w_crd[MaxWays][Slots];
  logic [RefWidth:0]   w_ref[MaxWays][Slots];
  logic [Slots-1:0]    w_valid_q[MaxWays];
  // The decision of this cycle: an emit (every way's head leaves to the outputs,
  // every window shifts by one), else per way a shift by one (its head dropped) or
  // two (its first two dropped). Registers, in copies, one per group of muxes they
  // drive (a few hundred LUTs each; one register for all would spend the cycle in
  // the routing of its fan-out): the flags and outputs, the order bits, the
  // comparisons' picks, the window. The keep on their block stops synthesis from
  // merging the copies back into one.
  localparam int unsigned Copies = 4;
  localparam int unsigned CpFlags = 0, CpOrder = 1, CpNext = 2, CpWindow = 3;
  logic                emit;
  // Only copy 0 of the emit is read (synthesis drops the others). Leaving them
  // out changes abc's mapping of the whole block: 1822 LUTs and 146.6 MHz on
  // seed 3 instead of 1659 and 154.9 (session 5).
  logic                emit_cq[Copies];
  logic [MaxWays-1:0]  sh1_cq[Copies], sh2_cq[Copies];  // way k shifts by >= 1, by 2
  logic [1:0]          w_src[MaxWays][Slots];  // slot i takes slot i + 0..2, or (3) nxt
  // The same with 3 for the slot nxt enters only; an empty slot takes its shift's
  // source (empty too, or past the window: its order bits stay 0).
  logic [1:0]          w_srcm[MaxWays][Slots];
  logic [Slots-1:0]    dv_q[MaxWays];  // valid and a coordinate
  logic [Slots-1:0]    load[MaxWays];  // slots nxt enters this cycle
  logic [MaxWays-1:0]  push;
  logic [CrdWidth:0]   hd_crd[MaxWays];
  logic [RefWidth:0]   hd_ref[MaxWays];

  // Every entry flattened: valid, stop (or D), coordinate.
  logic [Entries-1:0]  e_ctrl;
  logic [Entries-1:0]  e_vis;  // w_valid_q flattened
  // Waiver: with Ways == 2 no comparison reads way 2's entries.
  /* verilator lint_off UNUSEDSIGNAL */
  logic [Entries-1:0]  e_dv;  // dv_q flattened
  /* verilator lint_on UNUSEDSIGNAL */
  logic [CrdWidth:0]   e_c[Entries];  // the token: a stop (or D) above every coordinate

  // What slot i holds after a way's shift (s1: by at least one, s2: by two): what
  // slot i (x0), i + 1 (x1) or i + 2 (x2) holds now. A macro, not a function:
  // in the C++ that Verilator writes, every call of a function has its own
  // copies of the arguments (with this and gt below, a kernel model's C++ is 3.8
  // times smaller).
`define SAM_PICK3(x0, x1, x2, s1, s2) ((s2) ? (x2) : (s1) ? (x1) : (x0))

  // The comparisons, masked as the order bits are: a above b with b a coordinate,
  // a below b with a a coordinate. Two carry chains: yosys would take a > b beside
  // a < b from the same subtraction's equality (XORs and an AND tree, three LUT
  // levels more); the appended bits keep them apart ({b, 1} < {a, 0} is b < a).
  function automatic logic above(logic [CrdWidth:0] a, logic [CrdWidth:0] b);
    return !b[CrdWidth] && {b, 1'b1} < {a, 1'b0};
  endfunction
  function automatic logic below(logic [CrdWidth:0] a, logic [CrdWidth:0] b);
    return !a[CrdWidth] && a < b;
  endfunction

  for (genvar k = 0; k < MaxWays; k++) begin : gen_window
    logic [CrdWidth:0] crd_d[Slots];
    logic [RefWidth:0] ref_d[Slots];
    logic [Slots-1:0]  valid_d, kept;
    logic [Slots-1:0]  ffp_d[3], ffp_q[3];  // [shift][slot]
    logic              advance;  // the stage moves on to nxt

    assign used[k]     = k < Ways;
    assign head[k]     = used[k] && crd_valid[k] && ref_valid[k];
    assign c[k]        = stg_crd_q[k];
    // nxt always enters the window (push): the stage advances only when the
    // window will have a free slot next cycle even if it drops nothing then.
    assign push[k]     = nxt_valid_q[k];
    assign advance     = stg_valid_q[k] && !valid_d[Slots-1];
    assign in_ready[k] = head[k] && (!stg_valid_q[k] || advance);

    // The input stage: one pair, registered.
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
        end else if (advance) begin
          stg_valid_q[k] <= 1'b0;
        end
      end
    end

    // The next pair: compared with the other ways' windows while in the stage, it
    // enters the window in the cycle after.
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        nxt_valid_q[k] <= 1'b0;
        nxt_crd_q[k]   <= '0;
        nxt_ref_q[k]   <= '0;
      end else begin
        nxt_valid_q[k] <= advance;
        if (advance) begin
          nxt_crd_q[k] <= stg_crd_q[k];
          nxt_ref_q[k] <= stg_ref_q[k];
        end
      end
    end
    assign hd_crd[k]   = w_crd[k][0];
    assign hd_ref[k]   = w_ref[k][0];

    // Slot i keeps slot i + shift (when that is valid) or loads nxt.
    always_comb begin
      for (int i = 0; i < Slots; i++) begin
        logic [Slots+1:0] v;
        logic s1, s2;
        v = {2'b00, w_valid_q[k]};
        s1 = sh1_cq[CpWindow][k];
        s2 = sh2_cq[CpWindow][k];
        kept[i] = s2 ? v[i+2] : s1 ? v[i+1] : v[i];
        w_src[k][i]  = !kept[i] ? 2'd3 : s2 ? 2'd2 : s1 ? 2'd1 : 2'd0;
        crd_d[i] = nxt_crd_q[k];
        ref_d[i] = nxt_ref_q[k];
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
      for (int i = 0; i < Slots; i++) begin
        w_srcm[k][i] = (valid_d[i] && !kept[i]) ? 2'd3
                     : sh2_cq[CpWindow][k] ? 2'd2 : sh1_cq[CpWindow][k] ? 2'd1 : 2'd0;
      end
    end

    // The slot nxt enters next cycle, for each shift then (ffp_q: the first empty
    // slot after it), so that which slot loads is one pick of registers.
    always_comb begin
      for (int a = 0; a < 3; a++) begin
        for (int i = 0; i < Slots; i++) begin
          logic [Slots+2:0] vd;
          vd = {3'b000, valid_d};
          ffp_d[a][i] = advance && (i + a == 0 || vd[i+a-1]) && !vd[i+a];
        end
      end
      for (int i = 0; i < Slots; i++) begin
        load[k][i] = `SAM_PICK3(ffp_q[0][i], ffp_q[1][i], ffp_q[2][i],
                                sh1_cq[CpWindow][k], sh2_cq[CpWindow][k]);
      end
    end
`ifndef SAM_ASSERTS_OFF
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        assert (load[k] == (used[k] ? valid_d & ~kept : '0))
        else $error("sam_intersect: way %0d loads slots %b, expected %b", k, load[k],
                    valid_d & ~kept);
        assert (!push[k] || !kept[Slots-1])
        else $error("sam_intersect: way %0d's nxt finds the window full", k);
      end
    end
`endif

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        w_valid_q[k] <= '0;
        dv_q[k]      <= '0;
        ffp_q        <= '{default: '0};
        for (int i = 0; i < Slots; i++) begin
          w_crd[k][i] <= '0;
          w_ref[k][i] <= '0;
        end
      end else begin
        w_valid_q[k] <= valid_d;
        for (int i = 0; i < Slots; i++) dv_q[k][i] <= valid_d[i] && !crd_d[i][CrdWidth];
        ffp_q        <= ffp_d;
        for (int i = 0; i < Slots; i++) begin
          w_crd[k][i] <= crd_d[i];
          w_ref[k][i] <= ref_d[i];
        end
      end
    end

    for (genvar i = 0; i < Slots; i++) begin : gen_entry
      assign e_vis[k*Slots+i]   = used[k] && w_valid_q[k][i];
      assign e_dv[k*Slots+i]    = used[k] && dv_q[k][i];
      assign e_ctrl[k*Slots+i]  = w_crd[k][i][CrdWidth];
      assign e_c[k*Slots+i]     = w_crd[k][i];
    end
  end


  // The order of every two entries of different ways, registered (p < q):
  // gt_q[p][q] is "p holds a token above q's, and q a coordinate", lt_q[p][q] is
  // "q above p, and p a coordinate"; both 0 when either slot is empty. A pair is
  // compared while in the stage: with every slot of the other ways (raw_*_q) and
  // their nxt (rawn_*_q), and with their stages (ii_*_q). A cycle later src_q
  // tells where each compared token moved, so nx_*_q is what slot p holds now
  // against what nxt j holds; the cycle nxt enters the window its order bits are
  // those, picked by the other way's shift. The order bits of two kept entries
  // are the registered ones, picked by the two ways' shifts. So each order bit is
  // a pick of registers, and every comparison goes straight into a register.
  logic raw_gt_q[Entries][MaxWays];  // slot p held a token above stage j's, a coordinate
  logic raw_lt_q[Entries][MaxWays];  // stage j held a token above slot p's, a coordinate
  logic rawn_gt_q[MaxWays][MaxWays];  // the same for nxt k against stage j
  logic rawn_lt_q[MaxWays][MaxWays];
  logic [1:0] src_q[MaxWays][Slots];  // w_srcm, a cycle ago
  logic nx_gt_q[Entries][MaxWays];  // raw_gt_q for what slot p holds now and nxt j
  logic nx_lt_q[Entries][MaxWays];
  logic nx_gt[Entries][MaxWays];  // the same for what slot p holds next
  logic nx_lt[Entries][MaxWays];
  logic gt_q[Entries][Entries];
  logic lt_q[Entries][Entries];

  for (genvar p = 0; p < Entries; p++) begin : gen_in_cmp
    for (genvar j = 0; j < MaxWays; j++) begin : gen_way_cmp
      localparam int unsigned K = p / Slots, I = p % Slots;
      if (K != j && j < Ways && K < Ways) begin : gen_pair
        // cand_*[s]: what slot p holds now came from source s the cycle before
        // (slot p + s, or 3: nxt of way K), compared then with stage j (now nxt j).
        logic cand_gt[4], cand_lt[4];
        logic shifted_gt[3], shifted_lt[3];  // nx_* of slot p + s
        for (genvar a = 0; a < 3; a++) begin : gen_a
          if (I + a < Slots) begin : gen_old
            assign cand_gt[a]    = raw_gt_q[p+a][j];
            assign cand_lt[a]    = raw_lt_q[p+a][j];
            assign shifted_gt[a] = nx_gt_q[p+a][j];
            assign shifted_lt[a] = nx_lt_q[p+a][j];
          end else begin : gen_none
            assign cand_gt[a]    = 1'b0;
            assign cand_lt[a]    = 1'b0;
            assign shifted_gt[a] = 1'b0;
            assign shifted_lt[a] = 1'b0;
          end
        end
        assign cand_gt[3] = rawn_gt_q[K][j];
        assign cand_lt[3] = rawn_lt_q[K][j];
        always_ff @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni) begin
            raw_gt_q[p][j] <= 1'b0;
            raw_lt_q[p][j] <= 1'b0;
          end else begin
            raw_gt_q[p][j] <= e_vis[p] && above(e_c[p], c[j]);
            raw_lt_q[p][j] <= e_dv[p] && e_c[p] < c[j];  // below(), the kind registered
          end
        end
        assign nx_gt_q[p][j] = cand_gt[src_q[K][I]];
        assign nx_lt_q[p][j] = cand_lt[src_q[K][I]];
        assign nx_gt[p][j] = `SAM_PICK3(shifted_gt[0], shifted_gt[1], shifted_gt[2],
                                        sh1_cq[CpNext][K], sh2_cq[CpNext][K]);
        assign nx_lt[p][j] = `SAM_PICK3(shifted_lt[0], shifted_lt[1], shifted_lt[2],
                                        sh1_cq[CpNext][K], sh2_cq[CpNext][K]);
      end else begin : gen_none
        assign raw_gt_q[p][j] = 1'b0;
        assign raw_lt_q[p][j] = 1'b0;
        assign nx_gt_q[p][j] = 1'b0;
        assign nx_lt_q[p][j] = 1'b0;
        assign nx_gt[p][j]   = 1'b0;
        assign nx_lt[p][j]   = 1'b0;
      end
    end
  end

  // rawn_*_q[k][j]: nxt k against stage j; ii_*_q[k][j]: stage k against stage j
  // (k < j), a cycle ago (both in nxt now).
  logic ii_gt_q[MaxWays][MaxWays];
  logic ii_lt_q[MaxWays][MaxWays];
  for (genvar k = 0; k < MaxWays; k++) begin : gen_stage_row
    for (genvar j = 0; j < MaxWays; j++) begin : gen_stage_cmp
      if (k != j && k < Ways && j < Ways) begin : gen_pair
        always_ff @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni) begin
            rawn_gt_q[k][j] <= 1'b0;
            rawn_lt_q[k][j] <= 1'b0;
          end else begin
            rawn_gt_q[k][j] <= above(nxt_crd_q[k], c[j]);
            rawn_lt_q[k][j] <= below(nxt_crd_q[k], c[j]);
          end
        end
      end else begin : gen_none
        assign rawn_gt_q[k][j] = 1'b0;
        assign rawn_lt_q[k][j] = 1'b0;
      end
      if (k < j && j < Ways) begin : gen_ii
        always_ff @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni) begin
            ii_gt_q[k][j] <= 1'b0;
            ii_lt_q[k][j] <= 1'b0;
          end else begin
            ii_gt_q[k][j] <= above(c[k], c[j]);
            ii_lt_q[k][j] <= below(c[k], c[j]);
          end
        end
      end else begin : gen_ii_none
        assign ii_gt_q[k][j] = 1'b0;
        assign ii_lt_q[k][j] = 1'b0;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int k = 0; k < MaxWays; k++) begin
        for (int i = 0; i < Slots; i++) src_q[k][i] <= '0;
      end
    end else begin
      src_q <= w_srcm;
    end
  end

  for (genvar p = 0; p < Entries; p++) begin : gen_order_row
    for (genvar q = 0; q < Entries; q++) begin : gen_order
      localparam int unsigned K = p / Slots, I = p % Slots, J = q / Slots, M = q % Slots;
      if (p < q && K != J && J < Ways) begin : gen_pair
        // Slot p keeps entry p + pops[K], slot q entry q + pops[J].
        logic old_gt[3][3], old_lt[3][3];  // [a][b]: p takes p + a, q takes q + b
        logic row_gt[3], row_lt[3];
        logic kept_gt, kept_lt;
        logic gt_d, lt_d;
        for (genvar a = 0; a < 3; a++) begin : gen_a
          for (genvar b = 0; b < 3; b++) begin : gen_b
            if (I + a < Slots && M + b < Slots) begin : gen_old
              assign old_gt[a][b] = gt_q[p+a][q+b];
              assign old_lt[a][b] = lt_q[p+a][q+b];
            end else begin : gen_none
              assign old_gt[a][b] = 1'b0;
              assign old_lt[a][b] = 1'b0;
            end
          end
        end
        for (genvar b = 0; b < 3; b++) begin : gen_row
          assign row_gt[b] = `SAM_PICK3(old_gt[0][b], old_gt[1][b], old_gt[2][b],
                                        sh1_cq[CpOrder][K], sh2_cq[CpOrder][K]);
          assign row_lt[b] = `SAM_PICK3(old_lt[0][b], old_lt[1][b], old_lt[2][b],
                                        sh1_cq[CpOrder][K], sh2_cq[CpOrder][K]);
        end
        assign kept_gt = `SAM_PICK3(row_gt[0], row_gt[1], row_gt[2],
                                    sh1_cq[CpOrder][J], sh2_cq[CpOrder][J]);
        assign kept_lt = `SAM_PICK3(row_lt[0], row_lt[1], row_lt[2],
                                    sh1_cq[CpOrder][J], sh2_cq[CpOrder][J]);
        assign gt_d = load[K][I] ? (load[J][M] ? ii_gt_q[K][J] : nx_lt[q][K])
                    : load[J][M] ? nx_gt[p][J] : kept_gt;
        assign lt_d = load[K][I] ? (load[J][M] ? ii_lt_q[K][J] : nx_gt[q][K])
                    : load[J][M] ? nx_lt[p][J] : kept_lt;
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

  // gt[p][q]: p holds a token above q's, and q a coordinate (both valid), for two
  // entries of different ways. (Not a function of the two arrays: Verilator
  // copies array arguments at every call, 450 assignments each.)
  logic gt[Entries][Entries];
  for (genvar p = 0; p < Entries; p++) begin : gen_cmp_row
    for (genvar q = 0; q < Entries; q++) begin : gen_cmp
      if (p / Slots != q / Slots && p / Slots < Ways && q / Slots < Ways) begin : gen_pair
        assign gt[p][q] = p < q ? gt_q[p][q] : lt_q[q][p];
      end else begin : gen_none
        assign gt[p][q] = 1'b0;
      end
    end
  end

  // The decision of the next cycle: for every way k and other way j, and for each
  // of the 3 x 3 ways the two windows can shift this cycle (k by a, j by b), the
  // flags of the windows after that shift are computed from the registers now,
  // and this cycle's shifts pick the ones to register. nxt entering this cycle is
  // not in the order bits yet, so the flags see its slot empty: they may decide
  // less than they could (never wrongly); the cycle after, they see it.
  //
  // gone[k][j][s]: k's slot s (0, 1) holds a coordinate x that is not in j's fiber,
  // because j's window shows it: j's fiber is sorted, so x is absent when the first
  // of j's slots (in order) holding a stop or a coordinate >= x holds a stop or a
  // coordinate > x. The rule reads j's first two slots: j's head, or j's second slot
  // with the head a coordinate < x. (Slots of j after a stop belong to the next
  // fiber; they are never reached, since the stop decides first. Only slot 1 of k
  // after a data head absent is used, so x is in the current fiber.) The order
  // bits being 0 for an empty slot and for a stop below, this is one LUT.
  // same[j]: way 0's and way j's heads are the same coordinate or both stops (or
  // D), and every output buffer will have room (room_q). For unused ways: gone 0,
  // same 1. A shift by at least one is an emit (same on every way) or a head gone;
  // by two, the first two gone. (An emit and a drop never coincide: a drop needs a
  // data head absent from another way, an emit equal data heads or stops on every
  // way; a stop leaves only by an emit.)
  logic gone_d[MaxWays][MaxWays][2];  // for the next cycle, by pair of ways
  logic same_d[MaxWays];
  // With two ways, each way's shift is picked as a whole (t1: an emit or the head
  // gone; s2: the first two gone), a LUT level less than combining the picks.
  logic [MaxWays-1:0] two_t1_d, two_s2_d;
  logic room_q;  // every output buffer holds at most one token: an emit next cycle fits

  for (genvar k = 0; k < MaxWays; k++) begin : gen_flag_row
    for (genvar j = 0; j < MaxWays; j++) begin : gen_flag
      if (k != j && k < Ways && j < Ways) begin : gen_pair
        logic gone_c[2][3][3];  // [s][a][b]
        for (genvar a = 0; a < 3; a++) begin : gen_a
          for (genvar b = 0; b < 3; b++) begin : gen_b
            localparam int unsigned Q0 = j * Slots + b, Q1 = Q0 + 1;
            for (genvar s = 0; s < 2; s++) begin : gen_s
              localparam int unsigned X = k * Slots + a + s;
              assign gone_c[s][a][b] = gt[Q0][X] || (gt[Q1][X] && gt[X][Q0]);
            end
          end
        end
        // gone_d: read by the 3-way combine only (with two ways gen_two picks the
        // shifts whole and synthesis drops these picks).
        for (genvar s = 0; s < 2; s++) begin : gen_pick
          logic row[3];
          for (genvar b = 0; b < 3; b++) begin : gen_row
            assign row[b] = `SAM_PICK3(gone_c[s][0][b], gone_c[s][1][b], gone_c[s][2][b],
                                       sh1_cq[CpFlags][k], sh2_cq[CpFlags][k]);
          end
          assign gone_d[k][j][s] = `SAM_PICK3(row[0], row[1], row[2],
                                              sh1_cq[CpFlags][j], sh2_cq[CpFlags][j]);
        end
        if (Ways == 2) begin : gen_two
          logic t1_c[3][3], s2_c[3][3];
          logic t1_row[3], s2_row[3];
          for (genvar a = 0; a < 3; a++) begin : gen_a
            for (genvar b = 0; b < 3; b++) begin : gen_b
              // same_c is indexed by (way 0's shift, way 1's shift).
              assign t1_c[a][b] = gone_c[0][a][b]
                                  || (k == 0 ? gen_head_flag[1].gen_pair.same_c[a][b]
                                             : gen_head_flag[1].gen_pair.same_c[b][a]);
              assign s2_c[a][b] = gone_c[0][a][b] && gone_c[1][a][b];
            end
          end
          for (genvar b = 0; b < 3; b++) begin : gen_row
            assign t1_row[b] = `SAM_PICK3(t1_c[0][b], t1_c[1][b], t1_c[2][b],
                                          sh1_cq[CpFlags][k], sh2_cq[CpFlags][k]);
            assign s2_row[b] = `SAM_PICK3(s2_c[0][b], s2_c[1][b], s2_c[2][b],
                                          sh1_cq[CpFlags][k], sh2_cq[CpFlags][k]);
          end
          assign two_t1_d[k] = `SAM_PICK3(t1_row[0], t1_row[1], t1_row[2],
                                          sh1_cq[CpFlags][j], sh2_cq[CpFlags][j]);
          assign two_s2_d[k] = `SAM_PICK3(s2_row[0], s2_row[1], s2_row[2],
                                          sh1_cq[CpFlags][j], sh2_cq[CpFlags][j]);
        end
      end else begin : gen_none
        assign gone_d[k][j][0] = 1'b0;
        assign gone_d[k][j][1] = 1'b0;
      end
    end
  end

  for (genvar k = 0; k < MaxWays; k++) begin : gen_two_none
    if (Ways != 2 || k >= Ways) begin : gen_none
      assign two_t1_d[k] = 1'b0;
      assign two_s2_d[k] = 1'b0;
    end
  end

  for (genvar j = 0; j < MaxWays; j++) begin : gen_head_flag
    if (j > 0 && j < Ways) begin : gen_pair
      logic same_c[3][3];
      logic same_row[3];
      for (genvar a = 0; a < 3; a++) begin : gen_a
        for (genvar b = 0; b < 3; b++) begin : gen_b
          localparam int unsigned P = a, Q = j * Slots + b;
          assign same_c[a][b] = room_q && e_vis[P] && e_vis[Q] && !gt[P][Q] && !gt[Q][P];
        end
      end
      for (genvar b = 0; b < 3; b++) begin : gen_row
        assign same_row[b] = `SAM_PICK3(same_c[0][b], same_c[1][b], same_c[2][b],
                                        sh1_cq[CpFlags][0], sh2_cq[CpFlags][0]);
      end
      assign same_d[j] = `SAM_PICK3(same_row[0], same_row[1], same_row[2],
                                    sh1_cq[CpFlags][j], sh2_cq[CpFlags][j]);
    end else begin : gen_none
      assign same_d[j] = 1'b1;
    end
  end

  // Each output buffer's count is followed here too: room_q says each holds at
  // most one token, so an emit decided now fits next cycle whatever they pop.
  logic all_ctrl;  // every head a stop (for the joiners' checks)
  logic match_d;  // every head the same coordinate, or every head a stop, next cycle
  logic room_d;
  logic [MaxWays-1:0] g0_d, g1_d, sh1_d, sh2_d;
  logic crd_q_ready;
  logic [MaxWays-1:0] ref_q_ready;
  logic [1:0] cnt_q[MaxWays+1], cnt_d[MaxWays+1];  // entry MaxWays: crd
  logic [MaxWays:0] buf_pop;

  always_comb begin
    match_d  = 1'b1;
    all_ctrl = 1'b1;
    for (int j = 1; j < MaxWays; j++) match_d = match_d && same_d[j];
    for (int k = 0; k < MaxWays; k++) begin
      g0_d[k] = 1'b0;
      g1_d[k] = 1'b0;
      for (int j = 0; j < MaxWays; j++) begin
        g0_d[k] = g0_d[k] || gone_d[k][j][0];
        g1_d[k] = g1_d[k] || gone_d[k][j][1];
      end
    end
    for (int k = 0; k < MaxWays; k++) begin
      all_ctrl = all_ctrl && (!used[k] || (w_valid_q[k][0] && e_ctrl[k*Slots]));
    end
    if (Ways == 2) begin
      sh1_d = two_t1_d;
      sh2_d = two_s2_d;
    end else begin
      sh1_d = ({MaxWays{match_d}} & used) | g0_d;
      sh2_d = g0_d & g1_d;
    end
  end
  assign emit    = emit_cq[CpFlags];
  assign buf_pop = {crd_valid_o && crd_ready_i, out_valid & out_ready & used};

  always_comb begin
    room_d = 1'b1;
    for (int b = 0; b <= MaxWays; b++) begin
      cnt_d[b] = cnt_q[b] + 2'(emit && (b == MaxWays || used[b])) - 2'(buf_pop[b]);
      if (cnt_d[b] > 2'd1) room_d = 1'b0;
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

  // keep: the copies are the same registers; without it synthesis merges them.
  (* keep *)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int n = 0; n < Copies; n++) begin
        emit_cq[n] <= 1'b0;
        sh1_cq[n]  <= '0;
        sh2_cq[n]  <= '0;
      end
    end else begin
      for (int n = 0; n < Copies; n++) begin
        emit_cq[n] <= match_d;
        sh1_cq[n]  <= sh1_d;
        sh2_cq[n]  <= sh2_d;
      end
    end
  end

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (!emit || (crd_q_ready && (ref_q_ready | ~used) == '1))
      else $error("sam_intersect: emit into a full output buffer");
    end
  end
`else
  // Waiver: the buffers' own ready feeds the assertion only.
  logic unused_ready;
  assign unused_ready = crd_q_ready ^ (^ref_q_ready);
`endif

  sam_fifo #(
    .Width(CrdWidth),
    .Depth(3)
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
        .Depth   (3),
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

`undef SAM_PICK3
