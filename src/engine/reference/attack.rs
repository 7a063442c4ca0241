//! Attacks and the sites found from the board's lines.
//!
//! `(attacked SITE)` asks whether another player could capture on a site:
//! rather than generating every reply, each capturing generator of theirs
//! is run backwards from the site (a step or a slide against its
//! directions, a leap by the opposite offsets, a hop over the site), and
//! the origin found is tested with the generator's `from:`. The
//! destination's `to:` condition is not asked, so an empty site is
//! attacked when a capture could reach it if an enemy stood there (FIDE's
//! "attacked square"). `(in-check "King")` asks it of the player's pieces
//! of a kind; `(royal "King")` refuses every step after which one is
//! attacked.
//!
//! `Passed`, `Beyond` and `LastPassed` are found from the straight line
//! joining a step's origin and destination.

use crate::board::{Dir, NO_SITE, Site};
use crate::compile::ir::{Cond, DirSetId, Game, GenId, GenKind, Kind, Player, SiteRef};
use crate::engine::State;
use crate::engine::cond::Ctx;

impl State {
    /// The site `r` names in `ctx`, the sites found from lines included.
    #[inline(always)]
    pub(crate) fn site_at(&self, ctx: &Ctx, r: SiteRef) -> Site {
        if r.is_derived() {
            self.derived_site(ctx, r)
        } else {
            ctx.site(r)
        }
    }

    /// The sites found from the board's lines (see [`State::site_at`]).
    #[inline(never)]
    fn derived_site(&self, ctx: &Ctx, r: SiteRef) -> Site {
        match r {
            SiteRef::Passed => self.passed(ctx.from, ctx.to),
            SiteRef::Beyond => self.beyond(ctx.from, ctx.to),
            SiteRef::LastPassed => self.passed(self.scalars.last_from, ctx.last),
            _ => ctx.site(r),
        }
    }

    /// The direction and number of steps of the straight line from `from`
    /// to `to` ([`crate::board::Board::line_between`]).
    pub(crate) fn line_between(&self, from: Site, to: Site) -> Option<(Dir, u32)> {
        self.game.board.line_between(from, to)
    }

    /// The first site a straight move from `from` to `to` of at least two
    /// steps passes; `NO_SITE` otherwise ([`crate::board::Board::passed`]).
    pub(crate) fn passed(&self, from: Site, to: Site) -> Site {
        self.game.board.passed(from, to)
    }

    /// The first occupied site past `to` on the line from `from` through
    /// `to`; `NO_SITE` when the line ends first.
    pub(crate) fn beyond(&self, from: Site, to: Site) -> Site {
        let Some((d, _)) = self.line_between(from, to) else {
            return NO_SITE;
        };
        let board = &self.game.board;
        let mut at = board.step(to, d);
        while at != NO_SITE && self.height(at) == 0 {
            at = board.step(at, d);
        }
        at
    }

    /// True if a player other than `victim` has a capturing move that
    /// could reach `site` (see the module's documentation): told by the
    /// engine's `AttackTest` when it has one that can tell it here, else
    /// by the rules' walk (`attacked_by_rules`).
    pub fn attacked(&self, site: Site, victim: Player) -> bool {
        match self.tables.attack.as_ref() {
            Some(t) => t.attacked(self, site, victim),
            None => None,
        }
        .unwrap_or_else(|| self.attacked_by_rules(site, victim))
    }

    /// [`State::attacked`] as the rules say it: each capturing generator
    /// of the other players run backwards from `site`.
    pub(crate) fn attacked_by_rules(&self, site: Site, victim: Player) -> bool {
        let attackers = &self.tables.attackers;
        (0..self.game.num_players() as Player)
            .filter(|&q| q != victim)
            .any(|q| attackers.iter().any(|a| self.reaches(a, q, site)))
    }

    /// True if a piece of kind `k` of `player` is attacked (told as
    /// [`State::attacked`] is).
    pub fn in_check(&self, k: Kind, player: Player) -> bool {
        match self.tables.attack.as_ref() {
            Some(t) => t.in_check(self, k, player),
            None => None,
        }
        .unwrap_or_else(|| self.in_check_by_rules(k, player))
    }

    /// [`State::in_check`] as the rules say it: every stack topped by the
    /// piece, [`State::attacked_by_rules`].
    pub(crate) fn in_check_by_rules(&self, k: Kind, player: Player) -> bool {
        let piece = self.game.piece(k, player);
        (0..self.heights.len() as Site)
            .any(|s| self.top(s) == Some(piece) && self.attacked_by_rules(s, player))
    }

