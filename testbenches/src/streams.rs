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
