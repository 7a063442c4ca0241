//! Variant analysis: many seeded games between computer players, summed
//! up as the figures a designer compares between toggle settings — win
//! rates with confidence intervals, game length, branching factor, and how
//! games end.
//!
//! Game `i` draws from stream `i` of the run's seed ([`super::seeded_rng`]),
//! and results are gathered in game order, so the figures do not depend on
//! the number of threads.

use super::place_mean::{SeatMean, return_unit};
use super::{GameSummary, PlayerSpec, nature_rng, play_game_watched, seeded_rng};
use crate::engine::{FirstPlace, Move, Outcome, State};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What to play.
#[derive(Debug, Clone)]
pub struct RunSpec {
    /// Side `s` is played by `players[s % players.len()]` (a human is
    /// replaced by the random player).
    pub players: Vec<PlayerSpec>,
    /// Number of games.
    pub count: u64,
    /// Seed of the run.
    pub seed: u64,
    /// Turns after which a game is stopped (counted as unfinished).
    pub max_turns: u32,
}

/// Plays the games of `spec` from `start` on the current rayon pool;
/// `tick` is called after each game (for a progress bar). Results are in
/// game order.
pub fn play_games(start: &State, spec: &RunSpec, tick: &(dyn Fn() + Sync)) -> Vec<GameSummary> {
    play_range(start, spec, 0..spec.count, tick)
}

/// Plays games number `games` of `spec` (a shard of the run: game `i` is
/// the same game whichever range it is played in); otherwise as
/// [`play_games`].
pub fn play_range(
    start: &State,
    spec: &RunSpec,
    games: std::ops::Range<u64>,
    tick: &(dyn Fn() + Sync),
) -> Vec<GameSummary> {
    play_range_watched(start, spec, games, tick, &|| ())
        .into_iter()
        .map(|(s, ())| s)
        .collect()
}

/// What a caller of [`play_range_watched`] sees of each game: every
/// position before its turn, and the last position.
pub trait Watch: Send {
    /// What is kept of the game.
    type Out: Send;
    /// The position `st`, the turn chosen in it, and its number of legal
    /// turns when known (`None`: sampled from a list too long to count).
    fn turn(&mut self, st: &State, turn: &[Move], legal: Option<usize>);
    /// The game is over (or stopped): its summary and last position.
    fn end(self, summary: &GameSummary, last: &State) -> Self::Out;
    /// Nature's move `m` in position `st`, before it is played
    /// (docs/chance.md); nothing by default.
    fn chance(&mut self, _st: &State, _m: &Move) {}
}

/// The seed of game `i` of a run seeded with `seed`: the seed its first
/// player is drawn from in a game that draws it (`(first Random)`), and
/// the `seed` of its record (`ludic analyze --record`), which `ludic
/// replay` starts the game from. Game 0's is the run's seed itself.
pub fn game_seed(seed: u64, i: u64) -> u64 {
    seed ^ i.wrapping_mul(0xA076_1D64_78BD_642F)
}

/// Watches nothing.
impl Watch for () {
    type Out = ();
    fn turn(&mut self, _: &State, _: &[Move], _: Option<usize>) {}
    fn end(self, _: &GameSummary, _: &State) {}
}

/// [`play_range`], each game watched by a watcher from `watcher`: the
/// games (the same ones) with what their watchers kept, in game order.
pub fn play_range_watched<W: Watch>(
    start: &State,
    spec: &RunSpec,
    games: std::ops::Range<u64>,
    tick: &(dyn Fn() + Sync),
    watcher: &(dyn Fn() -> W + Sync),
) -> Vec<(GameSummary, W::Out)> {
    let n = start.game().num_players();
    games
        .into_par_iter()
        // Each thread plays from its own copy of the game (see
        // `State::detached`).
        .map_init(
            || start.detached(),
            |local, i| {
                let start = &*local;
                let mut players: Vec<_> = (0..n)
                    .map(|s| {
                        let rng = seeded_rng(spec.seed, i, s);
                        match spec.players[s % spec.players.len()] {
                            PlayerSpec::Human => Box::new(super::RandomPlayer::new(rng)),
                            p => p.build(rng).expect("a computer player"),
                        }
                    })
                    .collect();
                // A game whose first player is drawn (`(first Random)`): each
                // game draws its own from the run's seed.
                let drawn;
                let start = if start.game().first == crate::compile::heuristics::First::Random {
                    drawn = start.initial_seeded(game_seed(spec.seed, i));
                    &drawn
                } else {
                    start
                };
                let w = std::cell::RefCell::new(watcher());
                let mut nature = nature_rng(spec.seed, i);
                let (summary, last) = play_game_watched(
                    start,
                    &mut players,
                    spec.max_turns,
                    &mut nature,
                    |st, t, n| w.borrow_mut().turn(st, t, n),
                    |st, m| w.borrow_mut().chance(st, m),
                );
                let w = w.into_inner();
                let out = w.end(&summary, &last);
                tick();
                (summary, out)
            },
        )
        .collect()
}

