//! The shipped games: the rule files `games/*.game` of the crate's source.
//!
//! They are data, read at run time: while the `games/` folder of the
//! source this crate was built from exists (a development checkout), the
//! games are that folder's files as they are now, so a file added, edited
//! or removed there counts at once, with no rebuild. Elsewhere (an
//! installed binary, a Python wheel) they are the copies `build.rs`
//! embedded, which a development build never uses while the folder exists
//! (they may be stale there: see `build.rs`).

use super::{ReadError, read_text};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// The `games/` folder of the crate's source, if it exists now.
fn folder() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    dir.is_dir().then_some(dir)
}

/// The names of the shipped games (`checkers` for `games/checkers.game`),
/// sorted by file name (`polypods-square` before `polypods`): the files of
/// the crate's `games/` folder when it exists, the embedded copies
/// otherwise. Hidden files and names that are not UTF-8 are left out; an
/// unreadable folder lists nothing.
pub fn shipped_games() -> Vec<&'static str> {
    match folder() {
        Some(dir) => names_in(&dir).into_iter().map(intern).collect(),
        None => EMBEDDED.iter().map(|(n, _)| *n).collect(),
    }
}

/// `name` as a `&'static str`, as the names of the shipped games were when
/// they were only embedded: each distinct name is leaked once in the
/// process's life (a few bytes a game file), then found again.
fn intern(name: String) -> &'static str {
    static NAMES: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());
    let mut names = NAMES.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(known) = names.get(name.as_str()) {
        return known;
    }
    let leaked: &'static str = Box::leak(name.into_boxed_str());
    names.insert(leaked);
    leaked
}

/// The display path (`games/checkers.game`) and text of the shipped game
/// `name`, or `None` when no shipped game has that name or its file
/// cannot be read (see [`read_shipped`] for why).
pub fn shipped_source(name: &str) -> Option<(String, String)> {
    read_shipped(name)?.ok()
}

/// As [`shipped_source`], with why a shipped game's file cannot be read
/// (not UTF-8, too large…): `None` when no shipped game is called `name`.
pub fn read_shipped(name: &str) -> Option<Result<(String, String), ReadError>> {
    let shown = format!("games/{name}.game");
    match folder() {
        Some(_) => shipped_file(name).map(|f| read_text(&f).map(|t| (shown, t))),
        None => EMBEDDED
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| Ok((shown, t.to_string()))),
    }
}

/// The file the shipped game `name` is read from now: `None` when it is
/// not a shipped game or when the games are the embedded copies.
pub fn shipped_file(name: &str) -> Option<PathBuf> {
    let dir = folder()?;
    let listed = names_in(&dir).iter().any(|n| n == name);
    listed.then(|| file_of(&dir, name))
}

/// The file of game `name` in `dir`.
fn file_of(dir: &Path, name: &str) -> PathBuf {
    dir.join(format!("{name}.game"))
}

/// The games of `dir`: the stems of its `*.game` regular files (symbolic
/// links followed), hidden ones left out, sorted by file name.
fn names_in(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<String> = entries
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|f| f.len() > ".game".len() && !f.starts_with('.'))
        .filter(|f| f.ends_with(".game") && dir.join(f).is_file())
        .collect();
    files.sort_unstable();
    files
        .iter()
        .filter_map(|f| f.strip_suffix(".game"))
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_lists_its_game_files_by_file_name() {
        let dir = tempfile::tempdir().unwrap();
        for f in [
            "b.game",
            "b.game.game",
            "a-b.game",
            "a.game",
            ".hidden.game",
            "notes.txt",
            ".game",
        ] {
            std::fs::write(dir.path().join(f), "").unwrap();
        }
        std::fs::create_dir(dir.path().join("folder.game")).unwrap();
        assert_eq!(names_in(dir.path()), ["a-b", "a", "b", "b.game"]);
        assert!(names_in(&dir.path().join("missing")).is_empty());
    }

    #[test]
    fn a_name_is_interned_once() {
        let a = intern("interned-name".to_string());
        let b = intern("interned-name".to_string());
        assert!(std::ptr::eq(a, b));
        assert_eq!(a, "interned-name");
    }

    // Their texts are not compiled here: in a development build they are
    // those of the last time build.rs ran, which may be older than the code.
    #[test]
    fn the_embedded_copies_are_sorted_by_file_name() {
        assert!(!EMBEDDED.is_empty());
        let files: Vec<String> = EMBEDDED.iter().map(|(n, _)| format!("{n}.game")).collect();
        assert!(files.is_sorted(), "{files:?}");
    }

    #[test]
    fn only_a_listed_name_is_read() {
        assert!(read_shipped("../Cargo").is_none());
        assert!(read_shipped("").is_none());
        assert!(read_shipped("no such game").is_none());
    }
}
