//! Where a piece's moves could ever take it from a site, whatever stands
//! on the board: the geometry of its generators alone (their directions,
//! distances and leap offsets), so that a refusal can say that a move
//! never leads there ([`crate::engine::Refusal::OffLines`]) rather than
//! that it is blocked now.

use crate::board::{NO_SITE, Site};
use crate::compile::Game;
use crate::compile::ir::{Chain, Gen, GenKind, Player};

/// True if some generator of `movers` (those that move the piece on
/// `from`, for `player`) could take a piece from `from` to `to` on an
/// empty board, or, for a jump, over a piece on every site jumped: a step
/// one site along one of its directions, a slide any number, a jump two
/// (any even number when it repeats, any number from two when it flies),
/// a leap one of its offsets, a relocation anywhere. A turn that may go on
/// is followed from every landing, so that a short form naming a
/// multi-jump's origin and final site counts as reaching: by the movers
/// that chain (`chain:true`); by every generator that chains when one
/// chains by level (`chain:Level`: the piece may change kind mid-chain);
/// by every generator of a stack in a game whose turns go on through
/// named move blocks or phases (`again`, Genocide's phases).
pub(crate) fn ever_reaches(
    game: &Game,
    movers: &[&Gen],
    player: Player,
    from: Site,
    to: Site,
) -> bool {
    // A game without `(phases …)` has one phase, `Play`, that does not
    // repeat.
    let phased = game.phases.len() > 1 || game.phases.iter().any(|p| p.repeat);
    let goes_on = !game.blocks.is_empty() || phased;
    let by_level = movers.iter().any(|g| chain(g) == Chain::Level);
    let chained: Vec<&Gen> = match (goes_on, by_level) {
        (true, _) => game
            .gens
            .iter()
            .filter(|g| g.kind.shift().is_some())
            .collect(),
        (false, true) => game.gens.iter().filter(|g| chains(g)).collect(),
        (false, false) => movers.iter().copied().filter(|g| chains(g)).collect(),
    };
    let mut seen = vec![false; game.board.len()];
    let mut frontier = Vec::new();
    for g in movers {
        for s in targets(game, g, player, from) {
            if s == to {
                return true;
            }
            if (goes_on || chains(g)) && !std::mem::replace(&mut seen[s as usize], true) {
                frontier.push(s);
            }
        }
    }
    while let Some(x) = frontier.pop() {
        for g in &chained {
            for s in targets(game, g, player, x) {
                if s == to {
                    return true;
                }
                if !std::mem::replace(&mut seen[s as usize], true) {
                    frontier.push(s);
                }
            }
        }
    }
    false
}

/// How a move of `g` may be followed by another in the same turn
/// (`chain:`; off for the kinds without one).
fn chain(g: &Gen) -> Chain {
    match &g.kind {
        GenKind::Hop(h) => h.chain,
        GenKind::Slide(s) => s.chain,
        _ => Chain::Off,
    }
}

/// True if a move of `g` may be followed by another in the same turn.
fn chains(g: &Gen) -> bool {
    chain(g) != Chain::Off
}

/// The sites one move of `g` could reach from `x` for `player` by its
/// geometry alone (every site for a relocation; none for the kinds that
/// move no stack).
fn targets(game: &Game, g: &Gen, player: Player, x: Site) -> Vec<Site> {
    let board = &game.board;
    let dirs = |set: u16| -> &[crate::board::Dir] {
        game.dirsets
            .get(usize::from(set))
            .and_then(|per| per.get(usize::from(player)))
            .map_or(&[], Vec::as_slice)
    };
    // The sites along direction `d` from `x`, nearest first.
    let ray = |d| {
        std::iter::successors(Some(board.step(x, d)), move |&s| Some(board.step(s, d)))
            .take_while(|&s| s != NO_SITE)
    };
    match &g.kind {
        GenKind::Step(s) => dirs(s.dirs).iter().filter_map(|&d| ray(d).next()).collect(),
        GenKind::Slide(s) => dirs(s.dirs).iter().flat_map(|&d| ray(d)).collect(),
        GenKind::Hop(h) => dirs(h.dirs)
            .iter()
            .flat_map(|&d| {
                let far: Vec<Site> = ray(d).skip(1).collect();
                match (h.flying, h.repeat) {
                    (true, _) => far,
                    (false, true) => far.into_iter().step_by(2).collect(),
                    (false, false) => far.into_iter().take(1).collect(),
                }
            })
            .collect(),
        GenKind::Leap(l) => {
            let forwards: Vec<(f64, f64)> = game.players.iter().map(|p| p.forward).collect();
            let table = crate::engine::tables::leap_table(board, &forwards, &l.offsets);
            let k = l.offsets.len();
            let at = (usize::from(player) * board.len() + x as usize) * k;
            table
                .get(at..at + k)
                .unwrap_or_default()
                .iter()
                .copied()
                .filter(|&s| s != NO_SITE)
                .collect()
        }
        GenKind::Relocate(_) => (0..board.len() as Site).collect(),
        _ => Vec::new(),
    }
}
