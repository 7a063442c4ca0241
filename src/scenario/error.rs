//! What can go wrong in a scenarios file: the file itself
//! ([`ScenarioFileError`]: `ludic test` stops there) or a line of one
//! scenario ([`StepError`]: that scenario fails, the others run).

use crate::compile::{LoadError, ReadError};
use crate::engine::IllegalMove;
use crate::record::{FenError, PositionError, UnknownLetter};

/// A scenarios file that cannot be run at all. Messages start with the
/// file's path (and line, when there is one).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ScenarioFileError {
    /// The file cannot be read, or is not UTF-8 text: a path that does
    /// not exist.
    #[error("{path}: {error}")]
    Read {
        /// The file.
        path: String,
        /// Why it could not be read.
        error: ReadError,
    },
    /// A second `game:` line: `game: checkers` twice.
    #[error("{path}:{line}: a scenarios file names one game")]
    SecondGame {
        /// The file.
        path: String,
        /// The second `game:` line, 1-based.
        line: usize,
    },
    /// A line before the first `scenario:` that is not `game:`:
    /// `expect moves: 9-13` as a file's first line.
    #[error("{path}:{line}: expected `game:` or `scenario:` first")]
    BeforeScenario {
        /// The file.
        path: String,
        /// The line, 1-based.
        line: usize,
    },
    /// Two scenarios with one title: `scenario: crowning` twice (a
    /// report could not tell them apart).
    #[error("{path}:{line}: a scenario called `{name}` is already at line {first}")]
    SameName {
        /// The file.
        path: String,
        /// The second `scenario:` line, 1-based.
        line: usize,
        /// The title.
        name: String,
        /// The first one's line.
        first: usize,
    },
    /// No `game:` line: a file of scenarios only.
    #[error("{path}: no `game:` line")]
    NoGame {
        /// The file.
        path: String,
    },
}

