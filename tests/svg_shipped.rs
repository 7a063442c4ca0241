//! The SVG of the shipped games' boards, checked by counting (cells,
//! pieces, stack heights); the board kinds themselves are tested beside
//! the renderer (src/render/svg/tests.rs).

use ludic::compile::{Game, Options};
use ludic::engine::State;
use ludic::render::svg::{SvgOptions, board_svg};
use std::sync::Arc;

fn shipped(name: &str, sets: &[&str]) -> Arc<Game> {
    let opts = Options::from_sets(sets).unwrap();
    Arc::new(Game::load(name, &opts).unwrap())
}

fn count(svg: &str, needle: &str) -> usize {
    svg.matches(needle).count()
}

/// The pixel position of the cell of the site labelled `label`: the
/// attributes of the element that follows its `<g>`.
fn site_element<'a>(svg: &'a str, label: &str) -> &'a str {
    let at = svg
        .find(&format!(r#"data-label="{label}">"#))
        .unwrap_or_else(|| panic!("no site {label}"));
    let rest = &svg[at..];
    &rest[..rest.find("</g>\n").unwrap()]
}

#[test]
fn draughts_board_draws_light_cells_and_kings() {
    let g = shipped("checkers", &[]);
    let st = State::from_fen(g.clone(), "W:WK18,24:B12,K22").unwrap();
    let svg = board_svg(&st, &SvgOptions::default());
    assert_eq!(count(&svg, r#"class="site""#), 32);
    assert_eq!(count(&svg, r#"<rect class="light""#), 32);
    // Two kings of two discs, two men of one: six discs; kings show 2.
    assert_eq!(count(&svg, "<circle class=\"piece"), 6);
    assert_eq!(count(&svg, r#"data-height="2""#), 2);
    assert_eq!(count(&svg, r#"data-height="1""#), 2);
    assert!(site_element(&svg, "18").contains(">2</text>"));
    assert!(site_element(&svg, "22").contains("<title>Black, Black</title>"));
    // The start: 12 men a side.
    let start = board_svg(&State::new(g), &SvgOptions::default());
    assert_eq!(count(&start, "<circle class=\"piece p0\""), 12);
    assert_eq!(count(&start, "<circle class=\"piece p1\""), 12);
}

#[test]
fn shipped_boards_have_one_site_element_per_site() {
    for (name, sites, pieces) in [
        ("tictactoe", 9, 0),
        ("connect4", 42, 0),
        ("breakthrough", 64, 32),
        ("hex", 121, 0),
        ("exnihilo", 61, 0),
        ("polypods", 48, 0),
        ("reversi", 64, 4),
    ] {
        let st = State::new(shipped(name, &[]));
        let svg = board_svg(&st, &SvgOptions::default());
        assert_eq!(count(&svg, r#"class="site""#), sites, "{name}");
        assert_eq!(count(&svg, "<circle class=\"piece"), pieces, "{name}");
    }
}

#[test]
fn stacks_show_every_level_and_roles_their_mark() {
    // Ex nihilo: a stack of two White pieces.
    let g = shipped("exnihilo", &["size=4"]);
    let st = State::from_position(g, "W W:a1*2 B:b1").unwrap();
    let svg = board_svg(&st, &SvgOptions::default());
    assert_eq!(count(&svg, r#"data-height="2""#), 1);
    let a1 = site_element(&svg, "a1");
    assert_eq!(count(a1, "<circle class=\"piece p0\""), 2);
    assert!(a1.contains(">2</text>"));
    // Polypods: a body stone (three friends touching) carries the mark.
    let g = shipped("polypods", &["board=square5x6"]);
    let st = State::from_position(g, "D D:c3,b3,d3,c4,c2").unwrap();
    let svg = board_svg(&st, &SvgOptions::default());
    assert!(count(&svg, r#"<circle class="role""#) >= 1, "{svg}");
    assert!(site_element(&svg, "c3").contains(">*</text>"));
}
