//! Unit tests of the interpreter's primitives, each against a tiny rule file
//! written inline. Expected values are worked out by hand from the rules
//! text; the comments say how.
//!
//! Board conventions used throughout (see `board::geometry`): a square
//! board's sites are in reading order (top row first, left to right) and
//! labelled `a1` at the bottom left; a square board's directions are, in
//! order, N NE E SE S SW W NW (those its adjacency keeps); a hexagon's are
//! E NE NW W SW SE. `(players 2)` gives P1 forward N and P2 forward S.

mod bitsets;
mod cache;
mod counted;
mod dirs;
mod effects;
mod end;
mod fast_paths;
pub(super) use fast_paths::positions;
mod fastgen;
mod hop;
mod journal;
mod kernel;
mod long_jumps;
mod notation;
mod one_player;
mod phases;
mod priority;
mod regions;
mod seats;
mod step;

use super::State;
use crate::board::Site;
use crate::compile::{Game, LoadError, Options};
use std::sync::Arc;

/// Along seeded random games of `game` (8 games of at most 40 steps),
/// the compiled tier lists the reference's moves in its order; the games
/// must visit more than 200 positions and list more than `min_moves`
/// moves, so that the comparison means something.
pub(crate) fn lists_the_reference_s_moves(game: Arc<Game>, min_moves: usize) {
    use rand::{RngExt, SeedableRng};
    let (mut positions, mut moves) = (0, 0);
    for seed in 0..8 {
        let mut st = State::new(game.clone());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..40 {
            let want = st.on_engine(super::Engine::Reference).legal_moves();
            let got = st.legal_moves();
            assert_eq!(got, want, "seed {seed}");
            positions += 1;
            moves += got.len();
            if got.is_empty() {
                break;
            }
            st.play_unchecked(&got[rng.random_range(0..got.len())]);
        }
    }
    assert!(positions > 200 && moves > min_moves, "{positions} {moves}");
}

/// Compiles `text`, panicking with the rendered diagnostics on failure.
pub(super) fn game(text: &str) -> Arc<Game> {
    game_with(text, &[])
}

/// Compiles `text` with `--set` overrides.
pub(super) fn game_with(text: &str, sets: &[&str]) -> Arc<Game> {
    let opts = Options::from_sets(sets).expect("well-formed sets");
    match Game::from_source("t.game", text, &opts) {
        Ok(g) => Arc::new(g),
        Err(LoadError::Rules(d)) => panic!("the test game does not compile:\n{}", d.render()),
        Err(e) => panic!("the test game does not load: {e}"),
    }
}

/// The initial state of the game `text`.
pub(super) fn start(text: &str) -> State {
    State::new(game(text))
}

/// The site labelled `label`.
pub(super) fn site(st: &State, label: &str) -> Site {
    st.game()
        .board
        .site_by_label(label)
        .unwrap_or_else(|| panic!("no site `{label}`"))
}

/// The legal steps in notation, in generation order.
pub(super) fn steps(st: &State) -> Vec<String> {
    st.legal_moves()
        .iter()
        .map(|m| st.move_to_string(m))
        .collect()
}

/// The legal steps in notation, sorted.
pub(super) fn sorted_steps(st: &State) -> Vec<String> {
    sorted(steps(st))
}

/// The legal turns in notation, sorted.
pub(super) fn sorted_turns(st: &State) -> Vec<String> {
    sorted(st.legal_turn_strings())
}

pub(super) fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Plays a turn written in notation, panicking if it is not legal.
pub(super) fn play(st: &mut State, text: &str) {
    if let Err(e) = st.play_str(text) {
        panic!("{e}");
    }
}

/// The position as `label=stack` for every occupied site, sorted by label.
/// A stack is written bottom first, one letter a piece: the first letter of
/// its kind, upper case for P1 and lower case for P2 (`a1=Mk`: a P1 man
/// under a P2 king).
pub(super) fn position(st: &State) -> String {
    let game = st.game();
    let mut out: Vec<String> = Vec::new();
    for (i, info) in game.board.sites().iter().enumerate() {
        let stack = st.stack(i as Site);
        if stack.is_empty() {
            continue;
        }
        let letters: String = stack
            .iter()
            .map(|&p| {
                let c = game.kinds[game.kind(p) as usize]
                    .chars()
                    .next()
                    .unwrap_or('?');
                match game.owner(p) {
                    0 => c.to_ascii_uppercase().to_string(),
                    1 => c.to_ascii_lowercase().to_string(),
                    n => format!("{c}{}", n + 1),
                }
            })
            .collect();
        out.push(format!("{}={letters}", info.label));
    }
    out.sort();
    out.join(" ")
}

#[test]
fn the_helpers_describe_a_small_position() {
    // A 2×2 board: sites in reading order a2 b2 a1 b1. P1's man on a1, a
    // P2 stack of two men on b2.
    let st = start(
        r#"(game "T" (players 2) (board (square 2 2)) (piece "Man")
             (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites "b2") count:2))
             (play (step)))"#,
    );
    assert_eq!(position(&st), "a1=M b2=mm");
    assert_eq!(site(&st, "a2"), 0);
    assert_eq!(site(&st, "b1"), 3);
    // Orthogonal adjacency by default: from a1, N to a2 and E to b1.
    assert_eq!(steps(&st), ["a1-a2", "a1-b1"]);
}
