//! The position and its journal: one `State` (stacks on every site, the
//! scalars, the history), its undo journal, its Zobrist keys and what it
//! remembers of its position (legal steps and turns), and the site sets
//! it keeps with its stacks (`bits`: the one site-set type, `Bits`, whose
//! operations are `word`'s `Word`).

pub(crate) mod bits;
pub(crate) mod cache;
pub(crate) mod chance;
pub(crate) mod chance_passes;
pub(crate) mod dice_left;
pub(crate) mod journal;
pub(crate) mod repetition;
pub(crate) mod seats;
pub(crate) mod stacks;
pub(crate) mod state;
pub(crate) mod word;
pub(crate) mod zobrist;
