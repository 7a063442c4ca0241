//! Toggles: `(toggle name type default:v "description")` declarations, their
//! `--set name=value` overrides, and the substitution of `$name` by the
//! value in force.

use super::args::{Diags, check, int, named, string, word};
use super::ir::{Toggle, ToggleType, Value};
use crate::diag::{Diagnostic, did_you_mean};
use crate::syntax::{Clause, Expr, Span};
use std::collections::{HashMap, HashSet};

/// Reads one `(toggle …)` clause.
pub fn declare(c: &Clause, d: &mut Diags) -> Option<Toggle> {
    check(c, "game", d);
    let name = word(c.args.first()?, d)?.to_string();
    let ty = toggle_type(c, d)?;
    let description = string(c.args.get(2)?, d)?.to_string();
    let Some(def) = named(c, "default") else {
        d.error(
            c.span,
            format!("toggle `{name}` needs a default"),
            "add `default:VALUE`",
        );
        return None;
    };
    let default = value_of(def, &ty, d)?;
    Some(Toggle {
        name,
        ty,
        value: default.clone(),
        default,
        description,
        read: false,
    })
}

/// The names read with `$name` anywhere in `e` (defines' bodies
/// included).
pub fn read_names<'e>(e: &'e Expr, out: &mut HashSet<&'e str>) {
    match e {
        Expr::Toggle(n, _) => {
            out.insert(n.as_str());
        }
        Expr::Clause(c) => c
            .args
            .iter()
            .chain(c.named.iter().map(|n| &n.value))
            .for_each(|a| read_names(a, out)),
        Expr::Array(v, _) => v.iter().for_each(|a| read_names(a, out)),
        _ => {}
    }
}

fn toggle_type(c: &Clause, d: &mut Diags) -> Option<ToggleType> {
    let e = c.args.get(1)?;
    match super::args::choice(e, &["bool", "int", "choice", "decimal"], d)? {
        "bool" => Some(ToggleType::Bool),
        "decimal" => decimal_type(c, d),
        "int" => {
            let (min, max) = match named(c, "range") {
                Some(Expr::Array(v, span)) if v.len() == 2 => {
                    let (min, max) = (int(&v[0], d)?, int(&v[1], d)?);
                    if min > max {
                        d.push(
                            Diagnostic::error(
                                *span,
                                format!("inverted range: {min} is above {max}"),
                                "the first number is the lowest value",
                            )
                            .with_help(format!("write `range:{{{max} {min}}}`")),
                        );
                        return None;
                    }
                    (min, max)
                }
                Some(other) => {
                    d.expected(other, "`{MIN MAX}`");
                    return None;
                }
                None => (i64::MIN, i64::MAX),
            };
            Some(ToggleType::Int { min, max })
        }
        _ => match named(c, "choices") {
            Some(Expr::Array(v, _)) if !v.is_empty() => {
                let words: Option<Vec<String>> =
                    v.iter().map(|w| word(w, d).map(str::to_string)).collect();
                let words = words?;
                for (i, w) in words.iter().enumerate() {
                    if words[..i].contains(w) {
                        d.push(
                            Diagnostic::error(
                                v[i].span(),
                                format!("choice `{w}` is listed twice"),
                                "each choice once",
                            )
                            .with_help(format!("remove this `{w}`")),
                        );
                        return None;
                    }
                }
                Some(ToggleType::Choice(words))
            }
            _ => {
                d.error(
                    c.span,
                    "a choice toggle needs `choices:{A B …}`",
                    "add the choices",
                );
                None
            }
        },
    }
}

