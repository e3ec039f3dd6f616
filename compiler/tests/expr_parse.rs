//! Index-notation parsing, validation, format and schedule arguments, default loop
//! orders.

use std::collections::HashMap;

use samgen_compiler::expr::{
    default_loop_order, parse, parse_expr, parse_format_arg, parse_unchecked, ExprError, ExprKind,
    FormatArgError, ParseError, Schedule, ScheduleCommand, ScheduleError, ValidationError,
};
use samgen_compiler::tensor::Format;

/// The twelve kernels of the SAM paper's Table 1, in TACO notation.
const TABLE1: [&str; 12] = [
    "x(i) = B(i,j) * c(j)",
    "X(i,j) = B(i,k) * C(k,j)",
    "X(i,j) = B(i,j) * C(i,k) * D(j,k)",
    "x = B(i,j,k) * C(i,j,k)",
    "X(i,j) = B(i,j,k) * c(k)",
    "X(i,j,k) = B(i,j,l) * C(k,l)",
    "X(i,j) = B(i,k,l) * C(j,k) * D(j,l)",
    "x(i) = b(i) - C(i,j) * d(j)",
    "x(i) = alpha * B(j,i) * c(j) + beta * d(i)",
    "X(i,j) = B(i,j) + C(i,j)",
    "X(i,j) = B(i,j) + C(i,j) + D(i,j)",
    "X(i,j,k) = B(i,j,k) + C(i,j,k)",
];

