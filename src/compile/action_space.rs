//! The range of the numbers a step carries, and a dense numbering of the
//! steps a game's generators can make, for front ends that number every
//! step of a game (the Python package's action ids, OpenSpiel's
//! `num_distinct_actions` and legal-actions mask).
//!
//! ## The dense numbering
//!
//! A step is the tuple (count, generator, origin, destination) of
//! [`Game::step_key`]. [`Game::action_space`] lists, from the generators
//! alone (never from a game's name, never from a position), every tuple a
//! step can have, and numbers them `0..len` in ascending key order: count
//! first, then generator, origin, destination. What each generator kind
//! can make:
//!
//! - `step`: from every site to each of its neighbours (origin ×
//!   direction);
//! - `hop`, `slide`: from every site to every site along a ray of a board
//!   direction, at any distance (origin × direction × distance);
//! - `leap`: from every site to the sites at its offsets, turned and
//!   mirrored (the offsets of every player's view);
//! - `relocate`: from every site to every other;
//! - `place`, `select`, `flip`: every site (no origin);
//! - `sow`: every site of its track (the destination, where the last seed
//!   falls, follows from the position and is not part of the number);
//! - `rotate`: each of its quarter turns;
//! - `pass`, `end-phase`, `swap`: one number.
//!
//! Stack moves carry a count: 1 for `pieces:One` (and 0, the whole stack),
//! 0 for a whole stack; `1..=most` for `pieces:Any` and `1..most` for
//! `pieces:Part` (a split leaves one piece), where `most` is the most
//! pieces the rules ever let the move carry ([`Game::most_carried`]): the
//! stack limit, cut to the largest number its `max:` clause can give and
//! to the most pieces the board can hold ([`Game::piece_bound`]; a move
//! from a stack that must hold only the mover's pieces, `from:(holds-only)`,
//! to the most one player can own). Genocide's steps: 60 pieces at most
//! (each player's supply), not the stack limit's 255.

use crate::board::{NO_SITE, Site};
use crate::compile::ir::{Cond, Game, GenId, Num, SiteRef};
use crate::compile::ir_moves::{Gen, GenKind, Pieces};
use crate::compile::piece_bound::PieceBound;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

/// The dense numbering of a game's steps (see the module's doc).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionSpace {
    /// The step keys ([`Game::step_key`]), ascending: id `i` is `keys[i]`.
    keys: Vec<u64>,
    /// Sites plus one: the keys of one (count, generator, origin) row are
    /// `row × row_len ..` `(row + 1) × row_len`.
    row_len: u64,
    /// `starts[row]`: the first id of a row (`row = key / row_len`), so
    /// that a key is looked up among the few ids of its row.
    starts: Vec<u32>,
    /// Per generator kind (`step`, `slide`…): how many ids its
    /// generators have.
    kinds: BTreeMap<&'static str, usize>,
    /// The game's [`Game::piece_bound`] when some stack move's counts
    /// were cut by it.
    relies_on: Option<PieceBound>,
}

impl ActionSpace {
    /// Number of ids.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// True when the game has no step at all.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The id of step key `key`, or None when no generator can make it.
    #[inline]
    pub fn id(&self, key: u64) -> Option<usize> {
        let row = usize::try_from(key / self.row_len.max(1)).ok()?;
        let (&a, &b) = (self.starts.get(row)?, self.starts.get(row + 1)?);
        let ids = self.keys.get(a as usize..b as usize)?;
        ids.binary_search(&key).ok().map(|i| a as usize + i)
    }

    /// The step key of id `id`.
    pub fn key(&self, id: usize) -> Option<u64> {
        self.keys.get(id).copied()
    }

    /// How many ids each kind of generator has (`{"slide": 1456, …}`).
    pub fn kinds(&self) -> &BTreeMap<&'static str, usize> {
        &self.kinds
    }

    /// The bound on the pieces of a position that the numbering relies
    /// on: Some when a stack move's counts stop below the stack limit
    /// because the rules never put more pieces on the board
    /// ([`Game::piece_bound`]). Every position played from the setup is
    /// within it; a position read from text beyond it
    /// ([`PieceBound::admits`]) could make steps that have no id.
    pub fn relies_on(&self) -> Option<&PieceBound> {
        self.relies_on.as_ref()
    }
}

