//! The kernel's moves and perft: a step's moves listed from word sets,
//! made on a copy of the position, the turns of chained hops followed path
//! by path, as the interpreter plays them ([`crate::engine::perft`]).

use super::compile::{At, KEffect, KGen, Kernel, MAX_CONDS, NONE};
use super::cond::classes;
use super::pos::KPos;
use crate::board::Site;
use crate::engine::turns::MAX_TURNS;
use crate::engine::word::{Word, sites};

/// A move of the kernel: its generator (index into [`Kernel::gens`]), its
/// origin, the jumped site of a hop ([`NONE`] for a step), its destination
/// (places in the kernel's sets, [`Kernel::bit`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct KMove {
    pub gen_ix: u16,
    pub from: u8,
    pub over: u8,
    pub to: u8,
}

/// The sites where each condition of [`Kernel::conds`] holds on one
/// position.
pub(crate) type Masks<W> = [W; MAX_CONDS];

/// [`Kernel::make`]: an effect ended the turn.
pub(crate) const ENDED: u8 = 1;
/// [`Kernel::make`]: the step removed a stack.
pub(crate) const CAPTURED: u8 = 2;

/// Why the kernel hands a perft back to the interpreter mid-walk: a move
/// it does not make (onto a stack, or making a stack of two owners), a
/// chain as long as the board, or more turns from one position than the
/// interpreter lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Refused;

impl<W: Word> Kernel<W> {
    /// The generator `g`, compiled.
    #[inline(always)]
    fn compiled(&self, g: u16) -> &KGen<W> {
        &self.gens[g as usize]
    }

    /// The sites where each condition of [`Kernel::conds`] holds on `p`.
    #[inline(always)]
    fn masks(&self, p: &KPos<W>) -> Masks<W> {
        let classes = classes(p, self.board, self.cap);
        let mut sets = [W::ZERO; MAX_CONDS];
        for (set, c) in sets.iter_mut().zip(&self.conds) {
            *set = c.sites(&classes, p.mover);
        }
        sets
    }

    /// Calls `visit` on each move of generators `gens` on `p`, only from
    /// the sites of `only` (`masks`: the conditions on `p`); the number of
    /// moves, or the first error of `visit`. A direction's moves are found
    /// at once: the origins that have a neighbour that way, shifted by its
    /// offset (twice for a hop).
    #[inline(always)]
    pub(crate) fn each_of(
        &self,
        p: &KPos<W>,
        masks: &Masks<W>,
        gens: &[u16],
        only: W,
        visit: &mut impl FnMut(KMove) -> Result<(), Refused>,
    ) -> Result<usize, Refused> {
        let m = p.mover as usize;
        let mut moves = 0;
        for &g in gens {
            let k = self.compiled(g);
            let origins = p.own[m] & only & masks[usize::from(k.from)];
            if origins == W::ZERO {
                continue;
            }
            let to = masks[usize::from(k.to)];
            let over = masks[usize::from(k.over)];
            for &(off, has) in &k.dirs[m] {
                // The destinations, and how far back their origins are.
                let (dests, back) = if k.hop {
                    let o = (origins & has).shift(off) & over;
                    ((o & has).shift(off) & to, 2 * off)
                } else {
                    ((origins & has).shift(off) & to, off)
                };
                for t in sites(dests) {
                    let t = i32::from(t);
                    moves += 1;
                    visit(KMove {
                        gen_ix: g,
                        from: (t - back) as u8,
                        over: if k.hop { (t - off) as u8 } else { NONE },
                        to: t as u8,
                    })?;
                }
            }
        }
        Ok(moves)
    }

    /// [`Kernel::each_of`] from the one site `from`: each condition
    /// tested at the sites a move would read, not computed over the board
    /// (a chain's continuation, listed after every capture).
    #[inline(always)]
    fn each_from(
        &self,
        p: &KPos<W>,
        gens: &[u16],
        from: u8,
        visit: &mut impl FnMut(KMove) -> Result<(), Refused>,
    ) -> Result<usize, Refused> {
        let m = p.mover as usize;
        let b = W::bit(Site::from(from));
        if p.own[m] & b == W::ZERO {
            return Ok(0);
        }
        let holds = |c: u8, at: W| self.conds[usize::from(c)].holds(p, at);
        let mut moves = 0;
        for &g in gens {
            let k = self.compiled(g);
            if !holds(k.from, b) {
                continue;
            }
            for &(off, has) in &k.dirs[m] {
                let mut t = (b & has).shift(off);
                let mut o = NONE;
                if k.hop && t != W::ZERO {
                    if !holds(k.over, t) {
                        continue;
                    }
                    o = t.lowest() as u8;
                    t = (t & has).shift(off);
                }
                if t == W::ZERO || !holds(k.to, t) {
                    continue;
                }
                moves += 1;
                visit(KMove {
                    gen_ix: g,
                    from,
                    over: o,
                    to: t.lowest() as u8,
                })?;
            }
        }
        Ok(moves)
    }