/// A proportion with its 95% Wilson score interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Rate {
    /// Successes.
    pub count: u64,
    /// Trials.
    pub of: u64,
    /// `count / of` (0 when `of` is 0).
    pub rate: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

impl Rate {
    /// `count` successes in `of` trials.
    pub fn new(count: u64, of: u64) -> Rate {
        let (low, high) = wilson(count, of);
        Rate {
            count,
            of,
            rate: if of == 0 {
                0.0
            } else {
                count as f64 / of as f64
            },
            low,
            high,
        }
    }
}

/// How a set of games ended, as counts: the figures that add up when
/// shards of a run are merged ([`Tally::merge`]); [`Tally::stats`] turns
/// them into rates and means. Random playouts and analysed games are
/// counted alike.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Tally {
    /// Games counted.
    pub games: u64,
    /// Wins of each player, in turn order: games it ended first alone.
    pub wins: Vec<u64>,
    /// Draws: games that ended with every seat first
    /// ([`FirstPlace::Everyone`]).
    pub draws: u64,
    /// Games that ended with first place shared by some seats but not all
    /// ([`FirstPlace::Shared`]: Red 1st, Blue 1st, Yellow 3rd); never with
    /// two players. Wins, shared firsts, draws, losses and unfinished
    /// games make the games.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub shared_first: u64,
    /// Games that ended with no seat first: the losses of a game of one
    /// player ([`FirstPlace::Nobody`]); never with more players.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub losses: u64,
    /// With more than two players, each seat's count of the games whose
    /// first place it shared (`shared_first`, seat by seat); empty with
    /// two players.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shared_firsts: Vec<u64>,
    /// Games stopped at the turn limit.
    pub unfinished: u64,
    /// Each seat's returns ([`Outcome::returns`]; 0 for an unfinished
    /// game) summed over the games, in units of `1 / (2(n − 1))` for `n`
    /// seats ([`return_unit`]) so that they add up exactly; empty in a
    /// tally read from a shard written before returns were kept.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub returns_sum: Vec<i64>,
    /// Each seat's squared returns summed, in the square of that unit.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub returns_sq_sum: Vec<u64>,
    /// The largest stake among the games counted (`(stakes …)`,
    /// [`crate::engine::State::stake`]; 0 or 1: every win worth 1): the
    /// mean returns' intervals are clamped to ±this.
    #[serde(default, skip_serializing_if = "is_small_stake")]
    pub stake_max: u32,
    /// Games by end condition (`no_moves`, …; `unfinished` for games
    /// stopped at the turn limit).
    pub end_reasons: BTreeMap<String, u64>,
    /// Turns over all games.
    pub turns_sum: u64,
    /// Shortest game (0 when there is none).
    pub turns_min: u32,
    /// Longest game.
    pub turns_max: u32,
    /// Legal turns summed over the positions where a player chose and
    /// their number is known (see [`Tally::branching_turns`]).
    pub branching_sum: u64,
    /// Positions counted in `branching_sum`: every turn, except those
    /// where a heuristic player sampled its turn from a list too long to
    /// count (Genocide's movement phase, docs/players.md).
    #[serde(default)]
    pub branching_turns: u64,
    /// Games by their length in turns (for a histogram).
    #[serde(default)]
    pub lengths: BTreeMap<u32, u64>,
    /// With more than two players, each seat's places summed over the
    /// finished games (1 first; [`crate::engine::Outcome::places`]); empty
    /// with two players.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub places_sum: Vec<u64>,
    /// With more than two players, each seat's squared places summed over
    /// the finished games (for the interval of the mean place); empty with
    /// two players.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub places_sq_sum: Vec<u64>,
}

