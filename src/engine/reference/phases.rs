//! Phases inside a turn: automatic phases apply effects (Genocide's growth
//! and battle, docs/games/genocide.md); a player-driven phase gives the moves, and a
//! repeated one goes on step by step until the player ends it or has no
//! move left. Also the lose conditions checked after every turn.

use crate::board::NO_SITE;
use crate::compile::ir::{Effect, Game, Player};
use crate::engine::apply::Flow;
use crate::engine::cond::Ctx;
use crate::engine::{EndReason, EndRule, Outcome, State};
use std::sync::Arc;

impl State {
    /// Starts the mover's turn: runs the automatic phases from the first
    /// until one with moves.
    pub(crate) fn begin_turn(&mut self, game: &Game) {
        if !self.run_phases_from(game, 0) {
            self.scalars.phase = 0;
        }
    }

    /// A context for the mover with no particular site.
    pub(crate) fn turn_ctx(&self, player: Player) -> Ctx {
        Ctx {
            player,
            subject: NO_SITE,
            from: NO_SITE,
            to: NO_SITE,
            over: NO_SITE,
            anchor: NO_SITE,
            last: self.scalars.last,
        }
    }

    /// Runs phases from `start`: automatic effects, until a phase with
    /// moves (which becomes current; returns true).
    fn run_phases_from(&mut self, game: &Game, start: usize) -> bool {
        for (p, phase) in game.phases.iter().enumerate().skip(start) {
            if !phase.auto.is_empty() {
                let ctx = self.turn_ctx(self.scalars.mover);
                let _ = self.run_auto(p, &phase.auto, &ctx);
            }
            if !phase.play.is_empty() {
                self.scalars.phase = p as u8;
                // A repeated phase where nothing but ending it is possible
                // is skipped.
                if !phase.repeat || self.has_candidate() {
                    return true;
                }
            }
        }
        false
    }

    /// Runs phase `p`'s `auto:` effects (as [`State::run_step_effects`]),
    /// their compiled parts read as sets when the tables have them.
    fn run_auto(&mut self, p: usize, auto: &[Effect], ctx: &Ctx) -> Flow {
        match self.tables.phase_auto.get(p).filter(|t| !t.is_empty()) {
            Some(_) => {
                self.removed.clear();
                self.converted.clear();
                let tables = Arc::clone(&self.tables);
                self.run_tree(auto, &tables.phase_auto[p], ctx)
            }
            None => self.run_step_effects(auto, ctx),
        }
    }

    /// After a step that did not chain (`end_phase`: an `(end-phase)` or a
    /// `(pass)` move): a repeated phase goes on while the mover has a move,
    /// did not end it and has taken fewer steps this turn than the board
    /// has sites (as a chain or an `again` block: a phase whose moves never
    /// run out would otherwise never end its turn); otherwise the following
    /// phases run and the turn ends.
    pub(crate) fn after_step(&mut self, game: &Game, end_phase: bool) {
        if self.tables.plain_turns {
            self.end_turn(game);
            return;
        }
        let phase = self.scalars.phase as usize;
        let room = (self.scalars.turn_steps as usize) < self.heights.len();
        if game.phases[phase].repeat && !end_phase && room && self.has_candidate() {
            return;
        }
        if self.run_phases_from(game, phase + 1) {
            return;
        }
        self.end_turn(game);
    }

    /// Applies the `lose-when` conditions: each player for whom one holds
    /// loses; all of them at once: a draw.
    pub(crate) fn check_lose_conditions(&mut self, game: &Game) {
        if game.end.lose_when.is_empty() || self.scalars.outcome.is_some() {
            return;
        }
        let n = game.num_players() as Player;
        if crate::engine::seats::ranks(n as usize) {
            let playing = self.scalars.seats.playing(n as usize);
            let losers = (0..n)
                .filter(|&p| playing & (1 << p) != 0 && self.loses_now(game, p))
                .fold(0u8, |acc, p| acc | 1 << p);
            self.seats_lose(losers);
            return;
        }
        // Bit `p` for each player `p` who loses, and the first loser's
        // rule: the one that ended the game.
        let (mut losers, mut first) = (0u64, None);
        for p in 0..n {
            if let Some(i) = self.lose_rule(game, p) {
                losers |= 1 << p;
                first = first.or(Some(i));
            }
        }
        let reason = EndReason::LoseCondition;
        self.end_rule = first
            .and_then(|i| u8::try_from(i).ok())
            .map(EndRule::LoseWhen);
        self.scalars.outcome = match losers.count_ones() {
            0 => None,
            // The one player of a game of one loses (not a draw of all).
            _ if n == 1 => Some(Outcome::Loss(0, reason)),
            k if k == n as u32 => Some(Outcome::Draw(reason)),
            _ if n == 2 => Some(Outcome::Win(1 - losers.trailing_zeros() as Player, reason)),
            _ => None,
        };
    }

    /// True if a `lose-when` condition holds for `player` now.
    fn loses_now(&self, game: &Game, player: Player) -> bool {
        self.lose_rule(game, player).is_some()
    }

    /// The index of the first `lose-when` condition that holds for
    /// `player` now (each compiled where the tables have it so).
    fn lose_rule(&self, game: &Game, player: Player) -> Option<usize> {
        let compiled = &self.tables.lose_when;
        game.end
            .lose_when
            .iter()
            .enumerate()
            .position(|(i, c)| match compiled.get(i) {
                Some(Some(s)) => s.holds(self, player),
                _ => self.eval(c, &self.turn_ctx(player)),
            })
    }
}
