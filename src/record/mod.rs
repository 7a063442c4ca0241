//! Game records: the PDN game-record reader and writer ([`pdn`]) and the
//! PDN FEN position parser and writer ([`fen`]).
//!
//! This module knows PDN syntax only, not the rules of any game: moves are
//! kept as the text written (e.g. `9x18x27`, `c3-d4`) and positions as the
//! squares and piece letters written. Turning them into engine moves and
//! states is the job of the caller (see rules.md §3.7).

pub mod fen;
pub mod pdn;
pub mod trial;

pub use fen::{Fen, FenPiece, parse_fen, write_fen};
pub use pdn::{PdnError, PdnGame, PdnMove, parse_pdn, write_pdn};
