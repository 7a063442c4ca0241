//! Tests of one site that no set the state keeps answers: whether the
//! player holds a piece in the stack, holds it alone, whether the stack
//! is mixed, whether the site is marked. A compiled condition
//! ([`super::sitepred`]) reads them site by site, and only on the sites
//! its other clauses left (Genocide's captured toggles: `(and $capturable
//! (in To "Far") (in To "FileA") (holds-only To) (not (marked To)))` tests
//! one site, not 64).

use crate::board::Site;
use crate::compile::ir::{Cond, Player, SiteRef};
use crate::engine::State;
use crate::engine::bits::Bits;
use crate::engine::word::Word;

/// A test of the stack or the mark of one site, as the interpreter
/// answers it ([`crate::engine::cond`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SiteTest {
    /// `(holds)`: a piece of the player is in the stack.
    Holds,
    /// `(holds-only)`: the stack is not empty and every piece is the
    /// player's.
    HoldsOnly,
    /// `(mixed)`: the stack holds pieces of two players or more.
    Mixed,
    /// `(marked)`: a mark the rules see is on the site.
    Marked,
}

impl SiteTest {
    /// The test `c` is, when it is one of these on the site itself (the
    /// site `here` accepts).
    pub fn of(c: &Cond, here: impl Fn(&SiteRef) -> bool) -> Option<SiteTest> {
        match c {
            Cond::Holds(r) if here(r) => Some(SiteTest::Holds),
            Cond::HoldsOnly(r) if here(r) => Some(SiteTest::HoldsOnly),
            Cond::Mixed(r) if here(r) => Some(SiteTest::Mixed),
            Cond::Marked(r) if here(r) => Some(SiteTest::Marked),
            _ => None,
        }
    }

    /// True if it holds at site `s` of the board for `player`.
    #[inline]
    pub fn holds(self, st: &State, player: Player, s: Site) -> bool {
        match self {
            SiteTest::Holds => st.stack(s).iter().any(|&p| st.game.owner(p) == player),
            SiteTest::HoldsOnly if st.sets_current() => {
                st.top_owner(s) == Some(player) && !st.occ.is_mixed(s)
            }
            SiteTest::HoldsOnly => {
                let stack = st.stack(s);
                !stack.is_empty() && stack.iter().all(|&p| st.game.owner(p) == player)
            }
            SiteTest::Mixed => st.is_mixed(s),
            SiteTest::Marked => st.is_marked(s),
        }
    }

    /// The sites of `set` where it holds for `player`, from the state's
    /// kept sets: a stack the player holds alone is one the player tops
    /// that is not mixed, a mixed stack is in the mixed set; a stack that
    /// holds a piece of theirs is one they top, or a mixed one tested
    /// piece by piece.
    pub fn filter<const W: usize>(self, st: &State, player: Player, set: Bits<W>) -> Bits<W> {
        let mixed = st.occ.mixed::<W>();
        let (sure, set) = match self {
            SiteTest::HoldsOnly => return (set & st.occ.owned(player)).minus(mixed),
            SiteTest::Mixed => return set & mixed,
            SiteTest::Holds => {
                let mine = set & st.occ.owned(player);
                (mine, (set & mixed).minus(mine))
            }
            SiteTest::Marked => (Bits::ZERO, set),
        };
        set.iter()
            .filter(|&s| self.holds(st, player, s))
            .fold(sure, |acc, s| acc | Bits::bit(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cond::Ctx;
    use std::sync::Arc;

    /// A position written by hand, each test read at every site against
    /// the stacks as written: a1 Red alone, b1 Red on Blue (and marked),
    /// c1 Blue on Red on Red, d1 empty; the interpreter agrees.
    #[test]
    fn each_test_reads_the_stack_as_written() {
        let text = r#"(game "t" (players (player "Red") (player "Blue"))
            (board (square 1 4)) (piece "P") (stack-limit 4)
            (play (place "P" to:Empty)))"#;
        let game =
            Arc::new(crate::compile::Game::from_source("t", text, &Default::default()).unwrap());
        let at: Vec<Site> = ["a1", "b1", "c1", "d1"]
            .iter()
            .map(|l| game.board.site_by_label(l).unwrap())
            .collect();
        let mut st = State::from_position(game, "1 1:a1 2:b1 1:b1,c1*2 2:c1").unwrap();
        st.set_mark(at[1], crate::engine::state::MARK, true);
        // Per site a1..d1, for Red.
        let want = [
            (SiteTest::Holds, [true, true, true, false]),
            (SiteTest::HoldsOnly, [true, false, false, false]),
            (SiteTest::Mixed, [false, true, true, false]),
            (SiteTest::Marked, [false, true, false, false]),
        ];
        for (t, w) in want {
            for (i, &s) in at.iter().enumerate() {
                assert_eq!(t.holds(&st, 0, s), w[i], "{t:?} at {s}");
                let c = match t {
                    SiteTest::Holds => Cond::Holds(SiteRef::Subject),
                    SiteTest::HoldsOnly => Cond::HoldsOnly(SiteRef::Subject),
                    SiteTest::Mixed => Cond::Mixed(SiteRef::Subject),
                    SiteTest::Marked => Cond::Marked(SiteRef::Subject),
                };
                assert_eq!(st.eval(&c, &Ctx::at(0, s)), w[i], "{c:?} at {s}");
            }
            let all: Bits<1> = st.tables.all_bits();
            let set = t.filter(&st, 0, all);
            for (i, &s) in at.iter().enumerate() {
                assert_eq!(set.has(s), w[i], "{t:?} filtered, at {s}");
            }
        }
        // For player 1, b1 and c1 hold a piece of Blue; none is Blue's alone.
        assert!(SiteTest::Holds.holds(&st, 1, at[1]) && SiteTest::Holds.holds(&st, 1, at[2]));
        assert!(!at.iter().any(|&s| SiteTest::HoldsOnly.holds(&st, 1, s)));
    }

    #[test]
    fn only_a_test_of_the_site_itself_is_one() {
        let here = |r: &SiteRef| *r == SiteRef::Subject || *r == SiteRef::To;
        assert_eq!(
            SiteTest::of(&Cond::HoldsOnly(SiteRef::To), here),
            Some(SiteTest::HoldsOnly)
        );
        assert_eq!(
            SiteTest::of(&Cond::Marked(SiteRef::Subject), here),
            Some(SiteTest::Marked)
        );
        assert_eq!(SiteTest::of(&Cond::Holds(SiteRef::From), here), None);
        assert_eq!(SiteTest::of(&Cond::Empty(SiteRef::To), here), None);
    }
}
