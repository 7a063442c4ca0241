//! The moves a player would have if it were to move now: a null move for
//! the heuristic's `(mobility …)` term, which counts every player's own
//! first steps, so that positions with different players to move compare
//! (docs/language.md, `mobility`).

use crate::compile::ir::Player;
use crate::engine::{Move, State};

impl State {
    /// Fills `buf` with the legal first steps of `p` as if it were to move
    /// in this position, in the order of [`State::legal_moves`]: the
    /// board, phase, counters and flipped toggles as they are, no step of
    /// a turn under way (no continuation, no marks). For the player to
    /// move at the start of its turn it is [`State::legal_moves`]. Empty
    /// when the game is over. The state is left as it was.
    pub(crate) fn moves_as_into(&mut self, p: Player, buf: &mut Vec<Move>) {
        buf.clear();
        if self.scalars.outcome.is_some() {
            return;
        }
        if self.mid_turn() || self.scalars.marked != 0 || self.scalars.turn_steps != 0 {
            // A turn under way: its continuation and marks are the
            // mover's; the null move starts from a clean copy.
            let mut copy = self.clone();
            copy.pass_to(p);
            copy.legal_moves_into(buf);
            return;
        }
        let mover = self.scalars.mover;
        self.set_mover(p);
        self.legal_moves_into(buf);
        self.set_mover(mover);
    }

    /// Gives the move to `p` (the hash follows), ending any turn under
    /// way: no continuation, marks or steps of it.
    fn pass_to(&mut self, p: Player) {
        self.set_mover(p);
        self.scalars.cont = None;
        self.scalars.again = None;
        self.clear_marks();
        self.scalars.turn_steps = 0;
    }

    /// Sets the player to move, keeping the hash in step.
    fn set_mover(&mut self, p: Player) {
        let z = &self.tables.zobrist;
        self.scalars.hash ^= z.mover(self.scalars.mover) ^ z.mover(p);
        self.scalars.mover = p;
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::{Game, Options};
    use crate::engine::State;
    use std::sync::Arc;

    /// Men stepping forward on a 4×4 dark-square board, jumps compulsory.
    const MEN: &str = r#"
(game "Men"
  (players (player "Dark" letter:"B" forward:S) (player "Light" letter:"W" forward:N))
  (board (square 4 4 cells:Dark adjacency:Diagonal) labels:Numbers)
  (piece "Man")
  (play
    (priority
      { (hop dirs:Forward over:Enemy to:Empty) }
      { (step dirs:Forward to:Empty) }))
  (end (no-moves Loss)))
"#;

    fn position(text: &str) -> State {
        let game = Arc::new(Game::from_source("men.game", MEN, &Options::default()).unwrap());
        State::from_position(game, text).unwrap()
    }

    /// The moves of each side, as if to move, equal the moves of the same
    /// board with that side to move; the state is unchanged after.
    #[test]
    fn each_side_counts_its_own_moves() {
        // Dark's men on 1 and 2 have three steps (1-3, 1-4, 2-4), Light's
        // man on 7 one (7-5).
        for (mover, other) in [("W", "B"), ("B", "W")] {
            let board = "B:1,2 W:7";
            let st = position(&format!("{mover} {board}"));
            let theirs = position(&format!("{other} {board}"));
            let mut probe = st.clone();
            let before = probe.hash();
            let mut buf = Vec::new();
            probe.moves_as_into(theirs.current_player(), &mut buf);
            assert_eq!(buf, theirs.legal_moves(), "{other} as if to move");
            assert_eq!(probe.hash(), before);
            assert_eq!(probe.legal_moves(), st.legal_moves());
        }
    }

    /// A capture available to the side not to move is compulsory for it too.
    #[test]
    fn the_other_sides_capture_is_compulsory() {
        // Dark to move jumps 4x7; Light, as if to move, must jump 5x2.
        let st = position("B B:1,4 W:5");
        let mut probe = st.clone();
        let mut buf = Vec::new();
        probe.moves_as_into(1, &mut buf);
        let names: Vec<String> = buf.iter().map(|m| st.move_to_string(m)).collect();
        assert_eq!(names, ["5x2"]);
    }
}
