//! The greedy player (`greedy`): the candidate turn (see
//! [`super::candidates`]) whose resulting position the heuristic likes
//! best for the mover; ties broken at random from its seeded generator.
//! When every turn of the position was listed, a turn's position is
//! judged after the forced turns that follow it (a player to move with
//! one legal turn only, up to [`FORCED_TURNS`] of them): a man offered
//! where the capture is compulsory is judged after the capture.

use super::candidates::{Bound, Scratch, candidates, only_turn};
use super::{Agent, Turns};
use crate::engine::{Move, State};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// Most forced turns played out after a candidate turn before judging it.
pub const FORCED_TURNS: usize = 4;

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
        if st.is_chance_node() {
            // Nature's move: a roll with its odds (docs/chance.md).
            return st.sample_chance(&mut self.rng).map(|m| vec![m]);
        }
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
        let mut forced = Vec::new();
        for (i, t) in list.iter().enumerate() {
            for m in t {
                st.play_unchecked(m);
            }
            let made = t.len()
                + if exact {
                    self.play_forced(&mut st, &mut forced)
                } else {
                    0
                };
            let v = self.sc.eval(&mut st, me);
            for _ in 0..made {
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

    /// Plays the forced turns that follow in `st` (at most
    /// [`FORCED_TURNS`], none once the game is over) and returns the
    /// steps played, for the caller to take back.
    fn play_forced(&mut self, st: &mut State, scratch: &mut Vec<Vec<Move>>) -> usize {
        let mut made = 0;
        for _ in 0..FORCED_TURNS {
            if st.outcome().is_some() || !only_turn(st, &mut self.sc, scratch) {
                break;
            }
            for m in &scratch[0] {
                st.play_unchecked(m);
            }
            made += scratch[0].len();
        }
        made
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::{fixture, seeded_rng};

    /// Dark's man on 5 may step to 7 or to 8; on 8 Light's man on 12
    /// must take it (12x5, its only turn), and Dark has nothing left. One
    /// ply deep both steps keep the material even; the forced capture
    /// that follows tells them apart, whatever the seed.
    #[test]
    fn a_man_is_not_offered_to_a_forced_capture() {
        let st = State::from_position(fixture::game(), "B B:5 W:12").unwrap();
        let turns = Turns::of(&st);
        assert_eq!(turns.len(), 2);
        for seed in 0..20 {
            let mut g = Greedy::new(seeded_rng(seed, 0, 0));
            let turn = g.best(&st).expect("a turn");
            assert_eq!(st.move_to_string(&turn[0]), "5-7", "seed {seed}");
        }
    }

    /// The forced turns played out to judge a turn are taken back: the
    /// position is left as it was.
    #[test]
    fn the_position_is_left_as_it_was() {
        let st = State::from_position(fixture::game(), "B B:5 W:12").unwrap();
        let mut copy = st.clone();
        copy.set_journaling(true);
        let mut g = Greedy::new(seeded_rng(1, 0, 0));
        let mut scratch = Vec::new();
        copy.play_unchecked(&st.legal_moves()[0]);
        let made = g.play_forced(&mut copy, &mut scratch);
        for _ in 0..made {
            copy.take_back();
        }
        copy.take_back();
        assert_eq!(copy.hash(), st.hash());
        assert_eq!(copy.legal_moves(), st.legal_moves());
    }
}
