//! Kernels the format campaign (`DrawConfig::formats`) found wrong, each now
//! refused with a reason: the refusal is pinned so that the combination stays
//! refused until the lowering computes it.

use samgen_compiler::kernels::lower_expression;

fn refusal(expr: &str, formats: &[&str]) -> String {
    match lower_expression(expr, formats, &[]) {
        Ok(_) => panic!("{expr} {formats:?} lowered; the campaign found it wrong"),
        Err(e) => e.to_string(),
    }
}

/// A compressed output level above runs or LZ77 entries: unpadded, it would keep
/// a coordinate whose fiber came out all zero (campaign seed 779 and others:
/// `X(i,j) = B(i,j) - B(i,j)` into `X:sz` stored every row); padded, its
/// coordinate stream cannot say which fibers below are absent (the run packer
/// wrote a fiber of runs for an empty tensor). Dense above, both lower.
#[test]
fn compressed_level_above_runs_or_lz77_output_is_refused() {
    for out in ["X:sr", "X:sz", "X:s'r", "X:s'z"] {
        let m = refusal("X(i,j) = B(i,j) - B(i,j)", &[out, "B:sd"]);
        assert!(
            m.contains("compressed and unpadded above the") || m.contains("below compressed level"),
            "{out}: {m}"
        );
    }
    for out in ["X:dr", "X:dz"] {
        lower_expression("X(i,j) = B(i,j) - B(i,j)", &[out, "B:sd"], &[])
            .unwrap_or_else(|e| panic!("{out}: {e}"));
    }
}

/// A bitvector or LZ77 level beside an affine subscript was scanned at the
/// affine view's level number, past the stored levels (campaign seed 1070:
/// `I:dz` read a level 2 that `I` lacks; `I:db` built an invalid graph).
#[test]
fn bitvector_or_lz77_level_beside_an_affine_subscript_is_refused() {
    for f in ["I:dz", "I:sz", "I:db"] {
        let m = refusal("X(i,k) = I(i+j,k) * f(j)", &["X:ss", f, "f:s"]);
        assert!(m.contains("scan beside an affine subscript"), "{f}: {m}");
    }
    lower_expression("X(i,k) = I(i+j,k) * f(j)", &["X:ss", "I:ds", "f:s"], &[]).unwrap();
}
