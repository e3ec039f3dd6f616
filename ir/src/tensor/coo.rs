//! Coordinate-list tensors: the format-free form every reader, writer, generator and
//! the dense reference share.

use std::fmt::Write as _;

/// The most elements a dense array (a [`CooTensor::to_dense`] result, or the
/// positions of one packed level) may have. Above this the caller gets an error
/// instead of an allocation that would abort the process; on-chip memories are far
/// smaller anyway.
pub const MAX_DENSE_ELEMENTS: u64 = 1 << 28;

/// A tensor as a sorted list of `(coordinates, value)` entries.
///
/// Invariants (checked by [`CooTensor::new`] and [`CooTensor::validate`]):
/// coordinates are 0-based, have one component per dimension, lie inside `dims`, and
/// are strictly increasing in lexicographic order (so unique). An order-0 tensor
/// (`dims` empty) is a scalar and holds exactly one entry with an empty coordinate,
/// even when its value is 0. Entries may hold the value 0 (explicit zeros, as a
/// Matrix Market file may list them).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CooTensor {
    pub dims: Vec<u64>,
    pub entries: Vec<(Vec<u64>, i64)>,
}

/// A coordinate list that breaks a [`CooTensor`] invariant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CooError {
    #[error("entry {index} has {found} coordinates but the tensor has order {order}")]
    WrongArity {
        index: usize,
        found: usize,
        order: usize,
    },
    #[error("entry {} lies outside the dimensions {}", fmt_coords(.coords), fmt_dims(.dims))]
    OutOfRange { coords: Vec<u64>, dims: Vec<u64> },
    #[error("duplicate entry {}", fmt_coords(.coords))]
    Duplicate { coords: Vec<u64> },
    #[error("entry {} is out of order (entries must be sorted)", fmt_coords(.coords))]
    Unsorted { coords: Vec<u64> },
    #[error("an order-0 tensor holds exactly one value, found {found}")]
    ScalarEntries { found: usize },
    #[error("dense data has {found} values but dimensions {} need {expected}", fmt_dims(.dims))]
    DenseLength {
        dims: Vec<u64>,
        expected: u64,
        found: usize,
    },
    #[error("dimensions {} hold more than {MAX_DENSE_ELEMENTS} elements, too many for a dense array", fmt_dims(.dims))]
    TooLarge { dims: Vec<u64> },
}

/// `(1, 2, 3)`: how coordinates appear in messages (0-based unless a caller says).
pub fn fmt_coords(coords: &[u64]) -> String {
    let mut s = String::from("(");
    for (i, c) in coords.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        let _ = write!(s, "{c}");
    }
    s.push(')');
    s
}

/// `3x4x5` (or `scalar` for order 0): how dimensions appear in messages.
pub fn fmt_dims(dims: &[u64]) -> String {
    if dims.is_empty() {
        return "scalar".to_string();
    }
    dims.iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join("x")
}

/// The number of elements of a tensor with these dimensions, if it fits in `u64`.
pub fn element_count(dims: &[u64]) -> Option<u64> {
    dims.iter().try_fold(1u64, |acc, &d| acc.checked_mul(d))
}

impl CooTensor {
    /// Builds a tensor from entries in any order; sorts them and checks the
    /// invariants. An order-0 tensor with no entry is the scalar 0.
    pub fn new(dims: Vec<u64>, mut entries: Vec<(Vec<u64>, i64)>) -> Result<Self, CooError> {
        if dims.is_empty() && entries.is_empty() {
            entries.push((Vec::new(), 0));
        }
        for (index, (c, _)) in entries.iter().enumerate() {
            if c.len() != dims.len() {
                return Err(CooError::WrongArity {
                    index,
                    found: c.len(),
                    order: dims.len(),
                });
            }
        }
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        let t = CooTensor { dims, entries };
        t.validate()?;
        Ok(t)
    }

