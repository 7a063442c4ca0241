//! Perft of `games/checkers.game` against the counts in
//! `tests/perft/checkers.txt` (published start-position counts, and counts
//! from set-up positions established by the independent bitboard generator
//! in `benches/baseline/`).

use ludic::compile::{Game, Options};
use ludic::engine::{Engine, State, perft};
use std::sync::Arc;

fn game() -> Arc<Game> {
    Arc::new(Game::load("games/checkers.game", &Options::default()).expect("checkers loads"))
}

/// The position a case names: `start`, or a FEN position.
fn position(g: &Arc<Game>, pos: &str) -> State {
    if pos == "start" {
        State::new(g.clone())
    } else {
        State::from_fen(g.clone(), pos).expect("fen")
    }
}

fn cases() -> Vec<(String, u32, u64)> {
    let text = std::fs::read_to_string("tests/perft/checkers.txt").expect("perft file");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (
                f[0].to_string(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn perft_matches_published_and_reference_counts() {
    let g = game();
    let cases = cases();
    assert!(
        cases.len() >= 10,
        "the perft file lists the published counts"
    );
    for (pos, depth, expected) in cases {
        let st = position(&g, &pos);
        assert_eq!(perft(&st, depth), Ok(expected), "perft({depth}) from {pos}");
    }
}

#[test]
fn divide_sums_to_perft_and_lists_the_seven_openings() {
    let st = State::new(game());
    let rows = ludic::engine::perft_divide(&st, 3).expect("perft");
    let mut names: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    names.sort_by_key(|n| (n.len(), n.to_string()));
    // rules.md §3.1: the seven first moves.
    assert_eq!(
        names,
        ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]
    );
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), 302);
}

#[test]
fn the_reference_interpreter_alone_gives_the_same_counts() {
    // `perft` counts these with the compiled kernel; the reference
    // interpreter, alone, must agree on every case shallow enough to
    // count quickly.
    let g = game();
    for (fen, depth, want) in cases().into_iter().filter(|c| c.2 <= 1_000_000) {
        let st = position(&g, &fen).on_engine(Engine::Reference);
        assert_eq!(perft(&st, depth), Ok(want), "{fen} {depth}");
    }
}
