//! Site sets as words of bits (bit `s % 64` of word `s / 64` for site
//! `s`), and the sets a [`crate::engine::State`] keeps up to date with its stacks:
//! the sites whose top piece is each player's, each piece's, and the
//! sites of each stack height. Move generation reads a condition on the
//! origin, the jumped site or the destination as a few word operations
//! on these sets (see [`crate::engine::sitepred`]) instead of testing each site.
//!
//! A set of a board of `n` sites is stored in `stride(n)` words, the
//! width of the fixed-width [`Bits`] the fast generators read it as (up to
//! [`MAX_WORDS`] words).

use crate::board::{Dir, Site};
use crate::compile::ir::{Piece, Player};
use crate::engine::word::Word;
use std::ops::ControlFlow;

/// Most words of a board the fast generators handle (512 sites).
pub(crate) const MAX_WORDS: usize = 8;

/// Highest height bucket: heights at or above it share one set.
pub(crate) const TOP_BUCKET: usize = 7;

/// Words of the sets a position's owners are told by when they fit
/// ([`Occupancy::owners_prefix`]).
pub(crate) const PREFIX_WORDS: usize = 4;

/// Words of a set of `n` sites.
pub(crate) fn words(n: usize) -> usize {
    n.div_ceil(64).max(1)
}

/// Words each set of a board of `n` sites is stored in: the width of the
/// [`Bits`] the fast generators read it as (1, 2, 4 or [`MAX_WORDS`]),
/// or just enough words on a larger board (which they do not handle).
pub(crate) fn stride(n: usize) -> usize {
    match words(n) {
        1 => 1,
        2 => 2,
        3 | 4 => 4,
        w if w <= MAX_WORDS => MAX_WORDS,
        w => w,
    }
}

/// The `W` words at `at` of `v` as a set (empty if out of range).
#[inline(always)]
pub(crate) fn load<const W: usize>(v: &[u64], at: usize) -> Bits<W> {
    match v.get(at..at + W) {
        Some(w) => Bits(w.try_into().unwrap_or([0; W])),
        None => Bits::ZERO,
    }
}

/// The sites of a set given as words (site `64 × w + b` is bit `b` of
/// word `w`), in order: for a set whose width is known only at run time
/// ([`Occupancy::mixed_words`], [`Occupancy::owned_words`]).
pub(crate) fn sites_in_words(words: &[u64]) -> impl Iterator<Item = Site> + '_ {
    words.iter().enumerate().flat_map(|(w, &word)| {
        let mut x = word;
        std::iter::from_fn(move || {
            (x != 0).then(|| {
                let s = (w * 64) as Site + x.trailing_zeros() as Site;
                x &= x - 1;
                s
            })
        })
    })
}

/// The height bucket of a stack of `h` pieces.
#[inline]
pub(crate) fn bucket(h: usize) -> usize {
    h.min(TOP_BUCKET)
}

/// Flips the bits of two sites, `(word, bit)` each as `(fw, fb, tw, tb)`,
/// in the set at word `set` of `bits`.
#[inline(always)]
fn flip_pair(bits: &mut [u64], set: usize, (fw, fb, tw, tb): (usize, u64, usize, u64)) {
    if fw == tw {
        if let Some(x) = bits.get_mut(set + fw) {
            *x ^= fb | tb;
        }
    } else {
        if let Some(x) = bits.get_mut(set + fw) {
            *x ^= fb;
        }
        if let Some(x) = bits.get_mut(set + tw) {
            *x ^= tb;
        }
    }
}

/// How the sets have a site: its top piece + 1 (0 when empty), its
/// height bucket, and whether its pieces have more than one owner.
#[inline(always)]
fn signature(top: Option<Piece>, height: usize, mixed: bool) -> (u8, u8, bool) {
    (
        top.map_or(0, |p| p.wrapping_add(1)),
        bucket(height) as u8,
        mixed,
    )
}

/// A set of sites of a board of at most `64 × W` sites.
#[derive(Debug, Clone, Copy, Eq)]
pub(crate) struct Bits<const W: usize>(pub [u64; W]);

impl<const W: usize> PartialEq for Bits<W> {
    /// The same sites: word by word, as integers are compared (the
    /// array comparison costs more on one word).
    #[inline(always)]
    fn eq(&self, o: &Bits<W>) -> bool {
        if W == 1 {
            return self.0[0] == o.0[0];
        }
        self.0.iter().zip(&o.0).fold(0, |d, (a, b)| d | (a ^ b)) == 0
    }
}