    /// An order-0 tensor holding `v`.
    pub fn scalar(v: i64) -> Self {
        CooTensor {
            dims: Vec::new(),
            entries: vec![(Vec::new(), v)],
        }
    }

    /// A tensor with no entries (for order 0: the scalar 0).
    pub fn zeros(dims: Vec<u64>) -> Self {
        if dims.is_empty() {
            return Self::scalar(0);
        }
        CooTensor {
            dims,
            entries: Vec::new(),
        }
    }

    /// Checks every invariant listed on the type.
    pub fn validate(&self) -> Result<(), CooError> {
        if self.dims.is_empty() && self.entries.len() != 1 {
            return Err(CooError::ScalarEntries {
                found: self.entries.len(),
            });
        }
        for (index, (c, _)) in self.entries.iter().enumerate() {
            if c.len() != self.dims.len() {
                return Err(CooError::WrongArity {
                    index,
                    found: c.len(),
                    order: self.dims.len(),
                });
            }
            if c.iter().zip(&self.dims).any(|(x, d)| x >= d) {
                return Err(CooError::OutOfRange {
                    coords: c.clone(),
                    dims: self.dims.clone(),
                });
            }
        }
        for w in self.entries.windows(2) {
            match w[0].0.cmp(&w[1].0) {
                std::cmp::Ordering::Less => {}
                std::cmp::Ordering::Equal => {
                    return Err(CooError::Duplicate {
                        coords: w[1].0.clone(),
                    })
                }
                std::cmp::Ordering::Greater => {
                    return Err(CooError::Unsorted {
                        coords: w[1].0.clone(),
                    })
                }
            }
        }
        Ok(())
    }

    /// The number of modes.
    pub fn order(&self) -> usize {
        self.dims.len()
    }

    /// The number of stored entries (explicit zeros included).
    pub fn nnz(&self) -> usize {
        self.entries.len()
    }

    /// The value at `coords`: `Some(0)` where no entry is stored, `None` when the
    /// coordinates have the wrong arity or lie outside the dimensions.
    pub fn get(&self, coords: &[u64]) -> Option<i64> {
        if coords.len() != self.dims.len() || coords.iter().zip(&self.dims).any(|(c, d)| c >= d) {
            return None;
        }
        match self
            .entries
            .binary_search_by(|(c, _)| c.as_slice().cmp(coords))
        {
            Ok(i) => Some(self.entries[i].1),
            Err(_) => Some(0),
        }
    }

    /// The entries with a nonzero value, sorted by coordinates: what two results
    /// of one kernel must share (a padded level may or may not store a zero that
    /// came from cancellation).
    pub fn nonzeros(&self) -> Vec<(Vec<u64>, i64)> {
        let mut v: Vec<_> = self.entries.iter().filter(|e| e.1 != 0).cloned().collect();
        v.sort();
        v
    }

    /// The box of `dims` elements starting at `start` (clipped to the tensor),
    /// as a tensor of its own: a crop of an image.
    pub fn window(&self, start: &[u64], dims: &[u64]) -> CooTensor {
        let dims: Vec<u64> = (dims.iter().zip(start).zip(&self.dims))
            .map(|((&d, &s), &n)| d.min(n.saturating_sub(s)))
            .collect();
        let entries = (self.entries.iter())
            .filter(|(c, v)| {
                *v != 0
                    && c.iter()
                        .zip(start)
                        .zip(&dims)
                        .all(|((&x, &s), &d)| x >= s && x - s < d)
            })
            .map(|(c, v)| (c.iter().zip(start).map(|(x, s)| x - s).collect(), *v))
            .collect();
        CooTensor { dims, entries }
    }

    /// The same tensor without explicit zeros (an order-0 tensor keeps its value).
    pub fn without_zeros(&self) -> CooTensor {
        if self.dims.is_empty() {
            return self.clone();
        }
        CooTensor {
            dims: self.dims.clone(),
            entries: self
                .entries
                .iter()
                .filter(|(_, v)| *v != 0)
                .cloned()
                .collect(),
        }
    }

