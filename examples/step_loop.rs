//! A front end's loop, for instruction counts (docs/performance.md): random
//! games played step by step as the Python package plays them: the steps
//! listed in place (`list_in_place`), `is_over`, then the legal steps,
//! then `play` of one, each game from the start. The steps are chosen by a fixed xorshift generator, so
//! that a run is the same everywhere; prints the steps played.
//!
//! `cargo run --release --example step_loop GAME GAMES [NAME=VALUE…]`; under
//! `valgrind --tool=callgrind`, less a run of 0 games, divided by the
//! steps, it gives the instructions of one step.

use ludic::compile::{Game, Options};
use ludic::engine::State;
use std::sync::Arc;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(name), Some(Ok(games))) = (args.get(1), args.get(2).map(|n| n.parse::<u64>())) else {
        eprintln!("usage: step_loop GAME GAMES [NAME=VALUE…]");
        std::process::exit(2);
    };
    // Toggles after the count, as `NAME=VALUE` (`ending=turns`).
    let opts = match Options::from_sets(args.get(3..).unwrap_or(&[])) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let game = match Game::load(name, &opts) {
        Ok(g) => Arc::new(g),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let start = State::new(game);
    let mut x: u64 = 88_172_645_463_325_252;
    let mut steps = 0u64;
    for _ in 0..games {
        let mut st = start.clone();
        // Listed on the state itself, as the Python package does.
        while {
            st.list_in_place();
            !st.is_over()
        } {
            let legal = st.legal_steps();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let m = legal[(x % legal.len() as u64) as usize];
            if st.play(&m).is_err() {
                break;
            }
            steps += 1;
        }
    }
    println!("{steps}");
}
