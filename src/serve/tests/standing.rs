//! What the page's view says of each seat beyond the turn (issues 39 and
//! 40): the standing of every seat in a game of more than two players,
//! the royal piece in check, and the seed shown only where it matters.

use crate::serve::session::*;
use serde_json::{Value, json};

fn session(game: &str, sets: &[&str], seats: &[&str]) -> Session {
    let source = if game.ends_with(".game") {
        Source::File(game.into())
    } else {
        Source::Shipped(game.into())
    };
    Session::new(
        source,
        sets.iter().map(|s| s.to_string()).collect(),
        seats.iter().map(|s| s.parse().unwrap()).collect(),
    )
}

/// Chinese checkers whose heuristic counts a seat's marbles in its
/// target point alone (the shipped game's also draws marbles toward it).
const MARBLES_HOME: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/chinese-checkers-region.game"
);

/// Each seat's evaluation is its own sum less the mean of the others'
/// (docs/players.md), and this Chinese checkers' sum counts a seat's
/// marbles in its target, the opposite point
/// (tests/data/chinese-checkers-region.game, `(heuristics (region 1
/// "Target"))`). At the start of a game of three
/// or six nobody has one: every row is 0, nobody out, no place. Red
/// with two marbles in its target (the point Green starts on in the
/// game of two: q1 and p1), the others none: Red 2 − 0 = 2, each other
/// seat 0 − (2 + 0) / 2 = −1. With two seats the view has no rows (the
/// hint's values say it).
#[test]
fn every_seat_of_a_game_of_three_has_its_evaluation_and_standing() {
    for (seats, n) in [("three", 3), ("six", 6)] {
        let set = format!("seats={seats}");
        let s = session(MARBLES_HOME, &[&set], &vec!["human"; n]);
        let rows = s.view("t")["seat_values"].clone();
        let rows = rows.as_array().expect("a row per seat");
        assert_eq!(rows.len(), n);
        for r in rows {
            assert_eq!(r, &json!({"value": 0, "out": false, "place": null}));
        }
    }
    let mut s = session(MARBLES_HOME, &["seats=three"], &["human"; 3]);
    let start = s.view("t")["position"].as_str().unwrap().to_string();
    assert!(start.starts_with("R R:d1,d2,"), "{start}");
    let moved = start.replacen("R R:d1,d2,", "R R:q1,p1,", 1);
    s.load_position(&moved).unwrap();
    let values: Vec<i64> = s.view("t")["seat_values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["value"].as_i64().unwrap())
        .collect();
    assert_eq!(values, [2, -1, -1]);
    let two = session(MARBLES_HOME, &[], &["human", "human"]);
    assert_eq!(two.view("t")["seat_values"], Value::Null);
}

/// After e4 f6 and Qh5+, the queen on h5 gives check to the king on e8
/// along the diagonal h5-g6-f7-e8 (f7's pawn went to f6). The view names
/// e8 and the status says so; g6 blocks it: no check.
#[test]
fn a_king_in_check_is_named_and_its_square_given() {
    let mut s = session("chess", &[], &["human", "human"]);
    let board = s.state().unwrap().game().board.clone();
    let site = |l: &str| board.site_by_label(l).unwrap();
    for (a, b) in [("e2", "e4"), ("f7", "f6"), ("d1", "h5")] {
        s.click(site(a)).unwrap();
        s.click(site(b)).unwrap();
    }
    let v = s.view("t");
    assert_eq!(v["check"], json!([site("e8")]), "{}", v["status"]);
    assert_eq!(v["status"], json!("Black (B) to move, in check"));
    // A piece that cannot meet the check is refused with the reason.
    let err = s.click(site("a7")).unwrap_err();
    assert!(
        err.starts_with("no legal move starts at a7 (in check)"),
        "{err}"
    );
    s.click(site("g7")).unwrap();
    s.click(site("g6")).unwrap();
    let v = s.view("t");
    assert_eq!(v["check"], json!([]));
    assert_eq!(v["status"], json!("White (W) to move"));
}

/// The seed is shown (`seed_matters`) only in a game it changes: one
/// that draws its first player or rolls dice; the saved trial keeps it
/// then and only then.
#[test]
fn the_seed_matters_only_to_games_of_chance_or_a_drawn_first_player() {
    for (game, matters) in [("chess", false), ("checkers", false), ("backgammon", true)] {
        let s = session(game, &[], &["human", "human"]);
        assert_eq!(s.view("t")["seed_matters"], json!(matters), "{game}");
        let trial = s.trial().unwrap();
        assert_eq!(
            trial.lines().any(|l| l.starts_with("seed ")),
            matters,
            "{game}"
        );
    }
}
