//! The position text from the command line (issue 42 #12): `show` prints
//! the whole state, which `--position` reads back to the same moves and
//! counts in `moves`, `perft` and `play`; the fields of hand-worked Morris
//! positions give the moves its rules give.

mod common;
use common::{ludic, ok};
use ludic::compile::{Game, Options, shipped_games};
use ludic::engine::State;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// The `position` line of `ludic show GAME --moves MOVES`.
fn position_after(game: &str, moves: &str) -> String {
    let out = ok(&ludic(&["show", game, "--moves", moves]));
    out.lines()
        .find_map(|l| l.strip_prefix("position "))
        .unwrap_or_else(|| panic!("no position line:\n{out}"))
        .to_string()
}

/// White to move with four men, Black four, hands empty: each man steps
/// along its lines to an empty neighbour (a7: a4; d7: g7, d6; g4: g7, g1,
/// f4; d1: a1, g1, d2).
#[test]
fn morris_with_empty_hands_steps_and_with_men_in_hand_places() {
    let board = "W W:a7,d7,g4,d1 B:b2,f2,c3,e3";
    let out = ok(&ludic(&[
        "moves",
        "morris",
        "--position",
        &format!("{board} Hand=0,0"),
    ]));
    let mut moves: Vec<&str> = out.split(": ").nth(1).unwrap().split_whitespace().collect();
    moves.sort();
    assert_eq!(
        moves,
        [
            "a7-a4", "d1-a1", "d1-d2", "d1-g1", "d7-d6", "d7-g7", "g4-f4", "g4-g1",
            // g4-g7 closes the mill a7-d7-g7: a man is taken, any of the
            // four (none of them stands in a mill).
            "g4-g7,b2", "g4-g7,c3", "g4-g7,e3", "g4-g7,f2"
        ]
    );
    // The board alone: the initial Hand (9 each), a placement on each of
    // the 16 empty points, g7 closing the mill with a take of any of 4.
    let out = ok(&ludic(&["moves", "morris", "--position", board]));
    assert!(out.starts_with("19 legal move(s)"), "{out}");
    // Three men, hands empty: White flies to any of the 17 empty points
    // (51 moves), g4 to g7 closing the mill with a take of any of 4 men.
    let out = ok(&ludic(&[
        "moves",
        "morris",
        "--position",
        "W W:a7,d7,g4 B:b2,f2,c3,e3 Hand=0,0",
    ]));
    assert!(out.starts_with("54 legal move(s)"), "{out}");
}

#[test]
fn a_shown_position_gives_the_moves_and_counts_of_the_game_played() {
    for (game, moves) in [
        (
            "morris",
            "a7 a1 d7 b2 g4 f2 d1 c3 b6 e3 f6 e5 c5 g1 e4 d5 b4 d6 b4-a4 c3-d3",
        ),
        ("genocide", "d1-d2/2 d2-d3/1"),
        ("chess", "e2-e4 e7-e5 g1-f3 b8-c6 f1-b5"),
        ("checkers", "11-15 22-18 15x22"),
    ] {
        let text = position_after(game, moves);
        for cmd in [&["moves", game][..], &["perft", game, "2"][..]] {
            let by_moves = counts(&ok(&ludic(&[cmd, &["--moves", moves]].concat())));
            let by_text = counts(&ok(&ludic(&[cmd, &["--position", &text]].concat())));
            assert_eq!(by_text, by_moves, "{game} {cmd:?}: {text}");
        }
        assert_eq!(position_after_text(game, &text), text, "{game}");
    }
}

/// The output without perft's timings: each line's first two words.
fn counts(out: &str) -> Vec<String> {
    out.lines()
        .map(|l| l.split_whitespace().take(2).collect::<Vec<_>>().join(" "))
        .collect()
}

/// `show --position TEXT`'s own position line.
fn position_after_text(game: &str, text: &str) -> String {
    let out = ok(&ludic(&["show", game, "--position", text]));
    out.lines()
        .find_map(|l| l.strip_prefix("position "))
        .unwrap()
        .to_string()
}

/// Two seeded random players from the text and from the moves play the
/// same game.
#[test]
fn play_from_a_position_text_plays_the_game_played_to() {
    let moves = "a7 a1 d7 b2 g4 f2";
    let text = position_after("morris", moves);
    let args = [
        "--p1",
        "random",
        "--p2",
        "random",
        "--seed",
        "5",
        "--quiet",
        "--max-turns",
        "40",
    ];
    let by_text = ok(&ludic(
        &[&["play", "morris", "--position", &text][..], &args].concat(),
    ));
    let by_moves = ok(&ludic(
        &[&["play", "morris", "--moves", moves][..], &args].concat(),
    ));
    assert_eq!(by_text, by_moves);
    assert!(by_text.lines().count() > 10, "{by_text}");
}

