//! The designer's loop (issue 44): rule files are data at run time. A file
//! added to or changed in `games/` is a shipped game at once, and never
//! makes cargo rebuild the crate.
//!
//! The two tests write into the real `games/` folder (that is what they
//! test), under unique names removed when they end, failing or not. They
//! are in a test program of their own: the other programs list `games/`,
//! and cargo runs test programs one after another.

mod common;
use common::ok;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

/// A rule file written in the crate's `games/` folder, removed when
/// dropped (also when the test panics).
struct TempGame {
    name: String,
    path: PathBuf,
}

impl TempGame {
    /// A copy of Tic-tac-toe under a name no other run uses.
    fn new(tag: &str) -> TempGame {
        let nanos = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let name = format!("zz-test-{tag}-{}-{nanos}", std::process::id());
        let path = games().join(format!("{name}.game"));
        let text = std::fs::read_to_string(games().join("tictactoe.game")).unwrap();
        std::fs::write(&path, text).unwrap();
        TempGame { name, path }
    }
}

impl Drop for TempGame {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// The crate's `games/` folder.
fn games() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("games")
}

#[test]
fn a_game_file_added_at_run_time_is_found_by_name_with_no_rebuild() {
    let game = TempGame::new("added");
    // From another folder, so the name is not found as a path.
    let elsewhere = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_ludic"))
            .args(args)
            .current_dir(elsewhere.path())
            .output()
            .expect("run ludic")
    };
    let out = ok(&run(&["check", &game.name]));
    assert!(
        out.starts_with(&format!("games/{}.game: ok", game.name)),
        "{out}"
    );
    let list = ok(&run(&["list"]));
    assert!(
        list.lines()
            .any(|l| l.starts_with(&format!("{} ", game.name))),
        "{list}"
    );
    drop(game);
    // Removed: no longer a shipped game.
    let list = ok(&run(&["list"]));
    assert!(!list.contains("zz-test-added"), "{list}");
}

/// Sets a file's modification time, and puts the old one back when
/// dropped.
struct Touched {
    path: PathBuf,
    before: SystemTime,
}

impl Touched {
    fn now(path: PathBuf) -> Touched {
        let before = std::fs::metadata(&path).unwrap().modified().unwrap();
        set_mtime(&path, SystemTime::now());
        Touched { path, before }
    }
}

impl Drop for Touched {
    fn drop(&mut self) {
        set_mtime(&self.path, self.before);
    }
}

fn set_mtime(path: &Path, t: SystemTime) {
    let f = std::fs::File::options().write(true).open(path).unwrap();
    f.set_modified(t).unwrap();
}

/// The profile and target folder that built this test's `ludic`
/// (`target/release/ludic`: `--release`, `target`).
fn build_of_this_test() -> (Vec<String>, PathBuf) {
    let exe = Path::new(env!("CARGO_BIN_EXE_ludic"));
    let profile_dir = exe.parent().unwrap();
    let target = profile_dir.parent().unwrap().to_path_buf();
    let profile = profile_dir.file_name().unwrap().to_string_lossy();
    let args = match profile.as_ref() {
        "debug" => vec![],
        "release" => vec!["--release".to_string()],
        other => vec!["--profile".to_string(), other.to_string()],
    };
    (args, target)
}

/// `cargo build` with the profile and target folder of this test's
/// `ludic` (`cargo build --release` after `cargo test --release`): for each
/// of ludic's own artifacts (library, binary, build script), its target's
/// kind (`lib`, `bin`, `custom-build`) and whether cargo found it fresh.
/// The library and the binary are the ones the tests run (the workspace's
/// resolver 1 gives the tests' build the same features, see Cargo.toml),
/// so on an unchanged source nothing is compiled.
fn build_ludic() -> Vec<(String, bool)> {
    let (profile, target) = build_of_this_test();
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let o = Command::new(cargo)
        .args(["build", "--locked", "--offline", "--message-format=json"])
        .args(&profile)
        .arg("--target-dir")
        .arg(&target)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run cargo");
    let stdout = ok(&o);
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
    stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|m| m["reason"] == "compiler-artifact")
        .filter(|m| m["manifest_path"].as_str().map(Path::new) == Some(manifest.as_path()))
        .map(|m| {
            let kind = m["target"]["kind"][0].as_str().unwrap_or("?").to_string();
            (kind, m["fresh"] == true)
        })
        .collect()
}

/// The proof: touching a shipped game and adding one leave `cargo
/// build` (the README's first command's build) a no-op. A rebuild would
/// show as an artifact that is not fresh; the first build below makes
/// sure the check starts from an up-to-date build even if the source
/// changed while the tests ran.
#[test]
fn editing_or_adding_a_game_file_does_not_rebuild_the_crate() {
    build_ludic();
    let _touched = Touched::now(games().join("checkers.game"));
    let _added = TempGame::new("build");
    let artifacts = build_ludic();
    for kind in ["lib", "bin"] {
        assert!(
            artifacts.iter().any(|(k, _)| k == kind),
            "no {kind} artifact reported: {artifacts:?}"
        );
    }
    let rebuilt: Vec<_> = artifacts.iter().filter(|(_, fresh)| !fresh).collect();
    assert!(rebuilt.is_empty(), "rebuilt: {rebuilt:?}");
}
