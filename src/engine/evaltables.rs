//! What the evaluation of conditions and sets derives once from a game
//! (kept in the engine's [`super::Tables`]).

use crate::compile::ir::Game;

/// The evaluation's tables of one game.
#[derive(Debug, Clone, Default)]
pub(crate) struct EvalTables {
    /// Per role: its values depend on the position alone, so that an
    /// evaluation may remember them (see [`super::memo`]).
    pub pure_roles: Vec<bool>,
    /// Per role: its truth table when it is local (see [`super::local`]).
    pub local_roles: Vec<Option<super::local::LocalRole>>,
}

impl EvalTables {
    /// The tables of `game`.
    pub fn new(game: &Game) -> EvalTables {
        EvalTables {
            pure_roles: super::memo::pure_roles(&game.roles),
            local_roles: super::local::local_roles(&game.roles, &game.board),
        }
    }
}
