//! Tests of the printer: the layout rules one by one, comments never
//! dropped, and the round trip (print, parse, print again) on the shipped
//! files and, as property tests, on random trees, on random messy texts
//! with comments, and on mutated shipped files.

use super::{WIDTH, format_file, print_file};
use crate::syntax::ast::{Clause, Expr, File, Named, Span};
use crate::syntax::parse_file;
use proptest::prelude::*;

/// Formats text that must parse.
fn fmt(source: &str) -> String {
    match format_file(source) {
        Ok(text) => text,
        Err(diags) => panic!("does not parse: {diags:#?}\n{source}"),
    }
}

/// Parses text that must parse.
fn parse(source: &str) -> File {
    match parse_file(source) {
        Ok(file) => file,
        Err(diags) => panic!("does not parse: {diags:#?}\n{source}"),
    }
}

/// An expression with every span zeroed.
fn strip_expr(e: &Expr) -> Expr {
    let z = Span::default();
    match e {
        Expr::Clause(c) => Expr::Clause(Clause {
            head: c.head.clone(),
            head_span: z,
            head_is_str: c.head_is_str,
            args: c.args.iter().map(strip_expr).collect(),
            named: c
                .named
                .iter()
                .map(|n| Named {
                    name: n.name.clone(),
                    name_span: z,
                    value: strip_expr(&n.value),
                })
                .collect(),
            span: z,
        }),
        Expr::Array(items, _) => Expr::Array(items.iter().map(strip_expr).collect(), z),
        Expr::Str(s, _) => Expr::Str(s.clone(), z),
        Expr::Int(n, _) => Expr::Int(*n, z),
        Expr::Decimal(n, _) => Expr::Decimal(*n, z),
        Expr::Bool(b, _) => Expr::Bool(*b, z),
        Expr::Word(w, _) => Expr::Word(w.clone(), z),
        Expr::Toggle(t, _) => Expr::Toggle(t.clone(), z),
        Expr::Param(p, _) => Expr::Param(*p, z),
    }
}

/// The items of a file, spans zeroed.
fn stripped(file: &File) -> Vec<Expr> {
    file.items.iter().map(strip_expr).collect()
}

/// The comments of a file, in order, trailing blanks trimmed.
fn comment_texts(file: &File) -> Vec<String> {
    file.comments
        .iter()
        .map(|c| c.text.trim_end().to_string())
        .collect()
}

/// Checks everything the printer promises about `source`: the output parses
/// to the same tree with the same comments in the same order, and printing
/// it again changes nothing. Returns the output.
fn round_trip(source: &str) -> String {
    let before = parse(source);
    let once = fmt(source);
    let after = parse(&once);
    assert_eq!(
        stripped(&before),
        stripped(&after),
        "the tree changed:\n{once}"
    );
    assert_eq!(
        comment_texts(&before),
        comment_texts(&after),
        "comments changed:\n{once}"
    );
    let twice = fmt(&once);
    assert_eq!(once, twice, "not idempotent; input:\n{source}");
    assert!(once.is_empty() || once.ends_with('\n') && !once.ends_with("\n\n"));
    assert!(
        once.lines().all(|l| l == l.trim_end()),
        "trailing blanks:\n{once}"
    );
    once
}

// ---------------------------------------------------------------- layout

#[test]
fn a_clause_that_fits_goes_on_one_line_with_single_spaces() {
    assert_eq!(
        round_trip("(game   \"G\"\n (piece\n  \"Checker\" )\n\t(stack-limit 2))"),
        "(game \"G\" (piece \"Checker\") (stack-limit 2))\n"
    );
    assert_eq!(round_trip("{ NE  NW }"), "{NE NW}\n");
    assert_eq!(round_trip("( x )"), "(x)\n");
    assert_eq!(round_trip("{ }"), "{}\n");
}