impl Tally {
    /// No games yet, for a game of `players` players.
    pub fn new(players: usize) -> Tally {
        Tally {
            wins: vec![0; players],
            shared_firsts: if players > 2 {
                vec![0; players]
            } else {
                Vec::new()
            },
            returns_sum: vec![0; players],
            returns_sq_sum: vec![0; players],
            places_sum: if players > 2 {
                vec![0; players]
            } else {
                Vec::new()
            },
            places_sq_sum: if players > 2 {
                vec![0; players]
            } else {
                Vec::new()
            },
            ..Tally::default()
        }
    }

    /// Each seat's mean place over the finished games (1 first), with
    /// more than two players; empty with two, or before any game ends.
    pub fn mean_places(&self) -> Vec<f64> {
        let finished = self.games.saturating_sub(self.unfinished);
        if finished == 0 {
            return Vec::new();
        }
        self.places_sum
            .iter()
            .map(|&p| p as f64 / finished as f64)
            .collect()
    }

    /// Counts one game: how it ended (`None`: at the turn limit), what
    /// it is worth to its winner (`stake`: [`crate::engine::State::stake`],
    /// 1 without stakes), its length, its branching sum and the turns
    /// that sum is over.
    pub fn add(
        &mut self,
        outcome: Option<Outcome>,
        stake: u32,
        turns: u32,
        branching_sum: u64,
        branching_turns: u64,
    ) {
        match outcome {
            Some(o) => {
                let n = self.places_sum.len();
                let places = o.places(n);
                for (sum, p) in self.places_sum.iter_mut().zip(&places) {
                    *sum += u64::from(*p);
                }
                for (sum, p) in self.places_sq_sum.iter_mut().zip(&places) {
                    *sum += u64::from(*p) * u64::from(*p);
                }
                self.add_first(o);
                self.add_returns(o, stake);
                *self
                    .end_reasons
                    .entry(o.reason().name().into())
                    .or_default() += 1;
            }
            None => {
                self.unfinished += 1;
                *self.end_reasons.entry("unfinished".into()).or_default() += 1;
            }
        }
        self.turns_min = if self.games == 0 {
            turns
        } else {
            self.turns_min.min(turns)
        };
        self.turns_max = self.turns_max.max(turns);
        self.games += 1;
        *self.lengths.entry(turns).or_default() += 1;
        self.turns_sum += u64::from(turns);
        self.branching_sum += branching_sum;
        self.branching_turns += branching_turns;
    }

    /// Counts who took first place in a finished game: a win, a shared
    /// first place ([`FirstPlace::Shared`]), a draw, or nobody (the loss
    /// of a game of one player).
    fn add_first(&mut self, o: Outcome) {
        match o.first_place(self.wins.len()) {
            FirstPlace::Alone(w) => {
                if let Some(c) = self.wins.get_mut(w as usize) {
                    *c += 1;
                }
            }
            FirstPlace::Shared(mask) => {
                self.shared_first += 1;
                for (s, c) in self.shared_firsts.iter_mut().enumerate() {
                    *c += u64::from(mask >> s & 1);
                }
            }
            FirstPlace::Everyone => self.draws += 1,
            FirstPlace::Nobody => self.losses += 1,
        }
    }

    /// Adds each seat's return of a finished game worth `stake`
    /// ([`Outcome::returns_at_stake`], as [`crate::engine::State::returns`]
    /// gives them to Python's `State.returns()`) in the tally's unit.
    fn add_returns(&mut self, o: Outcome, stake: u32) {
        let n = self.wins.len();
        let unit = return_unit(n) as f64;
        self.stake_max = self.stake_max.max(stake);
        let returns = o.returns_at_stake(n, stake);
        let sums = self.returns_sum.iter_mut().zip(&mut self.returns_sq_sum);
        for ((sum, sq), r) in sums.zip(returns) {
            let k = (r * unit).round() as i64;
            *sum += k;
            *sq += k.unsigned_abs() * k.unsigned_abs();
        }
    }

