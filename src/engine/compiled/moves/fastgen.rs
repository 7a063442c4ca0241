//! Compiled generators: a step, hop, slide, leap, relocation, placement or selection whose
//! conditions read only their own site ([`SitePred`]) and whose move takes
//! the whole stack at no cost is generated from site sets. Per priority
//! level, each generator's origins are one set (the mover's stacks or the
//! empty sites, intersected with `from:`), its destinations and jumped
//! sites another; then the origins are walked in board order, each
//! generator's directions read from the board's step table, and every
//! candidate is a bit test. The moves and their order are those of the
//! interpreted generators (`movegen.rs`): origin-free moves first, then
//! site by site, generator by generator, direction by direction.
//!
//! A level is generated this way when all its generators are compiled and
//! the board has at most [`MAX_WORDS`] × 64 sites; otherwise it is
//! interpreted.

use crate::board::{Dir, NO_SITE, Site};
use crate::compile::ir::{Cond, Game, Gen, GenId, GenKind, Leap, Origin, Pieces, SiteRef};
use crate::engine::bits::{Bits, MAX_WORDS, Preimages, load, stride};
use crate::engine::shiftgen::{ShiftGen, ShiftLevel};
use crate::engine::sitepred::SitePred;
use crate::engine::state::TAKEN;
use crate::engine::tables::leap_table;
use crate::engine::word::Word;
use crate::engine::{Move, State};
use std::ops::ControlFlow;

/// Most generators in a level generated from sets.
pub(crate) const MAX_GENS: usize = 8;

/// A generator compiled to set operations (see the module's documentation).
#[derive(Debug, Clone)]
pub(crate) struct FastGen {
    /// Its origins are the mover's stacks (`true`) or the empty sites.
    mine: bool,
    /// `from:`.
    from: SitePred,
    /// `to:`.
    to: SitePred,
    /// What it does, with its directions per player.
    shape: Shape,
    /// Per player: every direction of its step or hop has preimages by
    /// shifts ([`crate::engine::bits::Preimages`]).
    shifts: Vec<bool>,
    /// A step's reach: per player, per site, the set (`stride` words, as
    /// [`crate::engine::bits::load`] reads it) of the sites one step away
    /// in the player's directions, so that an origin with no destination
    /// costs one test instead of one per direction. Empty for other
    /// shapes.
    reach: Vec<Vec<u64>>,
}

/// The kind of move of a [`FastGen`].
#[derive(Debug, Clone)]
enum Shape {
    /// To the neighbour in each direction.
    Step(Vec<Vec<Dir>>),
    /// Over the neighbour in each direction (`over:`) to the site beyond.
    Hop(Vec<Vec<Dir>>, SitePred),
    /// Along each direction through the sites of `through:`.
    Slide(Vec<Vec<Dir>>, SitePred),
    /// To the site at each offset (the tables' leap targets); with the
    /// part of `to:` read on the site the leap passes, if it has one.
    Leap(Option<Box<Passing>>),
    /// To any other site of `to:` (a flying move).
    Relocate,
    /// No origin, any site of `to:`: a new piece placed there, or the
    /// site selected.
    Place,
}

/// The conjuncts of a leap's `to:` that test the site it passes
/// (`(empty Passed)`: chess's double step), and that site per player,
/// origin and offset.
#[derive(Debug, Clone)]
struct Passing {
    /// The conjuncts, on the passed site as their subject.
    pred: SitePred,
    /// The site passed, at `(player × sites + site) × offsets + i` (as
    /// [`crate::engine::tables::GenTables::leap_to`] holds the targets).
    sites: Vec<Site>,
}

impl FastGen {
    /// True for a placement or a selection (no origin: its moves come
    /// before every origin's, [`State::fast_places`]).
    pub fn is_place(&self) -> bool {
        matches!(self.shape, Shape::Place)
    }

