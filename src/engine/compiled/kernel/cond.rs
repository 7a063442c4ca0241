//! The kernel's conditions: a rule condition on one site (`from:`,
//! `over:`, `to:`, or an `if` of `then:` about one of the step's sites) as
//! a [`Table`] of the sites where it holds, read with a few word
//! operations on a [`KPos`].
//!
//! The kernel takes a condition that reads only the site's own stack and
//! what the board says of the site (its regions) ([`local`]): whether it
//! holds is then fixed by the mover, the site and the stack's class
//! (empty, or the mover's or the other player's of each height,
//! [`classes`]). Nothing is compiled here: the table is the reference
//! interpreter's answer, asked ahead of play on a board filled with
//! stacks of each class in turn ([`Table::of`]), so the kernel cannot
//! give a condition another meaning than the reference gives it. The
//! sites where a condition holds on a position are then the union of each
//! class's sites and its mask, and whether it holds at one site one
//! lookup.

use super::pos::{KPos, MAX_LEVELS};
use crate::board::Site;
use crate::compile::ir::{Cond, SiteRef};
use crate::engine::State;
use crate::engine::cond::Ctx;
use crate::engine::word::Word;

/// Whether `c` reads only the stack of the site `at` names and the
/// board's regions there (as the mover sees them): empty, whose, which
/// kind, mixed, how tall, in a region, constants, and `and`/`or`/`not` of
/// them. Such a condition is fixed by the mover, the site and its stack's
/// class; the kernel takes no other.
pub(crate) fn local(c: &Cond, at: SiteRef) -> bool {
    match c {
        Cond::True | Cond::False => true,
        Cond::Empty(r)
        | Cond::Mine(r)
        | Cond::Holds(r)
        | Cond::HoldsOnly(r)
        | Cond::Enemy(r)
        | Cond::Kind(r, _)
        | Cond::Mixed(r)
        | Cond::Height(r, _, _)
        | Cond::In(r, _) => *r == at,
        Cond::And(cs) | Cond::Or(cs) => cs.iter().all(|c| local(c, at)),
        Cond::Not(c) => local(c, at),
        _ => false,
    }
}

/// A copy of a state on which conditions are tabulated ([`Table::of`]):
/// its board is emptied and filled with one class of stack at a time.
pub(crate) struct ClassBoard {
    st: State,
}

impl ClassBoard {
    /// Boards for `state`'s game (its rules, regions and tables).
    pub(crate) fn new(state: &State) -> ClassBoard {
        let mut st = state.clone();
        st.set_journaling(false);
        ClassBoard { st }
    }

    /// Fills every site with a stack of `height` pieces of the game's
    /// first kind owned by `owner`, `mover` to move.
    fn fill(&mut self, mover: u8, owner: u8, height: usize) {
        let st = &mut self.st;
        st.clear(mover);
        let piece = st.game.piece(0, owner);
        for site in 0..st.game.board.len() as Site {
            for _ in 0..height {
                st.push_piece(site, piece);
            }
        }
    }

    /// Whether `c` holds at `site` (every site of the step being `site`),
    /// by the reference interpreter, for `mover`.
    fn holds(&self, c: &Cond, mover: u8, site: Site) -> bool {
        let ctx = Ctx {
            to: site,
            over: site,
            ..Ctx::at(mover, site)
        };
        self.st.eval(c, &ctx)
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
    /// The table of `c`, a condition [`local`] to the site `at`, with
    /// stacks of at most `cap` (≤ [`MAX_LEVELS`]) and `bit[site]` each
    /// site's place in the kernel's sets: the reference's answer at every
    /// site of `boards`'s board filled with each class in turn; `None`
    /// when `c` is not local to `at`.
    pub(crate) fn of(
        boards: &mut ClassBoard,
        c: &Cond,
        at: SiteRef,
        cap: usize,
        bit: &[u8],
    ) -> Option<Table<W>> {
        if !local(c, at) {
            return None;
        }
        let cap = cap.min(MAX_LEVELS);
        let mut masks = [[W::ZERO; MAX_CLASSES]; 2];
        for (m, row) in (0u8..).zip(masks.iter_mut()) {
            for rel in 0..2 {
                for h in 0..=cap {
                    boards.fill(m, if rel == 0 { m } else { 1 - m }, h);
                    row[class_of(rel, h, cap)] = (0 as Site..)
                        .zip(bit)
                        .filter(|&(site, _)| boards.holds(c, m, site))
                        .fold(W::ZERO, |b, (_, &i)| b | W::bit(Site::from(i)));
                }
            }
        }
        Some(Table { masks, cap })
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

#[cfg(test)]
mod tests {
    use super::super::compile::Kernel;
    use super::*;
    use crate::compile::ir::Cmp;
    use crate::engine::bits::Bits;
    use crate::engine::tests::{game, positions};

    /// Steps that may stack on one's own (stacks of two appear), a region
    /// per player.
    const RULES: &str = r#"(game "T" (players 2) (board (square 4 4)) (piece "Man")
        (stack-limit 2) (region "Home" (per-player (row 0) (row 3)))
        (setup (fill "Man" P1 (row 0)) (fill "Man" P2 (row 3)))
        (play (step dirs:{N S E W} to:(or Empty Mine)))
        (end (no-moves Loss)))"#;

    #[test]
    fn tables_give_the_references_answer_at_every_site_of_every_position_tried() {
        let s = SiteRef::Subject;
        let not = |c| Cond::Not(Box::new(c));
        let conds = [
            Cond::Height(s, Cmp::Eq, 1),
            Cond::Height(s, Cmp::Gt, 1),
            Cond::And(vec![Cond::In(s, 0), Cond::Height(s, Cmp::Le, 1)]),
            Cond::Or(vec![Cond::Enemy(s), Cond::Empty(s)]),
            not(Cond::Mine(s)),
            Cond::Kind(s, 0),
            not(Cond::Mixed(s)),
        ];
        let start = State::new(game(RULES));
        let k = Kernel::<Bits<1>>::compile(&start).expect("the kernel takes the rules");
        let mut boards = ClassBoard::new(&start);
        let (mut held, mut failed) = (0, 0);
        for c in &conds {
            let t = Table::<Bits<1>>::of(&mut boards, c, s, k.cap, &k.bit).expect("local");
            for st in positions(&start, 4, 30) {
                let p = k.start(&st, 1).expect("a position of the kernel's kind");
                for site in 0..16 {
                    let want = st.eval(c, &Ctx::at(p.mover, site));
                    let b = Bits::<1>::bit(Site::from(k.bit[site as usize]));
                    assert_eq!(t.holds(&p, b), want, "{c:?} at {site} in {st:?}");
                    if want { held += 1 } else { failed += 1 }
                }
            }
        }
        // Both answers were met: the comparison could fail either way.
        assert!(held > 100 && failed > 100, "{held} held, {failed} failed");
    }

    #[test]
    fn conditions_on_other_sites_or_other_things_are_not_local() {
        assert!(local(&Cond::Empty(SiteRef::To), SiteRef::To));
        assert!(!local(&Cond::Empty(SiteRef::To), SiteRef::Subject));
        assert!(!local(&Cond::Unmoved(SiteRef::Subject), SiteRef::Subject));
        let mixed = Cond::And(vec![Cond::Empty(SiteRef::To), Cond::Mine(SiteRef::From)]);
        assert!(!local(&mixed, SiteRef::To));
    }
}
