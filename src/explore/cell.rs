//! A played cell: its counts ([`CellRecord`], one line of the run's file)
//! and the figures they give ([`Figures`]: each measure's estimate with
//! its standard error and 95% interval).

use super::measures::{GameMeasures, Moments};
use crate::engine::Outcome;
use crate::players::GameSummary;
use crate::players::analysis::{Rate, Tally};
use serde::{Deserialize, Serialize};

/// The skill games of a cell: the stronger player against the others,
/// seat by seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SkillCount {
    /// Games played.
    pub games: u64,
    /// Won by the stronger player.
    pub strong: u64,
    /// Won by another.
    pub weak: u64,
    /// Drawn, unfinished, or with first place shared (no seat first
    /// alone: neither a strong nor a weak win).
    pub draws: u64,
}

/// Everything counted of one cell's games: what the run's file keeps.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CellRecord {
    /// The cell's index in the design.
    pub cell: usize,
    /// Its toggles (`NAME=VALUE`, the varied ones).
    pub sets: Vec<String>,
    /// Results, lengths, branching ([`Tally`], as `analyze` counts).
    pub tally: Tally,
    /// Game length in turns.
    pub turns: Moments,
    /// Each game's mean number of legal turns (where known).
    pub branching: Moments,
    /// Lead changes per position.
    pub lead_changes: Moments,
    /// The winner's deficit where it did not lead.
    pub drama: Moments,
    /// When the winner's lead became permanent.
    pub settled_at: Moments,
    /// Share of positions with a choice.
    pub decisions: Moments,
    /// Share of sites used.
    pub coverage: Moments,
    /// The skill games, when a stronger player is given.
    pub skill: Option<SkillCount>,
    /// Wall time of the cell, seconds, from its start to its last game's
    /// end. Cells play side by side (one a thread), so the cells' times
    /// summed are about the run's machine time, not its wall time.
    pub seconds: f64,
}

impl CellRecord {
    /// The record of cell `cell` (toggles `sets`) from its games, in game
    /// order, for a game of `players` players.
    pub fn of(
        cell: usize,
        sets: Vec<String>,
        games: &[(GameSummary, GameMeasures)],
        players: usize,
    ) -> CellRecord {
        let summaries: Vec<GameSummary> = games.iter().map(|g| g.0).collect();
        let mut r = CellRecord {
            cell,
            sets,
            tally: Tally::of(&summaries, players),
            turns: Moments::default(),
            branching: Moments::default(),
            lead_changes: Moments::default(),
            drama: Moments::default(),
            settled_at: Moments::default(),
            decisions: Moments::default(),
            coverage: Moments::default(),
            skill: None,
            seconds: 0.0,
        };
        for (s, m) in games {
            r.turns.add(f64::from(s.turns));
            if s.branching_turns > 0 {
                r.branching
                    .add(s.branching_sum as f64 / f64::from(s.branching_turns));
            }
            let opt = |m: &mut Moments, x: Option<f64>| x.into_iter().for_each(|x| m.add(x));
            opt(&mut r.lead_changes, m.lead_changes);
            opt(&mut r.drama, m.drama);
            opt(&mut r.settled_at, m.settled_at);
            opt(&mut r.decisions, m.decisions);
            r.coverage.add(m.coverage);
        }
        r
    }

