//! How many pieces the rules can ever put on the board, read from the
//! rule IR alone: the setup, and every move and effect that makes pieces
//! or gives them to another player. The dense action space
//! ([`crate::compile::ActionSpace`]) numbers a stack move's counts up to
//! it rather than up to the engine's stack limit.
//!
//! The bound holds in every game played from the setup (or from any
//! position within it, [`PieceBound::admits`]):
//!
//! - a game that makes no piece (no `place`, `push`, growth or
//!   `push-each`) never has more pieces than its setup; unless pieces
//!   change owner (`convert`, `swap`, a group converted), no player ever
//!   has more than their setup's;
//! - a `push-each` with `max:(sub N (pieces))` (a limited supply:
//!   Genocide's growth) stops when the mover has `N` pieces, so a player
//!   never has more than `N` or their setup's, whichever is more, as long
//!   as no piece changes owner (a converted piece would let the loser's
//!   supply make it again);
//! - anything else that makes pieces (`place` from an unlimited supply, a
//!   `push` of any number, Ex nihilo's growth, a `push-each` without such a
//!   supply) sets no bound: the stack limit is the only one.

use crate::compile::ir::{Cond, Effect, Game, Num};
use crate::compile::ir_moves::GenKind;

/// The most pieces the board can hold in any game played from the setup
/// ([`Game::piece_bound`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceBound {
    /// Per player, in turn order: the most pieces that player can own on
    /// the board at once.
    pub per_player: Vec<usize>,
    /// The most pieces on the board at once, whoever owns them.
    pub total: usize,
}

impl PieceBound {
    /// The most pieces any one player can own at once.
    pub fn most_per_player(&self) -> usize {
        self.per_player.iter().copied().max().unwrap_or(0)
    }

    /// True when a position whose players own `counts` pieces (in turn
    /// order) is within the bound, so that every game played on from it
    /// stays within it too; `counts` shorter than the players' list
    /// stands for 0 pieces of the players left out.
    pub fn admits(&self, counts: &[usize]) -> bool {
        counts.iter().sum::<usize>() <= self.total
            && counts
                .iter()
                .enumerate()
                .all(|(p, &n)| self.per_player.get(p).is_some_and(|&b| n <= b))
    }
}

/// What the rules' moves and effects do to the number of pieces.
#[derive(Debug, Default)]
struct Makers {
    /// Some move or effect makes pieces without a limit.
    unbounded: bool,
    /// The largest `N` of a `push-each … max:(sub N (pieces))`.
    supply: Option<i64>,
    /// Some move or effect gives pieces to another player.
    owners_change: bool,
}

impl Makers {
    /// Reads one effect (and the effects inside it).
    fn effect(&mut self, e: &Effect) {
        match e {
            Effect::If(_, yes, no) => yes.iter().chain(no).for_each(|x| self.effect(x)),
            Effect::ForEachPlayer(v) => v.iter().for_each(|x| self.effect(x)),
            Effect::Push { .. } | Effect::Grow { .. } => self.unbounded = true,
            Effect::PushEach { max, .. } => match limited_supply(max.as_ref()) {
                Some(n) => self.supply = Some(self.supply.map_or(n, |s| s.max(n))),
                None => self.unbounded = true,
            },
            Effect::ConvertAll(_) => self.owners_change = true,
            Effect::Groups { convert, .. } => self.owners_change |= *convert != Cond::False,
            Effect::Remove(_)
            | Effect::EndTurn
            | Effect::MarkAll(..)
            | Effect::Again(_)
            | Effect::RemoveAll(_)
            | Effect::SetCounter(..)
            | Effect::AddCounter(..)
            | Effect::Mark(_)
            | Effect::Battle { .. }
            | Effect::Throw { .. }
            | Effect::SetKind(..)
            | Effect::Flip(_)
            | Effect::ClearMarks
            | Effect::Result(..)
            | Effect::MoveStack(..) => {}
        }
    }

