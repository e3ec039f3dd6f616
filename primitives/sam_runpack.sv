// sam_runpack: the RLE writer's front (Donenfeld et al.'s compression paper; golden model
// golden/src/models/runs.rs `runpack`; contract in docs/fill-regions.md).
//
// Turns each fiber of the (crd, val) pair into its runs, as few as the values
// allow, for a compressed writer (crd) and a values writer (val) to store as an
// `r` level. `N` values read as 0.
//
//   Points = 0  the input is runs: a run whose value equals the last run given
//               in its fiber is dropped.
//   Points = 1  the input is points: each point is a run, and where the next
//               point (or dim_i) lies beyond x + 1 a run of 0 starts at x + 1.
//
// Either way a fiber whose first run does not start at 0 gets a run of 0 at 0
// first, an empty fiber over a non-zero dim_i is the one run (0, 0), and equal
// neighbours merge. Stops and D pass through on both outputs.
//
// A run of 0 at x + 1 is pending after each point until the next token says
// where the gap ends: the next point at x + 1 cancels it. An input pair that
// gives two runs (a zero before it) spends two cycles, one output pair each;
// a dropped run spends one cycle with no output. Otherwise one pair per cycle.
//
// Input contract (asserted at the stage registers, `_A`; the formal proofs
// assume it on the ports and prove these): the two inputs have the same shape; no
// N in crd. Coordinates are expected sorted and below dim_i (what the golden model
// checks); others give runs in input order.
//
// Pipeline: each input is held in a one-token stage register with flags decoded
// against the token before it in its stream (a gap after the previous point, a
// value new or not 0), so the decision starts from single-bit registers; each
// run goes through a register into three-entry buffers, given on credits
// (`sam_scan_out`). Readies are functions of registers only.
//
// Parameters: CrdWidth  payload width of the coordinates, 1..63
//             ValWidth  payload width of the values, 1..63
//             Points    1: the input is points; 0: runs
// Ports:      clk_i, rst_ni                        clock, synchronous active-low reset
//             dim_i                                the index's extent, held during a run
//             crd_valid_i, crd_ready_o, crd_tok_i  coordinates (run starts or points)
//             val_valid_i, val_ready_o, val_tok_i  their values
//             crd_valid_o, crd_ready_i, crd_tok_o  run starts
//             val_valid_o, val_ready_i, val_tok_o  run values
module sam_runpack #(
  parameter int unsigned CrdWidth = sam_pkg::CrdWidth,
  parameter int unsigned ValWidth = sam_pkg::ValWidth,
  parameter bit          Points   = 1'b0
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic [CrdWidth-1:0] dim_i,
  input  logic                crd_valid_i,
  output logic                crd_ready_o,
  input  logic [  CrdWidth:0] crd_tok_i,
  input  logic                val_valid_i,
  output logic                val_ready_o,
  input  logic [  ValWidth:0] val_tok_i,
  output logic                crd_valid_o,
  input  logic                crd_ready_i,
  output logic [  CrdWidth:0] crd_tok_o,
  output logic                val_valid_o,
  input  logic                val_ready_i,
  output logic [  ValWidth:0] val_tok_o
);

  if (CrdWidth < 1 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_crd_width
    $error("sam_runpack: CrdWidth must be in 1..63");
  end
  if (ValWidth < 1 || ValWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_val_width
    $error("sam_runpack: ValWidth must be in 1..63");
  end

  // One bit wider than a coordinate: the coordinate after the largest one.
  typedef logic [CrdWidth:0] wide_t;
  typedef logic [ValWidth-1:0] val_t;
  localparam int unsigned Depth = 3;

  // ---- Input stages. Each stage also decodes what its token has to do with
  // the token before it in its stream (the decision then starts from flags):
  // crd: the token is not 0, and a gap lies between the previous point and it
  // (its coordinate, or dim_i for a stop, beyond the point + 1); val: the value
  // (N as 0) is not 0, and differs from the previous token's.
  logic              c_full, v_full, c_load, v_load, take;
  logic [CrdWidth:0] c_q;
  logic [ValWidth:0] v_q;
  logic              c_data_q, c_stop_q, c_nz_q, c_gap_q;
  logic              v_nz_q, v_new_q;
  val_t              v_num_q, v_in_num, prev_v_q;
  wide_t             in_x, prev_x1_q;
  logic              prev_data_q, in_gap;
  sam_pkg::tok_kind_e c_in_kind, v_in_kind;

  assign c_in_kind   = sam_pkg::tok_kind(crd_tok_i[CrdWidth], 64'(crd_tok_i[CrdWidth-1:0]),
                                         CrdWidth);
  assign v_in_kind   = sam_pkg::tok_kind(val_tok_i[ValWidth], 64'(val_tok_i[ValWidth-1:0]),
                                         ValWidth);
  assign v_in_num    = v_in_kind == sam_pkg::TokData ? val_tok_i[ValWidth-1:0] : '0;
  assign in_x        = {1'b0, crd_tok_i[CrdWidth-1:0]};
  // prev_x1_q is the previous token's coordinate + 1, added as it was loaded.
  assign in_gap      = prev_data_q && (c_in_kind == sam_pkg::TokData ? in_x > prev_x1_q :
                                       {1'b0, dim_i} > prev_x1_q);

  sam_pair_in #(
    .CrdWidth(CrdWidth), .InWidth(ValWidth), .SecondEmpty(1'b1), .Name("sam_runpack")
  ) stage (
    .clk_i, .rst_ni, .crd_valid_i, .crd_ready_o, .crd_tok_i,
    .second_valid_i(val_valid_i), .second_ready_o(val_ready_o), .second_tok_i(val_tok_i),
    .hold_i(val_tok_i), .take_i(take), .load_o({v_load, c_load}), .full_o({v_full, c_full}),
    .crd_q_o(c_q), .second_q_o(v_q)
  );

  always_ff @(posedge clk_i) begin
    if (!rst_ni) prev_data_q <= 1'b0;
    else if (c_load && crd_valid_i) prev_data_q <= c_in_kind == sam_pkg::TokData;
  end

  always_ff @(posedge clk_i) begin
    if (c_load) begin
      c_data_q <= c_in_kind == sam_pkg::TokData;
      c_stop_q <= c_in_kind == sam_pkg::TokStop;
      c_nz_q   <= crd_tok_i[CrdWidth-1:0] != '0;
      c_gap_q  <= in_gap;
    end
    if (c_load && crd_valid_i) prev_x1_q <= in_x + wide_t'(1);
    if (v_load) begin
      v_num_q <= v_in_num;
      v_nz_q  <= v_in_num != '0;
      v_new_q <= v_in_num != prev_v_q;
    end
    if (v_load && val_valid_i) prev_v_q <= v_in_num;
  end

  // ---- The packer. first_q: no run given in this fiber yet; zero_q: the last
  // run given is a run of 0 the packer added (the value before it no longer
  // counts); last_nz_q: the last run given is not 0; pend_q: the point before
  // the head may be followed by a run of 0 at px_q (points).
  logic  first_d, first_q, zero_d, zero_q, last_nz_d, last_nz_q, pend_d, pend_q;
  wide_t px_d, px_q;
  logic  gap, room, push;
  logic [CrdWidth:0] push_crd;
  logic [ValWidth:0] push_val;

  // dim_i is not 0, registered (the host holds dim_i during a run): its
  // 16-input OR is off the path to the decision.
  logic dim_nz_q;
  always_ff @(posedge clk_i) dim_nz_q <= dim_i != '0;

  // The pending zero holds at least one coordinate: it is a run.
  assign gap = pend_q && c_gap_q;

  always_comb begin
    first_d   = first_q;
    zero_d    = zero_q;
    last_nz_d = last_nz_q;
    pend_d    = pend_q;
    px_d      = px_q;
    push      = 1'b0;
    take      = 1'b0;
    push_crd  = c_q;
    push_val  = v_q;
    if (c_full && v_full && room) begin
      if (first_q && (c_data_q ? c_nz_q : c_stop_q && dim_nz_q)) begin
        // The fiber's opening run of 0; the token waits.
        push      = 1'b1;
        push_crd  = '0;
        push_val  = '0;
        first_d   = 1'b0;
        zero_d    = 1'b1;
        last_nz_d = 1'b0;
      end else if (gap && last_nz_q) begin
        // The zeros after the last point; the token waits.
        push      = 1'b1;
        push_crd  = {1'b0, px_q[CrdWidth-1:0]};
        push_val  = '0;
        pend_d    = 1'b0;
        zero_d    = 1'b1;
        last_nz_d = 1'b0;
      end else if (c_data_q) begin
        // After a run of 0 (one added, or a gap merging with a 0) the value
        // is compared with 0, else with the token before it.
        take      = 1'b1;
        push      = first_q || (zero_q || gap ? v_nz_q : v_new_q);
        push_val  = {1'b0, v_num_q};
        first_d   = 1'b0;
        zero_d    = 1'b0;
        last_nz_d = v_nz_q;
        pend_d    = Points;
        px_d      = {1'b0, c_q[CrdWidth-1:0]} + wide_t'(1);
      end else begin
        take    = 1'b1;
        push    = 1'b1;
        first_d = 1'b1;
        zero_d  = 1'b0;
        pend_d  = 1'b0;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      first_q   <= 1'b1;
      zero_q    <= 1'b0;
      last_nz_q <= 1'b0;
      pend_q    <= 1'b0;
      px_q      <= '0;
    end else begin
      first_q   <= first_d;
      zero_q    <= zero_d;
      last_nz_q <= last_nz_d;
      pend_q    <= pend_d;
      px_q      <= px_d;
    end
  end

  // The output registers: the decision's choice of run ends in them, not in
  // the buffers' memories. A run is given only with a credit in both buffers
  // (it spends a cycle in the registers first).
  logic              push_q;
  logic [CrdWidth:0] push_crd_q;
  logic [ValWidth:0] push_val_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) push_q <= 1'b0;
    else push_q <= push;
  end
  always_ff @(posedge clk_i) begin
    push_crd_q <= push_crd;
    push_val_q <= push_val;
  end

  // The credits and the output buffers (crd 0, val 1); the output
  // registers in flight.
  localparam int unsigned OutWidth = CrdWidth > ValWidth ? CrdWidth : ValWidth;
  logic [1:0][OutWidth:0] out_tok;
  sam_scan_out #(
    .Outputs(2), .Width(OutWidth), .Widths({7'(ValWidth), 7'(CrdWidth)}), .Depth(Depth)
  ) out (
    .clk_i(clk_i), .rst_ni(rst_ni), .take_i(push), .drop_i(1'b0), .room_o(room), .valid_i(push_q),
    .tok_i({(OutWidth + 1)'(push_val_q), (OutWidth + 1)'(push_crd_q)}),
    .valid_o({val_valid_o, crd_valid_o}), .ready_i({val_ready_i, crd_ready_i}), .tok_o(out_tok),
    .inflight_i(8'(push_q))
  );
  assign crd_tok_o = out_tok[0][CrdWidth:0];
  assign val_tok_o = out_tok[1][ValWidth:0];
  logic unused_out;  // the output tokens' bits above each output's width
  assign unused_out = ^out_tok;

endmodule