#[test]
fn a_clause_too_wide_keeps_what_fits_on_its_first_line() {
    let src = "(toggle no_progress int default:80 range:{0 10000} \"Turns in a row with no man move and no capture before a draw\")";
    assert_eq!(
        round_trip(src),
        "(toggle no_progress int default:80 range:{0 10000}\n  \"Turns in a row with no man move and no capture before a draw\")\n"
    );
}

#[test]
fn arguments_after_the_first_that_does_not_fit_go_one_a_line() {
    let src =
        "(hop from:\"Man\" dirs:Forward over:Enemy to:Empty then:\"Crown\" chain:true a b c d)";
    assert_eq!(
        round_trip(src),
        "(hop from:\"Man\" dirs:Forward over:Enemy to:Empty then:\"Crown\" chain:true a b c\n  d)\n"
    );
    // `check:` does not fit, so it and everything after it go one a line.
    let src = "(place \"Stone\" to:Empty check:(and (not (and (role To \"Foot\") (any (neighbours To Enemy)))) (role To \"Alive\")) x y)";
    assert_eq!(
        round_trip(src),
        "(place \"Stone\" to:Empty\n  check:(and\n    (not (and (role To \"Foot\") (any (neighbours To Enemy))))\n    (role To \"Alive\"))\n  x\n  y)\n"
    );
}

#[test]
fn sibling_sub_clauses_line_up_below_the_head() {
    let src = "(players (player \"Black\" letter:\"B\" forward:S) (player \"White\" letter:\"W\" forward:N))";
    assert_eq!(
        round_trip(src),
        "(players\n  (player \"Black\" letter:\"B\" forward:S)\n  (player \"White\" letter:\"W\" forward:N))\n"
    );
    // One positional sub-clause may stay on the first line.
    let src = "(score (count (where (and Mine (role \"Body\")))) tie-break:(count (where (and Empty (any (neighbours Mine))))))";
    assert_eq!(
        round_trip(src),
        "(score (count (where (and Mine (role \"Body\"))))\n  tie-break:(count (where (and Empty (any (neighbours Mine))))))\n"
    );
}

#[test]
fn the_closing_brackets_count_towards_the_width() {
    // 78 characters alone, 80 with the two closing parentheses of `(b (a`.
    let inner = format!("(c {})", "x".repeat(73));
    assert_eq!(inner.len(), 77);
    let out = round_trip(&format!("(b {inner})"));
    assert_eq!(out, format!("(b\n  {inner})\n"));
    assert!(out.lines().all(|l| l.chars().count() <= WIDTH), "{out}");
    let out = round_trip(&format!("(a (b {inner}))"));
    assert_eq!(
        out,
        format!("(a\n  (b\n    (c\n      {})))\n", "x".repeat(73))
    );
}

#[test]
fn arrays_break_with_braces_and_spaces_and_values_fill_lines() {
    let src = "(priority {(hop from:\"Man\" dirs:Forward over:Enemy to:Empty then:\"Crown\") (hop from:\"King\" dirs:Diagonal)} {(step a) (step b)})";
    assert_eq!(
        round_trip(src),
        "(priority\n  { (hop from:\"Man\" dirs:Forward over:Enemy to:Empty then:\"Crown\")\n    (hop from:\"King\" dirs:Diagonal) }\n  {(step a) (step b)})\n"
    );
    let words: Vec<String> = (0..30).map(|i| format!("word{i}")).collect();
    let src = format!("(x choices:{{{}}})", words.join(" "));
    let out = round_trip(&src);
    assert_eq!(
        out,
        "(x\n  choices:{ word0 word1 word2 word3 word4 word5 word6 word7 word8 word9 word10\n    word11 word12 word13 word14 word15 word16 word17 word18 word19 word20 word21\n    word22 word23 word24 word25 word26 word27 word28 word29 })\n"
    );
}

