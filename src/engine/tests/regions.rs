//! Regions: row, rows, column, side (compass and player-relative), centre,
//! sites by label, union, all; their use in setup and in conditions.

use super::{game, position, sorted_steps, start};
use crate::compile::{Game, LoadError, Options, compile};

/// The labels of region `name` as seen by `player`, sorted.
fn labels(g: &Game, name: &str, player: usize) -> Vec<String> {
    let r = g
        .region_names
        .iter()
        .position(|n| n == name)
        .unwrap_or_else(|| panic!("no region {name}"));
    let mut out: Vec<String> = g.regions[r][player]
        .iter()
        .enumerate()
        .filter(|&(_, &inside)| inside)
        .map(|(s, _)| g.board.site(s as u16).label.clone())
        .collect();
    out.sort();
    out
}

/// A 2-player game on `board` with these region clauses.
fn with_regions(board: &str, regions: &str) -> std::sync::Arc<Game> {
    game(&format!(
        r#"(game "T" (players 2) (board {board}) (piece "Man") {regions} (play (step)))"#
    ))
}

#[test]
fn rows_and_columns_on_a_square_board() {
    // 3×3: rows count from 0 at the bottom, columns from 0 at the left.
    let g = with_regions(
        "(square 3 3)",
        r#"(region "Bottom" (row 0)) (region "Upper" (rows 1 2))
           (region "Down" (rows 2 1)) (region "Middle" (column 1))"#,
    );
    assert_eq!(labels(&g, "Bottom", 0), ["a1", "b1", "c1"]);
    assert_eq!(labels(&g, "Upper", 0), ["a2", "a3", "b2", "b3", "c2", "c3"]);
    assert_eq!(labels(&g, "Down", 0), labels(&g, "Upper", 0));
    assert_eq!(labels(&g, "Middle", 0), ["b1", "b2", "b3"]);
    // Fixed regions are the same for both players.
    assert_eq!(labels(&g, "Bottom", 1), labels(&g, "Bottom", 0));
}

#[test]
fn sides_by_compass_and_per_player() {
    // (players 2): P1 forward N, P2 forward S. Forward is the far edge.
    let g = with_regions(
        "(square 3 3)",
        r#"(region "Far" (side Forward)) (region "Near" (side Backward))
           (region "East" (side E)) (region "Corner" (side NE))"#,
    );
    assert_eq!(labels(&g, "Far", 0), ["a3", "b3", "c3"]);
    assert_eq!(labels(&g, "Far", 1), ["a1", "b1", "c1"]);
    assert_eq!(labels(&g, "Near", 0), ["a1", "b1", "c1"]);
    assert_eq!(labels(&g, "Near", 1), ["a3", "b3", "c3"]);
    assert_eq!(labels(&g, "East", 0), ["c1", "c2", "c3"]);
    assert_eq!(labels(&g, "East", 1), ["c1", "c2", "c3"]);
    // The NE-most site: largest x + y.
    assert_eq!(labels(&g, "Corner", 0), ["c3"]);
}

#[test]
fn forward_follows_the_declared_forward_direction() {
    // Players facing E and W: their far sides are the right and left
    // columns.
    let g = game(
        r#"(game "T" (players (player "A" forward:E) (player "B" forward:W))
             (board (square 3 3)) (piece "Man")
             (region "Far" (side Forward)) (play (step)))"#,
    );
    assert_eq!(labels(&g, "Far", 0), ["c1", "c2", "c3"]);
    assert_eq!(labels(&g, "Far", 1), ["a1", "a2", "a3"]);
}

