// sam_runexpand: runs to points (Donenfeld et al.'s compression paper; golden model
// golden/src/models/runs.rs `runexpand`; contract in docs/fill-regions.md).
//
// The input pair (crd, ref) is a run stream: coordinate x with second token r
// stands for the run [x, e), e the fiber's next coordinate or dim_i. Each run
// comes out as the coordinates x .. e-1, each beside r; stops and D pass through
// on both outputs. The second channel is opaque: references, or values (N
// included) when the node's `values` flag is set, pass unchanged.
//
// With Lz77 set it expands an LZ77 level's entries instead (golden model
// `lzexpand` in golden/src/models/lz77.rs; docs/fill-regions.md): the second
// input is the descriptor stream (DescWidth bits, the value width), each entry's
// word {lit, rep} with rep in its low sam_pkg::DescRepBits bits, and the second
// output is each point's literal slot (RefWidth bits). The entry at x covers
// x .. e-1 as a run does; its k-th coordinate gets lit + (k mod rep) for a
// repeat and lit for a literal, which covers exactly one coordinate. The slot
// comes from a phase counter that restarts at rep (no divider): one point per
// cycle, as for runs. Stops and D pass, re-encoded at RefWidth.
//
// A run's first coordinate comes out in the cycle its token is taken (a run is
// never empty); the coordinates after it need its end, so the run waits in a
// register beside the next input pair, whose coordinate (or stop: dim_i) is
// the end. One output pair per cycle whenever the next pair is in and both
// outputs have room.
//
// Input contract (asserted at the stage registers, `_A`; the formal proofs
// assume it on the ports and prove these): the two inputs have the same shape (a
// coordinate beside a data or N token, equal stops and D); no N in crd. Lz77:
// a descriptor, never N, beside each start, and a literal's entry ends one
// past its start. Starts that do not increase, or a start at or past dim_i,
// give each such run its first coordinate only.
//
// Pipeline: each input is held in a one-token stage register, so the expander
// starts from registers (Lz77: the descriptor is split into its slot token and
// rep - 1 on the way in); each output pair goes through a register into
// three-entry buffers, pushed on credits (`sam_scan_out`). Readies
// are functions of registers only. Lz77: the decision only says whether a pair
// starts an entry; the phase counter sits between the output register and the
// buffer, off the run end's compare (on the decision's path it doubles the
// compare's fan-out: about 140 MHz on ECP5).
//
// Parameters: CrdWidth   payload width of the coordinates, 1..63
//             RefWidth   payload width of the second channel (Lz77: of the
//                        output slots), 1..63
//             Lz77       the second input is an LZ77 descriptor stream
//             DescWidth  Lz77: payload width of the descriptors,
//                        DescRepBits + 1 .. 63
// Ports:      clk_i, rst_ni                        clock, synchronous active-low reset
//             dim_i                                the index's extent, held during a run
//             crd_valid_i, crd_ready_o, crd_tok_i  run starts
//             ref_valid_i, ref_ready_o, ref_tok_i  the runs' references (or values;
//                                                  Lz77: the entries' descriptors)
//             crd_valid_o, crd_ready_i, crd_tok_o  points
//             ref_valid_o, ref_ready_i, ref_tok_o  each point's run's reference
//                                                  (Lz77: its literal slot)
module sam_runexpand #(
  parameter int unsigned CrdWidth  = sam_pkg::CrdWidth,
  parameter int unsigned RefWidth  = sam_pkg::CrdWidth,
  parameter bit          Lz77      = 1'b0,
  parameter int unsigned DescWidth = sam_pkg::ValWidth,
  // Payload width of the second input.
  localparam int unsigned InWidth  = Lz77 ? DescWidth : RefWidth
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic [CrdWidth-1:0] dim_i,
  input  logic                crd_valid_i,
  output logic                crd_ready_o,
  input  logic [  CrdWidth:0] crd_tok_i,
  input  logic                ref_valid_i,
  output logic                ref_ready_o,
  input  logic [   InWidth:0] ref_tok_i,
  output logic                crd_valid_o,
  input  logic                crd_ready_i,
  output logic [  CrdWidth:0] crd_tok_o,
  output logic                ref_valid_o,
  input  logic                ref_ready_i,
  output logic [  RefWidth:0] ref_tok_o
);

  if (CrdWidth < 1 || CrdWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_crd_width
    $error("sam_runexpand: CrdWidth must be in 1..63");
  end
  if (RefWidth < 1 || RefWidth > sam_pkg::MaxPayloadWidth) begin : gen_bad_ref_width
    $error("sam_runexpand: RefWidth must be in 1..63");
  end
  if (Lz77 && (DescWidth <= sam_pkg::DescRepBits || DescWidth > sam_pkg::MaxPayloadWidth))
  begin : gen_bad_desc_width
    $error("sam_runexpand: DescWidth must be in DescRepBits + 1 .. 63");
  end

  // One bit wider than a coordinate: the coordinate after the largest one.
  typedef logic [CrdWidth:0] wide_t;
  localparam int unsigned Depth = 3;

  // ---- Input stages (`sam_pair_in`): c_q the run start or stop, r_q its
  // second token as the outputs carry it.
  logic              c_full, r_full, c_load, r_load, take;
  logic [CrdWidth:0] c_q;
  logic [RefWidth:0] r_q;
  logic              c_data_q;

  // The second token as the outputs carry it, and (Lz77) the entry's rep - 1,
  // 0 for a literal: a literal is a repeat of distance 1 that covers one
  // coordinate.
  typedef logic [sam_pkg::DescRepBits-1:0] span_t;
  logic [RefWidth:0] r_in;
  span_t             r_in_span, r_span_q;

  if (Lz77) begin : gen_desc_in
    sam_pkg::tok_kind_e d_kind;
    logic [63:0]        d_payload;
    span_t              d_rep;
    assign d_payload = 64'(ref_tok_i[InWidth-1:0]);
    assign d_kind    = sam_pkg::tok_kind(ref_tok_i[InWidth], d_payload, InWidth);
    assign d_rep     = d_payload[sam_pkg::DescRepBits-1:0];
    always_comb begin
      unique case (d_kind)
        sam_pkg::TokData:  r_in = {1'b0, RefWidth'(d_payload >> sam_pkg::DescRepBits)};
        sam_pkg::TokEmpty: r_in = {1'b1, RefWidth'(sam_pkg::empty_payload(RefWidth))};
        sam_pkg::TokDone:  r_in = {1'b1, RefWidth'(sam_pkg::done_payload(RefWidth))};
        default:           r_in = {1'b1, RefWidth'(d_payload)};  // a stop
      endcase
    end
    // rep - 1 floored at 0, as a subtraction: a select of 0 becomes the
    // registers' synchronous reset, whose enable (the take) then reaches it
    // through one more LUT (ECP5).
    assign r_in_span = d_rep - span_t'(d_rep != '0);
  end else begin : gen_ref_in
    assign r_in      = ref_tok_i;
    assign r_in_span = '0;
  end

  sam_pair_in #(
    .CrdWidth(CrdWidth), .InWidth(InWidth), .HeldWidth(RefWidth), .SecondEmpty(!Lz77),
    .Name("sam_runexpand")
  ) stage (
    .clk_i, .rst_ni, .crd_valid_i, .crd_ready_o, .crd_tok_i,
    .second_valid_i(ref_valid_i), .second_ready_o(ref_ready_o), .second_tok_i(ref_tok_i),
    .hold_i(r_in), .take_i(take), .load_o({r_load, c_load}), .full_o({r_full, c_full}),
    .crd_q_o(c_q), .second_q_o(r_q)
  );

  always_ff @(posedge clk_i) begin
    if (c_load) c_data_q <= !crd_tok_i[CrdWidth];
    if (r_load) r_span_q <= r_in_span;
  end

  // ---- The run in hand: the next coordinate to give and its reference.
  logic              run_d, run_q;
  wide_t             x_d, x_q;
  logic              more;
  logic [RefWidth:0] rr_d, rr_q;

  logic              room, push;
  logic [CrdWidth:0] push_crd;
  logic [RefWidth:0] push_ref;

  // The run in hand has coordinates left: both ends compared at once, then
  // chosen by the next token's kind (a carry chain off the choice's path).
  assign more    = run_q && (c_data_q ? x_q < {1'b0, c_q[CrdWidth-1:0]} : x_q < {1'b0, dim_i});

  always_comb begin
    run_d    = run_q;
    x_d      = x_q;
    rr_d     = rr_q;
    push     = 1'b0;
    take     = 1'b0;
    push_crd = c_q;
    push_ref = r_q;
    if (c_full && r_full && room) begin
      push = 1'b1;
      if (more) begin
        push_crd = {1'b0, x_q[CrdWidth-1:0]};
        // Lz77: the slot is the output stage's (gen_phase).
        if (!Lz77) push_ref = rr_q;
        x_d      = x_q + wide_t'(1);
      end else begin
        // The run in hand is over: the next token starts a run or closes the
        // fiber.
        take  = 1'b1;
        run_d = c_data_q;
        x_d   = {1'b0, c_q[CrdWidth-1:0]} + wide_t'(1);
        rr_d  = r_q;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      run_q <= 1'b0;
      x_q   <= '0;
      rr_q  <= '0;
    end else begin
      run_q <= run_d;
      x_q   <= x_d;
      rr_q  <= rr_d;
    end
  end

`ifndef SAM_ASSERTS_OFF
  if (Lz77) begin : gen_literal_check
    // Whether the entry in the input stage, and the one in hand, is a literal.
    logic r_lit_q, hand_lit_q;
    always_ff @(posedge clk_i) begin
      if (r_load) r_lit_q <= ref_tok_i[sam_pkg::DescRepBits-1:0] == '0;
      if (take) hand_lit_q <= r_lit_q;
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni && c_full && r_full && run_q && hand_lit_q) begin
        LiteralCoversOne_A: assert (!more)
        else $error("sam_runexpand: a literal entry covers more than one coordinate");
      end
    end
  end
`endif

  // The output registers: the choice between the run in hand and the next
  // token ends in them, not in the buffers' memories. A token is pushed only
  // with a credit in both buffers (it spends a cycle in the registers first).
  logic              push_q;
  logic [CrdWidth:0] push_crd_q;
  logic [RefWidth:0] push_ref_q, ref_out;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) push_q <= 1'b0;
    else push_q <= push;
  end
  always_ff @(posedge clk_i) begin
    push_crd_q <= push_crd;
    push_ref_q <= push_ref;
  end

  // Lz77: the slot of each pair, from the output register as it enters the
  // buffer, so the phase counter is off the decision's path. A take brings
  // the entry's first slot token (or its stop or D) and its span = rep - 1;
  // each further coordinate steps the slot through the window
  // lit .. lit + span and starts over. cnt_q counts the steps left before the
  // restart: the slot is lit + (span - cnt).
  if (Lz77) begin : gen_phase
    logic                take_q, wrap;
    span_t               take_span_q, span_q, cnt_q;
    logic [RefWidth-1:0] lit_q, slot_q, slot_step;
    always_ff @(posedge clk_i) begin
      take_q      <= take;
      take_span_q <= r_span_q;
    end
    assign wrap      = cnt_q == '0;
    assign slot_step = wrap ? lit_q : slot_q + RefWidth'(1);
    always_ff @(posedge clk_i) begin
      if (push_q && take_q) begin
        lit_q  <= push_ref_q[RefWidth-1:0];
        slot_q <= push_ref_q[RefWidth-1:0];
        span_q <= take_span_q;
        cnt_q  <= take_span_q;
      end else if (push_q) begin
        slot_q <= slot_step;
        cnt_q  <= wrap ? span_q : cnt_q - span_t'(1);
      end
    end
    assign ref_out = take_q ? push_ref_q : {1'b0, slot_step};
`ifdef FORMAL
    // While an entry is in hand here, its slot is the window's start plus the
    // phase, which stays within the window.
    logic hand_q;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) hand_q <= 1'b0;
      else if (push_q && take_q) hand_q <= !push_ref_q[RefWidth];
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni && hand_q) begin
        assert (cnt_q <= span_q);
        assert (slot_q == lit_q + RefWidth'(span_q - cnt_q));
      end
    end
`endif
  end else begin : gen_pass
    assign ref_out = push_ref_q;
    logic unused_span;
    assign unused_span = ^r_span_q;
  end

  // The credits and the output buffers (crd 0, ref 1); the output
  // registers in flight.
  localparam int unsigned OutWidth = CrdWidth > RefWidth ? CrdWidth : RefWidth;
  logic [1:0][OutWidth:0] out_tok;
  sam_scan_out #(
    .Outputs(2), .Width(OutWidth), .Widths({7'(RefWidth), 7'(CrdWidth)}), .Depth(Depth)
  ) out (
    .clk_i(clk_i), .rst_ni(rst_ni), .take_i(push), .drop_i(1'b0), .room_o(room), .valid_i(push_q),
    .tok_i({(OutWidth + 1)'(ref_out), (OutWidth + 1)'(push_crd_q)}),
    .valid_o({ref_valid_o, crd_valid_o}), .ready_i({ref_ready_i, crd_ready_i}), .tok_o(out_tok),
    .inflight_i(8'(push_q))
  );
  assign crd_tok_o = out_tok[0][CrdWidth:0];
  assign ref_tok_o = out_tok[1][RefWidth:0];
  logic unused_out;  // the output tokens' bits above each output's width
  assign unused_out = ^out_tok;

endmodule
