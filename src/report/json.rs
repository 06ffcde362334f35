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
//! **A file that could not be read**: `{"file": …, "import_error": "…"}`.
//! **A file paifu failed on** (a bug): `{"file": …, "internal_error": "…"}`.
//!
//! **The summary** (last line): `{"summary": {"files", "games", "kyoku",
//! "import_errors", "findings": {"error", "warning", "info"}, "by_rule":
//! {"RULE-ID": N, …}, "outcomes_checked", "outcomes_matching", …}}`, then
//! the extra keys `internal_errors`, `paifu` (the version), `rules` (`auto`
//! or the profile's name), `profiles` (`[{"name", "revision", "book",
//! "games"}]`) and `notes` (`[{"file", "note"}]`: how `auto` chose and
//! adjusted each game's profile). An outcome is one win or draw whose
//! claimed result was compared.

use std::io::{self, Write};

use serde::Serialize;

use super::{FileOutcome, Report, Summary};
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

#[derive(Serialize)]
struct ImportErrorLine<'a> {
    file: &'a str,
    import_error: &'a str,
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
}

#[derive(Serialize)]
struct SummaryLine<'a> {
    summary: SummaryBody<'a>,
}

fn line(out: &mut impl Write, value: &impl Serialize) -> io::Result<()> {
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
                for finding in &g.audit.findings {
                    line(out, &FindingLine::new(&f.file, &g.profile.name, finding))?;
                }
            }
            FileOutcome::ImportError(e) => line(
                out,
                &ImportErrorLine {
                    file: &f.file,
                    import_error: e,
                },
            )?,
            FileOutcome::InternalError(e) => line(
                out,
                &InternalErrorLine {
                    file: &f.file,
                    internal_error: e,
                },
            )?,
        }
    }
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
            },
        },
    )
}
