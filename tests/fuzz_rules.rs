//! A bounded, seeded fuzz loop over every shipped rule file and every file
//! of `tests/invalid/` (issue 16, "keep it closed"); it complements the
//! proptest mutations of `tests/properties.rs` with the hostile shapes of
//! the issue: brackets and comment markers inserted, ranges deleted or
//! repeated many times, byte-order marks and multi-byte characters.
//!
//! For every mutant: no panic, every diagnostic inside the text; for a
//! mutant that compiles, `fmt` round-trips (its output is canonical and
//! compiles to the same rules) and a short seeded playout ends. Mutants
//! amplified to hundreds of kilobytes must finish too: a quadratic path
//! would hang here rather than take milliseconds (no time is measured).

#[path = "common/mutate.rs"]
mod mutate;
use ludic::compile::{Game, LoadError, Options, compile, resolved_rules};
use ludic::engine::{State, playout};
use ludic::syntax::format_file;
use mutate::{cases, mutate};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// Mutants per file (`LUDIC_FUZZ_CASES` for a long run).
fn case_count() -> usize {
    cases(20)
}

/// Every `.game` file of `games/` and `tests/invalid/`, as (path, text).
fn corpus() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for dir in ["games", "tests/invalid"] {
        for entry in std::fs::read_dir(dir).expect(dir) {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "game") {
                let text = std::fs::read_to_string(&path).expect("read");
                out.push((path.to_string_lossy().into_owned(), text));
            }
        }
    }
    out.sort();
    assert!(out.len() > 20, "{} files", out.len());
    out
}

/// Compiles `text` as the file `name`, checks the diagnostics lie in the
/// text, and for a game that compiles: fmt round-trips and a playout ends.
fn check(name: &str, text: &str, seed: u64) {
    let options = Options::default();
    let game = match compile(name, text, &options) {
        Ok((g, _)) => g,
        Err(LoadError::Rules(d)) => {
            for item in &d.items {
                assert!(
                    item.span.start <= item.span.end && item.span.end as usize <= d.source.len(),
                    "{name}: span out of the text: {item:?}"
                );
            }
            assert!(!d.render().is_empty());
            return;
        }
        Err(_) => return,
    };
    // A variant's text does not hold its base: format what was written.
    let formatted = format_file(text).unwrap_or_else(|e| panic!("{name}: fmt fails: {e:?}"));
    assert_eq!(
        format_file(&formatted).ok().as_deref(),
        Some(formatted.as_str()),
        "{name}: fmt is not idempotent"
    );
    let before = resolved_rules(name, text, &options).ok();
    let after = resolved_rules(name, &formatted, &options).ok();
    assert_eq!(before, after, "{name}: fmt changed the rules");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // One step may end a turn for every player (the passes of players
    // who cannot move, `(no-moves Pass)`: `playout`'s documentation).
    let cap = 40 + game.num_players() as u32 + 1;
    let st = State::new(Arc::new(game));
    let r = playout(st, &mut rng, 40, &mut Vec::new());
    assert!(r.turns <= cap, "{name}: the playout ran past its cap");
}

#[test]
fn mutated_rule_files_never_panic_and_accepted_ones_round_trip_and_play() {
    for (k, (name, text)) in corpus().iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(mutate::seed(0x5eed ^ k as u64));
        check(name, text, k as u64);
        for case in 0..case_count() {
            let mut mutant = text.clone();
            for _ in 0..rng.random_range(1..4) {
                mutant = mutate(&mutant, &mut rng);
            }
            check(name, &mutant, case as u64);
        }
    }
}

#[test]
fn amplified_mutants_finish() {
    // Each file's mutant repeated until it is about 400 KB: tens of
    // thousands of clauses, brackets or errors on few or many lines.
    for (k, (name, text)) in corpus().iter().enumerate().step_by(3) {
        let mut rng = ChaCha8Rng::seed_from_u64(mutate::seed(0xa3f1 ^ k as u64));
        let mutant = mutate(text, &mut rng);
        let times = (400_000 / mutant.len().max(1)).max(1);
        check(name, &mutant.repeat(times), k as u64);
        // The same on one line.
        let flat = mutant.replace('\n', " ").repeat(times);
        check(name, &flat, k as u64);
    }
    // A small fragment repeated 100,000 times.
    for fragment in ["(a) ", "({)} ", ")", "\"x\" ", "(b:", "// )\n"] {
        check("f.game", &fragment.repeat(100_000), 0);
    }
}

#[test]
fn shipped_games_load_by_name() {
    // The corpus above names files by path; the shipped names load too.
    for name in ludic::compile::shipped_games() {
        Game::load(name, &Options::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}
