//! Diagnostics: errors and warnings about a rule file, with spans.
//!
//! Every stage (parse, compile) collects all the diagnostics it finds and
//! returns them together as a [`Diagnostics`]; rendering shows, for each,
//! `file:line:col`, the source line with a caret under the fault, what was
//! expected, and a hint when there is one.

use crate::syntax::Span;

/// How bad a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Severity {
    /// The file cannot be used.
    Error,
    /// The file works, but something is probably a mistake (an unused define).
    Warning,
}

/// One diagnostic about a span of a rule file.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong, in one line ("unknown ludeme `stpe`").
    pub message: String,
    /// Where: byte offsets into the file's text.
    pub span: Span,
    /// Short text shown under the caret: what was expected there.
    pub label: String,
    /// Optional hint ("did you mean `step`?", the valid choices).
    pub help: Option<String>,
    /// Other places the diagnostic points at, each with its label: where
    /// a clause or an argument given twice was first given.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub related: Vec<(Span, String)>,
    /// Set on the diagnostic that ends a list cut at its cap ("too many
    /// problems: 90000 more not listed…"): the problems of its severity it
    /// stands for, counted in the totals instead of itself.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unlisted: Option<Unlisted>,
}

/// The problems found past a cap on the list and not listed, which a
/// single diagnostic stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Unlisted {
    /// How many (a `u32`, to keep [`Diagnostic`] small: a rule file holds
    /// at most a million tokens).
    pub count: u32,
    /// Whether `count` is a lower bound: a clause left unchecked past the
    /// cap counts as one error, though it may hold several.
    pub at_least: bool,
}

impl Diagnostic {
    /// An error at `span` with a message and the label under the caret.
    pub fn error(span: Span, message: impl Into<String>, label: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            span,
            label: label.into(),
            help: None,
            related: Vec::new(),
            unlisted: None,
        }
    }

    /// A warning at `span`.
    pub fn warning(span: Span, message: impl Into<String>, label: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(span, message, label)
        }
    }

    /// The same diagnostic with a hint.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// The same diagnostic standing for `count` problems of its severity
    /// found past a cap and not listed (a lower bound when `at_least`).
    pub fn with_unlisted(mut self, count: usize, at_least: bool) -> Self {
        let count = u32::try_from(count).unwrap_or(u32::MAX);
        self.unlisted = Some(Unlisted { count, at_least });
        self
    }

    /// The same diagnostic pointing at `span` too, labelled `label` (the
    /// first of two: "first given here").
    pub fn with_related(mut self, span: Span, label: impl Into<String>) -> Self {
        self.related.push((span, label.into()));
        self
    }
}

/// All the diagnostics about one rule file, with the file's name and text
/// so that they can be rendered.
#[derive(Debug, Clone, PartialEq)]
pub struct Diagnostics {
    /// The file's name as shown to the user (`games/checkers.game`).
    pub file: String,
    /// The file's text: spans are byte offsets into it.
    pub source: String,
    /// The diagnostics, in any order (rendering sorts them).
    pub items: Vec<Diagnostic>,
    /// When `source` is several files laid end to end (a variant and its
    /// base): each file's name and the offset where its text starts, in
    /// order. Empty for a single file.
    pub parts: Vec<(String, usize)>,
}

impl Diagnostics {
    /// Diagnostics `items` about the file `file` whose text is `source`.
    pub fn new(file: impl Into<String>, source: impl Into<String>, items: Vec<Diagnostic>) -> Self {
        Diagnostics {
            file: file.into(),
            source: source.into(),
            items,
            parts: Vec::new(),
        }
    }

    /// The file, its text and the offset of its first byte, for a span.
    fn part_of(&self, offset: usize) -> (&str, &str, usize) {
        let Some(i) = self.parts.iter().rposition(|(_, start)| *start <= offset) else {
            return (&self.file, &self.source, 0);
        };
        let start = self.parts[i].1;
        let end = self.parts.get(i + 1).map_or(self.source.len(), |p| p.1);
        let end = end.min(self.source.len()).max(start);
        (&self.parts[i].0, &self.source[start..end], start)
    }

    /// Whether any item is an error (warnings alone do not stop a file).
    pub fn has_errors(&self) -> bool {
        self.count(Severity::Error) > 0
    }

