//! Draws of `random_range(0..k)` made directly: one draw, and the draws
//! of a rejection loop whose every candidate fails (`n` draws for `k =
//! n, n − 1, …, 1` whose values are not used, only the words they take
//! from the generator, so that the draws after them are the same).
//!
//! A draw of `random_range(0..k)` (rand's `UniformInt<u32>`, Canon's
//! method, for `k` below 2³²) takes one word `x`: the draw is the high
//! half of `x × k`; when its low half lies above `2³² − k`, a second word
//! `y` is taken, and the draw is one more when the high half of `y × k`
//! added to that low half overflows. The unit tests below hold these
//! draws to rand's (if rand changes how it draws, they fail).

use rand::{Rng, RngExt};

/// `rng.random_range(0..k)` (`k` above 0), the same draw.
#[inline]
pub(crate) fn draw_below<R: Rng>(rng: &mut R, k: usize) -> usize {
    let Ok(k32) = u32::try_from(k) else {
        return rng.random_range(0..k);
    };
    let wide = u64::from(rng.next_u32()) * u64::from(k32);
    let (mut high, low) = ((wide >> 32) as u32, wide as u32);
    if low > k32.wrapping_neg() {
        let more = ((u64::from(rng.next_u32()) * u64::from(k32)) >> 32) as u32;
        high += low.checked_add(more).is_none() as u32;
    }
    high as usize
}

/// Takes from `rng` the words of `n` draws `random_range(0..k)`, `k`
/// from `n` down to 1 (see the module's documentation).
#[inline]
pub(crate) fn skip_draws<R: Rng>(rng: &mut R, n: usize) {
    for k in (1..=n).rev() {
        let Ok(k) = u32::try_from(k) else {
            let _ = rng.random_range(0..k);
            continue;
        };
        let low = rng.next_u32().wrapping_mul(k);
        if low > k.wrapping_neg() {
            let _ = rng.next_u32();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{SeedableRng, TryRng};
    use rand_chacha::ChaCha8Rng;
    use std::convert::Infallible;

    #[test]
    fn skipped_draws_take_the_words_of_random_range() {
        for seed in 0..50 {
            for n in [0, 1, 2, 7, 64, 200, 1000] {
                let mut a = ChaCha8Rng::seed_from_u64(seed);
                let mut b = a.clone();
                for k in (1..=n).rev() {
                    let _ = a.random_range(0..k);
                }
                skip_draws(&mut b, n);
                assert_eq!(a.next_u64(), b.next_u64(), "seed {seed}, {n} draws");
            }
        }
    }

    #[test]
    fn a_draw_below_is_the_draw_of_random_range() {
        for seed in 0..20 {
            let mut a = ChaCha8Rng::seed_from_u64(seed);
            let mut b = a.clone();
            for k in (1..300).chain([1 << 20, u32::MAX as usize, 1 << 40]) {
                assert_eq!(
                    a.random_range(0..k),
                    draw_below(&mut b, k),
                    "seed {seed}, k {k}"
                );
            }
            assert_eq!(a.next_u64(), b.next_u64());
        }
        // The biased zone, with and without the carry.
        for words in [[0x5555_5555, 0xFFFF_FFFF], [0x5555_5555, 0]] {
            let (mut a, mut b) = (Words(words.to_vec(), 0), Words(words.to_vec(), 0));
            assert_eq!(a.random_range(0..3usize), draw_below(&mut b, 3));
            assert_eq!((a.1, b.1), (2, 2));
        }
    }

    /// Words from a list, then a count of the words taken.
    struct Words(Vec<u32>, usize);

    impl TryRng for Words {
        type Error = Infallible;
        fn try_next_u32(&mut self) -> Result<u32, Infallible> {
            self.1 += 1;
            Ok(self.0.get(self.1 - 1).copied().unwrap_or(0))
        }
        fn try_next_u64(&mut self) -> Result<u64, Infallible> {
            Ok(u64::from(self.try_next_u32()?) | u64::from(self.try_next_u32()?) << 32)
        }
        fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
            dst.iter_mut().for_each(|b| *b = 0);
            Ok(())
        }
    }

    #[test]
    fn a_draw_in_the_biased_zone_takes_a_second_word_both_ways() {
        // k = 3: 0x5555_5555 × 3 = 0xFFFF_FFFF lies above 2^32 − 3.
        let words = vec![0, 0x5555_5555, 7, 0x5555_5555, 9, 9];
        let mut a = Words(words.clone(), 0);
        for k in (1..=4usize).rev() {
            let _ = a.random_range(0..k);
        }
        let mut b = Words(words, 0);
        skip_draws(&mut b, 4);
        // Four draws, one of them of two words.
        assert_eq!((a.1, b.1), (5, 5));
    }
}
