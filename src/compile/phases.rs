//! Lowering of turn structure and stack economy: phases, counters, and a
//! step's piece count and cost.

use super::args::{Diags, boolean, check, choice, clause, int_in, named, string};
use super::ir::{Count, Counter, CounterId, Num, Phase};
use super::lower::Lowerer;
use crate::syntax::Clause;

impl Lowerer {
    /// `(counter "mp" [init:N])`.
    pub fn counter(&mut self, c: &Clause, d: &mut Diags) {
        check(c, "game", d);
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
        check(c, "game", d);
        for e in &c.args {
            let Some(p) = clause(e, "a `(phase …)` clause", d) else {
                continue;
            };
            if p.head != "phase" {
                self.unknown_head(p, "phases", d);
                continue;
            }
            check(p, "phases", d);
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

    /// `count:`, `keep:`, `cost:` and `budget:` of a step.
    pub fn stack_args(
        &mut self,
        c: &Clause,
        d: &mut Diags,
    ) -> (Count, Option<Num>, Option<(Num, CounterId)>) {
        let count = match named(c, "count").map(|e| choice(e, &["Whole", "One", "Any"], d)) {
            Some(Some("One")) => Count::One,
            Some(Some("Any")) => Count::Any,
            _ => Count::Whole,
        };
        let keep = named(c, "keep").map(|e| self.num(e, d));
        let cost = match (named(c, "cost"), named(c, "budget")) {
            (Some(n), Some(b)) => {
                let n = self.num(n, d);
                self.counter_ref(b, d).map(|id| (n, id))
            }
            (None, None) => None,
            (Some(x), None) | (None, Some(x)) => {
                d.push(
                    crate::diag::Diagnostic::error(
                        x.span(),
                        "`cost:` and `budget:` go together",
                        "add the other one",
                    )
                    .with_help(
                        "`cost:` says what a step costs, `budget:` which counter pays: give both",
                    ),
                );
                None
            }
        };
        (count, keep, cost)
    }
}