impl<const W: usize> Bits<W> {
    /// True if `s` is in the set.
    #[inline(always)]
    pub fn has(&self, s: Site) -> bool {
        self.0
            .get(s as usize / 64)
            .is_some_and(|w| w >> (s % 64) & 1 != 0)
    }

    /// True if no site is in the set.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Sites in `self` and not in `o`.
    #[inline]
    pub fn minus(self, o: Bits<W>) -> Bits<W> {
        Bits(std::array::from_fn(|i| self.0[i] & !o.0[i]))
    }

    /// The sites, in increasing order.
    #[inline]
    pub fn iter(self) -> SitesOf<W> {
        SitesOf { bits: self.0, w: 0 }
    }

    /// Calls `f` on the sites in increasing order until it breaks: a loop
    /// over each word's bits, for the loops that make a move a site
    /// (placements), where [`Bits::iter`]'s search for the next word
    /// costs as much as the move.
    #[inline(always)]
    pub fn try_each<B>(self, mut f: impl FnMut(Site) -> ControlFlow<B>) -> ControlFlow<B> {
        for (i, &word) in self.0.iter().enumerate() {
            let mut w = word;
            let base = (i * 64) as Site;
            while w != 0 {
                f(base + w.trailing_zeros() as Site)?;
                w &= w - 1;
            }
        }
        ControlFlow::Continue(())
    }

    /// The set moved `k` sites down: site `s` is in the result when `s +
    /// k` is in `self` (`k` may be negative: up). `|k|` is below the
    /// number of sites, `64 × W`.
    #[inline(always)]
    pub(super) fn shifted(self, k: i32) -> Bits<W> {
        if W == 1 {
            let w = self.0[0];
            let mut out = [0; W];
            out[0] = if k >= 0 {
                w.checked_shr(k as u32).unwrap_or(0)
            } else {
                w.checked_shl(k.unsigned_abs()).unwrap_or(0)
            };
            return Bits(out);
        }
        let (q, r) = ((k.unsigned_abs() / 64) as usize, k.unsigned_abs() % 64);
        let at = |i: usize| self.0.get(i).copied().unwrap_or(0);
        Bits(std::array::from_fn(|i| {
            if k >= 0 {
                let lo = at(i + q) >> r;
                let hi = if r == 0 { 0 } else { at(i + q + 1) << (64 - r) };
                lo | hi
            } else if i < q {
                0
            } else {
                let hi = at(i - q) << r;
                let lo = if r == 0 || i == q {
                    0
                } else {
                    at(i - q - 1) >> (64 - r)
                };
                hi | lo
            }
        }))
    }
}

impl<const W: usize> Bits<W> {
    /// `self.shifted(k).and(mask)`, for a `mask` of sites `s` with `s + k`
    /// a site of the board (on a board of one word, a rotation does it).
    #[inline(always)]
    pub fn shifted_within(self, k: i32, mask: Bits<W>) -> Bits<W> {
        if W == 1 {
            let mut out = [0; W];
            out[0] = self.0[0].rotate_right(k as u32 & 63) & mask.0[0];
            return Bits(out);
        }
        self.shifted(k) & mask
    }
}

/// The sites of a [`Bits`], in increasing order.
pub(crate) struct SitesOf<const W: usize> {
    bits: [u64; W],
    w: usize,
}

impl<const W: usize> Iterator for SitesOf<W> {
    type Item = Site;

    #[inline(always)]
    fn next(&mut self) -> Option<Site> {
        while self.w < W {
            let word = self.bits[self.w];
            if word != 0 {
                self.bits[self.w] = word & (word - 1);
                return Some((self.w * 64) as Site + word.trailing_zeros() as Site);
            }
            self.w += 1;
        }
        None
    }
}

