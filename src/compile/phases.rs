//! Lowering of turn structure and stack economy: phases, counters, step
//! counts and costs, and the conditions, numbers and effects on mixed
//! stacks, marks and dice (Genocide, docs/games/genocide.md).

use super::args::{Diags, boolean, check_shape, clause, int_in, named, string};
use super::ir::{Cond, Counter, CounterId, Effect, Num, Phase, SiteRef};
use super::lower::Lowerer;
use super::rules::lookup;
use crate::syntax::{Clause, Expr};

impl Lowerer {
    /// `(counter "mp" [init:N])`.
    pub fn counter(&mut self, c: &Clause, d: &mut Diags) {
        check_shape(c, 1, 1, &["init"], d);
        let Some(name) = c.args.first().and_then(|e| string(e, d)) else {
            return;
        };
        let init = named(c, "init")
            .and_then(|e| int_in(e, -1_000_000, 1_000_000, d))
            .unwrap_or(0);
        if self.counters.iter().any(|x| x.name == name) {
            d.twice(c.span, "counter", name);
            return;
        }
        self.counters.push(Counter {
            name: name.to_string(),
            init: init as i32,
        });
    }

    /// `(phases (phase "Name" auto:EFFECTS) (phase "Name" MOVES [repeat:true])…)`.
    pub fn phases(&mut self, c: &Clause, d: &mut Diags) {
        check_shape(c, 1, usize::MAX, &[], d);
        for e in &c.args {
            let Some(p) = clause(e, "a `(phase …)` clause", d) else {
                continue;
            };
            if p.head != "phase" {
                self.unknown_head(p, "phases", d);
                continue;
            }
            check_shape(p, 1, 2, &["auto", "repeat"], d);
            let name = p
                .args
                .first()
                .and_then(|e| string(e, d))
                .unwrap_or("?")
                .to_string();
            if self.phases.iter().any(|x| x.name == name) {
                d.twice(p.span, "phase", &name);
                continue;
            }
            let auto = named(p, "auto")
                .map(|e| self.effects(e, d))
                .unwrap_or_default();
            let play = p
                .args
                .get(1)
                .map(|e| self.play_levels(e, d))
                .unwrap_or_default();
            let repeat = named(p, "repeat")
                .and_then(|e| boolean(e, d))
                .unwrap_or(false);
            self.phases.push(Phase {
                name,
                auto,
                play,
                repeat,
            });
        }
    }

    /// A boolean toggle given by name (a word), for rules that read or
    /// flip it during play.
    pub fn bool_toggle(&mut self, e: &Expr, d: &mut Diags) -> Option<super::ir::ToggleId> {
        let w = super::args::word(e, d)?;
        let is_bool = |t: &&super::ir::Toggle| t.ty == super::ir::ToggleType::Bool;
        let bools: Vec<String> = self
            .toggles
            .iter()
            .filter(is_bool)
            .map(|t| t.name.clone())
            .collect();
        let i = self.toggles.iter().position(|t| t.name == w && is_bool(&t));
        if i.is_none() {
            let mut diag = crate::diag::Diagnostic::error(
                e.span(),
                format!("`{w}` is not a boolean toggle"),
                format!("expected one of: {}", bools.join(", ")),
            );
            if let Some(s) = crate::diag::did_you_mean(w, bools.iter().map(String::as_str)) {
                diag = diag.with_help(format!("did you mean `{s}`?"));
            }
            d.push(diag);
        }
        i.filter(|&i| i < 64).map(|i| i as super::ir::ToggleId)
    }

    /// A counter given by name.
    pub fn counter_ref(&mut self, e: &Expr, d: &mut Diags) -> Option<CounterId> {
        let names: Vec<String> = self.counters.iter().map(|c| c.name.clone()).collect();
        lookup(&names, e, "counter", d).map(|i| i as CounterId)
    }

    /// Stack conditions; `None` if `c` is none of them.
    pub fn cond_stack(&mut self, c: &Clause, d: &mut Diags) -> Option<Cond> {
        let make: fn(SiteRef) -> Cond = match c.head.as_str() {
            "holds" => Cond::Holds,
            "holds-only" => Cond::HoldsOnly,
            "mixed" => Cond::Mixed,
            "marked" => Cond::Marked,
            "on" => {
                check_shape(c, 1, 1, &[], d);
                let id = c
                    .args
                    .first()
                    .and_then(|e| self.bool_toggle(e, d))
                    .unwrap_or(0);
                return Some(Cond::On(id));
            }
            _ => return None,
        };
        check_shape(c, 0, 1, &[], d);
        Some(make(self.site_ref(c.args.first(), d)))
    }

