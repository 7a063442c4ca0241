//! The moves of a counted level ([`crate::engine::levelcount`]) from one origin,
//! in the order the listing has them (origin by origin; from one origin,
//! generator by generator in the level's order, then direction by
//! direction in the direction set's order, then outward, then by count
//! of pieces), read from the position's site sets along the origin's
//! rays: the `j`-th move of the level, and the moves the screen may let
//! through, without listing the others.

use crate::board::{NO_SITE, Site};
use crate::compile::ir::GenKind;
use crate::engine::lattice::Lattice;
use crate::engine::levelcount::{LevelCount, low_bits};
use crate::engine::slidelevel::SlideLevel;
use crate::engine::{Move, State};
use std::ops::ControlFlow;

impl State {
    /// Calls `sink` with each move of `level` from `from` on the position
    /// `count` counted (and the index of its generator in the level), in
    /// the listing's order; stops when it breaks.
    pub(crate) fn origin_moves(
        &self,
        level: &SlideLevel,
        lat: &Lattice,
        count: &LevelCount,
        from: Site,
        sink: &mut impl FnMut(usize, Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let (Some(rays), bit) = (self.tables.eval.rays.as_ref(), lat.bit(from)) else {
            return ControlFlow::Continue(());
        };
        let mover = self.scalars.mover;
        let here = rays.rays_at(from);
        for (i, (g, origins)) in level.gens.iter().zip(count.from).enumerate() {
            let generator = &self.game.gens[g.id as usize];
            let (GenKind::Slide(slide), Some(Some(table))) =
                (&generator.kind, self.tables.eval.slides.get(g.id as usize))
            else {
                continue;
            };
            if !origins.has(bit) {
                continue;
            }
            let (lo, hi) = match g.whole {
                true => (0, 0),
                false => self.counts(generator, &self.dest_ctx(from, from)),
            };
            let row = table.along_row(mover, from);
            for &d in &self.game.dirsets[slide.dirs as usize][mover as usize] {
                let fixed = row.map_or(u64::MAX, |r| r.get(d as usize).copied().unwrap_or(0));
                let Some(r) = here.get(d as usize) else {
                    continue;
                };
                let (k, _) = rays.open_of(r, count.occ, d);
                let mut open = fixed & low_bits(k);
                let sites = rays.sites_of(r);
                while open != 0 {
                    let Some(&to) = sites.get(open.trailing_zeros() as usize) else {
                        break;
                    };
                    open &= open - 1;
                    for count in lo..=hi {
                        sink(
                            i,
                            Move {
                                gen_id: g.id,
                                from,
                                to,
                                over: NO_SITE,
                                count,
                            },
                        )?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The `j`-th move of `level` (from 0, in the order the listing has
    /// them) on the position `count` counted.
    pub(crate) fn nth_of_level(
        &self,
        level: &SlideLevel,
        lat: &Lattice,
        count: &LevelCount,
        j: u32,
    ) -> Option<Move> {
        let mut before = 0;
        for b in count.origins.iter() {
            let here = count.per[b as usize];
            if j < before + here {
                let (want, mut i, mut found) = (j - before, 0, None);
                let _ = self.origin_moves(level, lat, count, lat.site(b), &mut |_, m| {
                    if i == want {
                        found = Some(m);
                        return ControlFlow::Break(());
                    }
                    i += 1;
                    ControlFlow::Continue(())
                });
                return found;
            }
            before += here;
        }
        None
    }
}
