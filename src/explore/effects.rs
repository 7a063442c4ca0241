//! The effects of the toggles on each measure, from the cells' estimates.
//!
//! A *main effect* of a two-level toggle is the mean of a measure over
//! the cells at its second value less the mean over the cells at its
//! first (Box, Hunter & Hunter's definition); a toggle with more values
//! has one contrast a value past the first, against the first. A
//! *two-toggle interaction* of two-level toggles `a` and `b` is the mean
//! over the cells where `x_a·x_b = +1` less the mean where it is −1 (half
//! the difference between `b`'s effect with `a` high and with `a` low,
//! doubled: the same scale as a main effect). Each is a difference of two
//! means of cells, so its variance is the sum of the cells' variances
//! (their standard errors squared, from the games within each cell) over
//! the squared group sizes; the interval is ±1.96 standard errors, cut
//! at ±100 % for a share or a rate (a difference cannot pass it). In a
//! fraction, an effect is the sum of the effects it is aliased with (none
//! shorter than three-toggle interactions at resolution V): `aliases`
//! lists the aliased terms of two toggles or fewer.

use super::cell::{Figures, Measure, Z95};
use super::design::Design;
use serde::Serialize;

/// What an effect is of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Term {
    /// A toggle's value against its first.
    Main {
        /// The toggle.
        toggle: String,
        /// The value compared with the first.
        level: String,
        /// The first value.
        base: String,
    },
    /// Two two-level toggles.
    Interaction {
        /// The first toggle.
        a: String,
        /// The second.
        b: String,
    },
}

impl Term {
    /// `stickyland` (two values), `movement=king`, `dice×banking`.
    pub fn label(&self, two_level: bool) -> String {
        match self {
            Term::Main { toggle, .. } if two_level => toggle.clone(),
            Term::Main { toggle, level, .. } => format!("{toggle}={level}"),
            Term::Interaction { a, b } => format!("{a}×{b}"),
        }
    }
}

/// One effect on one measure.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Effect {
    /// The measure.
    pub measure: Measure,
    /// The term.
    pub term: Term,
    /// The label of the term (`dice`, `movement=king`, `dice×banking`).
    pub label: String,
    /// The estimate.
    pub effect: f64,
    /// Its standard error.
    pub se: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end.
    pub high: f64,
    /// Whether the interval leaves out 0.
    pub significant: bool,
    /// The terms of two toggles or fewer with the same column (up to its
    /// sign) in this design.
    pub aliases: Vec<String>,
    /// The cells the estimate is over: every cell of the term's two
    /// groups that has a value of the measure (fewer than the groups'
    /// cells when some cell has none, as `first_advantage` in a cell
    /// without a decided game).
    pub cells: usize,
}

/// A term's cells: those counted `+` and those counted `−`.
struct Contrast {
    term: Term,
    label: String,
    plus: Vec<usize>,
    minus: Vec<usize>,
    /// The ±1 column over every cell (0 where a cell is in neither group),
    /// for the aliases.
    column: Vec<i8>,
}

/// Every main effect and two-toggle interaction of `design` on every
/// measure, with its standard error. A cell without a value of a measure
/// is left out of that measure's groups: the effect is then over the
/// cells that have one (`Effect::cells`), and a term with an empty group
/// gets none.
pub fn effects(design: &Design, figures: &[Figures]) -> Vec<Effect> {
    let contrasts = contrasts(design);
    let mut out = Vec::new();
    for m in Measure::ALL {
        let cells: Vec<Option<(f64, f64)>> = figures
            .iter()
            .map(|f| {
                let e = f.get(m);
                e.value.zip(e.se)
            })
            .collect();
        for c in &contrasts {
            let (Some((mp, vp, np)), Some((mm, vm, nm))) =
                (group(&cells, &c.plus), group(&cells, &c.minus))
            else {
                continue;
            };
            let effect = mp - mm;
            let se = (vp + vm).sqrt();
            // A difference of two shares lies within ±100 %: its normal
            // interval is cut there.
            let most = m.largest_difference();
            out.push(Effect {
                measure: m,
                term: c.term.clone(),
                label: c.label.clone(),
                effect,
                se,
                low: (effect - Z95 * se).max(-most),
                high: (effect + Z95 * se).min(most),
                significant: effect - Z95 * se > 0.0 || effect + Z95 * se < 0.0,
                aliases: aliases(c, &contrasts),
                cells: np + nm,
            });
        }
    }
    out
}

