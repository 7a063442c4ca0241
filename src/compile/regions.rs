//! Region expressions (`row`, `side`, `union`…): the sites each names on
//! the board, as a player sees them. Each part is lowered by the function
//! its row of the vocabulary table names.

use super::args::{Diags, clause, int_in, string};
use super::lower::Lowerer;
use super::refs::lookup;
use super::vocab::{self, Lower};
use crate::board::{Board, Site};
use crate::syntax::{Clause, Expr};

impl Lowerer {
    /// The sites of a region expression as seen by player `p`.
    pub fn region_sites(&mut self, e: &Expr, p: usize, d: &mut Diags) -> Vec<Site> {
        let Some(board) = self.board.clone() else {
            return Vec::new();
        };
        if let Expr::Str(..) = e {
            let Some(i) = lookup(&self.region_names, e, "region", d) else {
                return Vec::new();
            };
            return (0..board.len() as Site)
                .filter(|&s| self.regions[i][p][s as usize])
                .collect();
        }
        let Some(c) = clause(e, "a region", d) else {
            return Vec::new();
        };
        match vocab::lowering("region", &c.head) {
            Some(Lower::RegionPart(lower)) => lower(self, c, &board, p, d),
            _ => {
                self.unknown_head(c, "region", d);
                Vec::new()
            }
        }
    }
}

// The region parts, each named by its row of the vocabulary table.

/// `(row R)`.
pub(super) fn row(
    _: &mut Lowerer,
    c: &Clause,
    board: &Board,
    _: usize,
    d: &mut Diags,
) -> Vec<Site> {
    lines(c, board, Line::Row, d)
}

/// `(rows A B)`.
pub(super) fn rows(
    _: &mut Lowerer,
    c: &Clause,
    board: &Board,
    _: usize,
    d: &mut Diags,
) -> Vec<Site> {
    lines(c, board, Line::Rows, d)
}

/// `(column C)`.
pub(super) fn column(
    _: &mut Lowerer,
    c: &Clause,
    board: &Board,
    _: usize,
    d: &mut Diags,
) -> Vec<Site> {
    lines(c, board, Line::Column, d)
}

/// Which lines `lines` reads.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Line {
    /// `(row R)`.
    Row,
    /// `(rows A B)`.
    Rows,
    /// `(column C)`.
    Column,
}

/// `row`, `rows` and `column`: the lines their numbers name, negative
/// numbers counting from the far end; an error for a line off the board.
fn lines(c: &Clause, board: &Board, line: Line, d: &mut Diags) -> Vec<Site> {
    let arg = |i: usize, d: &mut Diags| c.args.get(i).and_then(|e| int_in(e, -1000, 1000, d));
    let (a, b) = (
        arg(0, d),
        if line == Line::Rows {
            arg(1, d)
        } else {
            arg(0, d)
        },
    );
    let (Some(a), Some(b)) = (a, b) else {
        return Vec::new();
    };
    let (lines, what) = if line == Line::Column {
        (
            board.sites().iter().map(|s| s.col).max().unwrap_or(0),
            "columns",
        )
    } else {
        (
            board.sites().iter().map(|s| s.row).max().unwrap_or(0),
            "rows",
        )
    };
    // Negative numbers count from the far end: -1 is the last.
    let from_end = |v: i64| if v < 0 { i64::from(lines) + 1 + v } else { v };
    let written = [a, b];
    let (a, b) = (from_end(a), from_end(b));
    for (i, v) in [a, b].into_iter().enumerate() {
        if !(0..=lines as i64).contains(&v) {
            let v = written[i];
            let span = c.args.get(i).map_or(c.span, Expr::span);
            d.push(
                crate::diag::Diagnostic::error(
                    span,
                    format!("{} {v} is off the board", &what[..what.len() - 1]),
                    format!("the board's {what} are 0 to {lines} (or -1 for the last)"),
                )
                .with_help("rows and columns count from 0; -1 is the last"),
            );
            return Vec::new();
        }
    }
    match line {
        Line::Row => board.row(a as i32),
        Line::Column => board.column(a as i32),
        Line::Rows => board.rows(a as i32, b as i32),
    }
}

