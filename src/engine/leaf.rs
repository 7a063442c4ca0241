//! Perft's last ply for a lean move: a piece put down, or a whole stack
//! moved onto an empty site, where the step's `then:` does nothing, in a
//! game whose turns are plain. Such a step changes one or two stacks and
//! the turn's bookkeeping, and nothing of the general step
//! ([`State::play_unjudged`]) but those is needed to make it: no filter,
//! effect, chain, `finally:` or end rule runs.

use super::state::Pending;
use super::tables::Lean;
use super::{Move, State};
use crate::compile::ir::{Game, Maximize, Piece};

/// The tallest stack [`State::lean_leaf`] moves (its slots are saved on
/// the machine stack).
const LEAF_LEVELS: usize = 4;

impl State {
    /// Makes move `m` as [`State::play_unjudged`] does, without the
    /// general step or the journal, when its generator is lean
    /// ([`super::tables::GenTables::lean`]): a placement, or a move of a
    /// whole stack of the mover's (at most [`LEAF_LEVELS`] tall) onto an
    /// empty site; the game's turns plain, no site marked, and its `then:`
    /// known to do nothing here ([`State::then_quiet`],
    /// [`State::known_quiet`]). Then calls `visit` on the position made
    /// (its site sets left behind, as an unjudged step leaves them) and
    /// unmakes it from what it saved: perft's leaf. False, `visit` not
    /// called and the state unchanged but for its site sets brought up to
    /// date, when `m` is not such a move.
    #[inline]
    pub(crate) fn lean_leaf(&mut self, game: &Game, m: &Move, visit: impl FnOnce(&State)) -> bool {
        let Some(lean) = self.lean_here(m) else {
            return false;
        };
        let (from, to) = (m.from, m.to);
        let (s, history, journaling) = (self.s, self.history.len(), self.journaling);
        let mut saved = [0 as Piece; LEAF_LEVELS];
        let (mut moved, mut unmoved) = (0, [false; 2]);
        match lean {
            Lean::Place(_) => {
                let h = self.height(to);
                if h >= self.cap {
                    return false;
                }
                saved[0] = self.pieces[to as usize * self.cap + h];
            }
            Lean::Shift => {
                moved = self.height(from);
                if moved > LEAF_LEVELS {
                    return false;
                }
                let t = to as usize * self.cap;
                // Piece by piece: a stack is a level or two, too short
                // for a call to memcpy.
                for (l, slot) in saved.iter_mut().enumerate().take(moved) {
                    *slot = self.pieces[t + l];
                }
                if self.game.tracks_unmoved {
                    unmoved = [self.unmoved[from as usize], self.unmoved[to as usize]];
                }
            }
        }
        self.journaling = false;
        self.lean_make(game, m, lean);
        visit(self);
        // Unmade: the stacks, flags and scalars as saved; the site sets
        // were left as they were (`State::defer_sets`).
        match lean {
            Lean::Place(_) => {
                let h = self.height(to) - 1;
                self.pieces[to as usize * self.cap + h] = saved[0];
                self.heights[to as usize] = h as u8;
            }
            Lean::Shift => {
                let (f, t) = (from as usize * self.cap, to as usize * self.cap);
                for (l, &old) in saved.iter().enumerate().take(moved) {
                    self.pieces[f + l] = self.pieces[t + l];
                    self.pieces[t + l] = old;
                }
                self.heights[from as usize] = moved as u8;
                self.heights[to as usize] = 0;
                if self.game.tracks_unmoved {
                    self.unmoved[from as usize] = unmoved[0];
                    self.unmoved[to as usize] = unmoved[1];
                }
            }
        }
        self.pending_sets = None;
        self.drop_history(history);
        self.s = s;
        self.journaling = journaling;
        true
    }

    /// How `m` may be played lean here ([`State::lean_leaf`]): its
    /// generator's [`Lean`], when the game's turns are plain, no site is
    /// marked, the move fits it ([`State::lean_fits`]) and `then:` does
    /// nothing here. The site sets are brought up to date on the way.
    #[inline(always)]
    fn lean_here(&mut self, m: &Move) -> Option<Lean> {
        let lean = self.tables.gens.get(m.gen_id as usize)?.lean?;
        if !self.tables.plain_turns || self.s.marked != 0 || !self.lean_fits(lean, m) {
            return None;
        }
        // The memory of quiet steps reads the owners' sets.
        self.flush_sets();
        (self.then_quiet(m) || self.known_quiet(m)).then_some(lean)
    }

    /// Makes lean move `m`, its undo provided for: the turn's
    /// first-step bookkeeping as the general step does it, the piece put
    /// down or the stack moved (site sets left pending), the turn ended.
    #[inline(always)]
    fn lean_make(&mut self, game: &Game, m: &Move, lean: Lean) {
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
                    // Nothing reads the sets before the move is unmade
                    // (`State::defer_sets`, without its test: no change
                    // is pending here, `lean_here` flushed them).
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
