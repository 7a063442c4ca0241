//! Sampled turns (docs/players.md, "Whole turns"): a heuristic player that
//! keeps step values from one step of a sampled turn to the next plays the
//! same games as one that judges every step afresh, when the game's
//! heuristic is a sum over sites and its effects stay where they happen.
//! The games here are Genocide's with its heuristic's local terms
//! (checkers, back-row squares, closeness to the enemy's back row, growth
//! to come; battles on their squares; its lead term counts the whole
//! board, but these positions are far from a lead of 10 checkers). The
//! shipped file also has `(pursuit …)`, closeness to the nearest enemy
//! stack, which a step changes far from where it happens: there the kept
//! values are estimates, checked as the turn is played (players/stepcache.rs).

use ludic::compile::{Game, Options};
use ludic::engine::{Move, State};
use ludic::players::{Agent, Greedy};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

mod common;

/// Genocide with the local terms of its heuristic (no pursuit).
const LOCAL: &str = r#"(variant "Genocide, local heuristic" base:"genocide"
  (replace (heuristics
    (material 10)
    (approach 1 "Far" pieces:true)
    (region 40 "Far")
    (term 30 (count (where (and (in "Home") (holds-only)))))
    (term 1 (if (less-than "ToCome" "Room") "ToCome" "Room"))
    (term 10 (if (more-than (pieces) (sum "Theirs" 10)) (sub 0 "Theirs") 0)))))"#;

/// The turns of a game of `p1` against `p2` from `st`, at most `turns`.
fn game(st: &State, mut players: [Greedy; 2], turns: usize) -> Vec<Vec<Move>> {
    let mut st = st.clone();
    let mut out = Vec::new();
    while out.len() < turns && st.outcome().is_none() {
        let side = st.current_player() as usize;
        let Some((turn, _)) = players[side].choose_turn(&st) else {
            break;
        };
        st.play_turn(&turn);
        out.push(turn);
    }
    out
}

fn greedy(seed: u64, reuse: bool) -> Greedy {
    let g = Greedy::new(ChaCha8Rng::seed_from_u64(seed));
    if reuse { g } else { g.judging_every_step() }
}

fn same_games(sets: &[&str], position: Option<&str>, turns: usize) {
    let (_dir, file) = common::temp_file("local.game", LOCAL);
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    let file = file.to_str().expect("path");
    let g = Arc::new(Game::load(file, &Options::from_sets(&sets).expect("sets")).expect("game"));
    let st = match position {
        Some(p) => State::from_position(g, p).expect("position"),
        None => State::new(g),
    };
    for seed in 1..=2 {
        let cached = game(&st, [greedy(seed, true), greedy(seed + 10, true)], turns);
        let fresh = game(&st, [greedy(seed, false), greedy(seed + 10, false)], turns);
        assert_eq!(cached.len(), fresh.len(), "seed {seed}");
        for (i, (a, b)) in cached.iter().zip(&fresh).enumerate() {
            assert_eq!(a, b, "seed {seed}, turn {}", i + 1);
        }
    }
}

#[test]
fn genocide_games_are_the_same_with_step_values_kept() {
    same_games(&[], None, 24);
}

#[test]
fn a_genocide_middlegame_with_battles_is_the_same_with_step_values_kept() {
    // Armies in contact: every turn has battles to judge.
    same_games(
        &[],
        Some(
            "R R:a1*2,c1*2,f1*2,h1*2,c4*4,d4*3,e4*5,f3*2 B:a8*2,c8*2,f8*2,h8*2,c5*3,d6*4,e5*4,f5*2",
        ),
        12,
    );
}
