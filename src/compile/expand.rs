//! Defines: `(define "Name" body)` macros with positional parameters `#1`,
//! `#2`…, called as `("Name" arg1 arg2)`, or as a bare `"Name"` when they
//! take no parameter. Expansion happens on the AST, before lowering.

use super::args::Diags;
use crate::diag::{Diagnostic, did_you_mean};
use crate::syntax::{Clause, Expr, Span};
use std::collections::HashMap;

/// Deepest nesting of define calls: a define may call another that calls
/// another… at most this many deep.
pub const MAX_DEPTH: usize = 32;

/// A define: its body, how many parameters it takes, where it was written.
#[derive(Debug, Clone)]
pub struct Define {
    /// The body, with `#k` parameters.
    pub body: Expr,
    /// Highest parameter number used in the body.
    pub arity: u32,
    /// Span of the name.
    pub span: Span,
    /// Whether some call used it.
    pub used: bool,
}

/// Highest parameter number a define may use (`#99`).
const MAX_PARAMS: u32 = 99;

/// Most expression nodes that define calls may produce in all.
const MAX_NODES: usize = 1_000_000;

/// Deepest nesting of clauses that an expansion may produce (a file
/// itself nests at most 128 deep: `syntax`'s limit).
pub const MAX_NESTING: usize = 256;

/// The defines of a file, by name.
#[derive(Debug, Default)]
pub struct Defines {
    map: HashMap<String, Define>,
    /// Nodes produced by expansions so far.
    produced: usize,
    /// "Nest too deeply" or "calls itself" was reported (once is enough).
    too_deep: bool,
    /// The defines being expanded, outermost first.
    stack: Vec<String>,
    /// How deeply the clause being expanded nests in the file's rules.
    nesting: usize,
    /// Where the outermost call being expanded is written.
    outer_call: Span,
    /// The error "expand to more than a million clauses", once reported:
    /// it makes every other error of the file moot.
    limit: Option<Diagnostic>,
    /// Defines whose declaration had errors: their calls are not reported
    /// again as unknown.
    broken: Vec<String>,
}

impl Defines {
    /// Records a `(define "Name" body)` clause.
    pub fn declare(&mut self, c: &Clause, d: &mut Diags) {
        super::args::check(c, "game", d);
        let (Some(Expr::Str(name, span)), Some(body)) = (c.args.first(), c.args.get(1)) else {
            if let Some(first) = c.args.first() {
                d.expected(first, "the define's name as a string");
            }
            return;
        };
        if !d.declare_once(self.map.contains_key(name), *span, "define", name) {
            return;
        }
        let arity = max_param(body);
        if arity > MAX_PARAMS {
            d.push(
                Diagnostic::error(
                    body.span(),
                    format!("define `{name}` uses parameter #{arity}"),
                    format!("at most #{MAX_PARAMS}"),
                )
                .with_help("number the parameters #1, #2, … in the order of the call's arguments"),
            );
            self.broken.push(name.clone());
            return;
        }
        let define = Define {
            arity,
            body: body.clone(),
            span: *span,
            used: false,
        };
        self.map.insert(name.clone(), define);
    }

    /// True if a define has this name.
    pub fn contains(&self, name: &str) -> bool {
        self.map.contains_key(name)
    }

    /// Expands every define call inside `e`.
    pub fn expand(&mut self, e: &mut Expr, d: &mut Diags) {
        if self.limit.is_none() {
            self.expand_at(e, d);
        }
    }

    /// The "more than a million clauses" error, if expansion hit it: the
    /// file's only relevant error.
    pub fn limit_error(&self) -> Option<&Diagnostic> {
        self.limit.as_ref()
    }

    fn expand_at(&mut self, e: &mut Expr, d: &mut Diags) {
        if self.limit.is_some() {
            return;
        }
        if let Expr::Str(name, span) = e {
            if self.map.contains_key(name.as_str()) {
                let (name, span) = (name.clone(), *span);
                self.expand_call(e, name, span, Vec::new(), d);
            }
            return;
        }
        if !matches!(e, Expr::Clause(_) | Expr::Array(..)) {
            return;
        }
        if self.nesting >= MAX_NESTING {
            self.too_nested(d);
            return;
        }
        self.nesting += 1;
        self.expand_in(e, d);
        self.nesting -= 1;
    }

