//! Regions of a board: rows, columns, sides and centre, each as a sorted
//! list of sites.

use super::{Board, Site};

/// Tolerance when comparing projections and distances of positions.
const EPS: f64 = 1e-6;

impl Board {
    /// The sites whose index satisfies `keep`, in increasing order.
    fn sites_where(&self, keep: impl Fn(usize) -> bool) -> Vec<Site> {
        (0..self.len())
            .filter(|&s| keep(s))
            .map(|s| s as Site)
            .collect()
    }

    /// The sites of row `r` (0-based from the bottom), sorted; empty when
    /// no site is on that row.
    pub fn row(&self, r: i32) -> Vec<Site> {
        self.sites_where(|s| self.sites[s].row == r)
    }

    /// The sites of column `c` (0-based: the grid column on square grids,
    /// the position in the row from the left on hexagonal shapes), sorted.
    pub fn column(&self, c: i32) -> Vec<Site> {
        self.sites_where(|s| self.sites[s].col == c)
    }

    /// The sites of rows `a` to `b` inclusive (in either order), sorted.
    pub fn rows(&self, a: i32, b: i32) -> Vec<Site> {
        let (lo, hi) = (a.min(b), a.max(b));
        self.sites_where(|s| (lo..=hi).contains(&self.sites[s].row))
    }

    /// Every site, sorted.
    pub fn all(&self) -> Vec<Site> {
        self.sites_where(|_| true)
    }

    /// The side of the board facing `v` (x right, y up): the sites whose
    /// position has the largest projection onto `v` (within 1e-6), sorted.
    /// `side((0.0, -1.0))` is the bottom edge.
    pub fn side(&self, v: (f64, f64)) -> Vec<Site> {
        let proj = |s: usize| {
            let (x, y) = self.sites[s].pos;
            x * v.0 + y * v.1
        };
        let best = (0..self.len()).map(proj).fold(f64::NEG_INFINITY, f64::max);
        self.sites_where(|s| proj(s) >= best - EPS)
    }

    /// The cells whose row and column have the same parity (`dark`) or
    /// not: on a square grid the dark cells of a draughts board, a1 dark.
    pub fn parity(&self, dark: bool) -> Vec<Site> {
        self.sites_where(|s| {
            let i = &self.sites[s];
            ((i.row + i.col).rem_euclid(2) == 0) == dark
        })
    }

    /// The point of a star board ([`crate::board::Shape::Star`]) whose tip lies nearest
    /// the direction `v` (x right, y up): the sites beyond the central
    /// hexagon on that side, sorted (`side` rows, `side·(side + 1)/2`
    /// sites). `None` on a board that is not a star.
    pub fn star_point(&self, v: (f64, f64)) -> Option<Vec<Site>> {
        let crate::board::Shape::Star { side } = *self.shape() else {
            return None;
        };
        let axes = super::geometry::star_axes();
        let dot = |a: (f64, f64)| a.0 * v.0 + a.1 * v.1;
        let axis =
            axes.iter().copied().fold(
                axes[0],
                |best, a| if dot(a) > dot(best) + EPS { a } else { best },
            );
        // The central hexagon reaches side·√3/2 along every axis.
        let edge = f64::from(side) * 3f64.sqrt() / 2.0;
        Some(self.sites_where(|s| {
            let (x, y) = self.sites[s].pos;
            x * axis.0 + y * axis.1 > edge + EPS
        }))
    }

