//! Scenario files' own errors: where a game that does not load, a bad
//! setting and an unknown line are reported (src/scenario.rs).
use ludic::scenario::run_text;

/// The failure of the only scenario of `text` (a checkers scenario file).
fn failure(text: &str) -> String {
    let v = run_text("x.scenarios", text, None).expect("the file reads");
    assert_eq!(v.len(), 1);
    v[0].failure.as_ref().expect("a failure").to_string()
}

#[test]
fn a_game_that_does_not_load_is_reported_at_the_game_line() {
    let f = failure(
        "# a game that is not there\ngame: nowhere.game\nscenario: s\nexpect outcome: none\n",
    );
    assert!(f.starts_with("x.scenarios:2: "), "{f}");
}

#[test]
fn an_unknown_line_names_the_nearest_key() {
    let f = failure("game: checkers\nscenario: s\nexpect legals: 9-13\n");
    assert!(
        f.starts_with("x.scenarios:3: unknown line `expect legals:`"),
        "{f}"
    );
    assert!(f.contains("did you mean `expect legal:`?"), "{f}");
}

#[test]
fn a_bad_setting_is_reported_at_its_set_line() {
    let text = "game: checkers\nscenario: s\nset: repetition=true\nset: no_such_toggle=3\n";
    let f = failure(text);
    assert!(f.starts_with("x.scenarios:4: "), "{f}");
    assert!(f.contains("no_such_toggle"), "{f}");
    let text = "game: checkers\nscenario: s\nset: no_equals_sign\n";
    assert!(failure(text).starts_with("x.scenarios:3: "));
}

#[test]
fn a_set_up_position_starts_with_no_passes_behind_it() {
    // Polypods ends after two passes in a row (rules.md §2.5). A pass
    // before `put:` does not count towards the two after it.
    let v = run_text(
        "x.scenarios",
        "game: polypods\nscenario: s\nplay: pass\nput: D D:e4 L:a1\nplay: pass\nexpect outcome: none\n",
        None,
    )
    .unwrap();
    assert_eq!(v[0].failure, None);
}

#[test]
fn a_comment_may_follow_a_tab() {
    let v = run_text(
        "x.scenarios",
        "game: checkers\nscenario: s\nexpect legal: 11-15\t# a comment\n",
        None,
    )
    .unwrap();
    assert_eq!(v[0].failure, None);
}

#[test]
fn expect_illegal_refuses_text_that_is_not_a_move() {
    // English draughts has squares 1 to 32: `22-81` names no square and
    // `hello` is no move; neither may pass as "illegal".
    for text in ["22-81", "hello"] {
        let f = failure(&format!(
            "game: checkers\nscenario: s\nexpect illegal: {text}\n"
        ));
        assert!(
            f.starts_with(&format!(
                "x.scenarios:3: `{text}` is not a move in this game's notation"
            )),
            "{f}"
        );
    }
    // 11-17 and 22-18 are written in the notation but are not legal at
    // the start: Black's seven first moves are 9-13, 9-14, 10-14, 10-15,
    // 11-15, 11-16 and 12-16 (11 and 17 are not adjacent; 22 is White's).
    let v = run_text(
        "x.scenarios",
        "game: checkers\nscenario: s\nexpect illegal: 11-17 22-18\n",
        None,
    )
    .unwrap();
    assert_eq!(v[0].failure, None);
}

#[test]
fn a_failure_names_its_line_and_what_differs() {
    use ludic::scenario::{Failure, StepError};
    // English draughts: Black (B) moves first (docs/games/checkers.md).
    let v = run_text(
        "x.scenarios",
        "game: checkers\nscenario: s\nexpect legal: 11-15\nexpect to-move: W\n",
        None,
    )
    .unwrap();
    let want = Failure {
        path: "x.scenarios".into(),
        line: 4,
        error: StepError::Differs {
            what: "player to move".into(),
            want: "W".into(),
            got: "B".into(),
        },
    };
    assert_eq!(v[0].failure.as_ref(), Some(&want));
    assert_eq!(
        want.to_string(),
        "x.scenarios:4: player to move: expected `W`, got `B`"
    );
    // 11-15 is one of Black's seven first moves.
    let f = run_text(
        "x.scenarios",
        "game: checkers\nscenario: s\nexpect illegal: 11-15\n",
        None,
    )
    .unwrap()[0]
        .failure
        .clone()
        .expect("fails");
    assert!(
        matches!(&f.error, StepError::Legal { text, .. } if text == "11-15"),
        "{f}"
    );
}

