//! Step-level move generation: steps and hops, priority levels, and the
//! continuation of a multi-step turn.
//!
//! Generation writes into a caller's buffer (or stops at the first move for
//! existence tests), so that it allocates nothing.

use crate::board::{NO_SITE, Site};
use crate::compile::ir::{Cond, DirSetId, Gen, GenId, GenKind, Leap, Origin, Pieces, SiteRef};
use crate::engine::bitcond::BitSets;
use crate::engine::bitfilter::{BitFilter, Verdict};
use crate::engine::bitpos::BitPos;
use crate::engine::bits::Bits;
use crate::engine::cond::Ctx;
use crate::engine::fastgen::FastLevel;
use crate::engine::overlay::{Overlay, RayCache, flanks_after};
use crate::engine::screen::{give_marks, take_marks};
use crate::engine::sets::{give_buf, take_buf};
use crate::engine::shiftgen::ShiftLevel;
use crate::engine::state::VISIBLE_MARKS;
use crate::engine::tables::{Filter, GenTables, Overlaid};
use crate::engine::verdicts::{Listing, Verdicts};
use crate::engine::word::Word;
use crate::engine::{Move, State};
use std::ops::ControlFlow;

impl State {
    /// The legal steps for the player to move, in a stable order, written
    /// into `buf` (cleared first). Empty when the game is over or the mover
    /// has no move. Moves of generators with an `after:` filter are played,
    /// tested and undone (the state is left as it was).
    ///
    /// With a `maximize:` rule, only the steps that begin (or go on with)
    /// a turn reaching the largest count are kept: each candidate's best
    /// completion is searched by playing and undoing the rest of the turn
    /// (`maximize.rs`).
    pub fn legal_moves_into(&mut self, buf: &mut Vec<Move>) {
        self.unmaximized_into(buf);
        if self.game.maximize.is_some() {
            self.keep_maximal(buf);
        }
    }

    /// The legal steps before the `maximize:` rule.
    pub(crate) fn unmaximized_into(&mut self, buf: &mut Vec<Move>) {
        if !self.tables.has_filters {
            self.candidates_into(buf);
            return;
        }
        buf.clear();
        if self.scalars.outcome.is_some() {
            return;
        }
        if let Some(c) = self.scalars.cont {
            let t = &self.tables;
            let (gens, fast) = (t.chained(c.gen_id), t.chain_level(c.gen_id));
            let _ = self.gen_level(gens, fast, Some(c.site), &mut |m| {
                buf.push(m);
                ControlFlow::Continue(())
            });
            self.filter_after(buf);
            return;
        }
        self.levels_from_into(buf, 0, &[]);
    }

    /// The legal steps of the first priority level from `first` on that
    /// has any (filters applied). `before` holds the unfiltered candidates
    /// of level `first - 1` when `first > 0`, reused by a twin level.
    pub(crate) fn levels_from_into(&mut self, buf: &mut Vec<Move>, first: usize, before: &[Move]) {
        buf.clear();
        if self.scalars.outcome.is_some() || self.scalars.cont.is_some() {
            return;
        }
        let game = self.game.clone();
        let tables = self.tables.clone();
        let (levels, fast) = self.levels_of(&game, &tables);
        // The candidates of the last level generated, before filtering
        // (a spare buffer: no allocation once warm).
        let mut raw = take_moves();
        raw.extend_from_slice(before);
        let mut prev: &[GenId] = match first.checked_sub(1) {
            Some(i) if !before.is_empty() => levels.get(i).map_or(&[], Vec::as_slice),
            _ => &[],
        };
        for (i, level) in levels.iter().enumerate().skip(first) {
            if twins(&self.tables, prev, level) {
                // The same candidates as the level before, unfiltered.
                buf.clear();
                match id_shift(prev, level) {
                    // The twins' ids follow their originals' at one
                    // distance: no search per move.
                    Some(shift) => buf.extend(raw.iter().map(|m| Move {
                        gen_id: m.gen_id.wrapping_add(shift),
                        ..*m
                    })),
                    None => buf.extend(raw.iter().map(|m| Move {
                        gen_id: level[prev.iter().position(|&g| g == m.gen_id).unwrap_or(0)],
                        ..*m
                    })),
                }
            } else {
                buf.clear();
                let fast = fast.get(i).and_then(Option::as_ref);
                let _ = self.gen_level(level, fast, None, &mut |m| {
                    buf.push(m);
                    ControlFlow::Continue(())
                });
            }
            let filtered = level.iter().any(|&g| {
                let g = &game.gens[g as usize];
                g.after.is_some() || g.check.is_some()
            });
            if filtered {
                raw.clone_from(buf);
                self.filter_after(buf);
            } else {
                raw.clear();
            }
            if !buf.is_empty() {
                break;
            }
            prev = level;
        }
        give_moves(raw);
    }