    /// The site or sites nearest to the mean position of all sites (every
    /// site within 1e-6 of the least distance), sorted.
    pub fn centre(&self) -> Vec<Site> {
        let n = self.len().max(1) as f64;
        let mx = self.sites.iter().map(|i| i.pos.0).sum::<f64>() / n;
        let my = self.sites.iter().map(|i| i.pos.1).sum::<f64>() / n;
        let dist = |s: usize| {
            let (x, y) = self.sites[s].pos;
            (x - mx).hypot(y - my)
        };
        let best = (0..self.len()).map(dist).fold(f64::INFINITY, f64::min);
        self.sites_where(|s| dist(s) <= best + EPS)
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{Adjacency, Board, Cells, Labels, Shape, Site};

    fn square(rows: u16, cols: u16, cells: Cells) -> Board {
        let adjacency = Adjacency::All;
        let shape = Shape::Square {
            rows,
            cols,
            cells,
            adjacency,
        };
        Board::new(shape, Labels::Coordinates).unwrap()
    }

    fn grid(n: u16, cells: Cells) -> Shape {
        let (rows, cols, adjacency) = (n, n, Adjacency::Diagonal);
        Shape::Square {
            rows,
            cols,
            cells,
            adjacency,
        }
    }

    fn labels(b: &Board, sites: &[Site]) -> Vec<String> {
        sites.iter().map(|&s| b.site(s).label.clone()).collect()
    }

    #[test]
    fn site_counts() {
        let count = |shape| Board::new(shape, Labels::Numbers).unwrap().all().len();
        assert_eq!(count(grid(8, Cells::All)), 64);
        assert_eq!(count(grid(8, Cells::Dark)), 32);
        assert_eq!(count(grid(10, Cells::Dark)), 50);
        assert_eq!(count(Shape::HexCells { side: 4 }), 37);
        assert_eq!(count(Shape::HexCells { side: 5 }), 61);
        assert_eq!(count(Shape::HexCells { side: 6 }), 91);
        assert_eq!(count(Shape::TriPoints { side: 3, side2: 3 }), 19);
        assert_eq!(count(Shape::TriPoints { side: 4, side2: 5 }), 48);
    }

    #[test]
    fn rows_and_columns() {
        let b = square(8, 8, Cells::Dark);
        assert_eq!(b.row(0), [28, 29, 30, 31]);
        assert_eq!(labels(&b, &b.row(7)), ["b8", "d8", "f8", "h8"]);
        assert_eq!(b.row(8), [0u16; 0]);
        assert_eq!(labels(&b, &b.column(0)), ["a7", "a5", "a3", "a1"]);
        assert_eq!(b.rows(0, 2), b.rows(2, 0));
        assert_eq!(b.rows(0, 2).len(), 12);
        assert_eq!(b.rows(5, 7), (0..12).collect::<Vec<Site>>());
        assert_eq!(b.all(), (0..32).collect::<Vec<Site>>());
    }

    #[test]
    fn sides_of_square_boards() {
        let b = square(8, 8, Cells::Dark);
        assert_eq!(labels(&b, &b.side((0.0, -1.0))), ["a1", "c1", "e1", "g1"]);
        assert_eq!(b.side((0.0, -1.0)), [28, 29, 30, 31]);
        assert_eq!(labels(&b, &b.side((0.0, 1.0))), ["b8", "d8", "f8", "h8"]);
        assert_eq!(labels(&b, &b.side((1.0, 0.0))), ["h8", "h6", "h4", "h2"]);
        assert_eq!(labels(&b, &b.side((-1.0, -1.0))), ["a1"]);
        let full = square(3, 4, Cells::All);
        assert_eq!(labels(&full, &full.side((1.0, 0.0))), ["d3", "d2", "d1"]);
    }

    #[test]
    fn centres() {
        let b = square(8, 8, Cells::Dark);
        assert_eq!(labels(&b, &b.centre()), ["e5", "d4"]);
        let full = square(8, 8, Cells::All);
        assert_eq!(labels(&full, &full.centre()), ["d5", "e5", "d4", "e4"]);
        let odd = square(3, 5, Cells::All);
        assert_eq!(labels(&odd, &odd.centre()), ["c2"]);
    }

    #[test]
    fn hexagon_regions() {
        let b = Board::new(Shape::HexCells { side: 5 }, Labels::Coordinates).unwrap();
        assert_eq!(labels(&b, &b.centre()), ["e5"]);
        let bottom = b.side((0.0, -1.0));
        assert_eq!(labels(&b, &bottom), ["a1", "a2", "a3", "a4", "a5"]);
        assert_eq!(bottom, b.row(0));
        assert_eq!(labels(&b, &b.side((1.0, 0.0))), ["e9"]);
        assert_eq!(labels(&b, &b.side((-1.0, 0.0))), ["e1"]);
        // Toward NE lies a corner; the edge facing 30° holds the last cell
        // of rows e to i.
        assert_eq!(labels(&b, &b.side((0.5, 3f64.sqrt() / 2.0))), ["i5"]);
        let ne = b.side((3f64.sqrt() / 2.0, 0.5));
        assert_eq!(labels(&b, &ne), ["i5", "h6", "g7", "f8", "e9"]);
        assert_eq!(b.rows(0, 8).len(), 61);
    }

    #[test]
    fn limping_hexagon_regions() {
        let shape = Shape::TriPoints { side: 4, side2: 5 };
        let b = Board::new(shape, Labels::Coordinates).unwrap();
        assert_eq!(b.side((0.0, -1.0)).len(), 4);
        assert_eq!(b.side((0.0, 1.0)).len(), 5);
        assert_eq!(b.row(4).len(), 8);
        assert_eq!(b.centre().len(), 3);
    }

    #[test]
    fn distances_on_hexagon() {
        let b = Board::new(Shape::HexCells { side: 5 }, Labels::Coordinates).unwrap();
        let centre = b.centre()[0];
        assert_eq!(b.site(centre).pos, (0.0, 0.0));
        let dist = b.distances_from(&[centre]);
        assert_eq!(dist[usize::from(centre)], 0);
        assert_eq!(b.distance(centre, b.site_by_label("a1").unwrap()), Some(4));
        assert_eq!(b.distance(centre, b.site_by_label("i5").unwrap()), Some(4));
        assert_eq!(dist.iter().max(), Some(&4));
        for k in 1..=4 {
            assert_eq!(dist.iter().filter(|&&d| d == k).count(), 6 * k as usize);
        }
    }
}