    /// Each seat's mean return over every game (an unfinished one counts
    /// 0) with its interval ([`SeatMean::of_returns`]); empty before any game, or
    /// when a merged shard kept no returns.
    pub fn mean_returns(&self) -> Vec<SeatMean> {
        if self.games == 0 {
            return Vec::new();
        }
        let unit = return_unit(self.wins.len());
        let bound = f64::from(self.stake_max.max(1));
        self.returns_sum
            .iter()
            .zip(&self.returns_sq_sum)
            .map(|(&s, &q)| SeatMean::of_returns(s, q, self.games, unit, bound))
            .collect()
    }

    /// The tally of `games` of a game with `players` players.
    pub fn of(games: &[GameSummary], players: usize) -> Tally {
        let mut t = Tally::new(players);
        for g in games {
            t.add(
                g.outcome,
                g.stake,
                g.turns,
                g.branching_sum,
                u64::from(g.branching_turns),
            );
        }
        t
    }

    /// Adds the games of `other` (another shard of the same run).
    ///
    /// # Errors
    /// [`PlayersDiffer`] when the two count different numbers of players
    /// (the tally is unchanged).
    pub fn merge(&mut self, other: &Tally) -> Result<(), PlayersDiffer> {
        if self.wins.len() != other.wins.len() {
            return Err(PlayersDiffer {
                ours: self.wins.len(),
                theirs: other.wins.len(),
            });
        }
        if other.games == 0 {
            return Ok(());
        }
        self.turns_min = if self.games == 0 {
            other.turns_min
        } else {
            self.turns_min.min(other.turns_min)
        };
        // Saturating: a tally read from a hand-edited file may hold any
        // count ([`Tally::adds_up`] says whether it is consistent).
        self.turns_max = self.turns_max.max(other.turns_max);
        self.games = self.games.saturating_add(other.games);
        for (a, b) in self.wins.iter_mut().zip(&other.wins) {
            *a = a.saturating_add(*b);
        }
        for (a, b) in self.places_sum.iter_mut().zip(&other.places_sum) {
            *a = a.saturating_add(*b);
        }
        for (a, b) in self.places_sq_sum.iter_mut().zip(&other.places_sq_sum) {
            *a = a.saturating_add(*b);
        }
        self.draws = self.draws.saturating_add(other.draws);
        self.shared_first = self.shared_first.saturating_add(other.shared_first);
        self.losses = self.losses.saturating_add(other.losses);
        for (a, b) in self.shared_firsts.iter_mut().zip(&other.shared_firsts) {
            *a = a.saturating_add(*b);
        }
        self.merge_returns(other);
        self.unfinished = self.unfinished.saturating_add(other.unfinished);
        for (k, c) in &other.end_reasons {
            let e = self.end_reasons.entry(k.clone()).or_default();
            *e = e.saturating_add(*c);
        }
        self.turns_sum = self.turns_sum.saturating_add(other.turns_sum);
        self.branching_sum = self.branching_sum.saturating_add(other.branching_sum);
        self.branching_turns = self.branching_turns.saturating_add(other.branching_turns);
        for (k, c) in &other.lengths {
            let e = self.lengths.entry(*k).or_default();
            *e = e.saturating_add(*c);
        }
        Ok(())
    }

    /// Adds the returns of `other` (which has games); a shard that kept
    /// none leaves the merged tally without returns, rather than with a
    /// part of them.
    fn merge_returns(&mut self, other: &Tally) {
        let kept = |t: &Tally| {
            t.returns_sum.len() == t.wins.len() && t.returns_sq_sum.len() == t.wins.len()
        };
        if !kept(self) || !kept(other) {
            self.returns_sum.clear();
            self.returns_sq_sum.clear();
            return;
        }
        for (a, b) in self.returns_sum.iter_mut().zip(&other.returns_sum) {
            *a = a.saturating_add(*b);
        }
        for (a, b) in self.returns_sq_sum.iter_mut().zip(&other.returns_sq_sum) {
            *a = a.saturating_add(*b);
        }
        self.stake_max = self.stake_max.max(other.stake_max);
    }

