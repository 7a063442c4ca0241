//! The listing of legal steps, above both tiers of the engine: each
//! priority level by its compiled plan where it has one, else by the
//! reference's generators (`reference/movegen.rs`); each filtered
//! candidate by the compiled tier's verdict where its filter compiles
//! (`compiled/moves/filters.rs`), else by the reference's probe (playing
//! it and taking it back). With [`crate::engine::Engine::Reference`] the
//! tables hold no plan and no compiled filter, so the reference alone
//! lists. Twin levels (the same generators but for `after:`) reuse the
//! candidates of the level before.

use crate::board::Site;
use crate::compile::ir::{GenId, GenKind};
use crate::engine::cache::{give_moves, take_moves};
use crate::engine::fastgen::FastLevel;
use crate::engine::filters::QuietFound;
use crate::engine::mixed::MixedLevel;
use crate::engine::overlay::RayCache;
use crate::engine::screen::{give_marks, take_marks};
use crate::engine::shiftgen::ShiftLevel;
use crate::engine::tables::Filter;
use crate::engine::untouched::UntouchedSites;
use crate::engine::{Move, State};
use std::ops::ControlFlow;

impl State {
    /// The legal steps for the player to move, in a stable order, written
    /// into `buf` (cleared first). Empty when the game is over or the mover
    /// has no move. Moves of generators with an `after:` filter are played,
    /// tested and undone (the state is left as it was).
    ///
    /// With a `maximize:` rule, only the steps that begin (or go on with)
    /// a turn reaching the largest count are kept: each candidate's best
    /// completion is searched by playing and undoing the rest of the turn
    /// (`maximize.rs`).
    ///
    /// At a chance node, the chance moves: one for each value the roll
    /// can make, lowest first ([`State::chance_outcomes`] gives their
    /// odds).
    pub fn legal_moves_into(&mut self, buf: &mut Vec<Move>) {
        if self.extras.chance.is_some() {
            self.chance_moves_into(buf);
            return;
        }
        self.unmaximized_into(buf);
        if self.game.maximize.is_some() {
            self.keep_maximal(buf);
        }
    }

    /// The legal steps before the `maximize:` rule.
    pub(crate) fn unmaximized_into(&mut self, buf: &mut Vec<Move>) {
        if !self.tables.has_filters {
            self.candidates_into(buf);
            return;
        }
        buf.clear();
        if self.scalars.outcome.is_some() {
            return;
        }
        if let Some(c) = self.scalars.cont {
            let t = &self.tables;
            let (gens, fast) = (t.chained(c.gen_id), t.chain_level(c.gen_id));
            let _ = self.gen_level(gens, LevelPlan::fast(fast), Some(c.site), &mut |m| {
                buf.push(m);
                ControlFlow::Continue(())
            });
            self.filter_after(buf);
            return;
        }
        self.levels_from_into(buf, 0, &[]);
    }

    /// The legal steps of the first priority level from `first` on that
    /// has any (filters applied). `before` holds the unfiltered candidates
    /// of level `first - 1` when `first > 0`, reused by a twin level.
    pub(crate) fn levels_from_into(&mut self, buf: &mut Vec<Move>, first: usize, before: &[Move]) {
        buf.clear();
        if self.scalars.outcome.is_some() || self.scalars.cont.is_some() {
            return;
        }
        let game = self.game.clone();
        let tables = self.tables.clone();
        let (levels, plans) = self.levels_of(&game, &tables);
        // The candidates of the last level generated, before filtering
        // (a spare buffer: no allocation once warm).
        let mut raw = take_moves();
        raw.extend_from_slice(before);
        let mut prev: &[GenId] = match first.checked_sub(1) {
            Some(i) if !before.is_empty() => levels.get(i).map_or(&[], Vec::as_slice),
            _ => &[],
        };
        for (i, level) in levels.iter().enumerate().skip(first) {
            if twins(&self.tables, prev, level) {
                // The same candidates as the level before, unfiltered.
                buf.clear();
                match id_shift(prev, level) {
                    // The twins' ids follow their originals' at one
                    // distance: no search per move.
                    Some(shift) => buf.extend(raw.iter().map(|m| Move {
                        gen_id: m.gen_id.wrapping_add(shift),
                        ..*m
                    })),
                    None => buf.extend(raw.iter().map(|m| Move {
                        gen_id: level[prev.iter().position(|&g| g == m.gen_id).unwrap_or(0)],
                        ..*m
                    })),
                }
            } else {
                buf.clear();
                let _ = self.gen_level(level, plans.get(i), None, &mut |m| {
                    buf.push(m);
                    ControlFlow::Continue(())
                });
            }
            let filtered = level.iter().any(|&g| {
                let g = &game.gens[g as usize];
                g.after.is_some() || g.check.is_some()
            });
            // The candidates are kept for a twin level after this one.
            let twin_next = levels
                .get(i + 1)
                .is_some_and(|next| twins(&self.tables, level, next));
            if filtered && twin_next {
                raw.clone_from(buf);
            } else {
                raw.clear();
            }
            if filtered {
                self.filter_after(buf);
            }
            if !buf.is_empty() {
                break;
            }
            prev = level;
        }
        give_moves(raw);
    }

