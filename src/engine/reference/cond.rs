//! Evaluation of conditions ([`Cond`]) on a state.

use crate::board::{NO_SITE, Site};
use crate::compile::ir::{Cond, Player, RoleId, SiteRef, SiteSet};
use crate::engine::State;
use crate::engine::memo::Scope;

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
        let s = ctx.subject as usize;
        match c {
            Cond::True => true,
            Cond::Empty(SiteRef::Subject) => self.heights.get(s).is_some_and(|&h| h == 0),
            Cond::Mine(SiteRef::Subject) => self.owner_at(s) == Some(ctx.player),
            _ => self.eval_in(c, ctx, &mut Scope::default()),
        }
    }

    /// [`State::eval`] within an evaluation's scope, which remembers the
    /// roles and groups found on the way (the position does not change
    /// while a condition is evaluated).
    pub(crate) fn eval_in(&self, c: &Cond, ctx: &Ctx, sc: &mut Scope) -> bool {
        match c {
            Cond::True => true,
            Cond::False => false,
            Cond::PlayerIs(players) => players.contains(&ctx.player),
            Cond::Repeated(times) => self.board_repeated(*times as usize),
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
            Cond::And(cs) => cs.iter().all(|c| self.eval_in(c, ctx, sc)),
            Cond::Or(cs) => cs.iter().any(|c| self.eval_in(c, ctx, sc)),
            Cond::Not(c) => !self.eval_in(c, ctx, sc),
            Cond::Farther(reg) => self.gain(*reg, ctx.player, ctx.from, ctx.to) > 0,
            Cond::Flanks(f) => self.flanks(f, self.site_at(ctx, f.at), ctx.player),
            Cond::Friend(r) => {
                let a = self.site_owner(ctx.anchor);
                a.is_some() && self.site_owner(self.site_at(ctx, *r)) == a
            }
            Cond::Role(r, id) => self.role_in(self.site_at(ctx, *r), *id, ctx, sc),
            Cond::Compare(a, cmp, b) => {
                cmp.test64(self.num_in(a, ctx, sc), self.num_in(b, ctx, sc))
            }
            Cond::Any(set) => match self.any_direct(set, ctx, sc) {
                Some(b) => b,
                None => self.with_set(set, ctx, sc, |_, v, _| !v.is_empty()),
            },
            Cond::Connected(set) => match self.connected_direct(set, ctx, sc) {
                Some(b) => b,
                None => self.with_set(set, ctx, sc, |st, v, _| st.connected(v)),
            },
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
                self.marks[s as usize] & crate::engine::state::VISIBLE_MARKS != 0
            }),
            Cond::Line(l) => self.line(l, ctx),
            Cond::Ahead(r, dirs, c) => self.ahead(self.site_at(ctx, *r), *dirs, c, ctx),
            Cond::AheadBy(a) => self.ahead_by(a, ctx, sc),
            Cond::Unmoved(r) => self.with_site(self.site_at(ctx, *r), |s| self.is_unmoved(s)),
            Cond::Attacked(r) => {
                self.with_site(self.site_at(ctx, *r), |s| self.attacked(s, ctx.player))
            }
            Cond::InCheck(k) => self.in_check(*k, ctx.player),
            Cond::Same(a, b) => {
                let a = self.site_at(ctx, *a);
                a != NO_SITE && a == self.site_at(ctx, *b)
            }
            Cond::SameDirection(a, b) => self.same_direction(*a, *b, ctx),
            Cond::Among(r, set) => {
                let s = self.site_at(ctx, *r);
                s != NO_SITE && self.with_set(set, ctx, sc, |_, v, _| v.contains(&s))
            }
            Cond::Every(set, c) => self.with_set(set, ctx, sc, |st, v, sc| {
                v.iter().all(|&x| {
                    st.eval_in(
                        c,
                        &Ctx {
                            subject: x,
                            anchor: x,
                            ..*ctx
                        },
                        sc,
                    )
                })
            }),
        }
    }

    /// Whether role `id` holds at `s` (false for no site); the values of
    /// pure roles are remembered in `sc`.
    fn role_in(&self, s: Site, id: RoleId, ctx: &Ctx, sc: &mut Scope) -> bool {
        if s == NO_SITE {
            return false;
        }
        let tables = &self.tables.eval;
        if let Some(t) = &tables.local_roles[id as usize]
            && (s as usize) < self.heights.len()
        {
            let (occupied, mask) = self.friend_mask(s);
            return t.value(s, occupied, mask);
        }
        let pure = tables.pure_roles[id as usize];
        if pure && let Some(v) = sc.role(id, s) {
            return v;
        }
        let role = &self.game.roles[id as usize].cond;
        let v = self.eval_in(
            role,
            &Ctx {
                subject: s,
                anchor: s,
                ..*ctx
            },
            sc,
        );
        if pure {
            sc.set_role(self, id, s, v);
        }
        v
    }

    /// True when [`State::test`] answers `c` without the evaluator (a
    /// constant, or emptiness, height or owner of the subject): nothing
    /// compiled tests it faster.
    pub(crate) fn tests_directly(c: &Cond) -> bool {
        matches!(
            c,
            Cond::True
                | Cond::Empty(SiteRef::Subject)
                | Cond::Height(SiteRef::Subject, ..)
                | Cond::Mine(SiteRef::Subject)
                | Cond::Enemy(SiteRef::Subject)
        )
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
        if self.sets_current() {
            return self.occ.is_mixed(s);
        }
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
    fn with_set<R>(
        &self,
        set: &SiteSet,
        ctx: &Ctx,
        sc: &mut Scope,
        f: impl FnOnce(&State, &[Site], &mut Scope) -> R,
    ) -> R {
        let mut buf = sc.buf(self);
        self.set_into_in(set, ctx, sc, &mut buf);
        let r = f(self, &buf, sc);
        sc.give(buf);
        r
    }

    #[inline]
    fn with_site(&self, s: Site, f: impl FnOnce(Site) -> bool) -> bool {
        s != NO_SITE && (s as usize) < self.heights.len() && f(s)
    }
}

