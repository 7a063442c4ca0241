//! `(hop …)`: jump over the adjacent site to the one beyond; capture,
//! `capture:false`, chains, turn-level enumeration and notation.

use super::{play, position, site, sorted_turns, start, steps};
use crate::engine::{EndReason, Outcome, perft};

/// A 1×N row (`a1` … left to right) with P1 men on `p1` and P2 men on `p2`
/// and the given play rule.
fn row(n: u32, p1: &str, p2: &str, rule: &str) -> String {
    format!(
        r#"(game "T" (players 2) (board (square 1 {n})) (piece "Man")
             (setup (fill "Man" P1 (sites {p1})) (fill "Man" P2 (sites {p2})))
             (play {rule})
             (end (no-moves Loss)))"#
    )
}

#[test]
fn a_hop_captures_the_jumped_stack() {
    // a1 jumps P2's b1 and lands on c1; b1 is emptied. Written with `x`.
    let mut st = start(&row(5, r#""a1""#, r#""b1""#, "(hop dirs:E)"));
    assert_eq!(steps(&st), ["a1xc1"]);
    play(&mut st, "a1xc1");
    assert_eq!(position(&st), "c1=M");
    assert_eq!(st.current_player(), 1);
    // P2 has nothing left to move and loses.
    assert_eq!(st.outcome(), Some(Outcome::Win(0, EndReason::NoMoves)));
}

#[test]
fn a_hop_without_capture_leaves_the_jumped_stack() {
    // The same jump with capture:false is written with `-` and b1 stays.
    let mut st = start(&row(5, r#""a1""#, r#""b1""#, "(hop dirs:E capture:false)"));
    assert_eq!(steps(&st), ["a1-c1"]);
    play(&mut st, "a1-c1");
    assert_eq!(position(&st), "b1=m c1=M");
}

#[test]
fn the_jumped_and_landing_conditions_are_checked() {
    // By default the jumped site must hold an enemy and the landing be
    // empty. a1 over own b1: no hop.
    let st = start(&row(5, r#""a1" "b1""#, r#""e1""#, "(hop dirs:E)"));
    assert!(steps(&st).is_empty());
    // over:Mine allows it: a1 over b1 to c1 (b1 over c1: c1 is empty, no).
    let st = start(&row(
        5,
        r#""a1" "b1""#,
        r#""e1""#,
        "(hop dirs:E over:Mine capture:false)",
    ));
    assert_eq!(steps(&st), ["a1-c1"]);
    // Landing on an occupied site is not allowed: a1 over b1 onto c1 (P2).
    let st = start(&row(5, r#""a1""#, r#""b1" "c1""#, "(hop dirs:E)"));
    assert!(steps(&st).is_empty());
    // over:Empty: a leap over an empty site.
    let st = start(&row(
        5,
        r#""a1""#,
        r#""e1""#,
        "(hop dirs:E over:Empty capture:false)",
    ));
    assert_eq!(steps(&st), ["a1-c1"]);
}

#[test]
fn a_chain_goes_on_with_the_same_piece_until_it_cannot() {
    // 1×7: P1 a1, P2 b1 d1 f1. a1xc1, then from c1 over d1 to e1, then
    // from e1 over f1 to g1: one turn of three hops, P1 moving throughout.
    let rule = "(hop dirs:E chain:true)";
    let mut st = start(&row(7, r#""a1""#, r#""b1" "d1" "f1""#, rule));
    assert_eq!(st.legal_turn_strings(), ["a1xc1xe1xg1"]);
    assert_eq!(steps(&st), ["a1xc1"]);
    let m = st.legal_moves()[0];
    st.play(&m).unwrap();
    let cont = st.continuation().expect("the turn goes on");
    assert_eq!(cont.site, site(&st, "c1"));
    assert_eq!((st.current_player(), st.turns()), (0, 0));
    assert_eq!(steps(&st), ["c1xe1"]);
    let m = st.legal_moves()[0];
    st.play(&m).unwrap();
    assert_eq!(steps(&st), ["e1xg1"]);
    let m = st.legal_moves()[0];
    st.play(&m).unwrap();
    assert_eq!(st.continuation(), None);
    assert_eq!((st.current_player(), st.turns()), (1, 1));
    assert_eq!(position(&st), "g1=M");
}

#[test]
fn without_chain_the_turn_ends_after_one_hop() {
    let mut st = start(&row(7, r#""a1""#, r#""b1" "d1" "f1""#, "(hop dirs:E)"));
    play(&mut st, "a1xc1");
    assert_eq!(st.continuation(), None);
    assert_eq!(st.current_player(), 1);
}

#[test]
fn a_chain_continues_with_its_own_generator_only() {
    // 3×5: P1 a1, P2 b1 and c2. Two generators at one level: an eastward
    // chain hop and a northward hop. After a1xc1 (east), c1 could hop N
    // over c2, but that is the other generator, and east of c1 (d1) is
    // empty: the turn ends.
    let mut st = start(
        r#"(game "T" (players 2) (board (square 3 5)) (piece "Man")
             (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites "b1" "c2")))
             (play {(hop dirs:E chain:true) (hop dirs:N)}))"#,
    );
    assert_eq!(steps(&st), ["a1xc1"]);
    play(&mut st, "a1xc1");
    assert_eq!(st.continuation(), None);
    assert_eq!(st.current_player(), 1);
}

/// Orthogonal 5×5: P1 on c1; P2 on c2, b3, d3, e4; chain hops.
const BRANCH: &str = r#"(game "T" (players 2) (board (square 5 5)) (piece "Man")
    (setup (fill "Man" P1 (sites "c1")) (fill "Man" P2 (sites "c2" "b3" "d3" "e4")))
    (play (hop chain:true)))"#;

#[test]
fn turns_branch_where_a_chain_has_a_choice() {
    // c1 jumps c2 to c3 (its only hop). From c3: N over c4 (empty) no; E
    // over d3 to e3; S over c2 (captured) no; W over b3 to a3. From e3: N
    // over e4 to e5, then nothing. From a3: nothing. Two turns.
    let st = start(BRANCH);
    assert_eq!(sorted_turns(&st), ["c1xc3xa3", "c1xc3xe3xe5"]);
    // Perft counts turns, not steps.
    assert_eq!(perft(&st, 1), Ok(2));
}

#[test]
fn a_turn_may_be_written_by_its_ends_when_that_is_unambiguous() {
    let mut st = start(BRANCH);
    let turn = st.parse_turn("c1xe5").unwrap();
    assert_eq!(turn.len(), 3);
    play(&mut st, "c1xe5");
    // c2, d3 and e4 were captured; b3 remains.
    assert_eq!(position(&st), "b3=m e5=M");
    assert_eq!(st.current_player(), 1);
    let mut st = start(BRANCH);
    play(&mut st, "C1xC3xA3");
    assert_eq!(position(&st), "a3=M d3=m e4=m");
}

#[test]
fn the_first_jump_of_a_chain_is_refused_as_unfinished_and_played_step_by_step() {
    // A column of five: P1 a1, P2 a2 and a4. The only turn jumps a2 to
    // a3, then a4 to a5: a1xa3xa5. `a1xa3` is its first jump only.
    let st = start(
        r#"(game "T" (players 2) (board (square 5 1)) (piece "Man")
             (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites "a2" "a4")))
             (play (hop chain:true))
             (end (no-moves Loss)))"#,
    );
    assert_eq!(sorted_turns(&st), ["a1xa3xa5"]);
    let err = st.parse_turn("a1xa3").unwrap_err();
    assert_eq!(err.reason, crate::engine::Refusal::Unfinished);
    // A text that only begins a site's label is not a beginning.
    let err = st.parse_turn("a1xa").unwrap_err();
    assert_ne!(err.reason, crate::engine::Refusal::Unfinished);
    // Step by step, the first jump is played and the turn goes on.
    assert_eq!(st.parse_steps("a1xa3").expect("first steps").len(), 1);
}

/// Two pieces moved in one turn are not one piece's path: the turn is
/// not named by its first origin and last destination.
#[test]
fn the_short_form_names_only_a_chain() {
    // Two men of P1, a1 and c1, each step north once in a turn (the
    // second by `again`).
    let st = start(
        r#"(game "T" (players 2) (board (square 3 3)) (piece "Man")
             (setup (fill "Man" P1 (sites "a1" "c1")) (fill "Man" P2 (sites "b3")))
             (play (step dirs:N to:Empty then:(again "Second")))
             (moves "Second" (step dirs:N to:Empty))
             (end (no-moves Loss)))"#,
    );
    let turns = sorted_turns(&st);
    assert!(turns.contains(&"a1-a2,c1-c2".to_string()), "{turns:?}");
    // `a1-c2` would be the ends of a1-a2,c1-c2: not a path, not a turn.
    assert!(st.parse_turn("a1-c2").is_err());
    // `a1-a2` begins turns: unfinished.
    let err = st.parse_turn("a1-a2").unwrap_err();
    assert_eq!(err.reason, crate::engine::Refusal::Unfinished);
}

#[test]
fn two_routes_to_the_same_site_are_two_turns_and_the_short_form_is_ambiguous() {
    // Orthogonal 3×3: P1 a1, P2 on the four edge midpoints a2 b3 c2 b1.
    // Going N first: a1xa3 (over a2), a3xc3 (b3), c3xc1 (c2), c1xa1 (b1)
    // back on the now empty a1. Going E first: the mirror route. Both
    // capture all four and end on a1.
    let mut st = start(
        r#"(game "T" (players 2) (board (square 3 3)) (piece "Man")
             (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites "a2" "b3" "c2" "b1")))
             (play (hop chain:true))
             (end (no-moves Loss)))"#,
    );
    assert_eq!(sorted_turns(&st), ["a1xa3xc3xc1xa1", "a1xc1xc3xa3xa1"]);
    let err = st.parse_turn("a1xa1").unwrap_err();
    assert_eq!(err.reason, crate::engine::Refusal::Ambiguous);
    assert_eq!(
        super::sorted(err.legal),
        ["a1xa3xc3xc1xa1", "a1xc1xc3xa3xa1"]
    );
    assert!(st.parse_turn("a1xb2").is_err());
    play(&mut st, "a1xc1xc3xa3xa1");
    assert_eq!(position(&st), "a1=M");
    assert_eq!(st.outcome(), Some(Outcome::Win(0, EndReason::NoMoves)));
}

#[test]
fn number_labels_are_used_in_notation() {
    // A 1×5 board labelled with numbers: 1 to 5 left to right.
    let text = |rule: &str| {
        format!(
            r#"(game "T" (players 2) (board (square 1 5) labels:Numbers) (piece "Man")
                 (setup (fill "Man" P1 (sites "1")) (fill "Man" P2 (sites "2")))
                 (play {rule}))"#
        )
    };
    assert_eq!(steps(&start(&text("(hop dirs:E)"))), ["1x3"]);
    assert_eq!(steps(&start(&text("(hop dirs:E capture:false)"))), ["1-3"]);
    assert_eq!(steps(&start(&text("(step dirs:W)"))), Vec::<String>::new());
}

