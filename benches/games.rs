//! Every shipped game (`games/*.game`, found when the bench starts, so a new
//! game gets figures without a change here):
//!
//! - start-up: parse and build the game from its text (`Game::from_source`);
//! - random playouts: a fixed batch of `PLAYOUTS`, playout `i` seeded with
//!   `ChaCha8Rng::seed_from_u64(i)`, capped at `MAX_TURNS` turns;
//! - turn-level perft from the start (`ludic::engine::perft`), to the
//!   deepest depth up to 3 whose count stays under `PERFT_LEAVES` (Gomoku's
//!   and Pentago's depth 3 count tens of millions);
//! - MCTS (plain UCT, `MCTS_ITERATIONS` iterations, seeded) from the
//!   start, whose iterations a second issue 14 wants at least
//!   `MCTS_GOAL` times the random playouts a second;
//! - the start-up of a 10,000-site board (issue 14: under 100 ms).
//!
//! Criterion measures the CPU time of its thread (see
//! `benches/common/timing.rs`). After the criterion groups a summary table
//! (median of `REPS` timed repetitions, same clock; playouts and MCTS timed
//! in turns, more pairs for a quick game, see `MAX_PAIRS`) is printed in
//! Markdown, ready for `docs/performance.md`.
//!
//! Run: `cargo bench --bench games`; the summary alone: `cargo bench
//! --bench games -- zzz_none_match`; some games only: `GAMES=giveaway,exnihilo
//! cargo bench --bench games -- zzz_none_match`.

#[path = "common/timing.rs"]
mod timing;

use criterion::{BenchmarkGroup, Criterion, Throughput};
use ludic::compile::{Game, Options};
use ludic::engine::{Move, State, perft, playout};
use ludic::players::{Budget, Mcts, Turns, seeded_rng};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use timing::{ThreadCpu, median_time, rate, time};

/// Playouts in one batch (seeds `1..=PLAYOUTS`).
const PLAYOUTS: u64 = 100;
/// Turn cap of a playout; a capped playout counts as unfinished.
const MAX_TURNS: u32 = 10_000;
/// Deepest perft depth (turns).
const PERFT_DEPTH: u32 = 3;
/// A game's perft depth is the deepest whose count stays under this.
const PERFT_LEAVES: u64 = 3_000_000;
/// Iterations of one MCTS search from the start.
const MCTS_ITERATIONS: u32 = 100;
/// Issue 14: MCTS iterations a second at least this share of the random
/// playouts a second.
const MCTS_GOAL: f64 = 0.7;
/// Repetitions of each workload in the summary; the median is reported.
const REPS: usize = 7;
/// The summary times a game's playouts and its MCTS search in turns, pair
/// after pair, at least `REPS` pairs and more when a pair is quick: up to
/// `MAX_PAIRS`, about `PAIRS_CPU` of CPU time in all. A search of
/// `MCTS_ITERATIONS` takes a few milliseconds in most games, too short a
/// window to time steadily on a shared machine (the same search measured
/// 0.59 and 1.08 of the playouts' rate in two runs while its instruction
/// count stayed put).
const MAX_PAIRS: usize = 101;
/// See [`MAX_PAIRS`].
const PAIRS_CPU: Duration = Duration::from_millis(1500);
/// Issue 14: parse and build of any shipped game under 5 ms.
const STARTUP_GOAL_MS: f64 = 5.0;
/// Issue 14: a 10,000-site board (100 × 100) builds in under 100 ms.
const BIG_BOARD_GOAL_MS: f64 = 100.0;
/// A 100 × 100 placement game: 10,000 sites.
const BIG_BOARD: &str = "(game \"big\" (players 2) (board (square 100 100)) (piece \"Stone\")
  (play (place \"Stone\" to:Empty)) (end (no-moves Loss)))";

/// A shipped game: its name (the file stem), path and text.
struct Shipped {
    name: String,
    path: String,
    text: String,
}

impl Shipped {
    fn build(&self) -> Game {
        Game::from_source(&self.path, &self.text, &Options::default())
            .unwrap_or_else(|e| panic!("{} does not load: {e}", self.path))
    }
}

/// Every `games/*.game`, sorted by name (only those named in the
/// comma-separated `GAMES` variable, when it is set).
fn shipped() -> Vec<Shipped> {
    let only: Option<Vec<String>> = std::env::var("GAMES")
        .ok()
        .map(|v| v.split(',').map(|g| g.trim().to_string()).collect());
    let mut paths: Vec<PathBuf> = std::fs::read_dir("games")
        .expect("the games/ folder (run from the crate root)")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .filter(|p| {
            only.as_ref().is_none_or(|o| {
                o.iter()
                    .any(|g| p.file_stem().is_some_and(|s| s == g.as_str()))
            })
        })
        .map(|p| Shipped {
            name: p.file_stem().unwrap_or_default().to_string_lossy().into(),
            path: p.display().to_string(),
            text: std::fs::read_to_string(&p).expect("a readable game file"),
        })
        .collect()
}

/// The outcome of a batch of playouts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Batch {
    turns: u64,
    unfinished: u64,
}

fn playouts(start: &State, buf: &mut Vec<Move>) -> Batch {
    let mut b = Batch {
        turns: 0,
        unfinished: 0,
    };
    for seed in 1..=PLAYOUTS {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let r = playout(start.clone(), &mut rng, MAX_TURNS, buf);
        b.turns += u64::from(r.turns);
        b.unfinished += u64::from(r.outcome.is_none());
    }
    b
}

/// One seeded MCTS search of `MCTS_ITERATIONS` iterations from `start`,
/// whose legal turns are `turns`; the index of the chosen turn.
fn mcts(start: &State, turns: &Turns) -> usize {
    let mut m = Mcts::new(Budget::Iterations(MCTS_ITERATIONS), seeded_rng(1, 0, 0));
    m.search(start, turns)
}

/// The perft depth of a game: the deepest up to `PERFT_DEPTH` whose count,
/// estimated from the first depth's branching, stays under `PERFT_LEAVES`.
fn perft_depth(start: &State) -> u32 {
    let branching = perft(start, 1).expect("perft").max(1);
    let (mut depth, mut leaves) = (1, branching);
    while depth < PERFT_DEPTH && leaves.saturating_mul(branching) <= PERFT_LEAVES {
        depth += 1;
        leaves = perft(start, depth).expect("perft");
    }
    depth
}

/// Few samples and short windows: a slow game's batch can take a second.
fn group<'a>(c: &'a mut Criterion<ThreadCpu>, name: &str) -> BenchmarkGroup<'a, ThreadCpu> {
    let mut g = c.benchmark_group(name);
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(500));
    g.measurement_time(Duration::from_secs(2));
    g
}