    /// The figures of this cell.
    pub fn figures(&self) -> Figures {
        let t = &self.tally;
        let limited = t.end_reasons.get("turn_limit").copied().unwrap_or(0);
        let decided: u64 = t.wins.iter().sum();
        let fair = 1.0 / t.wins.len().max(1) as f64;
        let first = t.wins.first().copied().unwrap_or(0);
        let figures = vec![
            (
                Measure::Completion,
                rate(t.games - t.unfinished - limited, t.games),
            ),
            (Measure::Decided, rate(decided, t.games)),
            (Measure::Drawishness, rate(t.draws, t.games)),
            (Measure::FirstAdvantage, rate(first, decided).shifted(-fair)),
            (Measure::Turns, mean(&self.turns)),
            (Measure::TurnsSd, spread(&self.turns)),
            (Measure::SettledAt, mean(&self.settled_at)),
            (Measure::LeadChanges, mean(&self.lead_changes)),
            (Measure::Drama, mean(&self.drama)),
            (Measure::Branching, mean(&self.branching)),
            (Measure::Decisions, mean(&self.decisions)),
            (Measure::Coverage, mean(&self.coverage)),
            (
                Measure::Skill,
                self.skill
                    .map_or(Estimate::NONE, |s| rate(s.strong, s.strong + s.weak)),
            ),
        ];
        // A normal interval round a mean of shares (coverage 99% ± 3%)
        // reaches past what the measure can be: cut at its bounds.
        Figures(
            figures
                .into_iter()
                .map(|(m, e)| (m, e.within(m.bounds())))
                .collect(),
        )
    }
}

/// The outcome of a skill game for the stronger player, seated at `seat`.
pub fn count_skill(count: &mut SkillCount, outcome: Option<Outcome>, seat: usize) {
    count.games += 1;
    match outcome.and_then(|o| o.winner()) {
        Some(w) if usize::from(w) == seat => count.strong += 1,
        Some(_) => count.weak += 1,
        None => count.draws += 1,
    }
}

/// The measures of a cell, in the order of [`Measure::ALL`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Measure {
    /// Games ended by a rule, not at a turn limit.
    Completion,
    /// Games won by someone.
    Decided,
    /// Games drawn.
    Drawishness,
    /// The first player's share of the decided games, less its fair
    /// share (`1 / players`).
    FirstAdvantage,
    /// Mean length in turns.
    Turns,
    /// Standard deviation of the length.
    TurnsSd,
    /// When the winner's lead became permanent (share of the game).
    SettledAt,
    /// Lead changes per position.
    LeadChanges,
    /// The winner's mean deficit where it did not lead.
    Drama,
    /// Mean legal turns a position.
    Branching,
    /// Share of positions with more than one legal turn.
    Decisions,
    /// Share of the board's sites used.
    Coverage,
    /// The stronger player's share of the decided skill games.
    Skill,
}

impl Measure {
    /// Every measure, in report order.
    pub const ALL: [Measure; 13] = [
        Measure::Completion,
        Measure::Decided,
        Measure::Drawishness,
        Measure::FirstAdvantage,
        Measure::Turns,
        Measure::TurnsSd,
        Measure::SettledAt,
        Measure::LeadChanges,
        Measure::Drama,
        Measure::Branching,
        Measure::Decisions,
        Measure::Coverage,
        Measure::Skill,
    ];

    /// The key of the measure in the JSON and on the command line.
    pub fn key(self) -> &'static str {
        match self {
            Measure::Completion => "completion",
            Measure::Decided => "decided",
            Measure::Drawishness => "drawishness",
            Measure::FirstAdvantage => "first_advantage",
            Measure::Turns => "turns",
            Measure::TurnsSd => "turns_sd",
            Measure::SettledAt => "settled_at",
            Measure::LeadChanges => "lead_changes",
            Measure::Drama => "drama",
            Measure::Branching => "branching",
            Measure::Decisions => "decisions",
            Measure::Coverage => "coverage",
            Measure::Skill => "skill",
        }
    }

    /// The values the measure can take, `(lowest, highest)`: shares and
    /// rates lie in [0, 1], the first player's advantage (a share less
    /// its fair share) in [−1, 1], lengths, spreads, branching and
    /// deficits are at least 0.
    pub fn bounds(self) -> (f64, f64) {
        match self {
            Measure::FirstAdvantage => (-1.0, 1.0),
            Measure::Turns | Measure::TurnsSd | Measure::Branching | Measure::Drama => {
                (0.0, f64::INFINITY)
            }
            _ => (0.0, 1.0),
        }
    }

    /// The largest difference between two values of a share or a rate
    /// (1: from 0 % to 100 %, or between two first-player advantages,
    /// each a share less the same fair share); infinite for the others.
    pub fn largest_difference(self) -> f64 {
        match self.bounds() {
            (_, high) if high.is_infinite() => f64::INFINITY,
            _ => 1.0,
        }
    }

    /// The measure of a key.
    pub fn from_key(key: &str) -> Option<Measure> {
        Measure::ALL.into_iter().find(|m| m.key() == key)
    }
}

