//! Quarter turns of a square region (`(rotate …)`): every stack of the
//! region moves to the site a quarter turn away, all at once.

use crate::board::{NO_SITE, Site};
use crate::compile::ir::{Game, GenId, GenKind, Piece};
use crate::compile::rotate::Rotation;
use crate::engine::{Engine, Move, State};
use std::cell::RefCell;
use std::ops::ControlFlow;

/// The stacks a turn lifts, end to end, and where each lands (its site
/// and its span of the pieces).
type Lifted = (Vec<Piece>, Vec<(Site, usize, usize)>);

/// Most sites of a region turned by [`State::rotate_tops`].
const MOST_TOPS: usize = 64;

thread_local! {
    /// The stacks of the turn being made ([`Lifted`]): kept from turn to
    /// turn, so that a turn allocates nothing once warm.
    static LIFTED: RefCell<Lifted> = const { RefCell::new((Vec::new(), Vec::new())) };
}

impl State {
    /// The moves of a `rotate` generator: one per quarter turn it lists
    /// (its `count` the turn's index; `To` the region's first site).
    /// Turning a region is always a move, even when the position does not
    /// change (an empty region, a region of one colour).
    pub(crate) fn gen_rotate(
        &self,
        g: GenId,
        rotations: &[Rotation],
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for (i, r) in rotations.iter().enumerate() {
            let to = r.moves.first().map_or(NO_SITE, |&(s, _)| s);
            sink(Move {
                gen_id: g,
                from: NO_SITE,
                to,
                over: NO_SITE,
                count: i as u16,
            })?;
        }
        ControlFlow::Continue(())
    }

    /// Turns the region of move `m` (a `rotate` move): every stack leaves
    /// its site, then lands on the site the turn takes it to. A site whose
    /// stack the turn leaves as it was (an empty site onto an empty one, a
    /// marble onto a marble of its colour) is not written, unless the game
    /// tracks unmoved pieces (leaving a site marks it moved).
    pub(crate) fn apply_rotation(&mut self, m: &Move) {
        let game = self.game.clone();
        let Some(r) = rotation(&game, m) else {
            return;
        };
        // The reference's own walk stays the meaning (and what the
        // differential test compares the shortcut with).
        if self.tables.engine() == Engine::Compiled
            && game.stack_cap == 1
            && !game.tracks_unmoved
            && r.moves.len() <= MOST_TOPS
        {
            return self.rotate_tops(r);
        }
        LIFTED.with(|cell| match cell.try_borrow_mut() {
            Ok(mut lifted) => self.rotate(r, &mut lifted, game.tracks_unmoved),
            // (A turn inside a turn: never in the rules as they are.)
            Err(_) => self.rotate(r, &mut Lifted::default(), game.tracks_unmoved),
        });
    }

    /// [`State::apply_rotation`] of turn `r`, its stacks lifted into
    /// `lifted`: with `each`, every stack that leaves a site clears it
    /// first (marking it moved), then lands on its emptied or empty
    /// destination; otherwise only the sites whose stack changes are
    /// written.
    fn rotate(&mut self, r: &Rotation, lifted: &mut Lifted, each: bool) {
        let (pieces, landings) = lifted;
        pieces.clear();
        landings.clear();
        for &(from, to) in &r.moves {
            if from != to {
                let start = pieces.len();
                pieces.extend_from_slice(self.stack(from));
                landings.push((to, start, pieces.len()));
            }
        }
        if each {
            for &(from, to) in &r.moves {
                if from != to && self.height(from) > 0 {
                    self.clear_site(from);
                }
            }
        }
        for &(to, start, end) in landings.iter() {
            let stack = &pieces[start..end];
            if !each {
                match (self.stack(to), stack) {
                    (here, _) if same_stack(here, stack) => continue,
                    // One marble for another: replaced in place.
                    ([_], &[p]) => {
                        self.replace_top(to, p);
                        continue;
                    }
                    _ => self.clear_site(to),
                }
            }
            for &p in stack {
                self.push_piece(to, p);
            }
        }
    }

    /// [`State::rotate`] of a game of one-piece stacks that does not track
    /// unmoved pieces (Pentago's marbles): the region's tops are read
    /// into an array, then each site whose top the turn changes is
    /// written once, in the region's order (its piece replaced in place,
    /// or the site cleared), as [`State::rotate`] leaves it.
    fn rotate_tops(&mut self, r: &Rotation) {
        let mut tops = [None; MOST_TOPS];
        for (t, &(from, _)) in tops.iter_mut().zip(&r.moves) {
            *t = self.top(from);
        }
        for (&new, &(from, to)) in tops.iter().zip(&r.moves) {
            if from == to || self.top(to) == new {
                continue;
            }
            match new {
                Some(p) => self.replace_top(to, p),
                None => self.clear_site(to),
            }
        }
    }

    /// How a `rotate` move is written: the region's name, with `'` when
    /// the turn is anticlockwise.
    pub(crate) fn rotation_name(&self, m: &Move) -> String {
        rotation(&self.game, m).map_or_else(|| "rotate".into(), |r| r.name.clone())
    }
}

/// True when stacks `a` and `b` hold the same pieces, bottom to top:
/// stacks of none or one piece (Pentago's marbles) compared inline,
/// taller ones as slices (a call to `memcmp` would cost more than the
/// comparison of one piece).
#[inline(always)]
fn same_stack(a: &[Piece], b: &[Piece]) -> bool {
    match (a, b) {
        ([], []) => true,
        ([x], [y]) => x == y,
        _ => a == b,
    }
}