/// How to find, for each direction of a board, the sites whose neighbour
/// in that direction lies in a set, with a few shifts: the sites that
/// have a neighbour there fall into classes by the difference between the
/// neighbour's number and theirs (one class on a square grid, one per
/// kind of row on others), and the sites of each class are the set moved
/// by its difference, masked.
#[derive(Debug, Clone, Default)]
pub(crate) struct Preimages {
    /// Per direction.
    dirs: Vec<DirClasses>,
    /// Words a set takes here ([`stride`] of the board's sites).
    stride: usize,
    /// Per direction that is not computed by shifts (empty for the
    /// others): per site `t`, the set of the sites whose neighbour in the
    /// direction is `t` (`stride` words each), so that a preimage is the
    /// union of those of its sites ([`Preimages::sparse`]).
    inverse: Vec<Vec<u64>>,
}

/// The classes of one direction (see [`Preimages`]).
#[derive(Debug, Clone, Default)]
struct DirClasses {
    /// How many (0: the direction is not computed by shifts).
    n: usize,
    /// Each class's difference.
    shift: [i32; MAX_CLASSES],
    /// Each class's sites (the first [`stride`] words used).
    mask: [[u64; MAX_WORDS]; MAX_CLASSES],
}

/// Most classes a direction may have for its preimages to be computed by
/// shifts.
pub(crate) const MAX_CLASSES: usize = 4;

impl Preimages {
    /// The classes of every direction of a board of `sites` sites whose
    /// step table is `step` (`site × dirs + dir`).
    pub fn new(sites: usize, dirs: usize, step: &[Site]) -> Preimages {
        let mut out = Preimages {
            dirs: vec![DirClasses::default(); dirs],
            stride: stride(sites),
            inverse: vec![Vec::new(); dirs],
        };
        if words(sites) > MAX_WORDS {
            return out;
        }
        out.inverse = (0..dirs)
            .map(|d| inverse_of(sites, dirs, d, step, out.stride))
            .collect();
        for (d, dc) in out.dirs.iter_mut().enumerate() {
            let mut classes: Vec<(i32, [u64; MAX_WORDS])> = Vec::new();
            for s in 0..sites {
                let t = step
                    .get(s * dirs + d)
                    .copied()
                    .unwrap_or(crate::board::NO_SITE);
                if t == crate::board::NO_SITE {
                    continue;
                }
                let k = i32::from(t) - s as i32;
                let i = match classes.iter().position(|c| c.0 == k) {
                    Some(i) => i,
                    None => {
                        classes.push((k, [0; MAX_WORDS]));
                        classes.len() - 1
                    }
                };
                classes[i].1[s / 64] |= 1 << (s % 64);
            }
            if classes.is_empty() || classes.len() > MAX_CLASSES {
                continue;
            }
            out.inverse[d] = Vec::new();
            dc.n = classes.len();
            for (c, (k, mask)) in classes.into_iter().enumerate() {
                dc.shift[c] = k;
                dc.mask[c] = mask;
            }
        }
        out
    }

    /// Direction `d`'s classes (how many, their differences, their
    /// sites), when it is computed by shifts.
    #[allow(clippy::type_complexity)]
    #[inline]
    pub fn classes(
        &self,
        d: Dir,
    ) -> Option<(usize, &[i32; MAX_CLASSES], &[[u64; MAX_WORDS]; MAX_CLASSES])> {
        let dc = self.dirs.get(d as usize).filter(|c| c.n > 0)?;
        Some((dc.n, &dc.shift, &dc.mask))
    }

    /// The sites whose neighbour in direction `d` lies in `x`, for a
    /// direction that is not computed by shifts: the union of the
    /// preimages of `x`'s sites, one table read per site of `x`. `None`
    /// for a direction computed by shifts (see [`Preimages::classes`]) or
    /// when `W` is not the board's width.
    #[inline]
    pub fn sparse<const W: usize>(&self, d: Dir, x: Bits<W>) -> Option<Bits<W>> {
        let inv = self.inverse.get(d as usize).filter(|v| !v.is_empty())?;
        if W != self.stride {
            return None;
        }
        Some(
            x.iter()
                .fold(Bits::ZERO, |acc, t| acc | load(inv, t as usize * W)),
        )
    }

    /// True if direction `d` is computed by shifts (a direction no site
    /// has a neighbour in is not).
    pub fn shifts(&self, d: Dir) -> bool {
        self.dirs.get(d as usize).is_some_and(|c| c.n > 0)
    }
}

