//! What every text report of a batch says of its files: per file a
//! heading with the SHA-256 of its bytes, then its game (the command's
//! own) or why there is none; then the files skipped as no game logs.

use std::io::{self, Write};

use super::{Batch, FileOutcome, SKIPPED_REASON, Sha256Digest, Tally};

/// Writes each file that is not skipped, in input order (`game` writes a
/// game's part), then the list of skipped files.
///
/// # Errors
///
/// The writer's.
pub fn write_files<T, W: Write>(
    batch: &Batch<T>,
    out: &mut W,
    mut game: impl FnMut(&T, &mut W) -> io::Result<()>,
) -> io::Result<()> {
    for f in &batch.files {
        if matches!(f.outcome, FileOutcome::Skipped) {
            continue;
        }
        writeln!(out)?;
        writeln!(out, "== {}", f.file)?;
        file_sha256(f.sha256, out)?;
        match &f.outcome {
            FileOutcome::Game(g) => game(g, out)?,
            FileOutcome::ImportError(e) => writeln!(out, "   import error: {}", e.message)?,
            FileOutcome::InternalError(e) => writeln!(
                out,
                "   internal error in {}: {e} (a bug in paifu: please report it)",
                f.file
            )?,
            FileOutcome::Skipped => {}
        }
    }
    skipped_list(batch.skipped(), out)
}

/// A count the summary line of a batch names only when it is not zero,
/// after the internal errors (each report keeps its own order).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RareCount {
    /// Files damaged part-way.
    Damaged,
    /// Files skipped as no game logs.
    Skipped,
}

/// The counts a batch's summary opens with, after the report's own lead:
/// files, games, `kyoku` and import errors always, then internal errors
/// and each of `rare`, in that order, when there were any.
///
/// # Errors
///
/// The writer's.
pub fn write_counts<W: Write + ?Sized>(
    out: &mut W,
    tally: &Tally,
    kyoku: usize,
    rare: &[RareCount],
) -> io::Result<()> {
    write!(
        out,
        "files {}, games {}, kyoku {kyoku}, import errors {}",
        tally.files, tally.games, tally.import_errors
    )?;
    let rare = rare.iter().map(|r| match r {
        RareCount::Damaged => ("damaged", tally.damaged),
        RareCount::Skipped => ("skipped", tally.skipped),
    });
    for (name, n) in [("internal errors", tally.internal_errors)]
        .into_iter()
        .chain(rare)
        .filter(|(_, n)| *n > 0)
    {
        write!(out, ", {name} {n}")?;
    }
    Ok(())
}

/// The line naming the SHA-256 of a file's bytes as read.
fn file_sha256(sha256: Option<Sha256Digest>, out: &mut impl Write) -> io::Result<()> {
    match sha256 {
        Some(h) => writeln!(out, "   file sha256 {h}"),
        None => writeln!(out, "   file sha256 unknown"),
    }
}

/// How many skipped files the text report names before it only counts
/// them: a folder of fixtures beside the logs would bury the summary.
const SKIPPED_NAMED: usize = 10;

/// The files skipped as no game logs, one line each, in input order; past
/// [`SKIPPED_NAMED`] the rest are counted (the JSON report names each one).
fn skipped_list<'a>(files: impl Iterator<Item = &'a str>, out: &mut impl Write) -> io::Result<()> {
    let files: Vec<&str> = files.collect();
    if files.is_empty() {
        return Ok(());
    }
    writeln!(out)?;
    writeln!(out, "skipped ({SKIPPED_REASON}, found in a folder)")?;
    // Naming all but one would save nothing: the count takes a line too.
    let named = if files.len() > SKIPPED_NAMED + 1 {
        SKIPPED_NAMED
    } else {
        files.len()
    };
    for file in &files[..named] {
        writeln!(out, "   {file}")?;
    }
    if named < files.len() {
        writeln!(
            out,
            "   … and {} more (`--format json` names every one)",
            files.len() - named
        )?;
    }
    Ok(())
}
