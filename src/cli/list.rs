//! `ludic list`: the shipped games, one line each: name, title, players
//! and board.

use super::util::Fail;
use crate::compile::{Game, Options};

/// `ludic list`.
pub fn run() -> Result<i32, Fail> {
    let names = crate::compile::shipped_games();
    let width = names.iter().map(|n| n.len()).max().unwrap_or(0);
    for name in names {
        let game = Game::load(name, &Options::default())?;
        let players: Vec<&str> = game.players.iter().map(|p| p.name.as_str()).collect();
        println!(
            "{name:<width$}  {} — {}; {}",
            game.name,
            players.join(" v "),
            super::rules::board(&game)
                .split(';')
                .next()
                .unwrap_or_default()
        );
    }
    println!("\n`ludic rules GAME` explains a game; `ludic play GAME` plays it.");
    Ok(0)
}
