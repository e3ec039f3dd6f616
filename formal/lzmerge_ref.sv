// A scoreboard for sam_lzmerge (golden `lzmerge`): what each output fiber holds,
// as a function of the coordinate, against the two ways' entries. Every stream
// of the merge closes one fiber per stop, so fiber f of the output is the merge
// of fiber f of both ways.
//
// The harness picks, in the reset cycle, a fiber f below 15, a coordinate c and a
// position p (fibers counted by stops from reset, stopping at 15). Per way k it
// keeps, from fiber f, the entry covering c (the last start x_k <= c, with its
// slot lit_k and distance d_k) and the way's next start after c (e_k; dim_i if
// none). The stretch holding c starts at s = max(x_0, x_1) (every stretch starts
// at an entry start of either way) and ends at e = min(e_0, e_1). With
// m = lcm(d_0, d_1) where both ways repeat and m <= MaxLcm (found as the
// smallest common multiple up to MaxLcm), the reference says:
//   - c is an output entry exactly when both ways have entries in fiber f,
//     c < dim_i, and, where the stretch is kept (m found and e - s > m),
//     c <= s + m (EntryMatches_Ref, once the output has closed fiber f);
//   - at c, ref[k] is R_m on both ways if the stretch is kept and c = s + m,
//     else way k's slot: lit_k, or lit_k + ((c - x_k) mod d_k) in a repeat.
// The output's tokens at position p of fiber f (counted on each output by its
// own stops; R_m is an entry, not a stop) are paired: if crd's is c, ref[k]'s
// is the reference's (RefMatches_Ref); if crd's is a stop or D, each ref's is
// the same (RefControl_Ref). The output closes fiber f only after both ways
// have (FiberClosedAfterWays_Ref), with way 0's stop (StopMatches_Ref), and
// passes D only once it has closed as many fibers as way 0
// (DoneAfterFibers_Ref). A way's crd and desc move together (PairMoves_Ref).
// With the sorted grammar of the crd output, that is the output entry by
// entry, for the first 15 fibers of a run.
module formal_lzmerge_ref #(
  parameter int unsigned CrdWidth  = 3,
  parameter int unsigned DescWidth = 4,
  parameter int unsigned RefWidth  = 4,
  parameter int unsigned RepBits   = 2,
  parameter int unsigned MaxLcm    = 4
) (
  input logic                        clk_i,
  input logic                        rst_ni,
  input logic [3:0]                  fiber_i,     // f (free, sampled at reset)
  input logic [CrdWidth-1:0]         crd_i,       // c (free, sampled at reset)
  input logic [3:0]                  pos_i,       // p (free, sampled at reset)
  input logic [CrdWidth-1:0]         dim_i,       // the extent (held)
  input logic [1:0]                  crd_fire_i,
  input logic [1:0][CrdWidth:0]      crd_tok_i,
  input logic [1:0]                  desc_fire_i,
  input logic [1:0][DescWidth:0]     desc_tok_i,
  input logic                        out_crd_fire_i,
  input logic [CrdWidth:0]           out_crd_tok_i,
  input logic [1:0]                  out_ref_fire_i,
  input logic [1:0][RefWidth:0]      out_ref_tok_i
);
  localparam int unsigned LitBits = DescWidth - RepBits;
  localparam logic [RefWidth-1:0] RefRep  = RefWidth'(sam_pkg::repeat_base(RefWidth));
  localparam logic [RefWidth-1:0] RefDone = RefWidth'(sam_pkg::done_payload(RefWidth));

  typedef logic [CrdWidth-1:0] crd_t;
  typedef logic [RepBits-1:0]  rep_t;
  typedef logic [LitBits-1:0]  lit_t;
  // Sums of a coordinate and a kept period; a phase's dividend and divisor.
  typedef logic [CrdWidth+RepBits:0] wide_t;
  localparam int unsigned ModW = CrdWidth > RepBits ? CrdWidth : RepBits;
  typedef logic [ModW-1:0] mod_t;

  function automatic sam_pkg::tok_kind_e crd_kind(logic [CrdWidth:0] tok);
    return sam_pkg::tok_kind(tok[CrdWidth], 64'(tok[CrdWidth-1:0]), CrdWidth);
  endfunction
  // A ref output's stop (R_m reads as a stop kind, but is an entry).
  function automatic logic ref_stop(logic [RefWidth:0] tok);
    return tok[RefWidth] && tok[RefWidth-1:0] < RefRep;
  endfunction
  // A ref token that carries the crd token's control: the same stop, or D.
  function automatic logic same_control(logic [CrdWidth:0] crd, logic [RefWidth:0] r);
    if (crd_kind(crd) == sam_pkg::TokDone) return r == {1'b1, RefDone};
    return ref_stop(r) && 64'(r[RefWidth-1:0]) == 64'(crd[CrdWidth-1:0]);
  endfunction
  // The smallest common multiple of a and b up to MaxLcm (0 if none or a
  // literal): lcm(a, b) where it is kept. Multiples by constants, no divider.
  function automatic wide_t kept_lcm(rep_t a, rep_t b);
    logic ma, mb;
    if (a == '0 || b == '0) return '0;
    for (int unsigned j = 1; j <= MaxLcm; j++) begin
      ma = 1'b0;
      mb = 1'b0;
      for (int unsigned i = 1; i <= j; i++) begin
        if (wide_t'(a) * wide_t'(i) == wide_t'(j)) ma = 1'b1;
        if (wide_t'(b) * wide_t'(i) == wide_t'(j)) mb = 1'b1;
      end
      if (ma && mb) return wide_t'(j);
    end
    return '0;
  endfunction

  logic [3:0] fiber_q, pos_q;
  crd_t       crd_q;

  // Per way: fibers closed; in fiber f, the entry covering c (has_q: one seen,
  // x_q its start, lit_q, rep_q), the next start after c (end_known_q, end_q),
  // fiber f closed; the stop way 0 closes fiber f with.
  logic [1:0][3:0] fib_q;
  logic [1:0]      has_q, end_known_q, closed_q;
  crd_t            x_q[2], end_q[2];
  lit_t            lit_q[2];
  rep_t            rep_q[2];
  logic [CrdWidth:0] stop0_q;

  logic [1:0] in_data, in_stop;
  always_comb begin
    for (int unsigned k = 0; k < 2; k++) begin
      in_data[k] = crd_kind(crd_tok_i[k]) == sam_pkg::TokData;
      in_stop[k] = crd_kind(crd_tok_i[k]) == sam_pkg::TokStop;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      fiber_q     <= fiber_i;
      crd_q       <= crd_i;
      pos_q       <= pos_i;
      fib_q       <= '0;
      has_q       <= '0;
      end_known_q <= '0;
      closed_q    <= '0;
      stop0_q     <= '0;
      for (int unsigned k = 0; k < 2; k++) begin
        x_q[k]   <= '0;
        end_q[k] <= '0;
        lit_q[k] <= '0;
        rep_q[k] <= '0;
      end
    end else begin
      for (int unsigned k = 0; k < 2; k++) begin
        if (crd_fire_i[k]) begin
          if (in_stop[k] && fib_q[k] != 4'd15) fib_q[k] <= fib_q[k] + 4'd1;
          if (fib_q[k] == fiber_q && in_data[k]) begin
            if (crd_tok_i[k][CrdWidth-1:0] <= crd_q) begin
              has_q[k] <= 1'b1;
              x_q[k]   <= crd_tok_i[k][CrdWidth-1:0];
              lit_q[k] <= desc_tok_i[k][DescWidth-1:RepBits];
              rep_q[k] <= desc_tok_i[k][RepBits-1:0];
            end else if (!end_known_q[k]) begin
              end_known_q[k] <= 1'b1;
              end_q[k]       <= crd_tok_i[k][CrdWidth-1:0];
            end
          end
          if (fib_q[k] == fiber_q && in_stop[k]) begin
            closed_q[k] <= 1'b1;
            if (k == 0) stop0_q <= crd_tok_i[k];
          end
        end
      end
    end
  end

  // The reference at c (meaningful once both ways have closed fiber f).
  crd_t  s, e, ends[2];
  wide_t m;
  logic  kept, want_entry;
  logic [1:0][RefWidth:0] want_ref;
  always_comb begin
    for (int unsigned k = 0; k < 2; k++) ends[k] = end_known_q[k] ? end_q[k] : dim_i;
    s    = x_q[0] > x_q[1] ? x_q[0] : x_q[1];
    e    = ends[0] < ends[1] ? ends[0] : ends[1];
    m    = kept_lcm(rep_q[0], rep_q[1]);
    kept = m != '0 && wide_t'(e) > wide_t'(s) + m;
    want_entry = &has_q && crd_q < dim_i && (!kept || wide_t'(crd_q) <= wide_t'(s) + m);
    for (int unsigned k = 0; k < 2; k++) begin
      if (kept && wide_t'(crd_q) == wide_t'(s) + m) want_ref[k] = {1'b1, RefRep + RefWidth'(m)};
      else if (rep_q[k] == '0) want_ref[k] = {1'b0, RefWidth'(lit_q[k])};
      else begin
        want_ref[k] = {1'b0, RefWidth'(lit_q[k])
                             + RefWidth'(mod_t'(crd_q - x_q[k]) % mod_t'(rep_q[k]))};
      end
    end
  end

  // The outputs (0: crd, 1 + k: ref[k]): fibers closed, the position in the
  // current fiber, the token at position p of fiber f (rec_q, tok_q); on crd, c
  // seen in fiber f, fiber f closed with ostop_q.
  logic [2:0][3:0]   ofib_q, opos_q;
  logic [2:0]        ofire, ostop, rec_q;
  logic [CrdWidth:0] rcrd_q, ostop_q;
  logic [1:0][RefWidth:0] rref_q;
  logic              ohas_q, oclosed_q, out_hit;
  assign ofire   = {out_ref_fire_i, out_crd_fire_i};
  assign ostop   = {ref_stop(out_ref_tok_i[1]), ref_stop(out_ref_tok_i[0]),
                    crd_kind(out_crd_tok_i) == sam_pkg::TokStop};
  assign out_hit = ofib_q[0] == fiber_q && crd_kind(out_crd_tok_i) == sam_pkg::TokData
                 && out_crd_tok_i[CrdWidth-1:0] == crd_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      ofib_q    <= '0;
      opos_q    <= '0;
      rec_q     <= '0;
      rcrd_q    <= '0;
      rref_q    <= '0;
      ohas_q    <= 1'b0;
      oclosed_q <= 1'b0;
      ostop_q   <= '0;
    end else begin
      for (int unsigned j = 0; j < 3; j++) begin
        if (ofire[j]) begin
          if (ofib_q[j] == fiber_q && opos_q[j] == pos_q && !rec_q[j]) begin
            rec_q[j] <= 1'b1;
            if (j == 0) rcrd_q <= out_crd_tok_i;
            else rref_q[j-1] <= out_ref_tok_i[j-1];
          end
          if (ostop[j]) begin
            if (ofib_q[j] != 4'd15) ofib_q[j] <= ofib_q[j] + 4'd1;
            opos_q[j] <= '0;
          end else if (opos_q[j] != 4'd15) opos_q[j] <= opos_q[j] + 4'd1;
        end
      end
      if (out_crd_fire_i) begin
        if (out_hit) ohas_q <= 1'b1;
        if (ofib_q[0] == fiber_q && ostop[0]) begin
          oclosed_q <= 1'b1;
          ostop_q   <= out_crd_tok_i;
        end
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assume (fiber_q != 4'd15);
      PairMoves_Ref: assert (crd_fire_i == desc_fire_i);
      if (oclosed_q) begin
        FiberClosedAfterWays_Ref: assert (&closed_q);
        StopMatches_Ref: assert (ostop_q == stop0_q);
        EntryMatches_Ref: assert (ohas_q == want_entry);
      end
      if (out_crd_fire_i && crd_kind(out_crd_tok_i) == sam_pkg::TokDone) begin
        DoneAfterFibers_Ref: assert (oclosed_q || !closed_q[0]);
      end
    end
  end

  for (genvar k = 0; k < 2; k++) begin : g_way
    always_ff @(posedge clk_i) begin
      if (rst_ni && rec_q[0] && rec_q[1 + k]) begin
        if (crd_kind(rcrd_q) != sam_pkg::TokData) begin
          RefControl_Ref: assert (same_control(rcrd_q, rref_q[k]));
        end else if (oclosed_q && rcrd_q[CrdWidth-1:0] == crd_q) begin
          RefMatches_Ref: assert (rref_q[k] == want_ref[k]);
        end
      end
    end
  end
endmodule
