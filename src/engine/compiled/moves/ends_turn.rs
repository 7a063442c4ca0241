//! Which generators' steps always end their turn, so that perft's last
//! ply counts them without making them (bulk counting: a turn one ply
//! deep is a leaf whatever it does, so only whether the step ends its
//! turn matters, and that is known of the generator before play).

use crate::compile::ir::{Effect, Game, Gen};

/// True if every step of `g` in `game` ends its turn: `g` does not chain,
/// pays no cost from a budget, and neither its `then:` nor its `finally:`
/// effects can name a move block to play again (`(again …)`, inside
/// `if`s or per player); the game has no chance (a roll after a step is
/// a ply of its own) and no phase's automatic effects can play again.
/// A step of such a generator, listed as legal, is one whole turn: at
/// perft's last ply it is a leaf without being made.
pub(crate) fn ends_its_turn(g: &Gen, game: &Game) -> bool {
    g.kind.chain() == crate::compile::ir::Chain::Off
        && g.kind.cost().is_none()
        && !plays_again(&g.then)
        && !plays_again(&g.finally)
        && !game.chance
        && !game.phases.iter().any(|p| plays_again(&p.auto))
}

/// True if some effect of `effects` may be an `(again …)`: one at any
/// depth of `if`s and per-player effects.
fn plays_again(effects: &[Effect]) -> bool {
    effects.iter().any(|e| match e {
        Effect::Again(_) => true,
        Effect::If(_, yes, no) => plays_again(yes) || plays_again(no),
        Effect::ForEachPlayer(each) => plays_again(each),
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::ends_its_turn;
    use crate::compile::ir::GenKind;
    use crate::compile::{Game, Options};

    fn shipped(name: &str, text: &str) -> Game {
        Game::from_source(name, text, &Options::default()).expect("a shipped game compiles")
    }

    /// English draughts: a man's or a king's step ends the turn; a hop
    /// chains (the jumping piece may go on).
    #[test]
    fn a_step_ends_its_turn_and_a_chained_hop_does_not() {
        let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/games/checkers.game"));
        let g = shipped("checkers.game", text);
        assert!(!g.gens.is_empty());
        for x in &g.gens {
            let step = matches!(x.kind, GenKind::Step(_));
            assert_eq!(ends_its_turn(x, &g), step, "{:?}", x.kind);
        }
    }

    /// Amazons: the queen's slide is followed by an arrow (`again`); the
    /// arrow ends the turn.
    #[test]
    fn a_move_that_plays_again_does_not_end_its_turn() {
        let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/games/amazons.game"));
        let g = shipped("amazons.game", text);
        let ends: Vec<(bool, bool)> = g
            .gens
            .iter()
            .map(|x| {
                (
                    matches!(x.kind, GenKind::Slide(_)) && !x.then.is_empty(),
                    ends_its_turn(x, &g),
                )
            })
            .collect();
        assert!(ends.contains(&(true, false)), "{ends:?}");
        assert!(ends.iter().any(|&(queen, ends)| !queen && ends), "{ends:?}");
    }

    /// Backgammon: a roll is a ply of its own, so no step is counted as
    /// a whole turn.
    #[test]
    fn no_step_of_a_game_of_chance_is_counted_as_a_turn() {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/games/backgammon.game"
        ));
        let g = shipped("backgammon.game", text);
        assert!(g.chance);
        assert!(g.gens.iter().all(|x| !ends_its_turn(x, &g)));
    }
}
