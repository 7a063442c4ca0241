//! Slides listed by the compiled tier, beside the reference's walk
//! (`reference/kinds/slide.rs`, [`State::gen_slide`]): a slide
//! generator's [`SlideTable`] (the conjuncts of `to:` that read only the
//! origin and destination, worked out for every ray ahead of play), and
//! the listings that read it: through empty sites by the heights or, from
//! site sets, a ray at a time ([`RayBits`]).

use crate::board::{Dir, NO_SITE, Site};
use crate::compile::ir::{Cond, Game, Gen, GenId, GenKind, Player, RegionId, SiteRef, Slide};
use crate::engine::bits::Bits;
use crate::engine::levelcount::low_bits;
use crate::engine::raybits::RayBits;
use crate::engine::{Move, State};
use std::ops::ControlFlow;

/// What a slide generator's `to:` condition becomes for fast generation:
/// its conjuncts that depend only on the origin and destination sites
/// (`farther` from a region, membership of a region) are worked out once
/// for every ray of the board, a bit per site along the ray; the rest is
/// tested on the way.
#[derive(Debug, Clone)]
pub(crate) struct SlideTable {
    /// The conjuncts of `to:` that read the position (all of `to:` when
    /// there is no `fixed` table).
    pub(crate) rest: Cond,
    /// The slide goes through empty sites at no cost and `rest` is `true`
    /// (`Some(true)`: it may land on the first stack too) or `Empty`
    /// (`Some(false)`): the heights are read directly.
    open: Option<bool>,
    /// Sites of the board and directions of the board.
    sites: usize,
    dirs: usize,
    /// At `(player × sites + from) × dirs + d`: bit `i` is set when the
    /// fixed conjuncts hold for the `i`-th site (from 0) along direction
    /// `d` from `from`; `None` when `to:` has no fixed conjunct (or the
    /// board is too large, or has rays of more than 64 sites).
    fixed: Option<Vec<u64>>,
}

/// Most entries (players × sites × directions) a slide table may have.
const MAX_ENTRIES: usize = 1 << 16;

impl SlideTable {
    /// The table of generator `g` if it slides.
    pub(crate) fn of(game: &Game, g: &Gen) -> Option<SlideTable> {
        let GenKind::Slide(slide) = &g.kind else {
            return None;
        };
        let board = &game.board;
        let (sites, dirs) = (board.len(), board.directions().len());
        let (rest, fixed) = match fixed_table(game, g) {
            Some((rest, bits)) => (rest, Some(bits)),
            None => (g.to.clone(), None),
        };
        let through_empty = slide.through == Cond::Empty(SiteRef::Subject);
        let open = match &rest {
            _ if !through_empty || slide.cost.is_some() => None,
            Cond::True => Some(true),
            Cond::Empty(SiteRef::Subject) => Some(false),
            _ => None,
        };
        Some(SlideTable {
            rest,
            open,
            sites,
            dirs,
            fixed,
        })
    }

    /// Whether the slides of this table may be listed from site sets
    /// (see [`State::slide_by_sets`]).
    #[inline]
    pub(crate) fn by_sets(&self) -> bool {
        self.open.is_some()
    }

    /// The fixed conjuncts from `from` for `player`, one entry a board
    /// direction (see [`SlideTable::along`]); `None` without a table
    /// (every bit set), no entry off the board.
    #[inline]
    pub(crate) fn along_row(&self, player: Player, from: Site) -> Option<&[u64]> {
        let fixed = self.fixed.as_ref()?;
        let i = (player as usize * self.sites + from as usize) * self.dirs;
        Some(fixed.get(i..i + self.dirs).unwrap_or(&[]))
    }

    /// Whether the slides of this table go through empty sites to empty
    /// sites only (`to:` is `Empty` and fixed conjuncts), at no cost.
    #[inline]
    pub(crate) fn to_empty_only(&self) -> bool {
        self.open == Some(false)
    }

    /// The fixed conjuncts along direction `d` from `from` for `player`
    /// (every bit set without a table).
    #[inline]
    pub(crate) fn along(&self, player: Player, from: Site, d: Dir) -> u64 {
        let Some(fixed) = &self.fixed else {
            return u64::MAX;
        };
        let i = (player as usize * self.sites + from as usize) * self.dirs + d as usize;
        fixed.get(i).copied().unwrap_or(0)
    }
}

