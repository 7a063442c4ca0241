//! `ludic analyze`: many seeded games between computer players and the
//! figures a designer compares: win rates with 95% confidence intervals,
//! game length, branching factor, how games end. `--compare NAME=VALUE`
//! plays the same games under a second setting and prints both side by
//! side, with the differences and their significance.

use super::util::{
    Fail, GameArgs, Progress, difference_json, duration, json_head, rate_json, round, wins_json,
};
use crate::compile::Game;
use crate::engine::State;
use crate::players::PlayerSpec;
use crate::players::analysis::{Difference, Rate, RunSpec, Stats, play_games, two_proportion};
use clap::Args;
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
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
    /// Print one JSON object (docs/json.md).
    #[arg(long)]
    json: bool,
    /// Also draw the win rates (with their intervals) and a histogram of
    /// game lengths into this SVG file, the settings side by side.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<String>,
    /// Show progress on stderr even when it is not a terminal (a line per
    /// tenth of the run, at most a thousand games apart).
    #[arg(long)]
    progress: bool,
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

/// Writes the charts of `--plot`.
fn plot(path: &str, file: &str, done: &[Setting]) -> Result<(), Fail> {
    let panels: Vec<crate::render::plot::Panel> = done
        .iter()
        .map(|s| crate::render::plot::Panel {
            label: s.label.clone(),
            wins: s
                .game
                .players
                .iter()
                .map(|p| p.name.clone())
                .zip(s.stats.wins.iter().copied())
                .collect(),
            draws: s.stats.draws,
            lengths: s.lengths.clone(),
        })
        .collect();
    let title = format!(
        "{file}: {} games a setting",
        done.first().map_or(0, |s| s.stats.games)
    );
    let svg = crate::render::plot::analysis_svg(&title, &panels);
    std::fs::write(path, svg).map_err(|e| Fail(format!("--plot {path}: {e}")))
}

/// One analysed setting.
struct Setting {
    label: String,
    game: Arc<Game>,
    stats: Stats,
    seconds: f64,
    lengths: Vec<u32>,
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
    let total = a.count * settings.len() as u64;
    let progress = Progress::new("analyze", "games", total, a.progress, false);
    let estimate = Estimate::new(total);
    let mut done = Vec::new();
    for (label, game) in settings {
        let start = State::new(game.clone());
        let t = Instant::now();
        let tick = || {
            progress.inc();
            if let Some(line) = estimate.tick() {
                progress.println(&line);
            }
        };
        let games = pool.install(|| play_games(&start, &spec, &tick));
        done.push(Setting {
            label,
            game,
            stats: Stats::of(&games, start.game().num_players()),
            seconds: t.elapsed().as_secs_f64(),
            lengths: games.iter().map(|g| g.turns).collect(),
        });
    }
    progress.finish();
    if let Some(path) = &a.plot {
        plot(path, &a.game.file, &done)?;
    }
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

/// The estimate of a run's time, printed once on stderr when the first
/// games are done: after a hundredth of the run (at least one game), if
/// the whole run looks longer than a few seconds.
struct Estimate {
    total: u64,
    done: AtomicU64,
    started: Instant,
}

impl Estimate {
    fn new(total: u64) -> Estimate {
        Estimate {
            total,
            done: AtomicU64::new(0),
            started: Instant::now(),
        }
    }

