//! Variant files: `(variant "Name" base:"file.game" (set …) (replace …)
//! (add …))` — a game made from another file by changes, without copying it
//! (as in Ludii). Bases may themselves be variants.
//!
//! The texts of the chain are laid end to end (base first) so that every
//! span stays valid; diagnostics name the file each span falls in.

use super::args::{Diags, check, check_shape, clause, named, string, word};
use super::read_source;
use super::vocab::{self, Lower};
use crate::diag::{Diagnostic, Diagnostics, did_you_mean};
use crate::syntax::{Clause, Expr, Span, parse_file};
use std::path::Path;

/// Deepest chain of variants.
const MAX_DEPTH: usize = 32;

/// Clauses that are replaced by name, not only by head.
const NAMED: &[&str] = &["toggle", "define", "region", "role", "piece", "code"];

/// A rule file with its bases resolved: the texts end to end, where each
/// file starts, and the top-level expressions (one `game` clause once
/// variants are applied).
#[derive(Debug, Clone)]
pub struct Assembled {
    /// The texts of the chain, base first, joined by a newline.
    pub source: String,
    /// Each file's name and the offset of its text in `source`.
    pub parts: Vec<(String, usize)>,
    /// Top-level expressions, spans into `source`.
    pub items: Vec<Expr>,
}

impl Assembled {
    /// Diagnostics over this source.
    pub fn diagnostics(&self, items: Vec<Diagnostic>) -> Diagnostics {
        let file = self.parts.last().map_or(String::new(), |p| p.0.clone());
        let mut d = Diagnostics::new(file, self.source.clone(), items);
        d.parts = self.parts.clone();
        d
    }
}

/// Parses `text` (named `file`) and, if it is a variant, its base chain.
pub fn assemble(file: &str, text: &str) -> Result<Assembled, Diagnostics> {
    assemble_at(file, text, 0)
}

fn assemble_at(file: &str, text: &str, depth: usize) -> Result<Assembled, Diagnostics> {
    let single = |items: Vec<Diagnostic>| Diagnostics::new(file, text, items);
    let ast = parse_file(text).map_err(single)?;
    let variant = match ast.items.as_slice() {
        [Expr::Clause(c)] if c.head == "variant" => c.clone(),
        _ => {
            return Ok(Assembled {
                source: text.to_string(),
                parts: vec![(file.to_string(), 0)],
                items: ast.items,
            });
        }
    };
    // Its own arguments first: a `base:` given twice or misspelt is
    // refused before any base is read (a variant without changes is a
    // copy under another name).
    let mut own = Diags::default();
    check_shape(&variant, 1, usize::MAX, &["base"], &mut own);
    if !own.items.is_empty() {
        return Err(single(own.finish()));
    }
    let (base_file, base_text) =
        resolve_base(file, &variant, depth).map_err(|d| single(vec![d]))?;
    let base = assemble_at(&base_file, &base_text, depth + 1)?;
    let offset = base.source.len() + 1;
    let mut out = Assembled {
        source: format!("{}\n{text}", base.source),
        parts: base.parts.clone(),
        items: base.items,
    };
    out.parts.push((file.to_string(), offset));
    let mut variant = variant;
    shift_clause(&mut variant, offset as u32);
    let mut d = Diags::default();
    apply(&variant, &mut out.items, &mut d);
    if d.items.is_empty() {
        Ok(out)
    } else {
        Err(out.diagnostics(d.finish()))
    }
}

