// sam_fiberwrite_dense: dense level writer (docs/primitives.md; golden model
// fiberwrite_dense in golden/src/models/fiberwrite.rs).
//
// A dense level has no arrays, only its dimension: the common length of the
// fibers of its coordinate stream (0 for a stream with no coordinate). A dense
// fiber is never empty, so a stop that closes no coordinate closes an empty
// fiber of a level above, not a fiber of this one, and is skipped.
// Coordinates are counted, not stored. dim_o holds the length of the first
// fiber and done_o is 1 once D was consumed. Fibers of different lengths,
// N, a coordinate after the last stop (right before D), a fiber longer than
// 2**AddrWidth, or a token after D are protocol errors (asserted).
//
// Always ready: one token per cycle, no output stream.
//
// Parameters: CrdWidth   payload width of the coordinate stream, 1..63
//             AddrWidth  the dimension is at most 2**AddrWidth (dim_o has
//                        AddrWidth+1 bits, like the counts of the other level
//                        writers), 1..20
// Ports:      clk_i, rst_ni                          clock, synchronous active-low
//                                                    reset
//             crd_valid_i, crd_ready_o, crd_tok_i    coordinates (crd)
//             dim_o                                  the dimension
//             done_o                                 1 once D was consumed
// No combinational path from any input to an output (crd_ready_o is constant).
module sam_fiberwrite_dense #(
  parameter int unsigned CrdWidth  = sam_pkg::CrdWidth,
  parameter int unsigned AddrWidth = 8
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic               crd_valid_i,
  output logic               crd_ready_o,
  input  logic [CrdWidth:0]  crd_tok_i,
  output logic [AddrWidth:0] dim_o,
  output logic               done_o
);

  if (CrdWidth < 1 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_width
    $error("sam_fiberwrite_dense: CrdWidth must be in 1..63");
  end
  if (AddrWidth < 1 || AddrWidth > 20) begin : gen_bad_addr_width
    $error("sam_fiberwrite_dense: AddrWidth must be in 1..20");
  end

  sam_stream_assert #(.Width(CrdWidth), .Name("sam_fiberwrite_dense crd")) crd_check (
    .clk_i, .rst_ni, .valid_i(crd_valid_i), .ready_i(crd_ready_o), .tok_i(crd_tok_i)
  );

  sam_pkg::tok_kind_e in_kind;
  // len_q: coordinates of the current fiber; seen_q: a fiber ended (dim_q is set).
  logic [AddrWidth:0] len_q, dim_q;
  logic               seen_q, done_q;

  assign crd_ready_o = 1'b1;
  assign in_kind = sam_pkg::tok_kind(crd_tok_i[CrdWidth], 64'(crd_tok_i[CrdWidth-1:0]),
                                     CrdWidth);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      len_q  <= '0;
      dim_q  <= '0;
      seen_q <= 1'b0;
      done_q <= 1'b0;
    end else if (crd_valid_i) begin
      unique case (in_kind)
        sam_pkg::TokData: len_q <= len_q + 1'b1;
        sam_pkg::TokStop: begin
          len_q <= '0;
          if (len_q != '0) begin
            seen_q <= 1'b1;
            if (!seen_q) dim_q <= len_q;
          end
        end
        sam_pkg::TokDone: done_q <= 1'b1;
        default: ;  // N: flagged by the assertion below
      endcase
    end
  end

  assign dim_o  = dim_q;
  assign done_o = done_q;

`ifndef SAM_ASSERTS_OFF
  // The longest fiber: the largest dimension dim_o can hold.
  localparam logic [AddrWidth:0] Capacity = (AddrWidth + 1)'(2 ** AddrWidth);

  always_ff @(posedge clk_i) begin
    if (rst_ni && crd_valid_i) begin
      NothingAfterDone_A: assert (!done_q)
      else $error("sam_fiberwrite_dense: a token after D");
      NoEmpty_M: assert (in_kind != sam_pkg::TokEmpty)
      else $error("sam_fiberwrite_dense: N in a coordinate stream");
      FiberCapacity_A: assert (!(in_kind == sam_pkg::TokData && len_q == Capacity))
      else $error("sam_fiberwrite_dense: a fiber longer than %0d", Capacity);
      FiberLength_A: assert (!(in_kind == sam_pkg::TokStop && seen_q && len_q != '0 &&
                               len_q != dim_q))
      else $error("sam_fiberwrite_dense: a fiber of length %0d in a level of dimension %0d",
                  len_q, dim_q);
      ClosedBeforeDone_A: assert (!(in_kind == sam_pkg::TokDone && len_q != '0))
      else $error("sam_fiberwrite_dense: coordinates after the last stop");
    end
  end
`endif

endmodule