#[test]
fn a_multi_line_first_element_starts_after_the_brace() {
    let long = format!("(a {})", "y ".repeat(45).trim_end());
    let out = round_trip(&format!("{{{long} (b)}}"));
    assert!(out.starts_with("{ (a y y"), "{out}");
    assert!(out.ends_with("\n  (b) }\n"), "{out}");
    assert!(out.contains("\n    y"), "{out}");
}

#[test]
fn tokens_are_written_canonically() {
    assert_eq!(
        round_trip(r#"(x "a\"b\\c\nd" -0042 true false $t #3 n:v ("Define" 1))"#),
        "(x \"a\\\"b\\\\c\\nd\" -42 true false $t #3 n:v (\"Define\" 1))\n"
    );
    assert_eq!(
        round_trip("(x -9223372036854775808)"),
        "(x -9223372036854775808)\n"
    );
}

#[test]
fn named_arguments_keep_their_place_among_positional_ones() {
    assert_eq!(
        round_trip("(toggle r bool default:true \"text\")"),
        "(toggle r bool default:true \"text\")\n"
    );
    assert_eq!(round_trip("(f a:1 b c:2 d)"), "(f a:1 b c:2 d)\n");
}

#[test]
fn blank_lines_are_kept_once_between_game_children_and_dropped_deeper() {
    let src = "(game \"G\"\n\n\n  (players\n\n    (player \"A\")\n    (player \"B\"))\n  (piece \"X\" an-argument-long-enough-to-break-the-game-clause)\n\n  (end (x)))\n\n\n(other)\n";
    assert_eq!(
        round_trip(src),
        "(game \"G\"\n\n  (players (player \"A\") (player \"B\"))\n  (piece \"X\" an-argument-long-enough-to-break-the-game-clause)\n\n  (end (x)))\n\n(other)\n"
    );
    // No blank line right after the head.
    assert_eq!(
        round_trip(
            "(game\n\n  (a-long-enough-argument-to-break-the-line-of-the-game-clause-in-two)\n  (b c))"
        ),
        "(game\n  (a-long-enough-argument-to-break-the-line-of-the-game-clause-in-two)\n  (b c))\n"
    );
    // A blank line where nothing is on a line of its own is dropped.
    assert_eq!(round_trip("(game\n\n \"G\"\n\n (b))"), "(game \"G\" (b))\n");
}

#[test]
fn crlf_and_byte_order_mark_are_normalised() {
    assert_eq!(
        round_trip("\u{feff}// c\r\n(a\r\n\r\n b)\r\n"),
        "// c\n(a b)\n"
    );
}

#[test]
fn empty_and_comment_only_files() {
    assert_eq!(round_trip(""), "");
    assert_eq!(round_trip("   \n\n"), "");
    assert_eq!(
        round_trip("// only   \n\n\n// comments"),
        "// only\n\n// comments\n"
    );
}

// -------------------------------------------------------------- comments

#[test]
fn an_own_line_comment_stays_before_the_next_expression_at_its_indentation() {
    let src = "(game \"G\"\n// about a\n      (a)\n  (b))";
    assert_eq!(
        round_trip(src),
        "(game \"G\"\n  // about a\n  (a)\n  (b))\n"
    );
}

#[test]
fn an_end_of_line_comment_stays_after_its_expression() {
    let src = "(game \"G\" // the name\n  (a) // about a\n  (b))";
    assert_eq!(
        round_trip(src),
        "(game \"G\" // the name\n  (a) // about a\n  (b))\n"
    );
}

#[test]
fn an_end_of_line_comment_after_the_last_argument_moves_past_the_brackets() {
    assert_eq!(
        round_trip("(a (b c // about c\n))"),
        "(a (b c)) // about c\n"
    );
    assert_eq!(
        round_trip("(a (b c // about c\n) d)"),
        "(a (b c) // about c\n  d)\n"
    );
    // Not when the clause has its own end-of-line comment.
    assert_eq!(
        round_trip("(a b // one\n) // two\n"),
        "(a b // one\n) // two\n"
    );
    // Nor past a bracket that stands on a line of its own.
    assert_eq!(
        round_trip("{{x // one\n} // two\n}"),
        "{ { x // one\n  } // two\n}\n"
    );
}

#[test]
fn a_comment_after_the_last_argument_stays_before_the_closing_bracket() {
    assert_eq!(
        round_trip("(a b\n // the end\n )"),
        "(a b\n  // the end\n)\n"
    );
    assert_eq!(round_trip("{x\n // end\n}"), "{ x\n  // end\n}\n");
    assert_eq!(round_trip("(a // only\n)"), "(a // only\n)\n");
    assert_eq!(round_trip("(a\n // only\n)"), "(a\n  // only\n)\n");
}

#[test]
fn a_comment_inside_forces_the_several_line_layout() {
    assert_eq!(
        round_trip("(a (b\n // c\n x) y)"),
        "(a\n  (b\n    // c\n    x)\n  y)\n"
    );
    assert_eq!(round_trip("{(x) // c\n (y)}"), "{ (x) // c\n  (y) }\n");
}

#[test]
fn a_comment_after_the_head_stays_one_before_it_moves_below() {
    assert_eq!(
        round_trip("( // c\n head a b)"),
        "(head\n  // c\n  a\n  b)\n"
    );
    assert_eq!(round_trip("(head // c\n a)"), "(head // c\n  a)\n");
    assert_eq!(
        round_trip("(x then:{ // first\n (a) (b)})"),
        "(x\n  then:{ // first\n    (a)\n    (b) })\n"
    );
    assert_eq!(
        round_trip("(x then:{\n // first\n (a) (b)})"),
        "(x\n  then:{\n    // first\n    (a)\n    (b) })\n"
    );
}

#[test]
fn no_comment_is_ever_dropped() {
    let src = "// 1\n(a // 2\n // 3\n ( // 4\n b // 5\n c:{ // 6\n d // 7\n } // 8\n ) // 9\n // 10\n) // 11\n// 12\n";
    let out = round_trip(src);
    for n in 1..=12 {
        assert!(out.contains(&format!("// {n}\n")), "// {n} lost:\n{out}");
    }
}

// -------------------------------------------------------- shipped files

/// The shipped rule files, `(path, text)`.
fn shipped() -> Vec<(String, String)> {
    let mut files: Vec<_> = std::fs::read_dir("games")
        .expect("games/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("read");
            (p.display().to_string(), text)
        })
        .collect()
}