#[test]
fn bad_fields_are_refused_with_what_was_expected() {
    for (text, want) in [
        ("W W:a7 Hand=1", "expected 2 values"),
        ("W W:a7 phase=Nope", "no phase `Nope`"),
        ("W W:a7 Hnd=1,2", "did you mean `Hand`"),
        ("W W:a7 turns=-1", "whole number"),
        (
            "W W:a7 no-progress=4294967296",
            "whole number from 0 to 4294967295",
        ),
        (
            "W W:a7 turn-steps=4294967295",
            "whole number from 0 to 2147483647",
        ),
        ("W W:a7 again=Tak", "no move block `Tak`"),
        ("W W:a7 marks=z9", "no site `z9`"),
        ("W W:a7 Hand=1,2 Hand=3,4", "given twice"),
        ("W W:a7 outcome=X,foo", "expected WINNER,REASON"),
    ] {
        let o = ludic(&["moves", "morris", "--position", text]);
        assert_eq!(o.status.code(), Some(1), "{text}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(want), "{text}: {err}");
    }
}

/// Issue 42 #11: a FEN with a stack where the rules' own arrival would
/// have changed it is refused: a draughts man on its crowning row (the
/// `then:` crowning of checkers.game), a pawn on its promotion rank (the
/// `promote:` `zone:` of chess.game). So is a piece where no piece of its
/// kind and owner can ever stand: a pawn on its own first rank (chess.game
/// fills the second rank with pawns, and every pawn move goes forward). A
/// king on the crowning row, a pawn one rank ahead, and an unmoved pawn
/// beside it, are read.
#[test]
fn a_fen_with_a_man_on_its_crowning_row_or_a_pawn_on_its_first_or_last_rank_is_refused() {
    for (game, fen, why) in [
        ("checkers", "W:W18,4:B12", "White's Checker on 4"),
        ("checkers", "B:W18:B12,29", "Black's Checker on 29"),
        ("international", "W:W30,3:B20", "White's Checker on 3"),
        (
            "chess",
            "4k2P/8/8/8/8/8/8/4K3 w - - 0 1",
            "White's Pawn on h8",
        ),
        (
            "chess",
            "4k3/8/8/8/8/8/8/p3K3 w - - 0 1",
            "Black's Pawn on a1",
        ),
        (
            "chess",
            "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
            "White's Pawn on a1 cannot stand there: no rule brings a Pawn of White to a1",
        ),
        (
            "chess",
            "4k2p/8/8/8/8/8/8/4K3 w - - 0 1",
            "Black's Pawn on h8 cannot stand there: no rule brings a Pawn of Black to h8",
        ),
    ] {
        let o = ludic(&["moves", game, "--fen", fen]);
        assert_eq!(o.status.code(), Some(1), "{game} {fen}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains(why) && err.contains("cannot stand there"),
            "{err}"
        );
    }
    for (game, fen) in [
        ("checkers", "W:W18,K4:B12"),
        ("checkers", "B:W18:BK29,12"),
        ("chess", "4k3/8/8/8/8/8/P7/4K3 w - - 0 1"),
        ("chess", "4k3/7p/8/8/8/8/8/4K3 b - - 0 1"),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
    ] {
        ok(&ludic(&["moves", game, "--fen", fen]));
    }
}

/// Issue 42 #11: the checks a FEN goes through (the royal rule, arrivals,
/// footholds) refuse no position the rules reach: every position of
/// seeded random games of every shipped game whose start FEN writes is
/// written as FEN and read back to the same FEN.
#[test]
fn every_fen_written_during_seeded_games_of_every_shipped_game_reads_back() {
    for name in shipped_games() {
        let game = Arc::new(Game::load(name, &Options::default()).expect("game"));
        if State::new(game.clone()).to_fen().is_none() {
            continue;
        }
        for seed in 0..3 {
            let mut st = State::new_seeded(game.clone(), seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            for turn in 0..150 {
                if let Some(fen) = st.to_fen() {
                    let back = State::from_fen(game.clone(), &fen)
                        .unwrap_or_else(|e| panic!("{name}, seed {seed}, turn {turn}: {fen}: {e}"));
                    assert_eq!(back.to_fen(), Some(fen), "{name}, seed {seed}, turn {turn}");
                }
                if st.is_over() {
                    break;
                }
                let turns = st.legal_turn_strings();
                let t = &turns[rng.random_range(0..turns.len())];
                st.play_str(t).expect("a listed turn");
            }
        }
    }
}

/// A long refused word is quoted once, clipped (its first 100 characters
/// and its length), not once in the item and again in the reason: a
/// 300-letter site, field name or side letter.
#[test]
fn a_long_bad_item_is_echoed_once_and_clipped() {
    let game = Arc::new(Game::load("tictactoe", &Options::default()).expect("loads"));
    let long = "q".repeat(300);
    for text in [
        format!("O X:{long}"),
        format!("O X:a1 {long}=3"),
        format!("{long} X:a1"),
        format!("O {long}:a1"),
    ] {
        let err = State::from_position(Arc::clone(&game), &text)
            .err()
            .unwrap_or_else(|| panic!("{text} is refused"))
            .to_string();
        assert_eq!(err.matches("q".repeat(100).as_str()).count(), 1, "{err}");
        assert!(err.contains("(300 characters)"), "{err}");
        assert!(err.len() < 700, "{err}");
    }
}
