//! `ludic serve`'s HTTP API without a browser: it listens on loopback
//! only, answers bad requests with a JSON error and changes nothing, and
//! serves only the shipped games and the files it was given.

#[path = "common/server.rs"]
mod server;

use serde_json::json;
use server::serve;

#[test]
fn bad_requests_get_a_json_error_and_change_nothing() {
    let srv = serve(&[]);
    let id = srv.open("checkers", &["human", "human"]);
    let click = |site: u64| {
        srv.post(
            &format!("/api/sessions/{id}/click"),
            &json!({"site": site}).to_string(),
        )
    };
    // 11-15 by two clicks (squares 11 and 15 are sites 10 and 14).
    assert_eq!(click(10).0, 200);
    let (st, v) = click(14);
    assert_eq!((st, v["moves"].clone()), (200, json!(["11-15"])));
    let version = v["version"].clone();
    for (path, body, status, says) in [
        (
            format!("/api/sessions/{id}/click"),
            r#"{"site":0}"#.to_string(),
            400,
            "no legal move starts at 1",
        ),
        (
            format!("/api/sessions/{id}/click"),
            "{not json".into(),
            400,
            "not JSON",
        ),
        (
            format!("/api/sessions/{id}/click"),
            r#"{"site":-3}"#.into(),
            400,
            "`site` must be",
        ),
        (
            format!("/api/sessions/{id}/choose"),
            r#"{"index":0}"#.into(),
            400,
            "no choice 0",
        ),
        (
            format!("/api/sessions/{id}/seats"),
            r#"{"seats":["human","bogus"]}"#.into(),
            400,
            "unknown player `bogus`",
        ),
        (
            format!("/api/sessions/{id}/seek"),
            r#"{"ply":5}"#.into(),
            400,
            "past the end",
        ),
        (
            format!("/api/sessions/{id}/record"),
            r#"{"text":"1. 9-14 9-13 *"}"#.into(),
            400,
            "move 2 (9-13)",
        ),
        (
            "/api/sessions/999/undo".into(),
            "{}".into(),
            404,
            "no session 999",
        ),
        (
            format!("/api/sessions/{id}/click"),
            "[1]".into(),
            400,
            "must be a JSON object",
        ),
        (
            "/api/sessions".into(),
            r#"{"game":"shogi"}"#.into(),
            404,
            "unknown game `shogi`",
        ),
        // A seed the page's numbers (doubles) cannot hold exactly: it was
        // taken and echoed, to come back rounded.
        (
            "/api/sessions".into(),
            r#"{"game":"backgammon","seed":9007199254740993}"#.into(),
            400,
            "`seed` 9007199254740993 is too large: the page holds seeds from 0 to 9007199254740991",
        ),
        (
            "/api/sessions".into(),
            r#"{"game":"backgammon","seed":9007199254740992}"#.into(),
            400,
            "is too large",
        ),
        (
            "/api/sessions".into(),
            r#"{"game":"backgammon","seed":1e300}"#.into(),
            400,
            "`seed` is a whole number from 0 to 9007199254740991",
        ),
        (
            "/api/sessions".into(),
            r#"{"game":"checkers","sets":["no_progress=x"]}"#.into(),
            400,
            "no_progress",
        ),
        (
            "/api/sessions".into(),
            r#"{"game":"checkers","sets":["colour=red"]}"#.into(),
            400,
            "unknown toggle `colour`",
        ),
        // Only the shipped games and the files given are read.
        (
            "/api/sessions".into(),
            r#"{"game":"games/checkers.game"}"#.into(),
            404,
            "unknown game",
        ),
        (
            "/api/sessions".into(),
            r#"{"game":"Cargo.toml"}"#.into(),
            404,
            "unknown game",
        ),
    ] {
        let (st, v) = srv.post(&path, &body);
        assert_eq!(st, status, "{path} {body}: {v}");
        let e = v["error"].as_str().unwrap_or_else(|| panic!("{v}"));
        assert!(e.contains(says), "{path} {body}: {e}");
    }
    let (_, v) = srv.get(&format!("/api/sessions/{id}"));
    assert_eq!(v["moves"], json!(["11-15"]));
    assert_eq!(v["version"], version);
    let (st, v) = srv.get("/api/options?game=nope");
    assert_eq!(st, 404, "{v}");
}

