//! `after:` filters without playing the move.
//!
//! When a generator's effects only add pieces on the destination (its
//! [`AfterPlan`], kept in the engine's [`crate::engine::Tables`]), the position after a step differs from the current one
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

use crate::board::{Dir, NO_SITE, Site};
use crate::compile::ir::{Cond, Flank, Kind, Owner, Piece, Player, Rel, SiteRef};
use crate::engine::bits::Bits;
use crate::engine::compiled::cond::attack::Pins;
use crate::engine::cond::Ctx;
use crate::engine::flank::{Stacks, flanked, flanked_along, holds};
use crate::engine::plan::{AfterPlan, Amount, PlannedPush};
use crate::engine::screen::Screen;
use crate::engine::word::Word;
use crate::engine::{Move, State};
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

/// The destination's stack (its height and top piece) after the pushes
/// of `plan` for step `m` of the player to move, from `height` and `top`
/// before them.
#[inline]
fn pushed(
    st: &State,
    plan: &AfterPlan,
    m: &Move,
    mut height: usize,
    mut top: Option<Piece>,
) -> (usize, Option<Piece>) {
    let game = &*st.game;
    let (cap, player) = (st.cap, st.scalars.mover);
    if let [
        PlannedPush {
            amount: Amount::Gain(r),
            kind: Some(kind),
            owner: Owner::Mover,
        },
    ] = plan.pushes[..]
    {
        // The commonest plan: the mover's pieces, as many as the steps
        // gained.
        let n = st.gain(r, player, m.from, m.to) as usize;
        return if n > 0 && height < cap {
            ((height + n).min(cap), Some(game.piece(kind, player)))
        } else {
            (height, top)
        };
    }
    for p in &plan.pushes {
        let (n, kind) = match p.amount {
            Amount::Fixed(n) => (n as u32, p.kind.or(top.map(|t| game.kind(t)))),
            Amount::Gain(r) => (
                st.gain(r, player, m.from, m.to),
                Some(p.kind.or(top.map(|t| game.kind(t))).unwrap_or(0)),
            ),
        };
        let who = match p.owner {
            Owner::Mover => Some(player),
            Owner::Top => top.map(|t| game.owner(t)),
        };
        if let (Some(kind), Some(who)) = (kind, who)
            && n > 0
            && height < cap
        {
            height = (height + n as usize).min(cap);
            top = Some(game.piece(kind, who));
        }
    }
    (height, top)
}

/// Whether step `m` of the player to move (its generator's effects
/// following `plan`) leaves the stack on its destination flanking as `f`
/// asks (`f.at` is `To`): what [`Overlay::eval`] finds for
/// `Cond::Flanks(f)`. A step from a stack of no piece changes the
/// destination only, and the destination's summary answers at once.
#[inline]
pub(crate) fn flanks_after(
    st: &State,
    m: &Move,
    plan: &AfterPlan,
    f: &Flank,
    cache: &mut RayCache,
) -> bool {
    let from_empty = st.heights.get(m.from as usize).is_none_or(|&h| h == 0);
    if from_empty && !f.same_kind && (m.to as usize) < st.heights.len() {
        let player = st.scalars.mover;
        if let Some((lines, tall)) = cache.summary(st, f, player, m.to)
            && !tall
        {
            // No line flanks at any height: nothing to work out.
            return lines != 0 && arrival_fits(st, m, plan, f, lines);
        }
    }
    flanks_after_step(st, m, plan, f, cache)
}

/// Whether the stack that step `m` (from a stack of no piece, its effects
/// following `plan`) leaves on its destination flanks along the lines of
/// the destination's summary `lines`.
#[inline(never)]
fn arrival_fits(st: &State, m: &Move, plan: &AfterPlan, f: &Flank, lines: u64) -> bool {
    let (height, top) = pushed(st, plan, m, st.height(m.to), st.top(m.to));
    holds(&st.game, f.end, top, st.scalars.mover) && Flanking::fits(lines, f, height)
}