    /// The row-major dense array of this tensor (the dense reference's input).
    pub fn to_dense(&self) -> Result<Vec<i64>, CooError> {
        let n = dense_len(&self.dims)?;
        let mut out = vec![0i64; n];
        for (c, v) in &self.entries {
            if let Some(slot) = linear_index(&self.dims, c).and_then(|i| out.get_mut(i)) {
                *slot = *v;
            }
        }
        Ok(out)
    }

    /// The tensor of a row-major dense array; zeros are not stored (except the value
    /// of an order-0 tensor).
    pub fn from_dense(dims: Vec<u64>, data: &[i64]) -> Result<Self, CooError> {
        let n = dense_len(&dims)?;
        if data.len() != n {
            return Err(CooError::DenseLength {
                expected: n as u64,
                found: data.len(),
                dims,
            });
        }
        if dims.is_empty() {
            return Ok(Self::scalar(data[0]));
        }
        let mut entries = Vec::new();
        let mut coords = vec![0u64; dims.len()];
        for &v in data {
            if v != 0 {
                entries.push((coords.clone(), v));
            }
            advance(&mut coords, &dims);
        }
        Ok(CooTensor { dims, entries })
    }
}

/// The length of the dense array for `dims`, if it is small enough to allocate.
fn dense_len(dims: &[u64]) -> Result<usize, CooError> {
    element_count(dims)
        .filter(|&n| n <= MAX_DENSE_ELEMENTS)
        .and_then(|n| usize::try_from(n).ok())
        .ok_or_else(|| CooError::TooLarge {
            dims: dims.to_vec(),
        })
}

/// The row-major index of `coords` (no bounds check beyond overflow).
fn linear_index(dims: &[u64], coords: &[u64]) -> Option<usize> {
    let mut i = 0u64;
    for (c, d) in coords.iter().zip(dims) {
        i = i.checked_mul(*d)?.checked_add(*c)?;
    }
    usize::try_from(i).ok()
}

/// Steps `coords` to the next coordinate in row-major order (wrapping to all zeros
/// after the last one).
pub(crate) fn advance(coords: &mut [u64], dims: &[u64]) {
    for k in (0..coords.len()).rev() {
        coords[k] += 1;
        if coords[k] < dims[k] {
            return;
        }
        coords[k] = 0;
    }
}

