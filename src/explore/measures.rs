//! The quality measures of a cell (docs/explore.md defines each and
//! names its source): a [`GameWatch`] follows one game and keeps its
//! [`GameMeasures`]; a cell's games add up into [`Moments`] (count, sum,
//! sum of squares) per measure, which give a mean and its standard error.

use crate::engine::{Move, State};
use crate::players::analysis::Watch;
use crate::players::{GameSummary, guide};
use serde::{Deserialize, Serialize};

/// Count, sum and sum of squares of a measure over games: enough for its
/// mean and the standard error of that mean.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Moments {
    /// Games that have the measure.
    pub n: u64,
    /// Sum of its values.
    pub sum: f64,
    /// Sum of their squares.
    pub squares: f64,
}

impl Moments {
    /// Counts one value.
    pub fn add(&mut self, x: f64) {
        self.n += 1;
        self.sum += x;
        self.squares += x * x;
    }

    /// The mean; None without values.
    pub fn mean(&self) -> Option<f64> {
        (self.n > 0).then(|| self.sum / self.n as f64)
    }

    /// The sample standard deviation (n − 1 in the denominator); None
    /// with fewer than two values.
    pub fn sd(&self) -> Option<f64> {
        let n = self.n as f64;
        (self.n > 1).then(|| {
            let m = self.sum / n;
            ((self.squares - n * m * m) / (n - 1.0)).max(0.0).sqrt()
        })
    }

    /// The variance of the mean, `sd² / n` (0 for one value); None
    /// without values.
    pub fn variance_of_mean(&self) -> Option<f64> {
        match self.n {
            0 => None,
            1 => Some(0.0),
            n => self.sd().map(|s| s * s / n as f64),
        }
    }
}

/// The measures of one game that are more than its result and length.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct GameMeasures {
    /// Changes of the leader per position after the first (None: fewer
    /// than two positions with a single leader).
    pub lead_changes: Option<f64>,
    /// The winner's mean deficit behind the leader, on the reward scale
    /// `½ + ½·tanh(v / s)`, over the positions where it did not lead (0
    /// when it always led); None without a winner.
    pub drama: Option<f64>,
    /// The share of the game's turns played before the winner's lead
    /// became permanent (0: it led from the start; 1: only the last turn
    /// decided); None without a winner.
    pub settled_at: Option<f64>,
    /// The share of positions with more than one legal turn (a turn
    /// sampled from a list too long to count is one); None without turns.
    pub decisions: Option<f64>,
    /// The share of the board's sites that held a piece at some point.
    pub coverage: f64,
}

/// Follows one game: the leader at each position (by the game's
/// heuristic, through `players::guide::scores`), the decisions, the sites used.
pub struct GameWatch {
    /// Each position's unique leader (None: a tie) and the scores.
    scores: Vec<Vec<f64>>,
    decisions: u64,
    positions: u64,
    used: Vec<bool>,
    sc: crate::players::candidates::Scratch,
}

impl GameWatch {
    /// A watcher for a game on a board of `sites` sites.
    pub fn new(sites: usize) -> GameWatch {
        GameWatch {
            scores: Vec::new(),
            decisions: 0,
            positions: 0,
            used: vec![false; sites],
            sc: Default::default(),
        }
    }

    fn mark(&mut self, st: &State) {
        for (s, u) in self.used.iter_mut().enumerate() {
            if !*u && st.height(s as crate::board::Site) > 0 {
                *u = true;
            }
        }
    }
}

impl Watch for GameWatch {
    type Out = GameMeasures;

    fn turn(&mut self, st: &State, _: &[Move], legal: Option<usize>) {
        let mut copy = st.clone();
        self.scores.push(guide::scores(&mut copy, &mut self.sc));
        self.positions += 1;
        if legal.is_none_or(|n| n > 1) {
            self.decisions += 1;
        }
        self.mark(st);
    }

