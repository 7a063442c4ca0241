//! `(attacked SITE)` and `(in-check "Kind")` told from the sets a state
//! keeps ([`crate::engine::bits::Occupancy`]), where the reference walks
//! each capturing generator backwards and tests its `from:` at every
//! origin ([`crate::engine::attack`]).
//!
//! It takes a game whose attackers each require one kind of their origin
//! and nothing more (`from:(kind "Rook")`), and are steps, leaps, or
//! slides through empty sites. Then, for a site and an attacking player:
//! - a step or a leap attacks it when a piece of that kind tops one of
//!   the origins the move run backwards reaches from the site: one set a
//!   site, tested against the set the piece tops;
//! - a slide attacks it when the first stack met walking back along one
//!   of its directions is topped by a piece of that kind: the slides of
//!   one direction share one walk, their pieces one mask.
//!
//! Hops (whose `over:` and `to:` are asked) and `from:` conditions beyond
//! a kind are left to the reference: the game gets no [`AttackSets`].

use crate::board::{NO_SITE, Site};
use crate::compile::ir::{Cond, Game, GenKind, Kind, Player, SiteRef};
use crate::engine::Move;
use crate::engine::State;
use crate::engine::attack::{AttackTest, Attacker};
use crate::engine::bits::{Bits, MAX_WORDS, stride};
use crate::engine::word::Word;

/// Attacks as sets and rays (see the module's documentation).
#[derive(Debug, Clone)]
pub(crate) struct AttackSets {
    /// Words of a site set.
    stride: usize,
    /// Sites of the board.
    sites: usize,
    /// Players of the game.
    players: usize,
    /// Per kind and player, the piece ([`Game::piece`]).
    pieces: Vec<Vec<u8>>,
    /// Steps and leaps run backwards.
    jumps: Vec<Jump>,
    /// Per attacking player: the directions to walk back from a site,
    /// each with the set of pieces (bit `piece`) that slide the other
    /// way.
    rays: Vec<Vec<(u8, u64)>>,
    /// The board's step table, `site × dirs + dir`.
    step: Vec<Site>,
    dirs: usize,
}

/// A step or a leap run backwards.
#[derive(Debug, Clone)]
struct Jump {
    /// The kind its `from:` requires.
    kind: Kind,
    /// Per attacking player and site, the origins that reach the site:
    /// `((player × sites) + site) × stride` words.
    origins: Vec<u64>,
}

impl AttackSets {
    /// The attack sets of `game`, whose capturing generators are
    /// `attackers`; `None` when one of them is not of the kinds the
    /// module takes, when there is none, or when the board or the pieces
    /// are too many for sets.
    pub fn of(game: &Game, attackers: &[Attacker]) -> Option<AttackSets> {
        let (sites, players) = (game.board.len(), game.num_players());
        let npieces = game.kinds.len() * players;
        if attackers.is_empty() || sites == 0 || sites > MAX_WORDS * 64 || npieces > 64 {
            return None;
        }
        let dirs = game.board.directions().len();
        let mut a = AttackSets {
            stride: stride(sites),
            sites,
            players,
            pieces: (0..game.kinds.len())
                .map(|k| {
                    (0..players)
                        .map(|q| game.piece(k as Kind, q as Player))
                        .collect()
                })
                .collect(),
            jumps: Vec::new(),
            rays: vec![Vec::new(); players],
            step: (0..sites as Site)
                .flat_map(|s| (0..dirs).map(move |d| (s, d)))
                .map(|(s, d)| game.board.step(s, d as u8))
                .collect(),
            dirs,
        };
        for at in attackers {
            a.add(game, at)?;
        }
        Some(a)
    }

