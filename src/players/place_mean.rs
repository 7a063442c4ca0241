//! A seat's mean place over many games of more than two players, and its
//! mean return over any games, each with its 95% interval (docs/players.md,
//! "Several players"; `ludic analyze`).

use serde::Serialize;

/// A seat's mean over many games with its 95% interval: its mean place
/// ([`SeatMean::of_places`]) or its mean return ([`SeatMean::of_returns`]).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SeatMean {
    /// Games counted.
    pub of: u64,
    /// The mean (0 when `of` is 0).
    pub mean: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

impl SeatMean {
    /// A seat's mean place over the `of` finished games (1 first), from
    /// the sum of their places and of their squares, in a game of `seats`
    /// players. The interval is the normal approximation, mean ± 1.96 ·
    /// s / √n with `s` the sample standard deviation, clamped to the
    /// places `1..=seats`; with one game (or none) it is the whole range
    /// of places.
    pub fn of_places(sum: u64, squares: u64, of: u64, seats: usize) -> SeatMean {
        let last = seats.max(1) as f64;
        let mean = if of == 0 { 0.0 } else { sum as f64 / of as f64 };
        SeatMean::normal(of, mean, squares as f64, (1.0, last))
    }

    /// A seat's mean return over the `of` games of an analysis
    /// ([`crate::engine::Outcome::returns`], OpenSpiel's convention: +1,
    /// −1, 0 for a win, a loss and a draw with two players; from +1 first
    /// to −1 last with more; 0 for a game stopped unfinished, as
    /// [`crate::engine::State::returns`] gives a game in progress), from
    /// the sum of the returns and of their squares, both in units of `1 /
    /// unit` (returns kept as whole numbers of a unit, so that the sums
    /// add up exactly: [`return_unit`]). The interval is mean ± 1.96 · s /
    /// √n, clamped to [−bound, bound] (`bound`: the largest stake a game
    /// can be worth, 1 without `(stakes …)`); the whole of it with one
    /// game or none.
    pub fn of_returns(sum: i64, squares: u64, of: u64, unit: u64, bound: f64) -> SeatMean {
        let u = unit.max(1) as f64;
        let mean = if of == 0 {
            0.0
        } else {
            sum as f64 / u / of as f64
        };
        SeatMean::normal(of, mean, squares as f64 / (u * u), (-bound, bound))
    }

    /// The mean of `of` values with the sum of their squares `squares`,
    /// and its normal 95% interval clamped to `range` (the whole range
    /// with fewer than two values).
    fn normal(of: u64, mean: f64, squares: f64, range: (f64, f64)) -> SeatMean {
        let (low, high) = if of < 2 {
            range
        } else {
            // Sample variance from the two sums: (Σx² − n·mean²) / (n − 1).
            let n = of as f64;
            let var = ((squares - n * mean * mean) / (n - 1.0)).max(0.0);
            let half = 1.959_963_984_540_054 * (var / n).sqrt();
            ((mean - half).max(range.0), (mean + half).min(range.1))
        };
        SeatMean {
            of,
            mean,
            low,
            high,
        }
    }
}

/// The unit in which a tally keeps the returns of a game of `n` seats:
/// every return [`crate::engine::Outcome::returns`] gives, `1 − 2m/(n − 1)`
/// with `m` a whole or half number, is a whole multiple of
/// `1 / (2(n − 1))`.
pub fn return_unit(n: usize) -> u64 {
    2 * (n.max(2) as u64 - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interval_is_the_normal_one_around_the_mean() {
        // Places 1, 2, 3, 2: mean 2, sample variance 2/3.
        let m = SeatMean::of_places(8, 18, 4, 3);
        assert_eq!(m.mean, 2.0);
        let half = 1.959_963_984_540_054 * (2.0f64 / 3.0 / 4.0).sqrt();
        assert!((m.low - (2.0 - half)).abs() < 1e-12);
        assert!((m.high - (2.0 + half)).abs() < 1e-12);
    }

    #[test]
    fn few_games_or_equal_places_give_honest_bounds() {
        assert_eq!(SeatMean::of_places(0, 0, 0, 4).high, 4.0);
        let one = SeatMean::of_places(3, 9, 1, 4);
        assert_eq!((one.mean, one.low, one.high), (3.0, 1.0, 4.0));
        // Always first: no spread, the interval is the point.
        let first = SeatMean::of_places(5, 5, 5, 6);
        assert_eq!((first.low, first.high), (1.0, 1.0));
    }

    #[test]
    fn a_mean_return_is_the_mean_of_the_returns_with_its_interval() {
        // Two players, unit 2: a win, a loss, a win, a draw (+1 −1 +1 0):
        // mean 1/4, sample variance (3 − 4/16) / 3 = 11/12.
        let returns: [i64; 4] = [2, -2, 2, 0];
        let squares = returns.iter().map(|r| r.unsigned_abs().pow(2)).sum();
        let m = SeatMean::of_returns(returns.iter().sum(), squares, 4, return_unit(2), 1.0);
        assert_eq!(m.mean, 0.25);
        let half = 1.959_963_984_540_054 * (11.0f64 / 12.0 / 4.0).sqrt();
        assert!((m.low - (0.25 - half).max(-1.0)).abs() < 1e-12);
        assert!((m.high - (0.25 + half).min(1.0)).abs() < 1e-12);
        // Always first: the point; one game: the whole range.
        let first = SeatMean::of_returns(3 * 4, 3 * 16, 3, return_unit(3), 1.0);
        assert_eq!((first.mean, first.low, first.high), (1.0, 1.0, 1.0));
        let one = SeatMean::of_returns(-4, 16, 1, return_unit(3), 1.0);
        assert_eq!((one.mean, one.low, one.high), (-1.0, -1.0, 1.0));
        assert_eq!(return_unit(6), 10);
    }
}