/// Per site `t` of a board of `sites` sites, the sites whose neighbour in
/// direction `d` is `t` (`stride` words each), from the step table `step`
/// (`site × dirs + dir`).
fn inverse_of(sites: usize, dirs: usize, d: usize, step: &[Site], stride: usize) -> Vec<u64> {
    let mut inv = vec![0u64; sites * stride];
    for s in 0..sites {
        let t = step
            .get(s * dirs + d)
            .copied()
            .unwrap_or(crate::board::NO_SITE);
        if (t as usize) < sites {
            inv[t as usize * stride + s / 64] |= 1 << (s % 64);
        }
    }
    inv
}

/// The sites whose neighbour in a direction is in `x`, from that
/// direction's classes ([`Preimages::classes`]: how many, each one's
/// difference, each one's sites). `W` is the board's [`stride`].
#[inline(always)]
pub(crate) fn preimage<const W: usize>(
    classes: usize,
    shift: &[i32; MAX_CLASSES],
    mask: &[[u64; MAX_WORDS]; MAX_CLASSES],
    x: Bits<W>,
) -> Bits<W> {
    let mut acc = Bits::ZERO;
    for c in 0..classes.min(MAX_CLASSES) {
        let m = Bits(std::array::from_fn(|i| mask[c][i % MAX_WORDS]));
        acc |= x.shifted_within(shift[c], m);
    }
    acc
}

/// The sets a state keeps with its stacks, in one array of words: per
/// player the sites whose top piece is theirs, per piece id the sites it
/// tops, per height bucket (0 for empty sites, up to [`TOP_BUCKET`] and
/// above) the sites whose stack is that tall, and the sites whose stack
/// holds pieces of more than one owner (mixed: a contested square).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Occupancy {
    /// Words each set is stored in ([`stride`]).
    stride: usize,
    /// Where the piece sets, the height sets and the mixed set begin.
    piece_base: usize,
    height_base: usize,
    mixed_base: usize,
    /// Per site: its top piece + 1 (0 when empty), its height bucket and
    /// whether it is mixed, as the sets have them.
    sig: Vec<(u8, u8, bool)>,
    /// `[owner sets | piece sets | height sets | mixed set]`, `stride`
    /// words each.
    bits: Vec<u64>,
}

impl Occupancy {
    /// Makes `self` a copy of `src` in the room `self` has (no
    /// allocation once it is as large).
    pub fn copy_from(&mut self, src: &Occupancy) {
        self.stride = src.stride;
        self.piece_base = src.piece_base;
        self.height_base = src.height_base;
        self.mixed_base = src.mixed_base;
        self.sig.clone_from(&src.sig);
        self.bits.clone_from(&src.bits);
    }

    /// The sets of an empty board of `sites` sites.
    pub fn new(sites: usize, players: usize, pieces: usize) -> Occupancy {
        let stride = stride(sites);
        let mut o = Occupancy {
            stride,
            piece_base: players * stride,
            height_base: (players + pieces) * stride,
            mixed_base: (players + pieces + TOP_BUCKET + 1) * stride,
            sig: vec![(0, 0, false); sites],
            bits: vec![0; (players + pieces + TOP_BUCKET + 2) * stride],
        };
        for s in 0..sites {
            o.bits[o.height_base + s / 64] ^= 1 << (s % 64);
        }
        o
    }

    /// True when the sets are kept (made for a board of at least one
    /// site).
    #[inline(always)]
    pub fn kept(&self) -> bool {
        !self.sig.is_empty()
    }

    /// Records that the stack at `s` is now `height` pieces topped by
    /// `top` (`None` when empty), `mixed` when its pieces have more than
    /// one owner; `owners[piece]` is a piece's owner.
    #[inline(always)]
    pub fn set(
        &mut self,
        s: Site,
        (top, height, mixed): (Option<Piece>, usize, bool),
        owners: &[Player; 256],
    ) {
        let s = s as usize;
        let new = signature(top, height, mixed);
        let Some(slot) = self.sig.get_mut(s) else {
            return;
        };
        let old = *slot;
        if old == new {
            return;
        }
        *slot = new;
        let (w, bit) = (s / 64, 1u64 << (s % 64));
        if old.0 != new.0 {
            self.flip_top(old.0, w, bit, owners);
            self.flip_top(new.0, w, bit, owners);
        }
        if old.1 != new.1 {
            let h = self.height_base + w;
            self.flip(h + old.1 as usize * self.stride, bit);
            self.flip(h + new.1 as usize * self.stride, bit);
        }
        if old.2 != new.2 {
            self.flip(self.mixed_base + w, bit);
        }
    }

