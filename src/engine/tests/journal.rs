//! The journal: `undo` after `play` restores stacks, hash, player to move,
//! counters and history exactly; the incremental hash always equals the
//! hash of the position computed from scratch.

use super::{game, play, position, start};
use crate::compile::Game;
use crate::compile::ir::Piece;
use crate::engine::bits::Occupancy;
use crate::engine::journal::Entry;
use crate::engine::state::{Extras, Scalars};
use crate::engine::{EndReason, Move, Outcome, State, UndoError};
use proptest::prelude::*;
use std::sync::{Arc, OnceLock};

/// Everything a step may change.
#[derive(Debug, Clone, PartialEq)]
struct Snapshot {
    stacks: Vec<Vec<Piece>>,
    scalars: Scalars,
    /// Counters, the chance generator, toggles, the chance node.
    extras: Extras,
    /// The values rolled for a step not yet complete (chance moves).
    dice: Vec<u16>,
    /// Marks and unmoved flags per site.
    marks: Vec<u8>,
    unmoved: Vec<bool>,
    history: Vec<u64>,
    /// The site sets kept with the stacks.
    sets: Occupancy,
}

fn snapshot(st: &State) -> Snapshot {
    Snapshot {
        stacks: (0..st.game().board.len())
            .map(|s| st.stack(s as u16).to_vec())
            .collect(),
        scalars: st.scalars,
        extras: st.extras,
        dice: st.dice.clone(),
        marks: st.marks.clone(),
        unmoved: st.unmoved.clone(),
        history: st.history.clone(),
        sets: st.occ.clone(),
    }
}

/// The hash of the position computed from scratch.
fn fresh_hash(st: &State) -> u64 {
    let mut copy = st.clone();
    copy.reset_history();
    copy.hash()
}

/// A game that uses every primitive: stacking steps, capturing chain hops
/// with promotion and end-turn, non-capturing hops that push, steps that
/// leave a piece behind, removal, and every end rule.
const RICH: &str = r#"(game "T" (players 2)
  (board (square 4 4 adjacency:All))
  (piece "Man") (piece "King")
  (stack-limit 4)
  (region "Far" (side Forward))
  (setup (fill "Man" P1 (row 0)) (fill "Man" P2 (row 3)))
  (play (priority
    (hop from:(kind "Man") chain:true
         then:(if (in To "Far") {(push To 1 kind:"King" owner:Mover) (end-turn)}))
    {(step to:(or Empty Enemy) then:(if (equal (height To) 3) (remove To)))
     (hop over:Mine capture:false then:(push Over 1 owner:Mover))
     (step from:(kind "King") dirs:Diagonal then:(push From 1 kind:"Man" owner:Mover))}))
  (end (no-moves Loss) (draw-repetition 3)
       (draw-no-progress 12 reset:{Capture (moved (kind "Man"))})
       (turn-limit 60)))"#;

fn rich() -> Arc<Game> {
    static GAME: OnceLock<Arc<Game>> = OnceLock::new();
    GAME.get_or_init(|| game(RICH)).clone()
}

#[test]
fn undo_of_each_first_step_restores_the_start() {
    let mut st = State::new(rich());
    let before = snapshot(&st);
    let moves = st.legal_moves();
    assert!(!moves.is_empty());
    for m in &moves {
        st.play_unchecked(m);
        assert_ne!(snapshot(&st), before, "{m:?} changed nothing");
        assert_eq!(st.undo(), Ok(()));
        assert_eq!(snapshot(&st), before, "after undoing {m:?}");
    }
}

#[test]
fn undo_walks_back_through_a_chain_step_by_step() {
    // 1×7: P1 a1, P2 b1 d1 f1; the three hops of one turn, undone one by
    // one, give back each intermediate state exactly.
    let mut st = start(
        r#"(game "T" (players 2) (board (square 1 7)) (piece "Man")
             (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites "b1" "d1" "f1")))
             (play (hop dirs:E chain:true))
             (end (no-moves Loss) (draw-no-progress 5 reset:{Capture})))"#,
    );
    let mut snaps = vec![snapshot(&st)];
    for _ in 0..3 {
        let m = st.legal_moves()[0];
        st.play_unchecked(&m);
        snaps.push(snapshot(&st));
    }
    assert_eq!(position(&st), "g1=M");
    assert_eq!((st.current_player(), st.turns()), (1, 1));
    snaps.pop();
    while let Some(expected) = snaps.pop() {
        assert_eq!(st.undo(), Ok(()));
        assert_eq!(snapshot(&st), expected);
    }
    assert_eq!(position(&st), "a1=M b1=m d1=m f1=m");
    assert_eq!(
        st.undo(),
        Err(UndoError::NothingPlayed),
        "nothing left to undo"
    );
}

