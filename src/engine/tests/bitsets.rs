//! Filters, effects and roles told on site sets (`engine::bitfilter`,
//! `engine::bitcond`) against the interpreter, on the positions of seeded
//! random games: the legal steps listed from sets equal, move for move and
//! in order, those listed by playing every candidate; every legal step
//! played (its effects skipped when known quiet) leaves the same position;
//! every role's value and every candidate's verdict agree.

use super::game_with;
use crate::board::Site;
use crate::compile::Game;
use crate::compile::ir::{Cond, SiteRef};
use crate::engine::bitcond::{BitSets, BitTables};
use crate::engine::bitpos::{BitPos, Placed, View};
use crate::engine::cond::Ctx;
use crate::engine::playout::random_step;
use crate::engine::quietsteps::QuietSteps;
use crate::engine::tables::{Filter, Tables};
use crate::engine::word::Word;
use crate::engine::{Move, State};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// `st` told by the interpreter alone: every filter probed, nothing
/// remembered.
fn interpreted(st: &State) -> State {
    let mut g = st.clone();
    g.tables = Arc::new(Tables::probing(&st.game));
    g.quiet = QuietSteps::for_tables(&g.tables);
    g.set_journaling(true);
    g
}

/// The positions of `games` seeded random games of at most `turns` steps.
fn positions(game: &Arc<Game>, games: u64, turns: usize) -> Vec<State> {
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut st = State::new(game.clone());
        for _ in 0..turns {
            if st.scalars.outcome.is_some() {
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

/// What a step leaves: stacks, scalars and the effects' lists.
fn after(
    st: &State,
) -> (
    Vec<Vec<u8>>,
    super::super::state::Scalars,
    Vec<Site>,
    Vec<Site>,
) {
    let stacks = (0..st.heights.len() as Site)
        .map(|s| st.stack(s).to_vec())
        .collect();
    (stacks, st.scalars, st.removed.clone(), st.converted.clone())
}

/// On every position: the same legal steps as the interpreter, the same
/// position after each, and the same verdict on every candidate told
/// alone; returns how many candidates were told on sets.
fn agrees(game: &Arc<Game>, games: u64, turns: usize) -> usize {
    let mut told = 0;
    let (mut fast, mut slow) = (Vec::new(), Vec::new());
    for st in positions(game, games, turns) {
        let mut st = st;
        st.set_journaling(true);
        let mut reference = interpreted(&st);
        st.legal_moves_into(&mut fast);
        reference.legal_moves_into(&mut slow);
        assert_eq!(fast, slow, "legal steps at {:?}", st.to_position());
        for m in &fast {
            st.play_unchecked(m);
            reference.play_unchecked(m);
            assert_eq!(after(&st), after(&reference), "after {m:?}");
            st.take_back();
            reference.take_back();
        }
        let mut candidates = Vec::new();
        st.candidates_into(&mut candidates);
        let mut cache = Default::default();
        for m in &candidates {
            let Some(v) = st.admits_unplayed(m, &mut cache) else {
                continue;
            };
            told += 1;
            let played = reference.try_play(m) == crate::engine::Played::Played;
            if played {
                reference.take_back();
            }
            assert_eq!(v, played, "verdict on {m:?}");
        }
    }
    told
}

/// True if generator `g` of `game` has its filters on sets.
fn on_sets(game: &Arc<Game>, g: usize) -> bool {
    matches!(Tables::new(game).gens[g].filter, Filter::Bits(_))
}

#[test]
fn placements_told_on_sets_list_what_the_interpreter_lists() {
    // Every shipped game and setting whose first generator's filters are
    // told on sets (Polypods on each of its boards, Atari Go's check).
    let mut games = 0;
    for game in super::fast_paths::shipped_settings() {
        if !on_sets(&game, 0) {
            continue;
        }
        games += 1;
        assert!(agrees(&game, 6, 50) > 500, "{}", game.name);
    }
    assert!(games >= 6, "{games} settings on sets");
}

/// Every compiled clause at least once: converting, removing and judging
/// groups, regions, `where`, `minus`, `connected`, `every`, `Friend` of a
/// group's site and of a neighbour's, a role of a group's counts.
const CLAUSES: &str = r#"(game "t" (players 2) (board (hex 3)) (piece "S") (stack-limit 1)
  (region "Rim" (per-player (sites "a1" "a2" "b1") (sites "e3" "e2" "d4")))
  (role "Lonely" (and (not Empty) (at-most (count (neighbours Friend)) 0)))
  (role "Crowd" (and (not Empty) (at-least (count (group Friend)) 3)))
  (role "Wide" (and (not Empty) (more-than (count (group (not (role "Lonely")))) (count (neighbours Friend)))))
  (play
    { (place "S" to:Empty
        check:(or (any (adjacent-to (group To) Empty))
                  (connected (group To (not (in "Rim"))))
                  (role To "Crowd"))
        then:{ (convert-all (neighbours To (and Enemy (role "Lonely"))))
               (if (any (where (and Enemy (role "Wide"))))
                 { (remove-all (minus (where (and Enemy (not (any (adjacent-to (group) Empty)))))
                                      (neighbours To))) })
               (groups (adjacent-to Converted Enemy) when:(role "Crowd")
                 remove:(in "Rim") convert:(not (in "Rim"))) }
        after:(and (every Converted Mine)
                   (at-least (count (minus (group To) (neighbours To))) 0)
                   (not (any (where (and Mine (role "Wide") (in "Rim")))))))
      (pass) })
  (end (passes 2)))"#;

#[test]
fn a_game_of_every_compiled_clause_agrees_with_the_interpreter() {
    let game = game_with(CLAUSES, &[]);
    assert!(on_sets(&game, 0), "every clause compiles");
    assert!(agrees(&game, 30, 40) > 1000);
}

#[test]
fn roles_and_groups_on_sets_agree_with_the_interpreter_before_and_after_a_placement() {
    // Every shipped game and setting with roles whose sets are kept
    // (Polypods' boards: 48 and 30 sites in a `Bits<1>`, 91 in a `Bits<2>`).
    let (mut narrow, mut wide) = (0, 0);
    for game in super::fast_paths::shipped_settings() {
        if game.roles.is_empty() {
            continue;
        }
        match Tables::new(&game).eval.bits.as_ref() {
            Some(BitSets::Narrow(bits)) => {
                narrow += 1;
                roles_agree(&game, bits);
            }
            Some(BitSets::Wide(bits)) => {
                wide += 1;
                roles_agree(&game, bits);
            }
            None => {}
        }
    }
    assert!(narrow > 0 && wide > 0, "{narrow} narrow, {wide} wide");
}

/// [`same_roles`] on the positions of random games of `game`, before and
/// after each placement.
fn roles_agree<W: Word>(game: &Arc<Game>, bits: &BitTables<W>) {
    for st in positions(game, 6, 50).into_iter().step_by(3) {
        let mut base = BitPos::of_state(&st);
        for to in 0..st.heights.len() as Site {
            if st.height(to) > 0 {
                continue;
            }
            let mover = st.scalars.mover;
            let mut placed_state = st.clone();
            placed_state.push_piece(to, game.piece(0, mover));
            let mut v = Placed::new(&mut base, bits, to, mover);
            same_roles(&placed_state, bits, &mut v);
        }
        same_roles(&st, bits, &mut BitPos::of_state(&st));
    }
}

/// Every role at every site, and every group, of `v` as in `st`.
fn same_roles<W: Word>(st: &State, t: &BitTables<W>, v: &mut impl View<W = W>) {
    for s in 0..st.heights.len() as Site {
        let ctx = Ctx::at(st.scalars.mover, s);
        for id in 0..st.game.roles.len() as u16 {
            let want = st.eval(&Cond::Role(SiteRef::Subject, id), &ctx);
            let got = t.role_in(v, &ctx, id, W::bit(s)) != W::ZERO;
            assert_eq!(got, want, "role {id} at {s}");
        }
        if st.height(s) > 0 {
            let mut group = Vec::new();
            st.group_into(s, &mut group);
            let want = group.iter().fold(W::ZERO, |m, &x| m | W::bit(x));
            assert_eq!(v.group(&t.board, s), want, "group of {s}");
        }
    }
}

#[test]
fn a_step_known_quiet_skips_its_effects_only_in_its_own_position() {
    // The first shipped game whose placements are remembered quiet.
    let mut st = super::fast_paths::shipped()
        .into_iter()
        .map(State::new)
        .find(|st| st.quiet.on())
        .expect("a game with quiet placements");
    let mut buf: Vec<Move> = Vec::new();
    st.legal_moves_into(&mut buf);
    // Every placement on the empty board is quiet.
    assert!(
        buf.iter()
            .filter(|m| m.to != crate::board::NO_SITE)
            .all(|m| st.known_quiet(m))
    );
    let m = buf[0];
    st.play_unchecked(&m);
    // Another position: nothing known there yet.
    assert!(!st.known_quiet(&buf[1]));
}

/// A placement game of feet and bodies: a stone is a foot with at most
/// one friendly neighbour, or two that touch each other, else a body
/// stone; a group is alive with at least as many feet as body stones. A
/// placement must not be a foot touching an enemy body stone and its
/// group must be alive; it removes the enemy feet touching its group's
/// body stones, and an enemy group left dead loses its body stones, its
/// feet turning the mover's, each such group alive. The rules of
/// docs/games/, on a hexagon of side 3 or a 4 × 7 square grid.
const FEET_AND_BODIES: &str = r#"(game "Feet and bodies"
  (toggle board choice default:hex3 choices:{ hex3 square4x7 } "The board")
  (players (player "Dark" letter:"D") (player "Light" letter:"L"))
  (board (match $board (case hex3 (tri 3)) (case square4x7 (square 4 7)))
    labels:Coordinates)
  (piece "Stone") (stack-limit 1)
  (role "Foot" (and (not Empty)
    (or (at-most (count (neighbours Friend)) 1)
        (and (equal (count (neighbours Friend)) 2) (connected (neighbours Friend))))))
  (role "Body" (and (not Empty) (not (role "Foot"))))
  (role "Alive" (and (not Empty)
    (at-least (count (group (role "Foot"))) (count (group (role "Body"))))))
  (play
    { (place "Stone" to:Empty
        check:(and (not (and (role To "Foot") (any (neighbours To (and Enemy (role "Body"))))))
                   (role To "Alive"))
        then:{ (remove-all (adjacent-to (group To (role "Body")) (and Enemy (role "Foot"))))
               (groups (adjacent-to Removed Enemy) when:(not (role "Alive"))
                 remove:(role "Body") convert:(role "Foot")) }
        after:(every Converted (role "Alive")))
      (pass) })
  (end (passes 2) (turn-limit 4 per-site:true)
    (score (count (where (and Mine (role "Body")))))))"#;

/// Capture by liberties on a 9 × 9 grid: a placement must leave its group
/// a liberty or take an enemy group's last one, and taking one wins.
const LIBERTIES: &str = r#"(game "Liberties"
  (players (player "Black" letter:"B") (player "White" letter:"W"))
  (board (square 9 9) labels:Coordinates)
  (piece "Stone") (stack-limit 1)
  (define "Dead" (and Enemy (not (any (adjacent-to (group) Empty)))))
  (play (priority
    { (place "Stone" to:Empty
        check:(or (any (adjacent-to (group To) Empty)) (any (neighbours To "Dead")))
        then:(if (any (neighbours To "Dead")) (win))) }
    {(pass)}))
  (end (passes 2)))"#;

