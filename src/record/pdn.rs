//! PDN (Portable Draughts Notation) game records: reading a file of many
//! games and writing one game in the standard layout (docs/games/checkers.md).
//!
//! Reading accepts:
//! - tag pairs `[Name "value"]` (`\"` and `\\` escapes in the value);
//! - move numbers `1.` and `1...` (also glued to the move: `1.11-15`) and
//!   bare ellipses `...`;
//! - moves: alphanumeric squares joined by `-` or `x` (`11-15`, `9x18x27`,
//!   `c3-d4`), or PGN's SAN moves (`Nbd7`, `exd5`, `e8=Q+`, `O-O`;
//!   [`super::san::is_san`]), with trailing strength marks (`!`, `?`,
//!   `!?`, …) stripped;
//! - results `1-0`, `0-1`, `1/2-1/2`, `*`, `2-0`, `0-2`, `1-1`, `0-0`;
//! - skipped: comments `{ … }` (may span lines), variations `( … )`
//!   (nested, may hold comments), `%` escape lines (a `%` in column 1),
//!   `;` rest-of-line comments and numeric annotation glyphs `$n`.
//!
//! A game ends at its result token, or where a new tag section starts after
//! movetext; moves after a result with no tags start a new, tagless game.

use serde::Serialize;

/// One game of a PDN file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PdnGame {
    /// Tag pairs in file order, as `(name, value)` with escapes resolved.
    pub tags: Vec<(String, String)>,
    /// The main line's moves in order; variations are not included.
    pub moves: Vec<PdnMove>,
    /// The game-termination token (`1-0`, `0-1`, `1/2-1/2`, `*`, …) when
    /// the movetext has one; the `Result` tag is not consulted.
    pub result: Option<String>,
    /// 1-based line of the game's first token (tag or move).
    pub line: usize,
}

impl PdnGame {
    /// The value of the first tag called `name` (case-sensitive), if any.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// One move of a game's main line, as written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PdnMove {
    /// The move without move number or strength marks, e.g. `9x18x27`.
    pub text: String,
    /// 0-based index of the move within its game's main line.
    pub ply: usize,
    /// 1-based line of the move in the input.
    pub line: usize,
    /// 1-based column (in characters) of the move in the input.
    pub col: usize,
}

/// A syntax error in PDN input, at a 1-based line and column (characters).
///
/// Displays as `line:col: message`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{line}:{col}: {message}")]
pub struct PdnError {
    /// 1-based line of the offending text.
    pub line: usize,
    /// 1-based column (in characters) of the offending text.
    pub col: usize,
    /// What was wrong or expected.
    pub message: String,
}

/// Tokens that end a game.
const RESULTS: [&str; 8] = ["1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1", "0-0"];

/// Characters that end a word (besides whitespace).
const DELIMITERS: &[char] = &['[', ']', '{', '}', '(', ')', '"', ';'];

/// Parses every game of a PDN text.
///
/// Never panics; the first syntax error is returned with its position.
pub fn parse_pdn(text: &str) -> Result<Vec<PdnGame>, PdnError> {
    let mut lexer = Lexer::new(text);
    let mut games = Games::default();
    while let Some(token) = lexer.next_token()? {
        games.push(token)?;
    }
    Ok(games.finish())
}

/// A lexical token with its 1-based position.
struct Token {
    kind: TokenKind,
    line: usize,
    col: usize,
}

enum TokenKind {
    Tag(String, String),
    Word(String),
}

/// Splits PDN text into tags and words, skipping comments and variations.
struct Lexer {
    chars: Vec<char>,
    i: usize,
    line: usize,
    col: usize,
}

