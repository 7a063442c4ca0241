//! Lowering of named move blocks (`(moves "Name" …)`, read by `again`)
//! and the distance tables of regions.

use super::args::{Diags, boolean, check, named, string};
use super::lower::Lowerer;
use crate::board::{Board, Site};
use crate::syntax::{Clause, Expr};

impl Lowerer {
    /// Records the names of the `(moves "Name" …)` blocks before any move
    /// is lowered, so that `(again "Name")` can name a block written later
    /// (or the block it is in).
    pub fn declare_blocks(&mut self, body: &[Expr], d: &mut Diags) {
        for e in body {
            let Expr::Clause(c) = e else { continue };
            if c.head != "moves" {
                continue;
            }
            let Some(name) = c.args.first().and_then(|e| string(e, d)) else {
                continue;
            };
            if !d.declare_once(
                self.block_names.iter().any(|n| n == name),
                c.span,
                "move block",
                name,
            ) {
                continue;
            }
            self.block_names.push(name.to_string());
            self.blocks.push(Vec::new());
            self.block_skip_end.push(false);
        }
    }

    /// `(moves "Name" MOVES [skip-end:BOOL])`: a named block of priority
    /// levels; with `skip-end:true`, asked for where nothing but
    /// `(end-phase)` is legal in it, it ends the turn instead.
    pub fn moves_block(&mut self, c: &Clause, d: &mut Diags) {
        check(c, "game", d);
        let (Some(Expr::Str(name, _)), Some(body)) = (c.args.first(), c.args.get(1)) else {
            return;
        };
        let Some(i) = self.block_names.iter().position(|n| n == name) else {
            return;
        };
        if self.blocks[i].is_empty() {
            self.blocks[i] = self.play_levels(body, d);
            self.block_skip_end[i] = named(c, "skip-end")
                .and_then(|e| boolean(e, d))
                .unwrap_or(false);
        }
    }
}

/// Steps from each site to each region, for each player's version of the
/// region, at `(region × players + player) × sites + site`.
pub fn region_distances(board: &Board, regions: &[Vec<Vec<bool>>]) -> Vec<u32> {
    regions
        .iter()
        .flatten()
        .flat_map(|bits| {
            let sources: Vec<Site> = (0..bits.len())
                .filter(|&s| bits[s])
                .map(|s| s as Site)
                .collect();
            board.distances_from(&sources)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Labels, Shape};

    #[test]
    fn distances_from_the_centre_of_a_hexagon() {
        let b = Board::new(Shape::HexCells { side: 5 }, Labels::Coordinates).unwrap();
        let mut centre = vec![false; b.len()];
        for s in b.centre() {
            centre[s as usize] = true;
        }
        let d = region_distances(&b, &[vec![centre]]);
        let mut counts = [0; 5];
        assert_eq!(d.len(), 61);
        for &x in &d {
            counts[x as usize] += 1;
        }
        assert_eq!(counts, [1, 6, 12, 18, 24]);
    }
}
