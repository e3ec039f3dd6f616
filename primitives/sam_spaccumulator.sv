// sam_spaccumulator: the sparse workspace reducer of order 1 (vector) or 2 (matrix)
// (DESIGN section 6; golden model compiler/src/golden/spaccumulator.rs, functions
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
// Microarchitecture. A dense workspace: a value memory of Rows x DimInner words
// (Rows = DimOuter for order 2, 1 for order 1) addressed by the flat index
// {i, j}, with one synchronous read port and one write port (inferable as block
// RAM), and an occupancy bitmap kept as NumWords = Rows*DimInner/WordWidth words of
// WordWidth bits plus a summary bitmap with one bit per non-empty word.
//   Accumulate phase: one input token per cycle. A data token sets its occupancy
//   bit and reads its memory word (cycle t); the word arrives through the memory's
//   output register and one more register (t+2), when the sum is written back.
//   The read cannot see the writes of cycles t and t+1; those are forwarded from
//   registers, so back-to-back tokens on one coordinate keep full rate and the
//   memory never has to resolve a read and a write of one word in one cycle
//   (`no_rw_check`).
//   Drain phase (after a closing stop, inputs stalled): each cycle emits the next
//   occupied flat index: a find-first-set over the summary bitmap loads the next
//   non-empty word into a register (and clears it in the bitmap), prefetched while
//   the last bit of the current word goes out, and a find-first-set over that
//   register gives the coordinate, whose sum is read from the memory. Empty words
//   cost nothing; the first word is fetched in the cycle the closing stop is
//   taken. A group of K occupied (i, j) over R rows stalls the inputs for K + R
//   cycles (order 1: K + 1), which is also the number of tokens it puts on
//   crd_inner / val; an empty group costs no extra cycle.
//
// Protocol errors (asserted): a coordinate >= DimInner (j) or >= DimOuter (i, order
// 2), `N` on a coordinate channel, crd_inner and val of different shape, order-2
// inputs that break the stop rule.
//
// Outputs sit behind buffers (`sam_fifo`): crd_outer Depth 2; crd_inner and val
// Depth 5, fed by a two-stage pipeline in step with the memory read, so a token
// is issued only when a count of the tokens in flight or buffered says it will
// find room. No combinational path from an output's ready to any input's ready.
//
// Parameters: Order      1 or 2
//             CrdWidth   payload width of the coordinate channels, 1..63
//             ValWidth   payload width of the value channels, 1..63
//             DimInner   capacity of j: a power of two, 2..2^min(CrdWidth, 20)
//             DimOuter   capacity of i (order 2 only; else ignored): a power of two,
//                        2..2^min(CrdWidth, 20); Rows*DimInner <= 2^20
//             WordWidth  bitmap word: a power of two, 2..64, <= DimInner, and
//                        Rows*DimInner >= 2*WordWidth. The summary bitmap has
//                        Rows*DimInner/WordWidth bits; keep it <= 64 for Fmax.
//             Defaults: 256 x 16-bit words for order 1; use DimOuter = DimInner = 16
//             for order 2 (256 words).
// Ports:      clk_i, rst_ni                                   clock, async active-low reset
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
  parameter int unsigned WordWidth = 16
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

  typedef logic [ValWidth-1:0]  val_t;
  typedef logic [CrdWidth-1:0]  crd_t;
  typedef logic [AddrWidth-1:0] addr_t;
  typedef logic [WordWidth-1:0] word_t;
  typedef logic [WordIdx-1:0]   widx_t;

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

  // Find-first-set as isolate-lowest-bit (x & -x, a carry chain) and a one-hot to
  // binary encoder (OR trees): logarithmic depth, where a priority loop would
  // build a chain of muxes as long as the word.
  function automatic logic [BitIdx-1:0] first_bit(word_t w);
    word_t onehot;
    onehot    = w & (~w + word_t'(1));
    first_bit = '0;
    for (int k = 0; k < WordWidth; k++) begin
      first_bit |= onehot[k] ? BitIdx'(k) : '0;
    end
  endfunction

  function automatic widx_t first_word(logic [NumWords-1:0] s);
    logic [NumWords-1:0] onehot;
    onehot     = s & (~s + NumWords'(1));
    first_word = '0;
    for (int k = 0; k < NumWords; k++) begin
      first_word |= onehot[k] ? WordIdx'(k) : '0;
    end
  endfunction

  // ---------------------------------------------------------------- input decode
  sam_pkg::tok_kind_e o_kind, c_kind, v_kind;
  crd_t               o_pay, c_pay;
  val_t               v_val;

  assign o_kind = sam_pkg::tok_kind(crd_outer_tok_i[CrdWidth],
                                    64'(crd_outer_tok_i[CrdWidth-1:0]), CrdWidth);
  assign c_kind = sam_pkg::tok_kind(crd_inner_tok_i[CrdWidth],
                                    64'(crd_inner_tok_i[CrdWidth-1:0]), CrdWidth);
  assign v_kind = sam_pkg::tok_kind(val_tok_i[ValWidth], 64'(val_tok_i[ValWidth-1:0]),
                                    ValWidth);
  assign o_pay  = crd_outer_tok_i[CrdWidth-1:0];
  assign c_pay  = crd_inner_tok_i[CrdWidth-1:0];
  assign v_val  = v_kind == sam_pkg::TokData ? val_tok_i[ValWidth-1:0] : '0;  // N: 0

  // ---------------------------------------------------------------- state
  logic                drain_d, drain_q;      // drain phase
  logic                open_d, open_q;        // order 2: inside the j fiber of cur_i
  crd_t                cur_i_d, cur_i_q;
  crd_t                lvl_d, lvl_q;          // the closing inner stop S_lvl
  logic                started_d, started_q;  // drain: a coordinate is out
  crd_t                row_d, row_q;          // drain: the row of the last one
  logic [NumWords-1:0] sum_d, sum_q;          // summary: word non-empty
  word_t               bm_d[NumWords];
  word_t               bm_q[NumWords];
  word_t               cw_d, cw_q;            // drain: the word being emitted
  widx_t               cwi_d, cwi_q;
  // Accumulate pipeline: a1 while the memory reads, a2 writes the sum back.
  logic                a1_valid_d, a1_valid_q, a1_occ_d, a1_occ_q, a2_valid_q, a2_occ_q;
  addr_t               a1_addr_d, a1_addr_q, a2_addr_q;
  val_t                a1_val_d, a1_val_q, a2_val_q;
  // Output pipeline of crd_inner / val, in step with the memory read (two cycles):
  // the token issued now (it_*), then i1, then i2, which goes into the buffers; a
  // data token takes its sum from the memory there.
  logic                i1_valid_q, i1_data_q, i2_valid_q, i2_data_q, it_data;
  logic [CrdWidth:0]   it_crd, i1_crd_q, i2_crd_q;
  logic [ValWidth:0]   it_val, i1_val_q, i2_val_q;

  // The workspace memory: one read per cycle, the data two cycles later (the
  // memory's output register, then one more register, so no logic follows the
  // block RAM's clock-to-out). A read does not see the writes of its own cycle and
  // of the next, which the words below forward. So the memory never needs to
  // resolve a read and a write of one address in one cycle.
  (* no_rw_check *) val_t mem_q[Entries];
  val_t  rdata1_q, rdata2_q, rdata, wdata, wdata1_q, wdata2_q;
  logic  we, we1_q, hit_old_q, hit_older_q;
  addr_t raddr, raddr1_q, waddr1_q;

  assign we    = a2_valid_q;
  // Forwarding: hit_old_q means the write one cycle ago went to the word read two
  // cycles ago, hit_older_q the write two cycles ago (the read's own cycle). Both
  // compare registered addresses, one cycle after the read.
  assign rdata = hit_old_q ? wdata1_q : hit_older_q ? wdata2_q : rdata2_q;
  assign wdata = (a2_occ_q ? rdata : '0) + a2_val_q;

  always_ff @(posedge clk_i) begin
    if (we) mem_q[a2_addr_q] <= wdata;
    rdata1_q <= mem_q[raddr];
    rdata2_q <= rdata1_q;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      raddr1_q    <= '0;
      waddr1_q    <= '0;
      we1_q       <= 1'b0;
      hit_old_q   <= 1'b0;
      hit_older_q <= 1'b0;
      wdata1_q    <= '0;
      wdata2_q    <= '0;
    end else begin
      raddr1_q    <= raddr;
      waddr1_q    <= a2_addr_q;
      we1_q       <= we;
      hit_old_q   <= we && a2_addr_q == raddr1_q;
      hit_older_q <= we1_q && waddr1_q == raddr1_q;
      wdata1_q    <= wdata;
      wdata2_q    <= wdata1_q;
    end
  end

  // ---------------------------------------------------------------- control
  logic o_ready, room, inner_ok;
  logic take_o, take_iv, acc, close, o_push, item, issue, fetch;
  logic [CrdWidth:0] o_push_tok;
  crd_t  acc_i, close_lvl;
  addr_t acc_addr;
  widx_t acc_w, fw;
  logic [NumWords-1:0] fw_onehot;
  word_t fw_word;
  logic [BitIdx-1:0] fb;
  addr_t e_addr;
  crd_t  e_row, e_j;

  // Room in crd_inner / val for one more token, as a register: counts of the
  // tokens issued and not yet taken by the consumer. A count takes an issued token
  // a cycle late (from i1) and room keeps a slot for it, which keeps the input
  // decoding off the counts and the counts off the decisions.
  logic [2:0] crd_count_d, crd_count_q, val_count_d, val_count_q;
  logic       crd_pop, val_pop, room_q;
  assign room     = room_q;
  assign inner_ok = crd_inner_valid_i && val_valid_i;
  assign fb       = first_bit(cw_q);
  assign fw        = first_word(sum_q);
  assign fw_onehot = sum_q & (~sum_q + NumWords'(1));
  always_comb begin
    fw_word = '0;
    for (int k = 0; k < NumWords; k++) begin
      fw_word |= fw_onehot[k] ? bm_q[k] : '0;
    end
  end
  assign e_addr   = {cwi_q, fb};
  assign e_row    = CrdWidth'(64'(e_addr) >> InnerBits);
  assign e_j      = CrdWidth'(64'(e_addr) & InnerMask);
  // The i of an accumulated token: the outer coordinate read in the same cycle
  // (order 2, first j of a fiber) or the one read before.
  assign acc_i    = (Order == 2 && !open_q) ? o_pay : cur_i_q;
  assign acc_addr = flat(acc_i, c_pay);
  assign acc_w    = acc_addr[AddrWidth-1:BitIdx];
  // The memory reads the drained coordinate, or while accumulating the input's
  // (a read for a token that is not taken is harmless): the select is a register,
  // not the input decoding.
  assign raddr    = drain_q ? e_addr : acc_addr;

  always_comb begin
    drain_d    = drain_q;
    open_d     = open_q;
    cur_i_d    = cur_i_q;
    lvl_d      = lvl_q;
    started_d  = started_q;
    row_d      = row_q;
    sum_d      = sum_q;
    bm_d       = bm_q;
    cw_d       = cw_q;
    cwi_d      = cwi_q;
    a1_valid_d = 1'b0;
    a1_occ_d   = a1_occ_q;
    a1_addr_d  = a1_addr_q;
    a1_val_d   = a1_val_q;
    it_data    = 1'b0;
    it_crd     = '0;
    it_val     = '0;
    take_o     = 1'b0;
    take_iv    = 1'b0;
    acc        = 1'b0;
    close      = 1'b0;
    close_lvl  = '0;
    o_push     = 1'b0;
    o_push_tok = '0;
    item     = 1'b0;
    issue      = 1'b0;
    fetch      = 1'b0;

    if (!drain_q) begin
      // ------------------------------------------------ accumulate phase
      if (Order == 1) begin
        if (inner_ok) begin
          unique case (c_kind)
            sam_pkg::TokData: acc = 1'b1;
            sam_pkg::TokStop: begin
              if (c_pay == '0) take_iv = 1'b1;
              else begin
                close     = 1'b1;
                close_lvl = c_pay - crd_t'(1);
              end
            end
            sam_pkg::TokDone: begin
              if (room) begin
                take_iv  = 1'b1;
                item   = 1'b1;
                it_data = 1'b0;
                it_crd  = CrdDone;
                it_val  = ValDone;
              end
            end
            default: ;  // N as a coordinate: asserted below
          endcase
        end
      end else if (!open_q) begin
        // Between outer coordinates: read the next outer token.
        if (crd_outer_valid_i) begin
          unique case (o_kind)
            sam_pkg::TokData: begin
              take_o  = 1'b1;
              open_d  = 1'b1;
              cur_i_d = o_pay;
              // Overlap the first j of the fiber with its i.
              if (inner_ok && c_kind == sam_pkg::TokData) acc = 1'b1;
            end
            sam_pkg::TokStop: begin  // a bare outer S_m against a bare inner S_(m+1)
              if (inner_ok) begin
                if (o_pay == '0) begin
                  take_o  = 1'b1;
                  take_iv = 1'b1;
                end else begin
                  close     = 1'b1;
                  close_lvl = o_pay;
                end
              end
            end
            sam_pkg::TokDone: begin
              if (inner_ok && room && o_ready) begin
                take_o     = 1'b1;
                take_iv    = 1'b1;
                o_push     = 1'b1;
                o_push_tok = CrdDone;
                item     = 1'b1;
                it_data   = 1'b0;
                it_crd    = CrdDone;
                it_val    = ValDone;
              end
            end
            default: ;  // N in crd_outer: asserted below
          endcase
        end
      end else if (inner_ok) begin
        // Inside the j fiber of cur_i.
        unique case (c_kind)
          sam_pkg::TokData: acc = 1'b1;
          sam_pkg::TokStop: begin
            if (c_pay == '0) begin
              take_iv = 1'b1;
              open_d  = 1'b0;
            end else if (crd_outer_valid_i) begin  // the outer S_(c_pay-1) too
              if (c_pay == crd_t'(1)) begin
                take_o  = 1'b1;
                take_iv = 1'b1;
                open_d  = 1'b0;
              end else begin
                close     = 1'b1;
                close_lvl = c_pay - crd_t'(1);
              end
            end
          end
          default: ;  // D or N: asserted below
        endcase
      end

      if (acc) begin
        take_iv    = 1'b1;
        a1_valid_d = 1'b1;
        a1_addr_d  = acc_addr;
        a1_val_d   = v_val;
        a1_occ_d   = bm_q[acc_w][acc_addr[BitIdx-1:0]];
        bm_d[acc_w][acc_addr[BitIdx-1:0]] = 1'b1;
        sum_d[acc_w] = 1'b1;
      end

      if (close) begin
        // The group ends: an empty one gives its stops now, else drain.
        if (sum_q != '0) begin
          take_iv   = 1'b1;
          take_o    = Order == 2;
          open_d    = 1'b0;
          drain_d   = 1'b1;
          lvl_d     = close_lvl;
          started_d = 1'b0;
          fetch     = 1'b1;  // the first non-empty word, while the stop goes in
        end else if (room && (Order == 1 || o_ready)) begin
          take_iv    = 1'b1;
          take_o     = Order == 2;
          open_d     = 1'b0;
          o_push     = Order == 2;
          o_push_tok = {1'b1, close_lvl - crd_t'(1)};
          item     = 1'b1;
          it_data   = 1'b0;
          it_crd    = {1'b1, close_lvl};
          it_val    = {1'b1, ValWidth'(close_lvl)};
        end
      end
    end else begin
      // ------------------------------------------------ drain phase
      if (cw_q != '0) begin
        if (Order == 2 && (!started_q || e_row != row_q)) begin
          // A new row: its i goes out, after an S0 closing the previous row.
          if (room && o_ready) begin
            o_push     = 1'b1;
            o_push_tok = {1'b0, e_row};
            row_d      = e_row;
            if (started_q) begin
              item   = 1'b1;
              it_data = 1'b0;
              it_crd  = {1'b1, crd_t'(0)};
              it_val  = {1'b1, val_t'(0)};
            end else begin
              issue = 1'b1;
            end
          end
        end else if (room) begin
          issue = 1'b1;
        end
      end else if (sum_q == '0) begin
        // Everything is out: the closing stops.
        if (room && (Order == 1 || o_ready)) begin
          o_push     = Order == 2;
          o_push_tok = {1'b1, lvl_q - crd_t'(1)};
          item     = 1'b1;
          it_data   = 1'b0;
          it_crd    = {1'b1, lvl_q};
          it_val    = {1'b1, ValWidth'(lvl_q)};
          drain_d    = 1'b0;
        end
      end

      if (issue) begin
        started_d = 1'b1;
        item    = 1'b1;
        it_data  = 1'b1;
        it_crd   = {1'b0, e_j};
        cw_d      = cw_q & (cw_q - word_t'(1));  // clear the lowest set bit
      end

      // Fetch the next non-empty word when the current one is (about to be) empty.
      fetch = sum_q != '0 && (cw_q == '0 || (issue && (cw_q & (cw_q - word_t'(1))) == '0));
    end

    if (fetch) begin
      // Select, and clear, the word by the one-hot lowest summary bit: no encoder
      // or decoder on the way.
      cw_d  = fw_word;
      cwi_d = fw;
      sum_d = sum_d & ~fw_onehot;
      for (int k = 0; k < NumWords; k++) begin
        if (fw_onehot[k]) bm_d[k] = '0;
      end
    end

    crd_count_d = crd_count_q + 3'(i1_valid_q) - 3'(crd_pop);
    val_count_d = val_count_q + 3'(i1_valid_q) - 3'(val_pop);
  end

  assign crd_inner_ready_o = take_iv;
  assign val_ready_o       = take_iv;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      drain_q    <= 1'b0;
      open_q     <= 1'b0;
      cur_i_q    <= '0;
      lvl_q      <= '0;
      started_q  <= 1'b0;
      row_q      <= '0;
      sum_q      <= '0;
      bm_q       <= '{default: '0};
      cw_q       <= '0;
      cwi_q      <= '0;
      a1_valid_q  <= 1'b0;
      a1_occ_q    <= 1'b0;
      a1_addr_q   <= '0;
      a1_val_q    <= '0;
      a2_valid_q  <= 1'b0;
      a2_occ_q    <= 1'b0;
      a2_addr_q   <= '0;
      a2_val_q    <= '0;
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
      drain_q    <= drain_d;
      open_q     <= open_d;
      cur_i_q    <= cur_i_d;
      lvl_q      <= lvl_d;
      started_q  <= started_d;
      row_q      <= row_d;
      sum_q      <= sum_d;
      bm_q       <= bm_d;
      cw_q       <= cw_d;
      cwi_q      <= cwi_d;
      a1_valid_q  <= a1_valid_d;
      a1_occ_q    <= a1_occ_d;
      a1_addr_q   <= a1_addr_d;
      a1_val_q    <= a1_val_d;
      a2_valid_q  <= a1_valid_q;
      a2_occ_q    <= a1_occ_q;
      a2_addr_q   <= a1_addr_q;
      a2_val_q    <= a1_val_q;
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
    .tok_i  (i2_data_q ? {1'b0, rdata} : i2_val_q),
    .valid_o(val_valid_o),
    .ready_i(val_ready_i),
    .tok_o  (val_tok_o)
  );

  // ---------------------------------------------------------------- checks
  sam_stream_assert #(
    .Width(CrdWidth),
    .Name ("sam_spaccumulator crd_inner")
  ) crd_inner_check (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(crd_inner_valid_i),
    .ready_i(crd_inner_ready_o),
    .tok_i  (crd_inner_tok_i)
  );

  sam_stream_assert #(
    .Width(ValWidth),
    .Name ("sam_spaccumulator val")
  ) val_check (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(val_valid_i),
    .ready_i(val_ready_o),
    .tok_i  (val_tok_i)
  );

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni && i2_valid_q) begin
      assert (crd_inner_fifo_ready && val_fifo_ready)
      else $error("sam_spaccumulator: output buffer overrun (credit count broken)");
    end
    if (rst_ni && crd_inner_valid_i) begin
      assert (c_kind != sam_pkg::TokEmpty)
      else $error("sam_spaccumulator: N in crd_inner");
      assert (c_kind != sam_pkg::TokData || 64'(c_pay) < 64'(DimInner))
      else $error("sam_spaccumulator: j = %0d is outside the workspace (DimInner = %0d)",
                  c_pay, DimInner);
    end
    if (rst_ni && inner_ok) begin
      if (c_kind == sam_pkg::TokData) begin
        assert (v_kind == sam_pkg::TokData || v_kind == sam_pkg::TokEmpty)
        else $error("sam_spaccumulator: crd_inner and val differ in shape");
      end else begin
        assert (v_kind == c_kind && (c_kind != sam_pkg::TokStop ||
                                     64'(val_tok_i[ValWidth-1:0]) == 64'(c_pay)))
        else $error("sam_spaccumulator: crd_inner and val differ in shape");
      end
    end
  end
`else
  logic unused_ready;
  assign unused_ready = ^{crd_inner_fifo_ready, val_fifo_ready};
`endif

  if (Order == 2) begin : gen_outer
    logic o_fifo_ready;

    assign crd_outer_ready_o = take_o;
    assign o_ready           = o_fifo_ready;

    sam_fifo #(
      .Width(CrdWidth),
      .Depth(2)
    ) crd_outer_buffer (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(o_push),
      .ready_o(o_fifo_ready),
      .tok_i  (o_push_tok),
      .valid_o(crd_outer_valid_o),
      .ready_i(crd_outer_ready_i),
      .tok_o  (crd_outer_tok_o)
    );

    sam_stream_assert #(
      .Width(CrdWidth),
      .Name ("sam_spaccumulator crd_outer")
    ) crd_outer_check (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(crd_outer_valid_i),
      .ready_i(crd_outer_ready_o),
      .tok_i  (crd_outer_tok_i)
    );

`ifndef SAM_ASSERTS_OFF
    logic [63:0] o_lvl, c_lvl;
    assign o_lvl = 64'(o_pay);
    assign c_lvl = 64'(c_pay);
    always_ff @(posedge clk_i) begin
      if (rst_ni && crd_outer_valid_i) begin
        assert (o_kind != sam_pkg::TokEmpty)
        else $error("sam_spaccumulator: N in crd_outer");
        assert (o_kind != sam_pkg::TokData || o_lvl < 64'(DimOuter))
        else $error("sam_spaccumulator: i = %0d is outside the workspace (DimOuter = %0d)",
                    o_pay, DimOuter);
      end
      if (rst_ni && !drain_q && crd_outer_valid_i && inner_ok && !open_q) begin
        if (o_kind == sam_pkg::TokStop) begin
          assert (c_kind == sam_pkg::TokStop && c_lvl == o_lvl + 64'd1)
          else $error("sam_spaccumulator: a bare outer S%0d needs a bare inner S%0d", o_lvl,
                      o_lvl + 64'd1);
        end
        if (o_kind == sam_pkg::TokDone) begin
          assert (c_kind == sam_pkg::TokDone)
          else $error("sam_spaccumulator: outer D against an inner token that is not D");
        end
      end
      if (rst_ni && !drain_q && inner_ok && open_q) begin
        assert (c_kind != sam_pkg::TokDone)
        else $error("sam_spaccumulator: inner D inside the fiber of an outer coordinate");
        if (c_kind == sam_pkg::TokStop && crd_outer_valid_i) begin
          if (c_lvl == 64'd0) begin
            assert (o_kind != sam_pkg::TokStop)
            else $error("sam_spaccumulator: inner S0 where crd_outer closes a fiber");
          end else begin
            assert (o_kind == sam_pkg::TokStop && c_lvl == o_lvl + 64'd1)
            else $error("sam_spaccumulator: inner S%0d does not match crd_outer", c_lvl);
          end
        end
      end
    end
`endif
  end else begin : gen_no_outer
    logic unused_outer;
    assign unused_outer = ^{crd_outer_valid_i, crd_outer_tok_i, crd_outer_ready_i, o_kind,
                            o_pay, take_o, o_push, o_push_tok, open_q, cur_i_q, started_q,
                            row_q, e_row, DimOuter};
    assign crd_outer_ready_o = 1'b0;
    assign crd_outer_valid_o = 1'b0;
    assign crd_outer_tok_o   = '0;
    assign o_ready           = 1'b1;
  end

endmodule
