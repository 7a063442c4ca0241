//! Error recovery for the parser: finds every syntax error, not just the
//! first one pest stops at.
//!
//! 1. [`scan`] lexes strings and comments by hand, reports unterminated
//!    strings and unbalanced brackets, and repairs a copy of the text so that
//!    its brackets balance (without moving any byte: faulty characters are
//!    blanked, missing closers appended at the end).
//! 2. [`check`] parses each bracketed form of the repaired text on its own;
//!    a form that fails has its failing children checked first, each then
//!    replaced by a placeholder, and its own remaining error reported.
//! 3. [`finish`] clamps, sorts and dedupes the diagnostics.

use pest::Parser;
use pest::error::{Error, ErrorVariant, InputLocation};

use super::ast::Span;
use super::parse::{LudicParser, Rule};
use crate::diag::{Diagnostic, LineIndex};

/// Most errors reported in one form outside its children.
const MAX_REPAIRS: usize = 20;

/// A repair of the text: replace `span` by `text`, of the same length.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    /// What to replace.
    pub span: Span,
    /// The replacement, as many bytes long as `span`.
    pub text: String,
}

impl Fix {
    /// Blanks `span` out.
    fn blank(span: Span) -> Fix {
        let text = " ".repeat(span.end.saturating_sub(span.start) as usize);
        Fix { span, text }
    }
}

/// Most syntax errors listed by each pass: past them, a hostile file gets a
/// count, and checking it stays linear.
pub const MAX_ERRORS: usize = 1000;

/// Most tokens (words, numbers, strings, brackets…) in a rule file: the
/// shipped games hold a few thousand; past this a file is refused before
/// it is parsed, so that any input is checked in seconds.
pub const MAX_TOKENS: usize = 1_000_000;

/// Deepest nesting of brackets accepted (deeper input would risk the stack).
pub const MAX_DEPTH: usize = 128;

/// A bracketed form `(…)` or `{…}` of the repaired text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Form {
    /// Byte offset of the opening bracket.
    pub start: usize,
    /// One past the closing bracket.
    pub end: usize,
    /// The forms directly inside, in order.
    pub children: Vec<Form>,
}

/// The result of [`scan`]: a repaired text and what was wrong.
#[derive(Debug, Clone)]
pub struct Scan {
    /// The source with balanced brackets; every byte of the source keeps its
    /// offset (missing closers are appended at the end).
    pub text: String,
    /// The top-level bracketed forms of `text`.
    pub forms: Vec<Form>,
    /// Unterminated strings, unbalanced brackets, too deep a nesting.
    pub diags: Vec<Diagnostic>,
    /// Brackets nest deeper than [`MAX_DEPTH`], or there are more than
    /// [`MAX_TOKENS`] tokens: do not run pest.
    pub too_deep: bool,
}

/// Lexes `source` for strings, comments and brackets; see the module doc.
pub fn scan(source: &str) -> Scan {
    let mut lexer = Lexer {
        lines: LineIndex::new(source),
        buf: source.as_bytes().to_vec(),
        code: vec![true; source.len()],
        diags: Vec::new(),
        pairs: Vec::new(),
        dropped: 0,
        strings: 0,
        hidden: Vec::new(),
    };
    lexer.mask_strings();
    let too_deep = lexer.too_many_tokens() || lexer.match_brackets(source);
    if lexer.dropped > 0 {
        let at = lexer.diags.last().map_or(Span::default(), |d| d.span);
        lexer.diags.push(too_many(at, lexer.dropped, false));
    }
    let forms = if too_deep { Vec::new() } else { lexer.forms() };
    let text = String::from_utf8(lexer.buf)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    Scan {
        text,
        forms,
        diags: lexer.diags,
        too_deep,
    }
}

/// A copy of the source being repaired, and which bytes are code (not in a
/// string or comment).
struct Lexer<'s> {
    /// Line starts of the source, for `line:col` in hints.
    lines: LineIndex<'s>,
    buf: Vec<u8>,
    code: Vec<bool>,
    diags: Vec<Diagnostic>,
    /// Matched bracket pairs `(open, close)`.
    pairs: Vec<(usize, usize)>,
    /// Errors found past [`MAX_ERRORS`], counted only.
    dropped: usize,
    /// How many strings the source holds.
    strings: usize,
    /// Closers inside comments, in order, each with the innermost form
    /// open there (filled in by bracket matching).
    hidden: Vec<(usize, Option<usize>)>,
}

