//! Why the rules refuse a step that their generators make: the filter of
//! its rule that fails (`check:` on the position just after the step,
//! `after:` on the position it leaves), said in words where the position
//! says what the filter guards: an `after:(not (repeated))` refuses a
//! repetition (positional superko), a `check:` that fails while the
//! placed piece's group has no empty neighbour refuses a suicide.

use crate::compile::ir::{Cond, GenKind};
use crate::engine::reference::apply::Played;
use crate::engine::{Move, Refusal, State};

impl State {
    /// Why step `m`, a candidate of this position (its generator makes
    /// it), is refused by its rule's filters; `None` when it passes them
    /// or is not a step of a generator. The state is unchanged (the step
    /// is tried on a copy).
    pub(crate) fn filter_refusal(&self, m: &Move) -> Option<Refusal> {
        let game = self.game.clone();
        let generator = game.gens.get(usize::from(m.gen_id))?;
        let mut tried = self.clone();
        if tried.try_play(m) == Played::Played {
            return None;
        }
        let mut st = self.clone();
        st.journaling = true;
        st.push_frame();
        st.move_part(&game, m, generator);
        let ctx = st.step_ctx(m);
        let check_fails = generator
            .check
            .as_ref()
            .is_some_and(|c| !st.check_holds(m.gen_id, c, &ctx));
        if check_fails {
            let placed = matches!(generator.kind, GenKind::Place { .. });
            return Some(match placed && !st.group_breathes(m.to) {
                true => Refusal::Suicide,
                false => Refusal::Check,
            });
        }
        Some(match &generator.after {
            Some(Cond::Not(c)) if matches!(**c, Cond::Repeated(_)) => Refusal::Repeats,
            _ => Refusal::After,
        })
    }

    /// True if the group of the stack at `s` (its owner's stacks connected
    /// to it by adjacency) has an empty site next to it: a liberty.
    fn group_breathes(&self, s: crate::board::Site) -> bool {
        let mut group = Vec::new();
        self.group_into(s, &mut group);
        let board = &self.game.board;
        group
            .iter()
            .any(|&g| board.neighbours(g).any(|n| self.height(n) == 0))
    }
}
