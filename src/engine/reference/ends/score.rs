//! Scores: the end of a game decided by a score per player and tie-breaks
//! (Polypods, docs/games/polypods.md).

use crate::compile::ir::Player;
use crate::engine::cond::Ctx;
use crate::engine::memo::Scope;
use crate::engine::seats;
use crate::engine::{EndReason, Outcome, State};

impl State {
    /// The score of `player`, and then each tie-break, as declared by the
    /// `(score …)` end rule; empty when the game declares no score. In
    /// tenths when the rule has a decimal number
    /// (the end rules' `score_tenths`: 485 is 48.5).
    pub fn scores(&self, player: Player) -> Vec<i64> {
        let end = &self.game.end;
        let ctx = self.turn_ctx(player);
        let mut sc = Scope::default();
        end.score
            .iter()
            .chain(&end.tie_breaks)
            .map(|n| self.num_in(n, &ctx, &mut sc))
            .collect()
    }

    /// The outcome of a game that ends by `reason` and is decided by the
    /// scores: the player whose (score, tie-breaks…) is greatest wins; equal
    /// all through, or no score declared: a draw.
    ///
    /// The players still in the lead are kept as a bitmask and narrowed one
    /// number at a time (score, then each tie-break), so that nothing is
    /// allocated; every number is evaluated once per player in one scope.
    ///
    /// With more than two players ([`seats::ranks`]) the seats still
    /// playing are ranked by their numbers instead ([`seats::scored`]):
    /// the places already taken stand, equal numbers share a place, and a
    /// game without a score ranks them all equal.
    pub(crate) fn score_outcome(&self, reason: EndReason) -> Outcome {
        let n = self.game.num_players();
        let end = &self.game.end;
        if seats::ranks(n) {
            let keys: Vec<Vec<i64>> = (0..n as Player).map(|p| self.scores(p)).collect();
            return seats::scored(&self.scalars.seats, n, &keys, reason);
        }
        if end.score.is_none() || n > 64 {
            return self.score_outcome_listed(reason);
        }
        let mut sc = Scope::default();
        let mut lead: u64 = if n == 64 { u64::MAX } else { (1 << n) - 1 };
        for num in end.score.iter().chain(&end.tie_breaks) {
            let mut best = i64::MIN;
            let mut at_best: u64 = 0;
            for p in 0..n {
                if lead & (1 << p) == 0 {
                    continue;
                }
                let v = self.num_in(num, &self.turn_ctx(p as Player), &mut sc);
                if v > best {
                    best = v;
                    at_best = 0;
                }
                if v == best {
                    at_best |= 1 << p;
                }
            }
            lead = at_best;
        }
        if lead.count_ones() == 1 {
            Outcome::Win(lead.trailing_zeros() as Player, reason)
        } else {
            Outcome::Draw(reason)
        }
    }

    /// [`State::score_outcome`] with every player's numbers listed.
    fn score_outcome_listed(&self, reason: EndReason) -> Outcome {
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
