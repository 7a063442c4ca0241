//! The position text is lossless: for every shipped game (and every other
//! value of each boolean toggle: toggles that flip, dice that roll), states
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
    diff("dice rolled", played.dice == read.dice);
    if played.game.end.repetition.is_some() || played.game.tracks_boards {
        diff("history", played.history == read.history);
        diff("boards", played.boards == read.boards);
        diff("repetitions", played.repetitions() == read.repetitions());
    }
    diff("legal steps", played.legal_moves() == read.legal_moves());
    diff("outcome", played.outcome() == read.outcome());
    out
}

/// Plays seeded random steps from the start of `game`, checking the text
/// of the state after every step of the first 60 and every fifth after,
/// up to `plies` steps or the end of the game. Returns how many states
/// were checked, how many of them were mid-turn and how many chance nodes.
fn check_game(game: Arc<Game>, seed: u64, plies: usize) -> (usize, usize, usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut st = State::new_seeded(game.clone(), seed);
    let (mut checked, mut mid, mut chance) = (0, 0, 0);
    for ply in 0..plies {
        // Chance nodes too: their text names the step that rolls and
        // the values rolled for it so far (docs/chance.md).
        if ply < 60 || ply % 5 == 0 {
            check_state(&st, &mut rng);
            checked += 1;
            chance += usize::from(st.is_chance_node());
            mid += usize::from(st.scalars.turn_steps > 0 || st.mid_turn());
        }
        let moves = st.legal_moves();
        if moves.is_empty() || st.outcome().is_some() {
            break;
        }
        let m = &moves[rng.random_range(0..moves.len())];
        st.play(m).expect("a legal step");
    }
    (checked, mid, chance)
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
    // Without a repetition rule or a rule that reads the boards of the
    // game so far the history is not written: it restarts.
    if st.game.end.repetition.is_none() && !st.game.tracks_boards {
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
    let mut chance = 0;
    for name in shipped_games() {
        let game = load(name, &[]);
        let mut total = 0;
        for seed in 0..3 {
            let (n, _, c) = check_game(game.clone(), seed, 160);
            (total, chance) = (total + n, chance + c);
        }
        assert!(total > 20, "{name}: only {total} states checked");
    }
    // Backgammon's roll at every turn's start, Genocide's battles.
    assert!(chance > 20, "only {chance} chance nodes checked");
}

/// Every boolean toggle of every shipped game turned to its other value:
/// settings where toggles flip during play, dice roll, points carry over
/// and turns are long, with mid-turn states among them.
#[test]
fn every_other_toggle_value_round_trips_mid_turn_states_too() {
    let (mut mid, mut chance) = (0, 0);
    for name in shipped_games() {
        let toggles = load(name, &[]).toggles.clone();
        for t in toggles {
            let crate::compile::ir::Value::Bool(on) = t.default else {
                continue;
            };
            let set = format!("{}={}", t.name, !on);
            let game = load(name, &[set.as_str()]);
            let (_, m, c) = check_game(game, 1, 200);
            (mid, chance) = (mid + m, chance + c);
        }
    }
    assert!(mid > 100, "only {mid} mid-turn states checked");
    assert!(chance > 20, "only {chance} chance nodes checked");
}

/// Rules of placements from a hand with a mill that owes a take (the
/// shape of Nine Men's Morris's, on a 3×3 board).
const MILL: &str = r#"(game "t" (players (player "White" letter:"W") (player "Black" letter:"B"))
    (board (square 3 3)) (piece "Man") (stack-limit 1)
    (counter "Hand" init:3)
    (play (place "Man" to:(and Empty (more-than (counter "Hand") 0))
        then:{(add-counter "Hand" -1) (if (line 3 To dirs:Orthogonal) (again "Take"))}))
    (moves "Take" (select to:Enemy then:(remove To)))
    (end (no-moves Loss)))"#;

/// A mill played: the text of the mid-turn state (the man to take still
/// owed) names the block and the counters, and the board alone gives
/// other moves.
#[test]
fn a_mill_mid_turn_is_written_and_read() {
    let game = Arc::new(Game::from_source("t", MILL, &Options::default()).expect("rules"));
    let mut st = State::new(game.clone());
    for m in ["a1", "c3", "a2", "c2"] {
        st.play_str(m).expect("legal");
    }
    let turn = st.parse_turn("a3,c2").expect("the mill and a take");
    st.play(&turn[0]).expect("the mill");
    let text = st.to_position().unwrap();
    assert!(text.contains("again=Take"), "{text}");
    assert!(text.contains("Hand=0,1"), "{text}");
    let read = State::from_position(game.clone(), &text).unwrap();
    assert_eq!(read.legal_turn_strings(), st.legal_turn_strings());
    // The mover owes a take: one of Black's two men.
    let mut owed = read.legal_turn_strings();
    owed.sort();
    assert_eq!(owed, ["c2", "c3"], "the mover owes a capture");
    // The board alone: hands as at the start, no take owed: a placement
    // on each of the four empty sites.
    let board = State::from_position(game, &st.to_board_position().unwrap()).unwrap();
    assert_eq!(board.legal_turn_strings().len(), 4);
}
