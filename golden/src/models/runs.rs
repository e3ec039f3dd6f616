//! Golden models of the run primitives (Donenfeld et al.'s compression paper; contract in
//! docs/fill-regions.md): the run merge, the expander, the run-weighted reducer
//! and the run packer.
//!
//! A *run stream* is a coordinate stream whose coordinate `x` means "from `x` up
//! to the fiber's next coordinate, or the dimension": what the RLE scanner (the
//! compressed scanner over an `r` level) emits. Coordinates before a fiber's
//! first run hold the fill value 0, so an empty fiber is all zero. A *point
//! stream* is an ordinary coordinate stream: each coordinate one point, every
//! other coordinate the fill 0.
//!
//! Example: runs `0 3 5 S0 D` over dimension 8 are `[0,3) [3,5) [5,8)`; merged
//! (union) with points `4 S0 D`, the starts are `0 3 4 5`: at 4 both ways hold
//! (the run way its run `[3,5)`, the point way its point), at 5 the point way is
//! back to its fill.

use samgen_ir::graph::{RunMergeMode, WayKind};
use samgen_ir::token::Token;

use super::intersect::same_control;
use super::stream::{check_done, value_of, wrap, GoldenError};

/// The data tokens of one fiber of a (crd, ref) way: `(coordinate, second)`.
type Fiber = Vec<(u64, Token)>;

/// Splits every way into fibers at its control tokens, checking that the ways
/// agree on them; returns the fibers (per way) and the control token closing
/// each.
#[allow(clippy::type_complexity)]
fn fibers(
    p: &'static str,
    ways: &[(Vec<Token>, Vec<Token>)],
) -> Result<Vec<(Vec<Fiber>, Token)>, GoldenError> {
    for (crd, second) in ways {
        check_done(p, "crd", crd)?;
        check_done(p, "second", second)?;
        if crd.len() != second.len() {
            return Err(GoldenError::new(
                p,
                crd.len().min(second.len()),
                "a way's two streams differ in length",
            ));
        }
    }
    let mut pos = vec![0usize; ways.len()];
    let mut out = Vec::new();
    loop {
        let mut fibers = Vec::with_capacity(ways.len());
        for (k, (crd, second)) in ways.iter().enumerate() {
            let mut f: Fiber = Vec::new();
            while let Token::Data(c) = crd[pos[k]] {
                if f.last().is_some_and(|&(last, _)| last >= c) {
                    return Err(GoldenError::new(
                        p,
                        pos[k],
                        format!("way {k}: coordinate {c} does not increase"),
                    ));
                }
                if matches!(second[pos[k]], Token::Stop(_) | Token::Done) {
                    return Err(GoldenError::new(
                        p,
                        pos[k],
                        format!("way {k}: {} beside coordinate {c}", second[pos[k]]),
                    ));
                }
                f.push((c, second[pos[k]]));
                pos[k] += 1;
            }
            if crd[pos[k]] == Token::Empty {
                return Err(GoldenError::new(
                    p,
                    pos[k],
                    format!("way {k}: N as a coordinate"),
                ));
            }
            fibers.push(f);
        }
        let toks: Vec<Token> = ways.iter().zip(&pos).map(|(w, &i)| w.0[i]).collect();
        let close = same_control(p, &toks, &pos)?;
        if close == Token::Done && fibers.iter().any(|f| !f.is_empty()) {
            return Err(GoldenError::new(
                p,
                pos[0],
                "coordinates after the last stop",
            ));
        }
        out.push((fibers, close));
        if close == Token::Done {
            return Ok(out);
        }
        pos.iter_mut().for_each(|i| *i += 1);
    }
}

const MERGE: &str = "runmerge";