    fn end(mut self, summary: &GameSummary, last: &State) -> GameMeasures {
        self.mark(last);
        let winner = summary.outcome.and_then(|o| o.winner()).map(usize::from);
        let leaders: Vec<Option<usize>> = self.scores.iter().map(|s| leader(s)).collect();
        let used = self.used.iter().filter(|&&u| u).count();
        GameMeasures {
            lead_changes: lead_changes(&leaders),
            drama: winner.map(|w| drama(&self.scores, w)),
            settled_at: winner.map(|w| settled_at(&leaders, w)),
            decisions: (self.positions > 0).then(|| self.decisions as f64 / self.positions as f64),
            coverage: used as f64 / self.used.len().max(1) as f64,
        }
    }
}

/// The player with the highest score, if no other has it.
pub fn leader(scores: &[f64]) -> Option<usize> {
    let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut at = scores.iter().enumerate().filter(|(_, s)| **s == best);
    match (at.next(), at.next()) {
        (Some((p, _)), None) => Some(p),
        _ => None,
    }
}

/// Changes of leader between consecutive positions that have one, per
/// such pair of positions.
pub fn lead_changes(leaders: &[Option<usize>]) -> Option<f64> {
    let led: Vec<usize> = leaders.iter().flatten().copied().collect();
    (led.len() > 1).then(|| {
        let changes = led.windows(2).filter(|w| w[0] != w[1]).count();
        changes as f64 / (led.len() - 1) as f64
    })
}

/// The winner `w`'s mean deficit behind the best other score, over the
/// positions where it was not the unique leader; 0 when there were none.
pub fn drama(scores: &[Vec<f64>], w: usize) -> f64 {
    let behind: Vec<f64> = scores
        .iter()
        .filter(|s| leader(s) != Some(w))
        .map(|s| {
            let best = s
                .iter()
                .enumerate()
                .filter(|&(p, _)| p != w)
                .map(|(_, &x)| x)
                .fold(f64::NEG_INFINITY, f64::max);
            (best - s.get(w).copied().unwrap_or(0.0)).max(0.0)
        })
        .collect();
    if behind.is_empty() {
        0.0
    } else {
        behind.iter().sum::<f64>() / behind.len() as f64
    }
}

/// The share of the positions before the one from which `w` led at
/// every position to the end (1 when it did not lead at the last).
pub fn settled_at(leaders: &[Option<usize>], w: usize) -> f64 {
    let n = leaders.len();
    if n == 0 {
        return 0.0;
    }
    let from = leaders
        .iter()
        .rposition(|&l| l != Some(w))
        .map_or(0, |i| i + 1);
    from as f64 / n as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_give_the_textbook_mean_and_sd() {
        // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample sd sqrt(32/7).
        let mut m = Moments::default();
        for x in [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0] {
            m.add(x);
        }
        assert_eq!(m.mean(), Some(5.0));
        assert!((m.sd().unwrap() - (32.0f64 / 7.0).sqrt()).abs() < 1e-12);
        assert!((m.variance_of_mean().unwrap() - 32.0 / 7.0 / 8.0).abs() < 1e-12);
        assert_eq!(Moments::default().mean(), None);
    }

    #[test]
    fn leads_drama_and_settling_by_hand() {
        // Four positions: 0 leads, tie, 1 leads, 1 leads.
        let scores = vec![
            vec![0.7, 0.3],
            vec![0.5, 0.5],
            vec![0.4, 0.6],
            vec![0.1, 0.9],
        ];
        let leaders: Vec<Option<usize>> = scores.iter().map(|s| leader(s)).collect();
        assert_eq!(leaders, [Some(0), None, Some(1), Some(1)]);
        // Led positions 0, 1, 1: one change in two steps.
        assert_eq!(lead_changes(&leaders), Some(0.5));
        assert_eq!(lead_changes(&[Some(0), None]), None);
        // Player 1 wins: behind by 0.4 at the first, 0 at the tie.
        assert!((drama(&scores, 1) - 0.2).abs() < 1e-12);
        // Player 0 wins: level at the tie, behind by 0.2 and 0.8.
        assert!((drama(&scores, 0) - 1.0 / 3.0).abs() < 1e-12);
        // Player 1 leads for good from position 2 of 4.
        assert_eq!(settled_at(&leaders, 1), 0.5);
        assert_eq!(settled_at(&leaders, 0), 1.0);
        assert_eq!(settled_at(&[Some(0), Some(0)], 0), 0.0);
    }
}
