//! Hops: a jump over the adjacent site to the one beyond (a draughts
//! capture), a jump that goes on in the same direction (`repeat:true`,
//! Konane), and a flying jump over a piece any distance away
//! (`flying:true`, an international draughts king).

use crate::board::{Dir, NO_SITE, Site};
use crate::compile::ir::{GenId, Hop};
use crate::engine::cond::Ctx;
use crate::engine::state::TAKEN;
use crate::engine::{Move, State};
use std::ops::ControlFlow;

impl State {
    /// Moves of hop generator `g` (its arguments `hop`) from `from`: over
    /// the site next to it in each direction, when `over:` holds there and
    /// the stack there is not taken already, to the site beyond, when
    /// `to:` holds there.
    pub(crate) fn gen_hop(
        &self,
        g: GenId,
        hop: &Hop,
        from: Site,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let game = &*self.game;
        let generator = &game.gens[g as usize];
        let board = &game.board;
        let player = self.scalars.mover;
        let mut counts: Option<(u16, u16)> = None;
        for &d in &game.dirsets[hop.dirs as usize][player as usize] {
            let over = board.step(from, d);
            if over == NO_SITE {
                continue;
            }
            let to = board.step(over, d);
            if to == NO_SITE {
                continue;
            }
            let ctx = Ctx {
                player,
                subject: over,
                from,
                to,
                over,
                anchor: over,
                last: self.scalars.last,
            };
            if self.marks[over as usize] & TAKEN != 0 || !self.test(&hop.over, &ctx) {
                continue;
            }
            if self.dest_holds(g, &generator.to, &Ctx { subject: to, ..ctx }) {
                self.emit(g, &ctx, &mut counts, sink)?;
                if hop.repeat {
                    self.gen_repeat(g, hop, &ctx, d, sink)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// A hop with `repeat:true` that landed (`first`): its further landings
    /// in the same direction `d`, each over the next site to the one
    /// beyond, while `over:` and `to:` hold (Konane's multiple jump).
    fn gen_repeat(
        &self,
        g: GenId,
        hop: &Hop,
        first: &Ctx,
        d: Dir,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let generator = &self.game.gens[g as usize];
        let board = &self.game.board;
        let mut at = first.to;
        loop {
            let over = board.step(at, d);
            let to = if over == NO_SITE {
                NO_SITE
            } else {
                board.step(over, d)
            };
            if to == NO_SITE || to == first.from {
                return ControlFlow::Continue(());
            }
            let ctx = Ctx {
                subject: over,
                anchor: over,
                to,
                over,
                ..*first
            };
            if !self.eval(&hop.over, &ctx) || !self.eval(&generator.to, &Ctx { subject: to, ..ctx })
            {
                return ControlFlow::Continue(());
            }
            // The move keeps its first jumped site as `Over`.
            sink(Move {
                gen_id: g,
                from: first.from,
                to,
                over: first.over,
                count: 0,
            })?;
            at = to;
        }
    }

    /// Flying hops of generator `g` (its arguments `hop`) from `from`:
    /// along each direction, past empty sites to the first stack, which
    /// `over:` must accept (and which must not be taken already), then one
    /// move per site beyond it that `to:` accepts, up to the first that it
    /// does not (with `land:Onward`, only those from which the chain goes
    /// on, if any).
    pub(crate) fn gen_flying(
        &self,
        g: GenId,
        hop: &Hop,
        from: Site,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let game = &*self.game;
        let generator = &game.gens[g as usize];
        let board = &game.board;
        let player = self.scalars.mover;
        let mut counts: Option<(u16, u16)> = None;
        let mut scratch = None;
        for &d in &game.dirsets[hop.dirs as usize][player as usize] {
            let mut over = board.step(from, d);
            while over != NO_SITE && self.heights[over as usize] == 0 {
                over = board.step(over, d);
            }
            if over == NO_SITE || self.marks[over as usize] & TAKEN != 0 {
                continue;
            }
            let at = |to| Ctx {
                player,
                subject: over,
                from,
                to,
                over,
                anchor: over,
                last: self.scalars.last,
            };
            if !self.eval(&hop.over, &at(board.step(over, d))) {
                continue;
            }
            let mut to = board.step(over, d);
            let mut line = Vec::new();
            while to != NO_SITE {
                let ctx = at(to);
                if !self.eval(&generator.to, &Ctx { subject: to, ..ctx }) {
                    break;
                }
                if hop.onward {
                    self.emit(g, &ctx, &mut counts, &mut |m| {
                        line.push(m);
                        ControlFlow::Continue(())
                    })?;
                } else {
                    self.emit(g, &ctx, &mut counts, sink)?;
                }
                to = board.step(to, d);
            }
            if !line.is_empty() {
                self.emit_onward(&line, &mut scratch, sink)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The landings `line` of one flying jump (`land:Onward`), passed to
    /// `sink`: those after which the chain goes on, if any; else all.
    /// Each is tried by playing it on `scratch` (a copy of the position,
    /// made at the first need) and taking it back.
    fn emit_onward(
        &self,
        line: &[Move],
        scratch: &mut Option<Box<State>>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if line.len() > 1 {
            let s = scratch.get_or_insert_with(|| {
                let mut s = Box::new(self.clone());
                s.set_journaling(true);
                s
            });
            let game = std::sync::Arc::clone(&self.game);
            let mut any = false;
            for m in line {
                s.play_in(&game, m);
                let onward = s.scalars.cont.is_some_and(|c| c.site == m.to);
                s.take_back();
                if onward {
                    any = true;
                    sink(*m)?;
                }
            }
            if any {
                return ControlFlow::Continue(());
            }
        }
        for m in line {
            sink(*m)?;
        }
        ControlFlow::Continue(())
    }
}