#[test]
fn every_shipped_file_round_trips_and_is_already_canonical() {
    for (path, text) in shipped() {
        let out = round_trip(&text);
        assert!(
            out == text,
            "{path} is not in canonical layout: run `ludic fmt --write {path}`"
        );
    }
}

// ------------------------------------------------------ property tests

/// An identifier: a word, a name, a toggle.
fn ident() -> impl Strategy<Value = String> {
    "[A-Za-z][A-Za-z0-9_-]{0,7}"
}

/// A bare word (not `true`/`false`, which are booleans).
fn word() -> impl Strategy<Value = String> {
    ident().prop_filter("a boolean", |w| w != "true" && w != "false")
}

/// The text of a string: anything but a carriage return or another
/// control character than tab (refused in strings), with quotes,
/// backslashes and newlines likely.
fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            4 => any::<char>().prop_filter("no control", |c| !c.is_control() || *c == '\t'),
            1 => Just('"'),
            1 => Just('\\'),
            1 => Just('\n'),
            1 => Just(' '),
        ],
        0..12,
    )
    .prop_map(|cs| cs.into_iter().collect())
}

/// A random expression, spans zeroed.
fn expr() -> impl Strategy<Value = Expr> {
    let z = Span::default();
    let leaf = prop_oneof![
        text().prop_map(move |s| Expr::Str(s, z)),
        any::<i64>().prop_map(move |n| Expr::Int(n, z)),
        (-20i64..20).prop_map(move |n| Expr::Int(n, z)),
        any::<bool>().prop_map(move |b| Expr::Bool(b, z)),
        word().prop_map(move |w| Expr::Word(w, z)),
        ident().prop_map(move |t| Expr::Toggle(t, z)),
        (1u32..=u32::MAX).prop_map(move |p| Expr::Param(p, z)),
    ];
    leaf.prop_recursive(5, 80, 6, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(move |v| Expr::Array(v, z)),
            (
                prop_oneof![
                    3 => ident().prop_map(|h| (h, false)),
                    1 => text().prop_map(|h| (h, true)),
                ],
                prop::collection::vec(inner.clone(), 0..6),
                prop::collection::vec((ident(), inner), 0..3),
            )
                .prop_map(move |((head, head_is_str), args, named)| {
                    Expr::Clause(Clause {
                        head,
                        head_span: z,
                        head_is_str,
                        args,
                        named: named
                            .into_iter()
                            .map(|(name, value)| Named {
                                name,
                                name_span: z,
                                value,
                            })
                            .collect(),
                        span: z,
                    })
                }),
        ]
    })
}

