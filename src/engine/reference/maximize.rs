//! The `maximize:` rule: a turn must make its count (captures or steps)
//! as large as any legal turn can, so a step is legal only if some way of
//! finishing the turn from it reaches the largest count.
//!
//! The largest count of a turn that plays a step next is found by playing
//! the rest of the turn out depth-first and taking it back. Three things
//! keep that search from enumerating every completion:
//!
//! - **Memory.** The largest count reachable from a position in the
//!   middle of a turn depends on that position alone (its stacks, marks,
//!   counters and the turn's own scalars), so it is remembered by a 64-bit
//!   key of all of them in a per-thread table ([`SLOTS`] entries, taken
//!   once per thread): two orders of the same captures that land on the
//!   same site are searched once, and the listing of a turn's steps, which
//!   asks again at every step of every turn it lists, finds its answers
//!   there.
//! - **The ceiling.** A turn never takes more steps than the board has
//!   sites, so `maximize:Steps` stops searching once a completion reaches
//!   that many.
//! - **A limit.** Finding the largest capture is a longest-trail problem,
//!   exponential in the worst case (a flying king among a lattice of men on
//!   a large board). One turn's search explores at most
//!   [`MAX_SEARCH_POSITIONS`] positions not found in memory; past it, each
//!   remaining candidate is followed along its first continuation only, the
//!   counts found are lower bounds, and the steps kept are those reaching
//!   the largest count found. [`take_search_cut`] tells front ends that it
//!   happened, so that they say the list may not be the majority's.
//!   Whether a search is cut depends on what the thread's table holds
//!   already (counts found earlier are not explored again): the same
//!   position listed twice may be cut the first time only. Without a cut
//!   the answer is exact, whatever the table holds.

use crate::compile::ir::Maximize;
use crate::engine::cache::{give_moves, take_moves};
use crate::engine::{Move, State};
use std::cell::RefCell;

/// Entries of the per-thread table of counts (a power of two): 2 MiB.
pub const SLOTS: usize = 1 << 17;

/// Most positions one turn's `maximize:` search explores that the table
/// does not hold (the start of a turn begins a new allowance; a listing of
/// that turn's steps and continuations shares it). About a second of
/// search for international draughts' flying king on a 16×16 board
/// (400,000 positions took 1.8 to 2.3 s to list there, on one core).
pub const MAX_SEARCH_POSITIONS: u32 = 200_000;

/// A remembered count: the largest count reachable from the position of
/// key `key` (0: an empty slot; a key of 0 is never stored).
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    key: u64,
    best: u32,
}

/// The per-thread state of the search.
#[derive(Debug, Default)]
struct Search {
    /// The table of counts, [`SLOTS`] entries once used.
    slots: Vec<Slot>,
    /// Positions explored in this turn's search so far.
    explored: u32,
    /// This turn's search reached [`MAX_SEARCH_POSITIONS`].
    cut: bool,
    /// Some search on this thread was cut since [`take_search_cut`] was
    /// last called.
    cut_seen: bool,
    /// A smaller allowance than [`MAX_SEARCH_POSITIONS`] (tests).
    limit: Option<u32>,
}

/// Sets this thread's allowance (tests of the cut).
#[cfg(test)]
fn set_limit(n: u32) {
    SEARCH.with(|s| s.borrow_mut().limit = Some(n));
}

thread_local! {
    static SEARCH: RefCell<Search> = RefCell::new(Search::default());
}

/// True if a `maximize:` search on this thread stopped at
/// [`MAX_SEARCH_POSITIONS`] since the last call (which clears it): the
/// steps listed then reach the largest count found, which may not be the
/// largest there is.
pub fn take_search_cut() -> bool {
    SEARCH.with(|s| std::mem::take(&mut s.borrow_mut().cut_seen))
}

/// The remembered count of `key`, if slot `at` holds it.
fn recall(at: usize, key: u64) -> Option<u32> {
    SEARCH.with(|s| {
        let s = s.borrow();
        let slot = s.slots.get(at)?;
        (slot.key == key).then_some(slot.best)
    })
}

/// Counts a position explored; false once the turn's allowance is spent
/// (the search is then cut).
fn explore() -> bool {
    SEARCH.with(|s| {
        let mut s = s.borrow_mut();
        if s.explored >= s.limit.unwrap_or(MAX_SEARCH_POSITIONS) {
            s.cut = true;
            s.cut_seen = true;
            return false;
        }
        s.explored += 1;
        true
    })
}

/// Remembers `best` for `key` in slot `at`, unless the search was cut
/// (its counts are then lower bounds only).
fn remember(at: usize, key: u64, best: u32) {
    SEARCH.with(|s| {
        let mut s = s.borrow_mut();
        if s.cut || key == 0 {
            return;
        }
        if s.slots.is_empty() {
            s.slots = vec![Slot::default(); SLOTS];
        }
        s.slots[at] = Slot { key, best };
    })
}

/// Begins a new turn's allowance.
fn new_turn() {
    SEARCH.with(|s| {
        let mut s = s.borrow_mut();
        s.explored = 0;
        s.cut = false;
    })
}

