//! The journal that undoes steps: per step a frame (the lengths of the
//! log and the history before it, and the state's [`Scalars`] as they
//! were), a log of the old values of what the step changed in the stacks,
//! marks and flags, each entry sized to its change ([`Entry`]), and the
//! rarely changed [`Extras`] (counters, dice, toggles) saved only by the
//! steps that change them.

use crate::board::Site;
use crate::compile::ir::Piece;
use crate::engine::State;
use crate::engine::state::{Extras, Scalars};

/// One change of the stacks, marks or flags, with what it replaced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Entry {
    /// The piece slot `pieces[i]` held `old`.
    Piece(u32, Piece),
    /// The stack at the site was `old` pieces tall (the site sets are
    /// brought up to date with the stack when it is undone).
    Height(Site, u8),
    /// The whole stack at the site, `old` pieces tall, was removed, its
    /// slots left as they were: undo gives the site its height back and
    /// sets the site's sets anew at once (every later change undone
    /// first, its slots hold the stack), so that nothing is left stale.
    Cleared(Site, u8),
    /// The site's mark bits were `old`.
    Mark(Site, u8),
    /// A piece was pushed on the stack at the site (one taller since),
    /// over the slot value `old`: undo puts `old` back in that slot and
    /// lowers the stack by one (its site sets brought up to date).
    Pushed(Site, Piece),
    /// The site's unmoved flag was `old`.
    Unmoved(Site, bool),
    /// A chance move recorded this value at the end of the state's dice
    /// (undo drops it).
    Die(u16),
    /// A step done with its rolls forgot this value, the last of the
    /// state's dice then (undo puts it back).
    Undie(u16),
    /// The whole stack of `from`, `height` pieces, moved onto `to`, which
    /// was empty: undo moves it back (its pieces are read at `to`, where
    /// every later change has been undone first) and puts back the two
    /// lowest slots of `to` as they were (`below`; the slots of a stack
    /// that left a site are read again when it comes back). The slots
    /// above those are [`Entry::Piece`] entries logged before this one.
    Moved {
        /// The origin, empty since.
        from: Site,
        /// The destination.
        to: Site,
        /// The stack's height.
        height: u8,
        /// The two lowest slots of `to` before the move.
        below: [Piece; 2],
    },
}

/// One undo frame: the journal's lengths before a step and the scalars
/// as they were.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Frame {
    log_len: u32,
    history_len: u32,
    scalars: Scalars,
}

/// The journal of a state: frames, the log of changes, and the extras
/// saved by the steps that changed them.
#[derive(Debug, Clone, Default)]
pub(crate) struct Journal {
    pub(crate) log: Vec<Entry>,
    pub(crate) frames: Vec<Frame>,
    /// `(frame count when saved, extras before)`: saved at most once a
    /// frame, by the first change of the extras in that step.
    extras: Vec<(u32, Extras)>,
}

impl Journal {
    /// Room for a search that plays turns out and undoes them
    /// (`maximize:`), so that it does not grow the journal step by step.
    pub(crate) fn reserve(&mut self) {
        self.log.reserve(1024);
        self.frames.reserve(64);
    }

    /// Makes `self` a copy of `src` in the room `self` has (no
    /// allocation once it is as long).
    pub(crate) fn copy_from(&mut self, src: &Journal) {
        self.log.clone_from(&src.log);
        self.frames.clone_from(&src.frames);
        self.extras.clone_from(&src.extras);
    }

    /// Forgets every step.
    pub(crate) fn clear(&mut self) {
        self.log.clear();
        self.frames.clear();
        self.extras.clear();
    }
}

impl State {
    /// Records a change in the log (when journaling).
    #[inline(always)]
    pub(crate) fn log(&mut self, e: Entry) {
        if self.journaling {
            self.journal.log.push(e);
        }
    }

    /// Records that the whole stack of `from`, `h` pieces, moves onto
    /// `to`, which is empty (before the move: the slots of `to` it will
    /// cover are saved).
    #[inline]
    pub(crate) fn log_moved(&mut self, from: Site, to: Site, h: usize) {
        if !self.journaling {
            return;
        }
        let t = to as usize * self.cap;
        for level in 2..h {
            self.journal
                .log
                .push(Entry::Piece((t + level) as u32, self.pieces[t + level]));
        }
        let below = match self.pieces.get(t..t + h.min(2)) {
            Some(&[a, b]) => [a, b],
            Some(&[a]) => [a, 0],
            _ => [0, 0],
        };
        let height = h as u8;
        self.journal.log.push(Entry::Moved {
            from,
            to,
            height,
            below,
        });
    }

    /// Saves an undo frame before a step.
    #[inline]
    pub(crate) fn push_frame(&mut self) {
        self.cache.forget();
        self.flush_sets();
        if self.journaling {
            self.journal.frames.push(Frame {
                log_len: self.journal.log.len() as u32,
                history_len: self.turn_starts_kept() as u32,
                scalars: self.scalars,
            });
        }
    }

