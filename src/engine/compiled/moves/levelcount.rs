//! The moves of a [`SlideLevel`] on one position, counted from site sets
//! rather than listed: how many leave each origin, and the origins some
//! move of which the flank screen ([`crate::engine::screen`]) lets through.
//!
//! Along each direction, the origins whose next `k` sites are empty are
//! found for every `k` at once, as lattice bits ([`crate::engine::lattice`]): the
//! origins one step back from the empty sites, then one step back from
//! the empty sites among those, and so on; a generator's moves of
//! distance `k` leave those of them among its origins whose `k`-th site
//! its fixed conjuncts allow. Generators that move part of a stack (one
//! move per count of pieces) are counted origin by origin along their
//! rays ([`crate::engine::raybits`]) instead: they move from stacks, which are
//! few. The `k`-th move of the level, in the order of the listing
//! (origin by origin), is then listed from its origin alone
//! ([`crate::engine::levellist`]).

use crate::board::{Dir, Site};
use crate::compile::ir::{Kind, Origin};
use crate::engine::State;
use crate::engine::bits::Bits;
use crate::engine::lattice::{Lattice, Points};
use crate::engine::overlay::RayCache;
use crate::engine::raybits::RayBits;
use crate::engine::screen::How;
use crate::engine::slidelevel::{LevelGen, MAX_GENS, SlideLevel};
use crate::engine::state::VISIBLE_MARKS;
use crate::engine::word::Word;

/// A [`SlideLevel`]'s moves on one position (see the module's
/// documentation).
#[derive(Debug, Clone)]
pub(crate) struct LevelCount {
    /// Moves per origin, by lattice bit.
    pub per: [u32; 128],
    /// Moves in all.
    pub total: u32,
    /// The origins some move leaves, as lattice points.
    pub origins: Points,
    /// The origins some move of which the screen lets through (a move
    /// from the others fails its filter for sure).
    pub maybe: Points,
    /// Per generator: its origins, as lattice points.
    pub from: [Points; MAX_GENS],
    /// The stacks of the position as a site set (bit `s` for site `s`).
    pub occ: Bits<2>,
}

/// The bits set in `mask`, in increasing order.
#[inline]
fn ones(mask: u32) -> impl Iterator<Item = usize> {
    ones64(u64::from(mask))
}

