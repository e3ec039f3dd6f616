//! Recursive-descent parser for index notation.
//!
//! ```text
//! assignment := access '=' expr
//! access     := NAME [ '(' index (',' index)* ')' ]
//! index      := term (('+' | '-') term)*
//! term       := INT '*' NAME | NAME ['*' INT] | INT
//! expr       := xor ('|' xor)*
//! xor        := and ('^' and)*
//! and        := shift ('&' shift)*
//! shift      := add (('<<' | '>>') add)*      right operand: an integer 0..=63
//! add        := mul (('+' | '-') mul)*
//! mul        := unary ('*' unary)*
//! unary      := ('-' | '!') unary | primary
//! primary    := INT | ('min' | 'max') '(' expr ',' expr ')' | access | '(' expr ')'
//! ```

use super::ast::{Access, Assignment, BinOp, Expr, ExprKind, Func, IndexExpr, Span};
use super::error::ParseError;
use super::lexer::{lex, Tok, Token};

/// The largest shift amount accepted (values are at most 63 bits wide).
pub const MAX_SHIFT: i64 = 63;

/// The deepest nesting of parentheses, `min`/`max` calls and unary operators
/// accepted. The parser and every later pass recurse once per level, so without
/// a bound a few thousand `(` would overflow the stack, and the lowering's cost
/// grows steeply with nested `!`; real kernels nest a few levels.
pub const MAX_NESTING: usize = 32;

pub(crate) struct Parser {
    toks: Vec<Token>,
    pos: usize,
    /// Current nesting (see [`MAX_NESTING`]).
    depth: usize,
}

fn describe(tok: &Tok) -> String {
    match tok {
        Tok::Ident(n) => format!("`{n}`"),
        Tok::Int(v) => format!("`{v}`"),
        Tok::Eof => "the end of the expression".to_string(),
        other => format!("`{}`", symbol(other)),
    }
}

fn symbol(tok: &Tok) -> &'static str {
    match tok {
        Tok::LParen => "(",
        Tok::RParen => ")",
        Tok::Comma => ",",
        Tok::Eq => "=",
        Tok::Plus => "+",
        Tok::Minus => "-",
        Tok::Star => "*",
        Tok::Amp => "&",
        Tok::Pipe => "|",
        Tok::Caret => "^",
        Tok::Bang => "!",
        Tok::Shl => "<<",
        Tok::Shr => ">>",
        Tok::Ident(_) | Tok::Int(_) | Tok::Eof => "",
    }
}

impl Parser {
    pub(crate) fn new(text: &str) -> Result<Self, ParseError> {
        Ok(Parser {
            toks: lex(text)?,
            pos: 0,
            depth: 0,
        })
    }

    pub(crate) fn peek(&self) -> &Token {
        &self.toks[self.pos]
    }

    pub(crate) fn bump(&mut self) -> Token {
        let t = self.toks[self.pos].clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }

    fn eat(&mut self, tok: &Tok) -> Option<Token> {
        (&self.peek().tok == tok).then(|| self.bump())
    }

