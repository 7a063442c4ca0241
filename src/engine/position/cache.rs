//! What a state remembers of its position until the position changes: its
//! legal steps and turns, so that a front end asking `is_over`, then the
//! legal moves, then playing one (the loop of a Python or web player) lists
//! them once.
//!
//! Filled on first read through `&self`; forgotten by every change of the
//! position: the start of every step (`State::push_frame`), a take-back, a
//! change of counters, toggles or the chance generator
//! (`State::save_extras`), a cleared draw, and the set-up of a position.
//! Clones start with nothing remembered. The engine's own loops (perft,
//! playouts, search) list moves into their buffers and never read it.
//!
//! A listing allocates nothing once warm: its steps go in a buffer taken
//! from a per-thread pool ([`take_moves`]), given back when the position
//! changes, and a game whose filters are probed (played and taken back)
//! lists on a per-thread scratch copy of the state, copied in the room it
//! already has ([`State::with_scratch`]), or, for an owner holding the
//! state mutably, on the state itself ([`State::list_in_place`]: no copy).

use crate::engine::{Move, State};
use std::cell::RefCell;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

/// The legal steps and turns of a state's position, once listed.
#[derive(Debug, Default)]
pub(crate) struct Cache {
    /// Something is remembered: read with `&mut` (a plain load) by
    /// [`Cache::forget`] at every step, so that a state whose lists are
    /// never read (perft's, a playout's) pays one test a step.
    filled: AtomicBool,
    steps: OnceLock<Vec<Move>>,
    turns: OnceLock<Vec<Vec<Move>>>,
}

impl Clone for Cache {
    /// Nothing remembered: a clone is made to be changed.
    fn clone(&self) -> Cache {
        Cache::default()
    }
}

impl Cache {
    /// Forgets what was listed (the position changed).
    #[inline(always)]
    pub(crate) fn forget(&mut self) {
        if *self.filled.get_mut() {
            self.clear();
        }
    }

    #[cold]
    fn clear(&mut self) {
        if let Some(steps) = self.steps.take() {
            give_moves(steps);
        }
        drop(self.turns.take());
        *self.filled.get_mut() = false;
    }

    /// Notes that something is (about to be) remembered.
    fn fill(&self) {
        self.filled.store(true, Ordering::Relaxed);
    }

    /// True when nothing is remembered.
    pub(crate) fn is_empty(&self) -> bool {
        self.steps.get().is_none() && self.turns.get().is_none()
    }
}

/// Most spare buffers a thread's pool keeps (more are dropped): enough for
/// a `maximize:` search's depth and a front end's states.
const MAX_SPARE: usize = 64;

thread_local! {
    /// Spare move buffers (no allocation per listing once warm).
    static MOVE_BUFS: RefCell<Vec<Vec<Move>>> = const { RefCell::new(Vec::new()) };
    /// A scratch state to list on when listing plays moves and takes them
    /// back (`None` while in use).
    static SCRATCH: RefCell<Option<Box<State>>> = const { RefCell::new(None) };
}

/// An empty move buffer, from this thread's pool when it has one.
pub(crate) fn take_moves() -> Vec<Move> {
    MOVE_BUFS.with(|b| b.borrow_mut().pop()).unwrap_or_default()
}

/// Gives `v` back to this thread's pool (emptied), unless the pool is full.
pub(crate) fn give_moves(mut v: Vec<Move>) {
    v.clear();
    MOVE_BUFS.with(|b| {
        let mut b = b.borrow_mut();
        if b.len() < MAX_SPARE {
            b.push(v);
        }
    });
}

impl State {
    /// Runs `f` on a copy of this state with an empty undo journal (`f`
    /// takes back only its own steps): this thread's scratch state, made a
    /// copy in the room it has (no allocation once warm for positions of
    /// one game), or a fresh clone the first time and when the scratch is
    /// in use (a listing inside a listing).
    pub(crate) fn with_scratch<R>(&self, f: impl FnOnce(&mut State) -> R) -> R {
        let mut st = match SCRATCH.with(|s| s.borrow_mut().take()) {
            Some(mut st) => {
                st.copy_from(self, false);
                st
            }
            None => {
                let mut st = Box::new(self.clone());
                st.journal.clear();
                st
            }
        };
        let r = f(&mut st);
        SCRATCH.with(|s| {
            let mut s = s.borrow_mut();
            if s.is_none() {
                *s = Some(st);
            }
        });
        r
    }

