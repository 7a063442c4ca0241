//! The whole-board sets a game's heuristic counts read, compiled once per
//! game: `(count (where C))` and `(pieces-in (where C))` in a `(term …)`
//! (and in its sums, differences and `if`s) are answered from site sets
//! ([`BoardSet`]) instead of testing `C` site by site through the rule's
//! tree. Genocide's terms (docs/games/genocide.md) count, at every step a
//! greedy player judges, the home squares each player holds alone and
//! the checkers on the enemy's squares.

use super::boardset::BoardSet;
use crate::compile::heuristics::TermKind;
use crate::compile::ir::{Cond, Game, Num, Player, SiteSet};
use crate::engine::State;
use crate::engine::bits::{Bits, MAX_WORDS};
use crate::engine::word::Word;

/// The compiled sets of a game's heuristic counts, each beside the set it
/// answers for (looked up by equality: a game has a handful).
#[derive(Debug, Clone, Default)]
pub(crate) struct HeuristicSets(Vec<(SiteSet, BoardSet)>);

impl HeuristicSets {
    /// The sets counted by `game`'s number terms that compile.
    pub(crate) fn of(game: &Game) -> HeuristicSets {
        let mut out = HeuristicSets::default();
        for t in &game.heuristics {
            if let TermKind::Num(n) = &t.kind {
                out.collect(n, game);
            }
        }
        out
    }

    /// Adds the counted sets of `n` (as the heuristic reads them).
    fn collect(&mut self, n: &Num, game: &Game) {
        match n {
            Num::Count(set) | Num::PiecesIn(set) => {
                if self.get(set).is_none()
                    && let Some(b) = BoardSet::compile(set, game)
                {
                    self.0.push(((**set).clone(), b));
                }
            }
            Num::Add(v) => v.iter().for_each(|x| self.collect(x, game)),
            Num::Sub(a, b) => {
                self.collect(a, game);
                self.collect(b, game);
            }
            Num::If(c, a, b) => {
                if let Cond::Compare(x, _, y) = &**c {
                    self.collect(x, game);
                    self.collect(y, game);
                }
                self.collect(a, game);
                self.collect(b, game);
            }
            _ => {}
        }
    }

    /// The compiled form of `set`, if it has one.
    pub(crate) fn get(&self, set: &SiteSet) -> Option<&BoardSet> {
        self.0
            .iter()
            .find(|(s, _)| std::ptr::eq(s, set) || s == set)
            .map(|(_, b)| b)
    }

    /// How many sets are compiled.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }
}

impl State {
    /// `(count SET)` (`pieces` false) or `(pieces-in SET)` (true) for
    /// `player`, from the compiled set the tables keep for the game's
    /// heuristic counts; `None` when `set` has none or the state's site
    /// sets are not kept up to date (the reference then counts).
    pub(crate) fn heuristic_count(
        &self,
        set: &SiteSet,
        player: Player,
        pieces: bool,
    ) -> Option<i64> {
        if !self.occ.kept() || self.pending_sets.is_some() {
            return None;
        }
        let b = self.tables.heuristic_sets.get(set)?;
        fn of<const W: usize>(b: &BoardSet, st: &State, p: Player, pieces: bool) -> i64 {
            let bits: Bits<W> = b.bits(st, p);
            match pieces {
                true => bits.iter().map(|s| st.height(s) as i64).sum(),
                false => i64::from(bits.ones()),
            }
        }
        Some(match self.tables.stride {
            1 => of::<1>(b, self, player, pieces),
            2 => of::<2>(b, self, player, pieces),
            4 => of::<4>(b, self, player, pieces),
            _ => of::<MAX_WORDS>(b, self, player, pieces),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{NO_SITE, Site};
    use crate::compile::heuristics::TermKind;
    use crate::engine::Move;
    use crate::engine::cond::Ctx;
    use rand::{RngExt, SeedableRng};
    use std::sync::Arc;

    /// Steps that stack onto any stack (mixed stacks of both players)
    /// and mark where they land: each counted set of the terms, read
    /// compiled, agrees with the interpreter's `(count …)` and
    /// `(pieces-in …)` for both players along seeded random games, and
    /// with a count made here from the stacks for the home squares held
    /// alone.
    #[test]
    fn counted_sets_agree_with_the_interpreter() {
        let text = r#"(game "t" (players (player "A" forward:N) (player "B" forward:S))
             (board (square 4 4 adjacency:All)) (piece "P") (stack-limit 6)
             (region "Home" (side Backward))
             (setup (fill "P" P1 (row 0)) (fill "P" P2 (row 3)))
             (play {
               (step from:(holds-only) to:(not Empty) then:(mark To))
               (step from:(holds-only) to:Empty then:(clear-marks)) })
             (heuristics
               (term 1 (count (where (and (in "Home") (holds-only)))))
               (term 1 (pieces-in (where Enemy)))
               (term 1 (if (less-than (count (where (equal (height) 1))) 3)
                  (pieces-in (where (and (mixed) (not (marked))))) 0))
               (term 1 (sub (count (where (holds))) (count (minus (where (holds))
                  (reach (where (in "Home")) (holds))))))))"#;
        let game =
            Arc::new(crate::compile::Game::from_source("t", text, &Default::default()).unwrap());
        let mut sets = Vec::new();
        let mut each = |n: &Num| {
            if let Num::Count(s) | Num::PiecesIn(s) = n {
                sets.push((n.clone(), (**s).clone(), matches!(n, Num::PiecesIn(_))));
            }
        };
        for t in &game.heuristics {
            if let TermKind::Num(n) = &t.kind {
                walk(n, &mut each);
            }
        }
        assert_eq!(sets.len(), 6);
        let st = State::new(game.clone());
        assert_eq!(st.tables.heuristic_sets.len(), 6);
        let home = &game.regions[0];
        let mut seen = 0;
        for seed in 0..10 {
            let mut st = State::new(game.clone());
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut moves: Vec<Move> = Vec::new();
            for _ in 0..60 {
                for p in 0..2 {
                    for (n, set, pieces) in &sets {
                        let want = st.num(n, &Ctx::at(p, NO_SITE));
                        assert_eq!(st.heuristic_count(set, p, *pieces), Some(want), "{n:?}");
                    }
                    let alone = (0..game.board.len() as Site)
                        .filter(|&s| home[p as usize][s as usize])
                        .filter(|&s| {
                            let stack = st.stack(s);
                            !stack.is_empty() && stack.iter().all(|&x| game.owner(x) == p)
                        })
                        .count() as i64;
                    assert_eq!(st.heuristic_count(&sets[0].1, p, false), Some(alone));
                }
                seen += 1;
                st.legal_moves_into(&mut moves);
                if moves.is_empty() {
                    break;
                }
                st.play_unchecked(&moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(seen > 300, "{seen}");
    }

    /// Calls `f` on `n` and every number inside it.
    fn walk(n: &Num, f: &mut impl FnMut(&Num)) {
        f(n);
        match n {
            Num::Add(v) => v.iter().for_each(|x| walk(x, f)),
            Num::Sub(a, b) => {
                walk(a, f);
                walk(b, f);
            }
            Num::If(c, a, b) => {
                if let Cond::Compare(x, _, y) = &**c {
                    walk(x, f);
                    walk(y, f);
                }
                walk(a, f);
                walk(b, f);
            }
            _ => {}
        }
    }
}
