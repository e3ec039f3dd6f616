// sam_intersect: m-way coordinate intersector, m = Ways in 2..3 (docs/primitives.md;
// golden model golden/src/models/intersect.rs, `intersect`).
//
// Way k is a coordinate stream crd[k] with its reference stream ref[k], of the same
// control structure; a pair (crd[k], ref[k]) is taken when both are valid.
// Coordinates present on every way come out on crd, each with every way's reference
// on ref[k]. When a way reaches a stop the others skip the rest of their fiber;
// once every way holds the stop (the same one on every way) it passes once to every
// output, and D too. A fiber empty on any way therefore comes out as a bare stop.
//
// Classes: whether a coordinate x of way k is on way j is a property of the two
// streams, not of the cycle: x is on j when j's fiber holds x, and absent as soon
// as j shows a larger coordinate or its stop without having shown x (j's fiber is
// sorted). So every token carries, per other way j, two sticky bits: in (j holds
// it) and ab (j lacks it). They are set by compares at arrival: each way's pair is
// registered in a stage and compared there with every token the other ways hold
// (their window slots, nxt and stage) in the same fiber (a 3-bit fiber tag: the
// number of stops before the token, mod 8; live tokens span at most 7 fibers). An
// equal coordinate sets in on both; a larger one or a stop sets ab on the smaller
// coordinate unless in is set (the equal one, if any, comes first on its way, so
// the two are never both set for one way). Every pair of live tokens of two ways
// is compared when the later one arrives, so the smallest head is always
// classified once every way holds something, and the decision never waits on a
// compare.
//
// Decision (from registers, one LUT): emit when every head is in for every other
// way (or every head is a stop) and every output buffer has room; a way drops
// its head when ab for some way, its first two when both are: up to two pairs a
// cycle, one taken, so fibers of a and b coordinates merge in about max(a, b).
// Three ways: hdl-gen uses sam_joiner3 (two of these) for references <= 30 bits.
//
// Stages: stage -> nxt -> window of five slots (slot 0 the head, the valid ones
// first); references wait in a ring of 8 in window order (LUT RAM on ECP5). The
// stage's compares are registered and go, the cycle after, with the compared
// tokens to where the window moved them (src_q); nxt's own class follows it into
// the window a cycle later. The stage moves on when the window, with nxt pushed,
// leaves a free slot whatever it drops (registers only). Next-state bits are
// picks by the shift of terms of registers; every carry chain ends in a register.
//
// Output: each output sits behind a three-entry buffer (`sam_fifo`, Depth 3); an
// emit needs every buffer to hold at most one token (room_q, a register kept
// beside them), so it always fits.
// Latency: input to output 5 cycles at the least (stage, nxt, window, class
// applied, output buffer).
// Combinational paths: ready_o of way k = its two input valids, the stage's valid
// and the window's fill, registers only: no path from any ready_i or any input
// token to any ready_o. Outputs come from the buffers' registers.
// crd_ready_o == ref_ready_o (the pair moves together).
//
// Coordinate skipping (Skip = 1, two ways; section 4.2 of Hsu et al.'s SAM paper; the
// skip channel of docs/tokens-and-channels.md): skip[j] tells way j's scanner the head of
// the other way, {end, fiber, coordinate}: no coordinate of j's fiber below the other
// way's head can match (every smaller coordinate of the other way has been
// emitted or dropped), and none at all once that head is a stop (end = 1). The
// fiber is the count of stops emitted, mod 2**SkipTagWidth: every head lies in
// it. A target is made whenever the other head changes and is ahead of j's head
// (or j has none), from registers, one cycle later. The channel keeps the
// handshake (a target on it holds until taken); a newer target made meanwhile
// waits behind it and replaces any older one waiting, so the intersector never
// waits on a skip channel.
//
// Parameters: Ways      number of ways, 2..3
//             CrdWidth  coordinate payload width, 1..63
//             RefWidth  reference payload width, 1..63 (2.. if references carry N)
//             Skip      1: skip outputs to the scanners (Ways = 2 only); 0: none
//                       (skip_valid_o low)
//             SkipTagWidth  fiber tag bits of a skip target, 2..16
// Ports (a multi-way port is an array, element k for way k, k = 0..Ways-1):
//             clk_i, rst_ni                          clock, synchronous active-low reset
//             crd_valid_i, crd_ready_o, crd_tok_i    each way's coordinates (crd; no N)
//             ref_valid_i, ref_ready_o, ref_tok_i    each way's references (ref, N allowed)
//             crd_valid_o, crd_ready_i, crd_tok_o    the common coordinates (crd)
//             ref_valid_o, ref_ready_i, ref_tok_o    each way's references of them (ref)
//             skip_valid_o, skip_ready_i, skip_tok_o skip targets for way j's scanner,
//                                                    j = 0..1 ({end, fiber tag, coordinate})
module sam_intersect #(
  parameter int unsigned Ways     = 2,
  parameter int unsigned CrdWidth = sam_pkg::CrdWidth,
  parameter int unsigned RefWidth = sam_pkg::CrdWidth,
  parameter int unsigned Skip     = 0,
  parameter int unsigned SkipTagWidth = sam_pkg::SkipTagWidth
) (
  input  logic                                clk_i,
  input  logic                                rst_ni,
  input  logic [Ways-1:0]                     crd_valid_i,
  output logic [Ways-1:0]                     crd_ready_o,
  input  logic [Ways-1:0][CrdWidth:0]         crd_tok_i,
  input  logic [Ways-1:0]                     ref_valid_i,
  output logic [Ways-1:0]                     ref_ready_o,
  input  logic [Ways-1:0][RefWidth:0]         ref_tok_i,
  output logic                                crd_valid_o,
  input  logic                                crd_ready_i,
  output logic [CrdWidth:0]                   crd_tok_o,
  output logic [Ways-1:0]                     ref_valid_o,
  input  logic [Ways-1:0]                     ref_ready_i,
  output logic [Ways-1:0][RefWidth:0]         ref_tok_o,
  output logic [1:0]                          skip_valid_o,
  input  logic [1:0]                          skip_ready_i,
  output logic [1:0][SkipTagWidth+CrdWidth:0] skip_tok_o
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
  if (Skip > 1 || (Skip == 1 && Ways != 2)) begin : gen_bad_skip
    $error("sam_intersect: Skip must be 0, or 1 with two ways");
  end
  if (SkipTagWidth < 2 || SkipTagWidth > 16) begin : gen_bad_tag
    $error("sam_intersect: SkipTagWidth must be in 2..16");
  end

  logic [Ways-1:0] in_ready;  // a way's crd and ref move together
  assign crd_ready_o = in_ready;
  assign ref_ready_o = in_ready;

  localparam int unsigned Slots = 5;
  localparam int unsigned RingDepth = 8, RingBits = 3;  // a way's references: Slots or more

  // What a slot holds after its way's shift (s1: by at least one, s2: by two).
`define SAM_PICK3(x0, x1, x2, s1, s2) ((s2) ? (x2) : (s1) ? (x1) : (x0))
  // A token's fiber tag: the number of stops (and D) before it on its way, mod 8.
  // Live tokens of all ways span at most 7 fibers (every way's head is in the
  // current one; a way holds at most 7 tokens), so equal tags mean the same fiber.
  localparam int unsigned TagWidth = 3;

  logic [Ways-1:0]  head;
  logic [Ways-1:0]  head_ctl_d;  // way k's head a stop next cycle

  // Per way: the input stage, nxt, and the window (slot 0 the head, the valid
  // ones first), each with the token's tag. Per window slot and other way j the
  // token's class: in (j has the coordinate) and ab (j lacks it); inall_q: in for
  // every other way; ctl_q: a stop (or D).
  logic [Ways-1:0]  stg_valid_q, nxt_valid_q;
  logic [CrdWidth:0]   stg_crd_q[Ways], nxt_crd_q[Ways];
  logic [RefWidth:0]   stg_ref_q[Ways], nxt_ref_q[Ways];
  logic [TagWidth-1:0] stg_tag_q[Ways], nxt_tag_q[Ways];
  logic [CrdWidth:0]   w_crd_q[Ways][Slots];
  logic [TagWidth-1:0] w_tag_q[Ways][Slots];
  logic [Slots-1:0]    w_valid_q[Ways];
  logic [Ways-1:0]  in_q[Ways][Slots], ab_q[Ways][Slots];
  logic [Slots-1:0]    inall_q[Ways], ctl_q[Ways];

  // The compares of each cycle (stage j against every token of way k: its window
  // slots, nxt and stage), registered. eq: the same coordinate of the same fiber;
  // cgt: stage j holds a stop or a larger coordinate of the fiber (the k token a
  // coordinate); egt: the k token holds a stop or a larger coordinate (stage j a
  // coordinate). Index [k][slot][j].
  logic                raw_eq_q[Ways][Slots][Ways];
  logic                raw_cgt_q[Ways][Slots][Ways];
  logic                raw_egt_q[Ways][Slots][Ways];
  logic                rawn_egt_q[Ways][Ways], rawn_eq_q[Ways][Ways];  // [k][j]: nxt k
  // [k][j]: stage k equal to stage j, stage k above stage j.
  logic                ii_eq_q[Ways][Ways], ii_gt_q[Ways][Ways];
  // Class update for the token in nxt k, registered as it enters the window.
  logic                nx_in_q[Ways][Ways], nx_gt_q[Ways][Ways];
  logic [1:0]          src_q[Ways][Slots];  // last cycle's srcm

  // The decision of this cycle, one LUT of registers: emit when every head is in
  // for every other way, or every head is a stop, and every output buffer has
  // room; a way drops its head when it is ab for some way, its first two when
  // both are.
  logic                room_q;
  logic                emit;
  logic [Ways-1:0]  sh1, sh2;
  logic                all_ctrl;
  // stops_q: every way's head a stop (or D), decided the cycle before (a mix of
  // stops and coordinates never emits: a coordinate in every way is found before
  // any of their stops).
  logic                stops_q, stops_d;
  logic [Ways-1:0][CrdWidth:0] hd_crd;
  logic [Ways-1:0][RefWidth:0] hd_ref;

  // The decision's inputs come in copies, one per group of logic they drive (the
  // class and fill of the windows and the reference rings; their coordinates and
  // tags), so that no decision net fans out to a whole window. Copy 0 is the
  // registers above; the keep on the copies' block stops synthesis from merging
  // them.
  localparam int unsigned Copies = 2;
  localparam int unsigned CpCtl = 0, CpCrd = 1;
  logic                room_cq[Copies], stops_cq[Copies];
  logic [Ways-1:0]  inall0_cq[Copies];
  logic [Ways-1:0]  ab0_cq[Copies][Ways], ab1_cq[Copies][Ways];
  logic [Ways-1:0]  inall0_d;
  logic [Ways-1:0]  ab0_d[Ways], ab1_d[Ways];
  logic                emit_c[Copies];
  logic [Ways-1:0]  sh1_c[Copies], sh2_c[Copies];
  logic                room_d;

  for (genvar n = 0; n < Copies; n++) begin : gen_decision
    if (n == 0) begin : gen_main
      assign room_cq[n]  = room_q;
      assign stops_cq[n] = stops_q;
      for (genvar k = 0; k < Ways; k++) begin : gen_main_way
        assign inall0_cq[n][k] = inall_q[k][0];
        assign ab0_cq[n][k]    = ab_q[k][0];
        assign ab1_cq[n][k]    = ab_q[k][1];
      end
    end else begin : gen_copy
      (* keep *)
      always_ff @(posedge clk_i) begin
        if (!rst_ni) begin
          room_cq[n]   <= 1'b1;
          stops_cq[n]  <= 1'b0;
          inall0_cq[n] <= '0;
          ab0_cq[n]    <= '{default: '0};
          ab1_cq[n]    <= '{default: '0};
        end else begin
          room_cq[n]   <= room_d;
          stops_cq[n]  <= stops_d;
          inall0_cq[n] <= inall0_d;
          ab0_cq[n]    <= ab0_d;
          ab1_cq[n]    <= ab1_d;
        end
      end
    end
    always_comb begin
      logic inall_n;
      inall_n = 1'b1;
      for (int k = 0; k < Ways; k++) begin
        inall_n = inall_n && inall0_cq[n][k];
      end
      emit_c[n] = room_cq[n] && (stops_cq[n] || inall_n);
      for (int k = 0; k < Ways; k++) begin
        sh1_c[n][k] = |ab0_cq[n][k] || emit_c[n];
        sh2_c[n][k] = |ab0_cq[n][k] && |ab1_cq[n][k];
      end
    end
  end
  assign emit = emit_c[CpCtl];
  assign sh1  = sh1_c[CpCtl];
  assign sh2  = sh2_c[CpCtl];

  always_comb begin
    all_ctrl = 1'b1;
    for (int k = 0; k < Ways; k++) begin
      all_ctrl = all_ctrl && w_valid_q[k][0] && w_crd_q[k][0][CrdWidth];
    end
  end

  for (genvar k = 0; k < Ways; k++) begin : gen_way_state
    logic [Slots-1:0]    load, valid_d;
    logic [1:0]          srcm[Slots];
    logic                push, advance;
    logic [TagWidth-1:0] tag_q;  // the tag of the next token taken
    logic [Ways-1:0]  u_in[Slots], u_gt[Slots], in_a[Slots], ab_a[Slots];
    logic [Slots-1:0]    ctl_d;
    logic [Ways-1:0]  in_d[Slots], ab_d[Slots];
    logic [Slots-1:0]    inall_a, inall_d;
    logic [Ways-1:0]  others;  // the other ways

    assign head[k]     = crd_valid_i[k] && ref_valid_i[k];
    assign push        = nxt_valid_q[k];
    // The stage moves on only when the window will have a free slot next cycle
    // even if it drops nothing then (registers only: no path from the decision).
    assign advance       = stg_valid_q[k]
                           && (push ? !w_valid_q[k][Slots-2] : !w_valid_q[k][Slots-1]);
    assign in_ready[k]   = head[k] && (!stg_valid_q[k] || advance);
    assign hd_crd[k]     = w_crd_q[k][0];
    assign head_ctl_d[k] = ctl_d[0];
    assign inall0_d[k]   = inall_d[0];
    assign ab0_d[k]      = ab_d[0];
    assign ab1_d[k]      = ab_d[1];
    // The references do not move through the window: they wait in a ring in the
    // window's order (written as nxt enters, read at the head, which moves on by
    // the shift), distributed RAM on ECP5.
    logic [RefWidth:0]   ring_q[RingDepth];
    logic [RingBits-1:0] ring_wr_q, ring_rd_q;
    assign hd_ref[k] = ring_q[ring_rd_q];
    always_ff @(posedge clk_i) begin
      if (push) ring_q[ring_wr_q] <= nxt_ref_q[k];
    end
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        ring_wr_q <= '0;
        ring_rd_q <= '0;
      end else begin
        ring_wr_q <= ring_wr_q + RingBits'(push);
        ring_rd_q <= ring_rd_q + (sh2[k] ? RingBits'(2) : RingBits'(sh1[k]));
      end
    end
    for (genvar j = 0; j < Ways; j++) begin : gen_others
      assign others[j] = j != k;
    end

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        stg_valid_q[k] <= 1'b0;
        stg_crd_q[k]   <= '0;
        stg_ref_q[k]   <= '0;
        stg_tag_q[k]   <= '0;
        tag_q          <= '0;
        nxt_valid_q[k] <= 1'b0;
        nxt_crd_q[k]   <= '0;
        nxt_ref_q[k]   <= '0;
        nxt_tag_q[k]   <= '0;
      end else begin
        if (in_ready[k]) begin
          stg_valid_q[k] <= 1'b1;
          stg_crd_q[k]   <= crd_tok_i[k];
          stg_ref_q[k]   <= ref_tok_i[k];
          stg_tag_q[k]   <= tag_q;
          tag_q          <= tag_q + TagWidth'(crd_tok_i[k][CrdWidth]);
        end else if (advance) begin
          stg_valid_q[k] <= 1'b0;
        end
        nxt_valid_q[k] <= advance;
        if (advance) begin
          nxt_crd_q[k] <= stg_crd_q[k];
          nxt_ref_q[k] <= stg_ref_q[k];
          nxt_tag_q[k] <= stg_tag_q[k];
        end
      end
    end

    // This cycle's shift: slot i keeps slot i + 0..2 when that is valid; nxt enters
    // the first slot left empty. Every next-state bit is a pick by the shift of
    // terms of registers only: which slot nxt enters comes from ld_q (for each
    // shift, computed the cycle before). srcm (3 for the slot nxt enters, else the
    // shift) tells the compares' results where their tokens went (src_q).
    logic [Slots-1:0] ld_q[3], ld_d[3];  // [shift]
    logic [Slots-1:0] vt[3], ct[3];  // [shift]: valid, and a stop, after that shift
    logic [Slots-1:0] lt[3][3];  // [shift now][shift next]: ld_d's terms
    always_comb begin
      for (int a = 0; a < 3; a++) begin
        logic [Slots+2:0] v, c;
        v = {3'b000, w_valid_q[k]};
        c = {3'b000, ctl_q[k]};
        for (int i = 0; i < Slots; i++) begin
          vt[a][i] = v[i+a] || ld_q[a][i];
          ct[a][i] = ld_q[a][i] ? nxt_crd_q[k][CrdWidth] : c[i+a];
        end
        for (int b = 0; b < 3; b++) begin
          for (int i = 0; i < Slots; i++) begin
            logic [Slots+2:0] vv;
            vv          = {3'b000, vt[a]};
            lt[a][b][i] = advance && (i + b == 0 || vv[i+b-1]) && !vv[i+b];
          end
        end
      end
      for (int i = 0; i < Slots; i++) begin
        load[i] = `SAM_PICK3(ld_q[0][i], ld_q[1][i], ld_q[2][i], sh1[k], sh2[k]);
        srcm[i] = load[i] ? 2'd3 : sh2[k] ? 2'd2 : sh1[k] ? 2'd1 : 2'd0;
        valid_d[i] = `SAM_PICK3(vt[0][i], vt[1][i], vt[2][i], sh1[k], sh2[k]);
        ctl_d[i]   = `SAM_PICK3(ct[0][i], ct[1][i], ct[2][i], sh1[k], sh2[k]);
      end
      for (int b = 0; b < 3; b++) begin
        for (int i = 0; i < Slots; i++) begin
          ld_d[b][i] = `SAM_PICK3(lt[0][b][i], lt[1][b][i], lt[2][b][i], sh1[k], sh2[k]);
        end
      end
    end

    // The data: slot i takes position i + shift of the window with nxt in every
    // empty slot (crd_x, tag_x: terms of registers), which is the slot nxt enters
    // when that position is the first empty one; the other empty slots take
    // nxt too, harmlessly (their valid bit is 0).
    logic [CrdWidth:0]   crd_x[Slots+2];
    logic [TagWidth-1:0] tag_x[Slots+2];
    for (genvar x = 0; x < Slots + 2; x++) begin : gen_pos
      if (x < Slots) begin : gen_slot
        assign crd_x[x] = w_valid_q[k][x] ? w_crd_q[k][x] : nxt_crd_q[k];
        assign tag_x[x] = w_valid_q[k][x] ? w_tag_q[k][x] : nxt_tag_q[k];
      end else begin : gen_past
        assign crd_x[x] = nxt_crd_q[k];
        assign tag_x[x] = nxt_tag_q[k];
      end
    end

    // The class of each slot's token with last cycle's compares applied (src_q
    // says where each compared token moved); ab only where in is not known. An
    // empty slot's is 0, so the slot nxt enters takes 0 by the same pick.
    always_comb begin
      for (int i = 0; i < Slots; i++) begin
        for (int j = 0; j < Ways; j++) begin
          u_in[i][j] = 1'b0;
          u_gt[i][j] = 1'b0;
          if (src_q[k][i] == 2'd3) begin
            u_in[i][j] = nx_in_q[k][j];
            u_gt[i][j] = nx_gt_q[k][j];
          end else begin
            for (int s = 0; s < 3; s++) begin
              if (src_q[k][i] == 2'(s) && i + s < Slots) begin
                u_in[i][j] = raw_eq_q[k][i+s][j];
                u_gt[i][j] = raw_cgt_q[k][i+s][j];
              end
            end
          end
          in_a[i][j] = others[j] && (in_q[k][i][j] || u_in[i][j]);
          ab_a[i][j] = others[j]
                       && (ab_q[k][i][j] || (u_gt[i][j] && !in_q[k][i][j] && !u_in[i][j]));
        end
      end
      for (int i = 0; i < Slots; i++) inall_a[i] = (in_a[i] | ~others) == '1;
      for (int i = 0; i < Slots; i++) begin
        inall_d[i] = `SAM_PICK3(inall_a[i], i + 1 < Slots ? inall_a[i+1] : 1'b0,
                                i + 2 < Slots ? inall_a[i+2] : 1'b0, sh1[k], sh2[k]);
        in_d[i] = `SAM_PICK3(in_a[i], i + 1 < Slots ? in_a[i+1] : '0,
                             i + 2 < Slots ? in_a[i+2] : '0, sh1[k], sh2[k]);
        ab_d[i] = `SAM_PICK3(ab_a[i], i + 1 < Slots ? ab_a[i+1] : '0,
                             i + 2 < Slots ? ab_a[i+2] : '0, sh1[k], sh2[k]);
      end
    end

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        w_valid_q[k] <= '0;
        ctl_q[k]     <= '0;
        inall_q[k]   <= '0;
        ld_q         <= '{default: '0};
        for (int i = 0; i < Slots; i++) begin
          w_crd_q[k][i] <= '0;
          w_tag_q[k][i] <= '0;
          in_q[k][i]    <= '0;
          ab_q[k][i]    <= '0;
          src_q[k][i]   <= '0;
        end
      end else begin
        w_valid_q[k] <= valid_d;
        ctl_q[k]     <= ctl_d;
        inall_q[k]   <= inall_d;
        ld_q         <= ld_d;
        for (int i = 0; i < Slots; i++) begin
          src_q[k][i] <= srcm[i];
          in_q[k][i]  <= in_d[i];
          ab_q[k][i]  <= ab_d[i];
          w_crd_q[k][i] <= `SAM_PICK3(crd_x[i], crd_x[i+1], crd_x[i+2],
                                      sh1_c[CpCrd][k], sh2_c[CpCrd][k]);
          w_tag_q[k][i] <= `SAM_PICK3(tag_x[i], tag_x[i+1], tag_x[i+2],
                                      sh1_c[CpCrd][k], sh2_c[CpCrd][k]);
        end
      end
    end
`ifndef SAM_ASSERTS_OFF
    logic [Slots-1:0] kept;  // the slots that keep their token
    always_comb begin
      for (int i = 0; i < Slots; i++) begin
        logic [Slots+1:0] v;
        v       = {2'b00, w_valid_q[k]};
        kept[i] = `SAM_PICK3(v[i], v[i+1], v[i+2], sh1[k], sh2[k]);
      end
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        assert (!push || !kept[Slots-1])
        else $error("sam_intersect: way %0d's nxt finds the window full", k);
        assert (load == (push ? ~kept & {kept[Slots-2:0], 1'b1} : '0))
        else $error("sam_intersect: way %0d loads slots %b, expected %b", k, load,
                    push ? ~kept & {kept[Slots-2:0], 1'b1} : '0);
      end
    end
`endif
  end

  // The compares: stage j against way k's window slots, nxt and stage.
  for (genvar k = 0; k < Ways; k++) begin : gen_cmp_way
    for (genvar j = 0; j < Ways; j++) begin : gen_cmp_other
      if (k != j) begin : gen_pair
        logic [CrdWidth:0] c;
        logic              self_in, self_gt;
        assign c = stg_crd_q[j];
        for (genvar i = 0; i < Slots; i++) begin : gen_slot
          // Two carry chains (ea, ca: e above c, c above e; a stop or D ranks above
          // every coordinate), each ending in one LUT with terms of registers (st:
          // both valid, the same fiber). The appended bits ({b, 1} < {a, 0} is
          // b < a) keep them two chains: yosys would take one from the other's
          // subtraction, three LUT levels more.
          logic st, ea, ca, pre_eq, pre_c, pre_e;
          assign st     = w_valid_q[k][i] && stg_valid_q[j] && w_tag_q[k][i] == stg_tag_q[j];
          assign ea     = {c, 1'b1} < {w_crd_q[k][i], 1'b0};
          assign ca     = {w_crd_q[k][i], 1'b1} < {c, 1'b0};
          assign pre_eq = st && !w_crd_q[k][i][CrdWidth] && !c[CrdWidth];
          assign pre_c  = st && !w_crd_q[k][i][CrdWidth];
          assign pre_e  = st && !c[CrdWidth];
          always_ff @(posedge clk_i) begin
            if (!rst_ni) begin
              raw_eq_q[k][i][j]  <= 1'b0;
              raw_cgt_q[k][i][j] <= 1'b0;
              raw_egt_q[k][i][j] <= 1'b0;
            end else begin
              raw_eq_q[k][i][j]  <= pre_eq && !ea && !ca;
              raw_cgt_q[k][i][j] <= pre_c && ca;
              raw_egt_q[k][i][j] <= pre_e && ea;
            end
          end
        end
        // nxt k against stage j: the update of the token entering k's window, and
        // (registered) stage j's own class. The same form: carry chains, then one
        // LUT with terms of registers (nx_*_d take nxt k's own class in a term).
        logic n_st, n_ea, n_ca;
        assign n_st = nxt_valid_q[k] && stg_valid_q[j] && nxt_tag_q[k] == stg_tag_q[j];
        assign n_ea = {c, 1'b1} < {nxt_crd_q[k], 1'b0};
        assign n_ca = {nxt_crd_q[k], 1'b1} < {c, 1'b0};
        // stage k against stage j.
        logic s_st, s_ea, s_ca;
        assign s_st = stg_valid_q[k] && stg_valid_q[j] && stg_tag_q[k] == stg_tag_q[j];
        assign s_ea = {c, 1'b1} < {stg_crd_q[k], 1'b0};
        assign s_ca = {stg_crd_q[k], 1'b1} < {c, 1'b0};
        // nxt k's own class from way j, found while it was in the stage last cycle:
        // against j's slots, nxt and stage then.
        always_comb begin
          self_in = rawn_eq_q[j][k] || ii_eq_q[k][j];
          self_gt = rawn_egt_q[j][k] || ii_gt_q[j][k];
          for (int i = 0; i < Slots; i++) begin
            self_in = self_in || raw_eq_q[j][i][k];
            self_gt = self_gt || raw_egt_q[j][i][k];
          end
        end
        always_ff @(posedge clk_i) begin
          if (!rst_ni) begin
            rawn_eq_q[k][j]  <= 1'b0;
            rawn_egt_q[k][j] <= 1'b0;
            nx_in_q[k][j]    <= 1'b0;
            nx_gt_q[k][j]    <= 1'b0;
            ii_eq_q[k][j]    <= 1'b0;
            ii_gt_q[k][j]    <= 1'b0;
          end else begin
            rawn_eq_q[k][j]  <= (n_st && !nxt_crd_q[k][CrdWidth] && !c[CrdWidth]) && !n_ea && !n_ca;
            rawn_egt_q[k][j] <= (n_st && !c[CrdWidth]) && n_ea;
            nx_in_q[k][j]    <= (nxt_valid_q[k] && self_in)
                                || ((n_st && !nxt_crd_q[k][CrdWidth] && !c[CrdWidth])
                                    && !n_ea && !n_ca);
            nx_gt_q[k][j]    <= (nxt_valid_q[k] && self_gt)
                                || ((n_st && !nxt_crd_q[k][CrdWidth]) && n_ca);
            // stage k against stage j (each direction is a pair's own register).
            ii_eq_q[k][j]    <= (s_st && !stg_crd_q[k][CrdWidth] && !c[CrdWidth]) && !s_ea && !s_ca;
            ii_gt_q[k][j]    <= (s_st && !c[CrdWidth]) && s_ea;
          end
        end
      end else begin : gen_none
        for (genvar i = 0; i < Slots; i++) begin : gen_slot
          assign raw_eq_q[k][i][j]  = 1'b0;
          assign raw_cgt_q[k][i][j] = 1'b0;
          assign raw_egt_q[k][i][j] = 1'b0;
        end
        assign rawn_eq_q[k][j]  = 1'b0;
        assign rawn_egt_q[k][j] = 1'b0;
        assign nx_in_q[k][j]    = 1'b0;
        assign nx_gt_q[k][j]    = 1'b0;
        assign ii_eq_q[k][j]    = 1'b0;
        assign ii_gt_q[k][j]    = 1'b0;
      end
    end
  end

  // Each output buffer's count is followed here too: room_q says each holds at
  // most one token, so an emit decided next cycle fits whatever they pop.
  logic buf_room;  // the buffers' own room (checks only: room_q is ahead of it)
  logic [1:0] cnt_q[Ways+1], cnt_d[Ways+1];  // entry Ways: crd
  logic [Ways:0] buf_pop;

  assign buf_pop = {crd_valid_o && crd_ready_i, ref_valid_o & ref_ready_i};

  // room_d without the emit on the path to each count: whether each buffer will
  // hold at most one token, if this cycle emits (each holds at most one now) and if
  // not; the emit picks.
  always_comb begin
    logic room_e, room_n;
    room_e = 1'b1;
    room_n = 1'b1;
    for (int b = 0; b <= Ways; b++) begin
      cnt_d[b] = cnt_q[b] + 2'(emit) - 2'(buf_pop[b]);
      room_e   = room_e && (cnt_q[b] == 2'd0 || buf_pop[b]);
      room_n   = room_n && (cnt_q[b] <= 2'd1 || buf_pop[b]);
    end
    room_d  = emit ? room_e : room_n;
    stops_d = head_ctl_d == '1;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      room_q  <= 1'b1;
      stops_q <= 1'b0;
      for (int b = 0; b <= Ways; b++) cnt_q[b] <= '0;
    end else begin
      room_q  <= room_d;
      stops_q <= stops_d;
      for (int b = 0; b <= Ways; b++) cnt_q[b] <= cnt_d[b];
    end
  end

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (!emit || buf_room)
      else $error("sam_intersect: emit into a full output buffer");
    end
  end
`ifdef FORMAL
  // Invariants (formal/): each count equals the tokens in its buffer, room_q says
  // every buffer holds at most one, and the decision copies equal the main.
  logic f_room;
  always_comb begin
    f_room = cnt_q[Ways] <= 2'd1;
    for (int b = 0; b < Ways; b++) if (cnt_q[b] > 2'd1) f_room = 1'b0;
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (32'(cnt_q[Ways]) == ways.crd_buffer.f_count);
      assert (room_q == f_room);
      for (int n = 1; n < Copies; n++) begin
        assert (room_cq[n] == room_q && stops_cq[n] == stops_q);
        assert (inall0_cq[n] == inall0_cq[0] && ab0_cq[n] == ab0_cq[0] && ab1_cq[n] == ab1_cq[0]);
      end
    end
  end
  for (genvar k = 0; k < Ways; k++) begin : gen_f_count
    always_ff @(posedge clk_i) begin
      if (rst_ni) assert (32'(cnt_q[k]) == ways.gen_way[k].ref_buffer.f_count);
    end
  end
`endif
`else
  // Waiver: the buffers' own room feeds the assertion only.
  logic unused_room;
  assign unused_room = buf_room;
`endif

  // Skip targets: per way j, the other way's head with the fiber it lies in.
  localparam int unsigned SkipWidth = SkipTagWidth + CrdWidth;
  if (Skip == 0) begin : gen_no_skip
    assign skip_valid_o = '0;
    assign skip_tok_o   = '0;
    logic unused_skip;
    assign unused_skip = ^skip_ready_i;
  end else begin : gen_skip
    logic [SkipTagWidth-1:0] fib_q;  // stops emitted: the fiber of every head
    always_ff @(posedge clk_i) begin
      if (!rst_ni) fib_q <= '0;
      else if (emit && stops_q) fib_q <= fib_q + SkipTagWidth'(1);
    end
    for (genvar j = 0; j < 2; j++) begin : gen_target
      localparam int unsigned K = 1 - j;  // the other way
      // out: the target on the channel, held until taken; pend: a newer one made
      // meanwhile, which replaces any older one waiting (only the newest counts).
      logic               out_valid_q, pend_valid_q, made_q, fresh, ahead, take;
      logic [SkipWidth:0] out_q, pend_q, last_q, target;
      assign target = {w_crd_q[K][0][CrdWidth], fib_q, w_crd_q[K][0][CrdWidth-1:0]};
      // Useful only where the other head is ahead of j's, or j's is unknown: a
      // target at or below j's head would only keep j's search busy.
      assign ahead  = !w_valid_q[j][0] ||
                      (!w_crd_q[j][0][CrdWidth] && (w_crd_q[K][0][CrdWidth] ||
                       w_crd_q[K][0][CrdWidth-1:0] > w_crd_q[j][0][CrdWidth-1:0]));
      assign fresh  = w_valid_q[K][0] && ahead && (!made_q || target != last_q);
      assign take   = out_valid_q && skip_ready_i[j];
      always_ff @(posedge clk_i) begin
        if (!rst_ni) begin
          out_valid_q  <= 1'b0;
          pend_valid_q <= 1'b0;
          made_q       <= 1'b0;
          out_q        <= '0;
          pend_q       <= '0;
          last_q       <= '0;
        end else begin
          if (fresh) begin
            made_q <= 1'b1;
            last_q <= target;
          end
          if (!out_valid_q || take) begin
            // The channel is free next cycle: the newest target goes out.
            out_valid_q  <= fresh || pend_valid_q;
            out_q        <= fresh ? target : pend_q;
            pend_valid_q <= 1'b0;
          end else if (fresh) begin
            pend_valid_q <= 1'b1;
            pend_q       <= target;
          end
        end
      end
      assign skip_valid_o[j] = out_valid_q;
      assign skip_tok_o[j]   = out_q;
    end
  end

  sam_joiner_ways #(
    .Ways    (Ways),
    .CrdWidth(CrdWidth),
    .RefWidth(RefWidth),
    .Depth   (3),
    .Name    ("sam_intersect")
  ) ways (
    .clk_i, .rst_ni, .crd_valid_i, .ref_valid_i, .crd_tok_i, .ref_tok_i,
    .in_ready_i(in_ready), .end_i(all_ctrl), .end_tok_i(hd_crd),
    .take_i(emit), .emit_i(emit), .room_o(buf_room), .crd_out_i(hd_crd[0]),
    .ref_out_i(hd_ref), .crd_valid_o, .crd_ready_i, .crd_tok_o, .ref_valid_o, .ref_ready_i,
    .ref_tok_o
  );

endmodule

`undef SAM_PICK3
