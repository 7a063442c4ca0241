//! Step values kept from one step of a sampled turn to the next
//! ([`super::candidates`]). Building a turn step by step, a sampler judges
//! every legal step at every step of the turn; most of them are the same
//! steps as one step earlier, and most of those did not touch what the
//! step just played touched. The cache keeps, for each judged step, its
//! value **relative to a baseline** (the position after ending the phase
//! there, or the position itself when no step ends the phase) and its
//! **footprint**: the sites whose stack or marks differ between the
//! position it was judged in and the baseline.
//!
//! After a step `s` is played, every entry whose footprint meets `s`'s is
//! dropped; the others keep their relative value: a step judged `d` above
//! the old baseline is taken to be `d` above the new one. That is exact
//! when the heuristic is a sum over sites (material, regions, approach,
//! centre, counts of sites) and the two steps' effects, and the effects of
//! the phase's end, stay within their footprints; it is an estimate
//! otherwise (a lose condition on all pieces, a connectivity rule, a
//! mobility term). The sampler checks every estimate it acts on: when the
//! new baseline's value is not the value predicted for the step played,
//! the whole cache is dropped.

use crate::board::Site;
use crate::compile::ir::Piece;
use crate::engine::{Move, State};
use std::collections::HashMap;

/// One cached step: its value above the baseline and its footprint (a
/// range of [`StepCache::sites`]).
#[derive(Debug, Clone, Copy)]
struct Entry {
    delta: i64,
    start: u32,
    len: u32,
}

/// The baseline's contents, the cached steps and scratch buffers (reused:
/// nothing is allocated once they have grown).
#[derive(Debug, Clone, Default)]
pub struct StepCache {
    heights: Vec<u8>,
    marks: Vec<u8>,
    /// Start of each site's pieces in `pieces`.
    offsets: Vec<u32>,
    pieces: Vec<Piece>,
    /// The cached steps, hashed by foldhash with a fixed seed: cheaper
    /// than std's keyed SipHash, which showed in a greedy Genocide
    /// game's profile; no key is needed (the order of entries is never
    /// read).
    entries: HashMap<Move, Entry, foldhash::fast::FixedState>,
    /// Footprints of the entries, one after another.
    sites: Vec<Site>,
    /// The footprint being built, and a site mask for dropping entries.
    fresh: Vec<Site>,
    mask: Vec<bool>,
}

impl StepCache {
    /// Forgets every entry (a new turn, or a failed estimate).
    pub fn clear(&mut self) {
        self.entries.clear();
        self.sites.clear();
    }

    /// Takes `st` as the baseline: later footprints are differences from
    /// it. Entries are kept (see [`StepCache::played`]).
    pub fn set_baseline(&mut self, st: &State) {
        let n = st.heights.len();
        self.heights.clear();
        self.heights.extend_from_slice(&st.heights);
        self.marks.clear();
        self.marks.extend_from_slice(&st.marks);
        self.offsets.clear();
        self.pieces.clear();
        for s in 0..n {
            self.offsets.push(self.pieces.len() as u32);
            self.pieces.extend_from_slice(st.stack(s as Site));
        }
    }

    /// The value cached for `m` above the baseline, if any.
    pub fn get(&self, m: &Move) -> Option<i64> {
        self.entries.get(m).map(|e| e.delta)
    }

    /// The sites where `st` differs from the baseline, into the fresh
    /// footprint (replacing it).
    pub fn diff(&mut self, st: &State) {
        self.fresh.clear();
        for s in 0..self.heights.len() {
            let h = st.heights[s];
            let differs = h != self.heights[s]
                || st.marks[s] != self.marks[s]
                || (h > 0 && {
                    let o = self.offsets[s] as usize;
                    st.stack(s as Site) != &self.pieces[o..o + h as usize]
                });
            if differs {
                self.fresh.push(s as Site);
            }
        }
    }

    /// Caches `m` with value `delta` above the baseline and the fresh
    /// footprint (from [`StepCache::diff`]).
    pub fn insert(&mut self, m: Move, delta: i64) {
        let start = self.sites.len() as u32;
        self.sites.extend_from_slice(&self.fresh);
        let len = self.fresh.len() as u32;
        self.entries.insert(m, Entry { delta, start, len });
    }

