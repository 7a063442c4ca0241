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
        Style::Points => (cx + 0.14 * SCALE, cy - 0.14 * SCALE, "start", 0.2),
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

/// Outlines of the goal sites at `s`: one ring per player whose goal it
/// is (`goals`: site and seat), inside one another, in `colour(seat)`.
pub fn goal_rings(
    out: &mut String,
    style: Style,
    s: Site,
    goals: &[(Site, usize)],
    colour: impl Fn(usize) -> &'static str,
    (cx, cy): (f64, f64),
) {
    let seats = goals.iter().filter(|(g, _)| *g == s).map(|(_, p)| *p);
    for (k, p) in seats.enumerate() {
        let inset = 3.0 + 6.0 * k as f64;
        let fill = colour(p);
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
            Style::Points => format!(
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
