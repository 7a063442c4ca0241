//! Action ids in constant time: a table from a step's key to its id, made
//! once per game from its action space (issue 41).
//!
//! `ActionSpace::id` finds a key by a binary search among the ids of its
//! row (a generator's steps from one origin): about 15 ns a step, most of
//! the cost of listing a position's ids in a game of many legal steps
//! (Hex's or Gomoku's placements, one row of a hundred sites and more).
//! The table reads it in two loads: per row its first destination and the
//! place of its slots, then the slot of the destination. A game whose
//! table would hold many more entries than ids (steps from every site to
//! every far site of a large board) keeps the binary search.

use ludic::board::NO_SITE;
use ludic::compile::{ActionSpace, Game as RGame};
use ludic::engine::Move;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyInt, PyList};
use std::sync::{Arc, Mutex, OnceLock, Weak};

/// Most action ids whose Python ints a table keeps made (8 MiB of them at
/// most): a `legal_actions` list of a game with more makes its ints anew.
const MOST_INTS: u64 = 1 << 18;

/// Most entries (rows plus slots) a table may hold per id of the game,
/// beyond [`SLACK`]: a denser game keeps the binary search.
const PER_ID: usize = 8;
/// Entries any game's table may hold whatever its ids.
const SLACK: usize = 1 << 16;

/// One row of keys (one count, generator and origin): its destinations
/// `lo .. lo + span` have slots from `off`.
#[derive(Clone, Copy, Default)]
struct Row {
    off: u32,
    lo: u32,
    span: u32,
}

/// A row found for a step, kept for the steps after it: the step's key
/// parts (generator, origin, count), the row's number, its slots and the
/// destination of its first slot.
type KeptRow<'a> = ((u16, u16, u16), u64, &'a [u32], u32);

/// The ids of one game's steps by key.
pub(crate) struct Ids {
    /// The game's action space (the ids' owner; the fallback).
    space: Arc<ActionSpace>,
    /// Sites plus one: a key is `row × s + destination`.
    s: u64,
    /// The rows by number, or empty when the game keeps the binary search.
    rows: Vec<Row>,
    /// Per row's destination: its id plus one, 0 for none.
    slots: Vec<u32>,
    /// The number of generators (`Game::step_key`'s `G`).
    gens: u64,
    /// Per generator: true when it sows (a sowing's key leaves its
    /// destination out).
    sown: Vec<bool>,
    /// The Python int of every action id, made on first use (none past
    /// [`MOST_INTS`] ids): a `legal_actions` list takes references to
    /// them instead of allocating an int per entry (ids past 256 are not
    /// among the ints Python keeps).
    ints: PyOnceLock<Vec<Py<PyInt>>>,
}

impl Ids {
    /// The table of `game`'s action space.
    pub(crate) fn new(game: &RGame) -> Ids {
        let space = game.action_space();
        let s = game.board.len() as u64 + 1;
        let (rows, slots) = table(&space, s).unwrap_or_default();
        // `step_key` is ((count × G + gen) × s + from) × s + to: count 1
        // with the rest 0 gives G × s², and a sowing generator's key
        // leaves out its destination (s - 1 for any).
        let gens = game.step_key(0, 0, 0, 1) / (s * s);
        // (A board of one site cannot tell: its generators keep the key.)
        let sown = if s > 2 {
            (0..gens)
                .map(|g| game.step_key(g as u16, 0, 1, 0) % s == s - 1)
                .collect()
        } else {
            Vec::new()
        };
        Ids {
            space,
            s,
            rows,
            slots,
            gens,
            sown,
            ints: PyOnceLock::new(),
        }
    }

