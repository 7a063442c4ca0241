//! Random playouts: uniform random steps until the game ends, with a
//! seeded, portable generator (rand_chacha).

use crate::compile::ir::Game;
use crate::engine::cache::{give_moves, take_moves};
use crate::engine::overlay::RayCache;
use crate::engine::screen::{give_marks, take_marks};
use crate::engine::{Move, Outcome, State};
use std::cell::RefCell;
use std::sync::Arc;

thread_local! {
    /// Rays of the position being played, for the filters of random
    /// steps (kept between steps so that they allocate nothing once warm).
    static RAYS: RefCell<RayCache> = RefCell::new(RayCache::default());
}
use rand::{Rng, RngExt};

/// The end of one playout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct PlayoutResult {
    /// How it ended; `None` if `max_turns` was reached first.
    pub outcome: Option<Outcome>,
    /// What the finished game is worth to its winner ([`State::stake`]).
    pub stake: u32,
    /// Turns played.
    pub turns: u32,
    /// Steps played (a multi-jump is several steps).
    pub steps: u32,
}

/// Plays uniformly random steps from `state` (consumed) until the game ends
/// or `max_turns` turns have been played. `buf` is a reusable move buffer.
///
/// The cap is checked before each step, and one step can end more than one
/// turn: under `(no-moves Pass)` the players after it who cannot move pass
/// at once (backgammon's throw that cannot be played), each pass a turn.
/// So a playout stopped by the cap has played at least `max_turns` turns
/// and at most `max_turns` plus one more than the number of players (a
/// step ends its own turn, then at most one pass a player before every
/// player in turn stuck is judged a draw, `State::pass_while_stuck`).
pub fn playout<R: Rng>(
    mut state: State,
    rng: &mut R,
    max_turns: u32,
    buf: &mut Vec<Move>,
) -> PlayoutResult {
    playout_in(&mut state, rng, max_turns, buf)
}

/// [`playout()`] on a state that is borrowed and left at the playout's
/// end (with journaling off): a scratch state copied from the start
/// position before each playout ([`Clone::clone_from`]) plays many
/// playouts without allocating a state for each.
pub fn playout_in<R: Rng>(
    state: &mut State,
    rng: &mut R,
    max_turns: u32,
    buf: &mut Vec<Move>,
) -> PlayoutResult {
    state.set_journaling(false);
    let game = Arc::clone(&state.game);
    let start = state.turns();
    let mut steps = 0;
    loop {
        if let Some(o) = state.scalars.outcome {
            return result(state, Some(o), start, steps);
        }
        if state.turns() - start >= max_turns {
            return result(state, None, start, steps);
        }
        if !random_step_in(state, &game, rng, buf) {
            let o = state.no_moves_outcome();
            return result(state, Some(o), start, steps);
        }
        steps += 1;
    }
}

/// Plays a uniformly random legal step; false if there is none. With
/// `after:`/`check:` filters (and no `maximize:` rule), candidates are drawn at random and tested one
/// at a time (rejection), which keeps the choice uniform over the legal
/// steps without testing them all.
pub fn random_step<R: Rng>(state: &mut State, rng: &mut R, buf: &mut Vec<Move>) -> bool {
    let game = Arc::clone(&state.game);
    random_step_in(state, &game, rng, buf)
}

/// [`random_step`] with the state's game at hand (`game` is
/// `state.game()`).
fn random_step_in<R: Rng>(
    state: &mut State,
    game: &Game,
    rng: &mut R,
    buf: &mut Vec<Move>,
) -> bool {
    if let Some(m) = state.sample_chance(rng) {
        // Nature moves: a roll with its odds (docs/chance.md).
        state.play_in(game, &m);
        return true;
    }
    if !state.tables.has_filters || state.game.maximize.is_some() {
        // The joint plan draws without listing, when it can.
        if let Some(drawn) = state.draw_unlisted(rng) {
            let Some(m) = drawn else {
                return false;
            };
            state.play_in(game, &m);
            return true;
        }
        state.legal_moves_into(buf);
    } else {
        // A level counted from site sets draws without listing.
        let counted = RAYS.with(|c| state.random_counted_step(game, rng, &mut c.borrow_mut()));
        if let Some(played) = counted {
            return played;
        }
        let level = state.candidate_level_into(buf);
        // The level's candidates as listed, for the later levels when every
        // one fails: copied only when the first is taken out of the list.
        let mut raw = take_moves();
        // Marks only for games whose filters the screen tells.
        let screens = state.tables.has_screens;
        let mut maybe = if screens { take_marks() } else { Vec::new() };
        let played = RAYS.with(|cache| {
            let mut cache = cache.borrow_mut();
            cache.forget();
            // The candidates that may pass their filters: the others fail
            // without a test.
            let screened = screens
                .then(|| state.screen_into(buf, &mut cache, &mut maybe))
                .flatten();
            if screened == Some(0) {
                // None may: the draws of the loop below, every candidate
                // failing.
                crate::engine::draws::skip_draws(rng, buf.len());
                raw.extend_from_slice(buf);
                buf.clear();
                return false;
            }
            while !buf.is_empty() {
                let i = rng.random_range(0..buf.len());
                let m = buf[i];
                if screened.is_some() && !maybe[i] {
                    take_out(buf, &mut raw, &mut maybe, i, screened.is_some());
                    continue;
                }
                // The overlay tells most filters without playing the step
                // (and undoing it when it fails).
                match state.admits_unplayed(&m, &mut cache) {
                    Some(true) => {
                        state.play_in(game, &m);
                        return true;
                    }
                    Some(false) => {}
                    None if state.try_play(&m) == crate::engine::Played::Played => return true,
                    None => {}
                }
                take_out(buf, &mut raw, &mut maybe, i, screened.is_some());
            }
            false
        });
        if !played {
            // Every candidate of that level failed its filter: a later
            // priority level may still have legal steps.
            if let Some(level) = level {
                state.levels_from_into(buf, level + 1, &raw);
            }
        }
        give_moves(raw);
        if screens {
            give_marks(maybe);
        }
        if played {
            return true;
        }
    }
    if buf.is_empty() {
        return false;
    }
    let m = buf[crate::engine::draws::draw_below(rng, buf.len())];
    state.play_in(game, &m);
    true
}

/// Takes candidate `i` out of `buf` (and its mark out of `maybe` when
/// the candidates were `screened`), as the draw loop of
/// [`random_step_in`] does after a candidate fails; the first time, the
/// candidates as listed are kept in `raw` first.
fn take_out(
    buf: &mut Vec<Move>,
    raw: &mut Vec<Move>,
    maybe: &mut Vec<bool>,
    i: usize,
    screened: bool,
) {
    if raw.is_empty() {
        raw.extend_from_slice(buf);
    }
    buf.swap_remove(i);
    if screened {
        maybe.swap_remove(i);
    }
}

fn result(st: &State, outcome: Option<Outcome>, start: u32, steps: u32) -> PlayoutResult {
    PlayoutResult {
        outcome,
        stake: outcome.map_or(1, |o| st.stake_of(o)),
        turns: st.turns() - start,
        steps,
    }
}
