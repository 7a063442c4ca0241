//! A real game of checkers played on the page by clicks, move by move:
//! game 7 of the American Checker Federation sample in tests/data/acf
//! (its README and licence there), with a triple jump to the crowning
//! row and kings taking. After every move the page's move list must
//! hold the record's moves, and its board the position a model of the
//! board kept here, apart from ludic, reaches: each square's colour and
//! whether it holds a king.

use crate::driver::*;
use serde_json::json;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// The game's number in acf-sample.pdn (1-based).
const GAME: usize = 7;

/// The moves of game `n` of the sample and its result.
fn record(n: usize) -> (Vec<String>, String) {
    let text = std::fs::read_to_string(root().join("tests/data/acf/acf-sample.pdn")).unwrap();
    let game = text.split("[Event ").nth(n).expect("the game");
    let result = game
        .split("[Result \"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .unwrap()
        .to_string();
    let moves = game
        .lines()
        // Past the tags (the first line is the rest of the Event tag).
        .filter(|l| !l.starts_with('[') && !l.ends_with("\"]"))
        .flat_map(|l| l.split_whitespace())
        .filter(|w| !w.ends_with('.') && !["1-0", "0-1", "1/2-1/2", "*"].contains(w))
        .map(str::to_string)
        .collect();
    (moves, result)
}

/// Row and column (0-based, from the top left as a diagram shows it) of
/// PDN square `n` (1–32): four dark squares a row, square 1 in the
/// second column of the top row, square 5 in the first of the next.
fn cell(n: u32) -> (i32, i32) {
    let row = ((n - 1) / 4) as i32;
    let col = 2 * ((n - 1) % 4) as i32 + if row % 2 == 0 { 1 } else { 0 };
    (row, col)
}

fn square(row: i32, col: i32) -> u32 {
    (row * 4 + col / 2 + 1) as u32
}

/// A square's piece: its side (`B` moves first, from 1–12) and whether
/// it is a king.
type Board = BTreeMap<u32, (char, bool)>;

fn start() -> Board {
    let mut b = Board::new();
    for n in 1..=12 {
        b.insert(n, ('B', false));
    }
    for n in 21..=32 {
        b.insert(n, ('W', false));
    }
    b
}

/// Plays a PDN move (`11-15`, `5x14x21x30`) on the model: a jump takes
/// the piece on the square between each pair of landings; a man ending
/// on the far row (29–32 for Black, 1–4 for White) is crowned.
fn play(b: &mut Board, mv: &str) {
    let squares: Vec<u32> = mv.split(['-', 'x']).map(|s| s.parse().unwrap()).collect();
    let (from, to) = (squares[0], *squares.last().unwrap());
    let (side, king) = b
        .remove(&from)
        .unwrap_or_else(|| panic!("{mv}: {from} is empty"));
    if mv.contains('x') {
        for w in squares.windows(2) {
            let ((r1, c1), (r2, c2)) = (cell(w[0]), cell(w[1]));
            let over = square((r1 + r2) / 2, (c1 + c2) / 2);
            let taken = b
                .remove(&over)
                .unwrap_or_else(|| panic!("{mv}: {over} is empty"));
            assert_ne!(taken.0, side, "{mv} takes its own piece");
        }
    }
    let far = if side == 'B' { 29..=32 } else { 1..=4 };
    b.insert(to, (side, king || far.contains(&to)));
}

/// The page's board: for each square holding a piece, the side of its
/// top piece (`p0` is Black, the first seat) and whether it is a stack
/// of two (a king).
fn page_board(c: &Client) -> Board {
    let v = c
        .execute(
            "return Array.from(document.querySelectorAll('#board g.site')).map((g) => {
               const ps = g.querySelectorAll('g.piece');
               const top = ps.length ? ps[ps.length - 1].classList.contains('p0') : null;
               return [g.dataset.label, ps.length, top];
             })",
            vec![],
        )
        .unwrap();
    let rows: Vec<(String, usize, Option<bool>)> = serde_json::from_value(v).unwrap();
    rows.into_iter()
        .filter(|(_, n, _)| *n > 0)
        .map(|(l, n, black)| {
            let side = if black == Some(true) { 'B' } else { 'W' };
            (l.parse().unwrap(), (side, n == 2))
        })
        .collect()
}

