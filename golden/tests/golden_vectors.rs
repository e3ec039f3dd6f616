//! Runs the golden models against the reference SAM simulator's directed vectors
//! (`fixtures/vectors/sam-reference.json`, made by running that simulator's
//! primitives; its README says what each primitive does and where samgen departs).
//!
//! The models are untimed, so `""` (idle) input entries are dropped. Skipped:
//! the 7 `timing_sensitive` scanner cases (they drive the scanner's skip input,
//! which is not modelled) and the intersector's skip outputs (not compared).
//! The 12 `samgen_differs` scanner cases are checked against samgen's rule (an
//! `N` reference is an empty fiber): the reference output with its `N` tokens
//! removed. The sparse accumulator vectors are point streams; they are mapped
//! onto samgen's stop-carrying accumulators by an adapter (see
//! [`spacc1_case`] and [`spacc2_case`]). The compressed writer is checked in its
//! reference mode (no entry for an empty fiber; below a dense level samgen's
//! writer gives one, see `golden::fiberwrite`).

use std::collections::BTreeMap;

use samgen_golden::models::{
    alu::alu, arrayvals::arrayvals, crddrop::crddrop, crdhold::crdhold, fiberlookup::fiberlookup,
    fiberwrite, intersect::intersect, reduce::reduce, repeat::repeat, repsiggen::repsiggen,
    spaccumulator, stream::REPSIG_R, stream::REPSIG_S, union::union,
};
use samgen_ir::graph::{AluOp, AluOperand, StreamKind};
use samgen_ir::tensor::{Level, LevelFormat, NamedArray};
use samgen_ir::token::{format_stream, Token};
use serde_json::Value;

const VECTORS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../fixtures/vectors/sam-reference.json"
);

/// Value width used for every value stream (the vectors' values are small).
const VB: u32 = 32;

/// How a port's integers become tokens.
#[derive(Clone, Copy)]
enum Kind {
    /// Coordinates and references: non-negative.
    Crd,
    /// Values: two's complement of `VB` bits.
    Val,
    /// Repeat signals `R`, `S`, `D`.
    Sig,
}

fn token(v: &Value, kind: Kind, case: &str) -> Token {
    match v {
        Value::String(s) => match (s.as_str(), kind) {
            ("R", Kind::Sig) => REPSIG_R,
            ("S", Kind::Sig) => REPSIG_S,
            ("D", _) => Token::Done,
            ("N", _) => Token::Empty,
            (s, _) => match s.strip_prefix('S').map(str::parse) {
                Some(Ok(n)) => Token::Stop(n),
                _ => panic!("{case}: bad token {s:?}"),
            },
        },
        Value::Number(n) => {
            let x = n.as_i64().unwrap_or_else(|| {
                let f = n.as_f64().expect("number");
                assert_eq!(f.fract(), 0.0, "{case}: non-integer value {f}");
                f as i64
            });
            match kind {
                Kind::Crd => Token::Data(u64::try_from(x).expect("non-negative coordinate")),
                Kind::Val => Token::value(x, VB).unwrap(),
                Kind::Sig => panic!("{case}: number on a repeat-signal port"),
            }
        }
        _ => panic!("{case}: bad token {v}"),
    }
}

struct Case<'a> {
    v: &'a Value,
    name: String,
}

impl Case<'_> {
    fn stream(&self, side: &str, port: &str, kind: Kind) -> Vec<Token> {
        let list = self.v[side][port]
            .as_array()
            .unwrap_or_else(|| panic!("{}: no {side}.{port}", self.name));
        list.iter()
            .filter(|t| t.as_str() != Some(""))
            .map(|t| token(t, kind, &self.name))
            .collect()
    }

    fn input(&self, port: &str, kind: Kind) -> Vec<Token> {
        self.stream("inputs", port, kind)
    }

    fn output(&self, port: &str, kind: Kind) -> Vec<Token> {
        self.stream("outputs", port, kind)
    }

    fn u64s(&self, side: &str, key: &str) -> Vec<u64> {
        self.v[side][key]
            .as_array()
            .unwrap_or_else(|| panic!("{}: no {side}.{key}", self.name))
            .iter()
            .map(|x| x.as_u64().expect("unsigned"))
            .collect()
    }

    fn i64s(&self, side: &str, key: &str) -> Vec<i64> {
        self.v[side][key]
            .as_array()
            .unwrap_or_else(|| panic!("{}: no {side}.{key}", self.name))
            .iter()
            .map(|x| x.as_i64().expect("integer"))
            .collect()
    }

    fn flag(&self, key: &str) -> bool {
        self.v["params"][key].as_bool().unwrap_or(false)
    }

    fn check(&self, port: &str, got: &[Token], want: &[Token]) {
        assert_eq!(
            format_stream(got),
            format_stream(want),
            "{}: port {port} differs",
            self.name
        );
    }
}

