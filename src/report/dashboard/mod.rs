//! The dashboard: the audit of a batch as one standalone HTML page
//! (`paifu audit --format html`). Nothing is fetched: the style sheet is
//! inline (the HTML kit's base, `crate::html`, so that paifu's pages
//! have one look, plus the dashboard's own), the plots are inline SVG, and a few lines of script
//! only sort and filter the tables, which read the same without it.
//!
//! The page, top to bottom: what was audited (the PATH arguments by their
//! last name, files, games, kyoku, profiles, paifu's version), the totals,
//! the findings per rule and how the kyoku ended as bars, the histogram of
//! points per win, the counts by source folder, by profile and by rule and
//! severity, the files with findings linked to their findings, the files
//! that could not be read with their located error, then each file's
//! findings as the text report gives them (kyoku, event, seat, severity,
//! rule, sentence, expected and recorded values, citation).
//!
//! It is a pure function of the [`Report`] and the PATH arguments: no
//! clock, no path of the machine (files are shown relative to the
//! arguments, [`paths`]), the same bytes for the same batch. It is written
//! as it goes into the caller's writer, and it stays small on a large
//! batch: each file lists its first [`OPEN`] findings, the next ones up to
//! [`LISTED`] behind a `<details>`, and only counts the rest.

mod charts;
mod paths;
mod tally;

use std::fmt;
use std::io::{self, Write};

use charts::Bar;
use tally::{BySeverity, GroupRow, Tally};

use super::{GameReport, PAIFU_VERSION, Report, Summary};
use crate::batch::{FileOutcome, SKIPPED_REASON};
use crate::engine::Finding;
use crate::html::{BASE_STYLE, Esc, SORT_SCRIPT as SCRIPT};

/// The dashboard's own rules, on top of the kit's base style sheet.
const STYLE: &str = include_str!("style.css");

/// Findings shown open per file.
pub const OPEN: usize = 10;
/// Findings listed per file in all (the ones after [`OPEN`] folded); the
/// rest are counted, and `paifu audit FILE` lists them.
pub const LISTED: usize = 100;
/// Rules drawn as bars; the others are summed in one.
const RULE_BARS: usize = 24;

use crate::html::Num;

/// A share in per cent with one decimal: `45.2%`.
struct Pct(usize, usize);

impl fmt::Display for Pct {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.1 == 0 {
            return f.write_str("–");
        }
        // Integer arithmetic: the same digits on every machine.
        let tenths = (self.0 * 1000 + self.1 / 2) / self.1;
        write!(f, "{}.{}%", tenths / 10, tenths % 10)
    }
}

/// Writes the dashboard of `report`; `roots` are the PATH arguments as
/// given, which the page shows files relative to.
///
/// # Errors
///
/// The writer's.
pub fn write_html(report: &Report, roots: &[String], out: &mut impl Write) -> io::Result<()> {
    write_page(report, roots, true, out)
}

/// Writes the dashboard without the per-file listings (`--quiet`): what
/// was audited, the plots and the tables of counts.
///
/// # Errors
///
/// The writer's.
pub fn write_html_summary(
    report: &Report,
    roots: &[String],
    out: &mut impl Write,
) -> io::Result<()> {
    write_page(report, roots, false, out)
}

