//! Sets of sites and numbers computed from the position: neighbours, groups,
//! sites next to a set, counts. Buffers come from a per-thread pool, so
//! that evaluation allocates nothing once warm.

use crate::board::{NO_SITE, Site};
use crate::compile::ir::{Cond, Num, SiteRef, SiteSet};
use crate::engine::State;
use crate::engine::cond::Ctx;
use crate::engine::memo::Scope;
use std::cell::RefCell;

thread_local! {
    /// Reusable site buffers.
    static POOL: RefCell<Vec<Vec<Site>>> = const { RefCell::new(Vec::new()) };
    /// Reusable visit marks for searches, each `(epoch, marks)`; searches
    /// may nest (a condition inside a search runs another), so each takes
    /// its own.
    static MARKS: RefCell<Vec<(u32, Vec<u32>)>> = const { RefCell::new(Vec::new()) };
}

/// Takes an empty buffer from the pool.
pub(crate) fn take_buf() -> Vec<Site> {
    POOL.with(|p| p.borrow_mut().pop())
        .unwrap_or_else(|| Vec::with_capacity(64))
}

/// Returns a buffer to the pool.
pub(crate) fn give_buf(mut v: Vec<Site>) {
    v.clear();
    POOL.with(|p| p.borrow_mut().push(v));
}

/// Runs `f` with a fresh visit-mark epoch over `n` sites: `f(marks, epoch)`;
/// a site is visited when `marks[site] == epoch`.
fn with_marks<R>(n: usize, f: impl FnOnce(&mut Vec<u32>, u32) -> R) -> R {
    let (mut epoch, mut marks) = MARKS.with(|m| m.borrow_mut().pop()).unwrap_or_default();
    if marks.len() < n {
        marks.resize(n, 0);
    }
    epoch = epoch.wrapping_add(1);
    if epoch == 0 {
        marks.iter_mut().for_each(|x| *x = 0);
        epoch = 1;
    }
    let r = f(&mut marks, epoch);
    MARKS.with(|m| m.borrow_mut().push((epoch, marks)));
    r
}

impl State {
    /// Evaluates a number for `ctx.player`.
    pub(crate) fn num(&self, n: &Num, ctx: &Ctx) -> i64 {
        self.num_in(n, ctx, &mut Scope::default())
    }

    /// [`State::num`] within an evaluation's scope (see [`Scope`]).
    pub(crate) fn num_in(&self, n: &Num, ctx: &Ctx, sc: &mut Scope) -> i64 {
        match n {
            Num::Int(i) => *i,
            Num::Count(set) => {
                if let Some(n) = self.count_direct(set, ctx, sc) {
                    return n;
                }
                let mut buf = sc.buf(self);
                self.set_into_in(set, ctx, sc, &mut buf);
                let k = buf.len() as i64;
                sc.give(buf);
                k
            }
            // Saturating: a rule's arithmetic never wraps or panics.
            Num::Add(v) => v
                .iter()
                .fold(0i64, |acc, x| acc.saturating_add(self.num_in(x, ctx, sc))),
            Num::Sub(a, b) => self
                .num_in(a, ctx, sc)
                .saturating_sub(self.num_in(b, ctx, sc)),
            Num::If(c, a, b) => {
                if self.eval_in(c, ctx, sc) {
                    self.num_in(a, ctx, sc)
                } else {
                    self.num_in(b, ctx, sc)
                }
            }
            Num::Counter(c) => self.counter(*c, ctx.player) as i64,
            Num::Pieces => self.pieces_of(ctx.player) as i64,
            Num::Height(r) => {
                let s = self.site_at(ctx, *r);
                if s == NO_SITE {
                    0
                } else {
                    self.height(s) as i64
                }
            }
            // A roll read by a condition does not draw: see `num_drawing`.
            Num::Roll(..) => 0,
            Num::PiecesIn(set) => self.pieces_in(set, ctx),
            Num::Distance(r, region) => {
                self.distance(*region, ctx.player, self.site_at(ctx, *r)) as i64
            }
            Num::PiecesOnLine(r, dirs) => self.pieces_on_line(self.site_at(ctx, *r), *dirs, ctx),
            Num::LineDistance(a, b) => {
                self.line_distance(self.site_at(ctx, *a), self.site_at(ctx, *b))
            }
            Num::Turn => i64::from(self.scalars.turns) + 1,
            Num::DiceLeft => self.extras.dice_left.len() as i64,
            Num::PerPlayer(nums) => nums
                .get(usize::from(ctx.player))
                .map_or(0, |n| self.num_in(n, ctx, sc)),
            Num::Times(n, k) => self.num_in(n, ctx, sc).saturating_mul(*k),
        }
    }