    /// Ends the last undo frame without taking it back: its changes join
    /// the frame before it (a chance move and the step it resumed are
    /// taken back together). The extras it saved stand for the frame
    /// before when that one saved none.
    pub(crate) fn merge_frame(&mut self) {
        let k = self.journal.frames.len() as u32;
        if self.journal.frames.pop().is_none() {
            return;
        }
        let x = &mut self.journal.extras;
        if x.last().is_some_and(|e| e.0 == k) {
            let before = x.len() >= 2 && x[x.len() - 2].0 == k - 1;
            if before || k == 1 {
                x.pop();
            } else if let Some(e) = x.last_mut() {
                e.0 = k - 1;
            }
        }
    }

    /// Saves the extras before their first change in the current step
    /// (when journaling and a step is being made).
    #[inline]
    pub(crate) fn save_extras(&mut self) {
        self.cache.forget();
        let k = self.journal.frames.len() as u32;
        if self.journaling && k > 0 && self.journal.extras.last().is_none_or(|e| e.0 != k) {
            self.journal.extras.push((k, self.extras));
        }
    }

    /// Takes back the last step recorded, if any (false: none): for the
    /// engine and the players, which play a step with journaling on and
    /// take it back at once.
    pub(crate) fn take_back(&mut self) -> bool {
        self.cache.forget();
        let k = self.journal.frames.len() as u32;
        let Some(f) = self.journal.frames.pop() else {
            return false;
        };
        self.scalars = f.scalars;
        if self.journal.extras.last().is_some_and(|e| e.0 == k)
            && let Some((_, x)) = self.journal.extras.pop()
        {
            self.extras = x;
        }
        let start = (f.log_len as usize).min(self.journal.log.len());
        if self.journal.log.len() == start + 2
            && let Some(&Entry::Cleared(site, old)) = self.journal.log.last()
        {
            // A stack cleared by the last of two changes (a hop's
            // capture): put back first, its site set anew, the sets are
            // in step with the stacks for the one change left.
            self.flush_sets();
            self.journal.log.truncate(start + 1);
            self.uncleared(site, old);
        }
        if self.journal.log.len() == start + 1
            && let Some(&Entry::Moved {
                from,
                to,
                height,
                below,
            }) = self.journal.log.last()
        {
            // The commonest step: one stack moved, nothing else (or
            // nothing else left), so the sets have both sites as the step
            // left them (or as it found them, when they were left
            // behind).
            self.journal.log.truncate(start);
            let moved_back = self.pending_sets.take().is_some()
                || self.occ.kept() && self.occ.relocate(to, from, &self.game.owners);
            self.unmove_stack(from, to, height, below);
            if !moved_back {
                self.resync_two(from, to);
            }
        } else if self.journal.log.len() == start + 1
            && let Some(&Entry::Pushed(site, old)) = self.journal.log.last()
        {
            self.take_back_push(start, site, old);
        } else if !(self.journal.log.len() == start + 2 && self.take_back_pair(start)) {
            self.flush_sets();
            self.undo_all(start);
        }
        if self.turn_starts_kept() > f.history_len as usize {
            self.drop_history(f.history_len as usize);
        }
        true
    }

    /// Takes back a step that only pushed a piece (a placement): the
    /// log's one entry from `start`, [`Entry::Pushed`]. Its site's sets
    /// were left as they were before it ([`State::defer_sets`]) or are
    /// set anew.
    #[inline(always)]
    fn take_back_push(&mut self, start: usize, site: Site, old: Piece) {
        self.journal.log.truncate(start);
        let deferred = self.pending_sets.take().is_some();
        self.unpush(site, old);
        if !deferred {
            self.resync(site);
        }
    }

    /// Takes back a step of two entries from `start`, each a whole stack
    /// moved ([`Entry::Moved`]) or a stack cleared ([`Entry::Cleared`]),
    /// such as a capture by a hop or by replacement: the sets brought in
    /// step with the stacks first, each entry sets its sites back itself
    /// as it is undone, last first ([`State::undo_in_step`]), and nothing
    /// is left to resync. False (nothing done) for any other pair.
    #[inline(never)]
    fn take_back_pair(&mut self, start: usize) -> bool {
        let direct = |e: &Entry| matches!(e, Entry::Moved { .. } | Entry::Cleared(..));
        let Some(&[first, last]) = self.journal.log.get(start..) else {
            return false;
        };
        if !(direct(&first) && direct(&last)) {
            return false;
        }
        self.journal.log.truncate(start);
        self.flush_sets();
        self.undo_in_step(last);
        self.undo_in_step(first);
        true
    }

    /// Undoes an [`Entry::Moved`] or [`Entry::Cleared`] entry whose
    /// sites the sets have as they stand (in step with the stacks), and
    /// sets them back with it: a moved stack's sets move back with it
    /// (or both sites are set anew), a cleared site's are set anew.
    #[inline(always)]
    fn undo_in_step(&mut self, e: Entry) {
        match e {
            Entry::Cleared(s, old) => self.uncleared(s, old),
            Entry::Moved {
                from,
                to,
                height,
                below,
            } => {
                let moved_back = self.occ.kept() && self.occ.relocate(to, from, &self.game.owners);
                self.unmove_stack(from, to, height, below);
                if !moved_back {
                    self.resync_two(from, to);
                }
            }
            _ => {}
        }
    }

