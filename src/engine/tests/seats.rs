//! Seats beyond two: the mover cycles through the seats in order, seats
//! that leave play (by a win under `(play-on)`, a loss, no legal move) are
//! skipped, and the game ends with every seat's place. Expected places are
//! worked out by hand from the rules text.

use super::{game, play, start};
use crate::engine::{EndReason, Engine, Outcome, State};

/// Three (or `n`) rows of four columns; each seat has one man at the left
/// of its own row (P1 row 1, P2 row 2, …) stepping east; a man reaching
/// column d wins. `end` is the end clause.
fn race(n: usize, end: &str) -> String {
    let fills: String = (1..=n)
        .map(|p| format!(r#"(fill "Man" P{p} (sites "a{p}"))"#))
        .collect();
    format!(
        r#"(game "T" (players {n}) (board (square {n} 4)) (piece "Man")
             (region "Goal" (column -1))
             (setup {fills})
             (play (step dirs:E to:Empty then:(if (in To "Goal") (win))))
             {end})"#
    )
}

/// Plays the steps in order, each by the seat to move, checking who moves.
fn steps(st: &mut State, turns: &[(u8, &str)]) {
    for &(seat, step) in turns {
        assert_eq!(st.current_player(), seat, "before {step}");
        play(st, step);
    }
}

#[test]
fn the_mover_cycles_through_three_seats() {
    let mut st = start(&race(3, ""));
    steps(
        &mut st,
        &[(0, "a1-b1"), (1, "a2-b2"), (2, "a3-b3"), (0, "b1-c1")],
    );
    assert_eq!(st.current_player(), 1);
    assert!(!st.is_over());
}

#[test]
fn without_play_on_the_first_win_ends_the_game() {
    let mut st = start(&race(3, ""));
    let turns = [
        (0, "a1-b1"),
        (1, "a2-b2"),
        (2, "a3-b3"),
        (0, "b1-c1"),
        (1, "b2-c2"),
    ];
    steps(&mut st, &turns);
    steps(&mut st, &[(2, "b3-c3"), (0, "c1-d1")]);
    assert_eq!(st.outcome(), Some(Outcome::Win(0, EndReason::Result)));
    assert_eq!(st.returns(), [1.0, -0.5, -0.5]);
}

#[test]
fn with_play_on_the_winner_leaves_and_is_skipped() {
    let mut st = start(&race(3, "(end (play-on))"));
    let turns = [
        (0, "a1-b1"),
        (1, "a2-b2"),
        (2, "a3-b3"),
        (0, "b1-c1"),
        (1, "b2-c2"),
    ];
    steps(&mut st, &turns);
    steps(&mut st, &[(2, "b3-c3"), (0, "c1-d1")]);
    // P1 is first and out: P2, then P3, then P2 again.
    assert!(!st.is_over());
    steps(&mut st, &[(1, "c2-d2")]);
    // P2 second; P3 alone is left: third, and the game ends.
    let places = st.outcome().map(|o| o.places(3));
    assert_eq!(places, Some(vec![1, 2, 3]));
    assert_eq!(st.outcome().and_then(|o| o.winner()), Some(0));
    assert_eq!(st.returns(), [1.0, 0.0, -1.0]);
    // The position text keeps the seats out and the ranking: read back, the
    // same state (and from the middle of the game, the same mover).
    let text = st.to_position().unwrap();
    assert!(
        text.contains("outcome=1/2/3,result seats-out=1+1,2+2"),
        "{text}"
    );
    let back = State::from_position(st.game().clone(), &text).unwrap();
    assert_eq!(back.outcome(), st.outcome());
    st.undo().unwrap();
    let mid = State::from_position(st.game().clone(), &st.to_position().unwrap()).unwrap();
    assert_eq!((mid.current_player(), mid.is_over()), (1, false));
    assert_eq!(mid.legal_turn_strings(), st.legal_turn_strings());
    play(&mut st, "c2-d2");
    // What `play` prints at the end.
    let text = crate::render::describe_outcome(&st, &st.outcome().unwrap());
    assert_eq!(text, "P1 1st, P2 2nd, P3 3rd (a rule's result)");
}

#[test]
fn a_seat_with_no_move_loses_and_the_others_play_on() {
    // Four seats; P2's man starts blocked by a P3 man beside it; the
    // no-moves rule is Loss: P2 leaves in last place when its turn comes.
    let text = r#"(game "T" (players 4) (board (square 4 4)) (piece "Man")
         (region "Goal" (column -1))
         (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites "a2"))
                (fill "Man" P3 (sites "b2" "a3")) (fill "Man" P4 (sites "a4")))
         (play (step dirs:E to:Empty then:(if (in To "Goal") (win))))
         (end (no-moves Loss)))"#;
    let mut st = State::new(game(text));
    steps(&mut st, &[(0, "a1-b1")]);
    // P2 is stuck: out in fourth place, P3 moves.
    assert_eq!(st.current_player(), 2);
    assert!(!st.is_over());
    steps(
        &mut st,
        &[(2, "b2-c2"), (3, "a4-b4"), (0, "b1-c1"), (2, "c2-d2")],
    );
    // P3 wins without play-on: first; P1 and P4 share second; P2 fourth.
    assert_eq!(st.outcome().map(|o| o.places(4)), Some(vec![2, 4, 1, 2]));
    let r = st.returns();
    assert_eq!(r, [0.0, -1.0, 1.0, 0.0]);
    // Undo takes the standing back too.
    st.undo().unwrap();
    assert!(!st.is_over());
    assert_eq!(st.current_player(), 2);
}

#[test]
fn a_game_of_three_is_played_by_the_reference_whatever_is_asked() {
    let st = State::with_engine(game(&race(3, "")), Engine::Compiled);
    assert_eq!(st.engine(), Engine::Reference);
    let two = State::with_engine(game(&race(2, "")), Engine::Compiled);
    assert_eq!(two.engine(), Engine::Compiled);
}
