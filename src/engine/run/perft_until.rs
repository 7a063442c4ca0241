//! Perft that a caller can stop: the turn tree is split at its first
//! levels (as `perft --divide` splits it at the root) into subtrees small
//! enough to count in a moment each, and `stop` is asked before each (the
//! Python package stops on Ctrl-C this way).

use crate::engine::perft::perft_root;
use crate::engine::turns::turns_cut;
use crate::engine::{State, TooManyTurns, perft};

/// A subtree whose estimated leaves (turns here to the power of the depth)
/// are at most this is counted whole, without asking `stop` inside it: a
/// few milliseconds of counting.
const SMALL: f64 = 50_000.0;

/// [`perft`], asking `stop` between subtrees: `Ok(None)` once it answers
/// true, `Ok(Some(leaves))` when the count finished. The count is
/// [`perft`]'s (the sum of its subtrees'). Errors as [`perft`] does.
pub fn perft_until(
    state: &State,
    depth: u32,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Option<u64>, TooManyTurns> {
    split(&perft_root(state), depth, stop, SMALL)
}

/// Leaves `depth` turns below `node` (a perft root: journaled, without
/// the history draw rules), counted whole when the estimate is at most
/// `small`, else as the sum over its turns.
fn split(
    node: &State,
    depth: u32,
    stop: &(dyn Fn() -> bool + Sync),
    small: f64,
) -> Result<Option<u64>, TooManyTurns> {
    if stop() {
        return Ok(None);
    }
    if depth <= 1 || node.scalars.outcome.is_some() {
        return perft(node, depth).map(Some);
    }
    let turns = node.legal_turn_list();
    if turns_cut(turns.len()) {
        return Err(TooManyTurns);
    }
    if (turns.len() as f64).powi(depth as i32) <= small {
        return perft(node, depth).map(Some);
    }
    let mut total = 0;
    for t in turns {
        let mut child = node.clone();
        child.play_turn(t);
        match split(&child, depth - 1, stop, small)? {
            Some(n) => total += n,
            None => return Ok(None),
        }
    }
    Ok(Some(total))
}

#[cfg(test)]
mod tests {
    use super::split;
    use crate::compile::{Game, Options};
    use crate::engine::perft::perft_root;
    use crate::engine::{State, perft};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn state(name: &str) -> State {
        State::new(Arc::new(
            Game::load(name, &Options::default()).expect("game"),
        ))
    }

    /// Split down to single turns (the smallest threshold), the sum is
    /// perft's, on games with multi-jumps, results mid-tree and stacks.
    #[test]
    fn the_split_count_is_perfts() {
        for (name, depth) in [
            ("checkers", 5),
            ("tictactoe", 5),
            ("connect4", 4),
            ("chess", 3),
            ("breakthrough", 3),
            ("morris", 4),
        ] {
            let st = state(name);
            let whole = perft(&st, depth).expect("perft");
            let split = split(&perft_root(&st), depth, &|| false, 1.0).expect("split");
            assert_eq!(split, Some(whole), "{name} {depth}");
        }
        // English draughts' published perft 6.
        assert_eq!(
            super::perft_until(&state("checkers"), 6, &|| false),
            Ok(Some(36_768))
        );
    }

    /// Asked to stop, it stops at once; asked later, it stops there.
    #[test]
    fn a_stop_ends_the_count() {
        let st = state("checkers");
        assert_eq!(super::perft_until(&st, 9, &|| true), Ok(None));
        let asked = AtomicUsize::new(0);
        let stop = || asked.fetch_add(1, Ordering::Relaxed) >= 3;
        assert_eq!(split(&perft_root(&st), 9, &stop, 1.0), Ok(None));
        assert_eq!(asked.load(Ordering::Relaxed), 4);
    }
}