#[cfg(test)]
mod tests {
    use super::Ctx;
    use crate::compile::{Game, Options};
    use crate::engine::State;
    use std::sync::Arc;

    /// Three players on a 3 × 3 board; `cond` is compiled as a place's
    /// `to:`.
    fn setup(cond: &str) -> (State, crate::compile::ir::Cond) {
        let text = format!(
            r#"(game "T" (players 3) (board (square 3 3)) (piece "S")
                 (play (place "S" to:{cond})))"#
        );
        let game = Game::from_source("t.game", &text, &Options::default()).unwrap();
        let cond = game.gens[0].to.clone();
        (State::new(Arc::new(game)), cond)
    }

    #[test]
    fn player_is_speaks_of_the_player_the_rule_is_about() {
        let (st, c) = setup("(player-is P1 P3)");
        let holds: Vec<bool> = (0..3).map(|p| st.eval(&c, &Ctx::at(p, 0))).collect();
        assert_eq!(holds, [true, false, true]);
    }

    /// A 3 × 3 board with a wall of pieces down column b; `cond` is
    /// compiled as a place's `to:`.
    fn walled(cond: &str) -> (State, crate::compile::ir::Cond) {
        let text = format!(
            r#"(game "T" (players (player "X" letter:"X") (player "O" letter:"O"))
                 (board (square 3 3) labels:Coordinates) (piece "S")
                 (region "West" (column 0))
                 (play (place "S" to:{cond})))"#
        );
        let game = Arc::new(Game::from_source("t.game", &text, &Options::default()).unwrap());
        let cond = game.gens[0].to.clone();
        (State::from_position(game, "X X:b1,b2,b3").unwrap(), cond)
    }

    #[test]
    fn among_asks_a_site_of_a_set_worked_out_from_the_position() {
        // The empty sites reached from column a through empty sites: column
        // a alone, the wall on column b stops the flood (sites a1 = 0, b1 =
        // 1, c1 = 2, a2 = 3…).
        let (st, c) = walled(r#"(among (reach (where (and Empty (in "West"))) Empty))"#);
        let holds: Vec<usize> = (0..9)
            .filter(|&s| st.eval(&c, &Ctx::at(0, s as u16)))
            .collect();
        assert_eq!(holds, [0, 3, 6]);
        // The pieces' sites: column b.
        let (st, c) = walled(r#"(among (where (kind "S")))"#);
        let holds: Vec<usize> = (0..9)
            .filter(|&s| st.eval(&c, &Ctx::at(0, s as u16)))
            .collect();
        assert_eq!(holds, [1, 4, 7]);
        // An empty set holds no site.
        let (st, c) = walled("(among (where (and Empty Mine)))");
        assert!((0..9).all(|s| !st.eval(&c, &Ctx::at(0, s))));
    }

    #[test]
    fn player_is_names_only_players_of_the_game() {
        let text = r#"(game "T" (players 2) (board (square 3 3)) (piece "S")
            (play (place "S" to:(player-is P3))))"#;
        let err = Game::from_source("t.game", text, &Options::default()).unwrap_err();
        assert!(err.to_string().contains("P3"), "{err}");
    }
}
