//! Chess (games/chess.game) against the published perft counts: the
//! standard table of the Chess Programming Wiki, "Perft Results"
//! (https://www.chessprogramming.org/Perft_Results): the initial position
//! (20, 400, 8,902, 197,281, 4,865,609), "Kiwipete" (position 2: 48,
//! 2,039, 97,862, 4,085,603) and positions 3, 4 and 5, which test en
//! passant discovering a check, promotions and castling rights. Perft
//! counts leave out the draws by repetition and by the fifty-move rule.
//! Also: FEN in and out, and bad FEN refused with a clear error.

mod common;
use common::{counts, start};
use ludic::compile::{Game, Options};
use ludic::engine::State;
use std::sync::Arc;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";

fn chess() -> Arc<Game> {
    Arc::new(Game::load("chess", &Options::default()).expect("chess"))
}

fn fen(text: &str) -> State {
    State::from_fen(chess(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn the_initial_position() {
    let st = start("chess", &[]);
    assert_eq!(counts(&st, 1..=4), [20, 400, 8_902, 197_281]);
}

#[test]
#[ignore = "about 4 s of CPU in a release build"]
fn the_initial_position_depth_5() {
    let st = start("chess", &[]);
    assert_eq!(ludic::engine::perft(&st, 5).unwrap(), 4_865_609);
}

#[test]
fn kiwipete() {
    assert_eq!(counts(&fen(KIWIPETE), 1..=3), [48, 2_039, 97_862]);
}

#[test]
#[ignore = "about 3 s of CPU in a release build"]
fn kiwipete_depth_4() {
    assert_eq!(ludic::engine::perft(&fen(KIWIPETE), 4).unwrap(), 4_085_603);
}

#[test]
fn positions_3_4_and_5() {
    assert_eq!(counts(&fen(POSITION_3), 1..=4), [14, 191, 2_812, 43_238]);
    assert_eq!(counts(&fen(POSITION_4), 1..=3), [6, 264, 9_467]);
    assert_eq!(counts(&fen(POSITION_5), 1..=3), [44, 1_486, 62_379]);
}

#[test]
fn fen_round_trips_with_castling_en_passant_and_clocks() {
    let st = start("chess", &[]);
    assert_eq!(
        st.to_fen().unwrap(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    let mut st = st;
    st.play_str("e2-e4").unwrap();
    assert_eq!(
        st.to_fen().unwrap(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    // The standard example positions read back as written.
    for text in [
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 7 30",
    ] {
        assert_eq!(fen(text).to_fen().unwrap(), text);
    }
    // Shredder-FEN's file letters name the rooks.
    assert_eq!(
        fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1")
            .to_fen()
            .unwrap(),
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    );
}

#[test]
fn moves_in_coordinate_notation() {
    let mut st = start("chess", &[]);
    // With or without the dash; a capture may be typed with `-`.
    for m in ["e2-e4", "d7d5", "e4-d5"] {
        st.play_str(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    assert_eq!(
        st.to_fen().unwrap(),
        "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"
    );
    let st = fen("8/P6k/8/8/8/8/8/K7 w - - 0 1");
    let mut names: Vec<String> = st
        .legal_turns()
        .iter()
        .map(|t| st.turn_to_string(t))
        .filter(|n| n.starts_with("a7"))
        .collect();
    names.sort();
    assert_eq!(names, ["a7-a8=B", "a7-a8=N", "a7-a8=Q", "a7-a8=R"]);
    let mut st = st;
    st.play_str("a7a8n").unwrap();
    assert_eq!(st.to_fen().unwrap(), "N7/7k/8/8/8/8/8/K7 b - - 0 1");
}

#[test]
fn bad_fen_is_refused_with_a_clear_error() {
    let game = chess();
    let err = |text: &str| State::from_fen(game.clone(), text).unwrap_err().to_string();
    assert!(err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP").contains("7 rank(s)"));
    assert!(err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - -").contains("`X` is no piece"));
    assert!(err("8/8/8/8/8/8/8/8 x").contains("side to move"));
    assert!(err("4k3/8/8/8/8/8/8/4K3 w K -").contains("no Rook of White"));
    assert!(err("8/8/8/8/8/8/8/R7 w Q -").contains("one King of White"));
    assert!(err("4k3/8/8/8/4P3/8/8/4K3 b - e6").contains("no Pawn of White"));
    assert!(err("4k3/8/8/8/4P3/8/8/4K3 b - z9").contains("not a square"));
    assert!(err("4k3/8/8/8/8/8/8/4K3 w - - 0 1 2").contains("at most 6"));
    // The error says which field is wrong, as a value too.
    use ludic::record::FenError;
    use ludic::record::forsyth::ForsythError;
    let typed = |text: &str| match State::from_fen(game.clone(), text).unwrap_err() {
        FenError::Forsyth(e) => e,
        other => panic!("{text}: {other}"),
    };
    assert_eq!(
        typed("4k3/8/8/8/4P3/8/8/4K3 b - z9"),
        ForsythError::EnPassantSquare { field: "z9".into() }
    );
    assert!(matches!(
        typed("8/8/8/8/8/8/8/R7 w Q -"),
        ForsythError::CastlingRoyal {
            letter: 'Q',
            found: 0,
            ..
        }
    ));
    assert_eq!(
        typed("8/8/8/8/8/8/8/8 w - - 0 1 2 3"),
        ForsythError::TooManyFields { fields: 8 }
    );
}