    /// True if the sets have the stack at `s` as `height` pieces topped by
    /// `top` (mixed or not).
    #[inline(always)]
    pub fn has_as(&self, s: Site, top: Option<Piece>, height: usize) -> bool {
        let (t, b, _) = signature(top, height, false);
        self.sig
            .get(s as usize)
            .is_some_and(|g| (g.0, g.1) == (t, b))
    }

    /// Records that the whole stack at `from` moved to `to`, which was
    /// empty (`from` is empty now): the sets that held `from` hold `to`
    /// instead. False (nothing done) when the sets do not have `from`
    /// holding a stack and `to` empty, or either is no site of the board:
    /// then each site is to be set anew ([`Occupancy::set`]).
    #[inline(always)]
    pub fn relocate(&mut self, from: Site, to: Site, owners: &[Player; 256]) -> bool {
        let (f, t) = (from as usize, to as usize);
        let (Some(&moved), Some(&dest)) = (self.sig.get(f), self.sig.get(t)) else {
            return false;
        };
        if dest != (0, 0, false) || moved.1 == 0 {
            return false;
        }
        self.sig[t] = moved;
        self.sig[f] = (0, 0, false);
        let (fw, tw) = (f / 64, t / 64);
        let (fb, tb) = (1u64 << (f % 64), 1u64 << (t % 64));
        let (stride, bits) = (self.stride, &mut self.bits[..]);
        let pair = (fw, fb, tw, tb);
        flip_pair(bits, self.height_base, pair);
        flip_pair(bits, self.height_base + moved.1 as usize * stride, pair);
        if moved.2 {
            flip_pair(bits, self.mixed_base, pair);
        }
        if let Some(p) = moved.0.checked_sub(1) {
            flip_pair(bits, owners[p as usize] as usize * stride, pair);
            flip_pair(bits, self.piece_base + p as usize * stride, pair);
        }
        true
    }

    /// Flips site bit `bit` of word `w` in the owner and piece sets of a
    /// top code (piece + 1; 0: none).
    #[inline(always)]
    fn flip_top(&mut self, code: u8, w: usize, bit: u64, owners: &[Player; 256]) {
        if let Some(p) = code.checked_sub(1) {
            self.flip(owners[p as usize] as usize * self.stride + w, bit);
            self.flip(self.piece_base + p as usize * self.stride + w, bit);
        }
    }

    /// Flips `bit` in word `at`.
    #[inline(always)]
    fn flip(&mut self, at: usize, bit: u64) {
        if let Some(x) = self.bits.get_mut(at) {
            *x ^= bit;
        }
    }

    /// True if the sets have a stack at `s`.
    #[cfg(test)]
    fn has_stack(&self, s: Site) -> bool {
        self.sig.get(s as usize).is_some_and(|g| g.1 > 0)
    }

    /// The sites whose top piece is `player`'s (`W`: the [`stride`]).
    #[inline(always)]
    pub fn owned<const W: usize>(&self, player: Player) -> Bits<W> {
        load(&self.bits, player as usize * W)
    }

    /// How many sites `player` tops; `None` when the sets are not kept
    /// (or there is no such player).
    #[inline]
    pub fn owned_count(&self, player: Player) -> Option<usize> {
        let words = self.owned_words(player)?;
        Some(words.iter().map(|w| w.count_ones() as usize).sum())
    }

    /// The words of the set of sites whose top piece is `player`'s
    /// ([`stride`] words); `None` when the sets are not kept (or there is
    /// no such player).
    #[inline]
    pub fn owned_words(&self, player: Player) -> Option<&[u64]> {
        // Not kept: the words are there (one, all zero) but say nothing.
        if !self.kept() {
            return None;
        }
        let at = player as usize * self.stride;
        if at >= self.piece_base {
            return None;
        }
        self.bits.get(at..at + self.stride)
    }

    /// The first [`PREFIX_WORDS`] words of the sets, when they hold
    /// the owner sets of all `players` players (those come first; the
    /// words after them are piece sets, or height sets): two positions
    /// of a board with the same prefix have the same owners. `None` when
    /// the owner sets take more words, or the sets are not kept.
    #[inline]
    pub fn owners_prefix(&self, players: usize) -> Option<[u64; PREFIX_WORDS]> {
        if !self.kept() || players * self.stride > PREFIX_WORDS {
            return None;
        }
        self.bits.first_chunk().copied()
    }

