//! Lowering of the rules: conditions, effects, move generators, the play
//! priority list and the end rules.

use super::args::{Diags, boolean, check_shape, choice, clause, int_in, items, named, string};
use super::ir::{Cmp, Cond, Effect, Gen, GenId, Maximize, NoMoves, Owner, SiteRef, TurnFact};
use super::lower::Lowerer;
use super::vocab;
use crate::diag::{Diagnostic, did_you_mean};
use crate::syntax::{Clause, Expr};

impl Lowerer {
    /// A condition (`from:`, `over:`, `to:`, `if`).
    pub fn cond(&mut self, e: &Expr, d: &mut Diags) -> Cond {
        match e {
            Expr::Bool(true, _) => Cond::True,
            Expr::Bool(false, _) => Cond::False,
            Expr::Word(w, _) => match w.as_str() {
                "Empty" => Cond::Empty(SiteRef::Subject),
                "Mine" => Cond::Mine(SiteRef::Subject),
                "Enemy" => Cond::Enemy(SiteRef::Subject),
                "Friend" => Cond::Friend(SiteRef::Subject),
                _ => {
                    self.unknown_word(e, w, vocab::CONDITION_WORDS, "a condition", d);
                    Cond::False
                }
            },
            Expr::Clause(c) => self.cond_clause(c, d),
            _ => {
                d.expected(e, "a condition");
                Cond::False
            }
        }
    }

    fn cond_clause(&mut self, c: &Clause, d: &mut Diags) -> Cond {
        match c.head.as_str() {
            "and" | "or" => {
                check_shape(c, 1, usize::MAX, &[], d);
                let cs = c.args.iter().map(|a| self.cond(a, d)).collect();
                if c.head == "and" {
                    Cond::And(cs)
                } else {
                    Cond::Or(cs)
                }
            }
            "not" => {
                check_shape(c, 1, 1, &[], d);
                c.args
                    .first()
                    .map_or(Cond::False, |a| Cond::Not(Box::new(self.cond(a, d))))
            }
            "empty" | "mine" | "enemy" => {
                check_shape(c, 0, 1, &[], d);
                let r = self.site_ref(c.args.first(), d);
                match c.head.as_str() {
                    "empty" => Cond::Empty(r),
                    "mine" => Cond::Mine(r),
                    _ => Cond::Enemy(r),
                }
            }
            "height" => self.height(c, d),
            "farther" => self.farther(c, d),
            "flanks" => Cond::Flanks(Box::new(self.flank(c, d))),
            "kind" => {
                check_shape(c, 1, 2, &[], d);
                let (r, rest) = self.split_site(c, d);
                let k = rest.and_then(|e| self.kind_ref(e, d)).unwrap_or(0);
                Cond::Kind(r, k)
            }
            "in" => {
                check_shape(c, 1, 2, &[], d);
                let (r, rest) = self.split_site(c, d);
                let reg = rest.and_then(|e| self.region_ref(e, d)).unwrap_or(0);
                Cond::In(r, reg)
            }
            _ => match self
                .cond_ext(c, d)
                .or_else(|| self.cond_stack(c, d))
                .or_else(|| self.cond_lines(c, d))
                .or_else(|| self.cond_royal(c, d))
            {
                Some(cond) => cond,
                None => {
                    self.unknown_head(c, "condition", d);
                    Cond::False
                }
            },
        }
    }

    /// `(height [SITE] N)` or `(height [SITE] min:A max:B)`.
    fn height(&mut self, c: &Clause, d: &mut Diags) -> Cond {
        check_shape(c, 0, 2, &["min", "max"], d);
        let (r, rest) = self.split_site(c, d);
        let mut parts = Vec::new();
        if let Some(n) = rest.and_then(|e| int_in(e, 0, 255, d)) {
            parts.push(Cond::Height(r, Cmp::Eq, n as i32));
        }
        if let Some(n) = named(c, "min").and_then(|e| int_in(e, 0, 255, d)) {
            parts.push(Cond::Height(r, Cmp::Ge, n as i32));
        }
        if let Some(n) = named(c, "max").and_then(|e| int_in(e, 0, 255, d)) {
            parts.push(Cond::Height(r, Cmp::Le, n as i32));
        }
        match parts.len() {
            0 => {
                d.error(
                    c.span,
                    "`height` needs a number or min:/max:",
                    "expected `(height N)`",
                );
                Cond::False
            }
            1 => parts.remove(0),
            _ => Cond::And(parts),
        }
    }

