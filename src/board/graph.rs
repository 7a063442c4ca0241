//! Boards given as explicit graphs: sites with their labels and positions,
//! and the edges between them (Nine Men's Morris, or any board no grid
//! describes). A site's neighbour along an edge lies in the compass
//! direction nearest the edge's own (eight directions, 45° apart), so
//! lines and directions work as on a square grid.

use super::geometry::{Layout, Placed, SQUARE_DIRS};
use super::{BoardError, Direction, NO_SITE, Site};
use serde::Serialize;

/// One site of an explicit graph: its label and position (x right, y up).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GraphSite {
    /// The label written in notation (`"a7"`).
    pub label: String,
    /// Position: x to the right, y up, in any unit.
    pub pos: (i32, i32),
}

/// An explicit graph board: its sites (in the order given) and its edges,
/// each joining two sites by index.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GraphSpec {
    /// The sites.
    pub sites: Vec<GraphSite>,
    /// Undirected edges between sites.
    pub edges: Vec<(Site, Site)>,
}

/// The compass direction (index into [`SQUARE_DIRS`]) nearest the vector
/// `(dx, dy)`, which must not be zero.
fn nearest_dir(dx: i32, dy: i32) -> usize {
    let angle = f64::from(dy).atan2(f64::from(dx)).to_degrees();
    // SQUARE_DIRS starts with N (90°) and turns clockwise by 45°.
    let steps = ((90.0 - angle) / 45.0).round() as i64;
    steps.rem_euclid(8) as usize
}

/// Rank of each value among the distinct values (0 for the smallest).
fn ranks(values: impl Iterator<Item = i32> + Clone) -> impl Fn(i32) -> i32 {
    let mut distinct: Vec<i32> = values.collect();
    distinct.sort_unstable();
    distinct.dedup();
    move |v| distinct.partition_point(|&x| x < v) as i32
}

/// The layout and step table of a graph board. Rows and columns are the
/// ranks of the distinct y and x positions (row 0 at the bottom).
///
/// # Errors
/// A [`BoardError`] when the board has no site, two sites share a label or
/// a position, a label reads as notation, an edge joins a site to itself or
/// names no site, or two edges leave one site in the same compass
/// direction.
pub(super) fn layout(spec: &GraphSpec) -> Result<(Layout, Vec<Site>), BoardError> {
    if let Some((_, e)) = problems(spec).into_iter().next() {
        return Err(e);
    }
    let step = step_table(spec, &mut Vec::new());
    let row = ranks(spec.sites.iter().map(|s| s.pos.1));
    let col = ranks(spec.sites.iter().map(|s| s.pos.0));
    let sites = spec
        .sites
        .iter()
        .map(|s| Placed {
            lattice: s.pos,
            pos: (f64::from(s.pos.0), f64::from(s.pos.1)),
            row: row(s.pos.1),
            col: col(s.pos.0),
        })
        .collect();
    let directions = SQUARE_DIRS
        .iter()
        .map(|&(name, (dx, dy))| {
            let len = f64::from(dx).hypot(f64::from(dy));
            Direction {
                name: name.into(),
                vector: (f64::from(dx) / len, f64::from(dy) / len),
            }
        })
        .collect();
    let offsets = SQUARE_DIRS.iter().map(|&(_, o)| o).collect();
    Ok((
        Layout {
            sites,
            directions,
            offsets,
        },
        step,
    ))
}

/// Which part of a [`GraphSpec`] a [`BoardError`] is about, for a rule
/// file to point at the clause that gave it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GraphPart {
    /// The graph as a whole (no site, too many sites).
    Whole,
    /// The site at this index of [`GraphSpec::sites`].
    Site(usize),
    /// The edge at this index of [`GraphSpec::edges`].
    Edge(usize),
}

/// Every problem of a graph board, in the order of its sites then its
/// edges (empty: [`layout`] builds it). A rule file reports them all at
/// once; [`layout`] the first.
pub fn problems(spec: &GraphSpec) -> Vec<(GraphPart, BoardError)> {
    let n = spec.sites.len();
    if n == 0 {
        return vec![(GraphPart::Whole, BoardError::NoSites)];
    }
    if n >= usize::from(NO_SITE) {
        return vec![(GraphPart::Whole, BoardError::GraphTooLarge)];
    }
    let mut out = site_problems(&spec.sites);
    step_table(spec, &mut out);
    out
}

