//! A set of sites in one machine word: `u64` for boards of at most 64
//! sites, `u128` up to 128 (a `u128` takes two instructions where a `u64`
//! takes one, and Polypods' default board has 48 sites). The compiled
//! conditions of [`crate::engine::bitcond`] are generic over it.

use crate::board::Site;
use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of sites in one word (see the module's documentation).
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
    /// The lowest site of a non-empty set.
    fn lowest(self) -> Site;
    /// How many sites.
    fn ones(self) -> u32;
    /// The set without its lowest site.
    fn without_lowest(self) -> Self;
    /// The sites of a `u128` below [`Word::SITES`].
    fn narrow(x: u128) -> Self;
    /// The same sites as a `u128`.
    fn wide(self) -> u128;
    /// Every site moved `by` places up (down when negative); sites moved
    /// past either end are lost.
    fn shift(self, by: i32) -> Self;
}

impl Word for u64 {
    const SITES: usize = 64;
    const ZERO: u64 = 0;
    #[inline(always)]
    fn bit(s: Site) -> u64 {
        1u64.checked_shl(u32::from(s)).unwrap_or(0)
    }
    #[inline(always)]
    fn lowest(self) -> Site {
        self.trailing_zeros() as Site
    }
    #[inline(always)]
    fn ones(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn without_lowest(self) -> u64 {
        self & self.wrapping_sub(1)
    }
    #[inline(always)]
    fn narrow(x: u128) -> u64 {
        x as u64
    }
    #[inline(always)]
    fn wide(self) -> u128 {
        u128::from(self)
    }
    #[inline(always)]
    fn shift(self, by: i32) -> u64 {
        if by >= 0 {
            self.checked_shl(by as u32).unwrap_or(0)
        } else {
            self.checked_shr(by.unsigned_abs()).unwrap_or(0)
        }
    }
}

/// The set of each site, read instead of shifted (a shift of a `u128` by
/// a variable amount takes several instructions).
static BITS: [u128; 128] = {
    let mut t = [0; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

impl Word for u128 {
    const SITES: usize = 128;
    const ZERO: u128 = 0;
    #[inline(always)]
    fn bit(s: Site) -> u128 {
        BITS.get(s as usize).copied().unwrap_or(0)
    }
    #[inline(always)]
    fn lowest(self) -> Site {
        self.trailing_zeros() as Site
    }
    #[inline(always)]
    fn ones(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn without_lowest(self) -> u128 {
        self & self.wrapping_sub(1)
    }
    #[inline(always)]
    fn narrow(x: u128) -> u128 {
        x
    }
    #[inline(always)]
    fn wide(self) -> u128 {
        self
    }
    #[inline(always)]
    fn shift(self, by: i32) -> u128 {
        if by >= 0 {
            self.checked_shl(by as u32).unwrap_or(0)
        } else {
            self.checked_shr(by.unsigned_abs()).unwrap_or(0)
        }
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

    fn check<W: Word>() {
        let x = W::bit(3) | W::bit(40) | W::bit(0);
        assert_eq!(sites(x).collect::<Vec<_>>(), [0, 3, 40]);
        assert_eq!(x.ones(), 3);
        assert_eq!(x.lowest(), 0);
        assert_eq!(x.without_lowest(), W::bit(3) | W::bit(40));
        assert_eq!(W::narrow(1 << 3 | 1 << 40 | 1), x);
        assert_eq!(W::bit(W::SITES as Site), W::ZERO);
        assert_eq!(W::bit(Site::MAX), W::ZERO);
        assert_eq!(x.shift(2), W::bit(5) | W::bit(42) | W::bit(2));
        assert_eq!(x.shift(-3), W::bit(0) | W::bit(37));
        assert_eq!(x.shift(W::SITES as i32), W::ZERO);
        assert_eq!(x.shift(-(W::SITES as i32)), W::ZERO);
    }

    #[test]
    fn both_widths_hold_sites_alike() {
        check::<u64>();
        check::<u128>();
        assert_eq!(u128::bit(100).ones(), 1);
    }
}
