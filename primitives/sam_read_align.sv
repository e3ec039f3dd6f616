// sam_read_align: the tokens that ride beside an array read (docs/primitives.md,
// docs/memory.md). A block that issues a read with a token (its valid and a
// packed payload: the fields that say what to make of the read data) gets the
// token back beside the read's data: sam_fiberlookup, sam_windowscan,
// sam_subsect's pointer streams and sam_bvscan.
//
// A shift register of Latency stages: the valid bits reset, the payload
// registers do not (they load every cycle; only the valid bits say whether they
// hold a token). The stages never stall: the users issue on credits
// (`sam_scan_out`'s, or sam_subsect's per-stream counts), so every token reaches
// the last stage exactly Latency cycles after it entered. No stage but the last
// is shown: no user computes on a token before its read data is there, and none
// counts its credits from a stage in between.
//
// Credits = 0: the memory is the on-chip array, whose data comes exactly Latency
// cycles after the read (sam_mem's two): the last stage is the output and
// rsp_data_o is rsp_data_i. Credits >= 1: the memory answers in request order
// after any number of cycles (the memory port protocol). A token that read
// (read_i) leaves with its response; one whose response has not come when it
// reaches the last stage waits in a FIFO (and every token behind it joins
// that FIFO, so tokens leave in issue order); a response that comes before its
// token reaches the output waits in a second FIFO. A memory with the on-chip
// timing leaves both FIFOs empty, and the tokens leave exactly as with Credits =
// 0. Each FIFO holds Credits entries: the user's credits cover every token in
// the stages and the FIFO (inflight_o), so neither overflows (asserted).
//
// The alignment lives here alone so that a memory answering in any number of
// cycles changes one module, not each reader. (sam_spaccumulator's drain, i1 and
// i2 beside its drain read, is not a user: its output count starts at i1, a stage
// this module does not show.)
//
// Parameters: Width      payload width, 1..256
//             Latency    stages, the on-chip read's cycles (sam_mem's 2), 1..8
//             DataWidth  read data width, 1..64
//             Credits    0: on-chip timing only; else the tokens a late memory
//                        may hold back (the user's credits), Latency..255
// Ports:      clk_i, rst_ni              clock, synchronous active-low reset
//             valid_i, data_i            a token issued this cycle
//             read_i                     a read was taken with it (Credits >= 1)
//             rsp_valid_i, rsp_data_i    a response of the memory (Credits >= 1:
//                                        rsp_valid_i; rsp_data_i always)
//             valid_o, data_o            the oldest token leaves
//             rsp_data_o                 beside it, its read's data (when it read)
//             inflight_o                 tokens in the stages and the wait FIFO,
//                                        the pipeline term of the user's credits
// Latency: Latency cycles from valid_i to valid_o at the on-chip timing.
// Credits = 0: every output is a register or a sum of registers. Credits >= 1:
// valid_o and rsp_data_o also follow rsp_valid_i and rsp_data_i (the memory's
// registers); no combinational path from valid_i, read_i or data_i to an output.
module sam_read_align #(
  parameter int unsigned Width     = 1,
  parameter int unsigned Latency   = 2,
  parameter int unsigned DataWidth = 1,
  parameter int unsigned Credits   = 0
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic                 valid_i,
  input  logic                 read_i,
  input  logic [Width-1:0]     data_i,
  input  logic                 rsp_valid_i,
  input  logic [DataWidth-1:0] rsp_data_i,
  output logic                 valid_o,
  output logic [Width-1:0]     data_o,
  output logic [DataWidth-1:0] rsp_data_o,
  output logic [7:0]           inflight_o
);

  if (Width < 1 || Width > 256) begin : gen_bad_width
    $error("sam_read_align: Width must be in 1..256");
  end
  if (Latency < 1 || Latency > 8) begin : gen_bad_latency
    $error("sam_read_align: Latency must be in 1..8");
  end
  if (DataWidth < 1 || DataWidth > 64) begin : gen_bad_data_width
    $error("sam_read_align: DataWidth must be in 1..64");
  end
  if (Credits != 0 && (Credits < Latency || Credits > 255)) begin : gen_bad_credits
    $error("sam_read_align: Credits must be 0 or in Latency..255");
  end

  logic [Latency-1:0]            valid_q;
  logic [Latency-1:0][Width-1:0] data_q;
  logic [7:0]                    staged;

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

  always_comb begin
    staged = '0;
    for (int s = 0; s < Latency; s++) staged += 8'(valid_q[s]);
  end

  if (Credits == 0) begin : gen_fixed
    assign valid_o    = valid_q[Latency-1];
    assign data_o     = data_q[Latency-1];
    assign rsp_data_o = rsp_data_i;
    assign inflight_o = staged;
    logic unused_any;
    assign unused_any = ^{read_i, rsp_valid_i};
  end else begin : gen_any
    localparam int unsigned PtrWidth = $clog2(Credits) > 0 ? $clog2(Credits) : 1;
    localparam int unsigned CntWidth = $clog2(Credits + 1);

    function automatic logic [PtrWidth-1:0] step(logic [PtrWidth-1:0] p);
      return p == PtrWidth'(Credits - 1) ? '0 : p + 1'b1;
    endfunction

    // Whether each staged token read.
    logic [Latency-1:0] read_q;
    always_ff @(posedge clk_i) begin
      read_q[0] <= read_i;
      for (int s = 1; s < Latency; s++) read_q[s] <= read_q[s-1];
    end

    // The tokens held back: their responses (or those of tokens ahead) are late.
    logic [Width-1:0]    wait_tok_q[Credits];
    logic [Credits-1:0]  wait_read_q;
    logic [PtrWidth-1:0] wait_head_q, wait_tail_q;
    logic [CntWidth-1:0] wait_count_q;
    // The responses early for their tokens.
    logic [DataWidth-1:0] rsp_q[Credits];
    logic [PtrWidth-1:0]  rsp_head_q, rsp_tail_q;
    logic [CntWidth-1:0]  rsp_count_q;

    logic waiting, held, head_read, rsp_here, pop, wait_push, rsp_pop, rsp_push;

    assign waiting   = wait_count_q != '0;
    assign held      = rsp_count_q != '0;
    // The oldest token: the FIFO's head, else the last stage's.
    assign head_read = waiting ? wait_read_q[wait_head_q] : read_q[Latency-1];
    assign rsp_here  = held || rsp_valid_i;
    assign valid_o   = (waiting || valid_q[Latency-1]) && (!head_read || rsp_here);
    assign data_o    = waiting ? wait_tok_q[wait_head_q] : data_q[Latency-1];
    assign rsp_data_o = held ? rsp_q[rsp_head_q] : rsp_data_i;
    assign pop       = valid_o && waiting;
    // The last stage's token waits unless it leaves now.
    assign wait_push = valid_q[Latency-1] && (waiting || !valid_o);
    assign rsp_pop   = valid_o && head_read && held;
    assign rsp_push  = rsp_valid_i && !(valid_o && head_read && !held);
    assign inflight_o = staged + 8'(wait_count_q);

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        wait_head_q  <= '0;
        wait_tail_q  <= '0;
        wait_count_q <= '0;
        rsp_head_q   <= '0;
        rsp_tail_q   <= '0;
        rsp_count_q  <= '0;
      end else begin
        if (wait_push) wait_tail_q <= step(wait_tail_q);
        if (pop) wait_head_q <= step(wait_head_q);
        wait_count_q <= wait_count_q + CntWidth'(wait_push) - CntWidth'(pop);
        if (rsp_push) rsp_tail_q <= step(rsp_tail_q);
        if (rsp_pop) rsp_head_q <= step(rsp_head_q);
        rsp_count_q <= rsp_count_q + CntWidth'(rsp_push) - CntWidth'(rsp_pop);
      end
    end

    // Entries have no reset: only the counts say which hold a token.
    always_ff @(posedge clk_i) begin
      if (wait_push) begin
        wait_tok_q[wait_tail_q]  <= data_q[Latency-1];
        wait_read_q[wait_tail_q] <= read_q[Latency-1];
      end
      if (rsp_push) rsp_q[rsp_tail_q] <= rsp_data_i;
    end

