//! The plain searchers' rewards of a finished game are its returns
//! ([`crate::engine::State::returns`]), as PUCT's values are: worked by
//! hand on tests/data/three-seat-race.game. Three seats each step a man
//! east along their own row of four; each seat has one legal step a turn,
//! so the game is fixed: P1, P2, P3, P1, … and a man reaches the last
//! column (scoring one) on its seat's third step. The rules' turn limit
//! ranks the seats by score.
//!
//! - Limit 8: P1 and P2 reach the goal (turns 7 and 8), P3 does not:
//!   places 1, 1, 3. Three places score 1, 0, −1; P1 and P2 share places
//!   1 and 2: ½ each; P3 −1. Rewards (return + 1) / 2: ¾, ¾, 0. A shared
//!   first place is worth more than a loss (0) and less than a win (1).
//! - Limit 7: only P1 reaches it: places 1, 2, 2; P2 and P3 share places
//!   2 and 3: (0 − 1) / 2 = −½ each. Rewards 1, ¼, ¼.

use super::candidates::Scratch;
use super::guide::{Guide, rollout};
use super::mc::FlatMc;
use super::{Turns, seeded_rng};
use crate::compile::{Game, Options};
use crate::engine::State;
use std::sync::Arc;

const RACE: &str = include_str!("../../tests/data/three-seat-race.game");

/// The race's start with the turn limit `limit`.
fn race(limit: u32) -> State {
    let text = RACE.replace("(turn-limit 8)", &format!("(turn-limit {limit})"));
    let game = Game::from_source("three-seat-race.game", &text, &Options::default()).unwrap();
    State::new(Arc::new(game))
}

/// The position after the first `k` turns (each seat's only one).
fn after(mut st: State, k: usize) -> State {
    for _ in 0..k {
        let turns = st.legal_turns();
        assert_eq!(turns.len(), 1);
        st.play_turn(&turns[0]);
    }
    st
}

/// Flat Monte Carlo's value of the one turn of the seat to move after
/// `k` turns: every playout ends the same way.
fn mc_value(limit: u32, k: usize) -> f64 {
    let st = after(race(limit), k);
    let turns = Turns::of(&st);
    FlatMc::new(3, seeded_rng(1, 0, 0)).evaluate(&st, &turns)[0]
}

#[test]
fn flat_monte_carlo_values_a_shared_first_place_by_its_returns() {
    // P1 to move at the start, P2 after one turn, P3 after two.
    let shared: Vec<f64> = (0..3).map(|k| mc_value(8, k)).collect();
    assert_eq!(shared, [0.75, 0.75, 0.0]);
    let alone: Vec<f64> = (0..3).map(|k| mc_value(7, k)).collect();
    assert_eq!(alone, [1.0, 0.25, 0.25]);
}

#[test]
fn mcts_playouts_reward_a_shared_first_place_by_its_returns() {
    for (limit, want) in [(8, [0.75, 0.75, 0.0]), (7, [1.0, 0.25, 0.25])] {
        let mut st = race(limit);
        let end = rollout(
            &mut st,
            &Guide::default(),
            1000,
            &mut seeded_rng(1, 0, 0),
            &mut Vec::new(),
            &mut Scratch::default(),
        );
        let got: Vec<f64> = (0..3).map(|p| end.reward(p, 3, 1)).collect();
        assert_eq!(got, want, "limit {limit}: {end:?}");
    }
}
