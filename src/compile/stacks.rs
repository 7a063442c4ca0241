//! Lowering of the stack-moving parts of moves: slides' origins and piece
//! counts, named move blocks, the virtual plans of `after:` filters, twins
//! and chains, and the distance tables of regions.

use super::args::{Diags, check, choice, named, string};
use super::ir::{
    AfterPlan, Amount, Cond, Effect, Gen, GenId, GenKind, Num, Origin, Phase, Pieces, PlannedPush,
    SiteRef,
};
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
        check(c, "game", d);
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

    /// `origin:`, `pieces:` and (slides) `through:` of a move clause.
    pub fn move_extras(
        &mut self,
        c: &Clause,
        kind: GenKind,
        d: &mut Diags,
    ) -> (Origin, Pieces, Cond) {
        let origin = match named(c, "origin").map(|e| choice(e, &["Mine", "Empty", "Marked"], d)) {
            Some(Some("Empty")) => Origin::Empty,
            Some(Some("Marked")) => Origin::Marked,
            _ => Origin::Mine,
        };
        let pieces = match named(c, "pieces").map(|e| choice(e, &["Whole", "Part", "Any"], d)) {
            Some(Some("Part")) => Pieces::Part,
            Some(Some("Any")) => Pieces::Any,
            _ => Pieces::Whole,
        };
        let through = match (kind, named(c, "through")) {
            (GenKind::Slide, Some(e)) => self.cond(e, d),
            _ => Cond::Empty(SiteRef::Subject),
        };
        (origin, pieces, through)
    }
}

/// The named arguments a move clause of `kind` accepts.
pub fn move_args(kind: GenKind) -> &'static [&'static str] {
    match kind {
        GenKind::Step => &[
            "from", "dirs", "to", "capture", "then", "after", "check", "count", "keep", "max",
            "cost", "budget", "origin", "pieces", "finally", "promote", "zone",
        ],
        GenKind::Hop => &[
            "from", "dirs", "over", "to", "capture", "then", "chain", "repeat", "after", "origin",
            "pieces", "flying", "finally",
        ],
        GenKind::Leap => &[
            "from", "by", "to", "capture", "then", "after", "check", "origin", "pieces", "promote",
            "zone",
        ],
        GenKind::Relocate => &[
            "from", "to", "capture", "then", "after", "check", "origin", "pieces",
        ],
        GenKind::Slide => &[
            "from", "dirs", "through", "to", "capture", "then", "chain", "after", "check", "count",
            "keep", "max", "cost", "budget", "origin", "pieces", "finally", "promote", "zone",
        ],
        GenKind::Place(_) | GenKind::Select => &["to", "sites", "check", "after", "then"],
        GenKind::Sow { .. } => &["from", "track", "skip-origin", "check", "after", "then"],
        GenKind::Rotate => &["regions", "ways", "check", "after", "then"],
        GenKind::Pass | GenKind::EndPhase | GenKind::Flip(_) => &["to", "check", "after", "then"],
    }
}

/// The plan of a generator whose step only moves pieces and then adds
/// pieces on the destination: `None` when its effects do anything else to
/// the board (remove stacks, add pieces elsewhere, add pieces under a
/// condition) or when it captures by hopping.
pub fn after_plan(kind: GenKind, capture: bool, then: &[Effect]) -> Option<AfterPlan> {
    if capture || !matches!(kind, GenKind::Step | GenKind::Hop | GenKind::Slide) {
        return None;
    }
    let mut plan = AfterPlan::default();
    for e in then {
        match e {
            Effect::Push {
                at: SiteRef::To | SiteRef::Subject,
                count: Num::Int(count),
                kind,
                owner,
            } => plan.pushes.push(PlannedPush {
                amount: Amount::Fixed((*count).clamp(0, u16::MAX as i64) as u16),
                kind: *kind,
                owner: *owner,
            }),
            Effect::Grow {
                at: SiteRef::To | SiteRef::Subject,
                region,
                kind,
                owner,
            } => plan.pushes.push(PlannedPush {
                amount: Amount::Gain(*region),
                kind: *kind,
                owner: *owner,
            }),
            other if leaves_board(other) => {}
            _ => return None,
        }
    }
    Some(plan)
}

/// True for effects that change nothing on the board.
fn leaves_board(e: &Effect) -> bool {
    match e {
        Effect::MarkAll(..) | Effect::Mark(_) | Effect::Again(_) | Effect::EndTurn => true,
        Effect::If(_, a, b) => a.iter().chain(b).all(leaves_board),
        _ => false,
    }
}

/// Sets each generator's `twin`: the first earlier generator equal to it
/// but for `after:`.
pub fn find_twins(gens: &mut [Gen]) {
    let bare: Vec<Gen> = gens
        .iter()
        .map(|g| Gen {
            after: None,
            plan: None,
            twin: None,
            ..g.clone()
        })
        .collect();
    for (i, g) in gens.iter_mut().enumerate() {
        g.twin = (0..i).find(|&j| bare[j] == bare[i]).map(|j| j as GenId);
    }
}

/// Fills in `chain_with` for the chained generators: the chained
/// generators of the priority level (of a phase's play or of a move block)
/// that holds it, itself included, for `chain:Level`; itself otherwise.
pub fn link_chains(gens: &mut [Gen], phases: &[Phase], blocks: &[Vec<Vec<GenId>>]) {
    let levels = phases
        .iter()
        .flat_map(|p| p.play.iter())
        .chain(blocks.iter().flatten());
    for level in levels {
        let chained: Vec<GenId> = level
            .iter()
            .copied()
            .filter(|&g| gens[g as usize].chain)
            .collect();
        for &g in level {
            let gen_ = &mut gens[g as usize];
            if !gen_.chain_with.is_empty() {
                gen_.chain_with.clone_from(&chained);
            } else if gen_.chain {
                gen_.chain_with = vec![g];
            }
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
    use crate::compile::ir::Owner;

    #[test]
    fn plans_only_for_pushes_on_the_destination() {
        let grow = Effect::Grow {
            at: SiteRef::To,
            region: 0,
            kind: None,
            owner: Owner::Mover,
        };
        let again = Effect::If(Cond::True, vec![Effect::Again(0)], vec![]);
        let plan = after_plan(GenKind::Slide, false, &[grow.clone(), again]).unwrap();
        assert_eq!(plan.pushes.len(), 1);
        assert_eq!(plan.pushes[0].amount, Amount::Gain(0));
        assert!(after_plan(GenKind::Hop, true, &[]).is_none());
        assert!(after_plan(GenKind::Hop, false, &[]).is_some());
        // A step or slide that captures by replacement removes a stack.
        assert!(after_plan(GenKind::Step, true, &[]).is_none());
        assert!(after_plan(GenKind::Slide, true, &[]).is_none());
        assert!(after_plan(GenKind::Step, false, &[Effect::Remove(SiteRef::Over)]).is_none());
        let cond_push = Effect::If(Cond::True, vec![grow], vec![]);
        assert!(after_plan(GenKind::Step, false, &[cond_push]).is_none());
    }

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
