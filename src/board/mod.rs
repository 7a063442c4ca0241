//! Boards as graphs of sites.
//!
//! A [`Board`] is built once from the rule file's `(board …)` clause: a
//! petgraph graph whose nodes are sites and whose directed edges are labelled
//! with a direction, plus a flat step table `site × direction → site` derived
//! from it for the hot path, geometric positions (for player-relative
//! directions, sides and rendering), and notation labels.
//!
//! Shapes: square grids (all cells or only the dark ones; orthogonal,
//! diagonal or all adjacency), hexagons of hex cells, and hexagons and limping
//! hexagons of points of the triangular grid (six neighbours a point).

mod error;
pub(crate) mod geometry;
pub(crate) mod graph;
mod regions;
mod render;

use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::{Bfs, VisitMap, Visitable};
use serde::Serialize;

pub use error::BoardError;
pub use geometry::{MAX_SITES, MAX_SIZE};
pub use graph::{GraphSite, GraphSpec};

/// Index of a site (cell or vertex) on a board: `0..board.len()`.
pub type Site = u16;
/// Index of a direction of a board: `0..board.directions().len()`.
pub type Dir = u8;
/// Marks "no site" in the step table.
pub const NO_SITE: Site = Site::MAX;

/// Which cells of a square grid are sites.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Cells {
    /// Every cell.
    All,
    /// Only the dark cells: the bottom-left cell (a1) is dark, as on a
    /// draughts board (docs/games/checkers.md).
    Dark,
}

/// Which neighbours a square grid connects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Adjacency {
    /// N, E, S, W.
    Orthogonal,
    /// NE, SE, SW, NW.
    Diagonal,
    /// All eight.
    All,
}

/// How sites are written in move notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Labels {
    /// Numbers 1..=n in reading order: the top row left to right, then the
    /// next row down (PDN numbering of the 32 draughts squares, docs/games/checkers.md).
    Numbers,
    /// Coordinates: a file letter and a rank number (`a1` bottom-left) on
    /// square grids; on hexagonal grids the letter names the row from the
    /// bottom and the number the position in the row from the left (`a1`).
    Coordinates,
}

/// The shape of a board, as declared in a rule file.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Shape {
    /// `rows × cols` square grid.
    Square {
        /// Number of rows (ranks).
        rows: u16,
        /// Number of columns (files).
        cols: u16,
        /// Which cells are sites.
        cells: Cells,
        /// Which neighbours are connected.
        adjacency: Adjacency,
    },
    /// A hexagon of hexagonal cells with `side` cells a side
    /// (3n(n−1)+1 cells: side 5 = 61, side 6 = 91). Six directions.
    HexCells {
        /// Cells along one side.
        side: u16,
    },
    /// A parallelogram ("rhombus") of hexagonal cells, `cols` cells a row
    /// and `rows` rows, each row shifted half a cell right of the one below
    /// (the Hex board: 11 × 11). Six directions; labels are a column letter
    /// and a row number (`a1` bottom left).
    Rhombus {
        /// Cells in a row.
        cols: u16,
        /// Rows.
        rows: u16,
    },
    /// A hexagon of points of the triangular grid; sides alternate `side`
    /// and `side2` points (`side2 == side` for a regular hexagon, `side + 1`
    /// for a limping one). Six neighbours a point.
    TriPoints {
        /// Points along the first, third and fifth sides.
        side: u16,
        /// Points along the second, fourth and sixth sides.
        side2: u16,
    },
    /// The six-pointed star of points of the triangular grid (Chinese
    /// checkers: `side` 4 gives 121 holes): a regular hexagon of `side + 1`
    /// points a side with a triangle of `side` rows on each of its six
    /// edges, `6·side·(side + 1) + 1` points in all. Six neighbours a point;
    /// its points are named by [`Board::star_point`].
    Star {
        /// Rows of each of the six points (holes along a point's base).
        side: u16,
    },
    /// Sites and edges listed one by one (Nine Men's Morris): each site's
    /// label and position are given; its neighbours lie in the compass
    /// direction nearest each edge. Labels are always the given ones.
    Graph(graph::GraphSpec),
}

/// A named direction with its unit vector (x to the right, y up).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Direction {
    /// Compass name: `N`, `NE`, `E`, `SE`, `S`, `SW`, `W`, `NW`.
    pub name: String,
    /// Unit vector of the direction (x right, y up).
    pub vector: (f64, f64),
}