/// A `decimal` toggle's type: its `range:{MIN MAX}` (integers or
/// decimals), required, in tenths.
fn decimal_type(c: &Clause, d: &mut Diags) -> Option<ToggleType> {
    // A decimal's values are its range's; a list of choices would be read
    // as nothing (the game took any value in the range).
    if let Some(e) = named(c, "choices") {
        d.error(
            e.span(),
            "a decimal toggle takes no `choices:`",
            "its values are those of its `range:`; a toggle of a few named values is a `choice`",
        );
        return None;
    }
    let tenths = |e: &Expr, d: &mut Diags| match e {
        Expr::Int(i, span) => {
            let t = i.checked_mul(10);
            if t.is_none() {
                // Said, not dropped: a toggle lost here vanished from the
                // game while `check` said the file was fine.
                d.error(
                    *span,
                    "too large for a decimal toggle",
                    format!("a decimal toggle's values lie within ±{}", i64::MAX / 10),
                );
            }
            t
        }
        Expr::Decimal(t, _) => Some(*t),
        other => {
            d.expected(other, "a number (`0`, `7.5`)");
            None
        }
    };
    match named(c, "range") {
        Some(Expr::Array(v, span)) if v.len() == 2 => {
            let (min, max) = (tenths(&v[0], d)?, tenths(&v[1], d)?);
            if min > max {
                d.error(
                    *span,
                    "inverted range",
                    "the first number is the lowest value",
                );
                return None;
            }
            Some(ToggleType::Decimal { min, max })
        }
        Some(other) => {
            d.expected(other, "`{MIN MAX}`");
            None
        }
        None => {
            d.error(
                c.span,
                "a decimal toggle needs `range:{MIN MAX}`",
                "add the range",
            );
            None
        }
    }
}

/// Checks that expression `e` is a valid value of type `ty`.
fn value_of(e: &Expr, ty: &ToggleType, d: &mut Diags) -> Option<Value> {
    let v = match (e, ty) {
        (Expr::Bool(b, _), ToggleType::Bool) => Value::Bool(*b),
        (Expr::Int(i, _), ToggleType::Int { .. }) => Value::Int(*i),
        (Expr::Word(w, _), ToggleType::Choice(_)) => Value::Choice(w.clone()),
        (Expr::Decimal(t, _), ToggleType::Decimal { .. }) => Value::Decimal(*t),
        (Expr::Int(i, _), ToggleType::Decimal { .. }) if i.checked_mul(10).is_some() => {
            Value::Decimal(i * 10)
        }
        _ => {
            // Said outright, even for a `$name` or a define call (which
            // `expected` leaves to earlier steps): a default is a literal.
            d.push(
                Diagnostic::error(
                    e.span(),
                    format!("expected a value of type {ty}, found {}", e.kind_name()),
                    format!("expected {ty}"),
                )
                .with_help("a toggle's value is written as it is: `true`, `12`, `hex5`"),
            );
            return None;
        }
    };
    match check_value(&v, ty) {
        Ok(()) => Some(v),
        Err(msg) => {
            let mut diag = Diagnostic::error(e.span(), msg.to_string(), format!("expected {ty}"));
            match (&v, ty) {
                (Value::Choice(c), ToggleType::Choice(cs)) => {
                    if let Some(s) = did_you_mean(c, cs.iter().map(String::as_str)) {
                        diag = diag.with_help(format!("did you mean `{s}`?"));
                    }
                }
                (_, ToggleType::Int { min, max }) => {
                    diag = diag.with_help(format!(
                        "give a value from {min} to {max}, or widen the toggle's `range:`"
                    ));
                }
                (_, ToggleType::Decimal { min, max }) => {
                    diag = diag.with_help(format!(
                        "give a value from {} to {}, or widen the toggle's `range:`",
                        super::ir::tenths_text(*min),
                        super::ir::tenths_text(*max)
                    ));
                }
                _ => {}
            }
            d.push(diag);
            None
        }
    }
}

/// Why a value does not fit a toggle's type ([`check_value`],
/// [`parse_value`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ValueError {
    /// A bool toggle given another word.
    #[error("`{}` is not a bool: use true or false", crate::diag::clip(.0))]
    NotBool(String),
    /// An int toggle given a text that is no integer.
    #[error("`{}` is not an integer", crate::diag::clip(.0))]
    NotInt(String),
    /// An integer outside the toggle's range.
    #[error("{value} is out of range {min}..={max}")]
    OutOfRange {
        /// The value given.
        value: i64,
        /// The range's smallest value.
        min: i64,
        /// The range's largest value.
        max: i64,
    },
    /// An integer too large (or small) even to read: `99999999999999999999`.
    #[error("{} is out of range {min}..={max} (too large to read)", crate::diag::clip(.value))]
    Huge {
        /// The value as written.
        value: String,
        /// The range's smallest value.
        min: i64,
        /// The range's largest value.
        max: i64,
    },
    /// A decimal toggle given a text that is no number with at least one
    /// digit before the point and at most one after it (`.5` included:
    /// written `0.5`, as in the rule file).
    #[error(
        "`{}` is not a decimal number: at least one digit before the point, at most one after it (`7.5`, `0.5`)",
        crate::diag::clip(.0)
    )]
    NotDecimal(String),
    /// A decimal outside the toggle's range.
    #[error("{value} is out of range {min}..={max}")]
    DecimalOutOfRange {
        /// The value given, as written back.
        value: String,
        /// The range's smallest value.
        min: String,
        /// The range's largest value.
        max: String,
    },
    /// A word that is none of the toggle's choices.
    #[error("`{}` is not one of: {}", crate::diag::clip(.value), .choices.join(", "))]
    NotAChoice {
        /// The word given.
        value: String,
        /// The toggle's choices.
        choices: Vec<String>,
    },
}