    /// Generator `g` compiled, when it can be (see the module's
    /// documentation).
    pub fn of(g: &Gen, game: &Game, pre: &Preimages) -> Option<FastGen> {
        let pred = |c, alias| SitePred::compile(c, alias, game);
        let dirs = |d: u16| game.dirsets.get(d as usize).cloned();
        let whole = |s: &crate::compile::ir::Shift| {
            s.pieces == Pieces::Whole && matches!(s.origin, Origin::Mine | Origin::Empty)
        };
        let (shift, shape) = match &g.kind {
            GenKind::Step(s) if s.cost.is_none() && s.limits == Default::default() => {
                (&s.shift, Shape::Step(dirs(s.dirs)?))
            }
            GenKind::Hop(h) if !h.flying && !h.repeat => (
                &h.shift,
                Shape::Hop(dirs(h.dirs)?, pred(&h.over, SiteRef::Over)?),
            ),
            GenKind::Slide(s) if s.cost.is_none() && s.limits == Default::default() => (
                &s.shift,
                Shape::Slide(dirs(s.dirs)?, pred(&s.through, SiteRef::To)?),
            ),
            GenKind::Leap(l) => (&l.shift, Shape::Leap(None)),
            GenKind::Relocate(shift) => (shift, Shape::Relocate),
            // A selection or a flip is a placement's move: no origin, a
            // site of `to:`; only its effects differ.
            GenKind::Place { sites: None, .. }
            | GenKind::Select { sites: None }
            | GenKind::Flip(_) => {
                return Some(FastGen {
                    mine: false,
                    from: SitePred::TRUE,
                    to: pred(&g.to, SiteRef::To)?,
                    shape: Shape::Place,
                    shifts: Vec::new(),
                    reach: Vec::new(),
                });
            }
            _ => return None,
        };
        if !whole(shift) {
            return None;
        }
        let shifts = match &shape {
            Shape::Step(d) | Shape::Hop(d, _) => d
                .iter()
                .map(|ds| ds.iter().all(|&x| pre.shifts(x)))
                .collect(),
            _ => Vec::new(),
        };
        // Read only where the sets fit the widest `Bits` (the generators
        // of a larger board are interpreted): the table grows with the
        // square of the sites.
        let reach = match &shape {
            Shape::Step(d) if game.board.len() <= MAX_WORDS * 64 => {
                d.iter().map(|ds| reach_of(game, ds)).collect()
            }
            _ => Vec::new(),
        };
        let (to, shape) = match (&g.kind, shape) {
            (GenKind::Leap(l), Shape::Leap(_)) => leap_to(&g.to, l, game)?,
            (_, shape) => (pred(&g.to, SiteRef::To)?, shape),
        };
        Some(FastGen {
            mine: shift.origin == Origin::Mine,
            from: pred(&g.from, SiteRef::From)?,
            to,
            shape,
            shifts,
            reach,
        })
    }

    /// The sites a move of it jumps (a hop's `over:`), passes (a slide's
    /// `through:`) or leaps over (the part of a leap's `to:` read on the
    /// passed site), by the mover now; none for other moves.
    #[inline(always)]
    fn via<const W: usize>(&self, st: &State, all: Bits<W>) -> Bits<W> {
        let player = st.scalars.mover;
        match &self.shape {
            Shape::Hop(_, p) | Shape::Slide(_, p) => p.eval(st, player, all),
            Shape::Leap(Some(p)) => p.pred.eval(st, player, all),
            _ => Bits::ZERO,
        }
    }

    /// The sites one step from `s` in `player`'s directions (a step's
    /// [`FastGen::reach`]; every site when there is no table).
    #[inline(always)]
    fn near<const W: usize>(&self, player: u8, s: Site) -> Bits<W> {
        match self.reach.get(player as usize) {
            Some(r) => load(r, s as usize * W),
            None => Bits([u64::MAX; W]),
        }
    }
}

