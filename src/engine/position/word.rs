//! The operations of a site set, [`Bits`], as a trait, so that code over
//! sets stays generic over the set's width: `Bits<1>` for boards of at
//! most 64 sites, `Bits<2>` up to 128 (Polypods' default board has 48
//! sites, and a one-word set takes one instruction where two words take
//! two). The compiled conditions of [`crate::engine::bitcond`], the
//! positions of [`crate::engine::bitpos`] and the perft kernel are generic
//! over it. `Word` is implemented by [`Bits`] alone: there is one site-set
//! type, of one, two or more words.
//!
//! The operators `&`, `|`, `^`, `!` (and their assignments) act word by
//! word; `!` flips every bit of every word, sites past the board's
//! included.

use crate::board::Site;
use crate::engine::bits::Bits;
use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A site set of some width (see the module's documentation).
pub(crate) trait Word:
    Copy
    + Default
    + Eq
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// Most sites a set holds.
    const SITES: usize;
    /// No site.
    const ZERO: Self;
    /// The set of site `s`; empty when `s` is past [`Word::SITES`].
    fn bit(s: Site) -> Self;
    /// The lowest site of a non-empty set ([`Word::SITES`] when empty).
    fn lowest(self) -> Site;
    /// The highest site of a non-empty set ([`Word::SITES`] when empty).
    fn highest(self) -> Site;
    /// How many sites.
    fn ones(self) -> u32;
    /// The set without its lowest site.
    fn without_lowest(self) -> Self;
    /// Every site moved `by` places up (down when negative); sites moved
    /// past either end are lost.
    fn shift(self, by: i32) -> Self;
    /// The set's words (site `s` is bit `s % 64` of word `s / 64`).
    fn words(&self) -> &[u64];
    /// The set of the sites of words `w` that it holds (the words past
    /// its width dropped, those past `w` empty).
    fn from_words(w: &[u64]) -> Self;
    /// The same sites in a set of width `V` (those past its width
    /// dropped).
    #[inline(always)]
    fn resized<V: Word>(self) -> V {
        V::from_words(self.words())
    }
}

/// Two words as one `u128` (the halves of a [`Bits<2>`]): an
/// implementation detail of the two-word operations, whose carries the
/// compiler then handles as it does for a `u128`.
#[inline(always)]
fn join(w: &[u64]) -> u128 {
    u128::from(w[0]) | u128::from(w[1]) << 64
}

/// The words of [`join`]'s `u128`, in an array of `N` = 2 words.
#[inline(always)]
fn split<const N: usize>(x: u128) -> Bits<N> {
    let mut out = [0; N];
    out[0] = x as u64;
    out[1] = (x >> 64) as u64;
    Bits(out)
}

