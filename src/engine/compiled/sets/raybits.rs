//! A board's rays as site sets (a [`Bits<2>`]), so that the
//! first stack along a line, and the empty sites before it, are found by
//! a few bit operations instead of a walk site by site.
//!
//! Only for boards of at most 128 sites whose every ray runs through
//! ascending or descending site numbers (rows read in order: square and
//! hexagonal boards): the nearest site of a set along a ray is then its
//! lowest or highest bit.

use crate::board::{Board, Dir, NO_SITE, Site};
use crate::engine::bits::Bits;
use crate::engine::word::Word;

/// Most sites a board may have for its rays to be site sets.
const MAX_SITES: usize = 128;

/// Most sites a ray may have (its sites are numbered in a `u64`).
pub(crate) const MAX_RAY: usize = 64;

/// The rays of a board as site sets (see the module's documentation).
#[derive(Debug, Clone)]
pub(crate) struct RayBits {
    /// Directions of the board.
    dirs: usize,
    /// Per site × direction: the sites along the ray from the site (the
    /// site itself not included), whether their numbers ascend (else they
    /// descend; a ray of no site ascends), how many there are, and where
    /// they begin in `sites`.
    rays: Vec<Ray>,
    /// The sites of every ray, from its origin outward.
    sites: Vec<Site>,
    /// Per direction: the direction that undoes its every step (the site
    /// one step back is the one a step of it came from), if there is one.
    back: Vec<Option<Dir>>,
}

/// One ray (see [`RayBits::rays`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ray {
    set: Bits<2>,
    up: bool,
    len: u16,
    start: u32,
}

impl RayBits {
    /// The rays of `board`; `None` when it has more than 128 sites, a ray
    /// of more than 64 sites or one whose site numbers neither ascend nor
    /// descend.
    pub fn new(board: &Board) -> Option<RayBits> {
        let n = board.len();
        if n > MAX_SITES {
            return None;
        }
        let dirs = board.directions().len();
        let mut rays = Vec::with_capacity(n * dirs);
        let mut sites = Vec::new();
        for s in 0..n as Site {
            for d in 0..dirs {
                let first = board.step(s, d as u8);
                let mut ray = Ray {
                    set: Bits::ZERO,
                    up: first == NO_SITE || first > s,
                    len: 0,
                    start: sites.len() as u32,
                };
                let (mut prev, mut to) = (s, first);
                while to != NO_SITE {
                    if (to > prev) != ray.up || ray.len as usize >= MAX_RAY {
                        return None;
                    }
                    ray.set |= Bits::bit(to);
                    ray.len += 1;
                    sites.push(to);
                    (prev, to) = (to, board.step(to, d as u8));
                }
                rays.push(ray);
            }
        }
        let back = (0..dirs as Dir).map(|d| back_of(board, d)).collect();
        Some(RayBits {
            dirs,
            rays,
            sites,
            back,
        })
    }

    /// The direction that undoes every step of `d` (see
    /// [`RayBits::back`]), if any.
    #[inline]
    pub fn back(&self, d: Dir) -> Option<Dir> {
        self.back.get(d as usize).copied().flatten()
    }

    /// The sites of stacks (a height above 0) among `heights`, one per
    /// site of the board (the first 128): eight heights at a time, as the
    /// bytes of one word.
    #[inline]
    pub fn occupied(heights: &[u8]) -> Bits<2> {
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        // Gathers the low bit of each byte into the top byte, in order.
        const GATHER: u64 = 0x0102_0408_1020_4080;
        let mut occ = [0u64; 2];
        for (i, chunk) in heights.chunks(8).enumerate().take(16) {
            let mut bytes = [0u8; 8];
            bytes[..chunk.len()].copy_from_slice(chunk);
            let x = u64::from_le_bytes(bytes);
            // The high bit of each byte that is not 0.
            let nonzero = (x | ((x & LOW7) + LOW7)) & HIGH;
            let bits = (nonzero >> 7).wrapping_mul(GATHER) >> 56;
            occ[i / 8] |= bits << (8 * (i % 8));
        }
        Bits(occ)
    }

    /// The ray from site `from` along direction `d` (a ray of no site
    /// off the board).
    #[inline]
    fn get(&self, from: Site, d: Dir) -> Ray {
        let i = from as usize * self.dirs + d as usize;
        self.rays.get(i).copied().unwrap_or(Ray {
            set: Bits::ZERO,
            up: true,
            len: 0,
            start: 0,
        })
    }

    /// The rays from site `from`, one a direction (none off the board).
    #[inline]
    pub fn rays_at(&self, from: Site) -> &[Ray] {
        let i = from as usize * self.dirs;
        self.rays.get(i..i + self.dirs).unwrap_or(&[])
    }

