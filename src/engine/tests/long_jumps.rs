//! The draughts primitives: flying hops, `capture:End` (taken stacks stay
//! until the turn ends and cannot be jumped again), `finally:` effects,
//! `chain:Level` and `(play … maximize:…)`. Rows of sites `a1` … left to
//! right; expected turns are worked out by hand in the comments.

use super::{play, position, sorted_turns, start, steps};
use crate::engine::perft;

/// A 1×N row with P1 men on `p1`, P2 men on `p2` and the given play rule.
fn row(n: u32, p1: &str, p2: &str, rule: &str) -> String {
    format!(
        r#"(game "T" (players 2) (board (square 1 {n})) (piece "Man") (stack-limit 2)
             (setup (fill "Man" P1 (sites {p1})) (fill "Man" P2 (sites {p2})))
             (play {rule})
             (end (no-moves Loss)))"#
    )
}

#[test]
fn a_flying_hop_jumps_from_afar_and_lands_anywhere_beyond() {
    // a1, then empty b1 c1, the enemy on d1, then empty e1 f1 g1.
    let st = start(&row(7, r#""a1""#, r#""d1""#, "(hop dirs:E flying:true)"));
    assert_eq!(steps(&st), ["a1xe1", "a1xf1", "a1xg1"]);
    // The landing stops at the first site `to:` refuses (a P1 man on f1).
    let st = start(&row(
        7,
        r#""a1" "f1""#,
        r#""d1""#,
        "(hop dirs:E flying:true)",
    ));
    assert_eq!(steps(&st), ["a1xe1"]);
    // Two stacks in a row cannot be jumped: nothing empty behind d1.
    let st = start(&row(
        7,
        r#""a1""#,
        r#""d1" "e1""#,
        "(hop dirs:E flying:true)",
    ));
    assert!(steps(&st).is_empty());
    // The first stack met must be one `over:` accepts: an own man on c1
    // hides the enemy on d1 from a1 (c1 itself can take it).
    let st = start(&row(
        7,
        r#""a1" "c1""#,
        r#""d1""#,
        "(hop dirs:E flying:true)",
    ));
    assert_eq!(steps(&st), ["c1xe1", "c1xf1", "c1xg1"]);
}

#[test]
fn a_taken_stack_stays_until_the_turn_ends() {
    // a1 jumps b1 then d1. After the first jump b1 is still there (taken);
    // both leave together at the end of the turn.
    let rule = "(hop dirs:E capture:End chain:true)";
    let mut st = start(&row(7, r#""a1""#, r#""b1" "d1""#, rule));
    let first = st.legal_moves()[0];
    st.play_unchecked(&first);
    assert!(st.mid_turn());
    assert_eq!(position(&st), "b1=m c1=M d1=m");
    let second = st.legal_moves()[0];
    st.play_unchecked(&second);
    assert!(!st.mid_turn());
    assert_eq!(position(&st), "e1=M");
}

#[test]
fn a_taken_stack_blocks_and_is_not_jumped_twice() {
    // P1 on c1, P2 on b1 and e1, flying hops both ways. Taken at the end:
    // after c1xa1 the taken b1 blocks the way back east; after c1xf1 or
    // c1xg1 the taken e1 blocks the way back west. Three turns of one
    // capture each.
    let rule =
        |capture: &str| format!("(hop dirs:{{E W}} flying:true capture:{capture} chain:true)");
    let st = start(&row(7, r#""c1""#, r#""b1" "e1""#, &rule("End")));
    assert_eq!(sorted_turns(&st), ["c1xa1", "c1xf1", "c1xg1"]);
    // Removed at once instead, the way back is open: from a1 east over the
    // emptied b1 … d1 to e1, from f1 or g1 west to b1.
    let st = start(&row(7, r#""c1""#, r#""b1" "e1""#, &rule("true")));
    assert_eq!(
        sorted_turns(&st),
        ["c1xa1xf1", "c1xa1xg1", "c1xf1xa1", "c1xg1xa1"]
    );
}

#[test]
fn finally_effects_run_after_the_last_step_only() {
    // A two-hop chain that pushes a piece on its landing: with `then:`
    // every landing grows (c1, then the stack carried on to e1 has 2 and
    // grows to the limit of 2), with `finally:` only the last one.
    let rule = "(hop dirs:E chain:true finally:(push To 1))";
    let mut st = start(&row(7, r#""a1""#, r#""b1" "d1""#, rule));
    let first = st.legal_moves()[0];
    st.play_unchecked(&first);
    assert_eq!(position(&st), "c1=M d1=m");
    let second = st.legal_moves()[0];
    st.play_unchecked(&second);
    assert_eq!(position(&st), "e1=MM");
    // A single hop is the last step of its turn: it grows at once.
    let mut st = start(&row(7, r#""a1""#, r#""b1""#, rule));
    play(&mut st, "a1xc1");
    assert_eq!(position(&st), "c1=MM");
}

#[test]
fn chain_level_goes_on_with_the_pieces_new_kind() {
    // A man (equal (height) 1) hops east and becomes a "king" (equal (height) 2); only
    // kings hop on from c1 over d1. With `chain:true` the man's own hop
    // cannot go on (c1 holds a king now); with `chain:Level` the king's can.
    let rule = |chain: &str| {
        format!(
            "{{(hop from:(equal (height) 1) dirs:E then:(push To 1) chain:{chain})
               (hop from:(equal (height) 2) dirs:E chain:{chain})}}"
        )
    };
    let st = start(&row(7, r#""a1""#, r#""b1" "d1""#, &rule("true")));
    assert_eq!(sorted_turns(&st), ["a1xc1"]);
    let st = start(&row(7, r#""a1""#, r#""b1" "d1""#, &rule("Level")));
    assert_eq!(sorted_turns(&st), ["a1xc1xe1"]);
}

#[test]
fn maximize_keeps_the_turns_that_capture_most() {
    // a1 can take b1 (one piece: d1 beyond c1 is empty); h1 can take g1
    // then e1 (two: then c1 beyond d1 is empty).
    let free = "(hop dirs:{E W} chain:true)";
    let most = |what: &str| format!("{free} maximize:{what}");
    let text = |rule: &str| row(8, r#""a1" "h1""#, r#""b1" "e1" "g1""#, rule);
    let st = start(&text(free));
    assert_eq!(sorted_turns(&st), ["a1xc1", "h1xf1xd1"]);
    let st = start(&text(&most("Captures")));
    assert_eq!(sorted_turns(&st), ["h1xf1xd1"]);
    // Step by step: the first step that cannot lead to two captures is
    // not legal either; perft counts the one maximal turn.
    assert_eq!(steps(&st), ["h1xf1"]);
    assert_eq!(perft(&st, 1), Ok(1));
    let st = start(&text(&most("Steps")));
    assert_eq!(sorted_turns(&st), ["h1xf1xd1"]);
}

#[test]
fn maximize_leaves_ties_free_and_counts_stacks_not_pieces() {
    // a1 takes b1, a stack of two; g1 takes f1, a stack of one: each
    // capture takes one stack, so both are legal.
    let text = r#"(game "T" (players 2) (board (square 1 7)) (piece "Man") (stack-limit 2)
         (setup (fill "Man" P1 (sites "a1" "g1")) (fill "Man" P2 (sites "b1" "f1"))
                (fill "Man" P2 (sites "b1")))
         (play (hop dirs:{E W} chain:true) maximize:Captures)
         (end (no-moves Loss)))"#;
    let st = start(text);
    assert_eq!(sorted_turns(&st), ["a1xc1", "g1xe1"]);
}

/// A 5×5 board with a P1 man on a1 and P2 men on `p2`, playing `rule`.
fn square5(p2: &str, rule: &str) -> String {
    format!(
        r#"(game "T" (players 2) (board (square 5 5)) (piece "Man")
             (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites {p2})))
             (play {rule})
             (end (no-moves Loss)))"#
    )
}

#[test]
fn land_onward_keeps_the_landings_the_chain_goes_on_from() {
    // a1 flies east over b1 to c1, d1 or e1. Only from d1 can it jump
    // again (north over d2, to d3, d4 or d5; nothing beyond those).
    let rule = |land: &str| {
        format!("(hop dirs:Orthogonal flying:true capture:End chain:true land:{land})")
    };
    let st = start(&square5(r#""b1" "d2""#, &rule("Any")));
    assert_eq!(
        sorted_turns(&st),
        ["a1xc1", "a1xd1xd3", "a1xd1xd4", "a1xd1xd5", "a1xe1"]
    );
    let st = start(&square5(r#""b1" "d2""#, &rule("Onward")));
    assert_eq!(sorted_turns(&st), ["a1xd1xd3", "a1xd1xd4", "a1xd1xd5"]);
    assert_eq!(steps(&st), ["a1xd1"]);
    // No landing goes on: every one is legal, as without the rule.
    let st = start(&square5(r#""b1""#, &rule("Onward")));
    assert_eq!(sorted_turns(&st), ["a1xc1", "a1xd1", "a1xe1"]);
}

#[test]
fn land_onward_needs_a_flying_hop() {
    let text = square5(r#""b1""#, "(hop dirs:E chain:true land:Onward)");
    let opts = crate::compile::Options::default();
    match crate::compile::Game::from_source("t.game", &text, &opts) {
        Err(crate::compile::LoadError::Rules(d)) => {
            let text = d.render();
            assert!(text.contains("`land:Onward` chooses among"), "{text}");
        }
        other => panic!("expected a rule error, got {other:?}"),
    }
}
