//! Conditions: tests on a site, a stack, a set or numbers, written where a
//! rule asks whether something holds (`from:`, `to:`, `if`, `after:`…).
//! Which heads exist and what arguments each takes come from the
//! vocabulary table (context `condition`); this file lowers each one.
//! Their evaluation is in `engine/cond.rs` and the files it calls.

use super::args::{Diags, boolean, int_in, named};
use super::ir::{AheadBy, Along, Cmp, Cond, Dirs, Line, Num, SiteRef, SiteSet};
use super::lower::Lowerer;
use super::vocab::{self, Lower};
use crate::syntax::{Clause, Expr};

impl Lowerer {
    /// A condition: `true`, `false`, a condition word (`Empty`, `Mine`,
    /// `Enemy`, `Friend`) or a condition clause.
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
            // A toggle that a `flip` names: read during play.
            Expr::Toggle(name, _) if !name.is_empty() => {
                let id = self.toggles.iter().position(|t| t.name == *name);
                match id.filter(|&i| i < 64) {
                    Some(i) => Cond::On(i as super::ir::ToggleId),
                    None => Cond::False,
                }
            }
            _ => {
                d.expected(e, "a condition");
                Cond::False
            }
        }
    }

    /// A condition clause, checked against its row of the vocabulary and
    /// lowered by the row's function.
    fn cond_clause(&mut self, c: &Clause, d: &mut Diags) -> Cond {
        if !self.known(c, "condition", d) {
            return Cond::False;
        }
        match vocab::lowering("condition", &c.head) {
            Some(Lower::Condition(lower)) => lower(self, c, d),
            _ => {
                self.unlowered(c, "condition", d);
                Cond::False
            }
        }
    }

    /// The clause's first argument as a condition (`false` when missing,
    /// reported by the shape check).
    fn first_cond(&mut self, c: &Clause, d: &mut Diags) -> Cond {
        c.args.first().map_or(Cond::False, |a| self.cond(a, d))
    }

    /// The clause's first argument as a set (empty when missing).
    pub(super) fn first_set(&mut self, c: &Clause, d: &mut Diags) -> SiteSet {
        c.args.first().map_or(SiteSet::Removed, |e| self.set(e, d))
    }

    /// `(equal A B)`, `(at-least A B)`…: two numbers compared.
    fn compare(&mut self, c: &Clause, cmp: Cmp, d: &mut Diags) -> Cond {
        let a = c.args.first().map_or(Num::Int(0), |e| self.num(e, d));
        let b = c.args.get(1).map_or(Num::Int(0), |e| self.num(e, d));
        // A stack's height against a constant, and farther from a region
        // than the step's origin: one test each.
        match (&a, cmp, &b) {
            (Num::Height(r), _, Num::Int(n)) if (0..=255).contains(n) => {
                Cond::Height(*r, cmp, *n as i32)
            }
            (Num::Distance(SiteRef::To, r), Cmp::Gt, Num::Distance(SiteRef::From, s)) if r == s => {
                Cond::Farther(*r)
            }
            _ => Cond::Compare(a, cmp, b),
        }
    }

    /// `(kind [SITE] "Kind")`.
    fn kind_cond(&mut self, c: &Clause, d: &mut Diags) -> Cond {
        let (r, rest) = self.split_site(c, d);
        let k = rest.and_then(|e| self.kind_ref(e, d)).unwrap_or(0);
        Cond::Kind(r, k)
    }

    /// `(in [SITE] "Region")`.
    fn in_cond(&mut self, c: &Clause, d: &mut Diags) -> Cond {
        let (r, rest) = self.split_site(c, d);
        let reg = rest.and_then(|e| self.region_ref(e, d)).unwrap_or(0);
        Cond::In(r, reg)
    }

    /// `(role [SITE] "Name")`.
    fn role_cond(&mut self, c: &Clause, d: &mut Diags) -> Cond {
        let (r, rest) = self.site_then(c, d);
        let id = rest
            .and_then(|e| super::refs::lookup(&self.role_names, e, "role", d))
            .unwrap_or(0);
        Cond::Role(r, id as u16)
    }

    /// `(line N [SITE] [dirs:DIRS] [exact:BOOL] [of:COND])`.
    fn line(&mut self, c: &Clause, d: &mut Diags) -> Cond {
        let len = c.args.first().and_then(|e| int_in(e, 1, 255, d));
        let at = self.site_ref(c.args.get(1), d);
        let dirs = self.dirs_or_all(named(c, "dirs"), d);
        let exact = named(c, "exact")
            .and_then(|e| boolean(e, d))
            .unwrap_or(false);
        let of = named(c, "of").map_or(Cond::Mine(SiteRef::Subject), |e| self.cond(e, d));
        let Some(len) = len else { return Cond::False };
        Cond::Line(Box::new(Line {
            at,
            dirs,
            len: len as u16,
            exact,
            of,
        }))
    }

    /// `(same SITE SITE)`: a [`Cond::Same`]; `(same DIR DIR)` of two
    /// direction values (`Move`, `Reverse`, `LastMove`): a
    /// [`Cond::SameDirection`]. One of each is refused.
    fn same(&mut self, c: &Clause, d: &mut Diags) -> Cond {
        let ways: Vec<Option<Along>> = c.args.iter().map(|e| self.direction_value(e)).collect();
        match ways.as_slice() {
            [Some(a), Some(b)] => Cond::SameDirection(*a, *b),
            [None, None] | [None] | [] => Cond::Same(
                self.site_ref(c.args.first(), d),
                self.site_ref(c.args.get(1), d),
            ),
            _ => {
                d.error(
                    c.span,
                    "`same` compares two sites or two direction values, not one of each",
                    "expected `(same SITE SITE)` or `(same Move LastMove)`",
                );
                Cond::False
            }
        }
    }

    /// `(among [SITE] SET)`: one set after the optional site, and no more
    /// (a second set would be silently ignored).
    fn among(&mut self, c: &Clause, d: &mut Diags) -> Cond {
        let (r, rest) = self.site_then(c, d);
        let set = rest.map_or(SiteSet::Removed, |e| self.set(e, d));
        let sets = c.args.len() - usize::from(super::refs::is_site_arg(c.args.first()));
        if sets > 1 {
            d.error(
                c.args[c.args.len() - 1].span(),
                "`among` asks of one set",
                "expected `(among [SITE] SET)`: a site word (`To`, `From`…) then one set",
            );
        }
        Cond::Among(r, Box::new(set))
    }

    /// `(ahead [SITE] DIRS [COND] [steps:NUM])`: the plain one-step form
    /// over a direction set is [`Cond::Ahead`]; a direction value (`Move`,
    /// `Reverse`) or `steps:` makes a [`Cond::AheadBy`].
    fn ahead(&mut self, c: &Clause, d: &mut Diags) -> Cond {
        let (at, rest) = match c.args.split_first() {
            Some((first, rest)) if super::refs::is_site(first) => {
                (self.site_ref(Some(first), d), rest)
            }
            _ => (SiteRef::Subject, c.args.as_slice()),
        };
        let Some(dirs_expr) = rest.first() else {
            d.error(
                c.span,
                "`ahead` needs a direction",
                "expected `(ahead [SITE] DIRS [COND])`",
            );
            return Cond::False;
        };
        let dirs = self.dirs_value(Some(dirs_expr), d);
        let cond = rest.get(1).map_or(Cond::True, |e| self.cond(e, d));
        if rest.len() > 2 {
            d.error(
                rest[2].span(),
                "too many arguments to `ahead`",
                "expected `(ahead [SITE] DIRS [COND] [steps:NUM])`",
            );
        }
        let steps = named(c, "steps").map(|e| self.num(e, d));
        match (dirs, steps) {
            (Dirs::Set(id), None) => Cond::Ahead(at, id, Box::new(cond)),
            (dirs, steps) => Cond::AheadBy(Box::new(AheadBy {
                at,
                dirs,
                steps: steps.unwrap_or(Num::Int(1)),
                cond,
            })),
        }
    }
}

