//! Step-level move generation by the rules' meaning: the moves of each
//! kind of generator (steps, hops, slides, leaps, placements, sowing,
//! rotations…) from each origin, and a filter probed by playing the move
//! and taking it back. The listing that chooses between these and the
//! compiled tier's plans is `engine/listing.rs`.
//!
//! Generation writes into a caller's buffer (or stops at the first move for
//! existence tests), so that it allocates nothing.

use crate::board::{NO_SITE, Site};
use crate::compile::ir::{Cond, DirSetId, Gen, GenId, GenKind, Leap, Origin, Pieces};
use crate::engine::bits::{Bits, MAX_WORDS};
use crate::engine::cond::Ctx;
use crate::engine::sets::{give_buf, take_buf};
use crate::engine::state::VISIBLE_MARKS;
use crate::engine::tables::GenTables;
use crate::engine::{Move, State};
use std::ops::ControlFlow;

/// Generators of a level whose compiled `from:` is read as one set per
/// listing ([`State::origins_by_from`]); the others test it origin by origin.
const FROM_SETS: usize = 8;

impl State {
    /// Plays `m` (the move, then its effects), tests the generator's
    /// `check:` and `after:` filters for the mover, and undoes it.
    pub(crate) fn probe(&mut self, m: &Move, g: &Gen) -> bool {
        self.push_frame();
        let game = std::sync::Arc::clone(&self.game);
        self.move_part(&game, m, g);
        let ctx = self.step_ctx(m);
        let mut ok = g
            .check
            .as_ref()
            .is_none_or(|c| self.check_holds(m.gen_id, c, &ctx));
        // The effects matter only to `after:`.
        if ok && g.after.is_some() {
            let _ = self.run_step_effects(&g.then, &ctx);
            ok = g.after.as_ref().is_none_or(|c| self.eval(c, &ctx));
        }
        self.take_back();
        ok
    }

