//! A capturing move whose own conditions ask `attacked` is refused.
//! Asking whether a site is attacked runs the other players' capturing
//! moves backwards and tests their `from:` (and a slide's `through:`, a
//! hop's `over:` and `to:`) where their stacks stand (`engine::attack`):
//! when one of those conditions asks `attacked` (or `in-check`) itself,
//! directly, through a role or inside a set or a number, the question asks
//! itself again for the other side, for ever. `check` reports it at the
//! condition, rather than the engine overflowing its stack at play.

use super::args::{Diags, named};
use super::ir::{Cond, Gen, GenId, GenKind, Origin, Role};
use super::lower::Lowerer;
use super::walk::any_cond;
use crate::diag::Diagnostic;
use crate::syntax::{Clause, Expr, Span};

/// An argument of a move clause that `attacked` may evaluate, noted when
/// the clause is lowered and checked once every role is known.
#[derive(Debug, Clone)]
pub struct AttackRead {
    /// The generator the clause became.
    gen_id: GenId,
    /// The argument's name (`from`, `through`, `over`, `to`).
    arg: &'static str,
    /// Where the argument's value is written.
    span: Span,
    /// Where an `attacked` or `in-check` clause is written inside it, if
    /// one is (rather than reached through a role).
    asks: Option<Span>,
}

/// True if `attacked` tries generator `g`: a step, slide, leap or hop that
/// captures and moves the mover's own stacks (the copies a promotion
/// choice makes are left out: they move as their original does).
pub fn attacks_with(g: &Gen) -> bool {
    matches!(
        g.kind,
        GenKind::Step(_) | GenKind::Slide(_) | GenKind::Leap(_) | GenKind::Hop(_)
    ) && g
        .kind
        .shift()
        .is_some_and(|s| s.capture && s.promote_to.is_none() && s.origin == Origin::Mine)
}

/// The condition of `g` named `arg` if `attacked` evaluates it when it
/// tries `g`: `from:` always, a slide's `through:`, a hop's `over:` and
/// `to:` (a step's, slide's or leap's `to:` is not asked).
fn read_by_attacked<'g>(g: &'g Gen, arg: &str) -> Option<&'g Cond> {
    match (arg, &g.kind) {
        ("from", _) => Some(&g.from),
        ("through", GenKind::Slide(s)) => Some(&s.through),
        ("over", GenKind::Hop(h)) => Some(&h.over),
        ("to", GenKind::Hop(_)) => Some(&g.to),
        _ => None,
    }
}

/// True if `c` asks `attacked` or `in-check`, inside it or through the
/// roles it names (`seen`: the roles entered already, one flag a role).
fn asks_attacks(c: &Cond, roles: &[Role], seen: &mut Vec<bool>) -> bool {
    any_cond(c, &mut |x: &Cond| match x {
        Cond::Attacked(_) | Cond::InCheck(_) => true,
        Cond::Role(_, id) => {
            let id = *id as usize;
            if id >= roles.len() || seen[id] {
                return false;
            }
            seen[id] = true;
            asks_attacks(&roles[id].cond, roles, seen)
        }
        _ => false,
    })
}

/// Where an `attacked` or `in-check` clause is written in `e`, if anywhere.
fn written_ask(e: &Expr) -> Option<Span> {
    let Expr::Clause(c) = e else {
        let Expr::Array(items, _) = e else {
            return None;
        };
        return items.iter().find_map(written_ask);
    };
    if !c.head_is_str && matches!(c.head.as_str(), "attacked" | "in-check") {
        return Some(c.span);
    }
    c.args
        .iter()
        .chain(c.named.iter().map(|n| &n.value))
        .find_map(written_ask)
}

impl Lowerer {
    /// Notes the arguments of move clause `c`, lowered as generator `id`,
    /// that `attacked` may evaluate (checked by
    /// [`Lowerer::check_attack_reads`] once the roles are known).
    pub fn note_attack_reads(&mut self, c: &Clause, id: GenId) {
        for arg in ["from", "through", "over", "to"] {
            if let Some(e) = named(c, arg) {
                self.attack_reads.push(AttackRead {
                    gen_id: id,
                    arg,
                    span: e.span(),
                    asks: written_ask(e),
                });
            }
        }
    }

