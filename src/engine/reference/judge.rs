//! Judging a position given from outside (a position text), as the rules
//! judge the end of a turn: a position that the end rules say is over is
//! over when it is set up, not one turn later.

use crate::board::Site;
use crate::compile::ir::{Decision, Effect, Game, NoMoves, Who};
use crate::engine::State;
use crate::engine::cond::Ctx;

impl State {
    /// Judges a position just set up, with no turn in progress (a
    /// continuation, `again`, steps played) and no outcome given: the `lose-when` conditions (each player for whom
    /// one holds loses), then the result effects of the moves (`(if COND
    /// (win))` in a generator's `then:` or `finally:`) read for the player
    /// who moved last, with `To` at each site where that player's stack
    /// is on top, as if it had just moved there (tic-tac-toe's three in a
    /// row, a breakthrough piece on the far row). A position that is over
    /// has its outcome set and no legal move.
    pub(crate) fn judge_given(&mut self) {
        let s = &self.scalars;
        // A turn in progress is judged when it ends (Pentago's five in a
        // row before its twist).
        // A chance node is the position before the step that rolls,
        // judged when that step is played.
        if s.outcome.is_some()
            || s.cont.is_some()
            || s.again.is_some()
            || s.turn_steps > 0
            || self.extras.chance.is_some()
        {
            return;
        }
        let game = self.game.clone();
        self.check_lose_conditions(&game);
        if self.scalars.outcome.is_some() {
            self.cache.forget();
            return;
        }
        let n = game.num_players() as u8;
        let last = (self.scalars.mover + n - 1) % n.max(1);
        let sites = (0..self.heights.len() as Site).filter(|&s| self.top_owner(s) == Some(last));
        for s in sites {
            if let Some((decision, who)) = self.result_at(&game, last, s) {
                self.decide(decision, who, last);
                self.cache.forget();
                return;
            }
        }
    }

    /// Plays on from a position just set up as play would from a turn
    /// start: under `(no-moves Pass)`, a player to move with no legal move
    /// passes, and the next player's turn begins (its automatic phases
    /// run, each player in turn passing while stuck; every one stuck is a
    /// draw). A roll the new turn needs leaves the state at a chance node
    /// (docs/chance.md), never drawn from the seed. Nothing is done for a
    /// position that is over, a chance node, a turn in progress, or a
    /// player who has a move. The undo journal is emptied: the position
    /// read is where undo stops.
    pub(crate) fn pass_given(&mut self) {
        let s = &self.scalars;
        let game = self.game.clone();
        if s.outcome.is_some()
            || s.cont.is_some()
            || s.again.is_some()
            || s.turn_steps > 0
            || self.extras.chance.is_some()
            || game.end.no_moves != Some(NoMoves::Pass)
        {
            return;
        }
        self.flush_sets();
        if self.has_candidate() {
            return;
        }
        self.next_player();
        self.begin_first_turn(&game);
        self.journal.clear();
        self.cache.forget();
    }

    /// The first result effect of the generators of `game` that fires for
    /// `player` having moved to `site`.
    fn result_at(&self, game: &Game, player: u8, site: Site) -> Option<(Decision, Who)> {
        let ctx = Ctx {
            player,
            subject: site,
            from: site,
            to: site,
            over: site,
            anchor: site,
            last: site,
        };
        game.gens
            .iter()
            .flat_map(|g| [&g.then, &g.finally])
            .find_map(|effects| self.result_of(effects, &ctx))
    }

    /// The result effect among `effects` that their conditions reach on
    /// this position (other effects are not run).
    fn result_of(&self, effects: &[Effect], ctx: &Ctx) -> Option<(Decision, Who)> {
        effects.iter().find_map(|e| match e {
            Effect::Result(decision, who) => Some((*decision, *who)),
            Effect::If(c, yes, no) if contains_result(yes) || contains_result(no) => {
                self.result_of(if self.eval(c, ctx) { yes } else { no }, ctx)
            }
            _ => None,
        })
    }
}

/// True if a result effect is among `effects`, inside `if`s or not.
fn contains_result(effects: &[Effect]) -> bool {
    effects.iter().any(|e| match e {
        Effect::Result(..) => true,
        Effect::If(_, yes, no) => contains_result(yes) || contains_result(no),
        _ => false,
    })
}
