//! Filters told without playing the move: a candidate's `after:` and
//! `check:` answered on the position as site sets (compiled conditions,
//! verdicts kept from the mover's last listing) or on an overlay of the
//! position, and the quiet placements such a verdict finds. `None` from
//! any of them leaves the candidate to the reference's probe.

use crate::compile::ir::{Cond, GenId, Kind, SiteRef};
use crate::engine::bitcond::BitSets;
use crate::engine::bitfilter::{BitFilter, FilterVerdict};
use crate::engine::bitpos::BitPos;
use crate::engine::bits::Bits;
use crate::engine::overlay::{Overlay, RayCache, flanks_after};
use crate::engine::tables::{Filter, Overlaid};
use crate::engine::untouched::UntouchedSites;
use crate::engine::verdicts::{Listing, Verdicts};
use crate::engine::word::Word;
use crate::engine::{Move, State};

impl State {
    /// Whether candidate `m` passes its generator's filters, when that can
    /// be told without playing it: `Some(true)` for a generator without
    /// filters, the overlay's answer for an `after:` filter with a plan
    /// (and no `check:`), the answer on sets for filters that compile,
    /// `None` when only playing it can tell. `cache` holds rays of the
    /// current position (forget them when it changes). A placement found
    /// legal and quiet on sets is remembered ([`crate::engine::quietsteps`]).
    pub(crate) fn admits_unplayed(&mut self, m: &Move, cache: &mut RayCache) -> Option<bool> {
        let mut quiet = QuietFound::default();
        let v = match &self.tables.gens[m.gen_id as usize].filter {
            Filter::None => Some(true),
            Filter::Probe => None,
            // One step drawn at random is played at once: playing it and
            // asking the filter costs what finding the pins would.
            Filter::Royal(_) => None,
            // Told to hold, unplayed, when the step leaves a site of the
            // check's condition alone; else played and asked.
            Filter::Untouched(u) => self
                .untouched_holds(m, u, &mut UntouchedSites::default())
                .then_some(true),
            Filter::Overlay(o) => self.overlay_verdict(m, o, cache),
            Filter::Bits(f) => self.bits_verdict(m, f, &mut None, &mut quiet),
        };
        if let Some(g) = quiet.gen_id {
            self.note_quiet(g, quiet.sites);
        }
        v
    }

    /// True when candidate `m`, of a generator whose filter is
    /// [`Filter::Royal`] for kind `k`, is told safe by the position's pins
    /// (found once a position, kept in `cache`); false when only playing
    /// it can tell.
    #[inline]
    pub(crate) fn royal_verdict(&self, m: &Move, k: Kind, cache: &mut RayCache) -> bool {
        let pins = cache.pins(k, || {
            self.tables
                .attack_sets
                .as_ref()?
                .pins(self, k, self.scalars.mover)
        });
        pins.is_some_and(|p| p.safe(self, m))
    }

    /// The verdict of filters told on sets on candidate `m`, with `sets`
    /// the position as sets (made here if `None`); a quiet legal
    /// placement is noted in `quiet`. `None`: only playing it can tell.
    pub(crate) fn bits_verdict(
        &self,
        m: &Move,
        f: &BitFilter,
        sets: &mut Option<AnyPos>,
        quiet: &mut QuietFound,
    ) -> Option<bool> {
        let ctx = self.step_ctx(m);
        let v = match (self.tables.eval.bits.as_ref()?, sets) {
            (BitSets::Narrow(t), sets) => {
                let base = AnyPos::narrow(sets, self)?;
                f.verdict(t, base, &ctx)?
            }
            (BitSets::Wide(t), sets) => {
                let base = AnyPos::wide(sets, self)?;
                f.verdict(t, base, &ctx)?
            }
        };
        quiet.note(m, v);
        Some(v.legal)
    }

    /// [`State::bits_verdict`] for a filter whose verdicts may be reused,
    /// kept for listing `l`.
    pub(crate) fn kept_verdict(
        &self,
        m: &Move,
        f: &BitFilter,
        sets: &mut Option<AnyPos>,
        quiet: &mut QuietFound,
        kept: &mut Verdicts,
        l: &mut Listing,
    ) -> Option<bool> {
        let ctx = self.step_ctx(m);
        let (v, foot) = match (self.tables.eval.bits.as_ref()?, sets) {
            (BitSets::Narrow(t), sets) => {
                let base = AnyPos::narrow(sets, self)?;
                let (v, foot) = f.verdict_traced(t, base, &ctx)?;
                (v, foot.resized())
            }
            (BitSets::Wide(t), sets) => {
                let base = AnyPos::wide(sets, self)?;
                f.verdict_traced(t, base, &ctx)?
            }
        };
        kept.put(l, m.to, m.gen_id, v, foot);
        quiet.note(m, v);
        Some(v.legal)
    }

    /// The overlay's answer for candidate `m` and its generator's `after:`
    /// filter `o` (`None`: only playing it can tell); a flank from the
    /// destination, the commonest filter, is told from `cache`'s summaries
    /// without building an overlay when it can be.
    pub(crate) fn overlay_verdict(
        &self,
        m: &Move,
        o: &Overlaid,
        cache: &mut RayCache,
    ) -> Option<bool> {
        if let Cond::Flanks(f) = &o.after
            && f.at == SiteRef::To
        {
            return Some(flanks_after(self, m, &o.plan, f, cache));
        }
        let ctx = self.step_ctx(m);
        Overlay::new(self, m, &o.plan).eval(&o.after, &ctx, cache)
    }
}

/// The position as sets in a listing, in the game's word (made at the
/// first candidate that asks). It lives on the stack, one a listing: the
/// wide kind unboxed, so that a listing allocates nothing.
#[allow(clippy::large_enum_variant)]
pub(crate) enum AnyPos {
    Narrow(BitPos<Bits<1>>),
    Wide(BitPos<Bits<2>>),
}

impl AnyPos {
    /// The narrow position of `st` in `sets`, made if need be.
    fn narrow<'a>(sets: &'a mut Option<AnyPos>, st: &State) -> Option<&'a mut BitPos<Bits<1>>> {
        match sets.get_or_insert_with(|| AnyPos::Narrow(BitPos::of_state(st))) {
            AnyPos::Narrow(p) => Some(p),
            AnyPos::Wide(_) => None,
        }
    }

    /// The wide position of `st` in `sets`, made if need be.
    fn wide<'a>(sets: &'a mut Option<AnyPos>, st: &State) -> Option<&'a mut BitPos<Bits<2>>> {
        match sets.get_or_insert_with(|| AnyPos::Wide(BitPos::of_state(st))) {
            AnyPos::Wide(p) => Some(p),
            AnyPos::Narrow(_) => None,
        }
    }
}

/// The quiet legal placements of one generator found by a listing
/// ([`crate::engine::quietsteps`]).
#[derive(Default)]
pub(crate) struct QuietFound {
    pub(crate) gen_id: Option<GenId>,
    pub(crate) sites: Bits<2>,
}

impl QuietFound {
    /// Notes `m`, with verdict `v`, if it is a legal quiet placement of
    /// the generator noted so far (or of the first).
    #[inline]
    pub(crate) fn note(&mut self, m: &Move, v: FilterVerdict) {
        if v.legal && v.quiet && self.gen_id.is_none_or(|g| g == m.gen_id) {
            self.gen_id = Some(m.gen_id);
            self.sites |= Bits::bit(m.to);
        }
    }
}
