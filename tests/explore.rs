//! `ludic explore` against other code paths and by hand: a cell's games
//! are `analyze`'s with the cell's toggles; a run stopped part-way and
//! resumed, or split into shards and merged, gives the whole run's
//! result; the measures of a full tic-tac-toe board are the rules' own;
//! bad input is refused with a reason.

mod common;
use common::{ludic, ok};

use ludic::batch::analyze;
use ludic::explore::cell::Measure;
use ludic::explore::design::{Design, Factor};
use ludic::explore::result::{Exploration, merge};
use ludic::explore::run::{Request, run};
use ludic::explore::store::{Store, read};
use ludic::players::PlayerSpec;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};

const ROWS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rows.game");

fn factor(name: &str, levels: &[&str]) -> Factor {
    Factor {
        name: name.into(),
        levels: levels.iter().map(|s| s.to_string()).collect(),
    }
}

/// Four cells: size 3 or 4, misère or not; greedy players, 12 games.
fn request() -> Request {
    let design = Design::new(
        vec![
            factor("size", &["3", "4"]),
            factor("misere", &["false", "true"]),
        ],
        64,
        5,
    )
    .unwrap();
    Request {
        game: ROWS.into(),
        sets: vec!["line=3".into()],
        design,
        players: vec![PlayerSpec::Greedy],
        skill: Some(PlayerSpec::Random),
        count: 12,
        seed: 7,
        threads: 2,
        max_turns: 1000,
        shard: None,
        texts: Vec::new(),
    }
}

fn whole(req: &Request) -> Exploration {
    let cells = run(req, &BTreeMap::new(), &mut |_| Ok(()), &|| {}).unwrap();
    Exploration::new(
        req.header().unwrap(),
        cells,
        ludic::explore::rank::default_goals(),
    )
    .unwrap()
}

/// The JSON without the wall times, which say how the work was done.
fn figures_json(e: &Exploration) -> serde_json::Value {
    let mut v = e.to_json();
    v.as_object_mut().unwrap().remove("seconds");
    for c in v["cells"].as_array_mut().unwrap() {
        c.as_object_mut().unwrap().remove("seconds");
    }
    v
}

#[test]
fn a_cell_plays_the_games_of_analyze_with_its_toggles() {
    let req = request();
    let w = whole(&req);
    for c in [1, 2] {
        let mut a = analyze::Request::new(ROWS);
        a.sets = req.sets.iter().cloned().chain(req.design.sets(c)).collect();
        a.players = req.players.clone();
        a.count = req.count;
        a.seed = req.seed;
        a.threads = 1;
        a.max_turns = req.max_turns;
        let r = analyze::run(&a, &|| {}).unwrap();
        assert_eq!(r.settings[0].tally, w.cells[c].tally, "cell {c}");
    }
}

#[test]
fn a_full_small_board_has_the_rules_own_measures() {
    // Cell 0: tic-tac-toe (3×3, three in a row). Greedy players draw
    // every game on a full board: 9 turns, every site used, a choice at
    // every position but the last (one empty site left).
    let w = whole(&request());
    let f = w.cells[0].figures();
    assert_eq!(w.cells[0].tally.draws, 12);
    assert_eq!(f.get(Measure::Turns).value, Some(9.0));
    assert_eq!(f.get(Measure::Coverage).value, Some(1.0));
    let d = f.get(Measure::Decisions).value.unwrap();
    assert!((d - 8.0 / 9.0).abs() < 1e-12, "{d}");
    assert_eq!(f.get(Measure::Decided).value, Some(0.0));
    assert_eq!(f.get(Measure::SettledAt).value, None, "no winner");
    // The skill games: 6 with the random player first, 6 second.
    assert_eq!(w.cells[0].skill.unwrap().games, 12);
}

