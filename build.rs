//! Embeds the shipped game files (`games/*.game`) in the binary, so that
//! `ludic play NAME` works from any directory.

use std::fmt::Write;
use std::path::Path;

fn main() {
    let dir = Path::new("games");
    println!("cargo:rerun-if-changed=games");
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    entries.retain(|p| p.extension().is_some_and(|e| e == "game"));
    entries.sort();
    let mut out = String::from(
        "/// Shipped games: (name, path, text).\npub(crate) const SHIPPED: &[(&str, &str, &str)] = &[\n",
    );
    for p in entries {
        let name = p.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
        println!("cargo:rerun-if-changed={}", p.display());
        // The text is found from the crate's own directory when the crate
        // compiles, not from an absolute path written here: a target/
        // copied from another checkout would otherwise embed that
        // checkout's games.
        writeln!(
            out,
            "    ({name:?}, {:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), {:?}))),",
            p.display().to_string(),
            format!("/games/{name}.game")
        )
        .expect("write");
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("shipped.rs");
    std::fs::write(dest, out).expect("write shipped.rs");
}
