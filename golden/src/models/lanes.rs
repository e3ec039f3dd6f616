//! Golden models of the lane primitives (seed 003, section 4.4): `parallelize`
//! deals the elements of the outermost level's streams to lanes, each lane a
//! copy of the graph below that level, and `serialize` merges a stream the
//! lanes give back into element order.
//!
//! The dealt level is a loop's outermost: its streams are `e_1 .. e_n S0 D`,
//! K of them aligned (a coordinate stream and the references at the same
//! positions). An element is the K tokens at one position. Which lane takes an
//! element is the hardware's choice (a lane with room), so the models take the
//! *order* as given: a stream with, per element, its lane (data `l`), then
//! `S0 D`.
//!
//! - [`deal`]: lane `l` gets the elements the order gives it, in order, then
//!   `S0 D`; a lane given none gets `S0 D`.
//! - [`serialize`]: a lane's stream at depth `d` below the dealt level has one
//!   token per element (`d = 0`) or one fiber per element (`d >= 1`), closed by
//!   `S_(d-1)`, the lane's last by `S_d` (its outer fiber closes with it). The
//!   merged stream has the elements in order, each from its lane: for `d >= 1`
//!   each closed by `S_(d-1)` but the last, closed by `S_d`; for `d = 0`, `S0`
//!   after the last; then `D`. With no element at all it is `S_d D`, what one
//!   lane gives for an empty outer fiber.
//!
//! A lane given no element contributes nothing: what it gives up to `D` is
//! dropped. Its copy of the graph sees an empty outer fiber, which SAM's
//! streams cannot tell from an outer fiber holding one empty fiber (a scanner
//! gives `S1 D` for both, and a reducer turns that into `0 S0 D`), so only the
//! order knows that the lane had nothing to do.
//!
//! Example: elements `a b c` dealt to lanes `0 1 0` give lane 0 `a c S0 D` and
//! lane 1 `b S0 D`; depth-1 lane streams `1 2 S0 5 S1 D` (lane 0) and `3 S1 D`
//! (lane 1) merge to `1 2 S0 3 S0 5 S1 D`.

use samgen_ir::token::Token;

use super::stream::{check_done, GoldenError};

const DEAL: &str = "parallelize";
const MERGE: &str = "serialize";

/// The lanes of the order's elements, checked against `lanes` and the dealt
/// level's shape (`l .. S0 D`).
fn order_lanes(
    primitive: &'static str,
    order: &[Token],
    lanes: usize,
) -> Result<Vec<usize>, GoldenError> {
    check_done(primitive, "order", order)?;
    let n = order.len().saturating_sub(2);
    if order.len() < 2 || order[n] != Token::Stop(0) {
        return Err(GoldenError::new(
            primitive,
            n,
            "the order stream is not one outermost fiber (l .. S0 D)",
        ));
    }
    order[..n]
        .iter()
        .enumerate()
        .map(|(i, t)| match t {
            Token::Data(l) if (*l as usize) < lanes => Ok(*l as usize),
            other => Err(GoldenError::new(
                primitive,
                i,
                format!("order token {other} is not a lane below {lanes}"),
            )),
        })
        .collect()
}

/// The K aligned streams `ins` of the dealt level, dealt by `order` to
/// `lanes` lanes: `out[l][k]` is lane `l`'s copy of stream `k`.
pub fn deal(
    ins: &[&[Token]],
    order: &[Token],
    lanes: usize,
) -> Result<Vec<Vec<Vec<Token>>>, GoldenError> {
    let chosen = order_lanes(DEAL, order, lanes)?;
    let n = chosen.len();
    for (k, s) in ins.iter().enumerate() {
        check_done(DEAL, &format!("in{k}"), s)?;
        if s.len() != n + 2 || s[n] != Token::Stop(0) {
            return Err(GoldenError::new(
                DEAL,
                s.len().min(n),
                format!(
                    "stream in{k} is not the order's {n} elements then S0 D: the dealt \
                     level is a loop's outermost"
                ),
            ));
        }
        if let Some(i) = s[..n]
            .iter()
            .position(|t| !matches!(t, Token::Data(_) | Token::Empty))
        {
            return Err(GoldenError::new(
                DEAL,
                i,
                format!("stream in{k} has {} among its elements", s[i]),
            ));
        }
    }
    let mut out = vec![vec![Vec::new(); ins.len()]; lanes];
    for (e, &l) in chosen.iter().enumerate() {
        for (k, s) in ins.iter().enumerate() {
            out[l][k].push(s[e]);
        }
    }
    for lane in &mut out {
        for s in lane.iter_mut() {
            s.extend([Token::Stop(0), Token::Done]);
        }
    }
    Ok(out)
}

/// The streams `from_lanes` (one per lane, at `depth` below the dealt level)
/// merged in the order `order` gives.
pub fn serialize(
    order: &[Token],
    from_lanes: &[&[Token]],
    depth: u32,
) -> Result<Vec<Token>, GoldenError> {
    let chosen = order_lanes(MERGE, order, from_lanes.len())?;
    let mut given = vec![0usize; from_lanes.len()];
    for &l in &chosen {
        given[l] += 1;
    }
    // Each lane's elements, split at their boundaries, checked against the
    // number the order gave it.
    let mut elements: Vec<std::collections::VecDeque<Vec<Token>>> = Vec::new();
    for (l, s) in from_lanes.iter().enumerate() {
        check_done(MERGE, &format!("lane{l}"), s)?;
        elements.push(split_lane(l, s, given[l], depth)?.into());
    }
    let mut out = Vec::new();
    for (e, &l) in chosen.iter().enumerate() {
        let body = elements[l]
            .pop_front()
            .expect("split_lane gives one body per element");
        out.extend(body);
        if depth >= 1 && e + 1 < chosen.len() {
            out.push(Token::Stop(depth - 1));
        }
    }
    out.extend([Token::Stop(depth), Token::Done]);
    Ok(out)
}

