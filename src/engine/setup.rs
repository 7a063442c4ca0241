//! Set-up positions: a PDN FEN string (`B:W18,24,K10:B12,K22`) places
//! stacks on number-labelled sites, using the players' letters and the
//! game's setup codes (`(code "K" "Checker" 2)`: a king is two checkers).

use super::State;
use crate::compile::ir::Game;
use crate::record::fen::{Fen, FenPiece, parse_fen, write_fen};
use std::sync::Arc;

impl State {
    /// The position described by a PDN FEN string. Errors name the
    /// offending part: an unknown side letter or prefix, a site number that
    /// is not on the board, a game whose sites have no numbers.
    pub fn from_fen(game: Arc<Game>, text: &str) -> Result<State, String> {
        let fen = parse_fen(text)?;
        if game.board.sites().iter().any(|s| s.number.is_none()) {
            return Err("this game's sites have no number labels, so FEN cannot name them".into());
        }
        let mover = player_of(&game, fen.to_move)?;
        let mut st = State::new(game.clone());
        st.clear(mover);
        for p in &fen.pieces {
            let owner = player_of(&game, p.side)?;
            let code = game
                .codes
                .iter()
                .find(|c| c.prefix.eq_ignore_ascii_case(&p.prefix))
                .ok_or_else(|| {
                    let known: Vec<String> = game
                        .codes
                        .iter()
                        .map(|c| format!("`{}`", c.prefix))
                        .collect();
                    format!(
                        "unknown piece prefix `{}`; known: {} (a rule file declares them with (code \"PREFIX\" \"Kind\" N))",
                        p.prefix,
                        if known.is_empty() { "none".to_string() } else { known.join(", ") }
                    )
                })?;
            let site = game
                .board
                .sites()
                .iter()
                .position(|s| s.number == Some(p.square))
                .ok_or_else(|| format!("square {} is not on the board", p.square))?;
            let piece = game.piece(code.kind, owner);
            for _ in 0..code.count {
                st.push_piece(site as u16, piece);
            }
        }
        st.reset_history();
        Ok(st)
    }

    /// The position as a PDN FEN string, when every stack matches a setup
    /// code and the sites have numbers; `None` otherwise.
    pub fn to_fen(&self) -> Option<String> {
        let game = &*self.game;
        if game.board.sites().iter().any(|s| s.number.is_none()) {
            return None;
        }
        let mut pieces = Vec::new();
        for (i, info) in game.board.sites().iter().enumerate() {
            let stack = self.stack(i as u16);
            let Some(&top) = stack.last() else { continue };
            let owner = game.owner(top);
            let code = game.codes.iter().find(|c| {
                c.count as usize == stack.len()
                    && stack.iter().all(|&p| p == game.piece(c.kind, owner))
            })?;
            pieces.push(FenPiece {
                side: game.players[owner as usize].letter,
                prefix: code.prefix.clone(),
                square: info.number?,
            });
        }
        // PDN lists White's squares first.
        pieces.sort_by_key(|p| (p.side != 'W', p.side));
        let to_move = game.players[self.current_player() as usize].letter;
        Some(write_fen(&Fen { to_move, pieces }))
    }
}

fn player_of(game: &Game, letter: char) -> Result<u8, String> {
    game.players
        .iter()
        .position(|p| p.letter.eq_ignore_ascii_case(&letter))
        .map(|i| i as u8)
        .ok_or_else(|| {
            let known: String = game.players.iter().map(|p| p.letter).collect();
            format!("unknown side `{letter}`; the players' letters are {known}")
        })
}
