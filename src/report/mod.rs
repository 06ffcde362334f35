//! Audit reports: what `paifu audit` prints for a batch of files, in a
//! text form for people ([`write_text`]) and as JSON lines for programs
//! ([`write_json`], specified in `formats/audit-report.md`), with the
//! summary and the exit-status policy.
//!
//! A [`Report`] holds one [`FileReport`] per input file, in input order:
//! the audit of the game it holds, or why it could not be audited. Building
//! and writing a report is deterministic: the same files give the same
//! bytes, whatever order they were audited in.

mod json;
mod text;

use std::collections::BTreeMap;

use serde::Serialize;

use crate::engine::{Audit, Severity, audit};
use crate::event::{Format, GameLog};
use crate::rules::{AutoRules, Book, Rules};

pub use json::write_json;
pub use text::write_text;

/// paifu's version, stated in every report.
pub const PAIFU_VERSION: &str = env!("CARGO_PKG_VERSION");

/// Exit status: nothing reached the `--fail-on` threshold.
pub const EXIT_CLEAN: u8 = 0;
/// Exit status: a finding reached the threshold.
pub const EXIT_FINDINGS: u8 = 1;
/// Exit status: a file could not be read or audited (wins over
/// [`EXIT_FINDINGS`]).
pub const EXIT_UNREADABLE: u8 = 2;

/// How each game's profile is chosen.
#[derive(Clone, PartialEq, Debug)]
pub enum RulesChoice {
    /// From the log's metadata ([`Rules::for_log`]).
    Auto,
    /// One profile for every game.
    Fixed(Rules),
}

impl RulesChoice {
    /// The profile for one game, with the notes on how it was chosen.
    #[must_use]
    pub fn for_log(&self, log: &GameLog) -> AutoRules {
        match self {
            Self::Auto => Rules::for_log(&log.meta),
            Self::Fixed(rules) => AutoRules {
                rules: rules.clone(),
                notes: Vec::new(),
            },
        }
    }

    /// `auto`, or the fixed profile's name.
    #[must_use]
    pub fn label(&self) -> &str {
        match self {
            Self::Auto => "auto",
            Self::Fixed(rules) => &rules.name,
        }
    }
}

/// The profile a game was judged by.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct Profile {
    /// The profile's name (`tenhou`, `ema2016`, `tenhou+log`…).
    pub name: String,
    /// Its revision.
    pub revision: u32,
    /// The rule book its citations come from.
    pub book: Book,
}

impl Profile {
    /// The profile part of a rule set.
    #[must_use]
    pub fn of(rules: &Rules) -> Self {
        Self {
            name: rules.name.clone(),
            revision: rules.revision,
            book: rules.book,
        }
    }
}

/// The title of a rule book, for people.
#[must_use]
pub const fn book_title(book: Book) -> &'static str {
    match book {
        Book::Tenhou => "Tenhou rules",
        Book::MahjongSoul => "Mahjong Soul rules",
        Book::Ema2016 => "EMA Riichi Competition Rules 2016",
        Book::Wrc2015 => "World Riichi Championship Rules 2015",
        Book::Ema2012 => "EMA Riichi Competition Rules 2012",
    }
}

/// The audit of one game.
#[derive(Clone, PartialEq, Debug)]
pub struct GameReport {
    /// The log's format.
    pub format: Format,
    /// Players at the table.
    pub seats: u8,
    /// The profile it was judged by.
    pub profile: Profile,
    /// How the profile was chosen (`--rules auto`), one sentence each.
    pub notes: Vec<String>,
    /// The findings and counts.
    pub audit: Audit,
}

/// Audits one game under the profile `choice` gives it.
#[must_use]
pub fn audit_game(log: &GameLog, choice: &RulesChoice) -> GameReport {
    let AutoRules { rules, notes } = choice.for_log(log);
    GameReport {
        format: log.meta.format,
        seats: log.meta.seats,
        profile: Profile::of(&rules),
        notes,
        audit: audit(log, &rules),
    }
}

/// What became of one input file.
#[derive(Clone, PartialEq, Debug)]
pub enum FileOutcome {
    /// The game was imported and audited.
    Audited(Box<GameReport>),
    /// The file could not be read or imported (the error, one line).
    ImportError(String),
    /// paifu itself failed on the file (a bug: the message).
    InternalError(String),
}

/// One input file and what became of it.
#[derive(Clone, PartialEq, Debug)]
pub struct FileReport {
    /// The path as given (or found in a folder); `-` for standard input.
    pub file: String,
    /// The audit, or why there is none.
    pub outcome: FileOutcome,
}

