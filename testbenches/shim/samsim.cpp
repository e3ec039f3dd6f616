// samsim.cpp: the one C++ shim between Rust and every Verilated samgen model.
//
// Every model samgen co-simulates is a wrapper with the same port shape
// (testbenches/src/harness.rs writes it): clk_i, rst_ni, and stream lanes
//   in_valid_i[NumIn], in_tok_i[NumIn*64], in_ready_o[NumIn]
//   out_valid_o[NumOut], out_tok_o[NumOut*64], out_ready_i[NumOut]
//   host_re_i, host_we_i, host_addr_i[32], host_wdata_i[64], host_rdata_o[64]
// so this file compiles unchanged against any of them (the model class is always
// `Vtb`, chosen with verilator --prefix). It exports a small C ABI that
// testbenches/src/sim.rs loads with libloading. Lane counts come from -D flags.
#include <cstdint>
#include <cstring>
#include <memory>

#include "Vtb.h"
#include "verilated.h"
#if VM_TRACE_FST
#include "verilated_fst_c.h"
#elif VM_TRACE
#include "verilated_vcd_c.h"
#endif

#ifndef SAMSIM_NUM_IN
#error "SAMSIM_NUM_IN must be defined"
#endif
#ifndef SAMSIM_NUM_OUT
#error "SAMSIM_NUM_OUT must be defined"
#endif

namespace {

// Verilator picks CData/SData/IData/QData or VlWide by width; these overloads give
// one way to reach bit lanes of any of them.
template <typename T>
void set_bit(T& port, unsigned i, bool v) {
  if (v) port |= (T(1) << i); else port &= ~(T(1) << i);
}
template <std::size_t N>
void set_bit(VlWide<N>& port, unsigned i, bool v) {
  if (v) port[i / 32] |= (1u << (i % 32)); else port[i / 32] &= ~(1u << (i % 32));
}
template <typename T>
bool get_bit(const T& port, unsigned i) { return (port >> i) & 1; }
template <std::size_t N>
bool get_bit(const VlWide<N>& port, unsigned i) { return (port[i / 32] >> (i % 32)) & 1; }

// 64-bit lanes: a single lane is a QData, several are a VlWide.
void set_lane(QData& port, unsigned, uint64_t v) { port = v; }
template <std::size_t N>
void set_lane(VlWide<N>& port, unsigned lane, uint64_t v) {
  port[2 * lane] = static_cast<uint32_t>(v);
  port[2 * lane + 1] = static_cast<uint32_t>(v >> 32);
}
uint64_t get_lane(const QData& port, unsigned) { return port; }
template <std::size_t N>
uint64_t get_lane(const VlWide<N>& port, unsigned lane) {
  return static_cast<uint64_t>(port[2 * lane]) | (static_cast<uint64_t>(port[2 * lane + 1]) << 32);
}

struct Sim {
  std::unique_ptr<VerilatedContext> ctx;
  std::unique_ptr<Vtb> top;
#if VM_TRACE_FST
  std::unique_ptr<VerilatedFstC> wave;
#elif VM_TRACE
  std::unique_ptr<VerilatedVcdC> wave;
#endif
  uint64_t cycles = 0;

  void dump() {
#if VM_TRACE
    if (wave) wave->dump(ctx->time());
#endif
  }
  void half(bool clk) {
    top->clk_i = clk;
    top->eval();
    ctx->timeInc(1);
    dump();
  }
};

}  // namespace