/// Finds the base's text: a path relative to the variant's folder, a path
/// as given, or a shipped game's name (with or without `.game`).
fn resolve_base(file: &str, v: &Clause, depth: usize) -> Result<(String, String), Diagnostic> {
    let Some(base) = named(v, "base") else {
        return Err(Diagnostic::error(
            v.head_span,
            "a variant needs a base",
            "add `base:\"file.game\"`",
        ));
    };
    let Expr::Str(name, span) = base else {
        return Err(Diagnostic::error(
            base.span(),
            "the base is a file name",
            "expected a string",
        ));
    };
    if depth >= MAX_DEPTH {
        return Err(Diagnostic::error(
            *span,
            "variants are nested too deeply (a cycle?)",
            "here",
        )
        .with_help(format!(
            "a variant may build on others {MAX_DEPTH} deep at most; check that no base leads back to this file"
        )));
    }
    let dir = Path::new(file).parent().unwrap_or(Path::new(""));
    let near = dir.join(name);
    let stem = name.trim_end_matches(".game");
    for candidate in [
        near.to_string_lossy().to_string(),
        name.clone(),
        stem.to_string(),
    ] {
        let path = Path::new(&candidate);
        let shipped = crate::compile::shipped_games().contains(&candidate.as_str());
        if let Some(what) = not_a_file(path).filter(|_| !shipped) {
            return Err(Diagnostic::error(
                *span,
                format!("base `{name}` is {what}, not a rule file"),
                "this base",
            )
            .with_help("a base is a `.game` file or a shipped game's name"));
        }
        match read_source(&candidate) {
            // Only a rule file may be a base: by its extension, or else by
            // its text (never quote another kind of file's contents).
            Ok((_, text))
                if path.exists() && !candidate.ends_with(".game") && !parses_as_rules(&text) =>
            {
                return Err(Diagnostic::error(
                    *span,
                    format!("base `{name}` is not a rule file"),
                    "this base",
                )
                .with_help(
                    "a base is a `.game` file or a shipped game's name; this file holds no `(game …)` clause",
                ));
            }
            Ok(found) => return Ok(found),
            // There, but unreadable: say so rather than fall back on a
            // shipped game of the same name.
            Err(e) if path.exists() => {
                return Err(Diagnostic::error(
                    *span,
                    format!("base `{name}` cannot be read"),
                    "this base",
                )
                .with_help(e.to_string()));
            }
            Err(_) => {}
        }
    }
    let place = if dir.as_os_str().is_empty() {
        "the current directory".to_string()
    } else {
        format!("`{}`", dir.display())
    };
    let shipped = crate::compile::shipped_games();
    let hint = match did_you_mean(stem, shipped.iter().copied()) {
        Some(s) => {
            format!("did you mean `{s}.game`? (looked in {place} and among the shipped games)")
        }
        None => format!("looked in {place} and among the shipped games"),
    };
    Err(Diagnostic::error(
        *span,
        format!("base `{name}` not found"),
        "no such file or shipped game",
    )
    .with_help(hint))
}

/// What a path that exists but is no regular file is ("a directory", "a
/// device or pipe"); `None` for a file or a path that does not exist.
fn not_a_file(path: &Path) -> Option<&'static str> {
    let meta = std::fs::metadata(path).ok()?;
    if meta.is_dir() {
        Some("a directory")
    } else if !meta.is_file() {
        Some("a device, pipe or socket")
    } else {
        None
    }
}

/// Whether `text` parses as one `(game …)` or `(variant …)` clause.
fn parses_as_rules(text: &str) -> bool {
    matches!(
        parse_file(text).map(|f| f.items),
        Ok(items) if matches!(items.as_slice(), [Expr::Clause(c)] if c.head == "game" || c.head == "variant")
    )
}

/// Applies the variant's changes to the base's game clause.
fn apply(v: &Clause, items: &mut [Expr], d: &mut Diags) {
    let Some(Expr::Clause(game)) = items.first_mut() else {
        d.error(
            v.head_span,
            "the base is not a game",
            "expected a `(game …)` base",
        );
        return;
    };
    if let Some(name) = v.args.first().and_then(|e| string(e, d))
        && let Some(Expr::Str(s, _)) = game.args.first_mut()
    {
        *s = name.to_string();
    }
    // The toggles set so far, with where: a second `(set NAME …)` is
    // refused, as a second `--set NAME=…` is.
    let mut set: Vec<(&str, crate::syntax::Span)> = Vec::new();
    for change in v.args.iter().skip(1) {
        let Some(c) = clause(change, "a change: (set …), (replace …) or (add …)", d) else {
            continue;
        };
        if c.head == "set"
            && let Some(Expr::Word(name, span)) = c.args.first()
        {
            if let Some((_, first)) = set.iter().find(|(n, _)| n == name) {
                d.push(
                    Diagnostic::error(
                        *span,
                        format!("the toggle `{name}` is set twice"),
                        "set again",
                    )
                    .with_related(*first, "first set here")
                    .with_help("set each toggle once"),
                );
                continue;
            }
            set.push((name, *span));
        }
        match vocab::lowering("variant", &c.head) {
            Some(Lower::VariantChange(change)) => change(c, game, d),
            _ => {
                let mut diag = Diagnostic::error(
                    c.head_span,
                    format!("unknown change `{}`", c.head),
                    "expected set, replace or add",
                );
                diag = diag.with_help(
                    match did_you_mean(&c.head, vocab::names_in("variant")) {
                        Some(s) => format!("did you mean `{s}`?"),
                        None => "a variant's changes are (set TOGGLE VALUE), (replace CLAUSE) and (add CLAUSE)".to_string(),
                    },
                );
                d.push(diag);
            }
        }
    }
}

