//! Property tests over the shipped rule files (docs/testing.md):
//!
//! 1. Mutated rule files never panic the pipeline. A shipped file's text
//!    gets 1–4 random token- and character-level mutations; loading it as
//!    the CLI does (parse, variants and their `base:` files, defines,
//!    toggles, lowering) returns a game or diagnostics whose spans lie in
//!    the text and whose rendering names `file:line:col`. A mutant that
//!    compiles is played: initial state, legal steps and turns, a seeded
//!    random playout with a small turn cap.
//! 2. Random playouts of every shipped file, with random toggle settings
//!    drawn from each toggle's declared range or choices, never panic and
//!    end by the rules (an outcome, not the runner's cap), within the
//!    game's turn limit when it declares one.
//!
//! Every file in `games/` is covered, each with its own proptest runner
//! and a fixed seed derived from the file name, so the cases are the same
//! on every run. `PROPTEST_CASES=N` changes the number of cases per file
//! and `PROPTEST_RNG_SEED=S` the seed (to explore beyond the fixed cases).
//! A failure prints the shrunk case; add it below as a regression test.

use ludic::compile::{self, Game, LoadError, Options};
use ludic::compile::{ToggleType, Value};
use ludic::diag::Diagnostics;
use ludic::engine::{State, playout};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestError, TestRunner};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The shipped rule files, `(path, text)`, read from `games/`, sorted.
fn game_files() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir("games")
        .expect("games/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("read");
            (
                format!("games/{}", p.file_name().unwrap().to_string_lossy()),
                text,
            )
        })
        .collect();
    out.sort();
    assert!(!out.is_empty(), "no games/*.game");
    out
}

/// FNV-1a, to give each file its own fixed seed.
fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    })
}

/// A runner with `cases` cases (unless `PROPTEST_CASES` is set) and a seed
/// fixed per file (unless `PROPTEST_RNG_SEED` is set); no persistence
/// files: the seed makes the cases reproducible.
fn runner(cases: u32, file: &str, salt: u64) -> TestRunner {
    let mut config = Config::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    let base = match config.rng_seed {
        RngSeed::Fixed(s) => s,
        RngSeed::Random => 0x6c75_6469_6370_726f,
    };
    config.rng_seed = RngSeed::Fixed(base ^ fnv(file) ^ salt);
    config.failure_persistence = None;
    // Shrinking a slow case can take long: a bounded number of steps.
    config.max_shrink_iters = 2000;
    TestRunner::new(config)
}

