//! Every command's `--json` output against the schemas of docs/json.md:
//! the schema blocks are read from the document, so the document and the
//! output cannot drift apart. The validator is small and hand-written (its
//! notation is described in docs/json.md); its own tests below show that
//! it refuses what the schemas exclude.

mod common;
use common::{ludic, temp_file};

use serde_json::Value;
use std::collections::BTreeMap;

/// The `json-schema NAME` blocks of docs/json.md, by name.
fn schemas() -> BTreeMap<String, Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/json.md");
    let text = std::fs::read_to_string(path).expect("docs/json.md");
    let mut out = BTreeMap::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let Some(name) = line.strip_prefix("```json-schema ") else {
            continue;
        };
        let body: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
        let v: Value = serde_json::from_str(&body.join("\n"))
            .unwrap_or_else(|e| panic!("docs/json.md: block {name}: {e}"));
        out.insert(name.trim().to_string(), v);
    }
    out
}

/// Checks `v` against `schema`; `types` holds the named types. The error
/// names the path of the first mismatch.
fn validate(v: &Value, schema: &Value, types: &Value, path: &str) -> Result<(), String> {
    let fail = |why: String| Err(format!("{path}: {why} (value {v})"));
    match schema {
        Value::String(s) => {
            if let Some(c) = s.strip_prefix('=') {
                return if v.as_str() == Some(c) {
                    Ok(())
                } else {
                    fail(format!("expected \"{c}\""))
                };
            }
            if let Some(name) = s.strip_prefix('#') {
                let t = types
                    .get(name)
                    .ok_or_else(|| format!("{path}: unknown type #{name}"))?;
                return validate(v, t, types, path);
            }
            let ok = match s.as_str() {
                "string" => v.is_string(),
                "integer" => v.is_u64() || v.is_i64(),
                "number" => v.is_number() && plain_number(v),
                "boolean" => v.is_boolean(),
                "null" => v.is_null(),
                other => return Err(format!("{path}: unknown schema type {other}")),
            };
            if ok {
                Ok(())
            } else {
                fail(format!("expected {s}"))
            }
        }
        Value::Array(items) => {
            let Some(a) = v.as_array() else {
                return fail("expected an array".into());
            };
            if let [one] = items.as_slice() {
                for (i, x) in a.iter().enumerate() {
                    validate(x, one, types, &format!("{path}[{i}]"))?;
                }
                return Ok(());
            }
            if a.len() != items.len() {
                return fail(format!("expected {} elements", items.len()));
            }
            for (i, (x, s)) in a.iter().zip(items).enumerate() {
                validate(x, s, types, &format!("{path}[{i}]"))?;
            }
            Ok(())
        }
        Value::Object(fields) if fields.contains_key("one_of") => {
            let choices = fields["one_of"].as_array().expect("one_of: an array");
            if choices.iter().any(|c| validate(v, c, types, path).is_ok()) {
                Ok(())
            } else {
                fail("matches none of one_of".into())
            }
        }
        Value::Object(fields) => {
            let Some(o) = v.as_object() else {
                return fail("expected an object".into());
            };
            for (k, s) in fields {
                if k == "*" {
                    continue;
                }
                let (key, optional) = match k.strip_suffix('?') {
                    Some(key) => (key, true),
                    None => (k.as_str(), false),
                };
                match o.get(key) {
                    Some(x) => validate(x, s, types, &format!("{path}.{key}"))?,
                    None if optional => {}
                    None => return fail(format!("missing key `{key}`")),
                }
            }
            for (k, x) in o {
                let known = fields.contains_key(k) || fields.contains_key(&format!("{k}?"));
                match fields.get("*") {
                    _ if known => {}
                    Some(s) => validate(x, s, types, &format!("{path}.{k}"))?,
                    None => return fail(format!("key `{k}` is not in the schema")),
                }
            }
            Ok(())
        }
        other => Err(format!("{path}: bad schema {other}")),
    }
}

/// A number as written: no exponent, at most four decimals (no float
/// noise).
fn plain_number(v: &Value) -> bool {
    let text = v.to_string();
    let decimals = text.split_once('.').map_or(0, |(_, f)| f.len());
    !text.contains(['e', 'E']) && decimals <= 4
}

