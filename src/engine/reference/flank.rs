//! Flanking: a stack lies exactly midway on a straight line of otherwise
//! empty sites between the stack at a site and another stack (Ex nihilo,
//! docs/games/exnihilo.md: the classic sandwich at distance m = 1, `S _ E _ F` at m = 2, …),
//! with conditions on the three stacks.
//!
//! The search runs over any [`Stacks`] view, so that an `after:` filter
//! can test a flank on the position a move would make without playing it
//! (see `overlay.rs`).

use crate::board::{Dir, NO_SITE, Site};
use crate::compile::ir::{Flank, Game, Piece, Player, Rel};
use crate::engine::State;
use std::ops::ControlFlow;

/// Read access to the stacks of a position.
pub trait Stacks {
    /// Height of the stack at `site`.
    fn height(&self, site: Site) -> usize;
    /// The top piece at `site`, if any.
    fn top(&self, site: Site) -> Option<Piece>;
}

impl Stacks for State {
    #[inline]
    fn height(&self, site: Site) -> usize {
        State::height(self, site)
    }
    #[inline]
    fn top(&self, site: Site) -> Option<Piece> {
        State::top(self, site)
    }
}

/// True if a stack whose top is `top` stands in relation `rel` to `player`.
#[inline]
pub(crate) fn holds(game: &Game, rel: Rel, top: Option<Piece>, player: Player) -> bool {
    match (rel, top) {
        (_, None) => false,
        (Rel::Occupied, Some(_)) => true,
        (Rel::Mine, Some(p)) => game.owner(p) == player,
        (Rel::Enemy, Some(p)) => game.owner(p) != player,
    }
}

/// Calls `sink` with every stack that the stack at `site` flanks for
/// `player`; stops when `sink` breaks. Nothing when `site` is not a site
/// or its stack does not satisfy the flank's `end` condition.
pub fn flanked<V: Stacks>(
    v: &V,
    game: &Game,
    f: &Flank,
    site: Site,
    player: Player,
    sink: &mut impl FnMut(Site) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if site == NO_SITE || site as usize >= game.board.len() {
        return ControlFlow::Continue(());
    }
    if !holds(game, f.end, v.top(site), player) {
        return ControlFlow::Continue(());
    }
    for &d in &game.dirsets[f.dirs as usize][player as usize] {
        if let Some(middle) = flanked_along(v, game, f, site, d, player) {
            sink(middle)?;
        }
    }
    ControlFlow::Continue(())
}

/// The stack flanked along direction `d` by the stack at `site` (whose
/// top satisfies the flank's `end` condition), if any.
pub(crate) fn flanked_along<V: Stacks>(
    v: &V,
    game: &Game,
    f: &Flank,
    site: Site,
    d: Dir,
    player: Player,
) -> Option<Site> {
    let board = &game.board;
    // The first stack along the line, m steps away.
    let (mut middle, mut m) = (board.step(site, d), 1u16);
    while middle != NO_SITE && v.height(middle) == 0 && m < f.reach {
        middle = board.step(middle, d);
        m += 1;
    }
    if middle == NO_SITE || v.height(middle) == 0 {
        return None;
    }
    let height = v.height(site);
    let kind = v.top(site).map(|p| game.kind(p));
    let alike = |s: Site| {
        (!f.same_height || v.height(s) == height)
            && (!f.same_kind || v.top(s).map(|p| game.kind(p)) == kind)
    };
    if !holds(game, f.middle, v.top(middle), player) || !alike(middle) {
        return None;
    }
    // m − 1 empty sites, then the far end.
    let mut far = board.step(middle, d);
    for _ in 1..m {
        if far == NO_SITE || v.height(far) != 0 {
            return None;
        }
        far = board.step(far, d);
    }
    (far != NO_SITE && holds(game, f.end, v.top(far), player) && alike(far)).then_some(middle)
}

impl State {
    /// True if the stack at `site` flanks at least one stack for `player`.
    pub(crate) fn flanks(&self, f: &Flank, site: Site, player: Player) -> bool {
        flanked(self, &self.game, f, site, player, &mut |_| {
            ControlFlow::Break(())
        })
        .is_break()
    }

    /// The stacks that the stack at `site` flanks for `player`.
    #[cfg(test)]
    pub(crate) fn flanked_sites(&self, f: &Flank, site: Site, player: Player) -> Vec<Site> {
        let mut out = Vec::new();
        let _ = flanked(self, &self.game, f, site, player, &mut |s| {
            out.push(s);
            ControlFlow::Continue(())
        });
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Site;
    use crate::compile::ir::{Cond, Flank};
    use crate::compile::{Game, Options};
    use crate::engine::State;
    use std::sync::Arc;

    /// A line of nine cells a1…i1 and the flank of `(flanked To ARGS)`.
    fn line(args: &str) -> (State, Flank) {
        let text = format!(
            "(game \"t\" (players 2) (board (square 1 9)) (piece \"P\") (piece \"Q\")
              (play (step after:(any (flanked To {args})))))"
        );
        let game = Arc::new(Game::from_source("t", &text, &Options::default()).unwrap());
        let Some(Cond::Flanks(f)) = game.gens[0].after.clone() else {
            panic!("a flank");
        };
        let mut st = State::new(game);
        st.clear(0);
        (st, *f)
    }