`ifndef SAM_ASSERTS_OFF
    // Reads whose tokens are issued and whose responses have not left.
    logic [8:0] reads_q;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) reads_q <= '0;
      else reads_q <= reads_q + 9'(valid_i && read_i) - 9'(valid_o && head_read);
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        Room_A: assert (!(wait_push && !pop && wait_count_q == CntWidth'(Credits)))
        else $error("sam_read_align: a token held back in a full FIFO (the credits exceed Credits)");
        Asked_A: assert (!rsp_valid_i || 9'(rsp_count_q) < reads_q)
        else $error("sam_read_align: a response with no read outstanding");
      end
    end
`ifdef FORMAL
    // The reads outstanding are those of the tokens in the stages and the FIFO;
    // the early responses are fewer.
    // Entry i past the head, wrapped by one subtraction (no divider for the
    // solver).
    function automatic logic [PtrWidth-1:0] f_at(logic [PtrWidth-1:0] head, int unsigned i);
      logic [PtrWidth:0] at;
      at = (PtrWidth + 1)'(head) + (PtrWidth + 1)'(i);
      return PtrWidth'(at >= (PtrWidth + 1)'(Credits) ? at - (PtrWidth + 1)'(Credits) : at);
    endfunction
    logic [8:0] f_reads;
    always_comb begin
      f_reads = '0;
      for (int s = 0; s < Latency; s++) f_reads += 9'(valid_q[s] && read_q[s]);
      for (int i = 0; i < Credits; i++)
        if (32'(i) < 32'(wait_count_q))
          f_reads += 9'(wait_read_q[f_at(wait_head_q, i)]);
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        assert (reads_q == f_reads && 9'(rsp_count_q) <= reads_q);
        assert (32'(wait_count_q) <= Credits && 32'(rsp_count_q) <= Credits);
        assert (wait_count_q == CntWidth'(Credits) ? wait_tail_q == wait_head_q
                : wait_tail_q == f_at(wait_head_q, 32'(wait_count_q)));
        assert (rsp_count_q == CntWidth'(Credits) ? rsp_tail_q == rsp_head_q
                : rsp_tail_q == f_at(rsp_head_q, 32'(rsp_count_q)));
      end
    end
`endif
`endif
  end

endmodule
