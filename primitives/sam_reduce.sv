// sam_reduce: the scalar reducer (docs/primitives.md; golden model
// golden/src/models/reduce.rs; why three modes: docs/compiler.md, "Reducers,
// empty fibers and coordinate droppers").
//
// Sums each innermost fiber of a value stream (`N` counts as 0; wrapping at
// ValWidth bits) and emits one value per fiber, with every stop lowered by one
// level: `S0` disappears, `S_n` (n >= 1) comes out as `S_(n-1)` after the sum, `D`
// passes through. Three configurations (Mode, sam_pkg::reduce_mode_e):
//
//   ReduceZeroFill   (golden `reduce`, the default) every stop closes one fiber,
//                 whose sum (0 when empty) comes out: `5 5 S0 S0 4 8 S1 D` gives
//                 `10 0 12 S0 D`.
//   ReduceDropEmpty  (golden `reduce_drop_empty`) a fiber with no value token gives no
//                 sum: the same input gives `10 12 S0 D`.
//   ReduceWithOuter  (golden `reduce_with_outer`) also reads the outer coordinates
//                 `crd` and gives exactly one sum per outer coordinate, with the
//                 outer stream's stops. Each outer coordinate owns one inner fiber,
//                 which ends in `S0`, or in `S_(m+1)` when the outer stream closes
//                 with `S_m` right after the coordinate; a bare outer `S_m` matches
//                 a bare inner `S_(m+1)` and gives `S_m`; `D` matches `D`. Anything
//                 else is asserted as a protocol error.
//
// Values after the last stop (a value before `D`), and `N` in `crd`, are protocol
// errors (asserted). One input token per cycle on `val`; a stop that gives a sum
// and a stop uses the output for two cycles, and values go on accumulating
// meanwhile. With-outer spends one cycle on each outer coordinate, overlapped with
// the first value of its fiber.
//
// Pipeline: each input is decoded into a one-token register stage first (kind,
// value with N read as 0, stop level minus one), so the accumulator and the
// control start from registers; the output sits behind a two-entry buffer
// (`sam_fifo`, Depth 2). Latency: two cycles from an input token to the output it
// causes. val_ready_o/crd_ready_o are functions of registers only (a stage loads
// when it is empty or its token is taken): no combinational path from any input,
// val_ready_i included, to a ready.
//
// Parameters: ValWidth  payload width of the value channels, 1..63
//             CrdWidth  payload width of the outer coordinates, 1..63
//             Mode      ReduceZeroFill, ReduceDropEmpty, ReduceWithOuter
// Ports:      clk_i, rst_ni                        clock, synchronous active-low reset
//             crd_valid_i, crd_ready_o, crd_tok_i  outer coordinates; ReduceWithOuter
//                                                  only, else the channel is not
//                                                  built: tie crd_valid_i and
//                                                  crd_tok_i to zero; crd_ready_o is
//                                                  constant low
//             val_valid_i, val_ready_o, val_tok_i  values, one level deeper
//             val_valid_o, val_ready_i, val_tok_o  sums (values)
module sam_reduce #(
  parameter int unsigned ValWidth = sam_pkg::ValWidth,
  parameter int unsigned CrdWidth = sam_pkg::CrdWidth,
  parameter sam_pkg::reduce_mode_e Mode = sam_pkg::ReduceZeroFill
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              crd_valid_i,
  output logic              crd_ready_o,
  input  logic [CrdWidth:0] crd_tok_i,
  input  logic              val_valid_i,
  output logic              val_ready_o,
  input  logic [ValWidth:0] val_tok_i,
  output logic              val_valid_o,
  input  logic              val_ready_i,
  output logic [ValWidth:0] val_tok_o
);

  if (ValWidth < 1 || ValWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_val_width
    $error("sam_reduce: ValWidth must be in 1..63");
  end
  if (CrdWidth < 1 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_crd_width
    $error("sam_reduce: CrdWidth must be in 1..63");
  end
  if (Mode > sam_pkg::ReduceWithOuter) begin : gen_bad_mode
    $error("sam_reduce: Mode must be ReduceZeroFill, ReduceDropEmpty or ReduceWithOuter");
  end

  typedef logic [ValWidth-1:0] val_t;
  localparam logic [ValWidth:0] TokDoneOut = {1'b1, ValWidth'(sam_pkg::done_payload(ValWidth))};

  // ---- Input stages: each input is decoded into a register, so the reducer below
  // starts from registers (the token decode and the stop level minus one are off
  // its paths). A stage loads when it is empty or the reducer takes its token:
  // its ready is a function of registers only.
  typedef struct packed {
    logic is_val;   // data or N
    logic is_stop;
    logic is_done;
    logic lvl0;     // S0
    val_t pay;      // a value (N: 0), or a stop's level minus one
  } vin_t;
  typedef struct packed {
    logic               is_data;
    logic               is_stop;
    logic               is_done;
    logic [CrdWidth-1:0] lvl;  // a stop's level (assertions only)
  } cin_t;

  sam_pkg::tok_kind_e val_kind, crd_kind;
  vin_t               v_in, v_head_q;
  cin_t               c_in, c_head_q;
  logic               v_head_full_q, c_head_full_q, v_load, c_load;
  logic               val_take, crd_take, crd_valid;
  val_t               in_lvl;

  assign val_kind = sam_pkg::tok_kind(val_tok_i[ValWidth], 64'(val_tok_i[ValWidth-1:0]),
                                      ValWidth);
  assign crd_kind = sam_pkg::tok_kind(crd_tok_i[CrdWidth], 64'(crd_tok_i[CrdWidth-1:0]),
                                      CrdWidth);
  assign in_lvl   = val_tok_i[ValWidth-1:0];

  always_comb begin
    v_in.is_val  = val_kind == sam_pkg::TokData || val_kind == sam_pkg::TokEmpty;
    v_in.is_stop = val_kind == sam_pkg::TokStop;
    v_in.is_done = val_kind == sam_pkg::TokDone;
    v_in.lvl0    = in_lvl == '0;
    unique case (val_kind)
      sam_pkg::TokData: v_in.pay = in_lvl;
      sam_pkg::TokStop: v_in.pay = in_lvl - val_t'(1);
      default:          v_in.pay = '0;  // N reads as 0; D has no payload here
    endcase
    c_in.is_data = crd_kind == sam_pkg::TokData;
    c_in.is_stop = crd_kind == sam_pkg::TokStop;
    c_in.is_done = crd_kind == sam_pkg::TokDone;
    c_in.lvl     = crd_tok_i[CrdWidth-1:0];
  end

  assign v_load      = val_take || !v_head_full_q;
  assign c_load      = crd_take || !c_head_full_q;
  assign val_ready_o = v_load;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      v_head_full_q <= 1'b0;
      c_head_full_q <= 1'b0;
    end else begin
      if (v_load) v_head_full_q <= val_valid_i;
      if (c_load) c_head_full_q <= crd_valid;
    end
  end

  always_ff @(posedge clk_i) begin
    if (v_load) v_head_q <= v_in;
    if (c_load) c_head_q <= c_in;
  end

  // ---- The reducer, on the stage registers.
  logic v_valid, c_valid;
  assign v_valid = v_head_full_q;
  assign c_valid = c_head_full_q;

  // State: the running sum, whether the current fiber has a value (modes 0/1) or
  // its outer coordinate has been read (mode 2), and a stop waiting to follow the
  // sum just emitted.
  val_t sum_d, sum_q;
  logic open_d, open_q;
  logic pend_d, pend_q;
  val_t pend_lvl_d, pend_lvl_q;

  logic              out_ready, out_free, emit, push;
  logic [ValWidth:0] emit_tok, push_tok;

  assign out_free = out_ready && !pend_q;

  always_comb begin
    sum_d      = sum_q;
    open_d     = open_q;
    pend_d     = pend_q;
    pend_lvl_d = pend_lvl_q;
    emit       = 1'b0;
    emit_tok   = '0;
    val_take   = 1'b0;
    crd_take   = 1'b0;
    if (pend_q && out_ready) pend_d = 1'b0;

    if (Mode != sam_pkg::ReduceWithOuter) begin
      if (v_valid) begin
        if (v_head_q.is_stop) begin
          if (open_q || Mode != sam_pkg::ReduceDropEmpty) begin
            if (out_free) begin
              emit       = 1'b1;
              emit_tok   = {1'b0, sum_q};
              val_take   = 1'b1;
              sum_d      = '0;
              open_d     = 1'b0;
              pend_d     = !v_head_q.lvl0;
              pend_lvl_d = v_head_q.pay;
            end
          end else if (v_head_q.lvl0) begin
            val_take = 1'b1;  // drop-empty: an empty fiber's S0 gives nothing
          end else if (out_free) begin
            emit     = 1'b1;
            emit_tok = {1'b1, v_head_q.pay};
            val_take = 1'b1;
          end
        end else if (v_head_q.is_done) begin
          if (out_free) begin
            emit     = 1'b1;
            emit_tok = TokDoneOut;
            val_take = 1'b1;
          end
        end else begin  // data or N
          val_take = 1'b1;
          sum_d    = sum_q + v_head_q.pay;
          open_d   = 1'b1;
        end
      end
    end else if (!open_q) begin
      // Between outer coordinates: read the next outer token.
      if (c_valid) begin
        if (c_head_q.is_data) begin
          crd_take = 1'b1;
          open_d   = 1'b1;
          // Overlap the first value of the fiber with its coordinate.
          if (v_valid && v_head_q.is_val) begin
            val_take = 1'b1;
            sum_d    = v_head_q.pay;
          end
        end else if (c_head_q.is_stop) begin  // a bare outer S_m against a bare inner S_(m+1)
          if (v_valid && out_free) begin
            emit     = 1'b1;
            emit_tok = {1'b1, v_head_q.pay};
            val_take = 1'b1;
            crd_take = 1'b1;
          end
        end else if (c_head_q.is_done) begin
          if (v_valid && out_free) begin
            emit     = 1'b1;
            emit_tok = TokDoneOut;
            val_take = 1'b1;
            crd_take = 1'b1;
          end
        end
        // N in crd: asserted below
      end
    end else if (v_valid) begin
      // Inside the fiber of an outer coordinate.
      if (v_head_q.is_stop) begin
        if (v_head_q.lvl0) begin
          if (out_free) begin
            emit     = 1'b1;
            emit_tok = {1'b0, sum_q};
            val_take = 1'b1;
            sum_d    = '0;
            open_d   = 1'b0;
          end
        end else if (c_valid && out_free) begin  // closes the outer S_(lvl-1) too
          emit       = 1'b1;
          emit_tok   = {1'b0, sum_q};
          val_take   = 1'b1;
          crd_take   = 1'b1;
          sum_d      = '0;
          open_d     = 1'b0;
          pend_d     = 1'b1;
          pend_lvl_d = v_head_q.pay;
        end
      end else if (!v_head_q.is_done) begin  // D: asserted below
        val_take = 1'b1;
        sum_d    = sum_q + v_head_q.pay;
      end
    end
  end

  assign push     = pend_q || emit;
  assign push_tok = pend_q ? {1'b1, pend_lvl_q} : emit_tok;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      sum_q      <= '0;
      open_q     <= 1'b0;
      pend_q     <= 1'b0;
      pend_lvl_q <= '0;
    end else begin
      sum_q      <= sum_d;
      open_q     <= open_d;
      pend_q     <= pend_d;
      pend_lvl_q <= pend_lvl_d;
    end
  end

  sam_stream_assert #(.Width(ValWidth), .Name("sam_reduce val")) val_check (
    .clk_i, .rst_ni, .valid_i(val_valid_i), .ready_i(val_ready_o), .tok_i(val_tok_i)
  );

  if (Mode == sam_pkg::ReduceWithOuter) begin : gen_outer
    assign crd_valid   = crd_valid_i;
    assign crd_ready_o = c_load;

    sam_stream_assert #(.Width(CrdWidth), .Name("sam_reduce crd")) crd_check (
      .clk_i, .rst_ni, .valid_i(crd_valid_i), .ready_i(crd_ready_o), .tok_i(crd_tok_i)
    );

`ifndef SAM_ASSERTS_OFF
    logic [63:0] crd_lvl, val_lvl;
    assign crd_lvl = 64'(c_head_q.lvl);
    assign val_lvl = 64'(v_head_q.pay) + 64'd1;  // a stop's level
    always_ff @(posedge clk_i) begin
      if (rst_ni && crd_valid_i) begin
        OuterNoEmpty_M: assert (crd_kind != sam_pkg::TokEmpty)
        else $error("sam_reduce: N in the outer coordinate stream");
      end
      if (rst_ni && c_valid && v_valid && !open_q) begin
        if (c_head_q.is_stop) begin
          BareStopsPair_M: assert (v_head_q.is_stop && val_lvl == crd_lvl + 64'd1)
          else $error("sam_reduce: a bare outer S%0d needs a bare inner S%0d", crd_lvl,
                      crd_lvl + 64'd1);
        end
        if (c_head_q.is_done) begin
          DonePairs_M: assert (v_head_q.is_done)
          else $error("sam_reduce: outer D against an inner token that is not D");
        end
      end
      if (rst_ni && v_valid && open_q) begin
        InnerDoneLast_M: assert (!v_head_q.is_done)
        else $error("sam_reduce: inner D inside the fiber of an outer coordinate");
        if (v_head_q.is_stop && c_valid) begin
          if (v_head_q.lvl0) begin
            InnerS0Inside_M: assert (!c_head_q.is_stop)
            else $error("sam_reduce: inner S0 where the outer stream closes a fiber");
          end else begin
            InnerMatchesOuter_M: assert (c_head_q.is_stop && val_lvl == crd_lvl + 64'd1)
            else $error("sam_reduce: inner S%0d does not match the outer stream", val_lvl);
          end
        end
      end
    end
`else
    logic unused_crd_lvl;
    assign unused_crd_lvl = ^c_head_q.lvl;
`endif
  end else begin : gen_no_outer
    logic unused_crd;
    assign unused_crd  = ^{crd_valid_i, crd_tok_i, crd_kind, crd_take, c_head_q, c_load};
    assign crd_valid   = 1'b0;
    assign crd_ready_o = 1'b0;

`ifndef SAM_ASSERTS_OFF
    always_ff @(posedge clk_i) begin
      if (rst_ni && v_valid && v_head_q.is_done) begin
        ClosedBeforeDone_A: assert (!open_q)
        else $error("sam_reduce: values after the last stop");
      end
    end
`endif
  end

  sam_fifo #(
    .Width(ValWidth),
    .Depth(2)
  ) out_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(push),
    .ready_o(out_ready),
    .tok_i  (push_tok),
    .valid_o(val_valid_o),
    .ready_i(val_ready_i),
    .tok_o  (val_tok_o)
  );

endmodule
