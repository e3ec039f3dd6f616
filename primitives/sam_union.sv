// sam_union: m-way coordinate unioner, m = Ways in 2..3 (DESIGN section 6; golden
// model compiler/src/golden/union.rs, `union`).
//
// Way k is a coordinate stream crd<k> with its reference stream ref<k>, of the same
// control structure; a way's head is the pair (crd<k>, ref<k>), taken together.
// Each cycle with every way's head present, the smallest head coordinate comes out
// on crd; every way holding it passes its reference to ref<k> and advances, every
// other way (a larger coordinate, or already at its stop) gets N on ref<k> and
// stays. Once every way holds a stop (the same one on every way) it passes once to
// every output and every way advances; D likewise.
//
// Throughput: one token on every output per cycle while every way's head is
// present and the outputs have room. Each output sits behind a two-entry buffer
// (`sam_fifo`, Depth 2); the ready_o of each input depends only on input valids
// and tokens and on the buffers' registered ready: no combinational path from any
// ready_i to any ready_o. crd<k>_ready_o == ref<k>_ready_o (the pair moves together).
//
// Parameters: Ways      number of ways, 2..3; with Ways == 2 the way-2 ports are
//                       unused: inputs ignored (ready_o low), output tied off
//                       (valid low), its ready ignored
//             CrdWidth  coordinate payload width, 1..63
//             RefWidth  reference payload width, 2..63 (the outputs carry N)
// Ports:      clk_i, rst_ni                             clock, asynchronous active-low reset
//             crd<k>_valid_i, crd<k>_ready_o, crd<k>_tok_i  way k coordinates (crd; no N)
//             ref<k>_valid_i, ref<k>_ready_o, ref<k>_tok_i  way k references (ref, N allowed)
//             crd_valid_o, crd_ready_i, crd_tok_o         the union of the coordinates (crd)
//             ref<k>_valid_o, ref<k>_ready_i, ref<k>_tok_o  way k's reference, or N where
//                                                         way k lacks the coordinate (ref)
//             (k = 0..2)
module sam_union #(
  parameter int unsigned Ways     = 2,
  parameter int unsigned CrdWidth = sam_pkg::CrdWidth,
  parameter int unsigned RefWidth = sam_pkg::CrdWidth
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              crd0_valid_i,
  output logic              crd0_ready_o,
  input  logic [CrdWidth:0] crd0_tok_i,
  input  logic              ref0_valid_i,
  output logic              ref0_ready_o,
  input  logic [RefWidth:0] ref0_tok_i,
  input  logic              crd1_valid_i,
  output logic              crd1_ready_o,
  input  logic [CrdWidth:0] crd1_tok_i,
  input  logic              ref1_valid_i,
  output logic              ref1_ready_o,
  input  logic [RefWidth:0] ref1_tok_i,
  input  logic              crd2_valid_i,
  output logic              crd2_ready_o,
  input  logic [CrdWidth:0] crd2_tok_i,
  input  logic              ref2_valid_i,
  output logic              ref2_ready_o,
  input  logic [RefWidth:0] ref2_tok_i,
  output logic              crd_valid_o,
  input  logic              crd_ready_i,
  output logic [CrdWidth:0] crd_tok_o,
  output logic              ref0_valid_o,
  input  logic              ref0_ready_i,
  output logic [RefWidth:0] ref0_tok_o,
  output logic              ref1_valid_o,
  input  logic              ref1_ready_i,
  output logic [RefWidth:0] ref1_tok_o,
  output logic              ref2_valid_o,
  input  logic              ref2_ready_i,
  output logic [RefWidth:0] ref2_tok_o
);

  localparam int unsigned MaxWays = 3;

  if (Ways < 2 || Ways > MaxWays) begin : gen_bad_ways
    $error("sam_union: Ways must be 2 or 3");
  end
  if (CrdWidth < 1 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_crd_width
    $error("sam_union: CrdWidth must be in 1..63");
  end
  // N needs a payload of its own: with one bit, N and S0 coincide.
  if (RefWidth < 2 || RefWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_ref_width
    $error("sam_union: RefWidth must be in 2..63");
  end

  // The named ports as arrays, indexed by way.
  logic [MaxWays-1:0] crd_valid, ref_valid, in_ready;
  logic [CrdWidth:0]  crd_tok[MaxWays];
  logic [RefWidth:0]  ref_tok[MaxWays];
  logic [MaxWays-1:0] out_valid, out_ready;
  logic [RefWidth:0]  out_tok[MaxWays];

  assign crd_valid    = {crd2_valid_i, crd1_valid_i, crd0_valid_i};
  assign ref_valid    = {ref2_valid_i, ref1_valid_i, ref0_valid_i};
  assign crd_tok[0]   = crd0_tok_i;
  assign crd_tok[1]   = crd1_tok_i;
  assign crd_tok[2]   = crd2_tok_i;
  assign ref_tok[0]   = ref0_tok_i;
  assign ref_tok[1]   = ref1_tok_i;
  assign ref_tok[2]   = ref2_tok_i;
  assign crd0_ready_o = in_ready[0];
  assign ref0_ready_o = in_ready[0];
  assign crd1_ready_o = in_ready[1];
  assign ref1_ready_o = in_ready[1];
  assign crd2_ready_o = in_ready[2];
  assign ref2_ready_o = in_ready[2];
  assign ref0_valid_o = out_valid[0];
  assign ref1_valid_o = out_valid[1];
  assign ref2_valid_o = out_valid[2];
  assign ref0_tok_o   = out_tok[0];
  assign ref1_tok_o   = out_tok[1];
  assign ref2_tok_o   = out_tok[2];
  assign out_ready    = {ref2_ready_i, ref1_ready_i, ref0_ready_i};

  // Heads of the ways in use. Tokens move only when every way's head is present,
  // so the choice of outputs looks at the heads' kinds alone, not their valids
  // (a shorter path from the comparators to the buffers).
  logic [MaxWays-1:0] used, head, is_data, at_min, pop;
  logic [CrdWidth-1:0] c[MaxWays];

  for (genvar k = 0; k < MaxWays; k++) begin : gen_head
    assign used[k]    = k < Ways;
    assign head[k]    = used[k] && crd_valid[k] && ref_valid[k];
    assign is_data[k] = used[k] && !crd_tok[k][CrdWidth];
    assign c[k]       = crd_tok[k][CrdWidth-1:0];
    // Way k holds the smallest coordinate of the data heads.
    always_comb begin
      at_min[k] = is_data[k];
      for (int j = 0; j < MaxWays; j++) begin
        if (j != k && is_data[j] && c[j] < c[k]) at_min[k] = 1'b0;
      end
    end
  end

  logic all_head, any_data, emit;
  logic crd_q_ready;
  logic [MaxWays-1:0] ref_q_ready;
  logic [CrdWidth:0]  crd_out;
  logic [RefWidth:0]  ref_out[MaxWays];

  assign all_head = (head | ~used) == '1;
  assign any_data = is_data != '0;
  assign emit     = all_head && crd_q_ready && (ref_q_ready | ~used) == '1;

  // The smallest coordinate as an AND-OR of the ways at it (they hold the same
  // value), not a priority mux: two LUT levels after the comparators.
  logic [CrdWidth-1:0] min_crd;
  always_comb begin
    min_crd = '0;
    for (int k = 0; k < MaxWays; k++) begin
      min_crd |= c[k] & {CrdWidth{at_min[k]}};
    end
  end
  assign crd_out = any_data ? {1'b0, min_crd} : crd_tok[0];  // else a stop or D, as on every way

  for (genvar k = 0; k < MaxWays; k++) begin : gen_pop
    // With data anywhere, the ways at the smallest coordinate advance; with a stop
    // or D on every way, all advance.
    assign pop[k]     = used[k] && emit && (!any_data || at_min[k]);
    assign ref_out[k] = (any_data && !at_min[k])
                        ? {1'b1, RefWidth'(sam_pkg::empty_payload(RefWidth))} : ref_tok[k];
  end
  assign in_ready = pop;

  sam_fifo #(
    .Width(CrdWidth),
    .Depth(2)
  ) crd_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(emit),
    .ready_o(crd_q_ready),
    .tok_i  (crd_out),
    .valid_o(crd_valid_o),
    .ready_i(crd_ready_i),
    .tok_o  (crd_tok_o)
  );

  for (genvar k = 0; k < MaxWays; k++) begin : gen_way
    if (k < Ways) begin : gen_used
      sam_stream_assert #(
        .Width(CrdWidth),
        .Name ($sformatf("sam_union crd%0d", k))
      ) crd_check (
        .clk_i  (clk_i),
        .rst_ni (rst_ni),
        .valid_i(crd_valid[k]),
        .ready_i(in_ready[k]),
        .tok_i  (crd_tok[k])
      );

      sam_stream_assert #(
        .Width(RefWidth),
        .Name ($sformatf("sam_union ref%0d", k))
      ) ref_check (
        .clk_i  (clk_i),
        .rst_ni (rst_ni),
        .valid_i(ref_valid[k]),
        .ready_i(in_ready[k]),
        .tok_i  (ref_tok[k])
      );

      sam_fifo #(
        .Width(RefWidth),
        .Depth(2)
      ) ref_buffer (
        .clk_i  (clk_i),
        .rst_ni (rst_ni),
        .valid_i(emit),
        .ready_o(ref_q_ready[k]),
        .tok_i  (ref_out[k]),
        .valid_o(out_valid[k]),
        .ready_i(out_ready[k]),
        .tok_o  (out_tok[k])
      );

