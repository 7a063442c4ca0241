//! Lines and rays: `(line …)` (a run of N through a site, for
//! tic-tac-toe, Connect Four and Gomoku), `(ahead …)` (the site one step
//! away) and `(run …)` (rays from a site while a condition holds, for
//! Reversi's flips, custodian captures and a queen's reach).
//!
//! Direction values (`dirs:Move`, `dirs:Reverse`: the current step's
//! direction or its opposite; `LastMove`: the previous step's) are read
//! here too, with `(same Move LastMove)`, with `(ahead … steps:N)`,
//! `(pieces-on-line …)` and `(line-distance …)`.
//!
//! Everything walks the board's step table: nothing is allocated.

use crate::board::{Dir, NO_SITE, Site};
use crate::compile::ir::{AheadBy, Along, Cond, DirSetId, Dirs, Line, Run};
use crate::engine::State;
use crate::engine::cond::Ctx;
use crate::engine::memo::Scope;

impl State {
    /// The directions of set `id` for the context's player.
    fn dirs_of(&self, id: DirSetId, ctx: &Ctx) -> &[Dir] {
        &self.game.dirsets[id as usize][ctx.player as usize]
    }

    /// The direction a direction value names: the current step's, from
    /// its origin to its destination along a line of the board (or the
    /// opposite one), or the previous step's (`LastMove`: from its origin
    /// to `Last`), if the step follows such a line.
    pub(crate) fn step_direction(&self, ctx: &Ctx, way: Along) -> Option<Dir> {
        match way {
            Along::Move => Some(self.line_between(ctx.from, ctx.to)?.0),
            Along::Reverse => {
                let (d, _) = self.line_between(ctx.from, ctx.to)?;
                self.game.board.opposite(d)
            }
            Along::LastMove => Some(self.line_between(self.scalars.last_from, ctx.last)?.0),
        }
    }

    /// Evaluates a [`Cond::SameDirection`]: both values name a direction,
    /// the same one.
    pub(crate) fn same_direction(&self, a: Along, b: Along, ctx: &Ctx) -> bool {
        let a = self.step_direction(ctx, a);
        a.is_some() && a == self.step_direction(ctx, b)
    }

    /// Runs `f` on the directions `dirs` names for the context: a set's
    /// (the player's), or the one a direction value reads from the current
    /// step (none when the step follows no line of the board).
    fn with_dirs<R>(&self, dirs: Dirs, ctx: &Ctx, f: impl FnOnce(&[Dir]) -> R) -> R {
        match dirs {
            Dirs::Set(id) => f(self.dirs_of(id, ctx)),
            Dirs::Along(way) => match self.step_direction(ctx, way) {
                Some(d) => f(&[d]),
                None => f(&[]),
            },
        }
    }

    /// The site `k` steps from `s` along `d` (`s` itself for 0), or
    /// `NO_SITE` past the board's edge or for a negative `k`.
    fn steps_along(&self, s: Site, d: Dir, k: i64) -> Site {
        if k < 0 || k > self.heights.len() as i64 {
            return NO_SITE;
        }
        let mut t = s;
        for _ in 0..k {
            if t == NO_SITE {
                break;
            }
            t = self.game.board.step(t, d);
        }
        t
    }

    /// Evaluates a [`Cond::AheadBy`]: the site `steps` away along some
    /// direction exists and satisfies the condition.
    pub(crate) fn ahead_by(&self, a: &AheadBy, ctx: &Ctx, sc: &mut Scope) -> bool {
        let at = self.site_at(ctx, a.at);
        if at == NO_SITE || at as usize >= self.heights.len() {
            return false;
        }
        let k = self.num_in(&a.steps, ctx, sc);
        self.with_dirs(a.dirs, ctx, |dirs| {
            dirs.iter().any(|&d| {
                let t = self.steps_along(at, d, k);
                t != NO_SITE && self.holds_at(&a.cond, t, at, ctx)
            })
        })
    }

