//! The passes a roll of nature brings about (docs/chance.md, "Passes"): a
//! player whose throw leaves no legal move (backgammon's player shut out
//! on the bar, under `(no-moves Pass)`) passes as the roll is played, and
//! the next player's throw follows at once. Front ends name those passes
//! when the roll is played ([`State::passes_by_chance`]), not only at the
//! next throw.

use super::chance::Pending;
use crate::compile::ir::Player;
use crate::engine::State;

impl State {
    /// The seats, in order, that passed while the chance move that led
    /// from `before` (a chance node) to this state was played: every turn
    /// that began and ended without a step of its player. A roll at a
    /// turn's start (`pending=start`) that leaves the mover stuck is its
    /// pass; after a roll that completes a step, the first turn that ends
    /// is the stepping player's own, and any more are passes. Empty when
    /// `before` was not a chance node or nobody passed.
    pub fn passes_by_chance(&self, before: &State) -> Vec<Player> {
        let Some(ch) = before.extras.chance else {
            return Vec::new();
        };
        let ended = self.scalars.turns.saturating_sub(before.scalars.turns);
        let own = u32::from(matches!(ch.pending, Pending::Step(_)));
        let n = self.game.num_players();
        let mut seat = before.scalars.mover;
        let mut out = Vec::new();
        for i in 0..ended.min(n as u32 * 2) {
            if i >= own {
                out.push(seat);
            }
            seat = before.next_in_play((seat + 1) % n as Player, n);
        }
        out
    }

    /// The passes decided so far since `origin`, the chance node where a
    /// run of rolls began (a step whose dice are thrown in several
    /// rolls, such as backgammon's last step, which throws the next
    /// player's dice and, when that player cannot use them, the dice
    /// after): at a chance node, the passes that every outcome of the
    /// rolls still to come brings about (their common first seats, the
    /// rolls listed up to two deep); elsewhere
    /// [`State::passes_by_chance`]. A front end names each pass once
    /// decided, at the roll that decides it.
    pub fn passes_decided(&self, origin: &State) -> Vec<Player> {
        self.decided_within(origin, PASS_LOOKAHEAD)
    }

    fn decided_within(&self, origin: &State, depth: u32) -> Vec<Player> {
        if !self.is_chance_node() {
            return self.passes_by_chance(origin);
        }
        if depth == 0 {
            return Vec::new();
        }
        let mut common: Option<Vec<Player>> = None;
        for (m, _) in self.chance_outcomes() {
            let mut next = self.clone();
            next.play_turn(std::slice::from_ref(&m));
            let these = next.decided_within(origin, depth - 1);
            common = Some(match common {
                None => these,
                Some(c) => c
                    .iter()
                    .zip(&these)
                    .take_while(|(a, b)| a == b)
                    .map(|(a, _)| *a)
                    .collect(),
            });
            if common.as_ref().is_some_and(Vec::is_empty) {
                break;
            }
        }
        common.unwrap_or_default()
    }
}

/// How many rolls ahead [`State::passes_decided`] lists (each roll's
/// outcomes, 21 for two dice): two covers a step that throws twice.
pub(crate) const PASS_LOOKAHEAD: u32 = 2;
