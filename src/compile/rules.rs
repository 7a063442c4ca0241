//! Lowering of moves: the play priority list and its move generators.

use super::args::{Diags, boolean, check, check_shape, choice, clause, items, named};
use super::ir::{Cond, Gen, GenId, GenKind, Maximize, SiteRef};
use super::lower::Lowerer;
use crate::syntax::{Clause, Expr};

impl Lowerer {
    /// The `(play …)` clause: priority levels of generators.
    pub fn play(&mut self, c: &Clause, d: &mut Diags) {
        check(c, "game", d);
        self.maximize =
            named(c, "maximize").and_then(|e| match choice(e, &["Captures", "Steps"], d)? {
                "Captures" => Some(Maximize::Captures),
                _ => Some(Maximize::Steps),
            });
        let Some(body) = c.args.first() else { return };
        let levels = self.play_levels(body, d);
        self.play.extend(levels);
    }

    /// Priority levels of generators: `(priority A B…)` or one level (a
    /// clause or an array of clauses).
    pub fn play_levels(&mut self, body: &Expr, d: &mut Diags) -> Vec<Vec<GenId>> {
        let mut out = Vec::new();
        let levels: Vec<&Expr> = match body {
            Expr::Clause(p) if p.head == "priority" => {
                check(p, "move", d);
                p.args.iter().collect()
            }
            other => vec![other],
        };
        for level in levels {
            let mut ids: Vec<GenId> = Vec::new();
            for e in items(level) {
                if let Some(g) = clause(e, "a move clause (step, hop, slide)", d)
                    && let Some(id) = self.generator(g, d)
                {
                    ids.extend(self.promotions(g, id, d));
                }
            }
            out.push(ids);
        }
        out
    }