#[test]
fn a_cleared_site_is_undone_with_its_sets_and_leaves_none_stale() {
    // A hop's jumped stack (two pieces, to see the height come back) and a
    // step's capture by replacement, where the mover's stack then lands on
    // the cleared site: each removal is one `Cleared` entry, no `Height`
    // (nothing to resync), and taking the step back restores the state
    // and its site sets exactly.
    for (text, captures) in [
        (
            r#"(game "T" (players 2) (board (square 1 4)) (piece "Man") (stack-limit 2)
                 (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites "b1") count:2))
                 (play (hop dirs:E)))"#,
            "b1",
        ),
        (
            r#"(game "T" (players 2) (board (square 1 4)) (piece "Man") (stack-limit 2)
                 (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites "b1")))
                 (play (step dirs:E to:Enemy capture:true)))"#,
            "b1",
        ),
    ] {
        let mut st = start(text);
        let before = snapshot(&st);
        let gone = super::site(&st, captures);
        let moves = st.legal_moves();
        assert_eq!(moves.len(), 1, "{text}");
        st.play_unchecked(&moves[0]);
        assert_eq!(st.stack(gone).len(), usize::from(moves[0].to == gone));
        let log = &st.journal.log;
        assert!(
            log.iter()
                .any(|e| matches!(e, Entry::Cleared(s, _) if *s == gone))
        );
        assert!(
            !log.iter().any(|e| matches!(e, Entry::Height(..))),
            "{log:?}"
        );
        assert_eq!(st.occ, st.rebuilt_sets());
        assert!(st.take_back());
        assert_eq!(snapshot(&st), before, "{text}");
        assert_eq!(st.occ, st.rebuilt_sets());
    }
}

#[test]
fn undo_takes_back_a_draw() {
    // 1×3 with a turn limit of 1: the first step ends the game; undoing it
    // brings back the start, game not over.
    let mut st = start(
        r#"(game "T" (players 2) (board (square 1 3)) (piece "Man")
             (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites "c1")))
             (play (step)) (end (turn-limit 1)))"#,
    );
    let before = snapshot(&st);
    play(&mut st, "a1-b1");
    assert_eq!(st.outcome(), Some(Outcome::Draw(EndReason::TurnLimit)));
    assert_eq!(st.undo(), Ok(()));
    assert_eq!(snapshot(&st), before);
    assert_eq!(st.outcome(), None);
}

#[test]
fn without_journaling_there_is_nothing_to_undo() {
    let mut st = State::new(rich());
    st.set_journaling(false);
    let m = st.legal_moves()[0];
    st.play_unchecked(&m);
    assert_eq!(st.undo(), Err(UndoError::Off));
}

#[test]
fn the_same_position_has_the_same_hash() {
    // 1×4, P1 a1, P2 d1: after a1-b1 d1-c1 b1-a1 c1-d1 the start position
    // is back, P1 to move; in between, the hash differs (the player to
    // move alone makes a difference).
    let mut st = start(
        r#"(game "T" (players 2) (board (square 1 4)) (piece "Man")
             (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites "d1")))
             (play (step dirs:{E W})))"#,
    );
    let h0 = st.hash();
    assert_eq!(h0, fresh_hash(&st));
    for m in ["a1-b1", "d1-c1", "b1-a1"] {
        play(&mut st, m);
        assert_ne!(st.hash(), h0);
        assert_eq!(st.hash(), fresh_hash(&st));
    }
    play(&mut st, "c1-d1");
    assert_eq!(st.hash(), h0);
    assert_eq!(st.history.len(), 5);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Random step sequences, then undo them all: every intermediate state
    /// comes back, and at the end the start state's hash and stacks.
    #[test]
    fn random_steps_then_undo_all_restore_the_start(choices in proptest::collection::vec(any::<u16>(), 0..80)) {
        let mut st = State::new(rich());
        let mut snaps = vec![snapshot(&st)];
        for c in choices {
            let moves = st.legal_moves();
            if moves.is_empty() {
                break;
            }
            st.play_unchecked(&moves[c as usize % moves.len()]);
            prop_assert_eq!(st.hash(), fresh_hash(&st));
            prop_assert_eq!(&st.occ, &st.rebuilt_sets());
            snaps.push(snapshot(&st));
        }
        snaps.pop();
        while let Some(expected) = snaps.pop() {
            prop_assert_eq!(st.undo(), Ok(()));
            prop_assert_eq!(snapshot(&st), expected);
        }
        prop_assert_eq!(st.undo(), Err(UndoError::NothingPlayed));
        let fresh = State::new(rich());
        prop_assert!(fresh.occ.kept(), "the game keeps site sets");
        prop_assert_eq!(st.hash(), fresh.hash());
        prop_assert_eq!(snapshot(&st), snapshot(&fresh));
    }
}

