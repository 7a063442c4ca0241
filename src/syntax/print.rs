//! The printer behind `ludic fmt`: writes a parsed rule file back as text in
//! one canonical layout, every comment kept.
//!
//! # The canonical layout
//!
//! - **One line when it fits.** A clause or array whose one-line form fits
//!   in [`WIDTH`] (80) columns, where it starts and with the closing
//!   brackets that follow it on that line, is written on one line:
//!   `(step from:"Man" dirs:Forward to:Empty)`, `{NE NW}`. Tokens are
//!   separated by one space; no space after `(` or `{`, none before `)` or
//!   `}`.
//! - **Otherwise, head first.** A clause that does not fit keeps its head and
//!   the arguments that fit on its first line; each remaining argument goes
//!   on a line of its own, indented two spaces more than the column where
//!   the clause (or its `name:`) starts, and the closing `)` ends the last
//!   argument's line. An argument that does not fit on one line itself never
//!   goes on the first line. To keep sibling sub-clauses in a column, when a
//!   clause has two or more positional arguments that are clauses or arrays,
//!   none of those goes on the first line (`(players` then one `(player …)`
//!   a line); a clause with just one (`(score (count …)` then its named
//!   arguments) may keep it there.
//! - **Arrays likewise, with `{ ` and ` }`.** An array that does not fit is
//!   written `{ first` … `last }`: its first element right after `{ `
//!   (spread over several lines if need be), the others each on a line of
//!   their own two spaces in, so that at the start of a line they line up
//!   under the first. Only an array of plain values (words, strings,
//!   numbers, toggles, parameters) is filled instead: as many elements a
//!   line as fit.
//! - **Tokens.** Named arguments are `name:value` and stay where they were
//!   among the positional ones (after them, in a tree built by hand);
//!   strings are re-escaped (`\"`, `\\`, `\n`); integers are written in
//!   decimal; `true`, `false`, `$toggle`, `#1` as such.
//! - **Blank lines.** Between top-level expressions, and between the
//!   arguments of a top-level clause (the children of `(game …)`), one or
//!   more blank lines in the source become one blank line; elsewhere blank
//!   lines are dropped. Top-level expressions start at column 0, one per
//!   line; the file ends with one newline.
//! - **Comments.** No comment is ever dropped, nor its text changed but
//!   for trailing blanks. A comment on a line of its own stays on a line of
//!   its own, before the next expression and at that expression's
//!   indentation; one after the last argument of a clause stays before its
//!   `)`, which then goes on a line of its own. An end-of-line comment stays
//!   at the end of the line of the expression it follows; when that
//!   expression is the last of its clause or array, the comment moves after
//!   the closing bracket on the same line (unless another comment is already
//!   there, or that bracket stands on a line of its own). One right after
//!   `(head` or `{` stays there, and the arguments or elements then all go
//!   on the lines below; one between `(` and the head goes on a line of its
//!   own before the first argument. A comment inside a clause or array
//!   forces the several-line layout on it, and an expression preceded by a
//!   comment starts a line.
//!
//! Printing is a function of the syntax tree, the comments and where the
//! source had blank lines: [`format_file`] applied to its own output returns
//! it unchanged, and parsing the output gives back the same tree (spans
//! aside).

use super::ast::{Comment, Expr, File, Named, Span};
use super::parse::parse_file;
use crate::diag::Diagnostic;

/// The width the layout fits lines into, in characters (a long string or
/// comment may still overflow it).
pub const WIDTH: usize = 80;

/// How much deeper the continuation lines of a clause or array are indented.
const INDENT: usize = 2;

/// Parses `source` and prints it in canonical layout; on a syntax error,
/// returns the parser's diagnostics.
pub fn format_file(source: &str) -> Result<String, Vec<Diagnostic>> {
    let file = parse_file(source)?;
    Ok(print_file(&file, source))
}