#[test]
fn a_stopped_run_resumes_without_replaying_finished_cells() {
    let req = request();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("run.jsonl");
    let header = req.header().unwrap();
    let mut store = Store::create(&path, &header, false).unwrap();
    // The run stops when a third cell is to be written (a full disk, a
    // kill): two cells are on disk.
    let mut written = 0;
    let mut on_cell = |c: &ludic::explore::cell::CellRecord| {
        if written == 2 {
            return Err("stopped".to_string());
        }
        written += 1;
        store.append(c)
    };
    assert!(run(&req, &BTreeMap::new(), &mut on_cell, &|| {}).is_err());
    drop(store);
    // And a half-written line, as a kill mid-write leaves.
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("{\"cell\":2,\"sets\":[");
    std::fs::write(&path, text).unwrap();
    assert!(read(&path, false).is_err(), "merge refuses a cut file");
    let (mut store, done) = Store::resume(&path, &header).unwrap();
    // (Cells play side by side: which two finished first is the run's.)
    assert_eq!(done.len(), 2);
    let games = AtomicU64::new(0);
    let tick = || {
        games.fetch_add(1, Ordering::Relaxed);
    };
    let cells = run(&req, &done, &mut |c| store.append(c), &tick).unwrap();
    // Two cells left, each 12 games and 12 skill games.
    assert_eq!(games.load(Ordering::Relaxed), 2 * 24);
    let resumed =
        Exploration::new(header.clone(), cells, ludic::explore::rank::default_goals()).unwrap();
    assert_eq!(figures_json(&resumed), figures_json(&whole(&req)));
    let (_, on_disk, _) = read(&path, false).unwrap();
    assert_eq!(on_disk.len(), 4);
    // Another run's file is refused.
    let mut other = header;
    other.seed = 8;
    assert!(Store::resume(&path, &other).is_err());
}

#[test]
fn shards_merge_to_the_whole_run() {
    let req = request();
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for k in [3, 1, 2] {
        let mut r = req.clone();
        r.shard = Some(analyze::Shard { index: k, of: 3 });
        r.threads = 1;
        let path = dir.path().join(format!("s{k}.jsonl"));
        let mut store = Store::create(&path, &r.header().unwrap(), false).unwrap();
        run(&r, &BTreeMap::new(), &mut |c| store.append(c), &|| {}).unwrap();
        files.push(path);
    }
    let paths: Vec<&std::path::Path> = files.iter().map(|p| p.as_path()).collect();
    let merged = merge(&paths, ludic::explore::rank::default_goals()).unwrap();
    assert_eq!(figures_json(&merged), figures_json(&whole(&req)));
    assert!(merge(&paths[..2], vec![]).is_err(), "a shard missing");
    let twice = [paths[0], paths[1], paths[1]];
    assert!(merge(&twice, vec![]).is_err(), "a shard twice");
    // Shard 2 again, from an edited rule file (a line of four draws less):
    // refused, the fingerprint named.
    let mut edited = req.clone();
    edited.shard = Some(analyze::Shard { index: 2, of: 3 });
    let text = std::fs::read_to_string(ROWS).unwrap();
    let changed = text.replace("(end (no-moves Draw))", "(end (no-moves Loss))");
    assert_ne!(changed, text, "the rule the test edits");
    edited.texts = vec![ludic::batch::provenance::RuleText {
        file: ROWS.into(),
        name: ROWS.into(),
        text: changed,
    }];
    let header = edited.header().unwrap();
    assert_ne!(header.fingerprint, req.header().unwrap().fingerprint);
    assert_eq!(header.ludic_version, env!("CARGO_PKG_VERSION"));
    let path = dir.path().join("s2-edited.jsonl");
    let mut store = Store::create(&path, &header, false).unwrap();
    run(&edited, &BTreeMap::new(), &mut |c| store.append(c), &|| {}).unwrap();
    let mixed = [paths[1], path.as_path(), paths[0]];
    let e = merge(&mixed, vec![]).unwrap_err();
    assert!(e.contains("its `fingerprint` is"), "{e}");
}