    /// Puts back the stack of `old` pieces cleared from `site`
    /// ([`Entry::Cleared`]; its slots hold it) and sets the site anew in
    /// the site sets.
    #[inline(always)]
    fn uncleared(&mut self, site: Site, old: u8) {
        self.heights[site as usize] = old;
        self.resync(site);
    }

    /// Undoes the log's entries from `start` on and drops them, the
    /// site sets brought up to date.
    #[inline(never)]
    fn undo_all(&mut self, start: usize) {
        if self.undo_entries(start) {
            self.resync_undone(start);
        }
        self.journal.log.truncate(start);
    }

    /// Undoes the log's entries from `start` on, last first. A moved
    /// stack's sets move back with it when they are in step with it
    /// ([`State::relocate_back`]), a cleared site's are set anew at once;
    /// true if the site sets are left stale (a height was journaled, or a
    /// stack's sets could not move back), for [`State::resync_undone`].
    #[inline]
    fn undo_entries(&mut self, start: usize) -> bool {
        let mut stale = false;
        let mut k = self.journal.log.len();
        while k > start {
            k -= 1;
            match self.journal.log[k] {
                Entry::Piece(i, old) => self.pieces[i as usize] = old,
                Entry::Height(s, old) => {
                    self.heights[s as usize] = old;
                    stale = true;
                }
                Entry::Cleared(s, old) => self.uncleared(s, old),
                Entry::Mark(s, old) => self.marks[s as usize] = old,
                Entry::Pushed(s, old) => {
                    self.unpush(s, old);
                    stale = true;
                }
                Entry::Unmoved(s, old) => self.unmoved[s as usize] = old,
                Entry::Die(_) => {
                    self.dice.pop();
                }
                Entry::Undie(v) => self.dice.push(v),
                Entry::Moved {
                    from,
                    to,
                    height,
                    below,
                } => {
                    stale |= !self.relocate_back(from, to);
                    self.unmove_stack(from, to, height, below);
                }
            }
        }
        stale
    }

    /// Moves the site sets of the stack at `to` back to `from` (before
    /// the stack itself moves back), when the sets have `to` as it stands
    /// and `from` empty ([`crate::engine::bits::Occupancy::relocate`]); false when
    /// they do not (a later change at either site, undone already, left
    /// them stale) or no sets are kept.
    #[inline(always)]
    fn relocate_back(&mut self, from: Site, to: Site) -> bool {
        self.occ.kept()
            && self.occ.has_as(to, self.top(to), self.height(to))
            && self.occ.relocate(to, from, &self.game.owners)
    }

    /// Moves the stack of `height` pieces (at least one) at `to` back
    /// onto `from`, and puts back the slots of `to` it covered (`below`,
    /// the two lowest): those two levels one by one, the slots above
    /// them (a taller stack) by a copy.
    #[inline(always)]
    fn unmove_stack(&mut self, from: Site, to: Site, height: u8, below: [Piece; 2]) {
        let (f, t, h) = (
            from as usize * self.cap,
            to as usize * self.cap,
            height as usize,
        );
        self.pieces[f] = self.pieces[t];
        self.pieces[t] = below[0];
        if h > 1 {
            self.pieces[f + 1] = self.pieces[t + 1];
            self.pieces[t + 1] = below[1];
        }
        if h > 2 {
            self.pieces.copy_within(t + 2..t + h, f + 2);
        }
        self.heights[from as usize] = height;
        self.heights[to as usize] = 0;
    }

    /// Takes the top piece off the stack at `site`, putting back `old`
    /// in its slot ([`Entry::Pushed`]), the site sets left to the caller.
    #[inline(always)]
    fn unpush(&mut self, site: Site, old: Piece) {
        let h = self.heights[site as usize].saturating_sub(1);
        self.pieces[site as usize * self.cap + h as usize] = old;
        self.heights[site as usize] = h;
    }

    /// Brings the site sets up to date with the stacks restored from the
    /// log's entries from `start` on: every site whose height was
    /// journaled, and both sites of every moved stack, are set anew
    /// (whatever the state of their sets).
    fn resync_undone(&mut self, start: usize) {
        if !self.occ.kept() {
            return;
        }
        for k in start..self.journal.log.len() {
            match self.journal.log[k] {
                Entry::Height(s, _) | Entry::Pushed(s, _) => self.resync(s),
                Entry::Moved { from, to, .. } => {
                    self.resync(from);
                    self.resync(to);
                }
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_takes_eight_bytes() {
        assert_eq!(std::mem::size_of::<Entry>(), 8);
    }

    #[test]
    fn a_frame_copies_without_a_call_to_memcpy() {
        // Small enough to be copied with a few moves (the scalars saved
        // whole every step).
        assert!(std::mem::size_of::<Frame>() <= 80);
    }

    #[test]
    fn clear_forgets_every_step() {
        let mut j = Journal::default();
        j.log.push(Entry::Height(3, 1));
        j.extras.push((1, Extras::default()));
        j.clear();
        assert!(j.log.is_empty() && j.frames.is_empty() && j.extras.is_empty());
    }
}
