//! Game records: the PDN game-record reader and writer ([`pdn`]), PGN's
//! SAN moves ([`san`]), a game's record in its field's format ([`export`]), the
//! PDN FEN position parser and writer ([`fen`]), chess FEN ([`forsyth`]), trials ([`trial`]) and
//! position texts for any game ([`position`]), and the checks a FEN passes
//! against the rules ([`arrival`], [`footholds`]).
//!
//! The dependency runs one way: `record` uses the engine (a position text
//! becomes a [`State`](crate::engine::State) in [`setup`], a trial's result
//! is an engine [`Outcome`](crate::engine::Outcome)); the engine knows
//! nothing of records.
//!
//! PDN and trials are syntax only, not the rules of any game: moves are
//! kept as the text written (e.g. `9x18x27`, `c3-d4`) and FEN positions as
//! the squares and piece letters written. Turning them into engine moves
//! and states is the job of the caller (see docs/games/checkers.md). A position
//! text is read against a game (its players' letters, site labels and
//! setup codes), but knows nothing of its rules either.

pub mod arrival;
pub mod export;
pub mod fen;
pub mod footholds;
pub mod forsyth;
mod forsyth_error;
mod forsyth_state;
pub mod pdn;
pub mod position;
pub mod position_fields;
#[cfg(test)]
mod position_roundtrip;
pub mod roll;
pub mod san;
pub mod setup;
pub mod trial;

pub use fen::{Fen, FenError, FenPiece, parse_fen, write_fen};
pub use pdn::{PdnError, PdnGame, PdnMove, parse_pdn, write_pdn};
pub use position::{
    ItemError, Position, PositionError, PositionText, UnknownLetter, parse_position,
    parse_position_text, write_position,
};