extern "C" {

__attribute__((visibility("default"))) uint32_t samsim_abi_version() { return 2; }
__attribute__((visibility("default"))) uint32_t samsim_num_in() { return SAMSIM_NUM_IN; }
__attribute__((visibility("default"))) uint32_t samsim_num_out() { return SAMSIM_NUM_OUT; }

// wave_path may be null (no waveform) and is ignored by a model built without tracing.
// Registers without a reset start from values drawn from `seed` (the model is built
// with --x-initial unique), so a missing reset shows up as a mismatch.
__attribute__((visibility("default"))) void* samsim_new(const char* wave_path, uint32_t seed) {
  auto* s = new Sim;
  s->ctx = std::make_unique<VerilatedContext>();
  s->ctx->randReset(2);
  s->ctx->randSeed(static_cast<int>(seed & 0x7fffffff) | 1);
  // An assertion failure sets gotError() instead of killing the host process.
  s->ctx->fatalOnError(false);
  s->top = std::make_unique<Vtb>(s->ctx.get(), "tb");
#if VM_TRACE
  if (wave_path && *wave_path) {
    s->ctx->traceEverOn(true);
#if VM_TRACE_FST
    s->wave = std::make_unique<VerilatedFstC>();
#else
    s->wave = std::make_unique<VerilatedVcdC>();
#endif
    s->top->trace(s->wave.get(), 99);
    s->wave->open(wave_path);
  }
#else
  (void)wave_path;
#endif
  s->top->clk_i = 0;
  s->top->rst_ni = 1;
  s->top->eval();
  return s;
}

__attribute__((visibility("default"))) void samsim_free(void* p) {
  auto* s = static_cast<Sim*>(p);
#if VM_TRACE
  if (s->wave) s->wave->close();
#endif
  s->top->final();
  delete s;
}

// Asynchronous reset for `cycles` clock cycles, with every input idle.
__attribute__((visibility("default"))) void samsim_reset(void* p, uint32_t cycles) {
  auto* s = static_cast<Sim*>(p);
  for (unsigned i = 0; i < SAMSIM_NUM_IN; ++i) set_bit(s->top->in_valid_i, i, false);
  for (unsigned i = 0; i < SAMSIM_NUM_OUT; ++i) set_bit(s->top->out_ready_i, i, false);
  s->top->host_re_i = 0;
  s->top->host_we_i = 0;
  s->top->rst_ni = 0;
  s->half(false);
  for (uint32_t c = 0; c < cycles; ++c) { s->half(true); s->half(false); }
  s->top->rst_ni = 1;
  s->half(false);
  s->cycles = 0;
}

__attribute__((visibility("default"))) void samsim_set_in(void* p, uint32_t lane, uint32_t valid, uint64_t tok) {
  auto* s = static_cast<Sim*>(p);
  set_bit(s->top->in_valid_i, lane, valid != 0);
  set_lane(s->top->in_tok_i, lane, tok);
}

__attribute__((visibility("default"))) void samsim_set_out_ready(void* p, uint32_t lane, uint32_t ready) {
  set_bit(static_cast<Sim*>(p)->top->out_ready_i, lane, ready != 0);
}

// Settle combinational logic after inputs changed (clock low).
__attribute__((visibility("default"))) void samsim_eval(void* p) { static_cast<Sim*>(p)->top->eval(); }

__attribute__((visibility("default"))) uint32_t samsim_in_ready(void* p, uint32_t lane) {
  return get_bit(static_cast<Sim*>(p)->top->in_ready_o, lane);
}
__attribute__((visibility("default"))) uint32_t samsim_out_valid(void* p, uint32_t lane) {
  return get_bit(static_cast<Sim*>(p)->top->out_valid_o, lane);
}
__attribute__((visibility("default"))) uint64_t samsim_out_tok(void* p, uint32_t lane) {
  return get_lane(static_cast<Sim*>(p)->top->out_tok_o, lane);
}

// One clock cycle: rising edge (transfers happen), then falling edge.
__attribute__((visibility("default"))) void samsim_tick(void* p) {
  auto* s = static_cast<Sim*>(p);
  s->half(true);
  s->half(false);
  ++s->cycles;
}

// Host port: one write, one clock cycle (stream inputs as they are).
__attribute__((visibility("default"))) void samsim_host_write(void* p, uint32_t addr, uint64_t data) {
  auto* s = static_cast<Sim*>(p);
  s->top->host_we_i = 1;
  s->top->host_addr_i = addr;
  s->top->host_wdata_i = data;
  s->half(true);
  s->top->host_we_i = 0;
  s->half(false);
}

// Host port: one read, two clock cycles (sam_mem's read latency); returns the
// word.
__attribute__((visibility("default"))) uint64_t samsim_host_read(void* p, uint32_t addr) {
  auto* s = static_cast<Sim*>(p);
  s->top->host_re_i = 1;
  s->top->host_addr_i = addr;
  s->half(true);
  s->top->host_re_i = 0;
  s->half(false);
  s->half(true);
  s->half(false);
  return s->top->host_rdata_o;
}

// Non-zero once an assertion ($error) fired in the model.
__attribute__((visibility("default"))) uint32_t samsim_got_error(void* p) {
  return static_cast<Sim*>(p)->ctx->gotError() ? 1 : 0;
}

}  // extern "C"
