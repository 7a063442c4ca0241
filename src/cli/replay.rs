//! `ludic replay GAME RECORD`: plays every game of a record through the
//! rules and reports, per game, that every move was legal or the first move
//! that was not (with its ply). Exit 1 if any game fails.
//!
//! A record is a PDN file (one or more games) or a trial (one game, see
//! [`crate::record::trial`]); the format is detected from the text. A
//! trial's toggles are applied (then the command line's `--set`), and its
//! recorded result must be the one the rules reach.

use super::util::{Fail, GameArgs};
use crate::engine::State;
use crate::record::pdn::{PdnGame, parse_pdn};
use crate::record::trial::{Trial, TrialResult, is_trial, parse_trial};
use clap::Args;
use std::sync::Arc;

/// Arguments of `ludic replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// A PDN file with one or more games, or a trial.
    record: String,
    /// Print one JSON object (a summary and the failures).
    #[arg(long)]
    json: bool,
}

/// The verdict on one recorded game.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Verdict {
    /// 1-based index of the game in the file.
    pub game: usize,
    /// Moves checked.
    pub moves: usize,
    /// The first illegal move: ply (0-based), text, line, reason.
    pub error: Option<(usize, String, usize, String)>,
    /// Draws our rules declare automatically that the players went on past
    /// (they are claims in tournament play, rules.md §3.4): ply and rule.
    pub draws_passed: Vec<(usize, String)>,
    /// For a trial whose moves are legal: the recorded result when the
    /// rules reach another one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wrong_result: Option<String>,
}

/// Replays one game; the first illegal move stops it.
pub fn replay_game(game: &Arc<crate::compile::Game>, g: &PdnGame, index: usize) -> Verdict {
    let mut st = match g.tag("FEN") {
        Some(fen) if g.tag("SetUp") != Some("0") => match State::from_fen(game.clone(), fen) {
            Ok(s) => s,
            Err(e) => {
                let error = Some((0, fen.into(), g.line, format!("bad FEN: {e}")));
                return Verdict {
                    game: index,
                    moves: 0,
                    error,
                    draws_passed: Vec::new(),
                    wrong_result: None,
                };
            }
        },
        _ => State::new(game.clone()),
    };
    let mut draws_passed = Vec::new();
    for m in &g.moves {
        if let Some(o) = st.clear_draw() {
            draws_passed.push((m.ply, format!("{:?}", o.reason())));
        }
        if let Err(e) = st.play_str(&m.text) {
            let error = Some((m.ply, m.text.clone(), m.line, e.to_string()));
            return Verdict {
                game: index,
                moves: m.ply,
                error,
                draws_passed,
                wrong_result: None,
            };
        }
    }
    Verdict {
        game: index,
        moves: g.moves.len(),
        error: None,
        draws_passed,
        wrong_result: None,
    }
}

/// Replays a trial on `game` (loaded with the trial's toggles): every
/// move must be legal, and the position reached must have the recorded
/// result.
pub fn replay_trial(game: &Arc<crate::compile::Game>, t: &Trial) -> Verdict {
    let fail = |ply: usize, text: &str, line: usize, why: String, moves| Verdict {
        game: 1,
        moves,
        error: Some((ply, text.to_string(), line, why)),
        draws_passed: Vec::new(),
        wrong_result: None,
    };
    let start = match (&t.start, &t.position) {
        (Some(fen), _) => State::from_fen(game.clone(), fen).map_err(|e| (fen, e)),
        (None, Some(text)) => State::from_position(game.clone(), text).map_err(|e| (text, e)),
        (None, None) => Ok(State::new(game.clone())),
    };
    let mut st = match start {
        Ok(s) => s,
        Err((text, e)) => return fail(0, text, 0, format!("bad start position: {e}"), 0),
    };
    for (ply, m) in t.moves.iter().enumerate() {
        if let Err(e) = st.play_str(&m.text) {
            return fail(ply, &m.text, m.line, e.to_string(), ply);
        }
    }
    let reached = TrialResult::from_outcome(st.outcome());
    // A game stopped early may end anywhere; a finished one must end here.
    let wrong_result = (t.result != TrialResult::Unfinished && reached != t.result)
        .then(|| format!("the record says `{}`, the rules say `{reached}`", t.result));
    Verdict {
        game: 1,
        moves: t.moves.len(),
        error: None,
        draws_passed: Vec::new(),
        wrong_result,
    }
}

/// Runs the command.
pub fn run(a: &ReplayArgs) -> Result<i32, Fail> {
    let text = crate::compile::read_text(std::path::Path::new(&a.record))
        .map_err(|e| Fail(format!("{}: {e}", a.record)))?;
    let verdicts = if is_trial(&text) {
        let t = parse_trial(&text).map_err(|e| Fail(format!("{}: {e}", a.record)))?;
        let mut args = GameArgs {
            file: a.game.file.clone(),
            sets: t.sets.iter().map(|(n, v)| format!("{n}={v}")).collect(),
        };
        args.sets.extend(a.game.sets.iter().cloned());
        vec![replay_trial(&args.load()?, &t)]
    } else {
        let game = a.game.load()?;
        pdn_verdicts(&game, &text, &a.record)?
    };
    report(a, &verdicts)
}

fn pdn_verdicts(
    game: &Arc<crate::compile::Game>,
    text: &str,
    record: &str,
) -> Result<Vec<Verdict>, Fail> {
    let games = parse_pdn(text).map_err(|e| Fail(format!("{record}:{e}")))?;
    Ok(games
        .iter()
        .enumerate()
        .map(|(i, g)| replay_game(game, g, i + 1))
        .collect())
}

fn report(a: &ReplayArgs, verdicts: &[Verdict]) -> Result<i32, Fail> {
    let failed: Vec<&Verdict> = verdicts
        .iter()
        .filter(|v| v.error.is_some() || v.wrong_result.is_some())
        .collect();
    let moves: usize = verdicts.iter().map(|v| v.moves).sum();
    if a.json {
        println!(
            "{}",
            serde_json::json!({"games": verdicts.len(), "ok": verdicts.len() - failed.len(),
                "failed": failed.len(), "moves": moves, "failures": failed})
        );
    } else {
        for v in verdicts {
            match &v.error {
                None if v.wrong_result.is_some() => println!(
                    "game {}: {} moves legal, WRONG RESULT: {}",
                    v.game,
                    v.moves,
                    v.wrong_result.as_deref().unwrap_or_default()
                ),
                None if v.draws_passed.is_empty() => {
                    println!("game {}: ok, {} moves legal", v.game, v.moves)
                }
                None => println!(
                    "game {}: ok, {} moves legal (play went on past an automatic draw: {:?})",
                    v.game, v.moves, v.draws_passed
                ),
                Some((ply, text, line, why)) => println!(
                    "game {}: ILLEGAL at ply {} (move {}{}, {}:{line}): {text}: {why}",
                    v.game,
                    ply + 1,
                    ply / 2 + 1,
                    if ply % 2 == 0 { "" } else { "..." },
                    a.record
                ),
            }
        }
        println!(
            "{} games, {} ok, {} failed, {moves} moves",
            verdicts.len(),
            verdicts.len() - failed.len(),
            failed.len()
        );
    }
    Ok(if failed.is_empty() { 0 } else { 1 })
}
