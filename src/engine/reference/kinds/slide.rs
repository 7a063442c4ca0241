//! Slides (any distance along a direction) and the piece counts of a move
//! (`pieces:Whole|One|Part|Any`).

use crate::board::{Dir, NO_SITE, Site};
use crate::compile::ir::{Cond, GenId, SiteRef, Slide};
use crate::engine::bits::Bits;
use crate::engine::cond::Ctx;
use crate::engine::{Move, State};
use std::ops::ControlFlow;

impl State {
    /// The moves of slide generator `g` (its arguments `slide`) from
    /// `from`: along each direction, every site satisfying `to:` up to and
    /// including the first site that does not satisfy `through:` (empty by
    /// default). Listed by the compiled tier when the generator has a
    /// slide table ([`State::slide_compiled`]: `occ`, the stacks as a
    /// site set, lets it read whole rays at once), else walked here.
    pub(crate) fn gen_slide(
        &self,
        g: GenId,
        slide: &Slide,
        from: Site,
        occ: Option<Bits<2>>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if let Some(flow) = self.slide_compiled(g, slide, from, occ, sink) {
            return flow;
        }
        let generator = &self.game.gens[g as usize];
        self.walk_slide(g, slide, from, (&generator.to, |_| u64::MAX), sink)
    }

    /// The walk of [`State::gen_slide`]: along each direction, the sites
    /// where `test` holds and bit `i` of `fixed(d)` is set for the `i`-th
    /// site along `d` (all set: the rules alone; past 64 sites, the 64th
    /// bit stands for the rest), up to and including the first site that
    /// does not satisfy `through:`.
    pub(crate) fn walk_slide(
        &self,
        g: GenId,
        slide: &Slide,
        from: Site,
        (test, fixed): (&Cond, impl Fn(Dir) -> u64),
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let game = &*self.game;
        let through_empty = slide.through == Cond::Empty(SiteRef::Subject);
        // The piece counts depend on the origin alone.
        let mut counts = None;
        for &d in &game.dirsets[slide.dirs as usize][self.scalars.mover as usize] {
            let mut fixed = fixed(d);
            let mut to = game.board.step(from, d);
            while to != NO_SITE {
                let ctx = self.dest_ctx(from, to);
                if fixed & 1 != 0 && self.test(test, &ctx) {
                    self.emit(g, &ctx, &mut counts, sink)?;
                }
                let pass = if through_empty {
                    self.height(to) == 0
                } else {
                    self.eval(&slide.through, &ctx)
                };
                if !pass {
                    break;
                }
                fixed = (fixed >> 1) | (fixed & (1 << 63));
                to = game.board.step(to, d);
            }
        }
        ControlFlow::Continue(())
    }