/// Runs `args`, which must succeed (or exit `code`) and print one JSON
/// object; validates it against the schema `name`.
fn check(name: &str, args: &[&str], code: i32) -> Value {
    let s = schemas();
    let o = ludic(args);
    assert_eq!(
        o.status.code(),
        Some(code),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(out.lines().count(), 1, "{args:?}: one line: {out}");
    let v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"));
    let schema = s.get(name).unwrap_or_else(|| panic!("no schema {name}"));
    if let Err(e) = validate(&v, schema, &s["types"], name) {
        panic!("{args:?}: {e}");
    }
    v
}

#[test]
fn the_document_has_a_schema_per_output() {
    let s = schemas();
    let names: Vec<&str> = s.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        [
            "analyze",
            "analyze-shard",
            "explore",
            "perft",
            "perft-divide",
            "playout",
            "replay",
            "types"
        ]
    );
}

#[test]
fn the_validator_refuses_what_the_schemas_exclude() {
    let types = serde_json::json!({"rate": {"count": "integer", "of": "integer"}});
    let schema = serde_json::json!({
        "command": "=perft", "n": "number", "list": ["#rate"], "opt?": "boolean",
        "pair": ["integer", "string"],
    });
    let good = serde_json::json!({
        "command": "perft", "n": 0.25, "list": [{"count": 1, "of": 2}], "pair": [1, "a"],
    });
    assert_eq!(validate(&good, &schema, &types, "x"), Ok(()));
    let bad = |patch: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        patch(&mut v);
        validate(&v, &schema, &types, "x")
    };
    assert!(bad(&|v| v["command"] = "playout".into()).is_err());
    assert!(bad(&|v| v["n"] = 6.9e-18.into()).is_err(), "float noise");
    assert!(bad(&|v| v["n"] = 0.123456.into()).is_err(), "five decimals");
    assert!(bad(&|v| v["n"] = "1".into()).is_err());
    assert!(bad(&|v| v["list"][0]["count"] = 1.5.into()).is_err());
    assert!(bad(&|v| v["extra"] = 1.into()).is_err(), "unknown key");
    assert!(bad(&|v| drop(v.as_object_mut().unwrap().remove("n"))).is_err());
    assert!(bad(&|v| v["opt"] = true.into()).is_ok());
    assert!(bad(&|v| v["opt"] = 1.into()).is_err());
    assert!(bad(&|v| v["pair"] = serde_json::json!([1, 2])).is_err());
    assert!(bad(&|v| v["pair"] = serde_json::json!([1])).is_err());
}

#[test]
fn perft_json_validates() {
    let v = check("perft", &["perft", "checkers", "3", "--json"], 0);
    assert_eq!(v["game"], "checkers");
    assert_eq!(v["title"], "English draughts");
    assert_eq!(v["counts"], serde_json::json!([7, 49, 302]));
    let v = check(
        "perft",
        &[
            "perft",
            "genocide",
            "2",
            "--set",
            "stickyland=true",
            "--json",
        ],
        0,
    );
    assert_eq!(v["sets"], serde_json::json!(["stickyland=true"]));
}

#[test]
fn perft_divide_json_validates_in_the_text_order() {
    let v = check(
        "perft-divide",
        &["perft", "checkers", "3", "--divide", "--json"],
        0,
    );
    assert_eq!(v["nodes"], 302);
    let json_moves: Vec<String> = v["divide"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| format!("{} {}", r["move"].as_str().unwrap(), r["nodes"]))
        .collect();
    let text = ludic(&["perft", "checkers", "3", "--divide"]);
    let text = String::from_utf8_lossy(&text.stdout);
    let text_moves: Vec<&str> = text.lines().filter(|l| !l.starts_with("total")).collect();
    assert_eq!(json_moves, text_moves);
    // Not sorted by name: 9-14 comes before 10-15 in the legal order, after
    // it in a sorted object's.
    assert_eq!(text_moves.len(), 7);
}

#[test]
fn playout_json_validates_and_progress_stays_on_stderr() {
    for game in ["checkers", "polypods", "exnihilo"] {
        check(
            "playout",
            &["playout", game, "--count", "40", "--seed", "3", "--json"],
            0,
        );
    }
    let o = ludic(&[
        "playout",
        "checkers",
        "--count",
        "30",
        "--json",
        "--progress",
    ]);
    let v: Value = serde_json::from_slice(&o.stdout).expect("stdout is only the JSON");
    assert_eq!(v["count"], 30);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("30/30 playouts (100%)"), "{err}");
}

