// Gate-level check of a synthesized sam_alu computing mul (fpga/tests/netlist_sim.rs):
// 500 random products through the netlist under random output backpressure,
// each compared with the product the testbench computes. `W is the value width.
// The netlist is one elaboration (alu_mul_top, the alu at width `W), so the
// instance takes no parameters.
module alu_mul_tb;
  localparam int W = `W;
  logic clk = 1'b0, rst_n = 1'b0;
  always #5 clk = ~clk;
  logic a_valid, a_ready, b_valid, b_ready, out_valid, out_ready;
  logic [W:0] a_tok, b_tok, out_tok;
  alu_mul_top dut (
    .clk_i(clk), .rst_ni(rst_n),
    .a_valid_i(a_valid), .a_ready_o(a_ready), .a_tok_i(a_tok),
    .b_valid_i(b_valid), .b_ready_o(b_ready), .b_tok_i(b_tok),
    .out_valid_o(out_valid), .out_ready_i(out_ready), .out_tok_o(out_tok)
  );
  logic [W-1:0] want[$];
  int sent = 0, got = 0;
  initial begin
    a_valid = 1'b0;
    b_valid = 1'b0;
    out_ready = 1'b1;
    a_tok = '0;
    b_tok = '0;
    #22 rst_n = 1'b1;
  end
  always @(posedge clk) if (rst_n) begin
    if (a_valid && a_ready && b_valid && b_ready) begin
      want.push_back(W'(a_tok[W-1:0] * b_tok[W-1:0]));
      sent++;
    end
    if (out_valid && out_ready) begin
      if (out_tok !== {1'b0, want[0]}) begin
        $display("MISMATCH product %0d: want %h, got %h", got, want[0], out_tok);
        $fatal;
      end
      void'(want.pop_front());
      got++;
      if (got == 500) begin
        $display("ok %0d products", got);
        $finish;
      end
    end
    a_valid <= sent < 500;
    b_valid <= sent < 500;
    out_ready <= $urandom_range(0, 3) != 0;
    if (!(a_valid && !a_ready)) a_tok <= {1'b0, W'($urandom)};
    if (!(b_valid && !b_ready)) b_tok <= {1'b0, W'($urandom)};
  end
  initial begin
    #100000 $display("TIMEOUT after %0d products", got);
    $fatal;
  end
endmodule
