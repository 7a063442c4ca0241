//! Genocide's chance toggles (rules.md §4.2), through games/genocide.game:
//! Boxcars off rolls two dice for the movement points; Dice resolves a
//! battle by a roll of a die for each side, and a square still contested
//! persists. Each roll is a chance node (docs/chance.md). The other
//! toggles have scenarios in games/genocide.scenarios.

use ludic::compile::{Game, Options};
use ludic::engine::State;
use ludic::record::Position;
use std::sync::Arc;

fn game(sets: &[&str]) -> Arc<Game> {
    Arc::new(Game::load("games/genocide.game", &Options::from_sets(sets).unwrap()).unwrap())
}

fn mp(st: &State) -> i32 {
    let id = st
        .game()
        .counters
        .iter()
        .position(|c| c.name == "mp")
        .unwrap();
    st.counter(id as u8, st.current_player())
}

#[test]
fn boxcars_on_gives_twelve_points() {
    assert_eq!(mp(&State::new_seeded(game(&[]), 5)), 12);
}

/// Every throw of `dice` dice of `sides` sides, listed one by one: the
/// number of throws summing to each value (a brute force written apart
/// from the engine's counts).
fn throws(dice: u32, sides: u32) -> std::collections::BTreeMap<u16, u32> {
    let mut out = std::collections::BTreeMap::new();
    for t in 0..sides.pow(dice) {
        let (mut x, mut sum) = (t, 0);
        for _ in 0..dice {
            sum += x % sides + 1;
            x /= sides;
        }
        *out.entry(sum as u16).or_insert(0) += 1;
    }
    out
}

#[test]
fn boxcars_off_starts_at_a_chance_node_of_two_dice() {
    let g = game(&["boxcars=false"]);
    let st = State::new(g.clone());
    assert!(st.is_chance_node());
    let outcomes = st.chance_outcomes();
    let want = throws(2, 6);
    let got: Vec<(u16, f64)> = outcomes.iter().map(|(m, p)| (m.count, *p)).collect();
    let expected: Vec<(u16, f64)> = want.iter().map(|(&v, &n)| (v, n as f64 / 36.0)).collect();
    assert_eq!(got, expected);
    assert_eq!(
        st.legal_turn_strings(),
        (2..=12).map(|v| format!("roll:{v}")).collect::<Vec<_>>()
    );
    // Each roll gives its movement points; undo goes back to the roll.
    for v in 2..=12 {
        let mut st = st.clone();
        st.play_str(&format!("roll:{v}")).unwrap();
        assert!(!st.is_chance_node());
        assert_eq!(mp(&st), v);
        st.undo().unwrap();
        assert!(st.is_chance_node());
        assert_eq!(st.legal_steps().len(), 11);
    }
    // Two copies of the position do not roll the same: the outcome is the
    // caller's to draw (or to name).
    assert!(State::new(g.clone()).play_str("roll:13").is_err());
}

#[test]
fn boxcars_off_rolls_again_after_each_turn() {
    let g = game(&["boxcars=false"]);
    let mut st = State::new(g);
    st.play_str("roll:4").unwrap();
    st.play_str("a1-a2/1").unwrap();
    let before = st.legal_turn_strings();
    st.play_str("end").unwrap();
    // Black's growth rolls: nature moves before Black does.
    assert!(st.is_chance_node());
    assert_eq!(st.chance_roll().map(|r| (r.dice, r.sides)), Some((2, 6)));
    st.play_str("roll:11").unwrap();
    assert_eq!((st.current_player(), mp(&st)), (1, 11));
    // The roll and the end of Red's turn are taken back one at a time.
    st.undo().unwrap();
    assert!(st.is_chance_node());
    st.undo().unwrap();
    assert_eq!(st.legal_turn_strings(), before);
}

/// Red's three checkers attack Black's three on d5, the dice rolling `red`
/// and `black`; returns the stack at d5 after Red's battle, by owner
/// letters.
fn dice_battle(red: u16, black: u16) -> (String, State) {
    let g = game(&["dice=true"]);
    let label = |l: &str| g.board.site_by_label(l).unwrap();
    let (r, b) = (g.piece(0, 0), g.piece(0, 1));
    let mut st = State::from_setup(
        g.clone(),
        &Position {
            to_move: Some(0),
            stacks: vec![
                (label("d4"), vec![r; 3]),
                (label("a1"), vec![r]),
                (label("d5"), vec![b; 3]),
                (label("h8"), vec![b]),
            ],
        },
    );
    st.play_str("d4-d5/3").unwrap();
    st.play_str("end").unwrap();
    // One die for each side, Red's first.
    for v in [red, black] {
        assert!(st.is_chance_node());
        let odds: Vec<f64> = st.chance_outcomes().iter().map(|o| o.1).collect();
        assert_eq!(odds, vec![1.0 / 6.0; 6]);
        st.play_str(&format!("roll:{v}")).unwrap();
    }
    assert!(!st.is_chance_node());
    let stack: String = st
        .stack(label("d5"))
        .iter()
        .map(|&p| if g.owner(p) == 0 { 'R' } else { 'B' })
        .collect();
    (stack, st)
}

