//! The shape of a ludeme's arguments, read from its signature in the
//! vocabulary table ([`super::vocab::LUDEMES`]): how many positional
//! arguments it takes and which named ones. The table is the one source:
//! the reference in docs/language.md shows the signature, and the compile
//! stage checks every clause against the shape read from it, so the two
//! cannot disagree.
//!
//! A signature is one or more alternatives separated by ` | `, each
//! `(head ARG…)` or a bare word (`Empty`, which takes no arguments). An
//! argument is positional (`SITE`, `"Kind"`, `N`), optional in brackets
//! (`[SITE]`), repeated with `…` (`COND…`: one or more; `[X]…` or `[X…]`:
//! any number), or named (`to:COND`, `[dirs:DIRS]`; a named argument is
//! always optional to the shape check).

use std::collections::HashMap;
use std::sync::OnceLock;

/// How many positional arguments a ludeme takes and which named ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape {
    /// Fewest positional arguments.
    pub min: usize,
    /// Most positional arguments (`usize::MAX`: no limit).
    pub max: usize,
    /// The names of its named arguments, in signature order.
    pub named: Vec<&'static str>,
}

/// One alternative's positional arguments and names.
#[derive(Debug, Default)]
struct Alt {
    min: usize,
    max: usize,
    named: Vec<&'static str>,
}

/// Reads a signature into a shape (the union of its alternatives); `None`
/// when it has no clause alternative.
pub fn parse(signature: &'static str) -> Option<Shape> {
    let alts: Vec<Alt> = split_top(signature, '|')
        .into_iter()
        .filter_map(|a| clause_alt(a.trim()))
        .collect();
    let first = alts.first()?;
    let mut shape = Shape {
        min: first.min,
        max: first.max,
        named: Vec::new(),
    };
    for a in &alts {
        shape.min = shape.min.min(a.min);
        shape.max = shape.max.max(a.max);
        for n in &a.named {
            if !shape.named.contains(n) {
                shape.named.push(n);
            }
        }
    }
    Some(shape)
}

/// One alternative `(head ARG…)`, or `None` for a bare word.
fn clause_alt(alt: &'static str) -> Option<Alt> {
    let inner = alt.strip_prefix('(')?.strip_suffix(')')?;
    let mut tokens = split_top(inner, ' ').into_iter().filter(|t| !t.is_empty());
    tokens.next()?; // the head
    let mut out = Alt::default();
    for t in tokens {
        token(t, false, &mut out);
    }
    Some(out)
}

/// Adds one argument token to `out`; `optional` inside brackets.
fn token(t: &'static str, optional: bool, out: &mut Alt) {
    if let Some(name) = named(t) {
        out.named.push(name);
        return;
    }
    let (body, repeated) = match t.strip_suffix('…') {
        Some(b) if !b.contains('|') => (b, true),
        _ => (t, false),
    };
    if let Some(inner) = body.strip_prefix('[').and_then(|b| b.strip_suffix(']')) {
        for u in split_top(inner, ' ').into_iter().filter(|u| !u.is_empty()) {
            // `…` ends a list of words (`P1|P2…`) or repeats the argument.
            let repeat_inner = repeated || (u.ends_with('…') && !u.contains('|'));
            if named(u).is_some() {
                token(u, true, out);
            } else if repeat_inner {
                out.max = usize::MAX;
            } else {
                out.max = out.max.saturating_add(1);
            }
        }
        return;
    }
    if !optional {
        out.min += 1;
    }
    out.max = if repeated {
        usize::MAX
    } else {
        out.max.saturating_add(1)
    };
}

/// The name of a named argument `name:VALUE` (a lower-case word, dashes
/// allowed, then a colon).
fn named(t: &'static str) -> Option<&'static str> {
    let (name, _) = t.split_once(':')?;
    let ok = !name.is_empty()
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && name.chars().all(|c| c.is_ascii_lowercase() || c == '-');
    ok.then_some(name)
}

/// Splits `s` at `sep` outside brackets and quotes.
fn split_top(s: &'static str, sep: char) -> Vec<&'static str> {
    let mut out = Vec::new();
    let (mut depth, mut quoted, mut start) = (0i32, false, 0);
    for (i, c) in s.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '(' | '[' | '{' if !quoted => depth += 1,
            ')' | ']' | '}' if !quoted => depth -= 1,
            c if c == sep && depth == 0 && !quoted => {
                out.push(&s[start..i]);
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

/// The shape of the ludeme `name` where it stands in `context` (a
/// context of [`super::vocab::Ludeme::context`]).
pub fn of(context: &str, name: &str) -> Option<&'static Shape> {
    type Table = HashMap<&'static str, HashMap<&'static str, Shape>>;
    static SHAPES: OnceLock<Table> = OnceLock::new();
    SHAPES
        .get_or_init(|| {
            let mut t = Table::new();
            for l in super::vocab::LUDEMES {
                if let Some(s) = parse(l.signature) {
                    t.entry(l.context).or_default().insert(l.name, s);
                }
            }
            t
        })
        .get(context)?
        .get(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(sig: &'static str) -> (usize, usize, Vec<&'static str>) {
        let s = parse(sig).expect("a clause signature");
        (s.min, s.max, s.named)
    }

    #[test]
    fn positional_optional_and_named_arguments() {
        assert_eq!(shape("(in [SITE] \"Region\")"), (1, 2, vec![]));
        assert_eq!(
            shape("(push SITE N [kind:\"Kind\"] [owner:Mover|Top])"),
            (2, 2, vec!["kind", "owner"])
        );
        assert_eq!(shape("(end-turn)"), (0, 0, vec![]));
        assert_eq!(
            shape("(flip TOGGLE to:COND [then:EFFECTS])"),
            (1, 1, vec!["to", "then"])
        );
    }

    #[test]
    fn repeated_arguments_have_no_upper_limit() {
        assert_eq!(shape("(and COND…)"), (1, usize::MAX, vec![]));
        assert_eq!(shape("(heuristics TERM…)").1, usize::MAX);
        assert_eq!(shape("(sum [NUM…])"), (0, usize::MAX, vec![]));
        // `…` after a list of words is part of the list, not a repeat.
        assert_eq!(shape("(win [Mover|Next|P1…])"), (0, 1, vec![]));
        assert_eq!(shape("(first P1|P2…|Random)"), (1, 1, vec![]));
    }

    #[test]
    fn alternatives_are_united_and_bare_words_skipped() {
        assert_eq!(
            shape("(height [SITE] N) | (height [SITE] min:N max:M)"),
            (0, 2, vec!["min", "max"])
        );
        assert_eq!(shape("(empty [SITE]) | Empty"), (0, 1, vec![]));
        assert_eq!(parse("Empty"), None);
    }

    #[test]
    fn brackets_may_hold_several_named_arguments_and_values_with_bars() {
        assert_eq!(
            shape("(step [cost:NUM budget:\"Counter\"] [count:Whole|One|Any])"),
            (0, 0, vec!["cost", "budget", "count"])
        );
        assert_eq!(
            shape("(score NUM [tie-break:NUM|{NUM…}])"),
            (1, 1, vec!["tie-break"])
        );
    }

    #[test]
    fn every_ludeme_of_the_table_has_a_shape() {
        for l in super::super::vocab::LUDEMES {
            assert!(
                of(l.context, l.name).is_some(),
                "`{}` ({}): no clause in its signature `{}`",
                l.name,
                l.context,
                l.signature
            );
        }
    }
}
