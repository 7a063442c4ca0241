//! Conditions, sets and numbers compiled to site-set operations
//! (boards of at most 128 sites, stacks of one piece), evaluated on a
//! [`View`] of a position: a group is a flood, the sites next to a set a
//! union of neighbour sets, a count a popcount, and a condition on many
//! subjects at once (the members of a group that are feet) one mask.
//!
//! A condition is evaluated on a set of subjects at once
//! ([`BCond::sub`]): the sites of the set where it holds. Tests of sets
//! and numbers that read the subject (`(count (group (role "Foot")))`)
//! are evaluated once per subject, or once per group when they read it
//! only through its group ([`Dep::Group`]). The compiled forms mirror the
//! interpreter's meaning exactly (see [`crate::engine::bitcompile`] for which
//! clauses compile, and its tests for the comparison with the
//! interpreter).

use crate::board::{NO_SITE, Site};
use crate::compile::ir::{Cmp, RegionId, RoleId, SiteRef};
use crate::engine::bitpos::{RoleMemo, View};
use crate::engine::bits::Bits;
use crate::engine::boardbits::BoardBits;
use crate::engine::cond::Ctx;
use crate::engine::memo::LocalRole;
use crate::engine::word::{Word, sites};

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
    /// `(CMP (count (group A)) (count (group B)))` of the subject's group,
    /// fused (the commonest test of a group's make-up).
    GroupCounts(BCond, Cmp, BCond),
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
    /// (see [`crate::engine::memo`]).
    Cond { cond: BCond, pure: bool, dep: Dep },
}

/// The compiled board and roles of a game (see [`crate::engine::bitcompile`]).
#[derive(Debug, Clone)]
pub(crate) struct BitTables<W> {
    /// The board as sets.
    pub board: BoardBits<W>,
    /// Per role: compiled, or `None`.
    pub roles: Vec<Option<RoleBits>>,
}

/// A game's compiled board and roles, in the narrowest word that holds
/// its sites.
#[derive(Debug, Clone)]
pub(crate) enum BitSets {
    /// At most 64 sites.
    Narrow(BitTables<Bits<1>>),
    /// At most 128 sites.
    Wide(BitTables<Bits<2>>),
}

/// Anchor of a subject that is its own anchor.
pub(crate) const SELF: Site = NO_SITE - 1;

/// An evaluation: the compiled tables, the view it reads, and its context
/// (whose subject and anchor change while sets of subjects are tested).
pub(crate) struct Ev<'e, V: View> {
    pub t: &'e BitTables<V::W>,
    pub v: &'e mut V,
    pub ctx: Ctx,
}

impl<V: View> Ev<'_, V> {
    /// `f` evaluated with subject `s` (anchor `anchor`, or `s` for
    /// [`SELF`]), the context restored after.
    #[inline]
    fn at<R>(&mut self, s: Site, anchor: Site, f: impl FnOnce(&mut Self) -> R) -> R {
        let saved = (self.ctx.subject, self.ctx.anchor);
        self.ctx.subject = s;
        self.ctx.anchor = if anchor == SELF { s } else { anchor };
        let r = f(self);
        (self.ctx.subject, self.ctx.anchor) = saved;
        r
    }

    /// The group of the occupied site `s`.
    #[inline]
    fn group(&mut self, s: Site) -> V::W {
        self.v.group(&self.t.board, s)
    }
}

/// The set of site `s` of the step, if it is one.
#[inline]
fn site_bit<W: Word>(s: Site) -> Option<W> {
    ((s as usize) < W::SITES).then(|| W::bit(s))
}

impl<W: Word> BitTables<W> {
    /// The sites of `x` where role `id` holds (each its own subject and
    /// anchor).
    #[inline(always)]
    fn role<V: View<W = W>>(&self, e: &mut Ev<V>, id: RoleId, x: W) -> W {
        match self.roles.get(id as usize).and_then(Option::as_ref) {
            Some(RoleBits::Local(t)) => e.v.local_role(&self.board, t, id, x),
            Some(RoleBits::Cond { cond, pure, .. }) => role_cond(e, id, cond, *pure, x),
            None => W::ZERO,
        }
    }

    /// The sites of `x` where role `id` holds in view `v` for `ctx`'s
    /// player.
    #[cfg(test)]
    pub fn role_in<V: View<W = W>>(&self, v: &mut V, ctx: &Ctx, id: RoleId, x: W) -> W {
        self.role(
            &mut Ev {
                t: self,
                v,
                ctx: *ctx,
            },
            id,
            x,
        )
    }
}

/// [`BitTables::role`] for a role with a compiled condition, its values
/// remembered when it is pure and the view keeps a memory.
#[inline(never)]
fn role_cond<V: View>(e: &mut Ev<V>, id: RoleId, cond: &BCond, pure: bool, x: V::W) -> V::W {
    let memo = if pure { e.v.memo(id).copied() } else { None };
    let Some(RoleMemo { known, value }) = memo else {
        return cond.sub(e, SELF, x);
    };
    let need = x & !known;
    if need == V::W::ZERO {
        return value & x;
    }
    let value = value | cond.sub(e, SELF, need);
    if let Some(m) = e.v.memo(id) {
        *m = RoleMemo {
            known: known | need,
            value,
        };
    }
    value & x
}

