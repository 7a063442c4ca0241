//! Monte Carlo tree search with UCT over turn-level moves.
//!
//! Each iteration clones the root position, walks down the tree choosing
//! children by UCB1 (`mean + c·√(ln N / n)`, rewards in [0, 1] for the
//! player who made the move), tries the first untried child of the node it
//! stops at, finishes the game with a uniform random playout (the engine's
//! [`playout`](crate::engine::playout())) and adds the result to every
//! node on the path. A node's children are created all at once, in random
//! order, the second time the walk reaches it; a terminal position is
//! remembered and scored without a playout. The final choice is the most
//! visited child of the root.
//!
//! Memory: nodes live in one arena (`Vec<Node>`), children contiguous; the
//! steps of every node's turn live in a second arena; the turn list, the
//! path and the playout's move buffer are reused. An iteration allocates
//! only the clone of the root position (its stacks and its history).
//!
//! With a [`Guide`] (`mcts:N,cut=D,eps=E`) playouts are cut after `D`
//! turns and scored by the game's heuristic, and/or choose their steps
//! epsilon-greedily by it ([`super::guide`]); a guided searcher also lists
//! a node's turns as the heuristic players do ([`super::candidates`]: all
//! of them up to 256, else a few sampled step sequences), so that it can
//! play games whose turn trees are huge.

use super::candidates::{Bound, Scratch, candidates};
use super::guide::{Guide, Rollout, rollout};
use super::{Agent, Turns};
use crate::engine::{Move, Outcome, State};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::time::{Duration, Instant};

/// How long a search runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// This many iterations (reproducible with a seed).
    Iterations(u32),
    /// Iterations until this much time has passed (not reproducible).
    Time(Duration),
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Iterations(n) => write!(f, "{n}"),
            Budget::Time(d) if d.subsec_millis() == 0 && d.subsec_nanos() == 0 => {
                write!(f, "{}s", d.as_secs())
            }
            Budget::Time(d) => write!(f, "{}ms", d.as_millis()),
        }
    }
}

const NONE: u32 = u32::MAX;

/// A node of the tree: the position after its turn.
#[derive(Debug, Clone, Copy)]
struct Node {
    /// First child in the arena (`NONE` until expanded).
    first_child: u32,
    num_children: u32,
    /// Children before this index have been tried.
    tried: u32,
    /// The turn leading here: `steps[step_start..step_start + step_len]`.
    step_start: u32,
    step_len: u32,
    visits: u32,
    /// Sum of rewards for `player`.
    reward: f64,
    /// The player who made the turn leading here.
    player: u8,
    /// The game is over here, with this outcome and the stake it is
    /// worth ([`State::stake`]).
    terminal: Option<(Outcome, u32)>,
}

impl Node {
    fn new(player: u8, step_start: u32, step_len: u32) -> Node {
        Node {
            first_child: NONE,
            num_children: 0,
            tried: 0,
            step_start,
            step_len,
            visits: 0,
            reward: 0.0,
            player,
            terminal: None,
        }
    }
}

/// Figures of the last search.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct SearchStats {
    /// Iterations run.
    pub iterations: u32,
    /// Nodes in the tree.
    pub nodes: usize,
    /// Wall-clock time of the search.
    pub seconds: f64,
    /// Visits of the chosen turn over the iterations.
    pub chosen_share: f64,
    /// Mean reward of the chosen turn for the player to move.
    pub chosen_value: f64,
}

/// A UCT searcher. Reuse one across moves: its arenas keep their capacity.
#[derive(Debug, Clone)]
pub struct Mcts {
    budget: Budget,
    /// Most time a search may take, whatever the budget
    /// ([`Agent::limit_time`]).
    cap: Option<Duration>,
    /// Stops a search early when set ([`Agent::set_stop`]).
    stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// The exploration constant `c` of UCB1.
    pub exploration: f64,
    /// Turns after which a playout stops, counted as a draw.
    pub max_playout_turns: u32,
    guide: Guide,
    rng: ChaCha8Rng,
    bound: Bound,
    sc: Scratch,
    cands: Vec<Vec<Move>>,
    nodes: Vec<Node>,
    steps: Vec<Move>,
    path: Vec<u32>,
    turns: Turns,
    buf: Vec<Move>,
    /// The state an iteration plays on, copied from the root in the room
    /// it has (`Clone::clone_from`): no state allocated an iteration.
    scratch: Option<State>,
    stats: SearchStats,
}

