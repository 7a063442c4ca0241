//! Leaps: a piece that goes straight to a site at a fixed offset, whatever
//! lies between (a chess knight, Ataxx's jump). Offsets are given in the
//! mover's own frame, `{X Y}` with X to the player's right and Y toward
//! the player's forward direction, so one rule serves both sides. The
//! targets are computed once, when the game is built.

use super::args::{Diags, int_in, items};
use crate::board::{Board, NO_SITE, Site};
use crate::syntax::Expr;
use std::collections::HashMap;

/// The offsets of a `by:{{X Y}…}` argument; `None` (with diagnostics) when
/// one is not a pair of small integers.
pub fn offsets(e: &Expr, d: &mut Diags) -> Option<Vec<(i32, i32)>> {
    let mut out = Vec::new();
    let mut ok = true;
    for pair in items(e) {
        match items(pair) {
            [x, y] if matches!(pair, Expr::Array(..)) => {
                match (int_in(x, -64, 64, d), int_in(y, -64, 64, d)) {
                    (Some(x), Some(y)) if out.contains(&(x as i32, y as i32)) => {
                        d.expected(pair, "each offset once");
                        ok = false;
                    }
                    (Some(x), Some(y)) if (x, y) != (0, 0) => out.push((x as i32, y as i32)),
                    (Some(_), Some(_)) => {
                        d.expected(pair, "an offset other than {0 0}");
                        ok = false;
                    }
                    _ => ok = false,
                }
            }
            _ => {
                d.expected(
                    pair,
                    "an offset `{X Y}`: X to the player's right, Y forward",
                );
                ok = false;
            }
        }
    }
    if out.is_empty() && ok {
        d.expected(e, "at least one offset, as in `by:{{1 2} {2 1}}`");
        ok = false;
    }
    ok.then_some(out)
}

/// The target of every offset from every site for every player:
/// `table[(player × sites + site) × offsets + i]`, [`NO_SITE`] off the
/// board. `forwards[p]` is player p's forward unit vector (x right, y up);
/// site positions are rounded to whole units.
pub fn table(board: &Board, forwards: &[(f64, f64)], offsets: &[(i32, i32)]) -> Vec<Site> {
    let key = |x: f64, y: f64| (x.round() as i64, y.round() as i64);
    let at: HashMap<(i64, i64), Site> = board
        .sites()
        .iter()
        .enumerate()
        .map(|(s, i)| (key(i.pos.0, i.pos.1), s as Site))
        .collect();
    let mut out = Vec::with_capacity(forwards.len() * board.len() * offsets.len());
    for &(fx, fy) in forwards {
        // The player's right hand: forward turned a quarter clockwise.
        let (rx, ry) = (fy, -fx);
        for info in board.sites() {
            for &(x, y) in offsets {
                let (x, y) = (f64::from(x), f64::from(y));
                let target = key(info.pos.0 + x * rx + y * fx, info.pos.1 + x * ry + y * fy);
                out.push(at.get(&target).copied().unwrap_or(NO_SITE));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Adjacency, Cells, Labels, Shape};

    fn board() -> Board {
        let shape = Shape::Square {
            rows: 8,
            cols: 8,
            cells: Cells::All,
            adjacency: Adjacency::Orthogonal,
        };
        Board::new(shape, Labels::Coordinates).unwrap()
    }

    #[test]
    fn offsets_turn_with_the_players_forward_direction() {
        let b = board();
        let label = |s: Site| {
            if s == NO_SITE {
                "-".to_string()
            } else {
                b.site(s).label.clone()
            }
        };
        // A knight's forward moves {1 2} and {-2 1}, for a player moving up
        // and one moving down.
        let t = table(&b, &[(0.0, 1.0), (0.0, -1.0)], &[(1, 2), (-2, 1)]);
        let at = |p: usize, s: &str, i: usize| {
            let s = b.site_by_label(s).unwrap() as usize;
            label(t[(p * b.len() + s) * 2 + i])
        };
        assert_eq!(at(0, "d4", 0), "e6");
        assert_eq!(at(0, "d4", 1), "b5");
        // Down the board, right is west: {1 2} from d4 is c2.
        assert_eq!(at(1, "d4", 0), "c2");
        assert_eq!(at(1, "d4", 1), "f3");
        // Off the board.
        assert_eq!(at(0, "h8", 0), "-");
        assert_eq!(at(1, "a1", 0), "-");
    }

    #[test]
    fn repeated_or_empty_offsets_are_check_errors() {
        use crate::compile::{Game, Options};
        let game = |by: &str| {
            let text = format!(
                "(game \"g\" (players 2) (board (square 3 3)) (piece \"P\") (play (leap by:{by})))"
            );
            Game::from_source("g.game", &text, &Options::default()).map_err(|e| e.to_string())
        };
        assert!(game("{{1 2} {2 1}}").is_ok());
        let e = game("{{1 0} {1 0}}").unwrap_err();
        assert!(e.contains("each offset once"), "{e}");
        assert!(game("{{0 0}}").unwrap_err().contains("other than {0 0}"));
        assert!(game("{1 2}").is_err());
    }
}
