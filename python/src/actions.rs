//! Action ids: a dense integer for every step a game's generators can
//! make (`ludic::compile::ActionSpace`, documented per game in
//! docs/python.md), and the legal steps of a position by id.

use ludic::compile::Game as RGame;
use ludic::engine::{Move, State as RState};
use std::cell::RefCell;

/// Most spare listings a thread keeps.
const MOST_SPARE_LISTINGS: usize = 16;

thread_local! {
    /// Emptied listings of positions that changed, their room kept: a
    /// step loop lists a position a step, and takes no allocation for it.
    static LISTINGS: RefCell<Vec<Vec<(u64, Move)>>> = const { RefCell::new(Vec::new()) };
}

/// An empty listing, from this thread's spares when it has one.
fn take_listing() -> Vec<(u64, Move)> {
    LISTINGS
        .try_with(|l| l.try_borrow_mut().ok()?.pop())
        .ok()
        .flatten()
        .unwrap_or_default()
}

/// Gives listing `v` back to this thread's spares (emptied), unless it
/// keeps enough.
pub(crate) fn give_listing(mut v: Vec<(u64, Move)>) {
    v.clear();
    let _ = LISTINGS.try_with(|l| {
        if let Ok(mut l) = l.try_borrow_mut()
            && l.len() < MOST_SPARE_LISTINGS
        {
            l.push(v);
        }
    });
}

/// The id of step `m` in `game`: its rank in the game's action space.
///
/// A chance move's id is the value it rolls (OpenSpiel's chance outcomes
/// are ids of their own, read at a chance node only; docs/chance.md). A
/// step the action space does not hold (a bug of ludic's: the tests play
/// thousands of positions of every game to rule it out) gets an id past
/// `num_distinct_actions`, still distinct and stable, so that nothing
/// breaks but `legal_actions_mask`, which reports it.
pub(crate) fn action_id(game: &RGame, m: &Move) -> u64 {
    if m.is_chance() {
        return u64::from(m.count);
    }
    let space = game.action_space();
    let key = game.step_key(m.gen_id, m.from, m.to, m.count);
    match space.id(key) {
        Some(id) => id as u64,
        None => space.len() as u64 + key,
    }
}

/// The number of ids of `game`'s steps (OpenSpiel's
/// `num_distinct_actions`).
pub(crate) fn num_distinct_actions(game: &RGame) -> u64 {
    game.action_space().len() as u64
}

/// Why the steps of `state` (a position read from text) could go
/// beyond the action ids, or None: the ids number a stack move's pieces
/// only up to what the rules can ever put on the board
/// (`ludic::compile::ActionSpace::relies_on`: Genocide's 60 checkers of
/// each colour), so a position that holds more is refused rather than
/// played with steps that have no id.
pub(crate) fn beyond_the_ids(state: &RState) -> Option<String> {
    let game = state.game();
    let space = game.action_space();
    let bound = space.relies_on()?;
    let mut owned = vec![0usize; game.num_players()];
    for site in 0..game.board.len() {
        for &piece in state.stack(site as ludic::board::Site) {
            if let Some(n) = owned.get_mut(usize::from(game.owner(piece))) {
                *n += 1;
            }
        }
    }
    if bound.admits(&owned) {
        return None;
    }
    let each: Vec<String> = owned
        .iter()
        .zip(&bound.per_player)
        .zip(&game.players)
        .map(|((n, most), p)| format!("{} {n} (at most {most})", p.name))
        .collect();
    Some(format!(
        "the position holds more pieces than the rules can put on the board ({}; {} in all at most): \
         the action ids number a stack move's pieces only up to that (docs/python.md)",
        each.join(", "),
        bound.total
    ))
}

/// The legal steps of `state` by id, sorted by id (a step whose id an
/// earlier step of the list already has is left out: the first is the one
/// the id plays). None once the game is over.
pub(crate) fn legal_by_id(state: &RState) -> Vec<(u64, Move)> {
    let game = state.game();
    legal_with(state, |steps, out| {
        out.extend(steps.iter().map(|m| (action_id(game, m), *m)));
    })
}

/// [`legal_by_id`] with the ids given by `with_ids`, which appends each
/// step of the listing with its id (a step's [`action_id`]) to a vector:
/// the listing's steps with their ids, sorted when the listing's order is
/// not already the ids' order.
pub(crate) fn legal_with(
    state: &RState,
    with_ids: impl FnOnce(&[Move], &mut Vec<(u64, Move)>),
) -> Vec<(u64, Move)> {
    if state.outcome().is_some() {
        return Vec::new();
    }
    let mut out = take_listing();
    with_ids(state.legal_steps(), &mut out);
    // Ids that ascend strictly are sorted and distinct already (the most
    // common case: one pass). Otherwise sorted, stable: among steps of
    // one id, the first listed stays first.
    if !out.is_sorted_by(|a, b| a.0 < b.0) {
        out.sort_by_key(|x| x.0);
        out.dedup_by_key(|x| x.0);
    }
    out
}

/// A description of id `id` without a position: `KIND GEN: FROM>TO/COUNT`
/// (`-` for no site), or None if `id` is not below
/// `num_distinct_actions`.
pub(crate) fn describe(game: &RGame, id: u64) -> Option<String> {
    let space = game.action_space();
    let key = space.key(usize::try_from(id).ok()?)?;
    let p = game.step_parts(key);
    let label = |x: u16| {
        if x == ludic::board::NO_SITE {
            "-".to_string()
        } else {
            game.board.site(x).label.clone()
        }
    };
    let c = if p.count > 0 {
        format!("/{}", p.count)
    } else {
        String::new()
    };
    let kind = game.gen_head(p.gen_id);
    Some(format!(
        "{kind} {}: {}>{}{c}",
        p.gen_id,
        label(p.from),
        label(p.to)
    ))
}
