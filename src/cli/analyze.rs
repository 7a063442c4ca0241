//! `ludic analyze`: many seeded games between computer players and the
//! figures a designer compares: win rates with 95% confidence intervals,
//! game length, branching factor, how games end. `--compare NAME=VALUE`
//! plays the same games under a second setting and prints both side by
//! side, with the differences and their significance.

use super::util::{Fail, GameArgs, Progress, duration};
use clap::Args;
use ludic::batch::analyze::{self, Report, Request, Setting, Shard};
use ludic::players::PlayerSpec;
use ludic::players::analysis::{Difference, Rate, Stats, two_proportion};
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
    /// commas (`mcts:200,random`). Choices: random, greedy, ab[:DEPTH|:TIME],
    /// mc[:PLAYOUTS|:TIME], mcts[:ITERATIONS|:TIME][,cut=TURNS][,eps=CHANCE]
    /// (`ludic players`).
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
    /// Play only shard K of N of the games (1 <= K <= N): a partial
    /// result that `ludic merge` adds up with the other shards' into the
    /// unsharded run's. Use with --json.
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    shard: Option<Shard>,
    /// Print one JSON object (docs/json.md).
    #[arg(long)]
    json: bool,
    /// Also draw the win rates (with their intervals) and a histogram of
    /// game lengths into this SVG file, the settings side by side.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<String>,
    /// Write every game played to this file, as trials (one per game,
    /// with its toggles, players, seed, turns, dice and result) that
    /// `ludic replay GAME FILE` plays again move by move. Written as the
    /// games are played: a run stopped midway keeps the games played.
    #[arg(long, value_name = "FILE")]
    record: Option<String>,
    /// Overwrite the --plot and --record files if they exist.
    #[arg(long)]
    force: bool,
    /// Show progress on stderr even when it is not a terminal (a line per
    /// tenth of the run, at most a thousand games apart).
    #[arg(long)]
    progress: bool,
    /// Play with the reference interpreter alone, never the compiled
    /// tier: the same games, more slowly; a cross-check.
    #[arg(long)]
    interpreted: bool,
}

/// The players of `--players`, one per side (repeated over the sides).
#[derive(Debug, Clone)]
pub(super) struct PlayerList(pub(super) Vec<PlayerSpec>);

/// Parses `--players`: specs separated by commas (an `mcts` option such
/// as `cut=20` stays with its player), no humans.
pub(super) fn parse_players(s: &str) -> Result<PlayerList, String> {
    let specs = ludic::players::split_specs(s)
        .iter()
        .map(|p| p.parse())
        .collect::<Result<Vec<PlayerSpec>, _>>()
        .map_err(|e| e.to_string())?;
    if specs.iter().any(PlayerSpec::is_human) {
        return Err("analyze plays computer players only".into());
    }
    Ok(PlayerList(specs))
}

/// Writes the charts of `--plot`: each setting's win rates and draws with
/// their intervals, and its game lengths.
fn plot(path: &str, force: bool, report: &Report) -> Result<(), Fail> {
    let panels: Vec<ludic::render::plot::Panel> = report
        .settings
        .iter()
        .map(|s| {
            let stats = s.stats();
            ludic::render::plot::Panel {
                label: s.label.clone(),
                wins: s
                    .seats
                    .iter()
                    .cloned()
                    .zip(stats.wins.iter().copied())
                    .collect(),
                draws: stats.draws,
                lengths: s
                    .tally
                    .lengths
                    .iter()
                    .flat_map(|(&turns, &n)| std::iter::repeat_n(turns, n as usize))
                    .collect(),
            }
        })
        .collect();
    let title = format!(
        "{}: {} games a setting",
        report.game,
        report.settings.first().map_or(0, |s| s.tally.games)
    );
    let svg = ludic::render::plot::analysis_svg(&title, &panels);
    super::output::write_new(std::path::Path::new(path), force, "--plot", &svg)
}

pub(super) fn parse_shard(s: &str) -> Result<Shard, String> {
    Shard::parse(s).map_err(|e| e.to_string())
}

