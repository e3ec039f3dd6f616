//! Shared pieces of the whole-stream golden models: the error type, the
//! repeat-signal encoding and small stream helpers.
//!
//! Every model in `models/` (except the cycle-exact [`super::fifo`]) is a pure
//! function from whole token streams (`&[Token]`, ending in `D`) to whole output
//! streams. Malformed input gives a [`GoldenError`] naming the primitive and the
//! index of the offending token.
//!
//! Repeat-signal streams reuse [`Token`]: `R` is [`REPSIG_R`] (`Data(0)`), `S` is
//! [`REPSIG_S`] (`Stop(0)`), `D` is [`Token::Done`].
//!
//! Values are two's complement of `value_bits` bits: models read them with
//! [`Token::as_value`], compute in `i64` and wrap the result with [`Token::value`].
//! `N` counts as the fill value 0 wherever a value is read.

use samgen_ir::token::Token;

/// The repeat signal `R` ("emit the current reference again").
pub const REPSIG_R: Token = Token::Data(0);
/// The repeat signal `S` ("move to the next reference").
pub const REPSIG_S: Token = Token::Stop(0);

/// Malformed input to a golden model: one line naming the primitive, what is
/// wrong and the index of the token (in the stream named by the message) where
/// it shows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{primitive}: {message} (token {index})")]
pub struct GoldenError {
    pub primitive: &'static str,
    pub index: usize,
    pub message: String,
}

impl GoldenError {
    pub fn new(primitive: &'static str, index: usize, message: impl Into<String>) -> Self {
        GoldenError {
            primitive,
            index,
            message: message.into(),
        }
    }
}

/// Checks that `stream` (port `port` of `primitive`) ends in `D` and has no `D`
/// before its end.
pub(crate) fn check_done(
    primitive: &'static str,
    port: &str,
    stream: &[Token],
) -> Result<(), GoldenError> {
    match stream.iter().position(|t| *t == Token::Done) {
        None => Err(GoldenError::new(
            primitive,
            stream.len(),
            format!("{port} stream ends without D"),
        )),
        Some(i) if i + 1 != stream.len() => Err(GoldenError::new(
            primitive,
            i + 1,
            format!("{port} stream has tokens after D"),
        )),
        Some(_) => Ok(()),
    }
}

/// The value of a value-stream token: data sign-extended from `value_bits`, `N`
/// as the fill value 0, `None` for stops and `D`.
pub(crate) fn value_of(t: Token, value_bits: u32) -> Option<i64> {
    match t {
        Token::Empty => Some(0),
        t => t.as_value(value_bits),
    }
}

/// `v` wrapped to a `value_bits`-bit value token.
pub(crate) fn wrap(
    primitive: &'static str,
    index: usize,
    v: i64,
    value_bits: u32,
) -> Result<Token, GoldenError> {
    Token::value(v, value_bits).map_err(|e| GoldenError::new(primitive, index, e.to_string()))
}

/// `S_(n+1)`, or an error if `n` is already the deepest stop.
pub(crate) fn stop_up(primitive: &'static str, index: usize, n: u32) -> Result<Token, GoldenError> {
    n.checked_add(1).map(Token::Stop).ok_or_else(|| {
        GoldenError::new(primitive, index, format!("stop S{n} is too deep to raise"))
    })
}

/// Whether two tokens are both values (data or `N`) or the same control token.
pub(crate) fn same_shape(a: Token, b: Token) -> bool {
    match (a, b) {
        (Token::Data(_) | Token::Empty, Token::Data(_) | Token::Empty) => true,
        (a, b) => a == b,
    }
}

/// Checks that `a` and `b` have identical control structure (same length, the
/// same stops and `D` at the same places, values against values).
pub(crate) fn check_same_shape(
    primitive: &'static str,
    what: &str,
    a: &[Token],
    b: &[Token],
) -> Result<(), GoldenError> {
    if let Some(i) = a.iter().zip(b).position(|(&x, &y)| !same_shape(x, y)) {
        return Err(GoldenError::new(
            primitive,
            i,
            format!("{what} differ in structure: {} against {}", a[i], b[i]),
        ));
    }
    if a.len() != b.len() {
        return Err(GoldenError::new(
            primitive,
            a.len().min(b.len()),
            format!("{what} differ in length ({} against {})", a.len(), b.len()),
        ));
    }
    Ok(())
}

