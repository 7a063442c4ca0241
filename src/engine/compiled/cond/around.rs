//! A site's neighbours or its group, compiled, with a condition on their
//! members: `(any (neighbours R C))`, `(count (neighbours R C))` and
//! `(any (group R C))`, `R` being the site asked about.
//!
//! - Hex's win (docs/games/hex.md): the new stone's group touches both of
//!   the mover's sides, `(and (any (group To (in "Near"))) (any (group To
//!   (in "Far"))))`.
//! - Dots and Boxes' boxes (docs/games/dotsandboxes.md): a line closes a
//!   box next to it, `(any (neighbours To "Closed"))`, a box whose four
//!   sides are drawn, `(equal (count (neighbours (not Empty))) 4)`.
//!
//! The reference (`State::eval` of [`Cond::Any`] and `num` of
//! [`Num::Count`]) walks the neighbours or floods the group site by site
//! and evaluates `C` on each member through the rule's tree. Here `C` is
//! a compiled tree: tested on each neighbour (a handful of sites, where
//! site sets would cost more than they save), and, for a group, read as
//! a site set of the state's width (one word per 64 sites) while the
//! group grows a whole frontier at a time, stopping, for `any`, at the
//! first member where `C` holds.
//!
//! [`Cond::Any`]: crate::compile::ir::Cond::Any
//! [`Num::Count`]: crate::compile::ir::Num::Count

use super::sitepred::Tree;
use crate::board::Site;
use crate::compile::ir::{Game, Player};
use crate::engine::State;
use crate::engine::bits::{Bits, MAX_WORDS, load, stride};
use crate::engine::word::Word;

/// The most neighbours of a site that [`Around::each`] lists.
pub(crate) const MAX_NEIGHBOURS: usize = 16;

/// The sites around a site that [`Around`] reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reach {
    /// Its neighbours (every board direction).
    Neighbours,
    /// The group of its stack: the sites joined to it by board adjacency
    /// through stacks of the same top owner, itself included; none at an
    /// empty site.
    Group,
}

/// The members of a site's neighbours or group where a tree holds (see
/// the module's documentation).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Around {
    reach: Reach,
    /// `C`, each member its own subject.
    member: Tree,
    /// `C` reads only kept sets ([`Tree::is_flat`]): the neighbours
    /// where it holds are read as a set.
    flat: bool,
    /// Per site, the [`stride`] words of its neighbours' set.
    nbr: Vec<u64>,
}

/// Calls `$f::<W>` with `W` the state's width.
macro_rules! by_width {
    ($st:expr, $f:ident ( $($arg:expr),* )) => {
        match $st.tables.stride {
            1 => $f::<1>($($arg),*),
            2 => $f::<2>($($arg),*),
            4 => $f::<4>($($arg),*),
            _ => $f::<MAX_WORDS>($($arg),*),
        }
    };
}

impl Around {
    /// The members of `reach` tested by `member`, on `game`'s board.
    pub(crate) fn new(reach: Reach, member: Tree, game: &Game) -> Around {
        Around {
            reach,
            flat: member.is_flat(),
            member,
            nbr: neighbour_words(game),
        }
    }

    /// True when a member around `s` satisfies the tree for `player`.
    pub(crate) fn any(&self, st: &State, player: Player, s: Site) -> bool {
        fn go<const W: usize>(a: &Around, st: &State, player: Player, s: Site) -> bool {
            match a.reach {
                Reach::Neighbours => !a.near::<W>(st, player, s).is_empty(),
                Reach::Group => a.group_has::<W>(st, player, s),
            }
        }
        match self.reach {
            Reach::Neighbours if !self.flat => st
                .game
                .board
                .neighbours(s)
                .any(|n| self.member.holds(st, player, n)),
            _ => by_width!(st, go(self, st, player, s)),
        }
    }

    /// How many members around `s` satisfy the tree for `player`.
    pub(crate) fn count(&self, st: &State, player: Player, s: Site) -> usize {
        fn go<const W: usize>(a: &Around, st: &State, player: Player, s: Site) -> usize {
            match a.reach {
                Reach::Neighbours => a.near::<W>(st, player, s).ones() as usize,
                Reach::Group => (a.group::<W>(st, s) & a.everywhere(st, player)).ones() as usize,
            }
        }
        match self.reach {
            Reach::Neighbours if !self.flat => st
                .game
                .board
                .neighbours(s)
                .filter(|&n| self.member.holds(st, player, n))
                .count(),
            _ => by_width!(st, go(self, st, player, s)),
        }
    }

