//! Roles: named conditions derived from the position (`(role "Foot" …)`),
//! declared before any rule is lowered so that roles may name each
//! other, and checked for cycles.

use super::args::{Diags, check, named, string};
use super::ir::{Cond, Num, Role, SiteSet};
use super::lower::Lowerer;
use crate::syntax::{Clause, Expr};

impl Lowerer {
    /// `(role "Name" COND [mark:"*"])`: names are registered first so that
    /// roles may refer to each other.
    pub fn role(&mut self, c: &Clause, d: &mut Diags) {
        check(c, "game", d);
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
                if !d.declare_once(
                    self.role_names.iter().any(|n| n == name),
                    c.span,
                    "role",
                    name,
                ) {
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