/// The error that ends a list cut at [`MAX_ERRORS`]: `dropped` more were
/// found after `at` (at least that many when `at_least`: clauses left
/// unchecked, each counted once). It stands for them in the totals.
fn too_many(at: Span, dropped: usize, at_least: bool) -> Diagnostic {
    let more = if at_least {
        format!("at least {dropped} more (clauses left unchecked)")
    } else {
        format!("{dropped} more")
    };
    Diagnostic::error(
        at,
        format!("too many syntax errors: {more} not listed after the first {MAX_ERRORS}"),
        "the list stops here",
    )
    .with_help("fix the first ones and check again")
    .with_unlisted(dropped, at_least)
}

/// Whether a byte ends a line.
fn is_eol(b: u8) -> bool {
    b == b'\n' || b == b'\r'
}

/// The closing bracket of an opening one.
fn closer(open: u8) -> u8 {
    if open == b'{' { b'}' } else { b')' }
}

impl Lexer<'_> {
    /// Whether [`MAX_ERRORS`] errors are listed already; if so, counts one
    /// more.
    fn full(&mut self) -> bool {
        let full = self.diags.len() >= MAX_ERRORS;
        self.dropped += usize::from(full);
        full
    }

    /// Marks strings and comments as non-code; blanks unterminated strings.
    fn mask_strings(&mut self) {
        let mut i = 0;
        while i < self.buf.len() {
            i = match self.buf[i] {
                b'"' => self.string(i),
                b'/' if self.buf.get(i + 1) == Some(&b'/') => self.comment(i),
                _ => i + 1,
            };
        }
    }

    /// Skips the comment starting at `i`; returns where the line ends.
    fn comment(&mut self, i: usize) -> usize {
        let mut j = i;
        let mut closer = None;
        while j < self.buf.len() && !is_eol(self.buf[j]) {
            self.code[j] = false;
            if closer.is_none() && matches!(self.buf[j], b')' | b'}') {
                closer = Some(j);
            }
            j += 1;
        }
        if let Some(at) = closer {
            self.hidden.push((at, None));
        }
        j
    }

    /// Skips the string opening at `i`; returns the offset after it.
    fn string(&mut self, i: usize) -> usize {
        self.strings += 1;
        let mut j = i + 1;
        loop {
            match self.buf.get(j) {
                Some(b'"') => break,
                Some(b'\\') if !self.buf.get(j + 1).is_none_or(|&b| is_eol(b)) => j += 2,
                Some(&b) if b != b'\\' && !is_eol(b) => j += 1,
                _ => return self.unterminated(i, j),
            }
        }
        self.code[i..=j].iter_mut().for_each(|c| *c = false);
        j + 1
    }

    /// Reports the string opening at `i` that the line ends at or after
    /// `j`, and blanks it but for its brackets (most likely meant as code).
    fn unterminated(&mut self, i: usize, j: usize) -> usize {
        let eol = (j..self.buf.len())
            .find(|&k| is_eol(self.buf[k]))
            .unwrap_or(self.buf.len());
        for b in &mut self.buf[i..eol] {
            if !matches!(*b, b'(' | b')' | b'{' | b'}') {
                *b = b' ';
            }
        }
        if self.full() {
            return eol;
        }
        let diag = Diagnostic::error(
            Span::new(i, i + 1),
            "unterminated string",
            "this string is never closed",
        )
        .with_help(r#"close it with `"` on the same line (write `\n` for a line break)"#);
        self.diags.push(diag);
        eol
    }

    /// Pairs brackets; blanks stray closers and openers closed by the wrong
    /// closer, appends closers for openers still open at the end. Returns
    /// whether the nesting is too deep.
    fn match_brackets(&mut self, source: &str) -> bool {
        let mut stack: Vec<usize> = Vec::new();
        let mut next_hidden = 0;
        for i in 0..self.buf.len() {
            if next_hidden < self.hidden.len() && self.hidden[next_hidden].0 == i {
                // A closer in a comment: note the form it would close.
                self.hidden[next_hidden].1 = stack.last().copied();
                next_hidden += 1;
            }
            if !self.code[i] {
                continue;
            }
            match self.buf[i] {
                b'(' | b'{' => {
                    stack.push(i);
                    if stack.len() > MAX_DEPTH {
                        self.too_deep(i);
                        return true;
                    }
                }
                b')' | b'}' => self.close(&mut stack, i),
                _ => {}
            }
        }
        for &open in stack.iter().rev() {
            self.unclosed(open, None);
            self.buf.push(closer(self.buf[open]));
            self.code.push(true);
        }
        if let Some(&open) = stack.first() {
            self.hidden_closer(open);
        }
        self.hint_misplaced(source);
        false
    }

    /// Handles the closing bracket at `i`.
    fn close(&mut self, stack: &mut Vec<usize>, i: usize) {
        let found = self.buf[i];
        let Some(depth) = stack.iter().rposition(|&o| closer(self.buf[o]) == found) else {
            self.stray(i);
            return;
        };
        for open in stack.drain(depth + 1..).rev().collect::<Vec<_>>() {
            self.unclosed(open, Some(i));
            self.buf[open] = b' ';
        }
        if let Some(open) = stack.pop() {
            self.pairs.push((open, i));
        }
    }

    /// Reports the closer at `i` that closes nothing, and blanks it.
    fn stray(&mut self, i: usize) {
        let c = self.buf[i] as char;
        let open = if c == '}' { '{' } else { '(' };
        self.buf[i] = b' ';
        if self.full() {
            return;
        }
        self.diags.push(
            Diagnostic::error(
                Span::new(i, i + 1),
                format!("unexpected `{c}`"),
                format!("this `{c}` has no matching `{open}`"),
            )
            .with_help(format!("remove it, or add the missing `{open}` before it")),
        );
    }

    /// When brackets stay open at the end and a comment after `open` holds
    /// a closer: points the error at the form that closer would have
    /// closed, and the help at the comment.
    fn hidden_closer(&mut self, open: usize) {
        let Some(&(at, Some(form))) = self
            .hidden
            .iter()
            .find(|(at, form)| *at > open && form.is_some())
        else {
            return;
        };
        let Some(diag) = self
            .diags
            .iter_mut()
            .rev()
            .find(|d| d.span.start as usize == open)
        else {
            return;
        };
        let (line, col) = self.lines.line_col(at);
        let (form_line, form_col) = self.lines.line_col(form);
        let c = self.buf[at] as char;
        diag.span = Span::new(form, form + 1);
        diag.message = format!(
            "unclosed `{}`: its `{c}` may be hidden in a comment",
            self.buf[form] as char
        );
        diag.label = format!(
            "this `{}` is closed only by a later `{c}`",
            self.buf[form] as char
        );
        diag.help = Some(format!(
            "the `{c}` at {line}:{col} is inside a `//` comment, which runs to the end of the line: \
             move it before the comment (the form at {form_line}:{form_col} takes it; the brackets are unbalanced from there)"
        ));
    }

    /// Reports the opener at `open` that is never closed; `before` is the
    /// offset of the wrong closer that ended its enclosing form, if any.
    fn unclosed(&mut self, open: usize, before: Option<usize>) {
        if self.full() {
            return;
        }
        let c = self.buf[open] as char;
        let close = closer(self.buf[open]) as char;
        let help = match before {
            Some(at) => {
                let (line, col) = self.lines.line_col(at);
                format!(
                    "add a `{close}` before the `{}` at {line}:{col}",
                    self.buf[at] as char
                )
            }
            None => format!("add a `{close}` where this form ends"),
        };
        self.diags.push(
            Diagnostic::error(
                Span::new(open, open + 1),
                format!("unclosed `{c}`"),
                format!("this `{c}` is never closed"),
            )
            .with_help(help),
        );
    }

    /// Adds to the help of a stray closer or of an opener never closed the
    /// bracket that the indentation shows as the likely culprit.
    fn hint_misplaced(&mut self, source: &str) {
        let breaks: Vec<usize> = (0..source.len())
            .filter(|&i| is_eol(source.as_bytes()[i]))
            .map(|i| i + 1)
            .collect();
        let suspects: Vec<(usize, usize)> = self
            .pairs
            .iter()
            .copied()
            .filter(|&(o, c)| misindented(source, &breaks, o, c))
            .collect();
        // `pairs` are in the order of their closers: the suspects closed
        // before `at` are a prefix, and the running maximum of the openers
        // finds the first suspect opened after `at` (both in log time).
        let mut highest = 0;
        let opened: Vec<usize> = suspects
            .iter()
            .map(|s| {
                highest = highest.max(s.0);
                highest
            })
            .collect();
        for diag in &mut self.diags {
            let at = diag.span.start as usize;
            let suspect = match source.as_bytes().get(at) {
                Some(b')' | b'}') => suspects[..suspects.partition_point(|s| s.1 < at)].last(),
                Some(b'(' | b'{') => suspects.get(opened.partition_point(|&o| o <= at)),
                _ => None,
            };
            if let (Some(&(o, c)), Some(help)) = (suspect, diag.help.as_mut()) {
                help.push_str(&culprit(source, &self.lines, o, c));
            }
        }
    }

    /// Counts the tokens of the code: reports and returns whether there are
    /// more than [`MAX_TOKENS`].
    fn too_many_tokens(&mut self) -> bool {
        let mut count = self.strings;
        let mut in_word = false;
        for (i, &b) in self.buf.iter().enumerate() {
            let bracket = self.code[i] && b"(){}".contains(&b);
            let word = self.code[i] && !b.is_ascii_whitespace() && !bracket;
            count += usize::from((word && !in_word) || bracket);
            in_word = word;
            if count > MAX_TOKENS {
                self.diags.push(
                    Diagnostic::error(
                        Span::new(i, i + 1),
                        "too many tokens",
                        format!("token number {} is here", MAX_TOKENS + 1),
                    )
                    .with_help(format!(
                        "a rule file holds at most {MAX_TOKENS} words, numbers, strings and brackets"
                    )),
                );
                return true;
            }
        }
        false
    }

    /// Reports brackets nested deeper than [`MAX_DEPTH`].
    fn too_deep(&mut self, i: usize) {
        self.diags.push(
            Diagnostic::error(
                Span::new(i, i + 1),
                "brackets nested too deeply",
                format!("this is more than {MAX_DEPTH} levels deep"),
            )
            .with_help("a rule file cannot nest clauses and arrays this deep"),
        );
    }

    /// The tree of bracketed forms of the (balanced) repaired text.
    fn forms(&self) -> Vec<Form> {
        let mut stack: Vec<(usize, Vec<Form>)> = Vec::new();
        let mut top = Vec::new();
        for (i, &b) in self.buf.iter().enumerate() {
            if !self.code[i] {
                continue;
            }
            if b == b'(' || b == b'{' {
                stack.push((i, Vec::new()));
            } else if b == b')' || b == b'}' {
                let Some((start, children)) = stack.pop() else {
                    continue;
                };
                let form = Form {
                    start,
                    end: i + 1,
                    children,
                };
                match stack.last_mut() {
                    Some((_, siblings)) => siblings.push(form),
                    None => top.push(form),
                }
            }
        }
        top
    }
}

