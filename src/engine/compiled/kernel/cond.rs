//! The kernel's conditions: a rule condition on one site (`from:`,
//! `over:`, `to:`, or an `if` of `then:` about one of the step's sites),
//! compiled to word operations on a [`KPos`] that give every site where it
//! holds at once.
//!
//! A condition the kernel compiles reads only the site's own stack and
//! what the board says of the site (its regions): whether it holds is fixed
//! by the mover, the site and the stack's class (empty, or the mover's or
//! the other player's of each height, [`classes`]). So it is compiled to a
//! [`Table`]: for each mover and class, the sites where it holds for a
//! stack of that class. The sites where it holds on a position are then
//! the union of each class's sites and its mask, and whether it holds at
//! one site one lookup; the tree ([`KCond`]) and its program ([`Prog`])
//! are only evaluated when the table is made.
//!
//! Only the tests that a stack of one kind and one owner answers are
//! compiled: empty, the mover's, another player's, a height compared with a
//! number, a region (as the mover sees it), and `and`/`or`/`not` of them.
//! Anything else leaves the game to the interpreter ([`KCond::compile`]
//! gives `None`).

use super::pos::{KPos, MAX_LEVELS};
use crate::compile::ir::{Cmp, Cond, SiteRef};
use crate::engine::word::Word;

/// A compiled condition (see the module's documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum KCond {
    /// Every site of the board.
    True,
    /// No site.
    False,
    /// No piece on the site.
    Empty,
    /// The site's stack is the mover's.
    Mine,
    /// The site's stack is the other player's.
    Enemy,
    /// The site's stack holds at least this many pieces (≥ 1).
    AtLeast(u8),
    /// The site lies in the region (index into the kernel's region sets).
    In(u16),
    /// Every one holds.
    And(Vec<KCond>),
    /// Some one holds.
    Or(Vec<KCond>),
    /// Does not hold (on the board's sites).
    Not(Box<KCond>),
}

impl KCond {
    /// Compiles `c`, every site it names being `at` (`Subject` for the
    /// clauses of a generator, `To`, `From` or `Over` in an `if` of
    /// `then:`), for stacks of at most `cap` pieces of the game's one kind.
    /// `None` when it tests anything else or names another site.
    pub(crate) fn compile(c: &Cond, at: SiteRef, cap: usize) -> Option<KCond> {
        let here = |r: &SiteRef| *r == at;
        Some(match c {
            Cond::True => KCond::True,
            Cond::False => KCond::False,
            Cond::Empty(r) if here(r) => KCond::Empty,
            Cond::Mine(r) | Cond::Holds(r) | Cond::HoldsOnly(r) if here(r) => KCond::Mine,
            Cond::Enemy(r) if here(r) => KCond::Enemy,
            // One kind: a site holds a piece of it when it holds a piece.
            Cond::Kind(r, 0) if here(r) => KCond::Not(Box::new(KCond::Empty)),
            Cond::Mixed(r) if here(r) => KCond::False,
            Cond::Height(r, cmp, k) if here(r) => height(*cmp, *k, cap),
            Cond::In(r, region) if here(r) => KCond::In(*region),
            Cond::And(cs) => KCond::And(all(cs, at, cap)?),
            Cond::Or(cs) => KCond::Or(all(cs, at, cap)?),
            Cond::Not(c) => KCond::Not(Box::new(KCond::compile(c, at, cap)?)),
            _ => return None,
        })
    }

    /// The condition with its constant parts folded away: `and` without
    /// its `true` members, `false` if one is `false`; `or` likewise; `not`
    /// of a constant, or of a `not`. Every set an atom gives lies on the
    /// board, so `not not c` is `c`.
    pub(crate) fn simplify(self) -> KCond {
        let not = |c: KCond| KCond::Not(Box::new(c));
        match self {
            KCond::And(cs) => join(cs, KCond::True, KCond::False, KCond::And),
            KCond::Or(cs) => join(cs, KCond::False, KCond::True, KCond::Or),
            KCond::Not(c) => match c.simplify() {
                KCond::True => KCond::False,
                KCond::False => KCond::True,
                KCond::Not(c) => *c,
                c => not(c),
            },
            c => c,
        }
    }

