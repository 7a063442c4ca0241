//! Lowering of numbers, site sets, and the conditions and effects built on
//! them (groups, neighbours, counts, roles): the vocabulary of placement
//! games such as Polypods (docs/games/polypods.md).

use super::args::{Diags, check_shape, clause, int, named, string};
use super::ir::{Cmp, Cond, Effect, Num, Role, SiteRef, SiteSet};
use super::lower::Lowerer;
use super::rules::lookup;
use super::vocab;
use crate::syntax::{Clause, Expr};

/// Comparison heads and their operators.
pub const COMPARISONS: &[(&str, Cmp)] = &[
    ("equal", Cmp::Eq),
    ("at-least", Cmp::Ge),
    ("at-most", Cmp::Le),
    ("more-than", Cmp::Gt),
    ("less-than", Cmp::Lt),
];

impl Lowerer {
    /// Conditions over numbers and sets; `None` if `c` is none of them.
    pub fn cond_ext(&mut self, c: &Clause, d: &mut Diags) -> Option<Cond> {
        if let Some((_, cmp)) = COMPARISONS.iter().find(|(h, _)| *h == c.head) {
            check_shape(c, 2, 2, &[], d);
            let a = c.args.first().map_or(Num::Int(0), |e| self.num(e, d));
            let b = c.args.get(1).map_or(Num::Int(0), |e| self.num(e, d));
            return Some(Cond::Compare(a, *cmp, b));
        }
        Some(match c.head.as_str() {
            "any" | "connected" => {
                check_shape(c, 1, 1, &[], d);
                let set = c.args.first().map_or(SiteSet::Removed, |e| self.set(e, d));
                if c.head == "any" {
                    Cond::Any(set)
                } else {
                    Cond::Connected(set)
                }
            }
            "every" => {
                check_shape(c, 2, 2, &[], d);
                let set = c.args.first().map_or(SiteSet::Removed, |e| self.set(e, d));
                let cond = c.args.get(1).map_or(Cond::True, |e| self.cond(e, d));
                Cond::Every(set, Box::new(cond))
            }
            "friend" => {
                check_shape(c, 0, 1, &[], d);
                Cond::Friend(self.site_ref(c.args.first(), d))
            }
            "role" => {
                check_shape(c, 1, 2, &[], d);
                let (r, rest) = self.site_then(c, d);
                let id = rest
                    .and_then(|e| lookup(&self.role_names, e, "role", d))
                    .unwrap_or(0);
                Cond::Role(r, id as u16)
            }
            _ => return None,
        })
    }

    /// A number: an integer, `(count SET)`, `(sum N…)`, `(sub A B)`.
    pub fn num(&mut self, e: &Expr, d: &mut Diags) -> Num {
        let Expr::Clause(c) = e else {
            return Num::Int(int(e, d).unwrap_or(0));
        };
        match c.head.as_str() {
            "count" => {
                check_shape(c, 1, 1, &[], d);
                Num::Count(Box::new(
                    c.args.first().map_or(SiteSet::Removed, |e| self.set(e, d)),
                ))
            }
            "sum" => Num::Add(c.args.iter().map(|e| self.num(e, d)).collect()),
            "pieces-in" => {
                check_shape(c, 1, 1, &[], d);
                Num::PiecesIn(Box::new(
                    c.args.first().map_or(SiteSet::Removed, |e| self.set(e, d)),
                ))
            }
            "sub" => {
                check_shape(c, 2, 2, &[], d);
                let a = c.args.first().map_or(Num::Int(0), |e| self.num(e, d));
                let b = c.args.get(1).map_or(Num::Int(0), |e| self.num(e, d));
                Num::Sub(Box::new(a), Box::new(b))
            }
            _ => match self.num_stack(c, d) {
                Some(n) => n,
                None => {
                    self.unknown_head(c, "number", d);
                    Num::Int(0)
                }
            },
        }
    }