/// Lane `l`'s stream `s` cut into the `given` elements' bodies (their closing
/// stops removed). A lane given none is not read.
fn split_lane(
    l: usize,
    s: &[Token],
    given: usize,
    depth: u32,
) -> Result<Vec<Vec<Token>>, GoldenError> {
    if given == 0 {
        return Ok(Vec::new());
    }
    let bad = |i: usize, what: String| GoldenError::new(MERGE, i, format!("lane{l}: {what}"));
    let mut bodies = Vec::with_capacity(given);
    let mut i = 0;
    if depth == 0 {
        for _ in 0..given {
            match s[i] {
                t @ (Token::Data(_) | Token::Empty) => bodies.push(vec![t]),
                t => {
                    return Err(bad(
                        i,
                        format!("{t} where element {} of {given} belongs", bodies.len() + 1),
                    ))
                }
            }
            i += 1;
        }
        if s[i] != Token::Stop(0) {
            return Err(bad(
                i,
                format!("{} after its {given} elements, not S0", s[i]),
            ));
        }
        i += 1;
    } else {
        let mut body = Vec::new();
        while bodies.len() < given {
            let t = s[i];
            i += 1;
            match t {
                Token::Stop(m) if m + 1 >= depth => {
                    let last = bodies.len() + 1 == given;
                    let want = if last { depth } else { depth - 1 };
                    if m != want {
                        return Err(bad(
                            i - 1,
                            format!(
                                "S{m} closes element {} of {given}, not S{want}",
                                bodies.len() + 1
                            ),
                        ));
                    }
                    bodies.push(std::mem::take(&mut body));
                }
                Token::Done => {
                    return Err(bad(
                        i - 1,
                        format!("D after {} of {given} elements", bodies.len()),
                    ))
                }
                t => body.push(t),
            }
        }
    }
    if s[i] != Token::Done {
        return Err(bad(
            i,
            format!("{} after its {given} elements, not D", s[i]),
        ));
    }
    Ok(bodies)
}

#[cfg(test)]
mod tests {
    use super::*;
    use samgen_ir::token::parse_stream;

    fn p(s: &str) -> Vec<Token> {
        parse_stream(s).unwrap()
    }

    #[test]
    fn deal_gives_each_lane_its_elements_then_s0_d() {
        let crd = p("4 7 9 S0 D");
        let refs = p("0 1 2 S0 D");
        let lanes = deal(&[&crd, &refs], &p("0 1 0 S0 D"), 3).unwrap();
        assert_eq!(lanes[0], vec![p("4 9 S0 D"), p("0 2 S0 D")]);
        assert_eq!(lanes[1], vec![p("7 S0 D"), p("1 S0 D")]);
        assert_eq!(lanes[2], vec![p("S0 D"), p("S0 D")], "a lane given nothing");
    }

    #[test]
    fn deal_refuses_a_level_that_is_not_outermost_or_an_order_that_does_not_fit() {
        let nested = p("1 S0 2 S1 D");
        assert!(deal(&[&nested], &p("0 0 S0 D"), 2).is_err());
        let crd = p("1 2 S0 D");
        assert!(deal(&[&crd], &p("0 S0 D"), 2).is_err(), "one element short");
        assert!(deal(&[&crd], &p("0 2 S0 D"), 2).is_err(), "lane 2 of 2");
    }

    #[test]
    fn serialize_merges_elements_in_order_at_every_depth() {
        let order = p("0 1 0 S0 D");
        // Depth 0: one token per element.
        let v = serialize(&order, &[&p("10 30 S0 D"), &p("20 S0 D")], 0).unwrap();
        assert_eq!(v, p("10 20 30 S0 D"));
        // Depth 1: one fiber per element, the lane's last closed by S1.
        let c = serialize(&order, &[&p("1 2 S0 5 S1 D"), &p("3 S1 D")], 1).unwrap();
        assert_eq!(c, p("1 2 S0 3 S0 5 S1 D"));
        // Depth 2: inner stops kept; element c is one empty inner fiber.
        let c = serialize(&order, &[&p("1 S0 2 S1 S2 D"), &p("3 S2 D")], 2).unwrap();
        assert_eq!(c, p("1 S0 2 S1 3 S1 S2 D"));
    }

    #[test]
    fn serialize_drops_what_a_lane_without_elements_gives() {
        let order = p("1 1 S0 D");
        // Lane 0 saw an empty outer fiber: a reducer gives 0 S0 D for it.
        let v = serialize(&order, &[&p("0 S0 D"), &p("8 9 S0 D")], 0).unwrap();
        assert_eq!(v, p("8 9 S0 D"));
        let none = serialize(&p("S0 D"), &[&p("S1 D"), &p("S1 D")], 1).unwrap();
        assert_eq!(none, p("S1 D"), "no element: the empty outer fiber");
    }

    #[test]
    fn serialize_refuses_a_lane_that_does_not_fit_its_order() {
        let order = p("0 0 S0 D");
        assert!(
            serialize(&order, &[&p("1 S0 D"), &p("S0 D")], 0).is_err(),
            "one short"
        );
        assert!(
            serialize(&order, &[&p("1 S1 2 S1 D"), &p("S1 D")], 1).is_err(),
            "S1 mid-lane"
        );
        assert!(
            serialize(&order, &[&p("1 S0 2 S0 D"), &p("S1 D")], 1).is_err(),
            "last by S0"
        );
    }
}
