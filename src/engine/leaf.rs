//! Perft's last ply for a lean move: a piece put down, or a whole stack
//! moved onto an empty site, where the step's `then:` does nothing, in a
//! game whose turns are plain. Such a step changes one or two stacks and
//! the turn's bookkeeping, and nothing of the general step
//! ([`State::play_unjudged`]) but those is needed to make it: no filter,
//! effect, chain, `finally:` or end rule runs.

use super::state::Pending;
use super::tables::Lean;
use super::{Move, State};
use crate::compile::ir::{Game, Maximize};

impl State {
    /// Plays `m` as [`State::play_unjudged`] does, without the general
    /// step, when its generator is lean ([`super::tables::GenTables::lean`]):
    /// a placement, or a move of a whole stack of the mover's onto an
    /// empty site; the game's turns plain, no site marked, and its `then:`
    /// known to do nothing here ([`State::then_quiet`],
    /// [`State::known_quiet`]). False, the state unchanged but for its
    /// site sets brought up to date, when it is not such a step.
    #[inline]
    pub(crate) fn lean_unjudged(&mut self, game: &Game, m: &Move) -> bool {
        let Some(lean) = self.tables.gens.get(m.gen_id as usize).and_then(|t| t.lean) else {
            return false;
        };
        if !self.tables.plain_turns || self.s.marked != 0 || !self.lean_fits(lean, m) {
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
        match lean {
            Lean::Place(kind) => {
                if self.put_piece(m.to, game.piece(kind, self.s.mover)) {
                    // Nothing reads the sets before the step is taken back
                    // or another is played (`State::defer_sets`).
                    self.pending_sets = Some(Pending::Placed(m.to));
                }
            }
            Lean::Shift => {
                // The sets of both sites are left behind as the general
                // step leaves them unjudged (`State::defer_sets`).
                self.unjudged = true;
                self.move_stack(m.from, m.to, self.height(m.from));
                self.unjudged = false;
            }
        }
        self.end_lean_turn(m);
        true
    }

    /// True if `m` is lean as its generator's `lean` says: any placement;
    /// a shift of the whole (non-empty) stack of its origin onto an empty
    /// site of the board.
    #[inline(always)]
    fn lean_fits(&self, lean: Lean, m: &Move) -> bool {
        match lean {
            Lean::Place(_) => true,
            Lean::Shift => {
                let h = if self.on_board(m.from) && self.on_board(m.to) {
                    self.height(m.from)
                } else {
                    0
                };
                h > 0 && (m.count == 0 || m.count as usize >= h) && self.height(m.to) == 0
            }
        }
    }

    /// The bookkeeping of a lean step `m` once it is made: what the
    /// general step leaves of the turn it ends unjudged.
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
