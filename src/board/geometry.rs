//! Layout of the board shapes: where each site lies, its row and column, the
//! directions of the shape, the step table and the notation labels.
//!
//! Every shape is laid out on an integer lattice: square grids on `(col,
//! row)`, hexagonal shapes on axial coordinates `(i, j)` where `j` is the row
//! and a step east adds 1 to `i`. A direction is a lattice offset, so the
//! step table is a lookup of `site + offset`.

use std::collections::HashMap;

use super::{Adjacency, BoardError, Cells, Direction, Labels, NO_SITE, Shape, Site};

/// Largest accepted size (rows, columns, or points/cells a side) of a board.
pub const MAX_SIZE: u16 = 128;

/// Largest accepted number of sites of a board (below [`NO_SITE`]).
pub const MAX_SITES: usize = 65_000;

/// Compass names and lattice offsets `(dx, dy)` of the eight square-grid
/// directions, in the order the directions of a square board are listed.
pub(super) const SQUARE_DIRS: [(&str, (i32, i32)); 8] = [
    ("N", (0, 1)),
    ("NE", (1, 1)),
    ("E", (1, 0)),
    ("SE", (1, -1)),
    ("S", (0, -1)),
    ("SW", (-1, -1)),
    ("W", (-1, 0)),
    ("NW", (-1, 1)),
];

/// Compass names and axial offsets `(di, dj)` of the six directions of the
/// hexagonal shapes (pointy-top cells; E and W stay in the row).
const HEX_DIRS: [(&str, (i32, i32)); 6] = [
    ("E", (1, 0)),
    ("NE", (0, 1)),
    ("NW", (-1, 1)),
    ("W", (-1, 0)),
    ("SW", (0, -1)),
    ("SE", (1, -1)),
];

/// A site as placed by a shape, before it gets its label.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Placed {
    /// Integer lattice coordinates (unique per site).
    pub(super) lattice: (i32, i32),
    /// Geometric position, x right and y up, one unit per step along a row.
    pub(super) pos: (f64, f64),
    /// Row from the bottom, 0-based.
    pub(super) row: i32,
    /// Column: the grid column on square grids, the 0-based position in
    /// the row on hexagonal shapes.
    pub(super) col: i32,
}

/// The sites (in reading order) and directions of a shape.
#[derive(Debug, Clone)]
pub(super) struct Layout {
    /// Sites in reading order: top row first, left to right.
    pub(super) sites: Vec<Placed>,
    /// Directions of the shape, with their unit vectors.
    pub(super) directions: Vec<Direction>,
    /// Lattice offset of each direction.
    pub(super) offsets: Vec<(i32, i32)>,
}

/// Number of points of the triangular grid inside a hexagon whose sides
/// alternate `side` and `side2` points: `T(a + 2b) − 3·T(b − 1)` with edge
/// lengths `a = side − 1`, `b = side2 − 1` and `T(m) = (m + 1)(m + 2) / 2`
/// (a triangle of `a + 2b` edges with its three corners cut off).
///
/// Regular hexagons (`side2 == side == n`) have `3n(n − 1) + 1` points;
/// sides of 0 points give 0. (The tests' count of a layout's sites.)
#[cfg(test)]
pub fn hexagon_points(side: u16, side2: u16) -> usize {
    if side == 0 || side2 == 0 {
        return 0;
    }
    let (a, b) = (usize::from(side) - 1, usize::from(side2) - 1);
    let t = |m: usize| (m + 1) * (m + 2) / 2;
    let cut = if b == 0 { 0 } else { 3 * t(b - 1) };
    t(a + 2 * b) - cut
}

/// Letters naming a 0-based file or row: `a`..`z`, then `aa`, `ab`, …
pub fn letters(index: u32) -> String {
    let mut n = index + 1;
    let mut out = Vec::new();
    while n > 0 {
        n -= 1;
        out.push(char::from(b'a' + (n % 26) as u8));
        n /= 26;
    }
    out.iter().rev().collect()
}