    fn at(st: &State, label: &str) -> Site {
        st.game().board.site_by_label(label).unwrap()
    }

    /// Puts stacks given as `label:pieces`, pieces 0/1 = P of player 1/2,
    /// 2/3 = Q of player 1/2 (bottom first).
    fn put(st: &mut State, stacks: &[(&str, &[u8])]) {
        for (l, pieces) in stacks {
            let s = at(st, l);
            st.put_stack(s, pieces);
        }
    }

    fn flanked(st: &State, f: &Flank, from: &str) -> Vec<String> {
        let b = &st.game().board;
        st.flanked_sites(f, at(st, from), 0)
            .iter()
            .map(|&s| b.site(s).label.clone())
            .collect()
    }

    #[test]
    fn the_classic_sandwich_at_distance_one() {
        let (mut st, f) = line("");
        put(&mut st, &[("a1", &[0]), ("b1", &[1]), ("c1", &[0])]);
        assert_eq!(flanked(&st, &f, "a1"), ["b1"]);
        assert_eq!(flanked(&st, &f, "c1"), ["b1"]);
        // The near end must be the mover's; the middle an enemy.
        assert!(flanked(&st, &f, "b1").is_empty());
        assert!(st.flanked_sites(&f, at(&st, "a1"), 1).is_empty());
    }

    #[test]
    fn distance_m_needs_equal_empty_gaps_on_both_sides() {
        let (mut st, one) = line("");
        put(&mut st, &[("a1", &[0]), ("c1", &[1]), ("e1", &[0])]);
        assert!(flanked(&st, &one, "a1").is_empty(), "m = 2 > distance 1");
        let (_, two) = line("distance:2");
        assert_eq!(flanked(&st, &two, "a1"), ["c1"]);
        let (_, any) = line("distance:Any");
        assert_eq!(flanked(&st, &any, "a1"), ["c1"]);
        assert_eq!(flanked(&st, &any, "e1"), ["c1"]);
        // S _ E F: the far end is too close; S _ E _ _ F: too far.
        let (mut st, any) = line("distance:Any");
        put(&mut st, &[("a1", &[0]), ("c1", &[1]), ("d1", &[0])]);
        assert!(flanked(&st, &any, "a1").is_empty());
        let (mut st, any) = line("distance:Any");
        put(&mut st, &[("a1", &[0]), ("c1", &[1]), ("f1", &[0])]);
        assert!(flanked(&st, &any, "a1").is_empty());
        // m = 3 with two stacks in the middle: the first is not midway.
        let (mut st, any) = line("distance:Any");
        put(
            &mut st,
            &[("a1", &[0]), ("d1", &[1]), ("e1", &[1]), ("g1", &[0])],
        );
        assert!(flanked(&st, &any, "a1").is_empty());
    }

    #[test]
    fn same_height_and_kind_compare_the_three_stacks() {
        let (mut st, f) = line("distance:Any same:Height");
        put(
            &mut st,
            &[("a1", &[0, 0]), ("c1", &[0, 1]), ("e1", &[1, 0])],
        );
        assert_eq!(
            flanked(&st, &f, "a1"),
            ["c1"],
            "owners below the top do not matter"
        );
        put(&mut st, &[("e1", &[0])]);
        assert!(flanked(&st, &f, "a1").is_empty());
        let (mut st, f) = line("same:Kind");
        put(&mut st, &[("a1", &[0]), ("b1", &[3]), ("c1", &[0])]);
        assert!(flanked(&st, &f, "a1").is_empty(), "a Q between two Ps");
        put(&mut st, &[("b1", &[1])]);
        assert_eq!(flanked(&st, &f, "a1"), ["b1"]);
    }

    #[test]
    fn middle_and_end_relations() {
        let (mut st, f) = line("middle:Occupied end:Mine");
        put(&mut st, &[("a1", &[0]), ("b1", &[0]), ("c1", &[0])]);
        assert_eq!(flanked(&st, &f, "a1"), ["b1"]);
        let (_, f) = line("middle:Mine end:Enemy");
        put(&mut st, &[("a1", &[1]), ("c1", &[1])]);
        assert_eq!(flanked(&st, &f, "a1"), ["b1"]);
    }
}
