//! Text pictures of a board.
//!
//! Each site gets a field of four characters: a space, then its text
//! right-aligned in three characters. Fields sit at a character column
//! proportional to the site's x position (four characters a unit, so hex
//! rows are staggered by two). Square grids get their rank numbers on the
//! left (two characters) and their file letters underneath.

use super::geometry::letters;
use super::{Board, Shape, Site};

/// Characters per unit of x position.
const PITCH: f64 = 4.0;
/// Characters of site text shown (longer texts are cut).
const WIDTH: usize = 3;
/// Characters of the rank-number margin of square grids.
const MARGIN: usize = 2;

impl Board {
    /// A text picture of the board: one line per row, top row first, each
    /// line ending in a newline; `cell(site)` gives the 1–3 characters shown
    /// for a site (right-aligned in 3 characters; longer texts are cut to
    /// their first 3). On square grids, cells that are not sites are blank,
    /// rank numbers stand on the left and file letters on a last line.
    /// No line has trailing spaces.
    pub fn render(&self, cell: impl Fn(Site) -> String) -> String {
        let square = matches!(self.shape, Shape::Square { .. });
        let margin = if square { MARGIN } else { 0 };
        let xmin = self
            .sites
            .iter()
            .map(|i| i.pos.0)
            .fold(f64::INFINITY, f64::min);
        let column = |s: Site| margin + ((self.site(s).pos.0 - xmin) * PITCH).round() as usize;
        let mut out = String::new();
        let rows = self.rows_top_down();
        for (i, sites) in rows.iter().enumerate() {
            let rank = rows.len() - i;
            let mut line = if square {
                format!("{rank:>MARGIN$}")
            } else {
                String::new()
            };
            for &s in sites {
                put(&mut line, column(s), &cell(s));
            }
            push_line(&mut out, &line);
        }
        if let Shape::Square { cols, .. } = self.shape {
            push_line(&mut out, &file_letters(cols));
        }
        out
    }

    /// The sites of each row, from the top row down; square grids list
    /// every row of the grid, even one without sites.
    fn rows_top_down(&self) -> Vec<Vec<Site>> {
        let count = match self.shape {
            Shape::Square { rows, .. } => usize::from(rows),
            _ => self
                .sites
                .iter()
                .map(|i| i.row as usize + 1)
                .max()
                .unwrap_or(0),
        };
        let mut rows = vec![Vec::new(); count];
        for (s, info) in self.sites.iter().enumerate() {
            rows[count - 1 - info.row as usize].push(s as Site);
        }
        rows
    }
}

/// The line of file letters under a square grid of `cols` columns.
fn file_letters(cols: u16) -> String {
    let mut line = String::new();
    for c in 0..u32::from(cols) {
        put(&mut line, MARGIN + c as usize * PITCH as usize, &letters(c));
    }
    line
}

/// Writes `text` (cut to [`WIDTH`] characters) right-aligned in the field
/// of `1 + WIDTH` characters starting at character `at` of `line`, padding
/// the line with spaces as needed. Fields never overlap, so the line only
/// grows.
fn put(line: &mut String, at: usize, text: &str) {
    let text: String = text.chars().take(WIDTH).collect();
    let end = at + 1 + WIDTH;
    let start = end - text.chars().count();
    let len = line.chars().count();
    line.extend(std::iter::repeat_n(' ', start.saturating_sub(len)));
    line.push_str(&text);
}

/// Appends `line` without its trailing spaces, and a newline.
fn push_line(out: &mut String, line: &str) {
    out.push_str(line.trim_end());
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use crate::board::{Adjacency, Board, Cells, Labels, Shape};

    fn square(rows: u16, cols: u16, cells: Cells, labels: Labels) -> Board {
        let adjacency = Adjacency::Diagonal;
        let shape = Shape::Square {
            rows,
            cols,
            cells,
            adjacency,
        };
        Board::new(shape, labels).unwrap()
    }

    fn lines(lines: &[&str]) -> String {
        lines.iter().map(|l| format!("{l}\n")).collect()
    }

    #[test]
    fn dark_squares_numbered() {
        let b = square(8, 8, Cells::Dark, Labels::Numbers);
        let text = b.render(|s| b.site(s).label.clone());
        let expected = lines(&[
            " 8       1       2       3       4",
            " 7   5       6       7       8",
            " 6       9      10      11      12",
            " 5  13      14      15      16",
            " 4      17      18      19      20",
            " 3  21      22      23      24",
            " 2      25      26      27      28",
            " 1  29      30      31      32",
            "     a   b   c   d   e   f   g   h",
        ]);
        assert_eq!(text, expected);
        let with_sites = text.lines().filter(|l| !l.starts_with("  "));
        assert_eq!(with_sites.count(), 8);
    }

    #[test]
    fn hexagons_are_staggered() {
        let b = Board::new(Shape::HexCells { side: 2 }, Labels::Coordinates).unwrap();
        let text = b.render(|s| b.site(s).label.clone());
        assert_eq!(text, lines(&["    c1  c2", "  b1  b2  b3", "    a1  a2"]));
        let dots = Board::new(Shape::TriPoints { side: 3, side2: 3 }, Labels::Numbers).unwrap();
        let expected = lines(&[
            "       o   o   o",
            "     o   o   o   o",
            "   o   o   o   o   o",
            "     o   o   o   o",
            "       o   o   o",
        ]);
        assert_eq!(dots.render(|_| "o".to_string()), expected);
    }

    #[test]
    fn texts_are_cut_and_blank_cells_trimmed() {
        let b = square(2, 3, Cells::All, Labels::Coordinates);
        let show = |s| if s == 0 { "long".into() } else { String::new() };
        let text = b.render(show);
        assert_eq!(text, lines(&[" 2 lon", " 1", "     a   b   c"]));
        assert_eq!(text, b.render(show));
    }

    #[test]
    fn limping_hexagon_rows() {
        let shape = Shape::TriPoints { side: 4, side2: 5 };
        let b = Board::new(shape, Labels::Numbers).unwrap();
        let text = b.render(|_| "o".to_string());
        let counts: Vec<usize> = text.lines().map(|l| l.matches('o').count()).collect();
        assert_eq!(counts, [5, 6, 7, 8, 7, 6, 5, 4]);
        assert!(text.lines().all(|l| !l.ends_with(' ')));
    }
}