    /// True when the counts agree with each other as [`Tally::add`] keeps
    /// them: wins, shared first places, draws, losses and unfinished
    /// games make the games ([`Tally::inconsistency`] says what is wrong
    /// otherwise).
    pub fn adds_up(&self) -> bool {
        self.inconsistency().is_none()
    }

    /// What makes these counts impossible for real games, in words
    /// (`None` when they agree with each other as [`Tally::add`] keeps
    /// them): wins, shared first places, draws, losses and unfinished
    /// games make the games, and so do the end conditions; no game is longer than the
    /// longest; each seat's returns (one entry a seat, or none in a shard
    /// written before returns were kept) lie within what its finished games
    /// can make, ± the stake bound a game; the branching sum lies between
    /// one and [`crate::engine::MAX_TURNS`] legal turns a counted position.
    pub fn inconsistency(&self) -> Option<String> {
        let sum = |mut it: std::slice::Iter<'_, u64>| it.try_fold(0u64, |a, &b| a.checked_add(b));
        let ends = sum(self.wins.iter())
            .and_then(|w| w.checked_add(self.draws))
            .and_then(|w| w.checked_add(self.shared_first))
            .and_then(|w| w.checked_add(self.losses))
            .and_then(|w| w.checked_add(self.unfinished));
        if ends != Some(self.games) {
            return Some(format!(
                "wins, shared first places, draws, losses and unfinished games do not make its {} games",
                self.games
            ));
        }
        let reasons: Vec<u64> = self.end_reasons.values().copied().collect();
        if sum(reasons.iter()) != Some(self.games) {
            return Some(format!(
                "its end conditions do not count its {} games",
                self.games
            ));
        }
        let longest = u64::from(self.turns_max);
        if self.turns_sum > self.games.saturating_mul(longest) {
            return Some(format!(
                "turns_sum {} is more than {} games of at most {longest} turns",
                self.turns_sum, self.games
            ));
        }
        if self.branching_turns > self.turns_sum {
            return Some(format!(
                "branching_turns {} is more than the {} turns played",
                self.branching_turns, self.turns_sum
            ));
        }
        // Each position counted lists one legal turn at least, and at most
        // MAX_TURNS (the lists stop there).
        let most = u128::from(self.branching_turns) * crate::engine::MAX_TURNS as u128;
        if self.branching_sum < self.branching_turns || u128::from(self.branching_sum) > most {
            return Some(format!(
                "branching_sum {} is not 1 to {} legal turns a position over its {} counted \
                 positions (`branching_turns`)",
                self.branching_sum,
                crate::engine::MAX_TURNS,
                self.branching_turns
            ));
        }
        self.returns_inconsistency()
    }

    /// The returns' part of [`Tally::inconsistency`].
    fn returns_inconsistency(&self) -> Option<String> {
        let seats = self.wins.len();
        let (sums, squares) = (self.returns_sum.len(), self.returns_sq_sum.len());
        if sums != squares || (sums != 0 && sums != seats) {
            return Some(format!(
                "returns_sum has {sums} entries and returns_sq_sum {squares}, \
                 where one a seat ({seats}) was expected"
            ));
        }
        let max_stake = crate::compile::stakes::MAX_STAKE as u64;
        if u64::from(self.stake_max) > max_stake {
            return Some(format!(
                "stake_max {} is above the largest stake a game can have, {max_stake}",
                self.stake_max
            ));
        }
        // A finished game's return is within ± its stake; an unfinished
        // game's is 0. In the tally's unit, as whole numbers.
        let finished = u128::from(self.games - self.unfinished);
        let bound = u128::from(return_unit(seats)) * u128::from(self.stake_max.max(1));
        for (seat, (&s, &q)) in self
            .returns_sum
            .iter()
            .zip(&self.returns_sq_sum)
            .enumerate()
        {
            let s_abs = u128::from(s.unsigned_abs());
            if s_abs > finished * bound || u128::from(q) > finished * bound * bound {
                return Some(format!(
                    "seat {}'s returns_sum {s} (squares {q}) is beyond what {finished} \
                     finished games can make (each within ±{bound}, squares {})",
                    seat + 1,
                    bound * bound
                ));
            }
            if u128::from(q) < s_abs {
                return Some(format!(
                    "seat {}'s returns_sq_sum {q} is below its returns_sum {s}, \
                     as no whole numbers' squares are",
                    seat + 1
                ));
            }
        }
        None
    }

