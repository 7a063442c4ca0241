//! End rules: no legal move (Loss, Win, Draw, default draw), repetition,
//! no progress with reset facts, turn limit.

use super::{game_with, play, start};
use crate::engine::{EndReason, Outcome, State};

/// 1×2 board, P1 on a1 and P2 on b1, moving E only: P1 (to move) is
/// blocked at once.
fn blocked(end: &str) -> State {
    start(&format!(
        r#"(game "T" (players 2) (board (square 1 2)) (piece "Man")
             (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites "b1")))
             (play (step dirs:E)) {end})"#
    ))
}

#[test]
fn no_moves_loss_win_draw_and_the_default_draw() {
    let st = blocked("(end (no-moves Loss))");
    assert!(st.legal_moves().is_empty());
    assert!(st.is_over());
    assert_eq!(st.outcome(), Some(Outcome::Win(1, EndReason::NoMoves)));
    assert_eq!(st.returns(), [-1.0, 1.0]);
    let st = blocked("(end (no-moves Win))");
    assert_eq!(st.outcome(), Some(Outcome::Win(0, EndReason::NoMoves)));
    assert_eq!(st.returns(), [1.0, -1.0]);
    let st = blocked("(end (no-moves Draw))");
    assert_eq!(st.outcome(), Some(Outcome::Draw(EndReason::NoMoves)));
    assert_eq!(st.returns(), [0.0, 0.0]);
    // No end clause at all: a draw.
    let st = blocked("");
    assert_eq!(st.outcome(), Some(Outcome::Draw(EndReason::NoMoves)));
}

#[test]
fn no_moves_score_lets_the_score_decide() {
    // Blocked P1 has one piece on a1 and P2 one on b1: scored by pieces
    // in column b, P2 wins; scored by pieces anywhere, a draw.
    let st = blocked(
        r#"(region "B" (column 1)) (end (no-moves Score) (score (count (where (and Mine (in "B"))))))"#,
    );
    assert_eq!(st.outcome(), Some(Outcome::Win(1, EndReason::NoMoves)));
    let st = blocked("(end (no-moves Score) (score (pieces)))");
    assert_eq!(st.outcome(), Some(Outcome::Draw(EndReason::NoMoves)));
}

#[test]
fn a_game_with_moves_is_not_over() {
    // 1×3 board, P1 on a1 and P2 on c1: P1 can step to b1.
    let st = start(
        r#"(game "T" (players 2) (board (square 1 3)) (piece "Man")
             (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites "c1")))
             (play (step)) (end (no-moves Loss)))"#,
    );
    assert_eq!(st.outcome(), None);
    assert!(!st.is_over());
    assert_eq!(st.returns(), [0.0, 0.0]);
}

/// 1×4 board, P1 on a1 and P2 on d1, stepping E or W. The cycle a1-b1,
/// d1-c1, b1-a1, c1-d1 returns to the start with P1 to move.
fn shuttle(end: &str, sets: &[&str]) -> State {
    State::new(game_with(
        &format!(
            r#"(game "T" (players 2) (board (square 1 4)) (piece "Man")
                 (toggle rep bool default:true "draw by repetition")
                 (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites "d1")))
                 (play (step dirs:{{E W}}))
                 (end {end}))"#
        ),
        sets,
    ))
}

const CYCLE: [&str; 4] = ["a1-b1", "d1-c1", "b1-a1", "c1-d1"];

#[test]
fn repeated_n_counts_the_earlier_turns_that_began_on_the_board() {
    // The shuttle's start stands again after 4 turns (its 2nd time: it
    // began one earlier turn) and after 8 (its 3rd: it began two), the
    // board alone compared. `(repeated 2)` in a lose-when holds at the 3rd
    // occurrence only, and makes the second player lose whoever moved last.
    let mut st = shuttle("(lose-when (and (player-is P2) (repeated 2)))", &[]);
    for (i, m) in CYCLE.iter().chain(&CYCLE).enumerate() {
        assert_eq!(st.outcome(), None, "before turn {}", i + 1);
        play(&mut st, m);
    }
    assert_eq!(st.outcome().and_then(|o| o.winner()), Some(0));
    // `(repeated)` (once) at the 2nd occurrence.
    let mut st = shuttle("(lose-when (and (player-is P1) (repeated)))", &[]);
    for m in &CYCLE[..3] {
        play(&mut st, m);
        assert_eq!(st.outcome(), None);
    }
    play(&mut st, CYCLE[3]);
    assert_eq!(st.outcome().and_then(|o| o.winner()), Some(1));
}

