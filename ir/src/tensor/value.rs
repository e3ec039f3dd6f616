//! Integer tensor values and their widths.
//!
//! Values are kept as `i64` next to a width in bits (two's complement, 1..=63, 32 by
//! default: docs/tokens-and-channels.md). Readers reject a value that does not fit the
//! width instead of wrapping it, because a silently wrapped input would make every later
//! comparison against the golden model meaningless; arithmetic users (the golden
//! executor, ALUs) call [`wrap`] to get the hardware's wrapping behaviour.

/// The value width used when nobody asks for another one (docs/tokens-and-channels.md).
pub const DEFAULT_VALUE_BITS: u32 = 32;

/// The widest value a token can carry: an encoded token is payload + control flag
/// and must fit in 64 bits (see [`crate::token::MAX_PAYLOAD_WIDTH`]).
pub const MAX_VALUE_BITS: u32 = crate::token::MAX_PAYLOAD_WIDTH;

/// Wraps `v` to `bits`-bit two's complement and sign-extends it back to `i64`, as
/// the RTL's `bits`-wide value datapath would.
///
/// `bits >= 64` returns `v` unchanged and `bits == 0` returns 0, so the function is
/// total; valid tensor widths are 1..=[`MAX_VALUE_BITS`].
pub fn wrap(v: i64, bits: u32) -> i64 {
    match bits {
        0 => 0,
        1..=63 => {
            let shift = 64 - bits;
            (v << shift) >> shift
        }
        _ => v,
    }
}

/// The smallest and largest value of a `bits`-bit two's complement number.
///
/// `bits` is clamped to 1..=64.
pub fn value_range(bits: u32) -> (i64, i64) {
    let bits = bits.clamp(1, 64);
    let max = if bits == 64 {
        i64::MAX
    } else {
        (1i64 << (bits - 1)) - 1
    };
    (-max - 1, max)
}

/// Whether `v` is representable in `bits`-bit two's complement.
pub fn fits(v: i64, bits: u32) -> bool {
    let (lo, hi) = value_range(bits);
    (lo..=hi).contains(&v)
}

/// Whether `bits` is a width a tensor may use (1..=[`MAX_VALUE_BITS`]).
pub fn valid_value_bits(bits: u32) -> bool {
    (1..=MAX_VALUE_BITS).contains(&bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_matches_twos_complement() {
        assert_eq!(wrap(0x7fff_ffff + 1, 32), i32::MIN as i64);
        assert_eq!(wrap(-1, 32), -1);
        assert_eq!(wrap(255, 8), -1);
        assert_eq!(wrap(128, 8), -128);
        assert_eq!(wrap(127, 8), 127);
        assert_eq!(wrap(3, 1), -1);
        assert_eq!(wrap(2, 1), 0);
        assert_eq!(wrap(i64::MAX, 64), i64::MAX);
        assert_eq!(wrap(5, 0), 0);
    }

    #[test]
    fn ranges_and_fits() {
        assert_eq!(value_range(8), (-128, 127));
        assert_eq!(value_range(1), (-1, 0));
        assert!(fits(i32::MAX as i64, 32));
        assert!(!fits(i32::MAX as i64 + 1, 32));
        assert!(fits(i32::MIN as i64, 32));
        assert!(!fits(i32::MIN as i64 - 1, 32));
        assert!(valid_value_bits(63));
        assert!(!valid_value_bits(64));
        assert!(!valid_value_bits(0));
    }
}
