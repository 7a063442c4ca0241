//! Set-up positions: a PDN FEN string (`B:W18,24,K10:B12,K22`) places
//! stacks on number-labelled sites, using the players' letters and the
//! game's setup codes (`(code "K" "Checker" 2)`: a king is two checkers);
//! a position text (`L D:a1,b2 L:c3`, [`crate::record::position`]) does the
//! same for any game.

use super::fen::{Fen, FenError, FenPiece, parse_fen, write_fen};
use super::position::{Position, PositionError, parse_position_text, write_position};
use super::position_fields::{read_fields, write_fields};
use crate::compile::ir::Game;
use crate::engine::State;
use std::sync::Arc;

impl State {
    /// The position described by a PDN FEN string (chess FEN for a game
    /// that declares `(fen …)`). Errors name the offending part: an unknown
    /// side letter or prefix, a site number that is not on the board, a
    /// game whose board is not numbered (`labels:Numbers`), a stack where a move arriving
    /// would have changed it (a man on its crowning row, a pawn on its
    /// promotion rank: [`crate::record::arrival`]), a piece on a site no
    /// piece of its kind and owner can ever reach (a pawn on its own first
    /// rank: [`crate::record::footholds`]). A position the end rules say
    /// is over is over as read, as [`State::from_position`] judges it (a
    /// chess FEN whose halfmove clock has reached the no-progress limit
    /// is a draw).
    pub fn from_fen(game: Arc<Game>, text: &str) -> Result<State, FenError> {
        let mut st = State::from_fen_unchecked(game, text)?;
        match st.unchanged_arrival().or_else(|| st.off_footholds()) {
            Some(why) => Err(FenError::Unreachable(why)),
            None => {
                st.judge_given();
                Ok(st)
            }
        }
    }