    /// The rates (with their intervals) and means of these counts.
    pub fn stats(&self) -> Stats {
        let n = self.games;
        Stats {
            games: n,
            wins: self.wins.iter().map(|&w| Rate::new(w, n)).collect(),
            draws: Rate::new(self.draws, n),
            shared_first: Rate::new(self.shared_first, n),
            losses: Rate::new(self.losses, n),
            shared_firsts: self
                .shared_firsts
                .iter()
                .map(|&c| Rate::new(c, n))
                .collect(),
            mean_returns: self.mean_returns(),
            unfinished: Rate::new(self.unfinished, n),
            turns_mean: self.turns_sum as f64 / n.max(1) as f64,
            turns_min: self.turns_min,
            turns_max: self.turns_max,
            branching_mean: (self.branching_turns > 0)
                .then(|| self.branching_sum as f64 / self.branching_turns as f64),
            end_reasons: self
                .end_reasons
                .iter()
                .map(|(k, &c)| (k.clone(), Rate::new(c, n)))
                .collect(),
            mean_places: self.mean_place_intervals(),
        }
    }

    /// Each seat's mean place with its interval ([`SeatMean::of_places`]), with more
    /// than two players; empty with two, or before any game ends. A tally
    /// read from a shard written before the squares were kept has none:
    /// its intervals span every place.
    pub fn mean_place_intervals(&self) -> Vec<SeatMean> {
        let finished = self.games.saturating_sub(self.unfinished);
        // No finished game: no place to average (as `mean_places`).
        if finished == 0 {
            return Vec::new();
        }
        let seats = self.places_sum.len();
        let squares = self
            .places_sq_sum
            .iter()
            .copied()
            .chain(std::iter::repeat(0));
        self.places_sum
            .iter()
            .zip(squares)
            .map(|(&s, q)| {
                let mut m = SeatMean::of_places(s, q, finished, seats);
                // Places are at least 1: squares below the sum were not kept.
                if q < s {
                    (m.low, m.high) = (1.0, seats as f64);
                }
                m
            })
            .collect()
    }
}

/// For serde: a count left out of a tally's JSON when it is zero.
fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// True for a stake bound that says nothing (0 or 1): not written.
fn is_small_stake(n: &u32) -> bool {
    *n <= 1
}

/// Two tallies that [`Tally::merge`] cannot add: they count different
/// numbers of players (a two-player tally and `Tally::new(3)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("tallies of {ours} and {theirs} players cannot be merged")]
pub struct PlayersDiffer {
    /// Players of the tally merged into.
    pub ours: usize,
    /// Players of the tally merged from.
    pub theirs: usize,
}

/// The figures of one setting.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Stats {
    /// Games played.
    pub games: u64,
    /// Wins of each player, in turn order: first place alone.
    pub wins: Vec<Rate>,
    /// Draws: every seat first.
    pub draws: Rate,
    /// Games whose first place was shared by some seats, not all.
    pub shared_first: Rate,
    /// Games with no seat first: the losses of a game of one player.
    pub losses: Rate,
    /// With more than two players, each seat's share of the games whose
    /// first place it shared; empty with two.
    pub shared_firsts: Vec<Rate>,
    /// Each seat's mean return over every game with its 95% interval
    /// ([`SeatMean::of_returns`]), in turn order; empty before any game.
    pub mean_returns: Vec<SeatMean>,
    /// Games stopped at the turn limit.
    pub unfinished: Rate,
    /// Mean game length in turns.
    pub turns_mean: f64,
    /// Shortest game.
    pub turns_min: u32,
    /// Longest game.
    pub turns_max: u32,
    /// Mean number of legal turns over the positions where a player chose
    /// and that number is known; `None` when it is known nowhere (every
    /// turn sampled, as heuristic players do in Genocide).
    pub branching_mean: Option<f64>,
    /// Share of games ended by each end condition (`no_moves`, …;
    /// `unfinished` for games stopped at the turn limit).
    pub end_reasons: BTreeMap<String, Rate>,
    /// With more than two players, each seat's mean place over the
    /// finished games with its 95% interval, in turn order; empty with two.
    pub mean_places: Vec<SeatMean>,
}