#[test]
fn a_seed_past_what_the_page_holds_is_refused_not_rounded() {
    let srv = serve(&[]);
    // The largest seed the page holds exactly is taken and echoed.
    let (st, v) = srv.post(
        "/api/sessions",
        r#"{"game":"backgammon","seats":["human","human"],"seed":9007199254740991}"#,
    );
    assert_eq!(st, 200, "{v}");
    assert_eq!(v["seed"], json!(9_007_199_254_740_991u64), "{v}");
    // A trial naming a larger one is refused, and changes nothing.
    let id = v["session"]
        .as_str()
        .unwrap_or_else(|| panic!("{v}"))
        .to_string();
    let (st, trial) = srv.send("GET", &format!("/api/sessions/{id}/trial"), &[], "");
    assert_eq!(st, 200);
    assert!(trial.contains("\nseed 9007199254740991\n"), "{trial}");
    let big = trial.replace("seed 9007199254740991", "seed 9007199254740993");
    let (st, v) = srv.post(
        &format!("/api/sessions/{id}/record"),
        &json!({ "text": big }).to_string(),
    );
    assert_eq!(st, 400, "{v}");
    let e = v["error"].as_str().unwrap_or_else(|| panic!("{v}"));
    assert!(
        e.contains("the trial's seed 9007199254740993 is too large"),
        "{e}"
    );
    let (_, v) = srv.get(&format!("/api/sessions/{id}"));
    assert_eq!(v["seed"], json!(9_007_199_254_740_991u64), "{v}");
}

#[test]
fn the_page_options_and_a_saved_trial() {
    let srv = serve(&["tests/invalid/misspelt_ludeme.game"]);
    let (st, page) = srv.send("GET", "/", &[], "");
    assert_eq!(st, 200);
    assert!(page.contains("<script src=\"/page.js\">"));
    let (_, v) = srv.get("/api/games");
    let ids: Vec<&str> = v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert!(ids.contains(&"checkers") && ids.contains(&"tests/invalid/misspelt_ludeme.game"));
    // The toggles of `ludic options hex`: size, int 2..=19, default 11.
    let (_, v) = srv.get("/api/options?game=hex");
    assert_eq!(v["toggles"][0]["name"], "size");
    assert_eq!(
        (
            v["toggles"][0]["min"].clone(),
            v["toggles"][0]["max"].clone()
        ),
        (json!(2), json!(19))
    );
    assert_eq!(v["toggles"][0]["default"], 11);
    // A broken file opens, with its diagnostics instead of a board.
    let (st, v) = srv.post(
        "/api/sessions",
        r#"{"game":"tests/invalid/misspelt_ludeme.game"}"#,
    );
    assert_eq!(st, 200);
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("misspelt_ludeme.game:6:20")
    );
    assert!(v.get("svg").is_none());
    // Tic-tac-toe: b2 is site 4 (reading order from the top row), a
    // computer reply, then the game saved as a trial.
    let id = srv.open("tictactoe", &["human", "random"]);
    let (_, v) = srv.post(&format!("/api/sessions/{id}/click"), r#"{"site":4}"#);
    assert_eq!(v["ai_to_move"], true);
    let (st, v) = srv.post(&format!("/api/sessions/{id}/ai"), "{}");
    assert_eq!(st, 200, "{v}");
    assert_eq!(v["moves"].as_array().unwrap().len(), 2);
    let (st, trial) = srv.send("GET", &format!("/api/sessions/{id}/trial"), &[], "");
    assert_eq!(st, 200);
    assert!(
        trial.starts_with("ludic-trial 1\ngame tictactoe\n"),
        "{trial}"
    );
    assert!(
        trial.contains("player human\nplayer random\nmoves\nb2\n"),
        "{trial}"
    );
}