fn tree(text: &str) -> String {
    parse_expr(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .tree()
}

fn parse_err(text: &str) -> ParseError {
    match parse(text) {
        Err(ExprError::Parse(e)) => e,
        other => panic!("{text}: expected a syntax error, got {other:?}"),
    }
}

fn invalid(text: &str) -> ValidationError {
    match parse(text) {
        Err(ExprError::Invalid(e)) => e,
        other => panic!("{text}: expected a validation error, got {other:?}"),
    }
}

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn table1_round_trips() {
    for text in TABLE1 {
        let a = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        a.check_affine().unwrap();
        assert_eq!(a.to_string(), text, "canonical form");
        assert_eq!(a.text, text);
        let again = parse(&a.to_string()).unwrap();
        assert_eq!(again.rhs.tree(), a.rhs.tree());
        // Whitespace does not matter.
        let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(parse(&squeezed).unwrap().to_string(), text);
    }
}

#[test]
fn table1_variables_and_tensors() {
    let a = parse(TABLE1[0]).unwrap();
    assert_eq!(a.free_vars(), ["i"]);
    assert_eq!(a.reduction_vars(), ["j"]);
    assert_eq!(a.tensors(), [("x", 1), ("B", 2), ("c", 1)]);
    assert_eq!(a.inputs(), [("B", 2), ("c", 1)]);

    let a = parse(TABLE1[3]).unwrap();
    assert_eq!(a.lhs.order(), 0);
    assert!(a.free_vars().is_empty());
    assert_eq!(a.reduction_vars(), ["i", "j", "k"]);

    let a = parse(TABLE1[6]).unwrap();
    assert_eq!(a.free_vars(), ["i", "j"]);
    assert_eq!(a.reduction_vars(), ["k", "l"]);
    assert_eq!(a.inputs(), [("B", 3), ("C", 2), ("D", 2)]);

    let a = parse(TABLE1[8]).unwrap();
    assert_eq!(
        a.inputs(),
        [("alpha", 0), ("B", 2), ("c", 1), ("beta", 0), ("d", 1)]
    );
    assert_eq!(a.index_vars(), ["i", "j"]);

    let a = parse(TABLE1[5]).unwrap();
    assert_eq!(a.free_vars(), ["i", "j", "k"]);
    assert_eq!(a.reduction_vars(), ["l"]);
}

#[test]
fn reduction_notation_places_sums() {
    let cases = [
        ("x(i) = B(i,j) * c(j)", "x(i) = sum(j, B(i,j) * c(j))"),
        (
            "x(i) = b(i) - C(i,j) * d(j)",
            "x(i) = b(i) - sum(j, C(i,j) * d(j))",
        ),
        (
            "x(i) = alpha * B(j,i) * c(j) + beta * d(i)",
            "x(i) = sum(j, alpha * B(j,i) * c(j)) + beta * d(i)",
        ),
        (
            "x = B(i,j,k) * C(i,j,k)",
            "x = sum(i,j,k, B(i,j,k) * C(i,j,k))",
        ),
        ("x(i) = B(i,j) + d(i)", "x(i) = sum(j, B(i,j)) + d(i)"),
        ("x(i) = max(B(i,j), 0)", "x(i) = sum(j, max(B(i,j), 0))"),
        (
            // j is used in B and in c: it sums over the whole product.
            "x(i) = B(i,j) * (c(j) + d(i))",
            "x(i) = sum(j, B(i,j) * (c(j) + d(i)))",
        ),
        ("X(i,j) = B(i,j) + C(i,j)", "X(i,j) = B(i,j) + C(i,j)"),
    ];
    for (text, want) in cases {
        assert_eq!(parse(text).unwrap().reduction_notation(), want, "{text}");
    }
}

#[test]
fn precedence() {
    let cases = [
        ("a + b * c", "(+ a (* b c))"),
        ("a * b + c", "(+ (* a b) c)"),
        ("a - b - c", "(- (- a b) c)"),
        ("a - (b - c)", "(- a (- b c))"),
        ("-a * b", "(* (neg a) b)"),
        ("-(a * b)", "(neg (* a b))"),
        ("!a * b", "(* (! a) b)"),
        ("!!a", "(! (! a))"),
        ("--a", "(neg (neg a))"),
        ("a + b << 2", "(<< (+ a b) 2)"),
        ("a << 1 >> 2", "(>> (<< a 1) 2)"),
        ("a & b << 1", "(& a (<< b 1))"),
        ("a | b & c", "(| a (& b c))"),
        ("a | b ^ c", "(| a (^ b c))"),
        ("a ^ b & c", "(^ a (& b c))"),
        ("a & b | c ^ d", "(| (& a b) (^ c d))"),
        ("a + b & c + d", "(& (+ a b) (+ c d))"),
        ("min(a, b + c) * 2", "(* (min a (+ b c)) 2)"),
        ("max(min(a, b), -c)", "(max (min a b) (neg c))"),
        ("B(i,j) * (c(j) + d(j))", "(* B(i,j) (+ c(j) d(j)))"),
        ("3 * B(i,j)", "(* 3 B(i,j))"),
        ("- 3", "(neg 3)"),
        ("((a))", "a"),
        ("a*b*c", "(* (* a b) c)"),
    ];
    for (text, want) in cases {
        assert_eq!(tree(text), want, "{text}");
        // The canonical print parses back to the same tree.
        let printed = parse_expr(text).unwrap().to_string();
        assert_eq!(tree(&printed), want, "{text} printed as {printed}");
    }
}

#[test]
fn canonical_printing() {
    let cases = [
        ("a+b*c", "a + b * c"),
        ("(a+b)*c", "(a + b) * c"),
        ("a-(b-c)", "a - (b - c)"),
        ("a-(b+c)", "a - (b + c)"),
        ("(a-b)+c", "a - b + c"),
        ("-(a+b)", "-(a + b)"),
        ("!(a&b)", "!(a & b)"),
        ("(a|b)&c", "(a | b) & c"),
        ("(a<<1)<<2", "a << 1 << 2"),
        ("a << (2)", "a << 2"),
        ("max( B(i , j),0 )", "max(B(i,j), 0)"),
        ("I(2*h + r - 1, w+s)", "I(2*h+r-1,w+s)"),
        ("I(h - 2*r, 3)", "I(h-2*r,3)"),
    ];
    for (text, want) in cases {
        assert_eq!(parse_expr(text).unwrap().to_string(), want, "{text}");
    }
}

#[test]
fn spans_point_at_nodes() {
    let a = parse("x(i) = b(i) - C(i,j) * d(j)").unwrap();
    assert_eq!(a.lhs.span.column(), 1);
    assert_eq!(a.lhs.indices[0].span.column(), 3);
    assert_eq!(a.rhs.span.column(), 8);
    let ExprKind::Binary(_, l, r) = &a.rhs.kind else {
        panic!()
    };
    assert_eq!(l.span.column(), 8);
    assert_eq!(r.span.column(), 15);
    assert_eq!(&a.text[r.span.start..r.span.end], "C(i,j) * d(j)");
    let e = parse_expr("2 * (a + b)").unwrap();
    let ExprKind::Binary(_, _, r) = &e.kind else {
        panic!()
    };
    assert_eq!((r.span.start, r.span.end), (4, 11));
}

#[test]
fn affine_subscripts_parse() {
    let a = parse("O(h,w) = I(h+r, 2*w - s + 1) * F(r,s)").unwrap();
    let i = &a.rhs.accesses()[0];
    assert_eq!(
        i.indices[0].terms,
        [(1, "h".to_string()), (1, "r".to_string())]
    );
    assert_eq!(
        i.indices[1].terms,
        [(2, "w".to_string()), (-1, "s".to_string())]
    );
    assert_eq!(i.indices[1].constant, 1);
    assert_eq!(i.indices[1].as_var(), None);
    assert_eq!(a.rhs.accesses()[1].indices[0].as_var(), Some("r"));
    assert_eq!(a.reduction_vars(), ["r", "s"]);
    // `2*w-s+1`: a negative coefficient.
    let err = a.check_affine().unwrap_err();
    assert_eq!(
        err.to_string(),
        "column 17: subscript `2*w-s+1` of tensor I: s has a coefficient below 1; affine \
         subscripts take positive coefficients (a window slides upward)"
    );
    assert_eq!(err.tensor(), "I");
    parse("y(i) = I(i+j) * f(j)")
        .unwrap()
        .check_affine()
        .unwrap();
    let err = parse("y(i) = I(i+j+i) * f(j)")
        .unwrap()
        .check_affine()
        .unwrap_err();
    assert_eq!(
        err.message(),
        "subscript `i+j+i` of tensor I uses i twice; write it once with its coefficient"
    );
    assert_eq!(err.column(), 10);
}

#[test]
fn order_zero_tensors() {
    let a = parse("x = B(i) * c(i)").unwrap();
    assert_eq!(a.tensors(), [("x", 0), ("B", 1), ("c", 1)]);
    let a = parse("x(i) = b * c(i)").unwrap();
    assert_eq!(a.inputs(), [("b", 0), ("c", 1)]);
    assert_eq!(a.to_string(), "x(i) = b * c(i)");
    let a = parse("x = 3").unwrap();
    assert!(a.inputs().is_empty());
}

#[test]
fn syntax_errors_point_at_the_column() {
    let cases = [
        ("x(i) = B(i,j c(j)", 14, "expected `)` after index list"),
        (
            "x(i) = B(i,j * c(j)",
            16,
            "a subscript may multiply an index variable only by an integer constant",
        ),
        ("x(i) = B(i,j) * c(j", 20, "expected `)` after index list"),
        ("x(i) = B(i,) * c(j)", 12, "expected an index variable"),
        ("x(i) = B() * c(j)", 10, "expected an index variable"),
        (
            "x(i) = B(i,j+) * c(j)",
            14,
            "expected an index variable or integer after the sign",
        ),
        (
            "x(i) = B(i*j)",
            12,
            "a subscript may multiply an index variable only by an integer constant",
        ),
        (
            "x(i) = B(2*3)",
            12,
            "a subscript may multiply an integer constant only by an index variable",
        ),
        ("x(i) B(i)", 6, "expected `=` after the left-hand side"),
        ("= B(i)", 1, "expected the output tensor's name"),
        ("3 = B(i)", 1, "expected the output tensor's name"),
        (
            "min(i) = B(i)",
            1,
            "`min` is a built-in function and cannot be the output",
        ),
        (
            "x(i) = ",
            8,
            "expected an operand, found the end of the expression",
        ),
        (
            "x(i) = B(i) *",
            14,
            "expected an operand, found the end of the expression",
        ),
        ("x(i) = * B(i)", 8, "expected an operand, found `*`"),
        (
            "x(i) = B(i) c(i)",
            13,
            "unexpected `c` after the expression",
        ),
        ("x(i) = B(i))", 12, "unexpected `)` after the expression"),
        (
            "x(i) = (B(i) + c(i)",
            20,
            "expected `)` to close `(` at column 8",
        ),
        ("x(i) = B(i) # c(i)", 13, "unexpected character `#`"),
        (
            "x(i) = B(i) < 2",
            13,
            "unexpected character `<` (did you mean `<<`?)",
        ),
        (
            "x(i) = B(i) >= 2",
            13,
            "unexpected character `>` (did you mean `>>`?)",
        ),
        ("x(i) = 2x(i)", 8, "`2x` is neither a number nor a name"),
        (
            "x(i) = 99999999999999999999 * B(i)",
            8,
            "integer `99999999999999999999` does not fit in 64 bits",
        ),
        (
            "x(i) = B(i) << c(i)",
            16,
            "shift amount must be an integer constant",
        ),
        (
            "x(i) = B(i) >> -1",
            16,
            "shift amount must be an integer constant",
        ),
        (
            "x(i) = B(i) << 64",
            16,
            "shift amount 64 is out of range (0 to 63)",
        ),
        (
            "x(i) = min(B(i))",
            16,
            "expected `,` after the first argument of min",
        ),
        (
            "x(i) = max(B(i), 1, 2)",
            19,
            "expected `)` after the arguments of max",
        ),
        (
            "x(i) = B(i) == c(i)",
            13,
            "unexpected `=` after the expression",
        ),
        (
            "x(i) = B(i) << 2 + 1",
            16,
            "shift amount must be an integer constant",
        ),
    ];
    for (text, column, message) in cases {
        let e = parse_err(text);
        assert_eq!((e.column, e.message.as_str()), (column, message), "{text}");
        assert_eq!(e.to_string(), format!("column {column}: {message}"));
        assert_eq!(e.cli_message(), format!("expression:1:{column}: {message}"));
    }
    let e = parse("x(i) = B(i,j c(j)").unwrap_err();
    assert_eq!(
        e.cli_message(),
        "expression:1:14: expected `)` after index list"
    );
    assert_eq!(e.to_string(), "column 14: expected `)` after index list");
}

#[test]
fn validation_errors_name_the_tensor() {
    let cases = [
        (
            "X(i+1) = B(i)",
            3,
            "X",
            "subscript `i+1` of output X must be a single index variable",
        ),
        (
            "X(i,i) = B(i,i)",
            5,
            "X",
            "index i appears more than once in output X",
        ),
        (
            "x(i) = B(i,j) * B(j)",
            17,
            "B",
            "tensor B is used with order 1 here but with order 2 at column 8",
        ),
        (
            "X(i,j) = B(i,k) * c(k)",
            5,
            "X",
            "index j of output X does not appear on the right-hand side",
        ),
        (
            "x(i) = x(i) + b(i)",
            8,
            "x",
            "output tensor x may not appear on the right-hand side",
        ),
        (
            "x = x * 2",
            5,
            "x",
            "output tensor x may not appear on the right-hand side",
        ),
    ];
    for (text, column, tensor, message) in cases {
        let e = invalid(text);
        assert_eq!(
            (e.column(), e.tensor(), e.message().as_str()),
            (column, tensor, message),
            "{text}"
        );
        assert_eq!(
            ExprError::Invalid(e).cli_message(),
            format!("expression:1:{column}: {message}")
        );
    }
    // parse_unchecked skips the rules.
    assert!(parse_unchecked("x(i) = x(i) + b(i)").is_ok());
    // The output may be read as a different tensor name.
    assert!(parse("x(i) = X(i,j) * y(j)").is_ok());
}

#[test]
fn format_args() {
    let (name, f) = parse_format_arg("B:ds:1,0").unwrap();
    assert_eq!(name, "B");
    assert_eq!(f, "ds:1,0".parse::<Format>().unwrap());
    let (name, f) = parse_format_arg("alpha:").unwrap();
    assert_eq!((name.as_str(), f.order()), ("alpha", 0));
    assert_eq!(parse_format_arg("c_2:s").unwrap().0, "c_2");

    let e = parse_format_arg("B").unwrap_err();
    assert!(matches!(e, FormatArgError::MissingColon { .. }));
    assert_eq!(
        e.to_string(),
        "format argument `B` must be NAME:FORMAT (like B:ds:1,0)"
    );
    let e = parse_format_arg("1B:ds").unwrap_err();
    assert_eq!(
        e.to_string(),
        "format argument `1B:ds`: `1B` is not a tensor name"
    );
    let e = parse_format_arg("B:dx").unwrap_err();
    let FormatArgError::Format { tensor, error } = &e else {
        panic!("{e:?}")
    };
    assert_eq!(tensor, "B");
    assert_eq!(error.column, Some(2));
    assert!(
        e.to_string()
            .starts_with("tensor B: format `dx`: column 2: "),
        "{e}"
    );
}

#[test]
fn schedule_commands() {
    let s = Schedule::parse(&["reorder(i,k,j)", "precompute(B(i,k) * C(k,j), j, jw)"]).unwrap();
    assert_eq!(s.reorder(), Some(&strs(&["i", "k", "j"])[..]));
    let p: Vec<_> = s.precomputes().collect();
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].expr_text, "B(i,k) * C(k,j)");
    assert_eq!(p[0].expr.tree(), "(* B(i,k) C(k,j))");
    assert_eq!(
        (p[0].var.as_str(), p[0].workspace_var.as_str()),
        ("j", "jw")
    );
    assert_eq!(s.commands[0].to_string(), "reorder(i,k,j)");
    assert_eq!(
        s.commands[1].to_string(),
        "precompute(B(i,k) * C(k,j),j,jw)"
    );
    assert_eq!(
        " reorder( j , i ) ".parse::<ScheduleCommand>().unwrap(),
        ScheduleCommand::Reorder(strs(&["j", "i"]))
    );
    assert_eq!(Schedule::parse::<&str>(&[]).unwrap().reorder(), None);
}

