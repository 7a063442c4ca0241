//! A move the rules never make is refused with the reason the rules give
//! (issue 38): a piece whose moves never lead from its square to the one
//! written (English draughts' men move diagonally forward: `9-12` runs
//! along a row; a knight's `b1-b3`), a move onto one of the mover's own
//! pieces (a rook onto its own pawn, a man onto its own man), and a move
//! that the piece's lines reach but that is blocked now. The expected
//! reasons are read from the games' published rules, square by square.

use ludic::compile::{Game, Options};
use ludic::engine::{Refusal, State};
use std::sync::Arc;

/// The reason `text` is refused at the start of `game`; the state does
/// not change.
fn refusal(game: &str, text: &str) -> (Refusal, String) {
    let game = Arc::new(Game::load(game, &Options::default()).expect("game"));
    let mut st = State::new(game);
    let before = st.to_position();
    let err = st.play_str(text).expect_err(text);
    assert_eq!(st.to_position(), before, "{text}: the state is unchanged");
    (err.reason, err.to_string())
}

#[test]
fn english_draughts_refusals_name_the_rule_that_refuses() {
    // Black's men stand on 1–12 and move first, diagonally forward (to
    // higher numbers): 9 reaches 13 and 14, 1 reaches 5 and 6.
    for along_a_row_or_back in ["9-12", "9-11", "9-5", "10-1"] {
        let (why, text) = refusal("checkers", along_a_row_or_back);
        assert_eq!(why, Refusal::OffLines, "{along_a_row_or_back}: {text}");
        assert!(text.contains("never lead from that site"), "{text}");
    }
    for onto_own in ["1-5", "1-6", "8-12"] {
        let (why, text) = refusal("checkers", onto_own);
        assert_eq!(why, Refusal::OwnPiece, "{onto_own}: {text}");
        assert!(text.contains("own pieces"), "{text}");
    }
    // 9 over 14 to 18 is a jump's line, but 14 is empty: out of reach now.
    assert_eq!(refusal("checkers", "9-18").0, Refusal::Unreachable);
}

#[test]
fn chess_refusals_name_the_rule_that_refuses() {
    // Off every line of the piece: a knight two squares straight ahead, a
    // bishop along a file, a pawn three squares ahead.
    for off in ["b1-b3", "c1-c3", "e2-e5", "a1-b3"] {
        assert_eq!(refusal("chess", off).0, Refusal::OffLines, "{off}");
    }
    // Onto the mover's own pieces: a rook onto its pawn, a knight onto
    // d2's pawn, a bishop onto b2's.
    for onto_own in ["a1-a2", "b1-d2", "c1-b2"] {
        assert_eq!(
            refusal("chess", onto_own).0,
            Refusal::OwnPiece,
            "{onto_own}"
        );
    }
    // On the rook's file, behind its own pawn: blocked, not off its lines.
    assert_eq!(refusal("chess", "a1-a4").0, Refusal::Unreachable);
}