    /// [`Defines::expand_at`] of a clause or an array.
    fn expand_in(&mut self, e: &mut Expr, d: &mut Diags) {
        match e {
            Expr::Clause(c) if c.head_is_str => {
                let known = self.map.contains_key(&c.head);
                if !known {
                    self.unknown(c, d);
                    return;
                }
                let (head, span, mut args) = (c.head.clone(), c.head_span, c.args.clone());
                // Arguments first, where they are written: a define may
                // take a call of itself as an argument.
                args.iter_mut().for_each(|a| self.expand_at(a, d));
                self.expand_call(e, head, span, args, d);
            }
            Expr::Clause(c) => {
                for a in &mut c.args {
                    self.expand_at(a, d);
                }
                for n in &mut c.named {
                    self.expand_at(&mut n.value, d);
                }
            }
            Expr::Array(v, _) => self.expand_array(v, d),
            _ => {}
        }
    }

    /// Expands the elements of an array, splicing in the elements of a
    /// define call whose body is an array: with `(define "Two" {N E})`,
    /// `{"Two" S}` is `{N E S}`. Only a call is spliced: an array written
    /// inside an array, or passed as a parameter, stays one element.
    fn expand_array(&mut self, v: &mut Vec<Expr>, d: &mut Diags) {
        let mut out = Vec::with_capacity(v.len());
        for mut a in std::mem::take(v) {
            let call = match &a {
                Expr::Str(name, _) => self.map.contains_key(name.as_str()),
                Expr::Clause(c) => c.head_is_str && self.map.contains_key(&c.head),
                _ => false,
            };
            self.expand_at(&mut a, d);
            match a {
                Expr::Array(inner, _) if call => out.extend(inner),
                other => out.push(other),
            }
        }
        *v = out;
    }

    /// Replaces the call `e` of define `name` by its body, expanded.
    fn expand_call(
        &mut self,
        e: &mut Expr,
        name: String,
        span: Span,
        args: Vec<Expr>,
        d: &mut Diags,
    ) {
        if let Some(at) = self.stack.iter().position(|n| *n == name) {
            let mut chain: Vec<String> =
                self.stack[at..].iter().map(|n| format!("`{n}`")).collect();
            chain.push(format!("`{name}`"));
            let help = format!(
                "it calls itself through {}: a define may call others, but not itself",
                chain.join(" → ")
            );
            self.nest_error(span, format!("define `{name}` calls itself"), help, d);
            return;
        }
        if self.stack.len() >= MAX_DEPTH {
            let help = format!(
                "defines may call each other at most {MAX_DEPTH} deep; `{}` is call number {}",
                name,
                MAX_DEPTH + 1
            );
            self.nest_error(
                span,
                format!("defines nest more than {MAX_DEPTH} deep"),
                help,
                d,
            );
            return;
        }
        if self.stack.is_empty() {
            self.outer_call = span;
        }
        if let Some(body) = self.call(&name, span, &args, d) {
            *e = body;
            self.stack.push(name);
            self.expand_at(e, d);
            self.stack.pop();
        }
    }

    /// Refuses an expansion nested more than [`MAX_NESTING`] deep, met
    /// while walking it (every stage after this one walks clauses
    /// recursively: a define of a deep body called inside its own
    /// arguments would overflow their stack). Like the size limit, it is
    /// the file's only error, and every later call is left alone.
    fn too_nested(&mut self, d: &mut Diags) {
        let error = Diagnostic::error(
            self.outer_call,
            format!("defines expand to clauses nested more than {MAX_NESTING} deep"),
            "this call nests too deeply",
        )
        .with_help("a define whose body is deep, called in its own arguments or in another deep define, adds their depths: call it less deeply");
        self.limit = Some(error.clone());
        d.push(error);
        self.produced = MAX_NODES + 1;
    }

    /// Reports a recursive or too deep define call, once.
    fn nest_error(&mut self, span: Span, message: String, help: String, d: &mut Diags) {
        if !self.too_deep {
            self.too_deep = true;
            d.push(Diagnostic::error(span, message, "here").with_help(help));
        }
    }

    /// The body of define `name` with its parameters bound, if `name` is a
    /// define.
    fn call(&mut self, name: &str, span: Span, args: &[Expr], d: &mut Diags) -> Option<Expr> {
        if self.produced > MAX_NODES {
            return None; // reported once already
        }
        let def = self.map.get_mut(name)?;
        def.used = true;
        if args.len() != def.arity as usize {
            let params: Vec<String> = (1..=def.arity).map(|k| format!("ARG{k}")).collect();
            let call = if params.is_empty() {
                format!("`\"{name}\"` alone")
            } else {
                format!("`(\"{name}\" {})`", params.join(" "))
            };
            d.push(
                Diagnostic::error(
                    span,
                    format!(
                        "define `{name}` takes {} argument(s), found {}",
                        def.arity,
                        args.len()
                    ),
                    format!("expected {} argument(s)", def.arity),
                )
                .with_help(format!("call it as {call}")),
            );
            return None;
        }
        let mut body = def.body.clone();
        bind(&mut body, args);
        self.produced += size(&body);
        if self.produced > MAX_NODES {
            let error = Diagnostic::error(
                span,
                format!("defines expand to more than {MAX_NODES} clauses"),
                "this call makes the file too large",
            )
            .with_help("a define called many times, or calling others many times, multiplies its size: call it less often");
            self.limit = Some(error.clone());
            d.push(error);
            return None;
        }
        Some(body)
    }

