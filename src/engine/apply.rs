//! Applying a step: moving the stack, captures, effects, continuations, the
//! end of a turn and the draw rules.

use super::cond::Ctx;
use super::{EndReason, IllegalMove, Move, Outcome, State};
use crate::board::NO_SITE;
use crate::compile::ir::{Effect, GenKind, NoMoves, Owner, SiteRef, TurnFact};

impl State {
    /// Plays a legal step. An illegal one is refused with the legal moves
    /// listed, and the state is unchanged.
    pub fn play(&mut self, m: &Move) -> Result<(), IllegalMove> {
        let mut legal = Vec::new();
        self.legal_moves_into(&mut legal);
        if legal.contains(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMove {
                input: format!("{m:?}"),
                reason: "not a legal step here".into(),
                legal: self.legal_turn_strings(),
            })
        }
    }

    /// Plays a step without checking it is legal (a move from
    /// [`State::legal_moves`]).
    pub fn play_unchecked(&mut self, m: &Move) {
        self.push_frame();
        let game = self.game.clone();
        let generator = &game.gens[m.gen_id as usize];
        if !self.mid_turn() {
            self.note_moved_facts(m);
        }
        // Marks and `again` speak to this step only.
        self.s.again = None;
        self.clear_marks();
        let height = self.height(m.from);
        let count = if m.count == 0 {
            height
        } else {
            m.count as usize
        };
        self.move_pieces(m.from, m.to, count);
        if generator.kind == GenKind::Hop && generator.capture && m.over != NO_SITE {
            self.clear_site(m.over);
            self.s.turn_captured = true;
        }
        let ctx = Ctx {
            player: self.s.mover,
            subject: m.to,
            from: m.from,
            to: m.to,
            over: m.over,
        };
        let ended = self.run_effects(&generator.then, &ctx);
        if generator.chain && !ended && self.has_move_from(m.gen_id, m.to) {
            self.s.cont = Some(super::Continuation {
                gen_id: m.gen_id,
                site: m.to,
            });
            return;
        }
        if self.s.again.is_some() && !ended {
            // The same player moves again, with the block `again` named;
            // having no move then is having no legal move.
            return;
        }
        self.end_turn();
    }

    /// Records the `Moved` progress facts of the turn's first step.
    fn note_moved_facts(&mut self, m: &Move) {
        if let Some((_, facts)) = &self.game.end.no_progress {
            let ctx = Ctx::at(self.s.mover, m.from);
            if facts
                .iter()
                .any(|f| matches!(f, TurnFact::Moved(c) if self.eval(c, &ctx)))
            {
                self.s.turn_progress = true;
            }
        }
    }

    /// Runs effects; returns true if one of them ended the turn.
    fn run_effects(&mut self, effects: &[Effect], ctx: &Ctx) -> bool {
        let mut ended = false;
        for e in effects {
            ended |= self.run_effect(e, ctx);
        }
        ended
    }

    fn run_effect(&mut self, e: &Effect, ctx: &Ctx) -> bool {
        let site_of = |r: SiteRef| match r {
            SiteRef::Subject => ctx.subject,
            SiteRef::From => ctx.from,
            SiteRef::To => ctx.to,
            SiteRef::Over => ctx.over,
        };
        match e {
            Effect::If(c, a, b) => {
                if self.eval(c, ctx) {
                    self.run_effects(a, ctx)
                } else {
                    self.run_effects(b, ctx)
                }
            }
            Effect::Push {
                at,
                count,
                kind,
                owner,
            } => {
                let site = site_of(*at);
                if site == NO_SITE {
                    return false;
                }
                let top = self.top(site);
                let who = match owner {
                    Owner::Mover => Some(self.s.mover),
                    Owner::Top => top.map(|p| self.game.owner(p)),
                };
                let k = kind.or(top.map(|p| self.game.kind(p)));
                if let (Some(who), Some(k)) = (who, k) {
                    let p = self.game.piece(k, who);
                    for _ in 0..*count {
                        self.push_piece(site, p);
                    }
                }
                false
            }
            Effect::Remove(r) => {
                let site = site_of(*r);
                if site != NO_SITE && self.height(site) > 0 {
                    self.clear_site(site);
                    self.s.turn_captured = true;
                }
                false
            }
            Effect::EndTurn => true,
            other => self.run_stack_effect(other, ctx),
        }
    }

    /// Ends the turn: the next player moves, counters update, draw rules
    /// are checked.
    fn end_turn(&mut self) {
        let progress = self.s.turn_captured || self.s.turn_progress;
        self.s.no_progress = if progress { 0 } else { self.s.no_progress + 1 };
        self.s.turn_captured = false;
        self.s.turn_progress = false;
        self.next_player();
        self.check_draws();
    }

    fn check_draws(&mut self) {
        let end = &self.game.end;
        let reason = if end
            .repetition
            .is_some_and(|n| self.repetitions() >= n as usize)
        {
            Some(EndReason::Repetition)
        } else if end
            .no_progress
            .as_ref()
            .is_some_and(|(n, _)| self.s.no_progress >= *n)
        {
            Some(EndReason::NoProgress)
        } else if end.turn_limit.is_some_and(|n| self.s.turns >= n) {
            Some(EndReason::TurnLimit)
        } else {
            None
        };
        if let Some(r) = reason {
            self.s.outcome = Some(Outcome::Draw(r));
        }
    }

    /// Forgets a draw declared by a draw rule (repetition, no progress,
    /// turn limit) so that play goes on: for replaying records of games
    /// whose players did not claim the draw. Returns the forgotten outcome.
    pub fn clear_draw(&mut self) -> Option<Outcome> {
        match self.s.outcome {
            Some(o @ Outcome::Draw(_)) => {
                self.s.outcome = None;
                Some(o)
            }
            _ => None,
        }
    }

    /// The outcome if the game is over: a draw rule fired, or the player to
    /// move has no legal move (then the `no-moves` rule decides; without
    /// one it is a draw).
    pub fn outcome(&self) -> Option<Outcome> {
        if self.s.outcome.is_some() {
            return self.s.outcome;
        }
        if self.legal_moves().is_empty() {
            Some(self.no_moves_outcome())
        } else {
            None
        }
    }

    /// The outcome when the player to move has no legal move.
    pub fn no_moves_outcome(&self) -> Outcome {
        let n = self.game.num_players() as u8;
        let me = self.s.mover;
        match self.game.end.no_moves {
            Some(NoMoves::Loss) if n == 2 => Outcome::Win(1 - me, EndReason::NoMoves),
            Some(NoMoves::Win) => Outcome::Win(me, EndReason::NoMoves),
            _ => Outcome::Draw(EndReason::NoMoves),
        }
    }

    /// True when the game is over.
    pub fn is_terminal(&self) -> bool {
        self.outcome().is_some()
    }

    /// Per-player returns: +1 for a win, −1 for a loss, 0 for a draw or a
    /// game in progress (two players).
    pub fn returns(&self) -> Vec<f64> {
        let n = self.game.num_players();
        match self.outcome() {
            Some(Outcome::Win(w, _)) => (0..n)
                .map(|p| if p == w as usize { 1.0 } else { -1.0 })
                .collect(),
            _ => vec![0.0; n],
        }
    }
}
