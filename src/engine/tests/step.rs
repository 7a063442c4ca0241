//! `(step …)`: one stack moves to an adjacent site.

use super::{play, position, site, sorted_steps, start, steps};
use crate::engine::Move;

#[test]
fn a_step_goes_to_every_adjacent_site_in_direction_order() {
    // 3×3 board, all eight neighbours. A lone P1 man on b2 steps to each
    // neighbour, listed in the board's direction order N NE E SE S SW W NW.
    let st = start(
        r#"(game "T" (players 2) (board (square 3 3 adjacency:All)) (piece "Man")
             (setup (fill "Man" P1 (sites "b2")))
             (play (step)))"#,
    );
    assert_eq!(
        steps(&st),
        [
            "b2-b3", "b2-c3", "b2-c2", "b2-c1", "b2-b1", "b2-a1", "b2-a2", "b2-a3"
        ]
    );
}

#[test]
fn steps_are_listed_site_by_site_in_reading_order() {
    // Orthogonal 3×3 (reading order a3 b3 c3 a2 b2 c2 a1 b1 c1). P1 men on
    // a2 and a1, a P2 man on b2; `to:` defaults to Empty.
    // a2 (site 3): N a3 empty; E b2 enemy; S a1 own → a2-a3.
    // a1 (site 6): N a2 own; E b1 empty → a1-b1.
    let st = start(
        r#"(game "T" (players 2) (board (square 3 3)) (piece "Man")
             (setup (fill "Man" P1 (sites "a1" "a2")) (fill "Man" P2 (sites "b2")))
             (play (step)))"#,
    );
    assert_eq!(steps(&st), ["a2-a3", "a1-b1"]);
}

#[test]
fn the_destination_condition_can_combine_empty_and_enemy() {
    // P1 on b2 and c2, P2 on b3; a step may end on an empty or an enemy
    // site. b2: N b3 enemy ✓, E c2 own ✗, S b1 ✓, W a2 ✓.
    // c2: N c3 ✓, S c1 ✓, W b2 own ✗ (E is off the board).
    let st = start(
        r#"(game "T" (players 2) (board (square 3 3)) (piece "Man")
             (setup (fill "Man" P1 (sites "b2" "c2")) (fill "Man" P2 (sites "b3")))
             (play (step to:(or Empty Enemy))))"#,
    );
    assert_eq!(
        sorted_steps(&st),
        ["b2-a2", "b2-b1", "b2-b3", "c2-c1", "c2-c3"]
    );
}

#[test]
fn a_step_onto_a_stack_puts_the_moving_stack_on_top() {
    // P1 on a1 steps N onto P2's a2: the stack on a2 is P2's man under
    // P1's, and a1 is empty. P2's only piece is now covered, so P2 has
    // no move.
    let mut st = start(
        r#"(game "T" (players 2) (board (square 3 3)) (piece "Man")
             (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites "a2")))
             (play (step dirs:N to:Enemy)))"#,
    );
    assert_eq!(steps(&st), ["a1-a2"]);
    play(&mut st, "a1-a2");
    assert_eq!(position(&st), "a2=mM");
    assert_eq!(st.height(site(&st, "a2")), 2);
    assert_eq!(st.top_owner(site(&st, "a2")), Some(0));
    assert_eq!(st.current_player(), 1);
    assert!(steps(&st).is_empty());
}

#[test]
fn the_whole_stack_moves() {
    // A stack of three P1 men on a1 of a 1×3 board steps E to b1.
    let mut st = start(
        r#"(game "T" (players 2) (board (square 1 3)) (piece "Man")
             (setup (fill "Man" P1 (sites "a1") count:3))
             (play (step dirs:E)))"#,
    );
    play(&mut st, "a1-b1");
    assert_eq!(position(&st), "b1=MMM");
    assert_eq!(st.height(site(&st, "a1")), 0);
}

#[test]
fn the_origin_condition_picks_which_stacks_move() {
    // 1×4 board: a single man on a1, a stack of two on d1. Only stacks of
    // height 2 may move: d1 steps W to c1; a1 stays.
    let st = start(
        r#"(game "T" (players 2) (board (square 1 4)) (piece "Man")
             (setup (fill "Man" P1 (sites "a1")) (fill "Man" P1 (sites "d1") count:2))
             (play (step from:(equal (height) 2))))"#,
    );
    assert_eq!(steps(&st), ["d1-c1"]);
    // By kind: only the King on c1 moves (E to d1, W to b1); the Man on a1
    // does not.
    let st = start(
        r#"(game "T" (players 2) (board (square 1 4)) (piece "Man") (piece "King")
             (setup (fill "Man" P1 (sites "a1")) (fill "King" P1 (sites "c1")))
             (play (step from:(kind "King"))))"#,
    );
    assert_eq!(sorted_steps(&st), ["c1-b1", "c1-d1"]);
}

#[test]
fn players_alternate_and_only_the_movers_stacks_move() {
    // P1 on a1, P2 on c3, orthogonal 3×3. P1: a1-a2, a1-b1. After a1-a2
    // it is P2's turn (one turn done): c3-c2, c3-b3.
    let mut st = start(
        r#"(game "T" (players 2) (board (square 3 3)) (piece "Man")
             (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites "c3")))
             (play (step)))"#,
    );
    assert_eq!((st.current_player(), st.turns()), (0, 0));
    assert_eq!(sorted_steps(&st), ["a1-a2", "a1-b1"]);
    play(&mut st, "a1-a2");
    assert_eq!((st.current_player(), st.turns()), (1, 1));
    assert_eq!(sorted_steps(&st), ["c3-b3", "c3-c2"]);
}

#[test]
fn an_illegal_step_is_refused_and_changes_nothing() {
    // Only a1-a2 and a1-b1 are legal; a1-b2 (diagonal) and a made-up move
    // are refused with the legal moves listed.
    let mut st = start(
        r#"(game "T" (players 2) (board (square 3 3)) (piece "Man")
             (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites "c3")))
             (play (step)))"#,
    );
    let before = (position(&st), st.hash(), st.current_player());
    let err = st.play_str("a1-b2").unwrap_err();
    // The step's default directions are orthogonal: b2 is off its lines.
    assert_eq!(err.reason, crate::engine::Refusal::OffLines);
    assert_eq!(super::sorted(err.legal), ["a1-a2", "a1-b1"]);
    let bogus = Move {
        gen_id: 0,
        from: site(&st, "a1"),
        to: site(&st, "c1"),
        over: crate::board::NO_SITE,
        count: 0,
    };
    assert!(st.play(&bogus).is_err());
    assert_eq!((position(&st), st.hash(), st.current_player()), before);
}

#[test]
fn an_again_that_names_its_own_block_stops_after_as_many_steps_as_sites() {
    // 1×3, one piece: each step may be followed by another (again "More")
    // for ever; the turn stops after 3 steps (the number of sites): the
    // turns are the walks of three steps (every step owes another).
    let st = super::start(
        r#"(game "T" (players 2) (board (square 1 3)) (piece "P")
             (setup (fill "P" P1 (sites "a1")))
             (moves "More" (step dirs:{E W} to:Empty then:(again "More")))
             (play (step dirs:{E W} to:Empty then:(again "More"))))"#,
    );
    assert_eq!(super::sorted_turns(&st), ["a1-b1-a1-b1", "a1-b1-c1-b1"]);
}
