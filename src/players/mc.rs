//! Flat Monte Carlo: every legal turn gets the same number of random
//! playouts (uniform random steps to the end of the game, the engine's
//! [`playout()`]); the turn with the best mean reward for the mover wins.

use super::{Agent, Turns, reward};
use crate::engine::{Move, State, playout};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// Flat Monte Carlo with a fixed number of playouts per legal turn.
#[derive(Debug, Clone)]
pub struct FlatMc {
    playouts: u32,
    /// Turns after which a playout stops, counted as a draw.
    pub max_playout_turns: u32,
    rng: ChaCha8Rng,
    buf: Vec<Move>,
}

impl FlatMc {
    /// `playouts` playouts per legal turn, drawing from `rng`.
    pub fn new(playouts: u32, rng: ChaCha8Rng) -> FlatMc {
        FlatMc {
            playouts: playouts.max(1),
            max_playout_turns: 1000,
            rng,
            buf: Vec::with_capacity(64),
        }
    }

    /// The mean reward of each turn for the player to move.
    pub fn evaluate(&mut self, st: &State, turns: &Turns) -> Vec<f64> {
        let me = st.current_player();
        let n = st.game().num_players();
        let mut root = st.clone();
        // The game's chance stays unknown: the copy rolls its own dice.
        root.set_seed(self.rng.random());
        root.set_journaling(false);
        turns
            .iter()
            .map(|t| {
                let mut after = root.clone();
                after.play_turn(t);
                let total: f64 = (0..self.playouts)
                    .map(|_| {
                        let r = playout(
                            after.clone(),
                            &mut self.rng,
                            self.max_playout_turns,
                            &mut self.buf,
                        );
                        reward(r.outcome, me, n)
                    })
                    .sum();
                total / f64::from(self.playouts)
            })
            .collect()
    }
}

impl Agent for FlatMc {
    fn name(&self) -> String {
        format!("mc:{}", self.playouts)
    }

    fn choose(&mut self, st: &State, turns: &Turns) -> usize {
        if turns.len() == 1 {
            return 0;
        }
        let values = self.evaluate(st, turns);
        let mut best = 0;
        for (i, v) in values.iter().enumerate() {
            if *v > values[best] {
                best = i;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::{PlayerSpec, fixture, seeded_rng};

    #[test]
    fn picks_the_turn_with_the_best_mean_reward() {
        let st = State::from_fen(fixture::game(), "B:W7,8,18:B1,2").unwrap();
        let turns = Turns::of(&st);
        assert!(turns.len() > 1);
        let mut p = FlatMc::new(50, seeded_rng(1, 0, 0));
        let values = p.evaluate(&st, &turns);
        let i = p.choose(&st, &turns);
        assert_eq!(values[i], values.iter().cloned().fold(f64::MIN, f64::max));
        assert_eq!(p.name(), "mc:50");
        let one = State::from_fen(fixture::game(), "B:W5:B1").unwrap();
        assert_eq!(p.choose(&one, &Turns::of(&one)), 0);
    }

    #[test]
    fn beats_random_most_of_the_time() {
        let start = fixture::start();
        let mut wins = 0;
        for g in 0..10u64 {
            let mc = PlayerSpec::Mc(20).build(seeded_rng(9, g, 0)).unwrap();
            let rnd = PlayerSpec::Random.build(seeded_rng(9, g, 1)).unwrap();
            let side = (g % 2) as u8;
            let mut ps = if side == 0 {
                vec![mc, rnd]
            } else {
                vec![rnd, mc]
            };
            let s = crate::players::play_game(&start, &mut ps, 500, |_, _| {});
            wins += u32::from(s.outcome.and_then(|o| o.winner()) == Some(side));
        }
        assert!(wins >= 8, "mc:20 won {wins} of 10");
    }
}