/// A leap's `to:` compiled: on its destination, or, when it is a
/// conjunction, split into the conjuncts read there and those that test
/// only the site the leap passes ([`on_passed`]), when every target of
/// every offset passes one (so that no conjunct is asked of no site).
fn leap_to(to: &Cond, l: &Leap, game: &Game) -> Option<(SitePred, Shape)> {
    if let Some(p) = SitePred::compile(to, SiteRef::To, game) {
        return Some((p, Shape::Leap(None)));
    }
    let Cond::And(cs) = to else {
        return None;
    };
    let (mut here, mut passed) = (Vec::new(), Vec::new());
    for c in cs {
        match on_passed(c) {
            Some(p) => passed.push(p),
            None => here.push(c.clone()),
        }
    }
    if passed.is_empty() {
        return None;
    }
    let to = SitePred::compile(&Cond::And(here), SiteRef::To, game)?;
    let pred = SitePred::compile(&Cond::And(passed), SiteRef::Subject, game)?;
    let forwards: Vec<(f64, f64)> = game.players.iter().map(|p| p.forward).collect();
    let targets = leap_table(&game.board, &forwards, &l.offsets);
    let (k, n) = (l.offsets.len().max(1), game.board.len().max(1));
    let mut sites = Vec::with_capacity(targets.len());
    for (i, &t) in targets.iter().enumerate() {
        let p = match t {
            NO_SITE => NO_SITE,
            t => game.board.passed((i / k % n) as Site, t),
        };
        if t != NO_SITE && p == NO_SITE {
            return None;
        }
        sites.push(p);
    }
    let passing = Passing { pred, sites };
    Some((to, Shape::Leap(Some(Box::new(passing)))))
}

/// `c` read on the site a leap passes as its subject, when it tests that
/// site alone: empty, whose top piece, which kind, which region, or the
/// negation of one of these.
fn on_passed(c: &Cond) -> Option<Cond> {
    let (p, s) = (SiteRef::Passed, SiteRef::Subject);
    Some(match c {
        Cond::Empty(r) if *r == p => Cond::Empty(s),
        Cond::Mine(r) if *r == p => Cond::Mine(s),
        Cond::Enemy(r) if *r == p => Cond::Enemy(s),
        Cond::Kind(r, k) if *r == p => Cond::Kind(s, *k),
        Cond::In(r, g) if *r == p => Cond::In(s, *g),
        Cond::Not(c) => Cond::Not(Box::new(on_passed(c)?)),
        _ => return None,
    })
}

/// Per site of `game`'s board, `stride` words: the sites one step away in
/// the directions `dirs` ([`FastGen::reach`]).
fn reach_of(game: &Game, dirs: &[Dir]) -> Vec<u64> {
    let board = &game.board;
    let (n, w) = (board.len(), stride(board.len()));
    let nd = board.directions().len();
    let table = board.step_table();
    let mut out = vec![0u64; n * w];
    for s in 0..n {
        for &d in dirs {
            let t = table.get(s * nd + d as usize).copied().unwrap_or(NO_SITE);
            if t != NO_SITE && (t as usize) < n {
                out[s * w + t as usize / 64] |= 1 << (t % 64);
            }
        }
    }
    out
}

/// The move of generator `g` of the whole stack at `from` to `to`,
/// jumping nothing (every compiled shape's move but a hop's).
#[inline(always)]
fn whole(g: GenId, from: Site, to: Site) -> Move {
    Move {
        gen_id: g,
        from,
        to,
        over: NO_SITE,
        count: 0,
    }
}

/// The directions of `player` in a per-player list.
#[inline(always)]
fn dirs(d: &[Vec<Dir>], player: u8) -> &[Dir] {
    d.get(player as usize).map_or(&[], Vec::as_slice)
}

/// A priority level (or a generator's continuation, or a generator
/// alone) whose generators are all compiled: the moves are generated from
/// sets ([`State::fast_level`]).
#[derive(Debug, Clone)]
pub(crate) struct FastLevel {
    /// The generators, in the level's order.
    gens: Vec<(GenId, FastGen)>,
    /// Per player: when every generator is a step or hop whose directions
    /// shift, the level as shifts ([`crate::engine::shiftgen`]); `None` otherwise.
    shifted: Vec<Option<ShiftLevel>>,
}

