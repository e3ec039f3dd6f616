// sam_alu: element-wise arithmetic on value streams (docs/primitives.md; golden model
// golden/src/models/alu.rs).
//
// Each value token of `a` gives one value token on `out`; stops and D pass through.
// Values are ValWidth-bit two's complement and every result wraps to ValWidth bits.
// `N` reads as the fill value 0 (so `N` in gives a data token out: `N + N` is 0).
//
//   Op (sam_pkg::alu_op_e)
//       AluAdd AluSub AluMul AluMin AluMax  (min/max compare signed)
//       AluAnd AluOr AluXor                 (bitwise)
//       AluShl AluShr  (by the constant Const: shl logical, shr arithmetic; an
//                       amount >= ValWidth gives 0, or the sign fill for shr)
//       AluNot         (logical not of a 0/1 mask: 0 gives 1, anything else 0)
//       AluNeg         (two's complement negation)
//
//   Operand (sam_pkg::alu_operand_e)
//       AluStreams     binary ops: `a op b`, one token from each per output
//                      token; the two streams must have the same control
//                      structure (values against values, the same stops and D
//                      at the same places; asserted). Unary ops: `op a`.
//       AluConstRight  `a op Const` (the only operand mode of the shifts)
//       AluConstLeft   `Const op a` (not for shifts)
//   Unary ops take only AluStreams. Illegal combinations stop elaboration.
//
// Pipeline: an accepted token is registered at once (stage 1: the operands, with
// `N` already read as 0, and whether the token is a stop or D). Every op but mul
// computes from the stage-1 registers straight into the output buffer: latency 1.
// mul is split into three half-width partial products, each registered twice
// (stages 2a and 2), then one more stage (2b), then summed into a register
// (stage 3): latency 5. Stops and D ride along unchanged. On ECP5 (define
// SAM_ECP5, set by the ECP5 synthesis flow) with a half width of 10..18 bits, each
// partial product is a MULT18X18D instance whose input and output registers are
// the two product stages, and stage 2b copies the products into fabric registers
// before the sum's carry chain. Elsewhere (simulation, iCE40, other widths) the
// behavioral model below, with the same latency; its stage 2b is the sum,
// registered (yosys 0.70 maps a second register behind the product wrongly into
// an SB_MAC16, see there). Why: docs/primitives.md, sam_alu.
//
// The output buffer and its credits are `sam_scan_out`, Depth Latency + 2. The
// block accepts a token only while it holds a credit: fewer than Depth tokens
// between the input and the consumer (in the pipeline or in the buffer), so the
// buffer never overflows and the pipeline never stalls. One token per cycle in steady state.
// Ready: a_ready_o/b_ready_o come from the credit register (no combinational path
// from out_ready_i); with two streams a_ready_o also depends combinationally on
// b_valid_i and vice versa (a join). Nothing else is combinational from input to
// output: out_valid_o/out_tok_o come from the buffer.
//
// Parameters: ValWidth  payload width of all three channels, 1..63
//             Op        the operation, as above
//             Operand   where the second operand comes from, as above
//             Const     the constant operand (ValWidth bits, read as signed; must
//                       be >= 0 for shifts)
// Ports:      clk_i, rst_ni                       clock, synchronous active-low reset
//             a_valid_i, a_ready_o, a_tok_i       values (left operand)
//             b_valid_i, b_ready_o, b_tok_i       values (right operand); used only
//                                                 by binary ops with AluStreams. Else
//                                                 the channel is not built: tie
//                                                 b_valid_i and b_tok_i to zero;
//                                                 b_ready_o is constant low
//             out_valid_o, out_ready_i, out_tok_o values (results)
module sam_alu #(
  parameter int unsigned          ValWidth = sam_pkg::ValWidth,
  parameter sam_pkg::alu_op_e     Op       = sam_pkg::AluAdd,
  parameter sam_pkg::alu_operand_e Operand = sam_pkg::AluStreams,
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

  localparam bit Unary      = Op == sam_pkg::AluNot || Op == sam_pkg::AluNeg;
  localparam bit Shift      = Op == sam_pkg::AluShl || Op == sam_pkg::AluShr;
  localparam bit TwoStreams = Operand == sam_pkg::AluStreams && !Unary;

  if (ValWidth < 1 || ValWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_width
    $error("sam_alu: ValWidth must be in 1..63");
  end
  if (Op > sam_pkg::AluNeg) begin : gen_bad_op
    $error("sam_alu: Op must be a sam_pkg::alu_op_e value");
  end
  if (Operand > sam_pkg::AluConstLeft) begin : gen_bad_operand
    $error("sam_alu: Operand must be a sam_pkg::alu_operand_e value");
  end
  if (Unary && Operand != sam_pkg::AluStreams) begin : gen_bad_unary
    $error("sam_alu: not/neg take no constant operand (Operand must be AluStreams)");
  end
  if (Shift && Operand != sam_pkg::AluConstRight) begin : gen_bad_shift
    $error("sam_alu: shifts take only a constant right operand (AluConstRight)");
  end
  if (Shift && Const[ValWidth-1]) begin : gen_bad_amount
    $error("sam_alu: a shift amount (Const) must not be negative");
  end


  localparam bit          Mul     = Op == sam_pkg::AluMul;
  localparam int unsigned Latency = Mul ? 5 : 1;
  localparam int unsigned Depth   = Latency + 2;

  typedef logic [ValWidth-1:0] val_t;

  // ---- Issue: accept a token (pair) while a credit is left.
  sam_pkg::tok_kind_e a_kind, b_kind;
  logic               issue, credit_q, both_valid;

  assign a_kind = sam_pkg::tok_kind(a_tok_i[ValWidth], 64'(a_tok_i[ValWidth-1:0]), ValWidth);
  assign b_kind = sam_pkg::tok_kind(b_tok_i[ValWidth], 64'(b_tok_i[ValWidth-1:0]), ValWidth);
  assign issue  = both_valid && credit_q;

  if (TwoStreams) begin : gen_two_streams
    assign both_valid = a_valid_i && b_valid_i;
    assign a_ready_o  = credit_q && b_valid_i;
    assign b_ready_o  = credit_q && a_valid_i;

    sam_stream_assert #(.Width(ValWidth), .Name("sam_alu b")) b_check (
      .clk_i, .rst_ni, .valid_i(b_valid_i), .ready_i(b_ready_o), .tok_i(b_tok_i)
    );

`ifndef SAM_ASSERTS_OFF
    logic a_is_val, b_is_val;
    assign a_is_val = a_kind == sam_pkg::TokData || a_kind == sam_pkg::TokEmpty;
    assign b_is_val = b_kind == sam_pkg::TokData || b_kind == sam_pkg::TokEmpty;
    // The heads of a and b are always an aligned pair: both are consumed together.
    always_ff @(posedge clk_i) begin
      if (rst_ni && a_valid_i && b_valid_i) begin
        OperandsAligned_M: assert (a_is_val ? b_is_val : a_tok_i == b_tok_i)
        else $error("sam_alu: operand streams differ in structure");
      end
    end
`endif
  end else begin : gen_one_stream
    logic unused_b;
    assign unused_b   = ^{b_valid_i, b_tok_i, b_kind};
    assign both_valid = a_valid_i;
    assign a_ready_o  = credit_q;
    assign b_ready_o  = 1'b0;
  end

  // ---- Stage 1: the operands. s1_a_q holds a's payload with N read as 0 (for a
  // stop or D, its payload); s1_ctl_q marks a stop or D.
  logic s1_valid_q, s1_ctl_q;
  val_t s1_a_q, s1_b_q, lhs, rhs;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) s1_valid_q <= 1'b0;
    else s1_valid_q <= issue;
  end

  // Data registers load every cycle; only s1_valid_q says whether they hold a token.
  always_ff @(posedge clk_i) begin
    s1_ctl_q <= a_kind == sam_pkg::TokStop || a_kind == sam_pkg::TokDone;
    s1_a_q   <= a_kind == sam_pkg::TokEmpty ? '0 : a_tok_i[ValWidth-1:0];
    s1_b_q   <= b_kind == sam_pkg::TokEmpty ? '0 : b_tok_i[ValWidth-1:0];
  end

  if (TwoStreams) begin : gen_operands_streams
    assign lhs = s1_a_q;
    assign rhs = s1_b_q;
  end else begin : gen_operands_const
    logic unused_s1_b;
    assign unused_s1_b = ^s1_b_q;
    assign lhs = Operand == sam_pkg::AluConstLeft ? Const : s1_a_q;
    assign rhs = Operand == sam_pkg::AluConstLeft ? s1_a_q : Const;
  end

  // ---- The operation (parameters select one; the rest is not built). res_valid
  // and res_tok are the token written into the output buffer.
  logic              res_valid;
  logic [ValWidth:0] res_tok;
  val_t              res;
  logic [7:0]        inflight;  // tokens issued and not yet at the buffer

  if (Mul) begin : gen_mul
    // The low ValWidth bits of lhs * rhs (the same signed or unsigned) from
    // half-width pieces: lo*lo + ((lo*hi + hi*lo) << Half); hi*hi only reaches
    // bits >= 2 * Half >= ValWidth.
    logic s2a_valid_q, s2a_ctl_q, s2_valid_q, s2_ctl_q, s2b_valid_q, s2b_ctl_q, s3_valid_q;
    val_t s2a_a_q, s2_a_q, s2b_a_q, s3_sum;
    logic [ValWidth:0] s3_tok_q;

    if (ValWidth == 1) begin : gen_bit
      logic s2a_p_q, s2_p_q, s2b_p_q;
      always_ff @(posedge clk_i) begin
        s2a_p_q <= lhs[0] & rhs[0];
        s2_p_q  <= s2a_p_q;
        s2b_p_q <= s2_p_q;
      end
      assign s3_sum = s2b_p_q;
    end else begin : gen_split
      localparam int unsigned Half = (ValWidth + 1) / 2;
      localparam int unsigned HiW  = ValWidth - Half;  // 1..Half
`ifdef SAM_ECP5
      localparam bit UseDsp = Half >= 10 && Half <= 18;
`else
      localparam bit UseDsp = 1'b0;
`endif
      val_t            s2_ll_q;
      logic [HiW-1:0]  s2_lh_q, s2_hl_q;
      logic [Half-1:0] lhs_lo, rhs_lo;
      logic [HiW-1:0]  lhs_hi, rhs_hi;
      assign {lhs_hi, lhs_lo} = lhs;
      assign {rhs_hi, rhs_lo} = rhs;
      if (!UseDsp) begin : gen_behavioral
        // The operands are registered (stage 2a), then each product (keeping
        // only the low bits the sum needs) into stage 2: a multiplier between an
        // input and one output register, which synth_ice40 -dsp maps to an
        // SB_MAC16 correctly. (Two registers after the product, the earlier
        // form, made yosys 0.70 pack both into the block and drive the product
        // with a constant: the iCE40 netlist multiplied wrong.)
        logic [Half-1:0] s2a_alo_q, s2a_blo_q;
        logic [HiW-1:0]  s2a_ahi_q, s2a_bhi_q;
        always_ff @(posedge clk_i) begin
          s2a_alo_q <= lhs_lo;
          s2a_blo_q <= rhs_lo;
          s2a_ahi_q <= lhs_hi;
          s2a_bhi_q <= rhs_hi;
          s2_ll_q   <= ValWidth'(s2a_alo_q) * ValWidth'(s2a_blo_q);
          s2_lh_q   <= HiW'(s2a_alo_q * Half'(s2a_bhi_q));
          s2_hl_q   <= HiW'(Half'(s2a_ahi_q) * s2a_blo_q);
        end
        // Stage 2b: the sum of the products, registered.
        val_t s2b_sum_q;
        always_ff @(posedge clk_i) begin
          s2b_sum_q <= {s2_ll_q[ValWidth-1:Half] + s2_lh_q + s2_hl_q, s2_ll_q[Half-1:0]};
        end
        assign s3_sum = s2b_sum_q;
`ifdef SAM_ECP5
      end else begin : gen_dsp
        // Products 0: lo*lo, 1: lo*hi, 2: hi*lo, unsigned, each in a MULT18X18D
        // with its input registers (stage 2a) and output register (stage 2).
        logic [2:0][17:0] mul_a, mul_b;
        logic [2:0][35:0] mul_p;
        assign mul_a[0] = 18'(lhs_lo);
        assign mul_b[0] = 18'(rhs_lo);
        assign mul_a[1] = 18'(lhs_lo);
        assign mul_b[1] = 18'(rhs_hi);
        assign mul_a[2] = 18'(lhs_hi);
        assign mul_b[2] = 18'(rhs_lo);
        assign s2_ll_q  = mul_p[0][ValWidth-1:0];
        assign s2_lh_q  = mul_p[1][HiW-1:0];
        assign s2_hl_q  = mul_p[2][HiW-1:0];
        // Stage 2b: the products in fabric registers, then the sum into stage 3.
        val_t            s2b_ll_q;
        logic [HiW-1:0]  s2b_lh_q, s2b_hl_q;
        always_ff @(posedge clk_i) begin
          s2b_ll_q <= s2_ll_q;
          s2b_lh_q <= s2_lh_q;
          s2b_hl_q <= s2_hl_q;
        end
        assign s3_sum = {s2b_ll_q[ValWidth-1:Half] + s2b_lh_q + s2b_hl_q, s2b_ll_q[Half-1:0]};
        for (genvar k = 0; k < 3; k++) begin : gen_mult
          logic [17:0] a, b;
          logic [35:0] p;
          assign a        = mul_a[k];
          assign b        = mul_b[k];
          assign mul_p[k] = p;
          sam_mul18 mult (
            .clk_i(clk_i),
            .a_i  (a),
            .b_i  (b),
            .p_o  (p)
          );
        end
`endif
      end
    end

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        s2a_valid_q <= 1'b0;
        s2_valid_q  <= 1'b0;
        s2b_valid_q <= 1'b0;
        s3_valid_q  <= 1'b0;
      end else begin
        s2a_valid_q <= s1_valid_q;
        s2_valid_q  <= s2a_valid_q;
        s2b_valid_q <= s2_valid_q;
        s3_valid_q  <= s2b_valid_q;
      end
    end

    always_ff @(posedge clk_i) begin
      s2a_ctl_q <= s1_ctl_q;
      s2a_a_q   <= s1_a_q;
      s2_ctl_q  <= s2a_ctl_q;
      s2_a_q    <= s2a_a_q;
      s2b_ctl_q <= s2_ctl_q;
      s2b_a_q   <= s2_a_q;
      s3_tok_q  <= s2b_ctl_q ? {1'b1, s2b_a_q} : {1'b0, s3_sum};
    end

    logic unused_res;
    assign unused_res = ^res;
    assign res        = '0;
    assign res_valid  = s3_valid_q;
    assign res_tok    = s3_tok_q;
    assign inflight   = 8'(s1_valid_q) + 8'(s2a_valid_q) + 8'(s2_valid_q) + 8'(s2b_valid_q)
                        + 8'(s3_valid_q);
  end else begin : gen_single
    assign inflight = 8'(s1_valid_q);
    if (Op == sam_pkg::AluAdd) begin : gen_add
      assign res = lhs + rhs;
    end else if (Op == sam_pkg::AluSub) begin : gen_sub
      assign res = lhs - rhs;
    end else if (Op == sam_pkg::AluMin) begin : gen_min
      assign res = $signed(lhs) < $signed(rhs) ? lhs : rhs;
    end else if (Op == sam_pkg::AluMax) begin : gen_max
      assign res = $signed(lhs) < $signed(rhs) ? rhs : lhs;
    end else if (Op == sam_pkg::AluAnd) begin : gen_and
      assign res = lhs & rhs;
    end else if (Op == sam_pkg::AluOr) begin : gen_or
      assign res = lhs | rhs;
    end else if (Op == sam_pkg::AluXor) begin : gen_xor
      assign res = lhs ^ rhs;
    end else if (Op == sam_pkg::AluShl) begin : gen_shl
      localparam bit All = 64'(Const) >= 64'(ValWidth);
      assign res = All ? '0 : lhs << rhs;
    end else if (Op == sam_pkg::AluShr) begin : gen_shr
      localparam bit All = 64'(Const) >= 64'(ValWidth);
      assign res = All ? {ValWidth{lhs[ValWidth-1]}} : val_t'($signed(lhs) >>> rhs);
    end else if (Op == sam_pkg::AluNot) begin : gen_not
      logic unused_rhs;
      assign unused_rhs = ^rhs;
      assign res = val_t'(lhs == '0);
    end else begin : gen_neg
      logic unused_rhs;
      assign unused_rhs = ^rhs;
      assign res = '0 - lhs;
    end
    // Values (data or N) give the result; stops and D pass through.
    assign res_valid = s1_valid_q;
    assign res_tok   = s1_ctl_q ? {1'b1, s1_a_q} : {1'b0, res};
  end

  sam_stream_assert #(.Width(ValWidth), .Name("sam_alu a")) a_check (
    .clk_i, .rst_ni, .valid_i(a_valid_i), .ready_i(a_ready_o), .tok_i(a_tok_i)
  );

  // Credits and the result buffer: room for every token in flight.
  sam_scan_out #(
    .Outputs(1), .Width(ValWidth), .Depth(Depth)
  ) out (
    .clk_i, .rst_ni, .take_i(issue), .drop_i(1'b0), .room_o(credit_q), .valid_i(res_valid),
    .tok_i(res_tok), .valid_o(out_valid_o), .ready_i(out_ready_i), .tok_o(out_tok_o),
    .inflight_i(inflight)
  );

endmodule
