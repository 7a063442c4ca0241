//! The uniform random player: every legal turn is equally likely (a
//! multi-jump counts once, however many steps it has).

use super::{Agent, Turns};
use crate::engine::State;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// Picks a legal turn uniformly at random.
#[derive(Debug, Clone)]
pub struct RandomPlayer {
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    /// A random player drawing from `rng`.
    pub fn new(rng: ChaCha8Rng) -> RandomPlayer {
        RandomPlayer { rng }
    }
}

impl Agent for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }

    /// A legal turn drawn uniformly; at a chance node, nature's move drawn
    /// with its odds (docs/chance.md).
    fn choose(&mut self, st: &State, turns: &Turns) -> usize {
        if let Some(m) = st.sample_chance(&mut self.rng) {
            return turns.position(&[m]).unwrap_or(0);
        }
        self.rng.random_range(0..turns.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::{fixture, seeded_rng};

    #[test]
    fn every_turn_gets_picked_about_equally_often() {
        let st = fixture::start();
        let turns = Turns::of(&st);
        let mut p = RandomPlayer::new(seeded_rng(3, 0, 0));
        let mut counts = vec![0u32; turns.len()];
        let n = 6000;
        for _ in 0..n {
            counts[p.choose(&st, &turns)] += 1;
        }
        let expected = n as f64 / turns.len() as f64;
        for c in counts {
            assert!(
                (c as f64 - expected).abs() < expected * 0.15,
                "{c} vs {expected}"
            );
        }
        assert_eq!(p.name(), "random");
    }
}