/// One site of a board.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SiteInfo {
    /// Geometric position (x right, y up), in units of one step along a row.
    pub pos: (f64, f64),
    /// Row from the bottom, 0-based (for hex boards: the row of cells/points).
    pub row: i32,
    /// Column from the left, 0-based, in the grid's own column numbering.
    pub col: i32,
    /// The label used in move notation (`"11"`, `"c3"`).
    pub label: String,
    /// The site's number when labels are numbers.
    pub number: Option<u32>,
}

/// A board: sites, directions, adjacency graph and step table.
#[derive(Debug, Clone)]
pub struct Board {
    shape: Shape,
    sites: Vec<SiteInfo>,
    directions: Vec<Direction>,
    /// `step[site * directions.len() + dir]` = neighbour or [`NO_SITE`].
    step: Vec<Site>,
    graph: DiGraph<Site, Dir>,
    labels: Labels,
    /// `opposite[d]`: the direction pointing the other way, if the board
    /// has one.
    opposite: Vec<Option<Dir>>,
    /// Per site: its integer lattice coordinates (see [`Board::lattice`]).
    lattice: Vec<(i32, i32)>,
}

impl Board {
    /// Builds the board of `shape` labelled with `labels`: its sites in
    /// reading order, its directions, the adjacency graph and the step table.
    ///
    /// # Errors
    /// A [`BoardError`] when a size is 0 or above 128, or a graph's sites or
    /// edges make no board (two sites with one label or position, an edge
    /// from a site to itself, two edges leaving a site in one direction).
    pub fn new(shape: Shape, labels: Labels) -> Result<Board, BoardError> {
        // A graph's sites keep the labels it gives them.
        let labels = match shape {
            Shape::Graph(_) => Labels::Coordinates,
            _ => labels,
        };
        let (layout, step) = geometry::layout(&shape)?;
        let sites = layout
            .sites
            .iter()
            .enumerate()
            .map(|(i, p)| SiteInfo {
                pos: p.pos,
                row: p.row,
                col: p.col,
                label: match &shape {
                    Shape::Graph(spec) => spec.sites[i].label.clone(),
                    _ => geometry::label(&shape, labels, i, p),
                },
                number: (labels == Labels::Numbers).then_some(i as u32 + 1),
            })
            .collect::<Vec<_>>();
        let graph = build_graph(sites.len(), layout.offsets.len(), &step);
        let opposite = opposites(&layout.directions);
        let lattice = layout.sites.iter().map(|p| p.lattice).collect();
        Ok(Board {
            shape,
            sites,
            directions: layout.directions,
            step,
            graph,
            labels,
            opposite,
            lattice,
        })
    }

    /// The shape the board was built from.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// Number of sites.
    pub fn len(&self) -> usize {
        self.sites.len()
    }

    /// Whether the board has no sites (never true for a built board).
    pub fn is_empty(&self) -> bool {
        self.sites.is_empty()
    }

    /// All sites, indexed by [`Site`], in reading order (top row first, left
    /// to right).
    pub fn sites(&self) -> &[SiteInfo] {
        &self.sites
    }

    /// One site. Panics if `s` is not a site of the board.
    pub fn site(&self, s: Site) -> &SiteInfo {
        &self.sites[usize::from(s)]
    }

    /// The directions of the board, indexed by [`Dir`].
    pub fn directions(&self) -> &[Direction] {
        &self.directions
    }

    /// The direction with this compass name (`"NE"`), exactly as written.
    pub fn direction_by_name(&self, name: &str) -> Option<Dir> {
        let d = self.directions.iter().position(|d| d.name == name)?;
        Some(d as Dir)
    }

    /// How sites are labelled in move notation.
    pub fn labels(&self) -> Labels {
        self.labels
    }

    /// The adjacency graph: node `i` has weight `i` (its [`Site`]); one
    /// directed edge per neighbour, weighted with the [`Dir`] leading to it.
    pub fn graph(&self) -> &DiGraph<Site, Dir> {
        &self.graph
    }

