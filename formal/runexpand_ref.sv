// A scoreboard for sam_runexpand (golden models `runexpand` in
// golden/src/models/runs.rs and, with Lz77 set, `lzexpand` in
// golden/src/models/lz77.rs): what each output fiber holds, against the input
// fiber of the same index. Each input stop closes one fiber and gives one output
// stop, so output fiber f is the expansion of input fiber f: the run at start x
// covers x .. e-1, e the fiber's next start or dim_i, so a fiber whose first start
// is x0 covers x0 .. dim_i-1, each coordinate c beside the reference of the last
// start x at or below it (Lz77: beside the slot lit + ((c - x) mod rep) of that
// start's descriptor {lit, rep}, lit for a literal, rep 0; taken at RefWidth
// bits).
//
// The harness picks, in the reset cycle, a fiber f below 15 and a coordinate c
// (fibers counted by stops from reset, stopping at 15), and freely one moment
// (pick_i) to pair a crd output token with its ref output token. Where fiber f's
// starts increase and lie below dim_i (what the golden model accepts; `bad_q`
// otherwise, and the value checks are off):
//   - Once the output has closed fiber f, the input has (FiberClosedAfterInput_Ref),
//     with the same stop (StopMatches_Ref), and c was in the output fiber exactly
//     when the input fiber has a start, its first start is at most c and c is
//     below dim_i (Membership_Ref). The output passes D only after closing as
//     many fibers as the input (DoneAfterFibers_Ref).
//   - The input pair: crd and ref move at most one token apart (InLead_Ref, the
//     one-token stages); the reference (Lz77: the descriptor) beside each start at
//     or below c in fiber f is kept with the start (the last such start's, as
//     starts increase), taken when its ref token moves, before or after the
//     start.
//   - The picked output pair: the crd token and the ref token at the same
//     position, found as in formal/join_ref.sv (a pick on whichever side is
//     behind; the other counted down). If the crd token is c in fiber f, the ref
//     token is the reference of the last start at or below c, or the slot its
//     descriptor gives c (RefMatches_Ref); a
//     coordinate has a data token or N beside it (RefData_Ref), a stop or D the
//     same (RefControl_Ref).
// With the output's sorted-coordinate grammar, that is the output token by token
// for the first 15 fibers of a run.
module formal_runexpand_ref #(
  parameter int unsigned CrdWidth = 3,
  parameter int unsigned RefWidth = 3,
  parameter bit          Lz77     = 1'b0,
  parameter int unsigned InWidth  = RefWidth  // the ref input's payload (Lz77: DescWidth)
) (
  input logic                clk_i,
  input logic                rst_ni,
  input logic [3:0]          fiber_i,  // f (free, sampled at reset)
  input logic [CrdWidth-1:0] crd_i,    // c (free, sampled at reset)
  input logic                pick_i,   // pair the outputs here (free)
  input logic [CrdWidth-1:0] dim_i,
  input logic                crd_fire_i,
  input logic [CrdWidth:0]   crd_tok_i,
  input logic                ref_fire_i,
  input logic [InWidth:0]    ref_tok_i,
  input logic                out_crd_fire_i,
  input logic [CrdWidth:0]   out_crd_tok_i,
  input logic                out_ref_fire_i,
  input logic [RefWidth:0]   out_ref_tok_i
);
  function automatic sam_pkg::tok_kind_e crd_kind(logic [CrdWidth:0] tok);
    return sam_pkg::tok_kind(tok[CrdWidth], 64'(tok[CrdWidth-1:0]), CrdWidth);
  endfunction
  function automatic sam_pkg::tok_kind_e ref_kind(logic [RefWidth:0] tok);
    return sam_pkg::tok_kind(tok[RefWidth], 64'(tok[RefWidth-1:0]), RefWidth);
  endfunction
  // A ref token that carries the crd token's control: the same stop, or D.
  function automatic logic same_control(logic [CrdWidth:0] crd, logic [RefWidth:0] r);
    if (crd_kind(crd) == sam_pkg::TokDone) return ref_kind(r) == sam_pkg::TokDone;
    return ref_kind(r) == sam_pkg::TokStop && 64'(r[RefWidth-1:0]) == 64'(crd[CrdWidth-1:0]);
  endfunction

  logic [3:0]          fiber_q;
  logic [CrdWidth-1:0] crd_q;

  // The input: fibers closed; fiber f's first start (x0_q, once inon_q), its last
  // start, whether its starts break the contract, its closing stop; the pairing
  // of crd and ref (ilead_q: crd transfers minus ref transfers; the last ref
  // token); the last start at or below c and its ref token (once ihas_q; wpend_q:
  // its ref token is wahead_q ref transfers on).
  logic [3:0]          ifib_q;
  logic                inon_q, bad_q, iclosed_q, ihas_q, wpend_q;
  logic [CrdWidth-1:0] x0_q, xlast_q, xhit_q;
  logic [CrdWidth:0]   istop_q;
  logic signed [2:0]   ilead_q;
  logic [1:0]          wahead_q;
  logic [InWidth:0]    rlast_q, want_q;

  // The output: fibers closed, c seen in fiber f, fiber f closed with ostop_q.
  logic [3:0]        ofib_q;
  logic              ohas_q, oclosed_q;
  logic [CrdWidth:0] ostop_q;

  logic in_f, in_data, in_stop, in_hit, out_data, out_stop, out_done, out_hit;
  assign in_f     = ifib_q == fiber_q;
  assign in_data  = crd_kind(crd_tok_i) == sam_pkg::TokData;
  assign in_stop  = crd_kind(crd_tok_i) == sam_pkg::TokStop;
  assign in_hit   = in_f && in_data && crd_tok_i[CrdWidth-1:0] <= crd_q;
  assign out_data = crd_kind(out_crd_tok_i) == sam_pkg::TokData;
  assign out_stop = crd_kind(out_crd_tok_i) == sam_pkg::TokStop;
  assign out_done = crd_kind(out_crd_tok_i) == sam_pkg::TokDone;
  assign out_hit  = ofib_q == fiber_q && out_data && out_crd_tok_i[CrdWidth-1:0] == crd_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      fiber_q   <= fiber_i;
      crd_q     <= crd_i;
      ifib_q    <= '0;
      inon_q    <= 1'b0;
      bad_q     <= 1'b0;
      iclosed_q <= 1'b0;
      ihas_q    <= 1'b0;
      wpend_q   <= 1'b0;
      x0_q      <= '0;
      xlast_q   <= '0;
      xhit_q    <= '0;
      istop_q   <= '0;
      ilead_q   <= '0;
      wahead_q  <= '0;
      rlast_q   <= '0;
      want_q    <= '0;
      ofib_q    <= '0;
      ohas_q    <= 1'b0;
      oclosed_q <= 1'b0;
      ostop_q   <= '0;
    end else begin
      ilead_q <= ilead_q + 3'(crd_fire_i) - 3'(ref_fire_i);
      if (ref_fire_i) rlast_q <= ref_tok_i;
      if (crd_fire_i) begin
        if (in_stop && ifib_q != 4'd15) ifib_q <= ifib_q + 4'd1;
        if (in_f && in_data) begin
          inon_q  <= 1'b1;
          xlast_q <= crd_tok_i[CrdWidth-1:0];
          if (!inon_q) x0_q <= crd_tok_i[CrdWidth-1:0];
          if (crd_tok_i[CrdWidth-1:0] >= dim_i
              || (inon_q && crd_tok_i[CrdWidth-1:0] <= xlast_q)) bad_q <= 1'b1;
        end
        if (in_f && in_stop) begin
          iclosed_q <= 1'b1;
          istop_q   <= crd_tok_i;
        end
      end
      if (crd_fire_i && in_hit) begin
        // This start's ref token: the last one moved (ref ahead), this cycle's, or
        // one still to come.
        ihas_q <= 1'b1;
        xhit_q <= crd_tok_i[CrdWidth-1:0];
        if (ilead_q < 0) begin
          want_q  <= rlast_q;
          wpend_q <= 1'b0;
        end else if (ilead_q == 0 && ref_fire_i) begin
          want_q  <= ref_tok_i;
          wpend_q <= 1'b0;
        end else begin
          wpend_q  <= 1'b1;
          wahead_q <= 2'(ilead_q) - 2'(ref_fire_i);
        end
      end else if (wpend_q && ref_fire_i) begin
        if (wahead_q == '0) begin
          want_q  <= ref_tok_i;
          wpend_q <= 1'b0;
        end else wahead_q <= wahead_q - 2'd1;
      end
      if (out_crd_fire_i) begin
        if (out_stop && ofib_q != 4'd15) ofib_q <= ofib_q + 4'd1;
        if (out_hit) ohas_q <= 1'b1;
        if (ofib_q == fiber_q && out_stop) begin
          oclosed_q <= 1'b1;
          ostop_q   <= out_crd_tok_i;
        end
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assume (fiber_q != 4'd15);
      InLead_Ref: assert (ilead_q >= -1 && ilead_q <= 1);
      if (oclosed_q) begin
        FiberClosedAfterInput_Ref: assert (iclosed_q);
        StopMatches_Ref: assert (ostop_q == istop_q);
        if (!bad_q) begin
          Membership_Ref: assert (ohas_q == (inon_q && x0_q <= crd_q && crd_q < dim_i));
        end
      end
      if (out_crd_fire_i && out_done) DoneAfterFibers_Ref: assert (oclosed_q || !iclosed_q);
    end
  end

  // The ref token c's run gives: its reference, or (Lz77) the slot
  // lit + ((c - x) mod rep) of its descriptor, k = c - x below 2**CrdWidth.
  logic [RefWidth:0] ref_want;
  if (Lz77) begin : gen_slot
    logic [sam_pkg::DescRepBits-1:0] rep;
    logic [CrdWidth-1:0]             k, phase;
    assign rep      = want_q[sam_pkg::DescRepBits-1:0];
    assign k        = crd_q - xhit_q;
    // Where rep > k, k itself; else rep < 2**CrdWidth, and the remainder is narrow.
    assign phase    = rep == '0 ? '0 : 32'(rep) > 32'(k) ? k : k % rep[CrdWidth-1:0];
    assign ref_want = {1'b0, RefWidth'(32'(want_q[InWidth-1:sam_pkg::DescRepBits]) + 32'(phase))};
  end else begin : gen_ref
    assign ref_want = want_q;
  end

  // The picked output pair. lead_q: crd output transfers minus ref output
  // transfers. At a pick on a transfer of the side that is behind or level, the
  // other side's token for the same position has not left yet; it is the one that
  // leaves when `ahead_q` more have left on that side.
  logic signed [3:0] lead_q;
  logic              picked_q, crd_known_q, ref_known_q, hit_q;
  logic [3:0]        ahead_q;
  logic [CrdWidth:0] crd_tok_q;
  logic [RefWidth:0] ref_tok_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      lead_q      <= '0;
      picked_q    <= 1'b0;
      crd_known_q <= 1'b0;
      ref_known_q <= 1'b0;
      hit_q       <= 1'b0;
      ahead_q     <= '0;
      crd_tok_q   <= '0;
      ref_tok_q   <= '0;
    end else begin
      lead_q <= lead_q + 4'(out_crd_fire_i) - 4'(out_ref_fire_i);
      if (!picked_q && pick_i && out_crd_fire_i && lead_q >= 0) begin
        // This crd token's ref token is lead_q transfers on (this cycle's included).
        picked_q    <= 1'b1;
        crd_known_q <= 1'b1;
        crd_tok_q   <= out_crd_tok_i;
        hit_q       <= out_hit;
        if (out_ref_fire_i && lead_q == 0) begin
          ref_known_q <= 1'b1;
          ref_tok_q   <= out_ref_tok_i;
        end else ahead_q <= 4'(lead_q) - 4'(out_ref_fire_i);
      end else if (!picked_q && pick_i && out_ref_fire_i
                   && (lead_q < 0 || (lead_q == 0 && !out_crd_fire_i))) begin
        // This ref token's crd token is -lead_q transfers on (this cycle's included).
        picked_q    <= 1'b1;
        ref_known_q <= 1'b1;
        ref_tok_q   <= out_ref_tok_i;
        ahead_q     <= 4'(-lead_q) - 4'(out_crd_fire_i);
      end else if (picked_q && !crd_known_q && out_crd_fire_i) begin
        if (ahead_q == 0) begin
          crd_known_q <= 1'b1;
          crd_tok_q   <= out_crd_tok_i;
          hit_q       <= out_hit;
        end else ahead_q <= ahead_q - 4'd1;
      end else if (picked_q && !ref_known_q && out_ref_fire_i) begin
        if (ahead_q == 0) begin
          ref_known_q <= 1'b1;
          ref_tok_q   <= out_ref_tok_i;
        end else ahead_q <= ahead_q - 4'd1;
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      LeadBounded_Ref: assert (lead_q < 7 && lead_q > -7);
      if (crd_known_q && ref_known_q) begin
        if (hit_q && !bad_q) RefMatches_Ref: assert (ihas_q && !wpend_q && ref_tok_q == ref_want);
        if (crd_kind(crd_tok_q) == sam_pkg::TokData) begin
          RefData_Ref: assert (ref_kind(ref_tok_q) == sam_pkg::TokData
                               || ref_kind(ref_tok_q) == sam_pkg::TokEmpty);
        end else begin
          RefControl_Ref: assert (same_control(crd_tok_q, ref_tok_q));
        end
      end
    end
  end
endmodule