/// The mean of the cells `idx` that have a value, the variance of that
/// mean and how many there are; `None` when none has.
fn group(cells: &[Option<(f64, f64)>], idx: &[usize]) -> Option<(f64, f64, usize)> {
    let have: Vec<(f64, f64)> = idx.iter().filter_map(|&i| cells[i]).collect();
    if have.is_empty() {
        return None;
    }
    let n = have.len() as f64;
    let mean = have.iter().map(|c| c.0).sum::<f64>() / n;
    let var = have.iter().map(|c| c.1 * c.1).sum::<f64>() / (n * n);
    Some((mean, var, have.len()))
}

/// The design's contrasts: main effects, then interactions of two-level
/// toggles.
fn contrasts(design: &Design) -> Vec<Contrast> {
    let cells = &design.cells;
    let mut out = Vec::new();
    let two: Vec<usize> = (0..design.factors.len())
        .filter(|&j| design.factors[j].levels.len() == 2)
        .collect();
    for (j, f) in design.factors.iter().enumerate() {
        for l in 1..f.levels.len() {
            let pick = |want: usize| (0..cells.len()).filter(|&c| cells[c][j] == want).collect();
            let term = Term::Main {
                toggle: f.name.clone(),
                level: f.levels[l].clone(),
                base: f.levels[0].clone(),
            };
            let column = cells
                .iter()
                .map(|c| match c[j] {
                    x if x == l => 1,
                    0 => -1,
                    _ => 0,
                })
                .collect();
            out.push(Contrast {
                label: term.label(f.levels.len() == 2),
                term,
                plus: pick(l),
                minus: pick(0),
                column,
            });
        }
    }
    for (i, &a) in two.iter().enumerate() {
        for &b in &two[i + 1..] {
            let column: Vec<i8> = (0..cells.len())
                .map(|c| (design.coded(c, a) * design.coded(c, b)) as i8)
                .collect();
            let term = Term::Interaction {
                a: design.factors[a].name.clone(),
                b: design.factors[b].name.clone(),
            };
            out.push(Contrast {
                label: term.label(true),
                term,
                plus: (0..cells.len()).filter(|&c| column[c] > 0).collect(),
                minus: (0..cells.len()).filter(|&c| column[c] < 0).collect(),
                column,
            });
        }
    }
    out
}