/// Where the line holding `pos` starts, and where its text starts; `breaks`
/// are the offsets after each `\n` or `\r`.
fn line_bounds(source: &str, breaks: &[usize], pos: usize) -> (usize, usize) {
    let start = breaks[..breaks.partition_point(|&b| b <= pos)]
        .last()
        .copied()
        .unwrap_or(0);
    let rest = source[start..]
        .bytes()
        .take_while(|b| matches!(b, b' ' | b'\t'));
    (start, start + rest.count())
}

/// Whether the pair `open`..`close` looks misplaced: it spans several
/// lines, and either the closer starts its line but not at the opener's
/// indentation, or the closer's line starts with something else at the
/// opener's indentation (as `(a` then `(b))` on the next line, aligned
/// with `(a`).
fn misindented(source: &str, breaks: &[usize], open: usize, close: usize) -> bool {
    let (open_line, open_text) = line_bounds(source, breaks, open);
    let (close_line, close_text) = line_bounds(source, breaks, close);
    let same_indent = open_text - open_line == close_text - close_line;
    open_line != close_line && same_indent != (close_text == close)
}

/// The hint naming the likely unclosed bracket.
fn culprit(source: &str, lines: &LineIndex, open: usize, close: usize) -> String {
    let (line, col) = lines.line_col(open);
    let (close_line, _) = lines.line_col(close);
    let c = source.as_bytes()[open] as char;
    format!(
        "; maybe the `{c}` at {line}:{col} is the one never closed: by its indentation it should end before line {close_line}"
    )
}

