//! `ludic serve`'s searches (src/serve/ai.rs, hint.rs): each thinks off
//! the request threads on a bounded pool, and stops as soon as it is
//! cancelled or the position it was asked for changes (the searcher
//! reads a stop flag), so the pool's place is free again at once.
//!
//! A search here is one that would otherwise run to the server's 10 s
//! cap (alpha-beta 64 turns deep from the opening); the bounds checked
//! are half that cap, far above what a stop takes.

#[path = "common/server.rs"]
mod server;

use std::time::{Duration, Instant};

use serde_json::json;
use server::{Server, serve};

/// Black's seven opening moves in English draughts.
const OPENING: [&str; 7] = ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"];

/// Half the server's cap on a search.
const HALF_CAP: Duration = Duration::from_secs(5);

/// A quick hint in session `id`: 200 when the pool has a place, 503
/// when it is full.
fn probe(srv: &Server, id: &str) -> u16 {
    let body = json!({"player": "random"}).to_string();
    srv.post(&format!("/api/sessions/{id}/hint"), &body).0
}

/// `POST path body`, asked again while the pool is full (a probe may
/// hold its one place for a moment); the answer and when it came.
fn post_when_free(srv: &Server, path: &str, body: &str) -> ((u16, serde_json::Value), Instant) {
    loop {
        let answer = srv.post(path, body);
        if answer.0 != 503 {
            return (answer, Instant::now());
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Waits (up to 30 s) until the pool of one place is taken.
fn wait_full(srv: &Server, id: &str) {
    let t0 = Instant::now();
    while probe(srv, id) != 503 {
        assert!(
            t0.elapsed() < Duration::from_secs(30),
            "the pool never filled"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_cancelled_hint_stops_its_search_and_frees_the_pool() {
    let srv = serve(&["--ai-workers", "1"]);
    let a = srv.open("checkers", &["human", "human"]);
    let b = srv.open("checkers", &["human", "human"]);
    std::thread::scope(|sc| {
        let hint = sc.spawn(|| {
            let body = json!({"player": "ab:64"}).to_string();
            post_when_free(&srv, &format!("/api/sessions/{a}/hint"), &body)
        });
        wait_full(&srv, &b);
        // Another game answers while the search runs.
        let (st, v) = srv.get(&format!("/api/sessions/{b}"));
        assert_eq!(st, 200, "{v}");
        let t0 = Instant::now();
        let (st, v) = srv.post(&format!("/api/sessions/{a}/hint/cancel"), "{}");
        assert_eq!(st, 200, "{v}");
        let ((st, h), answered) = hint.join().unwrap();
        assert_eq!(st, 200, "{h}");
        assert!(
            answered - t0 < HALF_CAP,
            "{:?} after the cancel",
            answered - t0
        );
        assert_eq!(h["cancelled"], json!(true), "{h}");
        assert!(OPENING.contains(&h["turn"].as_str().unwrap()), "{h}");
    });
    // The pool's place is free again.
    assert_eq!(probe(&srv, &b), 200);
}

#[test]
fn a_computer_turn_stops_when_the_position_changes() {
    let srv = serve(&["--ai-workers", "1"]);
    let a = srv.open("checkers", &["ab:64", "human"]);
    let b = srv.open("checkers", &["human", "human"]);
    std::thread::scope(|sc| {
        let turn = sc.spawn(|| post_when_free(&srv, &format!("/api/sessions/{a}/ai"), "{}"));
        wait_full(&srv, &b);
        // Both seats human: the position's version changes and the
        // computer's search stops; its answer is dropped.
        let t0 = Instant::now();
        let seats = json!({"seats": ["human", "human"]}).to_string();
        let (st, v) = srv.post(&format!("/api/sessions/{a}/seats"), &seats);
        assert_eq!(st, 200, "{v}");
        let ((st, e), answered) = turn.join().unwrap();
        assert_eq!(st, 400, "{e}");
        assert!(
            e["error"].as_str().unwrap().contains("position changed"),
            "{e}"
        );
        assert!(
            answered - t0 < HALF_CAP,
            "{:?} after the change",
            answered - t0
        );
    });
    assert_eq!(probe(&srv, &b), 200);
    let (_, v) = srv.get(&format!("/api/sessions/{a}"));
    assert_eq!(v["moves"], json!([]));
}

#[test]
fn a_timed_hint_answers_within_its_budget() {
    // Alpha-beta by time deepens until its budget is spent (64 turns
    // would take far longer), then answers with its deepest finished
    // search: a 1 s budget answers well within the server's cap.
    let srv = serve(&[]);
    let id = srv.open("checkers", &["human", "human"]);
    let t0 = Instant::now();
    let body = json!({"player": "ab:1s"}).to_string();
    let (st, h) = srv.post(&format!("/api/sessions/{id}/hint"), &body);
    assert_eq!(st, 200, "{h}");
    assert!(t0.elapsed() < HALF_CAP, "{:?}", t0.elapsed());
    assert_eq!(h["cancelled"], json!(false), "{h}");
    assert!(OPENING.contains(&h["turn"].as_str().unwrap()), "{h}");
}

/// A hint in a game of three seats gives every seat's standing after
/// its turn (the Analysis table's column): three rows, their values
/// adding up to zero but for rounding (each seat's sum less the mean of
/// the others'); with two seats there are none.
#[test]
fn a_hint_with_three_seats_gives_each_seat_s_value_after_its_turn() {
    let srv = serve(&[]);
    let body = json!({"game": "chinese-checkers", "sets": ["seats=three"],
                      "seats": ["human", "human", "human"]})
    .to_string();
    let (st, v) = srv.post("/api/sessions", &body);
    assert_eq!(st, 200, "{v}");
    let id = v["session"].as_str().unwrap();
    let hint = json!({"player": "greedy"}).to_string();
    let (st, h) = post_when_free(&srv, &format!("/api/sessions/{id}/hint"), &hint).0;
    assert_eq!(st, 200, "{h}");
    let rows = h["seat_values_after"].as_array().expect("a row per seat");
    assert_eq!(rows.len(), 3, "{h}");
    let sum: i64 = rows.iter().map(|r| r["value"].as_i64().unwrap()).sum();
    assert!(sum.abs() < 3, "{h}");
    let two = srv.open("checkers", &["human", "human"]);
    let (st, h) = post_when_free(&srv, &format!("/api/sessions/{two}/hint"), &hint).0;
    assert_eq!(st, 200, "{h}");
    assert_eq!(h["seat_values_after"], serde_json::Value::Null, "{h}");
}
