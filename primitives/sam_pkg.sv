// sam_pkg: the SAM token encoding shared by every primitive
// (docs/tokens-and-channels.md).
//
// A token on a channel is Width+1 bits, where Width is the payload width of that
// channel (coordinates and references default to CrdWidth, values to ValWidth):
//   tok[Width] == 0   data; tok[Width-1:0] is the coordinate, reference or value
//   tok[Width] == 1   control; tok[Width-1:0] is
//                       n < 2**(Width-1)   for the stop token S_n
//                       2**(Width-1) + d   for the LZ77 repeat R_d (d >= 1)
//                       all ones           for done, D
//                       all ones - 1       for empty, N
// R_d rides only on the value streams of LZ77 kernels (docs/fill-regions.md).
// tok_kind reads it as TokStop, so the primitives that pass stops untouched (the
// ALUs, value loads and the values writer, which skips stops) pass or skip R_d
// too; the LZ77 primitives tell it apart with is_repeat.
// Packages cannot take parameters, so the helpers below take the payload width as
// an argument and the payload zero-extended to 64 bits; with a constant width they
// fold to plain comparisons in synthesis. ir/src/token.rs is the Rust twin.
// Waiver: a design uses only the constants, types and functions it needs; the rest
// are library API (Verilator's UNUSEDPARAM, slang's unused-package-* warnings).
/* verilator lint_off UNUSEDPARAM */
`pragma diagnostic push
`pragma diagnostic ignore="-Wunused-package-parameter"
`pragma diagnostic ignore="-Wunused-package-typedef"
`pragma diagnostic ignore="-Wunused-package-subroutine"
package sam_pkg;

  // Default payload widths (docs/tokens-and-channels.md).
  localparam int unsigned CrdWidth = 16;
  localparam int unsigned ValWidth = 32;
  // Repeat signals (R, S, D) need two payload bits: with one, N and S0 coincide.
  localparam int unsigned RepsigWidth = 2;
  // The encoded token (payload + control flag) must fit the 64-bit helpers.
  localparam int unsigned MaxPayloadWidth = 63;
  // Fiber tag bits of a skip target (the skip channel, docs/tokens-and-channels.md):
  // a scanner runs at most 2**SkipTagWidth - 1 fibers ahead of its intersector.
  localparam int unsigned SkipTagWidth = 8;
  // Bits of an LZ77 descriptor word {lit, rep} that hold rep, the repeat's
  // distance (0 for a literal); lit, the literal slot, sits above them
  // (docs/fill-regions.md; DESC_REP_BITS in golden/src/models/lz77.rs). The
  // encoder's farthest distance, 1024, fits.
  localparam int unsigned DescRepBits = 11;

  typedef enum logic [1:0] {
    TokData,
    TokStop,
    TokEmpty,
    TokDone
  } tok_kind_e;

  // The mode parameters of the primitives, one enum each, so that a generated top
  // reads `.Op(sam_pkg::AluMul)` instead of a number. hdl-gen/src/library.rs names
  // the same values.

  // sam_alu's operation (Op), in the order of samgen_compiler::graph::AluOp::ALL
  // and samgen_hdl::library::ALU_OPS. min/max compare signed; shl/shr shift by
  // the constant operand; not is the logical not of a 0/1 mask.
  typedef enum logic [3:0] {
    AluAdd,
    AluSub,
    AluMul,
    AluMin,
    AluMax,
    AluAnd,
    AluOr,
    AluXor,
    AluShl,
    AluShr,
    AluNot,
    AluNeg
  } alu_op_e;

  // Where sam_alu's second operand comes from (Operand): a second value stream
  // (binary ops; unary ops read only the first), or the constant on the right
  // (`a op Const`) or on the left (`Const op a`).
  typedef enum logic [1:0] {
    AluStreams,
    AluConstRight,
    AluConstLeft
  } alu_operand_e;

  // The level format sam_fiberlookup scans (Format): dense (a dimension),
  // compressed (pos and crd arrays), or an index variable's full range.
  typedef enum logic [1:0] {
    ScanDense,
    ScanCompressed,
    ScanRange
  } scan_format_e;

  // What sam_crddrop drops (Mode): outer coordinates whose inner coordinate fiber
  // is empty, those whose inner value fiber holds only 0 and N, or coordinate/value
  // pairs of one shape whose value is 0 or N.
  typedef enum logic [1:0] {
    DropFiberCrd,
    DropFiberVal,
    DropElementwise
  } crddrop_mode_e;

  // sam_reduce's configuration (Mode): every fiber gives a sum (0 when empty),
  // empty fibers give nothing, or one sum per outer coordinate read from `crd`.
  typedef enum logic [1:0] {
    ReduceZeroFill,
    ReduceDropEmpty,
    ReduceWithOuter
  } reduce_mode_e;

  // What sam_locate does with a coordinate the located level lacks (Miss): drop it
  // from every output (the located tensor is a factor of a product), or keep it
  // with N as the located reference (an addend of a sum).
  typedef enum logic [0:0] {
    LocateDrop,
    LocateEmpty
  } locate_miss_e;

  // How sam_bvjoin combines the ways' bitvector words (Mode): AND (intersection)
  // or OR (union).
  typedef enum logic [0:0] {
    BvAnd,
    BvOr
  } bv_join_e;

  // Which coordinates sam_runmerge visits (Mode): every run start of every way and
  // where a point way's fill resumes (the output is runs), or the points every
  // point way holds, run ways held there (the output is points).
  typedef enum logic [0:0] {
    RunMergeUnion,
    RunMergeIntersect
  } runmerge_mode_e;

  // Payload of D for a Width-bit channel: all ones.
  function automatic logic [63:0] done_payload(int unsigned width);
    return (64'd1 << width) - 64'd1;
  endfunction

  // Payload of N for a Width-bit channel: all ones minus one.
  function automatic logic [63:0] empty_payload(int unsigned width);
    return done_payload(width) - 64'd1;
  endfunction

  // Payload of R_0 for a Width-bit channel: R_d is this plus d, and every stop
  // lies below it.
  function automatic logic [63:0] repeat_base(int unsigned width);
    return 64'd1 << (width - 1);
  endfunction

  // Whether a token is a repeat R_d (then d is the payload minus repeat_base).
  function automatic logic is_repeat(logic ctrl, logic [63:0] payload, int unsigned width);
    return ctrl && payload >= repeat_base(width) && payload < empty_payload(width);
  endfunction

  // Kind of a token given its control flag and zero-extended payload (R_d reads
  // as TokStop, see the top of this file).
  function automatic tok_kind_e tok_kind(logic ctrl, logic [63:0] payload,
                                         int unsigned width);
    if (!ctrl) return TokData;
    if (payload == done_payload(width)) return TokDone;
    if (payload == empty_payload(width)) return TokEmpty;
    return TokStop;
  endfunction

endpackage
`pragma diagnostic pop
/* verilator lint_on UNUSEDPARAM */
