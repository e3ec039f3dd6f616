// sam_fiberwrite: compressed level writer (docs/primitives.md; golden model
// fiberwrite_compressed in golden/src/models/fiberwrite.rs).
//
// Writes the coordinate stream of one compressed level into two arrays: crd gets
// every coordinate in stream order; pos gets 0, then the running coordinate
// count at the end of each fiber. With EveryFiber = 0 (a level below a compressed
// one, the reference simulator's rule) only a non-empty fiber (a stop right after
// a coordinate) adds an entry: crddrop has removed the outer coordinate of an
// empty one. With EveryFiber = 1 (below a dense level, which keeps every
// coordinate: CSR's empty rows) every stop adds one. A stream of D alone gives
// pos = [0]. When the first token is a stop that adds an entry, that entry
// (pos[1]) takes the write port and pos[0] = 0 follows in the next cycle whose
// token adds none, at the latest with D. The arrays are `sam_mem`s
// outside this module (write ports `pos` and `crd`); the host reads them back
// after the run, with the word counts from pos_count_o and crd_count_o, once
// done_o is 1 (once D is consumed and the memories have taken every write).
//
// One token per cycle, no output stream, ready whenever the memory takes the
// writes (the on-chip array always does). The array writes are registered
// (issued the cycle after the token is consumed) and held until taken. pos words are
// AddrWidth+1 bits: a pos entry counts up to 2**AddrWidth coordinates.
// Protocol errors (asserted): N in the stream, a coordinate after the last stop
// (right before D), more coordinates or pos entries than an array holds.
//
// Parameters: CrdWidth   payload width of the coordinate stream and the crd
//                        words, 1..63
//             AddrWidth  address width of both arrays, 1..20
//             EveryFiber 1: a pos entry for an empty fiber too (see above)
// Ports:      clk_i, rst_ni                          clock, synchronous active-low
//                                                    reset
//             crd_valid_i, crd_ready_o, crd_tok_i    coordinates (crd)
//             pos_wr_en_o, pos_wr_addr_o, pos_wr_data_o   writes of the pos array
//             crd_wr_en_o, crd_wr_addr_o, crd_wr_data_o   writes of the crd array
//             pos_wr_ready_i, crd_wr_ready_i         each write taken (memory port
//                                                    protocol)
//             pos_count_o, crd_count_o               words written to each array
//             done_o                                 1 once D was consumed and every
//                                                    write taken
// crd_ready_o is a function of registers and the wr_ready_i inputs (registers of
// the memories, by the port protocol); no other combinational path from an input
// to an output.
module sam_fiberwrite #(
  parameter int unsigned CrdWidth  = sam_pkg::CrdWidth,
  parameter int unsigned AddrWidth = 8,
  parameter int unsigned EveryFiber = 0
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic                 crd_valid_i,
  output logic                 crd_ready_o,
  input  logic [CrdWidth:0]    crd_tok_i,
  output logic                 pos_wr_en_o,
  output logic [AddrWidth-1:0] pos_wr_addr_o,
  output logic [AddrWidth:0]   pos_wr_data_o,
  output logic                 crd_wr_en_o,
  output logic [AddrWidth-1:0] crd_wr_addr_o,
  output logic [CrdWidth-1:0]  crd_wr_data_o,
  input  logic                 pos_wr_ready_i,
  input  logic                 crd_wr_ready_i,
  output logic [AddrWidth:0]   pos_count_o,
  output logic [AddrWidth:0]   crd_count_o,
  output logic                 done_o
);

  if (CrdWidth < 1 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_width
    $error("sam_fiberwrite: CrdWidth must be in 1..63");
  end
  if (AddrWidth < 1 || AddrWidth > 20) begin : gen_bad_addr_width
    $error("sam_fiberwrite: AddrWidth must be in 1..20");
  end
  if (EveryFiber > 1) begin : gen_bad_every_fiber
    $error("sam_fiberwrite: EveryFiber must be 0 or 1");
  end

  sam_stream_assert #(.Width(CrdWidth), .Name("sam_fiberwrite crd")) crd_check (
    .clk_i, .rst_ni, .valid_i(crd_valid_i), .ready_i(crd_ready_o), .tok_i(crd_tok_i)
  );

  sam_pkg::tok_kind_e in_kind;
  logic               first, close, advance, in_valid;

  // started_q: a token was consumed (pos[0] is written); open_q: the current
  // fiber has a coordinate.
  logic                 started_q, open_d, open_q, done_d, done_q;
  logic [AddrWidth:0]   pos_cnt_d, pos_cnt_q, crd_cnt_d, crd_cnt_q;
  logic                 pos_we_d, pos_we_q, crd_we_d, crd_we_q;
  logic [AddrWidth-1:0] pos_addr_d, pos_addr_q, crd_addr_d, crd_addr_q;
  logic [AddrWidth:0]   pos_data_d, pos_data_q;
  logic [CrdWidth-1:0]  crd_data_d, crd_data_q;
  logic                 pend0_d, pend0_q;  // pos[0] still to write
  logic [AddrWidth:0]   pos_base;

  // The write registers move on once the memory has taken their writes (memory
  // port protocol, docs/memory.md; the on-chip array takes every write).
  assign advance     = (!pos_we_q || pos_wr_ready_i) && (!crd_we_q || crd_wr_ready_i);
  assign crd_ready_o = advance;
  assign in_valid    = crd_valid_i && advance;
  assign in_kind = sam_pkg::tok_kind(crd_tok_i[CrdWidth], 64'(crd_tok_i[CrdWidth-1:0]),
                                     CrdWidth);
  assign first = in_valid && !started_q;
  assign close = in_valid && in_kind == sam_pkg::TokStop && (EveryFiber != 0 || open_q);

  always_comb begin
    open_d     = open_q;
    done_d     = done_q;
    pos_cnt_d  = pos_cnt_q;
    crd_cnt_d  = crd_cnt_q;
    pos_we_d   = 1'b0;
    pos_addr_d = pos_addr_q;
    pos_data_d = pos_data_q;
    crd_we_d   = 1'b0;
    crd_addr_d = crd_addr_q;
    crd_data_d = crd_data_q;
    pend0_d    = pend0_q;
    // The entries before this token: pos[0] counts from the first token on.
    pos_base   = first ? (AddrWidth + 1)'(1) : pos_cnt_q;
    if (first) begin
      pos_cnt_d = (AddrWidth + 1)'(1);
    end
    if (close) begin
      pos_we_d   = 1'b1;
      pos_addr_d = pos_base[AddrWidth-1:0];
      pos_data_d = crd_cnt_q;
      pos_cnt_d  = pos_base + 1'b1;
      pend0_d    = pend0_q || first;
    end else if (first || pend0_q) begin
      // pos[0] = 0, in the first cycle whose token closes no fiber.
      pos_we_d   = 1'b1;
      pos_addr_d = '0;
      pos_data_d = '0;
      pend0_d    = 1'b0;
    end
    if (in_valid) begin
      unique case (in_kind)
        sam_pkg::TokData: begin
          crd_we_d   = 1'b1;
          crd_addr_d = crd_cnt_q[AddrWidth-1:0];
          crd_data_d = crd_tok_i[CrdWidth-1:0];
          crd_cnt_d  = crd_cnt_q + 1'b1;
          open_d     = 1'b1;
        end
        sam_pkg::TokStop: open_d = 1'b0;
        sam_pkg::TokDone: done_d = 1'b1;
        default: ;  // N: flagged by the assertion below
      endcase
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      started_q  <= 1'b0;
      pend0_q    <= 1'b0;
      open_q     <= 1'b0;
      done_q     <= 1'b0;
      pos_cnt_q  <= '0;
      crd_cnt_q  <= '0;
      pos_we_q   <= 1'b0;
      pos_addr_q <= '0;
      pos_data_q <= '0;
      crd_we_q   <= 1'b0;
      crd_addr_q <= '0;
      crd_data_q <= '0;
    end else if (advance) begin
      started_q  <= started_q || in_valid;
      pend0_q    <= pend0_d;
      open_q     <= open_d;
      done_q     <= done_d;
      pos_cnt_q  <= pos_cnt_d;
      crd_cnt_q  <= crd_cnt_d;
      pos_we_q   <= pos_we_d;
      pos_addr_q <= pos_addr_d;
      pos_data_q <= pos_data_d;
      crd_we_q   <= crd_we_d;
      crd_addr_q <= crd_addr_d;
      crd_data_q <= crd_data_d;
    end
  end

  assign pos_wr_en_o   = pos_we_q;
  assign pos_wr_addr_o = pos_addr_q;
  assign pos_wr_data_o = pos_data_q;
  assign crd_wr_en_o   = crd_we_q;
  assign crd_wr_addr_o = crd_addr_q;
  assign crd_wr_data_o = crd_data_q;
  assign pos_count_o   = pos_cnt_q;
  assign crd_count_o   = crd_cnt_q;
  assign done_o        = done_q && !pos_we_q && !crd_we_q;

`ifndef SAM_ASSERTS_OFF
  // Words an array holds (entries a count may reach).
  localparam logic [AddrWidth:0] Capacity = (AddrWidth + 1)'(2 ** AddrWidth);

  always_ff @(posedge clk_i) begin
    if (rst_ni && in_valid) begin
      NothingAfterDone_A: assert (!done_q)
      else $error("sam_fiberwrite: a token after D");
      NoEmpty_M: assert (in_kind != sam_pkg::TokEmpty)
      else $error("sam_fiberwrite: N in a coordinate stream");
      ClosedBeforeDone_A: assert (!(in_kind == sam_pkg::TokDone && open_q))
      else $error("sam_fiberwrite: coordinates after the last stop");
      CrdCapacity_A: assert (!(in_kind == sam_pkg::TokData && crd_cnt_q == Capacity))
      else $error("sam_fiberwrite: more than %0d coordinates", Capacity);
      PosCapacity_A: assert (!(close && pos_base == Capacity))
      else $error("sam_fiberwrite: more than %0d pos entries", Capacity);
    end
  end
`endif

endmodule
