//! The interpreter: state, legal moves, apply, outcome, perft and playouts.
//!
//! Two levels of move: a [`Move`] is one step (one hop, one stack move); a
//! turn is the steps a player makes before the next player moves (a
//! multi-jump is one turn of several hops). [`State::legal_moves`] lists
//! steps; [`State::legal_turns`] expands continuations depth-first.

pub mod apply;
pub mod attack;
pub mod battle;
pub mod cond;
pub mod flank;
pub mod forsyth;
pub mod lines;
pub mod movegen;
pub mod notation;
pub mod overlay;
pub mod perft;
pub mod phases;
pub mod playout;
pub mod rotate;
pub mod score;
pub mod sets;
pub mod setup;
pub mod slide;
pub mod sow;
pub mod stacks;
pub mod state;
pub mod turns;
pub mod zobrist;

pub use perft::{TooManyTurns, perft, perft_divide, perft_divide_each, perft_steps};
pub use playout::{PlayoutResult, playout};
pub use state::{Continuation, EndReason, Outcome, State};

use crate::board::Site;
use crate::compile::ir::GenId;

/// One step: a stack moves from `from` to `to`, jumping `over` for hops.
/// Moves compare and order by their fields, which gives them a stable order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// The generator that made the move (index into `Game::gens`).
    pub gen_id: GenId,
    /// Origin site.
    pub from: Site,
    /// Destination site.
    pub to: Site,
    /// Jumped site for hops, `NO_SITE` otherwise.
    pub over: Site,
    /// Pieces moved from the top of the origin's stack; 0 = the whole stack.
    pub count: u16,
}

/// A move refused by [`State::play`]: the state is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal move `{input}`: {reason}; legal moves: {}", legal.join(" "))]
pub struct IllegalMove {
    /// What was asked.
    pub input: String,
    /// Why it was refused.
    pub reason: String,
    /// The legal moves (turns) in the game's notation.
    pub legal: Vec<String>,
}

#[cfg(test)]
mod tests;
