//! SVG charts of an analysis (`ludic analyze … --plot FILE.svg`): per
//! setting, the win rate of each seat and the draw rate as bars with their
//! 95% confidence intervals, and a histogram of game lengths. Two settings
//! (`--compare`, `--against`) stand side by side on the same scales.

use std::fmt::Write;

use super::svg::escape;
use crate::players::analysis::Rate;

/// One analysed setting.
#[derive(Debug, Clone)]
pub struct Panel {
    /// The setting's label (`defaults`, `no_progress=20`).
    pub label: String,
    /// Each seat's name and win rate, in seat order.
    pub wins: Vec<(String, Rate)>,
    /// The draw rate.
    pub draws: Rate,
    /// The length in turns of every game.
    pub lengths: Vec<u32>,
}

/// Width of one setting's column, in pixels.
const COLUMN: f64 = 420.0;
/// Height of each chart, in pixels.
const CHART: f64 = 220.0;
/// Number of histogram bins.
const BINS: u32 = 20;

/// The opening of a chart `width` × `height` pixels (text of `font`
/// pixels) on a white ground, with `title` in bold at `(x, y)` in
/// `title_font` pixels; the caller adds the marks and `</svg>`.
pub(crate) fn chart_open(
    width: f64,
    height: f64,
    font: u32,
    title: &str,
    (x, y, title_font): (u32, u32, u32),
) -> String {
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="sans-serif" font-size="{font}">"#
    );
    out.push('\n');
    let _ = writeln!(
        out,
        r##"<rect width="{width}" height="{height}" fill="#ffffff"/><text x="{x}" y="{y}" font-size="{title_font}" font-weight="bold">{}</text>"##,
        escape(title)
    );
    out
}

/// The charts of `panels`, side by side, as a complete `<svg>` element.
pub fn analysis_svg(title: &str, panels: &[Panel]) -> String {
    let width = COLUMN * panels.len().max(1) as f64;
    let height = 2.0 * CHART + 175.0;
    let mut out = chart_open(width, height, 12, title, (10, 20, 15));
    // Shared scales: lengths from the shortest to the longest game of
    // every setting; counts up to the fullest bin of any.
    let lo = panels
        .iter()
        .flat_map(|p| p.lengths.iter().copied())
        .min()
        .unwrap_or(0);
    let hi = panels
        .iter()
        .flat_map(|p| p.lengths.iter().copied())
        .max()
        .unwrap_or(0);
    let bin = (hi - lo) / BINS + 1;
    let hists: Vec<Vec<u64>> = panels
        .iter()
        .map(|p| {
            let mut h = vec![0u64; BINS as usize + 1];
            for &l in &p.lengths {
                h[((l - lo) / bin) as usize] += 1;
            }
            h
        })
        .collect();
    let top = hists.iter().flatten().copied().max().unwrap_or(0).max(1);
    for (i, (p, hist)) in panels.iter().zip(&hists).enumerate() {
        let x0 = COLUMN * i as f64;
        let _ = writeln!(
            out,
            r#"<g class="panel" data-label="{}"><text x="{}" y="45" font-size="14" font-weight="bold">{}</text>"#,
            escape(&p.label),
            x0 + 10.0,
            escape(&p.label)
        );
        rates(&mut out, x0, 75.0, p);
        histogram(&mut out, x0, 125.0 + CHART, hist, (lo, bin), top);
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    out
}

/// Bars of the seats' win rates and the draw rate, 0 to 100%, with their
/// confidence intervals.
fn rates(out: &mut String, x0: f64, y0: f64, p: &Panel) {
    let bars: Vec<(&str, &Rate)> = p
        .wins
        .iter()
        .map(|(n, r)| (n.as_str(), r))
        .chain(std::iter::once(("draws", &p.draws)))
        .collect();
    let (left, plot_w) = (x0 + 45.0, COLUMN - 70.0);
    let y = |v: f64| y0 + CHART * (1.0 - v);
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}">win rate (95% interval)</text>"#,
        left,
        y0 - 4.0
    );
    for k in 0..=4 {
        let v = f64::from(k) / 4.0;
        let _ = writeln!(
            out,
            r##"<line x1="{left}" y1="{yy}" x2="{}" y2="{yy}" stroke="#dddddd"/><text x="{}" y="{}" text-anchor="end">{}%</text>"##,
            left + plot_w,
            left - 4.0,
            y(v) + 4.0,
            k * 25,
            yy = y(v)
        );
    }
    let slot = plot_w / bars.len() as f64;
    for (j, (name, r)) in bars.iter().enumerate() {
        let cx = left + slot * (j as f64 + 0.5);
        let w = slot * 0.6;
        let colour = if j + 1 == bars.len() {
            "#999999"
        } else {
            ["#2e6fbf", "#c0392b", "#2e8b57", "#f1c40f"][j % 4]
        };
        let _ = writeln!(
            out,
            r#"<rect class="bar" data-rate="{rate}" x="{}" y="{}" width="{w}" height="{}" fill="{colour}"/>"#,
            cx - w / 2.0,
            y(r.rate),
            CHART * r.rate,
            rate = r.rate
        );
        let _ = writeln!(
            out,
            r##"<line class="interval" data-low="{}" data-high="{}" x1="{cx}" y1="{}" x2="{cx}" y2="{}" stroke="#000000" stroke-width="2"/>"##,
            r.low,
            r.high,
            y(r.low),
            y(r.high)
        );
        let _ = writeln!(
            out,
            r#"<text x="{cx}" y="{}" text-anchor="middle">{}</text><text x="{cx}" y="{}" text-anchor="middle">{:.1}%</text>"#,
            y0 + CHART + 15.0,
            escape(name),
            y(r.high) - 5.0,
            100.0 * r.rate
        );
    }
}

