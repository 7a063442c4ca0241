//! Seats leaving play in a game of more than two players (docs/players.md,
//! "Several players"): a result effect, a `lose-when` condition or the
//! `no-moves` rule makes a seat leave play with a place; the others play
//! on. Two-player games never come here.

use crate::compile::ir::{Decision, Game, NoMoves, Player};
use crate::engine::seats::{leave, settled};
use crate::engine::{EndReason, Outcome, State};

impl State {
    /// A result effect for seat `p` of a game of more than two players: a
    /// win or a loss makes it leave play, a draw ends the game (the seats
    /// still playing sharing the best free place).
    pub(crate) fn decide_seat(&mut self, decision: Decision, p: Player, r: EndReason) {
        let n = self.game.num_players();
        let play_on = self.game.end.play_on;
        self.scalars.outcome = match decision {
            Decision::Draw => Some(settled(&self.scalars.seats, n, r)),
            d => leave(
                &mut self.scalars.seats,
                1 << p,
                d == Decision::Win,
                n,
                play_on,
                r,
            ),
        };
    }

    /// The seats in `mask` lose together by a `lose-when` condition.
    pub(crate) fn seats_lose(&mut self, mask: u8) {
        let n = self.game.num_players();
        let r = EndReason::LoseCondition;
        self.scalars.outcome = leave(&mut self.scalars.seats, mask, false, n, false, r);
    }

    /// The outcome when `me`, to move in a game of more than two players,
    /// has no legal move and the `no-moves` rule says `rule`, were the seat
    /// to leave play now (a `Loss` or `Win` that does not end the game
    /// gives `None`: [`State::skip_stuck_seats`] plays on).
    pub(crate) fn stuck_seat_outcome(&self, rule: Option<NoMoves>, me: Player) -> Option<Outcome> {
        let won = match rule {
            Some(NoMoves::Loss) => false,
            Some(NoMoves::Win) => true,
            // A seat that would pass but is found stuck (every seat is:
            // `State::pass_while_stuck`) ends the game as a draw does.
            Some(NoMoves::Draw | NoMoves::Pass) | None => {
                return Some(settled(
                    &self.scalars.seats,
                    self.game.num_players(),
                    EndReason::NoMoves,
                ));
            }
            Some(NoMoves::Score) => return None,
        };
        let mut seats = self.scalars.seats;
        let n = self.game.num_players();
        leave(
            &mut seats,
            1 << me,
            won,
            n,
            self.game.end.play_on,
            EndReason::NoMoves,
        )
    }

    /// After a turn of a game of more than two players: while the seat to
    /// move has no legal move and the `no-moves` rule makes it leave play
    /// without ending the game, it leaves and the turn passes on.
    pub(crate) fn skip_stuck_seats(&mut self, game: &Game) {
        let n = game.num_players();
        for _ in 0..n {
            if self.scalars.outcome.is_some() || !self.legal_steps().is_empty() {
                return;
            }
            let me = self.scalars.mover;
            let won = match self.no_moves_rule() {
                Some(NoMoves::Loss) => false,
                Some(NoMoves::Win) => true,
                _ => return,
            };
            let r = EndReason::NoMoves;
            let out = leave(
                &mut self.scalars.seats,
                1 << me,
                won,
                n,
                game.end.play_on,
                r,
            );
            self.cache.forget();
            if out.is_some() {
                self.scalars.outcome = out;
                return;
            }
            self.next_player();
            if !self.tables.plain_turns {
                self.begin_turn(game);
            }
        }
    }
}
