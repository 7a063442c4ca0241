//! The design of an experiment over a game's toggles: which combinations
//! of values (cells) are played.
//!
//! Each varied toggle is a *factor* with two or more *levels* (its values).
//! When the full factorial (every combination) has at most `max_cells`
//! cells, it is the design. Otherwise every factor must have two levels
//! and the design is a regular two-level fractional factorial `2^(k-p)`
//! (Box, Hunter & Hunter, *Statistics for Experimenters*, ch. 6):
//!
//! - the first `k - p` factors (the *base*) take every combination of
//!   their levels, coded −1 and +1, in standard order (the first factor
//!   alternating fastest);
//! - each of the other `p` factors is the product of a *generator*: a set
//!   of base factors. Factor `j` with generator `G` gives the *defining
//!   word* `G ∪ {j}`: the product of its columns is +1 in every run;
//! - the *defining relation* is every product of defining words (their
//!   symmetric difference, `2^p − 1` words); the design's *resolution* is
//!   its shortest word's length. At resolution R no effect of `a` factors
//!   is aliased with an effect of fewer than `R − a` factors: at V, main
//!   effects and two-factor interactions are aliased with nothing shorter
//!   than three-factor interactions; at IV, main effects are clear of
//!   two-factor interactions, which are aliased with each other.
//!
//! The generators are found by a documented search: for the smallest base
//! `b` first (from `⌈log2(k+1)⌉` up), candidate generators are the subsets
//! of the base with at least `R − 1` members, smallest first, then by
//! their bit pattern; a depth-first search takes candidates in that order,
//! keeping one when the defining relation with it added still has no word
//! shorter than `R`, and backs up when it runs out (at most a million
//! candidates tried a base). The first base for which `p` generators are
//! found gives the design, with the generators of the highest resolution
//! up to `R + 2` that the search finds for that base; its resolution is
//! computed from the whole defining relation, never assumed.

use serde::{Deserialize, Serialize};

/// One varied toggle: its name and the values it takes (its levels).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Factor {
    /// The toggle's name.
    pub name: String,
    /// Its values, as `--set NAME=VALUE` takes them; the first is the
    /// low level (−1) of a two-level factor.
    pub levels: Vec<String>,
}

/// The kind of design chosen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Every combination of levels.
    Full,
    /// A regular two-level fraction `2^(k-p)`.
    Fraction {
        /// Each added factor's generator: the base factors (by index)
        /// whose product it is; the added factors are the last `p`.
        generators: Vec<Vec<usize>>,
        /// The length of the shortest word of the defining relation.
        resolution: u32,
    },
}

/// A design: its factors and its cells, each cell one level index per
/// factor.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Design {
    /// The factors, in the order given.
    pub factors: Vec<Factor>,
    /// Full factorial or fraction.
    pub kind: Kind,
    /// The cells: `cells[c][j]` is the level (index into
    /// `factors[j].levels`) of factor `j` in cell `c`.
    pub cells: Vec<Vec<usize>>,
}

/// Why no design could be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DesignError {
    /// A factor with fewer than two levels.
    #[error("toggle `{0}` is varied over fewer than two values")]
    OneLevel(String),
    /// A factor given twice.
    #[error("toggle `{0}` is varied twice")]
    Twice(String),
    /// Too many cells, and a factor has more than two levels.
    #[error(
        "the full design has {full} cells (more than {cap}), and a fraction needs two values a toggle: \
         `{name}` has {levels}; give two values (NAME=A/B) or raise --max-cells"
    )]
    NotTwoLevel {
        /// Cells of the full factorial.
        full: u128,
        /// The cap.
        cap: usize,
        /// The factor with more than two levels.
        name: String,
        /// How many it has.
        levels: usize,
    },
    /// No fraction of the resolution fits the cap.
    #[error(
        "no two-level fraction of resolution {resolution} for {factors} toggles fits in {cap} cells \
         (the smallest found has {needed}); raise --max-cells or vary fewer toggles"
    )]
    TooMany {
        /// Factors.
        factors: usize,
        /// The resolution asked for.
        resolution: u32,
        /// The cap.
        cap: usize,
        /// The cells the smallest fraction found needs (0: none found up to 2^20).
        needed: u64,
    },
    /// A resolution other than 3, 4 or 5.
    #[error("resolution {0}: expected 3, 4 or 5")]
    Resolution(u32),
}

/// Most factors a design may have (a word is a 64-bit set).
pub const MAX_FACTORS: usize = 63;

