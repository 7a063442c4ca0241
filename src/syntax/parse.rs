//! The parser: runs the pest grammar (`grammar/ludic.pest`) and lowers the
//! pest pairs into the owned AST of [`super::ast`].
//!
//! [`parse_file`] never panics. When the file is well formed it returns the
//! AST; otherwise it returns every syntax error it can find: pest stops at
//! the first one, so [`super::recover`] first repairs the bracket structure
//! and then checks each parenthesised form on its own.

use pest::Parser;
use pest::iterators::{Pair, Pairs};

use super::ast::{Clause, Comment, Expr, File, Named, Span};
use super::recover;
use crate::diag::Diagnostic;

pub use grammar::{LudicParser, Rule};

/// The parser pest generates, and its `Rule` enum (one variant per rule of
/// the grammar, undocumented: the grammar file documents them).
#[allow(missing_docs)]
mod grammar {
    /// The pest parser generated from `grammar/ludic.pest`.
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/ludic.pest"]
    pub struct LudicParser;
}

/// Parses a rule file into its AST.
///
/// On failure, returns all the errors found, in source order, each with the
/// span of the fault.
pub fn parse_file(source: &str) -> Result<File, Vec<Diagnostic>> {
    let mut scan = recover::scan(source);
    let mut diags = std::mem::take(&mut scan.diags);
    if scan.too_deep {
        return Err(recover::finish(source, diags));
    }
    if let Ok(pairs) = LudicParser::parse(Rule::file, &scan.text) {
        let file = lower_file(pairs, &scan.text, &mut diags);
        return if diags.is_empty() {
            Ok(file)
        } else {
            Err(recover::finish(source, diags))
        };
    }
    diags.extend(recover::check(source, &mut scan));
    if let Ok(pairs) = LudicParser::parse(Rule::file, &scan.text) {
        lower_file(pairs, &scan.text, &mut diags);
    }
    Err(recover::finish(source, diags))
}

/// The span of a pest pair.
fn span_of(pair: &Pair<'_, Rule>) -> Span {
    let s = pair.as_span();
    Span::new(s.start(), s.end())
}

/// Lowers the pairs of a `file` rule, collecting comments and lowering
/// errors (out-of-range numbers, bad escapes, missing spaces).
fn lower_file(pairs: Pairs<'_, Rule>, text: &str, diags: &mut Vec<Diagnostic>) -> File {
    let comments = pairs
        .clone()
        .flatten()
        .filter(|p| p.as_rule() == Rule::COMMENT)
        .map(|p| Comment {
            span: span_of(&p),
            text: p.as_str().to_string(),
        })
        .collect();
    let mut lower = Lower { text, diags };
    let inner = pairs.flat_map(|p| p.into_inner());
    let items = lower.sequence(inner);
    File { items, comments }
}

/// Lowering state: the text parsed, and where the errors found while
/// lowering go.
struct Lower<'d> {
    text: &'d str,
    diags: &'d mut Vec<Diagnostic>,
}

/// Whether a pair is an expression (not a comment, bracket or end marker).
fn is_expr(pair: &Pair<'_, Rule>) -> bool {
    !matches!(
        pair.as_rule(),
        Rule::COMMENT | Rule::EOI | Rule::rparen | Rule::rbrace
    )
}

/// Whether an expression is a bare token that needs blanks around it when
/// it touches another one (`8x8`, `3-4`).
fn is_atom(expr: &Expr) -> bool {
    matches!(
        expr,
        Expr::Int(..)
            | Expr::Decimal(..)
            | Expr::Bool(..)
            | Expr::Word(..)
            | Expr::Toggle(..)
            | Expr::Param(..)
    )
}

