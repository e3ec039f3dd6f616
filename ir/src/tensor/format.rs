//! Tensor formats: one level format per mode plus a mode order, parsed from and
//! printed as TACO command-line text (`ds`, `ss`, `ds:1,0`, `s's`).

use std::fmt;
use std::str::FromStr;

use super::level::{FillRegion, LevelFormat};

/// One level of a format: how it is stored and whether it may hold explicit zeros.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LevelSpec {
    pub format: LevelFormat,
    /// May the level store explicit zeros (TACO's padded-format RFC)?
    pub padded: bool,
}

impl LevelSpec {
    /// A level with its format's default padding (dense padded, compressed not).
    pub fn new(format: LevelFormat) -> Self {
        LevelSpec {
            format,
            padded: format.imp().default_padded(),
        }
    }

    /// A level with the given padding.
    pub fn with_padding(format: LevelFormat, padded: bool) -> Self {
        LevelSpec { format, padded }
    }

    /// Whether the padding differs from the format's default (written `'`).
    pub fn is_primed(&self) -> bool {
        self.padded != self.format.imp().default_padded()
    }
}

impl fmt::Display for LevelSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.format.letter())?;
        if self.is_primed() {
            f.write_str("'")?;
        }
        Ok(())
    }
}

/// A tensor format: `levels[k]` stores mode `mode_order[k]`.
///
/// Text syntax: one letter per level (`d` dense, `s` compressed), each optionally
/// followed by `'` to flip its padding from the default, then optionally `:` and the
/// mode order as comma-separated 0-based mode numbers. `ds:1,0` is CSC (level 0
/// stores mode 1). The empty text is the order-0 format. [`fmt::Display`] writes
/// the same syntax (omitting an identity mode order), so a format round-trips.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Format {
    pub levels: Vec<LevelSpec>,
    pub mode_order: Vec<usize>,
}

/// A format text or combination that is not a valid format.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("format `{text}`: {}{kind}", .column.map(|c| format!("column {c}: ")).unwrap_or_default())]
pub struct FormatError {
    /// The format as written (or as [`Format`] prints it).
    pub text: String,
    /// 1-based character column of the problem in `text`, for parse errors.
    pub column: Option<usize>,
    pub kind: FormatErrorKind,
}

/// What is wrong with a format.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormatErrorKind {
    #[error("unknown level format `{found}` (expected one of {})", letters())]
    UnknownLetter { found: char },
    #[error("`'` must follow a level letter, at most once per level")]
    StrayPrime,
    #[error("`{0}` is not a mode number")]
    BadModeNumber(String),
    #[error("mode order `{}` is not a permutation of 0..{levels}", join(.order))]
    NotAPermutation { order: Vec<usize>, levels: usize },
    #[error("has {levels} level{} but the tensor has order {order}", if *levels == 1 { "" } else { "s" })]
    Arity { levels: usize, order: usize },
    #[error("level {level} (`{letter}'`): `{letter}` ({name}) stores every run, zeros too, so it is padded by nature; drop the `'`")]
    UnpaddedFill {
        level: usize,
        letter: char,
        name: &'static str,
    },
    #[error(
        "level {level} (`z`): an LZ77 level holds the values itself, so it must be the last level"
    )]
    Lz77NotLast { level: usize },
    #[error("level {level} (`r`) repeats whole subtensors, so the levels below it must be dense (`d`), not `{below}`")]
    RleAboveSparse { level: usize, below: char },
}

