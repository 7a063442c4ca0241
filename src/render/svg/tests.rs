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
    };
    let svg = board_svg(&st, &opts);
    assert!(svg.contains(r#"class="site origin selected" data-site="0""#));
    assert!(svg.contains(r#"class="site target last" data-site="1""#));
    assert_eq!(escape(r#"<a & "b">"#), "&lt;a &amp; &quot;b&quot;&gt;");
}