/// Runs the command.
pub fn run(a: &AnalyzeArgs) -> Result<i32, Fail> {
    // Before the games are played, not after.
    if let Some(path) = &a.plot {
        super::output::refuse_existing(std::path::Path::new(path), a.force, "--plot")?;
    }
    if let Some(path) = &a.record {
        super::output::refuse_existing(std::path::Path::new(path), a.force, "--record")?;
    }
    let req = Request {
        game: a.game.file.clone(),
        sets: a.game.sets.clone(),
        players: a.players.0.clone(),
        count: a.count,
        seed: a.seed,
        threads: a.threads as usize,
        max_turns: a.max_turns,
        compare: a.compare.clone(),
        against: a.against.clone(),
        shard: a.shard,
        engine: ludic::engine::Engine::interpreted_if(a.interpreted),
        texts: Vec::new(),
    };
    let total = req.total_games();
    let progress = Progress::new("analyze", "games", total, a.progress, false);
    let estimate = Estimate::new("analyze", total);
    let tick = || {
        progress.inc();
        if let Some(line) = estimate.tick() {
            progress.println(&line);
        }
    };
    let report = match &a.record {
        Some(path) => recorded(&req, &tick, std::path::Path::new(path), a.force)?,
        None => analyze::run(&req, &tick).map_err(|e| Fail(e.to_string()))?,
    };
    progress.finish();
    if let Some(path) = &a.plot {
        plot(path, a.force, &report)?;
    }
    if a.json {
        println!("{}", report.to_json());
    } else {
        print_text(&report);
    }
    Ok(0)
}

/// The analysis of `req` with its records written to the new file `path`
/// (refused when it exists, unless `force`) piece by piece as the games
/// are played, each piece flushed: a run stopped midway (Ctrl-C) leaves
/// the records of every game of the pieces done.
fn recorded(
    req: &Request,
    tick: &(dyn Fn() + Sync),
    path: &std::path::Path,
    force: bool,
) -> Result<analyze::Report, Fail> {
    use std::io::Write;
    let mut file = super::output::open_new(path, force, "--record")?;
    let mut sink = |records: &ludic::batch::analyze_until::Records| {
        let text = ludic::batch::record::records_text(records);
        file.write_all(text.as_bytes())
            .and_then(|()| file.flush())
            .map_err(|e| format!("--record {}: {e}", path.display()))
    };
    analyze::run_recorded(req, tick, &mut sink).map_err(|e| Fail(e.to_string()))
}

/// `ludic merge`: the partial results of `analyze --shard K/N --json`, in
/// files, merged into the whole run's report.
pub fn merge(files: &[String], json: bool) -> Result<i32, Fail> {
    let parts = files
        .iter()
        .map(|f| {
            let text = ludic::compile::read_text(std::path::Path::new(f))
                .map_err(|e| Fail(format!("{f}: {e}")))?;
            serde_json::from_str(&text).map_err(|e| Fail(format!("{f}: not JSON: {e}")))
        })
        .collect::<Result<Vec<serde_json::Value>, Fail>>()?;
    let report = analyze::merge(&parts).map_err(|e| Fail(e.to_string()))?;
    if json {
        println!("{}", report.to_json());
    } else {
        print_text(&report);
    }
    Ok(0)
}

/// The estimate of a run's time, printed once on stderr when the first
/// games are done: after a hundredth of the run (at least one game), if
/// the whole run looks longer than a few seconds.
pub(super) struct Estimate {
    what: &'static str,
    total: u64,
    done: AtomicU64,
    started: Instant,
}

impl Estimate {
    /// The estimate of `total` games of command `what`.
    pub(super) fn new(what: &'static str, total: u64) -> Estimate {
        Estimate {
            what,
            total,
            done: AtomicU64::new(0),
            started: Instant::now(),
        }
    }

    /// One game done; the estimate's line when this game is the one.
    pub(super) fn tick(&self) -> Option<String> {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        if done != (self.total / 100).max(1) || done == self.total {
            return None;
        }
        let secs = self.started.elapsed().as_secs_f64();
        let all = secs * self.total as f64 / done as f64;
        (all >= 5.0).then(|| {
            format!(
                "{}: {done} of {} games in {}: about {} in all",
                self.what,
                self.total,
                duration(secs),
                duration(all)
            )
        })
    }
}

