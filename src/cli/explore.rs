//! `ludic explore`: a designed experiment over a game's toggles
//! (docs/explore.md): plays every cell of the design, appends each
//! finished cell to the run's file (`--json FILE`, `--resume FILE`),
//! then prints the ranking and the largest effects, and with `--report
//! DIR` writes the HTML report and its JSON.

use super::analyze::{Estimate, parse_players, parse_shard};
use super::util::{Fail, GameArgs, Progress};
use clap::Args;
use ludic::batch::analyze::Shard;
use ludic::explore::cell::{Measure, Z95};
use ludic::explore::design::{Design, Factor};
use ludic::explore::rank::Goal;
use ludic::explore::result::{Exploration, SUMMARY, merge};
use ludic::explore::run::{Request, run as play};
use ludic::explore::store::Store;
use ludic::players::PlayerSpec;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Arguments of `ludic explore`.
#[derive(Debug, Args)]
pub struct ExploreArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The toggles to vary: NAME (a yes/no toggle: false and true; a
    /// choice: its choices) or NAME=V1/V2/… (a number's values), separated
    /// by commas or repeated. Default: every yes/no toggle not --set.
    #[arg(long, value_name = "NAME[=V1/V2…],…")]
    vary: Vec<String>,
    /// Games per cell (at most 100,000).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    games: u64,
    /// Who plays: one player for every side, or one per side (`ludic
    /// players`). Random players cannot decide some games (Genocide).
    #[arg(long, default_value = "greedy", value_parser = parse_players)]
    players: super::analyze::PlayerList,
    /// A stronger player: each cell also plays --games games of it against
    /// the --players, seat by seat, for the skill gradient.
    #[arg(long, value_name = "PLAYER")]
    skill: Option<PlayerSpec>,
    /// Seed of the run: every cell plays games 0..N of it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads to spread each cell's games over (0: one per core).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u16).range(0..=256))]
    threads: u16,
    /// Stop a game after this many turns (counted as unfinished).
    #[arg(long, default_value_t = 10_000)]
    max_turns: u32,
    /// Play every combination when there are at most this many, else a
    /// two-level fraction (which must fit too).
    #[arg(long, default_value_t = 256)]
    max_cells: usize,
    /// The fraction's resolution: 5 (main effects and two-toggle
    /// interactions clear of each other), 4 (main effects clear of
    /// two-toggle interactions) or 3.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(3..=5))]
    resolution: u32,
    /// Goals of the ranking: MEASURE=WEIGHT[:SHAPE] (docs/explore.md),
    /// repeatable.
    #[arg(long, value_name = "MEASURE=WEIGHT[:SHAPE]")]
    want: Vec<String>,
    /// Append each finished cell to this file (JSON lines); it must not
    /// exist (see --resume, --force).
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Go on with the run of this file: its finished cells are not played
    /// again, the others are appended.
    #[arg(long, value_name = "FILE", conflicts_with = "json")]
    resume: Option<PathBuf>,
    /// Play only shard K of N of the cells (with --json or --resume);
    /// `ludic merge` puts the shards' files together.
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    shard: Option<Shard>,
    /// Write the report (index.html, explore.json) into this folder.
    #[arg(long, value_name = "DIR")]
    report: Option<PathBuf>,
    /// Replace an existing --json file or report.
    #[arg(long)]
    force: bool,
    /// Show progress on stderr even when it is not a terminal.
    #[arg(long)]
    progress: bool,
}