impl Design {
    /// The design for `factors`: the full factorial when it has at most
    /// `max_cells` cells, else the smallest regular two-level fraction of
    /// at least `resolution` (3, 4 or 5) found by the search described in
    /// the module's documentation.
    pub fn new(
        factors: Vec<Factor>,
        max_cells: usize,
        resolution: u32,
    ) -> Result<Design, DesignError> {
        if !(3..=5).contains(&resolution) {
            return Err(DesignError::Resolution(resolution));
        }
        for (i, f) in factors.iter().enumerate() {
            if f.levels.len() < 2 {
                return Err(DesignError::OneLevel(f.name.clone()));
            }
            if factors[..i].iter().any(|g| g.name == f.name) {
                return Err(DesignError::Twice(f.name.clone()));
            }
        }
        let full = factors
            .iter()
            .try_fold(1u128, |a, f| a.checked_mul(f.levels.len() as u128))
            .unwrap_or(u128::MAX);
        if full <= max_cells as u128 {
            let cells = full_factorial(&factors);
            return Ok(Design {
                factors,
                kind: Kind::Full,
                cells,
            });
        }
        if let Some(f) = factors.iter().find(|f| f.levels.len() != 2) {
            return Err(DesignError::NotTwoLevel {
                full,
                cap: max_cells,
                name: f.name.clone(),
                levels: f.levels.len(),
            });
        }
        let k = factors.len();
        let too_many = |needed| DesignError::TooMany {
            factors: k,
            resolution,
            cap: max_cells,
            needed,
        };
        if k > MAX_FACTORS {
            return Err(too_many(0));
        }
        let (base, generators) = search_generators(k, resolution).ok_or_else(|| too_many(0))?;
        if 1u64 << base > max_cells as u64 {
            return Err(too_many(1u64 << base));
        }
        let cells = fraction_cells(k, base, &generators);
        let words = defining_relation(&defining_words(base, &generators));
        let resolution = words
            .iter()
            .map(|w| w.count_ones())
            .min()
            .unwrap_or(u32::MAX);
        Ok(Design {
            factors,
            kind: Kind::Fraction {
                generators: generators.iter().map(|&g| bits(g)).collect(),
                resolution,
            },
            cells,
        })
    }

    /// Whether the design holds together (as read from a file that may
    /// have been edited by hand): two values a factor at least, every
    /// cell a value index for each factor, generators naming base
    /// factors. The error says what is wrong.
    pub fn check(&self) -> Result<(), String> {
        let k = self.factors.len();
        if let Some(f) = self.factors.iter().find(|f| f.levels.len() < 2) {
            return Err(format!("toggle `{}` has fewer than two values", f.name));
        }
        for (c, cell) in self.cells.iter().enumerate() {
            let fits = cell.len() == k
                && cell
                    .iter()
                    .zip(&self.factors)
                    .all(|(&l, f)| l < f.levels.len());
            if !fits {
                return Err(format!("cell {c} does not give one value of each toggle"));
            }
        }
        if let Kind::Fraction { generators, .. } = &self.kind {
            let base = k.saturating_sub(generators.len());
            if generators.len() > k || generators.iter().flatten().any(|&j| j >= base) {
                return Err("a generator names a toggle outside the base".into());
            }
        }
        Ok(())
    }

    /// The `--set NAME=VALUE` strings of cell `c`.
    pub fn sets(&self, c: usize) -> Vec<String> {
        self.factors
            .iter()
            .zip(&self.cells[c])
            .map(|(f, &l)| format!("{}={}", f.name, f.levels[l]))
            .collect()
    }

    /// Cell `c`'s level of two-level factor `j` coded −1 (first level) or
    /// +1 (second).
    pub fn coded(&self, c: usize, j: usize) -> i32 {
        if self.cells[c][j] == 0 { -1 } else { 1 }
    }
}

/// The indices of the set bits of `w`, lowest first.
fn bits(w: u64) -> Vec<usize> {
    (0..64).filter(|i| w >> i & 1 == 1).collect()
}

/// Every combination of levels, the first factor changing fastest
/// (cell `n` is `n` written in the mixed radix of the level counts).
fn full_factorial(factors: &[Factor]) -> Vec<Vec<usize>> {
    let total: usize = factors.iter().map(|f| f.levels.len()).product();
    (0..total)
        .map(|mut n| {
            factors
                .iter()
                .map(|f| {
                    let l = n % f.levels.len();
                    n /= f.levels.len();
                    l
                })
                .collect()
        })
        .collect()
}