/// The rows compared between settings: label and rate; `each_shared`
/// adds each seat's shared first places (the same rows in every setting,
/// so that they line up).
fn rate_rows(names: &[String], s: &Stats, each_shared: bool) -> Vec<(String, Rate)> {
    let mut rows: Vec<(String, Rate)> = names
        .iter()
        .zip(&s.wins)
        .map(|(n, r)| (ludic::diag::wins(n), *r))
        .collect();
    // A game of one player may end in its loss: neither a win nor a draw.
    if let [n] = names {
        rows.push((ludic::diag::loses(n), s.losses));
    }
    // With more than two players, a first place some seats share: in all,
    // and seat by seat once a game had one (docs/players.md, "Several
    // players").
    if !s.shared_firsts.is_empty() {
        rows.push(("first place shared".into(), s.shared_first));
    }
    if each_shared {
        rows.extend(
            names
                .iter()
                .zip(&s.shared_firsts)
                .map(|(n, r)| (format!("{n} {}", verb_shares(n)), *r)),
        );
    }
    rows.push(("draws".into(), s.draws));
    rows.push(("unfinished".into(), s.unfinished));
    rows
}

/// "Red shares first", "The two of us share first".
fn verb_shares(name: &str) -> String {
    format!("{} first", ludic::diag::verb(name, "shares", "share"))
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
            let mut l = padded(name, label);
            for (c, w) in cells.iter().zip(&widths) {
                l.push_str(&padded(c, *w));
            }
            l.push_str(diff.as_deref().unwrap_or_default());
            l.trim_end().to_string()
        })
        .collect()
}

/// `text` followed by spaces up to `width` characters. Written out rather
/// than with `format!`'s width, which panics past 65,535 (a label can be any
/// length: a `--compare` list or a hand-edited shard).
fn padded(text: &str, width: usize) -> String {
    let pad = width.saturating_sub(text.chars().count());
    let mut s = String::with_capacity(text.len() + pad);
    s.push_str(text);
    s.extend(std::iter::repeat_n(' ', pad));
    s
}

fn print_text(r: &Report) {
    let shard = r.shard.map(|s| format!(" (shard {s})")).unwrap_or_default();
    println!(
        "{} games per setting of {}{shard}, players {}, seed {}, {} thread(s)",
        r.count,
        r.game,
        r.players.join(","),
        r.seed,
        r.threads
    );
    let names = &r.seats;
    let done = &r.settings;
    let two = done.len() == 2;
    let labels = done.iter().map(|s| s.label.clone());
    let diff = two.then(|| "difference, right − left (* significant at 5%)".to_string());
    let mut rows = vec![row("", labels, diff)];
    rows.extend(rate_lines(names, done));
    rows.extend(place_lines(names, done));
    rows.extend(return_lines(names, done));
    rows.extend(other_lines(done));
    let time = done.iter().map(|s| {
        let rate = s.tally.games as f64 / s.seconds.max(1e-9);
        format!("{:.2} s ({rate:.0} games/s)", s.seconds)
    });
    rows.push(row("time", time, None));
    table(&rows).iter().for_each(|l| println!("{l}"));
    if two {
        let d = two_proportion(done[0].stats().wins[0], done[1].stats().wins[0]);
        let verdict = if d.significant { "" } else { "not " };
        println!(
            "{} (first player) {}: {:+.1} points with {}, z = {:.2}, p = {:.3}: \
             {verdict}significant at the 5% level",
            names[0],
            ludic::diag::verb(&names[0], "wins", "win"),
            100.0 * d.difference,
            done[1].label,
            d.z,
            d.p,
        );
    }
}

