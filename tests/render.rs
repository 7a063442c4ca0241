//! `ludic render`: the pictures in docs/img are the current start
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
