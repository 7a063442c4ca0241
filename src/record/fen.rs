//! PDN FEN positions (docs/games/checkers.md), e.g.
//! `B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29`.
//!
//! The side to move (`W` or `B`), then for each colour `:` + colour letter +
//! comma-separated squares. Each square may carry piece letters (`K10`) and
//! may be a range (`21-32`, `K1-4`). Accepted around that: surrounding
//! quotes, a trailing `.`, whitespace between items, lower-case letters
//! (upper-cased), empty or missing colour sections (but at least one: `B`
//! alone is refused, an empty board is `B:W:B`).

use std::collections::HashSet;

use serde::Serialize;

/// A position in PDN FEN.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Fen {
    /// Side to move: `'W'` or `'B'`.
    pub to_move: char,
    /// Pieces, grouped by colour section in the order written.
    pub pieces: Vec<FenPiece>,
}

/// One piece of a [`Fen`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FenPiece {
    /// Colour: `'W'` or `'B'`, as written, upper-cased.
    pub side: char,
    /// Piece letters before the square, upper-cased: `""` for a plain
    /// piece, `"K"` for a king, ….
    pub prefix: String,
    /// Square number, from 1.
    pub square: u32,
}

/// Why a PDN FEN text was refused. Offsets (`at`) are 0-based character
/// offsets into the text as given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// A chess FEN (games that declare `(fen …)`) that does not fit.
    #[error(transparent)]
    Forsyth(#[from] super::forsyth::ForsythError),
    /// Something else was expected at `at` (`found`: the character there,
    /// `None` at the end of the text).
    #[error("expected {what} at char {at}, found {}", found.map_or("the end".to_string(), |c| format!("'{c}'")))]
    Expected {
        /// What was expected, in words.
        what: String,
        /// Where.
        at: usize,
        /// What was there instead.
        found: Option<char>,
    },
    /// An opening quote without its closing one.
    #[error("expected closing '\"' at char {at}")]
    UnclosedQuote {
        /// Where the closing quote was expected.
        at: usize,
    },
    /// A colour section given twice.
    #[error("colour '{colour}' repeated at char {at}")]
    ColourRepeated {
        /// The colour letter.
        colour: char,
        /// Where its second section starts.
        at: usize,
    },
    /// A range `a-b` with `b < a`.
    #[error("range {from}-{to} at char {at} runs backwards")]
    RangeBackwards {
        /// First square.
        from: u32,
        /// Last square.
        to: u32,
        /// Where the range starts.
        at: usize,
    },
    /// A range of more than 10 000 squares.
    #[error("range {from}-{to} at char {at} is too long")]
    RangeTooLong {
        /// First square.
        from: u32,
        /// Last square.
        to: u32,
        /// Where the range's end is.
        at: usize,
    },
    /// Square 0 (PDN numbers squares from 1).
    #[error("square 0 at char {at}: squares are numbered from 1")]
    SquareZero {
        /// Where.
        at: usize,
    },
    /// A square number beyond `u32`.
    #[error("square number at char {at} is too large")]
    SquareTooLarge {
        /// Where.
        at: usize,
    },
    /// A square given twice.
    #[error("square {square} at char {at} is given twice")]
    SquareTwice {
        /// The square.
        square: u32,
        /// Where it is given the second time.
        at: usize,
    },
    /// A side letter that is none of the game's players' letters.
    #[error("unknown side `{letter}`; the players' letters are {known}")]
    UnknownSide {
        /// The letter written.
        letter: char,
        /// The players' letters, in order.
        known: String,
    },
    /// A piece prefix that is none of the game's setup codes.
    #[error("unknown piece prefix `{prefix}`; known: {} (a rule file declares them with (code \"PREFIX\" \"Kind\" N))", if known.is_empty() { "none".to_string() } else { known.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ") })]
    UnknownPrefix {
        /// The prefix written.
        prefix: String,
        /// The game's prefixes.
        known: Vec<String>,
    },
    /// A square number that no site of the board carries.
    #[error("square {square} is not on the board")]
    NotOnBoard {
        /// The square.
        square: u32,
    },
    /// The game's board is not numbered for FEN (`labels:Numbers`), so
    /// FEN's square numbers name none of its sites: a graph board (whose
    /// sites keep their own labels, even `1`…`24`) or a board labelled
    /// by coordinates.
    #[error(
        "PDN FEN names squares by the numbers of a board declared `labels:Numbers` \
         (1…n in reading order over the squares it numbers); this game's board \
         is not numbered so"
    )]
    NoNumbers,
    /// A stack stands where a move arriving there would have changed it:
    /// a man on its own crowning row, a pawn on its promotion rank
    /// (`crate::record::arrival`); or a piece where no piece of its kind
    /// and owner can ever stand, a pawn on its own first rank
    /// (`crate::record::footholds`).
    #[error("{0}")]
    Unreachable(String),
}

