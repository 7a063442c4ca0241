//! End rules: when the game ends and who wins (no legal move, passes,
//! repetition, no progress, a turn limit, a score, a losing condition)
//! and what a win is worth (`stakes.rs`).
//! Which rules exist and their arguments come from the vocabulary table
//! (context `end`); they are applied in `engine/state.rs` and
//! `engine/apply.rs`.

use super::args::{Diags, boolean, check, choice, clause, int_in, items, named};
use super::ir::{NoMoves, TurnFact};
use super::lower::Lowerer;
use crate::syntax::{Clause, Expr};

impl Lowerer {
    /// The `(end …)` clause.
    pub fn end(&mut self, c: &Clause, d: &mut Diags) {
        check(c, "game", d);
        for e in &c.args {
            let Some(r) = clause(e, "an end rule", d) else {
                continue;
            };
            self.end_rule(r, d);
        }
    }

    /// One end rule, checked against its row of the vocabulary.
    fn end_rule(&mut self, c: &Clause, d: &mut Diags) {
        if !self.known(c, "end", d) {
            return;
        }
        let enabled = named(c, "when").and_then(|e| boolean(e, d)).unwrap_or(true);
        match c.head.as_str() {
            "no-moves" => {
                let what = c
                    .args
                    .first()
                    .and_then(|e| choice(e, &["Loss", "Win", "Draw", "Score", "Pass"], d));
                let what = match what {
                    Some("Loss") => NoMoves::Loss,
                    Some("Pass") => NoMoves::Pass,
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
                // A position occurs once when reached: a draw needs two
                // occurrences at least (turn it off with `when:`).
                let n = c.args.first().and_then(|e| int_in(e, 2, 1000, d));
                self.end.repetition = n.filter(|_| enabled).map(|n| n as u32);
            }
            "draw-no-progress" => {
                let n = c.args.first().and_then(|e| int_in(e, 0, 100_000, d));
                let facts = named(c, "reset")
                    .map(|e| self.facts(e, d))
                    .unwrap_or_default();
                self.end.no_progress = n.filter(|&n| enabled && n > 0).map(|n| (n as u32, facts));
            }
            "turn-limit" => {
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
                let n = c.args.first().and_then(|e| int_in(e, 1, 100, d));
                self.end.passes = n.filter(|_| enabled).map(|n| n as u32);
            }
            "score" => {
                // A decimal number anywhere in it: the whole rule in tenths.
                self.in_tenths = has_decimal(&Expr::Clause(c.clone()));
                self.end.score_tenths = self.in_tenths;
                self.end.score = c.args.first().map(|e| self.num(e, d));
                self.end.tie_breaks = named(c, "tie-break")
                    .map(|e| items(e).iter().map(|x| self.num(x, d)).collect())
                    .unwrap_or_default();
                self.in_tenths = false;
            }
            "play-on" => self.end.play_on = enabled,
            "stakes" => self.stakes(c, d),
            "lose-when" => {
                if let Some(e) = c.args.first() {
                    let cond = self.cond(e, d);
                    if enabled {
                        self.end.lose_when.push(cond);
                    }
                }
            }
            _ => self.unlowered(c, "end", d),
        }
    }

    fn facts(&mut self, e: &Expr, d: &mut Diags) -> Vec<TurnFact> {
        let mut out = Vec::new();
        for f in items(e) {
            match f {
                Expr::Word(w, _) if w == "Capture" => out.push(TurnFact::Capture),
                Expr::Clause(c) if c.head == "moved" => {
                    check(c, "fact", d);
                    if let Some(a) = c.args.first() {
                        out.push(TurnFact::Moved(self.cond(a, d)));
                    }
                }
                _ => d.expected(f, "`Capture` or `(moved COND)`"),
            }
        }
        out
    }
}

/// True when a decimal number (`7.5`) is written anywhere in `e`.
fn has_decimal(e: &Expr) -> bool {
    match e {
        Expr::Decimal(..) => true,
        Expr::Clause(c) => {
            c.args.iter().any(has_decimal) || c.named.iter().any(|n| has_decimal(&n.value))
        }
        Expr::Array(v, _) => v.iter().any(has_decimal),
        _ => false,
    }
}