fn compressed_level(seg: Vec<u64>, crd: Vec<u64>) -> Level {
    let dim = crd.iter().max().map_or(1, |m| m + 1);
    Level {
        format: LevelFormat::Compressed,
        padded: false,
        dim,
        arrays: vec![
            NamedArray {
                name: "pos",
                data: seg,
            },
            NamedArray {
                name: "crd",
                data: crd,
            },
        ],
    }
}

fn scanner_case(c: &Case, level: &Level) {
    let (crd, refs) = fiberlookup(level, &c.input("in_ref", Kind::Crd))
        .unwrap_or_else(|e| panic!("{}: {e}", c.name));
    let mut want_crd = c.output("out_crd", Kind::Crd);
    let mut want_ref = c.output("out_ref", Kind::Crd);
    if c.v.get("samgen_differs").is_some() {
        // samgen: an N reference is an empty fiber, so only its (merged) stop
        // comes out; the reference emits N before that same stop.
        want_crd.retain(|t| *t != Token::Empty);
        want_ref.retain(|t| *t != Token::Empty);
    }
    c.check("out_crd", &crd, &want_crd);
    c.check("out_ref", &refs, &want_ref);
}

fn joiner_inputs(c: &Case) -> Vec<(Vec<Token>, Vec<Token>)> {
    (1..=2)
        .map(|k| {
            (
                c.input(&format!("in_crd{k}"), Kind::Crd),
                c.input(&format!("in_ref{k}"), Kind::Crd),
            )
        })
        .collect()
}

/// The reference's point streams (outer, inner, val), without the final `D`.
fn points(c: &Case) -> Vec<(u64, u64, i64)> {
    let o = c.input("in_crd_outer", Kind::Crd);
    let i = c.input("in_crd_inner", Kind::Crd);
    let v = c.input("in_val", Kind::Val);
    assert!(o.len() == i.len() && i.len() == v.len(), "{}", c.name);
    assert_eq!(o.last(), Some(&Token::Done), "{}", c.name);
    o.iter()
        .zip(&i)
        .zip(&v)
        .filter(|((o, _), _)| **o != Token::Done)
        .map(|((o, i), v)| match (o, i) {
            (Token::Data(o), Token::Data(i)) => (*o, *i, v.as_value(VB).expect("value")),
            _ => panic!("{}: point streams carry only data before D", c.name),
        })
        .collect()
}

/// `sparse_accumulator1`: each run of equal outer coordinates is one group of
/// samgen's order-1 accumulator (one i of Gustavson's i,k,j loop), each point its
/// own one-element j fiber (one k). So the points `(o, j, v)` become a j stream
/// `j S0 j S0 ... j S1` per run, the last run closing with `S2`. samgen's output
/// then has exactly the reference's shape; the outer output is the runs' outer
/// coordinates followed by `S0 D`.
fn spacc1_case(c: &Case) {
    let pts = points(c);
    let mut runs: Vec<(u64, Vec<(u64, i64)>)> = Vec::new();
    for (o, j, v) in pts {
        match runs.last_mut() {
            Some((ro, run)) if *ro == o => run.push((j, v)),
            _ => {
                assert!(
                    runs.iter().all(|(ro, _)| *ro != o),
                    "{}: outer coordinate {o} returns (the reference never clears; not comparable)",
                    c.name
                );
                runs.push((o, vec![(j, v)]));
            }
        }
    }
    let (mut crd, mut val, mut outer) = (Vec::new(), Vec::new(), Vec::new());
    for (r, (o, run)) in runs.iter().enumerate() {
        outer.push(Token::Data(*o));
        for (p, &(j, v)) in run.iter().enumerate() {
            let stop = match (p + 1 == run.len(), r + 1 == runs.len()) {
                (false, _) => Token::Stop(0),
                (true, false) => Token::Stop(1),
                (true, true) => Token::Stop(2),
            };
            crd.extend([Token::Data(j), stop]);
            val.extend([Token::value(v, VB).unwrap(), stop]);
        }
    }
    crd.push(Token::Done);
    val.push(Token::Done);
    outer.extend([Token::Stop(0), Token::Done]);
    let (got_crd, got_val) =
        spaccumulator::spaccumulator1(&crd, &val, VB).unwrap_or_else(|e| panic!("{}: {e}", c.name));
    c.check(
        "out_crd_outer",
        &outer,
        &c.output("out_crd_outer", Kind::Crd),
    );
    c.check(
        "out_crd_inner",
        &got_crd,
        &c.output("out_crd_inner", Kind::Crd),
    );
    c.check("out_val", &got_val, &c.output("out_val", Kind::Val));
}

