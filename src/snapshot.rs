//! Snapshots of rule files: one readable text that shows what a file
//! means — its rules in brief, its toggles, the initial position, its legal
//! moves and a seeded random game — so that a rule change shows up as a
//! diff (`ludic snapshot FILE`, and the insta tests over `games/`).

use crate::compile::ir::GenKind;
use crate::compile::{self, Game, LoadError, Options};
use crate::engine::State;
use crate::render;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt::Write;
use std::sync::Arc;

/// Most turns of the seeded game shown.
const TRACE_TURNS: usize = 300;

/// The snapshot text of a rule file (a path or a shipped game's name) with
/// toggle overrides, its random game seeded with `seed`.
pub fn snapshot(file: &str, options: &Options, seed: u64) -> Result<String, LoadError> {
    let (name, text) = compile::read_source(file)?;
    let (game, _) = compile::compile(&name, &text, options)?;
    let game = Arc::new(game);
    let mut out = String::new();
    let _ = writeln!(out, "# {} ({name})\n", game.name);
    rules_summary(&game, &mut out);
    toggles(&game, &mut out);
    let st = State::new(game.clone());
    let _ = writeln!(out, "## Initial position\n\n{}", render::render(&st));
    let moves = st.legal_turn_strings();
    let _ = writeln!(
        out,
        "## Legal moves ({})\n\n{}\n",
        moves.len(),
        wrap(&moves)
    );
    random_game(st, seed, &mut out);
    Ok(out)
}

fn rules_summary(game: &Game, out: &mut String) {
    let b = &game.board;
    let dirs: Vec<&str> = b.directions().iter().map(|d| d.name.as_str()).collect();
    let _ = writeln!(out, "## Rules\n");
    let _ = writeln!(
        out,
        "board: {:?}, {} sites, directions {}",
        b.shape(),
        b.len(),
        dirs.join(" ")
    );
    for p in &game.players {
        let _ = writeln!(
            out,
            "player: {} ({}), forward {:?}",
            p.name, p.letter, p.forward
        );
    }
    let _ = writeln!(
        out,
        "pieces: {}; stacks of at most {}",
        game.kinds.join(", "),
        game.stack_cap
    );
    if !game.region_names.is_empty() {
        let _ = writeln!(out, "regions: {}", game.region_names.join(", "));
    }
    if !game.roles.is_empty() {
        let names: Vec<&str> = game.roles.iter().map(|r| r.name.as_str()).collect();
        let _ = writeln!(out, "roles: {}", names.join(", "));
    }
    for (i, level) in game.play.iter().enumerate() {
        let gens: Vec<String> = level.iter().map(|&g| gen_summary(game, g)).collect();
        let _ = writeln!(out, "play, priority {}: {}", i + 1, gens.join("; "));
    }
    let _ = writeln!(out, "end: {}\n", end_summary(game));
}

fn end_summary(game: &Game) -> String {
    let e = &game.end;
    let mut parts = Vec::new();
    if let Some(n) = e.no_moves {
        parts.push(format!("no-moves {n:?}"));
    }
    if let Some(n) = e.repetition {
        parts.push(format!("draw-repetition {n}"));
    }
    if let Some((n, facts)) = &e.no_progress {
        parts.push(format!(
            "draw-no-progress {n} ({} reset facts)",
            facts.len()
        ));
    }
    if let Some(n) = e.passes {
        parts.push(format!("passes {n}"));
    }
    if let Some(n) = e.turn_limit {
        parts.push(format!("turn-limit {n}"));
    }
    if e.score.is_some() {
        parts.push(format!("score with {} tie-break(s)", e.tie_breaks.len()));
    }
    if !e.lose_when.is_empty() {
        parts.push(format!("lose-when ×{}", e.lose_when.len()));
    }
    parts.join("; ")
}

fn gen_summary(game: &Game, g: u16) -> String {
    let g0 = &game.gens[g as usize];
    let mut s = match g0.kind {
        GenKind::Place(k) => format!("place {}", game.kinds[k as usize]),
        other => format!("{other:?}").to_lowercase(),
    };
    if !matches!(g0.kind, GenKind::Place(_) | GenKind::Pass) {
        let dirs: Vec<&str> = game.dirsets[g0.dirs as usize][0]
            .iter()
            .map(|&d| game.board.directions()[d as usize].name.as_str())
            .collect();
        let _ = write!(s, " dirs(P1) {}", dirs.join(" "));
    }
    for (flag, on) in [
        ("capture", g0.capture && g0.kind == GenKind::Hop),
        ("chain", g0.chain),
    ] {
        if on {
            let _ = write!(s, " {flag}");
        }
    }
    for (name, present) in [
        ("check", g0.check.is_some()),
        ("after", g0.after.is_some()),
        ("then", !g0.then.is_empty()),
    ] {
        if present {
            let _ = write!(s, " {name}:…");
        }
    }
    s
}

fn toggles(game: &Game, out: &mut String) {
    let _ = writeln!(out, "## Toggles\n");
    if game.toggles.is_empty() {
        let _ = writeln!(out, "(none)");
    }
    for t in &game.toggles {
        let _ = writeln!(
            out,
            "{} ({}, default {}, now {}): {}",
            t.name, t.ty, t.default, t.value, t.description
        );
    }
    out.push('\n');
}

fn random_game(mut st: State, seed: u64, out: &mut String) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut played = Vec::new();
    while st.outcome().is_none() && played.len() < TRACE_TURNS {
        let turns = st.legal_turns();
        let t = &turns[rng.random_range(0..turns.len())];
        played.push(st.turn_to_string(t));
        st.play_turn(t);
    }
    let _ = writeln!(
        out,
        "## Random game (seed {seed}, uniform over legal turns)\n\n{}\n",
        wrap(&played)
    );
    let _ = writeln!(out, "{}", render::render(&st));
    let result = match st.outcome() {
        Some(o) => render::describe_outcome(&st, &o),
        None => format!("unfinished after {TRACE_TURNS} turns"),
    };
    let _ = writeln!(out, "result: {result}");
}

/// Words joined by spaces, about 78 columns a line.
fn wrap(words: &[String]) -> String {
    let mut out = String::new();
    let mut col = 0;
    for w in words {
        if col > 0 && col + w.len() + 1 > 78 {
            out.push('\n');
            col = 0;
        } else if col > 0 {
            out.push(' ');
            col += 1;
        }
        out.push_str(w);
        col += w.len();
    }
    out
}