// The lowering of each condition clause, named by its row of the
// vocabulary table (`vocab.rs`).

/// The clause's first argument as a site (`Subject` when missing).
fn site(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> SiteRef {
    l.site_ref(c.args.first(), d)
}

/// `(and COND…)`.
pub(super) fn and(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    Cond::And(c.args.iter().map(|a| l.cond(a, d)).collect())
}

/// `(or COND…)`.
pub(super) fn or(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    Cond::Or(c.args.iter().map(|a| l.cond(a, d)).collect())
}

/// `(not COND)`.
pub(super) fn not(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    Cond::Not(Box::new(l.first_cond(c, d)))
}

/// `(empty [SITE])`.
pub(super) fn empty(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    Cond::Empty(site(l, c, d))
}

/// `(mine [SITE])`.
pub(super) fn mine(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    Cond::Mine(site(l, c, d))
}

/// `(enemy [SITE])`.
pub(super) fn enemy(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    Cond::Enemy(site(l, c, d))
}

/// `(friend [SITE])`.
pub(super) fn friend(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    Cond::Friend(site(l, c, d))
}

/// `(holds [SITE])`.
pub(super) fn holds(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    Cond::Holds(site(l, c, d))
}

/// `(holds-only [SITE])`.
pub(super) fn holds_only(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    Cond::HoldsOnly(site(l, c, d))
}

/// `(mixed [SITE])`.
pub(super) fn mixed(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    Cond::Mixed(site(l, c, d))
}

/// `(marked [SITE])`.
pub(super) fn marked(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    Cond::Marked(site(l, c, d))
}

/// `(attacked [SITE])`.
pub(super) fn attacked(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    Cond::Attacked(site(l, c, d))
}

/// `(unmoved [SITE])`: the state then keeps which stacks have moved.
pub(super) fn unmoved(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    l.tracks_unmoved = true;
    Cond::Unmoved(site(l, c, d))
}

/// `(repeated [N])`: the state then keeps the board of every turn start.
pub(super) fn repeated(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    l.tracks_boards = true;
    let times = c.args.first().and_then(|e| int_in(e, 1, 1000, d));
    Cond::Repeated(times.unwrap_or(1) as u32)
}

/// `(same …)`.
pub(super) fn same(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    l.same(c, d)
}

/// `(kind [SITE] "Kind")`.
pub(super) fn kind(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    l.kind_cond(c, d)
}

/// `(in [SITE] "Region")`.
pub(super) fn in_region(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    l.in_cond(c, d)
}

/// `(in-check "Kind")`.
pub(super) fn in_check(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    let k = c.args.first().and_then(|e| l.kind_ref(e, d));
    Cond::InCheck(k.unwrap_or(0))
}

/// `(role …)`.
pub(super) fn role(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    l.role_cond(c, d)
}

/// `(any SET)`: whether a stack flanks any is sought, not listed.
pub(super) fn any(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    match l.first_set(c, d) {
        SiteSet::Flanked(f) => Cond::Flanks(f),
        set => Cond::Any(set),
    }
}

/// `(connected SET)`.
pub(super) fn connected(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    Cond::Connected(l.first_set(c, d))
}

/// `(every SET [COND])`.
pub(super) fn every(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    let set = l.first_set(c, d);
    let cond = c.args.get(1).map_or(Cond::True, |e| l.cond(e, d));
    Cond::Every(set, Box::new(cond))
}

/// `(among …)`.
pub(super) fn among(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    l.among(c, d)
}

/// `(line …)`.
pub(super) fn line(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    l.line(c, d)
}

/// `(ahead …)`.
pub(super) fn ahead(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    l.ahead(c, d)
}

/// `(player-is P…)`.
pub(super) fn player_is(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    Cond::PlayerIs(c.args.iter().filter_map(|e| l.player_ref(e, d)).collect())
}

/// `(equal A B)`.
pub(super) fn equal(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    l.compare(c, Cmp::Eq, d)
}

/// `(at-least A B)`.
pub(super) fn at_least(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    l.compare(c, Cmp::Ge, d)
}

/// `(at-most A B)`.
pub(super) fn at_most(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    l.compare(c, Cmp::Le, d)
}

/// `(more-than A B)`.
pub(super) fn more_than(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    l.compare(c, Cmp::Gt, d)
}

/// `(less-than A B)`.
pub(super) fn less_than(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Cond {
    l.compare(c, Cmp::Lt, d)
}
