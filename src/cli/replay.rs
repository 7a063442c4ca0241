//! `ludic replay GAME RECORD`: plays every game of a record through the
//! rules and reports, per game, that every move was legal or the first move
//! that was not (with its ply). Exit 1 if any game fails.
//!
//! A record is a PDN file (one or more games) or a file of one or more
//! trials (one game each, see [`ludic::record::trial`]; `ludic analyze
//! --record` writes one trial per game); the format is detected from the
//! text. A trial's toggles are applied (then the command line's `--set`), its
//! `game` line must name the game replayed, and its recorded result must
//! be the one the rules reach (a trial marked `unfinished` must not have
//! ended). A PDN game whose `Result` tag and movetext result differ fails.
//!
//! Records of real games often go on past a draw our rules declare
//! automatically (in tournament play such draws are claims): the replay
//! goes on, restarting the repetition count, and the report says so, once
//! per rule, instead of "ok". Plies are 1-based in the text and the JSON.

use super::util::{Fail, GameArgs};
use clap::Args;
use ludic::batch::replay::{IllegalPly, PassedDraw, PlyError, Verdict, replay_game, replay_trial};
use ludic::record::pdn::parse_pdn;
use ludic::record::trial::{Trial, is_trial, parse_trials};
use std::sync::Arc;

/// Arguments of `ludic replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// A PDN file with one or more games, or a file of one or more trials
    /// (`analyze --record` writes one trial per game).
    record: String,
    /// Print one JSON object (a summary and the failures).
    #[arg(long)]
    json: bool,
}

/// Runs the command.
pub fn run(a: &ReplayArgs) -> Result<i32, Fail> {
    let result = verdicts(a);
    match result {
        Ok(verdicts) => report(a, &verdicts),
        Err(Fail(message)) if a.json => {
            println!("{}", serde_json::json!({ "error": message }));
            Err(Fail(message))
        }
        Err(e) => Err(e),
    }
}

/// The verdicts on every game of the record.
fn verdicts(a: &ReplayArgs) -> Result<Vec<Verdict>, Fail> {
    let text = ludic::compile::read_text(std::path::Path::new(&a.record))
        .map_err(|e| Fail(format!("{}: {e}", a.record)))?;
    if is_trial(&text) {
        let trials = parse_trials(&text).map_err(|e| Fail(format!("{}: {e}", a.record)))?;
        // Trials of one analysis share their toggles: the game is loaded
        // again only when they change.
        let mut loaded: Option<(Vec<String>, Arc<ludic::compile::Game>)> = None;
        let mut out = Vec::with_capacity(trials.len());
        for (i, t) in trials.iter().enumerate() {
            let mut args = GameArgs {
                file: a.game.file.clone(),
                sets: t.sets.iter().map(|(n, v)| format!("{n}={v}")).collect(),
            };
            args.sets.extend(a.game.sets.iter().cloned());
            let game = match &loaded {
                Some((sets, game)) if *sets == args.sets => game.clone(),
                _ => {
                    let game = args.load().map_err(|e| at_set_line(t, &a.record, e))?;
                    same_game(&a.game.file, &game, &t.game, &a.record)?;
                    loaded.insert((args.sets, game)).1.clone()
                }
            };
            let mut v = replay_trial(&game, t);
            v.game = i + 1;
            out.push(v);
        }
        Ok(out)
    } else {
        let game = a.game.load()?;
        pdn_verdicts(&game, &text, &a.record)
    }
}

/// A trial's game that would not load with its settings: the error at
/// the line of the first `set` whose toggle it names (none when it names
/// none: a command line's `--set`).
fn at_set_line(t: &Trial, record: &str, e: Fail) -> Fail {
    let named = t
        .sets
        .iter()
        .zip(&t.lines.sets)
        .find(|((name, _), _)| e.0.contains(&format!("`{name}`")));
    match named {
        Some((_, line)) => Fail(format!("{record}:{line}: {}", e.0)),
        None => e,
    }
}