    /// How many problems of the given severity were found: the items
    /// listed, and those a cut list stands for ([`Diagnostic::unlisted`]).
    pub fn count(&self, severity: Severity) -> usize {
        self.items
            .iter()
            .filter(|d| d.severity == severity)
            .map(|d| d.unlisted.map_or(1, |u| u.count as usize))
            .sum()
    }

    /// Whether a count may be short: a list was cut where the problems
    /// past the cap could only be counted in part.
    fn counts_at_least(&self) -> bool {
        self.items
            .iter()
            .any(|d| d.unlisted.is_some_and(|u| u.at_least))
    }

    /// Renders every error in source order, then every warning, then a
    /// summary line; plain text
    /// without colour, the same on every machine.
    pub fn render(&self) -> String {
        let mut items: Vec<&Diagnostic> = self.items.iter().collect();
        // Errors first: warnings must not hide them past the cut.
        items.sort_by_key(|d| (d.severity == Severity::Warning, d.span.start, d.span.end));
        let mut out = String::new();
        // Problems rendered (a diagnostic that stands for others is not one).
        let mut shown = 0;
        for item in items.into_iter().take(MAX_SHOWN) {
            shown += usize::from(item.unlisted.is_none());
            let (file, text, start) = self.part_of(item.span.start as usize);
            let mut local = item.clone();
            let shift = |x: u32| x.saturating_sub(start as u32).min(text.len() as u32);
            local.span = Span {
                start: shift(item.span.start),
                end: shift(item.span.end),
            };
            // Another file's span cannot be drawn on this one's text.
            let inside = |s: &Span| (start..=start + text.len()).contains(&(s.start as usize));
            local.related = item
                .related
                .iter()
                .filter(|(s, _)| inside(s))
                .map(|(s, l)| {
                    let span = Span {
                        start: shift(s.start),
                        end: shift(s.end),
                    };
                    (span, l.clone())
                })
                .collect();
            out.push_str(&render_one(file, text, &local));
            out.push('\n');
        }
        // The problems not rendered: the items past the cut, and those a
        // cut list stands for.
        let total = self.count(Severity::Error) + self.count(Severity::Warning);
        if total > shown {
            let more = total - shown;
            let at_least = if self.counts_at_least() {
                "at least "
            } else {
                ""
            };
            out.push_str(&format!("… and {at_least}{more} more not shown\n\n"));
        }
        out.push_str(&self.summary());
        out.push('\n');
        out
    }

    /// The last line of [`Diagnostics::render`]: `error: 2 errors, 1 warning
    /// in games/x.game`.
    pub fn summary(&self) -> String {
        let errors = self.count(Severity::Error);
        let warnings = self.count(Severity::Warning);
        let (kind, counts) = match (errors, warnings) {
            (0, 0) => return format!("no problems in {}", self.file),
            (0, w) => ("warning", plural(w, "warning")),
            (e, 0) => ("error", plural(e, "error")),
            (e, w) => (
                "error",
                format!("{}, {}", plural(e, "error"), plural(w, "warning")),
            ),
        };
        let at_least = if self.counts_at_least() {
            "at least "
        } else {
            ""
        };
        format!("{kind}: {at_least}{counts} in {}", self.file)
    }
}

impl std::fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render())
    }
}

impl std::error::Error for Diagnostics {}