fn bench_game(c: &mut Criterion<ThreadCpu>, game: &Shipped) {
    let mut g = group(c, "startup");
    g.bench_function(&game.name, |b| b.iter(|| black_box(game).build()));
    g.finish();

    let start = State::new(Arc::new(game.build()));
    let mut g = group(c, format!("playouts{PLAYOUTS}").as_str());
    g.throughput(Throughput::Elements(PLAYOUTS));
    let mut buf = Vec::with_capacity(64);
    g.bench_function(&game.name, |b| {
        b.iter(|| playouts(black_box(&start), &mut buf))
    });
    g.finish();

    let turns = Turns::of(&start);
    let mut g = group(c, format!("mcts{MCTS_ITERATIONS}").as_str());
    g.throughput(Throughput::Elements(u64::from(MCTS_ITERATIONS)));
    g.bench_function(&game.name, |b| b.iter(|| mcts(black_box(&start), &turns)));
    g.finish();

    let depth = perft_depth(&start);
    let leaves = perft(&start, depth).expect("perft");
    let mut g = group(c, "perft");
    g.throughput(Throughput::Elements(leaves));
    g.bench_function(format!("{}/{depth}", game.name), |b| {
        b.iter(|| perft(black_box(&start), depth).expect("perft"))
    });
    g.finish();
}