/// `sparse_accumulator2`: all points form one group (one k loop) of samgen's
/// order-2 accumulator, each point its own k iteration with a one-element i
/// fiber holding a one-element j fiber. So point `(i, j, v)` becomes
/// `i S0` on crd_outer and `j S1` on crd_inner / vals, the last point closing
/// with `S1` / `S2`.
fn spacc2_case(c: &Case) {
    let pts = points(c);
    let (mut outer, mut inner, mut val) = (Vec::new(), Vec::new(), Vec::new());
    for (p, &(i, j, v)) in pts.iter().enumerate() {
        let last = u32::from(p + 1 == pts.len());
        outer.extend([Token::Data(i), Token::Stop(last)]);
        inner.extend([Token::Data(j), Token::Stop(1 + last)]);
        val.extend([Token::value(v, VB).unwrap(), Token::Stop(1 + last)]);
    }
    outer.push(Token::Done);
    inner.push(Token::Done);
    val.push(Token::Done);
    let (o, i, v) = spaccumulator::spaccumulator2(&outer, &inner, &val, VB)
        .unwrap_or_else(|e| panic!("{}: {e}", c.name));
    c.check("out_crd_outer", &o, &c.output("out_crd_outer", Kind::Crd));
    c.check("out_crd_inner", &i, &c.output("out_crd_inner", Kind::Crd));
    c.check("out_val", &v, &c.output("out_val", Kind::Val));
}

/// Runs one case; returns false if it is skipped.
fn run_case(primitive: &str, c: &Case) -> bool {
    let err = |e: samgen_golden::models::stream::GoldenError| -> ! { panic!("{}: {e}", c.name) };
    match primitive {
        "compressed_rd_scan" => {
            if c.v.get("timing_sensitive").and_then(Value::as_bool) == Some(true)
                || c.v["inputs"].get("in_crd_skip").is_some()
            {
                return false;
            }
            let level = compressed_level(c.u64s("params", "seg_arr"), c.u64s("params", "crd_arr"));
            scanner_case(c, &level);
        }
        "uncompressed_rd_scan" => {
            let level = Level {
                format: LevelFormat::Dense,
                padded: true,
                dim: c.v["params"]["dim"].as_u64().expect("dim"),
                arrays: vec![],
            };
            scanner_case(c, &level);
        }
        "repeat_sig_gen" => {
            let got = repsiggen(&c.input("in_crd", Kind::Crd)).unwrap_or_else(|e| err(e));
            c.check("out_repsig", &got, &c.output("out_repsig", Kind::Sig));
        }
        "repeat" => {
            let got = repeat(
                &c.input("in_ref", Kind::Crd),
                &c.input("in_repsig", Kind::Sig),
            )
            .unwrap_or_else(|e| err(e));
            c.check("out_ref", &got, &c.output("out_ref", Kind::Crd));
        }
        "intersect2" | "union2" => {
            let f = if primitive == "union2" {
                union
            } else {
                intersect
            };
            let (crd, refs) = f(&joiner_inputs(c)).unwrap_or_else(|e| err(e));
            c.check("out_crd", &crd, &c.output("out_crd", Kind::Crd));
            c.check("out_ref1", &refs[0], &c.output("out_ref1", Kind::Crd));
            c.check("out_ref2", &refs[1], &c.output("out_ref2", Kind::Crd));
        }
        "reduce" => {
            let got = reduce(&c.input("in_val", Kind::Val), VB).unwrap_or_else(|e| err(e));
            c.check("out_val", &got, &c.output("out_val", Kind::Val));
        }
        "sparse_accumulator1" => spacc1_case(c),
        "sparse_accumulator2" => spacc2_case(c),
        "crd_drop" => {
            let (o, i) = crddrop(
                &c.input("in_crd_outer", Kind::Crd),
                &c.input("in_crd_inner", Kind::Crd),
                StreamKind::Crd,
            )
            .unwrap_or_else(|e| err(e));
            c.check("out_crd_outer", &o, &c.output("out_crd_outer", Kind::Crd));
            c.check("out_crd_inner", &i, &c.output("out_crd_inner", Kind::Crd));
        }
        "crd_hold" => {
            let (o, i) = crdhold(
                &c.input("in_crd_outer", Kind::Crd),
                &c.input("in_crd_inner", Kind::Crd),
            )
            .unwrap_or_else(|e| err(e));
            c.check("out_crd_outer", &o, &c.output("out_crd_outer", Kind::Crd));
            c.check("out_crd_inner", &i, &c.output("out_crd_inner", Kind::Crd));
        }
        "add2" | "multiply2" => {
            let a = c.input("in_val1", Kind::Val);
            let b = c.input("in_val2", Kind::Val);
            let s = AluOperand::Streams;
            // Add2's neg1/neg2 as samgen ALU ops: -a + b = b - a, a + -b = a - b,
            // -a + -b = -(a + b).
            let got = match (primitive, c.flag("neg1"), c.flag("neg2")) {
                ("multiply2", _, _) => alu(AluOp::Mul, s, &a, Some(&b), VB),
                (_, false, false) => alu(AluOp::Add, s, &a, Some(&b), VB),
                (_, true, false) => alu(AluOp::Sub, s, &b, Some(&a), VB),
                (_, false, true) => alu(AluOp::Sub, s, &a, Some(&b), VB),
                (_, true, true) => alu(AluOp::Add, s, &a, Some(&b), VB)
                    .and_then(|sum| alu(AluOp::Neg, s, &sum, None, VB)),
            }
            .unwrap_or_else(|e| err(e));
            c.check("out_val", &got, &c.output("out_val", Kind::Val));
        }
        "array" => {
            let got = arrayvals(&c.i64s("params", "vals"), &c.input("in_ref", Kind::Crd), VB)
                .unwrap_or_else(|e| err(e));
            c.check("out_val", &got, &c.output("out_val", Kind::Val));
        }
        "vals_wr_scan" => {
            let got = fiberwrite::fiberwrite_vals(&c.input("in_val", Kind::Val), VB)
                .unwrap_or_else(|e| err(e));
            assert_eq!(got, c.i64s("outputs", "vals_arr"), "{}", c.name);
        }
        "compress_wr_scan" => {
            let (seg, crd) =
                fiberwrite::fiberwrite_compressed(&c.input("in_crd", Kind::Crd), false)
                    .unwrap_or_else(|e| err(e));
            assert_eq!(seg, c.u64s("outputs", "seg_arr"), "{}: seg_arr", c.name);
            assert_eq!(crd, c.u64s("outputs", "crd_arr"), "{}: crd_arr", c.name);
        }
        other => panic!("{}: unknown primitive {other}", c.name),
    }
    true
}

