//! `(any (group R C))` compiled: the group of the stack at a site (the
//! sites joined to it by board adjacency through stacks of the same top
//! owner) has a member where `C` holds. Hex's win (docs/games/hex.md):
//! the new stone's group touches both of the mover's sides, `(and (any
//! (group To (in "Near"))) (any (group To (in "Far"))))`.
//!
//! The reference (`State::eval` of [`Cond::Any`] of [`SiteSet::Group`])
//! floods the group site by site and tests `C` on each member; here the
//! group grows a whole frontier at a time as a site set of the state's
//! width, and stops as soon as it meets a site of `C`'s set.
//!
//! [`Cond::Any`]: crate::compile::ir::Cond::Any
//! [`SiteSet::Group`]: crate::compile::ir::SiteSet::Group

use super::sitepred::Tree;
use crate::board::Site;
use crate::compile::ir::{Game, Player};
use crate::engine::State;
use crate::engine::bits::{Bits, MAX_WORDS, load, stride};

/// A compiled `(any (group R C))` (see the module's documentation).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct GroupHas {
    /// `C`, each member its own subject.
    member: Tree,
    /// Per site, the [`stride`] words of its neighbours' set.
    nbr: Vec<u64>,
}

impl GroupHas {
    /// The test of a group's members by `member`, on `game`'s board.
    pub(crate) fn new(member: Tree, game: &Game) -> GroupHas {
        GroupHas {
            member,
            nbr: neighbour_words(game),
        }
    }

    /// True when the group of the stack at `s` has a member where the
    /// tree holds for `player`; false at an empty site (its group has no
    /// member).
    pub(crate) fn holds(&self, st: &State, player: Player, s: Site) -> bool {
        match st.tables.stride {
            1 => self.holds_in::<1>(st, player, s),
            2 => self.holds_in::<2>(st, player, s),
            4 => self.holds_in::<4>(st, player, s),
            _ => self.holds_in::<MAX_WORDS>(st, player, s),
        }
    }

    /// [`GroupHas::holds`], `W` being the state's own width.
    fn holds_in<const W: usize>(&self, st: &State, player: Player, s: Site) -> bool {
        let Some(owner) = st.top_owner(s) else {
            return false;
        };
        let target = self.member.eval::<W>(st, player, st.tables.all_bits());
        if target.is_empty() {
            return false;
        }
        let through: Bits<W> = st.occ.owned(owner);
        let mut done = Bits::<W>::single(s);
        let mut todo = done;
        while !todo.is_empty() {
            if !todo.and(target).is_empty() {
                return true;
            }
            let next = todo.iter().fold(Bits::EMPTY, |m, t| {
                m.or(load::<W>(&self.nbr, t as usize * W))
            });
            todo = next.and(through).minus(done);
            done = done.or(todo);
        }
        false
    }

    /// The sites of `all` where it holds, each tested alone.
    pub(crate) fn eval<const W: usize>(&self, st: &State, player: Player, all: Bits<W>) -> Bits<W> {
        all.iter()
            .filter(|&s| self.holds(st, player, s))
            .fold(Bits::EMPTY, |acc, s| acc.or(Bits::single(s)))
    }
}

/// Per site of `game`'s board, its neighbours (every board direction) as
/// [`stride`] words, as [`load`] reads them.
pub(crate) fn neighbour_words(game: &Game) -> Vec<u64> {
    let board = &game.board;
    let w = stride(board.len());
    let mut out = vec![0u64; board.len() * w];
    for s in 0..board.len() {
        for n in board.neighbours(s as Site) {
            out[s * w + n as usize / 64] |= 1 << (n % 64);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::compile::ir::{Cond, SiteRef, SiteSet};
    use crate::compile::{Game, Options};
    use crate::engine::State;
    use crate::engine::compiled::cond::sitepred::Tree;
    use crate::engine::cond::Ctx;
    use rand::{RngExt, SeedableRng};
    use std::sync::Arc;

    /// On seeded Hex and Go games, `(any (group Subject C))` compiled
    /// agrees at every site with the reference's flood, for conditions
    /// that hold at many, few and no sites (both sides' edges, the board's
    /// corner, nowhere), and the compiled test both holds and fails.
    #[test]
    fn a_group_test_agrees_with_the_reference_flood() {
        let mut seen = [false; 2];
        for (name, sets) in [("hex", vec!["size=7"]), ("go", vec!["size=9"])] {
            let opts = Options::from_sets(&sets).unwrap();
            let game = Arc::new(Game::load(name, &opts).unwrap());
            let regions: Vec<_> = (0..game.regions.len())
                .map(|r| Cond::In(SiteRef::Subject, r as _))
                .collect();
            let mut conds = regions;
            conds.push(Cond::Empty(SiteRef::Subject));
            conds.push(Cond::False);
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
            let mut st = State::new(game.clone());
            for _ in 0..40 {
                let moves = st.legal_moves();
                if moves.is_empty() || st.outcome().is_some() {
                    break;
                }
                st.play(&moves[rng.random_range(0..moves.len())]).unwrap();
                for c in &conds {
                    let any = Cond::Any(SiteSet::Group(SiteRef::Subject, Box::new(c.clone())));
                    let tree = Tree::compile(&any, SiteRef::Subject, &game).expect("compiles");
                    for p in 0..2 {
                        for s in 0..game.board.len() as u16 {
                            let ctx = Ctx::at(p, s);
                            let want = st.eval(&any, &ctx);
                            let got = tree.holds(&st, p, s);
                            assert_eq!(got, want, "{name} {c:?} player {p} site {s}");
                            seen[usize::from(got)] = true;
                        }
                    }
                }
            }
        }
        assert_eq!(seen, [true, true], "the test both held and failed");
    }
}
