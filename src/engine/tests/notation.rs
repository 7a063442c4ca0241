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
        assert_eq!(err.reason, Refusal::CaptureMark, "{typed}");
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

/// Pieces that step one square at a time in a phase that repeats until
/// the mover ends it: each step is a turn of its own, and a whole phase
/// is written as those turns one after another.
const PHASED: &str = r#"
(game "Phased"
  (players 2)
  (board (square 4 4))
  (piece "Stone")
  (setup (fill "Stone" P1 (sites "a1" "b1")) (fill "Stone" P2 (sites "a4")))
  (phases (phase "Move" { (step dirs:Orthogonal to:Empty) (end-phase) } repeat:true))
  (end (no-moves Loss)))
"#;

#[test]
fn a_phase_of_steps_is_read_as_one_sequence() {
    let game = std::sync::Arc::new(
        crate::compile::Game::from_source("phased.game", PHASED, &Default::default()).unwrap(),
    );
    let st = crate::engine::State::new(game);
    // a1 to a2 then on to a3 (written on: `-a3`), b1 to c1, then end.
    let steps = st.parse_turn("a1-a2-a3,b1-c1,end").unwrap();
    let mut copy = st.clone();
    copy.play_turn(&steps);
    assert_eq!(steps.len(), 4);
    assert_eq!(st.turn_to_string(&steps), "a1-a2-a3,b1-c1,end");
    assert_ne!(copy.current_player(), st.current_player());
    // Turns of two players are not one sequence.
    assert!(st.parse_turn("a1-a2,end,a4-b4").is_err());
    // A text that only begins as a sequence is refused whole.
    assert!(st.parse_turn("a1-a2,zz").is_err());
    // Nothing written is no turn, not an empty one.
    assert!(st.parse_turn("").is_err());
    assert!(st.parse_turn("  ").is_err());
    // Steps that go on from one another need no comma (a phase ended by
    // the rules, not by `end`, is recorded so), and may have one.
    assert_eq!(st.parse_turn("a1-a2-a3").unwrap().len(), 2);
    let back = st.parse_turn("a1-a2,a2-a1,end").unwrap();
    assert_eq!(st.turn_to_string(&back), "a1-a2-a1,end");
}

/// A 1×3 row, P1's man on a1: a step east and a slide east both make
/// `a1-b1`; only the slide reaches c1. `TAG` goes on the slide.
fn step_and_slide(tag: &str) -> String {
    format!(
        r#"(game "T" (players 2) (board (square 1 3)) (piece "Man")
            (setup (fill "Man" P1 (sites "a1")))
            (play {{(step dirs:E to:Empty) (slide dirs:E to:Empty{tag})}}))"#
    )
}

#[test]
fn a_text_that_several_turns_share_is_refused_with_their_differences() {
    let mut st = start(&step_and_slide(""));
    assert_eq!(sorted_turns(&st), ["a1-b1", "a1-b1", "a1-c1"]);
    for typed in ["a1-b1", "a1b1", "A1-B1"] {
        let err = st.play_str(typed).unwrap_err();
        assert_eq!(err.reason, Refusal::Several(2), "{typed}");
        assert_eq!(
            err.legal,
            ["a1-b1 (rule 1, step)", "a1-b1 (rule 2, slide)"],
            "{typed}"
        );
        assert!(err.to_string().contains("matches 2 turns"), "{err}");
        // Nothing was played.
        assert_eq!(position(&st), "a1=M", "{typed}");
        assert_eq!(st.current_player(), 0);
    }
    // The turn only one rule makes is played.
    st.play_str("a1-c1").unwrap();
    assert_eq!(position(&st), "c1=M");
}

#[test]
fn a_tag_writes_a_generators_moves_apart() {
    let mut st = start(&step_and_slide(r#" tag:"S""#));
    assert_eq!(sorted_turns(&st), ["a1-b1", "a1-b1~S", "a1-c1~S"]);
    let turn = st.play_str("a1-b1~S").unwrap();
    assert_eq!(st.game().gens[turn[0].gen_id as usize].kind.head(), "slide");
    let mut st = start(&step_and_slide(r#" tag:"S""#));
    let turn = st.play_str("a1-b1").unwrap();
    assert_eq!(st.game().gens[turn[0].gen_id as usize].kind.head(), "step");
}

#[test]
fn a_tag_must_be_letters_or_digits() {
    let opts = crate::compile::Options::default();
    let text = step_and_slide(r#" tag:"a b""#);
    match crate::compile::Game::from_source("t.game", &text, &opts) {
        Err(crate::compile::LoadError::Rules(d)) => {
            let text = d.render();
            assert!(text.contains("cannot be written in notation"), "{text}");
        }
        other => panic!("expected a rule error, got {other:?}"),
    }
}
