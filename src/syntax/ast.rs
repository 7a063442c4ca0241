//! The owned abstract syntax tree of a rule file.
//!
//! The AST is plain data: no pest lifetimes, every node carries a [`Span`]
//! (byte offsets into the source text). It is `Serialize` so that snapshot
//! tests can print it. Shape of a file: a list of top-level expressions,
//! normally one `(game …)` clause, plus the comments (kept for `ludic fmt`).

use serde::Serialize;

/// A byte range `start..end` in the source text of one rule file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
pub struct Span {
    /// First byte of the node.
    pub start: u32,
    /// One past the last byte of the node.
    pub end: u32,
}

impl Span {
    /// A span from byte `start` to byte `end` (exclusive).
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }
}

/// One expression of the rule language.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Expr {
    /// `(head arg… name:value…)`: a ludeme, or a define call when the head
    /// is a string (`("HopCapture" Forward)`).
    Clause(Clause),
    /// `{ a b c }`: an array.
    Array(Vec<Expr>, Span),
    /// `"text"`: a name (piece, region, define) or a description.
    Str(String, Span),
    /// `42`, `-3`: an integer.
    Int(i64, Span),
    /// `7.5`: a number with one digit after the point, held in tenths
    /// (75); a score's komi.
    Decimal(i64, Span),
    /// `true` / `false`.
    Bool(bool, Span),
    /// A bare word: an enum value (`Diagonal`, `Mover`) or a name.
    Word(String, Span),
    /// `$name`: the value of a toggle.
    Toggle(String, Span),
    /// `#1`, `#2`: a parameter inside a `(define …)` body.
    Param(u32, Span),
}

/// A parenthesised clause `(head arg… name:value…)`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Clause {
    /// The head word (`step`, `board`) or, for a define call, its name.
    pub head: String,
    /// Span of the head token alone.
    pub head_span: Span,
    /// True when the head was written as a string: a define call.
    pub head_is_str: bool,
    /// Positional arguments, in order.
    pub args: Vec<Expr>,
    /// Named arguments `name:value`, in order.
    pub named: Vec<Named>,
    /// Span of the whole clause, parentheses included.
    pub span: Span,
}

/// A named argument `name:value`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Named {
    /// The name before the colon.
    pub name: String,
    /// Span of the name alone.
    pub name_span: Span,
    /// The value after the colon.
    pub value: Expr,
}

/// A `// comment` with its span (text without the slashes' line ending).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Comment {
    /// Where the comment stands.
    pub span: Span,
    /// The comment text, `//` included.
    pub text: String,
}

/// A parsed rule file.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct File {
    /// Top-level expressions in order.
    pub items: Vec<Expr>,
    /// All comments, in order.
    pub comments: Vec<Comment>,
}

impl Expr {
    /// The span of this expression.
    pub fn span(&self) -> Span {
        match self {
            Expr::Clause(c) => c.span,
            Expr::Array(_, s)
            | Expr::Str(_, s)
            | Expr::Int(_, s)
            | Expr::Decimal(_, s)
            | Expr::Bool(_, s)
            | Expr::Word(_, s)
            | Expr::Toggle(_, s)
            | Expr::Param(_, s) => *s,
        }
    }

    /// Sets every span inside to the empty span at 0 (for a tree printed
    /// without its source, see [`crate::syntax::print_file`]).
    pub fn clear_spans(&mut self) {
        let zero = Span::default();
        match self {
            Expr::Clause(c) => {
                c.span = zero;
                c.head_span = zero;
                c.args.iter_mut().for_each(Expr::clear_spans);
                for n in &mut c.named {
                    n.name_span = zero;
                    n.value.clear_spans();
                }
            }
            Expr::Array(v, s) => {
                *s = zero;
                v.iter_mut().for_each(Expr::clear_spans);
            }
            Expr::Str(_, s)
            | Expr::Int(_, s)
            | Expr::Decimal(_, s)
            | Expr::Bool(_, s)
            | Expr::Word(_, s)
            | Expr::Toggle(_, s)
            | Expr::Param(_, s) => *s = zero,
        }
    }

    /// A short name of the expression's kind, for error messages
    /// ("a clause", "an integer", …).
    pub fn kind_name(&self) -> &'static str {
        match self {
            Expr::Clause(_) => "a clause",
            Expr::Array(..) => "an array",
            Expr::Str(..) => "a string",
            Expr::Int(..) => "an integer",
            Expr::Decimal(..) => "a decimal number",
            Expr::Bool(..) => "a boolean",
            Expr::Word(..) => "a word",
            Expr::Toggle(..) => "a toggle reference",
            Expr::Param(..) => "a define parameter",
        }
    }
}