    /// The priority levels the mover chooses from (outside a chained
    /// continuation): the block asked for by `again`, or the play rule.
    /// With them, their compiled plans (an entry a level).
    fn levels_of<'g>(
        &self,
        game: &'g crate::compile::ir::Game,
        tables: &'g crate::engine::Tables,
    ) -> (&'g [Vec<GenId>], LevelPlans<'g>) {
        match (self.scalars.cont, self.scalars.again) {
            (Some(_), _) => (&[], LevelPlans::default()),
            (None, Some(b)) => (
                &game.blocks[b as usize],
                LevelPlans {
                    fast: tables.block_levels(b),
                    mixed: tables.block_mixed(b),
                },
            ),
            (None, None) => {
                let phase = self.scalars.phase;
                (
                    &game.phases[phase as usize].play,
                    LevelPlans {
                        fast: tables.play_levels(phase),
                        mixed: tables.play_mixed(phase),
                    },
                )
            }
        }
    }

    /// The plan of all the mover's priority levels together (outside a
    /// chained continuation), when they have one
    /// ([`crate::engine::fastgen::joint_levels`]).
    #[inline]
    pub(crate) fn joint_plan(&self) -> Option<&ShiftLevel> {
        let t = &*self.tables;
        match (self.scalars.cont, self.scalars.again) {
            (Some(_), _) => None,
            (None, Some(b)) => t.block_joint(b, self.scalars.mover),
            (None, None) => t.play_joint(self.scalars.phase, self.scalars.mover),
        }
    }

    /// Keeps the moves whose generator's `after:` condition holds on the
    /// position after the move: evaluated on an overlay of the position
    /// when the generator has a plan, else by playing the move.
    fn filter_after(&mut self, buf: &mut Vec<Move>) {
        let game = self.game.clone();
        let tables = self.tables.clone();
        let journaling = self.journaling;
        self.journaling = true;
        let mut cache = RayCache::default();
        // The candidates the screen rules out fail without a test.
        let mut maybe = take_marks();
        if self.screen_into(buf, &mut cache, &mut maybe) == Some(0) {
            buf.clear();
        }
        // The position as sets, for filters told on sets (made at the
        // first), the quiet placements found, and the verdicts kept from
        // the mover's last listing (taken out meanwhile: a listing inside
        // this one keeps none).
        let mut sets = None;
        let mut quiet = QuietFound::default();
        let mut untouched = UntouchedSites::default();
        let mut kept = std::mem::take(&mut self.verdicts);
        let mut listing = if kept.on() {
            kept.begin(self.scalars.mover, self.owner_sets())
        } else {
            None
        };
        let mut i = 0;
        buf.retain(|m| {
            i += 1;
            if !maybe.get(i - 1).copied().unwrap_or(true) {
                return false;
            }
            // A verdict kept from the mover's last listing that holds here.
            if let Some(l) = listing.as_mut()
                && let Some(v) = kept.get(l, m.to, m.gen_id)
            {
                quiet.note(m, v);
                return v.legal;
            }
            let g = &game.gens[m.gen_id as usize];
            match &tables.gens[m.gen_id as usize].filter {
                Filter::None => true,
                Filter::Probe => self.probe(m, g),
                Filter::Royal(k) => self.royal_verdict(m, *k, &mut cache) || self.probe(m, g),
                Filter::Untouched(u) => {
                    self.untouched_holds(m, u, &mut untouched) || self.probe(m, g)
                }
                Filter::Overlay(o) => self
                    .overlay_verdict(m, o, &mut cache)
                    .unwrap_or_else(|| self.probe(m, g)),
                Filter::Bits(f) => match listing.as_mut().filter(|_| f.reusable()) {
                    Some(l) => self.kept_verdict(m, f, &mut sets, &mut quiet, &mut kept, l),
                    None => self.bits_verdict(m, f, &mut sets, &mut quiet),
                }
                .unwrap_or_else(|| self.probe(m, g)),
            }
        });
        if let Some(l) = listing {
            kept.finish(l);
        }
        self.verdicts = kept;
        if let Some(g) = quiet.gen_id {
            self.note_quiet(g, quiet.sites);
        }
        give_marks(maybe);
        self.journaling = journaling;
    }

    /// The moves of the first priority level that has any, without
    /// `after:` filters (exactly the legal moves when the game has none).
    pub fn candidates_into(&self, buf: &mut Vec<Move>) {
        self.candidate_level_into(buf);
    }

    /// [`State::candidates_into`], telling which of the mover's priority
    /// levels the candidates come from (`None` when there are none, and
    /// in a chained continuation, which has no levels).
    pub(crate) fn candidate_level_into(&self, buf: &mut Vec<Move>) -> Option<usize> {
        buf.clear();
        if self.scalars.outcome.is_some() {
            return None;
        }
        if self.extras.chance.is_some() {
            self.chance_moves_into(buf);
            return None;
        }
        let mut push = |m| {
            buf.push(m);
            ControlFlow::Continue(())
        };
        let t = &*self.tables;
        if let Some(c) = self.scalars.cont {
            let (gens, fast) = (t.chained(c.gen_id), t.chain_level(c.gen_id));
            let _ = self.gen_level(gens, LevelPlan::fast(fast), Some(c.site), &mut push);
            return None;
        }
        if let Some(done) = self
            .joint_plan()
            .and_then(|plan| self.fast_levels(plan, &mut push))
        {
            return done.1;
        }
        let (levels, plans) = self.levels_of(&self.game, t);
        for (i, level) in levels.iter().enumerate() {
            let mut found = false;
            let _ = self.gen_level(level, plans.get(i), None, &mut |m| {
                found = true;
                push(m)
            });
            if found {
                return Some(i);
            }
        }
        None
    }

    /// The legal steps for the player to move (see
    /// [`State::legal_moves_into`]); works on a copy when the game has
    /// `after:` filters.
    pub fn legal_moves(&self) -> Vec<Move> {
        self.legal_steps().to_vec()
    }

    /// The legal steps, listed afresh ([`State::legal_steps`] remembers
    /// them).
    pub(crate) fn list_legal_moves(&self) -> Vec<Move> {
        let mut v = take_moves();
        if self.extras.chance.is_some() {
            self.chance_moves_into(&mut v);
        } else if self.tables.has_filters || self.game.maximize.is_some() {
            self.with_scratch(|st| st.legal_moves_into(&mut v));
        } else {
            self.candidates_into(&mut v);
        }
        v
    }

    /// True if the current phase has a candidate move other than ending
    /// the phase (before filters).
    pub(crate) fn has_candidate(&self) -> bool {
        let game = &*self.game;
        self.some_candidate(&mut |m: Move| {
            if matches!(game.gens[m.gen_id as usize].kind, GenKind::EndPhase) {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        })
    }

    /// True if the player to move has a legal step: listed without a
    /// buffer (the first candidate found) in a game without filters, else
    /// listed in full in a pooled buffer.
    pub(crate) fn has_legal_step(&self) -> bool {
        if self.tables.has_filters
            || self.game.maximize.is_some()
            || self.scalars.cont.is_some()
            || self.extras.chance.is_some()
        {
            let steps = self.list_legal_moves();
            let any = !steps.is_empty();
            give_moves(steps);
            return any;
        }
        self.some_candidate(&mut |_| ControlFlow::Break(()))
    }

    /// True if `sink` breaks on a candidate move of the current phase's
    /// first priority level that has one (before filters).
    fn some_candidate(&self, sink: &mut impl FnMut(Move) -> ControlFlow<()>) -> bool {
        if let Some(done) = self
            .joint_plan()
            .and_then(|plan| self.fast_levels(plan, sink))
        {
            return done.0.is_break();
        }
        let (levels, plans) = self.levels_of(&self.game, &self.tables);
        levels
            .iter()
            .enumerate()
            .any(|(i, level)| self.gen_level(level, plans.get(i), None, sink).is_break())
    }

    /// True if generator `g` has a move from `site`.
    pub(crate) fn has_move_from(&self, g: GenId, site: Site) -> bool {
        let fast = LevelPlan::fast(self.tables.alone(g));
        self.gen_level(&[g], fast, Some(site), &mut |_| ControlFlow::Break(()))
            .is_break()
    }

    /// Calls `sink` for each move of the generators `gens` (from `only` if
    /// given), site by site; stops when `sink` breaks. `plan` is the
    /// level's compiled plan, if it has one (the same moves, made from site
    /// sets, or from sets where the level's generators compile and by the
    /// reference's generators where they do not); without one, the
    /// reference's generators list them ([`State::reference_level`]).
    pub(crate) fn gen_level(
        &self,
        gens: &[GenId],
        plan: LevelPlan,
        only: Option<Site>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let done = match plan {
            LevelPlan::Fast(f) => self.fast_level(f, only, sink),
            LevelPlan::Mixed(m) => self.mixed_level(m, only, sink),
            LevelPlan::None => None,
        };
        done.unwrap_or_else(|| self.reference_level(gens, only, sink))
    }
}

