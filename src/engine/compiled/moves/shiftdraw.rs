//! A uniformly random step of the mover's first priority level that has
//! one, drawn from the joint shift plan ([`crate::engine::shiftgen`]) without
//! listing the steps: their number is the sum of each pair's moving
//! origins, and the step drawn is found by its index in the listing's
//! order. The draw is the listing's (`random_range(0..n)`, the same
//! words taken), so a seeded playout plays the same steps. Perft's last
//! ply counts the steps the same way, when each is a whole turn
//! ([`State::whole_turns_unlisted`]).

use crate::engine::bits::MAX_WORDS;
use crate::engine::draws::draw_below;
use crate::engine::shiftgen::{Live, ShiftLevel};
use crate::engine::{Move, State};
use rand::Rng;

impl State {
    /// Draws a random step as a draw over the listed candidates would:
    /// `Some(Some(step))`, `Some(None)` when the mover has no step (nothing
    /// drawn), `None` when the listing must tell (nothing drawn): a game
    /// with filters or `maximize:`, a chained continuation, no joint
    /// plan, stacks taken earlier in the turn, or a board too large.
    pub(crate) fn draw_unlisted<R: Rng>(&self, rng: &mut R) -> Option<Option<Move>> {
        let Some(plan) = self.unlisted_plan()? else {
            return Some(None);
        };
        match self.tables.stride {
            1 => Some(self.draw_shifted::<1, R>(plan, rng)),
            2 => Some(self.draw_shifted::<2, R>(plan, rng)),
            4 => Some(self.draw_shifted::<4, R>(plan, rng)),
            MAX_WORDS => Some(self.draw_shifted::<MAX_WORDS, R>(plan, rng)),
            _ => None,
        }
    }

    /// The joint plan that lists the mover's steps ([`State::joint_plan`]):
    /// `Some(None)` when the game is over (no step), `None` when the
    /// listing must tell: a game with filters or `maximize:`, a chance
    /// node, a chained continuation, no joint plan, or stacks taken
    /// earlier in the turn.
    #[inline]
    fn unlisted_plan(&self) -> Option<Option<&ShiftLevel>> {
        if self.tables.has_filters || self.game.maximize.is_some() || self.extras.chance.is_some() {
            return None;
        }
        if self.scalars.outcome.is_some() {
            return Some(None);
        }
        if self.scalars.cont.is_some() || self.scalars.marked > 0 {
            return None;
        }
        self.joint_plan().map(Some)
    }

    /// The number of the mover's legal steps, counted from site sets
    /// without listing them, when each is a whole turn (every generator
    /// that moves here ends its turn, [`crate::engine::Tables::ends_turn`]) and
    /// there is at least one: perft's last ply (bulk counting). `None`
    /// when the listing must tell (as [`State::unlisted_plan`] says, or a
    /// step that may not end its turn), or when there is no step.
    pub(crate) fn whole_turns_unlisted(&self) -> Option<usize> {
        let plan = self.unlisted_plan()??;
        match self.tables.stride {
            1 => self.whole_turns_shifted::<1>(plan),
            2 => self.whole_turns_shifted::<2>(plan),
            4 => self.whole_turns_shifted::<4>(plan),
            MAX_WORDS => self.whole_turns_shifted::<MAX_WORDS>(plan),
            _ => None,
        }
    }

    /// [`State::whole_turns_unlisted`] for a board of at most `64 × W`
    /// sites.
    #[inline(never)]
    fn whole_turns_shifted<const W: usize>(&self, plan: &ShiftLevel) -> Option<usize> {
        let mut live = Live::new();
        let level = self.shift_first_live::<W>(plan, &mut live)?;
        let whole = live.all_gens(level, |g| self.tables.ends_turn(g));
        (whole && live.count() > 0).then(|| live.count())
    }

    /// [`State::draw_unlisted`] for a board of at most `64 × W` sites.
    #[inline(never)]
    fn draw_shifted<const W: usize, R: Rng>(&self, plan: &ShiftLevel, rng: &mut R) -> Option<Move> {
        let mut live = Live::new();
        let level = self.shift_first_live::<W>(plan, &mut live)?;
        let (j, s) = live.nth(draw_below(rng, live.count()))?;
        self.shift_move(level, j, s)
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::{Game, Options, shipped_games};
    use crate::engine::draws::draw_below;
    use crate::engine::{Move, State};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use std::sync::Arc;

    /// Along seeded random games of every shipped game, wherever the
    /// unlisted draw answers it takes the step that the listing and its
    /// draw take from a generator in the same state, and leaves the
    /// generator where the listing's draw leaves it.
    #[test]
    fn the_unlisted_draw_is_the_listings_draw() {
        let mut answered = 0;
        for name in shipped_games() {
            let game = Arc::new(Game::load(name, &Options::default()).expect("game"));
            for seed in 0..4 {
                let mut st = State::new(game.clone());
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut buf: Vec<Move> = Vec::new();
                for _ in 0..200 {
                    let mut mine = rng.clone();
                    let drawn = st.draw_unlisted(&mut mine);
                    st.legal_moves_into(&mut buf);
                    if let Some(drawn) = drawn {
                        answered += 1;
                        let listed = (!buf.is_empty() && st.outcome().is_none())
                            .then(|| buf[draw_below(&mut rng, buf.len())]);
                        assert_eq!(drawn, listed, "{name}, seed {seed}");
                        assert_eq!(mine, rng, "{name}, seed {seed}: generators differ");
                    } else if !buf.is_empty() {
                        let m = buf[draw_below(&mut rng, buf.len())];
                        st.play(&m).expect("legal");
                        continue;
                    }
                    let Some(m) = drawn.flatten() else { break };
                    st.play(&m).expect("legal");
                }
            }
        }
        // Checkers and its kin use the plan: the test compared something.
        assert!(answered > 500, "{answered} draws compared");
    }

    /// Along seeded random games of every shipped game, wherever the
    /// unlisted count answers it is the number of listed steps, and each
    /// of them, played, ends its turn.
    #[test]
    fn the_unlisted_count_is_the_number_of_listed_whole_turns() {
        let mut answered = 0;
        for name in shipped_games() {
            let game = Arc::new(Game::load(name, &Options::default()).expect("game"));
            for seed in 0..3 {
                let mut st = State::new(game.clone());
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut buf: Vec<Move> = Vec::new();
                for _ in 0..150 {
                    st.legal_moves_into(&mut buf);
                    if let Some(n) = st.whole_turns_unlisted() {
                        answered += 1;
                        assert_eq!(n, buf.len(), "{name}, seed {seed}");
                        for m in &buf {
                            let mut after = st.clone();
                            after.play(m).expect("legal");
                            assert!(!after.mid_turn(), "{name}, seed {seed}: {m:?} goes on");
                        }
                    }
                    if buf.is_empty() || st.outcome().is_some() {
                        break;
                    }
                    let m = buf[draw_below(&mut rng, buf.len())];
                    st.play(&m).expect("legal");
                }
            }
        }
        // Breakthrough, Clobber, draughts' quiet positions: compared.
        assert!(answered > 300, "{answered} counts compared");
    }
}
