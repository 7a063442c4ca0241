//! Lowering of the board: `(board SHAPE labels:… drawn:…)` and its shapes
//! (`square`, `hex`, `rhombus`, `graph`, `star`, `tri`), each dispatched
//! by its row of the vocabulary table; region expressions are read in
//! `regions.rs`. Moved out of `lower.rs`, which keeps the driver's state
//! and the directions.

use super::args::{Diags, check, choice, clause, int_in, named};
use super::lower::Lowerer;
use super::vocab::{self, Lower};
use crate::board::geometry::MAX_SIZE;
use crate::board::{Adjacency, Board, Cells, Labels, Shape};
use crate::syntax::Clause;

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

    /// The shape a board shape clause names, by its row's function in
    /// the vocabulary table.
    fn shape(&mut self, c: &Clause, d: &mut Diags) -> Option<Shape> {
        match vocab::lowering("board", &c.head) {
            Some(Lower::BoardShape(lower)) => lower(self, c, d),
            _ => {
                self.unknown_head(c, "board", d);
                None
            }
        }
    }
}

// The board shapes, each named by its row of the vocabulary table.

/// `(square ROWS COLS [cells:All|Dark] [adjacency:…])`.
pub(super) fn square(_: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Shape> {
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

/// `(hex SIDE)`.
pub(super) fn hex(_: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Shape> {
    check(c, "board", d);
    let side = int_in(c.args.first()?, 1, MAX_SIZE.into(), d)? as u16;
    Some(Shape::HexCells { side })
}

/// `(rhombus COLS ROWS)`.
pub(super) fn rhombus(_: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Shape> {
    check(c, "board", d);
    let cols = int_in(c.args.first()?, 1, MAX_SIZE.into(), d)? as u16;
    let rows = int_in(c.args.get(1)?, 1, MAX_SIZE.into(), d)? as u16;
    Some(Shape::Rhombus { cols, rows })
}

/// `(tri SIDE [SIDE2])`.
pub(super) fn tri(_: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Shape> {
    check(c, "board", d);
    let side = int_in(c.args.first()?, 1, MAX_SIZE.into(), d)? as u16;
    let side2 = match c.args.get(1) {
        Some(e) => int_in(e, 1, MAX_SIZE.into(), d)? as u16,
        None => side,
    };
    Some(Shape::TriPoints { side, side2 })
}

/// `(star SIDE)`.
pub(super) fn star(_: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Shape> {
    check(c, "board", d);
    let side = int_in(c.args.first()?, 1, 64, d)? as u16;
    Some(Shape::Star { side })
}

/// `(graph (site …)… (edge …)…)` (`graph.rs`).
pub(super) fn graph(_: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Shape> {
    super::graph::graph_spec(c, d).map(Shape::Graph)
}