/// Checks a value against a type: the range of an int, the choices.
pub fn check_value(v: &Value, ty: &ToggleType) -> Result<(), ValueError> {
    match (v, ty) {
        (Value::Int(i), ToggleType::Int { min, max }) if i < min || i > max => {
            Err(ValueError::OutOfRange {
                value: *i,
                min: *min,
                max: *max,
            })
        }
        (Value::Decimal(t), ToggleType::Decimal { min, max }) if t < min || t > max => {
            Err(ValueError::DecimalOutOfRange {
                value: super::ir::tenths_text(*t),
                min: super::ir::tenths_text(*min),
                max: super::ir::tenths_text(*max),
            })
        }
        (Value::Choice(c), ToggleType::Choice(cs)) if !cs.contains(c) => {
            Err(ValueError::NotAChoice {
                value: c.clone(),
                choices: cs.clone(),
            })
        }
        _ => Ok(()),
    }
}

/// Parses a `--set` value given as text for a toggle of type `ty`.
pub fn parse_value(text: &str, ty: &ToggleType) -> Result<Value, ValueError> {
    let v = match ty {
        ToggleType::Bool => match text {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            _ => return Err(ValueError::NotBool(text.to_string())),
        },
        ToggleType::Int { min, max } => Value::Int(text.parse().map_err(
            |e: std::num::ParseIntError| match e.kind() {
                std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow => {
                    ValueError::Huge {
                        value: text.to_string(),
                        min: *min,
                        max: *max,
                    }
                }
                _ => ValueError::NotInt(text.to_string()),
            },
        )?),
        ToggleType::Choice(_) => Value::Choice(text.to_string()),
        ToggleType::Decimal { min, max } => {
            Value::Decimal(
                parse_tenths(text).ok_or_else(|| match decimal_shaped(text) {
                    // A number, but too large to hold: out of the range.
                    true => ValueError::DecimalOutOfRange {
                        value: crate::diag::clip(text).into_owned(),
                        min: super::ir::tenths_text(*min),
                        max: super::ir::tenths_text(*max),
                    },
                    false => ValueError::NotDecimal(text.to_string()),
                })?,
            )
        }
    };
    check_value(&v, ty)?;
    Ok(v)
}

/// Applies `name=value` overrides to the declared toggles. Every problem
/// is reported, each with the valid toggles or values.
pub fn apply_overrides(toggles: &mut [Toggle], sets: &[(String, String)]) -> Vec<String> {
    let mut errors = Vec::new();
    for (name, text) in sets {
        let Some(t) = toggles.iter_mut().find(|t| &t.name == name) else {
            let names: Vec<&str> = toggles.iter().map(|t| t.name.as_str()).collect();
            let hint = did_you_mean(name, names.iter().copied())
                .map(|s| format!(" (did you mean `{s}`?)"))
                .unwrap_or_default();
            let valid = if names.is_empty() {
                "this game has no toggles".to_string()
            } else {
                format!("valid toggles: {}", names.join(", "))
            };
            errors.push(format!(
                "unknown toggle `{}`{hint}; {valid}",
                crate::diag::clip(name)
            ));
            continue;
        };
        match parse_value(text, &t.ty) {
            Ok(v) => t.value = v,
            Err(e) => {
                // A choice's message lists the choices already: no type
                // (the same list) before it, a near one after it.
                let (ty, near) = match &t.ty {
                    ToggleType::Choice(cs) => (
                        String::new(),
                        did_you_mean(text, cs.iter().map(String::as_str))
                            .map(|s| format!(" (did you mean `{s}`?)"))
                            .unwrap_or_default(),
                    ),
                    other => (format!(" ({other})"), String::new()),
                };
                errors.push(format!("bad value for toggle `{name}`{ty}: {e}{near}"));
            }
        }
    }
    errors
}

