//! SAM stream tokens and their RTL encoding (docs/tokens-and-channels.md).
//!
//! A stream is a sequence of [`Token`]s: data (a coordinate, reference or value),
//! stop `S_n` (closes n+1 fiber levels), empty `N`, done `D`. On a wire a token is
//! `W + 1` bits: bit `W` is the control flag; for data the low `W` bits are the
//! value, for control they are `n` for `S_n` (`n < 2^(W-1)`), `2^(W-1) + d` for the
//! LZ77 repeat `R_d` (docs/fill-regions.md), all ones for `D` and all ones minus one
//! for `N`. `primitives/sam_pkg.sv` implements the same encoding in SystemVerilog.

use std::fmt;
use std::str::FromStr;

/// Widest payload a token may have: the encoded token (payload + control flag)
/// must fit in 64 bits.
pub const MAX_PAYLOAD_WIDTH: u32 = 63;

/// Payload width of repeat-signal streams (`R` = data 0, `S` = `S0`, `D`): two
/// bits, because with one `N` and `S0` would share an encoding.
/// `primitives/sam_pkg.sv` has the same `RepsigWidth`.
pub const REPSIG_WIDTH: u32 = 2;

/// One token of a SAM stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Token {
    /// A coordinate, reference or value, as raw payload bits (values are two's
    /// complement truncated to the stream's width; see [`Token::value`]).
    Data(u64),
    /// `S_n`: ends the current fiber and `n` enclosing ones.
    Stop(u32),
    /// `N`: "no reference / no value here"; counts as the fill value in ALUs.
    Empty,
    /// `D`: the last token of every stream.
    Done,
    /// `R_d`: on an LZ77 value stream, a repeat of the window of the last `d`
    /// literals (Donenfeld et al.'s compression paper); it stands where a value would.
    Repeat(u32),
}

/// A bit pattern or text that is not a token of the given width.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    #[error("token width {0} is outside 1..={MAX_PAYLOAD_WIDTH}")]
    BadWidth(u32),
    #[error("data {value:#x} does not fit in {width} bits")]
    DataTooWide { value: u64, width: u32 },
    #[error("stop level S{level} does not fit in {width} bits (S{max} is the largest)")]
    StopTooDeep { level: u32, width: u32, max: u64 },
    #[error("repeat R{distance} does not fit in {width} bits (R1..=R{max})")]
    RepeatTooFar { distance: u32, width: u32, max: u64 },
    #[error("bits {bits:#x} are wider than a {width}-bit token")]
    StrayBits { bits: u64, width: u32 },
    #[error("`{0}` is not a token (expected an integer, S<n>, N or D)")]
    Unparsable(String),
}

fn payload_mask(width: u32) -> Result<u64, TokenError> {
    if width == 0 || width > MAX_PAYLOAD_WIDTH {
        return Err(TokenError::BadWidth(width));
    }
    Ok((1u64 << width) - 1)
}

/// The payload of `R_0` at `width` bits: stops lie below it, and `R_d` is this
/// plus `d`. At width 1 there are neither stops nor repeats.
fn repeat_base(width: u32) -> u64 {
    1u64 << (width - 1)
}

impl Token {
    /// A value token: `v` truncated to `width` bits (two's complement wrap).
    pub fn value(v: i64, width: u32) -> Result<Token, TokenError> {
        Ok(Token::Data(v as u64 & payload_mask(width)?))
    }

    /// The data payload read back as a signed `width`-bit value.
    pub fn as_value(self, width: u32) -> Option<i64> {
        match self {
            Token::Data(bits) => Some(sign_extend(bits, width)),
            _ => None,
        }
    }

    pub fn is_control(self) -> bool {
        !matches!(self, Token::Data(_))
    }

    /// Encode as `width + 1` bits (bit `width` is the control flag).
    pub fn encode(self, width: u32) -> Result<u64, TokenError> {
        let mask = payload_mask(width)?;
        let flag = 1u64 << width;
        match self {
            Token::Data(v) if v & !mask != 0 => Err(TokenError::DataTooWide { value: v, width }),
            Token::Data(v) => Ok(v),
            Token::Stop(n) if u64::from(n) >= (mask - 1).min(repeat_base(width)) => {
                Err(TokenError::StopTooDeep {
                    level: n,
                    width,
                    max: (mask - 1).min(repeat_base(width)).saturating_sub(1),
                })
            }
            Token::Stop(n) => Ok(flag | u64::from(n)),
            Token::Repeat(d) if d == 0 || repeat_base(width) + u64::from(d) >= mask - 1 => {
                Err(TokenError::RepeatTooFar {
                    distance: d,
                    width,
                    max: (mask - 1).saturating_sub(repeat_base(width) + 1),
                })
            }
            Token::Repeat(d) => Ok(flag | (repeat_base(width) + u64::from(d))),
            Token::Empty => Ok(flag | (mask - 1)),
            Token::Done => Ok(flag | mask),
        }
    }