/// One step of an outer coordinate stream walked together with an inner stream
/// one level deeper (the inner stream built from the outer one by the scanner's
/// stop rule; see [`walk_nested`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Nested {
    /// The outer coordinate at `outer[outer_index]` and the data tokens of its
    /// inner fiber, `inner[fiber]`. `close` is `Some(m)` when the outer stream
    /// closes with `S_m` right after it (the inner fiber then ends in `S_(m+1)`),
    /// `None` when the inner fiber ends in `S0`.
    Elem {
        outer_index: usize,
        fiber: std::ops::Range<usize>,
        close: Option<u32>,
    },
    /// A bare outer stop `S_m` (an empty outer fiber; the inner stream has a bare
    /// `S_(m+1)` there).
    Stop(u32),
}

/// Walks `outer` and `inner` together. Each outer coordinate owns one inner
/// fiber; that fiber ends in `S0`, or in `S_(m+1)` when the outer stream's next
/// token is `S_m` (which it then closes too). A bare outer `S_m` matches a bare
/// inner `S_(m+1)`; `D` matches `D`. Anything else is malformed.
pub(crate) fn walk_nested(
    primitive: &'static str,
    outer: &[Token],
    inner: &[Token],
) -> Result<Vec<Nested>, GoldenError> {
    check_done(primitive, "outer", outer)?;
    check_done(primitive, "inner", inner)?;
    let mismatch = |j: usize, want: String| {
        GoldenError::new(
            primitive,
            j,
            format!("inner stream has {} where {want} is expected", inner[j]),
        )
    };
    let mut steps = Vec::new();
    let (mut i, mut j) = (0, 0);
    loop {
        match outer[i] {
            Token::Data(_) => {
                let start = j;
                while matches!(inner[j], Token::Data(_) | Token::Empty | Token::Repeat(_)) {
                    j += 1;
                }
                let Token::Stop(k) = inner[j] else {
                    return Err(mismatch(j, format!("a stop closing outer token {i}")));
                };
                let close = match outer[i + 1] {
                    Token::Stop(m) => Some(m),
                    _ => None,
                };
                if u64::from(k) != close.map_or(0, |m| u64::from(m) + 1) {
                    let want = close.map_or(0, |m| u64::from(m) + 1);
                    return Err(mismatch(j, format!("S{want}")));
                }
                steps.push(Nested::Elem {
                    outer_index: i,
                    fiber: start..j,
                    close,
                });
                i += if close.is_some() { 2 } else { 1 };
                j += 1;
            }
            Token::Stop(m) => {
                if inner[j] != Token::Stop(m.wrapping_add(1)) {
                    return Err(mismatch(j, format!("a bare S{}", u64::from(m) + 1)));
                }
                steps.push(Nested::Stop(m));
                i += 1;
                j += 1;
            }
            Token::Done => {
                if inner[j] != Token::Done {
                    return Err(mismatch(j, "D".into()));
                }
                return Ok(steps);
            }
            t @ (Token::Empty | Token::Repeat(_)) => {
                return Err(GoldenError::new(
                    primitive,
                    i,
                    format!("{t} in the outer coordinate stream"),
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_is_one_line_naming_primitive_and_token() {
        let e = check_done("repeat", "ref", &[Token::Data(0)]).unwrap_err();
        assert_eq!(e.to_string(), "repeat: ref stream ends without D (token 1)");
        let e = check_done("reduce", "val", &[Token::Done, Token::Done]).unwrap_err();
        assert_eq!(e.index, 1);
        assert!(check_done("reduce", "val", &[Token::Stop(0), Token::Done]).is_ok());
    }

    #[test]
    fn nested_walk_follows_the_scanner_stop_rule() {
        use samgen_ir::token::parse_stream;
        let o = parse_stream("0 1 S0 S1 D").unwrap();
        let n = parse_stream("5 S0 S1 S2 D").unwrap();
        let steps = walk_nested("t", &o, &n).unwrap();
        assert_eq!(
            steps,
            vec![
                Nested::Elem {
                    outer_index: 0,
                    fiber: 0..1,
                    close: None
                },
                Nested::Elem {
                    outer_index: 1,
                    fiber: 2..2,
                    close: Some(0)
                },
                Nested::Stop(1),
            ]
        );
        let bad = parse_stream("5 S0 S0 S2 D").unwrap();
        assert!(walk_nested("t", &o, &bad).is_err());
        let short = parse_stream("5 S0 D").unwrap();
        assert!(walk_nested("t", &o, &short).is_err());
    }
}
