//! Repeated phases (`(phase … repeat:true)`): how a player's run of steps
//! in one phase ends.

use super::{play, sorted_steps, start};

/// A 3×3 board (9 sites), White on a1, Black on c3; White's turn is the
/// phase `p0` followed by a phase of one step.
fn game(p0: &str) -> String {
    format!(
        r#"(game "T" (players (player "White" forward:N) (player "Black" forward:S))
             (board (square 3 3) labels:Coordinates) (piece "A")
             (setup (fill "A" P1 (sites "a1")) (fill "A" P2 (sites "c3")))
             (phases {p0} (phase "P1" {{(step to:Empty)}}))
             (end (no-moves Loss)))"#
    )
}

#[test]
fn a_pass_in_a_repeated_phase_passes_the_rest_of_it() {
    // `pass` is always there, so the end-phase level is never reached:
    // the pass itself ends the phase, and P1 gives White its step (a1 to
    // a2 or b1; orthogonal adjacency).
    let mut st = start(&game(
        r#"(phase "P0" (priority {(pass)} {(end-phase)}) repeat:true)"#,
    ));
    assert_eq!(sorted_steps(&st), ["pass"]);
    play(&mut st, "pass");
    assert_eq!(st.current_player(), 0);
    assert_eq!(sorted_steps(&st), ["a1-a2", "a1-b1"]);
    play(&mut st, "a1-a2");
    assert_eq!(st.current_player(), 1);
    assert_eq!(st.turns(), 1);
}

#[test]
fn a_repeated_phase_that_never_runs_out_ends_after_as_many_steps_as_sites() {
    // White's stone can always step (there is always an empty neighbour),
    // and nothing ends the phase: it ends when the turn has taken 9 steps
    // (the board's sites), and P1 adds one more step.
    let mut st = start(&game(r#"(phase "P0" {(step to:Empty)} repeat:true)"#));
    let walk = [
        "a1-a2", "a2-a3", "a3-b3", "b3-b2", "b2-b1", "b1-a1", "a1-a2", "a2-a3", "a3-b3",
    ];
    for (i, step) in walk.iter().enumerate() {
        assert_eq!(st.current_player(), 0, "White owes step {}", i + 1);
        play(&mut st, step);
    }
    // Phase P1: one step more, then Black.
    assert_eq!(st.current_player(), 0);
    play(&mut st, "b3-b2");
    assert_eq!(st.current_player(), 1);
    assert_eq!(st.turns(), 1);
}
