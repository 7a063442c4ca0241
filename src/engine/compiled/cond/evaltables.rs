//! What the evaluation of conditions and sets derives once from a game
//! (kept in the engine's [`crate::engine::Tables`]).

use crate::board::{Board, NO_SITE, Site};
use crate::compile::ir::Game;

/// The evaluation's tables of one game.
#[derive(Debug, Clone, Default)]
pub(crate) struct EvalTables {
    /// Per role: its values depend on the position alone, so that an
    /// evaluation may remember them (see [`crate::engine::memo`]).
    pub pure_roles: Vec<bool>,
    /// Per role: its truth table when it is local (see [`crate::engine::local`]).
    pub local_roles: Vec<Option<crate::engine::memo::LocalRole>>,
    /// Per generator: its slide table (see [`crate::engine::slides::SlideTable`]).
    pub slides: Vec<Option<crate::engine::slides::SlideTable>>,
    /// Per board direction: every site, ordered so that the site a step
    /// away in that direction comes first (the lines read from their far
    /// end); `None` when a line of the board runs in a circle.
    pub line_order: Option<Vec<Vec<Site>>>,
    /// The board's rays as site sets, when they can be (see
    /// [`crate::engine::raybits`]).
    pub rays: Option<crate::engine::raybits::RayBits>,
    /// The board's sites as lattice bits, when they can be (see
    /// [`crate::engine::lattice`]).
    pub lattice: Option<crate::engine::lattice::Lattice>,
    /// The board and roles as site sets, when the game's positions fit
    /// them (see [`crate::engine::bitcompile`]); filled in by [`crate::engine::Tables`]
    /// with the generators' filters.
    pub bits: Option<crate::engine::bitcond::BitSets>,
}

impl EvalTables {
    /// The tables of `game`.
    pub fn new(game: &Game) -> EvalTables {
        EvalTables {
            pure_roles: crate::engine::memo::pure_roles(&game.roles),
            local_roles: crate::engine::local::local_roles(&game.roles, &game.board),
            slides: game
                .gens
                .iter()
                .map(|g| crate::engine::slides::SlideTable::of(game, g))
                .collect(),
            line_order: line_order(&game.board),
            rays: crate::engine::raybits::RayBits::new(&game.board),
            lattice: crate::engine::lattice::Lattice::new(&game.board),
            bits: None,
        }
    }

    /// The tables of `game` for the reference engine: what conditions
    /// need to be evaluated from the rules, and no table of the compiled
    /// tier (no role remembered within an evaluation, no local truth
    /// table, slide table, ray or lattice sets).
    pub fn reference(game: &Game) -> EvalTables {
        EvalTables {
            pure_roles: vec![false; game.roles.len()],
            local_roles: vec![None; game.roles.len()],
            slides: vec![None; game.gens.len()],
            line_order: line_order(&game.board),
            rays: None,
            lattice: None,
            bits: None,
        }
    }
}

/// Per direction, the sites ordered by how many steps remain to the end of
/// their line in that direction (see [`EvalTables::line_order`]).
fn line_order(board: &Board) -> Option<Vec<Vec<Site>>> {
    let n = board.len();
    (0..board.directions().len() as u8)
        .map(|d| {
            let mut left: Vec<Option<usize>> = vec![None; n];
            for s in 0..n as Site {
                // Follow the line to its end, then count back.
                let mut path = Vec::new();
                let mut at = s;
                while at != NO_SITE && left[at as usize].is_none() {
                    if path.len() > n {
                        return None; // a circle
                    }
                    path.push(at);
                    at = board.step(at, d);
                }
                let k0 = if at == NO_SITE {
                    0
                } else {
                    left[at as usize]? + 1
                };
                for (k, &p) in (k0..).zip(path.iter().rev()) {
                    left[p as usize] = Some(k);
                }
            }
            let mut order: Vec<Site> = (0..n as Site).collect();
            order.sort_by_key(|&s| left[s as usize]);
            Some(order)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Adjacency, Cells, Labels, Shape};

    #[test]
    fn every_site_comes_after_its_neighbour_along_each_direction() {
        let shape = Shape::Square {
            rows: 3,
            cols: 4,
            cells: Cells::All,
            adjacency: Adjacency::All,
        };
        let board = Board::new(shape, Labels::Coordinates).unwrap();
        let order = line_order(&board).expect("square lines end");
        for (d, sites) in order.iter().enumerate() {
            assert_eq!(sites.len(), board.len());
            let pos = |s: Site| sites.iter().position(|&x| x == s).unwrap();
            for &s in sites {
                let n = board.step(s, d as u8);
                if n != NO_SITE {
                    assert!(pos(n) < pos(s), "direction {d}: {n} before {s}");
                }
            }
        }
    }
}
