//! Conditions of a generator that no step of a listing can change: the
//! parts of its `from:` and `to:` that read only the position's last step
//! (`Last`, `LastPassed`), the toggles, the player, or whether a royal
//! piece is in check, never the origin or the destination being tried.
//! They are asked once a listing, before the generator's origins are
//! tried, instead of once for each origin and destination: when one fails,
//! the generator has no move in the position (en passant, when the last
//! step was not a pawn's double step).

use crate::compile::ir::{Cond, Gen, SiteRef};

/// The conjunction of the conditions of `g`'s `from:` and `to:` that read
/// nothing of the step being tried (see the module's documentation), or
/// `None` when there is none. Each is a part of a top-level `and` of
/// either condition, so the generator has a move only where it holds;
/// a `(same X Y)` whose `Y` alone is fixed adds `(same Y Y)` (that `Y` is
/// a site at all).
pub(crate) fn hoisted(g: &Gen) -> Option<Cond> {
    let mut out = Vec::new();
    for c in [&g.from, &g.to] {
        collect(c, &mut out);
    }
    match out.len() {
        0 => None,
        1 => out.pop(),
        _ => Some(Cond::And(out)),
    }
}

/// Adds to `out` the fixed parts of the top-level `and` of `c`.
fn collect(c: &Cond, out: &mut Vec<Cond>) {
    match c {
        Cond::And(cs) => cs.iter().for_each(|c| collect(c, out)),
        Cond::Same(a, b) if !fixed_site(*a) && fixed_site(*b) => out.push(Cond::Same(*b, *b)),
        Cond::Same(a, b) if fixed_site(*a) && !fixed_site(*b) => out.push(Cond::Same(*a, *a)),
        // A constant is no work to ask where it stands.
        Cond::True | Cond::False => {}
        c if fixed(c) => out.push(c.clone()),
        _ => {}
    }
}

/// True for the sites a listing cannot move: the last step's.
fn fixed_site(r: SiteRef) -> bool {
    matches!(r, SiteRef::Last | SiteRef::LastPassed)
}

/// True if `c` reads nothing of the step being tried.
fn fixed(c: &Cond) -> bool {
    match c {
        Cond::True | Cond::False | Cond::On(_) | Cond::PlayerIs(_) | Cond::InCheck(_) => true,
        Cond::Empty(r)
        | Cond::Mine(r)
        | Cond::Enemy(r)
        | Cond::Height(r, _, _)
        | Cond::Kind(r, _)
        | Cond::Holds(r)
        | Cond::HoldsOnly(r)
        | Cond::Mixed(r)
        | Cond::Marked(r)
        | Cond::Unmoved(r)
        | Cond::Attacked(r)
        | Cond::In(r, _) => fixed_site(*r),
        Cond::Same(a, b) => fixed_site(*a) && fixed_site(*b),
        Cond::And(cs) | Cond::Or(cs) => cs.iter().all(fixed),
        Cond::Not(c) => fixed(c),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::{Game, Options};
    use crate::engine::State;
    use std::sync::Arc;

    fn gens(play: &str) -> Vec<Gen> {
        let text = format!(
            r#"(game "t" (players 2) (board (square 4 4 adjacency:All))
              (piece "Man") (piece "King")
              (play {{{play}}}))"#
        );
        Game::from_source("t", &text, &Options::default())
            .expect("compiles")
            .gens
    }

    #[test]
    fn only_what_reads_no_step_site_is_hoisted() {
        let g = gens(
            r#"(step from:(kind "Man") dirs:Diagonal
                 to:(and Empty (kind Last "Man") (same To LastPassed) (or (empty Last) Mine)))
               (step to:(and Empty (not (mine Last))))
               (step from:(kind "King") to:Empty)"#,
        );
        let (kind, last) = (0, SiteRef::Last);
        let want = Cond::And(vec![
            Cond::Kind(last, kind),
            Cond::Same(SiteRef::LastPassed, SiteRef::LastPassed),
        ]);
        assert_eq!(hoisted(&g[0]), Some(want));
        assert_eq!(hoisted(&g[1]), Some(Cond::Not(Box::new(Cond::Mine(last)))));
        assert_eq!(hoisted(&g[2]), None);
    }

    #[test]
    fn a_hoisted_condition_that_fails_leaves_its_generator_no_move() {
        // The hoisted part is necessary: wherever the generator has a move
        // (by the reference, which asks every part at every site), it holds.
        let text = r#"(game "t" (players 2) (board (square 5 5 adjacency:All))
            (piece "Man")
            (setup (fill "Man" P1 (row 0)) (fill "Man" P2 (row 4)))
            (play { (step dirs:Forward to:(and Empty (not (empty Last))))
                    (leap by:{{0 2}} to:(and Empty (same To LastPassed))) }))"#;
        let game = Arc::new(Game::from_source("t", text, &Options::default()).unwrap());
        let hoist: Vec<Option<Cond>> = game.gens.iter().map(hoisted).collect();
        assert!(hoist.iter().all(Option::is_some));
        let mut st = State::with_engine(game.clone(), crate::engine::Engine::Reference);
        let (mut held, mut failed) = (0, 0);
        for ply in 0..12 {
            let moves = st.legal_moves();
            let ctx = crate::engine::cond::Ctx {
                last: st.scalars.last,
                ..crate::engine::cond::Ctx::at(st.scalars.mover, crate::board::NO_SITE)
            };
            for (g, c) in hoist.iter().enumerate() {
                let holds = st.eval(c.as_ref().unwrap(), &ctx);
                let has = moves.iter().any(|m| m.gen_id as usize == g);
                assert!(holds || !has, "generator {g} at ply {ply}");
                if holds { held += 1 } else { failed += 1 }
            }
            let Some(m) = moves.get(ply % moves.len().max(1)) else {
                break;
            };
            st.play_unchecked(m);
        }
        assert!(held > 0 && failed > 0, "{held} held, {failed} failed");
    }
}