impl Stats {
    /// Sums up `games` of a game with `players` players.
    pub fn of(games: &[GameSummary], players: usize) -> Stats {
        Tally::of(games, players).stats()
    }
}

/// The 95% Wilson score interval of `k` successes in `n` trials.
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = n as f64;
    let p = k as f64 / n;
    let z2n = z * z / n;
    let centre = (p + z2n / 2.0) / (1.0 + z2n);
    let half = z * (p * (1.0 - p) / n + z2n / (4.0 * n)).sqrt() / (1.0 + z2n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// A two-proportion z-test of `a` against `b` (pooled variance).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Difference {
    /// `b.rate − a.rate`.
    pub difference: f64,
    /// The z statistic (0 when both proportions are 0 or 1).
    pub z: f64,
    /// Two-sided p-value.
    pub p: f64,
    /// `p < 0.05`.
    pub significant: bool,
}

/// Tests whether the proportions `a` and `b` differ (two-sided,
/// two-proportion z-test with pooled variance; 5% level).
pub fn two_proportion(a: Rate, b: Rate) -> Difference {
    let difference = b.rate - a.rate;
    let pooled = (a.count + b.count) as f64 / (a.of + b.of).max(1) as f64;
    let se =
        (pooled * (1.0 - pooled) * (1.0 / a.of.max(1) as f64 + 1.0 / b.of.max(1) as f64)).sqrt();
    let z = if se > 0.0 { difference / se } else { 0.0 };
    let p = erfc(z.abs() / std::f64::consts::SQRT_2);
    Difference {
        difference,
        z,
        p,
        significant: p < 0.05,
    }
}

