// sam_spaccumulator: the sparse workspace reducer of order 1 (vector) or 2 (matrix)
// (docs/primitives.md; golden model golden/src/models/spaccumulator.rs, functions
// spaccumulator1 and spaccumulator2). Order 1 is normally used through its shell
// sam_spaccumulator1, which has no outer channels.
//
// Sums value tokens by coordinate over a *group* and emits the occupied
// coordinates in increasing order with their sums (wrapping at ValWidth bits; `N`
// counts as 0; a sum that cancels comes out as an explicit 0), then a stop one
// level lower. The workspace is cleared for every group. `D` on the inputs gives
// `D` on every output.
//
//   Order 1  inputs crd_inner (j) and val with identical control structure. Every
//            j fiber between two stops of level >= 1 belongs to one group. `S0` is
//            dropped; `S_n` (n >= 1) closes the group: its sorted j and sums, then
//            `S_(n-1)` (a bare `S_(n-1)` for an empty group).
//   Order 2  inputs crd_outer (i), and crd_inner (j) / val one level deeper by the
//            scanner's stop rule (each i owns one j fiber, ended by `S0`, or by
//            `S_(m+1)` when crd_outer closes with `S_m` right after the i; a bare
//            outer `S_m` matches a bare inner `S_(m+1)`). An outer `S_m` with
//            m >= 1 closes the group: crd_outer gives the sorted i that received at
//            least one j, then `S_(m-1)`; crd_inner / val give per i its sorted j
//            (sums), each fiber ended by `S0` except the last, ended by `S_m`; an
//            empty group gives a bare `S_(m-1)` and a bare `S_m`.
//
// Microarchitecture (in full: docs/primitives.md, sam_spaccumulator). A dense
// workspace in Banks banks, so groups drain while the next ones accumulate: a
// value memory of Banks x Rows x DimInner words (Rows = DimOuter for order 2, 1
// for order 1) addressed by {bank, i, j}, in two `sam_mem` copies with the same
// writes (read ports: accumulate, drain), and per bank an occupancy bitmap of
// NumWords = Rows*DimInner/WordWidth words plus a summary, in registers.
//   Inputs: each channel is decoded into a three-entry queue; a take moves only
//   the read pointer, and reads a registered view of the heads.
//   Accumulate (a1..a4): read the word and the occupancy bit, add, write back from
//   a register; the sums of the tokens still in flight are forwarded (a4..a6), so
//   back-to-back tokens on one coordinate keep full rate. A close (S_n, n >= 1) or
//   D hands the bank and its stop to the drain and moves on to the next bank.
//   Drain: fetch (a closed bank's summary and bitmap), nw (next word), nx (its
//   scanner state), scanner (one index per cycle), a two-entry queue, issue (the
//   sum, order 2's i and row S0, the closing stops). A group of K occupied (i, j)
//   over R rows takes K + R + 1 drain cycles (order 1: K + 1).
//   Cost: Banks x Rows x DimInner x ValWidth bits of memory per read port, and
//   Banks + 2 bitmaps of Rows*DimInner bits in registers. Order 2 at its defaults
//   does not fit the iCE40 UP5K.
//
// Protocol errors (asserted): a coordinate >= DimInner (j) or >= DimOuter (i, order
// 2), `N` on a coordinate channel, crd_inner and val of different shape, order-2
// inputs that break the stop rule.
//
// Outputs sit behind buffers (`sam_fifo`): crd_outer Depth 3 behind a register; crd_inner and val
// Depth 5, fed by a two-stage pipeline in step with the memory read, so a token
// is issued only when a count of the tokens in flight or buffered says it will
// find room. No combinational path from an output's ready to any input's ready.
//
// Parameters: Order      1 or 2
//             CrdWidth   payload width of the coordinate channels, 1..63
//             ValWidth   payload width of the value channels, 1..63
//             DimInner   capacity of j: a power of two, 2..2^min(CrdWidth, 20)
//                        (order 1: 4 at least, see WordWidth)
//             DimOuter   capacity of i (order 2 only; else ignored): a power of two,
//                        2..2^min(CrdWidth, 20); Rows*DimInner <= 2^20
//             WordWidth  bitmap word: a power of two, 2..64, <= DimInner, and
//                        Rows*DimInner >= 2*WordWidth. The summary bitmap has
//                        Rows*DimInner/WordWidth bits; keep it <= 64 for Fmax.
//             Banks      workspace banks: 2, 4 or 8 (default 4: the inputs wait for
//                        a drain only when three closed groups are still draining)
//             Defaults: 256 x 16-bit words for order 1; use DimOuter = DimInner = 16
//             for order 2 (256 words).
// Ports:      clk_i, rst_ni                                   clock, synchronous active-low reset
//             crd_outer_valid_i, crd_outer_ready_o, crd_outer_tok_i   i in (order 2;
//                                                             order 1: tie valid low)
//             crd_inner_valid_i, crd_inner_ready_o, crd_inner_tok_i   j in
//             val_valid_i, val_ready_o, val_tok_i             values in
//             crd_outer_valid_o, crd_outer_ready_i, crd_outer_tok_o   i out (order 2;
//                                                             order 1: valid stays low)
//             crd_inner_valid_o, crd_inner_ready_i, crd_inner_tok_o   j out
//             val_valid_o, val_ready_i, val_tok_o             sums out
module sam_spaccumulator #(
  parameter int unsigned Order     = 2,
  parameter int unsigned CrdWidth  = sam_pkg::CrdWidth,
  parameter int unsigned ValWidth  = sam_pkg::ValWidth,
  parameter int unsigned DimInner  = 16,
  parameter int unsigned DimOuter  = 16,
  parameter int unsigned WordWidth = 16,
  parameter int unsigned Banks     = 4
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              crd_outer_valid_i,
  output logic              crd_outer_ready_o,
  input  logic [CrdWidth:0] crd_outer_tok_i,
  input  logic              crd_inner_valid_i,
  output logic              crd_inner_ready_o,
  input  logic [CrdWidth:0] crd_inner_tok_i,
  input  logic              val_valid_i,
  output logic              val_ready_o,
  input  logic [ValWidth:0] val_tok_i,
  output logic              crd_outer_valid_o,
  input  logic              crd_outer_ready_i,
  output logic [CrdWidth:0] crd_outer_tok_o,
  output logic              crd_inner_valid_o,
  input  logic              crd_inner_ready_i,
  output logic [CrdWidth:0] crd_inner_tok_o,
  output logic              val_valid_o,
  input  logic              val_ready_i,
  output logic [ValWidth:0] val_tok_o
);

  localparam int unsigned Rows      = (Order == 2) ? DimOuter : 1;
  localparam int unsigned InnerBits = $clog2(DimInner);
  localparam int unsigned RowBits   = $clog2(Rows);
  localparam int unsigned Entries   = Rows * DimInner;
  localparam int unsigned AddrWidth = InnerBits + RowBits;
  localparam int unsigned BitIdx    = $clog2(WordWidth);
  localparam int unsigned NumWords  = Entries / WordWidth;
  localparam int unsigned WordIdx   = AddrWidth - BitIdx;
  localparam int unsigned BankBits  = $clog2(Banks);

  if (Order != 1 && Order != 2) begin : gen_bad_order
    $error("sam_spaccumulator: Order must be 1 or 2");
  end
  if (CrdWidth < 1 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_crd_width
    $error("sam_spaccumulator: CrdWidth must be in 1..63");
  end
  if (ValWidth < 1 || ValWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_val_width
    $error("sam_spaccumulator: ValWidth must be in 1..63");
  end
  if (DimInner < 2 || (DimInner & (DimInner - 1)) != 0 || InnerBits > CrdWidth ||
      InnerBits > 20) begin : gen_bad_dim_inner
    $error("sam_spaccumulator: DimInner must be a power of two in 2..2^min(CrdWidth, 20)");
  end
  if (Order == 2 && (DimOuter < 2 || (DimOuter & (DimOuter - 1)) != 0 ||
                     RowBits > CrdWidth || AddrWidth > 20)) begin : gen_bad_dim_outer
    $error("sam_spaccumulator: DimOuter must be a power of two, >= 2, <= 2^CrdWidth, with DimOuter*DimInner <= 2^20");
  end
  if (WordWidth < 2 || WordWidth > 64 || (WordWidth & (WordWidth - 1)) != 0 ||
      WordWidth > DimInner || Entries < 2 * WordWidth) begin : gen_bad_word_width
    $error("sam_spaccumulator: WordWidth must be a power of two in 2..64, <= DimInner, <= Rows*DimInner/2");
  end

  if (Banks < 2 || Banks > 8 || (Banks & (Banks - 1)) != 0) begin : gen_bad_banks
    $error("sam_spaccumulator: Banks must be 2, 4 or 8");
  end

  typedef logic [ValWidth-1:0]  val_t;
  typedef logic [CrdWidth-1:0]  crd_t;
  typedef logic [AddrWidth-1:0] addr_t;
  typedef logic [BankBits-1:0]  bank_t;
  typedef logic [BankBits+AddrWidth-1:0] baddr_t;  // {bank, flat index}
  typedef logic [WordWidth-1:0] word_t;
  typedef logic [WordIdx-1:0]   widx_t;
  typedef logic [NumWords-1:0]  sum_t;

  // crd_inner / val buffers: a token holds its slot from issue until the consumer
  // takes it, at least four cycles, and one slot is kept for a token the counts
  // have not seen yet, so five slots give one token per cycle.
  localparam int unsigned OutDepth = 5;
  localparam logic [63:0] InnerMask = 64'(DimInner) - 64'd1;
  localparam logic [CrdWidth:0] CrdDone = {1'b1, CrdWidth'(sam_pkg::done_payload(CrdWidth))};
  localparam logic [ValWidth:0] ValDone = {1'b1, ValWidth'(sam_pkg::done_payload(ValWidth))};

  // The flat workspace index of (i, j); i is 0 for order 1.
  function automatic addr_t flat(crd_t i, crd_t j);
    return AddrWidth'(64'(i) << InnerBits) | AddrWidth'(64'(j) & InnerMask);
  endfunction

  // Lowest set bit, one-hot (x & -x: a carry chain).
  function automatic word_t lowest_bit(word_t w);
    return w & (~w + word_t'(1));
  endfunction

  // At least two bits set (no carry chain: an OR of pairs).
  function automatic logic two_or_more(word_t w);
    logic seen;
    seen        = 1'b0;
    two_or_more = 1'b0;
    for (int k = 0; k < WordWidth; k++) begin
      two_or_more |= seen && w[k];
      seen |= w[k];
    end
  endfunction

  function automatic sum_t lowest_word(sum_t s);
    return s & (~s + sum_t'(1));
  endfunction

  // One-hot to binary encoders (OR trees).
  function automatic logic [BitIdx-1:0] onehot_bit(word_t onehot);
    onehot_bit = '0;
    for (int k = 0; k < WordWidth; k++) begin
      onehot_bit |= onehot[k] ? BitIdx'(k) : '0;
    end
  endfunction

  // An OR accumulated over NumWords words is a chain NumWords deep, which yosys
  // keeps until ABC; at 64 x 64 workspaces (256 words) the YoWASP build's
  // XAIGER export recursed out of its stack on it. So the wide selections OR
  // groups of OrGroup words first: two chains of OrGroup and NumWords / OrGroup.
  localparam int unsigned OrGroup = 16;

  function automatic widx_t onehot_index(sum_t onehot);
    widx_t part;
    onehot_index = '0;
    for (int g = 0; g < NumWords; g += OrGroup) begin
      part = '0;
      for (int k = g; k < g + OrGroup && k < NumWords; k++) begin
        part |= onehot[k] ? WordIdx'(k) : '0;
      end
      onehot_index |= part;
    end
  endfunction

  // ---------------------------------------------------------------- input stages
  // Each input is decoded into a one-token register stage (kind flags, the stop
  // level minus one and two), so the control below starts from registers. A stage
  // loads when it is empty or its token is taken.
  typedef struct packed {
    logic is_data;
    logic is_stop;
    logic is_done;
    logic lvl0;  // S0
    logic lvl1;  // S1
    logic dz;    // a j or S0
    logic s0;    // S0
    logic s1;    // S1
    logic sc;    // S_n, n >= 2
    logic cl;    // S_n with n >= 1, or D (closes a group in order 1)
    crd_t pay;   // j, or a stop's level
    crd_t pm1;   // a stop's level minus one
    crd_t pm2;   // a stop's level minus two
  } cin_t;
  typedef struct packed {
    logic is_data;
    logic is_stop;
    logic is_done;
    logic lvl0;
    logic s0;    // S0
    logic sc;    // S_n with n >= 1, or D (closes a group)
    crd_t pay;
  } oin_t;
  typedef struct packed {
    sam_pkg::tok_kind_e kind;  // assertions only
    val_t               raw;   // assertions only
    val_t               val;   // the value, N as 0
  } vin_t;

  sam_pkg::tok_kind_e o_kind, c_kind, v_kind;
  crd_t               o_in_pay, c_in_pay;
  cin_t               c_in, c_hd;
  oin_t               o_in, o_hd;
  vin_t               v_in, v_hd;
  logic               c_hf, o_hf, v_hf, c_push, o_push_in, v_push;
  logic               take_o, take_iv;

  assign o_kind   = sam_pkg::tok_kind(crd_outer_tok_i[CrdWidth],
                                      64'(crd_outer_tok_i[CrdWidth-1:0]), CrdWidth);
  assign c_kind   = sam_pkg::tok_kind(crd_inner_tok_i[CrdWidth],
                                      64'(crd_inner_tok_i[CrdWidth-1:0]), CrdWidth);
  assign v_kind   = sam_pkg::tok_kind(val_tok_i[ValWidth], 64'(val_tok_i[ValWidth-1:0]),
                                      ValWidth);
  assign o_in_pay = crd_outer_tok_i[CrdWidth-1:0];
  assign c_in_pay = crd_inner_tok_i[CrdWidth-1:0];

  always_comb begin
    c_in.is_data = c_kind == sam_pkg::TokData;
    c_in.is_stop = c_kind == sam_pkg::TokStop;
    c_in.is_done = c_kind == sam_pkg::TokDone;
    c_in.lvl0    = c_in_pay == crd_t'(0);
    c_in.lvl1    = c_in_pay == crd_t'(1);
    c_in.s0      = c_in.is_stop && c_in.lvl0;
    c_in.s1      = c_in.is_stop && c_in.lvl1;
    c_in.sc      = c_in.is_stop && !c_in.lvl0 && !c_in.lvl1;
    c_in.dz      = c_in.is_data || c_in.s0;
    c_in.cl      = (c_in.is_stop && !c_in.lvl0) || c_in.is_done;
    c_in.pay     = c_in_pay;
    c_in.pm1     = c_in_pay - crd_t'(1);
    c_in.pm2     = c_in_pay - crd_t'(2);
    o_in.is_data = o_kind == sam_pkg::TokData;
    o_in.is_stop = o_kind == sam_pkg::TokStop;
    o_in.is_done = o_kind == sam_pkg::TokDone;
    o_in.lvl0    = o_in_pay == crd_t'(0);
    o_in.s0      = o_in.is_stop && o_in.lvl0;
    o_in.sc      = (o_in.is_stop && !o_in.lvl0) || o_in.is_done;
    o_in.pay     = o_in_pay;
    v_in.kind    = v_kind;
    v_in.raw     = val_tok_i[ValWidth-1:0];
    v_in.val     = v_kind == sam_pkg::TokData ? val_tok_i[ValWidth-1:0] : '0;  // N: 0
  end

  // Flags only some configurations (or only the assertions) read: the takes read
  // the registered head view below, the rest reads the heads' payloads.
  logic unused_flags;
  assign unused_flags = ^{c_hd.lvl0, c_hd.lvl1, c_hd.is_stop, c_hd.dz, c_hd.s0, c_hd.s1,
                          c_hd.sc, c_hd.cl, o_hd.lvl0, o_hd.is_stop, o_hd.is_data, o_hd.s0,
                          o_hd.sc};

  // Each input is a three-entry queue: an entry is written when the input's token
  // arrives (write pointer, from the valid and the entry's own full bit), the
  // head is the entry at the read pointer, and a take only clears a full bit and
  // moves the read pointer. So the ready is a register (the entry at the write
  // pointer is free), and the take, the deepest decision of the accumulate side,
  // drives a few flip-flops instead of the stages' enables. crd_inner and val are
  // always taken together, so they share one read pointer. A token is taken two
  // cycles after it arrives at the earliest (the head view below reads the
  // entries, not the inputs), and its entry is free the cycle after: three
  // entries keep one token per cycle.
  localparam int unsigned QDepth = 3;
  typedef logic [1:0] qptr_t;

  function automatic qptr_t qnext(qptr_t p);
    return (p == qptr_t'(QDepth - 1)) ? qptr_t'(0) : p + qptr_t'(1);
  endfunction

  cin_t              c_e_q[QDepth];
  vin_t              v_e_q[QDepth];
  oin_t              o_e_q[QDepth];
  logic [QDepth-1:0] c_f_q, v_f_q, o_f_q;
  qptr_t             c_wp_q, v_wp_q, o_wp_q, iv_rp_q, o_rp_q;
  qptr_t             iv_rp1_q, o_rp1_q;  // the entries after the heads

  assign crd_inner_ready_o = !c_f_q[c_wp_q];
  assign val_ready_o       = !v_f_q[v_wp_q];
  assign c_push    = crd_inner_valid_i && !c_f_q[c_wp_q];
  assign v_push    = val_valid_i && !v_f_q[v_wp_q];
  assign o_push_in = Order == 2 && crd_outer_valid_i && !o_f_q[o_wp_q];
  assign c_hd      = c_e_q[iv_rp_q];
  assign v_hd      = v_e_q[iv_rp_q];
  assign o_hd      = o_e_q[o_rp_q];
  assign c_hf      = c_f_q[iv_rp_q];
  assign v_hf      = v_f_q[iv_rp_q];
  assign o_hf      = o_f_q[o_rp_q];

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      c_f_q    <= '0;
      v_f_q    <= '0;
      o_f_q    <= '0;
      c_wp_q   <= '0;
      v_wp_q   <= '0;
      o_wp_q   <= '0;
      iv_rp_q  <= '0;
      o_rp_q   <= '0;
      iv_rp1_q <= qptr_t'(1);
      o_rp1_q  <= qptr_t'(1);
    end else begin
      // A push fills the free entry at the write pointer, a take empties the full
      // one at the read pointer: never the same entry.
      for (int k = 0; k < QDepth; k++) begin
        if ((c_push && c_wp_q == qptr_t'(k)) || (take_iv && iv_rp_q == qptr_t'(k)))
          c_f_q[k] <= c_push && c_wp_q == qptr_t'(k);
        if ((v_push && v_wp_q == qptr_t'(k)) || (take_iv && iv_rp_q == qptr_t'(k)))
          v_f_q[k] <= v_push && v_wp_q == qptr_t'(k);
        if ((o_push_in && o_wp_q == qptr_t'(k)) || (take_o && o_rp_q == qptr_t'(k)))
          o_f_q[k] <= o_push_in && o_wp_q == qptr_t'(k);
      end
      if (c_push) c_wp_q <= qnext(c_wp_q);
      if (v_push) v_wp_q <= qnext(v_wp_q);
      if (o_push_in) o_wp_q <= qnext(o_wp_q);
      if (take_iv) begin
        iv_rp_q  <= iv_rp1_q;
        iv_rp1_q <= qnext(iv_rp1_q);
      end
      if (take_o) begin
        o_rp_q  <= o_rp1_q;
        o_rp1_q <= qnext(o_rp1_q);
      end
    end
  end

  always_ff @(posedge clk_i) begin
    for (int k = 0; k < QDepth; k++) begin
      if (c_push && c_wp_q == qptr_t'(k)) c_e_q[k] <= c_in;
      if (v_push && v_wp_q == qptr_t'(k)) v_e_q[k] <= v_in;
      if (o_push_in && o_wp_q == qptr_t'(k)) o_e_q[k] <= o_in;
    end
  end

  // A registered view of the heads: the flags the takes read, each already ANDed
  // with "the head is full" (for crd_inner: both crd_inner and val heads), and
  // the head's coordinate (the workspace address). They are the next cycle's head,
  // computed from the entries for both outcomes of this cycle's take (no take:
  // the head entry; a take: the entry after it) and picked by the take. So the
  // takes are a few LUTs over registers with no pointer mux in front of them, the
  // take drives only these few flip-flops and the queue pointers, and no input
  // port reaches them (a token is in an entry before the view shows it).
  typedef struct packed {
    logic ok;   // crd_inner and val heads full
    logic dat;  // ok, a j
    logic dz;   // ok, a j or S0
    logic s0;   // ok, S0
    logic s1;   // ok, S1
    logic sc;   // ok, S_n with n >= 2
    logic cl;   // ok, S_n with n >= 1, or D
  } chv_t;
  typedef struct packed {
    logic ok;   // crd_outer head full
    logic dat;  // ok, an i
    logic s0;   // ok, S0
    logic sc;   // ok, S_n with n >= 1, or D
  } ohv_t;

  chv_t ch_q, ch_stay, ch_move;  // the view; the next head without / with a take
  ohv_t oh_q, oh_stay, oh_move;
  crd_t cj_q, cj_stay, cj_move;  // the crd_inner head's j
  crd_t oi_q, oi_stay, oi_move;  // the crd_outer head's i
  cin_t c_stay_e, c_move_e;
  oin_t o_stay_e, o_move_e;
  logic unused_view;  // the fields of the next heads the view does not keep
  assign unused_view = ^{c_stay_e.is_stop, c_stay_e.is_done, c_stay_e.lvl0, c_stay_e.lvl1,
                         c_stay_e.pm1, c_stay_e.pm2, c_move_e.is_stop, c_move_e.is_done,
                         c_move_e.lvl0, c_move_e.lvl1, c_move_e.pm1, c_move_e.pm2,
                         o_stay_e.is_stop, o_stay_e.is_done, o_stay_e.lvl0,
                         o_move_e.is_stop, o_move_e.is_done, o_move_e.lvl0};

  // The view of one entry: its flags, each ANDed with ok (the entry is full).
  // Waiver: a view keeps only the flags the takes read (see unused_view).
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic chv_t crd_view(cin_t e, logic ok);
    return '{ok: ok, dat: ok && e.is_data, dz: ok && e.dz, s0: ok && e.s0, s1: ok && e.s1,
             sc: ok && e.sc, cl: ok && e.cl};
  endfunction
  function automatic ohv_t outer_view(oin_t e, logic ok);
    return '{ok: ok, dat: ok && e.is_data, s0: ok && e.s0, sc: ok && e.sc};
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  always_comb begin
    c_stay_e = c_e_q[iv_rp_q];
    c_move_e = c_e_q[iv_rp1_q];
    o_stay_e = o_e_q[o_rp_q];
    o_move_e = o_e_q[o_rp1_q];
    ch_stay  = crd_view(c_stay_e, c_f_q[iv_rp_q] && v_f_q[iv_rp_q]);
    ch_move  = crd_view(c_move_e, c_f_q[iv_rp1_q] && v_f_q[iv_rp1_q]);
    oh_stay  = outer_view(o_stay_e, o_f_q[o_rp_q]);
    oh_move  = outer_view(o_move_e, o_f_q[o_rp1_q]);
    cj_stay  = c_stay_e.pay;
    cj_move  = c_move_e.pay;
    oi_stay  = o_stay_e.pay;
    oi_move  = o_move_e.pay;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      ch_q <= '0;
      oh_q <= '0;
      cj_q <= '0;
      oi_q <= '0;
    end else begin
      ch_q <= take_iv ? ch_move : ch_stay;
      oh_q <= take_o ? oh_move : oh_stay;
      cj_q <= take_iv ? cj_move : cj_stay;
      oi_q <= take_o ? oi_move : oi_stay;
    end
  end

  // ---------------------------------------------------------------- state
  // Accumulate side: the bank being filled, the open outer coordinate, the
  // occupancy of the group being accumulated, and the closed groups not yet out.
  bank_t  bank_d, bank_q;
  bank_t  pend_d, pend_q;       // closed groups whose closing stop is not yet out
  logic   open_d, open_q;       // order 2: inside the j fiber of cur_i
  crd_t   cur_i_d, cur_i_q;
  sum_t   asum_d, asum_q;       // summary: word non-empty
  word_t  abm_d[NumWords];
  word_t  abm_q[NumWords];
  // A closed group per bank: its occupancy (copied at the close, read by the
  // drain) and its closing stop S_lvl (or D).
  sum_t   ssum_d[Banks];
  sum_t   ssum_q[Banks];
  word_t  sbm_d[Banks][NumWords];
  word_t  sbm_q[Banks][NumWords];
  crd_t   slvl_d[Banks];
  crd_t   slvl_q[Banks];
  crd_t   slvlm1_d[Banks];
  crd_t   slvlm1_q[Banks];
  logic [Banks-1:0] sdone_d, sdone_q;
  // The closing stop is written a cycle after the close, from registers loaded
  // every cycle, so the take drives no enable of these (the drain reads them many
  // cycles later); cl_flip_q also clears the accumulate bitmap.
  logic   cl_flip_q, cl_done_q;
  bank_t  cl_bank_q;
  crd_t   cl_lvl_q, cl_lvlm1_q;

  // Accumulate pipeline, one stage per cycle: a1 while the memory reads (the
  // occupancy bit is picked from the column read when the token was taken,
  // forwarding hits are combined), a2 when the memory word arrives (it goes into
  // a register, as 0 unless the coordinate is occupied and no younger sum is
  // forwarded; the older forwarded sums are picked into another), a3 adds, a4
  // writes the sum back; a5 and a6 keep the sums the memory read of a younger
  // token missed.
  logic   a1_valid_d, a1_valid_q, a2_valid_q, a3_valid_q, a4_valid_q;
  baddr_t a1_addr_d, a1_addr_q, a2_addr_q, a3_addr_q, a4_addr_q;
  val_t   a1_val_d, a1_val_q, a2_val_q, a3_val_q, a4_sum_q, a5_sum_q, a6_sum_q, a3_sum;
  sum_t   a1_col_d, a1_col_q;    // the token's column of occupancy bits, one per word
  logic   a1_clr_q;              // a1 was taken in the cycle after a close: no bit set
  // a2's choice of the old sum: a4 (the token just before, at a3's add), a5, a6
  // (picked in a2, two to four tokens before), the memory, or 0.
  // The memory is chosen when no younger sum is forwarded (a2_nohit) and the
  // token's occupancy bit is set: its word's bit, ORed in a1 over groups of four
  // words (a2_occ) and over the groups in a2, so neither step is deeper than two
  // LUTs.
  localparam int unsigned OccGroups = (NumWords + 3) / 4;
  logic   a2_f1_q, a2_f2_q, a2_f3_q, a2_f4_q, a2_nohit_q;
  logic [OccGroups-1:0] a2_occ_d, a2_occ_q;
  logic   a3_f1_q;               // a3 adds a4's sum (the token just before)
  val_t   a3_mem_q, a3_pre_q;    // a3's memory word (or 0), older forwarded sum (or 0)
  // a1's bitmap word and bit, one-hot (decoded when the token is taken, so
  // setting its bit is one LUT level on the way into 5 x Entries flip-flops).
  sum_t   a1_woh_d, a1_woh_q;
  word_t  a1_boh_d, a1_boh_q;

  // Drain, a pipeline of four stages. Fetch walks the non-empty words of one
  // closed group (fslot) and then gives a final marker; nw holds the next word;
  // the scanner holds the word being emitted (its lowest remaining bit, one-hot,
  // and the bits above); a two-entry queue of flat indices and final markers,
  // then the issue.
  bank_t  fq_d, fq_q;           // closed groups fetch has not started
  logic   fresh_d, fresh_q;     // fetch started: dlow is found next, from dsum
  bank_t  fslot_d, fslot_q;
  logic   fact_d, fact_q;       // fetch works on fslot
  sum_t   dsum_d, dsum_q;       // non-empty words of fslot not yet fetched
  word_t  dbm_q[NumWords];       // fslot's bitmap, copied at the start
  sum_t   dlow_d, dlow_q;       // the lowest of them, one-hot
  logic   dlz_d, dlz_q;         // dlow is 0 (no word left: the final marker)
  // nw is a two-entry queue like the drain queue: the head (nw_*, read by nx
  // directly) and a skid entry (nws_*); fetch pushes while the skid entry is free.
  logic   nw_valid_q, nw_final_q, nws_valid_q, nws_final_q, f_push, f_final;
  bank_t  nw_slot_q, nws_slot_q;
  word_t  nw_q, nws_q, f_word;
  widx_t  nws_i_q, f_wi;
  widx_t  nwi_q;
  logic   nx_valid_d, nx_valid_q, nx_final_d, nx_final_q;
  bank_t  nx_slot_d, nx_slot_q;
  word_t  nx_oh_d, nx_oh_q, nx_rest_d, nx_rest_q;
  widx_t  nx_wi_d, nx_wi_q;
  // An inverted copy of the scanner's rest, for its "more bits" flag (two or
  // more bits in the rest): on the rest itself, abc9 rebuilds that flag from the
  // loop's carry chain (rest & (rest - 1)), putting the chain in front of it; a
  // plain copy, yosys merges back into the rest.
  word_t  sc_restn_q;
  logic   sc_valid_d, sc_valid_q, sc_final_d, sc_final_q, sc_more_d, sc_more_q;
  bank_t  sc_slot_d, sc_slot_q;
  word_t  sc_oh_d, sc_oh_q, sc_rest_d, sc_rest_q, sc_rest_next;
  widx_t  sc_wi_d, sc_wi_q;
  logic   sc_first_d, sc_first_q;  // the next coordinate pushed is its group's first
  crd_t   sc_row_d, sc_row_q;      // the row of the last coordinate pushed
  logic   s0_done_d, s0_done_q;    // issue: the head's new row has its S0 and i out

  // Output pipeline of crd_inner / val, in step with the drain memory read (two
  // cycles): the token issued now (it_*), then i1, then i2, which goes into the
  // buffers; a data token takes its sum from the memory there.
  logic              item, it_data, i1_valid_q, i1_data_q, i2_valid_q, i2_data_q;
  logic [CrdWidth:0] it_crd, i1_crd_q, i2_crd_q;
  logic [ValWidth:0] it_val, i1_val_q, i2_val_q;

  // ---------------------------------------------------------------- workspace memory
  // Banks banks of Rows x DimInner words, {bank, flat index}, in two `sam_mem`
  // copies with the same writes (the accumulate pipeline's a4), one per read port:
  // accumulate and drain. Reads issue every cycle; the data arrives two cycles
  // later (the block RAM's read register and its output register on ECP5, a fabric
  // register elsewhere), so no logic follows the block RAM's clock-to-out but a
  // mask into a register (a2), and the add (a3) reads registers only.
  //   An accumulate read misses the writes of its own cycle and the next three;
  // a2/a3 take those sums from a4..a6 instead (so back-to-back tokens on one
  // coordinate keep full rate, and the read and write of one word in one cycle,
  // undefined in `sam_mem`, is never used). The drain reads a bank at least three
  // cycles after its last write (close, fetch start, word fetch, scan, queue), no
  // forwarding.
  localparam int unsigned MemAddrWidth = BankBits + AddrWidth;
  val_t   ardata2_q, drdata2_q;
  baddr_t araddr, draddr;

  // One sam_mem per read port (both written by a4): on ECP5 DP16KDs with their
  // output register, so no logic follows the block RAM's clock-to-out. Port 0 is
  // the accumulate's read, port 1 the drain's.
  baddr_t rd_addr[2];
  val_t   rd_data[2];
  logic   rd_valid[2];  // every cycle reads: the pipelines count the two cycles
  val_t   host_rdata[2];  // no host: the workspace is the kernel's alone
  assign rd_addr[0] = araddr;
  assign rd_addr[1] = draddr;
  assign ardata2_q  = rd_data[0];
  assign drdata2_q  = rd_data[1];
  for (genvar p = 0; p < 2; p++) begin : gen_mem
    sam_mem #(
      .Width    (ValWidth),
      .AddrWidth(MemAddrWidth),
      .HostPort (1'b0)
    ) mem (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .host_re_i   (1'b0),
      .host_we_i   (1'b0),
      .host_addr_i ('0),
      .host_wdata_i('0),
      .host_rdata_o(host_rdata[p]),
      .rd_en_i     (1'b1),
      .rd_addr_i   (rd_addr[p]),
      .rd_data_o   (rd_data[p]),
      .rd_valid_o  (rd_valid[p]),
      .wr_en_i     (a4_valid_q),
      .wr_addr_i   (a4_addr_q),
      .wr_data_i   (a4_sum_q)
    );
  end
  logic unused_rd_valid;
  assign unused_rd_valid = ^{rd_valid[0], rd_valid[1], host_rdata[0], host_rdata[1]};

  // The add reads registers only: the token just before (a4) or the memory word
  // or the older forwarded sum (each already 0 unless chosen), plus the value.
  assign a3_sum = ((a3_f1_q ? a4_sum_q : '0) | a3_mem_q | a3_pre_q) + a3_val_q;

  // Hits of the token taken against the four tokens before it (in a1..a4 now),
  // whose writes its memory read misses; the youngest wins. Compared when the
  // token is taken, so a1 only combines registered hits.
  logic h1_d, h2_d, h3_d, h4_d, h1, h2, h3, h4;  // h1..h4: registers (a1)
  assign h1_d = a1_valid_q && a1_addr_q == a1_addr_d;
  assign h2_d = a2_valid_q && a2_addr_q == a1_addr_d;
  assign h3_d = a3_valid_q && a3_addr_q == a1_addr_d;
  assign h4_d = a4_valid_q && a4_addr_q == a1_addr_d;

  always_comb begin
    a2_occ_d = '0;
    for (int w = 0; w < NumWords; w++) a2_occ_d[w/4] |= a1_col_q[w] && a1_woh_q[w];
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      a2_valid_q <= 1'b0;
      a3_valid_q <= 1'b0;
      a4_valid_q <= 1'b0;
      a2_addr_q  <= '0;
      a3_addr_q  <= '0;
      a4_addr_q  <= '0;
      a2_val_q   <= '0;
      a3_val_q   <= '0;
      a4_sum_q   <= '0;
      a5_sum_q   <= '0;
      a6_sum_q   <= '0;
      a2_f1_q    <= 1'b0;
      a2_f2_q    <= 1'b0;
      a2_f3_q    <= 1'b0;
      a2_f4_q    <= 1'b0;
      a2_nohit_q <= 1'b0;
      a2_occ_q   <= '0;
      a3_f1_q    <= 1'b0;
      a3_mem_q   <= '0;
      a3_pre_q   <= '0;
      h1         <= 1'b0;
      h2         <= 1'b0;
      h3         <= 1'b0;
      h4         <= 1'b0;
    end else begin
      a2_valid_q <= a1_valid_q;
      a3_valid_q <= a2_valid_q;
      a4_valid_q <= a3_valid_q;
      a2_addr_q  <= a1_addr_q;
      a3_addr_q  <= a2_addr_q;
      a4_addr_q  <= a3_addr_q;
      a2_val_q   <= a1_val_q;
      a3_val_q   <= a2_val_q;
      a4_sum_q   <= a3_sum;
      a5_sum_q   <= a4_sum_q;
      a6_sum_q   <= a5_sum_q;
      a2_f1_q    <= h1;
      a2_f2_q    <= !h1 && h2;
      a2_f3_q    <= !h1 && !h2 && h3;
      a2_f4_q    <= !h1 && !h2 && !h3 && h4;
      a2_nohit_q <= !h1 && !h2 && !h3 && !h4 && !a1_clr_q;
      a2_occ_q   <= a2_occ_d;
      a3_f1_q    <= a2_f1_q;
      a3_mem_q   <= (a2_nohit_q && a2_occ_q != '0) ? ardata2_q : '0;
      // In a2, the sums of the tokens two, three and four before are in a4..a6.
      a3_pre_q   <= (a2_f2_q ? a4_sum_q : '0) | (a2_f3_q ? a5_sum_q : '0) |
                    (a2_f4_q ? a6_sum_q : '0);
      h1         <= h1_d;
      h2         <= h2_d;
      h3         <= h3_d;
      h4         <= h4_d;
    end
  end

  // ---------------------------------------------------------------- control
  logic  o_ready, room, c_ok;
  logic  acc, done_in, flip, start, fin_pop;
  crd_t  acc_i;
  addr_t acc_addr;
  logic              o_push;
  logic [CrdWidth:0] o_push_tok;
  logic  dq_push, dq_ready, dq_valid, dq_pop, sc_adv, sc_load, nx_en, nw_en;
  logic  need_o, s0_item;
  // A drain queue entry: a flat index, or the group's final marker; first and
  // new row (order 2) are found when it is pushed.
  typedef struct packed {
    logic   final_;
    logic   first;   // the group's first coordinate
    logic   newrow;  // first, or a row other than the coordinate before it
    bank_t  slot;
    addr_t  addr;
  } dq_t;
  dq_t   dq_in, dq_tok, dq_skid_q;
  logic  dq_skid_valid_q;
  addr_t dq_in_addr;
  crd_t  dq_in_row;
  logic  e_final;
  bank_t e_slot;
  addr_t e_addr;
  crd_t  e_row, e_j;
  sum_t  dsum_next;

  // Room in crd_inner / val for one more token, as a register: counts of the
  // tokens issued and not yet taken by the consumer. A count takes an issued token
  // a cycle late (from i1) and room keeps a slot for it.
  logic [2:0] crd_count_d, crd_count_q, val_count_d, val_count_q;
  logic       crd_pop, val_pop, room_q;
  assign room = room_q;
  assign c_ok = c_hf && v_hf;

  // The i of an accumulated token: the outer coordinate read in the same cycle
  // (order 2, first j of a fiber) or the one read before.
  assign acc_i    = (Order == 2 && !open_q) ? oi_q : cur_i_q;
  assign acc_addr = flat(acc_i, cj_q);
  // The accumulate port reads the input's word (harmless if the token is not
  // taken): no decision on the address path.
  assign araddr   = {bank_q, acc_addr};

  // The token's occupancy bit, before its own (and all 0 in the cycle after a
  // close, whose clear is then still on its way: a1_clr), in two steps: when the
  // token is taken, the bit of its column (its j's bit index, a register of the
  // head view) in every word; in a1, the bit of its word (one-hot). So neither i
  // nor a queue pointer is on this path.
  sum_t a1_col;
  always_comb begin
    for (int w = 0; w < NumWords; w++) a1_col[w] = abm_q[w][cj_q[BitIdx-1:0]];
  end

  // ---- accumulate side: never waits for an output, only for a free bank at a close.
  // Flat equations over the registered head view (ch_q, oh_q: flags ANDed with
  // the full bits), so the takes are two or three LUTs deep.
  logic a_acc, a_empty, a_s0, a_close, b_acc, b_s0, b_s1, b_close, pend_ok_q;
  assign a_acc   = !open_q && oh_q.dat && ch_q.dat;
  assign a_empty = !open_q && oh_q.dat && ch_q.s0;           // the S0 of an empty fiber
  assign a_s0    = !open_q && oh_q.s0 && ch_q.ok;            // bare outer S0, inner S1
  assign a_close = !open_q && oh_q.sc && ch_q.ok && pend_ok_q;  // bare outer S_m / D
  assign b_acc   = open_q && ch_q.dat;
  assign b_s0    = open_q && ch_q.s0;
  assign b_s1    = open_q && oh_q.ok && ch_q.s1;             // with the outer S0
  assign b_close = open_q && oh_q.ok && ch_q.sc && pend_ok_q;

  always_comb begin
    if (Order == 1) begin
      acc     = ch_q.dat;
      flip    = ch_q.cl && pend_ok_q;
      take_iv = ch_q.dz || (ch_q.cl && pend_ok_q);
      take_o  = 1'b0;
      done_in = c_hd.is_done;
      open_d  = open_q;
      cur_i_d = cur_i_q;
    end else begin
      acc     = a_acc || b_acc;
      flip    = a_close || b_close;
      take_iv = a_acc || a_empty || a_s0 || a_close || b_acc || b_s0 || b_s1 || b_close;
      take_o  = (!open_q && oh_q.dat) || a_s0 || a_close || b_s1 || b_close;
      done_in = !open_q && o_hd.is_done;
      open_d  = open_q;
      cur_i_d = cur_i_q;
      if (!open_q && oh_q.dat) begin
        open_d  = !ch_q.s0;
        cur_i_d = oi_q;
      end
      if (b_s0 || b_s1 || b_close) open_d = 1'b0;
    end
  end

  // Occupancy: abm is the bitmap of the group being accumulated (cleared at the
  // close). A token sets its bit from a1 (registers, off the take), and reads its
  // word when taken, so the word misses only the token just before it: if that one
  // has the same address, a2 takes its sum from a3 anyway. The bank's own bitmap
  // follows abm every cycle while the bank fills (a1 is empty in the cycle after a
  // close), so the close copies nothing.
  word_t abm_set[NumWords];
  sum_t  asum_set;
  always_comb begin
    for (int k = 0; k < NumWords; k++) abm_set[k] = cl_flip_q ? '0 : abm_q[k];
    asum_set = cl_flip_q ? '0 : asum_q;
    for (int k = 0; k < NumWords; k++) begin
      abm_set[k] |= (a1_valid_q && a1_woh_q[k]) ? a1_boh_q : '0;
    end
    asum_set |= a1_valid_q ? a1_woh_q : '0;
    abm_d  = abm_set;
    asum_d = asum_set;
    sbm_d  = sbm_q;
    ssum_d = ssum_q;
    sbm_d[bank_q]  = abm_set;
    ssum_d[bank_q] = asum_set;
  end

  always_comb begin
    bank_d     = bank_q;
    slvl_d     = slvl_q;
    slvlm1_d   = slvlm1_q;
    sdone_d    = sdone_q;
    // a1 loads every cycle (only its valid bit depends on the take).
    a1_valid_d = acc;
    a1_addr_d  = {bank_q, acc_addr};
    a1_val_d   = v_hd.val;
    a1_col_d   = a1_col;
    a1_woh_d   = sum_t'(1) << acc_addr[AddrWidth-1:BitIdx];
    a1_boh_d   = word_t'(1) << acc_addr[BitIdx-1:0];
    // A group ends (inner S_(lvl+1)), or D: when a bank is free, the group (maybe
    // empty; for D, nothing) goes to the drain with its stop, and the next group
    // fills the next bank.
    if (flip) bank_d = bank_q + bank_t'(1);
    if (cl_flip_q) begin
      slvl_d[cl_bank_q]   = cl_lvl_q;
      slvlm1_d[cl_bank_q] = cl_lvlm1_q;
      sdone_d[cl_bank_q]  = cl_done_q;
    end
  end

  // ---- drain side
  // Fetch: the lowest non-empty word (dlow_q, kept one-hot in a register) is
  // selected by an AND-OR, no encoder on the way; it refills nw whenever nw is
  // empty or moves to the scanner. The scanner pushes one entry per cycle into the
  // queue, whose ready is a register; the issue pops it.
  assign sc_adv    = sc_valid_q && dq_ready;
  assign dq_push   = sc_adv;
  // The stages' enables. nw's is computed from copies of the flags (en_*) so
  // that synthesis cannot build it from nx_en, and nx_en from sc_load: one LUT
  // over registers each instead of a chain of three (each link drives ~40
  // enables).
  (* keep *) logic en_sc_valid_q, en_sc_more_q, en_nx_valid_q, en_dq_skid_q;
  assign sc_load   = !sc_valid_q || (dq_ready && !sc_more_q);
  assign nx_en     = !nx_valid_q || sc_load;
  assign nw_en     = !nw_valid_q || !en_nx_valid_q || !en_sc_valid_q ||
                     (!en_dq_skid_q && !en_sc_more_q);
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      en_sc_valid_q <= 1'b0;
      en_sc_more_q  <= 1'b0;
      en_nx_valid_q <= 1'b0;
      en_dq_skid_q  <= 1'b0;
    end else begin
      en_sc_valid_q <= sc_valid_d;
      en_sc_more_q  <= sc_more_d;
      en_nx_valid_q <= nx_valid_d;
      en_dq_skid_q  <= !(dq_pop || !dq_valid) && (dq_skid_valid_q || dq_push);
    end
  end
  assign f_push    = fact_q && !fresh_q && !nws_valid_q;
  assign sc_rest_next = sc_rest_q & (sc_rest_q - word_t'(1));
  assign start     = !fact_q && fq_q != '0;
  assign dsum_next = dsum_q & ~dlow_q;
  assign e_final   = dq_tok.final_;
  assign e_slot    = dq_tok.slot;
  assign e_addr    = dq_tok.addr;
  assign e_row     = CrdWidth'(64'(e_addr) >> InnerBits);
  assign e_j       = CrdWidth'(64'(e_addr) & InnerMask);
  assign draddr    = {e_slot, e_addr};

  always_comb begin
    fq_d       = fq_q + bank_t'(flip) - bank_t'(start);
    fresh_d    = start;
    fslot_d    = fslot_q;
    fact_d     = fact_q;
    dsum_d     = dsum_q;
    dlow_d     = dlow_q;
    dlz_d      = dlz_q;
    nx_valid_d = nx_valid_q;
    nx_final_d = nx_final_q;
    nx_slot_d  = nx_slot_q;
    nx_oh_d    = nx_oh_q;
    nx_rest_d  = nx_rest_q;
    nx_wi_d    = nx_wi_q;
    sc_valid_d = sc_valid_q;
    sc_final_d = sc_final_q;
    sc_slot_d  = sc_slot_q;
    sc_oh_d    = sc_oh_q;
    sc_rest_d  = sc_rest_q;
    sc_more_d  = sc_more_q;
    sc_wi_d    = sc_wi_q;
    sc_first_d = sc_first_q;
    sc_row_d   = sc_row_q;
    s0_done_d  = s0_done_q;
    it_data    = 1'b0;
    it_crd     = '0;
    it_val     = '0;
    o_push_tok = '0;

    // Scan: the next bit of the current word, or the next word (or marker).
    // The scanner loads the next word's precomputed state from nx; its loop is
    // one carry chain (the rest minus its lowest bit) and a mux, and the "more
    // bits" flag has no carry chain.
    if (sc_load) begin
      sc_valid_d = nx_valid_q;
      sc_final_d = nx_final_q;
      sc_slot_d  = nx_slot_q;
      sc_oh_d    = nx_oh_q;
      sc_rest_d  = nx_rest_q;
      sc_more_d  = nx_rest_q != '0;
      sc_wi_d    = nx_wi_q;
    end else if (sc_adv) begin
      sc_oh_d   = sc_rest_q & ~sc_rest_next;
      sc_rest_d = sc_rest_next;
      sc_more_d = two_or_more(~sc_restn_q);
    end
    if (nx_en) begin
      nx_valid_d = nw_valid_q;
      nx_final_d = nw_final_q;
      nx_slot_d  = nw_slot_q;
      nx_oh_d    = lowest_bit(nw_q);
      nx_rest_d  = nw_q & (nw_q - word_t'(1));
      nx_wi_d    = nwi_q;
    end

    // Fetch. A start loads the bank's summary; the cycle after it finds the lowest
    // word (one carry chain on the fetch's own registers, the same as for every
    // next word), then one word per cycle goes into nw, then the final marker.
    if (start) begin
      fact_d = 1'b1;
      dsum_d = ssum_q[fslot_q];
      dlow_d = '0;
      dlz_d  = 1'b1;
    end
    if (fresh_q) begin
      dlow_d = lowest_word(dsum_next);
      dlz_d  = dsum_next == '0;
    end
    // A word (or the final marker) goes out whenever nw's skid entry is free
    // (f_push: registers only, so the ready chain from the issue back through the
    // scanner and nx stops at nw).
    if (f_push) begin
      dsum_d = dsum_next;
      dlow_d = lowest_word(dsum_next);
      dlz_d  = dsum_next == '0;
      if (dlz_q) begin
        fact_d  = 1'b0;
        fslot_d = fslot_q + bank_t'(1);
      end
    end

    // Issue. The tokens are chosen from the head alone; whether they go out (item,
    // o_push, the pops) depends on the room, so the room flags drive only valid
    // bits and enables, not the tokens' bits. A new row that is not its group's
    // first puts out the S0 closing the previous row first (s0_item; the head
    // stays, s0_done remembers it); a new row's i goes out with its first token.
    need_o  = Order == 2 && (e_final || (dq_tok.newrow && !s0_done_q));
    s0_item = Order == 2 && !e_final && dq_tok.newrow && !s0_done_q && !dq_tok.first;
    if (e_final) begin
      // The group's closing stops (or D).
      if (sdone_q[e_slot]) begin
        o_push_tok = CrdDone;
        it_crd     = CrdDone;
        it_val     = ValDone;
      end else begin
        o_push_tok = {1'b1, slvlm1_q[e_slot]};
        it_crd     = {1'b1, slvl_q[e_slot]};
        it_val     = {1'b1, ValWidth'(slvl_q[e_slot])};
      end
    end else begin
      o_push_tok = {1'b0, e_row};
      if (s0_item) begin
        it_crd = {1'b1, crd_t'(0)};
        it_val = {1'b1, val_t'(0)};
      end else begin
        it_data = 1'b1;
        it_crd  = {1'b0, e_j};
        it_val  = '0;
      end
    end
    // Whether the head goes out now, written flat over registers: it needs room in
    // crd_inner / val, and in crd_outer for the closing stops (order 2) or a new
    // row's i.
    item      = dq_valid && room && (!need_o || o_ready);
    dq_pop    = item && !s0_item;
    fin_pop   = item && e_final;
    o_push    = item && need_o;
    s0_done_d = item ? s0_item : s0_done_q;
    // The scanner's pushes: whether a coordinate starts its group or a row.
    if (dq_push) begin
      sc_first_d = sc_final_q;
      if (!sc_final_q) sc_row_d = dq_in_row;
    end
  end

  assign pend_d      = pend_q + bank_t'(flip) - bank_t'(fin_pop);
  assign crd_count_d = crd_count_q + 3'(i1_valid_q) - 3'(crd_pop);
  assign val_count_d = val_count_q + 3'(i1_valid_q) - 3'(val_pop);


  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      bank_q      <= '0;
      pend_q      <= '0;
      pend_ok_q   <= 1'b1;
      open_q      <= 1'b0;
      cur_i_q     <= '0;
      asum_q      <= '0;
      abm_q       <= '{default: '0};
      ssum_q      <= '{default: '0};
      sbm_q       <= '{default: '{default: '0}};
      slvl_q      <= '{default: '0};
      cl_flip_q   <= 1'b0;
      cl_done_q   <= 1'b0;
      cl_bank_q   <= '0;
      cl_lvl_q    <= '0;
      cl_lvlm1_q  <= '0;
      slvlm1_q    <= '{default: '0};
      sdone_q     <= '0;
      a1_valid_q  <= 1'b0;
      a1_addr_q   <= '0;
      a1_val_q    <= '0;
      a1_col_q    <= '0;
      a1_clr_q    <= 1'b0;
      a1_woh_q    <= '0;
      a1_boh_q    <= '0;
      fq_q        <= '0;
      fresh_q     <= 1'b0;
      fslot_q     <= '0;
      fact_q      <= 1'b0;
      dsum_q      <= '0;
      dlow_q      <= '0;
      dlz_q       <= 1'b1;
      nx_valid_q  <= 1'b0;
      nx_final_q  <= 1'b0;
      nx_slot_q   <= '0;
      nx_oh_q     <= '0;
      nx_rest_q   <= '0;
      sc_restn_q  <= '1;
      nx_wi_q     <= '0;
      sc_more_q   <= 1'b0;
      sc_valid_q  <= 1'b0;
      sc_final_q  <= 1'b0;
      sc_slot_q   <= '0;
      sc_oh_q     <= '0;
      sc_rest_q   <= '0;
      sc_wi_q     <= '0;
      sc_first_q  <= 1'b1;
      sc_row_q    <= '0;
      s0_done_q   <= 1'b0;
      i1_valid_q  <= 1'b0;
      i1_data_q   <= 1'b0;
      i1_crd_q    <= '0;
      i1_val_q    <= '0;
      i2_valid_q  <= 1'b0;
      i2_data_q   <= 1'b0;
      i2_crd_q    <= '0;
      i2_val_q    <= '0;
      crd_count_q <= '0;
      val_count_q <= '0;
      room_q      <= 1'b1;
    end else begin
      bank_q      <= bank_d;
      pend_q      <= pend_d;
      pend_ok_q   <= pend_d != bank_t'(Banks - 1);
      open_q      <= open_d;
      cur_i_q     <= cur_i_d;
      asum_q      <= asum_d;
      abm_q       <= abm_d;
      ssum_q      <= ssum_d;
      sbm_q       <= sbm_d;
      slvl_q      <= slvl_d;
      cl_flip_q   <= flip;
      cl_done_q   <= done_in;
      cl_bank_q   <= bank_q;
      cl_lvl_q    <= c_hd.pm1;
      cl_lvlm1_q  <= c_hd.pm2;
      slvlm1_q    <= slvlm1_d;
      sdone_q     <= sdone_d;
      a1_valid_q  <= a1_valid_d;
      a1_addr_q   <= a1_addr_d;
      a1_val_q    <= a1_val_d;
      a1_col_q    <= a1_col_d;
      a1_clr_q    <= cl_flip_q;
      a1_woh_q    <= a1_woh_d;
      a1_boh_q    <= a1_boh_d;
      fq_q        <= fq_d;
      fresh_q     <= fresh_d;
      fslot_q     <= fslot_d;
      fact_q      <= fact_d;
      dsum_q      <= dsum_d;
      dlow_q      <= dlow_d;
      dlz_q       <= dlz_d;
      nx_valid_q  <= nx_valid_d;
      nx_final_q  <= nx_final_d;
      nx_slot_q   <= nx_slot_d;
      nx_oh_q     <= nx_oh_d;
      nx_rest_q   <= nx_rest_d;
      sc_restn_q  <= ~sc_rest_d;
      nx_wi_q     <= nx_wi_d;
      sc_more_q   <= sc_more_d;
      sc_valid_q  <= sc_valid_d;
      sc_final_q  <= sc_final_d;
      sc_slot_q   <= sc_slot_d;
      sc_oh_q     <= sc_oh_d;
      sc_rest_q   <= sc_rest_d;
      sc_wi_q     <= sc_wi_d;
      sc_first_q  <= sc_first_d;
      sc_row_q    <= sc_row_d;
      s0_done_q   <= s0_done_d;
      i1_valid_q  <= item;
      i1_data_q   <= it_data;
      i1_crd_q    <= it_crd;
      i1_val_q    <= it_val;
      i2_valid_q  <= i1_valid_q;
      i2_data_q   <= i1_data_q;
      i2_crd_q    <= i1_crd_q;
      i2_val_q    <= i1_val_q;
      crd_count_q <= crd_count_d;
      val_count_q <= val_count_d;
      room_q      <= crd_count_d < 3'(OutDepth - 1) && val_count_d < 3'(OutDepth - 1);
    end
  end

  // The fetch's copy of its bank's bitmap (the bank is closed, so it no longer
  // changes): the word select then has no bank mux in front of it.
  always_ff @(posedge clk_i) begin
    if (start) dbm_q <= sbm_q[fslot_q];
  end

  // The fetch's word: the lowest non-empty one (dlow_q, one-hot) selected by an
  // AND-OR from the bitmap copy, no encoder on the way; its index; or the final
  // marker when no word is left.
  always_comb begin
    word_t part;  // one group's share of the word (see OrGroup)
    f_final = dlz_q;
    f_wi    = onehot_index(dlow_q);
    f_word  = '0;
    for (int g = 0; g < NumWords; g += OrGroup) begin
      part = '0;
      for (int k = g; k < g + OrGroup && k < NumWords; k++) begin
        part |= dlow_q[k] ? dbm_q[k] : '0;
      end
      f_word |= part;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      nw_valid_q  <= 1'b0;
      nw_final_q  <= 1'b0;
      nw_slot_q   <= '0;
      nw_q        <= '0;
      nwi_q       <= '0;
      nws_valid_q <= 1'b0;
      nws_final_q <= 1'b0;
      nws_slot_q  <= '0;
      nws_q       <= '0;
      nws_i_q     <= '0;
    end else if (nw_en) begin
      // The head is free: the skid entry moves up, or the fetch's word goes in.
      if (nws_valid_q) begin
        nw_valid_q  <= 1'b1;
        nw_final_q  <= nws_final_q;
        nw_slot_q   <= nws_slot_q;
        nw_q        <= nws_q;
        nwi_q       <= nws_i_q;
        nws_valid_q <= 1'b0;  // f_push is 0 while the skid entry is full
      end else begin
        nw_valid_q <= f_push;
        nw_final_q <= f_final;
        nw_slot_q  <= fslot_q;
        nw_q       <= f_word;
        nwi_q      <= f_wi;
      end
    end else if (f_push) begin
      nws_valid_q <= 1'b1;
      nws_final_q <= f_final;
      nws_slot_q  <= fslot_q;
      nws_q       <= f_word;
      nws_i_q     <= f_wi;
    end
  end

  // ---------------------------------------------------------------- drain queue
  // Two entries: the head (registers the issue reads directly, no read mux) and a
  // skid entry; the scanner pushes while the skid entry is free.
  assign dq_in.final_ = sc_final_q;
  assign dq_in.slot   = sc_slot_q;
  assign dq_in_addr   = AddrWidth'({sc_wi_q, onehot_bit(sc_oh_q)});
  assign dq_in.addr   = dq_in_addr;
  assign dq_in_row    = CrdWidth'(64'(dq_in_addr) >> InnerBits);
  assign dq_in.first  = sc_first_q;
  assign dq_in.newrow = sc_first_q || dq_in_row != sc_row_q;
  assign dq_ready     = !dq_skid_valid_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      dq_valid        <= 1'b0;
      dq_tok          <= '0;
      dq_skid_valid_q <= 1'b0;
      dq_skid_q       <= '0;
    end else if (dq_pop || !dq_valid) begin
      // The head is free: the skid entry moves up, or the pushed entry goes in.
      if (dq_skid_valid_q) begin
        dq_valid        <= 1'b1;
        dq_tok          <= dq_skid_q;
        dq_skid_valid_q <= dq_push;
        dq_skid_q       <= dq_in;
      end else begin
        dq_valid <= dq_push;
        dq_tok   <= dq_in;
      end
    end else if (dq_push) begin
      dq_skid_valid_q <= 1'b1;
      dq_skid_q       <= dq_in;
    end
  end

  // ---------------------------------------------------------------- outputs
  logic crd_inner_fifo_ready, val_fifo_ready;
  assign crd_pop = crd_inner_valid_o && crd_inner_ready_i;
  assign val_pop = val_valid_o && val_ready_i;

  sam_fifo #(
    .Width(CrdWidth),
    .Depth(OutDepth)
  ) crd_inner_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(i2_valid_q),
    .ready_o(crd_inner_fifo_ready),
    .tok_i  (i2_crd_q),
    .valid_o(crd_inner_valid_o),
    .ready_i(crd_inner_ready_i),
    .tok_o  (crd_inner_tok_o)
  );

  sam_fifo #(
    .Width(ValWidth),
    .Depth(OutDepth)
  ) val_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(i2_valid_q),
    .ready_o(val_fifo_ready),
    .tok_i  (i2_data_q ? {1'b0, drdata2_q} : i2_val_q),
    .valid_o(val_valid_o),
    .ready_i(val_ready_i),
    .tok_o  (val_tok_o)
  );

  // ---------------------------------------------------------------- checks
  sam_stream_assert #(.Width(CrdWidth), .Name("sam_spaccumulator crd_inner")) crd_inner_check (
    .clk_i, .rst_ni, .valid_i(crd_inner_valid_i), .ready_i(crd_inner_ready_o),
    .tok_i(crd_inner_tok_i)
  );

  sam_stream_assert #(.Width(ValWidth), .Name("sam_spaccumulator val")) val_check (
    .clk_i, .rst_ni, .valid_i(val_valid_i), .ready_i(val_ready_o), .tok_i(val_tok_i)
  );

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni && i2_valid_q) begin
      assert (crd_inner_fifo_ready && val_fifo_ready)
      else $error("sam_spaccumulator: output buffer overrun (credit count broken)");
    end
    if (rst_ni && crd_inner_valid_i) begin
      InnerNoEmpty_M: assert (c_kind != sam_pkg::TokEmpty)
      else $error("sam_spaccumulator: N in crd_inner");
      InnerInWorkspace_M: assert (c_kind != sam_pkg::TokData || 64'(c_in_pay) < 64'(DimInner))
      else $error("sam_spaccumulator: j = %0d is outside the workspace (DimInner = %0d)",
                  c_in_pay, DimInner);
    end
    // crd_inner and val of one shape is the input contract (the proofs assume it on
    // the ports, formal `aligned`); here it is read at the queue heads.
    if (rst_ni && c_ok) begin
      if (c_hd.is_data) begin
        InnerDataPairsVal_A: assert (v_hd.kind == sam_pkg::TokData || v_hd.kind == sam_pkg::TokEmpty)
        else $error("sam_spaccumulator: crd_inner and val differ in shape");
      end else begin
        InnerStopPairsVal_A: assert (v_hd.kind == (c_hd.is_stop ? sam_pkg::TokStop : sam_pkg::TokDone) &&
                (!c_hd.is_stop || 64'(v_hd.raw) == 64'(c_hd.pay)))
        else $error("sam_spaccumulator: crd_inner and val differ in shape");
      end
    end
  end
`else
  logic unused_ready;
  assign unused_ready = ^{crd_inner_fifo_ready, val_fifo_ready, v_hd.kind, v_hd.raw, c_ok,
                          c_hd.is_data, c_hd.pay, o_hd.pay, o_hf};
`endif

  if (Order == 2) begin : gen_outer
    logic              o_fifo_ready, o_room_q, o1_valid_q;
    logic [CrdWidth:0] o1_tok_q;
    logic [1:0]        o_count_d, o_count_q;

    // The issue's crd_outer token goes through a register (o1) into a 3-deep
    // buffer, so no issue decision reaches the buffer's memory. The room is a
    // register too: a count of the tokens in o1 and the buffer (three slots: a
    // token holds one from its issue until the cycle after it is taken).
    assign crd_outer_ready_o = !o_f_q[o_wp_q];
    assign o_ready           = o_room_q;
    assign o_count_d         = o_count_q + 2'(o_push) - 2'(crd_outer_valid_o && crd_outer_ready_i);

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        o_count_q  <= '0;
        o_room_q   <= 1'b1;
        o1_valid_q <= 1'b0;
        o1_tok_q   <= '0;
      end else begin
        o_count_q  <= o_count_d;
        o_room_q   <= o_count_d != 2'd3;
        o1_valid_q <= o_push;
        o1_tok_q   <= o_push_tok;
      end
    end

    sam_fifo #(
      .Width(CrdWidth),
      .Depth(3)
    ) crd_outer_buffer (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(o1_valid_q),
      .ready_o(o_fifo_ready),
      .tok_i  (o1_tok_q),
      .valid_o(crd_outer_valid_o),
      .ready_i(crd_outer_ready_i),
      .tok_o  (crd_outer_tok_o)
    );

`ifndef SAM_ASSERTS_OFF
    always_ff @(posedge clk_i) begin
      if (rst_ni && o1_valid_q) begin
        assert (o_fifo_ready)
        else $error("sam_spaccumulator: crd_outer buffer overrun (credit count broken)");
      end
    end
`else
    logic unused_o_ready;
    assign unused_o_ready = o_fifo_ready;
`endif

    sam_stream_assert #(.Width(CrdWidth), .Name("sam_spaccumulator crd_outer")) crd_outer_check (
      .clk_i, .rst_ni, .valid_i(crd_outer_valid_i), .ready_i(crd_outer_ready_o),
      .tok_i(crd_outer_tok_i)
    );

`ifndef SAM_ASSERTS_OFF
    logic [63:0] o_lvl, c_lvl;
    assign o_lvl = 64'(o_hd.pay);
    assign c_lvl = 64'(c_hd.pay);
    always_ff @(posedge clk_i) begin
      if (rst_ni && crd_outer_valid_i) begin
        OuterNoEmpty_M: assert (o_kind != sam_pkg::TokEmpty)
        else $error("sam_spaccumulator: N in crd_outer");
        OuterInWorkspace_M: assert (o_kind != sam_pkg::TokData || 64'(o_in_pay) < 64'(DimOuter))
        else $error("sam_spaccumulator: i = %0d is outside the workspace (DimOuter = %0d)",
                    o_in_pay, DimOuter);
      end
      if (rst_ni && o_hf && c_ok && !open_q) begin
        if (o_hd.is_stop) begin
          BareStopsPair_M: assert (c_hd.is_stop && c_lvl == o_lvl + 64'd1)
          else $error("sam_spaccumulator: a bare outer S%0d needs a bare inner S%0d", o_lvl,
                      o_lvl + 64'd1);
        end
        if (o_hd.is_done) begin
          DonePairs_M: assert (c_hd.is_done)
          else $error("sam_spaccumulator: outer D against an inner token that is not D");
        end
      end
      if (rst_ni && c_ok && open_q) begin
        InnerDoneLast_M: assert (!c_hd.is_done)
        else $error("sam_spaccumulator: inner D inside the fiber of an outer coordinate");
        if (c_hd.is_stop && o_hf) begin
          if (c_hd.lvl0) begin
            InnerS0Inside_M: assert (!o_hd.is_stop)
            else $error("sam_spaccumulator: inner S0 where crd_outer closes a fiber");
          end else begin
            InnerMatchesOuter_M: assert (o_hd.is_stop && c_lvl == o_lvl + 64'd1)
            else $error("sam_spaccumulator: inner S%0d does not match crd_outer", c_lvl);
          end
        end
      end
    end
`endif
  end else begin : gen_no_outer
    logic unused_outer;
    assign unused_outer = ^{crd_outer_valid_i, crd_outer_tok_i, crd_outer_ready_i, o_kind,
                            o_in_pay, o_hd, o_hf, take_o, o_push_in, o_push, o_push_tok,
                            open_q, open_d, cur_i_q, s0_done_q, sc_row_q, e_row,
                            DimOuter};
    assign crd_outer_ready_o = 1'b0;
    assign crd_outer_valid_o = 1'b0;
    assign crd_outer_tok_o   = '0;
    assign o_ready           = 1'b1;
  end

endmodule
