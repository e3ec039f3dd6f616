//! Tokens of index notation and schedule commands.

use super::ast::Span;
use super::error::ParseError;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tok {
    Ident(String),
    Int(i64),
    LParen,
    RParen,
    Comma,
    Eq,
    Plus,
    Minus,
    Star,
    Amp,
    Pipe,
    Caret,
    Bang,
    Shl,
    Shr,
    Eof,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    pub tok: Tok,
    pub span: Span,
}

/// Splits `text` into tokens ending with [`Tok::Eof`] (whose span is the end of the
/// text). Whitespace separates tokens and is otherwise ignored.
pub(crate) fn lex(text: &str) -> Result<Vec<Token>, ParseError> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let start = i;
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let tok = if c.is_ascii_alphabetic() || c == b'_' {
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            Tok::Ident(text[start..i].to_string())
        } else if c.is_ascii_digit() {
            while i < bytes.len() && bytes[i].is_ascii_alphanumeric() {
                i += 1;
            }
            let digits = &text[start..i];
            if !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ParseError::new(
                    start,
                    format!("`{digits}` is neither a number nor a name"),
                ));
            }
            let v = digits.parse::<i64>().map_err(|_| {
                ParseError::new(start, format!("integer `{digits}` does not fit in 64 bits"))
            })?;
            Tok::Int(v)
        } else {
            let two = bytes.get(i + 1).copied();
            let (tok, len) = match (c, two) {
                (b'<', Some(b'<')) => (Tok::Shl, 2),
                (b'>', Some(b'>')) => (Tok::Shr, 2),
                (b'(', _) => (Tok::LParen, 1),
                (b')', _) => (Tok::RParen, 1),
                (b',', _) => (Tok::Comma, 1),
                (b'=', _) => (Tok::Eq, 1),
                (b'+', _) => (Tok::Plus, 1),
                (b'-', _) => (Tok::Minus, 1),
                (b'*', _) => (Tok::Star, 1),
                (b'&', _) => (Tok::Amp, 1),
                (b'|', _) => (Tok::Pipe, 1),
                (b'^', _) => (Tok::Caret, 1),
                (b'!', _) => (Tok::Bang, 1),
                _ => {
                    let ch = text[start..].chars().next().unwrap_or('?');
                    let hint = match ch {
                        '<' => " (did you mean `<<`?)",
                        '>' => " (did you mean `>>`?)",
                        _ => "",
                    };
                    return Err(ParseError::new(
                        start,
                        format!("unexpected character `{ch}`{hint}"),
                    ));
                }
            };
            i += len;
            tok
        };
        out.push(Token {
            tok,
            span: Span::new(start, i),
        });
    }
    out.push(Token {
        tok: Tok::Eof,
        span: Span::new(text.len(), text.len()),
    });
    Ok(out)
}