fn write_page(
    report: &Report,
    roots: &[String],
    per_file: bool,
    out: &mut impl Write,
) -> io::Result<()> {
    let out: &mut dyn Write = out;
    let summary = report.summary();
    let tally = Tally::of(report, roots);
    write_head(report, roots, &summary, out)?;
    write_totals(&summary, out)?;
    writeln!(out, r#"<div class="two">"#)?;
    write_rule_bars(&tally, out)?;
    write_outcome_bars(&summary, out)?;
    writeln!(out, "</div>")?;
    write_points(&tally, out)?;
    write_groups(
        "folders",
        "By source folder",
        "folder",
        tally
            .by_folder
            .iter()
            .map(|(name, row)| (Esc(name).to_string(), row)),
        out,
    )?;
    write_groups(
        "profiles",
        "By profile",
        "profile",
        tally
            .by_profile
            .iter()
            .map(|((name, revision), (book, row))| {
                (
                    format!(
                        r#"{} <small>revision {revision}, {}</small>"#,
                        Esc(name),
                        book.title()
                    ),
                    row,
                )
            }),
        out,
    )?;
    write_rule_table(&tally, out)?;
    if per_file {
        write_file_index(report, &tally, out)?;
        write_unreadable(report, &tally, out)?;
        write_findings(report, &tally, out)?;
    }
    write_skipped(&summary, out)?;
    writeln!(out, "</main>\n<script>{SCRIPT}</script>\n</body>\n</html>")
}

/// The document head and what was audited.
fn write_head(
    report: &Report,
    roots: &[String],
    s: &Summary,
    out: &mut dyn Write,
) -> io::Result<()> {
    let names: Vec<String> = roots.iter().map(|r| paths::last_name(r)).collect();
    let what = names.join(", ");
    writeln!(
        out,
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"generator\" content=\"paifu {PAIFU_VERSION}\">\n<title>paifu audit: {}</title>\n<style>\n{BASE_STYLE}{STYLE}</style>\n</head>\n<body>\n<main class=\"dash\">",
        Esc(&what)
    )?;
    writeln!(
        out,
        r#"<header class="top"><h1>paifu audit <span class="what">{}</span></h1>"#,
        Esc(&what)
    )?;
    write!(
        out,
        "<p>{} files, {} games, {} kyoku; ",
        Num(s.files),
        Num(s.games),
        Num(s.kyoku)
    )?;
    match s.profiles.as_slice() {
        [p] if report.rules != "auto" => write!(
            out,
            "profile {} revision {} ({})",
            Esc(&p.name),
            p.revision,
            p.book.title()
        )?,
        _ if report.rules == "auto" => {
            write!(out, "profile auto (each game's from its log): ")?;
            let list: Vec<String> = s
                .profiles
                .iter()
                .map(|p| format!("{} {}", Esc(&p.name), Num(p.games)))
                .collect();
            write!(out, "{}", list.join(", "))?;
        }
        _ => write!(out, "profile {}", Esc(&report.rules))?,
    }
    writeln!(out, "; paifu {PAIFU_VERSION}</p></header>")
}

/// The totals, one card each.
fn write_totals(s: &Summary, out: &mut dyn Write) -> io::Result<()> {
    let card = |out: &mut dyn Write, class: &str, n: String, what: &str| {
        writeln!(
            out,
            r#"<div class="card {class}"><b>{n}</b><span>{what}</span></div>"#
        )
    };
    writeln!(out, r#"<section class="cards">"#)?;
    card(out, "", Num(s.games).to_string(), "games audited")?;
    card(out, "", Num(s.kyoku).to_string(), "kyoku replayed")?;
    card(
        out,
        "error",
        Num(s.findings.error).to_string(),
        "errors (actions the rules forbid)",
    )?;
    card(
        out,
        "warning",
        Num(s.findings.warning).to_string(),
        "warnings (the log against the rules)",
    )?;
    card(
        out,
        "info",
        Num(s.findings.info).to_string(),
        "info (what could not be checked)",
    )?;
    card(
        out,
        if s.contradictions > 0 { "error" } else { "" },
        Num(s.contradictions).to_string(),
        "recorded outcomes contradicted",
    )?;
    card(
        out,
        "good",
        Pct(s.outcomes_matching, s.outcomes_checked).to_string(),
        &format!("of {} recorded outcomes agree", Num(s.outcomes_checked)),
    )?;
    let unreadable = s.import_errors + s.internal_errors;
    card(
        out,
        if unreadable > 0 { "error" } else { "" },
        Num(unreadable).to_string(),
        if s.damaged > 0 {
            "files unreadable (and some damaged part-way)"
        } else {
            "files unreadable"
        },
    )?;
    writeln!(out, "</section>")
}

/// The findings per rule, stacked by severity.
fn write_rule_bars(t: &Tally, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        r#"<section class="panel"><h2>Findings per rule</h2><p class="legend"><span class="key error">error</span><span class="key warning">warning</span><span class="key info">info</span></p>"#
    )?;
    let mut rows: Vec<(&str, &BySeverity)> = t
        .by_rule
        .iter()
        .map(|(r, row)| (*r, &row.findings))
        .collect();
    rows.sort_by(|a, b| {
        b.1.iter()
            .sum::<usize>()
            .cmp(&a.1.iter().sum::<usize>())
            .then(a.0.cmp(b.0))
    });
    if rows.is_empty() {
        writeln!(out, "<p>no findings</p></section>")?;
        return Ok(());
    }
    let rest = rows.get(RULE_BARS..).unwrap_or_default();
    let other_label = format!("{} other rules", rest.len());
    let mut bars: Vec<Bar<'_>> = rows
        .iter()
        .take(RULE_BARS)
        .map(|(rule, s)| Bar {
            label: rule,
            href: Some(format!("#rule-{rule}")),
            parts: charts::severity_parts(s),
        })
        .collect();
    if !rest.is_empty() {
        let mut sum = [0usize; 3];
        for (_, s) in rest {
            for (a, b) in sum.iter_mut().zip(s.iter()) {
                *a += b;
            }
        }
        bars.push(Bar {
            label: &other_label,
            href: Some("#rules".into()),
            parts: charts::severity_parts(&sum),
        });
    }
    charts::bars(&bars, None, "findings per rule", out)?;
    writeln!(out, "</section>")
}

/// How the kyoku ended.
fn write_outcome_bars(s: &Summary, out: &mut dyn Write) -> io::Result<()> {
    let o = &s.outcomes;
    writeln!(
        out,
        r#"<section class="panel"><h2>How the kyoku ended</h2><p class="fine">{} wins, {} exhaustive draws, {} abortive draws{}; share of all outcomes</p>"#,
        Num(o.wins()),
        Num(o.exhaustive_draws),
        Num(o.abortive_draws()),
        if o.chombo > 0 {
            format!(", {} chombo", Num(o.chombo))
        } else {
            String::new()
        }
    )?;
    let mut bars = vec![
        Bar {
            label: "win by ron",
            href: None,
            parts: vec![(o.ron, "win", "wins by ron")],
        },
        Bar {
            label: "win by tsumo",
            href: None,
            parts: vec![(o.tsumo, "win tsumo", "wins by tsumo")],
        },
        Bar {
            label: "exhaustive draw",
            href: None,
            parts: vec![(o.exhaustive_draws, "draw", "exhaustive draws")],
        },
    ];
    for (name, n) in o.abortive_kinds() {
        bars.push(Bar {
            label: name,
            href: None,
            parts: vec![(n, "abort", "abortive draws")],
        });
    }
    bars.push(Bar {
        label: "chombo",
        href: None,
        parts: vec![(o.chombo, "error", "chombo")],
    });
    let whole = o.wins() + o.exhaustive_draws + o.abortive_draws() + o.chombo;
    charts::bars(&bars, Some(whole), "how the kyoku ended", out)?;
    writeln!(
        out,
        r#"<p class="fine">abortive draws: nine terminals (kyuushu kyuuhai), four riichi, triple ron, four kongs, four winds</p></section>"#
    )
}

/// The histogram of points per win.
fn write_points(t: &Tally, out: &mut dyn Write) -> io::Result<()> {
    let (n, median, mean) = t.win_stats();
    writeln!(
        out,
        r#"<section class="panel wide"><h2>Points per win</h2><p class="fine">{} wins as the recomputation scores them (the hand's value before counters and riichi sticks, dealer and non-dealer together); median {}, mean {}</p>"#,
        Num(n),
        Num(usize::try_from(median).unwrap_or(0)),
        Num(usize::try_from(mean).unwrap_or(0))
    )?;
    if n > 0 {
        charts::histogram(&t.win_values, out)?;
    }
    writeln!(out, "</section>")
}

/// A severity triple as table cells.
fn severity_cells(s: &BySeverity, out: &mut dyn Write) -> io::Result<()> {
    for (n, class) in s.iter().zip(["error", "warning", "info"]) {
        if *n == 0 {
            write!(out, r#"<td class="n z">0</td>"#)?;
        } else {
            write!(out, r#"<td class="n {class}">{}</td>"#, Num(*n))?;
        }
    }
    Ok(())
}

/// Counts per source folder or per profile.
fn write_groups<'a>(
    id: &str,
    title: &str,
    what: &str,
    rows: impl Iterator<Item = (String, &'a GroupRow)>,
    out: &mut dyn Write,
) -> io::Result<()> {
    writeln!(
        out,
        r#"<section class="panel" id="{id}"><h2>{title}</h2><div class="scroll"><table class="summary sortable"><thead><tr><th>{what}</th><th>files</th><th>games</th><th>kyoku</th><th>unreadable</th><th>errors</th><th>warnings</th><th>info</th><th>games with findings</th></tr></thead><tbody>"#
    )?;
    for (name, r) in rows {
        write!(
            out,
            "<tr><td>{name}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n{}\">{}</td>",
            Num(r.files),
            Num(r.games),
            Num(r.kyoku),
            if r.import_errors > 0 { " error" } else { " z" },
            Num(r.import_errors)
        )?;
        severity_cells(&r.findings, out)?;
        writeln!(
            out,
            r#"<td class="n">{} ({})</td></tr>"#,
            Num(r.with_findings),
            Pct(r.with_findings, r.games)
        )?;
    }
    writeln!(out, "</tbody></table></div></section>")
}

/// Findings by rule and severity, with the games each rule was found in.
fn write_rule_table(t: &Tally, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        r#"<section class="panel wide" id="rules"><h2>By rule and severity</h2><p class="fine">each rule id is described in paifu's formats/rules.md; a click on a column's head sorts the table</p><div class="scroll"><table class="summary sortable"><thead><tr><th>rule</th><th>errors</th><th>warnings</th><th>info</th><th>total</th><th>games</th></tr></thead><tbody>"#
    )?;
    if t.by_rule.is_empty() {
        writeln!(out, r#"<tr><td colspan="6">no findings</td></tr>"#)?;
    }
    for (rule, r) in &t.by_rule {
        write!(out, r#"<tr id="rule-{rule}"><td><code>{rule}</code></td>"#)?;
        severity_cells(&r.findings, out)?;
        writeln!(
            out,
            r#"<td class="n">{}</td><td class="n">{}</td></tr>"#,
            Num(r.findings.iter().sum()),
            Num(r.games)
        )?;
    }
    writeln!(out, "</tbody></table></div></section>")
}

/// The anchor of file `n`'s findings.
fn anchor(n: usize) -> String {
    format!("f{n}")
}

/// The files with findings, one row each, linked to their findings.
fn write_file_index(report: &Report, t: &Tally, out: &mut dyn Write) -> io::Result<()> {
    let with: Vec<(usize, &GameReport)> = report
        .files
        .iter()
        .enumerate()
        .filter_map(|(n, f)| match &f.outcome {
            FileOutcome::Game(g) if !g.audit.findings.is_empty() => Some((n, g.as_ref())),
            _ => None,
        })
        .collect();
    writeln!(
        out,
        r#"<section class="panel wide" id="files"><h2>Files with findings <small>{} of {} games</small></h2>"#,
        Num(with.len()),
        Num(report.games().count())
    )?;
    if with.is_empty() {
        return writeln!(out, "<p>no game has a finding</p></section>");
    }
    writeln!(
        out,
        r#"<div class="scroll"><table class="summary sortable filterable"><thead><tr><th>file</th><th>profile</th><th>kyoku</th><th>errors</th><th>warnings</th><th>info</th><th>rules</th></tr></thead><tbody>"#
    )?;
    for (n, g) in with {
        let path = t.shown.get(n).map_or("", |s| s.path.as_str());
        let mut s = [0usize; 3];
        let mut rules: Vec<&str> = Vec::new();
        for f in &g.audit.findings {
            s[tally::slot(f.severity)] += 1;
            let code = f.rule.code();
            if !rules.contains(&code) {
                rules.push(code);
            }
        }
        write!(
            out,
            r##"<tr><td><a href="#{}">{}</a></td><td>{}</td><td class="n">{}</td>"##,
            anchor(n),
            Esc(path),
            Esc(&g.profile.name),
            g.audit.kyoku
        )?;
        severity_cells(&s, out)?;
        writeln!(out, r#"<td class="rules">{}</td></tr>"#, rules.join(" "))?;
    }
    writeln!(out, "</tbody></table></div></section>")
}

/// The files that could not be read, each with its located error.
fn write_unreadable(report: &Report, t: &Tally, out: &mut dyn Write) -> io::Result<()> {
    let mut any = false;
    for (n, f) in report.files.iter().enumerate() {
        let message = match &f.outcome {
            FileOutcome::ImportError(e) => Esc(&e.message).to_string(),
            FileOutcome::InternalError(e) => format!(
                "internal error: {} (a bug in paifu: please report it)",
                Esc(e)
            ),
            FileOutcome::Game(g) => match &g.damage {
                Some(d) => format!(
                    "damaged: {}; the {} kyoku before it are audited, the rest is lost",
                    Esc(&d.to_string()),
                    g.audit.kyoku
                ),
                None => continue,
            },
            FileOutcome::Skipped => continue,
        };
        if !any {
            writeln!(
                out,
                r#"<section class="panel wide" id="unreadable"><h2>Files that could not be read</h2><ul class="errors">"#
            )?;
            any = true;
        }
        let path = t.shown.get(n).map_or("", |s| s.path.as_str());
        writeln!(
            out,
            r#"<li id="{}"><b>{}</b>: {message}</li>"#,
            anchor(n),
            Esc(path)
        )?;
    }
    if any {
        writeln!(out, "</ul></section>")?;
    }
    Ok(())
}

/// Each file's findings, in input order.
fn write_findings(report: &Report, t: &Tally, out: &mut dyn Write) -> io::Result<()> {
    let mut any = false;
    for (n, f) in report.files.iter().enumerate() {
        let FileOutcome::Game(g) = &f.outcome else {
            continue;
        };
        if g.audit.findings.is_empty() {
            continue;
        }
        if !any {
            writeln!(
                out,
                r#"<section class="wide" id="findings"><h2>Findings by file</h2>"#
            )?;
            any = true;
        }
        let path = t.shown.get(n).map_or("", |s| s.path.as_str());
        write_game(path, &anchor(n), g, out)?;
    }
    if any {
        writeln!(out, "</section>")?;
    }
    Ok(())
}

const FINDINGS_HEAD: &str = "<thead><tr><th>kyoku</th><th>event</th><th>seat</th><th>severity</th><th>rule</th><th>finding</th><th>citation</th></tr></thead>";

/// One file's findings: the first [`OPEN`] in view, the next up to
/// [`LISTED`] folded, the rest counted.
fn write_game(path: &str, id: &str, g: &GameReport, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        r##"<section class="game" id="{id}"><h3>{} <a class="up" href="#files">files</a></h3><p class="meta">{}, {} players, {} kyoku; profile {} revision {} ({})</p>"##,
        Esc(path),
        g.format,
        g.seats,
        g.audit.kyoku,
        Esc(&g.profile.name),
        g.profile.revision,
        g.profile.book.title()
    )?;
    for note in &g.notes {
        writeln!(out, r#"<p class="meta">note: {}</p>"#, Esc(note))?;
    }
    let all = &g.audit.findings;
    let open = all.get(..OPEN.min(all.len())).unwrap_or_default();
    writeln!(out, r#"<table class="findings">{FINDINGS_HEAD}<tbody>"#)?;
    for f in open {
        write_finding(f, out)?;
    }
    writeln!(out, "</tbody></table>")?;
    let folded = all.get(OPEN..LISTED.min(all.len())).unwrap_or_default();
    if !folded.is_empty() {
        writeln!(
            out,
            r#"<details><summary>{} more findings</summary><table class="findings">{FINDINGS_HEAD}<tbody>"#,
            Num(folded.len())
        )?;
        for f in folded {
            write_finding(f, out)?;
        }
        writeln!(out, "</tbody></table></details>")?;
    }
    if all.len() > LISTED {
        writeln!(
            out,
            r#"<p class="fine">{} more findings not listed here; <code>paifu audit {}</code> lists every one</p>"#,
            Num(all.len() - LISTED),
            Esc(path)
        )?;
    }
    writeln!(out, "</section>")
}

/// One finding as a table row, with the fields of the text report.
fn write_finding(f: &Finding, out: &mut dyn Write) -> io::Result<()> {
    let sev = f.severity.name();
    write!(
        out,
        r#"<tr><td>{}</td><td class="n">ev#{}</td><td>{}</td><td><span class="sev {sev}">{sev}</span></td><td><code>{}</code></td><td>{}"#,
        Esc(f.kyoku.as_deref().unwrap_or("(game)")),
        f.event,
        f.seat.map_or_else(String::new, |s| format!("seat {s}")),
        f.rule.code(),
        Esc(&f.message)
    )?;
    if f.expected.is_some() || f.recorded.is_some() {
        write!(out, r#"<span class="vals">"#)?;
        if let Some(e) = &f.expected {
            write!(out, "expected <b>{}</b>", Esc(e))?;
        }
        if let Some(r) = &f.recorded {
            write!(out, " recorded <b>{}</b>", Esc(r))?;
        }
        write!(out, "</span>")?;
    }
    writeln!(
        out,
        r#"</td><td class="cite">{}</td></tr>"#,
        Esc(f.citation)
    )
}

/// How many files found in folders were no game logs.
fn write_skipped(s: &Summary, out: &mut dyn Write) -> io::Result<()> {
    if s.skipped > 0 {
        writeln!(
            out,
            r#"<p class="fine">{} files found in the folders were skipped ({SKIPPED_REASON}).</p>"#,
            Num(s.skipped)
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_shares_for_people() {
        assert_eq!(Num(0).to_string(), "0");
        assert_eq!(Num(999).to_string(), "999");
        assert_eq!(Num(1_000).to_string(), "1,000");
        assert_eq!(Num(1_234_567).to_string(), "1,234,567");
        assert_eq!(Pct(1, 3).to_string(), "33.3%");
        assert_eq!(Pct(2, 3).to_string(), "66.7%");
        assert_eq!(Pct(5, 0).to_string(), "–");
    }
}