    /// Counts the sites of simple sets without building them: neighbours,
    /// groups and whole-board filters (the hot path of role conditions).
    fn count_direct(&self, set: &SiteSet, ctx: &Ctx, sc: &mut Scope) -> Option<i64> {
        match set {
            SiteSet::Neighbours(r, c) => {
                let s = self.site_at(ctx, *r);
                if s == NO_SITE {
                    return Some(0);
                }
                let n = self.game.board.neighbours(s);
                if matches!(**c, Cond::Friend(SiteRef::Subject)) {
                    // The neighbours of the anchor's owner, compared directly.
                    let Some(own) = self.owner_of(s) else {
                        return Some(0);
                    };
                    return Some(n.filter(|&x| self.owner_of(x) == Some(own)).count() as i64);
                }
                Some(
                    n.filter(|&x| {
                        self.eval_in(
                            c,
                            &Ctx {
                                subject: x,
                                anchor: s,
                                ..*ctx
                            },
                            sc,
                        )
                    })
                    .count() as i64,
                )
            }
            SiteSet::Group(r, c) => {
                let s = self.site_at(ctx, *r);
                if s == NO_SITE || self.height(s) == 0 {
                    return Some(0);
                }
                let group = sc.take_group(self, s);
                if let Some(t) = self.local_role_of(c) {
                    // Members are occupied; their masks came with the flood.
                    let k = group
                        .iter()
                        .filter(|&&m| t.value(m, true, sc.group_mask(m)))
                        .count();
                    sc.put_group(group);
                    return Some(k as i64);
                }
                let inner = Ctx { anchor: s, ..*ctx };
                let k = group
                    .iter()
                    .filter(|&&m| {
                        self.eval_in(
                            c,
                            &Ctx {
                                subject: m,
                                ..inner
                            },
                            sc,
                        )
                    })
                    .count();
                sc.put_group(group);
                Some(k as i64)
            }
            SiteSet::Where(c) => Some(
                (0..self.heights.len() as Site)
                    .filter(|&s| {
                        self.eval_in(
                            c,
                            &Ctx {
                                subject: s,
                                anchor: s,
                                ..*ctx
                            },
                            sc,
                        )
                    })
                    .count() as i64,
            ),
            _ => None,
        }
    }

    /// The table of `c` when it is a local role of its subject.
    #[inline]
    fn local_role_of(&self, c: &Cond) -> Option<&crate::engine::memo::LocalRole> {
        match c {
            Cond::Role(SiteRef::Subject, id) => self.tables.eval.local_roles[*id as usize].as_ref(),
            _ => None,
        }
    }

    /// The owner of the top piece at `s`, `None` when empty or no site.
    #[inline]
    fn owner_of(&self, s: Site) -> Option<crate::compile::ir::Player> {
        let h = *self.heights.get(s as usize)? as usize;
        if h == 0 {
            return None;
        }
        Some(self.game.owner(self.pieces[s as usize * self.cap + h - 1]))
    }

    /// True if some neighbour of the set's site satisfies the condition,
    /// for neighbour sets (without building them); `None` otherwise.
    pub(crate) fn any_direct(&self, set: &SiteSet, ctx: &Ctx, sc: &mut Scope) -> Option<bool> {
        match set {
            SiteSet::Neighbours(r, c) => {
                let s = self.site_at(ctx, *r);
                if s == NO_SITE {
                    return Some(false);
                }
                let mut n = self.game.board.neighbours(s);
                Some(n.any(|x| {
                    self.eval_in(
                        c,
                        &Ctx {
                            subject: x,
                            anchor: s,
                            ..*ctx
                        },
                        sc,
                    )
                }))
            }
            // Stops at the first site that satisfies the condition.
            SiteSet::Where(c) => Some((0..self.heights.len() as Site).any(|s| {
                self.eval_in(
                    c,
                    &Ctx {
                        subject: s,
                        anchor: s,
                        ..*ctx
                    },
                    sc,
                )
            })),
            _ => None,
        }
    }

