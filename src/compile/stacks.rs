//! Lowering of the stack primitives: growth by distance, flanking, named
//! move blocks and `again`.

use super::args::{Diags, check_shape, choice, int_in, items, named, string};
use super::ir::{Cond, Effect, Flank, Owner, Rel};
use super::lower::Lowerer;
use crate::board::{Board, Site};
use crate::diag::did_you_mean;
use crate::syntax::{Clause, Expr};

/// Named arguments shared by every `flanks`-like clause.
const FLANK_ARGS: &[&str] = &["dirs", "middle", "end", "distance", "same"];

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
            if self.block_names.iter().any(|n| n == name) {
                d.twice(c.span, "move block", name);
                continue;
            }
            self.block_names.push(name.to_string());
            self.blocks.push(Vec::new());
        }
    }

    /// `(moves "Name" MOVES)`: a named block of priority levels.
    pub fn moves_block(&mut self, c: &Clause, d: &mut Diags) {
        check_shape(c, 2, 2, &[], d);
        let (Some(Expr::Str(name, _)), Some(body)) = (c.args.first(), c.args.get(1)) else {
            return;
        };
        let Some(i) = self.block_names.iter().position(|n| n == name) else {
            return;
        };
        if self.blocks[i].is_empty() {
            self.blocks[i] = self.play_levels(body, d);
        }
    }

    /// `(again "Block")`.
    pub fn again(&mut self, c: &Clause, d: &mut Diags) -> Option<Effect> {
        check_shape(c, 1, 1, &[], d);
        let e = c.args.first()?;
        let name = string(e, d)?;
        if let Some(i) = self.block_names.iter().position(|n| n == name) {
            return Some(Effect::Again(i as u16));
        }
        let mut diag = crate::diag::Diagnostic::error(
            e.span(),
            format!("unknown move block `{name}`"),
            if self.block_names.is_empty() {
                "no `(moves \"Name\" …)` block is declared".to_string()
            } else {
                format!("expected one of: {}", self.block_names.join(", "))
            },
        );
        if let Some(s) = did_you_mean(name, self.block_names.iter().map(String::as_str)) {
            diag = diag.with_help(format!("did you mean `{s}`?"));
        }
        d.push(diag);
        None
    }

    /// `(farther "Region")`.
    pub fn farther(&mut self, c: &Clause, d: &mut Diags) -> Cond {
        check_shape(c, 1, 1, &[], d);
        let r = c.args.first().and_then(|e| self.region_ref(e, d));
        r.map_or(Cond::False, Cond::Farther)
    }

    /// `(grow SITE "Region" [kind:"Kind"] [owner:Mover|Top])`.
    pub fn grow(&mut self, c: &Clause, d: &mut Diags) -> Option<Effect> {
        check_shape(c, 2, 2, &["kind", "owner"], d);
        let at = self.site_ref(c.args.first(), d);
        let region = self.region_ref(c.args.get(1)?, d)?;
        let kind = named(c, "kind").and_then(|e| self.kind_ref(e, d));
        let owner = match named(c, "owner").map(|e| choice(e, &["Mover", "Top"], d)) {
            Some(Some("Top")) => Owner::Top,
            _ => Owner::Mover,
        };
        Some(Effect::Grow {
            at,
            region,
            kind,
            owner,
        })
    }

    /// The flank of `(flanks …)`, `(mark-flanked …)`, `(remove-flanked …)`.
    pub fn flank(&mut self, c: &Clause, d: &mut Diags) -> Flank {
        check_shape(c, 0, 1, FLANK_ARGS, d);
        let at = self.site_ref(c.args.first(), d);
        let dirs = match named(c, "dirs") {
            Some(e) => self.dirset(e, d),
            None => self.dirset_all(),
        };
        let rel = |name: &str, default: Rel, d: &mut Diags| {
            let words = ["Mine", "Enemy", "Occupied"];
            match named(c, name).map(|e| choice(e, &words, d)) {
                Some(Some("Mine")) => Rel::Mine,
                Some(Some("Enemy")) => Rel::Enemy,
                Some(Some("Occupied")) => Rel::Occupied,
                _ => default,
            }
        };
        let middle = rel("middle", Rel::Enemy, d);
        let end = rel("end", Rel::Mine, d);
        let reach = match named(c, "distance") {
            Some(Expr::Word(w, _)) if w == "Any" => u16::MAX,
            Some(e @ Expr::Int(..)) => int_in(e, 1, 1000, d).map_or(1, |n| n as u16),
            Some(e) => {
                d.expected(e, "an integer from 1 to 1000, or `Any`");
                1
            }
            None => 1,
        };
        let (mut same_height, mut same_kind) = (false, false);
        for e in named(c, "same").map(items).unwrap_or_default() {
            match choice(e, &["Height", "Kind"], d) {
                Some("Height") => same_height = true,
                Some("Kind") => same_kind = true,
                _ => {}
            }
        }
        Flank {
            at,
            dirs,
            middle,
            end,
            reach,
            same_height,
            same_kind,
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
