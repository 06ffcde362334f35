//! What every JSON lines report of a batch says of its files: a line for
//! a file that could not be read, one paifu failed on, one skipped, and
//! one before a damaged file's game; the summary's `inputs` (each file's
//! SHA-256 and its game's profile fingerprint). `formats/audit-report.md`
//! and `formats/review.md` give the keys.

use std::io::{self, Write};

use serde::Serialize;

use super::{Batch, BatchFile, FileOutcome, ImportFailure, Judged, SKIPPED_REASON, Sha256Digest};
use crate::event::Damage;

/// A file that could not be read or imported: the one-line error, then
/// its parts.
#[derive(Serialize)]
struct ImportErrorLine<'a> {
    file: &'a str,
    import_error: &'a str,
    format: Option<&'static str>,
    line: Option<u32>,
    byte: Option<u64>,
    expected: Option<&'a str>,
    found: Option<&'a str>,
}

impl<'a> ImportErrorLine<'a> {
    fn new(file: &'a str, e: &'a ImportFailure) -> Self {
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

/// A file found in a folder that is no game log.
#[derive(Serialize)]
struct SkippedLine<'a> {
    file: &'a str,
    skipped: &'static str,
}

/// A damaged file whose complete kyoku were saved: where the damage is, in
/// the form of an import error line.
#[derive(Serialize)]
struct DamageLine<'a> {
    file: &'a str,
    damaged: String,
    format: &'static str,
    line: Option<u32>,
    byte: Option<u64>,
    kyoku_saved: usize,
}

impl<'a> DamageLine<'a> {
    fn new(file: &'a str, damage: &Damage, kyoku_saved: usize) -> Self {
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

#[derive(Serialize)]
struct InternalErrorLine<'a> {
    file: &'a str,
    internal_error: &'a str,
}

/// What the summary's `inputs` says of one file.
#[derive(Serialize)]
pub(crate) struct InputLine<'a> {
    file: &'a str,
    sha256: Option<Sha256Digest>,
    profile_sha256: Option<Sha256Digest>,
}

/// Writes one JSON line.
pub(crate) fn line(out: &mut impl Write, value: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value).map_err(io::Error::from)?;
    out.write_all(b"\n")
}

/// Writes each file's lines in input order: a damaged file's damage line,
/// then its game's (`game`, given the file); or the line of a file
/// skipped, unreadable or failed on.
///
/// # Errors
///
/// The writer's.
pub(crate) fn write_files<T: Judged, W: Write>(
    batch: &Batch<T>,
    out: &mut W,
    mut game: impl FnMut(&BatchFile<T>, &T, &mut W) -> io::Result<()>,
) -> io::Result<()> {
    for f in &batch.files {
        match &f.outcome {
            FileOutcome::Game(g) => {
                if let Some(d) = g.damage() {
                    line(out, &DamageLine::new(&f.file, d, g.kyoku()))?;
                }
                game(f, g, out)?;
            }
            FileOutcome::Skipped => line(
                out,
                &SkippedLine {
                    file: &f.file,
                    skipped: SKIPPED_REASON,
                },
            )?,
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
    Ok(())
}

/// The summary's `inputs`: each file's SHA-256 as read and its game's
/// profile fingerprint, in input order.
pub(crate) fn inputs<T: Judged>(batch: &Batch<T>) -> Vec<InputLine<'_>> {
    batch
        .files
        .iter()
        .map(|f| InputLine {
            file: &f.file,
            sha256: f.sha256,
            profile_sha256: f.game().map(Judged::profile_sha256),
        })
        .collect()
}
