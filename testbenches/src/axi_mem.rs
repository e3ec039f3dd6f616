//! An external memory behind an AXI4 slave port, for co-simulating a design
//! whose arrays live off chip (docs/memory.md, "The external memory model").
//!
//! The model is clocked by its user, one call of [`AxiMem::cycle`] per clock
//! edge: the user gives what the master drove in the cycle before the edge
//! ([`MasterOut`]), and gets back what the slave drives in the next cycle
//! ([`SlaveOut`]). The slave's outputs are registers, so they never depend on
//! the master's signals of the same cycle.
//!
//! What it models:
//! - **latency**: a read's first beat is ready `latency` cycles after its AR
//!   handshake, a write's B `latency` cycles after its last W beat;
//! - **bandwidth**: `bytes_per_cycle` shared by R and W beats (a token bucket
//!   holding at most one beat's worth beyond a cycle's);
//! - **random delays**: each beat waits one more cycle with chance `jitter`,
//!   and the address channels refuse a cycle with chance `refuse`;
//! - **reordering**: responses to different IDs interleave at random (AXI
//!   keeps only the order within an ID), with `reorder`.
//!
//! What it checks (the master's side of the AXI4 rules, each a [`AxiViolation`]
//! with the cycle): a valid address or data beat stays valid with its payload
//! unchanged until its handshake; a burst is INCR, no wider than the bus, and does
//! not cross a 4 KB boundary; WLAST marks exactly a burst's last beat; every
//! access lies inside the memory.

use std::collections::VecDeque;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How the memory behaves.
#[derive(Clone, Debug, PartialEq)]
pub struct AxiMemConfig {
    /// Bytes of memory, from address 0.
    pub size: usize,
    /// Bytes per data beat (the bus width): 1, 2, 4 or 8.
    pub data_bytes: usize,
    /// Cycles from an AR handshake to its first R beat being ready, and from a
    /// burst's last W beat to its B.
    pub latency: u32,
    /// Bytes the data channels move per cycle, reads and writes together.
    pub bytes_per_cycle: f64,
    /// Chance a ready beat waits one more cycle.
    pub jitter: f64,
    /// Chance the address channels refuse in a cycle.
    pub refuse: f64,
    /// Responses to different IDs interleave at random.
    pub reorder: bool,
    pub seed: u64,
}

impl AxiMemConfig {
    /// A memory answering in `latency` cycles at one beat per cycle, without
    /// jitter or reordering.
    pub fn steady(size: usize, data_bytes: usize, latency: u32) -> Self {
        AxiMemConfig {
            size,
            data_bytes,
            latency,
            bytes_per_cycle: data_bytes as f64,
            jitter: 0.0,
            refuse: 0.0,
            reorder: false,
            seed: 1,
        }
    }
}

/// An address channel's payload (AR or AW).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Addr {
    pub id: u32,
    pub addr: u64,
    /// Beats less one (AxLEN).
    pub len: u8,
    /// log2 of the bytes per beat (AxSIZE).
    pub size: u8,
    /// 1: INCR, the only burst the model takes.
    pub burst: u8,
}

/// A write data beat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WBeat {
    pub data: u64,
    /// One bit per byte lane.
    pub strb: u8,
    pub last: bool,
}

/// What the master drives in a cycle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MasterOut {
    pub ar: Option<Addr>,
    pub r_ready: bool,
    pub aw: Option<Addr>,
    pub w: Option<WBeat>,
    pub b_ready: bool,
}

/// A read data beat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RBeat {
    pub id: u32,
    pub data: u64,
    pub last: bool,
}

/// What the slave drives in a cycle (registered).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SlaveOut {
    pub ar_ready: bool,
    pub r: Option<RBeat>,
    pub aw_ready: bool,
    pub w_ready: bool,
    /// A write response: its ID (the response is always OKAY).
    pub b: Option<u32>,
}

/// A broken AXI rule or an access outside the memory, at a cycle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("AXI cycle {cycle}: {what}")]
pub struct AxiViolation {
    pub cycle: u64,
    pub what: String,
}

/// A read burst being answered.
#[derive(Clone, Debug)]
struct ReadBurst {
    id: u32,
    addr: u64,
    beats_left: u32,
    /// Cycle from which its next beat may go.
    ready_at: u64,
}

/// A write burst taking data, then waiting for its response.
#[derive(Clone, Debug)]
struct WriteBurst {
    id: u32,
    addr: u64,
    beats_left: u32,
}