impl Lexer {
    fn new(text: &str) -> Self {
        Lexer {
            chars: text.chars().collect(),
            i: 0,
            line: 1,
            col: 1,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    fn error(&self, line: usize, col: usize, message: impl Into<String>) -> PdnError {
        PdnError {
            line,
            col,
            message: message.into(),
        }
    }

    fn here(&self, message: impl Into<String>) -> PdnError {
        self.error(self.line, self.col, message)
    }

    fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    /// The next tag or word, or `None` at the end of the text.
    fn next_token(&mut self) -> Result<Option<Token>, PdnError> {
        while self.skip_trivia()? {}
        let (line, col) = (self.line, self.col);
        let kind = match self.peek() {
            None => return Ok(None),
            Some('[') => self.tag()?,
            Some(c @ (')' | '}' | ']' | '"')) => {
                return Err(self.here(format!("unexpected '{c}'")));
            }
            Some(_) => TokenKind::Word(self.word()),
        };
        Ok(Some(Token { kind, line, col }))
    }

    /// Skips whitespace, then one comment, variation, escape line or
    /// annotation glyph; says whether there was one.
    fn skip_trivia(&mut self) -> Result<bool, PdnError> {
        self.skip_whitespace();
        match self.peek() {
            Some('%') if self.col == 1 => self.skip_line(),
            Some(';') => self.skip_line(),
            Some('{') => self.skip_comment()?,
            Some('(') => self.skip_variation()?,
            Some('$') => self.skip_nag()?,
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Skips `{ … }`; the cursor is on `{`.
    fn skip_comment(&mut self) -> Result<(), PdnError> {
        let (line, col) = (self.line, self.col);
        self.bump();
        loop {
            match self.bump() {
                Some('}') => return Ok(()),
                Some(_) => {}
                None => return Err(self.error(line, col, "unterminated comment: expected '}'")),
            }
        }
    }

    /// Skips a possibly nested `( … )`; the cursor is on `(`.
    fn skip_variation(&mut self) -> Result<(), PdnError> {
        let (line, col) = (self.line, self.col);
        let mut depth = 0usize;
        loop {
            match self.peek() {
                Some('{') => self.skip_comment()?,
                Some(c) => {
                    self.bump();
                    depth = match c {
                        '(' => depth + 1,
                        ')' => depth - 1,
                        _ => depth,
                    };
                    if depth == 0 {
                        return Ok(());
                    }
                }
                None => return Err(self.error(line, col, "unterminated variation: expected ')'")),
            }
        }
    }

    /// Skips a numeric annotation glyph `$n`; the cursor is on `$`.
    fn skip_nag(&mut self) -> Result<(), PdnError> {
        let (line, col) = (self.line, self.col);
        self.bump();
        if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
            return Err(self.error(line, col, "expected digits after '$'"));
        }
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.bump();
        }
        Ok(())
    }

    /// Reads a run of non-space, non-delimiter characters.
    fn word(&mut self) -> String {
        let mut word = String::new();
        while let Some(c) = self.peek() {
            if c.is_whitespace() || DELIMITERS.contains(&c) {
                break;
            }
            word.push(c);
            self.bump();
        }
        word
    }

    /// Reads `[Name "value"]`; the cursor is on `[`.
    fn tag(&mut self) -> Result<TokenKind, PdnError> {
        self.bump();
        self.skip_whitespace();
        let mut name = String::new();
        while let Some(c) = self.peek().filter(|c| c.is_alphanumeric() || *c == '_') {
            name.push(c);
            self.bump();
        }
        if name.is_empty() {
            return Err(self.here("expected a tag name after '['"));
        }
        self.skip_whitespace();
        let value = self.tag_value()?;
        self.skip_whitespace();
        if self.peek() != Some(']') {
            return Err(self.here("expected ']' to close the tag"));
        }
        self.bump();
        Ok(TokenKind::Tag(name, value))
    }

    /// Reads a quoted tag value, resolving `\"` and `\\`.
    fn tag_value(&mut self) -> Result<String, PdnError> {
        if self.peek() != Some('"') {
            return Err(self.here("expected '\"' to start the tag value"));
        }
        let (line, col) = (self.line, self.col);
        self.bump();
        let mut value = String::new();
        loop {
            match self.bump() {
                Some('"') => return Ok(value),
                Some('\\') => match self.bump() {
                    Some(c) => value.push(c),
                    None => break,
                },
                Some(c) => value.push(c),
                None => break,
            }
        }
        Err(self.error(line, col, "unterminated tag value: expected '\"'"))
    }
}

/// What a movetext word stands for.
enum Word<'a> {
    /// A move number or ellipsis: ignored.
    Skip,
    Result(&'a str),
    /// A move, with its character offset within the word.
    Move(&'a str, usize),
}

/// Classifies a movetext word, or says why it is not one.
fn classify(word: &str) -> Result<Word<'_>, String> {
    if RESULTS.contains(&word) {
        return Ok(Word::Result(word));
    }
    let digits = word.chars().take_while(char::is_ascii_digit).count();
    let dots = word[digits..].chars().take_while(|c| *c == '.').count();
    let (offset, rest) = if dots > 0 {
        (digits + dots, &word[digits + dots..])
    } else {
        (0, word)
    };
    if rest.is_empty() {
        return Ok(Word::Skip);
    }
    let text = rest.trim_end_matches(['!', '?']);
    if is_move(text) || super::san::is_san(text) {
        Ok(Word::Move(text, offset))
    } else {
        Err(format!(
            "expected a move, move number or result, found '{}'",
            crate::diag::clip(word)
        ))
    }
}

/// Whether `text` is alphanumeric squares joined by `-` or `x`.
fn is_move(text: &str) -> bool {
    let parts: Vec<&str> = text.split(['-', 'x']).collect();
    parts.len() >= 2
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.chars().all(char::is_alphanumeric))
}

/// Groups tokens into games.
#[derive(Default)]
struct Games {
    done: Vec<PdnGame>,
    current: Option<PdnGame>,
}

impl Games {
    fn push(&mut self, token: Token) -> Result<(), PdnError> {
        match token.kind {
            TokenKind::Tag(name, value) => {
                if self.current.as_ref().is_some_and(|g| !g.moves.is_empty()) {
                    self.close();
                }
                self.game(token.line).tags.push((name, value));
                Ok(())
            }
            TokenKind::Word(word) => self.push_word(&word, token.line, token.col),
        }
    }

