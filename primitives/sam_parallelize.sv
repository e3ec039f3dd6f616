// sam_parallelize: the parallelizer of seed 003, section 4.4 (docs/primitives.md;
// golden model golden/src/models/lanes.rs, `deal`).
//
// Deals the elements of a loop's outermost level to Lanes copies of the graph
// below it. The dealt level comes in as Streams aligned streams (a coordinate
// stream and the references at the same positions), each `e1 .. en S0 D`; an
// element is the Streams tokens at one position. The module picks the lane of
// each element itself (a free lane, round robin among the free ones) and says
// which on the order output: per element its lane as data, then S0 D. Lane l
// gets each of its elements on every stream as a fiber of its own, `e S0`, and
// `S1 D` at the end (a lane given nothing gets just `S1 D`), so a lane closes an
// element without waiting for its next one. Example, 2 lanes: crd `4 7 9 S0 D`
// gives order `0 1 0 S0 D`, lane 0 `4 S0 9 S0 S1 D`, lane 1 `7 S0 S1 D` (when
// lane 1 is busy at the third element, order `0 1 1 ...` is as good: the
// serializer follows whatever order comes).
//
// Microarchitecture: per lane and stream a one-token output register, valid
// from its state; after an element leaves its register, the register takes the
// element's S0 (an `owe` bit per register). A lane is free when all its
// registers are empty. The inputs are joined: an element moves when every
// stream has a token, some lane is free and the order buffer (`sam_fifo`,
// Depth 2) has room; it goes to the first free lane at or after a round-robin
// pointer, which then moves past it. The input's S0 waits for every lane to be
// free and order room: every lane's registers take S1, the order takes S0. D
// likewise: every lane and the order take D.
// Throughput: an element holds its lane two cycles (the element, then its S0),
// so with 3 or more lanes one element per cycle; with 2 lanes two elements in
// three cycles (a lane could take its next element while its S0 leaves only
// through a path from out_ready_i to in_ready_o, which the library does not
// have).
// Latency: 1 cycle (the lane registers; the order buffer).
// Combinational paths: in_ready_o is a function of the input valids and tokens
// (a join) and registers (the lane registers, the pointer, the order buffer's
// ready_o at Depth 2): no path from any ready_i to any ready_o.
//
// Contract (checked in simulation, not SAM_ASSERTS_OFF): the streams are aligned:
// when all are valid, stream 0 decides the token's kind and every other stream
// has the same (data and N count as one kind, an element: a union's reference
// may be N beside a coordinate); the only stop is S0 (the dealt level is a
// loop's outermost), then D. A deeper stop stays on the input, which the
// assertion reports.
//
// Parameters: Lanes       lanes, 2..8
//             Streams     aligned streams dealt, 1..4
//             Width0..3   payload width of stream k, 2..63 (a lane's S1 needs 2
//                         bits); streams past Streams unused
//             OrderWidth  payload width of the order, >= max(2, clog2(Lanes))
// Ports:      clk_i, rst_ni                           clock, synchronous active-low reset
//             in<k>_valid_i, in<k>_ready_o, in<k>_tok_i  stream k of the dealt level
//                                                     (k = 0..3; k >= Streams tied off)
//             out<k>_valid_o[l], out<k>_ready_i[l], out<k>_tok_o[l]
//                                                     lane l's copy of stream k, a
//                                                     channel array over the lanes
//             order_valid_o, order_ready_i, order_tok_o  each element's lane, S0, D
module sam_parallelize #(
  parameter int unsigned Lanes      = 2,
  parameter int unsigned Streams    = 1,
  parameter int unsigned Width0     = sam_pkg::CrdWidth,
  parameter int unsigned Width1     = sam_pkg::CrdWidth,
  parameter int unsigned Width2     = sam_pkg::CrdWidth,
  parameter int unsigned Width3     = sam_pkg::CrdWidth,
  parameter int unsigned OrderWidth = 2
) (
  input  logic                        clk_i,
  input  logic                        rst_ni,
  input  logic                        in0_valid_i,
  output logic                        in0_ready_o,
  input  logic [Width0:0]             in0_tok_i,
  input  logic                        in1_valid_i,
  output logic                        in1_ready_o,
  input  logic [Width1:0]             in1_tok_i,
  input  logic                        in2_valid_i,
  output logic                        in2_ready_o,
  input  logic [Width2:0]             in2_tok_i,
  input  logic                        in3_valid_i,
  output logic                        in3_ready_o,
  input  logic [Width3:0]             in3_tok_i,
  output logic [Lanes-1:0]            out0_valid_o,
  input  logic [Lanes-1:0]            out0_ready_i,
  output logic [Lanes-1:0][Width0:0]  out0_tok_o,
  output logic [Lanes-1:0]            out1_valid_o,
  input  logic [Lanes-1:0]            out1_ready_i,
  output logic [Lanes-1:0][Width1:0]  out1_tok_o,
  output logic [Lanes-1:0]            out2_valid_o,
  input  logic [Lanes-1:0]            out2_ready_i,
  output logic [Lanes-1:0][Width2:0]  out2_tok_o,
  output logic [Lanes-1:0]            out3_valid_o,
  input  logic [Lanes-1:0]            out3_ready_i,
  output logic [Lanes-1:0][Width3:0]  out3_tok_o,
  output logic                        order_valid_o,
  input  logic                        order_ready_i,
  output logic [OrderWidth:0]         order_tok_o
);

  localparam int unsigned MaxStreams = 4;
  localparam int unsigned MaxLanes   = 8;
  localparam int unsigned LaneBits   = $clog2(MaxLanes);
  localparam int unsigned W01  = Width0 > Width1 ? Width0 : Width1;
  localparam int unsigned W23  = Width2 > Width3 ? Width2 : Width3;
  // The widest stream: the registers hold every stream's token zero-extended
  // to it, and each output port takes its own width's bits back.
  localparam int unsigned MaxW = W01 > W23 ? W01 : W23;
  localparam logic [MaxW:0] One = 1;
  localparam logic [MaxW:0] Ones = '1;
  localparam logic [MaxStreams-1:0] Used = MaxStreams'((1 << Streams) - 1);

  if (Lanes < 2 || Lanes > MaxLanes) begin : gen_bad_lanes
    $error("sam_parallelize: Lanes must be in 2..8");
  end
  if (Streams < 1 || Streams > MaxStreams) begin : gen_bad_streams
    $error("sam_parallelize: Streams must be in 1..4");
  end
  if (Width0 < 2 || Width1 < 2 || Width2 < 2 || Width3 < 2 || MaxW > sam_pkg::MaxPayloadWidth)
  begin : gen_bad_width
    $error("sam_parallelize: every Width must be in 2..63");
  end
  if (OrderWidth < 2 || OrderWidth < $clog2(Lanes) || OrderWidth > sam_pkg::MaxPayloadWidth)
  begin : gen_bad_order_width
    $error("sam_parallelize: OrderWidth must be in max(2, clog2(Lanes))..63");
  end

  // The streams as arrays, tokens zero-extended to MaxW.
  logic [MaxStreams-1:0]            in_valid, in_ready;
  logic [MaxStreams-1:0][MaxW:0]    in_tok;
  logic [MaxStreams-1:0][Lanes-1:0] out_ready;
  // Per stream: its token an element (data or N), a stop, S0, D; its S0, S1, D.
  logic [MaxStreams-1:0]            is_elem, is_stop, is_s0, is_done;
  logic [MaxStreams-1:0][MaxW:0]    s0_tok, s1_tok, d_tok;

  assign in_valid = {in3_valid_i, in2_valid_i, in1_valid_i, in0_valid_i};
  assign {in3_ready_o, in2_ready_o, in1_ready_o, in0_ready_o} = in_ready;
  assign out_ready = {out3_ready_i, out2_ready_i, out1_ready_i, out0_ready_i};

  always_comb begin
    in_tok = '0;
    in_tok[0][Width0:0] = in0_tok_i;
    in_tok[1][Width1:0] = in1_tok_i;
    in_tok[2][Width2:0] = in2_tok_i;
    in_tok[3][Width3:0] = in3_tok_i;
  end

  for (genvar k = 0; k < MaxStreams; k++) begin : gen_stream
    localparam int unsigned W = k == 0 ? Width0 : k == 1 ? Width1 : k == 2 ? Width2 : Width3;
    sam_pkg::tok_kind_e kind;
    assign kind       = sam_pkg::tok_kind(in_tok[k][W], 64'(in_tok[k][W-1:0]), W);
    assign is_elem[k] = kind == sam_pkg::TokData || kind == sam_pkg::TokEmpty;
    assign is_stop[k] = kind == sam_pkg::TokStop;
    assign is_s0[k]   = is_stop[k] && in_tok[k][W-1:0] == '0;
    assign is_done[k] = kind == sam_pkg::TokDone;
    assign s0_tok[k]  = One << W;
    assign s1_tok[k]  = (One << W) | One;
    assign d_tok[k]   = Ones >> (MaxW - W);
  end

  sam_stream_assert #(.Width(Width0), .Name("sam_parallelize in0")) in0_check (
    .clk_i, .rst_ni, .valid_i(in0_valid_i), .ready_i(in0_ready_o), .tok_i(in0_tok_i)
  );
  if (Streams > 1) begin : gen_check1
    sam_stream_assert #(.Width(Width1), .Name("sam_parallelize in1")) in1_check (
      .clk_i, .rst_ni, .valid_i(in1_valid_i), .ready_i(in1_ready_o), .tok_i(in1_tok_i)
    );
  end
  if (Streams > 2) begin : gen_check2
    sam_stream_assert #(.Width(Width2), .Name("sam_parallelize in2")) in2_check (
      .clk_i, .rst_ni, .valid_i(in2_valid_i), .ready_i(in2_ready_o), .tok_i(in2_tok_i)
    );
  end
  if (Streams > 3) begin : gen_check3
    sam_stream_assert #(.Width(Width3), .Name("sam_parallelize in3")) in3_check (
      .clk_i, .rst_ni, .valid_i(in3_valid_i), .ready_i(in3_ready_o), .tok_i(in3_tok_i)
    );
  end

  // The lane registers: full, owing the element's S0, the token.
  logic [Lanes-1:0][MaxStreams-1:0]         full_d, full_q, owe_d, owe_q;
  logic [Lanes-1:0][MaxStreams-1:0][MaxW:0] tok_d, tok_q;
  logic [LaneBits-1:0]                      rr_d, rr_q;

  logic [Lanes-1:0]    lane_free;
  logic                all_valid, any_free, all_free, order_room;
  logic                take_elem, take_s0, take_done, take;
  logic [LaneBits-1:0] pick;

  for (genvar l = 0; l < Lanes; l++) begin : gen_free
    assign lane_free[l] = (full_q[l] & Used) == '0;
  end

  assign all_valid = (in_valid | ~Used) == '1;
  assign any_free  = lane_free != '0;
  assign all_free  = lane_free == '1;

  // The first free lane at or after the pointer.
  // The candidates from the farthest back to the nearest, so the nearest
  // wins; rr_q + i is below 2 * Lanes, so one subtraction wraps it (no
  // divider for a Lanes that is no power of two).
  logic [MaxLanes-1:0] free_pad;
  assign free_pad = MaxLanes'(lane_free);
  always_comb begin
    logic [LaneBits:0] j;
    pick = rr_q;
    for (int unsigned i = Lanes; i > 0; i--) begin
      j = {1'b0, rr_q} + (LaneBits + 1)'(i - 1);
      if (j >= (LaneBits + 1)'(Lanes)) j = j - (LaneBits + 1)'(Lanes);
      if (free_pad[j[LaneBits-1:0]]) pick = j[LaneBits-1:0];
    end
  end

  assign take_elem = all_valid && is_elem[0] && any_free && order_room;
  assign take_s0   = all_valid && is_s0[0] && all_free && order_room;
  assign take_done = all_valid && is_done[0] && all_free && order_room;
  assign take      = take_elem || take_s0 || take_done;
  assign in_ready  = take ? Used : '0;

  always_comb begin
    full_d = full_q;
    owe_d  = owe_q;
    tok_d  = tok_q;
    rr_d   = rr_q;
    for (int unsigned l = 0; l < Lanes; l++) begin
      for (int unsigned k = 0; k < MaxStreams; k++) begin
        if (Used[k]) begin
          // An element leaving its register leaves its S0 behind it.
          if (full_q[l][k] && out_ready[k][l]) begin
            if (owe_q[l][k]) begin
              tok_d[l][k] = s0_tok[k];
              owe_d[l][k] = 1'b0;
            end else begin
              full_d[l][k] = 1'b0;
            end
          end
          // A lane takes only when free, so nothing above is in its way.
          if ((take_elem && pick == LaneBits'(l)) || take_s0 || take_done) begin
            full_d[l][k] = 1'b1;
            owe_d[l][k]  = take_elem;
            tok_d[l][k]  = take_elem ? in_tok[k] : take_s0 ? s1_tok[k] : d_tok[k];
          end
        end
      end
    end
    if (take_elem) rr_d = pick == LaneBits'(Lanes - 1) ? '0 : pick + 1'b1;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      full_q <= '0;
      owe_q  <= '0;
      tok_q  <= '0;
      rr_q   <= '0;
    end else begin
      full_q <= full_d;
      owe_q  <= owe_d;
      tok_q  <= tok_d;
      rr_q   <= rr_d;
    end
  end

  for (genvar l = 0; l < Lanes; l++) begin : gen_out
    assign out0_valid_o[l] = full_q[l][0];
    assign out1_valid_o[l] = full_q[l][1];
    assign out2_valid_o[l] = full_q[l][2];
    assign out3_valid_o[l] = full_q[l][3];
    assign out0_tok_o[l]   = tok_q[l][0][Width0:0];
    assign out1_tok_o[l]   = tok_q[l][1][Width1:0];
    assign out2_tok_o[l]   = tok_q[l][2][Width2:0];
    assign out3_tok_o[l]   = tok_q[l][3][Width3:0];
  end

  // The order: the element's lane, S0, D.
  logic [OrderWidth:0] order_tok;
  always_comb begin
    order_tok = '0;
    if (take_elem) begin
      order_tok[OrderWidth-1:0] = OrderWidth'(pick);
    end else if (take_s0) begin
      order_tok[OrderWidth] = 1'b1;
    end else begin
      order_tok = '1;
    end
  end

  sam_fifo #(
    .Width(OrderWidth),
    .Depth(2)
  ) order_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(take),
    .ready_o(order_room),
    .tok_i  (order_tok),
    .valid_o(order_valid_o),
    .ready_i(order_ready_i),
    .tok_o  (order_tok_o)
  );

  // The registers of streams past Streams stay empty; their bits of the token
  // arrays and the high bits of the narrower streams are never read.
  logic unused_bits;
  assign unused_bits = ^{in_tok, is_stop & ~is_s0, tok_q, is_elem[MaxStreams-1:1],
                         is_s0[MaxStreams-1:1], is_done[MaxStreams-1:1]};

`ifndef SAM_ASSERTS_OFF
  // The contract: aligned streams, S0 the only stop.
  always_ff @(posedge clk_i) begin
    if (rst_ni && all_valid) begin
      for (int unsigned k = 1; k < MaxStreams; k++) begin
        if (Used[k]) begin
          assert (is_elem[k] == is_elem[0] && is_s0[k] == is_s0[0] && is_done[k] == is_done[0])
          else $error("sam_parallelize: stream %0d is not aligned with stream 0", k);
        end
      end
      assert (!is_stop[0] || is_s0[0])
      else $error("sam_parallelize: a stop deeper than S0: the dealt level must be outermost");
    end
  end
`endif

endmodule
