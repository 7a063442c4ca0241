//! The `maximize:` search against a brute force written apart: the same
//! rules without `maximize:` list every turn, each turn's count is found
//! by playing it (pieces removed, steps taken), and the turns of the
//! largest count must be the turns the rule lists.

use super::{set_limit, take_search_cut};
use crate::compile::{Game, Options};
use crate::engine::State;
use std::sync::Arc;

fn compile(text: &str) -> Arc<Game> {
    Arc::new(Game::from_source("t.game", text, &Options::default()).expect("it compiles"))
}

/// A shipped game whose capture turns must take the most pieces, with or
/// without that rule (`maximize:Captures`).
fn most_captures_rules(majority: bool) -> Arc<Game> {
    let text = include_str!("../../../../games/international.game");
    assert!(text.contains("maximize:Captures"));
    compile(&if majority {
        text.to_string()
    } else {
        text.replace("maximize:Captures", "")
    })
}

/// A white king on 28 among black men on every other diagonal: 50 capture
/// turns, of up to ten captures.
const LATTICE: &str = "W W:K28 B:1,2,3,4,5,11,12,13,14,15,21,22,23,24,25,31,32,35,41,42,44,45";

/// The turns of `st` (its game without `maximize:`) whose count is the
/// largest, sorted; the count of a turn is `count(before, after, steps)`.
fn brute_force(st: &State, count: impl Fn(&State, &State, usize) -> usize) -> Vec<String> {
    let scored: Vec<(usize, String)> = st
        .legal_turns()
        .iter()
        .map(|t| {
            let mut after = st.clone();
            after.play_turn(t);
            (count(st, &after, t.len()), st.turn_to_string(t))
        })
        .collect();
    let best = scored.iter().map(|(n, _)| *n).max().unwrap_or(0);
    let mut out: Vec<String> = scored
        .into_iter()
        .filter(|(n, _)| *n == best)
        .map(|(_, t)| t)
        .collect();
    out.sort();
    out
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// The stacks on the board.
fn stacks(st: &State) -> usize {
    (0..st.game().board.sites().len())
        .filter(|&s| st.height(s as crate::board::Site) > 0)
        .count()
}

#[test]
fn majority_capture_keeps_exactly_the_turns_that_capture_the_most() {
    let all = State::from_position(most_captures_rules(false), LATTICE).unwrap();
    let want = brute_force(&all, |a, b, _| stacks(a) - stacks(b));
    assert_eq!(all.legal_turns().len(), 50);
    assert_eq!(want.len(), 2, "{want:?}");
    let st = State::from_position(most_captures_rules(true), LATTICE).unwrap();
    assert_eq!(sorted(st.legal_turn_strings()), want);
    // Asked again (the counts remembered): the same.
    let again = State::from_position(most_captures_rules(true), LATTICE).unwrap();
    assert_eq!(sorted(again.legal_turn_strings()), want);
    assert!(!take_search_cut());
}

/// A 2×3 board: White steps to empty sites and may step again or pass.
fn stepping(maximize: &str) -> Arc<Game> {
    compile(&format!(
        r#"(game "T" (players 2) (board (square 3 2 adjacency:All) labels:Coordinates) (piece "A")
             (stack-limit 1)
             (setup (fill "A" P1 (sites "a1")) (fill "A" P2 (sites "b3")))
             (play (step to:Empty then:(again "More")) {maximize})
             (moves "More" {{(step to:Empty then:(again "More")) (pass)}})
             (end (no-moves Loss)))"#
    ))
}

#[test]
fn maximize_steps_over_an_again_loop_keeps_the_longest_turns() {
    let all = State::new(stepping(""));
    let want = brute_force(&all, |_, _, steps| steps);
    let st = State::new(stepping("maximize:Steps"));
    let got = sorted(st.legal_turn_strings());
    // Six sites: the longest turns take six steps (a turn takes no more).
    assert_eq!(all.legal_turns().iter().map(Vec::len).max(), Some(6));
    assert!(!want.is_empty());
    assert_eq!(got, want);
}

#[test]
fn a_search_past_its_limit_is_cut_and_says_so() {
    set_limit(3);
    let st = State::from_position(most_captures_rules(true), LATTICE).unwrap();
    let got = st.legal_turn_strings();
    set_limit(super::MAX_SEARCH_POSITIONS);
    assert!(take_search_cut());
    assert!(!take_search_cut(), "the flag is cleared once read");
    // The reference tier, cut at the same place, keeps the same turns.
    set_limit(3);
    let slow = State::from_position(most_captures_rules(true), LATTICE)
        .unwrap()
        .on_engine(crate::engine::Engine::Reference)
        .legal_turn_strings();
    set_limit(super::MAX_SEARCH_POSITIONS);
    assert!(take_search_cut());
    assert_eq!(slow, got);
    // Still turns of the rules without the majority rule.
    let all = State::from_position(most_captures_rules(false), LATTICE).unwrap();
    let every = all.legal_turn_strings();
    assert!(!got.is_empty());
    assert!(got.iter().all(|t| every.contains(t)), "{got:?}");
}

#[test]
fn the_language_reference_states_the_limit() {
    let n = super::MAX_SEARCH_POSITIONS;
    let written = format!("{},{:03}", n / 1000, n % 1000);
    let play = crate::compile::vocab::LUDEMES
        .iter()
        .find(|l| l.name == "play")
        .expect("`play` is documented");
    assert!(play.summary.contains(&written), "{}", play.summary);
}
