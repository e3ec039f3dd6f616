// sam_mem_fixed_assert: the check of a reader that relies on the on-chip
// array's timing (docs/memory.md, "Readers and their timing"): every request is
// taken (rd_ready_i high) and its response comes exactly two cycles later,
// which `sam_mem` gives. A reader with a fixed-latency pipeline instantiates it on
// each of its read ports, so that wiring it to a memory that answers otherwise
// fails in simulation at the first request instead of computing something else;
// the compiler puts such readers on on-chip arrays only.
//
// Purely observational, compiled out when SAM_ASSERTS_OFF is defined.
//
// Parameters: Ports  read ports observed (packed, port k in bit k), 1..64
//             Name   the reader and port, for the message
// Ports:      clk_i, rst_ni                 clock, synchronous active-low reset
//             en_i, ready_i, valid_i        each port's request, its ready and
//                                           its response valid
module sam_mem_fixed_assert #(
  parameter int unsigned Ports = 1,
  // Waiver: only the simulation message reads Name (Verilator's UNUSEDPARAM).
  /* verilator lint_off UNUSEDPARAM */
  parameter string       Name  = "reader"
  /* verilator lint_on UNUSEDPARAM */
) (
  input logic             clk_i,
  input logic             rst_ni,
  input logic [Ports-1:0] en_i,
  input logic [Ports-1:0] ready_i,
  input logic [Ports-1:0] valid_i
);

  if (Ports < 1 || Ports > 64) begin : gen_bad_ports
    $error("sam_mem_fixed_assert: Ports must be in 1..64");
  end

`ifndef SAM_ASSERTS_OFF
  logic [Ports-1:0] en1_q, en2_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      en1_q <= '0;
      en2_q <= '0;
    end else begin
      en1_q <= en_i;
      en2_q <= en1_q;
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      Taken_M: assert ((en_i & ~ready_i) == '0)
      else $error("%s: a request refused, but this reader needs a memory that takes every request (the on-chip array)", Name);
      TwoCycles_M: assert (valid_i == en2_q)
      else $error("%s: a response not two cycles after its request, but this reader needs the on-chip array's timing", Name);
    end
  end
`else
  logic unused;
  assign unused = ^{clk_i, rst_ni, en_i, ready_i, valid_i};
`endif

endmodule