    /// How many sites ray `r` (one of [`RayBits::rays_at`], along
    /// direction `d`) has before its first stack of `occ` (all of them
    /// when it has none), and whether it has one: [`RayBits::open_ray`]
    /// without the sites.
    #[inline]
    pub fn open_of(&self, r: &Ray, occ: Bits<2>, d: Dir) -> (usize, bool) {
        match Self::nearest(r.set & occ, r.up) {
            None => (r.len as usize, false),
            Some(b) => {
                let beyond = self.get(b, d).len as usize;
                ((r.len as usize).saturating_sub(beyond + 1), true)
            }
        }
    }

    /// Whether ray `r` has a site of `set` before its first stack of
    /// `occ` (anywhere along it when it has none).
    #[inline]
    pub fn open_hits(r: &Ray, occ: Bits<2>, set: Bits<2>) -> bool {
        let Some(t) = Self::nearest(r.set & set, r.up) else {
            return false;
        };
        match Self::nearest(r.set & occ, r.up) {
            None => true,
            Some(b) if r.up => t < b,
            Some(b) => t > b,
        }
    }

    /// The sites of ray `r`, from its origin outward.
    #[inline]
    pub fn sites_of(&self, r: &Ray) -> &[Site] {
        let start = r.start as usize;
        self.sites.get(start..start + r.len as usize).unwrap_or(&[])
    }

    /// Whether `site` lies on the ray from `from` in direction `d`.
    #[inline]
    pub fn on_ray(&self, from: Site, d: Dir, site: Site) -> bool {
        self.get(from, d).set.has(site)
    }

    /// The site of `set` (sites of one ray of numbers ascending if `up`)
    /// nearest the ray's start; `None` when `set` is empty.
    #[inline]
    pub fn nearest(set: Bits<2>, up: bool) -> Option<Site> {
        match (set, up) {
            (s, _) if s == Bits::ZERO => None,
            (s, true) => Some(s.lowest()),
            (s, false) => Some(s.highest()),
        }
    }

    /// How many sites the ray from `from` along `d` has before its first
    /// stack of `occ` (all of them when it has none), and that stack.
    #[inline]
    pub fn open(&self, occ: Bits<2>, from: Site, d: Dir) -> (usize, Option<Site>) {
        let r = self.get(from, d);
        match Self::nearest(r.set & occ, r.up) {
            None => (r.len as usize, None),
            Some(b) => {
                let beyond = self.get(b, d).len;
                ((r.len - beyond) as usize - 1, Some(b))
            }
        }
    }

    /// The sites along the ray from `from` in direction `d` (from the
    /// origin outward), how many of them come before its first stack of
    /// `occ`, and whether it has one: [`RayBits::sites`] and
    /// [`RayBits::open`] at once.
    #[inline]
    pub fn open_ray(&self, occ: Bits<2>, from: Site, d: Dir) -> (&[Site], usize, bool) {
        let r = self.get(from, d);
        let sites = self
            .sites
            .get(r.start as usize..r.start as usize + r.len as usize)
            .unwrap_or(&[]);
        match Self::nearest(r.set & occ, r.up) {
            None => (sites, sites.len(), false),
            Some(b) => {
                let beyond = self.get(b, d).len as usize;
                (sites, sites.len().saturating_sub(beyond + 1), true)
            }
        }
    }

    /// The first stack along the ray from `from` in direction `d` among
    /// the stacks `occ`, and its distance; `None` when there is none.
    #[inline]
    pub fn first(&self, occ: Bits<2>, from: Site, d: Dir) -> Option<(Site, u16)> {
        match self.open(occ, from, d) {
            (k, Some(b)) => Some((b, k as u16 + 1)),
            _ => None,
        }
    }
}

