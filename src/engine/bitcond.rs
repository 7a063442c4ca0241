//! Conditions, sets and numbers compiled to site-set operations
//! (boards of at most 128 sites, stacks of one piece), evaluated on a
//! [`View`] of a position: a group is a flood, the sites next to a set a
//! union of neighbour sets, a count a popcount, and a condition on many
//! subjects at once (the members of a group that are feet) one mask.
//!
//! A condition is evaluated on a set of subjects at once
//! ([`BCond::mask`]): the sites of the set where it holds. Tests of sets
//! and numbers that read the subject (`(count (group (role "Foot")))`)
//! are evaluated once per subject, or once per group when they read it
//! only through its group ([`Dep::Group`]). The compiled forms mirror the
//! interpreter's meaning exactly (see [`super::bitcompile`] for which
//! clauses compile, and its tests for the comparison with the
//! interpreter).

use super::bitpos::{RoleMemo, View};
use super::boardbits::{BoardBits, MAX_SITES, bit, lowest, sites};
use super::cond::Ctx;
use super::local::LocalRole;
use crate::board::Site;
use crate::compile::ir::{Cmp, RegionId, RoleId, SiteRef};

/// How a condition's value depends on its subject.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Dep {
    /// Not at all.
    Free,
    /// Only through its group (the same for every member of a group, and
    /// for every empty site).
    Group,
    /// Site by site.
    Site,
}

/// A test of the subject alone (no recursion: evaluated inline).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Atom {
    True,
    False,
    /// The subject is empty.
    Empty,
    /// The subject holds a piece.
    Occupied,
    /// The subject's piece is the player's.
    Mine,
    /// The subject's piece is another player's.
    Enemy,
    /// The subject's piece has the anchor's owner.
    Friend,
    /// The subject is in the region (as the player sees it).
    In(RegionId),
    /// The role holds at the subject.
    Role(RoleId),
}

/// A compiled condition (see the module's documentation).
#[derive(Debug, Clone)]
pub(crate) enum BCond {
    /// A test of the subject.
    Atom(Atom),
    /// A test (not reading the anchor) of a site of the step as subject.
    At(SiteRef, Atom),
    And(Vec<BCond>),
    Or(Vec<BCond>),
    Not(Box<BCond>),
    /// A test of sets or numbers, with how it depends on the subject.
    Test(Dep, Box<Test>),
}

/// A test of sets or numbers.
#[derive(Debug, Clone)]
pub(crate) enum Test {
    Any(BSet),
    Every(BSet, BCond),
    Connected(BSet),
    Compare(BNum, Cmp, BNum),
}

/// A compiled set of sites.
#[derive(Debug, Clone)]
pub(crate) enum BSet {
    /// The group of a site, filtered (anchor: the site).
    Group(SiteRef, BCond),
    /// The neighbours of a site, filtered (anchor: the site).
    Neighbours(SiteRef, BCond),
    /// The sites of the board that satisfy the condition.
    Where(BCond),
    /// The sites next to the set's that satisfy the condition (which does
    /// not read the anchor).
    AdjacentTo(Box<BSet>, BCond),
    Minus(Box<BSet>, Box<BSet>),
    Removed,
    Converted,
}

/// A compiled number.
#[derive(Debug, Clone)]
pub(crate) enum BNum {
    Int(i64),
    Count(BSet),
    Add(Vec<BNum>),
    Sub(Box<BNum>, Box<BNum>),
}

/// A role, compiled.
#[derive(Debug, Clone)]
pub(crate) enum RoleBits {
    /// A local role: its truth table.
    Local(LocalRole),
    /// Its condition compiled; `pure`: its values may be remembered
    /// (see [`super::memo`]).
    Cond { cond: BCond, pure: bool, dep: Dep },
}

/// The compiled board and roles of a game (see [`super::bitcompile`]).
#[derive(Debug, Clone)]
pub(crate) struct BitTables {
    /// The board as sets.
    pub board: BoardBits,
    /// Per role: compiled, or `None`.
    pub roles: Vec<Option<RoleBits>>,
}

