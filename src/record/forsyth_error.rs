//! Why a FEN text was refused ([`ForsythError`]): the text itself
//! ([`parse_forsyth`](super::forsyth::parse_forsyth)) or its fit to the
//! game (`State::from_fen` for a game that declares `(fen …)`). Examples
//! are chess's (docs/games/chess.md).

/// A FEN text that does not describe a position of the game: each
/// variant names the field (board, rank, side to move, castling, en
/// passant, clocks) and what was expected there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ForsythError {
    /// No field at all: `""`.
    #[error(
        "an empty FEN: expected the board, e.g. `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`"
    )]
    Empty,
    /// More than six fields: `8/8/8/8/8/8/8/8 w - - 0 1 2`.
    #[error(
        "{fields} fields: a FEN has at most 6 (board, side to move, castling, en passant, half-move clock, move number)"
    )]
    TooManyFields {
        /// Fields given.
        fields: usize,
    },
    /// Another number of ranks than the board's rows: seven on a board of
    /// eight, `8/8/8/8/8/8/8`.
    #[error("the board has {found} rank(s) separated by `/`; this game's board has {rows}")]
    Ranks {
        /// Ranks given.
        found: usize,
        /// Rows of the board.
        rows: usize,
    },
    /// A rank whose pieces and empty squares do not add up to the board's
    /// width: `9`, `7` or `ppppppppp` on a board 8 wide, or a run of `0`.
    #[error(
        "rank {rank} (`{text}`) does not make {cols} squares: each rank counts its pieces and empty squares to the board's width"
    )]
    RankWidth {
        /// The rank, 1-based from the top.
        rank: usize,
        /// The rank as written.
        text: String,
        /// The board's width.
        cols: usize,
    },
    /// A character in a rank that is neither a letter nor a digit: `7?`.
    #[error(
        "rank {rank} (`{text}`): `{found}` is neither a piece letter nor a number of empty squares"
    )]
    RankChar {
        /// The rank, 1-based from the top.
        rank: usize,
        /// The rank as written.
        text: String,
        /// The character.
        found: char,
    },
    /// A side to move that is not one letter: `white`.
    #[error("side to move `{text}`: expected one letter, the letter of the player to move")]
    SideToMove {
        /// The field.
        text: String,
    },
    /// A castling field that is neither `-` nor letters: `K1`.
    #[error("castling field `{text}`: expected `-` or letters such as `KQkq`")]
    CastlingField {
        /// The field.
        text: String,
    },
    /// A clock that is not a whole number from 0 to 1,000,000,000
    /// (the move number from 1): `8/8/8/8/8/8/8/8 w - - x`, or
    /// `… 4294967296 1` (counted in 32 bits in play, it would wrap).
    #[error("{what} `{text}`: expected a whole number from 0 to 1000000000")]
    Clock {
        /// Which: `half-move clock` or `move number`.
        what: &'static str,
        /// The field.
        text: String,
    },
    /// A board that is not a full rectangle of ranks and files (a
    /// `(fen …)` game on a hexagon).
    #[error("FEN needs a board of whole ranks and files")]
    NotRectangular,
    /// A position the game's royal rule (`(royal "Kind")`) makes
    /// impossible: a player with more or fewer royal pieces than the
    /// setup gives (no king, sixteen kings), or the side not to move in
    /// check (its king could be taken).
    #[error("{0}")]
    Royal(String),
    /// A side to move that is no player's letter: `x` in chess.
    #[error("side to move: {0}")]
    Mover(super::position::UnknownLetter),
    /// A piece letter no kind of the game has: `X` in chess.
    #[error(
        "`{found}` is no piece of this game: its letters are {letters} (capitals for {first}, small letters for {second})"
    )]
    PieceLetter {
        /// The letter.
        found: char,
        /// The kinds' letters.
        letters: String,
        /// The first player's name.
        first: String,
        /// The second player's name.
        second: String,
    },
    /// A castling field other than `-` in a game without castling.
    #[error("castling field `{field}`: this game has no castling (expected `-`)")]
    NoCastling {
        /// The field.
        field: String,
    },
    /// A castling letter whose player has no royal piece, or several:
    /// `Q` with no white king, `8/8/8/8/8/8/8/R7 w Q -`.
    #[error(
        "castling field `{field}`: `{letter}` needs one {royal} of {player} on the board, found {found}"
    )]
    CastlingRoyal {
        /// The field.
        field: String,
        /// The letter.
        letter: char,
        /// The royal kind's name.
        royal: String,
        /// The player's name.
        player: String,
        /// Royal pieces found.
        found: usize,
    },
    /// A castling letter that is not `K`, `Q` (`k`, `q`) or a file of the
    /// board: `Z`.
    #[error(
        "castling field `{field}`: `{letter}` is not K, Q (k, q) or a file letter of this board"
    )]
    CastlingLetter {
        /// The field.
        field: String,
        /// The letter.
        letter: char,
    },
    /// A castling letter with no partner on that side of the royal piece:
    /// `K` with no white rook beside the king, `4k3/8/8/8/8/8/8/4K3 w K -`.
    #[error(
        "castling field `{field}`: `{letter}`: no {partner} of {player} on the {royal}'s rank on that side"
    )]
    CastlingPartner {
        /// The field.
        field: String,
        /// The letter.
        letter: char,
        /// The partner kind's name.
        partner: String,
        /// The player's name.
        player: String,
        /// The royal kind's name.
        royal: String,
    },
    /// An en-passant field other than `-` in a game without en passant.
    #[error("en-passant field `{field}`: this game has no en passant (expected `-`)")]
    NoEnPassant {
        /// The field.
        field: String,
    },
    /// An en-passant field that is no square: `z9`.
    #[error("en-passant field `{field}`: not a square of this board (expected e.g. `e3` or `-`)")]
    EnPassantSquare {
        /// The field.
        field: String,
    },
    /// An en-passant square no double step has just passed: `e6` with no
    /// white pawn on e5 and Black to move, `4k3/8/8/8/4P3/8/8/4K3 b - e6`.
    #[error(
        "en-passant field `{field}`: no {kind} of {player} has just passed it (its double step would end on the square beyond, from an empty square before)"
    )]
    EnPassantPassed {
        /// The field.
        field: String,
        /// The kind that double-steps.
        kind: String,
        /// The player who moved last.
        player: String,
    },
}