/// Lays out a shape and builds its step table (a graph's from its
/// edges), or says why the shape makes no board.
pub(super) fn layout(shape: &Shape) -> Result<(Layout, Vec<Site>), BoardError> {
    let layout = match *shape {
        Shape::Square {
            rows,
            cols,
            cells,
            adjacency,
        } => {
            check_size("rows", rows)?;
            check_size("columns", cols)?;
            square(rows, cols, cells, adjacency)
        }
        Shape::HexCells { side } => {
            check_size("side", side)?;
            hexagon(side, side)
        }
        Shape::Rhombus { cols, rows } => {
            check_size("columns", cols)?;
            check_size("rows", rows)?;
            rhombus(cols, rows)
        }
        Shape::TriPoints { side, side2 } => {
            check_size("side", side)?;
            check_size("second side", side2)?;
            hexagon(side, side2)
        }
        Shape::Star { side } => {
            check_size("side", side)?;
            star(side)
        }
        Shape::Graph(ref spec) => return super::graph::layout(spec),
    };
    if layout.sites.len() > MAX_SITES {
        return Err(BoardError::TooManySites {
            sites: layout.sites.len(),
        });
    }
    let step = step_table(&layout);
    Ok((layout, step))
}

fn check_size(what: &'static str, size: u16) -> Result<(), BoardError> {
    if size == 0 || size > MAX_SIZE {
        Err(BoardError::Size { what, size })
    } else {
        Ok(())
    }
}

/// A `rows × cols` square grid: cell `(c, r)` at position `(c, r)`.
fn square(rows: u16, cols: u16, cells: Cells, adjacency: Adjacency) -> Layout {
    let mut sites = Vec::new();
    for r in (0..i32::from(rows)).rev() {
        for c in 0..i32::from(cols) {
            if cells == Cells::All || (r + c) % 2 == 0 {
                let pos = (f64::from(c), f64::from(r));
                sites.push(Placed {
                    lattice: (c, r),
                    pos,
                    row: r,
                    col: c,
                });
            }
        }
    }
    let keep = |(dx, dy): (i32, i32)| match adjacency {
        Adjacency::Orthogonal => dx == 0 || dy == 0,
        Adjacency::Diagonal => dx != 0 && dy != 0,
        Adjacency::All => true,
    };
    let chosen: Vec<_> = SQUARE_DIRS.iter().filter(|(_, o)| keep(*o)).collect();
    let to_vec = |(dx, dy): (i32, i32)| (f64::from(dx), f64::from(dy));
    Layout {
        sites,
        directions: chosen
            .iter()
            .map(|(n, o)| direction(n, to_vec(*o)))
            .collect(),
        offsets: chosen.iter().map(|(_, o)| *o).collect(),
    }
}

/// A hexagon of the triangular lattice with sides alternating `side` and
/// `side2` points (counter-clockwise from the bottom row, which has `side`
/// points). Hex cells are the regular case.
///
/// Axial `(i, j)` with `i, j, k ∈ [0, a + b]` and `i + j + k = a + 2b`;
/// positions are centred on the mean of all sites.
fn hexagon(side: u16, side2: u16) -> Layout {
    let (a, b) = (i32::from(side) - 1, i32::from(side2) - 1);
    let mut lattice = Vec::new();
    for j in (0..=a + b).rev() {
        let first = (b - j).max(0);
        let last = (a + 2 * b - j).min(a + b);
        lattice.extend((first..=last).map(|i| (i, j, i - first)));
    }
    let n = lattice.len() as f64;
    let mean_i = lattice.iter().map(|p| f64::from(p.0)).sum::<f64>() / n;
    let mean_j = lattice.iter().map(|p| f64::from(p.1)).sum::<f64>() / n;
    let sites = lattice
        .into_iter()
        .map(|(i, j, col)| Placed {
            lattice: (i, j),
            pos: hex_pos(f64::from(i) - mean_i, f64::from(j) - mean_j),
            row: j,
            col,
        })
        .collect();
    hex_layout(sites)
}

