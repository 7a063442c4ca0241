//! The kernel: perft for one kind of rules, compiled from the rule IR to
//! word operations instead of interpreted step by step.
//!
//! The kind: two players; one kind of piece, each stack one player's, at
//! most two high; a board whose sites fit a box of at most 128 places on
//! its lattice, each direction one offset; turns of one phase whose
//! moves are steps and hops of the mover's whole stack, in priority levels,
//! hops chained (draughts' multi-jumps); `from:`, `over:` and `to:` tests of
//! emptiness, owner, height and region; `then:` effects that push pieces
//! (a draughts man crowned), end the turn or decide the game (a
//! Breakthrough piece arriving). The games of that kind (English draughts,
//! its 10×10 board, Breakthrough, Clobber…) are played by the kernel's own
//! loop: a position is a few words copied to make a move, the moves of a
//! generator are listed from sets computed once per position, and a
//! condition is a handful of word operations, not a tree walked per site.
//!
//! Everything else stays with the interpreter: [`perft`] gives `None` for a
//! game or a position the kernel does not take, and also hands back a walk
//! that meets a move it does not make (onto a stack, or making a stack of
//! two owners), so the interpreter counts those from the start. Its counts
//! are the interpreter's (its tests compare them on every shipped game it
//! takes, from many positions); only the time differs.

mod compile;
mod cond;
mod pos;
mod walk;

use crate::engine::State;
use crate::engine::bits::Bits;
use crate::engine::word::Word;
use compile::Kernel;

/// Perft of `state` by the kernel: the leaves `depth` turns deep, as
/// [`crate::engine::perft::perft`] counts them (the history draw rules left out);
/// `None` when the game or the position is not of the kernel's kind, or
/// the walk met something it hands back to the interpreter.
pub(crate) fn perft(state: &State, depth: u32) -> Option<u64> {
    match compile::places(&state.game.board) {
        0..=64 => perft_in::<Bits<1>>(state, depth),
        65..=128 => perft_in::<Bits<2>>(state, depth),
        _ => None,
    }
}

/// [`perft`] on sets of type `W`.
fn perft_in<W: Word>(state: &State, depth: u32) -> Option<u64> {
    let k = Kernel::<W>::compile(state)?;
    let root = k.start(state, depth)?;
    k.perft(&root, depth).ok()
}

/// Whether the kernel takes `state` to a perft `depth` deep (its game
/// compiled, its position of the kind), whatever the walk then meets.
#[cfg(test)]
pub(crate) fn takes(state: &State, depth: u32) -> bool {
    fn of<W: Word>(state: &State, depth: u32) -> bool {
        Kernel::<W>::compile(state).is_some_and(|k| k.start(state, depth).is_some())
    }
    match compile::places(&state.game.board) {
        0..=64 => of::<Bits<1>>(state, depth),
        65..=128 => of::<Bits<2>>(state, depth),
        _ => false,
    }
}