/// The histogram of game lengths: bins of `bin` turns from `lo`, bar
/// heights scaled to `top` games.
fn histogram(out: &mut String, x0: f64, y0: f64, hist: &[u64], (lo, bin): (u32, u32), top: u64) {
    let (left, plot_w) = (x0 + 45.0, COLUMN - 70.0);
    let _ = writeln!(
        out,
        r#"<text x="{left}" y="{}">game length (turns): games per bin of {bin}</text>"#,
        y0 - 4.0
    );
    let w = plot_w / hist.len() as f64;
    for (k, &n) in hist.iter().enumerate() {
        let h = CHART * n as f64 / top as f64;
        let from = lo + bin * k as u32;
        let _ = writeln!(
            out,
            r##"<rect class="bin" data-from="{from}" data-count="{n}" x="{}" y="{}" width="{}" height="{h}" fill="#5b3f1e"/>"##,
            left + w * k as f64,
            y0 + CHART - h,
            (w - 1.0).max(0.5)
        );
    }
    let _ = writeln!(
        out,
        r##"<line x1="{left}" y1="{b}" x2="{}" y2="{b}" stroke="#000000"/><text x="{left}" y="{}">{lo}</text><text x="{}" y="{}" text-anchor="end">{}</text><text x="{}" y="{}" text-anchor="end">{top}</text>"##,
        left + plot_w,
        y0 + CHART + 15.0,
        left + plot_w,
        y0 + CHART + 15.0,
        lo + bin * hist.len() as u32 - 1,
        left - 4.0,
        y0 + 10.0,
        b = y0 + CHART
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn panel(label: &str, wins: [u64; 2], draws: u64, lengths: Vec<u32>) -> Panel {
        let n = wins[0] + wins[1] + draws;
        Panel {
            label: label.into(),
            wins: vec![
                ("Black".into(), Rate::new(wins[0], n)),
                ("White".into(), Rate::new(wins[1], n)),
            ],
            draws: Rate::new(draws, n),
            lengths,
        }
    }

    #[test]
    fn bars_intervals_and_bins() {
        let a = panel(
            "defaults",
            [6, 3],
            1,
            vec![10, 10, 12, 30, 49, 50, 11, 20, 21, 22],
        );
        let svg = analysis_svg("a game", &[a]);
        // Three bars: 60%, 30%, 10%.
        for rate in ["0.6", "0.3", "0.1"] {
            assert!(svg.contains(&format!(r#"data-rate="{rate}""#)), "{rate}");
        }
        assert_eq!(svg.matches("class=\"interval\"").count(), 3);
        // Lengths 10..=50 in bins of (50 − 10)/20 + 1 = 3 turns: 10, 11, 12
        // share the first bin, 49 and 50 the 14th (from 49).
        assert!(svg.contains(r#"data-from="10" data-count="4""#));
        assert!(svg.contains(r#"data-from="49" data-count="2""#));
        let total: u64 = svg
            .split("data-count=\"")
            .skip(1)
            .map(|s| s[..s.find('"').unwrap()].parse::<u64>().unwrap())
            .sum();
        assert_eq!(total, 10);
    }

    #[test]
    fn two_settings_side_by_side_on_one_scale() {
        let a = panel("defaults", [5, 5], 0, vec![1; 10]);
        let b = panel("no_progress=20", [2, 2], 6, vec![100; 10]);
        let svg = analysis_svg("t", &[a, b]);
        assert!(svg.contains(r#"width="840""#));
        assert_eq!(svg.matches("<g class=\"panel\"").count(), 2);
        // Both histograms share bins of (100 − 1)/20 + 1 = 5 turns from 1:
        // 100 falls in the last, from 96.
        assert!(svg.contains(r#"data-from="1" data-count="10""#));
        assert!(svg.contains(r#"data-from="96" data-count="10""#));
        assert!(analysis_svg("empty", &[]).contains("</svg>"));
    }
}