    /// The priority levels the mover chooses from (outside a chained
    /// continuation): the block asked for by `again`, or the play rule.
    /// With them, their compiled plans (an entry a level).
    fn levels_of<'g>(
        &self,
        game: &'g crate::compile::ir::Game,
        tables: &'g crate::engine::Tables,
    ) -> (&'g [Vec<GenId>], &'g [Option<FastLevel>]) {
        match (self.scalars.cont, self.scalars.again) {
            (Some(_), _) => (&[], &[]),
            (None, Some(b)) => (&game.blocks[b as usize], tables.block_levels(b)),
            (None, None) => (
                &game.phases[self.scalars.phase as usize].play,
                tables.play_levels(self.scalars.phase),
            ),
        }
    }

    /// The plan of all the mover's priority levels together (outside a
    /// chained continuation), when they have one
    /// ([`crate::engine::fastgen::joint_levels`]).
    #[inline]
    pub(crate) fn joint_plan(&self) -> Option<&ShiftLevel> {
        let t = &*self.tables;
        match (self.scalars.cont, self.scalars.again) {
            (Some(_), _) => None,
            (None, Some(b)) => t.block_joint(b, self.scalars.mover),
            (None, None) => t.play_joint(self.scalars.phase, self.scalars.mover),
        }
    }

    /// Keeps the moves whose generator's `after:` condition holds on the
    /// position after the move: evaluated on an overlay of the position
    /// when the generator has a plan, else by playing the move.
    fn filter_after(&mut self, buf: &mut Vec<Move>) {
        let game = self.game.clone();
        let tables = self.tables.clone();
        let journaling = self.journaling;
        self.journaling = true;
        let mut cache = RayCache::default();
        // The candidates the screen rules out fail without a test.
        let mut maybe = take_marks();
        if self.screen_into(buf, &mut cache, &mut maybe) == Some(0) {
            buf.clear();
        }
        // The position as sets, for filters told on sets (made at the
        // first), the quiet placements found, and the verdicts kept from
        // the mover's last listing (taken out meanwhile: a listing inside
        // this one keeps none).
        let mut sets = None;
        let mut quiet = QuietFound::default();
        let mut kept = std::mem::take(&mut self.verdicts);
        let mut listing = if kept.on() {
            kept.begin(self.scalars.mover, self.owner_sets())
        } else {
            None
        };
        let mut i = 0;
        buf.retain(|m| {
            i += 1;
            if !maybe.get(i - 1).copied().unwrap_or(true) {
                return false;
            }
            // A verdict kept from the mover's last listing that holds here.
            if let Some(l) = listing.as_mut()
                && let Some(v) = kept.get(l, m.to, m.gen_id)
            {
                quiet.note(m, v);
                return v.legal;
            }
            let g = &game.gens[m.gen_id as usize];
            match &tables.gens[m.gen_id as usize].filter {
                Filter::None => true,
                Filter::Probe => self.probe(m, g),
                Filter::Overlay(o) => self
                    .overlay_verdict(m, o, &mut cache)
                    .unwrap_or_else(|| self.probe(m, g)),
                Filter::Bits(f) => match listing.as_mut().filter(|_| f.reusable()) {
                    Some(l) => self.kept_verdict(m, f, &mut sets, &mut quiet, &mut kept, l),
                    None => self.bits_verdict(m, f, &mut sets, &mut quiet),
                }
                .unwrap_or_else(|| self.probe(m, g)),
            }
        });
        if let Some(l) = listing {
            kept.finish(l);
        }
        self.verdicts = kept;
        if let Some(g) = quiet.gen_id {
            self.note_quiet(g, quiet.sites);
        }
        give_marks(maybe);
        self.journaling = journaling;
    }

    /// Whether candidate `m` passes its generator's filters, when that can
    /// be told without playing it: `Some(true)` for a generator without
    /// filters, the overlay's answer for an `after:` filter with a plan
    /// (and no `check:`), the answer on sets for filters that compile,
    /// `None` when only playing it can tell. `cache` holds rays of the
    /// current position (forget them when it changes). A placement found
    /// legal and quiet on sets is remembered ([`crate::engine::quietsteps`]).
    pub(crate) fn admits_unplayed(&mut self, m: &Move, cache: &mut RayCache) -> Option<bool> {
        let mut quiet = QuietFound::default();
        let v = match &self.tables.gens[m.gen_id as usize].filter {
            Filter::None => Some(true),
            Filter::Probe => None,
            Filter::Overlay(o) => self.overlay_verdict(m, o, cache),
            Filter::Bits(f) => self.bits_verdict(m, f, &mut None, &mut quiet),
        };
        if let Some(g) = quiet.gen_id {
            self.note_quiet(g, quiet.sites);
        }
        v
    }

    /// The verdict of filters told on sets on candidate `m`, with `sets`
    /// the position as sets (made here if `None`); a quiet legal
    /// placement is noted in `quiet`. `None`: only playing it can tell.
    fn bits_verdict(
        &self,
        m: &Move,
        f: &BitFilter,
        sets: &mut Option<AnyPos>,
        quiet: &mut QuietFound,
    ) -> Option<bool> {
        let ctx = self.step_ctx(m);
        let v = match (self.tables.eval.bits.as_ref()?, sets) {
            (BitSets::Narrow(t), sets) => {
                let base = AnyPos::narrow(sets, self)?;
                f.verdict(t, base, &ctx)?
            }
            (BitSets::Wide(t), sets) => {
                let base = AnyPos::wide(sets, self)?;
                f.verdict(t, base, &ctx)?
            }
        };
        quiet.note(m, v);
        Some(v.legal)
    }

    /// [`State::bits_verdict`] for a filter whose verdicts may be reused,
    /// kept for listing `l`.
    fn kept_verdict(
        &self,
        m: &Move,
        f: &BitFilter,
        sets: &mut Option<AnyPos>,
        quiet: &mut QuietFound,
        kept: &mut Verdicts,
        l: &mut Listing,
    ) -> Option<bool> {
        let ctx = self.step_ctx(m);
        let (v, foot) = match (self.tables.eval.bits.as_ref()?, sets) {
            (BitSets::Narrow(t), sets) => {
                let base = AnyPos::narrow(sets, self)?;
                let (v, foot) = f.verdict_traced(t, base, &ctx)?;
                (v, foot.resized())
            }
            (BitSets::Wide(t), sets) => {
                let base = AnyPos::wide(sets, self)?;
                f.verdict_traced(t, base, &ctx)?
            }
        };
        kept.put(l, m.to, m.gen_id, v, foot);
        quiet.note(m, v);
        Some(v.legal)
    }

    /// The overlay's answer for candidate `m` and its generator's `after:`
    /// filter `o` (`None`: only playing it can tell); a flank from the
    /// destination, the commonest filter, is told from `cache`'s summaries
    /// without building an overlay when it can be.
    fn overlay_verdict(&self, m: &Move, o: &Overlaid, cache: &mut RayCache) -> Option<bool> {
        if let Cond::Flanks(f) = &o.after
            && f.at == SiteRef::To
        {
            return Some(flanks_after(self, m, &o.plan, f, cache));
        }
        let ctx = self.step_ctx(m);
        Overlay::new(self, m, &o.plan).eval(&o.after, &ctx, cache)
    }

    /// Plays `m` (the move, then its effects), tests the generator's
    /// `check:` and `after:` filters for the mover, and undoes it.
    fn probe(&mut self, m: &Move, g: &Gen) -> bool {
        self.push_frame();
        let game = std::sync::Arc::clone(&self.game);
        self.move_part(&game, m, g);
        let ctx = self.step_ctx(m);
        let mut ok = g.check.as_ref().is_none_or(|c| self.eval(c, &ctx));
        // The effects matter only to `after:`.
        if ok && g.after.is_some() {
            let _ = self.run_step_effects(&g.then, &ctx);
            ok = g.after.as_ref().is_none_or(|c| self.eval(c, &ctx));
        }
        self.take_back();
        ok
    }

    /// The moves of the first priority level that has any, without
    /// `after:` filters (exactly the legal moves when the game has none).
    pub(crate) fn candidates_into(&self, buf: &mut Vec<Move>) {
        self.candidate_level_into(buf);
    }

    /// [`State::candidates_into`], telling which of the mover's priority
    /// levels the candidates come from (`None` when there are none, and
    /// in a chained continuation, which has no levels).
    pub(crate) fn candidate_level_into(&self, buf: &mut Vec<Move>) -> Option<usize> {
        buf.clear();
        if self.scalars.outcome.is_some() {
            return None;
        }
        let mut push = |m| {
            buf.push(m);
            ControlFlow::Continue(())
        };
        let t = &*self.tables;
        if let Some(c) = self.scalars.cont {
            let (gens, fast) = (t.chained(c.gen_id), t.chain_level(c.gen_id));
            let _ = self.gen_level(gens, fast, Some(c.site), &mut push);
            return None;
        }
        if let Some(done) = self
            .joint_plan()
            .and_then(|plan| self.fast_levels(plan, &mut push))
        {
            return done.1;
        }
        let (levels, fast) = self.levels_of(&self.game, t);
        for (i, level) in levels.iter().enumerate() {
            let mut found = false;
            let fast = fast.get(i).and_then(Option::as_ref);
            let _ = self.gen_level(level, fast, None, &mut |m| {
                found = true;
                push(m)
            });
            if found {
                return Some(i);
            }
        }
        None
    }

    /// The legal steps for the player to move (see
    /// [`State::legal_moves_into`]); works on a copy when the game has
    /// `after:` filters.
    pub fn legal_moves(&self) -> Vec<Move> {
        self.legal_steps().to_vec()
    }

    /// The legal steps, listed afresh ([`State::legal_steps`] remembers
    /// them).
    pub(crate) fn list_legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::new();
        if self.tables.has_filters || self.game.maximize.is_some() {
            self.clone().legal_moves_into(&mut v);
        } else {
            self.candidates_into(&mut v);
        }
        v
    }

    /// True if the current phase has a candidate move (before filters).
    /// True if the current phase has a candidate move other than ending
    /// the phase (before filters).
    pub(crate) fn has_candidate(&self) -> bool {
        let game = &*self.game;
        let mut sink = |m: Move| {
            if matches!(game.gens[m.gen_id as usize].kind, GenKind::EndPhase) {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        };
        if let Some(done) = self
            .joint_plan()
            .and_then(|plan| self.fast_levels(plan, &mut sink))
        {
            return done.0.is_break();
        }
        let (levels, fast) = self.levels_of(game, &self.tables);
        levels.iter().enumerate().any(|(i, level)| {
            let fast = fast.get(i).and_then(Option::as_ref);
            self.gen_level(level, fast, None, &mut sink).is_break()
        })
    }

    /// True if generator `g` has a move from `site`.
    pub(crate) fn has_move_from(&self, g: GenId, site: Site) -> bool {
        let fast = self.tables.alone(g);
        self.gen_level(&[g], fast, Some(site), &mut |_| ControlFlow::Break(()))
            .is_break()
    }

    /// Calls `sink` for each move of the generators `gens` (from `only` if
    /// given), site by site; stops when `sink` breaks. Each generator moves
    /// from its origins: the mover's stacks (by default), empty sites, or
    /// marked sites. `fast` is the level's compiled plan, if it has one
    /// (the same moves, made from site sets).
    pub(crate) fn gen_level(
        &self,
        gens: &[GenId],
        fast: Option<&FastLevel>,
        only: Option<Site>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if let Some(done) = fast.and_then(|f| self.fast_level(f, only, sink)) {
            return done;
        }
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
        // The origins this level moves from: sites of other kinds are
        // skipped at the cost of one test.
        let origins = gens
            .iter()
            .fold(0u8, |acc, &g| acc | tables[g as usize].origin);
        if origins == 0 {
            return ControlFlow::Continue(());
        }
        let marks = origins & Origin::Marked.bit() != 0;
        let mover = self.scalars.mover;
        let occ = self.slide_sets(gens, only);
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
            for &g in gens {
                let t = &tables[g as usize];
                let ok = t.origin & here != 0 && (t.from_kind.is_none() || t.from_kind == top_kind);
                if ok {
                    self.gen_from(g, from, occ, sink)?;
                }
            }
        }
        ControlFlow::Continue(())
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

    /// True if the mover can pay the step's cost.
    pub(crate) fn affordable(&self, g: &Gen, to: Site, ctx: &Ctx) -> bool {
        match g.kind.cost() {
            None => true,
            Some(cost) => {
                let c = self.num(
                    &cost.amount,
                    &Ctx {
                        subject: to,
                        ..*ctx
                    },
                );
                c <= self.counter(cost.budget, ctx.player) as i64
            }
        }
    }

    /// Moves of generators that start from no site: placements,
    /// selections, flips, sowings, rotations and passes.
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
            GenKind::Sow { track, skip } => return self.gen_sow(g, *track, *skip, sink),
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

    /// The stacks of the position as a site set, when some generator of
    /// `gens` lists its slides from site sets and moves from every site
    /// (`only` is `None`): worked out once for all the origins.
    fn slide_sets(&self, gens: &[GenId], only: Option<Site>) -> Option<Bits<2>> {
        let slides = &self.tables.eval.slides;
        let by_sets = |&g: &GenId| {
            slides
                .get(g as usize)
                .and_then(Option::as_ref)
                .is_some_and(|t| t.by_sets())
        };
        (only.is_none() && self.tables.eval.rays.is_some() && gens.iter().any(by_sets))
            .then(|| crate::engine::raybits::RayBits::occupied(&self.heights))
    }

    /// Moves of stack-moving generator `g` from `from`, if `from:` holds
    /// there; `occ`: the stacks of the position as a site set, if known
    /// (see [`State::slide_sets`]).
    fn gen_from(
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
        if !self.test(&generator.from, &at) {
            return ControlFlow::Continue(());
        }
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
            if self.test(&generator.to, &Ctx { subject: to, ..ctx }) {
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
            if self.test(&generator.to, &ctx) {
                self.emit(g, &ctx, &mut counts, sink)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// The position as sets in a listing, in the game's word (made at the
/// first candidate that asks). It lives on the stack, one a listing: the
/// wide kind unboxed, so that a listing allocates nothing.
#[allow(clippy::large_enum_variant)]
enum AnyPos {
    Narrow(BitPos<Bits<1>>),
    Wide(BitPos<Bits<2>>),
}

impl AnyPos {
    /// The narrow position of `st` in `sets`, made if need be.
    fn narrow<'a>(sets: &'a mut Option<AnyPos>, st: &State) -> Option<&'a mut BitPos<Bits<1>>> {
        match sets.get_or_insert_with(|| AnyPos::Narrow(BitPos::of_state(st))) {
            AnyPos::Narrow(p) => Some(p),
            AnyPos::Wide(_) => None,
        }
    }

    /// The wide position of `st` in `sets`, made if need be.
    fn wide<'a>(sets: &'a mut Option<AnyPos>, st: &State) -> Option<&'a mut BitPos<Bits<2>>> {
        match sets.get_or_insert_with(|| AnyPos::Wide(BitPos::of_state(st))) {
            AnyPos::Wide(p) => Some(p),
            AnyPos::Narrow(_) => None,
        }
    }
}

