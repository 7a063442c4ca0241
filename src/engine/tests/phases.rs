//! Repeated phases (`(phase … repeat:true)`): how a player's run of steps
//! in one phase ends.

use super::{play, sorted_steps, sorted_turns, start};

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

/// White's stone on a1 steps east, and may step east again and again
/// (the block `More`) or stop; `skip` is the block's `skip-end:`.
fn onward(skip: bool) -> String {
    format!(
        r#"(game "T" (players (player "White" forward:N) (player "Black" forward:S))
             (board (square 3 3) labels:Coordinates) (piece "A")
             (setup (fill "A" P1 (sites "a1")) (fill "A" P2 (sites "c3")))
             (play (step dirs:E to:Empty then:{{(mark To) (again "More")}}))
             (moves "More"
               {{(step origin:Marked dirs:E to:Empty then:{{(mark To) (again "More")}})
                 (end-phase)}}
               skip-end:{skip})
             (end (no-moves Loss)))"#
    )
}

#[test]
fn a_block_with_skip_end_ends_the_turn_where_only_end_is_left() {
    // From b1 the stone may go on to c1 or stop; from c1 (the east edge)
    // it cannot go on. Without `skip-end` the turn still asks for `end`
    // there; with it, the turn ends by itself.
    let plain = start(&onward(false));
    assert_eq!(sorted_turns(&plain), ["a1-b1,end", "a1-b1-c1,end"]);
    let mut st = start(&onward(true));
    assert_eq!(sorted_turns(&st), ["a1-b1,end", "a1-b1-c1"]);
    // Step by step: after a1-b1 White still moves; after b1-c1, Black.
    let step = |st: &mut crate::engine::State, text: &str| {
        let m = st
            .legal_moves()
            .into_iter()
            .find(|m| st.move_to_string(m) == text);
        st.play(&m.expect(text)).expect(text);
    };
    step(&mut st, "a1-b1");
    assert_eq!(st.current_player(), 0, "b1 may go on: White still moves");
    assert_eq!(sorted_steps(&st), ["b1-c1", "end"]);
    step(&mut st, "b1-c1");
    assert_eq!(st.current_player(), 1, "c1 cannot go on: Black's turn");
    assert_eq!(st.turns(), 1);
}
