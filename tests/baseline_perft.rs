//! The reference bitboard generator (benches/baseline/checkers.rs) gives the
//! published start-position counts, and the same counts as ludic's rule
//! file from set-up positions, depth by depth.

#[path = "../benches/baseline/checkers.rs"]
mod baseline;

use ludic::compile::{Game, Options};
use ludic::engine::{State, perft};
use std::sync::Arc;

#[test]
fn baseline_matches_the_published_start_counts() {
    let published = [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680];
    let start = baseline::Position::start();
    for (d, n) in published.iter().enumerate() {
        assert_eq!(start.perft(d as u32 + 1), *n, "depth {}", d + 1);
    }
}

#[test]
fn baseline_and_ludic_agree_on_set_up_positions() {
    let game = Arc::new(Game::load("games/checkers.game", &Options::default()).unwrap());
    for fen in [
        "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
        "W:W21,22,23,25,26,27,29,30,31,32:B1,2,3,5,6,7,9,10,11,13",
        "B:WK14,K19,K22:BK6,K10,K27",
        "W:W9,10,11,22:B5,6,7,18,26",
        "B:W14,15,22,23:BK10",
        "W:W11:B6,7",
    ] {
        let b = baseline::Position::from_fen(fen).unwrap();
        let st = State::from_fen(game.clone(), fen).unwrap();
        for d in 1..=5 {
            assert_eq!(perft(&st, d), Ok(b.perft(d)), "{fen} depth {d}");
        }
    }
}
