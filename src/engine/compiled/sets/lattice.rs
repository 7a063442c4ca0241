//! A board's sites as the bits of one grid ([`Points`]) in which a step in
//! any direction is one shift, so that the sites a step away from a whole
//! set of sites are found at once: bit `(row × width + column)` of the
//! board's lattice (rows in the order the sites are numbered), holes and
//! all.
//!
//! Only for boards of at most 128 lattice points whose directions are
//! one lattice offset each (the grid shapes: square grids, hexagons and
//! rhombi of hexagonal cells) and whose sites are numbered in the
//! lattice's reading order, so that ascending bits are ascending sites.
//!
//! A set of lattice points is a [`Points`]: a [`Bits<2>`] (the compiled
//! tier's one site-set type) in the lattice's numbering, a type of its
//! own so that a set of sites cannot pass where lattice points are meant,
//! or the other way round.

use crate::board::{Board, Dir, NO_SITE, Site};
use crate::engine::bits::Bits;
use crate::engine::word::Word;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// Most bits a lattice may have.
const MAX_BITS: usize = 128;

/// A board's sites as lattice bits (see the module's documentation).
#[derive(Debug, Clone)]
pub(crate) struct Lattice {
    /// Per site: its bit.
    bits: Vec<u8>,
    /// Per bit: its site ([`NO_SITE`] for a hole).
    sites: Vec<Site>,
    /// Per direction: how a set moves for a step back along it.
    dirs: Vec<Shift>,
    /// Runs of sites numbered in a row whose bits follow each other too:
    /// a site set (bit `s` for site `s`) is read run by run.
    runs: Vec<Run>,
}

/// A step back along one direction (see [`Lattice::pre`]): the set moved
/// `by` bits up (`up`) or down, kept to the sites that have a neighbour
/// that way.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Shift {
    /// Points the set moves (below 128).
    by: u32,
    up: bool,
    has: Points,
}

impl Shift {
    /// The points whose neighbour along the direction is in `x`.
    #[inline]
    pub fn pre(&self, x: Points) -> Points {
        let x = joined(x.0);
        let moved = if self.up { x << self.by } else { x >> self.by };
        Points(parted(moved)) & self.has
    }
}

/// The two words of a set as one `u128`, for shifts with carries by
/// amounts known to be below 128 (an implementation detail, as in
/// `word.rs`).
#[inline(always)]
fn joined(x: Bits<2>) -> u128 {
    u128::from(x.0[0]) | u128::from(x.0[1]) << 64
}

/// The set of [`joined`]'s `u128`.
#[inline(always)]
fn parted(x: u128) -> Bits<2> {
    Bits([x as u64, (x >> 64) as u64])
}

/// A set of lattice points (see the module's documentation): point `b`
/// is bit `b` of a [`Bits<2>`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Points(Bits<2>);

impl Points {
    /// No point.
    pub const NONE: Points = Points(Bits::ZERO);

    /// The set of point `b` (none past the 128th).
    #[inline(always)]
    pub fn point(b: u32) -> Points {
        Points(parted(1u128.checked_shl(b).unwrap_or(0)))
    }

    /// True if point `b` is in the set.
    #[inline(always)]
    pub fn has(self, b: u32) -> bool {
        joined(self.0).checked_shr(b).unwrap_or(0) & 1 != 0
    }

    /// True if no point is in the set.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        joined(self.0) == 0
    }

    /// The points, in increasing order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = u32> {
        let mut x = joined(self.0);
        std::iter::from_fn(move || {
            (x != 0).then(|| {
                let b = x.trailing_zeros();
                x &= x - 1;
                b
            })
        })
    }

    /// Adds one to `per[b]` for each point `b` of the set; returns how
    /// many there are.
    #[inline]
    pub fn count_into(self, per: &mut [u32; 128]) -> u32 {
        let mut n = 0;
        for (w, &word) in self.0.0.iter().enumerate() {
            let mut x = word;
            while x != 0 {
                per[w * 64 + x.trailing_zeros() as usize] += 1;
                x &= x - 1;
                n += 1;
            }
        }
        n
    }
}

/// A word-by-word operator and its assignment on [`Points`].
macro_rules! pointwise {
    ($op:ident, $f:ident, $opa:ident, $fa:ident, $sym:tt) => {
        impl $op for Points {
            type Output = Points;
            #[inline(always)]
            fn $f(self, o: Points) -> Points {
                Points(self.0 $sym o.0)
            }
        }
        impl $opa for Points {
            #[inline(always)]
            fn $fa(&mut self, o: Points) {
                *self = *self $sym o;
            }
        }
    };
}

