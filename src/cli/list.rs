//! `ludic list`: the shipped games, one line each: name, title, players
//! and board.

use super::util::Fail;
use ludic::compile::{Game, Options};

/// `ludic list`. A shipped game that does not compile (a rule file being
/// written in `games/`) gets a line saying so and makes the exit code 1;
/// the others are still listed.
pub fn run() -> Result<i32, Fail> {
    let mut names = ludic::compile::shipped_games();
    names.sort_unstable();
    let width = names.iter().map(|n| n.len()).max().unwrap_or(0);
    let mut code = 0;
    for name in names {
        match load(name) {
            Some(game) => println!("{name:<width$}  {}", summary(&game)),
            None => {
                println!("{name:<width$}  does not compile: see `ludic check {name}`");
                code = 1;
            }
        }
    }
    println!("\n`ludic rules GAME` explains a game; `ludic play GAME` plays it.");
    Ok(code)
}

/// The shipped game `name` at its defaults (read as a shipped game, never
/// as a file of the current directory); `None` when it cannot be read or
/// does not compile.
fn load(name: &str) -> Option<Game> {
    let (path, text) = ludic::compile::read_shipped(name)?.ok()?;
    Game::from_source(&path, &text, &Options::default()).ok()
}

/// `Title — White v Black; square 8x8 (64 sites)`.
fn summary(game: &Game) -> String {
    let players: Vec<&str> = game.players.iter().map(|p| p.name.as_str()).collect();
    let board = super::rules::board(game);
    let shape = board.split(';').next().unwrap_or_default();
    format!(
        "{} — {}; {shape} ({} sites)",
        game.name,
        players.join(" v "),
        game.board.len()
    )
}