    /// Reports each capturing move whose conditions read by `attacked` ask
    /// `attacked` or `in-check` (see the module's documentation).
    pub fn check_attack_reads(&self, d: &mut Diags) {
        for r in &self.attack_reads {
            let Some(g) = self.gens.get(r.gen_id as usize).filter(|g| attacks_with(g)) else {
                continue;
            };
            let Some(cond) = read_by_attacked(g, r.arg) else {
                continue;
            };
            let mut seen = vec![false; self.roles.len()];
            if !asks_attacks(cond, &self.roles, &mut seen) {
                continue;
            }
            let arg = r.arg;
            d.push(
                Diagnostic::error(
                    r.asks.unwrap_or(r.span),
                    format!("the `{arg}:` of a capturing move asks whether a site is attacked"),
                    format!(
                        "`attacked` tests this `{arg}:` for the other side, which asks `attacked` again: it would never end"
                    ),
                )
                .with_help(
                    "test the attack in `after:` or `check:` (which `attacked` does not read), or on a move that does not capture",
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::{LoadError, Options, compile};

    /// A 3×3 game with one stone each, `play` and `more` (extra clauses)
    /// as given.
    fn game(play: &str, more: &str) -> String {
        format!(
            r#"(game "T" (players 2) (board (square 3 3 adjacency:All)) (piece "A")
                 (setup (fill "A" P1 (sites "a1")) (fill "A" P2 (sites "c3"))) {more}
                 (play {play}) (end (no-moves Loss)))"#
        )
    }

    /// The messages of `text`'s errors, each with the text under its span.
    fn refusals(text: &str) -> Vec<(String, String)> {
        match compile("t.game", text, &Options::default()) {
            Err(LoadError::Rules(d)) => d
                .items
                .iter()
                .map(|x| {
                    let under = &text[x.span.start as usize..x.span.end as usize];
                    (x.message.clone(), under.to_string())
                })
                .collect(),
            Err(e) => panic!("expected rule errors, got {e}"),
            Ok(_) => Vec::new(),
        }
    }

    #[test]
    fn attacked_in_what_attacked_reads_of_a_capturing_move_is_refused_where_written() {
        let from = game("(step from:(not (attacked)) to:Enemy capture:true)", "");
        assert_eq!(
            refusals(&from),
            [(
                "the `from:` of a capturing move asks whether a site is attacked".to_string(),
                "(attacked)".to_string()
            )]
        );
        // A hop's `over:` and `to:`, a slide's `through:`, deep in a set.
        let over = game("(hop over:(and Enemy (not (attacked))))", "");
        assert_eq!(refusals(&over)[0].1, "(attacked)");
        let to = game(
            "(hop to:(and Empty (not (any (neighbours (attacked))))))",
            "",
        );
        assert_eq!(refusals(&to)[0].1, "(attacked)");
        let through = game(
            r#"(slide through:(not (in-check "A")) to:Enemy capture:true)"#,
            "",
        );
        assert_eq!(refusals(&through)[0].1, "(in-check \"A\")");
    }

    #[test]
    fn a_role_that_asks_attacked_is_followed_and_reported_at_the_argument() {
        // The role is lowered after the play clause that names it.
        let text = game(
            r#"(step from:(role "Safe") to:Enemy capture:true)"#,
            r#"(role "Safe" (or (attacked) (role "Other"))) (role "Other" (role "Safe"))"#,
        );
        let r = refusals(&text);
        assert!(
            r.iter().any(|(_, under)| under == r#"(role "Safe")"#),
            "{r:?}"
        );
    }

    #[test]
    fn attacked_where_attacked_does_not_read_it_is_accepted() {
        // A step's `to:`, `after:` and `check:`, a move that captures
        // nothing: `attacked` tries none of them.
        for play in [
            "(step to:(and Enemy (not (attacked))) capture:true)",
            "(step to:Enemy capture:true after:(not (attacked Last)))",
            "{(step to:Enemy capture:true) (step from:(not (attacked)) to:Empty)}",
            "(hop from:(not (attacked)) capture:false)",
        ] {
            assert_eq!(refusals(&game(play, "")), [], "{play}");
        }
    }
}
