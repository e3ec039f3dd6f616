// sam_arrayvals: value load (docs/primitives.md; golden model
// golden/src/models/arrayvals.rs).
//
// A reference r gives vals[r], the word at address r of the value array; N gives
// the fill value 0 (a data token); stops, D and the LZ77 repeats R_m an LZ77
// merge gives as references pass through (re-encoded at the value width). One
// token out per token in. A reference beyond the array
// (r >= 2**AddrWidth) is a protocol error (asserted).
//
// With Descriptors set this is the load of an LZ77 level (golden model `lzload`
// in golden/src/models/lz77.rs; docs/fill-regions.md): the input is the
// level's descriptor stream, each data token a word {lit, rep} with rep in its
// low sam_pkg::DescRepBits bits (RefWidth is then the value width). rep == 0 is
// a literal and reads vals[lit]; rep != 0 is a repeat and gives the control
// token R_rep at the value width (payload repeat_base(ValWidth) + rep) with no
// read. N, stops and D are as above. A repeat rides the same pipeline as a
// load, so order, latency and the credit scheme do not change. ValWidth >=
// DescRepBits + 2 so that every rep has an R_rep below N and D.
//
// The value array is outside this module, behind the read port `vals` (the
// memory port protocol, docs/memory.md: requests taken when vals_rd_ready_i is
// high, responses in order after any latency; the on-chip `sam_mem` answers in
// two cycles). A reference issues its read when it is accepted; the token waits
// in `sam_read_queue` for its read's response and goes with it into the output
// buffer (`sam_scan_out`, Credits deep). The pipeline never stalls: a token is
// accepted only while it holds a credit (fewer than Credits tokens between the
// input and the consumer) and the memory takes requests, so the queue and the
// buffer always have room. With the on-chip array, a load takes two cycles from
// accept to the buffer, any other token one, and Credits = 4 keeps one token
// per cycle; a memory answering in L cycles needs Credits >= L + 2 for that.
//
// ref_ready_o is a function of registers (the credits) and vals_rd_ready_i (a
// register by the port protocol): no combinational path from val_ready_i to
// ref_ready_o. The read request (vals_rd_en_o, vals_rd_addr_o) is combinational
// from ref_valid_i and ref_tok_i; vals_rd_data_i reaches val_tok_o only through
// the buffer.
//
// Parameters: RefWidth     payload width of the reference stream, 1..63
//                          (Descriptors: DescRepBits + 1 .. 63)
//             ValWidth     payload width of the value stream and the array words,
//                          1..63 (Descriptors: DescRepBits + 2 .. 63)
//             AddrWidth    address width of the value array, 1..20
//             Descriptors  the input is an LZ77 descriptor stream (0: references)
//             Credits      tokens between the input and the consumer, 3..64 (the
//                          output buffer's depth; see above)
// Ports:      clk_i, rst_ni                          clock, synchronous active-low
//                                                    reset
//             ref_valid_i, ref_ready_o, ref_tok_i    references (ref), or descriptors
//             val_valid_o, val_ready_i, val_tok_o    values (val)
//             vals_rd_en_o, vals_rd_addr_o,          read requests of the value array
//             vals_rd_ready_i                        (taken while ready is high)
//             vals_rd_valid_i, vals_rd_data_i        its responses, in order
module sam_arrayvals #(
  parameter int unsigned RefWidth  = sam_pkg::CrdWidth,
  parameter int unsigned ValWidth  = sam_pkg::ValWidth,
  parameter int unsigned AddrWidth = 8,
  parameter bit          Descriptors = 1'b0,
  parameter int unsigned Credits   = 4
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic                 ref_valid_i,
  output logic                 ref_ready_o,
  input  logic [RefWidth:0]    ref_tok_i,
  output logic                 val_valid_o,
  input  logic                 val_ready_i,
  output logic [ValWidth:0]    val_tok_o,
  output logic                 vals_rd_en_o,
  output logic [AddrWidth-1:0] vals_rd_addr_o,
  input  logic                 vals_rd_ready_i,
  input  logic                 vals_rd_valid_i,
  input  logic [ValWidth-1:0]  vals_rd_data_i
);

  if (RefWidth < 1 || RefWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_ref_width
    $error("sam_arrayvals: RefWidth must be in 1..63");
  end
  if (ValWidth < 1 || ValWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_val_width
    $error("sam_arrayvals: ValWidth must be in 1..63");
  end
  if (AddrWidth < 1 || AddrWidth > 20) begin : gen_bad_addr_width
    $error("sam_arrayvals: AddrWidth must be in 1..20");
  end
  if (Descriptors && (RefWidth <= sam_pkg::DescRepBits
                      || ValWidth < sam_pkg::DescRepBits + 2)) begin : gen_bad_desc_width
    $error("sam_arrayvals: Descriptors needs RefWidth > DescRepBits and ValWidth >= DescRepBits + 2");
  end
  if (Credits < 3 || Credits > 64) begin : gen_bad_credits
    $error("sam_arrayvals: Credits must be in 3..64");
  end

  sam_stream_assert #(.Width(RefWidth), .Name("sam_arrayvals ref")) ref_check (
    .clk_i, .rst_ni, .valid_i(ref_valid_i), .ready_i(ref_ready_o), .tok_i(ref_tok_i)
  );

  sam_pkg::tok_kind_e in_kind;
  logic [63:0]        in_payload, in_addr, in_rep;
  logic               in_load, in_is_rep, accept, credit_q;

  assign in_payload = 64'(ref_tok_i[RefWidth-1:0]);
  assign in_kind    = sam_pkg::tok_kind(ref_tok_i[RefWidth], in_payload, RefWidth);

  // What a data token reads: the reference itself, or a descriptor's literal
  // slot; a repeat descriptor (rep != 0) reads nothing.
  if (Descriptors) begin : gen_desc
    assign in_addr = in_payload >> sam_pkg::DescRepBits;
    assign in_rep  = 64'(in_payload[sam_pkg::DescRepBits-1:0]);
  end else begin : gen_ref
    assign in_addr = in_payload;
    assign in_rep  = '0;
  end
  assign in_load = in_kind == sam_pkg::TokData && in_rep == '0;
  assign in_is_rep = sam_pkg::is_repeat(1'b1, in_payload, RefWidth);

  assign ref_ready_o = credit_q && vals_rd_ready_i;
  assign accept      = ref_valid_i && ref_ready_o;

  assign vals_rd_en_o   = accept && in_load;
  assign vals_rd_addr_o = in_addr[AddrWidth-1:0];

  // The token beside its read (`sam_read_queue`): whether the value is the read
  // data (load), else the token itself.
  typedef struct packed {
    logic              load;
    logic [ValWidth:0] tok;
  } rd_tok_t;

  rd_tok_t             in_rd, s2;
  logic                s2_valid;
  logic [7:0]          inflight;
  logic [ValWidth:0]   in_out_tok, s2_out;
  logic [ValWidth-1:0] s2_data;

  always_comb begin
    unique case (in_kind)
      // A stop keeps its level; a repeat R_m (the references an LZ77 merge
      // gives) keeps its distance, re-based at the value width.
      sam_pkg::TokStop: in_out_tok = in_is_rep
          ? {1'b1, ValWidth'(sam_pkg::repeat_base(ValWidth) + in_payload
                             - sam_pkg::repeat_base(RefWidth))}
          : {1'b1, ValWidth'(in_payload)};
      sam_pkg::TokDone: in_out_tok = {1'b1, ValWidth'(sam_pkg::done_payload(ValWidth))};
      // A repeat descriptor: R_rep. A load's token is unused, a constant
      // where there are no descriptors.
      sam_pkg::TokData: in_out_tok = Descriptors
                                     ? {1'b1, ValWidth'(sam_pkg::repeat_base(ValWidth) + in_rep)}
                                     : '0;
      default:          in_out_tok = '0;  // N: the fill value 0
    endcase
  end

  assign in_rd.load = in_load;
  assign in_rd.tok  = in_out_tok;

  sam_read_queue #(.Width($bits(rd_tok_t)), .DataWidth(ValWidth), .Depth(Credits)) reads (
    .clk_i, .rst_ni, .valid_i(accept), .read_i(vals_rd_en_o), .data_i(in_rd),
    .rsp_valid_i(vals_rd_valid_i), .rsp_data_i(vals_rd_data_i), .valid_o(s2_valid),
    .data_o(s2), .rsp_data_o(s2_data), .inflight_o(inflight)
  );

  assign s2_out = s2.load ? {1'b0, s2_data} : s2.tok;

  // Credits and the value buffer: room for every token in the queue.
  sam_scan_out #(
    .Outputs(1), .Width(ValWidth), .Depth(Credits)
  ) out (
    .clk_i, .rst_ni, .take_i(accept), .drop_i(1'b0), .room_o(credit_q), .valid_i(s2_valid),
    .tok_i(s2_out), .valid_o(val_valid_o), .ready_i(val_ready_i), .tok_o(val_tok_o),
    .inflight_i(inflight)
  );

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni && ref_valid_i) begin
      if (in_load) begin
        RefInArray_M: assert (AddrWidth >= 64 || (in_addr >> AddrWidth) == 64'd0)
        else $error("sam_arrayvals: reference %0d beyond the %0d-word value array",
                    in_addr, 2 ** AddrWidth);
      end
      if (in_kind == sam_pkg::TokStop) begin
        StopFitsVal_M: assert (in_is_rep
                               ? in_payload - sam_pkg::repeat_base(RefWidth)
                                 + sam_pkg::repeat_base(ValWidth) < sam_pkg::empty_payload(ValWidth)
                               : in_payload < sam_pkg::repeat_base(ValWidth))
        else $error("sam_arrayvals: control %h does not fit a %0d-bit value token",
                    in_payload, ValWidth);
      end
    end
  end
`else
  // Only the assertions read the address bits above the array's.
  logic unused_addr;
  assign unused_addr = ^in_addr[63:AddrWidth];
`endif

endmodule