    /// The condition as a [`Prog`] (simplified first); `None` when it
    /// nests deeper than a program's stack.
    pub(crate) fn program(self) -> Option<Prog> {
        let mut ops = Vec::new();
        let depth = self.simplify().emit(&mut ops);
        (depth <= STACK).then_some(Prog { ops })
    }

    /// Appends the condition's operations, in postfix order, to `ops`;
    /// the deepest stack they need.
    fn emit(&self, ops: &mut Vec<Op>) -> usize {
        let atom = |ops: &mut Vec<Op>, op| {
            ops.push(op);
            1
        };
        match self {
            KCond::True => atom(ops, Op::Board),
            KCond::False => atom(ops, Op::Zero),
            KCond::Empty => atom(ops, Op::Empty),
            KCond::Mine => atom(ops, Op::Mine),
            KCond::Enemy => atom(ops, Op::Enemy),
            KCond::AtLeast(k) => atom(ops, Op::Lvl(k - 1)),
            KCond::In(r) => atom(ops, Op::Region(*r)),
            KCond::And(cs) | KCond::Or(cs) => {
                let op = if matches!(self, KCond::And(_)) {
                    Op::And
                } else {
                    Op::Or
                };
                let mut deepest = 0;
                for (i, c) in cs.iter().enumerate() {
                    deepest = deepest.max(i.min(1) + c.emit(ops));
                    if i > 0 {
                        ops.push(op);
                    }
                }
                deepest.max(1)
            }
            KCond::Not(c) => {
                let d = c.emit(ops);
                ops.push(Op::Not);
                d
            }
        }
    }
}

/// `cs` joined by an `and` (`unit` true, `zero` false) or an `or` (the
/// other way), simplified.
fn join(cs: Vec<KCond>, unit: KCond, zero: KCond, make: fn(Vec<KCond>) -> KCond) -> KCond {
    let mut kept = Vec::new();
    for c in cs.into_iter().map(KCond::simplify) {
        if c == zero {
            return zero;
        }
        if c != unit {
            kept.push(c);
        }
    }
    match kept.len() {
        0 => unit,
        1 => kept.pop().unwrap_or(unit),
        _ => make(kept),
    }
}

/// The deepest stack a [`Prog`] may use.
const STACK: usize = 8;

/// One operation of a [`Prog`]: a set pushed, or the sets on top of the
/// stack combined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Op {
    Board,
    Zero,
    Empty,
    Mine,
    Enemy,
    /// The sites holding more than this many pieces.
    Lvl(u8),
    Region(u16),
    And,
    Or,
    /// The board's sites not in the top set.
    Not,
}

/// A compiled condition as a flat program of word operations (postfix),
/// run on a small stack: no tree walked, no allocation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Prog {
    ops: Vec<Op>,
}

impl Prog {
    /// The sites of `p`'s board where the condition holds for `p`'s
    /// mover; `board` is every site, `regions[r][player]` the region sets.
    #[inline]
    pub(crate) fn sites<W: Word>(&self, p: &KPos<W>, board: W, regions: &[[W; 2]]) -> W {
        let m = p.mover as usize;
        let atom = |op: Op| match op {
            Op::Board => board,
            Op::Empty => board & !p.lvl[0],
            Op::Mine => p.own[m],
            Op::Enemy => p.own[1 - m],
            Op::Lvl(k) => p.lvl.get(k as usize).copied().unwrap_or(W::ZERO),
            Op::Region(r) => regions.get(r as usize).map_or(W::ZERO, |r| r[m]),
            _ => W::ZERO,
        };
        if let [op] = self.ops[..] {
            return atom(op);
        }
        let mut st = [W::ZERO; STACK];
        let mut n = 0;
        for &op in &self.ops {
            match op {
                Op::And | Op::Or if n >= 2 => {
                    n -= 1;
                    st[n - 1] = if op == Op::And {
                        st[n - 1] & st[n]
                    } else {
                        st[n - 1] | st[n]
                    };
                }
                Op::Not if n >= 1 => st[n - 1] = board & !st[n - 1],
                Op::And | Op::Or | Op::Not => {}
                _ if n < STACK => {
                    st[n] = atom(op);
                    n += 1;
                }
                _ => {}
            }
        }
        st[0]
    }
}

