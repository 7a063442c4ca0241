//! The footholds of small rule files against what their rules say, and,
//! for soundness, every position of seeded random games of every shipped
//! game standing on its footholds.

use super::Footholds;
use crate::board::Site;
use crate::compile::{Game, Options, shipped_games};
use crate::engine::State;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// A game on a 5×5 board: P1 (forward N) fills row 1, P2 (forward S)
/// row 3, with `extra` pieces and `play` the moves.
fn game(extra: &str, play: &str) -> Game {
    let text = format!(
        "(game \"t\" (players (player \"A\" letter:\"A\" forward:N) (player \"B\" letter:\"B\" forward:S))
           (board (square 5 5 adjacency:All))
           (piece \"Man\") {extra}
           (setup (fill \"Man\" P1 (row 1)) (fill \"Man\" P2 (row 3)))
           (play {play}))"
    );
    Game::from_source("t", &text, &Options::default()).expect("the test's rules")
}

/// The rows on which `game`'s `kind` of `owner` may stand, per site:
/// `(row, allowed)` for every site.
fn rows(game: &Game, kind: u8, owner: u8) -> Vec<(i32, bool)> {
    let f = Footholds::of(game);
    (0..game.board.len() as Site)
        .map(|s| {
            let row = game.board.site(s).row;
            (row, f.allows(game.piece(kind, owner), s))
        })
        .collect()
}

#[test]
fn a_kind_that_only_moves_forward_never_stands_behind_its_setup() {
    let g = game(
        "",
        "{(step dirs:Forward to:Empty) (step dirs:(and Forward Diagonal) to:Enemy capture:true)}",
    );
    // P1 starts on row 1 and moves north: rows 1 to 4, never row 0.
    for (row, allowed) in rows(&g, 0, 0) {
        assert_eq!(allowed, row >= 1, "P1 on row {row}");
    }
    // P2 starts on row 3 and moves south: rows 0 to 3, never row 4.
    for (row, allowed) in rows(&g, 0, 1) {
        assert_eq!(allowed, row <= 3, "P2 on row {row}");
    }
}

#[test]
fn a_kind_with_a_backward_direction_reaches_every_row() {
    let g = game("", "(step dirs:{Forward Backward} to:Empty)");
    for owner in 0..2 {
        assert!(rows(&g, 0, owner).iter().all(|&(_, a)| a), "owner {owner}");
    }
}

#[test]
fn a_placed_kind_stands_anywhere_and_a_kind_nothing_makes_nowhere() {
    let g = game(
        "(piece \"Stone\") (piece \"Ghost\")",
        "{(step dirs:Forward to:Empty) (place \"Stone\" to:Empty)}",
    );
    for owner in 0..2 {
        assert!(rows(&g, 1, owner).iter().all(|&(_, a)| a), "Stone {owner}");
        assert!(rows(&g, 2, owner).iter().all(|&(_, a)| !a), "Ghost {owner}");
    }
}

#[test]
fn a_promotion_makes_its_kind_anywhere_and_the_pawn_stays_forward() {
    let g = game(
        "(piece \"Queen\") (region \"Far\" (side Forward))",
        "{(step from:(kind \"Man\") dirs:Forward to:Empty promote:{\"Queen\"} zone:\"Far\")
          (slide from:(kind \"Queen\") to:Empty)}",
    );
    for (row, allowed) in rows(&g, 0, 0) {
        assert_eq!(allowed, row >= 1, "Man on row {row}");
    }
    assert!(rows(&g, 1, 0).iter().all(|&(_, a)| a));
}

#[test]
fn stacks_of_two_carry_any_piece_along_any_players_directions() {
    // A move onto a friendly stack makes stacks of two, whose lower piece
    // moves with the top: each player's forward-only man may be carried
    // anywhere by a stack the other player tops.
    let g = game("", "(step dirs:Forward to:(not Enemy))");
    for owner in 0..2 {
        assert!(rows(&g, 0, owner).iter().all(|&(_, a)| a), "owner {owner}");
    }
}

#[test]
fn a_conversion_lets_a_piece_stand_where_the_other_players_piece_of_its_kind_stands() {
    let g = game(
        "",
        "(step dirs:Forward to:Empty then:(convert-all (neighbours To Enemy)))",
    );
    // Each player's men reach the other's rows: P1's on row 0 (a P2 man
    // converted there), P2's on row 4.
    for owner in 0..2 {
        assert!(rows(&g, 0, owner).iter().all(|&(_, a)| a), "owner {owner}");
    }
}

/// Every piece of `st` stands on a foothold of its game.
fn on_footholds(st: &State, f: &Footholds, at: &str) {
    for s in 0..st.game().board.len() as Site {
        for &p in st.stack(s) {
            assert!(f.allows(p, s), "{at}: piece {p} on site {s}");
        }
    }
}

#[test]
fn every_position_of_seeded_random_games_of_every_shipped_game_stands_on_its_footholds() {
    for name in shipped_games() {
        let game = Arc::new(Game::load(name, &Options::default()).expect("game"));
        let f = Footholds::of(&game);
        for seed in 0..3 {
            let mut st = State::new_seeded(game.clone(), seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            for step in 0..300 {
                on_footholds(&st, &f, &format!("{name}, seed {seed}, step {step}"));
                if st.is_over() {
                    break;
                }
                let steps = st.legal_steps();
                if steps.is_empty() {
                    break;
                }
                let m = steps[rng.random_range(0..steps.len())];
                st.play(&m).expect("a listed step");
            }
        }
    }
}

#[test]
fn the_pawns_of_a_shipped_file_never_stand_on_their_own_first_rank() {
    // Written from the rules of chess.game: pawns fill the second rank and
    // move only forward (a double step, diagonal captures); every other
    // piece slides, steps or leaps both ways, or is promoted into.
    let game = Game::load("chess", &Options::default()).expect("chess");
    let f = Footholds::of(&game);
    let pawn = game.kinds.iter().position(|k| k == "Pawn").unwrap() as u8;
    for s in 0..game.board.len() as Site {
        let row = game.board.site(s).row;
        assert_eq!(f.allows(game.piece(pawn, 0), s), row != 0, "White at {s}");
        assert_eq!(f.allows(game.piece(pawn, 1), s), row != 7, "Black at {s}");
        for k in (0..game.kinds.len() as u8).filter(|&k| k != pawn) {
            assert!(f.allows(game.piece(k, 0), s) && f.allows(game.piece(k, 1), s));
        }
    }
}
