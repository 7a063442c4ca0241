//! Reading the arguments of a clause, with diagnostics for missing, extra,
//! misspelt and mistyped arguments.

use crate::diag::{Diagnostic, Severity, did_you_mean, plural};
use crate::syntax::{Clause, Expr, Span};

/// Collects the diagnostics of the compile stage.
#[derive(Debug, Default)]
pub struct Diags {
    /// Everything found so far (at most [`MAX_ITEMS`]).
    pub items: Vec<Diagnostic>,
    /// How many more were found once `items` was full.
    pub dropped: usize,
    /// How many of those `dropped` were warnings.
    pub dropped_warnings: usize,
    /// Where each name was first declared, by what it names ("piece",
    /// "region"…): a second declaration points back at it.
    first: std::collections::HashMap<(&'static str, String), Span>,
}

/// Most diagnostics kept by the compile stage: a hostile file with a
/// million faults gets the first ones and a count, in linear time.
pub const MAX_ITEMS: usize = 10_000;

impl Diags {
    /// Records an error.
    pub fn error(&mut self, span: Span, message: impl Into<String>, label: impl Into<String>) {
        self.push(Diagnostic::error(span, message, label));
    }

    /// Whether [`MAX_ITEMS`] diagnostics are kept already: further ones are
    /// only counted (callers may skip building them).
    pub fn full(&self) -> bool {
        self.items.len() >= MAX_ITEMS
    }

    /// The diagnostics kept, and one more for the errors dropped (and one
    /// for the warnings), each standing for that many in the totals.
    pub fn finish(mut self) -> Vec<Diagnostic> {
        let span = self.items.iter().map(|d| d.span).max_by_key(|s| s.start);
        let span = span.unwrap_or_default();
        let errors = self.dropped - self.dropped_warnings;
        let warnings = self.dropped_warnings;
        if errors > 0 {
            self.items.push(
                Diagnostic::error(
                    span,
                    format!(
                        "too many problems: {} more not listed after the first {MAX_ITEMS}",
                        plural(errors, "error")
                    ),
                    "the list stops here",
                )
                .with_help("fix the first ones and check again")
                .with_unlisted(errors, false),
            );
        }
        if warnings > 0 {
            self.items.push(
                Diagnostic::warning(
                    span,
                    format!(
                        "too many problems: {} more not listed after the first {MAX_ITEMS}",
                        plural(warnings, "warning")
                    ),
                    "the list stops here",
                )
                .with_unlisted(warnings, false),
            );
        }
        self.items
    }

    /// Counts one more error found once the list is full, left unbuilt
    /// (see [`Diags::full`]).
    pub fn drop_error(&mut self) {
        self.dropped += 1;
    }

    /// A declaration of WHAT `NAME` at `span` (`what` is "piece",
    /// "region", "toggle"…), `seen` when the caller already holds that
    /// name. The first time, records the place and returns true; again,
    /// records "WHAT `NAME` is declared twice" at `span`, pointing back at
    /// the first place, and returns false.
    /// An empty (or blank) name is an error too: it could not be named
    /// back, and it shows as nothing. (A setup code may be empty: the
    /// code of a stack written with no prefix, as a plain man.)
    pub fn declare_once(&mut self, seen: bool, span: Span, what: &'static str, name: &str) -> bool {
        if name.trim().is_empty() && what != "code" {
            self.push(
                Diagnostic::error(span, format!("a {what} with an empty name"), "empty name")
                    .with_help(format!("give the {what} a name: \"Name\"")),
            );
        }
        if seen {
            self.twice(span, what, name);
            return false;
        }
        self.first.entry((what, name.to_string())).or_insert(span);
        true
    }

    fn twice(&mut self, span: Span, what: &'static str, name: &str) {
        let mut diag = Diagnostic::error(
            span,
            format!("{what} `{name}` is declared twice"),
            "second declaration",
        )
        .with_help(format!("remove one, or give this {what} another name"));
        if let Some(first) = self.first.get(&(what, name.to_string())) {
            diag = diag.with_related(*first, "first declared here");
        }
        self.push(diag);
    }

