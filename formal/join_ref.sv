// A scoreboard for the coordinate joiners (sam_intersect, sam_intersect_lean,
// sam_union, sam_joiner3, sam_runmerge): what each output fiber holds, against
// the ways' fibers. Every stream of a joiner closes one fiber per stop, so fiber
// f of the output is the join of fiber f of every way.
//
// The harness picks, in the reset cycle, a fiber f below 15 and a coordinate c
// (fibers are counted from reset, stopping at 15), and per way k, freely, one
// moment (pick_i[k]) to pair a crd output token with its ref<k> token:
//   - A way's crd and ref move together (PairMoves_Ref): the joiners take a
//     way's head as a pair.
//   - The output closes fiber f only after every way has (FiberClosedAfterWays_Ref),
//     with the stop way 0 closed it with (StopMatches_Ref), and passes D only once
//     it has closed as many fibers as way 0 (DoneAfterFibers_Ref).
//   - Once the output has closed fiber f, c is in it exactly when c is in fiber f
//     of every way (Union = 0) or of any way (Union = 1) (Membership_Ref).
//   - The run merge (sam_runmerge, golden `runmerge`): a way with its bit of Runs
//     set is a run way, each coordinate the start of a run up to the next. Its
//     reference at c is the one of its last start at or below c in fiber f (N
//     before its first start); the intersection is that of the other (point)
//     ways alone. With Resumes (the union), c is in the output also where the
//     fill of a point way resumes: c = x + 1 < dim_i for a point x of it.
//   - The picked pair: the crd output's token and the ref<k> output's token at the
//     same position, found without absolute counts: the difference of the two
//     outputs' counts stays within the buffering, and at a pick the later of the
//     two is that many transfers ahead. If the crd token is c in fiber f, the ref
//     token is the reference way k took with c in fiber f (a run way: with its
//     last start at or below c) (RefMatches_Ref), or N once way k closed fiber f
//     without one (RefEmpty_Ref); if it is a stop or D, the ref token is the same
//     (RefControl_Ref).
// With the output's sorted-coordinate grammar, that is the output token by token,
// for the first 15 fibers of a run and every position in them.
module formal_join_ref #(
  parameter int unsigned Ways     = 2,
  parameter int unsigned CrdWidth = 3,
  parameter int unsigned RefWidth = 3,
  parameter bit          Union    = 1'b0,
  parameter logic [Ways-1:0] Runs = '0,    // bit k: way k is a run way
  parameter bit          Resumes  = 1'b0   // point ways' fills resume at x + 1 < dim_i
) (
  input logic                           clk_i,
  input logic                           rst_ni,
  input logic [3:0]                     fiber_i,    // f (free, sampled at reset)
  input logic [CrdWidth-1:0]            crd_i,      // c (free, sampled at reset)
  input logic [CrdWidth-1:0]            dim_i,      // the extent (Resumes; held)
  input logic [Ways-1:0]                pick_i,     // pair the outputs here (free)
  input logic [Ways-1:0]                crd_fire_i,
  input logic [Ways-1:0][CrdWidth:0]    crd_tok_i,
  input logic [Ways-1:0]                ref_fire_i,
  input logic [Ways-1:0][RefWidth:0]    ref_tok_i,
  input logic                           out_crd_fire_i,
  input logic [CrdWidth:0]              out_crd_tok_i,
  input logic [Ways-1:0]                out_ref_fire_i,
  input logic [Ways-1:0][RefWidth:0]    out_ref_tok_i
);
  localparam logic [RefWidth:0] RefEmpty = {1'b1, RefWidth'(sam_pkg::empty_payload(RefWidth))};

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

  // Per way: fibers closed; its reference at c seen in fiber f (a point way: c;
  // a run way: a start at or below c), with that reference; fiber f closed; a
  // run way's start at c, a point way's point at c - 1 (Resumes).
  logic [Ways-1:0][3:0]        fib_q;
  logic [Ways-1:0]             has_q, closed_q, start_q, prev_q, at;
  logic [Ways-1:0][RefWidth:0] ref_want_q;
  logic [CrdWidth:0]           stop0_q;  // the stop way 0 closes fiber f with

  // The output: fibers closed, c seen in fiber f, fiber f closed with ostop_q.
  logic [3:0]        ofib_q;
  logic              ohas_q, oclosed_q;
  logic [CrdWidth:0] ostop_q;

  logic [Ways-1:0] in_data, in_stop, in_hit, in_ref, in_prev;
  logic            out_data, out_stop, out_done, out_hit;
  always_comb begin
    for (int unsigned k = 0; k < Ways; k++) begin
      in_data[k] = crd_kind(crd_tok_i[k]) == sam_pkg::TokData;
      in_stop[k] = crd_kind(crd_tok_i[k]) == sam_pkg::TokStop;
      in_hit[k]  = fib_q[k] == fiber_q && in_data[k] && crd_tok_i[k][CrdWidth-1:0] == crd_q;
      in_ref[k]  = Runs[k] ? fib_q[k] == fiber_q && in_data[k]
                             && crd_tok_i[k][CrdWidth-1:0] <= crd_q
                           : in_hit[k];
      in_prev[k] = fib_q[k] == fiber_q && in_data[k]
                 && {1'b0, crd_tok_i[k][CrdWidth-1:0]} + 1'b1 == {1'b0, crd_q};
      // A coordinate of way k is c.
      at[k]      = Runs[k] ? start_q[k] : has_q[k];
    end
  end
  assign out_data = crd_kind(out_crd_tok_i) == sam_pkg::TokData;
  assign out_stop = crd_kind(out_crd_tok_i) == sam_pkg::TokStop;
  assign out_done = crd_kind(out_crd_tok_i) == sam_pkg::TokDone;
  assign out_hit  = ofib_q == fiber_q && out_data && out_crd_tok_i[CrdWidth-1:0] == crd_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      fiber_q    <= fiber_i;
      crd_q      <= crd_i;
      fib_q      <= '0;
      has_q      <= '0;
      closed_q   <= '0;
      start_q    <= '0;
      prev_q     <= '0;
      ref_want_q <= '0;
      stop0_q    <= '0;
      ofib_q     <= '0;
      ohas_q     <= 1'b0;
      oclosed_q  <= 1'b0;
      ostop_q    <= '0;
    end else begin
      for (int unsigned k = 0; k < Ways; k++) begin
        if (crd_fire_i[k]) begin
          if (in_stop[k] && fib_q[k] != 4'd15) fib_q[k] <= fib_q[k] + 4'd1;
          if (in_ref[k]) begin
            has_q[k]      <= 1'b1;
            ref_want_q[k] <= ref_tok_i[k];
          end
          if (Runs[k] && in_hit[k]) start_q[k] <= 1'b1;
          if (Resumes && !Runs[k] && in_prev[k]) prev_q[k] <= 1'b1;
          if (fib_q[k] == fiber_q && in_stop[k]) begin
            closed_q[k] <= 1'b1;
            if (k == 0) stop0_q <= crd_tok_i[k];
          end
        end
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
      PairMoves_Ref: assert (crd_fire_i == ref_fire_i);
      if (oclosed_q) begin
        FiberClosedAfterWays_Ref: assert (&closed_q);
        StopMatches_Ref: assert (ostop_q == stop0_q);
        Membership_Ref: assert (ohas_q == (Union ? |at || (|(prev_q & ~Runs) && crd_q < dim_i)
                                                 : &(at | Runs)));
      end
      if (out_crd_fire_i && out_done) DoneAfterFibers_Ref: assert (oclosed_q || !closed_q[0]);
    end
  end

  // Per way, the picked output pair. lead_q: crd output transfers minus ref<k>
  // output transfers. At a pick on a transfer of the side that is behind or
  // level, the other side's token for the same position has not left yet; it is
  // the one that leaves when `ahead_q` more have left on that side.
  for (genvar k = 0; k < Ways; k++) begin : g_way
    logic signed [3:0] lead_q;
    logic              picked_q, crd_known_q, ref_known_q, hit_q;
    logic [3:0]        ahead_q;
    logic [CrdWidth:0] crd_tok_q;
    logic [RefWidth:0] ref_tok_q;
    logic              oref_fire;
    assign oref_fire = out_ref_fire_i[k];
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
        lead_q <= lead_q + 4'(out_crd_fire_i) - 4'(oref_fire);
        if (!picked_q && pick_i[k] && out_crd_fire_i && lead_q >= 0) begin
          // This crd token's ref token is lead_q transfers on (this cycle's included).
          picked_q    <= 1'b1;
          crd_known_q <= 1'b1;
          crd_tok_q   <= out_crd_tok_i;
          hit_q       <= out_hit;
          if (oref_fire && lead_q == 0) begin
            ref_known_q <= 1'b1;
            ref_tok_q   <= out_ref_tok_i[k];
          end else ahead_q <= 4'(lead_q) - 4'(oref_fire);
        end else if (!picked_q && pick_i[k] && oref_fire
                     && (lead_q < 0 || (lead_q == 0 && !out_crd_fire_i))) begin
          // This ref token's crd token is -lead_q transfers on (this cycle's included).
          picked_q    <= 1'b1;
          ref_known_q <= 1'b1;
          ref_tok_q   <= out_ref_tok_i[k];
          ahead_q     <= 4'(-lead_q) - 4'(out_crd_fire_i);
        end else if (picked_q && !crd_known_q && out_crd_fire_i) begin
          if (ahead_q == 0) begin
            crd_known_q <= 1'b1;
            crd_tok_q   <= out_crd_tok_i;
            hit_q       <= out_hit;
          end else ahead_q <= ahead_q - 4'd1;
        end else if (picked_q && !ref_known_q && oref_fire) begin
          if (ahead_q == 0) begin
            ref_known_q <= 1'b1;
            ref_tok_q   <= out_ref_tok_i[k];
          end else ahead_q <= ahead_q - 4'd1;
        end
      end
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        LeadBounded_Ref: assert (lead_q < 7 && lead_q > -7);
        if (crd_known_q && ref_known_q) begin
          if (hit_q && has_q[k]) RefMatches_Ref: assert (ref_tok_q == ref_want_q[k]);
          if (hit_q && closed_q[k] && !has_q[k]) RefEmpty_Ref: assert (ref_tok_q == RefEmpty);
          if (crd_kind(crd_tok_q) != sam_pkg::TokData)
            RefControl_Ref: assert (same_control(crd_tok_q, ref_tok_q));
        end
      end
    end
  end
endmodule