    /// True if generator `g`, moved by player `q`, could move one of q's
    /// stacks to `site` (or, for a hop, jump it).
    fn reaches(&self, a: &Attacker, q: Player, site: Site) -> bool {
        let game = &*self.game;
        let generator = &game.gens[a.gen_id as usize];
        let board = &game.board;
        let piece = a.kind.map(|k| game.piece(k, q));
        let origin = |x: Site| {
            x != NO_SITE
                && match piece {
                    Some(p) => self.top(x) == Some(p),
                    None => self.top_owner(x) == Some(q),
                }
                && (a.only_kind
                    || self.eval(
                        &generator.from,
                        &Ctx {
                            last: self.scalars.last,
                            ..Ctx::at(q, x)
                        },
                    ))
        };
        let dirs = |set: DirSetId| &game.dirsets[set as usize][q as usize];
        match &generator.kind {
            GenKind::Step(s) => dirs(s.dirs)
                .iter()
                .filter_map(|&d| board.opposite(d))
                .any(|od| origin(board.step(site, od))),
            GenKind::Slide(slide) => {
                let through_empty = slide.through == Cond::Empty(SiteRef::Subject);
                dirs(slide.dirs)
                    .iter()
                    .filter_map(|&d| board.opposite(d))
                    .any(|od| {
                        let mut x = board.step(site, od);
                        while x != NO_SITE {
                            if origin(x) {
                                return true;
                            }
                            let pass = if through_empty {
                                self.height(x) == 0
                            } else {
                                self.eval(&slide.through, &Ctx::at(q, x))
                            };
                            if !pass {
                                return false;
                            }
                            x = board.step(x, od);
                        }
                        false
                    })
            }
            GenKind::Leap(leap) => {
                let k = leap.offsets.len();
                let start = (q as usize * self.heights.len() + site as usize) * k;
                a.leap_from
                    .get(start..start + k)
                    .is_some_and(|xs| xs.iter().any(|&x| origin(x)))
            }
            GenKind::Hop(hop) => dirs(hop.dirs).iter().any(|&d| {
                let Some(od) = board.opposite(d) else {
                    return false;
                };
                let (x, to) = (board.step(site, od), board.step(site, d));
                if to == NO_SITE || !origin(x) {
                    return false;
                }
                let ctx = Ctx {
                    player: q,
                    subject: site,
                    from: x,
                    to,
                    over: site,
                    anchor: site,
                    last: self.scalars.last,
                };
                self.eval(&hop.over, &ctx) && self.eval(&generator.to, &Ctx { subject: to, ..ctx })
            }),
            _ => false,
        }
    }
}

/// A faster way of telling attacks than the rules' walk, which the
/// compiled tier supplies through the engine's tables
/// ([`crate::engine::Tables`]; the reference has none). Each answer is
/// the walk's, or `None` where it cannot be told this way (the state's
/// site sets are not up to date, say), and the walk answers.
pub(crate) trait AttackTest: std::fmt::Debug + Send + Sync {
    /// [`State::attacked_by_rules`], or `None`.
    fn attacked(&self, st: &State, site: Site, victim: Player) -> Option<bool>;
    /// [`State::in_check_by_rules`], or `None`.
    fn in_check(&self, st: &State, k: Kind, player: Player) -> Option<bool>;
}

/// A generator [`State::attacked`] tries, with the kind its `from:`
/// requires, when it requires one, so that other stacks are passed over
/// without evaluating the condition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attacker {
    /// The generator.
    pub gen_id: GenId,
    /// `from:` requires the top piece to be of this kind.
    pub kind: Option<Kind>,
    /// `from:` requires nothing else.
    pub only_kind: bool,
    /// Leaps: the origin of each offset that lands on a site, at
    /// `(player × sites + site) × offsets + i` ([`NO_SITE`] off the
    /// board): the leap run backwards.
    pub leap_from: Vec<Site>,
}

/// The kind a `from:` condition requires of its site's top piece, and
/// whether it requires nothing more.
pub(crate) fn required_kind(c: &Cond) -> (Option<Kind>, bool) {
    match c {
        Cond::Kind(SiteRef::Subject, k) => (Some(*k), true),
        Cond::And(cs) => (
            cs.iter().find_map(|c| match c {
                Cond::Kind(SiteRef::Subject, k) => Some(*k),
                _ => None,
            }),
            false,
        ),
        _ => (None, false),
    }
}

