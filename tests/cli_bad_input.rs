//! Bad input through the real binary: each refused with a non-zero exit
//! and a message naming what is wrong and what is expected, never a
//! panic; and `show` of a finished game.

mod common;
use common::{ludic, ok};

use std::process::Output;

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs `args`, which must fail (exit 1 or clap's 2, no panic), and
/// returns its error output.
fn refused(args: &[&str]) -> String {
    let o = ludic(args);
    let err = stderr(&o);
    assert!(
        matches!(o.status.code(), Some(1 | 2)),
        "{args:?}: exit {:?}\n{err}",
        o.status.code()
    );
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    err
}

#[test]
fn a_rule_file_of_comments_only_says_it_holds_no_clause() {
    // It was called empty.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notes.game");
    std::fs::write(&path, "\n  // rules to come\n// and more\n").unwrap();
    let file = path.to_str().unwrap();
    let err = refused(&["check", file]);
    assert!(!err.contains("the file is empty"), "{err}");
    assert!(
        err.contains("the file holds no clause, only comments"),
        "{err}"
    );
    // At the first comment: line 2, column 3.
    assert!(err.contains(&format!("{file}:2:3")), "{err}");
    // A file with nothing in it is still empty.
    std::fs::write(&path, "\n \n").unwrap();
    let err = refused(&["check", file]);
    assert!(err.contains("the file is empty"), "{err}");
}

#[test]
fn a_position_naming_a_square_twice_is_refused() {
    for text in ["W W:18 B:18", "W:18,18 B:12"] {
        let err = refused(&["show", "checkers", "--position", text]);
        assert!(err.contains("site `18` is named twice"), "{text}: {err}");
        assert!(err.contains("`K` (2 × Checker)"), "{text}: {err}");
    }
    let err = refused(&["moves", "tictactoe", "--position", "X:a1 O:a1"]);
    assert!(
        err.contains("site `a1` is named twice (`X:a1`, then `O:a1`)"),
        "{err}"
    );
}

#[test]
fn empty_square_entries_are_refused_as_such() {
    for (text, word) in [("W:18,,24 B:12", "W:18,,24"), ("W:,,,, B:1", "W:,,,,")] {
        let err = refused(&["show", "checkers", "--position", text]);
        assert!(
            err.contains(&format!("`{word}`: empty site entry")),
            "{text}: {err}"
        );
        assert!(err.contains("`W:` alone for no pieces"), "{text}: {err}");
    }
}

#[test]
fn time_budgets_out_of_range_are_refused_with_the_range() {
    for p in [
        "ab:1e-300s",
        "mcts:1e-12s",
        "mc:0.5ms",
        "mcts:infs",
        "mcts:2e5s",
    ] {
        let err = refused(&["play", "tictactoe", "--p1", p, "--p2", "random", "--quiet"]);
        assert!(err.contains("from 1 ms to 86400 s"), "{p}: {err}");
    }
}

#[test]
fn options_a_player_does_not_take_are_named_with_those_it_takes() {
    let err = refused(&["analyze", "tictactoe", "--players", "ab:2,cut=3"]);
    assert!(
        err.contains(
            "`ab` takes no options such as `cut=3`: only mcts takes options (cut=TURNS, eps=CHANCE)"
        ),
        "{err}"
    );
    let err = refused(&["play", "tictactoe", "--p1", "mcts:10,depth=3"]);
    assert!(
        err.contains("unknown mcts option `depth`: expected cut=TURNS or eps=CHANCE"),
        "{err}"
    );
}

#[test]
fn numbers_too_large_say_so_with_the_maximum() {
    let cases = [
        (
            "mcts:4294967296",
            "too large: a count of iterations is at most 4294967295",
        ),
        ("mc:99999999999999999999", "is at most 4294967295"),
        (
            "ab:99999999999",
            "too deep: alpha-beta searches at most 64 turns",
        ),
        ("mcts:10,cut=99999999999", "at most 4294967295 turns"),
    ];
    for (p, message) in cases {
        let err = refused(&["analyze", "tictactoe", "--players", p, "--count", "1"]);
        assert!(err.contains(message), "{p}: {err}");
        assert!(!err.contains("not a positive whole number"), "{p}: {err}");
    }
}

#[test]
fn a_player_option_given_twice_is_refused() {
    let err = refused(&[
        "analyze",
        "tictactoe",
        "--players",
        "mcts:100,eps=0.1,eps=0.2",
        "--count",
        "1",
    ]);
    assert!(
        err.contains("`eps` is given twice (`eps=0.1`, then `eps=0.2`)"),
        "{err}"
    );
}

#[test]
fn show_of_a_finished_game_gives_the_result_not_a_player_to_move() {
    let out = ok(&ludic(&["show", "tictactoe", "--moves", "a1 b1 a2 b2 a3"]));
    assert!(out.contains("game over: Cross wins"), "{out}");
    assert!(!out.contains("to move"), "{out}");
    // A game still going names the player to move, and no result.
    let out = ok(&ludic(&["show", "tictactoe", "--moves", "a1 b1"]));
    assert!(out.contains("Cross (X) to move"), "{out}");
    assert!(!out.contains("game over"), "{out}");
}

#[test]
fn play_shows_the_last_board_without_a_player_to_move() {
    // Cross fills the a file (a1 b1 a2 b2 a3): the game is over before
    // any player is asked, and its last board names no one to move.
    let out = ok(&ludic(&[
        "play",
        "tictactoe",
        "--moves",
        "a1 b1 a2 b2 a3",
        "--p1",
        "random",
        "--p2",
        "random",
    ]));
    assert!(out.contains("Game over: Cross wins"), "{out}");
    assert!(!out.contains("to move"), "{out}");
}

/// A 10,000-character word given where a move, a toggle, its value or a
/// player is expected is refused with the word quoted once, clipped to
/// its first 100 characters and its length (`diag::clip`), never echoed
/// whole; the same for a bad move of a record given to `replay`.
#[test]
fn a_long_bad_word_is_quoted_clipped_once() {
    let long = "z".repeat(10_000);
    let clipped = format!("`{}… (10000 characters)`", "z".repeat(100));
    let moves = format!("--moves={long}");
    let komi = format!("komi={long}");
    let toggle = format!("{long}=1");
    let cases: [&[&str]; 6] = [
        &["show", "tictactoe", &moves],
        &["show", "go", "--set", &komi],
        &["show", "go", "--set", &toggle],
        &["analyze", "tictactoe", "--players", &long, "--count", "1"],
        &["play", "tictactoe", "--p1", &long],
        &[
            "analyze",
            "tictactoe",
            "--players",
            &format!("mcts:cut={long}"),
        ],
    ];
    for args in cases {
        let err = refused(args);
        assert!(err.len() < 1_000, "{} bytes: {}", err.len(), &err[..300]);
        assert!(err.contains("characters)"), "{err}");
        assert!(!err.contains(&"z".repeat(101)), "{err}");
    }
    let err = refused(&["show", "tictactoe", &moves]);
    assert_eq!(err.matches(&clipped).count(), 1, "{err}");
    // A record's bad move: quoted once, clipped.
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("r.trial");
    let text = format!("ludic-trial 1\ngame tictactoe\nmoves\nb2\n{long}\nresult unfinished\n");
    std::fs::write(&record, text).unwrap();
    let out = ludic(&["replay", "tictactoe", record.to_str().unwrap()]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("ILLEGAL at ply 2"), "{said}");
    assert_eq!(said.matches(&clipped).count(), 1, "{said}");
    assert!(!said.contains(&"z".repeat(101)), "{said}");
}