/// `1 error`, `2 errors`.
pub(crate) fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("{n} {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `text` safe to print on a terminal: each control character other than
/// a newline or a tab is written as its escape (`\u{1b}`), so that input
/// echoed in a message (a move, a position, a record's tag) cannot move
/// the cursor, clear the screen or retitle the window.
pub fn visible(text: &str) -> std::borrow::Cow<'_, str> {
    let shown = |c: char| !c.is_control() || c == '\n' || c == '\t';
    if text.chars().all(shown) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if shown(c) {
            out.push(c);
        } else {
            out.extend(c.escape_unicode());
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The 1-based line and column (counted in characters) of byte `offset` in
/// `source`. An offset past the end, or inside a character, counts as the
/// end, or the start of that character.
pub fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(source.len());
    while !source.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &source[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.matches('\n').count() + 1;
    (line, before[line_start..].chars().count() + 1)
}

/// An index of a text's lines, answering [`line_col`] questions in
/// logarithmic time (asking [`line_col`] once per diagnostic of a large
/// one-line file would be quadratic).
#[derive(Debug, Clone)]
pub(crate) struct LineIndex<'a> {
    source: &'a str,
    /// Byte offset where each line starts (after a `\n`).
    starts: Vec<usize>,
    /// Characters before each block of [`BLOCK`] bytes.
    chars: Vec<usize>,
}

/// Bytes per block of [`LineIndex::chars`].
const BLOCK: usize = 4096;

impl<'a> LineIndex<'a> {
    /// Indexes `source` (one pass).
    pub fn new(source: &'a str) -> Self {
        let bytes = source.as_bytes();
        let mut starts = vec![0];
        starts.extend(memchr_all(bytes));
        let mut chars = Vec::with_capacity(bytes.len() / BLOCK + 1);
        let mut count = 0;
        for block in bytes.chunks(BLOCK) {
            chars.push(count);
            count += char_starts(block);
        }
        chars.push(count);
        LineIndex {
            source,
            starts,
            chars,
        }
    }

    /// The number of characters before byte `offset` (a char boundary).
    fn char_index(&self, offset: usize) -> usize {
        let block = offset / BLOCK;
        let base = self.chars.get(block).copied().unwrap_or(0);
        base + char_starts(&self.source.as_bytes()[block * BLOCK..offset])
    }

    /// The 1-based line and column of byte `offset`, as [`line_col`].
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(self.source, offset);
        let line = self.starts.partition_point(|&s| s <= offset);
        let start = self.starts[line - 1];
        (line, self.char_index(offset) - self.char_index(start) + 1)
    }
}

/// The offsets just after each `\n` of `bytes`.
fn memchr_all(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    bytes
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .map(|(i, _)| i + 1)
}

/// How many characters start in `bytes` (bytes that are not UTF-8
/// continuation bytes).
fn char_starts(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| (b as i8) >= -0x40).count()
}

/// The largest char boundary of `source` at or before `offset`.
fn floor_char_boundary(source: &str, offset: usize) -> usize {
    let mut offset = offset.min(source.len());
    while !source.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// The candidate closest to `word`, if it is close enough to be a likely
/// typo (`stpe` → `step`, `diagnal` → `Diagonal`). Case is ignored; at most
/// one edit is allowed in words of up to four letters, two in longer ones.
pub(crate) fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    let lower = word.to_lowercase();
    let len = lower.chars().count();
    let allowed = match len {
        0 => return None,
        1..=4 => 1,
        _ => 2,
    };
    candidates
        .into_iter()
        // A word much longer or shorter than a candidate is not a typo of
        // it: skip the (quadratic) distance for it.
        .filter(|c| len.abs_diff(c.chars().count()) <= allowed)
        .map(|c| {
            let cl = c.to_lowercase();
            let distance = strsim::damerau_levenshtein(&lower, &cl);
            let closeness = strsim::jaro_winkler(&lower, &cl);
            (distance, std::cmp::Reverse(OrdF64(closeness)), c)
        })
        .filter(|&(distance, _, _)| distance <= allowed)
        .min_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)))
        .map(|(_, _, c)| c.to_string())
}

/// An `f64` ordered by [`f64::total_cmp`], for ranking candidates.
#[derive(Debug, Clone, Copy, PartialEq)]
struct OrdF64(f64);

impl Eq for OrdF64 {}

impl PartialOrd for OrdF64 {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for OrdF64 {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// One diagnostic as miette sees it: the source is named `file:line:col`
/// (columns in characters: miette's own would count bytes).
#[derive(Debug)]
struct Report<'a> {
    diag: &'a Diagnostic,
    source: miette::NamedSource<String>,
}

impl std::fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.diag.message)
    }
}

impl std::error::Error for Report<'_> {}