#[test]
fn schedule_errors() {
    let cases = [
        (
            "split(i,i0,i1,4)",
            "schedule `split(i,i0,i1,4)`: column 1: unknown schedule command `split` \
             (expected reorder, precompute, skip, locate or coiterate)",
        ),
        (
            "reorder(i,,j)",
            "schedule `reorder(i,,j)`: column 11: expected an index variable",
        ),
        (
            "reorder i,j",
            "schedule `reorder i,j`: column 9: expected `(` after reorder",
        ),
        (
            "reorder(i,j",
            "schedule `reorder(i,j`: column 12: expected `)` after the index variables",
        ),
        (
            "reorder(i,j) x",
            "schedule `reorder(i,j) x`: column 14: unexpected `x` after the schedule command",
        ),
        (
            "precompute(B(i,k) *, j, jw)",
            "schedule `precompute(B(i,k) *, j, jw)`: column 20: expected an operand, found `,`",
        ),
        (
            "precompute(B(i,k), j)",
            "schedule `precompute(B(i,k), j)`: column 21: expected `,` after the index variable",
        ),
        (
            "(i,j)",
            "schedule `(i,j)`: column 1: expected a schedule command (reorder, precompute, skip, locate or coiterate)",
        ),
        (
            "reorder(i;j)",
            "schedule `reorder(i;j)`: column 10: unexpected character `;`",
        ),
        (
            "skip(i",
            "schedule `skip(i`: column 7: expected `)` after the index variable",
        ),
        (
            "skip()",
            "schedule `skip()`: column 6: expected the index variable to skip on",
        ),
    ];
    for (arg, want) in cases {
        let e = Schedule::parse(&[arg]).unwrap_err();
        assert_eq!(e.to_string(), want, "{arg}");
    }
    let e = Schedule::parse(&["reorder(i,j)", "reorder(j,i)"]).unwrap_err();
    assert_eq!(
        e,
        ScheduleError::RepeatedReorder {
            arg: "reorder(j,i)".into()
        }
    );
    assert_eq!(
        e.to_string(),
        "schedule `reorder(j,i)`: only one reorder may be given"
    );
}

