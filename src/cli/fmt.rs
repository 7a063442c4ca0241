//! `ludic fmt`: print rule files in canonical layout (see
//! [`crate::syntax::print`]), check that they are (`--check`, for CI), or
//! rewrite them in place (`--write`).

use super::util::Fail;
use crate::compile;
use crate::diag::Diagnostics;
use crate::syntax::format_file;
use clap::Args;
use std::path::Path;

/// Most changed lines shown of each side by `--check`.
const DIFF_LINES: usize = 12;

/// The arguments of `ludic fmt`.
#[derive(Debug, Args)]
pub struct FmtArgs {
    /// Rule files, or names of shipped games (a `games/` file without `.game`).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    /// Print nothing but the files not in canonical layout, each with a short
    /// diff; exit 1 if there is any.
    #[arg(long, conflicts_with = "write")]
    pub check: bool,
    /// Rewrite each file in place in canonical layout.
    #[arg(long)]
    pub write: bool,
}

/// Runs `ludic fmt`: returns 1 when a file does not parse, or with
/// `--check` when a file is not in canonical layout.
pub fn run(a: &FmtArgs) -> Result<i32, Fail> {
    let mut code = 0;
    for file in &a.files {
        let (name, text) = compile::read_source(file)?;
        let formatted = match format_file(&text) {
            Ok(f) => f,
            Err(items) => {
                eprint!("{}", Diagnostics::new(&name, &text, items));
                code = 1;
                continue;
            }
        };
        if a.check {
            if formatted != text {
                println!("{name}: not in canonical layout (`ludic fmt --write {name}` fixes it)");
                print!("{}", short_diff(&text, &formatted));
                code = 1;
            }
        } else if a.write {
            if !Path::new(file).is_file() {
                return Err(Fail(format!(
                    "{file}: not a file (a shipped game's name?): give the path of the file to rewrite"
                )));
            }
            if formatted != text {
                std::fs::write(file, &formatted).map_err(|e| Fail(format!("{file}: {e}")))?;
                eprintln!("{name}: rewritten");
            } else {
                eprintln!("{name}: already in canonical layout");
            }
        } else {
            print!("{formatted}");
        }
    }
    Ok(code)
}

/// The lines that differ between `old` and `new`, after their common first
/// and last lines: `@@ line N` then up to [`DIFF_LINES`] `-` lines and as
/// many `+` lines.
pub fn short_diff(old: &str, new: &str) -> String {
    let old: Vec<&str> = old.lines().collect();
    let new: Vec<&str> = new.lines().collect();
    let head = old.iter().zip(&new).take_while(|(a, b)| a == b).count();
    let tail = old[head..]
        .iter()
        .rev()
        .zip(new[head..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let mut out = format!("@@ line {}\n", head + 1);
    if head + tail >= old.len() && head + tail >= new.len() {
        out.push_str("(only the line endings differ)\n");
        return out;
    }
    for (sign, lines) in [
        ('-', &old[head..old.len() - tail]),
        ('+', &new[head..new.len() - tail]),
    ] {
        for line in lines.iter().take(DIFF_LINES) {
            out.push_str(&format!("{sign}{line}\n"));
        }
        if lines.len() > DIFF_LINES {
            out.push_str(&format!(
                "{sign}… {} more lines\n",
                lines.len() - DIFF_LINES
            ));
        }
    }
    out
}
