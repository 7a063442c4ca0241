//! PGN for games with FEN (src/record/san.rs, src/record/export.rs):
//! SAN as the PGN standard (§8.2.3) writes it, checked on a published
//! game and on positions built for each of its rules; a game written
//! and read back is the same game.

use ludic::compile::{Game, Options};
use ludic::engine::{Outcome, State};
use ludic::record::export::{GameRecord, RecordFormat, write_record};
use ludic::record::parse_pdn;
use ludic::record::san::{is_san, san_to_turn, turn_to_san};
use std::sync::Arc;

fn chess() -> Arc<Game> {
    Arc::new(Game::load("chess", &Options::default()).expect("chess"))
}

/// Morphy against the Duke of Brunswick and Count Isouard, Paris 1858
/// (the "Opera game"), as published: disambiguation by file (`Nbd7`),
/// long castling, checks and a mate.
const OPERA: &str = r#"[Event "Paris"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[White "Paul Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 {This is a weak move already.} 4. dxe5 Bxf3
5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5
11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7
16. Qb8+ Nxb8 17. Rd8# 1-0
"#;

#[test]
fn the_opera_game_reads_plays_to_mate_and_writes_back() {
    let games = parse_pdn(OPERA).expect("PGN reads as PDN does");
    let g = &games[0];
    assert_eq!(g.moves.len(), 33);
    let start = State::new(chess());
    let mut st = start.clone();
    let mut turns = Vec::new();
    for m in &g.moves {
        let t = san_to_turn(&st, &m.text).unwrap_or_else(|| panic!("{} not legal", m.text));
        assert_eq!(turn_to_san(&st, &t).as_deref(), Some(m.text.as_str()));
        st.play_turn(&t);
        turns.push(t);
    }
    assert!(matches!(st.outcome(), Some(Outcome::Win(0, _))));
    let seats = ["Paul Morphy".to_string(), "Duke".to_string()];
    let rec = GameRecord {
        start: &start,
        set_up: false,
        turns: &turns,
        seats: &seats,
    };
    let text = write_record(RecordFormat::Pgn, &rec).unwrap();
    let movetext = |t: &str| {
        let body = t.split("\n\n").nth(1).unwrap().to_string();
        let no_comment = body.replace(" {This is a weak move already.}", "");
        no_comment.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    assert_eq!(movetext(&text), movetext(OPERA));
    assert!(text.contains("[White \"Paul Morphy\"]\n"), "{text}");
    assert!(text.contains("[Result \"1-0\"]\n"), "{text}");
    assert!(!text.contains("FEN"), "{text}");
}

/// Every legal turn's SAN from `fen`.
fn sans(fen: &str) -> Vec<String> {
    let st = State::from_fen(chess(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    st.legal_turns()
        .iter()
        .map(|t| turn_to_san(&st, t).expect("a SAN"))
        .collect()
}

#[test]
fn san_follows_the_standards_rules() {
    // Two knights reach d2: the file tells them apart.
    let s = sans("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert!(
        s.contains(&"Nbd2".into()) && s.contains(&"Nfd2".into()),
        "{s:?}"
    );
    assert!(!s.contains(&"Nd2".into()), "{s:?}");
    // Two rooks on one file reach a3: the rank does.
    let s = sans("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert!(
        s.contains(&"R1a3".into()) && s.contains(&"R5a3".into()),
        "{s:?}"
    );
    // En passant: a pawn's capture names its file.
    let s = sans("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert!(
        s.contains(&"exd6".into()) && s.contains(&"e6".into()),
        "{s:?}"
    );
    // Promotion: `=` and the new kind's letter; a check is `+`.
    let s = sans("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    for p in ["b8=Q+", "b8=R+", "b8=B", "b8=N"] {
        assert!(s.contains(&p.to_string()), "{p} not in {s:?}");
    }
    // Castling both ways.
    let s = sans("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(
        s.contains(&"O-O".into()) && s.contains(&"O-O-O".into()),
        "{s:?}"
    );
    // Black to move, a mate: Fool's mate's last move.
    let s = sans("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2");
    assert!(s.contains(&"Qh4#".into()), "{s:?}");
}

#[test]
fn a_set_up_start_is_written_with_its_fen_and_move_number() {
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2";
    let start = State::from_fen(chess(), fen).unwrap();
    let t = san_to_turn(&start, "Qh4#").unwrap();
    let seats = ["human".to_string(), "human".to_string()];
    let turns = [t];
    let rec = GameRecord {
        start: &start,
        set_up: true,
        turns: &turns,
        seats: &seats,
    };
    let text = write_record(RecordFormat::Pgn, &rec).unwrap();
    assert!(
        text.contains(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n")),
        "{text}"
    );
    assert!(text.ends_with("\n\n2... Qh4# 0-1\n\n"), "{text}");
}

#[test]
fn the_format_follows_the_notation() {
    let load = |n: &str| Game::load(n, &Options::default()).unwrap();
    assert_eq!(RecordFormat::of(&load("chess")), Some(RecordFormat::Pgn));
    assert_eq!(RecordFormat::of(&load("checkers")), Some(RecordFormat::Pdn));
    assert_eq!(
        RecordFormat::of(&load("international")),
        Some(RecordFormat::Pdn)
    );
    assert_eq!(RecordFormat::of(&load("hex")), None);
    assert_eq!(RecordFormat::of(&load("amazons")), None);
}

#[test]
fn san_words_are_told_from_others() {
    for w in [
        "e4", "Nbd7", "exd5", "e8=Q+", "O-O", "O-O-O#", "R1a3", "Qh4#",
    ] {
        assert!(is_san(w), "{w}");
    }
    // Draughts squares, results, broken or non-ASCII words are not SAN.
    for w in ["11", "23-1Q9+", "1-0", "e", "Q", "✓", "é4", "e8=", "x"] {
        assert!(!is_san(w), "{w}");
    }
    assert!(parse_pdn("1. e4 ✓").is_err());
}
