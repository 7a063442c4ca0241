//! The engine's fast paths against its general ones, on positions reached
//! by seeded random play: the slide tables (fixed conjuncts of `to:` read
//! per ray, the walk through empty sites reading heights directly) must
//! give the same moves in the same order as evaluating `to:` at every
//! site, and the flank summaries of the ray cache must agree with walking
//! every line of the overlaid position.

use super::game;
use crate::board::NO_SITE;
use crate::compile::ir::{Cond, GenKind};
use crate::compile::{Game, Options};
use crate::engine::flank::flanked;
use crate::engine::overlay::{Overlay, RayCache};
use crate::engine::playout::random_step;
use crate::engine::tables::Filter;
use crate::engine::{Move, State};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::ops::ControlFlow;
use std::sync::Arc;

/// Slides of every shape the tables know: a fixed conjunct with a
/// position-reading rest (`in` a region and `not Mine`), the fast walk
/// with a fixed conjunct (farther from the centre, to empty sites), the
/// fast walk onto the first stack (`to:true`), a slide through any site,
/// and a split; regions and distances differ per player.
const SLIDES: &str = r#"(game "t"
    (players (player "A" forward:N) (player "B" forward:S))
    (board (square 6 6 adjacency:All))
    (piece "P")
    (stack-limit 6)
    (region "Centre" (centre))
    (region "Far" (per-player (rectangle "a4" "f6") (rectangle "a1" "f3")))
    (play
      { (slide dirs:Orthogonal to:(and (not Mine) (in To "Far")) capture:true)
        (slide dirs:Diagonal
          to:(and Empty (more-than (distance To "Centre") (distance From "Centre"))))
        (slide dirs:(and Forward Orthogonal) to:true)
        (slide dirs:E through:true)
        (slide dirs:W pieces:Part) }))"#;

/// `st` with its generators' slide tables taken away: every slide then
/// evaluates its whole `to:` at every site.
fn without_slide_tables(st: &State) -> State {
    let mut general = st.clone();
    let mut tables = (*st.tables).clone();
    tables.eval.slides.iter_mut().for_each(|t| *t = None);
    general.tables = Arc::new(tables);
    general
}

/// Positions of `plays` seeded random games of at most `turns` steps from
/// `start`.
pub(in crate::engine) fn positions(start: &State, plays: u64, turns: usize) -> Vec<State> {
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for seed in 0..plays {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut st = start.clone();
        for _ in 0..turns {
            if st.is_over() {
                break;
            }
            out.push(st.clone());
            if !random_step(&mut st, &mut rng, &mut buf) {
                break;
            }
        }
    }
    out
}

/// Every candidate move of every generator from every site, in order;
/// with `sets`, listed from site sets where the tables allow it.
fn slide_moves(st: &State, sets: bool) -> Vec<Move> {
    let occ = sets.then(|| crate::engine::raybits::RayBits::occupied(&st.heights));
    let mut out = Vec::new();
    for g in 0..st.game.gens.len() {
        for from in 0..st.heights.len() as crate::board::Site {
            if let GenKind::Slide(slide) = &st.game.gens[g].kind {
                let _ = st.gen_slide(g as u16, slide, from, occ, &mut |m| {
                    out.push(m);
                    ControlFlow::Continue(())
                });
            }
        }
    }
    out
}

fn assert_slides_agree(positions: &[State]) -> usize {
    let mut compared = 0;
    for st in positions {
        let general = without_slide_tables(st);
        let fast = slide_moves(st, false);
        assert_eq!(fast, slide_moves(&general, false));
        assert_eq!(slide_moves(st, true), fast);
        assert_eq!(st.legal_moves(), general.legal_moves());
        compared += fast.len();
    }
    compared
}