    /// One game done; the estimate's line when this game is the one.
    fn tick(&self) -> Option<String> {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        if done != (self.total / 100).max(1) || done == self.total {
            return None;
        }
        let secs = self.started.elapsed().as_secs_f64();
        let all = secs * self.total as f64 / done as f64;
        (all >= 5.0).then(|| {
            format!(
                "analyze: {done} of {} games in {}: about {} in all",
                self.total,
                duration(secs),
                duration(all)
            )
        })
    }
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
        "{:.1}% [{:.1}, {:.1}]",
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

/// One row of the table: label, one cell a setting, then the difference.
type Row = (String, Vec<String>, Option<String>);

fn row(name: &str, cells: impl IntoIterator<Item = String>, diff: Option<String>) -> Row {
    (name.to_string(), cells.into_iter().collect(), diff)
}

/// The table's lines: the label column and each setting's column as wide
/// as their widest cell, three spaces apart.
fn table(rows: &[Row]) -> Vec<String> {
    let label = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0) + 3;
    let columns = rows.iter().map(|r| r.1.len()).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|i| {
            let widest = rows.iter().filter_map(|r| r.1.get(i));
            widest.map(|c| c.chars().count()).max().unwrap_or(0) + 3
        })
        .collect();
    rows.iter()
        .map(|(name, cells, diff)| {
            let mut l = format!("{name:<label$}");
            for (c, w) in cells.iter().zip(&widths) {
                l.push_str(&format!("{c:<w$}"));
            }
            l.push_str(diff.as_deref().unwrap_or_default());
            l.trim_end().to_string()
        })
        .collect()
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
    let mut rows = vec![row("", labels, diff)];
    rows.extend(rate_lines(names, done));
    rows.extend(other_lines(done));
    let time = done.iter().map(|s| {
        let rate = a.count as f64 / s.seconds.max(1e-9);
        format!("{:.2} s ({rate:.0} games/s)", s.seconds)
    });
    rows.push(row("time", time, None));
    table(&rows).iter().for_each(|l| println!("{l}"));
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
fn rate_lines(names: &[String], done: &[Setting]) -> Vec<Row> {
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

/// A difference printed with `digits` decimals, never as `-0.00`.
fn signed(x: f64, digits: usize) -> String {
    let s = format!("{x:+.digits$}");
    if s.trim_start_matches(['+', '-'])
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        s.replacen('-', "+", 1)
    } else {
        s
    }
}

/// Game length, branching factor and end conditions.
fn other_lines(done: &[Setting]) -> Vec<Row> {
    let line = |name: &str, f: &dyn Fn(&Stats) -> String, delta: Option<fn(&Stats) -> f64>| {
        let cells = done.iter().map(|s| f(&s.stats));
        let diff = match (delta, done) {
            (Some(d), [x, y]) => Some(signed(d(&y.stats) - d(&x.stats), 2)),
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
        let f = |s: &Stats| format!("{:.1}%", 100.0 * share(s));
        out.push(line(&format!("ended by {r}"), &f, None));
    }
    out
}

/// One setting's figures (docs/json.md).
fn setting_json(s: &Setting, file: &str, sets: &[String]) -> Value {
    let st = &s.stats;
    let reasons: serde_json::Map<String, Value> = st
        .end_reasons
        .iter()
        .map(|(k, r)| (k.clone(), rate_json(r)))
        .collect();
    // Each setting's own seat names: `--against` may name them otherwise.
    let names: Vec<String> = s.game.players.iter().map(|p| p.name.clone()).collect();
    json!({
        "label": s.label, "game": file, "title": s.game.name, "sets": sets,
        "count": st.games,
        "wins": wins_json(&names, &st.wins),
        "draws": rate_json(&st.draws), "unfinished": rate_json(&st.unfinished),
        "end_reasons": reasons,
        "mean_turns": round(st.turns_mean, 2), "min_turns": st.turns_min,
        "max_turns": st.turns_max, "mean_branching": round(st.branching_mean, 2),
        "seconds": round(s.seconds, 3),
    })
}

fn print_json(a: &AnalyzeArgs, names: &[String], done: &[Setting], threads: usize) {
    // Each setting's game and toggles as given: the second is `--against`
    // (or the same game) with the `--compare` settings.
    let second_sets: Vec<String> = match &a.against {
        Some(_) => a.compare.clone(),
        None => a.game.sets.iter().chain(&a.compare).cloned().collect(),
    };
    let second_file = a.against.clone().unwrap_or_else(|| a.game.file.clone());
    let settings: Vec<Value> = done
        .iter()
        .enumerate()
        .map(|(i, s)| match i {
            0 => setting_json(s, &a.game.file, &a.game.sets),
            _ => setting_json(s, &second_file, &second_sets),
        })
        .collect();
    let mut out = json_head("analyze", &a.game, &done[0].game);
    let more = json!({
        "players": a.players.names(),
        "seats": names,
        "count": a.count,
        "seed": a.seed,
        "turn_cap": a.max_turns,
        "threads": threads,
        "settings": settings,
    });
    if let Value::Object(m) = more {
        out.extend(m);
    }
    if let [x, y] = done {
        let (x, y) = (&x.stats, &y.stats);
        let wins: Vec<Value> = x
            .wins
            .iter()
            .zip(&y.wins)
            .zip(names)
            .map(|((r0, r1), n)| {
                let mut d = difference_json(&two_proportion(*r0, *r1));
                d["seat"] = n.clone().into();
                d
            })
            .collect();
        out.insert(
            "comparison".into(),
            json!({
                "wins": wins,
                "draws": difference_json(&two_proportion(x.draws, y.draws)),
                "unfinished": difference_json(&two_proportion(x.unfinished, y.unfinished)),
                "mean_turns": round(y.turns_mean - x.turns_mean, 2),
                "mean_branching": round(y.branching_mean - x.branching_mean, 2),
            }),
        );
    }
    println!("{}", Value::Object(out));
}
