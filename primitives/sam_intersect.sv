// sam_intersect: m-way coordinate intersector, m = Ways in 2..3 (DESIGN section 6;
// golden model compiler/src/golden/intersect.rs, `intersect`).
//
// Way k is a coordinate stream crd<k> with its reference stream ref<k>, of the same
// control structure; a way's head is the pair (crd<k>, ref<k>), taken together.
// Coordinates present on every way come out on crd, each with every way's reference
// on ref<k>. Inside a fiber a way's head coordinate is dropped (with its reference)
// as soon as some other way holds a larger coordinate or a stop: every way whose
// coordinate is smaller than another's advances in the same cycle. When a way
// reaches a stop the others skip the rest of their fiber; once every way holds
// the stop (the same one on every way) it passes once to every output, and D too.
// A fiber empty on any way therefore comes out as a bare stop.
//
// Throughput: each cycle every lagging way drops one token; a match or a stop
// moves one token on every input and every output. A dropped token needs no
// output space. Each output sits behind a two-entry buffer (`sam_fifo`, Depth 2);
// the ready_o of each input depends only on input valids and tokens and on the
// buffers' registered ready: no combinational path from any ready_i to any ready_o.
// crd<k>_ready_o == ref<k>_ready_o (the pair moves together).
//
// Coordinate skipping (seed 003 section 4.2) would add per-way skip outputs to the
// scanners. This version has none: SkipEn is reserved and only 0 is legal (the
// co-simulation harness waits for D on every output, so an always-idle output
// channel cannot be part of a testable configuration).
//
// Parameters: Ways      number of ways, 2..3; with Ways == 2 the way-2 ports are
//                       unused: inputs ignored (ready_o low), output tied off
//                       (valid low), its ready ignored
//             CrdWidth  coordinate payload width, 1..63
//             RefWidth  reference payload width, 1..63 (2.. if references carry N)
//             SkipEn    reserved for coordinate skipping; must be 0
// Ports:      clk_i, rst_ni                             clock, asynchronous active-low reset
//             crd<k>_valid_i, crd<k>_ready_o, crd<k>_tok_i  way k coordinates (crd; no N)
//             ref<k>_valid_i, ref<k>_ready_o, ref<k>_tok_i  way k references (ref, N allowed)
//             crd_valid_o, crd_ready_i, crd_tok_o         the common coordinates (crd)
//             ref<k>_valid_o, ref<k>_ready_i, ref<k>_tok_o  way k's references of them (ref)
//             (k = 0..2)
module sam_intersect #(
  parameter int unsigned Ways     = 2,
  parameter int unsigned CrdWidth = sam_pkg::CrdWidth,
  parameter int unsigned RefWidth = sam_pkg::CrdWidth,
  parameter int unsigned SkipEn   = 0
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
    $error("sam_intersect: Ways must be 2 or 3");
  end
  if (CrdWidth < 1 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_crd_width
    $error("sam_intersect: CrdWidth must be in 1..63");
  end
  if (RefWidth < 1 || RefWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_ref_width
    $error("sam_intersect: RefWidth must be in 1..63");
  end
  if (SkipEn != 0) begin : gen_bad_skip
    $error("sam_intersect: SkipEn is reserved (coordinate skipping); only 0 is supported");
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

  // Pairs offered on the inputs (the protocol checks below look at these).
  logic [MaxWays-1:0] used, head;
  logic [CrdWidth-1:0] c[MaxWays];

  // Each way's window: its head pair (hd_*) and the pair after it (nx_*), both
  // registered. A way takes a pair (crd and ref both valid) whenever its window
  // has a free entry after this cycle's pop: ready_o depends on the way's two
  // input valids and on registered state only.
  logic [MaxWays-1:0] hd_valid_q, nx_valid_q, push, pop;
  logic [CrdWidth:0]  hd_crd[MaxWays], nx_crd[MaxWays];
  logic [RefWidth:0]  hd_ref[MaxWays], nx_ref[MaxWays];
  logic [CrdWidth-1:0] hc[MaxWays], nc[MaxWays];
  logic [MaxWays-1:0] is_data, is_ctrl, nx_ctrl, ahead, gap;

  for (genvar k = 0; k < MaxWays; k++) begin : gen_window
    logic              hd_valid_d, nx_valid_d;
    logic [CrdWidth:0] hd_crd_d, nx_crd_d;
    logic [RefWidth:0] hd_ref_d, nx_ref_d;

    assign used[k]     = k < Ways;
    assign head[k]     = used[k] && crd_valid[k] && ref_valid[k];
    assign c[k]        = crd_tok[k][CrdWidth-1:0];
    assign in_ready[k] = head[k] && (!nx_valid_q[k] || pop[k]);
    assign push[k]     = in_ready[k];

    // Pop the head (the next pair moves up), then append the pushed pair.
    always_comb begin
      hd_valid_d = hd_valid_q[k];
      nx_valid_d = nx_valid_q[k];
      hd_crd_d   = hd_crd[k];
      hd_ref_d   = hd_ref[k];
      nx_crd_d   = nx_crd[k];
      nx_ref_d   = nx_ref[k];
      if (pop[k]) begin
        hd_valid_d = nx_valid_q[k];
        nx_valid_d = 1'b0;
        hd_crd_d   = nx_crd[k];
        hd_ref_d   = nx_ref[k];
      end
      if (push[k]) begin
        if (hd_valid_d) begin
          nx_valid_d = 1'b1;
          nx_crd_d   = crd_tok[k];
          nx_ref_d   = ref_tok[k];
        end else begin
          hd_valid_d = 1'b1;
          hd_crd_d   = crd_tok[k];
          hd_ref_d   = ref_tok[k];
        end
      end
    end

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        hd_valid_q[k] <= 1'b0;
        nx_valid_q[k] <= 1'b0;
        hd_crd[k]     <= '0;
        hd_ref[k]     <= '0;
        nx_crd[k]     <= '0;
        nx_ref[k]     <= '0;
      end else begin
        hd_valid_q[k] <= hd_valid_d;
        nx_valid_q[k] <= nx_valid_d;
        hd_crd[k]     <= hd_crd_d;
        hd_ref[k]     <= hd_ref_d;
        nx_crd[k]     <= nx_crd_d;
        nx_ref[k]     <= nx_ref_d;
      end
    end

    assign is_data[k] = used[k] && hd_valid_q[k] && !hd_crd[k][CrdWidth];
    assign is_ctrl[k] = used[k] && hd_valid_q[k] && hd_crd[k][CrdWidth];
    assign nx_ctrl[k] = nx_valid_q[k] && nx_crd[k][CrdWidth];
    assign hc[k]      = hd_crd[k][CrdWidth-1:0];
    assign nc[k]      = nx_crd[k][CrdWidth-1:0];
  end

  // hc[k] cannot be common when some other way j is past it (holds a larger
  // coordinate), or when it lies strictly between j's head and j's next pair
  // (j's fiber is sorted) or after j's last coordinate (j's next is a stop).
  for (genvar k = 0; k < MaxWays; k++) begin : gen_drop
    always_comb begin
      ahead[k] = 1'b0;
      gap[k]   = 1'b0;
      for (int j = 0; j < MaxWays; j++) begin
        if (j != k && is_data[j] && hc[j] > hc[k]) ahead[k] = 1'b1;
        if (j != k && is_data[j] && hc[j] < hc[k] && nx_valid_q[j]
            && (nx_ctrl[j] || nc[j] > hc[k])) gap[k] = 1'b1;
      end
    end
  end

  logic all_head, any_ctrl, all_ctrl, match, emit;
  logic q_ready;  // every output buffer has room
  logic crd_q_ready;
  logic [MaxWays-1:0] ref_q_ready;

  assign all_head = (hd_valid_q | ~used) == '1;
  assign any_ctrl = is_ctrl != '0;
  assign all_ctrl = all_head && (is_ctrl | ~used) == '1;
  // Every way holds data and the coordinates are equal (equality, not the ahead
  // comparisons: a shorter path to the buffers' write enable).
  logic all_eq;
  always_comb begin
    all_eq = 1'b1;
    for (int k = 1; k < MaxWays; k++) begin
      if (used[k] && hc[k] != hc[0]) all_eq = 1'b0;
    end
  end
  assign match    = all_head && !any_ctrl && all_eq;
  assign q_ready  = crd_q_ready && (ref_q_ready | ~used) == '1;
  assign emit     = q_ready && (match || all_ctrl);

  for (genvar k = 0; k < MaxWays; k++) begin : gen_pop
    // A way drops its data head when it cannot be common (above) or another way
    // has finished the fiber (a stop or D).
    assign pop[k] = used[k] && (emit || (is_data[k] && (any_ctrl || ahead[k] || gap[k])));
  end

  sam_fifo #(
    .Width(CrdWidth),
    .Depth(2)
  ) crd_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(emit),
    .ready_o(crd_q_ready),
    .tok_i  (hd_crd[0]),
    .valid_o(crd_valid_o),
    .ready_i(crd_ready_i),
    .tok_o  (crd_tok_o)
  );

  for (genvar k = 0; k < MaxWays; k++) begin : gen_way
    if (k < Ways) begin : gen_used
      sam_stream_assert #(
        .Width(CrdWidth),
        .Name ($sformatf("sam_intersect crd%0d", k))
      ) crd_check (
        .clk_i  (clk_i),
        .rst_ni (rst_ni),
        .valid_i(crd_valid[k]),
        .ready_i(in_ready[k]),
        .tok_i  (crd_tok[k])
      );

      sam_stream_assert #(
        .Width(RefWidth),
        .Name ($sformatf("sam_intersect ref%0d", k))
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
        .tok_i  (hd_ref[k]),
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
          else $error("sam_intersect: N in coordinate stream crd%0d", k);
        end
        if (rst_ni && head[k]) begin
          assert (c_kind == sam_pkg::TokData
                  ? (r_kind == sam_pkg::TokData || r_kind == sam_pkg::TokEmpty)
                  : (c_kind == r_kind && (c_kind != sam_pkg::TokStop
                                          || 64'(c[k]) == 64'(ref_tok[k][RefWidth-1:0]))))
          else $error("sam_intersect: way %0d: crd %h does not pair with ref %h",
                      k, crd_tok[k], ref_tok[k]);
        end
        if (rst_ni && all_ctrl) begin
          assert (hd_crd[k] == hd_crd[0])
          else $error("sam_intersect: way %0d ends its fiber with %h where way 0 has %h",
                      k, hd_crd[k], hd_crd[0]);
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