/// The quarter turn that rotate move `m` makes.
fn rotation<'g>(game: &'g Game, m: &Move) -> Option<&'g Rotation> {
    match &game.gens.get(m.gen_id as usize)?.kind {
        GenKind::Rotate { rotations } => rotations.get(m.count as usize),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::{Game, Options};
    use crate::engine::State;
    use std::sync::Arc;

    fn state(rules: &str) -> State {
        let text = format!(
            "(game \"t\" (players 2) (board (square 3 3) labels:Coordinates) (piece \"P\")
              (region \"Block\" (rectangle \"a2\" \"b3\")) {rules})"
        );
        State::new(Arc::new(
            Game::from_source("t", &text, &Options::default()).unwrap(),
        ))
    }

    fn board(st: &State) -> String {
        let b = &st.game().board;
        (0..b.len() as u16)
            .filter(|&s| st.height(s) > 0)
            .map(|s| format!("{}:{}", b.site(s).label, st.height(s)))
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn stacks_are_the_same_when_their_pieces_are_bottom_to_top() {
        use super::same_stack;
        assert!(same_stack(&[], &[]));
        assert!(same_stack(&[3], &[3]));
        assert!(!same_stack(&[3], &[4]));
        assert!(!same_stack(&[], &[4]));
        assert!(!same_stack(&[3], &[3, 3]));
        assert!(same_stack(&[1, 2, 3], &[1, 2, 3]));
        assert!(!same_stack(&[1, 2, 3], &[1, 3, 2]));
    }

    #[test]
    fn a_rotation_moves_every_stack_of_the_region_and_nothing_else() {
        let mut st = state(
            "(setup (fill \"P\" P1 (sites \"a3\" \"c1\")) (fill \"P\" P2 (sites \"b2\")))
             (play (rotate regions:{\"Block\"}))",
        );
        let moves: Vec<String> = st
            .legal_moves()
            .iter()
            .map(|m| st.move_to_string(m))
            .collect();
        assert_eq!(moves, ["Block", "Block'"]);
        st.play_str("Block").unwrap();
        // a3 (top left) goes to b3 (top right), b2 (bottom right) to a2.
        assert_eq!(board(&st), "b3:1 a2:1 c1:1");
        assert_eq!(
            st.top_owner(st.game().board.site_by_label("a2").unwrap()),
            Some(1)
        );
        st.take_back();
        assert_eq!(board(&st), "a3:1 b2:1 c1:1");
        st.play_str("Block'").unwrap();
        // Anticlockwise: a3 to a2, b2 to b3 (the same sites, other owners).
        assert_eq!(board(&st), "b3:1 a2:1 c1:1");
        assert_eq!(
            st.top_owner(st.game().board.site_by_label("a2").unwrap()),
            Some(0)
        );
        assert_eq!(
            st.top_owner(st.game().board.site_by_label("b3").unwrap()),
            Some(1)
        );
    }

    /// In a game that reads `(unmoved)`, a turn moves the stacks as in one
    /// that does not, and the stacks it turns are no longer unmoved; a
    /// stack outside the region still is, and taking the turn back
    /// restores them.
    #[test]
    fn a_turn_marks_the_stacks_it_turns_as_moved() {
        let setup = "(setup (fill \"P\" P1 (sites \"a3\" \"c1\")) (fill \"P\" P2 (sites \"b2\")))";
        let mut plain = state(&format!("{setup} (play (rotate regions:{{\"Block\"}}))"));
        let mut tracked = state(&format!(
            "{setup} (play {{(rotate regions:{{\"Block\"}}) (place \"P\" to:(and false (unmoved)))}})"
        ));
        assert!(tracked.game().tracks_unmoved && !plain.game().tracks_unmoved);
        let site = |st: &State, l: &str| st.game().board.site_by_label(l).unwrap() as usize;
        let unmoved = |st: &State| ["a3", "b2", "c1"].map(|l| st.unmoved[site(st, l)]);
        assert_eq!(unmoved(&tracked), [true, true, true]);
        plain.play_str("Block").unwrap();
        tracked.play_str("Block").unwrap();
        assert_eq!(board(&tracked), board(&plain));
        assert_eq!(unmoved(&tracked), [false, false, true]);
        tracked.take_back();
        assert_eq!(unmoved(&tracked), [true, true, true]);
        assert_eq!(board(&tracked), "a3:1 b2:1 c1:1");
    }

    #[test]
    fn stacks_turn_whole_and_a_turn_of_nothing_is_still_a_move() {
        let mut st = state(
            "(setup (fill \"P\" P1 (sites \"a2\")) (fill \"P\" P2 (sites \"a2\")))
             (play (rotate regions:{\"Block\"} ways:{Anticlockwise}))",
        );
        st.play_str("Block'").unwrap();
        let b2 = st.game().board.site_by_label("b2").unwrap();
        assert_eq!(st.height(b2), 2);
        assert_eq!(st.top_owner(b2), Some(1));
        // The other player turns an empty-looking block all the same.
        let empty = state("(play (rotate regions:{\"Block\"}))");
        assert_eq!(empty.legal_moves().len(), 2);
    }
}
