// sam_locate: the locator (seed 003 section 4.2, Definition 4.1; golden model
// compiler/src/golden/locate.rs).
//
// Iterate-and-locate in place of co-iteration: one operand's coordinates are
// looked up in a random-access level of another tensor T instead of intersected
// with T's scanner. A point-wise join of three aligned streams: the iterated
// coordinates (`crd`), the iterated operand's references (`ref`) and T's parent
// references (`parent`, already repeated along the iterated index by a
// `sam_repsiggen` + `sam_repeat`, so one per coordinate). Per coordinate c with
// parent reference p, T's position is p * dim_i + c (a dense level: every
// coordinate below dim_i is present); it comes out on `loc` while c and the
// reference come out again on `crd` and `ref`.
//
// A miss is a parent N (T has no fiber there): with Miss = LocateDrop (T is a
// factor of a product) the coordinate is dropped from all three outputs; with
// LocateEmpty (an addend of a sum) `loc` carries N. Stops and D pass through on
// every output; the three inputs must agree on them token for token (asserted,
// an input contract).
//
// Structure: the three heads are accepted together while a credit is left
// (sam_credit: every output buffer has room for all tokens in flight), so the
// pipeline never stalls. p * dim_i is a registered multiplier, two cycles (on
// ECP5 a MULT18X18D with its own input and output registers, as in
// sam_fiberlookup's dense mode); the tokens ride two registers beside it, the
// adder p * dim_i + c sits in front of the `loc` buffer, and three output buffers
// (`sam_fifo`, Depth 4) decouple the consumers. Latency 3 cycles from accept to
// the outputs; one token per cycle on every output in steady state; a dropped
// coordinate costs its input cycle and gives nothing.
//
// The ready outputs are the credit register and the three input valids (a join):
// no combinational path from any ready_i to a ready_o. dim_i is a host register,
// held during a run.
//
// A compressed level would locate by searching crd[pos[p] .. pos[p+1]); that mode
// is not built, so the compiler refuses to locate into a level without the
// `locate` capability (compiler/src/expr/schedule.rs).
//
// Parameters: CrdWidth  payload width of coordinates (crd in and out, dim_i), 1..63
//             RefWidth  payload width of references (ref, parent, loc), 2..63
//             Miss      sam_pkg::locate_miss_e, as above
// Ports:      clk_i, rst_ni                            clock, asynchronous active-low
//                                                      reset
//             crd_valid_i, crd_ready_o, crd_tok_i      iterated coordinates (crd)
//             ref_valid_i, ref_ready_o, ref_tok_i      iterated references (ref)
//             parent_valid_i, parent_ready_o,          T's parent references (ref),
//             parent_tok_i                             aligned with crd
//             crd_valid_o, crd_ready_i, crd_tok_o      coordinates (crd)
//             ref_valid_o, ref_ready_i, ref_tok_o      iterated references (ref)
//             loc_valid_o, loc_ready_i, loc_tok_o      T's positions (ref)
//             dim_i                                    T's level dimension
module sam_locate #(
  parameter int unsigned           CrdWidth = sam_pkg::CrdWidth,
  parameter int unsigned           RefWidth = sam_pkg::CrdWidth,
  parameter sam_pkg::locate_miss_e Miss     = sam_pkg::LocateDrop
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                crd_valid_i,
  output logic                crd_ready_o,
  input  logic [CrdWidth:0]   crd_tok_i,
  input  logic                ref_valid_i,
  output logic                ref_ready_o,
  input  logic [RefWidth:0]   ref_tok_i,
  input  logic                parent_valid_i,
  output logic                parent_ready_o,
  input  logic [RefWidth:0]   parent_tok_i,
  output logic                crd_valid_o,
  input  logic                crd_ready_i,
  output logic [CrdWidth:0]   crd_tok_o,
  output logic                ref_valid_o,
  input  logic                ref_ready_i,
  output logic [RefWidth:0]   ref_tok_o,
  output logic                loc_valid_o,
  input  logic                loc_ready_i,
  output logic [RefWidth:0]   loc_tok_o,
  input  logic [CrdWidth-1:0] dim_i
);

  if (CrdWidth < 1 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_crd
    $error("sam_locate: CrdWidth must be in 1..63");
  end
  if (RefWidth < 2 || RefWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_ref
    $error("sam_locate: RefWidth must be in 2..63");
  end

  sam_stream_assert #(
    .Width(CrdWidth),
    .Name ("sam_locate crd")
  ) crd_check (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(crd_valid_i),
    .ready_i(crd_ready_o),
    .tok_i  (crd_tok_i)
  );
  sam_stream_assert #(
    .Width(RefWidth),
    .Name ("sam_locate ref")
  ) ref_check (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(ref_valid_i),
    .ready_i(ref_ready_o),
    .tok_i  (ref_tok_i)
  );
  sam_stream_assert #(
    .Width(RefWidth),
    .Name ("sam_locate parent")
  ) parent_check (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(parent_valid_i),
    .ready_i(parent_ready_o),
    .tok_i  (parent_tok_i)
  );

  // Accept to buffer: 2 cycles (the multiplier); each buffer holds Latency + 2.
  localparam int unsigned Depth = 4;

  sam_pkg::tok_kind_e crd_kind, ref_kind, parent_kind;
  logic [63:0]        crd_payload, ref_payload, parent_payload;
  logic               all_valid, accept, drop, take, credit_q;
  logic [2:0]         pops;
  logic               crd_pop, ref_pop, loc_pop;
  logic               crd_buf_ready, ref_buf_ready, loc_buf_ready;

  assign crd_payload    = 64'(crd_tok_i[CrdWidth-1:0]);
  assign ref_payload    = 64'(ref_tok_i[RefWidth-1:0]);
  assign parent_payload = 64'(parent_tok_i[RefWidth-1:0]);
  assign crd_kind       = sam_pkg::tok_kind(crd_tok_i[CrdWidth], crd_payload, CrdWidth);
  assign ref_kind       = sam_pkg::tok_kind(ref_tok_i[RefWidth], ref_payload, RefWidth);
  assign parent_kind    = sam_pkg::tok_kind(parent_tok_i[RefWidth], parent_payload, RefWidth);

  // The join: the three heads go together.
  assign all_valid      = crd_valid_i && ref_valid_i && parent_valid_i;
  assign accept         = all_valid && credit_q;
  assign crd_ready_o    = accept;
  assign ref_ready_o    = accept;
  assign parent_ready_o = accept;

  // A miss under a product leaves nothing behind.
  assign drop = Miss == sam_pkg::LocateDrop && crd_kind == sam_pkg::TokData
                && parent_kind == sam_pkg::TokEmpty;
  assign take = accept && !drop;

  assign crd_pop = crd_valid_o && crd_ready_i;
  assign ref_pop = ref_valid_o && ref_ready_i;
  assign loc_pop = loc_valid_o && loc_ready_i;
  assign pops    = {loc_pop, ref_pop, crd_pop};

  sam_credit #(
    .Depth  (Depth),
    .Outputs(3)
  ) credit (
    .clk_i (clk_i),
    .rst_ni(rst_ni),
    .take_i(take),
    .give_i(pops),
    .room_o(credit_q)
  );

  // The pipeline beside the multiplier: valid, the three tokens, and whether
  // `loc` is p * dim + c (a located coordinate) or the parent token itself (a
  // stop, D, or N under LocateEmpty: N, stops and D are the same at RefWidth).
  logic                s1_valid_q, s2_valid_q, s1_calc_q, s2_calc_q;
  logic [CrdWidth:0]   s1_crd_q, s2_crd_q;
  logic [RefWidth:0]   s1_ref_q, s2_ref_q, s1_parent_q, s2_parent_q, s2_loc;
  logic [RefWidth-1:0] mul_p;  // parent * dim_i of two cycles ago

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      s1_valid_q <= 1'b0;
      s2_valid_q <= 1'b0;
    end else begin
      s1_valid_q <= take;
      s2_valid_q <= s1_valid_q;
    end
  end

  // Data registers load every cycle; only the valid bits say whether they hold a
  // token.
  always_ff @(posedge clk_i) begin
    s1_calc_q   <= parent_kind == sam_pkg::TokData;
    s1_crd_q    <= crd_tok_i;
    s1_ref_q    <= ref_tok_i;
    s1_parent_q <= parent_tok_i;
    s2_calc_q   <= s1_calc_q;
    s2_crd_q    <= s1_crd_q;
    s2_ref_q    <= s1_ref_q;
    s2_parent_q <= s1_parent_q;
  end

  assign s2_loc = s2_calc_q ? {1'b0, mul_p + RefWidth'(s2_crd_q[CrdWidth-1:0])} : s2_parent_q;

  // p * dim_i, two cycles after p is at the input (input and output registers;
  // on ECP5 those of a MULT18X18D, whose combinational delay would not fit
  // 150 MHz between fabric registers).
  logic [RefWidth-1:0] mul_a, mul_b;
  assign mul_a = parent_tok_i[RefWidth-1:0];
  assign mul_b = RefWidth'(dim_i);
