//! The long calls: perft, seeded playouts and analysis, each stopped by
//! Ctrl-C ([`crate::interrupt`]).

use crate::interrupt;
use ludic::batch::analyze::Request;
use ludic::batch::analyze_until::run_until;
use ludic::batch::playouts::{self, PlayoutSpec};
use ludic::engine::{State as RState, perft_until};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// Perft `depth` turns deep from `st` (1 to 64).
pub(crate) fn perft(py: Python<'_>, st: &RState, depth: u32) -> PyResult<u64> {
    if !(1..=64).contains(&depth) {
        return Err(PyValueError::new_err(format!(
            "perft depth {depth}: expected 1 to 64"
        )));
    }
    let out = interrupt::run(py, |stop| {
        perft_until(st, depth, &|| stop.load(Ordering::Relaxed))
    })?;
    match out {
        Ok(Some(n)) => Ok(n),
        // Stopped without a signal cannot happen: `run` raised it.
        Ok(None) => Err(PyValueError::new_err("perft stopped")),
        Err(e) => Err(PyValueError::new_err(e.to_string())),
    }
}

/// Seeded playouts from `st` (`(count, seed, threads, max_turns)`): the
/// report of `ludic playout --json` as JSON text.
pub(crate) fn playouts_json(
    py: Python<'_>,
    file: &str,
    sets: &[String],
    st: &RState,
    (count, seed, threads, max_turns): (u64, u64, usize, u32),
) -> PyResult<String> {
    if count > 10_000_000 {
        return Err(PyValueError::new_err(format!(
            "{count} playouts: at most ten million"
        )));
    }
    let spec = PlayoutSpec {
        count,
        seed,
        threads,
        max_turns,
    };
    let t = Instant::now();
    let results = interrupt::run(py, |stop| playouts::run_until(st, &spec, &|| {}, stop))?;
    let results = results.ok_or_else(|| PyValueError::new_err("playouts stopped"))?;
    let secs = t.elapsed().as_secs_f64();
    Ok(playouts::report_json(file, sets, st, &spec, &results, secs).to_string())
}

/// Runs analysis `req`, stopped by Ctrl-C between pieces of games: its
/// report as JSON text.
pub(crate) fn analyze_json(py: Python<'_>, req: &Request) -> PyResult<String> {
    let report = interrupt::run(py, |stop| {
        run_until(req, &|| {}, &|| stop.load(Ordering::Relaxed))
    })?;
    match report.map_err(crate::analyze_err)? {
        Some(r) => Ok(r.to_json().to_string()),
        None => Err(PyValueError::new_err("analysis stopped")),
    }
}
