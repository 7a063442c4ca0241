//! `ludic.explore`: a designed experiment over a game's toggles, as
//! `ludic explore` runs it (docs/explore.md), and the merge of its shards.
//! Ctrl-C stops it between cells.

use crate::{interrupt, load_err};
use ludic::batch::analyze::Shard;
use ludic::batch::provenance::{self, RuleText};
use ludic::explore::cell::CellRecord;
use ludic::explore::design::Design;
use ludic::explore::result::{Exploration, merge_runs};
use ludic::explore::run::{ExploreError, Request, run};
use ludic::explore::{factors, rank, store};
use ludic::players::PlayerSpec;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::Ordering;

fn bad(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

fn explore_err(e: ExploreError) -> PyErr {
    match e {
        ExploreError::Game(l) => load_err(*l),
        other => bad(other),
    }
}

/// The arguments of `ludic explore`, as the Python wrapper passes them.
struct Args {
    game: String,
    sets: Vec<String>,
    vary: Vec<String>,
    players: Vec<String>,
    skill: Option<String>,
    count: u64,
    seed: u64,
    threads: usize,
    max_turns: u32,
    max_cells: usize,
    resolution: u32,
    want: Vec<String>,
    shard: Option<String>,
    texts: Vec<(String, String, String)>,
}

/// The request of `a` (its design made from the game's toggles, every
/// argument checked), and its goals.
fn request(a: Args) -> PyResult<(Request, Vec<rank::Goal>)> {
    if !(1..=100_000).contains(&a.count) {
        return Err(bad(format!(
            "games={}: expected 1 to 100,000 a cell",
            a.count
        )));
    }
    let texts: Vec<RuleText> = a
        .texts
        .into_iter()
        .map(|(file, name, text)| RuleText { file, name, text })
        .collect();
    let base = provenance::load(&a.game, &texts, &a.sets).map_err(load_err)?;
    let items = if a.vary.is_empty() {
        factors::default_vary(&base.game.toggles, &a.sets)
    } else {
        a.vary
    };
    let factors = factors::parse(&items, &base.game.toggles).map_err(bad)?;
    if factors.is_empty() {
        return Err(bad("explore: no toggle to vary (give vary=[NAME, …])"));
    }
    let design = Design::new(factors, a.max_cells, a.resolution)
        .map_err(|e| bad(format!("explore: {e}")))?;
    let parse = |p: &String| p.parse::<PlayerSpec>().map_err(bad);
    let players = a.players.iter().map(parse).collect::<PyResult<Vec<_>>>()?;
    let skill = a.skill.as_ref().map(parse).transpose()?;
    let shard = a.shard.map(|s| Shard::parse(&s)).transpose().map_err(bad)?;
    let goals = rank::goals(&a.want).map_err(bad)?;
    let req = Request {
        game: a.game,
        sets: a.sets,
        design,
        players,
        skill,
        count: a.count,
        seed: a.seed,
        threads: a.threads,
        max_turns: a.max_turns,
        shard,
        texts,
    };
    Ok((req, goals))
}

/// Runs (a shard of) an exploration. `play=False`: checks everything and
/// returns the run's header (its design, fingerprint…) as JSON, playing
/// nothing. Else a whole run's report (`explore.json`), or a shard's
/// file as `ludic explore --shard K/N --json FILE` writes it (JSON lines:
/// the header, then one cell a line).
#[pyfunction]
#[pyo3(signature = (game, sets, vary, players, skill, count, seed, threads, max_turns, max_cells, resolution, want, shard, texts, play))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn explore_json(
    py: Python<'_>,
    game: String,
    sets: Vec<String>,
    vary: Vec<String>,
    players: Vec<String>,
    skill: Option<String>,
    count: u64,
    seed: u64,
    threads: usize,
    max_turns: u32,
    max_cells: usize,
    resolution: u32,
    want: Vec<String>,
    shard: Option<String>,
    texts: Vec<(String, String, String)>,
    play: bool,
) -> PyResult<String> {
    let args = Args {
        game,
        sets,
        vary,
        players,
        skill,
        count,
        seed,
        threads,
        max_turns,
        max_cells,
        resolution,
        want,
        shard,
        texts,
    };
    let (req, goals) = request(args)?;
    let header = req.header().map_err(explore_err)?;
    if !play {
        return serde_json::to_string(&header).map_err(bad);
    }
    let cells = interrupt::run(py, |stop| {
        let mut on_cell = |_: &CellRecord| {
            if stop.load(Ordering::Relaxed) {
                Err("explore stopped".to_string())
            } else {
                Ok(())
            }
        };
        run(&req, &BTreeMap::new(), &mut on_cell, &|| {})
    })?
    .map_err(explore_err)?;
    if req.shard.is_some() {
        let mut out = serde_json::to_string(&header).map_err(bad)?;
        for c in &cells {
            out.push('\n');
            out.push_str(&serde_json::to_string(c).map_err(bad)?);
        }
        out.push('\n');
        return Ok(out);
    }
    let whole = Exploration::new(header, cells, goals).map_err(bad)?;
    Ok(whole.to_json().to_string())
}

/// The whole run's report from the texts of its shards (JSON lines, as
/// [`explore_json`] returns them), ranked by the default goals with
/// `want` applied.
#[pyfunction]
pub(crate) fn merge_explore_json(parts: Vec<String>, want: Vec<String>) -> PyResult<String> {
    let goals = rank::goals(&want).map_err(bad)?;
    let runs = parts
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let name = format!("result {}", i + 1);
            let (h, c, _) = store::parse(&name, text, false).map_err(bad)?;
            Ok((name, h, c))
        })
        .collect::<PyResult<Vec<_>>>()?;
    let whole = merge_runs(runs, goals).map_err(bad)?;
    Ok(whole.to_json().to_string())
}