/// Runs the command.
pub fn run(a: &ExploreArgs) -> Result<i32, Fail> {
    let base = a.game.load()?;
    let mut items = a.vary.clone();
    if items.is_empty() {
        items = ludic::explore::factors::default_vary(&base.toggles, &a.game.sets);
    }
    let factors = ludic::explore::factors::parse(&items, &base.toggles).map_err(Fail)?;
    if factors.is_empty() {
        return Err(Fail(
            "explore: no toggle to vary (give --vary NAME,…)".into(),
        ));
    }
    let design = Design::new(factors, a.max_cells, a.resolution)
        .map_err(|e| Fail(format!("explore: {e}")))?;
    let goals = goals(&a.want)?;
    let req = Request {
        game: a.game.file.clone(),
        sets: a.game.sets.clone(),
        design,
        players: a.players.0.clone(),
        skill: a.skill,
        count: a.games,
        seed: a.seed,
        threads: a.threads as usize,
        max_turns: a.max_turns,
        shard: a.shard,
        texts: Vec::new(),
    };
    let header = req.header().map_err(|e| Fail(e.to_string()))?;
    if a.shard.is_some() && a.json.is_none() && a.resume.is_none() {
        return Err(Fail(
            "explore: --shard needs --json FILE (or --resume FILE)".into(),
        ));
    }
    if let Some(dir) = &a.report {
        refuse_report(dir, a.force)?;
    }
    let (mut store, done) = match (&a.json, &a.resume) {
        (Some(p), _) => (
            Some(Store::create(p, &header, a.force).map_err(Fail)?),
            BTreeMap::new(),
        ),
        (_, Some(p)) => {
            let (s, d) = Store::resume(p, &header).map_err(Fail)?;
            (Some(s), d)
        }
        _ => (None, BTreeMap::new()),
    };
    let left = req.cells().filter(|c| !done.contains_key(c)).count() as u64;
    eprintln!(
        "explore: {} cells ({}), {} to play, {} games each",
        req.design.cells.len(),
        design_text(&req.design),
        left,
        req.games_per_cell()
    );
    let total = left * req.games_per_cell();
    let progress = Progress::new("explore", "games", total, a.progress, false);
    let estimate = Estimate::new("explore", total);
    let tick = || {
        progress.inc();
        if let Some(line) = estimate.tick() {
            progress.println(&line);
        }
    };
    let mut on_cell = |c: &ludic::explore::cell::CellRecord| match &mut store {
        Some(s) => s.append(c),
        None => Ok(()),
    };
    let cells = play(&req, &done, &mut on_cell, &tick).map_err(|e| Fail(e.to_string()))?;
    progress.finish();
    if let Some(s) = a.shard {
        println!(
            "shard {s}: {} cells done; `ludic merge` the shards' files for the whole run",
            cells.len()
        );
        return Ok(0);
    }
    let whole = Exploration::new(header, cells, goals).map_err(Fail)?;
    finish(&whole, a.report.as_deref(), a.force)
}

/// The default goals with `--want` applied.
fn goals(wants: &[String]) -> Result<Vec<Goal>, Fail> {
    ludic::explore::rank::goals(wants).map_err(Fail)
}

/// Refuses a `--report` folder up front, before any game is played: a
/// path that is not a folder (a file, a device), or lies under one that
/// is not, whatever `force` says; a folder that holds a report already,
/// unless `force`.
fn refuse_report(dir: &Path, force: bool) -> Result<(), Fail> {
    use std::io::ErrorKind;
    // The path, or the nearest of its ancestors that exists, is a folder.
    for p in dir.ancestors().filter(|p| !p.as_os_str().is_empty()) {
        match std::fs::metadata(p) {
            Ok(m) if m.is_dir() => break,
            Ok(_) => {
                return Err(Fail(format!(
                    "--report {}: {} exists and is not a folder; the report is a folder \
                     (index.html and explore.json): give another name",
                    dir.display(),
                    p.display()
                )));
            }
            Err(e) if matches!(e.kind(), ErrorKind::NotFound | ErrorKind::NotADirectory) => {}
            Err(e) => return Err(Fail(format!("--report {}: {e}", dir.display()))),
        }
    }
    for name in ["index.html", "explore.json"] {
        super::output::refuse_existing(&dir.join(name), force, "--report")?;
    }
    Ok(())
}

/// Prints the summary and writes the report.
fn finish(whole: &Exploration, report: Option<&Path>, force: bool) -> Result<i32, Fail> {
    print_text(whole);
    if let Some(dir) = report {
        std::fs::create_dir_all(dir)
            .map_err(|e| Fail(format!("--report {}: {e}", dir.display())))?;
        let json = whole.to_json();
        super::output::write_new(
            &dir.join("explore.json"),
            force,
            "--report",
            &format!("{json}\n"),
        )?;
        let html = ludic::explore::report::html(whole);
        super::output::write_new(&dir.join("index.html"), force, "--report", &html)?;
        eprintln!("explore: report in {}", dir.join("index.html").display());
    }
    Ok(0)
}