pointwise!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
pointwise!(BitOr, bitor, BitOrAssign, bitor_assign, |);

impl Not for Points {
    type Output = Points;
    #[inline(always)]
    fn not(self) -> Points {
        Points(!self.0)
    }
}

/// Sites `site..site + len` at bits `bit..bit + len` (`mask`: the low
/// `len` bits).
#[derive(Debug, Clone, Copy)]
struct Run {
    site: u32,
    len: u32,
    bit: u32,
    mask: u128,
}

impl Lattice {
    /// The lattice of `board`; `None` when it has more than 128 points,
    /// a direction that is not one offset, or sites not numbered in its
    /// reading order.
    pub fn new(board: &Board) -> Option<Lattice> {
        let n = board.len();
        if n == 0 || n > MAX_BITS {
            return None;
        }
        let coords: Vec<(i32, i32)> = (0..n as Site).map(|s| board.lattice(s)).collect();
        let bits = reading_order(&coords)?;
        let mut sites = vec![NO_SITE; MAX_BITS];
        for (s, &b) in bits.iter().enumerate() {
            sites[b as usize] = s as Site;
        }
        let dirs = (0..board.directions().len() as Dir)
            .map(|d| shift_of(board, &bits, d))
            .collect::<Option<Vec<_>>>()?;
        Some(Lattice {
            runs: runs(&bits),
            bits,
            sites,
            dirs,
        })
    }

    /// The bit of site `s` (0 for no site).
    #[inline]
    pub fn bit(&self, s: Site) -> u32 {
        self.bits.get(s as usize).copied().unwrap_or(0) as u32
    }

    /// The site of bit `b` ([`NO_SITE`] for a hole).
    #[inline]
    pub fn site(&self, b: u32) -> Site {
        self.sites.get(b as usize).copied().unwrap_or(NO_SITE)
    }

    /// The sites whose neighbour along direction `d` is in `x` (none for
    /// a direction of no board).
    #[cfg(test)]
    pub fn pre(&self, d: Dir, x: Points) -> Points {
        self.back(d).pre(x)
    }

    /// The step back along direction `d` (to no site for a direction of
    /// no board), to apply to many sets.
    #[inline]
    pub fn back(&self, d: Dir) -> Shift {
        self.dirs.get(d as usize).copied().unwrap_or_default()
    }

    /// Site set `set` as lattice points.
    #[inline]
    pub fn of_sites(&self, set: Bits<2>) -> Points {
        let set = joined(set);
        let points = self
            .runs
            .iter()
            .fold(0, |acc, r| acc | ((set >> r.site) & r.mask) << r.bit);
        Points(parted(points))
    }
}

/// Each site's bit, row by row in the order the sites are numbered
/// (`None` when they are numbered otherwise or the lattice has more than
/// 128 points). Rows are the second coordinate, from either end.
fn reading_order(coords: &[(i32, i32)]) -> Option<Vec<u8>> {
    let (xs, ys) = (coords.iter().map(|c| c.0), coords.iter().map(|c| c.1));
    let (x0, x1) = (xs.clone().min()?, xs.max()?);
    let (y0, y1) = (ys.clone().min()?, ys.max()?);
    let width = i64::from(x1) - i64::from(x0) + 1;
    let height = i64::from(y1) - i64::from(y0) + 1;
    if width * height > MAX_BITS as i64 {
        return None;
    }
    // Rows from the top (the usual reading order), else from the bottom.
    let bit = |(x, y): (i32, i32), top: bool| {
        let row = if top { y1 - y } else { y - y0 };
        i64::from(row) * width + i64::from(x - x0)
    };
    [true, false].into_iter().find_map(|top| {
        let bits: Vec<i64> = coords.iter().map(|&c| bit(c, top)).collect();
        let ascending = bits.windows(2).all(|w| w[0] < w[1]);
        ascending.then(|| bits.iter().map(|&b| b as u8).collect())
    })
}

/// Direction `d`'s step back as a shift (see [`Shift`]); `None` when its
/// steps do not all move the same number of bits.
fn shift_of(board: &Board, bits: &[u8], d: Dir) -> Option<Shift> {
    let mut offset = None;
    let mut has = Points::NONE;
    for (s, &b) in bits.iter().enumerate() {
        let t = board.step(s as Site, d);
        if t == NO_SITE {
            continue;
        }
        let k = i32::from(bits[t as usize]) - i32::from(b);
        if *offset.get_or_insert(k) != k {
            return None;
        }
        has |= Points::point(u32::from(b));
    }
    // A step to a higher bit is undone by moving the set down.
    let k = offset.unwrap_or(0);
    Some(Shift {
        by: k.unsigned_abs(),
        up: k < 0,
        has,
    })
}

