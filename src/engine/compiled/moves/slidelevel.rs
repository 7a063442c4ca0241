//! A priority level of slides that can be counted from site sets instead
//! of listed move by move (see [`crate::engine::levelcount`]), as found once from
//! the rules: every generator of the level slides through empty sites to
//! empty ones at no cost, from any stack of its origins (`from:` true),
//! and the level after it is the same moves without filters (twins), as
//! when a level of filtered moves must be chosen when it has any.
//!
//! The fixed conjuncts of each generator's `to:` (those that depend on
//! the origin and destination sites only, [`crate::engine::slides::SlideTable`])
//! become one set per player, direction and distance: the origins whose
//! site that far along that direction they allow, as lattice bits
//! ([`crate::engine::lattice`]).

use crate::board::{Board, Dir, NO_SITE, Site};
use crate::compile::ir::{Cond, Game, GenId, GenKind, Kind, Pieces, Player};
use crate::engine::attack::required_kind;
use crate::engine::evaltables::EvalTables;
use crate::engine::lattice::{Lattice, Points};
use crate::engine::tables::GenTables;

/// Most generators a counted level may have.
pub(crate) const MAX_GENS: usize = 8;

/// A level counted from site sets (see the module's documentation).
#[derive(Debug, Clone)]
pub(crate) struct SlideLevel {
    /// The level's generators, in order.
    pub gens: Vec<LevelGen>,
    /// Their ids, in order.
    pub ids: Vec<GenId>,
    /// The next level's generators, one for one: their twins without
    /// filters, whose moves are the level's when none of it passes.
    pub twins: Vec<GenId>,
    /// The union of the generators' [`crate::compile::ir::Origin::bit`]s.
    pub origins: u8,
    /// The generators that move whole stacks, in groups (bit `i` for the
    /// `i`-th) of the same directions and fixed conjuncts: a group whose
    /// origins are apart on a position is counted as one.
    pub groups: Vec<u32>,
    /// Most sites along a ray of the board.
    pub reach: usize,
    /// Directions of the board.
    pub dirs: usize,
}

/// One generator of a [`SlideLevel`].
#[derive(Debug, Clone)]
pub(crate) struct LevelGen {
    /// Its id.
    pub id: GenId,
    /// Its [`crate::compile::ir::Origin::bit`].
    pub origin: u8,
    /// The kind its origins' top pieces must be (`from:` tests it and
    /// nothing more), if any.
    pub kind: Option<Kind>,
    /// It makes one move per destination (the whole stack, no limits);
    /// otherwise one per count of pieces the origin's stack allows.
    pub whole: bool,
    /// Per player: the directions it slides along, bit `d` for `d`.
    pub dirs: Vec<u64>,
    /// At `(player × directions + d) × reach + k − 1`: the origins whose
    /// `k`-th site along `d` is on the board and the fixed conjuncts of
    /// `to:` allow (lattice points).
    fixed: Vec<Points>,
}

impl LevelGen {
    /// Per distance `k − 1` along `d`: the origins whose `k`-th site the
    /// fixed conjuncts allow for `player` (one entry a distance up to the
    /// longest ray).
    #[inline]
    pub fn fixed_row(&self, player: Player, d: Dir, level: &SlideLevel) -> &[Points] {
        let i = (player as usize * level.dirs + d as usize) * level.reach;
        self.fixed.get(i..i + level.reach).unwrap_or(&[])
    }
}

impl SlideLevel {
    /// The counted form of the first of `levels` (a phase's play or a
    /// move block), when it has one (see the module's documentation).
    pub fn of(
        game: &Game,
        gens: &[GenTables],
        eval: &EvalTables,
        levels: &[Vec<GenId>],
    ) -> Option<SlideLevel> {
        let [first, next, ..] = levels else {
            return None;
        };
        let twins = first.len() == next.len()
            && first.iter().zip(next).all(|(&g, &t)| {
                let twin = &game.gens[t as usize];
                gens[t as usize].twin == Some(g) && twin.after.is_none() && twin.check.is_none()
            });
        if !twins {
            return None;
        }
        SlideLevel::of_gens(game, gens, eval, first, next)
    }

