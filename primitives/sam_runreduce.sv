// sam_runreduce: the run-weighted reducer (section IV-D of Donenfeld et al.'s compression
// paper; golden model golden/src/models/runs.rs `runreduce`; contract in
// docs/fill-regions.md).
//
// Sums each innermost fiber of a run stream: crd gives the run starts, val their
// values (`N` reads as 0), and the run [x, e) (e the fiber's next start, or
// dim_i) adds value * (e - x), wrapping at ValWidth bits. One sum per fiber,
// with the reducer's stop rule: `S0` closes a fiber and disappears, `S_n`
// (n >= 1) comes out as `S_(n-1)` after the sum, `D` passes through; an empty
// fiber gives 0.
//
// A run's length is known when the next input pair arrives, so the run waits in
// a register; the next start (or the stop, with dim_i) issues its product into
// a three-stage multiplier, and the product is added to the running sum as it
// comes out. A stop issues the fiber's last product and the sum comes out four
// cycles later (through an output register); `S_n` (n >= 1) spends a second cycle issuing its
// `S_(n-1)`. Outputs come through a five-entry buffer, and an output is issued
// only with a credit for it (both `sam_scan_out`): the multiplier has no stall.
// One input pair per cycle otherwise, whatever the run lengths.
//
// Input contract (asserted): the two inputs have the same shape; no N in
// crd; no run after the last stop (a start before `D`). Starts that do not
// increase, or lie at or past dim_i, give lengths modulo 2**CrdWidth.
//
// Parameters: CrdWidth  payload width of the run starts, 1..63
//             ValWidth  payload width of the values and sums, 1..63
// Ports:      clk_i, rst_ni                        clock, synchronous active-low reset
//             dim_i                                the index's extent, held during a run
//             crd_valid_i, crd_ready_o, crd_tok_i  run starts
//             val_valid_i, val_ready_o, val_tok_i  the runs' values
//             val_valid_o, val_ready_i, val_tok_o  sums
module sam_runreduce #(
  parameter int unsigned CrdWidth = sam_pkg::CrdWidth,
  parameter int unsigned ValWidth = sam_pkg::ValWidth
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic [CrdWidth-1:0] dim_i,
  input  logic                crd_valid_i,
  output logic                crd_ready_o,
  input  logic [  CrdWidth:0] crd_tok_i,
  input  logic                val_valid_i,
  output logic                val_ready_o,
  input  logic [  ValWidth:0] val_tok_i,
  output logic                val_valid_o,
  input  logic                val_ready_i,
  output logic [  ValWidth:0] val_tok_o
);

  if (CrdWidth < 1 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_crd_width
    $error("sam_runreduce: CrdWidth must be in 1..63");
  end
  if (ValWidth < 1 || ValWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_val_width
    $error("sam_runreduce: ValWidth must be in 1..63");
  end

  typedef logic [CrdWidth-1:0] crd_t;
  typedef logic [ValWidth-1:0] val_t;
  localparam int unsigned Depth = 5;
  localparam logic [ValWidth:0] TokDoneOut = {1'b1, ValWidth'(sam_pkg::done_payload(ValWidth))};

  // ---- Input stages (`sam_pair_in`), with flags decoded beside them.
  logic               c_full, v_full, c_load, v_load, take;
  logic [CrdWidth:0]  c_q;
  logic [ValWidth:0]  v_q;
  crd_t               c_pay;
  logic               c_data_q, c_stop_q, c_lvl0_q;
  val_t               v_num_q, v_lvl_q;
  sam_pkg::tok_kind_e c_in_kind, v_in_kind;

  sam_pair_in #(
    .CrdWidth(CrdWidth), .InWidth(ValWidth), .SecondEmpty(1'b1), .Name("sam_runreduce")
  ) stage (
    .clk_i, .rst_ni, .crd_valid_i, .crd_ready_o, .crd_tok_i,
    .second_valid_i(val_valid_i), .second_ready_o(val_ready_o), .second_tok_i(val_tok_i),
    .hold_i(val_tok_i), .take_i(take), .load_o({v_load, c_load}), .full_o({v_full, c_full}),
    .crd_q_o(c_q), .second_q_o(v_q)
  );
  assign c_pay = c_q[CrdWidth-1:0];
  logic unused_stage;  // the held tokens' kinds and values: the stage's checks read them
  assign unused_stage = ^{v_q, c_q[CrdWidth]};

  assign c_in_kind = sam_pkg::tok_kind(crd_tok_i[CrdWidth], 64'(crd_tok_i[CrdWidth-1:0]),
                                       CrdWidth);
  assign v_in_kind = sam_pkg::tok_kind(val_tok_i[ValWidth], 64'(val_tok_i[ValWidth-1:0]),
                                       ValWidth);

  always_ff @(posedge clk_i) begin
    if (c_load) begin
      c_data_q <= c_in_kind == sam_pkg::TokData;
      c_stop_q <= c_in_kind == sam_pkg::TokStop;
      c_lvl0_q <= crd_tok_i[CrdWidth-1:0] == '0;
    end
    if (v_load) begin
      v_num_q <= v_in_kind == sam_pkg::TokData ? val_tok_i[ValWidth-1:0] : '0;
      // A stop's level minus one: the stop that follows its sum.
      v_lvl_q <= val_tok_i[ValWidth-1:0] - val_t'(1);
    end
  end

  // ---- Issue: the run in hand (start rx_q, value rv_q) and its length.
  logic run_d, run_q, closed_d, closed_q, room, issue_out;
  crd_t rx_d, rx_q, run_end, len;
  val_t rv_d, rv_q, mul_a;

  // What an issued operation does two cycles on, when its product is out.
  typedef struct packed {
    logic              add;    // add the product to the sum
    logic              close;  // and give the sum out
    logic              ctl;    // give `tok` out
    logic [ValWidth:0] tok;
  } op_t;
  op_t op, op1_q, op2_q, op3_q;

  assign run_end = c_data_q ? c_pay : dim_i;
  assign len     = run_end - rx_q;
  assign mul_a   = run_q ? rv_q : '0;

  always_comb begin
    run_d     = run_q;
    rx_d      = rx_q;
    rv_d      = rv_q;
    closed_d  = closed_q;
    take      = 1'b0;
    issue_out = 1'b0;
    op        = '0;
    if (c_full && v_full) begin
      if (c_data_q) begin
        take   = 1'b1;
        op.add = run_q;
        run_d  = 1'b1;
        rx_d   = c_pay;
        rv_d   = v_num_q;
      end else if (room) begin
        issue_out = 1'b1;
        if (c_stop_q && !closed_q) begin
          // The fiber's last run, then its sum.
          op.add   = 1'b1;
          op.close = 1'b1;
          run_d    = 1'b0;
          take     = c_lvl0_q;
          closed_d = !c_lvl0_q;
        end else begin
          op.ctl   = 1'b1;
          op.tok   = c_stop_q ? {1'b1, v_lvl_q} : TokDoneOut;
          take     = 1'b1;
          closed_d = 1'b0;
        end
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      run_q    <= 1'b0;
      rx_q     <= '0;
      rv_q     <= '0;
      closed_q <= 1'b0;
      op1_q    <= '0;
      op2_q    <= '0;
      op3_q    <= '0;
    end else begin
      run_q    <= run_d;
      rx_q     <= rx_d;
      rv_q     <= rv_d;
      closed_q <= closed_d;
      op1_q    <= op;
      op2_q    <= op1_q;
      op3_q    <= op2_q;
    end
  end

  // The product of the operands issued three cycles before, beside op3_q. With
  // run lengths of at most 18 bits, one MULT18X18D (`sam_mul18`, its own input
  // and output registers) per 18 bits of the value and a register for the sum
  // of the partial products; the whole product in one stage would not fit
  // 150 MHz on ECP5. Wider lengths: `sam_mulreg` and a register.
  localparam int unsigned Chunks = (ValWidth + 17) / 18;
  val_t product, product_q;
  if (CrdWidth <= 18) begin : gen_chunks
    logic [35:0] part[Chunks];
    for (genvar k = 0; k < Chunks; k++) begin : gen_part
      localparam int unsigned Lo = 18 * k;
      localparam int unsigned W = ValWidth - Lo < 18 ? ValWidth - Lo : 18;
      sam_mul18 mult (
        .clk_i(clk_i),
        .a_i  (18'(mul_a[Lo+:W])),
        .b_i  (18'(len)),
        .p_o  (part[k])
      );
    end
    always_comb begin
      product = '0;
      for (int k = 0; k < Chunks; k++) begin
        product = product + ValWidth'(64'(part[k]) << (18 * k));
      end
    end
  end else begin : gen_wide
    sam_mulreg #(
      .Width(ValWidth)
    ) mul (
      .clk_i(clk_i),
      .a_i  (mul_a),
      .b_i  (val_t'(len)),
      .p_o  (product)
    );
  end
  always_ff @(posedge clk_i) product_q <= product;

  // ---- Accumulate and give out.
  val_t              sum, acc_d, acc_q;
  logic              push;
  logic [ValWidth:0] push_tok;

  assign sum = acc_q + (op3_q.add ? product_q : '0);

  always_comb begin
    acc_d    = acc_q;
    push     = 1'b0;
    push_tok = op3_q.tok;
    if (op3_q.close) begin
      push     = 1'b1;
      push_tok = {1'b0, sum};
      acc_d    = '0;
    end else if (op3_q.ctl) begin
      push = 1'b1;
    end else begin
      acc_d = sum;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) acc_q <= '0;
    else acc_q <= acc_d;
  end

  // The output register: the sum's carry chain ends in it, not in the
  // buffer's memory.
  logic              push_q;
  logic [ValWidth:0] push_tok_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) push_q <= 1'b0;
    else push_q <= push;
  end
  always_ff @(posedge clk_i) push_tok_q <= push_tok;

  // Credits and the output buffer: room for every output in flight, in the
  // three operation registers and the output register.
  sam_scan_out #(
    .Outputs(1), .Width(ValWidth), .Depth(Depth)
  ) out (
    .clk_i, .rst_ni, .take_i(issue_out), .drop_i(1'b0), .room_o(room), .valid_i(push_q),
    .tok_i(push_tok_q), .valid_o(val_valid_o), .ready_i(val_ready_i), .tok_o(val_tok_o),
    .inflight_i(8'(op1_q.close || op1_q.ctl) + 8'(op2_q.close || op2_q.ctl)
                + 8'(op3_q.close || op3_q.ctl) + 8'(push_q))
  );

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni && c_full && v_full && !c_data_q && !c_stop_q) begin
      ClosedBeforeDone_A: assert (!run_q)
      else $error("sam_runreduce: runs after the last stop");
    end
  end
`endif

endmodule
