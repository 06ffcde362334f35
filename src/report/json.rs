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

use super::{Report, Summary};
use crate::batch::json::{InputLine, inputs, line, write_files};
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

/// Writes the JSON lines report.
///
/// # Errors
///
/// The writer's.
pub fn write_json(report: &Report, out: &mut impl Write) -> io::Result<()> {
    write_files(report, out, |f, g, out| {
        for finding in &g.audit.findings {
            line(out, &FindingLine::new(&f.file, &g.profile.name, finding))?;
        }
        Ok(())
    })?;
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
                inputs: inputs(report),
            },
        },
    )
}