impl Atom {
    /// The sites of `x` where the atom holds (see [`BCond::sub`]).
    #[inline(always)]
    fn mask<V: View>(self, e: &mut Ev<V>, anchor: Site, x: V::W) -> V::W {
        match self {
            Atom::True | Atom::False | Atom::In(_) | Atom::Role(_) => {}
            Atom::Friend if anchor != SELF => e.v.note(x | site_bit(anchor).unwrap_or(V::W::ZERO)),
            _ => e.v.note(x),
        }
        let v = &*e.v;
        match self {
            Atom::True => x,
            Atom::False => V::W::ZERO,
            Atom::Empty => x & !v.occ(),
            Atom::Occupied => x & v.occ(),
            Atom::Mine => x & v.own(e.ctx.player),
            Atom::Enemy => x & v.occ() & !v.own(e.ctx.player),
            Atom::Friend if anchor == SELF => x & v.occ(),
            Atom::Friend => v.owner(anchor).map_or(V::W::ZERO, |p| x & v.own(p)),
            Atom::In(r) => x & e.t.board.region(r, e.ctx.player),
            Atom::Role(id) => e.t.role(e, id, x),
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
    /// Whether the condition holds in `ctx` (its subject a site), on `v`.
    #[inline]
    pub fn holds<V: View>(&self, t: &BitTables<V::W>, v: &mut V, ctx: &Ctx) -> bool {
        let x = site_bit(ctx.subject).unwrap_or(V::W::ZERO);
        self.sub(&mut Ev { t, v, ctx: *ctx }, ctx.anchor, x) != V::W::ZERO
    }

    /// The sites of `x` where the condition holds, each as its subject;
    /// the anchor is `anchor`, or each subject itself for [`SELF`] (an
    /// atom evaluated inline, the clauses of `and` and `or` in turn).
    #[inline]
    pub fn sub<V: View>(&self, e: &mut Ev<V>, anchor: Site, x: V::W) -> V::W {
        let zero = V::W::ZERO;
        if x == zero {
            return zero;
        }
        match self {
            BCond::Atom(a) => a.mask(e, anchor, x),
            BCond::At(r, a) => match site_bit(e.ctx.site(*r)) {
                Some(s) if a.mask(e, anchor, s) != zero => x,
                _ => zero,
            },
            BCond::Not(c) => x & !c.sub(e, anchor, x),
            BCond::Test(Dep::Free, t) => {
                if t.holds(e) {
                    x
                } else {
                    zero
                }
            }
            BCond::And(cs) => cs.iter().fold(x, |y, c| c.sub(e, anchor, y)),
            BCond::Or(cs) => {
                let rest = cs.iter().fold(x, |rest, c| rest & !c.sub(e, anchor, rest));
                x & !rest
            }
            BCond::Test(d, test) => test.mask(*d, e, anchor, x),
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

    /// True if every site of the step the condition names (roles aside)
    /// passes `ok`.
    pub fn names_only(&self, ok: &impl Fn(SiteRef) -> bool) -> bool {
        match self {
            BCond::Atom(_) => true,
            BCond::At(r, _) => ok(*r),
            BCond::Not(c) => c.names_only(ok),
            BCond::And(cs) | BCond::Or(cs) => cs.iter().all(|c| c.names_only(ok)),
            BCond::Test(_, t) => match &**t {
                Test::Any(s) | Test::Connected(s) => s.names_only(ok),
                Test::Every(s, c) => s.names_only(ok) && c.names_only(ok),
                Test::Compare(a, _, b) => a.names_only(ok) && b.names_only(ok),
                Test::GroupCounts(a, _, b) => a.names_only(ok) && b.names_only(ok),
            },
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
    /// Whether the test holds in the evaluation's context.
    fn holds<V: View>(&self, e: &mut Ev<V>) -> bool {
        match self {
            Test::Any(s) => s.eval(e) != V::W::ZERO,
            Test::Every(s, c) => {
                let x = s.eval(e);
                c.sub(e, SELF, x) == x
            }
            Test::Connected(s) => {
                let x = s.eval(e);
                e.t.board.connected(x)
            }
            Test::Compare(a, cmp, b) => {
                let a = a.eval(e);
                cmp.test64(a, b.eval(e))
            }
            Test::GroupCounts(a, cmp, b) => {
                let s = e.ctx.subject;
                let g = match site_bit::<V::W>(s) {
                    Some(x) if e.v.occ() & x != V::W::ZERO => e.group(s),
                    Some(x) => {
                        e.v.note(x);
                        V::W::ZERO
                    }
                    _ => V::W::ZERO,
                };
                let a = a.sub(e, s, g).ones();
                cmp.test64(i64::from(a), i64::from(b.sub(e, s, g).ones()))
            }
        }
    }

    /// The sites of `x` where the test holds, each as its subject (see
    /// [`BCond::sub`]), tested as its dependence `d` on the subject asks:
    /// once, once per group (and once for all the empty sites), or site
    /// by site.
    #[inline(never)]
    fn mask<V: View>(&self, d: Dep, e: &mut Ev<V>, anchor: Site, x: V::W) -> V::W {
        let zero = V::W::ZERO;
        match d {
            Dep::Free => {
                if self.holds(e) {
                    x
                } else {
                    zero
                }
            }
            // One subject (a test at a site of the step): no loop.
            Dep::Group | Dep::Site if x.without_lowest() == zero => {
                if e.at(x.lowest(), anchor, |e| self.holds(e)) {
                    x
                } else {
                    zero
                }
            }
            Dep::Group => {
                e.v.note(x);
                let empty = x & !e.v.occ();
                let mut out = zero;
                if empty != zero && e.at(empty.lowest(), anchor, |e| self.holds(e)) {
                    out = empty;
                }
                let mut rest = x & !empty;
                while rest != zero {
                    let s = rest.lowest();
                    let g = e.group(s) | V::W::bit(s);
                    if e.at(s, anchor, |e| self.holds(e)) {
                        out |= rest & g;
                    }
                    rest &= !g;
                }
                out
            }
            Dep::Site => sites(x)
                .filter(|&s| e.at(s, anchor, |e| self.holds(e)))
                .fold(zero, |m, s| m | V::W::bit(s)),
        }
    }

    /// How the test depends on its subject.
    pub fn dep(&self) -> Dep {
        match self {
            Test::Any(s) | Test::Every(s, _) | Test::Connected(s) => s.dep(),
            Test::Compare(a, _, b) => a.dep().max(b.dep()),
            Test::GroupCounts(..) => Dep::Group,
        }
    }
}

impl BSet {
    /// The set's sites in the evaluation's context.
    pub fn eval<V: View>(&self, e: &mut Ev<V>) -> V::W {
        let zero = V::W::ZERO;
        match self {
            BSet::Group(r, c) => {
                let s = e.ctx.site(*r);
                match site_bit::<V::W>(s) {
                    Some(b) if e.v.occ() & b != zero => {
                        let g = e.group(s);
                        c.sub(e, s, g)
                    }
                    Some(b) => {
                        e.v.note(b);
                        zero
                    }
                    None => zero,
                }
            }
            BSet::Neighbours(r, c) => {
                let s = e.ctx.site(*r);
                match site_bit::<V::W>(s) {
                    Some(_) => c.sub(e, s, e.t.board.nbr(s)),
                    None => zero,
                }
            }
            BSet::Where(c) => c.sub(e, SELF, e.t.board.all),
            BSet::AdjacentTo(inner, c) => {
                let x = inner.eval(e);
                if x == zero {
                    zero
                } else {
                    c.sub(e, SELF, e.t.board.dilate(x))
                }
            }
            BSet::Minus(a, b) => {
                let x = a.eval(e);
                if x == zero { zero } else { x & !b.eval(e) }
            }
            BSet::Removed => e.v.removed(),
            BSet::Converted => e.v.converted(),
        }
    }

    /// The set's sites in `ctx`, on `v`.
    pub fn eval_in<V: View>(&self, t: &BitTables<V::W>, v: &mut V, ctx: &Ctx) -> V::W {
        self.eval(&mut Ev { t, v, ctx: *ctx })
    }

    /// [`BCond::names_only`] of a set.
    pub fn names_only(&self, ok: &impl Fn(SiteRef) -> bool) -> bool {
        match self {
            BSet::Group(r, c) | BSet::Neighbours(r, c) => ok(*r) && c.names_only(ok),
            BSet::Where(c) => c.names_only(ok),
            BSet::AdjacentTo(s, c) => s.names_only(ok) && c.names_only(ok),
            BSet::Minus(a, b) => a.names_only(ok) && b.names_only(ok),
            BSet::Removed | BSet::Converted => true,
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
    /// The number in the evaluation's context.
    fn eval<V: View>(&self, e: &mut Ev<V>) -> i64 {
        match self {
            BNum::Int(i) => *i,
            BNum::Count(s) => i64::from(s.eval(e).ones()),
            BNum::Add(ns) => ns.iter().fold(0i64, |acc, n| acc.saturating_add(n.eval(e))),
            BNum::Sub(a, b) => {
                let a = a.eval(e);
                a.saturating_sub(b.eval(e))
            }
        }
    }

    /// [`BCond::names_only`] of a number.
    pub fn names_only(&self, ok: &impl Fn(SiteRef) -> bool) -> bool {
        match self {
            BNum::Int(_) => true,
            BNum::Count(s) => s.names_only(ok),
            BNum::Add(ns) => ns.iter().all(|n| n.names_only(ok)),
            BNum::Sub(a, b) => a.names_only(ok) && b.names_only(ok),
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