/// `(add CLAUSE…)`: the clauses join the base's.
pub(super) fn add(c: &Clause, game: &mut Clause, _: &mut Diags) {
    game.args.extend(c.args.iter().cloned());
}

/// `(set NAME VALUE)`: the toggle's default becomes VALUE.
pub(super) fn set_default(c: &Clause, game: &mut Clause, d: &mut Diags) {
    check(c, "variant", d);
    let (Some(name), Some(value)) = (c.args.first().and_then(|e| word(e, d)), c.args.get(1)) else {
        return;
    };
    let toggles: Vec<&mut Clause> = game
        .args
        .iter_mut()
        .filter_map(|e| match e {
            Expr::Clause(t) if t.head == "toggle" => Some(t),
            _ => None,
        })
        .collect();
    let names: Vec<String> = toggles.iter().filter_map(|t| first_name(t)).collect();
    let Some(t) = toggles
        .into_iter()
        .find(|t| first_name(t).as_deref() == Some(name))
    else {
        let mut diag = Diagnostic::error(
            c.args[0].span(),
            format!("the base has no toggle `{name}`"),
            format!("expected one of: {}", names.join(", ")),
        );
        if let Some(s) = did_you_mean(name, names.iter().map(String::as_str)) {
            diag = diag.with_help(format!("did you mean `{s}`?"));
        }
        d.push(diag);
        return;
    };
    match t.named.iter_mut().find(|n| n.name == "default") {
        Some(n) => n.value = value.clone(),
        None => d.error(c.span, "the base's toggle has no default to change", "here"),
    }
}

/// `(replace CLAUSE)`: the base's clause with the same head (and name).
pub(super) fn replace(c: &Clause, game: &mut Clause, d: &mut Diags) {
    check(c, "variant", d);
    let Some(new) = c
        .args
        .first()
        .and_then(|e| clause(e, "the replacing clause", d))
    else {
        return;
    };
    let key = |x: &Clause| {
        (
            x.head.clone(),
            if NAMED.contains(&x.head.as_str()) {
                first_name(x)
            } else {
                None
            },
        )
    };
    let want = key(new);
    match game
        .args
        .iter_mut()
        .find(|e| matches!(e, Expr::Clause(x) if key(x) == want))
    {
        Some(slot) => *slot = Expr::Clause(new.clone()),
        None => {
            // The names the base gives clauses with this head.
            let names: Vec<String> = game
                .args
                .iter()
                .filter_map(|e| match e {
                    Expr::Clause(x) if x.head == new.head => first_name(x),
                    _ => None,
                })
                .collect();
            let mut diag = Diagnostic::error(
                new.head_span,
                format!(
                    "the base has no `({}{})` to replace",
                    new.head,
                    want.1.as_ref().map(|n| format!(" {n}")).unwrap_or_default()
                ),
                "use (add …) to add a clause",
            );
            diag = diag.with_help(
                match want
                    .1
                    .as_deref()
                    .and_then(|n| did_you_mean(n, names.iter().map(String::as_str)))
                {
                    Some(s) => format!("did you mean `{s}`?"),
                    None => format!(
                        "`(add ({} …))` adds a clause the base does not have",
                        new.head
                    ),
                },
            );
            d.push(diag);
        }
    }
}

/// The name a named clause declares: its first argument, a word or string.
fn first_name(c: &Clause) -> Option<String> {
    match c.args.first() {
        Some(Expr::Word(w, _)) | Some(Expr::Str(w, _)) => Some(w.clone()),
        _ => None,
    }
}

fn mv(s: &mut Span, by: u32) {
    s.start += by;
    s.end += by;
}

/// Moves every span of `c` by `by` bytes.
fn shift_clause(c: &mut Clause, by: u32) {
    mv(&mut c.span, by);
    mv(&mut c.head_span, by);
    c.args.iter_mut().for_each(|a| shift(a, by));
    for n in &mut c.named {
        mv(&mut n.name_span, by);
        shift(&mut n.value, by);
    }
}

/// Moves every span of `e` by `by` bytes.
fn shift(e: &mut Expr, by: u32) {
    match e {
        Expr::Clause(c) => shift_clause(c, by),
        Expr::Array(v, s) => {
            mv(s, by);
            v.iter_mut().for_each(|a| shift(a, by));
        }
        Expr::Str(_, s)
        | Expr::Int(_, s)
        | Expr::Decimal(_, s)
        | Expr::Bool(_, s)
        | Expr::Word(_, s)
        | Expr::Toggle(_, s)
        | Expr::Param(_, s) => mv(s, by),
    }
}