/// The generators [`State::attacked`] tries: those that capture on their
/// destination or jumped site and move the player's own stacks (the
/// copies a promotion choice makes are left out: they move as their
/// original does; `compile::attacks` refuses those whose conditions ask
/// `attacked` in turn).
pub fn attackers(game: &Game) -> Vec<Attacker> {
    let forwards: Vec<(f64, f64)> = game.players.iter().map(|p| p.forward).collect();
    game.gens
        .iter()
        .enumerate()
        .filter(|(_, g)| crate::compile::attacks::attacks_with(g))
        .map(|(i, g)| {
            let (kind, only_kind) = required_kind(&g.from);
            let leap_from = match &g.kind {
                GenKind::Leap(leap) => {
                    let back: Vec<(i32, i32)> =
                        leap.offsets.iter().map(|&(x, y)| (-x, -y)).collect();
                    crate::engine::tables::leap_table(&game.board, &forwards, &back)
                }
                _ => Vec::new(),
            };
            Attacker {
                gen_id: i as GenId,
                kind,
                only_kind,
                leap_from,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::compile::{Game, Options};
    use crate::engine::State;
    use std::sync::Arc;

    /// A 5×5 board: a rook and a knight for P2, a man that captures
    /// forward-diagonally for P2, a king for P1.
    fn state(put: &str) -> State {
        let text = "(game \"t\" (players 2) (board (square 5 5 adjacency:All))
            (piece \"King\") (piece \"Rook\") (piece \"Knight\") (piece \"Man\")
            (code \"K\" \"King\" 1) (code \"R\" \"Rook\" 1) (code \"N\" \"Knight\" 1) (code \"M\" \"Man\" 1)
            (play {(step from:(kind \"King\") to:(not Mine) capture:true)
                   (slide from:(kind \"Rook\") dirs:Orthogonal to:(not Mine) capture:true)
                   (leap from:(kind \"Knight\") by:{{1 2} {2 1} {-1 2} {-2 1} {1 -2} {2 -1} {-1 -2} {-2 -1}} to:(not Mine) capture:true)
                   (step from:(kind \"Man\") dirs:(and Forward Diagonal) to:Enemy capture:true)
                   (step from:(kind \"Man\") dirs:(and Forward Orthogonal) to:Empty)}))";
        let g = Arc::new(Game::from_source("t", text, &Options::default()).unwrap());
        State::from_position(g, put).unwrap()
    }

    fn attacked(st: &State, label: &str) -> bool {
        let s = st.game().board.site_by_label(label).unwrap();
        st.attacked(s, 0)
    }

    #[test]
    fn a_rook_attacks_along_its_lines_up_to_the_first_stack() {
        let st = state("1 1:Ka1 2:Rc3,Mc2");
        // Along row 3 and up column c; c2 blocks the way down.
        assert!(attacked(&st, "a3"));
        assert!(attacked(&st, "e3"));
        assert!(attacked(&st, "c5"));
        assert!(attacked(&st, "c2"));
        assert!(!attacked(&st, "c1"));
        assert!(!attacked(&st, "b2"));
    }

    #[test]
    fn a_knight_attacks_by_its_offsets_and_a_man_only_where_it_captures() {
        let st = state("1 1:Ka1 2:Nc3,Md4");
        for sq in ["a2", "b1", "d1", "e2", "e4", "d5", "b5", "a4"] {
            assert!(attacked(&st, sq), "{sq}");
        }
        assert!(!attacked(&st, "c4"));
        // P2's man moves down the board: it captures on c3 and e3, an
        // empty square counting as attacked; its forward step d3 does not.
        assert!(attacked(&st, "e3"));
        assert!(!attacked(&st, "d3"));
        assert!(!attacked(&st, "c5"));
        // P1's king attacks b2 for P2's sake, never for its own.
        let b2 = st.game().board.site_by_label("b2").unwrap();
        assert!(st.attacked(b2, 1));
    }

    #[test]
    fn in_check_and_the_line_sites() {
        let st = state("1 1:Kc1 2:Rc5");
        assert!(st.in_check(0, 0));
        let st = state("1 1:Kb1 2:Rc5");
        assert!(!st.in_check(0, 0));
        let b = &st.game().board;
        let at = |l: &str| b.site_by_label(l).unwrap();
        // Passed: the first site of a straight move of two or more steps.
        assert_eq!(st.passed(at("a1"), at("a3")), at("a2"));
        assert_eq!(st.passed(at("a1"), at("d4")), at("b2"));
        assert_eq!(st.passed(at("a1"), at("a2")), crate::board::NO_SITE);
        assert_eq!(st.passed(at("a1"), at("b3")), crate::board::NO_SITE);
        // Beyond: the first stack past the destination on that line.
        assert_eq!(st.beyond(at("a1"), at("a2")), crate::board::NO_SITE);
        assert_eq!(st.beyond(at("c1"), at("c3")), at("c5"));
    }
}