/// Longest range (`a-b`) accepted, in squares.
const MAX_RANGE: u32 = 10_000;

/// Parses a PDN FEN string.
///
/// Errors say what was expected and where, as a 0-based character offset
/// into `s`: e.g. `expected ':' at char 5`. Duplicate squares and square 0
/// are errors.
pub fn parse_fen(s: &str) -> Result<Fen, FenError> {
    let chars: Vec<char> = s.chars().collect();
    let (start, end) = frame(&chars)?;
    let mut parser = Parser {
        chars: &chars[..end],
        i: start,
        seen: HashSet::new(),
        pieces: Vec::new(),
    };
    let to_move = parser.colour("side to move")?;
    parser.skip_whitespace();
    if parser.peek().is_none() {
        // `B` alone is no position: an empty board is `B:W:B`.
        return Err(
            parser.expected("':' and the pieces of each colour (`B:W:B` for an empty board)")
        );
    }
    parser.sections()?;
    Ok(Fen {
        to_move,
        pieces: parser.pieces,
    })
}

/// The range of `chars` inside whitespace, quotes and a trailing `.`.
fn frame(chars: &[char]) -> Result<(usize, usize), FenError> {
    let (mut start, mut end) = trim(chars, 0, chars.len());
    if chars.get(start) == Some(&'"') {
        if end - start < 2 || chars[end - 1] != '"' {
            return Err(FenError::UnclosedQuote { at: end });
        }
        (start, end) = trim(chars, start + 1, end - 1);
    }
    if end > start && chars[end - 1] == '.' {
        (start, end) = trim(chars, start, end - 1);
    }
    Ok((start, end))
}

/// `start..end` without leading and trailing whitespace.
fn trim(chars: &[char], mut start: usize, mut end: usize) -> (usize, usize) {
    while start < end && chars[start].is_whitespace() {
        start += 1;
    }
    while end > start && chars[end - 1].is_whitespace() {
        end -= 1;
    }
    (start, end)
}

