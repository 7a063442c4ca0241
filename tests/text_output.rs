//! The text outputs of the commands: no Rust `Debug` formatting, tables
//! whose columns line up, names a player can read.

mod common;
use common::{ludic, ok};

#[test]
fn playout_lists_end_reasons_as_words_and_counts() {
    let out = ok(&ludic(&[
        "playout", "checkers", "--count", "50", "--seed", "1",
    ]));
    let line = out
        .lines()
        .find(|l| l.trim_start().starts_with("end reasons:"))
        .expect(&out);
    assert!(!line.contains(['{', '}', '"']), "{line}");
    // Every playout ends somehow: the counts add up to 50.
    let total: u64 = line
        .split(':')
        .nth(1)
        .unwrap()
        .split(',')
        .map(|r| r.split_whitespace().last().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(total, 50, "{line}");
}

#[test]
fn analyze_against_keeps_its_columns_apart_and_aligned() {
    // Long labels: a path and two settings per column.
    let out = ok(&ludic(&[
        "analyze",
        "games/giveaway.game",
        "--set",
        "no_progress=30",
        "--against",
        "games/checkers.game",
        "--compare",
        "no_progress=20",
        "--count",
        "20",
    ]));
    let lines: Vec<&str> = out.lines().collect();
    let header = lines[1];
    let left = header
        .find("games/giveaway.game no_progress=30")
        .expect(header);
    let right = header
        .find("games/checkers.game no_progress=20")
        .expect(header);
    let diff = header.find("difference").expect(header);
    assert!(
        right > left + "games/giveaway.game no_progress=30".len(),
        "{header}"
    );
    assert!(
        diff > right + "games/checkers.game no_progress=20".len(),
        "{header}"
    );
    // Every row's second column starts where its heading does.
    for l in &lines[2..lines.len() - 1] {
        let (before, _) = l.split_at(right.min(l.len()));
        assert!(
            before.ends_with("   ") || l.len() <= right,
            "column 2 runs into column 1: {l:?}\n{out}"
        );
        assert_ne!(l.as_bytes().get(right), Some(&b' '), "{l:?}\n{out}");
    }
}

#[test]
fn a_game_of_numbered_players_shows_the_player_once() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let file = dir.join("numbered.game");
    std::fs::write(
        &file,
        r#"(game "Numbered" (players 2) (board (square 3 3)) (piece "P") (play (pass)))"#,
    )
    .unwrap();
    let out = ok(&ludic(&["show", file.to_str().unwrap()]));
    assert!(out.contains("\nP1 to move"), "{out}");
    assert!(!out.contains("P1 (1)"), "{out}");
    // A named player keeps its letter.
    let out = ok(&ludic(&["show", "checkers"]));
    assert!(out.contains("Black (B) to move"), "{out}");
}