/// The conjuncts of `g`'s `to:` that read the position, and the bits of
/// its fixed conjuncts along every ray (see [`SlideTable::fixed`]); `None`
/// when it has no fixed conjunct or the table would be too large.
fn fixed_table(game: &Game, g: &Gen) -> Option<(Cond, Vec<u64>)> {
    let conj: &[Cond] = match &g.to {
        Cond::And(cs) => cs,
        c => std::slice::from_ref(c),
    };
    let (fixed, rest): (Vec<&Cond>, Vec<&Cond>) = conj.iter().partition(|c| is_fixed(c));
    if fixed.is_empty() {
        return None;
    }
    let board = &game.board;
    let (sites, dirs, players) = (board.len(), board.directions().len(), game.num_players());
    if players * sites * dirs > MAX_ENTRIES {
        return None;
    }
    let mut bits = vec![0u64; players * sites * dirs];
    for p in 0..players {
        for from in 0..sites as Site {
            for d in 0..dirs {
                let mut to = board.step(from, d as u8);
                let mut i = 0;
                while to != NO_SITE {
                    if i == 64 {
                        return None;
                    }
                    if fixed
                        .iter()
                        .all(|c| fixed_holds(game, c, p as Player, from, to))
                    {
                        bits[(p * sites + from as usize) * dirs + d] |= 1 << i;
                    }
                    to = board.step(to, d as u8);
                    i += 1;
                }
            }
        }
    }
    let rest = match rest.as_slice() {
        [] => Cond::True,
        [c] => (*c).clone(),
        cs => Cond::And(cs.iter().map(|c| (*c).clone()).collect()),
    };
    Some((rest, bits))
}

/// True if `c` depends only on the player and the step's origin and
/// destination sites (not on the position).
fn is_fixed(c: &Cond) -> bool {
    matches!(
        c,
        Cond::Farther(_) | Cond::In(SiteRef::Subject | SiteRef::To | SiteRef::From, _)
    )
}

/// Whether fixed conjunct `c` holds for `player`'s step from `from` to
/// `to` (as [`State::eval`] would find).
fn fixed_holds(game: &Game, c: &Cond, player: Player, from: Site, to: Site) -> bool {
    let n = game.board.len();
    let distance = |region: RegionId, site: Site| {
        let base = (region as usize * game.num_players() + player as usize) * n;
        match game.distances.get(base + site as usize) {
            Some(&d) if (site as usize) < n && d != u32::MAX => d,
            _ => n as u32,
        }
    };
    let within = |region: RegionId, site: Site| {
        game.regions[region as usize][player as usize][site as usize]
    };
    match c {
        Cond::Farther(r) => distance(*r, to) > distance(*r, from),
        Cond::In(SiteRef::Subject | SiteRef::To, r) => within(*r, to),
        Cond::In(SiteRef::From, r) => within(*r, from),
        _ => false,
    }
}

impl State {
    /// The stacks of the position as a site set, when some generator of
    /// `gens` lists its slides from site sets and moves from every site
    /// (`only` is `None`): worked out once for all the origins, and given
    /// to [`State::slide_compiled`] for each (the reference's listing
    /// passes it through without reading it).
    pub(crate) fn slide_sets(&self, gens: &[GenId], only: Option<Site>) -> Option<Bits<2>> {
        let slides = &self.tables.eval.slides;
        let by_sets = |&g: &GenId| {
            slides
                .get(g as usize)
                .and_then(Option::as_ref)
                .is_some_and(|t| t.by_sets())
        };
        (only.is_none() && self.tables.eval.rays.is_some() && gens.iter().any(by_sets))
            .then(|| RayBits::occupied(&self.heights))
    }

