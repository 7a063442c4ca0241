//! Sowing along a track (mancala games: Oware, docs/games/oware.md): a
//! `sow` move lifts the whole stack of a site of a track and drops its
//! pieces one by one on the sites that follow; `(trail …)` follows a
//! track from a site while a condition holds (the houses a capture runs
//! back over); `(pieces-in SET)` counts the pieces on a set's sites.

use crate::board::{NO_SITE, Site};
use crate::compile::ir::{Cond, GenId, SiteRef, TrackId};
use crate::engine::cond::Ctx;
use crate::engine::{Move, State};
use std::ops::ControlFlow;

impl State {
    /// The moves of `sow` generator `g`: one per non-empty site of the
    /// track that satisfies `from:`, its destination the site the last
    /// piece reaches.
    pub(crate) fn gen_sow(
        &self,
        g: GenId,
        track: TrackId,
        skip: bool,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let game = &*self.game;
        let generator = &game.gens[g as usize];
        let Some(t) = game.tracks.get(track as usize) else {
            return ControlFlow::Continue(());
        };
        // The compiled `from:` read once as a set, when there is one.
        let origins = self.origin_sites(g);
        for &from in &t.sites {
            let h = self.height(from);
            if h == 0 {
                continue;
            }
            let holds = match &origins {
                Some(set) => set.has(from),
                None => {
                    let ctx = Ctx {
                        last: self.scalars.last,
                        ..Ctx::at(self.scalars.mover, from)
                    };
                    self.origin_holds(g, &generator.from, &ctx)
                }
            };
            if !holds {
                continue;
            }
            let to = self.sow_end(from, h, track, skip);
            if to == NO_SITE {
                continue;
            }
            sink(Move {
                gen_id: g,
                from,
                to,
                over: NO_SITE,
                count: 0,
            })?;
        }
        ControlFlow::Continue(())
    }

    /// Where the last of `count` pieces sown from `from` lands
    /// ([`NO_SITE`] when the track ends first).
    fn sow_end(&self, from: Site, count: usize, track: TrackId, skip: bool) -> Site {
        self.game.tracks[track as usize].sown_end(from, count, skip)
    }

    /// Plays a sowing: lifts the stack at `from` and drops its pieces, the
    /// top one first, one on each following site of the track (never on
    /// the origin again with `skip`).
    pub(crate) fn sow(&mut self, from: Site, track: TrackId, skip: bool) {
        let h = self.height(from);
        let mut lifted = [0u8; 256];
        lifted[..h].copy_from_slice(self.stack(from));
        self.clear_site(from);
        let game = self.game.clone();
        let t = &game.tracks[track as usize];
        let mut at = from;
        for &p in lifted[..h].iter().rev() {
            at = t.step(at, false);
            if skip && at == from {
                at = t.step(at, false);
            }
            if at == NO_SITE {
                return;
            }
            self.push_piece(at, p);
        }
    }

    /// Appends the sites of a trail: from the site `at` names, along the
    /// track (against it with `backward`), while they satisfy `through`;
    /// never a site twice.
    pub(crate) fn trail_into(
        &self,
        at: SiteRef,
        track: TrackId,
        backward: bool,
        through: &Cond,
        ctx: &Ctx,
        out: &mut Vec<Site>,
    ) {
        let Some(t) = self.game.track_for(track, ctx.player) else {
            return;
        };
        let start = ctx.site(at);
        if start == NO_SITE || t.step(start, false) == NO_SITE && t.step(start, true) == NO_SITE {
            return;
        }
        let mut s = start;
        for _ in 0..t.sites.len() {
            let here = Ctx {
                subject: s,
                anchor: s,
                ..*ctx
            };
            if !self.eval(through, &here) {
                return;
            }
            out.push(s);
            s = t.step(s, backward);
            if s == NO_SITE || s == start {
                return;
            }
        }
    }

