// sam_intersect_miter: the lean intersector (sam_intersect_lean) against the fast
// one (sam_intersect), two ways, on the same input streams (formal/proofs.toml,
// proof intersect_miter).
//
// Each input channel (crd0, ref0, crd1, ref1) fills a queue of QDepth tokens; each
// intersector reads the queue at its own position, so the two take the same
// tokens at their own pace, and an entry leaves once both have taken it. Each has
// its own output channels with their own free ready (lean: crd, ref0, ref1; fast:
// fcrd, fref0, fref1). The scoreboard: for a free index idx_i (held for the run),
// the idx_i-th token on each output of the lean intersector equals the idx_i-th
// on the same output of the fast one.
module sam_intersect_miter #(
  parameter int unsigned CrdWidth = 3,
  parameter int unsigned RefWidth = 3,
  parameter int unsigned QDepth   = 3
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
  output logic              crd_valid_o,
  input  logic              crd_ready_i,
  output logic [CrdWidth:0] crd_tok_o,
  output logic              ref0_valid_o,
  input  logic              ref0_ready_i,
  output logic [RefWidth:0] ref0_tok_o,
  output logic              ref1_valid_o,
  input  logic              ref1_ready_i,
  output logic [RefWidth:0] ref1_tok_o,
  output logic              fcrd_valid_o,
  input  logic              fcrd_ready_i,
  output logic [CrdWidth:0] fcrd_tok_o,
  output logic              fref0_valid_o,
  input  logic              fref0_ready_i,
  output logic [RefWidth:0] fref0_tok_o,
  output logic              fref1_valid_o,
  input  logic              fref1_ready_i,
  output logic [RefWidth:0] fref1_tok_o,
  input  logic [4:0]        idx_i
);
  localparam int unsigned W = CrdWidth > RefWidth ? CrdWidth : RefWidth;
  localparam int unsigned PtrW = $clog2(QDepth + 1);

  // The four input channels as arrays: 0 crd0, 1 ref0, 2 crd1, 3 ref1.
  logic       src_valid[4], src_ready[4];
  logic [W:0] src_tok[4];
  assign src_valid = '{crd0_valid_i, ref0_valid_i, crd1_valid_i, ref1_valid_i};
  assign src_tok = '{{crd0_tok_i[CrdWidth], W'(crd0_tok_i[CrdWidth-1:0])},
                     {ref0_tok_i[RefWidth], W'(ref0_tok_i[RefWidth-1:0])},
                     {crd1_tok_i[CrdWidth], W'(crd1_tok_i[CrdWidth-1:0])},
                     {ref1_tok_i[RefWidth], W'(ref1_tok_i[RefWidth-1:0])}};
  assign crd0_ready_o = src_ready[0];
  assign ref0_ready_o = src_ready[1];
  assign crd1_ready_o = src_ready[2];
  assign ref1_ready_o = src_ready[3];

  // Per channel: the lean (l) and the fast (f) intersector's view of the queue.
  logic       l_valid[4], l_ready[4], f_valid[4], f_ready[4];
  logic [W:0] l_tok[4], f_tok[4];

  for (genvar c = 0; c < 4; c++) begin : gen_queue
    logic [W:0]      q_q[QDepth];
    logic [PtrW-1:0] cnt_q, lp_q, fp_q;
    logic            push, lmove, fmove, pop;
    logic [PtrW-1:0] lp_n, fp_n, cnt_n;

    assign src_ready[c] = 32'(cnt_q) < QDepth;
    assign push = src_valid[c] && src_ready[c];
    assign l_valid[c] = lp_q < cnt_q;
    assign f_valid[c] = fp_q < cnt_q;
    assign l_tok[c] = q_q[lp_q];
    assign f_tok[c] = q_q[fp_q];
    assign lmove = l_valid[c] && l_ready[c];
    assign fmove = f_valid[c] && f_ready[c];
    assign lp_n = lp_q + PtrW'(lmove);
    assign fp_n = fp_q + PtrW'(fmove);
    // The oldest entry leaves once both have taken it.
    assign pop = lp_n != '0 && fp_n != '0;
    assign cnt_n = cnt_q + PtrW'(push) - PtrW'(pop);

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        cnt_q <= '0;
        lp_q  <= '0;
        fp_q  <= '0;
        for (int unsigned i = 0; i < QDepth; i++) q_q[i] <= '0;
      end else begin
        if (pop) begin
          for (int unsigned i = 0; i + 1 < QDepth; i++) q_q[i] <= q_q[i + 1];
        end
        if (push) q_q[32'(cnt_q) - 32'(pop)] <= src_tok[c];
        cnt_q <= cnt_n;
        lp_q  <= lp_n - PtrW'(pop);
        fp_q  <= fp_n - PtrW'(pop);
      end
    end
  end

  // Each side's ports, by way: channel 2k is way k's crd, 2k + 1 its ref.
  logic [1:0]              l_crd_valid, l_crd_ready, l_ref_valid, l_ref_ready;
  logic [1:0]              f_crd_valid, f_crd_ready, f_ref_valid, f_ref_ready;
  logic [1:0][CrdWidth:0]  l_crd, f_crd;
  logic [1:0][RefWidth:0]  l_ref, f_ref;
  for (genvar k = 0; k < 2; k++) begin : gen_way
    assign l_crd_valid[k]  = l_valid[2*k];
    assign l_ref_valid[k]  = l_valid[2*k+1];
    assign f_crd_valid[k]  = f_valid[2*k];
    assign f_ref_valid[k]  = f_valid[2*k+1];
    assign l_ready[2*k]    = l_crd_ready[k];
    assign l_ready[2*k+1]  = l_ref_ready[k];
    assign f_ready[2*k]    = f_crd_ready[k];
    assign f_ready[2*k+1]  = f_ref_ready[k];
    assign l_crd[k] = {l_tok[2*k][W], l_tok[2*k][CrdWidth-1:0]};
    assign l_ref[k] = {l_tok[2*k+1][W], l_tok[2*k+1][RefWidth-1:0]};
    assign f_crd[k] = {f_tok[2*k][W], f_tok[2*k][CrdWidth-1:0]};
    assign f_ref[k] = {f_tok[2*k+1][W], f_tok[2*k+1][RefWidth-1:0]};
  end

  logic [1:0]                               l_out_valid, l_out_ready, f_out_valid, f_out_ready;
  logic [1:0][RefWidth:0]                   l_out_tok, f_out_tok;
  logic [1:0]                               f_skip_valid;
  logic [1:0][sam_pkg::SkipTagWidth+CrdWidth:0] f_skip_tok;
  assign {ref1_valid_o, ref0_valid_o}   = l_out_valid;
  assign l_out_ready                    = {ref1_ready_i, ref0_ready_i};
  assign {ref1_tok_o, ref0_tok_o}       = l_out_tok;
  assign {fref1_valid_o, fref0_valid_o} = f_out_valid;
  assign f_out_ready                    = {fref1_ready_i, fref0_ready_i};
  assign {fref1_tok_o, fref0_tok_o}     = f_out_tok;

  sam_intersect_lean #(.Ways(2), .CrdWidth(CrdWidth), .RefWidth(RefWidth)) lean (
    .clk_i, .rst_ni,
    .crd_valid_i(l_crd_valid), .crd_ready_o(l_crd_ready), .crd_tok_i(l_crd),
    .ref_valid_i(l_ref_valid), .ref_ready_o(l_ref_ready), .ref_tok_i(l_ref),
    .crd_valid_o, .crd_ready_i, .crd_tok_o,
    .ref_valid_o(l_out_valid), .ref_ready_i(l_out_ready), .ref_tok_o(l_out_tok)
  );

  sam_intersect #(.Ways(2), .CrdWidth(CrdWidth), .RefWidth(RefWidth)) fast (
    .clk_i, .rst_ni,
    .crd_valid_i(f_crd_valid), .crd_ready_o(f_crd_ready), .crd_tok_i(f_crd),
    .ref_valid_i(f_ref_valid), .ref_ready_o(f_ref_ready), .ref_tok_i(f_ref),
    .crd_valid_o(fcrd_valid_o), .crd_ready_i(fcrd_ready_i), .crd_tok_o(fcrd_tok_o),
    .ref_valid_o(f_out_valid), .ref_ready_i(f_out_ready), .ref_tok_o(f_out_tok),
    .skip_valid_o(f_skip_valid), .skip_ready_i(2'b11), .skip_tok_o(f_skip_tok)
  );

`ifdef FORMAL
  // The index holds for the run.
  logic [4:0] idx_q;
  always_ff @(posedge clk_i) idx_q <= idx_i;
  always_ff @(posedge clk_i) if (rst_ni) assume (idx_i == idx_q);

  // The skip targets stay silent (Skip = 0).
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (f_skip_valid == '0);
    end
  end

  // The scoreboard of one output: the idx_i-th token of each side, kept.
  logic       o_lv[3], o_lr[3], o_fv[3], o_fr[3];
  logic [W:0] o_lt[3], o_ft[3];
  assign o_lv = '{crd_valid_o, ref0_valid_o, ref1_valid_o};
  assign o_lr = '{crd_ready_i, ref0_ready_i, ref1_ready_i};
  assign o_fv = '{fcrd_valid_o, fref0_valid_o, fref1_valid_o};
  assign o_fr = '{fcrd_ready_i, fref0_ready_i, fref1_ready_i};
  assign o_lt = '{(W+1)'(crd_tok_o), (W+1)'(ref0_tok_o), (W+1)'(ref1_tok_o)};
  assign o_ft = '{(W+1)'(fcrd_tok_o), (W+1)'(fref0_tok_o), (W+1)'(fref1_tok_o)};

  for (genvar o = 0; o < 3; o++) begin : gen_score
    logic [4:0] ln_q, fn_q;
    logic       lgot_q, fgot_q;
    logic [W:0] lwant_q, fwant_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        ln_q <= '0;
        fn_q <= '0;
        lgot_q <= 1'b0;
        fgot_q <= 1'b0;
        lwant_q <= '0;
        fwant_q <= '0;
      end else begin
        if (o_lv[o] && o_lr[o]) begin
          ln_q <= ln_q + 5'd1;
          if (ln_q == idx_i) begin
            lgot_q <= 1'b1;
            lwant_q <= o_lt[o];
          end
        end
        if (o_fv[o] && o_fr[o]) begin
          fn_q <= fn_q + 5'd1;
          if (fn_q == idx_i) begin
            fgot_q <= 1'b1;
            fwant_q <= o_ft[o];
          end
        end
      end
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        // The idx_i-th tokens agree, checked as the second of them moves.
        if (lgot_q && o_fv[o] && o_fr[o] && fn_q == idx_i) SameToken: assert (o_ft[o] == lwant_q);
        if (fgot_q && o_lv[o] && o_lr[o] && ln_q == idx_i) SameToken2: assert (o_lt[o] == fwant_q);
        if (lgot_q && fgot_q) Agree: assert (lwant_q == fwant_q);
      end
    end
  end
`else
  logic unused;
  assign unused = ^{idx_i, l_crd2_ready, l_ref2_ready, l_ref2_valid, l_ref2_tok,
                    f_crd2_ready, f_ref2_ready, f_ref2_valid, f_ref2_tok,
                    f_skip0_valid, f_skip0_tok, f_skip1_valid, f_skip1_tok};
`endif
endmodule
