//! A whole game under several profiles: the findings of each kyoku
//! counted by severity, and every win recomputed ([`crate::engine::wins`]).

use serde::Serialize;

use crate::engine::{Finding, Severity, audit, wins};
use crate::event::{Event, GameLog, Seat};
use crate::rules::Rules;

use super::{Figures, NoWin, Outcome, WinComparison, explain};

/// The findings of one kyoku under each profile.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct KyokuCounts {
    /// The kyoku (`E2-1`), or `game` for findings outside any kyoku.
    pub kyoku: String,
    /// Errors, warnings and info under each profile, one a column.
    pub counts: Vec<[usize; 3]>,
    /// The rules found a different number of times than under the first
    /// profile, with their paragraphs.
    pub differences: Vec<RuleCount>,
}

impl KyokuCounts {
    /// Whether a column's counts differ from the first column's.
    #[must_use]
    pub fn differs(&self, column: usize) -> bool {
        self.counts.get(column) != self.counts.first()
    }
}

/// A rule found a different number of times in a kyoku under a column's
/// profile than under the first.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct RuleCount {
    /// The column (never 0).
    pub column: usize,
    /// The rule id (`SCORE-HAN`).
    pub rule: &'static str,
    /// Its severity under the profile that found it more often.
    pub severity: Severity,
    /// How often the first profile found it.
    pub first: usize,
    /// How often this column's profile found it.
    pub here: usize,
    /// The paragraph cited by the profile that found it more often.
    pub citation: &'static str,
}

/// One win of the game under every profile.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct WinRow {
    /// Index of the `hora` event.
    pub event: usize,
    /// The kyoku (`E2-1`).
    pub kyoku: String,
    /// The winner.
    pub winner: Seat,
    /// The win side by side.
    pub comparison: WinComparison,
}

/// A game under several profiles.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct GameComparison {
    /// The profiles' names, one a column.
    pub profiles: Vec<String>,
    /// Each kyoku's findings (a `game` row last when some finding belongs
    /// to no kyoku).
    pub kyoku: Vec<KyokuCounts>,
    /// Every win, in the order of the log.
    pub wins: Vec<WinRow>,
}

/// Audits a game and recomputes its wins under each profile.
#[must_use]
pub fn compare_game(log: &GameLog, profiles: &[Rules]) -> GameComparison {
    let findings: Vec<Vec<Finding>> = profiles.iter().map(|r| audit(log, r).findings).collect();
    let mut labels: Vec<String> = log
        .events
        .iter()
        .filter_map(|e| match &e.event {
            Event::StartKyoku(sk) => Some(sk.label()),
            _ => None,
        })
        .collect();
    if findings.iter().flatten().any(|f| f.kyoku.is_none()) {
        labels.push("game".to_owned());
    }
    labels.dedup();
    let kyoku = labels
        .into_iter()
        .map(|label| kyoku_counts(label, &findings))
        .collect();
    let eval = |rules: &Rules| -> Vec<Outcome> { outcomes(log, rules) };
    let columns: Vec<Vec<Outcome>> = profiles.iter().map(eval).collect();
    let differences = explain(profiles, &columns, eval);
    let mut rows = Vec::new();
    let heads = profiles.first().map(|r| wins(log, r)).unwrap_or_default();
    for (w, (win, differences)) in heads.iter().zip(differences).enumerate() {
        let Some(Event::Hora { actor: winner, .. }) = log.events.get(win.event).map(|e| &e.event)
        else {
            continue;
        };
        rows.push(WinRow {
            event: win.event,
            kyoku: win.kyoku.clone(),
            winner: *winner,
            comparison: WinComparison {
                profiles: profiles.iter().map(|r| r.name.clone()).collect(),
                columns: columns
                    .iter()
                    .map(|c| c.get(w).cloned().unwrap_or(Err(NoWin::NotComputed)))
                    .collect(),
                differences,
            },
        });
    }
    GameComparison {
        profiles: profiles.iter().map(|r| r.name.clone()).collect(),
        kyoku,
        wins: rows,
    }
}

/// Every win of the game recomputed under one profile.
fn outcomes(log: &GameLog, rules: &Rules) -> Vec<Outcome> {
    wins(log, rules)
        .into_iter()
        .map(|w| match (w.inputs, w.verdict) {
            (Err(why), _) => Err(NoWin::Inputs(why)),
            (Ok(_), None) => Err(NoWin::NotRecomputed),
            (Ok(_), Some(v)) => v
                .score
                .map(|s| Figures::of_win(&s))
                .map_err(NoWin::Rejected),
        })
        .collect()
}

fn kyoku_counts(label: String, findings: &[Vec<Finding>]) -> KyokuCounts {
    let here = |f: &&Finding| f.kyoku.as_deref().unwrap_or("game") == label;
    let counts: Vec<[usize; 3]> = findings
        .iter()
        .map(|list| {
            let mut c = [0; 3];
            for f in list.iter().filter(here) {
                let slot = match f.severity {
                    Severity::Error => 0,
                    Severity::Warning => 1,
                    Severity::Info => 2,
                };
                if let Some(n) = c.get_mut(slot) {
                    *n += 1;
                }
            }
            c
        })
        .collect();
    let mut differences = Vec::new();
    let by_rule = |list: &[Finding]| {
        let mut m: std::collections::BTreeMap<&'static str, (usize, Severity, &'static str)> =
            std::collections::BTreeMap::new();
        for f in list.iter().filter(here) {
            let e = m
                .entry(f.rule.code())
                .or_insert((0, f.severity, f.citation));
            e.0 += 1;
        }
        m
    };
    if let Some(first) = findings.first() {
        let first = by_rule(first);
        for (column, list) in findings.iter().enumerate().skip(1) {
            let mine = by_rule(list);
            let mut rules: Vec<&&str> = first.keys().chain(mine.keys()).collect();
            rules.sort_unstable();
            rules.dedup();
            for rule in rules {
                let a = first.get(*rule);
                let b = mine.get(*rule);
                let (na, nb) = (a.map_or(0, |x| x.0), b.map_or(0, |x| x.0));
                if na == nb {
                    continue;
                }
                // The side that found it more often says why.
                let (_, severity, citation) =
                    if nb > na { b } else { a }
                        .copied()
                        .unwrap_or((0, Severity::Info, ""));
                differences.push(RuleCount {
                    column,
                    rule,
                    severity,
                    first: na,
                    here: nb,
                    citation,
                });
            }
        }
    }
    KyokuCounts {
        kyoku: label,
        counts,
        differences,
    }
}