    /// The moves of slide generator `g` from `from` as
    /// [`State::gen_slide`] lists them, by its slide table: `None` when
    /// it has none (the reference walks them). Through empty sites at no
    /// cost to the sites the fixed conjuncts allow, from the rays as site
    /// sets when `occ` (the stacks) is given, else by the heights; any
    /// other slide walked with the fixed conjuncts read from the table.
    pub(crate) fn slide_compiled(
        &self,
        g: GenId,
        slide: &Slide,
        from: Site,
        occ: Option<Bits<2>>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> Option<ControlFlow<()>> {
        let t = self.tables.eval.slides.get(g as usize)?.as_ref()?;
        Some(match (t.open, occ, &self.tables.eval.rays) {
            (Some(anywhere), Some(occ), Some(rays)) => {
                self.slide_by_sets(g, slide, from, (occ, t, rays), anywhere, sink)
            }
            (Some(anywhere), _, _) => self.slide_through_empty(g, slide, from, t, anywhere, sink),
            (None, _, _) => self.slide_fixed(g, slide, from, t, sink),
        })
    }

    /// [`State::gen_slide`]'s walk with the fixed conjuncts of `to:`
    /// read from `table` and only the rest tested at each site.
    fn slide_fixed(
        &self,
        g: GenId,
        slide: &Slide,
        from: Site,
        table: &SlideTable,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let player = self.scalars.mover;
        let fixed = |d: Dir| table.along(player, from, d);
        self.walk_slide(g, slide, from, (&table.rest, fixed), sink)
    }

    /// [`State::gen_slide`] for the commonest slide: through empty sites,
    /// at no cost, to the empty sites (or, with `anywhere`, also onto the
    /// first stack) that the fixed conjuncts of `to:` allow: the heights
    /// are read directly, without a context per site.
    fn slide_through_empty(
        &self,
        g: GenId,
        slide: &Slide,
        from: Site,
        table: &SlideTable,
        anywhere: bool,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let game = &*self.game;
        let player = self.scalars.mover;
        let nd = game.board.directions().len();
        let step = game.board.step_table();
        let mut counts: Option<(u16, u16)> = None;
        let heights = &self.heights[..];
        for &d in &game.dirsets[slide.dirs as usize][player as usize] {
            let mut fixed = table.along(player, from, d);
            if fixed == 0 {
                // No site of the ray may be a destination.
                continue;
            }
            let mut to = step
                .get(from as usize * nd + d as usize)
                .copied()
                .unwrap_or(NO_SITE);
            while to != NO_SITE {
                let empty = heights[to as usize] == 0;
                if fixed & 1 != 0 && (empty || anywhere) {
                    self.emit_counts(g, from, to, &mut counts, sink)?;
                }
                if !empty {
                    break;
                }
                // Past 64 sites (no fixed table then): every site is open.
                fixed = (fixed >> 1) | (fixed & (1 << 63));
                if fixed == 0 {
                    // No destination further on.
                    break;
                }
                to = step
                    .get(to as usize * nd + d as usize)
                    .copied()
                    .unwrap_or(NO_SITE);
            }
        }
        ControlFlow::Continue(())
    }

    /// [`State::slide_through_empty`] from site sets: along each ray, the
    /// destinations are the sites before the first stack of `occ` (the
    /// stacks of the position), and with `anywhere` that stack too, where
    /// the fixed conjuncts of `table` hold; emitted from the origin
    /// outward, as the walk finds them.
    fn slide_by_sets(
        &self,
        g: GenId,
        slide: &Slide,
        from: Site,
        (occ, table, rays): (Bits<2>, &SlideTable, &RayBits),
        anywhere: bool,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let game = &*self.game;
        let player = self.scalars.mover;
        let mut counts: Option<(u16, u16)> = None;
        // The origin's row of fixed conjuncts and its rays, found once.
        let row = table.along_row(player, from);
        let here = rays.rays_at(from);
        for &d in &game.dirsets[slide.dirs as usize][player as usize] {
            let fixed = row.map_or(u64::MAX, |r| r.get(d as usize).copied().unwrap_or(0));
            if fixed == 0 {
                continue;
            }
            let Some(r) = here.get(d as usize) else {
                continue;
            };
            let (k, blocked) = rays.open_of(r, occ, d);
            let mut open = fixed & low_bits(k + (anywhere && blocked) as usize);
            if open == 0 {
                continue;
            }
            let ray = rays.sites_of(r);
            while open != 0 {
                let i = open.trailing_zeros() as usize;
                open &= open - 1;
                let Some(&to) = ray.get(i) else { break };
                self.emit_counts(g, from, to, &mut counts, sink)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Emits the slide of generator `g` from `from` to `to` once for each
    /// count it may carry; the counts (the same for every destination of
    /// one origin) are worked out at the first destination and kept in
    /// `counts`.
    #[inline]
    fn emit_counts(
        &self,
        g: GenId,
        from: Site,
        to: Site,
        counts: &mut Option<(u16, u16)>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let (lo, hi) = *counts.get_or_insert_with(|| {
            self.counts(&self.game.gens[g as usize], &self.dest_ctx(from, to))
        });
        let mut count = lo;
        while count <= hi {
            sink(Move {
                gen_id: g,
                from,
                to,
                over: NO_SITE,
                count,
            })?;
            count += 1;
        }
        ControlFlow::Continue(())
    }
}
