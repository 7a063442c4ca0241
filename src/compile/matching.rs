//! `(match VALUE (case V EXPR)…)`: a clause chosen by a toggle's value
//! once toggles are read (a board by its name, a heuristic term by the
//! movement rule). An arm may be empty, `(case V)`: where it is chosen the
//! `match` stands for nothing, and is dropped from the arguments it stands
//! among (a term that counts only under one movement rule, Genocide's
//! king's movement).

use super::args::{Diags, check, reported};
use super::ir::ToggleType;
use super::toggles::{literal_text, same_literal};
use crate::diag::Diagnostic;
use crate::syntax::{Clause, Expr};

/// What a `match` chose.
enum Chosen {
    /// The arm's expression.
    Arm(Expr),
    /// An empty arm, `(case V)`.
    Nothing,
    /// No arm applies, or the key is not a literal: reported.
    Failed,
}

/// Resolves every `match` inside `e`, which must stand for an expression:
/// a `match` chosen at `e` itself that picks an empty arm is an error at
/// its key (nothing stands where an expression is needed).
fn select(e: &mut Expr, d: &mut Diags) {
    if !select_kept(e, d) {
        let span = e.span();
        d.push(
            Diagnostic::error(
                span,
                "this `match` chose an empty case",
                "an expression is needed here",
            )
            .with_help("an empty `(case V)` may stand only among a clause's arguments"),
        );
        *e = reported(span);
    }
}

/// Resolves every `match` inside `e`, one of a list (a clause's arguments,
/// the file's clauses). Returns false where `e` is a `match` that chose an
/// empty arm: the caller drops it from the list.
pub fn select_kept(e: &mut Expr, d: &mut Diags) -> bool {
    while let Expr::Clause(c) = e
        && c.head == "match"
    {
        let span = c.span;
        match choose(c, d) {
            Chosen::Arm(x) => *e = x,
            Chosen::Nothing => return false,
            // Later stages say nothing more about it.
            Chosen::Failed => {
                *e = reported(span);
                return true;
            }
        }
    }
    match e {
        Expr::Clause(c) => {
            select_list(&mut c.args, d);
            c.named.iter_mut().for_each(|n| select(&mut n.value, d));
        }
        Expr::Array(v, _) => select_list(v, d),
        _ => {}
    }
    true
}

/// Resolves the `match`es of a list, dropping those that chose nothing.
fn select_list(list: &mut Vec<Expr>, d: &mut Diags) {
    list.retain_mut(|a| select_kept(a, d));
}

/// The arm of `c` (a `match`) whose value equals its key; errors at the
/// key when it is a toggle that changes during play or no arm matches.
fn choose(c: &Clause, d: &mut Diags) -> Chosen {
    check(c, "game", d);
    let Some(key) = c.args.first() else {
        return Chosen::Failed;
    };
    if super::args::already_reported(key) {
        return Chosen::Failed;
    }
    if let Expr::Toggle(name, span) = key {
        d.push(
            Diagnostic::error(
                *span,
                format!("`${name}` changes during play: a `flip` names it"),
                "`match` chooses once, when the file is read",
            )
            .with_help(format!("read it in a condition instead: `(if ${name} …)`")),
        );
        return Chosen::Failed;
    }
    let mut cases = Vec::new();
    for arm in &c.args[1..] {
        match arm {
            Expr::Clause(a) if a.head == "case" && matches!(a.args.len(), 1 | 2) => {
                if same_literal(&a.args[0], key) {
                    return a.args.get(1).cloned().map_or(Chosen::Nothing, Chosen::Arm);
                }
                cases.push(literal_text(&a.args[0]));
            }
            other => d.expected(other, "`(case VALUE EXPR)` or `(case VALUE)`"),
        }
    }
    d.push(
        Diagnostic::error(
            key.span(),
            format!("no case of this `match` is `{}`", literal_text(key)),
            format!("expected one of: {}", cases.join(", ")),
        )
        .with_help("add a `(case VALUE …)` for it"),
    );
    Chosen::Failed
}

/// Checks the arms of a `match` on a toggle of type `ty` (`$name`), all
/// of them, chosen or not: each is `(case VALUE …)` with a value the
/// toggle can take, and no value has two arms. Errors at the arm.
pub(super) fn check_case_values(arms: &[Expr], name: &str, ty: &ToggleType, d: &mut Diags) {
    let mut seen: Vec<&Expr> = Vec::new();
    for arm in arms {
        let Expr::Clause(a) = arm else { continue };
        if a.head != "case" {
            continue;
        }
        let Some(v) = a.args.first() else {
            d.push(Diagnostic::error(
                a.span,
                "this case has no value",
                format!("expected `(case VALUE …)`, VALUE one of `${name}`'s ({ty})"),
            ));
            continue;
        };
        if let Some(first) = seen.iter().find(|f| same_literal(f, v)) {
            d.push(
                Diagnostic::error(
                    v.span(),
                    format!("a second case for `{}`", literal_text(v)),
                    "each value has one case: the first would always be chosen",
                )
                .with_related(first.span(), "the first case for it"),
            );
        } else if !takes(ty, v) {
            d.push(Diagnostic::error(
                v.span(),
                format!("`${name}` is never `{}`", literal_text(v)),
                format!("expected a value of `${name}` ({ty})"),
            ));
        }
        seen.push(v);
    }
}