    fn push_word(&mut self, word: &str, line: usize, col: usize) -> Result<(), PdnError> {
        let classified = classify(word).map_err(|message| PdnError { line, col, message })?;
        match classified {
            Word::Skip => {}
            Word::Result(result) => {
                self.game(line).result = Some(result.to_string());
                self.close();
            }
            Word::Move(text, offset) => {
                let game = self.game(line);
                let ply = game.moves.len();
                let col = col + offset;
                let text = text.to_string();
                game.moves.push(PdnMove {
                    text,
                    ply,
                    line,
                    col,
                });
            }
        }
        Ok(())
    }

    /// The game being read, started at `line` if there is none.
    fn game(&mut self, line: usize) -> &mut PdnGame {
        self.current.get_or_insert_with(|| PdnGame {
            tags: Vec::new(),
            moves: Vec::new(),
            result: None,
            line,
        })
    }

    fn close(&mut self) {
        self.done.extend(self.current.take());
    }

    fn finish(mut self) -> Vec<PdnGame> {
        self.close();
        self.done
    }
}

/// Widest movetext line [`write_pdn`] produces, in characters.
const LINE_WIDTH: usize = 78;

/// Writes one game in the standard PDN layout: tag pairs one a line, a blank
/// line, the movetext `1. a b 2. c d …` wrapped at 78 columns without
/// splitting a numbered move pair, the result, and a blank line. This is the
/// layout of the ACF archive files: writing their games back gives the file.
///
/// Moves are numbered from 1 with the first move as the first of a pair.
/// An empty `result` is left out; moves and tag names are written as given,
/// tag values with `"` and `\` escaped.
pub fn write_pdn(tags: &[(String, String)], moves: &[String], result: &str) -> String {
    let mut out = String::new();
    for (name, value) in tags {
        out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    }
    if !tags.is_empty() {
        out.push('\n');
    }
    let units = movetext_units(moves, result);
    if !units.is_empty() {
        out.push_str(&wrap(&units));
        out.push_str("\n\n");
    }
    out
}

/// Numbered move pairs (`1. a b`), then the result if not empty.
fn movetext_units(moves: &[String], result: &str) -> Vec<String> {
    let mut units: Vec<String> = moves
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| format!("{}. {}", i + 1, pair.join(" ")))
        .collect();
    if !result.is_empty() {
        units.push(result.to_string());
    }
    units
}

