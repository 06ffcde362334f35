//! The text report, for people: a header with paifu's version and the
//! profile, then per file its profile and notes and its findings grouped by
//! kyoku (one line each, ending with the citation), then the summary.
//!
//! ```text
//! paifu 0.1.0 audit; profile ema2016 revision 1 (EMA Riichi Competition Rules 2016)
//!
//! == testdata/tenhou_xml/pao_ron_edited.mjlog
//!    file sha256 1f0c…
//!    tenhou-xml, 4 players, 5 kyoku
//!    profile sha256 9b51…
//!    E1-0
//!      ev#0 E1-0 seat 0 ERROR TILE-NOT-IN-SET 5mr: the ema2016 rules have no red fives [EMA 2016 §1.3 (no red fives)]
//!      …
//!    (game)
//!      ev#433 WARNING FINAL-SCORE the final game points differ from the recomputation (uma and oka) (expected …, recorded …) [EMA 2016 §3.6.1]
//!
//! summary
//!    files 1, games 1, kyoku 5, import errors 0
//!    findings: 14 errors, 3 warnings, 0 info; 1 contradicting an outcome
//!    …
//! ```
//!
//! Files found in folders that are no game logs are listed together, one
//! line each, before the summary. [`write_text_summary`] writes the header
//! and the summary only (`--quiet`).

use std::io::{self, Write};

use crate::plural::count;

use super::{GameReport, Report, Summary};
use crate::batch::Tally;
use crate::batch::text::{RareCount, write_counts, write_files};

/// Writes the text report.
///
/// # Errors
///
/// The writer's.
pub fn write_text(report: &Report, out: &mut impl Write) -> io::Result<()> {
    let summary = report.summary();
    header(report, &summary, out)?;
    let per_file_profile = report.rules == "auto" || summary.profiles.len() > 1;
    write_files(report, out, |g, out| game(g, per_file_profile, out))?;
    writeln!(out)?;
    summary_block(&summary, &report.tally(), out)
}

/// Writes the header and the summary only: the text report of `--quiet`.
///
/// # Errors
///
/// The writer's.
pub fn write_text_summary(report: &Report, out: &mut impl Write) -> io::Result<()> {
    let summary = report.summary();
    header(report, &summary, out)?;
    writeln!(out)?;
    summary_block(&summary, &report.tally(), out)
}

fn header(report: &Report, summary: &Summary, out: &mut impl Write) -> io::Result<()> {
    write!(out, "paifu {} audit; ", summary.paifu)?;
    match summary.profiles.as_slice() {
        [p] if report.rules != "auto" => writeln!(
            out,
            "profile {} revision {} ({})",
            p.name,
            p.revision,
            p.book.title()
        ),
        _ if report.rules == "auto" => writeln!(
            out,
            "profile auto (each game's from its log; `auto` in formats/rules.md)"
        ),
        _ => writeln!(out, "profile {}", report.rules),
    }
}

fn game(g: &GameReport, per_file_profile: bool, out: &mut impl Write) -> io::Result<()> {
    write!(
        out,
        "   {}, {} players, {} kyoku",
        g.format, g.seats, g.audit.kyoku
    )?;
    if per_file_profile {
        write!(
            out,
            "; profile {} revision {} ({})",
            g.profile.name,
            g.profile.revision,
            g.profile.book.title()
        )?;
    }
    writeln!(out)?;
    writeln!(out, "   profile sha256 {}", g.profile_sha256)?;
    for note in &g.notes {
        writeln!(out, "   note: {note}")?;
    }
    if let Some(d) = &g.damage {
        let verb = if g.audit.kyoku == 1 { "is" } else { "are" };
        writeln!(
            out,
            "   damaged: {d}; the {} before it {verb} audited, the rest is lost",
            count(g.audit.kyoku, "kyoku", "kyoku")
        )?;
    }
    if g.audit.findings.is_empty() {
        return writeln!(out, "   no findings");
    }
    let mut current: Option<Option<&str>> = None;
    for f in &g.audit.findings {
        let kyoku = f.kyoku.as_deref();
        if current != Some(kyoku) {
            writeln!(out, "   {}", kyoku.unwrap_or("(game)"))?;
            current = Some(kyoku);
        }
        writeln!(out, "     {f}")?;
    }
    Ok(())
}

fn summary_block(s: &Summary, tally: &Tally, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "summary")?;
    write!(out, "   ")?;
    let rare = [RareCount::Damaged, RareCount::Skipped];
    write_counts(out, tally, s.kyoku, &rare)?;
    writeln!(out)?;
    writeln!(
        out,
        "   findings: {}, {}, {}; {} contradicting an outcome",
        count(s.findings.error, "error", "errors"),
        count(s.findings.warning, "warning", "warnings"),
        count(s.findings.info, "info", "info"),
        s.contradictions
    )?;
    if !s.by_rule.is_empty() {
        let mut rules: Vec<(&str, usize)> = s.by_rule.iter().map(|(r, n)| (*r, *n)).collect();
        rules.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let list: Vec<String> = rules.iter().map(|(r, n)| format!("{r} {n}")).collect();
        write_wrapped(out, "   by rule: ", &list)?;
    }
    writeln!(
        out,
        "   outcomes: {} checked, {} matching",
        s.outcomes_checked, s.outcomes_matching
    )?;
    let profiles: Vec<String> = s
        .profiles
        .iter()
        .map(|p| {
            format!(
                "{} revision {} ({})",
                p.name,
                p.revision,
                count(p.games, "game", "games")
            )
        })
        .collect();
    if !profiles.is_empty() {
        write_wrapped(out, "   profiles: ", &profiles)?;
    }
    writeln!(out, "   paifu {}", s.paifu)
}

/// How wide the summary's lists may run before they wrap.
const WIDTH: usize = 100;

/// Writes `items` after `lead`, comma-separated, wrapped at [`WIDTH`] with
/// the continuation lines indented under the first item.
fn write_wrapped(out: &mut impl Write, lead: &str, items: &[String]) -> io::Result<()> {
    let indent = lead.chars().count();
    let mut line = lead.to_owned();
    let mut used = indent;
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() {
            format!("{item},")
        } else {
            item.clone()
        };
        let len = piece.chars().count();
        if used > indent && used + 1 + len > WIDTH {
            writeln!(out, "{line}")?;
            line = " ".repeat(indent);
            used = indent;
        } else if used > indent {
            line.push(' ');
            used += 1;
        }
        line.push_str(&piece);
        used += len;
    }
    writeln!(out, "{line}")
}

#[cfg(test)]
mod wrap_tests {
    use super::write_wrapped;

    #[test]
    fn long_lists_wrap_under_their_first_item() {
        let items: Vec<String> = (0..40).map(|i| format!("RULE-{i:02} {i}")).collect();
        let mut out = Vec::new();
        write_wrapped(&mut out, "   by rule: ", &items).unwrap_or_default();
        let text = String::from_utf8(out).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.len() > 3, "{text}");
        assert!(
            lines.iter().all(|l| l.chars().count() <= super::WIDTH),
            "{text}"
        );
        assert!(lines[0].starts_with("   by rule: RULE-00 0,"));
        assert!(lines[1].starts_with("            RULE-"), "{text}");
        assert!(lines.last().is_some_and(|l| l.ends_with("RULE-39 39")));
        // Every item once, in order.
        let joined = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(joined, format!("by rule: {}", items.join(", ")));

        let mut short = Vec::new();
        write_wrapped(&mut short, "   by rule: ", &["A 1".to_owned()]).unwrap_or_default();
        assert_eq!(short, b"   by rule: A 1\n");
    }
}