    /// The legal action ids `ids` as a new Python list, of the kept ints
    /// when the game has at most [`MOST_INTS`] ids.
    pub(crate) fn list<'py>(
        &self,
        py: Python<'py>,
        ids: impl ExactSizeIterator<Item = u64>,
    ) -> PyResult<Bound<'py, PyList>> {
        let n = self.space.len() as u64;
        if n > MOST_INTS {
            return PyList::new(py, ids);
        }
        let ints = self
            .ints
            .get_or_init(py, || (0..n).map(|i| PyInt::new(py, i).unbind()).collect());
        PyList::new(
            py,
            ids.map(|id| match ints.get(id as usize) {
                Some(int) => int.bind(py).clone(),
                None => PyInt::new(py, id),
            }),
        )
    }

    /// The id of step key `key` (`Game::step_key`), or None when no
    /// generator can make it (as `ActionSpace::id`).
    #[inline]
    pub(crate) fn of_key(&self, key: u64) -> Option<u64> {
        if self.rows.is_empty() {
            return self.space.id(key).map(|i| i as u64);
        }
        let row = key / self.s;
        let r = self.rows.get(usize::try_from(row).ok()?)?;
        let at = (key - row * self.s).wrapping_sub(u64::from(r.lo));
        if at >= u64::from(r.span) {
            return None;
        }
        match self.slots[r.off as usize + at as usize] {
            0 => None,
            v => Some(u64::from(v) - 1),
        }
    }

    /// The id of step `m` of `game` (the game of this table), as
    /// `actions::action_id` gives it: the key's row and destination
    /// worked out from the step's parts, without `Game::step_key`'s
    /// division back.
    #[inline]
    pub(crate) fn of(&self, game: &RGame, m: &Move) -> u64 {
        if m.is_chance() {
            return u64::from(m.count);
        }
        let Some((row, sown)) = self.row_of(m) else {
            let key = game.step_key(m.gen_id, m.from, m.to, m.count);
            return self.of_key(key).unwrap_or(self.space.len() as u64 + key);
        };
        let to = if sown { self.s - 1 } else { self.site(m.to) };
        let (slots, lo) = self.row_slots(row);
        self.slot_id(slots, lo, row, to)
    }

    /// Appends each step of `steps` (of `game`, the game of this table)
    /// with its id ([`Ids::of`]) to `out`, the row's slots found once for
    /// each run of steps that share it (a generator's placements, the
    /// steps of one stack from its origin): then a step's id is one load.
    /// One plain loop, the row kept from the step before (a listing of
    /// short runs, Morris's moves, paid for an iterator chain a run).
    pub(crate) fn extend(&self, game: &RGame, steps: &[Move], out: &mut Vec<(u64, Move)>) {
        out.reserve(steps.len());
        // The row of the step before; `None` after a step read another way.
        let mut row: Option<KeptRow> = None;
        for m in steps {
            let parts = (m.gen_id, m.from, m.count);
            let (n, slots, lo) = match row {
                Some((p, n, slots, lo)) if p == parts => (n, slots, lo),
                _ => match self.row_of(m) {
                    Some((n, false)) if !m.is_chance() => {
                        let (slots, lo) = self.row_slots(n);
                        row = Some((parts, n, slots, lo));
                        (n, slots, lo)
                    }
                    _ => {
                        row = None;
                        out.push((self.of(game, m), *m));
                        continue;
                    }
                },
            };
            out.push((self.slot_id(slots, lo, n, self.site(m.to)), *m));
        }
    }

    /// The number of the row of step `m`'s key, and whether its generator
    /// sows (its key leaves the destination out); `None` when the table
    /// has no rows (the game keeps the binary search) or knows no such
    /// generator.
    #[inline]
    fn row_of(&self, m: &Move) -> Option<(u64, bool)> {
        let sown = *self.sown.get(m.gen_id as usize)?;
        if self.rows.is_empty() {
            return None;
        }
        let row =
            (u64::from(m.count) * self.gens + u64::from(m.gen_id)) * self.s + self.site(m.from);
        Some((row, sown))
    }

    /// The slots of row `row` and the destination of its first (no slots
    /// for a row the table does not have).
    #[inline]
    fn row_slots(&self, row: u64) -> (&[u32], u32) {
        let r = usize::try_from(row)
            .ok()
            .and_then(|i| self.rows.get(i))
            .copied()
            .unwrap_or_default();
        let off = r.off as usize;
        let slots = self.slots.get(off..off + r.span as usize).unwrap_or(&[]);
        (slots, r.lo)
    }

    /// The id of destination `to` in row `row`, whose slots are `slots`
    /// from destination `lo`; a step the space has no id for gets the
    /// id past the space that `actions::action_id` gives it.
    #[inline(always)]
    fn slot_id(&self, slots: &[u32], lo: u32, row: u64, to: u64) -> u64 {
        match slots.get(to.wrapping_sub(u64::from(lo)) as usize) {
            Some(&v) if v != 0 => u64::from(v) - 1,
            _ => self.space.len() as u64 + row * self.s + to,
        }
    }

    /// Site `x`'s place in a key: the site itself, or the last place
    /// (`s - 1`) for no site.
    #[inline(always)]
    fn site(&self, x: u16) -> u64 {
        if x == NO_SITE {
            self.s - 1
        } else {
            u64::from(x).min(self.s - 1)
        }
    }
}

/// The rows and slots of `space` (keys `row × s + destination`), or None
/// when they would be more than [`PER_ID`] entries per id.
fn table(space: &ActionSpace, s: u64) -> Option<(Vec<Row>, Vec<u32>)> {
    let n = space.len();
    let limit = n.saturating_mul(PER_ID).saturating_add(SLACK);
    let keys: Vec<u64> = (0..n).filter_map(|i| space.key(i)).collect();
    let last_row = keys.last().map_or(0, |k| k / s);
    if last_row >= limit as u64 || n >= u32::MAX as usize {
        return None;
    }
    let mut rows = vec![Row::default(); last_row as usize + 1];
    // Keys ascend: a row's keys are consecutive, its first the lowest.
    let mut total = 0usize;
    for group in keys.chunk_by(|a, b| a / s == b / s) {
        let row = group[0] / s;
        let lo = group[0] % s;
        let span = group[group.len() - 1] % s - lo + 1;
        rows[row as usize] = Row {
            off: u32::try_from(total).ok()?,
            lo: lo as u32,
            span: span as u32,
        };
        total += span as usize;
        if total + rows.len() > limit {
            return None;
        }
    }
    let mut slots = vec![0u32; total];
    for (id, &key) in keys.iter().enumerate() {
        let r = rows[(key / s) as usize];
        slots[r.off as usize + (key % s - u64::from(r.lo)) as usize] = id as u32 + 1;
    }
    Some((rows, slots))
}

/// A game's table, made on first use, shared by its states.
pub(crate) type Shared = Arc<OnceLock<Ids>>;

/// The games that have a table, each with it (the entries of dropped
/// games are let go at the next look-up).
static TABLES: Mutex<Vec<(Weak<RGame>, Shared)>> = Mutex::new(Vec::new());

/// The (lazily made) table of `game`, the same for every state of it.
pub(crate) fn shared(game: &Arc<RGame>) -> Shared {
    let mut tables = TABLES.lock().unwrap_or_else(|e| e.into_inner());
    tables.retain(|(g, _)| g.strong_count() > 0);
    if let Some((_, t)) = tables
        .iter()
        .find(|(g, _)| std::ptr::eq(g.as_ptr(), Arc::as_ptr(game)))
    {
        return t.clone();
    }
    let t = Shared::default();
    tables.push((Arc::downgrade(game), t.clone()));
    t
}
