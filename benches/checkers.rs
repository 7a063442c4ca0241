//! Checkers: ludic (`games/checkers.game`) against the hand-written bitboard
//! baseline (`benches/baseline/checkers.rs`), in the same run.
//!
//! - perft(7) from the start, every leaf made: 179,740 leaves.
//! - random playouts: a fixed batch of `PLAYOUTS`, playout `i` seeded with
//!   `ChaCha8Rng::seed_from_u64(i)` for `i` in `1..=PLAYOUTS`.
//!
//! Criterion measures the CPU time of its thread (see
//! `benches/common/timing.rs`: this machine is shared, and wall time would
//! mostly measure the other processes). After the criterion groups a
//! summary times both sides again over the same fixed workloads, in turns,
//! `REPS` times each, and prints the medians and `ludic / baseline`, one
//! line a workload.
//!
//! The two playouts are comparable but not identical: ludic plays uniform
//! random *steps* (one hop of a multi-jump at a time) under the rule file's
//! draw rules (threefold repetition, 80 turns without progress); the
//! baseline plays uniform random complete moves with no draw rule, stopped
//! after `MAX_TURNS`. Random games are short either way (a mean of about 70
//! turns each, printed with the summary), so a playout is the same amount of
//! game.
//!
//! Run: `cargo bench --bench checkers`.

#[path = "baseline/checkers.rs"]
mod baseline;
#[path = "common/timing.rs"]
mod timing;

use criterion::{Criterion, Throughput};
use ludic::compile::{Game, Options};
use ludic::engine::{Move, State, perft, playout};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::sync::Arc;
use timing::{ThreadCpu, compare, rate};

/// Perft depth and its published leaf count from the start.
const PERFT_DEPTH: u32 = 7;
const PERFT_LEAVES: u64 = 179_740;
/// Playouts in one batch (seeds `1..=PLAYOUTS`).
const PLAYOUTS: u64 = 200;
/// Turn cap of a playout, for both sides (never reached from the start in
/// practice: the longest random game of thousands is under 300 turns).
const MAX_TURNS: u32 = 1000;
/// Repetitions of each workload in the summary; the median is reported.
const REPS: usize = 11;

fn ludic_start() -> State {
    let game = Game::load("games/checkers.game", &Options::default()).expect("checkers loads");
    State::new(Arc::new(game))
}

/// Plays the batch with ludic; returns the total number of turns.
fn ludic_playouts(start: &State, buf: &mut Vec<Move>) -> u64 {
    (1..=PLAYOUTS)
        .map(|seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            u64::from(playout(start.clone(), &mut rng, MAX_TURNS, buf).turns)
        })
        .sum()
}

/// Plays the batch with the baseline; returns the total number of turns.
fn baseline_playouts(start: &baseline::Position) -> u64 {
    (1..=PLAYOUTS)
        .map(|seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            u64::from(start.random_playout(&mut rng, MAX_TURNS).1)
        })
        .sum()
}

fn perft_group(c: &mut Criterion<ThreadCpu>, lu: &State, base: &baseline::Position) {
    let mut g = c.benchmark_group(format!("checkers/perft{PERFT_DEPTH}"));
    g.throughput(Throughput::Elements(PERFT_LEAVES));
    g.sample_size(20);
    g.bench_function("ludic", |b| {
        b.iter(|| perft(black_box(lu), PERFT_DEPTH).expect("perft"))
    });
    g.bench_function("baseline", |b| {
        b.iter(|| black_box(base).perft(PERFT_DEPTH))
    });
    g.finish();
}

fn playout_group(c: &mut Criterion<ThreadCpu>, lu: &State, base: &baseline::Position) {
    let mut g = c.benchmark_group(format!("checkers/playouts{PLAYOUTS}"));
    g.throughput(Throughput::Elements(PLAYOUTS));
    g.sample_size(20);
    let mut buf = Vec::with_capacity(64);
    g.bench_function("ludic", |b| {
        b.iter(|| ludic_playouts(black_box(lu), &mut buf))
    });
    g.bench_function("baseline", |b| {
        b.iter(|| baseline_playouts(black_box(base)))
    });
    g.finish();
}

/// Times both sides over the fixed workloads and prints the ratios.
fn summary(lu: &State, base: &baseline::Position, reps: usize) {
    let ((lt, ln), (bt, bn)) = compare(
        reps,
        || perft(lu, PERFT_DEPTH).expect("perft"),
        || base.perft(PERFT_DEPTH),
    );
    assert_eq!((ln, bn), (PERFT_LEAVES, PERFT_LEAVES), "perft counts");
    let (l_perft, b_perft) = (rate(ln, lt), rate(bn, bt));

    let mut buf = Vec::with_capacity(64);
    let ((lt, l_turns), (bt, b_turns)) = compare(
        reps,
        || ludic_playouts(lu, &mut buf),
        || baseline_playouts(base),
    );
    let (l_play, b_play) = (rate(PLAYOUTS, lt), rate(PLAYOUTS, bt));
    let mean = |turns: u64| turns as f64 / PLAYOUTS as f64;

    println!();
    println!(
        "checkers summary, ludic / baseline (this run; median of {reps}, {}, one thread; load average {}):",
        timing::CLOCK,
        timing::load_average()
    );
    println!(
        "  perft({PERFT_DEPTH}) leaves/s   ludic {:>12.0}   baseline {:>12.0}   ratio {:.3}   (goal >= 0.100: {})",
        l_perft,
        b_perft,
        l_perft / b_perft,
        met(l_perft / b_perft >= 0.1)
    );
    println!(
        "  playouts/s        ludic {:>12.0}   baseline {:>12.0}   ratio {:.3}   (goal >= 0.250: {})   mean turns {:.1} / {:.1} over {PLAYOUTS}",
        l_play,
        b_play,
        l_play / b_play,
        met(l_play / b_play >= 0.25),
        mean(l_turns),
        mean(b_turns)
    );
}

fn met(ok: bool) -> &'static str {
    if ok { "met" } else { "not met" }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let has = |flag: &str| args.iter().any(|a| a == flag);
    // Criterion's own rule: without `--bench` (as under `cargo test
    // --benches`) every benchmark runs once, as a test.
    let test_mode = has("--test") || !has("--bench");

    let lu = ludic_start();
    let base = baseline::Position::start();
    let mut c = Criterion::default()
        .with_measurement(ThreadCpu)
        .configure_from_args();
    perft_group(&mut c, &lu, &base);
    playout_group(&mut c, &lu, &base);
    c.final_summary();

    if !has("--list") {
        summary(&lu, &base, if test_mode { 1 } else { REPS });
    }
}