/// Runs `test` over `strategy` for every file; reports every failing file.
fn for_every_file<S, F>(cases: u32, salt: u64, strategy: impl Fn(&str, &str) -> S, test: F)
where
    S: Strategy,
    S::Value: std::fmt::Debug,
    F: Fn(&str, &str, S::Value) -> Result<(), TestCaseError>,
{
    let mut failures = Vec::new();
    for (file, text) in game_files() {
        let mut r = runner(cases, &file, salt);
        let started = std::time::Instant::now();
        let result = r.run(&strategy(&file, &text), |v| test(&file, &text, v));
        eprintln!(
            "{file}: {} cases in {:.2?}",
            r.config().cases,
            started.elapsed()
        );
        match result {
            Ok(()) => {}
            Err(TestError::Fail(why, case)) => {
                failures.push(format!("{file}: {why}\nminimal case: {case:#?}"))
            }
            Err(TestError::Abort(why)) => failures.push(format!("{file}: aborted: {why}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

// ---------------------------------------------------------------------------
// Mutations

/// A token of a rule file: a byte range.
type Tok = std::ops::Range<usize>;

/// Splits rule text into tokens (whitespace dropped): brackets, strings,
/// comments, numbers, `$name`, `#n`, words, and any other single char.
fn tokens(text: &str) -> Vec<Tok> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'-';
    while i < b.len() {
        let c = b[i];
        let start = i;
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if text[i..].starts_with("//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if c == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' && b[i] != b'\n' {
                i += if b[i] == b'\\' && i + 1 < b.len() {
                    2
                } else {
                    1
                };
            }
            i = (i + 1).min(b.len());
        } else if c.is_ascii_digit() || (c == b'-' && b.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            i += 1;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
        } else if c == b'$' || c == b'#' || c.is_ascii_alphabetic() {
            i += 1;
            while i < b.len() && ident(b[i]) {
                i += 1;
            }
        } else {
            i += text[i..].chars().next().map_or(1, char::len_utf8);
        }
        while !text.is_char_boundary(i) {
            i += 1;
        }
        out.push(start..i);
    }
    out
}

/// The kind of a token, for replacements and swaps that keep it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Open,
    Close,
    Str,
    Comment,
    Number,
    Word,
    Other,
}

fn kind(text: &str, t: &Tok) -> Kind {
    let s = &text[t.clone()];
    match s.as_bytes()[0] {
        b'(' | b'{' => Kind::Open,
        b')' | b'}' => Kind::Close,
        b'"' => Kind::Str,
        b'/' if s.starts_with("//") => Kind::Comment,
        b'-' | b'0'..=b'9' if s.len() > 1 || s != "-" => Kind::Number,
        b'$' | b'#' => Kind::Word,
        c if c.is_ascii_alphabetic() => Kind::Word,
        _ => Kind::Other,
    }
}

/// The balanced groups `( … )` and `{ … }` of the text, as byte ranges.
fn groups(text: &str, toks: &[Tok]) -> Vec<Tok> {
    let mut open = Vec::new();
    let mut out = Vec::new();
    for t in toks {
        match kind(text, t) {
            Kind::Open => open.push(t.start),
            Kind::Close => {
                if let Some(start) = open.pop() {
                    out.push(start..t.end);
                }
            }
            _ => {}
        }
    }
    out.sort_by_key(|r| r.start);
    out
}

/// What replaces a token.
#[derive(Debug, Clone)]
enum Replacement {
    /// Another token of the same text.
    FromFile(Index),
    /// Another token of the same kind (a word for a word).
    SameKind(Index),
    /// An odd token.
    Odd(&'static str),
    /// A random word.
    Word(String),
    /// A non-ASCII character.
    Char(char),
}

/// One mutation; indices pick a token, a group or a char position in the
/// text as it is when the mutation is applied.
#[derive(Debug, Clone)]
enum Mutation {
    DeleteToken(Index),
    DuplicateToken(Index),
    SwapTokens(Index, Index),
    /// Swaps two tokens of the same kind.
    SwapSameKind(Index, Index),
    ReplaceToken(Index, Replacement),
    ChangeNumber(Index, Number),
    /// Deletes a balanced `( … )` or `{ … }`.
    DeleteGroup(Index),
    /// Writes a balanced group twice.
    DuplicateGroup(Index),
    /// Swaps two balanced groups that do not overlap.
    SwapGroups(Index, Index),
    DeleteRange(Index, usize),
    DuplicateRange(Index, usize),
    InsertChars(Index, String),
}

const ODD: &[&str] = &[
    "(",
    ")",
    "{",
    "}",
    "\"",
    ":",
    "$1",
    "#x",
    "#0",
    "#9",
    "-1",
    "0",
    "99999999999",
    "true",
    "false",
    "//",
    "\"\"",
    "()",
    "{}",
];

const ODD_CHARS: &[char] = &[
    'é', '→', '≥', '😀', '\u{FEFF}', '\u{0301}', '\u{200B}', 'ß', '中', '\u{7f}', '\0',
];

/// Numbers a number token may become: 0, signs, powers of two around the
/// integer types' limits, numbers past i64.
/// What a number token becomes.
#[derive(Debug, Clone, Copy)]
enum Number {
    /// This number.
    Is(i128),
    /// The number it was, plus this.
    Plus(i8),
}

fn number() -> impl Strategy<Value = Number> {
    prop_oneof![
        4 => (-3i8..=3).prop_map(Number::Plus),
        4 => number_is().prop_map(Number::Is),
    ]
}

fn number_is() -> impl Strategy<Value = i128> {
    prop_oneof![
        3 => -3i128..=12,
        2 => -1000i128..1000,
        2 => prop::sample::select(vec![
            255i128, 256, 32767, 32768, 65535, 65536, 1 << 31, (1 << 31) - 1, 1 << 32,
            99_999_999_999, -99_999_999_999, i64::MAX as i128, i64::MIN as i128,
            i64::MAX as i128 + 1, u64::MAX as i128 + 1, 100_000_000_000_000_000_000,
        ]),
        1 => any::<i64>().prop_map(i128::from),
    ]
}

fn word() -> impl Strategy<Value = String> {
    "[a-zA-Z][a-zA-Z0-9_-]{0,8}"
}

fn replacement() -> impl Strategy<Value = Replacement> {
    prop_oneof![
        2 => any::<Index>().prop_map(Replacement::FromFile),
        4 => any::<Index>().prop_map(Replacement::SameKind),
        3 => prop::sample::select(ODD).prop_map(Replacement::Odd),
        1 => word().prop_map(Replacement::Word),
        1 => prop::sample::select(ODD_CHARS).prop_map(Replacement::Char),
    ]
}

fn inserted() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            4 => prop::char::range(' ', '~'),
            1 => prop::sample::select(vec!['\n', '\t', '\r']),
            1 => prop::sample::select(ODD_CHARS),
        ],
        1..5,
    )
    .prop_map(|v| v.into_iter().collect())
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        3 => any::<Index>().prop_map(Mutation::DeleteToken),
        2 => any::<Index>().prop_map(Mutation::DuplicateToken),
        2 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::SwapTokens(a, b)),
        3 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::SwapSameKind(a, b)),
        6 => (any::<Index>(), replacement()).prop_map(|(a, r)| Mutation::ReplaceToken(a, r)),
        8 => (any::<Index>(), number()).prop_map(|(a, n)| Mutation::ChangeNumber(a, n)),
        2 => any::<Index>().prop_map(Mutation::DeleteGroup),
        2 => any::<Index>().prop_map(Mutation::DuplicateGroup),
        2 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::SwapGroups(a, b)),
        2 => (any::<Index>(), 1usize..24).prop_map(|(a, n)| Mutation::DeleteRange(a, n)),
        1 => (any::<Index>(), 1usize..24).prop_map(|(a, n)| Mutation::DuplicateRange(a, n)),
        2 => (any::<Index>(), inserted()).prop_map(|(a, s)| Mutation::InsertChars(a, s)),
    ]
}

