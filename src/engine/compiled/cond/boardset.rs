//! Whole-board site sets compiled: a `(where C)` whose condition reads
//! only each site, the sites of one such set not in another (`minus`),
//! and the sites `reach`ed from one through the sites of a condition.
//! They are read as site sets of the state's own width ([`Bits`]), a
//! `reach` a whole frontier at a time, where the reference
//! (`State::set_into`) tests the condition site by site through the
//! rule's tree. Genocide's Amoeba toggle (docs/games/genocide.md) removes,
//! at every Battle, each stack not joined to its player's home row
//! through stacks of its own: `(remove-all (minus (where (holds-only))
//! (reach (where (and (in "Home") (holds-only))) (holds-only))))`.

use super::around::neighbour_words;
use super::sitepred::Tree;
use crate::board::Site;
use crate::compile::ir::{Game, Player, SiteRef, SiteSet};
use crate::engine::State;
use crate::engine::bits::{Bits, MAX_WORDS, load};
use crate::engine::word::Word;

/// A whole-board site set, compiled (see the module's documentation).
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum BoardSet {
    /// The sites where the tree holds.
    Where(Tree),
    /// The sites of the first set that are not in the second.
    Minus(Box<BoardSet>, Box<BoardSet>),
    /// The sites reached from a set through the sites of a tree.
    Reach(Box<Reach>),
}

/// A compiled `reach`: the sites of `from` where `through` holds, and
/// every site joined to one of them by board adjacency through sites
/// where `through` holds.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Reach {
    from: BoardSet,
    through: Tree,
    /// Per site, the [`stride`](crate::engine::bits::stride) words of its
    /// neighbours' set.
    nbr: Vec<u64>,
}

impl BoardSet {
    /// `set` compiled, when it is one of the sets above, each condition
    /// reading only its own site, on a board of at most `MAX_WORDS`
    /// words of sites.
    pub(crate) fn compile(set: &SiteSet, game: &Game) -> Option<BoardSet> {
        if game.board.len() > MAX_WORDS * 64 {
            return None;
        }
        Some(match set {
            SiteSet::Where(c) => BoardSet::Where(Tree::compile(c, SiteRef::Subject, game)?),
            SiteSet::Minus(a, b) => BoardSet::Minus(
                Box::new(BoardSet::compile(a, game)?),
                Box::new(BoardSet::compile(b, game)?),
            ),
            SiteSet::Reach(from, c) => BoardSet::Reach(Box::new(Reach {
                from: BoardSet::compile(from, game)?,
                through: Tree::compile(c, SiteRef::Subject, game)?,
                nbr: neighbour_words(game),
            })),
            _ => return None,
        })
    }

    /// Calls `each` on its sites for `player`, in the board's order (the
    /// reference's order for each of these sets).
    pub(crate) fn each_on_board(&self, st: &State, player: Player, each: &mut dyn FnMut(Site)) {
        fn of<const W: usize>(
            b: &BoardSet,
            st: &State,
            player: Player,
            each: &mut dyn FnMut(Site),
        ) {
            b.bits::<W>(st, player).iter().for_each(each);
        }
        match st.tables.stride {
            1 => of::<1>(self, st, player, each),
            2 => of::<2>(self, st, player, each),
            4 => of::<4>(self, st, player, each),
            _ => of::<MAX_WORDS>(self, st, player, each),
        }
    }

    /// Its sites for `player`, `W` being the state's own width.
    pub(crate) fn bits<const W: usize>(&self, st: &State, player: Player) -> Bits<W> {
        match self {
            BoardSet::Where(t) => t.eval(st, player, st.tables.all_bits()),
            BoardSet::Minus(a, b) => match (&**a, &**b) {
                // The sites of a condition not reached through it (the
                // stacks Amoeba cuts off): the condition read once.
                (BoardSet::Where(t), BoardSet::Reach(r)) if *t == r.through => {
                    let through = t.eval(st, player, st.tables.all_bits());
                    through.minus(r.flood(st, player, through))
                }
                _ => a.bits(st, player).minus(b.bits(st, player)),
            },
            BoardSet::Reach(r) => {
                let through = r.through.eval(st, player, st.tables.all_bits());
                r.flood(st, player, through)
            }
        }
    }
}