/// Every condition of `cs` compiled, or `None`.
fn all(cs: &[Cond], at: SiteRef, cap: usize) -> Option<Vec<KCond>> {
    cs.iter().map(|c| KCond::compile(c, at, cap)).collect()
}

/// `height cmp k` for stacks of 0 to `cap` pieces, from "at least k".
fn height(cmp: Cmp, k: i32, cap: usize) -> KCond {
    let not = |c: KCond| KCond::Not(Box::new(c));
    match cmp {
        Cmp::Ge => at_least(k, cap),
        Cmp::Gt => at_least(k.saturating_add(1), cap),
        Cmp::Lt => not(at_least(k, cap)),
        Cmp::Le => not(at_least(k.saturating_add(1), cap)),
        Cmp::Eq => KCond::And(vec![
            at_least(k, cap),
            not(at_least(k.saturating_add(1), cap)),
        ]),
        Cmp::Ne => not(height(Cmp::Eq, k, cap)),
    }
}

/// The sites holding at least `k` pieces, stacks holding at most `cap`.
fn at_least(k: i32, cap: usize) -> KCond {
    match usize::try_from(k) {
        Err(_) | Ok(0) => KCond::True,
        Ok(k) if k > cap => KCond::False,
        Ok(k) => KCond::AtLeast(k as u8),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bits::Bits;

    /// A board of 8 sites: site 0 empty, 1 the mover's of one piece, 2 the
    /// mover's of two, 3 the other player's of one, 4 the other's of two;
    /// sites 5–7 empty. Region 0 is sites 0–3 for the mover.
    fn pos() -> (KPos<Bits<1>>, Bits<1>, Vec<[Bits<1>; 2]>) {
        let p = KPos::<Bits<1>> {
            own: [Bits([0b0110]), Bits([0b1_1000])],
            lvl: [Bits([0b1_1110]), Bits([0b1_0100])],
            ..KPos::default()
        };
        (p, Bits([0xff]), vec![[Bits([0b1111]), Bits([0b1111_0000])]])
    }

    /// The sites where `c` holds, as the bits of one word.
    fn sites(c: &Cond) -> u64 {
        let (p, board, regions) = pos();
        KCond::compile(c, SiteRef::Subject, 2)
            .and_then(KCond::program)
            .expect("compiles")
            .sites(&p, board, &regions)
            .0[0]
    }

    #[test]
    fn heights_compare_as_numbers_do() {
        let h = |cmp, k| sites(&Cond::Height(SiteRef::Subject, cmp, k));
        assert_eq!(h(Cmp::Eq, 1), 0b0_1010);
        assert_eq!(h(Cmp::Eq, 2), 0b1_0100);
        assert_eq!(h(Cmp::Eq, 0), 0b1110_0001);
        assert_eq!(h(Cmp::Eq, 3), 0);
        assert_eq!(h(Cmp::Ge, 1), 0b1_1110);
        assert_eq!(h(Cmp::Gt, 1), 0b1_0100);
        assert_eq!(h(Cmp::Lt, 2), 0b1110_1011);
        assert_eq!(h(Cmp::Le, 0), 0b1110_0001);
        assert_eq!(h(Cmp::Ge, -1), 0xff);
    }

    #[test]
    fn owners_regions_and_connectives_read_the_movers_view() {
        let s = SiteRef::Subject;
        assert_eq!(sites(&Cond::Mine(s)), 0b0110);
        assert_eq!(sites(&Cond::Enemy(s)), 0b1_1000);
        assert_eq!(sites(&Cond::Empty(s)), 0b1110_0001);
        assert_eq!(sites(&Cond::In(s, 0)), 0b1111);
        let both = Cond::And(vec![Cond::Enemy(s), Cond::In(s, 0)]);
        assert_eq!(sites(&both), 0b1000);
        let either = Cond::Or(vec![Cond::Mine(s), Cond::Empty(s)]);
        assert_eq!(sites(&either), 0b1110_0111);
        assert_eq!(sites(&Cond::Not(Box::new(either))), 0b1_1000);
        let (mut p, board, regions) = pos();
        p.mover = 1;
        let c = KCond::compile(&Cond::In(s, 0), s, 2).and_then(KCond::program);
        assert_eq!(c.unwrap().sites(&p, board, &regions), Bits([0b1111_0000]));
    }

    #[test]
    fn a_table_gives_what_the_program_gives_on_every_position_tried() {
        let s = SiteRef::Subject;
        let conds = [
            Cond::Height(s, Cmp::Eq, 1),
            Cond::And(vec![Cond::In(s, 0), Cond::Height(s, Cmp::Le, 1)]),
            Cond::Or(vec![Cond::Enemy(s), Cond::Empty(s)]),
            Cond::Not(Box::new(Cond::Mine(s))),
        ];
        let (mut p, board, regions) = pos();
        for c in &conds {
            let prog = KCond::compile(c, s, 2).and_then(KCond::program).unwrap();
            let table = Table::of(&prog, board, &regions, 2);
            for mover in 0..2 {
                p.mover = mover;
                let cls = classes(&p, board, 2);
                let want = prog.sites(&p, board, &regions);
                assert_eq!(table.sites(&cls, mover), want, "{c:?}");
                for site in 0..8 {
                    let b = Bits::<1>::bit(site);
                    assert_eq!(
                        table.holds(&p, b),
                        want & b != Bits::ZERO,
                        "{c:?} at {site}"
                    );
                }
            }
        }
    }

    #[test]
    fn constants_fold_away() {
        let s = SiteRef::Subject;
        // With stacks of at most two, "height 2" is "at least 2".
        let c = KCond::compile(&Cond::Height(s, Cmp::Eq, 2), s, 2).unwrap();
        assert_eq!(c.simplify(), KCond::AtLeast(2));
        let c = Cond::And(vec![Cond::True, Cond::Or(vec![Cond::False, Cond::Mine(s)])]);
        assert_eq!(KCond::compile(&c, s, 2).unwrap().simplify(), KCond::Mine);
        let c = Cond::Not(Box::new(Cond::Not(Box::new(Cond::Enemy(s)))));
        assert_eq!(KCond::compile(&c, s, 2).unwrap().simplify(), KCond::Enemy);
        // Nested deeper than a program's stack: not compiled.
        let mut deep = Cond::Mine(s);
        for _ in 0..12 {
            deep = Cond::Or(vec![Cond::Enemy(s), Cond::And(vec![Cond::Empty(s), deep])]);
        }
        assert!(KCond::compile(&deep, s, 2).unwrap().program().is_none());
    }

    #[test]
    fn other_sites_and_other_tests_are_not_compiled() {
        assert!(KCond::compile(&Cond::Empty(SiteRef::To), SiteRef::Subject, 2).is_none());
        assert!(KCond::compile(&Cond::Unmoved(SiteRef::Subject), SiteRef::Subject, 2).is_none());
        let mixed = Cond::And(vec![Cond::Empty(SiteRef::To), Cond::Mine(SiteRef::From)]);
        assert!(KCond::compile(&mixed, SiteRef::To, 2).is_none());
        assert_eq!(
            KCond::compile(&Cond::Empty(SiteRef::To), SiteRef::To, 2),
            Some(KCond::Empty)
        );
    }
}

/// Most classes of stack ([`classes`]): empty, and each owner's stacks of
/// each height up to [`MAX_LEVELS`].
pub(crate) const MAX_CLASSES: usize = 1 + 2 * MAX_LEVELS;

/// The class of a stack: 0 when empty; else `1 + rel × cap + height − 1`,
/// `rel` 0 for the mover's stack, 1 for the other player's.
#[inline(always)]
fn class_of(rel: usize, height: usize, cap: usize) -> usize {
    if height == 0 {
        0
    } else {
        1 + rel * cap + height - 1
    }
}

/// The sites of each class of stack on `p` (stacks of at most `cap`),
/// seen by `p`'s mover.
#[inline(always)]
pub(crate) fn classes<W: Word>(p: &KPos<W>, board: W, cap: usize) -> [W; MAX_CLASSES] {
    let mut out = [W::ZERO; MAX_CLASSES];
    out[0] = board & !p.lvl[0];
    let m = p.mover as usize;
    for h in 1..=cap.min(MAX_LEVELS) {
        let above = p.lvl.get(h).copied().unwrap_or(W::ZERO);
        let exactly = p.lvl[h - 1] & !above;
        out[class_of(0, h, cap)] = p.own[m] & exactly;
        out[class_of(1, h, cap)] = p.own[1 - m] & exactly;
    }
    out
}

/// A condition as a table (see the module's documentation):
/// `masks[mover][class]`, the sites where it holds for a stack of that
/// class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Table<W> {
    masks: [[W; MAX_CLASSES]; 2],
    /// The stack limit the classes are counted with.
    cap: usize,
}

