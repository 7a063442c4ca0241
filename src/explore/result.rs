//! The result of an exploration: the run's header, every cell's record,
//! and what follows from them: each cell's figures, the effects, the
//! ranking. [`Exploration::to_json`] is the object of docs/json.md
//! (`explore`); [`merge`] puts the files of a run's shards together.

use super::cell::{CellRecord, Estimate, Figures, Measure};
use super::effects::{Effect, effects};
use super::rank::{Goal, Ranked, rank};
use super::run::Header;
use crate::batch::json::{rate_json, round, wins_json};
use crate::players::analysis::Rate;
use serde_json::{Value, json};
use std::path::Path;

/// A whole run: its header (no shard) and every cell, in design order.
#[derive(Debug, Clone, PartialEq)]
pub struct Exploration {
    /// The run.
    pub header: Header,
    /// Every cell's record, cell 0 first.
    pub cells: Vec<CellRecord>,
    /// The goals of the ranking.
    pub goals: Vec<Goal>,
}

impl Exploration {
    /// The run of `header` from its cells (any order); errors when a cell
    /// of the design is missing or there twice.
    pub fn new(
        mut header: Header,
        mut cells: Vec<CellRecord>,
        goals: Vec<Goal>,
    ) -> Result<Exploration, String> {
        cells.sort_by_key(|c| c.cell);
        let n = header.design.cells.len();
        let got: Vec<usize> = cells.iter().map(|c| c.cell).collect();
        if got != (0..n).collect::<Vec<_>>() {
            let missing: Vec<String> = (0..n)
                .filter(|c| !got.contains(c))
                .map(|c| c.to_string())
                .collect();
            let twice: Vec<String> = got
                .windows(2)
                .filter(|w| w[0] == w[1])
                .map(|w| w[0].to_string())
                .collect();
            return Err(format!(
                "the cells do not make the run once: missing [{}], twice [{}]",
                missing.join(", "),
                twice.join(", ")
            ));
        }
        header.shard = None;
        Ok(Exploration {
            header,
            cells,
            goals,
        })
    }

    /// Each cell's figures, in cell order.
    pub fn figures(&self) -> Vec<Figures> {
        self.cells.iter().map(CellRecord::figures).collect()
    }

    /// The effects of the toggles.
    pub fn effects(&self) -> Vec<Effect> {
        effects(&self.header.design, &self.figures())
    }

    /// The cells, best first.
    pub fn ranking(&self) -> Vec<Ranked> {
        rank(&self.goals, &self.figures())
    }

    /// The object `ludic explore` writes (docs/json.md).
    pub fn to_json(&self) -> Value {
        let h = &self.header;
        let mut out = crate::batch::json::head("explore", &h.game, &h.title, &h.sets);
        let cells: Vec<Value> = self.cells.iter().map(|c| cell_json(h, c)).collect();
        let effects: Vec<Value> = self.effects().iter().map(effect_json).collect();
        let ranking: Vec<Value> = self
            .ranking()
            .iter()
            .map(|r| {
                json!({
                    "cell": r.cell, "sets": h.design.sets(r.cell),
                    "desirability": round(r.desirability, 4),
                    "d": r.d.iter().map(|d| d.map(|d| round(d, 4))).collect::<Vec<_>>(),
                    "pareto": r.pareto,
                })
            })
            .collect();
        let more = json!({
            "players": h.players, "skill": h.skill, "seats": h.seats,
            "count": h.count, "seed": h.seed, "turn_cap": h.turn_cap,
            "design": design_json(h),
            "goals": self.goals,
            "cells": cells, "effects": effects, "ranking": ranking,
            "seconds": round(self.cells.iter().map(|c| c.seconds).sum(), 3),
        });
        if let Value::Object(m) = more {
            out.extend(m);
        }
        Value::Object(out)
    }
}

/// The design: its kind, resolution and generators, factors, cell count.
fn design_json(h: &Header) -> Value {
    let d = &h.design;
    let (kind, generators, resolution) = match &d.kind {
        super::design::Kind::Full => ("full", Vec::new(), None),
        super::design::Kind::Fraction {
            generators,
            resolution,
        } => {
            let name = |j: &usize| d.factors[*j].name.clone();
            let g: Vec<String> = generators
                .iter()
                .enumerate()
                .map(|(i, g)| {
                    let added = &d.factors[d.factors.len() - generators.len() + i].name;
                    let product: Vec<String> = g.iter().map(name).collect();
                    format!("{added} = {}", product.join("·"))
                })
                .collect();
            ("fraction", g, Some(*resolution))
        }
    };
    json!({
        "kind": kind, "resolution": resolution, "generators": generators,
        "factors": d.factors, "cells": d.cells.len(),
    })
}

/// An estimate, four decimals (`null`s where unknown).
fn estimate_json(e: &Estimate) -> Value {
    let r = |x: Option<f64>| x.map(|x| round(x, 4));
    json!({"value": r(e.value), "se": r(e.se), "low": r(e.low), "high": r(e.high)})
}