impl miette::Diagnostic for Report<'_> {
    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.diag.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn help<'b>(&'b self) -> Option<Box<dyn std::fmt::Display + 'b>> {
        let help = self.diag.help.as_ref()?;
        Some(Box::new(help))
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        let span = self.diag.span;
        let label = Some(self.diag.label.clone()).filter(|l| !l.is_empty());
        let (start, len) = (
            span.start as usize,
            span.end.saturating_sub(span.start) as usize,
        );
        let labeled = miette::LabeledSpan::new_primary_with_span(label, (start, len));
        let related = self.diag.related.iter().map(|(s, l)| {
            let len = s.end.saturating_sub(s.start) as usize;
            miette::LabeledSpan::new_with_span(Some(l.clone()), (s.start as usize, len))
        });
        Some(Box::new(std::iter::once(labeled).chain(related)))
    }
}

/// Renders one diagnostic with miette's graphical handler, without colour.
fn render_one(file: &str, source: &str, diag: &Diagnostic) -> String {
    let diag = clamp(source, diag);
    let (line, col) = line_col(source, diag.span.start as usize);
    if long_lines_near(source, diag.span.start as usize) {
        return windowed(file, source, line, col, &diag);
    }
    let report = Report {
        diag: &diag,
        source: miette::NamedSource::new(format!("{file}:{line}:{col}"), source.to_string()),
    };
    let handler =
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .with_width(100)
            .with_links(false)
            .without_primary_span_start();
    let mut out = String::new();
    if handler.render_report(&mut out, &report).is_err() {
        out = plain(file, source, line, col, &diag);
    }
    out
}

/// A diagnostic with its span clamped to the source.
fn clamp(source: &str, diag: &Diagnostic) -> Diagnostic {
    let len = source.len() as u32;
    let fit = |s: &mut Span| {
        s.start = s.start.min(len);
        s.end = s.end.clamp(s.start, len);
    };
    let mut diag = diag.clone();
    fit(&mut diag.span);
    for (s, _) in &mut diag.related {
        fit(s);
    }
    diag
}

/// Most diagnostics rendered; the rest are counted.
const MAX_SHOWN: usize = 50;

/// Longest line shown whole around a diagnostic, in bytes.
const LONG_LINE: usize = 400;

/// True if the line at byte `at`, or the line before or after it, is
/// longer than [`LONG_LINE`] (miette would print it whole, and cannot
/// place a caret past column 65535).
fn long_lines_near(source: &str, at: usize) -> bool {
    let start = source[..at].rfind('\n').map_or(0, |i| i + 1);
    let before = source[..start.saturating_sub(1)]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let end = source[at..].find('\n').map_or(source.len(), |i| at + i);
    let after = source[(end + 1).min(source.len())..]
        .find('\n')
        .map_or(source.len(), |i| end + 1 + i);
    source[before..after.max(before)]
        .split('\n')
        .any(|l| l.len() > LONG_LINE)
}