    /// The neighbour of `s` in direction `d`, or [`NO_SITE`] when there is
    /// none, when `s` is not a site (so [`NO_SITE`] steps to [`NO_SITE`]) or
    /// when `d` is not a direction.
    #[inline]
    pub fn step(&self, s: Site, d: Dir) -> Site {
        let n = self.directions.len();
        if usize::from(d) >= n {
            return NO_SITE;
        }
        let i = usize::from(s) * n + usize::from(d);
        self.step.get(i).copied().unwrap_or(NO_SITE)
    }

    /// The integer lattice coordinates of site `s` (`(0, 0)` for no site):
    /// on the grid shapes a step in a direction adds the same offset to
    /// them from every site (square grids: column and row; hexagonal
    /// shapes: axial coordinates); a graph's sites have their given
    /// positions.
    #[inline]
    pub fn lattice(&self, s: Site) -> (i32, i32) {
        self.lattice.get(usize::from(s)).copied().unwrap_or((0, 0))
    }

    /// The direction and number of steps of the straight line from `from`
    /// to `to` along one of the board's directions, if there is one: the
    /// direction pointing along the line between their positions, walked
    /// to check that it reaches `to`. `None` for the same site twice or a
    /// site not of the board.
    pub fn line_between(&self, from: Site, to: Site) -> Option<(Dir, u32)> {
        let n = self.len() as Site;
        if from >= n || to >= n || from == to {
            return None;
        }
        let (a, b) = (self.site(from).pos, self.site(to).pos);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt();
        (0..self.directions.len() as Dir).find_map(|d| {
            let v = self.directions[d as usize].vector;
            if (v.0 * dx + v.1 * dy) < len * 0.999 {
                return None;
            }
            let mut at = self.step(from, d);
            let mut k = 1;
            while at != NO_SITE && k <= n as u32 {
                if at == to {
                    return Some((d, k));
                }
                at = self.step(at, d);
                k += 1;
            }
            None
        })
    }

    /// The first site a straight move from `from` to `to` of at least two
    /// steps passes (the square a pawn's double step crosses); [`NO_SITE`]
    /// otherwise.
    pub fn passed(&self, from: Site, to: Site) -> Site {
        match self.line_between(from, to) {
            Some((d, k)) if k >= 2 => self.step(from, d),
            _ => NO_SITE,
        }
    }

    /// The direction pointing opposite to `d` (`S` for `N`), if any.
    #[inline]
    pub fn opposite(&self, d: Dir) -> Option<Dir> {
        self.opposite.get(usize::from(d)).copied().flatten()
    }

    /// The flat step table, row-major: entry `site * ndirs + dir` is the
    /// neighbour of `site` in direction `dir`, or [`NO_SITE`].
    pub fn step_table(&self) -> &[Site] {
        &self.step
    }

    /// The existing neighbours of `s`, in direction order (none if `s` is
    /// not a site).
    pub fn neighbours(&self, s: Site) -> impl Iterator<Item = Site> + '_ {
        let n = self.directions.len();
        let start = (usize::from(s) * n).min(self.step.len());
        let end = (start + n).min(self.step.len());
        self.step[start..end]
            .iter()
            .copied()
            .filter(|&t| t != NO_SITE)
    }

    /// The site with this label; coordinates (`"C3"` or `"c3"`) are matched
    /// without regard to case.
    pub fn site_by_label(&self, label: &str) -> Option<Site> {
        if self.labels == Labels::Numbers {
            let n: usize = label.parse().ok()?;
            let s = n.checked_sub(1)?;
            return (self.sites.get(s)?.label == label).then_some(s as Site);
        }
        let s = self
            .sites
            .iter()
            .position(|info| info.label.eq_ignore_ascii_case(label))?;
        Some(s as Site)
    }

    /// Steps (breadth-first over the graph) from each site to the nearest
    /// of `sources`, indexed by [`Site`]; `u32::MAX` where no source can be
    /// reached. Sources that are not sites are ignored.
    pub fn distances_from(&self, sources: &[Site]) -> Vec<u32> {
        let mut dist = vec![u32::MAX; self.len()];
        let mut bfs = Bfs {
            stack: Default::default(),
            discovered: self.graph.visit_map(),
        };
        for &s in sources.iter().filter(|&&s| usize::from(s) < self.len()) {
            let node = NodeIndex::new(usize::from(s));
            if bfs.discovered.visit(node) {
                dist[node.index()] = 0;
                bfs.stack.push_back(node);
            }
        }
        // Nodes come out in order of distance, so the first visited node
        // next to an unreached one is on a shortest path to it.
        while let Some(node) = bfs.next(&self.graph) {
            let next = dist[node.index()] + 1;
            for t in self.graph.neighbors(node) {
                if dist[t.index()] == u32::MAX {
                    dist[t.index()] = next;
                }
            }
        }
        dist
    }

    /// Steps from `a` to `b`, or `None` when `b` cannot be reached from `a`
    /// or either is not a site.
    pub fn distance(&self, a: Site, b: Site) -> Option<u32> {
        let d = *self.distances_from(&[a]).get(usize::from(b))?;
        (d != u32::MAX).then_some(d)
    }

    /// The directions pointing toward `v` (x right, y up): those whose unit
    /// vector has a dot product above 1e-6 with `v`, in direction order.
    /// Used for player-relative "forward".
    pub fn dirs_toward(&self, v: (f64, f64)) -> Vec<Dir> {
        (0..self.directions.len())
            .filter(|&d| {
                let (x, y) = self.directions[d].vector;
                x * v.0 + y * v.1 > 1e-6
            })
            .map(|d| d as Dir)
            .collect()
    }
}

