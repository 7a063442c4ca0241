//! Lowering of moves: the play priority list and its move generators.

use super::args::{Diags, check, choice, clause, items, named};
use super::ir::{Cond, Gen, GenId, Maximize, SiteRef};
use super::lower::Lowerer;
use crate::syntax::{Clause, Expr};

impl Lowerer {
    /// The `(play …)` clause: priority levels of generators.
    pub fn play(&mut self, c: &Clause, d: &mut Diags) {
        check(c, "game", d);
        self.maximize = self.maximize_arg(c, d);
        let Some(body) = c.args.first() else { return };
        let levels = self.play_levels(body, d);
        self.play.extend(levels);
    }

    /// The `maximize:` argument of `(play …)` or `(phases …)`.
    pub fn maximize_arg(&mut self, c: &Clause, d: &mut Diags) -> Option<Maximize> {
        let words = ["Captures", "Steps", "Dice"];
        named(c, "maximize").and_then(|e| match choice(e, &words, d)? {
            "Captures" => Some(Maximize::Captures),
            "Dice" => Some(Maximize::Dice),
            _ => Some(Maximize::Steps),
        })
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

    /// One move clause: its kind's own arguments (see `moves.rs`) and the
    /// arguments every kind shares.
    fn generator(&mut self, c: &Clause, d: &mut Diags) -> Option<GenId> {
        if c.head == "priority" || !self.known(c, "move", d) {
            if c.head == "priority" {
                d.error(
                    c.head_span,
                    "`priority` inside a priority level",
                    "`priority` lists levels of moves; it stands alone in `play` or a block",
                );
            }
            return None;
        }
        let outer = std::mem::take(&mut self.reads_last);
        let mut cond_or = |name: &str, default: Cond, me: &mut Self| {
            named(c, name).map_or(default, |e| me.cond(e, d))
        };
        let from = cond_or("from", Cond::True, self);
        // A selection may choose any site by default; moves and placements
        // go to empty ones.
        let to_default = if c.head == "select" {
            Cond::True
        } else {
            Cond::Empty(SiteRef::Subject)
        };
        let to = cond_or("to", to_default, self);
        let kind = self.gen_kind(c, d);
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
        let check = named(c, "check").map(|e| self.cond(e, d));
        let tag = named(c, "tag").and_then(|e| tag(e, d));
        self.gens.push(Gen {
            kind,
            from,
            to,
            then,
            finally,
            check,
            after,
            tag,
        });
        let id = (self.gens.len() - 1) as GenId;
        if std::mem::replace(&mut self.reads_last, outer) {
            self.last_readers.push(id);
        }
        self.note_attack_reads(c, id);
        Some(id)
    }
}

/// `tag:"W"`: one or more ASCII letters or digits (what notation can
/// write after a `~` and read back).
fn tag(e: &crate::syntax::Expr, d: &mut Diags) -> Option<String> {
    let s = super::args::string(e, d)?;
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_alphanumeric()) {
        d.error(
            e.span(),
            format!("tag `{s}` cannot be written in notation"),
            "expected letters or digits, such as \"W\"",
        );
        return None;
    }
    Some(s.to_string())
}