    /// Reads one generator's kind (its effects are read apart).
    fn generator(&mut self, kind: &GenKind) {
        match kind {
            GenKind::Place { .. } => self.unbounded = true,
            GenKind::Swap { .. } => self.owners_change = true,
            GenKind::Step(_)
            | GenKind::Hop(_)
            | GenKind::Slide(_)
            | GenKind::Leap(_)
            | GenKind::Relocate(_)
            | GenKind::Select { .. }
            | GenKind::Sow { .. }
            | GenKind::Advance(_)
            | GenKind::Rotate { .. }
            | GenKind::Pass
            | GenKind::EndPhase
            | GenKind::Flip(_) => {}
        }
    }
}

/// `N` of a `push-each`'s `max:(sub N (pieces))`: pieces are pushed only
/// while the mover (who owns them) has fewer than `N`.
fn limited_supply(max: Option<&Num>) -> Option<i64> {
    match max? {
        Num::Sub(n, pieces) => match (n.as_ref(), pieces.as_ref()) {
            (Num::Int(n), Num::Pieces) => Some((*n).max(0)),
            _ => None,
        },
        _ => None,
    }
}

impl Game {
    /// The most pieces the board (and each player) can hold in any game
    /// played from the setup (module doc), or None when the rules make
    /// pieces without a limit.
    pub fn piece_bound(&self) -> Option<PieceBound> {
        let mut makers = Makers::default();
        for g in &self.gens {
            makers.generator(&g.kind);
            g.then
                .iter()
                .chain(&g.finally)
                .for_each(|e| makers.effect(e));
        }
        for phase in &self.phases {
            phase.auto.iter().for_each(|e| makers.effect(e));
        }
        let mut setup = vec![0usize; self.num_players()];
        for (_, stack) in &self.setup {
            for &piece in stack {
                if let Some(n) = setup.get_mut(usize::from(self.owner(piece))) {
                    *n += 1;
                }
            }
        }
        let setup_total: usize = setup.iter().sum();
        match makers {
            Makers {
                unbounded: true, ..
            } => None,
            Makers {
                supply: Some(_),
                owners_change: true,
                ..
            } => None,
            Makers {
                supply: Some(n), ..
            } => {
                let n = usize::try_from(n).unwrap_or(usize::MAX);
                let per_player: Vec<usize> = setup.iter().map(|&s| s.max(n)).collect();
                let total = per_player.iter().fold(0usize, |a, &b| a.saturating_add(b));
                Some(PieceBound { per_player, total })
            }
            Makers {
                owners_change: true,
                ..
            } => Some(PieceBound {
                per_player: vec![setup_total; setup.len()],
                total: setup_total,
            }),
            Makers { .. } => Some(PieceBound {
                per_player: setup,
                total: setup_total,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::Options;
    use crate::engine::State;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::sync::Arc;

    /// The bound of a 3×3 stack game: White three pieces on row 1, Black
    /// two on row 3, moves `play` and more clauses `more`.
    fn bound(play: &str, more: &str) -> Option<PieceBound> {
        let text = format!(
            r#"(game "T" (players 2) (board (square 3 3)) (piece "A") (stack-limit 20)
                 (setup (fill "A" P1 (sites "a1" "b1" "c1")) (fill "A" P2 (sites "a3" "b3")))
                 {more} (play {play}) (end (no-moves Loss)))"#
        );
        Game::from_source("t.game", &text, &Options::default())
            .expect("the rules compile")
            .piece_bound()
    }

    fn within(per_player: &[usize], total: usize) -> Option<PieceBound> {
        Some(PieceBound {
            per_player: per_player.to_vec(),
            total,
        })
    }

    #[test]
    fn without_pieces_made_the_setup_is_the_bound() {
        assert_eq!(bound("(step)", ""), within(&[3, 2], 5));
        // Pieces removed make no new ones.
        assert_eq!(
            bound("(step to:(not Mine) then:(remove To))", ""),
            within(&[3, 2], 5)
        );
    }

    #[test]
    fn a_limited_supply_bounds_each_player_by_it_or_their_setup() {
        let grow = r#"(step then:(push-each (where (holds-only)) 1 "A" max:(sub 4 (pieces))))"#;
        // White starts with 3 and Black with 2: each grows to 4.
        assert_eq!(bound(grow, ""), within(&[4, 4], 8));
        let grow = r#"(step then:(push-each (where (holds-only)) 1 "A" max:(sub 2 (pieces))))"#;
        // White's setup is already above a supply of 2.
        assert_eq!(bound(grow, ""), within(&[3, 2], 5));
    }

    #[test]
    fn pieces_made_without_a_limit_set_no_bound() {
        assert_eq!(bound(r#"(place "A" to:Empty)"#, ""), None);
        assert_eq!(bound("(step then:(push To 1))", ""), None);
        let no_max = r#"(step then:(push-each (where (holds-only)) 1 "A"))"#;
        assert_eq!(bound(no_max, ""), None);
        // A supply counted otherwise than by the mover's pieces.
        let other = r#"(step then:(push-each (where (holds-only)) 1 "A" max:(sub 4 (count (where Mine)))))"#;
        assert_eq!(bound(other, ""), None);
    }

    #[test]
    fn pieces_that_change_owner_leave_the_total() {
        let convert = "(step then:(convert-all (neighbours To Enemy)))";
        // Either player may come to own all five.
        assert_eq!(bound(convert, ""), within(&[5, 5], 5));
        // A supply made again by its loser: no bound.
        let both = r#"(step then:{(convert-all (neighbours To Enemy))
                         (push-each (where (holds-only)) 1 "A" max:(sub 4 (pieces)))})"#;
        assert_eq!(bound(both, ""), None);
    }

    #[test]
    fn admits_a_position_within_each_players_bound_and_the_total() {
        let b = PieceBound {
            per_player: vec![4, 3],
            total: 6,
        };
        assert!(b.admits(&[4, 2]) && b.admits(&[1]) && b.admits(&[]));
        assert!(!b.admits(&[5, 0]) && !b.admits(&[4, 3]) && !b.admits(&[0, 0, 1]));
        assert_eq!(b.most_per_player(), 4);
    }

    /// Genocide's numbers as docs/games/genocide.md gives them: 60
    /// checkers of each colour by default (the `supply` toggle), 8 of
    /// them on the back row at the start; Ex nihilo makes its discs from
    /// nothing (docs/games/exnihilo.md).
    #[test]
    fn shipped_stack_games_are_bounded_as_their_rules_say() {
        let load = |name, sets: &[&str]| {
            Game::load(name, &Options::from_sets(sets).expect("toggles"))
                .expect(name)
                .piece_bound()
        };
        assert_eq!(load("genocide", &[]), within(&[60, 60], 120));
        assert_eq!(load("genocide", &["supply=5"]), within(&[8, 8], 16));
        assert_eq!(
            load("overpopulation", &["supply=20"]),
            within(&[32, 32], 64)
        );
        assert_eq!(load("exnihilo", &[]), None);
    }

    /// Seeded random games of every shipped game never hold more pieces
    /// than the bound allows (counted on the board, player by player).
    #[test]
    fn random_games_of_every_shipped_game_stay_within_the_bound() {
        for name in crate::compile::shipped_games() {
            let game = Arc::new(Game::load(name, &Options::default()).expect(name));
            let Some(b) = game.piece_bound() else {
                continue;
            };
            let mut rng = ChaCha8Rng::seed_from_u64(5);
            for _ in 0..3 {
                let mut st = State::new(game.clone());
                for _ in 0..6000 {
                    let counts = owned(&game, &st);
                    assert!(b.admits(&counts), "{name}: {counts:?} beyond {b:?}");
                    let steps = st.legal_moves();
                    if steps.is_empty() || st.outcome().is_some() {
                        break;
                    }
                    st.play_unchecked(&steps[rng.random_range(0..steps.len())]);
                }
            }
        }
    }

    /// The pieces each player owns on the board of `st`, counted stack by
    /// stack.
    fn owned(game: &Game, st: &State) -> Vec<usize> {
        let mut counts = vec![0; game.num_players()];
        for site in 0..game.board.len() as crate::board::Site {
            for &piece in st.stack(site) {
                counts[usize::from(game.owner(piece))] += 1;
            }
        }
        counts
    }
}