/// A measure's estimate in one cell: value, standard error (None when
/// unknown: a spread), 95% interval; `value` None when the cell has no
/// game to measure it on.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// The estimate.
    pub value: Option<f64>,
    /// Its standard error.
    pub se: Option<f64>,
    /// Lower end of its 95% interval.
    pub low: Option<f64>,
    /// Upper end.
    pub high: Option<f64>,
}

impl Estimate {
    /// No estimate.
    pub const NONE: Estimate = Estimate {
        value: None,
        se: None,
        low: None,
        high: None,
    };

    /// The estimate with its interval cut to `(low, high)`, the values
    /// the measure can take ([`Measure::bounds`]).
    pub fn within(self, (low, high): (f64, f64)) -> Estimate {
        Estimate {
            low: self.low.map(|v| v.clamp(low, high)),
            high: self.high.map(|v| v.clamp(low, high)),
            ..self
        }
    }

    /// The estimate moved by `d` (with its interval).
    fn shifted(self, d: f64) -> Estimate {
        Estimate {
            value: self.value.map(|v| v + d),
            low: self.low.map(|v| v + d),
            high: self.high.map(|v| v + d),
            se: self.se,
        }
    }
}

/// A proportion: Wilson's interval; the standard error is Agresti and
/// Coull's (`p̃ = (k + 2) / (n + 4)`, `√(p̃(1 − p̃) / (n + 4))`), which is
/// not 0 when every game or none counts (the plain binomial one is, and
/// would make an effect between two such cells look exact).
fn rate(count: u64, of: u64) -> Estimate {
    if of == 0 {
        return Estimate::NONE;
    }
    let r = Rate::new(count, of);
    let n = of as f64 + 4.0;
    let p = (count as f64 + 2.0) / n;
    Estimate {
        value: Some(r.rate),
        se: Some((p * (1.0 - p) / n).sqrt()),
        low: Some(r.low),
        high: Some(r.high),
    }
}

/// A mean: its standard error and normal 95% interval.
fn mean(m: &Moments) -> Estimate {
    let (Some(v), Some(var)) = (m.mean(), m.variance_of_mean()) else {
        return Estimate::NONE;
    };
    let se = var.sqrt();
    Estimate {
        value: Some(v),
        se: Some(se),
        low: Some(v - Z95 * se),
        high: Some(v + Z95 * se),
    }
}

/// A spread: the standard deviation alone.
fn spread(m: &Moments) -> Estimate {
    Estimate {
        value: m.sd(),
        ..Estimate::NONE
    }
}

/// The two-sided 95% point of the normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A cell's estimate of every measure, in the order of [`Measure::ALL`].
#[derive(Debug, Clone, PartialEq)]
pub struct Figures(pub Vec<(Measure, Estimate)>);

