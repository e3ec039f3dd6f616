// formal_ref_beside: one joiner way's ref output tokens in flight beside the crd
// output's, for the k-induction invariants of a joiner against join_ref
// (intersect_ref_inv.sv, intersect_lean_ref_inv.sv, union_ref_inv.sv,
// runmerge_ref_inv.sv; 3-bit payloads, two-level streams).
//
// crd and ref are pushed together, so crd slot i stands beside ref slot
// i + lead, lead being the ref slots less the crd slots (both oldest first). The
// ref slots follow the grammar from the ref output monitor's state (IvGramR) and
// end where the crd walk ends (IvGramEnd: D and after S1 alike); each pair has
// one shape (IvPairShape), and beside a hit (the reference's c in fiber f) stands
// the way's wanted reference (IvPairRef). The reference's own view of the way
// (join_ref's g_way: its lead, the picked token of each stream and how far ahead
// it is) matches the slots (IvLead, IvPick*).
module formal_ref_beside #(
  parameter int unsigned Slots    = 2,
  parameter bit          PickBoth = 1'b0  // assert IvPickBoth (both picked tokens known)
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // The ref output monitor's state, and the crd walk's end (formal_crd_walk).
  input  logic                  done_i,
  input  logic                  after_data_i,
  input  logic                  after_top_i,
  input  logic                  crd_done_i,
  input  logic                  crd_after_top_i,
  input  logic [Slots-1:0]      cvalid_i,
  input  logic [Slots-1:0][3:0] ctok_i,
  input  logic [Slots-1:0]      hit_i,
  input  logic [Slots-1:0]      rvalid_i,
  input  logic [Slots-1:0][3:0] rtok_i,
  input  logic signed [3:0]     lead_i,
  // The reference beside c in fiber f, and whether it may stand there yet.
  input  logic [3:0]            want_i,
  input  logic                  wok_i,
  // join_ref's view of the way.
  input  logic signed [3:0]     ref_lead_i,
  input  logic [3:0]            ahead_i,
  input  logic                  crd_known_i,
  input  logic                  ref_known_i,
  input  logic                  ref_hit_i,
  input  logic [3:0]            crd_tok_i,
  input  logic [3:0]            ref_tok_i
);
  function automatic sam_pkg::tok_kind_e kind(logic [3:0] t);
    return sam_pkg::tok_kind(t[3], 64'(t[2:0]), 3);
  endfunction
  // A token's shape: 0 data (a value or N), l + 1 the stop S_l, 7 D.
  function automatic logic [2:0] shape(logic [3:0] t);
    if (kind(t) == sam_pkg::TokData || kind(t) == sam_pkg::TokEmpty) return '0;
    if (kind(t) == sam_pkg::TokDone) return '1;
    return t[2:0] + 3'd1;
  endfunction
  function automatic logic [3:0] rslot(logic signed [3:0] j);
    rslot = rtok_i[0];
    for (int s = 1; s < Slots; s++) if (j == 4'(s)) rslot = rtok_i[s];
  endfunction
  function automatic logic [3:0] cslot(logic [3:0] j);
    cslot = ctok_i[0];
    for (int s = 1; s < Slots; s++) if (j == 4'(s)) cslot = ctok_i[s];
  endfunction
  function automatic logic hslot(logic [3:0] j);
    hslot = hit_i[0];
    for (int s = 1; s < Slots; s++) if (j == 4'(s)) hslot = hit_i[s];
  endfunction

  logic hd[Slots+1], had[Slots+1], hat[Slots+1];
  assign hd[0]  = done_i;
  assign had[0] = after_data_i;
  assign hat[0] = after_top_i;
  for (genvar q = 0; q < Slots; q++) begin : gen_h
    logic       v;
    logic [3:0] t;
    assign v = rvalid_i[q];
    assign t = rtok_i[q];
    assign hd[q + 1]  = v ? hd[q] || kind(t) == sam_pkg::TokDone : hd[q];
    assign had[q + 1] = v ? kind(t) == sam_pkg::TokData : had[q];
    assign hat[q + 1] = v ? kind(t) == sam_pkg::TokStop && t[2:0] == 3'd1 : hat[q];
    always_ff @(posedge clk_i) begin
      if (rst_ni && v)
        IvGramR: assert (!hd[q] && (kind(t) != sam_pkg::TokStop || t[2:0] < 3'd2)
                         && (kind(t) != sam_pkg::TokDone || (hat[q] && !had[q])));
    end
  end
  for (genvar i = 0; i < Slots; i++) begin : gen_pair
    logic signed [3:0] j;
    logic [3:0]        rt;
    assign j  = $signed(4'(i)) + lead_i;
    assign rt = rslot(j);
    always_ff @(posedge clk_i) begin
      if (rst_ni && cvalid_i[i] && j >= 0) begin
        IvPairShape: assert (shape(ctok_i[i]) == shape(rt));
        if (hit_i[i]) IvPairRef: assert (rt == want_i && wok_i);
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      IvLead: assert (ref_lead_i == lead_i);
      IvMonRef: assert (!(hat[0] && had[0]) && (!hd[0] || !hat[0]));
      IvGramEnd: assert (hd[Slots] == crd_done_i && hat[Slots] == crd_after_top_i);
      if (crd_known_i) IvPickCKind: assert (kind(crd_tok_i) != sam_pkg::TokEmpty);
      if (crd_known_i && !ref_known_i)
        IvPickC: assert (ahead_i < 4'(Slots) && shape(crd_tok_i) == shape(rslot(ahead_i))
                         && (!ref_hit_i || (rslot(ahead_i) == want_i && wok_i)));
      if (ref_known_i && !crd_known_i)
        IvPickR: assert (ahead_i < 4'(Slots) && shape(cslot(ahead_i)) == shape(ref_tok_i)
                         && (!hslot(ahead_i) || (ref_tok_i == want_i && wok_i)));
      if (PickBoth && crd_known_i && ref_known_i)
        IvPickBoth: assert (shape(crd_tok_i) == shape(ref_tok_i)
                            && (!ref_hit_i || (ref_tok_i == want_i && wok_i)));
    end
  end
endmodule
