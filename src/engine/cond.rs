//! Evaluation of conditions ([`Cond`]) on a state.

use super::State;
use crate::board::{NO_SITE, Site};
use crate::compile::ir::{Cond, Player, SiteRef, SiteSet};

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
    /// The site whose neighbours or group are being looked at (`Friend`
    /// compares owners with it); the subject itself elsewhere.
    pub anchor: Site,
    /// The destination of the step played before the current one.
    pub last: Site,
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
            anchor: site,
            last: NO_SITE,
        }
    }

    /// The site a reference names in this context.
    #[inline]
    pub(crate) fn site(&self, r: SiteRef) -> Site {
        match r {
            SiteRef::Subject => self.subject,
            SiteRef::From => self.from,
            SiteRef::To => self.to,
            SiteRef::Over => self.over,
            SiteRef::Last => self.last,
            // Found from the board's lines: see `State::site_at`.
            SiteRef::Passed | SiteRef::Beyond | SiteRef::LastPassed => NO_SITE,
        }
    }
}

impl State {
    /// Evaluates `c` in context `ctx` (for `ctx.player`). A condition on
    /// an absent site is false.
    #[inline]
    pub(crate) fn eval(&self, c: &Cond, ctx: &Ctx) -> bool {
        match c {
            Cond::True => true,
            Cond::False => false,
            Cond::Empty(r) => self.with_site(self.site_at(ctx, *r), |s| self.height(s) == 0),
            Cond::Mine(r) => {
                let me = ctx.player;
                self.with_site(self.site_at(ctx, *r), |s| self.top_owner(s) == Some(me))
            }
            Cond::Enemy(r) => {
                let me = ctx.player;
                self.with_site(
                    self.site_at(ctx, *r),
                    |s| matches!(self.top_owner(s), Some(o) if o != me),
                )
            }
            Cond::Height(r, cmp, n) => self.with_site(self.site_at(ctx, *r), |s| {
                cmp.test(self.height(s) as i32, *n)
            }),
            Cond::Kind(r, k) => self.with_site(self.site_at(ctx, *r), |s| {
                self.top(s).map(|p| self.game.kind(p)) == Some(*k)
            }),
            Cond::In(r, reg) => self.with_site(self.site_at(ctx, *r), |s| {
                self.game.regions[*reg as usize][ctx.player as usize][s as usize]
            }),
            Cond::And(cs) => cs.iter().all(|c| self.eval(c, ctx)),
            Cond::Or(cs) => cs.iter().any(|c| self.eval(c, ctx)),
            Cond::Not(c) => !self.eval(c, ctx),
            Cond::Farther(reg) => self.gain(*reg, ctx.player, ctx.from, ctx.to) > 0,
            Cond::Flanks(f) => self.flanks(f, self.site_at(ctx, f.at), ctx.player),
            Cond::Friend(r) => {
                let a = self.site_owner(ctx.anchor);
                a.is_some() && self.site_owner(self.site_at(ctx, *r)) == a
            }
            Cond::Role(r, id) => {
                let s = self.site_at(ctx, *r);
                let role = &self.game.roles[*id as usize].cond;
                s != NO_SITE
                    && self.eval(
                        role,
                        &Ctx {
                            subject: s,
                            anchor: s,
                            ..*ctx
                        },
                    )
            }
            Cond::Compare(a, cmp, b) => cmp.test64(self.num(a, ctx), self.num(b, ctx)),
            Cond::Any(set) => match self.any_direct(set, ctx) {
                Some(b) => b,
                None => self.with_set(set, ctx, |v| !v.is_empty()),
            },
            Cond::Connected(set) => self.with_set(set, ctx, |v| self.connected(v)),
            Cond::Holds(r) => self.with_site(self.site_at(ctx, *r), |s| {
                self.stack(s)
                    .iter()
                    .any(|&p| self.game.owner(p) == ctx.player)
            }),
            Cond::HoldsOnly(r) => self.with_site(self.site_at(ctx, *r), |s| {
                let st = self.stack(s);
                !st.is_empty() && st.iter().all(|&p| self.game.owner(p) == ctx.player)
            }),
            Cond::Mixed(r) => self.with_site(self.site_at(ctx, *r), |s| self.is_mixed(s)),
            Cond::On(id) => self.flag(*id),
            Cond::Marked(r) => self.with_site(self.site_at(ctx, *r), |s| {
                self.marks[s as usize] & super::state::VISIBLE_MARKS != 0
            }),
            Cond::Line(l) => self.line(l, ctx),
            Cond::Ahead(r, dirs, c) => self.ahead(self.site_at(ctx, *r), *dirs, c, ctx),
            Cond::Unmoved(r) => self.with_site(self.site_at(ctx, *r), |s| self.is_unmoved(s)),
            Cond::Attacked(r) => {
                self.with_site(self.site_at(ctx, *r), |s| self.attacked(s, ctx.player))
            }
            Cond::InCheck(k) => self.in_check(*k, ctx.player),
            Cond::Same(a, b) => {
                let a = self.site_at(ctx, *a);
                a != NO_SITE && a == self.site_at(ctx, *b)
            }
            Cond::Every(set, c) => self.with_set(set, ctx, |v| {
                v.iter().all(|&x| {
                    self.eval(
                        c,
                        &Ctx {
                            subject: x,
                            anchor: x,
                            ..*ctx
                        },
                    )
                })
            }),
        }
    }

