//! Alpha-beta search over whole turns ([`AlphaBeta`], `ab:DEPTH` or
//! `ab:TIME`): iterative deepening, the previous iteration's best turn
//! and the transposition table's first, the others ordered by the
//! heuristic of the position they lead to; a transposition table keyed on
//! the position's zobrist hash (with the counters mixed in). Values are
//! always for the player at the root: the root's turns maximise, every
//! other player's minimise (minimax for two players, paranoid search for
//! more). Turns come from [`candidates`], which bounds huge turn trees by
//! sampling. With an [`Evaluator`] ([`AlphaBeta::set_evaluator`]) the
//! leaves that are not finished games take its value for the root player
//! instead of the heuristic's (turns are still ordered by the heuristic).

use super::candidates::{Bound, Scratch, candidates};
use super::evaluator::Evaluator;
use super::heuristic::WIN;
use super::{Agent, Turns};
use crate::engine::{Move, State};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// How long alpha-beta searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Depth {
    /// To this many turns (plies).
    Plies(u32),
    /// Deepening until the time is spent (the last finished depth counts).
    Time(Duration),
}

impl std::fmt::Display for Depth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Depth::Plies(n) => write!(f, "{n}"),
            Depth::Time(d) => super::mcts::Budget::Time(*d).fmt(f),
        }
    }
}

#[derive(Debug, Clone, Copy)]
enum Flag {
    Exact,
    Lower,
    Upper,
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    depth: u32,
    value: i64,
    flag: Flag,
    best: u32,
    /// The best turn's fingerprint ([`fingerprint`]): the principal
    /// variation finds it again among a position's turns
    /// ([`AlphaBeta::line`]) even when the list is sampled afresh.
    mark: u64,
}

/// A turn's fingerprint: a hash of its steps, in order.
fn fingerprint(turn: &[Move]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    turn.hash(&mut h);
    h.finish()
}

/// Most transposition-table entries kept (the table is cleared past it).
const TT_MAX: usize = 1 << 20;

/// The alpha-beta player.
pub struct AlphaBeta {
    depth: Depth,
    rng: ChaCha8Rng,
    bound: Bound,
    tt: HashMap<u64, Entry>,
    sc: Scratch,
    root: u8,
    /// Most time a search may take, whatever the depth
    /// ([`Agent::limit_time`]).
    cap: Option<Duration>,
    deadline: Option<Instant>,
    /// Stops a search early when set ([`Agent::set_stop`]).
    stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    stopped: bool,
    /// How many legal turns the last root had, when all were listed
    /// (`None`: sampled).
    listed: Option<usize>,
    /// Positions searched since the player was made.
    pub nodes: u64,
    /// The deepest iteration (in turns) the last search finished.
    pub finished: u32,
    /// Judges the leaves instead of the heuristic, when set.
    evaluator: Option<Box<dyn Evaluator + Send>>,
    /// The steps from the root to the node searched (for the evaluator).
    path: Vec<Move>,
    /// Chance nodes on the path from the root to the node searched.
    rolls: u32,
}

/// Chance nodes on the path whose every outcome is searched; deeper ones
/// are sampled ([`AlphaBeta::expectation`]).
const EXPANDED_ROLLS: u32 = 2;

/// An evaluator's value (from -1 to 1) in the search's units: well inside
/// the heuristic's range, far from a won game's [`WIN`].
const EVALUATOR_SCALE: f64 = 1e9;

impl AlphaBeta {
    /// A player searching to `depth`, drawing from `rng`.
    pub fn new(depth: Depth, rng: ChaCha8Rng) -> AlphaBeta {
        AlphaBeta {
            depth,
            rng,
            bound: Bound::default(),
            tt: HashMap::new(),
            sc: Scratch::default(),
            root: 0,
            cap: None,
            deadline: None,
            stop: None,
            stopped: false,
            listed: None,
            nodes: 0,
            finished: 0,
            evaluator: None,
            path: Vec::new(),
            rolls: 0,
        }
    }

    /// Judges the leaves that are not finished games by `evaluator` (its
    /// value for the root player), or by the game's heuristic again with
    /// `None`. When the evaluator answers `None` the search stops and
    /// [`AlphaBeta::search`] returns what it has (the evaluator keeps why).
    pub fn set_evaluator(&mut self, evaluator: Option<Box<dyn Evaluator + Send>>) {
        self.evaluator = evaluator;
    }

