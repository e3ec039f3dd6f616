// sam_read_align: the tokens that ride beside a fixed-latency array read
// (docs/primitives.md). A block that issues a read with a token (its valid and a
// packed payload: the fields that say what to make of the read data) gets the token
// back Latency cycles later, in the cycle the read data is on the array's rd_data:
// sam_arrayvals, sam_fiberlookup, sam_windowscan, sam_subsect's pointer streams
// and sam_bvscan.
//
// A shift register of Latency stages: the valid bits reset, the payload registers
// do not (they load every cycle; only the valid bits say whether they hold a
// token). The pipeline never stalls: the users issue on credits (`sam_scan_out`'s,
// or sam_subsect's per-stream counts), so every token leaves exactly Latency
// cycles after it entered. inflight_o counts the tokens in the stages, for
// sam_scan_out's inflight_i (its credit invariant under FORMAL). No stage but the
// last is shown: no user computes on a token before its read data is there, and
// none counts its credits from a stage in between.
//
// The alignment lives here alone so that a memory answering in any number of
// cycles changes one module, not each reader. (sam_spaccumulator's drain, i1 and
// i2 beside its drain read, is not a user: its output count starts at i1, a stage
// this module does not show.)
//
// Parameters: Width    payload width, 1..256
//             Latency  cycles from issue to the read data (sam_mem's 2), 1..8
// Ports:      clk_i, rst_ni           clock, synchronous active-low reset
//             valid_i, data_i         a token issued with its read this cycle
//             valid_o, data_o         the token issued Latency cycles ago, beside
//                                     its read data
//             inflight_o              tokens in the stages (0..Latency)
// Latency: Latency cycles from valid_i to valid_o. Every output is a register or
// a sum of registers: no combinational path from an input to an output.
module sam_read_align #(
  parameter int unsigned Width   = 1,
  parameter int unsigned Latency = 2
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             valid_i,
  input  logic [Width-1:0] data_i,
  output logic             valid_o,
  output logic [Width-1:0] data_o,
  output logic [7:0]       inflight_o
);

  if (Width < 1 || Width > 256) begin : gen_bad_width
    $error("sam_read_align: Width must be in 1..256");
  end
  if (Latency < 1 || Latency > 8) begin : gen_bad_latency
    $error("sam_read_align: Latency must be in 1..8");
  end

  logic [Latency-1:0]            valid_q;
  logic [Latency-1:0][Width-1:0] data_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= '0;
    end else begin
      valid_q[0] <= valid_i;
      for (int s = 1; s < Latency; s++) valid_q[s] <= valid_q[s-1];
    end
  end

  // Data registers load every cycle; only the valid bits say whether they hold a
  // token.
  always_ff @(posedge clk_i) begin
    data_q[0] <= data_i;
    for (int s = 1; s < Latency; s++) data_q[s] <= data_q[s-1];
  end

  assign valid_o = valid_q[Latency-1];
  assign data_o  = data_q[Latency-1];

  always_comb begin
    inflight_o = '0;
    for (int s = 0; s < Latency; s++) inflight_o += 8'(valid_q[s]);
  end

endmodule