/// The quiet legal placements of one generator found by a listing
/// ([`crate::engine::quietsteps`]).
#[derive(Default)]
struct QuietFound {
    gen_id: Option<GenId>,
    sites: Bits<2>,
}

impl QuietFound {
    /// Notes `m`, with verdict `v`, if it is a legal quiet placement of
    /// the generator noted so far (or of the first).
    #[inline]
    fn note(&mut self, m: &Move, v: Verdict) {
        if v.legal && v.quiet && self.gen_id.is_none_or(|g| g == m.gen_id) {
            self.gen_id = Some(m.gen_id);
            self.sites |= Bits::bit(m.to);
        }
    }
}

thread_local! {
    /// Spare move buffers for the `maximize:` search (no allocation per
    /// move once warm).
    static MOVE_BUFS: std::cell::RefCell<Vec<Vec<Move>>> = const { std::cell::RefCell::new(Vec::new()) };
}

pub(crate) fn take_moves() -> Vec<Move> {
    MOVE_BUFS.with(|b| b.borrow_mut().pop()).unwrap_or_default()
}

pub(crate) fn give_moves(mut v: Vec<Move>) {
    v.clear();
    MOVE_BUFS.with(|b| b.borrow_mut().push(v));
}

/// The distance from each generator id of `prev` to its twin's in
/// `level` (one for one), when it is the same for all of them.
fn id_shift(prev: &[GenId], level: &[GenId]) -> Option<GenId> {
    let shift = level.first()?.wrapping_sub(*prev.first()?);
    (prev.len() == level.len()
        && prev
            .iter()
            .zip(level)
            .all(|(&p, &g)| g.wrapping_sub(p) == shift))
    .then_some(shift)
}

