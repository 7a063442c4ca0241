//! Every condition inside a condition: the parts of an `and`, `or` or
//! `not`, and the conditions of the numbers and site sets it reads
//! (`(any (where …))`, `(count (neighbours … COND))`, a line's `of:`…).
//! A role's condition is not entered: a role is named by its id, and the
//! caller follows it when it needs to.

use super::ir::{Cond, Num, SiteSet};

/// True if `f` holds for `c` or for a condition inside it.
pub(crate) fn any_cond(c: &Cond, f: &mut impl FnMut(&Cond) -> bool) -> bool {
    if f(c) {
        return true;
    }
    match c {
        Cond::And(cs) | Cond::Or(cs) => cs.iter().any(|x| any_cond(x, f)),
        Cond::Not(x) | Cond::Ahead(_, _, x) => any_cond(x, f),
        Cond::Line(l) => any_cond(&l.of, f),
        Cond::AheadBy(a) => any_cond(&a.cond, f) || num_has(&a.steps, f),
        Cond::Compare(a, _, b) => num_has(a, f) || num_has(b, f),
        Cond::Any(s) | Cond::Connected(s) => set_has(s, f),
        Cond::Every(s, x) => set_has(s, f) || any_cond(x, f),
        Cond::Among(_, s) => set_has(s, f),
        _ => false,
    }
}

/// True if `f` holds for a condition a number reads.
fn num_has(n: &Num, f: &mut impl FnMut(&Cond) -> bool) -> bool {
    match n {
        Num::Count(s) | Num::PiecesIn(s) => set_has(s, f),
        Num::Add(v) | Num::PerPlayer(v) => v.iter().any(|x| num_has(x, f)),
        Num::Sub(a, b) => num_has(a, f) || num_has(b, f),
        Num::If(c, a, b) => any_cond(c, f) || num_has(a, f) || num_has(b, f),
        _ => false,
    }
}

/// True if `f` holds for a condition a site set reads.
fn set_has(s: &SiteSet, f: &mut impl FnMut(&Cond) -> bool) -> bool {
    match s {
        SiteSet::Neighbours(_, c) | SiteSet::Group(_, c) | SiteSet::Where(c) => any_cond(c, f),
        SiteSet::AdjacentTo(x, c) | SiteSet::Reach(x, c) => set_has(x, f) || any_cond(c, f),
        SiteSet::Minus(a, b) => set_has(a, f) || set_has(b, f),
        SiteSet::Run(r) => {
            any_cond(&r.through, f) || r.close.as_ref().is_some_and(|c| any_cond(c, f))
        }
        SiteSet::Trail { through, .. } => any_cond(through, f),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::ir::{Cmp, SiteRef};

    #[test]
    fn conditions_inside_numbers_and_sets_are_found() {
        let deep = Cond::Compare(
            Num::Count(Box::new(SiteSet::Minus(
                Box::new(SiteSet::Where(Box::new(Cond::True))),
                Box::new(SiteSet::Neighbours(
                    SiteRef::Subject,
                    Box::new(Cond::Not(Box::new(Cond::Attacked(SiteRef::Subject)))),
                )),
            ))),
            Cmp::Gt,
            Num::Int(0),
        );
        let attacked = |c: &Cond| matches!(c, Cond::Attacked(_));
        assert!(any_cond(&deep, &mut { attacked }));
        let plain = Cond::And(vec![Cond::Empty(SiteRef::Subject), Cond::Mine(SiteRef::To)]);
        assert!(!any_cond(&plain, &mut { attacked }));
    }
}