    fn unknown(&self, c: &Clause, d: &mut Diags) {
        if self.broken.contains(&c.head) {
            return;
        }
        let mut diag = Diagnostic::error(
            c.head_span,
            format!("unknown define `{}`", c.head),
            "no `(define …)` has this name",
        );
        if let Some(s) = did_you_mean(&c.head, self.map.keys().map(String::as_str)) {
            diag = diag.with_help(format!("did you mean `{s}`?"));
        } else if let Some(w) = did_you_mean(&c.head, super::vocab::words()) {
            diag = diag.with_help(format!(
                "`{w}` is a word of the language: write it bare, without quotes or brackets"
            ));
        } else {
            let mut names: Vec<&str> = self.map.keys().map(String::as_str).collect();
            names.sort_unstable();
            diag = diag.with_help(if names.is_empty() {
                "the file declares no define".to_string()
            } else {
                format!("the defines are: {}", names.join(", "))
            });
        }
        d.push(diag);
    }

    /// Warnings for defines that nothing calls: a define is used when the
    /// rules call it, or a used define's body does (expansion may have
    /// stopped before reaching it).
    pub fn warn_unused(&self, d: &mut Diags) {
        let mut used: std::collections::HashSet<&str> = self
            .map
            .iter()
            .filter(|(_, def)| def.used)
            .map(|(n, _)| n.as_str())
            .collect();
        let mut todo: Vec<&str> = used.iter().copied().collect();
        while let Some(name) = todo.pop() {
            let mut calls = Vec::new();
            called(&self.map[name].body, &mut calls);
            for c in calls {
                if self.map.contains_key(c) && used.insert(c) {
                    todo.push(c);
                }
            }
        }
        let mut unused: Vec<(&String, &Define)> = self
            .map
            .iter()
            .filter(|(n, _)| !used.contains(n.as_str()))
            .collect();
        unused.sort_by_key(|(_, def)| def.span.start);
        for (name, def) in unused {
            d.push(
                Diagnostic::warning(
                    def.span,
                    format!("define `{name}` is never used"),
                    "unused define",
                )
                .with_help("remove it, or call it where it is meant to apply"),
            );
        }
    }
}

/// The names `e` may call: its strings and string-headed clauses.
fn called<'e>(e: &'e Expr, out: &mut Vec<&'e str>) {
    match e {
        Expr::Str(n, _) => out.push(n),
        Expr::Clause(c) => {
            if c.head_is_str {
                out.push(&c.head);
            }
            c.args
                .iter()
                .chain(c.named.iter().map(|n| &n.value))
                .for_each(|a| called(a, out));
        }
        Expr::Array(v, _) => v.iter().for_each(|a| called(a, out)),
        _ => {}
    }
}

fn max_param(e: &Expr) -> u32 {
    match e {
        Expr::Param(k, _) => *k,
        Expr::Clause(c) => c
            .args
            .iter()
            .chain(c.named.iter().map(|n| &n.value))
            .map(max_param)
            .max()
            .unwrap_or(0),
        Expr::Array(v, _) => v.iter().map(max_param).max().unwrap_or(0),
        _ => 0,
    }
}

fn bind(e: &mut Expr, args: &[Expr]) {
    match e {
        Expr::Param(k, _) => {
            if let Some(a) = args.get((*k as usize).wrapping_sub(1)) {
                *e = a.clone();
            }
        }
        Expr::Clause(c) => {
            c.args.iter_mut().for_each(|a| bind(a, args));
            c.named.iter_mut().for_each(|n| bind(&mut n.value, args));
        }
        Expr::Array(v, _) => v.iter_mut().for_each(|a| bind(a, args)),
        _ => {}
    }
}

/// The number of nodes of an expression.
fn size(e: &Expr) -> usize {
    1 + match e {
        Expr::Clause(c) => c
            .args
            .iter()
            .chain(c.named.iter().map(|n| &n.value))
            .map(size)
            .sum(),
        Expr::Array(v, _) => v.iter().map(size).sum(),
        _ => 0,
    }
}