#[test]
fn golden_models_match_reference_vectors() {
    let text = std::fs::read_to_string(VECTORS)
        .unwrap_or_else(|e| panic!("reference vectors missing: cannot read {VECTORS}: {e}"));
    let doc: Value = serde_json::from_str(&text).expect("sam-reference.json is not valid JSON");
    let cases = doc["cases"].as_array().expect("no `cases` array");
    assert_eq!(cases.len(), 609, "sam-reference.json changed shape");

    // primitive -> (checked, skipped, checked as samgen_differs)
    let mut tally: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
    for v in cases {
        let primitive = v["primitive"].as_str().expect("primitive").to_string();
        let c = Case {
            v,
            name: format!("{primitive} {}", v["name"].as_str().unwrap_or("?")),
        };
        let checked = run_case(&primitive, &c);
        let t = tally.entry(primitive).or_default();
        if checked {
            t.0 += 1;
            if v.get("samgen_differs").is_some() {
                t.2 += 1;
            }
        } else {
            t.1 += 1;
        }
    }

    println!(
        "{:<22} {:>7} {:>7} {:>14}",
        "primitive", "checked", "skipped", "samgen_differs"
    );
    for (p, (n, s, d)) in &tally {
        println!("{p:<22} {n:>7} {s:>7} {d:>14}");
    }
    let expected: &[(&str, (usize, usize, usize))] = &[
        ("add2", (46, 0, 0)),
        ("array", (40, 0, 0)),
        ("compress_wr_scan", (36, 0, 0)),
        ("compressed_rd_scan", (39, 7, 12)),
        ("crd_drop", (36, 0, 0)),
        ("crd_hold", (33, 0, 0)),
        ("intersect2", (36, 0, 0)),
        ("multiply2", (34, 0, 0)),
        ("reduce", (34, 0, 0)),
        ("repeat", (38, 0, 0)),
        ("repeat_sig_gen", (53, 0, 0)),
        ("sparse_accumulator1", (31, 0, 0)),
        ("sparse_accumulator2", (32, 0, 0)),
        ("uncompressed_rd_scan", (48, 0, 0)),
        ("union2", (32, 0, 0)),
        ("vals_wr_scan", (34, 0, 0)),
    ];
    let got: Vec<(&str, (usize, usize, usize))> =
        tally.iter().map(|(p, t)| (p.as_str(), *t)).collect();
    assert_eq!(got, expected, "per-primitive case counts changed");
}
