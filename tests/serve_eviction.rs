//! `ludic serve` keeps at most `--max-sessions` games: a new one closes
//! the game used least recently, never one used within `--keep-recent`
//! seconds nor one whose computer turn is running, and a page still
//! using a closed game is told so. At most `--ai-workers` computer turns
//! think at once.

#[path = "common/server.rs"]
mod server;

use std::time::Duration;

use serde_json::json;
use server::serve;

fn status(srv: &server::Server, id: &str) -> u16 {
    srv.get(&format!("/api/sessions/{id}")).0
}

#[test]
fn the_least_recently_used_game_is_closed() {
    let srv = serve(&["--max-sessions", "3", "--keep-recent", "0"]);
    let a = srv.open("tictactoe", &[]);
    let b = srv.open("tictactoe", &[]);
    let c = srv.open("tictactoe", &[]);
    // a used again: b is now the least recent.
    assert_eq!(status(&srv, &a), 200);
    let d = srv.open("tictactoe", &[]);
    let (st, v) = srv.get(&format!("/api/sessions/{b}"));
    assert_eq!(st, 410, "{v}");
    assert_eq!(v["evicted"], json!(true));
    let e = v["error"].as_str().unwrap();
    assert!(e.contains("closed to make room"), "{e}");
    // Every route says so, not "no session".
    let (st, v) = srv.post(&format!("/api/sessions/{b}/undo"), "{}");
    assert_eq!((st, v["evicted"].clone()), (410, json!(true)), "{v}");
    for id in [&a, &c, &d] {
        assert_eq!(status(&srv, id), 200);
    }
}

#[test]
fn recently_used_games_are_never_closed() {
    let srv = serve(&["--max-sessions", "2"]);
    let a = srv.open("tictactoe", &[]);
    let b = srv.open("tictactoe", &[]);
    let (st, v) = srv.post("/api/sessions", r#"{"game":"tictactoe"}"#);
    assert_eq!(st, 503, "{v}");
    let e = v["error"].as_str().unwrap();
    assert!(e.contains("too many games in use"), "{e}");
    assert_eq!((status(&srv, &a), status(&srv, &b)), (200, 200));
}

#[test]
fn a_game_whose_computer_is_thinking_stays_and_the_pool_is_bounded() {
    let srv = serve(&[
        "--max-sessions",
        "2",
        "--keep-recent",
        "0",
        "--ai-workers",
        "1",
    ]);
    // Alpha-beta 64 deep thinks for the whole 10 s cap.
    let a = srv.open("checkers", &["ab:64", "human"]);
    let b = srv.open("checkers", &["ab:64", "human"]);
    std::thread::scope(|scope| {
        let thinking = scope.spawn(|| srv.post(&format!("/api/sessions/{a}/ai"), "{}"));
        std::thread::sleep(Duration::from_secs(2));
        // The one worker is busy: b's turn is refused, not queued on a
        // new thread.
        let (st, v) = srv.post(&format!("/api/sessions/{b}/ai"), "{}");
        assert_eq!(st, 503, "{v}");
        assert!(
            v["error"].as_str().unwrap().contains("already thinking"),
            "{v}"
        );
        // b used after a: without the protection a would be closed now.
        assert_eq!(status(&srv, &b), 200);
        let c = srv.open("checkers", &[]);
        assert_eq!(status(&srv, &b), 410);
        let (st, v) = thinking.join().unwrap();
        assert_eq!(st, 200, "{v}");
        assert_eq!(v["moves"].as_array().unwrap().len(), 1, "{v}");
        assert_eq!(status(&srv, &c), 200);
    });
}
