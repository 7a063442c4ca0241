//! Leaps: a piece that goes straight to a site at a fixed offset, whatever
//! lies between (a chess knight, Ataxx's jump). Offsets are given in the
//! mover's own frame, `{X Y}` with X to the player's right and Y toward
//! the player's forward direction, so one rule serves both sides (the
//! engine finds each offset's target from each site once,
//! `engine::tables::leap_table`).

use super::args::{Diags, int_in, items};
use crate::syntax::Expr;

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

#[cfg(test)]
mod tests {
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
