//! The run's file: JSON lines, the [`Header`] first, then one
//! [`CellRecord`] a line, appended (written, flushed and synced) as each
//! cell finishes, so that a killed run loses at most the cells in play.
//! `--resume` reads the file back, checks that it is the same run, drops
//! a last line cut short by the kill, and goes on appending.

use super::cell::CellRecord;
use super::run::Header;
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// A run's file open for appending cells.
pub struct Store {
    path: PathBuf,
    file: File,
}

impl Store {
    /// A new file for the run of `header`; refused when `path` exists
    /// (unless `force`: it is then replaced).
    pub fn create(path: &Path, header: &Header, force: bool) -> Result<Store, String> {
        if path.exists() && !force {
            return Err(format!(
                "{}: exists (--resume {0} goes on with that run, --force replaces it)",
                path.display()
            ));
        }
        let mut file = File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let line = serde_json::to_string(header).map_err(|e| e.to_string())?;
        writeln!(file, "{line}")
            .and_then(|()| file.sync_data())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Store {
            path: path.to_path_buf(),
            file,
        })
    }

    /// The file of a run begun with `header`: its finished cells, and the
    /// file open to append more. Refused when the file is another run's,
    /// or holds a line that is not a cell of this run (a cell twice, a
    /// cell whose toggles are not the design's); a last line without its
    /// end (the run was killed while writing it) is dropped.
    pub fn resume(
        path: &Path,
        header: &Header,
    ) -> Result<(Store, BTreeMap<usize, CellRecord>), String> {
        let (found, cells, whole) = read(path, true)?;
        if &found != header {
            return Err(format!(
                "{}: another run (game, toggles, design, players, count, seed, turn cap and shard \
                 must be those of the command)",
                path.display()
            ));
        }
        let file = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        // Drop a cut last line: append after the last whole one.
        file.set_len(whole)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let mut file = file;
        use std::io::Seek;
        file.seek(std::io::SeekFrom::End(0))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let done = cells.into_iter().map(|c| (c.cell, c)).collect();
        Ok((
            Store {
                path: path.to_path_buf(),
                file,
            },
            done,
        ))
    }

    /// Appends a finished cell, synced to the disk before it returns.
    pub fn append(&mut self, cell: &CellRecord) -> Result<(), String> {
        let line = serde_json::to_string(cell).map_err(|e| e.to_string())?;
        writeln!(self.file, "{line}")
            .and_then(|()| self.file.sync_data())
            .map_err(|e| format!("{}: {e}", self.path.display()))
    }
}

/// Reads a run's file: its header, its cells in file order, and the
/// length of its whole lines. A last line without its end is an error
/// unless `cut_ok` (then it is left out).
pub fn read(path: &Path, cut_ok: bool) -> Result<(Header, Vec<CellRecord>, u64), String> {
    let p = path.display();
    let text = crate::compile::read_text(path).map_err(|e| format!("{p}: {e}"))?;
    parse(&p.to_string(), &text, cut_ok)
}

/// [`read`] of a run's text, named `p` in errors: what a file holds, or
/// what a shard played elsewhere (a Ray task) sends back.
pub fn parse(p: &str, text: &str, cut_ok: bool) -> Result<(Header, Vec<CellRecord>, u64), String> {
    let whole = text.rfind('\n').map_or(0, |i| i + 1);
    if whole < text.len() && !cut_ok {
        return Err(format!(
            "{p}: its last line is cut short (a killed run): resume it with --resume"
        ));
    }
    let mut lines = text[..whole].lines().enumerate();
    let header: Header = match lines.next() {
        Some((_, l)) => serde_json::from_str(l)
            .map_err(|e| format!("{p}:1: not the first line of an `explore` run's file ({e})"))?,
        None => return Err(format!("{p}: empty, not an `explore` run's file")),
    };
    if header.command != "explore" {
        return Err(format!(
            "{p}:1: from `{}`, expected `explore`",
            header.command
        ));
    }
    header
        .design
        .check()
        .map_err(|e| format!("{p}:1: the design: {e}"))?;
    let mut cells: Vec<CellRecord> = Vec::new();
    for (i, l) in lines {
        let c: CellRecord =
            serde_json::from_str(l).map_err(|e| format!("{p}:{}: not a cell ({e})", i + 1))?;
        if c.cell >= header.design.cells.len() || c.sets != header.design.sets(c.cell) {
            return Err(format!(
                "{p}:{}: cell {} is not a cell of this run's design",
                i + 1,
                c.cell
            ));
        }
        let wrong = match c.tally.inconsistency() {
            None if c.tally.games != header.count => Some(format!("{} games", c.tally.games)),
            other => other,
        };
        if let Some(reason) = wrong {
            return Err(format!(
                "{p}:{}: cell {}'s counts do not add up to {} games: {reason}",
                i + 1,
                c.cell,
                header.count
            ));
        }
        if cells.iter().any(|d| d.cell == c.cell) {
            return Err(format!("{p}:{}: cell {} is there twice", i + 1, c.cell));
        }
        cells.push(c);
    }
    Ok((header, cells, whole as u64))
}
