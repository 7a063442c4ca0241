//! Standard algebraic notation (SAN, the PGN standard's §8.2.3) for games
//! that declare `(fen …)`, written and read from the game's own terms:
//! a kind's letter is its `letter:` (none for the `en-passant:` kind, the
//! pawn), castling is the `castling:` royal kind going two or more
//! columns along its row (`O-O` towards the higher column, `O-O-O`
//! towards the lower), a capture is a step after which the other side
//! has fewer pieces on the board, a promotion is a step whose piece
//! arrives as another kind (`=Q`), and `+`/`#` follow a step that leaves
//! the other side's `(royal …)` kind attacked (`#`: and the mover has
//! won). A file is a label's letters and a rank its digits (`e4`).
//!
//! Reading compares the text, without its `+`, `#`, `!` and `?`, with
//! the SAN of every legal turn, so that only what writing produces is
//! read (and a turn of the game's own notation, `e2-e4`, is read too).

use crate::engine::{Move, Outcome, State};
use crate::players::turns::Turns;

/// The SAN of `turn` (one legal step) from `st`, or `None` when the game
/// has no `(fen …)`, the turn is not one step or its kind has no letter.
pub fn turn_to_san(st: &State, turn: &[Move]) -> Option<String> {
    let turns = Turns::of(st);
    san_among(st, turn, &turns)
}

/// [`turn_to_san`] with the legal turns `turns` already listed.
fn san_among(st: &State, turn: &[Move], turns: &Turns) -> Option<String> {
    let game = st.game();
    let fen = game.fen.as_ref()?;
    let [m] = turn else { return None };
    let piece = st.top(m.from)?;
    let kind = game.kind(piece);
    let board = &game.board;
    let (from, to) = (board.site(m.from), board.site(m.to));
    let mut after = st.clone();
    after.play_turn(turn);
    let mover = st.current_player();
    let mut s = String::new();
    let castles = fen.castling.is_some_and(|(k, _)| k == kind)
        && from.row == to.row
        && (to.col - from.col).abs() >= 2;
    if castles {
        s.push_str(if to.col > from.col { "O-O" } else { "O-O-O" });
    } else {
        let pawn = fen.en_passant == Some(kind);
        let captures = others_on_board(&after, mover) < others_on_board(st, mover);
        if !pawn {
            s.push(game.kind_letters[usize::from(kind)]?);
            s.push_str(&disambiguation(st, m, kind, turns));
        } else if captures {
            s.push_str(file(&from.label));
        }
        if captures {
            s.push('x');
        }
        s.push_str(&to.label);
        let arrived = after.top(m.to).map(|p| game.kind(p));
        if let Some(k) = arrived.filter(|&k| k != kind) {
            s.push('=');
            s.push(game.kind_letters[usize::from(k)]?);
        }
    }
    s.push_str(check_mark(&after, mover));
    Some(s)
}

/// `+` when the step leaves another player's royal piece attacked, `#`
/// when it also won; else nothing.
fn check_mark(after: &State, mover: u8) -> &'static str {
    let game = after.game();
    let Some(royal) = game.royal else { return "" };
    let others = (0..game.num_players() as u8).filter(|&p| p != mover);
    let checks = others.into_iter().any(|p| after.in_check(royal, p));
    match after.outcome() {
        Some(Outcome::Win(w, _)) if checks && w == mover => "#",
        _ if checks => "+",
        _ => "",
    }
}

/// How many pieces on the board are not `mover`'s.
fn others_on_board(st: &State, mover: u8) -> usize {
    let game = st.game();
    (0..game.board.len() as u16)
        .flat_map(|s| st.stack(s).iter())
        .filter(|&&p| game.owner(p) != mover)
        .count()
}

/// What tells the step's origin apart from the other legal steps of the
/// same kind to the same site: nothing, its file, its rank, or both.
fn disambiguation(st: &State, m: &Move, kind: u8, turns: &Turns) -> String {
    let game = st.game();
    let board = &game.board;
    let rivals: Vec<u16> = turns
        .iter()
        .filter_map(|t| match t {
            [o] if o.to == m.to && o.from != m.from => Some(o.from),
            _ => None,
        })
        .filter(|&f| st.top(f).is_some_and(|p| game.kind(p) == kind))
        .collect();
    if rivals.is_empty() {
        return String::new();
    }
    let here = board.site(m.from);
    let same_col = rivals.iter().any(|&f| board.site(f).col == here.col);
    let same_row = rivals.iter().any(|&f| board.site(f).row == here.row);
    match (same_col, same_row) {
        (false, _) => file(&here.label).to_string(),
        (true, false) => rank(&here.label).to_string(),
        (true, true) => here.label.clone(),
    }
}

/// A label's letters (`e` of `e4`).
fn file(label: &str) -> &str {
    let n = label.chars().take_while(char::is_ascii_alphabetic).count();
    &label[..n]
}

/// A label's digits (`4` of `e4`).
fn rank(label: &str) -> &str {
    &label[file(label).len()..]
}

/// The SAN text without its check, mate and annotation marks.
fn bare(text: &str) -> &str {
    text.trim_end_matches(['+', '#', '!', '?'])
}

/// The legal turn of `st` whose SAN is `text` (its `+`, `#`, `!` and
/// `?` ignored), or `None` when none is.
pub fn san_to_turn(st: &State, text: &str) -> Option<Vec<Move>> {
    st.game().fen.as_ref()?;
    let want = bare(text.trim());
    let turns = Turns::of(st);
    turns
        .iter()
        .find(|t| san_among(st, t, &turns).is_some_and(|s| bare(&s) == want))
        .map(<[Move]>::to_vec)
}

/// Whether `text` is shaped as a SAN move (`Nbd7`, `exd5`, `e8=Q+`,
/// `O-O-O#`), so that a PGN's movetext reads as PDN's does.
pub fn is_san(text: &str) -> bool {
    let t = bare(text);
    if t == "O-O" || t == "O-O-O" {
        return true;
    }
    // (ASCII only: a byte index is a character's.)
    if !t.is_ascii() {
        return false;
    }
    let t = match t.len().checked_sub(2).map(|i| t.split_at(i)) {
        Some((head, promo))
            if promo.starts_with('=')
                && promo[1..].starts_with(|c: char| c.is_ascii_uppercase()) =>
        {
            head
        }
        _ => t,
    };
    let t = t
        .strip_prefix(|c: char| c.is_ascii_uppercase())
        .unwrap_or(t);
    t.len() >= 2
        && t.ends_with(|c: char| c.is_ascii_digit())
        && t.chars().any(|c| c.is_ascii_lowercase())
        && t.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
}
