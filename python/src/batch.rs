//! The long calls: perft, seeded playouts and analysis, each stopped by
//! Ctrl-C ([`crate::interrupt`]).

use crate::interrupt;
use ludic::batch::analyze::Request;
use ludic::batch::analyze_until::run_until;
use ludic::batch::playouts::{self, PlayoutSpec};
use ludic::engine::{PlayoutResult, State as RState, perft_until};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
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

/// The playouts of `spec` from `start` in playout order (as
/// `playouts::run` plays them, thread `k` taking playouts `k`, `k +
/// threads`, …), or None when `stop` was set before they were all played.
fn run_playouts(
    start: &RState,
    spec: &PlayoutSpec,
    stop: &AtomicBool,
) -> Option<Vec<PlayoutResult>> {
    let threads = (spec.threads.clamp(1, 256) as u64).min(spec.count.max(1));
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                s.spawn(move || {
                    let start = start.detached();
                    let (mut scratch, mut buf) = (start.clone(), Vec::with_capacity(64));
                    let mut out = Vec::new();
                    for i in (k..spec.count).step_by(threads as usize) {
                        if stop.load(Ordering::Relaxed) {
                            return None;
                        }
                        let r = playouts::one_in(
                            &mut scratch,
                            &start,
                            spec.seed,
                            i,
                            spec.max_turns,
                            &mut buf,
                        );
                        out.push((i, r));
                    }
                    Some(out)
                })
            })
            .collect();
        let mut all = Vec::new();
        for h in handles {
            all.extend(h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))?);
        }
        all.sort_by_key(|x| x.0);
        Some(all.into_iter().map(|x| x.1).collect())
    })
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
    let results = interrupt::run(py, |stop| run_playouts(st, &spec, stop))?;
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
