//! `after:` filters without playing the move.
//!
//! When a generator's effects only add pieces on the destination (its
//! [`AfterPlan`], kept in the engine's [`super::Tables`]), the position after a step differs from the current one
//! at two sites: the origin, lower by the pieces taken, and the
//! destination, with those pieces and the planned ones on top. An
//! [`Overlay`] shows the stacks of that position, and the filter is
//! evaluated on it. Conditions the overlay cannot evaluate fall back to
//! playing the move and undoing it.
//!
//! Many candidate steps of a position share a destination, so the lines a
//! flank test walks from a destination are found once per position and
//! kept in a [`RayCache`]: only the lines through the origin (the one site
//! besides the destination that a step changes) are walked again.

use super::cond::Ctx;
use super::flank::{Stacks, flanked, flanked_along, holds};
use super::plan::{AfterPlan, Amount};
use super::{Move, State};
use crate::board::{NO_SITE, Site};
use crate::compile::ir::{Cond, Flank, Owner, Piece, Player, SiteRef};
use std::ops::ControlFlow;

/// The stacks of the position after a step, seen over the current one.
pub struct Overlay<'a> {
    st: &'a State,
    from: Site,
    from_height: usize,
    from_top: Option<Piece>,
    to: Site,
    to_height: usize,
    to_top: Option<Piece>,
}

impl Stacks for Overlay<'_> {
    #[inline]
    fn height(&self, site: Site) -> usize {
        if site == self.to {
            self.to_height
        } else if site == self.from {
            self.from_height
        } else {
            self.st.height(site)
        }
    }

    #[inline]
    fn top(&self, site: Site) -> Option<Piece> {
        if site == self.to {
            self.to_top
        } else if site == self.from {
            self.from_top
        } else {
            self.st.top(site)
        }
    }
}

