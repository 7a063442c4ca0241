//! What makes two positions "the same" for the repetition rule (FIDE
//! 9.2.3): the stacks and the player to move (the Zobrist hash), the
//! unmoved marks only where they are rights, and the legal moves that
//! depend on the game's history. The history holds the first two as one
//! key a turn, with the previous step beside it; the moves are compared
//! only between entries whose keys agree (the same board), found again
//! from that step, so that a turn costs no move generation.
//!
//! - In a game whose `(fen castling:{…})` declares castling, an unmoved
//!   mark counts only as part of a castling right (the royal piece and a
//!   partner on its row, both unmoved): a knight that went out and came
//!   back makes the same position again. Elsewhere every unmoved mark
//!   counts, as part of the hash.
//! - The legal moves of the generators that read the previous step
//!   (`Last`, `LastPassed`: en passant) are part of the position: a board
//!   with such a capture available differs from the same board without
//!   one, and only when the capture is legal.

use crate::board::Site;
use crate::engine::listing::LevelPlan;
use crate::engine::{Move, State};
use std::ops::ControlFlow;

/// A 64-bit mix of `x` (SplitMix64's finaliser): the key of a right or a
/// move, the same on every machine.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl State {
    /// True when unmoved marks enter the hash one by one (a game that
    /// tracks them without declaring castling rights).
    #[inline]
    pub(crate) fn hashes_unmoved(&self) -> bool {
        self.game.tracks_unmoved && self.game.fen.as_ref().is_none_or(|f| f.castling.is_none())
    }

    /// The key of the current position in the history of turn starts:
    /// the hash and the castling rights (the hash alone in a game without
    /// a repetition rule). Positions with equal keys are the same unless
    /// the moves that read the previous step differ
    /// ([`State::same_history_moves`]).
    pub(crate) fn repetition_key(&self) -> u64 {
        let mut key = self.scalars.hash;
        if self.game.end.repetition.is_some() && self.game.tracks_unmoved && !self.hashes_unmoved()
        {
            key ^= mix(0x1_0000 | u64::from(self.castling_rights_now()));
        }
        key
    }

    /// True if a turn start of the history with the same key as the
    /// current position, whose previous step was `last` (origin,
    /// destination; `None`: unknown, taken as the same), had the same
    /// legal moves that read the previous step as the position now: the
    /// same board, so they are found again on a copy with that step.
    pub(crate) fn same_history_moves(&self, last: Option<(Site, Site)>) -> bool {
        let here = (self.scalars.last_from, self.scalars.last);
        match last {
            _ if self.game.last_readers.is_empty() => true,
            Some(then) if then != here => {
                let before = self.with_scratch(|s| {
                    (s.scalars.last_from, s.scalars.last) = then;
                    s.cache.forget();
                    s.history_moves_key()
                });
                before == self.history_moves_key()
            }
            _ => true,
        }
    }

    /// The legal moves of the generators that read the previous step,
    /// mixed into one key (0 when there is none): their candidates first,
    /// and the legal steps listed (not kept: the turn's end may not be
    /// judged yet) only when there are some.
    fn history_moves_key(&self) -> u64 {
        let readers = &self.game.last_readers;
        let any = self
            .gen_level(readers, LevelPlan::None, None, &mut |_: Move| {
                ControlFlow::Break(())
            })
            .is_break();
        if !any || self.scalars.outcome.is_some() {
            return 0;
        }
        let legal = self.list_legal_moves();
        let key = legal
            .iter()
            .filter(|m| readers.contains(&m.gen_id))
            .fold(0, |k, m| {
                k ^ mix(u64::from(m.gen_id) << 48
                    | u64::from(m.from) << 32
                    | u64::from(m.to) << 16
                    | u64::from(m.over))
            });
        crate::engine::cache::give_moves(legal);
        key
    }
}

#[cfg(test)]
mod tests {
    use super::mix;

    #[test]
    fn mix_spreads_neighbouring_inputs() {
        // SplitMix64's published first output for seed 0 is
        // 0xe220a8397b1dcdaf: mix(0) is that output.
        assert_eq!(mix(0), 0xe220_a839_7b1d_cdaf);
        assert_ne!(mix(1), mix(2));
    }
}

#[cfg(test)]
mod board_tests {
    use crate::compile::{Game, Options};
    use crate::engine::State;
    use std::sync::Arc;

    /// A board of three sites in a row (a1 b1 c1) where a stone may be placed, or one of the mover's
    /// taken off, or the turn passed; `after:(not (repeated))` refuses a
    /// step that leaves a board seen at a turn start.
    fn state() -> State {
        let text = r#"(game "t" (players 2) (board (square 1 3)) (piece "S") (stack-limit 1)
            (play { (place "S" to:Empty after:(not (repeated)))
                    (select to:Mine then:(remove To) after:(not (repeated)))
                    (pass) })
            (end (turn-limit 100)))"#;
        State::new(Arc::new(
            Game::from_source("t", text, &Options::default()).unwrap(),
        ))
    }

    #[test]
    fn a_board_of_an_earlier_turn_start_is_repeated_whoever_moves() {
        let mut st = state();
        // a1 by the first player; the second passes; the first may not
        // take a1 back off (the empty board of turn 1), with either player
        // to move then.
        st.play_str("a1").unwrap();
        st.play_str("pass").unwrap();
        let legal = st.legal_turn_strings();
        assert!(legal.contains(&"b1".to_string()), "{legal:?}");
        assert!(!legal.iter().any(|m| m.starts_with("a1")), "{legal:?}");
        // Taking a turn back forgets its board.
        assert_eq!(st.boards.len(), 3);
        st.take_back();
        assert_eq!(st.boards.len(), 2);
    }

    #[test]
    fn perft_keeps_the_boards_though_the_draw_rules_are_off() {
        let st = state();
        // Depth 1: a1 b1 c1 pass. Depth 2 after a stone: the two other
        // places and the pass (the second player has no stone to take
        // off); after the pass: the three places and the pass (which
        // leaves the empty board again: a pass is never refused).
        assert_eq!(crate::engine::perft(&st, 1), Ok(4));
        assert_eq!(crate::engine::perft(&st, 2), Ok(3 * 3 + 4));
    }
}
