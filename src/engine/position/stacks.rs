//! The stack primitives' side of the state: growth by distance, marks,
//! moving again with a named block, and setting up stacks by hand.

use crate::board::{NO_SITE, Site};
use crate::compile::ir::{BlockId, Effect, Owner, Player, RegionId, SiteRef};
use crate::engine::State;
use crate::engine::cond::Ctx;

impl State {
    /// Steps the destination `to` is farther from `region` than the origin
    /// `from` (for `player`'s version of the region); 0 when it is not
    /// farther or either site is absent or out of reach of the region.
    #[inline]
    pub(crate) fn gain(&self, region: RegionId, player: Player, from: Site, to: Site) -> u32 {
        let n = self.heights.len();
        if from as usize >= n || to as usize >= n {
            return 0;
        }
        let (a, b) = (
            self.distance(region, player, from),
            self.distance(region, player, to),
        );
        b.saturating_sub(a)
    }

    /// Steps from `site` to the nearest site of `region` as `player` sees
    /// it; the number of sites when it cannot be reached (or `site` is no
    /// site), so that such a site is farther than any other.
    pub(crate) fn distance(&self, region: RegionId, player: Player, site: Site) -> u32 {
        let n = self.heights.len();
        let base = (region as usize * self.game.num_players() + player as usize) * n;
        match self.game.distances.get(base + site as usize) {
            Some(&d) if (site as usize) < n && d != u32::MAX => d,
            _ => n as u32,
        }
    }

    /// The block the mover must play next in this turn, if an `again`
    /// effect asked for one.
    pub(crate) fn again(&self) -> Option<BlockId> {
        self.scalars.again
    }

    /// True while the mover has more steps to make in the current turn (a
    /// chained continuation or an `again`); never at a chance node,
    /// where nature moves.
    pub fn mid_turn(&self) -> bool {
        (self.scalars.cont.is_some() || self.scalars.again.is_some())
            && self.extras.chance.is_none()
    }

    /// True if the last step marked `site`.
    pub(crate) fn is_marked(&self, site: Site) -> bool {
        self.marks
            .get(site as usize)
            .is_some_and(|&m| m & crate::engine::state::VISIBLE_MARKS != 0)
    }

    /// The sites the last step marked, in order.
    pub fn marked_sites(&self) -> Vec<Site> {
        (0..self.marks.len() as Site)
            .filter(|&s| self.is_marked(s))
            .collect()
    }

    /// Replaces the stack at `site` with `stack` (bottom first), for
    /// setting up positions by hand; the hash and the history restart.
    #[cfg(test)]
    pub(crate) fn put_stack(&mut self, site: Site, stack: &[crate::compile::ir::Piece]) {
        self.cache.forget();
        self.clear_site(site);
        for &p in stack {
            self.push_piece(site, p);
        }
        self.reset_history();
    }

    /// Runs one of the stack effects (growth by distance, `again`); none
    /// ends the turn.
    pub(crate) fn run_stack_effect(&mut self, e: &Effect, ctx: &Ctx) -> crate::engine::apply::Flow {
        let site_of = |r: SiteRef| ctx.site(r);
        match e {
            Effect::Grow {
                at,
                region,
                kind,
                owner,
            } => {
                let site = site_of(*at);
                if site == NO_SITE {
                    return crate::engine::apply::Flow::Continue;
                }
                let n = self.gain(*region, ctx.player, ctx.from, ctx.to);
                let top = self.top(site);
                let who = match owner {
                    Owner::Mover => Some(ctx.player),
                    Owner::Top => top.map(|p| self.game.owner(p)),
                };
                let k = kind.or(top.map(|p| self.game.kind(p))).unwrap_or(0);
                if let Some(who) = who {
                    let p = self.game.piece(k, who);
                    for _ in 0..n {
                        self.push_piece(site, p);
                    }
                }
            }
            Effect::Again(b) => self.scalars.again = Some(*b),
            _ => {}
        }
        crate::engine::apply::Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::{Game, Options};
    use crate::engine::State;
    use std::sync::Arc;

    const RULES: &str = r#"(game "t" (players 2) (board (square 1 7)) (piece "P")
        (region "Left" (column 0))
        (play (slide dirs:E to:(and Empty (more-than (distance To "Left") (distance From "Left")))
                then:{(push To (sub (distance To "Left") (distance From "Left")) owner:Mover) (if (any (flanked To)) {(mark-all (flanked To) for:Step) (again "Next")})}))
        (moves "Next" (step origin:Marked dirs:W to:Empty))
        (end (no-moves Loss)))"#;

    fn state() -> State {
        let game = Arc::new(Game::from_source("t", RULES, &Options::default()).unwrap());
        let mut st = State::new(game);
        st.clear(0);
        st
    }

    fn at(st: &State, label: &str) -> u16 {
        st.game().board.site_by_label(label).unwrap()
    }

    #[test]
    fn growth_marks_and_again_are_undone_with_the_step() {
        let mut st = state();
        st.put_stack(at(&st, "a1"), &[0]);
        st.put_stack(at(&st, "d1"), &[1]);
        st.put_stack(at(&st, "e1"), &[0]);
        // a1 slides east to b1 or c1 (d1 blocks), growing by the steps it
        // gets away from column a: to c1, two discs (3 pieces). There it
        // flanks d1 against e1, which is marked: P1 moves again.
        assert_eq!(st.gain(0, 0, at(&st, "a1"), at(&st, "c1")), 2);
        assert_eq!(st.gain(0, 0, at(&st, "c1"), at(&st, "a1")), 0);
        assert_eq!(
            st.legal_turn_strings(),
            ["a1-b1", "a1-c1", "e1-f1", "e1-g1"]
        );
        st.play_unchecked(&st.legal_moves()[1]);
        assert_eq!(st.stack(at(&st, "c1")), [0, 0, 0]);
        assert!(st.mid_turn());
        assert_eq!(st.marked_sites(), [at(&st, "d1")]);
        // The marked stack cannot step west (c1 is taken): P1 owes a move
        // and has none, and loses.
        assert!(st.legal_moves().is_empty());
        assert!(matches!(
            st.outcome(),
            Some(crate::engine::Outcome::Win(1, _))
        ));
        assert_eq!(st.undo(), Ok(()));
        assert!(!st.mid_turn());
        assert!(st.marked_sites().is_empty());
        assert_eq!(st.height(at(&st, "c1")), 0);
        assert_eq!(st.height(at(&st, "a1")), 1);
    }

    #[test]
    fn remove_flanked_captures_the_sandwiched_stacks() {
        let text = r#"(game "t" (players 2) (board (square 3 3)) (piece "P")
            (play (step dirs:Orthogonal then:(remove-all (flanked To)))))"#;
        let game = Arc::new(Game::from_source("t", text, &Options::default()).unwrap());
        let mut st = State::new(game);
        st.clear(0);
        // P2 on b2 and b3, P1 on c2 and a1. P1 steps a1-a2: b2 lies between
        // a2 and c2 and is removed; b3 is next to a2 only diagonally.
        for (l, p) in [("b2", 1), ("b3", 1), ("c2", 0), ("a1", 0)] {
            let s = at(&st, l);
            st.put_stack(s, &[p]);
        }
        st.play_str("a1-a2").unwrap();
        assert_eq!(st.height(at(&st, "b2")), 0);
        assert_eq!(st.height(at(&st, "b3")), 1);
        assert_eq!(st.current_player(), 1);
    }
}
