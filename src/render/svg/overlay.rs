//! What the page draws over the cells besides the pieces: the game's own
//! notation (file letters and rank numbers round a grid whose sites are
//! named by them, else each site's own label: the numbers of a draughts
//! board, the coordinates of hex cells, the names of graph points) and
//! the goal sites of each player, outlined in the player's colour.

use std::fmt::Write;

use super::{Style, escape, px};
use crate::board::{Board, Site};

/// Pixels per unit (as the board's).
const SCALE: f64 = super::SCALE;

/// True when every site of a grid is named by its file letter and rank
/// number (`a1`…): the notation is then drawn round the board, once per
/// file and rank, not in every cell.
pub fn grid_coordinates(board: &Board) -> bool {
    board.all().into_iter().all(|s| {
        let i = board.site(s);
        i.col >= 0
            && i.row >= 0
            && i.label
                == format!(
                    "{}{}",
                    crate::board::geometry::letters(i.col as u32),
                    i.row + 1
                )
    })
}

/// The label of one site, drawn where the style leaves room: the top
/// left corner of a square, the top of a hexagon, above and right of a
/// point.
pub fn site_label(out: &mut String, style: Style, label: &str, (cx, cy): (f64, f64)) {
    let (x, y, anchor, size) = match style {
        Style::Squares { .. } => (cx - 0.46 * SCALE, cy - 0.3 * SCALE, "start", 0.2),
        Style::Hexagons => (cx, cy - 0.26 * SCALE, "middle", 0.22),
        Style::Points | Style::Lines { .. } => (cx + 0.14 * SCALE, cy - 0.14 * SCALE, "start", 0.2),
    };
    let _ = write!(
        out,
        r##"<text class="label" x="{}" y="{}" text-anchor="{anchor}" font-size="{}" fill="#4a3217" stroke="#f7f3ea" stroke-width="2.5" paint-order="stroke">{}</text>"##,
        px(x),
        px(y),
        px(size * SCALE),
        escape(label)
    );
}

/// One player's goal at one site, and the sides of the site's cell on
/// the board's rim that belong to that player's edge (each side its two
/// ends, in board units): empty for a goal inside the board, or on the
/// points of a graph.
#[derive(Debug, Clone, PartialEq)]
pub struct GoalSite {
    /// The site.
    pub site: Site,
    /// The seat whose goal it is.
    pub seat: usize,
    /// The sides drawn in the seat's colour.
    pub sides: Vec<Segment>,
}

/// The goal sites (`goals`: site and seat) with the sides of their cells
/// that face out of the board. A cell in several seats' goals (the
/// corners of a Hex board) gives each outer side to the seat whose goal
/// cells face that way most often (both when as often): the bottom row's
/// corner side to the bottom edge's seat, the left column's to the left's.
pub fn goal_sides(board: &Board, style: Style, goals: &[(Site, usize)]) -> Vec<GoalSite> {
    let outer = |s: Site| -> Vec<(usize, Segment)> {
        let pos = board.site(s).pos;
        cell_sides(style)
            .into_iter()
            .enumerate()
            .filter(|(_, (d, _))| !on_board(board, style, (pos.0 + d.0, pos.1 + d.1)))
            .map(|(k, (_, (a, b)))| (k, ((pos.0 + a.0, pos.1 + a.1), (pos.0 + b.0, pos.1 + b.1))))
            .collect()
    };
    let seats = goals.iter().map(|g| g.1 + 1).max().unwrap_or(0);
    // How many of each seat's goal cells face out each way.
    let mut faces = vec![[0usize; 6]; seats];
    for &(s, p) in goals {
        for (k, _) in outer(s) {
            faces[p][k] += 1;
        }
    }
    goals
        .iter()
        .map(|&(site, seat)| {
            let sides = outer(site)
                .into_iter()
                .filter(|(k, _)| {
                    goals
                        .iter()
                        .filter(|g| g.0 == site)
                        .all(|g| faces[g.1][*k] <= faces[seat][*k])
                })
                .map(|(_, side)| side)
                .collect();
            GoalSite { site, seat, sides }
        })
        .collect()
}

/// A segment from one point to another (board units).
type Segment = ((f64, f64), (f64, f64));

/// A side of a cell: the step to the neighbour across it and the side's
/// two ends (board units, from the cell's centre).
type Side = ((f64, f64), Segment);

