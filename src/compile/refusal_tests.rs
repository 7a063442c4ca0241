//! Tests of values the compile stage refuses rather than accept in
//! silence: an argument, a clause or a name given twice (both places
//! shown), an empty list of directions, a negative count, two players of
//! one name. Each small file below is worked by hand: the spans are the
//! text the test names.

use super::{LoadError, Options, compile};
use crate::diag::Diagnostic;

/// A 3×3 game with one man each; `players` and `play` as given.
fn game(players: &str, play: &str) -> String {
    format!(
        r#"(game "T" {players} (board (square 3 3)) (piece "Man")
             (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites "c3")))
             (play {play}))"#
    )
}

/// The diagnostics of a file that must fail to compile.
fn errors(text: &str) -> Vec<Diagnostic> {
    match compile("t.game", text, &Options::default()) {
        Err(LoadError::Rules(d)) => d.items,
        Err(e) => panic!("expected rule errors, got {e}"),
        Ok(_) => panic!("expected rule errors, but it compiled:\n{text}"),
    }
}

/// The text under a span.
fn at(text: &str, span: crate::syntax::Span) -> &str {
    &text[span.start as usize..span.end as usize]
}

/// The one error of `text`, with the text under its span.
fn one(text: &str) -> (Diagnostic, &str) {
    let e = errors(text);
    assert_eq!(e.len(), 1, "{e:?}");
    let d = e.into_iter().next().unwrap();
    let under = at(text, d.span);
    (d, under)
}

#[test]
fn a_named_argument_given_twice_points_at_both() {
    let text = game("(players 2)", "(step dirs:N to:Empty dirs:S)");
    let (d, under) = one(&text);
    assert_eq!(d.message, "`dirs:` is given twice");
    assert_eq!(under, "dirs");
    // The first `dirs` is the one before `:N`.
    let first = text.find("dirs:N").unwrap() as u32;
    assert_eq!(d.related.len(), 1);
    assert_eq!(d.related[0].0.start, first);
    assert_eq!(d.related[0].1, "first given here");
    assert!(d.span.start > first);
}

#[test]
fn a_board_given_twice_points_at_the_first() {
    let text = game("(players 2)", "(step)")
        .replace("(piece \"Man\")", "(board (square 4 4)) (piece \"Man\")");
    let (d, under) = one(&text);
    assert_eq!(d.message, "a second `(board …)`");
    assert_eq!(under, "board");
    let first = text.find("board").unwrap() as u32;
    assert_eq!(d.related[0].0.start, first);
    assert!(d.span.start > first);
}

#[test]
fn a_name_declared_twice_points_at_the_first_declaration() {
    let region = r#"(region "Goal" (sites "a1"))"#;
    let text = game("(players 2)", "(step)").replace(
        "(piece \"Man\")",
        &format!("(piece \"Man\") {region} {region}"),
    );
    let (d, under) = one(&text);
    assert_eq!(d.message, "region `Goal` is declared twice");
    let first = text.find(region).unwrap();
    let second = text.rfind(region).unwrap();
    assert_eq!(d.span.start as usize, second);
    assert_eq!(under, region);
    assert_eq!(d.related.len(), 1, "{d:?}");
    assert_eq!(d.related[0].0.start as usize, first);
    assert_eq!(d.related[0].1, "first declared here");
}

#[test]
fn a_define_declared_twice_points_at_the_first_name() {
    let define = r#"(define "Two" 2)"#;
    let text = game("(players 2)", "(step)").replace(
        "(piece \"Man\")",
        &format!("(piece \"Man\") {define} {define}"),
    );
    let e = errors(&text);
    let d = e
        .iter()
        .find(|d| d.message == "define `Two` is declared twice");
    let d = d.unwrap_or_else(|| panic!("{e:?}"));
    let first = text.find("\"Two\"").unwrap();
    assert_eq!(d.related[0].0.start as usize, first);
    assert!(d.span.start as usize > first);
}

#[test]
fn an_empty_direction_list_is_refused() {
    let text = game("(players 2)", "(step dirs:{} to:Empty)");
    let (d, under) = one(&text);
    assert_eq!(d.message, "a direction set without a direction");
    assert_eq!(under, "{}");
}

