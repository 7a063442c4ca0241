//! A `check:` told before its step is made, when it asks that some site
//! of the board satisfy a condition on that site alone (`(any (where
//! P))`: Oware's "the opponent is left seeds to play",
//! docs/games/oware.md). A step changes only the sites it touches (a
//! sowing: its origin and the houses it sows into), and `check:` is read
//! before `then:` runs, so a site the step leaves alone that satisfies P
//! now still does after it: the check holds. So does a site it sows into,
//! when P survives pieces added to a site (it asks for a stack there, in a
//! region: Oware's). It is a sufficient condition: a step that touches
//! every site satisfying P is played and asked as before (`State::probe`
//! in a listing, the step played with its filters in a random playout).

use crate::board::{NO_SITE, Site};
use crate::compile::ir::{Cond, Game, Gen, GenKind, SiteRef, SiteSet};
use crate::engine::bits::{Bits, MAX_WORDS};
use crate::engine::sitepred::SitePred;
use crate::engine::word::Word;
use crate::engine::{Move, State};

/// The condition P of a `check:` `(any (where P))` (see the module's
/// documentation), for a generator whose steps' touched sites are known
/// before they are made.
#[derive(Debug, Clone)]
pub(crate) struct Untouched {
    /// P, compiled; it reads only its site.
    pred: SitePred,
    /// P survives pieces pushed onto a site where it holds
    /// ([`SitePred::survives_growth`]): a sowing, which only adds pieces
    /// to the sites it sows into, can make it fail at its origin alone.
    grows: bool,
}

impl Untouched {
    /// The screen of generator `g` of `game`: `Some` when its `check:` is
    /// `(any (where P))` with P compiled and reading only its site, it
    /// has no `after:` (which reads the position after `then:`), and its
    /// steps are sowings.
    pub fn of(g: &Gen, game: &Game) -> Option<Untouched> {
        let (Some(Cond::Any(SiteSet::Where(p))), None) = (&g.check, &g.after) else {
            return None;
        };
        if !matches!(g.kind, GenKind::Sow { .. }) || game.board.len() > MAX_WORDS * 64 {
            return None;
        }
        let pred = SitePred::compile(p, SiteRef::Subject, game)?;
        let grows = pred.survives_growth(game.stack_cap);
        pred.reads_only_its_site()
            .then_some(Untouched { pred, grows })
    }
}

/// The sites where the screens' conditions hold on the position being
/// listed, and how many there are, found at the first candidate that asks
/// (one generator's at a time: a listing's candidates come in runs of one
/// generator).
#[derive(Debug, Default)]
pub(crate) struct UntouchedSites(Option<(u16, Bits<MAX_WORDS>, usize)>);

impl State {
    /// True when candidate `m`, screened by `u`, leaves alone a site that
    /// satisfies `u`'s condition now: its `check:` holds without playing
    /// it. False when that cannot be told (it must be probed; so too
    /// while the site sets are behind the stacks). `known` keeps the
    /// condition's sites for the listing's other candidates.
    pub(crate) fn untouched_holds(
        &self,
        m: &Move,
        u: &Untouched,
        known: &mut UntouchedSites,
    ) -> bool {
        let (sites, count) = match known.0 {
            Some((g, sites, count)) if g == m.gen_id => (sites, count),
            // The sets left behind by a step not yet judged (perft's last
            // ply) cannot tell.
            _ if !self.sets_current() => return false,
            _ => {
                let Some(sites) = u.pred.sites(self, self.scalars.mover) else {
                    return false;
                };
                known.0 = Some((m.gen_id, sites, sites.ones() as usize));
                (sites, sites.ones() as usize)
            }
        };
        let changed = match u.grows {
            true => usize::from(sites.has(m.from)),
            false => self.touched_among(m, sites),
        };
        count > changed
    }

    /// How many sites of `sites` step `m` changes before `then:` runs
    /// (every one of them when its kind does not tell beforehand). A
    /// sowing changes its origin and the sites its pieces reach, as
    /// [`State::sow`] drops them: at most every other site of its track
    /// once.
    fn touched_among(&self, m: &Move, sites: Bits<MAX_WORDS>) -> usize {
        let kind = self.game.gens.get(m.gen_id as usize).map(|g| &g.kind);
        let Some(&GenKind::Sow { track, .. }) = kind else {
            return usize::MAX;
        };
        let Some(t) = self.game.tracks.get(track as usize) else {
            return usize::MAX;
        };
        let from: Site = m.from;
        let mut touched = usize::from(sites.has(from));
        let mut at = from;
        // The sites after the origin, each once: a longer sowing laps the
        // track and touches each of them again (and the origin, unless
        // skipped), which the count already has.
        for _ in 0..self.height(from).min(t.sites.len().saturating_sub(1)) {
            at = t.step(at, false);
            if at == NO_SITE || at == from {
                break;
            }
            touched += usize::from(sites.has(at));
        }
        touched
    }
}

