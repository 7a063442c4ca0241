//! The board as site sets of one `u128` (boards of at most 128 sites):
//! each site's neighbours as a set, the step table, and each region as each
//! player sees it. Groups, the sites next to a set and connectedness are
//! then a few word operations a site (see [`super::bitpos`],
//! [`super::bitcond`]).

use crate::board::{NO_SITE, Site};
use crate::compile::ir::{Game, Player, RegionId};

/// Most sites a board may have for its sites to fit one `u128`.
pub(crate) const MAX_SITES: usize = 128;

/// Most directions a site may have (friendly directions fit a byte).
const MAX_DIRS: usize = 8;

/// The set of each site, read instead of shifted (a shift of a `u128`
/// by a variable amount takes several instructions).
static BITS: [u128; MAX_SITES] = {
    let mut t = [0; MAX_SITES];
    let mut i = 0;
    while i < MAX_SITES {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

/// The set of one site (`s` below [`MAX_SITES`]; the empty set above).
#[inline(always)]
pub(crate) fn bit(s: Site) -> u128 {
    BITS.get(s as usize).copied().unwrap_or(0)
}

/// The lowest site of a non-empty set.
#[inline(always)]
pub(crate) fn lowest(x: u128) -> Site {
    x.trailing_zeros() as Site
}

/// The sites of a set, in increasing order.
#[inline]
pub(crate) fn sites(mut x: u128) -> impl Iterator<Item = Site> {
    std::iter::from_fn(move || {
        (x != 0).then(|| {
            let s = lowest(x);
            x &= x - 1;
            s
        })
    })
}

/// The board's adjacency and regions as site sets (see the module's
/// documentation).
#[derive(Debug, Clone)]
pub(crate) struct BoardBits {
    /// Directions of the board.
    pub dirs: usize,
    /// Every site.
    pub all: u128,
    /// Per site: its neighbours.
    nbr: Vec<u128>,
    /// `site × dirs + d`: the neighbour in direction `d` ([`NO_SITE`]
    /// off the board).
    step: Vec<Site>,
    /// `region × players + player`: the region as the player sees it.
    regions: Vec<u128>,
    players: usize,
}

impl BoardBits {
    /// The sets of `game`'s board; `None` when it has more than
    /// [`MAX_SITES`] sites or more than 8 directions, or when a site is
    /// its own neighbour or has one neighbour in two directions (a count
    /// of neighbours would then differ from the size of their set).
    pub fn new(game: &Game) -> Option<BoardBits> {
        let board = &game.board;
        let (n, dirs) = (board.len(), board.directions().len());
        if n > MAX_SITES || dirs > MAX_DIRS {
            return None;
        }
        let step = board.step_table().to_vec();
        let mut nbr = vec![0u128; n];
        for s in 0..n {
            for d in 0..dirs {
                let t = step[s * dirs + d];
                if t == NO_SITE {
                    continue;
                }
                if t as usize == s || nbr[s] & bit(t) != 0 {
                    return None;
                }
                nbr[s] |= bit(t);
            }
        }
        let players = game.num_players();
        let regions = game
            .regions
            .iter()
            .flatten()
            .map(|r| (0..n).filter(|&s| r[s]).fold(0, |m, s| m | bit(s as Site)))
            .collect();
        Some(BoardBits {
            dirs,
            all: if n == MAX_SITES {
                u128::MAX
            } else {
                (1u128 << n) - 1
            },
            nbr,
            step,
            regions,
            players,
        })
    }

    /// The neighbours of `s`.
    #[inline(always)]
    pub fn nbr(&self, s: Site) -> u128 {
        self.nbr.get(s as usize).copied().unwrap_or(0)
    }

    /// The sites next to a member of `x`.
    #[inline]
    pub fn dilate(&self, x: u128) -> u128 {
        sites(x).fold(0, |m, s| m | self.nbr(s))
    }

    /// The sites of `within` connected to `seed` through sites of
    /// `within` (`seed` included, whether in `within` or not).
    #[inline]
    pub fn flood(&self, seed: Site, within: u128) -> u128 {
        let mut done = bit(seed);
        let mut todo = done;
        while todo != 0 {
            let s = lowest(todo);
            todo &= todo - 1;
            let new = self.nbr(s) & within & !done;
            done |= new;
            todo |= new;
        }
        done
    }

    /// True if `x` is connected by adjacency within itself (true when
    /// empty).
    pub fn connected(&self, x: u128) -> bool {
        x == 0 || self.flood(lowest(x), x) == x
    }

    /// The directions (a bit each) in which `s` has a neighbour in `own`.
    #[inline]
    pub fn friends(&self, s: Site, own: u128) -> u8 {
        let row = s as usize * self.dirs;
        let steps = self.step.get(row..row + self.dirs).unwrap_or(&[]);
        let mut mask = 0;
        for (d, &t) in steps.iter().enumerate() {
            if t != NO_SITE && own & bit(t) != 0 {
                mask |= 1 << d;
            }
        }
        mask
    }

    /// Region `r` as `player` sees it.
    #[inline]
    pub fn region(&self, r: RegionId, player: Player) -> u128 {
        self.regions
            .get(r as usize * self.players + player as usize)
            .copied()
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::{Game, Options};

    fn game(board: &str) -> Game {
        let text = format!(
            "(game \"t\" (players 2) (board {board}) (piece \"P\") (region \"R\" (sites \"a1\" \"b1\")) (play (place \"P\" to:Empty)))"
        );
        Game::from_source("t", &text, &Options::default()).unwrap()
    }

    #[test]
    fn neighbours_floods_and_the_way_back_follow_the_board() {
        let g = game("(square 3 3)");
        let b = BoardBits::new(&g).unwrap();
        let s = |l: &str| g.board.site_by_label(l).unwrap();
        let set = |ls: &[&str]| ls.iter().fold(0, |m, l| m | bit(s(l)));
        assert_eq!(b.nbr(s("b2")), set(&["a2", "c2", "b1", "b3"]));
        assert_eq!(b.dilate(set(&["a1", "c3"])), set(&["a2", "b1", "b3", "c2"]));
        let within = set(&["a1", "a2", "a3", "c1"]);
        assert_eq!(b.flood(s("a1"), within), set(&["a1", "a2", "a3"]));
        assert!(b.connected(set(&["a1", "a2", "b2"])));
        assert!(!b.connected(set(&["a1", "b2"])));
        assert!(b.connected(0));
        assert_eq!(b.region(0, 1), set(&["a1", "b1"]));
        assert_eq!(b.all.count_ones(), 9);
        for site in 0..9 {
            let own = b.nbr(site);
            let mask = b.friends(site, own);
            assert_eq!(mask.count_ones(), own.count_ones());
        }
        let sorted: Vec<Site> = sites(set(&["c3", "a1", "b2"])).collect();
        let mut want = vec![s("a1"), s("b2"), s("c3")];
        want.sort_unstable();
        assert_eq!(sorted, want);
    }

    #[test]
    fn boards_over_128_sites_have_no_sets() {
        assert!(BoardBits::new(&game("(square 11 11)")).is_some());
        assert!(BoardBits::new(&game("(square 12 12)")).is_none());
    }
}
