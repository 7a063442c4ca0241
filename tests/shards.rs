//! `ludic analyze --shard K/N --json` and `ludic merge`: the merged shards
//! equal the unsharded run (every count, rate, interval and mean; only the
//! seconds and threads, which say how the work was done, differ).

mod common;
use common::{ludic, ok, stdout};
use ludic::batch::analyze::{AnalyzeError, MergeError, Request, Shard, merge, run};
use ludic::batch::provenance::RuleText;
use serde_json::{Value, json};

/// A report without its timings and thread count.
fn strip(mut v: Value) -> Value {
    let m = v.as_object_mut().expect("an object");
    m.remove("threads");
    for s in m["settings"].as_array_mut().expect("settings") {
        s.as_object_mut().expect("a setting").remove("seconds");
    }
    v
}

fn json(out: &str) -> Value {
    serde_json::from_str(out).expect("JSON")
}

const RUN: [&str; 12] = [
    "analyze",
    "checkers",
    "--count",
    "30",
    "--seed",
    "9",
    "--max-turns",
    "400",
    "--compare",
    "no_progress=20",
    "--threads",
    "1",
];

fn shard_file(dir: &std::path::Path, k: u64, n: u64) -> String {
    let shard = format!("{k}/{n}");
    let mut args = RUN.to_vec();
    args.extend(["--shard", &shard, "--json"]);
    let out = ok(&ludic(&args));
    let v = json(&out);
    assert_eq!(v["shard"]["index"], k);
    assert_eq!(v["shard"]["of"], n);
    let path = dir.join(format!("shard-{k}-of-{n}.json"));
    std::fs::write(&path, out).expect("write shard");
    path.to_string_lossy().into_owned()
}

