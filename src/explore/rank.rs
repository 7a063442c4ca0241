//! The ranking of cells by a desirability (Derringer & Suich, "Simultaneous
//! optimization of several response variables", *Journal of Quality
//! Technology* 12, 1980): each goal maps a measure to `d` in [0, 1]; a
//! cell's desirability is the weighted geometric mean of its goals' `d`
//! (0 when one goal is missed outright). Goals and weights are adjusted
//! with `--want` (docs/explore.md). The Pareto front is the cells that no
//! other cell beats on every goal at once (at least as good on each,
//! better on one).

use super::cell::{Figures, Measure};
use serde::Serialize;

/// One goal: which measure, how it is judged, its weight.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Goal {
    /// The measure judged.
    pub measure: Measure,
    /// How.
    pub shape: Shape,
    /// Its weight in the geometric mean (0: left out).
    pub weight: f64,
}

/// How a measure's value becomes a desirability.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Shape {
    /// `d = x` (a rate where more is better).
    Higher,
    /// `d = 1 − x` (a rate where less is better).
    Lower,
    /// `d = 1` for `|x| ≤ tolerance`, falling linearly to 0 at `|x| = zero`.
    Near {
        /// Within this of 0, fully desirable.
        tolerance: f64,
        /// At this distance from 0, not at all.
        zero: f64,
    },
    /// `d = 1` in `[low, high]`, falling linearly to 0 at `low / 2` and
    /// at `2 · high`.
    Within {
        /// Lowest fully desirable value.
        low: f64,
        /// Highest fully desirable value.
        high: f64,
    },
}

impl Shape {
    /// The desirability of `x`.
    pub fn d(self, x: f64) -> f64 {
        let d = match self {
            Shape::Higher => x,
            Shape::Lower => 1.0 - x,
            Shape::Near { tolerance, zero } => {
                let a = x.abs();
                if a <= tolerance {
                    1.0
                } else {
                    (zero - a) / (zero - tolerance).max(1e-12)
                }
            }
            Shape::Within { low, high } => {
                if x < low {
                    (x - low / 2.0) / (low / 2.0).max(1e-12)
                } else if x > high {
                    (2.0 * high - x) / high.max(1e-12)
                } else {
                    1.0
                }
            }
        };
        d.clamp(0.0, 1.0)
    }
}

/// The default goals with each `--want` item (`MEASURE=WEIGHT[:SHAPE]`)
/// applied in order.
pub fn goals(wants: &[String]) -> Result<Vec<Goal>, String> {
    let mut g = default_goals();
    for w in wants {
        want(&mut g, w)?;
    }
    Ok(g)
}

/// The default goals: decided games (weight 1), the first player's
/// advantage within 5 points (1; none at 50), 30 to 150 turns (1), and,
/// when skill games are played, the stronger player winning (1).
pub fn default_goals() -> Vec<Goal> {
    vec![
        Goal {
            measure: Measure::Decided,
            shape: Shape::Higher,
            weight: 1.0,
        },
        Goal {
            measure: Measure::FirstAdvantage,
            shape: Shape::Near {
                tolerance: 0.05,
                zero: 0.5,
            },
            weight: 1.0,
        },
        Goal {
            measure: Measure::Turns,
            shape: Shape::Within {
                low: 30.0,
                high: 150.0,
            },
            weight: 1.0,
        },
        Goal {
            measure: Measure::Skill,
            shape: Shape::Higher,
            weight: 1.0,
        },
    ]
}

/// Applies `--want MEASURE=WEIGHT[:ARGS]` items to `goals`: ARGS is
/// `LOW..HIGH` (within), `TOL` or `TOL..ZERO` (near 0), `higher` or
/// `lower`. A measure not yet a goal becomes one (a rate: `higher`
/// unless said). Weight 0 drops a goal.
pub fn want(goals: &mut Vec<Goal>, item: &str) -> Result<(), String> {
    let bad = |why: &str| format!("--want `{item}`: {why}");
    let (key, rest) = item
        .split_once('=')
        .ok_or_else(|| bad("expected MEASURE=WEIGHT[:SHAPE]"))?;
    let measure = Measure::from_key(key.trim()).ok_or_else(|| {
        let keys: Vec<&str> = Measure::ALL.iter().map(|m| m.key()).collect();
        bad(&format!(
            "no measure `{key}` (measures: {})",
            keys.join(", ")
        ))
    })?;
    let (w, args) = match rest.split_once(':') {
        Some((w, a)) => (w, Some(a.trim())),
        None => (rest, None),
    };
    let weight: f64 = w
        .trim()
        .parse()
        .ok()
        .filter(|w: &f64| w.is_finite() && *w >= 0.0)
        .ok_or_else(|| bad("the weight is not a number >= 0"))?;
    let old = goals.iter().position(|g| g.measure == measure);
    let num = |s: &str| -> Result<f64, String> {
        s.trim()
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| bad(&format!("`{s}` is not a number")))
    };
    let shape = match args {
        None => old.map_or(Shape::Higher, |i| goals[i].shape),
        Some("higher") => Shape::Higher,
        Some("lower") => Shape::Lower,
        Some(a) => match a.split_once("..") {
            Some((l, h)) if measure == Measure::FirstAdvantage => Shape::Near {
                tolerance: num(l)?,
                zero: num(h)?,
            },
            Some((l, h)) => Shape::Within {
                low: num(l)?,
                high: num(h)?,
            },
            None => Shape::Near {
                tolerance: num(a)?,
                zero: 0.5,
            },
        },
    };
    let goal = Goal {
        measure,
        shape,
        weight,
    };
    match old {
        Some(i) => goals[i] = goal,
        None => goals.push(goal),
    }
    Ok(())
}