    fn generator(&mut self, c: &Clause, d: &mut Diags) -> Option<GenId> {
        let kind = match c.head.as_str() {
            "step" => GenKind::Step,
            "hop" => GenKind::Hop,
            "slide" => GenKind::Slide,
            "select" => {
                check_shape(c, 0, 0, super::stacks::move_args(GenKind::Select), d);
                GenKind::Select
            }
            "relocate" => GenKind::Relocate,
            "rotate" => {
                check_shape(c, 0, 0, super::stacks::move_args(GenKind::Rotate), d);
                GenKind::Rotate
            }
            "leap" => GenKind::Leap,
            "sow" => self.sow_kind(c, d),
            "place" => {
                check_shape(c, 1, 1, super::stacks::move_args(GenKind::Select), d);
                GenKind::Place(
                    c.args
                        .first()
                        .and_then(|e| self.kind_ref(e, d))
                        .unwrap_or(0),
                )
            }
            "pass" => {
                check_shape(c, 0, 0, &[], d);
                GenKind::Pass
            }
            "end-phase" => {
                check_shape(c, 0, 0, &[], d);
                GenKind::EndPhase
            }
            "flip" => {
                check_shape(c, 1, 1, &["to", "check", "after", "then"], d);
                GenKind::Flip(
                    c.args
                        .first()
                        .and_then(|e| self.bool_toggle(e, d))
                        .unwrap_or(0),
                )
            }
            _ => {
                self.unknown_head(c, "move", d);
                return None;
            }
        };
        if matches!(
            kind,
            GenKind::Step | GenKind::Hop | GenKind::Slide | GenKind::Relocate | GenKind::Leap
        ) {
            check_shape(c, 0, 0, super::stacks::move_args(kind), d);
        }
        let mut cond_or = |name: &str, default: Cond, me: &mut Self| {
            named(c, name).map_or(default, |e| me.cond(e, d))
        };
        let from = cond_or("from", Cond::True, self);
        let over = cond_or("over", Cond::Enemy(SiteRef::Subject), self);
        // A selection may choose any site by default; moves and placements
        // go to empty ones.
        let to_default = if kind == GenKind::Select {
            Cond::True
        } else {
            Cond::Empty(SiteRef::Subject)
        };
        let to = cond_or("to", to_default, self);
        let dirs = match named(c, "dirs") {
            Some(e) => self.dirset(e, d),
            None => self.dirset_all(),
        };
        // Hops capture the jumped stack unless told not to; steps and
        // slides capture (remove the destination's stack first) if told to.
        let (capture, capture_at_end) = match named(c, "capture") {
            None => (kind == GenKind::Hop, false),
            Some(e) => flag_or(e, "End", kind == GenKind::Hop, d),
        };
        if capture_at_end && kind != GenKind::Hop {
            d.error(
                c.head_span,
                "`capture:End` on a move that jumps nothing",
                "only a `hop` takes the stacks it jumps at the end of the turn",
            );
        }
        let (chain, chain_level) = match named(c, "chain") {
            None => (false, false),
            Some(e) => flag_or(e, "Level", false, d),
        };
        let flying = named(c, "flying")
            .and_then(|e| boolean(e, d))
            .unwrap_or(false);
        let finally = named(c, "finally")
            .map(|e| self.effects(e, d))
            .unwrap_or_default();
        let then = named(c, "then")
            .map(|e| self.effects(e, d))
            .unwrap_or_default();
        // `after:true` (a define's way of saying "no filter") filters nothing.
        let after = named(c, "after")
            .map(|e| self.cond(e, d))
            .filter(|c| *c != Cond::True);
        let (origin, pieces, through) = self.move_extras(c, kind, d);
        let check = named(c, "check").map(|e| self.cond(e, d));
        let (count, keep, cost) = self.stack_args(c, d);
        let max = named(c, "max").map(|e| self.num(e, d));
        let sites = named(c, "sites").map(|e| self.set(e, d));
        let offsets = match (kind, named(c, "by")) {
            (GenKind::Leap, Some(e)) => super::leaps::offsets(e, d).unwrap_or_default(),
            (GenKind::Leap, None) => {
                d.error(
                    c.span,
                    "`leap` needs its offsets",
                    "expected `by:{{X Y}…}` (X to the player's right, Y forward)",
                );
                Vec::new()
            }
            _ => Vec::new(),
        };
        let leap_to = match &self.board {
            Some(b) if !offsets.is_empty() => {
                let forwards: Vec<(f64, f64)> = self.players.iter().map(|p| p.forward).collect();
                super::leaps::table(b, &forwards, &offsets)
            }
            _ => Vec::new(),
        };
        let leap_from = match &self.board {
            Some(b) if !offsets.is_empty() => {
                let forwards: Vec<(f64, f64)> = self.players.iter().map(|p| p.forward).collect();
                let back: Vec<(i32, i32)> = offsets.iter().map(|&(x, y)| (-x, -y)).collect();
                super::leaps::table(b, &forwards, &back)
            }
            _ => Vec::new(),
        };
        let repeat = named(c, "repeat")
            .and_then(|e| boolean(e, d))
            .unwrap_or(false);
        let rotations = if kind == GenKind::Rotate {
            self.rotations(c, d)
        } else {
            Vec::new()
        };
        // A cost changes counters: `after:` is then read on the real step.
        let plan = super::stacks::after_plan(kind, capture, &then).filter(|_| cost.is_none());
        self.gens.push(Gen {
            leap_from,
            promote_to: None,
            from_kind: None,
            origin,
            pieces,
            through,
            plan,
            twin: None,
            count,
            keep,
            max,
            sites,
            offsets,
            leap_to,
            repeat,
            cost,
            rotations,
            after,
            check,
            kind,
            from,
            dirs,
            over,
            to,
            capture,
            then,
            chain,
            flying,
            capture_at_end,
            // A placeholder that `link_chains` fills in: a chain that
            // draws from its level is marked by a non-empty list.
            chain_with: if chain_level {
                vec![GenId::MAX]
            } else {
                Vec::new()
            },
            finally,
        });
        Some((self.gens.len() - 1) as GenId)
    }
}

/// A boolean argument that may also be the word `word`: `(value, word
/// given)`; the word counts as `true`. `default` when the argument is
/// neither (after an error).
fn flag_or(e: &Expr, word: &str, default: bool, d: &mut Diags) -> (bool, bool) {
    match e {
        Expr::Bool(b, _) => (*b, false),
        _ => match choice(e, &["true", "false", word], d) {
            Some(w) if w == word => (true, true),
            _ => (default, false),
        },
    }
}
