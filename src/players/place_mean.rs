//! A seat's mean place over many games of more than two players, with its
//! 95% interval (docs/players.md, "Several players"; `ludic analyze`).

use serde::Serialize;

/// A seat's mean place over the finished games (1 first), with a 95%
/// interval: the normal approximation, mean ± 1.96 · s / √n with `s` the
/// sample standard deviation, clamped to the places `1..=seats`. With one
/// game (or none) the interval is the whole range of places.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct MeanPlace {
    /// Finished games counted.
    pub of: u64,
    /// The mean place (0 when `of` is 0).
    pub mean: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

impl MeanPlace {
    /// From the sum of `of` places and the sum of their squares, in a game
    /// of `seats` players.
    pub fn new(sum: u64, squares: u64, of: u64, seats: usize) -> MeanPlace {
        let last = seats.max(1) as f64;
        if of == 0 {
            return MeanPlace {
                of,
                mean: 0.0,
                low: 1.0,
                high: last,
            };
        }
        let n = of as f64;
        let mean = sum as f64 / n;
        if of == 1 {
            return MeanPlace {
                of,
                mean,
                low: 1.0,
                high: last,
            };
        }
        // Sample variance from the two sums: (Σx² − n·mean²) / (n − 1).
        let var = ((squares as f64 - n * mean * mean) / (n - 1.0)).max(0.0);
        let half = 1.959_963_984_540_054 * (var / n).sqrt();
        MeanPlace {
            of,
            mean,
            low: (mean - half).max(1.0),
            high: (mean + half).min(last),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interval_is_the_normal_one_around_the_mean() {
        // Places 1, 2, 3, 2: mean 2, sample variance 2/3.
        let m = MeanPlace::new(8, 18, 4, 3);
        assert_eq!(m.mean, 2.0);
        let half = 1.959_963_984_540_054 * (2.0f64 / 3.0 / 4.0).sqrt();
        assert!((m.low - (2.0 - half)).abs() < 1e-12);
        assert!((m.high - (2.0 + half)).abs() < 1e-12);
    }

    #[test]
    fn few_games_or_equal_places_give_honest_bounds() {
        assert_eq!(MeanPlace::new(0, 0, 0, 4).high, 4.0);
        let one = MeanPlace::new(3, 9, 1, 4);
        assert_eq!((one.mean, one.low, one.high), (3.0, 1.0, 4.0));
        // Always first: no spread, the interval is the point.
        let first = MeanPlace::new(5, 5, 5, 6);
        assert_eq!((first.low, first.high), (1.0, 1.0));
    }
}
