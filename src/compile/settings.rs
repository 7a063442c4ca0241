//! `ludic check`'s other settings: the file compiled again with each
//! other value of its yes/no and choice toggles, one at a time, so that a
//! `match` arm chosen only by another value is checked too.
//!
//! Each such compile reads the whole file, so trying every setting of a
//! file of N read toggles is N compiles of a file of size N: quadratic
//! (4,096 toggles took 98 s). The file is therefore parsed once, and at
//! most [`MAX_OTHER_SETTINGS`] settings are compiled, which keeps `check`
//! linear in the file's size; the settings left untried are returned for
//! `check` to name. Toggles that a `(match $name …)` reads come first:
//! they choose which clauses exist, which is what the other settings are
//! compiled for.

use super::{Assembled, Game, LoadError, Options, compile_assembled, other_values};
use crate::syntax::Expr;
use std::collections::HashSet;

/// Most settings other than those in force that `ludic check` compiles
/// (every shipped game has far fewer: Genocide, the most, has 17
/// toggles).
pub const MAX_OTHER_SETTINGS: usize = 64;

/// What compiling a file with other settings found.
#[derive(Debug)]
pub struct OtherSettings {
    /// Each setting whose compile failed, as `NAME=VALUE`, with its errors.
    pub failed: Vec<(String, LoadError)>,
    /// How many settings were compiled (at most [`MAX_OTHER_SETTINGS`]).
    pub compiled: usize,
    /// The settings not compiled, as `NAME=VALUE`, in the toggles' order.
    pub untried: Vec<String>,
}

/// Compiles `assembled` (whose default compile is `game`) with each other
/// value of every read yes/no and choice toggle that `sets` (the command
/// line's `NAME=VALUE` settings, kept in force) does not name, one at a
/// time, up to [`MAX_OTHER_SETTINGS`] compiles. Errors: `sets` malformed.
pub fn other_settings(
    assembled: &Assembled,
    game: &Game,
    sets: &[String],
) -> Result<OtherSettings, LoadError> {
    let given: HashSet<&str> = sets
        .iter()
        .map(|s| s.split('=').next().unwrap_or_default().trim())
        .collect();
    let keys = match_keys(&assembled.items);
    let mut todo: Vec<(usize, String)> = other_values(game)
        .into_iter()
        .filter(|s| !given.contains(toggle_of(s)))
        .enumerate()
        .collect();
    // Match keys first, each group in the toggles' order.
    todo.sort_by_key(|(i, s)| (!keys.contains(toggle_of(s)), *i));
    let mut untried = todo.split_off(todo.len().min(MAX_OTHER_SETTINGS));
    untried.sort_by_key(|(i, _)| *i);
    let mut failed = Vec::new();
    for (i, set) in &todo {
        let mut all = sets.to_vec();
        all.push(set.clone());
        if let Err(e) = compile_assembled(assembled, &Options::from_sets(&all)?) {
            failed.push((*i, set.clone(), e));
        }
    }
    failed.sort_by_key(|(i, ..)| *i);
    let failed = failed.into_iter().map(|(_, s, e)| (s, e)).collect();
    let untried = untried.into_iter().map(|(_, s)| s).collect();
    Ok(OtherSettings {
        failed,
        compiled: todo.len(),
        untried,
    })
}

fn toggle_of(set: &str) -> &str {
    set.split('=').next().unwrap_or_default()
}

/// The toggles that a `(match $name …)` reads anywhere in `items`
/// (defines' bodies included).
fn match_keys(items: &[Expr]) -> HashSet<&str> {
    fn walk<'e>(e: &'e Expr, out: &mut HashSet<&'e str>) {
        match e {
            Expr::Clause(c) => {
                if c.head == "match"
                    && let Some(Expr::Toggle(n, _)) = c.args.first()
                {
                    out.insert(n.as_str());
                }
                c.args
                    .iter()
                    .chain(c.named.iter().map(|n| &n.value))
                    .for_each(|a| walk(a, out));
            }
            Expr::Array(v, _) => v.iter().for_each(|a| walk(a, out)),
            _ => {}
        }
    }
    let mut out = HashSet::new();
    items.iter().for_each(|e| walk(e, &mut out));
    out
}
