// sam_reduce: the scalar reducer (DESIGN section 6; golden model
// compiler/src/golden/reduce.rs; docs/design-notes.md "Reducers, empty fibers and
// coordinate droppers").
//
// Sums each innermost fiber of a value stream (`N` counts as 0; wrapping at
// ValWidth bits) and emits one value per fiber, with every stop lowered by one
// level: `S0` disappears, `S_n` (n >= 1) comes out as `S_(n-1)` after the sum, `D`
// passes through. Three configurations (Mode):
//
//   0 zero-fill   (golden `reduce`, DESIGN's default) every stop closes one fiber,
//                 whose sum (0 when empty) comes out: `5 5 S0 S0 4 8 S1 D` gives
//                 `10 0 12 S0 D`.
//   1 drop-empty  (golden `reduce_drop_empty`) a fiber with no value token gives no
//                 sum: the same input gives `10 12 S0 D`.
//   2 with-outer  (golden `reduce_with_outer`) also reads the outer coordinates
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
// The output sits behind a two-entry buffer (`sam_fifo`, Depth 2): no
// combinational path from val_ready_i to val_ready_o or crd_ready_o.
//
// Parameters: ValWidth  payload width of the value channels, 1..63
//             CrdWidth  payload width of the outer coordinates, 1..63
//             Mode      0 zero-fill, 1 drop-empty, 2 with-outer
// Ports:      clk_i, rst_ni                        clock, asynchronous active-low reset
//             crd_valid_i, crd_ready_o, crd_tok_i  outer coordinates; Mode 2 only,
//                                                  else ignored: tie crd_valid_i low
//                                                  (crd_ready_o stays low)
//             val_valid_i, val_ready_o, val_tok_i  values, one level deeper
//             val_valid_o, val_ready_i, val_tok_o  sums (values)
module sam_reduce #(
  parameter int unsigned ValWidth = sam_pkg::ValWidth,
  parameter int unsigned CrdWidth = sam_pkg::CrdWidth,
  parameter int unsigned Mode     = 0
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

  localparam int unsigned DropEmpty = 1, WithOuter = 2;  // Mode 0 is zero-fill

  if (ValWidth < 1 || ValWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_val_width
    $error("sam_reduce: ValWidth must be in 1..63");
  end
  if (CrdWidth < 1 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_crd_width
    $error("sam_reduce: CrdWidth must be in 1..63");
  end
  if (Mode > WithOuter) begin : gen_bad_mode
    $error("sam_reduce: Mode must be 0 (zero-fill), 1 (drop-empty) or 2 (with-outer)");
  end

  typedef logic [ValWidth-1:0] val_t;
  localparam logic [ValWidth:0] TokDoneOut = {1'b1, ValWidth'(sam_pkg::done_payload(ValWidth))};

  sam_pkg::tok_kind_e val_kind, crd_kind;
  val_t               in_val, in_lvl, lvl_down;
  logic               crd_valid;

  assign val_kind = sam_pkg::tok_kind(val_tok_i[ValWidth], 64'(val_tok_i[ValWidth-1:0]),
                                      ValWidth);
  assign crd_kind = sam_pkg::tok_kind(crd_tok_i[CrdWidth], 64'(crd_tok_i[CrdWidth-1:0]),
                                      CrdWidth);
  assign in_val   = val_kind == sam_pkg::TokData ? val_tok_i[ValWidth-1:0] : '0;  // N: 0
  assign in_lvl   = val_tok_i[ValWidth-1:0];
  assign lvl_down = in_lvl - val_t'(1);

  // State: the running sum, whether the current fiber has a value (modes 0/1) or
  // its outer coordinate has been read (mode 2), and a stop waiting to follow the
  // sum just emitted.
  val_t sum_d, sum_q;
  logic open_d, open_q;
  logic pend_d, pend_q;
  val_t pend_lvl_d, pend_lvl_q;

  logic              out_ready, out_free, emit, push;
  logic [ValWidth:0] emit_tok, push_tok;
  logic              val_take, crd_take;

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

    if (Mode != WithOuter) begin
      if (val_valid_i) begin
        unique case (val_kind)
          sam_pkg::TokStop: begin
            if (open_q || Mode != DropEmpty) begin
              if (out_free) begin
                emit       = 1'b1;
                emit_tok   = {1'b0, sum_q};
                val_take   = 1'b1;
                sum_d      = '0;
                open_d     = 1'b0;
                pend_d     = in_lvl != '0;
                pend_lvl_d = lvl_down;
              end
            end else if (in_lvl == '0) begin
              val_take = 1'b1;  // drop-empty: an empty fiber's S0 gives nothing
            end else if (out_free) begin
              emit     = 1'b1;
              emit_tok = {1'b1, lvl_down};
              val_take = 1'b1;
            end
          end
          sam_pkg::TokDone: begin
            if (out_free) begin
              emit     = 1'b1;
              emit_tok = val_tok_i;
              val_take = 1'b1;
            end
          end
          default: begin  // data or N
            val_take = 1'b1;
            sum_d    = sum_q + in_val;
            open_d   = 1'b1;
          end
        endcase
      end
    end else if (!open_q) begin
      // Between outer coordinates: read the next outer token.
      if (crd_valid) begin
        unique case (crd_kind)
          sam_pkg::TokData: begin
            crd_take = 1'b1;
            open_d   = 1'b1;
            // Overlap the first value of the fiber with its coordinate.
            if (val_valid_i && (val_kind == sam_pkg::TokData ||
                                val_kind == sam_pkg::TokEmpty)) begin
              val_take = 1'b1;
              sum_d    = in_val;
            end
          end
          sam_pkg::TokStop: begin  // a bare outer S_m against a bare inner S_(m+1)
            if (val_valid_i && out_free) begin
              emit     = 1'b1;
              emit_tok = {1'b1, lvl_down};
              val_take = 1'b1;
              crd_take = 1'b1;
            end
          end
          sam_pkg::TokDone: begin
            if (val_valid_i && out_free) begin
              emit     = 1'b1;
              emit_tok = TokDoneOut;
              val_take = 1'b1;
              crd_take = 1'b1;
            end
          end
          default: ;  // N in crd: asserted below
        endcase
      end
    end else if (val_valid_i) begin
      // Inside the fiber of an outer coordinate.
      unique case (val_kind)
        sam_pkg::TokStop: begin
          if (in_lvl == '0) begin
            if (out_free) begin
              emit     = 1'b1;
              emit_tok = {1'b0, sum_q};
              val_take = 1'b1;
              sum_d    = '0;
              open_d   = 1'b0;
            end
          end else if (crd_valid && out_free) begin  // closes the outer S_(lvl-1) too
            emit       = 1'b1;
            emit_tok   = {1'b0, sum_q};
            val_take   = 1'b1;
            crd_take   = 1'b1;
            sum_d      = '0;
            open_d     = 1'b0;
            pend_d     = 1'b1;
            pend_lvl_d = lvl_down;
          end
        end
        sam_pkg::TokDone: ;  // asserted below
        default: begin
          val_take = 1'b1;
          sum_d    = sum_q + in_val;
        end
      endcase
    end
  end

  assign val_ready_o = val_take;
  assign push        = pend_q || emit;
  assign push_tok    = pend_q ? {1'b1, pend_lvl_q} : emit_tok;

  always_ff @(posedge clk_i or negedge rst_ni) begin
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

  sam_stream_assert #(
    .Width(ValWidth),
    .Name ("sam_reduce val")
  ) val_check (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(val_valid_i),
    .ready_i(val_ready_o),
    .tok_i  (val_tok_i)
  );

  if (Mode == WithOuter) begin : gen_outer
    assign crd_valid   = crd_valid_i;
    assign crd_ready_o = crd_take;

    sam_stream_assert #(
      .Width(CrdWidth),
      .Name ("sam_reduce crd")
    ) crd_check (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(crd_valid_i),
      .ready_i(crd_ready_o),
      .tok_i  (crd_tok_i)
    );

`ifndef SAM_ASSERTS_OFF
    logic [63:0] crd_lvl;
    assign crd_lvl = 64'(crd_tok_i[CrdWidth-1:0]);
    always_ff @(posedge clk_i) begin
      if (rst_ni && crd_valid_i) begin
        assert (crd_kind != sam_pkg::TokEmpty)
        else $error("sam_reduce: N in the outer coordinate stream");
      end
      if (rst_ni && crd_valid_i && val_valid_i && !open_q) begin
        if (crd_kind == sam_pkg::TokStop) begin
          assert (val_kind == sam_pkg::TokStop && 64'(in_lvl) == crd_lvl + 64'd1)
          else $error("sam_reduce: a bare outer S%0d needs a bare inner S%0d", crd_lvl,
                      crd_lvl + 64'd1);
        end
        if (crd_kind == sam_pkg::TokDone) begin
          assert (val_kind == sam_pkg::TokDone)
          else $error("sam_reduce: outer D against an inner token that is not D");
        end
      end
      if (rst_ni && val_valid_i && open_q) begin
        assert (val_kind != sam_pkg::TokDone)
        else $error("sam_reduce: inner D inside the fiber of an outer coordinate");
        if (val_kind == sam_pkg::TokStop && crd_valid_i) begin
          if (in_lvl == '0) begin
            assert (crd_kind != sam_pkg::TokStop)
            else $error("sam_reduce: inner S0 where the outer stream closes a fiber");
          end else begin
            assert (crd_kind == sam_pkg::TokStop && 64'(in_lvl) == crd_lvl + 64'd1)
            else $error("sam_reduce: inner S%0d does not match the outer stream", in_lvl);
          end
        end
      end
    end
`endif
  end else begin : gen_no_outer
    logic unused_crd;
    assign unused_crd  = ^{crd_valid_i, crd_tok_i, crd_kind, crd_take};
    assign crd_valid   = 1'b0;
    assign crd_ready_o = 1'b0;

`ifndef SAM_ASSERTS_OFF
    always_ff @(posedge clk_i) begin
      if (rst_ni && val_valid_i && val_kind == sam_pkg::TokDone) begin
        assert (!open_q)
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
