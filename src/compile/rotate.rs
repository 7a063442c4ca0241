//! Blocks of sites on a grid: the `(rectangle …)` region, and the quarter
//! turns of the `(rotate …)` move, which turns a square region of the
//! board a quarter turn, every stack in it moving with it.

use super::args::{Diags, check, choice, int_in, items, named, string};
use super::lower::Lowerer;
use crate::board::{Board, Site};
use crate::diag::Diagnostic;
use crate::syntax::Clause;
use serde::Serialize;

/// One quarter turn that a `rotate` move may make: a region turned one
/// way.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rotation {
    /// How the turn is written: the region's name, followed by `'` when
    /// the turn is anticlockwise (`NE`, `NE'`).
    pub name: String,
    /// Each site of the region, in board order, with the site its stack
    /// goes to.
    pub moves: Vec<(Site, Site)>,
}

/// The sites of `(rectangle "A" "B" [step:N])`: those whose column and row
/// lie between those of the corner sites A and B (inclusive), every N-th
/// from A's column and row (default 1: all of them).
pub fn rectangle(c: &Clause, board: &Board, d: &mut Diags) -> Vec<Site> {
    check(c, "region", d);
    let corner = |i: usize, d: &mut Diags| {
        let e = c.args.get(i)?;
        let label = string(e, d)?;
        let s = board.site_by_label(label);
        if s.is_none() {
            d.push(
                Diagnostic::error(
                    e.span(),
                    format!("no site is labelled `{label}`"),
                    "a corner of the rectangle",
                )
                .with_help("`ludic show GAME --labels` draws every site's label"),
            );
        }
        s
    };
    let (Some(a), Some(b)) = (corner(0, d), corner(1, d)) else {
        return Vec::new();
    };
    let step = named(c, "step")
        .and_then(|e| int_in(e, 1, 64, d))
        .unwrap_or(1) as i32;
    let (a, b) = (board.site(a), board.site(b));
    let (c0, r0) = (a.col, a.row);
    let (cols, rows) = (c0.min(b.col)..=c0.max(b.col), r0.min(b.row)..=r0.max(b.row));
    (0..board.len() as Site)
        .filter(|&s| {
            let i = board.site(s);
            cols.contains(&i.col)
                && rows.contains(&i.row)
                && (i.col - c0) % step == 0
                && (i.row - r0) % step == 0
        })
        .collect()
}

/// Where each site of `sites` goes when the block turns a quarter turn
/// (clockwise or not), or why it cannot turn: the sites must fill a square
/// block of a grid's rows and columns. Rows count upward, so clockwise
/// takes the block's top-left corner to its top-right corner.
pub fn quarter_turn(
    board: &Board,
    sites: &[Site],
    clockwise: bool,
) -> Result<Vec<(Site, Site)>, String> {
    let at = |s: Site| (board.site(s).col, board.site(s).row);
    let Some(&first) = sites.first() else {
        return Err("it has no site".into());
    };
    let (mut c0, mut r0, mut c1, mut r1) = (at(first).0, at(first).1, at(first).0, at(first).1);
    for &s in sites {
        let (c, r) = at(s);
        (c0, r0, c1, r1) = (c0.min(c), r0.min(r), c1.max(c), r1.max(r));
    }
    let k = c1 - c0 + 1;
    if r1 - r0 + 1 != k || sites.len() != (k * k) as usize {
        return Err(format!(
            "its {} sites do not fill a square block of rows and columns \
             (it spans {} columns and {} rows)",
            sites.len(),
            k,
            r1 - r0 + 1
        ));
    }
    let find = |c: i32, r: i32| sites.iter().copied().find(|&s| at(s) == (c, r));
    let mut out = Vec::with_capacity(sites.len());
    for &s in sites {
        let (x, y) = (at(s).0 - c0, at(s).1 - r0);
        let (nx, ny) = if clockwise {
            (y, k - 1 - x)
        } else {
            (k - 1 - y, x)
        };
        match find(c0 + nx, r0 + ny) {
            Some(t) => out.push((s, t)),
            None => return Err("two of its sites share a row and a column".into()),
        }
    }
    Ok(out)
}

