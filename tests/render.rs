//! `ludic render`: the pictures in docs/img (not its folders, such as
//! plots/) are the current start
//! positions, every picture a game page shows exists, and bad input is
//! refused without writing anything.

mod common;
use common::{ludic, ok};

#[test]
fn docs_pictures_are_the_current_start_positions() {
    let mut seen = 0;
    for entry in std::fs::read_dir("docs/img").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "svg") {
            continue;
        }
        let game = path.file_stem().unwrap().to_str().unwrap().to_string();
        let committed = std::fs::read_to_string(&path).unwrap();
        let now = ok(&ludic(&["render", &game, "--svg", "-"]));
        assert!(
            committed == now,
            "{} is out of date: run `ludic render {game} --svg {}`",
            path.display(),
            path.display()
        );
        seen += 1;
    }
    assert!(seen >= 11, "only {seen} pictures");
}

#[test]
fn game_pages_show_existing_pictures() {
    let mut shown = 0;
    for entry in std::fs::read_dir("docs/games").unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        for part in text.split("](../img/").skip(1) {
            let file = &part[..part.find(')').unwrap()];
            assert!(
                std::path::Path::new("docs/img").join(file).exists(),
                "{} shows a missing picture {file}",
                path.display()
            );
            shown += 1;
        }
    }
    assert!(shown >= 11);
}

#[test]
fn render_draws_as_the_page_does_and_plain_on_demand() {
    // Chess as the page draws it (tests/browser.rs counts the same):
    // the FIDE start's pieces each as its picture, files and ranks round
    // the board.
    let chess = ok(&ludic(&["render", "chess", "--svg", "-"]));
    for (picture, n) in [
        ("pawn", 16),
        ("knight", 4),
        ("bishop", 4),
        ("rook", 4),
        ("queen", 2),
        ("king", 2),
    ] {
        let tag = format!("data-picture=\"{picture}\"");
        assert_eq!(chess.matches(&tag).count(), n, "{picture}");
    }
    assert_eq!(chess.matches("<text class=\"coord\"").count(), 16);
    // Draughts: each square's number, as its moves name it; men.
    let checkers = ok(&ludic(&["render", "checkers", "--svg", "-"]));
    assert_eq!(checkers.matches("<text class=\"label\"").count(), 32);
    assert_eq!(checkers.matches("<text class=\"coord\"").count(), 0);
    assert_eq!(checkers.matches("data-picture=\"man\"").count(), 24);
    // Hex: each player's two edges outlined (hex.game's `(win)` joins
    // "Near" and "Far"): 2 × 11 cells a player.
    let hex = ok(&ludic(&["render", "hex", "--svg", "-"]));
    assert_eq!(hex.matches("goal p0").count(), 22);
    assert_eq!(hex.matches("goal p1").count(), 22);
    // Plain: discs, letters and numbers round every square grid.
    let plain = ok(&ludic(&["render", "checkers", "--plain", "--svg", "-"]));
    assert!(!plain.contains("data-picture"), "pictures in --plain");
    assert_eq!(plain.matches("<text class=\"coord\"").count(), 16);
}

#[test]
fn render_takes_a_position_and_refuses_bad_input() {
    // After 11-15 square 15 holds Black's man and 11 is empty.
    let svg = ok(&ludic(&[
        "render", "checkers", "--moves", "11-15", "--svg", "-",
    ]));
    let site = |label: &str| {
        let at = svg.find(&format!("data-label=\"{label}\">")).unwrap();
        svg[at..].split("</g>\n").next().unwrap().to_string()
    };
    assert!(site("15").contains("class=\"piece p0\""));
    assert!(!site("11").contains("class=\"piece"));
    let bad = ludic(&["render", "checkers", "--moves", "11-14", "--svg", "-"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("11-14"));
    assert!(bad.stdout.is_empty());
    let labels = ok(&ludic(&[
        "render", "hex", "--set", "size=3", "--labels", "--svg", "-",
    ]));
    assert_eq!(labels.matches("<text class=\"label\"").count(), 9);
}

#[test]
fn analyze_plots_both_settings_side_by_side() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/target/render-tests");
    std::fs::create_dir_all(dir).unwrap();
    let path = format!("{dir}/plot.svg");
    let _ = std::fs::remove_file(&path);
    let args = [
        "analyze",
        "tictactoe",
        "--count",
        "30",
        "--seed",
        "1",
        "--compare",
        "x=1",
    ];
    // A bad --compare toggle fails before anything is written.
    assert!(
        !ludic(&[&args[..], &["--plot", &path]].concat())
            .status
            .success()
    );
    assert!(!std::path::Path::new(&path).exists());
    ok(&ludic(&[
        "analyze",
        "connect4",
        "--count",
        "30",
        "--seed",
        "1",
        "--against",
        "tictactoe",
        "--plot",
        &path,
    ]));
    let svg = std::fs::read_to_string(&path).unwrap();
    assert_eq!(svg.matches("<g class=\"panel\"").count(), 2);
    // Each panel: a bar per seat and one for draws, each with its interval;
    // 30 games in each histogram.
    assert_eq!(svg.matches("class=\"bar\"").count(), 6);
    assert_eq!(svg.matches("class=\"interval\"").count(), 6);
    let games: u64 = svg
        .split("data-count=\"")
        .skip(1)
        .map(|s| s[..s.find('"').unwrap()].parse::<u64>().unwrap())
        .sum();
    assert_eq!(games, 60);
}