/// A step's parts, as [`Game::step_parts`] reads them back from a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepParts {
    /// The pieces taken off the origin's stack (0: the whole stack), or
    /// the quarter turn of a rotation.
    pub count: u16,
    /// The generator.
    pub gen_id: GenId,
    /// The origin, or [`NO_SITE`].
    pub from: Site,
    /// The destination, or [`NO_SITE`] (always for a sowing).
    pub to: Site,
}

impl Game {
    /// The key of a step (its generator, origin, destination and count):
    /// with `S` sites, `G` generators and site `S` for "no site",
    /// `((count × G + gen) × (S + 1) + from) × (S + 1) + to`. A sowing's
    /// destination is left out (it is `S`): the origin and the position
    /// decide it.
    pub fn step_key(&self, gen_id: GenId, from: Site, to: Site, count: u16) -> u64 {
        let s = self.board.len() as u64 + 1;
        let site = |x: Site| {
            if x == NO_SITE {
                s - 1
            } else {
                u64::from(x).min(s - 1)
            }
        };
        let sown = matches!(
            self.gens.get(usize::from(gen_id)).map(|g| &g.kind),
            Some(GenKind::Sow { .. })
        );
        let to = if sown { s - 1 } else { site(to) };
        ((u64::from(count) * self.gens.len() as u64 + u64::from(gen_id)) * s + site(from)) * s + to
    }

    /// The parts of step key `key` ([`Game::step_key`]).
    pub fn step_parts(&self, key: u64) -> StepParts {
        let s = self.board.len() as u64 + 1;
        let g = (self.gens.len() as u64).max(1);
        let site = |x: u64| if x == s - 1 { NO_SITE } else { x as Site };
        let (to, rest) = (key % s, key / s);
        let (from, rest) = (rest % s, rest / s);
        StepParts {
            count: u16::try_from(rest / g).unwrap_or(u16::MAX),
            gen_id: (rest % g) as GenId,
            from: site(from),
            to: site(to),
        }
    }

    /// The kind of generator `g` as the rules write it (`step`, `slide`,
    /// `place`…), or `""` for no generator.
    pub fn gen_head(&self, g: GenId) -> &'static str {
        self.gens.get(usize::from(g)).map_or("", |x| x.kind.head())
    }

    /// The dense numbering of this game's steps (module doc), made on
    /// first use and kept.
    pub fn action_space(&self) -> Arc<ActionSpace> {
        self.action_space
            .get_or_init(|| Arc::new(space_of(self)))
            .clone()
    }
}

impl Game {
    /// The largest `count` a step ([`crate::engine::Move`]) of this game
    /// can carry: 0 when every step moves a whole stack (or places, sows,
    /// passes); 1 for `pieces:One`; for `pieces:Part` and `pieces:Any`,
    /// the most pieces the rules let the move carry
    /// ([`Game::most_carried`]; one fewer for a split); the index of the
    /// last quarter turn of a `rotate` generator (its steps' count is that
    /// index); the most sides of a thrown die for `advance` (its steps'
    /// count is the die used).
    pub fn max_step_count(&self) -> u16 {
        let bound = self.piece_bound();
        self.gens
            .iter()
            .map(|g| *counts_of(self, g, bound.as_ref()).end())
            .max()
            .unwrap_or(0)
    }

    /// The most pieces one move of generator `g` (a `pieces:Part` or
    /// `pieces:Any` stack move) can take from its origin in a game played
    /// from the setup: the stack limit, or less where the rules say so: the
    /// largest number its `max:` can give; the most pieces the board can
    /// hold ([`Game::piece_bound`]), or one player can own when its
    /// `from:` requires a stack of the mover's pieces only
    /// (`(holds-only)`). The stack limit for a generator that is not one.
    pub fn most_carried(&self, g: GenId) -> u16 {
        let Some(generator) = self.gens.get(usize::from(g)) else {
            return 0;
        };
        most_carried(self, generator, self.piece_bound().as_ref())
    }
}

/// [`Game::most_carried`] with the game's piece bound worked out once.
fn most_carried(game: &Game, g: &Gen, bound: Option<&PieceBound>) -> u16 {
    let cap = u16::try_from(game.stack_cap).unwrap_or(u16::MAX);
    let by_max = g
        .kind
        .limits()
        .and_then(|l| l.max.as_ref())
        .and_then(largest)
        .map_or(cap, |m| u16::try_from(m.max(0)).unwrap_or(u16::MAX));
    let by_pieces = bound.map_or(cap, |b| {
        let n = if holds_only_mine(&g.from) {
            b.most_per_player()
        } else {
            b.total
        };
        u16::try_from(n).unwrap_or(u16::MAX)
    });
    cap.min(by_max).min(by_pieces)
}