/// The defining words: generator `g` of added factor `base + i` gives
/// `g ∪ {base + i}`.
fn defining_words(base: usize, generators: &[u64]) -> Vec<u64> {
    generators
        .iter()
        .enumerate()
        .map(|(i, g)| g | 1u64 << (base + i))
        .collect()
}

/// Every product of a non-empty set of `words` (symmetric differences).
fn defining_relation(words: &[u64]) -> Vec<u64> {
    let mut group = vec![0u64];
    for &w in words {
        let more: Vec<u64> = group.iter().map(|g| g ^ w).collect();
        group.extend(more);
    }
    group.remove(0);
    group
}

/// The smallest base (and its generators) of a `2^(k-p)` design of
/// resolution at least `r` found by the search, base at most 20.
fn search_generators(k: usize, r: u32) -> Option<(usize, Vec<u64>)> {
    let mut base = 1;
    while (1usize << base) < k + 1 {
        base += 1;
    }
    base = base.min(k);
    while base <= k.min(20) {
        if base == k {
            return Some((k, Vec::new()));
        }
        if let Some(g) = generators(k, base, r) {
            // The same number of cells may allow a higher resolution
            // (five toggles in 16 cells: V, not only IV).
            let better = (r + 1..=r + 2).rev().find_map(|h| generators(k, base, h));
            return Some((base, better.unwrap_or(g)));
        }
        base += 1;
    }
    None
}

/// Most candidate generators [`depth_first`] tries for one base before
/// it moves on to a larger base.
const TRIES: u32 = 1_000_000;

/// Generators for the `k − base` added factors over `base` base factors:
/// a depth-first search over the candidates (subsets of at least `r − 1`
/// base factors, smallest first, then by bit pattern) that keeps every
/// word of the relation at least `r` long; None when it finds none
/// within [`TRIES`] candidates tried.
fn generators(k: usize, base: usize, r: u32) -> Option<Vec<u64>> {
    let mut candidates: Vec<u64> = (1u64..1u64 << base)
        .filter(|s| s.count_ones() + 1 >= r)
        .collect();
    candidates.sort_by_key(|s| (s.count_ones(), *s));
    let mut chosen = Vec::new();
    let mut tries = TRIES;
    let search = Search {
        base,
        need: k - base,
        r,
        candidates: &candidates,
    };
    search
        .depth_first(0, &mut chosen, &[0], &mut tries)
        .then_some(chosen)
}

/// The fixed inputs of the depth-first search for generators.
struct Search<'a> {
    base: usize,
    need: usize,
    r: u32,
    candidates: &'a [u64],
}

impl Search<'_> {
    /// Extends `chosen` (whose defining relation with the identity is
    /// `group`) with candidates from `from` on; true when `need` are
    /// chosen.
    fn depth_first(
        &self,
        from: usize,
        chosen: &mut Vec<u64>,
        group: &[u64],
        tries: &mut u32,
    ) -> bool {
        if chosen.len() == self.need {
            return true;
        }
        for (i, &c) in self.candidates.iter().enumerate().skip(from) {
            if *tries == 0 || self.candidates.len() - i < self.need - chosen.len() {
                return false;
            }
            *tries -= 1;
            let word = c | 1u64 << (self.base + chosen.len());
            if group.iter().all(|g| (g ^ word).count_ones() >= self.r) {
                let mut next = group.to_vec();
                next.extend(group.iter().map(|g| g ^ word));
                chosen.push(c);
                if self.depth_first(i + 1, chosen, &next, tries) {
                    return true;
                }
                chosen.pop();
            }
        }
        false
    }
}

/// The runs of the fraction: the base factors in standard order, each
/// added factor the product of its generator's columns.
fn fraction_cells(k: usize, base: usize, generators: &[u64]) -> Vec<Vec<usize>> {
    (0u64..1u64 << base)
        .map(|run| {
            let mut cell: Vec<usize> = (0..base).map(|j| (run >> j & 1) as usize).collect();
            for g in generators {
                // Level 1 is +1: the product is +1 when an even number of
                // the generator's columns are at −1 (level 0).
                let lows = (!run & g & ((1u64 << base) - 1)).count_ones();
                cell.push(usize::from(lows.is_multiple_of(2)));
            }
            debug_assert_eq!(cell.len(), k);
            cell
        })
        .collect()
}

#[cfg(test)]
mod tests;
