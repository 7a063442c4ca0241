//! The position text is lossless: for every shipped game (and the
//! Genocide settings whose toggles flip and whose dice roll), states
//! reached by seeded random steps, at many plies and mid-turn too, are
//! written, read back and compared field by field with the state that was
//! played to, then both are played on with the same steps.

use crate::compile::{Game, Options, shipped_games};
use crate::engine::State;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

fn load(name: &str, sets: &[&str]) -> Arc<Game> {
    let opts = Options::from_sets(sets).expect("sets");
    Arc::new(Game::load(name, &opts).unwrap_or_else(|e| panic!("{name}: {e}")))
}

/// Where `read` differs from `played` in anything a state holds (the
/// undo journal and caches aside); the history only where a repetition
/// rule reads it.
fn differences(played: &State, read: &State) -> Vec<String> {
    let mut out = Vec::new();
    let mut diff = |what: &str, same: bool| {
        if !same {
            out.push(what.to_string());
        }
    };
    diff("heights", played.heights == read.heights);
    for s in 0..played.heights.len() as u16 {
        diff("stack", played.stack(s) == read.stack(s));
    }
    diff("unmoved", played.unmoved == read.unmoved);
    diff("marks", played.marks == read.marks);
    diff("scalars", played.scalars == read.scalars);
    diff("extras", played.extras == read.extras);
    if played.game.end.repetition.is_some() {
        diff("history", played.history == read.history);
        diff("repetitions", played.repetitions() == read.repetitions());
    }
    diff("legal steps", played.legal_moves() == read.legal_moves());
    diff("outcome", played.outcome() == read.outcome());
    out
}

/// Plays seeded random steps from the start of `game`, checking the text
/// of the state after every step of the first 60 and every fifth after,
/// up to `plies` steps or the end of the game. Returns how many states
/// were checked and how many of them were mid-turn.
fn check_game(game: Arc<Game>, seed: u64, plies: usize) -> (usize, usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut st = State::new_seeded(game.clone(), seed);
    let (mut checked, mut mid) = (0, 0);
    for ply in 0..plies {
        if ply < 60 || ply % 5 == 0 {
            check_state(&st, &mut rng);
            checked += 1;
            mid += usize::from(st.scalars.turn_steps > 0 || st.mid_turn());
        }
        let moves = st.legal_moves();
        if moves.is_empty() || st.outcome().is_some() {
            break;
        }
        let m = &moves[rng.random_range(0..moves.len())];
        st.play(m).expect("a legal step");
    }
    (checked, mid)
}

/// The text of `st` read back: the same state, the same text, and the
/// same game for a few more random steps.
fn check_state(st: &State, rng: &mut ChaCha8Rng) {
    let name = &st.game.name;
    let text = st
        .to_position()
        .unwrap_or_else(|| panic!("{name} writes no position text"));
    let read = State::from_position(st.game.clone(), &text)
        .unwrap_or_else(|e| panic!("{name}: `{text}` is refused: {e}"));
    let diff = differences(st, &read);
    assert!(
        diff.is_empty(),
        "{name}: `{text}` read back differs in {diff:?}"
    );
    // Without a repetition rule the history is not written: it restarts.
    if st.game.end.repetition.is_none() {
        assert_eq!(read.history, [read.scalars.hash], "{name}");
    }
    assert_eq!(read.to_position().as_deref(), Some(text.as_str()), "{name}");
    let (mut a, mut b) = (st.clone(), read);
    for _ in 0..6 {
        let moves = a.legal_moves();
        if moves.is_empty() || a.outcome().is_some() {
            break;
        }
        let m = moves[rng.random_range(0..moves.len())];
        a.play(&m).expect("legal");
        b.play(&m).expect("legal in the state read back");
        let diff = differences(&a, &b);
        assert!(
            diff.is_empty(),
            "{name}: from `{text}`, after {m:?}: {diff:?}"
        );
    }
}

#[test]
fn every_shipped_game_round_trips_its_positions_at_every_ply() {
    for name in shipped_games() {
        let game = load(name, &[]);
        let mut total = 0;
        for seed in 0..3 {
            total += check_game(game.clone(), seed, 160).0;
        }
        assert!(total > 20, "{name}: only {total} states checked");
    }
}

/// Genocide's settings where toggles flip during play (capturable), dice
/// roll (dice, boxcars off), points carry over (banking) and the turn is
/// long (stickyland marks squares): mid-turn states among them.
#[test]
fn genocide_settings_round_trip_flipped_toggles_dice_and_mid_turn_states() {
    let settings: [&[&str]; 4] = [
        &["capturable=true"],
        &["dice=true", "boxcars=false"],
        &[
            "banking=true",
            "stickyland=true",
            "supply_lines=true",
            "amoeba=true",
        ],
        &["capturable=true", "hotspots=true", "movement=king"],
    ];
    let mut mid = 0;
    for sets in settings {
        let game = load("genocide", sets);
        for seed in 0..2 {
            mid += check_game(game.clone(), seed, 400).1;
        }
    }
    assert!(mid > 100, "only {mid} mid-turn states checked");
}

/// A Morris game played to a mill: the text of the mid-turn state (the
/// man to take still owed) names the block and the counters, and a text
/// without the fields gives the other moves it gave before.
#[test]
fn a_morris_mill_mid_turn_is_written_and_read() {
    let game = load("morris", &[]);
    let mut st = State::new(game.clone());
    for m in ["a7", "a1", "d7", "b2"] {
        st.play_str(m).expect("legal");
    }
    let before_mill = st.to_position().unwrap();
    assert!(
        before_mill
            .starts_with("W W:a7,d7 B:b2,a1 turns=4 no-progress=4 Hand=7,7 last=-,b2 history="),
        "{before_mill}"
    );
    let turn = st.parse_turn("g7,b2").expect("the mill and a take");
    st.play(&turn[0]).expect("the mill");
    let text = st.to_position().unwrap();
    assert!(text.contains("again=Take"), "{text}");
    assert!(text.contains("Hand=6,7"), "{text}");
    let read = State::from_position(game.clone(), &text).unwrap();
    assert_eq!(read.legal_turn_strings(), st.legal_turn_strings());
    assert_eq!(
        read.legal_turn_strings(),
        ["b2", "a1"],
        "the mover owes a capture"
    );
    // The board alone: Hand 9 each, no capture owed: placements.
    let board = State::from_position(game, &st.to_board_position().unwrap()).unwrap();
    assert!(board.legal_turn_strings().len() > 2);
}