/// Totals of what moved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct AxiStats {
    pub read_bursts: u64,
    pub read_beats: u64,
    pub write_bursts: u64,
    pub write_beats: u64,
    /// Cycles with a beat ready but the bandwidth spent.
    pub throttled: u64,
}

impl AxiStats {
    /// Bytes moved on the data channels.
    pub fn bytes(&self, data_bytes: usize) -> u64 {
        (self.read_beats + self.write_beats) * data_bytes as u64
    }
}

/// The memory and its AXI4 slave port.
pub struct AxiMem {
    cfg: AxiMemConfig,
    bytes: Vec<u8>,
    rng: ChaCha8Rng,
    cycle: u64,
    out: SlaveOut,
    /// Last cycle's master valids, for the stability rules.
    last: MasterOut,
    ar_waiting: bool,
    aw_waiting: bool,
    w_waiting: bool,
    reads: Vec<ReadBurst>,
    writes: VecDeque<WriteBurst>,
    /// Write responses: (ID, cycle it may go).
    responses: VecDeque<(u32, u64)>,
    /// Bandwidth left, in bytes.
    credit: f64,
    pub stats: AxiStats,
}

impl AxiMem {
    pub fn new(cfg: AxiMemConfig) -> Self {
        assert!(
            matches!(cfg.data_bytes, 1 | 2 | 4 | 8),
            "AXI data width must be 1, 2, 4 or 8 bytes"
        );
        let rng = ChaCha8Rng::seed_from_u64(cfg.seed);
        AxiMem {
            bytes: vec![0; cfg.size],
            rng,
            cycle: 0,
            out: SlaveOut {
                ar_ready: true,
                aw_ready: true,
                w_ready: true,
                ..SlaveOut::default()
            },
            last: MasterOut::default(),
            ar_waiting: false,
            aw_waiting: false,
            w_waiting: false,
            reads: Vec::new(),
            writes: VecDeque::new(),
            responses: VecDeque::new(),
            credit: 0.0,
            stats: AxiStats::default(),
            cfg,
        }
    }

    pub fn config(&self) -> &AxiMemConfig {
        &self.cfg
    }

    /// What the slave drives now.
    pub fn outputs(&self) -> SlaveOut {
        self.out
    }

    /// Writes `data` at byte address `addr` (a host loading the memory).
    pub fn load(&mut self, addr: u64, data: &[u8]) -> Result<(), AxiViolation> {
        let a = self.range(addr, data.len() as u64)?;
        self.bytes[a..a + data.len()].copy_from_slice(data);
        Ok(())
    }

    /// Reads `len` bytes at `addr` (a host reading results back).
    pub fn read(&self, addr: u64, len: usize) -> Result<&[u8], AxiViolation> {
        let a = self.range(addr, len as u64)?;
        Ok(&self.bytes[a..a + len])
    }

    fn range(&self, addr: u64, len: u64) -> Result<usize, AxiViolation> {
        if addr
            .checked_add(len)
            .is_none_or(|end| end > self.cfg.size as u64)
        {
            return Err(self.violation(format!(
                "access of {len} bytes at 0x{addr:x} outside the {}-byte memory",
                self.cfg.size
            )));
        }
        Ok(addr as usize)
    }

    fn violation(&self, what: String) -> AxiViolation {
        AxiViolation {
            cycle: self.cycle,
            what,
        }
    }

    /// Checks an address channel's burst.
    fn check_burst(&self, ch: &str, a: &Addr) -> Result<(), AxiViolation> {
        let beat = 1u64 << a.size;
        if a.burst != 1 {
            return Err(self.violation(format!("{ch} burst type {} (only INCR)", a.burst)));
        }
        if beat > self.cfg.data_bytes as u64 {
            return Err(self.violation(format!(
                "{ch} size {beat} bytes wider than the {}-byte bus",
                self.cfg.data_bytes
            )));
        }
        if !a.addr.is_multiple_of(beat) {
            return Err(self.violation(format!(
                "{ch} address 0x{:x} not aligned to its {beat}-byte beats",
                a.addr
            )));
        }
        let bytes = (u64::from(a.len) + 1) * beat;
        if a.addr / 4096 != (a.addr + bytes - 1) / 4096 {
            return Err(self.violation(format!(
                "{ch} burst of {bytes} bytes at 0x{:x} crosses a 4 KB boundary",
                a.addr
            )));
        }
        self.range(a.addr, bytes).map(|_| ())
    }