/// The sides of a cell of `style`; points have none.
fn cell_sides(style: Style) -> Vec<Side> {
    match style {
        Style::Squares { .. } => [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)]
            .into_iter()
            .map(|(x, y)| {
                let (mx, my) = (x / 2.0, y / 2.0);
                ((x, y), ((mx - my, my + mx), (mx + my, my - mx)))
            })
            .collect(),
        Style::Hexagons => (0..6)
            .map(|k| {
                let a = std::f64::consts::PI / 3.0 * f64::from(k);
                let (x, y) = (a.cos(), a.sin());
                // Half a side: a corner is 1/√3 from the centre.
                let h = 0.5 / 3f64.sqrt();
                let (mx, my) = (x / 2.0, y / 2.0);
                ((x, y), ((mx - h * y, my + h * x), (mx + h * y, my - h * x)))
            })
            .collect(),
        Style::Points | Style::Lines { .. } => Vec::new(),
    }
}

/// True when `pos` (board units) is on the board: inside the grid of a
/// square board (light cells of a draughts board too), else a site's
/// position.
fn on_board(board: &Board, style: Style, pos: (f64, f64)) -> bool {
    if let Style::Squares { rows, cols, .. } = style {
        let inside = |v: f64, n: u16| v > -0.5 && v < f64::from(n) - 0.5;
        return inside(pos.0, cols) && inside(pos.1, rows);
    }
    board
        .sites()
        .iter()
        .any(|i| (i.pos.0 - pos.0).abs() < 1e-3 && (i.pos.1 - pos.1).abs() < 1e-3)
}

/// The goals at site `s` (`goals`, from [`goal_sides`]): each seat's
/// sides of the board's rim drawn in `colour(seat)` over a dark line (a
/// `<path class="goal pN">`), or, for a goal with no side on the rim, a
/// ring inside the cell (rings of several seats inside one another).
/// `point` maps board units to pixels.
pub fn goal_marks(
    out: &mut String,
    style: Style,
    s: Site,
    goals: &[GoalSite],
    colour: impl Fn(usize) -> &'static str,
    point: impl Fn((f64, f64)) -> (f64, f64),
    (cx, cy): (f64, f64),
) {
    let here = goals.iter().filter(|g| g.site == s);
    let mut rings = 0;
    for g in here {
        let fill = colour(g.seat);
        let p = g.seat;
        if !g.sides.is_empty() {
            let mut d = String::new();
            for &(a, b) in &g.sides {
                let ((x1, y1), (x2, y2)) = (point(a), point(b));
                let _ = write!(d, "M{} {}L{} {}", px(x1), px(y1), px(x2), px(y2));
            }
            let _ = write!(
                out,
                r##"<path d="{d}" fill="none" stroke="#333333" stroke-width="10" stroke-linecap="round" pointer-events="none"/><path class="goal p{p}" d="{d}" fill="none" stroke="{fill}" stroke-width="7" stroke-linecap="round" pointer-events="none"/>"##
            );
            continue;
        }
        let inset = 3.0 + 6.0 * f64::from(rings);
        rings += 1;
        let shape = match style {
            Style::Squares { .. } => {
                let side = SCALE - 2.0 * inset;
                format!(
                    r#"<rect x="{}" y="{}" width="{s}" height="{s}" rx="3""#,
                    px(cx - side / 2.0),
                    px(cy - side / 2.0),
                    s = px(side)
                )
            }
            Style::Hexagons => format!(
                r#"<circle cx="{}" cy="{}" r="{}""#,
                px(cx),
                px(cy),
                px(SCALE / 2.0 - inset)
            ),
            Style::Points | Style::Lines { .. } => format!(
                r#"<circle cx="{}" cy="{}" r="{}""#,
                px(cx),
                px(cy),
                px(0.3 * SCALE - inset)
            ),
        };
        let _ = write!(
            out,
            r##"{shape} class="goal p{p}" fill="none" stroke="#333333" stroke-width="6"/>{shape} fill="none" stroke="{fill}" stroke-width="4"/>"##
        );
    }
}

/// The mark of a site the player may click next: a dot on an empty
/// site, a ring round a stack (`occupied`), drawn over the pieces and
/// letting clicks through (class `target-mark`).
pub fn target_mark(out: &mut String, occupied: bool, (cx, cy): (f64, f64)) {
    let (r, paint) = match occupied {
        true => (
            0.44 * SCALE,
            r##"fill="none" stroke="#2e8b57" stroke-width="5""##,
        ),
        false => (0.14 * SCALE, r##"fill="#2e8b57""##),
    };
    let _ = write!(
        out,
        r#"<circle class="target-mark" cx="{}" cy="{}" r="{}" {paint} opacity="0.7" pointer-events="none"/>"#,
        px(cx),
        px(cy),
        px(r)
    );
}
