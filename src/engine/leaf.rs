//! Perft's lean moves: a piece put down, or a whole stack moved onto an
//! empty site (at the last ply also jumping and removing one stack, for a
//! hop whose chain does not go on), where the step's `then:` does
//! nothing, in a game whose turns are plain. Such a step changes one to
//! three stacks and the turn's bookkeeping, and nothing of the general
//! step ([`State::play_unjudged`], [`State::play_in`]) but those is
//! needed to make it: no filter, effect or `finally:` runs. It is made in
//! place and unmade from what was saved on the machine stack, without
//! the journal.

use super::bits::SavedSets;
use super::state::{Pending, Scalars};
use super::tables::Lean;
use super::{Move, State};
use crate::compile::ir::{Game, Kind, Maximize, Piece};

/// The tallest stack [`State::lean_leaf`] moves (its slots are saved on
/// the machine stack).
const LEAF_LEVELS: usize = 4;

/// What a lean placement or shift changes, saved before it is made to
/// unmake it: the scalars, the history's length, the slots the moved
/// stack (or the placed piece) covers at its destination, the unmoved
/// flags of both sites.
struct Saved {
    /// The kind placed (`None`: a shift).
    place: Option<Kind>,
    s: Scalars,
    history: usize,
    journaling: bool,
    slots: [Piece; LEAF_LEVELS],
    /// The moved stack's height (0 for a placement).
    moved: usize,
    unmoved: [bool; 2],
}

/// What unmaking a lean jump needs ([`State::jump_undo`]).
struct JumpUndo {
    /// The scalars, the length of the history and the journaling flag.
    s: Scalars,
    history: usize,
    journaling: bool,
    /// The height of the stack moved, and the slots of its destination
    /// it covers.
    moved: usize,
    slots: [Piece; LEAF_LEVELS],
    /// The height of the stack jumped.
    jumped: u8,
    /// The unmoved flags of the origin, destination and jumped site.
    unmoved: [bool; 3],
    sets: SavedSets,
}

impl State {
    /// Makes move `m` as [`State::play_unjudged`] does, without the
    /// general step or the journal, when its generator is lean
    /// ([`super::tables::GenTables::lean`]): a placement, or a move of a
    /// whole stack of the mover's (at most [`LEAF_LEVELS`] tall) onto an
    /// empty site (a hop's removing the one stack it jumps, when its chain
    /// does not go on); the game's turns plain, no site marked, and its
    /// `then:` known to do nothing here ([`State::then_quiet`],
    /// [`State::known_quiet`]). Then calls `visit` on the position made
    /// (its site sets left behind as an unjudged step leaves them) and
    /// unmakes it from what it saved: perft's leaf. False, `visit` not
    /// called and the state unchanged but for its site sets brought up to
    /// date, when `m` is not such a move.
    #[inline]
    pub(crate) fn lean_leaf(&mut self, game: &Game, m: &Move, visit: impl FnOnce(&State)) -> bool {
        match self.lean_here(m) {
            Some(Lean::Place(kind)) => self.lean_put(game, m, Some(kind), visit),
            Some(Lean::Shift) => self.lean_put(game, m, None, visit),
            Some(Lean::Jump) => self.lean_jump(game, m, visit),
            None => false,
        }
    }

    /// [`State::lean_leaf`] for a lean placement of a piece of `place`,
    /// or (`None`) a lean shift: made, visited, unmade; false (nothing
    /// done) when the stack to fill is full or the one to move too tall.
    #[inline(always)]
    fn lean_put(
        &mut self,
        game: &Game,
        m: &Move,
        place: Option<Kind>,
        visit: impl FnOnce(&State),
    ) -> bool {
        let Some(saved) = self.lean_save(m, place) else {
            return false;
        };
        self.lean_make(game, m, place);
        visit(self);
        self.lean_unmake(m, &saved);
        // The site sets were left as they were (`State::defer_sets`).
        self.pending_sets = None;
        self.lean_restore(&saved);
        true
    }

