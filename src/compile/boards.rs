//! Lowering of the board: `(board SHAPE labels:… drawn:…)`, its shapes
//! (`square`, `hex`, `rhombus`, `graph`, `star`, `tri`), and the region
//! expressions evaluated on it (`row`, `side`, `union`…). Moved out of
//! `lower.rs`, which keeps the driver's state and the directions.

use super::args::{Diags, check, choice, clause, int_in, named, string};
use super::lower::Lowerer;
use super::refs::lookup;
use crate::board::geometry::MAX_SIZE;
use crate::board::{Adjacency, Board, Cells, Labels, Shape, Site};
use crate::syntax::{Clause, Expr};

impl Lowerer {
    /// `(board SHAPE labels:… drawn:…)`.
    pub fn board(&mut self, c: &Clause, d: &mut Diags) {
        check(c, "game", d);
        self.drawn_points = named(c, "drawn")
            .and_then(|e| choice(e, &["Cells", "Points"], d))
            .is_some_and(|w| w == "Points");
        let labels = match named(c, "labels").map(|e| choice(e, &["Numbers", "Coordinates"], d)) {
            Some(Some("Numbers")) => Labels::Numbers,
            _ => Labels::Coordinates,
        };
        let Some(s) = c.args.first().and_then(|e| clause(e, "a board shape", d)) else {
            return;
        };
        let Some(shape) = self.shape(s, d) else {
            return;
        };
        match Board::new(shape, labels) {
            Ok(b) => self.board = Some(b),
            Err(e) => d.error(s.span, e.to_string(), "cannot build this board"),
        }
    }

    fn shape(&mut self, c: &Clause, d: &mut Diags) -> Option<Shape> {
        match c.head.as_str() {
            "square" => {
                check(c, "board", d);
                let rows = c
                    .args
                    .first()
                    .and_then(|e| int_in(e, 1, MAX_SIZE.into(), d));
                let cols = c.args.get(1).and_then(|e| int_in(e, 1, MAX_SIZE.into(), d));
                let cells = match named(c, "cells").map(|e| choice(e, &["All", "Dark"], d)) {
                    Some(Some("Dark")) => Cells::Dark,
                    _ => Cells::All,
                };
                let adj = ["Orthogonal", "Diagonal", "All"];
                let adjacency = match named(c, "adjacency").map(|e| choice(e, &adj, d)) {
                    Some(Some("Diagonal")) => Adjacency::Diagonal,
                    Some(Some("All")) => Adjacency::All,
                    _ => Adjacency::Orthogonal,
                };
                let (rows, cols) = (rows? as u16, cols? as u16);
                Some(Shape::Square {
                    rows,
                    cols,
                    cells,
                    adjacency,
                })
            }
            "hex" => {
                check(c, "board", d);
                let side = int_in(c.args.first()?, 1, MAX_SIZE.into(), d)? as u16;
                Some(Shape::HexCells { side })
            }
            "rhombus" => {
                check(c, "board", d);
                let cols = int_in(c.args.first()?, 1, MAX_SIZE.into(), d)? as u16;
                let rows = int_in(c.args.get(1)?, 1, MAX_SIZE.into(), d)? as u16;
                Some(Shape::Rhombus { cols, rows })
            }
            "tri" => {
                check(c, "board", d);
                let side = int_in(c.args.first()?, 1, MAX_SIZE.into(), d)? as u16;
                let side2 = match c.args.get(1) {
                    Some(e) => int_in(e, 1, MAX_SIZE.into(), d)? as u16,
                    None => side,
                };
                Some(Shape::TriPoints { side, side2 })
            }
            "star" => {
                check(c, "board", d);
                let side = int_in(c.args.first()?, 1, 64, d)? as u16;
                Some(Shape::Star { side })
            }
            "graph" => super::graph::graph_spec(c, d).map(Shape::Graph),
            _ => {
                self.unknown_head(c, "board", d);
                None
            }
        }
    }

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
        let arg = |i: usize, d: &mut Diags| c.args.get(i).and_then(|e| int_in(e, -1000, 1000, d));
        match c.head.as_str() {
            "row" | "column" | "rows" => {
                let (a, b) = (
                    arg(0, d),
                    if c.head == "rows" {
                        arg(1, d)
                    } else {
                        arg(0, d)
                    },
                );
                let (Some(a), Some(b)) = (a, b) else {
                    return Vec::new();
                };
                let (lines, what) = if c.head == "column" {
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
                match c.head.as_str() {
                    "row" => board.row(a as i32),
                    "column" => board.column(a as i32),
                    _ => board.rows(a as i32, b as i32),
                }
            }
            "side" => self
                .dir_vector(c.args.first(), p, d)
                .map(|v| board.side(v))
                .unwrap_or_default(),
            "point" => {
                let v = self.dir_vector(c.args.first(), p, d);
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
            "centre" => board.centre(),
            "rectangle" => super::rotate::rectangle(c, &board, d),
            "dark" => board.parity(true),
            "light" => board.parity(false),
            "all" => board.all(),
            "sites" => c
                .args
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
                .collect(),
            "except" => {
                let mut out = board.all();
                let minus: Vec<Site> = c
                    .args
                    .iter()
                    .flat_map(|e| self.region_sites(e, p, d))
                    .collect();
                out.retain(|s| !minus.contains(s));
                out
            }
            "per-player" => match c.args.get(p) {
                Some(e) => self.region_sites(e, p, d),
                None => {
                    d.error(
                        c.span,
                        "`per-player` needs one region per player",
                        format!("expected {} regions", self.players.len()),
                    );
                    Vec::new()
                }
            },
            "union" => {
                let mut all: Vec<Site> = c
                    .args
                    .iter()
                    .flat_map(|e| self.region_sites(e, p, d))
                    .collect();
                all.sort_unstable();
                all.dedup();
                all
            }
            _ => {
                self.unknown_head(c, "region", d);
                Vec::new()
            }
        }
    }
}
