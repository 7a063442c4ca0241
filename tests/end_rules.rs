//! End rules are rules everywhere: perft stops where the game stops (two
//! passes, the turn limit, `lose-when`, no moves) like `moves`, `play` and
//! playouts do; it leaves out only the draw rules that depend on the game's
//! history (repetition, no progress).

use ludic::compile::{Game, Options};
use ludic::engine::{Outcome, State, perft};
use std::sync::Arc;

fn load(file: &str) -> State {
    let game = Game::load(file, &Options::default()).expect("game loads");
    State::new(Arc::new(game))
}

fn from_source(text: &str) -> State {
    let game = Game::from_source("t.game", text, &Options::default()).expect("game compiles");
    State::new(Arc::new(game))
}

#[test]
fn polypods_perft_stops_after_two_passes() {
    // Turn-level perft of Polypods' default board (limping 4/5, 49 points)
    // from the start: 49 · 2,353 · 110,640, as Ludii and an independent
    // implementation count. At depth 3, `pass pass` ends the game: the 49
    // replies after it must not be counted (110,689 = 110,640 + 49 was
    // ludic's count when perft played on).
    let st = load("polypods");
    let counts: Vec<u64> = (1..=3).map(|d| perft(&st, d).unwrap()).collect();
    assert_eq!(counts, [49, 2_353, 110_640]);
}

#[test]
fn a_finished_position_has_perft_zero() {
    let mut st = load("polypods");
    st.play_str("pass").unwrap();
    st.play_str("pass").unwrap();
    assert!(st.is_over(), "two passes end Polypods");
    assert_eq!(perft(&st, 1), Ok(0));
    assert_eq!(perft(&st, 3), Ok(0));
}

#[test]
fn perft_honours_lose_when_and_the_turn_limit() {
    // One stone each on a 1×4 strip; a stone steps to an empty neighbour.
    // Rule: a player whose stone stands on the far right cell d1 loses.
    // P1 on a1 can go to b1 only; then P2 on c1 can only go to d1, and
    // loses at once.
    let text = r#"(game "Strip" (players 2) (board (square 1 4) labels:Coordinates)
        (piece "S") (setup (fill "S" P1 (sites "a1")) (fill "S" P2 (sites "c1")))
        (region "Right" (sites "d1"))
        (play (step dirs:Orthogonal to:Empty))
        (end (no-moves Loss) (lose-when (any (where (and Mine (in "Right")))))))"#
        .to_string();
    let st = from_source(&text);
    // Depth 1: a1-b1. Depth 2: c1-d1 (P2 now stands on d1 and loses: the
    // game is over).
    assert_eq!(perft(&st, 1), Ok(1));
    assert_eq!(perft(&st, 2), Ok(1));
    assert_eq!(perft(&st, 3), Ok(0), "nothing is played after a loss");
    // The same game with a turn limit of 1: one turn, then over.
    let limited = from_source(&text.replace("(no-moves Loss)", "(no-moves Loss) (turn-limit 1)"));
    assert_eq!(perft(&limited, 1), Ok(1));
    assert_eq!(perft(&limited, 2), Ok(0));
    let mut after = limited.clone();
    after.play_str("a1-b1").unwrap();
    assert!(matches!(after.outcome(), Some(Outcome::Draw(_))));
}

#[test]
fn a_pass_after_a_step_in_the_same_turn_is_written_after_a_comma() {
    // An `again` block whose only move is a pass: the turn is a step then a
    // pass (listing it used to panic on the pass's missing site).
    let st = from_source(
        r#"(game "Again pass" (players 2) (board (square 3 3) labels:Coordinates)
          (piece "Stone") (setup (fill "Stone" P1 (sites "a1")) (fill "Stone" P2 (sites "c3")))
          (play (step dirs:Orthogonal to:Empty then:(again "More")))
          (moves "More" (pass))
          (end (no-moves Loss)))"#,
    );
    assert_eq!(st.legal_turn_strings(), ["a1-a2,pass", "a1-b1,pass"]);
    let mut st2 = st.clone();
    st2.play_str("a1-b1,pass").unwrap();
    assert_eq!(st2.current_player(), 1);
    assert_eq!(perft(&st, 2), Ok(4));
}

#[test]
fn perft_refuses_turns_that_branch_without_bound() {
    // Every step is followed by another step of the same block, and a turn
    // may take as many steps as the board has sites: 4 directions each time
    // on a big empty board is far more than the turn bound.
    let st = from_source(
        r#"(game "Wander" (players 2) (board (square 12 12)) (piece "S")
          (setup (fill "S" P1 (sites "f6")))
          (play (step dirs:All to:Empty then:(again "On")))
          (moves "On" (step dirs:All to:Empty then:(again "On")))
          (end (no-moves Loss)))"#,
    );
    assert!(perft(&st, 1).is_err());
}

/// The position of a shipped game given as a position text.
fn at(file: &str, text: &str) -> State {
    let game = Game::load(file, &Options::default()).expect("game loads");
    State::from_position(Arc::new(game), text).expect("position reads")
}

