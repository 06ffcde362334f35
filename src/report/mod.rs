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
//!
//! [`wall`] is `paifu wall`'s: each kyoku's wall, and the salted digests
//! that commit to the walls.

mod dashboard;
pub(crate) mod json;
mod outcomes;
pub(crate) mod text;
pub mod wall;

use std::collections::BTreeMap;

use serde::Serialize;

use crate::batch::{
    Batch, BatchFile, EXIT_CLEAN, EXIT_FINDINGS, EXIT_UNREADABLE, Judged, Sha256Digest,
    profile_fingerprint,
};
use crate::engine::{Audit, RuleId, Severity, audit};
use crate::event::{Damage, Format, GameLog};
use crate::rules::{AutoRules, Book, Rules, RulesChoice};

pub use dashboard::{LISTED, OPEN, write_html, write_html_summary};
pub use json::{write_json, write_json_summary};
pub use outcomes::Outcomes;
pub use text::{write_text, write_text_summary};

/// paifu's version, stated in every report.
pub const PAIFU_VERSION: &str = env!("CARGO_PKG_VERSION");

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

/// The audit of one game.
#[derive(Clone, PartialEq, Debug)]
pub struct GameReport {
    /// The log's format.
    pub format: Format,
    /// Players at the table.
    pub seats: u8,
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
        profile: Profile::of(&rules),
        profile_sha256: profile_fingerprint(&rules),
        notes,
        damage: log.meta.damage.clone(),
        outcomes: Outcomes::of(log, &audit),
        audit,
    }
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

/// A batch audited: one entry per input file, in input order.
pub type Report = Batch<GameReport>;

/// One input file and its audit, or why there is none.
pub type FileReport = BatchFile<GameReport>;

impl Judged for GameReport {
    fn profile_sha256(&self) -> Sha256Digest {
        self.profile_sha256
    }

    fn damage(&self) -> Option<&Damage> {
        self.damage.as_ref()
    }

    fn kyoku(&self) -> usize {
        self.audit.kyoku
    }
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
    /// The totals.
    #[must_use]
    pub fn summary(&self) -> Summary {
        let tally = self.tally();
        let mut s = Summary {
            files: tally.files,
            games: tally.games,
            kyoku: 0,
            import_errors: tally.import_errors,
            findings: SeverityCounts::default(),
            by_rule: BTreeMap::new(),
            outcomes_checked: 0,
            outcomes_matching: 0,
            internal_errors: tally.internal_errors,
            skipped: tally.skipped,
            damaged: tally.damaged,
            contradictions: 0,
            paifu: PAIFU_VERSION,
            rules: self.rules.clone(),
            profiles: Vec::new(),
            outcomes: Outcomes::default(),
        };
        let mut profiles: BTreeMap<(&str, u32), (Book, usize)> = BTreeMap::new();
        for (_, g) in self.games() {
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
