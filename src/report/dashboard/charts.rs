//! The plots, drawn as inline SVG with no script: horizontal bars (the
//! findings per rule, stacked by severity; how the kyoku ended) and a
//! histogram of points per win. Every bar carries a `<title>` with its
//! figure, and the tables beside the plots give the same numbers.

use std::collections::BTreeMap;
use std::io::{self, Write};

use super::tally::BySeverity;
use super::{Num, Pct};
use crate::event::Limit;
use crate::html::Esc;

/// One bar: its label, the link it leads to, its parts and each part's
/// CSS class and name.
pub(super) struct Bar<'a> {
    pub label: &'a str,
    pub href: Option<String>,
    pub parts: Vec<(usize, &'static str, &'static str)>,
}

const LABEL_W: usize = 176;
const BAR_W: usize = 270;
const ROW_H: usize = 22;

/// Horizontal bars, longest first as given, scaled to the longest; the
/// total is written after each bar, with its share of `whole` when given.
pub(super) fn bars(
    bars: &[Bar<'_>],
    whole: Option<usize>,
    caption: &str,
    out: &mut dyn Write,
) -> io::Result<()> {
    let max = bars
        .iter()
        .map(|b| b.parts.iter().map(|p| p.0).sum::<usize>())
        .max()
        .unwrap_or(0)
        .max(1);
    let w = LABEL_W + BAR_W + 100;
    let h = ROW_H * bars.len() + 6;
    writeln!(
        out,
        r#"<svg class="chart" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" aria-label="{}">"#,
        Esc(caption)
    )?;
    for (i, bar) in bars.iter().enumerate() {
        let y = i * ROW_H + 3;
        let total: usize = bar.parts.iter().map(|p| p.0).sum();
        let text_y = y + 15;
        let label = Esc(bar.label);
        match &bar.href {
            Some(href) => write!(
                out,
                r##"<a href="{}"><text class="lbl" x="{}" y="{text_y}">{label}</text></a>"##,
                Esc(href),
                LABEL_W - 8
            )?,
            None => write!(
                out,
                r#"<text class="lbl" x="{}" y="{text_y}">{label}</text>"#,
                LABEL_W - 8
            )?,
        }
        let mut x = 0usize;
        for (n, class, name) in &bar.parts {
            if *n == 0 {
                continue;
            }
            // Every non-empty part is at least a hairline, so that a rule
            // with a handful of findings is still seen beside one with
            // thousands.
            let len = (n * BAR_W / max).max(2);
            write!(
                out,
                r#"<rect class="{class}" x="{}" y="{}" width="{len}" height="{}"><title>{label}: {} {name}</title></rect>"#,
                LABEL_W + x,
                y + 2,
                ROW_H - 6,
                Num(*n)
            )?;
            x += len;
        }
        let share = whole.map_or_else(String::new, |all| format!(" ({})", Pct(total, all)));
        writeln!(
            out,
            r#"<text class="val" x="{}" y="{text_y}">{}{share}</text>"#,
            LABEL_W + x + 6,
            Num(total)
        )?;
    }
    writeln!(out, "</svg>")
}

/// The findings of each rule as bars stacked by severity.
pub(super) fn severity_parts(s: &BySeverity) -> Vec<(usize, &'static str, &'static str)> {
    vec![
        (s[0], "error", "error"),
        (s[1], "warning", "warning"),
        (s[2], "info", "info"),
    ]
}

/// The first value of the histogram's last bin: every yakuman and more.
const TOP: i32 = 32_000;
/// The width of a bin, in points.
const BIN: i32 = 1_000;

/// A histogram of the values of the wins, one bar per thousand points up to
/// 32,000 and one for everything above (yakuman), with the limit hands
/// named under the axis where a non-dealer's win reaches them.
pub(super) fn histogram(values: &BTreeMap<i32, usize>, out: &mut dyn Write) -> io::Result<()> {
    let bins = usize::try_from(TOP / BIN).unwrap_or(32) + 1;
    let mut counts = vec![0usize; bins];
    for (v, c) in values {
        let at = usize::try_from((*v).clamp(0, TOP) / BIN).unwrap_or(0);
        if let Some(n) = counts.get_mut(at.min(bins - 1)) {
            *n += c;
        }
    }
    let max = counts.iter().copied().max().unwrap_or(0).max(1);
    let (left, top, plot_w, plot_h) = (56usize, 12usize, 1040usize, 200usize);
    let bar_w = plot_w / bins;
    let (w, h) = (left + plot_w + 10, top + plot_h + 50);
    writeln!(
        out,
        r#"<svg class="chart" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" aria-label="points per win">"#
    )?;
    // Horizontal grid lines at round counts.
    let step = nice_step(max);
    let mut g = 0;
    while g <= max {
        let y = top + plot_h - g * plot_h / max;
        writeln!(
            out,
            r#"<line class="grid" x1="{left}" x2="{}" y1="{y}" y2="{y}"/><text class="tick" x="{}" y="{}">{}</text>"#,
            left + plot_w,
            left - 6,
            y + 4,
            Num(g)
        )?;
        g += step;
    }
    for (i, c) in counts.iter().enumerate() {
        let x = left + i * bar_w;
        let len = c * plot_h / max;
        let lo = i32::try_from(i).unwrap_or(0) * BIN;
        let range = if i + 1 == bins {
            format!("{} or more", Num(usize::try_from(TOP).unwrap_or(0)))
        } else {
            format!(
                "{}–{}",
                Num(usize::try_from(lo).unwrap_or(0)),
                Num(usize::try_from(lo + BIN - 100).unwrap_or(0))
            )
        };
        let class = if i + 1 == bins { "bin top" } else { "bin" };
        if *c > 0 {
            writeln!(
                out,
                r#"<rect class="{class}" x="{}" y="{}" width="{}" height="{}"><title>{range} points: {} win{}</title></rect>"#,
                x + 1,
                top + plot_h - len.max(1),
                bar_w - 2,
                len.max(1),
                Num(*c),
                if *c == 1 { "" } else { "s" }
            )?;
        }
        if i.is_multiple_of(2) || i + 1 == bins {
            let label = if i + 1 == bins {
                "32k+".to_owned()
            } else {
                format!("{i}k")
            };
            writeln!(
                out,
                r#"<text class="tick x" x="{}" y="{}">{label}</text>"#,
                x + bar_w / 2,
                top + plot_h + 15
            )?;
        }
    }
    // The non-dealer's limit values, where the spikes are.
    for (k, limit) in [
        (8, Limit::Mangan),
        (12, Limit::Haneman),
        (16, Limit::Baiman),
        (24, Limit::Sanbaiman),
        (32, Limit::Yakuman),
    ] {
        let name = crate::names::limit(limit);
        writeln!(
            out,
            r#"<text class="limit" x="{}" y="{}">{name}</text>"#,
            left + k * bar_w + bar_w / 2,
            top + plot_h + 32
        )?;
    }
    writeln!(
        out,
        r#"<line class="axis" x1="{left}" x2="{}" y1="{}" y2="{}"/>"#,
        left + plot_w,
        top + plot_h,
        top + plot_h
    )?;
    writeln!(out, "</svg>")
}

/// A step for grid lines: 1, 2 or 5 times a power of ten, four to ten
/// lines up to `max`.
fn nice_step(max: usize) -> usize {
    let mut step = 1;
    loop {
        for m in [1, 2, 5] {
            if max / (step * m) <= 5 {
                return step * m;
            }
        }
        step *= 10;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_steps_are_round() {
        assert_eq!(nice_step(1), 1);
        assert_eq!(nice_step(9), 2);
        assert_eq!(nice_step(4_321), 1_000);
        assert_eq!(nice_step(12_000), 5_000);
    }

    #[test]
    fn the_histogram_puts_each_win_in_its_thousand() {
        let values = BTreeMap::from([(1_000, 3), (7_700, 2), (8_000, 5), (48_000, 1)]);
        let mut out = Vec::new();
        histogram(&values, &mut out).unwrap_or_default();
        let svg = String::from_utf8_lossy(&out);
        assert!(svg.contains("1,000–1,900 points: 3 wins"), "{svg}");
        assert!(svg.contains("7,000–7,900 points: 2 wins"));
        assert!(svg.contains("8,000–8,900 points: 5 wins"));
        assert!(svg.contains("32,000 or more points: 1 win<"));
        assert_eq!(svg.matches("<rect ").count(), 4);
    }
}