#[test]
fn a_computer_turn_of_any_budget_answers_within_the_cap() {
    // Alpha-beta 64 turns deep from English draughts' opening would not
    // end in any useful time; the server caps each computer turn at 10 s
    // (docs/serve.md), so the request answers, with one turn played.
    let srv = serve(&[]);
    let id = srv.open("checkers", &["ab:64", "human"]);
    // Far past the cap (the helper waits 120 s at most): a search that
    // ignored it fails here, not hangs.
    let t0 = std::time::Instant::now();
    let (st, v) = srv.post(&format!("/api/sessions/{id}/ai"), "{}");
    assert_eq!(st, 200, "{v}");
    assert!(t0.elapsed().as_secs() < 30, "{:?}", t0.elapsed());
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1, "{v}");
    // One of Black's seven opening moves.
    let opening = ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"];
    assert!(opening.contains(&moves[0].as_str().unwrap()), "{v}");
    assert_eq!(v["to_move"], json!(1));
}

/// Writes `text` to `path` and dates it `secs` seconds after a fixed
/// time, so that each version has its own modification time.
fn write_dated(path: &std::path::Path, text: &str, secs: u64) {
    std::fs::write(path, text).unwrap();
    let when = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_700_000_000 + secs);
    std::fs::File::options()
        .write(true)
        .open(path)
        .unwrap()
        .set_modified(when)
        .unwrap();
}

#[test]
fn a_broken_rule_file_keeps_the_game_until_it_is_fixed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ttt.game");
    let good = ludic::compile::shipped_source("tictactoe").unwrap().1;
    write_dated(&path, &good, 1);
    let file = path.to_str().unwrap();
    let srv = serve(&[file]);
    let id = srv.open(file, &["human", "human"]);
    // b2, a1, c3: sites 4, 6, 2 (reading order from the top row).
    for site in [4, 6, 2] {
        let (st, v) = srv.post(
            &format!("/api/sessions/{id}/click"),
            &json!({ "site": site }).to_string(),
        );
        assert_eq!(st, 200, "{v}");
    }
    let view = || srv.get(&format!("/api/sessions/{id}")).1;
    assert_eq!(view()["moves"], json!(["b2", "a1", "c3"]));

    // Broken: the diagnostics, and the game as it was.
    write_dated(&path, &good.replace("(play (place", "(play (plaec"), 2);
    let v = view();
    let err = v["error"].as_str().unwrap_or_else(|| panic!("{v}"));
    assert!(err.contains("ttt.game:") && err.contains("plaec"), "{err}");
    assert_eq!(v["moves"], json!(["b2", "a1", "c3"]));
    assert!(v["svg"].as_str().unwrap().contains("<svg"));
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .contains("no longer compiles"),
        "{v}"
    );

    // Fixed: every turn replayed.
    write_dated(&path, &good, 3);
    let v = view();
    assert!(v["error"].is_null(), "{v}");
    assert_eq!(v["moves"], json!(["b2", "a1", "c3"]));
    assert_eq!(v["ply"], json!(3));
    let msg = v["message"].as_str().unwrap();
    assert!(msg.contains("(3 of 3 turns replayed)"), "{msg}");

    // A 2×2 board has no c3: the third turn no longer applies.
    write_dated(&path, &good.replace("(square 3 3", "(square 2 2"), 4);
    let v = view();
    assert_eq!(v["moves"], json!(["b2", "a1"]), "{v}");
    let msg = v["message"].as_str().unwrap();
    assert!(msg.contains("(2 of 3 turns replayed)"), "{msg}");
    assert!(
        msg.ends_with("turn 3 (c3) no longer applies (not in the game's notation): it was dropped"),
        "{msg}"
    );
}