    /// A valid that was not taken must stay, with its payload.
    fn check_held<T: PartialEq + std::fmt::Debug>(
        &self,
        ch: &str,
        waiting: bool,
        last: Option<T>,
        now: Option<T>,
    ) -> Result<(), AxiViolation> {
        if waiting && last != now {
            return Err(self.violation(format!(
                "{ch} changed before its handshake: {last:?} then {now:?}"
            )));
        }
        Ok(())
    }

    /// One clock edge: `m` is what the master drove in the cycle before it.
    /// Returns what the slave drives in the next cycle.
    pub fn cycle(&mut self, m: &MasterOut) -> Result<SlaveOut, AxiViolation> {
        self.check_held("AR", self.ar_waiting, self.last.ar, m.ar)?;
        self.check_held("AW", self.aw_waiting, self.last.aw, m.aw)?;
        self.check_held("W", self.w_waiting, self.last.w, m.w)?;
        let out = self.out;
        let now = self.cycle;
        // The handshakes of this edge.
        if let (Some(a), true) = (m.ar, out.ar_ready) {
            self.check_burst("AR", &a)?;
            self.reads.push(ReadBurst {
                id: a.id,
                addr: a.addr,
                beats_left: u32::from(a.len) + 1,
                ready_at: now + u64::from(self.cfg.latency),
            });
            self.stats.read_bursts += 1;
        }
        if let (Some(a), true) = (m.aw, out.aw_ready) {
            self.check_burst("AW", &a)?;
            self.writes.push_back(WriteBurst {
                id: a.id,
                addr: a.addr,
                beats_left: u32::from(a.len) + 1,
            });
            self.stats.write_bursts += 1;
        }
        if let (Some(w), true) = (m.w, out.w_ready) {
            self.write_beat(&w, now)?;
        }
        let r_taken = out.r.is_some() && m.r_ready;
        if let (Some(r), true) = (out.r, r_taken) {
            self.read_beat_taken(&r);
        }
        if let (Some(_), true) = (out.b, m.b_ready) {
            self.responses.pop_front();
        }
        self.ar_waiting = m.ar.is_some() && !out.ar_ready;
        self.aw_waiting = m.aw.is_some() && !out.aw_ready;
        self.w_waiting = m.w.is_some() && !out.w_ready;
        self.last = *m;
        self.cycle += 1;
        self.out = self.next_outputs(out, r_taken);
        Ok(self.out)
    }

    fn write_beat(&mut self, w: &WBeat, now: u64) -> Result<(), AxiViolation> {
        let Some(left) = self.writes.front().map(|b| b.beats_left) else {
            // AXI4 lets W lead AW; the model waits for the address (w_ready
            // stays low without one), so a beat here broke that.
            return Err(self.violation("a W beat with no write address".into()));
        };
        let last = left == 1;
        if w.last != last {
            return Err(self.violation(format!(
                "WLAST {} on a beat with {left} left in its burst",
                w.last
            )));
        }
        let burst = self.writes.front_mut().expect("checked above");
        let addr = burst.addr;
        let beat = self.cfg.data_bytes as u64;
        let lane0 = (addr % beat) as usize;
        for lane in 0..self.cfg.data_bytes {
            if w.strb >> lane & 1 == 1 && lane >= lane0 {
                let a = (addr - lane0 as u64) as usize + lane;
                self.bytes[a] = (w.data >> (8 * lane)) as u8;
            }
        }
        burst.addr = addr - lane0 as u64 + beat;
        burst.beats_left -= 1;
        self.stats.write_beats += 1;
        self.credit -= beat as f64;
        if last {
            let done = self.writes.pop_front().expect("the front burst");
            self.responses
                .push_back((done.id, now + u64::from(self.cfg.latency)));
        }
        Ok(())
    }

    fn read_beat_taken(&mut self, r: &RBeat) {
        let i = self
            .reads
            .iter()
            .position(|b| b.id == r.id)
            .expect("a beat on R belongs to a burst");
        let beat = self.cfg.data_bytes as u64;
        let burst = &mut self.reads[i];
        burst.addr = burst.addr - burst.addr % beat + beat;
        burst.beats_left -= 1;
        self.stats.read_beats += 1;
        self.credit -= beat as f64;
        if burst.beats_left == 0 {
            self.reads.remove(i);
        }
    }

