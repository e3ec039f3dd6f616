// sam_fiberwrite_vals: value array writer (docs/primitives.md; golden model
// fiberwrite_vals in golden/src/models/fiberwrite.rs).
//
// Writes every value of the stream, in order, into the value array (a `sam_mem`
// outside this module, write port `vals`); N is written as 0, stops are
// ignored. count_o is the number of words written and done_o is 1 once D was
// consumed and the memory has taken every write, so the host knows when and how
// much to read back.
//
// LZ77 value streams (docs/fill-regions.md; golden model `lzwrite` in
// golden/src/models/lz77.rs) carry the repeat token R_d where a value would
// stand. It is a control token that tok_kind reads as a stop, so this writer
// skips it as it skips stops and stores the literals only: the LZ77 level's
// `vals`. With Repeats set it writes the level's `rep` array instead, one word
// per value token: 0 for a value or N, d for R_d; stops are still ignored, and
// count_o counts the entries. A repeat reaching before its fiber's first
// literal is a protocol error (asserted).
//
// One token per cycle, no output stream, ready whenever the memory takes the
// writes (the on-chip array always does). The array writes are registered
// (issued the cycle after the token is consumed) and held until taken. More values than the
// array holds, or a token after D, is a protocol error (asserted).
//
// Parameters: ValWidth   payload width of the value stream and the array words,
//                        1..63
//             AddrWidth  address width of the array, 1..20
//             Repeats    write each entry's distance (the `rep` array), not the
//                        literals; ValWidth 3..63
// Ports:      clk_i, rst_ni                             clock, synchronous
//                                                       active-low reset
//             val_valid_i, val_ready_o, val_tok_i       values (val)
//             vals_wr_en_o, vals_wr_addr_o, vals_wr_data_o,  writes of the array
//             vals_wr_ready_i                           (memory port protocol)
//             count_o                                   words written
//             done_o                                    1 once D was consumed and
//                                                       every write taken
// val_ready_o is a function of registers and vals_wr_ready_i (a register of the
// memory, by the port protocol); no other combinational path from an input to an
// output.
module sam_fiberwrite_vals #(
  parameter int unsigned ValWidth  = sam_pkg::ValWidth,
  parameter int unsigned AddrWidth = 8,
  parameter bit          Repeats   = 1'b0
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic                 val_valid_i,
  output logic                 val_ready_o,
  input  logic [ValWidth:0]    val_tok_i,
  output logic                 vals_wr_en_o,
  output logic [AddrWidth-1:0] vals_wr_addr_o,
  output logic [ValWidth-1:0]  vals_wr_data_o,
  input  logic                 vals_wr_ready_i,
  output logic [AddrWidth:0]   count_o,
  output logic                 done_o
);

  if (ValWidth < 1 || ValWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_width
    $error("sam_fiberwrite_vals: ValWidth must be in 1..63");
  end
  if (AddrWidth < 1 || AddrWidth > 20) begin : gen_bad_addr_width
    $error("sam_fiberwrite_vals: AddrWidth must be in 1..20");
  end
  if (Repeats && ValWidth < 3) begin : gen_bad_rep_width
    $error("sam_fiberwrite_vals: Repeats needs ValWidth >= 3 (R_1 is the first repeat)");
  end

  sam_stream_assert #(.Width(ValWidth), .Name("sam_fiberwrite_vals val")) val_check (
    .clk_i, .rst_ni, .valid_i(val_valid_i), .ready_i(val_ready_o), .tok_i(val_tok_i)
  );

  sam_pkg::tok_kind_e   in_kind;
  logic                 write, in_rep, advance, in_valid;
  logic [AddrWidth:0]   cnt_q;
  logic                 done_q, we_q;
  logic [AddrWidth-1:0] addr_q;
  logic [ValWidth-1:0]  data_q;

  // The write register moves on once the memory has taken its write (memory
  // port protocol, docs/memory.md; the on-chip array takes every write).
  assign advance     = !we_q || vals_wr_ready_i;
  assign val_ready_o = advance;
  assign in_valid    = val_valid_i && advance;
  assign in_kind = sam_pkg::tok_kind(val_tok_i[ValWidth], 64'(val_tok_i[ValWidth-1:0]),
                                     ValWidth);
  assign in_rep  = sam_pkg::is_repeat(val_tok_i[ValWidth], 64'(val_tok_i[ValWidth-1:0]),
                                     ValWidth);
  assign write = in_valid && (in_kind == sam_pkg::TokData || in_kind == sam_pkg::TokEmpty
                                 || (Repeats && in_rep));

  // The word a written token leaves: its value, or (Repeats) its distance; the
  // payload of R_d less repeat_base is d.
  logic [ValWidth-1:0] word;
  if (Repeats) begin : gen_rep_word
    assign word = in_rep ? {1'b0, val_tok_i[ValWidth-2:0]} : '0;
  end else begin : gen_val_word
    assign word = in_kind == sam_pkg::TokData ? val_tok_i[ValWidth-1:0] : '0;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cnt_q  <= '0;
      done_q <= 1'b0;
      we_q   <= 1'b0;
      addr_q <= '0;
      data_q <= '0;
    end else if (advance) begin
      we_q <= write;
      if (write) begin
        addr_q <= cnt_q[AddrWidth-1:0];
        data_q <= word;
        cnt_q  <= cnt_q + 1'b1;
      end
      if (in_valid && in_kind == sam_pkg::TokDone) done_q <= 1'b1;
    end
  end

  assign vals_wr_en_o   = we_q;
  assign vals_wr_addr_o = addr_q;
  assign vals_wr_data_o = data_q;
  assign count_o        = cnt_q;
  assign done_o         = done_q && !we_q;

`ifndef SAM_ASSERTS_OFF
  // Words an array holds (entries a count may reach).
  localparam logic [AddrWidth:0] Capacity = (AddrWidth + 1)'(2 ** AddrWidth);

  always_ff @(posedge clk_i) begin
    if (rst_ni && in_valid) begin
      NothingAfterDone_A: assert (!done_q)
      else $error("sam_fiberwrite_vals: a token after D");
      ValCapacity_A: assert (!(write && cnt_q == Capacity))
      else $error("sam_fiberwrite_vals: more than %0d values", Capacity);
    end
  end

  if (Repeats) begin : gen_window_check
    // Literals of the current fiber, saturating: a window reaches back at most
    // this far.
    logic [AddrWidth:0] lits_q;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        lits_q <= '0;
      end else if (val_valid_i && in_kind == sam_pkg::TokStop && !in_rep) begin
        lits_q <= '0;
      end else if (val_valid_i && !in_rep && lits_q != Capacity
                   && (in_kind == sam_pkg::TokData || in_kind == sam_pkg::TokEmpty)) begin
        lits_q <= lits_q + 1'b1;
      end
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni && val_valid_i && in_rep) begin
        RepeatInFiber_A: assert (64'(val_tok_i[ValWidth-2:0]) <= 64'(lits_q))
        else $error("sam_fiberwrite_vals: R%0d reaches before its fiber's first literal",
                    val_tok_i[ValWidth-2:0]);
      end
    end
  end
`endif

endmodule
