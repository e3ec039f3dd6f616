// samsim.cpp: the one C++ shim between Rust and every Verilated samgen model.
//
// Every model samgen co-simulates is a wrapper with the same port shape
// (testbenches/src/harness.rs writes it): clk_i, rst_ni, and stream lanes
//   in_valid_i[NumIn], in_tok_i[NumIn*64], in_ready_o[NumIn]
//   out_valid_o[NumOut], out_tok_o[NumOut*64], out_ready_i[NumOut]
//   host_re_i, host_we_i, host_addr_i[32], host_wdata_i[64], host_rdata_o[64],
//   host_rvalid_o
// so this file compiles unchanged against any of them (the model class is always
// `Vtb`, chosen with verilator --prefix). It exports a small C ABI that
// testbenches/src/sim.rs loads with libloading. Lane counts come from -D flags.
#include <cstdint>
#include <cstring>

#include "samshim.h"

#ifndef SAMSIM_NUM_IN
#error "SAMSIM_NUM_IN must be defined"
#endif
#ifndef SAMSIM_NUM_OUT
#error "SAMSIM_NUM_OUT must be defined"
#endif

namespace {

using samshim::get_bit;
using samshim::set_bit;

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

using Sim = samshim::Model;

}  // namespace

extern "C" {

__attribute__((visibility("default"))) uint32_t samsim_abi_version() { return 3; }
__attribute__((visibility("default"))) uint32_t samsim_num_in() { return SAMSIM_NUM_IN; }
__attribute__((visibility("default"))) uint32_t samsim_num_out() { return SAMSIM_NUM_OUT; }

// See samshim::Model for `wave_path` and `seed`.
__attribute__((visibility("default"))) void* samsim_new(const char* wave_path, uint32_t seed) {
  auto* s = new Sim(wave_path, seed, "tb");
  s->top->eval();
  return s;
}

__attribute__((visibility("default"))) void samsim_free(void* p) { delete static_cast<Sim*>(p); }

// Reset (synchronous) for `cycles` clock cycles, two at the least, with every input idle.
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
  static_cast<Sim*>(p)->cycle();
}

// Host port: one write, two clock cycles: the request, and the cycle in which
// the registered access lands (so it never meets a kernel access that follows).
// Stream inputs stay as they are: the testbenches write while streams are idle.
__attribute__((visibility("default"))) void samsim_host_write(void* p, uint32_t addr, uint64_t data) {
  auto* s = static_cast<Sim*>(p);
  s->top->host_we_i = 1;
  s->top->host_addr_i = addr;
  s->top->host_wdata_i = data;
  s->half(true);
  s->top->host_we_i = 0;
  s->half(false);
  s->half(true);
  s->half(false);
}

// Host port: one read; clocks until host_rvalid_o (at most
// samshim::kReadTimeout cycles; past that, samsim_read_timeout() says so and the
// word is 0); returns the word.
__attribute__((visibility("default"))) uint64_t samsim_host_read(void* p, uint32_t addr) {
  auto* s = static_cast<Sim*>(p);
  s->top->host_re_i = 1;
  s->top->host_addr_i = addr;
  s->half(true);
  s->top->host_re_i = 0;
  s->half(false);
  for (uint32_t waited = 0; !s->top->host_rvalid_o; ++waited) {
    if (waited >= samshim::kReadTimeout) {
      s->read_timeout = true;
      return 0;
    }
    s->half(true);
    s->half(false);
  }
  s->read_timeout = false;
  return s->top->host_rdata_o;
}

// 1 if the last host read got no host_rvalid_o in time.
__attribute__((visibility("default"))) uint32_t samsim_read_timeout(void* p) {
  return static_cast<Sim*>(p)->read_timeout ? 1 : 0;
}

// Non-zero once an assertion ($error) fired in the model.
__attribute__((visibility("default"))) uint32_t samsim_got_error(void* p) {
  return static_cast<Sim*>(p)->ctx->gotError() ? 1 : 0;
}

}  // extern "C"