/// [`flanks_after`] on an overlay of the position after `m`.
#[inline(never)]
fn flanks_after_step(
    st: &State,
    m: &Move,
    plan: &AfterPlan,
    f: &Flank,
    cache: &mut RayCache,
) -> bool {
    let player = st.scalars.mover;
    let o = Overlay::new(st, m, plan);
    if !f.same_kind
        && let Some(rays) = st.tables.eval.rays.as_ref()
        && let Some((0, false)) = cache.summary(st, f, player, m.to)
    {
        // No line flanks before the step: only a line through the origin
        // can after it.
        return o.origin_lines_flank(f, player, rays);
    }
    o.flanks_from_to(f, player, cache)
}

impl<'a> Overlay<'a> {
    /// The position after `m` (whose generator's effects follow `plan`),
    /// played by the player to move.
    pub fn new(st: &'a State, m: &Move, plan: &AfterPlan) -> Overlay<'a> {
        let cap = st.cap;
        let h = st.height(m.from);
        let k = if m.count == 0 {
            h
        } else {
            (m.count as usize).min(h)
        };
        let from_height = h - k;
        // The pieces of the origin's stack, bottom first.
        let below = &st.pieces[m.from as usize * cap..][..h];
        let from_top = from_height.checked_sub(1).map(|i| below[i]);
        let to_top = if k > 0 {
            below.last().copied()
        } else {
            st.top(m.to)
        };
        let to_height = (st.height(m.to) + k).min(cap);
        let (to_height, to_top) = pushed(st, plan, m, to_height, to_top);
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
        // The commonest filter first: a flank from the destination.
        if let Cond::Flanks(f) = c
            && f.at == SiteRef::To
            && ctx.to == self.to
        {
            return Some(self.flanks_from_to(f, ctx.player, cache));
        }
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
    /// The flank and player the entries were found for (another id of the
    /// same directions serves too).
    key: Option<FlankKey>,
    /// Per site and board direction: the first stack along the line from
    /// the site (its site and distance), `(NO_SITE, 0)` when none; found
    /// for the whole board at once, line by line from the far end.
    next: Vec<(Site, u16)>,
    /// Per site: its rays and what they flank (valid when its stamp is
    /// the cache's epoch).
    entries: Vec<Entry>,
    /// Per site: the epoch its entry was found in.
    stamps: Vec<u32>,
    /// The position's epoch (a new one for each position).
    epoch: u32,
    /// Some entry was found in this epoch.
    used: bool,
    /// The address of the flank last served and its player: the same
    /// flank of the same tables asks for no new key (valid while `key`
    /// is, that is within one position).
    last: (usize, Player),
    /// The stacks of the position as a site set, when the board's rays
    /// are site sets ([`crate::engine::raybits`]): then `next` is not needed.
    occ: Option<Bits<2>>,
    /// Per site, found from `occ` when a step from a stack of no piece
    /// asks: the epoch it was found in, then its [`Flanking::heights`]
    /// and [`Flanking::tall`] (without the rays of a whole entry).
    sums: Vec<(u32, u64, bool)>,
    /// What rules out most steps of this position at once (see
    /// [`crate::engine::screen`]), for the flank served.
    screen: Screen,
    /// The mover's royal pieces' pins in this position, once found (see
    /// [`crate::engine::attack::Pins`]), with the kind they were found for.
    pins: Option<(Kind, Option<Pins>)>,
}

/// The rays from one site and what they flank.
#[derive(Debug, Clone, Copy)]
struct Entry {
    /// Per direction index: the first stack within reach (its site and
    /// distance) and the first stack beyond it within the same distance
    /// (site and distance), `NO_SITE` when none.
    rays: [Ray; MAX_DIRS],
    /// What a stack arriving on the site flanks.
    flanking: Flanking,
}

impl Default for Entry {
    fn default() -> Entry {
        Entry {
            rays: [(NO_SITE, 0, NO_SITE, 0); MAX_DIRS],
            flanking: Flanking::default(),
        }
    }
}

/// What a stack arriving on a site would flank along lines whose stacks
/// the step does not change: the heights it may have for that (bit `h`
/// for height `h`), when the flank asks for equal heights and not for
/// equal kinds; otherwise whether some line flanks at all.
#[derive(Debug, Clone, Copy, Default)]
struct Flanking {
    /// Some line has a stack of the middle's kind then one of the end's,
    /// evenly spaced and alike as the flank asks, each line's height in
    /// `heights` when it is below 64.
    heights: u64,
    /// Some such line has stacks of 64 pieces or more.
    tall: bool,
    /// `heights` line by line, by direction index: a step that changes
    /// the stacks of one line only is told by the other lines' bits and
    /// a look at that line.
    lines: [u64; MAX_DIRS],
}

impl Flanking {
    /// Whether a stack of `height` arriving on the site flanks along the
    /// lines of `mask` (see [`Flanking::heights`]; not for `tall` lines or
    /// flanks that ask for equal kinds).
    #[inline]
    fn fits(mask: u64, f: &Flank, height: usize) -> bool {
        if f.same_height {
            height < 64 && (mask >> height) & 1 != 0
        } else {
            mask != 0
        }
    }

    /// `heights` without the line of direction index `i` (of `n`).
    #[inline]
    fn without(&self, i: usize, n: usize) -> u64 {
        let mut mask = 0;
        for (j, &line) in self.lines.iter().enumerate().take(n) {
            if j != i {
                mask |= line;
            }
        }
        mask
    }
}

/// Most directions a board has (square grids with all eight neighbours).
const MAX_DIRS: usize = 8;

/// A line from a site: its first stack within reach (site and distance)
/// and the first stack beyond it within the same distance (site and
/// distance), `NO_SITE` when none.
type Ray = (Site, u16, Site, u16);

/// What a [`RayCache`]'s entries depend on, packed in one word: the
/// flank's directions (by id, the low 16 bits) and reach, the player, and
/// (for the [`Flanking`] summaries) what the flank asks of its stacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FlankKey(u64);

impl FlankKey {
    #[inline]
    fn of(f: &Flank, player: Player) -> FlankKey {
        let rel = |r: Rel| match r {
            Rel::Mine => 0u64,
            Rel::Enemy => 1,
            Rel::Occupied => 2,
        };
        FlankKey(
            f.dirs as u64
                | (f.reach as u64) << 16
                | (player as u64) << 32
                | rel(f.middle) << 40
                | rel(f.end) << 42
                | (f.same_height as u64) << 44
                | (f.same_kind as u64) << 45,
        )
    }

    /// The same but perhaps for the directions' id.
    fn same_but_dirs(self, other: FlankKey) -> bool {
        (self.0 ^ other.0) >> 16 == 0
    }
}

impl RayCache {
    /// The pins of the position's royal pieces of kind `k`, found by
    /// `find` at the first call of a position (and again when another
    /// kind is asked); `None` when `find` cannot tell.
    #[inline]
    pub(crate) fn pins(&mut self, k: Kind, find: impl FnOnce() -> Option<Pins>) -> Option<Pins> {
        match self.pins {
            Some((kind, pins)) if kind == k => pins,
            _ => self.pins.insert((k, find())).1,
        }
    }

    /// Forgets every ray (for another position), keeping the memory.
    pub fn forget(&mut self) {
        self.key = None;
        self.used = false;
        self.screen = Screen::default();
        self.pins = None;
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            // After 2^32 positions: no stamp may look current.
            self.stamps.iter_mut().for_each(|s| *s = u32::MAX);
            self.sums.iter_mut().for_each(|s| s.0 = u32::MAX);
            self.epoch = 1;
        }
    }

    /// Finds the first stack along every line of the board (`next`), when
    /// the board's lines have an order (see [`crate::engine::evaltables`]); false
    /// when they have none.
    #[inline(never)]
    fn find_next(&mut self, st: &State) -> bool {
        let Some(order) = st.tables.eval.line_order.as_ref() else {
            return false;
        };
        let board = &st.game.board;
        let dirs = board.directions().len();
        let step = board.step_table();
        let n = st.heights.len();
        self.next.clear();
        self.next.resize(n * dirs, (NO_SITE, 0));
        let (next, heights) = (&mut self.next[..], &st.heights[..n]);
        for (d, sites) in order.iter().enumerate() {
            for &s in sites {
                let at = s as usize * dirs + d;
                let a = step[at];
                if a == NO_SITE {
                    continue;
                }
                next[at] = if heights[a as usize] > 0 {
                    (a, 1)
                } else {
                    match next[a as usize * dirs + d] {
                        (NO_SITE, _) => (NO_SITE, 0),
                        (x, k) => (x, k.saturating_add(1)),
                    }
                };
            }
        }
        true
    }

    /// Makes the cache serve flank `f` for `player`; false when it serves
    /// another flank of this position or the board has too many
    /// directions.
    #[inline]
    fn serve(&mut self, st: &State, f: &Flank, player: Player) -> bool {
        let key = FlankKey::of(f, player);
        if self.key == Some(key) {
            return true;
        }
        let dirs = &st.game.dirsets[f.dirs as usize][player as usize];
        if dirs.len() > MAX_DIRS {
            return false;
        }
        if let Some(old) = self.key
            && old.same_but_dirs(key)
            && st.game.dirsets[(old.0 & 0xffff) as usize][player as usize] == *dirs
        {
            // Another name for the same directions.
            self.key = Some(key);
            return true;
        }
        if self.key.is_some() && self.used {
            return false; // serving another flank of this position
        }
        self.key = Some(key);
        self.screen = Screen::default();
        let n = st.heights.len();
        let stale = self.epoch.wrapping_sub(1);
        if self.entries.len() != n || self.sums.len() != n {
            self.entries.clear();
            self.entries.resize(n, Entry::default());
            self.stamps.clear();
            self.stamps.resize(n, stale);
            self.sums.clear();
            self.sums.resize(n, (stale, 0, false));
        }
        // No entry nor summary was found in this epoch (`used` is false):
        // those of the earlier flank, if any, bear earlier stamps.
        self.occ = None;
        if st.tables.eval.rays.is_some() {
            self.occ = Some(crate::engine::raybits::RayBits::occupied(&st.heights));
            self.next.clear();
        } else if !self.find_next(st) {
            self.next.clear();
        }
        true
    }

    /// The rays from `to` for flank `f`, found on `st` if not known yet,
    /// and what they flank; `None` when the cache serves another flank or
    /// the board has too many directions.
    #[inline]
    fn entry(&mut self, st: &State, f: &Flank, player: Player, to: Site) -> Option<&Entry> {
        let last = (f as *const Flank as usize, player);
        if self.key.is_none() || self.last != last {
            if !self.serve(st, f, player) {
                return None;
            }
            self.last = last;
        }
        let t = to as usize;
        if self.stamps[t] != self.epoch {
            self.find_entry(st, f, player, to);
        }
        Some(&self.entries[t])
    }

    /// What a stack arriving on `to` flanks for flank `f` (its
    /// [`Flanking::heights`] and [`Flanking::tall`]); `None` as for
    /// [`RayCache::entry`]. With the rays as site sets, a line whose
    /// first stack is no middle is not read further.
    #[inline]
    fn summary(&mut self, st: &State, f: &Flank, player: Player, to: Site) -> Option<(u64, bool)> {
        let (Some(rays), Some(_)) = (st.tables.eval.rays.as_ref(), self.occ) else {
            return self
                .entry(st, f, player, to)
                .map(|e| (e.flanking.heights, e.flanking.tall));
        };
        let last = (f as *const Flank as usize, player);
        if self.last != last || self.key.is_none() {
            if !self.serve(st, f, player) {
                return None;
            }
            self.last = last;
        }
        let t = to as usize;
        if self.stamps[t] == self.epoch {
            let e = &self.entries[t].flanking;
            return Some((e.heights, e.tall));
        }
        match self.sums.get(t) {
            Some(&(stamp, heights, tall)) if stamp == self.epoch => Some((heights, tall)),
            Some(_) => Some(self.find_summary(st, f, player, to, rays)),
            None => None,
        }
    }

    /// The position's [`Screen`] for flank `f` of `player` and the
    /// position's stacks as a site set; `None` when the board's rays are
    /// no site sets or the cache serves another flank.
    #[inline]
    pub(crate) fn screen<'a, 's>(
        &'a mut self,
        st: &'s State,
        f: &Flank,
        player: Player,
    ) -> Option<(&'a mut Screen, &'s crate::engine::raybits::RayBits, Bits<2>)> {
        let rays = st.tables.eval.rays.as_ref()?;
        let last = (f as *const Flank as usize, player);
        if self.last != last || self.key.is_none() {
            if f.same_kind || !self.serve(st, f, player) {
                return None;
            }
            self.last = last;
        }
        let occ = self.occ?;
        Some((&mut self.screen, rays, occ))
    }

    /// Finds the summary of `to` (see [`RayCache::summary`]).
    #[inline(never)]
    fn find_summary(
        &mut self,
        st: &State,
        f: &Flank,
        player: Player,
        to: Site,
        rays: &crate::engine::raybits::RayBits,
    ) -> (u64, bool) {
        let occ = self.occ.unwrap_or(Bits::ZERO);
        let (heights, tall) = summary_from_sets(st, f, player, to, rays, occ);
        self.sums[to as usize] = (self.epoch, heights, tall);
        self.used = true;
        (heights, tall)
    }

    /// Finds the entry of `to` (see [`RayCache::entry`]).
    #[inline(never)]
    fn find_entry(&mut self, st: &State, f: &Flank, player: Player, to: Site) {
        let dirs = &st.game.dirsets[f.dirs as usize][player as usize];
        let board = &st.game.board;
        let nd = board.directions().len();
        let next = &self.next;
        let sets = st.tables.eval.rays.as_ref().zip(self.occ);
        // The first stack from `from` along `d` within `limit` steps.
        let first = |from: Site, d: crate::board::Dir, limit: u16| {
            if let Some((rays, occ)) = sets {
                return match rays.first(occ, from, d) {
                    Some((s, m)) if m <= limit => (s, m),
                    _ => (NO_SITE, 0),
                };
            }
            if !next.is_empty() {
                return match next[from as usize * nd + d as usize] {
                    (s, m) if s != NO_SITE && m <= limit => (s, m),
                    _ => (NO_SITE, 0),
                };
            }
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
        let mut entry = Entry::default();
        for (i, &d) in dirs.iter().enumerate() {
            let (e, m) = first(to, d, f.reach);
            let (g, m2) = if e == NO_SITE {
                (NO_SITE, 0)
            } else {
                first(e, d, m)
            };
            entry.rays[i] = (e, m, g, m2);
            if let Some(h) = line_flanks(st, f, player, (e, m, g, m2)) {
                let line = match h {
                    _ if !f.same_height => u64::MAX,
                    0..64 => 1 << h,
                    _ => {
                        entry.flanking.tall = true;
                        0
                    }
                };
                entry.flanking.lines[i] = line;
                entry.flanking.heights |= line;
            }
        }
        self.entries[to as usize] = entry;
        self.stamps[to as usize] = self.epoch;
        self.used = true;
    }
}

/// [`Flanking::heights`] and [`Flanking::tall`] of a stack arriving on
/// `to` for flank `f`, read from the board's rays as site sets (`occ`:
/// the stacks of the position).
fn summary_from_sets(
    st: &State,
    f: &Flank,
    player: Player,
    to: Site,
    rays: &crate::engine::raybits::RayBits,
    occ: Bits<2>,
) -> (u64, bool) {
    let game = &*st.game;
    let (mut heights, mut tall) = (0u64, false);
    for &d in &game.dirsets[f.dirs as usize][player as usize] {
        let (k, Some(e)) = rays.open(occ, to, d) else {
            continue;
        };
        let m = k as u16 + 1;
        if m > f.reach || !holds(game, f.middle, st.top(e), player) {
            continue;
        }
        let (k2, Some(g)) = rays.open(occ, e, d) else {
            continue;
        };
        if k2 as u16 + 1 != m {
            continue;
        }
        if let Some(h) = line_flanks(st, f, player, (e, m, g, m)) {
            heights |= match h {
                _ if !f.same_height => u64::MAX,
                0..64 => 1 << h,
                _ => {
                    tall = true;
                    0
                }
            };
        }
    }
    (heights, tall)
}

/// The height of the stacks of a line from a site (`(e, m, g, m2)`: its
/// first two stacks and their distances) if a stack arriving on the site
/// flanks along it when it has that height (and, with `same_kind`, the
/// kind of those stacks).
fn line_flanks(st: &State, f: &Flank, player: Player, (e, m, g, m2): Ray) -> Option<usize> {
    let game = &*st.game;
    let alike = e != NO_SITE
        && g != NO_SITE
        && m2 == m
        && holds(game, f.middle, st.top(e), player)
        && holds(game, f.end, st.top(g), player)
        && (!f.same_height || st.height(e) == st.height(g))
        && (!f.same_kind || st.top(e).map(|p| game.kind(p)) == st.top(g).map(|p| game.kind(p)));
    alike.then(|| st.height(e))
}

impl Overlay<'_> {
    /// [`flanked`] from the destination along the lines from it through
    /// the origin (the other lines are as before the step).
    fn origin_lines_flank(
        &self,
        f: &Flank,
        player: Player,
        rays: &crate::engine::raybits::RayBits,
    ) -> bool {
        let game = &*self.st.game;
        if !holds(game, f.end, self.to_top, player) {
            return false;
        }
        game.dirsets[f.dirs as usize][player as usize]
            .iter()
            .any(|&d| {
                rays.on_ray(self.to, d, self.from)
                    && flanked_along(self, game, f, self.to, d, player).is_some()
            })
    }

    /// [`flanked`] from the destination, with the lines that do not pass
    /// the origin taken from `cache`.
    fn flanks_from_to(&self, f: &Flank, player: Player, cache: &mut RayCache) -> bool {
        let game = &*self.st.game;
        let top = self.to_top;
        if !holds(game, f.end, top, player) {
            return false;
        }
        let Some(Entry { rays, flanking }) = cache.entry(self.st, f, player, self.to) else {
            return flanked(self, game, f, self.to, player, &mut |_| {
                ControlFlow::Break(())
            })
            .is_break();
        };
        let dirs = &game.dirsets[f.dirs as usize][player as usize];
        if !f.same_kind && !flanking.tall {
            // A stack of no piece leaves its origin as it was: every line
            // is as cached, and the summary answers.
            let height = self.to_height;
            if self.from == NO_SITE || self.st.height(self.from) == 0 {
                return Flanking::fits(flanking.heights, f, height);
            }
            // Otherwise only the lines through the origin changed.
            let mut through = 0u32;
            for (i, &(e, _, g, _)) in rays.iter().take(dirs.len()).enumerate() {
                if e == self.from || g == self.from {
                    through |= 1 << i;
                }
            }
            match through.count_ones() {
                0 => return Flanking::fits(flanking.heights, f, height),
                1 => {
                    let i = through.trailing_zeros() as usize;
                    return Flanking::fits(flanking.without(i, dirs.len()), f, height)
                        || self.changed_line_flanks(f, player, rays[i], dirs[i]);
                }
                _ => {}
            }
        }
        let height = self.to_height;
        let kind = top.map(|p| game.kind(p));
        let alike = |s: Site| {
            (!f.same_height || self.height(s) == height)
                && (!f.same_kind || self.top(s).map(|p| game.kind(p)) == kind)
        };
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

    /// Whether the arriving stack flanks along the line `ray` (direction
    /// `d`) through the origin, whose stack the step changed: a split
    /// leaves the origin the line's first stack, at the same distance, and
    /// the cached far end answers; otherwise the line is walked.
    fn changed_line_flanks(&self, f: &Flank, player: Player, ray: Ray, d: Dir) -> bool {
        let game = &*self.st.game;
        let (e, m, g, m2) = ray;
        if e == self.from && self.from_height > 0 {
            let height = self.to_height;
            return g != NO_SITE
                && m2 == m
                && holds(game, f.middle, self.from_top, player)
                && holds(game, f.end, self.st.top(g), player)
                && (!f.same_height || (self.from_height == height && self.st.height(g) == height));
        }
        flanked_along(self, game, f, self.to, d, player).is_some()
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
        let crate::engine::tables::Filter::Overlay(o) = &st.tables.gens[0].filter else {
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
