//! `ludic playout`: uniform random playouts, seeded and reproducible.
//!
//! Playout `i` draws from ChaCha8 seeded with `--seed` on stream `i`, so
//! the results do not depend on the number of threads.

use super::util::{Fail, PositionArgs};
use crate::engine::{EndReason, PlayoutResult, State, playout};
use clap::Args;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::time::Instant;

/// Arguments of `ludic playout`.
#[derive(Debug, Args)]
pub struct PlayoutArgs {
    #[command(flatten)]
    pos: PositionArgs,
    /// Number of playouts (at most ten million).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(0..=10_000_000))]
    count: u64,
    /// Seed of the random generator.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads to spread the playouts over.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Stop a playout after this many turns (reported as unfinished).
    #[arg(long, default_value_t = 100_000)]
    max_turns: u32,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// Plays playout number `i` of a run seeded with `seed`.
pub fn one(start: &State, seed: u64, i: u64, max_turns: u32) -> PlayoutResult {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(i);
    let mut buf = Vec::with_capacity(64);
    let mut st = start.clone();
    // Dice inside the game draw from their own generator, seeded per playout.
    st.set_seed(seed ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    playout(st, &mut rng, max_turns, &mut buf)
}

/// Runs the command.
pub fn run(a: &PlayoutArgs) -> Result<i32, Fail> {
    let start = a.pos.state()?;
    let t = Instant::now();
    // At most one thread a playout, and a sane number in all.
    let threads = (a.threads.clamp(1, 256) as u64).min(a.count.max(1));
    let results = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                let start = &start;
                s.spawn(move || {
                    (k..a.count)
                        .step_by(threads as usize)
                        .map(|i| (i, one(start, a.seed, i, a.max_turns)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all: Vec<(u64, PlayoutResult)> = Vec::new();
        for h in handles {
            all.extend(
                h.join()
                    .map_err(|_| Fail("a playout thread failed".into()))?,
            );
        }
        all.sort_by_key(|x| x.0);
        Ok::<_, Fail>(all.into_iter().map(|x| x.1).collect::<Vec<_>>())
    })?;
    let secs = t.elapsed().as_secs_f64();
    report(&start, &results, secs, a)
}

fn report(
    start: &State,
    results: &[PlayoutResult],
    secs: f64,
    a: &PlayoutArgs,
) -> Result<i32, Fail> {
    let game = start.game();
    let mut wins = vec![0u64; game.num_players()];
    let (mut draws, mut unfinished) = (0u64, 0u64);
    let mut reasons: BTreeMap<String, u64> = BTreeMap::new();
    for r in results {
        match r.outcome {
            Some(o) => {
                match o.winner() {
                    Some(w) => wins[w as usize] += 1,
                    None => draws += 1,
                }
                *reasons.entry(reason_name(o.reason()).into()).or_default() += 1;
            }
            None => unfinished += 1,
        }
    }
    let n = results.len().max(1) as f64;
    let mean_turns = results.iter().fold(0.0, |a, r| a + r.turns as f64) / n;
    let (min, max) = (
        results.iter().map(|r| r.turns).min().unwrap_or(0),
        results.iter().map(|r| r.turns).max().unwrap_or(0),
    );
    let rate = results.len() as f64 / secs.max(1e-9);
    let names: Vec<&str> = game.players.iter().map(|p| p.name.as_str()).collect();
    if a.json {
        let w: serde_json::Map<String, serde_json::Value> = names
            .iter()
            .zip(&wins)
            .map(|(n, w)| (n.to_string(), (*w).into()))
            .collect();
        println!(
            "{}",
            serde_json::json!({
                "game": game.name, "count": results.len(), "seed": a.seed,
                "wins": w, "draws": draws, "unfinished": unfinished, "end_reasons": reasons,
                "mean_turns": mean_turns, "min_turns": min, "max_turns": max,
                "seconds": secs, "playouts_per_second": rate
            })
        );
    } else {
        println!(
            "{} playouts of {} (seed {})",
            results.len(),
            game.name,
            a.seed
        );
        for (name, w) in names.iter().zip(&wins) {
            println!("  {name} wins: {w}");
        }
        println!("  draws: {draws}   unfinished: {unfinished}");
        println!("  end reasons: {reasons:?}");
        println!("  turns: mean {mean_turns:.1}, min {min}, max {max}");
        println!("  {rate:.0} playouts/s ({secs:.2} s)");
    }
    Ok(0)
}

/// Short name of an end reason for reports.
pub fn reason_name(r: EndReason) -> &'static str {
    r.name()
}
