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
//! expect outcome: Black wins     # or `draw`, or `none`
//! expect stack d4: R R B         # the stack, bottom first, by owner letter
//! expect counter mp: 12          # the player to move's counter
//! expect to-move: B
//! ```
//! `put:` takes a position text, as `--position` does (see
//! [`crate::record::position`]): `d4*3` puts three pieces; a site named
//! twice gets both players' pieces in the order written (a mixed stack); a
//! piece may carry a setup-code prefix (`D:Ka1`, see `(code …)`).
//! Lines run in order; `expect` lines check the position reached so far.

use crate::compile::{Game, LoadError, Options, read_source};
use crate::engine::State;
use crate::engine::notation::notation_sites;
use std::path::Path;
use std::sync::Arc;

/// The result of one scenario.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ScenarioReport {
    /// The scenario's title.
    pub name: String,
    /// `None` if every expectation held; else the first difference, with
    /// its line number.
    pub failure: Option<String>,
}

/// Runs every scenario of a scenarios file. Errors in the file itself (no
/// game, an unreadable line) are returned as `Err`, with a line number.
/// With `game`, the scenarios run against that game (a path or a shipped
/// name) instead of the one on the `game:` line.
pub fn run_file(path: &str, game: Option<&str>) -> Result<Vec<ScenarioReport>, String> {
    let text = crate::compile::read_text(Path::new(path)).map_err(|e| format!("{path}: {e}"))?;
    run_text(path, &text, game)
}

