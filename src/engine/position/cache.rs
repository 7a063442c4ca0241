//! What a state remembers of its position until the position changes: its
//! legal steps and turns, so that a front end asking `is_over`, then the
//! legal moves, then playing one (the loop of a Python or web player) lists
//! them once.
//!
//! Filled on first read through `&self`; forgotten by every change of the
//! position: the start of every step (`State::push_frame`), a take-back, a
//! change of counters, toggles or the chance generator
//! (`State::save_extras`), a cleared draw, and the set-up of a position.
//! Clones start with nothing remembered. The engine's own loops (perft,
//! playouts, search) list moves into their buffers and never read it.

use crate::engine::{Move, State};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

/// The legal steps and turns of a state's position, once listed.
#[derive(Debug, Default)]
pub(crate) struct Cache {
    /// Something is remembered: read with `&mut` (a plain load) by
    /// [`Cache::forget`] at every step, so that a state whose lists are
    /// never read (perft's, a playout's) pays one test a step.
    filled: AtomicBool,
    steps: OnceLock<Vec<Move>>,
    turns: OnceLock<Vec<Vec<Move>>>,
}

impl Clone for Cache {
    /// Nothing remembered: a clone is made to be changed.
    fn clone(&self) -> Cache {
        Cache::default()
    }
}

impl Cache {
    /// Forgets what was listed (the position changed).
    #[inline(always)]
    pub(crate) fn forget(&mut self) {
        if *self.filled.get_mut() {
            self.clear();
        }
    }

    #[cold]
    fn clear(&mut self) {
        *self = Cache::default();
    }

    /// Notes that something is (about to be) remembered.
    fn fill(&self) {
        self.filled.store(true, Ordering::Relaxed);
    }

    /// True when nothing is remembered.
    pub(crate) fn is_empty(&self) -> bool {
        self.steps.get().is_none() && self.turns.get().is_none()
    }
}

impl State {
    /// The legal steps for the player to move, listed once per position
    /// (as [`State::legal_moves`], without a copy).
    pub fn legal_steps(&self) -> &[Move] {
        self.cache.steps.get_or_init(|| {
            self.cache.fill();
            self.list_legal_moves()
        })
    }

    /// The legal turns, expanded once per position (as
    /// [`State::legal_turns`], without a copy).
    pub fn legal_turn_list(&self) -> &[Vec<Move>] {
        self.cache.turns.get_or_init(|| {
            self.cache.fill();
            self.expand_legal_turns()
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::{Game, Options};
    use crate::engine::State;
    use std::sync::Arc;

    fn state(name: &str) -> State {
        State::new(Arc::new(
            Game::load(name, &Options::default()).expect("game"),
        ))
    }

    #[test]
    fn a_step_and_its_take_back_forget_the_listed_moves() {
        let mut st = state("checkers");
        let first = st.legal_steps().to_vec();
        assert_eq!(first.len(), 7);
        st.play(&first[0]).expect("legal");
        assert!(st.cache.is_empty());
        let reply = st.legal_steps().to_vec();
        assert_ne!(reply, first);
        st.undo().expect("undo");
        assert!(st.cache.is_empty());
        assert_eq!(st.legal_steps(), first);
        let _ = st.legal_steps();
        assert!(st.clone().cache.is_empty());
    }

    #[test]
    fn a_changed_counter_or_toggle_forgets_the_listed_moves() {
        let mut st = state("genocide");
        let _ = st.legal_turn_list();
        assert!(!st.cache.is_empty());
        st.set_counter(0, 0, 3);
        assert!(st.cache.is_empty());
        let _ = st.legal_steps();
        st.flip(0);
        assert!(st.cache.is_empty());
    }
}