impl FastLevel {
    /// The plan of the level `gens`, whose generators' tables are `tables`
    /// (`players` players, a board of `stride` words, whose directions'
    /// preimages are `pre`): `None` unless every generator is compiled.
    pub fn of(
        gens: &[GenId],
        tables: &[crate::engine::tables::GenTables],
        players: usize,
        stride: usize,
        pre: &Preimages,
    ) -> Option<FastLevel> {
        if gens.is_empty() || gens.len() > MAX_GENS || stride > MAX_WORDS {
            return None;
        }
        let gens: Vec<(GenId, FastGen)> = gens
            .iter()
            .map(|&g| Some((g, tables.get(g as usize)?.fast.clone()?)))
            .collect::<Option<_>>()?;
        // A leap that tests the site it passes is listed by a mixed level
        // ([`crate::engine::mixed`]), which reads that site's set: the
        // loops of this plan stay as small as its other generators need.
        if gens
            .iter()
            .any(|(_, f)| matches!(f.shape, Shape::Leap(Some(_))))
        {
            return None;
        }
        let shifted = (0..players)
            .map(|p| ShiftLevel::new(&[shift_gens(&gens, p)?], pre))
            .collect();
        Some(FastLevel { gens, shifted })
    }
}

/// The generators of a level as [`ShiftLevel::new`] reads them for
/// player `p`, when every one is a step or hop whose directions shift.
fn shift_gens(gens: &[(GenId, FastGen)], p: usize) -> Option<Vec<ShiftGen<'_>>> {
    gens.iter()
        .map(|(g, f)| {
            let (d, hop) = match &f.shape {
                Shape::Step(d) => (d, None),
                Shape::Hop(d, over) => (d, Some(over)),
                _ => return None,
            };
            if !f.shifts.get(p).copied().unwrap_or(false) {
                return None;
            }
            Some(ShiftGen {
                id: *g,
                mine: f.mine,
                from: &f.from,
                to: &f.to,
                over: hop,
                dirs: dirs(d, p as u8),
            })
        })
        .collect()
}

/// Per player: the plan of all the priority levels `levels` together
/// ([`crate::engine::shiftgen`]: the levels share their site sets), when every
/// level is compiled and every generator is a step or hop whose
/// directions shift; `None` otherwise. Empty for fewer than two levels,
/// which the level's own plan serves.
pub(crate) fn joint_levels(
    levels: &[Option<FastLevel>],
    players: usize,
    pre: &Preimages,
) -> Vec<Option<ShiftLevel>> {
    if levels.len() < 2 {
        return Vec::new();
    }
    (0..players)
        .map(|p| {
            let gens = levels
                .iter()
                .map(|l| shift_gens(&l.as_ref()?.gens, p))
                .collect::<Option<Vec<_>>>()?;
            ShiftLevel::new(&gens, pre)
        })
        .collect()
}

