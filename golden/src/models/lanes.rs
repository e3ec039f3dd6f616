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
//! - [`deal`]: lane `l` gets each element the order gives it as a fiber of
//!   its own, `e S0`, in order, then `S1 D`. Each element is closed at once, so
//!   a lane finishes an element without waiting for its next one (a scanner
//!   merges a fiber's stop with the next input stop, so `e e S0` would hold the
//!   first element's fiber open until the second came, and the serializer
//!   waiting for it could hold up the input that brings it). The lane's graph
//!   thus sees one level more above the dealt one; every primitive's stops are
//!   relative to the innermost level, so it computes the same fibers. The last
//!   element's `S0` and the close make an empty fiber (`S0 S1`), whose result
//!   the serializer drops.
//! - [`serialize`]: a lane's stream at depth `d` below the dealt level holds,
//!   per element it was given, the element's tokens closed by `S_d` (inner
//!   stops below `S_d`), then whatever the closing empty fiber gives, then `D`.
//!   The merged stream has the elements in order, each from its lane: for
//!   `d >= 1` each closed by `S_(d-1)` but the last, closed by `S_d`; for
//!   `d = 0` nothing between elements and `S0` after the last; then `D`. With no
//!   element at all it is `S_d D`, what one lane gives for an empty outer fiber.
//!
//! What a lane gives past its elements is dropped, its closing empty fiber's
//! result and, for a lane given nothing, everything: SAM's streams cannot tell
//! an outer fiber without elements from one holding an empty fiber (a scanner
//! gives `S1 D` for both, and a reducer turns that into `0 S0 D`), so only the
//! order knows how many elements a lane had.
//!
//! Example: elements `a b c` dealt to lanes `0 1 0` give lane 0 `a S0 c S0 S1 D`
//! and lane 1 `b S0 S1 D`; depth-1 lane streams `1 2 S1 5 S1 S2 D` (lane 0) and
//! `3 S1 S2 D` (lane 1) merge to `1 2 S0 3 S0 5 S1 D`.

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
            out[l][k].extend([s[e], Token::Stop(0)]);
        }
    }
    for lane in &mut out {
        for s in lane.iter_mut() {
            s.extend([Token::Stop(1), Token::Done]);
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
/// stops removed); what follows them up to `D` is dropped.
fn split_lane(
    l: usize,
    s: &[Token],
    given: usize,
    depth: u32,
) -> Result<Vec<Vec<Token>>, GoldenError> {
    let bad = |i: usize, what: String| GoldenError::new(MERGE, i, format!("lane{l}: {what}"));
    let mut bodies = Vec::with_capacity(given);
    let mut body = Vec::new();
    for (i, &t) in s.iter().enumerate() {
        if bodies.len() == given {
            break;
        }
        match t {
            Token::Stop(m) if m == depth => bodies.push(std::mem::take(&mut body)),
            Token::Stop(m) if m > depth => {
                return Err(bad(
                    i,
                    format!(
                        "S{m} closes element {} of {given}, not S{depth}",
                        bodies.len() + 1
                    ),
                ))
            }
            Token::Done => {
                return Err(bad(
                    i,
                    format!("D after {} of {given} elements", bodies.len()),
                ))
            }
            t if depth == 0 && !body.is_empty() => {
                return Err(bad(
                    i,
                    format!("{t} after element {}'s token, not S0", bodies.len() + 1),
                ))
            }
            t => body.push(t),
        }
    }
    if bodies.len() < given {
        return Err(bad(
            s.len(),
            format!("{} of {given} elements", bodies.len()),
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
    fn deal_gives_each_lane_its_elements_as_fibers_then_s1_d() {
        let crd = p("4 7 9 S0 D");
        let refs = p("0 1 2 S0 D");
        let lanes = deal(&[&crd, &refs], &p("0 1 0 S0 D"), 3).unwrap();
        assert_eq!(lanes[0], vec![p("4 S0 9 S0 S1 D"), p("0 S0 2 S0 S1 D")]);
        assert_eq!(lanes[1], vec![p("7 S0 S1 D"), p("1 S0 S1 D")]);
        assert_eq!(lanes[2], vec![p("S1 D"), p("S1 D")], "a lane given nothing");
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
        // Depth 0: one token per element; the closing empty fiber's 0 dropped.
        let v = serialize(&order, &[&p("10 S0 30 S0 0 S1 D"), &p("20 S0 0 S1 D")], 0).unwrap();
        assert_eq!(v, p("10 20 30 S0 D"));
        // Depth 1: one fiber per element.
        let c = serialize(&order, &[&p("1 2 S1 5 S1 S2 D"), &p("3 S1 S2 D")], 1).unwrap();
        assert_eq!(c, p("1 2 S0 3 S0 5 S1 D"));
        // Depth 2: inner stops kept; element c is one empty inner fiber.
        let c = serialize(&order, &[&p("1 S0 2 S2 S2 S3 D"), &p("3 S2 S3 D")], 2).unwrap();
        assert_eq!(c, p("1 S0 2 S1 3 S1 S2 D"));
    }

    #[test]
    fn serialize_drops_what_a_lane_gives_past_its_elements() {
        let order = p("1 1 S0 D");
        // Lane 0 saw only the closing empty fiber: a reducer gives 0 S0 D for it.
        let v = serialize(&order, &[&p("0 S0 D"), &p("8 S0 9 S0 0 S1 D")], 0).unwrap();
        assert_eq!(v, p("8 9 S0 D"));
        let none = serialize(&p("S0 D"), &[&p("S2 D"), &p("S2 D")], 1).unwrap();
        assert_eq!(none, p("S1 D"), "no element: the empty outer fiber");
    }

    #[test]
    fn serialize_refuses_a_lane_that_does_not_fit_its_order() {
        let order = p("0 0 S0 D");
        assert!(
            serialize(&order, &[&p("1 S0 S1 D"), &p("S1 D")], 0).is_err(),
            "one short"
        );
        assert!(
            serialize(&order, &[&p("1 2 S0 D"), &p("S1 D")], 0).is_err(),
            "two tokens"
        );
        assert!(
            serialize(&order, &[&p("1 S2 2 S1 D"), &p("S2 D")], 1).is_err(),
            "S2 mid-lane"
        );
    }

    /// SpMV's graph below its outermost loop (`x(i) = B(i,j) * c(j)`, B
    /// dense-compressed, c dense), run by the models on the i level's streams:
    /// B's row references and c's root repeated per row. Gives the output
    /// coordinates of j (depth 1) and x's values (depth 0).
    fn spmv_below_i(refs_b: &[Token], refs_c: &[Token]) -> (Vec<Token>, Vec<Token>) {
        use super::super::{alu, arrayvals, fiberlookup, intersect, reduce};
        use samgen_ir::graph::{AluOp, AluOperand};
        use samgen_ir::tensor::{Level, LevelFormat, NamedArray};
        let array = |name, data: &[u64]| NamedArray {
            name,
            data: data.to_vec(),
        };
        // Rows 0: (0, 2), 1: (), 2: (1, 2, 3), 3: (3).
        let b1 = Level {
            format: LevelFormat::Compressed,
            padded: false,
            dim: 4,
            arrays: vec![
                array("pos", &[0, 2, 2, 5, 6]),
                array("crd", &[0, 2, 1, 2, 3, 3]),
            ],
        };
        let c0 = Level {
            format: LevelFormat::Dense,
            padded: false,
            dim: 4,
            arrays: vec![],
        };
        let (crd_b, ref_b) = fiberlookup(&b1, refs_b).unwrap();
        let (crd_c, ref_c) = fiberlookup(&c0, refs_c).unwrap();
        let (crd, refs) = intersect(&[(crd_b, ref_b), (crd_c, ref_c)]).unwrap();
        let b = arrayvals(&[1, 2, 3, 4, 5, 6], &refs[0], 32).unwrap();
        let c = arrayvals(&[10, 20, 30, 40], &refs[1], 32).unwrap();
        let prod = alu(AluOp::Mul, AluOperand::Streams, &b, Some(&c), 32).unwrap();
        (crd, reduce(&prod, 32).unwrap())
    }

    /// The lanes' graph copies compute what the one graph does, whatever the
    /// order: with one more level above the dealt one (each element its own
    /// fiber), a lane given nothing, and the closing empty fiber.
    #[test]
    fn dealt_lanes_and_serializers_give_the_one_lane_result() {
        let refs_b = p("0 1 2 3 S0 D");
        let refs_c = p("0 0 0 0 S0 D");
        let (crd, x) = spmv_below_i(&refs_b, &refs_c);
        assert_eq!(x, p("70 0 380 240 S0 D"));
        for (order, lanes) in [
            ("0 1 0 1 S0 D", 2),
            ("2 2 0 2 S0 D", 4),
            ("0 0 0 0 S0 D", 1),
        ] {
            let order = p(order);
            let dealt = deal(&[&refs_b, &refs_c], &order, lanes).unwrap();
            let outs: Vec<_> = dealt.iter().map(|l| spmv_below_i(&l[0], &l[1])).collect();
            let crds: Vec<&[Token]> = outs.iter().map(|o| o.0.as_slice()).collect();
            let xs: Vec<&[Token]> = outs.iter().map(|o| o.1.as_slice()).collect();
            assert_eq!(serialize(&order, &crds, 1).unwrap(), crd, "{order:?}");
            assert_eq!(serialize(&order, &xs, 0).unwrap(), x, "{order:?}");
        }
        // No rows at all: each lane's empty outer fiber, merged.
        let none = p("S0 D");
        let (crd, x) = spmv_below_i(&none, &none);
        let dealt = deal(&[&none, &none], &none, 2).unwrap();
        let outs: Vec<_> = dealt.iter().map(|l| spmv_below_i(&l[0], &l[1])).collect();
        let crds: Vec<&[Token]> = outs.iter().map(|o| o.0.as_slice()).collect();
        let xs: Vec<&[Token]> = outs.iter().map(|o| o.1.as_slice()).collect();
        assert_eq!(serialize(&none, &crds, 1).unwrap(), crd);
        assert_eq!(serialize(&none, &xs, 0).unwrap(), p("S0 D"), "x: {x:?}");
    }
}
