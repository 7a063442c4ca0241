//! Embeds copies of the shipped game files (`games/*.game`) in the binary,
//! for a binary that runs where the crate's source is not (`cargo install
//! --path .`, a copied binary, a Python wheel).
//!
//! The games are data at run time: while the crate's `games/` folder
//! exists, ludic reads the shipped games from it and never uses these
//! copies (`src/compile/shipped.rs`). So adding, editing or removing a rule
//! file must never rebuild the crate: this script asks to be re-run only
//! when it changes itself (no `rerun-if-changed` on `games/`), and it
//! writes the texts into its output as string literals rather than
//! `include_str!` the files (rustc would track them and recompile the crate
//! when one changes). In a development build the copies are therefore
//! those of the last time this script ran, and may be stale; that is fine,
//! since they are used only when the folder is gone. `cargo install`
//! builds in a fresh target folder, so an installed binary's copies are
//! current.

use std::fmt::Write;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let mut entries: Vec<_> = std::fs::read_dir("games")
        .map(|rd| rd.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    // As the folder is read at run time: `*.game`, hidden files left out.
    entries.retain(|p| {
        let hidden = p
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.'));
        p.extension().is_some_and(|e| e == "game") && !hidden
    });
    entries.sort();
    let mut out = String::from(
        "/// Copies of the shipped games made when the crate was built: (name, text),\n\
         /// sorted by file name.\nconst EMBEDDED: &[(&str, &str)] = &[\n",
    );
    for p in entries {
        let Some(name) = p.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        let text = std::fs::read_to_string(&p).expect("a shipped game is UTF-8 text");
        let text = text.trim_start_matches('\u{feff}');
        // `{:?}` of a `str` is a Rust string literal.
        writeln!(out, "    ({name:?}, {text:?}),").expect("write");
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("shipped.rs");
    std::fs::write(dest, out).expect("write shipped.rs");
}