    /// Whether the neighbours of a site that satisfy a condition are
    /// connected, without building the set (a site has few neighbours);
    /// `None` for other sets.
    pub(crate) fn connected_direct(
        &self,
        set: &SiteSet,
        ctx: &Ctx,
        sc: &mut Scope,
    ) -> Option<bool> {
        let SiteSet::Neighbours(r, c) = set else {
            return None;
        };
        let s = self.site_at(ctx, *r);
        if s == NO_SITE {
            return Some(true);
        }
        let mut members = [NO_SITE; SMALL];
        let mut k = 0;
        for x in self.game.board.neighbours(s) {
            let inner = Ctx {
                subject: x,
                anchor: s,
                ..*ctx
            };
            if members[..k].contains(&x) || !self.eval_in(c, &inner, sc) {
                continue;
            }
            if k == SMALL {
                return None;
            }
            members[k] = x;
            k += 1;
        }
        Some(self.connected_small(&members[..k]))
    }

    /// Evaluates a number in an effect, where dice may be rolled (drawing
    /// from the state's chance generator).
    pub(crate) fn num_drawing(&mut self, n: &Num, ctx: &Ctx) -> i64 {
        match n {
            Num::Roll(k, sides) => self.roll_dice(*k, *sides),
            Num::Add(v) => v
                .iter()
                .fold(0i64, |acc, x| acc.saturating_add(self.num_drawing(x, ctx))),
            Num::Sub(a, b) => self
                .num_drawing(a, ctx)
                .saturating_sub(self.num_drawing(b, ctx)),
            Num::If(c, a, b) => {
                if self.eval(c, ctx) {
                    self.num_drawing(a, ctx)
                } else {
                    self.num_drawing(b, ctx)
                }
            }
            other => self.num(other, ctx),
        }
    }

    /// The number of pieces of `player` on the board.
    #[inline]
    pub(crate) fn pieces_of(&self, player: crate::compile::ir::Player) -> usize {
        // Stacks of one piece: the sites the player tops, when the state
        // keeps them up to date.
        if self.cap == 1
            && self.pending_sets.is_none()
            && let Some(n) = self.occ.owned_count(player)
        {
            return n;
        }
        if let (true, Some(own), Some(mixed)) = (
            self.sets_current(),
            self.occ.owned_words(player),
            self.occ.mixed_words(),
        ) {
            // The stacks the player tops alone count whole; a mixed one
            // piece by piece.
            let mut n = 0;
            for (w, (&mine, &both)) in own.iter().zip(mixed).enumerate() {
                let mut x = mine | both;
                while x != 0 {
                    let s = (w * 64) as Site + x.trailing_zeros() as Site;
                    n += self.pieces_at(s, player);
                    x &= x - 1;
                }
            }
            return n;
        }
        (0..self.heights.len() as Site)
            .map(|s| self.pieces_at(s, player))
            .sum()
    }

    /// The one owner of the stack at `s`, when the site sets say it has
    /// one (not empty, not mixed); `None` otherwise, or when the sets are
    /// not kept.
    #[inline]
    pub(crate) fn sole_owner(&self, s: Site) -> Option<crate::compile::ir::Player> {
        if self.sets_current() && !self.occ.is_mixed(s) {
            self.top_owner(s)
        } else {
            None
        }
    }

    /// The number of pieces of `player` in the stack at `s`: the whole
    /// stack or none when the site sets say it has one owner, else
    /// counted piece by piece.
    #[inline]
    pub(crate) fn pieces_at(&self, s: Site, player: crate::compile::ir::Player) -> usize {
        if self.sets_current() && !self.occ.is_mixed(s) {
            return match self.top_owner(s) {
                Some(o) if o == player => self.height(s),
                _ => 0,
            };
        }
        self.stack(s)
            .iter()
            .filter(|&&p| self.game.owner(p) == player)
            .count()
    }

    /// The pieces of `player` on the board, counted no further than
    /// `limit`: `min(pieces_of(player), limit)`. A comparison of the
    /// pieces with a constant `b` reads the same on this with `limit`
    /// `b + 1`; every site the player tops holds at least one of theirs,
    /// so where the state keeps those sites the count often stops there
    /// (a player with no pieces left loses: `limit` 1).
    pub(crate) fn pieces_up_to(&self, player: crate::compile::ir::Player, limit: usize) -> usize {
        if limit == 0 {
            return 0;
        }
        if self.pending_sets.is_none()
            && let Some(n) = self.occ.owned_count(player)
            && (n >= limit || self.cap == 1)
        {
            return n.min(limit);
        }
        let mut n = 0;
        for s in 0..self.heights.len() as Site {
            n += self
                .stack(s)
                .iter()
                .filter(|&&p| self.game.owner(p) == player)
                .count();
            if n >= limit {
                return limit;
            }
        }
        n
    }

