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
// or, with -DSAMK_HOST_AXIL=1 (a top built with --host-bus axil), s_axil_* and
// irq_o in place of the host_* pins: every host access is then AXI4-Lite
// transactions (sam_axil_host's address rule, docs/host-protocol.md), the
// master's timing drawn from the seed.
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
#ifndef SAMK_HOST_AXIL
#define SAMK_HOST_AXIL 0
#endif

using samshim::get_bit;
using samshim::set_bit;
using Kernel = samshim::Model;

#if SAMK_HOST_AXIL
// The AXI4-Lite port idle.
static void host_quiet(Kernel* k) {
  auto* t = k->top.get();
  t->s_axil_awvalid_i = 0;
  t->s_axil_wvalid_i = 0;
  t->s_axil_bready_i = 0;
  t->s_axil_arvalid_i = 0;
  t->s_axil_rready_i = 0;
}

// The host as an AXI4-Lite master (sam_axil_host's slave port): its half of
// the handshake rules (a valid holds with its payload until taken), with
// waits drawn from the model's generator, so the slave sees AW before W, W
// before AW, both at once, and late BREADY and RREADY.
static uint32_t axil_wait(Kernel* k) { return k->next() % 4 == 0 ? k->next() % 4 : 0; }

// Most cycles one transaction takes before the shim gives up (the slave's own
// host read timeout is 64).
constexpr uint32_t kAxilTimeout = 4 * samshim::kReadTimeout;

static void axil_write(Kernel* k, uint32_t byte, uint32_t data) {
  auto* t = k->top.get();
  uint32_t aw_wait = axil_wait(k), w_wait = axil_wait(k), b_wait = axil_wait(k);
  bool aw_done = false, w_done = false;
  t->s_axil_awaddr_i = byte;
  t->s_axil_awprot_i = 0;
  t->s_axil_wdata_i = data;
  t->s_axil_wstrb_i = 0xF;
  for (uint32_t waited = 0;; ++waited) {
    if (waited >= kAxilTimeout) {
      k->bus_error = true;
      break;
    }
    t->s_axil_awvalid_i = !aw_done && aw_wait == 0;
    t->s_axil_wvalid_i = !w_done && w_wait == 0;
    t->s_axil_bready_i = b_wait == 0;
    t->eval();
    const bool aw_go = t->s_axil_awvalid_i && t->s_axil_awready_o;
    const bool w_go = t->s_axil_wvalid_i && t->s_axil_wready_o;
    const bool b_go = t->s_axil_bready_i && t->s_axil_bvalid_o;
    if (b_go && t->s_axil_bresp_o != 0) k->bus_error = true;
    k->cycle();
    aw_done |= aw_go;
    w_done |= w_go;
    if (aw_wait) --aw_wait;
    if (w_wait) --w_wait;
    if (aw_done && w_done && b_wait) --b_wait;
    if (b_go) break;
  }
  host_quiet(k);
}

// One 32-bit read; false when it got SLVERR or no response.
static bool axil_read(Kernel* k, uint32_t byte, uint32_t* data) {
  auto* t = k->top.get();
  uint32_t ar_wait = axil_wait(k), r_wait = axil_wait(k);
  bool ar_done = false, ok = false;
  t->s_axil_araddr_i = byte;
  t->s_axil_arprot_i = 0;
  for (uint32_t waited = 0; waited < kAxilTimeout; ++waited) {
    t->s_axil_arvalid_i = !ar_done && ar_wait == 0;
    t->s_axil_rready_i = r_wait == 0;
    t->eval();
    const bool ar_go = t->s_axil_arvalid_i && t->s_axil_arready_o;
    const bool r_go = t->s_axil_rready_i && t->s_axil_rvalid_o;
    if (r_go) {
      *data = t->s_axil_rdata_o;
      ok = t->s_axil_rresp_o == 0;
    }
    k->cycle();
    ar_done |= ar_go;
    if (ar_wait) --ar_wait;
    if (ar_done && r_wait) --r_wait;
    if (r_go) {
      host_quiet(k);
      return ok;
    }
  }
  host_quiet(k);
  return false;
}

// Host word `addr` (region r, word w) at byte r << 24 | w << 3.
static uint32_t axil_byte(uint32_t addr) { return (addr & 0xFF000000u) | ((addr & 0x1FFFFFu) << 3); }

// A 64-bit word: its high half first when it has one (the slave keeps it for
// the low half's write, which writes the word).
static void host_write(Kernel* k, uint32_t addr, uint64_t data) {
  const uint32_t byte = axil_byte(addr);
  if (data >> 32) axil_write(k, byte + 4, static_cast<uint32_t>(data >> 32));
  axil_write(k, byte, static_cast<uint32_t>(data));
}

static void host_write_block(Kernel* k, uint32_t addr, const uint64_t* data, uint32_t n) {
  for (uint32_t i = 0; i < n; ++i) host_write(k, addr + i, data[i]);
}