impl Figures {
    /// The estimate of `m`.
    pub fn get(&self, m: Measure) -> Estimate {
        self.0
            .iter()
            .find(|(k, _)| *k == m)
            .map_or(Estimate::NONE, |(_, e)| *e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{EndReason, MAX_SEATS, Places};

    fn ranked(p: [u8; 3], reason: EndReason) -> Option<Outcome> {
        let mut all = [0; MAX_SEATS];
        all[..3].copy_from_slice(&p);
        Some(Outcome::Ranked(Places(all), reason))
    }

    /// Ten games of three seats, tallied by hand: seat 0 first alone in
    /// 3 (a win, and 1st-3rd-2nd), seat 1 first alone in 1; first place
    /// shared by two seats in 3 (two 1-1-3, one 3-1-1, one of them at
    /// the game's turn limit); every seat first in 2 (a draw, and
    /// 1-1-1); 1 stopped by `--max-turns`. So decided = 4/10,
    /// drawishness = 2/10, shared first = 3/10 and unfinished = 1/10:
    /// they add up to the ten games. Completion leaves out the stopped
    /// game and the one at the turn limit: 8/10. First advantage: seat 0
    /// won 3 of the 4 decided games, its fair share is 1/3: 3/4 − 1/3 =
    /// 5/12.
    #[test]
    fn a_shared_first_place_is_neither_decided_nor_drawn() {
        use EndReason::{NoMoves, Result as Res, TurnLimit};
        let mut r = CellRecord::of(0, Vec::new(), &[], 3);
        let games = [
            Some(Outcome::Win(0, Res)),
            Some(Outcome::Win(0, NoMoves)),
            ranked([1, 3, 2], Res),
            ranked([2, 1, 3], Res),
            ranked([1, 1, 3], Res),
            ranked([1, 1, 3], TurnLimit),
            ranked([3, 1, 1], Res),
            Some(Outcome::Draw(NoMoves)),
            ranked([1, 1, 1], Res),
            None,
        ];
        for g in games {
            r.tally.add(g, 1, 10, 0, 0);
        }
        let f = r.figures();
        let value = |m| f.get(m).value.expect("measured");
        let near = |a: f64, b: f64| (a - b).abs() < 1e-12;
        assert!(near(value(Measure::Decided), 0.4));
        assert!(near(value(Measure::Drawishness), 0.2));
        assert!(near(value(Measure::Completion), 0.8));
        assert!(near(value(Measure::FirstAdvantage), 5.0 / 12.0));
        let st = r.tally.stats();
        assert_eq!((st.shared_first.count, st.unfinished.count), (3, 1));
        assert_eq!(r.tally.shared_firsts, vec![2, 3, 1]);
    }

    /// A skill game whose first place the stronger seat shares is no win
    /// of either side: it counts with the draws.
    #[test]
    fn a_shared_first_skill_game_counts_with_the_draws() {
        let mut c = SkillCount::default();
        count_skill(&mut c, ranked([1, 1, 3], EndReason::Result), 0);
        count_skill(&mut c, ranked([2, 1, 3], EndReason::Result), 1);
        count_skill(&mut c, ranked([2, 1, 3], EndReason::Result), 0);
        let want = SkillCount {
            games: 3,
            strong: 1,
            weak: 1,
            draws: 1,
        };
        assert_eq!(c, want);
    }

    /// Coverage is a share of the board: its interval stays in [0, 1]
    /// even where the mean ± 1.96 standard errors passes 1. Two games
    /// covering 100 % and 90 % of the sites: the mean is 0.95, its
    /// standard error 0.05 (sd 0.0707 over √2), so the normal interval's
    /// top would be 0.95 + 1.96 · 0.05 = 1.048; it is cut at 1, its
    /// bottom kept. Game lengths are not bounded above: kept whole.
    #[test]
    fn a_share_s_interval_stays_within_its_bounds() {
        let mut r = CellRecord::of(0, Vec::new(), &[], 2);
        r.coverage.add(1.0);
        r.coverage.add(0.9);
        r.turns.add(10.0);
        r.turns.add(30.0);
        let f = r.figures();
        let c = f.get(Measure::Coverage);
        assert!((c.value.unwrap() - 0.95).abs() < 1e-12);
        assert_eq!(c.high, Some(1.0));
        assert!((c.low.unwrap() - (0.95 - Z95 * 0.05)).abs() < 1e-9);
        let t = f.get(Measure::Turns);
        assert!((t.high.unwrap() - (20.0 + Z95 * 10.0)).abs() < 1e-9);
        for (m, e) in &f.0 {
            let (lo, hi) = m.bounds();
            for x in [e.low, e.high].into_iter().flatten() {
                assert!((lo..=hi).contains(&x), "{m:?}: {x}");
            }
        }
    }
}
