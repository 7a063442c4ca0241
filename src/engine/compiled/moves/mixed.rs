//! A priority level whose generators are compiled where they can be and
//! interpreted where they cannot: chess's level, say, where the pieces'
//! moves read only their own sites but en passant reads the last move
//! and castling asks `attacked`. A level with a [`FastLevel`] plan needs
//! every generator compiled; without this, one generator the compiled
//! tier does not take left the whole level to the reference.
//!
//! The moves and their order are the reference's (`movegen.rs`):
//! origin-free moves first, generator by generator; then origin by
//! origin, generator by generator. A compiled generator's origins,
//! destinations and jumped sites are sets ([`GenSets`]); an interpreted
//! one's origins are the set of stacks its origin and `from:`'s kind
//! allow (as the reference tests them), and its moves from an origin are
//! the reference's own ([`State::gen_from`]).
//!
//! [`FastLevel`]: crate::engine::fastgen::FastLevel

use crate::board::Site;
use crate::compile::ir::{GenId, Origin};
use crate::engine::bits::{Bits, MAX_WORDS};
use crate::engine::fastgen::FastGen;
use crate::engine::tables::GenTables;
use crate::engine::word::Word;
use crate::engine::{Move, State};
use std::ops::ControlFlow;

/// Most generators in a mixed level.
pub(crate) const MAX_MIXED: usize = 32;

/// A level of compiled and interpreted generators (see the module's
/// documentation).
#[derive(Debug, Clone)]
pub(crate) struct MixedLevel {
    /// The generators in the level's order, each with its compiled form
    /// when it has one.
    gens: Vec<(GenId, Option<FastGen>)>,
}

impl MixedLevel {
    /// The mixed plan of level `level` (generators' tables `tables`, a
    /// board of `stride` words): `None` when no generator of it is
    /// compiled, when one moves from marked sites (marks are no set the
    /// state keeps), or when the level or the board is too large.
    pub fn of(level: &[GenId], tables: &[GenTables], stride: usize) -> Option<MixedLevel> {
        if level.is_empty() || level.len() > MAX_MIXED || stride > MAX_WORDS {
            return None;
        }
        let gens: Vec<(GenId, Option<FastGen>)> = level
            .iter()
            .map(|&g| Some((g, tables.get(g as usize)?.fast.clone())))
            .collect::<Option<_>>()?;
        let marked = |g: GenId| tables[g as usize].origin & Origin::Marked.bit() != 0;
        let useful = gens.iter().any(|(_, f)| f.is_some());
        let sets = gens.iter().all(|(g, f)| f.is_some() || !marked(*g));
        (useful && sets).then_some(MixedLevel { gens })
    }
}

