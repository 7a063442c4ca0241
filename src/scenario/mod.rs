//! Rule scenarios: a small text format, beside a game file, that states a
//! position and what must hold there — the legal moves, the position after
//! a move, the outcome — so a designer can pin down a tricky rule without
//! writing Rust (`ludic test FILE.scenarios`).
//!
//! ```text
//! # comment
//! game: checkers.game            # a path next to this file, or a shipped game
//!
//! scenario: crowning ends the move
//! set: repetition=false          # toggles (optional, repeatable)
//! fen: B:W26,27:B22              # a FEN position (numbered sites), or:
//! put: D:a1,b2 L:c3              # stacks on an empty board, by player letter
//! to-move: D                     # the player to move after `put:`
//! put: D D:a1,b2 L:c3            # the same, the side to move first
//! moves: 11-15 23-19             # moves played first
//! expect moves: 22x31            # exactly these legal moves (any order)
//! expect legal: 22x31            # these moves are among the legal ones
//! expect illegal: 22-18          # these are not legal
//! play: 22x31                    # play moves
//! expect fen: W:W27:BK31         # the position, in FEN
//! expect empty: c3 d4            # these sites are empty
//! expect owner: D c3 d4          # these sites' top pieces are D's
//! expect roles c3: Foot Alive    # exactly these roles hold at c3
//! expect outcome: Black wins     # or `draw`, `none`, `places 2 1 3`, `Red and Blue share first`
//! expect score: Black 40.0, White 48.5  # each player's `(score …)` now
//! expect stack d4: R R B         # the stack, bottom first, by owner letter
//! expect counter mp: 12          # the player to move's counter
//! expect to-move: B
//! ```
//! `put:` takes a position text, as `--position` does (see
//! [`crate::record::position`]): `d4*3` puts three pieces; a site named
//! twice gets both players' pieces in the order written (a mixed stack); a
//! piece may carry a setup-code prefix (`D:Ka1`, see `(code …)`).
//! Lines run in order; `expect` lines check the position reached so far.

mod error;
mod shape;
mod step;

pub use error::{ScenarioFileError, StepError};

use crate::compile::{Game, LoadError, Options, read_source};
use crate::engine::State;
use serde::{Serialize, Serializer};
use std::path::Path;
use std::sync::Arc;

/// The result of one scenario.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScenarioReport {
    /// The scenario's title.
    pub name: String,
    /// `None` if every expectation held; else the first difference, with
    /// its line.
    pub failure: Option<Failure>,
}

/// The first line of a scenario that fails: written `PATH:LINE: why`.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{path}:{line}: {error}")]
pub struct Failure {
    /// The scenarios file, as given.
    pub path: String,
    /// The failing line, 1-based (the `game:` line for a game that does not
    /// load, the `scenario:` line for a scenario that checks nothing).
    pub line: usize,
    /// What failed there.
    pub error: StepError,
}

