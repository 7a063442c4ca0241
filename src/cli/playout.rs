//! `ludic playout`: uniform random playouts, seeded and reproducible
//! ([`ludic::batch::playouts`] plays them; this prints them).

use super::util::{Fail, PositionArgs, Progress};
use clap::Args;
use ludic::batch::playouts::{self, PlayoutSpec};
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

/// Runs the command.
pub fn run(a: &PlayoutArgs) -> Result<i32, Fail> {
    let start = a.pos.state_seeded(Some(a.seed))?;
    let t = Instant::now();
    let spec = PlayoutSpec {
        count: a.count,
        seed: a.seed,
        threads: a.threads,
        max_turns: a.max_turns,
    };
    let progress = Progress::new("playout", "playouts", a.count, a.progress, a.quiet);
    let results = playouts::run(&start, &spec, &|| progress.inc());
    progress.finish();
    let secs = t.elapsed().as_secs_f64();
    if a.json {
        let out = playouts::report_json(
            &a.pos.game.file,
            &a.pos.game.sets,
            &start,
            &spec,
            &results,
            secs,
        );
        println!("{out}");
        return Ok(0);
    }
    let game = start.game();
    let t = playouts::tally(&results, game.num_players());
    let mean_turns = t.turns_sum as f64 / t.games.max(1) as f64;
    println!("{} playouts of {} (seed {})", t.games, game.name, a.seed);
    let places = t.mean_places();
    for (i, (p, w)) in game.players.iter().zip(&t.wins).enumerate() {
        match places.get(i) {
            Some(m) => println!("  {}: {w}, mean place {m:.2}", ludic::diag::wins(&p.name)),
            None => println!("  {}: {w}", ludic::diag::wins(&p.name)),
        }
    }
    if !t.shared_firsts.is_empty() {
        println!("  first place shared: {}", t.shared_first);
    }
    // A game of one player may end in its loss: neither a win nor a draw.
    if let [p] = &game.players[..] {
        println!("  {}: {}", ludic::diag::loses(&p.name), t.losses);
    }
    println!("  draws: {}   unfinished: {}", t.draws, t.unfinished);
    let reasons: Vec<String> = t
        .end_reasons
        .iter()
        .filter(|(k, _)| *k != "unfinished")
        .map(|(k, c)| format!("{k} {c}"))
        .collect();
    if !reasons.is_empty() {
        println!("  end reasons: {}", reasons.join(", "));
    }
    println!(
        "  turns: mean {mean_turns:.1}, min {}, max {}",
        t.turns_min, t.turns_max
    );
    let rate = t.games as f64 / secs.max(1e-9);
    println!("  {rate:.0} playouts/s ({secs:.2} s)");
    Ok(0)
}
