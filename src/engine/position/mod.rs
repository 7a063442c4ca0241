//! The position and its journal: one `State` (stacks on every site, the
//! scalars, the history), its undo journal, its Zobrist keys and what it
//! remembers of its position (legal steps and turns).

pub(crate) mod cache;
pub(crate) mod chance;
pub(crate) mod chance_passes;
pub(crate) mod dice_left;
pub(crate) mod journal;
pub(crate) mod repetition;
pub(crate) mod seats;
pub(crate) mod stacks;
pub(crate) mod state;
pub(crate) mod zobrist;
