// formal_nested: the input contract that an inner stream nests in an outer
// coordinate stream (formal.py instantiates it for each pair in a proof's
// `nested` list: sam_crddrop, sam_crdhold, sam_spaccumulator of order 2), assumed
// on the input ports only.
//
// Each outer coordinate owns one inner fiber, which ends in S0, or in S(m+1)
// when the outer stream closes with Sm right after the coordinate; a bare outer
// Sm matches a bare inner S(m+1); D matches D. As units that pair one to one:
//   outer: a coordinate after a coordinate closes the first one's fiber with S0
//          (Z); Sm after a coordinate closes it with S(m+1) (X m); Sm after
//          anything else is bare (B m); D is D. A coordinate after anything else
//          opens a fiber (no unit yet: `pend`).
//   inner: S0 is Z; S(m+1) after data is X m, with no data X m or B m (XB m);
//          D is D.
// A bounded queue holds the units of the stream ahead; the lagging stream's next
// unit, once at its head, is assumed to pair with the queue's head (with the
// queue empty, with the other head's). Inner data stands only in a
// coordinate's fiber: not where the outer unit it belongs to is B or D, and an
// inner fiber with data keeps the outer stream, level with it, from offering a
// bare stop or D; an opened fiber keeps the inner stream from offering D, and
// with D next on the inner stream the outer one opens no fiber. The stream
// ahead offers no further unit with the queue full (Depth units).
//
// OuterNeverAhead: the primitive takes an outer token only with an inner one
// (sam_crdhold), so the cover of the outer stream ahead is left out.
module formal_nested #(
  parameter int unsigned OuterWidth      = 3,
  parameter int unsigned InnerWidth      = 3,
  parameter int unsigned Depth           = 4,
  parameter bit          OuterNeverAhead = 1'b0
) (
  input logic                clk_i,
  input logic                rst_ni,
  input logic                outer_valid_i,
  input logic                outer_ready_i,
  input logic [OuterWidth:0] outer_tok_i,
  input logic                inner_valid_i,
  input logic                inner_ready_i,
  input logic [InnerWidth:0] inner_tok_i
);
  localparam int unsigned FnDepth = Depth;
  localparam logic [2:0] FnZ = 3'd0, FnX = 3'd1, FnB = 3'd2, FnXB = 3'd3, FnD = 3'd4;
  // o: an outer unit, i: an inner unit (kind in [4:2], level in [1:0]).
  function automatic logic fn_pair(logic [4:0] o, logic [4:0] i);
    if (o[4:2] == FnD || i[4:2] == FnD) return o[4:2] == i[4:2];
    if (o[4:2] == FnZ || i[4:2] == FnZ) return o[4:2] == i[4:2];
    if (o[1:0] != i[1:0]) return 1'b0;
    if (o[4:2] == FnX) return i[4:2] == FnX || i[4:2] == FnXB;
    return i[4:2] == FnXB;  // o is B
  endfunction

  localparam int unsigned FnOW = OuterWidth, FnIW = InnerWidth;
  sam_pkg::tok_kind_e fn_ok, fn_ik;
  assign fn_ok = sam_pkg::tok_kind(outer_tok_i[FnOW], 64'(outer_tok_i[FnOW-1:0]), FnOW);
  assign fn_ik = sam_pkg::tok_kind(inner_tok_i[FnIW], 64'(inner_tok_i[FnIW-1:0]), FnIW);
  logic fn_oc, fn_os, fn_od, fn_idata, fn_is, fn_id;
  assign fn_oc    = outer_valid_i && (fn_ok == sam_pkg::TokData || fn_ok == sam_pkg::TokEmpty);
  assign fn_os    = outer_valid_i && fn_ok == sam_pkg::TokStop;
  assign fn_od    = outer_valid_i && fn_ok == sam_pkg::TokDone;
  assign fn_idata = inner_valid_i && (fn_ik == sam_pkg::TokData || fn_ik == sam_pkg::TokEmpty);
  assign fn_is    = inner_valid_i && fn_ik == sam_pkg::TokStop;
  assign fn_id    = inner_valid_i && fn_ik == sam_pkg::TokDone;

  logic fn_pend_q;  // the outer stream's last move was a coordinate
  logic fn_data_q;  // inner data moved since the inner stream's last stop
  logic fn_oev, fn_iev, fn_mo, fn_mi;
  logic [4:0] fn_ou, fn_iu;
  logic [1:0] fn_olvl, fn_ilvl;
  assign fn_olvl = 2'(outer_tok_i[FnOW-1:0]);
  assign fn_ilvl = 2'(inner_tok_i[FnIW-1:0] - 1'b1);
  assign fn_oev  = (fn_oc && fn_pend_q) || fn_os || fn_od;
  assign fn_ou   = fn_od ? {FnD, 2'd0} : fn_oc ? {FnZ, 2'd0}
                 : {fn_pend_q ? FnX : FnB, fn_olvl};
  assign fn_iev  = fn_is || fn_id;
  assign fn_iu   = fn_id ? {FnD, 2'd0}
                 : (inner_tok_i[FnIW-1:0] == '0) ? {FnZ, 2'd0}
                 : {fn_data_q ? FnX : FnXB, fn_ilvl};
  assign fn_mo   = fn_oev && outer_ready_i;
  assign fn_mi   = fn_iev && inner_ready_i;

  logic [4:0] fn_q_q[FnDepth];
  logic [2:0] fn_cnt_q;
  logic       fn_ilead_q;  // the inner stream is ahead

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (fn_cnt_q == '0) begin
        if (fn_oev && fn_iev) assume (fn_pair(fn_ou, fn_iu));
        // The inner fiber level with the outer stream belongs to its next unit.
        if ((fn_data_q || fn_idata) && !fn_pend_q) assume (!fn_os && !fn_od);
        if (fn_pend_q || fn_oc) assume (!fn_id);
      end else if (!fn_ilead_q) begin
        if (fn_iev) assume (fn_pair(fn_q_q[0], fn_iu));
        if (fn_idata) assume (fn_q_q[0][4:2] == FnZ || fn_q_q[0][4:2] == FnX);
      end else begin
        if (fn_oev) assume (fn_pair(fn_ou, fn_q_q[0]));
        if (fn_q_q[0][4:2] == FnD) assume (!fn_oc);
      end
      if (32'(fn_cnt_q) == FnDepth) assume (fn_ilead_q ? !fn_iev : !fn_oev);
    end
  end

  logic fn_push, fn_pop;
  logic [4:0] fn_push_u;
  always_comb begin
    fn_push = 1'b0;
    fn_pop = 1'b0;
    fn_push_u = fn_ou;
    if (fn_cnt_q == '0) begin
      fn_push = fn_mo != fn_mi;
      fn_push_u = fn_mo ? fn_ou : fn_iu;
    end else if (!fn_ilead_q) begin
      fn_pop = fn_mi;
      fn_push = fn_mo;
    end else begin
      fn_pop = fn_mo;
      fn_push = fn_mi;
      fn_push_u = fn_iu;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      fn_pend_q <= 1'b0;
      fn_data_q <= 1'b0;
      fn_cnt_q <= '0;
      fn_ilead_q <= 1'b0;
      for (int unsigned i = 0; i < FnDepth; i++) fn_q_q[i] <= '0;
    end else begin
      if (outer_valid_i && outer_ready_i) fn_pend_q <= fn_oc;
      if (fn_idata && inner_ready_i) fn_data_q <= 1'b1;
      else if (fn_mi) fn_data_q <= 1'b0;
      if (fn_cnt_q == '0 && fn_push) fn_ilead_q <= fn_mi;
      if (fn_pop) begin
        for (int unsigned i = 0; i + 1 < FnDepth; i++) fn_q_q[i] <= fn_q_q[i + 1];
        fn_q_q[FnDepth-1] <= '0;
      end
      if (fn_push) fn_q_q[32'(fn_cnt_q) - 32'(fn_pop)] <= fn_push_u;
      fn_cnt_q <= fn_cnt_q + 3'(fn_push) - 3'(fn_pop);
    end
  end

  // The cover run reaches these, so the monitor leaves room for either stream
  // ahead, a bare stop and a fiber with data that closes an outer fiber.
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      NestInnerAhead_C: cover (fn_cnt_q != 3'd0 && fn_ilead_q);
      if (!OuterNeverAhead) NestOuterAhead_C: cover (fn_cnt_q != 3'd0 && !fn_ilead_q);
      NestBare_C: cover (fn_mo && fn_ou[4:2] == FnB);
      NestDataCloses_C: cover (fn_mi && fn_iu[4:2] == FnX);
    end
  end
endmodule