impl Lower<'_> {
    /// Lowers a sequence of expressions (array items, top-level items).
    fn sequence<'i>(&mut self, pairs: impl Iterator<Item = Pair<'i, Rule>>) -> Vec<Expr> {
        let items: Vec<Expr> = pairs.filter(is_expr).map(|p| self.expr(p)).collect();
        let tokens: Vec<(Span, bool)> = items.iter().map(|e| (e.span(), is_atom(e))).collect();
        self.check_spacing(&tokens);
        items
    }

    /// Reports atoms that touch each other: `8x8` is `8` then `x8`.
    fn check_spacing(&mut self, tokens: &[(Span, bool)]) {
        for pair in tokens.windows(2) {
            let ((prev, prev_atom), (cur, cur_atom)) = (pair[0], pair[1]);
            if prev_atom && cur_atom && prev.end == cur.start {
                self.missing_space(prev, cur);
            }
        }
    }

    /// Reports two tokens written without a space between them.
    fn missing_space(&mut self, prev: Span, cur: Span) {
        let slice = |s: Span| {
            self.text
                .get(s.start as usize..s.end as usize)
                .unwrap_or_default()
        };
        let message = format!(
            "missing space between `{}` and `{}`",
            slice(prev),
            slice(cur)
        );
        self.diags.push(
            Diagnostic::error(cur, message, "expected a space before this")
                .with_help("separate words and numbers with a space"),
        );
    }

    /// Lowers one expression pair.
    fn expr(&mut self, pair: Pair<'_, Rule>) -> Expr {
        let span = span_of(&pair);
        match pair.as_rule() {
            Rule::clause => Expr::Clause(self.clause(pair)),
            Rule::array => Expr::Array(self.sequence(pair.into_inner()), span),
            Rule::string => Expr::Str(self.string(pair), span),
            Rule::int => Expr::Int(self.int(&pair), span),
            Rule::decimal => Expr::Decimal(self.decimal(&pair), span),
            Rule::param => Expr::Param(self.param(&pair), span),
            Rule::toggle => Expr::Toggle(pair.as_str()[1..].to_string(), span),
            Rule::value => match pair.into_inner().next() {
                Some(inner) => self.expr(inner),
                None => Expr::Word(String::new(), span),
            },
            _ => word(pair.as_str(), span),
        }
    }

    /// Lowers a clause: head, positional and named arguments.
    fn clause(&mut self, pair: Pair<'_, Rule>) -> Clause {
        let span = span_of(&pair);
        let mut inner = pair.into_inner().filter(is_expr);
        let mut clause = match inner.next() {
            Some(head) => self.head(head, span),
            None => empty_clause(span),
        };
        let mut tokens = vec![(clause.head_span, !clause.head_is_str)];
        for arg in inner {
            if arg.as_rule() == Rule::named {
                let named = self.named(arg);
                let end = named.value.span().end as usize;
                tokens.push((
                    Span::new(named.name_span.start as usize, end),
                    is_atom(&named.value),
                ));
                clause.named.push(named);
            } else {
                let expr = self.expr(arg);
                tokens.push((expr.span(), is_atom(&expr)));
                clause.args.push(expr);
            }
        }
        self.check_spacing(&tokens);
        clause
    }

    /// A clause with its head filled from the head pair.
    fn head(&mut self, head: Pair<'_, Rule>, span: Span) -> Clause {
        let head_span = span_of(&head);
        let head_is_str = head.as_rule() == Rule::string;
        let name = if head_is_str {
            self.string(head)
        } else {
            head.as_str().to_string()
        };
        Clause {
            head: name,
            head_span,
            head_is_str,
            ..empty_clause(span)
        }
    }

    /// Lowers `name:value`.
    fn named(&mut self, pair: Pair<'_, Rule>) -> Named {
        let span = span_of(&pair);
        let mut inner = pair.into_inner();
        let name = inner.next();
        let value = inner.next().map(|v| self.expr(v));
        Named {
            name: name
                .as_ref()
                .map_or(String::new(), |n| n.as_str().to_string()),
            name_span: name.as_ref().map_or(span, span_of),
            value: value.unwrap_or(Expr::Word(String::new(), span)),
        }
    }

    /// The text of a string, escapes resolved; unknown escapes are reported.
    fn string(&mut self, pair: Pair<'_, Rule>) -> String {
        let start = pair.as_span().start() + 1;
        let body = pair.as_str();
        let body = &body[1..body.len().saturating_sub(1).max(1)];
        let mut out = String::with_capacity(body.len());
        let mut chars = body.char_indices();
        while let Some((i, c)) = chars.next() {
            if c != '\\' {
                if c.is_control() && !matches!(c, '\n' | '\t' | '\r') {
                    self.control_char(Span::new(start + i, start + i + c.len_utf8()), c);
                }
                out.push(c);
                continue;
            }
            match chars.next() {
                Some((_, '"')) => out.push('"'),
                Some((_, '\\')) => out.push('\\'),
                Some((_, 'n')) => out.push('\n'),
                Some((j, other)) => {
                    self.bad_escape(Span::new(start + i, start + j + other.len_utf8()));
                    out.push(other);
                }
                None => {}
            }
        }
        out
    }

    /// Reports a control character (a NUL, an escape) written raw in a
    /// string: invisible in an editor, and a terminal would obey it.
    fn control_char(&mut self, span: Span, c: char) {
        self.diags.push(
            Diagnostic::error(
                span,
                format!("control character U+{:04X} in a string", u32::from(c)),
                "control character",
            )
            .with_help("strings hold visible text, spaces, tabs and line breaks"),
        );
    }

    /// Reports an unknown escape sequence.
    fn bad_escape(&mut self, span: Span) {
        self.diags.push(
            Diagnostic::error(span, "unknown escape in string", "unknown escape")
                .with_help(r#"strings know the escapes `\"`, `\\` and `\n`"#),
        );
    }

    /// The value of an integer token; out of range is reported (value 0).
    fn int(&mut self, pair: &Pair<'_, Rule>) -> i64 {
        pair.as_str().parse().unwrap_or_else(|_| {
            self.diags.push(
                Diagnostic::error(
                    span_of(pair),
                    "integer out of range",
                    "this does not fit in 64 bits",
                )
                .with_help(format!(
                    "integers lie between {} and {}",
                    i64::MIN,
                    i64::MAX
                )),
            );
            0
        })
    }

    /// A decimal number `7.5` in tenths (75): one digit after the point,
    /// within the range of integers; else reported, and 0.
    fn decimal(&mut self, pair: &Pair<'_, Rule>) -> i64 {
        let text = pair.as_str();
        let tenths = text
            .split_once('.')
            .filter(|(_, frac)| frac.len() == 1)
            .and_then(|(whole, frac)| format!("{whole}{frac}").parse::<i64>().ok());
        tenths.unwrap_or_else(|| {
            let one_digit = text.split_once('.').is_some_and(|(_, f)| f.len() == 1);
            let (message, label) = match one_digit {
                true => (
                    "decimal number out of range",
                    "it does not fit in 64 bits (in tenths)",
                ),
                false => (
                    "decimal number with more than one digit after the point",
                    "expected one digit after the point",
                ),
            };
            self.diags.push(
                Diagnostic::error(span_of(pair), message, label)
                    .with_help("write a number such as 7.5 or -0.5"),
            );
            0
        })
    }

    /// The number of a define parameter `#n`; `#0` and overflow are reported.
    fn param(&mut self, pair: &Pair<'_, Rule>) -> u32 {
        match pair.as_str()[1..].parse::<u32>() {
            Ok(n) if n > 0 => n,
            Ok(_) => self.bad_param(
                pair,
                "define parameters are numbered from 1",
                "there is no parameter `#0`",
            ),
            Err(_) => self.bad_param(
                pair,
                "define parameter number out of range",
                "this number is too large",
            ),
        }
    }

    /// Reports a bad `#n` and returns a dummy number.
    fn bad_param(&mut self, pair: &Pair<'_, Rule>, message: &str, label: &str) -> u32 {
        self.diags.push(
            Diagnostic::error(span_of(pair), message, label)
                .with_help("write `#1` for the first parameter, `#2` for the second, …"),
        );
        1
    }
}

/// A bare word: `true` and `false` are booleans.
fn word(text: &str, span: Span) -> Expr {
    match text {
        "true" => Expr::Bool(true, span),
        "false" => Expr::Bool(false, span),
        _ => Expr::Word(text.to_string(), span),
    }
}

/// A clause with no head and no arguments, spanning `span`.
fn empty_clause(span: Span) -> Clause {
    Clause {
        head: String::new(),
        head_span: span,
        head_is_str: false,
        args: Vec::new(),
        named: Vec::new(),
        span,
    }
}

#[cfg(test)]
mod tests;
