//! The position editor: a draft board the page changes site by site
//! (a piece put on top of a stack, the top piece taken off) and a side
//! to move, drawn as it stands and written as position text and FEN as
//! it changes. Nothing is checked until the draft is done: then it is
//! read back as a position text ([`crate::engine::State::from_position`])
//! and, in a game with FEN, as FEN too, with the checks FEN positions get
//! (the royal pieces: as many as the setup gives, the side not to move
//! not in check; no man on its crowning row) and, if it passes, the game
//! starts from it; else the draft stays, with the reason.

use serde_json::{Value, json};

use super::Session;
use crate::board::Site;
use crate::compile::Piece;
use crate::engine::State;
use crate::record::{Position, write_position};
use crate::render::svg::piece_svg;

/// A position being edited.
#[derive(Debug, Clone)]
pub struct Draft {
    /// The player to move.
    pub mover: u8,
    /// Each site's stack, bottom first, indexed by site.
    pub stacks: Vec<Vec<Piece>>,
}

/// One change to the draft (`POST …/edit`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Edit {
    /// Start editing from the position shown.
    Start,
    /// Put a piece on top of the stack at a site.
    Put(Site, Piece),
    /// Take the top piece off the stack at a site.
    Take(Site),
    /// Set the player to move.
    Mover(u8),
    /// Check the draft and start the game from it.
    Done,
    /// Leave the editor, the game as it was.
    Cancel,
}

impl Draft {
    /// The draft as a state (unchecked), for drawing and writing.
    pub fn state(&self, game: &std::sync::Arc<crate::compile::Game>) -> State {
        State::from_setup(game.clone(), &self.position())
    }

    fn position(&self) -> Position {
        Position {
            to_move: Some(self.mover),
            stacks: self.list(),
        }
    }

    fn list(&self) -> Vec<(Site, Vec<Piece>)> {
        (0..)
            .zip(&self.stacks)
            .filter(|(_, v)| !v.is_empty())
            .map(|(s, v)| (s, v.clone()))
            .collect()
    }
}

impl Session {
    /// Applies `edit` to the draft; an error says why and changes nothing.
    pub fn edit(&mut self, edit: Edit) -> Result<(), String> {
        let game = self.game.clone().ok_or("the rules do not compile")?;
        if edit == Edit::Start {
            let st = self.current.as_ref().ok_or("the rules do not compile")?;
            let stacks = (0..game.board.len() as Site)
                .map(|s| st.stack(s).to_vec())
                .collect();
            self.draft = Some(Draft {
                mover: st.current_player(),
                stacks,
            });
            self.message = Some("editing: choose a piece, then click sites".into());
            self.version += 1;
            return Ok(());
        }
        let draft = self.draft.as_mut().ok_or("not editing a position")?;
        match edit {
            Edit::Put(site, piece) => {
                let stack = draft
                    .stacks
                    .get_mut(usize::from(site))
                    .ok_or_else(|| format!("no site {site}"))?;
                if usize::from(piece) >= game.num_pieces() {
                    return Err(format!("no piece {piece}"));
                }
                if stack.len() >= game.stack_cap {
                    return Err(format!(
                        "the stack at {} is full ({} pieces at most)",
                        game.board.site(site).label,
                        game.stack_cap
                    ));
                }
                stack.push(piece);
            }
            Edit::Take(site) => {
                let stack = draft
                    .stacks
                    .get_mut(usize::from(site))
                    .ok_or_else(|| format!("no site {site}"))?;
                stack.pop().ok_or("that site is empty")?;
            }
            Edit::Mover(p) if usize::from(p) < game.players.len() => draft.mover = p,
            Edit::Mover(p) => return Err(format!("no player {p}")),
            Edit::Done => return self.finish_edit(),
            Edit::Cancel => {
                self.draft = None;
                self.message = None;
            }
            Edit::Start => {}
        }
        self.version += 1;
        Ok(())
    }

    /// Reads the draft back with the game's checks and starts from it.
    fn finish_edit(&mut self) -> Result<(), String> {
        let (game, draft) = match (&self.game, &self.draft) {
            (Some(g), Some(d)) => (g.clone(), d.clone()),
            _ => return Err("not editing a position".into()),
        };
        let text = write_position(&game, draft.mover, &draft.list())
            .ok_or("a stack on the board cannot be written with the game's setup codes")?;
        // A game with FEN also gets the checks FEN positions get: the
        // royal pieces (one king each, the side not to move not in
        // check), no stack where an arriving move would have changed it.
        let st = State::from_position(game.clone(), &text).map_err(|e| format!("position: {e}"))?;
        if let Some(fen) = st.to_fen() {
            State::from_fen(game, &fen).map_err(|e| format!("position: {e}"))?;
        }
        self.load_position(&text)?;
        self.draft = None;
        self.message = Some(format!("position set: {text}"));
        Ok(())
    }

    /// The editor's part of the view: `null` when not editing, else the
    /// draft's `position` text (`null` when a stack cannot be written),
    /// `fen`, `to_move` and the `palette` of pieces (each `{"piece",
    /// "owner", "kind", "svg"}`).
    pub(super) fn edit_json(&self) -> Value {
        let (Some(game), Some(d)) = (&self.game, &self.draft) else {
            return Value::Null;
        };
        let st = d.state(game);
        let palette: Vec<Value> = (0..game.num_pieces())
            .filter_map(|p| Piece::try_from(p).ok())
            .map(|p| {
                let owner = usize::from(game.owner(p));
                json!({"piece": p, "owner": owner,
                       "kind": game.kinds[usize::from(game.kind(p))],
                       "player": game.players[owner].name,
                       "svg": piece_svg(&st, p)})
            })
            .collect();
        json!({
            "position": write_position(game, d.mover, &d.list()),
            "fen": st.to_fen(),
            "to_move": d.mover,
            "palette": palette,
        })
    }
}