    /// The pieces on the whole lines through `at` (see
    /// [`Num::PiecesOnLine`](crate::compile::ir::Num)): the site's own,
    /// then both ways along each direction of `dirs`, a line whose
    /// opposite direction was already walked skipped.
    pub(crate) fn pieces_on_line(&self, at: Site, dirs: Dirs, ctx: &Ctx) -> i64 {
        if at == NO_SITE || at as usize >= self.heights.len() {
            return 0;
        }
        let board = &self.game.board;
        let ray = |d: Dir| {
            let mut n = 0i64;
            let mut t = board.step(at, d);
            let mut k = 0;
            while t != NO_SITE && k < board.len() {
                n += self.height(t) as i64;
                t = board.step(t, d);
                k += 1;
            }
            n
        };
        self.with_dirs(dirs, ctx, |ds| {
            let mut total = self.height(at) as i64;
            for (i, &d) in ds.iter().enumerate() {
                let back = board.opposite(d);
                if back.is_some_and(|o| ds[..i].contains(&o)) {
                    continue;
                }
                total += ray(d) + back.map_or(0, ray);
            }
            total
        })
    }

    /// Steps from `a` to `b` along a straight line of the board (see
    /// [`Num::LineDistance`](crate::compile::ir::Num)): 0 when they are one
    /// site, the board's number of sites when no line joins them.
    pub(crate) fn line_distance(&self, a: Site, b: Site) -> i64 {
        let n = self.heights.len();
        if a == b && (a as usize) < n {
            return 0;
        }
        self.line_between(a, b)
            .map_or(n as i64, |(_, k)| i64::from(k))
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
        let s = self.site_at(ctx, l.at);
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
        let at = self.site_at(ctx, r.at);
        if at == NO_SITE || at as usize >= self.heights.len() {
            return;
        }
        let board = &self.game.board;
        let along = r.along.map(|way| self.step_direction(ctx, way));
        let dirs = match &along {
            Some(Some(d)) => std::slice::from_ref(d),
            Some(None) => &[],
            None => self.dirs_of(r.dirs, ctx),
        };
        for &d in dirs {
            let start = out.len();
            let mut t = board.step(at, d);
            while t != NO_SITE
                && out.len() - start < board.len()
                && self.holds_at(&r.through, t, at, ctx)
            {
                out.push(t);
                t = board.step(t, d);
            }
            if r.length
                .is_some_and(|n| usize::from(n) != out.len() - start)
            {
                out.truncate(start);
                continue;
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

#[cfg(test)]
mod tests {
    use crate::compile::{Game, Options};
    use crate::engine::State;
    use crate::engine::cond::Ctx;
    use std::sync::Arc;

    /// A 5 × 5 board (all eight directions) with the stones of `position`
    /// (a position text), P1 to move; `cond` is compiled as a place's `to:`.
    fn setup(cond: &str, position: &str) -> (State, crate::compile::ir::Cond) {
        let text = format!(
            r#"(game "T" (players 2) (board (square 5 5 adjacency:All) labels:Coordinates)
                 (piece "S") (play (place "S" to:{cond})))"#
        );
        let game = Game::from_source("t.game", &text, &Options::default()).unwrap();
        let cond = game.gens[0].to.clone();
        let st = State::from_position(Arc::new(game), position).unwrap();
        (st, cond)
    }

    fn holds(st: &State, c: &crate::compile::ir::Cond, label: &str) -> bool {
        let s = st.game.board.site_by_label(label).unwrap();
        st.eval(c, &Ctx::at(0, s))
    }

    #[test]
    fn a_line_counts_both_ways_through_the_site() {
        // P1 on a1 b2 d4: c3 lies between, making four on the diagonal.
        let (st, c) = setup("(line 4)", "1 1:a1,b2,c3,d4 2:e1");
        assert!(holds(&st, &c, "c3"));
        assert!(holds(&st, &c, "a1"));
        assert!(!holds(&st, &c, "e1"), "not the mover's");
        let (st, c) = setup("(line 5)", "1 1:a1,b2,c3,d4 2:e1");
        assert!(!holds(&st, &c, "c3"));
        // Exactly three: a line of four is too long.
        let (st, c) = setup("(line 3 exact:true)", "1 1:a1,b2,c3,d4 2:e1");
        assert!(!holds(&st, &c, "c3"));
        let (st, c) = setup(
            "(line 3 exact:true dirs:Orthogonal)",
            "1 1:a1,a2,a3,b2 2:e1",
        );
        assert!(holds(&st, &c, "a2"));
    }

    #[test]
    fn ahead_looks_one_step_and_is_false_off_the_board() {
        let (st, c) = setup("(not (ahead S Empty))", "1 1:c1 2:e5");
        // a1 is on the bottom row, c2 rests on c1, b2 hangs over b1.
        assert!(holds(&st, &c, "a1"));
        assert!(holds(&st, &c, "c2"));
        assert!(!holds(&st, &c, "b2"));
    }

    #[test]
    fn a_run_is_closed_by_its_far_end_or_not_at_all() {
        // From a1 eastwards: b1 c1 enemy, d1 own: the run closes (2 sites).
        // Northwards: a2 enemy then the edge: not closed.
        let (st, c) = setup(
            "(equal (count (run through:Enemy close:Mine)) 2)",
            "1 1:d1 2:b1,c1,a2",
        );
        assert!(holds(&st, &c, "a1"));
        // Through empty sites from c3, with the stopping site: b2 is empty,
        // a1 stops the SW ray; every other ray runs to the edge.
        let (st, c) = setup("(equal (count (run dirs:SW end:true)) 2)", "1 1:a1 2:e5");
        assert!(holds(&st, &c, "c3"));
    }

    #[test]
    fn a_run_of_exact_length_keeps_only_rays_of_that_many_sites() {
        // From a1: east b1 c1 closed by d1, north a2 a3 closed by a4 (two
        // pairs, 4 sites); north-east b2 is not closed.
        let pairs = "(equal (count (run through:Enemy close:Mine length:2)) 4)";
        let (st, c) = setup(pairs, "1 1:d1,a4 2:b1,c1,a2,a3,b2");
        assert!(holds(&st, &c, "a1"));
        // Three enemies closed by one's own: closed, but not of length 2.
        let none = "(equal (count (run through:Enemy close:Mine length:2)) 0)";
        let (st, c) = setup(none, "1 1:e1 2:b1,c1,d1");
        assert!(holds(&st, &c, "a1"));
        let three = "(equal (count (run through:Enemy close:Mine)) 3)";
        let (st, c) = setup(three, "1 1:e1 2:b1,c1,d1");
        assert!(holds(&st, &c, "a1"));
        // A single enemy closed by one's own is not a pair either.
        let (st, c) = setup(none, "1 1:c1 2:b1");
        assert!(holds(&st, &c, "a1"));
    }

    #[test]
    fn a_run_along_the_step_follows_its_direction_or_the_opposite() {
        // A step from b1 to c1 (east): ahead of c1, d1 and e1 are enemies
        // (approach); behind b1, a1 is (withdrawal). A step that follows
        // no line of the board has no such ray.
        let count = |st: &State, c: &crate::compile::ir::Cond, from: &str, to: &str| {
            let b = &st.game.board;
            let (from, to) = (b.site_by_label(from).unwrap(), b.site_by_label(to).unwrap());
            st.eval(
                c,
                &Ctx {
                    from,
                    to,
                    ..Ctx::at(0, to)
                },
            )
        };
        let pos = "1 1:b1 2:a1,d1,e1,d3";
        let (st, c) = setup("(equal (count (run To along:Move through:Enemy)) 2)", pos);
        assert!(count(&st, &c, "b1", "c1"));
        let (st, c) = setup(
            "(equal (count (run From along:Reverse through:Enemy)) 1)",
            pos,
        );
        assert!(count(&st, &c, "b1", "c1"));
        // Diagonally, b1 to c2 (north-east): d3 is ahead.
        let (st, c) = setup("(equal (count (run To along:Move through:Enemy)) 1)", pos);
        assert!(count(&st, &c, "b1", "c2"));
        // A knight's jump, b1 to c3, is on no line.
        let (st, c) = setup("(equal (count (run To along:Move through:true)) 0)", pos);
        assert!(count(&st, &c, "b1", "c3"));
    }

    /// Evaluates `c` for a step from `from` to `to` (P1 to move), no
    /// step before it.
    fn on_step(st: &State, c: &crate::compile::ir::Cond, from: &str, to: &str) -> bool {
        step_after(st, c, from, to, crate::board::NO_SITE)
    }

    /// Evaluates `c` for a step from `from` to `to` (P1 to move) after a
    /// step that landed on `last`.
    fn step_after(
        st: &State,
        c: &crate::compile::ir::Cond,
        from: &str,
        to: &str,
        last: crate::board::Site,
    ) -> bool {
        let b = &st.game.board;
        let (from, to) = (b.site_by_label(from).unwrap(), b.site_by_label(to).unwrap());
        st.eval(
            c,
            &Ctx {
                from,
                to,
                last,
                ..Ctx::at(0, to)
            },
        )
    }

    #[test]
    fn ahead_reads_the_direction_of_the_step_and_counts_steps() {
        // b1 to c1 (east): d1 is an enemy one step beyond, e1 two steps;
        // behind the origin, a1.
        let pos = "1 1:b1 2:a1,d1,e1";
        let (st, c) = setup("(ahead To Move Enemy)", pos);
        assert!(on_step(&st, &c, "b1", "c1"));
        // North-east from b1 to c2: d3 is empty.
        assert!(!on_step(&st, &c, "b1", "c2"));
        let (st, c) = setup("(ahead To Move Enemy steps:2)", pos);
        assert!(on_step(&st, &c, "b1", "c1"));
        let (st, c) = setup("(ahead From Reverse Enemy)", pos);
        assert!(on_step(&st, &c, "b1", "c1"));
        // Three steps past c1 is off the board; a negative count names
        // no site; 0 is the site itself.
        let (st, c) = setup("(ahead To Move steps:3)", pos);
        assert!(!on_step(&st, &c, "b1", "c1"));
        let (st, c) = setup("(ahead To Move steps:-1)", pos);
        assert!(!on_step(&st, &c, "b1", "c1"));
        let (st, c) = setup("(ahead From Move Mine steps:0)", pos);
        assert!(on_step(&st, &c, "b1", "c1"));
        // A knight's jump follows no line: no direction, no site.
        let (st, c) = setup("(ahead To Move)", pos);
        assert!(!on_step(&st, &c, "b1", "c3"));
        // A fixed set still takes `steps:`: two steps north of a1 is a3.
        let (st, c) = setup("(ahead N Empty steps:2)", pos);
        assert!(holds(&st, &c, "a1"));
    }

    /// Evaluates `c` for a step from `from` to `to` after the previous
    /// step the position text's `last=` gives.
    fn after_last(st: &State, c: &crate::compile::ir::Cond, from: &str, to: &str) -> bool {
        step_after(st, c, from, to, st.scalars.last)
    }

    #[test]
    fn last_move_is_the_previous_step_direction() {
        // The previous step went a1 to b2 (north-east); the one tried
        // goes on from b2.
        let pos = "1 1:b2 2:e5 last=a1,b2";
        let (st, c) = setup("(same Move LastMove)", pos);
        assert!(after_last(&st, &c, "b2", "c3"), "north-east again");
        assert!(!after_last(&st, &c, "b2", "c2"), "east");
        assert!(!after_last(&st, &c, "b2", "a1"), "back");
        let (st, c) = setup("(same Reverse LastMove)", pos);
        assert!(after_last(&st, &c, "b2", "a1"), "straight back");
        // Beyond c3 along the previous step's direction lies d4, then e5.
        let (st, c) = setup("(ahead To LastMove Enemy steps:2)", pos);
        assert!(after_last(&st, &c, "b2", "c3"));
        let (st, c) = setup(
            "(equal (count (run From along:LastMove through:Empty)) 2)",
            pos,
        );
        assert!(after_last(&st, &c, "b2", "c2"));
        // No previous step (a position without `last=`): no direction,
        // so nothing is the same as it, not even itself.
        let (st, c) = setup("(same LastMove LastMove)", "1 1:b2 2:e5");
        assert!(!after_last(&st, &c, "b2", "c3"));
        let (st, c) = setup("(same Move Move)", "1 1:b2 2:e5");
        assert!(after_last(&st, &c, "b2", "c3"));
        // A knight's jump follows no line: it has no direction either.
        assert!(!after_last(&st, &c, "b2", "c4"));
    }

    #[test]
    fn a_run_takes_the_direction_value_in_dirs() {
        let pos = "1 1:b1 2:a1,d1,e1";
        let (st, c) = setup("(equal (count (run To dirs:Move through:Enemy)) 2)", pos);
        assert!(on_step(&st, &c, "b1", "c1"));
        let (st, c) = setup(
            "(equal (count (run From dirs:Reverse through:Enemy)) 1)",
            pos,
        );
        assert!(on_step(&st, &c, "b1", "c1"));
    }

    #[test]
    fn pieces_on_line_count_both_ways_each_line_once() {
        // Row 1: a1 b1 d1 e1 hold pieces (4, whoever owns them); column b:
        // b1 and b4 (2); the diagonal a2-b1: a2 and b1 (2).
        let pos = "1 1:b1,b4 2:a1,d1,e1,a2";
        let (st, c) = setup("(equal (pieces-on-line From dirs:Move) 4)", pos);
        assert!(on_step(&st, &c, "b1", "c1"));
        // Westward, the same line.
        assert!(on_step(&st, &c, "b1", "a1"));
        let (st, c) = setup("(equal (pieces-on-line From dirs:Move) 2)", pos);
        assert!(on_step(&st, &c, "b1", "b2"));
        assert!(on_step(&st, &c, "b1", "a2"));
        // A fixed set: E and W are one line; {E N} two lines (4 + 2 - 1 for
        // b1 counted once); All: rows, columns and both diagonals (b1-c2
        // holds b1 alone).
        let (st, c) = setup("(equal (pieces-on-line dirs:{E W}) 4)", pos);
        assert!(holds(&st, &c, "b1"));
        let (st, c) = setup("(equal (pieces-on-line dirs:{E N}) 5)", pos);
        assert!(holds(&st, &c, "b1"));
        let (st, c) = setup("(equal (pieces-on-line) 6)", pos);
        assert!(holds(&st, &c, "b1"));
    }

    #[test]
    fn line_distance_counts_steps_along_a_line_or_none() {
        let pos = "1 1:b1 2:e5";
        let (st, c) = setup("(equal (line-distance From To) 3)", pos);
        assert!(on_step(&st, &c, "b1", "e4"));
        assert!(on_step(&st, &c, "b1", "b4"));
        assert!(!on_step(&st, &c, "b1", "b3"));
        // b1 to c3 is on no line: the board's number of sites.
        let (st, c) = setup("(equal (line-distance From To) 25)", pos);
        assert!(on_step(&st, &c, "b1", "c3"));
        let (st, c) = setup("(equal (line-distance From From) 0)", pos);
        assert!(on_step(&st, &c, "b1", "c3"));
    }
}
