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
    /// Games per setting (at most 1,000,000: each game's summary is kept).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    count: u64,
    /// Who plays: one player for every side, or one per side separated by
    /// commas (`mcts:200,random`). Choices: random, mc[:PLAYOUTS],
    /// mcts[:ITERATIONS].
    #[arg(long, default_value = "random", value_parser = parse_players)]
    players: PlayerList,
    /// Seed of the run; game i draws from stream i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads to spread the games over (0: one per core; at most 256).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u16).range(0..=256))]
    threads: u16,
    /// Stop a game after this many turns (counted as unfinished).
    #[arg(long, default_value_t = 10_000)]
    max_turns: u32,
    /// Also play with these toggles set (NAME=VALUE, repeatable) and
    /// compare.
    #[arg(long, value_name = "NAME=VALUE")]
    compare: Vec<String>,
    /// Also play this game (a variant file, or its base) and compare;
    /// `--compare` settings apply to it. It must have as many players;
    /// they are compared seat by seat (first player, second…).
    #[arg(long, value_name = "GAME")]
    against: Option<String>,
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
    let specs = a.players.0.len();
    if specs > 1 && specs != names.len() {
        return Err(Fail(format!(
            "--players: {specs} players given, but {} has {} seats (give one for all, or one per seat)",
            a.game.file,
            names.len()
        )));
    }
    let first = match &a.against {
        Some(_) => format!("{} {}", a.game.file, label(&a.game.sets, ""))
            .trim_end()
            .to_string(),
        None => label(&a.game.sets, "defaults"),
    };
    let mut settings = vec![(first, base)];
    if let Some(other) = &a.against {
        let args = GameArgs {
            file: other.clone(),
            sets: a.compare.clone(),
        };
        let game = args.load()?;
        if game.players.len() != names.len() {
            return Err(Fail(format!(
                "--against {other}: {} players, but {} has {}",
                game.players.len(),
                a.game.file,
                names.len()
            )));
        }
        let sets = label(&a.compare, "");
        settings.push((format!("{other} {sets}").trim_end().to_string(), game));
    } else if !a.compare.is_empty() {
        let args = GameArgs {
            file: a.game.file.clone(),
            sets: a.game.sets.iter().chain(&a.compare).cloned().collect(),
        };
        settings.push((label(&a.compare, ""), args.load()?));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads as usize)
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

/// Width of the row labels and of each setting's column.
const LABEL: usize = 24;
const COLUMN: usize = 26;

/// One row of the table: label, one cell a setting, then the difference.
fn row(name: &str, cells: impl IntoIterator<Item = String>, diff: Option<String>) -> String {
    let mut l = format!("{name:<LABEL$}");
    for c in cells {
        l.push_str(&format!("{c:<COLUMN$}"));
    }
    l.push_str(&diff.unwrap_or_default());
    l.trim_end().to_string()
}

fn print_text(a: &AnalyzeArgs, names: &[String], done: &[Setting], threads: usize) {
    println!(
        "{} games per setting of {}, players {}, seed {}, {threads} thread(s)",
        a.count,
        a.game.file,
        a.players.names().join(","),
        a.seed
    );
    let two = done.len() == 2;
    let labels = done.iter().map(|s| s.label.clone());
    let diff = two.then(|| "difference, right − left (* significant at 5%)".to_string());
    println!("{}", row("", labels, diff));
    rate_lines(names, done).iter().for_each(|l| println!("{l}"));
    other_lines(done).iter().for_each(|l| println!("{l}"));
    let time = done.iter().map(|s| {
        let rate = a.count as f64 / s.seconds.max(1e-9);
        format!("{:.2} s ({rate:.0} games/s)", s.seconds)
    });
    println!("{}", row("time", time, None));
    if two {
        let d = two_proportion(done[0].stats.wins[0], done[1].stats.wins[0]);
        let verdict = if d.significant { "" } else { "not " };
        println!(
            "{} (first player) wins: {:+.1} points with {}, z = {:.2}, p = {:.3}: \
             {verdict}significant at the 5% level",
            names[0],
            100.0 * d.difference,
            done[1].label,
            d.z,
            d.p,
        );
    }
}

/// The rate rows, with a z-test per row when there are two settings.
fn rate_lines(names: &[String], done: &[Setting]) -> Vec<String> {
    let rows: Vec<Vec<(String, Rate)>> = done.iter().map(|s| rate_rows(names, &s.stats)).collect();
    (0..rows[0].len())
        .map(|i| {
            let cells = rows.iter().map(|r| pct(&r[i].1));
            let diff =
                (rows.len() == 2).then(|| diff_text(&two_proportion(rows[0][i].1, rows[1][i].1)));
            row(&rows[0][i].0, cells, diff)
        })
        .collect()
}

/// Game length, branching factor and end conditions.
fn other_lines(done: &[Setting]) -> Vec<String> {
    let line = |name: &str, f: &dyn Fn(&Stats) -> String, delta: Option<fn(&Stats) -> f64>| {
        let cells = done.iter().map(|s| f(&s.stats));
        let diff = match (delta, done) {
            (Some(d), [x, y]) => Some(format!("{:+.2}", d(&y.stats) - d(&x.stats))),
            _ => None,
        };
        row(name, cells, diff)
    };
    let mut out = vec![
        line(
            "turns mean [min, max]",
            &|s| format!("{:.1} [{}, {}]", s.turns_mean, s.turns_min, s.turns_max),
            Some(|s| s.turns_mean),
        ),
        line(
            "branching (mean)",
            &|s| format!("{:.2}", s.branching_mean),
            Some(|s| s.branching_mean),
        ),
    ];
    let mut reasons: Vec<&String> = done
        .iter()
        .flat_map(|s| s.stats.end_reasons.keys())
        .collect();
    reasons.sort();
    reasons.dedup();
    for r in reasons {
        let share = |s: &Stats| s.end_reasons.get(r).map_or(0.0, |x| x.rate);
        let f = |s: &Stats| format!("{:5.1}%", 100.0 * share(s));
        out.push(line(&format!("ended by {r}"), &f, None));
    }
    out
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