    /// Records a diagnostic.
    pub fn push(&mut self, d: Diagnostic) {
        if self.full() {
            self.dropped += 1;
            self.dropped_warnings += usize::from(d.severity == Severity::Warning);
            return;
        }
        self.items.push(d);
    }

    /// Records "expected X, found Y" for `e`; nothing for a failed define
    /// call or an unknown toggle, which were reported already.
    pub fn expected(&mut self, e: &Expr, what: &str) {
        if already_reported(e) {
            return;
        }
        if let Expr::Toggle(name, span) = e {
            // A toggle a `flip` names, read where no condition is.
            self.push(
                Diagnostic::error(
                    *span,
                    format!("`${name}` changes during play: a `flip` names it"),
                    format!("expected {what}, which is fixed when the file is read"),
                )
                .with_help("a toggle that flips can be read only where a condition is expected"),
            );
            return;
        }
        self.push(
            Diagnostic::error(
                e.span(),
                format!("expected {what}, found {}", e.kind_name()),
                format!("expected {what}"),
            )
            .with_help(how_to_write(what)),
        );
    }
}

/// How to write a value of the kind `what` names ("an integer", "a
/// word", "`{MIN MAX}`"…), for the hint under an "expected" error.
fn how_to_write(what: &str) -> String {
    let how = [
        ("integer", "digits, without quotes: `8`, `-1`"),
        ("word", "a bare word, without quotes: `Diagonal`, `Mover`"),
        ("string", "a name in double quotes: `\"Man\"`"),
        ("boolean", "`true` or `false`"),
        ("clause", "a clause in brackets: `(head …)`"),
        ("array", "values in braces: `{a b}`"),
    ];
    if what.contains(" or ") {
        return format!("write {what} here");
    }
    match how.iter().find(|(k, _)| what.contains(k)) {
        Some((_, h)) => format!("write {h}"),
        None => format!("write {what} here"),
    }
}

/// Checks a clause against the shape of its ludeme where it stands
/// (`context`, as in [`super::vocab::Ludeme::context`]), read from the
/// signature in the vocabulary table: every problem is reported.
pub fn check(c: &Clause, context: &str, d: &mut Diags) {
    match super::shape::of(context, &c.head) {
        Some(s) => check_shape(c, s.min, s.max, &s.named, d),
        // A lowering arm without a row in the table: the compiler's own
        // fault, shown rather than hidden (tests lower every shipped file).
        None => d.error(
            c.head_span,
            format!(
                "internal: `{}` has no {context} row in the vocabulary",
                c.head
            ),
            "not in the vocabulary table",
        ),
    }
}

/// Checks that a clause has between `min` and `max` positional arguments
/// and only the named arguments in `allowed`. Reports every problem.
pub fn check_shape(c: &Clause, min: usize, max: usize, allowed: &[&str], d: &mut Diags) {
    let n = c.args.len();
    if n < min {
        d.push(
            crate::diag::Diagnostic::error(
                c.span,
                format!("`{}` needs at least {min} argument(s), found {n}", c.head),
                format!("expected {} more argument(s)", min - n),
            )
            .with_help(format!(
                "see `{}` in docs/language.md for its arguments",
                c.head
            )),
        );
    }
    for extra in c.args.iter().skip(max) {
        d.push(
            crate::diag::Diagnostic::error(
                extra.span(),
                format!("`{}` takes at most {max} positional argument(s)", c.head),
                "unexpected argument",
            )
            .with_help(format!(
                "named arguments are written `name:value`; see `{}` in docs/language.md",
                c.head
            )),
        );
    }
    for (i, nm) in c.named.iter().enumerate() {
        if let Some(first) = c.named[..i].iter().find(|o| o.name == nm.name) {
            d.push(
                crate::diag::Diagnostic::error(
                    nm.name_span,
                    format!("`{}:` is given twice", nm.name),
                    "second value",
                )
                .with_related(first.name_span, "first given here")
                .with_help("keep one of them"),
            );
        }
        if !allowed.contains(&nm.name.as_str()) {
            let mut diag = Diagnostic::error(
                nm.name_span,
                format!("unknown argument `{}` for `{}`", nm.name, c.head),
                if allowed.is_empty() {
                    "this ludeme takes no named arguments".to_string()
                } else {
                    format!("expected one of: {}", allowed.join(", "))
                },
            );
            if let Some(s) = did_you_mean(&nm.name, allowed.iter().copied()) {
                diag = diag.with_help(format!("did you mean `{s}`?"));
            }
            d.push(diag);
        }
    }
}

/// The named argument `name` of `c`, if present.
pub fn named<'a>(c: &'a Clause, name: &str) -> Option<&'a Expr> {
    c.named.iter().find(|n| n.name == name).map(|n| &n.value)
}