    /// Adds attacker `at`; `None` when it is not of the kinds taken.
    fn add(&mut self, game: &Game, at: &Attacker) -> Option<()> {
        let kind = at.kind.filter(|_| at.only_kind)?;
        let generator = game.gens.get(at.gen_id as usize)?;
        let board = &game.board;
        let (sites, stride) = (self.sites, self.stride);
        let mut origins = vec![0u64; self.players * sites * stride];
        let mut mark = |q: usize, site: usize, x: Site| {
            if x != NO_SITE {
                let at = (q * sites + site) * stride + x as usize / 64;
                origins[at] |= 1 << (x % 64);
            }
        };
        match &generator.kind {
            GenKind::Step(s) => {
                for q in 0..self.players {
                    for &d in &game.dirsets[s.dirs as usize][q] {
                        let Some(od) = board.opposite(d) else {
                            continue;
                        };
                        for site in 0..sites {
                            mark(q, site, board.step(site as Site, od));
                        }
                    }
                }
            }
            GenKind::Leap(leap) => {
                let k = leap.offsets.len();
                for (i, &x) in at.leap_from.iter().enumerate() {
                    let (q, site) = (i / k / sites, i / k % sites);
                    mark(q, site, x);
                }
            }
            GenKind::Slide(slide) if slide.through == Cond::Empty(SiteRef::Subject) => {
                for q in 0..self.players {
                    let piece = *self.pieces.get(kind as usize)?.get(q)?;
                    for &d in &game.dirsets[slide.dirs as usize][q] {
                        let Some(od) = board.opposite(d) else {
                            continue;
                        };
                        let rays = &mut self.rays[q];
                        match rays.iter_mut().find(|(r, _)| *r == od) {
                            Some((_, mask)) => *mask |= 1 << piece,
                            None => rays.push((od, 1 << piece)),
                        }
                    }
                }
                return Some(());
            }
            _ => return None,
        }
        self.jumps.push(Jump { kind, origins });
        Some(())
    }

    /// True if player `q` attacks `site` (the sets up to date).
    fn by(&self, st: &State, q: usize, site: usize) -> bool {
        let at = (q * self.sites + site) * self.stride;
        for j in &self.jumps {
            let piece = self.pieces[j.kind as usize][q];
            let Some(tops) = st.occ.topped_words(piece) else {
                return false;
            };
            let origins = &j.origins[at..at + self.stride];
            if tops.iter().zip(origins).any(|(t, o)| t & o != 0) {
                return true;
            }
        }
        self.rays[q].iter().any(|&(od, mask)| {
            let x = self.first_stack(st, site as Site, od);
            x != NO_SITE && st.top(x).is_some_and(|p| mask >> p & 1 != 0)
        })
    }

    /// The site a step from `s` along direction `d` reaches.
    #[inline(always)]
    fn next(&self, s: Site, d: u8) -> Site {
        self.step[s as usize * self.dirs + d as usize]
    }

    /// True if a player other than `victim` attacks `site`.
    fn attacked_now(&self, st: &State, site: usize, victim: Player) -> bool {
        (0..self.players)
            .filter(|&q| q != victim as usize)
            .any(|q| self.by(st, q, site))
    }

    /// True when the state keeps its sets and they are up to date.
    fn sets_current(st: &State) -> bool {
        st.occ.kept() && st.pending_sets.is_none()
    }