impl Mcts {
    /// A searcher with `budget`, drawing from `rng`; `c` = 1.
    pub fn new(budget: Budget, rng: ChaCha8Rng) -> Mcts {
        Mcts::guided(budget, Guide::default(), rng)
    }

    /// A searcher with `budget` whose playouts follow `guide`.
    pub fn guided(budget: Budget, guide: Guide, rng: ChaCha8Rng) -> Mcts {
        Mcts {
            budget,
            cap: None,
            stop: None,
            exploration: 1.0,
            max_playout_turns: 1000,
            guide,
            rng,
            bound: Bound::default(),
            sc: Scratch::default(),
            cands: Vec::new(),
            nodes: Vec::new(),
            steps: Vec::new(),
            path: Vec::with_capacity(64),
            turns: Turns::new(),
            buf: Vec::with_capacity(64),
            scratch: None,
            stats: SearchStats::default(),
        }
    }

    /// Figures of the last search.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Searches from `st`, whose legal turns are `turns` (not empty), and
    /// returns the index of the chosen turn.
    pub fn search(&mut self, st: &State, turns: &Turns) -> usize {
        let t0 = Instant::now();
        let mut root = st.clone();
        // The game's chance stays unknown: the copy rolls its own dice.
        root.set_seed(self.rng.random());
        root.set_journaling(false);
        self.nodes.clear();
        self.steps.clear();
        self.nodes.push(Node::new(NONE as u8, 0, 0));
        self.add_children(0, root.current_player(), turns);
        let mut iterations = 0u32;
        let limit = match self.budget {
            Budget::Time(d) => Some(self.cap.map_or(d, |c| c.min(d))),
            Budget::Iterations(_) => self.cap,
        };
        loop {
            if let Budget::Iterations(n) = self.budget
                && iterations >= n
            {
                break;
            }
            if iterations > 0 && super::stopped(&self.stop) {
                break;
            }
            if let Some(l) = limit
                && iterations.is_multiple_of(32)
                && iterations > 0
                && t0.elapsed() >= l
            {
                break;
            }
            self.iterate(&root);
            iterations += 1;
        }
        let best = self.best_root_child();
        let node = self.nodes[best as usize];
        let turn =
            &self.steps[node.step_start as usize..(node.step_start + node.step_len) as usize];
        self.stats = SearchStats {
            iterations,
            nodes: self.nodes.len(),
            seconds: t0.elapsed().as_secs_f64(),
            chosen_share: f64::from(node.visits) / f64::from(iterations.max(1)),
            chosen_value: node.reward / f64::from(node.visits.max(1)),
        };
        turns.position(turn).unwrap_or(0)
    }

    /// The most visited child of the root (ties: the higher reward).
    fn best_root_child(&self) -> u32 {
        let root = self.nodes[0];
        let key = |i: u32| {
            let n = &self.nodes[i as usize];
            (n.visits, n.reward)
        };
        let mut best = root.first_child;
        for c in root.first_child..root.first_child + root.num_children {
            let (v, r) = key(c);
            let (bv, br) = key(best);
            if v > bv || (v == bv && r > br) {
                best = c;
            }
        }
        best
    }

    /// Creates the children of `node`, one per turn of `turns` (made by
    /// `player`), in random order.
    fn add_children(&mut self, node: u32, player: u8, turns: &Turns) {
        let first = self.nodes.len() as u32;
        for t in turns.iter() {
            let start = self.steps.len() as u32;
            self.steps.extend_from_slice(t);
            self.nodes.push(Node::new(player, start, t.len() as u32));
        }
        let children = &mut self.nodes[first as usize..];
        for i in (1..children.len()).rev() {
            let j = self.rng.random_range(0..=i);
            children.swap(i, j);
        }
        let n = &mut self.nodes[node as usize];
        n.first_child = first;
        n.num_children = turns.len() as u32;
    }

