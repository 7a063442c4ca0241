//! Direction words in `dirs:`: Forward/Backward per player, Orthogonal and
//! Diagonal on square and hexagonal boards, compass words.

use super::{game, play, start, steps};
use crate::compile::{Game, LoadError, Options, compile};

/// The direction names of generator `gen` for `player`, in board order.
fn names(g: &Game, gen_id: usize, player: usize) -> Vec<String> {
    g.dirsets[g.gens[gen_id].kind.dirs().unwrap() as usize][player]
        .iter()
        .map(|&d| g.board.directions()[d as usize].name.clone())
        .collect()
}

/// A game on `board` whose generators are one step per `dirs` value.
fn steps_with(players: &str, board: &str, dirs: &[&str]) -> std::sync::Arc<Game> {
    let gens: Vec<String> = dirs.iter().map(|d| format!("(step dirs:{d})")).collect();
    game(&format!(
        r#"(game "T" {players} (board {board}) (piece "Man") (play {{{}}}))"#,
        gens.join(" ")
    ))
}

#[test]
fn forward_and_backward_on_a_square_board_with_all_neighbours() {
    // Order N NE E SE S SW W NW. P1 faces N: N, NE, NW ahead; P2 faces S.
    let g = steps_with(
        "(players 2)",
        "(square 3 3 adjacency:All)",
        &["Forward", "Backward"],
    );
    assert_eq!(names(&g, 0, 0), ["N", "NE", "NW"]);
    assert_eq!(names(&g, 0, 1), ["SE", "S", "SW"]);
    assert_eq!(names(&g, 1, 0), ["SE", "S", "SW"]);
    assert_eq!(names(&g, 1, 1), ["N", "NE", "NW"]);
}

#[test]
fn forward_on_orthogonal_and_diagonal_boards() {
    let g = steps_with("(players 2)", "(square 3 3)", &["Forward"]);
    assert_eq!(names(&g, 0, 0), ["N"]);
    assert_eq!(names(&g, 0, 1), ["S"]);
    let g = steps_with(
        "(players 2)",
        "(square 3 3 adjacency:Diagonal)",
        &["Forward"],
    );
    assert_eq!(names(&g, 0, 0), ["NE", "NW"]);
    assert_eq!(names(&g, 0, 1), ["SE", "SW"]);
}

#[test]
fn forward_follows_each_players_declared_direction() {
    // Facing E: NE, E, SE (positive x). Facing NE: N, NE, E (SE and NW
    // are perpendicular to NE, so not ahead).
    let g = steps_with(
        r#"(players (player "A" forward:E) (player "B" forward:NE))"#,
        "(square 3 3 adjacency:All)",
        &["Forward"],
    );
    assert_eq!(names(&g, 0, 0), ["NE", "E", "SE"]);
    assert_eq!(names(&g, 0, 1), ["N", "NE", "E"]);
}

#[test]
fn orthogonal_and_diagonal_on_a_square_board() {
    let g = steps_with(
        "(players 2)",
        "(square 3 3 adjacency:All)",
        &["Orthogonal", "Diagonal", "All", "{N E}", "{Forward E}"],
    );
    assert_eq!(names(&g, 0, 0), ["N", "E", "S", "W"]);
    assert_eq!(names(&g, 1, 0), ["NE", "SE", "SW", "NW"]);
    assert_eq!(names(&g, 2, 0).len(), 8);
    assert_eq!(names(&g, 3, 1), ["N", "E"]);
    // Forward (N NE NW) and E, without repeats, in board order.
    assert_eq!(names(&g, 4, 0), ["N", "NE", "E", "NW"]);
    // On a board with only diagonal neighbours, nothing is orthogonal.
    let g = steps_with(
        "(players 2)",
        "(square 3 3 adjacency:Diagonal)",
        &["Orthogonal", "Diagonal"],
    );
    assert!(names(&g, 0, 0).is_empty());
    assert_eq!(names(&g, 1, 0), ["NE", "SE", "SW", "NW"]);
}

#[test]
fn directions_of_a_hexagon() {
    // Hex order E NE NW W SW SE. Every neighbour shares an edge: all six
    // are orthogonal, none diagonal. Forward for P1 (N): NE, NW; for P2:
    // SW, SE.
    let g = steps_with(
        "(players 2)",
        "(hex 2)",
        &["Orthogonal", "Diagonal", "Forward", "Backward"],
    );
    assert_eq!(names(&g, 0, 0), ["E", "NE", "NW", "W", "SW", "SE"]);
    assert!(names(&g, 1, 0).is_empty());
    assert_eq!(names(&g, 2, 0), ["NE", "NW"]);
    assert_eq!(names(&g, 2, 1), ["SW", "SE"]);
    assert_eq!(names(&g, 3, 0), ["SW", "SE"]);
    // A player facing E on a hexagon: E, and NE and SE (60° off).
    let g = steps_with(
        r#"(players (player "A" forward:E) (player "B"))"#,
        "(hex 2)",
        &["Forward"],
    );
    assert_eq!(names(&g, 0, 0), ["E", "NE", "SE"]);
}

#[test]
fn steps_on_a_hexagon() {
    // Hexagon of side 2: a P1 man on the centre b2 has six neighbours:
    // E b3, NE c2, NW c1, W b1, SW a1, SE a2.
    let text = |dirs: &str| {
        format!(
            r#"(game "T" (players 2) (board (hex 2)) (piece "Man")
                 (setup (fill "Man" P1 (sites "b2")) (fill "Man" P2 (sites "c2")))
                 (play (step dirs:{dirs})))"#
        )
    };
    let st = start(&text("Orthogonal"));
    // NE (c2) holds P2's man.
    assert_eq!(steps(&st), ["b2-b3", "b2-c1", "b2-b1", "b2-a1", "b2-a2"]);
    let st = start(&text("Diagonal"));
    assert!(steps(&st).is_empty());
    // Forward: P1 to c1 (NE c2 is taken); then P2 from c2 forward: SW is
    // b2 (free again), SE is b3.
    let mut st = start(&text("Forward"));
    assert_eq!(steps(&st), ["b2-c1"]);
    play(&mut st, "b2-c1");
    assert_eq!(steps(&st), ["c2-b2", "c2-b3"]);
}

#[test]
fn a_compass_word_the_board_lacks_is_an_error() {
    // A hexagon has no N.
    let text = r#"(game "T" (players 2) (board (hex 2)) (piece "Man") (play (step dirs:N)))"#;
    let Err(LoadError::Rules(d)) = compile("t.game", text, &Options::default()) else {
        panic!("expected rule errors");
    };
    assert_eq!(d.items.len(), 1, "{}", d.render());
    assert_eq!(d.items[0].message, "`N` is not a direction of this board");
    // A misspelt word gets a suggestion.
    let text =
        r#"(game "T" (players 2) (board (square 3 3)) (piece "Man") (play (step dirs:Diagnal)))"#;
    let Err(LoadError::Rules(d)) = compile("t.game", text, &Options::default()) else {
        panic!("expected rule errors");
    };
    assert_eq!(d.items[0].help.as_deref(), Some("did you mean `Diagonal`?"));
}
