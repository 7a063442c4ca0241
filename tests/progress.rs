//! `--progress` on a pipe: plain lines on stderr, every one ended by a
//! newline (the last included), nothing on stdout but the results.

mod common;
use common::ludic;

/// Runs `ludic ARGS` (stderr piped) and returns its stderr.
fn progress_of(args: &[&str]) -> String {
    let o = ludic(args);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(o.status.success(), "{args:?}: {err}");
    assert!(
        !String::from_utf8_lossy(&o.stdout).contains("playouts ("),
        "progress on stdout"
    );
    err
}

/// The lines end with a newline, their counts go up (whichever worker
/// thread finishes an item first), and the last says the run is done.
fn assert_ends_cleanly(err: &str, last: &str) {
    assert!(err.ends_with('\n'), "no final newline: {err:?}");
    let final_line = err.lines().last().unwrap_or_default();
    assert!(final_line.contains(last), "{err}");
    assert!(!err.contains('\r'), "a terminal's carriage return: {err:?}");
    let counts: Vec<u64> = err.lines().filter_map(count_done).collect();
    assert!(counts.windows(2).all(|w| w[0] < w[1]), "{err}");
}

/// The count done of a progress line (`analyze: 30/37 games (81%), …`).
fn count_done(line: &str) -> Option<u64> {
    let (_, rest) = line.split_once(": ")?;
    rest.split_once('/')?.0.parse().ok()
}

#[test]
fn playout_progress_on_a_pipe_ends_with_a_newline() {
    let err = progress_of(&["playout", "checkers", "--count", "200", "--progress"]);
    assert_eq!(err.lines().count(), 10, "{err}");
    assert_ends_cleanly(&err, "200/200 playouts (100%)");
}

#[test]
fn analyze_progress_on_a_pipe_ends_with_a_newline() {
    let err = progress_of(&[
        "analyze",
        "tictactoe",
        "--count",
        "37",
        "--players",
        "random,random",
        "--progress",
    ]);
    assert_ends_cleanly(&err, "37/37 games (100%)");
}