/// Why one scenario fails: a line that cannot be run, or the first
/// expectation that does not hold. [`Failure`](super::Failure) says at
/// which line.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum StepError {
    /// The game does not load (reported at the `game:` line), or a
    /// setting is refused (at its `set:` line): `game: nowhere.game`,
    /// `set: no_such_toggle=3`.
    #[error("{0}")]
    Load(Box<LoadError>),
    /// The scenario has no `expect …` line, so it would pass whatever the
    /// rules do.
    #[error("the scenario checks nothing: add an `expect …` line")]
    ChecksNothing,
    /// A line without a colon: `moves 11-15`.
    #[error("expected `key: value`")]
    NoColon,
    /// An unknown key: `expect legals: 9-13`.
    #[error(
        "unknown line `{key}:`; {}lines are: {}",
        near.as_ref().map(|k| format!("did you mean `{k}:`? ")).unwrap_or_default(),
        super::step::KEYS.iter().map(|k| format!("`{k}:`")).collect::<Vec<_>>().join(", ")
    )]
    UnknownLine {
        /// The key as written.
        key: String,
        /// The nearest valid key, if one is near.
        near: Option<String>,
    },
    /// `fen:` with a FEN the game cannot read: `fen: B:W99`.
    #[error(transparent)]
    Fen(Box<FenError>),
    /// `put:` with a position text the game cannot read: `put: Q:a1`.
    #[error(transparent)]
    Position(Box<PositionError>),
    /// A letter that is no player's: `to-move: Q`.
    #[error(transparent)]
    Letter(#[from] UnknownLetter),
    /// A move of `moves:` or `play:` that the rules refuse: `play: 11-16
    /// 11-15` (the second is no longer legal).
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// An expectation that does not hold: `expect to-move: W` at the
    /// start of English draughts.
    #[error("{what}: expected `{want}`, got `{got}`")]
    Differs {
        /// What was compared (`legal moves`, `position`, `outcome`,
        /// `stack at d4 (bottom first)`).
        what: String,
        /// The value the line expects.
        want: String,
        /// The value reached.
        got: String,
    },
    /// `expect legal:`, `expect illegal:` or `expect empty:` with nothing
    /// after the colon.
    #[error("`{key}:` lists nothing to check: give one or more {items}")]
    NothingListed {
        /// The key.
        key: String,
        /// What it should list: `moves` or `sites`.
        items: &'static str,
    },
    /// `expect legal:` or `expect illegal:` with a text that is no move
    /// in the game's notation (a claim about nothing): `expect illegal:
    /// 22-81` in English draughts (no square 81).
    #[error("`{text}` is not a move in this game's notation{}", like.as_ref().map(|l| format!(" (moves are written like `{l}`)")).unwrap_or_default())]
    NotNotation {
        /// The text.
        text: String,
        /// A legal move, to show how moves are written.
        like: Option<String>,
    },
    /// `expect legal:` or `expect illegal:` with a text in the notation
    /// that no rule of the game could ever write: `expect illegal: 9` (a
    /// placement) or `1x1` in English draughts.
    #[error("`{text}` is no move of this game in any position: {why}")]
    NoSuchMove {
        /// The text.
        text: String,
        /// Why no rule writes it.
        why: String,
    },
    /// `expect outcome:` with a value that is no outcome: `expect
    /// outcome: ???`.
    #[error("`{text}` is not an outcome; write one of: {}", choices.join(", "))]
    NotOutcome {
        /// The value as written.
        text: String,
        /// The outcomes of the game: `none`, `draw`, `NAME wins` (and, with
        /// more than two players, `NAME and NAME share first`).
        choices: Vec<String>,
    },
    /// `expect legal:` names a move that is not legal: `expect legal:
    /// 11-16 22-18` at the start of English draughts.
    #[error("`{text}` is not legal; legal: {}", legal.join(" "))]
    NotLegal {
        /// The move.
        text: String,
        /// The legal moves.
        legal: Vec<String>,
    },
    /// `expect illegal:` names a legal move: `expect illegal: 11-15` at
    /// the start of English draughts.
    #[error("`{text}` is legal; legal: {}", legal.join(" "))]
    Legal {
        /// The move.
        text: String,
        /// The legal moves.
        legal: Vec<String>,
    },
    /// A label that is no site of the board: `expect empty: z9`.
    #[error("no site `{label}`")]
    NoSite {
        /// The label.
        label: String,
    },
    /// `expect empty:` names an occupied site: `expect empty: 11` at the
    /// start of English draughts.
    #[error("{label} is not empty")]
    NotEmpty {
        /// The site's label.
        label: String,
    },
    /// `expect owner:` without a player letter.
    #[error("expected a player letter")]
    NoPlayer,
    /// `expect owner:` names a site whose top piece is not the player's
    /// (or an empty one): `expect owner: W 11` at the start of English
    /// draughts.
    #[error("{label} is not {}", crate::diag::possessive(player))]
    NotOwner {
        /// The site's label.
        label: String,
        /// The player's name.
        player: String,
    },
    /// A counter the game does not declare: `expect counter mp: 3` in
    /// English draughts.
    #[error("no counter `{name}`")]
    NoCounter {
        /// The name given.
        name: String,
    },
    /// `counter NAME:` with no values.
    #[error("`counter {name}:` needs values such as `W=0 B=3`")]
    NoCounterValues {
        /// The counter.
        name: String,
    },
    /// A counter value not written `LETTER=NUMBER`: `counter mp: W3`.
    #[error("expected LETTER=NUMBER, found `{text}`")]
    NotPair {
        /// The text.
        text: String,
    },
    /// A counter value that is not a whole number: `counter mp: W=x`.
    #[error("`{text}` is not a whole number")]
    NotNumber {
        /// The text.
        text: String,
    },
}

impl From<FenError> for StepError {
    fn from(e: FenError) -> Self {
        StepError::Fen(Box::new(e))
    }
}

impl From<PositionError> for StepError {
    fn from(e: PositionError) -> Self {
        StepError::Position(Box::new(e))
    }
}