/// Mixes `x` into the hash `h`.
#[inline]
fn mix(h: u64, x: u64) -> u64 {
    (h.rotate_left(23) ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// Mixes bytes into the hash, eight at a time.
fn mix_bytes(mut h: u64, bytes: &[u8]) -> u64 {
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        h = mix(h, u64::from_le_bytes(c.try_into().unwrap_or_default()));
    }
    let mut last = [0u8; 8];
    last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    mix(h, u64::from_le_bytes(last) ^ (bytes.len() as u64) << 56)
}

impl State {
    /// Keeps the steps of `buf` whose best completion of the turn has the
    /// largest `maximize:` count (order kept). The state is left as it was.
    pub(crate) fn keep_maximal(&mut self, buf: &mut Vec<Move>) {
        if !self.mid_turn() {
            new_turn();
        }
        if buf.len() < 2 {
            return;
        }
        let journaling = self.journaling;
        self.journaling = true;
        let ceiling = self.score_ceiling();
        let (mut best, mut kept) = (0, 0);
        for i in 0..buf.len() {
            let m = buf[i];
            let score = self.best_score(&m, ceiling);
            if score > best {
                best = score;
                kept = 0;
            }
            if score == best {
                buf[kept] = m;
                kept += 1;
            }
        }
        buf.truncate(kept);
        self.journaling = journaling;
    }

    /// The largest count a turn can make: the board's sites for
    /// `maximize:Steps` (a turn takes no more steps), none known for
    /// captures.
    fn score_ceiling(&self) -> u32 {
        match self.game.maximize {
            Some(Maximize::Steps) => self.heights.len() as u32,
            _ => u32::MAX,
        }
    }

    /// The largest `maximize:` count of a turn that plays `m` next, or
    /// `ceiling` once a completion reaches it (the state is left as it
    /// was; journaling must be on). A lower bound once the search is cut.
    fn best_score(&mut self, m: &Move, ceiling: u32) -> u32 {
        let mover = self.scalars.mover;
        let before = match self.scalars.turn_steps {
            0 => 0,
            _ => self.scalars.turn_score,
        };
        self.play_unchecked(m);
        let mut best = if self.is_chance_node() {
            // The step ended the turn and the next one's roll waits: the
            // state stands before the step (docs/chance.md), so its count
            // is the turn's so far and what the step adds.
            before + self.step_gain(m)
        } else {
            self.scalars.turn_score
        };
        if best < ceiling
            && self.mid_turn()
            && self.scalars.mover == mover
            && self.scalars.outcome.is_none()
        {
            let (at, key) = self.turn_key();
            match recall(at, key) {
                Some(known) => best = known,
                None => {
                    let full = explore();
                    let mut next = take_moves();
                    self.unmaximized_into(&mut next);
                    for n in &next {
                        best = best.max(self.best_score(n, ceiling));
                        if best >= ceiling || !full {
                            // Cut: the first continuation only.
                            break;
                        }
                    }
                    give_moves(next);
                    remember(at, key, best);
                }
            }
        }
        self.take_back();
        best
    }

    /// What step `m` adds to the turn's `maximize:` count when that cannot
    /// be read after it (a step that ends the turn at a chance node): a
    /// step for `Steps`, its die for `Dice`; captures are not known then
    /// (none of the rules' chance games maximises them).
    fn step_gain(&self, m: &Move) -> u32 {
        let advance = matches!(
            self.game.gens.get(m.gen_id as usize).map(|g| &g.kind),
            Some(crate::compile::ir::GenKind::Advance(_))
        );
        match self.game.maximize {
            Some(Maximize::Steps) => 1,
            Some(Maximize::Dice) if advance => u32::from(m.count),
            _ => 0,
        }
    }

    /// The slot and the 64-bit key of everything the rest of a turn can
    /// read: the stacks, marks and unmoved flags, the counters, toggles and
    /// dice, and the turn's scalars (mover, continuation, `again` block,
    /// phase, steps, count, last sites). The key is salted with the serial
    /// number of the game's tables (one table serves every game and tier
    /// of the thread); the slot is not, so that which positions share a
    /// slot does not depend on how many tables were made before.
    fn turn_key(&self) -> (usize, u64) {
        let s = &self.scalars;
        let mut h = 0x006c_7564_6963;
        h = mix_bytes(h, &self.heights);
        h = mix_bytes(h, &self.pieces);
        h = mix_bytes(h, &self.marks);
        for (i, &u) in self.unmoved.iter().enumerate() {
            if u {
                h = mix(h, i as u64 | 1 << 40);
            }
        }
        let cont = s
            .cont
            .map_or(u64::MAX, |c| (c.gen_id as u64) << 32 | c.site as u64);
        let again = s.again.map_or(u64::MAX, u64::from);
        for x in [
            u64::from(s.mover) | u64::from(s.phase) << 8 | u64::from(s.turn_captured) << 16,
            cont,
            again,
            u64::from(s.turn_steps) << 32 | u64::from(s.turn_score),
            (s.last as u64) << 32 | s.last_from as u64,
            self.extras.rng,
            self.extras.flags,
            self.extras
                .dice_left
                .faces()
                .iter()
                .fold(0u64, |acc, &f| acc << 8 | u64::from(f)),
        ] {
            h = mix(h, x);
        }
        for &c in &self.extras.counters {
            h = mix(h, c as u32 as u64);
        }
        // Never 0: an empty slot's key.
        // The slot from the top bits: a product's are its best mixed.
        let at = (h >> (64 - SLOTS.trailing_zeros())) as usize;
        (at, mix(h, self.tables.serial) | 1)
    }
}

#[cfg(test)]
mod tests;
