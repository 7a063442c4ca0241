//! Slides (any distance along a direction) and the piece counts of a move
//! (`pieces:Whole|Part|Any`).

use super::cond::Ctx;
use super::{Move, State};
use crate::board::{NO_SITE, Site};
use crate::compile::ir::{Cond, GenId, Pieces, SiteRef};
use std::ops::ControlFlow;

impl State {
    /// The moves of slide generator `g` from `from`: along each direction,
    /// every site satisfying `to:` up to and including the first site that
    /// does not satisfy `through:` (empty by default).
    pub(super) fn gen_slide(
        &self,
        g: GenId,
        from: Site,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let game = &*self.game;
        let generator = &game.gens[g as usize];
        let player = self.s.mover;
        let through_empty = generator.through == Cond::Empty(SiteRef::Subject);
        for &d in &game.dirsets[generator.dirs as usize][player as usize] {
            let mut to = game.board.step(from, d);
            while to != NO_SITE {
                let ctx = Ctx {
                    player,
                    subject: to,
                    from,
                    to,
                    over: NO_SITE,
                };
                if self.eval(&generator.to, &ctx) {
                    self.emit(g, generator.pieces, from, to, NO_SITE, sink)?;
                }
                let pass = if through_empty {
                    self.height(to) == 0
                } else {
                    self.eval(&generator.through, &ctx)
                };
                if !pass {
                    break;
                }
                to = game.board.step(to, d);
            }
        }
        ControlFlow::Continue(())
    }

    /// Emits the moves from `from` to `to` that take the pieces allowed by
    /// `pieces`: the whole stack (count 0; a stack of no piece on an empty
    /// site), and/or the top k pieces (count k, ascending), where a count
    /// equal to the height is written as 0 (the whole stack).
    pub(super) fn emit(
        &self,
        g: GenId,
        pieces: Pieces,
        from: Site,
        to: Site,
        over: Site,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mv = |count| Move {
            gen_id: g,
            from,
            to,
            over,
            count,
        };
        let h = self.height(from) as u16;
        if pieces != Pieces::Whole {
            for k in 1..h {
                sink(mv(k))?;
            }
        }
        match pieces {
            Pieces::Part => ControlFlow::Continue(()),
            Pieces::Any if h == 0 => ControlFlow::Continue(()),
            _ => sink(mv(0)),
        }
    }
}