/// Replaces `range` of `text` with `with`.
fn splice(text: &str, range: Tok, with: &str) -> String {
    let mut s = String::with_capacity(text.len() + with.len());
    s.push_str(&text[..range.start]);
    s.push_str(with);
    s.push_str(&text[range.end..]);
    s
}

/// The byte offsets of the char boundaries of `text` (its end included).
fn boundaries(text: &str) -> Vec<usize> {
    text.char_indices()
        .map(|(i, _)| i)
        .chain(std::iter::once(text.len()))
        .collect()
}

/// `n` chars from the char boundary `at`, as a byte range.
fn char_range(text: &str, at: &Index, n: usize) -> Tok {
    let b = boundaries(text);
    let i = at.index(b.len());
    b[i]..b[(i + n).min(b.len() - 1)]
}

/// Swaps two byte ranges of `text`; unchanged if they overlap.
fn swap(text: &str, a: Tok, b: Tok) -> String {
    let (a, b) = if a.start <= b.start { (a, b) } else { (b, a) };
    if a.end > b.start {
        return text.to_string();
    }
    format!(
        "{}{}{}{}{}",
        &text[..a.start],
        &text[b.clone()],
        &text[a.end..b.start],
        &text[a.clone()],
        &text[b.end..]
    )
}

/// Applies one mutation.
fn apply(text: &str, m: &Mutation) -> String {
    let toks = tokens(text);
    let tok = |i: &Index| toks[i.index(toks.len())].clone();
    if toks.is_empty() && !matches!(m, Mutation::InsertChars(..)) {
        return text.to_string();
    }
    match m {
        Mutation::DeleteToken(i) => splice(text, tok(i), ""),
        Mutation::DuplicateToken(i) => {
            let t = tok(i);
            let copy = format!(" {}", &text[t.clone()]);
            splice(text, t.end..t.end, &copy)
        }
        Mutation::SwapTokens(a, b) => swap(text, tok(a), tok(b)),
        Mutation::SwapSameKind(a, b) => {
            let a = tok(a);
            let k = kind(text, &a);
            let same: Vec<&Tok> = toks.iter().filter(|t| kind(text, t) == k).collect();
            swap(text, a, same[b.index(same.len())].clone())
        }
        Mutation::DeleteGroup(i) | Mutation::DuplicateGroup(i) | Mutation::SwapGroups(i, _) => {
            let gs = groups(text, &toks);
            if gs.is_empty() {
                return text.to_string();
            }
            let g = gs[i.index(gs.len())].clone();
            match m {
                Mutation::DeleteGroup(_) => splice(text, g, ""),
                Mutation::DuplicateGroup(_) => {
                    let copy = format!(" {}", &text[g.clone()]);
                    splice(text, g.end..g.end, &copy)
                }
                Mutation::SwapGroups(_, j) => swap(text, g, gs[j.index(gs.len())].clone()),
                _ => unreachable!(),
            }
        }
        Mutation::ReplaceToken(i, r) => {
            let with = match r {
                Replacement::FromFile(j) => text[tok(j)].to_string(),
                Replacement::SameKind(j) => {
                    let k = kind(text, &tok(i));
                    let same: Vec<&Tok> = toks.iter().filter(|t| kind(text, t) == k).collect();
                    text[same[j.index(same.len())].clone()].to_string()
                }
                Replacement::Odd(s) => s.to_string(),
                Replacement::Word(w) => w.clone(),
                Replacement::Char(c) => c.to_string(),
            };
            splice(text, tok(i), &with)
        }
        Mutation::ChangeNumber(i, n) => {
            let numbers: Vec<&Tok> = toks
                .iter()
                .filter(|t| kind(text, t) == Kind::Number)
                .collect();
            if numbers.is_empty() {
                return text.to_string();
            }
            let t = numbers[i.index(numbers.len())].clone();
            let new = match n {
                Number::Is(v) => *v,
                Number::Plus(d) => text[t.clone()].parse::<i128>().unwrap_or(0) + *d as i128,
            };
            splice(text, t, &new.to_string())
        }
        Mutation::DeleteRange(at, n) => splice(text, char_range(text, at, *n), ""),
        Mutation::DuplicateRange(at, n) => {
            let r = char_range(text, at, *n);
            let copy = text[r.clone()].to_string();
            splice(text, r.end..r.end, &copy)
        }
        Mutation::InsertChars(at, s) => {
            let b = boundaries(text);
            let p = b[at.index(b.len())];
            splice(text, p..p, s)
        }
    }
}

