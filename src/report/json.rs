//! The JSON lines report, for programs. `formats/audit-report.md` is the
//! reference; this is the same contract.
//!
//! Every line is one JSON object. Lines come in input-file order, and
//! within a file in event order; the last line is the summary. There is no
//! header line: the profile and paifu's version are in the summary.
//!
//! **A finding** (one per line) has exactly these keys:
//!
//! | key | type | meaning |
//! |---|---|---|
//! | `file` | string | the path as given or found in a folder (`-`: standard input) |
//! | `kyoku` | string or null | the kyoku label, `E2-1` (round wind, kyoku number, counters); null outside a kyoku |
//! | `event` | integer | index of the event in the normalised stream (`paifu events`, counting from 0 after the `game` line) |
//! | `line` | integer or null | 1-based line of the (decompressed) source file; null when the format has no lines for it |
//! | `seat` | integer or null | the seat concerned, 0–3 counted from the first dealer |
//! | `rule` | string | the stable rule id (`FURITEN-RON`), described in `formats/rules.md` |
//! | `severity` | string | `error`, `warning` or `info` |
//! | `message` | string | one sentence |
//! | `expected` | string or null | the value the rules give, where values are compared |
//! | `recorded` | string or null | the value the log records |
//! | `citation` | string | the paragraph of the profile's rule book; empty when the book has none |
//! | `profile` | string | the name of the profile that judged the game |
//!
//! **A file that could not be read**: `{"file", "import_error", "format",
//! "line", "byte", "expected", "found"}`: the error in one line, then its
//! parts (null where unknown). **A file paifu failed on** (a bug):
//! `{"file": …, "internal_error": "…"}`. **A damaged file** whose complete
//! kyoku were saved and audited, before its findings: `{"file", "damaged",
//! "format", "line", "byte", "kyoku_saved"}` (the import error in one line,
//! where it is, the kyoku audited). **A file found in a folder that is
//! no game log**: `{"file": …, "skipped": "not a game log"}`.
//!
//! **The summary** (last line): `{"summary": {"files", "games", "kyoku",
//! "import_errors", "findings": {"error", "warning", "info"}, "by_rule":
//! {"RULE-ID": N, …}, "outcomes_checked", "outcomes_matching", …}}`, then
//! the extra keys `internal_errors`, `skipped`, `damaged`, `contradictions` (findings
//! contradicting a recorded outcome), `paifu` (the version), `rules`
//! (`auto` or the profile's name), `profiles` (`[{"name", "revision",
//! "book", "games"}]`), `notes` (`[{"file", "note"}]`: how `auto` chose and
//! adjusted each game's profile) and `inputs` (`[{"file", "sha256",
//! "profile_sha256"}]`: each input's SHA-256 as read and its game's profile
//! fingerprint, in input order). An outcome is one win or draw whose
//! claimed result was compared.

use std::io::{self, Write};

use serde::Serialize;

use super::{
    FileOutcome, FileReport, ImportFailure, Report, SKIPPED_REASON, Sha256Digest, Summary,
};
use crate::engine::{Finding, RuleId, Severity};
use crate::event::Seat;

/// One finding line.
#[derive(Serialize)]
struct FindingLine<'a> {
    file: &'a str,
    kyoku: Option<&'a str>,
    event: usize,
    line: Option<u32>,
    seat: Option<Seat>,
    rule: RuleId,
    severity: Severity,
    message: &'a str,
    expected: Option<&'a str>,
    recorded: Option<&'a str>,
    citation: &'a str,
    profile: &'a str,
}

impl<'a> FindingLine<'a> {
    fn new(file: &'a str, profile: &'a str, f: &'a Finding) -> Self {
        Self {
            file,
            kyoku: f.kyoku.as_deref(),
            event: f.event,
            line: f.src.line,
            seat: f.seat,
            rule: f.rule,
            severity: f.severity,
            message: &f.message,
            expected: f.expected.as_deref(),
            recorded: f.recorded.as_deref(),
            citation: f.citation,
            profile,
        }
    }
}

/// A file that could not be read or imported: the one-line error, then
/// its parts. Shared with the review's JSON lines.
#[derive(Serialize)]
pub(crate) struct ImportErrorLine<'a> {
    file: &'a str,
    import_error: &'a str,
    format: Option<&'static str>,
    line: Option<u32>,
    byte: Option<u64>,
    expected: Option<&'a str>,
    found: Option<&'a str>,
}