    /// The number of pieces, whoever owns them, on the sites of `set`.
    pub(crate) fn pieces_in(&self, set: &crate::compile::ir::SiteSet, ctx: &Ctx) -> i64 {
        let mut buf = crate::engine::sets::take_buf();
        self.set_into(set, ctx, &mut buf);
        buf.sort_unstable();
        buf.dedup();
        let n = buf.iter().map(|&s| self.height(s) as i64).sum();
        crate::engine::sets::give_buf(buf);
        n
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::{Game, Options};
    use crate::engine::State;
    use std::sync::Arc;

    /// Two rows of three sites, the track round them from a1; `extra`
    /// clauses and `play`.
    fn state(setup: &str, play: &str) -> State {
        let text = format!(
            "(game \"t\" (players 2) (board (square 2 3) labels:Coordinates) (piece \"S\")
               (stack-limit 64) (track \"Round\" \"a1\" {{E N W S}})
               (setup {setup}) (play {play}))"
        );
        State::new(Arc::new(
            Game::from_source("t", &text, &Options::default()).unwrap(),
        ))
    }

    fn heights(st: &State) -> Vec<usize> {
        // a1 b1 c1 c2 b2 a2: the track's order.
        ["a1", "b1", "c1", "c2", "b2", "a2"]
            .iter()
            .map(|l| st.height(st.game().board.site_by_label(l).unwrap()))
            .collect()
    }

    fn play(st: &mut State, text: &str) {
        let turn = st.parse_turn(text).unwrap();
        for m in &turn {
            st.play(m).unwrap();
        }
    }

    #[test]
    fn sowing_drops_one_piece_on_each_following_site() {
        let mut st = state(
            "(fill \"S\" P1 (sites \"b1\") count:3)",
            "(sow track:\"Round\")",
        );
        let moves: Vec<String> = st
            .legal_moves()
            .iter()
            .map(|m| st.move_to_string(m))
            .collect();
        assert_eq!(moves, ["b1"]);
        play(&mut st, "b1");
        assert_eq!(heights(&st), [0, 0, 1, 1, 1, 0]);
    }

    #[test]
    fn a_lap_skips_the_origin_only_when_told() {
        // Eight pieces from a1 round six sites: a lap and two more.
        let mut st = state(
            "(fill \"S\" P1 (sites \"a1\") count:8)",
            "(sow track:\"Round\" skip-origin:true)",
        );
        play(&mut st, "a1");
        assert_eq!(heights(&st), [0, 2, 2, 2, 1, 1]);
        let mut st = state(
            "(fill \"S\" P1 (sites \"a1\") count:8)",
            "(sow track:\"Round\")",
        );
        play(&mut st, "a1");
        assert_eq!(heights(&st), [1, 2, 2, 1, 1, 1]);
    }

    #[test]
    fn the_last_site_sown_is_to_and_a_trail_runs_back_from_it() {
        // From b1 with 4: c1 c2 b2 a2 get one each, a2 and b2 having 2
        // already (3 now), c2 having 1 (2 now); back from a2 over the
        // sites holding 2 or 3: a2, b2, c2, and c1 (1) stops it.
        let mut st = state(
            "(fill \"S\" P1 (sites \"b1\") count:4) (fill \"S\" P1 (sites \"a2\" \"b2\") count:2)
             (fill \"S\" P1 (sites \"c2\"))",
            "(sow track:\"Round\" then:(remove-all (trail To \"Round\" backward:true
               through:(and (at-least (height) 2) (at-most (height) 3)))))",
        );
        play(&mut st, "b1");
        assert_eq!(heights(&st), [0, 0, 1, 0, 0, 0]);
    }

    #[test]
    fn pieces_in_counts_every_piece_of_a_set() {
        // Sown only if the run of non-empty sites back from the last one
        // sown holds two pieces or more; any player's stack may be sown.
        let mut st = state(
            "(fill \"S\" P1 (sites \"c1\") count:2) (fill \"S\" P2 (sites \"a1\"))",
            "(sow track:\"Round\" after:(at-least (pieces-in (trail To \"Round\" backward:true
               through:(not Empty))) 2))",
        );
        let moves: Vec<String> = st
            .legal_moves()
            .iter()
            .map(|m| st.move_to_string(m))
            .collect();
        // From c1 two pieces reach c2 and b2: back from b2, b2 and c2
        // hold 2; from a1 one reaches b1, and back from it b1 holds 1.
        assert_eq!(moves, ["c1"]);
        play(&mut st, "c1");
        assert_eq!(heights(&st), [1, 0, 0, 1, 1, 0]);
    }
}
