//! Zobrist hashing of positions, for repetition detection.
//!
//! One 64-bit key per (site, level, piece) and one per player to move; the
//! keys come from a fixed-seed ChaCha generator, so hashes are the same on
//! every machine.

use rand::RngExt;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Zobrist keys for one game.
#[derive(Debug, Clone, Default)]
pub struct Zobrist {
    /// `keys[(site * cap + level) * pieces + piece]`.
    keys: Vec<u64>,
    /// `movers[player]`.
    movers: Vec<u64>,
    /// `unmoved[site]`: the stack on the site has not moved (drawn after
    /// the other keys, so that they do not depend on it).
    unmoved: Vec<u64>,
    cap: usize,
    pieces: usize,
}

impl Zobrist {
    /// Keys for `sites` sites, stacks of at most `cap` pieces, `pieces`
    /// piece ids and `players` players.
    pub fn new(sites: usize, cap: usize, pieces: usize, players: usize) -> Zobrist {
        let mut rng = ChaCha8Rng::seed_from_u64(0x006c_7564_6963);
        let keys = (0..sites * cap * pieces).map(|_| rng.random()).collect();
        let movers = (0..players).map(|_| rng.random()).collect();
        let unmoved = (0..sites).map(|_| rng.random()).collect();
        Zobrist {
            keys,
            movers,
            unmoved,
            cap,
            pieces,
        }
    }

    /// Key of `piece` at `level` (0 = bottom) of the stack on `site`.
    #[inline]
    pub fn piece(&self, site: usize, level: usize, piece: u8) -> u64 {
        self.keys[(site * self.cap + level) * self.pieces + piece as usize]
    }

    /// Key of an unmoved stack on `site` (games that track it).
    #[inline]
    pub fn unmoved(&self, site: usize) -> u64 {
        self.unmoved[site]
    }

    /// Key of the player to move.
    #[inline]
    pub fn mover(&self, player: u8) -> u64 {
        self.movers[player as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_reproducible() {
        let a = Zobrist::new(4, 2, 2, 2);
        let b = Zobrist::new(4, 2, 2, 2);
        assert_eq!(a.piece(3, 1, 1), b.piece(3, 1, 1));
        assert_ne!(a.piece(0, 0, 0), a.piece(0, 0, 1));
        assert_ne!(a.mover(0), a.mover(1));
    }
}
