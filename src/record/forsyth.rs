//! Forsyth–Edwards notation (chess FEN), as text only:
//!
//! ```text
//! rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1
//! ```
//!
//! The board from the top rank down, ranks separated by `/`, each from the
//! left: a letter per piece, a number for a run of empty squares; then,
//! separated by spaces and each optional, the side to move, the castling
//! field (`-` for none), the en-passant field (`-` or a square), the
//! half-move clock and the move number. What the letters mean is the
//! game's business (see `State::from_fen`).

/// A FEN position, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Forsyth {
    /// The ranks from the top, each square from the left: its letter, or
    /// `None` when empty.
    pub ranks: Vec<Vec<Option<char>>>,
    /// The side to move, when given.
    pub to_move: Option<char>,
    /// The castling field (`-` when none or not given).
    pub castling: String,
    /// The en-passant square, when given and not `-`.
    pub en_passant: Option<String>,
    /// The half-move clock, when given.
    pub halfmove: Option<u32>,
    /// The move number, when given.
    pub fullmove: Option<u32>,
}

pub use super::forsyth_error::ForsythError;

/// The largest half-move clock or move number a FEN may give: 10^9.
/// Play counts turns in 32 bits, so a clock near 2^32 would wrap (and the
/// no-progress draw be lost) after a few moves.
pub const MAX_CLOCK: u32 = 1_000_000_000;

/// Reads a FEN text for a board `cols` squares wide and `rows` high.
///
/// # Errors
/// A [`ForsythError`] naming the field and what was expected.
pub fn parse_forsyth(text: &str, cols: usize, rows: usize) -> Result<Forsyth, ForsythError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let Some(board) = fields.first() else {
        return Err(ForsythError::Empty);
    };
    if fields.len() > 6 {
        return Err(ForsythError::TooManyFields {
            fields: fields.len(),
        });
    }
    let texts: Vec<&str> = board.split('/').collect();
    if texts.len() != rows {
        return Err(ForsythError::Ranks {
            found: texts.len(),
            rows,
        });
    }
    let mut ranks = Vec::with_capacity(rows);
    for (i, r) in texts.iter().enumerate() {
        let mut rank: Vec<Option<char>> = Vec::with_capacity(cols);
        let mut run = 0usize;
        let mut digits = false;
        for c in r.chars() {
            if let Some(v) = c.to_digit(10) {
                run = run.saturating_mul(10).saturating_add(v as usize);
                digits = true;
                continue;
            }
            if digits {
                if run == 0 || run > cols.saturating_sub(rank.len()) {
                    return Err(rank_error(i, r, cols));
                }
                rank.resize(rank.len() + run, None);
                (run, digits) = (0, false);
            }
            if !c.is_ascii_alphabetic() {
                return Err(ForsythError::RankChar {
                    rank: i + 1,
                    text: r.to_string(),
                    found: c,
                });
            }
            if rank.len() >= cols {
                return Err(rank_error(i, r, cols));
            }
            rank.push(Some(c));
        }
        if digits {
            if run == 0 || run > cols.saturating_sub(rank.len()) {
                return Err(rank_error(i, r, cols));
            }
            rank.resize(rank.len() + run, None);
        }
        if rank.len() != cols {
            return Err(rank_error(i, r, cols));
        }
        ranks.push(rank);
    }
    let to_move = match fields.get(1) {
        None => None,
        Some(w) => {
            let mut cs = w.chars();
            match (cs.next(), cs.next()) {
                (Some(c), None) if c.is_ascii_alphabetic() => Some(c),
                _ => {
                    return Err(ForsythError::SideToMove {
                        text: w.to_string(),
                    });
                }
            }
        }
    };
    let castling = fields.get(2).unwrap_or(&"-").to_string();
    if castling != "-" && !castling.chars().all(|c| c.is_ascii_alphabetic()) {
        return Err(ForsythError::CastlingField { text: castling });
    }
    let en_passant = fields.get(3).filter(|w| **w != "-").map(|w| w.to_string());
    let number = |i: usize, what: &'static str| -> Result<Option<u32>, ForsythError> {
        fields
            .get(i)
            .map(|w| {
                w.parse::<u32>()
                    .ok()
                    .filter(|&n| n <= MAX_CLOCK)
                    .ok_or_else(|| ForsythError::Clock {
                        what,
                        text: w.to_string(),
                    })
            })
            .transpose()
    };
    Ok(Forsyth {
        ranks,
        to_move,
        castling,
        en_passant,
        halfmove: number(4, "half-move clock")?,
        fullmove: number(5, "move number")?,
    })
}

