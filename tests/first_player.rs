//! A first player drawn at random (`(first … Random)`: Genocide's
//! `first=random`, a coin flip) is drawn from the seed of the front end
//! that starts the game: the same seed gives the same first player in
//! `ludic play` and in the library (`State::new_for_seed`), a trial played
//! so replays, and the coin does fall both ways over a handful of seeds.
//! The web page's start (seed 1, `ludic play`'s default) is tested beside
//! the page (src/serve/tests/first_player.rs).

mod common;

use common::{ludic, ok};
use ludic::compile::{Game, Options};
use ludic::engine::State;
use std::sync::Arc;

fn game() -> Arc<Game> {
    let sets = Options::from_sets(&["first=random"]).unwrap();
    Arc::new(Game::load("games/genocide.game", &sets).unwrap())
}

/// The moves of a trial (the lines after `moves`, up to `result`).
fn trial_moves(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .skip_while(|l| *l != "moves")
        .skip(1)
        .take_while(|l| !l.starts_with("result"))
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

#[test]
fn the_seed_draws_the_first_player_on_every_front_end() {
    let game = game();
    let firsts: Vec<u8> = (0..16)
        .map(|seed| State::new_for_seed(game.clone(), seed).current_player())
        .collect();
    assert!(firsts.contains(&0) && firsts.contains(&1), "{firsts:?}");
    let dir = std::env::temp_dir().join(format!("ludic-first-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for seed in [1u64, 2, 3, 4] {
        let want = State::new_for_seed(game.clone(), seed).current_player();
        let file = dir.join(format!("g{seed}.trial"));
        let path = file.to_str().unwrap();
        let s = seed.to_string();
        ok(&ludic(&[
            "play",
            "genocide",
            "--set",
            "first=random",
            "--p1",
            "random",
            "--p2",
            "random",
            "--seed",
            &s,
            "--max-turns",
            "2",
            "--quiet",
            "--force",
            "--record",
            path,
        ]));
        let text = std::fs::read_to_string(&file).unwrap();
        // The game `play` recorded is the one the seed's start plays:
        // its moves are legal there, in order.
        let mut st = State::new_for_seed(game.clone(), seed);
        assert_eq!(st.current_player(), want);
        let moves = trial_moves(&text);
        assert!(!moves.is_empty(), "{text}");
        for m in &moves {
            st.play_str(m)
                .unwrap_or_else(|e| panic!("seed {seed}: {m}: {e}\n{text}"));
        }
        ok(&ludic(&["replay", "genocide", path]));
    }
    std::fs::remove_dir_all(&dir).ok();
}