fn mutated(text: &str, ms: &[Mutation]) -> String {
    ms.iter().fold(text.to_string(), |t, m| apply(&t, m))
}

// ---------------------------------------------------------------------------
// Checks

/// Whether `text` has `NAME:LINE:COL` for one of `names`.
fn locations(text: &str, names: &[&str]) -> usize {
    let mut n = 0;
    for name in names {
        let pat = format!("{name}:");
        for (i, _) in text.match_indices(&pat) {
            let rest = &text[i + pat.len()..];
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            let after = &rest[digits..];
            let col = after
                .strip_prefix(':')
                .map_or(0, |r| r.bytes().take_while(u8::is_ascii_digit).count());
            if digits > 0 && col > 0 {
                n += 1;
            }
        }
    }
    n
}

/// Every span lies within the source, on char boundaries.
fn check_spans(d: &Diagnostics) -> Result<(), TestCaseError> {
    for item in &d.items {
        let (s, e) = (item.span.start as usize, item.span.end as usize);
        prop_assert!(
            s <= e && e <= d.source.len(),
            "span {s}..{e} outside the text ({} bytes): {item:?}",
            d.source.len()
        );
        prop_assert!(
            d.source.is_char_boundary(s) && d.source.is_char_boundary(e),
            "span {s}..{e} not on char boundaries: {item:?}"
        );
    }
    Ok(())
}

/// Diagnostics render with a `file:line:col` for each of them.
fn check_render(d: &Diagnostics) -> Result<(), TestCaseError> {
    let text = d.render();
    let mut names: Vec<&str> = d.parts.iter().map(|p| p.0.as_str()).collect();
    names.push(&d.file);
    names.sort();
    names.dedup();
    prop_assert!(
        locations(&text, &names) >= d.items.len(),
        "{} diagnostic(s) but fewer file:line:col in:\n{text}",
        d.items.len()
    );
    Ok(())
}

/// Loads `text` as the file `file` (the CLI's path: `compile::compile`
/// after `read_source`) and, if it compiles, plays it a little.
fn load_and_play(file: &str, text: &str, seed: u64) -> Result<(), TestCaseError> {
    let result = compile::compile(file, text, &Options::default());
    let kind = match &result {
        Ok(_) => 0,
        Err(LoadError::Rules(d)) if d.parts.len() <= 1 && parse_error(d) => 1,
        Err(_) => 2,
    };
    STATS[kind].fetch_add(1, Ordering::Relaxed);
    match result {
        Ok((game, warnings)) => {
            check_spans(&warnings)?;
            if !warnings.items.is_empty() {
                check_render(&warnings)?;
            }
            play_a_little(Arc::new(game), seed);
            Ok(())
        }
        Err(LoadError::Rules(d)) => {
            prop_assert!(d.has_errors(), "Err without an error:\n{}", d.render());
            check_spans(&d)?;
            check_render(&d)
        }
        Err(e) => Err(TestCaseError::fail(format!("not a rules error: {e}"))),
    }
}