    /// The level of generators `first` counted, `next` standing for them
    /// one for one when none passes; `None` when one of them cannot be
    /// counted (see the module's documentation).
    pub fn of_gens(
        game: &Game,
        gens: &[GenTables],
        eval: &EvalTables,
        first: &[GenId],
        next: &[GenId],
    ) -> Option<SlideLevel> {
        let lat = eval.lattice.as_ref()?;
        // Generators that move part of a stack are counted along rays.
        eval.rays.as_ref()?;
        if first.is_empty() || first.len() > MAX_GENS || first.len() != next.len() {
            return None;
        }
        let board = &game.board;
        let reach = longest_ray(board);
        let dirs = board.directions().len();
        if dirs > 64 {
            return None;
        }
        let level_gens = first
            .iter()
            .map(|&g| level_gen(game, gens, eval, lat, g, reach))
            .collect::<Option<Vec<_>>>()?;
        Some(SlideLevel {
            origins: level_gens.iter().fold(0, |a, g| a | g.origin),
            groups: groups(&level_gens),
            gens: level_gens,
            ids: first.to_vec(),
            twins: next.to_vec(),
            reach,
            dirs,
        })
    }

    /// The twin of the `i`-th generator (its moves when none passes).
    #[inline]
    pub fn twin(&self, g: GenId) -> GenId {
        match self.ids.iter().position(|&x| x == g) {
            Some(i) => self.twins[i],
            None => g,
        }
    }
}

/// Generator `g` as a [`LevelGen`], when it is a slide that can be
/// counted (see the module's documentation).
fn level_gen(
    game: &Game,
    gens: &[GenTables],
    eval: &EvalTables,
    lat: &Lattice,
    g: GenId,
    reach: usize,
) -> Option<LevelGen> {
    let generator = &game.gens[g as usize];
    let t = &gens[g as usize];
    let GenKind::Slide(slide) = &generator.kind else {
        return None;
    };
    let table = eval.slides.get(g as usize)?.as_ref()?;
    // `from:` true, or a test of the top piece's kind alone.
    let kind = match required_kind(&generator.from) {
        (Some(k), true) => Some(k),
        _ if generator.from == Cond::True => None,
        _ => return None,
    };
    let plain = slide.cost.is_none()
        && slide.limits.keep.is_none()
        && slide.limits.max.is_none()
        && t.from_kind == kind
        && t.origin != 0
        && table.to_empty_only();
    if !plain {
        return None;
    }
    let board = &game.board;
    let dirs = board.directions().len();
    let players = game.num_players();
    let dir_bits = (0..players)
        .map(|p| {
            game.dirsets[slide.dirs as usize][p]
                .iter()
                .fold(0u64, |a, &d| a | 1 << d)
        })
        .collect();
    // Without fixed conjuncts, every site along the ray.
    let mut fixed = vec![Points::NONE; players * dirs * reach];
    for p in 0..players {
        for from in 0..board.len() as Site {
            for d in 0..dirs {
                let bits = table.along(p as Player, from, d as Dir);
                let k = ray_len(board, from, d as Dir).min(64);
                for i in (0..k).filter(|&i| bits >> i & 1 != 0) {
                    fixed[(p * dirs + d) * reach + i] |= Points::point(lat.bit(from));
                }
            }
        }
    }
    Some(LevelGen {
        id: g,
        origin: t.origin,
        kind,
        whole: slide.shift.pieces == Pieces::Whole,
        dirs: dir_bits,
        fixed,
    })
}

/// The generators of `gens` that move whole stacks, grouped by their
/// directions and fixed conjuncts (see [`SlideLevel::groups`]).
fn groups(gens: &[LevelGen]) -> Vec<u32> {
    let mut out: Vec<u32> = Vec::new();
    for (i, g) in gens.iter().enumerate().filter(|(_, g)| g.whole) {
        let alike = |m: &&mut u32| {
            let first = &gens[m.trailing_zeros() as usize];
            first.dirs == g.dirs && first.fixed == g.fixed
        };
        match out.iter_mut().find(alike) {
            Some(m) => *m |= 1 << i,
            None => out.push(1 << i),
        }
    }
    out
}

/// How many sites the ray from `from` along `d` has.
fn ray_len(board: &Board, from: Site, d: Dir) -> usize {
    let mut k = 0;
    let mut s = board.step(from, d);
    while s != NO_SITE && k <= board.len() {
        k += 1;
        s = board.step(s, d);
    }
    k
}

/// The most sites a ray of `board` has.
fn longest_ray(board: &Board) -> usize {
    let dirs = board.directions().len() as Dir;
    (0..board.len() as Site)
        .flat_map(|s| (0..dirs).map(move |d| ray_len(board, s, d)))
        .max()
        .unwrap_or(0)
}