    /// True when a site of `game` has few enough neighbours for
    /// [`Around::each`] to sort them on the stack (at most
    /// [`MAX_NEIGHBOURS`]).
    pub(crate) fn fits(game: &Game) -> bool {
        game.board.directions().len() <= MAX_NEIGHBOURS
    }

    /// Calls `each` on the members around `s` where the tree holds for
    /// `player`, in board order, each once (the reference's order:
    /// `State::set_into` sorts a site's neighbours and its group). A
    /// board of more than [`MAX_NEIGHBOURS`] directions (see
    /// [`Around::fits`]) lists at most that many neighbours.
    pub(crate) fn each(&self, st: &State, player: Player, s: Site, each: &mut impl FnMut(Site)) {
        fn go<const W: usize>(a: &Around, st: &State, player: Player, s: Site) -> Bits<W> {
            match a.reach {
                Reach::Neighbours => a.near::<W>(st, player, s),
                Reach::Group => a.group::<W>(st, s) & a.everywhere(st, player),
            }
        }
        match self.reach {
            Reach::Neighbours if !self.flat => {
                let mut near = [0 as Site; MAX_NEIGHBOURS];
                let mut k = 0;
                for n in st.game.board.neighbours(s) {
                    if k < MAX_NEIGHBOURS && self.member.holds(st, player, n) {
                        near[k] = n;
                        k += 1;
                    }
                }
                let near = &mut near[..k];
                near.sort_unstable();
                let mut last = None;
                for &n in near.iter() {
                    if last != Some(n) {
                        each(n);
                    }
                    last = Some(n);
                }
            }
            _ => match st.tables.stride {
                1 => go::<1>(self, st, player, s).iter().for_each(each),
                2 => go::<2>(self, st, player, s).iter().for_each(each),
                4 => go::<4>(self, st, player, s).iter().for_each(each),
                _ => go::<MAX_WORDS>(self, st, player, s).iter().for_each(each),
            },
        }
    }

    /// The sites of `all` where [`Around::any`] holds, each tested alone.
    pub(crate) fn eval<const W: usize>(&self, st: &State, player: Player, all: Bits<W>) -> Bits<W> {
        all.iter()
            .filter(|&s| self.any(st, player, s))
            .fold(Bits::ZERO, |acc, s| acc | Bits::bit(s))
    }

    /// The neighbours of `s` where the tree holds, read as a set (a flat
    /// tree: see [`Around::flat`]).
    fn near<const W: usize>(&self, st: &State, player: Player, s: Site) -> Bits<W> {
        let near = load::<W>(&self.nbr, s as usize * W);
        self.member.eval::<W>(st, player, near) & near
    }

    /// The sites of the board where the tree holds.
    fn everywhere<const W: usize>(&self, st: &State, player: Player) -> Bits<W> {
        self.member.eval::<W>(st, player, st.tables.all_bits())
    }

    /// The group of the stack at `s` (none at an empty site).
    fn group<const W: usize>(&self, st: &State, s: Site) -> Bits<W> {
        let Some(owner) = st.top_owner(s) else {
            return Bits::ZERO;
        };
        let through: Bits<W> = st.occ.owned(owner);
        let mut done = Bits::<W>::bit(s);
        let mut todo = done;
        while !todo.is_empty() {
            todo = (self.next_to(todo) & through).minus(done);
            done |= todo;
        }
        done
    }

    /// True when the group of the stack at `s` has a member where the
    /// tree holds: the group grown a frontier at a time, until it meets
    /// one.
    fn group_has<const W: usize>(&self, st: &State, player: Player, s: Site) -> bool {
        let Some(owner) = st.top_owner(s) else {
            return false;
        };
        let target = self.everywhere::<W>(st, player);
        if target.is_empty() {
            return false;
        }
        let through: Bits<W> = st.occ.owned(owner);
        let mut done = Bits::<W>::bit(s);
        let mut todo = done;
        while !todo.is_empty() {
            if !(todo & target).is_empty() {
                return true;
            }
            todo = (self.next_to(todo) & through).minus(done);
            done |= todo;
        }
        false
    }