// The low half (which reads the word) then the high half (kept from that read).
static uint64_t host_read(Kernel* k, uint32_t addr) {
  const uint32_t byte = axil_byte(addr);
  uint32_t lo = 0, hi = 0;
  const bool ok = axil_read(k, byte, &lo) && axil_read(k, byte + 4, &hi);
  k->read_timeout = !ok;
  return ok ? (uint64_t(hi) << 32 | lo) : 0;
}

static void host_read_block(Kernel* k, uint32_t addr, uint64_t* out, uint32_t n) {
  bool timeout = false;
  for (uint32_t i = 0; i < n; ++i) {
    out[i] = host_read(k, addr + i);
    timeout |= k->read_timeout;
  }
  k->read_timeout = timeout;
}

#else
// The host port idle.
static void host_quiet(Kernel* k) {
  k->top->host_re_i = 0;
  k->top->host_we_i = 0;
}

// One host write: one clock cycle.
static void host_write(Kernel* k, uint32_t addr, uint64_t data) {
  k->top->host_we_i = 1;
  k->top->host_addr_i = addr;
  k->top->host_wdata_i = data;
  k->cycle();
  k->top->host_we_i = 0;
}

// Many host writes to consecutive addresses (an array load), one cycle each.
static void host_write_block(Kernel* k, uint32_t addr, const uint64_t* data, uint32_t n) {
  for (uint32_t i = 0; i < n; ++i) host_write(k, addr + i, data[i]);
}

// One host read: the request cycle, then clock until host_rvalid_o (at most
// samshim::kReadTimeout cycles; past that, samk_read_timeout() says so and the
// word is 0). The data holds until the next read.
static uint64_t host_read(Kernel* k, uint32_t addr) {
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
static void host_read_block(Kernel* k, uint32_t addr, uint64_t* out, uint32_t n) {
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

#endif

extern "C" {

__attribute__((visibility("default"))) uint32_t samk_abi_version() { return 5; }
__attribute__((visibility("default"))) uint32_t samk_num_probes() { return SAMK_NUM_PROBES; }
__attribute__((visibility("default"))) uint32_t samk_axi_lanes() { return SAMK_AXI_LANES; }
__attribute__((visibility("default"))) uint32_t samk_host_axil() { return SAMK_HOST_AXIL; }

// See samshim::Model for `wave_path` and `seed`.
__attribute__((visibility("default"))) void* samk_new(const char* wave_path, uint32_t seed) {
  auto* k = new Kernel(wave_path, seed, "kernel");
  host_quiet(k);
  k->top->eval();
  return k;
}

__attribute__((visibility("default"))) void samk_free(void* p) { delete static_cast<Kernel*>(p); }

// Reset (synchronous) held for `cycles` clock cycles: two at the least.
__attribute__((visibility("default"))) void samk_reset(void* p, uint32_t cycles) {
  auto* k = static_cast<Kernel*>(p);
  host_quiet(k);
  k->top->rst_ni = 0;
  k->half(false);
  for (uint32_t c = 0; c < cycles; ++c) { k->half(true); k->half(false); }
  k->top->rst_ni = 1;
  k->half(false);
  k->cycles = 0;
}

// The host's accesses: a write, a block of writes to consecutive words, a read
// (clocked until its answer; samk_read_timeout() says when none came), a block
// read of consecutive words of one region.
__attribute__((visibility("default"))) void samk_host_write(void* p, uint32_t addr, uint64_t data) {
  host_write(static_cast<Kernel*>(p), addr, data);
}
__attribute__((visibility("default"))) void samk_host_write_block(void* p, uint32_t addr,
                                                                   const uint64_t* data,
                                                                   uint32_t n) {
  host_write_block(static_cast<Kernel*>(p), addr, data, n);
}
__attribute__((visibility("default"))) uint64_t samk_host_read(void* p, uint32_t addr) {
  return host_read(static_cast<Kernel*>(p), addr);
}
__attribute__((visibility("default"))) void samk_host_read_block(void* p, uint32_t addr,
                                                                 uint64_t* out, uint32_t n) {
  host_read_block(static_cast<Kernel*>(p), addr, out, n);
}

// The done interrupt (irq_o) of a top with the AXI4-Lite bus; 0 otherwise.
__attribute__((visibility("default"))) uint32_t samk_irq(void* p) {
#if SAMK_HOST_AXIL
  return static_cast<Kernel*>(p)->top->irq_o ? 1 : 0;
#else
  (void)p;
  return 0;
#endif
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

// An assertion failed, or a host bus transaction got an error or no response.
__attribute__((visibility("default"))) uint32_t samk_got_error(void* p) {
  auto* k = static_cast<Kernel*>(p);
  return k->ctx->gotError() || k->bus_error ? 1 : 0;
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