    /// [`State::eval`] with the commonest tests of move generation (an
    /// empty, own, enemy or `height` subject) answered inline; anything
    /// else is passed on. Same result as `eval` for every condition.
    #[inline(always)]
    pub(crate) fn test(&self, c: &Cond, ctx: &Ctx) -> bool {
        let s = ctx.subject as usize;
        match c {
            Cond::True => true,
            Cond::Empty(SiteRef::Subject) => self.heights.get(s).is_some_and(|&h| h == 0),
            Cond::Height(SiteRef::Subject, cmp, n) => self
                .heights
                .get(s)
                .is_some_and(|&h| cmp.test(i32::from(h), *n)),
            Cond::Mine(SiteRef::Subject) => self.owner_at(s) == Some(ctx.player),
            Cond::Enemy(SiteRef::Subject) => {
                matches!(self.owner_at(s), Some(o) if o != ctx.player)
            }
            _ => self.eval(c, ctx),
        }
    }

    /// The owner of the top piece of site index `s`; `None` when the site
    /// is empty or not on the board.
    #[inline(always)]
    fn owner_at(&self, s: usize) -> Option<Player> {
        let h = *self.heights.get(s)? as usize;
        if h == 0 {
            return None;
        }
        let p = *self.pieces.get(s * self.cap + h - 1)?;
        Some(self.game.owner(p))
    }

    /// True if the stack at `s` holds pieces of two or more players.
    pub(crate) fn is_mixed(&self, s: Site) -> bool {
        let st = self.stack(s);
        st.first()
            .is_some_and(|&b| st.iter().any(|&p| self.game.owner(p) != self.game.owner(b)))
    }

    /// Owner of the top piece at `s`, `None` when empty or off the board.
    fn site_owner(&self, s: Site) -> Option<Player> {
        if s == NO_SITE || s as usize >= self.heights.len() {
            None
        } else {
            self.top_owner(s)
        }
    }

    /// Evaluates a set into a pooled buffer and applies `f` to it.
    fn with_set<R>(&self, set: &SiteSet, ctx: &Ctx, f: impl FnOnce(&[Site]) -> R) -> R {
        let mut buf = super::sets::take_buf();
        self.set_into(set, ctx, &mut buf);
        let r = f(&buf);
        super::sets::give_buf(buf);
        r
    }

    #[inline]
    fn with_site(&self, s: Site, f: impl FnOnce(Site) -> bool) -> bool {
        s != NO_SITE && (s as usize) < self.heights.len() && f(s)
    }
}
