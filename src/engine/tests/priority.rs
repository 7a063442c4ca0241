//! `(priority …)`: the first level with a legal move gives the moves.

use super::{game, sorted_steps, start};
use crate::engine::{EndReason, Outcome};

/// Orthogonal 3×3: P1 men on a1 and b2, P2 men on `p2`.
fn board(p2: &str, play: &str) -> String {
    format!(
        r#"(game "T" (players 2) (board (square 3 3)) (piece "Man")
             (setup (fill "Man" P1 (sites "a1" "b2")) (fill "Man" P2 (sites {p2})))
             (play {play})
             (end (no-moves Loss)))"#
    )
}

#[test]
fn a_capture_level_hides_the_steps() {
    // P2 on b1: a1 can hop E over b1 to c1. The step level (N: a1-a2,
    // b2-b3) is not used, for any piece.
    let rule = "(priority {(hop dirs:E)} {(step dirs:N)})";
    assert_eq!(sorted_steps(&start(&board(r#""b1""#, rule))), ["a1xc1"]);
    // P2 on c3 instead: no hop (b2 over c2: empty), so the steps.
    assert_eq!(
        sorted_steps(&start(&board(r#""c3""#, rule))),
        ["a1-a2", "b2-b3"]
    );
}

#[test]
fn generators_in_one_level_are_all_legal_together() {
    // Without priority, the hop and the steps are legal side by side.
    let rule = "{(hop dirs:E) (step dirs:N)}";
    assert_eq!(
        sorted_steps(&start(&board(r#""b1""#, rule))),
        ["a1-a2", "a1xc1", "b2-b3"]
    );
}

#[test]
fn empty_levels_are_skipped_until_one_has_a_move() {
    // P2 on c3. Level 1: hops E (none: nothing to jump). Level 2: steps W
    // (a1: off the board; b2: a2 is empty → b2-a2). Level 3 (steps N) is
    // not reached.
    let rule = "(priority (hop dirs:E) (step dirs:W) (step dirs:N))";
    assert_eq!(sorted_steps(&start(&board(r#""c3""#, rule))), ["b2-a2"]);
    // Steps S instead of W at level 2: a1 and b2 → b1; b2-b1 only (a1 is
    // on the bottom row). Level 3 still unused.
    let rule = "(priority (hop dirs:E) (step dirs:S) (step dirs:N))";
    assert_eq!(sorted_steps(&start(&board(r#""c3""#, rule))), ["b2-b1"]);
    // P2 on a2 instead: level 1 empty (no hop), level 2 empty (W from a1
    // is off the board, from b2 it is blocked by a2), so level 3: a1's N
    // is blocked by a2 too, b2-b3 remains.
    let rule = "(priority (hop dirs:E) (step dirs:W) (step dirs:N))";
    assert_eq!(sorted_steps(&start(&board(r#""a2""#, rule))), ["b2-b3"]);
}

#[test]
fn no_level_with_a_move_means_no_move() {
    // P1 hemmed in: every level is empty, and `(no-moves Loss)` gives P2
    // the game. P2 on a2 and b3, P1 may only step N.
    let rule = "(priority (hop dirs:S) (step dirs:N))";
    let st = start(&board(r#""a2" "b3""#, rule));
    assert!(st.legal_moves().is_empty());
    assert_eq!(st.outcome(), Some(Outcome::Win(1, EndReason::NoMoves)));
}

#[test]
fn levels_compile_to_lists_of_generator_ids() {
    // Generators are numbered in the order written; a level is a clause
    // or an array of clauses.
    let g = game(&board(
        r#""c3""#,
        "(priority {(hop dirs:E) (hop dirs:W)} (step))",
    ));
    assert_eq!(g.phases[0].play, [vec![0, 1], vec![2]]);
    let g = game(&board(r#""c3""#, "(step)"));
    assert_eq!(g.phases[0].play, [vec![0]]);
}