`ifndef SAM_ASSERTS_OFF
      sam_pkg::tok_kind_e c_kind, r_kind;
      assign c_kind = sam_pkg::tok_kind(crd_tok[k][CrdWidth], 64'(c[k]), CrdWidth);
      assign r_kind = sam_pkg::tok_kind(ref_tok[k][RefWidth], 64'(ref_tok[k][RefWidth-1:0]),
                                        RefWidth);
      always_ff @(posedge clk_i) begin
        if (rst_ni && crd_valid[k]) begin
          assert (c_kind != sam_pkg::TokEmpty)
          else $error("sam_union: N in coordinate stream crd%0d", k);
        end
        if (rst_ni && head[k]) begin
          assert (c_kind == sam_pkg::TokData
                  ? (r_kind == sam_pkg::TokData || r_kind == sam_pkg::TokEmpty)
                  : (c_kind == r_kind && (c_kind != sam_pkg::TokStop
                                          || 64'(c[k]) == 64'(ref_tok[k][RefWidth-1:0]))))
          else $error("sam_union: way %0d: crd %h does not pair with ref %h",
                      k, crd_tok[k], ref_tok[k]);
        end
        if (rst_ni && all_head && !any_data) begin
          assert (crd_tok[k] == crd_tok[0])
          else $error("sam_union: way %0d ends its fiber with %h where way 0 has %h",
                      k, crd_tok[k], crd_tok[0]);
        end
      end
`endif
    end else begin : gen_unused
      logic unused_way;
      assign unused_way     = ^{crd_valid[k], ref_valid[k], crd_tok[k], ref_tok[k],
                                out_ready[k]};
      assign ref_q_ready[k] = 1'b1;
      assign out_valid[k]   = 1'b0;
      assign out_tok[k]     = '0;
    end
  end

endmodule