/// Checks the whole repaired text form by form (see the module doc) and
/// returns the syntax errors found. Failing forms are replaced in
/// `scan.text` by a placeholder, so that it parses afterwards if all the
/// errors were inside forms.
pub fn check(source: &str, scan: &mut Scan) -> Vec<Diagnostic> {
    let root = Form {
        start: 0,
        end: scan.text.len(),
        children: std::mem::take(&mut scan.forms),
    };
    let mut checker = Checker {
        source,
        text: &mut scan.text,
        diags: Vec::new(),
        dropped: 0,
    };
    checker.form(&root, Rule::file);
    scan.forms = root.children;
    if checker.dropped > 0 {
        let at = checker.diags.last().map_or(Span::default(), |d| d.span);
        checker.diags.push(too_many(at, checker.dropped, true));
    }
    checker.diags
}

/// State of [`check`].
struct Checker<'a> {
    source: &'a str,
    text: &'a mut String,
    diags: Vec<Diagnostic>,
    /// Failing forms left unchecked once [`MAX_ERRORS`] errors were
    /// listed: each holds one error at least.
    dropped: usize,
}

impl Checker<'_> {
    /// Checks one form, repairing what it can; returns whether it still
    /// fails to parse.
    fn form(&mut self, form: &Form, rule: Rule) -> bool {
        if self.diags.len() >= MAX_ERRORS && rule == Rule::form {
            // Too many errors listed already: one parse tells whether it
            // fails, counted as one error (its errors are not looked for).
            let fails = self.parse(form, rule).is_err();
            self.dropped += usize::from(fails);
            return fails;
        }
        if self.parse(form, rule).is_ok() {
            return false;
        }
        for child in &form.children {
            if self.form(child, Rule::form) {
                self.placeholder(child);
            }
        }
        self.own_errors(form, rule)
    }

    /// Reports the errors of `form` outside its children: after each, the
    /// faulty token is repaired and the form parsed again. Returns whether
    /// the form still fails.
    fn own_errors(&mut self, form: &Form, rule: Rule) -> bool {
        let mut last = None;
        for _ in 0..MAX_REPAIRS {
            let Err(e) = self.parse(form, rule) else {
                return false;
            };
            let (diag, fix) = pest_error(&e, self.source, form.start);
            if last.is_some_and(|l| diag.span.start <= l) {
                return true;
            }
            last = Some(diag.span.start);
            self.diags.push(diag);
            match fix {
                Some(fix) => self.apply(fix),
                None => return true,
            }
        }
        let failed = self.parse(form, rule).is_err();
        if failed {
            // Each repair parses the form again: past the cap, the rest of
            // its errors are said to exist rather than listed.
            self.diags.push(Diagnostic::error(
                Span::new(form.start, form.start + 1),
                format!(
                    "more syntax errors in this clause, not listed after the first {MAX_REPAIRS}"
                ),
                "in the clause that starts here",
            ));
        }
        failed
    }

    /// Applies a same-length replacement to the text.
    fn apply(&mut self, fix: Fix) {
        let (start, end) = (fix.span.start as usize, fix.span.end as usize);
        let fits = end <= self.text.len() && fix.text.len() == end - start;
        if fits && self.text.is_char_boundary(start) && self.text.is_char_boundary(end) {
            self.text.replace_range(start..end, &fix.text);
        }
    }

    /// Parses the text of `form` alone.
    fn parse(&self, form: &Form, rule: Rule) -> Result<(), Error<Rule>> {
        let text = self.text.get(form.start..form.end).unwrap_or_default();
        LudicParser::parse(rule, text).map(|_| ())
    }

    /// Replaces a failed form by `0` and blanks, a valid expression of the
    /// same length, so its parent can be checked for its own errors.
    fn placeholder(&mut self, form: &Form) {
        let len = form.end - form.start;
        let filler = format!("0{}", " ".repeat(len.saturating_sub(1)));
        if self.text.is_char_boundary(form.start) && self.text.is_char_boundary(form.end) {
            self.text.replace_range(form.start..form.end, &filler);
        }
    }
}