impl<'a> Overlay<'a> {
    /// The position after `m` (whose generator's effects follow `plan`),
    /// played by the player to move.
    pub fn new(st: &'a State, m: &Move, plan: &AfterPlan) -> Overlay<'a> {
        let game = &*st.game;
        let h = st.height(m.from);
        let k = if m.count == 0 {
            h
        } else {
            (m.count as usize).min(h)
        };
        let from_height = h - k;
        let from_top = (from_height > 0).then(|| st.stack(m.from)[from_height - 1]);
        let mut to_height = st.height(m.to) + k;
        let mut to_top = if k > 0 { st.top(m.from) } else { st.top(m.to) };
        let cap = st.cap;
        let player = st.s.mover;
        to_height = to_height.min(cap);
        for p in &plan.pushes {
            let (n, kind) = match p.amount {
                Amount::Fixed(n) => (n as u32, p.kind.or(to_top.map(|t| game.kind(t)))),
                Amount::Gain(r) => (
                    st.gain(r, player, m.from, m.to),
                    Some(p.kind.or(to_top.map(|t| game.kind(t))).unwrap_or(0)),
                ),
            };
            let who = match p.owner {
                Owner::Mover => Some(player),
                Owner::Top => to_top.map(|t| game.owner(t)),
            };
            if let (Some(kind), Some(who)) = (kind, who)
                && n > 0
                && to_height < cap
            {
                to_height = (to_height + n as usize).min(cap);
                to_top = Some(game.piece(kind, who));
            }
        }
        Overlay {
            st,
            from: m.from,
            from_height,
            from_top,
            to: m.to,
            to_height,
            to_top,
        }
    }

    /// Evaluates `c` on the overlaid position; `None` when `c` holds a
    /// condition the overlay cannot evaluate. `cache` holds the lines from
    /// destinations of the current position (see [`RayCache`]).
    pub fn eval(&self, c: &Cond, ctx: &Ctx, cache: &mut RayCache) -> Option<bool> {
        let game = &*self.st.game;
        // Sites found from the board's lines are left to the real step.
        if let Cond::Empty(r)
        | Cond::Mine(r)
        | Cond::Enemy(r)
        | Cond::Height(r, ..)
        | Cond::Kind(r, _)
        | Cond::In(r, _) = c
            && r.is_derived()
        {
            return None;
        }
        if let Cond::Flanks(f) = c
            && f.at.is_derived()
        {
            return None;
        }
        let site = |r: SiteRef| ctx.site(r);
        let on = |r: SiteRef, f: &dyn Fn(Site) -> bool| {
            let s = site(r);
            s != NO_SITE && (s as usize) < game.board.len() && f(s)
        };
        let owner = |s: Site| self.top(s).map(|p| game.owner(p));
        Some(match c {
            Cond::True => true,
            Cond::False => false,
            Cond::Empty(r) => on(*r, &|s| self.height(s) == 0),
            Cond::Mine(r) => on(*r, &|s| owner(s) == Some(ctx.player)),
            Cond::Enemy(r) => on(*r, &|s| matches!(owner(s), Some(o) if o != ctx.player)),
            Cond::Height(r, cmp, n) => on(*r, &|s| cmp.test(self.height(s) as i32, *n)),
            Cond::Kind(r, k) => on(*r, &|s| self.top(s).map(|p| game.kind(p)) == Some(*k)),
            Cond::In(r, reg) => on(*r, &|s| {
                game.regions[*reg as usize][ctx.player as usize][s as usize]
            }),
            Cond::Farther(reg) => self.st.gain(*reg, ctx.player, ctx.from, ctx.to) > 0,
            Cond::Flanks(f) if site(f.at) == self.to => self.flanks_from_to(f, ctx.player, cache),
            Cond::Flanks(f) => flanked(self, game, f, site(f.at), ctx.player, &mut |_| {
                ControlFlow::Break(())
            })
            .is_break(),
            Cond::And(cs) => {
                for c in cs {
                    if !self.eval(c, ctx, cache)? {
                        return Some(false);
                    }
                }
                true
            }
            Cond::Or(cs) => {
                for c in cs {
                    if self.eval(c, ctx, cache)? {
                        return Some(true);
                    }
                }
                false
            }
            Cond::Not(c) => !self.eval(c, ctx, cache)?,
            #[allow(unreachable_patterns)]
            _ => return None,
        })
    }
}

/// The first two stacks along each line from a site, in the current
/// position: for the flank test of every candidate step landing there.
#[derive(Debug, Default)]
pub struct RayCache {
    /// `(directions, reach, player)` the entries were found for.
    key: Option<(u16, u16, Player)>,
    /// Per site and direction index: the first stack within reach (its site
    /// and distance) and the first stack beyond it within the same
    /// distance (site and distance), `NO_SITE` when none.
    rays: Vec<[(Site, u16, Site, u16); MAX_DIRS]>,
    /// Which sites have their rays found.
    known: Vec<bool>,
}

/// Most directions a board has (square grids with all eight neighbours).
const MAX_DIRS: usize = 8;

impl RayCache {
    /// Forgets every ray (for another position), keeping the memory.
    pub fn forget(&mut self) {
        self.key = None;
    }

