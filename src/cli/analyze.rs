//! `ludic analyze`: many seeded games between computer players and the
//! figures a designer compares: win rates with 95% confidence intervals,
//! game length, branching factor, how games end. `--compare NAME=VALUE`
//! plays the same games under a second setting and prints both side by
//! side, with the differences and their significance.

use super::util::{Fail, GameArgs};
use crate::engine::State;
use crate::players::PlayerSpec;
use crate::players::analysis::{Difference, Rate, RunSpec, Stats, play_games, two_proportion};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;
use std::io::IsTerminal;
use std::time::Instant;

/// Arguments of `ludic analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Games per setting.
    #[arg(long, default_value_t = 1000)]
    count: u64,
    /// Who plays: one player for every side, or one per side separated by
    /// commas (`mcts:200,random`). Choices: random, mc[:PLAYOUTS],
    /// mcts[:ITERATIONS].
    #[arg(long, default_value = "random", value_parser = parse_players)]
    players: PlayerList,
    /// Seed of the run; game i draws from stream i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads to spread the games over (0: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Stop a game after this many turns (counted as unfinished).
    #[arg(long, default_value_t = 10_000)]
    max_turns: u32,
    /// Also play with these toggles set (NAME=VALUE, repeatable) and
    /// compare.
    #[arg(long, value_name = "NAME=VALUE")]
    compare: Vec<String>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// The players of `--players`, one per side (repeated over the sides).
#[derive(Debug, Clone)]
struct PlayerList(Vec<PlayerSpec>);

impl PlayerList {
    fn names(&self) -> Vec<String> {
        self.0.iter().map(ToString::to_string).collect()
    }
}

/// Parses `--players`: specs separated by commas, no humans.
fn parse_players(s: &str) -> Result<PlayerList, String> {
    let specs = s
        .split(',')
        .map(str::parse)
        .collect::<Result<Vec<PlayerSpec>, String>>()?;
    if specs.iter().any(PlayerSpec::is_human) {
        return Err("analyze plays computer players only".into());
    }
    Ok(PlayerList(specs))
}

/// One analysed setting.
struct Setting {
    label: String,
    stats: Stats,
    seconds: f64,
}

/// Runs the command.
pub fn run(a: &AnalyzeArgs) -> Result<i32, Fail> {
    let base = a.game.load()?;
    let names: Vec<String> = base.players.iter().map(|p| p.name.clone()).collect();
    let mut settings = vec![(label(&a.game.sets, "defaults"), base)];
    if !a.compare.is_empty() {
        let args = GameArgs {
            file: a.game.file.clone(),
            sets: a.game.sets.iter().chain(&a.compare).cloned().collect(),
        };
        settings.push((label(&a.compare, ""), args.load()?));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads)
        .build()
        .map_err(|e| Fail(format!("--threads: {e}")))?;
    let threads = pool.current_num_threads();
    let spec = RunSpec {
        players: a.players.0.clone(),
        count: a.count,
        seed: a.seed,
        max_turns: a.max_turns,
    };
    let bar = progress_bar(a.count * settings.len() as u64);
    let mut done = Vec::new();
    for (label, game) in settings {
        let start = State::new(game);
        let t = Instant::now();
        let games = pool.install(|| play_games(&start, &spec, &|| bar.inc(1)));
        done.push(Setting {
            label,
            stats: Stats::of(&games, start.game().num_players()),
            seconds: t.elapsed().as_secs_f64(),
        });
    }
    bar.finish_and_clear();
    if a.json {
        print_json(a, &names, &done, threads);
    } else {
        print_text(a, &names, &done, threads);
    }
    Ok(0)
}

fn label(sets: &[String], empty: &str) -> String {
    if sets.is_empty() {
        empty.to_string()
    } else {
        sets.join(" ")
    }
}

fn progress_bar(total: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, {eta} left")
    {
        bar.set_style(style);
    }
    bar
}

/// The rows compared between settings: label and rate.
fn rate_rows(names: &[String], s: &Stats) -> Vec<(String, Rate)> {
    let mut rows: Vec<(String, Rate)> = names
        .iter()
        .zip(&s.wins)
        .map(|(n, r)| (format!("{n} wins"), *r))
        .collect();
    rows.push(("draws".into(), s.draws));
    rows.push(("unfinished".into(), s.unfinished));
    rows
}

fn pct(r: &Rate) -> String {
    format!(
        "{:5.1}% [{:.1}, {:.1}]",
        100.0 * r.rate,
        100.0 * r.low,
        100.0 * r.high
    )
}

fn diff_text(d: &Difference) -> String {
    format!(
        "{:+.1} pts, p = {:.3}{}",
        100.0 * d.difference,
        d.p,
        if d.significant { " *" } else { "" }
    )
}