    /// The legal steps for the player to move, listed once per position
    /// (as [`State::legal_moves`], without a copy).
    pub fn legal_steps(&self) -> &[Move] {
        self.cache.steps.get_or_init(|| {
            self.cache.fill();
            self.list_legal_moves()
        })
    }

    /// Lists the legal steps on this state itself and remembers them, when
    /// they are not remembered yet: what [`State::legal_steps`] does on a
    /// scratch copy when listing plays moves and takes them back
    /// (`check:`, `after:`, `maximize:`), without the copy of the
    /// position, its history and journal that each such listing costs
    /// through `&self`. For an owner that holds the state mutably (the
    /// Python package's step loop); the position is left as it was.
    /// Nothing is done at a chance node, mid-roll, or in a game whose
    /// listing plays nothing (`legal_steps` copies nothing there).
    #[inline]
    pub fn list_in_place(&mut self) {
        if self.tables.has_filters || self.game.maximize.is_some() {
            self.list_played_in_place();
        }
    }

    /// [`State::list_in_place`] for a game whose listing plays moves.
    fn list_played_in_place(&mut self) {
        if self.cache.steps.get().is_some() || self.extras.chance.is_some() || !self.dice.is_empty()
        {
            return;
        }
        let mut v = take_moves();
        self.legal_moves_into(&mut v);
        self.cache.fill();
        if let Err(v) = self.cache.steps.set(v) {
            give_moves(v);
        }
    }

    /// The legal turns, expanded once per position (as
    /// [`State::legal_turns`], without a copy).
    pub fn legal_turn_list(&self) -> &[Vec<Move>] {
        self.cache.turns.get_or_init(|| {
            self.cache.fill();
            self.expand_legal_turns()
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::{Game, Options};
    use crate::engine::State;
    use std::sync::Arc;

    fn state(name: &str) -> State {
        State::new(Arc::new(
            Game::load(name, &Options::default()).expect("game"),
        ))
    }

    #[test]
    fn a_step_and_its_take_back_forget_the_listed_moves() {
        let mut st = state("checkers");
        let first = st.legal_steps().to_vec();
        assert_eq!(first.len(), 7);
        st.play(&first[0]).expect("legal");
        assert!(st.cache.is_empty());
        let reply = st.legal_steps().to_vec();
        assert_ne!(reply, first);
        st.undo().expect("undo");
        assert!(st.cache.is_empty());
        assert_eq!(st.legal_steps(), first);
        let _ = st.legal_steps();
        assert!(st.clone().cache.is_empty());
    }

    /// Seeded games of games whose listing plays moves (`check:`, a
    /// royal piece's `after:`, `maximize:`): at every position, the steps
    /// listed in place are those a copy lists through `&self`, and the
    /// position, its hash and its undo journal are left as they were.
    #[test]
    fn steps_listed_in_place_are_those_listed_on_a_copy() {
        for name in ["oware", "chess", "atarigo", "international"] {
            let mut st = state(name);
            let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
            for _ in 0..120 {
                let fresh = st.clone();
                let expected = fresh.legal_steps().to_vec();
                let (hash, journal) = (st.hash(), st.journal.log.len());
                st.list_in_place();
                assert_eq!(st.legal_steps(), expected, "{name}");
                assert_eq!((st.hash(), st.journal.log.len()), (hash, journal), "{name}");
                assert_eq!(st.is_over(), fresh.is_over(), "{name}");
                if expected.is_empty() {
                    break;
                }
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                st.play(&expected[(x % expected.len() as u64) as usize])
                    .expect("legal");
            }
        }
    }

    #[test]
    fn a_changed_counter_or_toggle_forgets_the_listed_moves() {
        let mut st = state("genocide");
        let _ = st.legal_turn_list();
        assert!(!st.cache.is_empty());
        st.set_counter(0, 0, 3);
        assert!(st.cache.is_empty());
        let _ = st.legal_steps();
        st.flip(0);
        assert!(st.cache.is_empty());
    }
}
