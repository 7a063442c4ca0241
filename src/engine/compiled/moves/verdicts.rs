//! Verdicts of placements filtered on sets, kept from one listing of a
//! player's moves to the next.
//!
//! A placement's verdict on sets ([`crate::engine::bitfilter`]) reads who owns a
//! few sites: the placed site, the groups it merges and their
//! surroundings, the stones its effects would take… Its *footprint*
//! ([`crate::engine::bitfilter::BitFilter::verdict_traced`]) is those sites.
//! Between two listings of the same player's moves (in a search, the
//! positions after two sibling moves; in a playout, two turns apart) few
//! sites change owner, and a verdict whose footprint holds none of them
//! is the same: it is reused instead of worked out again. Only for
//! filters that name no site of the step but the destination (a verdict
//! then depends on the owners, the player, the destination and the
//! generator alone).
//!
//! The memory: per player, the owners of the position of its last
//! listing and per site the verdict found there with its footprint. A
//! listing compares the owners of its position with those, reuses the
//! verdicts whose footprints did not change, works out the others, and
//! leaves the memory holding for its own position (only the sites it
//! judged). Nothing is allocated after the state is made.

use crate::board::Site;
use crate::compile::ir::{GenId, Player};
use crate::engine::Tables;
use crate::engine::bitfilter::FilterVerdict;
use crate::engine::bitpos::MAX_PLAYERS;
use crate::engine::bits::Bits;
use crate::engine::boardbits::MAX_SITES;
use crate::engine::tables::Filter;
use crate::engine::word::{Word, sites};

/// What one player's last listing found.
#[derive(Debug, Clone)]
struct Slot {
    /// The owners of the sites in the position of that listing.
    own: [Bits<2>; MAX_PLAYERS],
    /// The sites whose verdicts hold for that position.
    valid: Bits<2>,
    /// Where the verdict is legal, and quiet.
    legal: Bits<2>,
    quiet: Bits<2>,
    /// Per site: the footprint of its verdict, and its generator.
    foot: Vec<Bits<2>>,
    gen_id: Vec<GenId>,
}

/// The verdicts kept (see the module's documentation); empty for a game
/// without reusable filters on sets.
#[derive(Debug, Clone, Default)]
pub(crate) struct Verdicts {
    /// Per player.
    slots: Vec<Slot>,
}

/// One listing's use of the kept verdicts.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Listing {
    player: usize,
    /// The owners of the listing's position.
    own: [Bits<2>; MAX_PLAYERS],
    /// The sites whose kept verdicts hold in it (their footprints kept
    /// their owners).
    holds: Bits<2>,
    /// The sites judged (or whose verdict was reused) so far.
    judged: Bits<2>,
}

impl Verdicts {
    /// Makes `self` a copy of `src` in the room `self` has (no
    /// allocation once it has as many slots, each as long).
    pub fn copy_from(&mut self, src: &Verdicts) {
        self.slots.truncate(src.slots.len());
        for (mine, theirs) in self.slots.iter_mut().zip(&src.slots) {
            mine.own = theirs.own;
            mine.valid = theirs.valid;
            mine.legal = theirs.legal;
            mine.quiet = theirs.quiet;
            mine.foot.clone_from(&theirs.foot);
            mine.gen_id.clone_from(&theirs.gen_id);
        }
        let have = self.slots.len();
        self.slots.extend_from_slice(&src.slots[have..]);
    }

    /// The memory for a game of `players` players and `sites` sites with
    /// these tables: none unless some generator's filters on sets are
    /// reusable.
    pub fn for_tables(t: &Tables, players: usize, sites: usize) -> Verdicts {
        let on = t.eval.bits.is_some()
            && sites <= MAX_SITES
            && players <= MAX_PLAYERS
            && t.gens.iter().any(|g| match &g.filter {
                Filter::Bits(f) => f.reusable(),
                _ => false,
            });
        Verdicts::new(if on { players } else { 0 }, sites)
    }

    /// The memory of `players` players (none for 0) on `sites` sites.
    fn new(players: usize, sites: usize) -> Verdicts {
        let slot = Slot {
            own: [Bits::ZERO; MAX_PLAYERS],
            valid: Bits::ZERO,
            legal: Bits::ZERO,
            quiet: Bits::ZERO,
            foot: vec![Bits::ZERO; sites],
            gen_id: vec![0; sites],
        };
        Verdicts {
            slots: vec![slot; players],
        }
    }

    /// True when verdicts are kept (the game has reusable filters).
    #[inline]
    pub fn on(&self) -> bool {
        !self.slots.is_empty()
    }

