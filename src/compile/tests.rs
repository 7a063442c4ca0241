//! Tests of the compile stage against small inline rule files: defines,
//! toggles, `--set` overrides, unknown names with suggestions, and several
//! errors reported together. Expected messages follow the wording of the
//! diagnostics' format strings; expected values are worked out from the
//! rules text.

use super::ir::{Cond, NoMoves, SiteRef, ToggleType, Value};
use super::{Game, LoadError, Options, compile};
use crate::diag::{Diagnostic, Severity};
use crate::engine::State;
use std::sync::Arc;

/// Compiles with `--set` overrides given as `NAME=VALUE` strings.
fn build(text: &str, sets: &[&str]) -> Result<(Game, Vec<Diagnostic>), LoadError> {
    let opts = Options::from_sets(sets)?;
    compile("t.game", text, &opts).map(|(g, d)| (g, d.items))
}

fn ok(text: &str) -> Game {
    match build(text, &[]) {
        Ok((g, _)) => g,
        Err(LoadError::Rules(d)) => panic!("does not compile:\n{}", d.render()),
        Err(e) => panic!("does not load: {e}"),
    }
}

/// The diagnostics of a file that must fail to compile.
fn errors(text: &str) -> Vec<Diagnostic> {
    match build(text, &[]) {
        Err(LoadError::Rules(d)) => d.items,
        Err(e) => panic!("expected rule errors, got {e}"),
        Ok(_) => panic!("expected rule errors, but it compiled"),
    }
}

/// The `--set` errors of loading `text` with `sets`.
fn set_errors(text: &str, sets: &[&str]) -> Vec<String> {
    match build(text, sets) {
        Err(LoadError::Options(v)) => v,
        Err(e) => panic!("expected option errors, got {e}"),
        Ok(_) => panic!("expected option errors, but it loaded"),
    }
}

/// The source text under a diagnostic's span.
fn under<'a>(text: &'a str, d: &Diagnostic) -> &'a str {
    &text[d.span.start as usize..d.span.end as usize]
}

/// Legal steps in notation, sorted.
fn moves(g: Game) -> Vec<String> {
    let st = State::new(Arc::new(g));
    let mut v: Vec<String> = st
        .legal_moves()
        .iter()
        .map(|m| st.move_to_string(m))
        .collect();
    v.sort();
    v
}

/// A small game around `body`: orthogonal 3×3, one kind, a P1 man on b2
/// and a P1 stack of two on a1.
fn small(body: &str) -> String {
    format!(
        r#"(game "T" (players 2) (board (square 3 3)) (piece "Man")
             (setup (fill "Man" P1 (sites "b2")) (fill "Man" P1 (sites "a1") count:2))
             {body})"#
    )
}

// ---------------------------------------------------------------- defines

#[test]
fn a_define_with_parameters_is_expanded_with_its_arguments() {
    // ("Go" N Empty) is (step dirs:N to:Empty): b2-b3 and a1-a2.
    let g = ok(&small(
        r#"(define "Go" (step dirs:#1 to:#2)) (play ("Go" N Empty))"#,
    ));
    assert_eq!(g.gens.len(), 1);
    assert_eq!(g.gens[0].to, Cond::Empty(SiteRef::Subject));
    assert_eq!(moves(g), ["a1-a2", "b2-b3"]);
}

#[test]
fn parameters_bind_by_number_not_by_order_of_use() {
    // #2 is used before #1: ("Go" E (equal (height) 2)) = (step from:(equal (height) 2)
    // dirs:E). Only a1 (two men) moves, to b1.
    let g = ok(&small(
        r#"(define "Go" (step from:#2 dirs:#1)) (play ("Go" E (equal (height) 2)))"#,
    ));
    assert_eq!(moves(g), ["a1-b1"]);
}

#[test]
fn a_define_without_parameters_is_called_by_its_bare_name() {
    // "Single" is (equal (height) 1) and "Up" is the word N: only b2 moves, N.
    let g = ok(&small(
        r#"(define "Single" (equal (height) 1)) (define "Up" N)
           (play (step from:"Single" dirs:"Up"))"#,
    ));
    assert_eq!(moves(g), ["b2-b3"]);
}