#[test]
fn a_file_that_is_no_scenarios_file_is_an_error() {
    use ludic::scenario::ScenarioFileError;
    let no_game = run_text("x.scenarios", "scenario: s\nexpect outcome: none\n", None);
    assert_eq!(
        no_game.unwrap_err(),
        ScenarioFileError::NoGame {
            path: "x.scenarios".into()
        }
    );
    let early = run_text(
        "x.scenarios",
        "game: checkers\nexpect outcome: none\n",
        None,
    );
    assert_eq!(
        early.unwrap_err().to_string(),
        "x.scenarios:2: expected `game:` or `scenario:` first"
    );
    let twice = run_text("x.scenarios", "game: checkers\ngame: giveaway\n", None);
    assert!(matches!(
        twice.unwrap_err(),
        ScenarioFileError::SecondGame { line: 2, .. }
    ));
}

/// A scenario's `put:` reads a position as `--position` does: tic-tac-toe
/// with Cross's row through its last mark (`last=`) is over (the rules'
/// three in a row), the same board with a row not complete goes on, and a
/// `to-move:` after it judges the board again for the new side.
#[test]
fn put_judges_the_position_as_position_does() {
    let report = |text: &str| {
        let v = run_text("x.scenarios", text, None).expect("the file reads");
        v[0].failure.as_ref().map(|f| f.to_string())
    };
    let over = "game: tictactoe\nscenario: s\nput: O X:a1,b1,c1 O:a2,b2 last=-,c1\nexpect outcome: Cross wins\nexpect moves:\n";
    assert_eq!(report(over), None);
    let on = "game: tictactoe\nscenario: s\nput: O X:a1,b1 O:a2,b2\nexpect outcome: none\n";
    assert_eq!(report(on), None);
    let ataxx = "game: ataxx\nscenario: s\nput: B R:a1 B:g7\nto-move: R\nexpect outcome: none\nput: R R:a1\nexpect outcome: Red wins\n";
    assert_eq!(report(ataxx), None);
}

/// A first place two of three seats share is neither a draw nor a win
/// (docs/players.md, "Several players"). The race of
/// tests/data/three-seat-race.game, played to its turn limit: P1 and P2
/// reach the goal column and score one each, P3 none, so the rules rank
/// them 1, 1, 3.
#[test]
fn a_shared_first_place_is_no_draw_in_a_scenario() {
    let play = "moves: a1-b1 a2-b2 a3-b3 b1-c1 b2-c2 b3-c3 c1-d1 c2-d2\n";
    let run = |expect: &str| {
        let text = format!(
            "game: tests/data/three-seat-race.game\nscenario: s\n{play}expect outcome: {expect}\n"
        );
        let v = run_text("x.scenarios", &text, None).expect("the file reads");
        v[0].failure.as_ref().map(ToString::to_string)
    };
    assert_eq!(run("places 1 1 3"), None);
    assert_eq!(run("P1 and P2 share first"), None);
    let draw = run("draw").expect("not a draw");
    assert!(draw.contains("P1 and P2 share first"), "{draw}");
    assert!(run("P1 wins").is_some());
    assert!(run("P2 and P3 share first").is_some());
    let bad = run("P1 and P9 share first").expect("no such seat");
    assert!(bad.contains("not an outcome"), "{bad}");
}

/// A game of one player that loses on a line of three ends in its loss:
/// `A loses`, neither a draw nor its win (docs/players.md, "One player").
#[test]
fn a_one_player_loss_is_no_draw_and_no_win_in_a_scenario() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("one_player_scenario");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("solitaire.game");
    let rules = r#"(game "X" (players (player "A" letter:"A")) (board (square 3 3)) (piece "M")
        (play (place "M" to:Empty)) (end (lose-when (line 3 Last))))"#;
    std::fs::write(&path, rules).unwrap();
    let run = |expect: &str| {
        let game = path.display();
        let text =
            format!("game: {game}\nscenario: s\nmoves: a1 a2 a3\nexpect outcome: {expect}\n");
        let v = run_text("x.scenarios", &text, None).expect("the file reads");
        v[0].failure.as_ref().map(ToString::to_string)
    };
    assert_eq!(run("A loses"), None);
    let draw = run("draw").expect("not a draw");
    assert!(draw.contains("A loses"), "{draw}");
    assert!(run("A wins").is_some());
    assert!(run("none").is_some());
}