    /// Expands `node`, whose position is `st`: its children, or its
    /// outcome when the game is over there.
    fn expand(&mut self, node: u32, st: &mut State) {
        let mut turns = std::mem::take(&mut self.turns);
        self.list_turns(st, &mut turns);
        if turns.is_empty() {
            let o = st
                .outcome()
                .unwrap_or(Outcome::Draw(crate::engine::EndReason::NoMoves));
            self.nodes[node as usize].terminal = Some((o, st.stake_of(o)));
        } else {
            self.add_children(node, st.current_player(), &turns);
        }
        self.turns = turns;
    }

    /// The turns of `st` into `turns`: all of them, or with a guide the
    /// heuristic players' candidates.
    fn list_turns(&mut self, st: &mut State, turns: &mut Turns) -> bool {
        if self.guide.is_plain() {
            turns.fill(st);
            return true;
        }
        st.set_journaling(true);
        let mut cands = std::mem::take(&mut self.cands);
        let exact = candidates(st, &self.bound, &mut self.rng, &mut self.sc, &mut cands);
        turns.set(&cands);
        self.cands = cands;
        st.set_journaling(false);
        exact
    }

    /// The child of chance node `node` whose turn is the chance move `m`
    /// (the first child if none is: a tree never made so).
    fn roll_child(&self, node: u32, m: &Move) -> u32 {
        let n = self.nodes[node as usize];
        (n.first_child..n.first_child + n.num_children)
            .find(|&c| {
                let ch = &self.nodes[c as usize];
                ch.step_len == 1 && self.steps[ch.step_start as usize] == *m
            })
            .unwrap_or(n.first_child)
    }

    /// Plays the turn of `child` on `st` and appends it to the path.
    fn descend(&mut self, child: u32, st: &mut State) {
        let n = self.nodes[child as usize];
        let turn = &self.steps[n.step_start as usize..(n.step_start + n.step_len) as usize];
        st.play_turn(turn);
        self.path.push(child);
    }