/// An integer argument, or an error.
pub fn int(e: &Expr, d: &mut Diags) -> Option<i64> {
    match e {
        Expr::Int(i, _) => Some(*i),
        _ => {
            d.expected(e, "an integer");
            None
        }
    }
}

/// An integer in `lo..=hi`, or an error.
pub fn int_in(e: &Expr, lo: i64, hi: i64, d: &mut Diags) -> Option<i64> {
    let i = int(e, d)?;
    if (lo..=hi).contains(&i) {
        Some(i)
    } else {
        d.push(
            Diagnostic::error(
                e.span(),
                format!("{i} is out of range"),
                format!("expected an integer from {lo} to {hi}"),
            )
            .with_help(format!("give a value from {lo} to {hi}")),
        );
        None
    }
}

/// A boolean argument, or an error.
pub fn boolean(e: &Expr, d: &mut Diags) -> Option<bool> {
    match e {
        Expr::Bool(b, _) => Some(*b),
        _ => {
            d.expected(e, "`true` or `false`");
            None
        }
    }
}

/// A string argument, or an error.
pub fn string<'a>(e: &'a Expr, d: &mut Diags) -> Option<&'a str> {
    match e {
        Expr::Str(s, _) => Some(s),
        _ => {
            d.expected(e, "a string");
            None
        }
    }
}

/// A word argument, or an error.
pub fn word<'a>(e: &'a Expr, d: &mut Diags) -> Option<&'a str> {
    match e {
        Expr::Word(s, _) => Some(s),
        _ => {
            d.expected(e, "a word");
            None
        }
    }
}

/// A word that must be one of `choices`; reports the choices (and a
/// close match) otherwise.
pub fn choice<'a>(e: &Expr, choices: &[&'a str], d: &mut Diags) -> Option<&'a str> {
    let w = word(e, d)?;
    if let Some(c) = choices.iter().find(|c| **c == w) {
        return Some(c);
    }
    let mut diag = Diagnostic::error(
        e.span(),
        format!("unknown value `{w}`"),
        format!("expected one of: {}", choices.join(", ")),
    );
    if let Some(s) = did_you_mean(w, choices.iter().copied()) {
        diag = diag.with_help(format!("did you mean `{s}`?"));
    }
    d.push(diag);
    None
}

/// The elements of an array, or the expression alone.
pub fn items(e: &Expr) -> &[Expr] {
    match e {
        Expr::Array(v, _) => v,
        other => std::slice::from_ref(other),
    }
}

/// The clause inside `e`, or an error saying what was expected.
pub fn clause<'a>(e: &'a Expr, what: &str, d: &mut Diags) -> Option<&'a Clause> {
    match e {
        Expr::Clause(c) => Some(c),
        _ => {
            d.expected(e, what);
            None
        }
    }
}

/// True for expressions whose error was reported by an earlier step: a
/// define call that could not be expanded, or a [`reported`] stand-in (a
/// `$name` that names no toggle, or a broken one). A `$name` left by
/// substitution is a toggle that flips during play: not reported.
pub fn already_reported(e: &Expr) -> bool {
    matches!(e, Expr::Toggle(n, _) if n.is_empty()) || matches!(e, Expr::Clause(c) if c.head_is_str)
}

/// A stand-in for an expression whose error has been reported (a `match`
/// with no case that applies): later stages pass over it in silence.
pub fn reported(span: Span) -> Expr {
    Expr::Toggle(String::new(), span)
}
