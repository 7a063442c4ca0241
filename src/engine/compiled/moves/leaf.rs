//! Perft's lean moves: a piece put down, or a whole stack moved onto an
//! empty site, where the step's `then:` does nothing, in a game whose
//! turns are plain. Such a step changes one or two stacks and the turn's
//! bookkeeping, and nothing of the general step but those is needed to
//! make it: no filter, effect, chain or `finally:` runs. Above the last
//! ply it is made in place and unmade from what was saved on the machine
//! stack, without the journal, the sets kept and the turn's end rules
//! judged ([`State::lean_inner`], as [`State::play_in`]); at the last ply
//! it ends its turn, a leaf counted without being made
//! ([`State::lean_leaf`]).

use crate::compile::ir::{Game, Maximize, Piece};
use crate::engine::tables::Lean;
use crate::engine::{Move, State};

/// The tallest stack [`State::lean_leaf`] moves (its slots are saved on
/// the machine stack).
const LEAF_LEVELS: usize = 4;

/// What a lean move changes, saved before it is made (on the machine
/// stack) to unmake it: the scalars, the history's length, the slots the
/// moved stack (or the placed piece) covers at its destination, the
/// unmoved flags of both sites.
struct Saved {
    lean: Lean,
    scalars: crate::engine::state::Scalars,
    history: usize,
    journaling: bool,
    slots: [Piece; LEAF_LEVELS],
    /// The moved stack's height (0 for a placement).
    moved: usize,
    unmoved: [bool; 2],
}

impl State {
    /// True if move `m` is lean here: its generator lean
    /// ([`crate::engine::tables::GenTables::lean`]), a placement or a
    /// move of a whole stack of the mover's onto an empty site, the
    /// game's turns plain, no site marked, and its `then:` known to do
    /// nothing here ([`State::then_quiet`], [`State::known_quiet`]). Such
    /// a move ends its turn: at perft's last ply it is a leaf, counted
    /// without being made. The state is unchanged but for its site sets
    /// brought up to date.
    #[inline]
    pub(crate) fn lean_leaf(&mut self, m: &Move) -> bool {
        self.lean_here(m).is_some()
    }

    /// Makes lean move `m` ([`State::lean_leaf`]) as
    /// [`State::play_in`] does: the site sets kept up to date and the
    /// turn's end rules judged; then `visit` (perft's plies above the
    /// last, which list the moves below) and unmakes it. `None`, `visit`
    /// not called and the state unchanged but for its site sets brought
    /// up to date, when `m` is not such a move.
    #[inline(never)]
    pub(crate) fn lean_inner<R>(
        &mut self,
        game: &Game,
        m: &Move,
        visit: impl FnOnce(&mut State) -> R,
    ) -> Option<R> {
        debug_assert!(self.cache.is_empty());
        let saved = self.lean_save(m)?;
        self.lean_make_judged(game, m, saved.lean);
        self.journaling = saved.journaling;
        let below = visit(self);
        self.journaling = false;
        self.lean_unmake(m, &saved);
        self.lean_unmake_sets(m, &saved);
        self.lean_restore(&saved);
        Some(below)
    }

    /// What [`State::lean_unmake`] and [`State::lean_restore`] need to
    /// unmake lean move `m`, journaling turned off; `None` (nothing
    /// changed but the site sets brought up to date) when `m` is not
    /// lean here or its stacks are too tall to save.
    #[inline(always)]
    fn lean_save(&mut self, m: &Move) -> Option<Saved> {
        let lean = self.lean_here(m)?;
        let (from, to) = (m.from, m.to);
        let mut saved = Saved {
            lean,
            scalars: self.scalars,
            history: self.turn_starts_kept(),
            journaling: self.journaling,
            slots: [0; LEAF_LEVELS],
            moved: 0,
            unmoved: [false; 2],
        };
        match lean {
            Lean::Place(_) => {
                let h = self.height(to);
                if h >= self.cap {
                    return None;
                }
                saved.slots[0] = self.pieces[to as usize * self.cap + h];
            }
            Lean::Shift => {
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
        match saved.lean {
            Lean::Place(_) => {
                let h = self.height(to) - 1;
                self.pieces[to as usize * self.cap + h] = saved.slots[0];
                self.heights[to as usize] = h as u8;
            }
            Lean::Shift => {
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
        match saved.lean {
            Lean::Place(_) => self.resync(m.to),
            Lean::Shift => self.move_sets(m.to, m.from),
        }
    }

    /// The scalars, history and journaling as `saved` has them.
    #[inline(always)]
    fn lean_restore(&mut self, saved: &Saved) {
        self.drop_history(saved.history);
        self.scalars = saved.scalars;
        self.journaling = saved.journaling;
    }

    /// How `m` may be played lean here ([`State::lean_leaf`]): its
    /// generator's [`Lean`], when the game's turns are plain, no site is
    /// marked, the move fits it ([`State::lean_fits`]) and `then:` does
    /// nothing here. The site sets are brought up to date on the way.
    #[inline(always)]
    fn lean_here(&mut self, m: &Move) -> Option<Lean> {
        let lean = self.tables.gens.get(m.gen_id as usize)?.lean?;
        if !self.tables.plain_turns || self.scalars.marked != 0 || !self.lean_fits(lean, m) {
            return None;
        }
        // The memory of quiet steps reads the owners' sets.
        self.flush_sets();
        (self.then_quiet(m) || self.known_quiet(m)).then_some(lean)
    }

    /// Makes lean move `m` as the general step makes it judged
    /// ([`State::play_in`]): the turn's first-step bookkeeping, the piece
    /// put down or the stack moved with the site sets kept up to date, the
    /// step's own counters, then the turn's end ([`State::end_turn`]: in
    /// a game of plain turns it changes only scalars).
    #[inline(always)]
    fn lean_make_judged(&mut self, game: &Game, m: &Move, lean: Lean) {
        self.lean_first_step(game, m);
        match lean {
            Lean::Place(kind) => {
                if self.put_piece(m.to, game.piece(kind, self.scalars.mover)) {
                    self.resync(m.to);
                }
            }
            Lean::Shift => self.move_stack(m.from, m.to, self.height(m.from)),
        }
        self.lean_step_done(m);
        self.scalars.turn_steps += 1;
        self.end_turn(game);
    }

    /// The bookkeeping of a step's start, as the general step does it:
    /// the turn's moved facts, the turn's score.
    #[inline(always)]
    fn lean_first_step(&mut self, game: &Game, m: &Move) {
        if !self.mid_turn() {
            self.note_moved_facts(game, m);
        }
        if self.scalars.turn_steps == 0 {
            self.scalars.turn_score = 0;
        }
        if game.maximize == Some(Maximize::Steps) {
            self.scalars.turn_score += 1;
        }
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

    /// What the general step records of any step `m` that removes and
    /// converts nothing, once it is made: no passes, its sites as the
    /// last step's.
    #[inline(always)]
    fn lean_step_done(&mut self, m: &Move) {
        self.removed.clear();
        self.converted.clear();
        self.scalars.passes = 0;
        self.scalars.last = m.to;
        self.scalars.last_from = m.from;
    }
}
