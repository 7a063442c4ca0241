//! Why the rules refuse a step that their generators make: the filter of
//! its rule that fails (`check:` on the position just after the step,
//! `after:` on the position it leaves), said in words where the position
//! says what the filter guards: an `after:(not (repeated))` refuses a
//! repetition (positional superko), a `check:` that fails while the
//! placed piece's group has no empty neighbour refuses a suicide. A
//! move the generators do not make at all is refused by its geometry when
//! no rule moving the piece ever leads from its origin to that site, by
//! the mover's own piece standing there, or by its destination when every
//! rule that moves the piece refuses that site (`to:`).

use crate::board::Site;
use crate::compile::ir::{Cond, GenKind};
use crate::engine::cond::Ctx;
use crate::engine::reference::apply::Played;
use crate::engine::reference::attack::required_kind;
use crate::engine::{Move, Refusal, State};

impl State {
    /// Why step `m`, a candidate of this position (its generator makes
    /// it), is refused by its rule's filters; `None` when it passes them
    /// or is not a step of a generator. The state is unchanged (the step
    /// is tried on a copy).
    pub fn filter_refusal(&self, m: &Move) -> Option<Refusal> {
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

    /// Why a move from `from` to `to` (a text naming two sites) is made by
    /// no generator: [`Refusal::NotYours`] when `from` holds none of the
    /// mover's pieces; [`Refusal::OffLines`] when the rules that move the
    /// piece (their `from:` holds, and asks no other kind of piece) never
    /// lead from `from` to `to`, whatever stands between
    /// ([`super::reach::ever_reaches`]: English draughts' `9-12`);
    /// [`Refusal::OwnPiece`] when they could, `to` holds one of the
    /// mover's pieces and the `to:` of every such rule refuses it (a
    /// chess rook onto its own pawn); [`Refusal::Destination`] when the
    /// `to:` of every such rule refuses `to` otherwise (Hnefatafl's
    /// soldier may not stop on the throne or a corner); else
    /// [`Refusal::Unreachable`] (blocked, or out of reach now).
    pub(crate) fn site_refusal(&self, from: Site, to: Site) -> Refusal {
        let game = &self.game;
        let mover = self.scalars.mover;
        let Some(top) = self.top(from).filter(|&p| game.owner(p) == mover) else {
            return Refusal::NotYours;
        };
        let ctx = |subject| Ctx {
            player: mover,
            subject,
            from,
            to,
            over: crate::board::NO_SITE,
            anchor: subject,
            last: self.scalars.last,
        };
        let movers: Vec<&crate::compile::ir::Gen> = game
            .gens
            .iter()
            .filter(|g| {
                g.kind.shift().is_some()
                    && required_kind(&g.from).0.is_none_or(|k| k == game.kind(top))
                    && self.eval(&g.from, &ctx(from))
            })
            .collect();
        if !movers.is_empty() && !super::reach::ever_reaches(game, &movers, mover, from, to) {
            return Refusal::OffLines;
        }
        let all_refuse = movers.iter().all(|g| !self.eval(&g.to, &ctx(to)));
        let own = self.top(to).is_some_and(|p| game.owner(p) == mover);
        match (!movers.is_empty() && all_refuse, own) {
            (true, true) => Refusal::OwnPiece,
            (true, false) => Refusal::Destination,
            (false, _) => Refusal::Unreachable,
        }
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
