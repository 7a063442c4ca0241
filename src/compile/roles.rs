//! Roles: named conditions derived from the position (`(role "Foot" …)`),
//! declared before any rule is lowered so that roles may name each
//! other, and checked for cycles.

use super::args::{Diags, check, named, string};
use super::ir::{Cond, Role};
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

/// The roles a condition refers to, wherever they stand in it (inside a
/// set, a number, a line's `of:`, an `ahead`).
fn roles_in_cond(c: &Cond, out: &mut Vec<u16>) {
    super::walk::any_cond(c, &mut |x: &Cond| {
        if let Cond::Role(_, id) = x {
            out.push(*id);
        }
        false
    });
}

#[cfg(test)]
mod tests {
    use crate::compile::{LoadError, Options, compile};

    /// The messages of the errors of a 3×3 game with `role` and a move
    /// that reads role "R".
    fn errors(role: &str) -> Vec<String> {
        let text = format!(
            r#"(game "T" (players 2) (board (square 3 3)) (piece "A")
                 (setup (fill "A" P1 (sites "a1")) (fill "A" P2 (sites "c3"))) {role}
                 (play (step from:(role "R") to:Empty)) (end (no-moves Loss)))"#
        );
        match compile("t.game", &text, &Options::default()) {
            Err(LoadError::Rules(d)) => d.items.iter().map(|x| x.message.clone()).collect(),
            Err(e) => panic!("{e}"),
            Ok(_) => Vec::new(),
        }
    }

    #[test]
    fn a_role_that_reads_itself_anywhere_is_refused() {
        // Through a line's `of:` (which tests the site itself: evaluating
        // it overflowed the stack), a set, a number, another role.
        for role in [
            r#"(role "R" (line 3 of:(role "R")))"#,
            r#"(role "R" (any (neighbours (role "R"))))"#,
            r#"(role "R" (more-than (count (where (role "R"))) 1))"#,
            r#"(role "R" (ahead N (role "S"))) (role "S" (not (role "R")))"#,
        ] {
            let e = errors(role);
            assert!(
                e.iter().any(|m| m == "role `R` depends on itself"),
                "{role}: {e:?}"
            );
        }
        assert_eq!(
            errors(r#"(role "R" (line 3 of:Mine))"#),
            Vec::<String>::new()
        );
    }
}
