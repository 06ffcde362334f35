//! Audit reports: what `paifu audit` prints for a batch of files, in a
//! text form for people ([`write_text`]) and as JSON lines for programs
//! ([`write_json`], specified in `formats/audit-report.md`), with the
//! summary and the exit-status policy.
//!
//! A [`Report`] holds one [`FileReport`] per input file, in input order:
//! the audit of the game it holds, or why it could not be audited. Building
//! and writing a report is deterministic: the same files give the same
//! bytes, whatever order they were audited in.
//!
//! Every report states, per input, the SHA-256 of the file's bytes as read
//! (before gzip is undone) and, per game, the fingerprint of the profile
//! that judged it ([`profile_fingerprint`]), beside paifu's version, so
//! that a report says exactly which bytes and which rules it came from.

mod dashboard;
mod digest;
pub(crate) mod json;
mod outcomes;
pub(crate) mod text;

use std::collections::BTreeMap;

use serde::Serialize;

use crate::engine::{Audit, RuleId, Severity, audit};
use crate::event::{Damage, Format, GameLog};
use crate::import::{ImportError, ImportErrorKind};
use crate::rules::{AutoRules, Book, Rules};

pub use dashboard::{LISTED, OPEN, write_html, write_html_summary};
pub use digest::{Sha256Digest, profile_fingerprint};
pub use json::{write_json, write_json_summary};
pub use outcomes::Outcomes;
pub use text::{write_text, write_text_summary};

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
        Book::RiichiCity => "Riichi City rules",
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
    /// The SHA-256 of the file's bytes as read (before gzip is undone);
    /// `None` until the reader that had the bytes sets it ([`audit_game`]
    /// sees only the log).
    pub sha256: Option<Sha256Digest>,
    /// The profile it was judged by.
    pub profile: Profile,
    /// The fingerprint of that profile as applied to this game
    /// ([`profile_fingerprint`]): tells apart profiles of one name.
    pub profile_sha256: Sha256Digest,
    /// How the profile was chosen (`--rules auto`), one sentence each.
    pub notes: Vec<String>,
    /// Where the file is damaged, when it is: the import error that would
    /// have refused it whole. The audit covers the kyoku complete before it.
    pub damage: Option<Damage>,
    /// How its kyoku ended (wins, draws, chombo).
    pub outcomes: Outcomes,
    /// The findings and counts.
    pub audit: Audit,
}

/// Audits one game under the profile `choice` gives it.
#[must_use]
pub fn audit_game(log: &GameLog, choice: &RulesChoice) -> GameReport {
    let AutoRules { rules, notes } = choice.for_log(log);
    let audit = audit(log, &rules);
    GameReport {
        format: log.meta.format,
        seats: log.meta.seats,
        sha256: None,
        profile: Profile::of(&rules),
        profile_sha256: profile_fingerprint(&rules),
        notes,
        damage: log.meta.damage.clone(),
        outcomes: Outcomes::of(log, &audit),
        audit,
    }
}

/// Why a file could not be read or imported: the error in one line and,
/// apart, the fields of the [`ImportError`] (all `None` when the file could
/// not even be opened).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct ImportFailure {
    /// The error in one line, as `paifu: FILE: …` prints it.
    pub message: String,
    /// The format the file was being read as; `None` when not recognised.
    pub format: Option<Format>,
    /// 1-based line of the (decompressed) input.
    pub line: Option<u32>,
    /// 0-based byte offset in the (decompressed) input.
    pub byte: Option<u64>,
    /// What the format requires at that place.
    pub expected: Option<String>,
    /// What is there.
    pub found: Option<String>,
    /// The SHA-256 of the file's bytes, when they were read to the end.
    pub sha256: Option<Sha256Digest>,
}