/// The context of `ctx` for subject `s` (its own anchor unless `anchor`
/// is given).
#[inline]
fn at(ctx: &Ctx, s: Site, anchor: Option<Site>) -> Ctx {
    Ctx {
        subject: s,
        anchor: anchor.unwrap_or(s),
        ..*ctx
    }
}

/// The set of site `s` of the step, if it is one.
#[inline]
fn site_bit(s: Site) -> Option<u128> {
    ((s as usize) < MAX_SITES).then(|| bit(s))
}

impl BitTables {
    /// The sites of `x` where role `id` holds (each its own subject and
    /// anchor).
    #[inline]
    pub fn role<V: View>(&self, v: &mut V, ctx: &Ctx, id: RoleId, x: u128) -> u128 {
        match self.roles.get(id as usize).and_then(Option::as_ref) {
            Some(RoleBits::Local(t)) => v.local_role(&self.board, t, id, x),
            Some(RoleBits::Cond { cond, pure, .. }) => self.role_cond(v, ctx, id, cond, *pure, x),
            None => 0,
        }
    }

    /// [`BitTables::role`] for a role with a compiled condition, its
    /// values remembered when it is pure and the view keeps a memory.
    #[inline(never)]
    fn role_cond<V: View>(
        &self,
        v: &mut V,
        ctx: &Ctx,
        id: RoleId,
        cond: &BCond,
        pure: bool,
        x: u128,
    ) -> u128 {
        let memo = if pure { v.memo(id).copied() } else { None };
        let Some(RoleMemo { known, value }) = memo else {
            return cond.sub(self, v, ctx, None, x);
        };
        let need = x & !known;
        if need == 0 {
            return value & x;
        }
        let value = value | cond.sub(self, v, ctx, None, need);
        if let Some(m) = v.memo(id) {
            *m = RoleMemo {
                known: known | need,
                value,
            };
        }
        value & x
    }
}

impl Atom {
    /// The sites of `x` where the atom holds (see [`BCond::mask`]).
    #[inline(always)]
    fn mask<V: View>(
        self,
        t: &BitTables,
        v: &mut V,
        ctx: &Ctx,
        anchor: Option<Site>,
        x: u128,
    ) -> u128 {
        match self {
            Atom::True => x,
            Atom::False => 0,
            Atom::Empty => x & !v.occ(),
            Atom::Occupied => x & v.occ(),
            Atom::Mine => x & v.own(ctx.player),
            Atom::Enemy => x & v.occ() & !v.own(ctx.player),
            Atom::Friend => match anchor {
                None => x & v.occ(),
                Some(a) => v.owner(a).map_or(0, |p| x & v.own(p)),
            },
            Atom::In(r) => x & t.board.region(r, ctx.player),
            Atom::Role(id) => t.role(v, ctx, id, x),
        }
    }

    /// How the atom depends on its subject.
    fn dep(self, t: &[Option<RoleBits>]) -> Dep {
        match self {
            Atom::True | Atom::False => Dep::Free,
            Atom::Empty | Atom::Occupied | Atom::Mine | Atom::Enemy | Atom::Friend => Dep::Group,
            Atom::In(_) => Dep::Site,
            Atom::Role(id) => match t.get(id as usize).and_then(Option::as_ref) {
                Some(RoleBits::Cond { dep, .. }) => *dep,
                _ => Dep::Site,
            },
        }
    }
}

impl BCond {
    /// Whether the condition holds in `ctx` (its subject a site).
    #[inline]
    pub fn holds<V: View>(&self, t: &BitTables, v: &mut V, ctx: &Ctx) -> bool {
        site_bit(ctx.subject).is_some_and(|x| self.sub(t, v, ctx, Some(ctx.anchor), x) != 0)
    }

