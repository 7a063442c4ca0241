//! Levels of slides counted from site sets ([`crate::engine::levelcount`])
//! against the listing, move for move, on positions reached by seeded
//! random play: the number of moves from each origin, the `j`-th move
//! for every `j`, and the origins the screen may let through (every
//! candidate the screen does not rule out leaves one of them).

use super::fast_paths::{positions, shipped, shipped_settings};
use crate::compile::ir::Game;
use crate::engine::overlay::RayCache;
use crate::engine::slidelevel::SlideLevel;
use crate::engine::{Move, State};
use std::ops::ControlFlow;

/// Compares the count of `level` on `st` with `listed`, its listing;
/// returns the moves compared.
fn assert_count_agrees(st: &State, level: &SlideLevel, listed: &[Move]) -> usize {
    let lat = st.tables.eval.lattice.as_ref().expect("a lattice");
    let mut cache = RayCache::default();
    cache.forget();
    let count = st.count_level(level, lat, &mut cache);
    assert_eq!(count.total as usize, listed.len(), "moves in all");
    let mut per = [0u32; 128];
    for m in listed {
        per[lat.bit(m.from) as usize] += 1;
    }
    assert_eq!(per, count.per, "moves per origin");
    for (b, &n) in per.iter().enumerate() {
        assert_eq!(n != 0, count.origins.has(b as u32), "origin bit {b}");
    }
    assert_eq!(
        count.origins.iter().collect::<Vec<_>>(),
        (0..128)
            .filter(|&b| per[b as usize] != 0)
            .collect::<Vec<u32>>(),
        "origins in increasing order"
    );
    for (j, m) in listed.iter().enumerate() {
        let nth = st.nth_of_level(level, lat, &count, j as u32);
        assert_eq!(nth, Some(*m), "move {j}");
    }
    assert_eq!(
        st.nth_of_level(level, lat, &count, listed.len() as u32),
        None
    );
    // The screen's candidates leave origins the count lets through.
    let mut maybe = Vec::new();
    let mut fresh = RayCache::default();
    fresh.forget();
    if let Some(open) = st.screen_into(listed, &mut fresh, &mut maybe)
        && open > 0
    {
        for (m, &may) in listed.iter().zip(&maybe) {
            let bit = lat.bit(m.from);
            assert!(!may || count.maybe.has(bit), "{}", st.move_to_string(m));
        }
    }
    listed.len()
}

/// The counted level of `st`'s mover, if any.
fn counted(st: &State) -> Option<&SlideLevel> {
    if st.scalars.outcome.is_some() || st.scalars.cont.is_some() {
        return None;
    }
    st.tables
        .counted(st.scalars.phase, st.scalars.again, st.scalars.mover)
}

#[test]
fn counted_levels_agree_with_the_listing() {
    // Every shipped game and setting whose first level is counted (Ex
    // nihilo's slides, its hostage moves among them).
    let (mut compared, mut hostages) = (0, 0);
    for game in shipped_settings() {
        for st in positions(&State::new(game), 12, 60) {
            let Some(level) = counted(&st) else {
                continue;
            };
            hostages += st.scalars.again.is_some() as usize;
            // The candidates of the first level (none when it has none).
            let mut listed = Vec::new();
            if st.candidate_level_into(&mut listed) != Some(0) {
                listed.clear();
            }
            compared += assert_count_agrees(&st, level, &listed);
        }
    }
    assert!(compared > 5000 && hostages > 0, "{compared}, {hostages}");
}

/// The levels of `game` (each phase's play and each block) that can be
/// counted, each standing for itself when none passes.
fn countable_levels(game: &Game, st: &State) -> Vec<(SlideLevel, Vec<crate::compile::ir::GenId>)> {
    let levels = game
        .phases
        .iter()
        .flat_map(|p| p.play.iter())
        .chain(game.blocks.iter().flatten());
    levels
        .filter_map(|l| {
            SlideLevel::of_gens(game, &st.tables.gens, &st.tables.eval, l, l)
                .map(|c| (c, l.clone()))
        })
        .collect()
}

#[test]
fn slide_levels_of_the_shipped_games_counted_agree_with_the_listing() {
    let mut compared = 0;
    let mut games = Vec::new();
    for g in shipped() {
        let st = State::new(g.clone());
        let levels = countable_levels(&g, &st);
        if levels.is_empty() {
            continue;
        }
        games.push(g.name.clone());
        for st in positions(&st, 6, 60) {
            for (level, _) in &levels {
                let mut listed = Vec::new();
                let _ = st.gen_level(
                    &level.ids,
                    crate::engine::listing::LevelPlan::None,
                    None,
                    &mut |m| {
                        listed.push(m);
                        ControlFlow::Continue(())
                    },
                );
                compared += assert_count_agrees(&st, level, &listed);
            }
        }
    }
    assert!(games.len() >= 2 && compared > 5000, "{games:?}: {compared}");
}