#[test]
fn a_misspelt_direction_is_reported_once() {
    // The unknown word is the error; the set it leaves empty is not a
    // second one.
    let text = game("(players 2)", "(step dirs:{Nrth} to:Empty)");
    let (d, under) = one(&text);
    assert_eq!(under, "Nrth");
    assert!(d.message.contains("not a direction"), "{}", d.message);
}

#[test]
fn negative_counts_are_refused() {
    for (play, bad, want) in [
        ("(step pieces:Any keep:-1 to:Empty)", "-1", "at least 0"),
        ("(slide pieces:Any max:0 to:Empty)", "0", "at least 1"),
        ("(step pieces:Any max:-3 to:Empty)", "-3", "at least 1"),
    ] {
        let text = game("(players 2)", play);
        let (d, under) = one(&text);
        assert_eq!(under, bad, "{play}");
        assert_eq!(d.message, format!("{bad} is out of range"), "{play}");
        assert!(d.label.contains(want), "{play}: {}", d.label);
    }
    // The bounds themselves are counts.
    let text = game("(players 2)", "(step pieces:Any keep:0 max:1 to:Empty)");
    assert!(compile("t.game", &text, &Options::default()).is_ok());
}

#[test]
fn a_negative_cost_is_refused() {
    let text = game("(players 2)", "(step cost:-2 budget:\"mp\" to:Empty)")
        .replace("(piece \"Man\")", "(piece \"Man\") (counter \"mp\" init:3)");
    let (d, under) = one(&text);
    assert_eq!(under, "-2");
    assert_eq!(d.message, "-2 is out of range");
}

#[test]
fn two_players_of_one_name_are_refused() {
    let text = game(
        r#"(players (player "Red" letter:"R") (player "Red" letter:"B"))"#,
        "(step)",
    );
    let (d, under) = one(&text);
    assert_eq!(d.message, "two players are named `Red`");
    assert_eq!(under, "\"Red\"");
    assert!(d.span.start > d.related[0].0.start);
    assert_eq!(at(&text, d.related[0].0), "\"Red\"");
}

#[test]
fn a_variant_given_its_base_twice_is_refused() {
    let text = r#"(variant "V" base:"one.game" base:"two.game")"#;
    let e = match compile("v.game", text, &Options::default()) {
        Err(LoadError::Rules(d)) => d.items,
        other => panic!("expected rule errors, got {:?}", other.map(|_| ())),
    };
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].message, "`base:` is given twice");
    assert_eq!(at(text, e[0].related[0].0), "base");
    assert_eq!(e[0].related[0].0.start, 13);
}

#[test]
fn a_direction_value_is_refused_where_a_direction_set_is_needed() {
    // A move's own directions: the step `Move` would read is the one being
    // generated.
    let text = game("(players 2)", "(slide dirs:Move)");
    let (d, under) = one(&text);
    assert_eq!(under, "Move");
    assert!(d.message.contains("direction of a step"), "{}", d.message);
    // The previous step's direction is no set either.
    let text = game("(players 2)", "(slide dirs:LastMove)");
    let (d, under) = one(&text);
    assert_eq!(under, "LastMove");
    assert!(d.message.contains("direction of a step"), "{}", d.message);
    // A line has no step to read either (its axes are fixed).
    let text = game("(players 2)", "(place \"Man\" to:(line 3 dirs:Reverse))");
    let (d, under) = one(&text);
    assert_eq!(under, "Reverse");
    assert!(
        d.help.as_deref().is_some_and(|h| h.contains("`ahead`")),
        "{d:?}"
    );
    // `same` compares two sites or two directions, not one of each.
    let text = game("(players 2)", "(step to:(and Empty (same To Move)))");
    let (d, _) = one(&text);
    assert!(d.message.contains("not one of each"), "{}", d.message);
    // Where a step is read, it is accepted.
    let ok = game(
        "(players 2)",
        "(slide to:(and (ahead To Move Empty) (not (same Move LastMove))) then:(remove-all (run To dirs:Reverse through:Enemy)))",
    );
    assert!(compile("t.game", &ok, &Options::default()).is_ok());
}
