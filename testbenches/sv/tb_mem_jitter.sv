// tb_mem_jitter: an on-chip array that answers like a slow, busy memory, for the
// primitive testbenches (testbenches/src/harness.rs): the memory port protocol of
// docs/memory.md with refused requests and responses held back at random, so
// that a reader or writer that claims any latency is co-simulated against one.
// Not part of the library: no kernel instantiates it.
//
// `sam_mem2` inside, its host port as in `sam_mem` (host reads answer on
// host_rdata_o in two cycles; the host uses the array only while the kernel is
// idle). Kernel reads go to the array when taken; their data leaves in request
// order, one per cycle at most, through a response queue when it must wait. With
// jitter_i = 0 it is `sam_mem` (every request taken, every response two cycles
// later); otherwise, in each cycle, with chance jitter_i[7:0] / 256 the read and
// write ports refuse requests in the next cycle (their readies are registers,
// as the protocol asks), and with chance jitter_i[15:8] / 256 the oldest
// response waits another cycle. The read port also refuses while the queue
// could not take every response in flight.
//
// Parameters: Width      word width, 1..64
//             AddrWidth  address width, 1..20
//             Seed       the random generator's start, nonzero (one per instance)
// Ports:      clk_i, rst_ni                         clock, synchronous active-low reset
//             jitter_i                              chances as above (a host register)
//             host_re_i, host_we_i, host_addr_i,    host port
//             host_wdata_i, host_rdata_o            (read data two cycles later)
//             rd_en_i, rd_addr_i, rd_ready_o        kernel read requests
//             rd_valid_o, rd_data_o                 their responses
//             wr_en_i, wr_addr_i, wr_data_i,        kernel writes
//             wr_ready_o
module tb_mem_jitter #(
  parameter int unsigned Width     = 32,
  parameter int unsigned AddrWidth = 8,
  parameter int unsigned Seed      = 1
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic [15:0]          jitter_i,
  input  logic                 host_re_i,
  input  logic                 host_we_i,
  input  logic [AddrWidth-1:0] host_addr_i,
  input  logic [Width-1:0]     host_wdata_i,
  output logic [Width-1:0]     host_rdata_o,
  input  logic                 rd_en_i,
  input  logic [AddrWidth-1:0] rd_addr_i,
  output logic                 rd_ready_o,
  output logic                 rd_valid_o,
  output logic [Width-1:0]     rd_data_o,
  input  logic                 wr_en_i,
  input  logic [AddrWidth-1:0] wr_addr_i,
  input  logic [Width-1:0]     wr_data_i,
  output logic                 wr_ready_o
);

  localparam int unsigned QueueDepth = 16;

  logic rd_take, wr_take, mem_valid, rd2_valid;
  logic [Width-1:0] mem_data, rd2_data;
  assign rd_take = rd_en_i && rd_ready_o;
  assign wr_take = wr_en_i && wr_ready_o;

  sam_mem2 #(.Width(Width), .AddrWidth(AddrWidth), .ReadPorts(1)) array (
    .clk_i, .rst_ni, .host_re_i, .host_we_i, .host_addr_i, .host_wdata_i, .host_rdata_o,
    .rd_en_i(rd_take), .rd_addr_i, .rd_data_o(mem_data), .rd_valid_o(mem_valid),
    .wr_en_i(wr_take), .wr_addr_i, .wr_data_i,
    .rd2_en_i(1'b0), .rd2_addr_i('0), .rd2_data_o(rd2_data), .rd2_valid_o(rd2_valid)
  );

  // The random bits: a 32-bit Galois LFSR, one step per cycle.
  logic [31:0] lfsr_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) lfsr_q <= Seed == 0 ? 32'h1 : 32'(Seed);
    else lfsr_q <= (lfsr_q >> 1) ^ (lfsr_q[0] ? 32'h8020_0003 : 32'h0);
  end
  logic refuse, hold;
  assign refuse = lfsr_q[7:0] < jitter_i[7:0];
  assign hold   = lfsr_q[23:16] < jitter_i[15:8];

  // The response queue: responses leave in order, the oldest held at random.
  logic [Width-1:0] queue_q[QueueDepth];
  logic [3:0]       head_q, tail_q;
  logic [4:0]       count_q;
  logic [1:0]       flight_q;  // reads taken whose data is not yet queued
  // A response meets an empty queue: it leaves at once (the array's two cycles).
  logic             held, push, pop;
  assign held       = count_q != '0;
  assign rd_valid_o = (held || mem_valid) && !(jitter_i != '0 && hold);
  assign rd_data_o  = held ? queue_q[head_q] : mem_data;
  assign push       = mem_valid && !(rd_valid_o && !held);
  assign pop        = rd_valid_o && held;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      head_q     <= '0;
      tail_q     <= '0;
      count_q    <= '0;
      flight_q   <= '0;
      rd_ready_o <= 1'b1;
      wr_ready_o <= 1'b1;
    end else begin
      if (push) begin
        queue_q[tail_q] <= mem_data;
        tail_q <= tail_q + 1'b1;
      end
      if (pop) head_q <= head_q + 1'b1;
      count_q  <= count_q + 5'(push) - 5'(pop);
      flight_q <= flight_q + 2'(rd_take) - 2'(mem_valid);
      // Room for every response that may still come, with the one taken now.
      rd_ready_o <= !(jitter_i != '0 && refuse)
                    && 32'(count_q) + 32'(flight_q) + 2 < QueueDepth;
      wr_ready_o <= !(jitter_i != '0 && refuse);
    end
  end

  logic unused;
  assign unused = ^{rd2_data, rd2_valid, lfsr_q[31:24], lfsr_q[15:8]};

endmodule