/// The boolean toggles that a `flip` (move or effect) names anywhere in
/// `body`, defines expanded: they change during play, so `$name` of one is
/// read when the rule is evaluated, not once when the file is read
/// (Genocide's capturable toggles, docs/games/genocide.md).
pub fn flipped(body: &[Expr], toggles: &[Toggle]) -> Vec<String> {
    fn walk(e: &Expr, bools: &HashSet<&str>, seen: &mut HashSet<String>, out: &mut Vec<String>) {
        match e {
            Expr::Clause(c) => {
                if c.head == "flip"
                    && let Some(Expr::Word(w, _)) = c.args.first()
                    && bools.contains(w.as_str())
                    && seen.insert(w.clone())
                {
                    out.push(w.clone());
                }
                c.args
                    .iter()
                    .chain(c.named.iter().map(|n| &n.value))
                    .for_each(|a| walk(a, bools, seen, out));
            }
            Expr::Array(v, _) => v.iter().for_each(|a| walk(a, bools, seen, out)),
            _ => {}
        }
    }
    let bools: HashSet<&str> = toggles
        .iter()
        .filter(|t| t.ty == ToggleType::Bool)
        .map(|t| t.name.as_str())
        .collect();
    let (mut seen, mut out) = (HashSet::new(), Vec::new());
    body.iter()
        .for_each(|e| walk(e, &bools, &mut seen, &mut out));
    out
}

/// The toggles by name, with those flipped during play (`live`) and
/// those whose declaration has errors (`broken`): what
/// [`substitute`] and [`check_match_cases`] look up, once per `$name`
/// (hashed, so that a file of thousands of toggles checks in linear
/// time).
pub struct Bound<'a> {
    /// The declared toggles, in order.
    pub toggles: &'a [Toggle],
    by_name: HashMap<&'a str, &'a Toggle>,
    live: HashSet<&'a str>,
    broken: HashSet<&'a str>,
}

impl<'a> Bound<'a> {
    /// Indexes `toggles`, `live` and `broken` by name.
    pub fn new(toggles: &'a [Toggle], live: &'a [String], broken: &'a [String]) -> Bound<'a> {
        Bound {
            toggles,
            by_name: toggles.iter().map(|t| (t.name.as_str(), t)).collect(),
            live: live.iter().map(String::as_str).collect(),
            broken: broken.iter().map(String::as_str).collect(),
        }
    }

    fn get(&self, name: &str) -> Option<&'a Toggle> {
        self.by_name.get(name).copied()
    }
}

/// Replaces every `$name` in `e` by the toggle's value, except the
/// toggles in `live` (flipped during play), whose `$name` stays for the
/// rules to read during play. A `$name` of a toggle in `broken`
/// (declared, but its declaration has errors) or of no toggle becomes a
/// stand-in that later stages pass over, after one error for the latter.
pub fn substitute(e: &mut Expr, b: &Bound<'_>, d: &mut Diags) {
    match e {
        Expr::Toggle(name, span) => {
            if b.live.contains(name.as_str()) {
                return;
            }
            if let Some(t) = b.get(name) {
                *e = literal(&t.value, *span);
                return;
            }
            if !b.broken.contains(name.as_str()) {
                unknown(name, *span, b.toggles, d);
            }
            *e = super::args::reported(*span);
        }
        Expr::Clause(c) => {
            c.args.iter_mut().for_each(|a| substitute(a, b, d));
            c.named
                .iter_mut()
                .for_each(|n| substitute(&mut n.value, b, d));
        }
        Expr::Array(v, _) => v.iter_mut().for_each(|a| substitute(a, b, d)),
        _ => {}
    }
}

