//! Tests of the parser: AST shape and spans, every kind of syntax error,
//! recovery, robustness, and the rendering of diagnostics.

use super::parse_file;
use crate::diag::{Diagnostic, Diagnostics};
use crate::syntax::ast::{Clause, Expr, File, Span};

const SAMPLE: &str = r#"// A sample, 8 by 8
(game "Sample"
  (toggle repetition bool default:true "Threefold repetition is a draw")
  (players (player "Black" letter:"B" forward:S) (player "White" letter:"W" forward:N))
  (board (square 8 8 cells:Dark adjacency:Diagonal) labels:Numbers)
  (define "Crown" (if (in To (side Forward)) (push To 1)))
  (play (priority (hop from:(height 1) dirs:Forward over:Enemy then:"Crown" chain:true) (step dirs:{NE NW} to:Empty)))
  (end (no-moves Loss) (draw-repetition 3 when:$repetition) (x #1 -4))
)
"#;

/// The text a span covers.
fn slice(source: &str, span: Span) -> &str {
    &source[span.start as usize..span.end as usize]
}

/// Parses text that must be valid.
fn parse_ok(source: &str) -> File {
    match parse_file(source) {
        Ok(file) => file,
        Err(diags) => panic!("unexpected errors: {diags:#?}"),
    }
}

/// Parses text that must be invalid.
fn parse_err(source: &str) -> Vec<Diagnostic> {
    match parse_file(source) {
        Ok(file) => panic!("parsed, but should not have: {file:#?}"),
        Err(diags) => diags,
    }
}

/// The clause an expression is, or a panic.
fn clause(expr: &Expr) -> &Clause {
    match expr {
        Expr::Clause(c) => c,
        other => panic!("not a clause: {other:?}"),
    }
}

/// The argument clause of `parent` whose head is `head`.
fn child<'a>(parent: &'a Clause, head: &str) -> &'a Clause {
    parent
        .args
        .iter()
        .filter_map(|e| match e {
            Expr::Clause(c) => Some(c),
            _ => None,
        })
        .find(|c| c.head == head)
        .unwrap_or_else(|| panic!("no ({head} …) in ({} …)", parent.head))
}

/// The value of the named argument `name` of a clause.
fn named<'a>(clause: &'a Clause, name: &str) -> &'a Expr {
    &clause
        .named
        .iter()
        .find(|n| n.name == name)
        .unwrap_or_else(|| panic!("no {name}: in ({} …)", clause.head))
        .value
}

/// The game clause of the sample.
fn sample_game(file: &File) -> &Clause {
    assert_eq!(file.items.len(), 1);
    clause(&file.items[0])
}

#[test]
fn sample_top_level_and_comment() {
    let file = parse_ok(SAMPLE);
    let game = sample_game(&file);
    assert_eq!(game.head, "game");
    assert!(!game.head_is_str);
    assert_eq!(slice(SAMPLE, game.head_span), "game");
    assert_eq!(slice(SAMPLE, game.span), SAMPLE[20..].trim_end());
    assert!(
        matches!(&game.args[0], Expr::Str(s, span) if s == "Sample" && slice(SAMPLE, *span) == "\"Sample\"")
    );
    let heads: Vec<&str> = game.args[1..]
        .iter()
        .map(|e| clause(e).head.as_str())
        .collect();
    assert_eq!(
        heads,
        ["toggle", "players", "board", "define", "play", "end"]
    );
    assert_eq!(file.comments.len(), 1);
    assert_eq!(file.comments[0].text, "// A sample, 8 by 8");
    assert_eq!(slice(SAMPLE, file.comments[0].span), "// A sample, 8 by 8");
}

#[test]
fn sample_toggle_and_players() {
    let file = parse_ok(SAMPLE);
    let game = sample_game(&file);
    let toggle = child(game, "toggle");
    assert!(matches!(&toggle.args[0], Expr::Word(w, _) if w == "repetition"));
    assert!(matches!(named(toggle, "default"), Expr::Bool(true, s) if slice(SAMPLE, *s) == "true"));
    let description = &toggle.args[2];
    assert!(matches!(description, Expr::Str(s, _) if s == "Threefold repetition is a draw"));
    let players = child(game, "players");
    assert_eq!(players.args.len(), 2);
    let white = clause(&players.args[1]);
    assert!(matches!(named(white, "letter"), Expr::Str(s, _) if s == "W"));
    let name = &white.named[1];
    assert_eq!(
        (name.name.as_str(), slice(SAMPLE, name.name_span)),
        ("forward", "forward")
    );
    assert!(matches!(&name.value, Expr::Word(w, s) if w == "N" && slice(SAMPLE, *s) == "N"));
}

