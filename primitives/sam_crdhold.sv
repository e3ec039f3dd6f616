// sam_crdhold: coordinate holder (docs/primitives.md; golden model
// golden/src/models/crdhold.rs).
//
// The inner stream is one level deeper than the outer coordinate stream: each
// outer coordinate owns one inner fiber, which ends in S0, or in S(m+1) when the
// outer stream closes with Sm right after the coordinate; a bare outer Sm (an
// empty outer fiber) matches a bare inner S(m+1). The held outer output repeats
// each outer coordinate once per token of its inner fiber (N included) and takes
// the inner stream's stops and D: it is the inner stream with every data (or N)
// token replaced by its outer coordinate. The inner stream passes through
// unchanged. An outer coordinate with an empty inner fiber gives a bare stop.
//
// One inner token per cycle: the outer coordinate is held in one register while
// its fiber streams by (a coordinate at the head of the outer input is used in
// place). The one bubble is an empty inner fiber that closes an outer fiber when
// its coordinate was not held yet (the coordinate is registered first).
//
// Each output sits behind a two-entry buffer (`sam_fifo`, Depth 2); ready_o of
// both inputs depends only on input valids and tokens and registered state: no
// combinational path from any ready_i to any ready_o.
//
// Parameters: CrdWidth  payload width of both coordinate streams, 1..63
// Ports:      clk_i, rst_ni                           clock, synchronous active-low reset
//             outer_valid_i, outer_ready_o, outer_tok_i   outer coordinates (crd)
//             inner_valid_i, inner_ready_o, inner_tok_i   inner coordinates (crd)
//             outer_valid_o, outer_ready_i, outer_tok_o   held outer coordinates (crd,
//                                                         the inner stream's shape)
//             inner_valid_o, inner_ready_i, inner_tok_o   inner coordinates, unchanged
module sam_crdhold #(
  parameter int unsigned CrdWidth = sam_pkg::CrdWidth
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              outer_valid_i,
  output logic              outer_ready_o,
  input  logic [CrdWidth:0] outer_tok_i,
  input  logic              inner_valid_i,
  output logic              inner_ready_o,
  input  logic [CrdWidth:0] inner_tok_i,
  output logic              outer_valid_o,
  input  logic              outer_ready_i,
  output logic [CrdWidth:0] outer_tok_o,
  output logic              inner_valid_o,
  input  logic              inner_ready_i,
  output logic [CrdWidth:0] inner_tok_o
);

  if (CrdWidth < 1 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_width
    $error("sam_crdhold: CrdWidth must be in 1..63");
  end

  sam_stream_assert #(.Width(CrdWidth), .Name("sam_crdhold outer")) outer_check (
    .clk_i, .rst_ni, .valid_i(outer_valid_i), .ready_i(outer_ready_o), .tok_i(outer_tok_i)
  );

  sam_stream_assert #(.Width(CrdWidth), .Name("sam_crdhold inner")) inner_check (
    .clk_i, .rst_ni, .valid_i(inner_valid_i), .ready_i(inner_ready_o), .tok_i(inner_tok_i)
  );

  sam_pkg::tok_kind_e  o_kind, i_kind;
  logic [63:0]         o_lvl, i_lvl;   // payloads, zero-extended (stop levels)

  assign o_lvl  = 64'(outer_tok_i[CrdWidth-1:0]);
  assign i_lvl  = 64'(inner_tok_i[CrdWidth-1:0]);
  assign o_kind = sam_pkg::tok_kind(outer_tok_i[CrdWidth], o_lvl, CrdWidth);
  assign i_kind = sam_pkg::tok_kind(inner_tok_i[CrdWidth], i_lvl, CrdWidth);

  // Core state: the held outer coordinate.
  logic                held_d, held_q;
  logic [CrdWidth-1:0] crd_d, crd_q;
  logic                o_is_data, cur_valid, i_in_fiber;
  logic [CrdWidth-1:0] cur_crd;
  logic                o_pop, i_pop, q_ready, oq_ready, iq_ready;
  logic [CrdWidth:0]   oq_tok;

  assign o_is_data  = outer_valid_i && o_kind == sam_pkg::TokData;
  assign i_in_fiber = i_kind == sam_pkg::TokData || i_kind == sam_pkg::TokEmpty;
  // The coordinate whose inner fiber is at the inner head: the held one, or else
  // the one at the outer head, used in place.
  assign cur_valid  = held_q || o_is_data;
  assign cur_crd    = held_q ? crd_q : outer_tok_i[CrdWidth-1:0];
  // Every inner token taken emits one token on each output.
  assign q_ready    = oq_ready && iq_ready;
  assign oq_tok     = i_in_fiber ? {1'b0, cur_crd} : inner_tok_i;

  always_comb begin
    o_pop  = 1'b0;
    i_pop  = 1'b0;
    held_d = held_q;
    crd_d  = crd_q;
    if (inner_valid_i && q_ready) begin
      if (i_in_fiber) begin
        // Inside the fiber of cur_crd (registered now if it was at the outer head).
        if (cur_valid) begin
          i_pop  = 1'b1;
          o_pop  = !held_q;
          held_d = 1'b1;
          crd_d  = cur_crd;
        end
      end else if (i_kind == sam_pkg::TokStop && cur_valid) begin
        if (i_lvl == '0) begin
          // End of the fiber; not the last of its outer fiber: take the next
          // coordinate in if it is there.
          i_pop  = 1'b1;
          o_pop  = !held_q || o_is_data;
          held_d = held_q && o_is_data;
          crd_d  = outer_tok_i[CrdWidth-1:0];
        end else if (held_q) begin
          // End of the fiber and of its outer fiber: the outer head is the closing Sm.
          if (outer_valid_i) begin
            i_pop  = 1'b1;
            o_pop  = 1'b1;
            held_d = 1'b0;
          end
        end else begin
          // Same, the coordinate still at the outer head: register it first.
          o_pop  = 1'b1;
          held_d = 1'b1;
          crd_d  = outer_tok_i[CrdWidth-1:0];
        end
      end else if (outer_valid_i && !held_q) begin
        // A bare inner S(m+1) with a bare outer Sm, or D with D.
        i_pop = 1'b1;
        o_pop = 1'b1;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      held_q <= 1'b0;
      crd_q  <= '0;
    end else begin
      held_q <= held_d;
      crd_q  <= crd_d;
    end
  end

  assign outer_ready_o = o_pop;
  assign inner_ready_o = i_pop;

  sam_fifo #(
    .Width(CrdWidth),
    .Depth(2)
  ) outer_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(i_pop),
    .ready_o(oq_ready),
    .tok_i  (oq_tok),
    .valid_o(outer_valid_o),
    .ready_i(outer_ready_i),
    .tok_o  (outer_tok_o)
  );

  sam_fifo #(
    .Width(CrdWidth),
    .Depth(2)
  ) inner_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(i_pop),
    .ready_o(iq_ready),
    .tok_i  (inner_tok_i),
    .valid_o(inner_valid_o),
    .ready_i(inner_ready_i),
    .tok_o  (inner_tok_o)
  );

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (outer_valid_i) begin
        OuterNoEmpty_M: assert (o_kind != sam_pkg::TokEmpty)
        else $error("sam_crdhold: N in the outer coordinate stream");
      end
      if (inner_valid_i && outer_valid_i && !cur_valid) begin
        InnerMatchesOuter_A: assert ((o_kind == sam_pkg::TokStop && i_kind == sam_pkg::TokStop
                 && i_lvl == o_lvl + 64'd1)
                || (o_kind == sam_pkg::TokDone && i_kind == sam_pkg::TokDone))
        else $error("sam_crdhold: inner %h where the outer stream has %h",
                    inner_tok_i, outer_tok_i);
      end
      if (held_q && inner_valid_i) begin
        InnerDoneLast_A: assert (i_kind != sam_pkg::TokDone)
        else $error("sam_crdhold: inner D inside the fiber of an outer coordinate");
      end
      if (held_q && inner_valid_i && i_kind == sam_pkg::TokStop && i_lvl != '0
          && outer_valid_i) begin
        InnerClosesOuter_A: assert (o_kind == sam_pkg::TokStop && i_lvl == o_lvl + 64'd1)
        else $error("sam_crdhold: inner %h closes an outer fiber but the outer stream has %h",
                    inner_tok_i, outer_tok_i);
      end
    end
  end
`endif

endmodule