/// The runs of sites whose bits follow each other (see [`Run`]).
fn runs(bits: &[u8]) -> Vec<Run> {
    let mut out: Vec<Run> = Vec::new();
    for (s, &b) in bits.iter().enumerate() {
        match out.last_mut() {
            Some(r) if r.site + r.len == s as u32 && r.bit + r.len == u32::from(b) => r.len += 1,
            _ => out.push(Run {
                site: s as u32,
                len: 1,
                bit: u32::from(b),
                mask: 0,
            }),
        }
    }
    for r in &mut out {
        r.mask = u128::MAX >> (128 - r.len);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Adjacency, Cells, Labels, Shape};

    fn boards() -> Vec<Board> {
        let square = |rows, cols, cells| Shape::Square {
            rows,
            cols,
            cells,
            adjacency: Adjacency::All,
        };
        [
            square(8, 8, Cells::All),
            square(8, 8, Cells::Dark),
            square(10, 10, Cells::Dark),
            square(3, 7, Cells::All),
            Shape::HexCells { side: 4 },
            Shape::HexCells { side: 5 },
            Shape::HexCells { side: 6 },
            Shape::Rhombus { cols: 5, rows: 4 },
        ]
        .into_iter()
        .map(|s| Board::new(s, Labels::Coordinates).unwrap())
        .collect()
    }

    /// A pseudo-random site set of `n` sites.
    fn some_sites(n: usize, seed: u64) -> Bits<2> {
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut set = Bits::ZERO;
        for s in 0..n {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if x & 3 == 0 {
                set |= Bits::bit(s as Site);
            }
        }
        set
    }

    #[test]
    fn a_step_back_is_a_shift_on_every_grid_shape() {
        for b in boards() {
            let lat = Lattice::new(&b).expect("grid shapes have lattices");
            let n = b.len();
            for seed in 0..20 {
                let x = some_sites(n, seed);
                for d in 0..b.directions().len() as Dir {
                    // The sites stepping into `x`, one by one.
                    let want = (0..n as Site)
                        .filter(|&s| matches!(b.step(s, d), t if t != NO_SITE && x.has(t)))
                        .fold(Points::NONE, |a, s| a | Points::point(lat.bit(s)));
                    assert_eq!(lat.pre(d, lat.of_sites(x)), want);
                }
            }
        }
    }

    #[test]
    fn bits_ascend_with_the_sites_and_site_sets_convert_run_by_run() {
        for b in boards() {
            let lat = Lattice::new(&b).unwrap();
            let n = b.len() as Site;
            for s in 0..n {
                assert_eq!(lat.site(lat.bit(s)), s);
                if s > 0 {
                    assert!(lat.bit(s) > lat.bit(s - 1));
                }
            }
            let all = (0..n).fold(Points::NONE, |a, s| a | Points::point(lat.bit(s)));
            assert_eq!(lat.of_sites(!Bits::ZERO), all);
            assert_eq!(all.iter().count(), b.len());
            let x = some_sites(b.len(), 3);
            let want = (0..n)
                .filter(|&s| x.has(s))
                .fold(Points::NONE, |a, s| a | Points::point(lat.bit(s)));
            assert_eq!(lat.of_sites(x), want);
        }
    }

    #[test]
    fn points_hold_what_was_put_in_and_give_it_back_in_order() {
        for seed in 0..20u64 {
            let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut want = Vec::new();
            for b in 0..128u32 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if x % 3 == 0 {
                    want.push(b);
                }
            }
            let set = want.iter().fold(Points::NONE, |a, &b| a | Points::point(b));
            assert_eq!(set.iter().collect::<Vec<_>>(), want);
            assert!((0..200).all(|b| set.has(b) == want.contains(&b)));
            let mut per = [0u32; 128];
            assert_eq!(set.count_into(&mut per) as usize, want.len());
            assert!((0..128).all(|b| (per[b] == 1) == want.contains(&(b as u32))));
            assert!((set & !set).is_empty());
            assert_eq!(set.is_empty(), want.is_empty());
        }
        assert!(Points::point(128).is_empty() && Points::point(500).is_empty());
    }

    #[test]
    fn larger_lattices_have_none() {
        let hex7 = Board::new(Shape::HexCells { side: 7 }, Labels::Coordinates).unwrap();
        assert!(Lattice::new(&hex7).is_none());
        let wide = Shape::Square {
            rows: 2,
            cols: 65,
            cells: Cells::All,
            adjacency: Adjacency::All,
        };
        assert!(Lattice::new(&Board::new(wide, Labels::Coordinates).unwrap()).is_none());
    }
}
