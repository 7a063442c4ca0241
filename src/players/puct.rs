//! Monte Carlo tree search guided by an [`Evaluator`] (AlphaZero's
//! PUCT), over steps: a multi-jump is several nodes of the same player,
//! so that the evaluator's priors are over the legal steps of a position,
//! as an OpenSpiel action space has them.
//!
//! An iteration walks down from the root choosing, at each node, the
//! child with the best `Q + c·P·√N / (1 + n)` (`Q` the child's mean value
//! for the player who makes its step, 0 before its first visit; `P` its
//! prior; `N` and `n` the visits of the node and of the child), until it
//! reaches a finished game (valued by its outcome) or a node not yet
//! expanded: there the evaluator gives each player's value and priors
//! over the legal steps, the node gets its children, and the values are
//! added along the path. No playouts. The choice is the most visited
//! child of the root.
//!
//! Batched ([`Puct::batch`] above 1): a round makes up to that many walks,
//! each leaving a virtual loss (a visit valued -1) on its path so that the
//! next walk goes elsewhere, and asks the evaluator about their new
//! positions in one call ([`Evaluator::evaluate_batch`]); a walk that
//! reaches a position already waiting ends the round early. Each walk is
//! an iteration of the budget.
//!
//! Seeded: children are shuffled by the searcher's generator when made
//! (ties of equal priors go to a seeded random step), and the copy of the
//! root rolls its own dice; the same seed and evaluator give the same
//! steps.

use super::evaluator::{Evaluation, Evaluator, final_values};
use super::mcts::Budget;
use crate::engine::{Move, State};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// A node: the position after its step.
#[derive(Debug, Clone, Copy)]
struct Node {
    step: Move,
    /// The player who makes `step`.
    player: u8,
    prior: f64,
    visits: u32,
    /// Sum of `player`'s values over the visits.
    value: f64,
    first_child: u32,
    num_children: u32,
    expanded: bool,
}

/// Why an evaluation was refused: the evaluator stopped the search, or
/// answered in a shape the search cannot use.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PuctError {
    /// The evaluator returned `None` (it keeps the reason).
    #[error("the evaluator stopped the search")]
    Stopped,
    /// Values for the wrong number of players, or not finite.
    #[error(
        "the evaluator gave {got} values for {players} players; expected finite numbers, one a player"
    )]
    Values {
        /// Values given.
        got: usize,
        /// Players of the game.
        players: usize,
    },
    /// A batch answered with the wrong number of evaluations.
    #[error("the evaluator gave {got} evaluations for a batch of {want} positions")]
    Batch {
        /// Evaluations given.
        got: usize,
        /// Positions asked about.
        want: usize,
    },
    /// Priors of the wrong length, negative or not finite.
    #[error(
        "the evaluator gave {got} priors for {steps} legal steps; expected one finite weight ≥ 0 a step"
    )]
    Priors {
        /// Priors given.
        got: usize,
        /// Legal steps.
        steps: usize,
    },
}

/// Figures of the last search.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct PuctStats {
    /// Iterations run.
    pub iterations: u32,
    /// Evaluator calls.
    pub evaluations: u32,
    /// Nodes in the tree.
    pub nodes: usize,
}

/// The searcher. Reuse one across moves: its arena keeps its capacity.
#[derive(Debug, Clone)]
pub struct Puct {
    budget: Budget,
    /// The exploration constant `c` (2 by default, as OpenSpiel's
    /// AlphaZero).
    pub exploration: f64,
    /// Positions judged together, at most, in a round (1: one walk, one
    /// evaluation at a time).
    pub batch: usize,
    rng: ChaCha8Rng,
    nodes: Vec<Node>,
    path: Vec<u32>,
    steps: Vec<Move>,
    stats: PuctStats,
}

impl Puct {
    /// A searcher with `budget` (iterations, or time), drawing from `rng`.
    pub fn new(budget: Budget, rng: ChaCha8Rng) -> Puct {
        Puct {
            budget,
            exploration: 2.0,
            batch: 1,
            rng,
            nodes: Vec::new(),
            path: Vec::new(),
            steps: Vec::new(),
            stats: PuctStats::default(),
        }
    }

    /// Figures of the last search.
    pub fn stats(&self) -> PuctStats {
        self.stats
    }

