//! One build of each dependency (issue 44): `cargo build --release`,
//! `cargo test --release` and the Python package's build (maturin) share
//! every compiled crate, ludic's library included. Under resolver 1 that
//! holds while the Python package's crate (python/Cargo.toml) depends on
//! ludic with its default features and lists ludic's dev-dependencies as
//! its own (they turn on features of shared crates even in a plain build).
//! A dev-dependency added to one list and not the other would make the
//! Python build compile those crates again, with other features: this
//! test reads both manifests and compares the lists.

use std::path::Path;

/// The entries of the `[dev-dependencies]` table of the manifest at
/// `path` (`name = …` lines; comments and blank lines left out), sorted.
fn dev_dependencies(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines: Vec<String> = text
        .lines()
        .skip_while(|l| l.trim() != "[dev-dependencies]")
        .skip(1)
        .take_while(|l| !l.trim_start().starts_with('['))
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    lines.sort();
    lines
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_python_crate_lists_ludics_dev_dependencies() {
    let ludic = dev_dependencies(&root().join("Cargo.toml"));
    let python = dev_dependencies(&root().join("python/Cargo.toml"));
    assert!(
        ludic.iter().any(|l| l.starts_with("insta ")),
        "ludic's [dev-dependencies] not found: {ludic:?}"
    );
    assert_eq!(python, ludic, "python/Cargo.toml's [dev-dependencies]");
}

#[test]
fn the_workspace_unifies_features_and_python_takes_ludic_as_built() {
    let root_manifest = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    assert!(
        root_manifest
            .lines()
            .any(|l| l.trim() == "resolver = \"1\""),
        "the workspace's resolver is no longer 1"
    );
    let python = std::fs::read_to_string(root().join("python/Cargo.toml")).unwrap();
    let dep = python
        .lines()
        .find(|l| l.starts_with("ludic ="))
        .expect("python/Cargo.toml depends on ludic");
    assert!(
        !dep.contains("default-features") && !dep.contains("features"),
        "the Python package's ludic must have ludic's default features: {dep}"
    );
}
