//! Hostile rule files end quickly with a clear message: parsing, error
//! recovery and declarations are linear in the input (issue 16).
//!
//! Sizes are chosen so that the old quadratic paths would run for minutes
//! (a hang under the test harness) while linear work takes milliseconds;
//! no time is measured.

use ludic::compile::{LoadError, Options, compile};
use ludic::diag::{Diagnostics, Severity};

/// The shipped English draughts rules, to insert declarations into.
const CHECKERS: &str = include_str!("../games/checkers.game");

/// The diagnostics of a file that must fail to compile.
fn errors_of(text: &str) -> Diagnostics {
    match compile("hostile.game", text, &Options::default()) {
        Err(LoadError::Rules(d)) => d,
        Err(other) => panic!("expected rule errors, got {other}"),
        Ok(_) => panic!("expected rule errors, the file compiled"),
    }
}

/// The messages of the errors (not warnings) of `d`.
fn messages(d: &Diagnostics) -> Vec<&str> {
    d.items
        .iter()
        .filter(|x| x.severity == Severity::Error)
        .map(|x| x.message.as_str())
        .collect()
}

/// Checkers with `text` inserted before its first `(piece …)`.
fn checkers_with(text: &str) -> String {
    let at = CHECKERS.find("(piece").expect("checkers declares a piece");
    format!("{}{text}{}", &CHECKERS[..at], &CHECKERS[at..])
}

#[test]
fn a_flat_list_of_siblings_on_one_line_checks_in_linear_time() {
    // 150,000 siblings: quadratic line lookups took 44 s at 40,000.
    let text = format!("(game \"Flat\" {})", "(a) ".repeat(150_000));
    let d = errors_of(&text);
    let m = messages(&d);
    assert!(m[0].starts_with("unknown game ludeme `a`"), "{m:?}");
    // The list is cut with a count rather than a million diagnostics.
    assert!(m.len() <= 10_001, "{}", m.len());
    assert!(
        m.iter()
            .any(|x| x.starts_with("too many problems: ") && x.contains("more not listed")),
        "{:?}",
        m.last()
    );
    let rendered = d.render();
    assert!(rendered.contains("… and"), "the render stays short");
}

#[test]
fn repeated_crossed_brackets_are_reported_with_a_count_in_linear_time() {
    // `({)}` 100,000 times took 87 s.
    let d = errors_of(&"({)}".repeat(100_000));
    let m = messages(&d);
    assert!(m.contains(&"unclosed `{`"), "{:?}", &m[..3]);
    assert!(
        m.iter().any(|x| x.starts_with("too many syntax errors")),
        "{:?}",
        m.last()
    );
    assert!(m.len() < 5_000, "{}", m.len());
}

#[test]
fn a_megabyte_identifier_is_called_unknown_at_once() {
    let word = "a".repeat(1 << 20);
    let d = errors_of(&format!("(game \"X\" ({word}))"));
    let m = messages(&d);
    assert!(
        m.iter().any(|x| x.starts_with("unknown game ludeme `aaaa")),
        "{}",
        m.len()
    );
    // No suggestion: a megabyte word is no typo of a ludeme.
    assert!(d.items.iter().all(|x| {
        x.help
            .as_deref()
            .is_none_or(|h| !h.contains("did you mean"))
    }));
}

#[test]
fn sixteen_mebibytes_of_tokens_are_refused_before_parsing() {
    // Just under the 16 MiB that ludic reads: 5.6 million strings.
    let text = "\"\" ".repeat((16 << 20) / 3 - 1);
    let d = errors_of(&text);
    assert_eq!(messages(&d), ["too many tokens"]);
    let help = d.items[0].help.as_deref().unwrap_or_default();
    assert!(help.contains("at most 1000000"), "{help}");
    // Stray closers and words alike.
    let d = errors_of(&")".repeat(16 << 20));
    assert_eq!(messages(&d), ["too many tokens"]);
    let d = errors_of(&"x ".repeat(8 << 20));
    assert_eq!(messages(&d), ["too many tokens"]);
}

#[test]
fn megabytes_of_errors_under_the_token_limit_are_listed_with_a_count() {
    // 900,000 stray closers: one error each, cut at a thousand.
    let d = errors_of(&format!("(game \"X\") {}", ") ".repeat(900_000)));
    let m = messages(&d);
    assert_eq!(m.len(), 1001, "{:?}", m.last());
    assert!(
        m[1000].starts_with("too many syntax errors: 899000 more"),
        "{}",
        m[1000]
    );
    // The total counts every one of them, not the items listed.
    assert_eq!(d.count(Severity::Error), 900_000);
    assert!(
        d.render()
            .ends_with("… and 899950 more not shown\n\nerror: 900000 errors in hostile.game\n"),
        "{}",
        d.summary()
    );
}

