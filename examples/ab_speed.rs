//! The heuristic players' speed on every shipped game (docs/performance.md,
//! issue 15): the heuristic's cost per evaluation of an early
//! position (both players' terms), and alpha-beta's nodes a second from
//! it, deepening for `SEARCH` (the depth reached is printed). Then
//! guided MCTS's iterations a second from the start of three games, plain
//! and with each option. Prints Markdown tables.
//!
//! `cargo run --release --example ab_speed [GAME…]` (every shipped game
//! when none is named).

use ludic::compile::{Game, Options, shipped_games};
use ludic::engine::State;
use ludic::players::{
    Agent, AlphaBeta, Budget, Depth, Guide, Mcts, PlayerSpec, Turns, evaluate, play_game,
    seeded_rng,
};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Time of each alpha-beta search.
const SEARCH: Duration = Duration::from_millis(500);
/// Evaluations timed per game.
const EVALS: u32 = 20_000;
/// Random turns played from the start to reach the position measured.
const OPENING: u32 = 4;

fn main() {
    let named: Vec<String> = std::env::args().skip(1).collect();
    let games: Vec<String> = if named.is_empty() {
        shipped_games().into_iter().map(String::from).collect()
    } else {
        named
    };
    println!(
        "| game | µs / evaluation | ab:{}ms: depth | nodes | nodes/s |",
        SEARCH.as_millis()
    );
    println!("| --- | ---: | ---: | ---: | ---: |");
    for name in &games {
        let g = Arc::new(Game::load(name, &Options::default()).expect("game"));
        let st = middle_game(&State::new(g));
        let per = eval_micros(&st);
        let mut ab = AlphaBeta::new(Depth::Time(SEARCH), seeded_rng(1, 0, 0));
        let t = Instant::now();
        ab.search(&st);
        let secs = t.elapsed().as_secs_f64();
        println!(
            "| {name} | {per:.2} | {} | {} | {:.0} |",
            ab.finished,
            ab.nodes,
            ab.nodes as f64 / secs
        );
    }
    println!();
    guided_mcts();
}

/// The last position in which a player moved in the first `OPENING`
/// turns of a game between two seeded random players (a game not over).
fn middle_game(start: &State) -> State {
    let mut players: Vec<Box<dyn Agent>> = (0..2)
        .map(|side| {
            PlayerSpec::Random
                .build(seeded_rng(7, 0, side))
                .expect("random")
        })
        .collect();
    let mut last = start.clone();
    play_game(start, &mut players, OPENING, |st, _| last = st.clone());
    last
}

/// Microseconds per evaluation of `st` for its player to move.
fn eval_micros(st: &State) -> f64 {
    let mut st = st.clone();
    let (mut values, mut moves) = (Vec::new(), Vec::new());
    let me = st.current_player();
    let t = Instant::now();
    let mut sum = 0i64;
    for _ in 0..EVALS {
        sum = sum.wrapping_add(evaluate(&mut st, me, &mut values, &mut moves));
    }
    std::hint::black_box(sum);
    t.elapsed().as_secs_f64() * 1e6 / f64::from(EVALS)
}

/// Guided MCTS: iterations a second from the start, plain and with each
/// option.
fn guided_mcts() {
    let specs = ["", "cut=10", "cut=0", "eps=0.5", "cut=10,eps=0.5"];
    println!(
        "| game | {} |",
        specs
            .map(|s| if s.is_empty() { "plain" } else { s })
            .join(" | ")
    );
    println!("| --- |{}", " ---: |".repeat(specs.len()));
    for name in ["checkers", "breakthrough", "reversi"] {
        let g = Arc::new(Game::load(name, &Options::default()).expect("game"));
        let st = State::new(g);
        let turns = Turns::of(&st);
        let mut row = format!("| {name} |");
        for spec in specs {
            let mut guide = Guide::default();
            for o in spec.split(',').filter(|o| !o.is_empty()) {
                guide.set(o).expect("option");
            }
            let mut m = Mcts::guided(Budget::Iterations(2000), guide, seeded_rng(1, 0, 0));
            let t = Instant::now();
            m.search(&st, &turns);
            row += &format!(" {:.0} |", 2000.0 / t.elapsed().as_secs_f64());
        }
        println!("{row}");
    }
}
