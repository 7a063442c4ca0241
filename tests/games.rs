//! Every rule file in `games/` (variants included) gets, with no Rust
//! written for it: a snapshot of its rules in brief, toggles, initial
//! position, legal moves and a seeded random game (`ludic snapshot`); and
//! its scenarios (`games/NAME.scenarios`) must exist and pass.
//!
//! A rule change shows up as a snapshot diff: review it with
//! `cargo insta review` (see docs/testing.md).

use ludic::compile::Options;

#[test]
fn snapshots_of_every_game_file() {
    insta::glob!("../games", "*.game", |path| {
        let text = ludic::snapshot::snapshot(path.to_str().unwrap(), &Options::default(), 1)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // The heading names the file by its absolute path: keep the name.
        let name = path.file_name().unwrap().to_string_lossy();
        let text = text.replacen(
            &format!("({})", path.display()),
            &format!("(games/{name})"),
            1,
        );
        insta::assert_snapshot!(text);
    });
}

#[test]
fn every_game_file_has_passing_scenarios() {
    let mut missing = Vec::new();
    let mut failures = Vec::new();
    for entry in std::fs::read_dir("games").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "game") {
            continue;
        }
        let scenarios = path.with_extension("scenarios");
        if !scenarios.exists() {
            missing.push(format!(
                "{} (write {}; see docs/testing.md)",
                path.display(),
                scenarios.display()
            ));
            continue;
        }
        let verdicts = ludic::scenario::run_file(scenarios.to_str().unwrap(), None)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(
            !verdicts.is_empty(),
            "{} has no scenario",
            scenarios.display()
        );
        failures.extend(
            verdicts
                .into_iter()
                .filter_map(|v| v.failure.map(|f| format!("{}: {f}", v.name))),
        );
    }
    assert!(
        missing.is_empty(),
        "game files without a scenarios file: {missing:?}"
    );
    assert!(
        failures.is_empty(),
        "failing scenarios:\n{}",
        failures.join("\n")
    );
}
