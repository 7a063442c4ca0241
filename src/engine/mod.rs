//! The engine: state, legal moves, apply, outcome, perft and playouts.
//!
//! Its folders follow its roles (docs/engine.md): `position` (one
//! [`State`] and its journal), `reference` (the reference interpreter: the
//! meaning of the rule IR), `compiled` (the compiled tier: site sets,
//! condition compilers, compiled generators, the perft kernel; left out
//! whole by [`Engine::Reference`]) and `run` (perft, playouts). `tables.rs`
//! holds what the engine derives from a game for both tiers.
//!
//! Two levels of move: a [`Move`] is one step (one hop, one stack move); a
//! turn is the steps a player makes before the next player moves (a
//! multi-jump is one turn of several hops). [`State::legal_moves`] lists
//! steps; [`State::legal_turns`] expands continuations depth-first.

pub(crate) mod compiled;
pub(crate) mod listing;
pub(crate) mod mode;
pub(crate) mod position;
pub(crate) mod reference;
pub(crate) mod run;
pub(crate) mod tables;

// Every module by its own name too, so that `crate::engine::NAME` reads the
// same wherever the module lives.
pub(crate) use compiled::cond::{
    bitcompile, bitcond, bitfilter, evaltables, hoist, local, scalar, sitepred, sitetest, thentree,
};
pub(crate) use compiled::kernel;
pub(crate) use compiled::moves::{
    fastgen, filters, levelcount, mixed, overlay, plan, quiet, quietsteps, screen, shiftgen,
    slidelevel, slides, untouched, verdicts,
};
pub(crate) use compiled::sets::{bitpos, boardbits, lattice, raybits};
pub(crate) use position::{bits, cache, chance, dice_left, journal, seats, state, word, zobrist};
pub(crate) use reference::{apply, attack, cond, flank, memo, notation, sets, turns};
pub(crate) use run::{draws, perft, perft_until, playout};

pub use apply::Played;
pub use chance::{CHANCE_GEN, Roll, chance_move};
pub use dice_left::{DiceLeft, MAX_DICE};
pub use mode::Engine;
pub use notation::notation_sites;
pub use perft::{TooManyTurns, perft, perft_divide, perft_divide_each, perft_players, perft_steps};
pub use perft_until::perft_until;
pub use playout::{PlayoutResult, playout, playout_in};
pub use reference::maximize::{MAX_SEARCH_POSITIONS, take_search_cut};
pub use seats::{FirstPlace, MAX_SEATS, Places};
pub use state::{Continuation, EndReason, EndRule, Outcome, State, UndoError};
pub(crate) use tables::Tables;
pub use turns::{MAX_TURNS, turns_cut};

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
    /// ambiguous short form, the turns it could mean; for a text several
    /// turns share ([`Refusal::Several`]), those turns with what tells
    /// them apart.
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
    /// A text that is not in the game's notation at all: `x11-15`,
    /// `22-81` on a board without a site 81.
    #[error("not in the game's notation")]
    NotNotation,
    /// A plain step written with a capture's mark (`11x15` for `11-15`):
    /// the mark is part of the move, never read past.
    #[error("marked as a capture, but the move it names captures nothing")]
    CaptureMark,
    /// The first steps of legal turns, not a whole turn: the mover has
    /// more to play (backgammon's second die, a draughts jump that must
    /// go on).
    #[error("the turn is not finished: more steps must follow")]
    Unfinished,
    /// The game is over: there is no legal move.
    #[error("the game is over")]
    GameOver,
    /// A step its rule makes, refused by the rule's `after:
    /// (not (repeated))`: the board it leaves stood at the start of an
    /// earlier turn (Go's positional superko).
    #[error("this repeats an earlier position (positional superko)")]
    Repeats,
    /// A placement its rule makes, refused by the rule's `check:` while
    /// the placed piece's group has no empty neighbour once placed (Go's
    /// suicide).
    #[error("suicide: the stone would have no liberty")]
    Suicide,
    /// A step its rule makes, refused by the rule's `check:` condition
    /// (on the position just after the step, before its effects).
    #[error("its rule's `check:` condition refuses it")]
    Check,
    /// A step its rule makes, refused by the rule's `after:` condition
    /// (on the position the step leaves).
    #[error("its rule's `after:` condition refuses the position it leaves")]
    After,
    /// A move from a site holding one of the mover's pieces to a site
    /// that the `to:` condition of every rule moving that piece refuses
    /// (a Hnefatafl soldier onto the throne or a corner).
    #[error(
        "this piece may not stop there (the destination condition of its moves refuses that site)"
    )]
    Destination,
    /// A move of one of the mover's pieces to a site that no rule moving
    /// that piece ever leads to from where it stands, whatever stands
    /// between: not along its directions, not at its distances or leap
    /// offsets (English draughts' `9-12`, along a row; a knight's `b1-b3`).
    #[error(
        "this piece's moves never lead from that site to that one (not along its directions, nor at its distances)"
    )]
    OffLines,
    /// A move of one of the mover's pieces onto another of the mover's
    /// pieces, which the `to:` of every rule moving it refuses (a chess
    /// rook onto its own pawn; a draughts man onto its own man).
    #[error("that site holds one of the player's own pieces, where this piece may not move")]
    OwnPiece,
    /// A move written from a site that holds none of the mover's pieces.
    #[error("no piece of the player to move stands on the site it starts from")]
    NotYours,
    /// A move of one of the mover's pieces to a site none of its moves
    /// reach from there now (off its lines, blocked, or too far).
    #[error("this piece's moves do not reach that site from where it stands")]
    Unreachable,
    /// A short form (origin and final destination, or a text without
    /// its tag) that several legal turns share: one must be written in
    /// full (every landing site, and the tag when it has one).
    #[error("ambiguous: it matches several turns; write one of them in full")]
    Ambiguous,
    /// A text that several legal turns share in full (they differ only
    /// in what they do): none is played. The refusal lists each with
    /// what tells it apart; a generator's `tag:` writes them apart.
    #[error("matches {0} turns, which differ only in what they do")]
    Several(usize),
}

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "illegal move `{}`: {}",
            crate::diag::clip(&self.input),
            self.reason
        )?;
        if let Refusal::Several(_) = self.reason {
            // Each turn it matches, with what tells it apart.
            for m in &self.legal {
                write!(f, "\n  {m}")?;
            }
            return Ok(());
        }
        f.write_str("; legal moves:")?;
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
