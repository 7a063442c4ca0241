//! Fixed work for the instruction-count benchmark (`benches/callgrind.sh`):
//! checkers perft(6) from the start, every leaf made, and 100 random
//! playouts seeded 1..=100. The counts are asserted, so that a change that
//! alters the work (not only its cost) fails here instead of showing as a
//! speed-up.
//!
//! Run natively: `cargo run --release --example fixed_work`.

use ludic::compile::{Game, Options};
use ludic::engine::{State, perft, playout};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// Published leaf count of checkers perft(6) from the start.
const PERFT6: u64 = 36_768;
/// Playouts, seeded `1..=PLAYOUTS`.
const PLAYOUTS: u64 = 100;
/// Total turns of those playouts (recorded when this file was written; a
/// rule or RNG change that alters the games changes it).
const PLAYOUT_TURNS: u64 = 6_937;

/// The perft part; not inlined, so that callgrind can report it alone.
#[inline(never)]
fn perft_work(start: &State) -> u64 {
    perft(start, 6).expect("perft")
}

/// The playout part; not inlined, so that callgrind can report it alone.
#[inline(never)]
fn playout_work(start: &State) -> u64 {
    let mut buf = Vec::with_capacity(64);
    (1..=PLAYOUTS)
        .map(|seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            u64::from(playout(start.clone(), &mut rng, 1000, &mut buf).turns)
        })
        .sum()
}

fn main() {
    let game = Game::load("games/checkers.game", &Options::default()).expect("checkers loads");
    let start = State::new(Arc::new(game));
    let leaves = perft_work(&start);
    assert_eq!(leaves, PERFT6, "perft(6)");
    let turns = playout_work(&start);
    assert_eq!(turns, PLAYOUT_TURNS, "total turns of {PLAYOUTS} playouts");
    println!("perft(6) = {leaves}; {PLAYOUTS} playouts, {turns} turns");
}