/// Merges the (crd, ref) ways, each [`WayKind::Runs`] or [`WayKind::Points`]
/// (`kinds`), over an index of extent `dim`; returns the crd stream and one ref
/// stream per way. See [`RunMergeMode`] and the module docs. `N` is a way with
/// no run yet, or a point way off its points.
pub fn runmerge(
    ways: &[(Vec<Token>, Vec<Token>)],
    kinds: &[WayKind],
    mode: RunMergeMode,
    dim: u64,
) -> Result<(Vec<Token>, Vec<Vec<Token>>), GoldenError> {
    if ways.len() != kinds.len() || ways.is_empty() {
        return Err(GoldenError::new(
            MERGE,
            0,
            format!("{} ways but {} way kinds", ways.len(), kinds.len()),
        ));
    }
    if mode == RunMergeMode::Intersect && !kinds.contains(&WayKind::Points) {
        return Err(GoldenError::new(
            MERGE,
            0,
            "an intersection needs a point way (runs merge by union)",
        ));
    }
    let m = ways.len();
    let mut crd = Vec::new();
    let mut refs = vec![Vec::new(); m];
    for (fibers, close) in self::fibers(MERGE, ways)? {
        // The output coordinates of this fiber.
        let mut starts: Vec<u64> = Vec::new();
        match mode {
            RunMergeMode::Union => {
                for (f, kind) in fibers.iter().zip(kinds) {
                    for (i, &(x, _)) in f.iter().enumerate() {
                        starts.push(x);
                        let resumes = x + 1 < dim && f.get(i + 1).is_none_or(|n| n.0 > x + 1);
                        if *kind == WayKind::Points && resumes {
                            starts.push(x + 1);
                        }
                    }
                }
                starts.sort_unstable();
                starts.dedup();
            }
            RunMergeMode::Intersect => {
                let mut points = fibers
                    .iter()
                    .zip(kinds)
                    .filter(|(_, k)| **k == WayKind::Points);
                let (first, _) = points.next().expect("a point way");
                starts = first.iter().map(|p| p.0).collect();
                for (f, _) in points {
                    starts.retain(|x| f.binary_search_by_key(x, |p| p.0).is_ok());
                }
            }
        }
        for &x in &starts {
            crd.push(Token::Data(x));
            for (k, (f, kind)) in fibers.iter().zip(kinds).enumerate() {
                let at = f.partition_point(|p| p.0 <= x);
                let r = match kind {
                    WayKind::Runs if at > 0 => f[at - 1].1,
                    WayKind::Points if at > 0 && f[at - 1].0 == x => f[at - 1].1,
                    _ => Token::Empty,
                };
                refs[k].push(r);
            }
        }
        crd.push(close);
        for r in &mut refs {
            r.push(close);
        }
    }
    Ok((crd, refs))
}

const EXPAND: &str = "runexpand";

/// Runs to points: each run `[x, e)` of the (crd, ref) stream becomes the
/// coordinates `x .. e-1`, each with the run's reference; `e` is the fiber's
/// next coordinate or `dim`.
pub fn runexpand(
    crd: &[Token],
    refs: &[Token],
    dim: u64,
) -> Result<(Vec<Token>, Vec<Token>), GoldenError> {
    let (mut oc, mut or) = (Vec::new(), Vec::new());
    for (fibers, close) in fibers(EXPAND, &[(crd.to_vec(), refs.to_vec())])? {
        let f = &fibers[0];
        for (i, &(x, r)) in f.iter().enumerate() {
            let end = f.get(i + 1).map_or(dim, |n| n.0);
            if x >= dim {
                return Err(GoldenError::new(
                    EXPAND,
                    oc.len(),
                    format!("run start {x} is outside the dimension {dim}"),
                ));
            }
            for c in x..end {
                oc.push(Token::Data(c));
                or.push(r);
            }
        }
        oc.push(close);
        or.push(close);
    }
    Ok((oc, or))
}

const REDUCE: &str = "runreduce";

/// Sums every innermost fiber of a run stream, each run's value times its
/// length (section IV-D of the compression paper): the reducer's stop rule (`S0` closes a
/// fiber and disappears, `S_n` comes out as `S_(n-1)` after the sum; an empty fiber
/// gives 0). `crd` gives the runs, `vals` their values (`N` is 0).
pub fn runreduce(
    crd: &[Token],
    vals: &[Token],
    dim: u64,
    value_bits: u32,
) -> Result<Vec<Token>, GoldenError> {
    let mut out = Vec::new();
    let mut index = 0usize;
    for (fibers, close) in fibers(REDUCE, &[(crd.to_vec(), vals.to_vec())])? {
        if close == Token::Done {
            // `D` after a closed fiber; values before it would be an unclosed
            // fiber.
            if !fibers[0].is_empty() {
                return Err(GoldenError::new(
                    REDUCE,
                    index,
                    "values after the last stop",
                ));
            }
            out.push(Token::Done);
            break;
        }
        let f = &fibers[0];
        let mut sum = 0i64;
        for (i, &(x, v)) in f.iter().enumerate() {
            let end = f.get(i + 1).map_or(dim, |n| n.0);
            let len = end.saturating_sub(x) as i64;
            let v = value_of(v, value_bits).unwrap_or(0);
            sum = sum.wrapping_add(v.wrapping_mul(len));
        }
        index += f.len() + 1;
        out.push(wrap(REDUCE, index, sum, value_bits)?);
        if let Token::Stop(n) = close {
            if n > 0 {
                out.push(Token::Stop(n - 1));
            }
        }
    }
    Ok(out)
}

const PACK: &str = "runpack";

