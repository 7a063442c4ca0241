//! Hand-worked positions for the rules of English draughts (rules.md §3),
//! played through `games/checkers.game`. Squares are PDN numbers (§3.1).

use ludic::compile::{Game, LoadError, Options};
use ludic::engine::{EndReason, Outcome, State};
use std::sync::Arc;

fn game_with(sets: &[&str]) -> Arc<Game> {
    let opts = Options::from_sets(sets).expect("sets");
    Arc::new(Game::load("games/checkers.game", &opts).expect("checkers loads"))
}

fn at(fen: &str) -> State {
    State::from_fen(game_with(&[]), fen).expect("fen")
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

#[test]
fn capture_is_compulsory() {
    // Black men on 9 and 10, a White man on 14: 9x18 over 14 (the rules'
    // own jump example) and 10x17; the plain steps are not legal.
    let st = at("B:W14:B9,10");
    assert_eq!(sorted(st.legal_turn_strings()), ["10x17", "9x18"]);
}

#[test]
fn a_multi_jump_must_be_completed_and_is_written_with_every_landing() {
    let mut st = at("B:W6,15:B1");
    assert_eq!(st.legal_turn_strings(), ["1x10x19"]);
    // The short PDN form (from and to) names the same move.
    st.play_str("1x19").expect("short form");
    assert_eq!(st.to_fen().unwrap(), "W:W:B19");
}

#[test]
fn crowning_ends_the_move_even_if_the_new_king_could_jump_on() {
    // Black man on 22 jumps 26 and lands on 31 (far row). As a king it could
    // jump 27 on to 24, but the move ends on crowning (§3.2).
    let mut st = at("B:W26,27:B22");
    assert_eq!(st.legal_turn_strings(), ["22x31"]);
    st.play_str("22x31").unwrap();
    assert_eq!(st.current_player(), 1, "White to move: the turn ended");
    assert_eq!(st.to_fen().unwrap(), "W:W27:BK31");
}

#[test]
fn a_king_is_a_stack_of_two() {
    let st = at("B:W27:BK31");
    let site = st.game().board.site_by_label("31").unwrap();
    assert_eq!(st.height(site), 2);
    assert_eq!(st.stack(site)[0], st.stack(site)[1]);
}

#[test]
fn men_jump_forward_only_and_kings_in_every_direction() {
    // White man on 18 with a Black man behind it on 23: no capture.
    assert_eq!(
        sorted(at("W:W18:B23").legal_turn_strings()),
        ["18-14", "18-15"]
    );
    // A White king there must jump backwards.
    assert_eq!(at("W:WK18:B23").legal_turn_strings(), ["18x27"]);
}

#[test]
fn jumping_a_king_removes_both_pieces_as_one_capture() {
    let mut st = at("W:WK18:BK23,1"); // a Black king on 23, a man on 1
    st.play_str("18x27").unwrap();
    assert_eq!(st.to_fen().unwrap(), "B:WK27:B1");
}

#[test]
fn the_player_with_no_legal_move_loses() {
    // White's only man, on 29, is blocked by 25 with 22 behind it.
    let st = at("W:W29:B25,22");
    assert!(st.legal_turn_strings().is_empty());
    assert_eq!(st.outcome(), Some(Outcome::Win(0, EndReason::NoMoves)));
    // No pieces at all.
    assert_eq!(
        at("W:W:B1").outcome(),
        Some(Outcome::Win(0, EndReason::NoMoves))
    );
}

#[test]
fn threefold_repetition_is_a_draw() {
    let mut st = at("B:WK32:BK1");
    let moves = ["1-5", "32-28", "5-1", "28-32", "1-5", "32-28", "5-1"];
    for m in moves {
        st.play_str(m).unwrap();
        assert_eq!(st.outcome(), None, "after {m}");
    }
    st.play_str("28-32").unwrap();
    assert_eq!(st.outcome(), Some(Outcome::Draw(EndReason::Repetition)));
}

#[test]
fn repetition_can_be_switched_off() {
    let g = game_with(&["repetition=false"]);
    let mut st = State::from_fen(g, "B:WK32:BK1").unwrap();
    for _ in 0..3 {
        for m in ["1-5", "32-28", "5-1", "28-32"] {
            st.play_str(m).unwrap();
        }
    }
    assert_eq!(st.outcome(), None);
}

#[test]
fn no_progress_draw_counts_turns_without_man_move_or_capture() {
    let g = game_with(&["repetition=false", "no_progress=6"]);
    let mut st = State::from_fen(g, "B:WK32,21:BK1").unwrap();
    for m in ["1-5", "32-28", "5-1", "28-32", "1-5"] {
        st.play_str(m).unwrap();
    }
    assert_eq!(st.outcome(), None);
    st.play_str("32-28").unwrap();
    assert_eq!(st.outcome(), Some(Outcome::Draw(EndReason::NoProgress)));
    // A man move resets the count.
    let g = game_with(&["repetition=false", "no_progress=6"]);
    let mut st = State::from_fen(g, "B:WK32,21:BK1").unwrap();
    for m in ["1-5", "32-28", "5-1", "21-17", "1-5", "28-32", "5-1"] {
        st.play_str(m).unwrap();
    }
    assert_eq!(st.outcome(), None);
}

#[test]
fn an_illegal_move_is_refused_with_the_legal_ones_and_the_state_is_unchanged() {
    let mut st = State::new(game_with(&[]));
    let before = (st.hash(), st.to_fen());
    let err = st.play_str("9-12").unwrap_err();
    assert_eq!(err.legal.len(), 7);
    assert!(err.to_string().contains("11-15"), "{err}");
    assert_eq!((st.hash(), st.to_fen()), before);
}

#[test]
fn unknown_toggles_and_bad_values_list_the_valid_ones() {
    let opts = Options::from_sets(&["repetiton=true", "no_progress=abc"]).unwrap();
    match Game::load("games/checkers.game", &opts) {
        Err(LoadError::Options(errs)) => {
            assert_eq!(errs.len(), 2, "{errs:?}");
            assert!(errs[0].contains("did you mean `repetition`"), "{}", errs[0]);
            assert!(
                errs[0].contains("valid toggles: repetition, no_progress"),
                "{}",
                errs[0]
            );
            assert!(errs[1].contains("not an integer"), "{}", errs[1]);
        }
        other => panic!("expected option errors, got {other:?}"),
    }
}

#[test]
fn seeded_playouts_end_by_the_rules_and_repeat() {
    use rand::SeedableRng;
    let st = State::new(game_with(&[]));
    let run = || {
        (0..200)
            .map(|i| {
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
                rng.set_stream(i);
                ludic::engine::playout(st.clone(), &mut rng, 100_000, &mut Vec::new())
            })
            .collect::<Vec<_>>()
    };
    let a = run();
    assert_eq!(a, run());
    assert!(
        a.iter().all(|r| r.outcome.is_some()),
        "every game ends by a rule"
    );
    assert!(
        a.iter()
            .any(|r| matches!(r.outcome, Some(Outcome::Win(..))))
    );
}
