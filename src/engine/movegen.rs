//! Step-level move generation: steps and hops, priority levels, and the
//! continuation of a multi-step turn.
//!
//! Generation writes into a caller's buffer (or stops at the first move for
//! existence tests), so that it allocates nothing.

use super::cond::Ctx;
use super::{Move, State};
use crate::board::{NO_SITE, Site};
use crate::compile::ir::{GenId, GenKind};
use std::ops::ControlFlow;

impl State {
    /// The legal steps for the player to move, in a stable order, written
    /// into `buf` (cleared first). Empty when the game is over or the mover
    /// has no move. Moves of generators with an `after:` filter are played,
    /// tested and undone (the state is left as it was).
    pub fn legal_moves_into(&mut self, buf: &mut Vec<Move>) {
        if !self.game.has_filters {
            self.candidates_into(buf);
            return;
        }
        buf.clear();
        if self.s.outcome.is_some() {
            return;
        }
        let game = self.game.clone();
        let levels: &[Vec<GenId>] = match self.s.cont {
            Some(_) => &[],
            None => &game.play,
        };
        if let Some(c) = self.s.cont {
            let _ = self.gen_level(&[c.gen_id], Some(c.site), &mut |m| {
                buf.push(m);
                ControlFlow::Continue(())
            });
            self.filter_after(buf);
            return;
        }
        for level in levels {
            let _ = self.gen_level(level, None, &mut |m| {
                buf.push(m);
                ControlFlow::Continue(())
            });
            self.filter_after(buf);
            if !buf.is_empty() {
                return;
            }
        }
    }

    /// Keeps the moves whose generator's `after:` condition holds on the
    /// position after the move.
    fn filter_after(&mut self, buf: &mut Vec<Move>) {
        let game = self.game.clone();
        let journaling = self.journaling;
        self.journaling = true;
        buf.retain(|m| match &game.gens[m.gen_id as usize].after {
            None => true,
            Some(c) => self.probe(m, c),
        });
        self.journaling = journaling;
    }

    /// Plays `m`, evaluates `c` for the mover on the result, undoes `m`.
    fn probe(&mut self, m: &Move, c: &crate::compile::ir::Cond) -> bool {
        let player = self.s.mover;
        self.play_unchecked(m);
        let ok = self.eval(
            c,
            &Ctx {
                player,
                subject: m.to,
                from: m.from,
                to: m.to,
                over: m.over,
            },
        );
        self.undo();
        ok
    }

    /// The moves of the first priority level that has any, without
    /// `after:` filters (exactly the legal moves when the game has none).
    pub(crate) fn candidates_into(&self, buf: &mut Vec<Move>) {
        buf.clear();
        if self.s.outcome.is_some() {
            return;
        }
        let mut push = |m| {
            buf.push(m);
            ControlFlow::Continue(())
        };
        if let Some(c) = self.s.cont {
            let _ = self.gen_level(&[c.gen_id], Some(c.site), &mut push);
            return;
        }
        for level in &self.game.play {
            let mut found = false;
            let _ = self.gen_level(level, None, &mut |m| {
                found = true;
                push(m)
            });
            if found {
                return;
            }
        }
    }

    /// The legal steps for the player to move (see
    /// [`State::legal_moves_into`]); works on a copy when the game has
    /// `after:` filters.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::new();
        if self.game.has_filters {
            self.clone().legal_moves_into(&mut v);
        } else {
            self.candidates_into(&mut v);
        }
        v
    }

    /// True if generator `g` has a move from `site`.
    pub(crate) fn has_move_from(&self, g: GenId, site: Site) -> bool {
        self.gen_from(g, site, &mut |_| ControlFlow::Break(()))
            .is_break()
    }

    /// Calls `sink` for each move of the generators `gens` (from `only` if
    /// given), site by site; stops when `sink` breaks. Only stacks whose top
    /// piece is the mover's move.
    fn gen_level(
        &self,
        gens: &[GenId],
        only: Option<Site>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let n = self.heights.len() as Site;
        let (lo, hi) = match only {
            Some(s) => (s, s + 1),
            None => (0, n),
        };
        for from in lo..hi {
            if self.top_owner(from) == Some(self.s.mover) {
                for &g in gens {
                    self.gen_from(g, from, sink)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn gen_from(
        &self,
        g: GenId,
        from: Site,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let game = &*self.game;
        let generator = &game.gens[g as usize];
        let player = self.s.mover;
        if !self.eval(&generator.from, &Ctx::at(player, from)) {
            return ControlFlow::Continue(());
        }
        let board = &game.board;
        for &d in &game.dirsets[generator.dirs as usize][self.s.mover as usize] {
            let next = board.step(from, d);
            if next == NO_SITE {
                continue;
            }
            let (over, to) = match generator.kind {
                GenKind::Step => (NO_SITE, next),
                GenKind::Hop => (next, board.step(next, d)),
            };
            if to == NO_SITE {
                continue;
            }
            let ctx = Ctx {
                player,
                subject: over,
                from,
                to,
                over,
            };
            if over != NO_SITE && !self.eval(&generator.over, &ctx) {
                continue;
            }
            if self.eval(&generator.to, &Ctx { subject: to, ..ctx }) {
                sink(Move {
                    gen_id: g,
                    from,
                    to,
                    over,
                    count: 0,
                })?;
            }
        }
        ControlFlow::Continue(())
    }
}
