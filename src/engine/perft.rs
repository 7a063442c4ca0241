//! Perft: the number of leaves of the turn-level move tree at a depth.
//!
//! A multi-step turn counts once per path (rules.md §3.6). Draw rules are
//! ignored; every leaf is made (no bulk counting). Make/undo with the state's
//! journal and one move buffer per depth: nothing is allocated per move.

use super::{Move, State};

/// Counts the leaves of the turn tree `depth` turns deep from `state`.
pub fn perft(state: &State, depth: u32) -> u64 {
    let mut st = state.clone();
    st.set_journaling(true);
    st.s.outcome = None;
    let mut bufs: Vec<Vec<Move>> = (0..64).map(|_| Vec::with_capacity(64)).collect();
    count(&mut st, depth, &mut bufs)
}

/// Perft of each legal turn from `state`: `(turn in notation, count)`.
pub fn perft_divide(state: &State, depth: u32) -> Vec<(String, u64)> {
    let turns = state.legal_turns();
    turns
        .iter()
        .map(|t| {
            let mut st = state.clone();
            st.play_turn(t);
            let n = if depth <= 1 { 1 } else { perft(&st, depth - 1) };
            (state.turn_to_string(t), n)
        })
        .collect()
}

fn count(st: &mut State, depth: u32, bufs: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((buf, rest)) = bufs.split_first_mut() else {
        return 0;
    };
    st.legal_moves_ignoring_draws(buf);
    if buf.is_empty() && st.mid_turn() {
        // A turn that cannot go on ends the game: a leaf at its depth.
        return u64::from(depth == 1);
    }
    let mover = st.current_player();
    let mut total = 0;
    for m in buf.iter() {
        st.play_unchecked(m);
        total += if st.mid_turn() && st.current_player() == mover {
            count(st, depth, rest)
        } else {
            count(st, depth - 1, rest)
        };
        st.undo();
    }
    total
}

impl State {
    /// Legal steps as if no draw rule had fired.
    fn legal_moves_ignoring_draws(&mut self, buf: &mut Vec<Move>) {
        let saved = self.s.outcome.take();
        self.legal_moves_into(buf);
        self.s.outcome = saved;
    }
}