/// Plays up to `steps` steps chosen by a fixed generator from `st`, then
/// undoes them all, checking each intermediate state on the way back.
fn play_and_undo_all(mut st: State, seed: u64, steps: usize) -> usize {
    let mut rng = seed;
    let mut snaps = vec![snapshot(&st)];
    for _ in 0..steps {
        let moves = st.legal_moves();
        if moves.is_empty() {
            break;
        }
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        st.play_unchecked(&moves[(rng >> 33) as usize % moves.len()]);
        assert_eq!(st.occ, st.rebuilt_sets(), "{}", st.game().name);
        snaps.push(snapshot(&st));
    }
    let played = snaps.len() - 1;
    snaps.pop();
    while let Some(expected) = snaps.pop() {
        assert_eq!(st.undo(), Ok(()));
        assert_eq!(snapshot(&st), expected, "{}", st.game().name);
    }
    assert_eq!(st.undo(), Err(UndoError::NothingPlayed));
    played
}

#[test]
fn every_shipped_game_undoes_random_steps_exactly() {
    let mut paths: Vec<_> = std::fs::read_dir("games")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    paths.sort();
    let mut played = 0;
    for p in &paths {
        let g = Arc::new(Game::load(&p.to_string_lossy(), &Default::default()).unwrap());
        for seed in 1..=3 {
            played += play_and_undo_all(State::new_seeded(g.clone(), seed), seed, 60);
        }
    }
    assert!(played > 1000, "only {played} steps");
}

#[test]
fn counters_dice_and_toggles_come_back_with_undo() {
    // Every shipped game and setting whose steps change counters, the
    // chance generator or toggles (Genocide's dice battles, rolled
    // movement points, capturable toggles flipped in play): undo puts them
    // back.
    let mut changing = 0;
    for g in super::fast_paths::shipped_settings() {
        let st = State::new_seeded(g.clone(), 1);
        let mut probe = st.clone();
        for m in probe.legal_moves().iter().take(1) {
            probe.play_unchecked(m);
        }
        if probe.extras == st.extras {
            continue;
        }
        changing += 1;
        for seed in 1..=2 {
            play_and_undo_all(State::new_seeded(g.clone(), seed), seed, 120);
        }
    }
    assert!(changing > 0, "no setting's first step changed the extras");
}

#[test]
fn an_unjudged_step_makes_the_same_position_and_undoes_exactly() {
    // Every shipped game, along a few random games: each legal step played
    // unjudged (perft's last ply) leaves the same stacks, player to move
    // and continuation as played in full, and taking it back restores the
    // state and its site sets exactly.
    let mut compared = 0;
    for g in super::fast_paths::shipped() {
        let mut st = State::new_seeded(g.clone(), 7);
        let mut rng = 7u64;
        for _ in 0..30 {
            let moves = st.legal_moves();
            if moves.is_empty() {
                break;
            }
            let before = snapshot(&st);
            for m in &moves {
                let mut full = st.clone();
                full.play_in(&g, m);
                st.play_unjudged(&g, m);
                let same = |a: &State, b: &State| {
                    (0..a.game().board.len() as u16).all(|s| a.stack(s) == b.stack(s))
                        && a.current_player() == b.current_player()
                        && a.continuation() == b.continuation()
                        && a.mid_turn() == b.mid_turn()
                };
                assert!(same(&st, &full), "{}: {m:?}", g.name);
                assert!(st.take_back());
                assert_eq!(snapshot(&st), before, "{}: {m:?}", g.name);
                assert_eq!(st.occ, st.rebuilt_sets(), "{}: {m:?}", g.name);
                compared += 1;
            }
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            st.play_unchecked(&moves[(rng >> 33) as usize % moves.len()]);
        }
    }
    assert!(compared > 1000, "only {compared} steps compared");
}