/// Written as its message, `PATH:LINE: why`.
impl Serialize for Failure {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Runs every scenario of a scenarios file. With `game`, the scenarios run
/// against that game (a path or a shipped name) instead of the one on the
/// `game:` line.
///
/// # Errors
/// A [`ScenarioFileError`] when the file cannot be read or is not a
/// scenarios file (no `game:` line, two of them, a line before the first
/// `scenario:`); a failing scenario is a [`ScenarioReport`] instead.
pub fn run_file(path: &str, game: Option<&str>) -> Result<Vec<ScenarioReport>, ScenarioFileError> {
    let text =
        crate::compile::read_text(Path::new(path)).map_err(|error| ScenarioFileError::Read {
            path: path.to_string(),
            error,
        })?;
    run_text(path, &text, game)
}

/// Runs the scenarios in `text` (read from `path`, for relative game
/// paths), against `game` when given.
///
/// # Errors
/// As [`run_file`], for a text that is not a scenarios file.
pub fn run_text(
    path: &str,
    text: &str,
    game: Option<&str>,
) -> Result<Vec<ScenarioReport>, ScenarioFileError> {
    let mut game_file = None;
    // Each scenario: its title, its line, and its lines.
    type Block = (String, usize, Vec<(usize, String)>);
    let mut blocks: Vec<Block> = Vec::new();
    let path_s = || path.to_string();
    for (i, raw) in text.lines().enumerate() {
        let line = strip_comment(raw).trim();
        if line.is_empty() {
            continue;
        }
        if let Some(g) = line.strip_prefix("game:") {
            if game_file.is_some() {
                return Err(ScenarioFileError::SecondGame {
                    path: path_s(),
                    line: i + 1,
                });
            }
            game_file = Some((resolve(path, g.trim()), i + 1));
        } else if let Some(name) = line.strip_prefix("scenario:") {
            let name = name.trim().to_string();
            if let Some((_, first, _)) = blocks.iter().find(|b| b.0 == name) {
                return Err(ScenarioFileError::SameName {
                    path: path_s(),
                    line: i + 1,
                    name,
                    first: *first,
                });
            }
            blocks.push((name, i + 1, Vec::new()));
        } else if let Some((_, _, lines)) = blocks.last_mut() {
            lines.push((i + 1, line.to_string()));
        } else {
            return Err(ScenarioFileError::BeforeScenario {
                path: path_s(),
                line: i + 1,
            });
        }
    }
    let (mut game_file, game_line) =
        game_file.ok_or_else(|| ScenarioFileError::NoGame { path: path_s() })?;
    if let Some(g) = game {
        game_file = g.to_string();
    }
    Ok(blocks
        .into_iter()
        .map(|(name, at, lines)| ScenarioReport {
            failure: run_one(&game_file, game_line, at, &lines)
                .err()
                .map(|(line, error)| Failure {
                    path: path_s(),
                    line,
                    error,
                }),
            name,
        })
        .collect())
}

/// A line without its comment: `#` at the start or after a blank (space
/// or tab).
fn strip_comment(line: &str) -> &str {
    if line.starts_with('#') {
        return "";
    }
    // Byte positions: `#`, space and tab are ASCII.
    let b = line.as_bytes();
    match (1..b.len()).find(|&i| b[i] == b'#' && matches!(b[i - 1], b' ' | b'\t')) {
        Some(i) => &line[..i - 1],
        None => line,
    }
}

/// A game path relative to the scenarios file, else as given (a shipped
/// game's name as given: see [`crate::compile::is_game_name`]).
fn resolve(scenarios: &str, game: &str) -> String {
    if crate::compile::is_game_name(game) {
        return game.to_string();
    }
    let near = Path::new(scenarios)
        .parent()
        .unwrap_or(Path::new(""))
        .join(game);
    if near.exists() {
        near.to_string_lossy().into_owned()
    } else {
        game.to_string()
    }
}

/// Runs one scenario (its `scenario:` line is `at`); the line and the
/// error of the first difference. A scenario without any `expect` line
/// checks nothing, and fails.
fn run_one(
    game_file: &str,
    game_line: usize,
    at: usize,
    lines: &[(usize, String)],
) -> Result<(), (usize, StepError)> {
    let sets: Vec<(usize, &str)> = lines
        .iter()
        .filter_map(|(n, l)| l.strip_prefix("set:").map(|v| (*n, v.trim())))
        .collect();
    let game =
        load(game_file, game_line, &sets).map_err(|(n, e)| (n, StepError::Load(Box::new(e))))?;
    let mut st = State::new(Arc::new(game));
    if !lines.iter().any(|(_, l)| l.starts_with("expect")) {
        return Err((at, StepError::ChecksNothing));
    }
    for (n, line) in lines {
        step::step(&mut st, line).map_err(|e| (*n, e))?;
    }
    Ok(())
}

/// Loads the scenario's game with its `(line, "name=value")` settings. A
/// game that does not load is reported at the `game:` line, a bad setting
/// at its `set:` line.
fn load(
    game_file: &str,
    game_line: usize,
    sets: &[(usize, &str)],
) -> Result<Game, (usize, LoadError)> {
    for (n, set) in sets {
        Options::from_sets(&[set]).map_err(|e| (*n, e))?;
    }
    let values: Vec<&str> = sets.iter().map(|(_, v)| *v).collect();
    let opts = Options::from_sets(&values).map_err(|e| (game_line, e))?;
    let (name, text) = read_source(game_file).map_err(|e| (game_line, e))?;
    Game::from_source(&name, &text, &opts).map_err(|e| {
        let n = match &e {
            LoadError::Options(msgs) => sets
                .iter()
                .find(|(_, v)| {
                    let name = v.split('=').next().unwrap_or("").trim();
                    msgs.iter().any(|m| m.contains(&format!("`{name}`")))
                })
                .or(sets.first())
                .map_or(game_line, |(n, _)| *n),
            _ => game_line,
        };
        (n, e)
    })
}