#[test]
fn dice_battles_follow_the_rolls_and_a_stalemate_persists() {
    // Every pair of rolls, against the rule: the higher roll kills the
    // difference, at most the 3 checkers there; equal rolls: stalemate.
    for red in 1..=6u16 {
        for black in 1..=6u16 {
            let (stack, st) = dice_battle(red, black);
            let reds = stack.matches('R').count() as i32;
            let blacks = stack.matches('B').count() as i32;
            let d = red as i32 - black as i32;
            assert_eq!(
                (reds, blacks),
                (3 - (-d).clamp(0, 3), 3 - d.clamp(0, 3)),
                "rolls {red} {black}: {stack}"
            );
            if red == black {
                // Still contested: locked for Black, whose turn it is now.
                let d5 = st.game().board.site_by_label("d5").unwrap();
                assert!(st.legal_moves().iter().all(|m| m.from != d5));
            }
        }
    }
}

#[test]
fn without_dice_equal_forces_cancel_out() {
    let g = game(&[]);
    let label = |l: &str| g.board.site_by_label(l).unwrap();
    let (r, b) = (g.piece(0, 0), g.piece(0, 1));
    let mut st = State::from_setup(
        g.clone(),
        &Position {
            to_move: Some(0),
            stacks: vec![
                (label("d4"), vec![r; 3]),
                (label("a1"), vec![r]),
                (label("d5"), vec![b; 3]),
                (label("h8"), vec![b]),
            ],
        },
    );
    st.play_str("d4-d5/3").unwrap();
    st.play_str("end").unwrap();
    assert_eq!(st.height(label("d5")), 0);
}

#[test]
fn seeded_playouts_end_by_the_rules_for_every_variant() {
    use rand::SeedableRng;
    for (file, sets) in [
        ("games/genocide.game", vec![]),
        ("games/genocide.game", vec!["dice=true"]),
        ("games/genocide.game", vec!["dice=true", "boxcars=false"]),
        ("games/overpopulation.game", vec![]),
        ("games/semi-overpopulation.game", vec![]),
        ("games/oceanocide.game", vec![]),
        ("games/capturable.game", vec![]),
    ] {
        let g = Arc::new(Game::load(file, &Options::from_sets(&sets).unwrap()).unwrap());
        let run = || {
            (0..6)
                .map(|i| {
                    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
                    rng.set_stream(i);
                    let mut st = State::new_seeded(g.clone(), 3);
                    st.set_seed(i);
                    ludic::engine::playout(st, &mut rng, 100_000, &mut Vec::new())
                })
                .collect::<Vec<_>>()
        };
        let a = run();
        assert!(a.iter().all(|r| r.outcome.is_some()), "{file} {sets:?}");
        assert_eq!(a, run(), "{file} {sets:?}: same seed, same games");
    }
}

/// Perft's convention (docs/chance.md): a roll's outcomes are plies. From
/// Red's first roll without Boxcars: 11 sums of two dice, then Red's 45
/// first steps whatever the roll (every step costs 1 of at least 2
/// points: 8 stacks of 2, steps of 1 or 2 checkers, plus `end`; counted
/// by `ludic moves` on the initial position with Boxcars on). Counting
/// player turns only, the roll is expanded without being a ply.
#[test]
fn perft_counts_rolls_as_plies_or_expands_them() {
    use ludic::engine::{perft, perft_players};
    let st = State::new(game(&["boxcars=false"]));
    let steps = State::new(game(&[])).legal_moves().len() as u64;
    assert_eq!(steps, 45);
    assert_eq!(perft(&st, 1).unwrap(), 11);
    assert_eq!(perft(&st, 2).unwrap(), 11 * steps);
    assert_eq!(perft_players(&st, 1).unwrap(), 11 * steps);
    // Without chance the two counts are one: English draughts' published
    // 7, 49, 302.
    let checkers = State::new(Arc::new(
        Game::load("checkers", &Options::default()).unwrap(),
    ));
    for (d, n) in [(1, 7), (2, 49), (3, 302)] {
        assert_eq!(perft_players(&checkers, d).unwrap(), n);
        assert_eq!(perft(&checkers, d).unwrap(), n);
    }
}

/// The reference interpreter alone (`--interpreted`) rolls and counts the
/// same: chance nodes are the reference path's in both tiers.
#[test]
fn the_reference_engine_counts_rolls_the_same() {
    use ludic::engine::{Engine, perft, perft_players};
    let g = game(&["boxcars=false", "dice=true"]);
    let (a, b) = (
        State::new(g.clone()),
        State::with_engine(g, Engine::Reference),
    );
    for d in 1..=3 {
        assert_eq!(perft(&a, d).unwrap(), perft(&b, d).unwrap(), "depth {d}");
    }
    assert_eq!(perft_players(&a, 2).unwrap(), perft_players(&b, 2).unwrap());
}
