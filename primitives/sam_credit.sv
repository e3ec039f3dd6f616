// sam_credit: issue credits for a pipeline in front of output buffers.
//
// A primitive whose result comes out a fixed number of cycles after it accepts an
// input (an array read, a multiplier) cannot hold the input back once it is in
// flight, so it accepts only while its output buffers have room for everything in
// flight: each of the Outputs counters holds the tokens issued (take_i) and not
// yet taken by that output's consumer (give_i[k]); room_o says every counter is
// below Depth after this cycle's changes. room_o is a register, so the primitive's
// input ready (room_o and input valids) has no path from any output ready.
//
// With Drop = 1 an issued token may also leave the pipeline before the buffers
// (drop_i: a token the block discards), which returns its credit on every output.
// The step is then +1, 0, -1 or -2, and the room of each step is ready from the
// registers, so a give only selects (no carry chain behind the consumers' ready).
//
// Parameters: Depth    tokens each output buffer holds (>= the pipeline latency
//                      plus one for full throughput), 1..255
//             Outputs  number of outputs (counters), 1..8
//             Drop     1: drop_i returns an issued token's credits; 0: unused
// Ports:      clk_i, rst_ni   clock, synchronous active-low reset
//             take_i          a token enters the pipeline (one for every output)
//             drop_i          Drop = 1: an issued token leaves the pipeline
//                             without reaching the buffers
//             give_i          output k's consumer took a token
//             room_o          another token may be issued (registered)
module sam_credit #(
  parameter int unsigned Depth   = 4,
  parameter int unsigned Outputs = 1,
  parameter int unsigned Drop    = 0
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic               take_i,
  input  logic               drop_i,
  input  logic [Outputs-1:0] give_i,
  output logic               room_o
);

  if (Depth < 1 || Depth > 255) begin : gen_bad_depth
    $error("sam_credit: Depth must be in 1..255");
  end
  if (Outputs < 1 || Outputs > 8) begin : gen_bad_outputs
    $error("sam_credit: Outputs must be in 1..8");
  end
  if (Drop > 1) begin : gen_bad_drop
    $error("sam_credit: Drop must be 0 or 1");
  end

  localparam int unsigned UsedW = $clog2(Depth + 1);

  logic [UsedW-1:0] used_d[Outputs], used_q[Outputs];
  logic             room_d;

  if (Drop == 0) begin : gen_step
    always_comb begin
      room_d = 1'b1;
      for (int k = 0; k < Outputs; k++) begin
        unique case ({take_i, give_i[k]})
          2'b10:   used_d[k] = used_q[k] + 1'b1;
          2'b01:   used_d[k] = used_q[k] - 1'b1;
          default: used_d[k] = used_q[k];
        endcase
        if (used_d[k] >= UsedW'(Depth)) room_d = 1'b0;
      end
    end
    logic unused_drop;
    assign unused_drop = drop_i;
  end else begin : gen_drop_step
    always_comb begin
      room_d = 1'b1;
      for (int k = 0; k < Outputs; k++) begin
        unique case ({take_i, drop_i, give_i[k]})
          3'b100: begin
            used_d[k] = used_q[k] + 1'b1;
            if (used_q[k] >= UsedW'(Depth - 1)) room_d = 1'b0;
          end
          3'b000, 3'b101, 3'b110: begin
            used_d[k] = used_q[k];
            if (used_q[k] >= UsedW'(Depth)) room_d = 1'b0;
          end
          3'b001, 3'b010, 3'b111: used_d[k] = used_q[k] - 1'b1;
          default: used_d[k] = used_q[k] - UsedW'(2);  // 011
        endcase
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      for (int k = 0; k < Outputs; k++) used_q[k] <= '0;
      room_o <= 1'b1;
    end else begin
      for (int k = 0; k < Outputs; k++) used_q[k] <= used_d[k];
      room_o <= room_d;
    end
  end

`ifdef FORMAL
  // Invariants (formal/): no counter passes Depth, and room_o says all are below it.
  // The block that issues the credits asserts that each counter equals its tokens
  // in flight.
  logic f_room;
  always_comb begin
    f_room = 1'b1;
    for (int k = 0; k < Outputs; k++) if (used_q[k] >= UsedW'(Depth)) f_room = 1'b0;
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (room_o == f_room);
      for (int k = 0; k < Outputs; k++) assert (used_q[k] <= UsedW'(Depth));
    end
  end
`endif

endmodule