/// A rendering for very long lines: the message, `file:line:col`, and a
/// window of the line around the column with a caret under it.
fn windowed(file: &str, source: &str, line: usize, col: usize, diag: &Diagnostic) -> String {
    let at = diag.span.start as usize;
    let start = source[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = source[at..].find('\n').map_or(source.len(), |i| at + i);
    let chars: Vec<char> = source[start..end].chars().collect();
    let c = col - 1;
    let (lo, hi) = (c.saturating_sub(40), (c + 40).min(chars.len()));
    let mut text: String = chars[lo..hi].iter().collect();
    let mut caret = c - lo;
    if lo > 0 {
        text.insert(0, '…');
        caret += 1;
    }
    if hi < chars.len() {
        text.push('…');
    }
    let help = diag
        .help
        .as_deref()
        .map(|h| format!("\n  help: {h}"))
        .unwrap_or_default();
    let mark = match diag.severity {
        Severity::Error => '×',
        Severity::Warning => '⚠',
    };
    format!(
        "  {mark} {}\n   at {file}:{line}:{col}\n    {text}\n    {}^ {}{}{help}\n",
        diag.message,
        " ".repeat(caret),
        diag.label,
        related_lines(file, source, diag)
    )
}

/// The related spans of `diag` as lines `also at FILE:LINE:COL: LABEL`,
/// for the renderings without a snippet.
fn related_lines(file: &str, source: &str, diag: &Diagnostic) -> String {
    diag.related
        .iter()
        .map(|(s, label)| {
            let (line, col) = line_col(source, s.start as usize);
            format!("\n   also at {file}:{line}:{col}: {label}")
        })
        .collect()
}

/// A one-line rendering, should miette fail to render a snippet.
fn plain(file: &str, source: &str, line: usize, col: usize, diag: &Diagnostic) -> String {
    let help = diag
        .help
        .as_deref()
        .map(|h| format!("\n  help: {h}"))
        .unwrap_or_default();
    format!(
        "{file}:{line}:{col}: {}: {}{}{help}\n",
        diag.message,
        diag.label,
        related_lines(file, source, diag)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_lines_and_characters() {
        let src = "ab\nçé x\n\nz";
        assert_eq!(line_col(src, 0), (1, 1));
        assert_eq!(line_col(src, 2), (1, 3));
        assert_eq!(line_col(src, 3), (2, 1));
        assert_eq!(line_col(src, src.find('x').unwrap()), (2, 4));
        assert_eq!(line_col(src, 4), (2, 1), "inside `ç`: its start");
        assert_eq!(line_col(src, src.len()), (4, 2));
        assert_eq!(line_col(src, 999), (4, 2));
        assert_eq!(line_col("", 0), (1, 1));
    }

    #[test]
    fn did_you_mean_finds_close_words_only() {
        let ludemes = [
            "step",
            "hop",
            "slide",
            "board",
            "players",
            "Diagonal",
            "Orthogonal",
        ];
        assert_eq!(did_you_mean("stpe", ludemes).as_deref(), Some("step"));
        assert_eq!(
            did_you_mean("diagnal", ludemes).as_deref(),
            Some("Diagonal")
        );
        assert_eq!(
            did_you_mean("DIAGONAL", ludemes).as_deref(),
            Some("Diagonal")
        );
        assert_eq!(did_you_mean("bord", ludemes).as_deref(), Some("board"));
        assert_eq!(did_you_mean("playres", ludemes).as_deref(), Some("players"));
        assert_eq!(did_you_mean("foo", ludemes), None);
        assert_eq!(did_you_mean("", ludemes), None);
        assert_eq!(did_you_mean("xyzzy", ludemes), None);
        assert_eq!(did_you_mean("step", []), None);
    }

    /// Diagnostics about a two-line file: an error and a warning.
    fn sample() -> Diagnostics {
        let source = "(game \"x\"\n  (define \"Unused\" 1))\n";
        let warning = Diagnostic::warning(
            Span::new(20, 28),
            "unused define `Unused`",
            "defined here, never used",
        );
        let error = Diagnostic::error(Span::new(1, 5), "unknown ludeme `game`", "not a ludeme")
            .with_help("did you mean `games`?");
        Diagnostics::new("games/x.game", source, vec![warning, error])
    }

    #[test]
    fn counts_and_summary() {
        let mut d = sample();
        assert!(d.has_errors());
        assert_eq!(d.summary(), "error: 1 error, 1 warning in games/x.game");
        d.items.remove(1);
        assert!(!d.has_errors());
        assert_eq!(d.summary(), "warning: 1 warning in games/x.game");
        d.items.clear();
        assert_eq!(d.summary(), "no problems in games/x.game");
    }

    #[test]
    fn render_sorts_and_shows_warnings() {
        let d = sample();
        assert_eq!(d.to_string(), d.render());
        insta::assert_snapshot!(d.render(), @r#"
  × unknown ludeme `game`
   ╭─[games/x.game:1:2]
 1 │ (game "x"
   ·  ──┬─
   ·    ╰── not a ludeme
 2 │   (define "Unused" 1))
   ╰────
  help: did you mean `games`?

  ⚠ unused define `Unused`
   ╭─[games/x.game:2:11]
 1 │ (game "x"
 2 │   (define "Unused" 1))
   ·           ────┬───
   ·               ╰── defined here, never used
   ╰────

error: 1 error, 1 warning in games/x.game
"#);
    }

    #[test]
    fn a_related_span_is_shown_on_long_lines_too() {
        // A line of 500 characters is shown as a window; the first place
        // is named by line and column instead.
        let source = format!("(a x:1 x:2{})\n", " ".repeat(500));
        let d = Diagnostic::error(Span::new(7, 8), "`x:` is given twice", "second value")
            .with_related(Span::new(3, 4), "first given here");
        let out = Diagnostics::new("l.game", source, vec![d]).render();
        assert!(out.contains("at l.game:1:8"), "{out}");
        assert!(
            out.contains("also at l.game:1:4: first given here"),
            "{out}"
        );
    }

    #[test]
    fn a_related_span_in_another_file_is_left_out() {
        // A variant (from offset 10) and its base: a span of the base is
        // not drawn on the variant's text.
        let source = "(base   )\n(v x:1 x:2)";
        let d = Diagnostic::error(Span::new(17, 18), "`x:` is given twice", "second value")
            .with_related(Span::new(1, 5), "first given here");
        let mut all = Diagnostics::new("v.game", source, vec![d]);
        all.parts = vec![("b.game".into(), 0), ("v.game".into(), 10)];
        let out = all.render();
        assert!(out.contains("v.game:1:8"), "{out}");
        assert!(!out.contains("first given here"), "{out}");
    }

    #[test]
    fn render_survives_spans_out_of_range() {
        let items = vec![Diagnostic::error(Span::new(50, 90), "past the end", "here")];
        let d = Diagnostics::new("e.game", "(a)\n", items);
        assert!(d.render().contains("past the end"));
        let empty = Diagnostics::new(
            "e.game",
            "",
            vec![Diagnostic::error(Span::new(0, 0), "empty", "here")],
        );
        assert!(empty.render().contains("[e.game:1:1]"));
    }
}

#[cfg(test)]
mod long_input_tests {
    use super::*;

    #[test]
    fn a_diagnostic_far_along_a_long_line_shows_a_window_with_its_column() {
        let source = format!("{}(bogus)", " ".repeat(70_000));
        let d = Diagnostic::error(Span::new(70_001, 70_006), "unknown `bogus`", "here");
        let out = Diagnostics::new("f.game", &source, vec![d]).render();
        assert!(out.contains("at f.game:1:70002"), "{out}");
        assert!(out.contains("…"), "{out}");
        let lines: Vec<&str> = out.lines().collect();
        let (text, caret) = (lines[2], lines[3]);
        let col = caret.find('^').unwrap();
        assert_eq!(
            &text[text.char_indices().nth(col).unwrap().0..][..5],
            "bogus"
        );
    }

    #[test]
    fn past_fifty_diagnostics_the_rest_are_counted() {
        let source = "(x)\n".repeat(60);
        let items = (0..60)
            .map(|i| Diagnostic::error(Span::new(i * 4 + 1, i * 4 + 2), "bad", "here"))
            .collect();
        let out = Diagnostics::new("f.game", &source, items).render();
        assert_eq!(out.matches("× bad").count(), 50);
        assert!(out.contains("… and 10 more not shown"), "{out}");
        assert!(out.ends_with("error: 60 errors in f.game\n"), "{out}");
    }

    #[test]
    fn a_diagnostic_that_stands_for_unlisted_ones_counts_as_them() {
        // 60 listed errors and a note for 940 more: the total is 1000 (it
        // once said 61), and the rest not shown are 950.
        let source = "(x)\n".repeat(60);
        let mut items: Vec<Diagnostic> = (0..60)
            .map(|i| Diagnostic::error(Span::new(i * 4 + 1, i * 4 + 2), "bad", "here"))
            .collect();
        items.push(
            Diagnostic::error(Span::new(237, 238), "too many: 940 more", "stops here")
                .with_unlisted(940, false),
        );
        items.push(
            Diagnostic::warning(Span::new(1, 2), "too many: 5 more", "stops here")
                .with_unlisted(5, false),
        );
        let d = Diagnostics::new("f.game", &source, items);
        assert_eq!(d.count(Severity::Error), 1000);
        assert_eq!(d.count(Severity::Warning), 5);
        let out = d.render();
        assert!(out.contains("… and 955 more not shown"), "{out}");
        assert!(
            out.ends_with("error: 1000 errors, 5 warnings in f.game\n"),
            "{out}"
        );
        // A lower bound says so.
        let mut d = d;
        d.items[60].unlisted = Some(Unlisted {
            count: 940,
            at_least: true,
        });
        assert_eq!(
            d.summary(),
            "error: at least 1000 errors, 5 warnings in f.game"
        );
    }
}

/// True if a player's name reads as a plural: its last word ends in `s`
/// but not in `ss`, `us` or `is` ("Attackers", "Black Stones"; not
/// "Cross", "Janus").
pub fn is_plural(name: &str) -> bool {
    let last = name.rsplit(' ').next().unwrap_or(name).to_lowercase();
    last.ends_with('s') && !["ss", "us", "is"].iter().any(|e| last.ends_with(e))
}

/// A player's name in the possessive: "Cross's", "Defenders'".
pub fn possessive(name: &str) -> String {
    match is_plural(name) {
        true => format!("{name}'"),
        false => format!("{name}'s"),
    }
}

/// "NAME wins", or "NAME win" for a plural name: "Cross wins",
/// "Attackers win".
pub fn wins(name: &str) -> String {
    format!("{name} {}", verb(name, "wins", "win"))
}

/// "Cross loses", "Attackers lose": a side's loss, the verb agreeing with
/// its name (the loss of a game of one player).
pub fn loses(name: &str) -> String {
    format!("{name} {}", verb(name, "loses", "lose"))
}

/// The form of a verb that agrees with a side's name: `singular` ("plays",
/// "has") for "Cross", `plural` ("play", "have") for "Attackers".
pub fn verb<'v>(name: &str, singular: &'v str, plural: &'v str) -> &'v str {
    match is_plural(name) {
        true => plural,
        false => singular,
    }
}

/// Characters of a user's text that a message quotes whole; a longer
/// text is quoted by [`clip`].
pub const QUOTED_CHARS: usize = 100;

/// `text` to quote in a message: whole up to [`QUOTED_CHARS`]
/// characters, else its first ones, `…` and the length (so that a
/// 2 MB line of a record is not printed back in full).
pub fn clip(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(QUOTED_CHARS) {
        None => text.into(),
        Some((end, _)) => format!("{}… ({} characters)", &text[..end], text.chars().count()).into(),
    }
}

/// `` `WORD`NOTE: PROBLEM ``, the refused word quoted (by [`clip`])
/// before what is wrong with it, unless the word is too long to quote
/// whole and `problem` already quotes a clipped part of it (a 300-letter
/// site label quoted once, not once in the item and again in the
/// reason): then `PROBLEM` alone.
pub fn echo_once(word: &str, note: &str, problem: &str) -> String {
    let clipped = clip(word);
    if matches!(clipped, std::borrow::Cow::Owned(_)) && problem.contains(" characters)`") {
        return problem.to_string();
    }
    format!("`{clipped}`{note}: {problem}")
}

#[cfg(test)]
mod clip_tests {
    use super::*;

    #[test]
    fn a_plural_side_name_takes_a_plural_verb_and_possessive() {
        assert_eq!(wins("Attackers"), "Attackers win");
        assert_eq!(wins("Cross"), "Cross wins");
        assert_eq!(wins("Black"), "Black wins");
        assert_eq!(possessive("Defenders"), "Defenders'");
        assert_eq!(possessive("Cross"), "Cross's");
        assert_eq!(possessive("White"), "White's");
        assert_eq!(wins("Black Stones"), "Black Stones win");
        assert_eq!(verb("Attackers", "has", "have"), "have");
        assert_eq!(verb("Cross", "passes", "pass"), "passes");
        assert_eq!(verb("Raiders", "plays", "play"), "play");
    }

    #[test]
    fn a_long_word_is_echoed_once() {
        assert_eq!(
            echo_once("X:z9", "", "no site `z9`"),
            "`X:z9`: no site `z9`"
        );
        let long = "q".repeat(300);
        let inner = format!("no site `{}`", clip(&long));
        assert_eq!(echo_once(&format!("X:{long}"), "", &inner), inner);
        let plain = echo_once(&long, " (a note)", "not a number");
        assert_eq!(plain, format!("`{}` (a note): not a number", clip(&long)));
        assert_eq!(plain.matches('q').count(), QUOTED_CHARS);
    }

    #[test]
    fn a_long_text_is_quoted_by_its_start_and_length() {
        assert_eq!(clip("22-18"), "22-18");
        let long = "é".repeat(250);
        let c = clip(&long);
        assert!(c.starts_with(&"é".repeat(100)), "{c}");
        assert!(c.ends_with("é… (250 characters)"), "{c}");
        assert_eq!(clip(&"x".repeat(100)), "x".repeat(100));
    }
}
