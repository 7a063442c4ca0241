//! Flanking: a stack lies exactly midway on a straight line of otherwise
//! empty sites between the stack at a site and another stack (rules.md
//! §1.4: the classic sandwich at distance m = 1, `S _ E _ F` at m = 2, …),
//! with conditions on the three stacks.
//!
//! The search runs over any [`Stacks`] view, so that an `after:` filter
//! can test a flank on the position a move would make without playing it
//! (see `overlay.rs`).

use super::State;
use crate::board::{Dir, NO_SITE, Site};
use crate::compile::ir::{Flank, Game, Piece, Player, Rel};
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
pub(super) fn holds(game: &Game, rel: Rel, top: Option<Piece>, player: Player) -> bool {
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
pub(super) fn flanked_along<V: Stacks>(
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
    pub fn flanked_sites(&self, f: &Flank, site: Site, player: Player) -> Vec<Site> {
        let mut out = Vec::new();
        let _ = flanked(self, &self.game, f, site, player, &mut |s| {
            out.push(s);
            ControlFlow::Continue(())
        });
        out
    }
}
