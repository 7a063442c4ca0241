//! `advance`: a piece moves along the mover's version of a track by the
//! value of one of the dice left to play, and uses that die
//! (backgammon's checker moves, docs/games/backgammon.md). A die that
//! would carry it past the track's end lands it on the last site when
//! the move's `past:` condition holds; an enemy stack on the destination
//! goes back to the start of its owner's track first (`hit:true`).

use crate::board::NO_SITE;
use crate::compile::ir::{Advance, GenId, Maximize};
use crate::engine::cond::Ctx;
use crate::engine::{Move, State};
use std::ops::ControlFlow;

impl State {
    /// Moves of `advance` generator `g`: for every distinct die left, in
    /// increasing order, and every site of the mover's track holding a
    /// stack of theirs where `from:` holds, the site the die's value
    /// further along (or the last one, past the end, when `past:` holds),
    /// if `to:` holds there. A move's `count` is the die.
    pub(crate) fn gen_advance(
        &self,
        g: GenId,
        a: &Advance,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let game = &*self.game;
        let generator = &game.gens[g as usize];
        let mover = self.scalars.mover;
        let Some(t) = game.track_for(a.track, mover) else {
            return ControlFlow::Continue(());
        };
        let dice = self.extras.dice_left;
        for die in dice.distinct() {
            for (i, &from) in t.sites.iter().enumerate() {
                if self.top_owner(from) != Some(mover) {
                    continue;
                }
                let at = Ctx {
                    last: self.scalars.last,
                    ..Ctx::at(mover, from)
                };
                if !self.eval(&generator.from, &at) {
                    continue;
                }
                let j = i + usize::from(die);
                let to = match t.sites.get(j) {
                    Some(&to) => to,
                    None if a.past.as_ref().is_some_and(|c| self.eval(c, &at)) => {
                        t.sites[t.sites.len() - 1]
                    }
                    None => continue,
                };
                if to == from {
                    continue;
                }
                let ctx = Ctx {
                    subject: to,
                    to,
                    anchor: to,
                    ..at
                };
                if self.eval(&generator.to, &ctx) {
                    sink(Move {
                        gen_id: g,
                        from,
                        to,
                        over: NO_SITE,
                        count: u16::from(die),
                    })?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Plays an `advance` move: a hit enemy stack goes to the start of
    /// its owner's track, the top piece of the origin moves to the
    /// destination, and the die is used (`maximize:Dice` counts it).
    pub(crate) fn advance(&mut self, m: &Move, a: &Advance) {
        let game = std::sync::Arc::clone(&self.game);
        let mover = self.scalars.mover;
        if a.hit
            && let Some(owner) = self.top_owner(m.to)
            && owner != mover
        {
            let home = game
                .track_for(a.track, owner)
                .and_then(|t| t.sites.first().copied());
            if let Some(home) = home.filter(|&h| h != m.to) {
                let h = self.height(m.to);
                self.move_pieces(m.to, home, h);
                self.note_capture();
            }
        }
        self.move_pieces(m.from, m.to, 1);
        let die = u8::try_from(m.count).unwrap_or(0);
        self.set_dice_left(self.extras.dice_left.without(die));
        if game.maximize == Some(Maximize::Dice) {
            self.scalars.turn_score += u32::from(die);
        }
    }

    /// How far along the mover's track `m` carries its piece, when it
    /// is an `advance` move whose die is larger than that (a landing on
    /// the track's end from nearer than the die: the die is written,
    /// `~N`); `None` otherwise.
    pub(crate) fn advance_past(&self, m: &Move) -> Option<u16> {
        let game = &*self.game;
        let crate::compile::ir::GenKind::Advance(a) = &game.gens.get(m.gen_id as usize)?.kind
        else {
            return None;
        };
        let t = game.track_for(a.track, self.scalars.mover)?;
        let (i, j) = (t.index(m.from)?, t.index(m.to)?);
        (j.checked_sub(i)? != usize::from(m.count)).then_some(m.count)
    }

    /// The first site of `player`'s version of track-moving generator
    /// `g`'s track, if `g` is an `advance`.
    #[cfg(test)]
    fn track_start(&self, g: GenId, player: u8) -> Option<crate::board::Site> {
        match &self.game.gens[g as usize].kind {
            crate::compile::ir::GenKind::Advance(a) => {
                self.game.track_for(a.track, player)?.sites.first().copied()
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::{Game, Options};
    use crate::engine::{DiceLeft, State};
    use std::sync::Arc;

    /// A line of eight sites a1…h1, plus two "off" sites: the first
    /// player walks it left to right into `x`, the second right to left
    /// into `y`; pieces stack. `setup` and the `advance` clause's extra
    /// arguments. No dice are thrown: each test sets the dice left
    /// ([`with_dice`]); without `(no-moves Pass)`, so that the start, with
    /// no dice and no move, is not judged a draw of two stuck players.
    fn state(setup: &str, extra: &str) -> State {
        let text = format!(
            "(game \"t\" (players 2)
               (board (graph (site \"a1\" 0 0) (site \"b1\" 1 0) (site \"c1\" 2 0)
                  (site \"d1\" 3 0) (site \"e1\" 4 0) (site \"f1\" 5 0) (site \"g1\" 6 0)
                  (site \"h1\" 7 0) (site \"x\" 8 0) (site \"y\" -1 0)))
               (piece \"C\") (stack-limit 15)
               (track \"Path\" (per-player {{\"a1\" \"b1\" \"c1\" \"d1\" \"e1\" \"f1\" \"g1\" \"h1\" \"x\"}}
                                         {{\"h1\" \"g1\" \"f1\" \"e1\" \"d1\" \"c1\" \"b1\" \"a1\" \"y\"}}))
               (setup {setup})
               (play (advance track:\"Path\" {extra})))"
        );
        State::new(Arc::new(
            Game::from_source("t", &text, &Options::default()).unwrap(),
        ))
    }

    fn moves(st: &State) -> Vec<String> {
        st.legal_moves()
            .iter()
            .map(|m| st.move_to_string(m))
            .collect()
    }

    fn with_dice(mut st: State, faces: &[u8]) -> State {
        st.extras.dice_left = DiceLeft::new(faces, 1);
        st.cache.forget();
        st
    }

    #[test]
    fn each_distinct_die_moves_each_stack_that_far_along_the_movers_track() {
        let st = state("(fill \"C\" P1 (sites \"a1\" \"c1\") count:2)", "");
        let st = with_dice(st, &[3, 1, 3]);
        assert_eq!(moves(&st), ["a1-b1", "c1-d1", "a1-d1", "c1-f1"]);
    }

    #[test]
    fn the_second_player_walks_its_own_track_and_a_hit_sends_a_blot_to_its_start() {
        let st = state(
            "(fill \"C\" P2 (sites \"h1\")) (fill \"C\" P1 (sites \"e1\"))",
            "to:(or (not Enemy) (equal (height) 1)) hit:true",
        );
        let mut st = with_dice(st, &[2]);
        st.scalars.mover = 1;
        st.cache.forget();
        assert_eq!(moves(&st), ["h1-f1"]);
        let mut st = with_dice(st, &[3]);
        let m = st.legal_moves()[0];
        assert_eq!(st.move_to_string(&m), "h1-e1");
        let a1 = st.game().board.site_by_label("a1").unwrap();
        assert_eq!(st.track_start(m.gen_id, 0), Some(a1));
        st.play(&m).unwrap();
        // The first player's blot is back at its track's start, the die
        // is used.
        assert_eq!(st.height(a1), 1);
        assert_eq!(st.top_owner(a1), Some(0));
        assert!(st.dice_left().is_empty());
    }

    #[test]
    fn past_the_end_only_when_past_holds_and_the_die_is_written() {
        let st = state("(fill \"C\" P1 (sites \"g1\"))", "");
        let st = with_dice(st, &[5]);
        assert!(moves(&st).is_empty());
        let st = state("(fill \"C\" P1 (sites \"g1\"))", "past:(equal 1 1)");
        let st = with_dice(st, &[5, 2]);
        assert_eq!(moves(&st), ["g1-x", "g1-x~5"]);
    }

    /// `(dice-left)` counts the dice still to play.
    #[test]
    fn dice_left_counts_the_dice_still_to_play() {
        let extra = "from:(more-than (dice-left) 1)";
        let st = state("(fill \"C\" P1 (sites \"a1\"))", extra);
        assert_eq!(moves(&with_dice(st, &[3, 1])), ["a1-b1", "a1-d1"]);
        let st = state("(fill \"C\" P1 (sites \"a1\"))", extra);
        assert!(moves(&with_dice(st, &[3])).is_empty());
    }

    /// A throw at the start of the turn: a chance node of the 21 throws;
    /// a double leaves four dice to play.
    #[test]
    fn a_throw_keeps_the_faces_and_a_double_counts_twice() {
        let text = "(game \"t\" (players 2) (board (square 1 8) labels:Coordinates) (piece \"C\")
               (track \"T\" {\"a1\" \"b1\" \"c1\" \"d1\" \"e1\" \"f1\" \"g1\" \"h1\"})
               (setup (fill \"C\" P1 (sites \"a1\")))
               (phases (phase \"P\" (advance track:\"T\") auto:(throw 2 6 doubles:2))))";
        let g = Arc::new(Game::from_source("t", text, &Options::default()).unwrap());
        let mut st = State::new(g);
        assert!(st.is_chance_node());
        let outcomes = st.chance_outcomes();
        assert_eq!(outcomes.len(), 21);
        let roll = st.chance_roll().unwrap();
        let double = outcomes
            .iter()
            .find(|(m, _)| roll.faces(m.count) == [3, 3])
            .unwrap();
        assert_eq!(st.move_to_string(&double.0), "roll:3-3");
        st.play(&double.0).unwrap();
        assert_eq!(st.dice_left().faces(), [3, 3, 3, 3]);
        assert_eq!(moves(&st), ["a1-d1"]);
    }

    /// `(no-moves Pass)`: the first player, shut in, passes after its
    /// throw, and the second throws next.
    #[test]
    fn a_player_who_cannot_move_passes_and_the_next_throws() {
        let text = "(game \"t\" (players 2) (board (square 1 8) labels:Coordinates) (piece \"C\")
               (track \"T\" (per-player {\"a1\" \"b1\" \"c1\" \"d1\" \"e1\" \"f1\" \"g1\" \"h1\"}
                                     {\"h1\" \"g1\" \"f1\" \"e1\" \"d1\" \"c1\" \"b1\" \"a1\"}))
               (setup (fill \"C\" P1 (sites \"h1\")) (fill \"C\" P2 (sites \"g1\")))
               (phases (phase \"P\" (advance track:\"T\") auto:(throw 1 2)))
               (end (no-moves Pass)))";
        let g = Arc::new(Game::from_source("t", text, &Options::default()).unwrap());
        let mut st = State::new(g);
        assert!(st.is_chance_node());
        assert_eq!(st.chance_outcomes().len(), 2);
        let m = st.chance_outcomes()[0].0;
        st.play(&m).unwrap();
        // The first player's throw is played, it passes: the second's.
        assert!(st.is_chance_node());
        let m = st.chance_outcomes()[1].0;
        st.play(&m).unwrap();
        assert_eq!(st.current_player(), 1);
        assert_eq!(moves(&st), ["g1-e1"]);
    }
}
