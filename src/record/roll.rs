//! Nature's throws as players write them: the faces of a throw of
//! several dice are a set, so `roll:5-2` is the throw that the game's
//! notation writes `roll:2-5` (its faces from the smallest,
//! docs/chance.md). The front ends (the web page, `ludic play`, a
//! record's moves) read a throw with its faces in any order.

use crate::engine::{IllegalMove, Move, State};

/// The turn `text` names in `st`, as [`State::parse_turn`] reads it; a
/// throw whose faces are not written from the smallest (`roll:5-2`) is
/// read as the same faces in order. Errors: the error of `text` as
/// written, when neither reads.
pub fn parse_turn(st: &State, text: &str) -> Result<Vec<Move>, IllegalMove> {
    st.parse_turn(text).or_else(|e| match in_order(text) {
        Some(t) => st.parse_turn(&t).map_err(|_| e),
        None => Err(e),
    })
}

/// `roll:F-F…` with its faces sorted from the smallest, when `text` is a
/// throw of several faces written in another order; `None` otherwise.
pub fn in_order(text: &str) -> Option<String> {
    let faces = text.trim().strip_prefix("roll:")?;
    let mut n: Vec<u32> = faces
        .split('-')
        .map(|f| f.parse().ok())
        .collect::<Option<_>>()?;
    if n.len() < 2 || n.is_sorted() {
        return None;
    }
    n.sort_unstable();
    let faces: Vec<String> = n.iter().map(u32::to_string).collect();
    Some(format!("roll:{}", faces.join("-")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_throw_is_put_in_order_and_other_words_are_left_alone() {
        assert_eq!(in_order("roll:5-2").as_deref(), Some("roll:2-5"));
        assert_eq!(in_order("roll:6-1-3").as_deref(), Some("roll:1-3-6"));
        assert_eq!(in_order("roll:2-5"), None, "already in order");
        assert_eq!(in_order("roll:7"), None, "a sum");
        assert_eq!(in_order("13-7"), None);
        assert_eq!(in_order("roll:a-1"), None);
    }

    #[test]
    fn a_throw_of_two_dice_reads_in_either_order() {
        // Backgammon's opening throw of 5 and 2 (docs/games/backgammon.md).
        let g = crate::compile::Game::load("backgammon", &Default::default()).unwrap();
        let st = State::new(std::sync::Arc::new(g));
        assert_eq!(parse_turn(&st, "roll:5-2"), st.parse_turn("roll:2-5"));
        assert!(st.parse_turn("roll:5-2").is_err(), "the engine's own order");
        assert!(parse_turn(&st, "roll:7-2").is_err(), "no such face");
    }
}
