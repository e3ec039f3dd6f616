// sam_alu: element-wise arithmetic on value streams (DESIGN section 6; golden model
// compiler/src/golden/alu.rs).
//
// Each value token of `a` gives one value token on `out`; stops and D pass through.
// Values are ValWidth-bit two's complement and every result wraps to ValWidth bits.
// `N` reads as the fill value 0 (so `N` in gives a data token out: `N + N` is 0).
//
//   Op  0 add   1 sub   2 mul   3 min   4 max   (min/max compare signed)
//       5 and   6 or    7 xor   (bitwise)
//       8 shl   9 shr   (by the constant Const: shl logical, shr arithmetic; an
//                        amount >= ValWidth gives 0, or the sign fill for shr)
//       10 not  (logical not of a 0/1 mask: 0 gives 1, anything else 0)
//       11 neg  (two's complement negation)
//   (the order of samgen_compiler::graph::AluOp::ALL and samgen_hdl::library::ALU_OPS)
//
//   Operand 0 streams      binary ops: `a op b`, one token from each per output
//                          token; the two streams must have the same control
//                          structure (values against values, the same stops and D
//                          at the same places; asserted). Unary ops: `op a`.
//           1 const right  `a op Const` (the only operand mode of the shifts)
//           2 const left   `Const op a` (not for shifts)
//   Unary ops take only Operand 0. Illegal combinations stop elaboration.
//
// The output sits behind a two-entry buffer (`sam_fifo`, Depth 2): one token per
// cycle, no combinational path from out_ready_i to a_ready_o/b_ready_o. With two
// streams, a_ready_o depends combinationally on b_valid_i and vice versa (a join).
// The operation itself is combinational between the input heads and the buffer.
//
// Parameters: ValWidth  payload width of all three channels, 1..63
//             Op        the operation, 0..11 as above
//             Operand   where the second operand comes from, 0..2 as above
//             Const     the constant operand (ValWidth bits, read as signed; must
//                       be >= 0 for shifts)
// Ports:      clk_i, rst_ni                       clock, asynchronous active-low reset
//             a_valid_i, a_ready_o, a_tok_i       values (left operand)
//             b_valid_i, b_ready_o, b_tok_i       values (right operand); used only
//                                                 by binary ops with Operand 0, else
//                                                 ignored: tie b_valid_i low (b_ready_o
//                                                 stays low)
//             out_valid_o, out_ready_i, out_tok_o values (results)
module sam_alu #(
  parameter int unsigned          ValWidth = sam_pkg::ValWidth,
  parameter int unsigned          Op       = 0,
  parameter int unsigned          Operand  = 0,
  parameter logic [ValWidth-1:0]  Const    = '0
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              a_valid_i,
  output logic              a_ready_o,
  input  logic [ValWidth:0] a_tok_i,
  input  logic              b_valid_i,
  output logic              b_ready_o,
  input  logic [ValWidth:0] b_tok_i,
  output logic              out_valid_o,
  input  logic              out_ready_i,
  output logic [ValWidth:0] out_tok_o
);

  localparam int unsigned OpAdd = 0, OpSub = 1, OpMul = 2, OpMin = 3, OpMax = 4;
  localparam int unsigned OpAnd = 5, OpOr = 6, OpXor = 7, OpShl = 8, OpShr = 9;
  localparam int unsigned OpNot = 10, OpNeg = 11;
  localparam int unsigned Streams = 0, ConstRight = 1, ConstLeft = 2;

  localparam bit Unary      = Op == OpNot || Op == OpNeg;
  localparam bit Shift      = Op == OpShl || Op == OpShr;
  localparam bit TwoStreams = Operand == Streams && !Unary;

  if (ValWidth < 1 || ValWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_width
    $error("sam_alu: ValWidth must be in 1..63");
  end
  if (Op > OpNeg) begin : gen_bad_op
    $error("sam_alu: Op must be in 0..11");
  end
  if (Operand > ConstLeft) begin : gen_bad_operand
    $error("sam_alu: Operand must be in 0..2");
  end
  if (Unary && Operand != Streams) begin : gen_bad_unary
    $error("sam_alu: not/neg take no constant operand (Operand must be 0)");
  end
  if (Shift && Operand != ConstRight) begin : gen_bad_shift
    $error("sam_alu: shifts take only a constant right operand (Operand 1)");
  end
  if (Shift && Const[ValWidth-1]) begin : gen_bad_amount
    $error("sam_alu: a shift amount (Const) must not be negative");
  end

  typedef logic [ValWidth-1:0] val_t;

  sam_pkg::tok_kind_e a_kind, b_kind;
  logic               a_is_val, b_is_val;
  val_t               a_val, b_val, lhs, rhs, res;
  logic [ValWidth:0]  res_tok;
  logic               both_valid, out_ready;

  assign a_kind = sam_pkg::tok_kind(a_tok_i[ValWidth], 64'(a_tok_i[ValWidth-1:0]), ValWidth);
  assign b_kind = sam_pkg::tok_kind(b_tok_i[ValWidth], 64'(b_tok_i[ValWidth-1:0]), ValWidth);
  assign a_is_val = a_kind == sam_pkg::TokData || a_kind == sam_pkg::TokEmpty;
  assign b_is_val = b_kind == sam_pkg::TokData || b_kind == sam_pkg::TokEmpty;
  // N reads as 0.
  assign a_val = a_kind == sam_pkg::TokData ? a_tok_i[ValWidth-1:0] : '0;
  assign b_val = b_kind == sam_pkg::TokData ? b_tok_i[ValWidth-1:0] : '0;

  if (TwoStreams) begin : gen_two_streams
    assign lhs        = a_val;
    assign rhs        = b_val;
    assign both_valid = a_valid_i && b_valid_i;
    assign a_ready_o  = out_ready && b_valid_i;
    assign b_ready_o  = out_ready && a_valid_i;
`ifdef SAM_ASSERTS_OFF
    logic unused_b_is_val;
    assign unused_b_is_val = b_is_val;
`endif

    sam_stream_assert #(
      .Width(ValWidth),
      .Name ("sam_alu b")
    ) b_check (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(b_valid_i),
      .ready_i(b_ready_o),
      .tok_i  (b_tok_i)
    );

`ifndef SAM_ASSERTS_OFF
    // The heads of a and b are always an aligned pair: both are consumed together.
    always_ff @(posedge clk_i) begin
      if (rst_ni && a_valid_i && b_valid_i) begin
        assert (a_is_val ? b_is_val : a_tok_i == b_tok_i)
        else $error("sam_alu: operand streams differ in structure");
      end
    end
`endif
  end else begin : gen_one_stream
    logic unused_b;
    assign unused_b   = ^{b_valid_i, b_tok_i, b_is_val, b_val};
    assign lhs        = Operand == ConstLeft ? Const : a_val;
    assign rhs        = Operand == ConstLeft ? a_val : Const;
    assign both_valid = a_valid_i;
    assign a_ready_o  = out_ready;
    assign b_ready_o  = 1'b0;
  end

  // The operation (parameters select one; the rest is not built).
  if (Op == OpAdd) begin : gen_add
    assign res = lhs + rhs;
  end else if (Op == OpSub) begin : gen_sub
    assign res = lhs - rhs;
  end else if (Op == OpMul) begin : gen_mul
    assign res = lhs * rhs;  // the low ValWidth bits: the same signed or unsigned
  end else if (Op == OpMin) begin : gen_min
    assign res = $signed(lhs) < $signed(rhs) ? lhs : rhs;
  end else if (Op == OpMax) begin : gen_max
    assign res = $signed(lhs) < $signed(rhs) ? rhs : lhs;
  end else if (Op == OpAnd) begin : gen_and
    assign res = lhs & rhs;
  end else if (Op == OpOr) begin : gen_or
    assign res = lhs | rhs;
  end else if (Op == OpXor) begin : gen_xor
    assign res = lhs ^ rhs;
  end else if (Op == OpShl) begin : gen_shl
    localparam bit All = 64'(Const) >= 64'(ValWidth);
    assign res = All ? '0 : lhs << rhs;
  end else if (Op == OpShr) begin : gen_shr
    localparam bit All = 64'(Const) >= 64'(ValWidth);
    assign res = All ? {ValWidth{lhs[ValWidth-1]}} : val_t'($signed(lhs) >>> rhs);
  end else if (Op == OpNot) begin : gen_not
    logic unused_rhs;
    assign unused_rhs = ^rhs;
    assign res = val_t'(lhs == '0);
  end else begin : gen_neg
    logic unused_rhs;
    assign unused_rhs = ^rhs;
    assign res = '0 - lhs;
  end

  // Values (data or N) give the result; stops and D pass through.
  assign res_tok = a_is_val ? {1'b0, res} : a_tok_i;

  sam_stream_assert #(
    .Width(ValWidth),
    .Name ("sam_alu a")
  ) a_check (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(a_valid_i),
    .ready_i(a_ready_o),
    .tok_i  (a_tok_i)
  );

  sam_fifo #(
    .Width(ValWidth),
    .Depth(2)
  ) out_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(both_valid),
    .ready_o(out_ready),
    .tok_i  (res_tok),
    .valid_o(out_valid_o),
    .ready_i(out_ready_i),
    .tok_o  (out_tok_o)
  );

endmodule