/// The other contrasts whose column is `c`'s or its negative.
fn aliases(c: &Contrast, all: &[Contrast]) -> Vec<String> {
    let neg: Vec<i8> = c.column.iter().map(|x| -x).collect();
    all.iter()
        .filter(|o| o.label != c.label && (o.column == c.column || o.column == neg))
        .map(|o| o.label.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explore::cell::Estimate;
    use crate::explore::design::Factor;

    fn two(name: &str) -> Factor {
        Factor {
            name: name.into(),
            levels: vec!["false".into(), "true".into()],
        }
    }

    /// Cells whose `decided` follows `y = 0.5 + 0.1·a − 0.05·b + 0.02·a·b`
    /// (coded ±1), each with standard error `se`.
    fn figures(d: &Design, se: f64) -> Vec<Figures> {
        (0..d.cells.len())
            .map(|c| {
                let (a, b) = (f64::from(d.coded(c, 0)), f64::from(d.coded(c, 1)));
                let y = 0.5 + 0.1 * a - 0.05 * b + 0.02 * a * b;
                Figures(vec![(
                    Measure::Decided,
                    Estimate {
                        value: Some(y),
                        se: Some(se),
                        low: None,
                        high: None,
                    },
                )])
            })
            .collect()
    }

    /// An effect is twice the model's coefficient (Box, Hunter & Hunter,
    /// 5.8); in a fraction of resolution V, a toggle outside the model has
    /// no effect and no interaction is aliased; the standard error of a
    /// difference of two means of n/2 cells is `2·se/√n`.
    #[test]
    fn effects_of_a_known_model() {
        for (k, cap) in [(3, 64), (7, 127)] {
            let d = Design::new((0..k).map(|j| two(&format!("t{j}"))).collect(), cap, 5).unwrap();
            let n = d.cells.len() as f64;
            let e = effects(&d, &figures(&d, 0.01));
            let get = |label: &str| e.iter().find(|x| x.label == label).expect(label);
            assert!((get("t0").effect - 0.2).abs() < 1e-12);
            assert!((get("t1").effect + 0.1).abs() < 1e-12);
            assert!((get("t0×t1").effect - 0.04).abs() < 1e-12);
            assert!(get("t2").effect.abs() < 1e-12 && get("t1×t2").effect.abs() < 1e-12);
            assert!((get("t0").se - 2.0 * 0.01 / n.sqrt()).abs() < 1e-12);
            assert!(get("t0×t1").significant && !get("t2").significant);
            assert!(e.iter().all(|x| x.aliases.is_empty()), "{k} toggles");
            // Only the measure the cells have, over every cell.
            assert!(e.iter().all(|x| x.measure == Measure::Decided));
            assert!(e.iter().all(|x| x.cells == d.cells.len()));
        }
    }

    /// A difference of two shares is within ±100 %: a toggle that takes
    /// `decided` from 2 % to 98 % over cells measured on few games (a
    /// standard error of 0.2 each) has an effect of 0.96 whose normal
    /// interval (0.96 ± 1.96 · 0.2) would pass 100 %: cut at 1, its lower
    /// end untouched.
    #[test]
    fn an_effect_on_a_share_stays_within_a_hundred_percent() {
        let d = Design::new(vec![two("t0")], 64, 5).unwrap();
        let figures: Vec<Figures> = (0..d.cells.len())
            .map(|c| {
                let y = if d.coded(c, 0) > 0 { 0.98 } else { 0.02 };
                Figures(vec![(
                    Measure::Decided,
                    Estimate {
                        value: Some(y),
                        se: Some(0.2),
                        low: None,
                        high: None,
                    },
                )])
            })
            .collect();
        let e = effects(&d, &figures);
        let t0 = e.iter().find(|x| x.label == "t0").expect("t0");
        assert!((t0.effect - 0.96).abs() < 1e-12);
        assert_eq!(t0.high, 1.0);
        let se = (2.0f64 * 0.2 * 0.2).sqrt();
        assert!((t0.low - (0.96 - Z95 * se)).abs() < 1e-12, "{}", t0.low);
    }

    /// A cell without a value (no decided game: no first-player
    /// advantage) is left out of its groups. Full factorial of two
    /// toggles, cells (a, b) coded ±1 with values 1, 2, 3, 4 for
    /// (−−, +−, −+, ++) and the (++) cell missing: a's effect is
    /// 2 − mean(1, 3) = 0 over three cells, b's 3 − mean(1, 2) = 1.5; the
    /// interaction, (−−, ++) less (+−, −+), is 1 − 2.5 = −1.5.
    #[test]
    fn a_cell_without_a_value_is_left_out() {
        let d = Design::new(vec![two("a"), two("b")], 64, 5).unwrap();
        let figures: Vec<Figures> = (0..d.cells.len())
            .map(|c| {
                let (a, b) = (d.coded(c, 0) > 0, d.coded(c, 1) > 0);
                let value = match (a, b) {
                    (false, false) => Some(1.0),
                    (true, false) => Some(2.0),
                    (false, true) => Some(3.0),
                    (true, true) => None,
                };
                let se = value.map(|_| 0.1);
                Figures(vec![(
                    Measure::Decided,
                    Estimate {
                        value,
                        se,
                        low: None,
                        high: None,
                    },
                )])
            })
            .collect();
        let e = effects(&d, &figures);
        let get = |label: &str| e.iter().find(|x| x.label == label).expect(label);
        assert!(get("a").effect.abs() < 1e-12);
        assert_eq!(get("a").cells, 3);
        assert!((get("b").effect - 1.5).abs() < 1e-12);
        assert!((get("a×b").effect + 1.5).abs() < 1e-12);
        // One cell against two: se² = 0.1² + 0.1²·2/4.
        assert!((get("a").se - (0.01f64 + 0.005).sqrt()).abs() < 1e-12);
    }

    /// At resolution IV, two-toggle interactions share columns: each
    /// names the others.
    #[test]
    fn resolution_four_names_the_aliased_interactions() {
        let d = Design::new((0..5).map(|j| two(&format!("t{j}"))).collect(), 8, 4);
        // Five toggles at IV need 16 cells; six do it in 16 too.
        assert!(d.is_err());
        let d = Design::new((0..6).map(|j| two(&format!("t{j}"))).collect(), 16, 4).unwrap();
        let e = effects(&d, &figures(&d, 0.01));
        let aliased = e.iter().filter(|x| !x.aliases.is_empty()).count();
        assert!(aliased > 0);
        assert!(
            e.iter()
                .filter(|x| matches!(x.term, Term::Main { .. }))
                .all(|x| x.aliases.is_empty())
        );
    }
}
