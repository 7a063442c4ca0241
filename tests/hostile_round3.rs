//! Regression tests for the third hostile round's findings (issue 42),
//! each of the kind that found it: the `ludic` binary run on the hostile
//! input, or the library given the same rule file.

mod common;
use common::{ludic, ok};
use std::path::Path;
use std::process::{Command, Output};

/// Runs `ludic ARGS` in the folder `dir`.
fn ludic_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ludic"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run ludic")
}

/// The standard error of a run that must fail with exit code 1 (not a
/// panic's 101).
fn refused(o: &Output) -> String {
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(1), "stderr: {err}");
    err
}

// Finding 7: a label over 65,535 characters panicked the table.
#[test]
fn merge_prints_a_label_longer_than_format_widths_allow() {
    let tmp = tempfile::tempdir().unwrap();
    let out = ok(&ludic(&[
        "analyze",
        "tictactoe",
        "--count",
        "2",
        "--shard",
        "1/1",
        "--json",
    ]));
    let mut v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let label = "L".repeat(70_000);
    v["settings"][0]["label"] = serde_json::Value::String(label.clone());
    // A seat's name labels a row: the label column is as wide.
    let seat = "S".repeat(70_000);
    v["seats"][0] = serde_json::Value::String(seat.clone());
    let shard = tmp.path().join("shard.json");
    std::fs::write(&shard, v.to_string()).unwrap();
    let text = ok(&ludic(&["merge", shard.to_str().unwrap()]));
    // The header row holds the label; the column under it is as wide.
    let head = text.lines().nth(1).expect("the table's header");
    assert_eq!(head.trim(), label);
    assert_eq!(head.len() - label.len(), seat.len() + " wins".len() + 3);
    let row = text
        .lines()
        .find(|l| l.starts_with(&seat))
        .expect("the seat's row");
    let cell = &row[seat.len()..];
    assert!(cell.starts_with(" wins   100.0% [34.2, 100.0]"), "{cell}");
}

// Finding 6: existing files overwritten without --force.
#[test]
fn render_svg_refuses_an_existing_file_unless_forced() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("pic.svg");
    std::fs::write(&path, "mine").unwrap();
    let p = path.to_str().unwrap();
    let err = refused(&ludic(&["render", "tictactoe", "--svg", p]));
    assert!(err.contains("the file exists"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "mine");
    ok(&ludic(&["render", "tictactoe", "--svg", p, "--force"]));
    assert!(std::fs::read_to_string(&path).unwrap().starts_with("<svg"));
}

#[test]
fn analyze_plot_refuses_an_existing_file_before_playing() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("plot.svg");
    std::fs::write(&path, "mine").unwrap();
    let p = path.to_str().unwrap();
    let args = ["analyze", "tictactoe", "--count", "3", "--plot", p];
    let o = ludic(&args);
    let err = refused(&o);
    assert!(
        err.contains("--plot") && err.contains("the file exists"),
        "{err}"
    );
    assert!(o.stdout.is_empty(), "no game is played");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "mine");
    ok(&ludic(&[&args[..], &["--force"]].concat()));
    assert!(std::fs::read_to_string(&path).unwrap().contains("<svg"));
}

#[test]
fn one_record_file_named_twice_is_refused_before_any_is_created() {
    let tmp = tempfile::tempdir().unwrap();
    let o = ludic_in(
        tmp.path(),
        &[
            "play",
            "tictactoe",
            "--p1",
            "random",
            "--p2",
            "random",
            "--record",
            "a.trial",
            "--record",
            "./a.trial",
        ],
    );
    let err = refused(&o);
    assert!(err.contains("named twice"), "{err}");
    assert!(
        !tmp.path().join("a.trial").exists(),
        "no empty a.trial left"
    );
    // A record in a folder that does not exist: the first is not left.
    let o = ludic_in(
        tmp.path(),
        &[
            "play",
            "tictactoe",
            "--p1",
            "random",
            "--p2",
            "random",
            "--record",
            "b.trial",
            "--record",
            "nowhere/c.trial",
        ],
    );
    refused(&o);
    assert!(!tmp.path().join("b.trial").exists());
}