fn letters() -> String {
    LevelFormat::ALL
        .iter()
        .map(|f| f.letter().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn join(order: &[usize]) -> String {
    order
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

fn is_permutation(order: &[usize]) -> bool {
    let mut seen = vec![false; order.len()];
    order
        .iter()
        .all(|&m| m < seen.len() && !std::mem::replace(&mut seen[m], true))
}

impl Format {
    /// A format from its parts; the mode order must be a permutation of the levels.
    pub fn new(levels: Vec<LevelSpec>, mode_order: Vec<usize>) -> Result<Self, FormatError> {
        let f = Format { levels, mode_order };
        if f.mode_order.len() != f.levels.len() || !is_permutation(&f.mode_order) {
            return Err(FormatError {
                text: f.to_string(),
                column: None,
                kind: FormatErrorKind::NotAPermutation {
                    order: f.mode_order,
                    levels: f.levels.len(),
                },
            });
        }
        Ok(f)
    }

    /// Levels in mode order (level k stores mode k).
    pub fn identity(levels: Vec<LevelSpec>) -> Self {
        let mode_order = (0..levels.len()).collect();
        Format { levels, mode_order }
    }

    /// `order` levels of one format with default padding, identity mode order.
    pub fn uniform(format: LevelFormat, order: usize) -> Self {
        Self::identity(vec![LevelSpec::new(format); order])
    }

    /// The rules of the fill-region levels (Donenfeld et al.'s compression paper): `r`
    /// and `z` are padded (`r'` is no format), `z` is the last level, and the levels
    /// below an `r` are dense (a run repeats a whole subtensor).
    pub fn check_fill_regions(&self) -> Result<(), FormatError> {
        let err = |kind| FormatError {
            text: self.to_string(),
            column: None,
            kind,
        };
        let last = self.levels.len().saturating_sub(1);
        for (level, spec) in self.levels.iter().enumerate() {
            let fill = spec.format.caps().fill_region;
            if fill == FillRegion::Points {
                continue;
            }
            if !spec.padded {
                return Err(err(FormatErrorKind::UnpaddedFill {
                    level,
                    letter: spec.format.letter(),
                    name: spec.format.name(),
                }));
            }
            if fill == FillRegion::Repeats && level != last {
                return Err(err(FormatErrorKind::Lz77NotLast { level }));
            }
            if let Some(below) = self.levels[level + 1..]
                .iter()
                .find(|l| !l.format.caps().full)
            {
                return Err(err(FormatErrorKind::RleAboveSparse {
                    level,
                    below: below.format.letter(),
                }));
            }
        }
        Ok(())
    }

    /// The number of levels (the order of tensors this format stores).
    pub fn order(&self) -> usize {
        self.levels.len()
    }

    /// An error unless this format stores tensors of order `order`.
    pub fn check_order(&self, order: usize) -> Result<(), FormatError> {
        if self.levels.len() == order {
            return Ok(());
        }
        Err(FormatError {
            text: self.to_string(),
            column: None,
            kind: FormatErrorKind::Arity {
                levels: self.levels.len(),
                order,
            },
        })
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for l in &self.levels {
            write!(f, "{l}")?;
        }
        if self.mode_order.iter().enumerate().any(|(k, &m)| k != m) {
            write!(f, ":{}", join(&self.mode_order))?;
        }
        Ok(())
    }
}

/// A format is written as its text (`ds:1,0`) in YAML and JSON.
impl serde::Serialize for Format {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Format {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl FromStr for Format {
    type Err = FormatError;

    fn from_str(text: &str) -> Result<Self, FormatError> {
        let err = |column: usize, kind| FormatError {
            text: text.to_string(),
            column: Some(column),
            kind,
        };
        let (level_text, order_text) = match text.split_once(':') {
            Some((l, o)) => (l, Some(o)),
            None => (text, None),
        };
        let mut levels: Vec<LevelSpec> = Vec::new();
        let mut primed = false;
        for (i, c) in level_text.chars().enumerate() {
            if c == '\'' {
                match levels.last_mut() {
                    Some(l) if !primed => {
                        l.padded = !l.padded;
                        primed = true;
                    }
                    _ => return Err(err(i + 1, FormatErrorKind::StrayPrime)),
                }
                continue;
            }
            let format = LevelFormat::from_letter(c)
                .ok_or_else(|| err(i + 1, FormatErrorKind::UnknownLetter { found: c }))?;
            levels.push(LevelSpec::new(format));
            primed = false;
        }
        let Some(order_text) = order_text else {
            let f = Format::identity(levels);
            f.check_fill_regions()?;
            return Ok(f);
        };
        let start = level_text.chars().count() + 2;
        let mut mode_order = Vec::new();
        let mut column = start;
        if !order_text.is_empty() {
            for item in order_text.split(',') {
                let m = item
                    .parse::<usize>()
                    .ok()
                    .filter(|_| item.bytes().all(|b| b.is_ascii_digit()))
                    .ok_or_else(|| err(column, FormatErrorKind::BadModeNumber(item.into())))?;
                mode_order.push(m);
                column += item.chars().count() + 1;
            }
        }
        if mode_order.len() != levels.len() || !is_permutation(&mode_order) {
            return Err(err(
                start,
                FormatErrorKind::NotAPermutation {
                    order: mode_order,
                    levels: levels.len(),
                },
            ));
        }
        let f = Format { levels, mode_order };
        f.check_fill_regions()?;
        Ok(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use LevelFormat::{Compressed as S, Dense as D};

    fn parse(t: &str) -> Result<Format, String> {
        t.parse::<Format>().map_err(|e| e.to_string())
    }

    #[test]
    fn parses_taco_formats() {
        let csr = parse("ds").unwrap();
        assert_eq!(csr.levels, vec![LevelSpec::new(D), LevelSpec::new(S)]);
        assert!(csr.levels[0].padded && !csr.levels[1].padded);
        assert_eq!(csr.mode_order, vec![0, 1]);
        assert_eq!(parse("ds:1,0").unwrap().mode_order, vec![1, 0]);
        assert_eq!(parse("").unwrap(), Format::identity(vec![]));
        assert_eq!(parse(":").unwrap(), Format::identity(vec![]));
        let primed = parse("d's'").unwrap();
        assert!(!primed.levels[0].padded && primed.levels[1].padded);
    }

    #[test]
    fn display_round_trips() {
        for t in [
            "",
            "d",
            "s",
            "ds",
            "ss",
            "ds:1,0",
            "s'd'",
            "sds:2,0,1",
            "d's",
        ] {
            let f = parse(t).unwrap();
            assert_eq!(f.to_string(), t);
            assert_eq!(parse(&f.to_string()).unwrap(), f);
        }
        assert_eq!(parse("ds:0,1").unwrap().to_string(), "ds");
    }

    #[test]
    fn errors_name_the_problem_and_column() {
        assert_eq!(
            parse("dx").unwrap_err(),
            "format `dx`: column 2: unknown level format `x` (expected one of d, s, b, r, z)"
        );
        assert_eq!(
            parse("'d").unwrap_err(),
            "format `'d`: column 1: `'` must follow a level letter, at most once per level"
        );
        assert_eq!(
            parse("d''").unwrap_err(),
            "format `d''`: column 3: `'` must follow a level letter, at most once per level"
        );
        assert_eq!(
            parse("ds:1,1").unwrap_err(),
            "format `ds:1,1`: column 4: mode order `1,1` is not a permutation of 0..2"
        );
        assert_eq!(
            parse("ds:0").unwrap_err(),
            "format `ds:0`: column 4: mode order `0` is not a permutation of 0..2"
        );
        assert_eq!(
            parse("ds:1,x").unwrap_err(),
            "format `ds:1,x`: column 6: `x` is not a mode number"
        );
        assert_eq!(
            parse("ds:1,+0").unwrap_err(),
            "format `ds:1,+0`: column 6: `+0` is not a mode number"
        );
        assert_eq!(
            parse("ds").unwrap().check_order(3).unwrap_err().to_string(),
            "format `ds`: has 2 levels but the tensor has order 3"
        );
        assert!(Format::new(vec![LevelSpec::new(D)], vec![1]).is_err());
    }
}