/// A batch: the files in input order.
#[derive(Clone, PartialEq, Debug)]
pub struct Report {
    /// `auto` or the fixed profile's name, as chosen for the batch.
    pub rules: String,
    /// One entry per input file, in input order.
    pub files: Vec<FileReport>,
}

/// Findings counted by severity.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize)]
pub struct SeverityCounts {
    /// Findings of severity error.
    pub error: usize,
    /// Findings of severity warning.
    pub warning: usize,
    /// Findings of severity info.
    pub info: usize,
}

/// A profile used in the batch and how many games it judged.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ProfileUse {
    /// The profile's name.
    pub name: String,
    /// Its revision.
    pub revision: u32,
    /// The rule book cited.
    pub book: Book,
    /// Games judged by it.
    pub games: usize,
}

/// The totals of a batch. The first eight fields are the summary line's
/// fixed shape (`formats/audit-report.md`); the rest are the extra keys.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Summary {
    /// Input files.
    pub files: usize,
    /// Games audited.
    pub games: usize,
    /// Kyoku replayed.
    pub kyoku: usize,
    /// Files that could not be read or imported.
    pub import_errors: usize,
    /// Findings by severity.
    pub findings: SeverityCounts,
    /// Findings by rule id, keys sorted.
    pub by_rule: BTreeMap<&'static str, usize>,
    /// Outcomes (wins and draws) whose claimed result was compared.
    pub outcomes_checked: usize,
    /// Of those, the ones that matched in every compared field.
    pub outcomes_matching: usize,
    /// Files paifu itself failed on (counted apart from import errors).
    pub internal_errors: usize,
    /// paifu's version.
    pub paifu: &'static str,
    /// `auto` or the fixed profile's name.
    pub rules: String,
    /// The profiles used, sorted by name and revision.
    pub profiles: Vec<ProfileUse>,
}

impl Report {
    /// The games audited, with their file names.
    pub fn games(&self) -> impl Iterator<Item = (&str, &GameReport)> {
        self.files.iter().filter_map(|f| match &f.outcome {
            FileOutcome::Audited(g) => Some((f.file.as_str(), g.as_ref())),
            FileOutcome::ImportError(_) | FileOutcome::InternalError(_) => None,
        })
    }

    /// The totals.
    #[must_use]
    pub fn summary(&self) -> Summary {
        let mut s = Summary {
            files: self.files.len(),
            games: 0,
            kyoku: 0,
            import_errors: 0,
            findings: SeverityCounts::default(),
            by_rule: BTreeMap::new(),
            outcomes_checked: 0,
            outcomes_matching: 0,
            internal_errors: 0,
            paifu: PAIFU_VERSION,
            rules: self.rules.clone(),
            profiles: Vec::new(),
        };
        let mut profiles: BTreeMap<(&str, u32), (Book, usize)> = BTreeMap::new();
        for f in &self.files {
            match &f.outcome {
                FileOutcome::Audited(g) => {
                    s.games += 1;
                    s.kyoku += g.audit.kyoku;
                    s.outcomes_checked += g.audit.outcomes_checked;
                    s.outcomes_matching += g.audit.outcomes_matching;
                    profiles
                        .entry((&g.profile.name, g.profile.revision))
                        .or_insert((g.profile.book, 0))
                        .1 += 1;
                    for finding in &g.audit.findings {
                        *match finding.severity {
                            Severity::Error => &mut s.findings.error,
                            Severity::Warning => &mut s.findings.warning,
                            Severity::Info => &mut s.findings.info,
                        } += 1;
                        *s.by_rule.entry(finding.rule.code()).or_default() += 1;
                    }
                }
                FileOutcome::ImportError(_) => s.import_errors += 1,
                FileOutcome::InternalError(_) => s.internal_errors += 1,
            }
        }
        s.profiles = profiles
            .into_iter()
            .map(|((name, revision), (book, games))| ProfileUse {
                name: name.to_owned(),
                revision,
                book,
                games,
            })
            .collect();
        s
    }

    /// The exit status: [`EXIT_UNREADABLE`] when a file could not be read
    /// or audited, else [`EXIT_FINDINGS`] when a finding is at least as
    /// severe as `fail_on`, else [`EXIT_CLEAN`].
    #[must_use]
    pub fn exit_status(&self, fail_on: Severity) -> u8 {
        let mut status = EXIT_CLEAN;
        for f in &self.files {
            match &f.outcome {
                FileOutcome::Audited(g) => {
                    if g.audit.findings.iter().any(|x| x.severity >= fail_on) {
                        status = EXIT_FINDINGS;
                    }
                }
                FileOutcome::ImportError(_) | FileOutcome::InternalError(_) => {
                    return EXIT_UNREADABLE;
                }
            }
        }
        status
    }
}

#[cfg(test)]
mod tests;