/// Cursor over the framed FEN text.
struct Parser<'a> {
    chars: &'a [char],
    i: usize,
    seen: HashSet<u32>,
    pieces: Vec<FenPiece>,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.i += 1;
        }
    }

    fn expected(&self, what: &str) -> FenError {
        FenError::Expected {
            what: what.to_string(),
            at: self.i,
            found: self.peek(),
        }
    }

    /// Reads a colour letter `W` or `B` (either case).
    fn colour(&mut self, what: &str) -> Result<char, FenError> {
        self.skip_whitespace();
        match self.peek().map(|c| c.to_ascii_uppercase()) {
            Some(c @ ('W' | 'B')) => {
                self.i += 1;
                Ok(c)
            }
            _ => Err(self.expected(&format!("{what} 'W' or 'B'"))),
        }
    }

    /// Reads `:colour squares` sections up to the end.
    fn sections(&mut self) -> Result<(), FenError> {
        let mut colours = Vec::new();
        loop {
            self.skip_whitespace();
            if self.peek().is_none() {
                return Ok(());
            }
            if self.peek() != Some(':') {
                return Err(self.expected("':'"));
            }
            self.i += 1;
            let at = self.i;
            let side = self.colour("colour")?;
            if colours.contains(&side) {
                return Err(FenError::ColourRepeated { colour: side, at });
            }
            colours.push(side);
            self.section(side)?;
        }
    }

    /// Reads the comma-separated squares of one colour (possibly none).
    fn section(&mut self, side: char) -> Result<(), FenError> {
        self.skip_whitespace();
        if matches!(self.peek(), None | Some(':')) {
            return Ok(());
        }
        loop {
            self.item(side)?;
            self.skip_whitespace();
            if self.peek() != Some(',') {
                return Ok(());
            }
            self.i += 1;
        }
    }

    /// Reads one `[letters]square[-square]` item.
    fn item(&mut self, side: char) -> Result<(), FenError> {
        self.skip_whitespace();
        let mut prefix = String::new();
        while let Some(c) = self.peek().filter(char::is_ascii_alphabetic) {
            prefix.push(c.to_ascii_uppercase());
            self.i += 1;
        }
        let from = self.square()?;
        self.skip_whitespace();
        let to = if self.peek() == Some('-') {
            self.i += 1;
            self.range_end(from)?
        } else {
            from.1
        };
        for square in from.1..=to {
            self.add(side, &prefix, square, from.0)?;
        }
        Ok(())
    }

    /// Reads the end of a range starting at `from` (offset, square).
    fn range_end(&mut self, from: (usize, u32)) -> Result<u32, FenError> {
        let (at, to) = self.square()?;
        if to < from.1 {
            return Err(FenError::RangeBackwards {
                from: from.1,
                to,
                at: from.0,
            });
        }
        if to - from.1 >= MAX_RANGE {
            return Err(FenError::RangeTooLong {
                from: from.1,
                to,
                at,
            });
        }
        Ok(to)
    }

    /// Reads a square number from 1; returns its offset and value.
    fn square(&mut self) -> Result<(usize, u32), FenError> {
        self.skip_whitespace();
        let at = self.i;
        let mut digits = String::new();
        while let Some(c) = self.peek().filter(char::is_ascii_digit) {
            digits.push(c);
            self.i += 1;
        }
        if digits.is_empty() {
            return Err(self.expected("a square number"));
        }
        match digits.parse::<u32>() {
            Ok(0) => Err(FenError::SquareZero { at }),
            Ok(n) => Ok((at, n)),
            Err(_) => Err(FenError::SquareTooLarge { at }),
        }
    }

    fn add(&mut self, side: char, prefix: &str, square: u32, at: usize) -> Result<(), FenError> {
        if !self.seen.insert(square) {
            return Err(FenError::SquareTwice { square, at });
        }
        self.pieces.push(FenPiece {
            side,
            prefix: prefix.to_string(),
            square,
        });
        Ok(())
    }
}

/// Writes a position as PDN FEN, e.g. `B:W18,K10:B12,K22`.
///
/// Both `W` and `B` sections are always written (empty if they have no
/// pieces), `W` first unless the first piece is black and there are white
/// ones; pieces of one colour keep their order. Squares are not merged into
/// ranges, so `parse_fen(&write_fen(f))` gives back any parsed `f`.
pub fn write_fen(f: &Fen) -> String {
    let mut out = f.to_move.to_string();
    for side in section_order(&f.pieces) {
        out.push(':');
        out.push(side);
        let squares: Vec<String> = f
            .pieces
            .iter()
            .filter(|p| p.side == side)
            .map(|p| format!("{}{}", p.prefix, p.square))
            .collect();
        out.push_str(&squares.join(","));
    }
    out
}

