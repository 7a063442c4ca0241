//! The kernel (`engine::kernel`) against the interpreter: the same perft
//! counts on every shipped game it takes, from many positions of seeded
//! random games, and the interpreter's counts where it hands a walk back.

use super::fast_paths::{positions, shipped_settings};
use super::game;
use crate::engine::State;
use crate::engine::kernel;
use crate::engine::perft::{perft, perft_walk};

/// The deepest perft from `st` whose leaves stay under `budget`, at most 3.
fn depth_within(st: &State, budget: u64) -> u32 {
    let mut depth = 1;
    while depth < 3 && perft_walk(st, depth + 1).is_ok_and(|n| n <= budget) {
        depth += 1;
    }
    depth
}

/// True when a rule of `g` is plainly outside the kernel's kind: more
/// than two players, more than one kind of piece, stacks over two high, or
/// a move that is not a step or a hop (a placement, a slide, a leap…).
fn plainly_other(g: &crate::compile::Game) -> bool {
    use crate::compile::ir::GenKind;
    g.num_players() != 2
        || g.kinds.len() != 1
        || g.stack_cap > 2
        || g.gens
            .iter()
            .any(|x| !matches!(x.kind, GenKind::Step(_) | GenKind::Hop(_)))
}

#[test]
fn the_kernel_takes_games_of_its_kind_and_none_plainly_other() {
    let settings = shipped_settings();
    let taken = settings
        .iter()
        .filter(|g| kernel::takes(&State::new((*g).clone()), 1))
        .inspect(|g| assert!(!plainly_other(g), "{} taken", g.name))
        .count();
    // The shipped games of steps and hops of whole stacks: at least the
    // draughts games and two of stacks of one.
    assert!(taken >= 5, "only {taken} settings taken");
    assert!(settings.iter().any(|g| plainly_other(g)));
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
            let want = perft_walk(st, depth).unwrap();
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
