//! The record of a game in play, written as the game goes: the header when
//! the game starts (which checks the path before the first move), then
//! every turn as it is played, each write followed by the closing line of
//! an unfinished game. A game killed at any point leaves a record of every
//! turn played so far, which `ludic replay` reads as unfinished.
//!
//! Only the files the user names are written. The format follows the
//! extension: `.pdn` for PDN (games with numbered sites and two players),
//! anything else a trial.

use super::super::util::Fail;
use ludic::engine::Outcome;
use ludic::record::pdn::write_pdn;
use ludic::record::trial::{Trial, TrialResult, write_trial};
use std::fs::File;
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// A record's format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// ludic's trial.
    Trial,
    /// Portable Draughts Notation.
    Pdn,
}

impl Format {
    /// The format of a file by its extension (`.pdn`: PDN).
    pub fn of(path: &Path) -> Format {
        match path.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("pdn") => Format::Pdn,
            _ => Format::Trial,
        }
    }
}

/// A turn's record text with `note` after it: a comment line of its own in
/// a trial (`# note`, which a trial's reader skips), written as a PDN
/// comment (`{note}`) by [`pdn_move`].
pub fn with_note(turn: &str, note: &str) -> String {
    format!("{turn}\n# {note}")
}

/// A turn's record text as PDN writes it: its notes ([`with_note`]) as
/// brace comments after the move.
fn pdn_move(turn: &str) -> String {
    let mut lines = turn.split("\n# ");
    let mut out = lines.next().unwrap_or_default().to_string();
    for note in lines {
        out.push_str(&format!(" {{{}}}", note.replace(['{', '}'], "")));
    }
    out
}

/// What a record says about the game besides its moves.
#[derive(Debug, Clone)]
pub struct Header {
    /// The trial, without moves.
    pub trial: Trial,
    /// PDN tags without `Result`; `None` when PDN cannot hold the game,
    /// with the reason.
    pub pdn_tags: Result<Vec<(String, String)>, String>,
}

impl Header {
    /// The whole record text for these moves and result, in `format`.
    pub fn text(&self, format: Format, moves: &[String], outcome: Option<Outcome>) -> String {
        match format {
            Format::Trial => {
                let mut t = self.trial.clone();
                t.moves = moves
                    .iter()
                    .map(|m| ludic::record::trial::TrialMove {
                        text: m.clone(),
                        line: 0,
                    })
                    .collect();
                t.result = TrialResult::from_outcome(outcome);
                write_trial(&t)
            }
            Format::Pdn => {
                let result = pdn_result(outcome);
                let mut tags = self.pdn_tags.clone().unwrap_or_default();
                let at = tags
                    .iter()
                    .position(|(k, _)| k == "SetUp")
                    .unwrap_or(tags.len());
                tags.insert(at, ("Result".into(), result.into()));
                let moves: Vec<String> = moves.iter().map(|m| pdn_move(m)).collect();
                write_pdn(&tags, &moves, result)
            }
        }
    }
}

/// A PDN result for an outcome (`*`: unfinished). Player 1 is White in PDN's
/// terms of `1-0`: the first player's win.
fn pdn_result(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        Some(Outcome::Win(0, _)) => "1-0",
        Some(Outcome::Win(_, _)) => "0-1",
        Some(Outcome::Draw(_)) => "1/2-1/2",
        // PDN has two sides: a ranking, or the loss of a game of one
        // player, is written as unfinished.
        Some(Outcome::Ranked(..) | Outcome::Loss(..)) => "*",
        None => "*",
    }
}

/// One file being written.
#[derive(Debug)]
pub struct LiveRecord {
    path: PathBuf,
    file: File,
    format: Format,
    /// Where the moves start.
    body: u64,
    /// Where each written turn ends.
    ends: Vec<u64>,
}

impl LiveRecord {
    /// Creates `path` (refused when it exists, unless `force`) and writes
    /// the header and `moves`.
    pub fn create(
        path: &Path,
        force: bool,
        header: &Header,
        moves: &[String],
    ) -> Result<LiveRecord, Fail> {
        let format = Format::of(path);
        if format == Format::Pdn
            && let Err(why) = &header.pdn_tags
        {
            return Err(Fail(format!(
                "--record {}: a `.pdn` record is PDN, and {why}; name a `.trial` file instead",
                path.display()
            )));
        }
        let file = open_new(path, force, "--record")?;
        let mut rec = LiveRecord {
            path: path.to_path_buf(),
            file,
            format,
            body: 0,
            ends: Vec::new(),
        };
        let head = match format {
            Format::Trial => {
                let text = header.text(format, &[], None);
                text.strip_suffix("result unfinished\n")
                    .unwrap_or(&text)
                    .to_string()
            }
            Format::Pdn => {
                let text = header.text(format, &[], None);
                text.strip_suffix("*\n\n").unwrap_or(&text).to_string()
            }
        };
        rec.body = head.len() as u64;
        rec.write_at(0, &head)?;
        rec.sync(moves)?;
        Ok(rec)
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Brings the file to `moves`: turns already written stay (the caller
    /// only appends or takes back), the others are written, then the
    /// closing line of an unfinished game.
    pub fn sync(&mut self, moves: &[String]) -> Result<(), Fail> {
        self.ends.truncate(moves.len());
        let mut at = self.ends.last().copied().unwrap_or(self.body);
        let mut text = String::new();
        for (i, m) in moves.iter().enumerate().skip(self.ends.len()) {
            let unit = match self.format {
                Format::Trial => format!("{m}\n"),
                Format::Pdn if i % 2 == 0 => format!("{}. {}\n", i / 2 + 1, pdn_move(m)),
                Format::Pdn => format!("{}\n", pdn_move(m)),
            };
            at += unit.len() as u64;
            self.ends.push(at);
            text.push_str(&unit);
        }
        let start = at - text.len() as u64;
        text.push_str(match self.format {
            Format::Trial => "result unfinished\n",
            Format::Pdn => "*\n",
        });
        self.write_at(start, &text)
    }

    /// Writes the whole record with its result: the game is over or
    /// stopped.
    pub fn finish(
        &mut self,
        header: &Header,
        moves: &[String],
        outcome: Option<Outcome>,
    ) -> Result<(), Fail> {
        let text = header.text(self.format, moves, outcome);
        self.write_at(0, &text)
    }

    /// Writes `text` at `at`, cuts the file after it and flushes it.
    fn write_at(&mut self, at: u64, text: &str) -> Result<(), Fail> {
        let err = |e: std::io::Error| Fail(format!("{}: {e}", self.path.display()));
        self.file.seek(SeekFrom::Start(at)).map_err(err)?;
        self.file.write_all(text.as_bytes()).map_err(err)?;
        self.file.set_len(at + text.len() as u64).map_err(err)?;
        self.file.flush().map_err(err)
    }
}

pub use super::super::output::open_new;