    /// The pins of `victim`'s stacks topped by a piece of kind `k` (its
    /// royal pieces) in `st`: whether one of them is attacked now, and
    /// the victim's stacks that alone stand between one of them and a
    /// slide that would attack it (see [`Pins`]). `None` when the sets
    /// are not up to date or `k` has no piece of the victim's.
    pub(crate) fn pins(&self, st: &State, k: Kind, victim: Player) -> Option<Pins> {
        if !Self::sets_current(st) {
            return None;
        }
        let piece = *self.pieces.get(k as usize)?.get(victim as usize)?;
        let mut pins = Pins {
            checked: false,
            pinned: Bits::ZERO,
            piece,
        };
        for (w, &word) in st.occ.topped_words(piece)?.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let s = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if self.attacked_now(st, s, victim) {
                    pins.checked = true;
                    return Some(pins);
                }
                self.pins_of(st, s as Site, victim, &mut pins.pinned);
            }
        }
        Some(pins)
    }

    /// Adds to `pinned` the stacks of `victim`'s that stand alone between
    /// `site` and a slide of another player's along one of its lines.
    fn pins_of(&self, st: &State, site: Site, victim: Player, pinned: &mut Bits<MAX_WORDS>) {
        for q in (0..self.players).filter(|&q| q != victim as usize) {
            for &(od, mask) in &self.rays[q] {
                let x = self.first_stack(st, site, od);
                if x == NO_SITE || st.top_owner(x) != Some(victim) {
                    continue;
                }
                let y = self.first_stack(st, x, od);
                if y != NO_SITE && st.top(y).is_some_and(|p| mask >> p & 1 != 0) {
                    *pinned |= Bits::bit(x);
                }
            }
        }
    }

    /// The first stack along direction `d` from `s` (not `s` itself), or
    /// [`NO_SITE`].
    #[inline]
    fn first_stack(&self, st: &State, s: Site, d: u8) -> Site {
        let mut x = self.next(s, d);
        while x != NO_SITE && st.height(x) == 0 {
            x = self.next(x, d);
        }
        x
    }
}

/// What a position says of its mover's royal pieces (a kind whose
/// pieces no step may leave attacked: `(royal "Kind")`), so that most
/// steps are told safe without playing them ([`AttackSets::pins`]).
///
/// When none of the royal pieces is attacked, a step that only empties
/// its origin (a stack of one piece, not royal) and fills its destination
/// with the mover's piece leaves none attacked unless its origin stood
/// alone on a line between a royal piece and a slide that attacks along
/// it: attacks by steps and leaps depend only on their origins, which
/// hold other players' pieces, and a filled site only blocks a line.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Pins {
    /// One of the royal pieces is attacked now: no step is told safe.
    pub checked: bool,
    /// The mover's stacks that stand alone between a royal piece and a
    /// slide that would attack it.
    pub pinned: Bits<MAX_WORDS>,
    /// The royal piece (kind and owner).
    pub piece: u8,
}

impl Pins {
    /// True when step `m` of a generator that changes only its origin and
    /// destination ([`crate::engine::plan::royal_guard`]) leaves every
    /// royal piece unattacked (see [`Pins`]); false when only playing it
    /// can tell.
    #[inline]
    pub(crate) fn safe(&self, st: &State, m: &Move) -> bool {
        !self.checked
            && !self.pinned.has(m.from)
            && st.height(m.from) == 1
            && st.top(m.from) != Some(self.piece)
    }
}

impl AttackTest for AttackSets {
    fn attacked(&self, st: &State, site: Site, victim: Player) -> Option<bool> {
        let s = site as usize;
        (Self::sets_current(st) && s < self.sites).then(|| self.attacked_now(st, s, victim))
    }

