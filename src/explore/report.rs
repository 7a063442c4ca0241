//! The HTML report of an exploration (`--report DIR`): the command that
//! reproduces it, the design, the ranking with intervals, the toggles'
//! effects, interaction plots, each measure across the cells and the
//! best cells' results, as SVG in one page that needs nothing else.

use super::cell::{Figures, Measure};
use super::effects::{Effect, Term};
use super::result::Exploration;
use crate::render::intervals::{Interval, interaction_svg, interval_svg};
use crate::render::plot::{Panel, analysis_svg};
use crate::render::svg::escape;
use std::fmt::Write;

/// The page.
pub fn html(w: &Exploration) -> String {
    let h = &w.header;
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Symposium: {t}</title>\
         <style>body{{font-family:sans-serif;max-width:1100px;margin:1em auto;}}\
         table{{border-collapse:collapse;font-size:13px}}td,th{{border:1px solid #ccc;padding:2px 6px}}\
         td.n{{text-align:right}}</style></head><body>\n<h1>Symposium: {t}</h1>\n",
        t = escape(&h.title)
    );
    let secs: f64 = w.cells.iter().map(|c| c.seconds).sum();
    let _ = writeln!(
        out,
        "<p>Reproduce: <code>{}</code><br>{} cells ({}), {} games a cell, {:.0} s of machine time (the cells' wall times summed: cells play side by side).\
         Measures and effects are defined in docs/explore.md; intervals are 95%.</p>",
        escape(&command(w)),
        h.design.cells.len(),
        escape(&design_text(w)),
        h.count,
        secs
    );
    let figures = w.figures();
    ranking(&mut out, w, &figures);
    let effects = w.effects();
    out.push_str("<h2>Effects of the toggles</h2>\n");
    for m in Measure::ALL {
        effect_charts(&mut out, m, &effects, w.header.design.cells.len());
    }
    interactions(&mut out, w, &figures, &effects);
    out.push_str("<h2>Each measure across the cells (ranking order)</h2>\n");
    let order: Vec<usize> = w.ranking().iter().map(|r| r.cell).collect();
    for m in [
        Measure::Decided,
        Measure::FirstAdvantage,
        Measure::Turns,
        Measure::LeadChanges,
    ] {
        let rows: Vec<Interval> = order
            .iter()
            .filter_map(|&c| {
                let e = figures[c].get(m);
                Some(Interval {
                    label: format!("{c}: {}", cell_label(w, c)),
                    value: e.value?,
                    low: e.low.unwrap_or(e.value?),
                    high: e.high.unwrap_or(e.value?),
                    mark: false,
                })
            })
            .collect();
        if !rows.is_empty() {
            let reference = (m == Measure::FirstAdvantage).then_some(0.0);
            out.push_str(&interval_svg(m.key(), &rows, reference, percent(m)));
        }
    }
    out.push_str("<h2>The best cells' games</h2>\n");
    let panels: Vec<Panel> = order.iter().take(3).map(|&c| panel(w, c)).collect();
    out.push_str(&analysis_svg("the three best cells", &panels));
    out.push_str("</body></html>\n");
    out
}

/// `ludic explore …` with the run's options.
fn command(w: &Exploration) -> String {
    let h = &w.header;
    let vary: Vec<String> = h
        .design
        .factors
        .iter()
        .map(|f| format!("{}={}", f.name, f.levels.join("/")))
        .collect();
    let mut c = format!(
        "ludic explore {} --vary {} --games {} --players {} --seed {} --max-turns {}",
        h.game,
        vary.join(","),
        h.count,
        h.players.join(","),
        h.seed,
        h.turn_cap
    );
    for s in &h.sets {
        let _ = write!(c, " --set {s}");
    }
    if let Some(s) = &h.skill {
        let _ = write!(c, " --skill {s}");
    }
    if let super::design::Kind::Fraction { resolution, .. } = h.design.kind {
        let _ = write!(
            c,
            " --max-cells {} --resolution {}",
            h.design.cells.len(),
            resolution.min(5)
        );
    }
    c
}

fn design_text(w: &Exploration) -> String {
    let d = &w.header.design;
    match &d.kind {
        super::design::Kind::Full => "every combination".into(),
        super::design::Kind::Fraction {
            generators,
            resolution,
        } => {
            let k = d.factors.len();
            let g: Vec<String> = generators
                .iter()
                .enumerate()
                .map(|(i, g)| {
                    let p: Vec<&str> = g.iter().map(|&j| d.factors[j].name.as_str()).collect();
                    format!(
                        "{} = {}",
                        d.factors[k - generators.len() + i].name,
                        p.join("·")
                    )
                })
                .collect();
            format!(
                "a 2^({k}-{}) fraction of resolution {resolution}; generators {}",
                generators.len(),
                g.join(", ")
            )
        }
    }
}

/// The toggles of cell `c` not at their first value.
fn cell_label(w: &Exploration, c: usize) -> String {
    let d = &w.header.design;
    let on: Vec<String> = d
        .factors
        .iter()
        .zip(&d.cells[c])
        .filter(|(_, l)| **l != 0)
        .map(|(f, &l)| {
            if f.levels == ["false", "true"] {
                f.name.clone()
            } else {
                format!("{}={}", f.name, f.levels[l])
            }
        })
        .collect();
    if on.is_empty() {
        "first values".into()
    } else {
        on.join(" ")
    }
}

fn percent(m: Measure) -> bool {
    !matches!(m, Measure::Turns | Measure::TurnsSd | Measure::Branching)
}

fn fmt(m: Measure, x: f64) -> String {
    if percent(m) {
        format!("{:.1}%", 100.0 * x)
    } else {
        format!("{x:.1}")
    }
}

/// The ranking table.
fn ranking(out: &mut String, w: &Exploration, figures: &[Figures]) {
    let goals: Vec<_> = w.goals.iter().filter(|g| g.weight > 0.0).collect();
    out.push_str("<h2>Ranking</h2>\n<p>Desirability: the weighted geometric mean of the goals' scores (docs/explore.md).</p>\n<table><tr><th>#</th><th>cell</th><th>toggles</th><th>desirability</th><th>Pareto</th>");
    for g in &goals {
        let _ = write!(out, "<th>{} (weight {})</th>", g.measure.key(), g.weight);
    }
    out.push_str("</tr>\n");
    for (i, r) in w.ranking().iter().enumerate() {
        let _ = write!(
            out,
            "<tr><td class=n>{}</td><td class=n>{}</td><td>{}</td><td class=n>{:.3}</td><td>{}</td>",
            i + 1,
            r.cell,
            escape(&cell_label(w, r.cell)),
            r.desirability,
            if r.pareto { "yes" } else { "" }
        );
        for g in &goals {
            let e = figures[r.cell].get(g.measure);
            let text = match (e.value, e.low, e.high) {
                (Some(v), Some(l), Some(h)) => {
                    format!(
                        "{} [{}, {}]",
                        fmt(g.measure, v),
                        fmt(g.measure, l),
                        fmt(g.measure, h)
                    )
                }
                (Some(v), _, _) => fmt(g.measure, v),
                _ => "–".into(),
            };
            let _ = write!(out, "<td class=n>{text}</td>");
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
}

/// The main effects of every toggle on `m`, and its largest interactions;
/// the titles say so when fewer than the design's `total` cells have a
/// value of `m`.
fn effect_charts(out: &mut String, m: Measure, effects: &[Effect], total: usize) {
    let row = |e: &&Effect| Interval {
        label: if e.aliases.is_empty() {
            e.label.clone()
        } else {
            format!("{} (= {})", e.label, e.aliases.join(" = "))
        },
        value: e.effect,
        low: e.low,
        high: e.high,
        mark: e.significant,
    };
    let mains: Vec<Interval> = effects
        .iter()
        .filter(|e| e.measure == m && matches!(e.term, Term::Main { .. }))
        .map(|e| row(&e))
        .collect();
    if mains.is_empty() {
        return;
    }
    let mut inter: Vec<&Effect> = effects
        .iter()
        .filter(|e| e.measure == m && matches!(e.term, Term::Interaction { .. }))
        .collect();
    inter.sort_by(|a, b| b.effect.abs().total_cmp(&a.effect.abs()));
    let over = effects
        .iter()
        .filter(|e| e.measure == m)
        .map(|e| e.cells)
        .max()
        .unwrap_or(total);
    let partial = if over < total {
        format!(" (over the {over} of {total} cells with a value; see docs/explore.md)")
    } else {
        String::new()
    };
    let title = format!(
        "{}: main effects (red: the interval leaves out 0){partial}",
        m.key()
    );
    out.push_str(&interval_svg(&title, &mains, Some(0.0), percent(m)));
    let rows: Vec<Interval> = inter.iter().take(10).map(row).collect();
    if !rows.is_empty() {
        let title = format!(
            "{}: the ten largest two-toggle interactions{partial}",
            m.key()
        );
        out.push_str(&interval_svg(&title, &rows, Some(0.0), percent(m)));
    }
}

/// Interaction plots of the four largest interactions on `decided`.
fn interactions(out: &mut String, w: &Exploration, figures: &[Figures], effects: &[Effect]) {
    let d = &w.header.design;
    let m = Measure::Decided;
    let mut inter: Vec<&Effect> = effects
        .iter()
        .filter(|e| e.measure == m && matches!(e.term, Term::Interaction { .. }))
        .collect();
    inter.sort_by(|a, b| b.effect.abs().total_cmp(&a.effect.abs()));
    if inter.is_empty() {
        return;
    }
    out.push_str("<h2>Interaction plots (decided games)</h2>\n");
    for e in inter.iter().take(4) {
        let Term::Interaction { a, b } = &e.term else {
            continue;
        };
        let ja = d.factors.iter().position(|f| &f.name == a).unwrap_or(0);
        let jb = d.factors.iter().position(|f| &f.name == b).unwrap_or(0);
        let mut means = [[0.0; 2]; 2];
        for (i, row) in means.iter_mut().enumerate() {
            for (j, v) in row.iter_mut().enumerate() {
                let vals: Vec<f64> = (0..d.cells.len())
                    .filter(|&c| d.cells[c][ja] == j && d.cells[c][jb] == i)
                    .filter_map(|c| figures[c].get(m).value)
                    .collect();
                *v = vals.iter().sum::<f64>() / vals.len().max(1) as f64;
            }
        }
        let levels = |j: usize| {
            [
                d.factors[j].levels[0].as_str(),
                d.factors[j].levels[1].as_str(),
            ]
        };
        out.push_str(&interaction_svg(
            &e.label,
            (a, levels(ja)),
            (b, levels(jb)),
            means,
            true,
        ));
    }
}

/// A cell's results as an analysis panel.
fn panel(w: &Exploration, c: usize) -> Panel {
    let cell = &w.cells[c];
    let st = cell.tally.stats();
    Panel {
        label: format!("{c}: {}", cell_label(w, c)),
        wins: w
            .header
            .seats
            .iter()
            .cloned()
            .zip(st.wins.iter().copied())
            .collect(),
        draws: st.draws,
        lengths: cell
            .tally
            .lengths
            .iter()
            .flat_map(|(&t, &n)| std::iter::repeat_n(t, n as usize))
            .collect(),
    }
}
