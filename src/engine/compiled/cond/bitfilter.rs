//! A placement's filters (`check:`, then `after:` on the position its
//! `then:` effects leave) told on site sets, without playing it.
//!
//! The interpreter tests a filtered candidate by playing it, running its
//! effects and undoing it. When the game's positions fit sets and the
//! filters and effects compile ([`crate::engine::bitcompile`]), the candidate is
//! instead a [`Placed`] view of the position (shared by every candidate
//! of the position, with what each found out), the effects that remove
//! or convert (`remove-all`, `convert-all`, `groups`, `if`) are simulated
//! as sets, and `after:` is read on the result. Most placements change
//! nothing through their effects (no amputation): they are *quiet*, and
//! `after:` then reads the placed view itself.

use crate::compile::ir::{Effect, Gen, GenKind, Player, SiteRef};
use crate::engine::bitcompile::Compiler;
use crate::engine::bitcond::{BCond, BSet, BitTables, Ev, RoleBits, SELF};
use crate::engine::bitpos::{BitPos, MAX_PLAYERS, Placed, View};
use crate::engine::cond::Ctx;
use crate::engine::word::Word;

/// An effect compiled to sets.
#[derive(Debug, Clone)]
pub(crate) enum BEffect {
    RemoveAll(BSet),
    ConvertAll(BSet),
    Groups {
        of: BSet,
        when: BCond,
        remove: BCond,
        convert: BCond,
    },
    If(BCond, Vec<BEffect>, Vec<BEffect>),
}

/// A placement generator's filters on sets.
#[derive(Debug, Clone)]
pub(crate) struct BitFilter {
    check: Option<BCond>,
    /// Its `then:` effects, when they compile (always when it has an
    /// `after:`).
    effects: Option<Vec<BEffect>>,
    after: Option<BCond>,
    /// Its verdicts may be reused on another position
    /// ([`crate::engine::verdicts`]): the filters, effects and the game's roles
    /// name no site of the step but the subject and the destination.
    reusable: bool,
}

/// What the filters say of a candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FilterVerdict {
    /// It passes them.
    pub legal: bool,
    /// Its effects were simulated and change nothing.
    pub quiet: bool,
}

impl BitFilter {
    /// The filters of `g` on sets: a placement with a `check:` or an
    /// `after:` whose clauses compile (and its effects, for `after:`).
    pub fn compile(c: &mut Compiler, g: &Gen) -> Option<BitFilter> {
        if !matches!(g.kind, GenKind::Place { .. }) || g.check.is_none() && g.after.is_none() {
            return None;
        }
        let check = match &g.check {
            Some(k) => Some(c.cond_with(k, false)?),
            None => None,
        };
        let effects = effects(c, &g.then);
        let after = match &g.after {
            Some(a) => {
                effects.as_ref()?;
                Some(c.cond_with(a, true)?)
            }
            None => None,
        };
        let ok = |r: SiteRef| matches!(r, SiteRef::Subject | SiteRef::To);
        let reusable = check.as_ref().is_none_or(|k| k.names_only(&ok))
            && after.as_ref().is_none_or(|a| a.names_only(&ok))
            && effects
                .as_deref()
                .is_none_or(|e| e.iter().all(|e| e.names_only(&ok)))
            && c.roles().iter().all(|r| match r {
                Some(RoleBits::Cond { cond, .. }) => cond.names_only(&ok),
                _ => true,
            });
        Some(BitFilter {
            check,
            effects,
            after,
            reusable,
        })
    }

    /// True if its verdicts may be reused on another position (see the
    /// field).
    pub fn reusable(&self) -> bool {
        self.reusable
    }

