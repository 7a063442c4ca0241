//! Speed of the players, against random playouts of the same game: MCTS
//! iterations per second over random playouts per second, for every
//! shipped game. Timing depends on the machine, so it is ignored by
//! default; run it with
//! `cargo test --release --test players_speed -- --ignored --nocapture`.

use ludic::compile::{Game, Options, shipped_games};
use ludic::engine::{State, playout};
use ludic::players::{Agent, Budget, Mcts, PlayerSpec, Turns, play_game, seeded_rng};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::time::Instant;

/// Positions from a seeded random game: every fourth position of its first
/// 40 turns, so that searches run from openings and middlegames.
fn positions(start: &State) -> Vec<State> {
    let mut ps: Vec<Box<dyn Agent>> = (0..2)
        .map(|s| PlayerSpec::Random.build(seeded_rng(11, 0, s)).unwrap())
        .collect();
    let mut out = vec![start.clone()];
    let mut st = start.clone();
    play_game(start, &mut ps, 40, |_, t| {
        st.play_turn(t);
        if st.turns().is_multiple_of(4) && st.outcome().is_none() {
            out.push(st.clone());
        }
    });
    out
}

fn playouts_per_second(positions: &[State], n: u32) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut buf = Vec::new();
    let t = Instant::now();
    for st in positions {
        for _ in 0..n {
            std::hint::black_box(playout(st.clone(), &mut rng, 1000, &mut buf));
        }
    }
    (positions.len() as u32 * n) as f64 / t.elapsed().as_secs_f64()
}

fn iterations_per_second(positions: &[State], n: u32) -> f64 {
    let mut m = Mcts::new(Budget::Iterations(n), seeded_rng(1, 0, 0));
    let t = Instant::now();
    for st in positions {
        let turns = Turns::of(st);
        std::hint::black_box(m.search(st, &turns));
    }
    (positions.len() as u32 * n) as f64 / t.elapsed().as_secs_f64()
}

#[test]
#[ignore = "timing; run with --ignored --nocapture"]
fn mcts_iterations_against_random_playouts() {
    for name in shipped_games() {
        let game = Arc::new(Game::load(name, &Options::default()).unwrap());
        let start = State::new(game);
        let ps = positions(&start);
        let from_start = playouts_per_second(&ps[..1], 5000);
        let playouts = playouts_per_second(&ps, 2000);
        let iterations = iterations_per_second(&ps, 2000);
        let clone_ns = {
            let mut st = ps[ps.len() - 1].clone();
            st.set_journaling(false);
            let t = Instant::now();
            for _ in 0..100_000 {
                std::hint::black_box(st.clone());
            }
            t.elapsed().as_nanos() as f64 / 1e5
        };
        println!(
            "{name}: from the start {from_start:.0} playouts/s; {} positions; random playouts {playouts:.0}/s; MCTS iterations \
             {iterations:.0}/s; ratio {:.2}; one State clone {clone_ns:.0} ns",
            ps.len(),
            iterations / playouts
        );
    }
}
