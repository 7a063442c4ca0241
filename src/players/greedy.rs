//! The greedy player (`greedy`): the candidate turn (see
//! [`super::candidates`]) whose resulting position the heuristic likes
//! best for the mover; ties broken at random from its seeded generator.

use super::candidates::{Bound, Scratch, candidates};
use super::{Agent, Turns};
use crate::engine::{Move, State};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// One ply by the heuristic.
pub struct Greedy {
    rng: ChaCha8Rng,
    bound: Bound,
    sc: Scratch,
    /// How many legal turns the last choice was among, when all were
    /// listed (`None`: sampled).
    listed: Option<usize>,
}

impl Greedy {
    /// A greedy player drawing from `rng`.
    pub fn new(rng: ChaCha8Rng) -> Greedy {
        Greedy {
            rng,
            bound: Bound::default(),
            sc: Scratch::default(),
            listed: None,
        }
    }

    /// The same player judging every step of a sampled turn afresh at
    /// every step, without the step cache (`players::stepcache`): slower,
    /// and the reference the cache is tested against.
    pub fn judging_every_step(mut self) -> Greedy {
        self.sc.reuse = false;
        self
    }

    /// The best turn of `st` for the mover, or `None` when the game is over.
    pub fn best(&mut self, st: &State) -> Option<Vec<Move>> {
        let mut st = st.clone();
        // Chance is the game's own: the copy judged rolls its own dice,
        // so the player does not see the rolls to come.
        st.set_seed(self.rng.random());
        st.set_journaling(true);
        let me = st.current_player();
        let mut list = Vec::new();
        let exact = candidates(&mut st, &self.bound, &mut self.rng, &mut self.sc, &mut list);
        self.listed = exact.then_some(list.len());
        let mut best = i64::MIN;
        let mut ties = 0u32;
        let mut chosen = None;
        for (i, t) in list.iter().enumerate() {
            for m in t {
                st.play_unchecked(m);
            }
            let v = self.sc.eval(&mut st, me);
            for _ in t {
                st.take_back();
            }
            if v > best {
                best = v;
                ties = 1;
                chosen = Some(i);
            } else if v == best {
                ties += 1;
                if self.rng.random_range(0..ties) == 0 {
                    chosen = Some(i);
                }
            }
        }
        chosen.map(|i| list.swap_remove(i))
    }
}

impl Agent for Greedy {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, st: &State, turns: &Turns) -> usize {
        let Some(turn) = self.best(st) else { return 0 };
        (0..turns.len())
            .find(|&i| turns.get(i) == turn.as_slice())
            .unwrap_or(0)
    }

    fn choose_turn(&mut self, st: &State) -> Option<(Vec<Move>, Option<usize>)> {
        self.best(st).map(|t| (t, self.listed))
    }
}
