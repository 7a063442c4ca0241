//! What a finished game is worth (`(stakes …)`, docs/language.md): the
//! stake read from the final position, and the returns every front end
//! reads ([`State::returns`]).

use crate::compile::ir::Game;
use crate::engine::memo::Scope;
use crate::engine::{Outcome, State};

impl State {
    /// The points the finished game is worth to its winner: the
    /// `(stakes …)` end rule read from this (final) position for the
    /// winner, clamped to 1..=max; 1 for a game without the rule, a draw,
    /// a ranking of more than two seats, or a game still going on.
    pub fn stake(&self) -> u32 {
        self.outcome().map_or(1, |o| self.stake_of(o))
    }

    /// [`State::stake`] of this position when its outcome is `o`.
    pub(crate) fn stake_of(&self, o: Outcome) -> u32 {
        match (&self.game.end.stakes, o) {
            (Some(stakes), Outcome::Win(w, _)) => {
                let v = self.num_in(&stakes.num, &self.turn_ctx(w), &mut Scope::default());
                v.clamp(1, stakes.max) as u32
            }
            _ => 1,
        }
    }

    /// Per-seat returns, the one function every front end reads (the
    /// CLI's JSON, `analyze`, the web page, Python, OpenSpiel, PettingZoo,
    /// the searchers): [`Outcome::returns`] (+1 for a win, −1 for a loss,
    /// 0 for a draw with two players; with more, from +1 for first place
    /// to −1 for last by even steps, shared places sharing their mean)
    /// times the game's [`State::stake`]. All zero for a game in progress.
    pub fn returns(&self) -> Vec<f64> {
        let n = self.game.num_players();
        match self.outcome() {
            Some(o) => o.returns_at_stake(n, self.stake_of(o)),
            None => vec![0.0; n],
        }
    }
}

impl Outcome {
    /// [`Outcome::returns`] times `stake` (the points a win is worth,
    /// [`State::stake`]): ±stake for a two-player win, 0 for a draw.
    pub fn returns_at_stake(&self, n: usize, stake: u32) -> Vec<f64> {
        let s = f64::from(stake);
        self.returns(n).into_iter().map(|r| r * s).collect()
    }
}

impl Game {
    /// The largest stake a finished game can carry: the `(stakes …)`
    /// rule's `max` (declared, or worked out from its constants), 1
    /// without it. Every seat's return lies within ±this (a game's
    /// utility bounds).
    pub fn max_stake(&self) -> u32 {
        self.end.stakes.as_ref().map_or(1, |s| s.max as u32)
    }
}