/// How a level's moves are made ([`State::gen_level`]).
#[derive(Debug, Clone, Copy)]
pub(crate) enum LevelPlan<'a> {
    /// By the reference's generators.
    None,
    /// From site sets: every generator compiled.
    Fast(&'a FastLevel),
    /// From site sets where a generator compiles, by the reference where
    /// it does not.
    Mixed(&'a MixedLevel),
}

impl<'a> LevelPlan<'a> {
    /// The plan `fast`, if any.
    pub fn fast(fast: Option<&'a FastLevel>) -> LevelPlan<'a> {
        fast.map_or(LevelPlan::None, LevelPlan::Fast)
    }
}

/// The plans of a list of priority levels, an entry a level in each.
#[derive(Debug, Clone, Copy, Default)]
struct LevelPlans<'a> {
    fast: &'a [Option<FastLevel>],
    mixed: &'a [Option<MixedLevel>],
}

impl<'a> LevelPlans<'a> {
    /// The plan of level `i`.
    fn get(&self, i: usize) -> LevelPlan<'a> {
        match (self.fast.get(i), self.mixed.get(i)) {
            (Some(Some(f)), _) => LevelPlan::Fast(f),
            (_, Some(Some(m))) => LevelPlan::Mixed(m),
            _ => LevelPlan::None,
        }
    }
}

