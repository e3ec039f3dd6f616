// samshim.h: what both C++ shims share (samsim.cpp for primitive wrappers,
// samkernel.cpp for kernel tops): the Verilated model `Vtb` in its own context,
// an optional waveform, half-cycle clocking, and bit access to ports of any width.
#pragma once

#include <cstdint>
#include <memory>

#include "Vtb.h"
#include "verilated.h"
#if VM_TRACE_FST
#include "verilated_fst_c.h"
#elif VM_TRACE
#include "verilated_vcd_c.h"
#endif

// The model's clock and active-low reset ports (a board top names them after its
// pins).
#ifndef SAMSHIM_CLK
#define SAMSHIM_CLK clk_i
#endif
#ifndef SAMSHIM_RST_N
#define SAMSHIM_RST_N rst_ni
#endif

namespace samshim {

// Verilator picks CData/SData/IData/QData or VlWide by width; these overloads give
// one way to reach bits of any of them.
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

// Most cycles a host read waits for host_rvalid_o before the shim gives up (the
// kernel answers in hdl-gen's host::READ_LATENCY cycles).
constexpr uint32_t kReadTimeout = 64;

struct Model {
  std::unique_ptr<VerilatedContext> ctx;
  std::unique_ptr<Vtb> top;
#if VM_TRACE_FST
  std::unique_ptr<VerilatedFstC> wave;
#elif VM_TRACE
  std::unique_ptr<VerilatedVcdC> wave;
#endif
  uint64_t cycles = 0;
  // Set when a host read got no host_rvalid_o within kReadTimeout cycles.
  bool read_timeout = false;
  // Set when a bus transaction of the host (AXI4-Lite) got no response.
  bool bus_error = false;
  // A generator for the host's own timing choices (xorshift32, from the seed).
  uint32_t rng = 1;
  uint32_t next() {
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
  }

  // wave_path may be null (no waveform) and is ignored by a model built without
  // tracing. Registers without a reset start from values drawn from `seed` (the
  // model is built with --x-initial unique), so a missing reset shows up.
  Model(const char* wave_path, uint32_t seed, const char* name) {
    ctx = std::make_unique<VerilatedContext>();
    ctx->randReset(2);
    ctx->randSeed(static_cast<int>(seed & 0x7fffffff) | 1);
    // An assertion failure sets gotError() instead of killing the host process.
    ctx->fatalOnError(false);
    top = std::make_unique<Vtb>(ctx.get(), name);
    rng = (seed * 2654435761u) | 1;
#if VM_TRACE
    if (wave_path && *wave_path) {
      ctx->traceEverOn(true);
#if VM_TRACE_FST
      wave = std::make_unique<VerilatedFstC>();
#else
      wave = std::make_unique<VerilatedVcdC>();
#endif
      top->trace(wave.get(), 99);
      wave->open(wave_path);
    }
#else
    (void)wave_path;
#endif
    top->SAMSHIM_CLK = 0;
    top->SAMSHIM_RST_N = 1;
  }

  ~Model() {
#if VM_TRACE
    if (wave) wave->close();
#endif
    top->final();
  }

  void half(bool clk) {
    top->SAMSHIM_CLK = clk;
    top->eval();
    ctx->timeInc(1);
#if VM_TRACE
    if (wave) wave->dump(ctx->time());
#endif
  }

  // One clock cycle: rising edge (transfers happen), then falling edge.
  void cycle() {
    half(true);
    half(false);
    ++cycles;
  }
};

}  // namespace samshim