/// `ludic merge` of explore files: the whole run's summary, its JSON
/// (`json`), its report.
pub fn merge_files(
    files: &[String],
    json: bool,
    wants: &[String],
    report: Option<&Path>,
    force: bool,
) -> Result<i32, Fail> {
    let paths: Vec<&Path> = files.iter().map(Path::new).collect();
    let whole = merge(&paths, goals(wants)?).map_err(Fail)?;
    if json {
        println!("{}", whole.to_json());
        if let Some(dir) = report {
            refuse_report(dir, force)?;
            std::fs::create_dir_all(dir)
                .map_err(|e| Fail(format!("--report {}: {e}", dir.display())))?;
            super::output::write_new(
                &dir.join("index.html"),
                force,
                "--report",
                &ludic::explore::report::html(&whole),
            )?;
        }
        return Ok(0);
    }
    if let Some(dir) = report {
        refuse_report(dir, force)?;
    }
    finish(&whole, report, force)
}

/// Whether the first line of `file` is an explore run's header.
pub fn is_explore_file(file: &str) -> bool {
    let Ok(f) = std::fs::File::open(file) else {
        return false;
    };
    use std::io::{BufRead, Read};
    let mut first = String::new();
    let _ = std::io::BufReader::new(f.take(1 << 20)).read_line(&mut first);
    serde_json::from_str::<serde_json::Value>(&first)
        .is_ok_and(|v| v["command"] == "explore" && v.get("design").is_some())
}

/// `full factorial` or `2^(13-5) fraction, resolution 5`.
fn design_text(d: &Design) -> String {
    match &d.kind {
        ludic::explore::design::Kind::Full => "every combination".into(),
        ludic::explore::design::Kind::Fraction {
            generators,
            resolution,
        } => format!(
            "a 2^({}-{}) fraction of resolution {resolution}",
            d.factors.len(),
            generators.len()
        ),
    }
}

fn print_text(w: &Exploration) {
    let h = &w.header;
    println!(
        "{}: {} cells ({}), {} games each, players {}{}, seed {}",
        h.game,
        h.design.cells.len(),
        design_text(&h.design),
        h.count,
        h.players.join(","),
        h.skill
            .as_ref()
            .map(|s| format!(", skill {s}"))
            .unwrap_or_default(),
        h.seed
    );
    let figures = w.figures();
    println!("\nranking (desirability; measures with 95% intervals):");
    for (place, r) in w.ranking().iter().take(10).enumerate() {
        let f = &figures[r.cell];
        let shown: Vec<String> = SUMMARY
            .iter()
            .filter_map(|&m| {
                let e = f.get(m);
                let v = e.value?;
                Some(match (e.low, e.high) {
                    (Some(l), Some(h)) => {
                        format!("{} {} [{}, {}]", m.key(), num(m, v), num(m, l), num(m, h))
                    }
                    _ => format!("{} {}", m.key(), num(m, v)),
                })
            })
            .collect();
        println!(
            "{:>3}. {:.3}{} cell {}: {}\n       {}",
            place + 1,
            r.desirability,
            if r.pareto { " (Pareto)" } else { "" },
            r.cell,
            label(&h.design.factors, &h.design.sets(r.cell)),
            shown.join(", ")
        );
    }
    println!("\nlargest effects (95% intervals; * the interval leaves out 0):");
    let effects = w.effects();
    for m in [Measure::Decided, Measure::FirstAdvantage, Measure::Turns] {
        let mut e: Vec<_> = effects.iter().filter(|e| e.measure == m).collect();
        e.sort_by(|a, b| b.effect.abs().total_cmp(&a.effect.abs()));
        let top: Vec<String> = e
            .iter()
            .take(5)
            .map(|e| {
                format!(
                    "{} {}{} ±{}",
                    e.label,
                    if e.effect >= 0.0 { "+" } else { "" },
                    num(m, e.effect),
                    num(m, Z95 * e.se),
                ) + if e.significant { "*" } else { "" }
            })
            .collect();
        println!("  {}: {}", m.key(), top.join(", "));
    }
}

/// A cell's label: the toggles not at their first value (`defaults` if
/// none).
fn label(factors: &[Factor], sets: &[String]) -> String {
    let on: Vec<&String> = sets
        .iter()
        .zip(factors)
        .filter(|(s, f)| !s.ends_with(&format!("={}", f.levels[0])))
        .map(|(s, _)| s)
        .collect();
    if on.is_empty() {
        "first values".into()
    } else {
        on.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" ")
    }
}

/// A measure's value as printed: rates and shares in percent, turns with
/// one decimal.
fn num(m: Measure, x: f64) -> String {
    match m {
        Measure::Turns | Measure::TurnsSd | Measure::Branching => format!("{x:.1}"),
        _ => format!("{:.1}%", 100.0 * x),
    }
}