    /// Writes the sites of `set` into `out` (cleared first), sorted and
    /// without duplicates.
    pub(crate) fn set_into(&self, set: &SiteSet, ctx: &Ctx, out: &mut Vec<Site>) {
        self.set_into_in(set, ctx, &mut Scope::default(), out);
    }

    /// [`State::set_into`] within an evaluation's scope (see [`Scope`]).
    pub(crate) fn set_into_in(
        &self,
        set: &SiteSet,
        ctx: &Ctx,
        sc: &mut Scope,
        out: &mut Vec<Site>,
    ) {
        out.clear();
        match set {
            SiteSet::Flanked(f) => {
                let game = self.game.clone();
                let at = self.site_at(ctx, f.at);
                let _ = crate::engine::flank::flanked(self, &game, f, at, ctx.player, &mut |s| {
                    out.push(s);
                    std::ops::ControlFlow::Continue(())
                });
            }
            SiteSet::Neighbours(r, c) => {
                let s = self.site_at(ctx, *r);
                if s != NO_SITE {
                    self.neighbours_where(s, c, ctx, sc, out);
                }
            }
            SiteSet::Group(r, c) => {
                let s = self.site_at(ctx, *r);
                if s != NO_SITE && self.height(s) > 0 {
                    let group = sc.take_group(self, s);
                    if let Some(t) = self.local_role_of(c) {
                        let kept = group.iter().copied();
                        out.extend(kept.filter(|&m| t.value(m, true, sc.group_mask(m))));
                        sc.put_group(group);
                        out.sort_unstable();
                        return;
                    }
                    let inner = Ctx { anchor: s, ..*ctx };
                    out.extend(group.iter().copied().filter(|&m| {
                        self.eval_in(
                            c,
                            &Ctx {
                                subject: m,
                                ..inner
                            },
                            sc,
                        )
                    }));
                    sc.put_group(group);
                    out.sort_unstable();
                }
            }
            SiteSet::Where(c) => {
                for s in 0..self.heights.len() as Site {
                    if self.eval_in(
                        c,
                        &Ctx {
                            subject: s,
                            anchor: s,
                            ..*ctx
                        },
                        sc,
                    ) {
                        out.push(s);
                    }
                }
            }
            SiteSet::AdjacentTo(inner, c) => self.adjacent_to(inner, c, ctx, sc, out),
            SiteSet::Minus(a, b) => {
                let mut other = sc.buf(self);
                self.set_into_in(a, ctx, sc, out);
                self.set_into_in(b, ctx, sc, &mut other);
                other.sort_unstable();
                out.retain(|s| other.binary_search(s).is_err());
                sc.give(other);
            }
            SiteSet::Reach(from, c) => self.reach(from, c, ctx, sc, out),
            SiteSet::Run(r) => self.run_into(r, ctx, out),
            SiteSet::Trail {
                at,
                track,
                backward,
                through,
            } => self.trail_into(*at, *track, *backward, through, ctx, out),
            SiteSet::Removed => out.extend_from_slice(&self.removed),
            SiteSet::Converted => out.extend_from_slice(&self.converted),
        }
    }

    /// Neighbours of `s` satisfying `c` (subject: the neighbour; anchor: `s`).
    fn neighbours_where(&self, s: Site, c: &Cond, ctx: &Ctx, sc: &mut Scope, out: &mut Vec<Site>) {
        let board = &self.game.board;
        for n in board.neighbours(s) {
            if self.eval_in(
                c,
                &Ctx {
                    subject: n,
                    anchor: s,
                    ..*ctx
                },
                sc,
            ) {
                out.push(n);
            }
        }
        out.sort_unstable();
        out.dedup();
    }

