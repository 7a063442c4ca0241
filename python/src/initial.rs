//! A game's initial position, built once and copied for every new state
//! (issue 41: a Python loop makes a state a game).
//!
//! `ludic::engine::State::new` derives the game's tables and sets up the
//! board each time: tens of microseconds in Connect Four, hundreds in
//! chess, more than the rest of a random game's steps driven from Python.
//! The first state is built so; later ones are copies of it, which share
//! its tables (as states of one game do) and are the same position, with
//! the same chance generator, as a freshly built one.
//!
//! A copy allocates every buffer of a state (its history and undo journal
//! with room to grow): about a microsecond, as much as a whole step of
//! tic-tac-toe. So the engine state of a dropped Python state is kept
//! ([`Position`]'s drop, a few per thread) and a new state of the same
//! game is copied into its room (`Clone::clone_from`) instead.

use ludic::compile::Game as RGame;
use ludic::engine::State as RState;
use std::cell::RefCell;
use std::ops::{Deref, DerefMut};
use std::sync::{Arc, OnceLock};

/// Most engine states a thread keeps for new states.
const MOST_SPARE: usize = 4;

thread_local! {
    /// Engine states of dropped Python states, their room kept.
    static SPARE: RefCell<Vec<RState>> = const { RefCell::new(Vec::new()) };
}

/// A spare engine state of `game`, if this thread keeps one.
fn spare_of(game: &Arc<RGame>) -> Option<RState> {
    SPARE
        .try_with(|s| {
            let mut s = s.try_borrow_mut().ok()?;
            let i = s.iter().position(|st| Arc::ptr_eq(st.game(), game))?;
            Some(s.swap_remove(i))
        })
        .ok()
        .flatten()
}

/// The engine state of a Python state, given back to this thread's spare
/// states when it is dropped.
pub(crate) struct Position(Option<RState>);

impl Position {
    /// The position of engine state `state`.
    pub(crate) fn new(state: RState) -> Position {
        Position(Some(state))
    }
}

impl Deref for Position {
    type Target = RState;
    fn deref(&self) -> &RState {
        self.0
            .as_ref()
            .expect("a position is taken only when dropped")
    }
}

impl DerefMut for Position {
    fn deref_mut(&mut self) -> &mut RState {
        self.0
            .as_mut()
            .expect("a position is taken only when dropped")
    }
}

impl Drop for Position {
    fn drop(&mut self) {
        let Some(st) = self.0.take() else { return };
        // Dropped here when the thread keeps enough (or is ending).
        let _ = SPARE.try_with(|s| {
            if let Ok(mut s) = s.try_borrow_mut()
                && s.len() < MOST_SPARE
            {
                s.push(st);
            }
        });
    }
}

/// The initial position of one game, built on first use.
#[derive(Default)]
pub(crate) struct Initial(OnceLock<RState>);

impl Initial {
    /// A new state of `game`'s initial position (`game` is the game this
    /// `Initial` belongs to, the same every call): a copy of the one built
    /// on the first call.
    pub(crate) fn state(&self, game: &Arc<RGame>) -> RState {
        copy_of(self.0.get_or_init(|| RState::new(game.clone())))
    }
}

/// A copy of `st` (as `Clone::clone`), in the room of a spare state of
/// its game when this thread keeps one.
pub(crate) fn copy_of(st: &RState) -> RState {
    match spare_of(st.game()) {
        Some(mut copy) => {
            copy.clone_from(st);
            copy
        }
        None => st.clone(),
    }
}