/// For each direction, the one whose vector is its negation.
fn opposites(dirs: &[Direction]) -> Vec<Option<Dir>> {
    dirs.iter()
        .map(|a| {
            dirs.iter()
                .position(|b| {
                    (a.vector.0 + b.vector.0).abs() < 1e-6 && (a.vector.1 + b.vector.1).abs() < 1e-6
                })
                .map(|i| i as Dir)
        })
        .collect()
}

/// The adjacency graph of a step table with `ndirs` directions a site.
fn build_graph(nsites: usize, ndirs: usize, step: &[Site]) -> DiGraph<Site, Dir> {
    let mut graph = DiGraph::with_capacity(nsites, step.len());
    for s in 0..nsites {
        graph.add_node(s as Site);
    }
    for (i, &t) in step.iter().enumerate() {
        if t != NO_SITE {
            let (s, d) = (i / ndirs, i % ndirs);
            graph.add_edge(NodeIndex::new(s), NodeIndex::new(usize::from(t)), d as Dir);
        }
    }
    graph
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(n: u16, cells: Cells, adjacency: Adjacency) -> Board {
        let (rows, cols) = (n, n);
        let shape = Shape::Square {
            rows,
            cols,
            cells,
            adjacency,
        };
        Board::new(shape, Labels::Numbers).unwrap()
    }

    fn dark8() -> Board {
        square(8, Cells::Dark, Adjacency::Diagonal)
    }

    fn hex(side: u16) -> Board {
        Board::new(Shape::HexCells { side }, Labels::Coordinates).unwrap()
    }

    /// Site of square `n` in 1..=32 numbering.
    fn sq(n: u16) -> Site {
        n - 1
    }

    #[test]
    fn every_direction_of_grids_has_its_opposite() {
        let b = square(3, Cells::All, Adjacency::All);
        let name = |d: Dir| b.directions()[d as usize].name.clone();
        for d in 0..b.directions().len() as Dir {
            let o = b.opposite(d).expect("square grids are symmetric");
            let pair = format!("{}{}", name(d), name(o));
            assert!(
                ["NS", "SN", "EW", "WE", "NESW", "SWNE", "NWSE", "SENW"].contains(&pair.as_str()),
                "{pair}"
            );
        }
        let h = hex(3);
        assert!((0..6).all(|d| h.opposite(h.opposite(d).unwrap()) == Some(d)));
        assert_eq!(h.opposite(6), None);
    }

    #[test]
    fn steps_on_dark_squares() {
        let b = dark8();
        let names: Vec<_> = b.directions().iter().map(|d| d.name.as_str()).collect();
        assert_eq!(names, ["NE", "SE", "SW", "NW"]);
        let d = |name| b.direction_by_name(name).unwrap();
        assert_eq!(b.step(sq(9), d("SE")), sq(14));
        assert_eq!(b.step(sq(14), d("NE")), sq(10));
        assert_eq!(b.step(sq(14), d("NW")), sq(9));
        assert_eq!(b.step(sq(14), d("SW")), sq(17));
        assert_eq!(b.step(sq(14), d("SE")), sq(18));
        assert_eq!(b.step(sq(1), d("NE")), NO_SITE);
        assert_eq!(b.step(sq(1), d("SW")), sq(5));
        assert_eq!(b.step(NO_SITE, 0), NO_SITE);
        assert_eq!(b.step(sq(14), 4), NO_SITE);
        assert_eq!(b.neighbours(sq(1)).count(), 2);
        assert_eq!(b.neighbours(sq(14)).collect::<Vec<_>>(), [9, 17, 16, 8]);
        assert_eq!(b.neighbours(sq(29)).count(), 1);
        assert_eq!(b.neighbours(NO_SITE).count(), 0);
        assert_eq!(b.direction_by_name("N"), None);
    }

    #[test]
    fn graph_matches_step_table() {
        let b = dark8();
        let g = b.graph();
        assert_eq!(g.node_count(), 32);
        let steps = b.step_table().iter().filter(|&&t| t != NO_SITE).count();
        assert_eq!(g.edge_count(), steps);
        assert_eq!(b.step_table().len(), 32 * 4);
        for e in g.edge_indices() {
            let (s, t) = g.edge_endpoints(e).unwrap();
            assert_eq!(g[s] as usize, s.index());
            assert_eq!(b.step(g[s], g[e]), g[t]);
            // Opposite directions: NE↔SW, SE↔NW.
            assert_eq!(b.step(g[t], (g[e] + 2) % 4), g[s]);
        }
    }

    #[test]
    fn distances_from_several_sources() {
        let b = dark8();
        let dist = b.distances_from(&[sq(1), sq(32), NO_SITE]);
        assert_eq!((dist[0], dist[31]), (0, 0));
        assert_eq!(dist[usize::from(sq(5))], 1);
        assert_eq!(dist[usize::from(sq(28))], 1);
        assert_eq!(b.distance(sq(29), sq(4)), Some(7));
        assert_eq!(b.distance(sq(1), NO_SITE), None);
        let b = square(8, Cells::Dark, Adjacency::Orthogonal);
        assert_eq!(b.distance(0, 1), None);
        assert!(b.distances_from(&[]).iter().all(|&d| d == u32::MAX));
    }

    #[test]
    fn directions_toward() {
        let b = dark8();
        assert_eq!(b.dirs_toward((0.0, -1.0)), [1, 2]); // SE, SW
        assert_eq!(b.dirs_toward((0.0, 1.0)), [0, 3]); // NE, NW
        assert_eq!(b.dirs_toward((1.0, 0.0)), [0, 1]);
        assert_eq!(hex(3).dirs_toward((0.0, 1.0)), [1, 2]); // NE, NW
        assert_eq!(hex(3).dirs_toward((1.0, 0.0)), [0, 1, 5]); // E, NE, SE
        let all = square(3, Cells::All, Adjacency::All);
        assert_eq!(all.dirs_toward((0.0, 1.0)), [0, 1, 7]); // N, NE, NW
        assert_eq!(all.dirs_toward((0.0, 0.0)), [0u8; 0]);
    }

    #[test]
    fn bad_sizes_are_errors() {
        let sq = |rows, cols| Shape::Square {
            rows,
            cols,
            cells: Cells::All,
            adjacency: Adjacency::All,
        };
        // A 100 × 100 board: 10,000 sites, labelled past column z.
        let big = Board::new(sq(100, 100), Labels::Coordinates).expect("10,000 sites");
        assert_eq!(big.len(), 10_000);
        for shape in [
            sq(0, 8),
            sq(8, 129),
            Shape::HexCells { side: 0 },
            Shape::TriPoints {
                side: 129,
                side2: 4,
            },
            Shape::HexCells { side: 129 },
            Shape::TriPoints { side: 3, side2: 0 },
        ] {
            let err = Board::new(shape, Labels::Numbers).unwrap_err();
            assert!(matches!(err, BoardError::Size { .. }), "{err}");
            assert!(err.to_string().contains("between 1 and 128"), "{err}");
        }
        let b = hex(64);
        assert_eq!(b.len(), 3 * 64 * 63 + 1);
        assert!(!b.is_empty());
        assert_eq!(b.shape(), &Shape::HexCells { side: 64 });
    }
}
