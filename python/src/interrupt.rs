//! Long calls that Ctrl-C stops: the work runs with the GIL released on a
//! thread of its own, while the calling thread waits for it and looks for
//! a signal every [`POLL`]. On one (Ctrl-C: `KeyboardInterrupt`), it sets
//! the stop flag the work reads between its pieces (subtrees of perft,
//! playouts, pieces of an analysis's games), waits for the work to
//! notice, and raises.

use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::Duration;

/// How often the waiting thread looks for a signal.
const POLL: Duration = Duration::from_millis(20);

/// Runs `work` with the GIL released, stopping it on a signal (see the
/// module's doc). Returns what it returned; raises the signal's
/// exception if one came, and passes on a panic of the work.
pub(crate) fn run<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&AtomicBool) -> T + Send,
) -> PyResult<T> {
    run_with(py, &AtomicBool::new(false), work)
}

/// [`run`], setting `stop` (which the work may also read through a copy
/// of its own, as a bot's search does) on a signal.
pub(crate) fn run_with<T: Send>(
    py: Python<'_>,
    stop: &AtomicBool,
    work: impl FnOnce(&AtomicBool) -> T + Send,
) -> PyResult<T> {
    let mut signal: Option<PyErr> = None;
    let out = py.detach(|| {
        std::thread::scope(|s| {
            let (tx, rx) = channel();
            let handle = s.spawn(move || {
                // A send fails only when the waiting thread is gone.
                let _ = tx.send(work(stop));
            });
            loop {
                match rx.recv_timeout(POLL) {
                    Ok(v) => return Ok(v),
                    Err(RecvTimeoutError::Disconnected) => {
                        return Err(handle.join().err());
                    }
                    Err(RecvTimeoutError::Timeout) => {}
                }
                if signal.is_none()
                    && let Err(e) = Python::attach(|py| py.check_signals())
                {
                    signal = Some(e);
                    stop.store(true, Ordering::Relaxed);
                }
            }
        })
    });
    if let Some(e) = signal {
        return Err(e);
    }
    match out {
        Ok(v) => Ok(v),
        Err(Some(payload)) => std::panic::resume_unwind(payload),
        Err(None) => Err(pyo3::exceptions::PyRuntimeError::new_err(
            "the work ended without a result",
        )),
    }
}