/// Waits (up to 30 s) until the script's value is `want`.
fn wait_value(c: &Client, script: &str, want: serde_json::Value) {
    let t0 = Instant::now();
    loop {
        let now = c.execute(script, vec![]).unwrap();
        if now == want {
            return;
        }
        let said = c.find("#message").and_then(|e| e.text());
        assert!(
            t0.elapsed() < Duration::from_secs(30),
            "{script}: {now}, not {want}; the page says {said:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
#[ignore = "needs chromium; run by .ci/test"]
fn a_real_checkers_game_is_played_by_clicks_move_by_move() {
    let out = root().join("target/browser");
    std::fs::create_dir_all(&out).unwrap();
    let profile = out.join("profile-acf");
    let _ = std::fs::remove_dir_all(&profile);
    let (moves, result) = record(GAME);
    assert_eq!((moves.len(), result.as_str()), (45, "1-0"));
    assert!(moves.contains(&"5x14x21x30".to_string()));
    let (_server, url) = serve(&["checkers"]);
    let (_driver, port) = chromedriver();
    let c = browser(port, &profile);
    c.goto(&format!("{url}?game=checkers&seat=human&seat=human"))
        .unwrap();
    wait_text(&c, "#status", |t| t.starts_with("Black (B) to move"));
    humans(&c);
    let mut model = start();
    assert_eq!(page_board(&c), model);
    for (i, mv) in moves.iter().enumerate() {
        let squares: Vec<&str> = mv.split(['-', 'x']).collect();
        click_site(&c, squares[0]);
        wait_value(
            &c,
            "return view.selected",
            json!(squares[0].parse::<u32>().unwrap() - 1),
        );
        for (k, sq) in squares.iter().enumerate().skip(1) {
            click_site(&c, sq);
            if k + 1 < squares.len() {
                // Mid-jump: the page shows the steps so far and goes on
                // from where the piece landed.
                let so_far = squares[..=k].join("x");
                wait_value(&c, "return view.partial", json!(so_far));
            }
        }
        let t0 = Instant::now();
        while moves_listed(&c) != moves[..=i] {
            let said = c.find("#message").and_then(|e| e.text());
            assert!(
                t0.elapsed() < Duration::from_secs(30),
                "move {} ({mv}): the list is {:?}; the page says {said:?}",
                i + 1,
                moves_listed(&c)
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        play(&mut model, mv);
        assert_eq!(page_board(&c), model, "after move {} ({mv})", i + 1);
        if mv == "5x14x21x30" {
            shot(&c, &out, "acf-game7-triple-jump");
        }
    }
    // The list pairs the moves under their numbers as the record does.
    let rows = move_rows(&c);
    assert_eq!(rows[0], "1. 10-15 22-17");
    assert_eq!(rows[16], "17. 5x14x21x30 26-22");
    assert_eq!(rows.last().unwrap(), "23. 14-18");
    // The record ends by resignation (1-0: Black, the first mover, won;
    // tests/data/acf/README.md): the rules have not ended the game, so
    // the page says whose turn it is, White's, and has no result.
    let status = c.find("#status").unwrap().text().unwrap();
    assert!(status.starts_with("White (W) to move"), "{status}");
    assert_eq!(
        c.execute("return view.outcome", vec![]).unwrap(),
        json!(null)
    );
    // Its PDN, saved from the page, is the record's moves.
    let pdn = download(&c, "#save-record");
    let body: String = pdn
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ");
    let saved: Vec<&str> = body
        .split_whitespace()
        .filter(|w| !w.ends_with('.') && *w != "*")
        .collect();
    assert_eq!(saved, moves);
    shot(&c, &out, "acf-game7-end");
    c.close().unwrap();
}

/// The moves listed on the page, in the game's notation (the view's).
fn moves_listed(c: &Client) -> Vec<String> {
    serde_json::from_value(c.execute("return view.moves", vec![]).unwrap()).unwrap()
}
