//! `ludic serve` answers only its own page (docs/serve.md): a request
//! from another origin, without the page's token, with a body not
//! declared JSON or for another host is refused and changes nothing;
//! session ids cannot be guessed; every error is JSON.

#[path = "common/server.rs"]
mod server;

use serde_json::{Value, json};
use server::{Server, parse, serve};

/// The session's version and moves (to check that nothing changed).
fn state(srv: &Server, id: &str) -> (Value, Value) {
    let (st, v) = srv.get(&format!("/api/sessions/{id}"));
    assert_eq!(st, 200, "{v}");
    (v["version"].clone(), v["moves"].clone())
}

fn error_of(status: u16, text: &str, want: u16, says: &str) {
    assert_eq!(status, want, "{text}");
    let v = parse(text);
    let e = v["error"].as_str().unwrap_or_else(|| panic!("{v}"));
    assert!(e.contains(says), "{e}");
}

#[test]
fn a_request_from_another_origin_is_refused() {
    let srv = serve(&[]);
    let id = srv.open("checkers", &["human", "human"]);
    srv.post(&format!("/api/sessions/{id}/click"), r#"{"site":10}"#);
    srv.post(&format!("/api/sessions/{id}/click"), r#"{"site":14}"#);
    let before = state(&srv, &id);
    assert_eq!(before.1, json!(["11-15"]));
    let token = srv.token.clone();
    for origin in ["http://evil.example", "null", "http://127.0.0.1:1"] {
        let headers = [
            ("Origin", origin),
            ("X-Ludic-Token", token.as_str()),
            ("Content-Type", "application/json"),
        ];
        let path = format!("/api/sessions/{id}/undo");
        let (st, text) = srv.send("POST", &path, &headers, "{}");
        error_of(st, &text, 403, "another web page");
        let (st, text) = srv.send("GET", "/api/games", &headers[..1], "");
        error_of(st, &text, 403, "another web page");
    }
    assert_eq!(state(&srv, &id), before);
    // The page's own origin, by any loopback name, is served.
    let own = format!("http://localhost:{}", srv.port);
    let (st, _) = srv.send("GET", "/api/games", &[("Origin", &own)], "");
    assert_eq!(st, 200);
}

#[test]
fn every_change_needs_the_token_and_works_with_it() {
    let srv = serve(&[]);
    let id = srv.open("checkers", &["human", "random"]);
    let s = |r: &str| format!("/api/sessions/{id}/{r}");
    // Each route: its body, and its status with the right token.
    let routes = [
        ("/api/sessions".to_string(), r#"{"game":"hex"}"#, 200),
        (s("click"), r#"{"site":10}"#, 200),
        (s("click"), r#"{"site":14}"#, 200),
        (s("ai"), "{}", 200),
        (s("undo"), "{}", 200),
        (s("seek"), r#"{"ply":0}"#, 200),
        (s("seats"), r#"{"seats":["human","human"]}"#, 200),
        (s("choose"), r#"{"index":0}"#, 400),
        (s("record"), r#"{"text":"1. 11-15 *"}"#, 200),
    ];
    let json_ct = ("Content-Type", "application/json");
    for (path, body, status) in routes {
        let before = state(&srv, &id);
        let (st, text) = srv.send("POST", &path, &[json_ct], body);
        error_of(st, &text, 403, "X-Ludic-Token");
        let wrong = [
            json_ct,
            ("X-Ludic-Token", "0123456789abcdef0123456789abcdef"),
        ];
        let (st, text) = srv.send("POST", &path, &wrong, body);
        error_of(st, &text, 403, "wrong X-Ludic-Token");
        assert_eq!(state(&srv, &id), before, "{path}");
        let (st, v) = srv.post(&path, body);
        assert_eq!(st, status, "{path} {body}: {v}");
    }
    // The record was loaded: one turn, slider at 0.
    let (_, v) = srv.get(&format!("/api/sessions/{id}"));
    assert_eq!(
        (v["moves"].clone(), v["ply"].clone()),
        (json!(["11-15"]), json!(0))
    );
}

#[test]
fn a_body_not_declared_json_is_refused() {
    let srv = serve(&[]);
    let body = r#"{"game":"checkers"}"#;
    let token = srv.token.clone();
    for ct in ["text/plain", "application/x-www-form-urlencoded", ""] {
        let mut headers = vec![("X-Ludic-Token", token.as_str())];
        if !ct.is_empty() {
            headers.push(("Content-Type", ct));
        }
        let (st, text) = srv.send("POST", "/api/sessions", &headers, body);
        error_of(st, &text, 415, "Content-Type: application/json");
    }
    let (st, _) = srv.post("/api/sessions", body);
    assert_eq!(st, 200);
}

#[test]
fn a_request_for_another_host_is_refused() {
    let srv = serve(&[]);
    let wrong_port = format!("127.0.0.1:{}", srv.port.wrapping_add(1));
    let evil = format!("evil.example:{}", srv.port);
    for host in [
        evil.as_str(),
        wrong_port.as_str(),
        "127.0.0.1",
        "localhost.evil.example",
    ] {
        let (st, text) = srv.send("GET", "/", &[("Host", host)], "");
        error_of(st, &text, 403, "is not this server");
        assert!(!text.contains("ludic-token"), "{text}");
        let (st, text) = srv.send("GET", "/api/games", &[("Host", host)], "");
        error_of(st, &text, 403, "is not this server");
    }
    // No Host at all (HTTP/1.0).
    let (st, text) = srv.raw("GET / HTTP/1.0\r\n\r\n");
    error_of(st, &text, 403, "is not this server");
    for host in [
        format!("localhost:{}", srv.port),
        format!("[::1]:{}", srv.port),
    ] {
        let (st, page) = srv.send("GET", "/", &[("Host", &host)], "");
        assert_eq!(st, 200, "{host}");
        assert_eq!(server::token_of(&page), srv.token);
    }
}

#[test]
fn session_ids_and_tokens_cannot_be_guessed() {
    let srv = serve(&[]);
    let a = srv.open("checkers", &[]);
    let b = srv.open("checkers", &[]);
    for id in [&a, &b, &srv.token] {
        assert_eq!(id.len(), 32, "{id}");
        assert!(id.chars().all(|c| c.is_ascii_hexdigit()), "{id}");
    }
    // 128 random bits each: two ids differ in about 30 of 32 digits.
    let differ = a.chars().zip(b.chars()).filter(|(x, y)| x != y).count();
    assert!(differ >= 16, "{a} {b}");
    // Another server has another token.
    let other = serve(&[]);
    assert_ne!(other.token, srv.token);
    let (st, v) = srv.get("/api/sessions/1");
    assert_eq!(st, 404, "{v}");
}

#[test]
fn every_error_is_json() {
    let srv = serve(&[]);
    let host = format!("Host: {}\r\n", srv.host());
    let token = format!("X-Ludic-Token: {}\r\n", srv.token);
    let many: String = (0..150).map(|i| format!("X-H{i}: 1\r\n")).collect();
    let long_uri = format!("/{}", "a".repeat(70_000));
    let cases = [
        // A body over 4 MiB, refused before it is sent.
        (
            format!(
                "POST /api/sessions HTTP/1.1\r\n{host}{token}Content-Type: application/json\r\nContent-Length: 5000000\r\nConnection: close\r\n\r\n"
            ),
            413,
            "too large",
        ),
        (
            format!("GET {long_uri} HTTP/1.1\r\n{host}Connection: close\r\n\r\n"),
            414,
            "URI is too long",
        ),
        (
            format!("GET / HTTP/1.1\r\n{host}{many}Connection: close\r\n\r\n"),
            431,
            "headers are too large",
        ),
        (
            format!("G@T / HTTP/1.1\r\n{host}Connection: close\r\n\r\n"),
            400,
            "not valid HTTP",
        ),
        (
            format!("GET /api/sessions HTTP/1.1\r\n{host}Connection: close\r\n\r\n"),
            405,
            "does not take that method",
        ),
        (
            format!("GET /api/sessions/%ZZ HTTP/1.1\r\n{host}Connection: close\r\n\r\n"),
            404,
            "no session",
        ),
        (
            format!("GET /nowhere HTTP/1.1\r\n{host}Connection: close\r\n\r\n"),
            404,
            "no such page",
        ),
        (
            format!(
                "POST /api/sessions HTTP/1.1\r\n{host}{token}Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n\u{0}\u{0}"
            ),
            400,
            "UTF-8",
        ),
    ];
    for (request, status, says) in cases {
        let mut bytes = request.clone().into_bytes();
        if status == 400 && says == "UTF-8" {
            // A body that is not UTF-8.
            let n = bytes.len();
            bytes[n - 2..].copy_from_slice(&[0xff, 0xfe]);
        }
        let (st, text) = srv.raw(&bytes);
        let head: String = request.chars().take(60).collect();
        assert_eq!(st, status, "{head}: {text}");
        error_of(st, &text, status, says);
    }
}