/// Prints a parsed file in canonical layout (see the module documentation).
///
/// `source` is the text `file` was parsed from: the printer reads the blank
/// lines there, and which comments stand on a line of their own. A tree
/// built by hand, with default spans and no comments, prints with an empty
/// `source`; such a tree must hold only what the grammar can say (words that
/// are identifiers, no carriage return in a string, parameters from `#1`).
pub fn print_file(file: &File, source: &str) -> String {
    let mut builder = Builder::new(file, source);
    let items: Vec<Item<'_>> = file.items.iter().map(Item::Expr).collect();
    let (_, nodes, tail) = builder.sequence(&items, u32::MAX, None, 0);
    let mut out = Out::default();
    for node in &nodes {
        out.notes(&node.lead, 0);
        if node.blank && !out.text.is_empty() {
            out.text.push('\n');
        }
        out.node(node, 0);
        out.trail(node);
        out.text.push('\n');
    }
    out.notes(&tail, 0);
    out.text
}

/// A comment on a line of its own.
#[derive(Debug, Clone)]
struct Note {
    /// Whether a blank line goes before it.
    blank: bool,
    /// The comment, `//` included, trailing blanks trimmed.
    text: String,
}

/// An expression ready for layout, with the comments around it.
#[derive(Debug)]
struct Node {
    /// Comments on their own lines before it.
    lead: Vec<Note>,
    /// Whether a blank line goes before it (after its `lead`).
    blank: bool,
    /// `name:` for a named argument, else empty.
    prefix: String,
    /// What it is.
    body: Body,
    /// An end-of-line comment after it.
    trail: Option<String>,
    /// The whole node on one line (prefix included); `None` when a comment
    /// inside it forbids that.
    flat: Option<String>,
}

/// The content of a [`Node`].
#[derive(Debug)]
enum Body {
    /// A token: word, string, number, toggle, parameter.
    Atom,
    /// A clause or an array.
    List(List),
}

/// A clause `(head …)` or an array `{…}`.
#[derive(Debug)]
struct List {
    /// `(head` or `{`.
    open: String,
    /// An end-of-line comment right after `(head` or `{`.
    open_trail: Option<String>,
    /// True for an array.
    array: bool,
    /// The arguments or elements, in source order.
    items: Vec<Node>,
    /// Comments on their own lines after the last item.
    tail: Vec<Note>,
}

impl Node {
    /// Whether this node is a clause or an array.
    fn compound(&self) -> bool {
        matches!(self.body, Body::List(_))
    }

    /// Whether this node is a positional clause or array.
    fn positional_compound(&self) -> bool {
        self.compound() && self.prefix.is_empty()
    }

    /// Whether this is a clause or array whose last line is a comment, so
    /// that its closing bracket needs a line of its own.
    fn ends_with_comment(&self) -> bool {
        match &self.body {
            Body::Atom => false,
            Body::List(list) => list.ends_with_comment(),
        }
    }

    /// Moves the end-of-line comment of the last item out to this node when
    /// nothing else stands between that item and the closing bracket (and
    /// that item's own closing bracket does not stand on a line of its own).
    fn hoist(&mut self) {
        if self.trail.is_some() {
            return;
        }
        if let Body::List(list) = &mut self.body
            && list.tail.is_empty()
            && let Some(last) = list.items.last_mut()
            && !last.ends_with_comment()
        {
            self.trail = last.trail.take();
            if self.trail.is_some() {
                self.flat = flat_list(&self.prefix, list);
            }
        }
    }
}

impl List {
    /// Whether the last thing inside is a comment.
    fn ends_with_comment(&self) -> bool {
        !self.tail.is_empty()
            || self
                .items
                .last()
                .map_or(self.open_trail.is_some(), |n| n.trail.is_some())
    }
}

/// The one-line form of a list, or `None` when a comment is inside.
fn flat_list(prefix: &str, list: &List) -> Option<String> {
    if !list.tail.is_empty() || list.open_trail.is_some() {
        return None;
    }
    let mut s = format!("{prefix}{}", list.open);
    for (i, item) in list.items.iter().enumerate() {
        if !item.lead.is_empty() || item.trail.is_some() {
            return None;
        }
        if i > 0 || !list.array {
            s.push(' ');
        }
        s.push_str(item.flat.as_deref()?);
    }
    s.push(if list.array { '}' } else { ')' });
    Some(s)
}