    /// Whether the first [`PREFIX_WORDS`] words of the sets are `prefix`
    /// (as [`Occupancy::owners_prefix`] gives them), compared in place.
    #[inline(always)]
    pub fn prefix_is(&self, prefix: &[u64; PREFIX_WORDS]) -> bool {
        self.bits.first_chunk() == Some(prefix)
    }

    /// The sites topped by piece `p`.
    #[inline(always)]
    pub fn topped<const W: usize>(&self, p: Piece) -> Bits<W> {
        load(&self.bits, self.piece_base + p as usize * W)
    }

    /// The words of the set of sites piece `p` tops ([`stride`] words);
    /// `None` when the sets are not kept or there is no such piece.
    #[inline]
    pub fn topped_words(&self, p: Piece) -> Option<&[u64]> {
        if !self.kept() {
            return None;
        }
        let at = self.piece_base + p as usize * self.stride;
        if at >= self.height_base {
            return None;
        }
        self.bits.get(at..at + self.stride)
    }

    /// The sites whose stack height falls in bucket `b`.
    #[inline(always)]
    pub fn of_height<const W: usize>(&self, b: usize) -> Bits<W> {
        load(&self.bits, self.height_base + b * W)
    }

    /// The sites whose stack holds pieces of more than one owner.
    #[inline(always)]
    pub fn mixed<const W: usize>(&self) -> Bits<W> {
        load(&self.bits, self.mixed_base)
    }

    /// Whether the sets have the stack at `s` as mixed (false off the
    /// board).
    #[inline(always)]
    pub fn is_mixed(&self, s: Site) -> bool {
        self.sig.get(s as usize).is_some_and(|g| g.2)
    }

