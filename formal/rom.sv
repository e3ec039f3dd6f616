// A read-only array as a primitive's environment (formal.py's `modules`): 2**AddrWidth
// words of Width bits, and the read data two cycles after a read of address a is
// word a (assumed: the timing of sam_mem). The words are words_i taken in the
// reset cycle (free inputs: a symbolic array, constant for the run) or, with
// Fixed, words_i itself (a constant the harness gives). The harness's reference
// model reads the same words through look_addr_i/look_data_o, and puts its
// constraints on the contents (sorted, in range) on words_o.
module formal_rom #(
  parameter int unsigned AddrWidth = 2,
  parameter int unsigned Width     = 3,
  parameter bit          Fixed     = 1'b0
) (
  input  logic                              clk_i,
  input  logic                              rst_ni,
  input  logic [(2**AddrWidth)*Width-1:0]   words_i,
  input  logic                              rd_en_i,
  input  logic [AddrWidth-1:0]              rd_addr_i,
  input  logic [Width-1:0]                  rd_data_i,
  input  logic [AddrWidth-1:0]              look_addr_i,
  output logic [Width-1:0]                  look_data_o,
  output logic [(2**AddrWidth)*Width-1:0]   words_o
);
  if (Fixed) begin : gen_fixed
    assign words_o = words_i;
  end else begin : gen_symbolic
    logic [(2**AddrWidth)*Width-1:0] words_q;
    always_ff @(posedge clk_i) if (!rst_ni) words_q <= words_i;
    assign words_o = words_q;
  end

  // (A shift, not a variable part-select: that would leave x bits for ABC.)
  function automatic logic [Width-1:0] word(logic [AddrWidth-1:0] a);
    logic [(2**AddrWidth)*Width-1:0] sh;
    sh = words_o >> (32'(a) * Width);
    return sh[Width-1:0];
  endfunction
  assign look_data_o = word(look_addr_i);

  logic                 rd1_q = 1'b0, rd2_q = 1'b0;
  logic [AddrWidth-1:0] a1_q, a2_q;
  always_ff @(posedge clk_i) begin
    rd1_q <= rst_ni && rd_en_i;
    a1_q  <= rd_addr_i;
    rd2_q <= rd1_q;
    a2_q  <= a1_q;
  end
  always_ff @(posedge clk_i) if (rst_ni && rd2_q) assume (rd_data_i == word(a2_q));
endmodule