/// An argument of a clause, an element of an array, or a top-level item.
#[derive(Debug, Clone, Copy)]
enum Item<'a> {
    /// A positional expression.
    Expr(&'a Expr),
    /// A named argument.
    Named(&'a Named),
}

impl Item<'_> {
    /// Where the item starts (its name, for a named argument).
    fn start(&self) -> u32 {
        match self {
            Item::Expr(e) => e.span().start,
            Item::Named(n) => n.name_span.start,
        }
    }

    /// Where the item ends.
    fn end(&self) -> u32 {
        match self {
            Item::Expr(e) => e.span().end,
            Item::Named(n) => n.value.span().end,
        }
    }
}

/// Builds [`Node`]s from the syntax tree, handing out each comment once, in
/// source order.
struct Builder<'a> {
    /// The source text (may be empty for a tree built by hand).
    source: &'a str,
    /// The comments, sorted by position.
    comments: Vec<&'a Comment>,
    /// The first comment not handed out yet.
    next: usize,
    /// The end of the last item or comment handed out.
    last_end: u32,
}

impl<'a> Builder<'a> {
    /// A builder over `file`'s comments.
    fn new(file: &'a File, source: &'a str) -> Self {
        let mut comments: Vec<&Comment> = file.comments.iter().collect();
        comments.sort_by_key(|c| (c.span.start, c.span.end));
        Builder {
            source,
            comments,
            next: 0,
            last_end: 0,
        }
    }