    /// Emits the moves from `ctx.from` to `ctx.to` (jumping `ctx.over`)
    /// that the mover can afford: the whole stack (count 0; a stack of no
    /// piece on an empty site) or the top k pieces (count k, ascending),
    /// as `pieces:`, `keep:` and `max:` allow, read once per origin into
    /// `counts`.
    pub(crate) fn emit(
        &self,
        g: GenId,
        ctx: &Ctx,
        counts: &mut Option<(u16, u16)>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let generator = &self.game.gens[g as usize];
        let (from, to, over) = (ctx.from, ctx.to, ctx.over);
        if !self.affordable(g, to, ctx) {
            return ControlFlow::Continue(());
        }
        let mv = |count| Move {
            gen_id: g,
            from,
            to,
            over,
            count,
        };
        let (lo, hi) = *counts.get_or_insert_with(|| self.counts(generator, ctx));
        if lo <= hi {
            for count in lo..=hi {
                sink(mv(count))?;
            }
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Site;
    use crate::compile::{Game, Options};
    use crate::engine::State;
    use std::sync::Arc;

    /// A line of seven cells a1…g1, P1 to move.
    fn line(play: &str) -> State {
        let text =
            format!("(game \"t\" (players 2) (board (square 1 7)) (piece \"P\") (play {play}))");
        let game = Arc::new(Game::from_source("t", &text, &Options::default()).unwrap());
        let mut st = State::new(game);
        st.clear(0);
        st
    }

    fn at(st: &State, label: &str) -> Site {
        st.game().board.site_by_label(label).unwrap()
    }

    fn moves(st: &State) -> Vec<String> {
        st.legal_moves()
            .iter()
            .map(|m| st.move_to_string(m))
            .collect()
    }

    #[test]
    fn a_slide_goes_through_empty_sites_up_to_a_blocker() {
        let mut st = line("(slide)");
        st.put_stack(at(&st, "c1"), &[0]);
        st.put_stack(at(&st, "f1"), &[1]);
        assert_eq!(moves(&st), ["c1-d1", "c1-e1", "c1-b1", "c1-a1"]);
        // Landing on the first enemy of the line.
        let mut st = line("(slide to:(or Empty Enemy))");
        st.put_stack(at(&st, "c1"), &[0]);
        st.put_stack(at(&st, "f1"), &[1]);
        assert_eq!(moves(&st), ["c1-d1", "c1-e1", "c1-f1", "c1-b1", "c1-a1"]);
        // Through any site, to empty ones: over the enemy to g1.
        let mut st = line("(slide dirs:E through:true)");
        st.put_stack(at(&st, "c1"), &[0]);
        st.put_stack(at(&st, "f1"), &[1]);
        assert_eq!(moves(&st), ["c1-d1", "c1-e1", "c1-g1"]);
    }

    #[test]
    fn pieces_part_and_any_take_the_top_k() {
        let mut st = line("(step dirs:E pieces:Part)");
        st.put_stack(at(&st, "a1"), &[1, 0, 0]);
        assert_eq!(moves(&st), ["a1-b1/1", "a1-b1/2"]);
        let mut any = line("(step dirs:E pieces:Any)");
        any.put_stack(at(&any, "a1"), &[1, 0, 0]);
        assert_eq!(moves(&any), ["a1-b1/1", "a1-b1/2", "a1-b1/3"]);
        let mut one = line("(slide dirs:E pieces:One)");
        one.put_stack(at(&one, "a1"), &[1, 0, 0]);
        one.put_stack(at(&one, "d1"), &[1]);
        assert_eq!(moves(&one), ["a1-b1/1", "a1-c1/1"]);
        let mut whole = line("(step dirs:E)");
        whole.put_stack(at(&whole, "a1"), &[1, 0, 0]);
        assert_eq!(moves(&whole), ["a1-b1"]);
        st.play_str("a1-b1/2").unwrap();
        assert_eq!(st.stack(at(&st, "b1")), [0, 0]);
        assert_eq!(st.stack(at(&st, "a1")), [1]);
        // P2 to move: the disc left behind is P2's, but one disc cannot split.
        assert!(moves(&st).is_empty());
    }

    #[test]
    fn keep_and_max_bound_every_count() {
        // A stack of four: `keep:1` leaves one behind, `max:2` takes two
        // at most; the whole stack cannot move past either.
        let moves_of = |play: &str| {
            let mut st = line(play);
            st.put_stack(at(&st, "a1"), &[0, 0, 0, 0]);
            moves(&st)
        };
        assert_eq!(
            moves_of("(step dirs:E pieces:Any keep:1)"),
            ["a1-b1/1", "a1-b1/2", "a1-b1/3"]
        );
        assert_eq!(
            moves_of("(step dirs:E pieces:Any max:2)"),
            ["a1-b1/1", "a1-b1/2"]
        );
        assert_eq!(
            moves_of("(step dirs:E pieces:Part keep:2)"),
            ["a1-b1/1", "a1-b1/2"]
        );
        assert_eq!(moves_of("(step dirs:E pieces:Part max:1)"), ["a1-b1/1"]);
        assert_eq!(
            moves_of("(step dirs:E pieces:One keep:4)"),
            Vec::<String>::new()
        );
        assert_eq!(moves_of("(step dirs:E keep:1)"), Vec::<String>::new());
        assert_eq!(moves_of("(step dirs:E max:4)"), ["a1-b1"]);
    }

    #[test]
    fn an_empty_origin_moves_no_piece_and_stays_empty() {
        let mut st = line("(slide origin:Empty dirs:E then:(push To 2 kind:\"P\" owner:Mover))");
        for l in ["b1", "c1", "d1", "e1", "f1", "g1"] {
            st.put_stack(at(&st, l), &[1]);
        }
        // a1 is the only empty site, and b1 blocks it.
        assert!(moves(&st).is_empty());
        // c1 is empty too, but d1 blocks it.
        st.put_stack(at(&st, "c1"), &[]);
        assert!(moves(&st).is_empty());
        st.put_stack(at(&st, "b1"), &[]);
        assert_eq!(moves(&st), ["a1-b1", "a1-c1", "b1-c1"]);
        st.play_str("a1-c1").unwrap();
        assert_eq!(st.stack(at(&st, "c1")), [0, 0]);
        assert_eq!(st.height(at(&st, "a1")), 0);
    }
}