#[test]
fn a_hint_is_the_only_legal_turn_and_changes_nothing() {
    let srv = serve(&[]);
    let id = srv.open("checkers", &["human", "human"]);
    // Black's only turn is the double jump 14x23x32 (hand-worked: the
    // squares below 14 are 17 and 18, below 23 are 26 and 27; square n is
    // site n - 1).
    let record = "ludic-trial 1\ngame checkers\nstart B:W18,27,29:B14\nmoves\nresult unfinished\n";
    let (st, before) = srv.post(
        &format!("/api/sessions/{id}/record"),
        &json!({ "text": record }).to_string(),
    );
    assert_eq!(st, 200, "{before}");
    let hint = |player: &str| {
        srv.post(
            &format!("/api/sessions/{id}/hint"),
            &json!({ "player": player }).to_string(),
        )
    };
    for player in ["random", "ab:2", "mcts:50"] {
        let (st, h) = hint(player);
        assert_eq!(st, 200, "{h}");
        assert_eq!(h["turn"], json!("14x23x32"), "{player}");
        assert_eq!(h["sites"], json!([13, 22, 31]));
        assert_eq!(h["player"], json!(player));
        // Two white men taken: worth more to Black after than before
        // (checkers.game: `(material 10)`).
        assert!(h["value_after"].as_i64() > h["value_now"].as_i64(), "{h}");
    }
    let (_, after) = srv.get(&format!("/api/sessions/{id}"));
    assert_eq!(after["version"], before["version"]);
    assert_eq!(after["moves"], json!([]));
    let (st, e) = hint("human");
    assert_eq!(st, 400);
    assert!(
        e["error"].as_str().unwrap().contains("computer player"),
        "{e}"
    );
    let (st, e) = hint("bogus");
    assert_eq!(st, 400, "{e}");
}

#[test]
fn a_hint_carries_its_line_for_alpha_beta_and_mcts() {
    let srv = serve(&[]);
    let id = srv.open("tictactoe", &["human", "human"]);
    // Cross (a1, b1) against Nought (c1, a2), Cross to move. Worked by
    // hand: no win at once; b2 makes two threats (b3 and c3), Nought can
    // block one, Cross wins on the other. No other cell wins so fast.
    let record = "ludic-trial 1\ngame tictactoe\nmoves\na1\nc1\nb1\na2\nresult unfinished\n";
    let (st, v) = srv.post(
        &format!("/api/sessions/{id}/record"),
        &json!({ "text": record }).to_string(),
    );
    assert_eq!(st, 200, "{v}");
    // A record loads at its start: go to its end.
    let (st, v) = srv.post(
        &format!("/api/sessions/{id}/seek"),
        &json!({"ply": 4}).to_string(),
    );
    assert_eq!(st, 200, "{v}");
    for player in ["ab:4", "mcts:3000"] {
        let (st, h) = srv.post(
            &format!("/api/sessions/{id}/hint"),
            &json!({ "player": player }).to_string(),
        );
        assert_eq!(st, 200, "{h}");
        let line = h["line"].as_array().expect("a line");
        let turns: Vec<&str> = line.iter().map(|t| t["turn"].as_str().unwrap()).collect();
        assert_eq!(turns.len(), 3, "{player}: {h}");
        assert_eq!(turns[0], "b2", "{player}: {h}");
        assert_eq!(h["turn"], json!("b2"));
        assert!(
            ["b3", "c3"].contains(&turns[2]) && turns[1] != turns[2],
            "{player}: {h}"
        );
        assert_eq!(h["line_text"], json!(turns.join(" ")));
        // b2 is the centre: site 4 whichever corner the numbering
        // starts from.
        assert_eq!(line[0]["sites"], json!([4]));
        assert_eq!(line[0]["sites"], h["sites"]);
        let movers: Vec<&serde_json::Value> = line.iter().map(|t| &t["mover"]).collect();
        assert_eq!(movers, [&json!(0), &json!(1), &json!(0)], "{h}");
    }
}
