//! Which tier of the engine plays a game: the reference interpreter alone,
//! or the compiled tier where it takes the rules.

/// The tier that lists, plays and counts a state's moves.
///
/// Both give the same legal turns in the same order, the same positions,
/// outcomes, perft counts and seeded playouts: the reference is the
/// meaning of the rules, the compiled tier its faster copy
/// (`tests/differential.rs` holds them to it). Chosen when a state is made
/// ([`super::State::with_engine`]) and kept by its clones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Engine {
    /// The compiled tier wherever it takes the rules (site-set plans,
    /// compiled filters, counted levels, the perft kernel), the reference
    /// elsewhere: the default.
    #[default]
    Compiled,
    /// The reference interpreter alone: every condition evaluated from the
    /// rules' IR, every filter probed by playing the move and taking it
    /// back, perft walked step by step. Slower; the cross-check of the
    /// compiled tier (`--interpreted` on the command line).
    Reference,
}

impl Engine {
    /// The engine asked for by an `--interpreted` flag.
    pub fn interpreted_if(interpreted: bool) -> Engine {
        if interpreted {
            Engine::Reference
        } else {
            Engine::Compiled
        }
    }

    /// The engine's name in reports (`--json`'s `engine`): `compiled` or
    /// `reference`.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Compiled => "compiled",
            Engine::Reference => "reference",
        }
    }

    /// The tier that plays a game of `players` seats when `self` is asked
    /// for: the compiled tier declines a game of more than two players
    /// (its site-set programs and perft kernel read "the other player" as
    /// one seat, and it has no seats that leave play), which the
    /// reference plays instead.
    pub fn for_players(self, players: usize) -> Engine {
        match players {
            0..=2 => self,
            _ => Engine::Reference,
        }
    }

    /// The tier that plays `game` when `self` is asked for: as
    /// [`Engine::for_players`], and the reference for a game whose moves
    /// read the dice left to play (`advance`): the compiled tier's plans
    /// and caches of a position do not know them.
    pub fn for_game(self, game: &crate::compile::ir::Game) -> Engine {
        let dice = game
            .gens
            .iter()
            .any(|g| matches!(g.kind, crate::compile::ir::GenKind::Advance(_)));
        match dice {
            true => Engine::Reference,
            false => self.for_players(game.num_players()),
        }
    }

    /// True for [`Engine::Compiled`].
    pub fn is_compiled(self) -> bool {
        self == Engine::Compiled
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_chooses_the_reference_and_the_default_is_compiled() {
        assert_eq!(Engine::interpreted_if(true), Engine::Reference);
        assert_eq!(Engine::interpreted_if(false), Engine::Compiled);
        assert_eq!(Engine::default(), Engine::Compiled);
        assert!(!Engine::Reference.is_compiled());
        assert_eq!(Engine::Reference.name(), "reference");
        assert_eq!(Engine::default().name(), "compiled");
    }

    #[test]
    fn the_compiled_tier_declines_games_of_more_than_two_players() {
        assert_eq!(Engine::Compiled.for_players(2), Engine::Compiled);
        assert_eq!(Engine::Compiled.for_players(1), Engine::Compiled);
        assert_eq!(Engine::Compiled.for_players(3), Engine::Reference);
        assert_eq!(Engine::Reference.for_players(2), Engine::Reference);
    }
}
