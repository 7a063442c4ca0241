//! Steps whose `then:` effects are known to change nothing.
//!
//! Listing the legal moves of a position whose placements are filtered on
//! sets ([`crate::engine::bitfilter`]) simulates each candidate's effects: most
//! remove and convert nothing. The state remembers which, for the position
//! (who owns each site, the mover, the last step's destination: all the
//! compiled effects read) in a slot per turn number, so that playing one of
//! them skips its effects. A step not remembered has its compiled effects
//! simulated on the position after the move itself, and only a step whose
//! effects do change something runs them through the interpreter.

use crate::board::Site;
use crate::compile::ir::{GenId, Player};
use crate::engine::bitcond::BitSets;
use crate::engine::bitfilter::BitFilter;
use crate::engine::bitpos::{BitPos, MAX_PLAYERS};
use crate::engine::bits::{Bits, PREFIX_WORDS};
use crate::engine::boardbits::MAX_SITES;
use crate::engine::cond::Ctx;
use crate::engine::tables::Filter;
use crate::engine::word::Word;
use crate::engine::{Move, State};

/// Positions remembered (one per turn number modulo this): a line of
/// play this long keeps the memories of every position on it.
const SLOTS: usize = 16;

/// Who owns each site in a remembered position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Owners {
    /// The first words of the site sets, when they hold the owner sets
    /// ([`crate::engine::bits::Occupancy::owners_prefix`]): compared in place.
    Prefix([u64; PREFIX_WORDS]),
    /// Each player's sites ([`State::owner_sets`]) otherwise.
    Sets([Bits<2>; MAX_PLAYERS]),
}

impl Default for Owners {
    fn default() -> Owners {
        Owners::Sets([Bits::ZERO; MAX_PLAYERS])
    }
}

/// What identifies a position and generator for the compiled effects.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Key {
    own: Owners,
    mover: Player,
    last: Site,
    gen_id: GenId,
}

/// The memories of quiet steps (see the module's documentation); empty
/// for a game without compiled effects.
#[derive(Debug, Clone, Default)]
pub(crate) struct QuietSteps {
    /// Per slot: the position and generator, and the destinations of its
    /// quiet steps.
    slots: Vec<(Key, Bits<2>)>,
}

impl QuietSteps {
    /// The memories for a game with these tables: none unless some
    /// generator's effects are simulated on sets.
    pub fn for_tables(t: &crate::engine::Tables) -> QuietSteps {
        let on = t.eval.bits.is_some()
            && t.gens.iter().any(|g| match &g.filter {
                Filter::Bits(f) => f.simulates(),
                _ => false,
            });
        QuietSteps::new(on)
    }

    /// Makes `self` a copy of `src` in the room `self` has (no
    /// allocation once it has as many slots).
    pub fn copy_from(&mut self, src: &QuietSteps) {
        self.slots.clone_from(&src.slots);
    }

    /// The memories of a game with compiled effects (`on`), or none.
    fn new(on: bool) -> QuietSteps {
        QuietSteps {
            slots: if on {
                vec![(Key::default(), Bits::ZERO); SLOTS]
            } else {
                Vec::new()
            },
        }
    }

    /// True when the game remembers quiet steps.
    #[inline]
    pub fn on(&self) -> bool {
        !self.slots.is_empty()
    }
}

impl State {
    /// The compiled filters of generator `g` whose effects compiled.
    #[inline]
    fn effects_on_sets(&self, g: GenId) -> Option<&BitFilter> {
        match &self.tables.gens.get(g as usize)?.filter {
            Filter::Bits(f) => Some(f),
            _ => None,
        }
    }

    /// The key of the current position for generator `g`.
    fn quiet_key(&self, g: GenId) -> Key {
        Key {
            own: match self.occ.owners_prefix(self.game.num_players()) {
                Some(p) => Owners::Prefix(p),
                None => Owners::Sets(self.owner_sets()),
            },
            mover: self.scalars.mover,
            last: self.scalars.last,
            gen_id: g,
        }
    }

    /// Remembers that generator `g`'s placements on `sites` are quiet in
    /// the current position (with those already remembered for it).
    pub(crate) fn note_quiet(&mut self, g: GenId, sites: Bits<2>) {
        if !self.quiet.on() || sites == Bits::ZERO {
            return;
        }
        let key = self.quiet_key(g);
        let slot = self.scalars.turns as usize % SLOTS;
        if let Some(s) = self.quiet.slots.get_mut(slot) {
            *s = match *s {
                (k, known) if k == key => (key, known | sites),
                _ => (key, sites),
            };
        }
    }

    /// True if step `m` is remembered quiet in the current position (the
    /// one before it).
    #[inline]
    pub(crate) fn known_quiet(&self, m: &Move) -> bool {
        if !self.quiet.on() || m.to as usize >= MAX_SITES {
            return false;
        }
        let slot = self.scalars.turns as usize % SLOTS;
        // The owners last: the other fields cost no work to compare.
        self.quiet.slots.get(slot).is_some_and(|(k, sites)| {
            *sites & Bits::bit(m.to) != Bits::ZERO
                && (k.gen_id, k.mover, k.last) == (m.gen_id, self.scalars.mover, self.scalars.last)
                && match &k.own {
                    Owners::Prefix(p) => self.occ.prefix_is(p),
                    Owners::Sets(own) => *own == self.owner_sets(),
                }
        })
    }

    /// True if step `m`'s effects compiled and change nothing on the
    /// current position, the one after the move itself (`ctx`: the step's).
    pub(crate) fn quiet_now(&self, m: &Move, ctx: &Ctx) -> bool {
        let (Some(f), Some(t)) = (self.effects_on_sets(m.gen_id), &self.tables.eval.bits) else {
            return false;
        };
        match t {
            BitSets::Narrow(t) => f.quiet(t, &mut BitPos::of_state(self), ctx),
            BitSets::Wide(t) => f.quiet(t, &mut BitPos::of_state(self), ctx),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::{Game, Options};
    use std::sync::Arc;

    fn state(then: &str) -> State {
        let text = format!(
            "(game \"t\" (players 2) (board (square 3 3)) (piece \"P\") (stack-limit 1)
              (counter \"X\")
              (play {{ (place \"P\" to:Empty then:{then} after:(any (where Mine))) (pass) }}))"
        );
        State::new(Arc::new(
            Game::from_source("t", &text, &Options::default()).unwrap(),
        ))
    }

    #[test]
    fn a_listing_remembers_its_quiet_placements_for_its_position_alone() {
        let mut st = state("(convert-all (neighbours To Enemy))");
        assert!(st.quiet.on());
        let mut buf = Vec::new();
        st.legal_moves_into(&mut buf);
        let place = buf[0];
        assert!(st.known_quiet(&place));
        st.play_unchecked(&place);
        // Light's placements next to Dark's stone convert it: not quiet.
        st.legal_moves_into(&mut buf);
        let next: Vec<bool> = buf[..8].iter().map(|m| st.known_quiet(m)).collect();
        let touching = buf[..8]
            .iter()
            .filter(|m| st.game.board.neighbours(m.to).any(|n| n == place.to))
            .count();
        assert_eq!(next.iter().filter(|&&q| !q).count(), touching);
        st.take_back();
        assert!(st.known_quiet(&place), "the first position's memory stays");
    }

    #[test]
    fn effects_that_do_not_compile_leave_nothing_remembered() {
        let st = state("(add-counter \"X\" 1)");
        assert!(!st.quiet.on());
    }
}
