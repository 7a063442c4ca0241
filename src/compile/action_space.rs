//! The range of the numbers a step carries, for front ends that number
//! every step of a game (the Python package's action ids, OpenSpiel's
//! `num_distinct_actions`).

use crate::compile::ir::Game;
use crate::compile::ir_moves::{GenKind, Pieces};

impl Game {
    /// The largest `count` a step ([`crate::engine::Move`]) of this game
    /// can carry: 0 when every step moves a whole stack (or places, sows,
    /// passes); 1 for `pieces:One`; the stack limit for `pieces:Part` and
    /// `pieces:Any`; the index of the last quarter turn of a `rotate`
    /// generator (its steps' count is that index); the most sides of a
    /// thrown die for `advance` (its steps' count is the die used).
    pub fn max_step_count(&self) -> u16 {
        let cap = u16::try_from(self.stack_cap).unwrap_or(u16::MAX);
        self.gens
            .iter()
            .map(|g| match &g.kind {
                GenKind::Rotate { rotations } => {
                    u16::try_from(rotations.len().saturating_sub(1)).unwrap_or(u16::MAX)
                }
                // The die's value.
                GenKind::Advance(_) => u16::from(self.max_die),
                kind => match kind.shift().map(|s| s.pieces) {
                    Some(Pieces::One) => 1,
                    Some(Pieces::Part | Pieces::Any) => cap,
                    _ => 0,
                },
            })
            .max()
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::{Game, Options};
    use crate::engine::State;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Every step of seeded random games of every shipped game carries a
    /// count at most [`Game::max_step_count`].
    #[test]
    fn every_step_of_random_games_is_within_the_bound() {
        for name in crate::compile::shipped_games() {
            let game = std::sync::Arc::new(Game::load(name, &Options::default()).expect(name));
            let bound = game.max_step_count();
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            for _ in 0..3 {
                let mut st = State::new(game.clone());
                for _ in 0..150 {
                    let steps = st.legal_moves();
                    if steps.is_empty() || st.outcome().is_some() {
                        break;
                    }
                    for m in &steps {
                        assert!(m.count <= bound, "{name}: count {} > {bound}", m.count);
                    }
                    st.play_unchecked(&steps[rng.random_range(0..steps.len())]);
                }
            }
        }
    }
}
