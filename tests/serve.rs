//! `ludic serve`'s HTTP API without a browser: it listens on loopback
//! only, answers bad requests with a JSON error and changes nothing, and
//! serves only the shipped games and the files it was given.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};

struct Server(Child, u16);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn serve(files: &[&str]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludic"))
        .arg("serve")
        .args(files)
        .args(["--port", "0"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let rest = line
        .split("http://127.0.0.1:")
        .nth(1)
        .unwrap_or_else(|| panic!("not on loopback: {line:?}"));
    let port = rest.trim_end_matches(|c: char| !c.is_ascii_digit())[..]
        .split('/')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    Server(child, port)
}

/// One HTTP/1.1 request; returns the status and the body.
fn request(port: u16, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let status = text[9..12].parse().unwrap();
    let body = text.split_once("\r\n\r\n").map(|x| x.1).unwrap_or("");
    (status, body.to_string())
}

fn json_of(port: u16, method: &str, path: &str, body: &str) -> (u16, Value) {
    let (status, text) = request(port, method, path, body);
    let v = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    (status, v)
}

#[test]
fn bad_requests_get_a_json_error_and_change_nothing() {
    let srv = serve(&[]);
    let p = srv.1;
    let (st, v) = json_of(
        p,
        "POST",
        "/api/sessions",
        r#"{"game":"checkers","seats":["human","human"]}"#,
    );
    assert_eq!(st, 200);
    let id = v["session"].as_u64().unwrap();
    let click = |site: u64| {
        json_of(
            p,
            "POST",
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
            "/api/sessions".into(),
            r#"{"game":"shogi"}"#.into(),
            404,
            "unknown game `shogi`",
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
        let (st, v) = json_of(p, "POST", &path, &body);
        assert_eq!(st, status, "{path} {body}: {v}");
        let e = v["error"].as_str().unwrap_or_else(|| panic!("{v}"));
        assert!(e.contains(says), "{path} {body}: {e}");
    }
    let (_, v) = json_of(p, "GET", &format!("/api/sessions/{id}"), "");
    assert_eq!(v["moves"], json!(["11-15"]));
    assert_eq!(v["version"], version);
    let (st, v) = json_of(p, "GET", "/api/options?game=nope", "");
    assert_eq!(st, 404, "{v}");
}

#[test]
fn the_page_options_and_a_saved_trial() {
    let srv = serve(&["tests/invalid/misspelt_ludeme.game"]);
    let p = srv.1;
    let (st, page) = request(p, "GET", "/", "");
    assert_eq!(st, 200);
    assert!(page.contains("<script src=\"/page.js\">"));
    let (_, v) = json_of(p, "GET", "/api/games", "");
    let ids: Vec<&str> = v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert!(ids.contains(&"checkers") && ids.contains(&"tests/invalid/misspelt_ludeme.game"));
    // The toggles of `ludic options hex`: size, int 2..=19, default 11.
    let (_, v) = json_of(p, "GET", "/api/options?game=hex", "");
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
    let (st, v) = json_of(
        p,
        "POST",
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
    let (_, v) = json_of(
        p,
        "POST",
        "/api/sessions",
        r#"{"game":"tictactoe","seats":["human","random"]}"#,
    );
    let id = v["session"].as_u64().unwrap();
    let (_, v) = json_of(
        p,
        "POST",
        &format!("/api/sessions/{id}/click"),
        r#"{"site":4}"#,
    );
    assert_eq!(v["ai_to_move"], true);
    let (st, v) = json_of(p, "POST", &format!("/api/sessions/{id}/ai"), "{}");
    assert_eq!(st, 200, "{v}");
    assert_eq!(v["moves"].as_array().unwrap().len(), 2);
    let (st, trial) = request(p, "GET", &format!("/api/sessions/{id}/trial"), "");
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
    let p = srv.1;
    let (st, v) = json_of(
        p,
        "POST",
        "/api/sessions",
        r#"{"game":"checkers","seats":["ab:64","human"]}"#,
    );
    assert_eq!(st, 200, "{v}");
    let id = v["session"].as_u64().unwrap();
    let mut s = TcpStream::connect(("127.0.0.1", p)).unwrap();
    // Far past the cap: a search that ignored it fails here, not hangs.
    s.set_read_timeout(Some(std::time::Duration::from_secs(120)))
        .unwrap();
    write!(
        s,
        "POST /api/sessions/{id}/ai HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{{}}"
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text)
        .expect("the computer's turn answers within the cap");
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    let body = text.split_once("\r\n\r\n").unwrap().1;
    let v: Value = serde_json::from_str(body).unwrap();
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1, "{v}");
    // One of Black's seven opening moves.
    let opening = ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"];
    assert!(opening.contains(&moves[0].as_str().unwrap()), "{v}");
    assert_eq!(v["to_move"], json!(1));
}