/// The largest value number `n` can have, whatever the position, when it
/// is plain to see (a constant, the larger branch of an `if`, the largest
/// of a `per-player`); None otherwise.
fn largest(n: &Num) -> Option<i64> {
    match n {
        Num::Int(v) => Some(*v),
        Num::If(_, a, b) => Some(largest(a)?.max(largest(b)?)),
        Num::PerPlayer(v) => v
            .iter()
            .map(largest)
            .collect::<Option<Vec<_>>>()?
            .into_iter()
            .max(),
        _ => None,
    }
}

/// True when condition `c` (a `from:`) holds only at a stack whose every
/// piece is the mover's: `(holds-only)` of the origin, alone or as a part
/// of an `and`.
fn holds_only_mine(c: &Cond) -> bool {
    match c {
        Cond::HoldsOnly(SiteRef::Subject | SiteRef::From) => true,
        Cond::And(parts) => parts.iter().any(holds_only_mine),
        _ => false,
    }
}

/// Every (origin, destination) pair a generator of `kind` can make
/// ([`NO_SITE`] for none), whatever the position.
fn pairs_of(game: &Game, kind: &GenKind, lattice: &HashMap<(i32, i32), Site>) -> Vec<(Site, Site)> {
    let b = &game.board;
    let sites = 0..b.len() as Site;
    match kind {
        GenKind::Step(_) => sites
            .flat_map(|f| {
                let mut next: Vec<Site> = b.neighbours(f).collect();
                next.sort_unstable();
                next.dedup();
                next.into_iter().map(move |t| (f, t))
            })
            .collect(),
        GenKind::Hop(_) | GenKind::Slide(_) => sites
            .flat_map(|f| rays(game, f).into_iter().map(move |t| (f, t)))
            .collect(),
        GenKind::Leap(l) => {
            let mut turned: Vec<(i32, i32)> = l
                .offsets
                .iter()
                .flat_map(|&(x, y)| {
                    [
                        (x, y),
                        (-y, x),
                        (-x, -y),
                        (y, -x),
                        (-x, y),
                        (x, -y),
                        (y, x),
                        (-y, -x),
                    ]
                })
                .collect();
            turned.sort_unstable();
            turned.dedup();
            sites
                .flat_map(|f| {
                    let (x, y) = b.lattice(f);
                    let found: Vec<(Site, Site)> = turned
                        .iter()
                        .filter_map(|&(dx, dy)| lattice.get(&(x + dx, y + dy)).map(|&t| (f, t)))
                        .collect();
                    found
                })
                .collect()
        }
        GenKind::Relocate(_) => sites
            .clone()
            .flat_map(|f| sites.clone().filter(move |&t| t != f).map(move |t| (f, t)))
            .collect(),
        GenKind::Place { .. } | GenKind::Select { .. } | GenKind::Flip(_) => {
            sites.map(|t| (NO_SITE, t)).collect()
        }
        // Any site of a track to any later one, on every player's
        // version of it (a hit lands where the move does).
        GenKind::Advance(a) => {
            let mut pairs = Vec::new();
            for p in 0..game.num_players() as crate::compile::ir::Player {
                if let Some(t) = game.track_for(a.track, p) {
                    for (i, &f) in t.sites.iter().enumerate() {
                        pairs.extend(t.sites[i + 1..].iter().map(|&to| (f, to)));
                    }
                }
            }
            pairs.sort_unstable();
            pairs.dedup();
            pairs
        }
        GenKind::Sow { track, .. } => game
            .tracks
            .get(usize::from(*track))
            .map_or(Vec::new(), |t| {
                t.sites.iter().map(|&f| (f, NO_SITE)).collect()
            }),
        GenKind::Rotate { rotations } => rotations
            .iter()
            .map(|r| (NO_SITE, r.moves.first().map_or(NO_SITE, |m| m.0)))
            .collect(),
        GenKind::Pass | GenKind::EndPhase | GenKind::Swap { .. } => vec![(NO_SITE, NO_SITE)],
    }
}