    /// The words of the mixed set ([`stride`] words); `None` when the sets
    /// are not kept.
    #[inline]
    pub fn mixed_words(&self) -> Option<&[u64]> {
        if !self.kept() {
            return None;
        }
        self.bits
            .get(self.mixed_base..self.mixed_base + self.stride)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_owners_prefix_tells_owners_apart_when_they_fit() {
        // Pieces 0..2: piece p is player p's. 40 sites: one word a set, the
        // two owner sets then the two piece sets fill the prefix; 100
        // sites: two words a set, the owner sets alone; 200: none.
        let owner: [Player; 256] = std::array::from_fn(|p| (p % 2) as Player);
        let mut o = Occupancy::new(40, 2, 2);
        o.set(3, (Some(1), 1, false), &owner);
        o.set(39, (Some(0), 1, false), &owner);
        let p = o.owners_prefix(2).unwrap();
        assert_eq!(p, [1 << 39, 1 << 3, 1 << 39, 1 << 3]);
        assert!(o.prefix_is(&p));
        o.set(7, (Some(1), 1, false), &owner);
        assert!(!o.prefix_is(&p));
        o.set(7, (None, 0, false), &owner);
        assert!(o.prefix_is(&p));
        let mut o = Occupancy::new(100, 2, 2);
        o.set(70, (Some(1), 1, false), &owner);
        assert_eq!(o.owners_prefix(2), Some([0, 0, 0, 1 << 6]));
        assert_eq!(o.owners_prefix(3), None);
        assert_eq!(Occupancy::new(200, 2, 2).owners_prefix(2), None);
        assert_eq!(Occupancy::default().owners_prefix(2), None);
    }

    #[test]
    fn sets_not_kept_answer_nothing_rather_than_an_empty_board() {
        // A state whose tables read no site sets keeps none (no sites);
        // its one zero word per set must not pass for "no stones" (the
        // found bug: a placement's `check:` on sets saw an empty board).
        let o = Occupancy::new(0, 2, 2);
        assert!(!o.kept());
        assert_eq!(o.owned_words(0), None);
        assert_eq!(o.owners_prefix(2), None);
        assert_eq!(o.owned_count(0), None);
        let mut kept = Occupancy::new(9, 2, 2);
        let owner: [Player; 256] = std::array::from_fn(|p| (p % 2) as Player);
        kept.set(0, (Some(0), 1, false), &owner);
        assert_eq!(kept.owned_words(0), Some(&[1u64][..]));
        assert_eq!(kept.owned_words(1), Some(&[0u64][..]));
        assert_eq!(
            (kept.owned_count(0), kept.owned_count(1)),
            (Some(1), Some(0))
        );
        // No third player: not a piece set read as one.
        assert_eq!(kept.owned_words(2), None);
        assert_eq!(kept.owned_count(2), None);
    }

    #[test]
    fn sites_in_words_are_the_set_bits_in_order() {
        let words = [1 << 3 | 1 << 63, 0, 1 << 0 | 1 << 5];
        let sites: Vec<Site> = sites_in_words(&words).collect();
        assert_eq!(sites, [3, 63, 128, 133]);
        assert_eq!(sites_in_words(&[]).count(), 0);
    }

    #[test]
    fn try_each_calls_on_the_set_bits_in_order_and_stops_where_told() {
        let set = Bits::<4>([1 << 3 | 1 << 63, 0, 1, 1 << 5 | 1 << 63]);
        let mut seen = Vec::new();
        let all = set.try_each(|s| {
            seen.push(s);
            ControlFlow::<()>::Continue(())
        });
        assert_eq!(all, ControlFlow::Continue(()));
        assert_eq!(seen, [3, 63, 128, 197, 255]);
        // Broken at the third site: the rest are not called.
        let mut seen = Vec::new();
        let stop = set.try_each(|s| {
            seen.push(s);
            if s == 128 {
                ControlFlow::Break(s)
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!((stop, seen), (ControlFlow::Break(128), vec![3, 63, 128]));
        assert_eq!(
            Bits::<2>::ZERO.try_each(|_| ControlFlow::Break(())),
            ControlFlow::Continue(())
        );
    }

    #[test]
    fn sets_follow_the_stacks_and_iterate_in_order() {
        // Two players, two kinds (pieces 0..4: kind * 2 + owner), 70 sites.
        let owner: [Player; 256] = std::array::from_fn(|p| (p % 2) as Player);
        let owner = &owner;
        let mut o = Occupancy::new(70, 2, 4);
        assert_eq!(o.of_height::<2>(0).iter().count(), 70);
        o.set(3, (Some(1), 1, false), owner);
        o.set(66, (Some(3), 2, false), owner);
        o.set(5, (Some(2), 9, false), owner);
        let mine: Vec<Site> = o.owned::<2>(1).iter().collect();
        assert_eq!(mine, [3, 66]);
        assert_eq!(o.topped::<2>(2).iter().collect::<Vec<_>>(), [5]);
        assert!(o.of_height::<2>(TOP_BUCKET).has(5));
        assert!(o.of_height::<2>(2).has(66));
        // Emptied again: back among the empty sites, out of the others.
        o.set(66, (None, 0, false), owner);
        assert!(o.of_height::<2>(0).has(66));
        assert!(!o.owned::<2>(1).has(66));
        assert!(o.of_height::<2>(2).is_empty());
        // Mixed, then one owner's again.
        o.set(67, (Some(1), 4, true), owner);
        assert_eq!(o.mixed::<2>().iter().collect::<Vec<_>>(), [67]);
        assert_eq!(o.mixed_words(), Some(&[0u64, 1 << 3][..]));
        o.set(67, (Some(1), 3, false), owner);
        assert!(o.mixed::<2>().is_empty() && !o.is_mixed(67));
        let b = Bits::<2>::bit(65) | Bits::bit(0);
        assert_eq!(b.iter().collect::<Vec<_>>(), [0, 65]);
        assert_eq!(b.minus(Bits::bit(0)).iter().collect::<Vec<_>>(), [65]);
    }

    #[test]
    fn relocating_a_stack_gives_the_sets_of_setting_both_sites() {
        // Within a word (3 to 9) and across words (9 to 66), against the
        // same moves made site by site; onto a stack it refuses.
        let owner: [Player; 256] = std::array::from_fn(|p| (p % 2) as Player);
        let owner = &owner;
        let (mut a, mut b) = (Occupancy::new(70, 2, 4), Occupancy::new(70, 2, 4));
        for o in [&mut a, &mut b] {
            o.set(3, (Some(3), 2, false), owner);
            o.set(5, (Some(0), 1, false), owner);
        }
        for (from, to) in [(3, 9), (9, 66)] {
            assert!(a.relocate(from, to, owner));
            b.set(to, (Some(3), 2, false), owner);
            b.set(from, (None, 0, false), owner);
            assert_eq!((&a.sig, &a.bits), (&b.sig, &b.bits));
        }
        assert!(a.has_stack(66) && !a.has_stack(3));
        // A mixed stack takes its place in the mixed set with it.
        for o in [&mut a, &mut b] {
            o.set(20, (Some(2), 3, true), owner);
        }
        assert!(a.relocate(20, 21, owner));
        b.set(21, (Some(2), 3, true), owner);
        b.set(20, (None, 0, false), owner);
        assert_eq!((&a.sig, &a.bits), (&b.sig, &b.bits));
        assert_eq!(a.mixed::<2>().iter().collect::<Vec<_>>(), [21]);
        assert!(a.is_mixed(21) && !a.is_mixed(20));
        assert!(!a.relocate(66, 5, owner));
        assert!(!a.relocate(3, 4, owner));
        assert!(!a.relocate(66, 70, owner));
        // The sets have 66 as a stack of two topped by piece 3.
        assert!(a.has_as(66, Some(3), 2) && a.has_as(3, None, 0));
        assert!(!a.has_as(66, Some(3), 1) && !a.has_as(66, Some(2), 2));
        assert!(!a.has_as(70, None, 0), "no site of the board");
    }

    #[test]
    fn shifts_carry_across_words() {
        let b = Bits::<2>::bit(70) | Bits::bit(3);
        assert_eq!(b.shifted(5).iter().collect::<Vec<_>>(), [65]);
        assert_eq!(b.shifted(-61).iter().collect::<Vec<_>>(), [64]);
        assert_eq!(b.shifted(-64).iter().collect::<Vec<_>>(), [67]);
        assert_eq!(b.shifted(64).iter().collect::<Vec<_>>(), [6]);
        assert_eq!(Bits::<1>::bit(3).shifted(-70), Bits::ZERO);
    }

    #[test]
    fn preimages_are_the_sites_stepping_into_the_set() {
        // A 3×3 grid, row-major, with E (d 0) and N (d 1); a ring of 7
        // sites where d 2 steps to s + 1 but 6 to 0 (two classes).
        let no = crate::board::NO_SITE;
        let mut step = Vec::new();
        for s in 0..9u16 {
            step.push(if s % 3 == 2 { no } else { s + 1 });
            step.push(if s >= 6 { no } else { s + 3 });
            step.push(if s < 7 { (s + 1) % 7 } else { no });
        }
        let p = Preimages::new(9, 3, &step);
        let x = Bits::<1>::bit(4) | Bits::bit(0);
        let pre = |d| {
            let (n, shift, mask) = p.classes(d).unwrap();
            preimage(n, shift, mask, x).iter().collect::<Vec<_>>()
        };
        assert_eq!(pre(0), [3]);
        assert_eq!(pre(1), [1]);
        assert_eq!(pre(2), [3, 6]);
        assert!(p.shifts(2));
        assert_eq!(p.sparse(0, x), None, "computed by shifts");
    }

    #[test]
    fn sparse_preimages_are_the_sites_stepping_into_the_set() {
        // 70 sites (two words); direction 0 steps from s to 7s + 3 mod 70
        // where that is not s's own number (more classes than shifts
        // take), and direction 1 from every even site to site 69.
        let no = crate::board::NO_SITE;
        let mut step = Vec::new();
        for s in 0..70u16 {
            let t = (7 * s + 3) % 70;
            step.push(if t == s { no } else { t });
            step.push(if s % 2 == 0 { 69 } else { no });
        }
        let p = Preimages::new(70, 2, &step);
        assert!(!p.shifts(0) && !p.shifts(1));
        let mut seed = 1u64;
        for _ in 0..200 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let x = Bits::<2>([seed, seed.rotate_left(17) & 0x3f]);
            for d in 0..2u8 {
                // Brute force: every site whose step lands in x.
                let want: Vec<usize> = (0..70)
                    .filter(|&s| {
                        let t = step[s * 2 + d as usize];
                        t != no && x.has(t)
                    })
                    .collect();
                let got = p.sparse(d, x).unwrap();
                assert_eq!(got.iter().map(usize::from).collect::<Vec<_>>(), want);
            }
        }
        // Another width than the board's is refused.
        assert_eq!(p.sparse(0, Bits::<1>::bit(3)), None);
    }
}