#[test]
fn slide_tables_give_the_general_moves_in_order() {
    let g = game(SLIDES);
    assert!(g.gens.iter().enumerate().all(|(i, gen_)| {
        let tables = &State::new(g.clone()).tables.eval.slides;
        !matches!(gen_.kind, GenKind::Slide(_)) || tables[i].is_some()
    }));
    let mut start = State::new(g.clone());
    let stacks: [(&str, &[u8]); 8] = [
        ("a1", &[0]),
        ("b2", &[0, 0, 0]),
        ("c3", &[0, 0]),
        ("e2", &[0]),
        ("d4", &[1]),
        ("b5", &[1, 1]),
        ("e5", &[1, 0]),
        ("f6", &[1, 1, 1]),
    ];
    for (l, stack) in stacks {
        start.put_stack(g.board.site_by_label(l).unwrap(), stack);
    }
    let compared = assert_slides_agree(&positions(&start, 20, 40));
    assert!(compared > 1000, "only {compared} moves compared");
}

/// Every shipped game, compiled with its defaults.
pub(super) fn shipped() -> Vec<Arc<Game>> {
    shipped_paths()
        .iter()
        .map(|p| Arc::new(Game::load(p, &Options::default()).unwrap()))
        .collect()
}

/// The paths of the shipped games' files, in order.
fn shipped_paths() -> Vec<String> {
    let mut paths: Vec<_> = std::fs::read_dir("games")
        .unwrap()
        .map(|e| e.unwrap().path().to_string_lossy().into_owned())
        .filter(|p| p.ends_with(".game"))
        .collect();
    paths.sort();
    paths
}

/// Every shipped game at its defaults and with each other value of each
/// of its yes/no and choice toggles, one at a time (`check`'s settings).
pub(super) fn shipped_settings() -> Vec<Arc<Game>> {
    let mut games = Vec::new();
    for p in shipped_paths() {
        let base = Arc::new(Game::load(&p, &Options::default()).unwrap());
        for set in crate::compile::other_values(&base) {
            let opts = Options::from_sets(&[set]).unwrap();
            games.push(Arc::new(Game::load(&p, &opts).unwrap()));
        }
        games.push(base);
    }
    games
}

#[test]
fn slide_tables_of_the_shipped_games_give_the_general_moves_in_order() {
    let compared: usize = shipped()
        .into_iter()
        .map(|g| assert_slides_agree(&positions(&State::new(g), 6, 60)))
        .sum();
    assert!(compared > 1000, "only {compared} moves compared");
}

#[test]
fn flank_summaries_agree_with_walking_every_line() {
    let (mut flanks, mut tested) = (0, 0);
    for g in shipped() {
        flank_positions(&g, &mut flanks, &mut tested);
    }
    assert!(
        tested > 1000 && flanks > 10,
        "{tested} tested, {flanks} flank"
    );
}

/// Compares the overlay's flank answer with walking every line, on the
/// positions of seeded random games of `g`; counts the candidates tested
/// and those that flank.
fn flank_positions(g: &Arc<Game>, flanks: &mut usize, tested: &mut usize) {
    // A chance node's candidates are nature's moves, of no generator.
    let players = positions(&State::new(g.clone()), 8, 80)
        .into_iter()
        .filter(|st| !st.is_chance_node());
    for st in players {
        let mut cands = Vec::new();
        st.candidate_level_into(&mut cands);
        let mut cache = RayCache::default();
        for m in &cands {
            let Filter::Overlay(o) = &st.tables.gens[m.gen_id as usize].filter else {
                continue;
            };
            let Cond::Flanks(f) = &o.after else {
                continue;
            };
            let ctx = st.step_ctx(m);
            let overlay = Overlay::new(&st, m, &o.plan);
            let walked = flanked(&overlay, g, f, m.to, ctx.player, &mut |_| {
                ControlFlow::Break(())
            })
            .is_break();
            assert_ne!(m.to, NO_SITE);
            assert_eq!(
                overlay.eval(&o.after, &ctx, &mut cache),
                Some(walked),
                "{m:?}"
            );
            *tested += 1;
            *flanks += usize::from(walked);
        }
    }
}
