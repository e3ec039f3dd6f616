//! Random well-formed SAM token streams for testbenches.

use rand::Rng;
use samgen_compiler::token::Token;

/// Shape knobs for [`random_stream`].
#[derive(Clone, Copy, Debug)]
pub struct StreamShape {
    /// Fibertree depth range (levels above the innermost, plus one).
    pub max_levels: u32,
    /// Longest fiber.
    pub max_fiber: usize,
    /// Probability that a data position carries `N` instead.
    pub empty_prob: f64,
}

impl Default for StreamShape {
    fn default() -> Self {
        StreamShape {
            max_levels: 3,
            max_fiber: 6,
            empty_prob: 0.05,
        }
    }
}

/// One stream of a random fibertree's innermost level: each leaf fiber's data (in
/// ascending order, like coordinates) then the stop that closes it, `S_n` closing n
/// enclosing fibers as well, then `D`. Leaf fibers may be empty (a bare stop), the
/// whole tree may be empty, single elements and long fibers occur.
pub fn random_stream<R: Rng>(rng: &mut R, width: u32, shape: StreamShape) -> Vec<Token> {
    let levels = rng.gen_range(1..=shape.max_levels.max(1));
    // Largest data value that still encodes as data in `width` bits.
    let max_data = if width >= 63 {
        u64::MAX >> 1
    } else {
        (1u64 << width) - 1
    };
    let mut out = Vec::new();
    // Walk an implicit tree: at each level choose how many children; record for
    // each leaf fiber how many enclosing fibers end with it.
    fn fiber<R: Rng>(
        rng: &mut R,
        level: u32,
        levels: u32,
        shape: StreamShape,
        max_data: u64,
        out: &mut Vec<Token>,
    ) -> bool {
        // Returns whether a leaf fiber was emitted (its closing stop is the last token).
        let len = match rng.gen_range(0..10) {
            0 => 0,
            1 => 1,
            2 => shape.max_fiber,
            _ => rng.gen_range(0..=shape.max_fiber),
        };
        if level + 1 == levels {
            let mut crd = 0u64;
            for _ in 0..len {
                if rng.gen_bool(shape.empty_prob) {
                    out.push(Token::Empty);
                } else {
                    crd = rng.gen_range(crd..=max_data.min(crd + 100));
                    out.push(Token::Data(crd));
                }
            }
            out.push(Token::Stop(0));
            return true;
        }
        let mut any = false;
        for _ in 0..len.max(1) {
            any |= fiber(rng, level + 1, levels, shape, max_data, out);
        }
        if any {
            // Deepen the stop that closed the last leaf fiber of this subtree.
            if let Some(Token::Stop(n)) = out.last_mut() {
                *n += 1;
            }
        }
        any
    }
    fiber(rng, 0, levels, shape, max_data, &mut out);
    out.push(Token::Done);
    out
}

/// The inner stream one level deeper than `outer` by the scanner's stop rule (the
/// rule `walk_nested` checks): each outer coordinate owns one inner fiber of
/// `fiber_len(rng)` placeholder `Data(0)` tokens, closed by `S0`, or by `S_(m+1)`
/// when the outer stream closes with `S_m` right after the coordinate; a bare outer
/// `S_m` gives a bare `S_(m+1)`, and `D` gives `D`.
pub fn nest<R: Rng>(
    rng: &mut R,
    outer: &[Token],
    mut fiber_len: impl FnMut(&mut R) -> usize,
) -> Vec<Token> {
    let mut inner = Vec::new();
    let mut i = 0;
    while i < outer.len() {
        match outer[i] {
            Token::Data(_) => {
                let len = fiber_len(rng);
                inner.extend((0..len).map(|_| Token::Data(0)));
                if let Some(&Token::Stop(m)) = outer.get(i + 1) {
                    inner.push(Token::Stop(m + 1));
                    i += 1;
                } else {
                    inner.push(Token::Stop(0));
                }
            }
            Token::Stop(m) => inner.push(Token::Stop(m + 1)),
            t => inner.push(t),
        }
        i += 1;
    }
    inner
}

/// `shape` with the data tokens of every fiber (each run between two control
/// tokens) replaced by sorted coordinates below `dim`, as a scanner gives them:
/// distinct, drawn from `0..max(span, fiber length)` (capped at `dim`), so a small
/// `span` makes fibers share coordinates. With probability `repeat_prob` a fiber
/// may repeat a coordinate (sorted, not strictly increasing). Panics if a fiber is
/// longer than `dim`.
pub fn sorted_coordinates<R: Rng>(
    rng: &mut R,
    shape: &[Token],
    dim: u64,
    span: u64,
    repeat_prob: f64,
) -> Vec<Token> {
    let mut out = shape.to_vec();
    let mut start = 0;
    while start < out.len() {
        let len = out[start..]
            .iter()
            .take_while(|t| matches!(t, Token::Data(_)))
            .count();
        if len == 0 {
            start += 1;
            continue;
        }
        assert!(
            len as u64 <= dim,
            "a fiber of {len} does not fit {dim} coordinates"
        );
        let range = span.max(len as u64).min(dim);
        let mut crds: Vec<u64> = if rng.gen_bool(repeat_prob) {
            (0..len).map(|_| rng.gen_range(0..range)).collect()
        } else {
            rand::seq::index::sample(rng, range as usize, len)
                .into_iter()
                .map(|c| c as u64)
                .collect()
        };
        crds.sort_unstable();
        for (t, c) in out[start..start + len].iter_mut().zip(crds) {
            *t = Token::Data(c);
        }
        start += len;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn streams_are_well_formed() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut saw_deep_stop = false;
        for _ in 0..500 {
            let s = random_stream(&mut rng, 8, StreamShape::default());
            assert_eq!(s.last(), Some(&Token::Done));
            assert_eq!(s.iter().filter(|t| **t == Token::Done).count(), 1);
            assert!(matches!(s[s.len() - 2], Token::Stop(_)), "{s:?}");
            for t in &s {
                t.encode(8).unwrap();
                saw_deep_stop |= matches!(t, Token::Stop(n) if *n >= 2);
            }
        }
        assert!(saw_deep_stop);
    }
}