    /// A set of sites.
    pub fn set(&mut self, e: &Expr, d: &mut Diags) -> SiteSet {
        match e {
            Expr::Word(w, _) if w == "Removed" => return SiteSet::Removed,
            Expr::Word(w, _) if w == "Converted" => return SiteSet::Converted,
            _ => {}
        }
        let Some(c) = clause(e, "a set of sites", d) else {
            return SiteSet::Removed;
        };
        match c.head.as_str() {
            "neighbours" | "group" => {
                check_shape(c, 0, 2, &[], d);
                let (r, rest) = self.site_then(c, d);
                let cond = Box::new(rest.map_or(Cond::True, |e| self.cond(e, d)));
                if c.head == "group" {
                    SiteSet::Group(r, cond)
                } else {
                    SiteSet::Neighbours(r, cond)
                }
            }
            "where" => {
                check_shape(c, 1, 1, &[], d);
                SiteSet::Where(Box::new(
                    c.args.first().map_or(Cond::False, |e| self.cond(e, d)),
                ))
            }
            "minus" | "reach" => {
                check_shape(c, 2, 2, &[], d);
                let a = c.args.first().map_or(SiteSet::Removed, |e| self.set(e, d));
                if c.head == "minus" {
                    let b = c.args.get(1).map_or(SiteSet::Removed, |e| self.set(e, d));
                    SiteSet::Minus(Box::new(a), Box::new(b))
                } else {
                    let cond = c.args.get(1).map_or(Cond::True, |e| self.cond(e, d));
                    SiteSet::Reach(Box::new(a), Box::new(cond))
                }
            }
            "adjacent-to" => {
                check_shape(c, 2, 2, &[], d);
                let inner = c.args.first().map_or(SiteSet::Removed, |e| self.set(e, d));
                let cond = c.args.get(1).map_or(Cond::True, |e| self.cond(e, d));
                SiteSet::AdjacentTo(Box::new(inner), Box::new(cond))
            }
            "trail" => {
                check_shape(c, 1, 2, &["backward", "through"], d);
                let (at, rest) = self.site_then(c, d);
                let track = match rest {
                    Some(e) => self.track_ref(e, d).unwrap_or(0),
                    None => {
                        d.error(
                            c.head_span,
                            "`trail` needs its track",
                            "expected `(trail [SITE] \"Track\" …)`",
                        );
                        0
                    }
                };
                let backward = named(c, "backward")
                    .and_then(|e| super::args::boolean(e, d))
                    .unwrap_or(false);
                let through = named(c, "through").map_or(Cond::True, |e| self.cond(e, d));
                SiteSet::Trail {
                    at,
                    track,
                    backward,
                    through: Box::new(through),
                }
            }
            _ => match self.set_lines(c, d) {
                Some(set) => set,
                None => {
                    self.unknown_head(c, "set", d);
                    SiteSet::Removed
                }
            },
        }
    }

    /// Effects on sets; `None` if `c` is none of them.
    pub fn effect_ext(&mut self, c: &Clause, d: &mut Diags) -> Option<Option<Effect>> {
        Some(match c.head.as_str() {
            "remove-all" => {
                check_shape(c, 1, 1, &[], d);
                c.args.first().map(|e| Effect::RemoveAll(self.set(e, d)))
            }
            "groups" => {
                check_shape(c, 1, 1, &["when", "remove", "convert"], d);
                let of = c.args.first().map_or(SiteSet::Removed, |e| self.set(e, d));
                let mut get =
                    |n: &str, me: &mut Self| named(c, n).map_or(Cond::False, |e| me.cond(e, d));
                let when = get("when", self);
                let remove = get("remove", self);
                let convert = get("convert", self);
                Some(Effect::Groups {
                    of,
                    when,
                    remove,
                    convert,
                })
            }
            _ => return None,
        })
    }

    /// `(role "Name" COND [mark:"*"])`: names are registered first so that
    /// roles may refer to each other.
    pub fn role(&mut self, c: &Clause, d: &mut Diags) {
        check_shape(c, 2, 2, &["mark"], d);
        let name = c
            .args
            .first()
            .and_then(|e| string(e, d))
            .unwrap_or("?")
            .to_string();
        let cond = c.args.get(1).map_or(Cond::False, |e| self.cond(e, d));
        let mark = named(c, "mark")
            .and_then(|e| string(e, d))
            .map(str::to_string);
        if let Some(i) = self.role_names.iter().position(|n| *n == name) {
            self.role_spans.resize(self.role_names.len(), c.span);
            self.role_spans[i] = c.span;
            self.roles[i] = Role { name, cond, mark };
        }
    }

