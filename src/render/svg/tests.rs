//! The SVG of each board kind: cells, positions, stacks, roles, labels.
//! Small boards are snapshotted whole; the shipped games' boards are
//! checked by counting (cells, pieces, stack heights).

use super::*;
use crate::compile::{Game, Options};
use std::sync::Arc;

fn game(text: &str) -> Arc<Game> {
    Arc::new(Game::from_source("test.game", text, &Options::default()).unwrap())
}

/// A two-player placement game on `board`.
fn placement(board: &str) -> Arc<Game> {
    game(&format!(
        r#"(game "T" (players (player "Black" letter:"B") (player "White" letter:"W"))
  {board} (piece "Stone") (play (place "Stone" to:Empty)) (end (no-moves Draw)))"#
    ))
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
fn square_grid_of_two_by_three() {
    let g = placement("(board (square 2 3 adjacency:All) labels:Coordinates)");
    let st = State::from_position(g, "B B:a1,c2 W:b1").unwrap();
    let svg = board_svg(&st, &SvgOptions::default());
    assert_eq!(count(&svg, r#"class="site""#), 6);
    assert_eq!(count(&svg, r#"<rect class="cell""#), 6);
    assert_eq!(count(&svg, "<circle class=\"piece p0\""), 2);
    assert_eq!(count(&svg, "<circle class=\"piece p1\""), 1);
    // Three columns and two rows of 56 px, 0.75 unit margins: a1's square
    // starts at x = 0.25 unit = 14 px, y = 1.25 units = 70 px from the top.
    assert!(svg.contains(r#"viewBox="0 0 196 140""#), "{svg}");
    assert!(site_element(&svg, "a1").contains(r#"x="14" y="70""#));
    assert!(site_element(&svg, "c2").contains(r#"x="126" y="14""#));
    insta::assert_snapshot!(svg);
}

#[test]
fn hexagon_of_hex_cells() {
    let g = placement("(board (hex 2) labels:Coordinates)");
    let st = State::from_position(g, "B B:b2").unwrap();
    let opts = SvgOptions {
        labels: true,
        ..SvgOptions::default()
    };
    let svg = board_svg(&st, &opts);
    assert_eq!(count(&svg, "<polygon class=\"cell\""), 7);
    assert_eq!(count(&svg, "<circle class=\"piece p0\""), 1);
    assert_eq!(count(&svg, r#"<text class="label""#), 7);
    // The centre cell b2 sits in the middle of the picture.
    assert!(svg.contains(r#"viewBox="0 0 196 180.99""#), "{svg}");
    assert!(site_element(&svg, "b2").contains(r#"cx="98" cy="90.5""#));
    insta::assert_snapshot!(svg);
}

#[test]
fn rhombus_rows_shift_half_a_cell() {
    let g = placement("(board (rhombus 3 2) labels:Coordinates)");
    let svg = board_svg(&State::new(g), &SvgOptions::default());
    assert_eq!(count(&svg, "<polygon class=\"cell\""), 6);
    // a2 is half a cell (28 px) right of a1.
    let x = |label: &str| {
        let e = site_element(&svg, label);
        let p = e.find("points=\"").unwrap() + 8;
        let first: f64 = e[p..].split(',').next().unwrap().parse().unwrap();
        first
    };
    assert!((x("a2") - x("a1") - 28.0).abs() < 0.02);
    assert!((x("b1") - x("a1") - 56.0).abs() < 0.02);
    insta::assert_snapshot!(svg);
}

#[test]
fn triangular_points_with_their_lines() {
    let g = placement("(board (tri 2) labels:Coordinates)");
    let st = State::from_position(g, "B W:b2").unwrap();
    let svg = board_svg(&st, &SvgOptions::default());
    // A hexagon of side 2: 7 points, 12 lines (6 around, 6 spokes).
    assert_eq!(count(&svg, "<circle class=\"dot\""), 7);
    assert_eq!(count(&svg, "<line class=\"edge\""), 12);
    assert_eq!(count(&svg, "<circle class=\"piece p1\""), 1);
    insta::assert_snapshot!(svg);
}

#[test]
fn highlights_and_escaping() {
    let g = placement("(board (square 1 2 adjacency:All) labels:Coordinates)");
    let st = State::new(g);
    let opts = SvgOptions {
        targets: vec![1],
        origins: vec![0],
        selected: Some(0),
        last: vec![1],
        labels: false,
        ..SvgOptions::default()
    };
    let svg = board_svg(&st, &opts);
    assert!(svg.contains(r#"class="site origin selected" data-site="0""#));
    assert!(svg.contains(r#"class="site target last" data-site="1""#));
    assert_eq!(escape(r#"<a & "b">"#), "&lt;a &amp; &quot;b&quot;&gt;");
}

/// The options of the page: the game's own notation and the pictures.
fn page() -> SvgOptions {
    SvgOptions {
        notation: true,
        pictures: true,
        ..SvgOptions::default()
    }
}

#[test]
fn a_numbered_board_shows_its_numbers_not_letters() {
    // A 4×4 draughts board numbered 1–8 (labels:Numbers): the numbers its
    // moves are written in, one in each dark square; no file letters.
    let g = placement("(board (square 4 4 cells:Dark adjacency:Diagonal) labels:Numbers)");
    let st = State::new(g);
    let svg = board_svg(&st, &page());
    assert_eq!(count(&svg, r#"<text class="label""#), 8);
    assert_eq!(count(&svg, r#"<text class="coord""#), 0);
    for n in 1..=8 {
        assert!(site_element(&svg, &n.to_string()).contains(&format!(">{n}</text>")));
    }
    // Without the page's notation: letters and numbers round the grid.
    let plain = board_svg(&st, &SvgOptions::default());
    assert_eq!(count(&plain, r#"<text class="coord""#), 8);
    assert_eq!(count(&plain, r#"<text class="label""#), 0);
}

#[test]
fn a_coordinate_grid_keeps_its_margin_letters_and_hex_cells_their_labels() {
    let g = placement("(board (square 2 3 adjacency:All) labels:Coordinates)");
    let svg = board_svg(&State::new(g), &page());
    assert_eq!(count(&svg, r#"<text class="coord""#), 5, "a b c, 1 2");
    assert_eq!(count(&svg, r#"<text class="label""#), 0);
    let g = placement("(board (hex 2) labels:Coordinates)");
    let svg = board_svg(&State::new(g), &page());
    assert_eq!(count(&svg, r#"<text class="label""#), 7);
    assert!(site_element(&svg, "b2").contains(">b2</text>"));
}

#[test]
fn pieces_are_drawn_as_their_kinds_pictures() {
    let g = game(
        r#"(game "T" (players (player "White" letter:"W") (player "Black" letter:"B"))
  (board (square 2 2 adjacency:All) labels:Coordinates)
  (piece "King" letter:"K" picture:"king") (piece "Man" picture:"man") (piece "Plain")
  (stack-limit 4) (play (place "Man" to:Empty)) (end (no-moves Draw)))"#,
    );
    // a1 a king of White's, b1 a stack of two black men (a draughts
    // king), a2 a plain piece of Black's, b2 a stack of White then Black.
    let st = State::from_position(g, "W W:Ka1,Man@b2 B:Man@b1*2,Plain@a2,Man@b2").unwrap();
    let svg = board_svg(&st, &page());
    assert!(site_element(&svg, "a1").contains(r#"class="piece p0" data-picture="king""#));
    let b1 = site_element(&svg, "b1");
    assert_eq!(count(b1, r#"data-picture="man""#), 2);
    assert_eq!(count(b1, "#d4a017"), 1, "crowned once, on top");
    assert!(!b1.contains(r#"class="height""#), "a crown, not a height");
    assert!(site_element(&svg, "a2").contains(r#"class="piece p1" data-picture="disc""#));
    // A mixed stack: both levels drawn, each in its owner's seat class,
    // bottom first, with its height; not crowned.
    let b2 = site_element(&svg, "b2");
    let (p0, p1) = (b2.find("piece p0").unwrap(), b2.find("piece p1").unwrap());
    assert!(p0 < p1, "{b2}");
    assert!(b2.contains(">2</text>") && !b2.contains("#d4a017"));
}

#[test]
fn an_unknown_picture_is_refused_with_the_names() {
    let err = Game::from_source(
        "test.game",
        r#"(game "T" (players 2) (board (square 2 2)) (piece "P" picture:"dragon")
  (play (place "P" to:Empty)) (end (no-moves Draw)))"#,
        &Options::default(),
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("test.game:1:63"), "{err}");
    assert!(err.contains("unknown picture `dragon`"), "{err}");
    assert!(err.contains("a built-in picture: pawn, knight"), "{err}");
}

#[test]
fn a_flipped_board_puts_the_first_square_top_right() {
    let g = placement("(board (square 2 3 adjacency:All) labels:Coordinates)");
    let st = State::new(g);
    let opts = SvgOptions {
        flip: true,
        ..SvgOptions::default()
    };
    let svg = board_svg(&st, &opts);
    // Unflipped, a1 starts at (14, 70) (square_grid_of_two_by_three);
    // turned half round it is the top right square: x = 196 - 14 - 56.
    assert!(
        site_element(&svg, "a1").contains(r#"x="126" y="14""#),
        "{svg}"
    );
    assert!(site_element(&svg, "c2").contains(r#"x="14" y="70""#));
}

#[test]
fn goal_sites_are_outlined_in_their_seat() {
    let g = placement("(board (square 2 2 adjacency:All) labels:Coordinates)");
    let at = |label: &str| {
        let b = &g.board;
        b.all()
            .into_iter()
            .find(|&s| b.site(s).label == label)
            .unwrap()
    };
    let opts = SvgOptions {
        goals: vec![(at("a1"), 0), (at("a1"), 1), (at("b2"), 1)],
        ..page()
    };
    let svg = board_svg(&State::new(g), &opts);
    let a1 = site_element(&svg, "a1");
    assert!(a1.contains(r#"class="goal p0""#) && a1.contains(r#"class="goal p1""#));
    assert!(site_element(&svg, "b2").contains(r#"class="goal p1""#));
    assert!(!site_element(&svg, "b1").contains("goal"));
}