    fn in_check(&self, st: &State, k: Kind, player: Player) -> Option<bool> {
        if !Self::sets_current(st) {
            return None;
        }
        let piece = *self.pieces.get(k as usize)?.get(player as usize)?;
        let tops = st.occ.topped_words(piece)?;
        for (w, &word) in tops.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let s = w * 64 + bits.trailing_zeros() as usize;
                if self.attacked_now(st, s, player) {
                    return Some(true);
                }
                bits &= bits - 1;
            }
        }
        Some(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Move;
    use rand::{RngExt, SeedableRng};
    use std::sync::Arc;

    /// Plays seeded random games of `text` and, on every position, asks
    /// the compiled test and the reference's walk whether each site is
    /// attacked for each victim, and whether each kind is in check;
    /// returns the number of answers compared and how many were `true`.
    fn agrees(text: &str, games: u64, plies: usize) -> (usize, usize) {
        let game =
            Arc::new(crate::compile::Game::from_source("t", text, &Default::default()).unwrap());
        let mut st = State::new(game.clone());
        let sets = AttackSets::of(&game, &st.tables.attackers).expect("compiles");
        let (mut asked, mut yes) = (0, 0);
        for seed in 0..games {
            st = State::new(game.clone());
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut moves: Vec<Move> = Vec::new();
            for _ in 0..plies {
                st.flush_sets();
                for victim in 0..game.num_players() as Player {
                    for s in 0..game.board.len() as Site {
                        let want = st.attacked_by_rules(s, victim);
                        assert_eq!(sets.attacked(&st, s, victim), Some(want), "site {s}");
                        asked += 1;
                        yes += usize::from(want);
                    }
                    for k in 0..game.kinds.len() as Kind {
                        let want = st.in_check_by_rules(k, victim);
                        assert_eq!(sets.in_check(&st, k, victim), Some(want), "kind {k}");
                    }
                }
                st.legal_moves_into(&mut moves);
                if moves.is_empty() {
                    break;
                }
                st.play_unchecked(&moves[rng.random_range(0..moves.len())]);
            }
        }
        (asked, yes)
    }

    #[test]
    fn a_shipped_game_s_attacks_agree_with_the_reference() {
        let text = std::fs::read_to_string("games/chess.game").unwrap();
        let (asked, yes) = agrees(&text, 4, 80);
        // Both answers are met, many times.
        assert!(yes > 1000 && asked - yes > 1000, "{yes} of {asked}");
    }

    #[test]
    fn steps_leaps_and_slides_agree_with_the_reference() {
        // A slide along some directions only, a leap of three offsets, a
        // forward step seen by each player, on a board of 7 × 6.
        let text = r#"(game "t" (players 2) (board (square 7 6 adjacency:All))
            (piece "K") (piece "R") (piece "N") (piece "M")
            (setup (fill "R" P1 (rows 0 0)) (fill "M" P1 (rows 1 1))
                   (fill "K" P1 (sites "d3")) (fill "K" P2 (sites "d4"))
                   (fill "M" P2 (rows 4 4)) (fill "N" P2 (rows 5 5)))
            (play {(step from:(kind "K") to:(not Mine) capture:true)
                   (slide from:(kind "R") dirs:{N E SW} to:(not Mine) capture:true)
                   (leap from:(kind "N") by:{{1 2} {2 1} {-1 -2}} to:(not Mine) capture:true)
                   (step from:(kind "M") dirs:Forward to:(not Mine) capture:true)}))"#;
        let (asked, yes) = agrees(text, 6, 40);
        assert!(yes > 100 && asked - yes > 100, "{yes} of {asked}");
    }

    /// Plays seeded random games of `text` and, on every position, asks
    /// the pins whether each candidate step of a generator with a royal
    /// filter is safe, and the reference's probe (the step played, the
    /// filter asked) whether it is legal; returns how many candidates the
    /// pins told safe, how many they left to the probe that it passed,
    /// and how many it refused.
    fn pins_agree(text: &str, games: u64, plies: usize) -> (usize, usize, usize) {
        use crate::engine::tables::Filter;
        let game =
            Arc::new(crate::compile::Game::from_source("t", text, &Default::default()).unwrap());
        let (mut safe, mut passed, mut refused) = (0, 0, 0);
        for seed in 0..games {
            let mut st = State::new(game.clone());
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut moves: Vec<Move> = Vec::new();
            for _ in 0..plies {
                st.flush_sets();
                st.candidate_level_into(&mut moves);
                let sets = st.tables.attack_sets.clone().expect("attack sets");
                for m in &moves {
                    let Filter::Royal(k) = st.tables.gens[m.gen_id as usize].filter else {
                        continue;
                    };
                    let pins = sets.pins(&st, k, st.scalars.mover).expect("sets current");
                    let g = game.gens[m.gen_id as usize].clone();
                    let legal = st.probe(m, &g);
                    st.flush_sets();
                    if pins.safe(&st, m) {
                        assert!(legal, "{m:?} told safe in {st:?}");
                        safe += 1;
                    } else if legal {
                        passed += 1;
                    } else {
                        refused += 1;
                    }
                }
                st.legal_moves_into(&mut moves);
                if moves.is_empty() {
                    break;
                }
                st.play_unchecked(&moves[rng.random_range(0..moves.len())]);
            }
        }
        (safe, passed, refused)
    }

    #[test]
    fn pins_tell_safe_only_steps_the_reference_finds_legal() {
        let text = std::fs::read_to_string("games/chess.game").unwrap();
        let (safe, passed, refused) = pins_agree(&text, 6, 120);
        // Most steps are told safe; pinned pieces, checks and king moves
        // are left to the probe, which refuses some of them.
        assert!(safe > 3 * (passed + refused), "{safe} {passed} {refused}");
        assert!(refused > 50 && passed > 50, "{safe} {passed} {refused}");
    }

    #[test]
    fn a_piece_alone_between_the_royal_piece_and_a_slide_is_pinned() {
        // Slides along some directions only: the rook on b1 stands between
        // the king on a1 and the enemy's rook on c1 along the row, and the
        // man on b2 between the king and a bishop that slides NE/SW only.
        let text = r#"(game "t" (players 2) (board (square 5 5 adjacency:All))
            (piece "K") (piece "R") (piece "B") (piece "M")
            (royal "K")
            (setup (fill "K" P1 (sites "a1")) (fill "R" P1 (sites "b1")) (fill "M" P1 (sites "b2"))
                   (fill "M" P1 (sites "a2")) (fill "R" P2 (sites "d1")) (fill "B" P2 (sites "d4"))
                   (fill "R" P2 (sites "a5")) (fill "K" P2 (sites "e5")))
            (play {(step from:(kind "K") to:(not Mine) capture:true)
                   (slide from:(kind "R") dirs:{E W} to:(not Mine) capture:true)
                   (slide from:(kind "B") dirs:{NE SW} to:(not Mine) capture:true)
                   (step from:(kind "M") dirs:{N E} to:Empty)}))"#;
        let game =
            Arc::new(crate::compile::Game::from_source("t", text, &Default::default()).unwrap());
        let mut st = State::new(game.clone());
        st.flush_sets();
        let site = |name: &str| game.board.site_by_label(name).unwrap();
        let sets = st.tables.attack_sets.clone().expect("attack sets");
        let pins = sets.pins(&st, 0, 0).expect("sets current");
        assert!(!pins.checked);
        // The rook a5 slides E/W only: a2 is not pinned by it.
        let mut want = vec![site("b1"), site("b2")];
        want.sort_unstable();
        assert_eq!(pins.pinned.iter().collect::<Vec<Site>>(), want);
        let (safe, passed, refused) = pins_agree(text, 8, 30);
        assert!(safe > 0 && refused > 0, "{safe} {passed} {refused}");
    }

    #[test]
    fn hops_and_richer_origins_are_left_to_the_reference() {
        let of = |play: &str| {
            let text =
                format!(r#"(game "t" (players 2) (board (square 4 4)) (piece "P") (play {play}))"#);
            let game = crate::compile::Game::from_source("t", &text, &Default::default()).unwrap();
            let st = State::new(Arc::new(game));
            AttackSets::of(&st.game, &st.tables.attackers).is_some()
        };
        assert!(of(r#"(step from:(kind "P") to:Enemy capture:true)"#));
        assert!(!of(r#"(hop from:(kind "P") over:Enemy capture:true)"#));
        assert!(!of(
            r#"(step from:(and (kind "P") (not Empty)) to:Enemy capture:true)"#
        ));
        assert!(!of(r#"(step to:Enemy capture:true)"#));
    }
}