impl Lowerer {
    /// The quarter turns of a `(rotate regions:{…} [ways:…])` move: for
    /// each region, clockwise then anticlockwise (or only the ways asked).
    pub fn rotations(&mut self, c: &Clause, d: &mut Diags) -> Vec<Rotation> {
        let Some(board) = self.board.clone() else {
            return Vec::new();
        };
        let Some(regions) = named(c, "regions") else {
            d.error(
                c.span,
                "`rotate` needs the regions it may turn",
                "expected `regions:{\"Name\"…}`",
            );
            return Vec::new();
        };
        let ways: Vec<bool> = match named(c, "ways") {
            None => vec![true, false],
            Some(e) => items(e)
                .iter()
                .filter_map(|w| choice(w, &["Clockwise", "Anticlockwise"], d))
                .map(|w| w == "Clockwise")
                .collect(),
        };
        let mut out = Vec::new();
        let mut refused = false;
        for e in items(regions) {
            let Some(i) = self.region_ref(e, d) else {
                refused = true;
                continue;
            };
            let name = self.region_names[i as usize].clone();
            // The region as the first player sees it (none when the
            // players failed to read: reported there).
            let Some(bits) = self.regions[i as usize].first() else {
                refused = true;
                continue;
            };
            let sites: Vec<Site> = (0..bits.len() as Site)
                .filter(|&s| bits[s as usize])
                .collect();
            for &clockwise in &ways {
                match quarter_turn(&board, &sites, clockwise) {
                    Ok(moves) => out.push(Rotation {
                        name: if clockwise {
                            name.clone()
                        } else {
                            format!("{name}'")
                        },
                        moves,
                    }),
                    Err(why) => {
                        d.push(
                            Diagnostic::error(
                                e.span(),
                                format!("region `{name}` cannot turn"),
                                format!("a region that turns must be a square block: {why}"),
                            )
                            .with_help("`(rectangle \"a1\" \"c3\")` makes a square block"),
                        );
                        refused = true;
                        break;
                    }
                }
            }
        }
        if out.is_empty() && !refused {
            d.error(
                regions.span(),
                "`rotate` has no region to turn",
                "expected `regions:{\"Name\"…}` with at least one region",
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Adjacency, Cells, Labels, Shape};

    fn grid(n: u16) -> Board {
        Board::new(
            Shape::Square {
                rows: n,
                cols: n,
                cells: Cells::All,
                adjacency: Adjacency::Orthogonal,
            },
            Labels::Coordinates,
        )
        .unwrap()
    }

    fn sites(b: &Board, labels: &[&str]) -> Vec<Site> {
        labels.iter().map(|l| b.site_by_label(l).unwrap()).collect()
    }

    fn turned(b: &Board, block: &[&str], clockwise: bool) -> Vec<(String, String)> {
        let mut v: Vec<(String, String)> = quarter_turn(b, &sites(b, block), clockwise)
            .unwrap()
            .into_iter()
            .map(|(s, t)| (b.site(s).label.clone(), b.site(t).label.clone()))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn a_clockwise_quarter_turn_takes_the_top_left_corner_to_the_top_right() {
        let b = grid(6);
        let block = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"];
        let cw = turned(&b, &block, true);
        let pairs = |v: &[(String, String)], from: &str| {
            v.iter().find(|(s, _)| s == from).unwrap().1.clone()
        };
        assert_eq!(pairs(&cw, "a3"), "c3");
        assert_eq!(pairs(&cw, "c3"), "c1");
        assert_eq!(pairs(&cw, "c1"), "a1");
        assert_eq!(pairs(&cw, "a1"), "a3");
        assert_eq!(pairs(&cw, "b3"), "c2");
        assert_eq!(pairs(&cw, "b2"), "b2");
        let acw = turned(&b, &block, false);
        assert_eq!(pairs(&acw, "c3"), "a3");
        assert_eq!(pairs(&acw, "b3"), "a2");
        // Four quarter turns one way are no turn.
        for s in block {
            let mut at = s.to_string();
            for _ in 0..4 {
                at = pairs(&cw, &at);
            }
            assert_eq!(at, s);
        }
    }

    #[test]
    fn a_two_by_two_block_turns_as_a_cycle_of_four() {
        let b = grid(4);
        let cw = turned(&b, &["c3", "d3", "c4", "d4"], true);
        assert_eq!(
            cw,
            [("c3", "c4"), ("c4", "d4"), ("d3", "c3"), ("d4", "d3")]
                .map(|(a, b)| (a.to_string(), b.to_string()))
        );
    }

    fn region(text: &str) -> Vec<String> {
        let src = format!(
            "(game \"t\" (players 2) (board (square 5 5) labels:Coordinates) (piece \"P\")
              (region \"R\" {text}) (play (pass)))"
        );
        let g = crate::compile::Game::from_source("t", &src, &crate::compile::Options::default())
            .unwrap();
        let bits = &g.regions[0][0];
        (0..bits.len() as Site)
            .filter(|&s| bits[s as usize])
            .map(|s| g.board.site(s).label.clone())
            .collect()
    }

    #[test]
    fn a_rectangle_is_the_block_between_its_corners_every_step_th_site() {
        // Reading order: top row first.
        assert_eq!(
            region("(rectangle \"b1\" \"c2\")"),
            ["b2", "c2", "b1", "c1"]
        );
        // The corners may be given in any order.
        assert_eq!(
            region("(rectangle \"c2\" \"b1\")"),
            ["b2", "c2", "b1", "c1"]
        );
        assert_eq!(
            region("(rectangle \"a1\" \"e5\" step:2)"),
            ["a5", "c5", "e5", "a3", "c3", "e3", "a1", "c1", "e1"]
        );
        // Counted from the first corner: b2, d2, b4, d4.
        assert_eq!(
            region("(rectangle \"b2\" \"e5\" step:2)"),
            ["b4", "d4", "b2", "d2"]
        );
    }

    #[test]
    fn only_a_full_square_block_turns() {
        let b = grid(4);
        assert!(quarter_turn(&b, &sites(&b, &["a1", "b1"]), true).is_err());
        assert!(quarter_turn(&b, &sites(&b, &["a1", "b1", "a2"]), true).is_err());
        assert!(quarter_turn(&b, &[], true).is_err());
        assert!(quarter_turn(&b, &sites(&b, &["a1"]), false).is_ok());
    }
}
