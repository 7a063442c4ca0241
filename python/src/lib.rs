//! Python bindings of ludic (PyO3): the native module `ludic._ludic`,
//! wrapped by the pure-Python package `ludic` (python/ludic), which turns
//! the JSON reports into dicts and the observation into a numpy array.
//!
//! Every error from Rust is a Python exception: a rule file's diagnostics
//! raise `RulesError` with the rendered message, an illegal move
//! `IllegalMoveError` (the state unchanged), other bad input `ValueError`.
//! Long calls (perft, playouts, analysis) release the GIL and stop on
//! Ctrl-C ([`interrupt`]).
//!
//! ## Action ids
//!
//! A step (one hop, one stack move, one placement; a multi-jump turn is
//! several steps) has a stable integer id in its game, as OpenSpiel's
//! actions, dense from 0 to `num_distinct_actions - 1`: its rank among
//! the steps the game's generators can make, listed from the generators'
//! kinds and the board's geometry (`ludic::compile::ActionSpace`; origin ×
//! direction × distance for movement, the site for a placement; the
//! table per game is in docs/python.md). The same step has the same id in
//! every position of the same game and toggles. At a chance node the ids
//! are the rolled values (docs/chance.md).

mod actions;
mod batch;
mod bot;
mod explore;
mod game;
mod ids;
mod initial;
mod interrupt;
mod observe;
mod serial;
mod state;

use ludic::batch::analyze::{self, AnalyzeError, Request, Shard};
use ludic::batch::provenance::RuleText;
use ludic::compile::{LoadError, Options};
use ludic::players::PlayerSpec;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;

pyo3::create_exception!(
    _ludic,
    RulesError,
    PyException,
    "A rule file with errors (or a toggle override refused): the message is the rendered diagnostics."
);
pyo3::create_exception!(
    _ludic,
    IllegalMoveError,
    PyValueError,
    "A move that is not legal here (or not in the game's notation); the state is unchanged."
);

fn load_err(e: LoadError) -> PyErr {
    match e {
        LoadError::Io(m) => PyValueError::new_err(m),
        other => RulesError::new_err(other.to_string()),
    }
}

fn analyze_err(e: AnalyzeError) -> PyErr {
    match e {
        AnalyzeError::Load(l) => load_err(l),
        other => PyValueError::new_err(other.to_string()),
    }
}

fn options(sets: Vec<(String, String)>) -> Options {
    Options { sets }
}

/// The names of the shipped games.
#[pyfunction]
fn shipped_games() -> Vec<&'static str> {
    ludic::compile::shipped_games()
}

/// The display name and text of a rule file (a path or a shipped game's
/// name), read as `load` reads it: what a cluster's tasks are sent.
#[pyfunction]
fn rule_text(file: &str) -> PyResult<(String, String)> {
    let t = RuleText::read(file).map_err(load_err)?;
    Ok((t.name, t.text))
}

/// Runs (a shard of) an analysis: the report of `ludic analyze --json`,
/// as JSON text. Ctrl-C stops it between games. `texts` are
/// `(file, name, text)`: rule texts compiled instead of reading `file`.
#[pyfunction]
#[pyo3(signature = (game, sets, players, count, seed, threads, max_turns, compare, against, shard, texts = Vec::new()))]
#[allow(clippy::too_many_arguments)]
fn analyze_json(
    py: Python<'_>,
    game: String,
    sets: Vec<String>,
    players: Vec<String>,
    count: u64,
    seed: u64,
    threads: usize,
    max_turns: u32,
    compare: Vec<String>,
    against: Option<String>,
    shard: Option<String>,
    texts: Vec<(String, String, String)>,
) -> PyResult<String> {
    if count > 1_000_000 {
        return Err(PyValueError::new_err(format!(
            "{count} games: at most 1,000,000 a setting"
        )));
    }
    let players = players
        .iter()
        .map(|p| p.parse::<PlayerSpec>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let shard = shard
        .map(|s| Shard::parse(&s))
        .transpose()
        .map_err(analyze_err)?;
    let req = Request {
        game,
        sets,
        players,
        count,
        seed,
        threads,
        max_turns,
        compare,
        against,
        shard,
        engine: ludic::engine::Engine::Compiled,
        texts: texts
            .into_iter()
            .map(|(file, name, text)| RuleText { file, name, text })
            .collect(),
    };
    batch::analyze_json(py, &req)
}

/// Merges the JSON texts of every shard of one analysis into the whole
/// run's report (JSON text).
#[pyfunction]
fn merge_json(parts: Vec<String>) -> PyResult<String> {
    let values = parts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            serde_json::from_str(p)
                .map_err(|e| PyValueError::new_err(format!("result {}: not JSON: {e}", i + 1)))
        })
        .collect::<PyResult<Vec<serde_json::Value>>>()?;
    let report = analyze::merge(&values).map_err(analyze_err)?;
    Ok(report.to_json().to_string())
}

/// The native module.
#[pymodule]
fn _ludic(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<game::Game>()?;
    m.add_class::<state::State>()?;
    m.add_class::<bot::Bot>()?;
    m.add_function(wrap_pyfunction!(state::_register_state_class, m)?)?;
    m.add_function(wrap_pyfunction!(game::load, m)?)?;
    m.add_function(wrap_pyfunction!(game::from_source, m)?)?;
    m.add_function(wrap_pyfunction!(shipped_games, m)?)?;
    m.add_function(wrap_pyfunction!(analyze_json, m)?)?;
    m.add_function(wrap_pyfunction!(merge_json, m)?)?;
    m.add_function(wrap_pyfunction!(rule_text, m)?)?;
    m.add_function(wrap_pyfunction!(explore::explore_json, m)?)?;
    m.add_function(wrap_pyfunction!(explore::merge_explore_json, m)?)?;
    m.add("RulesError", m.py().get_type::<RulesError>())?;
    m.add("IllegalMoveError", m.py().get_type::<IllegalMoveError>())?;
    Ok(())
}
