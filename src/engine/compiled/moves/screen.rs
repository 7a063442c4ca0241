//! A screen for flank filters (`after:` a flank from the destination):
//! what one position allows, worked out once, so that most candidate
//! steps are told to fail by a bit test instead of an overlay.
//!
//! A step changes the stacks at its destination and origin only (the
//! overlay's premise). Along a line from the destination that does not
//! pass the origin, the arriving stack flanks only if the destination is
//! a *target*: a site from which the line already holds a middle and an
//! end, evenly spaced (found from each middle outward, not from each
//! destination). A slide through empty sites has its origin as the first
//! stack of one line from its destination; that line can flank after the
//! step only if the origin is *hot*: a stack of the end's kind lies
//! beyond it (a split may leave a middle on the origin), or a middle and
//! then an end farther apart than the middle is from the origin (a whole
//! stack leaving opens the line). Both tests are necessary conditions:
//! a step they do not rule out is tested in full.

use crate::board::Site;
use crate::compile::ir::{Cond, Flank, GenId, Player, SiteRef};
use crate::engine::bits::Bits;
use crate::engine::flank::holds;
use crate::engine::overlay::RayCache;
use crate::engine::raybits::RayBits;
use crate::engine::tables::Filter;
use crate::engine::word::{Word, sites};
use crate::engine::{Move, State};

/// What the screen knows of one position, for one flank and player (kept
/// by the position's [`crate::engine::overlay::RayCache`]).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Screen {
    /// The targets (see the module's documentation), once found: `None`
    /// before, `Some(None)` when the board's steps cannot be undone (no
    /// screen then).
    targets: Option<Option<Bits<2>>>,
    /// The origins whose heat is known, and those of them found hot.
    known: Bits<2>,
    hot: Bits<2>,
}

impl Screen {
    /// The position's targets (see the module's documentation), found at
    /// the first call; `None` when the board's steps cannot be undone
    /// (no screen then). `occ` holds the position's stacks.
    #[inline]
    pub fn targets(
        &mut self,
        st: &State,
        f: &Flank,
        player: Player,
        rays: &RayBits,
        occ: Bits<2>,
    ) -> Option<Bits<2>> {
        match self.targets {
            Some(t) => t,
            None => *self.targets.insert(targets(st, f, player, rays, occ)),
        }
    }

    /// Whether no stack leaving `from` (a stack), or part of it, can let
    /// the line from a destination through it flank as `f` asks (the
    /// origin is not hot; see the module's documentation).
    #[inline]
    pub fn cold(
        &mut self,
        st: &State,
        (f, player): (&Flank, Player),
        rays: &RayBits,
        occ: Bits<2>,
        from: Site,
    ) -> bool {
        let bit = Bits::bit(from);
        if self.known & bit == Bits::ZERO {
            self.known |= bit;
            if hot(st, f, player, rays, occ, from) {
                self.hot |= bit;
            }
        }
        self.hot & bit == Bits::ZERO
    }
}

/// How the candidates of one generator are screened.
#[derive(Clone, Copy)]
pub(crate) enum How<'g> {
    /// Every candidate may pass (no filter the screen knows).
    Maybe,
    /// A flank from the destination: the position's targets, and whether
    /// the generator slides through empty sites.
    Flank(&'g Flank, Bits<2>, bool),
}

impl How<'_> {
    /// The position's targets (see the module's documentation) as a site
    /// set; `None` when every candidate may pass (no screen).
    #[inline]
    pub(crate) fn targets(&self) -> Option<Bits<2>> {
        match self {
            How::Maybe => None,
            How::Flank(_, targets, _) => Some(*targets),
        }
    }
}