/// The opposite of direction `d` on `board` when it undoes every step
/// of `d` and `d` every step of it (as on grids); `None` otherwise.
fn back_of(board: &Board, d: Dir) -> Option<Dir> {
    let o = board.opposite(d)?;
    let inverse = |a: Dir, b: Dir| {
        (0..board.len() as Site).all(|s| match board.step(s, a) {
            NO_SITE => true,
            t => board.step(t, b) == s,
        })
    };
    (inverse(d, o) && inverse(o, d)).then_some(o)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Adjacency, Cells, Labels, Shape};

    fn board(rows: u16, cols: u16) -> Board {
        let shape = Shape::Square {
            rows,
            cols,
            cells: Cells::All,
            adjacency: Adjacency::All,
        };
        Board::new(shape, Labels::Coordinates).unwrap()
    }

    /// The sites along a ray, walked step by step.
    fn walk(b: &Board, from: Site, d: Dir) -> Vec<Site> {
        let mut v = Vec::new();
        let mut s = b.step(from, d);
        while s != NO_SITE {
            v.push(s);
            s = b.step(s, d);
        }
        v
    }

    #[test]
    fn every_ray_is_read_outward_as_the_walk_finds_it() {
        let b = board(5, 7);
        let r = RayBits::new(&b).expect("a square board's rays are ordered");
        for from in 0..b.len() as Site {
            for d in 0..b.directions().len() as Dir {
                let want = walk(&b, from, d);
                assert_eq!(
                    r.open_ray(Bits::ZERO, from, d),
                    (&want[..], want.len(), false)
                );
                // A stack on each site of the ray in turn: the sites
                // before it are open.
                for (k, &s) in want.iter().enumerate() {
                    assert!(r.on_ray(from, d, s));
                    let occ = Bits::bit(s);
                    assert_eq!(r.open(occ, from, d), (k, Some(s)));
                    assert_eq!(r.open_ray(occ, from, d), (&want[..], k, true));
                    assert_eq!(
                        r.first(occ | Bits::bit(from), from, d),
                        Some((s, k as u16 + 1))
                    );
                }
                assert_eq!(r.open(Bits::ZERO, from, d), (want.len(), None));
                let ray = &r.rays_at(from)[d as usize];
                assert_eq!(r.sites_of(ray), &want[..]);
                for occ in [Bits::ZERO, Bits::bit(want.last().copied().unwrap_or(0))] {
                    let (sites, k, blocked) = r.open_ray(occ, from, d);
                    assert_eq!(
                        (r.sites_of(ray), r.open_of(ray, occ, d)),
                        (sites, (k, blocked))
                    );
                }
                assert!(!r.on_ray(from, d, from));
                // A site of the ray is hit when no stack comes before it.
                for (k, &s) in want.iter().enumerate() {
                    for (j, &b) in want.iter().enumerate() {
                        let hit = RayBits::open_hits(ray, Bits::bit(b), Bits::bit(s));
                        assert_eq!(hit, k < j, "site {k}, stack {j}");
                    }
                    assert!(RayBits::open_hits(ray, Bits::ZERO, Bits::bit(s)));
                }
                assert!(!RayBits::open_hits(ray, Bits::ZERO, Bits::bit(from)));
            }
        }
    }

    #[test]
    fn the_first_stack_and_the_sites_before_it() {
        // A row of 7: stacks on c1 (2) and f1 (5); from a1 eastward the
        // first is c1 at 2 steps, from g1 westward f1 at 1 step.
        let b = board(1, 7);
        let r = RayBits::new(&b).unwrap();
        let mut heights = [0u8; 7];
        heights[2] = 1;
        heights[5] = 3;
        let occ = RayBits::occupied(&heights);
        assert_eq!(occ, Bits([0b100100, 0]));
        let east = (0..b.directions().len() as Dir)
            .find(|&d| b.step(0, d) == 1)
            .unwrap();
        let west = (0..b.directions().len() as Dir)
            .find(|&d| b.step(6, d) == 5)
            .unwrap();
        assert_eq!(r.first(occ, 0, east), Some((2, 2)));
        assert_eq!(r.first(occ, 6, west), Some((5, 1)));
        assert_eq!(r.first(occ, 6, east), None);
        assert_eq!(r.open(occ, 3, west), (0, Some(2)));
        assert_eq!(r.open(occ, 1, west), (1, None));
    }

    #[test]
    fn the_stacks_are_the_heights_above_0() {
        let mut heights = [0u8; 128];
        for n in [1, 7, 8, 9, 61, 64, 65, 91, 127, 128] {
            for (i, h) in heights.iter_mut().enumerate() {
                // Every height from 0 to 255 in turn, some bytes 128 and up.
                *h = ((i * 37 + n) % 7 == 0) as u8 * (i * 97 % 256) as u8;
            }
            let heights = &heights[..n];
            let want = (0..n)
                .filter(|&s| heights[s] != 0)
                .fold(Bits::ZERO, |a, s| a | Bits::bit(s as Site));
            assert_eq!(RayBits::occupied(heights), want, "{n} sites");
        }
        assert_eq!(RayBits::occupied(&[255, 0, 128, 1]), Bits([0b1101, 0]));
    }

    #[test]
    fn a_step_back_undoes_every_step_on_a_grid() {
        let b = board(4, 5);
        let r = RayBits::new(&b).unwrap();
        for d in 0..b.directions().len() as Dir {
            let o = r.back(d).expect("a grid's directions have opposites");
            for s in 0..b.len() as Site {
                let t = b.step(s, d);
                if t != NO_SITE {
                    assert_eq!(b.step(t, o), s);
                }
            }
        }
    }

    #[test]
    fn boards_of_more_than_128_sites_or_longer_rays_have_no_ray_sets() {
        assert!(RayBits::new(&board(12, 11)).is_none());
        assert!(RayBits::new(&board(8, 16)).is_some());
        assert!(RayBits::new(&board(1, 66)).is_none());
    }
}
