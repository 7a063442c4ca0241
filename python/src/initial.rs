//! A game's initial position, built once and copied for every new state
//! (issue 41: a Python loop makes a state a game).
//!
//! `ludic::engine::State::new` derives the game's tables and sets up the
//! board each time: tens of microseconds in Connect Four, hundreds in
//! chess, more than the rest of a random game's steps driven from Python.
//! The first state is built so; later ones are copies of it, which share
//! its tables (as states of one game do) and are the same position, with
//! the same chance generator, as a freshly built one.

use ludic::compile::Game as RGame;
use ludic::engine::State as RState;
use std::sync::{Arc, OnceLock};

/// The initial position of one game, built on first use.
#[derive(Default)]
pub(crate) struct Initial(OnceLock<RState>);

impl Initial {
    /// A new state of `game`'s initial position (`game` is the game this
    /// `Initial` belongs to, the same every call): a copy of the one built
    /// on the first call.
    pub(crate) fn state(&self, game: &Arc<RGame>) -> RState {
        self.0.get_or_init(|| RState::new(game.clone())).clone()
    }
}
