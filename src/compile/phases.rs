//! Lowering of turn structure and stack economy: phases, counters, and a
//! step's piece count and cost.

use super::args::{Diags, boolean, check, clause, int_in, named, string};
use super::ir::{Counter, Phase};
use super::lower::Lowerer;
use super::vocab::{self, Lower};
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
        if !d.declare_once(
            self.counters.iter().any(|x| x.name == name),
            c.span,
            "counter",
            name,
        ) {
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
        if let Some(m) = self.maximize_arg(c, d) {
            self.maximize = Some(m);
        }
        for e in &c.args {
            let Some(p) = clause(e, "a `(phase …)` clause", d) else {
                continue;
            };
            match vocab::lowering("phases", &p.head) {
                Some(Lower::Phase(lower)) => lower(self, p, d),
                _ => self.unknown_head(p, "phases", d),
            }
        }
    }
}

/// `(phase "Name" [MOVES] [auto:EFFECTS] [repeat:BOOL])`, by its row of the
/// vocabulary table: added to the lowerer's phases (not a second time).
pub(super) fn phase(l: &mut Lowerer, p: &Clause, d: &mut Diags) {
    check(p, "phases", d);
    let name = p
        .args
        .first()
        .and_then(|e| string(e, d))
        .unwrap_or("?")
        .to_string();
    if !d.declare_once(
        l.phases.iter().any(|x| x.name == name),
        p.span,
        "phase",
        &name,
    ) {
        return;
    }
    let auto = named(p, "auto")
        .map(|e| l.effects(e, d))
        .unwrap_or_default();
    let play = p
        .args
        .get(1)
        .map(|e| l.play_levels(e, d))
        .unwrap_or_default();
    let repeat = named(p, "repeat")
        .and_then(|e| boolean(e, d))
        .unwrap_or(false);
    l.phases.push(Phase {
        name,
        auto,
        play,
        repeat,
    });
}