    /// The best turn found from `st` with its value for the mover, or
    /// `None` when the game is over.
    pub fn search(&mut self, st: &State) -> Option<(Vec<Move>, i64)> {
        if st.is_chance_node() {
            // Nature's move, not the player's: a roll with its odds.
            return st.sample_chance(&mut self.rng).map(|m| (vec![m], 0));
        }
        self.rolls = 0;
        let mut st = st.clone();
        // The game's chance stays unknown: the copy rolls its own dice.
        st.set_seed(self.rng.random());
        st.set_journaling(true);
        self.root = st.current_player();
        self.stopped = false;
        self.path.clear();
        let now = Instant::now();
        let capped = self.cap.map(|c| now + c);
        let max = match self.depth {
            Depth::Plies(n) => {
                self.deadline = capped;
                n.max(1)
            }
            Depth::Time(d) => {
                self.deadline = Some(capped.map_or(now + d, |c| c.min(now + d)));
                super::MAX_AB_DEPTH
            }
        };
        let mut list = Vec::new();
        let exact = candidates(&mut st, &self.bound, &mut self.rng, &mut self.sc, &mut list);
        self.listed = exact.then_some(list.len());
        if list.is_empty() {
            return None;
        }
        let mut best: Option<(Vec<Move>, i64)> = None;
        let mut order: Vec<usize> = (0..list.len()).collect();
        self.finished = 0;
        for depth in 1..=max {
            let mut alpha = -WIN - 1;
            let mut this: Option<(usize, i64)> = None;
            for &i in &order {
                let v = self.child(&mut st, &list[i], depth - 1, alpha, WIN + 1, 1);
                if self.stopped {
                    break;
                }
                if this.is_none_or(|(_, b)| v > b) {
                    this = Some((i, v));
                    alpha = alpha.max(v);
                }
            }
            if self.stopped && best.is_some() {
                break;
            }
            if !self.stopped {
                self.finished = depth;
            }
            if let Some((i, v)) = this {
                best = Some((list[i].clone(), v));
                order.retain(|&j| j != i);
                order.insert(0, i);
                if v.abs() >= WIN - 64 {
                    break; // a forced result: deeper search changes nothing
                }
            }
            if self.stopped {
                break;
            }
        }
        best
    }

    /// The principal variation of the last search from `st`: `turn` (the
    /// turn it chose there) and then, turn by turn, the best turn the
    /// transposition table remembers for the position reached, while one
    /// is found among that position's turns; at most as many turns as
    /// the deepest iteration finished (at least `turn`). It stops at a
    /// finished game and before a roll (nature's move is no one's
    /// choice). Each turn is its list of steps.
    pub fn line(&mut self, st: &State, turn: &[Move]) -> Vec<Vec<Move>> {
        let mut line = vec![turn.to_vec()];
        let mut st = st.clone();
        st.set_journaling(true);
        st.play_turn(turn);
        // A generator of its own: reading the line leaves the player's
        // random choices as they were.
        let mut rng = <ChaCha8Rng as rand::SeedableRng>::seed_from_u64(0);
        let mut list = Vec::new();
        while line.len() < self.finished as usize {
            if st.outcome().is_some() || st.is_chance_node() {
                break;
            }
            let Some(e) = self.tt.get(&Self::key(&st)).copied() else {
                break;
            };
            candidates(&mut st, &self.bound, &mut rng, &mut self.sc, &mut list);
            let Some(next) = list.iter().find(|t| fingerprint(t) == e.mark) else {
                break;
            };
            let next = next.clone();
            st.play_turn(&next);
            line.push(next);
        }
        line
    }

    /// Plays `turn`, searches the position after it, undoes it.
    fn child(
        &mut self,
        st: &mut State,
        turn: &[Move],
        depth: u32,
        alpha: i64,
        beta: i64,
        ply: u32,
    ) -> i64 {
        for m in turn {
            st.play_unchecked(m);
        }
        self.path.extend_from_slice(turn);
        let v = self.node(st, depth, alpha, beta, ply);
        self.path.truncate(self.path.len() - turn.len());
        for _ in turn {
            st.take_back();
        }
        v
    }

    /// The evaluator's value of `st` for the root player, in the search's
    /// units; `None` without an evaluator or once the game is over there
    /// (stopped when the evaluator stops).
    fn judged(&mut self, st: &State) -> Option<i64> {
        let ev = self.evaluator.as_mut()?;
        if st.outcome().is_some() {
            return None;
        }
        match ev.evaluate(st, &self.path, &[]) {
            Some(e) => {
                let v = e.values.get(usize::from(self.root)).copied().unwrap_or(0.0);
                Some((v.clamp(-1.0, 1.0) * EVALUATOR_SCALE) as i64)
            }
            None => {
                self.stopped = true;
                Some(0)
            }
        }
    }

    fn leaf(&mut self, st: &mut State, ply: u32) -> i64 {
        if let Some(v) = self.judged(st) {
            return v;
        }
        let v = self.sc.eval(st, self.root);
        if v >= WIN {
            v - i64::from(ply)
        } else if v <= -WIN {
            v + i64::from(ply)
        } else {
            v
        }
    }