    /// Makes lean placement or shift `m` (as [`State::lean_leaf`] says)
    /// as [`State::play_in`] does: the site sets kept up to date and the
    /// turn's end rules judged; then `visit` (perft's plies above the
    /// last, which list the moves below) and unmakes it. `None`, `visit`
    /// not called and the state unchanged but for its site sets brought
    /// up to date, when `m` is not such a move (a jump is not made here:
    /// a capture above the last ply goes by the general step).
    #[inline(never)]
    pub(crate) fn lean_inner<R>(
        &mut self,
        game: &Game,
        m: &Move,
        visit: impl FnOnce(&mut State) -> R,
    ) -> Option<R> {
        let place = match self.lean_here(m)? {
            Lean::Place(kind) => Some(kind),
            Lean::Shift => None,
            Lean::Jump => return None,
        };
        let saved = self.lean_save(m, place)?;
        self.lean_make_judged(game, m, place);
        self.journaling = saved.journaling;
        let below = visit(self);
        self.journaling = false;
        self.lean_unmake(m, &saved);
        self.lean_unmake_sets(m, &saved);
        self.lean_restore(&saved);
        Some(below)
    }

    /// What [`State::lean_unmake`] and [`State::lean_restore`] need to
    /// unmake lean move `m` (a piece of `place` put down, or a shift),
    /// journaling turned off; `None` (nothing changed) when the stack to
    /// fill is full or the one to move too tall to save.
    #[inline(always)]
    fn lean_save(&mut self, m: &Move, place: Option<Kind>) -> Option<Saved> {
        let (from, to) = (m.from, m.to);
        let mut saved = Saved {
            place,
            s: self.s,
            history: self.history.len(),
            journaling: self.journaling,
            slots: [0; LEAF_LEVELS],
            moved: 0,
            unmoved: [false; 2],
        };
        match place {
            Some(_) => {
                let h = self.height(to);
                if h >= self.cap {
                    return None;
                }
                saved.slots[0] = self.pieces[to as usize * self.cap + h];
            }
            None => {
                saved.moved = self.height(from);
                if saved.moved > LEAF_LEVELS {
                    return None;
                }
                let t = to as usize * self.cap;
                // Piece by piece: a stack is a level or two, too short
                // for a call to memcpy.
                for (l, slot) in saved.slots.iter_mut().enumerate().take(saved.moved) {
                    *slot = self.pieces[t + l];
                }
                if self.game.tracks_unmoved {
                    saved.unmoved = [self.unmoved[from as usize], self.unmoved[to as usize]];
                }
            }
        }
        self.journaling = false;
        Some(saved)
    }

    /// Puts the stacks and flags lean move `m` changed back as `saved`
    /// has them (the site sets are the caller's).
    #[inline(always)]
    fn lean_unmake(&mut self, m: &Move, saved: &Saved) {
        let (from, to) = (m.from, m.to);
        match saved.place {
            Some(_) => {
                let h = self.height(to) - 1;
                self.pieces[to as usize * self.cap + h] = saved.slots[0];
                self.heights[to as usize] = h as u8;
            }
            None => {
                let (f, t) = (from as usize * self.cap, to as usize * self.cap);
                for (l, &old) in saved.slots.iter().enumerate().take(saved.moved) {
                    self.pieces[f + l] = self.pieces[t + l];
                    self.pieces[t + l] = old;
                }
                self.heights[from as usize] = saved.moved as u8;
                self.heights[to as usize] = 0;
                if self.game.tracks_unmoved {
                    self.unmoved[from as usize] = saved.unmoved[0];
                    self.unmoved[to as usize] = saved.unmoved[1];
                }
            }
        }
    }

    /// Brings the site sets back with the stacks [`State::lean_unmake`]
    /// put back, after a judged lean move (which kept them up to date).
    #[inline(always)]
    fn lean_unmake_sets(&mut self, m: &Move, saved: &Saved) {
        match saved.place {
            Some(_) => self.resync(m.to),
            None => self.move_sets(m.to, m.from),
        }
    }

