//! Whether a text in the game's notation can be a move of the game at
//! all, whatever the position: `expect illegal:` with a text that no rule
//! could ever produce (`9` in a game without placements, `pass` in a
//! game without passes, `a1xa2` in a game without captures) claims nothing about the rules.

use crate::compile::ir::{Game, GenKind};
use crate::engine::notation::notation_sites;

/// Why `text` (in the game's notation: see [`notation_sites`]) is no
/// move of `game` in any position; `None` when some rule of the game
/// could write it.
pub(super) fn no_move_of(game: &Game, text: &str) -> Option<String> {
    let t = text.trim().to_ascii_lowercase();
    let has = |f: fn(&GenKind) -> bool| game.gens.iter().any(|g| f(&g.kind));
    for part in t.split(',') {
        let part = part.split_once('=').map_or(part, |(head, _)| head);
        let why = match part {
            "pass" if !has(|k| matches!(k, GenKind::Pass)) => "the game has no pass",
            "end" if !has(|k| matches!(k, GenKind::EndPhase)) => {
                "the game has no phase a player ends"
            }
            "swap" if !has(|k| matches!(k, GenKind::Swap { .. })) => {
                "the game has no swap (pie rule)"
            }
            "pass" | "end" | "swap" => continue,
            _ if part.starts_with("flip-") => continue,
            _ if is_rotation(game, part) => continue,
            _ => match notation_sites(game, part) {
                Some(sites) if sites.len() == 1 => {
                    if has(|k| {
                        matches!(
                            k,
                            GenKind::Place { .. } | GenKind::Select { .. } | GenKind::Sow { .. }
                        )
                    }) {
                        continue;
                    }
                    "a lone site is a placement, and the game places nothing"
                }
                Some(_) => match chain_problem(game, part) {
                    Some(why) => why,
                    None => continue,
                },
                None => return None,
            },
        };
        return Some(why.to_string());
    }
    None
}

/// Why the steps `part` are no move of the game: no rule moves a piece,
/// or a capture's mark in a game whose moves never capture. (A step back
/// to its own site is a claim about the rules: a relocation could land
/// there.)
fn chain_problem(game: &Game, part: &str) -> Option<&'static str> {
    let moves_pieces = |g: &crate::compile::ir::Gen| {
        g.kind.shift().is_some() || matches!(g.kind, GenKind::Advance(_))
    };
    if !game.gens.iter().any(moves_pieces) {
        return Some("the game moves no piece from site to site");
    }
    // A capture's mark (`x`) can be told from a label only when no label
    // holds an `x`.
    let x_in_labels = game
        .board
        .sites()
        .iter()
        .any(|s| s.label.to_ascii_lowercase().contains('x'));
    let captures = game.gens.iter().any(|g| g.kind.captures());
    if part.contains('x') && !x_in_labels && !captures {
        return Some("the game's moves never capture, and `x` marks a capture");
    }
    None
}

/// Whether `part` names one of the game's rotations, lower case.
fn is_rotation(game: &Game, part: &str) -> bool {
    game.gens.iter().any(|g| match &g.kind {
        GenKind::Rotate { rotations } => {
            rotations.iter().any(|r| r.name.eq_ignore_ascii_case(part))
        }
        _ => false,
    })
}
