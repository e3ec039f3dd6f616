//! Rebuilding an output tensor from the streams its level writers received.
//!
//! Level k's coordinate stream holds one fiber per coordinate of level k-1 (one
//! fiber for level 0), each ended by a stop; the value stream holds one value per
//! coordinate of the last level. So the tensor is the flattened coordinates of each
//! level, zipped by fiber lengths. This is what the hardware's writers store, read
//! back without depending on any level format.

use samgen_ir::tensor::level::FillRegion;
use samgen_ir::tensor::CooTensor;
use samgen_ir::token::Token;

/// Streams that do not form a tensor, with the writer at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AssembleError {
    #[error("writer of level {level}: {message}")]
    Level { level: usize, message: String },
    #[error("values writer: {0}")]
    Values(String),
}

/// Data tokens and fiber lengths of one stream. `N` counts as a data position.
fn split(stream: &[Token]) -> Result<(Vec<Token>, Vec<usize>), String> {
    let mut data = Vec::new();
    let mut fibers = Vec::new();
    let mut current = 0usize;
    let mut done = false;
    for (i, t) in stream.iter().enumerate() {
        if done {
            return Err(format!("token {t} at position {i} follows D"));
        }
        match t {
            Token::Data(_) | Token::Empty | Token::Repeat(_) => {
                data.push(*t);
                current += 1;
            }
            Token::Stop(_) => {
                fibers.push(current);
                current = 0;
            }
            Token::Done => done = true,
        }
    }
    if !done {
        return Err("stream ends without D".into());
    }
    if current != 0 {
        return Err(format!("{current} tokens after the last stop"));
    }
    Ok((data, fibers))
}

/// The output tensor from its level streams (storage order) and value stream.
/// `mode_order[k]` is the tensor mode stored at level k; `dims` are per mode.
/// Values are sign-extended from `value_bits`; `N` values read as 0.
pub fn assemble(
    levels: &[Vec<Token>],
    vals: &[Token],
    mode_order: &[usize],
    dims: &[u64],
    value_bits: u32,
) -> Result<CooTensor, AssembleError> {
    assemble_fills(levels, vals, mode_order, dims, &[], value_bits)
}

/// [`assemble`] where levels hold fill regions (Donenfeld et al.'s compression paper),
/// per `fills`: at a level of runs a stored coordinate stands for every coordinate up to
/// the fiber's next one (or the level's dimension), its subtensor repeated at each;
/// at a last level of LZ77 entries the values stream gives per entry a literal
/// or `R_d`, whose coordinates tile the fiber's last `d` literals. Zeros a fill
/// region covers are left out.
pub fn assemble_fills(
    levels: &[Vec<Token>],
    vals: &[Token],
    mode_order: &[usize],
    dims: &[u64],
    fills: &[FillRegion],
    value_bits: u32,
) -> Result<CooTensor, AssembleError> {
    let fill = |k: usize| fills.get(k).copied().unwrap_or(FillRegion::Points);
    // Per stored coordinate path from the root, the coordinate paths it stands
    // for (one each, unless a level above holds runs), and the fiber of the
    // last level it sits in.
    let mut paths: Vec<Vec<Vec<u64>>> = vec![vec![Vec::new()]];
    let mut fiber_of: Vec<usize> = vec![0];
    for (k, stream) in levels.iter().enumerate() {
        let err = |message: String| AssembleError::Level { level: k, message };
        let (data, mut fibers) = split(stream).map_err(err)?;
        // A coordinate dropper removes outer coordinates and passes the inner
        // stream unchanged, so the removed coordinates' empty fibers are still
        // there: like the hardware writer, skip empty fibers when they are extra.
        if fibers.len() > paths.len() {
            fibers.retain(|&n| n > 0);
        }
        if fibers.len() != paths.len() {
            return Err(err(format!(
                "{} fibers for {} coordinates of the level above",
                fibers.len(),
                paths.len()
            )));
        }
        if fill(k) == FillRegion::Repeats && k + 1 != levels.len() {
            return Err(err("an LZ77 level above the last".into()));
        }
        let covers = fill(k) != FillRegion::Points;
        let dim = dims.get(mode_order[k]).copied().unwrap_or(0);
        let mut next = Vec::with_capacity(data.len());
        fiber_of.clear();
        let mut it = data.iter();
        for (f, (expanded, &len)) in paths.iter().zip(&fibers).enumerate() {
            let mut coords = Vec::with_capacity(len);
            for _ in 0..len {
                match it.next() {
                    Some(Token::Data(c)) => coords.push(*c),
                    _ => return Err(err("an N coordinate reached a writer".into())),
                }
            }
            for (i, &c) in coords.iter().enumerate() {
                let end = match coords.get(i + 1) {
                    _ if !covers => c + 1,
                    Some(&n) => n,
                    None => dim,
                };
                let mut mine = Vec::with_capacity(expanded.len());
                for p in expanded {
                    for x in c..end.max(c + 1) {
                        let mut q = p.clone();
                        q.push(x);
                        mine.push(q);
                    }
                }
                next.push(mine);
                fiber_of.push(f);
            }
        }
        paths = next;
    }
    let (mut data, _) = split_values(vals).map_err(AssembleError::Values)?;
    if levels.is_empty() && data.is_empty() {
        // A scalar whose sum had nothing to add: a reducer that drops empty
        // fibers gives no value at all.
        data.push(Token::Data(0));
    }
    if data.len() != paths.len() {
        return Err(AssembleError::Values(format!(
            "{} values for {} coordinates",
            data.len(),
            paths.len()
        )));
    }
    let any_fills = fills.iter().any(|&f| f != FillRegion::Points);
    let mut entries = Vec::with_capacity(paths.len());
    // The current last-level fiber's literals, for LZ77 repeats.
    let (mut literals, mut fiber) = (Vec::new(), usize::MAX);
    for (i, (expanded, t)) in paths.into_iter().zip(data).enumerate() {
        if fiber_of.get(i) != Some(&fiber) {
            literals.clear();
            fiber = fiber_of.get(i).copied().unwrap_or(usize::MAX);
        }
        let window = match t {
            Token::Repeat(d) if d == 0 || d as usize > literals.len() => {
                return Err(AssembleError::Values(format!(
                    "R{d} at entry {i} reaches before its fiber's first literal"
                )))
            }
            Token::Repeat(d) => literals.len() - d as usize..literals.len(),
            t => {
                literals.push(t.as_value(value_bits).unwrap_or(0));
                literals.len() - 1..literals.len()
            }
        };
        let window = literals[window].to_vec();
        for (x, path) in expanded.into_iter().enumerate() {
            let v = window[x % window.len()];
            if any_fills && v == 0 {
                continue;
            }
            let mut coords = vec![0u64; path.len()];
            for (k, c) in path.into_iter().enumerate() {
                coords[mode_order[k]] = c;
            }
            entries.push((coords, v));
        }
    }
    if any_fills {
        entries.sort_by(|a, b| a.0.cmp(&b.0));
    }
    CooTensor::new(dims.to_vec(), entries).map_err(|e| AssembleError::Values(e.to_string()))
}