`ifdef SAM_ECP5
  localparam bit UseDsp = RefWidth >= 10 && RefWidth <= 18;
`else
  localparam bit UseDsp = 1'b0;
`endif
  if (!UseDsp) begin : gen_mul
    logic [RefWidth-1:0] mul_a_q, mul_b_q, mul_p_q;
    always_ff @(posedge clk_i) begin
      mul_a_q <= mul_a;
      mul_b_q <= mul_b;
      mul_p_q <= RefWidth'(mul_a_q * mul_b_q);
    end
    assign mul_p = mul_p_q;
`ifdef SAM_ECP5
  end else begin : gen_dsp
    logic [17:0] a, b;
    logic [35:0] p;
    assign a     = 18'(mul_a);
    assign b     = 18'(mul_b);
    assign mul_p = p[RefWidth-1:0];
    sam_mul18 mult (
      .clk_i(clk_i),
      .a_i  (a),
      .b_i  (b),
      .p_o  (p)
    );
`endif
  end

  sam_fifo #(
    .Width(CrdWidth),
    .Depth(Depth)
  ) crd_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(s2_valid_q),
    .ready_o(crd_buf_ready),
    .tok_i  (s2_crd_q),
    .valid_o(crd_valid_o),
    .ready_i(crd_ready_i),
    .tok_o  (crd_tok_o)
  );
  sam_fifo #(
    .Width(RefWidth),
    .Depth(Depth)
  ) ref_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(s2_valid_q),
    .ready_o(ref_buf_ready),
    .tok_i  (s2_ref_q),
    .valid_o(ref_valid_o),
    .ready_i(ref_ready_i),
    .tok_o  (ref_tok_o)
  );
  sam_fifo #(
    .Width(RefWidth),
    .Depth(Depth)
  ) loc_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(s2_valid_q),
    .ready_o(loc_buf_ready),
    .tok_i  (s2_loc),
    .valid_o(loc_valid_o),
    .ready_i(loc_ready_i),
    .tok_o  (loc_tok_o)
  );

`ifndef SAM_ASSERTS_OFF
  // The credits keep a free slot in every buffer for every token in the pipeline.
  always_ff @(posedge clk_i) begin
    if (rst_ni && s2_valid_q) begin
      assert (crd_buf_ready && ref_buf_ready && loc_buf_ready)
      else $error("sam_locate: output buffer overflow (credit accounting)");
    end
  end
