//! The notes read from rule texts written here, and the status lines of
//! games played on them to their end.

use std::sync::Arc;

use super::*;
use crate::compile::{Game, Options};
use crate::syntax::parse_file;

/// A three-in-a-row game on a 3×3 grid, with a goal row besides: a mark
/// on the top row wins too (a define names that rule).
const LINES: &str = r#"(game "Lines"
  (players (player "Cross" letter:"X") (player "Nought" letter:"O"))
  (board (square 3 3 adjacency:All) labels:Coordinates)
  (piece "Mark")
  (region "Top" (per-player (row 2) (row 0)))
  (define "Reaches" (in To "Top"))
  (play (place "Mark" to:Empty then:{(if (line 3 To) (win)) (if "Reaches" (win))}))
  (end (no-moves Loss if:(equal (pieces) 4)) (no-moves Draw)))"#;

fn notes_of(text: &str) -> RuleNotes {
    let file = parse_file(text).expect("parses");
    let Some(Expr::Clause(game)) = file.items.first() else {
        panic!("no game clause")
    };
    RuleNotes::of_game(game, text)
}

fn play(text: &str, moves: &[&str]) -> State {
    let g = Game::from_source("t.game", text, &Options::default()).expect("compiles");
    let mut st = State::new(Arc::new(g));
    for m in moves {
        let t = st
            .parse_turn(m)
            .unwrap_or_else(|e| panic!("{m}: {}", e.reason));
        st.play_turn(&t);
    }
    st
}

#[test]
fn the_rules_that_end_the_game_are_read_in_words() {
    let n = notes_of(LINES);
    let words: Vec<(&str, &str)> = n
        .results
        .iter()
        .map(|r| (r.decision.as_str(), r.words.as_str()))
        .collect();
    assert_eq!(
        words,
        [("win", "a line of 3"), ("win", "the rule “Reaches”")]
    );
    assert_eq!(
        n.no_moves,
        [
            ("Loss".to_string(), Some("pieces at 4".to_string())),
            ("Draw".to_string(), None)
        ]
    );
    assert_eq!(n.goals, ["Top"], "the region the define `Reaches` names");
}

#[test]
fn a_won_game_names_the_one_rule_that_decided_it() {
    // Cross a1, b1, c1 (Nought b2, a2 between): a line of three on row 1,
    // which is not Cross's Top row (row 3).
    let notes = notes_of(LINES);
    let st = play(LINES, &["a1", "b2", "b1", "a2", "c1"]);
    let o = st.outcome().expect("over");
    assert_eq!(
        ended(&st, &o, Some(&notes)),
        "Game over: Cross wins: a line of 3"
    );
    // Cross's first mark on row 3 reaches Top: the define's rule alone.
    let st = play(LINES, &["a3"]);
    let o = st.outcome().expect("over");
    assert_eq!(
        ended(&st, &o, Some(&notes)),
        "Game over: Cross wins: the rule “Reaches”"
    );
    assert_eq!(
        end_words(&st, Some(&notes)).as_deref(),
        Some("the rule “Reaches”")
    );
}

/// Yavalath's end rule on a 4×4 grid: four in a row wins, three loses.
const FOURS: &str = r#"(game "Fours"
  (players (player "Cross" letter:"X") (player "Nought" letter:"O"))
  (board (square 4 4 adjacency:All) labels:Coordinates)
  (piece "Mark")
  (play (place "Mark" to:Empty then:(if (line 4 To) (win) (if (line 3 To) (lose)))))
  (end (no-moves Draw)))"#;

