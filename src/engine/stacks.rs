//! The stack primitives' side of the state: growth by distance, marks,
//! moving again with a named block, and setting up stacks by hand.

use super::State;
use super::cond::Ctx;
use super::flank::flanked;
use crate::board::{NO_SITE, Site};
use crate::compile::ir::{BlockId, Effect, Owner, Piece, Player, RegionId, SiteRef};
use std::ops::ControlFlow;

impl State {
    /// Steps the destination `to` is farther from `region` than the origin
    /// `from` (for `player`'s version of the region); 0 when it is not
    /// farther or either site is absent or out of reach of the region.
    #[inline]
    pub fn gain(&self, region: RegionId, player: Player, from: Site, to: Site) -> u32 {
        let n = self.heights.len();
        let (from, to) = (from as usize, to as usize);
        if from >= n || to >= n {
            return 0;
        }
        let base = (region as usize * self.game.num_players() + player as usize) * n;
        let d = &self.game.distances;
        match (d.get(base + from), d.get(base + to)) {
            (Some(&a), Some(&b)) if b != u32::MAX && a != u32::MAX && b > a => b - a,
            _ => 0,
        }
    }

    /// The block the mover must play next in this turn, if an `again`
    /// effect asked for one.
    pub fn again(&self) -> Option<BlockId> {
        self.s.again
    }

    /// True while the mover has more steps to make in the current turn (a
    /// chained continuation or an `again`).
    pub fn mid_turn(&self) -> bool {
        self.s.cont.is_some() || self.s.again.is_some()
    }

    /// True if the last step marked `site`.
    pub fn is_marked(&self, site: Site) -> bool {
        self.marks.get(site as usize).is_some_and(|&m| m != 0)
    }

    /// The sites the last step marked, in order.
    pub fn marked_sites(&self) -> Vec<Site> {
        (0..self.marks.len() as Site)
            .filter(|&s| self.is_marked(s))
            .collect()
    }

    /// Replaces the stack at `site` with `stack` (bottom first), for
    /// setting up positions by hand; the hash and the history restart.
    pub fn put_stack(&mut self, site: Site, stack: &[Piece]) {
        self.clear_site(site);
        for &p in stack {
            self.push_piece(site, p);
        }
        self.reset_history();
    }

    /// Runs one of the stack effects (`grow`, `mark-flanked`,
    /// `remove-flanked`, `again`); returns false (none ends the turn).
    pub(super) fn run_stack_effect(&mut self, e: &Effect, ctx: &Ctx) -> bool {
        let site_of = |r: SiteRef| match r {
            SiteRef::Subject => ctx.subject,
            SiteRef::From => ctx.from,
            SiteRef::To => ctx.to,
            SiteRef::Over => ctx.over,
        };
        match e {
            Effect::Grow {
                at,
                region,
                kind,
                owner,
            } => {
                let site = site_of(*at);
                if site == NO_SITE {
                    return false;
                }
                let n = self.gain(*region, ctx.player, ctx.from, ctx.to);
                let top = self.top(site);
                let who = match owner {
                    Owner::Mover => Some(ctx.player),
                    Owner::Top => top.map(|p| self.game.owner(p)),
                };
                let k = kind.or(top.map(|p| self.game.kind(p))).unwrap_or(0);
                if let Some(who) = who {
                    let p = self.game.piece(k, who);
                    for _ in 0..n {
                        self.push_piece(site, p);
                    }
                }
            }
            Effect::MarkFlanked(f) | Effect::RemoveFlanked(f) => {
                let mut hit = [NO_SITE; 16];
                let mut n = 0;
                let game = self.game.clone();
                let _ = flanked(self, &game, f, site_of(f.at), ctx.player, &mut |s| {
                    hit[n] = s;
                    n += 1;
                    if n == hit.len() {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                });
                for &s in &hit[..n] {
                    if matches!(e, Effect::MarkFlanked(_)) {
                        self.set_mark(s, true);
                    } else {
                        self.clear_site(s);
                        self.s.turn_captured = true;
                    }
                }
            }
            Effect::Again(b) => self.s.again = Some(*b),
            _ => {}
        }
        false
    }
}
