//! The files the commands write (`--record`, `render --svg`, `analyze
//! --plot`, `save` at the prompt): an existing file is never overwritten
//! unless `--force` is given, and two names for one file are refused
//! before anything is created.

use super::util::Fail;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Opens a new file for writing: refused when it exists, unless `force`.
/// `what` names the option in the message (`--record`, `--svg`).
pub fn open_new(path: &Path, force: bool, what: &str) -> Result<File, Fail> {
    let mut o = OpenOptions::new();
    o.write(true);
    if force {
        o.create(true).truncate(true);
    } else {
        o.create_new(true);
    }
    o.open(path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::AlreadyExists {
            exists(path, what)
        } else {
            Fail(format!("{what} {}: {e}", path.display()))
        }
    })
}

/// The refusal of an existing file.
fn exists(path: &Path, what: &str) -> Fail {
    let hint = if what == "save" {
        "choose another name"
    } else {
        "give --force to overwrite it, or another name"
    };
    Fail(format!(
        "{what} {}: the file exists; {hint}",
        path.display()
    ))
}

/// Refuses `path` early (before a long run) when it exists and `force`
/// is not given; the write itself checks again.
pub fn refuse_existing(path: &Path, force: bool, what: &str) -> Result<(), Fail> {
    if !force && path.exists() {
        return Err(exists(path, what));
    }
    Ok(())
}

/// Writes `text` to a new file `path` (refused when it exists, unless
/// `force`).
pub fn write_new(path: &Path, force: bool, what: &str, text: &str) -> Result<(), Fail> {
    let mut f = open_new(path, force, what)?;
    f.write_all(text.as_bytes())
        .map_err(|e| Fail(format!("{what} {}: {e}", path.display())))
}

/// The file a path names, for telling two spellings of one file apart
/// (`a.trial` and `./a.trial`, `d/../a.trial`): its folder made absolute
/// and resolved when it exists, then its file name.
pub fn file_key(path: &Path) -> PathBuf {
    let name = path.file_name().map(PathBuf::from).unwrap_or_default();
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let dir = std::fs::canonicalize(&parent)
        .or_else(|_| std::path::absolute(&parent))
        .unwrap_or(parent);
    // A name that is itself a link to another file: the target.
    match std::fs::canonicalize(dir.join(&name)) {
        Ok(full) => full,
        Err(_) => dir.join(name),
    }
}