#[test]
fn a_rule_that_makes_its_player_lose_is_named_alone() {
    let notes = notes_of(FOURS);
    // Cross a1, b1, c1: three in a row, which loses.
    let st = play(FOURS, &["a1", "a4", "b1", "b4", "c1"]);
    let o = st.outcome().expect("over");
    assert_eq!(
        ended(&st, &o, Some(&notes)),
        "Game over: Nought wins: a line of 3 (which loses)"
    );
    // Cross a1, b1, d1 then c1: four in a row, which wins (Nought's a4,
    // b4, d4 make no three).
    let st = play(FOURS, &["a1", "a4", "b1", "b4", "d1", "d4", "c1"]);
    let o = st.outcome().expect("over");
    assert_eq!(
        ended(&st, &o, Some(&notes)),
        "Game over: Cross wins: a line of 4"
    );
}

#[test]
fn a_single_result_rule_is_named_alone_and_no_moves_says_who() {
    let text = LINES.replace(" (if \"Reaches\" (win))", "");
    let n = notes_of(&text);
    let st = play(&text, &["a1", "b2", "b1", "a2", "c1"]);
    let o = st.outcome().expect("over");
    assert_eq!(
        ended(&st, &o, Some(&n)),
        "Game over: Cross wins: a line of 3"
    );
    // A full board without a line: Nought, to move, has none and holds
    // four marks (the `if:` of the first no-moves rule): Cross wins.
    let full = ["a1", "b1", "c1", "b2", "a2", "c2", "b3", "a3", "c3"];
    let st = play(&text, &full);
    let o = st.outcome().expect("over");
    assert_eq!(
        ended(&st, &o, Some(&n)),
        "Game over: Cross wins: Nought has no legal move, with pieces at 4"
    );
    // Without that rule, a draw.
    let text = text.replace("(no-moves Loss if:(equal (pieces) 4)) ", "");
    let n = notes_of(&text);
    let st = play(
        &text,
        &["a1", "b1", "c1", "b2", "a2", "c2", "b3", "a3", "c3"],
    );
    let o = st.outcome().expect("over");
    assert_eq!(o.winner(), None);
    let mover = &st.game().players[usize::from(st.current_player())].name;
    assert_eq!(
        ended(&st, &o, Some(&n)),
        format!("Game over: Draw: {mover} has no legal move")
    );
}

#[test]
fn a_royal_piece_in_check_without_a_move_is_called_checkmate() {
    // The Fool's mate, 1. f3 e5 2. g4 Qh4# (the shortest checkmate):
    // chess.game's `(no-moves Loss if:(in-check "King"))`.
    let (_, text) = crate::compile::read_source("chess").unwrap();
    let n = notes_of(&text);
    let st = play(&text, &["f2-f3", "e7-e5", "g2-g4", "d8-h4"]);
    let o = st.outcome().expect("over");
    assert_eq!(
        ended(&st, &o, Some(&n)),
        "Game over: Black wins: checkmate: White has no legal move, the King in check"
    );
}

#[test]
fn a_side_left_without_pieces_is_said_in_words() {
    // Ataxx (its rules: a piece placed beside enemy pieces takes them
    // over): Red a1, Blue's one piece b2; Red's clone to a2 takes b2
    // over and Blue has no piece left (ataxx.game's
    // `(lose-when (equal (pieces) 0))`).
    let (_, text) = crate::compile::read_source("ataxx").unwrap();
    let g = Game::from_source("ataxx.game", &text, &Options::default()).unwrap();
    let mut st = State::from_position(Arc::new(g), "R R:a1 B:b2").unwrap();
    let t = st.parse_turn("a2").unwrap();
    st.play_turn(&t);
    let o = st.outcome().expect("over");
    let line = ended(&st, &o, Some(&notes_of(&text)));
    assert!(
        line.starts_with("Game over: Red wins: Blue has no pieces left"),
        "{line}"
    );
    // Checkers (`(no-moves Loss)`): Black's double jump 14x23x32 takes
    // White's two men (18, 27); White, to move, has no piece left.
    let (_, text) = crate::compile::read_source("checkers").unwrap();
    let g = Game::from_source("checkers.game", &text, &Options::default()).unwrap();
    let mut st = State::from_fen(Arc::new(g), "B:W18,27:B14").unwrap();
    let t = st.parse_turn("14x23x32").unwrap();
    st.play_turn(&t);
    let o = st.outcome().expect("over");
    assert_eq!(
        ended(&st, &o, Some(&notes_of(&text))),
        "Game over: Black wins: White has no pieces left"
    );
}

