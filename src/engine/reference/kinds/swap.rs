//! The pie rule (`(swap …)`): on the game's second turn, the mover takes
//! the position as their own. Every piece on the board becomes the
//! mover's; with `transpose`, every stack also moves to the site whose
//! column is its row and whose row is its column (on a rhombus, the
//! reflection in the long diagonal, which turns the first player's sides
//! into the second's).

use crate::board::{NO_SITE, Site};
use crate::compile::ir::Piece;
use crate::engine::State;

impl State {
    /// True when a `swap` may be played now: the game's second turn (one
    /// turn completed), at its first step.
    pub(crate) fn swap_allowed(&self) -> bool {
        self.scalars.turns == 1 && self.scalars.turn_steps == 0
    }

    /// Plays the pie rule's swap for the mover (journaled through the
    /// stack primitives, so that undo restores the position).
    pub(crate) fn swap_position(&mut self, transpose: bool) {
        let mover = self.scalars.mover;
        let n = self.heights.len() as Site;
        // Every stack, lifted before any is put back: a transposition may
        // send a stack onto a site that holds another.
        let mut lifted: Vec<(Site, Vec<Piece>)> = Vec::new();
        for s in 0..n {
            if self.height(s) == 0 {
                continue;
            }
            let to = if transpose { self.transposed(s) } else { s };
            let stack = self
                .stack(s)
                .iter()
                .map(|&p| self.game.piece(self.game.kind(p), mover))
                .collect();
            lifted.push((to, stack));
            self.clear_site(s);
        }
        for (to, stack) in lifted {
            // A stack with no transposed site (a board that is not square)
            // stays where the rule cannot move it: gone. `check` refuses
            // `transpose:true` on such a board, so this does not happen.
            if to == NO_SITE {
                continue;
            }
            for p in stack {
                self.push_piece(to, p);
            }
        }
    }

    /// The site whose column and row are `s`'s row and column, or
    /// [`NO_SITE`] when the board has none.
    fn transposed(&self, s: Site) -> Site {
        let sites = self.game.board.sites();
        let me = &sites[usize::from(s)];
        sites
            .iter()
            .position(|t| t.col == me.row && t.row == me.col)
            .map_or(NO_SITE, |t| t as Site)
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::{Game, Options};
    use crate::engine::State;
    use std::sync::Arc;

    /// A 3 × 3 rhombus where P2 may swap.
    fn game(transpose: bool) -> Arc<Game> {
        let text = format!(
            r#"(game "T" (players 2) (board (rhombus 3 3) labels:Coordinates) (piece "S")
                 (play {{(place "S" to:Empty) (swap transpose:{transpose})}}))"#
        );
        Arc::new(Game::from_source("t.game", &text, &Options::default()).unwrap())
    }

    #[test]
    fn a_transposing_swap_is_refused_where_the_board_is_not_symmetric() {
        for board in ["(hex 3)", "(rhombus 3 4)", "(square 2 3)"] {
            let text = format!(
                r#"(game "T" (players 2) (board {board}) (piece "S")
                     (play {{(place "S" to:Empty) (swap transpose:true)}}))"#
            );
            let err = Game::from_source("t.game", &text, &Options::default()).unwrap_err();
            assert!(err.to_string().contains("transposition"), "{board}: {err}");
        }
        // Without transposition any board takes a swap.
        let text = r#"(game "T" (players 2) (board (hex 3)) (piece "S")
            (play {(place "S" to:Empty) (swap)}))"#;
        assert!(Game::from_source("t.game", text, &Options::default()).is_ok());
    }

    #[test]
    fn a_swap_is_legal_on_the_second_turn_only() {
        let mut st = State::new(game(false));
        assert!(!st.legal_turn_strings().contains(&"swap".to_string()));
        st.play_str("b1").unwrap();
        assert!(st.legal_turn_strings().contains(&"swap".to_string()));
        st.play_str("a1").unwrap();
        assert!(!st.legal_turn_strings().contains(&"swap".to_string()));
    }

    #[test]
    fn a_swap_gives_the_mover_the_stones_and_transposes_them() {
        // Without transposition, the stone stays on b1 and is P2's.
        let mut st = State::new(game(false));
        st.play_str("b1").unwrap();
        st.play_str("swap").unwrap();
        assert_eq!(
            st.to_position().as_deref(),
            Some("1 2:b1 turns=2 no-progress=2")
        );
        // Transposed, b1 (column 1, row 0) goes to a2 (column 0, row 1).
        let mut st = State::new(game(true));
        st.play_str("b1").unwrap();
        st.play_str("swap").unwrap();
        assert_eq!(
            st.to_position().as_deref(),
            Some("1 2:a2 turns=2 no-progress=2")
        );
    }
}
