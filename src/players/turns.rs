//! The legal turns of a position stored flat: every step of every turn in
//! one vector, with the end of each turn in another. Refilling a [`Turns`]
//! reuses its buffers, so that a game loop or a search allocates nothing
//! once the buffers have grown.

use crate::engine::{Move, State};

/// The legal turns of a position, in the order of [`State::legal_turns`]
/// (at most [`crate::engine::MAX_TURNS`] of them, as there).
#[derive(Debug, Clone, Default)]
pub struct Turns {
    steps: Vec<Move>,
    ends: Vec<u32>,
    /// One step buffer per depth of a multi-step turn.
    bufs: Vec<Vec<Move>>,
    path: Vec<Move>,
}

impl Turns {
    /// An empty list.
    pub fn new() -> Turns {
        Turns::default()
    }

    /// The legal turns of `st` (which is cloned; see [`Turns::fill`] for
    /// the allocation-free form).
    pub fn of(st: &State) -> Turns {
        let mut t = Turns::new();
        t.fill(&mut st.clone());
        t
    }

    /// Replaces the list with the legal turns of `st`, expanding
    /// continuations depth-first with make/undo (in a game whose turns are
    /// all one step, [`State::one_step_turns`], the legal steps are the
    /// turns: none is played). `st` ends as it started, except that
    /// journaling is left off (and any undo history dropped).
    pub fn fill(&mut self, st: &mut State) {
        self.steps.clear();
        self.ends.clear();
        self.path.clear();
        st.set_journaling(true);
        if st.one_step_turns() {
            self.list_steps(st);
        } else {
            self.expand(st, 0);
        }
        st.set_journaling(false);
    }

    /// The legal steps of `st` as turns of one step each (at most
    /// [`crate::engine::turns::MAX_TURNS`], as [`Turns::expand`] keeps).
    fn list_steps(&mut self, st: &mut State) {
        if self.bufs.is_empty() {
            self.bufs.push(Vec::with_capacity(32));
        }
        st.legal_moves_into(&mut self.bufs[0]);
        for m in self.bufs[0].iter().take(crate::engine::turns::MAX_TURNS) {
            self.steps.push(*m);
            self.ends.push(self.steps.len() as u32);
        }
    }

    fn expand(&mut self, st: &mut State, depth: usize) {
        if self.bufs.len() <= depth {
            self.bufs.push(Vec::with_capacity(32));
        }
        let mut buf = std::mem::take(&mut self.bufs[depth]);
        st.legal_moves_into(&mut buf);
        let mover = st.current_player();
        for m in &buf {
            if self.ends.len() >= crate::engine::turns::MAX_TURNS {
                break;
            }
            st.play_unchecked(m);
            self.path.push(*m);
            let before = self.ends.len();
            if st.mid_turn() && st.current_player() == mover {
                self.expand(st, depth + 1);
            }
            if self.ends.len() == before {
                // The turn ended here, or the mover owes a step and has
                // none: the turn ends (and the game with it).
                self.steps.extend_from_slice(&self.path);
                self.ends.push(self.steps.len() as u32);
            }
            self.path.pop();
            st.take_back();
        }
        self.bufs[depth] = buf;
    }

    /// Replaces the list with `list` (turns chosen elsewhere, such as
    /// the heuristic players' sampled candidates).
    pub fn set(&mut self, list: &[Vec<Move>]) {
        self.steps.clear();
        self.ends.clear();
        for t in list {
            self.steps.extend_from_slice(t);
            self.ends.push(self.steps.len() as u32);
        }
    }

    /// Number of turns.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// True when there is no legal turn (the game is over).
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The steps of turn `i`.
    pub fn get(&self, i: usize) -> &[Move] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.steps[start..self.ends[i] as usize]
    }

    /// The turns in order.
    pub fn iter(&self) -> impl Iterator<Item = &[Move]> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }

    /// The index of the turn equal to `turn`, if any.
    pub fn position(&self, turn: &[Move]) -> Option<usize> {
        self.iter().position(|t| t == turn)
    }

    /// The turns as separate vectors (the form of [`State::legal_turns`]).
    pub fn to_vecs(&self) -> Vec<Vec<Move>> {
        self.iter().map(<[Move]>::to_vec).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::fixture;

    #[test]
    fn matches_legal_turns_along_games() {
        let mut turns = Turns::new();
        for seed in 0..20usize {
            let mut st = fixture::start();
            for ply in 0..200 {
                let expected = st.legal_turns();
                let mut copy = st.clone();
                turns.fill(&mut copy);
                assert_eq!(turns.to_vecs(), expected, "game {seed} ply {ply}");
                assert_eq!(copy.hash(), st.hash());
                if expected.is_empty() {
                    break;
                }
                // A deterministic but varied choice.
                st.play_turn(&expected[(ply * 7 + seed) % expected.len()]);
            }
        }
    }

    /// Stones placed on any empty square of a 3 × 3 board: every turn is
    /// one step.
    const PLACE: &str = "(game \"place\" (players 2) (board (square 3 3)) (piece \"Stone\")
      (play (place \"Stone\" to:Empty)) (end (no-moves Loss)))";

    #[test]
    fn one_step_turns_are_the_legal_steps() {
        use crate::compile::{Game, Options};
        let game = Game::from_source("place.game", PLACE, &Options::default()).unwrap();
        let mut st = State::new(std::sync::Arc::new(game));
        assert!(st.one_step_turns());
        assert!(
            !fixture::start().one_step_turns(),
            "the fixture's jumps chain"
        );
        let mut turns = Turns::new();
        // 9 empty squares, then one fewer after each placement.
        for empty in (1..=9).rev() {
            turns.fill(&mut st.clone());
            assert_eq!(turns.len(), empty);
            assert_eq!(turns.to_vecs(), st.legal_turns());
            assert!(turns.iter().all(|t| t.len() == 1));
            st.play_turn(turns.get(empty / 2));
        }
        turns.fill(&mut st);
        assert!(turns.is_empty(), "a full board has no turn");
    }

    #[test]
    fn a_multi_jump_is_one_turn() {
        let st = State::from_fen(fixture::game(), "B:W5,11,12:B1").unwrap();
        let t = Turns::of(&st);
        let names: Vec<String> = t.iter().map(|x| st.turn_to_string(x)).collect();
        assert_eq!(names, ["1x8x15", "1x8x13"]);
        assert_eq!(t.get(1).len(), 2);
        assert_eq!(t.position(t.get(1)), Some(1));
    }
}
