//! Effects after a step (`then:`): push with kind and owner, remove,
//! if/else, end-turn.

use super::{play, position, sorted_turns, start};

/// Orthogonal 3×3 with kinds Man and King, a region "Top" (row 2), P1 men
/// on `p1`, P2 men on `p2`, and the play rule.
fn board(p1: &str, p2: &str, play: &str) -> String {
    format!(
        r#"(game "T" (players 2) (board (square 3 3)) (piece "Man") (piece "King")
             (region "Top" (row 2))
             (setup (fill "Man" P1 (sites {p1})) (fill "Man" P2 (sites {p2})))
             (play {play}))"#
    )
}

#[test]
fn push_with_a_kind_and_the_mover_as_owner() {
    // a1-a2, then a P1 King goes on top of a2.
    let rule = r#"(step dirs:N then:(push To 1 kind:"King" owner:Mover))"#;
    let mut st = start(&board(r#""a1""#, r#""c3""#, rule));
    play(&mut st, "a1-a2");
    assert_eq!(position(&st), "a2=MK c3=m");
}

#[test]
fn push_copies_the_top_piece_by_default() {
    // Two more of the top piece (a P1 Man) on a2: a stack of three.
    let rule = "(step dirs:N then:(push To 2))";
    let mut st = start(&board(r#""a1""#, r#""c3""#, rule));
    play(&mut st, "a1-a2");
    assert_eq!(position(&st), "a2=MMM c3=m");
}

#[test]
fn push_on_an_empty_site_needs_an_owner_and_a_kind() {
    // After a1-a2 the origin a1 is empty. With owner:Mover and a kind, a
    // P1 Man is left behind on a1.
    let rule = r#"(step dirs:N then:(push From 1 kind:"Man" owner:Mover))"#;
    let mut st = start(&board(r#""a1""#, r#""c3""#, rule));
    play(&mut st, "a1-a2");
    assert_eq!(position(&st), "a1=M a2=M c3=m");
    // With the default owner (the top piece's) there is no owner on an
    // empty site: nothing is pushed.
    let rule = r#"(step dirs:N then:(push From 1 kind:"Man"))"#;
    let mut st = start(&board(r#""a1""#, r#""c3""#, rule));
    play(&mut st, "a1-a2");
    assert_eq!(position(&st), "a2=M c3=m");
}

#[test]
fn push_on_the_jumped_site_uses_its_owner_unless_told_otherwise() {
    // a1 jumps P2's b1 without capturing it and lands on c1.
    // Default owner: another P2 Man on b1.
    let rule = "(hop dirs:E capture:false then:(push Over 1))";
    let mut st = start(&board(r#""a1""#, r#""b1""#, rule));
    play(&mut st, "a1-c1");
    assert_eq!(position(&st), "b1=mm c1=M");
    // owner:Mover with a kind: a P1 King caps P2's man.
    let rule = r#"(hop dirs:E capture:false then:(push Over 1 kind:"King" owner:Mover))"#;
    let mut st = start(&board(r#""a1""#, r#""b1""#, rule));
    play(&mut st, "a1-c1");
    assert_eq!(position(&st), "b1=mK c1=M");
}

#[test]
fn push_stops_at_the_stack_limit() {
    // Stacks hold at most 2: pushing 2 on a single man gives 2 (the third
    // piece leaves the game). Pushing more than 2 at once is an error of
    // the rule file (a compile test).
    let mut st = start(
        r#"(game "T" (players 2) (board (square 3 3)) (piece "Man") (stack-limit 2)
             (setup (fill "Man" P1 (sites "a1")))
             (play (step dirs:N then:(push To 2))))"#,
    );
    play(&mut st, "a1-a2");
    assert_eq!(position(&st), "a2=MM");
}

#[test]
fn remove_empties_a_site() {
    // The piece that steps is removed where it lands.
    let rule = "(step dirs:N then:(remove To))";
    let mut st = start(&board(r#""a1""#, r#""c3""#, rule));
    play(&mut st, "a1-a2");
    assert_eq!(position(&st), "c3=m");
    // A non-capturing hop that removes the jumped stack: a capture by
    // another name.
    let rule = "(hop dirs:E capture:false then:(remove Over))";
    let mut st = start(&board(r#""a1""#, r#""b1" "c3""#, rule));
    play(&mut st, "a1-c1");
    assert_eq!(position(&st), "c1=M c3=m");
}

#[test]
fn if_runs_the_first_effects_when_the_condition_holds_else_the_second() {
    // Region "Top" is row 2. Landing in it, a King goes on top; elsewhere,
    // a Man. P1 a2 and c1, P2 b1; everyone steps N.
    // P1 a2-a3 (row 2): a3 = Man + King.
    // P2 b1-b2 (row 1): b2 = two P2 men.
    // P1: a3 cannot go N; c1-c2 (row 1): c2 = two P1 men.
    let rule =
        r#"(step dirs:N then:(if (in To "Top") (push To 1 kind:"King" owner:Mover) (push To 1)))"#;
    let mut st = start(&board(r#""a2" "c1""#, r#""b1""#, rule));
    play(&mut st, "a2-a3");
    assert_eq!(position(&st), "a3=MK b1=m c1=M");
    play(&mut st, "b1-b2");
    assert_eq!(position(&st), "a3=MK b2=mm c1=M");
    assert_eq!(super::steps(&st), ["c1-c2"]);
    play(&mut st, "c1-c2");
    assert_eq!(position(&st), "a3=MK b2=mm c2=MM");
}

#[test]
fn if_without_else_does_nothing_when_false() {
    // a1-a2 does not land in row 2: nothing is pushed.
    let rule = r#"(step dirs:N then:(if (in To "Top") (push To 1)))"#;
    let mut st = start(&board(r#""a1""#, r#""c3""#, rule));
    play(&mut st, "a1-a2");
    assert_eq!(position(&st), "a2=M c3=m");
}

#[test]
fn effects_run_in_order_and_see_each_others_results() {
    // First a King goes on a2; then, since a2's top is now a King, one
    // more of the top piece (a King) goes on: Man, King, King.
    let rule = r#"(step dirs:N then:{(push To 1 kind:"King" owner:Mover)
                                     (if (kind To "King") (push To 1))})"#;
    let mut st = start(&board(r#""a1""#, r#""c3""#, rule));
    play(&mut st, "a1-a2");
    assert_eq!(position(&st), "a2=MKK c3=m");
}

/// A 5×1 column (a1 at the bottom, a5 at the top): P1 on a1, P2 on a2 and
/// a4, chain hops N, with effects `then`.
fn column(then: &str) -> String {
    format!(
        r#"(game "T" (players 2) (board (square 5 1)) (piece "Man")
             (region "Mid" (row 2))
             (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites "a2" "a4")))
             (play (hop dirs:N chain:true {then})))"#
    )
}

#[test]
fn end_turn_stops_a_chain() {
    // Without it: a1xa3, then a3xa5, one turn.
    let st = start(&column(""));
    assert_eq!(sorted_turns(&st), ["a1xa3xa5"]);
    // Ending the turn on landing in row 2 (a3): the chain stops there and
    // P2 moves next, though a3 could jump a4.
    let mut st = start(&column(r#"then:(if (in To "Mid") (end-turn))"#));
    assert_eq!(sorted_turns(&st), ["a1xa3"]);
    play(&mut st, "a1xa3");
    assert_eq!(position(&st), "a3=M a4=m");
    assert_eq!(st.continuation(), None);
    assert_eq!(st.current_player(), 1);
}

#[test]
fn counter_arithmetic_saturates_instead_of_wrapping() {
    // A rule's number is at most 10^9 (a check error past it), but a sum
    // of them passes the 32-bit counter: it saturates at i32::MAX. A
    // subtraction saturates at the other end.
    let text = |effect: &str| {
        format!(
            r#"(game "T" (players 2) (board (square 3 3)) (piece "Man") (counter "c")
                 (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites "c3")))
                 (play (step dirs:N then:{effect})))"#
        )
    };
    let big = "1000000000";
    let mut st = start(&text(&format!(
        r#"(add-counter "c" (sum {big} {big} {big}))"#
    )));
    play(&mut st, "a1-a2");
    assert_eq!(st.counter(0, 0), i32::MAX);
    let mut st = start(&text(&format!(
        r#"(set-counter "c" (sub (sub (sub 0 {big}) {big}) {big}))"#
    )));
    play(&mut st, "a1-a2");
    // Symmetric: -i32::MAX, the least a position text's counter reads.
    assert_eq!(st.counter(0, 0), -i32::MAX);
}

#[test]
fn push_a_computed_count() {
    // a1-a2: "Top" is row 2 and a2 (row 1) is one step from it, so one
    // more Man goes on a2.
    let rule = r#"(step dirs:N then:(push To (distance To "Top")))"#;
    let mut st = start(&board(r#""a1""#, r#""c3""#, rule));
    play(&mut st, "a1-a2");
    assert_eq!(position(&st), "a2=MM c3=m");
    // From a2 to a3 (in "Top", distance 0): nothing is pushed; a count
    // that is not positive adds no piece.
    let rule = r#"(step dirs:N then:(push To (sub (distance To "Top") 1)))"#;
    let mut st = start(&board(r#""a2""#, r#""c1""#, rule));
    play(&mut st, "a2-a3");
    assert_eq!(position(&st), "a3=M c1=m");
}

#[test]
fn distance_counts_steps_to_the_nearest_site_of_a_region() {
    // Orthogonal 3×3, "Top" is row 2: a1 is two steps from it, b2 one,
    // c3 none. Only a1 satisfies (equal (distance "Top") 2) among P1's
    // men, so only a1 may step.
    let rule = r#"(step from:(equal (distance From "Top") 2) dirs:E)"#;
    let st = start(&board(r#""a1" "b2" "c3""#, r#""a3""#, rule));
    assert_eq!(sorted_turns(&st), ["a1-b1"]);
}

/// A line a1…f1, P1 on a1, P2 on f1: P1's first step marks every enemy
/// stack (f1), and the turn goes on while a mark is seen: a second step,
/// then a third.
fn marking(span: &str) -> super::State {
    start(&format!(
        r#"(game "T" (players 2) (board (square 1 6)) (piece "P")
             (setup (fill "P" P1 (sites "a1")) (fill "P" P2 (sites "f1")))
             (play (step dirs:E then:{{(mark-all (where Enemy) for:{span}) (again "Second")}}))
             (moves "Second" (step from:(any (where (marked))) dirs:E then:(again "Third")))
             (moves "Third" (step from:(any (where (marked))) dirs:E))
             (end (no-moves Loss)))"#
    ))
}

/// Plays the legal step written `text`.
fn step(st: &mut super::State, text: &str) {
    let m = st
        .legal_moves()
        .into_iter()
        .find(|m| st.move_to_string(m) == text)
        .unwrap_or_else(|| panic!("no step {text}: {:?}", super::steps(st)));
    st.play(&m).expect("a legal step");
}

#[test]
fn mark_all_lasts_the_turn_or_only_until_the_next_step() {
    // for:Turn: the mark on f1 is seen by the second and the third step:
    // the whole turn is three steps.
    let mut st = marking("Turn");
    assert_eq!(st.legal_turn_strings(), ["a1-b1-c1-d1"]);
    step(&mut st, "a1-b1");
    step(&mut st, "b1-c1");
    assert_eq!(super::steps(&st), ["c1-d1"]);
    // for:Step: the second step's choice sees it; once that step is
    // played it is gone, and the third step has no move (a loss).
    let mut st = marking("Step");
    step(&mut st, "a1-b1");
    assert_eq!(super::steps(&st), ["b1-c1"]);
    step(&mut st, "b1-c1");
    assert!(super::steps(&st).is_empty());
    assert!(st.is_over());
}