/// Checks that a trial's `game` line names the game replayed: the same
/// file name, or a file whose game has the same name.
fn same_game(
    file: &str,
    game: &ludic::compile::Game,
    recorded: &str,
    record: &str,
) -> Result<(), Fail> {
    let stem = |f: &str| {
        std::path::Path::new(f)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    if stem(file) == stem(recorded) {
        return Ok(());
    }
    let theirs = ludic::compile::read_source(recorded)
        .ok()
        .and_then(|(name, text)| {
            ludic::compile::compile(&name, &text, &Default::default())
                .ok()
                .map(|(g, _)| g.name)
        });
    match theirs {
        Some(name) if name == game.name => Ok(()),
        Some(name) => Err(Fail(format!(
            "{record}: the trial is a game of `{recorded}` (\"{name}\"), not of `{file}` (\"{}\")",
            game.name
        ))),
        None => Err(Fail(format!(
            "{record}: the trial is a game of `{recorded}`, not of `{file}` (\"{}\"); replay it with that game",
            game.name
        ))),
    }
}

fn pdn_verdicts(
    game: &Arc<ludic::compile::Game>,
    text: &str,
    record: &str,
) -> Result<Vec<Verdict>, Fail> {
    let games = parse_pdn(text).map_err(|e| Fail(format!("{record}:{e}")))?;
    if games.is_empty() {
        return Err(Fail(format!(
            "{record}: no game in it (a record is a PDN file of one or more games, or a trial)"
        )));
    }
    Ok(games
        .iter()
        .enumerate()
        .map(|(i, g)| replay_game(game, g, i + 1))
        .collect())
}

/// "repetition at ply 9 (then 3 more times), no_progress at ply 80".
fn describe_draws(draws: &[PassedDraw]) -> String {
    let one = |d: &PassedDraw| match d.times {
        1 => format!("{} at ply {}", d.rule, d.ply),
        n => format!("{} at ply {} (then {} more times)", d.rule, d.ply, n - 1),
    };
    draws.iter().map(one).collect::<Vec<_>>().join(", ")
}

fn report(a: &ReplayArgs, verdicts: &[Verdict]) -> Result<i32, Fail> {
    let failed: Vec<&Verdict> = verdicts
        .iter()
        .filter(|v| v.error.is_some() || v.wrong_result.is_some())
        .collect();
    let past_draw = verdicts
        .iter()
        .filter(|v| v.error.is_none() && v.wrong_result.is_none() && !v.draws_passed.is_empty())
        .count();
    let ok = verdicts.len() - failed.len() - past_draw;
    let moves: usize = verdicts.iter().map(|v| v.moves).sum();
    if a.json {
        let draws: Vec<serde_json::Value> = verdicts
            .iter()
            .filter(|v| !v.draws_passed.is_empty())
            .map(|v| serde_json::json!({"game": v.game, "draws_passed": v.draws_passed}))
            .collect();
        println!(
            "{}",
            serde_json::json!({"games": verdicts.len(), "ok": ok, "past_draw": past_draw,
                "failed": failed.len(), "moves": moves, "failures": failed,
                "went_on_past_draws": draws})
        );
    } else {
        for v in verdicts {
            // Move texts and reasons echo the record: escaped for the
            // terminal.
            let line = match &v.error {
                None if v.wrong_result.is_some() => format!(
                    "game {}: {} moves legal, WRONG RESULT: {}",
                    v.game,
                    v.moves,
                    v.wrong_result.as_deref().unwrap_or_default()
                ),
                None if v.draws_passed.is_empty() => {
                    format!("game {}: ok, {} moves legal", v.game, v.moves)
                }
                None => format!(
                    "game {}: {} moves legal, but play went on past an automatic draw: {}",
                    v.game,
                    v.moves,
                    describe_draws(&v.draws_passed)
                ),
                Some(IllegalPly {
                    text,
                    line,
                    reason:
                        why @ (PlyError::Fen(_) | PlyError::StartFen(_) | PlyError::StartPosition(_)),
                    ..
                }) => format!(
                    "game {}: BAD START ({}:{line}): {}: {why}",
                    v.game,
                    a.record,
                    ludic::diag::clip(text)
                ),
                Some(IllegalPly {
                    ply,
                    text,
                    line,
                    reason: why,
                }) => format!(
                    "game {}: ILLEGAL at ply {ply} (move {}{}, {}:{line}): {}",
                    v.game,
                    (ply - 1) / 2 + 1,
                    if ply % 2 == 1 { "" } else { "..." },
                    a.record,
                    quoted_once(text, &why.to_string())
                ),
            };
            println!("{}", ludic::diag::visible(&line));
        }
        let past = if past_draw > 0 {
            format!(", {past_draw} went on past an automatic draw")
        } else {
            String::new()
        };
        println!(
            "{} games, {ok} ok, {} failed{past}, {moves} moves",
            verdicts.len(),
            failed.len()
        );
    }
    Ok(if failed.is_empty() { 0 } else { 1 })
}

/// `MOVE: WHY`, the move clipped ([`ludic::diag::clip`]); a move too long
/// to quote whole, which `why` quotes clipped already, is not written a
/// second time before it.
fn quoted_once(text: &str, why: &str) -> String {
    match ludic::diag::clip(text) {
        std::borrow::Cow::Owned(_) if why.contains(" characters)`") => why.to_string(),
        clipped => format!("{clipped}: {why}"),
    }
}