/// One cell: its toggles, results and measures.
fn cell_json(h: &Header, c: &CellRecord) -> Value {
    let st = c.tally.stats();
    let measures: serde_json::Map<String, Value> = c
        .figures()
        .0
        .iter()
        .map(|(m, e)| (m.key().to_string(), estimate_json(e)))
        .collect();
    let mut v = json!({
        "cell": c.cell, "sets": c.sets, "count": st.games,
        "wins": wins_json(&h.seats, &st.wins),
        "draws": rate_json(&st.draws), "unfinished": rate_json(&st.unfinished),
        "skill": c.skill.map(|s| {
            let mut v = rate_json(&Rate::new(s.strong, s.strong + s.weak));
            v["games"] = s.games.into();
            v["draws"] = s.draws.into();
            v
        }),
        "measures": measures,
        "seconds": round(c.seconds, 3),
    });
    // More than two seats: the games whose first place some seats shared
    // (neither `decided` nor `drawishness`, docs/explore.md), as analyze.
    if !st.shared_firsts.is_empty() {
        v["shared_first"] = rate_json(&st.shared_first);
        v["shared_firsts"] = wins_json(&h.seats, &st.shared_firsts);
    }
    v
}

/// One effect (four decimals).
fn effect_json(e: &Effect) -> Value {
    json!({
        "measure": e.measure.key(), "term": e.term, "label": e.label,
        "effect": round(e.effect, 4), "se": round(e.se, 4),
        "low": round(e.low, 4), "high": round(e.high, 4),
        "significant": e.significant, "aliases": e.aliases, "cells": e.cells,
    })
}

/// The whole run from the files of its shards (each written by `ludic
/// explore --shard K/N --json FILE`, in any order), or from one file of a
/// whole run: the headers must agree but for the shard, the shards must
/// be `1/N` to `N/N` once each, and the cells must make the design once.
pub fn merge(files: &[&Path], goals: Vec<Goal>) -> Result<Exploration, String> {
    let mut runs = Vec::new();
    for f in files {
        let (h, c, _) = super::store::read(f, false)?;
        runs.push((f.display().to_string(), h, c));
    }
    merge_runs(runs, goals)
}

/// [`merge`] of runs already read: each one's name (in errors), header
/// and cells.
pub fn merge_runs(
    runs: Vec<(String, Header, Vec<super::cell::CellRecord>)>,
    goals: Vec<Goal>,
) -> Result<Exploration, String> {
    let mut first: Option<Header> = None;
    let mut shards = Vec::new();
    let mut cells = Vec::new();
    let first_name = runs.first().map(|r| r.0.clone()).unwrap_or_default();
    for (f, h, c) in runs {
        let mut plain = h.clone();
        plain.shard = None;
        match &first {
            None => first = Some(plain),
            Some(p) if *p == plain => {}
            Some(p) => {
                let (field, theirs, expected) = header_difference(&plain, p);
                return Err(format!(
                    "{f}: not a shard of the same run as {first_name}: its `{field}` is {theirs} where {expected} was expected"
                ));
            }
        }
        shards.push(h.shard);
        cells.extend(c);
    }
    let header = first.ok_or("no files given")?;
    match shards.as_slice() {
        [None] => {}
        s if s.iter().all(Option::is_some) => {
            let mut k: Vec<(u64, u64)> = s.iter().flatten().map(|s| (s.index, s.of)).collect();
            k.sort_unstable();
            let of = k[0].1;
            if k != (1..=of).map(|i| (i, of)).collect::<Vec<_>>() {
                let given: Vec<String> = k.iter().map(|(i, o)| format!("{i}/{o}")).collect();
                return Err(format!(
                    "the shards given ({}) are not 1/{of} to {of}/{of} once each",
                    given.join(", ")
                ));
            }
        }
        _ => return Err("a whole run's file cannot be merged with shards".into()),
    }
    Exploration::new(header, cells, goals)
}

/// The first field in which header `ours` differs from `first` (both
/// without their shard), with both values as JSON text.
fn header_difference(ours: &Header, first: &Header) -> (&'static str, String, String) {
    const FIELDS: [&str; 14] = [
        "ludic_version",
        "fingerprint",
        "command",
        "game",
        "title",
        "sets",
        "seats",
        "design",
        "players",
        "skill",
        "count",
        "seed",
        "turn_cap",
        "seed_range",
    ];
    let json = |h: &Header| serde_json::to_value(h).unwrap_or(Value::Null);
    crate::batch::provenance::first_difference(&FIELDS, &json(ours), &json(first)).unwrap_or((
        "header",
        "?".into(),
        "?".into(),
    ))
}

/// The measures shown for each cell in the text summary.
pub const SUMMARY: [Measure; 6] = [
    Measure::Decided,
    Measure::FirstAdvantage,
    Measure::Turns,
    Measure::LeadChanges,
    Measure::SettledAt,
    Measure::Skill,
];
