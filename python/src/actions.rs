//! Action ids: a stable integer for every step of a game (see the crate's
//! doc), and the legal steps of a position by id.

use ludic::board::NO_SITE;
use ludic::compile::Game as RGame;
use ludic::engine::{Move, State as RState};

/// Sites plus one: the site numbers of an id run over this (the last one
/// stands for "no site").
pub(crate) fn sites_plus(game: &RGame) -> u64 {
    game.board.len() as u64 + 1
}

/// The id of step `m` in `game`.
///
/// A chance move's id is the value it rolls (OpenSpiel's chance outcomes
/// are ids of their own, read at a chance node only; docs/chance.md).
pub(crate) fn action_id(game: &RGame, m: &Move) -> u64 {
    if m.is_chance() {
        return u64::from(m.count);
    }
    let s = sites_plus(game);
    let site = |x: u16| if x == NO_SITE { s - 1 } else { u64::from(x) };
    ((u64::from(m.count) * game.num_gens() as u64 + u64::from(m.gen_id)) * s + site(m.from)) * s
        + site(m.to)
}

/// One more than the largest id a step of `game` can have: every count a
/// step can carry ([`RGame::max_step_count`]) times every generator,
/// origin and destination.
pub(crate) fn num_distinct_actions(game: &RGame) -> u64 {
    (u64::from(game.max_step_count()) + 1) * game.num_gens() as u64 * sites_plus(game).pow(2)
}

/// The legal steps of `state` by id, sorted by id (a step whose id an
/// earlier step of the list already has is left out: the first is the one
/// the id plays). None once the game is over.
pub(crate) fn legal_by_id(state: &RState) -> Vec<(u64, Move)> {
    if state.outcome().is_some() {
        return Vec::new();
    }
    let game = state.game();
    let mut out: Vec<(u64, Move)> = state
        .legal_steps()
        .iter()
        .map(|m| (action_id(game, m), *m))
        .collect();
    // Stable: among steps of one id, the first listed stays first.
    out.sort_by_key(|x| x.0);
    out.dedup_by_key(|x| x.0);
    out
}

/// A description of id `id` without a position: `step GEN: FROM>TO/COUNT`,
/// or None if no step of `game` can have it.
pub(crate) fn describe(game: &RGame, id: u64) -> Option<String> {
    if id >= num_distinct_actions(game) {
        return None;
    }
    let s = sites_plus(game);
    let g = game.num_gens() as u64;
    let (to, rest) = (id % s, id / s);
    let (from, rest) = (rest % s, rest / s);
    let (gen_id, count) = (rest % g, rest / g);
    let label = |x: u64| {
        if x == s - 1 {
            "-".to_string()
        } else {
            game.board.site(x as u16).label.clone()
        }
    };
    let c = if count > 0 {
        format!("/{count}")
    } else {
        String::new()
    };
    Some(format!("step {gen_id}: {}>{}{c}", label(from), label(to)))
}