/// The two-word set of each site as [`join`] has it, read instead of
/// worked out (choosing the word takes more instructions).
static TWO_WORD_BITS: [u128; 128] = {
    let mut t = [0; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

impl<const N: usize> Word for Bits<N> {
    const SITES: usize = 64 * N;
    const ZERO: Bits<N> = Bits([0; N]);

    #[inline(always)]
    fn bit(s: Site) -> Bits<N> {
        let mut out = [0; N];
        if N == 1 {
            out[0] = 1u64.checked_shl(u32::from(s)).unwrap_or(0);
        } else if N == 2 {
            return split(TWO_WORD_BITS.get(s as usize).copied().unwrap_or(0));
        } else {
            let (w, b) = (s as usize / 64, 1u64 << (s % 64));
            for (i, o) in out.iter_mut().enumerate() {
                *o = if i == w { b } else { 0 };
            }
        }
        Bits(out)
    }

    #[inline(always)]
    fn lowest(self) -> Site {
        if N == 1 {
            return self.0[0].trailing_zeros() as Site;
        }
        if N == 2 {
            return join(&self.0).trailing_zeros() as Site;
        }
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return (i * 64) as Site + w.trailing_zeros() as Site;
            }
        }
        Self::SITES as Site
    }

    #[inline(always)]
    fn highest(self) -> Site {
        if N == 2 {
            let x = join(&self.0);
            return if x == 0 {
                128
            } else {
                127 - x.leading_zeros() as Site
            };
        }
        for (i, &w) in self.0.iter().enumerate().rev() {
            if w != 0 {
                return (i * 64) as Site + 63 - w.leading_zeros() as Site;
            }
        }
        Self::SITES as Site
    }

    #[inline(always)]
    fn ones(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    #[inline(always)]
    fn without_lowest(self) -> Bits<N> {
        if N == 1 {
            let w = self.0[0];
            let mut out = [0; N];
            out[0] = w & w.wrapping_sub(1);
            return Bits(out);
        }
        if N == 2 {
            let x = join(&self.0);
            return split(x & x.wrapping_sub(1));
        }
        let mut out = self.0;
        if let Some(w) = out.iter_mut().find(|w| **w != 0) {
            *w &= *w - 1;
        }
        Bits(out)
    }

    #[inline(always)]
    fn shift(self, by: i32) -> Bits<N> {
        if N == 1 {
            let w = self.0[0];
            let mut out = [0; N];
            out[0] = if by >= 0 {
                w.checked_shl(by as u32).unwrap_or(0)
            } else {
                w.checked_shr(by.unsigned_abs()).unwrap_or(0)
            };
            return Bits(out);
        }
        if N == 2 {
            let x = join(&self.0);
            let y = if by >= 0 {
                x.checked_shl(by as u32).unwrap_or(0)
            } else {
                x.checked_shr(by.unsigned_abs()).unwrap_or(0)
            };
            return split(y);
        }
        self.shifted(by.saturating_neg())
    }

    #[inline(always)]
    fn words(&self) -> &[u64] {
        &self.0
    }

    #[inline(always)]
    fn from_words(w: &[u64]) -> Bits<N> {
        let mut out = [0; N];
        for (o, &x) in out.iter_mut().zip(w) {
            *o = x;
        }
        Bits(out)
    }
}

impl<const N: usize> Default for Bits<N> {
    #[inline(always)]
    fn default() -> Bits<N> {
        Bits([0; N])
    }
}

/// A word-by-word operator and its assignment on [`Bits`].
macro_rules! wordwise {
    ($op:ident, $f:ident, $opa:ident, $fa:ident, $sym:tt) => {
        impl<const N: usize> $op for Bits<N> {
            type Output = Bits<N>;
            #[inline(always)]
            fn $f(self, o: Bits<N>) -> Bits<N> {
                Bits(std::array::from_fn(|i| self.0[i] $sym o.0[i]))
            }
        }
        impl<const N: usize> $opa for Bits<N> {
            #[inline(always)]
            fn $fa(&mut self, o: Bits<N>) {
                for (a, b) in self.0.iter_mut().zip(o.0) {
                    *a = *a $sym b;
                }
            }
        }
    };
}

wordwise!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
wordwise!(BitOr, bitor, BitOrAssign, bitor_assign, |);
wordwise!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<const N: usize> Not for Bits<N> {
    type Output = Bits<N>;
    #[inline(always)]
    fn not(self) -> Bits<N> {
        Bits(self.0.map(|w| !w))
    }
}

/// The sites of a set, in increasing order.
#[inline]
pub(crate) fn sites<W: Word>(mut x: W) -> impl Iterator<Item = Site> {
    std::iter::from_fn(move || {
        (x != W::ZERO).then(|| {
            let s = x.lowest();
            x = x.without_lowest();
            s
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    /// A set as the brute force holds it: the sites, below `64 × N`.
    fn model<const N: usize>(x: Bits<N>) -> BTreeSet<i64> {
        (0..64 * N as i64).filter(|&s| x.has(s as Site)).collect()
    }

    /// The set of the brute force's sites.
    fn of<const N: usize>(m: &BTreeSet<i64>) -> Bits<N> {
        let mut out = [0u64; N];
        for &s in m {
            out[s as usize / 64] |= 1 << (s % 64);
        }
        Bits(out)
    }

    fn sets<const N: usize>() -> impl Strategy<Value = Bits<N>> {
        // Sparse, dense and word-edge sets alike.
        let word = prop_oneof![
            any::<u64>(),
            Just(0u64),
            Just(u64::MAX),
            Just(1u64),
            Just(1u64 << 63),
            any::<u64>().prop_map(|w| w & w >> 7),
        ];
        prop::collection::vec(word, N).prop_map(|v| Bits(v.try_into().unwrap()))
    }

    /// Every operation of `Bits<N>` against the brute force on `x`, `y`,
    /// site `s` and shift `k`.
    fn check<const N: usize>(x: Bits<N>, y: Bits<N>, s: u16, k: i32) {
        let n = 64 * N as i64;
        let (mx, my) = (model(x), model(y));
        let all: BTreeSet<i64> = (0..n).collect();
        assert_eq!(model(x & y), &mx & &my);
        assert_eq!(model(x | y), &mx | &my);
        assert_eq!(model(x ^ y), &mx ^ &my);
        assert_eq!(model(!x), &all - &mx);
        let (mut a, mut o) = (x, x);
        a &= y;
        o |= y;
        assert_eq!((a, o), (x & y, x | y));
        assert_eq!(model(x.minus(y)), &mx - &my);
        assert_eq!(x.ones() as usize, mx.len());
        assert_eq!(x.is_empty(), mx.is_empty());
        assert_eq!(x == Bits::ZERO, mx.is_empty());
        assert_eq!(x.has(s), mx.contains(&i64::from(s)));
        let want: BTreeSet<i64> = [i64::from(s)].into_iter().filter(|&t| t < n).collect();
        assert_eq!(model(Bits::<N>::bit(s)), want);
        let lowest = mx.first().copied().unwrap_or(n);
        assert_eq!(i64::from(x.lowest()), lowest);
        let highest = mx.last().copied().unwrap_or(n);
        assert_eq!(i64::from(x.highest()), highest);
        let rest: BTreeSet<i64> = mx.iter().copied().skip(1).collect();
        assert_eq!(model(x.without_lowest()), rest);
        let listed: Vec<i64> = mx.iter().copied().collect();
        assert_eq!(x.iter().map(i64::from).collect::<Vec<_>>(), listed);
        assert_eq!(sites(x).map(i64::from).collect::<Vec<_>>(), listed);
        let k = i64::from(k);
        let up: BTreeSet<i64> = mx
            .iter()
            .map(|&t| t + k)
            .filter(|t| (0..n).contains(t))
            .collect();
        assert_eq!(model(x.shift(k as i32)), up);
        let down: BTreeSet<i64> = mx
            .iter()
            .map(|&t| t - k)
            .filter(|t| (0..n).contains(t))
            .collect();
        assert_eq!(model(x.shifted(k as i32)), down);
        // `shifted_within` with a mask of the sites that stay on the board.
        let mask: BTreeSet<i64> = (0..n).filter(|t| (0..n).contains(&(t + k))).collect();
        if k.abs() < n {
            assert_eq!(model(x.shifted_within(k as i32, of(&mask))), down);
        }
        assert_eq!(of::<N>(&mx), x);
        assert_eq!(Bits::<N>::from_words(x.words()), x);
        let wide: BTreeSet<i64> = mx.clone();
        assert_eq!(model(x.resized::<Bits<4>>()), wide);
        let narrow: BTreeSet<i64> = mx.iter().copied().filter(|&t| t < 64).collect();
        assert_eq!(model(x.resized::<Bits<1>>()), narrow);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn one_word_sets_are_sets(x in sets::<1>(), y in sets::<1>(), s in 0u16..80, k in -80i32..80) {
            check(x, y, s, k);
        }

        #[test]
        fn two_word_sets_are_sets(x in sets::<2>(), y in sets::<2>(), s in 0u16..150, k in -150i32..150) {
            check(x, y, s, k);
        }

        #[test]
        fn four_word_sets_are_sets(x in sets::<4>(), y in sets::<4>(), s in 0u16..280, k in -280i32..280) {
            check(x, y, s, k);
        }
    }

    #[test]
    fn far_shifts_and_far_sites_give_nothing() {
        let x = Bits::<2>::bit(3) | Bits::bit(100);
        for by in [128, -128, 1000, -1000, i32::MAX, i32::MIN] {
            assert_eq!(x.shift(by), Bits::ZERO);
            assert_eq!(x.shifted(by), Bits::ZERO);
        }
        assert_eq!(Bits::<1>::bit(Site::MAX), Bits::ZERO);
        assert_eq!(Bits::<4>::bit(Site::MAX), Bits::ZERO);
        assert_eq!(Bits::<2>::ZERO.lowest(), 128);
    }
}