/// The screens of a level's generators, each found once (they alternate
/// origin by origin).
#[derive(Default)]
struct Hows<'g> {
    last: Option<(GenId, How<'g>)>,
    known: [Option<(GenId, How<'g>)>; 4],
}

impl<'g> Hows<'g> {
    /// The screen of generator `g` for the player to move.
    #[inline]
    fn of(&mut self, st: &'g State, g: GenId, cache: &mut RayCache) -> How<'g> {
        match self.last {
            Some((l, how)) if l == g => how,
            _ => {
                let how = match self.known.iter().flatten().find(|(k, _)| *k == g) {
                    Some(&(_, how)) => how,
                    None => {
                        let how = st.how(g, cache, st.scalars.mover);
                        self.known.rotate_right(1);
                        self.known[0] = Some((g, how));
                        how
                    }
                };
                self.last = Some((g, how));
                how
            }
        }
    }
}

impl State {
    /// Marks in `maybe`, one entry a move of `buf` (candidates of the
    /// current position), those that may pass their generator's filters:
    /// a `false` fails for sure (see the module's documentation), a
    /// `true` must be tested. Returns how many are marked `true`; when
    /// none is, `maybe` is left empty. `None`, with no marks, when no
    /// generator of the game has a filter the screen tells (every
    /// candidate may pass).
    pub(crate) fn screen_into(
        &self,
        buf: &[Move],
        cache: &mut RayCache,
        maybe: &mut Vec<bool>,
    ) -> Option<usize> {
        maybe.clear();
        if !self.tables.has_screens {
            return None;
        }
        let mut hows = Hows::default();
        // Runs of one generator's moves share its screen.
        let runs = |from: usize| buf[from..].chunk_by(|a, b| a.gen_id == b.gen_id);
        // Most often none may pass: told without writing a mark.
        let mut first = None;
        let mut at = 0;
        for run in runs(0) {
            let how = hows.of(self, run[0].gen_id, cache);
            if let Some(k) = run.iter().position(|m| self.may_pass(m, &how, cache)) {
                first = Some(at + k);
                break;
            }
            at += run.len();
        }
        let Some(first) = first else {
            return Some(0);
        };
        maybe.resize(first, false);
        let mut open = 0;
        for run in runs(first) {
            let how = hows.of(self, run[0].gen_id, cache);
            for m in run {
                let may = self.may_pass(m, &how, cache);
                open += may as usize;
                maybe.push(may);
            }
        }
        Some(open)
    }

    /// Whether candidate `m`, screened as `how`, may pass its filter.
    #[inline]
    pub(crate) fn may_pass(&self, m: &Move, how: &How, cache: &mut RayCache) -> bool {
        let &How::Flank(_, targets, _) = how else {
            return true;
        };
        if m.to as usize >= Bits::<2>::SITES || targets.has(m.to) {
            return true;
        }
        self.origin_may_pass(m.from, how, cache)
    }

    /// Whether a move from `from` screened as `how` may pass its filter
    /// when its destination is no target: only a move from a stack (not
    /// from a stack of no piece) may, when its origin is hot.
    #[inline]
    pub(crate) fn origin_may_pass(&self, from: Site, how: &How, cache: &mut RayCache) -> bool {
        let &How::Flank(f, _, slides) = how else {
            return true;
        };
        if self.heights.get(from as usize).is_none_or(|&h| h == 0) {
            // Only the destination changes: every line is as it was.
            return false;
        }
        let player = self.scalars.mover;
        !slides
            || !cache
                .screen(self, f, player)
                .is_some_and(|(s, rays, occ)| s.cold(self, (f, player), rays, occ, from))
    }

    /// How the candidates of generator `g` are screened for `player`
    /// (see [`screens`]).
    pub(crate) fn how<'g>(&'g self, g: GenId, cache: &mut RayCache, player: Player) -> How<'g> {
        let Some(f) = self
            .tables
            .gens
            .get(g as usize)
            .and_then(|t| flank_of(&t.filter))
        else {
            return How::Maybe;
        };
        let Some(targets) = cache
            .screen(self, f, player)
            .and_then(|(s, rays, occ)| s.targets(self, f, player, rays, occ))
        else {
            return How::Maybe;
        };
        let slides = self.tables.eval.slides.get(g as usize);
        let slides = slides.and_then(Option::as_ref).is_some_and(|t| t.by_sets());
        How::Flank(f, targets, slides)
    }
}

/// The flank a filter is, when the screen tells it: an `after:` with an
/// overlay plan that is a flank from the destination, kinds not compared.
fn flank_of(filter: &Filter) -> Option<&Flank> {
    let Filter::Overlay(o) = filter else {
        return None;
    };
    match &o.after {
        Cond::Flanks(f) if f.at == SiteRef::To && !f.same_kind => Some(f),
        _ => None,
    }
}

/// Whether the screen tells filter `filter` (see [`flank_of`]).
pub(crate) fn screens(filter: &Filter) -> bool {
    flank_of(filter).is_some()
}

thread_local! {
    /// Spare marks for [`State::screen_into`] (no allocation once warm).
    static MAYBE: std::cell::RefCell<Vec<Vec<bool>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A spare buffer of marks (give it back with [`give_marks`]).
pub(crate) fn take_marks() -> Vec<bool> {
    MAYBE.with(|b| b.borrow_mut().pop()).unwrap_or_default()
}

/// Gives back a buffer of [`take_marks`].
pub(crate) fn give_marks(mut v: Vec<bool>) {
    v.clear();
    MAYBE.with(|b| b.borrow_mut().push(v));
}

/// The sites from which a stack arriving flanks as `f` asks along some
/// line of the current position, at some height (every site whose
/// [`crate::engine::overlay`] summary is not empty); `None` when a direction of
/// the flank has no step back.
fn targets(st: &State, f: &Flank, player: Player, rays: &RayBits, occ: Bits<2>) -> Option<Bits<2>> {
    let game = &*st.game;
    let dirs = &game.dirsets[f.dirs as usize][player as usize];
    let backs = dirs.iter().map(|&d| rays.back(d));
    if backs.clone().any(|b| b.is_none()) {
        return None;
    }
    let mut targets = Bits::ZERO;
    for e in sites(occ) {
        if !holds(game, f.middle, st.top(e), player) {
            continue;
        }
        for (&d, back) in dirs.iter().zip(backs.clone()) {
            // The end: the first stack beyond the middle, m steps away.
            let Some((g, m)) = rays.first(occ, e, d) else {
                continue;
            };
            if m > f.reach
                || !holds(game, f.end, st.top(g), player)
                || (f.same_height && st.height(e) != st.height(g))
            {
                continue;
            }
            // The target: m steps back from the middle, the sites
            // between them empty.
            let Some(back) = back else { continue };
            let (ray, open, _) = rays.open_ray(occ, e, back);
            let m = m as usize;
            if m <= open + 1
                && let Some(&t) = ray.get(m - 1)
            {
                targets |= Bits::bit(t);
            }
        }
    }
    Some(targets)
}

/// Whether a stack leaving `from`, or part of it, may let the line from a
/// destination through `from` flank as `f` asks (see the module's
/// documentation).
fn hot(st: &State, f: &Flank, player: Player, rays: &RayBits, occ: Bits<2>, from: Site) -> bool {
    let game = &*st.game;
    let h = st.height(from);
    let below = &st.pieces[from as usize * st.cap..][..h];
    game.dirsets[f.dirs as usize][player as usize]
        .iter()
        .any(|&d| {
            let Some((s1, a)) = rays.first(occ, from, d) else {
                return false;
            };
            // A split: the pieces left on `from` are the middle, `s1`
            // the end (of the remnant's height when heights are alike).
            let split = holds(game, f.end, st.top(s1), player)
                && if f.same_height {
                    let r = st.height(s1);
                    r < h && holds(game, f.middle, Some(below[r - 1]), player)
                } else {
                    below[..h - 1]
                        .iter()
                        .any(|&p| holds(game, f.middle, Some(p), player))
                };
            // The whole stack leaves: `s1` the middle, the next stack the
            // end, farther from `s1` than `s1` is from `from`.
            split
                || (holds(game, f.middle, st.top(s1), player)
                    && rays.first(occ, s1, d).is_some_and(|(s2, b)| {
                        b > a
                            && holds(game, f.end, st.top(s2), player)
                            && (!f.same_height || st.height(s1) == st.height(s2))
                    }))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::{Game, Options};
    use rand::{RngExt, SeedableRng};
    use std::sync::Arc;

    /// Hex side 4: stacks of no piece and the mover's stacks slide
    /// outward, splits in any direction; a flanking move takes hostages,
    /// which move next (from marked sites).
    const RULES: &str = r#"(game "t"
        (players 2) (board (hex 4)) (piece "Disc") (stack-limit 255)
        (region "Centre" (centre))
        (define "Grow" (push To (sub (distance To "Centre") (distance From "Centre"))
          kind:"Disc" owner:Mover))
        (define "H" (flanked To middle:Enemy end:Mine distance:Any same:Height))
        (define "Take" (if (any "H") {(mark-all "H" for:Step) (again "Hostage")}))
        (define "Out" (slide origin:#1
          to:(and Empty (more-than (distance To "Centre") (distance From "Centre")))
          then:{"Grow" "Take"} after:#2))
        (define "Split" (slide origin:#1 pieces:Part then:{"Grow" "Take"} after:#2))
        (play (priority {("Out" Empty (any "H")) ("Out" Mine (any "H")) ("Split" Mine (any "H"))}
                        {("Out" Empty true) ("Out" Mine true) ("Split" Mine true)}))
        (moves "Hostage" (priority {("Out" Marked (any "H")) ("Split" Marked (any "H"))}
                                   {("Out" Marked true) ("Split" Marked true)}))
        (end (no-moves Loss)))"#;

    /// The flank filter of the game's generators.
    fn flank(st: &State) -> Flank {
        let Some(Filter::Overlay(o)) = st.tables.gens.first().map(|t| &t.filter) else {
            panic!("no overlay plan");
        };
        let Cond::Flanks(f) = &o.after else {
            panic!("not a flank");
        };
        (**f).clone()
    }

    #[test]
    fn a_candidate_the_screen_rules_out_flanks_on_no_line_after_it() {
        let game = Arc::new(Game::from_source("t", RULES, &Options::default()).unwrap());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let (mut ruled_out, mut flanking) = (0, 0);
        for _ in 0..40 {
            let mut st = State::new(game.clone());
            for _ in 0..30 {
                let mut buf = Vec::new();
                st.candidates_into(&mut buf);
                if buf.is_empty() {
                    break;
                }
                let mut maybe = Vec::new();
                let mut cache = RayCache::default();
                let open = st.screen_into(&buf, &mut cache, &mut maybe).unwrap();
                // No marks when none may pass.
                if open == 0 {
                    assert!(maybe.is_empty());
                    maybe.resize(buf.len(), false);
                }
                assert_eq!(maybe.len(), buf.len());
                assert_eq!(maybe.iter().filter(|&&m| m).count(), open);
                let (f, mover) = (flank(&st), st.scalars.mover);
                for (m, &may) in buf.iter().zip(&maybe) {
                    let mut after = st.clone();
                    after.play_unchecked(m);
                    let flanks = after.flanks(&f, m.to, mover);
                    flanking += flanks as usize;
                    assert!(may || !flanks, "{} flanks", st.move_to_string(m));
                    ruled_out += !may as usize;
                }
                let m = buf[rng.random_range(0..buf.len())];
                st.play_unchecked(&m);
            }
        }
        // The test saw both kinds of candidate.
        assert!(ruled_out > 1000 && flanking > 50, "{ruled_out} {flanking}");
    }
}