    /// The child of `node` (all of them tried) with the best UCB1 score.
    fn select(&self, node: u32) -> u32 {
        let n = &self.nodes[node as usize];
        let log_n = f64::from(n.visits.max(1)).ln();
        let c = self.exploration;
        let mut best = n.first_child;
        let mut best_score = f64::NEG_INFINITY;
        for i in n.first_child..n.first_child + n.num_children {
            let ch = &self.nodes[i as usize];
            let v = f64::from(ch.visits.max(1));
            let score = ch.reward / v + c * (log_n / v).sqrt();
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// One iteration: select, expand, play out, back up.
    fn iterate(&mut self, root: &State) {
        let mut st = match self.scratch.take() {
            Some(mut st) => {
                st.clone_from(root);
                st
            }
            None => root.clone(),
        };
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        let outcome = loop {
            let n = self.nodes[node as usize];
            if let Some(o) = n.terminal {
                break Rollout::Over(Some(o));
            }
            if n.first_child == NONE {
                self.expand(node, &mut st);
                if let Some(o) = self.nodes[node as usize].terminal {
                    break Rollout::Over(Some(o));
                }
            }
            if let Some(m) = st.sample_chance(&mut self.rng) {
                // Nature moves: the outcome drawn with its odds, not by
                // UCB1 (docs/chance.md).
                node = self.roll_child(node, &m);
                self.descend(node, &mut st);
                continue;
            }
            let n = self.nodes[node as usize];
            if n.tried < n.num_children {
                let child = n.first_child + n.tried;
                self.nodes[node as usize].tried += 1;
                self.descend(child, &mut st);
                break rollout(
                    &mut st,
                    &self.guide,
                    self.max_playout_turns,
                    &mut self.rng,
                    &mut self.buf,
                    &mut self.sc,
                );
            }
            let child = self.select(node);
            self.descend(child, &mut st);
            node = child;
        };
        self.scratch = Some(st);
        let (players, most) = (root.game().num_players(), root.game().max_stake());
        for &id in &self.path {
            let n = &mut self.nodes[id as usize];
            n.visits += 1;
            if id != 0 {
                n.reward += outcome.reward(n.player, players, most);
            }
        }
    }
}

impl Agent for Mcts {
    fn name(&self) -> String {
        format!("mcts:{}{}", self.budget, self.guide)
    }

    fn choose(&mut self, st: &State, turns: &Turns) -> usize {
        if turns.len() == 1 {
            return 0;
        }
        if let Some(m) = st.sample_chance(&mut self.rng) {
            return turns.position(&[m]).unwrap_or(0);
        }
        self.search(st, turns)
    }

    fn limit_time(&mut self, limit: Duration) {
        self.cap = Some(limit);
    }

    fn set_stop(&mut self, stop: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.stop = Some(stop);
    }

    fn line(&mut self, st: &State, turn: &[Move]) -> Vec<Vec<Move>> {
        Mcts::line(self, st, turn)
    }

    fn choose_turn(&mut self, st: &State) -> Option<(Vec<Move>, Option<usize>)> {
        if self.guide.is_plain() {
            return None;
        }
        if let Some(m) = st.sample_chance(&mut self.rng) {
            return Some((vec![m], Some(st.chance_outcomes().len())));
        }
        let mut copy = st.clone();
        // The game's chance stays unknown: the copy rolls its own dice.
        copy.set_seed(self.rng.random());
        let mut turns = Turns::new();
        let exact = self.list_turns(&mut copy, &mut turns);
        let listed = exact.then_some(turns.len());
        match turns.len() {
            0 => None,
            1 => Some((turns.get(0).to_vec(), listed)),
            _ => {
                let i = self.search(st, &turns);
                Some((turns.get(i).to_vec(), listed))
            }
        }
    }
}

/// Fewest visits a node needs to stand in [`Mcts::line`]: below it, its
/// mean reward says little and the line stops.
pub const LINE_MIN_VISITS: u32 = 10;

impl Mcts {
    /// The line the last search expects from `st`, the position it
    /// searched: `turn` (the turn it chose there), then from each node
    /// its most visited child (ties: the higher reward), while that child
    /// has at least [`LINE_MIN_VISITS`] visits and its turn is legal in
    /// the position reached (a tree left from another position is not
    /// read). It stops at a finished game and before a roll (nature's
    /// move is no one's choice). Reads the tree only: call it after
    /// [`Mcts::search`].
    pub fn line(&self, st: &State, turn: &[Move]) -> Vec<Vec<Move>> {
        let mut line = vec![turn.to_vec()];
        let Some(root) = self.nodes.first() else {
            return line;
        };
        let turn_of = |n: &Node| &self.steps[n.step_start as usize..][..n.step_len as usize];
        let kids = |n: &Node| {
            let first = if n.first_child == NONE {
                0
            } else {
                n.first_child
            };
            first..first + n.num_children
        };
        let Some(mut node) = kids(root).find(|&c| turn_of(&self.nodes[c as usize]) == turn) else {
            return line;
        };
        let mut st = st.clone();
        st.play_turn(turn);
        loop {
            if st.outcome().is_some() || st.is_chance_node() {
                break;
            }
            let n = &self.nodes[node as usize];
            let best = kids(n).max_by(|&a, &b| {
                let (a, b) = (&self.nodes[a as usize], &self.nodes[b as usize]);
                (a.visits, a.reward)
                    .partial_cmp(&(b.visits, b.reward))
                    .unwrap_or(std::cmp::Ordering::Equal)
            });
            let Some(child) = best.filter(|&c| self.nodes[c as usize].visits >= LINE_MIN_VISITS)
            else {
                break;
            };
            let next = turn_of(&self.nodes[child as usize]);
            // Step by step, each checked legal: no listing of every turn.
            if next.iter().any(|m| st.play(m).is_err()) {
                break;
            }
            line.push(next.to_vec());
            node = child;
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::{PlayerSpec, fixture, play_game, seeded_rng};

    #[test]
    fn a_seeded_search_repeats_and_visits_add_up() {
        let st = fixture::start();
        let turns = Turns::of(&st);
        let mut a = Mcts::new(Budget::Iterations(300), seeded_rng(4, 0, 0));
        let mut b = Mcts::new(Budget::Iterations(300), seeded_rng(4, 0, 0));
        assert_eq!(a.search(&st, &turns), b.search(&st, &turns));
        let s = a.stats();
        assert_eq!(s.iterations, 300);
        assert!(s.nodes > turns.len());
        let root = a.nodes[0];
        assert_eq!(root.visits, 300);
        let sum: u32 = (root.first_child..root.first_child + root.num_children)
            .map(|c| a.nodes[c as usize].visits)
            .sum();
        assert_eq!(sum, 300);
        // Every child of a visited node is a legal turn of its position.
        let child = a.nodes[root.first_child as usize];
        let turn = &a.steps[child.step_start as usize..][..child.step_len as usize];
        assert!(turns.position(turn).is_some());
    }

    #[test]
    fn a_turn_that_wins_at_once_scores_one() {
        // Dark (moving down) to play. Light's men: one on 2 (top row, stuck)
        // and one on 9. Dark's 3-6 blocks the man on 9 (its jump would land
        // on 2), so Light cannot move and loses.
        let st = State::from_fen(fixture::game(), "B:W2,9:B3,4").unwrap();
        let turns = Turns::of(&st);
        let names: Vec<String> = turns.iter().map(|t| st.turn_to_string(t)).collect();
        assert_eq!(names, ["3-6", "4-7"]);
        let mut m = Mcts::new(Budget::Iterations(200), seeded_rng(2, 0, 0));
        m.choose(&st, &turns);
        let root = m.nodes[0];
        let win = (root.first_child..root.first_child + root.num_children)
            .map(|c| m.nodes[c as usize])
            .find(|n| m.steps[n.step_start as usize] == turns.get(0)[0])
            .unwrap();
        assert_eq!(
            win.terminal,
            Some((Outcome::Win(0, crate::engine::EndReason::NoMoves), 1)),
            "remembered as terminal once reached twice"
        );
        assert_eq!(win.reward, f64::from(win.visits));
        assert!(win.visits > 1);
        assert!(m.stats().chosen_value > 0.9);
    }

    #[test]
    fn with_three_seats_the_second_seat_takes_its_own_win() {
        // Three rows of four; each man steps east or west; a man reaching
        // column d wins. P1 (a1) has one step; then P2 (c2) may win at
        // once with c2-d2: its own reward, not the first seat's, decides.
        let text = r#"(game "T" (players 3) (board (square 3 4)) (piece "Man")
             (region "Goal" (column -1))
             (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites "c2"))
                    (fill "Man" P3 (sites "a3")))
             (play (step dirs:{E W} to:Empty then:(if (in To "Goal") (win)))))"#;
        let game = crate::compile::Game::from_source("t.game", text, &Default::default());
        let mut st = State::new(std::sync::Arc::new(game.unwrap()));
        st.play_str("a1-b1").unwrap();
        let turns = Turns::of(&st);
        let mut m = Mcts::new(Budget::Iterations(300), seeded_rng(3, 0, 0));
        let pick = m.choose(&st, &turns);
        assert_eq!(st.turn_to_string(turns.get(pick)), "c2-d2");
        assert!(m.stats().chosen_value > 0.9, "{:?}", m.stats());
    }

    #[test]
    fn a_time_budget_stops() {
        let st = fixture::start();
        let turns = Turns::of(&st);
        let mut m = Mcts::new(Budget::Time(Duration::from_millis(30)), seeded_rng(1, 0, 0));
        m.search(&st, &turns);
        let s = m.stats();
        assert!(s.iterations > 0);
        assert!(s.seconds < 1.0, "{s:?}");
        assert_eq!(m.name(), "mcts:30ms");
    }

    #[test]
    fn beats_random() {
        let start = fixture::start();
        let mut wins = 0;
        for g in 0..10u64 {
            let side = (g % 2) as usize;
            let mut ps: Vec<Box<dyn Agent>> = (0..2)
                .map(|s| {
                    let spec = if s == side {
                        PlayerSpec::Mcts(Budget::Iterations(300), Default::default())
                    } else {
                        PlayerSpec::Random
                    };
                    spec.build(seeded_rng(7, g, s)).unwrap()
                })
                .collect();
            let s = play_game(&start, &mut ps, 500, |_, _| {});
            wins += u32::from(s.outcome.and_then(|o| o.winner()) == Some(side as u8));
        }
        assert!(wins >= 9, "mcts:300 won {wins} of 10");
    }

    fn guide(cut: Option<u32>, eps: f64) -> Guide {
        Guide {
            cut,
            eps_permille: (eps * 1000.0) as u16,
        }
    }

    #[test]
    fn a_cut_search_finds_the_one_move_win() {
        // The position of `a_turn_that_wins_at_once_scores_one`: 3-6 wins
        // at once (Light is left without a move), 4-7 does not. Playouts
        // cut at once (cut=0) score 4-7 by material alone, 2 against 2:
        // ½; the win is worth 1.
        let st = State::from_fen(fixture::game(), "B:W2,9:B3,4").unwrap();
        for seed in 0..5 {
            for g in [
                guide(Some(0), 1.0),
                guide(Some(1), 0.5),
                guide(Some(0), 0.0),
            ] {
                let mut m = Mcts::guided(Budget::Iterations(60), g, seeded_rng(seed, 0, 0));
                let (turn, n) = m.choose_turn(&st).expect("a turn");
                assert_eq!(n, Some(2));
                assert_eq!(st.turn_to_string(&turn), "3-6", "{g:?} seed {seed}");
            }
        }
    }

    #[test]
    fn a_cut_playout_is_scored_by_material() {
        // Dark (to move, one man on 1) against Light's three on 13, 14
        // and 15 (no heuristics clause: material, weight 1, scale 1). A
        // playout cut at once is worth ½ + ½·tanh(−2) to Dark and
        // ½ + ½·tanh(2) to Light.
        let mut st = State::from_fen(fixture::game(), "B:W13,14,15:B1").unwrap();
        let r = rollout(
            &mut st,
            &guide(Some(0), 1.0),
            1000,
            &mut seeded_rng(1, 0, 0),
            &mut Vec::new(),
            &mut Scratch::default(),
        );
        let Rollout::Scored(v) = r else {
            panic!("{r:?}")
        };
        assert!((v[0] - 0.017_986).abs() < 1e-5, "{v:?}");
        assert!((v[1] - 0.982_014).abs() < 1e-5, "{v:?}");
    }

    #[test]
    fn guided_games_repeat_with_their_seed() {
        let start = fixture::start();
        let run = |seed| {
            let mut ps: Vec<Box<dyn Agent>> = (0..2)
                .map(|s| {
                    "mcts:40,cut=4,eps=0.3"
                        .parse::<PlayerSpec>()
                        .unwrap()
                        .build(seeded_rng(seed, 0, s))
                        .unwrap()
                })
                .collect();
            let mut moves = Vec::new();
            play_game(&start, &mut ps, 200, |st, t| {
                moves.push(st.turn_to_string(t))
            });
            moves
        };
        let a = run(11);
        assert!(a.len() > 5);
        assert_eq!(a, run(11));
        assert_ne!(a, run(12));
    }

    #[test]
    fn guided_mcts_beats_random() {
        let start = fixture::start();
        let mut wins = 0;
        for g in 0..6u64 {
            let side = (g % 2) as usize;
            let mut ps: Vec<Box<dyn Agent>> = (0..2)
                .map(|s| {
                    let spec = if s == side {
                        "mcts:100,cut=6,eps=0.5".parse().unwrap()
                    } else {
                        PlayerSpec::Random
                    };
                    spec.build(seeded_rng(3, g, s)).unwrap()
                })
                .collect();
            let s = play_game(&start, &mut ps, 500, |_, _| {});
            wins += u32::from(s.outcome.and_then(|o| o.winner()) == Some(side as u8));
        }
        assert!(wins >= 5, "won {wins} of 6");
    }
}
