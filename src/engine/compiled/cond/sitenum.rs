//! Numbers read by a site condition, compiled: the comparisons of a
//! [`super::sitepred::SitePred`] (`(more-than (pieces-in (where (in
//! "Across"))) (pieces-in (trail To "Round" …)))`, Oware's capture, see
//! docs/games/oware.md) told from the state's site sets and stacks
//! instead of walking the rule's tree.
//!
//! A number compiles when it is made of constants, counters and the
//! player's pieces ([`ScalarNum`]), the height of the site itself, the
//! pieces on (or the number of) the sites of a whole-board set
//! ([`BoardSet`]: a `where` whose condition reads only each site, a
//! `minus` or `reach` of those), or on a `trail` that starts at the
//! site itself and whose `through:` reads only each site; and sums and
//! differences of those. Anything else leaves the condition to the
//! reference ([`crate::engine::State::eval`]), whose meaning this copies:
//! sums saturate, the pieces of a set count each site once, the count of
//! a trail is the number of sites walked.

use super::around::{Around, Reach};
use super::boardset::BoardSet;
use super::scalar::ScalarNum;
use super::sitepred::{SitePred, Tree};
use crate::board::{NO_SITE, Site};
use crate::compile::ir::{Game, Num, Player, SiteRef, SiteSet, TrackId};
use crate::engine::State;
use crate::engine::bits::{Bits, MAX_WORDS};
use crate::engine::word::Word;

/// A number read at a site (see the module's documentation).
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum SiteNum {
    /// A number that reads no site: constants, counters, the player's
    /// pieces.
    Free(ScalarNum),
    /// The height of the site's stack.
    Height,
    /// The pieces on the sites of a whole-board set.
    PiecesWhere(BoardSet),
    /// The number of sites of a whole-board set.
    CountWhere(BoardSet),
    /// The pieces on a trail from the site.
    PiecesTrail(Box<Trail>),
    /// The number of sites a trail from the site walks.
    CountTrail(Box<Trail>),
    /// The number of the site's neighbours, or of its stack's group's
    /// members, where a tree holds (`(count (neighbours Subject …))`).
    CountAround(Box<Around>),
    /// A sum (saturating).
    Add(Vec<SiteNum>),
    /// A difference (saturating).
    Sub(Box<SiteNum>, Box<SiteNum>),
}

/// A `trail` from the site itself: along a track (against it when
/// `backward`), while `through` holds.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Trail {
    track: TrackId,
    backward: bool,
    /// Each site's test: a conjunction of owners, heights and a region
    /// (Oware's houses of two or three seeds across) tested field by
    /// field, the height first.
    through: SitePred,
}

impl SiteNum {
    /// `n` compiled, when it reads only its site (named `Subject` or
    /// `alias`, as in [`super::sitepred::SitePred::compile`]) and the sets
    /// above.
    pub(crate) fn compile(n: &Num, alias: SiteRef, game: &Game) -> Option<SiteNum> {
        if let Some(free) = ScalarNum::compile(n) {
            return Some(SiteNum::Free(free));
        }
        let here = |r: &SiteRef| *r == SiteRef::Subject || *r == alias;
        Some(match n {
            Num::Height(r) if here(r) => SiteNum::Height,
            Num::PiecesIn(set) => match Set::compile(set, alias, game)? {
                Set::Board(b) => SiteNum::PiecesWhere(b),
                Set::Trail(t) => SiteNum::PiecesTrail(t),
                Set::Around(_) => return None,
            },
            Num::Count(set) => match Set::compile(set, alias, game)? {
                Set::Board(b) => SiteNum::CountWhere(b),
                Set::Trail(t) => SiteNum::CountTrail(t),
                Set::Around(a) => SiteNum::CountAround(a),
            },
            Num::Add(ns) => SiteNum::Add(
                ns.iter()
                    .map(|n| Self::compile(n, alias, game))
                    .collect::<Option<_>>()?,
            ),
            Num::Sub(a, b) => SiteNum::Sub(
                Box::new(Self::compile(a, alias, game)?),
                Box::new(Self::compile(b, alias, game)?),
            ),
            _ => return None,
        })
    }

    /// True unless it reads no site at all (constants, counters, the
    /// player's pieces: [`SiteNum::Free`]).
    pub(crate) fn reads_sets(&self) -> bool {
        !matches!(self, SiteNum::Free(_))
    }

    /// True when its value depends on the site it is read at.
    pub(crate) fn reads_site(&self) -> bool {
        match self {
            SiteNum::Free(_) | SiteNum::PiecesWhere(_) | SiteNum::CountWhere(_) => false,
            SiteNum::Height
            | SiteNum::PiecesTrail(_)
            | SiteNum::CountTrail(_)
            | SiteNum::CountAround(_) => true,
            SiteNum::Add(ns) => ns.iter().any(SiteNum::reads_site),
            SiteNum::Sub(a, b) => a.reads_site() || b.reads_site(),
        }
    }