    /// The source between two offsets, or `None` if they do not fit it.
    fn gap(&self, from: u32, to: u32) -> Option<&'a str> {
        self.source.get(from as usize..to as usize)
    }

    /// Whether the source between the last thing handed out and `to` holds a
    /// blank line.
    fn blank_before(&self, to: u32) -> bool {
        self.gap(self.last_end, to).is_some_and(|g| {
            g.replace("\r\n", "\n")
                .replace('\r', "\n")
                .matches('\n')
                .count()
                >= 2
        })
    }

    /// The comments that start before `pos`, as notes (blank lines before
    /// them kept only if `blanks`; never before the first thing of a list).
    fn notes_before(&mut self, pos: u32, blanks: bool, first: &mut bool) -> Vec<Note> {
        let mut notes = Vec::new();
        while let Some(c) = self.comments.get(self.next).copied() {
            if c.span.start >= pos {
                break;
            }
            notes.push(Note {
                blank: blanks && !*first && self.blank_before(c.span.start),
                text: c.text.trim_end().to_string(),
            });
            *first = false;
            self.last_end = self.last_end.max(c.span.end);
            self.next += 1;
        }
        notes
    }

    /// The comment after `end` on the same line, if it starts before
    /// `limit`.
    fn trail_after(&mut self, end: u32, limit: u32) -> Option<String> {
        let c = self.comments.get(self.next)?;
        if c.span.start < end || c.span.start >= limit {
            return None;
        }
        let gap = self.gap(end, c.span.start)?;
        if gap.contains(['\n', '\r']) {
            return None;
        }
        self.next += 1;
        self.last_end = self.last_end.max(c.span.end);
        Some(c.text.trim_end().to_string())
    }

    /// Builds the items of a list (or of the file) at nesting `depth`,
    /// whose closing bracket is at `close`. `open_end` is where the opening
    /// bracket (and the head) of a list end. Returns the end-of-line comment
    /// after the opening, the items, and the comments left before the
    /// closing bracket.
    fn sequence(
        &mut self,
        items: &[Item<'_>],
        close: u32,
        open_end: Option<u32>,
        depth: usize,
    ) -> (Option<String>, Vec<Node>, Vec<Note>) {
        let blanks = depth <= 1;
        let mut first = true;
        let open_trail = open_end.and_then(|end| {
            self.last_end = self.last_end.max(end);
            let limit = items.first().map_or(close, Item::start);
            self.trail_after(end, limit)
        });
        let mut nodes = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            let lead = self.notes_before(item.start(), blanks, &mut first);
            let blank = blanks && !first && self.blank_before(item.start());
            first = false;
            let mut node = self.item(*item, depth);
            node.lead = lead;
            node.blank = blank;
            self.last_end = self.last_end.max(item.end());
            let limit = items.get(i + 1).map_or(close, |next| next.start());
            node.trail = self.trail_after(item.end(), limit);
            node.hoist();
            nodes.push(node);
        }
        let tail = self.notes_before(close, blanks, &mut first);
        (open_trail, nodes, tail)
    }

    /// Builds one item.
    fn item(&mut self, item: Item<'_>, depth: usize) -> Node {
        match item {
            Item::Expr(e) => self.expr(e, String::new(), depth),
            Item::Named(n) => self.expr(&n.value, format!("{}:", n.name), depth),
        }
    }

    /// Builds one expression, written after `prefix`.
    fn expr(&mut self, expr: &Expr, prefix: String, depth: usize) -> Node {
        let list = match expr {
            Expr::Clause(c) => {
                let mut items: Vec<Item<'_>> = Vec::with_capacity(c.args.len() + c.named.len());
                let (mut args, mut named) = (c.args.iter().peekable(), c.named.iter().peekable());
                loop {
                    let item = match (args.peek(), named.peek()) {
                        (Some(a), Some(n)) if n.name_span.start < a.span().start => {
                            named.next().map(Item::Named)
                        }
                        (Some(_), _) => args.next().map(Item::Expr),
                        (None, Some(_)) => named.next().map(Item::Named),
                        (None, None) => break,
                    };
                    items.extend(item);
                }
                let head = if c.head_is_str {
                    quote(&c.head)
                } else {
                    c.head.clone()
                };
                let open = format!("({head}");
                self.list(open, false, &items, c.span, c.head_span.end, depth)
            }
            Expr::Array(elems, span) => {
                let items: Vec<Item<'_>> = elems.iter().map(Item::Expr).collect();
                let open = "{".to_string();
                let open_end = span.start.saturating_add(1);
                self.list(open, true, &items, *span, open_end, depth)
            }
            atom => {
                return Node {
                    lead: Vec::new(),
                    blank: false,
                    flat: Some(format!("{prefix}{}", atom_text(atom))),
                    prefix,
                    body: Body::Atom,
                    trail: None,
                };
            }
        };
        let flat = flat_list(&prefix, &list);
        Node {
            lead: Vec::new(),
            blank: false,
            prefix,
            body: Body::List(list),
            trail: None,
            flat,
        }
    }

    /// Builds a clause's or array's list of items.
    fn list(
        &mut self,
        open: String,
        array: bool,
        items: &[Item<'_>],
        span: Span,
        open_end: u32,
        depth: usize,
    ) -> List {
        let close = span.end.saturating_sub(1).max(open_end);
        let (open_trail, items, tail) = self.sequence(items, close, Some(open_end), depth + 1);
        List {
            open,
            open_trail,
            array,
            items,
            tail,
        }
    }
}

/// The text of a token.
fn atom_text(expr: &Expr) -> String {
    match expr {
        Expr::Str(s, _) => quote(s),
        Expr::Int(n, _) => n.to_string(),
        Expr::Decimal(n, _) => crate::syntax::tenths_text(*n),
        Expr::Bool(b, _) => b.to_string(),
        Expr::Word(w, _) => w.clone(),
        Expr::Toggle(t, _) => format!("${t}"),
        Expr::Param(p, _) => format!("#{p}"),
        Expr::Clause(_) | Expr::Array(..) => String::new(),
    }
}

/// A string literal: `s` quoted, with `"`, `\` and newlines escaped.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The width of a piece of text on a line, in characters.
fn width(s: &str) -> usize {
    s.chars().count()
}

/// The text being written, and the column the next character goes to.
#[derive(Debug, Default)]
struct Out {
    /// Everything written so far.
    text: String,
    /// The column of the end of `text`, counted in characters.
    col: usize,
}

impl Out {
    /// Writes text that holds no newline.
    fn push(&mut self, s: &str) {
        self.text.push_str(s);
        self.col += width(s);
    }

