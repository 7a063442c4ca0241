//! MCTS at chance nodes (issue 39, docs/chance.md "Players"): the search
//! keeps nature's moves in its tree and samples them with their odds, so a
//! turn is judged by its expected result, not by the best or the worst roll.
//!
//! The game is built so that only the expectation tells the two turns
//! apart. The first player moves its piece east or west; either step rolls
//! one die (`(roll 1 6)`) and the roll alone decides the game at once. East
//! wins on 2 to 6 (5 chances in 6), west only on a 6 (1 in 6); every other
//! roll loses. A search that took nature as the mover's friend (the best
//! roll) would see both turns win; one that took nature as an enemy (the
//! worst roll) would see both lose. Only sampling by the odds ranks east
//! first: its win rate is 5/6 against 1/6, worked out by hand above, not
//! by the engine.

use std::sync::Arc;

use ludic::compile::Game;
use ludic::engine::State;
use ludic::players::{PlayerSpec, Turns, seeded_rng};

const GAMBLE: &str = r#"(game "Gamble" (players 2) (board (square 1 7)) (piece "S")
  (counter "luck")
  (setup (fill "S" P1 (sites "d1")) (fill "S" P2 (sites "g1")))
  (play
    { (step dirs:E to:Empty
        then:{ (set-counter "luck" (roll 1 6))
               (if (at-least (counter "luck") 2) (win) (lose)) })
      (step dirs:W to:Empty
        then:{ (set-counter "luck" (roll 1 6))
               (if (at-least (counter "luck") 6) (win) (lose)) }) })
  (end (no-moves Loss)))"#;

fn start() -> State {
    let game = Game::from_source("gamble.game", GAMBLE, &Default::default()).unwrap();
    State::new(Arc::new(game))
}

#[test]
fn the_gamble_rolls_at_a_chance_node_with_six_even_outcomes() {
    for step in ["d1-e1", "d1-c1"] {
        let mut st = start();
        st.play_str(step).unwrap();
        assert!(st.is_chance_node(), "{step} stops at the roll");
        let odds: Vec<(String, f64)> = st
            .chance_outcomes()
            .iter()
            .map(|(m, p)| (st.move_to_string(m), *p))
            .collect();
        let six: Vec<(String, f64)> = (1..=6).map(|v| (format!("roll:{v}"), 1.0 / 6.0)).collect();
        assert_eq!(odds, six);
    }
}

/// The hand-worked results: east wins on rolls 2..=6, west on 6 only.
#[test]
fn each_roll_decides_the_game_as_worked_out_by_hand() {
    for (step, wins) in [("d1-e1", 2..=6), ("d1-c1", 6..=6)] {
        for v in 1..=6 {
            let mut st = start();
            st.play_str(step).unwrap();
            st.play_str(&format!("roll:{v}")).unwrap();
            assert!(st.is_over(), "{step} then roll:{v} ends the game");
            let returns = st.returns();
            let want = if wins.contains(&v) { 1.0 } else { -1.0 };
            assert_eq!(returns[0], want, "{step} then roll:{v}");
        }
    }
}

#[test]
fn mcts_plays_the_turn_of_the_better_odds() {
    let st = start();
    for seed in 0..5 {
        let mut p = "mcts:400"
            .parse::<PlayerSpec>()
            .unwrap()
            .build(seeded_rng(seed, 0, 0))
            .unwrap();
        let turns = Turns::of(&st);
        let i = p.choose(&st, &turns);
        assert_eq!(st.turn_to_string(turns.get(i)), "d1-e1", "seed {seed}");
    }
}