#[test]
fn sample_board_and_define() {
    let file = parse_ok(SAMPLE);
    let game = sample_game(&file);
    let board = child(game, "board");
    let square = child(board, "square");
    assert!(matches!(square.args[..], [Expr::Int(8, a), Expr::Int(8, b)] if a != b));
    assert!(matches!(named(square, "adjacency"), Expr::Word(w, _) if w == "Diagonal"));
    assert!(matches!(named(board, "labels"), Expr::Word(w, _) if w == "Numbers"));
    let define = child(game, "define");
    assert!(matches!(&define.args[0], Expr::Str(s, _) if s == "Crown"));
    let push = child(clause(&define.args[1]), "push");
    assert_eq!(slice(SAMPLE, push.span), "(push To 1)");
}

#[test]
fn sample_play_and_end() {
    let file = parse_ok(SAMPLE);
    let game = sample_game(&file);
    let priority = child(child(game, "play"), "priority");
    let hop = child(priority, "hop");
    assert_eq!(slice(SAMPLE, named(hop, "from").span()), "(height 1)");
    assert!(matches!(named(hop, "then"), Expr::Str(s, _) if s == "Crown"));
    assert!(matches!(named(hop, "chain"), Expr::Bool(true, _)));
    let dirs = named(child(priority, "step"), "dirs");
    assert_eq!(slice(SAMPLE, dirs.span()), "{NE NW}");
    assert!(matches!(dirs, Expr::Array(items, _) if items.len() == 2));
    let end = child(game, "end");
    assert_eq!(child(end, "no-moves").args.len(), 1);
    let when = named(child(end, "draw-repetition"), "when");
    assert!(
        matches!(when, Expr::Toggle(t, s) if t == "repetition" && slice(SAMPLE, *s) == "$repetition")
    );
    let x = child(end, "x");
    assert!(matches!(&x.args[0], Expr::Param(1, s) if slice(SAMPLE, *s) == "#1"));
    assert!(matches!(&x.args[1], Expr::Int(-4, s) if slice(SAMPLE, *s) == "-4"));
}

#[test]
fn define_call_escapes_and_order() {
    let src = "(\"Crown\" To b:1 {x \"a\\\"b\\\\c\\nd\"} 2 false) // done";
    let file = parse_ok(src);
    let call = clause(&file.items[0]);
    assert!(call.head_is_str);
    assert_eq!(call.head, "Crown");
    assert_eq!(slice(src, call.head_span), "\"Crown\"");
    assert_eq!(call.args.len(), 4);
    assert!(
        matches!(&call.args[1], Expr::Array(items, _) if items[1] == Expr::Str("a\"b\\c\nd".into(), items[1].span()))
    );
    assert!(matches!(call.args[3], Expr::Bool(false, _)));
    assert_eq!(file.comments[0].text, "// done");
}

#[test]
fn slashes_in_a_string_are_no_comment() {
    let src = "(a \"http://x\" b) // real\r\n// second";
    let file = parse_ok(src);
    assert!(matches!(&clause(&file.items[0]).args[0], Expr::Str(s, _) if s == "http://x"));
    let texts: Vec<&str> = file.comments.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(texts, ["// real", "// second"]);
}

#[test]
fn empty_and_blank_files_parse() {
    assert_eq!(parse_ok(""), File::default());
    assert_eq!(parse_ok("  \n\t// only a comment\n").items, []);
    assert_eq!(parse_ok("(a) b 3").items.len(), 3);
}

/// The only error for `source`, after checking there is exactly one.
fn one_error(source: &str) -> Diagnostic {
    let diags = parse_err(source);
    assert_eq!(diags.len(), 1, "{diags:#?}");
    diags.into_iter().next().unwrap()
}

#[test]
fn error_unclosed_paren() {
    let src = "(game (a b)\n  (c d)";
    let d = one_error(src);
    assert_eq!(d.message, "unclosed `(`");
    assert_eq!(d.label, "this `(` is never closed");
    assert_eq!(d.span, Span::new(0, 1));
}

#[test]
fn error_stray_paren() {
    let src = "(game (a b))\n  (c d))";
    let d = one_error(src);
    assert_eq!(d.message, "unexpected `)`");
    assert_eq!(d.label, "this `)` has no matching `(`");
    assert_eq!(slice(src, d.span), ")");
    assert_eq!(d.span.start as usize, src.len() - 1);
}

