//! End rules: when the game ends and who wins (no legal move, passes,
//! repetition, no progress, a turn limit, a score, a losing condition)
//! and what a win is worth (`stakes.rs`).
//! Which rules exist and their arguments come from the vocabulary table
//! (context `end`); they are applied in `engine/state.rs` and
//! `engine/apply.rs`.

use super::args::{Diags, boolean, check, choice, clause, int_in, items, named};
use super::ir::{NoMoves, TurnFact};
use super::lower::Lowerer;
use super::vocab::{self, Lower};
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
        match vocab::lowering("end", &c.head) {
            Some(Lower::End(lower)) => lower(self, c, enabled, d),
            _ => self.unlowered(c, "end", d),
        }
    }

    /// `reset:` of `draw-no-progress`: `Capture` and `(moved COND)`.
    fn facts(&mut self, e: &Expr, d: &mut Diags) -> Vec<TurnFact> {
        let mut out = Vec::new();
        for f in items(e) {
            match f {
                Expr::Word(w, _) if w == "Capture" => out.push(TurnFact::Capture),
                Expr::Clause(c) => match vocab::lowering("fact", &c.head) {
                    Some(Lower::Fact(lower)) => out.extend(lower(self, c, d)),
                    _ => d.expected(f, "`Capture` or `(moved COND)`"),
                },
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

// The lowering of each end rule, named by its row of the vocabulary table
// (`vocab.rs`); `enabled` is its `when:` (true when not written).

/// `(no-moves Loss|Win|Draw|Score|Pass [if:COND])`.
pub(super) fn no_moves(l: &mut Lowerer, c: &Clause, _enabled: bool, d: &mut Diags) {
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
            let cond = l.cond(e, d);
            l.end.no_moves_if.push((cond, what));
        }
        None => l.end.no_moves = Some(what),
    }
}

/// `(draw-repetition N [by-score:BOOL])`: a position occurs once when
/// reached, so a draw needs two occurrences at least (turn it off with
/// `when:`); `by-score:true` decides the game by the score there.
pub(super) fn draw_repetition(l: &mut Lowerer, c: &Clause, enabled: bool, d: &mut Diags) {
    let n = c.args.first().and_then(|e| int_in(e, 2, 1000, d));
    l.end.repetition = n.filter(|_| enabled).map(|n| n as u32);
    let by_score = named(c, "by-score").and_then(|e| boolean(e, d));
    l.end.repetition_by_score = l.end.repetition.is_some() && by_score.unwrap_or(false);
}

/// `(draw-no-progress N [reset:FACTS])`.
pub(super) fn draw_no_progress(l: &mut Lowerer, c: &Clause, enabled: bool, d: &mut Diags) {
    let n = c.args.first().and_then(|e| int_in(e, 0, 100_000, d));
    let facts = named(c, "reset").map(|e| l.facts(e, d)).unwrap_or_default();
    l.end.no_progress = n.filter(|&n| enabled && n > 0).map(|n| (n as u32, facts));
}

/// `(turn-limit N [per-site:BOOL])`: a limit past `u32::MAX` turns
/// saturates (no limit).
pub(super) fn turn_limit(l: &mut Lowerer, c: &Clause, enabled: bool, d: &mut Diags) {
    let n = c.args.first().and_then(|e| int_in(e, 1, 10_000_000, d));
    let per_site = named(c, "per-site")
        .and_then(|e| boolean(e, d))
        .unwrap_or(false);
    let sites = l.board.as_ref().map_or(1, |b| b.len() as i64);
    let n = n.map(|n| if per_site { n * sites } else { n });
    l.end.turn_limit = n.filter(|_| enabled).map(|n| n.min(u32::MAX as i64) as u32);
}

/// `(passes N)`.
pub(super) fn passes(l: &mut Lowerer, c: &Clause, enabled: bool, d: &mut Diags) {
    let n = c.args.first().and_then(|e| int_in(e, 1, 100, d));
    l.end.passes = n.filter(|_| enabled).map(|n| n as u32);
}

/// `(score NUM [tie-break:{NUM…}])`: a decimal number anywhere in it puts
/// the whole rule in tenths.
pub(super) fn score(l: &mut Lowerer, c: &Clause, _enabled: bool, d: &mut Diags) {
    l.in_tenths = has_decimal(&Expr::Clause(c.clone()));
    l.end.score_tenths = l.in_tenths;
    l.end.score = c.args.first().map(|e| l.num(e, d));
    l.end.tie_breaks = named(c, "tie-break")
        .map(|e| items(e).iter().map(|x| l.num(x, d)).collect())
        .unwrap_or_default();
    l.in_tenths = false;
}

/// `(play-on)`.
pub(super) fn play_on(l: &mut Lowerer, _: &Clause, enabled: bool, _: &mut Diags) {
    l.end.play_on = enabled;
}

/// `(stakes NUM …)`: its own `when:` read by [`Lowerer::stakes`].
pub(super) fn stakes(l: &mut Lowerer, c: &Clause, _enabled: bool, d: &mut Diags) {
    l.stakes(c, d);
}

/// `(lose-when COND)`.
pub(super) fn lose_when(l: &mut Lowerer, c: &Clause, enabled: bool, d: &mut Diags) {
    if let Some(e) = c.args.first() {
        let cond = l.cond(e, d);
        if enabled {
            l.end.lose_when.push(cond);
        }
    }
}

/// `(moved COND)`, by its row of the vocabulary table: the moving stack
/// satisfied the condition at its origin (`None` without one).
pub(super) fn moved(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<TurnFact> {
    check(c, "fact", d);
    c.args.first().map(|a| TurnFact::Moved(l.cond(a, d)))
}
