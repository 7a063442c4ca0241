//! Every search player stops at the time cap of [`Agent::limit_time`]
//! with a legal turn, whatever its own budget: budgets no search could
//! finish (64 turns of alpha-beta, four billion MCTS iterations, a million
//! playouts a turn) from the opening of the players' fixture game (men
//! that step and jump forward on a 6×6 board). Nothing here measures
//! speed: a player that ignored the cap would not return.

use super::mcts::Budget;
use super::{Agent, FlatMc, PlayerSpec, Turns, seeded_rng};
use crate::engine::State;
use std::time::Duration;

fn opening() -> State {
    super::fixture::start()
}

#[test]
fn every_search_player_answers_within_its_cap() {
    let st = opening();
    let turns = Turns::of(&st);
    // The fixture's opening: each of the three front men steps to one
    // of two squares, one on an edge to one (5).
    assert_eq!(turns.len(), 5);
    for spec in [
        "ab:64",
        "mcts:4000000000",
        "mc:1000000",
        "mcts:4000000000,cut=20",
    ] {
        let spec: PlayerSpec = spec.parse().unwrap();
        let mut p = spec.build(seeded_rng(1, 0, 0)).unwrap();
        p.limit_time(Duration::from_millis(50));
        let i = p.choose(&st, &turns);
        assert!(i < turns.len(), "{spec}");
        if let Some((t, _)) = p.choose_turn(&st) {
            assert!(turns.position(&t).is_some(), "{spec}");
        }
    }
}

#[test]
fn a_capped_flat_monte_carlo_scores_only_the_turns_it_reached() {
    // A million playouts for the first turn alone outlast 20 ms: the
    // turns after it get none, and count as the worst.
    let st = opening();
    let turns = Turns::of(&st);
    let mut p = FlatMc::new(1_000_000, seeded_rng(1, 0, 0));
    p.limit_time(Duration::from_millis(20));
    let v = p.evaluate(&st, &turns);
    assert!(v[0].is_finite() && (0.0..=1.0).contains(&v[0]), "{v:?}");
    assert_eq!(v[v.len() - 1], f64::NEG_INFINITY, "{v:?}");
}

#[test]
fn a_timed_flat_monte_carlo_plays_one_round_at_least() {
    let st = opening();
    let turns = Turns::of(&st);
    let mut p = FlatMc::with_budget(Budget::Time(Duration::from_millis(1)), seeded_rng(1, 0, 0));
    let v = p.evaluate(&st, &turns);
    assert_eq!(v.len(), turns.len());
    assert!(v.iter().all(|x| (0.0..=1.0).contains(x)), "{v:?}");
    assert_eq!(p.name(), "mc:1ms");
}
