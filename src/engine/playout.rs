//! Random playouts: uniform random steps until the game ends, with a
//! seeded, portable generator (rand_chacha).

use super::{Move, Outcome, State};
use rand::{Rng, RngExt};

/// The end of one playout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct PlayoutResult {
    /// How it ended; `None` if `max_turns` was reached first.
    pub outcome: Option<Outcome>,
    /// Turns played.
    pub turns: u32,
    /// Steps played (a multi-jump is several steps).
    pub steps: u32,
}

/// Plays uniformly random steps from `state` (consumed) until the game ends
/// or `max_turns` turns have been played. `buf` is a reusable move buffer.
pub fn playout<R: Rng>(
    mut state: State,
    rng: &mut R,
    max_turns: u32,
    buf: &mut Vec<Move>,
) -> PlayoutResult {
    state.set_journaling(false);
    let start = state.turns();
    let mut steps = 0;
    loop {
        if let Some(o) = state.s.outcome {
            return result(&state, Some(o), start, steps);
        }
        if state.turns() - start >= max_turns {
            return result(&state, None, start, steps);
        }
        if !random_step(&mut state, rng, buf) {
            let o = state.no_moves_outcome();
            return result(&state, Some(o), start, steps);
        }
        steps += 1;
    }
}

/// Plays a uniformly random legal step; false if there is none. With
/// `after:`/`check:` filters (and no `maximize:` rule), candidates are drawn at random and tested one
/// at a time (rejection), which keeps the choice uniform over the legal
/// steps without testing them all.
pub fn random_step<R: Rng>(state: &mut State, rng: &mut R, buf: &mut Vec<Move>) -> bool {
    if !state.game.has_filters || state.game.maximize.is_some() {
        state.legal_moves_into(buf);
    } else {
        state.candidates_into(buf);
        while !buf.is_empty() {
            let i = rng.random_range(0..buf.len());
            let m = buf.swap_remove(i);
            if state.try_play(&m) {
                return true;
            }
        }
        // Every candidate of the first level failed its filter: a later
        // priority level may still have legal steps.
        state.legal_moves_into(buf);
    }
    if buf.is_empty() {
        return false;
    }
    let m = buf[rng.random_range(0..buf.len())];
    state.play_unchecked(&m);
    true
}

fn result(st: &State, outcome: Option<Outcome>, start: u32, steps: u32) -> PlayoutResult {
    PlayoutResult {
        outcome,
        turns: st.turns() - start,
        steps,
    }
}