/// The sites on the rays from `f` along every direction, each once (a ray
/// that comes back on itself, on a board that wraps, stops there).
fn rays(game: &Game, f: Site) -> Vec<Site> {
    let b = &game.board;
    let mut seen = vec![false; b.len()];
    for d in 0..b.directions().len() {
        let mut at = b.step(f, d as u8);
        while at != NO_SITE && !seen[usize::from(at)] {
            seen[usize::from(at)] = true;
            at = b.step(at, d as u8);
        }
    }
    (0..b.len() as Site)
        .filter(|&t| seen[usize::from(t)] && t != f)
        .collect()
}

/// The counts a step of generator `g` can carry (`bound`: the game's
/// [`Game::piece_bound`]).
fn counts_of(game: &Game, g: &Gen, bound: Option<&PieceBound>) -> std::ops::RangeInclusive<u16> {
    match &g.kind {
        GenKind::Rotate { rotations } => {
            0..=u16::try_from(rotations.len().saturating_sub(1)).unwrap_or(u16::MAX)
        }
        // The die used: 1 to the most sides a throw's die has.
        GenKind::Advance(_) => 1..=u16::from(game.max_die),
        kind => match kind.shift().map(|s| s.pieces) {
            Some(Pieces::One) => 0..=1,
            // The top k pieces, 1 ≤ k ≤ height (Any) or k < height (Part).
            Some(Pieces::Any) => 1..=most_carried(game, g, bound),
            Some(Pieces::Part) => 1..=most_carried(game, g, bound).saturating_sub(1),
            _ => 0..=0,
        },
    }
}

