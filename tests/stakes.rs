//! Games worth more than one point (`(stakes …)`, docs/language.md):
//! backgammon's single game, gammon and backgammon (docs/games/
//! backgammon.md, "Points": 1, 2 or 3 to the winner, minus that to the
//! loser) through the engine's returns and `ludic analyze --json`, and the
//! refusals of a stake the rules cannot bound. The web page's view of a
//! gammon is tested beside the page (src/serve/tests/stakes.rs).

mod common;

use common::{ludic, ok};
use ludic::compile::{Game, Options};
use ludic::engine::State;
use serde_json::Value;
use std::sync::Arc;

fn backgammon(sets: &[&str]) -> Arc<Game> {
    let opts = Options::from_sets(sets).expect("sets");
    Arc::new(Game::load("backgammon", &opts).expect("backgammon loads"))
}

/// The returns after White, to move in `position` with one checker left
/// (on its 1-point), bears it off by its first legal turn (every legal
/// turn bears it off: any die does, from the farthest point).
fn returns_after_last_checker(game: &Arc<Game>, position: &str) -> (Vec<f64>, u32) {
    let mut st = State::from_position(game.clone(), position).expect(position);
    let turns = st.legal_turns();
    assert!(!turns.is_empty(), "{position}");
    st.play_turn(&turns[0]);
    assert_eq!(st.outcome().and_then(|o| o.winner()), Some(0), "{position}");
    (st.returns(), st.stake())
}

/// The rules' four cases, White bearing off its fifteenth checker: Black
/// with a checker borne off (a single game, 1); none off (a gammon, 2);
/// none off and one on the bar, or one in White's home board (points 1 to
/// 6: a backgammon, 3). With the toggle `gammons` off, every game is
/// worth 1. Zero-sum throughout.
#[test]
fn single_game_gammon_and_backgammon_are_worth_1_2_and_3() {
    let bg = backgammon(&[]);
    let cases = [
        ("W W:1,woff*14 B:24*14,boff dice-left=1,2", 1.0),
        ("W W:1,woff*14 B:24*15 dice-left=1,2", 2.0),
        ("W W:1,woff*14 B:24*14,bbar dice-left=1,2", 3.0),
        ("W W:1,woff*14 B:24*14,3 dice-left=6,6,6,6", 3.0),
    ];
    for (position, points) in cases {
        let (returns, stake) = returns_after_last_checker(&bg, position);
        assert_eq!(returns, [points, -points], "{position}");
        assert_eq!(f64::from(stake), points, "{position}");
    }
    let single = backgammon(&["gammons=false"]);
    for (position, _) in cases {
        let (returns, stake) = returns_after_last_checker(&single, position);
        assert_eq!((returns, stake), (vec![1.0, -1.0], 1), "{position}");
    }
    // The utility bounds: the stake's declared largest value.
    assert_eq!(bg.max_stake(), 3);
    assert_eq!(single.max_stake(), 1);
    // A game going on returns nothing, and is worth 1 so far.
    let st = State::new(bg);
    assert_eq!((st.returns(), st.stake()), (vec![0.0, 0.0], 1));
}

/// `analyze --json` of the two near-end positions (tests/data): White
/// throws first and bears its last checker off, every game a gammon
/// (Black's fifteen on its 24-point) or a backgammon (one on its bar).
/// Each seat's mean return is ±2 or ±3, its interval that one value.
#[test]
fn analyze_reports_the_stake_in_the_mean_returns() {
    for (file, sets, points) in [
        ("tests/data/backgammon-gammon.game", "gammons=true", 2.0),
        ("tests/data/backgammon-backgammon.game", "gammons=true", 3.0),
        (
            "tests/data/backgammon-backgammon.game",
            "gammons=false",
            1.0,
        ),
    ] {
        let out = ok(&ludic(&[
            "analyze",
            file,
            "--set",
            sets,
            "--count",
            "12",
            "--threads",
            "1",
            "--json",
        ]));
        let v: Value = serde_json::from_str(&out).expect("JSON");
        let setting = &v["settings"][0];
        assert_eq!(setting["wins"][0]["count"], 12, "{out}");
        let means = setting["mean_returns"].as_array().expect("mean_returns");
        for (m, want) in means.iter().zip([points, -points]) {
            assert_eq!(m["mean"].as_f64(), Some(want), "{file} {sets}: {m}");
            assert_eq!(m["low"].as_f64(), Some(want), "{file} {sets}: {m}");
            assert_eq!(m["high"].as_f64(), Some(want), "{file} {sets}: {m}");
        }
    }
}

/// A stake is refused where it has no meaning or no bound: in a game of
/// three players (returns graded by place), and read from the position
/// without `max:` (its largest value unknown); each error names the
/// file, line and column.
#[test]
fn a_stake_without_two_players_or_a_bound_is_refused() {
    let three = r#"(game "T" (players 3) (board (square 3 3)) (piece "Man")
  (play (place "Man" to:Empty))
  (end (no-moves Loss) (stakes 2)))"#;
    let e = Game::from_source("three.game", three, &Options::default())
        .map(|_| ())
        .expect_err("refused")
        .to_string();
    assert!(e.contains("`stakes` needs a game of two players"), "{e}");
    assert!(e.contains("three.game:3:"), "{e}");
    let unbounded = r#"(game "T" (players 2) (board (square 3 3)) (piece "Man")
  (play (place "Man" to:Empty))
  (end (no-moves Loss) (stakes (count (where Mine)))))"#;
    let e = Game::from_source("unbounded.game", unbounded, &Options::default())
        .map(|_| ())
        .expect_err("refused")
        .to_string();
    assert!(e.contains("max:N"), "{e}");
    // Declared, it is the bound; worked out from constants, too.
    let declared = unbounded.replace("(where Mine)))", "(where Mine)) max:9)");
    let g = Game::from_source("declared.game", &declared, &Options::default()).expect("loads");
    assert_eq!(g.max_stake(), 9);
    let constants = unbounded.replace(
        "(stakes (count (where Mine)))",
        "(stakes (if (equal (pieces) 0) 4 2))",
    );
    let g = Game::from_source("constants.game", &constants, &Options::default()).expect("loads");
    assert_eq!(g.max_stake(), 4);
}