    /// The registered outputs for the next cycle; `held` is this cycle's, whose R
    /// beat stays offered unless `r_taken`.
    fn next_outputs(&mut self, held: SlaveOut, r_taken: bool) -> SlaveOut {
        let now = self.cycle;
        let beat = self.cfg.data_bytes as f64;
        // The bucket fills by a cycle's bandwidth and holds at most a beat more.
        self.credit = (self.credit + self.cfg.bytes_per_cycle).min(beat + self.cfg.bytes_per_cycle);
        let refuse = self.cfg.refuse;
        let mut out = SlaveOut {
            ar_ready: !self.rng.gen_bool(refuse),
            aw_ready: !self.rng.gen_bool(refuse),
            // A W beat is taken only behind a write address and with bandwidth.
            w_ready: !self.writes.is_empty() && self.credit >= beat,
            r: None,
            b: None,
        };
        // A beat offered and not taken stays offered (AXI's rule for the slave).
        out.r = match held.r {
            Some(r) if !r_taken => Some(r),
            _ => self.pick_read(now, beat),
        };
        if let Some(&(id, at)) = self.responses.front() {
            if at <= now {
                out.b = Some(id);
            }
        }
        out
    }

    /// The next read beat to offer: the oldest burst of a randomly chosen ID
    /// (with reordering) or the oldest burst (without), once its latency has
    /// passed and the bandwidth allows.
    fn pick_read(&mut self, now: u64, beat: f64) -> Option<RBeat> {
        let ready: Vec<usize> = (0..self.reads.len())
            .filter(|&i| {
                let b = &self.reads[i];
                // Only the oldest burst of each ID may answer.
                b.ready_at <= now && !self.reads[..i].iter().any(|o| o.id == b.id)
            })
            .collect();
        let first = *ready.first()?;
        if self.credit < beat {
            self.stats.throttled += 1;
            return None;
        }
        if self.cfg.jitter > 0.0 && self.rng.gen_bool(self.cfg.jitter) {
            return None;
        }
        let i = if self.cfg.reorder {
            ready[self.rng.gen_range(0..ready.len())]
        } else {
            // In order of acceptance across IDs too.
            if first != 0 {
                return None;
            }
            first
        };
        let b = &self.reads[i];
        let width = self.cfg.data_bytes as u64;
        let base = (b.addr - b.addr % width) as usize;
        let mut data = 0u64;
        for lane in 0..self.cfg.data_bytes {
            data |= u64::from(self.bytes[base + lane]) << (8 * lane);
        }
        Some(RBeat {
            id: b.id,
            data,
            last: b.beats_left == 1,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A master that reads `bursts` (address, beats) one after another and
    /// collects the data, with `ready` the chance it takes an R beat.
    fn read_all(mem: &mut AxiMem, bursts: &[(u64, u8)], ready: f64) -> (Vec<u64>, u64) {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut next = 0;
        let mut got = Vec::new();
        let want: usize = bursts.iter().map(|&(_, n)| n as usize).sum();
        let size = mem.config().data_bytes.trailing_zeros() as u8;
        for cycle in 0..100_000u64 {
            let out = mem.outputs();
            let ar = bursts.get(next).map(|&(addr, n)| Addr {
                id: (next % 3) as u32,
                addr,
                len: n - 1,
                size,
                burst: 1,
            });
            let r_ready = rng.gen_bool(ready);
            if let (Some(r), true) = (out.r, r_ready) {
                got.push(r.data);
            }
            if ar.is_some() && out.ar_ready {
                next += 1;
            }
            mem.cycle(&MasterOut {
                ar,
                r_ready,
                ..MasterOut::default()
            })
            .unwrap();
            if got.len() == want {
                return (got, cycle);
            }
        }
        panic!("reads did not finish");
    }

    fn memory(cfg: AxiMemConfig) -> AxiMem {
        let mut mem = AxiMem::new(cfg);
        let words: Vec<u8> = (0..1024u32).flat_map(|w| w.to_le_bytes()).collect();
        mem.load(0, &words).unwrap();
        mem
    }

    #[test]
    fn reads_come_back_after_the_latency_at_the_bandwidth() {
        let mut mem = memory(AxiMemConfig::steady(4096, 4, 20));
        let (got, cycles) = read_all(&mut mem, &[(0, 16), (64, 16)], 1.0);
        assert_eq!(got, (0..32).collect::<Vec<u64>>());
        // Two bursts back to back: the first beat in cycle 20 (the AR took
        // cycle 0), then a beat a cycle.
        assert!((20 + 31..20 + 35).contains(&cycles), "{cycles}");
        // Half the bandwidth: twice the beats' cycles.
        let mut mem = memory(AxiMemConfig {
            bytes_per_cycle: 2.0,
            ..AxiMemConfig::steady(4096, 4, 20)
        });
        let (_, slow) = read_all(&mut mem, &[(0, 16), (64, 16)], 1.0);
        assert!((20 + 61..20 + 70).contains(&slow), "{slow}");
        assert_eq!(mem.stats.bytes(4), 128);
    }

    #[test]
    fn jitter_and_reordering_keep_each_ids_order() {
        let mut mem = memory(AxiMemConfig {
            jitter: 0.3,
            refuse: 0.3,
            reorder: true,
            ..AxiMemConfig::steady(4096, 4, 5)
        });
        let bursts: Vec<(u64, u8)> = (0..12).map(|k| (k * 32, 8)).collect();
        let (got, _) = read_all(&mut mem, &bursts, 0.6);
        // Every word once; within each ID (burst k has ID k % 3) in order.
        let mut sorted = got.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..96).collect::<Vec<u64>>());
        for id in 0..3u64 {
            let of_id: Vec<u64> = got.iter().copied().filter(|w| (w / 8) % 3 == id).collect();
            assert!(of_id.windows(2).all(|p| p[0] < p[1]), "ID {id}: {of_id:?}");
        }
    }

    #[test]
    fn writes_land_and_answer_after_the_latency() {
        let mut mem = AxiMem::new(AxiMemConfig::steady(4096, 8, 10));
        let aw = Addr {
            id: 1,
            addr: 0x100,
            len: 3,
            size: 3,
            burst: 1,
        };
        let mut sent = 0u64;
        let mut addr_sent = false;
        for cycle in 0..200 {
            let out = mem.outputs();
            if out.b == Some(1) {
                assert!(cycle >= 14, "B at {cycle}");
                let back = mem.read(0x100, 32).unwrap();
                let words: Vec<u64> = back
                    .chunks(8)
                    .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
                    .collect();
                assert_eq!(words, vec![100, 101, 102, 103]);
                return;
            }
            let w = (sent < 4).then_some(WBeat {
                data: 100 + sent,
                strb: 0xff,
                last: sent == 3,
            });
            let m = MasterOut {
                aw: (!addr_sent).then_some(aw),
                w,
                b_ready: true,
                ..MasterOut::default()
            };
            if m.aw.is_some() && out.aw_ready {
                addr_sent = true;
            }
            if w.is_some() && out.w_ready {
                sent += 1;
            }
            mem.cycle(&m).unwrap();
        }
        panic!("no write response");
    }

    #[test]
    fn broken_rules_are_reported_with_their_cycle() {
        let burst = |addr, len| Addr {
            id: 0,
            addr,
            len,
            size: 2,
            burst: 1,
        };
        // A burst across 4 KB.
        let mut mem = AxiMem::new(AxiMemConfig::steady(8192, 4, 3));
        let e = mem
            .cycle(&MasterOut {
                ar: Some(burst(4096 - 8, 3)),
                ..MasterOut::default()
            })
            .unwrap_err();
        assert!(e.what.contains("crosses a 4 KB boundary"), "{e}");
        // An address that changes while it waits.
        let mut mem = AxiMem::new(AxiMemConfig {
            refuse: 1.0,
            ..AxiMemConfig::steady(8192, 4, 3)
        });
        mem.cycle(&MasterOut::default()).unwrap();
        mem.cycle(&MasterOut {
            ar: Some(burst(0, 0)),
            ..MasterOut::default()
        })
        .unwrap();
        let e = mem
            .cycle(&MasterOut {
                ar: Some(burst(4, 0)),
                ..MasterOut::default()
            })
            .unwrap_err();
        assert!(e.what.contains("AR changed before its handshake"), "{e}");
        assert_eq!(e.cycle, 2);
        // Outside the memory, and WLAST on the wrong beat.
        let mut mem = AxiMem::new(AxiMemConfig::steady(64, 4, 3));
        let e = mem
            .cycle(&MasterOut {
                ar: Some(burst(64, 0)),
                ..MasterOut::default()
            })
            .unwrap_err();
        assert!(e.what.contains("outside the 64-byte memory"), "{e}");
        let mut mem = AxiMem::new(AxiMemConfig::steady(64, 4, 3));
        mem.cycle(&MasterOut {
            aw: Some(burst(0, 1)),
            ..MasterOut::default()
        })
        .unwrap();
        let e = mem
            .cycle(&MasterOut {
                w: Some(WBeat {
                    data: 1,
                    strb: 0xf,
                    last: true,
                }),
                ..MasterOut::default()
            })
            .unwrap_err();
        assert!(e.what.contains("WLAST true on a beat with 2 left"), "{e}");
    }
}
