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