/// One cell's place in the ranking.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ranked {
    /// The cell.
    pub cell: usize,
    /// Its desirability.
    pub desirability: f64,
    /// Each goal's `d`, in the order of the goals (None: the cell has no
    /// estimate of that measure; the goal is left out of its mean).
    pub d: Vec<Option<f64>>,
    /// Whether no other cell beats it on every goal.
    pub pareto: bool,
}

/// The cells ranked by desirability, best first (ties: lower cell first).
pub fn rank(goals: &[Goal], figures: &[Figures]) -> Vec<Ranked> {
    let goals: Vec<&Goal> = goals.iter().filter(|g| g.weight > 0.0).collect();
    let mut out: Vec<Ranked> = figures
        .iter()
        .enumerate()
        .map(|(cell, f)| {
            let d: Vec<Option<f64>> = goals
                .iter()
                .map(|g| f.get(g.measure).value.map(|x| g.shape.d(x)))
                .collect();
            let (mut logs, mut weights) = (0.0, 0.0);
            for (g, d) in goals.iter().zip(&d) {
                if let Some(d) = d {
                    logs += g.weight * d.max(1e-300).ln();
                    weights += g.weight;
                }
            }
            let desirability = if weights > 0.0 && d.iter().flatten().all(|&x| x > 0.0) {
                (logs / weights).exp()
            } else {
                0.0
            };
            Ranked {
                cell,
                desirability,
                d,
                pareto: false,
            }
        })
        .collect();
    let beats = |a: &Ranked, b: &Ranked| {
        let pairs: Vec<(f64, f64)> =
            a.d.iter()
                .zip(&b.d)
                .map(|(x, y)| (x.unwrap_or(0.0), y.unwrap_or(0.0)))
                .collect();
        pairs.iter().all(|(x, y)| x >= y) && pairs.iter().any(|(x, y)| x > y)
    };
    let front: Vec<bool> = out
        .iter()
        .map(|r| !out.iter().any(|o| beats(o, r)))
        .collect();
    for (r, p) in out.iter_mut().zip(front) {
        r.pareto = p;
    }
    out.sort_by(|a, b| {
        b.desirability
            .total_cmp(&a.desirability)
            .then(a.cell.cmp(&b.cell))
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_by_hand() {
        let near = Shape::Near {
            tolerance: 0.05,
            zero: 0.5,
        };
        assert_eq!(near.d(0.03), 1.0);
        assert_eq!(near.d(-0.05), 1.0);
        assert!((near.d(0.275) - 0.5).abs() < 1e-12);
        assert_eq!(near.d(0.6), 0.0);
        let within = Shape::Within {
            low: 30.0,
            high: 150.0,
        };
        assert_eq!(within.d(100.0), 1.0);
        assert_eq!(within.d(15.0), 0.0);
        assert!((within.d(22.5) - 0.5).abs() < 1e-12);
        assert!((within.d(225.0) - 0.5).abs() < 1e-12);
        assert_eq!(within.d(400.0), 0.0);
        assert_eq!(Shape::Lower.d(0.25), 0.75);
    }

    #[test]
    fn wants_adjust_the_goals() {
        let mut g = default_goals();
        want(&mut g, "turns=2:20..60").unwrap();
        want(&mut g, "drama=0.5").unwrap();
        want(&mut g, "first_advantage=1:0.1").unwrap();
        want(&mut g, "skill=0").unwrap();
        assert_eq!(
            g[2].shape,
            Shape::Within {
                low: 20.0,
                high: 60.0
            }
        );
        assert_eq!(g[2].weight, 2.0);
        assert_eq!(g[3].weight, 0.0);
        assert_eq!(g[4].measure, Measure::Drama);
        assert_eq!(
            g[1].shape,
            Shape::Near {
                tolerance: 0.1,
                zero: 0.5
            }
        );
        for bad in ["nosuch=1", "turns", "turns=-1", "turns=1:a..b"] {
            assert!(want(&mut g, bad).is_err(), "{bad}");
        }
    }
}