#[test]
fn defines_may_call_defines() {
    let g = ok(&small(
        r#"(define "Single" (equal (height) 1))
           (define "Go" (step from:"Single" dirs:#1))
           (play ("Go" {E S}))"#,
    ));
    // b2 E to c2, S to b1.
    assert_eq!(moves(g), ["b2-b1", "b2-c2"]);
}

/// A define's parameter passed on to the define it calls: `("Outer" W)`
/// is `("Go" W)`, the step west (b2-a2).
#[test]
fn a_defines_parameters_reach_the_defines_it_calls() {
    let g = ok(&small(
        r#"(define "Go" (step from:(equal (height) 1) dirs:#1 to:Empty))
           (define "Outer" ("Go" #1))
           (play ("Outer" W))"#,
    ));
    assert_eq!(moves(g), ["b2-a2"]);
}

/// A define whose body is an array, called inside another array, gives
/// its elements to that array: the same moves as the array written out
/// by hand, for directions and for moves.
#[test]
fn a_defines_array_is_spliced_into_the_array_that_calls_it() {
    let by_hand = moves(ok(&small(r#"(play (step dirs:{N E S} to:Empty))"#)));
    assert_eq!(by_hand, ["a1-a2", "a1-b1", "b2-b1", "b2-b3", "b2-c2"]);
    let spliced = ok(&small(
        r#"(define "Two" {N E}) (play (step dirs:{"Two" S} to:Empty))"#,
    ));
    assert_eq!(moves(spliced), by_hand);
    let by_hand = moves(ok(&small(
        r#"(play {(step dirs:N to:Empty) (step dirs:E to:Empty) (step dirs:S to:Empty)})"#,
    )));
    let spliced = ok(&small(
        r#"(define "Steps" {(step dirs:#1 to:Empty) (step dirs:#2 to:Empty)})
           (play {("Steps" N E) (step dirs:S to:Empty)})"#,
    ));
    assert_eq!(moves(spliced), by_hand);
}

/// Only a define call is spliced: an array written inside an array, or
/// an array passed as a parameter into one, stays one (refused) element.
#[test]
fn an_array_written_inside_an_array_is_not_spliced() {
    let e = errors(&small(r#"(play (step dirs:{{N E} S} to:Empty))"#));
    assert!(
        e.iter().any(|x| x.message.contains("found an array")),
        "{e:?}"
    );
    let e = errors(&small(
        r#"(define "With" (step dirs:{#1 S} to:Empty)) (play ("With" {N E}))"#,
    ));
    assert!(
        e.iter().any(|x| x.message.contains("found an array")),
        "{e:?}"
    );
}

#[test]
fn an_unused_define_is_a_warning_not_an_error() {
    let text = small(r#"(define "Unused" (equal (height) 3)) (play (step))"#);
    let (_, diags) = build(&text, &[]).expect("compiles");
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].severity, Severity::Warning);
    assert_eq!(diags[0].message, "define `Unused` is never used");
    assert!(under(&text, &diags[0]).contains("Unused"));
}

#[test]
fn a_define_called_with_the_wrong_number_of_arguments() {
    let text = small(r#"(define "Go" (step dirs:#1 to:#2)) (play ("Go" N))"#);
    let e = errors(&text);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].message, "define `Go` takes 2 argument(s), found 1");
    assert_eq!(under(&text, &e[0]), r#""Go""#);
}

#[test]
fn an_unknown_define_gets_a_suggestion() {
    let text = small(r#"(define "Go" (step dirs:#1)) (play ("Gp" N))"#);
    let e = errors(&text);
    let unknown = e
        .iter()
        .find(|d| d.message == "unknown define `Gp`")
        .unwrap_or_else(|| panic!("{e:?}"));
    assert_eq!(unknown.help.as_deref(), Some("did you mean `Go`?"));
}

#[test]
fn a_define_declared_twice_is_an_error() {
    let e = errors(&small(
        r#"(define "Go" (step)) (define "Go" (step dirs:N)) (play "Go")"#,
    ));
    assert!(
        e.iter()
            .any(|d| d.message == "define `Go` is declared twice"),
        "{e:?}"
    );
}

#[test]
fn a_define_that_calls_itself_is_caught() {
    let e = errors(&small(
        r#"(define "Loop" (not "Loop")) (play (step from:"Loop"))"#,
    ));
    assert!(
        e.iter().any(|d| d.message == "define `Loop` calls itself"),
        "{e:?}"
    );
}

// ---------------------------------------------------------------- toggles

/// Three toggles, one of each type, read by the end rules.
fn toggled(extra: &str) -> String {
    small(&format!(
        r#"(toggle rep bool default:true "Draw on the third repetition")
           (toggle limit int default:50 range:{{1 100}} "Turn limit")
           (toggle stuck choice default:Loss choices:{{Loss Win Draw}} "No moves means")
           (play (step))
           (end (no-moves $stuck) (draw-repetition 3 when:$rep) (turn-limit $limit))
           {extra}"#
    ))
}

#[test]
fn toggles_are_declared_with_type_default_and_description() {
    let g = ok(&toggled(""));
    let t = g.options();
    assert_eq!(t.len(), 3);
    assert_eq!(t[0].name, "rep");
    assert_eq!(t[0].ty, ToggleType::Bool);
    assert_eq!(t[0].default, Value::Bool(true));
    assert_eq!(t[0].description, "Draw on the third repetition");
    assert_eq!(t[1].ty, ToggleType::Int { min: 1, max: 100 });
    assert_eq!(t[1].value, Value::Int(50));
    assert_eq!(
        t[2].ty,
        ToggleType::Choice(vec!["Loss".into(), "Win".into(), "Draw".into()])
    );
    assert_eq!(g.toggle("stuck"), Some(&Value::Choice("Loss".into())));
    assert_eq!(g.toggle("nope"), None);
}

#[test]
fn toggle_values_are_substituted_into_the_rules() {
    // Defaults: no-moves Loss, repetition on (3), turn limit 50.
    let g = ok(&toggled(""));
    assert_eq!(g.end.no_moves, Some(NoMoves::Loss));
    assert_eq!(g.end.repetition, Some(3));
    assert_eq!(g.end.turn_limit, Some(50));
}

#[test]
fn a_repetition_rule_may_decide_the_game_by_the_score() {
    let rules = |r: &str| {
        small(&format!(
            "(play (step)) (end {r} (score (count (where Mine))))"
        ))
    };
    let g = ok(&rules("(draw-repetition 2 by-score:true)"));
    assert_eq!(
        (g.end.repetition, g.end.repetition_by_score),
        (Some(2), true)
    );
    let g = ok(&rules("(draw-repetition 3)"));
    assert_eq!(
        (g.end.repetition, g.end.repetition_by_score),
        (Some(3), false)
    );
    assert!(!errors(&rules("(draw-repetition 2 by-score:1)")).is_empty());
}

#[test]
fn set_overrides_the_default() {
    let (g, _) = build(&toggled(""), &["rep=false", "limit=7", "stuck=Win"]).unwrap();
    assert_eq!(g.end.no_moves, Some(NoMoves::Win));
    assert_eq!(g.end.repetition, None);
    assert_eq!(g.end.turn_limit, Some(7));
    assert_eq!(g.options()[1].value, Value::Int(7));
    assert_eq!(g.options()[1].default, Value::Int(50));
    // A toggle set twice is refused (the last won silently); spaces
    // around the `=` are trimmed; a bool is written `true` or `false`
    // only (`1` could be a count).
    assert!(build(&toggled(""), &["limit=5", " limit = 6 "]).is_err());
    let (g, _) = build(&toggled(""), &[" limit = 6 ", "rep=false"]).unwrap();
    assert_eq!(g.end.turn_limit, Some(6));
    assert_eq!(g.end.repetition, None);
    for text in ["on", "yes", "1", "no", "0"] {
        assert!(
            build(&toggled(""), &[&format!("rep={text}")]).is_err(),
            "rep={text}"
        );
    }
}

#[test]
fn a_toggle_passed_to_a_define_is_substituted() {
    // The argument $limit is replaced before the call is expanded.
    let g = ok(&small(
        r#"(toggle limit int default:9 "Turn limit")
           (define "Limit" (turn-limit #1))
           (play (step)) (end ("Limit" $limit))"#,
    ));
    assert_eq!(g.end.turn_limit, Some(9));
}

#[test]
fn a_toggle_inside_a_define_body_is_substituted() {
    // The define's body reads the toggle itself: the turn limit must be 9.
    let text = small(
        r#"(toggle limit int default:9 "Turn limit")
           (define "Limit" (turn-limit $limit))
           (play (step)) (end "Limit")"#,
    );
    let g = ok(&text);
    assert_eq!(g.end.turn_limit, Some(9));
}

#[test]
fn an_unknown_toggle_reference_gets_a_suggestion() {
    let text = small(
        r#"(toggle limit int default:9 "Turn limit")
           (play (step)) (end (turn-limit $limt))"#,
    );
    // `limit` is also reported as never read (a warning): count errors.
    let e: Vec<Diagnostic> = errors(&text)
        .into_iter()
        .filter(|x| x.severity == crate::diag::Severity::Error)
        .collect();
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].message, "unknown toggle `$limt`");
    assert_eq!(e[0].help.as_deref(), Some("did you mean `$limit`?"));
    assert_eq!(under(&text, &e[0]), "$limt");
}

#[test]
fn bad_toggle_declarations() {
    let cases = [
        (
            r#"(toggle n int default:200 range:{0 100} "x")"#,
            "200 is out of range 0..=100",
        ),
        (
            r#"(toggle d choice default:Up choices:{N S} "x")"#,
            "`Up` is not one of: N, S",
        ),
        (r#"(toggle n int "x")"#, "toggle `n` needs a default"),
        (
            r#"(toggle d choice default:N "x")"#,
            "a choice toggle needs `choices:{A B …}`",
        ),
        (
            r#"(toggle b bool default:3 "x")"#,
            "expected a value of type bool, found an integer",
        ),
    ];
    for (decl, message) in cases {
        let e = errors(&small(&format!("{decl} (play (step))")));
        assert!(e.iter().any(|d| d.message == message), "{decl}: {e:?}");
    }
}

// ---------------------------------------------------------------- --set errors

#[test]
fn set_without_an_equals_sign() {
    let err = Options::from_sets(&["limit"]).unwrap_err();
    let LoadError::Options(v) = err else {
        panic!("expected an option error")
    };
    assert_eq!(v, ["`limit`: expected NAME=VALUE"]);
}

#[test]
fn set_of_an_unknown_toggle_lists_the_valid_ones() {
    assert_eq!(
        set_errors(&toggled(""), &["limt=5"]),
        ["unknown toggle `limt` (did you mean `limit`?); valid toggles: rep, limit, stuck"]
    );
    assert_eq!(
        set_errors(&toggled(""), &["speed=5"]),
        ["unknown toggle `speed`; valid toggles: rep, limit, stuck"]
    );
    assert_eq!(
        set_errors(&small("(play (step))"), &["speed=5"]),
        ["unknown toggle `speed`; this game has no toggles"]
    );
}

#[test]
fn set_with_a_bad_value_names_the_type() {
    let cases = [
        (
            "rep=maybe",
            "bad value for toggle `rep` (bool): `maybe` is not a bool: use true or false",
        ),
        (
            "limit=ten",
            "bad value for toggle `limit` (int 1..=100): `ten` is not an integer",
        ),
        (
            "limit=0",
            "bad value for toggle `limit` (int 1..=100): 0 is out of range 1..=100",
        ),
        (
            "stuck=Tie",
            "bad value for toggle `stuck`: `Tie` is not one of: Loss, Win, Draw",
        ),
    ];
    for (set, message) in cases {
        assert_eq!(set_errors(&toggled(""), &[set]), [message], "{set}");
    }
}

#[test]
fn every_bad_set_is_reported_at_once() {
    let v = set_errors(&toggled(""), &["rep=maybe", "speed=1", "limit=101"]);
    assert_eq!(v.len(), 3, "{v:?}");
    assert!(v[0].starts_with("bad value for toggle `rep`"));
    assert!(v[1].starts_with("unknown toggle `speed`"));
    assert!(v[2].ends_with("101 is out of range 1..=100"));
}

// ---------------------------------------------------------------- unknown names

#[test]
fn unknown_ludemes_get_did_you_mean_in_every_context() {
    // (misspelt clause, context, the intended ludeme)
    let cases = [
        ("(play (stpe))", "move", "stpe", "step"),
        (
            "(play (step from:(hieght 1)))",
            "condition",
            "hieght",
            "height",
        ),
        ("(play (step then:(psuh To 1)))", "effect", "psuh", "push"),
        (
            "(region \"R\" (colum 0)) (play (step))",
            "region",
            "colum",
            "column",
        ),
        (
            "(play (step)) (end (no-move Loss))",
            "end",
            "no-move",
            "no-moves",
        ),
        ("(plya (step))", "game", "plya", "play"),
    ];
    for (body, context, typo, fix) in cases {
        let text = small(body);
        let e = errors(&text);
        let d = e
            .iter()
            .find(|d| d.message == format!("unknown {context} ludeme `{typo}`"))
            .unwrap_or_else(|| panic!("{body}: {e:?}"));
        assert_eq!(under(&text, d), typo);
        assert_eq!(
            d.help.as_deref(),
            Some(format!("did you mean `{fix}`?").as_str()),
            "{body}"
        );
    }
}

#[test]
fn a_misspelt_named_argument_gets_a_suggestion() {
    let text = small("(play (step form:(equal (height) 1)))");
    let e = errors(&text);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].message, "unknown argument `form` for `step`");
    assert_eq!(e[0].help.as_deref(), Some("did you mean `from`?"));
    assert_eq!(under(&text, &e[0]), "form");
}

#[test]
fn a_missing_clause_is_reported() {
    let e = errors(r#"(game "T" (players 2) (piece "Man") (play (step)))"#);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].message, "the game has no (board …) clause");
}

#[test]
fn several_errors_are_reported_together_in_source_order() {
    // Three independent faults: an unknown piece (with a suggestion), a
    // misspelt move ludeme, a turn limit of 0 (the range starts at 1).
    let text = r#"(game "T" (players 2) (board (square 3 3)) (piece "Man")
  (setup (fill "Mann" P1 (row 0)))
  (play (stpe dirs:N))
  (end (turn-limit 0)))"#;
    let e = errors(text);
    let got: Vec<(&str, &str)> = e
        .iter()
        .map(|d| (d.message.as_str(), under(text, d)))
        .collect();
    assert_eq!(
        got,
        [
            ("unknown piece `Mann`", r#""Mann""#),
            ("unknown move ludeme `stpe`", "stpe"),
            ("0 is out of range", "0"),
        ]
    );
    assert_eq!(e[0].help.as_deref(), Some("did you mean `Man`?"));
    assert!(e.iter().all(|d| d.severity == Severity::Error));
}

// --------------------------------------------------- duplicate declarations

/// The messages of the errors of `text`.
fn error_messages(text: &str) -> Vec<String> {
    errors(text).into_iter().map(|d| d.message).collect()
}

#[test]
fn a_toggle_declared_twice_is_an_error() {
    let m = error_messages(&small(
        r#"(toggle n int default:1 "A") (toggle n int default:2 "B")
           (play (step)) (end (turn-limit $n))"#,
    ));
    assert!(m.contains(&"toggle `n` is declared twice".into()), "{m:?}");
}

#[test]
fn a_region_declared_twice_is_an_error() {
    let m = error_messages(&small(
        r#"(region "Top" (row 2)) (region "Top" (row 0)) (play (step))"#,
    ));
    assert!(
        m.contains(&"region `Top` is declared twice".into()),
        "{m:?}"
    );
}

#[test]
fn a_phase_declared_twice_is_an_error() {
    let m = error_messages(&small(
        r#"(phases (phase "Move" {(step)}) (phase "Move" {(step dirs:N)}))"#,
    ));
    assert!(
        m.contains(&"phase `Move` is declared twice".into()),
        "{m:?}"
    );
}

#[test]
fn a_choice_listed_twice_is_an_error() {
    let m = error_messages(&small(
        r#"(toggle b choice default:X choices:{X Y X} "B")
           (play (step dirs:(match $b (case X N) (case Y S))))"#,
    ));
    assert!(m.contains(&"choice `X` is listed twice".into()), "{m:?}");
}

// ------------------------------------------------------ match coverage

#[test]
fn a_match_on_a_choice_toggle_needs_a_case_for_every_choice() {
    // The default (X) has a case, so the game would load as it stands;
    // `--set b=Z` would fail. The check reports Y and Z at once.
    let e = errors(&small(
        r#"(toggle b choice default:X choices:{X Y Z} "B")
           (play (step dirs:(match $b (case X N))))"#,
    ));
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].message, "this `match` has no case for `$b` = Y, Z");
    assert_eq!(e[0].help.as_deref(), Some("add `(case Y …)`"));
}

#[test]
fn a_match_on_a_boolean_toggle_needs_both_cases() {
    let m = error_messages(&small(
        r#"(toggle f bool default:true "F")
           (play (step dirs:(match $f (case true N))))"#,
    ));
    assert_eq!(m, ["this `match` has no case for `$f` = false"]);
    let text = small(
        r#"(toggle f bool default:true "F")
           (play (step dirs:(match $f (case true N) (case false S))))"#,
    );
    ok(&text);
}

#[test]
fn a_toggle_with_a_bad_default_is_reported_once() {
    // The default is out of range: one error, and `$n` is not then called
    // unknown, nor the match on it incomplete.
    let m = error_messages(&small(
        r#"(toggle n int default:7 range:{1 3} "N")
           (play (step dirs:(match $n (case 1 N) (case 2 S) (case 3 E))))"#,
    ));
    assert_eq!(m, ["7 is out of range 1..=3"]);
}

#[test]
fn a_ludeme_in_the_wrong_place_is_named_as_such() {
    let e = errors(&small("(play (priority {(step)} (board (square 2 2))))"));
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].message, "unknown move ludeme `board`");
    assert_eq!(
        e[0].help.as_deref(),
        Some("`board` is a game ludeme: it cannot stand in a move")
    );
}

#[test]
fn too_many_pieces_are_an_error_at_the_first_piece_too_many() {
    // A piece id is a byte: 2 players × 127 kinds fit (254), the 128th kind
    // does not. It used to fail with no diagnostic at all ("no problems").
    let pieces = |n: usize| -> String { (0..n).map(|i| format!(r#"(piece "P{i}") "#)).collect() };
    let text = |n: usize| {
        format!(
            r#"(game "T" (players 2) (board (square 3 3)) {} (play (step)))"#,
            pieces(n)
        )
    };
    assert_eq!(ok(&text(127)).kinds.len(), 127);
    let text = text(129);
    let e = errors(&text);
    assert_eq!(e.len(), 2, "{e:?}");
    assert_eq!(e[0].message, "too many pieces: no room for `P127`");
    assert_eq!(
        e[0].label,
        "at most 127 pieces with 2 player(s) (255 piece ids)"
    );
    assert_eq!(under(&text, &e[0]), r#"(piece "P127")"#);
    assert_eq!(under(&text, &e[1]), r#"(piece "P128")"#);
}

#[test]
fn an_error_inside_a_define_is_reported_once_however_often_it_is_used() {
    let text = small(
        r#"(define "Go" (step dirs:Nrth))
           (play (priority {"Go"} {"Go"} {"Go"}))"#,
    );
    let e = errors(&text);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(under(&text, &e[0]), "Nrth");
}

#[test]
fn clauses_a_game_has_once_are_errors_the_second_time() {
    let m = error_messages(&small(
        "(play (step)) (play (pass)) (stack-limit 2) (stack-limit 3)",
    ));
    assert_eq!(m, ["a second `(play …)`", "a second `(stack-limit …)`"]);
}

#[test]
fn player_letters_are_single_and_distinct_and_codes_are_capitals() {
    let text = r#"(game "L" (players (player "A" letter:"A") (player "a" letter:"a")
                   (player "C" letter:"CD")) (board (square 3 3)) (piece "P")
                   (code ":" "P" 1) (code "K" "P" 2) (code "K" "P" 1) (play (pass)))"#;
    let m = error_messages(text);
    assert_eq!(
        m,
        [
            "another player has the letter `a`",
            "`CD` is not a player letter",
            "`:` cannot be a setup code",
            "code `K` is declared twice"
        ]
    );
}

#[test]
fn a_define_parameter_past_99_is_an_error_and_its_calls_are_quiet() {
    let m = error_messages(&small(
        r#"(define "Go" (step dirs:#4000000000)) (play ("Go" N))"#,
    ));
    assert_eq!(m, ["define `Go` uses parameter #4000000000"]);
}

#[test]
fn a_toggle_default_must_be_a_literal() {
    let m = error_messages(&small(
        r#"(toggle a bool default:$b "A") (play (step)) (end (draw-repetition 3 when:$a))"#,
    ));
    // `$b` names no toggle either: that is a second, true error.
    assert_eq!(
        m,
        [
            "expected a value of type bool, found a toggle reference",
            "unknown toggle `$b`"
        ]
    );
}

#[test]
fn stacks_taller_than_the_stack_limit_are_errors_where_the_file_says_so() {
    // The limit is known when the file is read: a setup stack (`count:2` in
    // `small`), a setup code or a push of more pieces than a stack may hold
    // could never stay on the board whole.
    let text = small(r#"(stack-limit 1) (code "K" "Man" 3) (play (step then:(push To 5)))"#);
    let e = errors(&text);
    let mut m: Vec<(String, &str)> = e
        .iter()
        .map(|d| (d.message.clone(), under(&text, d)))
        .collect();
    m.sort();
    assert_eq!(
        m,
        [
            ("2 pieces do not fit on one stack".to_string(), "2"),
            ("3 pieces do not fit on one stack".to_string(), "3"),
            ("5 pieces do not fit on one stack".to_string(), "5"),
        ]
    );
    // Within the limit: fine.
    ok(&small(
        r#"(stack-limit 3) (code "K" "Man" 3) (play (step then:(push To 1)))"#,
    ));
}

#[test]
fn diagonal_moves_on_an_orthogonal_board_are_a_warning() {
    // `small`'s board is `(square 3 3)`: orthogonal by default.
    let text = small("(play (step dirs:Diagonal))");
    let (_, diags) = build(&text, &[]).expect("compiles");
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0].severity, Severity::Warning);
    assert_eq!(
        diags[0].message,
        "`Diagonal` names no direction of this board"
    );
    assert_eq!(under(&text, &diags[0]), "Diagonal");
    let (_, none) = build(&small("(play (step dirs:Orthogonal))"), &[]).expect("compiles");
    assert!(none.is_empty());
}

// ---------------------------------------------------------------- draughts

#[test]
fn the_long_jump_arguments_are_lowered() {
    let g = ok(&small(
        r#"(play {(hop capture:End flying:true chain:Level finally:(push To 1))
                  (hop chain:true) (step)} maximize:Captures)"#,
    ));
    use super::ir::{Chain, GenKind, Hop};
    let hop = |i: usize| match &g.gens[i].kind {
        GenKind::Hop(h) => h.clone(),
        k => panic!("not a hop: {k:?}"),
    };
    let first: Hop = hop(0);
    assert!(first.shift.capture && first.capture_at_end && first.flying);
    assert_eq!(g.gens[0].finally.len(), 1);
    // chain:Level draws from the level's chained moves (engine::tables).
    let chains: Vec<Chain> = g.gens.iter().map(|g| g.kind.chain()).collect();
    assert_eq!(chains, [Chain::Level, Chain::Same, Chain::Off]);
    assert!(hop(1).shift.capture && !hop(1).capture_at_end && !hop(1).flying);
    assert_eq!(g.maximize, Some(super::ir::Maximize::Captures));
    let g = ok(&small("(play (hop) maximize:Steps)"));
    assert_eq!(g.maximize, Some(super::ir::Maximize::Steps));
    assert_eq!(ok(&small("(play (hop))")).maximize, None);
}

#[test]
fn long_jump_arguments_out_of_place_are_errors() {
    let messages = |body: &str| -> Vec<String> {
        errors(&small(body))
            .iter()
            .map(|d| format!("{} / {}", d.message, d.label))
            .collect()
    };
    let e = messages("(play (step capture:End))");
    assert!(
        e[0].contains("`capture:End` on a move that jumps nothing"),
        "{e:?}"
    );
    let e = messages("(play (hop chain:Maybe))");
    assert!(
        e[0].contains("unknown value `Maybe`") && e[0].contains("true, false, Level"),
        "{e:?}"
    );
    let e = messages("(play (hop) maximize:Most)");
    assert!(e[0].contains("Captures, Steps"), "{e:?}");
    // Only a hop flies.
    assert!(!messages("(play (step flying:true))").is_empty());
}

/// The first clause headed `name` in `e` (depth first), with its text.
fn clause_named<'a>(e: &'a crate::syntax::Expr, name: &str) -> Option<&'a crate::syntax::Clause> {
    use crate::syntax::Expr;
    match e {
        Expr::Clause(c) if c.head == name && !c.head_is_str => Some(c),
        Expr::Clause(c) => c
            .args
            .iter()
            .chain(c.named.iter().map(|n| &n.value))
            .find_map(|a| clause_named(a, name)),
        Expr::Array(v, _) => v.iter().find_map(|a| clause_named(a, name)),
        _ => None,
    }
}

/// Every row of the vocabulary table is found by its head word in its
/// context, and resolves to a lowering function of its context's kind
/// (the build checks the kind; this checks the look-up the lowering
/// makes), but for the rows named here, which no function of their own
/// lowers; every game clause the lowering reads has one. Then each row's
/// example clause, written in a small game at a
/// place of that context, is lowered: it draws no "unknown ludeme" and
/// no internal error (other errors, such as names the small game lacks,
/// are allowed). The rows whose example shows a word form (`Friend`) or
/// a use elsewhere are listed, so that a new row without an example of
/// its own clause is seen.
#[test]
fn every_row_of_the_table_resolves_to_its_lowering_and_lowers_its_example() {
    use super::vocab::{LUDEMES, Lower, lowering, row};
    for l in LUDEMES {
        let found = row(l.context, l.name).expect("every row is found by its head");
        assert_eq!(found.signature, l.signature);
        let twins = LUDEMES
            .iter()
            .filter(|m| (m.context, m.name) == (l.context, l.name));
        assert_eq!(twins.count(), 1, "`{}` twice in {}", l.name, l.context);
        let lower = lowering(l.context, l.name).expect("found above");
        // The rows no function of their own lowers, each with its reason
        // in `Lower`'s documentation: a new one must be added here.
        let undispatched = match lower {
            Lower::MoveGroups => &["priority"][..],
            Lower::Resolved => &["toggle", "define", "match", "case"][..],
            Lower::ReadByParent => &["game", "variant", "site", "edge", "player"][..],
            _ => &[][..],
        };
        let dispatched = undispatched.is_empty();
        assert!(
            dispatched || undispatched.contains(&l.name),
            "`{}` ({}): {lower:?}",
            l.name,
            l.context
        );
    }
    // Every clause the game's lowering reads, in its order, has its function.
    for head in super::ORDER {
        assert!(
            matches!(lowering("game", head), Some(Lower::GameClause(_))),
            "`{head}` has no game clause function"
        );
    }
    let mut skipped = Vec::new();
    for l in LUDEMES {
        let wrap: fn(&str) -> String = match l.context {
            "condition" => |x| format!("(play (step to:{x}))"),
            "number" => |x| format!("(play (step to:(equal {x} 0)))"),
            "set" => |x| format!("(play (step to:(any {x})))"),
            "effect" => |x| format!("(play (step then:{x}))"),
            "move" => |x| format!("(play {x})"),
            "end" => |x| format!("(play (step)) (end {x})"),
            "heuristics" => |x| format!("(play (step)) (heuristics {x})"),
            "region" => |x| format!("(play (step to:(in To \"R\"))) (region \"R\" {x})"),
            "fact" => |x| format!("(play (step)) (end (draw-no-progress 80 reset:{{{x}}}))"),
            _ => continue,
        };
        let file = crate::syntax::parse_file(l.example).expect("examples parse");
        let Some(c) = file.items.iter().find_map(|e| clause_named(e, l.name)) else {
            skipped.push(l.name); // a word form (`Friend`) or a use elsewhere
            continue;
        };
        let text = &l.example[c.span.start as usize..c.span.end as usize];
        let game = format!(
            "(game \"T\" (players 2) (board (square 8 8)) (piece \"King\") (piece \"Checker\")
               (region \"Far\" (side Forward)) (counter \"mp\")
               (setup (fill \"King\" P1 (row 0))) {})",
            wrap(text)
        );
        let diags = match build(&game, &[]) {
            Ok((_, d)) => d,
            Err(LoadError::Rules(d)) => d.items,
            Err(e) => panic!("`{}`: {e}", l.name),
        };
        for x in diags {
            assert!(
                !x.message.contains("ludeme `") && !x.message.starts_with("internal"),
                "`{}` ({}): {}\nin {game}",
                l.name,
                l.context,
                x.message
            );
        }
    }
    assert_eq!(skipped, ["friend"]);
}

/// The step's gain of distance, written with `distance`, is lowered to the
/// one-lookup forms the engine plans `after:` filters with (Ex nihilo's
/// growth): `Farther` for the comparison, `Grow` for the push.
#[test]
fn a_gain_of_distance_is_lowered_to_farther_and_grow() {
    use super::ir::{Effect, Num};
    let g = ok(r#"(game "t" (players 2) (board (hex 3)) (piece "Disc")
        (region "Centre" (centre))
        (play (slide origin:Empty
          to:(and Empty (more-than (distance To "Centre") (distance From "Centre")))
          then:{(push To (sub (distance To "Centre") (distance From "Centre")) owner:Mover)
                (push To (distance To "Centre"))}
          after:true)))"#);
    let gen_ = &g.gens[0];
    assert_eq!(
        gen_.to,
        Cond::And(vec![Cond::Empty(SiteRef::Subject), Cond::Farther(0)])
    );
    assert!(matches!(gen_.then[0], Effect::Grow { region: 0, .. }));
    // Any other computed count stays a number read when the effect runs.
    assert!(matches!(
        &gen_.then[1],
        Effect::Push {
            count: Num::Distance(SiteRef::To, 0),
            ..
        }
    ));
}

/// A line a1-b1-c1, P1 on a1: stepping needs the toggle `open`, which
/// starts off; a `flip` move turns it on.
const FLIPPED: &str = r#"(game "t" (players 2) (board (square 1 3)) (piece "P")
    (toggle open bool default:false "Steps allowed")
    (setup (fill "P" P1 (sites "a1")) (fill "P" P2 (sites "c1")))
    (play (priority {(step from:$open dirs:Orthogonal)} {(flip open to:Mine)})))"#;

#[test]
fn a_flipped_toggle_is_read_during_play_and_a_fixed_one_when_the_file_is_read() {
    // `open` is named by a flip: `$open` is read as the game stands. At
    // the start it is off, so only the flip is legal; once P1 has flipped
    // it, P2 may step.
    let g = Arc::new(ok(FLIPPED));
    assert!(matches!(g.gens[0].from, Cond::On(0)));
    let mut st = State::new(g);
    assert_eq!(st.legal_turn_strings(), ["flip-open@a1"]);
    st.play_str("flip-open@a1").unwrap();
    assert_eq!(st.legal_turn_strings(), ["c1-b1"]);
    // Without the flip, `$open` is the value in force: a constant.
    let fixed = FLIPPED.replace("{(flip open to:Mine)}", "{(pass)}");
    let g = build(&fixed, &["open=true"]).unwrap().0;
    assert_eq!(g.gens[0].from, Cond::True);
}

#[test]
fn a_flipped_toggle_where_a_fixed_value_is_needed_is_an_error() {
    for (place, what) in [
        (
            "(end (no-moves Loss) (draw-repetition 3 when:$open))",
            "changes during play",
        ),
        (
            "(first (match $open (case true P1) (case false P2)))",
            "changes during play",
        ),
    ] {
        let text = FLIPPED.replace("(play (priority", &format!("{place} (play (priority"));
        let errs = errors(&text);
        assert!(
            errs.iter().any(|e| e.message.contains(what)),
            "{place}: {errs:?}"
        );
    }
}

/// A toggle is read in one way only, `$NAME`: the bare name is refused,
/// and the error says how to read it.
#[test]
fn a_bare_toggle_name_is_refused_with_the_way_to_read_it() {
    let text = FLIPPED.replace("from:$open", "from:open");
    let errs = errors(&text);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert_eq!(
        errs[0].help.as_deref(),
        Some("`open` is a toggle: its value is read as `$open`")
    );
}

/// `height` is a number; compared with a constant it is one test of the
/// stack (a draughts man, docs/games/checkers.md), and written as a
/// condition it is refused with the way to compare it.
#[test]
fn height_is_a_number_compared_like_any_other() {
    use super::ir::Cmp;
    let g = ok(r#"(game "t" (players 2) (board (square 3 3)) (piece "P")
        (play (step from:(and (equal (height) 1) (at-least (height To) 0)))))"#);
    assert_eq!(
        g.gens[0].from,
        Cond::And(vec![
            Cond::Height(SiteRef::Subject, Cmp::Eq, 1),
            Cond::Height(SiteRef::To, Cmp::Ge, 0)
        ])
    );
    let errs = errors(
        r#"(game "t" (players 2) (board (square 3 3)) (piece "P") (play (step from:(height 1))))"#,
    );
    assert!(
        errs.iter()
            .any(|e| e.message.contains("unknown condition ludeme `height`")),
        "{errs:?}"
    );
}

// ------------------------------------------------- decimal numbers, repeated

#[test]
fn a_decimal_number_makes_the_whole_score_tenths() {
    // One Man of P1 on b2 and two on a1 (two sites); P2 none: with a
    // komi of 2.5 for P2, P1 scores 20 tenths and P2 25.
    let g = ok(&small(
        "(stack-limit 2) (play (pass)) (end (passes 1) (score (sum (count (where Mine)) (per-player 0 2.5))))",
    ));
    assert!(g.end.score_tenths);
    let st = State::new(Arc::new(g));
    assert_eq!((st.scores(0), st.scores(1)), (vec![20], vec![25]));
    assert_eq!(
        crate::render::scores_text(&st).as_deref(),
        Some("P1 2.0, P2 2.5")
    );
}

#[test]
fn a_score_without_a_decimal_number_stays_whole() {
    let g = ok(&small(
        "(stack-limit 2) (play (pass)) (end (passes 1) (score (count (where Mine))))",
    ));
    assert!(!g.end.score_tenths);
    assert_eq!(State::new(Arc::new(g)).scores(0), vec![2]);
}

#[test]
fn a_decimal_number_outside_a_score_is_refused_where_it_stands() {
    let text = small("(stack-limit 2) (play (pass)) (end (turn-limit 2.5))");
    let e = errors(&text);
    assert_eq!(under(&text, &e[0]), "2.5");
    let text =
        small("(stack-limit 2) (play (place \"Man\" to:(at-least (count (where Mine)) 1.5)))");
    let e = errors(&text);
    assert!(
        e.iter().any(|d| d.message.contains("only in a score")),
        "{e:?}"
    );
}

/// A decimal number in a score beyond what a score holds (±100000000.0,
/// `NUM_LIMIT` tenths), a toggle's value included, is refused as out of
/// range where it is used, not as "allowed only in a score".
#[test]
fn a_decimal_too_large_for_a_score_is_out_of_range() {
    let text = small(
        "(toggle komi decimal default:100000000000.5 range:{0 100000000000000} \"k\")
         (stack-limit 2) (play (pass)) (end (passes 2) (score (sum (count (where Mine)) $komi)))",
    );
    let e = errors(&text);
    assert!(
        e.iter().all(|d| !d.message.contains("only in a score")),
        "{e:?}"
    );
    assert!(
        e.iter().any(|d| d.message == "decimal number out of range"),
        "{e:?}"
    );
    assert!(e.iter().any(|d| d.label.contains("100000000.0")), "{e:?}");
    // Within the range it compiles.
    let text = text.replace("100000000000.5", "99.5");
    ok(&text);
}

#[test]
fn repeated_is_a_condition_that_keeps_the_boards() {
    let g = ok(&small(
        "(stack-limit 2) (play (place \"Man\" to:Empty after:(not (repeated))))",
    ));
    assert!(g.tracks_boards);
    let g = ok(&small("(stack-limit 2) (play (place \"Man\" to:Empty))"));
    assert!(!g.tracks_boards);
}
