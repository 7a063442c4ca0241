//! Structures of site sets the compiled tier reads: positions as sets
//! (`bitpos`), the board as sets (`boardbits`), lattice points
//! (`lattice`) and rays (`raybits`). The site-set type itself, `Bits`,
//! and its operations, `Word`, belong to the position (`position/bits.rs`,
//! `position/word.rs`): the state keeps its sets up to date with its
//! stacks.

pub(crate) mod bitpos;
pub(crate) mod boardbits;
pub(crate) mod lattice;
pub(crate) mod raybits;