#[test]
fn a_chain_goes_on_only_after_a_step_that_removed_a_piece() {
    // 1×5: P1 a1, P2 e1. Hops over empty sites remove nothing, so the chain
    // stops after one (before, the piece hopped back and forth between a1
    // and c1 until the chain had as many steps as there are sites).
    let rule = "(hop over:Empty capture:false chain:true)";
    let st = start(&row(5, r#""a1""#, r#""e1""#, rule));
    assert_eq!(st.legal_turn_strings(), ["a1-c1"]);
    // A capture that finds the jumped site empty removes nothing either.
    let rule = "(hop over:true chain:true)";
    let st = start(&row(5, r#""a1""#, r#""e1""#, rule));
    assert_eq!(st.legal_turn_strings(), ["a1xc1"]);
    // A removal by an effect counts: over b1 and d1, both removed.
    let rule = "(hop dirs:E capture:false chain:true then:(remove Over))";
    let mut st = start(&row(7, r#""a1""#, r#""b1" "d1""#, rule));
    assert_eq!(st.legal_turn_strings(), ["a1-c1-e1"]);
    play(&mut st, "a1-c1-e1");
    assert_eq!(position(&st), "e1=M");
}

#[test]
fn a_chain_over_empty_sites_does_not_blow_up_the_turns() {
    // An 8×8 board with one piece that may hop over anything: with chains
    // going on over empty sites, every walk of up to 64 hops was a turn
    // (4^64 of them: listing them exhausted memory). Now each hop over an
    // empty site ends the turn.
    let st = start(
        r#"(game "T" (players 2) (board (square 8 8)) (piece "Man")
             (setup (fill "Man" P1 (sites "d4")) (fill "Man" P2 (sites "h8")))
             (play (hop over:true to:Empty chain:true)))"#,
    );
    assert_eq!(sorted_turns(&st), ["d4xb4", "d4xd2", "d4xd6", "d4xf4"]);
    // P2's h8 then has two hops (to h6 and f8).
    assert_eq!(perft(&st, 2), Ok(4 * 2));
}

#[test]
fn a_chain_ends_when_its_piece_is_gone() {
    // 1×7: P1 a1, P2 b1 d1. The hop removes its own piece on landing
    // (`then:(remove To)`). After a1xc1 nothing of P1's is on c1, so the
    // turn must end: P2 to move, no continuation.
    let mut st = start(&row(
        7,
        r#""a1""#,
        r#""b1" "d1""#,
        "(hop dirs:E chain:true then:(remove To))",
    ));
    play(&mut st, "a1xc1");
    assert_eq!(position(&st), "d1=m");
    assert_eq!(st.continuation(), None);
    assert_eq!(st.current_player(), 1);
}
