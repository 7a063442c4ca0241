//! The legal steps and turns a state remembers ([`crate::engine::cache`])
//! are always those of its position: on seeded random games of every
//! shipped game, driven through the public calls a front end makes (the
//! outcome, the legal steps and turns, a step played, a turn played in
//! notation, undo, a cleared draw), each remembered list is compared with
//! one listed afresh.

use crate::compile::{Game, Options, shipped_games};
use crate::engine::State;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// Checks the remembered lists of `st` against fresh ones.
fn remembered_is_fresh(st: &State, at: &str) {
    assert_eq!(st.legal_steps(), st.list_legal_moves(), "steps {at}");
    assert_eq!(st.legal_turn_list(), st.expand_legal_turns(), "turns {at}");
    // Read twice: the second read is the remembered one.
    assert_eq!(st.legal_steps(), st.list_legal_moves(), "steps again {at}");
}

#[test]
fn remembered_moves_are_those_of_the_position_through_a_front_ends_calls() {
    for name in shipped_games() {
        let game = Arc::new(Game::load(name, &Options::default()).expect("game"));
        let mut st = State::new_seeded(game, 5);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for i in 0..80 {
            let at = format!("{name}, call {i}");
            remembered_is_fresh(&st, &at);
            if st.is_over() {
                if st.clear_draw().is_none() {
                    break;
                }
                continue;
            }
            match rng.random_range(0..4) {
                0 if st.undo().is_ok() => {}
                1 => {
                    let turns = st.legal_turn_strings();
                    let t = &turns[rng.random_range(0..turns.len())];
                    st.play_str(t).expect("a listed turn");
                }
                _ => {
                    let steps = st.legal_steps();
                    let m = steps[rng.random_range(0..steps.len())];
                    st.play(&m).expect("a listed step");
                }
            }
        }
    }
}

#[test]
fn an_illegal_step_leaves_the_remembered_moves_in_place() {
    let game = Arc::new(Game::load("checkers", &Options::default()).expect("game"));
    let mut st = State::new(game);
    let before = st.legal_steps().to_vec();
    let mut bad = before[0];
    bad.to = bad.from;
    assert!(st.play(&bad).is_err());
    assert_eq!(st.legal_steps(), before);
    remembered_is_fresh(&st, "after a refusal");
}