    fn adjacent_to(
        &self,
        inner: &SiteSet,
        c: &Cond,
        ctx: &Ctx,
        sc: &mut Scope,
        out: &mut Vec<Site>,
    ) {
        let mut base = sc.buf(self);
        self.set_into_in(inner, ctx, sc, &mut base);
        if !base.is_empty() {
            let board = &self.game.board;
            let mut marks = sc.take_marks(self);
            for &b in &base {
                for n in board.neighbours(b) {
                    let (w, bit) = (n as usize / 64, 1u64 << (n % 64));
                    if marks[w] & bit != 0 {
                        continue;
                    }
                    marks[w] |= bit;
                    let here = Ctx {
                        subject: n,
                        anchor: b,
                        ..*ctx
                    };
                    if self.eval_in(c, &here, sc) {
                        out.push(n);
                    }
                }
            }
            sc.put_marks(marks);
            out.sort_unstable();
        }
        sc.give(base);
    }

    /// Sites reachable from the members of `from` that satisfy `c`,
    /// through adjacent sites that satisfy `c`.
    fn reach(&self, from: &SiteSet, c: &Cond, ctx: &Ctx, sc: &mut Scope, out: &mut Vec<Site>) {
        let mut start = sc.buf(self);
        self.set_into_in(from, ctx, sc, &mut start);
        let ok = |s: Site| {
            self.eval_in(
                c,
                &Ctx {
                    subject: s,
                    anchor: s,
                    ..*ctx
                },
                sc,
            )
        };
        self.flood(&start, ok, out);
        sc.give(start);
    }

    /// The connected group of the stack at `s`: occupied sites reachable by
    /// board adjacency through stacks of the same top owner, sorted.
    pub(crate) fn group_into(&self, s: Site, out: &mut Vec<Site>) {
        out.clear();
        let Some(owner) = self.top_owner(s) else {
            return;
        };
        self.flood(&[s], |n| self.top_owner(n) == Some(owner), out);
    }

    /// Breadth-first search over board adjacency from the seeds that
    /// satisfy `ok`, through sites that satisfy it; appends the sites
    /// reached to `out`, then sorts it.
    fn flood(&self, seeds: &[Site], mut ok: impl FnMut(Site) -> bool, out: &mut Vec<Site>) {
        let board = &self.game.board;
        with_marks(self.heights.len(), |marks, epoch| {
            for &s in seeds {
                if marks[s as usize] != epoch && ok(s) {
                    marks[s as usize] = epoch;
                    out.push(s);
                }
            }
            let mut i = 0;
            while i < out.len() {
                let cur = out[i];
                i += 1;
                for n in board.neighbours(cur) {
                    if marks[n as usize] != epoch && ok(n) {
                        marks[n as usize] = epoch;
                        out.push(n);
                    }
                }
            }
        });
        out.sort_unstable();
    }

    /// True if the sites of `set` form one connected piece of the board
    /// (adjacency restricted to the set); true for an empty set.
    pub(crate) fn connected(&self, set: &[Site]) -> bool {
        let Some(&first) = set.first() else {
            return true;
        };
        let board = &self.game.board;
        if set.len() <= SMALL {
            return self.connected_small(set);
        }
        let mut stack = take_buf();
        let reached = with_marks(self.heights.len(), |marks, epoch| {
            // Mark the members with epoch, visited members with epoch + …:
            // use a second pass: members marked `epoch`, visited reset to 0.
            for &s in set {
                marks[s as usize] = epoch;
            }
            let mut reached = 0;
            marks[first as usize] = 0;
            stack.push(first);
            while let Some(cur) = stack.pop() {
                reached += 1;
                for n in board.neighbours(cur) {
                    if marks[n as usize] == epoch {
                        marks[n as usize] = 0;
                        stack.push(n);
                    }
                }
            }
            reached
        });
        give_buf(stack);
        reached == set.len()
    }

    /// [`State::connected`] for a set of at most [`SMALL`] sites without
    /// duplicates (a site's neighbours): a search over the set itself.
    fn connected_small(&self, set: &[Site]) -> bool {
        let Some(&first) = set.first() else {
            return true;
        };
        let board = &self.game.board;
        let mut reached = [first; SMALL];
        let mut n = 1;
        let mut i = 0;
        while i < n && n < set.len() {
            let cur = reached[i];
            i += 1;
            for nb in board.neighbours(cur) {
                if n < SMALL && set.contains(&nb) && !reached[..n].contains(&nb) {
                    reached[n] = nb;
                    n += 1;
                }
            }
        }
        n == set.len()
    }
}

/// Sets of at most this many sites (a site's neighbours) are searched on
/// the stack.
const SMALL: usize = 16;

