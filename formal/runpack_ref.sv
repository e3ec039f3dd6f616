// A scoreboard for sam_runpack (golden model `runpack` in
// golden/src/models/runs.rs): the output fiber, read as a function of the
// coordinate, equals the input fiber of the same index, in the fewest runs. Each
// input stop closes one fiber and gives one output stop, so output fiber f packs
// input fiber f. The value at a coordinate c below dim_i: of the output, the
// value of the run covering c (the last start at or below c); of the input, from
// points (Points = 1) the value of the point at c, else 0; from runs (Points = 0)
// the value of the last start at or below c, 0 before the first; N counts as 0.
//
// The harness picks, in the reset cycle, a fiber f below 15 and a coordinate c
// (fibers counted by stops from reset, stopping at 15), and freely one moment
// (pick_i) to pair a crd output token with its val output token. Where fiber f's
// input coordinates increase and lie below dim_i (what the golden model accepts;
// `bad_q` otherwise, and the value checks are off):
//   - Once the output has closed fiber f, the input has (FiberClosedAfterInput_Ref),
//     with the same stop (StopMatches_Ref); the output passes D only after
//     closing as many fibers as the input (DoneAfterFibers_Ref).
//   - Output fiber f's runs start at 0 when dim_i is not 0 (FirstAtZero_Ref; an
//     empty fiber is the run (0, 0)), and their starts increase and lie below
//     dim_i (StartsInOrder_Ref), so they cover 0 .. dim_i-1.
//   - The input pair: crd and val move at most one token apart (InLead_Ref, the
//     one-token stages); the value beside the point at c (the last start at or
//     below c) in fiber f is kept, taken when its val token moves.
//   - The picked output pair, found as in formal/join_ref.sv (a pick on whichever
//     side is behind; the other counted down), and the crd token after it: a run
//     start x in fiber f with value v, up to the next start or dim_i, e. Once
//     input fiber f has closed: if x <= c < e, v is the input's value at c
//     (RunValue_Ref); if x = c + 1, v differs from it (FewestRuns_Ref: runs that
//     touch differ, so none merges with the one before). A start has a data value
//     beside it (ValData_Ref), a stop or D the same (ValControl_Ref).
// For the first 15 fibers of a run, every coordinate of the fiber.
module formal_runpack_ref #(
  parameter int unsigned CrdWidth = 3,
  parameter int unsigned ValWidth = 3,
  parameter bit          Points   = 1'b1
) (
  input logic                clk_i,
  input logic                rst_ni,
  input logic [3:0]          fiber_i,  // f (free, sampled at reset)
  input logic [CrdWidth-1:0] crd_i,    // c (free, sampled at reset)
  input logic                pick_i,   // pair the outputs here (free)
  input logic [CrdWidth-1:0] dim_i,
  input logic                crd_fire_i,
  input logic [CrdWidth:0]   crd_tok_i,
  input logic                val_fire_i,
  input logic [ValWidth:0]   val_tok_i,
  input logic                out_crd_fire_i,
  input logic [CrdWidth:0]   out_crd_tok_i,
  input logic                out_val_fire_i,
  input logic [ValWidth:0]   out_val_tok_i
);
  function automatic sam_pkg::tok_kind_e crd_kind(logic [CrdWidth:0] tok);
    return sam_pkg::tok_kind(tok[CrdWidth], 64'(tok[CrdWidth-1:0]), CrdWidth);
  endfunction
  function automatic sam_pkg::tok_kind_e val_kind(logic [ValWidth:0] tok);
    return sam_pkg::tok_kind(tok[ValWidth], 64'(tok[ValWidth-1:0]), ValWidth);
  endfunction
  // A val token that carries the crd token's control: the same stop, or D.
  function automatic logic same_control(logic [CrdWidth:0] crd, logic [ValWidth:0] v);
    if (crd_kind(crd) == sam_pkg::TokDone) return val_kind(v) == sam_pkg::TokDone;
    return val_kind(v) == sam_pkg::TokStop && 64'(v[ValWidth-1:0]) == 64'(crd[CrdWidth-1:0]);
  endfunction

  logic [3:0]          fiber_q;
  logic [CrdWidth-1:0] crd_q;

  // The input: fibers closed; fiber f's last coordinate (once inon_q), whether
  // its coordinates break the contract, its closing stop; the pairing of crd and
  // val (ilead_q: crd transfers minus val transfers; the last val token); the
  // value token for c (once ihas_q; wpend_q: its val token is wahead_q val
  // transfers on).
  logic [3:0]          ifib_q;
  logic                inon_q, bad_q, iclosed_q, ihas_q, wpend_q;
  logic [CrdWidth-1:0] xlast_q;
  logic [CrdWidth:0]   istop_q;
  logic signed [2:0]   ilead_q;
  logic [1:0]          wahead_q;
  logic [ValWidth:0]   vlast_q, want_q;

  // The output: fibers closed, the next crd token opens its fiber, the last
  // start in it; fiber f closed with ostop_q.
  logic [3:0]          ofib_q;
  logic                ofirst_q, oclosed_q;
  logic [CrdWidth-1:0] olast_q;
  logic [CrdWidth:0]   ostop_q;

  logic in_f, in_data, in_stop, in_hit, out_f, out_data, out_stop, out_done;
  assign in_f     = ifib_q == fiber_q;
  assign in_data  = crd_kind(crd_tok_i) == sam_pkg::TokData;
  assign in_stop  = crd_kind(crd_tok_i) == sam_pkg::TokStop;
  assign in_hit   = in_f && in_data && (Points ? crd_tok_i[CrdWidth-1:0] == crd_q
                                               : crd_tok_i[CrdWidth-1:0] <= crd_q);
  assign out_f    = ofib_q == fiber_q;
  assign out_data = crd_kind(out_crd_tok_i) == sam_pkg::TokData;
  assign out_stop = crd_kind(out_crd_tok_i) == sam_pkg::TokStop;
  assign out_done = crd_kind(out_crd_tok_i) == sam_pkg::TokDone;

  // The input's value at c, once input fiber f has closed: the kept value token
  // (N as 0), or 0 where no coordinate of the fiber holds c.
  logic [ValWidth:0] in_value;
  assign in_value = {1'b0, ihas_q && val_kind(want_q) == sam_pkg::TokData ?
                           want_q[ValWidth-1:0] : ValWidth'(0)};

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
      xlast_q   <= '0;
      istop_q   <= '0;
      ilead_q   <= '0;
      wahead_q  <= '0;
      vlast_q   <= '0;
      want_q    <= '0;
      ofib_q    <= '0;
      ofirst_q  <= 1'b1;
      oclosed_q <= 1'b0;
      olast_q   <= '0;
      ostop_q   <= '0;
    end else begin
      ilead_q <= ilead_q + 3'(crd_fire_i) - 3'(val_fire_i);
      if (val_fire_i) vlast_q <= val_tok_i;
      if (crd_fire_i) begin
        if (in_stop && ifib_q != 4'd15) ifib_q <= ifib_q + 4'd1;
        if (in_f && in_data) begin
          inon_q  <= 1'b1;
          xlast_q <= crd_tok_i[CrdWidth-1:0];
          if (crd_tok_i[CrdWidth-1:0] >= dim_i
              || (inon_q && crd_tok_i[CrdWidth-1:0] <= xlast_q)) bad_q <= 1'b1;
        end
        if (in_f && in_stop) begin
          iclosed_q <= 1'b1;
          istop_q   <= crd_tok_i;
        end
      end
      if (crd_fire_i && in_hit) begin
        // This coordinate's val token: the last one moved (val ahead), this
        // cycle's, or one still to come.
        ihas_q <= 1'b1;
        if (ilead_q < 0) begin
          want_q  <= vlast_q;
          wpend_q <= 1'b0;
        end else if (ilead_q == 0 && val_fire_i) begin
          want_q  <= val_tok_i;
          wpend_q <= 1'b0;
        end else begin
          wpend_q  <= 1'b1;
          wahead_q <= 2'(ilead_q) - 2'(val_fire_i);
        end
      end else if (wpend_q && val_fire_i) begin
        if (wahead_q == '0) begin
          want_q  <= val_tok_i;
          wpend_q <= 1'b0;
        end else wahead_q <= wahead_q - 2'd1;
      end
      if (out_crd_fire_i) begin
        ofirst_q <= !out_data;
        if (out_data) olast_q <= out_crd_tok_i[CrdWidth-1:0];
        if (out_stop && ofib_q != 4'd15) ofib_q <= ofib_q + 4'd1;
        if (out_f && out_stop) begin
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
      end
      if (out_crd_fire_i && out_done) DoneAfterFibers_Ref: assert (oclosed_q || !iclosed_q);
      if (out_crd_fire_i && out_f && !bad_q) begin
        if (ofirst_q && dim_i != '0) begin
          FirstAtZero_Ref: assert (out_done || (out_data && out_crd_tok_i[CrdWidth-1:0] == '0));
        end
        if (out_data) begin
          StartsInOrder_Ref: assert (out_crd_tok_i[CrdWidth-1:0] < dim_i
                                     && (ofirst_q || out_crd_tok_i[CrdWidth-1:0] > olast_q));
        end
      end
    end
  end

  // The picked output pair and the crd token after it. lead_q: crd output
  // transfers minus val output transfers. At a pick on a transfer of the side
  // that is behind or level, the other side's token for the same position has
  // not left yet; it is the one that leaves when `ahead_q` more have left on that
  // side. The crd token after the picked one is the next to leave.
  logic signed [3:0] lead_q;
  logic              picked_q, crd_known_q, val_known_q, next_known_q, f_q;
  logic [3:0]        ahead_q;
  logic [CrdWidth:0] crd_tok_q, next_tok_q;
  logic [ValWidth:0] val_tok_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      lead_q       <= '0;
      picked_q     <= 1'b0;
      crd_known_q  <= 1'b0;
      val_known_q  <= 1'b0;
      next_known_q <= 1'b0;
      f_q          <= 1'b0;
      ahead_q      <= '0;
      crd_tok_q    <= '0;
      next_tok_q   <= '0;
      val_tok_q    <= '0;
    end else begin
      lead_q <= lead_q + 4'(out_crd_fire_i) - 4'(out_val_fire_i);
      if (crd_known_q && !next_known_q && out_crd_fire_i) begin
        next_known_q <= 1'b1;
        next_tok_q   <= out_crd_tok_i;
      end
      if (!picked_q && pick_i && out_crd_fire_i && lead_q >= 0) begin
        // This crd token's val token is lead_q transfers on (this cycle's included).
        picked_q    <= 1'b1;
        crd_known_q <= 1'b1;
        crd_tok_q   <= out_crd_tok_i;
        f_q         <= out_f;
        if (out_val_fire_i && lead_q == 0) begin
          val_known_q <= 1'b1;
          val_tok_q   <= out_val_tok_i;
        end else ahead_q <= 4'(lead_q) - 4'(out_val_fire_i);
      end else if (!picked_q && pick_i && out_val_fire_i
                   && (lead_q < 0 || (lead_q == 0 && !out_crd_fire_i))) begin
        // This val token's crd token is -lead_q transfers on (this cycle's included).
        picked_q    <= 1'b1;
        val_known_q <= 1'b1;
        val_tok_q   <= out_val_tok_i;
        ahead_q     <= 4'(-lead_q) - 4'(out_crd_fire_i);
      end else if (picked_q && !crd_known_q && out_crd_fire_i) begin
        if (ahead_q == 0) begin
          crd_known_q <= 1'b1;
          crd_tok_q   <= out_crd_tok_i;
          f_q         <= out_f;
        end else ahead_q <= ahead_q - 4'd1;
      end else if (picked_q && !val_known_q && out_val_fire_i) begin
        if (ahead_q == 0) begin
          val_known_q <= 1'b1;
          val_tok_q   <= out_val_tok_i;
        end else ahead_q <= ahead_q - 4'd1;
      end
    end
  end

  // The picked run: start x, end e (the next start, or dim_i at a stop or D).
  logic              run_data, next_data;
  logic [CrdWidth:0] run_x, run_e;
  assign run_data  = crd_kind(crd_tok_q) == sam_pkg::TokData;
  assign next_data = crd_kind(next_tok_q) == sam_pkg::TokData;
  assign run_x     = {1'b0, crd_tok_q[CrdWidth-1:0]};
  assign run_e     = {1'b0, next_data ? next_tok_q[CrdWidth-1:0] : dim_i};
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      LeadBounded_Ref: assert (lead_q < 7 && lead_q > -7);
      if (crd_known_q && val_known_q) begin
        if (run_data) begin
          ValData_Ref: assert (val_kind(val_tok_q) == sam_pkg::TokData);
        end else begin
          ValControl_Ref: assert (same_control(crd_tok_q, val_tok_q));
        end
        if (run_data && next_known_q && f_q && iclosed_q && !bad_q && crd_q < dim_i) begin
          if (run_x <= {1'b0, crd_q} && {1'b0, crd_q} < run_e) begin
            RunValue_Ref: assert (!wpend_q && val_tok_q == in_value);
          end
          if (run_x == {1'b0, crd_q} + 1'b1) begin
            FewestRuns_Ref: assert (!wpend_q && val_tok_q != in_value);
          end
        end
      end
    end
  end
endmodule