/// What goes between two tokens in a messy text; the comment ones are
/// numbered so that each comment is unique.
const SEPARATORS: &[&str] = &[
    " ",
    "\n",
    "\n\n\n",
    "\t  ",
    " // c{}\n",
    "\n  // c{}\n\n",
    "   //c{} trailing blanks   \n",
];

/// Writes `expr` as text, with separators drawn in turn from `seps`
/// (indices into [`SEPARATORS`]) between tokens and inside brackets.
struct Messy<'a> {
    seps: &'a [usize],
    next: usize,
    out: String,
}

impl Messy<'_> {
    /// Writes the next separator; `may_be_empty` when none is needed.
    fn sep(&mut self, may_be_empty: bool) {
        let i = self.seps[self.next % self.seps.len()];
        self.next += 1;
        if may_be_empty && i.is_multiple_of(3) {
            return;
        }
        self.out
            .push_str(&SEPARATORS[i % SEPARATORS.len()].replace("{}", &self.next.to_string()));
    }

    fn expr(&mut self, e: &Expr) {
        match e {
            Expr::Clause(c) => {
                self.out.push('(');
                self.sep(true);
                self.out.push_str(&if c.head_is_str {
                    super::quote(&c.head)
                } else {
                    c.head.clone()
                });
                // Named arguments first, then positional ones: any order
                // gives the same tree.
                for n in &c.named {
                    self.sep(false);
                    self.out.push_str(&n.name);
                    self.out.push(':');
                    self.expr(&n.value);
                }
                for a in &c.args {
                    self.sep(false);
                    self.expr(a);
                }
                self.sep(true);
                self.out.push(')');
            }
            Expr::Array(items, _) => {
                self.out.push('{');
                for (k, a) in items.iter().enumerate() {
                    self.sep(k == 0);
                    self.expr(a);
                }
                self.sep(true);
                self.out.push('}');
            }
            atom => {
                let text = print_file(
                    &File {
                        items: vec![atom.clone()],
                        comments: Vec::new(),
                    },
                    "",
                );
                self.out.push_str(text.trim_end());
            }
        }
    }
}

/// A random tree written as a messy text, with comments everywhere.
fn messy(items: &[Expr], seps: &[usize]) -> String {
    let mut m = Messy {
        seps,
        next: 0,
        out: String::new(),
    };
    m.sep(true);
    for e in items {
        m.expr(e);
        m.sep(false);
    }
    m.out
}

/// Whitespace runs of `text` outside strings and comments, each with
/// whether a comment ends right before it.
fn blank_runs(text: &str) -> Vec<(usize, usize, bool)> {
    let bytes = text.as_bytes();
    let mut runs = Vec::new();
    let mut i = 0;
    let mut after_comment = false;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                after_comment = false;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                after_comment = true;
            }
            b' ' | b'\t' | b'\n' | b'\r' => {
                let start = i;
                while i < bytes.len() && matches!(bytes[i], b' ' | b'\t' | b'\n' | b'\r') {
                    i += 1;
                }
                runs.push((start, i, after_comment));
                after_comment = false;
            }
            _ => {
                i += 1;
                after_comment = false;
            }
        }
    }
    runs
}