#[test]
fn a_position_given_is_judged_by_the_end_rules() {
    // Tic-tac-toe: Cross has three in a row on the bottom row, its last
    // mark on c1, and Nought is to move. The rules (three in a row wins
    // at once) say Cross has won: no move is left, at every depth.
    let st = at("tictactoe", "O X:a1,b1,c1 O:a2,b2 last=-,c1");
    assert!(
        matches!(st.outcome(), Some(Outcome::Win(0, _))),
        "{:?}",
        st.outcome()
    );
    assert!(st.legal_turn_strings().is_empty());
    assert_eq!(perft(&st, 2), Ok(0));
    // The same board with the row not complete is not over.
    let st = at("tictactoe", "O X:a1,b1 O:a2,b2");
    assert_eq!(st.outcome(), None);
    assert_eq!(perft(&st, 1), Ok(5));
    // Without `last=` the mark that made the row is not known, and the
    // rule reads it (`(line 3 To)`): the position is judged only by the
    // rules that do not need a last move (docs/language.md), and play
    // goes on: four empty squares.
    let st = at("tictactoe", "O X:a1,b1,c1 O:a2,b2");
    assert_eq!(st.outcome(), None);
    assert_eq!(perft(&st, 1), Ok(4));
    // Ataxx: a side with no stones has lost (a `lose-when` rule).
    let st = at("ataxx", "R R:a1");
    assert!(
        matches!(st.outcome(), Some(Outcome::Win(0, _))),
        "{:?}",
        st.outcome()
    );
}

#[test]
fn the_cli_judges_a_position_given() {
    let ludic = env!("CARGO_BIN_EXE_ludic");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(ludic)
            .args(args)
            .output()
            .expect("ludic runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let pos = ["--position", "O X:a1,b1,c1 O:a2,b2 last=-,c1"];
    let moves = run(&[&["moves", "tictactoe"][..], &pos].concat());
    assert!(moves.starts_with("0 legal move(s)"), "{moves}");
    assert!(moves.contains("game over: Cross wins"), "{moves}");
    let show = run(&[&["show", "tictactoe"][..], &pos].concat());
    assert!(show.contains("game over: Cross wins"), "{show}");
    let perft = run(&["perft", "ataxx", "2", "--position", "R R:a1"]);
    assert!(
        perft
            .lines()
            .all(|l| l.split_whitespace().nth(2) == Some("0")),
        "{perft}"
    );
}

/// A win earned on the move that reaches a draw limit stands (FIDE's
/// article 9.6: a checkmate on the move that completes the 75 moves wins;
/// ludic's no-progress rule is the same kind of limit): a back-rank mate
/// with the half-move clock at 99 is White's win, not a draw, while the
/// same rook move that does not mate is a draw at that clock.
#[test]
fn a_checkmate_on_the_move_that_reaches_the_no_progress_limit_wins() {
    let game = Arc::new(Game::load("chess", &Options::default()).expect("game loads"));
    let mut st = State::from_fen(game.clone(), "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80").unwrap();
    st.play_str("a1-a8").expect("legal");
    assert!(
        matches!(st.outcome(), Some(Outcome::Win(0, _))),
        "{:?}",
        st.outcome()
    );
    let mut st = State::from_fen(game, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80").unwrap();
    st.play_str("a1-a7").expect("legal");
    assert!(
        matches!(st.outcome(), Some(Outcome::Draw(_))),
        "{:?}",
        st.outcome()
    );
}

/// The same for the turn limit: Fanorona's last enemy stone taken on the
/// 1,000th turn wins (Black has no stone, so no move), not a draw.
#[test]
fn a_win_on_the_turn_that_reaches_the_turn_limit_stands() {
    let game = Arc::new(Game::load("fanorona", &Options::default()).expect("game loads"));
    let mut st = State::from_position(game, "W W:a1 B:c1 turns=999").unwrap();
    st.play_str("a1-b1").expect("legal");
    assert!(
        matches!(st.outcome(), Some(Outcome::Win(0, _))),
        "{:?}",
        st.outcome()
    );
}

/// A position given past a draw limit is judged as play judges the end
/// of a turn: chess's no-progress rule (chess.game: 100 turns without a
/// capture or a pawn move, FIDE 9.3's fifty moves each) draws a FEN whose
/// halfmove clock is 150, unless the side to move is checkmated then
/// (FIDE 9.6: the mate stands); Fanorona's turn limit (1,000 turns) draws
/// a position text read at turn 1,005. Below the limits the game goes on.
#[test]
fn a_position_read_past_a_draw_limit_is_over() {
    let chess = Arc::new(Game::load("chess", &Options::default()).expect("game loads"));
    let start = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3";
    let st = State::from_fen(chess.clone(), &format!("{start} 150 1")).unwrap();
    assert!(
        matches!(st.outcome(), Some(Outcome::Draw(_))),
        "{:?}",
        st.outcome()
    );
    assert!(st.legal_moves().is_empty());
    let st = State::from_fen(chess.clone(), &format!("{start} 99 1")).unwrap();
    assert_eq!(st.outcome(), None);
    // Black mated on the back rank (the rook on a8), the clock at 100.
    let st = State::from_fen(chess, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 80").unwrap();
    assert!(
        matches!(st.outcome(), Some(Outcome::Win(0, _))),
        "{:?}",
        st.outcome()
    );
    let fanorona = Arc::new(Game::load("fanorona", &Options::default()).expect("game loads"));
    let st = State::from_position(fanorona.clone(), "W W:a1 B:c1 turns=1005").unwrap();
    assert!(
        matches!(st.outcome(), Some(Outcome::Draw(_))),
        "{:?}",
        st.outcome()
    );
    let st = State::from_position(fanorona, "W W:a1 B:c1 turns=990").unwrap();
    assert_eq!(st.outcome(), None);
}