/// The bits set in `mask`, in increasing order.
#[inline]
fn ones64(mask: u64) -> impl Iterator<Item = usize> {
    let mut mask = mask;
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

/// The bits set in `x`, one step a bit (few bits are set: cheaper than
/// `count_ones` where the target has no population count instruction).
#[inline]
fn sparse_ones(mut x: u64) -> u32 {
    let mut n = 0;
    while x != 0 {
        x &= x - 1;
        n += 1;
    }
    n
}

/// The position's sets a count reads, as lattice bits.
struct Sets {
    /// Empty sites.
    empty: Points,
    /// The stacks of the position as a site set (bit `s` for site `s`).
    occ: Bits<2>,
    /// Per generator: its origins, and the screen's targets (the
    /// destinations a move to which may pass whatever its origin) as
    /// lattice points and as a site set.
    origins: [Points; MAX_GENS],
    targets: [Points; MAX_GENS],
    target_sites: [Bits<2>; MAX_GENS],
}

impl State {
    /// Counts the moves of `level` on the current position (see the
    /// module's documentation); `cache` holds the position's rays for the
    /// screen (forget them when it changes).
    pub(crate) fn count_level(
        &self,
        level: &SlideLevel,
        lat: &Lattice,
        cache: &mut RayCache,
    ) -> LevelCount {
        let mut out = LevelCount {
            per: [0; 128],
            total: 0,
            origins: Points::NONE,
            maybe: Points::NONE,
            from: [Points::NONE; MAX_GENS],
            occ: Bits::ZERO,
        };
        let mut hows = [How::Maybe; MAX_GENS];
        let sets = self.level_sets(level, lat, cache, &mut hows);
        (out.from, out.occ) = (sets.origins, sets.occ);
        // Per generator: the origins some move of it leaves.
        let mut moved = [Points::NONE; MAX_GENS];
        self.count_whole(level, lat, &sets, &mut moved, &mut out);
        for (i, g) in level.gens.iter().enumerate().filter(|(_, g)| !g.whole) {
            moved[i] = self.count_parts(g, lat, &sets, i, &mut out);
        }
        // Moves from stacks may pass whatever their destination when the
        // origin is hot.
        for (i, how) in hows.iter().enumerate().take(level.gens.len()) {
            for b in (moved[i] & !sets.empty & !out.maybe).iter() {
                if self.origin_may_pass(lat.site(b), how, cache) {
                    out.maybe |= Points::point(b);
                }
            }
            if how.targets().is_none() {
                out.maybe |= moved[i];
            }
        }
        out
    }

    /// The empty sites, each generator's origins and screen (into
    /// `hows`) and its targets.
    fn level_sets<'a>(
        &'a self,
        level: &SlideLevel,
        lat: &Lattice,
        cache: &mut RayCache,
        hows: &mut [How<'a>; MAX_GENS],
    ) -> Sets {
        let occ = RayBits::occupied(&self.heights);
        let empty = lat.of_sites(!occ);
        let mover = self.scalars.mover;
        let has = |o: Origin| level.origins & o.bit() != 0;
        let mut mine = Points::NONE;
        if has(Origin::Mine) {
            for b in lat.of_sites(occ).iter() {
                let top = self.top(lat.site(b));
                if top.is_some_and(|p| self.game.owner(p) == mover) {
                    mine |= Points::point(b);
                }
            }
        }
        let mut marked = Points::NONE;
        if has(Origin::Marked) && self.scalars.marked > 0 {
            for (s, &m) in self.marks.iter().enumerate() {
                if m & VISIBLE_MARKS != 0 {
                    marked |= Points::point(lat.bit(s as Site));
                }
            }
        }
        let mut sets = Sets {
            empty,
            occ,
            origins: [Points::NONE; MAX_GENS],
            targets: [Points::NONE; MAX_GENS],
            target_sites: [Bits::ZERO; MAX_GENS],
        };
        for (i, g) in level.gens.iter().enumerate() {
            let of = |o: Origin, set: Points| {
                if g.origin & o.bit() != 0 {
                    set
                } else {
                    Points::NONE
                }
            };
            sets.origins[i] =
                of(Origin::Empty, empty) | of(Origin::Mine, mine) | of(Origin::Marked, marked);
            if let Some(k) = g.kind {
                sets.origins[i] &= self.topped_by(k, lat, occ);
            }
            hows[i] = self.how(g.id, cache, mover);
            let targets = hows[i].targets().unwrap_or(Bits::ZERO);
            sets.target_sites[i] = targets;
            // The generators of a level most often share their screen.
            sets.targets[i] = match i.checked_sub(1) {
                _ if targets == Bits::ZERO => Points::NONE,
                Some(j) if sets.target_sites[j] == targets => sets.targets[j],
                _ => lat.of_sites(targets),
            };
        }
        sets
    }

    /// The stacks (`occ`, a site set) topped by a piece of kind `k`, as
    /// lattice points.
    fn topped_by(&self, k: Kind, lat: &Lattice, occ: Bits<2>) -> Points {
        let mut out = Points::NONE;
        for b in lat.of_sites(occ).iter() {
            if self
                .top(lat.site(b))
                .is_some_and(|p| self.game.kind(p) == k)
            {
                out |= Points::point(b);
            }
        }
        out
    }

    /// Counts the moves of the level's generators that move whole
    /// stacks, group by group (see [`SlideLevel::groups`]): as one when
    /// the group's origins are apart and its targets alike, else
    /// generator by generator.
    fn count_whole(
        &self,
        level: &SlideLevel,
        lat: &Lattice,
        sets: &Sets,
        moved: &mut [Points; MAX_GENS],
        out: &mut LevelCount,
    ) {
        for &group in &level.groups {
            let first = group.trailing_zeros() as usize;
            let (mut union, mut one) = (Points::NONE, true);
            for i in ones(group) {
                one &=
                    (union & sets.origins[i]).is_empty() && sets.targets[i] == sets.targets[first];
                union |= sets.origins[i];
            }
            if one {
                let from = self.count_run(level, lat, sets, first, union, out);
                for i in ones(group) {
                    moved[i] = from & sets.origins[i];
                }
            } else {
                for i in ones(group) {
                    moved[i] = self.count_run(level, lat, sets, i, sets.origins[i], out);
                }
            }
        }
        out.origins |= moved.iter().fold(Points::NONE, |a, &m| a | m);
    }

    /// Counts the moves from `origins` of the `i`-th generator's
    /// directions and fixed conjuncts (see the module's documentation);
    /// marks those origins some move from which reaches one of its
    /// targets; returns the origins some move leaves.
    fn count_run(
        &self,
        level: &SlideLevel,
        lat: &Lattice,
        sets: &Sets,
        i: usize,
        origins: Points,
        out: &mut LevelCount,
    ) -> Points {
        let g = &level.gens[i];
        let mover = self.scalars.mover;
        let (mut from, mut maybe, mut total) = (Points::NONE, Points::NONE, 0);
        if origins.is_empty() {
            return Points::NONE;
        }
        for d in ones64(g.dirs[mover as usize]) {
            let back = lat.back(d as Dir);
            // The origins whose first k sites along d are empty, and those
            // whose k-th site is a target.
            let mut open = back.pre(sets.empty);
            let mut aim = back.pre(sets.targets[i]);
            for &fixed in g.fixed_row(mover, d as Dir, level) {
                let o = open & origins;
                if o.is_empty() {
                    // Fewer origins have more empty sites ahead.
                    break;
                }
                let m = o & fixed;
                if !m.is_empty() {
                    from |= m;
                    maybe |= m & aim;
                    total += m.count_into(&mut out.per);
                }
                open = back.pre(open & sets.empty);
                if !aim.is_empty() {
                    aim = back.pre(aim);
                }
            }
        }
        out.maybe |= maybe;
        out.total += total;
        from
    }

    /// Counts the moves of generator `g` (the `i`-th of its level), which
    /// moves part of a stack, origin by origin along its rays; returns
    /// the origins it moves from.
    fn count_parts(
        &self,
        g: &LevelGen,
        lat: &Lattice,
        sets: &Sets,
        i: usize,
        out: &mut LevelCount,
    ) -> Points {
        let (Some(rays), Some(table)) = (
            self.tables.eval.rays.as_ref(),
            self.tables
                .eval
                .slides
                .get(g.id as usize)
                .and_then(Option::as_ref),
        ) else {
            return Points::NONE;
        };
        let mover = self.scalars.mover;
        let generator = &self.game.gens[g.id as usize];
        let targets = sets.target_sites[i];
        let mut moved = Points::NONE;
        for b in sets.origins[i].iter() {
            let from = lat.site(b);
            let (lo, hi) = self.counts(generator, &self.dest_ctx(from, from));
            if hi < lo {
                continue;
            }
            let row = table.along_row(mover, from);
            let here = rays.rays_at(from);
            let (mut dests, mut hit) = (0, false);
            for d in ones64(g.dirs[mover as usize]) {
                let (Some(r), fixed) = (
                    here.get(d),
                    row.map_or(u64::MAX, |r| r.get(d).copied().unwrap_or(0)),
                ) else {
                    continue;
                };
                let (k, _) = rays.open_of(r, sets.occ, d as Dir);
                let open = fixed & low_bits(k);
                dests += sparse_ones(open);
                hit |= open != 0 && RayBits::open_hits(r, sets.occ, targets);
            }
            if dests > 0 {
                let n = dests * u32::from(hi - lo + 1);
                out.per[b as usize] += n;
                out.total += n;
                out.origins |= Points::point(b);
                moved |= Points::point(b);
                if hit {
                    out.maybe |= Points::point(b);
                }
            }
        }
        moved
    }
}

/// The lowest `k` bits set (all of them from 64 on).
#[inline]
pub(crate) fn low_bits(k: usize) -> u64 {
    match k {
        64.. => u64::MAX,
        _ => (1u64 << k) - 1,
    }
}