#[test]
fn the_nth_occurrence_of_a_position_is_a_draw() {
    // The start position occurs for the 2nd time after 4 turns, the 3rd
    // after 8.
    let mut st = shuttle("(draw-repetition 3)", &[]);
    for (i, m) in CYCLE.iter().chain(&CYCLE).enumerate() {
        assert_eq!(st.outcome(), None, "before turn {}", i + 1);
        play(&mut st, m);
    }
    assert_eq!(st.repetitions(), 3);
    assert_eq!(st.outcome(), Some(Outcome::Draw(EndReason::Repetition)));
    assert!(st.legal_moves().is_empty());
    // Forgetting the draw lets play go on.
    assert_eq!(st.clear_draw(), Some(Outcome::Draw(EndReason::Repetition)));
    assert_eq!(st.outcome(), None);
    assert_eq!(super::steps(&st), ["a1-b1"]);

    let mut st = shuttle("(draw-repetition 2)", &[]);
    for m in &CYCLE[..3] {
        play(&mut st, m);
    }
    assert_eq!(st.outcome(), None);
    play(&mut st, CYCLE[3]);
    assert_eq!(st.outcome(), Some(Outcome::Draw(EndReason::Repetition)));
}

#[test]
fn repetitions_are_counted_the_same_after_steps_are_taken_back() {
    // The third occurrence after 8 turns, reached again after the last
    // three turns are taken back and replayed; taking back the drawing
    // turn forgets the draw, and a position seen once only may not repeat.
    let mut st = shuttle("(draw-repetition 3)", &[]);
    for m in CYCLE.iter().chain(&CYCLE) {
        play(&mut st, m);
    }
    for _ in 0..3 {
        assert_eq!(st.undo(), Ok(()));
    }
    assert_eq!(st.outcome(), None);
    assert_eq!(st.repetitions(), 2);
    for m in &CYCLE[1..] {
        play(&mut st, m);
    }
    assert_eq!(st.repetitions(), 3);
    assert_eq!(st.outcome(), Some(Outcome::Draw(EndReason::Repetition)));
    assert_eq!(st.undo(), Ok(()));
    assert_eq!(st.outcome(), None);
    assert_eq!(st.repetitions(), 2);
    let fresh = shuttle("(draw-repetition 3)", &[]);
    assert!(!fresh.may_repeat(2));
    assert!(fresh.may_repeat(1));
}

#[test]
fn the_repetition_rule_can_be_switched_off() {
    for (end, sets) in [
        ("(draw-repetition 2 when:false)", &[][..]),
        ("(draw-repetition 2 when:$rep)", &["rep=false"][..]),
    ] {
        let mut st = shuttle(end, sets);
        for m in CYCLE.iter().chain(&CYCLE) {
            play(&mut st, m);
        }
        assert_eq!(st.outcome(), None, "{end} {sets:?}");
    }
    // The toggle at its default (true) keeps the rule.
    let mut st = shuttle("(draw-repetition 2 when:$rep)", &[]);
    for m in &CYCLE {
        play(&mut st, m);
    }
    assert_eq!(st.outcome(), Some(Outcome::Draw(EndReason::Repetition)));
}

#[test]
fn the_turn_limit_is_a_draw() {
    // After 3 turns (a1-b1, d1-c1, b1-a1) the game is drawn.
    let mut st = shuttle("(turn-limit 3)", &[]);
    play(&mut st, "a1-b1");
    play(&mut st, "d1-c1");
    assert_eq!(st.outcome(), None);
    play(&mut st, "b1-a1");
    assert_eq!(st.turns(), 3);
    assert_eq!(st.outcome(), Some(Outcome::Draw(EndReason::TurnLimit)));
}

