//! The interpreter: state, legal moves, apply, outcome, perft and playouts.
//!
//! Two levels of move: a [`Move`] is one step (one hop, one stack move); a
//! turn is the steps a player makes before the next player moves (a
//! multi-jump is one turn of several hops). [`State::legal_moves`] lists
//! steps; [`State::legal_turns`] expands continuations depth-first.

pub(crate) mod apply;
pub(crate) mod attack;
pub(crate) mod battle;
pub(crate) mod bitcompile;
pub(crate) mod bitcond;
pub(crate) mod bitfilter;
pub(crate) mod bitpos;
pub(crate) mod bits;
pub(crate) mod boardbits;
pub(crate) mod cache;
pub(crate) mod cond;
pub(crate) mod draws;
pub(crate) mod evaltables;
pub(crate) mod fastgen;
pub(crate) mod flank;
pub(crate) mod hop;
pub(crate) mod journal;
pub(crate) mod kernel;
pub(crate) mod lattice;
pub(crate) mod leaf;
pub(crate) mod levelcount;
pub(crate) mod levellist;
pub(crate) mod lines;
pub(crate) mod local;
pub(crate) mod memo;
pub(crate) mod mode;
pub(crate) mod movegen;
pub(crate) mod notation;
pub(crate) mod overlay;
pub(crate) mod perft;
pub(crate) mod phases;
pub(crate) mod plan;
pub(crate) mod playout;
pub(crate) mod quiet;
pub(crate) mod quietsteps;
pub(crate) mod randlevel;
pub(crate) mod raybits;
pub(crate) mod rotate;
pub(crate) mod score;
pub(crate) mod screen;
pub(crate) mod sets;
pub(crate) mod shiftdraw;
pub(crate) mod shiftgen;
pub(crate) mod sitepred;
pub(crate) mod slide;
pub(crate) mod slidelevel;
pub(crate) mod sow;
pub(crate) mod stacks;
pub(crate) mod state;
pub(crate) mod tables;
pub(crate) mod tempo;
pub(crate) mod turns;
pub(crate) mod verdicts;
pub(crate) mod word;
pub(crate) mod zobrist;

pub use apply::Played;
pub use mode::Engine;
pub use perft::{TooManyTurns, perft, perft_divide, perft_divide_each, perft_steps};
pub use playout::{PlayoutResult, playout, playout_in};
pub use state::{Continuation, EndReason, Outcome, State, UndoError};
pub(crate) use tables::Tables;
pub use turns::MAX_TURNS;

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

/// A move refused by [`State::play`] or [`State::play_str`]: the state is
/// unchanged. Its message names the move, the reason, and the legal moves
/// (turns) wrapped over lines of at most about 72 characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalMove {
    /// The move in the game's notation: as typed for [`State::play_str`],
    /// as [`State::move_to_string`] writes it for [`State::play`].
    pub input: String,
    /// Why it was refused.
    pub reason: Refusal,
    /// The legal moves (whole turns) in the game's notation; for an
    /// ambiguous short form, the turns it could mean.
    pub legal: Vec<String>,
}

/// Why a move was refused ([`IllegalMove::reason`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum Refusal {
    /// A step that is not among [`State::legal_moves`].
    #[error("not a legal step here")]
    NotLegalStep,
    /// A turn written in notation that no legal turn matches.
    #[error("not a legal move in this position")]
    NotLegal,
    /// The game is over: there is no legal move.
    #[error("the game is over")]
    GameOver,
    /// A short form (origin and final destination) that several legal
    /// turns share: every landing site must be written.
    #[error("ambiguous: several captures match; write every landing square")]
    Ambiguous,
}

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "illegal move `{}`: {}; legal moves:",
            crate::diag::clip(&self.input),
            self.reason
        )?;
        if self.legal.is_empty() {
            return f.write_str(" none");
        }
        let mut width = usize::MAX;
        for m in &self.legal {
            if width.saturating_add(1 + m.len()) > 72 {
                f.write_str("\n  ")?;
                width = 2;
            } else {
                f.write_str(" ")?;
                width += 1;
            }
            f.write_str(m)?;
            width += m.len();
        }
        Ok(())
    }
}

impl std::error::Error for IllegalMove {}

#[cfg(test)]
mod tests;