    /// Calls `visit` on each legal move of `p`: those of the first
    /// priority level that has any; none once the game is decided. The
    /// number of moves, or the first error of `visit`.
    #[inline(always)]
    pub(crate) fn each(
        &self,
        p: &KPos<W>,
        visit: &mut impl FnMut(KMove) -> Result<(), Refused>,
    ) -> Result<usize, Refused> {
        if p.decided {
            return Ok(0);
        }
        let masks = self.masks(p);
        for level in &self.levels {
            let moves = self.each_of(p, &masks, level, self.board, visit)?;
            if moves > 0 {
                return Ok(moves);
            }
        }
        Ok(0)
    }

    /// Makes `mv` on `n`, a copy of the position it was listed on: the
    /// step and its effects (the mover unchanged). Whether an effect ended
    /// the turn ([`ENDED`]) and whether the step removed a stack
    /// ([`CAPTURED`]).
    #[inline(always)]
    pub(crate) fn make(&self, n: &mut KPos<W>, mv: KMove) -> Result<u8, Refused> {
        let k = self.compiled(mv.gen_ix);
        let (f, t) = (W::bit(Site::from(mv.from)), W::bit(Site::from(mv.to)));
        // The moved stack's height, as the effects find it at `to`.
        let h = n.height(f);
        let mut flags = 0;
        if k.capture {
            let gone = if k.hop {
                W::bit(Site::from(mv.over))
            } else {
                t
            };
            if n.lvl[0] & gone != W::ZERO {
                n.clear(gone);
                flags |= CAPTURED;
            }
        }
        if n.lvl[0] & t != W::ZERO {
            return Err(Refused);
        }
        n.shift(f, t);
        let acts = k.acts[n.mover as usize & 1]
            .get(h)
            .copied()
            .unwrap_or(self.board);
        if acts & t != W::ZERO && self.run(&k.then, n, mv)? {
            flags |= ENDED;
        }
        Ok(flags)
    }

    /// Runs effects `es` of move `mv` on `n`: whether one ended the turn.
    fn run(&self, es: &[KEffect<W>], n: &mut KPos<W>, mv: KMove) -> Result<bool, Refused> {
        let mut ended = false;
        for e in es {
            ended |= match e {
                KEffect::If(c, at, a, b) => {
                    let s = site(mv, *at);
                    let holds = s != W::ZERO && c.holds(n, s);
                    self.run(if holds { a } else { b }, n, mv)?
                }
                KEffect::Push {
                    at,
                    n: count,
                    kind_given,
                    top_owner,
                } => {
                    self.push(n, site(mv, *at), *count, *kind_given, *top_owner)?;
                    false
                }
                KEffect::EndTurn => true,
                KEffect::Decide => {
                    n.decided = true;
                    true
                }
            };
        }
        Ok(ended)
    }

    /// A push of `count` pieces on the site of set `b` (as the
    /// interpreter's: nothing without an owner and a kind, nothing past
    /// the stack limit); refused when it would make a stack of two owners.
    fn push(
        &self,
        n: &mut KPos<W>,
        b: W,
        count: usize,
        kind_given: bool,
        top_owner: bool,
    ) -> Result<(), Refused> {
        let owner = [0, 1]
            .into_iter()
            .find(|&q| n.own[q as usize] & b != W::ZERO);
        let who = if top_owner { owner } else { Some(n.mover) };
        let (Some(who), true) = (who, kind_given || owner.is_some()) else {
            return Ok(());
        };
        if count == 0 || n.height(b) >= self.cap {
            return Ok(());
        }
        if owner.is_some_and(|q| q != who) {
            return Err(Refused);
        }
        n.push(b, who, count, self.cap);
        Ok(())
    }