impl ImportFailure {
    /// The failure an import error describes.
    #[must_use]
    pub fn of(err: &ImportError) -> Self {
        let (expected, found) = match &err.kind {
            ImportErrorKind::Expected { expected, found } => {
                (Some(expected.clone()), Some(found.clone()))
            }
            ImportErrorKind::NotALog { found } => (None, Some(found.clone())),
            ImportErrorKind::Missing { name } => (Some(name.clone()), None),
            _ => (None, None),
        };
        Self {
            message: err.to_string(),
            format: err.format,
            line: err.location.line,
            byte: err.location.byte,
            expected,
            found,
            sha256: None,
        }
    }
}

/// A failure known only by its message (a file that cannot be opened).
impl From<String> for ImportFailure {
    fn from(message: String) -> Self {
        Self {
            message,
            ..Self::default()
        }
    }
}

impl From<&str> for ImportFailure {
    fn from(message: &str) -> Self {
        message.to_owned().into()
    }
}

/// Whether an import error means the bytes are no game log at all (a
/// README beside the logs, an empty file), as opposed to a log that is
/// broken: a file of that kind found by walking a folder is skipped. A
/// JSON object that is no log (a settings file, an expected-values table,
/// the audit's own JSON lines) is one of them.
#[must_use]
pub fn is_not_a_log(err: &ImportError) -> bool {
    matches!(
        err.kind,
        ImportErrorKind::NotALog { .. } | ImportErrorKind::UnknownJson { .. }
    )
}

/// A file found in a folder that is no game log: left out of the batch,
/// and listed so that nothing is dropped silently.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Skipped {
    /// The SHA-256 of the file's bytes as read.
    pub sha256: Option<Sha256Digest>,
}

/// Why a file was skipped, in the reports.
pub const SKIPPED_REASON: &str = "not a game log";

/// What became of one input file.
#[derive(Clone, PartialEq, Debug)]
pub enum FileOutcome {
    /// The game was imported and audited.
    Audited(Box<GameReport>),
    /// Found by walking a folder, the file is no game log (a README):
    /// skipped, not an error. A file named on the command line is never
    /// skipped.
    Skipped(Skipped),
    /// The file could not be read or imported.
    ImportError(ImportFailure),
    /// paifu itself failed on the file (a bug: the message).
    InternalError(String),
}

impl FileOutcome {
    /// The SHA-256 of the file's bytes as read, where known.
    #[must_use]
    pub fn sha256(&self) -> Option<Sha256Digest> {
        match self {
            Self::Audited(g) => g.sha256,
            Self::Skipped(s) => s.sha256,
            Self::ImportError(e) => e.sha256,
            Self::InternalError(_) => None,
        }
    }
}

/// One input file and what became of it.
#[derive(Clone, PartialEq, Debug)]
pub struct FileReport {
    /// The path as given (or found in a folder); `-` for standard input.
    pub file: String,
    /// The audit, or why there is none.
    pub outcome: FileOutcome,
}

/// The rules whose findings say that an outcome the log records — a
/// payment, a hand's value, han, fu or yaku, the liable player, a riichi
/// stick, the scores carried from one kyoku to the next, the final scores
/// or game points — is not what the recomputation gives. They are warnings
/// (the log contradicts the rules, no player broke one), but they are what
/// an organiser must see: the default exit policy fails on them.
pub const CONTRADICTION_RULES: &[RuleId] = &[
    RuleId::ScoreDeltas,
    RuleId::ScorePoints,
    RuleId::ScoreHan,
    RuleId::ScoreFu,
    RuleId::ScoreYaku,
    RuleId::Pao,
    RuleId::RiichiStick,
    RuleId::ScoreContinuity,
    RuleId::FinalScore,
];

/// Whether a finding of `rule` contradicts a recorded outcome
/// ([`CONTRADICTION_RULES`]).
#[must_use]
pub fn contradicts_outcome(rule: RuleId) -> bool {
    CONTRADICTION_RULES.contains(&rule)
}