    /// The step chosen from `st` (`None` when the game is over there),
    /// after the budget's iterations, each of which calls `eval` at most
    /// once. A single legal step is chosen without a search.
    pub fn search(
        &mut self,
        st: &State,
        eval: &mut dyn Evaluator,
    ) -> Result<Option<Move>, PuctError> {
        self.stats = PuctStats::default();
        if st.outcome().is_some() {
            return Ok(None);
        }
        let placeholder = match st.legal_steps() {
            [] => return Ok(None),
            [one] => return Ok(Some(*one)),
            [first, ..] => *first,
        };
        let t0 = Instant::now();
        let mut root = st.clone();
        // The game's chance stays unknown: the copy rolls its own dice.
        root.set_seed(self.rng.random());
        root.set_journaling(false);
        self.nodes.clear();
        self.nodes.push(Node {
            // The root has no step of its own.
            step: placeholder,
            player: 0,
            prior: 1.0,
            visits: 0,
            value: 0.0,
            first_child: 0,
            num_children: 0,
            expanded: false,
        });
        let mut done = 0u32;
        loop {
            match self.budget {
                Budget::Iterations(n) if done >= n => break,
                Budget::Time(d) if done > 0 && t0.elapsed() >= d => break,
                _ => {}
            }
            if self.batch > 1 {
                let left = match self.budget {
                    Budget::Iterations(n) => n - done,
                    Budget::Time(_) => u32::MAX,
                };
                done += self.round(&root, eval, left)?;
            } else {
                self.iterate(&root, eval)?;
                done += 1;
            }
        }
        self.stats.iterations = done;
        self.stats.nodes = self.nodes.len();
        Ok(self.best().map(|c| self.nodes[c as usize].step))
    }

    /// The most visited child of the root (ties: the better mean value,
    /// then the first made).
    fn best(&self) -> Option<u32> {
        let r = self.nodes[0];
        let key = |i: u32| {
            let n = &self.nodes[i as usize];
            (n.visits, n.value / f64::from(n.visits.max(1)))
        };
        (r.first_child..r.first_child + r.num_children)
            .reduce(|b, c| if key(c) > key(b) { c } else { b })
    }

