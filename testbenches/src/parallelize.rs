//! The `sam_parallelize` testbench against `golden::deal`: `streams` aligned
//! streams of a loop's outermost level (a coordinate stream and references,
//! `N` among them now and then), from no element at all through fewer elements
//! than lanes to long levels, dealt to `lanes` lanes under random stalls.
//!
//! The module picks each element's lane itself (a free one, round robin among
//! the free), so which lane gets what depends on the stalls: the check takes
//! the RTL's order, asks that it be well formed (one lane below `lanes` per
//! element, then `S0 D`), and compares every lane output with
//! `deal(inputs, rtl_order)`. The golden model's round-robin order is what the
//! module gives without stalls, which the throughput run compares exactly.

use std::sync::atomic::{AtomicUsize, Ordering};

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden;
use samgen_compiler::token::{format_stream, Token};
use samgen_hdl::library::PrimitiveConfig;

use crate::primitive_tb::{Case, Expected, Testbench};

/// `sam_parallelize` over streams of payload `widths` (stream 0 the
/// coordinates) to `lanes` lanes.
pub struct Parallelize {
    pub lanes: u32,
    pub widths: Vec<u32>,
    /// Cases checked, by what the RTL's order did: [no element, fewer
    /// elements than lanes, an order other than round robin (a busy lane
    /// passed over), an element with N, every lane used]. No lane can take
    /// every element of two or more: every lane is free at the start, so the
    /// second element goes to another.
    pub seen: [AtomicUsize; 5],
}

impl Parallelize {
    pub fn new(lanes: u32, widths: &[u32]) -> Parallelize {
        Parallelize {
            lanes,
            widths: widths.to_vec(),
            seen: Default::default(),
        }
    }

    fn order_width(&self) -> u32 {
        samgen_hdl::prims::order_width(self.lanes)
    }

    /// `n` elements (`N` on the references with probability `empty`).
    fn inputs(&self, rng: &mut ChaCha8Rng, n: usize, empty: f64) -> Vec<Vec<Token>> {
        let mut out = vec![Vec::with_capacity(n + 2); self.widths.len()];
        let mut c = 0u64;
        let max_crd = (1u64 << self.widths[0]) - 1;
        for _ in 0..n {
            for (k, s) in out.iter_mut().enumerate() {
                let max = (1u64 << self.widths[k].min(62)) - 1;
                s.push(if k == 0 {
                    // Coordinates increase within the level (the grammar's rule).
                    c = rng.gen_range(c.min(max_crd)..=max_crd.min(c + 3));
                    Token::Data(c)
                } else if rng.gen_bool(empty) {
                    Token::Empty
                } else {
                    Token::Data(rng.gen_range(0..=max))
                });
            }
            c += 1;
        }
        for s in &mut out {
            s.extend([Token::Stop(0), Token::Done]);
        }
        out
    }

    /// The number of elements of a case.
    fn elements(inputs: &[Vec<Token>]) -> usize {
        inputs[0].len().saturating_sub(2)
    }

    /// Lane outputs as the config orders them (stream by stream, lane by lane)
    /// from `deal`'s lanes (lane by lane, stream by stream), then the order.
    fn ports(&self, lanes: Vec<Vec<Vec<Token>>>, order: Vec<Token>) -> Vec<Vec<Token>> {
        let mut out = Vec::new();
        for k in 0..self.widths.len() {
            for lane in &lanes {
                out.push(lane[k].clone());
            }
        }
        out.push(order);
        out
    }
}

/// The order of `n` elements dealt round robin: what the module gives when no
/// lane output stalls.
fn round_robin(n: usize, lanes: u32) -> Vec<Token> {
    let mut order: Vec<Token> = (0..n as u64)
        .map(|e| Token::Data(e % u64::from(lanes)))
        .collect();
    order.extend([Token::Stop(0), Token::Done]);
    order
}

impl Testbench for Parallelize {
    fn name(&self) -> &'static str {
        "parallelize"
    }

    fn config(&self) -> PrimitiveConfig {
        samgen_hdl::prims::parallelize(self.lanes, &self.widths, self.order_width())
    }

    fn random_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let lanes = self.lanes as usize;
        let n = match rng.gen_range(0..10) {
            0 => 0,
            1..=3 => rng.gen_range(1..lanes),
            _ => rng.gen_range(lanes..=4 * lanes + 8),
        };
        let empty = [0.0, 0.2][rng.gen_range(0..2)];
        Case {
            streams: self.inputs(rng, n, empty),
            load: Vec::new(),
        }
    }

    fn long_case(&self, rng: &mut ChaCha8Rng) -> Case {
        Case {
            streams: self.inputs(rng, 3000, 0.1),
            load: Vec::new(),
        }
    }

    fn expected(&self, case: &Case) -> Result<Expected, String> {
        let order = round_robin(Self::elements(&case.streams), self.lanes);
        let ins: Vec<&[Token]> = case.streams.iter().map(Vec::as_slice).collect();
        let lanes = golden::deal(&ins, &order, self.lanes as usize).map_err(|e| e.to_string())?;
        Ok(Expected {
            streams: self.ports(lanes, order),
            store: Vec::new(),
        })
    }

    fn check(
        &self,
        case: &Case,
        _expected: &Expected,
        got: &[Vec<Token>],
    ) -> Option<Result<(), String>> {
        Some(self.check_dealt(case, got))
    }
}

impl Parallelize {
    /// The RTL's order well formed, the lanes dealt by it.
    fn check_dealt(&self, case: &Case, got: &[Vec<Token>]) -> Result<(), String> {
        let tb = self;
        let order = got.last().ok_or("no order output")?;
        let n = Parallelize::elements(&case.streams);
        if order.len() != n + 2 {
            return Err(format!(
                "the order {} does not have the {n} elements' lanes then S0 D",
                format_stream(order)
            ));
        }
        let ins: Vec<&[Token]> = case.streams.iter().map(Vec::as_slice).collect();
        let lanes = golden::deal(&ins, order, tb.lanes as usize)
            .map_err(|e| format!("the RTL's order {}: {e}", format_stream(order)))?;
        let want = tb.ports(lanes, order.clone());
        for (p, (g, w)) in got.iter().zip(&want).enumerate() {
            if g != w {
                return Err(format!(
                "lane {} stream {}: dealt by the RTL's order {} it should be {}, the RTL gave {}",
                p % tb.lanes as usize,
                p / tb.lanes as usize,
                format_stream(order),
                format_stream(w),
                format_stream(g)
            ));
            }
        }
        if got.len() != want.len() {
            return Err(format!("{} outputs, not {}", got.len(), want.len()));
        }
        // What the case covered.
        let chosen: Vec<&Token> = order[..n].iter().collect();
        let passed_over = *order != round_robin(n, tb.lanes);
        let used = (0..tb.lanes as u64)
            .filter(|l| chosen.contains(&&Token::Data(*l)))
            .count();
        let with_n = case.streams[1..].iter().any(|s| s.contains(&Token::Empty));
        for (i, hit) in [
            n == 0,
            n > 0 && n < tb.lanes as usize,
            passed_over,
            with_n,
            used == tb.lanes as usize,
        ]
        .into_iter()
        .enumerate()
        {
            if hit {
                tb.seen[i].fetch_add(1, Ordering::Relaxed);
            }
        }
        Ok(())
    }
}