    /// A listing of `player`'s moves in the position whose sites of
    /// player `p` are `own[p]`; `None` when nothing is kept for it.
    pub fn begin(&self, player: Player, own: [Bits<2>; MAX_PLAYERS]) -> Option<Listing> {
        let slot = self.slots.get(player as usize)?;
        let changed = own
            .iter()
            .zip(&slot.own)
            .fold(Bits::ZERO, |m, (&a, &b)| m | (a ^ b));
        let mut holds = Bits::ZERO;
        for s in sites(slot.valid) {
            if slot
                .foot
                .get(s as usize)
                .is_some_and(|&f| f & changed == Bits::ZERO)
            {
                holds |= Bits::bit(s);
            }
        }
        Some(Listing {
            player: player as usize,
            own,
            holds,
            judged: Bits::ZERO,
        })
    }

    /// The kept verdict on generator `g`'s placement at `to`, if it holds
    /// in the listing's position.
    #[inline]
    pub fn get(&self, l: &mut Listing, to: Site, g: GenId) -> Option<FilterVerdict> {
        let bit = Bits::<2>::bit(to);
        if l.holds & bit == Bits::ZERO {
            return None;
        }
        let slot = self.slots.get(l.player)?;
        if slot.gen_id.get(to as usize) != Some(&g) {
            return None;
        }
        l.judged |= bit;
        Some(FilterVerdict {
            legal: slot.legal & bit != Bits::ZERO,
            quiet: slot.quiet & bit != Bits::ZERO,
        })
    }

    /// Keeps the verdict `v` on generator `g`'s placement at `to` in the
    /// listing's position, with its footprint `foot`.
    #[inline]
    pub fn put(&mut self, l: &mut Listing, to: Site, g: GenId, v: FilterVerdict, foot: Bits<2>) {
        let Some(slot) = self.slots.get_mut(l.player) else {
            return;
        };
        let (Some(f), Some(k)) = (
            slot.foot.get_mut(to as usize),
            slot.gen_id.get_mut(to as usize),
        ) else {
            return;
        };
        (*f, *k) = (foot, g);
        let bit = Bits::bit(to);
        // The kept position's verdict at `to` is replaced: the new one
        // holds for the listing's position.
        l.holds &= !bit;
        l.judged |= bit;
        let none = Bits::ZERO;
        slot.legal = slot.legal & !bit | if v.legal { bit } else { none };
        slot.quiet = slot.quiet & !bit | if v.quiet { bit } else { none };
    }

    /// Ends listing `l`: the memory holds for its position, at the sites
    /// it judged.
    pub fn finish(&mut self, l: Listing) {
        if let Some(slot) = self.slots.get_mut(l.player) {
            slot.own = l.own;
            slot.valid = l.judged;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn legal(legal: bool) -> FilterVerdict {
        FilterVerdict { legal, quiet: true }
    }

    #[test]
    fn a_verdict_is_reused_while_its_footprint_keeps_its_owners() {
        let mut v = Verdicts::new(2, 10);
        // Player 0's listing with stones of player 0 at 1, of player 1 at
        // 5: a verdict at 2 reading sites 1-3, one at 8 reading 7-9.
        let b = |x: u64| Bits::<2>([x, 0]);
        let first = [b(0b10), b(0b10_0000), b(0), b(0)];
        let mut l = v.begin(0, first).unwrap();
        assert!(v.get(&mut l, 2, 0).is_none(), "nothing kept yet");
        v.put(&mut l, 2, 0, legal(true), b(0b1110));
        v.put(&mut l, 8, 0, legal(false), b(0b11_1000_0000));
        v.finish(l);
        // A stone of player 1 at 9: the verdict at 2 holds, not the one
        // at 8; another generator's verdict at 2 is not kept.
        let second = [b(0b10), b(0b10_0010_0000), b(0), b(0)];
        let mut l = v.begin(0, second).unwrap();
        assert_eq!(v.get(&mut l, 2, 0), Some(legal(true)));
        assert_eq!(v.get(&mut l, 2, 1), None);
        assert_eq!(v.get(&mut l, 8, 0), None);
        v.finish(l);
        // Only what that listing judged is kept (8 was not): back at the
        // first position, 2 still holds (its footprint never changed), 8
        // is gone; player 1 keeps nothing.
        let mut l = v.begin(0, first).unwrap();
        assert_eq!(v.get(&mut l, 2, 0), Some(legal(true)));
        assert_eq!(v.get(&mut l, 8, 0), None);
        let mut other = v.begin(1, first).unwrap();
        assert_eq!(v.get(&mut other, 2, 0), None);
        // A player past those kept, and a game without reusable filters,
        // keep nothing.
        assert!(v.begin(2, first).is_none());
        assert!(Verdicts::new(0, 10).begin(0, first).is_none());
    }
}
