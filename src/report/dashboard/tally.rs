//! The dashboard's counts, gathered in one pass over a [`Report`]: by rule
//! and severity, by source folder, by profile, and the values of the wins
//! for the histogram.

use std::collections::BTreeMap;

use super::paths::{Shown, shown};
use crate::batch::FileOutcome;
use crate::engine::Severity;
use crate::report::{GameReport, Report};
use crate::rules::Book;

/// Findings by severity: error, warning, info.
pub(super) type BySeverity = [usize; 3];

/// The slot of a severity in [`BySeverity`].
pub(super) const fn slot(s: Severity) -> usize {
    match s {
        Severity::Error => 0,
        Severity::Warning => 1,
        Severity::Info => 2,
    }
}

/// One rule's findings.
#[derive(Clone, Default, Debug)]
pub(super) struct RuleRow {
    pub findings: BySeverity,
    /// Games with at least one finding of the rule.
    pub games: usize,
}

/// One source folder, or one profile.
#[derive(Clone, Default, Debug)]
pub(super) struct GroupRow {
    pub files: usize,
    pub games: usize,
    pub kyoku: usize,
    pub import_errors: usize,
    pub findings: BySeverity,
    /// Games with at least one finding.
    pub with_findings: usize,
}

impl GroupRow {
    fn add_game(&mut self, g: &GameReport) {
        self.files += 1;
        self.games += 1;
        self.kyoku += g.audit.kyoku;
        for f in &g.audit.findings {
            self.findings[slot(f.severity)] += 1;
        }
        self.with_findings += usize::from(!g.audit.findings.is_empty());
    }
}

/// Everything the dashboard counts.
#[derive(Default, Debug)]
pub(super) struct Tally {
    /// Each file's shown path and folder, in input order.
    pub shown: Vec<Shown>,
    pub by_rule: BTreeMap<&'static str, RuleRow>,
    pub by_folder: BTreeMap<String, GroupRow>,
    /// Keyed by profile name and revision.
    pub by_profile: BTreeMap<(String, u32), (Book, GroupRow)>,
    /// How many wins the recomputation scored at each value.
    pub win_values: BTreeMap<i32, usize>,
}

impl Tally {
    pub(super) fn of(report: &Report, roots: &[String]) -> Self {
        let mut t = Self::default();
        for f in &report.files {
            let s = shown(&f.file, roots);
            match &f.outcome {
                FileOutcome::Game(g) => {
                    t.by_folder.entry(s.folder.clone()).or_default().add_game(g);
                    t.by_profile
                        .entry((g.profile.name.clone(), g.profile.revision))
                        .or_insert_with(|| (g.profile.book, GroupRow::default()))
                        .1
                        .add_game(g);
                    let mut seen: Vec<&'static str> = Vec::new();
                    for finding in &g.audit.findings {
                        let code = finding.rule.code();
                        let row = t.by_rule.entry(code).or_default();
                        row.findings[slot(finding.severity)] += 1;
                        if !seen.contains(&code) {
                            seen.push(code);
                            row.games += 1;
                        }
                    }
                    for v in &g.audit.win_values {
                        *t.win_values.entry(*v).or_default() += 1;
                    }
                }
                FileOutcome::ImportError(_) | FileOutcome::InternalError(_) => {
                    let row = t.by_folder.entry(s.folder.clone()).or_default();
                    row.files += 1;
                    row.import_errors += 1;
                }
                FileOutcome::Skipped => {}
            }
            t.shown.push(s);
        }
        t
    }

    /// Wins scored, their median and mean value.
    pub(super) fn win_stats(&self) -> (usize, i32, i64) {
        let n: usize = self.win_values.values().sum();
        if n == 0 {
            return (0, 0, 0);
        }
        let mut below = 0;
        let mut median = 0;
        for (v, c) in &self.win_values {
            below += c;
            if 2 * below >= n {
                median = *v;
                break;
            }
        }
        let sum: i64 = self
            .win_values
            .iter()
            .map(|(v, c)| i64::from(*v) * i64::try_from(*c).unwrap_or(i64::MAX))
            .sum();
        (n, median, sum / i64::try_from(n).unwrap_or(1))
    }
}
