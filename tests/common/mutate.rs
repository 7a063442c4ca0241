//! Seeded text mutations shared by the fuzz loops (`tests/fuzz_rules.rs`,
//! `tests/fuzz_inputs.rs`), and their size: a short run by default, a
//! long one with `LUDIC_FUZZ_CASES=N`, other cases with
//! `LUDIC_FUZZ_SEED=S` (docs/testing.md, "Fuzzing").
// Each test program uses some of these.
#![allow(dead_code)]

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// A loop's seed `base`, varied by `LUDIC_FUZZ_SEED` when set (other
/// cases, still repeatable: the failure message's run names the seed).
pub fn seed(base: u64) -> u64 {
    let extra = std::env::var("LUDIC_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(0);
    base ^ extra.wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// Mutants per input: `LUDIC_FUZZ_CASES` when set (a long run), else
/// `default` (the seconds-long run of `cargo test`).
pub fn cases(default: usize) -> usize {
    std::env::var("LUDIC_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Pieces of text inserted by mutations.
pub const INSERTS: [&str; 14] = [
    "(", ")", "{", "}", "//", "\"", "#1", "$x", ":", "\u{FEFF}", "é", "(a)", "0", "\n",
];

/// A char boundary of `text` at or before `at`.
pub fn floor(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// One random mutation of `text`.
pub fn mutate(text: &str, rng: &mut ChaCha8Rng) -> String {
    let len = text.len().max(1);
    let a = floor(text, rng.random_range(0..len));
    let b = floor(text, (a + rng.random_range(0..64)).min(text.len()));
    match rng.random_range(0..5) {
        0 => format!("{}{}", &text[..a], &text[b..]),
        1 => {
            let times = rng.random_range(2..6);
            format!("{}{}{}", &text[..b], text[a..b].repeat(times), &text[b..])
        }
        2 => {
            let insert = INSERTS[rng.random_range(0..INSERTS.len())];
            format!("{}{insert}{}", &text[..a], &text[a..])
        }
        3 => {
            // Swap two ranges' order: `x y` becomes `y x`.
            let c = floor(text, (b + rng.random_range(0..32)).min(text.len()));
            format!("{}{}{}{}", &text[..a], &text[b..c], &text[a..b], &text[c..])
        }
        _ => {
            let insert = INSERTS[rng.random_range(0..INSERTS.len())];
            format!("{}{insert}{}", &text[..a], &text[b..])
        }
    }
}