/// Whether a toggle of type `ty` can have the value `v` (a literal).
fn takes(ty: &ToggleType, v: &Expr) -> bool {
    match (ty, v) {
        (ToggleType::Bool, Expr::Bool(..)) => true,
        (ToggleType::Int { min, max }, Expr::Int(i, _)) => (min..=max).contains(&i),
        (ToggleType::Choice(cs), Expr::Word(w, _)) => cs.contains(w),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse_file;

    /// The file's first clause after its `match`es are resolved, and the
    /// errors found.
    fn resolved(text: &str) -> (Expr, Diags) {
        let mut e = parse_file(text).expect("parses").items.remove(0);
        let mut d = Diags::default();
        select(&mut e, &mut d);
        (e, d)
    }

    fn arity(e: &Expr) -> usize {
        match e {
            Expr::Clause(c) => c.args.len(),
            _ => panic!("not a clause"),
        }
    }

    #[test]
    fn a_chosen_arm_takes_the_place_of_its_match() {
        let (e, d) = resolved("(terms (match b (case a (x 1)) (case b (y 2))) (z 3))");
        assert!(d.items.is_empty());
        let Expr::Clause(c) = &e else { panic!() };
        assert_eq!(c.args.len(), 2);
        assert!(matches!(&c.args[0], Expr::Clause(y) if y.head == "y"));
    }

    #[test]
    fn an_empty_arm_drops_its_match_from_the_arguments() {
        let (e, d) = resolved("(terms (match b (case a (x 1)) (case b)) (z 3))");
        assert!(d.items.is_empty());
        assert_eq!(arity(&e), 1);
        let (e, _) = resolved("(terms (match a (case a (x 1)) (case b)) (z 3))");
        assert_eq!(arity(&e), 2);
    }

    #[test]
    fn an_empty_arm_where_a_value_is_needed_is_an_error() {
        let (_, d) = resolved("(piece \"Man\" size:(match b (case a 2) (case b)))");
        assert_eq!(d.items.len(), 1);
        assert!(d.items[0].message.contains("empty case"));
    }

    #[test]
    fn a_match_with_no_arm_for_its_key_names_the_arms() {
        let (_, d) = resolved("(terms (match c (case a (x 1)) (case b)))");
        assert_eq!(d.items.len(), 1);
        assert!(d.items[0].label.contains("a, b"), "{:?}", d.items[0]);
    }

    /// The errors `check_case_values` finds in the arms of `text`, a
    /// `match` on a choice toggle of orthogonal or king.
    fn case_errors(text: &str) -> Vec<String> {
        let Expr::Clause(c) = parse_file(text).expect("parses").items.remove(0) else {
            panic!("not a clause")
        };
        let ty = ToggleType::Choice(vec!["orthogonal".into(), "king".into()]);
        let mut d = Diags::default();
        check_case_values(&c.args[1..], "movement", &ty, &mut d);
        d.items.into_iter().map(|i| i.message).collect()
    }

    #[test]
    fn every_arm_is_checked_chosen_or_not() {
        assert!(case_errors("(match $movement (case king (x 1)) (case orthogonal))").is_empty());
        assert_eq!(
            case_errors("(match $movement (case king) (case diagonal (x 1)) (case 3))"),
            [
                "`$movement` is never `diagonal`",
                "`$movement` is never `3`"
            ]
        );
        assert_eq!(
            case_errors("(match $movement (case king) (case orthogonal) (case king (x 2)))"),
            ["a second case for `king`"]
        );
        assert_eq!(
            case_errors("(match $movement (case king) (case orthogonal) (case))"),
            ["this case has no value"]
        );
    }

    #[test]
    fn an_int_toggle_takes_the_values_of_its_range() {
        let ty = ToggleType::Int { min: 1, max: 10 };
        let Expr::Clause(c) = parse_file("(match $n (case 1) (case 10) (case 11) (case b))")
            .expect("parses")
            .items
            .remove(0)
        else {
            panic!("not a clause")
        };
        let mut d = Diags::default();
        check_case_values(&c.args[1..], "n", &ty, &mut d);
        let errors: Vec<&str> = d.items.iter().map(|i| i.message.as_str()).collect();
        assert_eq!(errors, ["`$n` is never `11`", "`$n` is never `b`"]);
    }
}