/// `(side DIR)`.
pub(super) fn side(
    l: &mut Lowerer,
    c: &Clause,
    board: &Board,
    p: usize,
    d: &mut Diags,
) -> Vec<Site> {
    l.dir_vector(c.args.first(), p, d)
        .map(|v| board.side(v))
        .unwrap_or_default()
}

/// `(point DIR)`, on a star board.
pub(super) fn point(
    l: &mut Lowerer,
    c: &Clause,
    board: &Board,
    p: usize,
    d: &mut Diags,
) -> Vec<Site> {
    let v = l.dir_vector(c.args.first(), p, d);
    match v.map(|v| board.star_point(v)) {
        Some(Some(sites)) => sites,
        Some(None) => {
            d.error(
                c.span,
                "`point` names a point of a star board",
                "not a star board",
            );
            Vec::new()
        }
        None => Vec::new(),
    }
}

/// `(centre)`.
pub(super) fn centre(
    _: &mut Lowerer,
    _: &Clause,
    board: &Board,
    _: usize,
    _: &mut Diags,
) -> Vec<Site> {
    board.centre()
}

/// `(rectangle "A" "B" [step:N])` (`rotate.rs`).
pub(super) fn rectangle(
    _: &mut Lowerer,
    c: &Clause,
    board: &Board,
    _: usize,
    d: &mut Diags,
) -> Vec<Site> {
    super::rotate::rectangle(c, board, d)
}

/// `(dark)`.
pub(super) fn dark(
    _: &mut Lowerer,
    _: &Clause,
    board: &Board,
    _: usize,
    _: &mut Diags,
) -> Vec<Site> {
    board.parity(true)
}

/// `(light)`.
pub(super) fn light(
    _: &mut Lowerer,
    _: &Clause,
    board: &Board,
    _: usize,
    _: &mut Diags,
) -> Vec<Site> {
    board.parity(false)
}

/// `(all)`.
pub(super) fn all(
    _: &mut Lowerer,
    _: &Clause,
    board: &Board,
    _: usize,
    _: &mut Diags,
) -> Vec<Site> {
    board.all()
}

/// `(sites "a1"…)`: an error for a label no site has.
pub(super) fn sites(
    _: &mut Lowerer,
    c: &Clause,
    board: &Board,
    _: usize,
    d: &mut Diags,
) -> Vec<Site> {
    c.args
        .iter()
        .filter_map(|e| {
            let l = string(e, d)?;
            let s = board.site_by_label(l);
            if s.is_none() {
                d.push(
                    crate::diag::Diagnostic::error(
                        e.span(),
                        format!("no site is labelled `{l}`"),
                        "unknown site",
                    )
                    .with_help("`ludic show GAME --labels` draws every site's label"),
                );
            }
            s
        })
        .collect()
}

/// `(except REGION…)`.
pub(super) fn except(
    l: &mut Lowerer,
    c: &Clause,
    board: &Board,
    p: usize,
    d: &mut Diags,
) -> Vec<Site> {
    let mut out = board.all();
    let minus: Vec<Site> = c
        .args
        .iter()
        .flat_map(|e| l.region_sites(e, p, d))
        .collect();
    out.retain(|s| !minus.contains(s));
    out
}

/// `(per-player REGION…)`: the region of player `p`.
pub(super) fn per_player(
    l: &mut Lowerer,
    c: &Clause,
    _: &Board,
    p: usize,
    d: &mut Diags,
) -> Vec<Site> {
    match c.args.get(p) {
        Some(e) => l.region_sites(e, p, d),
        None => {
            d.error(
                c.span,
                "`per-player` needs one region per player",
                format!("expected {} regions", l.players.len()),
            );
            Vec::new()
        }
    }
}

/// `(union REGION…)`.
pub(super) fn union(l: &mut Lowerer, c: &Clause, _: &Board, p: usize, d: &mut Diags) -> Vec<Site> {
    let mut all: Vec<Site> = c
        .args
        .iter()
        .flat_map(|e| l.region_sites(e, p, d))
        .collect();
    all.sort_unstable();
    all.dedup();
    all
}