/// Labels that differ (without regard to case), are no notation word,
/// and positions that differ: a problem for each site that breaks one.
fn site_problems(sites: &[GraphSite]) -> Vec<(GraphPart, BoardError)> {
    let mut out = Vec::new();
    for (i, a) in sites.iter().enumerate() {
        let at = GraphPart::Site(i);
        if let Some(b) = sites[..i]
            .iter()
            .find(|b| b.label.eq_ignore_ascii_case(&a.label))
        {
            out.push((
                at,
                BoardError::SameLabel {
                    first: b.label.clone(),
                    second: a.label.clone(),
                },
            ));
        }
        if ["pass", "end"].contains(&a.label.to_ascii_lowercase().as_str())
            || a.label.contains(['-', ',', '/', '@'])
        {
            out.push((
                at,
                BoardError::NotationLabel {
                    label: a.label.clone(),
                },
            ));
        }
        if let Some(b) = sites[..i].iter().find(|b| b.pos == a.pos) {
            out.push((
                at,
                BoardError::SamePosition {
                    first: b.label.clone(),
                    second: a.label.clone(),
                },
            ));
        }
    }
    out
}

/// `step[site * 8 + d]`: the neighbour of `site` along an edge in compass
/// direction `d` ([`SQUARE_DIRS`]), or [`NO_SITE`]; a problem in `out`
/// for each edge that cannot go in (that edge is left out).
fn step_table(spec: &GraphSpec, out: &mut Vec<(GraphPart, BoardError)>) -> Vec<Site> {
    let (n, nd) = (spec.sites.len(), SQUARE_DIRS.len());
    let label = |s: Site| spec.sites[usize::from(s)].label.clone();
    let mut step = vec![NO_SITE; n * nd];
    for (i, &(a, b)) in spec.edges.iter().enumerate() {
        let at = GraphPart::Edge(i);
        if usize::from(a.max(b)) >= n {
            let e = BoardError::NoSuchSite {
                from: a,
                to: b,
                sites: n,
            };
            out.push((at, e));
            continue;
        }
        if a == b {
            out.push((at, BoardError::SelfLoop { label: label(a) }));
            continue;
        }
        let (pa, pb) = (
            spec.sites[usize::from(a)].pos,
            spec.sites[usize::from(b)].pos,
        );
        for (from, to, v) in [
            (a, b, (pb.0 - pa.0, pb.1 - pa.1)),
            (b, a, (pa.0 - pb.0, pa.1 - pb.1)),
        ] {
            // Two sites at one position (reported) make no direction.
            if v == (0, 0) {
                continue;
            }
            let d = nearest_dir(v.0, v.1);
            let slot = &mut step[usize::from(from) * nd + d];
            if *slot != NO_SITE && *slot != to {
                let e = BoardError::SameDirection {
                    from: label(from),
                    dir: SQUARE_DIRS[d].0,
                    first: label(*slot),
                    second: label(to),
                };
                out.push((at, e));
                continue;
            }
            *slot = to;
        }
    }
    step
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(sites: &[(&str, i32, i32)], edges: &[(Site, Site)]) -> GraphSpec {
        GraphSpec {
            sites: sites
                .iter()
                .map(|&(l, x, y)| GraphSite {
                    label: l.into(),
                    pos: (x, y),
                })
                .collect(),
            edges: edges.to_vec(),
        }
    }

    #[test]
    fn an_edge_points_in_the_nearest_compass_direction() {
        assert_eq!(SQUARE_DIRS[nearest_dir(0, 3)].0, "N");
        assert_eq!(SQUARE_DIRS[nearest_dir(3, 0)].0, "E");
        assert_eq!(SQUARE_DIRS[nearest_dir(0, -1)].0, "S");
        assert_eq!(SQUARE_DIRS[nearest_dir(-2, 0)].0, "W");
        assert_eq!(SQUARE_DIRS[nearest_dir(2, 2)].0, "NE");
        assert_eq!(SQUARE_DIRS[nearest_dir(-1, -1)].0, "SW");
        // 30° from east is nearer east than north-east.
        assert_eq!(SQUARE_DIRS[nearest_dir(5, 3)].0, "NE");
        assert_eq!(SQUARE_DIRS[nearest_dir(5, 1)].0, "E");
    }

    #[test]
    fn edges_fill_the_step_table_both_ways() {
        // a —— b (3 apart, east), b above c.
        let (layout, step) = layout(&spec(
            &[("a", 0, 2), ("b", 3, 2), ("c", 3, 0)],
            &[(0, 1), (1, 2)],
        ))
        .unwrap();
        let at = |s: usize, name: &str| {
            let d = SQUARE_DIRS.iter().position(|x| x.0 == name).unwrap();
            step[s * 8 + d]
        };
        assert_eq!(at(0, "E"), 1);
        assert_eq!(at(1, "W"), 0);
        assert_eq!(at(1, "S"), 2);
        assert_eq!(at(2, "N"), 1);
        assert_eq!(at(0, "S"), NO_SITE);
        // Rows and columns are ranks of the distinct positions.
        assert_eq!((layout.sites[0].row, layout.sites[0].col), (1, 0));
        assert_eq!((layout.sites[2].row, layout.sites[2].col), (0, 1));
    }

    #[test]
    fn problems_lists_every_fault_with_its_part() {
        // a–b and a–c both east of a; b–b a loop; c and d at one place.
        let bad = spec(
            &[("a", 0, 0), ("b", 1, 0), ("c", 2, 0), ("d", 2, 0)],
            &[(0, 1), (0, 2), (1, 1)],
        );
        let found: Vec<GraphPart> = problems(&bad).into_iter().map(|(p, _)| p).collect();
        assert_eq!(
            found,
            [GraphPart::Site(3), GraphPart::Edge(1), GraphPart::Edge(2)]
        );
        // The first is the one `layout` refuses the graph with.
        assert_eq!(
            layout(&bad).unwrap_err(),
            BoardError::SamePosition {
                first: "c".into(),
                second: "d".into()
            }
        );
        assert!(problems(&spec(&[("a", 0, 0), ("b", 1, 0)], &[(0, 1)])).is_empty());
    }

    #[test]
    fn bad_graphs_are_refused_with_a_reason() {
        let two_east = spec(&[("a", 0, 0), ("b", 1, 0), ("c", 2, 0)], &[(0, 1), (0, 2)]);
        let e = layout(&two_east).unwrap_err().to_string();
        assert!(e.contains("two edges leave `a` in direction E"), "{e}");
        let same = spec(&[("a", 0, 0), ("a", 1, 0)], &[]);
        assert!(
            layout(&same)
                .unwrap_err()
                .to_string()
                .contains("two sites are labelled `a`")
        );
        let case = spec(&[("a1", 0, 0), ("A1", 1, 0)], &[]);
        assert!(
            layout(&case)
                .unwrap_err()
                .to_string()
                .contains("without regard to case")
        );
        for bad in ["pass", "END", "a-b", "c,d"] {
            let e = layout(&spec(&[(bad, 0, 0)], &[])).unwrap_err().to_string();
            assert!(e.contains("move notation"), "{bad}: {e}");
        }
        let stacked = spec(&[("a", 0, 0), ("b", 0, 0)], &[]);
        let e = layout(&stacked).unwrap_err();
        assert!(e.to_string().contains("same position"), "{e}");
        let loop_ = spec(&[("a", 0, 0)], &[(0, 0)]);
        let e = layout(&loop_).unwrap_err();
        assert!(e.to_string().contains("to itself"), "{e}");
        assert_eq!(layout(&spec(&[], &[])).unwrap_err(), BoardError::NoSites);
        // A program's edge may name an index the graph lacks: refused, not
        // a panic.
        let e = layout(&spec(&[("a", 0, 0), ("b", 1, 0)], &[(0, 5)])).unwrap_err();
        assert_eq!(
            e,
            BoardError::NoSuchSite {
                from: 0,
                to: 5,
                sites: 2
            }
        );
    }
}