/// A value stream may end without a final stop (an order-0 result is `v D`).
fn split_values(stream: &[Token]) -> Result<(Vec<Token>, Vec<usize>), String> {
    let mut data = Vec::new();
    let mut done = false;
    for (i, t) in stream.iter().enumerate() {
        if done {
            return Err(format!("token {t} at position {i} follows D"));
        }
        match t {
            Token::Data(_) | Token::Empty | Token::Repeat(_) => data.push(*t),
            Token::Stop(_) => {}
            Token::Done => done = true,
        }
    }
    if !done {
        return Err("stream ends without D".into());
    }
    Ok((data, Vec::new()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use samgen_ir::token::parse_stream;

    fn s(text: &str) -> Vec<Token> {
        parse_stream(text).unwrap()
    }

    #[test]
    fn dcsr_streams_give_the_matrix() {
        // Rows 0 and 2; row 0 has columns 1, 3; row 2 has column 0.
        let coo = assemble(
            &[s("0 2 S0 D"), s("1 3 S0 0 S1 D")],
            &s("1 2 S0 3 S1 D"),
            &[0, 1],
            &[4, 4],
            32,
        )
        .unwrap();
        assert_eq!(
            coo.entries,
            vec![(vec![0, 1], 1), (vec![0, 3], 2), (vec![2, 0], 3)]
        );
        // The same streams written column-major (mode order 1,0).
        let csc = assemble(
            &[s("0 2 S0 D"), s("1 3 S0 0 S1 D")],
            &s("1 2 S0 3 S1 D"),
            &[1, 0],
            &[4, 4],
            32,
        )
        .unwrap();
        assert_eq!(
            csc.entries,
            vec![(vec![0, 2], 3), (vec![1, 0], 1), (vec![3, 0], 2)]
        );
    }

    #[test]
    fn scalar_and_negative_values() {
        let coo = assemble(&[], &s("4294967295 D"), &[], &[], 32).unwrap();
        assert_eq!(coo.entries, vec![(vec![], -1)]);
    }

    #[test]
    fn empty_fibers_and_misaligned_streams() {
        let coo = assemble(
            &[s("0 1 S0 D"), s("S0 5 S1 D")],
            &s("7 S1 D"),
            &[0, 1],
            &[2, 8],
            32,
        )
        .unwrap();
        assert_eq!(coo.entries, vec![(vec![1, 5], 7)]);
        let e = assemble(
            &[s("0 1 S0 D"), s("5 S1 D")],
            &s("7 D"),
            &[0, 1],
            &[2, 8],
            32,
        )
        .unwrap_err();
        assert!(e.to_string().contains("1 fibers for 2 coordinates"), "{e}");
        let e = assemble(&[s("0 S0 D")], &s("1 2 D"), &[0], &[2], 32).unwrap_err();
        assert!(e.to_string().contains("2 values for 1 coordinates"), "{e}");
    }
}
