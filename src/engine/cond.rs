//! Evaluation of conditions ([`Cond`]) on a state.

use super::State;
use crate::board::{NO_SITE, Site};
use crate::compile::ir::{Cond, Player, SiteRef};

/// The sites a condition may refer to: the subject and the current step's
/// origin, destination and jumped site (`NO_SITE` when absent).
#[derive(Debug, Clone, Copy)]
pub struct Ctx {
    /// The player the condition speaks for (`Mine`, `Enemy`, regions): the
    /// mover, also when a filter looks at the position after the move.
    pub player: Player,
    /// The site the clause is about.
    pub subject: Site,
    /// The step's origin.
    pub from: Site,
    /// The step's destination.
    pub to: Site,
    /// The jumped site.
    pub over: Site,
}

impl Ctx {
    /// A context for `player` whose subject is `site` and nothing else.
    pub fn at(player: Player, site: Site) -> Ctx {
        Ctx {
            player,
            subject: site,
            from: site,
            to: NO_SITE,
            over: NO_SITE,
        }
    }

    #[inline]
    fn site(&self, r: SiteRef) -> Site {
        match r {
            SiteRef::Subject => self.subject,
            SiteRef::From => self.from,
            SiteRef::To => self.to,
            SiteRef::Over => self.over,
        }
    }
}

impl State {
    /// Evaluates `c` in context `ctx` (for `ctx.player`). A condition on
    /// an absent site is false.
    #[inline]
    pub fn eval(&self, c: &Cond, ctx: &Ctx) -> bool {
        match c {
            Cond::True => true,
            Cond::False => false,
            Cond::Empty(r) => self.with_site(ctx.site(*r), |s| self.height(s) == 0),
            Cond::Mine(r) => {
                let me = ctx.player;
                self.with_site(ctx.site(*r), |s| self.top_owner(s) == Some(me))
            }
            Cond::Enemy(r) => {
                let me = ctx.player;
                self.with_site(
                    ctx.site(*r),
                    |s| matches!(self.top_owner(s), Some(o) if o != me),
                )
            }
            Cond::Height(r, cmp, n) => {
                self.with_site(ctx.site(*r), |s| cmp.test(self.height(s) as i32, *n))
            }
            Cond::Kind(r, k) => self.with_site(ctx.site(*r), |s| {
                self.top(s).map(|p| self.game.kind(p)) == Some(*k)
            }),
            Cond::In(r, reg) => self.with_site(ctx.site(*r), |s| {
                self.game.regions[*reg as usize][ctx.player as usize][s as usize]
            }),
            Cond::And(cs) => cs.iter().all(|c| self.eval(c, ctx)),
            Cond::Or(cs) => cs.iter().any(|c| self.eval(c, ctx)),
            Cond::Not(c) => !self.eval(c, ctx),
            Cond::Farther(reg) => self.gain(*reg, ctx.player, ctx.from, ctx.to) > 0,
            Cond::Flanks(f) => self.flanks(f, ctx.site(f.at), ctx.player),
        }
    }

    #[inline]
    fn with_site(&self, s: Site, f: impl FnOnce(Site) -> bool) -> bool {
        s != NO_SITE && (s as usize) < self.heights.len() && f(s)
    }
}