#[test]
fn an_unjudged_placement_leaves_its_sets_behind_until_taken_back() {
    // A placement is one journal entry; played unjudged, its site's sets
    // stay as they were (nothing reads them at a leaf) and taking it back
    // needs no resync; played in full, they are set at once. Either way
    // the sets end equal to those rebuilt from the stacks.
    let g = game(
        r#"(game "T" (players 2) (board (square 3 3)) (piece "P") (stack-limit 2)
             (setup (fill "P" P1 (sites "a1")))
             (play (place "P" to:(or Empty Mine))))"#,
    );
    let mut st = State::new(g.clone());
    st.set_journaling(true);
    let before = snapshot(&st);
    let moves = st.legal_moves();
    assert_eq!(moves.len(), 9, "eight empty sites and a1");
    for m in moves {
        st.play_unjudged(&g, &m);
        assert_eq!(st.journal.log.len(), 1, "{m:?}");
        assert_eq!(st.occ, before.sets, "sets left as they were: {m:?}");
        assert_ne!(st.stack(m.to), before.stacks[m.to as usize].as_slice());
        assert!(st.take_back());
        assert_eq!(snapshot(&st), before, "{m:?}");
        st.play_in(&g, &m);
        assert_eq!(st.occ, st.rebuilt_sets(), "{m:?}");
        assert!(st.take_back());
        assert_eq!(snapshot(&st), before, "{m:?}");
    }
}

/// Everything a step unjudged may change but its journal: pending sets
/// and every piece slot included.
fn made_snapshot(st: &State) -> impl PartialEq + std::fmt::Debug + use<> {
    (
        snapshot(st),
        st.pieces.clone(),
        st.pending_sets,
        st.removed.clone(),
        st.converted.clone(),
    )
}

#[test]
fn a_lean_leaf_ends_its_turn_and_asking_changes_nothing() {
    // Each legal step that perft's last ply counts as a lean leaf (a
    // placement, or a whole stack moved onto an empty site, its `then:`
    // doing nothing), played by the general step, ends its turn; asking
    // leaves the state as it was but for its site sets brought up to
    // date.
    let mut leaves = 0;
    for g in super::fast_paths::shipped_settings() {
        let mut st = State::new_seeded(g.clone(), 5);
        let (mut rng, mut moves) = (5u64, Vec::new());
        for _ in 0..24 {
            st.legal_moves_into(&mut moves);
            if moves.is_empty() || st.scalars.outcome.is_some() {
                break;
            }
            for m in &moves {
                let mut asked = st.clone();
                let lean = asked.lean_leaf(m);
                let mut flushed = st.clone();
                flushed.flush_sets();
                assert_eq!(snapshot(&asked), snapshot(&flushed), "{}: {m:?}", g.name);
                if lean {
                    leaves += 1;
                    let mut played = st.clone();
                    played.play(m).expect("legal");
                    assert!(!played.mid_turn(), "{}: {m:?} goes on", g.name);
                }
            }
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = moves[(rng >> 33) as usize % moves.len()];
            st.play(&m).expect("legal");
        }
    }
    assert!(leaves > 1000, "{leaves} lean leaves checked");
}

#[test]
fn a_lean_inner_move_is_made_as_the_general_step_makes_it_and_unmade() {
    // Above perft's last ply, each lean step made in place makes the
    // position the general step makes with the turn judged (outcome,
    // site sets and counters included).
    lean_moves_match(
        |a, g, m| a.lean_inner(g, m, |x| made_snapshot(x)),
        State::play_in,
        made_snapshot,
    );
}

