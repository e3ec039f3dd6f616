// formal_crd_walk: the joiners' crd output grammar walked along the tokens in
// flight to it, for the k-induction invariants of a joiner against join_ref
// (intersect_ref_inv.sv, intersect_lean_ref_inv.sv, union_ref_inv.sv,
// runmerge_ref_inv.sv; 3-bit coordinates, a two-level crd stream).
//
// The walk starts from the output monitor's state (done, after data, after S1,
// data in the fiber, its last coordinate) and the output's fiber count (the
// reference's closed fibers), and steps over the valid slots, oldest first. Each
// valid slot's token is asserted to follow the grammar (IvGramC: nothing after
// D, no N, stops S0 and S1 only, D after S1, coordinates increasing in a fiber);
// a stop closing the reference's fiber f is asserted to be way 0's stop, which
// the reference has seen (IvFStop). A slot holding the reference's coordinate c
// in fiber f is a hit. The outputs are the walk's state after the last slot.
// The monitor's state itself is one a two-level stream leaves (IvMonOut).
module formal_crd_walk #(
  parameter int unsigned Slots = 2
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic                  done_i,
  input  logic                  after_data_i,
  input  logic                  after_top_i,
  input  logic                  fiber_data_i,
  input  logic [2:0]            last_i,
  input  logic [4:0]            fib_i,
  input  logic [Slots-1:0]      valid_i,
  input  logic [Slots-1:0][3:0] tok_i,
  input  logic [2:0]            c_i,       // the reference's coordinate c, fiber f
  input  logic [4:0]            f_i,
  input  logic                  closed_i,  // the reference has fiber f's stop (stop_i)
  input  logic [3:0]            stop_i,
  output logic                  done_o,
  output logic                  after_data_o,
  output logic                  after_top_o,
  output logic                  fiber_data_o,
  output logic [2:0]            last_o,
  output logic [4:0]            fib_o,
  output logic [Slots-1:0]      hit_o
);
  function automatic sam_pkg::tok_kind_e kind(logic [3:0] t);
    return sam_pkg::tok_kind(t[3], 64'(t[2:0]), 3);
  endfunction

  logic       gd[Slots+1], gad[Slots+1], gat[Slots+1], gfd[Slots+1];
  logic [2:0] glast[Slots+1];
  logic [4:0] gfib[Slots+1];
  assign gd[0]    = done_i;
  assign gad[0]   = after_data_i;
  assign gat[0]   = after_top_i;
  assign gfd[0]   = fiber_data_i;
  assign glast[0] = last_i;
  assign gfib[0]  = fib_i;
  always_ff @(posedge clk_i) begin
    if (rst_ni)
      IvMonOut: assert (fiber_data_i == after_data_i && !(after_top_i && after_data_i)
                        && (!done_i || (!after_top_i && !after_data_i)));
  end
  for (genvar q = 0; q < Slots; q++) begin : gen_slot
    logic       v, ok, data, stop, done;
    logic [3:0] t;
    assign v    = valid_i[q];
    assign t    = tok_i[q];
    assign data = kind(t) == sam_pkg::TokData;
    assign stop = kind(t) == sam_pkg::TokStop;
    assign done = kind(t) == sam_pkg::TokDone;
    assign gd[q + 1]    = v ? gd[q] || done : gd[q];
    assign gad[q + 1]   = v ? data : gad[q];
    assign gat[q + 1]   = v ? stop && t[2:0] == 3'd1 : gat[q];
    assign gfd[q + 1]   = v ? (data ? 1'b1 : stop ? 1'b0 : gfd[q]) : gfd[q];
    assign glast[q + 1] = v && data ? t[2:0] : glast[q];
    assign gfib[q + 1]  = gfib[q] + 5'(v && stop);
    assign hit_o[q]     = v && data && t[2:0] == c_i && gfib[q] == f_i;
    assign ok = !gd[q] && kind(t) != sam_pkg::TokEmpty
                && (!stop || t[2:0] < 3'd2)
                && (!done || (gat[q] && !gad[q]))
                && (!data || !gfd[q] || t[2:0] > glast[q]);
    always_ff @(posedge clk_i) begin
      if (rst_ni && v) begin
        IvGramC: assert (ok);
        if (stop && gfib[q] == f_i)
          IvFStop: assert (closed_i && t == stop_i);
      end
    end
  end
  assign done_o       = gd[Slots];
  assign after_data_o = gad[Slots];
  assign after_top_o  = gat[Slots];
  assign fiber_data_o = gfd[Slots];
  assign last_o       = glast[Slots];
  assign fib_o        = gfib[Slots];
endmodule
