// formal_aligned: the input contract that two input streams of a primitive have
// one shape (formal.py instantiates it for each pair in a proof's `aligned` list).
//
// The n-th token of stream b has the shape of the n-th token of stream a: both
// data (a value or N), both the same stop S_l, or both D. With Stops set only the
// control tokens count (the n-th stop or D of b is the n-th of a; the fibers'
// data differ): two coordinate streams of a joiner close their fibers alike. Assumed on the DUT's input
// ports only: a bounded queue holds the shapes of the tokens the leading stream
// has moved and the lagging one has not, and the lagging stream's head, once
// valid, is assumed to have the shape at the queue's head (with the queue empty,
// the two heads are assumed alike). The producers keep the two streams within
// Depth counted tokens of each other: with the queue full, the leading stream
// offers no further counted token (assumed, on its valid). With Stops, the data
// between the stops are kept consistent with the queue (gen_stops_data).
module formal_aligned #(
  parameter int unsigned WidthA = 3,
  parameter int unsigned WidthB = 3,
  parameter int unsigned Depth  = 4,
  parameter bit          Stops  = 1'b0
) (
  input logic              clk_i,
  input logic              rst_ni,
  input logic              a_valid_i,
  input logic              a_ready_i,
  input logic [WidthA:0]   a_tok_i,
  input logic              b_valid_i,
  input logic              b_ready_i,
  input logic [WidthB:0]   b_tok_i
);
  // Shape: 0 data (a value, N or, on an LZ77 stream, R_d), l + 1 the stop S_l,
  // all ones D.
  localparam int unsigned ShapeW = $clog2((WidthA > WidthB ? WidthA : WidthB) + 3);
  function automatic logic [ShapeW-1:0] shape(logic ctrl, logic [63:0] payload,
                                              int unsigned width);
    sam_pkg::tok_kind_e kind;
    kind = sam_pkg::tok_kind(ctrl, payload, width);
    if (kind == sam_pkg::TokData || kind == sam_pkg::TokEmpty) return '0;
    if (kind == sam_pkg::TokDone) return '1;
    return ShapeW'(payload) + ShapeW'(1);
  endfunction

  logic [ShapeW-1:0] sa, sb;
  assign sa = shape(a_tok_i[WidthA], 64'(a_tok_i[WidthA-1:0]), WidthA);
  assign sb = shape(b_tok_i[WidthB], 64'(b_tok_i[WidthB-1:0]), WidthB);

  // The tokens that count, at the heads and moving.
  logic va, vb, ma, mb;
  assign va = a_valid_i && (!Stops || sa != '0);
  assign vb = b_valid_i && (!Stops || sb != '0);
  assign ma = va && a_ready_i;
  assign mb = vb && b_ready_i;

  // q_q[0] is the oldest shape of the leading stream (b_lead_q: b leads).
  logic [ShapeW-1:0] q_q[Depth];
  logic [$clog2(Depth+1)-1:0] cnt_q;
  logic b_lead_q;

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (cnt_q == '0) begin
        if (va && vb) assume (sa == sb);
      end else if (!b_lead_q) begin
        if (vb) assume (sb == q_q[0]);
      end else begin
        if (va) assume (sa == q_q[0]);
      end
    end
  end

  // The leading stream's move pushes, the lagging one's pops; with the queue empty
  // a lone move starts a lead, two moves pair up.
  logic push, pop;
  logic [ShapeW-1:0] push_shape;
  always_comb begin
    push = 1'b0;
    pop = 1'b0;
    push_shape = sa;
    if (cnt_q == '0) begin
      push = ma != mb;
      push_shape = ma ? sa : sb;
    end else if (!b_lead_q) begin
      pop = mb;
      push = ma;
    end else begin
      pop = ma;
      push = mb;
      push_shape = sb;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cnt_q <= '0;
      b_lead_q <= 1'b0;
      for (int unsigned i = 0; i < Depth; i++) q_q[i] <= '0;
    end else begin
      if (cnt_q == '0 && push) b_lead_q <= mb;
      if (pop) begin
        for (int unsigned i = 0; i + 1 < Depth; i++) q_q[i] <= q_q[i + 1];
        q_q[Depth-1] <= '0;
      end
      if (push) q_q[32'(cnt_q) - 32'(pop)] <= push_shape;
      cnt_q <= cnt_q + $bits(cnt_q)'(push) - $bits(cnt_q)'(pop);
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_ni && 32'(cnt_q) == Depth) WithinDepth: assume (b_lead_q ? !vb : !va);
  end

  // With Stops, the data between the stops. The queue counts stops and D only,
  // and the grammar lets no data stand right before D (D follows the outermost
  // stop). So a stream whose next stop or D must be D (the other stream has moved
  // it, or shows it, and they are level) offers no data, and a stream in the
  // middle of a fiber (data moved since its last stop) or with data at its head
  // keeps the other, level with it, from offering D. These cut off the prefixes
  // no pair of streams under the contract extends, where one stream would be left
  // with no token the grammar and the queue both allow.
  if (Stops) begin : gen_stops_data
    logic mid_a_q, mid_b_q;  // data moved since the stream's last stop
    logic da, db, ea, eb;
    assign da = a_valid_i && sa == '0;
    assign db = b_valid_i && sb == '0;
    assign ea = a_valid_i && sa == '1;
    assign eb = b_valid_i && sb == '1;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        mid_a_q <= 1'b0;
        mid_b_q <= 1'b0;
      end else begin
        if (da && a_ready_i) mid_a_q <= 1'b1;
        else if (ma) mid_a_q <= 1'b0;
        if (db && b_ready_i) mid_b_q <= 1'b1;
        else if (mb) mid_b_q <= 1'b0;
      end
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        if (cnt_q == '0) begin
          if (mid_a_q || da) assume (!eb);
          if (mid_b_q || db) assume (!ea);
        end else if (q_q[0] == '1) begin
          if (b_lead_q) assume (!da);
          else assume (!db);
        end
        // The cover run reaches these: either stream ahead, the other inside a
        // fiber.
        StopsAAhead_C: cover (cnt_q != '0 && !b_lead_q && mid_b_q);
        StopsBAhead_C: cover (cnt_q != '0 && b_lead_q && mid_a_q);
      end
    end
  end
endmodule
