//! A bounded, seeded fuzz loop over the inputs other than rule files
//! (issue 42): position texts and FENs (`--position`, the web page's
//! position box), records (trials and PDN, `replay` and the page's record
//! upload) and the HTTP API of `ludic serve`. Each input is taken from a
//! seeded game of every shipped rule file, then mutated by
//! `tests/common/mutate.rs` (control characters among the inserts).
//!
//! For every mutant: no panic, every refusal with a reason; a position
//! that reads
//! writes a text that reads back to itself, and its legal moves list.
//! The server must answer every mutated request with JSON, and still hold
//! the session's game afterwards (nothing lost). `cargo test` runs a few
//! mutants of each; `LUDIC_FUZZ_CASES=N` runs N (docs/testing.md).

mod common;
#[path = "common/mutate.rs"]
mod mutate;
#[path = "common/server.rs"]
mod server;

use ludic::batch::replay::{replay_game, replay_trial};
use ludic::compile::{Game, Options};
use ludic::engine::State;
use ludic::record::pdn::{parse_pdn, write_pdn};
use ludic::record::trial::{Trial, TrialMove, parse_trial, write_trial};
use mutate::{cases, mutate};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// Control characters inserted besides the text mutations: a terminal
/// escape, a NUL, a carriage return, a delete.
const CONTROLS: [&str; 4] = ["\u{1b}[2J", "\0", "\r", "\u{7f}"];

/// `mutate`, or one control character inserted.
fn mutant(text: &str, rng: &mut ChaCha8Rng) -> String {
    if rng.random_range(0..4) == 0 {
        let at = mutate::floor(text, rng.random_range(0..text.len().max(1)));
        let c = CONTROLS[rng.random_range(0..CONTROLS.len())];
        return format!("{}{c}{}", &text[..at], &text[at..]);
    }
    let mut out = text.to_string();
    for _ in 0..rng.random_range(1..3) {
        out = mutate(&out, rng);
    }
    out
}

/// A refusal says why. (Control characters from the input may stand in
/// the message: the command line escapes them where it prints, which
/// `tests/hostile_round4.rs` checks.)
fn clean(what: &str, input: &str, message: &str) {
    assert!(
        !message.trim().is_empty(),
        "{what}: an empty reason for {input:?}"
    );
}

/// Every shipped game at its defaults.
fn games() -> Vec<(&'static str, Arc<Game>)> {
    ludic::compile::shipped_games()
        .into_iter()
        .map(|name| {
            let g = Game::load(name, &Options::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, Arc::new(g))
        })
        .collect()
}

/// A seeded game of up to `turns` turns: the move texts played, and the
/// states along it.
fn walk(game: &Arc<Game>, seed: u64, turns: usize) -> (Vec<String>, Vec<State>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut st = State::new(game.clone());
    let (mut moves, mut states) = (Vec::new(), vec![st.clone()]);
    for _ in 0..turns {
        let legal = st.legal_turn_strings();
        if st.is_over() || legal.is_empty() {
            break;
        }
        let text = legal[rng.random_range(0..legal.len())].clone();
        st.play_str(&text).expect("a listed move plays");
        moves.push(text);
        states.push(st.clone());
    }
    (moves, states)
}

#[test]
fn mutated_positions_and_fens_are_read_or_refused_cleanly() {
    let n = cases(3);
    let mut read = 0;
    for (k, (name, game)) in games().into_iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(mutate::seed(0x9051 ^ k as u64));
        let (_, states) = walk(&game, k as u64, 12);
        for st in states.iter().step_by(4) {
            let texts = [st.to_position(), st.to_fen()];
            for text in texts.into_iter().flatten() {
                for _ in 0..n {
                    let m = mutant(&text, &mut rng);
                    let got = State::from_position(game.clone(), &m)
                        .map_err(|e| e.to_string())
                        .or_else(|_| State::from_fen(game.clone(), &m).map_err(|e| e.to_string()));
                    match got {
                        Ok(s) => {
                            read += 1;
                            let _ = s.legal_turn_strings();
                            let Some(again) = s.to_position() else {
                                continue;
                            };
                            let back = State::from_position(game.clone(), &again)
                                .unwrap_or_else(|e| panic!("{name}: {again:?} from {m:?}: {e}"));
                            assert_eq!(back.to_position(), Some(again), "{name}: {m:?}");
                        }
                        Err(e) => clean(name, &m, &e),
                    }
                }
            }
        }
    }
    assert!(read > 0, "no mutant read: the loop tests only refusals");
}