/// The feet-and-bodies game on the hexagon of side 3 (19 points, `c3`
/// the centre).
fn feet_hex3() -> Arc<Game> {
    game_with(FEET_AND_BODIES, &["board=hex3"])
}

/// The footprint of the verdict on `player`'s placement at `to` in `st`,
/// as a list of sites.
fn footprint(st: &State, to: Site) -> Vec<Site> {
    let g = (0..st.game.gens.len())
        .find(|&g| on_sets(&st.game, g))
        .expect("a placement on sets");
    let Filter::Bits(f) = &st.tables.gens[g].filter else {
        unreachable!()
    };
    let Some(BitSets::Narrow(t)) = st.tables.eval.bits.as_ref() else {
        panic!("a narrow board")
    };
    let ctx = Ctx {
        to,
        subject: to,
        anchor: to,
        ..Ctx::at(st.scalars.mover, to)
    };
    let mut base = BitPos::of_state(st);
    let (_, foot) = f.verdict_traced(t, &mut base, &ctx).expect("told on sets");
    crate::engine::word::sites(foot).collect()
}

/// `s` and its neighbours, sorted.
fn ball(st: &State, s: &[Site]) -> Vec<Site> {
    let mut out: Vec<Site> = s
        .iter()
        .flat_map(|&x| std::iter::once(x).chain(st.game.board.neighbours(x)))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

#[test]
fn a_placements_footprint_is_what_its_filters_read() {
    let game = feet_hex3();
    let mut st = State::new(game.clone());
    let s = |st: &State, l: &str| super::site(st, l);
    let (c3, c2, b2) = (s(&st, "c3"), s(&st, "c2"), s(&st, "b2"));
    // Dark on an empty board, at the centre: its foot-ness (its
    // neighbours' owners), its enemy neighbours (none), its group (itself)
    // and that group's feet and body stones: the point and its six
    // neighbours.
    assert_eq!(footprint(&st, c3), ball(&st, &[c3]));
    // A Dark stone at c2 next to it: the placed stone's group is both
    // stones, whose roles and extent read their neighbours.
    st.push_piece(c2, game.piece(0, 0));
    assert_eq!(footprint(&st, c3), ball(&st, &[c3, c2]));
    // A Light stone at c2 instead: the placed stone is a foot touching
    // it, so whether it is a body stone is read (its neighbours'
    // owners); the placed stone's group is itself.
    let mut st = State::new(game.clone());
    st.push_piece(c2, game.piece(0, 1));
    assert_eq!(footprint(&st, c3), ball(&st, &[c3, c2]));
    // Farther away, nothing more is read: c4 (not next to c2) reads its
    // own neighbourhood only, c2 not in it.
    let c4 = s(&st, "c4");
    assert!(!ball(&st, &[c4]).contains(&c2));
    assert_eq!(footprint(&st, c4), ball(&st, &[c4]));
    // Dark stones at b2 and c2 (next to each other and both next to c3),
    // Dark placing at c3: the merged group is the three (feet all: each
    // has two friendly neighbours next to each other), read with their
    // neighbours.
    let mut st = State::new(game.clone());
    st.push_piece(b2, game.piece(0, 0));
    st.push_piece(c2, game.piece(0, 0));
    assert_eq!(footprint(&st, c3), ball(&st, &[c3, c2, b2]));
}

/// Counts the legal steps `depth` plies below `st` (make/undo), asserting
/// at every position that its listing, with the verdicts kept from the
/// listing before, is the interpreter's; adds to `reused` the verdicts the
/// kept ones gave.
fn search_agrees(st: &mut State, depth: u32, reused: &mut usize) {
    if depth == 0 || st.scalars.outcome.is_some() {
        return;
    }
    if let Some(mut l) = st.verdicts.begin(st.scalars.mover, st.owner_sets()) {
        let mut candidates = Vec::new();
        st.candidates_into(&mut candidates);
        *reused += candidates
            .iter()
            .filter(|m| st.verdicts.get(&mut l, m.to, m.gen_id).is_some())
            .count();
    }
    let mut fast = Vec::new();
    st.legal_moves_into(&mut fast);
    let slow = interpreted(st).legal_moves();
    assert_eq!(fast, slow, "legal steps at {:?}", st.to_position());
    for m in &fast {
        st.play_unchecked(m);
        search_agrees(st, depth - 1, reused);
        st.take_back();
    }
}

#[test]
fn verdicts_kept_from_listing_to_listing_agree_with_the_interpreter_in_a_search() {
    // Feet and bodies on two small boards (amputations and deaths happen
    // within a few plies of the later positions), capture by liberties
    // and the game of every compiled clause (whose `where` reads every
    // site: nothing reused): a search two plies deep from positions of
    // random games lists each position after a sibling's listing.
    for (game, least) in [
        (feet_hex3(), 500),
        (game_with(FEET_AND_BODIES, &["board=square4x7"]), 500),
        (game_with(LIBERTIES, &[]), 500),
        (game_with(CLAUSES, &[]), 0),
    ] {
        assert!(State::new(game.clone()).verdicts.on(), "{}", game.name);
        let mut reused = 0;
        for st in positions(&game, 3, 30).into_iter().step_by(4) {
            let mut st = st;
            st.set_journaling(true);
            search_agrees(&mut st, 2, &mut reused);
        }
        assert!(reused >= least, "{}: {reused} verdicts reused", game.name);
    }
}