fn print_text(a: &AnalyzeArgs, names: &[String], done: &[Setting], threads: usize) {
    let players = a.players.names();
    println!(
        "{} games a setting of {}, players {}, seed {}, {threads} thread(s)",
        a.count,
        a.game.file,
        players.join(","),
        a.seed
    );
    let w = 26;
    let mut head = format!("{:<22}", "");
    for s in done {
        head.push_str(&format!("{:<w$}", s.label));
    }
    if done.len() == 2 {
        head.push_str("difference (* significant at 5%)");
    }
    println!("{}", head.trim_end());
    let rows: Vec<Vec<(String, Rate)>> = done.iter().map(|s| rate_rows(names, &s.stats)).collect();
    for (i, (name, _)) in rows[0].iter().enumerate() {
        let mut line = format!("{name:<22}");
        for r in &rows {
            line.push_str(&format!("{:<w$}", pct(&r[i].1)));
        }
        if rows.len() == 2 {
            line.push_str(&diff_text(&two_proportion(rows[0][i].1, rows[1][i].1)));
        }
        println!("{}", line.trim_end());
    }
    let line = |name: &str, f: &dyn Fn(&Stats) -> String, diff: Option<f64>| {
        let mut l = format!("{name:<22}");
        for s in done {
            l.push_str(&format!("{:<w$}", f(&s.stats)));
        }
        if let (Some(d), 2) = (diff, done.len()) {
            l.push_str(&format!("{d:+.2}"));
        }
        println!("{}", l.trim_end());
    };
    let delta =
        |f: fn(&Stats) -> f64| (done.len() == 2).then(|| f(&done[1].stats) - f(&done[0].stats));
    line(
        "turns mean [min, max]",
        &|s| format!("{:.1} [{}, {}]", s.turns_mean, s.turns_min, s.turns_max),
        delta(|s| s.turns_mean),
    );
    line(
        "branching (mean)",
        &|s| format!("{:.2}", s.branching_mean),
        delta(|s| s.branching_mean),
    );
    let mut reasons: Vec<&String> = done
        .iter()
        .flat_map(|s| s.stats.end_reasons.keys())
        .collect();
    reasons.sort();
    reasons.dedup();
    for r in reasons {
        let share = |s: &Stats| {
            s.end_reasons
                .get(r)
                .copied()
                .unwrap_or(Rate::new(0, s.games))
        };
        line(
            &format!("ended by {r}"),
            &|s| format!("{:5.1}%", 100.0 * share(s).rate),
            None,
        );
    }
    let mut l = format!("{:<22}", "time");
    for s in done {
        l.push_str(&format!(
            "{:<w$}",
            format!(
                "{:.2} s ({:.0} games/s)",
                s.seconds,
                a.count as f64 / s.seconds.max(1e-9)
            )
        ));
    }
    println!("{}", l.trim_end());
    if done.len() == 2 {
        let d = two_proportion(done[0].stats.wins[0], done[1].stats.wins[0]);
        println!(
            "{} (first player) wins: {:+.1} points with {}, z = {:.2}, p = {:.3}: {}",
            names[0],
            100.0 * d.difference,
            done[1].label,
            d.z,
            d.p,
            if d.significant {
                "significant at the 5% level"
            } else {
                "not significant at the 5% level"
            }
        );
    }
}

fn print_json(a: &AnalyzeArgs, names: &[String], done: &[Setting], threads: usize) {
    let settings: Vec<serde_json::Value> = done
        .iter()
        .map(|s| {
            let mut v = serde_json::to_value(&s.stats).unwrap_or_default();
            v["label"] = json!(s.label);
            v["seconds"] = json!(s.seconds);
            v
        })
        .collect();
    let mut out = json!({
        "game": a.game.file,
        "players": a.players.names(),
        "player_names": names,
        "count": a.count,
        "seed": a.seed,
        "threads": threads,
        "settings": settings,
    });
    if done.len() == 2 {
        let (x, y) = (&done[0].stats, &done[1].stats);
        let rows: serde_json::Map<String, serde_json::Value> = rate_rows(names, x)
            .into_iter()
            .zip(rate_rows(names, y))
            .map(|((n, r0), (_, r1))| (n, json!(two_proportion(r0, r1))))
            .collect();
        out["comparison"] = json!({
            "first_player_wins": two_proportion(x.wins[0], y.wins[0]),
            "rates": rows,
            "turns_mean": y.turns_mean - x.turns_mean,
            "branching_mean": y.branching_mean - x.branching_mean,
        });
    }
    println!("{out}");
}
