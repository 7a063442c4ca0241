//! `ludic fmt`: the shipped files are canonical (so CI keeps them so), and
//! the command prints, checks and rewrites files.

mod common;
use common::{ludic, stdout, temp_file};

use std::process::Output;

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A small rule file that is not in canonical layout.
const MESSY: &str = "// a header comment\n(game   \"G\"   // the name\n\n\n  (players\n    (player \"A\")   (player \"B\")))\n";

/// The same file in canonical layout.
const CANONICAL: &str =
    "// a header comment\n(game \"G\" // the name\n\n  (players (player \"A\") (player \"B\")))\n";

#[test]
fn every_shipped_file_passes_fmt_check() {
    let mut files: Vec<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .map(|p| format!("games/{}", p.file_name().unwrap().to_str().unwrap()))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let mut args = vec!["fmt", "--check"];
    args.extend(files.iter().map(String::as_str));
    let o = ludic(&args);
    assert!(
        o.status.success(),
        "run `ludic fmt --write games/*.game`:\n{}{}",
        stdout(&o),
        stderr(&o)
    );
    assert_eq!(stdout(&o), "");
}

#[test]
fn fmt_prints_the_canonical_layout_with_comments() {
    let (_dir, path) = temp_file("print.game", MESSY);
    let o = ludic(&["fmt", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), CANONICAL);
    // The file itself is left alone.
    assert_eq!(std::fs::read_to_string(&path).unwrap(), MESSY);
}

#[test]
fn fmt_accepts_a_shipped_game_name() {
    let o = ludic(&["fmt", "checkers"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let on_disk =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/games/checkers.game"))
            .unwrap();
    assert_eq!(stdout(&o), on_disk);
    let o = ludic(&["fmt", "--write", "checkers"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("give the path"), "{}", stderr(&o));
}

#[test]
fn fmt_check_names_the_file_and_shows_the_first_difference() {
    let (_dir, path) = temp_file("check.game", MESSY);
    let name = path.to_str().unwrap();
    let o = ludic(&["fmt", "--check", name]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains(&format!("{name}: not in canonical layout")),
        "{out}"
    );
    assert!(out.contains("@@ line 2\n"), "{out}");
    assert!(out.contains("-(game   \"G\"   // the name\n"), "{out}");
    assert!(out.contains("+(game \"G\" // the name\n"), "{out}");

    let (_good, good) = temp_file("good.game", CANONICAL);
    let o = ludic(&["fmt", "--check", good.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert_eq!(stdout(&o), "");

    // Only the final newline missing.
    let (_bare, bare) = temp_file("bare.game", CANONICAL.trim_end());
    let o = ludic(&["fmt", "--check", bare.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("line endings"), "{}", stdout(&o));
}

#[test]
fn fmt_write_rewrites_in_place_then_check_passes() {
    let (_dir, path) = temp_file("write.game", MESSY);
    let name = path.to_str().unwrap();
    let o = ludic(&["fmt", "--write", name]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), CANONICAL);
    let o = ludic(&["fmt", "--check", name]);
    assert!(o.status.success(), "{}", stdout(&o));
}

#[test]
fn fmt_reports_syntax_errors_and_exits_1() {
    let (_dir, path) = temp_file("broken.game", "(game \"G\"\n  (players (player \"A\")\n");
    let o = ludic(&["fmt", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "");
    assert!(stderr(&o).contains("broken.game:"), "{}", stderr(&o));
}