impl State {
    /// The moves of a compiled level (from `only` if given), as
    /// `gen_level` makes them: `None` when the board is too large for sets
    /// of [`MAX_WORDS`] words (nothing was generated).
    #[inline]
    pub(crate) fn fast_level(
        &self,
        level: &FastLevel,
        only: Option<Site>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> Option<ControlFlow<()>> {
        Some(match self.tables.stride {
            1 => self.fast_level_w::<1>(level, only, sink),
            2 => self.fast_level_w::<2>(level, only, sink),
            4 => self.fast_level_w::<4>(level, only, sink),
            MAX_WORDS => self.fast_level_w::<MAX_WORDS>(level, only, sink),
            _ => return None,
        })
    }

    /// The moves of the first level of the joint plan `plan` that has
    /// any ([`joint_levels`]), and that level's index: `None` when the
    /// board is too large for sets of [`MAX_WORDS`] words (nothing was
    /// generated).
    #[inline]
    pub(crate) fn fast_levels(
        &self,
        plan: &ShiftLevel,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> Option<(ControlFlow<()>, Option<usize>)> {
        Some(match self.tables.stride {
            1 => self.shift_levels::<1>(plan, sink),
            2 => self.shift_levels::<2>(plan, sink),
            4 => self.shift_levels::<4>(plan, sink),
            MAX_WORDS => self.shift_levels::<MAX_WORDS>(plan, sink),
            _ => return None,
        })
    }

    /// The sites generator `f` may move from.
    #[inline(always)]
    pub(crate) fn fast_origins<const W: usize>(&self, f: &FastGen, all: Bits<W>) -> Bits<W> {
        let player = self.scalars.mover;
        match (f.mine, f.from.is_true()) {
            (true, true) => self.occ.owned(player),
            (true, false) => f.from.eval_mine(self, player, all),
            (false, true) => self.occ.of_height(0),
            (false, false) => self.occ.of_height(0) & f.from.eval(self, player, all),
        }
    }

    /// [`State::fast_level`] for a board of at most `64 × W` sites. Out
    /// of line: the loops of interpreted levels that call it stay small
    /// enough for the compiler to inline their own generators.
    #[inline(never)]
    fn fast_level_w<const W: usize>(
        &self,
        level: &FastLevel,
        only: Option<Site>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        // From one site (a chain's next step, or whether it has one), a
        // few bit tests per direction cost less than the shifts of every
        // direction over the whole board.
        let Some(site) = only else {
            if let Some(Some(shifted)) = level.shifted.get(self.scalars.mover as usize) {
                return self.shift_levels::<W>(shifted, sink).0;
            }
            return self.fast_level_all::<W>(level, sink);
        };
        self.fast_level_at::<W>(level, site, sink)
    }

    /// [`State::fast_level_w`] from one origin, `site`: generator by
    /// generator, each one's sets evaluated when it moves from there.
    fn fast_level_at<const W: usize>(
        &self,
        level: &FastLevel,
        site: Site,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let player = self.scalars.mover;
        let all: Bits<W> = self.tables.all_bits();
        let (mine, empty) = (self.occ.owned::<W>(player), self.occ.of_height::<W>(0));
        for (g, f) in &level.gens {
            if matches!(f.shape, Shape::Place) || !if f.mine { mine } else { empty }.has(site) {
                continue;
            }
            if !f.from.is_true() && !f.from.eval_kept(self, player, all).has(site) {
                continue;
            }
            let (g, to) = (*g, f.to.eval_kept(self, player, all));
            match &f.shape {
                Shape::Step(d) => {
                    let near = f.near(player, site);
                    self.fast_step(g, dirs(d, player), site, near, &to, sink)?
                }
                Shape::Hop(d, p) => {
                    let over = p.eval_kept(self, player, all);
                    self.fast_hop(g, dirs(d, player), site, &over, &to, sink)?
                }
                Shape::Slide(d, p) => {
                    let through = p.eval_kept(self, player, all);
                    self.fast_slide(g, dirs(d, player), site, &through, &to, sink)?
                }
                // A leap that tests the site it passes is in no such
                // level ([`FastLevel::of`]).
                Shape::Leap(_) => self.fast_leap(g, site, &to, sink)?,
                Shape::Relocate => self.fast_relocate(g, site, &to, sink)?,
                Shape::Place => {}
            }
        }
        ControlFlow::Continue(())
    }

    /// [`State::fast_level_w`] from every origin, without a shift plan.
    fn fast_level_all<const W: usize>(
        &self,
        level: &FastLevel,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let t = &*self.tables;
        let player = self.scalars.mover;
        let all: Bits<W> = t.all_bits();
        let gens = &level.gens;
        let n = gens.len().min(MAX_GENS);
        // Per generator: the sites it may move from.
        let mut from = [Bits::<W>::ZERO; MAX_GENS];
        let mut any = false;
        for (i, (g, f)) in gens.iter().enumerate().take(n) {
            if let Shape::Place = f.shape {
                let to = f.to.eval(self, player, all);
                to.try_each(|to| sink(whole(*g, NO_SITE, to)))?;
                continue;
            }
            from[i] = self.fast_origins(f, all);
            any |= !from[i].is_empty();
        }
        if !any {
            return ControlFlow::Continue(());
        }
        // Destinations, and the jumped sites of hops (the sites passed of
        // slides).
        let mut to = [Bits::<W>::ZERO; MAX_GENS];
        let mut via = [Bits::<W>::ZERO; MAX_GENS];
        let mut origins = Bits::<W>::ZERO;
        for (i, (_, f)) in gens.iter().enumerate().take(n) {
            if from[i].is_empty() {
                continue;
            }
            to[i] = f.to.eval(self, player, all);
            if let Shape::Hop(_, p) | Shape::Slide(_, p) = &f.shape {
                via[i] = p.eval(self, player, all);
            }
            origins |= from[i];
        }
        for s in origins.iter() {
            for (i, (g, f)) in gens.iter().enumerate().take(n) {
                if !from[i].has(s) {
                    continue;
                }
                let g = *g;
                match &f.shape {
                    Shape::Step(d) => {
                        let near = f.near(player, s);
                        self.fast_step(g, dirs(d, player), s, near, &to[i], sink)?
                    }
                    Shape::Hop(d, _) => {
                        self.fast_hop(g, dirs(d, player), s, &via[i], &to[i], sink)?
                    }
                    Shape::Slide(d, _) => {
                        self.fast_slide(g, dirs(d, player), s, &via[i], &to[i], sink)?
                    }
                    Shape::Leap(_) => self.fast_leap(g, s, &to[i], sink)?,
                    Shape::Relocate => self.fast_relocate(g, s, &to[i], sink)?,
                    Shape::Place => {}
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The placements (or selections) of compiled generator `g`: a move
    /// to each site of its `to:`.
    #[inline(always)]
    pub(crate) fn fast_places<const W: usize>(
        &self,
        g: GenId,
        f: &FastGen,
        all: Bits<W>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let to = f.to.eval(self, self.scalars.mover, all);
        to.try_each(|to| sink(whole(g, NO_SITE, to)))
    }

    /// The destinations of `f` and the sites it jumps (a hop's `over:`)
    /// or passes (a slide's `through:`; none for other moves).
    #[inline(always)]
    pub(crate) fn fast_targets<const W: usize>(
        &self,
        f: &FastGen,
        all: Bits<W>,
    ) -> (Bits<W>, Bits<W>) {
        (f.to.eval(self, self.scalars.mover, all), f.via(self, all))
    }

    /// The moves of compiled generator `g` (`f`) from origin `s`, to the
    /// sites of `to` through those of `via` ([`State::fast_targets`]).
    #[inline(always)]
    pub(crate) fn fast_moves_from<const W: usize>(
        &self,
        g: GenId,
        f: &FastGen,
        s: Site,
        to: &Bits<W>,
        via: &Bits<W>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let player = self.scalars.mover;
        match &f.shape {
            Shape::Step(d) => self.fast_step(g, dirs(d, player), s, f.near(player, s), to, sink),
            Shape::Hop(d, _) => self.fast_hop(g, dirs(d, player), s, via, to, sink),
            Shape::Slide(d, _) => self.fast_slide(g, dirs(d, player), s, via, to, sink),
            Shape::Leap(None) => self.fast_leap(g, s, to, sink),
            Shape::Leap(Some(p)) => self.fast_leap_passing(g, s, to, p, via, sink),
            Shape::Relocate => self.fast_relocate(g, s, to, sink),
            Shape::Place => ControlFlow::Continue(()),
        }
    }

    /// Steps of `g` from `from` to the neighbours in `dirs` that are in
    /// `to`; `near` holds those neighbours (or more sites), so that an
    /// origin with none in `to` is passed at once.
    #[inline(always)]
    fn fast_step<const W: usize>(
        &self,
        g: GenId,
        dirs: &[Dir],
        from: Site,
        near: Bits<W>,
        to: &Bits<W>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if (near & *to).is_empty() {
            return ControlFlow::Continue(());
        }
        let row = self.tables.step_row(from);
        for &d in dirs {
            let dest = row.get(d as usize).copied().unwrap_or(NO_SITE);
            if to.has(dest) {
                sink(whole(g, from, dest))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Hops of `g` from `from` over a neighbour in `over` (not taken
    /// already) to the site beyond in `to`.
    #[inline(always)]
    fn fast_hop<const W: usize>(
        &self,
        g: GenId,
        dirs: &[Dir],
        from: Site,
        over: &Bits<W>,
        to: &Bits<W>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for &d in dirs {
            let jumped = self.tables.step(from, d);
            if !over.has(jumped) {
                continue;
            }
            let dest = self.tables.step(jumped, d);
            if !to.has(dest) {
                continue;
            }
            if self.scalars.marked > 0 && self.marks[jumped as usize] & TAKEN != 0 {
                continue;
            }
            sink(Move {
                gen_id: g,
                from,
                to: dest,
                over: jumped,
                count: 0,
            })?;
        }
        ControlFlow::Continue(())
    }

    /// Slides of `g` from `from` along `dirs`: every site in `to` up to
    /// and including the first not in `through`.
    #[inline(always)]
    fn fast_slide<const W: usize>(
        &self,
        g: GenId,
        dirs: &[Dir],
        from: Site,
        through: &Bits<W>,
        to: &Bits<W>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for &d in dirs {
            let mut at = self.tables.step(from, d);
            while at != NO_SITE {
                if to.has(at) {
                    sink(whole(g, from, at))?;
                }
                if !through.has(at) {
                    break;
                }
                at = self.tables.step(at, d);
            }
        }
        ControlFlow::Continue(())
    }

    /// Relocations of `g` from `from` to every other site of `to`, in
    /// site order (as [`State::gen_relocate`] lists them).
    #[inline(always)]
    fn fast_relocate<const W: usize>(
        &self,
        g: GenId,
        from: Site,
        to: &Bits<W>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for dest in to.iter().filter(|&d| d != from) {
            sink(whole(g, from, dest))?;
        }
        ControlFlow::Continue(())
    }

    /// Leaps of `g` from `from` to the targets of its offsets in `to`.
    #[inline(always)]
    fn fast_leap<const W: usize>(
        &self,
        g: GenId,
        from: Site,
        to: &Bits<W>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let (targets, _) = self.leap_row(g, from);
        for &dest in targets {
            if to.has(dest) {
                sink(whole(g, from, dest))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// [`State::fast_leap`] for a leap whose `to:` tests the site it
    /// passes (`passing`): only over the sites of `via`. Out of line: it
    /// is rare, and the loops that call it stay small.
    #[inline(never)]
    fn fast_leap_passing<const W: usize>(
        &self,
        g: GenId,
        from: Site,
        to: &Bits<W>,
        passing: &Passing,
        via: &Bits<W>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let (targets, start) = self.leap_row(g, from);
        let passed = passing
            .sites
            .get(start..start + targets.len())
            .unwrap_or(&[]);
        for (&dest, &over) in targets.iter().zip(passed) {
            if to.has(dest) && via.has(over) {
                sink(whole(g, from, dest))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The targets of leap `g`'s offsets from `from` for the mover, and
    /// where they start in its table
    /// ([`crate::engine::tables::GenTables::leap_to`]).
    #[inline(always)]
    fn leap_row(&self, g: GenId, from: Site) -> (&[Site], usize) {
        let table = &self.tables.gens[g as usize].leap_to;
        let k = match &self.game.gens[g as usize].kind {
            GenKind::Leap(l) => l.offsets.len(),
            _ => 0,
        };
        let start = (self.scalars.mover as usize * self.heights.len() + from as usize) * k;
        (table.get(start..start + k).unwrap_or(&[]), start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of orthogonal steps to empty sites on `board`, and its step
    /// compiled.
    fn steps_on(board: &str) -> (Game, FastGen) {
        let text = format!(
            r#"(game "t" (players 2) (board {board}) (piece "P")
                (play (step dirs:Orthogonal to:Empty)))"#
        );
        let game = Game::from_source("t", &text, &Default::default()).unwrap();
        let b = &game.board;
        let pre = Preimages::new(b.len(), b.directions().len(), b.step_table());
        let f = FastGen::of(&game.gens[0], &game, &pre).unwrap();
        (game, f)
    }

    #[test]
    fn a_steps_reach_is_the_neighbours_in_its_directions() {
        // Orthogonal steps on a 3 × 3 board (a1 = 0, rows read from a1):
        // the centre reaches b1, a2, c2, b3; a corner two sites.
        let (game, f) = steps_on("(square 3 3 adjacency:All)");
        let b = &game.board;
        let dirs: Vec<Dir> = ["N", "E", "S", "W"]
            .iter()
            .map(|d| b.direction_by_name(d).unwrap())
            .collect();
        let reach = reach_of(&game, &dirs);
        assert_eq!(reach[4], 1 << 1 | 1 << 3 | 1 << 5 | 1 << 7);
        assert_eq!(reach[0], 1 << 1 | 1 << 3);
        // The compiled generator keeps it per player.
        assert_eq!(f.near::<1>(0, 4), Bits([reach[4]]));
        assert_eq!(f.near::<1>(1, 8), Bits([1 << 5 | 1 << 7]));
        // A board larger than the widest set keeps no table (its
        // generators are interpreted): every site is near.
        let (_, f) = steps_on("(square 23 23)");
        assert!(f.reach.is_empty());
        assert_eq!(f.near::<1>(0, 4), Bits([u64::MAX]));
    }

    /// Leaps whose `to:` also tests the site they pass: compiled (the
    /// passed site's conjuncts apart), and listing the reference's moves
    /// in its order along seeded games, in a level that the compiled tier
    /// lists in full and in one it lists in part; a knight's leap, which
    /// passes no site, leaves such a `to:` to the reference.
    #[test]
    fn a_leap_that_tests_the_site_it_passes_lists_the_reference_s_moves() {
        let leaps = r#"(leap from:(kind "M") by:{{0 2} {2 0} {-2 -2}}
                     to:(and (not Mine) (empty Passed) (not (kind Passed "N"))) capture:true)
                   (leap from:(kind "M") by:{{0 3}} to:(and Empty (not (mine Passed))))"#;
        let knight = r#"(leap from:(kind "N") by:{{1 2} {2 1}} to:(and Empty (empty Passed)))"#;
        for (play, compiled) in [
            (
                format!("{leaps} (step from:(kind \"N\") to:Empty)"),
                [true, true, true],
            ),
            (format!("{leaps} {knight}"), [true, true, false]),
        ] {
            let text = format!(
                r#"(game "t" (players 2) (board (square 6 6 adjacency:All))
                    (piece "M") (piece "N")
                    (setup (fill "M" P1 (rows 0 1)) (fill "N" P1 (sites "c3"))
                           (fill "M" P2 (rows 4 5)) (fill "N" P2 (sites "d4")))
                    (play {{{play}}}))"#
            );
            let game =
                std::sync::Arc::new(Game::from_source("t", &text, &Default::default()).unwrap());
            let b = &game.board;
            let pre = Preimages::new(b.len(), b.directions().len(), b.step_table());
            let of = |g: usize| FastGen::of(&game.gens[g], &game, &pre);
            assert_eq!(
                (0..3).map(|g| of(g).is_some()).collect::<Vec<_>>(),
                compiled
            );
            assert!(matches!(of(0).unwrap().shape, Shape::Leap(Some(_))));
            assert!(matches!(of(1).unwrap().shape, Shape::Leap(Some(_))));
            crate::engine::tests::lists_the_reference_s_moves(game, 1500);
        }
    }
}
