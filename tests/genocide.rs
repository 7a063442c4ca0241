//! Genocide's chance toggles (rules.md §4.2), through games/genocide.game:
//! Boxcars off rolls two dice for the movement points; Dice resolves a
//! battle by a seeded roll, and a square still contested persists. The
//! other toggles have scenarios in games/genocide.scenarios.

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

#[test]
fn boxcars_off_rolls_two_dice() {
    let g = game(&["boxcars=false"]);
    let rolls: Vec<i32> = (0..400)
        .map(|seed| mp(&State::new_seeded(g.clone(), seed)))
        .collect();
    assert!(rolls.iter().all(|r| (2..=12).contains(r)), "{rolls:?}");
    // Two dice: every sum from 2 to 12 shows up in 400 rolls, and the mean
    // is 7 (standard error about 0.12).
    for v in 2..=12 {
        assert!(rolls.contains(&v), "{v} never rolled");
    }
    let mean = rolls.iter().sum::<i32>() as f64 / rolls.len() as f64;
    assert!((mean - 7.0).abs() < 0.5, "mean {mean}");
    // The same seed gives the same roll.
    assert_eq!(
        mp(&State::new_seeded(g.clone(), 17)),
        mp(&State::new_seeded(g, 17))
    );
}

/// Red's three checkers attack Black's three on d5; returns the stack at
/// d5 after Red's battle, by owner letters.
fn dice_battle(seed: u64) -> (String, State) {
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
    st.set_seed(seed);
    st.play_str("d4-d5/3").unwrap();
    st.play_str("end").unwrap();
    let stack: String = st
        .stack(label("d5"))
        .iter()
        .map(|&p| if g.owner(p) == 0 { 'R' } else { 'B' })
        .collect();
    (stack, st)
}

#[test]
fn dice_battles_follow_the_rolls_and_a_stalemate_persists() {
    let mut stalemates = 0;
    let mut decided = 0;
    for seed in 0..120 {
        let (stack, st) = dice_battle(seed);
        let reds = stack.matches('R').count();
        let blacks = stack.matches('B').count();
        // One die each: the higher roll kills the difference (at most 5, at
        // most the 3 checkers there); the higher roller loses nothing.
        assert!(reds == 3 || blacks == 3, "seed {seed}: {stack}");
        if reds == 3 && blacks == 3 {
            stalemates += 1;
            // Still contested: locked for Black, whose turn it is now.
            let d5 = st.game().board.site_by_label("d5").unwrap();
            assert!(st.legal_moves().iter().all(|m| m.from != d5), "seed {seed}");
        } else {
            decided += 1;
        }
        assert_eq!(dice_battle(seed).0, stack, "seed {seed} is reproducible");
    }
    // Equal rolls come one time in six: about 20 of 120.
    assert!((8..=35).contains(&stalemates), "{stalemates} stalemates");
    assert!(decided > 60);
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