/// Mutants that compiled, failed to parse, failed later.
static STATS: [AtomicUsize; 3] = [const { AtomicUsize::new(0) }; 3];

/// Whether the diagnostics are the parser's (a syntax error).
fn parse_error(d: &Diagnostics) -> bool {
    ludic::syntax::parse_file(&d.source).is_err()
}

/// The initial position, its picture, its legal steps and turns in
/// notation (as `ludic show`, `moves` and `snapshot` list them), and a
/// seeded random playout of at most 200 turns.
fn play_a_little(game: Arc<Game>, seed: u64) {
    let st = State::new_seeded(game, seed);
    let _ = ludic::render::render(&st);
    for m in st.legal_moves().iter().take(2000) {
        let _ = st.move_to_string(m);
    }
    let _ = st.legal_turn_strings();
    let _ = st.outcome();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let _ = playout(st, &mut rng, 200, &mut Vec::new());
}

/// Cases per file of property 1. The default run is sized for the test
/// suite (every file, a few seconds in all); `PROPTEST_CASES=2000` explores
/// further (docs/testing.md).
const MUTATION_CASES: u32 = 64;

/// Cases per file of property 2: a Genocide playout is a few hundred turns
/// of costly turn lists, so fewer than property 1.
const PLAYOUT_CASES: u32 = 48;

/// Property 1.
#[test]
fn mutated_rule_files_never_panic_the_pipeline() {
    for_every_file(
        MUTATION_CASES,
        1,
        |_, _| (prop::collection::vec(mutation(), 1..=4), any::<u64>()),
        |file, text, (ms, seed)| {
            let mutant = mutated(text, &ms);
            let run = || load_and_play(file, &mutant, seed);
            let result = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)) {
                Ok(r) => r,
                Err(p) => {
                    let why = p
                        .downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| p.downcast_ref::<String>().cloned())
                        .unwrap_or_default();
                    Err(TestCaseError::fail(format!("panicked: {why}")))
                }
            };
            // The mutant's text with the failure, to make a regression test.
            result.map_err(|e| {
                TestCaseError::fail(format!("{e}\n--- the mutant (seed {seed}):\n{mutant}\n---"))
            })
        },
    );
    let n = STATS.each_ref().map(|a| a.load(Ordering::Relaxed));
    eprintln!(
        "mutants (shrinking included): {} compiled, {} syntax errors, {} later errors",
        n[0], n[1], n[2]
    );
}

// ---------------------------------------------------------------------------
// Playouts with random toggles

/// The runner's safety cap on turns, far beyond any shipped game's length.
const CAP: u32 = 200_000;

/// How far above its minimum an int toggle is drawn.
const WIDE: i64 = 1024;

/// A number of `lo..=hi` whose distance from `lo` is log-uniform: every
/// order of magnitude of a wide range is as likely.
fn log_uniform(lo: i64, hi: i64) -> impl Strategy<Value = i64> {
    let width = hi.abs_diff(lo);
    let bits = 64 - width.leading_zeros();
    (0..=bits, any::<u64>()).prop_map(move |(b, r)| {
        let span = if b >= 64 { u64::MAX } else { (1u64 << b) - 1 };
        let off = (r & span).min(width);
        lo.wrapping_add(off as i64)
    })
}

