//! Snapshots of rule files: one readable text that shows what a file
//! means — its rules as the interpreter reads them (defines expanded,
//! toggles applied, in canonical layout), its toggles, the initial position, its legal
//! moves and a seeded random game — so that a rule change shows up as a
//! diff (`ludic snapshot FILE`, and the insta tests over `games/`).

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
    let resolved = compile::resolved_rules(&name, &text, options)?;
    let game = Arc::new(game);
    let mut out = String::new();
    let _ = writeln!(out, "# {} ({name})\n", game.name);
    rules(&game, &resolved, &mut out);
    toggles(&game, &mut out);
    let st = State::new(game.clone());
    let _ = writeln!(out, "## Initial position\n\n{}", render::render(&st));
    let moves = st.legal_turn_strings();
    let cut = if crate::engine::turns::turns_cut(moves.len()) {
        ", the list cut there"
    } else {
        ""
    };
    let _ = writeln!(
        out,
        "## Legal moves ({}{cut})\n\n{}\n",
        moves.len(),
        wrap(&moves)
    );
    random_game(st, seed, &mut out);
    Ok(out)
}

/// The board as built (what the rules text does not say outright) and the
/// rules as the interpreter reads them.
fn rules(game: &Game, resolved: &str, out: &mut String) {
    let b = &game.board;
    let dirs: Vec<&str> = b.directions().iter().map(|d| d.name.as_str()).collect();
    let _ = writeln!(
        out,
        "## Board\n\n{} sites; directions {}\n",
        b.len(),
        dirs.join(" ")
    );
    let _ = writeln!(
        out,
        "## Rules (defines expanded, toggles and matches resolved)\n\n{resolved}"
    );
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
    let mut capped = false;
    while st.outcome().is_none() && played.len() < TRACE_TURNS {
        let turns = st.legal_turns();
        capped |= crate::engine::turns::turns_cut(turns.len());
        let t = &turns[rng.random_range(0..turns.len())];
        played.push(st.turn_to_string(t));
        st.play_turn(t);
    }
    // Turn lists stop at MAX_TURNS: say so where the choice was not over
    // every legal turn.
    let over = if capped {
        format!(
            "uniform over the first {} legal turns where there were more",
            crate::engine::turns::MAX_TURNS
        )
    } else {
        "uniform over legal turns".to_string()
    };
    let _ = writeln!(
        out,
        "## Random game (seed {seed}, {over})\n\n{}\n",
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
