// samkernel.cpp: the one C++ shim between Rust and every Verilated samgen kernel top.
//
// Every kernel top hdl-gen writes (hdl-gen/src/top.rs) has the same ports:
//   clk_i, rst_ni
//   host_re_i, host_we_i, host_addr_i[32], host_wdata_i[64], host_rdata_o[64],
//   host_rvalid_o
//   done_o, probe_o[2*NumProbes]   (per edge: valid, ready into its consumer)
//   trace_o[...]                   (with -DSAMK_TRACE=1 only: every edge's token)
//   m_axi_*[...]                   (with -DSAMK_AXI_LANES=n, n > 0 only: a top whose
//                                   arrays live in external memory, n AXI4 lanes)
// so this file compiles unchanged against any of them (the model class is always
// `Vtb`, chosen with verilator --prefix). It exports a small C ABI that
// testbenches/src/kernel.rs loads with libloading. The probe count comes from -D.
#include <cstdint>

#include "samshim.h"

#ifndef SAMK_NUM_PROBES
#error "SAMK_NUM_PROBES must be defined"
#endif
#ifndef SAMK_AXI_LANES
#define SAMK_AXI_LANES 0
#endif

using samshim::get_bit;
using samshim::set_bit;
using Kernel = samshim::Model;

extern "C" {

__attribute__((visibility("default"))) uint32_t samk_abi_version() { return 4; }
__attribute__((visibility("default"))) uint32_t samk_num_probes() { return SAMK_NUM_PROBES; }
__attribute__((visibility("default"))) uint32_t samk_axi_lanes() { return SAMK_AXI_LANES; }

// See samshim::Model for `wave_path` and `seed`.
__attribute__((visibility("default"))) void* samk_new(const char* wave_path, uint32_t seed) {
  auto* k = new Kernel(wave_path, seed, "kernel");
  k->top->host_re_i = 0;
  k->top->host_we_i = 0;
  k->top->eval();
  return k;
}

__attribute__((visibility("default"))) void samk_free(void* p) { delete static_cast<Kernel*>(p); }

// Reset (synchronous) held for `cycles` clock cycles: two at the least.
__attribute__((visibility("default"))) void samk_reset(void* p, uint32_t cycles) {
  auto* k = static_cast<Kernel*>(p);
  k->top->host_re_i = 0;
  k->top->host_we_i = 0;
  k->top->rst_ni = 0;
  k->half(false);
  for (uint32_t c = 0; c < cycles; ++c) { k->half(true); k->half(false); }
  k->top->rst_ni = 1;
  k->half(false);
  k->cycles = 0;
}

// One host write: one clock cycle.
__attribute__((visibility("default"))) void samk_host_write(void* p, uint32_t addr, uint64_t data) {
  auto* k = static_cast<Kernel*>(p);
  k->top->host_we_i = 1;
  k->top->host_addr_i = addr;
  k->top->host_wdata_i = data;
  k->cycle();
  k->top->host_we_i = 0;
}

// Many host writes to consecutive addresses (an array load), one cycle each.
__attribute__((visibility("default"))) void samk_host_write_block(void* p, uint32_t addr,
                                                                   const uint64_t* data,
                                                                   uint32_t n) {
  for (uint32_t i = 0; i < n; ++i) samk_host_write(p, addr + i, data[i]);
}

// One host read: the request cycle, then clock until host_rvalid_o (at most
// samshim::kReadTimeout cycles; past that, samk_read_timeout() says so and the
// word is 0). The data holds until the next read.
__attribute__((visibility("default"))) uint64_t samk_host_read(void* p, uint32_t addr) {
  auto* k = static_cast<Kernel*>(p);
  k->top->host_re_i = 1;
  k->top->host_addr_i = addr;
  k->cycle();
  k->top->host_re_i = 0;
  for (uint32_t waited = 0; !k->top->host_rvalid_o; ++waited) {
    if (waited >= samshim::kReadTimeout) {
      k->read_timeout = true;
      return 0;
    }
    k->cycle();
  }
  k->read_timeout = false;
  return k->top->host_rdata_o;
}

// `n` consecutive words of one region from `addr` into `out`, a read issued
// every cycle (a block read): each word comes with its own host_rvalid_o,
// in order, READ_LATENCY cycles after its request, so the block takes n + 2
// cycles where single reads take 3n. A gap of samshim::kReadTimeout cycles
// without an answer stops it (samk_read_timeout() says so; the rest is 0).
__attribute__((visibility("default"))) void samk_host_read_block(void* p, uint32_t addr,
                                                                 uint64_t* out, uint32_t n) {
  auto* k = static_cast<Kernel*>(p);
  uint32_t issued = 0, got = 0, waited = 0;
  k->read_timeout = false;
  while (got < n) {
    k->top->host_re_i = issued < n;
    k->top->host_addr_i = addr + issued;
    if (issued < n) ++issued;
    k->cycle();
    if (k->top->host_rvalid_o) {
      out[got++] = k->top->host_rdata_o;
      waited = 0;
    } else if (++waited >= samshim::kReadTimeout) {
      k->read_timeout = true;
      while (got < n) out[got++] = 0;
    }
  }
  k->top->host_re_i = 0;
}

// 1 if the last host read got no host_rvalid_o in time.
__attribute__((visibility("default"))) uint32_t samk_read_timeout(void* p) {
  return static_cast<Kernel*>(p)->read_timeout ? 1 : 0;
}

// Clock until done_o, an assertion, or `max_cycles`; returns the cycles run.
__attribute__((visibility("default"))) uint64_t samk_run(void* p, uint64_t max_cycles) {
  auto* k = static_cast<Kernel*>(p);
  uint64_t n = 0;
  while (n < max_cycles && !k->top->done_o && !k->ctx->gotError()) {
    k->cycle();
    ++n;
  }
  return n;
}

__attribute__((visibility("default"))) uint32_t samk_done(void* p) {
  return static_cast<Kernel*>(p)->top->done_o ? 1 : 0;
}

// Edge `e`: bit 0 valid into its consumer, bit 1 the consumer's ready.
__attribute__((visibility("default"))) uint32_t samk_probe(void* p, uint32_t e) {
  auto* k = static_cast<Kernel*>(p);
  return (get_bit(k->top->probe_o, 2 * e) ? 1u : 0u) | (get_bit(k->top->probe_o, 2 * e + 1) ? 2u : 0u);
}

// One clock cycle.
__attribute__((visibility("default"))) void samk_step(void* p) { static_cast<Kernel*>(p)->cycle(); }

// `bits` (<= 64) bits of trace_o from bit `lsb`; 0 in a model built without tracing.
__attribute__((visibility("default"))) uint64_t samk_trace_bits(void* p, uint32_t lsb, uint32_t bits) {
#if SAMK_TRACE
  auto* k = static_cast<Kernel*>(p);
  uint64_t v = 0;
  for (uint32_t i = 0; i < bits; ++i) {
    if (get_bit(k->top->trace_o, lsb + i)) v |= uint64_t(1) << i;
  }
  return v;
#else
  (void)p;
  (void)lsb;
  (void)bits;
  return 0;
#endif
}

__attribute__((visibility("default"))) uint64_t samk_cycles(void* p) {
  return static_cast<Kernel*>(p)->cycles;
}

__attribute__((visibility("default"))) uint32_t samk_got_error(void* p) {
  return static_cast<Kernel*>(p)->ctx->gotError() ? 1 : 0;
}

#if SAMK_AXI_LANES
}  // extern "C"