/// A value for each toggle, drawn from its declared type.
fn toggle_values(game: &Game) -> impl Strategy<Value = Vec<String>> + use<> {
    let per: Vec<BoxedStrategy<String>> = game
        .options()
        .iter()
        .map(|t| match &t.ty {
            ToggleType::Bool => any::<bool>().prop_map(|b| b.to_string()).boxed(),
            ToggleType::Int { min, max } => {
                let (lo, hi) = (*min, *max);
                let default = match t.default {
                    Value::Int(i) => i,
                    _ => lo,
                };
                // Values more than WIDE above the minimum are not drawn: a
                // turn cap of 100000 makes one Genocide playout last a
                // minute. The maximum is drawn when it is within reach.
                let top = hi.min(lo.saturating_add(WIDE));
                prop_oneof![
                    3 => Just(default.clamp(lo, top)),
                    1 => Just(lo),
                    1 => Just(top),
                    // Small values are where the rules change most.
                    3 => lo..=hi.min(lo.saturating_add(20)),
                    2 => log_uniform(lo, top),
                ]
                .prop_map(|i| i.to_string())
                .boxed()
            }
            ToggleType::Choice(c) => prop::sample::select(c.clone()).boxed(),
            // A decimal (Go's komi), in tenths: its ends or any between,
            // written with one digit after the point.
            ToggleType::Decimal { min, max } => {
                let (lo, hi) = (*min, *max);
                prop_oneof![1 => Just(lo), 1 => Just(hi), 3 => lo..=hi]
                    .prop_map(|t| {
                        let a = t.unsigned_abs();
                        format!("{}{}.{}", if t < 0 { "-" } else { "" }, a / 10, a % 10)
                    })
                    .boxed()
            }
        })
        .collect();
    let names: Vec<String> = game.options().iter().map(|t| t.name.clone()).collect();
    per.prop_map(move |vals| {
        names
            .iter()
            .zip(vals)
            .map(|(n, v)| format!("{n}={v}"))
            .collect()
    })
}

/// Property 2.
#[test]
fn random_playouts_of_every_shipped_file_end_by_the_rules() {
    for_every_file(
        PLAYOUT_CASES,
        2,
        |file, text| {
            let default = Game::from_source(file, text, &Options::default());
            let game = default.unwrap_or_else(|e| panic!("a shipped file does not load: {e}"));
            (toggle_values(&game), any::<u64>())
        },
        |file, _, (sets, seed)| {
            let game = Game::load(file, &Options::from_sets(&sets).unwrap())
                .map_err(|e| TestCaseError::fail(format!("{sets:?}: {e}")))?;
            let limit = game.turn_limit();
            let mut st = State::new_seeded(Arc::new(game), seed);
            st.set_seed(seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let r = playout(st, &mut rng, CAP, &mut Vec::new());
            prop_assert!(
                r.outcome.is_some(),
                "{sets:?} seed {seed}: no outcome after {} turns",
                r.turns
            );
            if let Some(n) = limit {
                prop_assert!(
                    r.turns <= n,
                    "{sets:?} seed {seed}: {} turns > limit {n}",
                    r.turns
                );
            }
            Ok(())
        },
    );
}

// ---------------------------------------------------------------------------
// Regressions: cases the properties (or their exploration) found.

/// Found by mutating games/checkers10.game: a king's hop `over:true` (over
/// anything, empty sites included) with `chain:true` made every walk of up
/// to 50 hops a legal turn, and listing the turns (`ludic moves`, `show`,
/// `snapshot`, the players) exhausted memory. A chain now goes on only
/// after a step that removed a piece.
#[test]
fn a_king_chaining_hops_over_empty_squares_has_few_turns() {
    let text = std::fs::read_to_string("games/checkers10.game").unwrap();
    let king = r#"(hop from:"King" dirs:Diagonal over:Enemy to:Empty chain:true)"#;
    assert!(text.contains(king));
    let text = text.replace(king, &king.replace("over:Enemy", "over:true"));
    let (game, _) = compile::compile("games/checkers10.game", &text, &Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let st = State::from_fen(Arc::new(game), "B:W46:BK23").unwrap();
    // The king on 23 hops once over an empty square, in each of the four
    // directions: 23x12, 23x14, 23x32, 23x34.
    let mut turns = st.legal_turn_strings();
    turns.sort();
    assert_eq!(turns, ["23x12", "23x14", "23x32", "23x34"]);
}

/// Found while writing the mutation property: a game with more pieces than
/// piece ids (kinds × players > 255) failed to load with no diagnostic,
/// its error rendering as "no problems".
#[test]
fn too_many_pieces_fail_with_a_located_error() {
    let pieces: String = (0..128).map(|i| format!("  (piece \"P{i}\")\n")).collect();
    let text = format!("(game \"T\" (players 2) (board (square 3 3))\n{pieces}  (play (step)))\n");
    match compile::compile("many.game", &text, &Options::default()) {
        Err(LoadError::Rules(d)) => {
            assert!(d.has_errors());
            let shown = d.render();
            assert!(shown.contains("many.game:129:3"), "{shown}");
            assert!(shown.contains("too many pieces"), "{shown}");
        }
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("compiled"),
    }
}