impl<'a> ImportErrorLine<'a> {
    pub(crate) fn new(file: &'a str, e: &'a ImportFailure) -> Self {
        Self {
            file,
            import_error: &e.message,
            format: e.format.map(crate::event::Format::name),
            line: e.line,
            byte: e.byte,
            expected: e.expected.as_deref(),
            found: e.found.as_deref(),
        }
    }
}

/// A file found in a folder that is no game log. Shared with the review.
#[derive(Serialize)]
pub(crate) struct SkippedLine<'a> {
    file: &'a str,
    skipped: &'static str,
}

impl<'a> SkippedLine<'a> {
    pub(crate) const fn new(file: &'a str) -> Self {
        Self {
            file,
            skipped: SKIPPED_REASON,
        }
    }
}

/// A damaged file whose complete kyoku were saved: where the damage is, in
/// the form of an import error line. Shared with the review.
#[derive(Serialize)]
pub(crate) struct DamageLine<'a> {
    file: &'a str,
    damaged: String,
    format: &'static str,
    line: Option<u32>,
    byte: Option<u64>,
    kyoku_saved: usize,
}

impl<'a> DamageLine<'a> {
    pub(crate) fn new(file: &'a str, damage: &crate::event::Damage, kyoku_saved: usize) -> Self {
        Self {
            file,
            damaged: damage.to_string(),
            format: damage.format.name(),
            line: damage.location.line,
            byte: damage.location.byte,
            kyoku_saved,
        }
    }
}

/// What the summary's `inputs` says of one file. Shared with the review.
#[derive(Serialize)]
pub(crate) struct InputLine<'a> {
    file: &'a str,
    sha256: Option<Sha256Digest>,
    profile_sha256: Option<Sha256Digest>,
}

impl<'a> InputLine<'a> {
    pub(crate) const fn new(
        file: &'a str,
        sha256: Option<Sha256Digest>,
        profile_sha256: Option<Sha256Digest>,
    ) -> Self {
        Self {
            file,
            sha256,
            profile_sha256,
        }
    }
}

#[derive(Serialize)]
struct InternalErrorLine<'a> {
    file: &'a str,
    internal_error: &'a str,
}

#[derive(Serialize)]
struct Note<'a> {
    file: &'a str,
    note: &'a str,
}

#[derive(Serialize)]
struct SummaryBody<'a> {
    #[serde(flatten)]
    summary: &'a Summary,
    notes: Vec<Note<'a>>,
    inputs: Vec<InputLine<'a>>,
}

#[derive(Serialize)]
struct SummaryLine<'a> {
    summary: SummaryBody<'a>,
}

/// Writes one JSON line. Shared with the review.
pub(crate) fn line(out: &mut impl Write, value: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value).map_err(io::Error::from)?;
    out.write_all(b"\n")
}

/// Writes the JSON lines report.
///
/// # Errors
///
/// The writer's.
pub fn write_json(report: &Report, out: &mut impl Write) -> io::Result<()> {
    for f in &report.files {
        match &f.outcome {
            FileOutcome::Audited(g) => {
                if let Some(d) = &g.damage {
                    line(out, &DamageLine::new(&f.file, d, g.audit.kyoku))?;
                }
                for finding in &g.audit.findings {
                    line(out, &FindingLine::new(&f.file, &g.profile.name, finding))?;
                }
            }
            FileOutcome::Skipped(_) => line(out, &SkippedLine::new(&f.file))?,
            FileOutcome::ImportError(e) => line(out, &ImportErrorLine::new(&f.file, e))?,
            FileOutcome::InternalError(e) => line(
                out,
                &InternalErrorLine {
                    file: &f.file,
                    internal_error: e,
                },
            )?,
        }
    }
    write_json_summary(report, out)
}

/// Writes the summary line only: the JSON report of `--quiet`.
///
/// # Errors
///
/// The writer's.
pub fn write_json_summary(report: &Report, out: &mut impl Write) -> io::Result<()> {
    let summary = report.summary();
    let notes = report
        .games()
        .flat_map(|(file, g)| g.notes.iter().map(move |note| Note { file, note }))
        .collect();
    line(
        out,
        &SummaryLine {
            summary: SummaryBody {
                summary: &summary,
                notes,
                inputs: report.files.iter().map(input).collect(),
            },
        },
    )
}

fn input(f: &FileReport) -> InputLine<'_> {
    let profile = if let FileOutcome::Audited(g) = &f.outcome {
        Some(g.profile_sha256)
    } else {
        None
    };
    InputLine::new(&f.file, f.outcome.sha256(), profile)
}