/// Times every game again and prints one Markdown table.
fn summary(games: &[Shipped], reps: usize) {
    println!();
    println!(
        "games summary (this run; median of {reps}, {}, one thread; load average {}):",
        timing::CLOCK,
        timing::load_average()
    );
    println!();
    println!(
        "| game | start-up ms | playouts/s | mean turns | unfinished | MCTS iterations/s | MCTS / playouts | perft depth | perft leaves | perft leaves/s |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut slow = Vec::new();
    let mut slow_mcts = Vec::new();
    for game in games {
        let (t_build, _) = median_time(reps, || game.build().board.len());
        let start = State::new(Arc::new(game.build()));
        let mut buf = Vec::with_capacity(64);
        let turns = Turns::of(&start);
        let ((t_play, batch), (t_mcts, _)) =
            paired(reps, || playouts(&start, &mut buf), || mcts(&start, &turns));
        let per_s = rate(PLAYOUTS, t_play);
        let iter_s = rate(u64::from(MCTS_ITERATIONS), t_mcts);
        if iter_s < MCTS_GOAL * per_s {
            slow_mcts.push(game.name.as_str());
        }
        let depth = perft_depth(&start);
        let (t_perft, leaves) = median_time(reps, || perft(&start, depth).expect("perft"));
        let ms = t_build.as_secs_f64() * 1e3;
        if ms >= STARTUP_GOAL_MS {
            slow.push(game.name.as_str());
        }
        println!(
            "| {} | {:.3} | {per_s:.0} | {:.1} | {}/{PLAYOUTS} | {iter_s:.0} | {:.2} | {depth} | {} | {:.0} |",
            game.name,
            ms,
            batch.turns as f64 / PLAYOUTS as f64,
            batch.unfinished,
            iter_s / per_s,
            leaves,
            rate(leaves, t_perft)
        );
    }
    println!();
    verdict_line(
        &format!("start-up goal (< {STARTUP_GOAL_MS} ms for every game)"),
        &slow,
    );
    verdict_line(
        &format!("MCTS goal (iterations/s >= {MCTS_GOAL} x playouts/s for every game)"),
        &slow_mcts,
    );
    let (t_big, sites) = median_time(reps, || big_board().board.len());
    let ms = t_big.as_secs_f64() * 1e3;
    let verdict = if ms < BIG_BOARD_GOAL_MS {
        "met"
    } else {
        "not met"
    };
    println!(
        "a {sites}-site board (100 × 100) starts in {ms:.1} ms (goal < {BIG_BOARD_GOAL_MS} ms: {verdict})"
    );
}

/// Times `a` and `b` in turns ([`timing::compare`]), as many pairs as
/// [`pairs`] gives for the time of one (`reps`, or more for a quick pair,
/// see [`MAX_PAIRS`]); both medians and both results, checked to be the
/// same every run. With `reps` = 1 (a test run), one pair.
fn paired<A, B>(
    reps: usize,
    mut a: impl FnMut() -> A,
    mut b: impl FnMut() -> B,
) -> ((Duration, A), (Duration, B))
where
    A: PartialEq + std::fmt::Debug,
    B: PartialEq + std::fmt::Debug,
{
    let (ta, _) = time(&mut a);
    let (tb, _) = time(&mut b);
    timing::compare(pairs(reps, ta + tb), a, b)
}

/// Pairs to time when one pair takes `once`: `reps` (1 in a test run), or
/// as many as fit in [`PAIRS_CPU`], up to [`MAX_PAIRS`]; odd, so that the
/// median is one of the times.
fn pairs(reps: usize, once: Duration) -> usize {
    if reps <= 1 {
        return 1;
    }
    let fit = (PAIRS_CPU.as_secs_f64() / once.as_secs_f64().max(1e-9)) as usize;
    fit.clamp(reps, MAX_PAIRS) | 1
}

/// Prints whether a goal for every game is met, naming the games that miss it.
fn verdict_line(goal: &str, missed: &[&str]) {
    if missed.is_empty() {
        println!("{goal}: met");
    } else {
        println!("{goal}: not met by {}", missed.join(", "));
    }
}

/// The 10,000-site placement game, parsed and built.
fn big_board() -> Game {
    Game::from_source("big.game", BIG_BOARD, &Options::default()).expect("the big board loads")
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let has = |flag: &str| args.iter().any(|a| a == flag);
    // Criterion's own rule: without `--bench` every benchmark runs once.
    let test_mode = has("--test") || !has("--bench");

    let games = shipped();
    let mut c = Criterion::default()
        .with_measurement(ThreadCpu)
        .configure_from_args();
    for game in &games {
        bench_game(&mut c, game);
    }
    let mut g = group(&mut c, "startup");
    g.bench_function("board-10000-sites", |b| b.iter(big_board));
    g.finish();
    c.final_summary();

    if !has("--list") {
        summary(&games, if test_mode { 1 } else { REPS });
    }
}
