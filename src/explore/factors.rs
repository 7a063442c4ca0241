//! The factors of `--vary`: toggle names, each with the values to take,
//! checked against the game's declared toggles.

use super::design::Factor;
use crate::compile::ir::{Toggle, ToggleType};

/// The toggles varied when none are named: every yes/no toggle not fixed
/// by `sets` (`NAME=VALUE`).
pub fn default_vary(toggles: &[Toggle], sets: &[String]) -> Vec<String> {
    toggles
        .iter()
        .filter(|t| t.ty == ToggleType::Bool)
        .filter(|t| {
            !sets
                .iter()
                .any(|s| s.split('=').next() == Some(t.name.as_str()))
        })
        .map(|t| t.name.clone())
        .collect()
}

/// Reads `--vary` items (`NAME` or `NAME=V1/V2/…`, any number of them
/// separated by commas) against the game's `toggles`: a bool varies over
/// `false/true`, a choice over its declared choices, an int needs its
/// values. Errors name the item and say what was expected.
pub fn parse(items: &[String], toggles: &[Toggle]) -> Result<Vec<Factor>, String> {
    let mut out: Vec<Factor> = Vec::new();
    for item in items.iter().flat_map(|s| s.split(',')) {
        let item = item.trim();
        if item.is_empty() {
            continue;
        }
        let (name, values) = match item.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v)),
            None => (item, None),
        };
        let Some(t) = toggles.iter().find(|t| t.name == name) else {
            let names: Vec<&str> = toggles.iter().map(|t| t.name.as_str()).collect();
            return Err(format!(
                "--vary `{item}`: the game has no toggle `{name}` (its toggles: {})",
                if names.is_empty() {
                    "none".into()
                } else {
                    names.join(", ")
                }
            ));
        };
        let levels = match values {
            Some(v) => {
                let levels: Vec<String> = v.split('/').map(|s| s.trim().to_string()).collect();
                let mut seen: Vec<String> = Vec::new();
                for l in &levels {
                    check_value(t, l).map_err(|e| format!("--vary `{item}`: {e}"))?;
                    let key = canonical(t, l);
                    if seen.contains(&key) {
                        return Err(format!(
                            "--vary `{item}`: the value `{l}` is given twice (each value makes its own cells: a repeated one would play the same games twice and count them as another level)"
                        ));
                    }
                    seen.push(key);
                }
                levels
            }
            None => match &t.ty {
                ToggleType::Bool => vec!["false".into(), "true".into()],
                ToggleType::Choice(c) => c.clone(),
                ToggleType::Int { .. } | ToggleType::Decimal { .. } => {
                    return Err(format!(
                        "--vary `{item}`: `{name}` is a number ({}): give its values, `{name}=A/B`",
                        t.ty
                    ));
                }
            },
        };
        if out.iter().any(|f| f.name == name) {
            return Err(format!("--vary: `{name}` is given twice"));
        }
        out.push(Factor {
            name: name.to_string(),
            levels,
        });
    }
    Ok(out)
}

/// `value` (already checked to be a value of toggle `t`) as the value it
/// stands for: numbers by their value (`1` and `01`, `7.5` and `7.50` are
/// one value), other values as written.
fn canonical(t: &Toggle, value: &str) -> String {
    match &t.ty {
        ToggleType::Int { .. } => value
            .parse::<i64>()
            .map_or(value.to_string(), |n| n.to_string()),
        ToggleType::Decimal { .. } => crate::compile::toggles::parse_tenths(value)
            .map_or(value.to_string(), |n| n.to_string()),
        _ => value.to_string(),
    }
}

/// Whether `value` is a value of toggle `t`.
fn check_value(t: &Toggle, value: &str) -> Result<(), String> {
    match &t.ty {
        ToggleType::Bool if value == "true" || value == "false" => Ok(()),
        ToggleType::Bool => Err(format!("`{value}` is not true or false")),
        ToggleType::Choice(c) if c.iter().any(|x| x == value) => Ok(()),
        ToggleType::Choice(c) => Err(format!("`{value}` is not one of {}", c.join(", "))),
        ToggleType::Int { min, max } => match value.parse::<i64>() {
            Ok(n) if (*min..=*max).contains(&n) => Ok(()),
            _ => Err(format!("`{value}` is not a whole number in {min}..={max}")),
        },
        ToggleType::Decimal { min, max } => match crate::compile::toggles::parse_tenths(value) {
            Some(t) if (*min..=*max).contains(&t) => Ok(()),
            _ => Err(format!(
                "`{value}` is not a number with one digit after the point in {}",
                t.ty
            )),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::{Game, Options};

    #[test]
    fn vary_items_follow_the_declared_toggles() {
        let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rows.game");
        let g = Game::load(file, &Options::default()).expect("the test game");
        let t = g.options();
        let f = parse(&["misere,first".into(), "size=3/5".into()], t).unwrap();
        assert_eq!(f[0].levels, ["false", "true"]);
        assert_eq!(f[1].levels, ["cross", "nought"]);
        assert_eq!(f[2].levels, ["3", "5"]);
        for (bad, says) in [
            ("size", "give its values"),
            ("size=2/4", "not a whole number in 3..=5"),
            ("misere=yes/no", "not true or false"),
            ("first=both", "not one of cross, nought"),
            ("nosuch", "no toggle `nosuch`"),
            ("exact,exact", "given twice"),
            ("size=3/3", "`3` is given twice"),
            ("size=3/03", "`03` is given twice"),
            ("misere=true/false/true", "`true` is given twice"),
        ] {
            let e = parse(&[bad.into()], t).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }
}