    /// The rays from `to` for flank `f`, found on `st` if not known yet;
    /// `None` when the cache serves another flank or the board has too
    /// many directions.
    fn rays(
        &mut self,
        st: &State,
        f: &Flank,
        player: Player,
        to: Site,
    ) -> Option<&[(Site, u16, Site, u16); MAX_DIRS]> {
        let n = st.heights.len();
        let key = (f.dirs, f.reach, player);
        if self.key != Some(key) {
            if self.key.is_some() && self.known.iter().any(|&k| k) {
                return None; // serving another flank of this position
            }
            self.key = Some(key);
            self.rays.resize(n, [(NO_SITE, 0, NO_SITE, 0); MAX_DIRS]);
            self.known.clear();
            self.known.resize(n, false);
        }
        let dirs = &st.game.dirsets[f.dirs as usize][player as usize];
        if dirs.len() > MAX_DIRS {
            return None;
        }
        if !self.known[to as usize] {
            let board = &st.game.board;
            let first = |from: Site, d, limit: u16| {
                let (mut s, mut m) = (board.step(from, d), 1u16);
                while s != NO_SITE && st.height(s) == 0 && m < limit {
                    s = board.step(s, d);
                    m += 1;
                }
                if s == NO_SITE || st.height(s) == 0 {
                    (NO_SITE, 0)
                } else {
                    (s, m)
                }
            };
            for (i, &d) in dirs.iter().enumerate() {
                let (e, m) = first(to, d, f.reach);
                let (g, m2) = if e == NO_SITE {
                    (NO_SITE, 0)
                } else {
                    first(e, d, m)
                };
                self.rays[to as usize][i] = (e, m, g, m2);
            }
            self.known[to as usize] = true;
        }
        Some(&self.rays[to as usize])
    }
}

impl Overlay<'_> {
    /// [`flanked`] from the destination, with the lines that do not pass
    /// the origin taken from `cache`.
    fn flanks_from_to(&self, f: &Flank, player: Player, cache: &mut RayCache) -> bool {
        let game = &*self.st.game;
        let Some(rays) = cache.rays(self.st, f, player, self.to) else {
            return flanked(self, game, f, self.to, player, &mut |_| {
                ControlFlow::Break(())
            })
            .is_break();
        };
        let top = self.to_top;
        if !holds(game, f.end, top, player) {
            return false;
        }
        let height = self.to_height;
        let kind = top.map(|p| game.kind(p));
        let alike = |s: Site| {
            (!f.same_height || self.height(s) == height)
                && (!f.same_kind || self.top(s).map(|p| game.kind(p)) == kind)
        };
        let dirs = &game.dirsets[f.dirs as usize][player as usize];
        for (i, &(e, m, g, m2)) in rays.iter().take(dirs.len()).enumerate() {
            if e == self.from || g == self.from {
                // The step changed the origin, on this line: walk it.
                if flanked_along(self, game, f, self.to, dirs[i], player).is_some() {
                    return true;
                }
                continue;
            }
            if e != NO_SITE
                && g != NO_SITE
                && m2 == m
                && holds(game, f.middle, self.top(e), player)
                && holds(game, f.end, self.top(g), player)
                && alike(e)
                && alike(g)
            {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::{Game, Options};
    use std::sync::Arc;

    const RULES: &str = r#"(game "t"
        (players 2) (board (hex 3)) (piece "Disc") (stack-limit 8)
        (region "Centre" (centre))
        (play (slide origin:Empty
                to:(and Empty (more-than (distance To "Centre") (distance From "Centre")))
                then:(push To (sub (distance To "Centre") (distance From "Centre"))
                  kind:"Disc" owner:Mover)
                after:(any (flanked To distance:Any same:Height)))))"#;

    #[test]
    fn the_overlay_shows_the_stacks_after_a_step() {
        let game = Arc::new(Game::from_source("t", RULES, &Options::default()).unwrap());
        let mut st = State::new(game.clone());
        let b = &game.board;
        let site = |l: &str| b.site_by_label(l).unwrap();
        // A hexagon of side 3: rows a (bottom, 3 cells) to e; c3 is the
        // centre, row a is 2 steps from it. P2 has a 2-stack on c3.
        st.put_stack(site("c3"), &[1, 1]);
        st.put_stack(site("c5"), &[0]);
        let super::super::tables::Filter::Overlay(o) = &st.tables.gens[0].filter else {
            panic!("no overlay plan");
        };
        let plan = o.plan.clone();
        let m = Move {
            gen_id: 0,
            from: site("a1"),
            to: site("a2"),
            over: NO_SITE,
            count: 0,
        };
        let o = Overlay::new(&st, &m, &plan);
        // No gain of distance, no growth: still empty.
        assert_eq!(o.height(site("a2")), 0);
        // The top piece of c3 moves one step out, to c4, and grows by one
        // piece of the mover (P1).
        let m = Move {
            from: site("c3"),
            to: site("c4"),
            count: 1,
            ..m
        };
        let o = Overlay::new(&st, &m, &plan);
        assert_eq!((o.height(site("c3")), o.top(site("c3"))), (1, Some(1)));
        assert_eq!((o.height(site("c4")), o.top(site("c4"))), (2, Some(0)));
        assert_eq!(o.height(site("c5")), 1);
        assert_eq!(o.height(site("a1")), 0);
    }
}
