//! Helpers shared by the tests that run the real `ludic` binary.
// Each test program uses some of these.
#![allow(dead_code)]

use std::process::{Command, Output};

/// Runs `ludic ARGS` from the crate root and waits for it.
pub fn ludic(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ludic"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run ludic")
}

/// The standard output of a run, as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The standard output of a run that must succeed (its exit code, output
/// and errors are shown otherwise).
pub fn ok(o: &Output) -> String {
    let out = stdout(o);
    assert!(
        o.status.success(),
        "exit {:?}\nstdout:\n{out}\nstderr:\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stderr)
    );
    out
}

/// The start of a shipped game with toggles set (`NAME=VALUE`).
pub fn start(game: &str, sets: &[&str]) -> ludic::engine::State {
    let opts = ludic::compile::Options::from_sets(sets).expect("toggles");
    let g = ludic::compile::Game::load(game, &opts).unwrap_or_else(|e| panic!("{game}: {e}"));
    ludic::engine::State::new(std::sync::Arc::new(g))
}

/// Perft at each depth of `depths` (turn-level).
pub fn counts(st: &ludic::engine::State, depths: std::ops::RangeInclusive<u32>) -> Vec<u64> {
    depths
        .map(|d| ludic::engine::perft(st, d).expect("perft"))
        .collect()
}

/// Writes `text` to a file named `name` in a fresh temporary folder,
/// removed when the returned guard is dropped.
pub fn temp_file(name: &str, text: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::Builder::new()
        .prefix("ludic-test-")
        .tempdir()
        .unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

/// A tiny seeded generator of a test's own randomness (no timing, the
/// same on every machine), apart from the engine's.
pub struct Lcg(pub u64);

impl Lcg {
    /// A number below `n` (which must not be 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}
