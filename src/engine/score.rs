//! Scores: the end of a game decided by a score per player and tie-breaks
//! (Polypods, docs/games/polypods.md).

use super::cond::Ctx;
use super::{EndReason, Outcome, State};
use crate::compile::ir::Player;

impl State {
    /// The score of `player`, and then each tie-break, as declared by the
    /// `(score …)` end rule; empty when the game declares no score.
    pub fn scores(&self, player: Player) -> Vec<i64> {
        let end = &self.game.end;
        let ctx = self.turn_ctx(player);
        end.score
            .iter()
            .chain(&end.tie_breaks)
            .map(|n| self.num(n, &ctx))
            .collect()
    }

    /// The outcome of a game that ends by `reason` and is decided by the
    /// scores: the player whose (score, tie-breaks…) is greatest wins; equal
    /// all through, or no score declared: a draw.
    pub(crate) fn score_outcome(&self, reason: EndReason) -> Outcome {
        let n = self.game.num_players() as Player;
        let all: Vec<Vec<i64>> = (0..n).map(|p| self.scores(p)).collect();
        let best = all.iter().max();
        let winners: Vec<Player> = (0..n).filter(|&p| Some(&all[p as usize]) == best).collect();
        match winners.as_slice() {
            [w] if !all[0].is_empty() => Outcome::Win(*w, reason),
            _ => Outcome::Draw(reason),
        }
    }
}

impl State {
    /// The names of the roles (`(role …)` clauses) that hold at `site`, in
    /// declaration order, for the owner of its top piece.
    pub fn roles_at(&self, site: crate::board::Site) -> Vec<&str> {
        let player = self.top_owner(site).unwrap_or(self.current_player());
        let ctx = Ctx::at(player, site);
        let game = &*self.game;
        (0..game.roles.len())
            .filter(|&i| {
                self.eval(
                    &crate::compile::ir::Cond::Role(crate::compile::ir::SiteRef::Subject, i as u16),
                    &ctx,
                )
            })
            .map(|i| game.roles[i].name.as_str())
            .collect()
    }

    /// Sets up a position: the given stacks (bottom first) on an empty
    /// board, `mover` to move; counters and history restart.
    pub(crate) fn set_up(
        &mut self,
        mover: Player,
        stacks: &[(crate::board::Site, Vec<crate::compile::ir::Piece>)],
    ) {
        self.clear(mover);
        for (site, stack) in stacks {
            for &p in stack {
                self.push_piece(*site, p);
            }
        }
        self.reset_history();
    }
}