    /// Ends the line; the next one starts with `indent` spaces.
    fn newline(&mut self, indent: usize) {
        self.text.push('\n');
        self.text.extend(std::iter::repeat_n(' ', indent));
        self.col = indent;
    }

    /// Writes own-line comments at `indent` (the cursor is at the start of a
    /// line at top level, else at the end of the previous line).
    fn notes(&mut self, notes: &[Note], indent: usize) {
        for note in notes {
            if indent == 0 {
                if note.blank && !self.text.is_empty() {
                    self.text.push('\n');
                }
                self.text.push_str(&note.text);
                self.text.push('\n');
            } else {
                if note.blank {
                    self.text.push('\n');
                }
                self.newline(indent);
                self.push(&note.text);
            }
        }
    }

    /// Writes a node's end-of-line comment, if any.
    fn trail(&mut self, node: &Node) {
        if let Some(t) = &node.trail {
            self.push(" ");
            self.push(t);
        }
    }

    /// Writes a node at the cursor; `after` characters will follow it on its
    /// last line (closing brackets).
    fn node(&mut self, node: &Node, after: usize) {
        let list = match &node.body {
            Body::List(list) => list,
            Body::Atom => {
                self.push(node.flat.as_deref().unwrap_or_default());
                return;
            }
        };
        if let Some(flat) = &node.flat
            && self.col + width(flat) + after <= WIDTH
        {
            self.push(flat);
            return;
        }
        let base = self.col;
        let inner = base + INDENT;
        self.push(&node.prefix);
        self.push(&list.open);
        let items = &list.items;
        let close = if list.array { " }" } else { ")" };
        let after_item = |i: usize| {
            let last = i + 1 == items.len();
            if last && list.tail.is_empty() && items[i].trail.is_none() {
                after + width(close)
            } else {
                0
            }
        };
        let compounds = items
            .iter()
            .filter(|n| {
                if list.array {
                    n.compound()
                } else {
                    n.positional_compound()
                }
            })
            .count();
        let may_join = |n: &Node| {
            n.lead.is_empty()
                && !(compounds >= 2
                    && if list.array {
                        n.compound()
                    } else {
                        n.positional_compound()
                    })
        };
        let fill = list.array && compounds == 0;
        let mut i = 0;
        let mut open_line = list.open_trail.is_none();
        if let Some(t) = &list.open_trail {
            self.push(" ");
            self.push(t);
        }
        if open_line
            && list.array
            && let Some(first) = items.first()
            && first.lead.is_empty()
        {
            self.push(" ");
            let mark = self.text.len();
            self.node(first, after_item(0));
            self.trail(first);
            open_line = first.trail.is_none() && !self.text[mark..].contains('\n');
            i = 1;
        }
        while open_line && i < items.len() {
            let item = &items[i];
            let Some(flat) = item.flat.as_deref() else {
                break;
            };
            if !may_join(item) || self.col + 1 + width(flat) + after_item(i) > WIDTH {
                break;
            }
            self.push(" ");
            self.push(flat);
            self.trail(item);
            open_line = item.trail.is_none();
            i += 1;
        }
        open_line = false;
        for (j, item) in items.iter().enumerate().skip(i) {
            self.notes(&item.lead, inner);
            let joins = fill
                && open_line
                && item.lead.is_empty()
                && !item.blank
                && item
                    .flat
                    .as_deref()
                    .is_some_and(|f| self.col + 1 + width(f) + after_item(j) <= WIDTH);
            if joins {
                self.push(" ");
            } else {
                if item.blank {
                    self.text.push('\n');
                }
                self.newline(inner);
            }
            self.node(item, after_item(j));
            self.trail(item);
            open_line = fill && item.trail.is_none();
        }
        self.notes(&list.tail, inner);
        let comment_last = list.ends_with_comment();
        if comment_last || (items.is_empty() && list.array) {
            if comment_last {
                self.newline(base);
            }
            self.push(if list.array { "}" } else { ")" });
        } else {
            self.push(close);
        }
    }
}

#[cfg(test)]
mod tests;