/// The RLE writer's front: the runs of each fiber of the (crd, val) stream, as
/// few as the values allow. From [`WayKind::Runs`], a run whose value equals
/// the run before it is dropped; from [`WayKind::Points`], each point is a run
/// of one coordinate and the zeros between points are runs of 0. A fiber that
/// does not start at 0 gets a run of 0 there; an empty fiber of a non-empty
/// dimension is one run of 0. `N` values are 0.
pub fn runpack(
    crd: &[Token],
    vals: &[Token],
    kind: WayKind,
    dim: u64,
    value_bits: u32,
) -> Result<(Vec<Token>, Vec<Token>), GoldenError> {
    let (mut oc, mut ov) = (Vec::new(), Vec::new());
    for (fibers, close) in fibers(PACK, &[(crd.to_vec(), vals.to_vec())])? {
        let f = &fibers[0];
        // The runs this fiber stands for, before merging equal neighbours.
        let mut runs: Vec<(u64, i64)> = Vec::new();
        let value = |t: Token| value_of(t, value_bits).unwrap_or(0);
        let done = close == Token::Done;
        if dim > 0 && !done {
            runs.push((0, 0));
        }
        for (i, &(x, v)) in f.iter().enumerate() {
            if x >= dim {
                return Err(GoldenError::new(
                    PACK,
                    oc.len(),
                    format!("coordinate {x} is outside the dimension {dim}"),
                ));
            }
            runs.push((x, value(v)));
            let next = f.get(i + 1).map_or(dim, |n| n.0);
            if kind == WayKind::Points && x + 1 < next {
                runs.push((x + 1, 0));
            }
        }
        let mut last: Option<i64> = None;
        let mut k = 0;
        while k < runs.len() {
            // A later run at the same start replaces the fiber's opening zero.
            let (x, v) = runs[k];
            if runs.get(k + 1).is_some_and(|n| n.0 == x) {
                k += 1;
                continue;
            }
            if last != Some(v) {
                oc.push(Token::Data(x));
                ov.push(wrap(PACK, k, v, value_bits)?);
                last = Some(v);
            }
            k += 1;
        }
        oc.push(close);
        ov.push(close);
    }
    Ok((oc, ov))
}

#[cfg(test)]
mod tests {
    use super::*;
    use samgen_ir::token::{format_stream, parse_stream};

    fn s(t: &str) -> Vec<Token> {
        parse_stream(t).unwrap()
    }

    #[test]
    fn a_union_visits_every_start_and_where_fills_resume() {
        let (c, r) = runmerge(
            &[
                (s("0 3 5 S0 D"), s("10 11 12 S0 D")),
                (s("4 S0 D"), s("20 S0 D")),
            ],
            &[WayKind::Runs, WayKind::Points],
            RunMergeMode::Union,
            8,
        )
        .unwrap();
        assert_eq!(format_stream(&c), "0 3 4 5 S0 D");
        assert_eq!(format_stream(&r[0]), "10 11 11 12 S0 D");
        assert_eq!(format_stream(&r[1]), "N N 20 N S0 D");
    }

    #[test]
    fn an_intersection_visits_the_points_with_runs_held() {
        let (c, r) = runmerge(
            &[
                (s("0 3 S0 0 S1 D"), s("10 11 S0 12 S1 D")),
                (s("2 3 7 S0 S1 D"), s("20 21 22 S0 S1 D")),
            ],
            &[WayKind::Runs, WayKind::Points],
            RunMergeMode::Intersect,
            8,
        )
        .unwrap();
        assert_eq!(format_stream(&c), "2 3 7 S0 S1 D");
        assert_eq!(format_stream(&r[0]), "10 11 11 S0 S1 D");
        assert_eq!(format_stream(&r[1]), "20 21 22 S0 S1 D");
    }

    #[test]
    fn expand_reduce_and_pack() {
        let (c, r) = runexpand(&s("0 2 S0 S0 D"), &s("5 6 S0 S0 D"), 4).unwrap();
        assert_eq!(format_stream(&c), "0 1 2 3 S0 S0 D");
        assert_eq!(format_stream(&r), "5 5 6 6 S0 S0 D");
        let v = runreduce(&s("0 2 S0 S0 0 S1 D"), &s("5 6 S0 S0 N S1 D"), 4, 32).unwrap();
        assert_eq!(format_stream(&v), "22 0 0 S0 D");
        // Equal neighbours merge; a fiber not starting at 0 gets a zero run.
        let (c, v) = runpack(
            &s("0 2 3 S0 1 S1 D"),
            &s("5 5 0 S0 7 S1 D"),
            WayKind::Runs,
            4,
            32,
        )
        .unwrap();
        assert_eq!(format_stream(&c), "0 3 S0 0 1 S1 D");
        assert_eq!(format_stream(&v), "5 0 S0 0 7 S1 D");
        // Points: zeros between them; an empty fiber is one run of 0.
        let (c, v) = runpack(&s("1 2 S0 S1 D"), &s("4 4 S0 S1 D"), WayKind::Points, 5, 32).unwrap();
        assert_eq!(format_stream(&c), "0 1 3 S0 0 S1 D");
        assert_eq!(format_stream(&v), "0 4 0 S0 0 S1 D");
    }
}