    /// [`State::from_fen`] without the check that no stack stands where a
    /// move arriving there would have changed it.
    fn from_fen_unchecked(game: Arc<Game>, text: &str) -> Result<State, FenError> {
        if game.fen.is_some() {
            return Ok(State::from_forsyth(game, text)?);
        }
        let fen = parse_fen(text)?;
        if game.board.sites().iter().any(|s| s.number.is_none()) {
            return Err(FenError::NoNumbers);
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
                .ok_or_else(|| FenError::UnknownPrefix {
                    prefix: p.prefix.clone(),
                    known: game.codes.iter().map(|c| c.prefix.clone()).collect(),
                })?;
            let site = game
                .board
                .sites()
                .iter()
                .position(|s| s.number == Some(p.square))
                .ok_or(FenError::NotOnBoard { square: p.square })?;
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
    /// A game that declares `(fen …)` writes chess FEN.
    pub fn to_fen(&self) -> Option<String> {
        let game = &*self.game;
        if game.fen.is_some() {
            return self.to_forsyth();
        }
        // PDN FEN names the sides W and B, and a prefix such as K stands
        // for a king: other letters would be read otherwise (or not at all).
        let letters: Vec<char> = game.players.iter().map(|p| p.letter).collect();
        if !matches!(letters.as_slice(), ['B', 'W'] | ['W', 'B'])
            || game.board.sites().iter().any(|s| s.number.is_none())
        {
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

impl State {
    /// The position described by a position text (`L D:a1,b2 L:c3
    /// phase=… Hand=7,8 …`, [`crate::record::position`] and
    /// [`crate::record::position_fields`]): the initial state with its
    /// board replaced by these stacks and the side named to move (else the
    /// initial position's), then every field given applied. A field left
    /// out keeps the initial position's phase, counters, toggles and dice,
    /// and zero counts, no marks and no unmoved stack; the history of
    /// turn starts is the text's `history=`, else restarts here. This (or
    /// [`State::from_setup`] for stacks built by a program) is the way to
    /// set up a position; [`State::to_position`] writes one, and the two
    /// round-trip every state. A position the end rules say is over (no
    /// outcome field given) is over as read: `lose-when`, and the result
    /// effects of the moves read for the player who moved last
    /// (`judge_given`). A player to move with no legal move passes under
    /// `(no-moves Pass)`, as in play (`pass_given`): a backgammon
    /// position whose mover is stuck on the bar, or has no dice left,
    /// reads as the next player's turn, at nature's roll.
    pub fn from_position(game: Arc<Game>, text: &str) -> Result<State, PositionError> {
        let full = parse_position_text(&game, text)?;
        let mut st = State::from_setup(game, &full.position);
        read_fields(&mut st, &full.fields)?;
        st.settle_read();
        Ok(st)
    }

    /// Judges a position just read as play would reach it: over if the end
    /// rules say so (`judge_given`), and under `(no-moves Pass)` a stuck
    /// player to move passes (`pass_given`). The one path every reader of
    /// a position text takes: `--position`, the web page's editor and a
    /// scenario's `put:` and `to-move:`.
    pub(crate) fn settle_read(&mut self) {
        self.judge_given();
        self.pass_given();
    }

    /// The position of `pos` (as [`State::from_position`] reads it from
    /// text): the initial state with its board replaced by `pos.stacks`
    /// and `pos.to_move` to move (else the initial position's player).
    /// Stacks above the game's stack limit are cut at the limit.
    pub fn from_setup(game: Arc<Game>, pos: &Position) -> State {
        let mut st = State::new(game);
        let mover = pos.to_move.unwrap_or(st.current_player());
        st.set_up(mover, &pos.stacks);
        st
    }

    /// Replaces the board with the stacks of a position text, and the
    /// player to move with the side it names, if any, then applies its
    /// fields (scenarios' `put:`, which keeps the phase and counters
    /// reached so far unless the text gives them), and judges the
    /// position as [`State::from_position`] does ([`State::settle_read`]).
    pub(crate) fn put(&mut self, text: &str) -> Result<(), PositionError> {
        let full = parse_position_text(&self.game, text)?;
        let mover = full.position.to_move.unwrap_or(self.current_player());
        let mut st = self.clone();
        st.set_up(mover, &full.position.stacks);
        read_fields(&mut st, &full.fields)?;
        st.settle_read();
        *self = st;
        Ok(())
    }

    /// The whole state as a position text that [`State::from_position`]
    /// reads back to the same state: the player to move, the board, then
    /// the fields in which the state differs from what the board alone
    /// gives (the phase, counters, flipped toggles, unmoved stacks, marks,
    /// the turn in progress, dice, the outcome, the history of a game
    /// with a repetition rule; at a chance node, what it resumes and the
    /// values rolled so far: docs/chance.md). `None` when a stack cannot
    /// be written with the game's setup codes.
    pub fn to_position(&self) -> Option<String> {
        let stacks = self.stacks_list();
        let board = write_position(&self.game, self.current_player(), &stacks)?;
        let mut base = self.initial_unseeded();
        base.set_up(self.current_player(), &stacks);
        let fields = write_fields(self, &base);
        Some(
            std::iter::once(board)
                .chain(fields)
                .collect::<Vec<_>>()
                .join(" "),
        )
    }

    /// The board and the player to move alone as a position text (what
    /// [`State::to_position`] wrote before it wrote the fields).
    pub fn to_board_position(&self) -> Option<String> {
        write_position(&self.game, self.current_player(), &self.stacks_list())
    }

    /// Every non-empty stack with its site, in site order.
    fn stacks_list(&self) -> Vec<(u16, Vec<u8>)> {
        (0..self.game.board.len() as u16)
            .map(|s| (s, self.stack(s).to_vec()))
            .filter(|(_, v)| !v.is_empty())
            .collect()
    }
}

fn player_of(game: &Game, letter: char) -> Result<u8, FenError> {
    game.players
        .iter()
        .position(|p| p.letter.eq_ignore_ascii_case(&letter))
        .map(|i| i as u8)
        .ok_or_else(|| FenError::UnknownSide {
            letter,
            known: game.players.iter().map(|p| p.letter).collect(),
        })
}
