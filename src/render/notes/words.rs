//! Conditions of the rule file in a player's words, for the status line
//! of a finished game: `(line 4 To)` is "a line of 4", `(in To "Far")`
//! "a piece reached Far", `(equal (pieces) 0)` "no pieces left", a
//! define called by name "the rule “Joins”". A condition the phrase book
//! does not know is named by the first define it calls, else shown as
//! written.

use crate::syntax::{Clause, Expr};

/// `e`, a condition, in words; `text` gives the rule text of an
/// expression, `defined` tells a define's name.
pub fn say(e: &Expr, text: &dyn Fn(&Expr) -> String, defined: &dyn Fn(&str) -> bool) -> String {
    match e {
        Expr::Clause(c) if c.head_is_str => format!("the rule “{}”", c.head),
        Expr::Str(name, _) if defined(name) => format!("the rule “{name}”"),
        Expr::Clause(c) => clause(c, text, defined)
            .or_else(|| first_define(e, defined).map(|name| format!("the rule “{name}”")))
            .unwrap_or_else(|| text(e)),
        _ => text(e),
    }
}

/// The first define that `e` calls by name, depth first (`(any
/// (neighbours To "Dead"))` calls "Dead"): what a condition the phrase
/// book does not know is named by, rather than its rule text.
fn first_define<'e>(e: &'e Expr, defined: &dyn Fn(&str) -> bool) -> Option<&'e str> {
    match e {
        Expr::Str(name, _) if defined(name) => Some(name),
        Expr::Clause(c) if c.head_is_str && defined(&c.head) => Some(&c.head),
        Expr::Clause(c) => c
            .args
            .iter()
            .chain(c.named.iter().map(|n| &n.value))
            .find_map(|a| first_define(a, defined)),
        Expr::Array(xs, _) => xs.iter().find_map(|a| first_define(a, defined)),
        _ => None,
    }
}

/// A clause the phrase book knows, in words.
fn clause(
    c: &Clause,
    text: &dyn Fn(&Expr) -> String,
    defined: &dyn Fn(&str) -> bool,
) -> Option<String> {
    let arg = |i: usize| c.args.get(i);
    let said = |e: &Expr| say(e, text, defined);
    let all = |sep: &str| c.args.iter().map(said).collect::<Vec<_>>().join(sep);
    Some(match c.head.as_str() {
        "line" => format!("a line of {}", text(arg(0)?)),
        "in" => match arg(c.args.len().checked_sub(1)?)? {
            Expr::Str(r, _) => format!("a piece reached {r}"),
            _ => return None,
        },
        "in-check" => match arg(0) {
            Some(Expr::Str(k, _)) => format!("the {k} in check"),
            _ => "in check".into(),
        },
        "or" => all(" or "),
        "and" => all(" and "),
        "not" => format!("not {}", said(arg(0)?)),
        "connected" => "all their pieces joined in one group".into(),
        "repeated" => "a position repeated".into(),
        "equal" if is_pieces(arg(0)?) && text(arg(1)?) == "0" => "no pieces left".into(),
        "equal" if pieces_in(arg(0)?).is_some() => {
            format!("{} {}", text(arg(1)?), pieces_in(arg(0)?)?)
        }
        "equal" => format!("{} at {}", amount(arg(0)?, text)?, text(arg(1)?)),
        "less-than" if is_pieces(arg(0)?) => format!("fewer than {} pieces", text(arg(1)?)),
        "less-than" => format!("{} under {}", amount(arg(0)?, text)?, text(arg(1)?)),
        "more-than" => format!("{} over {}", amount(arg(0)?, text)?, text(arg(1)?)),
        "at-least" => format!("{} at {} or more", amount(arg(0)?, text)?, text(arg(1)?)),
        _ => return None,
    })
}

/// `(pieces)` alone: the mover's pieces on the board.
fn is_pieces(e: &Expr) -> bool {
    matches!(e, Expr::Clause(c) if c.head == "pieces" && c.args.is_empty() && !c.head_is_str)
}

/// `(pieces-in (where (in "R")))`: the mover's pieces in region R, in
/// words (`pieces in Off`).
fn pieces_in(e: &Expr) -> Option<String> {
    let Expr::Clause(c) = e else { return None };
    if c.head != "pieces-in" || c.head_is_str {
        return None;
    }
    let Some(Expr::Clause(w)) = c.args.first() else {
        return None;
    };
    let Some(Expr::Clause(i)) = w.args.first().filter(|_| w.head == "where") else {
        return None;
    };
    match (i.head.as_str(), i.args.as_slice()) {
        ("in", [Expr::Str(r, _)]) => Some(format!("pieces in {r}")),
        _ => None,
    }
}

/// An amount a comparison reads, in words: `(pieces)` "pieces", a
/// counter by its name, a number as written; `None` for another.
fn amount(e: &Expr, text: &dyn Fn(&Expr) -> String) -> Option<String> {
    match e {
        _ if is_pieces(e) => Some("pieces".into()),
        _ if pieces_in(e).is_some() => pieces_in(e),
        Expr::Clause(c) if c.head == "counter" && !c.head_is_str => match c.args.first() {
            Some(Expr::Str(n, _)) => Some(n.clone()),
            _ => None,
        },
        Expr::Int(..) => Some(text(e)),
        _ => None,
    }
}