/// A number with at most one digit after the point, in tenths: `7.5` is
/// 75, `-3` is -30; `None` for anything else (`7.25`, `7.`, `x`) and for
/// a number too large to hold.
pub fn parse_tenths(text: &str) -> Option<i64> {
    let (neg, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (whole, frac) = match body.split_once('.') {
        Some((w, f)) if f.len() == 1 => (w, f),
        Some(_) => return None,
        None => (body, "0"),
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(frac) {
        return None;
    }
    let t = whole
        .parse::<i64>()
        .ok()?
        .checked_mul(10)?
        .checked_add(frac.parse().ok()?)?;
    Some(if neg { -t } else { t })
}

/// True if `text` is written as a number with at most one digit after
/// the point (`-7.5`, `12`), whatever its size.
fn decimal_shaped(text: &str) -> bool {
    let body = text.strip_prefix('-').unwrap_or(text);
    let (whole, frac) = body.split_once('.').unwrap_or((body, "0"));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    digits(whole) && frac.len() == 1 && digits(frac)
}

fn literal(v: &Value, span: Span) -> Expr {
    match v {
        Value::Bool(b) => Expr::Bool(*b, span),
        Value::Int(i) => Expr::Int(*i, span),
        Value::Choice(c) => Expr::Word(c.clone(), span),
        Value::Decimal(t) => Expr::Decimal(*t, span),
    }
}

fn unknown(name: &str, span: Span, toggles: &[Toggle], d: &mut Diags) {
    let mut diag = Diagnostic::error(
        span,
        format!("unknown toggle `${name}`"),
        "not declared by a `(toggle …)` clause",
    );
    if let Some(s) = did_you_mean(name, toggles.iter().map(|t| t.name.as_str())) {
        diag = diag.with_help(format!("did you mean `${s}`?"));
    }
    d.push(diag);
}

/// Checks, before toggles are substituted, that every `(match $name …)` on
/// a boolean or choice toggle has a case for each of the toggle's values,
/// so that a `--set` a designer has not tried cannot fail at load time.
/// A missing case is an error at the key, naming the values left out.
pub fn check_match_cases(e: &Expr, b: &Bound<'_>, d: &mut Diags) {
    match e {
        Expr::Clause(c) => {
            if c.head == "match"
                && let Some(Expr::Toggle(name, span)) = c.args.first()
                && let Some(t) = b.get(name)
            {
                let values: Vec<Expr> = match &t.ty {
                    ToggleType::Bool => vec![Expr::Bool(false, *span), Expr::Bool(true, *span)],
                    ToggleType::Choice(cs) => {
                        cs.iter().map(|w| Expr::Word(w.clone(), *span)).collect()
                    }
                    ToggleType::Int { .. } | ToggleType::Decimal { .. } => Vec::new(),
                };
                let has_case = |v: &Expr| {
                    c.args[1..].iter().any(|arm| {
                        matches!(arm, Expr::Clause(a)
                            if a.head == "case" && a.args.first().is_some_and(|k| same_literal(k, v)))
                    })
                };
                super::matching::check_case_values(&c.args[1..], name, &t.ty, d);
                let missing: Vec<String> = values
                    .iter()
                    .filter(|v| !has_case(v))
                    .map(literal_text)
                    .collect();
                if !missing.is_empty() {
                    d.push(
                        Diagnostic::error(
                            *span,
                            format!(
                                "this `match` has no case for `${name}` = {}",
                                missing.join(", ")
                            ),
                            "a toggle with a value left out",
                        )
                        .with_help(format!("add `(case {} …)`", missing[0])),
                    );
                }
            }
            c.args.iter().for_each(|a| check_match_cases(a, b, d));
            c.named
                .iter()
                .for_each(|n| check_match_cases(&n.value, b, d));
        }
        Expr::Array(v, _) => v.iter().for_each(|a| check_match_cases(a, b, d)),
        _ => {}
    }
}

pub(super) fn same_literal(a: &Expr, b: &Expr) -> bool {
    match (a, b) {
        (Expr::Word(x, _), Expr::Word(y, _)) => x == y,
        (Expr::Int(x, _), Expr::Int(y, _)) => x == y,
        (Expr::Bool(x, _), Expr::Bool(y, _)) => x == y,
        _ => false,
    }
}

pub(super) fn literal_text(e: &Expr) -> String {
    match e {
        Expr::Word(w, _) => w.clone(),
        Expr::Int(i, _) => i.to_string(),
        Expr::Bool(b, _) => b.to_string(),
        other => other.kind_name().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decimal_value_is_read_in_tenths_with_one_digit_after_the_point() {
        let komi = ToggleType::Decimal {
            min: -500,
            max: 500,
        };
        for (text, tenths) in [
            ("7.5", 75),
            ("6", 60),
            ("0", 0),
            ("-0.5", -5),
            ("50.0", 500),
        ] {
            assert_eq!(
                parse_value(text, &komi),
                Ok(Value::Decimal(tenths)),
                "{text}"
            );
        }
        for bad in ["7.25", "7.", ".5", "x", "7,5", "", "-", "+7.5", "1e3"] {
            assert_eq!(
                parse_value(bad, &komi),
                Err(ValueError::NotDecimal(bad.into())),
                "{bad}"
            );
        }
        assert!(matches!(
            parse_value("50.5", &komi),
            Err(ValueError::DecimalOutOfRange { .. })
        ));
        assert_eq!(parse_tenths("99999999999999999999"), None);
        // A number too large to hold is out of the range, not "not a number".
        assert_eq!(
            parse_value("999999999999999999999", &komi),
            Err(ValueError::DecimalOutOfRange {
                value: "999999999999999999999".into(),
                min: "-50.0".into(),
                max: "50.0".into(),
            })
        );
        assert!(matches!(
            parse_value("9x", &komi),
            Err(ValueError::NotDecimal(_))
        ));
        assert_eq!(Value::Decimal(-5).to_string(), "-0.5");
        assert_eq!(komi.to_string(), "decimal -50.0..=50.0");
    }

    #[test]
    fn a_decimal_toggle_is_written_into_the_rules_as_a_decimal_number() {
        let text = r#"(game "T" (players 2) (board (square 3 3)) (piece "S")
            (toggle komi decimal default:2.5 range:{0 10} "komi")
            (play (place "S" to:Empty))
            (end (score (sum (count (where Mine)) (per-player 0 $komi)))))"#;
        let g = crate::compile::Game::from_source("t.game", text, &Default::default()).unwrap();
        assert!(g.end.score_tenths);
        let opts = crate::compile::Options::from_sets(&["komi=11"]).unwrap();
        let err = crate::compile::Game::from_source("t.game", text, &opts).unwrap_err();
        assert!(err.to_string().contains("out of range"), "{err}");
        // A decimal toggle needs its range.
        let bare = text.replace(" range:{0 10}", "");
        let err = crate::compile::Game::from_source("t.game", &bare, &Default::default());
        assert!(err.unwrap_err().to_string().contains("range"));
        // A bound whose tenths overflow a 64-bit number is refused where
        // it is written, never dropped with its toggle.
        let huge = text.replace("range:{0 10}", "range:{0 922337203685477581}");
        let err = crate::compile::Game::from_source("t.game", &huge, &Default::default());
        let err = format!("{:?}", err.unwrap_err());
        assert!(err.contains("too large for a decimal toggle"), "{err}");
        // A decimal toggle with choices is refused (they were ignored).
        let chosen = text.replace("range:{0 10}", "range:{0 10} choices:{a b}");
        let err = crate::compile::Game::from_source("t.game", &chosen, &Default::default());
        let err = format!("{:?}", err.unwrap_err());
        assert!(err.contains("takes no `choices:`"), "{err}");
    }

    #[test]
    fn a_bad_value_is_refused_by_kind() {
        let int = ToggleType::Int { min: 1, max: 100 };
        assert_eq!(parse_value("100", &int), Ok(Value::Int(100)));
        assert_eq!(
            parse_value("ten", &int),
            Err(ValueError::NotInt("ten".into()))
        );
        let e = parse_value("0", &int).unwrap_err();
        assert_eq!(
            e,
            ValueError::OutOfRange {
                value: 0,
                min: 1,
                max: 100
            }
        );
        assert_eq!(e.to_string(), "0 is out of range 1..=100");
        assert_eq!(
            parse_value("99999999999999999999", &int)
                .unwrap_err()
                .to_string(),
            "99999999999999999999 is out of range 1..=100 (too large to read)"
        );
        assert_eq!(
            parse_value("-99999999999999999999", &int),
            Err(ValueError::Huge {
                value: "-99999999999999999999".into(),
                min: 1,
                max: 100
            })
        );
        assert_eq!(
            parse_value("maybe", &ToggleType::Bool),
            Err(ValueError::NotBool("maybe".into()))
        );
        let choices = vec!["Loss".to_string(), "Win".to_string()];
        let e = parse_value("Tie", &ToggleType::Choice(choices.clone())).unwrap_err();
        assert_eq!(e.to_string(), "`Tie` is not one of: Loss, Win");
        assert_eq!(
            e,
            ValueError::NotAChoice {
                value: "Tie".into(),
                choices
            }
        );
    }
}