#[test]
fn errors_past_the_compile_cap_are_counted_in_the_total() {
    // 20,000 misspelt conditions: 10,000 listed, every one counted (the
    // total once said 10001, the items listed and the note).
    let conds = "Emptq ".repeat(20_000);
    let text = format!(
        "(game \"X\" (players (player \"A\" letter:\"A\") (player \"B\" letter:\"B\")) \
         (board (square 3 3)) (piece \"M\") (play (place \"M\" to:(and {conds}))))"
    );
    let d = errors_of(&text);
    assert_eq!(messages(&d).len(), 10_001);
    assert_eq!(d.count(Severity::Error), 20_000);
    assert_eq!(d.summary(), "error: 20000 errors in hostile.game");
    assert!(
        d.render().contains("… and 19950 more not shown"),
        "{}",
        d.summary()
    );
}

#[test]
fn clauses_left_unchecked_past_the_syntax_cap_make_a_lower_bound() {
    // 1,500 clauses with a stray `@` each: 1,000 listed, the rest only
    // parsed once each, each counted as one error at least.
    let text = format!("(game \"X\" {})", "(a @) ".repeat(1_500));
    let d = errors_of(&text);
    assert_eq!(d.count(Severity::Error), 1_500);
    assert_eq!(d.summary(), "error: at least 1500 errors in hostile.game");
}

#[test]
fn twenty_thousand_regions_or_toggles_are_refused_at_the_limit() {
    let regions: String = (0..20_000)
        .map(|k| format!("(region \"R{k}\" (side Forward))\n"))
        .collect();
    let d = errors_of(&checkers_with(&regions));
    assert_eq!(messages(&d), ["too many `(region …)` clauses"]);
    assert!(
        d.items[0].label.contains("number 4097"),
        "{}",
        d.items[0].label
    );
    let toggles: String = (0..20_000)
        .map(|k| format!("(toggle t{k} bool default:true \"x\")\n"))
        .collect();
    let d = errors_of(&checkers_with(&toggles));
    assert_eq!(messages(&d), ["too many `(toggle …)` clauses"]);
}