#[test]
fn error_bad_token() {
    let src = "(game (a @ b))";
    let d = one_error(src);
    assert_eq!(d.message, "unexpected `@`");
    assert_eq!(
        d.label,
        "expected a clause, a word, a string, a number, `{` or `)`"
    );
    assert_eq!(d.span, Span::new(9, 10));
}

#[test]
fn error_unterminated_string() {
    let src = "(game \"Sample\n  (a b))";
    let d = one_error(src);
    assert_eq!(d.message, "unterminated string");
    assert_eq!(d.span, Span::new(6, 7));
}

#[test]
fn error_integer_overflow() {
    let src = "(a 9223372036854775807 -9223372036854775808 9223372036854775808)";
    let d = one_error(src);
    assert_eq!(d.message, "integer out of range");
    assert_eq!(slice(src, d.span), "9223372036854775808");
}

#[test]
fn error_name_without_value() {
    let src = "(hop then: chain:true)";
    let d = one_error(src);
    assert_eq!(d.message, "missing value for `then:`");
    assert_eq!(slice(src, d.span), "then:");
    let d = one_error("(hop then:)");
    assert_eq!(d.span, Span::new(5, 10));
}

#[test]
fn error_decimal_without_a_digit_before_its_point() {
    // `.5` is no number in the language (nor in Rust or JSON): said so,
    // with what to write, after a name, alone, or signed.
    for (src, bad, fixed) in [
        ("(toggle k decimal default:.5 range:{0 1})", ".5", "`0.5`"),
        ("(sum 1 .5)", ".5", "`0.5`"),
        ("(sum 1 -.25)", "-.25", "`-0.25`"),
    ] {
        let d = one_error(src);
        assert_eq!(
            d.message, "a decimal number needs a digit before its point",
            "{src}"
        );
        assert_eq!(slice(src, d.span), bad, "{src}");
        assert!(d.label.contains(fixed), "{src}: {}", d.label);
    }
}

#[test]
fn error_decimal_too_precise_or_too_large() {
    let d = one_error("(a 7.25)");
    assert_eq!(
        d.message,
        "decimal number with more than one digit after the point"
    );
    let d = one_error("(a 92233720368547758080.5)");
    assert_eq!(d.message, "decimal number out of range");
}

#[test]
fn error_space_after_colon() {
    let src = "(hop then: \"Crown\")";
    let d = one_error(src);
    assert_eq!(d.message, "space after `then:`");
    assert_eq!(slice(src, d.span), " ");
}

#[test]
fn error_empty_clause_and_clause_head() {
    let d = one_error("(a ())");
    assert_eq!(
        d.label,
        "expected the head of the clause: a word or a string"
    );
    assert_eq!(d.span, Span::new(4, 5));
    let d = one_error("(a (3 b))");
    assert_eq!(
        (d.message.as_str(), d.span),
        ("unexpected `3`", Span::new(4, 5))
    );
}

#[test]
fn error_sigils_params_escapes_and_spacing() {
    let src = "(a $ #0 #x 3-4 8x8 \"\\t\" #99999999999)";
    let diags = parse_err(src);
    let got: Vec<(&str, &str)> = diags
        .iter()
        .map(|d| (d.message.as_str(), slice(src, d.span)))
        .collect();
    assert_eq!(
        got,
        [
            ("`$` without a toggle name", "$"),
            ("define parameters are numbered from 1", "#0"),
            ("`#` without a parameter number", "#x"),
            ("missing space between `3` and `-4`", "-4"),
            ("missing space between `8` and `x8`", "x8"),
            ("unknown escape in string", "\\t"),
            ("define parameter number out of range", "#99999999999"),
        ]
    );
}

#[test]
fn error_mismatched_brackets() {
    let src = "(a {b c) d}";
    let diags = parse_err(src);
    let got: Vec<(&str, Span)> = diags.iter().map(|d| (d.message.as_str(), d.span)).collect();
    assert_eq!(
        got,
        [
            ("unclosed `{`", Span::new(3, 4)),
            ("unexpected `}`", Span::new(10, 11))
        ]
    );
}

#[test]
fn errors_in_two_child_clauses_are_both_reported() {
    let src = "(game\n  (board (square 8 @))\n  (play (step to:))\n  (end %))";
    let diags = parse_err(src);
    let got: Vec<(&str, &str)> = diags
        .iter()
        .map(|d| (d.message.as_str(), slice(src, d.span)))
        .collect();
    assert_eq!(
        got,
        [
            ("unexpected `@`", "@"),
            ("missing value for `to:`", "to:"),
            ("unexpected `%`", "%"),
        ]
    );
}

