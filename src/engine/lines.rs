//! Lines and rays: `(line …)` (a run of N through a site, for
//! tic-tac-toe, Connect Four and Gomoku), `(ahead …)` (the site one step
//! away) and `(run …)` (rays from a site while a condition holds, for
//! Reversi's flips, custodian captures and a queen's reach).
//!
//! Everything walks the board's step table: nothing is allocated.

use super::State;
use super::cond::Ctx;
use crate::board::{Dir, NO_SITE, Site};
use crate::compile::ir::{Cond, DirSetId, Line, Run};

impl State {
    /// The directions of set `id` for the context's player.
    fn dirs_of(&self, id: DirSetId, ctx: &Ctx) -> &[Dir] {
        &self.game.dirsets[id as usize][ctx.player as usize]
    }

    /// True if `c` holds at `s` (as its subject; anchor `anchor`).
    #[inline]
    fn holds_at(&self, c: &Cond, s: Site, anchor: Site, ctx: &Ctx) -> bool {
        self.eval(
            c,
            &Ctx {
                subject: s,
                anchor,
                ..*ctx
            },
        )
    }

    /// How many sites in a row from `s` (excluded) along `d` satisfy `c`.
    fn run_length(&self, c: &Cond, s: Site, d: Dir, ctx: &Ctx) -> usize {
        let board = &self.game.board;
        let mut n = 0;
        let mut t = board.step(s, d);
        while t != NO_SITE && n < board.len() && self.holds_at(c, t, s, ctx) {
            n += 1;
            t = board.step(t, d);
        }
        n
    }

    /// Evaluates a [`Cond::Line`].
    pub(crate) fn line(&self, l: &Line, ctx: &Ctx) -> bool {
        let s = ctx.site(l.at);
        if s == NO_SITE || s as usize >= self.heights.len() || !self.holds_at(&l.of, s, s, ctx) {
            return false;
        }
        let board = &self.game.board;
        self.dirs_of(l.dirs, ctx).iter().any(|&d| {
            let back = board
                .opposite(d)
                .map_or(0, |o| self.run_length(&l.of, s, o, ctx));
            let n = 1 + self.run_length(&l.of, s, d, ctx) + back;
            if l.exact {
                n == usize::from(l.len)
            } else {
                n >= usize::from(l.len)
            }
        })
    }

    /// Evaluates a [`Cond::Ahead`]: some direction's neighbour satisfies
    /// `c`.
    pub(crate) fn ahead(&self, at: Site, dirs: DirSetId, c: &Cond, ctx: &Ctx) -> bool {
        if at == NO_SITE || at as usize >= self.heights.len() {
            return false;
        }
        let board = &self.game.board;
        self.dirs_of(dirs, ctx).iter().any(|&d| {
            let t = board.step(at, d);
            t != NO_SITE && self.holds_at(c, t, at, ctx)
        })
    }

    /// Appends the sites of a [`SiteSet::Run`](crate::compile::ir::SiteSet)
    /// to `out`, ray by ray in direction order.
    pub(crate) fn run_into(&self, r: &Run, ctx: &Ctx, out: &mut Vec<Site>) {
        let at = ctx.site(r.at);
        if at == NO_SITE || at as usize >= self.heights.len() {
            return;
        }
        let board = &self.game.board;
        for &d in self.dirs_of(r.dirs, ctx) {
            let start = out.len();
            let mut t = board.step(at, d);
            while t != NO_SITE
                && out.len() - start < board.len()
                && self.holds_at(&r.through, t, at, ctx)
            {
                out.push(t);
                t = board.step(t, d);
            }
            if let Some(close) = &r.close {
                let closed = out.len() > start && t != NO_SITE && self.holds_at(close, t, at, ctx);
                if !closed {
                    out.truncate(start);
                    continue;
                }
            }
            if r.with_end && t != NO_SITE {
                out.push(t);
            }
        }
    }
}
