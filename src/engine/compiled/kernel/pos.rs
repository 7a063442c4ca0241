//! The kernel's position: a board of stacks of one kind, each stack one
//! player's, as word sets (at most [`MAX_LEVELS`] levels), copied to make a
//! move (a few words: no undo).

use crate::engine::word::Word;

/// The tallest stack the kernel keeps.
pub(crate) const MAX_LEVELS: usize = 2;

/// A position of the kernel (see the module's documentation).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct KPos<W> {
    /// `own[player]`: the sites whose stack is the player's.
    pub own: [W; 2],
    /// `lvl[k]`: the sites whose stack holds more than `k` pieces.
    pub lvl: [W; MAX_LEVELS],
    /// The player to move (0 or 1).
    pub mover: u8,
    /// The game was decided by a result effect: no turn follows.
    pub decided: bool,
}

impl<W: Word> KPos<W> {
    /// The number of pieces on the site of set `b` (one site).
    #[inline(always)]
    pub fn height(&self, b: W) -> usize {
        // Levels are nested (a site above level k is above every lower
        // one): the count of those holding the site is its height.
        self.lvl
            .iter()
            .map(|&l| usize::from(l & b != W::ZERO))
            .sum()
    }

    /// Empties the site of set `b`.
    #[inline(always)]
    pub fn clear(&mut self, b: W) {
        for l in &mut self.lvl {
            *l &= !b;
        }
        self.own = [self.own[0] & !b, self.own[1] & !b];
    }

    /// Moves the mover's stack from the site of set `f` onto the empty
    /// site of set `t`.
    #[inline(always)]
    pub fn shift(&mut self, f: W, t: W) {
        for l in &mut self.lvl {
            if *l & f != W::ZERO {
                *l = *l & !f | t;
            }
        }
        let m = self.mover as usize;
        self.own[m] = self.own[m] & !f | t;
    }

    /// Puts `n` pieces of `who` on the stack of the site of set `b`, as
    /// many as fit under `cap`.
    #[inline]
    pub fn push(&mut self, b: W, who: u8, n: usize, cap: usize) {
        let h = self.height(b);
        for l in self
            .lvl
            .iter_mut()
            .take(cap.min(MAX_LEVELS))
            .skip(h)
            .take(n)
        {
            *l |= b;
        }
        if n > 0 && h < cap {
            self.own[who as usize] |= b;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bits::Bits;

    #[test]
    fn a_stack_moves_clears_and_grows_level_by_level() {
        let b = Bits::<1>::bit;
        let none = Bits::ZERO;
        let mut p = KPos::<Bits<1>>::default();
        p.push(b(3), 0, 2, 2);
        assert_eq!((p.height(b(3)), p.own[0]), (2, b(3)));
        p.shift(b(3), b(5));
        assert_eq!((p.height(b(3)), p.height(b(5))), (0, 2));
        assert_eq!(p.own, [b(5), none]);
        // A push past the stack limit adds nothing.
        p.push(b(5), 0, 1, 2);
        assert_eq!(p.height(b(5)), 2);
        p.mover = 1;
        p.push(b(7), 1, 1, 2);
        p.clear(b(5));
        assert_eq!((p.own, p.lvl[0], p.lvl[1]), ([none, b(7)], b(7), none));
    }
}