    /// Registers the role names of the game before any is lowered.
    pub fn declare_roles(&mut self, body: &[Expr], d: &mut Diags) {
        for e in body {
            if let Expr::Clause(c) = e
                && c.head == "role"
                && let Some(name) = c.args.first().and_then(|e| string(e, d))
            {
                if self.role_names.iter().any(|n| n == name) {
                    d.twice(c.span, "role", name);
                    continue;
                }
                self.role_names.push(name.to_string());
                self.roles.push(Role {
                    name: name.to_string(),
                    cond: Cond::False,
                    mark: None,
                });
            }
        }
    }

    /// A leading site word (`From`, `To`, `Over`) and the argument after it.
    fn site_then<'a>(&mut self, c: &'a Clause, d: &mut Diags) -> (SiteRef, Option<&'a Expr>) {
        match c.args.as_slice() {
            [Expr::Word(w, _), rest @ ..] if vocab::SITE_WORDS.contains(&w.as_str()) => {
                (self.site_ref(c.args.first(), d), rest.first())
            }
            [first, ..] => (SiteRef::Subject, Some(first)),
            [] => (SiteRef::Subject, None),
        }
    }
}

impl Lowerer {
    /// Reports roles that depend on themselves, directly or through other
    /// roles (evaluating one would never end).
    pub fn check_role_cycles(&self, d: &mut Diags) {
        let n = self.roles.len();
        let deps: Vec<Vec<u16>> = self
            .roles
            .iter()
            .map(|r| {
                let mut v = Vec::new();
                roles_in_cond(&r.cond, &mut v);
                v
            })
            .collect();
        for start in 0..n {
            // Depth-first search from `start`: can it reach itself?
            let mut stack: Vec<u16> = deps[start].clone();
            let mut seen = vec![false; n];
            while let Some(r) = stack.pop() {
                let r = r as usize;
                if r == start {
                    let span = self.role_spans.get(start).copied().unwrap_or_default();
                    d.push(crate::diag::Diagnostic::error(
                        span,
                        format!("role `{}` depends on itself", self.role_names[start]),
                        "a role may use other roles, but not in a cycle").with_help("a role may read other roles, but not itself, directly or through another"));
                    break;
                }
                if r < n && !seen[r] {
                    seen[r] = true;
                    stack.extend(&deps[r]);
                }
            }
        }
    }
}

/// The roles a condition refers to.
fn roles_in_cond(c: &Cond, out: &mut Vec<u16>) {
    match c {
        Cond::Role(_, id) => out.push(*id),
        Cond::And(v) | Cond::Or(v) => v.iter().for_each(|x| roles_in_cond(x, out)),
        Cond::Not(x) => roles_in_cond(x, out),
        Cond::Compare(a, _, b) => {
            roles_in_num(a, out);
            roles_in_num(b, out);
        }
        Cond::Any(s) | Cond::Connected(s) => roles_in_set(s, out),
        Cond::Every(s, x) => {
            roles_in_set(s, out);
            roles_in_cond(x, out);
        }
        _ => {}
    }
}

fn roles_in_num(n: &Num, out: &mut Vec<u16>) {
    match n {
        Num::Count(s) => roles_in_set(s, out),
        Num::Add(v) => v.iter().for_each(|x| roles_in_num(x, out)),
        Num::Sub(a, b) => {
            roles_in_num(a, out);
            roles_in_num(b, out);
        }
        Num::If(c, a, b) => {
            roles_in_cond(c, out);
            roles_in_num(a, out);
            roles_in_num(b, out);
        }
        _ => {}
    }
}

fn roles_in_set(s: &SiteSet, out: &mut Vec<u16>) {
    match s {
        SiteSet::Neighbours(_, c) | SiteSet::Group(_, c) | SiteSet::Where(c) => {
            roles_in_cond(c, out)
        }
        SiteSet::AdjacentTo(x, c) | SiteSet::Reach(x, c) => {
            roles_in_set(x, out);
            roles_in_cond(c, out);
        }
        SiteSet::Minus(a, b) => {
            roles_in_set(a, out);
            roles_in_set(b, out);
        }
        _ => {}
    }
}
