// sam_repsiggen: repeat-signal generator (docs/primitives.md; Definition 3.4 of Hsu et
// al.'s SAM paper).
//
// Turns a coordinate stream into the repeat signal a `sam_repeat` consumes: `R` for
// every coordinate, `S` for every stop (whatever its level), `D` for done. On the
// wire (golden/src/models/stream.rs) `R` is data 0, `S` is stop S0 and `D` is D.
// One token out per token in; `N` in a coordinate stream is a protocol error.
//
// The output sits behind a two-entry buffer (`sam_fifo`, Depth 2), so the block
// moves one token per cycle and ready_o depends only on valid_i and registered
// state: no combinational path from ready_i to ready_o.
//
// Parameters: CrdWidth  payload width of the coordinate stream, 1..63
// Ports:      clk_i, rst_ni                 clock, synchronous active-low reset
//             crd_valid_i, crd_ready_o, crd_tok_i           coordinates (crd)
//             repsig_valid_o, repsig_ready_i, repsig_tok_o  repeat signal (repsig,
//                                                           RepsigWidth-bit payload)
module sam_repsiggen #(
  parameter int unsigned CrdWidth = sam_pkg::CrdWidth
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              crd_valid_i,
  output logic              crd_ready_o,
  input  logic [CrdWidth:0] crd_tok_i,
  output logic              repsig_valid_o,
  input  logic              repsig_ready_i,
  output logic [sam_pkg::RepsigWidth:0] repsig_tok_o
);

  if (CrdWidth < 1 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_width
    $error("sam_repsiggen: CrdWidth must be in 1..63");
  end

  sam_stream_assert #(.Width(CrdWidth), .Name("sam_repsiggen crd")) crd_check (
    .clk_i, .rst_ni, .valid_i(crd_valid_i), .ready_i(crd_ready_o), .tok_i(crd_tok_i)
  );

  localparam int unsigned W = sam_pkg::RepsigWidth;
  localparam logic [W:0] RepR = '0;                            // data 0
  localparam logic [W:0] RepS = {1'b1, W'(0)};                 // S0
  localparam logic [W:0] RepD = {1'b1, W'(sam_pkg::done_payload(W))};

  sam_pkg::tok_kind_e in_kind;
  logic [W:0]         sig;
  logic               out_ready;

  assign in_kind = sam_pkg::tok_kind(crd_tok_i[CrdWidth], 64'(crd_tok_i[CrdWidth-1:0]),
                                     CrdWidth);

  always_comb begin
    unique case (in_kind)
      sam_pkg::TokData:  sig = RepR;
      sam_pkg::TokStop:  sig = RepS;
      sam_pkg::TokDone:  sig = RepD;
      default:           sig = RepR;  // N: flagged by the assertion below
    endcase
  end

  assign crd_ready_o = out_ready;

  sam_fifo #(
    .Width(W),
    .Depth(2)
  ) out_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(crd_valid_i),
    .ready_o(out_ready),
    .tok_i  (sig),
    .valid_o(repsig_valid_o),
    .ready_i(repsig_ready_i),
    .tok_o  (repsig_tok_o)
  );

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni && crd_valid_i) begin
      CrdNoEmpty_M: assert (in_kind != sam_pkg::TokEmpty)
      else $error("sam_repsiggen: N in a coordinate stream");
    end
  end
`endif

endmodule
