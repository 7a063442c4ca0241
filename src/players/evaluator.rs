//! Positions judged from outside the crate: a function (from Python, a
//! network) that the searches ask instead of playouts ([`super::Puct`])
//! or the game's heuristic ([`super::AlphaBeta::set_evaluator`]), as an
//! AlphaZero-style loop needs.

use crate::engine::{Move, Outcome, State};

/// What an [`Evaluator`] says of a position.
#[derive(Debug, Clone, PartialEq)]
pub struct Evaluation {
    /// Each player's value, in turn order, from -1 (a sure loss) to 1 (a
    /// sure win); 0 is even.
    pub values: Vec<f64>,
    /// A weight for each step the search asked about (same order), not
    /// negative; the search divides them by their sum. `None`: all alike.
    pub priors: Option<Vec<f64>>,
}

/// A judge of positions the searches call at their leaves.
pub trait Evaluator {
    /// Judges `st`, reached by the steps `path` from the search's root;
    /// `steps` are the legal steps of `st` the search wants priors for
    /// (empty when it wants values only: alpha-beta). `None` stops the
    /// search: the evaluator keeps why (a Python exception) for its
    /// caller.
    fn evaluate(&mut self, st: &State, path: &[Move], steps: &[Move]) -> Option<Evaluation>;

    /// Judges several positions at once, in order (a batched search,
    /// [`super::Puct::batch`]): `paths[i]` and `steps[i]` are those of
    /// `states[i]`. By default one [`Evaluator::evaluate`] each.
    fn evaluate_batch(
        &mut self,
        states: &[State],
        paths: &[Vec<Move>],
        steps: &[Vec<Move>],
    ) -> Option<Vec<Evaluation>> {
        states
            .iter()
            .zip(paths)
            .zip(steps)
            .map(|((st, path), steps)| self.evaluate(st, path, steps))
            .collect()
    }
}

/// Each player's value of a finished game, as [`Evaluation::values`]
/// counts them: 1 for the winner and -1 for the others, 0 for all on a
/// draw.
pub fn outcome_values(outcome: Outcome, players: usize) -> Vec<f64> {
    match outcome.winner() {
        Some(w) => (0..players)
            .map(|p| if p == usize::from(w) { 1.0 } else { -1.0 })
            .collect(),
        None => vec![0.0; players],
    }
}
