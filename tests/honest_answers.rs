//! Inputs that used to get a wrong or misleading answer are refused, or
//! answered truthfully (issue 16): a rule that can never fire, a bool
//! given as a number, an empty position, a scenario or expectation that
//! checks nothing, moves that would be silently ignored.

use ludic::compile::{Game, LoadError, Options, compile};
use ludic::engine::State;
use ludic::scenario::run_text;
use std::sync::Arc;

const CHECKERS: &str = include_str!("../games/checkers.game");
const GENOCIDE: &str = include_str!("../games/genocide.game");

fn checkers() -> Arc<Game> {
    Arc::new(Game::load("checkers", &Options::default()).unwrap())
}

/// The error messages of a rule text that must fail.
fn errors(text: &str) -> Vec<String> {
    match compile("t.game", text, &Options::default()) {
        Err(LoadError::Rules(d)) => d.items.iter().map(|x| x.message.clone()).collect(),
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("compiled"),
    }
}

#[test]
fn a_repetition_draw_that_could_never_fire_is_refused() {
    for n in [0, 1] {
        let text = CHECKERS.replace("(draw-repetition 3", &format!("(draw-repetition {n}"));
        assert_ne!(text, CHECKERS);
        let e = errors(&text);
        assert!(e.contains(&format!("{n} is out of range")), "{e:?}");
    }
    let text = CHECKERS.replace("(draw-repetition 3", "(draw-repetition 2");
    compile("t.game", &text, &Options::default()).unwrap();
}

#[test]
fn a_bool_toggle_takes_only_true_or_false() {
    for v in ["1", "0", "yes", "on"] {
        let opts = Options::from_sets(&[format!("repetition={v}")]).unwrap();
        let Err(e) = Game::load("checkers", &opts) else {
            panic!("repetition={v} accepted")
        };
        assert!(
            e.to_string().contains("is not a bool: use true or false"),
            "{e}"
        );
    }
    let opts = Options::from_sets(&["repetition=false"]).unwrap();
    assert!(Game::load("checkers", &opts).is_ok());
}

#[test]
fn an_empty_fen_or_position_is_no_position() {
    let Err(e) = State::from_fen(checkers(), "B") else {
        panic!("`B` accepted")
    };
    assert!(e.to_string().contains("B:W:B"), "{e}");
    assert!(State::from_fen(checkers(), "").is_err());
    let Err(e) = State::from_position(checkers(), "") else {
        panic!("an empty position accepted")
    };
    assert!(
        matches!(e, ludic::record::PositionError::Empty { .. }),
        "{e}"
    );
    assert!(e.to_string().contains("no group"), "{e}");
    assert!(State::from_position(checkers(), "B").is_err());
    // An empty board is written out explicitly, and round-trips.
    let st = State::from_fen(checkers(), "B:W:B").unwrap();
    let text = st.to_position().unwrap();
    assert_eq!(text, "B B:");
    let back = State::from_position(checkers(), &text).unwrap();
    assert_eq!(back.to_fen().unwrap(), "B:W:B");
}

/// A scenarios text for checkers with one scenario of `lines`.
fn scenario(lines: &str) -> Option<String> {
    let text = format!("game: checkers\n\nscenario: s\n{lines}");
    let v = run_text("t.scenarios", &text, None).unwrap();
    v[0].failure.as_ref().map(ToString::to_string)
}

#[test]
fn a_scenario_or_expectation_that_checks_nothing_fails() {
    let f = scenario("fen: B:W14:B9,10\n").expect("fails");
    assert!(f.contains(":3: the scenario checks nothing"), "{f}");
    let f = scenario("").expect("fails");
    assert!(f.contains("checks nothing"), "{f}");
    for key in ["expect legal", "expect illegal", "expect empty"] {
        let f = scenario(&format!("{key}:\n")).expect("fails");
        assert!(f.contains("lists nothing to check"), "{key}: {f}");
    }
    assert_eq!(scenario("fen: B:W14:B9,10\nexpect legal: 9x18\n"), None);
}

#[test]
fn play_beside_phases_is_an_error_not_ignored() {
    let at = GENOCIDE.find("  (phases").expect("genocide has phases");
    let text = format!("{}  (play (step))\n{}", &GENOCIDE[..at], &GENOCIDE[at..]);
    let e = errors(&text);
    assert!(
        e.iter()
            .any(|m| m == "`(play …)` and `(phases …)` in one game"),
        "{e:?}"
    );
}

/// Runs the real binary.
fn ludic(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ludic"))
        .args(args)
        .output()
        .expect("ludic runs");
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn play_max_turns_counts_whole_turns_like_playout() {
    // A Genocide turn is several steps (the movement phase): `--max-turns
    // 3` plays three turns, not three steps, and says so.
    let out = ludic(&[
        "play",
        "genocide",
        "--p1",
        "random",
        "--p2",
        "random",
        "--seed",
        "1",
        "--max-turns",
        "3",
        "--quiet",
    ]);
    assert!(out.contains("Stopped after 3 turns."), "{out}");
    let plays = out.lines().filter(|l| l.contains(" plays ")).count();
    assert!(
        plays > 3,
        "three Genocide turns take more than three steps: {out}"
    );
    let one = ludic(&[
        "play",
        "checkers",
        "--p1",
        "random",
        "--p2",
        "random",
        "--seed",
        "1",
        "--max-turns",
        "1",
        "--quiet",
    ]);
    assert!(one.contains("Stopped after 1 turn."), "{one}");
}

#[test]
fn show_prints_fen_only_for_sides_w_and_b() {
    // FEN names the sides W and B: other letters would be misread (K is
    // also the king prefix), so such games print the position text that
    // --position reads.
    let text = CHECKERS
        .replace(r#"letter:"B""#, r#"letter:"X""#)
        .replace(r#"letter:"W""#, r#"letter:"K""#);
    let path = std::env::temp_dir().join(format!("ludic-xk-{}.game", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let out = ludic(&["show", path.to_str().unwrap()]);
    std::fs::remove_file(&path).ok();
    assert!(!out.contains("FEN "), "{out}");
    let line = out
        .lines()
        .find(|l| l.starts_with("position "))
        .expect(&out);
    assert!(line.starts_with("position X X:1,2,"), "{line}");
    assert!(ludic(&["show", "checkers"]).contains("FEN B:W21,"));
}

#[test]
fn a_snapshot_says_when_its_random_choice_was_over_a_cut_list() {
    // Every step is followed by another of the same block: far more than
    // 100,000 turns. The random game's heading must not claim a uniform
    // choice over every legal turn.
    let text = r#"(game "Wander" (players 2) (board (square 6 6)) (piece "S")
        (setup (fill "S" P1 (sites "c3")))
        (play (step dirs:All to:Empty then:(again "On")))
        (moves "On" (step dirs:All to:Empty then:(again "On")))
        (end (no-moves Loss)))"#;
    let path = std::env::temp_dir().join(format!("ludic-wander-{}.game", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let snap = ludic::snapshot::snapshot(path.to_str().unwrap(), &Options::default(), 1);
    std::fs::remove_file(&path).ok();
    let snap = snap.unwrap();
    assert!(snap.contains("the list cut there"), "{snap}");
    assert!(
        snap.contains("uniform over the first 100000 legal turns where there were more"),
        "{snap}"
    );
}