#[test]
fn mutated_records_replay_or_are_refused_cleanly() {
    let n = cases(3);
    for (k, (name, game)) in games().into_iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(mutate::seed(0x7e11 ^ k as u64));
        let (moves, _) = walk(&game, k as u64 + 100, 16);
        let trial = write_trial(&Trial {
            game: name.to_string(),
            title: Some(game.name.clone()),
            moves: moves
                .iter()
                .map(|m| TrialMove {
                    text: m.clone(),
                    line: 0,
                })
                .collect(),
            ..Trial::default()
        });
        let tags = [("Event".to_string(), "fuzz".to_string())];
        let pdn = write_pdn(&tags, &moves, "*");
        for _ in 0..n {
            let m = mutant(&trial, &mut rng);
            match parse_trial(&m) {
                Ok(t) => {
                    let v = replay_trial(&game, &t);
                    if let Some(e) = &v.error {
                        clean(name, &m, &e.reason.to_string());
                    }
                }
                Err(e) => clean(name, &m, &e.to_string()),
            }
            let m = mutant(&pdn, &mut rng);
            match parse_pdn(&m) {
                Ok(gs) => {
                    for (i, g) in gs.iter().enumerate() {
                        let v = replay_game(&game, g, i);
                        if let Some(e) = &v.error {
                            clean(name, &m, &e.reason.to_string());
                        }
                    }
                }
                Err(e) => clean(name, &m, &e.to_string()),
            }
        }
    }
}

/// Requests the page makes, as (method, path, body); `{id}` is the
/// session's id.
const REQUESTS: [(&str, &str, &str); 9] = [
    (
        "POST",
        "/api/sessions",
        r#"{"game": "tictactoe", "seats": ["human", "human"]}"#,
    ),
    ("GET", "/api/options?game=checkers&set=no_progress=20", ""),
    ("POST", "/api/sessions/{id}/click", r#"{"site": 4}"#),
    ("POST", "/api/sessions/{id}/choose", r#"{"index": 0}"#),
    ("POST", "/api/sessions/{id}/seek", r#"{"ply": 1}"#),
    (
        "POST",
        "/api/sessions/{id}/seats",
        r#"{"seats": ["human", "random"]}"#,
    ),
    (
        "POST",
        "/api/sessions/{id}/record",
        r#"{"text": "ludic-trial 1\ngame tictactoe\nmoves\nb2\nresult unfinished\n"}"#,
    ),
    (
        "POST",
        "/api/sessions/{id}/position",
        r#"{"text": "X X:a1 O:b2"}"#,
    ),
    ("GET", "/api/sessions/{id}", ""),
];

#[test]
fn mutated_api_requests_are_answered_with_json_and_lose_no_game() {
    let srv = server::serve(&[]);
    let keep = srv.open("tictactoe", &["human", "human"]);
    let (status, _) = srv.post(&format!("/api/sessions/{keep}/click"), r#"{"site": 4}"#);
    assert_eq!(status, 200);
    let id = srv.open("tictactoe", &["human", "human"]);
    let mut rng = ChaCha8Rng::seed_from_u64(mutate::seed(0x4177));
    for _ in 0..cases(4) {
        for (method, path, body) in REQUESTS {
            let path = path.replace("{id}", &id);
            let (path, body) = if rng.random_range(0..3) == 0 {
                (mutant(&path, &mut rng), body.to_string())
            } else {
                (path, mutant(body, &mut rng))
            };
            // A path with a space or a control character is no request
            // line at all; the server still answers it.
            let path: String = path.chars().filter(|c| !c.is_whitespace()).collect();
            let token = srv.token.clone();
            let headers = [
                ("X-Ludic-Token", token.as_str()),
                ("Content-Type", "application/json"),
            ];
            let (status, text) = srv.send(method, &path, &headers, &body);
            assert!((200..600).contains(&status), "{status} for {path} {body:?}");
            if !path.starts_with("/api/") || status == 200 {
                continue;
            }
            let v = server::parse(&text);
            let error = v["error"].as_str().unwrap_or_else(|| panic!("{text}"));
            clean(&path, &body, error);
        }
    }
    // The session not touched keeps its game: one mark, on the centre.
    let (status, trial) = srv.send("GET", &format!("/api/sessions/{keep}/trial"), &[], "");
    assert_eq!(status, 200, "{trial}");
    let t = parse_trial(&trial).expect("the kept session's trial reads");
    let played: Vec<&str> = t.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(played, ["b2"]);
}
