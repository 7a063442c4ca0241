//! `ludic fmt`: print rule files in canonical layout (see
//! [`ludic::syntax::print`]), check that they are (`--check`, for CI), or
//! rewrite them in place (`--write`).

use super::util::Fail;
use clap::Args;
use ludic::compile;
use ludic::diag::Diagnostics;
use ludic::syntax::format_file;
use similar::{Algorithm, DiffTag, capture_diff_slices, group_diff_ops};
use std::path::Path;

/// Most changed lines shown of a file by `--check`.
const DIFF_LINES: usize = 24;

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

/// The changes from `old` to `new`, line by line (a Myers diff, the
/// `similar` crate): each run of changed lines under `@@ line N` (its first
/// line in `old`), removed lines `-`, added lines `+`; unchanged lines are
/// not shown. At most [`DIFF_LINES`] changed lines in all, then a count of
/// the rest.
pub fn short_diff(old: &str, new: &str) -> String {
    let old: Vec<&str> = old.lines().collect();
    let new: Vec<&str> = new.lines().collect();
    if old == new {
        return "(only the line endings differ)\n".to_string();
    }
    let ops = capture_diff_slices(Algorithm::Myers, &old, &new);
    let mut out = String::new();
    let mut shown = 0;
    let mut hidden = 0;
    for group in group_diff_ops(ops, 0) {
        let mut header = true;
        for op in &group {
            let (tag, o, n) = op.as_tag_tuple();
            let lines: Vec<(char, &str)> = match tag {
                DiffTag::Equal => continue,
                DiffTag::Delete => old[o.clone()].iter().map(|l| ('-', *l)).collect(),
                DiffTag::Insert => new[n].iter().map(|l| ('+', *l)).collect(),
                DiffTag::Replace => old[o.clone()]
                    .iter()
                    .map(|l| ('-', *l))
                    .chain(new[n].iter().map(|l| ('+', *l)))
                    .collect(),
            };
            for (sign, line) in lines {
                if shown == DIFF_LINES {
                    hidden += 1;
                    continue;
                }
                if header {
                    out.push_str(&format!("@@ line {}\n", o.start + 1));
                    header = false;
                }
                out.push_str(&format!("{sign}{line}\n"));
                shown += 1;
            }
        }
    }
    if hidden > 0 {
        out.push_str(&format!("… {hidden} more changed lines\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::short_diff;

    #[test]
    fn unchanged_lines_are_not_shown_as_removed_and_added() {
        // Line 2 changes, line 4 is new; lines 1, 3 and 5 stay.
        let old = "a\nb\nc\nd\n";
        let new = "a\nB\nc\nx\nd\n";
        assert_eq!(short_diff(old, new), "@@ line 2\n-b\n+B\n@@ line 4\n+x\n");
        assert_eq!(
            short_diff("a\r\nb\r\n", "a\nb\n"),
            "(only the line endings differ)\n"
        );
    }

    #[test]
    fn a_long_diff_is_cut_with_a_count() {
        let old: String = (0..30).map(|i| format!("{i}\n")).collect();
        let out = short_diff(&old, "");
        assert!(out.starts_with("@@ line 1\n-0\n"), "{out}");
        assert!(out.ends_with("… 6 more changed lines\n"), "{out}");
    }
}