`ifdef FORMAL
  // Each credit counter equals the tokens in flight to its output: in the
  // pipeline and in that output's buffer.
  logic [31:0] f_pipe;
  assign f_pipe = 32'(s1_valid_q) + 32'(s2_valid_q);
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (32'(credit.used_q[0]) == f_pipe + crd_buffer.f_count);
      assert (32'(credit.used_q[1]) == f_pipe + ref_buffer.f_count);
      assert (32'(credit.used_q[2]) == f_pipe + loc_buffer.f_count);
    end
  end
`endif

  // The input contract: the three heads agree (a coordinate with a reference or
  // N and a parent or N; the same stop; D together), and a located coordinate is
  // inside the level.
  logic heads_aligned;
  always_comb begin
    unique case (crd_kind)
      sam_pkg::TokData:
        heads_aligned = (ref_kind == sam_pkg::TokData || ref_kind == sam_pkg::TokEmpty)
                        && (parent_kind == sam_pkg::TokData
                            || parent_kind == sam_pkg::TokEmpty);
      sam_pkg::TokStop:
        heads_aligned = ref_kind == sam_pkg::TokStop && parent_kind == sam_pkg::TokStop
                        && ref_payload == crd_payload && parent_payload == crd_payload;
      sam_pkg::TokDone:
        heads_aligned = ref_kind == sam_pkg::TokDone && parent_kind == sam_pkg::TokDone;
      default: heads_aligned = 1'b0;  // N is no coordinate
    endcase
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && all_valid) begin
      HeadsAligned_M: assert (heads_aligned)
      else $error("sam_locate: crd, ref and parent heads are not aligned");
      if (crd_kind == sam_pkg::TokData && parent_kind == sam_pkg::TokData) begin
        CrdInLevel_M: assert (crd_payload < 64'(dim_i))
        else $error("sam_locate: coordinate %0d outside the level's dimension %0d",
                    crd_payload, dim_i);
      end
    end
  end
`else
  // Read only by the checks above.
  logic unused_buf_ready;
  sam_pkg::tok_kind_e unused_ref_kind;
  assign unused_buf_ready = crd_buf_ready & ref_buf_ready & loc_buf_ready;
  assign unused_ref_kind  = ref_kind;
`endif

endmodule