/// A shipped file with some of its whitespace runs replaced by separators
/// (comments included); a run after a comment keeps a line break.
fn mutate(text: &str, seps: &[usize]) -> String {
    let mut out = String::new();
    let mut last = 0;
    for (k, (start, end, after_comment)) in blank_runs(text).into_iter().enumerate() {
        out.push_str(&text[last..start]);
        let choice = seps[k % seps.len()];
        let sep = if choice >= SEPARATORS.len() {
            // Most runs stay as they were.
            text[start..end].to_string()
        } else {
            SEPARATORS[choice].replace("{}", &format!("m{k}"))
        };
        if after_comment && !sep.starts_with('\n') {
            out.push('\n');
        }
        out.push_str(&sep);
        last = end;
    }
    out.push_str(&text[last..]);
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// parse(print(tree)) is the tree, and printing is a fixed point.
    #[test]
    fn printing_a_random_tree_parses_back_to_it(items in prop::collection::vec(expr(), 0..4)) {
        let file = File { items, comments: Vec::new() };
        let text = print_file(&file, "");
        let parsed = parse_file(&text);
        prop_assert!(parsed.is_ok(), "does not parse:\n{text}\n{parsed:#?}");
        let parsed = parsed.unwrap();
        prop_assert_eq!(stripped(&parsed), file.items.clone(), "{}", text);
        prop_assert_eq!(print_file(&parsed, &text), text);
    }

    /// A messy text of a random tree with comments anywhere: formatting keeps
    /// the tree and every comment, and is idempotent.
    #[test]
    fn formatting_a_messy_text_keeps_tree_and_comments(
        items in prop::collection::vec(expr(), 0..4),
        seps in prop::collection::vec(0..SEPARATORS.len() * 3, 1..40),
    ) {
        let text = messy(&items, &seps);
        let before = parse_file(&text);
        prop_assert!(before.is_ok(), "does not parse:\n{text}\n{before:#?}");
        let before = before.unwrap();
        prop_assert_eq!(stripped(&before), items);
        let once = format_file(&text).unwrap();
        let after = parse_file(&once);
        prop_assert!(after.is_ok(), "output does not parse:\n{once}");
        let after = after.unwrap();
        prop_assert_eq!(stripped(&after), stripped(&before), "{}", once);
        prop_assert_eq!(comment_texts(&after), comment_texts(&before), "{}", once);
        prop_assert_eq!(format_file(&once).unwrap(), once.clone(), "input:\n{}", text);
    }

    /// The shipped files with their whitespace shuffled and comments added:
    /// formatting keeps the tree and every comment, and is idempotent.
    #[test]
    fn formatting_a_mutated_shipped_file_keeps_tree_and_comments(
        pick in any::<prop::sample::Index>(),
        seps in prop::collection::vec(0..SEPARATORS.len() * 4, 1..60),
    ) {
        let files = shipped();
        let (_, text) = &files[pick.index(files.len())];
        let mutated = mutate(text, &seps);
        let before = parse_file(&mutated);
        prop_assert!(before.is_ok(), "does not parse:\n{mutated}");
        let before = before.unwrap();
        prop_assert_eq!(stripped(&before), stripped(&parse(text)));
        let once = format_file(&mutated).unwrap();
        let after = parse(&once);
        prop_assert_eq!(stripped(&after), stripped(&before));
        prop_assert_eq!(comment_texts(&after), comment_texts(&before), "{}", once);
        prop_assert_eq!(format_file(&once).unwrap(), once.clone(), "input:\n{}", mutated);
    }
}