impl<W: Word> Table<W> {
    /// The table of `prog` on a board of sites `board` with stacks of at
    /// most `cap` (≤ [`MAX_LEVELS`]), `regions[r][player]` the region
    /// sets: `prog` evaluated once on a board filled with each class.
    pub(crate) fn of(prog: &Prog, board: W, regions: &[[W; 2]], cap: usize) -> Table<W> {
        let cap = cap.min(MAX_LEVELS);
        let mut masks = [[W::ZERO; MAX_CLASSES]; 2];
        for (m, row) in masks.iter_mut().enumerate() {
            for rel in 0..2 {
                for h in 0..=cap {
                    let mut p = KPos {
                        mover: m as u8,
                        ..KPos::default()
                    };
                    if h > 0 {
                        p.own[if rel == 0 { m } else { 1 - m }] = board;
                        p.lvl.iter_mut().take(h).for_each(|l| *l = board);
                    }
                    row[class_of(rel, h, cap)] = prog.sites(&p, board, regions);
                }
            }
        }
        Table { masks, cap }
    }

    /// The sites where the condition holds on the position whose stacks'
    /// classes are `cls` ([`classes`]), for `mover`.
    #[inline(always)]
    pub(crate) fn sites(&self, cls: &[W; MAX_CLASSES], mover: u8) -> W {
        // Every class, unused ones empty: a loop of known length, unrolled.
        let row = &self.masks[mover as usize & 1];
        (0..MAX_CLASSES).fold(W::ZERO, |acc, c| acc | cls[c] & row[c])
    }

    /// The sites where the condition holds for a stack of `mover`'s
    /// (`rel` 0) or the other player's (`rel` 1) of `height` (0: empty).
    pub(crate) fn for_class(&self, mover: u8, rel: usize, height: usize) -> W {
        let c = class_of(rel, height.min(self.cap), self.cap);
        self.masks[mover as usize & 1][c]
    }

    /// Whether the condition holds on `p` at the site of set `b` (one
    /// site), for `p`'s mover.
    #[inline(always)]
    pub(crate) fn holds(&self, p: &KPos<W>, b: W) -> bool {
        let m = p.mover as usize & 1;
        let rel = usize::from(p.own[m] & b == W::ZERO);
        self.masks[m][class_of(rel, p.height(b), self.cap)] & b != W::ZERO
    }
}
