//! The board as site sets ([`Word`]: a [`crate::engine::bits::Bits`] of
//! one or two words, boards of at most 128 sites): each site's neighbours as a set, the step table, and each
//! region as each player sees it. Groups, the sites next to a set and
//! connectedness are then a few word operations a site (see
//! [`crate::engine::bitpos`], [`crate::engine::bitcond`]).

use crate::board::{NO_SITE, Site};
use crate::compile::ir::{Game, Player, RegionId};
use crate::engine::word::{Word, sites};

/// Most sites a board may have for its sites to fit one word.
pub(crate) const MAX_SITES: usize = 128;

/// Most directions a site may have (friendly directions fit a byte).
const MAX_DIRS: usize = 8;

/// True if `game`'s board fits sets: at most [`MAX_SITES`] sites and 8
/// directions, no site its own neighbour or a neighbour in two directions
/// (a count of neighbours would then differ from the size of their set).
pub(crate) fn fits(game: &Game) -> bool {
    let board = &game.board;
    let (n, dirs) = (board.len(), board.directions().len());
    if n > MAX_SITES || dirs > MAX_DIRS {
        return false;
    }
    let step = board.step_table();
    (0..n).all(|s| {
        let row = &step[s * dirs..(s + 1) * dirs];
        row.iter()
            .enumerate()
            .all(|(d, &t)| t == NO_SITE || t as usize != s && !row[..d].contains(&t))
    })
}

/// The board's adjacency and regions as site sets (see the module's
/// documentation).
#[derive(Debug, Clone)]
pub(crate) struct BoardBits<W> {
    /// Directions of the board.
    pub dirs: usize,
    /// Every site.
    pub all: W,
    /// Per site: its neighbours.
    nbr: Vec<W>,
    /// `site × dirs + d`: the neighbour in direction `d` ([`NO_SITE`]
    /// off the board).
    step: Vec<Site>,
    /// `region × players + player`: the region as the player sees it.
    regions: Vec<W>,
    players: usize,
}

impl<W: Word> BoardBits<W> {
    /// The sets of `game`'s board; `None` when it does not [`fits`] or has
    /// more sites than a `W` holds.
    pub fn new(game: &Game) -> Option<BoardBits<W>> {
        let board = &game.board;
        let (n, dirs) = (board.len(), board.directions().len());
        if !fits(game) || n > W::SITES {
            return None;
        }
        let step = board.step_table().to_vec();
        let set = |ok: &dyn Fn(usize) -> bool| {
            (0..n)
                .filter(|&s| ok(s))
                .fold(W::ZERO, |m, s| m | W::bit(s as Site))
        };
        let nbr = (0..n)
            .map(|s| {
                let row = &step[s * dirs..(s + 1) * dirs];
                row.iter().fold(W::ZERO, |m, &t| m | W::bit(t))
            })
            .collect();
        let regions = game
            .regions
            .iter()
            .flatten()
            .map(|r| set(&|s| r[s]))
            .collect();
        Some(BoardBits {
            dirs,
            all: set(&|_| true),
            nbr,
            step,
            regions,
            players: game.num_players(),
        })
    }

    /// The neighbours of `s`.
    #[inline(always)]
    pub fn nbr(&self, s: Site) -> W {
        self.nbr.get(s as usize).copied().unwrap_or(W::ZERO)
    }

    /// The sites next to a member of `x`.
    #[inline]
    pub fn dilate(&self, x: W) -> W {
        sites(x).fold(W::ZERO, |m, s| m | self.nbr(s))
    }

    /// The sites of `within` connected to `seed` through sites of
    /// `within` (`seed` included, whether in `within` or not).
    #[inline]
    pub fn flood(&self, seed: Site, within: W) -> W {
        let mut done = W::bit(seed);
        let mut todo = done;
        while todo != W::ZERO {
            let s = todo.lowest();
            todo = todo.without_lowest();
            let new = self.nbr(s) & within & !done;
            done |= new;
            todo |= new;
        }
        done
    }

    /// True if `x` is connected by adjacency within itself (true when
    /// empty).
    pub fn connected(&self, x: W) -> bool {
        x == W::ZERO || self.flood(x.lowest(), x) == x
    }

    /// The directions (a bit each) in which `s` has a neighbour in `own`.
    #[inline]
    pub fn friends(&self, s: Site, own: W) -> u8 {
        let row = s as usize * self.dirs;
        let steps = self.step.get(row..row + self.dirs).unwrap_or(&[]);
        let mut mask = 0;
        for (d, &t) in steps.iter().enumerate() {
            if own & W::bit(t) != W::ZERO {
                mask |= 1 << d;
            }
        }
        mask
    }

    /// Region `r` as `player` sees it.
    #[inline]
    pub fn region(&self, r: RegionId, player: Player) -> W {
        self.regions
            .get(r as usize * self.players + player as usize)
            .copied()
            .unwrap_or(W::ZERO)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::{Game, Options};
    use crate::engine::bits::Bits;

    fn game(board: &str) -> Game {
        let text = format!(
            "(game \"t\" (players 2) (board {board}) (piece \"P\") (region \"R\" (sites \"a1\" \"b1\")) (play (place \"P\" to:Empty)))"
        );
        Game::from_source("t", &text, &Options::default()).unwrap()
    }

    fn check<W: Word>() {
        let g = game("(square 3 3)");
        let b = BoardBits::<W>::new(&g).unwrap();
        let s = |l: &str| g.board.site_by_label(l).unwrap();
        let set = |ls: &[&str]| ls.iter().fold(W::ZERO, |m, l| m | W::bit(s(l)));
        assert_eq!(b.nbr(s("b2")), set(&["a2", "c2", "b1", "b3"]));
        assert_eq!(b.dilate(set(&["a1", "c3"])), set(&["a2", "b1", "b3", "c2"]));
        let within = set(&["a1", "a2", "a3", "c1"]);
        assert_eq!(b.flood(s("a1"), within), set(&["a1", "a2", "a3"]));
        assert!(b.connected(set(&["a1", "a2", "b2"])));
        assert!(!b.connected(set(&["a1", "b2"])));
        assert!(b.connected(W::ZERO));
        assert_eq!(b.region(0, 1), set(&["a1", "b1"]));
        assert_eq!(b.all.ones(), 9);
        for site in 0..9 {
            let own = b.nbr(site);
            assert_eq!(b.friends(site, own).count_ones(), own.ones());
        }
    }

    #[test]
    fn neighbours_floods_and_regions_follow_the_board() {
        check::<Bits<1>>();
        check::<Bits<2>>();
        check::<Bits<4>>();
    }

    #[test]
    fn boards_over_the_width_have_no_sets() {
        assert!(BoardBits::<Bits<2>>::new(&game("(square 11 11)")).is_some());
        assert!(BoardBits::<Bits<1>>::new(&game("(square 11 11)")).is_none());
        assert!(BoardBits::<Bits<1>>::new(&game("(square 8 8)")).is_some());
        assert!(!fits(&game("(square 12 12)")));
    }
}
