//! Perft's last ply for a lean placement: a piece put down where the
//! step's `then:` does nothing, in a game whose turns are plain. Such a
//! step changes one stack and the turn's bookkeeping, and nothing of the
//! general step ([`State::play_unjudged`]) but those is needed to make
//! it: no filter, effect, chain, `finally:` or end rule runs.

use super::state::Pending;
use super::{Move, State};
use crate::compile::ir::{Game, Maximize};

impl State {
    /// Plays `m` as [`State::play_unjudged`] does, without the general
    /// step, when its generator is a lean placement
    /// ([`super::tables::GenTables::lean_place`]), the game's turns are
    /// plain, no site is marked, and its `then:` is known to do nothing
    /// here ([`State::then_quiet`], [`State::known_quiet`]); false, the
    /// state unchanged but for its site sets brought up to date, when it
    /// is not such a step.
    #[inline]
    pub(crate) fn place_unjudged(&mut self, game: &Game, m: &Move) -> bool {
        let Some(kind) = self
            .tables
            .gens
            .get(m.gen_id as usize)
            .and_then(|t| t.lean_place)
        else {
            return false;
        };
        if !self.tables.plain_turns || self.s.marked != 0 {
            return false;
        }
        // The memory of quiet steps reads the owners' sets.
        self.flush_sets();
        if !(self.then_quiet(m) || self.known_quiet(m)) {
            return false;
        }
        self.push_frame();
        if !self.mid_turn() {
            self.note_moved_facts(game, m);
        }
        if self.s.turn_steps == 0 {
            self.s.turn_score = 0;
        }
        if game.maximize == Some(Maximize::Steps) {
            self.s.turn_score += 1;
        }
        if self.put_piece(m.to, game.piece(kind, self.s.mover)) {
            // Nothing reads the sets before the step is taken back or
            // another is played (`State::defer_sets`).
            self.pending_sets = Some(Pending::Placed(m.to));
        }
        self.end_lean_turn(m);
        true
    }

    /// The bookkeeping of a lean placement `m` once its piece is down:
    /// what the general step leaves of the turn it ends unjudged.
    #[inline(always)]
    fn end_lean_turn(&mut self, m: &Move) {
        self.removed.clear();
        self.converted.clear();
        self.s.passes = 0;
        self.s.last = m.to;
        self.s.last_from = m.from;
        self.s.turn_captured = false;
        self.s.turn_progress = false;
        self.next_player();
    }
}