/// Every shipped game and setting, along random games, with the history
/// draw rules on and off (perft turns them off): each legal step that
/// `lean` makes (returning what it saw made) is made as `general` makes
/// it, and once unmade leaves the state, journal included, as the
/// general step's take-back does (`snap`: what is compared); a step
/// `lean` refuses leaves the state as it was but for its site sets
/// brought up to date.
fn lean_moves_match<T: PartialEq + std::fmt::Debug>(
    lean: impl Fn(&mut State, &Game, &Move) -> Option<T>,
    general: impl Fn(&mut State, &Game, &Move),
    snap: impl Fn(&State) -> T,
) {
    let (mut placed, mut shifted, mut refused) = (0, 0, 0);
    for g in super::fast_paths::shipped_settings() {
        for history in [true, false] {
            let mut st = State::new_seeded(g.clone(), 5);
            st.set_journaling(true);
            st.history_draws = history;
            let (mut rng, mut moves) = (5u64, Vec::new());
            for _ in 0..24 {
                // Listed on the state itself, which remembers its quiet
                // steps.
                st.legal_moves_into(&mut moves);
                if moves.is_empty() || st.scalars.outcome.is_some() {
                    break;
                }
                for m in &moves {
                    let (mut a, mut b) = (st.clone(), st.clone());
                    let Some(made) = lean(&mut a, &g, m) else {
                        refused += 1;
                        a.flush_sets();
                        assert_eq!(snapshot(&a), snapshot(&st), "{}: {m:?}", g.name);
                        continue;
                    };
                    general(&mut b, &g, m);
                    assert_eq!(made, snap(&b), "{}: {m:?}", g.name);
                    assert!(b.take_back());
                    assert_eq!(snap(&a), snap(&b), "{}: {m:?}", g.name);
                    assert_eq!(a.journal.log, b.journal.log, "{}: {m:?}", g.name);
                    assert_eq!(a.journal.frames.len(), b.journal.frames.len());
                    if st.on_board(m.from) && st.height(m.from) > 0 {
                        shifted += 1;
                    } else {
                        placed += 1;
                    }
                }
                rng = rng
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                st.play_unchecked(&moves[(rng >> 33) as usize % moves.len()]);
            }
        }
    }
    assert!(
        placed > 1000 && shifted > 1000 && refused > 1000,
        "{placed} placed and {shifted} shifted lean, {refused} not"
    );
}

#[test]
fn a_push_keeps_the_mixed_set_as_a_rebuild_has_it() {
    // Pushes of one owner's pieces, then the other's, then the first's
    // again, onto stacks empty, single-owner and mixed: the sets kept
    // push by push are the sets built from the stacks.
    let mut st = start(
        r#"(game "t" (players 2) (board (square 1 3)) (piece "S") (stack-limit 8)
            (play (place "S" to:Empty)))"#,
    );
    let (mine, theirs) = (0 as Piece, 1 as Piece);
    assert_ne!(st.game().owner(mine), st.game().owner(theirs));
    for (site, p, mixed) in [
        (0, mine, false),
        (0, mine, false),
        (0, theirs, true),
        (0, mine, true),
        (1, theirs, false),
        (1, mine, true),
        (2, theirs, false),
    ] {
        st.push_piece(site, p);
        assert_eq!(st.occ.is_mixed(site), mixed, "site {site} after {p}");
        assert_eq!(st.occ, st.rebuilt_sets());
    }
}

#[test]
fn a_replaced_top_comes_back_with_undo_and_keeps_the_sets() {
    // One piece for another, a piece on an empty site, and the same
    // piece again (nothing written): the sets follow each, and taking the
    // step back restores the stacks, the hash and the sets.
    let mut st = start(
        r#"(game "t" (players 2) (board (square 1 3)) (piece "S") (stack-limit 1)
            (play (place "S" to:Empty)))"#,
    );
    st.push_piece(0, 0);
    let before = snapshot(&st);
    let hash = st.hash();
    st.set_journaling(true);
    st.push_frame();
    let (mine, theirs) = (0 as Piece, 1 as Piece);
    st.replace_top(0, theirs);
    assert_eq!(st.stack(0), &[theirs]);
    assert_eq!(st.occ, st.rebuilt_sets());
    st.replace_top(1, mine);
    assert_eq!(st.stack(1), &[mine]);
    let log = st.journal.log.len();
    st.replace_top(1, mine);
    assert_eq!(st.journal.log.len(), log, "the same piece writes nothing");
    assert_eq!(st.occ, st.rebuilt_sets());
    assert_ne!(st.hash(), hash);
    assert!(st.take_back());
    assert_eq!(snapshot(&st), before);
    assert_eq!(st.hash(), hash);
    assert_eq!(st.occ, st.rebuilt_sets());
}