/// The rate rows, with a z-test per row when there are two settings.
fn rate_lines(names: &[String], done: &[Setting]) -> Vec<Row> {
    let each_shared = done.iter().any(|s| s.tally.shared_first > 0)
        && done
            .iter()
            .all(|s| s.tally.shared_firsts.len() == names.len());
    let rows: Vec<Vec<(String, Rate)>> = done
        .iter()
        .map(|s| rate_rows(names, &s.stats(), each_shared))
        .collect();
    (0..rows[0].len())
        .map(|i| {
            let cells = rows.iter().map(|r| pct(&r[i].1));
            let diff =
                (rows.len() == 2).then(|| diff_text(&two_proportion(rows[0][i].1, rows[1][i].1)));
            row(&rows[0][i].0, cells, diff)
        })
        .collect()
}

/// With more than two players, each seat's mean place and its interval
/// (1 first), and the difference of the means when there are two settings.
fn place_lines(names: &[String], done: &[Setting]) -> Vec<Row> {
    let stats: Vec<Stats> = done.iter().map(Setting::stats).collect();
    if stats.iter().all(|s| s.mean_places.is_empty()) {
        return Vec::new();
    }
    seat_means(names, &stats, "mean place", 2, false, |s, i| {
        s.mean_places
            .get(i)
            .filter(|m| m.of > 0)
            .map(|m| (m.mean, m.low, m.high))
    })
}

/// Each seat's mean return over every game and its interval (+1 a win,
/// −1 a loss with two players; docs/players.md), and the difference of the
/// means when there are two settings.
fn return_lines(names: &[String], done: &[Setting]) -> Vec<Row> {
    let stats: Vec<Stats> = done.iter().map(Setting::stats).collect();
    if stats.iter().all(|s| s.mean_returns.is_empty()) {
        return Vec::new();
    }
    seat_means(names, &stats, "mean return", 3, true, |s, i| {
        s.mean_returns.get(i).map(|m| (m.mean, m.low, m.high))
    })
}

/// One row a seat, `NAME LABEL`: in each setting's column the seat's mean
/// and its interval (`mean(stats, seat)`: mean, low, high; `None`: "–"),
/// with `digits` decimals (and a sign when `plus`); with two settings, the
/// difference of the means.
fn seat_means(
    names: &[String],
    stats: &[Stats],
    label: &str,
    digits: usize,
    plus: bool,
    mean: impl Fn(&Stats, usize) -> Option<(f64, f64, f64)>,
) -> Vec<Row> {
    let num = |x: f64| match plus {
        true => format!("{x:+.digits$}"),
        false => format!("{x:.digits$}"),
    };
    names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let cells = stats.iter().map(|s| match mean(s, i) {
                Some((m, low, high)) => format!("{} [{}, {}]", num(m), num(low), num(high)),
                None => "–".into(),
            });
            let diff = match stats {
                [x, y] => Some(match (mean(x, i), mean(y, i)) {
                    (Some(a), Some(b)) => signed(b.0 - a.0, digits),
                    _ => "–".into(),
                }),
                _ => None,
            };
            row(&format!("{n} {label}"), cells, diff)
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
    let line =
        |name: &str, f: &dyn Fn(&Stats) -> String, delta: Option<fn(&Stats) -> Option<f64>>| {
            let cells = done.iter().map(|s| f(&s.stats()));
            let diff = match (delta, done) {
                (Some(d), [x, y]) => match (d(&x.stats()), d(&y.stats())) {
                    (Some(a), Some(b)) => Some(signed(b - a, 2)),
                    _ => Some("–".into()),
                },
                _ => None,
            };
            row(name, cells, diff)
        };
    let mut out = vec![
        line(
            "turns mean [min, max]",
            &|s| format!("{:.1} [{}, {}]", s.turns_mean, s.turns_min, s.turns_max),
            Some(|s| Some(s.turns_mean)),
        ),
        line(
            "branching (mean)",
            &|s| {
                s.branching_mean
                    .map_or("unknown (turns sampled)".into(), |b| format!("{b:.2}"))
            },
            Some(|s| s.branching_mean),
        ),
    ];
    let mut reasons: Vec<&String> = done
        .iter()
        .flat_map(|s| s.tally.end_reasons.keys())
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