#[test]
fn centres_of_square_and_hexagonal_boards() {
    // 3×3: b2. 4×4: the four middle cells.
    let g = with_regions("(square 3 3)", r#"(region "C" (centre))"#);
    assert_eq!(labels(&g, "C", 0), ["b2"]);
    let g = with_regions("(square 4 4)", r#"(region "C" (centre))"#);
    assert_eq!(labels(&g, "C", 0), ["b2", "b3", "c2", "c3"]);
    // Hexagon of side 2: rows a (2 cells), b (3), c (2); the middle cell
    // of row b is b2.
    let g = with_regions("(hex 2)", r#"(region "C" (centre))"#);
    assert_eq!(labels(&g, "C", 0), ["b2"]);
    // Side 3: rows a..e of 3, 4, 5, 4, 3 cells; the middle of row c (5
    // cells) is c3.
    let g = with_regions("(hex 3)", r#"(region "C" (centre))"#);
    assert_eq!(labels(&g, "C", 0), ["c3"]);
}

#[test]
fn regions_of_a_hexagon() {
    // Hexagon of side 2: row a = a1 a2 (bottom), b = b1 b2 b3, c = c1 c2.
    let g = with_regions(
        "(hex 2)",
        r#"(region "Far" (side Forward)) (region "Bottom" (row 0))
           (region "Left" (column 0)) (region "All" (all))"#,
    );
    assert_eq!(labels(&g, "Far", 0), ["c1", "c2"]);
    assert_eq!(labels(&g, "Far", 1), ["a1", "a2"]);
    assert_eq!(labels(&g, "Bottom", 0), ["a1", "a2"]);
    assert_eq!(labels(&g, "Left", 0), ["a1", "b1", "c1"]);
    assert_eq!(labels(&g, "All", 0).len(), 7);
}

#[test]
fn sites_by_label_and_unions() {
    let g = with_regions(
        "(square 3 3)",
        r#"(region "Two" (sites "c3" "a1"))
           (region "Far" (side Forward))
           (region "Mix" (union (row 0) (column 0) (sites "b2")))
           (region "Ends" (union "Far" (row 0)))"#,
    );
    assert_eq!(labels(&g, "Two", 0), ["a1", "c3"]);
    // Row 0 (a1 b1 c1) ∪ column 0 (a1 a2 a3) ∪ b2: six sites.
    assert_eq!(labels(&g, "Mix", 0), ["a1", "a2", "a3", "b1", "b2", "c1"]);
    // A named region inside a union is taken per player: P1's far row is
    // the top; P2's is row 0 itself.
    assert_eq!(labels(&g, "Ends", 0), ["a1", "a3", "b1", "b3", "c1", "c3"]);
    assert_eq!(labels(&g, "Ends", 1), ["a1", "b1", "c1"]);
}

#[test]
fn a_label_that_names_no_site_is_an_error() {
    let text = r#"(game "T" (players 2) (board (square 3 3)) (piece "Man")
        (region "R" (sites "a1" "z9")) (play (step)))"#;
    let Err(LoadError::Rules(d)) = compile("t.game", text, &Options::default()) else {
        panic!("expected rule errors");
    };
    let messages: Vec<&str> = d.items.iter().map(|x| x.message.as_str()).collect();
    assert!(
        messages.contains(&"no site is labelled `z9`"),
        "{messages:?}"
    );
}

#[test]
fn a_region_error_is_reported_once() {
    // One bad label, one unknown region name: two diagnostics, whatever
    // the number of players (here 3).
    let text = r#"(game "T" (players 3) (board (square 3 3)) (piece "Man")
        (region "R" (sites "a1" "z9")) (region "S" (union "Nope")) (play (step)))"#;
    let Err(LoadError::Rules(d)) = compile("t.game", text, &Options::default()) else {
        panic!("expected rule errors");
    };
    let messages: Vec<&str> = d.items.iter().map(|x| x.message.as_str()).collect();
    assert_eq!(
        messages,
        ["no site is labelled `z9`", "unknown region `Nope`"]
    );
}

#[test]
fn setup_fills_each_players_version_of_a_region() {
    // Each player's men on its own back row: P1 on row 0, P2 on row 2.
    let st = start(
        r#"(game "T" (players 2) (board (square 3 2)) (piece "Man")
             (setup (fill "Man" P1 (side Backward)) (fill "Man" P2 (side Backward)))
             (play (step)))"#,
    );
    assert_eq!(position(&st), "a1=M a3=m b1=M b3=m");
}

#[test]
fn conditions_read_the_movers_version_of_a_region() {
    // Orthogonal 3×3, P1 on a2 and P2 on c2; a step may only end on the
    // mover's far row. P1 (far row 2): a2-a3. P2 (far row 0): c2-c1.
    let mut st = start(
        r#"(game "T" (players 2) (board (square 3 3)) (piece "Man")
             (region "Far" (side Forward))
             (setup (fill "Man" P1 (sites "a2")) (fill "Man" P2 (sites "c2")))
             (play (step to:(and Empty (in "Far")))))"#,
    );
    assert_eq!(sorted_steps(&st), ["a2-a3"]);
    super::play(&mut st, "a2-a3");
    assert_eq!(sorted_steps(&st), ["c2-c1"]);
}

#[test]
fn a_row_off_the_board_is_an_error() {
    // 3×3: rows are 0 to 2, so row 7 names no site; a silent empty region
    // would hide the mistake (a new user's report).
    let text = r#"(game "T" (players 2) (board (square 3 3)) (piece "S")
        (region "Off" (row 7)) (play (step)))"#;
    let err =
        crate::compile::compile("t.game", text, &crate::compile::Options::default()).unwrap_err();
    assert!(err.to_string().contains("7 is off the board"), "{err}");
}