/// The distance from each generator id of `prev` to its twin's in
/// `level` (one for one), when it is the same for all of them.
fn id_shift(prev: &[GenId], level: &[GenId]) -> Option<GenId> {
    let shift = level.first()?.wrapping_sub(*prev.first()?);
    (prev.len() == level.len()
        && prev
            .iter()
            .zip(level)
            .all(|(&p, &g)| g.wrapping_sub(p) == shift))
    .then_some(shift)
}

/// True if the generators of `level` are, one for one, twins of those of
/// `prev` (equal but for `after:`): they make the same candidates.
fn twins(tables: &crate::engine::Tables, prev: &[GenId], level: &[GenId]) -> bool {
    !prev.is_empty()
        && prev.len() == level.len()
        && prev
            .iter()
            .zip(level)
            .all(|(&p, &g)| tables.gens[g as usize].twin == Some(p))
}

#[cfg(test)]
mod tests {
    use crate::compile::{Game, Options};
    use crate::engine::State;
    use std::sync::Arc;

    fn state(play: &str) -> State {
        let text = format!(
            "(game \"t\" (players 2) (board (square 1 5)) (piece \"P\")
              (setup (fill \"P\" P1 (sites \"a1\"))) (play {play}))"
        );
        State::new(Arc::new(
            Game::from_source("t", &text, &Options::default()).unwrap(),
        ))
    }

    fn moves(st: &State) -> Vec<String> {
        st.legal_moves()
            .iter()
            .map(|m| st.move_to_string(m))
            .collect()
    }

    #[test]
    fn twins_at_one_distance_of_ids_are_found_by_a_shift() {
        assert_eq!(super::id_shift(&[0, 1, 2], &[3, 4, 5]), Some(3));
        assert_eq!(super::id_shift(&[0, 2], &[3, 4]), None);
        assert_eq!(super::id_shift(&[], &[]), None);
    }

    #[test]
    fn a_level_of_twins_reuses_the_candidates_of_the_level_before_it() {
        // Level 1: slides that no filter lets through; level 2: the same
        // slides unfiltered (twins), which are the moves.
        let st = state("(priority {(slide after:false)} {(slide)})");
        assert_eq!(st.tables.gens[1].twin, Some(0));
        assert_eq!(moves(&st), ["a1-b1", "a1-c1", "a1-d1", "a1-e1"]);
        // Level 3 twins level 2 (no move), not level 1 (slides).
        let st = state(
            "(priority {(slide after:false)} {(step from:false)} {(step from:false after:true)})",
        );
        assert_eq!(st.tables.gens[2].twin, Some(1));
        assert!(moves(&st).is_empty());
    }
}