#[test]
fn the_command_line_runs_resumes_merges_and_refuses() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("run.jsonl");
    let report = dir.path().join("report");
    let (f, r) = (file.to_str().unwrap(), report.to_str().unwrap());
    let args = [
        "explore",
        "tests/data/rows.game",
        "--vary",
        "size=3/4,misere",
        "--set",
        "line=3",
        "--games",
        "6",
        "--threads",
        "1",
    ];
    fn join<'a>(a: &[&'a str], b: &[&'a str]) -> Vec<&'a str> {
        [a, b].concat()
    }
    let with = |more: &[&'static str]| join(&args, more);
    let out = ok(&ludic(&join(&args, &["--json", f, "--report", r])));
    assert!(out.contains("4 cells (every combination)"), "{out}");
    assert!(out.contains("ranking"), "{out}");
    let html = std::fs::read_to_string(report.join("index.html")).unwrap();
    assert!(html.contains("<svg") && html.contains("ludic explore tests/data/rows.game"));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(report.join("explore.json")).unwrap())
            .unwrap();
    assert_eq!(json["cells"].as_array().unwrap().len(), 4);
    // The file again: refused without --force; resumed, nothing to play.
    assert!(!ludic(&join(&args, &["--json", f])).status.success());
    let o = ludic(&join(&args, &["--resume", f]));
    assert!(String::from_utf8_lossy(&o.stderr).contains("0 to play"));
    // merge of the whole run's file prints the same JSON.
    let m: serde_json::Value = serde_json::from_str(&ok(&ludic(&["merge", f, "--json"]))).unwrap();
    assert_eq!(m["ranking"], json["ranking"]);
    for (bad, says) in [
        (vec!["--vary", "nosuch"], "no toggle `nosuch`"),
        (vec!["--vary", "size"], "give its values"),
        (vec!["--vary", "size=3/9"], "not a whole number in 3..=5"),
        (
            vec!["--vary", "line=3/4", "--shard", "1/2"],
            "--shard needs --json",
        ),
        (
            vec!["--vary", "line=3/4", "--want", "nosuch=1"],
            "no measure `nosuch`",
        ),
    ] {
        let o = ludic(&[&["explore", "tests/data/rows.game"], &bad[..]].concat());
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(says), "{bad:?}: {err}");
    }
    // A varied toggle cannot be fixed too.
    let o = ludic(&with(&["--set", "size=3"]));
    assert!(String::from_utf8_lossy(&o.stderr).contains("both varied and set"));
}

#[test]
fn a_report_path_that_is_not_a_folder_is_refused_before_any_game() {
    // It was refused only once every cell was played ("File exists").
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("afile");
    std::fs::write(&file, "").unwrap();
    let under = file.join("report");
    for (report, force) in [
        (file.to_str().unwrap(), false),
        (file.to_str().unwrap(), true),
        (under.to_str().unwrap(), false),
    ] {
        let mut args = vec![
            "explore",
            "tests/data/rows.game",
            "--vary",
            "misere",
            "--games",
            "2",
            "--report",
            report,
        ];
        if force {
            args.push("--force");
        }
        let o = ludic(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "{report}: {err}");
        assert!(
            err.contains("exists and is not a folder"),
            "{report}: {err}"
        );
        assert!(!err.contains("to play"), "no game is played: {err}");
        assert_eq!(std::fs::read(&file).unwrap(), b"", "the file is left alone");
    }
}

#[test]
fn hand_edited_files_are_refused_not_crashed_on() {
    let req = request();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("run.jsonl");
    let mut store = Store::create(&path, &req.header().unwrap(), false).unwrap();
    run(&req, &BTreeMap::new(), &mut |c| store.append(c), &|| {}).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let (head, rest) = text.split_once('\n').unwrap();
    let edits: [(&str, &str, &str); 4] = [
        ("[1,1]", "[1,7]", "one value of each toggle"),
        (
            "\"levels\":[\"3\",\"4\"]",
            "\"levels\":[\"3\"]",
            "fewer than two values",
        ),
        ("\"count\":12", "\"count\":13", "do not add up"),
        (
            "\"command\":\"explore\"",
            "\"command\":\"analyze\"",
            "expected `explore`",
        ),
    ];
    for (from, to, says) in edits {
        assert!(head.contains(from), "{from}");
        let edited = format!("{}\n{rest}", head.replacen(from, to, 1));
        std::fs::write(&path, edited).unwrap();
        let err = read(&path, false).unwrap_err();
        assert!(err.contains(says), "{from}: {err}");
        let o = ludic(&["merge", path.to_str().unwrap()]);
        assert!(!o.status.success());
    }
}
