//! The kernel (`engine::kernel`) against the interpreter: the same perft
//! counts on every shipped game it takes, from many positions of seeded
//! random games, and the interpreter's counts where it hands a walk back.

use super::fast_paths::{positions, shipped_settings};
use super::game;
use crate::engine::State;
use crate::engine::kernel;
use crate::engine::perft::{perft, perft_interpreted};

/// The deepest perft from `st` whose leaves stay under `budget`, at most 3.
fn depth_within(st: &State, budget: u64) -> u32 {
    let mut depth = 1;
    while depth < 3 && perft_interpreted(st, depth + 1).is_ok_and(|n| n <= budget) {
        depth += 1;
    }
    depth
}

#[test]
fn the_kernel_takes_the_games_of_its_kind_and_no_other() {
    let taken: Vec<String> = shipped_settings()
        .into_iter()
        .filter(|g| kernel::takes(&State::new(g.clone()), 1))
        .map(|g| g.name.clone())
        .collect();
    // Steps and hops of whole stacks of one kind, at most two high.
    for name in ["English draughts", "Breakthrough", "Clobber"] {
        assert!(
            taken.iter().any(|t| t.contains(name)),
            "{name} not in {taken:?}"
        );
    }
    // Flying kings, majority capture, placements, slides, groups, flanks.
    for name in ["International", "Chess", "Polypods", "Ex nihilo", "Atari"] {
        assert!(
            !taken.iter().any(|t| t.contains(name)),
            "{name} in {taken:?}"
        );
    }
}

#[test]
fn the_kernel_counts_what_the_interpreter_counts_from_every_position_tried() {
    let (mut compared, mut games) = (0, 0);
    for g in shipped_settings() {
        if !kernel::takes(&State::new(g.clone()), 1) {
            continue;
        }
        games += 1;
        for st in positions(&State::new(g.clone()), 6, 40).iter().step_by(3) {
            let depth = depth_within(st, 20_000);
            let want = perft_interpreted(st, depth).unwrap();
            match kernel::perft(st, depth) {
                Some(n) => {
                    assert_eq!(n, want, "{} at depth {depth} from {st:?}", g.name);
                    compared += 1;
                }
                // Only in the middle of a turn or once the game is over.
                None => assert!(!kernel::takes(st, depth), "{} refused", g.name),
            }
        }
    }
    assert!(
        games >= 4 && compared > 300,
        "{compared} positions of {games} games"
    );
}

#[test]
fn published_draughts_counts_come_from_the_kernel() {
    // English draughts from the start: the published perft counts.
    let g = crate::compile::Game::load("games/checkers.game", &Default::default()).unwrap();
    let st = State::new(std::sync::Arc::new(g));
    let published = [7, 49, 302, 1469, 7361, 36768, 179740, 845931];
    for (d, &n) in published.iter().enumerate() {
        assert_eq!(kernel::perft(&st, d as u32 + 1), Some(n), "depth {}", d + 1);
    }
}

#[test]
fn a_move_onto_a_stack_is_handed_back_and_counted_by_the_interpreter() {
    // A step onto one's own stack stacks it: the kernel does not make
    // such moves. P1 on a1 and b1, P2 on d1; steps east or west onto an
    // empty site or one's own.
    let g = game(
        r#"(game "T" (players 2) (board (square 1 4)) (piece "Man") (stack-limit 2)
             (setup (fill "Man" P1 (sites "a1" "b1")) (fill "Man" P2 (sites "d1")))
             (play (step dirs:{E W} to:(or Empty Mine))))"#,
    );
    let st = State::new(g);
    assert!(kernel::takes(&st, 2));
    assert_eq!(kernel::perft(&st, 2), None);
    // a1-b1 (stacked), b1-a1 (stacked), b1-c1.
    assert_eq!(perft(&st, 1), Ok(3));
    // Then P2's d1-c1 after the two stackings, none after b1-c1.
    assert_eq!(perft(&st, 2), Ok(2));
}

#[test]
fn a_turn_limit_within_the_depth_leaves_the_walk_to_the_interpreter() {
    let g = game(
        r#"(game "T" (players 2) (board (square 1 4)) (piece "Man") (stack-limit 1)
             (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites "d1")))
             (play (step dirs:{E W} to:Empty))
             (end (no-moves Loss) (turn-limit 2)))"#,
    );
    let st = State::new(g);
    assert_eq!(kernel::perft(&st, 1), Some(1));
    assert!(!kernel::takes(&st, 2));
    // a1-b1; d1-c1 or d1... only c1 is free: one turn each, then drawn.
    assert_eq!(perft(&st, 2), Ok(1));
    assert_eq!(perft(&st, 3), Ok(0));
}
