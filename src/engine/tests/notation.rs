//! Reading a turn typed loosely: separators left out, `-` or `:` for a
//! capture's `x`, but never a capture mark for a step's `-`.

use super::{position, sorted_turns, start};
use crate::engine::Refusal;

/// A 3×3 board, orthogonal: P1's man on a1, P2's on a2. P1 may step
/// a1-b1 (a2 is taken) or jump a2 to a3 (a1xa3); a step and a jump.
const STEP_OR_JUMP: &str = r#"(game "T" (players 2) (board (square 3 3)) (piece "Man")
    (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites "a2")))
    (play {(step to:Empty) (hop over:Enemy to:Empty)}))"#;

#[test]
fn a_capture_mark_on_a_step_is_refused_and_changes_nothing() {
    let mut st = start(STEP_OR_JUMP);
    assert_eq!(sorted_turns(&st), ["a1-b1", "a1xa3"]);
    for typed in ["a1xb1", "A1Xb1", "a1:b1"] {
        let err = st.play_str(typed).unwrap_err();
        assert_eq!(err.reason, Refusal::NotLegal, "{typed}");
        assert_eq!(super::sorted(err.legal), ["a1-b1", "a1xa3"], "{typed}");
        assert_eq!(position(&st), "a1=M a2=m", "{typed}");
        assert_eq!(st.current_player(), 0);
    }
}

#[test]
fn a_jump_may_be_written_with_a_dash_a_colon_or_no_separator() {
    for typed in ["a1xa3", "a1-a3", "a1:a3", "a1a3", "A1A3"] {
        let mut st = start(STEP_OR_JUMP);
        let turn = st
            .play_str(typed)
            .unwrap_or_else(|e| panic!("{typed}: {e}"));
        assert_eq!(turn.len(), 1);
        // a2 taken, the man on a3.
        assert_eq!(position(&st), "a3=M", "{typed}");
    }
    let mut st = start(STEP_OR_JUMP);
    st.play_str("a1b1").unwrap();
    assert_eq!(position(&st), "a2=m b1=M");
}
