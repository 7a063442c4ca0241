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
//! `0..=stack limit` for `pieces:Part` and `pieces:Any`, 0 otherwise.

use crate::board::{NO_SITE, Site};
use crate::compile::ir::{Game, GenId};
use crate::compile::ir_moves::{GenKind, Pieces};
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
    /// passes); 1 for `pieces:One`; the stack limit for `pieces:Part` and
    /// `pieces:Any`; the index of the last quarter turn of a `rotate`
    /// generator (its steps' count is that index); the most sides of a
    /// thrown die for `advance` (its steps' count is the die used).
    pub fn max_step_count(&self) -> u16 {
        let cap = u16::try_from(self.stack_cap).unwrap_or(u16::MAX);
        self.gens
            .iter()
            .map(|g| match &g.kind {
                GenKind::Rotate { rotations } => {
                    u16::try_from(rotations.len().saturating_sub(1)).unwrap_or(u16::MAX)
                }
                // The die's value.
                GenKind::Advance(_) => u16::from(self.max_die),
                kind => match kind.shift().map(|s| s.pieces) {
                    Some(Pieces::One) => 1,
                    Some(Pieces::Part | Pieces::Any) => cap,
                    _ => 0,
                },
            })
            .max()
            .unwrap_or(0)
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

/// The counts a step of generator `kind` can carry.
fn counts_of(game: &Game, kind: &GenKind) -> std::ops::RangeInclusive<u16> {
    let cap = u16::try_from(game.stack_cap).unwrap_or(u16::MAX);
    match kind {
        GenKind::Rotate { rotations } => {
            0..=u16::try_from(rotations.len().saturating_sub(1)).unwrap_or(u16::MAX)
        }
        // The die used: 1 to the most sides a throw's die has.
        GenKind::Advance(_) => 1..=u16::from(game.max_die),
        kind => match kind.shift().map(|s| s.pieces) {
            Some(Pieces::One) => 0..=1,
            Some(Pieces::Part | Pieces::Any) => 0..=cap,
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
    for (g, generator) in game.gens.iter().enumerate() {
        let pairs = pairs_of(game, &generator.kind, &lattice);
        if let GenKind::Rotate { .. } = generator.kind {
            // A quarter turn's count is its index: one pair each.
            for (i, &(f, t)) in pairs.iter().enumerate() {
                keys.push(game.step_key(g as GenId, f, t, i as u16));
            }
        } else {
            for c in counts_of(game, &generator.kind) {
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