impl State {
    /// The moves of mixed level `level` (from `only` if given), as the
    /// reference lists them: `None` when the state keeps no site sets or
    /// the board is too large for them (nothing was generated).
    #[inline]
    pub(crate) fn mixed_level(
        &self,
        level: &MixedLevel,
        only: Option<Site>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> Option<ControlFlow<()>> {
        if !self.occ.kept() {
            return None;
        }
        Some(match self.tables.stride {
            1 => self.mixed_level_w::<1>(level, only, sink),
            2 => self.mixed_level_w::<2>(level, only, sink),
            4 => self.mixed_level_w::<4>(level, only, sink),
            MAX_WORDS => self.mixed_level_w::<MAX_WORDS>(level, only, sink),
            _ => return None,
        })
    }

    /// [`State::mixed_level`] on a board of at most `64 × W` sites.
    #[inline(never)]
    fn mixed_level_w<const W: usize>(
        &self,
        level: &MixedLevel,
        only: Option<Site>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let all: Bits<W> = self.tables.all_bits();
        let gens = &level.gens[..level.gens.len().min(MAX_MIXED)];
        if only.is_none() {
            for (g, f) in gens {
                match f {
                    Some(f) if f.is_place() => self.fast_places(*g, f, all, sink)?,
                    Some(_) => {}
                    None => self.origin_free_moves(*g, sink)?,
                }
            }
        }
        let keep = only.map_or(all, Bits::bit);
        let mut from = [Bits::<W>::ZERO; MAX_MIXED];
        let mut origins = Bits::<W>::ZERO;
        for (i, (g, f)) in gens.iter().enumerate() {
            from[i] = keep
                & match f {
                    Some(f) if f.is_place() => continue,
                    Some(f) => self.fast_origins(f, all),
                    None if self.hoist_fails(*g) => continue,
                    None => self.interpreted_origins(*g, all),
                };
            origins |= from[i];
        }
        if origins.is_empty() {
            return ControlFlow::Continue(());
        }
        let mut to = [Bits::<W>::ZERO; MAX_MIXED];
        let mut via = [Bits::<W>::ZERO; MAX_MIXED];
        for (i, (_, f)) in gens.iter().enumerate() {
            if let Some(f) = f
                && !from[i].is_empty()
            {
                (to[i], via[i]) = self.fast_targets(f, all);
            }
        }
        let ids: [GenId; MAX_MIXED] = std::array::from_fn(|i| gens.get(i).map_or(0, |g| g.0));
        let occ = self.slide_sets(&ids[..gens.len()], only);
        for s in origins.iter() {
            for (i, (g, f)) in gens.iter().enumerate() {
                if !from[i].has(s) {
                    continue;
                }
                match f {
                    Some(f) => self.fast_moves_from(*g, f, s, &to[i], &via[i], sink)?,
                    None => self.gen_from(*g, s, occ, sink)?,
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The sites interpreted generator `g` may move from, as the
    /// reference's level tests them before asking `from:`: the mover's
    /// stacks (those topped by the kind `from:` requires, if it requires
    /// one) when it moves the mover's stacks, and the empty sites when it
    /// moves from empty sites and requires no kind. Where `from:` is
    /// compiled (`GenTables::from`) and asks more than that kind, only
    /// the sites where it holds: an origin it refuses is not walked
    /// (castling once the king has moved).
    fn interpreted_origins<const W: usize>(&self, g: GenId, all: Bits<W>) -> Bits<W> {
        let t = &self.tables.gens[g as usize];
        let player = self.scalars.mover;
        let mut set = Bits::ZERO;
        if t.origin & Origin::Mine.bit() != 0 {
            set |= match t.from_kind {
                Some(k) => self.occ.topped(self.game.piece(k, player)),
                None => self.occ.owned(player),
            };
        }
        if t.origin & Origin::Empty.bit() != 0 && t.from_kind.is_none() {
            set |= self.occ.of_height(0);
        }
        match &t.from {
            Some(p)
                if self.pending_sets.is_none() && !set.is_empty() && p.asks_more_than_kind() =>
            {
                set & p.eval(self, player, all)
            }
            _ => set,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// A level of a compiled step, an interpreted step (its `to:` reads
    /// the last move's destination, which no site set holds), a compiled
    /// leap of one kind and a placement: the mixed plan lists what the
    /// reference lists, in its order, along seeded games.
    #[test]
    fn a_mixed_level_lists_the_reference_s_moves_in_its_order() {
        let text = r#"(game "t" (players 2) (board (square 6 6 adjacency:All))
            (piece "M") (piece "N")
            (setup (fill "M" P1 (rows 0 0)) (fill "N" P1 (sites "c2"))
                   (fill "M" P2 (rows 5 5)) (fill "N" P2 (sites "d5")))
            (play {(step from:(kind "M") dirs:Forward to:Empty)
                   (step from:(kind "M") to:(and Enemy (same To Last)) capture:true)
                   (leap from:(kind "N") by:{{1 2} {2 1}} to:(not Mine) capture:true)
                   (place "M" to:(and Empty (in-check "N")))}))"#;
        let game =
            Arc::new(crate::compile::Game::from_source("t", text, &Default::default()).unwrap());
        let fast = State::new(game.clone());
        let level = &game.phases[0].play[0];
        assert!(fast.tables.play_levels(0)[0].is_none(), "not all compiled");
        let mixed = fast.tables.play_mixed(0)[0].as_ref().expect("a mixed plan");
        assert_eq!(
            mixed
                .gens
                .iter()
                .map(|(_, f)| f.is_some())
                .collect::<Vec<_>>(),
            [true, false, true, false],
            "{level:?}"
        );
        crate::engine::tests::lists_the_reference_s_moves(game, 2000);
    }
}