impl Reach {
    /// The sites reached for `player`, `through` being the sites where
    /// its condition holds: a breadth-first search, one frontier a
    /// round.
    fn flood<const W: usize>(&self, st: &State, player: Player, through: Bits<W>) -> Bits<W> {
        let mut done = self.from.bits::<W>(st, player) & through;
        let mut todo = done;
        while !todo.is_empty() {
            let next = todo
                .iter()
                .fold(Bits::ZERO, |m, s| m | load::<W>(&self.nbr, s as usize * W));
            todo = (next & through).minus(done);
            done |= todo;
        }
        done
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::ir::{Cond, Effect};
    use crate::engine::Move;
    use crate::engine::cond::Ctx;
    use rand::{RngExt, SeedableRng};
    use std::sync::Arc;

    /// A game on a 6 × 6 board where both players place stones anywhere;
    /// with `then`, each placement runs it.
    fn game(then: &str) -> Arc<Game> {
        let src = format!(
            r#"(game "t" (players 2) (board (square 6 6)) (piece "P")
                (region "Home" (per-player (row 0) (row 5)))
                (play (place "P" to:Empty{then})))"#
        );
        Arc::new(Game::from_source("t", &src, &Default::default()).unwrap())
    }

    /// The stones of the player not joined to their home row (row 1 for
    /// the first player, row 6 for the second) through stones of their
    /// own, as a `remove-all` of [`game`] names them; and every stack not
    /// joined to it so (the first set is read otherwise: its condition
    /// differs from the reach's).
    const CUT_OFF: [&str; 2] = [
        r#" then:{(remove-all (minus (where Mine)
            (reach (where (and (in "Home") Mine)) Mine)))}"#,
        r#" then:{(remove-all (minus (where (not Empty))
            (reach (where (in "Home")) Mine)))}"#,
    ];

    /// The sites joined to `seeds` through `ok`, found by a search of
    /// the test's own over the board's neighbour lists.
    fn flood(game: &Game, seeds: &[Site], ok: &dyn Fn(Site) -> bool) -> Vec<Site> {
        let mut seen = vec![false; game.board.len()];
        let mut todo: Vec<Site> = seeds.iter().copied().filter(|&s| ok(s)).collect();
        todo.iter().for_each(|&s| seen[s as usize] = true);
        while let Some(s) = todo.pop() {
            for n in game.board.neighbours(s) {
                if !seen[n as usize] && ok(n) {
                    seen[n as usize] = true;
                    todo.push(n);
                }
            }
        }
        (0..game.board.len() as Site)
            .filter(|&s| seen[s as usize])
            .collect()
    }

    #[test]
    fn reach_and_minus_agree_with_a_search_of_their_own_and_the_reference() {
        let g = game("");
        // The home rows as the game built them, player by player.
        let home = |p: Player, s: Site| g.regions[0][p as usize][s as usize];
        for (k, text) in CUT_OFF.iter().enumerate() {
            let rule = game(text);
            let Effect::RemoveAll(set) = &rule.gens[0].then[0] else {
                panic!("a remove-all");
            };
            let compiled = BoardSet::compile(set, &g).expect("compiles");
            assert!(matches!(compiled, BoardSet::Minus(..)));
            let mut cut = 0;
            for seed in 0..20 {
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                let mut st = State::new(g.clone());
                for _ in 0..rng.random_range(0..30) {
                    let moves: Vec<Move> = st.legal_moves();
                    let m = moves[rng.random_range(0..moves.len())];
                    st.play(&m).unwrap();
                }
                for p in 0..2u8 {
                    let mine = |s: Site| st.height(s) > 0 && st.top_owner(s) == Some(p);
                    let outer = |s: Site| if k == 0 { mine(s) } else { st.height(s) > 0 };
                    let seeds: Vec<Site> = (0..36).filter(|&s| home(p, s)).collect();
                    let joined = flood(&g, &seeds, &mine);
                    let want: Vec<Site> = (0..36)
                        .filter(|&s| outer(s) && !joined.contains(&s))
                        .collect();
                    cut += want.len();
                    let mut got = Vec::new();
                    compiled.each_on_board(&st, p, &mut |s| got.push(s));
                    assert_eq!(got, want, "set {k}, player {p}, game {seed}");
                    let mut reference = Vec::new();
                    st.set_into(set, &Ctx::at(p, 0), &mut reference);
                    assert_eq!(got, reference, "set {k}, player {p}, game {seed}");
                }
            }
            // The games left stones cut off from home to find.
            assert!(cut > 0, "set {k}");
        }
    }

    #[test]
    fn sets_that_read_a_site_or_another_shape_are_left_to_the_reference() {
        let g = game("");
        let empty = || Box::new(Cond::Empty(SiteRef::Subject));
        let near = SiteSet::Neighbours(SiteRef::To, empty());
        assert!(BoardSet::compile(&near, &g).is_none());
        let minus = SiteSet::Minus(Box::new(SiteSet::Where(empty())), Box::new(near));
        assert!(BoardSet::compile(&minus, &g).is_none());
        let reach = SiteSet::Reach(Box::new(SiteSet::Where(empty())), empty());
        assert!(BoardSet::compile(&reach, &g).is_some());
    }
}
