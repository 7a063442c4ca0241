//! Random steps from a counted level ([`crate::engine::levelcount`]): the same
//! draws and the same step as the rejection sampling over the listed
//! candidates ([`crate::engine::playout`]), without listing them all.
//!
//! The listing's rejection loop draws a candidate, removes it (the last
//! candidate takes its place) and tests it when the screen lets it
//! through, until one passes; when none does, it draws one of the next
//! level's moves (the same candidates, unfiltered). Here the candidates
//! are their indices in the listing's order: only the moves of the
//! origins the screen lets through are listed (to be tested), and the
//! move drawn at the end is listed from its origin alone. Most often no
//! origin is let through, and the loop's draws are made without a test.

use crate::compile::ir::Game;
use crate::engine::bits::Bits;
use crate::engine::cache::{give_moves, take_moves};
use crate::engine::draws::{draw_below, skip_draws};
use crate::engine::lattice::Lattice;
use crate::engine::levelcount::LevelCount;
use crate::engine::overlay::RayCache;
use crate::engine::screen::How;
use crate::engine::slidelevel::{MAX_GENS, SlideLevel};
use crate::engine::word::Word;
use crate::engine::{Move, Played, State};
use rand::Rng;
use std::cell::RefCell;
use std::ops::ControlFlow;
use std::sync::Arc;

thread_local! {
    /// Spare index buffers (no allocation once warm).
    static INDICES: RefCell<Vec<Vec<u32>>> = const { RefCell::new(Vec::new()) };
}

fn take_indices() -> Vec<u32> {
    INDICES.with(|b| b.borrow_mut().pop()).unwrap_or_default()
}

fn give_indices(mut v: Vec<u32>) {
    v.clear();
    INDICES.with(|b| b.borrow_mut().push(v));
}

/// The draws of a rejection loop over `n` candidates that all fail.
#[inline]
fn draw_all<R: Rng>(rng: &mut R, n: usize) {
    skip_draws(rng, n);
}

/// The candidates a rejection loop tests: per index of the listing, 0
/// when the screen rules it out, else 1 + its place in `moves`.
struct Screened {
    flags: Vec<u32>,
    moves: Vec<Move>,
}

impl State {
    /// Plays a uniformly random legal step when the mover's first
    /// priority level is counted ([`crate::engine::slidelevel`]) and has moves,
    /// drawing as the rejection loop over the listed candidates does
    /// (`Some(true)` once played); `None`, with nothing drawn and
    /// nothing played, when it is not (the listing's turn). `cache`
    /// holds the rays of a position (forgotten here).
    pub(crate) fn random_counted_step<R: Rng>(
        &mut self,
        game: &Game,
        rng: &mut R,
        cache: &mut RayCache,
    ) -> Option<bool> {
        if self.scalars.outcome.is_some() || self.scalars.cont.is_some() {
            return None;
        }
        let tables = Arc::clone(&self.tables);
        let level = tables.counted(self.scalars.phase, self.scalars.again, self.scalars.mover)?;
        let lat = tables.eval.lattice.as_ref()?;
        cache.forget();
        let count = self.count_level(level, lat, cache);
        if count.total == 0 {
            return None;
        }
        let n = count.total as usize;
        if count.maybe.is_empty() {
            draw_all(rng, n);
        } else if self.draw_passing(game, (level, lat), &count, rng, cache) {
            return Some(true);
        }
        // None passes: one of the twins' moves, the same candidates.
        let j = draw_below(rng, n) as u32;
        let m = self.nth_of_level(level, lat, &count, j);
        debug_assert!(m.is_some(), "move {j} of {n} not found");
        let m = m?;
        let twin = Move {
            gen_id: level.twin(m.gen_id),
            ..m
        };
        self.play_in(game, &twin);
        Some(true)
    }

    /// The rejection loop over the level's `count.total` candidates:
    /// true when one passed (and was played).
    fn draw_passing<R: Rng>(
        &mut self,
        game: &Game,
        (level, lat): (&SlideLevel, &Lattice),
        count: &LevelCount,
        rng: &mut R,
        cache: &mut RayCache,
    ) -> bool {
        let n = count.total as usize;
        let mut screened = Screened {
            flags: take_indices(),
            moves: take_moves(),
        };
        self.screen_origins((level, lat), count, cache, &mut screened);
        let mut order = take_indices();
        let played = if screened.moves.is_empty() {
            draw_all(rng, n);
            false
        } else {
            order.extend(0..n as u32);
            self.reject(game, rng, cache, &mut order, &screened)
        };
        give_indices(order);
        give_indices(screened.flags);
        give_moves(screened.moves);
        played
    }

    /// Lists the moves of the origins `count` lets through and marks
    /// those the screen lets through (see [`Screened`]).
    fn screen_origins(
        &self,
        (level, lat): (&SlideLevel, &Lattice),
        count: &LevelCount,
        cache: &mut RayCache,
        out: &mut Screened,
    ) {
        out.flags.clear();
        out.flags.resize(count.total as usize, 0);
        out.moves.clear();
        let mut hows = [How::Maybe; MAX_GENS];
        for (how, &g) in hows.iter_mut().zip(&level.ids) {
            *how = self.how(g, cache, self.scalars.mover);
        }
        // Per generator, the destinations its moves may pass to.
        let targets = hows.map(|h| h.targets().unwrap_or(Bits::ZERO));
        let mut at = 0;
        for b in count.origins.iter() {
            if count.maybe.has(b) {
                let from = lat.site(b);
                // Per generator: its every move from here may pass.
                let mut always = [false; MAX_GENS];
                for (a, how) in always.iter_mut().zip(&hows).take(level.gens.len()) {
                    *a = how.targets().is_none() || self.origin_may_pass(from, how, cache);
                }
                let mut i = at as usize;
                let _ = self.origin_moves(level, lat, count, from, &mut |k, m| {
                    let may = always[k] || targets[k].has(m.to);
                    if may && let Some(flag) = out.flags.get_mut(i) {
                        out.moves.push(m);
                        *flag = out.moves.len() as u32;
                    }
                    i += 1;
                    ControlFlow::Continue(())
                });
            }
            at += count.per[b as usize];
        }
    }

    /// Draws candidates (their indices in `order`, each removed once
    /// drawn, the last taking its place) and tests those `screened` lets
    /// through until one passes (played: true); every draw is made.
    fn reject<R: Rng>(
        &mut self,
        game: &Game,
        rng: &mut R,
        cache: &mut RayCache,
        order: &mut [u32],
        screened: &Screened,
    ) -> bool {
        let mut len = order.len();
        let mut left = screened.moves.len();
        while len > 0 {
            let i = draw_below(rng, len);
            let v = order[i];
            order[i] = order[len - 1];
            len -= 1;
            let flag = screened.flags[v as usize];
            if flag == 0 {
                continue;
            }
            let m = screened.moves[flag as usize - 1];
            match self.admits_unplayed(&m, cache) {
                Some(true) => {
                    self.play_in(game, &m);
                    return true;
                }
                Some(false) => {}
                None if self.try_play(&m) == Played::Played => return true,
                None => {}
            }
            left -= 1;
            if left == 0 {
                // The rest fail: their draws alone.
                draw_all(rng, len);
                return false;
            }
        }
        false
    }
}
