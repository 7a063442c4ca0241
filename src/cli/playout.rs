//! `ludic playout`: uniform random playouts, seeded and reproducible.
//!
//! Playout `i` draws from ChaCha8 seeded with `--seed` on stream `i`, so
//! the results do not depend on the number of threads.

use super::util::{Fail, PositionArgs, Progress, json_head, rate_json, round, wins_json};
use crate::engine::{EndReason, PlayoutResult, State, playout};
use crate::players::analysis::Rate;
use clap::Args;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::json;
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
    /// Print one JSON object (docs/json.md).
    #[arg(long)]
    json: bool,
    /// Show progress on stderr even when it is not a terminal (a line per
    /// tenth of the run, at most a thousand playouts apart).
    #[arg(long, conflicts_with = "quiet")]
    progress: bool,
    /// No progress on stderr (shown on a terminal by default).
    #[arg(long)]
    quiet: bool,
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
    let progress = Progress::new("playout", "playouts", a.count, a.progress, a.quiet);
    let results = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                let start = &start;
                let progress = &progress;
                s.spawn(move || {
                    (k..a.count)
                        .step_by(threads as usize)
                        .map(|i| {
                            let r = one(start, a.seed, i, a.max_turns);
                            progress.inc();
                            (i, r)
                        })
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
    progress.finish();
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
    let n = results.len() as u64;
    let mean_turns = results.iter().fold(0.0, |a, r| a + r.turns as f64) / n.max(1) as f64;
    let (min, max) = (
        results.iter().map(|r| r.turns).min().unwrap_or(0),
        results.iter().map(|r| r.turns).max().unwrap_or(0),
    );
    let rate = results.len() as f64 / secs.max(1e-9);
    let names: Vec<String> = game.players.iter().map(|p| p.name.clone()).collect();
    if a.json {
        let wins: Vec<Rate> = wins.iter().map(|&w| Rate::new(w, n)).collect();
        let reasons: serde_json::Map<String, serde_json::Value> = reasons
            .iter()
            .map(|(k, &c)| (k.clone(), rate_json(&Rate::new(c, n))))
            .collect();
        let mut out = json_head("playout", &a.pos.game, game);
        let more = json!({
            "count": n, "seed": a.seed, "turn_cap": a.max_turns,
            "wins": wins_json(&names, &wins),
            "draws": rate_json(&Rate::new(draws, n)),
            "unfinished": rate_json(&Rate::new(unfinished, n)),
            "end_reasons": reasons,
            "mean_turns": round(mean_turns, 2), "min_turns": min, "max_turns": max,
            "seconds": round(secs, 3), "playouts_per_second": rate.round() as u64,
        });
        if let serde_json::Value::Object(m) = more {
            out.extend(m);
        }
        println!("{}", serde_json::Value::Object(out));
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
        let reasons: Vec<String> = reasons.iter().map(|(k, c)| format!("{k} {c}")).collect();
        if !reasons.is_empty() {
            println!("  end reasons: {}", reasons.join(", "));
        }
        println!("  turns: mean {mean_turns:.1}, min {min}, max {max}");
        println!("  {rate:.0} playouts/s ({secs:.2} s)");
    }
    Ok(0)
}

/// Short name of an end reason for reports.
pub fn reason_name(r: EndReason) -> &'static str {
    r.name()
}