#[test]
fn merged_shards_equal_the_unsharded_run() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().to_path_buf();
    let mut whole_args = RUN.to_vec();
    whole_args.push("--json");
    let whole = json(&ok(&ludic(&whole_args)));
    assert!(whole.get("shard").is_none());
    // 30 games in 4 shards: 7, 8, 7, 8 games (ranges of game numbers).
    let files: Vec<String> = [3, 1, 4, 2]
        .iter()
        .map(|&k| shard_file(&dir, k, 4))
        .collect();
    let counts: Vec<u64> = files
        .iter()
        .map(|f| {
            let v = json(&std::fs::read_to_string(f).unwrap());
            v["settings"][0]["count"].as_u64().unwrap()
        })
        .collect();
    assert_eq!(counts.iter().sum::<u64>(), 30);
    let mut args = vec!["merge", "--json"];
    args.extend(files.iter().map(String::as_str));
    let merged = json(&ok(&ludic(&args)));
    assert_eq!(strip(merged.clone()), strip(whole.clone()));
    // The numbers themselves, not only their agreement: every game counted.
    let s = &merged["settings"][0];
    let wins: u64 = s["wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["count"].as_u64().unwrap())
        .sum();
    let rest = s["draws"]["count"].as_u64().unwrap() + s["unfinished"]["count"].as_u64().unwrap();
    assert_eq!(wins + rest, 30);
    // The text report of a merge is the analysis table.
    let mut text_args = vec!["merge"];
    text_args.extend(files.iter().map(String::as_str));
    let text = ok(&ludic(&text_args));
    assert!(text.contains("30 games per setting of checkers"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn merge_refuses_incomplete_or_mixed_shards() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().to_path_buf();
    let a = shard_file(&dir, 1, 2);
    let b = shard_file(&dir, 2, 3);
    for files in [
        vec![a.as_str()],
        vec![a.as_str(), a.as_str()],
        vec![a.as_str(), b.as_str()],
    ] {
        let mut args = vec!["merge", "--json"];
        args.extend(files);
        let o = ludic(&args);
        assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("merge:"), "{err}");
    }
    // A shard outside 1..=N is refused before anything is played.
    let o = ludic(&["analyze", "checkers", "--shard", "5/4", "--json"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("K/N"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The refusals of `merge` as data (`MergeError`), not only messages.
#[test]
fn a_refused_merge_says_which_shards_as_data() {
    // Tic-tac-toe, random players, 6 games a run: a few milliseconds.
    let part = |shard: Option<Shard>, count| {
        let mut req = Request::new("tictactoe");
        req.count = count;
        req.threads = 1;
        req.shard = shard;
        run(&req, &|| {}).unwrap().to_json()
    };
    let of3 = |index| Some(Shard { index, of: 3 });
    let merge_err = |parts: &[Value]| match merge(parts) {
        Err(AnalyzeError::Merge(e)) => e,
        other => panic!("{:?}", other.map(|r| r.count)),
    };
    let (one, three) = (part(of3(1), 6), part(of3(3), 6));
    let e = merge_err(&[one.clone(), one.clone(), three.clone()]);
    let (two_of_3, one_of_3) = (Shard { index: 2, of: 3 }, Shard { index: 1, of: 3 });
    assert_eq!(
        e,
        MergeError::Shards {
            missing: vec![two_of_3],
            twice: vec![one_of_3]
        }
    );
    assert_eq!(
        AnalyzeError::Merge(e).to_string(),
        "merge: the shards do not make the run once: missing [2/3], given twice [1/3]"
    );
    assert_eq!(merge_err(&[]), MergeError::NoParts);
    assert_eq!(
        merge_err(&[one.clone(), part(None, 6)]),
        MergeError::NotAShard { result: 2 }
    );
    assert_eq!(
        merge_err(&[one.clone(), part(of3(2), 9)]),
        MergeError::OtherRun {
            result: 2,
            shard: two_of_3,
            field: "count",
            theirs: "9".into(),
            first: "6".into(),
        }
    );
    let e = merge_err(&[json!({"command": "playout"})]);
    assert!(matches!(e, MergeError::NotJson { result: 1, .. }), "{e}");
    // Hand-edited results: a shard count far past the files given, no
    // settings, a tally whose wins exceed its games.
    let mut far = three.clone();
    far["shard"]["of"] = json!(4_294_967_296u64);
    assert_eq!(
        merge_err(&[far]),
        MergeError::TooFewShards {
            of: 4_294_967_296,
            given: 1
        }
    );
    let mut bare = three.clone();
    bare["settings"] = json!([]);
    assert!(matches!(
        merge_err(&[bare]),
        MergeError::NotJson { result: 1, .. }
    ));
    let whole = |index| part(Some(Shard { index, of: 2 }), 6);
    let mut wrapped = whole(2);
    wrapped["settings"][0]["tally"]["wins"] = json!([u64::MAX, u64::MAX]);
    let e = merge_err(&[whole(1), wrapped]);
    assert!(matches!(e, MergeError::Tally { result: 2, .. }), "{e}");
}

/// Tallies whose sums no games could make are refused, the shard and the
/// sum named (a tampered mean return was printed as +25000.050 with an
/// interval below it; an empty `returns_sum` dropped the mean returns; a
/// branching sum at u64::MAX printed a branching of 1.2e17).
#[test]
fn merge_refuses_sums_beyond_what_the_games_can_make() {
    let part = |index| {
        let mut req = Request::new("tictactoe");
        req.count = 12;
        req.threads = 1;
        req.shard = Some(Shard { index, of: 2 });
        run(&req, &|| {}).unwrap().to_json()
    };
    let (one, two) = (part(1), part(2));
    assert!(merge(&[one.clone(), two.clone()]).is_ok());
    let tampered = |field: &str, value: Value| {
        let mut t = two.clone();
        t["settings"][0]["tally"][field] = value;
        match merge(&[one.clone(), t]) {
            Err(AnalyzeError::Merge(e)) => e,
            other => panic!("{field}: accepted, {:?}", other.map(|r| r.count)),
        }
    };
    let cases = [
        (
            "returns_sum",
            json!([1_000_000, -1_000_000]),
            "returns_sum 1000000",
        ),
        ("returns_sum", json!([]), "`returns_sum` has 0 entries"),
        (
            "returns_sum",
            json!([0, 0, 0]),
            "`returns_sum` has 3 entries",
        ),
        ("returns_sq_sum", json!([u64::MAX, 0]), "returns_sum"),
        ("stake_max", json!(u32::MAX), "stake_max"),
        (
            "branching_sum",
            json!(u64::MAX),
            "branching_sum 18446744073709551615",
        ),
        ("branching_turns", json!(0), "over its 0 counted positions"),
    ];
    for (field, value, says) in cases {
        let e = tampered(field, value);
        assert!(
            matches!(
                e,
                MergeError::Tally {
                    result: 2,
                    shard: Shard { index: 2, of: 2 },
                    setting: 1,
                    ..
                }
            ),
            "{field}: {e}"
        );
        let text = e.to_string();
        assert!(
            text.starts_with("result 2 (2/2): the tally of setting 1 does not add up: "),
            "{text}"
        );
        assert!(text.contains(says), "{field}: {text}");
    }
    // A shard written before returns were kept (neither sum) still merges,
    // without mean returns (docs/json.md).
    let mut old = two.clone();
    let tally = old["settings"][0]["tally"].as_object_mut().unwrap();
    tally.remove("returns_sum");
    tally.remove("returns_sq_sum");
    let merged = merge(&[one, old]).unwrap().to_json();
    assert!(
        merged["settings"][0].get("mean_returns").is_none(),
        "{merged}"
    );
}

/// Shards of two versions of a rule file, of two ludic versions, or with a
/// seed range that is not their shard's are refused, the field named; the
/// shards of one run carry the same version, fingerprint and seeds.
#[test]
fn merge_refuses_shards_of_other_rules_versions_or_seeds() {
    let shipped = RuleText::read("tictactoe").expect("shipped");
    let part = |index, text: &str| {
        let mut req = Request::new("tictactoe");
        req.count = 6;
        req.threads = 1;
        req.shard = Some(Shard { index, of: 2 });
        req.texts = vec![RuleText {
            text: text.to_string(),
            ..shipped.clone()
        }];
        run(&req, &|| {}).unwrap().to_json()
    };
    let (one, two) = (part(1, &shipped.text), part(2, &shipped.text));
    assert_eq!(one["ludic_version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(one["fingerprint"], two["fingerprint"]);
    assert_eq!(one["fingerprint"].as_str().map(str::len), Some(16));
    assert_eq!(one["seed_range"], json!({"seed": 1, "games": [0, 3]}));
    assert_eq!(two["seed_range"], json!({"seed": 1, "games": [3, 6]}));
    let merged = merge(&[two.clone(), one.clone()])
        .expect("one run")
        .to_json();
    assert_eq!(merged["seed_range"], json!({"seed": 1, "games": [0, 6]}));
    assert_eq!(merged["fingerprint"], one["fingerprint"]);
    // The same file with a line of four to win: another game.
    let four = shipped.text.replace("(line 3 To)", "(line 4 To)");
    assert_ne!(four, shipped.text);
    let changed = part(2, &four);
    assert_ne!(changed["fingerprint"], one["fingerprint"]);
    let field = |parts: &[Value]| match merge(parts) {
        Err(AnalyzeError::Merge(MergeError::OtherRun { field, .. })) => field,
        other => panic!("{:?}", other.map(|r| r.count)),
    };
    assert_eq!(field(&[one.clone(), changed]), "fingerprint");
    // Comments do not change the rules.
    let commented = part(2, &format!("// a note\n{}", shipped.text));
    assert_eq!(commented["fingerprint"], one["fingerprint"]);
    let mut newer = two.clone();
    newer["ludic_version"] = json!("999.0.0");
    assert_eq!(field(&[one.clone(), newer]), "ludic_version");
    let mut shifted = two.clone();
    shifted["seed_range"] = json!({"seed": 1, "games": [2, 6]});
    assert_eq!(field(&[one.clone(), shifted]), "seed_range");
    let e = AnalyzeError::Merge(MergeError::OtherRun {
        result: 2,
        shard: Shard { index: 2, of: 2 },
        field: "fingerprint",
        theirs: "\"a\"".into(),
        first: "\"b\"".into(),
    });
    assert_eq!(
        e.to_string(),
        "merge: result 2 (2/2) is not a shard of the same run as result 1: its `fingerprint` is \"a\" where \"b\" was expected"
    );
}