    /// An error at the next token.
    pub(crate) fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError::new(self.peek().span.start, message)
    }

    pub(crate) fn expect(&mut self, tok: Tok, message: &str) -> Result<Token, ParseError> {
        self.eat(&tok).ok_or_else(|| self.error(message))
    }

    pub(crate) fn expect_ident(&mut self, message: &str) -> Result<(String, Span), ParseError> {
        match &self.peek().tok {
            Tok::Ident(n) => {
                let n = n.clone();
                let span = self.bump().span;
                Ok((n, span))
            }
            _ => Err(self.error(message)),
        }
    }

    /// The next token must end the text.
    pub(crate) fn expect_end(&mut self, what: &str) -> Result<(), ParseError> {
        match &self.peek().tok {
            Tok::Eof => Ok(()),
            t => Err(self.error(format!("unexpected {} after {what}", describe(t)))),
        }
    }

    pub(crate) fn assignment(&mut self, text: &str) -> Result<Assignment, ParseError> {
        let lhs = match &self.peek().tok {
            Tok::Ident(n) if Func::from_name(n).is_some() => {
                return Err(self.error(format!(
                    "`{n}` is a built-in function and cannot be the output"
                )))
            }
            Tok::Ident(_) => self.access()?,
            _ => return Err(self.error("expected the output tensor's name")),
        };
        self.expect(Tok::Eq, "expected `=` after the left-hand side")?;
        let rhs = self.expr()?;
        self.expect_end("the expression")?;
        Ok(Assignment {
            lhs,
            rhs,
            text: text.to_string(),
            extents: Default::default(),
        })
    }

    /// `NAME [ '(' index, ... ')' ]`; the next token is the name.
    fn access(&mut self) -> Result<Access, ParseError> {
        let (tensor, name_span) = self.expect_ident("expected a tensor name")?;
        let mut span = name_span;
        let mut indices = Vec::new();
        if self.eat(&Tok::LParen).is_some() {
            loop {
                indices.push(self.index()?);
                if self.eat(&Tok::Comma).is_none() {
                    break;
                }
            }
            let close = self.expect(Tok::RParen, "expected `)` after index list")?;
            span = span.to(close.span);
        }
        Ok(Access {
            tensor,
            indices,
            span,
        })
    }

    /// An affine subscript `c*i + j - b`.
    fn index(&mut self) -> Result<IndexExpr, ParseError> {
        let start = self.peek().span;
        let mut ix = IndexExpr {
            terms: Vec::new(),
            constant: 0,
            span: start,
        };
        let mut sign = 1i64;
        loop {
            let term = self.peek().span;
            let overflow = || ParseError::new(term.start, "subscript constant overflows");
            match self.peek().tok.clone() {
                Tok::Ident(v) => {
                    self.bump();
                    let mut coef = 1;
                    if self.eat(&Tok::Star).is_some() {
                        coef = match self.peek().tok {
                            Tok::Int(c) => c,
                            _ => {
                                return Err(self.error(
                                    "a subscript may multiply an index variable only by an \
                                     integer constant",
                                ))
                            }
                        };
                        self.bump();
                    }
                    ix.terms.push((sign * coef, v));
                }
                Tok::Int(c) => {
                    self.bump();
                    if self.eat(&Tok::Star).is_some() {
                        let (v, _) = self.expect_ident(
                            "a subscript may multiply an integer constant only by an index \
                             variable",
                        )?;
                        ix.terms.push((sign * c, v));
                    } else {
                        ix.constant = ix.constant.checked_add(sign * c).ok_or_else(overflow)?;
                    }
                }
                _ => {
                    let what = if ix.terms.is_empty() && ix.constant == 0 && sign == 1 {
                        "expected an index variable"
                    } else {
                        "expected an index variable or integer after the sign"
                    };
                    return Err(self.error(what));
                }
            }
            ix.span = start.to(self.toks[self.pos - 1].span);
            sign = match self.peek().tok {
                Tok::Plus => 1,
                Tok::Minus => -1,
                _ => return Ok(ix),
            };
            self.bump();
        }
    }

    /// A whole expression (lowest precedence: `|`).
    pub(crate) fn expr(&mut self) -> Result<Expr, ParseError> {
        self.binary(1)
    }

    /// Left-associative binary operators of precedence `level` and tighter.
    fn binary(&mut self, level: u8) -> Result<Expr, ParseError> {
        if level > BinOp::Mul.precedence() {
            return self.unary();
        }
        let mut lhs = self.binary(level + 1)?;
        loop {
            let op = match self.peek().tok {
                Tok::Pipe => BinOp::Or,
                Tok::Caret => BinOp::Xor,
                Tok::Amp => BinOp::And,
                Tok::Shl => BinOp::Shl,
                Tok::Shr => BinOp::Shr,
                Tok::Plus => BinOp::Add,
                Tok::Minus => BinOp::Sub,
                Tok::Star => BinOp::Mul,
                _ => return Ok(lhs),
            };
            if op.precedence() != level {
                return Ok(lhs);
            }
            self.bump();
            let rhs = self.binary(level + 1)?;
            if matches!(op, BinOp::Shl | BinOp::Shr) {
                check_shift_amount(&rhs)?;
            }
            let span = lhs.span.to(rhs.span);
            lhs = Expr::new(ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)), span);
        }
    }

    /// Runs `f` one nesting level deeper, or refuses at [`MAX_NESTING`].
    fn nested<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, ParseError>,
    ) -> Result<T, ParseError> {
        if self.depth == MAX_NESTING {
            return Err(self.error(format!(
                "the expression nests deeper than {MAX_NESTING} levels"
            )));
        }
        self.depth += 1;
        let out = f(self);
        self.depth -= 1;
        out
    }

    fn unary(&mut self) -> Result<Expr, ParseError> {
        let start = self.peek().span;
        let neg = match self.peek().tok {
            Tok::Minus => true,
            Tok::Bang => false,
            _ => return self.primary(),
        };
        let a = self.nested(|p| {
            p.bump();
            p.unary()
        })?;
        let span = start.to(a.span);
        let kind = if neg {
            ExprKind::Neg(Box::new(a))
        } else {
            ExprKind::Not(Box::new(a))
        };
        Ok(Expr::new(kind, span))
    }

    fn primary(&mut self) -> Result<Expr, ParseError> {
        let tok = self.peek().clone();
        match &tok.tok {
            Tok::Int(v) => {
                self.bump();
                Ok(Expr::new(ExprKind::Const(*v), tok.span))
            }
            Tok::Ident(name) => match Func::from_name(name) {
                Some(func) if self.toks[self.pos + 1].tok == Tok::LParen => {
                    let (a, b, close) = self.nested(|p| {
                        p.bump();
                        p.bump();
                        let a = p.expr()?;
                        p.expect(
                            Tok::Comma,
                            &format!("expected `,` after the first argument of {name}"),
                        )?;
                        let b = p.expr()?;
                        let close = p.expect(
                            Tok::RParen,
                            &format!("expected `)` after the arguments of {name}"),
                        )?;
                        Ok((a, b, close))
                    })?;
                    let span = tok.span.to(close.span);
                    Ok(Expr::new(
                        ExprKind::Call(func, Box::new(a), Box::new(b)),
                        span,
                    ))
                }
                _ => {
                    let a = self.access()?;
                    let span = a.span;
                    Ok(Expr::new(ExprKind::Access(a), span))
                }
            },
            Tok::LParen => {
                let (mut e, close) = self.nested(|p| {
                    p.bump();
                    let e = p.expr()?;
                    let close = p.expect(
                        Tok::RParen,
                        &format!("expected `)` to close `(` at column {}", tok.span.column()),
                    )?;
                    Ok((e, close))
                })?;
                e.span = tok.span.to(close.span);
                Ok(e)
            }
            other => Err(self.error(format!("expected an operand, found {}", describe(other)))),
        }
    }
}

/// The right operand of a shift must be an integer literal in 0..=[`MAX_SHIFT`].
fn check_shift_amount(rhs: &Expr) -> Result<(), ParseError> {
    match rhs.kind {
        ExprKind::Const(n) if (0..=MAX_SHIFT).contains(&n) => Ok(()),
        ExprKind::Const(n) => Err(ParseError::new(
            rhs.span.start,
            format!("shift amount {n} is out of range (0 to {MAX_SHIFT})"),
        )),
        _ => Err(ParseError::new(
            rhs.span.start,
            "shift amount must be an integer constant",
        )),
    }
}

/// Parses `text` as an assignment without checking the index-notation rules (see
/// [`super::parse`] for the checked version).
pub fn parse_unchecked(text: &str) -> Result<Assignment, ParseError> {
    Parser::new(text)?.assignment(text)
}

/// Parses `text` as a right-hand-side expression alone (e.g. `B(i,k) * C(k,j)`).
pub fn parse_expr(text: &str) -> Result<Expr, ParseError> {
    let mut p = Parser::new(text)?;
    let e = p.expr()?;
    p.expect_end("the expression")?;
    Ok(e)
}