/// Clamps every span to the source, sorts by position and drops duplicates.
pub fn finish(source: &str, mut diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let len = source.len() as u32;
    for d in &mut diags {
        d.span.start = d.span.start.min(len);
        d.span.end = d.span.end.clamp(d.span.start, len);
    }
    diags.sort_by_key(|d| (d.span.start, d.span.end));
    diags.dedup_by(|a, b| a.span == b.span && a.message == b.message);
    diags
}

/// Turns a pest error in the form starting at `base` into a diagnostic that
/// says in words what was expected, and a repair of the faulty token that
/// lets parsing go on (`None` when the fault is a bracket or the end).
pub fn pest_error(err: &Error<Rule>, source: &str, base: usize) -> (Diagnostic, Option<Fix>) {
    let local = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let pos = floor_boundary(source, base + local);
    let positives: &[Rule] = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => positives,
        ErrorVariant::CustomError { .. } => &[],
    };
    if let Some(found) = bare_point(source, pos) {
        return found;
    }
    if let Some(found) = after_name(source, pos) {
        return found;
    }
    if let Some(found) = after_sigil(source, pos, positives) {
        return found;
    }
    let (span, found) = found_at(source, pos);
    let diag = Diagnostic::error(span, format!("unexpected {found}"), expected(positives))
        .with_help(
            "a rule file holds clauses `(…)`, arrays `{…}`, words, \"strings\", numbers, \
             `$toggle`, `#1` and `// comments`",
        );
    (diag, token_fix(source, span))
}