/// Orthogonal 3×3: P1 King a1 and Man c1, P2 King a3 and Man c3; steps in
/// every direction; `end` rules.
fn kings_and_men(end: &str) -> State {
    start(&format!(
        r#"(game "T" (players 2) (board (square 3 3)) (piece "Man") (piece "King")
             (setup (fill "King" P1 (sites "a1")) (fill "Man" P1 (sites "c1"))
                    (fill "King" P2 (sites "a3")) (fill "Man" P2 (sites "c3")))
             (play (step))
             (end {end}))"#
    ))
}

#[test]
fn no_progress_counts_turns_without_a_reset_fact() {
    // Reset fact: a Man moved. Counter after each turn:
    // a1-a2 (King) 1, a3-b3 (King) 2, c1-c2 (Man) 0, b3-a3 (King) 1,
    // a2-a1 (King) 2, a3-b3 (King) 3 → the draw.
    let mut st = kings_and_men(r#"(draw-no-progress 3 reset:{(moved (kind "Man"))})"#);
    let script = [
        ("a1-a2", 1),
        ("a3-b3", 2),
        ("c1-c2", 0),
        ("b3-a3", 1),
        ("a2-a1", 2),
    ];
    for (m, count) in script {
        play(&mut st, m);
        assert_eq!(st.scalars.no_progress, count, "after {m}");
        assert_eq!(st.outcome(), None, "after {m}");
    }
    play(&mut st, "a3-b3");
    assert_eq!(st.scalars.no_progress, 3);
    assert_eq!(st.outcome(), Some(Outcome::Draw(EndReason::NoProgress)));
}

#[test]
fn no_progress_zero_or_switched_off_never_draws() {
    for end in ["(draw-no-progress 0)", "(draw-no-progress 1 when:false)"] {
        let mut st = kings_and_men(end);
        play(&mut st, "a1-a2");
        play(&mut st, "a3-b3");
        assert_eq!(st.outcome(), None, "{end}");
    }
}

/// 1×6 board: P1 on a1, P2 on b1 and f1. One level: hops E and steps E/W.
/// The hop uses `hop` as written (so the capture can be switched off or
/// replaced by an effect).
fn capture_game(hop: &str, end: &str) -> State {
    start(&format!(
        r#"(game "T" (players 2) (board (square 1 6)) (piece "Man")
             (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites "b1" "f1")))
             (play {{{hop} (step dirs:{{E W}})}})
             (end {end}))"#
    ))
}

#[test]
fn a_capture_resets_the_no_progress_counter_when_listed() {
    // a1xc1 captures (counter 0), f1-e1 (1), c1-b1 (2) → draw at 2.
    let mut st = capture_game("(hop dirs:E)", "(draw-no-progress 2 reset:{Capture})");
    play(&mut st, "a1xc1");
    assert_eq!(st.scalars.no_progress, 0);
    play(&mut st, "f1-e1");
    assert_eq!(st.outcome(), None);
    play(&mut st, "c1-b1");
    assert_eq!(st.outcome(), Some(Outcome::Draw(EndReason::NoProgress)));
    // A stack removed by an effect is a capture too.
    let mut st = capture_game(
        "(hop dirs:E capture:false then:(remove Over))",
        "(draw-no-progress 2 reset:{Capture})",
    );
    play(&mut st, "a1-c1");
    assert_eq!(st.scalars.no_progress, 0);
    // A hop that captures nothing is no progress.
    let mut st = capture_game(
        "(hop dirs:E capture:false)",
        "(draw-no-progress 2 reset:{Capture})",
    );
    play(&mut st, "a1-c1");
    assert_eq!(st.scalars.no_progress, 1);
}

#[test]
fn a_capture_is_no_progress_when_not_listed() {
    // No reset facts at all: every turn counts. a1xc1 (1), f1-e1 (2) →
    // draw after two turns although the first was a capture.
    let mut st = capture_game("(hop dirs:E)", "(draw-no-progress 2)");
    play(&mut st, "a1xc1");
    assert_eq!(st.scalars.no_progress, 1);
    play(&mut st, "f1-e1");
    assert_eq!(st.outcome(), Some(Outcome::Draw(EndReason::NoProgress)));
}