#[test]
fn four_thousand_declarations_of_each_kind_still_compile() {
    let many: String = (0..4_000)
        .map(|k| {
            format!("(region \"R{k}\" (side Forward)) (toggle t{k} bool default:true \"x\")\n")
        })
        .collect();
    compile("many.game", &checkers_with(&many), &Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_hundred_thousand_pieces_are_refused_at_the_first_that_cannot_fit() {
    let pieces: String = (0..100_000)
        .map(|k| format!("(piece \"P{k}\")\n"))
        .collect();
    let d = errors_of(&checkers_with(&pieces));
    assert_eq!(messages(&d), ["too many `(piece …)` clauses"]);
    let at = d.items[0].span.start as usize;
    // The 256th of the file: `P0` is the first.
    assert!(
        d.source[at..].starts_with("(piece \"P255\")"),
        "{}",
        &d.source[at..at + 20]
    );
}

#[test]
fn a_chain_of_fifty_thousand_defines_is_refused_at_the_limit() {
    let mut chain: String = (0..50_000)
        .map(|k| format!("(define \"D{k}\" \"D{}\")\n", k + 1))
        .collect();
    chain.push_str("(define \"D50000\" (side Forward))\n");
    let d = errors_of(&checkers_with(&chain));
    assert_eq!(messages(&d), ["too many `(define …)` clauses"]);
}

/// Checkers with a chain of `n` defines `D0` → `D1` → … → `Dn`, `Dn` a
/// region, read by a region `Far2`, and `extra` clauses.
fn define_chain(n: usize, extra: &str) -> String {
    let mut chain: String = (0..n)
        .map(|k| format!("(define \"D{k}\" \"D{}\")\n", k + 1))
        .collect();
    chain.push_str(&format!("(define \"D{n}\" (side Forward))\n"));
    chain.push_str("(region \"Far2\" \"D0\")\n");
    chain.push_str(extra);
    checkers_with(&chain)
}

#[test]
fn a_long_define_chain_says_which_limit_it_hit_and_nothing_false() {
    let d = errors_of(&define_chain(4_000, ""));
    let first = &d.items[0];
    assert_eq!(first.message, "defines nest more than 32 deep");
    assert!(!first.message.contains("itself"));
    // Defines reached only through a used define are used.
    assert_eq!(d.count(Severity::Warning), 0, "{}", d.render());
    // A chain of 32 works.
    compile("chain.game", &define_chain(31, ""), &Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_define_that_calls_itself_is_named_with_its_cycle() {
    let text = checkers_with(
        "(define \"RA\" (union (\"RB\" #1)))\n(define \"RB\" (\"RA\" #1))\n(region \"X\" (\"RA\" 1))\n",
    );
    let d = errors_of(&text);
    let cycle = d
        .items
        .iter()
        .find(|x| x.message == "define `RA` calls itself")
        .unwrap_or_else(|| panic!("{}", d.render()));
    let help = cycle.help.as_deref().unwrap_or_default();
    assert!(help.contains("`RA` → `RB` → `RA`"), "{help}");
}

#[test]
fn a_define_taking_a_call_of_itself_as_argument_is_not_recursion() {
    let text = checkers_with(
        "(define \"Both\" (and #1 #2))\n(region \"X\" (\"Both\" (\"Both\" (side Forward) (side Forward)) (side Forward)))\n",
    );
    if let Err(LoadError::Rules(d)) = compile("t.game", &text, &Options::default()) {
        assert!(
            d.items.iter().all(|x| !x.message.contains("itself")),
            "{}",
            d.render()
        );
    }
}

#[test]
fn errors_come_before_warnings_and_none_is_hidden() {
    // 100 defines, 60 of them unused, and two real errors at the end.
    let unused: String = (0..60)
        .map(|k| format!("(define \"U{k}\" (side Forward))\n"))
        .collect();
    let text = define_chain(20, &format!("{unused}(bogus1)\n(bogus2)\n"));
    let d = errors_of(&text);
    let out = d.render();
    let real = out.find("unknown game ludeme `bogus2`").expect("shown");
    let warning = out.find("is never used").expect("warnings shown");
    assert!(real < warning, "{out}");
    assert_eq!(
        d.count(Severity::Warning),
        60,
        "the chain's defines are used"
    );
}

#[test]
fn an_exponential_define_reports_its_limit_alone() {
    let mut defs: String = (0..25)
        .map(|k| format!("(define \"E{k}\" (and \"E{}\" \"E{}\"))\n", k + 1, k + 1))
        .collect();
    defs.push_str("(define \"E25\" (bogus))\n(region \"X\" \"E0\")\n");
    let d = errors_of(&checkers_with(&defs));
    assert_eq!(
        messages(&d),
        ["defines expand to more than 1000000 clauses"]
    );
    assert_eq!(d.items.len(), 1, "{}", d.render());
}

/// Compiles `text` on a thread with a tokio worker's stack (2 MiB), where
/// `ludic serve` compiles the files it serves.
fn errors_on_a_small_stack(text: String) -> Vec<String> {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            messages(&errors_of(&text))
                .iter()
                .map(|m| m.to_string())
                .collect()
        })
        .unwrap()
        .join()
        .expect("no stack overflow")
}

#[test]
fn a_chain_of_deep_defines_is_refused_before_it_overflows_a_stack() {
    // 31 defines, each 120 `(not …)` around the next: 3,720 clauses deep
    // once expanded, though each define is within the limits.
    let (open, close) = ("(not ".repeat(120), ")".repeat(120));
    let mut text = String::from("(game \"T\" (players 2) (board (square 3 3)) (piece \"S\")\n");
    for i in 0..31 {
        text.push_str(&format!("(define \"N{i}\" {open}\"N{}\"{close})\n", i + 1));
    }
    text.push_str("(define \"N31\" Empty) (play (place \"S\" to:\"N0\")))\n");
    assert_eq!(
        errors_on_a_small_stack(text),
        ["defines expand to clauses nested more than 256 deep"]
    );
}

#[test]
fn a_deep_define_called_in_its_own_arguments_is_refused() {
    // One define 120 deep, called 100 times inside its own argument.
    let body = format!("{}#1{}", "(not ".repeat(120), ")".repeat(120));
    let calls = format!("{}Empty{}", "(\"W\" ".repeat(100), ")".repeat(100));
    let text = format!(
        "(game \"T\" (players 2) (board (square 3 3)) (piece \"S\") (define \"W\" {body}) (play (place \"S\" to:{calls})))"
    );
    assert_eq!(
        errors_on_a_small_stack(text),
        ["defines expand to clauses nested more than 256 deep"]
    );
}

#[test]
fn a_clause_with_more_errors_than_are_listed_says_so() {
    // 25 stray `@` in the game clause: 20 are listed (each repair parses
    // the clause again), then a note that more exist; the `@` inside
    // `(players 2 @)` is its own clause's error.
    let text = format!("(game \"x\"\n{}  (players 2 @))\n", "  @\n".repeat(25));
    let d = errors_of(&text);
    let m = messages(&d);
    assert_eq!(
        m.iter().filter(|x| x.starts_with("unexpected `@`")).count(),
        21,
        "{m:?}"
    );
    assert_eq!(
        m.iter()
            .filter(|x| x.starts_with("more syntax errors in this clause"))
            .count(),
        1,
        "{m:?}"
    );
}