    /// Splits the optional leading site word from the other argument.
    fn split_site<'a>(&mut self, c: &'a Clause, d: &mut Diags) -> (SiteRef, Option<&'a Expr>) {
        match c.args.as_slice() {
            [site, rest] => (self.site_ref(Some(site), d), Some(rest)),
            [rest] => (SiteRef::Subject, Some(rest)),
            _ => (SiteRef::Subject, None),
        }
    }

    /// A site word (`From`, `To`, `Over`, `Last`, `Subject`), or the
    /// subject when absent.
    pub(super) fn site_ref(&mut self, e: Option<&Expr>, d: &mut Diags) -> SiteRef {
        let Some(e) = e else { return SiteRef::Subject };
        choice(e, vocab::SITE_WORDS, d)
            .and_then(vocab::site_word)
            .unwrap_or(SiteRef::Subject)
    }

    /// Effects: one clause or an array of them.
    pub fn effects(&mut self, e: &Expr, d: &mut Diags) -> Vec<Effect> {
        let mut out = Vec::new();
        for x in items(e) {
            if let Some(c) = clause(x, "an effect clause", d) {
                out.extend(self.effect(c, d));
            }
        }
        out
    }

    fn effect(&mut self, c: &Clause, d: &mut Diags) -> Option<Effect> {
        match c.head.as_str() {
            "if" => {
                check_shape(c, 2, 3, &[], d);
                let cond = self.cond(c.args.first()?, d);
                let then = self.effects(c.args.get(1)?, d);
                let els = c
                    .args
                    .get(2)
                    .map(|e| self.effects(e, d))
                    .unwrap_or_default();
                Some(Effect::If(cond, then, els))
            }
            "push" => self.push(c, d),
            "remove" => {
                check_shape(c, 1, 1, &[], d);
                Some(Effect::Remove(self.site_ref(c.args.first(), d)))
            }
            "end-turn" => {
                check_shape(c, 0, 0, &[], d);
                Some(Effect::EndTurn)
            }
            "grow" => self.grow(c, d),
            "mark-flanked" => Some(Effect::MarkFlanked(Box::new(self.flank(c, d)))),
            "remove-flanked" => Some(Effect::RemoveFlanked(Box::new(self.flank(c, d)))),
            "again" => self.again(c, d),
            _ => match self
                .effect_ext(c, d)
                .or_else(|| self.effect_stack(c, d))
                .or_else(|| self.effect_lines(c, d))
                .or_else(|| self.effect_royal(c, d))
            {
                Some(e) => e,
                None => {
                    self.unknown_head(c, "effect", d);
                    None
                }
            },
        }
    }

    fn push(&mut self, c: &Clause, d: &mut Diags) -> Option<Effect> {
        check_shape(c, 2, 2, &["kind", "owner"], d);
        let at = self.site_ref(c.args.first(), d);
        let count = self.stack_count(c.args.get(1)?, d)? as u16;
        let kind = named(c, "kind").and_then(|e| self.kind_ref(e, d));
        let owner = match named(c, "owner").map(|e| choice(e, &["Mover", "Top"], d)) {
            Some(Some("Mover")) => Owner::Mover,
            _ => Owner::Top,
        };
        Some(Effect::Push {
            at,
            count,
            kind,
            owner,
        })
    }

    /// The `(play …)` clause: priority levels of generators.
    pub fn play(&mut self, c: &Clause, d: &mut Diags) {
        check_shape(c, 1, 1, &["maximize"], d);
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
                check_shape(p, 1, usize::MAX, &[], d);
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
        let Some((n, args)) = super::moves::move_args(&c.head) else {
            self.unknown_head(c, "move", d);
            return None;
        };
        check_shape(c, n, n, args, d);
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
        self.gens.push(Gen {
            kind,
            from,
            to,
            then,
            finally,
            check,
            after,
        });
        Some((self.gens.len() - 1) as GenId)
    }

    /// The `(end …)` clause.
    pub fn end(&mut self, c: &Clause, d: &mut Diags) {
        check_shape(c, 1, usize::MAX, &[], d);
        for e in &c.args {
            let Some(r) = clause(e, "an end rule", d) else {
                continue;
            };
            self.end_rule(r, d);
        }
    }

    fn end_rule(&mut self, c: &Clause, d: &mut Diags) {
        let enabled = named(c, "when").and_then(|e| boolean(e, d)).unwrap_or(true);
        match c.head.as_str() {
            "no-moves" => {
                check_shape(c, 1, 1, &["if"], d);
                let what = c
                    .args
                    .first()
                    .and_then(|e| choice(e, &["Loss", "Win", "Draw", "Score"], d));
                let what = match what {
                    Some("Loss") => NoMoves::Loss,
                    Some("Win") => NoMoves::Win,
                    Some("Score") => NoMoves::Score,
                    _ => NoMoves::Draw,
                };
                match named(c, "if") {
                    Some(e) => {
                        let cond = self.cond(e, d);
                        self.end.no_moves_if.push((cond, what));
                    }
                    None => self.end.no_moves = Some(what),
                }
            }
            "draw-repetition" => {
                check_shape(c, 1, 1, &["when"], d);
                // A position occurs once when reached: a draw needs two
                // occurrences at least (turn it off with `when:`).
                let n = c.args.first().and_then(|e| int_in(e, 2, 1000, d));
                self.end.repetition = n.filter(|_| enabled).map(|n| n as u32);
            }
            "draw-no-progress" => {
                check_shape(c, 1, 1, &["reset", "when"], d);
                let n = c.args.first().and_then(|e| int_in(e, 0, 100_000, d));
                let facts = named(c, "reset")
                    .map(|e| self.facts(e, d))
                    .unwrap_or_default();
                self.end.no_progress = n.filter(|&n| enabled && n > 0).map(|n| (n as u32, facts));
            }
            "turn-limit" => {
                check_shape(c, 1, 1, &["when", "per-site"], d);
                let n = c.args.first().and_then(|e| int_in(e, 1, 10_000_000, d));
                let per_site = named(c, "per-site")
                    .and_then(|e| boolean(e, d))
                    .unwrap_or(false);
                let sites = self.board.as_ref().map_or(1, |b| b.len() as i64);
                let n = n.map(|n| if per_site { n * sites } else { n });
                // Saturates: a limit past u32::MAX turns is no limit.
                self.end.turn_limit = n.filter(|_| enabled).map(|n| n.min(u32::MAX as i64) as u32);
            }
            "passes" => {
                check_shape(c, 1, 1, &["when"], d);
                let n = c.args.first().and_then(|e| int_in(e, 1, 100, d));
                self.end.passes = n.filter(|_| enabled).map(|n| n as u32);
            }
            "score" => {
                check_shape(c, 1, 1, &["tie-break"], d);
                self.end.score = c.args.first().map(|e| self.num(e, d));
                self.end.tie_breaks = named(c, "tie-break")
                    .map(|e| items(e).iter().map(|x| self.num(x, d)).collect())
                    .unwrap_or_default();
            }
            "lose-when" => {
                check_shape(c, 1, 1, &["when"], d);
                if let Some(e) = c.args.first() {
                    let cond = self.cond(e, d);
                    if enabled {
                        self.end.lose_when.push(cond);
                    }
                }
            }
            _ => self.unknown_head(c, "end", d),
        }
    }

    fn facts(&mut self, e: &Expr, d: &mut Diags) -> Vec<TurnFact> {
        let mut out = Vec::new();
        for f in items(e) {
            match f {
                Expr::Word(w, _) if w == "Capture" => out.push(TurnFact::Capture),
                Expr::Clause(c) if c.head == "moved" => {
                    check_shape(c, 1, 1, &[], d);
                    if let Some(a) = c.args.first() {
                        out.push(TurnFact::Moved(self.cond(a, d)));
                    }
                }
                _ => d.expected(f, "`Capture` or `(moved COND)`"),
            }
        }
        out
    }

    /// Reports an unknown clause head with the ludemes of the context.
    pub fn unknown_head(&mut self, c: &Clause, context: &str, d: &mut Diags) {
        if c.head_is_str || d.full() {
            return; // a define call that failed to expand: reported already
        }
        let names: Vec<&str> = vocab::names_in(context).collect();
        let mut diag = Diagnostic::error(
            c.head_span,
            format!("unknown {context} ludeme `{}`", c.head),
            format!("expected one of: {}", names.join(", ")),
        );
        let elsewhere: Vec<&str> = vocab::LUDEMES
            .iter()
            .filter(|l| l.name == c.head)
            .map(|l| l.context)
            .collect();
        let all = vocab::LUDEMES.iter().map(|l| l.name);
        if !elsewhere.is_empty() {
            diag = diag.with_help(format!(
                "`{}` is a {} ludeme: it cannot stand in a {context}",
                c.head,
                elsewhere.join(" or ")
            ));
        } else if let Some(s) =
            did_you_mean(&c.head, names.iter().copied()).or_else(|| did_you_mean(&c.head, all))
        {
            diag = diag.with_help(format!("did you mean `{s}`?"));
        }
        d.push(diag);
    }

    /// Reports an unknown word with the valid ones.
    pub fn unknown_word(&mut self, e: &Expr, w: &str, valid: &[&str], what: &str, d: &mut Diags) {
        let mut diag = Diagnostic::error(
            e.span(),
            format!("`{w}` is not {what}"),
            format!("expected one of: {}", valid.join(", ")),
        );
        if let Some(s) = did_you_mean(w, valid.iter().copied()) {
            diag = diag.with_help(format!("did you mean `{s}`?"));
        }
        d.push(diag);
    }

    /// A piece kind given by name.
    pub fn kind_ref(&mut self, e: &Expr, d: &mut Diags) -> Option<u8> {
        lookup(&self.kinds, e, "piece", d).map(|i| i as u8)
    }

    /// A region given by name.
    pub fn region_ref(&mut self, e: &Expr, d: &mut Diags) -> Option<u16> {
        lookup(&self.region_names, e, "region", d).map(|i| i as u16)
    }
}

/// The index of the name given by string `e` in `names`, or an error with
/// the known names and a close match.
pub fn lookup(names: &[String], e: &Expr, what: &str, d: &mut Diags) -> Option<usize> {
    let name = string(e, d)?;
    if let Some(i) = names.iter().position(|k| k == name) {
        return Some(i);
    }
    let known: Vec<&str> = names.iter().map(String::as_str).collect();
    let label = if known.is_empty() {
        format!("no {what} is declared")
    } else {
        format!("expected one of: {}", known.join(", "))
    };
    let mut diag = Diagnostic::error(e.span(), format!("unknown {what} `{name}`"), label);
    if let Some(s) = did_you_mean(name, known.iter().copied()) {
        diag = diag.with_help(format!("did you mean `{s}`?"));
    }
    d.push(diag);
    None
}
