//! SVG charts of estimates with their 95% intervals (the `explore`
//! report, docs/explore.md): a row a term or cell ([`interval_svg`]), and
//! the interaction plot of two two-level toggles ([`interaction_svg`]).

use super::plot::chart_open;
use super::svg::escape;
use std::fmt::Write;

/// One row of an interval chart.
#[derive(Debug, Clone, PartialEq)]
pub struct Interval {
    /// The row's label.
    pub label: String,
    /// The estimate.
    pub value: f64,
    /// Lower end of its interval.
    pub low: f64,
    /// Upper end.
    pub high: f64,
    /// Drawn in colour (an interval that leaves out the reference).
    pub mark: bool,
}

/// Width of a chart, in pixels.
const WIDTH: f64 = 720.0;
/// Width of the labels' column.
const LABELS: f64 = 260.0;
/// Height of a row.
const ROW: f64 = 18.0;

/// A chart of `rows`, one a line: a dot at the estimate and a bar over
/// its interval, on one horizontal scale with a line at `reference`
/// (0 for effects); values shown as percents when `percent`.
pub fn interval_svg(
    title: &str,
    rows: &[Interval],
    reference: Option<f64>,
    percent: bool,
) -> String {
    let height = 50.0 + ROW * rows.len() as f64 + 20.0;
    let finite = |x: f64| x.is_finite().then_some(x);
    let lo = rows
        .iter()
        .filter_map(|r| finite(r.low))
        .chain(reference)
        .fold(f64::INFINITY, f64::min);
    let hi = rows
        .iter()
        .filter_map(|r| finite(r.high))
        .chain(reference)
        .fold(f64::NEG_INFINITY, f64::max);
    let (lo, hi) = axis(lo, hi);
    let (left, right) = (LABELS, WIDTH - 60.0);
    let x = |v: f64| left + (right - left) * ((v - lo) / (hi - lo)).clamp(0.0, 1.0);
    let fmt = |v: f64| value(v, percent, 2);
    let mut out = chart_open(WIDTH, height, 12, title, (10, 20, 14));
    let bottom = 40.0 + ROW * rows.len() as f64;
    for (v, anchor) in [(lo, "start"), (hi, "end")] {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" text-anchor="{anchor}">{}</text>"#,
            x(v),
            bottom + 15.0,
            fmt(v)
        );
    }
    if let Some(r) = reference {
        let _ = writeln!(
            out,
            r##"<line class="reference" x1="{xr}" y1="35" x2="{xr}" y2="{bottom}" stroke="#888888" stroke-dasharray="4 3"/>"##,
            xr = x(r)
        );
    }
    for (i, r) in rows.iter().enumerate() {
        let y = 45.0 + ROW * i as f64;
        let colour = if r.mark { "#c0392b" } else { "#2e6fbf" };
        let _ = writeln!(
            out,
            r##"<g class="row" data-value="{}" data-low="{}" data-high="{}"><text x="{}" y="{}" text-anchor="end">{}</text><line x1="{}" y1="{y}" x2="{}" y2="{y}" stroke="{colour}" stroke-width="3"/><circle cx="{}" cy="{y}" r="4" fill="{colour}"/><text x="{}" y="{}">{}</text></g>"##,
            r.value,
            r.low,
            r.high,
            left - 8.0,
            y + 4.0,
            escape(&r.label),
            x(r.low),
            x(r.high),
            x(r.value),
            right + 6.0,
            y + 4.0,
            fmt(r.value)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The interaction plot of toggles `a` and `b` on a measure: the measure's
/// mean at `a`'s two values (across), one line for each of `b`'s values;
/// `means[i][j]` is the mean at `a`'s value `j` and `b`'s value `i`.
/// Parallel lines: no interaction.
pub fn interaction_svg(
    title: &str,
    a: (&str, [&str; 2]),
    b: (&str, [&str; 2]),
    means: [[f64; 2]; 2],
    percent: bool,
) -> String {
    let (w, h) = (360.0, 240.0);
    let (left, right, top, bottom) = (60.0, w - 110.0, 40.0, h - 40.0);
    let all = means.iter().flatten().copied().filter(|v| v.is_finite());
    let lo = all.clone().fold(f64::INFINITY, f64::min);
    let hi = all.fold(f64::NEG_INFINITY, f64::max);
    let (lo, hi) = axis(lo, hi);
    let y = |v: f64| bottom - (bottom - top) * (v - lo) / (hi - lo);
    let fmt = |v: f64| value(v, percent, 1);
    let mut out = chart_open(w, h, 11, title, (8, 16, 13));
    for (j, level) in a.1.iter().enumerate() {
        let xx = if j == 0 { left } else { right };
        let _ = writeln!(
            out,
            r#"<text x="{xx}" y="{}" text-anchor="middle">{}={}</text>"#,
            bottom + 18.0,
            escape(a.0),
            escape(level)
        );
    }
    for (v, yy) in [(lo, y(lo)), (hi, y(hi))] {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" text-anchor="end">{}</text>"#,
            left - 8.0,
            yy + 4.0,
            fmt(v)
        );
    }
    for (i, level) in b.1.iter().enumerate() {
        let colour = ["#2e6fbf", "#c0392b"][i];
        let _ = writeln!(
            out,
            r##"<g class="line" data-from="{}" data-to="{}"><line x1="{left}" y1="{}" x2="{right}" y2="{}" stroke="{colour}" stroke-width="2"/><circle cx="{left}" cy="{}" r="3" fill="{colour}"/><circle cx="{right}" cy="{}" r="3" fill="{colour}"/><text x="{}" y="{}" fill="{colour}">{}={}</text></g>"##,
            means[i][0],
            means[i][1],
            y(means[i][0]),
            y(means[i][1]),
            y(means[i][0]),
            y(means[i][1]),
            right + 6.0,
            y(means[i][1]) + 4.0,
            escape(b.0),
            escape(level)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The range an axis shows for values from `lo` to `hi`: as given, or one
/// unit either side of them (and of 0) when they are one value or none.
fn axis(lo: f64, hi: f64) -> (f64, f64) {
    if lo.is_finite() && hi > lo {
        (lo, hi)
    } else {
        (lo.min(0.0) - 1.0, lo.max(0.0) + 1.0)
    }
}

/// `v` as an axis label: a percentage with one decimal when `percent`,
/// else with `digits` decimals.
fn value(v: f64, percent: bool, digits: usize) -> String {
    if percent {
        format!("{:.1}%", 100.0 * v)
    } else {
        format!("{v:.digits$}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attr(svg: &str, tag: &str, name: &str) -> Vec<f64> {
        svg.split(&format!("<{tag} "))
            .skip(1)
            .filter_map(|s| {
                let s = format!(" {s}");
                let at = s.find(&format!(" {name}=\""))? + name.len() + 3;
                s[at..].split('"').next()?.parse().ok()
            })
            .collect()
    }

    /// A dot at the reference value sits on the reference line; the
    /// lowest interval end is at the left end of the scale, the highest
    /// at the right.
    #[test]
    fn rows_sit_on_one_scale() {
        let rows = vec![
            Interval {
                label: "a".into(),
                value: 0.0,
                low: -0.2,
                high: 0.1,
                mark: false,
            },
            Interval {
                label: "b<".into(),
                value: 0.3,
                low: 0.2,
                high: 0.4,
                mark: true,
            },
        ];
        let svg = interval_svg("t", &rows, Some(0.0), true);
        let dots = attr(&svg, "circle", "cx");
        let reference = attr(&svg, "line", "x1")[0];
        assert_eq!(dots[0], reference);
        let x1 = attr(&svg, "line", "x1");
        let x2 = attr(&svg, "line", "x2");
        assert_eq!(x1[1], LABELS, "-0.2 at the left");
        assert_eq!(x2[2], WIDTH - 60.0, "0.4 at the right");
        assert!(svg.contains("b&lt;") && svg.contains("#c0392b"));
        // Parallel lines: the second line's rise equals the first's.
        let p = interaction_svg(
            "i",
            ("a", ["x", "y"]),
            ("b", ["u", "v"]),
            [[0.1, 0.3], [0.2, 0.4]],
            true,
        );
        let y1 = attr(&p, "line", "y1");
        let y2 = attr(&p, "line", "y2");
        assert!(((y2[0] - y1[0]) - (y2[1] - y1[1])).abs() < 1e-9);
    }
}