    /// Decode `width + 1` bits.
    pub fn decode(bits: u64, width: u32) -> Result<Token, TokenError> {
        let mask = payload_mask(width)?;
        let flag = 1u64 << width;
        if bits & !(flag | mask) != 0 {
            return Err(TokenError::StrayBits { bits, width });
        }
        let payload = bits & mask;
        Ok(if bits & flag == 0 {
            Token::Data(payload)
        } else if payload == mask {
            Token::Done
        } else if payload == mask - 1 {
            Token::Empty
        } else if payload >= repeat_base(width) {
            Token::Repeat(u32::try_from(payload - repeat_base(width)).unwrap_or(u32::MAX))
        } else {
            // payload < mask - 1 <= u32::MAX only when width <= 32; deeper stops
            // than u32::MAX cannot occur in a tensor of any real order.
            Token::Stop(u32::try_from(payload).unwrap_or(u32::MAX))
        })
    }
}

/// Sign-extend the low `width` bits of `bits`.
pub fn sign_extend(bits: u64, width: u32) -> i64 {
    let shift = 64 - width.clamp(1, 64);
    ((bits << shift) as i64) >> shift
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Token::Data(v) => write!(f, "{v}"),
            Token::Stop(n) => write!(f, "S{n}"),
            Token::Empty => f.write_str("N"),
            Token::Done => f.write_str("D"),
            Token::Repeat(d) => write!(f, "R{d}"),
        }
    }
}

impl FromStr for Token {
    type Err = TokenError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || TokenError::Unparsable(s.to_string());
        match s {
            "N" => Ok(Token::Empty),
            "D" => Ok(Token::Done),
            _ => match (s.strip_prefix('S'), s.strip_prefix('R')) {
                (Some(n), _) => n.parse().map(Token::Stop).map_err(|_| bad()),
                (_, Some(d)) => d.parse().map(Token::Repeat).map_err(|_| bad()),
                _ => s.parse().map(Token::Data).map_err(|_| bad()),
            },
        }
    }
}

/// Format a stream the way the papers write it: `1 S0 2 3 S1 D`.
pub fn format_stream(tokens: &[Token]) -> String {
    tokens
        .iter()
        .map(Token::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Parse a whitespace-separated stream written as [`format_stream`] prints it.
pub fn parse_stream(text: &str) -> Result<Vec<Token>, TokenError> {
    text.split_whitespace().map(str::parse).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_matches_the_token_contract() {
        // 16-bit payload: flag is bit 16.
        assert_eq!(Token::Data(5).encode(16), Ok(5));
        assert_eq!(Token::Stop(0).encode(16), Ok(0x1_0000));
        assert_eq!(Token::Stop(3).encode(16), Ok(0x1_0003));
        assert_eq!(Token::Done.encode(16), Ok(0x1_ffff));
        assert_eq!(Token::Empty.encode(16), Ok(0x1_fffe));
        assert_eq!(Token::Repeat(3).encode(16), Ok(0x1_8003));
    }

    #[test]
    fn round_trip_all_kinds_and_widths() {
        for width in [1u32, 2, 8, 16, 32, 63] {
            let mask = (1u64 << width) - 1;
            let mut toks = vec![Token::Data(0), Token::Data(mask), Token::Empty, Token::Done];
            if mask >= 2 {
                toks.push(Token::Stop(0));
            }
            if width >= 3 {
                toks.push(Token::Repeat(1));
            }
            for t in toks {
                let bits = t.encode(width).unwrap();
                assert_eq!(bits.checked_shr(width + 1).unwrap_or(0), 0);
                assert_eq!(Token::decode(bits, width), Ok(t), "width {width} token {t}");
            }
        }
    }

    #[test]
    fn rejects_what_does_not_fit() {
        assert!(matches!(
            Token::Data(256).encode(8),
            Err(TokenError::DataTooWide { .. })
        ));
        // 8 bits: 0xff is D, 0xfe is N, 0x80 + d is R_d, so S127 is the
        // deepest stop and R125 the farthest repeat.
        assert_eq!(Token::Stop(127).encode(8), Ok(0x17f));
        assert!(matches!(
            Token::Stop(128).encode(8),
            Err(TokenError::StopTooDeep { max: 127, .. })
        ));
        assert_eq!(Token::Repeat(125).encode(8), Ok(0x1fd));
        for d in [0, 126] {
            assert!(matches!(
                Token::Repeat(d).encode(8),
                Err(TokenError::RepeatTooFar { max: 125, .. })
            ));
        }
        assert!(Token::Repeat(1).encode(2).is_err());
        assert!(matches!(
            Token::decode(0x200, 8),
            Err(TokenError::StrayBits { .. })
        ));
        assert_eq!(Token::Data(0).encode(0), Err(TokenError::BadWidth(0)));
        assert_eq!(Token::Data(0).encode(64), Err(TokenError::BadWidth(64)));
    }

    #[test]
    fn values_wrap_as_twos_complement() {
        let t = Token::value(-1, 32).unwrap();
        assert_eq!(t, Token::Data(0xffff_ffff));
        assert_eq!(t.as_value(32), Some(-1));
        assert_eq!(Token::value(1 << 32, 32).unwrap().as_value(32), Some(0));
        assert_eq!(sign_extend(0x7fff_ffff, 32), i32::MAX as i64);
    }

    #[test]
    fn text_form_round_trips() {
        let s = parse_stream("1 S0 2 3 S0 4 R5 S1 N D").unwrap();
        assert_eq!(format_stream(&s), "1 S0 2 3 S0 4 R5 S1 N D");
        assert!(matches!(
            parse_stream("1 X"),
            Err(TokenError::Unparsable(_))
        ));
        assert!(matches!(parse_stream("S"), Err(TokenError::Unparsable(_))));
    }
}