    /// Its value at site `s` of the board for `player`.
    pub(crate) fn value(&self, st: &State, player: Player, s: Site) -> i64 {
        match self {
            SiteNum::Free(n) => n.value(st, player),
            SiteNum::Height => st.height(s) as i64,
            SiteNum::PiecesWhere(t) => {
                let mut n = 0i64;
                t.each_on_board(st, player, &mut |x| n += st.height(x) as i64);
                n
            }
            SiteNum::CountWhere(t) => {
                let mut n = 0i64;
                t.each_on_board(st, player, &mut |_| n += 1);
                n
            }
            SiteNum::PiecesTrail(t) => t.pieces(st, player, s),
            SiteNum::CountTrail(t) => {
                let mut n = 0i64;
                t.walk(st, player, s, &mut |_| n += 1);
                n
            }
            SiteNum::CountAround(a) => a.count(st, player, s) as i64,
            SiteNum::Add(ns) => ns
                .iter()
                .fold(0i64, |acc, n| acc.saturating_add(n.value(st, player, s))),
            SiteNum::Sub(a, b) => a
                .value(st, player, s)
                .saturating_sub(b.value(st, player, s)),
        }
    }
}

/// The sets a [`SiteNum`] reads.
#[derive(Debug, Clone, PartialEq)]
enum Set {
    Board(BoardSet),
    Trail(Box<Trail>),
    Around(Box<Around>),
}

/// The sites of a set read at a site, compiled: a whole-board set
/// ([`BoardSet`]: a `where` whose condition reads only each site, a
/// `minus` or a `reach` of those), or a `trail` from the site
/// itself (what `remove-all` removes: Oware's captured houses,
/// docs/games/oware.md), or the site's neighbours or group where a
/// condition holds ([`Around`]: the boxes a line closes in Dots and
/// Boxes, docs/games/dotsandboxes.md). Anything else is left to the reference
/// (`State::set_into`), whose order this keeps: board order for a
/// `where`, walking order for a trail.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SiteList(Set);

impl SiteList {
    /// `set` compiled, when it reads only its site (named `Subject` or
    /// `alias`) and the sets above.
    pub(crate) fn compile(set: &SiteSet, alias: SiteRef, game: &Game) -> Option<SiteList> {
        Set::compile(set, alias, game).map(SiteList)
    }

    /// True when the sites depend on the site they are read at (a
    /// trail from it, its neighbours or group); false for a whole-board
    /// set.
    pub(crate) fn reads_site(&self) -> bool {
        matches!(self.0, Set::Trail(_) | Set::Around(_))
    }

    /// Calls `each` on its sites read at site `s` for `player`, in the
    /// reference's order, each site once.
    pub(crate) fn each(&self, st: &State, player: Player, s: Site, each: &mut impl FnMut(Site)) {
        match &self.0 {
            Set::Board(b) => b.each_on_board(st, player, each),
            Set::Trail(t) => t.walk(st, player, s, each),
            Set::Around(a) => a.each(st, player, s, each),
        }
    }
}

impl Set {
    /// `set` compiled, when it is one of [`SiteNum`]'s.
    fn compile(set: &SiteSet, alias: SiteRef, game: &Game) -> Option<Set> {
        // Read as sets of the widest `Bits` at most.
        if game.board.len() > MAX_WORDS * 64 {
            return None;
        }
        let here = |r: &SiteRef| *r == SiteRef::Subject || *r == alias;
        Some(match set {
            SiteSet::Where(_) | SiteSet::Minus(..) | SiteSet::Reach(..) => {
                Set::Board(BoardSet::compile(set, game)?)
            }
            SiteSet::Trail {
                at,
                track,
                backward,
                through,
            } if here(at)
                && game
                    .tracks
                    .get(*track as usize)
                    .is_some_and(|t| t.per_player.is_empty()) =>
            {
                Set::Trail(Box::new(Trail {
                    track: *track,
                    backward: *backward,
                    through: SitePred::compile(through, SiteRef::Subject, game)?,
                }))
            }
            SiteSet::Neighbours(r, c) if here(r) && Around::fits(game) => {
                Set::Around(Box::new(Around::new(
                    Reach::Neighbours,
                    Tree::compile(c, SiteRef::Subject, game)?,
                    game,
                )))
            }
            SiteSet::Group(r, c) if here(r) => Set::Around(Box::new(Around::new(
                Reach::Group,
                Tree::compile(c, SiteRef::Subject, game)?,
                game,
            ))),
            _ => return None,
        })
    }
}

impl Trail {
    /// Calls `each` on the sites of the trail from `start`, in order, as
    /// the reference walks them (`State::trail_into`): nothing when
    /// `start` is off the track; at most the track's length of sites;
    /// never back to `start`.
    fn walk(&self, st: &State, player: Player, start: Site, each: &mut impl FnMut(Site)) {
        let t = &st.game.tracks[self.track as usize];
        if start == NO_SITE || t.step(start, false) == NO_SITE && t.step(start, true) == NO_SITE {
            return;
        }
        let mut s = start;
        for _ in 0..t.sites.len() {
            if !self.through.holds(st, player, s) {
                return;
            }
            each(s);
            s = t.step(s, self.backward);
            if s == NO_SITE || s == start {
                return;
            }
        }
    }