/// The repair of an unexpected token: blank it, unless it is a bracket, a
/// quote, a blank or the end.
fn token_fix(source: &str, span: Span) -> Option<Fix> {
    let text = &source[span.start as usize..span.end as usize];
    let skip = |c: char| "(){}\"".contains(c) || c.is_whitespace();
    if text.is_empty() || text.starts_with(skip) {
        return None;
    }
    Some(Fix::blank(span))
}

/// The error when `pos` follows a `$` or `#` that lacks its name or
/// number, and its repair (blank the sigil and what follows).
fn after_sigil(source: &str, pos: usize, positives: &[Rule]) -> Option<(Diagnostic, Option<Fix>)> {
    let (what, example) = match positives {
        [Rule::toggle_name] => ("a toggle name", "`$name`"),
        [Rule::param_index] => ("a parameter number", "`#1`"),
        _ => return None,
    };
    let sigil = source[..pos].chars().next_back()?;
    let (found, _) = found_at(source, pos);
    let end = if token_fix(source, found).is_some() {
        found.end as usize
    } else {
        pos
    };
    let span = Span::new(pos - sigil.len_utf8(), end);
    let diag = Diagnostic::error(
        span,
        format!("`{sigil}` without {what}"),
        format!("expected {what} right after `{sigil}`"),
    )
    .with_help(format!("write {example}, with no space"));
    Some((diag, Some(Fix::blank(span))))
}

/// The largest char boundary of `source` at or before `pos`.
fn floor_boundary(source: &str, pos: usize) -> usize {
    let mut p = pos.min(source.len());
    while !source.is_char_boundary(p) {
        p -= 1;
    }
    p
}

/// Whether a character may appear in a word.
fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// The token found at `pos` (its span and a description) for "unexpected …".
fn found_at(source: &str, pos: usize) -> (Span, String) {
    let rest = &source[pos..];
    let Some(c) = rest.chars().next() else {
        return (Span::new(pos, pos), "end of file".to_string());
    };
    if c == '\n' || c == '\r' {
        return (Span::new(pos, pos + 1), "end of line".to_string());
    }
    if c.is_whitespace() {
        return (Span::new(pos, pos + c.len_utf8()), "space".to_string());
    }
    let len = if is_word_char(c) {
        rest.find(|c| !is_word_char(c)).unwrap_or(rest.len())
    } else {
        c.len_utf8()
    };
    let token = &rest[..len];
    (Span::new(pos, pos + len), format!("`{token}`"))
}

/// The error when a number at `pos` starts with its point (`.5`, `-.5`):
/// a decimal is written with a digit before the point (`0.5`), as in
/// most programming languages, so that a point alone is never read as a
/// number; the repair blanks it so that parsing goes on.
fn bare_point(source: &str, pos: usize) -> Option<(Diagnostic, Option<Fix>)> {
    let rest = &source[pos..];
    let sign = usize::from(rest.starts_with('-'));
    let after = rest[sign..].strip_prefix('.')?;
    let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return None;
    }
    let end = pos + sign + 1 + digits;
    let written = &source[pos..end];
    let fixed = format!("{}0{}", &written[..sign], &written[sign..]);
    let diag = Diagnostic::error(
        Span::new(pos, end),
        "a decimal number needs a digit before its point",
        format!("write `{fixed}`"),
    )
    .with_help("decimal numbers are written with one digit after the point and at least one before it: `0.5`, `-0.5`, `7.5`");
    Some((diag, Some(Fix::blank(Span::new(pos, end)))))
}