#[cfg(test)]
mod tests {
    use super::{Untouched, UntouchedSites};
    use crate::compile::{Game, Options};
    use crate::engine::State;
    use std::sync::Arc;

    /// A stack on the far row: survives growth.
    const FAR_STACK: &str = "(and (in \"Far\") (not Empty))";
    /// A far site of one piece: a piece sown onto it makes it fail.
    const FAR_SINGLE: &str = "(and (in \"Far\") (equal (height) 1))";

    /// A row of three sites for each player and a sowing round them whose
    /// `check:` asks for a site of the board where `p` holds.
    fn state(p: &str, setup: &str) -> State {
        let text = format!(
            "(game \"t\" (players 2) (board (square 2 3) labels:Coordinates) (piece \"S\")
               (stack-limit 64) (track \"Round\" \"a1\" {{E N W S}})
               (region \"Near\" (row 0)) (region \"Far\" (row 1))
               (setup {setup})
               (play (sow track:\"Round\" from:(in \"Near\")
                 check:(any (where {p})))))"
        );
        State::new(Arc::new(
            Game::from_source("t", &text, &Options::default()).unwrap(),
        ))
    }

    fn site(st: &State, label: &str) -> u16 {
        st.game().board.site_by_label(label).unwrap()
    }

    /// The screen's answer for the sowing from `from`, and whether the
    /// check holds when the step is played (the reference's answer).
    fn answers(st: &mut State, from: &str) -> (bool, bool) {
        let g = &st.game().gens[0].clone();
        let u = Untouched::of(g, st.game()).expect("the check compiles");
        let mut candidates = Vec::new();
        st.candidates_into(&mut candidates);
        let from = site(st, from);
        let m = *candidates.iter().find(|m| m.from == from).unwrap();
        let told = st.untouched_holds(&m, &u, &mut UntouchedSites::default());
        (told, st.probe(&m, g))
    }

    #[test]
    fn a_far_site_the_sowing_does_not_reach_passes_unplayed() {
        // a1's one piece reaches b1; c2's stack is left alone.
        let setup = "(fill \"S\" P1 (sites \"a1\")) (fill \"S\" P1 (sites \"c2\"))";
        for p in [FAR_STACK, FAR_SINGLE] {
            let mut st = state(p, setup);
            assert_eq!(answers(&mut st, "a1"), (true, true), "{p}");
        }
    }

    #[test]
    fn a_far_stack_the_sowing_grows_passes_unplayed() {
        // c1's two pieces reach c2 and b2: c2 still holds a stack.
        let setup = "(fill \"S\" P1 (sites \"c1\") count:2) (fill \"S\" P1 (sites \"c2\"))";
        let mut st = state(FAR_STACK, setup);
        assert_eq!(answers(&mut st, "c1"), (true, true));
    }

    #[test]
    fn a_far_site_the_sowing_changes_is_left_to_the_probe() {
        // c1's two pieces reach c2 (now two high) and b2 (now one): the
        // screen cannot tell, and the check holds at b2.
        let setup = "(fill \"S\" P1 (sites \"c1\") count:2) (fill \"S\" P1 (sites \"c2\"))";
        let mut st = state(FAR_SINGLE, setup);
        assert_eq!(answers(&mut st, "c1"), (false, true));
        // c1's one piece reaches c2 (now two high): the check fails.
        let setup = "(fill \"S\" P1 (sites \"c1\")) (fill \"S\" P1 (sites \"c2\"))";
        let mut st = state(FAR_SINGLE, setup);
        assert_eq!(answers(&mut st, "c1"), (false, false));
    }

    #[test]
    fn an_empty_far_row_is_left_to_the_probe() {
        // a1's one piece stays on the near row: the check fails.
        let mut st = state(FAR_STACK, "(fill \"S\" P1 (sites \"a1\"))");
        assert_eq!(answers(&mut st, "a1"), (false, false));
    }

    #[test]
    fn a_condition_that_reads_other_sites_has_no_screen() {
        let text = "(game \"t\" (players 2) (board (square 2 3)) (piece \"S\")
               (stack-limit 64) (track \"Round\" \"a1\" {E N W S})
               (play (sow track:\"Round\"
                 check:(any (where (any (neighbours Subject (not Empty))))))))";
        let game = Game::from_source("t", text, &Options::default()).unwrap();
        assert!(Untouched::of(&game.gens[0], &game).is_none());
    }
}
