//! Flat Monte Carlo: every legal turn gets random playouts (uniform
//! random steps to the end of the game, the engine's [`playout()`]): the
//! same number each (`mc:N`), or one each in turn until the time is spent
//! (`mc:TIME`); the turn with the best mean reward for the mover wins.

use super::mcts::Budget;
use super::{Agent, Turns, reward};
use crate::engine::{Move, State, playout};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// Flat Monte Carlo with a number of playouts per legal turn, or a time.
#[derive(Debug, Clone)]
pub struct FlatMc {
    budget: Budget,
    /// Most time a choice may take, whatever the budget
    /// ([`Agent::limit_time`]).
    cap: Option<Duration>,
    /// Stops a choice early when set ([`Agent::set_stop`]).
    stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// Turns after which a playout stops, counted as a draw.
    pub max_playout_turns: u32,
    rng: ChaCha8Rng,
    buf: Vec<Move>,
}

impl FlatMc {
    /// `playouts` playouts per legal turn, drawing from `rng`.
    pub fn new(playouts: u32, rng: ChaCha8Rng) -> FlatMc {
        FlatMc::with_budget(Budget::Iterations(playouts.max(1)), rng)
    }

    /// Playouts per legal turn (`Budget::Iterations`) or playouts until
    /// the time is spent (`Budget::Time`: a round of one playout per turn
    /// at a time, at least one round), drawing from `rng`.
    pub fn with_budget(budget: Budget, rng: ChaCha8Rng) -> FlatMc {
        let budget = match budget {
            Budget::Iterations(n) => Budget::Iterations(n.max(1)),
            b => b,
        };
        FlatMc {
            budget,
            cap: None,
            stop: None,
            max_playout_turns: 1000,
            rng,
            buf: Vec::with_capacity(64),
        }
    }

    /// The mean reward of each turn for the player to move. A turn the
    /// time cap left without a playout gets `f64::NEG_INFINITY`.
    pub fn evaluate(&mut self, st: &State, turns: &Turns) -> Vec<f64> {
        let t0 = Instant::now();
        let mut root = st.clone();
        // The game's chance stays unknown: the copy rolls its own dice.
        root.set_seed(self.rng.random());
        root.set_journaling(false);
        let after: Vec<State> = turns
            .iter()
            .map(|t| {
                let mut a = root.clone();
                a.play_turn(t);
                a
            })
            .collect();
        let mut total = vec![0.0; after.len()];
        let mut count = vec![0u32; after.len()];
        let (limit, per_turn) = match self.budget {
            Budget::Iterations(n) => (self.cap, Some(n)),
            Budget::Time(d) => (Some(self.cap.map_or(d, |c| c.min(d))), None),
        };
        let stop = self.stop.clone();
        let spent = |t0: Instant| super::stopped(&stop) || limit.is_some_and(|l| t0.elapsed() >= l);
        match per_turn {
            // N playouts for each turn in order (the seeded order of
            // `mc:N`), until the cap, if any.
            Some(n) => {
                'turns: for (i, a) in after.iter().enumerate() {
                    for _ in 0..n {
                        // The first turn gets one playout at least.
                        if (i > 0 || count[i] > 0) && spent(t0) {
                            break 'turns;
                        }
                        total[i] += self.one(a, st);
                        count[i] += 1;
                    }
                }
            }
            // Rounds of one playout a turn until the time is spent.
            None => loop {
                for (i, a) in after.iter().enumerate() {
                    total[i] += self.one(a, st);
                    count[i] += 1;
                }
                if spent(t0) {
                    break;
                }
            },
        }
        total
            .iter()
            .zip(&count)
            .map(|(t, &c)| {
                if c == 0 {
                    f64::NEG_INFINITY
                } else {
                    t / f64::from(c)
                }
            })
            .collect()
    }

    /// The reward of one playout from `after` for the mover of `st`.
    fn one(&mut self, after: &State, st: &State) -> f64 {
        let me = st.current_player();
        let n = st.game().num_players();
        let r = playout(
            after.clone(),
            &mut self.rng,
            self.max_playout_turns,
            &mut self.buf,
        );
        let end = r.outcome.map(|o| (o, r.stake));
        reward(end, me, n, st.game().max_stake())
    }
}

impl Agent for FlatMc {
    fn name(&self) -> String {
        format!("mc:{}", self.budget)
    }

    fn choose(&mut self, st: &State, turns: &Turns) -> usize {
        if turns.len() == 1 {
            return 0;
        }
        if let Some(m) = st.sample_chance(&mut self.rng) {
            return turns.position(&[m]).unwrap_or(0);
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

    fn limit_time(&mut self, limit: Duration) {
        self.cap = Some(limit);
    }

    fn set_stop(&mut self, stop: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.stop = Some(stop);
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
            let mc = PlayerSpec::Mc(Budget::Iterations(20))
                .build(seeded_rng(9, g, 0))
                .unwrap();
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