    /// Makes the cached footprint of `m` the fresh one; false when `m` is
    /// not cached.
    pub fn recall(&mut self, m: &Move) -> bool {
        let Some(e) = self.entries.get(m).copied() else {
            return false;
        };
        self.fresh.clear();
        let (a, b) = (e.start as usize, (e.start + e.len) as usize);
        self.fresh.extend_from_slice(&self.sites[a..b]);
        true
    }

    /// After the step whose footprint is the fresh one has been played:
    /// drops every entry whose footprint meets it (the played step's own
    /// among them).
    pub fn played(&mut self) {
        self.mask.clear();
        self.mask.resize(self.heights.len(), false);
        for &s in &self.fresh {
            self.mask[s as usize] = true;
        }
        let (sites, mask) = (&self.sites, &self.mask);
        self.entries.retain(|_, e| {
            let (a, b) = (e.start as usize, (e.start + e.len) as usize);
            !sites[a..b].iter().any(|&s| mask[s as usize])
        });
        if self.entries.is_empty() {
            self.sites.clear();
        }
    }

    /// Entries cached (for the unit tests).
    #[cfg(test)]
    fn len(&self) -> usize {
        self.entries.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::{Game, Options};
    use std::sync::Arc;

    /// Stacks that step for points, a battle at the phase's end (the
    /// shape of a movement-point game).
    pub(crate) const STACKS: &str = r#"
(game "Stacks"
  (players (player "Red" letter:"R" forward:N) (player "Black" letter:"B" forward:S))
  (board (square 4 4) labels:Coordinates)
  (piece "Checker")
  (stack-limit 255)
  (counter "mp")
  (setup (fill "Checker" P1 (row 0)) (fill "Checker" P2 (row 3)))
  (phases
    (phase "Points" auto:{(set-counter "mp" 3)})
    (phase "Movement"
      { (step from:(holds-only) to:(or Empty (not Empty)) pieces:Any cost:1 budget:"mp"
          then:(mark To))
        (end-phase) }
      repeat:true)
    (phase "Battle" auto:{(battle)}))
  (end (lose-when (equal (pieces) 0))))"#;

    fn stacks(position: &str) -> State {
        let g = Arc::new(Game::from_source("t.game", STACKS, &Options::default()).expect("game"));
        let mut st = State::from_position(g, position).expect("position");
        st.set_journaling(true);
        st
    }

    fn step(st: &State, text: &str) -> Move {
        *st.legal_moves()
            .iter()
            .find(|m| st.move_to_string(m) == text)
            .unwrap_or_else(|| panic!("{text} is not legal"))
    }

    #[test]
    fn a_footprint_is_the_sites_a_step_changed() {
        // Red's a1 stack of two moves one checker to a2: a1 and a2 change,
        // nothing else (a2's mark, from `then:(mark To)`, is part of its
        // change).
        let mut st = stacks("R R:a1*2,d1 B:a4");
        let mut c = StepCache::default();
        c.set_baseline(&st);
        let m = step(&st, "a1-a2/1");
        st.play_unchecked(&m);
        c.diff(&st);
        let mut both = vec![m.from, m.to];
        both.sort();
        assert_eq!(c.fresh, both);
        st.take_back();
        c.diff(&st);
        assert!(c.fresh.is_empty());
    }

    #[test]
    fn playing_a_step_drops_the_entries_it_meets_and_keeps_the_others() {
        let mut st = stacks("R R:a1*2,d1 B:a4");
        let mut c = StepCache::default();
        c.set_baseline(&st);
        // Two steps of a1 (they meet), one of d1 (apart).
        let texts = ["a1-a2/1", "a1-b1/2", "d1-d2/1"];
        for (i, t) in texts.iter().enumerate() {
            let m = step(&st, t);
            st.play_unchecked(&m);
            c.diff(&st);
            c.insert(m, i as i64 + 1);
            st.take_back();
        }
        assert_eq!(c.len(), 3);
        let played = step(&st, "a1-a2/1");
        assert!(c.recall(&played));
        c.played();
        assert_eq!(c.len(), 1);
        assert_eq!(c.get(&step(&st, "d1-d2/1")), Some(3));
        assert_eq!(c.get(&step(&st, "a1-b1/2")), None);
    }
}