#[test]
fn several_errors_in_one_clause_and_around_children() {
    let src = "(a @ (b !) ^ c:)";
    let diags = parse_err(src);
    let spans: Vec<&str> = diags.iter().map(|d| slice(src, d.span)).collect();
    assert_eq!(spans, ["@", "!", "^", "c:"]);
}

#[test]
fn structural_and_token_errors_together() {
    let src = "(game\n  (a \"oops)\n  (b @)\n  (c 99999999999999999999)";
    let diags = parse_err(src);
    let got: Vec<&str> = diags.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        got,
        [
            "unclosed `(`",
            "unterminated string",
            "unexpected `@`",
            "integer out of range"
        ]
    );
}

#[test]
fn too_deep_nesting_is_an_error_not_a_crash() {
    let deep = format!("{}{}", "(a ".repeat(5000), ")".repeat(5000));
    let d = parse_err(&deep);
    assert_eq!(d[0].message, "brackets nested too deeply");
    let ok = format!("{}{}", "(a {".repeat(64), "}a)".repeat(64));
    parse_ok(&ok);
    parse_err(&"{".repeat(100_000));
    let limit = super::super::recover::MAX_DEPTH;
    let at_limit = format!("{}@{}", "(a b:".repeat(limit), ")".repeat(limit));
    assert_eq!(parse_err(&at_limit).len(), 1);
    let every_level = format!("{}{}", "(a % b:".repeat(limit), ")".repeat(limit));
    assert_eq!(parse_err(&every_level).len(), limit + 1);
}

/// Checks that parsing returns and that every span lies in the source on
/// character boundaries.
fn check_returns(source: &str) {
    if let Err(diags) = parse_file(source) {
        assert!(!diags.is_empty());
        for d in diags {
            let (s, e) = (d.span.start as usize, d.span.end as usize);
            assert!(s <= e && e <= source.len(), "{d:?} in {source:?}");
            assert!(
                source.is_char_boundary(s) && source.is_char_boundary(e),
                "{d:?} in {source:?}"
            );
        }
    }
}

#[test]
fn never_panics_on_truncated_or_mutated_input() {
    let sample = SAMPLE.replace("Sample", "Säm\\\"ple");
    let cuts: Vec<usize> = sample.char_indices().map(|(i, _)| i).collect();
    for &i in &cuts {
        check_returns(&sample[..i]);
        check_returns(&sample[i..]);
        let next = sample[i..].chars().next().map_or(0, char::len_utf8);
        check_returns(&format!("{}{}", &sample[..i], &sample[i + next..]));
    }
    for &i in cuts.iter().step_by(3) {
        for insert in [
            "(", ")", "{", "}", "\"", "@", ":", "$", "#", "\\", "9", "-", "//", " ", "é",
        ] {
            check_returns(&format!("{}{insert}{}", &sample[..i], &sample[i..]));
        }
    }
}

#[test]
fn never_panics_on_odd_input() {
    let odd = [
        "\"",
        "\\",
        "(",
        ")",
        "{",
        "}",
        ":",
        "$",
        "#",
        "-",
        "//",
        "/",
        "\u{feff}(a)",
        "(a\r\n b)\r",
        "(a b:\"",
        "(\"",
        "(a #",
        "(a $",
        "(a \"\\",
        "x:y",
        "(a b:c:d:e)",
        "((((",
        "))))",
        "(é)",
        "(a é:b)",
        "(a b:é)",
    ];
    for src in odd {
        check_returns(src);
    }
}

/// Renders the errors of `source` as the file `name`.
fn render(name: &str, source: &str) -> String {
    Diagnostics::new(name, source, parse_err(source)).render()
}

#[test]
fn render_token_errors() {
    let src = SAMPLE
        .replace("cells:Dark", "cells: Dark @")
        .replace("(push To 1)", "(push To 99999999999999999999)")
        .replace("then:\"Crown\"", "then:");
    insta::assert_snapshot!(render("games/sample.game", &src));
}

#[test]
fn render_bracket_errors() {
    let src = "(game \"Sample\"\n  (players 2})\n  (board (square 8 8)\n  (end (no-moves Loss))\n  (play \"Crown)\n)\n";
    insta::assert_snapshot!(render("games/broken.game", src));
}

#[test]
fn render_columns_count_characters() {
    let src = "(game \"Dämmerung über Ödland\" @)";
    let out = render("x.game", src);
    assert!(out.contains("[x.game:1:31]"), "{out}");
}
