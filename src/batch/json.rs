//! The pieces every JSON report is made of (docs/json.md): rounding,
//! rates with their intervals, seats' wins and differences.

use crate::players::analysis::{Difference, Rate};
use crate::players::place_mean::SeatMean;
use serde_json::{Value, json};

/// `x` rounded to `digits` decimals (and never `-0`, `NaN` or infinite).
pub fn round(x: f64, digits: i32) -> f64 {
    let f = 10f64.powi(digits);
    let r = (x * f).round() / f;
    if r == 0.0 || !r.is_finite() { 0.0 } else { r }
}

/// A count out of a total, as every command writes it: `count`, `of`,
/// `rate` and its 95% Wilson interval `low`, `high` (four decimals).
pub fn rate_json(r: &Rate) -> Value {
    json!({
        "count": r.count, "of": r.of, "rate": round(r.rate, 4),
        "low": round(r.low, 4), "high": round(r.high, 4),
    })
}

/// The wins of each seat, in seat order: a rate with the seat's player
/// name under `seat`.
pub fn wins_json(names: &[String], wins: &[Rate]) -> Value {
    names
        .iter()
        .zip(wins)
        .map(|(n, r)| {
            let mut v = rate_json(r);
            v["seat"] = n.clone().into();
            v
        })
        .collect()
}

/// Each seat's mean place or mean return with its interval, named by
/// seat (`seat`, `mean`, `low`, `high` to four decimals, `of` games).
pub fn seat_means_json(names: &[String], means: &[SeatMean]) -> Value {
    names
        .iter()
        .zip(means)
        .map(|(n, m)| {
            json!({
                "seat": n, "of": m.of, "mean": round(m.mean, 4),
                "low": round(m.low, 4), "high": round(m.high, 4),
            })
        })
        .collect()
}

/// A difference of two proportions (four decimals; `z` two).
pub fn difference_json(d: &Difference) -> Value {
    json!({
        "difference": round(d.difference, 4), "z": round(d.z, 2),
        "p": round(d.p, 4), "significant": d.significant,
    })
}

/// The keys every command's JSON object starts with: `command`, `game`
/// (the game as given), `title` (the game's own title) and `sets` (the
/// toggle overrides, as given).
pub fn head(
    command: &str,
    file: &str,
    title: &str,
    sets: &[String],
) -> serde_json::Map<String, Value> {
    let mut m = serde_json::Map::new();
    m.insert("command".into(), command.into());
    m.insert("game".into(), file.into());
    m.insert("title".into(), title.into());
    m.insert("sets".into(), sets.to_vec().into());
    m
}
