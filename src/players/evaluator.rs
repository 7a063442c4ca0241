//! Positions judged from outside the crate: a function (from Python, a
//! network) that the searches ask instead of playouts ([`super::Puct`])
//! or the game's heuristic ([`super::AlphaBeta::set_evaluator`]), as an
//! AlphaZero-style loop needs.

use crate::engine::{Move, Outcome, State};

/// What an [`Evaluator`] says of a position.
#[derive(Debug, Clone, PartialEq)]
pub struct Evaluation {
    /// Each player's value, in turn order, from -1 (a sure loss: last
    /// alone) to 1 (a sure win: first alone); 0 is even. A finished game's
    /// values are its returns ([`outcome_values`]).
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
/// counts them: the seats' returns ([`Outcome::returns`]). With two
/// players, 1 for the winner and -1 for the loser, 0 for both on a draw;
/// with more, graded by place, and seats sharing a place (a first place
/// two seats share) share its value.
pub fn outcome_values(outcome: Outcome, players: usize) -> Vec<f64> {
    outcome.returns(players)
}

/// Each player's value of the finished game `st`, within [−1, 1] as
/// [`Evaluation::values`] are: its returns ([`State::returns`], the
/// stake included) over the game's largest stake
/// ([`crate::compile::Game::max_stake`]); [`outcome_values`] without
/// stakes. A gammon of backgammon (stake 2 of at most 3): ±⅔.
pub fn final_values(st: &State) -> Vec<f64> {
    let most = f64::from(st.game().max_stake().max(1));
    st.returns().into_iter().map(|r| r / most).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{EndReason, MAX_SEATS, Places};

    fn ranked(p: &[u8]) -> Outcome {
        let mut all = [0; MAX_SEATS];
        all[..p.len()].copy_from_slice(p);
        Outcome::Ranked(Places(all), EndReason::Result)
    }

    #[test]
    fn two_players_score_a_win_a_loss_and_a_draw() {
        let r = EndReason::Result;
        assert_eq!(outcome_values(Outcome::Win(1, r), 2), vec![-1.0, 1.0]);
        assert_eq!(outcome_values(Outcome::Draw(r), 2), vec![0.0, 0.0]);
    }

    #[test]
    fn a_shared_first_place_shares_its_value() {
        // Three seats score by place 1 - 2(i - 1)/2: 1, 0, -1. Places
        // [1, 1, 3]: seats 0 and 1 share places 1 and 2, (1 + 0)/2 = 0.5;
        // seat 2 is third alone, -1.
        assert_eq!(outcome_values(ranked(&[1, 1, 3]), 3), vec![0.5, 0.5, -1.0]);
        // Four seats score 1, 1/3, -1/3, -1. Places [3, 1, 1, 3]: the
        // first two share (1 + 1/3)/2 = 2/3, the last two (-1/3 - 1)/2.
        let v = outcome_values(ranked(&[3, 1, 1, 3]), 4);
        let want = [-2.0 / 3.0, 2.0 / 3.0, 2.0 / 3.0, -2.0 / 3.0];
        assert!(v.iter().zip(want).all(|(a, b)| (a - b).abs() < 1e-12));
        // A win among three: the others share places 2 and 3, (0 - 1)/2.
        let win = Outcome::Win(2, EndReason::Result);
        assert_eq!(outcome_values(win, 3), vec![-0.5, -0.5, 1.0]);
        // Everyone first is a draw: (1 + 0 - 1)/3 = 0 each.
        assert_eq!(outcome_values(ranked(&[1, 1, 1]), 3), vec![0.0; 3]);
    }
}
