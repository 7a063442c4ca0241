//! Quarter turns of a square region (`(rotate …)`): every stack of the
//! region moves to the site a quarter turn away, all at once.

use crate::board::{NO_SITE, Site};
use crate::compile::ir::{Game, GenId, GenKind, Piece};
use crate::compile::rotate::Rotation;
use crate::engine::{Move, State};
use std::cell::RefCell;
use std::ops::ControlFlow;

/// The stacks a turn lifts, end to end, and where each lands (its site
/// and its span of the pieces).
type Lifted = (Vec<Piece>, Vec<(Site, usize, usize)>);

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
        if game.tracks_unmoved {
            return self.rotate_each(r);
        }
        LIFTED.with(|cell| {
            let Ok(mut lifted) = cell.try_borrow_mut() else {
                return self.rotate_each(r);
            };
            let (pieces, landings) = &mut *lifted;
            pieces.clear();
            landings.clear();
            for &(from, to) in &r.moves {
                if from != to {
                    let start = pieces.len();
                    pieces.extend_from_slice(self.stack(from));
                    landings.push((to, start, pieces.len()));
                }
            }
            for &(to, start, end) in landings.iter() {
                let stack = &pieces[start..end];
                if self.stack(to) == stack {
                    continue;
                }
                self.clear_site(to);
                for &p in stack {
                    self.push_piece(to, p);
                }
            }
        });
    }

    /// [`State::apply_rotation`] stack by stack: each occupied site of
    /// the turn cleared, then its stack pushed where it lands.
    fn rotate_each(&mut self, r: &Rotation) {
        let mut lifted: Vec<(Site, Vec<Piece>)> = Vec::with_capacity(r.moves.len());
        for &(from, to) in &r.moves {
            if from != to && self.height(from) > 0 {
                lifted.push((to, self.stack(from).to_vec()));
                self.clear_site(from);
            }
        }
        for (to, stack) in lifted {
            for p in stack {
                self.push_piece(to, p);
            }
        }
    }

    /// How a `rotate` move is written: the region's name, with `'` when
    /// the turn is anticlockwise.
    pub(crate) fn rotation_name(&self, m: &Move) -> String {
        rotation(&self.game, m).map_or_else(|| "rotate".into(), |r| r.name.clone())
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