/// Runs the scenarios in `text` (read from `path`, for relative game
/// paths), against `game` when given.
pub fn run_text(path: &str, text: &str, game: Option<&str>) -> Result<Vec<ScenarioReport>, String> {
    let mut game_file = None;
    // Each scenario: its title, its line, and its lines.
    type Block = (String, usize, Vec<(usize, String)>);
    let mut blocks: Vec<Block> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = strip_comment(raw).trim();
        if line.is_empty() {
            continue;
        }
        if let Some(g) = line.strip_prefix("game:") {
            if game_file.is_some() {
                return Err(format!("{path}:{}: a scenarios file names one game", i + 1));
            }
            game_file = Some((resolve(path, g.trim()), i + 1));
        } else if let Some(name) = line.strip_prefix("scenario:") {
            blocks.push((name.trim().to_string(), i + 1, Vec::new()));
        } else if let Some((_, _, lines)) = blocks.last_mut() {
            lines.push((i + 1, line.to_string()));
        } else {
            return Err(format!(
                "{path}:{}: expected `game:` or `scenario:` first",
                i + 1
            ));
        }
    }
    let (mut game_file, game_line) = game_file.ok_or_else(|| format!("{path}: no `game:` line"))?;
    if let Some(g) = game {
        game_file = g.to_string();
    }
    Ok(blocks
        .into_iter()
        .map(|(name, at, lines)| ScenarioReport {
            failure: run_one(&game_file, game_line, at, &lines)
                .err()
                .map(|e| format!("{path}:{e}")),
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

/// A game path relative to the scenarios file, else as given.
fn resolve(scenarios: &str, game: &str) -> String {
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

/// Runs one scenario (its `scenario:` line is `at`); `Err("LINE: what
/// differs")` at the first difference. A scenario without any `expect`
/// line checks nothing, and fails.
fn run_one(
    game_file: &str,
    game_line: usize,
    at: usize,
    lines: &[(usize, String)],
) -> Result<(), String> {
    let sets: Vec<(usize, &str)> = lines
        .iter()
        .filter_map(|(n, l)| l.strip_prefix("set:").map(|v| (*n, v.trim())))
        .collect();
    let mut st = State::new(Arc::new(load(game_file, game_line, &sets)?));
    if !lines.iter().any(|(_, l)| l.starts_with("expect")) {
        return Err(format!(
            "{at}: the scenario checks nothing: add an `expect …` line"
        ));
    }
    for (n, line) in lines {
        step(&mut st, line).map_err(|e| format!("{n}: {e}"))?;
    }
    Ok(())
}

/// Loads the scenario's game with its `(line, "name=value")` settings. A
/// game that does not load is reported at the `game:` line, a bad setting
/// at its `set:` line.
fn load(game_file: &str, game_line: usize, sets: &[(usize, &str)]) -> Result<Game, String> {
    for (n, set) in sets {
        Options::from_sets(&[set]).map_err(|e| format!("{n}: {e}"))?;
    }
    let values: Vec<&str> = sets.iter().map(|(_, v)| *v).collect();
    let opts = Options::from_sets(&values).map_err(|e| format!("{game_line}: {e}"))?;
    let (name, text) = read_source(game_file).map_err(|e| format!("{game_line}: {e}"))?;
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
        format!("{n}: {e}")
    })
}

fn step(st: &mut State, line: &str) -> Result<(), String> {
    let (key, value) = line.split_once(':').ok_or("expected `key: value`")?;
    let value = value.trim();
    let words = || value.split_whitespace();
    match key.trim() {
        "set" => Ok(()),
        "fen" => {
            *st = State::from_fen(st.game().clone(), value).map_err(|e| e.to_string())?;
            Ok(())
        }
        "put" => st.put(value).map_err(|e| e.to_string()),
        "to-move" => {
            let p = player(st, value)?;
            let stacks = current_stacks(st);
            st.set_up(p, &stacks);
            Ok(())
        }
        k if k.starts_with("counter ") => set_counters(st, k["counter ".len()..].trim(), value),
        "moves" | "play" => {
            words().try_for_each(|m| st.play_str(m).map(|_| ()).map_err(|e| e.to_string()))
        }
        "expect moves" => {
            let mut got = st.legal_turn_strings();
            let mut want: Vec<String> = words().map(str::to_string).collect();
            got.sort();
            want.sort();
            same(&want.join(" "), &got.join(" "), "legal moves")
        }
        "expect legal" | "expect illegal" | "expect empty" if value.is_empty() => Err(format!(
            "`{}:` lists nothing to check: give one or more {}",
            key.trim(),
            if key.trim() == "expect empty" {
                "sites"
            } else {
                "moves"
            }
        )),
        "expect legal" | "expect illegal" => {
            let legal = st.legal_turn_strings();
            let wanted = key.trim() == "expect legal";
            let is_legal = |m: &str| legal.iter().any(|l| l.eq_ignore_ascii_case(m));
            // A text that is not a move in the game's notation is no claim
            // about the rules: `expect illegal: 22-81` (a typo) must not
            // pass because no such move exists.
            if let Some(m) = words().find(|m| notation_sites(st.game(), m).is_none()) {
                let like = legal
                    .first()
                    .map(|l| format!(" (moves are written like `{l}`)"))
                    .unwrap_or_default();
                return Err(format!("`{m}` is not a move in this game's notation{like}"));
            }
            match words().find(|m| is_legal(m) != wanted) {
                Some(m) => Err(format!(
                    "`{m}` is {}legal; legal: {}",
                    if wanted { "not " } else { "" },
                    legal.join(" ")
                )),
                None => Ok(()),
            }
        }
        "expect fen" => same(value, &st.to_fen().unwrap_or_default(), "position"),
        "expect empty" => sites(st, words())?.iter().try_for_each(|&(label, s)| {
            if st.height(s) == 0 {
                Ok(())
            } else {
                Err(format!("{label} is not empty"))
            }
        }),
        "expect owner" => expect_owner(st, value),
        "expect outcome" => expect_outcome(st, value),
        k if k.starts_with("expect stack") => {
            let label = k.trim_start_matches("expect stack").trim();
            let (_, s) = sites(st, std::iter::once(label))?[0];
            let game = st.game();
            let got: Vec<String> = st
                .stack(s)
                .iter()
                .map(|&p| game.players[game.owner(p) as usize].letter.to_string())
                .collect();
            same(
                value,
                &got.join(" "),
                &format!("stack at {label} (bottom first)"),
            )
        }
        k if k.starts_with("expect counter") => {
            let name = k.trim_start_matches("expect counter").trim();
            let id = counter_id(st, name)?;
            if value.contains('=') {
                return expect_counters(st, id, name, value);
            }
            same(
                value,
                &st.counter(id as u8, st.current_player()).to_string(),
                &format!("counter {name}"),
            )
        }
        "expect to-move" => same(
            value,
            &st.game().players[st.current_player() as usize]
                .letter
                .to_string(),
            "player to move",
        ),
        k if k.starts_with("expect roles") => {
            expect_roles(st, k.trim_start_matches("expect roles").trim(), value)
        }
        other => Err(unknown_line(other)),
    }
}

/// The index of the counter called `name`.
fn counter_id(st: &State, name: &str) -> Result<usize, String> {
    st.game()
        .counters
        .iter()
        .position(|c| c.name == name)
        .ok_or_else(|| format!("no counter `{name}`"))
}

/// `counter NAME: L=N…`: sets a counter of the players named by their
/// letters (a position set with `put:` keeps the counters of the start).
fn set_counters(st: &mut State, name: &str, value: &str) -> Result<(), String> {
    let id = counter_id(st, name)?;
    if value.is_empty() {
        return Err(format!("`counter {name}:` needs values such as `W=0 B=3`"));
    }
    for pair in value.split_whitespace() {
        let (letter, n) = pair
            .split_once('=')
            .ok_or_else(|| format!("expected LETTER=NUMBER, found `{pair}`"))?;
        let p = player(st, letter)?;
        let n: i32 = n
            .parse()
            .map_err(|_| format!("`{n}` is not a whole number"))?;
        st.set_counter(id as u8, p, n);
    }
    Ok(())
}

/// `expect counter NAME: L=N…`: the counter of each player named by its
/// letter.
fn expect_counters(st: &State, id: usize, name: &str, value: &str) -> Result<(), String> {
    for pair in value.split_whitespace() {
        let (letter, n) = pair
            .split_once('=')
            .ok_or_else(|| format!("expected LETTER=NUMBER, found `{pair}`"))?;
        let p = player(st, letter)?;
        same(
            n,
            &st.counter(id as u8, p).to_string(),
            &format!("counter {name} of {letter}"),
        )?;
    }
    Ok(())
}

/// The keys a scenario line may start with (`SITE` and `NAME` stand for a
/// site label and a counter's name).
const KEYS: &[&str] = &[
    "set",
    "fen",
    "put",
    "to-move",
    "counter NAME",
    "moves",
    "play",
    "expect moves",
    "expect legal",
    "expect illegal",
    "expect fen",
    "expect empty",
    "expect owner",
    "expect outcome",
    "expect to-move",
    "expect stack SITE",
    "expect counter NAME",
    "expect roles SITE",
];

/// "unknown line", with the nearest key and the valid ones.
fn unknown_line(key: &str) -> String {
    let near = crate::diag::did_you_mean(key, KEYS.iter().copied())
        .map(|k| format!("did you mean `{k}:`? "))
        .unwrap_or_default();
    format!(
        "unknown line `{key}:`; {near}lines are: {}",
        KEYS.iter()
            .map(|k| format!("`{k}:`"))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

fn same(want: &str, got: &str, what: &str) -> Result<(), String> {
    if want == got {
        Ok(())
    } else {
        Err(format!("{what}: expected `{want}`, got `{got}`"))
    }
}

fn player(st: &State, letter: &str) -> Result<u8, String> {
    crate::record::position::player_by_letter(st.game(), letter).map_err(|e| e.to_string())
}

fn sites<'a>(
    st: &State,
    labels: impl Iterator<Item = &'a str>,
) -> Result<Vec<(&'a str, u16)>, String> {
    labels
        .map(|l| {
            st.game()
                .board
                .site_by_label(l)
                .map(|s| (l, s))
                .ok_or_else(|| format!("no site `{l}`"))
        })
        .collect()
}

fn current_stacks(st: &State) -> Vec<(u16, Vec<u8>)> {
    (0..st.game().board.len() as u16)
        .map(|s| (s, st.stack(s).to_vec()))
        .filter(|(_, v)| !v.is_empty())
        .collect()
}

fn expect_owner(st: &State, value: &str) -> Result<(), String> {
    let mut words = value.split_whitespace();
    let owner = player(st, words.next().ok_or("expected a player letter")?)?;
    for (label, s) in sites(st, words)? {
        if st.top_owner(s) != Some(owner) {
            return Err(format!(
                "{label} is not {}'s",
                st.game().players[owner as usize].name
            ));
        }
    }
    Ok(())
}

fn expect_outcome(st: &State, value: &str) -> Result<(), String> {
    let got = match st.outcome() {
        None => "none".to_string(),
        Some(o) => match o.winner() {
            Some(w) => format!("{} wins", st.game().players[w as usize].name),
            None => "draw".to_string(),
        },
    };
    same(value, &got, "outcome")
}

fn expect_roles(st: &State, label: &str, value: &str) -> Result<(), String> {
    let site = st
        .game()
        .board
        .site_by_label(label)
        .ok_or_else(|| format!("no site `{label}`"))?;
    same(
        value,
        &st.roles_at(site).join(" "),
        &format!("roles at {label}"),
    )
}
