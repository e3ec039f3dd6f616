// samboard.cpp: the C++ shim for a Verilated board top (hdl-gen/src/board.rs): the
// host talks to it only through its UART pins, bit by bit, as a USB bridge would.
//
// Ports used: the clock (-DSAMSHIM_CLK=<name>), rst_btn_ni, uart_rx_i, uart_tx_o.
// The board's LEDs are not read. Bits are SAMB_CLKS_PER_BIT clock cycles long (the
// board top is generated with the same number).
//
// The line is full duplex, as a real one: every clock cycle, sent or idle, also
// decodes uart_tx_o, and the bytes it gives wait in a queue for samb_recv. So a
// host may send while the board replies (samb_send does not wait for replies).
#include <cstdint>
#include <deque>

#define SAMSHIM_RST_N rst_btn_ni
#include "samshim.h"

#ifndef SAMB_CLKS_PER_BIT
#error "SAMB_CLKS_PER_BIT must be defined"
#endif

namespace {

// A Model plus the host side's UART receiver on uart_tx_o.
struct Board : samshim::Model {
  using samshim::Model::Model;
  bool receiving = false;
  uint32_t count = 0;  // cycles to the next sample
  int bit = 0;         // -1 start bit, 0..7 data, 8 stop
  uint32_t byte = 0;
  std::deque<int32_t> got;  // a byte, or -2 for a frame with a low stop bit

  // One clock cycle, then the receiver looks at the line.
  void tick() {
    cycle();
    const bool line = top->uart_tx_o & 1;
    if (!receiving) {
      if (!line) {
        receiving = true;
        count = SAMB_CLKS_PER_BIT / 2;  // to the middle of the start bit
        bit = -1;
        byte = 0;
      }
      return;
    }
    if (--count != 0) return;
    count = SAMB_CLKS_PER_BIT;
    if (bit < 0) {
      bit = 0;
    } else if (bit < 8) {
      byte |= uint32_t(line) << bit;
      ++bit;
    } else {
      got.push_back(line ? static_cast<int32_t>(byte) : -2);
      receiving = false;
    }
  }
};

}  // namespace

extern "C" {

__attribute__((visibility("default"))) uint32_t samb_abi_version() { return 2; }
__attribute__((visibility("default"))) uint32_t samb_clks_per_bit() { return SAMB_CLKS_PER_BIT; }

__attribute__((visibility("default"))) void* samb_new(const char* wave_path, uint32_t seed) {
  auto* b = new Board(wave_path, seed, "board");
  // The button pressed from the start (a falling edge, so the synchronizer's asynchronous reset
  // fires): the reset synchronizer's flops come up random, and the kernel must
  // not run, or check its assertions, before reset.
  b->top->uart_rx_i = 1;
  b->top->rst_btn_ni = 1;
  b->top->eval();
  b->top->rst_btn_ni = 0;
  b->top->eval();
  return b;
}

__attribute__((visibility("default"))) void samb_free(void* p) { delete static_cast<Board*>(p); }

// The reset button held for `cycles` cycles, then released (and a few cycles for
// the reset synchronizer).
__attribute__((visibility("default"))) void samb_reset(void* p, uint32_t cycles) {
  auto* b = static_cast<Board*>(p);
  b->top->uart_rx_i = 1;
  b->top->rst_btn_ni = 0;
  b->top->eval();
  for (uint32_t c = 0; c < cycles; ++c) b->tick();
  b->top->rst_btn_ni = 1;
  for (int c = 0; c < 4; ++c) b->tick();
  b->got.clear();
}

// One byte into the board's receiver: start bit, 8 data bits LSB first, stop bit
// (whatever the board sends meanwhile is queued for samb_recv).
__attribute__((visibility("default"))) void samb_send(void* p, uint8_t byte) {
  auto* b = static_cast<Board*>(p);
  const uint32_t frame = 0x200u | (uint32_t(byte) << 1);
  for (int i = 0; i < 10; ++i) {
    b->top->uart_rx_i = (frame >> i) & 1;
    for (uint32_t c = 0; c < SAMB_CLKS_PER_BIT; ++c) b->tick();
  }
  b->top->uart_rx_i = 1;
}

// The next byte from the board's transmitter, waiting at most `timeout` cycles
// for it to complete; -1 on timeout, -2 on a frame whose stop bit is low.
__attribute__((visibility("default"))) int32_t samb_recv(void* p, uint64_t timeout) {
  auto* b = static_cast<Board*>(p);
  uint64_t waited = 0;
  while (b->got.empty()) {
    if (waited++ >= timeout || b->ctx->gotError()) return -1;
    b->tick();
  }
  const int32_t v = b->got.front();
  b->got.pop_front();
  return v;
}

__attribute__((visibility("default"))) uint64_t samb_cycles(void* p) {
  return static_cast<Board*>(p)->cycles;
}

__attribute__((visibility("default"))) uint32_t samb_got_error(void* p) {
  return static_cast<Board*>(p)->ctx->gotError() ? 1 : 0;
}

}  // extern "C"