#[cfg(test)]
mod tests {
    use crate::compile::{Game, Options};
    use crate::engine::State;
    use crate::engine::cond::Ctx;
    use std::sync::Arc;

    /// Two players on a 3 × 3 board, read from `position`, who place on
    /// empty sites; `num` is compiled inside a selection's `to:` as
    /// `(equal NUM 0)`.
    fn num_of(num: &str, position: &str) -> (State, crate::compile::ir::Num) {
        let text = format!(
            r#"(game "T" (players 2) (board (square 3 3) labels:Coordinates) (piece "S")
                 (play {{(place "S" to:Empty) (select to:(equal {num} 0))}}))"#
        );
        let game = Game::from_source("t.game", &text, &Options::default()).unwrap();
        let crate::compile::ir::Cond::Compare(n, ..) = game.gens[1].to.clone() else {
            panic!("a comparison")
        };
        (State::from_position(Arc::new(game), position).unwrap(), n)
    }

    #[test]
    fn pieces_counted_up_to_a_limit_are_the_count_cut_at_it() {
        // Along seeded random games of a stack game (tall and mixed
        // stacks): the pieces counted no further than each limit are the
        // pieces counted here stack by stack, cut at the limit; so are the
        // whole count and each stack's (read from the site sets), and a
        // stack has a sole owner exactly when its pieces have one.
        use rand::SeedableRng;
        let src = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/games/genocide.game"));
        let game = Arc::new(Game::from_source("g.game", src, &Options::default()).unwrap());
        let mut buf = Vec::new();
        for seed in 0..3u64 {
            let mut st = State::new(game.clone());
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            for _ in 0..80 {
                for p in 0..2 {
                    let count: usize = (0..game.board.len() as crate::board::Site)
                        .map(|s| st.stack(s).iter().filter(|&&x| game.owner(x) == p).count())
                        .sum();
                    for limit in [
                        0,
                        1,
                        2,
                        count.saturating_sub(1),
                        count,
                        count + 1,
                        usize::MAX,
                    ] {
                        assert_eq!(st.pieces_up_to(p, limit), count.min(limit), "limit {limit}");
                    }
                    assert_eq!(st.pieces_of(p), count);
                    for s in 0..game.board.len() as crate::board::Site {
                        let here = st.stack(s).iter().filter(|&&x| game.owner(x) == p).count();
                        assert_eq!(st.pieces_at(s, p), here, "site {s}");
                    }
                }
                for s in 0..game.board.len() as crate::board::Site {
                    let owners: std::collections::BTreeSet<_> =
                        st.stack(s).iter().map(|&x| game.owner(x)).collect();
                    let sole = (owners.len() == 1)
                        .then(|| owners.first().copied())
                        .flatten();
                    assert_eq!(st.sole_owner(s), sole, "site {s}");
                    assert_eq!(st.is_mixed(s), owners.len() > 1, "site {s}");
                }
                if !crate::engine::run::playout::random_step(&mut st, &mut rng, &mut buf) {
                    break;
                }
            }
        }
    }

    #[test]
    fn the_turn_counts_from_one_and_follows_play() {
        let (mut st, n) = num_of("(turn)", "1 1:a1");
        assert_eq!(st.num(&n, &Ctx::at(0, 0)), 1);
        st.play_str("b1").unwrap();
        st.play_str("c1").unwrap();
        assert_eq!(st.num(&n, &Ctx::at(0, 0)), 3);
        // A position text's `turns=` is the turns completed.
        let (st, n) = num_of("(turn)", "2 1:a1 turns=41");
        assert_eq!(st.num(&n, &Ctx::at(1, 0)), 42);
    }

    #[test]
    fn per_player_gives_each_player_its_own_number() {
        let (st, n) = num_of("(per-player 5 (sum (pieces) 10))", "1 1:a1,b1 2:c3");
        assert_eq!(st.num(&n, &Ctx::at(0, 0)), 5);
        assert_eq!(st.num(&n, &Ctx::at(1, 0)), 11);
    }

    #[test]
    fn per_player_needs_one_number_per_player() {
        let text = r#"(game "T" (players 2) (board (square 3 3)) (piece "S")
            (play (place "S" to:(equal (per-player 1 2 3) 0))))"#;
        let err = Game::from_source("t.game", text, &Options::default()).unwrap_err();
        assert!(err.to_string().contains("3 numbers for 2 players"), "{err}");
    }
}
