//! The web page's position text and records (issue 42 #12, #13): the
//! view's `position` is the whole state, loading it gives the legal moves
//! of the state reached by playing, and a record of another game or
//! setting is refused or played with its own toggles.

use crate::serve::session::*;
use ludic::compile::{Game, Options};
use ludic::engine::State;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use std::sync::Arc;

fn session(game: &str, sets: &[&str]) -> Session {
    let sets = sets.iter().map(|s| s.to_string()).collect();
    let seats = vec!["human".parse().unwrap(), "human".parse().unwrap()];
    Session::new(Source::Shipped(game.into()), sets, seats)
}

fn strings(v: &serde_json::Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

/// A seeded random game of `name`, `turns` turns long (or to its end):
/// the state reached and the turns in the notation.
fn random_game(name: &str, sets: &[&str], seed: u64, turns: usize) -> (State, Vec<String>) {
    let opts = Options::from_sets(sets).unwrap();
    let mut st = State::new(Arc::new(Game::load(name, &opts).unwrap()));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut played = Vec::new();
    for _ in 0..turns {
        let list = st.legal_turns();
        if list.is_empty() || st.outcome().is_some() {
            break;
        }
        let t = &list[rng.random_range(0..list.len())];
        played.push(st.turn_to_string(t));
        st.play_turn(t);
    }
    (st, played)
}

fn trial(game: &str, sets: &[&str], moves: &[String]) -> String {
    let sets: String = sets.iter().map(|s| format!("set {s}\n")).collect();
    format!(
        "ludic-trial 1\ngame {game}\n{sets}moves\n{}\nresult unfinished\n",
        moves.join("\n")
    )
}

/// Morris past its placements (Hand 0: men step) and Genocide mid-way:
/// the page's position text, loaded in a fresh page, gives the moves of
/// the state reached by playing the record.
#[test]
fn a_loaded_position_text_gives_the_moves_of_the_game_played() {
    for (name, sets, turns) in [
        ("morris", &[][..], 30),
        ("genocide", &[][..], 9),
        ("genocide", &["capturable=true"][..], 12),
    ] {
        let (played, moves) = random_game(name, sets, 3, turns);
        let mut page = session(name, sets);
        page.load_record(&trial(name, sets, &moves)).unwrap();
        page.seek(moves.len()).unwrap();
        let text = page.view("t")["position"].as_str().unwrap().to_string();
        assert_eq!(played.to_position().as_deref(), Some(text.as_str()));
        let mut fresh = session(name, sets);
        fresh.load_position(&text).unwrap();
        let view = fresh.view("t");
        let want: Vec<String> = played
            .legal_moves()
            .iter()
            .map(|m| played.move_to_string(m))
            .collect();
        assert_eq!(strings(&view["legal"]), want, "{name}: {text}");
        assert_eq!(view["position"], json!(text));
        // Saved as a trial, its `position` line starts the record again.
        let saved = fresh.trial().unwrap();
        assert!(saved.contains(&format!("\nposition {text}\n")), "{saved}");
        let mut again = session(name, sets);
        again.load_record(&saved).unwrap();
        assert_eq!(strings(&again.view("t")["legal"]), want, "{name}");
    }
}

#[test]
fn a_position_that_does_not_read_changes_nothing() {
    let mut page = session("morris", &[]);
    let before = page.view("t");
    let err = page.load_position("W W:a7 Hand=9").unwrap_err();
    assert!(err.contains("expected 2 values"), "{err}");
    assert_eq!(page.view("t")["position"], before["position"]);
    assert_eq!(page.view("t")["version"], before["version"]);
}

/// FEN is read too where the game has it, and the view shows it.
#[test]
fn the_page_reads_and_shows_fen() {
    let mut page = session("chess", &[]);
    page.load_position("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
        .unwrap();
    let view = page.view("t");
    assert_eq!(view["fen"], json!("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
    // King: d1, d2, f1, f2; pawn: e3, e4.
    assert_eq!(strings(&view["legal"]).len(), 6);
}

#[test]
fn a_record_of_another_game_is_refused_with_the_reason() {
    let mut page = session("morris", &[]);
    let err = page
        .load_record("ludic-trial 1\ngame checkers\ntitle English draughts\nmoves\n11-15\nresult unfinished\n")
        .unwrap_err();
    assert!(
        err.contains("English draughts") && err.contains("choose that game first"),
        "{err}"
    );
    let err = page
        .load_record("ludic-trial 1\ngame games/checkers.game\nmoves\nresult unfinished\n")
        .unwrap_err();
    assert!(err.contains("games/checkers.game"), "{err}");
    // The same game by its path, or with its title, is read.
    page.load_record("ludic-trial 1\ngame games/morris.game\nmoves\na7\nresult unfinished\n")
        .unwrap();
    page.load_record(
        "ludic-trial 1\ngame morris\ntitle Nine Men's Morris\nmoves\na7\nresult unfinished\n",
    )
    .unwrap();
}

/// A trial played with a toggle the page does not have is replayed with
/// the trial's toggles, and the page says so; one without `set` lines is
/// replayed with the defaults.
#[test]
fn a_record_is_replayed_with_its_own_toggles() {
    // With rolled movement points, the first turn's steps differ from
    // the default (12 points, boxcars): the trial's own toggles decide.
    let sets = ["boxcars=false"];
    let (played, moves) = random_game("genocide", &sets, 5, 4);
    let mut page = session("genocide", &[]);
    page.load_record(&trial("genocide", &sets, &moves)).unwrap();
    assert_eq!(page.view("t")["sets"], json!(["boxcars=false"]));
    page.seek(moves.len()).unwrap();
    assert_eq!(
        page.view("t")["position"].as_str(),
        played.to_position().as_deref()
    );
    // No `set` line: the defaults, not the page's toggles.
    let mut other = session("genocide", &["boxcars=false"]);
    other
        .load_record("ludic-trial 1\ngame genocide\nmoves\nresult unfinished\n")
        .unwrap();
    assert_eq!(other.view("t")["sets"], json!([]));
}
