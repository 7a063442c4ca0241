//! IR of the stack-moving primitives: where a generator's origins come
//! from, how many pieces it takes, and flanking.
//!
//! Re-exported from [`super::ir`].

use super::ir::DirSetId;
use serde::Serialize;

/// Index of a named move block (`(moves "Name" …)`) in `Game::blocks`.
pub type BlockId = u16;

/// Which sites a generator moves from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub enum Origin {
    /// Stacks whose top piece is the mover's (the default).
    #[default]
    Mine,
    /// Empty sites: a stack of no piece, whose move places new pieces
    /// through the generator's effects while the origin stays empty.
    Empty,
    /// The sites marked by the previous step of the turn
    /// (`mark-flanked`), whoever owns their stacks.
    Marked,
}

impl Origin {
    /// A bit of its own for each origin, to test a set of origins at once.
    #[inline]
    pub fn bit(self) -> u8 {
        match self {
            Origin::Mine => 1,
            Origin::Empty => 2,
            Origin::Marked => 4,
        }
    }
}

/// How many pieces of the origin's stack a move takes from its top
/// (`pieces:`), within the `keep:` and `max:` limits of the moves that
/// take them; a move that takes k pieces of a stack, whatever k, is
/// written with `/k`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub enum Pieces {
    /// The whole stack, one move, written without `/k` (the default; the
    /// stack of no piece of an empty origin); no move when `keep:` or
    /// `max:` leaves part of it behind.
    #[default]
    Whole,
    /// Exactly one piece.
    One,
    /// The top k pieces, 1 ≤ k < height, one move each (a split).
    Part,
    /// The top k pieces, 1 ≤ k ≤ height, one move each.
    Any,
}

/// A relation between the mover and a stack's top piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Rel {
    /// The mover's.
    Mine,
    /// Another player's.
    Enemy,
    /// Anybody's (the site is not empty).
    Occupied,
}

/// A flank: a stack (the *middle*) lies exactly midway on a straight line
/// of otherwise empty sites between the stack at `at` and another stack,
/// both ends satisfying `end`, the middle satisfying `middle`, at a
/// distance m (1 ≤ m ≤ `reach`) from each end (docs/games/exnihilo.md).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Flank {
    /// The near end (the stack that just moved, usually `To`).
    pub at: super::ir::SiteRef,
    /// Directions of the lines.
    pub dirs: DirSetId,
    /// What the flanked stack must be.
    pub middle: Rel,
    /// What both ends must be.
    pub end: Rel,
    /// Largest distance m from an end to the middle (`u16::MAX`: any).
    pub reach: u16,
    /// The three stacks have the same height.
    pub same_height: bool,
    /// The three top pieces are of the same kind.
    pub same_kind: bool,
}