/// Colours in order of first appearance, with missing `W`/`B` added (`W`
/// in front, `B` at the back).
fn section_order(pieces: &[FenPiece]) -> Vec<char> {
    let mut order: Vec<char> = Vec::new();
    for piece in pieces {
        if !order.contains(&piece.side) {
            order.push(piece.side);
        }
    }
    if !order.contains(&'W') {
        order.insert(0, 'W');
    }
    if !order.contains(&'B') {
        order.push('B');
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(side: char, prefix: &str, square: u32) -> FenPiece {
        FenPiece {
            side,
            prefix: prefix.to_string(),
            square,
        }
    }

    fn squares(fen: &Fen, side: char, prefix: &str) -> Vec<u32> {
        fen.pieces
            .iter()
            .filter(|p| p.side == side && p.prefix == prefix)
            .map(|p| p.square)
            .collect()
    }

    #[test]
    fn parses_the_standard_example() {
        let text = "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29";
        let fen = parse_fen(text).unwrap();
        assert_eq!(fen.to_move, 'B');
        assert_eq!(fen.pieces.len(), 12);
        assert_eq!(fen.pieces[0], piece('W', "", 18));
        assert_eq!(fen.pieces[4], piece('W', "K", 10));
        assert_eq!(squares(&fen, 'B', "K"), [22, 25, 29]);
        assert_eq!(write_fen(&fen), text);
    }

    #[test]
    fn ranges_kings_quotes_and_whitespace() {
        let fen = parse_fen(" \"w : W21-32 , K1-4 :b 5 - 8,k9.\" ").unwrap();
        assert_eq!(fen.to_move, 'W');
        assert_eq!(squares(&fen, 'W', ""), (21..=32).collect::<Vec<_>>());
        assert_eq!(squares(&fen, 'W', "K"), [1, 2, 3, 4]);
        assert_eq!(squares(&fen, 'B', ""), [5, 6, 7, 8]);
        assert_eq!(squares(&fen, 'B', "K"), [9]);
        let written = write_fen(&fen);
        assert_eq!(
            written,
            "W:W21,22,23,24,25,26,27,28,29,30,31,32,K1,K2,K3,K4:B5,6,7,8,K9"
        );
        assert_eq!(parse_fen(&written).unwrap(), fen);
    }

    #[test]
    fn empty_and_missing_sections() {
        let fen = parse_fen("W:W:B1,2").unwrap();
        assert_eq!(fen.pieces, [piece('B', "", 1), piece('B', "", 2)]);
        assert_eq!(write_fen(&fen), "W:W:B1,2");
        let fen = parse_fen("B:B3:W").unwrap();
        assert_eq!(write_fen(&fen), "B:W:B3");
        assert!(parse_fen("B").is_err(), "no section at all is no position");
        assert_eq!(parse_fen("W:W1").unwrap().pieces, [piece('W', "", 1)]);
    }

    #[test]
    fn round_trip_keeps_section_order() {
        for text in ["B:B1,K2:W3", "W:W10,11:B", "B:W1-3:BK4-6", "W:WKQ7:B8"] {
            let fen = parse_fen(text).unwrap();
            let again = parse_fen(&write_fen(&fen)).unwrap();
            assert_eq!(again, fen, "{text}");
        }
    }

    #[test]
    fn errors_say_what_and_where() {
        let cases = [
            ("", "expected side to move 'W' or 'B' at char 0"),
            (
                "X:W1",
                "expected side to move 'W' or 'B' at char 0, found 'X'",
            ),
            ("B;W1", "expected ':' at char 1"),
            ("B:R1", "expected colour 'W' or 'B' at char 2"),
            ("B:W1:W2", "colour 'W' repeated at char 5"),
            ("B:W1,:B2", "expected a square number at char 5"),
            ("B:W1,K:B2", "expected a square number at char 6"),
            ("B:W0", "square 0 at char 3"),
            ("B:W1-0", "square 0 at char 5"),
            ("B:W5,6:B6", "square 6 at char 8 is given twice"),
            ("B:W1-4:B3", "square 3 at char 8 is given twice"),
            ("B:W9-5", "range 9-5 at char 3 runs backwards"),
            ("B:W1-99999", "is too long"),
            ("B:W99999999999", "square number at char 3 is too large"),
            ("B:W1 2", "expected ':' at char 5"),
            ("\"B:W1", "expected closing '\"' at char 5"),
            ("\"", "expected closing '\"' at char 1"),
            ("B:W1..", "expected ':' at char 4"),
        ];
        for (text, message) in cases {
            let err = parse_fen(text).expect_err(text);
            assert!(err.to_string().contains(message), "{text:?}: {err}");
        }
    }

    #[test]
    fn mangled_input_never_panics() {
        let base: Vec<char> = "\"B:W18,24,K10-15:B1-4,K22.\"".chars().collect();
        let alphabet: Vec<char> = ":,-.\"KWBx0 9é".chars().collect();
        for end in 0..=base.len() {
            let _ = parse_fen(&base[..end].iter().collect::<String>());
            let _ = parse_fen(&base[end..].iter().collect::<String>());
            for &c in &alphabet {
                let mut chars = base.clone();
                if end < chars.len() {
                    chars[end] = c;
                }
                chars.insert(end.min(chars.len()), c);
                if let Ok(fen) = parse_fen(&chars.iter().collect::<String>()) {
                    assert_eq!(parse_fen(&write_fen(&fen)), Ok(fen));
                }
            }
        }
    }
}