    /// [`BCond::mask`], an atom evaluated inline.
    #[inline(always)]
    pub fn sub<V: View>(
        &self,
        t: &BitTables,
        v: &mut V,
        ctx: &Ctx,
        anchor: Option<Site>,
        x: u128,
    ) -> u128 {
        if x == 0 {
            return 0;
        }
        match self {
            BCond::Atom(a) => a.mask(t, v, ctx, anchor, x),
            BCond::At(r, a) => match site_bit(ctx.site(*r)) {
                Some(s) if a.mask(t, v, ctx, anchor, s) != 0 => x,
                _ => 0,
            },
            c => c.mask(t, v, ctx, anchor, x),
        }
    }

    /// The sites of `x` where the condition holds, each as its subject;
    /// the anchor is `anchor`, or each subject itself when `None`.
    pub fn mask<V: View>(
        &self,
        t: &BitTables,
        v: &mut V,
        ctx: &Ctx,
        anchor: Option<Site>,
        x: u128,
    ) -> u128 {
        if x == 0 {
            return 0;
        }
        match self {
            BCond::And(cs) => {
                let mut y = x;
                for c in cs {
                    y = c.sub(t, v, ctx, anchor, y);
                    if y == 0 {
                        break;
                    }
                }
                y
            }
            BCond::Or(cs) => {
                let mut rest = x;
                for c in cs {
                    rest &= !c.sub(t, v, ctx, anchor, rest);
                    if rest == 0 {
                        break;
                    }
                }
                x & !rest
            }
            BCond::Not(c) => x & !c.sub(t, v, ctx, anchor, x),
            BCond::Test(d, test) => test.mask(*d, t, v, ctx, anchor, x),
            c => c.sub(t, v, ctx, anchor, x),
        }
    }

    /// How the condition depends on its subject.
    pub fn dep(&self, t: &[Option<RoleBits>]) -> Dep {
        match self {
            BCond::Atom(a) => a.dep(t),
            BCond::At(..) => Dep::Free,
            BCond::And(cs) | BCond::Or(cs) => {
                cs.iter().map(|c| c.dep(t)).max().unwrap_or(Dep::Free)
            }
            BCond::Not(c) => c.dep(t),
            BCond::Test(d, _) => *d,
        }
    }

    /// True if the condition reads the anchor (a `Friend` outside the sets
    /// and roles that set their own).
    pub fn reads_anchor(&self) -> bool {
        match self {
            BCond::Atom(a) | BCond::At(_, a) => *a == Atom::Friend,
            BCond::Not(c) => c.reads_anchor(),
            BCond::And(cs) | BCond::Or(cs) => cs.iter().any(BCond::reads_anchor),
            BCond::Test(..) => false,
        }
    }
}

impl Test {
    /// Whether the test holds in `ctx`.
    pub fn holds<V: View>(&self, t: &BitTables, v: &mut V, ctx: &Ctx) -> bool {
        match self {
            Test::Any(s) => s.eval(t, v, ctx) != 0,
            Test::Every(s, c) => {
                let x = s.eval(t, v, ctx);
                c.sub(t, v, ctx, None, x) == x
            }
            Test::Connected(s) => t.board.connected(s.eval(t, v, ctx)),
            Test::Compare(a, cmp, b) => cmp.test64(a.eval(t, v, ctx), b.eval(t, v, ctx)),
        }
    }

    /// The sites of `x` where the test holds, each as its subject (see
    /// [`BCond::mask`]), tested as its dependence `d` on the subject asks.
    #[inline(never)]
    fn mask<V: View>(
        &self,
        d: Dep,
        t: &BitTables,
        v: &mut V,
        ctx: &Ctx,
        anchor: Option<Site>,
        x: u128,
    ) -> u128 {
        match d {
            Dep::Free => {
                if self.holds(t, v, ctx) {
                    x
                } else {
                    0
                }
            }
            Dep::Group => self.by_group(t, v, ctx, anchor, x),
            Dep::Site => sites(x)
                .filter(|&s| self.holds(t, v, &at(ctx, s, anchor)))
                .fold(0, |m, s| m | bit(s)),
        }
    }