    /// Perft from `root`: the leaves `depth` turns deep, every leaf made;
    /// `Err` when the kernel hands the walk back ([`Refused`]).
    pub(crate) fn perft(&self, root: &KPos<W>, depth: u32) -> Result<u64, Refused> {
        if depth == 0 {
            return Ok(1);
        }
        self.count(root, depth)
    }

    /// Leaves `depth ≥ 1` turns below `p`.
    fn count(&self, p: &KPos<W>, depth: u32) -> Result<u64, Refused> {
        if depth == 1 {
            return self.leaves(p);
        }
        let (mut turns, mut total) = (0, 0);
        self.each(p, &mut |mv| {
            let mut n = *p;
            let flags = self.make(&mut n, mv)?;
            total += self.after(n, flags, mv, depth, 1, &mut turns)?;
            Ok(())
        })?;
        // Turns past one a move come from chains, which test as they go.
        too_many(turns)?;
        Ok(total)
    }

    /// [`Kernel::count`] one turn deep: each turn of `p` made, a leaf (a
    /// loop of its own, the walk's hottest, without the recursion's
    /// state).
    #[inline(never)]
    fn leaves(&self, p: &KPos<W>) -> Result<u64, Refused> {
        let (mut turns, mut total) = (0, 0);
        self.each(p, &mut |mv| {
            let mut n = *p;
            let flags = self.make(&mut n, mv)?;
            // A capture's turn may go on: its leaves are its paths' ends.
            if flags == CAPTURED
                && !self.compiled(mv.gen_ix).chain.is_empty()
                && let Some(below) = self.chain(&n, mv, 1, 1, &mut turns)?
            {
                total += below;
                return Ok(());
            }
            turns += 1;
            n.mover ^= 1;
            // A leaf: made, and counted.
            std::hint::black_box(&n);
            total += 1;
            Ok(())
        })?;
        too_many(turns)?;
        Ok(total)
    }

    /// Leaves below position `n`, made by step `mv` (its [`Kernel::make`]
    /// flags `flags`), the `steps`-th of its turn: the chained steps that
    /// follow it, or the turn's end (counted in `turns`, the turns from
    /// the position where the turn began).
    #[inline(always)]
    fn after(
        &self,
        mut n: KPos<W>,
        flags: u8,
        mv: KMove,
        depth: u32,
        steps: usize,
        turns: &mut usize,
    ) -> Result<u64, Refused> {
        if flags == CAPTURED
            && !self.compiled(mv.gen_ix).chain.is_empty()
            && let Some(below) = self.chain(&n, mv, depth, steps, turns)?
        {
            return Ok(below);
        }
        *turns += 1;
        n.mover ^= 1;
        if depth == 1 {
            // A leaf: made, and counted.
            std::hint::black_box(&n);
            return Ok(1);
        }
        self.count(&n, depth - 1)
    }

    /// The leaves below the chained steps that go on from `n` after step
    /// `mv` (which removed a stack), or `None` when the piece cannot go on
    /// (the turn ends).
    #[inline(never)]
    fn chain(
        &self,
        n: &KPos<W>,
        mv: KMove,
        depth: u32,
        steps: usize,
        turns: &mut usize,
    ) -> Result<Option<u64>, Refused> {
        if steps >= self.bit.len() {
            return Err(Refused);
        }
        let chain = &self.compiled(mv.gen_ix).chain;
        let mut total = 0;
        let went_on = self.each_from(n, chain, mv.to, &mut |c| {
            let mut next = *n;
            let flags = self.make(&mut next, c)?;
            total += self.after(next, flags, c, depth, steps + 1, turns)?;
            too_many(*turns)
        })?;
        Ok((went_on > 0).then_some(total))
    }
}

/// Refused when `turns`, the turns counted from one position, are more
/// than the interpreter lists ([`MAX_TURNS`]).
#[inline(always)]
fn too_many(turns: usize) -> Result<(), Refused> {
    if turns > MAX_TURNS {
        Err(Refused)
    } else {
        Ok(())
    }
}

/// The set of the site of `mv` that `at` names (empty for a step's
/// jumped site).
#[inline(always)]
fn site<W: Word>(mv: KMove, at: At) -> W {
    let s = match at {
        At::From => mv.from,
        At::To => mv.to,
        At::Over => mv.over,
    };
    if s == NONE {
        W::ZERO
    } else {
        W::bit(Site::from(s))
    }
}
