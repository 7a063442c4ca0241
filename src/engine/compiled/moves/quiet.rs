//! Where a generator's `then:` does nothing: the destinations at which
//! every top-level effect is an `if` whose test, compiled to a site
//! condition on the destination ([`SitePred`]), cannot hold there (the
//! site lies on the wrong side of the region the test requires) and whose
//! `else` branch is empty. A step landing on such a site skips its
//! effects altogether (checkers' crowning outside the far row).

use crate::compile::ir::{Effect, Game};
use crate::engine::sitepred::SitePred;

/// Per player, the destinations where `then:` does nothing, as site sets
/// (`stride` words each); empty when there is no such site.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct QuietThen {
    stride: usize,
    /// `sets[player * stride + word]`.
    sets: Vec<u64>,
}

impl QuietThen {
    /// The sites where `then` (with `ifs`, its tests compiled as
    /// `GenTables::then_ifs` has them) does nothing, per player.
    pub fn of(then: &[Effect], ifs: &[Option<SitePred>], game: &Game) -> QuietThen {
        let (n, players) = (game.board.len(), game.num_players());
        let stride = n.div_ceil(64).max(1);
        let mut sets = vec![0u64; players * stride];
        for p in 0..players {
            for s in 0..n {
                if quiet_at(then, ifs, game, p as u8, s) {
                    sets[p * stride + s / 64] |= 1 << (s % 64);
                }
            }
        }
        if sets.iter().all(|&w| w == 0) {
            sets.clear();
        }
        QuietThen { stride, sets }
    }

    /// True if `then:` does nothing for `player`'s step to `site`.
    #[inline(always)]
    pub fn has(&self, player: u8, site: crate::board::Site) -> bool {
        let at = player as usize * self.stride + site as usize / 64;
        (site as usize) < self.stride * 64
            && self.sets.get(at).is_some_and(|w| w >> (site % 64) & 1 != 0)
    }
}

/// True if every effect of `then` is an `if` with an empty `else` whose
/// compiled test cannot hold for `player` at site `s`.
fn quiet_at(then: &[Effect], ifs: &[Option<SitePred>], game: &Game, player: u8, s: usize) -> bool {
    then.iter().enumerate().all(|(k, e)| match (e, ifs.get(k)) {
        (Effect::If(_, _, b), Some(Some(p))) => b.is_empty() && p.never_at(game, player, s),
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::ir::SiteRef;
    use crate::compile::{Game, Options};

    fn game(play: &str) -> Game {
        let text = format!(
            r#"(game "t" (players 2) (board (square 3 3)) (piece "M") (stack-limit 3)
                 (region "Far" (side Forward))
                 (setup (fill "M" P1 (sites "a1")) (fill "M" P2 (sites "c3")))
                 (play {play}))"#
        );
        Game::from_source("t", &text, &Options::default()).unwrap()
    }

    fn quiet(g: &Game) -> QuietThen {
        let then = &g.gens[0].then;
        let ifs: Vec<_> = then
            .iter()
            .map(|e| match e {
                Effect::If(c, ..) => SitePred::compile(c, SiteRef::To, g),
                _ => None,
            })
            .collect();
        QuietThen::of(then, &ifs, g)
    }

    fn site(g: &Game, l: &str) -> u16 {
        g.board.site_by_label(l).unwrap()
    }

    #[test]
    fn a_crowning_test_is_quiet_outside_the_far_row() {
        let g = game(r#"(step then:(if (and (in To "Far") (equal (height To) 1)) (push To 1)))"#);
        let q = quiet(&g);
        // P1's far row is row 3, P2's row 1.
        assert!(q.has(0, site(&g, "b2")) && q.has(0, site(&g, "a1")));
        assert!(!q.has(0, site(&g, "b3")));
        assert!(q.has(1, site(&g, "b3")) && !q.has(1, site(&g, "a1")));
        assert!(!q.has(0, crate::board::NO_SITE));
    }

    #[test]
    fn an_else_branch_or_a_plain_effect_is_never_quiet() {
        let g = game(r#"(step then:(if (in To "Far") (push To 1) (push To 2)))"#);
        assert!(quiet(&g).sets.is_empty());
        let g = game(r#"(step then:{(if (in To "Far") (push To 1)) (push To 1)})"#);
        assert!(!quiet(&g).has(0, site(&g, "b2")));
        let g = game(r#"(step then:(if (equal (height To) 1) (push To 1)))"#);
        assert!(
            !quiet(&g).has(0, site(&g, "b2")),
            "no region: may hold anywhere"
        );
    }

    #[test]
    fn no_effect_is_quiet_everywhere() {
        let g = game("(step)");
        assert!(quiet(&g).has(0, site(&g, "b2")) && quiet(&g).has(1, site(&g, "c1")));
    }
}