/// What makes the exit status [`EXIT_FINDINGS`] (`--fail-on`). Each level
/// fails on everything the one before it fails on.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Default)]
pub enum FailOn {
    /// Findings never change the exit status.
    None,
    /// An error, or a contradicted outcome ([`CONTRADICTION_RULES`],
    /// whatever its severity): the default.
    #[default]
    Error,
    /// Also any other warning.
    Warning,
    /// Any finding.
    Info,
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

/// The totals of a batch, and all that the exit policy reads. The first
/// eight fields are the summary line's fixed shape
/// (`formats/audit-report.md`); the rest are the extra keys.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Summary {
    /// Input files (skipped ones included).
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
    /// Files found in folders that are no game logs, skipped.
    pub skipped: usize,
    /// Files damaged part-way: the kyoku before the damage are audited, the
    /// rest is lost (also counted in `games`).
    pub damaged: usize,
    /// Findings that contradict a recorded outcome
    /// ([`CONTRADICTION_RULES`]; also counted in `findings`).
    pub contradictions: usize,
    /// paifu's version.
    pub paifu: &'static str,
    /// `auto` or the fixed profile's name.
    pub rules: String,
    /// The profiles used, sorted by name and revision.
    pub profiles: Vec<ProfileUse>,
    /// How the kyoku of the games ended, summed.
    pub outcomes: Outcomes,
}

impl Report {
    /// The games audited, with their file names.
    pub fn games(&self) -> impl Iterator<Item = (&str, &GameReport)> {
        self.files.iter().filter_map(|f| match &f.outcome {
            FileOutcome::Audited(g) => Some((f.file.as_str(), g.as_ref())),
            FileOutcome::Skipped(_)
            | FileOutcome::ImportError(_)
            | FileOutcome::InternalError(_) => None,
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
            skipped: 0,
            damaged: 0,
            contradictions: 0,
            paifu: PAIFU_VERSION,
            rules: self.rules.clone(),
            profiles: Vec::new(),
            outcomes: Outcomes::default(),
        };
        let mut profiles: BTreeMap<(&str, u32), (Book, usize)> = BTreeMap::new();
        for f in &self.files {
            match &f.outcome {
                FileOutcome::Audited(g) => {
                    s.games += 1;
                    s.damaged += usize::from(g.damage.is_some());
                    s.kyoku += g.audit.kyoku;
                    s.outcomes_checked += g.audit.outcomes_checked;
                    s.outcomes_matching += g.audit.outcomes_matching;
                    s.outcomes += &g.outcomes;
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
                        if contradicts_outcome(finding.rule) && finding.severity != Severity::Info {
                            s.contradictions += 1;
                        }
                    }
                }
                FileOutcome::Skipped(_) => s.skipped += 1,
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

    /// The exit status under `policy` ([`Summary::exit_status`]).
    #[must_use]
    pub fn exit_status(&self, policy: FailOn) -> u8 {
        self.summary().exit_status(policy)
    }
}

impl Summary {
    /// The exit status: [`EXIT_UNREADABLE`] when a file could not be read
    /// or audited, or was read only up to damage (a skipped file is
    /// neither), else [`EXIT_FINDINGS`] when
    /// a finding fails `policy`, else [`EXIT_CLEAN`].
    #[must_use]
    pub const fn exit_status(&self, policy: FailOn) -> u8 {
        if self.import_errors > 0 || self.internal_errors > 0 || self.damaged > 0 {
            return EXIT_UNREADABLE;
        }
        let f = &self.findings;
        let fails = match policy {
            FailOn::None => false,
            FailOn::Error => f.error > 0 || self.contradictions > 0,
            FailOn::Warning => f.error + f.warning > 0 || self.contradictions > 0,
            FailOn::Info => f.error + f.warning + f.info > 0 || self.contradictions > 0,
        };
        if fails { EXIT_FINDINGS } else { EXIT_CLEAN }
    }
}

#[cfg(test)]
mod tests;