#[test]
fn a_king_not_in_check_without_a_move_is_stalemate() {
    // The textbook stalemate: Black's king on h8, White's queen reaches
    // f7 beside White's king on g6 (g8, g7 and h7 are attacked, h8 is
    // not): chess.game's second rule, `(no-moves Draw)`.
    let (_, text) = crate::compile::read_source("chess").unwrap();
    let g = Game::from_source("chess.game", &text, &Options::default()).unwrap();
    let mut st = State::from_fen(Arc::new(g), "7k/8/6K1/5Q2/8/8/8/8 w - - 0 1").unwrap();
    let t = st.parse_turn("f5-f7").unwrap();
    st.play_turn(&t);
    let o = st.outcome().expect("over");
    assert_eq!(
        ended(&st, &o, Some(&notes_of(&text))),
        "Game over: Draw: stalemate: Black has no legal move and is not in check"
    );
}

#[test]
fn a_game_decided_by_its_score_says_so() {
    // Go (go.game: two passes end the game; area scoring, komi 7.5 to
    // White): passed twice on the empty board, White leads by the komi.
    let (_, text) = crate::compile::read_source("go").unwrap();
    let n = notes_of(&text);
    let st = play(&text, &["pass", "pass"]);
    let o = st.outcome().expect("over");
    let line = ended(&st, &o, Some(&n));
    assert!(
        line.starts_with("Game over: White wins on score: 2 passes in a row; scores"),
        "{line}"
    );
}

#[test]
fn a_repetition_decided_by_the_score_says_so() {
    // Two men shuttle back to the first position, its second
    // occurrence: `by-score:true` gives the game to the first player, who scores 1.
    let text = r#"(game "Shuttle" (players 2) (board (square 1 4) labels:Coordinates)
      (piece "M") (setup (fill "M" P1 (sites "a1")) (fill "M" P2 (sites "d1")))
      (play (step to:Empty))
      (end (draw-repetition 2 by-score:true) (score (per-player 1 0))))"#;
    let st = play(text, &["a1-b1", "d1-c1", "b1-a1", "c1-d1"]);
    let o = st.outcome().expect("over");
    let line = ended(&st, &o, Some(&notes_of(text)));
    assert!(
        line.starts_with(
            "Game over: P1 wins on score: the same position occurred 2 times; scores P1 1, P2 0"
        ),
        "{line}"
    );
    let drawn = play(
        &text.replace(" by-score:true", ""),
        &["a1-b1", "d1-c1", "b1-a1", "c1-d1"],
    );
    let o = drawn.outcome().expect("over");
    assert!(o.winner().is_none());
}

#[test]
fn three_seats_two_equal_first_on_score_are_ranked_not_drawn() {
    // Three seats, each scoring its marks, ended by the turn limit after
    // eight marks: Red 3, Blue 3, Yellow 2. Red and Blue share first
    // place, Yellow is last: third of three (one place is skipped after
    // a tie, as in any ranking), never "a draw on equal scores".
    let text = r#"(game "Three"
      (players (player "Red" letter:"R") (player "Blue" letter:"B") (player "Yellow" letter:"Y"))
      (board (square 3 3) labels:Coordinates)
      (piece "M")
      (play (place "M" to:Empty))
      (end (no-moves Draw) (turn-limit 8) (score (count (where Mine)))))"#;
    let st = play(text, &["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2"]);
    let o = st.outcome().expect("over");
    assert_eq!(o.places(3), vec![1, 1, 3]);
    let line = ended(&st, &o, Some(&notes_of(text)));
    assert!(
        line.starts_with("Game over: Red 1st, Blue 1st, Yellow 3rd on score:"),
        "{line}"
    );
    assert!(!line.contains("Draw"), "{line}");
}