fn formats(args: &[&str]) -> HashMap<String, Format> {
    args.iter().map(|a| parse_format_arg(a).unwrap()).collect()
}

fn default_order(expr: &str, fmts: &[&str]) -> Vec<String> {
    default_loop_order(&parse(expr).unwrap(), &formats(fmts)).unwrap()
}

#[test]
fn reorder_must_be_a_permutation() {
    let a = parse("X(i,j) = B(i,k) * C(k,j)").unwrap();
    let none = HashMap::new();
    let order = Schedule::parse(&["reorder(i,k,j)"])
        .unwrap()
        .loop_order(&a, &none)
        .unwrap();
    assert_eq!(order, ["i", "k", "j"]);
    for bad in [
        "reorder(i,k)",
        "reorder(i,k,j,l)",
        "reorder(i,k,k)",
        "reorder(i,k,l)",
    ] {
        let e = Schedule::parse(&[bad])
            .unwrap()
            .loop_order(&a, &none)
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("{bad} is not a permutation of the index variables i, j, k")
        );
    }
}

#[test]
fn default_loop_orders() {
    let spmv = "x(i) = B(i,j) * c(j)";
    assert_eq!(default_order(spmv, &[]), ["i", "j"]);
    assert_eq!(default_order(spmv, &["B:ds"]), ["i", "j"]);
    assert_eq!(default_order(spmv, &["B:ds:1,0"]), ["j", "i"]);
    assert_eq!(default_order(spmv, &["B:ss:1,0", "c:s", "x:d"]), ["j", "i"]);

    let spmspm = "X(i,j) = B(i,k) * C(k,j)";
    // Inner-product formats (C stored by columns): no constraint between i and j,
    // ties go alphabetically.
    assert_eq!(
        default_order(spmspm, &["B:ds", "C:ds:1,0"]),
        ["i", "j", "k"]
    );
    // Both row-major: Gustavson's order is the concordant one.
    assert_eq!(default_order(spmspm, &["B:ds", "C:ds"]), ["i", "k", "j"]);
    assert_eq!(default_order(spmspm, &[]), ["i", "k", "j"]);
    // Both column-major: outer products by columns.
    assert_eq!(
        default_order(spmspm, &["B:ds:1,0", "C:ds:1,0"]),
        ["j", "k", "i"]
    );
    assert_eq!(
        default_order(spmspm, &["B:ss:1,0", "C:ss"]),
        ["k", "i", "j"]
    );
    // Cyclic constraints: alphabetical.
    assert_eq!(
        default_order("X(i,j) = B(i,k) * C(k,j) * D(j,i)", &[]),
        ["i", "j", "k"]
    );
    assert_eq!(default_order("X(i,j) = B(i,j) * C(j,i)", &[]), ["i", "j"]);
    // Order-0 and order-1 operands add no constraints.
    assert_eq!(default_order("x = B(j) * c(j) * alpha", &["alpha:"]), ["j"]);
    assert_eq!(
        default_order("X(i,j,k) = B(i,j,l) * C(k,l)", &[]),
        ["i", "j", "k", "l"]
    );
    assert_eq!(
        default_order("x(i) = alpha * B(j,i) * c(j) + beta * d(i)", &[]),
        ["j", "i"]
    );
    // Without a reorder, Schedule::loop_order is the default.
    let a = parse(spmv).unwrap();
    assert_eq!(
        Schedule::default()
            .loop_order(&a, &formats(&["B:ds:1,0"]))
            .unwrap(),
        ["j", "i"]
    );
}

#[test]
fn format_order_must_match_the_tensor() {
    let a = parse("x(i) = B(i,j) * c(j)").unwrap();
    let e = default_loop_order(&a, &formats(&["c:ds"])).unwrap_err();
    assert!(matches!(&e, ScheduleError::Format { tensor, .. } if tensor == "c"));
    assert_eq!(
        e.to_string(),
        "tensor c: format `ds`: has 2 levels but the tensor has order 1"
    );
}