/// Escapes `\` and `"` in a tag value.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Joins units with spaces, breaking lines before a unit that would pass
/// [`LINE_WIDTH`].
fn wrap(units: &[String]) -> String {
    let mut out = String::new();
    let mut width = 0;
    for unit in units {
        let len = unit.chars().count();
        if width > 0 && width + 1 + len > LINE_WIDTH {
            out.push('\n');
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        out.push_str(unit);
        width += len;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn acf_text() -> String {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/acf/acf-sample.pdn");
        std::fs::read_to_string(path).expect("acf-sample.pdn is readable")
    }

    fn acf_games() -> Vec<PdnGame> {
        parse_pdn(&acf_text()).expect("acf-sample.pdn parses")
    }

    fn texts(game: &PdnGame) -> Vec<&str> {
        game.moves.iter().map(|m| m.text.as_str()).collect()
    }

    fn error_of(text: &str) -> PdnError {
        parse_pdn(text).expect_err("input should be rejected")
    }

    #[test]
    fn acf_file_has_500_games() {
        let games = acf_games();
        assert_eq!(games.len(), 500);
        for (i, game) in games.iter().enumerate() {
            let event = format!("ACF archive game {}", i + 1);
            assert_eq!(game.tag("Event"), Some(event.as_str()));
            assert_eq!(game.tag("Result"), game.result.as_deref());
            assert!(!game.moves.is_empty(), "game {} has moves", i + 1);
            for (ply, m) in game.moves.iter().enumerate() {
                assert_eq!(m.ply, ply);
            }
        }
    }

    #[test]
    fn acf_game_1() {
        let games = acf_games();
        let game = &games[0];
        // 26 numbered moves, each with both halves: 52 plies.
        assert_eq!(game.moves.len(), 52);
        assert_eq!(game.line, 1);
        assert_eq!(game.tag("GameType"), Some("21"));
        assert_eq!(game.tag("Nope"), None);
        assert_eq!(game.result.as_deref(), Some("1/2-1/2"));
        let first = &game.moves[0];
        assert_eq!(
            (first.text.as_str(), first.line, first.col),
            ("10-15", 5, 4)
        );
        let last = &game.moves[51];
        assert_eq!(
            (last.text.as_str(), last.ply, last.line, last.col),
            ("28x19", 51, 10, 11)
        );
    }

    #[test]
    fn acf_game_2_triple_jump() {
        let games = acf_games();
        let game = &games[1];
        assert_eq!(game.line, 12);
        let m = game
            .moves
            .iter()
            .find(|m| m.text == "25x18x9")
            .expect("25x18x9 is in game 2");
        // Move 27, first half: 26 full moves before it.
        assert_eq!((m.ply, m.line, m.col), (52, 21, 19));
        assert_eq!(game.moves[53].text, "5x14");
        assert_eq!(game.result.as_deref(), Some("1-0"));
    }

    #[test]
    fn write_pdn_reproduces_the_acf_file() {
        let text = acf_text();
        let mut written = String::new();
        for game in acf_games() {
            let moves: Vec<String> = game.moves.iter().map(|m| m.text.clone()).collect();
            let result = game.result.clone().unwrap_or_default();
            written.push_str(&write_pdn(&game.tags, &moves, &result));
        }
        for (i, (w, t)) in written.lines().zip(text.lines()).enumerate() {
            assert_eq!(w, t, "line {}", i + 1);
        }
        assert_eq!(written.len(), text.len());
    }

    #[test]
    fn write_then_parse_round_trips() {
        let tags = vec![
            ("Event".to_string(), "A \"quoted\" \\ name".to_string()),
            ("FEN".to_string(), "W:W21-32:B1-12".to_string()),
        ];
        let moves: Vec<String> = (0..41)
            .map(|i| format!("{}x{}x{}", i + 1, i + 2, i + 3))
            .collect();
        let text = write_pdn(&tags, &moves, "*");
        assert!(text.lines().all(|l| l.chars().count() <= 78), "{text}");
        assert!(text.ends_with(" *\n\n") || text.ends_with("\n*\n\n"));
        let games = parse_pdn(&text).unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].tags, tags);
        assert_eq!(texts(&games[0]), moves);
        assert_eq!(games[0].result.as_deref(), Some("*"));
    }

    #[test]
    fn write_pdn_small_cases() {
        assert_eq!(write_pdn(&[], &[], ""), "");
        assert_eq!(write_pdn(&[], &[], "*"), "*\n\n");
        let moves = ["11-15".to_string(), "23-19".to_string(), "8-11".to_string()];
        assert_eq!(
            write_pdn(&[], &moves, "0-1"),
            "1. 11-15 23-19 2. 8-11 0-1\n\n"
        );
        let tags = [("Event".to_string(), "e".to_string())];
        assert_eq!(write_pdn(&tags, &[], ""), "[Event \"e\"]\n\n");
    }

    #[test]
    fn comments_variations_and_escapes_are_skipped() {
        let text = "% escape line 1-0 {\n\
            [Event \"x\"]\n\
            { a comment\n spanning (lines) 1-0 }\n\
            1. 11-15! {good} 23-19?! (1... 23-18 (2. 8-11 {)} ) 18x11) 2. 8-11 $3\n\
            ; rest of line 0-1\n\
            3...9-14?? 1.c3-d4 e5xc3xa1 2-0\n";
        let games = parse_pdn(text).unwrap();
        assert_eq!(games.len(), 1);
        let game = &games[0];
        assert_eq!(game.line, 2);
        assert_eq!(
            texts(game),
            ["11-15", "23-19", "8-11", "9-14", "c3-d4", "e5xc3xa1"]
        );
        assert_eq!(game.result.as_deref(), Some("2-0"));
        let glued = &game.moves[3];
        assert_eq!((glued.ply, glued.line, glued.col), (3, 7, 5));
    }

    #[test]
    fn games_split_on_results_and_tag_sections() {
        let text = "[Event \"a\"]\n1. 1-5 * 1. 2-6 0-0\n\n1. 3-7\n\n[Event \"b\"]\n[Round \"2\"]\n\n\
                    1. 4-8\n[Event \"c\"]\n";
        let games = parse_pdn(text).unwrap();
        let summary: Vec<_> = games
            .iter()
            .map(|g| (g.tag("Event"), texts(g), g.result.as_deref(), g.line))
            .collect();
        assert_eq!(
            summary,
            [
                (Some("a"), vec!["1-5"], Some("*"), 1),
                (None, vec!["2-6"], Some("0-0"), 2),
                (None, vec!["3-7"], None, 4),
                (Some("b"), vec!["4-8"], None, 6),
                (Some("c"), vec![], None, 10),
            ]
        );
        assert_eq!(games[3].tag("Round"), Some("2"));
    }

    #[test]
    fn empty_input_has_no_games() {
        assert_eq!(parse_pdn("").unwrap(), []);
        assert_eq!(parse_pdn(" \n{only a comment}\n% escape\n").unwrap(), []);
    }

    #[test]
    fn errors_carry_line_and_column() {
        let cases = [
            ("1. 11-15 {never closed", 1, 10, "unterminated comment"),
            ("1. 11-15\n  (1... 2-6 (x)", 2, 3, "unterminated variation"),
            ("1. 11-15 )", 1, 10, "unexpected ')'"),
            (
                "[Event \"x\"]\n1. 11-15 23-1Q9+ 2. 8-11",
                2,
                10,
                "expected a move",
            ),
            ("[Event x]", 1, 8, "expected '\"'"),
            ("[ \"x\"]", 1, 3, "expected a tag name"),
            ("[Event \"x\" junk]", 1, 12, "expected ']'"),
            ("[Event \"x\\\"]", 1, 8, "unterminated tag value"),
            ("1. 11-15\n\t$ 3", 2, 2, "expected digits after '$'"),
            ("1. é-15 ✓", 1, 9, "found '✓'"),
            ("11", 1, 1, "expected a move"),
        ];
        for (text, line, col, message) in cases {
            let err = error_of(text);
            assert_eq!((err.line, err.col), (line, col), "{text:?}: {err}");
            assert!(err.message.contains(message), "{text:?}: {err}");
            assert!(err.to_string().starts_with(&format!("{line}:{col}: ")));
        }
    }

    /// A small deterministic generator for mutation tests.
    fn next(seed: &mut u64) -> usize {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*seed >> 33) as usize
    }

    #[test]
    fn truncated_input_never_panics() {
        let text: String = acf_text().chars().take(1200).collect();
        let text = format!("{text}{{c}} (1. 2-3 {{x}}) [T \"\\\"\"] $1 ; z\n% e\n");
        let chars: Vec<char> = text.chars().collect();
        for end in 0..=chars.len() {
            let prefix: String = chars[..end].iter().collect();
            let _ = parse_pdn(&prefix);
            let suffix: String = chars[end..].iter().collect();
            let _ = parse_pdn(&suffix);
        }
    }

    #[test]
    fn mutated_input_never_panics() {
        let base: Vec<char> = acf_text().chars().take(900).collect();
        let alphabet: Vec<char> = "[]{}()\"\\%;$.!?x-/*01 \n\té✓".chars().collect();
        let mut seed = 7;
        for _ in 0..3000 {
            let mut chars = base.clone();
            for _ in 0..1 + next(&mut seed) % 4 {
                let at = next(&mut seed) % chars.len();
                let c = alphabet[next(&mut seed) % alphabet.len()];
                match next(&mut seed) % 3 {
                    0 => chars[at] = c,
                    1 => chars.insert(at, c),
                    _ => {
                        chars.remove(at);
                    }
                }
            }
            let text: String = chars.iter().collect();
            if let Err(err) = parse_pdn(&text) {
                assert!(err.line >= 1 && err.col >= 1);
            }
        }
    }
}
