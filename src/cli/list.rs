//! `ludic list`: the shipped games, one line each: name, title, players
//! and board.

use super::util::Fail;
use crate::compile::{Game, Options};

/// `ludic list`.
pub fn run() -> Result<i32, Fail> {
    let mut names = crate::compile::shipped_games();
    names.sort_unstable();
    let width = names.iter().map(|n| n.len()).max().unwrap_or(0);
    for name in names {
        let game = Game::load(name, &Options::default())?;
        let players: Vec<&str> = game.players.iter().map(|p| p.name.as_str()).collect();
        let board = super::rules::board(&game);
        let shape = board.split(';').next().unwrap_or_default();
        println!(
            "{name:<width$}  {} — {}; {shape} ({} sites)",
            game.name,
            players.join(" v "),
            game.board.len()
        );
    }
    println!("\n`ludic rules GAME` explains a game; `ludic play GAME` plays it.");
    Ok(0)
}