    /// The pieces on the trail's sites from `start`, each site once.
    fn pieces(&self, st: &State, player: Player, start: Site) -> i64 {
        let mut seen = Bits::<MAX_WORDS>::ZERO;
        let mut n = 0i64;
        self.walk(st, player, start, &mut |s| {
            if !seen.has(s) {
                seen |= Bits::bit(s);
                n += st.height(s) as i64;
            }
        });
        n
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Site;
    use crate::compile::ir::{Cond, SiteRef};
    use crate::engine::Move;
    use crate::engine::State;
    use crate::engine::cond::Ctx;
    use crate::engine::sitepred::SitePred;
    use rand::{RngExt, SeedableRng};
    use std::sync::Arc;

    /// A sowing game of two rows of four houses, three seeds each, with
    /// `cond` as X in a generator that never moves (`to:(and false X)`).
    fn game(cond: &str) -> Arc<crate::compile::Game> {
        let text = format!(
            r#"(game "t" (players 2) (board (square 2 4) labels:Coordinates) (piece "S")
                 (stack-limit 24) (counter "Store")
                 (track "Round" "a1" {{E N W S}})
                 (region "Home" (per-player (row 0) (row 1)))
                 (region "Across" (per-player (row 1) (row 0)))
                 (setup (fill "S" P1 (all) count:3))
                 (play {{(sow track:"Round" from:(in "Home")
                          then:(add-counter "Store" (height To)))
                        (place "S" to:(and false {cond}))}}))"#
        );
        Arc::new(crate::compile::Game::from_source("t", &text, &Default::default()).unwrap())
    }

    /// Plays seeded random sowing games and checks `cond` compiled (at
    /// each site, and as a set) against the reference's evaluation at
    /// every site of every position; the positions seen.
    fn agrees(cond: &str) -> usize {
        let game = game(cond);
        let Some(Cond::And(v)) = game.gens.last().map(|g| &g.to) else {
            panic!("no test condition");
        };
        let c = v[1].clone();
        let p = SitePred::compile(&c, SiteRef::To, &game).expect("compiles");
        let mut seen = 0;
        for seed in 0..12 {
            let mut st = State::new(game.clone());
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            for _ in 0..40 {
                let player = st.scalars.mover;
                let set = p.eval::<1>(&st, player, st.tables.all_bits());
                for s in 0..game.board.len() as Site {
                    let want = st.eval(
                        &c,
                        &Ctx {
                            to: s,
                            ..Ctx::at(player, s)
                        },
                    );
                    assert_eq!(p.holds(&st, player, s), want, "{cond} at {s}, game {seed}");
                    assert_eq!(set.has(s), want, "{cond}: set at {s}, game {seed}");
                }
                seen += 1;
                let moves: Vec<Move> = st.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.random_range(0..moves.len())];
                st.play(&m).unwrap();
            }
        }
        seen
    }

    #[test]
    fn a_sowing_capture_test_agrees_with_the_reference() {
        // docs/games/oware.md: the seeds across against those a capture
        // would take, back from the last house sown.
        let n = agrees(
            r#"(more-than (pieces-in (where (in "Across")))
                 (pieces-in (trail To "Round" backward:true
                   through:(and (in "Across") (at-least (height) 2) (at-most (height) 3)))))"#,
        );
        assert!(n > 100, "{n} positions");
    }

    #[test]
    fn counts_heights_sums_and_differences_agree_with_the_reference() {
        for cond in [
            r#"(at-least (count (trail To "Round" through:(not Empty))) (sum (height) 1))"#,
            r#"(equal (count (where (and Mine (at-least (height) 4)))) (sub (counter "Store") 3))"#,
            r#"(less-than (sum (pieces-in (where Enemy)) (height)) (pieces-in (trail "Round")))"#,
        ] {
            assert!(agrees(cond) > 100, "{cond}");
        }
    }

    #[test]
    fn numbers_of_other_sites_or_sets_are_left_to_the_reference() {
        let g = game("true");
        let compiles = |text: &str| {
            let src = format!(
                r#"(game "t" (players 2) (board (square 2 4) labels:Coordinates) (piece "S")
                     (track "Round" "a1" {{E N W S}})
                     (play (place "S" to:{text})))"#
            );
            let game = crate::compile::Game::from_source("t", &src, &Default::default()).unwrap();
            SitePred::compile(&game.gens[0].to, SiteRef::To, &game).is_some()
        };
        assert!(g.gens.len() == 2);
        assert!(compiles(r#"(more-than (pieces-in (trail To "Round")) 2)"#));
        // The site's own group and neighbours (around.rs).
        assert!(compiles(r#"(more-than (count (group To)) 2)"#));
        assert!(compiles(r#"(more-than (count (neighbours To Empty)) 2)"#));
        // A trail from another site of the step, the height of another
        // site, another site's group: not the site's own numbers.
        assert!(!compiles(
            r#"(more-than (pieces-in (trail From "Round")) 2)"#
        ));
        assert!(!compiles(r#"(more-than (height From) 2)"#));
        assert!(!compiles(r#"(more-than (count (group From)) 2)"#));
        assert!(!compiles(r#"(more-than (pieces-in (group To)) 2)"#));
    }
}
