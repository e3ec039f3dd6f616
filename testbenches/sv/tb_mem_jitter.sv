// tb_mem_jitter: an on-chip array that answers like a slow, busy memory, for the
// primitive testbenches (testbenches/src/harness.rs): the memory port protocol of
// docs/memory.md with refused requests and responses held back at random, so
// that a reader or writer that claims any latency is co-simulated against one.
// Not part of the library: no kernel instantiates it.
//
// `sam_mem2` inside, its host port as in `sam_mem` (host reads answer on
// host_rdata_o in two cycles; the host uses the array only while the kernel is
// idle). Kernel reads go to the array when taken; their data leaves in request
// order, one per cycle at most, through a response queue when it must wait. A
// second read port (ReadPorts = 2, as `sam_mem2`'s) has its own queue and its own
// draws. With
// jitter_i = 0 it is `sam_mem` (every request taken, every response two cycles
// later); otherwise, in each cycle, with chance jitter_i[7:0] / 256 the read and
// write ports refuse requests in the next cycle (their readies are registers,
// as the protocol asks), and with chance jitter_i[15:8] / 256 the oldest
// response waits another cycle. A read port also refuses while its queue could
// not take every response in flight.
//
// Parameters: Width      word width, 1..64
//             AddrWidth  address width, 1..20
//             ReadPorts  1, or 2: the rd2_* port too (else tie rd2_en_i low)
//             Seed       the random generator's start, nonzero (one per instance)
// Ports:      clk_i, rst_ni                         clock, synchronous active-low reset
//             jitter_i                              chances as above (a host register)
//             host_re_i, host_we_i, host_addr_i,    host port
//             host_wdata_i, host_rdata_o            (read data two cycles later)
//             rd_en_i, rd_addr_i, rd_ready_o        kernel read requests
//             rd_valid_o, rd_data_o                 their responses
//             wr_en_i, wr_addr_i, wr_data_i,        kernel writes
//             wr_ready_o
//             rd2_*                                 the second read port, as rd_*
module tb_mem_jitter #(
  parameter int unsigned Width     = 32,
  parameter int unsigned AddrWidth = 8,
  parameter int unsigned ReadPorts = 1,
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
  output logic                 wr_ready_o,
  input  logic                 rd2_en_i,
  input  logic [AddrWidth-1:0] rd2_addr_i,
  output logic                 rd2_ready_o,
  output logic                 rd2_valid_o,
  output logic [Width-1:0]     rd2_data_o
);

  localparam int unsigned QueueDepth = 16;

  if (ReadPorts < 1 || ReadPorts > 2) begin : gen_bad_ports
    $error("tb_mem_jitter: ReadPorts must be 1 or 2");
  end

  // Port k: its request, taken; the array's data; the response out.
  logic [1:0]            en, ready, take, mem_valid, valid;
  logic [1:0][Width-1:0] mem_data, data;
  logic                  wr_take;
  assign en       = {ReadPorts == 2 && rd2_en_i, rd_en_i};
  assign take     = en & ready;
  assign wr_take  = wr_en_i && wr_ready_o;
  assign rd_ready_o  = ready[0];
  assign rd2_ready_o = ready[1];
  assign rd_valid_o  = valid[0];
  assign rd2_valid_o = valid[1];
  assign rd_data_o   = data[0];
  assign rd2_data_o  = data[1];

  sam_mem2 #(.Width(Width), .AddrWidth(AddrWidth), .ReadPorts(ReadPorts)) array (
    .clk_i, .rst_ni, .host_re_i, .host_we_i, .host_addr_i, .host_wdata_i, .host_rdata_o,
    .rd_en_i(take[0]), .rd_addr_i, .rd_data_o(mem_data[0]), .rd_valid_o(mem_valid[0]),
    .wr_en_i(wr_take), .wr_addr_i, .wr_data_i,
    .rd2_en_i(take[1]), .rd2_addr_i, .rd2_data_o(mem_data[1]), .rd2_valid_o(mem_valid[1])
  );

  // The random bits: a 32-bit Galois LFSR, one step per cycle.
  logic [31:0] lfsr_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) lfsr_q <= Seed == 0 ? 32'h1 : 32'(Seed);
    else lfsr_q <= (lfsr_q >> 1) ^ (lfsr_q[0] ? 32'h8020_0003 : 32'h0);
  end
  // Each port's draws from its own bits of the generator.
  logic [1:0] refuse, hold;
  assign refuse = {lfsr_q[15:8] < jitter_i[7:0], lfsr_q[7:0] < jitter_i[7:0]};
  assign hold   = {lfsr_q[31:24] < jitter_i[15:8], lfsr_q[23:16] < jitter_i[15:8]};

  always_ff @(posedge clk_i) begin
    if (!rst_ni) wr_ready_o <= 1'b1;
    else wr_ready_o <= !(jitter_i != '0 && refuse[0]);
  end

  for (genvar k = 0; k < 2; k++) begin : gen_port
    // The response queue: responses leave in order, the oldest held at random.
    logic [Width-1:0] queue_q[QueueDepth];
    logic [3:0]       head_q, tail_q;
    logic [4:0]       count_q;
    logic [1:0]       flight_q;  // reads taken whose data is not yet queued
    // A response meets an empty queue: it leaves at once (the array's two cycles).
    logic             held, push, pop;
    assign held     = count_q != '0;
    assign valid[k] = (held || mem_valid[k]) && !(jitter_i != '0 && hold[k]);
    assign data[k]  = held ? queue_q[head_q] : mem_data[k];
    assign push     = mem_valid[k] && !(valid[k] && !held);
    assign pop      = valid[k] && held;

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        head_q   <= '0;
        tail_q   <= '0;
        count_q  <= '0;
        flight_q <= '0;
        ready[k] <= 1'b1;
      end else begin
        if (push) begin
          queue_q[tail_q] <= mem_data[k];
          tail_q <= tail_q + 1'b1;
        end
        if (pop) head_q <= head_q + 1'b1;
        count_q  <= count_q + 5'(push) - 5'(pop);
        flight_q <= flight_q + 2'(take[k]) - 2'(mem_valid[k]);
        // Room for every response that may still come, with the one taken now.
        ready[k] <= !(jitter_i != '0 && refuse[k])
                    && 32'(count_q) + 32'(flight_q) + 2 < QueueDepth;
      end
    end
  end

endmodule
