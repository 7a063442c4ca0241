//! The generators compiled to site sets (`engine::fastgen`,
//! `engine::shiftgen`) make the same moves, in the same order, as the
//! same generators interpreted from their conditions
//! (`State::with_engine` with `Engine::Reference`): on every position of seeded random games of
//! every shipped game, the legal steps agree, and so does the state after
//! each step (the compiled `then:` tests and the site sets the state keeps).

use crate::compile::{Game, Options};
use crate::engine::tables::Tables;
use crate::engine::{Move, State};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// Plays `games` random games of the game at `path` with both engines side
/// by side, at most `steps` steps each; returns the positions compared.
fn compare(path: &str, games: u64, steps: usize) -> usize {
    let game = Arc::new(Game::load(path, &Options::default()).expect("loads"));
    let mut seen = 0;
    for seed in 0..games {
        let mut fast = State::new(game.clone());
        let mut slow = State::with_engine(game.clone(), crate::engine::Engine::Reference);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut a, mut b): (Vec<Move>, Vec<Move>) = (Vec::new(), Vec::new());
        for step in 0..steps {
            fast.legal_moves_into(&mut a);
            slow.legal_moves_into(&mut b);
            assert_eq!(a, b, "{path}, game {seed}, step {step}: legal steps differ");
            seen += 1;
            if a.is_empty() {
                break;
            }
            let m = a[rng.random_range(0..a.len())];
            fast.play_unchecked(&m);
            slow.play_unchecked(&m);
            assert_eq!(fast.hash(), slow.hash(), "{path}, game {seed}, step {step}");
            assert_eq!(fast.current_player(), slow.current_player());
            assert_eq!(fast.outcome(), slow.outcome(), "{path}, game {seed}");
        }
    }
    seen
}

#[test]
fn compiled_generators_agree_with_the_interpreter_on_every_shipped_game() {
    let mut paths: Vec<String> = std::fs::read_dir("games")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    paths.sort();
    assert!(paths.len() >= 30, "the shipped games: {paths:?}");
    for path in &paths {
        let seen = compare(path, 6, 150);
        assert!(seen >= 6, "{path}: {seen} positions");
    }
}

/// The shipped games whose play has at least one compiled level.
fn compiled_games() -> Vec<String> {
    let mut paths: Vec<String> = std::fs::read_dir("games")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .map(|p| p.to_string_lossy().into_owned())
        .filter(|p| {
            let game = Game::load(p, &Options::default()).expect("loads");
            Tables::new(&game).compiled_levels().0 > 0
        })
        .collect();
    paths.sort();
    paths
}

/// A draughts capture rule (docs/games/checkers.md) with men only: a level
/// of jumps that must be taken, then a level of steps.
const JUMP_THEN_STEP: &str = r#"(game "D" (players 2) (board (square 8 8 cells:Dark adjacency:Diagonal))
    (piece "Man")
    (setup (fill "Man" P1 (row 0)) (fill "Man" P2 (row 7)))
    (play (priority
      {(hop dirs:Forward over:Enemy to:Empty chain:true)}
      {(step dirs:Forward to:Empty)}))
    (end (no-moves Loss)))"#;

#[test]
fn jump_then_step_levels_are_compiled() {
    // A draughts capture rule (docs/games/checkers.md): a level of jumps
    // that must be taken, then a level of steps, each of steps and hops
    // whose conditions read their own site, so both are made from site
    // sets.
    let game = Game::from_source("d.game", JUMP_THEN_STEP, &Options::default()).unwrap();
    let (compiled, total) = Tables::new(&game).compiled_levels();
    assert!(total >= 2 && compiled == total, "{compiled} of {total}");
    assert!(compiled_games().len() >= 5, "{:?}", compiled_games());
}

#[test]
fn compiled_generators_agree_on_many_positions_of_step_and_hop_games() {
    for path in &compiled_games() {
        let seen = compare(path, 100, 400);
        assert!(seen >= 100, "{path}: {seen} positions");
    }
}

#[test]
fn a_jump_level_and_a_step_level_share_one_plan() {
    // The draughts priority of captures over steps (docs/games/checkers.md)
    // with men only: both levels are planned together for each player.
    let game = Arc::new(Game::from_source("d.game", JUMP_THEN_STEP, &Options::default()).unwrap());
    let tables = Tables::new(&game);
    assert!((0..2).all(|p| tables.play_joint(0, p).is_some()));
    // At the start nothing can be jumped: the four men of the first row
    // have seven steps (two each, one for the man on the edge), from the
    // second level.
    let mut st = State::new(game.clone());
    let mut moves = Vec::new();
    assert_eq!(st.candidate_level_into(&mut moves), Some(1));
    assert_eq!(moves.len(), 7, "{moves:?}");
    assert!(moves.iter().all(|m| m.over == crate::board::NO_SITE));
    // Played on until a man can jump: then only the jumps, from the
    // first level, as the interpreter makes them.
    let mut slow = State::with_engine(game.clone(), crate::engine::Engine::Reference);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut jumps = 0;
    for _ in 0..200 {
        let level = st.candidate_level_into(&mut moves);
        let mut expected = Vec::new();
        slow.legal_moves_into(&mut expected);
        assert_eq!(moves, expected);
        if moves.is_empty() {
            break;
        }
        if level == Some(0) && st.scalars.cont.is_none() {
            jumps += 1;
            assert!(moves.iter().all(|m| m.over != crate::board::NO_SITE));
        }
        let m = moves[rng.random_range(0..moves.len())];
        st.play_unchecked(&m);
        slow.play_unchecked(&m);
    }
    assert!(jumps > 0, "no position with a jump");
}