/// True if the generators of `level` are, one for one, twins of those of
/// `prev` (equal but for `after:`): they make the same candidates.
fn twins(tables: &crate::engine::Tables, prev: &[GenId], level: &[GenId]) -> bool {
    !prev.is_empty()
        && prev.len() == level.len()
        && prev
            .iter()
            .zip(level)
            .all(|(&p, &g)| tables.gens[g as usize].twin == Some(p))
}

#[cfg(test)]
mod tests {
    use crate::compile::{Game, Options};
    use crate::engine::State;
    use std::sync::Arc;

    fn state(play: &str) -> State {
        let text = format!(
            "(game \"t\" (players 2) (board (square 1 5)) (piece \"P\")
              (setup (fill \"P\" P1 (sites \"a1\"))) (play {play}))"
        );
        State::new(Arc::new(
            Game::from_source("t", &text, &Options::default()).unwrap(),
        ))
    }

    fn moves(st: &State) -> Vec<String> {
        st.legal_moves()
            .iter()
            .map(|m| st.move_to_string(m))
            .collect()
    }

    #[test]
    fn twins_at_one_distance_of_ids_are_found_by_a_shift() {
        assert_eq!(super::id_shift(&[0, 1, 2], &[3, 4, 5]), Some(3));
        assert_eq!(super::id_shift(&[0, 2], &[3, 4]), None);
        assert_eq!(super::id_shift(&[], &[]), None);
    }

    #[test]
    fn a_level_of_twins_reuses_the_candidates_of_the_level_before_it() {
        // Level 1: slides that no filter lets through; level 2: the same
        // slides unfiltered (twins), which are the moves.
        let st = state("(priority {(slide after:false)} {(slide)})");
        assert_eq!(st.tables.gens[1].twin, Some(0));
        assert_eq!(moves(&st), ["a1-b1", "a1-c1", "a1-d1", "a1-e1"]);
        // Level 3 twins level 2 (no move), not level 1 (slides).
        let st = state(
            "(priority {(slide after:false)} {(step from:false)} {(step from:false after:true)})",
        );
        assert_eq!(st.tables.gens[2].twin, Some(1));
        assert!(moves(&st).is_empty());
    }
}
