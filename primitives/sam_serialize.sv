// sam_serialize: the serializer of seed 003, section 4.4 (docs/primitives.md;
// golden model golden/src/models/lanes.rs, `serialize`).
//
// Merges one stream the lanes of a sam_parallelize give back into element
// order, following the parallelizer's order (per element its lane, then S0 D).
// Each lane's stream sits Depth levels below the dealt level: per element it
// was given, the element's tokens closed by S_Depth (inner stops below S_Depth
// pass), then whatever the lane's closing empty fiber gives, then D. The output
// has the elements in order, each from its lane: for Depth >= 1 each closed by
// S_(Depth-1) but the last, closed by S_Depth; for Depth = 0 (one token per
// element) nothing between elements and S0 after the last; then D. With no
// element at all it is S_Depth D. What a lane gives past its elements (up to
// its D) is dropped. Example, Depth 1, order 0 1 0 S0 D: lane 0
// `1 2 S1 5 S1 S2 D` and lane 1 `3 S1 S2 D` give `1 2 S0 3 S0 5 S1 D`.
//
// Microarchitecture: an FSM over the order. Next: the order's data names the
// lane of the next element. Body (Depth >= 1): the lane's tokens pass until its
// S_Depth; on that boundary the order's next token decides: data gives
// S_(Depth-1) and starts the next element in the same cycle, S0 gives S_Depth.
// Drain (from the order's S0): every lane is read up to and including its D
// and the tokens dropped; S_Depth goes out if Depth is 0 or no element came;
// D goes out with the order's D once every lane has given its D. For Depth 0
// an element is `v S0`: Next passes v at once and marks the lane as owing its
// S0, which is taken in the background while other lanes' values go out, so
// elements move one per cycle (an element from the same lane as the one before
// waits one cycle for that S0). The output sits behind a `sam_fifo` (Depth 2).
// Throughput: one output token per cycle.
// Latency: 1 cycle (the output buffer).
// Combinational paths: order_ready_o and in_ready_o are functions of the input
// valids and tokens (a join) and registers (the FSM, the output buffer's
// ready_o at Depth 2): no path from out_ready_i to any ready_o.
//
// Contract (checked in simulation, not SAM_ASSERTS_OFF): the order is lanes
// below Lanes, then S0, then D; lane l gives at least as many elements as the
// order gives it, each closed by S_Depth (no stop deeper, no D, before); for
// Depth 0 each element is one data or N token then S0.
//
// Parameters: Lanes       lanes, 2..8
//             Width       payload width of the merged stream, 2..63; S_Depth
//                         must fit (Depth < 2^(Width-1))
//             Depth       levels of the stream below the dealt level, 0..
//             OrderWidth  payload width of the order, >= max(2, clog2(Lanes))
// Ports:      clk_i, rst_ni                              clock, synchronous active-low reset
//             order_valid_i, order_ready_o, order_tok_i  the parallelizer's order
//             in_valid_i[l], in_ready_o[l], in_tok_i[l]   lane l's stream, a channel
//                                                        array over the lanes
//             out_valid_o, out_ready_i, out_tok_o         the merged stream
module sam_serialize #(
  parameter int unsigned Lanes      = 2,
  parameter int unsigned Width      = sam_pkg::CrdWidth,
  parameter int unsigned Depth      = 0,
  parameter int unsigned OrderWidth = 2
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  input  logic                       order_valid_i,
  output logic                       order_ready_o,
  input  logic [OrderWidth:0]        order_tok_i,
  input  logic [Lanes-1:0]           in_valid_i,
  output logic [Lanes-1:0]           in_ready_o,
  input  logic [Lanes-1:0][Width:0]  in_tok_i,
  output logic                       out_valid_o,
  input  logic                       out_ready_i,
  output logic [Width:0]             out_tok_o
);

  localparam int unsigned MaxLanes = 8;
  localparam int unsigned LaneBits = $clog2(MaxLanes);
  localparam logic [Width-1:0] DepthLevel = Width'(Depth);
  // S_(Depth-1), used only for Depth >= 1.
  localparam int unsigned     Up = Depth == 0 ? 0 : Depth - 1;
  localparam logic [Width-1:0] UpLevel = Width'(Up);
  localparam logic [Width:0]   One = 1;
  localparam logic [Width:0]   Flag = One << Width;
  // A concatenation with the flag reads as unsized to Verilator 5.006
  // (WIDTHCONCAT) when Width is overridden, so the flag is ORed in.
  localparam logic [Width:0] StopDepth = Flag | (Width + 1)'(DepthLevel);
  localparam logic [Width:0] StopUp = Flag | (Width + 1)'(UpLevel);
  localparam logic [Width:0] Done = '1;

  if (Lanes < 2 || Lanes > MaxLanes) begin : gen_bad_lanes
    $error("sam_serialize: Lanes must be in 2..8");
  end
  if (Width < 2 || Width > sam_pkg::MaxPayloadWidth || 64'(Depth) >= sam_pkg::repeat_base(Width))
  begin : gen_bad_width
    $error("sam_serialize: Width must be in 2..63 and hold the stop S_Depth");
  end
  if (OrderWidth < 2 || OrderWidth < $clog2(Lanes) || OrderWidth > sam_pkg::MaxPayloadWidth)
  begin : gen_bad_order_width
    $error("sam_serialize: OrderWidth must be in max(2, clog2(Lanes))..63");
  end

  sam_stream_assert #(.Width(OrderWidth), .Name("sam_serialize order")) order_check (
    .clk_i, .rst_ni, .valid_i(order_valid_i), .ready_i(order_ready_o), .tok_i(order_tok_i)
  );
  for (genvar l = 0; l < Lanes; l++) begin : gen_check
    sam_stream_assert #(.Width(Width), .Name("sam_serialize in")) in_check (
      .clk_i, .rst_ni, .valid_i(in_valid_i[l]), .ready_i(in_ready_o[l]), .tok_i(in_tok_i[l])
    );
  end

  typedef enum logic [1:0] {
    StNext,
    StBody,
    StDrain
  } state_e;

  // The order's token: a lane, S0, D.
  sam_pkg::tok_kind_e  order_kind;
  logic                order_lane_ok, order_s0;
  logic [LaneBits-1:0] order_lane;
  assign order_kind = sam_pkg::tok_kind(order_tok_i[OrderWidth],
                                        64'(order_tok_i[OrderWidth-1:0]), OrderWidth);
  assign order_s0   = order_kind == sam_pkg::TokStop && order_tok_i[OrderWidth-1:0] == '0;
  assign order_lane_ok = order_kind == sam_pkg::TokData
                         && 64'(order_tok_i[OrderWidth-1:0]) < 64'(Lanes);
  assign order_lane = order_lane_ok ? LaneBits'(order_tok_i[OrderWidth-1:0]) : '0;

  // Each lane's token: data or N, a stop of level Depth, a stop below it, D.
  logic [Lanes-1:0] lane_elem, lane_close, lane_inner, lane_done, lane_s0;
  for (genvar l = 0; l < Lanes; l++) begin : gen_lane
    sam_pkg::tok_kind_e kind;
    logic               rep;
    assign kind = sam_pkg::tok_kind(in_tok_i[l][Width], 64'(in_tok_i[l][Width-1:0]), Width);
    assign rep  = sam_pkg::is_repeat(in_tok_i[l][Width], 64'(in_tok_i[l][Width-1:0]), Width);
    assign lane_elem[l]  = kind == sam_pkg::TokData || kind == sam_pkg::TokEmpty;
    assign lane_close[l] = kind == sam_pkg::TokStop && !rep
                           && 64'(in_tok_i[l][Width-1:0]) == 64'(Depth);
    assign lane_done[l]  = kind == sam_pkg::TokDone;
    assign lane_s0[l]    = kind == sam_pkg::TokStop && in_tok_i[l][Width-1:0] == '0;
    // A stop below S_Depth, or an LZ77 repeat: body tokens.
    if (Depth > 0) begin : gen_inner
      assign lane_inner[l] = kind == sam_pkg::TokStop
                             && (rep || 64'(in_tok_i[l][Width-1:0]) < 64'(Depth));
    end else begin : gen_no_inner
      assign lane_inner[l] = kind == sam_pkg::TokStop && rep;
    end
  end

  state_e              state_d, state_q;
  logic [LaneBits-1:0] cur_d, cur_q;
  // closed: S_Depth went out; owe: the lane's S0 is due; done: the lane gave
  // its D (in the drain). Lanes past Lanes stay 0.
  logic                closed_d, closed_q;
  logic [MaxLanes-1:0] owe_d, owe_q, done_d, done_q;

  logic [MaxLanes-1:0]          valid_pad, close_pad, done_pad, elem_pad, inner_pad;
  logic [MaxLanes-1:0][Width:0] tok_pad;
  assign valid_pad = MaxLanes'(in_valid_i);
  assign close_pad = MaxLanes'(lane_close);
  assign done_pad  = MaxLanes'(lane_done);
  assign elem_pad  = MaxLanes'(lane_elem);
  assign inner_pad = MaxLanes'(lane_inner);
  always_comb begin
    tok_pad = '0;
    tok_pad[Lanes-1:0] = in_tok_i;
  end

  logic             room, push;
  logic [Width:0]   push_tok;
  logic [MaxLanes-1:0] pop;

  always_comb begin
    state_d  = state_q;
    cur_d    = cur_q;
    closed_d = closed_q;
    owe_d    = owe_q;
    done_d   = done_q;
    push     = 1'b0;
    push_tok = '0;
    pop      = '0;
    order_ready_o = 1'b0;
    // An owed S0 leaves in the background.
    for (int unsigned l = 0; l < Lanes; l++) begin
      if (owe_q[l] && in_valid_i[l]) begin
        pop[l]   = 1'b1;
        owe_d[l] = 1'b0;
      end
    end
    unique case (state_q)
      StNext: begin
        if (order_valid_i && order_lane_ok) begin
          if (Depth == 0) begin
            if (!owe_q[order_lane] && valid_pad[order_lane] && room) begin
              push            = 1'b1;
              push_tok        = tok_pad[order_lane];
              pop[order_lane] = 1'b1;
              owe_d[order_lane] = 1'b1;
              order_ready_o   = 1'b1;
            end
          end else begin
            cur_d         = order_lane;
            state_d       = StBody;
            order_ready_o = 1'b1;
          end
        end else if (order_valid_i && order_s0) begin
          order_ready_o = 1'b1;
          state_d       = StDrain;
        end
      end
      StBody: begin
        if (valid_pad[cur_q] && room) begin
          if (close_pad[cur_q]) begin
            if (order_valid_i && order_lane_ok) begin
              push          = 1'b1;
              push_tok      = StopUp;
              pop[cur_q]    = 1'b1;
              order_ready_o = 1'b1;
              cur_d         = order_lane;
            end else if (order_valid_i && order_s0) begin
              push          = 1'b1;
              push_tok      = StopDepth;
              pop[cur_q]    = 1'b1;
              order_ready_o = 1'b1;
              closed_d      = 1'b1;
              state_d       = StDrain;
            end
          end else if (!done_pad[cur_q]) begin
            push       = 1'b1;
            push_tok   = tok_pad[cur_q];
            pop[cur_q] = 1'b1;
          end
        end
      end
      StDrain: begin
        for (int unsigned l = 0; l < Lanes; l++) begin
          if (!done_q[l] && in_valid_i[l]) begin
            pop[l]    = 1'b1;
            owe_d[l]  = 1'b0;
            done_d[l] = lane_done[l];
          end
        end
        if (!closed_q) begin
          if (room) begin
            push     = 1'b1;
            push_tok = StopDepth;
            closed_d = 1'b1;
          end
        end else if (done_q[Lanes-1:0] == '1 && order_valid_i && order_kind == sam_pkg::TokDone && room) begin
          // The stream is over: ready for the next one.
          push          = 1'b1;
          push_tok      = Done;
          order_ready_o = 1'b1;
          state_d       = StNext;
          closed_d      = 1'b0;
          done_d        = '0;
        end
      end
      default: state_d = StNext;
    endcase
  end

  assign in_ready_o = pop[Lanes-1:0];

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q  <= StNext;
      cur_q    <= '0;
      closed_q <= 1'b0;
      owe_q    <= '0;
      done_q   <= '0;
    end else begin
      state_q  <= state_d;
      cur_q    <= cur_d;
      closed_q <= closed_d;
      owe_q    <= owe_d;
      done_q   <= done_d;
    end
  end

  sam_fifo #(
    .Width(Width),
    .Depth(2)
  ) out_buffer (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(push),
    .ready_o(room),
    .tok_i  (push_tok),
    .valid_o(out_valid_o),
    .ready_i(out_ready_i),
    .tok_o  (out_tok_o)
  );

  // Read only by the assertions (elem_pad, inner_pad, lane_s0); lanes past Lanes (pop).
  logic unused_bits;
  assign unused_bits = ^{elem_pad, inner_pad, lane_s0, pop, owe_q, done_q};

`ifndef SAM_ASSERTS_OFF
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (order_valid_i) begin
        assert (order_lane_ok || order_s0 || order_kind == sam_pkg::TokDone)
        else $error("sam_serialize: order token %h is neither a lane below %0d, S0 nor D",
                    order_tok_i, Lanes);
        assert (state_q == StDrain || order_kind != sam_pkg::TokDone)
        else $error("sam_serialize: the order's D before its S0");
      end
      if (state_q == StBody && valid_pad[cur_q]) begin
        assert (!done_pad[cur_q])
        else $error("sam_serialize: lane %0d gave D within an element", cur_q);
        assert (elem_pad[cur_q] || close_pad[cur_q] || inner_pad[cur_q])
        else $error("sam_serialize: lane %0d closes an element with a stop deeper than S%0d",
                    cur_q, Depth);
      end
      if (state_q == StNext && Depth == 0 && order_valid_i && order_lane_ok
          && !owe_q[order_lane] && valid_pad[order_lane]) begin
        assert (elem_pad[order_lane])
        else $error("sam_serialize: lane %0d's element is not one token then S0", order_lane);
      end
      for (int unsigned l = 0; l < Lanes; l++) begin
        if (state_q != StDrain && owe_q[l] && in_valid_i[l]) begin
          assert (lane_s0[l])
          else $error("sam_serialize: lane %0d's element is not one token then S0", l);
        end
      end
    end
  end
`endif

endmodule