    /// Calls `sink` for each move of the generators `gens` (from `only` if
    /// given), site by site, as the rules define them; stops when `sink`
    /// breaks. Each generator moves from its origins: the mover's stacks
    /// (by default), empty sites, or marked sites.
    pub(crate) fn reference_level(
        &self,
        gens: &[GenId],
        only: Option<Site>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let n = self.heights.len() as Site;
        if only.is_none() {
            for &g in gens {
                self.gen_origin_free(g, sink)?;
            }
        }
        let (lo, hi) = match only {
            Some(s) => (s, s + 1),
            None => (0, n),
        };
        let game = &*self.game;
        let tables: &[GenTables] = &self.tables.gens;
        // The generators whose fixed conditions fail have no move here.
        let barred = self.barred(gens);
        // The origins this level moves from: sites of other kinds are
        // skipped at the cost of one test.
        let origins = gens
            .iter()
            .enumerate()
            .filter(|&(i, _)| free(barred, i))
            .fold(0u8, |acc, (_, &g)| acc | tables[g as usize].origin);
        if origins == 0 {
            return ControlFlow::Continue(());
        }
        let marks = origins & Origin::Marked.bit() != 0;
        let mover = self.scalars.mover;
        let occ = self.slide_sets(gens, only);
        let from_sets = match only {
            None => self.origins_by_from(gens),
            Some(_) => [None; FROM_SETS],
        };
        for from in lo..hi {
            // The top piece, read once for the origin test and `from:`'s
            // kind.
            let top = self.top(from);
            let mut here = match top {
                None => Origin::Empty.bit(),
                Some(p) if game.owner(p) == mover => Origin::Mine.bit(),
                Some(_) => 0,
            };
            if marks && self.marks[from as usize] & VISIBLE_MARKS != 0 {
                here |= Origin::Marked.bit();
            }
            if origins & here == 0 {
                continue;
            }
            let top_kind = top.map(|p| game.kind(p));
            for (i, &g) in gens.iter().enumerate() {
                let t = &tables[g as usize];
                let ok = t.origin & here != 0
                    && (t.from_kind.is_none() || t.from_kind == top_kind)
                    && free(barred, i);
                if ok {
                    match from_sets.get(i).copied().flatten() {
                        Some(set) if !set.has(from) => {}
                        Some(_) => self.gen_moves_from(g, from, occ, sink)?,
                        None => self.gen_from(g, from, occ, sink)?,
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The sites where each of the first [`FROM_SETS`] generators of
    /// `gens` may move from by its `from:`, read at once from its compiled
    /// form (the tables' `from`) when it has one and the site sets are up
    /// to date: an origin outside is passed over, one inside is not tested
    /// again. `None` for the others (tested origin by origin).
    fn origins_by_from(&self, gens: &[GenId]) -> [Option<Bits<MAX_WORDS>>; FROM_SETS] {
        let mut sets = [None; FROM_SETS];
        if !self.tables.has_from_preds || !self.sets_current() {
            return sets;
        }
        for (set, &g) in sets.iter_mut().zip(gens) {
            *set = self.origin_sites(g);
        }
        sets
    }

    /// The generators of `gens` (bit `i` for `gens[i]`, the first 64; see [`free`])
    /// whose hoisted conditions ([`GenTables::hoisted`], compiled tier
    /// only) fail in this position: they have no move here.
    fn barred(&self, gens: &[GenId]) -> u64 {
        let mut barred = 0;
        for (i, &g) in gens.iter().enumerate().take(64) {
            if self.hoist_fails(g) {
                barred |= 1 << i;
            }
        }
        barred
    }

    /// True if generator `g`'s hoisted conditions ([`GenTables::hoisted`])
    /// fail in this position: it has no move here.
    #[inline]
    pub(crate) fn hoist_fails(&self, g: GenId) -> bool {
        self.tables.gens[g as usize]
            .hoisted
            .as_ref()
            .is_some_and(|c| {
                let ctx = Ctx {
                    last: self.scalars.last,
                    ..Ctx::at(self.scalars.mover, NO_SITE)
                };
                !self.eval(c, &ctx)
            })
    }

    /// The range of piece counts a move may take from its origin's stack
    /// (`pieces:` within `keep:` and `max:`): `0..=0` stands for the whole
    /// stack, an empty range for no move.
    pub(crate) fn counts(&self, g: &Gen, ctx: &Ctx) -> (u16, u16) {
        let pieces = g.kind.shift().map_or(Pieces::Whole, |s| s.pieces);
        let (keep, max) = g
            .kind
            .limits()
            .map_or((None, None), |l| (l.keep.as_ref(), l.max.as_ref()));
        if pieces == Pieces::Whole && keep.is_none() && max.is_none() {
            return (0, 0);
        }
        let h = self.height(ctx.from) as i64;
        let here = Ctx {
            subject: ctx.from,
            ..*ctx
        };
        let keep = keep.map_or(0, |k| self.num(k, &here));
        let most = max.map_or(h, |k| self.num(k, &here));
        // A split leaves one piece at least.
        let kept = if pieces == Pieces::Part {
            keep.max(1)
        } else {
            keep.max(0)
        };
        let movable = (h - kept).clamp(0, most.max(0)) as u16;
        match pieces {
            Pieces::Whole if keep <= 0 && most >= h => (0, 0),
            Pieces::Whole => (1, 0),
            Pieces::One => (1, movable.min(1)),
            Pieces::Part | Pieces::Any => (1, movable),
        }
    }

    /// True if the mover can pay the cost of generator `g`'s step to
    /// `to`: at once when the budget covers the most the cost can be
    /// ([`super::super::tables::GenTables::cost_bound`], compiled tier),
    /// else the cost read at the destination.
    pub(crate) fn affordable(&self, g: GenId, to: Site, ctx: &Ctx) -> bool {
        let generator = &self.game.gens[g as usize];
        match generator.kind.cost() {
            None => true,
            Some(cost) => {
                let budget = self.counter(cost.budget, ctx.player) as i64;
                if self.tables.gens[g as usize]
                    .cost_bound
                    .is_some_and(|most| most <= budget)
                {
                    return true;
                }
                let c = self.num(
                    &cost.amount,
                    &Ctx {
                        subject: to,
                        ..*ctx
                    },
                );
                c <= budget
            }
        }
    }

    /// [`State::gen_origin_free`] for a caller outside the reference's
    /// own level (a mixed level, `compiled/moves/mixed.rs`), kept out of
    /// line so that the reference's level keeps its own inlined copy.
    #[inline(never)]
    pub(crate) fn origin_free_moves(
        &self,
        g: GenId,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.gen_origin_free(g, sink)
    }

    /// Moves of generators that start from no site: placements,
    /// selections, flips, sowings, advances by a die, rotations and
    /// passes.
    fn gen_origin_free(
        &self,
        g: GenId,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let generator = &self.game.gens[g as usize];
        let mv = |to| Move {
            gen_id: g,
            from: NO_SITE,
            to,
            over: NO_SITE,
            count: 0,
        };
        let sites = match &generator.kind {
            GenKind::Pass | GenKind::EndPhase => return sink(mv(NO_SITE)),
            GenKind::Swap { .. } if self.swap_allowed() => return sink(mv(NO_SITE)),
            GenKind::Swap { .. } => return ControlFlow::Continue(()),
            GenKind::Sow { track, skip } => return self.gen_sow(g, *track, *skip, sink),
            GenKind::Advance(a) => return self.gen_advance(g, a, sink),
            GenKind::Rotate { rotations } => return self.gen_rotate(g, rotations, sink),
            GenKind::Place { sites, .. } | GenKind::Select { sites } => sites,
            GenKind::Flip(_) => &None,
            _ => return ControlFlow::Continue(()),
        };
        let player = self.scalars.mover;
        let ok = |to| {
            let ctx = Ctx {
                to,
                from: NO_SITE,
                last: self.scalars.last,
                ..Ctx::at(player, to)
            };
            self.eval(&generator.to, &ctx)
        };
        match sites {
            None => {
                for to in 0..self.heights.len() as Site {
                    if ok(to) {
                        sink(mv(to))?;
                    }
                }
                ControlFlow::Continue(())
            }
            Some(set) => self.each_site_of(set, player, |to| {
                if ok(to) {
                    sink(mv(to))
                } else {
                    ControlFlow::Continue(())
                }
            }),
        }
    }

    /// True if `from:` condition `c` of generator `g` holds at the
    /// origin `ctx.subject`: read from its compiled form when it has one
    /// and the site sets are up to date, else evaluated.
    #[inline(always)]
    pub(crate) fn origin_holds(&self, g: GenId, c: &Cond, ctx: &Ctx) -> bool {
        if !self.tables.has_from_preds {
            return self.test(c, ctx);
        }
        match self
            .tables
            .gens
            .get(g as usize)
            .and_then(|t| t.from.as_ref())
        {
            Some(p) if self.pending_sets.is_none() => p.holds(self, ctx.player, ctx.subject),
            _ => self.test(c, ctx),
        }
    }

    /// True if `c`, the `to:` of generator `g`, holds at the destination
    /// `ctx.subject`: from its compiled form where the tables have one
    /// and the site sets are up to date, else as the reference reads it.
    #[inline]
    pub(crate) fn dest_holds(&self, g: GenId, c: &Cond, ctx: &Ctx) -> bool {
        match self.tables.gens.get(g as usize).and_then(|t| t.to.as_ref()) {
            Some(p) if self.pending_sets.is_none() => p.holds(self, ctx.player, ctx.subject),
            _ => self.test(c, ctx),
        }
    }

    /// The sites where `from:` of generator `g` holds for the mover, from
    /// its compiled form read once as a set ([`State::origin_holds`] site
    /// by site); `None` when it has none or the site sets are not up to
    /// date.
    pub(crate) fn origin_sites(&self, g: GenId) -> Option<Bits<MAX_WORDS>> {
        if !self.tables.has_from_preds || self.pending_sets.is_some() {
            return None;
        }
        let p = self.tables.gens.get(g as usize)?.from.as_ref()?;
        p.sites(self, self.scalars.mover)
    }

    /// Moves of stack-moving generator `g` from `from`, if `from:` holds
    /// there; `occ`: the stacks of the position as a site set, if known
    /// (see [`State::slide_sets`]).
    pub(crate) fn gen_from(
        &self,
        g: GenId,
        from: Site,
        occ: Option<Bits<2>>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let generator = &self.game.gens[g as usize];
        let at = Ctx {
            last: self.scalars.last,
            ..Ctx::at(self.scalars.mover, from)
        };
        if !self.origin_holds(g, &generator.from, &at) {
            return ControlFlow::Continue(());
        }
        self.gen_moves_from(g, from, occ, sink)
    }

    /// [`State::gen_from`] from an origin where `from:` is known to hold.
    fn gen_moves_from(
        &self,
        g: GenId,
        from: Site,
        occ: Option<Bits<2>>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let generator = &self.game.gens[g as usize];
        match &generator.kind {
            GenKind::Step(s) => self.gen_step(g, s.dirs, from, sink),
            GenKind::Hop(h) if h.flying => self.gen_flying(g, h, from, sink),
            GenKind::Hop(h) => self.gen_hop(g, h, from, sink),
            GenKind::Slide(s) => self.gen_slide(g, s, from, occ, sink),
            GenKind::Leap(leap) => self.gen_leap(g, leap, from, sink),
            GenKind::Relocate(_) => self.gen_relocate(g, from, sink),
            _ => ControlFlow::Continue(()),
        }
    }

    /// Moves of step generator `g` from `from`: to the site next to it in
    /// each of its directions that satisfies `to:`.
    fn gen_step(
        &self,
        g: GenId,
        dirs: DirSetId,
        from: Site,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let game = &*self.game;
        let generator = &game.gens[g as usize];
        let player = self.scalars.mover;
        let mut counts: Option<(u16, u16)> = None;
        for &d in &game.dirsets[dirs as usize][player as usize] {
            let to = game.board.step(from, d);
            if to == NO_SITE {
                continue;
            }
            let ctx = Ctx {
                player,
                subject: NO_SITE,
                from,
                to,
                over: NO_SITE,
                anchor: NO_SITE,
                last: self.scalars.last,
            };
            if self.dest_holds(g, &generator.to, &Ctx { subject: to, ..ctx }) {
                self.emit(g, &ctx, &mut counts, sink)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Calls `f` for each site of `set` in board order (the set computed
    /// for `player` on the current position); stops when `f` breaks.
    fn each_site_of(
        &self,
        set: &crate::compile::ir::SiteSet,
        player: crate::compile::ir::Player,
        mut f: impl FnMut(Site) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut buf = take_buf();
        let ctx = Ctx {
            last: self.scalars.last,
            ..Ctx::at(player, NO_SITE)
        };
        self.set_into(set, &ctx, &mut buf);
        buf.sort_unstable();
        buf.dedup();
        let r = buf.iter().try_for_each(|&s| f(s));
        give_buf(buf);
        r
    }

    /// Moves of a `leap` generator from `from`: to the site at each of its
    /// offsets (for the mover) that satisfies `to:`.
    fn gen_leap(
        &self,
        g: GenId,
        leap: &Leap,
        from: Site,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let k = leap.offsets.len();
        let start = (self.scalars.mover as usize * self.heights.len() + from as usize) * k;
        let Some(targets) = self.tables.gens[g as usize].leap_to.get(start..start + k) else {
            return ControlFlow::Continue(());
        };
        self.emit_each(g, from, targets.iter().copied(), sink)
    }

    /// Moves of a `relocate` generator from `from`: to every other site
    /// that satisfies `to:`.
    fn gen_relocate(
        &self,
        g: GenId,
        from: Site,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let sites = (0..self.heights.len() as Site).filter(|&to| to != from);
        self.emit_each(g, from, sites, sink)
    }

    /// The context of a move of the mover from `from` to `to` (its subject
    /// the destination), no site jumped.
    pub(crate) fn dest_ctx(&self, from: Site, to: Site) -> Ctx {
        Ctx {
            player: self.scalars.mover,
            subject: to,
            from,
            to,
            over: NO_SITE,
            anchor: to,
            last: self.scalars.last,
        }
    }

    /// The moves of generator `g` from `from` to each of `targets` (skipping
    /// [`NO_SITE`]) that satisfies its `to:`.
    fn emit_each(
        &self,
        g: GenId,
        from: Site,
        targets: impl Iterator<Item = Site>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let generator = &self.game.gens[g as usize];
        let mut counts: Option<(u16, u16)> = None;
        for to in targets.filter(|&to| to != NO_SITE) {
            let ctx = self.dest_ctx(from, to);
            if self.dest_holds(g, &generator.to, &ctx) {
                self.emit(g, &ctx, &mut counts, sink)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// True unless bit `i` of `barred` ([`State::barred`]) is set (a generator
/// past the 64th is never barred).
#[inline(always)]
fn free(barred: u64, i: usize) -> bool {
    i >= 64 || barred >> i & 1 == 0
}