    /// The sites of `x` where the test holds, each as its subject, tested
    /// once per group (and once for all the empty sites): the test reads
    /// its subject only through its group.
    fn by_group<V: View>(
        &self,
        t: &BitTables,
        v: &mut V,
        ctx: &Ctx,
        anchor: Option<Site>,
        x: u128,
    ) -> u128 {
        let empty = x & !v.occ();
        let mut out = 0;
        if empty != 0 && self.holds(t, v, &at(ctx, lowest(empty), anchor)) {
            out = empty;
        }
        let mut rest = x & !empty;
        while rest != 0 {
            let s = lowest(rest);
            let g = v.group(&t.board, s) | bit(s);
            if self.holds(t, v, &at(ctx, s, anchor)) {
                out |= rest & g;
            }
            rest &= !g;
        }
        out
    }

    /// How the test depends on its subject.
    pub fn dep(&self) -> Dep {
        match self {
            Test::Any(s) | Test::Every(s, _) | Test::Connected(s) => s.dep(),
            Test::Compare(a, _, b) => a.dep().max(b.dep()),
        }
    }
}

impl BSet {
    /// The set's sites in `ctx`.
    pub fn eval<V: View>(&self, t: &BitTables, v: &mut V, ctx: &Ctx) -> u128 {
        match self {
            BSet::Group(r, c) => {
                let s = ctx.site(*r);
                match site_bit(s) {
                    Some(b) if v.occ() & b != 0 => {
                        let g = v.group(&t.board, s);
                        c.sub(t, v, ctx, Some(s), g)
                    }
                    _ => 0,
                }
            }
            BSet::Neighbours(r, c) => {
                let s = ctx.site(*r);
                match site_bit(s) {
                    Some(_) => c.sub(t, v, ctx, Some(s), t.board.nbr(s)),
                    None => 0,
                }
            }
            BSet::Where(c) => c.sub(t, v, ctx, None, t.board.all),
            BSet::AdjacentTo(inner, c) => match inner.eval(t, v, ctx) {
                0 => 0,
                x => c.sub(t, v, ctx, None, t.board.dilate(x)),
            },
            BSet::Minus(a, b) => {
                let x = a.eval(t, v, ctx);
                if x == 0 { 0 } else { x & !b.eval(t, v, ctx) }
            }
            BSet::Removed => v.removed(),
            BSet::Converted => v.converted(),
        }
    }

    /// How the set depends on the subject of its context.
    pub fn dep(&self) -> Dep {
        match self {
            BSet::Group(SiteRef::Subject, _) => Dep::Group,
            BSet::Neighbours(SiteRef::Subject, _) => Dep::Site,
            BSet::AdjacentTo(s, _) => s.dep(),
            BSet::Minus(a, b) => a.dep().max(b.dep()),
            _ => Dep::Free,
        }
    }
}

impl BNum {
    /// The number in `ctx`.
    pub fn eval<V: View>(&self, t: &BitTables, v: &mut V, ctx: &Ctx) -> i64 {
        match self {
            BNum::Int(i) => *i,
            BNum::Count(s) => i64::from(s.eval(t, v, ctx).count_ones()),
            BNum::Add(ns) => ns
                .iter()
                .fold(0i64, |acc, n| acc.saturating_add(n.eval(t, v, ctx))),
            BNum::Sub(a, b) => a.eval(t, v, ctx).saturating_sub(b.eval(t, v, ctx)),
        }
    }

    /// How the number depends on the subject of its context.
    pub fn dep(&self) -> Dep {
        match self {
            BNum::Int(_) => Dep::Free,
            BNum::Count(s) => s.dep(),
            BNum::Add(ns) => ns.iter().map(BNum::dep).max().unwrap_or(Dep::Free),
            BNum::Sub(a, b) => a.dep().max(b.dep()),
        }
    }
}

/// The lowest site of `x` with its group (for effects judging groups).
pub(crate) fn first_group<V: View>(t: &BoardBits, v: &mut V, x: u128) -> (Site, u128) {
    let s = lowest(x);
    (s, v.group(t, s) | bit(s))
}