    /// The scalars, history and journaling as `saved` has them.
    #[inline(always)]
    fn lean_restore(&mut self, saved: &Saved) {
        self.drop_history(saved.history);
        self.s = saved.s;
        self.journaling = saved.journaling;
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
    /// first-step bookkeeping as the general step does it, a piece of
    /// `place` put down or (`None`) the stack moved (site sets left
    /// pending), the turn ended.
    #[inline(always)]
    fn lean_make(&mut self, game: &Game, m: &Move, place: Option<Kind>) {
        self.lean_begin(game, m);
        match place {
            Some(kind) => {
                if self.put_piece(m.to, game.piece(kind, self.s.mover)) {
                    // Nothing reads the sets before the move is unmade
                    // (`State::defer_sets`, without its test: no change
                    // is pending here, `lean_here` flushed them).
                    self.pending_sets = Some(Pending::Placed(m.to));
                }
            }
            None => {
                // The sets of both sites are left behind as the general
                // step leaves them unjudged (`State::defer_sets`).
                self.unjudged = true;
                self.move_stack(m.from, m.to, self.height(m.from));
                self.unjudged = false;
            }
        }
        self.end_lean_turn(m);
    }

    /// Makes lean placement (of a piece of `place`) or shift `m` as the
    /// general step makes it judged ([`State::play_in`]): the turn's
    /// first-step bookkeeping, the piece put down or the stack moved with
    /// the site sets kept up to date, the step's own counters, then the
    /// turn's end ([`State::end_turn`]: in a game of plain turns it
    /// changes only scalars).
    #[inline(always)]
    fn lean_make_judged(&mut self, game: &Game, m: &Move, place: Option<Kind>) {
        self.lean_begin(game, m);
        match place {
            Some(kind) => {
                if self.put_piece(m.to, game.piece(kind, self.s.mover)) {
                    self.resync(m.to);
                }
            }
            None => self.move_stack(m.from, m.to, self.height(m.from)),
        }
        self.removed.clear();
        self.converted.clear();
        self.s.passes = 0;
        self.s.last = m.to;
        self.s.last_from = m.from;
        self.s.turn_steps += 1;
        self.end_turn(game);
    }

    /// [`State::lean_leaf`] for a lean jump ([`Lean::Jump`], which
    /// `lean_fits`): the stack of `m.from` moved onto `m.to` and the one
    /// at `m.over` removed, site sets and all, as the general step makes
    /// it; `visit` called when the turn ends there, not when the chain
    /// goes on (false then). Unmade either way.
    #[inline]
    fn lean_jump(&mut self, game: &Game, m: &Move, visit: impl FnOnce(&State)) -> bool {
        let Some(undo) = self.jump_undo(m) else {
            return false;
        };
        self.journaling = false;
        let leaf = self.jump_make(game, m);
        if leaf {
            visit(self);
        }
        self.jump_unmake(m, &undo);
        leaf
    }

    /// What unmaking jump `m` needs: `None` when its stack is too tall
    /// to save.
    #[inline(always)]
    fn jump_undo(&self, m: &Move) -> Option<JumpUndo> {
        let (from, to, over) = (m.from, m.to, m.over);
        let moved = self.height(from);
        if moved > LEAF_LEVELS {
            return None;
        }
        let t = to as usize * self.cap;
        let mut slots = [0 as Piece; LEAF_LEVELS];
        for (l, slot) in slots.iter_mut().enumerate().take(moved) {
            *slot = self.pieces[t + l];
        }
        let unmoved = if self.game.tracks_unmoved {
            [from, to, over].map(|x| self.unmoved[x as usize])
        } else {
            [false; 3]
        };
        Some(JumpUndo {
            s: self.s,
            history: self.history.len(),
            journaling: self.journaling,
            moved,
            slots,
            // Removing a stack leaves its slots as they were: its height
            // is all there is to put back.
            jumped: self.heights[over as usize],
            unmoved,
            sets: self.occ.save([from, to, over]),
        })
    }

    /// Unmakes jump `m` from what [`State::jump_undo`] saved.
    #[inline(always)]
    fn jump_unmake(&mut self, m: &Move, u: &JumpUndo) {
        let (from, to, over) = (m.from, m.to, m.over);
        let (f, t) = (from as usize * self.cap, to as usize * self.cap);
        for (l, &old) in u.slots.iter().enumerate().take(u.moved) {
            self.pieces[f + l] = self.pieces[t + l];
            self.pieces[t + l] = old;
        }
        self.heights[from as usize] = u.moved as u8;
        self.heights[to as usize] = 0;
        self.heights[over as usize] = u.jumped;
        if self.game.tracks_unmoved {
            for (x, old) in [from, to, over].into_iter().zip(u.unmoved) {
                self.unmoved[x as usize] = old;
            }
        }
        self.occ.restore(&u.sets, [from, to, over]);
        self.drop_history(u.history);
        self.s = u.s;
        self.journaling = u.journaling;
    }

    /// Makes lean jump `m` as the general step does, site sets brought
    /// up to date (the chain's test reads them): the stack moved, the
    /// jumped one removed, the capture noted; then, unless the chain goes
    /// on (false), the turn ended.
    #[inline(always)]
    fn jump_make(&mut self, game: &Game, m: &Move) -> bool {
        self.lean_begin(game, m);
        self.s.again = None;
        self.jump_stacks(m);
        self.note_capture();
        self.s.last = m.to;
        self.s.last_from = m.from;
        self.s.turn_steps += 1;
        // The chain's test of `State::step`, after a step that removed a
        // piece.
        let room = (self.s.turn_steps as usize) < self.heights.len();
        let chains = || {
            let gens = self.tables.chained(m.gen_id);
            gens.iter().any(|&g| self.leaf_has_move_from(g, m.to))
        };
        if room && chains() {
            return false;
        }
        self.end_lean_turn(m);
        true
    }

    /// The stacks of jump `m` as `move_stack` and `clear_site` leave
    /// them, unjournaled: the whole stack of `m.from` moved onto `m.to`,
    /// empty, the one at `m.over` removed, their site sets brought up to
    /// date, flags and hash kept.
    #[inline(always)]
    fn jump_stacks(&mut self, m: &Move) {
        let (from, to, over) = (m.from, m.to, m.over);
        let h = self.height(from);
        if self.game.tracks_unmoved {
            self.set_unmoved(from, false);
            self.set_unmoved(to, false);
            self.set_unmoved(over, false);
        }
        if self.history_draws {
            self.hash_jump(m, h);
        }
        let (f, t) = (from as usize * self.cap, to as usize * self.cap);
        for l in 0..h {
            self.pieces[t + l] = self.pieces[f + l];
        }
        self.heights[to as usize] = h as u8;
        self.heights[from as usize] = 0;
        self.heights[over as usize] = 0;
        if self.occ.kept() {
            self.move_sets(from, to);
            self.resync(over);
        }
    }

    /// The hash of the position after jump `m` of a stack `h` tall, made
    /// from the one before it (the history draw rules on).
    #[cold]
    fn hash_jump(&mut self, m: &Move, h: usize) {
        let z = &self.tables.zobrist;
        let (f, o) = (m.from as usize * self.cap, m.over as usize * self.cap);
        for l in 0..h {
            let p = self.pieces[f + l];
            self.s.hash ^= z.piece(m.from as usize, l, p) ^ z.piece(m.to as usize, l, p);
        }
        for l in 0..self.height(m.over) {
            self.s.hash ^= z.piece(m.over as usize, l, self.pieces[o + l]);
        }
    }

    /// The bookkeeping of a lean step `m` before it is made, as the
    /// general step does it: the facts of a turn's first step, the turn's
    /// score (`maximize`).
    #[inline(always)]
    fn lean_begin(&mut self, game: &Game, m: &Move) {
        if !self.mid_turn() {
            self.note_moved_facts(game, m);
        }
        if self.s.turn_steps == 0 {
            self.s.turn_score = 0;
        }
        if game.maximize == Some(Maximize::Steps) {
            self.s.turn_score += 1;
        }
    }

    /// True if `m` is lean as its generator's `lean` says: any placement;
    /// a shift of the whole (non-empty) stack of its origin onto an empty
    /// site of the board; a jump that shifts so over a stack of the board,
    /// its site sets small enough to save ([`super::bits::Occupancy::save`]).
    #[inline(always)]
    fn lean_fits(&self, lean: Lean, m: &Move) -> bool {
        match lean {
            Lean::Place(_) => true,
            Lean::Shift => self.shift_fits(m),
            Lean::Jump => {
                let over = self.on_board(m.over) && m.over != m.from && self.height(m.over) > 0;
                over && self.shift_fits(m) && self.occ.savable()
            }
        }
    }

    /// True if `m` moves the whole (non-empty) stack of its origin onto
    /// an empty site of the board.
    #[inline(always)]
    fn shift_fits(&self, m: &Move) -> bool {
        let h = if self.on_board(m.from) && self.on_board(m.to) {
            self.height(m.from)
        } else {
            0
        };
        h > 0 && (m.count == 0 || m.count as usize >= h) && self.height(m.to) == 0
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
