//! IR of the stack primitives: named move blocks and flanking.
//!
//! Re-exported from [`super::ir`].

use super::ir::DirSetId;
use serde::Serialize;

/// Index of a named move block (`(moves "Name" …)`) in `Game::blocks`.
pub type BlockId = u16;

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