#[test]
fn analyze_shard_json_validates() {
    let v = check(
        "analyze-shard",
        &[
            "analyze",
            "checkers",
            "--count",
            "10",
            "--compare",
            "no_progress=10",
            "--shard",
            "2/3",
            "--json",
        ],
        0,
    );
    // Games 3 to 5 of 10 (⌊10/3⌋ to ⌊20/3⌋): three games.
    assert_eq!(v["settings"][0]["count"], 3);
    assert_eq!(v["settings"][1]["tally"]["games"], 3);
    assert_eq!(v["count"], 10);
}

#[test]
fn analyze_json_validates_with_one_and_two_settings() {
    let v = check(
        "analyze",
        &["analyze", "checkers", "--count", "20", "--json"],
        0,
    );
    assert!(v.get("comparison").is_none());
    assert_eq!(v["seats"], serde_json::json!(["Black", "White"]));
    let v = check(
        "analyze",
        &[
            "analyze",
            "checkers",
            "--count",
            "20",
            "--compare",
            "no_progress=10",
            "--json",
        ],
        0,
    );
    assert_eq!(
        v["settings"][1]["sets"],
        serde_json::json!(["no_progress=10"])
    );
    let v = check(
        "analyze",
        &[
            "analyze",
            "giveaway",
            "--against",
            "checkers",
            "--count",
            "20",
            "--json",
        ],
        0,
    );
    assert_eq!(v["settings"][0]["title"], "Giveaway draughts");
    assert_eq!(v["settings"][1]["game"], "checkers");
    assert_eq!(v["settings"][1]["title"], "English draughts");
}

#[test]
fn replay_json_validates_with_and_without_failures() {
    let pdn = concat!(env!("CARGO_TARGET_TMPDIR"), "/json-bad.pdn");
    std::fs::write(pdn, "[Event \"t\"]\n\n1. 11-15 23-19 2. 8-11 19-15 *\n").unwrap();
    let v = check("replay", &["replay", "checkers", pdn, "--json"], 1);
    assert_eq!(v["failed"], 1);
    let v = check(
        "replay",
        &[
            "replay",
            "checkers",
            "tests/data/acf/acf-sample.pdn",
            "--json",
        ],
        0,
    );
    assert_eq!(v["games"], 500);
}

#[test]
fn explore_json_validates() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("run.jsonl");
    let f = file.to_str().unwrap();
    let o = ludic(&[
        "explore",
        "tests/data/rows.game",
        "--vary",
        "size=3/4,misere,exact",
        "--set",
        "line=3",
        "--games",
        "4",
        "--skill",
        "random",
        "--threads",
        "1",
        "--json",
        f,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v = check("explore", &["merge", f, "--json"], 0);
    assert_eq!(v["cells"].as_array().unwrap().len(), 8);
    assert_eq!(v["design"]["kind"], "full");
    // A fraction: five toggles at resolution IV or more in 16 cells is the
    // half fraction of resolution V (I = the product of all five).
    let o = ludic(&[
        "explore",
        "tests/data/rows.game",
        "--vary",
        "size=3/4,line=3/4,misere,exact,first",
        "--games",
        "2",
        "--threads",
        "1",
        "--max-cells",
        "16",
        "--resolution",
        "4",
        "--json",
        &format!("{f}2"),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v = check("explore", &["merge", &format!("{f}2"), "--json"], 0);
    assert_eq!(v["design"]["kind"], "fraction");
    assert_eq!(v["design"]["resolution"], 5);
    assert_eq!(v["design"]["cells"], 16);
}

/// A game of one player reports its losses (`losses`: neither a win nor a
/// draw) in `playout`, `analyze` (each setting, the comparison) and a
/// shard's tally, within the schemas.
#[test]
fn one_player_losses_validate() {
    let rules = r#"(game "Solo" (players (player "A" letter:"A")) (board (square 3 3))
        (piece "M") (toggle x bool default:false "nothing")
        (play (place "M" to:Empty)) (end (lose-when (line 3 Last))))"#;
    let (_dir, path) = temp_file("solo.game", rules);
    let game = path.to_str().unwrap();
    let v = check("playout", &["playout", game, "--count", "20", "--json"], 0);
    assert_eq!(v["losses"]["count"], 20);
    let args = [
        "analyze",
        game,
        "--count",
        "10",
        "--compare",
        "x=true",
        "--json",
    ];
    let v = check("analyze", &args, 0);
    assert_eq!(v["settings"][1]["losses"]["count"], 10);
    assert_eq!(v["comparison"]["losses"]["difference"], 0.0);
    let args = ["analyze", game, "--count", "10", "--shard", "1/2", "--json"];
    let v = check("analyze-shard", &args, 0);
    assert_eq!(v["settings"][0]["tally"]["losses"], 5);
}