/// The six-pointed star of `side` (points of the triangular grid): the
/// union of two triangles of `3·side + 1` points a side, one pointing up
/// and one down, centred on axial `(0, 0)`. With cube coordinates `(i, j,
/// −i−j)` (`j` the row), the upward triangle holds every coordinate ≥
/// −side and the downward one every coordinate ≤ side; their overlap is the
/// central hexagon.
fn star(side: u16) -> Layout {
    let n = i32::from(side);
    let mut sites = Vec::new();
    for j in (-2 * n..=2 * n).rev() {
        // Upward triangle's row: i from -n to n - j (j ≥ -n); downward
        // triangle's: i from -n - j to n (j ≤ n). Overlapping when both.
        let (first, last) = match (j >= -n, j <= n) {
            (true, true) => ((-n).min(-n - j), (n - j).max(n)),
            (true, false) => (-n, n - j),
            _ => (-n - j, n),
        };
        sites.extend((first..=last).map(|i| Placed {
            lattice: (i, j),
            pos: hex_pos(f64::from(i), f64::from(j)),
            row: j + 2 * n,
            col: i - first,
        }));
    }
    hex_layout(sites)
}

/// The axes of a star's six points, from its centre: the unit vectors at
/// 90°, 30°, −30°, −90°, −150° and 150° (N, NE, SE, S, SW, NW as the
/// compass names them nearest).
pub(super) fn star_axes() -> [(f64, f64); 6] {
    let h = 3f64.sqrt() / 2.0;
    [
        (0.0, 1.0),
        (h, 0.5),
        (h, -0.5),
        (0.0, -1.0),
        (-h, -0.5),
        (-h, 0.5),
    ]
}

/// A parallelogram of hexagonal cells: axial `(i, j)` for `i < cols`,
/// `j < rows`, positions centred on the mean of all sites.
fn rhombus(cols: u16, rows: u16) -> Layout {
    let (cols, rows) = (i32::from(cols), i32::from(rows));
    let mean_i = f64::from(cols - 1) / 2.0;
    let mean_j = f64::from(rows - 1) / 2.0;
    let sites = (0..rows)
        .rev()
        .flat_map(|j| (0..cols).map(move |i| (i, j)))
        .map(|(i, j)| Placed {
            lattice: (i, j),
            pos: hex_pos(f64::from(i) - mean_i, f64::from(j) - mean_j),
            row: j,
            col: i,
        })
        .collect();
    hex_layout(sites)
}

/// A layout of sites on the hexagonal lattice, with its six directions.
fn hex_layout(sites: Vec<Placed>) -> Layout {
    Layout {
        sites,
        directions: HEX_DIRS
            .iter()
            .map(|(n, (di, dj))| direction(n, hex_pos(f64::from(*di), f64::from(*dj))))
            .collect(),
        offsets: HEX_DIRS.iter().map(|(_, o)| *o).collect(),
    }
}

/// Position of axial `(i, j)`: `x = i + j/2`, `y = j·√3/2`.
fn hex_pos(i: f64, j: f64) -> (f64, f64) {
    (i + j / 2.0, j * 3f64.sqrt() / 2.0)
}

/// A named direction with the given vector scaled to unit length.
fn direction(name: &str, (x, y): (f64, f64)) -> Direction {
    let len = x.hypot(y);
    Direction {
        name: name.to_string(),
        vector: (x / len, y / len),
    }
}

/// The flat step table of a layout: `table[site * ndirs + dir]` is the
/// neighbour of `site` in direction `dir`, or [`NO_SITE`].
fn step_table(layout: &Layout) -> Vec<Site> {
    let index: HashMap<(i32, i32), Site> = layout
        .sites
        .iter()
        .enumerate()
        .map(|(s, p)| (p.lattice, s as Site))
        .collect();
    let mut table = Vec::with_capacity(layout.sites.len() * layout.offsets.len());
    for p in &layout.sites {
        for &(dx, dy) in &layout.offsets {
            let target = (p.lattice.0 + dx, p.lattice.1 + dy);
            table.push(index.get(&target).copied().unwrap_or(NO_SITE));
        }
    }
    table
}