    /// The neighbours of the sites of `set`.
    fn next_to<const W: usize>(&self, set: Bits<W>) -> Bits<W> {
        set.iter()
            .fold(Bits::ZERO, |m, t| m | load::<W>(&self.nbr, t as usize * W))
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
    use crate::compile::ir::{Cmp, Cond, Num, SiteRef, SiteSet};
    use crate::compile::{Game, Options};
    use crate::engine::State;
    use crate::engine::compiled::cond::sitenum::{SiteList, SiteNum};
    use crate::engine::compiled::cond::sitepred::Tree;
    use crate::engine::cond::Ctx;
    use rand::{RngExt, SeedableRng};
    use std::sync::Arc;

    /// The sets around a site that the tests read: its neighbours and its
    /// group where `c` holds.
    fn sets(c: &Cond) -> [SiteSet; 2] {
        let c = || Box::new(c.clone());
        [
            SiteSet::Neighbours(SiteRef::Subject, c()),
            SiteSet::Group(SiteRef::Subject, c()),
        ]
    }

    /// On seeded Hex, Go and Dots and Boxes games, at every site and for
    /// both players, a site's neighbours and group where a condition
    /// holds, compiled, agree with the reference (which walks the
    /// neighbours and floods the group site by site): `any` of them,
    /// their `count` and their sites in order, for conditions that hold
    /// at many, few and no sites (each region, empty, occupied, false:
    /// read as sets) and one read site by site (two occupied neighbours
    /// or more).
    /// Each `any` both holds and fails.
    #[test]
    fn neighbours_and_groups_agree_with_the_reference() {
        let mut seen = [false; 2];
        let games = [("hex", "size=7"), ("go", "size=9"), ("dotsandboxes", "")];
        for (seed, (name, set)) in games.into_iter().enumerate() {
            let sets_given: Vec<&str> = [set].into_iter().filter(|s| !s.is_empty()).collect();
            let opts = Options::from_sets(&sets_given).unwrap();
            let game = Arc::new(Game::load(name, &opts).unwrap());
            let mut conds: Vec<Cond> = (0..game.regions.len())
                .map(|r| Cond::In(SiteRef::Subject, r as _))
                .collect();
            conds.push(Cond::Empty(SiteRef::Subject));
            conds.push(Cond::Not(Box::new(Cond::Empty(SiteRef::Subject))));
            conds.push(Cond::False);
            // Not flat (tested site by site): a site with two or more
            // occupied neighbours, Dots and Boxes' closed box in small.
            let occupied = Box::new(Cond::Not(Box::new(Cond::Empty(SiteRef::Subject))));
            let crowded = Num::Count(Box::new(SiteSet::Neighbours(SiteRef::Subject, occupied)));
            conds.push(Cond::Compare(crowded, Cmp::Ge, Num::Int(2)));
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed as u64);
            let mut st = State::new(game.clone());
            for _ in 0..40 {
                let moves = st.legal_moves();
                if moves.is_empty() || st.outcome().is_some() {
                    break;
                }
                st.play(&moves[rng.random_range(0..moves.len())]).unwrap();
                for set in conds.iter().flat_map(sets) {
                    let any = Cond::Any(set.clone());
                    let count = Num::Count(Box::new(set.clone()));
                    let tree = Tree::compile(&any, SiteRef::Subject, &game).expect("any");
                    let num = SiteNum::compile(&count, SiteRef::Subject, &game).expect("count");
                    let list = SiteList::compile(&set, SiteRef::Subject, &game).expect("list");
                    for p in 0..2 {
                        for s in 0..game.board.len() as u16 {
                            let ctx = Ctx::at(p, s);
                            let at = format!("{name} {set:?} player {p} site {s}");
                            let got = tree.holds(&st, p, s);
                            assert_eq!(got, st.eval(&any, &ctx), "{at}");
                            seen[usize::from(got)] = true;
                            assert_eq!(num.value(&st, p, s), st.num(&count, &ctx), "{at}");
                            let (mut want, mut sites) = (Vec::new(), Vec::new());
                            st.set_into(&set, &ctx, &mut want);
                            list.each(&st, p, s, &mut |x| sites.push(x));
                            assert_eq!(sites, want, "{at}");
                        }
                    }
                }
            }
        }
        assert_eq!(seen, [true, true], "the test both held and failed");
    }
}