    /// Numbers on counters, stacks and dice; `None` if `c` is none of them.
    pub fn num_stack(&mut self, c: &Clause, d: &mut Diags) -> Option<Num> {
        Some(match c.head.as_str() {
            "if" => {
                check_shape(c, 3, 3, &[], d);
                let cond = c.args.first().map_or(Cond::False, |e| self.cond(e, d));
                let a = c.args.get(1).map_or(Num::Int(0), |e| self.num(e, d));
                let b = c.args.get(2).map_or(Num::Int(0), |e| self.num(e, d));
                Num::If(Box::new(cond), Box::new(a), Box::new(b))
            }
            "counter" => {
                check_shape(c, 1, 1, &[], d);
                Num::Counter(
                    c.args
                        .first()
                        .and_then(|e| self.counter_ref(e, d))
                        .unwrap_or(0),
                )
            }
            "pieces" => {
                check_shape(c, 0, 0, &[], d);
                Num::Pieces
            }
            "height" => {
                check_shape(c, 0, 1, &[], d);
                Num::Height(self.site_ref(c.args.first(), d))
            }
            "roll" => {
                check_shape(c, 2, 2, &[], d);
                let n = c
                    .args
                    .first()
                    .and_then(|e| int_in(e, 1, 100, d))
                    .unwrap_or(1);
                let sides = c
                    .args
                    .get(1)
                    .and_then(|e| int_in(e, 1, 255, d))
                    .unwrap_or(6);
                Num::Roll(n as u8, sides as u8)
            }
            _ => return None,
        })
    }

    /// Effects on counters, marks and stacks; `None` if `c` is none.
    pub fn effect_stack(&mut self, c: &Clause, d: &mut Diags) -> Option<Option<Effect>> {
        Some(match c.head.as_str() {
            "set-counter" | "add-counter" => {
                check_shape(c, 2, 2, &[], d);
                let id = c.args.first().and_then(|e| self.counter_ref(e, d));
                let n = c.args.get(1).map_or(Num::Int(0), |e| self.num(e, d));
                id.map(|id| {
                    if c.head == "set-counter" {
                        Effect::SetCounter(id, n)
                    } else {
                        Effect::AddCounter(id, n)
                    }
                })
            }
            "mark" => {
                check_shape(c, 1, 1, &[], d);
                Some(Effect::Mark(self.site_ref(c.args.first(), d)))
            }
            "push-each" => {
                check_shape(c, 3, 3, &["max"], d);
                let set = c.args.first().map(|e| self.set(e, d));
                let count = c.args.get(1).and_then(|e| int_in(e, 1, 255, d));
                let kind = c.args.get(2).and_then(|e| self.kind_ref(e, d));
                let max = named(c, "max").map(|e| self.num(e, d));
                match (set, count, kind) {
                    (Some(set), Some(count), Some(kind)) => Some(Effect::PushEach {
                        set,
                        count: count as u16,
                        kind,
                        max,
                    }),
                    _ => None,
                }
            }
            "battle" => {
                check_shape(c, 0, 0, &["dice"], d);
                let dice = named(c, "dice")
                    .and_then(|e| boolean(e, d))
                    .unwrap_or(false);
                Some(Effect::Battle { dice })
            }
            "for-each-player" => {
                check_shape(c, 1, 1, &[], d);
                Some(Effect::ForEachPlayer(
                    c.args
                        .first()
                        .map(|e| self.effects(e, d))
                        .unwrap_or_default(),
                ))
            }
            "clear-marks" => {
                check_shape(c, 0, 0, &[], d);
                Some(Effect::ClearMarks)
            }
            "flip" => {
                check_shape(c, 1, 1, &[], d);
                c.args
                    .first()
                    .and_then(|e| self.bool_toggle(e, d))
                    .map(Effect::Flip)
            }
            "set-kind" => {
                check_shape(c, 2, 2, &[], d);
                let r = self.site_ref(c.args.first(), d);
                c.args
                    .get(1)
                    .and_then(|e| self.kind_ref(e, d))
                    .map(|k| Effect::SetKind(r, k))
            }
            _ => return None,
        })
    }
}