/// The error when `pos` follows `name:`: a missing value, or a space
/// between the colon and the value; with its repair.
fn after_name(source: &str, pos: usize) -> Option<(Diagnostic, Option<Fix>)> {
    let before = source[..pos].strip_suffix(':')?;
    let name_len = before.len() - before.trim_end_matches(is_word_char).len();
    let name = &before[before.len() - name_len..];
    if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    let key = Span::new(pos - name_len - 1, pos);
    let rest = &source[pos..];
    let next = rest.trim_start();
    let blank = rest.len() - next.len();
    if blank > 0 && starts_value(next) {
        return Some(space_after_name(name, key, blank));
    }
    let diag = Diagnostic::error(
        key,
        format!("missing value for `{name}:`"),
        "expected a value right after `:`",
    )
    .with_help(format!(
        "write the value right after the colon: `{name}:value`"
    ));
    Some((diag, Some(Fix::blank(key))))
}

/// Whether `text` starts with a value (not a closer, a comment, the end or
/// another named argument).
fn starts_value(text: &str) -> bool {
    let Some(c) = text.chars().next() else {
        return false;
    };
    let word = text.find(|c| !is_word_char(c)).unwrap_or(text.len());
    let named = c.is_ascii_alphabetic() && text[word..].starts_with(':');
    !(named || matches!(c, ')' | '}') || text.starts_with("//"))
}

/// The error for `name: value`, and its repair: move `name:` right up to
/// the value.
fn space_after_name(name: &str, key: Span, blank: usize) -> (Diagnostic, Option<Fix>) {
    let (start, end) = (key.end as usize, key.end as usize + blank);
    let diag = Diagnostic::error(
        Span::new(start, end),
        format!("space after `{name}:`"),
        "unexpected space",
    )
    .with_help(format!(
        "write the value right after the colon: `{name}:value`"
    ));
    let text = format!("{}{name}:", " ".repeat(blank));
    let fix = Fix {
        span: Span::new(key.start as usize, end),
        text,
    };
    (diag, Some(fix))
}

/// What the rules in `positives` stand for, in words; `None` for rules
/// folded into others.
fn describe(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::clause => "a clause",
        Rule::word => "a word",
        Rule::string => "a string",
        Rule::int => "a number",
        Rule::array => "`{`",
        Rule::toggle => "a toggle `$name`",
        Rule::param => "a parameter `#n`",
        Rule::value => "a value",
        Rule::toggle_name => "a toggle name after `$`",
        Rule::param_index => "a parameter number after `#`",
        Rule::rparen => "`)`",
        Rule::rbrace => "`}`",
        Rule::EOI => "the end of the file",
        _ => return None,
    })
}

/// The order in which expected things are listed.
const ORDER: [Rule; 13] = [
    Rule::clause,
    Rule::word,
    Rule::string,
    Rule::int,
    Rule::array,
    Rule::toggle,
    Rule::param,
    Rule::value,
    Rule::toggle_name,
    Rule::param_index,
    Rule::rparen,
    Rule::rbrace,
    Rule::EOI,
];

/// The label of a syntax error: "expected a clause, a word, … or `)`".
fn expected(positives: &[Rule]) -> String {
    let positives: Vec<Rule> = positives
        .iter()
        .copied()
        .filter(|&r| r != Rule::COMMENT)
        .collect();
    if positives.len() == 2 && positives.contains(&Rule::word) && positives.contains(&Rule::string)
    {
        return "expected the head of the clause: a word or a string".to_string();
    }
    let any_expr = positives.contains(&Rule::clause);
    let words: Vec<&str> = ORDER
        .iter()
        .filter(|r| positives.contains(r))
        .filter(|r| !(any_expr && matches!(r, Rule::toggle | Rule::param)))
        .filter_map(|&r| describe(r))
        .collect();
    match words.as_slice() {
        [] => "unexpected input".to_string(),
        [one] => format!("expected {one}"),
        [init @ .., last] => format!("expected {} or {last}", init.join(", ")),
    }
}