    /// The child of `node` with the best PUCT score.
    fn select(&self, node: u32) -> u32 {
        let n = &self.nodes[node as usize];
        let sqrt_n = f64::from(n.visits.max(1)).sqrt();
        let mut best = n.first_child;
        let mut best_score = f64::NEG_INFINITY;
        for i in n.first_child..n.first_child + n.num_children {
            let c = &self.nodes[i as usize];
            let q = if c.visits == 0 {
                0.0
            } else {
                c.value / f64::from(c.visits)
            };
            let score = q + self.exploration * c.prior * sqrt_n / (1.0 + f64::from(c.visits));
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// Walks down from the root by PUCT to a finished game or a node not
    /// yet judged: its position and node (the path in `self.path`, its
    /// steps in `self.steps`).
    fn walk(&mut self, root: &State) -> (State, u32) {
        let mut st = root.clone();
        self.path.clear();
        self.steps.clear();
        self.path.push(0);
        let mut node = 0u32;
        while st.outcome().is_none()
            && self.nodes[node as usize].expanded
            && self.nodes[node as usize].num_children > 0
        {
            node = self.select(node);
            let step = self.nodes[node as usize].step;
            st.play_unchecked(&step);
            self.steps.push(step);
            self.path.push(node);
        }
        (st, node)
    }

    /// Adds `values` (each player's) to the nodes of `path`, and `visits`
    /// visits (-1 with `values` -1 for all: a virtual loss taken back).
    fn back_up(&mut self, path: &[u32], values: &[f64], visits: i32) {
        for &id in path {
            let n = &mut self.nodes[id as usize];
            n.visits = n.visits.saturating_add_signed(visits);
            if id != 0 {
                n.value += values.get(usize::from(n.player)).copied().unwrap_or(0.0);
            }
        }
    }

    /// One iteration: down to a leaf, judge it, add its values up the path.
    fn iterate(&mut self, root: &State, eval: &mut dyn Evaluator) -> Result<(), PuctError> {
        let players = root.game().num_players();
        let (st, node) = self.walk(root);
        let values = if st.outcome().is_some() {
            final_values(&st)
        } else if !self.nodes[node as usize].expanded {
            let legal = st.legal_steps().to_vec();
            self.stats.evaluations += 1;
            let e = eval
                .evaluate(&st, &self.steps, &legal)
                .ok_or(PuctError::Stopped)?;
            self.make_children(node, &st, &legal, e)?
        } else {
            // No step and no outcome: nothing more happens, a draw.
            vec![0.0; players]
        };
        let path = std::mem::take(&mut self.path);
        self.back_up(&path, &values, 1);
        self.path = path;
        Ok(())
    }

    /// One round of a batched search (see the module's doc), of at most
    /// `want` walks: returns the walks made.
    fn round(
        &mut self,
        root: &State,
        eval: &mut dyn Evaluator,
        want: u32,
    ) -> Result<u32, PuctError> {
        let players = root.game().num_players();
        let loss = vec![-1.0; players];
        let (mut leaves, mut states, mut paths) = (Vec::new(), Vec::new(), Vec::new());
        let mut walks = 0;
        while walks < want && leaves.len() < self.batch {
            let (st, node) = self.walk(root);
            let path = std::mem::take(&mut self.path);
            if st.outcome().is_some() {
                self.back_up(&path, &final_values(&st), 1);
            } else if self.nodes[node as usize].expanded {
                self.back_up(&path, &vec![0.0; players], 1);
            } else if leaves.iter().any(|(_, n)| *n == node) {
                break;
            } else {
                self.back_up(&path, &loss, 1);
                leaves.push((path, node));
                states.push(st);
                paths.push(self.steps.clone());
                walks += 1;
                continue;
            }
            walks += 1;
        }
        if leaves.is_empty() {
            return Ok(walks);
        }
        let legal: Vec<Vec<Move>> = states.iter().map(|s| s.legal_steps().to_vec()).collect();
        self.stats.evaluations += leaves.len() as u32;
        let evals = eval
            .evaluate_batch(&states, &paths, &legal)
            .ok_or(PuctError::Stopped)?;
        if evals.len() != leaves.len() {
            return Err(PuctError::Batch {
                got: evals.len(),
                want: leaves.len(),
            });
        }
        let undo = vec![1.0; players];
        for (((path, node), e), (st, legal)) in
            leaves.iter().zip(evals).zip(states.iter().zip(&legal))
        {
            self.back_up(path, &undo, -1);
            let values = self.make_children(*node, st, legal, e)?;
            self.back_up(path, &values, 1);
        }
        Ok(walks)
    }

    /// Makes the children of `node` (position `st`, legal steps `legal`)
    /// with the priors of `e`; returns its values.
    fn make_children(
        &mut self,
        node: u32,
        st: &State,
        legal: &[Move],
        e: Evaluation,
    ) -> Result<Vec<f64>, PuctError> {
        let Evaluation { values, priors } = e;
        let players = st.game().num_players();
        if values.len() != players || values.iter().any(|v| !v.is_finite()) {
            return Err(PuctError::Values {
                got: values.len(),
                players,
            });
        }
        let priors = normalized(priors, legal.len())?;
        let first = self.nodes.len() as u32;
        let player = st.current_player();
        for (step, prior) in legal.iter().zip(priors) {
            self.nodes.push(Node {
                step: *step,
                player,
                prior,
                visits: 0,
                value: 0.0,
                first_child: 0,
                num_children: 0,
                expanded: false,
            });
        }
        let children = &mut self.nodes[first as usize..];
        for i in (1..children.len()).rev() {
            let j = self.rng.random_range(0..=i);
            children.swap(i, j);
        }
        let n = &mut self.nodes[node as usize];
        n.expanded = true;
        n.first_child = first;
        n.num_children = legal.len() as u32;
        Ok(values)
    }
}

/// `priors` divided by their sum (all alike when `None` or summing to 0).
fn normalized(priors: Option<Vec<f64>>, steps: usize) -> Result<Vec<f64>, PuctError> {
    let uniform = vec![1.0 / steps.max(1) as f64; steps];
    let Some(p) = priors else {
        return Ok(uniform);
    };
    if p.len() != steps || p.iter().any(|x| !x.is_finite() || *x < 0.0) {
        return Err(PuctError::Priors {
            got: p.len(),
            steps,
        });
    }
    let sum: f64 = p.iter().sum();
    if sum <= 0.0 {
        return Ok(uniform);
    }
    Ok(p.iter().map(|x| x / sum).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::{fixture, seeded_rng};

    /// Every position even, no priors; counts its calls, stops at `stop`.
    struct Even {
        calls: u32,
        stop: u32,
    }

    impl Evaluator for Even {
        fn evaluate(&mut self, st: &State, _: &[Move], steps: &[Move]) -> Option<Evaluation> {
            self.calls += 1;
            assert_eq!(steps, st.legal_steps());
            (self.calls < self.stop).then(|| Evaluation {
                values: vec![0.0; 2],
                priors: None,
            })
        }
    }

    #[test]
    fn finds_the_one_move_win_by_its_outcome() {
        // The position of mcts.rs's tests: Dark's 3-6 leaves Light without
        // a move (a win), 4-7 does not.
        let st = State::from_fen(fixture::game(), "B:W2,9:B3,4").unwrap();
        for seed in 0..4 {
            let mut p = Puct::new(Budget::Iterations(50), seeded_rng(seed, 0, 0));
            let mut ev = Even {
                calls: 0,
                stop: u32::MAX,
            };
            let m = p.search(&st, &mut ev).unwrap().unwrap();
            assert_eq!(st.move_to_string(&m), "3-6");
            assert_eq!(p.stats().iterations, 50);
            assert_eq!(p.stats().evaluations, ev.calls);
        }
    }

    #[test]
    fn a_batched_search_finds_the_win_in_batches_of_at_most_its_size() {
        struct Batches(Vec<usize>);
        impl Evaluator for Batches {
            fn evaluate(&mut self, _: &State, _: &[Move], _: &[Move]) -> Option<Evaluation> {
                unreachable!("a batched search asks for batches")
            }
            fn evaluate_batch(
                &mut self,
                states: &[State],
                _: &[Vec<Move>],
                _: &[Vec<Move>],
            ) -> Option<Vec<Evaluation>> {
                self.0.push(states.len());
                Some(vec![
                    Evaluation {
                        values: vec![0.0; 2],
                        priors: None,
                    };
                    states.len()
                ])
            }
        }
        let st = State::from_fen(fixture::game(), "B:W2,9:B3,4").unwrap();
        let mut p = Puct::new(Budget::Iterations(64), seeded_rng(3, 0, 0));
        p.batch = 8;
        let mut ev = Batches(Vec::new());
        let m = p.search(&st, &mut ev).unwrap().unwrap();
        assert_eq!(st.move_to_string(&m), "3-6");
        assert_eq!(p.stats().iterations, 64);
        // From the start, a tree wide enough to fill batches.
        let mut ev = Batches(Vec::new());
        p.search(&fixture::start(), &mut ev).unwrap().unwrap();
        assert!(ev.0.iter().all(|&n| (1..=8).contains(&n)), "{:?}", ev.0);
        assert!(ev.0.iter().any(|&n| n > 1), "{:?}", ev.0);
        assert_eq!(ev.0.iter().sum::<usize>() as u32, p.stats().evaluations);
        // The root's visits are the walks: virtual losses all taken back.
        assert_eq!(p.nodes[0].visits, 64);
    }

    #[test]
    fn an_evaluator_that_stops_stops_the_search() {
        let st = fixture::start();
        let mut p = Puct::new(Budget::Iterations(100), seeded_rng(1, 0, 0));
        let mut ev = Even { calls: 0, stop: 5 };
        assert_eq!(p.search(&st, &mut ev), Err(PuctError::Stopped));
        assert_eq!(ev.calls, 5);
    }

    #[test]
    fn priors_of_the_wrong_length_are_refused() {
        assert!(normalized(Some(vec![1.0]), 2).is_err());
        assert!(normalized(Some(vec![1.0, -1.0]), 2).is_err());
        assert_eq!(normalized(Some(vec![0.0, 0.0]), 2), Ok(vec![0.5, 0.5]));
        assert_eq!(normalized(Some(vec![1.0, 3.0]), 2), Ok(vec![0.25, 0.75]));
    }
}