#[test]
fn the_shipped_end_rules_read_in_words() {
    let notes = |g: &str| notes_of(&crate::compile::read_source(g).unwrap().1);
    let words =
        |g: &str| -> Vec<String> { notes(g).results.iter().map(|r| r.words.clone()).collect() };
    // Yavalath: four in a row wins, three loses.
    assert_eq!(words("yavalath"), ["a line of 4", "a line of 3"]);
    // Hex: the define that joins a player's two sides.
    assert_eq!(words("hex"), ["the rule “Joins”"]);
    // Knightthrough: a knight on the far row.
    assert_eq!(words("knightthrough"), ["a piece reached Far"]);
    // Atari Go: a clause the phrase book does not know, named by the
    // define it calls (`(any (neighbours To "Dead"))`), never as code.
    assert_eq!(words("atarigo"), ["the rule “Dead”"]);
    // Backgammon: all fifteen borne off, the win worth the Points set
    // beside it.
    assert_eq!(words("backgammon"), ["15 pieces in Off"]);
    assert_eq!(notes("backgammon").results[0].counters, ["Points"]);
    // Nine Men's Morris: a player with no men in hand and fewer than
    // three on the board loses.
    assert_eq!(
        notes("morris").lose_when,
        ["Hand at 0 and fewer than 3 pieces"]
    );
}

#[test]
fn a_win_scored_in_points_says_what_it_is_worth() {
    // White's last checker on point 1 bears off with the 2 (backgammon's
    // rules: all fifteen off wins); Black has borne off none and has no
    // checker in White's home board or on the bar: a gammon, 2 points.
    let (_, text) = crate::compile::read_source("backgammon").unwrap();
    let g = Game::from_source("backgammon.game", &text, &Options::default()).unwrap();
    let mut st = State::from_position(Arc::new(g), "W W:1,woff*14 B:24*15 dice-left=1,2").unwrap();
    let t = st.parse_turn("1-woff~2").unwrap();
    st.play_turn(&t);
    let o = st.outcome().expect("over");
    assert_eq!(
        ended(&st, &o, Some(&notes_of(&text))),
        "Game over: White wins: 15 pieces in Off; White Points 2"
    );
}

#[test]
fn a_one_player_game_lost_says_so_not_a_draw() {
    // One player; three in a row loses (a result effect), and so does a
    // full board (no-moves Loss); the lose-when rule reads a line too.
    let solo = |play: &str, end: &str| {
        format!(
            r#"(game "Solo" (players (player "Solver" letter:"S")) (board (square 3 3))
  (piece "Mark") (play (place "Mark" to:Empty{play})) (end {end}))"#
        )
    };
    let text = solo(" then:(if (line 3 To) (lose))", "(no-moves Loss)");
    let n = notes_of(&text);
    let st = play(&text, &["a1", "a2", "a3"]);
    let o = st.outcome().expect("over");
    assert_eq!(
        ended(&st, &o, Some(&n)),
        "Game over: Solver loses: a line of 3 (which loses)"
    );
    let text = solo("", "(no-moves Loss)");
    let n = notes_of(&text);
    let full = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"];
    let st = play(&text, &full);
    let o = st.outcome().expect("over");
    assert_eq!(
        ended(&st, &o, Some(&n)),
        "Game over: Solver loses: Solver has no legal move"
    );
    let text = solo("", "(lose-when (line 3 Last))");
    let n = notes_of(&text);
    let st = play(&text, &["a1", "a2", "a3"]);
    let o = st.outcome().expect("over");
    let line = ended(&st, &o, Some(&n));
    assert!(
        line.starts_with("Game over: Solver loses: Solver lost"),
        "{line}"
    );
}