    /// The verdict on the placement of `ctx` (its destination `ctx.to`,
    /// for `ctx.player`) on `base`, the position before it; `None` when
    /// the destination is not empty (the interpreter tells).
    pub fn verdict<W: Word>(
        &self,
        t: &BitTables<W>,
        base: &mut BitPos<W>,
        ctx: &Ctx,
    ) -> Option<FilterVerdict> {
        if ctx.to as usize >= W::SITES || base.occ() & W::bit(ctx.to) != W::ZERO {
            return None;
        }
        let mut v = Placed::new(base, t, ctx.to, ctx.player);
        self.judge(t, &mut v, ctx).map(|(v, _)| v)
    }

    /// [`BitFilter::verdict`], with its footprint: the sites of `base`
    /// whose owners it read (every site when the effects changed the
    /// position). On a position whose owners agree with `base`'s on the
    /// footprint, the verdict for the same placement (destination, player
    /// and generator) is the same.
    pub fn verdict_traced<W: Word>(
        &self,
        t: &BitTables<W>,
        base: &mut BitPos<W>,
        ctx: &Ctx,
    ) -> Option<(FilterVerdict, W)> {
        if ctx.to as usize >= W::SITES || base.occ() & W::bit(ctx.to) != W::ZERO {
            return None;
        }
        let mut v = Placed::new(base, t, ctx.to, ctx.player);
        let (verdict, whole) = self.judge(t, &mut v, ctx)?;
        let foot = if whole {
            t.board.all
        } else {
            v.footprint(&t.board)
        };
        Some((verdict, foot))
    }

    /// The verdict on the placement `v`, and whether it read a position
    /// the effects changed (its footprint is then the whole board).
    fn judge<W: Word>(
        &self,
        t: &BitTables<W>,
        v: &mut Placed<W>,
        ctx: &Ctx,
    ) -> Option<(FilterVerdict, bool)> {
        let fail = FilterVerdict {
            legal: false,
            quiet: false,
        };
        if self.check.as_ref().is_some_and(|c| !c.holds(t, v, ctx)) {
            return Some((fail, false));
        }
        let Some(after) = &self.after else {
            return Some((
                FilterVerdict {
                    legal: true,
                    quiet: false,
                },
                false,
            ));
        };
        let effects = self.effects.as_deref()?;
        Some(match run(effects, t, v, ctx) {
            None => (
                FilterVerdict {
                    legal: after.holds(t, v, ctx),
                    quiet: true,
                },
                false,
            ),
            Some(mut next) => (
                FilterVerdict {
                    legal: after.holds(t, &mut next, ctx),
                    quiet: false,
                },
                true,
            ),
        })
    }

    /// True if listing candidates simulates their effects (the filter
    /// has an `after:`).
    pub fn simulates(&self) -> bool {
        self.after.is_some() && self.effects.is_some()
    }

    /// True if the effects compiled and change nothing on `pos`, the
    /// position after the move itself.
    pub fn quiet<W: Word>(&self, t: &BitTables<W>, pos: &mut BitPos<W>, ctx: &Ctx) -> bool {
        self.effects
            .as_deref()
            .is_some_and(|e| run(e, t, pos, ctx).is_none())
    }
}

/// `then:` compiled, if every effect compiles.
fn effects(c: &mut Compiler, list: &[Effect]) -> Option<Vec<BEffect>> {
    list.iter().map(|e| effect(c, e)).collect()
}

fn effect(c: &mut Compiler, e: &Effect) -> Option<BEffect> {
    Some(match e {
        Effect::RemoveAll(s) => BEffect::RemoveAll(c.set_of(s)?),
        Effect::ConvertAll(s) => BEffect::ConvertAll(c.set_of(s)?),
        Effect::Groups {
            of,
            when,
            remove,
            convert,
        } => {
            // Judged once per group, at its first site met: the same
            // wherever in the group when it reads the site only through
            // its group.
            let when = c.cond_with(when, true)?;
            if when.dep(c.roles()) > crate::engine::bitcond::Dep::Group {
                return None;
            }
            BEffect::Groups {
                of: c.set_of(of)?,
                when,
                remove: c.cond_with(remove, true)?,
                convert: c.cond_with(convert, true)?,
            }
        }
        Effect::If(k, a, b) => BEffect::If(c.cond_with(k, true)?, effects(c, a)?, effects(c, b)?),
        _ => return None,
    })
}

