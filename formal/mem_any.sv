// A memory of any timing as a reader's environment (formal.py's `modules`; the
// memory port protocol of docs/memory.md): it refuses requests at will, but never
// two cycles in a row; a request taken waits in order, and its response (the
// word at its address, which the harness gives on look_data_i for look_addr_o)
// comes one or more cycles later, at the latest once it has waited MaxWait cycles
// at the head. The DUT's ready_i, valid_i and data_i are free harness inputs that
// these assumptions constrain. A reader that keeps more than Depth requests
// outstanding fails the assertion: its credits must bound them.
module formal_mem_any #(
  parameter int unsigned AddrWidth = 2,
  parameter int unsigned Width     = 3,
  parameter int unsigned Depth     = 4,
  parameter int unsigned MaxWait   = 3
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic                 en_i,
  input  logic [AddrWidth-1:0] addr_i,
  input  logic                 ready_i,
  input  logic                 valid_i,
  input  logic [Width-1:0]     data_i,
  output logic [AddrWidth-1:0] look_addr_o,
  input  logic [Width-1:0]     look_data_i
);
  localparam int unsigned CountWidth = $clog2(Depth + 1);
  localparam int unsigned WaitWidth  = $clog2(MaxWait + 1);
  logic [AddrWidth-1:0]  addr_q[Depth];
  logic [CountWidth-1:0] count_q = '0;
  logic [WaitWidth-1:0]  wait_q = '0;
  logic                 refused_q = 1'b0, taken;

  assign taken       = en_i && ready_i;
  assign look_addr_o = addr_q[0];

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      count_q   <= '0;
      wait_q    <= '0;
      refused_q <= 1'b0;
    end else begin
      refused_q <= !ready_i;
      count_q   <= count_q + CountWidth'(taken) - CountWidth'(valid_i);
      wait_q    <= valid_i || count_q == '0 ? '0
                 : wait_q + WaitWidth'(32'(wait_q) < MaxWait);
      // The waiting addresses, the oldest in slot 0.
      for (int i = 0; i < Depth; i++) begin
        if (valid_i) addr_q[i] <= i + 1 < Depth ? addr_q[i+1] : addr_q[i];
        if (taken && 32'(count_q) - 32'(valid_i) == i) addr_q[i] <= addr_i;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assume (!(refused_q && !ready_i));
      assume (!valid_i || count_q != '0);
      assume (!valid_i || data_i == look_data_i);
      if (count_q != '0 && 32'(wait_q) >= MaxWait) assume (valid_i);
      Outstanding: assert (32'(count_q) + 32'(taken) - 32'(valid_i) <= Depth);
    end
  end
endmodule