/// The complementary error function (Chebyshev fit, relative error below
/// 1.2e-7; Numerical Recipes' `erfcc`).
pub(crate) fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::fixture;

    #[test]
    fn wilson_matches_published_values() {
        // Values computed independently from the formula.
        let (lo, hi) = wilson(81, 263);
        assert!(
            (lo - 0.2553).abs() < 1e-3 && (hi - 0.3662).abs() < 1e-3,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(0, 10);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 1e-3, "{hi}");
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }

    #[test]
    fn z_test_and_erfc() {
        assert!((erfc(0.0) - 1.0).abs() < 1e-7);
        assert!((erfc(1.959_964 / std::f64::consts::SQRT_2) - 0.05).abs() < 1e-6);
        assert!((erfc(-1.0) - 1.842_700_79).abs() < 1e-6);
        let d = two_proportion(Rate::new(500, 1000), Rate::new(550, 1000));
        assert!((d.difference - 0.05).abs() < 1e-12);
        assert!((d.z - 2.2389).abs() < 1e-3, "{}", d.z);
        assert!(d.significant && (d.p - 0.02516).abs() < 1e-4, "{}", d.p);
        let same = two_proportion(Rate::new(0, 10), Rate::new(0, 10));
        assert_eq!((same.z, same.significant), (0.0, false));
        assert!((same.p - 1.0).abs() < 1e-6);
    }

    #[test]
    fn a_tally_of_three_seats_keeps_each_seats_places() {
        use crate::engine::{EndReason::Result, Places};
        let mut t = Tally::new(3);
        t.add(
            Some(Outcome::Ranked(Places([2, 1, 3, 0, 0, 0, 0, 0]), Result)),
            1,
            10,
            0,
            0,
        );
        // A first win of three: the others share second place.
        t.add(Some(Outcome::Win(0, Result)), 1, 12, 0, 0);
        t.add(None, 1, 300, 0, 0);
        assert_eq!(t.places_sum, [3, 3, 5]);
        assert_eq!(t.mean_places(), [1.5, 1.5, 2.5]);
        assert_eq!(t.wins, [1, 1, 0]);
        assert!(t.adds_up());
        assert!(Tally::new(2).mean_places().is_empty());
    }

    #[test]
    fn a_shared_first_place_is_neither_a_win_nor_a_draw() {
        use crate::engine::{EndReason::Result, Places};
        let ranked = |p: [u8; 3]| {
            let mut all = [0; 8];
            all[..3].copy_from_slice(&p);
            Some(Outcome::Ranked(Places(all), Result))
        };
        let mut t = Tally::new(3);
        // Red 1st, Blue 1st, Yellow 3rd; then Blue alone; then all first.
        t.add(ranked([1, 1, 3]), 1, 10, 0, 0);
        t.add(ranked([2, 1, 3]), 1, 10, 0, 0);
        t.add(Some(Outcome::Draw(Result)), 1, 10, 0, 0);
        t.add(None, 1, 10, 0, 0);
        assert_eq!(
            (t.wins.clone(), t.draws, t.shared_first),
            (vec![0, 1, 0], 1, 1)
        );
        assert_eq!(t.shared_firsts, [1, 1, 0]);
        assert!(t.adds_up());
        // Returns by the rules of docs/players.md: places 1 and 2 shared
        // are worth (1 + 0) / 2 each, third −1; 2nd 0, 1st 1; a draw and
        // an unfinished game 0.
        let means: Vec<f64> = t.mean_returns().iter().map(|m| m.mean).collect();
        assert_eq!(means, [0.5 / 4.0, 1.5 / 4.0, -2.0 / 4.0]);
        let s = t.stats();
        assert_eq!((s.shared_first.count, s.shared_firsts[1].count), (1, 1));
        // A shard's tally merges with its shared places and returns.
        let mut m = Tally::new(3);
        m.merge(&t).unwrap();
        m.merge(&t).unwrap();
        assert_eq!(
            (m.shared_first, m.returns_sum.clone()),
            (2, vec![4, 12, -16])
        );
        // A shard that kept no returns leaves none, not a part.
        let mut old = t.clone();
        old.returns_sum.clear();
        m.merge(&old).unwrap();
        assert!(m.mean_returns().is_empty() && m.adds_up());
    }

    #[test]
    fn a_tally_of_one_player_counts_its_losses_apart_from_wins_and_draws() {
        use crate::engine::EndReason::{NoMoves, Result};
        let mut t = Tally::new(1);
        t.add(Some(Outcome::Win(0, Result)), 1, 3, 0, 0);
        t.add(Some(Outcome::Loss(0, Result)), 1, 3, 0, 0);
        t.add(Some(Outcome::Loss(0, NoMoves)), 1, 9, 0, 0);
        t.add(Some(Outcome::Draw(NoMoves)), 1, 9, 0, 0);
        t.add(None, 1, 20, 0, 0);
        assert_eq!((t.wins.clone(), t.losses, t.draws), (vec![1], 2, 1));
        assert!(t.adds_up());
        // Returns +1, −1, −1, 0, and 0 unfinished: a mean of −1/5.
        let means: Vec<f64> = t.mean_returns().iter().map(|m| m.mean).collect();
        assert_eq!(means, [-0.2]);
        assert_eq!(t.stats().losses.count, 2);
        // A shard's losses merge.
        let mut m = Tally::new(1);
        m.merge(&t).unwrap();
        m.merge(&t).unwrap();
        assert_eq!((m.losses, m.wins.clone()), (4, vec![2]));
        assert!(m.adds_up());
    }

    #[test]
    fn results_do_not_depend_on_threads() {
        let start = fixture::start();
        let spec = RunSpec {
            players: vec![PlayerSpec::Random],
            count: 60,
            seed: 3,
            max_turns: 1000,
        };
        let on = |threads| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| play_games(&start, &spec, &|| {}))
        };
        let one = on(1);
        assert_eq!(one, on(2));
        let s = Stats::of(&one, 2);
        assert_eq!(s.games, 60);
        assert_eq!(s.wins[0].count + s.wins[1].count + s.draws.count, 60);
        assert!(s.branching_mean.is_some_and(|b| b > 1.0));
        assert!(s.turns_min as f64 <= s.turns_mean && s.turns_mean <= s.turns_max as f64);
        assert_eq!(s.end_reasons["no_moves"].count, 60);
    }
}