    /// The value of a chance node (docs/chance.md): the mean of its
    /// outcomes' values weighted by their probabilities (expectiminimax),
    /// each searched with the full window; a roll costs no depth. Past
    /// [`EXPANDED_ROLLS`] rolls on the path (a battle's dice, one pair a
    /// contested stack), one outcome drawn with its odds stands for them
    /// all.
    fn expectation(&mut self, st: &mut State, depth: u32, ply: u32) -> i64 {
        if self.rolls >= EXPANDED_ROLLS {
            let Some(m) = st.sample_chance(&mut self.rng) else {
                return self.leaf(st, ply);
            };
            self.rolls += 1;
            let v = self.child(st, &[m], depth, -WIN - 1, WIN + 1, ply);
            self.rolls -= 1;
            return v;
        }
        self.rolls += 1;
        let mut sum = 0.0;
        for (m, p) in st.chance_outcomes() {
            let v = self.child(st, &[m], depth, -WIN - 1, WIN + 1, ply);
            if self.stopped {
                break;
            }
            sum += p * v as f64;
        }
        self.rolls -= 1;
        sum.round() as i64
    }

    fn key(st: &State) -> u64 {
        let g = st.game();
        let mut h = st.hash() ^ (st.phase() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for c in 0..g.counters.len() {
            for p in 0..g.num_players() {
                let x = st.counter(c as u8, p as u8) as u64;
                h = (h ^ x).wrapping_mul(0x0100_0000_01b3).rotate_left(17);
            }
        }
        h
    }

    fn node(&mut self, st: &mut State, depth: u32, mut alpha: i64, mut beta: i64, ply: u32) -> i64 {
        self.nodes += 1;
        // The clock is read at every node: a node lists a turn's moves,
        // which takes far longer than reading it, and can take up to the
        // `maximize:` search's limit (about a second on a crowded large
        // board), so 256 nodes between reads could outlast a cap by minutes.
        if let Some(d) = self.deadline
            && Instant::now() >= d
        {
            self.stopped = true;
        }
        if super::stopped(&self.stop) {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        if st.is_chance_node() {
            // Before the depth: a roll costs none, so the position after
            // the last turn searched is judged once its dice are known.
            return self.expectation(st, depth, ply);
        }
        if depth == 0 || st.outcome().is_some() {
            return self.leaf(st, ply);
        }
        let key = Self::key(st);
        let mut hint = None;
        if let Some(e) = self.tt.get(&key) {
            hint = Some(e.best as usize);
            if e.depth >= depth {
                match e.flag {
                    Flag::Exact => return e.value,
                    Flag::Lower => alpha = alpha.max(e.value),
                    Flag::Upper => beta = beta.min(e.value),
                }
                if alpha >= beta {
                    return e.value;
                }
            }
        }
        let mut list = Vec::new();
        candidates(st, &self.bound, &mut self.rng, &mut self.sc, &mut list);
        if list.is_empty() {
            return self.leaf(st, ply);
        }
        let maximising = st.current_player() == self.root;
        let mut order: Vec<(usize, i64)> = (0..list.len()).map(|i| (i, 0)).collect();
        if depth >= 2 && list.len() > 1 {
            for (i, score) in order.iter_mut() {
                let mut v = 0;
                for m in &list[*i] {
                    st.play_unchecked(m);
                }
                v += self.sc.eval(st, self.root);
                for _ in &list[*i] {
                    st.take_back();
                }
                *score = if maximising { -v } else { v };
            }
            order.sort_by_key(|&(_, s)| s);
        }
        if let Some(h) = hint
            && let Some(pos) = order.iter().position(|&(i, _)| i == h)
        {
            let e = order.remove(pos);
            order.insert(0, e);
        }
        let (a0, b0) = (alpha, beta);
        let mut best_i = order[0].0;
        let mut best = if maximising { i64::MIN } else { i64::MAX };
        for &(i, _) in &order {
            let v = self.child(st, &list[i], depth - 1, alpha, beta, ply + 1);
            if self.stopped {
                return 0;
            }
            if maximising {
                if v > best {
                    best = v;
                    best_i = i;
                }
                alpha = alpha.max(v);
            } else {
                if v < best {
                    best = v;
                    best_i = i;
                }
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        let flag = if best <= a0 {
            Flag::Upper
        } else if best >= b0 {
            Flag::Lower
        } else {
            Flag::Exact
        };
        if self.tt.len() >= TT_MAX {
            self.tt.clear();
        }
        self.tt.insert(
            key,
            Entry {
                depth,
                value: best,
                flag,
                best: best_i as u32,
                mark: fingerprint(&list[best_i]),
            },
        );
        best
    }
}

impl Agent for AlphaBeta {
    fn name(&self) -> String {
        format!("ab:{}", self.depth)
    }

    fn choose(&mut self, st: &State, turns: &Turns) -> usize {
        let Some((turn, _)) = self.search(st) else {
            return 0;
        };
        (0..turns.len())
            .find(|&i| turns.get(i) == turn.as_slice())
            .unwrap_or(0)
    }

    fn choose_turn(&mut self, st: &State) -> Option<(Vec<Move>, Option<usize>)> {
        self.search(st).map(|(t, _)| (t, self.listed))
    }

    fn line(&mut self, st: &State, turn: &[Move]) -> Vec<Vec<Move>> {
        AlphaBeta::line(self, st, turn)
    }

    fn limit_time(&mut self, limit: Duration) {
        self.cap = Some(limit);
    }

    fn set_stop(&mut self, stop: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.stop = Some(stop);
    }
}