impl BEffect {
    /// [`BCond::names_only`] of an effect.
    fn names_only(&self, ok: &impl Fn(SiteRef) -> bool) -> bool {
        match self {
            BEffect::RemoveAll(s) | BEffect::ConvertAll(s) => s.names_only(ok),
            BEffect::Groups {
                of,
                when,
                remove,
                convert,
            } => {
                of.names_only(ok)
                    && when.names_only(ok)
                    && remove.names_only(ok)
                    && convert.names_only(ok)
            }
            BEffect::If(c, a, b) => {
                c.names_only(ok)
                    && a.iter().all(|e| e.names_only(ok))
                    && b.iter().all(|e| e.names_only(ok))
            }
        }
    }
}

/// Simulates `effects` on `v`: `None` when they remove and convert
/// nothing, else the position after them.
fn run<V: View>(
    effects: &[BEffect],
    t: &BitTables<V::W>,
    v: &mut V,
    ctx: &Ctx,
) -> Option<BitPos<V::W>> {
    for (i, e) in effects.iter().enumerate() {
        if let Some(mut next) = apply(e, t, v, ctx) {
            return Some(run(&effects[i + 1..], t, &mut next, ctx).unwrap_or(next));
        }
    }
    None
}

/// Simulates one effect on `v` (see [`run`]).
fn apply<V: View>(e: &BEffect, t: &BitTables<V::W>, v: &mut V, ctx: &Ctx) -> Option<BitPos<V::W>> {
    let zero = V::W::ZERO;
    match e {
        BEffect::If(c, a, b) => {
            let branch = if c.holds(t, v, ctx) { a } else { b };
            run(branch, t, v, ctx)
        }
        BEffect::RemoveAll(s) => {
            let x = s.eval_in(t, v, ctx);
            v.note(x);
            let gone = x & v.occ();
            (gone != zero).then(|| changed(v, gone, zero, ctx.player))
        }
        BEffect::ConvertAll(s) => {
            let x = s.eval_in(t, v, ctx);
            v.note(x);
            let turned = x & v.occ() & !v.own(ctx.player);
            (turned != zero).then(|| changed(v, zero, turned, ctx.player))
        }
        BEffect::Groups {
            of,
            when,
            remove,
            convert,
        } => {
            let x = of.eval_in(t, v, ctx);
            v.note(x);
            let (mut rest, mut gone, mut turned) = (x & v.occ(), zero, zero);
            while rest != zero {
                let s = rest.lowest();
                let g = v.group(&t.board, s) | V::W::bit(s);
                rest &= !g;
                let here = Ctx {
                    subject: s,
                    anchor: s,
                    ..*ctx
                };
                if when.holds(t, v, &here) {
                    let mut e = Ev { t, v, ctx: *ctx };
                    let r = remove.sub(&mut e, SELF, g);
                    gone |= r;
                    turned |= convert.sub(&mut e, SELF, g & !r);
                }
            }
            (gone | turned != zero).then(|| changed(v, gone, turned, ctx.player))
        }
    }
}

/// The position of `v` with `gone` removed and `turned` converted to
/// `player`, the lists of removed and converted sites grown.
fn changed<V: View>(v: &V, gone: V::W, turned: V::W, player: Player) -> BitPos<V::W> {
    let mut own = [V::W::ZERO; MAX_PLAYERS];
    for (p, o) in own.iter_mut().enumerate() {
        *o = v.own(p as Player) & !gone & !turned;
    }
    if let Some(o) = own.get_mut(player as usize) {
        *o |= turned;
    }
    let mut pos = BitPos::new(&own);
    pos.removed = v.removed() | gone;
    pos.converted = v.converted() | turned;
    pos
}