/// The notation label of the site at `index` (reading order) of a shape.
pub(super) fn label(shape: &Shape, labels: Labels, index: usize, p: &Placed) -> String {
    match (labels, shape) {
        (Labels::Numbers, _) => (index + 1).to_string(),
        (Labels::Coordinates, Shape::Square { .. } | Shape::Rhombus { .. }) => {
            format!("{}{}", letters(p.col as u32), p.row + 1)
        }
        (Labels::Coordinates, _) => format!("{}{}", letters(p.row as u32), p.col + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    fn board(shape: Shape, labels: Labels) -> Board {
        Board::new(shape, labels).unwrap()
    }

    #[test]
    fn a_rhombus_of_hex_cells_has_the_hex_board_neighbours() {
        // 3 × 3: a cell (c, r) touches (c ± 1, r), (c, r ± 1), (c − 1, r + 1)
        // and (c + 1, r − 1). Acute corners a1 and c3 have 2 neighbours, the
        // obtuse ones c1 and a3 have 3, edges 4, the centre 6.
        let b = board(Shape::Rhombus { cols: 3, rows: 3 }, Labels::Coordinates);
        let degree = |label: &str| b.neighbours(b.site_by_label(label).unwrap()).count();
        let got: Vec<usize> = ["a1", "c3", "c1", "a3", "b1", "a2", "b2"]
            .iter()
            .map(|l| degree(l))
            .collect();
        assert_eq!(got, [2, 2, 3, 3, 4, 4, 6]);
        // Reading order: the top row first, a column letter and a row number.
        let labels: Vec<&str> = b.sites().iter().map(|s| s.label.as_str()).collect();
        assert_eq!(
            labels,
            ["a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"]
        );
        // Each row sits half a cell right of the one below.
        let x = |l: &str| b.site(b.site_by_label(l).unwrap()).pos.0;
        assert!((x("a2") - x("a1") - 0.5).abs() < 1e-9);
    }

    fn grid(n: u16, cells: Cells, adjacency: Adjacency) -> Shape {
        let (rows, cols) = (n, n);
        Shape::Square {
            rows,
            cols,
            cells,
            adjacency,
        }
    }

    fn dark8(labels: Labels) -> Board {
        board(grid(8, Cells::Dark, Adjacency::Diagonal), labels)
    }

    /// Site of square `n` in 1..=32 numbering.
    fn sq(n: u16) -> Site {
        n - 1
    }

    /// Neighbour count of the site labelled `label`.
    fn degree(b: &Board, label: &str) -> usize {
        b.neighbours(b.site_by_label(label).unwrap()).count()
    }

    /// How many sites have 0, 1, … 8 neighbours.
    fn degrees(b: &Board) -> [usize; 9] {
        let mut out = [0; 9];
        for s in b.all() {
            out[b.neighbours(s).count()] += 1;
        }
        out
    }

    #[test]
    fn square_neighbour_counts() {
        let all = board(grid(8, Cells::All, Adjacency::All), Labels::Coordinates);
        let orth = board(
            grid(8, Cells::All, Adjacency::Orthogonal),
            Labels::Coordinates,
        );
        for (label, n_all, n_orth) in [("a1", 3, 2), ("h8", 3, 2), ("a4", 5, 3), ("d4", 8, 4)] {
            assert_eq!(degree(&all, label), n_all, "{label}");
            assert_eq!(degree(&orth, label), n_orth, "{label}");
        }
        let dark = dark8(Labels::Numbers);
        for (n, count) in [(1, 2), (4, 1), (5, 2), (14, 4), (29, 1), (32, 2)] {
            assert_eq!(dark.neighbours(sq(n)).count(), count, "square {n}");
        }
    }

    #[test]
    fn a_star_of_side_four_has_121_holes() {
        // The published board: 121 holes for points of 4 rows; points of
        // 1, 2 and 3 rows give the 13-point hexagram and the 37- and
        // 73-hole boards.
        for (side, holes) in [(1, 13), (2, 37), (3, 73), (4, 121)] {
            assert_eq!(star(side).sites.len(), holes, "star {side}");
        }
        // Rows from the bottom tip: 1 2 3 4 13 12 11 10 9 10 11 12 13 4 3 2 1.
        let star4 = board(Shape::Star { side: 4 }, Labels::Coordinates);
        let rows: Vec<usize> = (0..17).map(|r| star4.row(r).len()).collect();
        assert_eq!(
            rows,
            [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
        );
    }

    #[test]
    fn star_neighbour_counts() {
        // Six tips with 2 neighbours; the other holes of the points' outer
        // edges 4 (three a side, two sides a point: 36); the hexagon's six
        // corners, between two points, 5; every other hole 6.
        let star4 = board(Shape::Star { side: 4 }, Labels::Coordinates);
        assert_eq!(degrees(&star4), [0, 0, 6, 0, 36, 6, 73, 0, 0]);
        // a1 is the bottom tip; e1 and e13 the tips of the lower side
        // points; e5, beside the bottom point's base, a corner of the hexagon.
        let d = |l: &str| degree(&star4, l);
        assert_eq!((d("a1"), d("e1"), d("e13"), d("q1")), (2, 2, 2, 2));
        assert_eq!((d("d1"), d("e5"), d("e6"), d("i5")), (4, 5, 6, 6));
    }

    #[test]
    fn a_stars_points_are_named_by_direction() {
        let star4 = board(Shape::Star { side: 4 }, Labels::Coordinates);
        let labels = |v: (f64, f64)| -> Vec<String> {
            let sites = star4.star_point(v).unwrap();
            let mut l: Vec<String> = sites
                .iter()
                .map(|&s| star4.sites()[s as usize].label.clone())
                .collect();
            l.sort();
            l
        };
        let south = ["a1", "b1", "b2", "c1", "c2", "c3", "d1", "d2", "d3", "d4"];
        assert_eq!(labels((0.0, -1.0)), south);
        // North-east (45°) is nearest the point at 30°: rows j to m, the
        // right ends of the rows above the hexagon's middle (tip m13).
        let ne = labels((1.0, 1.0));
        assert_eq!(ne.len(), 10);
        assert!(
            ne.contains(&"m13".to_string()) && ne.contains(&"j10".to_string()),
            "{ne:?}"
        );
        // The six points are disjoint and cover 60 holes.
        let dirs = [
            (0.0, 1.0),
            (1.0, 1.0),
            (1.0, -1.0),
            (0.0, -1.0),
            (-1.0, -1.0),
            (-1.0, 1.0),
        ];
        let mut all: Vec<_> = dirs
            .iter()
            .flat_map(|&v| star4.star_point(v).unwrap())
            .collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 60);
        let hex = board(Shape::HexCells { side: 3 }, Labels::Coordinates);
        assert_eq!(hex.star_point((0.0, 1.0)), None);
    }

    #[test]
    fn hexagonal_neighbour_counts() {
        // Corners 3, other edge sites 4, interior 6.
        let hex5 = board(Shape::HexCells { side: 5 }, Labels::Coordinates);
        assert_eq!(degrees(&hex5), [0, 0, 0, 6, 18, 0, 37, 0, 0]);
        assert_eq!(
            (
                degree(&hex5, "a1"),
                degree(&hex5, "a2"),
                degree(&hex5, "e5")
            ),
            (3, 4, 6)
        );
        let tri3 = board(Shape::TriPoints { side: 3, side2: 3 }, Labels::Numbers);
        assert_eq!(degrees(&tri3), [0, 0, 0, 6, 6, 0, 7, 0, 0]);
        // Limping 4-5: edges of 4 and 5 points (2 and 3 between corners).
        let limp = board(Shape::TriPoints { side: 4, side2: 5 }, Labels::Numbers);
        assert_eq!(degrees(&limp), [0, 0, 0, 6, 15, 0, 27, 0, 0]);
    }

    #[test]
    fn hexagon_point_formula() {
        // Regular hexagons: 3n(n − 1) + 1.
        assert_eq!(hexagon_points(1, 1), 1);
        assert_eq!(hexagon_points(2, 2), 7);
        assert_eq!(hexagon_points(3, 3), 19);
        assert_eq!(hexagon_points(5, 5), 61);
        // Limping 4-5, by hand: rows of 4, 5, 6, 7, 8, 7, 6, 5 points = 48.
        assert_eq!(hexagon_points(4, 5), 48);
        // The count does not depend on which side comes first.
        assert_eq!(hexagon_points(5, 4), 48);
        // Limping 2-3, by hand: rows of 2, 3, 4, 3 points = 12.
        assert_eq!(hexagon_points(2, 3), 12);
    }

    #[test]
    fn hexagon_layout_matches_formula() {
        for (s, s2) in [(1, 1), (3, 3), (4, 5), (5, 4), (2, 7), (6, 6)] {
            assert_eq!(hexagon(s, s2).sites.len(), hexagon_points(s, s2));
        }
    }

    #[test]
    fn limping_rows_by_hand() {
        let l = hexagon(4, 5);
        let mut widths = vec![0; 8];
        for p in &l.sites {
            widths[p.row as usize] += 1;
        }
        assert_eq!(widths, [4, 5, 6, 7, 8, 7, 6, 5]);
    }

    #[test]
    fn letter_names() {
        assert_eq!(letters(0), "a");
        assert_eq!(letters(7), "h");
        assert_eq!(letters(25), "z");
        assert_eq!(letters(26), "aa");
        assert_eq!(letters(27), "ab");
        assert_eq!(letters(63), "bl");
    }

    #[test]
    fn unit_vectors() {
        let l = hexagon(3, 3);
        for d in &l.directions {
            assert!((d.vector.0.hypot(d.vector.1) - 1.0).abs() < 1e-12);
        }
        let sq = square(2, 2, Cells::All, Adjacency::All);
        let ne = &sq.directions[1];
        assert_eq!(ne.name, "NE");
        assert!(ne.vector.0 > 0.0 && (ne.vector.0 * ne.vector.0 - 0.5).abs() < 1e-12);
        assert!(ne.vector.1 > 0.0 && (ne.vector.1 * ne.vector.1 - 0.5).abs() < 1e-12);
    }

    #[test]
    fn numbering_of_dark_squares() {
        let num = dark8(Labels::Numbers);
        let coord = dark8(Labels::Coordinates);
        for (n, label) in [(1, "b8"), (4, "h8"), (5, "a7"), (29, "a1"), (32, "g1")] {
            assert_eq!(num.site_by_label(&n.to_string()), Some(sq(n)));
            assert_eq!(coord.site(sq(n)).label, label);
            assert_eq!(num.site(sq(n)).number, Some(u32::from(n)));
        }
        // Square n lies on row (from the top) (n−1) div 4, column
        // 2((n−1) mod 4) + 1 on even rows and + 0 on odd rows.
        for n in 1..=32u16 {
            let top = (n - 1) / 4;
            let col = 2 * ((n - 1) % 4) + u16::from(top % 2 == 0);
            let info = num.site(sq(n));
            assert_eq!((info.row, info.col), (7 - i32::from(top), i32::from(col)));
            assert_eq!(info.label, n.to_string());
        }
    }

    #[test]
    fn labels_are_found() {
        let b = dark8(Labels::Coordinates);
        assert_eq!(b.site_by_label("a1"), Some(sq(29)));
        assert_eq!(b.site_by_label("G1"), Some(sq(32)));
        assert_eq!(b.site_by_label("b1"), None); // a light cell
        assert_eq!(b.site_by_label("i9"), None);
        let n = dark8(Labels::Numbers);
        assert_eq!(n.labels(), Labels::Numbers);
        assert_eq!(n.site_by_label("32"), Some(31));
        for bad in ["0", "33", "01", "a1", "", "-1"] {
            assert_eq!(n.site_by_label(bad), None, "{bad}");
        }
        assert_eq!(n.site(0).number, Some(1));
        assert_eq!(b.site(0).number, None);
    }
}