/// The first difference between the nonzeros of two results for tensor `name`
/// (`a` and `b` named `an` and `bn`: "golden", "dense", "RTL"), as one line
/// naming the coordinates and both values; `None` when they agree.
pub fn first_difference(
    name: &str,
    (an, a): (&str, &CooTensor),
    (bn, b): (&str, &CooTensor),
) -> Option<String> {
    if a.dims != b.dims {
        return Some(format!(
            "output {name} has dims {:?} in {an} but {:?} in {bn}",
            a.dims, b.dims
        ));
    }
    let (x, y) = (a.nonzeros(), b.nonzeros());
    let at = |c: &[u64], xv: i64, yv: i64| {
        Some(format!(
            "{an} and {bn} differ at {name}{}: {an} {xv}, {bn} {yv}",
            fmt_coords(c)
        ))
    };
    let (mut i, mut j) = (0, 0);
    loop {
        match (x.get(i), y.get(j)) {
            (None, None) => return None,
            (Some((c, v)), None) => return at(c, *v, 0),
            (None, Some((c, v))) => return at(c, 0, *v),
            (Some((c1, v1)), Some((c2, v2))) => {
                if c1 < c2 {
                    return at(c1, *v1, 0);
                }
                if c2 < c1 {
                    return at(c2, 0, *v2);
                }
                if v1 != v2 {
                    return at(c1, *v1, *v2);
                }
                i += 1;
                j += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_difference_names_the_entry_and_both_values() {
        let t = |e: Vec<(Vec<u64>, i64)>| CooTensor::new(vec![3, 3], e).unwrap();
        let a = t(vec![(vec![0, 1], 5), (vec![2, 2], 0)]);
        let b = t(vec![(vec![0, 1], 5)]);
        assert_eq!(first_difference("X", ("RTL", &a), ("golden", &b)), None);
        let c = t(vec![(vec![0, 1], 6)]);
        assert_eq!(
            first_difference("X", ("RTL", &a), ("golden", &c)).unwrap(),
            "RTL and golden differ at X(0, 1): RTL 5, golden 6"
        );
        let d = t(vec![(vec![0, 1], 5), (vec![1, 0], -2)]);
        assert_eq!(
            first_difference("X", ("RTL", &a), ("golden", &d)).unwrap(),
            "RTL and golden differ at X(1, 0): RTL 0, golden -2"
        );
        let e = CooTensor::new(vec![3, 4], vec![]).unwrap();
        assert!(first_difference("X", ("RTL", &a), ("dense", &e))
            .unwrap()
            .contains("dims [3, 3] in RTL but [3, 4] in dense"));
    }

    #[test]
    fn new_sorts_and_rejects_bad_entries() {
        let t = CooTensor::new(vec![2, 3], vec![(vec![1, 0], 5), (vec![0, 2], 7)]).unwrap();
        assert_eq!(t.entries, vec![(vec![0, 2], 7), (vec![1, 0], 5)]);
        assert_eq!(
            CooTensor::new(vec![2, 3], vec![(vec![2, 0], 1)]),
            Err(CooError::OutOfRange {
                coords: vec![2, 0],
                dims: vec![2, 3]
            })
        );
        assert_eq!(
            CooTensor::new(vec![2, 3], vec![(vec![1, 1], 1), (vec![1, 1], 2)]),
            Err(CooError::Duplicate { coords: vec![1, 1] })
        );
        assert!(matches!(
            CooTensor::new(vec![2], vec![(vec![1, 1], 1)]),
            Err(CooError::WrongArity { .. })
        ));
        let unsorted = CooTensor {
            dims: vec![4],
            entries: vec![(vec![2], 1), (vec![1], 1)],
        };
        assert_eq!(
            unsorted.validate().unwrap_err().to_string(),
            "entry (1) is out of order (entries must be sorted)"
        );
    }

    #[test]
    fn scalar_rules() {
        assert_eq!(
            CooTensor::new(vec![], vec![]).unwrap(),
            CooTensor::scalar(0)
        );
        let two = CooTensor {
            dims: vec![],
            entries: vec![(vec![], 1), (vec![], 2)],
        };
        assert_eq!(two.validate(), Err(CooError::ScalarEntries { found: 2 }));
        assert_eq!(CooTensor::scalar(4).to_dense().unwrap(), vec![4]);
        assert_eq!(CooTensor::scalar(4).get(&[]), Some(4));
    }

    #[test]
    fn dense_round_trip_and_get() {
        let data = [0, 1, 0, 2, 0, 0, 3, 0, 0, 0, 0, 4];
        let t = CooTensor::from_dense(vec![2, 2, 3], &data).unwrap();
        assert_eq!(t.nnz(), 4);
        assert_eq!(t.entries[0], (vec![0, 0, 1], 1));
        assert_eq!(t.entries[3], (vec![1, 1, 2], 4));
        assert_eq!(t.to_dense().unwrap(), data);
        assert_eq!(t.get(&[1, 0, 0]), Some(3));
        assert_eq!(t.get(&[1, 0, 1]), Some(0));
        assert_eq!(t.get(&[2, 0, 0]), None);
        assert_eq!(t.get(&[1, 0]), None);
        assert!(matches!(
            CooTensor::from_dense(vec![2, 2], &[1, 2, 3]),
            Err(CooError::DenseLength {
                expected: 4,
                found: 3,
                ..
            })
        ));
        assert!(matches!(
            CooTensor::zeros(vec![1 << 20, 1 << 20]).to_dense(),
            Err(CooError::TooLarge { .. })
        ));
    }
}