/// The dense numbering of `game`'s steps.
fn space_of(game: &Game) -> ActionSpace {
    let lattice: HashMap<(i32, i32), Site> = (0..game.board.len() as Site)
        .map(|s| (game.board.lattice(s), s))
        .collect();
    let mut keys = Vec::new();
    let mut kinds = BTreeMap::new();
    let bound = game.piece_bound();
    let cut = |g: &Gen| {
        matches!(
            g.kind.shift().map(|s| s.pieces),
            Some(Pieces::Part | Pieces::Any)
        ) && most_carried(game, g, bound.as_ref()) < most_carried(game, g, None)
    };
    let relies_on = bound.clone().filter(|_| game.gens.iter().any(cut));
    for (g, generator) in game.gens.iter().enumerate() {
        let pairs = pairs_of(game, &generator.kind, &lattice);
        if let GenKind::Rotate { .. } = generator.kind {
            // A quarter turn's count is its index: one pair each.
            for (i, &(f, t)) in pairs.iter().enumerate() {
                keys.push(game.step_key(g as GenId, f, t, i as u16));
            }
        } else {
            for c in counts_of(game, generator, bound.as_ref()) {
                keys.extend(
                    pairs
                        .iter()
                        .map(|&(f, t)| game.step_key(g as GenId, f, t, c)),
                );
            }
        }
        kinds.entry(generator.kind.head()).or_insert(0);
    }
    keys.sort_unstable();
    keys.dedup();
    let row_len = game.board.len() as u64 + 1;
    let rows = keys.last().map_or(0, |&k| (k / row_len) as usize + 1);
    let mut starts = Vec::with_capacity(rows + 1);
    let mut at = 0;
    for row in 0..=rows as u64 {
        while at < keys.len() && keys[at] / row_len < row {
            at += 1;
        }
        starts.push(u32::try_from(at).unwrap_or(u32::MAX));
    }
    // Each id counted under the kind of its generator.
    for &k in &keys {
        let g = game.step_parts(k).gen_id;
        if let Some(generator) = game.gens.get(usize::from(g)) {
            *kinds.entry(generator.kind.head()).or_insert(0) += 1;
        }
    }
    ActionSpace {
        keys,
        row_len,
        starts,
        kinds,
        relies_on,
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::{Game, Options};
    use crate::engine::State;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Every legal step of thousands of seeded random positions of every
    /// shipped game has a dense id; its id leads back to the step (id →
    /// step → id); distinct steps of one position have distinct ids (a
    /// sowing's destination, left out of its id, never tells two apart).
    #[test]
    fn every_legal_step_of_random_positions_has_a_dense_id() {
        for name in crate::compile::shipped_games() {
            let game = std::sync::Arc::new(Game::load(name, &Options::default()).expect(name));
            let space = game.action_space();
            let mut rng = ChaCha8Rng::seed_from_u64(11);
            let (mut positions, mut playouts) = (0, 0);
            while positions < 2000 && playouts < 400 {
                playouts += 1;
                let mut st = State::new(game.clone());
                for _ in 0..200 {
                    let steps = st.legal_moves();
                    if steps.is_empty() || st.outcome().is_some() {
                        break;
                    }
                    if !st.is_chance_node() {
                        positions += 1;
                        let mut ids: Vec<usize> = steps
                            .iter()
                            .map(|m| {
                                let key = game.step_key(m.gen_id, m.from, m.to, m.count);
                                let id = space
                                    .id(key)
                                    .unwrap_or_else(|| panic!("{name}: step {m:?} has no id"));
                                assert!(id < space.len());
                                let back = game.step_parts(space.key(id).expect("an id's key"));
                                assert_eq!(
                                    (back.gen_id, back.from, back.count),
                                    (m.gen_id, m.from, m.count),
                                    "{name}"
                                );
                                assert!(back.to == m.to || back.to == crate::board::NO_SITE);
                                id
                            })
                            .collect();
                        ids.sort_unstable();
                        ids.dedup();
                        let mut distinct: Vec<_> = steps
                            .iter()
                            .map(|m| (m.gen_id, m.from, m.to, m.count))
                            .collect();
                        distinct.sort_unstable();
                        distinct.dedup();
                        assert_eq!(ids.len(), distinct.len(), "{name}: two steps share an id");
                    }
                    st.play_unchecked(&steps[rng.random_range(0..steps.len())]);
                }
            }
            assert!(positions >= 2000 || playouts == 400, "{name}");
        }
    }

    /// The most pieces a `pieces:Any` step of a 3×3 stack game (stack
    /// limit 20; White three pieces, Black two, nothing makes pieces) can
    /// carry, with `args` as its arguments.
    fn most(args: &str) -> u16 {
        let text = format!(
            r#"(game "T" (players 2) (board (square 3 3)) (piece "A") (stack-limit 20)
                 (setup (fill "A" P1 (sites "a1" "b1" "c1")) (fill "A" P2 (sites "a3" "b3")))
                 (play (step {args})) (end (no-moves Loss)))"#
        );
        Game::from_source("t.game", &text, &Options::default())
            .expect("the rules compile")
            .most_carried(0)
    }

    #[test]
    fn a_stack_move_carries_at_most_what_the_rules_allow() {
        // Five pieces on the board: a stack holds five at most.
        assert_eq!(most("pieces:Any"), 5);
        // Only the mover's pieces: White's three at most.
        assert_eq!(most("pieces:Any from:(holds-only)"), 3);
        assert_eq!(
            most("pieces:Any from:(and (more-than (height) 1) (holds-only))"),
            3
        );
        // `max:` says less; the larger branch of an `if`, of a per-player.
        assert_eq!(most("pieces:Any max:2"), 2);
        assert_eq!(most("pieces:Any max:(if (equal (height) 4) 4 1)"), 4);
        assert_eq!(most("pieces:Any max:(per-player 4 2)"), 4);
        // A `max:` read from the position bounds nothing.
        assert_eq!(most("pieces:Any max:(sub (height) 1)"), 5);
    }

    /// Every step of seeded random games of every shipped game carries a
    /// count at most [`Game::max_step_count`]. Nature's moves at a chance
    /// node are not steps: their count is the roll's value (a throw of
    /// two dice up to 35, docs/chance.md), outside the action space.
    #[test]
    fn every_step_of_random_games_is_within_the_bound() {
        for name in crate::compile::shipped_games() {
            let game = std::sync::Arc::new(Game::load(name, &Options::default()).expect(name));
            let bound = game.max_step_count();
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            for _ in 0..3 {
                let mut st = State::new(game.clone());
                for _ in 0..150 {
                    let steps = st.legal_moves();
                    if steps.is_empty() || st.outcome().is_some() {
                        break;
                    }
                    for m in steps.iter().filter(|_| !st.is_chance_node()) {
                        assert!(m.count <= bound, "{name}: count {} > {bound}", m.count);
                    }
                    st.play_unchecked(&steps[rng.random_range(0..steps.len())]);
                }
            }
        }
    }
}