// `bits` (<= 64) bits of a port of any width from bit `lsb`, and back.
template <typename T>
static uint64_t field(const T& port, unsigned lsb, unsigned bits) {
  uint64_t v = 0;
  for (unsigned i = 0; i < bits; ++i) {
    if (get_bit(port, lsb + i)) v |= uint64_t(1) << i;
  }
  return v;
}
template <typename T>
static void set_field(T& port, unsigned lsb, unsigned bits, uint64_t v) {
  for (unsigned i = 0; i < bits; ++i) set_bit(port, lsb + i, (v >> i) & 1);
}

extern "C" {

// What lane `l` drives now (after settling the inputs last set), 16 words:
// arvalid, araddr, arlen, arsize, arburst, rready, awvalid, awaddr, awlen,
// awsize, awburst, wvalid, wdata, wstrb, wlast, bready.
__attribute__((visibility("default"))) void samk_axi_out(void* p, uint32_t l, uint64_t* o) {
  auto* t = static_cast<Kernel*>(p)->top.get();
  t->eval();
  o[0] = field(t->m_axi_arvalid_o, l, 1);
  o[1] = field(t->m_axi_araddr_o, 32 * l, 32);
  o[2] = field(t->m_axi_arlen_o, 8 * l, 8);
  o[3] = field(t->m_axi_arsize_o, 3 * l, 3);
  o[4] = field(t->m_axi_arburst_o, 2 * l, 2);
  o[5] = field(t->m_axi_rready_o, l, 1);
  o[6] = field(t->m_axi_awvalid_o, l, 1);
  o[7] = field(t->m_axi_awaddr_o, 32 * l, 32);
  o[8] = field(t->m_axi_awlen_o, 8 * l, 8);
  o[9] = field(t->m_axi_awsize_o, 3 * l, 3);
  o[10] = field(t->m_axi_awburst_o, 2 * l, 2);
  o[11] = field(t->m_axi_wvalid_o, l, 1);
  o[12] = field(t->m_axi_wdata_o, 64 * l, 64);
  o[13] = field(t->m_axi_wstrb_o, 8 * l, 8);
  o[14] = field(t->m_axi_wlast_o, l, 1);
  o[15] = field(t->m_axi_bready_o, l, 1);
}

// What the memory drives into lane `l` from now on, 9 words: arready, rvalid,
// rdata, rresp, rlast, awready, wready, bvalid, bresp.
__attribute__((visibility("default"))) void samk_axi_in(void* p, uint32_t l, const uint64_t* i) {
  auto* t = static_cast<Kernel*>(p)->top.get();
  set_field(t->m_axi_arready_i, l, 1, i[0]);
  set_field(t->m_axi_rvalid_i, l, 1, i[1]);
  set_field(t->m_axi_rdata_i, 64 * l, 64, i[2]);
  set_field(t->m_axi_rresp_i, 2 * l, 2, i[3]);
  set_field(t->m_axi_rlast_i, l, 1, i[4]);
  set_field(t->m_axi_awready_i, l, 1, i[5]);
  set_field(t->m_axi_wready_i, l, 1, i[6]);
  set_field(t->m_axi_bvalid_i, l, 1, i[7]);
  set_field(t->m_axi_bresp_i, 2 * l, 2, i[8]);
}
#endif

}  // extern "C"