fn rank_error(i: usize, r: &str, cols: usize) -> ForsythError {
    ForsythError::RankWidth {
        rank: i + 1,
        text: r.to_string(),
        cols,
    }
}

/// Writes a FEN text: every field, `-` for an empty castling or
/// en-passant field.
pub fn write_forsyth(f: &Forsyth) -> String {
    let mut out = String::new();
    for (i, rank) in f.ranks.iter().enumerate() {
        if i > 0 {
            out.push('/');
        }
        let mut run = 0;
        for sq in rank {
            match sq {
                None => run += 1,
                Some(c) => {
                    if run > 0 {
                        out.push_str(&run.to_string());
                        run = 0;
                    }
                    out.push(*c);
                }
            }
        }
        if run > 0 {
            out.push_str(&run.to_string());
        }
    }
    out.push_str(&format!(
        " {} {} {} {} {}",
        f.to_move.unwrap_or('w'),
        if f.castling.is_empty() {
            "-"
        } else {
            &f.castling
        },
        f.en_passant.as_deref().unwrap_or("-"),
        f.halfmove.unwrap_or(0),
        f.fullmove.unwrap_or(1)
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn reads_and_writes_the_start_position() {
        let f = parse_forsyth(START, 8, 8).unwrap();
        assert_eq!(f.ranks[0][4], Some('k'));
        assert_eq!(f.ranks[7][3], Some('Q'));
        assert_eq!(f.ranks[3], vec![None; 8]);
        assert_eq!(f.to_move, Some('w'));
        assert_eq!(f.castling, "KQkq");
        assert_eq!(f.en_passant, None);
        assert_eq!(write_forsyth(&f), START);
        let f = parse_forsyth("8/8/8/8/4P3/8/8/8 b - e3 3 12", 8, 8).unwrap();
        assert_eq!(f.en_passant.as_deref(), Some("e3"));
        assert_eq!((f.halfmove, f.fullmove), (Some(3), Some(12)));
        // Only the board: the other fields are optional.
        let f = parse_forsyth("8/8/8/8/8/8/8/8", 8, 8).unwrap();
        assert_eq!((f.to_move, f.castling.as_str()), (None, "-"));
        // Wide boards: runs of ten or more.
        assert!(parse_forsyth("10/p9", 10, 2).is_ok());
    }

    #[test]
    fn bad_fen_is_refused_with_what_was_expected() {
        let e = |t: &str| parse_forsyth(t, 8, 8).unwrap_err().to_string();
        assert!(e("").contains("empty FEN"));
        assert_eq!(
            parse_forsyth("8/8/8/8/8/8/8/7?", 8, 8),
            Err(ForsythError::RankChar {
                rank: 8,
                text: "7?".into(),
                found: '?'
            })
        );
        assert_eq!(
            parse_forsyth("8/8/8/8/8/8/8/8 w - - 0 x", 8, 8),
            Err(ForsythError::Clock {
                what: "move number",
                text: "x".into()
            })
        );
        assert!(e("8/8/8/8/8/8/8").contains("7 rank(s)"));
        assert!(e("9/8/8/8/8/8/8/8").contains("rank 1"));
        assert!(e("ppppppppp/8/8/8/8/8/8/8").contains("does not make 8 squares"));
        assert!(e("7/8/8/8/8/8/8/8").contains("does not make 8"));
        assert!(e("0p7/8/8/8/8/8/8/8").contains("rank 1"));
        assert!(e("8/8/8/8/8/8/8/7?").contains("`?`"));
        // The message names no game: the side's letters are the game's.
        assert_eq!(
            e("8/8/8/8/8/8/8/8 white"),
            "side to move `white`: expected one letter, the letter of the player to move"
        );
        assert!(e("8/8/8/8/8/8/8/8 w K1").contains("castling field"));
        assert!(e("8/8/8/8/8/8/8/8 w - - x").contains("half-move clock"));
        assert!(e("8/8/8/8/8/8/8/8 w - - 0 1 extra").contains("at most 6"));
        // Hostile input never panics.
        for t in [
            "/",
            "//////////",
            "99999999999999999999/8",
            "8/8/8/8/8/8/8/8 w - - 99999999999",
        ] {
            let _ = parse_forsyth(t, 8, 8);
        }
    }
}
